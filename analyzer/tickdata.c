/*
 * tickdata.c - a uniform sample of the timings, for the tick rule.
 */
#include "tickdata.h"

#include "tick.h"

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

/* The rule and its tolerance for strays are collect's own (tick.h). */
uint64_t tickdata_tick(const struct tickdata *td)
{
	return tick_from_differences(td->v, td->kept);
}
