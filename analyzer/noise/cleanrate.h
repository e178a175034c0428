/*
 * cleanrate.h - a random source's rate from the points whose median run
 * is clean at that rate: where r t > ln 2, half a point's runs or more
 * hold an interruption, its median holds one, and the jitter's scale
 * taken from it (jitter.h) is no jitter's: the runs above its threshold
 * are those that hold more than most, not those that hold one.
 */
#ifndef SUBTICK_CLEANRATE_H
#define SUBTICK_CLEANRATE_H

#include <stddef.h>

#include "rates.h"

/* Points from the shortest on (by mean clean length), each taken while
 * the rate of those before (rate_of_hits) leaves its median clean; the
 * others' exposures are zeroed.  Returns the rate of those taken, and
 * their running time in *time. */
double clean_rate(struct exposure *e, size_t np, double *time);

#endif /* SUBTICK_CLEANRATE_H */
