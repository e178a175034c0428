/*
 * watch.h - the collection watched as it goes: each kernel's least-values
 * line and its bounds, fitted between sweeps from what the sweeps wrote
 * (lvstate.h: the code analyze runs on the whole stream), for collect
 * --until (stop once the bounds are narrow enough) and the progress line
 * (the unit cost so far, the width of its bounds and their trend).
 *
 * Nothing of it runs inside a sweep but watch_record, which copies a
 * sample into room taken before sampling: no allocation, no I/O.  Between
 * sweeps the samples are folded in, and a fit is made when the last one
 * is long enough ago (WATCH_FIT_EVERY_NS, and ten times what a fit costs,
 * so that fitting takes at most a tenth of the time).
 */
#ifndef SUBTICK_WATCH_H
#define SUBTICK_WATCH_H

#include <stddef.h>
#include <stdint.h>

#include "lvstate.h"
#include "trend.h"

#define WATCH_FIT_EVERY_NS 200000000u
#define WATCH_REPLICATES 200
/* --until is reached only where every N of every kernel has this many
 * runs: fewer (analyze warns `few runs`) and the minima may not have
 * reached their floor, whatever the width of the bounds. */
#define WATCH_RUNS_MIN 5

struct watch {
	int active;			/* --until or a progress line */
	unsigned kernels;
	double until;			/* wanted (hi - lo) / unit cost; 0: none */
	struct lvstate lv[2];
	uint64_t *fold_n[2], *fold_t[2];	/* this sweep's samples */
	size_t fold_count[2], fold_cap;
	uint64_t start_ns, last_fit_ns, fit_cost_ns;
	struct lvstate_fit fit[2];
	int have_fit;
	double reached;			/* the widest relative width of the
					 * last fit (INFINITY: none yet) */
	int runs_enough;		/* every N of the last fit has
					 * WATCH_RUNS_MIN runs */
	/* the widest width against the samples, fit by fit: whether it
	 * still falls, and the time to --until at its pace */
	struct trend trend;
	/* --until: the samples at the first fit of an unbroken series whose
	 * fifths drifted apart by more than the target (0: none) */
	double drift_since;
	int drifted;			/* the drift held (watch_sweep's 2) */
};

/* sweep_max: samples of a kernel in one sweep at most.  Returns 0, or -1
 * when out of memory.  Inactive (nothing kept) unless until > 0 or
 * progress. */
int watch_init(struct watch *w, unsigned kernels, size_t sweep_max, double tick,
	       double until, int progress, uint64_t now_ns);

/* Inside a sweep: one written sample of kernel k. */
static inline void watch_record(struct watch *w, unsigned k, uint64_t n, uint64_t t)
{
	if (w->active && w->fold_count[k] < w->fold_cap) {
		w->fold_n[k][w->fold_count[k]] = n;
		w->fold_t[k][w->fold_count[k]++] = t;
	}
}

/*
 * --until gives up on a drift: where a kernel's fifths in time lie beyond
 * each other's bands (fifths.h) by more than the target, at a fit and at
 * every fit after it until the samples have grown BLOCKS_FIFTHS-fold.  A
 * fifth's unit cost is that of its fastest moments, so a slow stretch
 * that filled one fifth when the drift was first seen fills a fifth of a
 * fifth by then, and the fast rest of that fifth takes the drift away (a
 * slow start, as the first fits of a collection can show, is gone); a
 * drift that holds through that growth is the machine's speed moving
 * again and again, which no longer sampling narrows.
 */
#define WATCH_DRIFT_GROWTH BLOCKS_FIFTHS

/* After a sweep: fold its samples in, and fit when it is time.  Returns
 * 1 when --until's precision is reached by every kernel, 2 when it gave
 * up on a drift (drifted), 0 to go on, -1 when out of memory. */
int watch_sweep(struct watch *w, uint64_t now_ns);

/* Fold what is left and fit, whatever the time (the collection's end:
 * the precision it reached).  0, or -1 when out of memory. */
int watch_finish(struct watch *w, uint64_t now_ns);

/* Forget the samples so far (a plan made again, replan.h: the fit rests
 * on the new plan's runs alone, whose N the stretches of the collection
 * before it lack); the room stays. */
void watch_restart(struct watch *w, uint64_t now_ns);

void watch_free(struct watch *w);

#endif /* SUBTICK_WATCH_H */
