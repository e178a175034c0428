/*
 * diagnosis.h - what disturbed the timings: the model of every run's
 * timing (docs/model.md), fitted in stages after the line,
 *
 *     t = quantize(F(N) s(at) + e + sum of c)
 *
 *  - speed s(at): speedstates.h (windows taken in the pass after the fit);
 *  - the runs the model is fitted on: runs.h (taken in the same pass);
 *  - jitter e and the threshold of an interruption: jitter.h;
 *  - interruptions and their sources, strongest first: sources.h;
 *    the jitter is fitted again without the runs the sources explain,
 *    and the sources found again, until the runs explained stay the same
 *    (MODEL_ROUNDS at most);
 *  - what the floors hold, and the unit cost without it: compensate.h;
 *  - where the sample is not every run, one pass over the spool counts
 *    the runs above their thresholds, and each source's.
 */
#ifndef SUBTICK_DIAGNOSIS_H
#define SUBTICK_DIAGNOSIS_H

#include <stdint.h>

#include "compensate.h"
#include "jitter.h"
#include "lengths.h"
#include "runs.h"
#include "sources.h"
#include "speedstates.h"
#include "windowruns.h"

struct model_counts {
	uint64_t runs;		/* every run */
	uint64_t events;	/* above their threshold */
	uint64_t of_source[SOURCES_MAX];	/* events each source explains */
	double held[SOURCES_MAX];	/* a random one's: the interruptions
					 * in them (random_events_in) */
	uint64_t shared[SOURCES_MAX];	/* events a source before explains
					 * that hold a periodic one's mark too */
	uint64_t unexplained;	/* events no source explains */
	uint64_t slowed;	/* runs slower by a share of their length
				 * (flicker.h), no events */
	double in_runs;		/* running time, clock units */
	double longest;		/* the largest floor, clock units */
	double expected_long;	/* interruptions a run of it expects
				 * (where every source is there) */
	double expected_anywhere;	/* of them, where the fewest sources
					 * are there: a periodic source there
					 * for a part only (presence.h) misses
					 * every run elsewhere, and the minima
					 * it holds are counted (compensate.h) */
	double rate;		/* all the sources', per clock unit (over
				 * the collection: of one there for a part
				 * only, its share of the time) */
	double cost, cost_lo, cost_hi;	/* the events' (sample), clock units */
};

struct diagnosis {
	struct speed_states speed;
	struct window_risk speed_risk;	/* how many windows the sources
					 * found make read apart at a steady
					 * speed (windowruns.h) */
	struct run_taker taker;		/* the pass's part */
	struct run_sample runs;
	struct jitter jitter;
	struct sources sources;
	struct model_counts counts;
	struct compensation comp;
	struct lengths_result lengths;	/* the search for a source shorter
					 * than the runs: what it found, and
					 * the candidates it scanned */
	double quantum;			/* the clock's reading, clock units */
	int one_clock;			/* the start times lie on one clock */
	int rounds;			/* jitter and sources fitted, times */
	int means;			/* set before: the samples are means
					 * over many iterations, in which no
					 * single interruption shows: the
					 * jitter alone, of every run; no
					 * source, count or compensation */
	double given_threshold;		/* set before: --threshold, clock
					 * units, every N's in place of the
					 * jitter's; 0: the jitter's */
};

struct analysis;
struct input_error;

/* Fills a->diag.  Returns 0, or -1 with err filled. */
int analysis_diagnose(struct analysis *a, struct input_error *err);

/* An activity trace's stage: fills a->trace_sum (activity.h).  Returns 0,
 * or -1 with err filled. */
int analysis_trace(struct analysis *a, struct input_error *err);

/* What a run is attributed to: a source's index (>= 0), or one of these. */
enum {
	ATTRIBUTED_UNEXPLAINED = -1,	/* above its threshold, no source's */
	ATTRIBUTED_JITTER = -2,		/* within its jitter */
	ATTRIBUTED_SPEED = -3,		/* within its jitter at its speed, and
					 * above its look(N) at the fastest; or
					 * slower by a share of its length
					 * (flicker.h) */
	ATTRIBUTED_NONE = -4		/* no model: the jitter was not judged,
					 * or the samples are means */
};

/* What spool record r (number i) is attributed to (above); residual, when
 * not NULL, gets its excess over its N's floor at its speed (r = t - s F,
 * clock units; t - F without a model). */
int diagnosis_attribute(const struct diagnosis *d, const struct point_set *s, uint64_t i,
			const struct spool_record *r, double *residual);

/* An attribution's name: "jitter", "speed", "unexplained", "sourceK" (K
 * from 1, the sources' order in the report), or "-" (no model).  buf
 * holds at least 16 bytes. */
const char *diagnosis_attribution_name(int a, char *buf, size_t len);

void diagnosis_free(struct diagnosis *d);

#endif /* SUBTICK_DIAGNOSIS_H */
