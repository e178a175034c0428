/*
 * lengths.h - a periodic source shorter than the runs it interrupts,
 * found from what the runs' lengths say of it (docs/model.md, stage 5).
 *
 * A run of length t holds floor(t / P) marks of a source of period P
 * wherever it starts, and one more where its first mark falls within
 * t mod P of its start: at random phases, with probability frac(t / P).
 * Where every run is longer than P, every run holds a mark: the events'
 * start times lock to no period (the periodogram of period.h finds none)
 * and the jitter takes the source's cost for its own spread.  But the
 * mean excess of each N's runs over its floor is then
 *
 *     r(N) = j(F) + c (phi - phi^n),     phi = frac(F / P),
 *
 * F the N's floor, n its runs: a sawtooth in F of the source's period
 * and cost c above the jitter's smooth mean j(F) = a + b F + q F^2
 * (added, in proportion to the run, and bent where interruptions are
 * seen at most once a run: c' (1 - e^(-F / T)), which a line had left
 * to a sawtooth of a tooth or two).  phi^n is the chance that all n runs held the
 * one more mark, the floor too, and then none lies above it: without
 * that term, an N of few runs near the sawtooth's top (phi = 0.9, 12
 * runs: c 0.62, not c 0.9) pulls its height down by half, and a 1 kHz
 * source in runs of 3 to 10 ms at 48 N went unseen.
 *
 *  1. The sawtooth: the weighted least squares of r(N) on 1, F, F^2 and
 *     phi - phi^n (each N's weight its runs over the jitter's variance,
 *     a line in F), at periods from the longest floor down to
 *     twice the mean step between the N's floors (Nyquist: a sawtooth
 *     sampled every step is told from its aliases only above); an
 *     F-test of c > 0 against the smooth mean alone, over the periods
 *     tried (a frequency step of 1 / F_max apart are independent), at
 *     MODEL_CLAIM_P.  Its period is known to the sawtooth's width only:
 *     the strongest LENGTHS_CANDIDATES peaks go on.
 *  2. The phase: a run whose excess lies above its N's jitter mean by
 *     half the cost held one more mark, its first one within the part of
 *     the run that tells (t - floor(F / P) P after its start); one below
 *     held none there.  The periodogram of those windows, each run's
 *     indicator less its N's share of them (a source's chance of one more
 *     mark, frac(t / P), is the same for every run of an N; and where
 *     the runs hold no source the share is what the indicator's mean is,
 *     whatever the excess does: less the model's chance instead, a
 *     saturating excess had given chances down to 10^-9.7 over the frequencies
 *     tried on runs without a source), weighted by the window's mean
 *     phasor, over a frequency step of a quarter of 1 / span, about each
 *     candidate's period, is Z(P) = |S|^2 / var S, var S from the
 *     shares: exponential of mean 1
 *     for runs without a source (phases at random), named at
 *     10^PERIOD_LOG10_P over the frequencies tried.  Its cost is the
 *     runs read times the steps, and the steps grow with the span: the
 *     first level scans stretches about eight places in time (the runs
 *     by their starts, at the middles of eight equal shares of them),
 *     as long as their runs, all read, cost at most a fixed work, their
 *     Z summed (a gamma of as many parts without a source); each level
 *     after it stretches eight times as long about a frequency known to
 *     a step of the last, until one stretch reads the whole collection
 *     (a source named holds its phase over all of it).  The strongest
 *     candidate's marks are then fitted to the last level's windows
 *     (marks_fit, within the larger of the peak's error and half its
 *     step).
 */
#ifndef SUBTICK_LENGTHS_H
#define SUBTICK_LENGTHS_H

#include "marks.h"
#include "points.h"
#include "runs.h"

struct lengths_result {
	int found;
	struct marks marks;	/* clock units */
	double cost;		/* the sawtooth's height, clock units */
	double log10_p;		/* the windows' periodogram's chance */
	double f;		/* the sawtooth's F statistic */
	size_t candidates;	/* the sawtooth's periods above chance,
				 * whose phase was sought */
};

/* From the sample's runs (start times on one clock) and their points
 * (sorted); no period below min_period is tried.  Returns 0, or -1 when
 * memory runs out. */
int lengths_find(const struct run_sample *rs, const struct point_set *ps, double quantum,
		 double min_period, struct lengths_result *out);

#endif /* SUBTICK_LENGTHS_H */
