/*
 * jitter.h - the runs' own jitter e >= 0, and the threshold above which a
 * run was interrupted (docs/model.md, stage 3 and 4).
 *
 * Each N's scale comes from the medians of its runs' r = t - s F (those
 * no source explains; at least the clock's quantum): within each bin of
 * neighbouring N, the line through its N's medians (a median of a few
 * ticks lies on the lattice itself, and N of one jitter would get scales
 * a tick apart); N of too few runs take the line a + b F through all the
 * medians (additive and in proportion to the run: both occur).
 * z = r / scale, r rounded up to the quantum, lies on each N's lattice
 * (step quantum / scale, changing smoothly along a bin), and the tail's
 * cells are a level of the bin's middle N wide.  z is then alike in
 * every N whose jitter has one shape, and its upper tail is fitted per
 * bin of neighbouring N (tail.h: a generalized Pareto above the median,
 * up to the 90% quantile, truncated there so that what lies beyond does
 * not move it).  A run of N is interrupted where
 *
 *     r > T(N) = scale(N) z_T + quantum,
 *
 * z_T the bin's quantile that all the collection's runs together cross
 * MODEL_FALSE_ALARMS times by chance (at the 95% upper bound of the
 * tail's shape), and quantum what the clock's reading adds at most (a
 * reading lies up to a tick above the time it reads).  A collection with
 * no interruption names no random interruption, by construction, at that
 * rate.  z_T is lower, down to look(N) below, where the runs above a z
 * are interruptions as a group though each lies within the tail's reach
 * (more than the tail expects there, at MODEL_CLAIM_P, and it expects at
 * most JITTER_FDR of them: jitter.c, z_claimed_together).
 *
 * A second, lower threshold, look(N), is that of an exponential fitted to
 * the body alone: the runs above it are where the sources with a
 * structure of their own are sought (periodic ones, bursts: sources.h),
 * whose own tests hold the false-alarm rate (a period among random times;
 * crowding beyond a steady rate), so that a source whose costs a heavy
 * tail of the jitter hides from the claim threshold is still found by its
 * rhythm.
 *
 * The model reads e from its N's floor: e >= 0, its density falling from
 * there (an exponential or generalized Pareto tail; flat at most).  Where
 * every run holds many small disturbances (a source of tens of
 * thousands a second, each a fraction of a microsecond), the floor holds
 * them too, and the runs' excess rises from it to a bell: the floor is
 * not the undisturbed run, and the unit cost may hold what it held.
 * Over the N whose median excess m spans JITTER_RISE_QUANTA quanta, the
 * runs (less each N's floor) within m / 8 of their floor are counted: a
 * density that falls from the floor, or is flat, up to the median puts
 * an eighth of the half below it there at least, 1/16 of the runs (an
 * exponential 8.3%; a lattice more: the first eighth holds its share of
 * the levels or one more; two speeds, a share of the runs at the floor,
 * far more; less the quantum the reading may take from the eighth).
 * Fewer, beyond a binomial tail at MODEL_CLAIM_P: rises.  Measured from
 * the least run of each N (its floor at the speed it ran), and claimed
 * (checks.c) where the speed held: runs at another speed lie above the
 * floor by it.
 */
#ifndef SUBTICK_JITTER_H
#define SUBTICK_JITTER_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "points.h"
#include "runs.h"
#include "tail.h"

#define JITTER_BINS_MAX 64

struct jitter_bin {
	size_t from, to;	/* points [from, to) */
	size_t runs;		/* sample runs fitted */
	struct tail_fit tail;	/* of z */
	double z_threshold;
	double z_look;		/* the body's exponential's quantile */
};

struct jitter {
	int judged;		/* 0: too few runs */
	size_t points;
	double *scale;		/* per point: clock units */
	/* T(N) and look(N) are each point's scale times its bin's z
	 * (jitter_threshold, jitter_look: no arrays of them, 16 bytes an N
	 * at 10^6 N) */
	int fitted;		/* the bins' z are fitted; else both infinite */
	int imposing;		/* analyze --threshold: both are imposed */
	double imposed;		/* clock units */
	double *typical;	/* per point: the jitter an event's cost is
				 * taken above (the N's own median where it
				 * lies below its scale), clock units */
	unsigned char *bin_of;	/* per point */
	size_t bins;
	struct jitter_bin bin[JITTER_BINS_MAX];
	double quantum;		/* the reading's allowance, clock units */
	double p_false;		/* a run's chance of a false alarm */
	double additive, proportional;	/* scale ~ additive + proportional F */
	double rise_near, rise_runs;	/* runs within an eighth of their
					 * N's median of the floor, of all */
	double rise_p;		/* so few near, were the density flat: a
				 * binomial tail */
	int rises;		/* rise_p < MODEL_CLAIM_P */
};

/*
 * From the sample's runs that no source explains (flag RUN_EXPLAINED
 * clear), of the points s (sorted); quantum: the tick, or the on-line
 * width without one.  out is filled anew (its
 * arrays reused when it holds some).  Returns 0, or -1 when memory runs
 * out.
 */
int jitter_fit(const struct run_sample *rs, const struct point_set *s, double quantum,
	       struct jitter *out);

/* T(N) at point p: a run above it is interrupted (clock units). */
static inline double jitter_threshold(const struct jitter *j, size_t p)
{
	if (j->imposing)
		return j->imposed;
	return j->fitted ? j->scale[p] * j->bin[j->bin_of[p]].z_threshold + j->quantum : INFINITY;
}

/* look(N) at point p: no run below it is looked at, by any source's
 * test (clock units). */
static inline double jitter_look(const struct jitter *j, size_t p)
{
	if (j->imposing)
		return j->imposed;
	return j->fitted ? j->scale[p] * j->bin[j->bin_of[p]].z_look + j->quantum : INFINITY;
}

/* The least cost an interruption needs to be seen in a run of point p:
 * T(N) less the N's median jitter; and to be looked at, look(N) less it. */
static inline double jitter_seen_from(const struct jitter *j, size_t p)
{
	return jitter_threshold(j, p) - j->scale[p];
}

static inline double jitter_looked_from(const struct jitter *j, size_t p)
{
	return jitter_look(j, p) - j->scale[p];
}

/* The threshold x (clock units) at every point in place of the fitted
 * one (analyze --threshold), and look(N) too: no run below it is looked
 * at, by any source's test. */
void jitter_impose(struct jitter *j, double x);

void jitter_free(struct jitter *j);

#endif /* SUBTICK_JITTER_H */
