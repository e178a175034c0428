/*
 * pass.h - the one pass over the spooled samples after the fit.  Five
 * parts read every sample against the fit or the per-N minima, and none
 * needs another's result: the blocks' minima (fit/blocks.h), the excess
 * histogram (noise/excess.h), the speed windows (noise/speedstates.h),
 * the sample of runs the diagnosis is fitted on (noise/runs.h) and where
 * each N's minimum was taken (fit/order.h).  The samples are read back
 * twice, side by side where there are two cores: once for the excess
 * histogram, the costliest, and once for the other four (spool_reader),
 * and handed on a batch at a time to each (a call per batch, not per
 * sample); each part takes them in their order, as it would alone.
 */
#ifndef SUBTICK_PASS_H
#define SUBTICK_PASS_H

#include <stddef.h>
#include <stdint.h>

struct analysis;

/* Fills a->blocks (where the samples have start times and enough runs),
 * a->excess_cfg and a->excess, a->diag.speed, a->diag.taker and a->order.  The samples skip[0..nskip) (n, t: clock glitches left out of
 * the fit) are left out of the blocks.  Returns 0, or -1 (errno: the
 * samples could not be read back, or memory ran out). */
int analysis_pass(struct analysis *a, const uint64_t *skip_n, const double *skip_t,
		  size_t nskip);

#endif /* SUBTICK_PASS_H */
