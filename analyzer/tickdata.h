/*
 * tickdata.h - the clock's tick from the timings themselves, when no header
 * gives it: every timing is end - start of two readings, so a multiple of
 * the tick (Krutar 1998), but for rare strays.
 */
#ifndef SUBTICK_TICKDATA_H
#define SUBTICK_TICKDATA_H

#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

#define TICKDATA_KEEP 2048

struct tickdata {
	uint64_t v[TICKDATA_KEEP];	/* a uniform sample of nonzero timings */
	size_t kept;
	uint64_t seen;
};

void tickdata_init(struct tickdata *td);

/* Offer one integer timing (reservoir sampling keeps a uniform sample). */
void tickdata_offer(struct tickdata *td, uint64_t t, gsl_rng *rng);

/* The tick of the kept timings by tick.h's rule (the largest value that at
 * least 3/4 of them are multiples of, within a tolerance); 0 if none were
 * kept. */
uint64_t tickdata_tick(const struct tickdata *td);

#endif /* SUBTICK_TICKDATA_H */
