/*
 * tickdata.c - a uniform sample of the timings, for the tick rule.
 */
#include "tickdata.h"

#include <stdlib.h>

#include "tick.h"

void tickdata_init(struct tickdata *td)
{
	td->kept = 0;
	td->seen = 0;
	td->inexact = 0;
}

void tickdata_offer(struct tickdata *td, uint64_t m, int e, gsl_rng *rng)
{
	if (m == 0)
		return;
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
