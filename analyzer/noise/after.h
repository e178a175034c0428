/*
 * after.h - runs slowed after a periodic source's marks.
 *
 * An interruption may leave the machine slower for a while after it: its
 * handler evicted the caches and the TLB, and the runs that follow pay to
 * refill them.  Those runs are no interruption of their own: several in a
 * row come out a little slow after each mark, at a lag from it, not at
 * marks of a period.  Named by the period search, they came out as a
 * source at the period (or at a multiple of it, where only some marks
 * showed them above the jitter), or as bursts, or in the random rest,
 * differently from one collection to the next of the same machine (this
 * Intel guest: runs 0.1 to 0.2 us slower in the 0.2 ms after each of the
 * host's 10 ms marks, in 5 of 5 quiet collections).
 *
 * The test: the sample's runs shorter than half the period, that hold no
 * mark of the source, ordered by their start's lag after its last mark
 * (less than half the period); the share of them that are events left
 * (above their threshold, no source's; all, or those of each two octaves
 * of cost, as the period search has them) in the first L of lag against
 * the rest, a binomial likelihood ratio at each L of a geometric scale (four
 * a doubling, from half the period down to the shortest run).  The window
 * is the L whose ratio is largest where the share within is the higher;
 * it is named where the chance of so large a ratio under one share for
 * all, at any L tried (chi-square of one degree, halved: one side;
 * Bonferroni over the L, the bands and the sources tried), and where it
 * holds more events than one a mark (what another source's
 * interruptions at a lag after these marks give: the sample's share of
 * the marks) and the share beyond it at random would, by a Poisson
 * bound, is below MODEL_CLAIM_P.
 */
#ifndef SUBTICK_AFTER_H
#define SUBTICK_AFTER_H

#include <stddef.h>

#include "sources.h"

/* Lags tried a doubling (the window is known within 2^(1/4), 19%). */
#define AFTER_STEPS_PER_DOUBLING 4

struct after_window {
	int found;
	double length;		/* L, clock units: from the mark */
	double log10_p;		/* the chance of one as strong, log10
				 * (the tries counted) */
	size_t runs, events;	/* within it */
	double share_within, share_beyond;
	double cost_lo, cost_hi;	/* the events' costs it holds */
};

/* Of source s (periodic) among the events ev (those left have source
 * < 0), its chance taken `tries` times over (the sources tried).
 * Returns 0, or -1 when out of memory. */
int after_window_of(const struct source_config *c, const struct model_event *ev, size_t n,
		    const struct source *s, double tries, struct after_window *out);

/* A periodic source of its own found before j (out's index), at j's
 * period, whose marks' window reaches within length of j's marks (its
 * window of runs slowed after): those runs, stronger by their number than j's own
 * interruptions, one a mark (the host's 10 ms stops, 37 us, and runs
 * slowed for 0.4 ms after them, 7% of them, the marks fitted to the
 * slowed runs 0.19 ms in: "every 9.999 ms, 1.2 us each" beside "every
 * 10 ms, 191.6 us before its marks").  Its index, or out->count where
 * none. */
size_t after_inside(const struct model_event *ev, size_t n, const struct sources *out, size_t j,
		    double length);

#endif /* SUBTICK_AFTER_H */
