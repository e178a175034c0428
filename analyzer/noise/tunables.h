/*
 * tunables.h - every constant that decides what the diagnosis claims, in
 * one place.  Each one's derivation and the test that pins it stand in
 * docs/model.md's table (tests/cli/tunables.sh checks that the two agree).
 * A new case is met by mending the model, never by a new constant placed
 * between the case that must pass and the one that must fail.
 */
#ifndef SUBTICK_TUNABLES_H
#define SUBTICK_TUNABLES_H

/* False alarms: interruptions the whole collection expects where its
 * runs hold none (the jitter's threshold is set where the collection's
 * runs, all of them, cross it this often by chance). */
#define MODEL_FALSE_ALARMS 0.1
/* A claim (a source, a random remainder) is made where chance, at that
 * expectation of false events, would give as many less often than this. */
#define MODEL_CLAIM_P 0.01

/* Rounds of jitter and sources at most (each fits the jitter without the
 * runs the last one's sources explain; they stop where those stay the
 * same, within two or three rounds on every kind of bench section 9). */
#define MODEL_ROUNDS 4

/* The tail fit (tail.h): the upper quantile the GPD is fitted up to, the
 * distinct values it needs above the median, the cells it counts them
 * in, the largest shape it takes, and the drop of the profile
 * log-likelihood that bounds xi (chi2(1) at 95%, halved). */
#define TAIL_TOP 0.75
#define TAIL_CELLS_MIN 4
#define TAIL_CELLS_MAX 32
#define TAIL_XI_MAX 0.95
#define TAIL_PROFILE_DROP 1.92
/* Runs claimed together above a z the fitted tail would reach alone
 * (jitter.c, z_claimed_together): of them, the jitter's expected share
 * at most this (Benjamini and Hochberg's false discovery rate), so that
 * a rate of interruptions so counted is high by 5% at most. */
#define JITTER_FDR 0.05
/* Refits of the tail, each truncated where the one before puts the
 * false-alarm share (they stop where the truncation holds the same
 * values: in two or three on every kind of bench section 9). */
#define TAIL_ROUNDS 8
/* The spacings before a gap whose mean it is measured against (tail.h:
 * the body ends at a gap its spacings make unlikely). */
#define TAIL_SPACINGS 32

/* Speed (speedstates.h): the false-alarm rate of a change of speed over
 * the whole collection (changepoint.h: the penalties), the blocks a
 * segment holds at least, and the report's resolution of speeds: levels
 * within it are one state, a segment that moves by more is a ramp. */
#define SPEED_FALSE_ALARMS 0.01
#define SPEED_SEGMENT_MIN 1
#define SPEED_STATE_WIDTH 0.02
/* Runs a speed window holds at least: its speed is the least of its
 * upper half's ratios to their N's fastest; 32 keep a window of this
 * machine's count loop under a millisecond, shorter than the speed
 * changes it must follow (turbo bursts of 10 ms).  Where the sources
 * found make windows of 32 read the speed apart (some hold no clean
 * run, others do), the speed's warnings say so (windowruns.h): longer
 * windows would hide true short changes. */
#define SPEED_WINDOW_RUNS 32
/* A state (or the ramps together) held this share of the time or more
 * is warned of: the line is then the cost of a speed the machine held
 * only part of the time; below it, said in the report alone. */
#define SPEED_SHARE_MIN 0.05

/* Jitter (jitter.h): runs in the sample below which the jitter is not
 * judged (nothing can be told apart), the runs an N needs for a median
 * of its own (else the line a + b F through the others'), and the runs a
 * bin of N holds at least for its tail. */
#define JITTER_RUNS_MIN 64
#define JITTER_POINT_RUNS 32
#define JITTER_BIN_RUNS 1024
/* ... and a bin of N spans scales within this factor, where it holds
 * JITTER_BIN_RUNS_MIN runs: an interruption's fixed cost then lies within
 * that factor in z = r / scale, a bump of its own (a spread in proportion
 * to the run over N from 13 us to 0.5 ms smeared 300 a second of 5 us
 * into its tail, and read none). */
#define JITTER_BIN_SPAN 1.5
#define JITTER_BIN_RUNS_MIN 256
/* The quanta an N's median excess spans at least for the rise from the
 * floor (jitter.h): the eighth of it next to the floor then spans 8 of
 * them, and the quantum the reading may take from it (a flat density's
 * share less 1/8 of it) leaves a rise of many small disturbances (a
 * share of 2.4% where a flat one has 5.5%) clear of it. */
#define JITTER_RISE_QUANTA 64

/* Sources (sources.h): events a source accounts for at least, and the
 * marks of its period the collection spans at least (fewer say nothing
 * of a period). */
#define SOURCE_EVENTS_MIN 12
#define SOURCE_MARKS_MIN 4
/* Runs slower by a share of their length (flicker.h): the bins of log2
 * of that share a doubling.  A window of them is 2 to 16 bins wide (an
 * eighth of a doubling to a whole one); 16 a doubling (4.4% each) hold a
 * slowing spread by the jitter of a guest's run (a few percent of 8%)
 * in two to four bins, and a slowing of 0.7 to 1 times its largest in
 * eight. */
#define FLICKER_BINS_PER_OCTAVE 16
/* ... and the slowed runs a cell of neighbouring N expects at least in
 * the chi-square of their shares (Cochran's rule for a chi-square's
 * cells). */
#define FLICKER_POOL_RUNS 5
/* A source shorter than the runs (lengths.h): the runs an N needs for
 * its mean excess (a mean's variance from fewer is too unsure to weight
 * it), the N the sawtooth is fitted over at least (4 parameters, and
 * enough left to judge them: F(1, 4) at MODEL_CLAIM_P is 21), the
 * frequency steps within one of 1 / F_max
 * (a sawtooth off by one step is off by 1/20 of a period at the longest
 * floor), and the strongest peaks whose phase is sought. */
#define LENGTHS_POINT_RUNS 8
#define LENGTHS_POINTS_MIN 8
#define LENGTHS_OVERSAMPLE 20
#define LENGTHS_CANDIDATES 4
/* Periods a source's marks are fitted at (marks_fit: over three times the
 * periodogram's error either way). */
#define MARKS_SCAN 120
/* A period is named where the chance that random times lock as well to
 * any of the periods tried is below 10^PERIOD_LOG10_P (period.h). */
#define PERIOD_LOG10_P (-6.0)
/* ... and, where the runs' start times are known, where random subsets
 * of them (as many as the events) lock to it less strongly: at most
 * PERIOD_NULL_LOCKED_MAX of PERIOD_NULL_SUBSETS as strongly.  A guard
 * against runs that start on a lattice (equal runs over a narrow range
 * of N), where every subset locks alike and all 100 pass; it needs to
 * tell "all" from "few", not a fine level (p <= 2/101). */
#define PERIOD_NULL_SUBSETS 100
#define PERIOD_NULL_LOCKED_MAX 1

/* The N's minima taken in the order of N, without start times (fit/
 * order.h): claimed where a random order has so strong a one (Kendall's
 * tau, either way) less often than this, log10. */
#define ORDER_LOG10_P (-4.0)
/* Bursts (bursts.h): the bins of the collection's time the claimed
 * events are counted in; a burst is a run of bins more crowded than the
 * steady rate allows at MODEL_CLAIM_P over all of them, and a bin must
 * be shorter than the bursts it finds (2 s / 2048 = 1 ms for 5 ms ones). */
#define BURST_BINS 2048

/* Compensation (compensate.h): the quantile of the smallest of R Poisson
 * counts taken as what a minimum held: the line rests on the luckiest
 * minima, and taking from each what the luckiest 5% would hold leaves no
 * minimum below its run (the bounds take the median too). */
#define COMPENSATE_QUANTILE 0.05

/* A random source's runs counted by their k-fold hits (rates.c, folds):
 * where the runs expect fewer wrong counts than this, the count is the
 * collection's, off by less than its own Poisson spread sqrt(K) for any
 * K; else the rate is of the runs hit, each once. */
#define RANDOM_MISCOUNTS_MAX 1

#endif /* SUBTICK_TUNABLES_H */
