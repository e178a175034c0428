/*
 * tickdata.c - majority gcd over a sample of the timings.
 */
#include "tickdata.h"

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t r = a % b;
		a = b;
		b = r;
	}
	return a;
}

void tickdata_init(struct tickdata *td)
{
	td->kept = 0;
	td->seen = 0;
}

void tickdata_offer(struct tickdata *td, uint64_t t, gsl_rng *rng)
{
	if (t == 0)
		return;
	td->seen++;
	if (td->kept < TICKDATA_KEEP) {
		td->v[td->kept++] = t;
		return;
	}
	uint64_t j = gsl_rng_uniform_int(rng, td->seen < 4294967295u ? (unsigned long)td->seen : 4294967295ul);
	if (j < TICKDATA_KEEP)
		td->v[j] = t;
}

/*
 * A candidate g qualifies when it divides 3/4 of the sample; the gcd of
 * the values it divides is the largest value with the same support.
 * Candidates: gcds of neighbouring values in the sample (a pair of
 * multiples of the tick has gcd equal to the tick with probability 6/pi^2)
 * over a stride that keeps the work near 64 x kept.
 */
uint64_t tickdata_tick(const struct tickdata *td)
{
	size_t n = td->kept, stride = n / 64 + 1;
	uint64_t all = 0, best = 0;
	for (size_t i = 0; i < n; i++)
		all = gcd_u64(all, td->v[i]);
	for (size_t i = 0; i + 1 < n; i += stride) {
		uint64_t c = gcd_u64(td->v[i], td->v[i + 1]), g = 0;
		size_t hits = 0;
		if (c <= all)
			continue;
		for (size_t j = 0; j < n; j++)
			if (td->v[j] % c == 0) {
				hits++;
				g = gcd_u64(g, td->v[j]);
			}
		if (4 * hits >= 3 * n && g > best)
			best = g;
	}
	return best > all ? best : all;
}
