// gbench_kernels - the peer in bench/: Google Benchmark timing the same
// kernels as collect (the count loop with the same loop-carried
// dependency, memcpy between buffers allocated once and warmed) over an N
// list given at run time, with Complexity(oN) for the cost per unit.
// --variants adds the count loop under every kind of name Google
// Benchmark gives variants of one function (analyze must never pool
// them): count_by/N/K (N/K iterations), count/N/threads:T,
// count/N/real_time, count/N/min_time:0.010, count_named/n:N (ArgName),
// a template's name with a comma, and running_mean/N (a name that ends
// like an aggregate's).
//
//   gbench_kernels --n 1000,2000,... [--variants] [google benchmark flags]
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

// N / K iterations of the count loop: variants K = 1 and 8 differ 8-fold.
void count_by_kernel(benchmark::State &state)
{
	const uint64_t n0 = static_cast<uint64_t>(state.range(0) / state.range(1));
	for (auto _ : state) {
		uint64_t n = n0;
		while (n != 0) {
			__asm__ volatile("" : "+r"(n));
			n--;
		}
	}
}

template <typename T, int K> void count_template(benchmark::State &state)
{
	count_kernel(state);
}

void register_variants(const std::vector<int64_t> &ns)
{
	auto *by = benchmark::RegisterBenchmark("count_by", count_by_kernel);
	auto *threads = benchmark::RegisterBenchmark("count", count_kernel);
	auto *real = benchmark::RegisterBenchmark("count", count_kernel);
	auto *min_time = benchmark::RegisterBenchmark("count", count_kernel);
	auto *named = benchmark::RegisterBenchmark("count_named", count_kernel);
	auto *templ = benchmark::RegisterBenchmark("count_template<int, 2>",
						   count_template<int, 2>);
	auto *mean = benchmark::RegisterBenchmark("running_mean", count_kernel);
	for (int64_t n : ns) {
		by->Args({ n, 1 })->Args({ n, 8 });
		for (auto *b : { threads, real, min_time, named, templ, mean })
			b->Arg(n);
	}
	threads->Threads(1)->Threads(2);
	real->UseRealTime();
	min_time->MinTime(0.01);
	named->ArgName("n");
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
	bool variants = false;
	for (int i = 0; i < argc; i++) {
		if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc)
			ns = parse_list(argv[++i]);
		else if (std::strcmp(argv[i], "--variants") == 0)
			variants = true;
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
	if (variants)
		register_variants(ns);
	int rargc = static_cast<int>(rest.size());
	benchmark::Initialize(&rargc, rest.data());
	benchmark::RunSpecifiedBenchmarks();
	benchmark::Shutdown();
	return 0;
}
