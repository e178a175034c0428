/*
 * analysis.h - everything analyze finds, stage by stage: read (minima per
 * N, every sample spooled), fit (hull, LP, OLS, interval), excess, checks.
 * The reports print this struct; they compute nothing.
 */
#ifndef SUBTICK_ANALYSIS_H
#define SUBTICK_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#include "activity.h"
#include "blocks.h"
#include "counters.h"
#include "diagnosis.h"
#include "excess.h"
#include "glitch.h"
#include "hull.h"
#include "input.h"
#include "interval.h"
#include "lp.h"
#include "ols.h"
#include "points.h"
#include "spool.h"

enum fit_method { METHOD_BOTH, METHOD_LP, METHOD_HULL };

struct analyze_options {
	char **files;			/* NULL-terminated; none: stdin */
	const char *column;		/* the timing column: t, t2 */
	enum fit_method method;
	double unit_ns;			/* 0: from the header */
	double tick;			/* 0: from the header or the data */
	double threshold;		/* 0: derived */
	const char *excess_path;
	const char *minima_path;	/* --minima FILE (CSV) */
	const char *per;		/* --per bytes|ops|NAME, or NULL */
	double ops_per_unit;		/* --ops-per-unit K; 0: not given */
	int json;
	const char *plot_dir;
	const char *plot_format;
	int plot_log;
	unsigned replicates;
	unsigned long seed;
	int keep_low;			/* --keep-low: keep clock glitches */
	int merge;			/* --merge: pool different measurements */
	int compare;			/* --compare A B */
	const char *group;		/* --group KEY, or NULL */
	const char *from;		/* --from gbench|hyperfine, or NULL */
};

#define ANALYSIS_WARNINGS_MAX 12

struct analysis {
	const struct analyze_options *opt;
	/* input */
	char clock[64], kernel[256];
	char host[128], date[40], governor[64], cpu[64];	/* first input's */
	char interleaved[128];	/* one stream of two kernels timed in turn:
				 * the collection's id (its partner has it
				 * too); "" */
	char per[40];			/* what one unit of N is; "" unknown */
	char message[16];		/* collect-mpi's message kernel, or "" */
	size_t files;
	int complete;			/* every input ended with # done */
	int interrupted;		/* some input ended with # interrupted */
	int files_bare;			/* the input had no stream header */
	char first_file[256];		/* the first input's name */
	const char *source;		/* "gbench", "hyperfine", or NULL */
	char merged[600];		/* --merge pooled what differs; "" */
	char pooled[600];		/* streams of other hosts or ranks
					 * read as one; "" */
	char unterminated_file[256];	/* bare input whose last line had no
					 * newline; "" if none */
	int trace;			/* an activity trace (collect --trace):
					 * only the trace's fields are filled */
	char trace_read_interval[32], trace_threshold[32];
	double last_seconds;		/* "seconds=" of the last line; 0 */
	struct counted counted;		/* what the kernel counted on the CPU
					 * (one input's counters) */
	struct trace_summary trace_sum;
	struct point_set points;
	struct spool spool;
	double tick;			/* 0: unknown */
	const char *tick_source;	/* header, data, --tick, none */
	double read_overhead;		/* back-to-back reads (header);
					 * < 0: unknown */
	double unit_ns;			/* 0: unknown */
	const char *unit_ns_source;	/* header, --unit-ns, none */
	uint64_t runs_min, runs_median;
	struct glitches glitches;	/* minima left out (glitch.h) */
	struct blocks blocks;		/* stretches of the collection in time */
	struct fifth fifths[BLOCKS_FIFTHS];
	size_t nfifths;			/* 0: too few runs per N */
	/* fits */
	struct lv_line hull;
	struct lp_result lp;
	int lp_done, hull_done;
	double lp_hull_difference;	/* clock units, over the N range */
	const char *method;		/* lp, hull, lp+hull */
	struct lv_line fit;		/* the reported line */
	struct ols_fit ols_minima, ols_means;
	struct interval iv;
	/* excess */
	struct excess_config excess_cfg;	/* how each sample's excess is
						 * taken (plots reuse it) */
	struct excess_summary excess;
	double on_line_width;
	/* what disturbed the timings (noise/diagnosis.h) */
	struct diagnosis diag;
	/* checks */
	char warning[ANALYSIS_WARNINGS_MAX][256];
	size_t warnings;
	/* where an error without a line of its own is reported */
	struct input_error where;
};

/* Each stage returns 0, or -1 with err filled: "FILE:LINE: message". */
int analysis_read(struct analysis *a, const struct analyze_options *opt,
		  struct input_error *err);
int analysis_fit(struct analysis *a, struct input_error *err);
int analysis_excess(struct analysis *a, struct input_error *err);
void analysis_check(struct analysis *a);

/* All of it: read, fit, excess, checks.  Returns 0, or -1 with err filled
 * (analysis_free is still due). */
int analysis_run(struct analysis *a, const struct analyze_options *opt,
		 struct input_error *err);
void analysis_free(struct analysis *a);

#endif /* SUBTICK_ANALYSIS_H */
