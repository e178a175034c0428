// gbench_kernels - the peer in bench/: Google Benchmark timing the same
// kernels as collect (the count loop with the same loop-carried
// dependency, memcpy between buffers allocated once and warmed) over an N
// list given at run time, with Complexity(oN) for the cost per unit.
//
//   gbench_kernels --n 1000,2000,... [google benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

void count_kernel(benchmark::State &state)
{
	const uint64_t n0 = static_cast<uint64_t>(state.range(0));
	for (auto _ : state) {
		uint64_t n = n0;
		while (n != 0) {
			__asm__ volatile("" : "+r"(n));	// as collector/kernel_count.c
			n--;
		}
	}
	state.SetComplexityN(state.range(0));
}

struct buffers {
	std::vector<unsigned char> src, dst;
};

buffers *copy_buffers;

void memcpy_kernel(benchmark::State &state)
{
	const size_t n = static_cast<size_t>(state.range(0));
	unsigned char *dst = copy_buffers->dst.data();
	const unsigned char *src = copy_buffers->src.data();
	for (auto _ : state) {
		std::memcpy(dst, src, n);
		benchmark::DoNotOptimize(dst);
		benchmark::ClobberMemory();
	}
	state.SetComplexityN(state.range(0));
}

std::vector<int64_t> parse_list(const char *s)
{
	std::vector<int64_t> v;
	std::string cur;
	for (const char *p = s;; p++) {
		if (*p == ',' || *p == '\0') {
			if (!cur.empty())
				v.push_back(std::strtoll(cur.c_str(), nullptr, 10));
			cur.clear();
			if (*p == '\0')
				break;
		} else {
			cur += *p;
		}
	}
	return v;
}

} // namespace

int main(int argc, char **argv)
{
	std::vector<int64_t> ns;
	std::vector<char *> rest;
	for (int i = 0; i < argc; i++) {
		if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc)
			ns = parse_list(argv[++i]);
		else
			rest.push_back(argv[i]);
	}
	if (ns.empty()) {
		std::fprintf(stderr, "gbench_kernels: --n LIST is required\n");
		return 2;
	}
	int64_t n_max = 0;
	for (int64_t n : ns)
		n_max = n > n_max ? n : n_max;
	buffers b;
	b.src.assign(static_cast<size_t>(n_max) + 64, 7);
	b.dst.assign(static_cast<size_t>(n_max) + 64, 0);
	std::memcpy(b.dst.data(), b.src.data(), b.src.size());	// warm
	copy_buffers = &b;

	auto *c = benchmark::RegisterBenchmark("count", count_kernel);
	auto *m = benchmark::RegisterBenchmark("memcpy", memcpy_kernel);
	for (int64_t n : ns) {
		c->Arg(n);
		m->Arg(n);
	}
	c->Complexity(benchmark::oN);
	m->Complexity(benchmark::oN);
	int rargc = static_cast<int>(rest.size());
	benchmark::Initialize(&rargc, rest.data());
	benchmark::RunSpecifiedBenchmarks();
	benchmark::Shutdown();
	return 0;
}
