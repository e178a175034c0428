/*
 * tick.c - majority-rule gcd of clock differences.
 */
#include "tick.h"

uint64_t tick_gcd(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t r = a % b;
		a = b;
		b = r;
	}
	return a;
}

uint64_t tick_difference(uint64_t a, uint64_t b, unsigned width)
{
	uint64_t mask = width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
	return (b - a) & mask;
}

/* How many of the n differences g divides, and the gcd of those. */
static size_t support(const uint64_t *d, size_t n, uint64_t g,
		      uint64_t *gcd_of_multiples)
{
	size_t hits = 0;
	uint64_t acc = 0;
	for (size_t j = 0; j < n; j++) {
		if (d[j] % g == 0) {
			hits++;
			acc = tick_gcd(acc, d[j]);
		}
	}
	*gcd_of_multiples = acc;
	return hits;
}

/*
 * Candidates are every difference and the gcd of every adjacent pair.  The
 * true tick T divides most differences, and the gcd of two of them that are
 * T * a and T * b with a, b coprime (probability 6/pi^2 for spread values)
 * is T itself, so T is among the candidates.  For a candidate c, the gcd of
 * all differences c divides is the largest value with the same support.
 * O(n^2): n is a few hundred.
 */
uint64_t tick_from_differences(const uint64_t *d, size_t n)
{
	uint64_t best = 0, all = 0;

	for (size_t i = 0; i < n; i++)
		all = tick_gcd(all, d[i]);
	for (size_t i = 0; i < n; i++) {
		uint64_t cand[2] = { d[i], tick_gcd(d[i], d[(i + 1) % n]) };
		for (int k = 0; k < 2; k++) {
			uint64_t g;
			if (cand[k] == 0 || cand[k] == all)
				continue;
			size_t hits = support(d, n, cand[k], &g);
			if (hits * TICK_MAJORITY_DEN >= n * TICK_MAJORITY_NUM &&
			    g > best)
				best = g;
		}
	}
	return best > all ? best : all;
}

size_t tick_differences(const uint64_t *readings, size_t n, unsigned width,
			uint64_t *out)
{
	size_t m = 0;
	for (size_t i = 1; i < n; i++) {
		uint64_t d = tick_difference(readings[i - 1], readings[i], width);
		if (d != 0)
			out[m++] = d;
	}
	return m;
}
