/*
 * tickdata.c - a uniform sample of the timings, for the tick rule.
 */
#include "tickdata.h"

#include <math.h>
#include <stdlib.h>

#include "tick.h"

void tickdata_init(struct tickdata *td)
{
	td->kept = 0;
	td->seen = 0;
	td->inexact = 0;
	for (size_t d = 0; d < TICKDATA_DECADES; d++)
		td->finest[d] = TICKDATA_NO_DIGIT;
}

/* The decade of m * 10^e (m > 0) as an index into finest, or -1 beyond. */
static int decade_of(uint64_t m, int e)
{
	int digits = 1;
	for (uint64_t p = 10; digits < 20 && m >= p; p *= 10)
		digits++;
	long d = (long)digits - 1 + e + TICKDATA_DECADE_BIAS;
	return d >= 0 && d < TICKDATA_DECADES ? (int)d : -1;
}

void tickdata_offer(struct tickdata *td, uint64_t m, int e, gsl_rng *rng)
{
	if (m == 0)
		return;
	int d = decade_of(m, e);
	if (d >= 0 && e < td->finest[d])
		td->finest[d] = (int16_t)e;
	td->seen++;
	size_t j = td->kept;
	if (td->kept == TICKDATA_KEEP) {
		j = gsl_rng_uniform_int(rng, td->seen < 4294967295u ? (unsigned long)td->seen
								  : 4294967295ul);
		if (j >= TICKDATA_KEEP)
			return;
	} else {
		td->kept++;
	}
	td->m[j] = m;
	td->e[j] = (int16_t)e;
}

void tickdata_offer_inexact(struct tickdata *td)
{
	td->inexact = 1;
}

/* m * 10^k, or 0 if it does not fit 64 bits. */
static uint64_t scale_up(uint64_t m, int k)
{
	for (; k > 0; k--) {
		if (m > UINT64_MAX / 10)
			return 0;
		m *= 10;
	}
	return m;
}

/* The rule and its tolerance for strays are collect's own (tick.h). */
uint64_t tickdata_tick(const struct tickdata *td, int *e)
{
	*e = 0;
	if (td->kept == 0 || td->inexact)
		return 0;
	int e_min = td->e[0];
	for (size_t i = 1; i < td->kept; i++)
		e_min = td->e[i] < e_min ? td->e[i] : e_min;
	uint64_t *v = malloc(td->kept * sizeof *v);
	if (v == NULL)
		return 0;
	uint64_t g = 0;
	size_t i;
	for (i = 0; i < td->kept; i++)
		if ((v[i] = scale_up(td->m[i], td->e[i] - e_min)) == 0)
			break;
	if (i == td->kept)
		g = tick_from_differences(v, td->kept);
	free(v);
	*e = e_min;
	return g;
}

double tickdata_digit_at(const struct tickdata *td, double v)
{
	if (!(v > 0) || isinf(v))
		return 0;
	long d = (long)floor(log10(v)) + TICKDATA_DECADE_BIAS;
	if (d < 0 || d >= TICKDATA_DECADES || td->finest[d] == TICKDATA_NO_DIGIT)
		return 0;
	return pow(10, td->finest[d]);
}
