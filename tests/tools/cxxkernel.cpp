// cxxkernel.cpp - a user kernel written in C++ (std::vector,
// std::accumulate), loaded by collect by its plain name: SUBTICK_KERNEL
// gives it C linkage (tests/cli/cxx_kernel.sh).
#include <cstdint>
#include <new>
#include <numeric>
#include <vector>

#include "subtick/kernel.h"

SUBTICK_KERNEL(cxxsum);

namespace {
struct state {
	std::vector<double> x;
	double result = 0;
};
}

int cxxsum_setup(uint64_t n_max, void **ctx)
{
	state *s = new (std::nothrow) state;
	if (s == nullptr)
		return -1;
	try {
		s->x.assign(n_max + 1, 1.0);
	} catch (...) {
		delete s;
		return -1;
	}
	*ctx = s;
	return 0;
}

void cxxsum(uint64_t n, void *ctx)
{
	state *s = static_cast<state *>(ctx);
	s->result = std::accumulate(s->x.begin(), s->x.begin() + static_cast<std::ptrdiff_t>(n), 0.0);
	subtick_keep_memory(&s->result);
}

int cxxsum_check(uint64_t n, void *ctx)
{
	return static_cast<state *>(ctx)->result == static_cast<double>(n) ? 0 : 1;
}

void cxxsum_teardown(void *ctx)
{
	delete static_cast<state *>(ctx);
}
