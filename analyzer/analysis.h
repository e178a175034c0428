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
#include "warnings.h"
#include "interval.h"
#include "linearity.h"
#include "lp.h"
#include "ols.h"
#include "order.h"
#include "points.h"
#include "spool.h"

enum fit_method { METHOD_BOTH, METHOD_LP, METHOD_HULL };

/*
 * What the analysis is told: the inputs, how to read and fit them, and how
 * its reports present them.  analyze's command line fills it (options.h,
 * which holds what only the program needs); tests and fuzz harnesses fill
 * it themselves.
 */
struct analysis_settings {
	char **files;			/* NULL-terminated; none: stdin */
	const char *stdin_name;		/* "-" as messages name it (analyze
					 * --follow: the file it copied to
					 * stdin); NULL: "-" */
	const char *column;		/* the timing column: t, t2 */
	const char *from;		/* gbench, hyperfine, or NULL: detect */
	enum fit_method method;
	double unit_ns;			/* 0: from the header */
	double tick;			/* 0: from the header or the data */
	double threshold;		/* 0: derived */
	const char *excess_path;	/* every sample's excess, or NULL */
	const char *per;		/* what one unit is: bytes, ops, NAME */
	double ops_per_unit;		/* 0: not given */
	const char *plot_format;	/* png, svg, pdf, dumb */
	int plot_log;
	uint64_t plot_samples;		/* the figures draw about this many
					 * samples at most (0: PLOT_SAMPLES_MAX) */
	unsigned replicates;		/* subsampling refits */
	unsigned long seed;
	int keep_low;			/* keep clock glitches */
	int merge;			/* pool different measurements */
	int keep_blocks;		/* the blocks' minima stay after the fit
					 * (a comparison refits them); else
					 * they are freed once the bounds are */
	const char *time_column;	/* Google Benchmark's time: cpu_time or
					 * real_time; NULL: real_time */
};

/* More than the checks can give (one each, the glitches two): a warning
 * past the last place is never dropped unsaid (warn in checks.c). */
#define ANALYSIS_WARNINGS_MAX 40
#define ANALYSIS_WARNING_LEN 1024	/* the longest, with its numbers */

struct analysis {
	const struct analysis_settings *opt;
	/* input */
	char clock[64], kernel[256];
	char host[128], date[40], governor[64], cpu[64];	/* first input's */
	char interleaved[128];	/* one stream of two kernels timed in turn:
				 * the collection's id (its partner has it
				 * too); "" */
	char per[40];			/* what one unit of N is; "" unknown */
	double in_turn[3];		/* the first input's in_turn_vs_alone
					 * (input.h); [0] 0: absent */
	char message[16];		/* collect-mpi's message kernel, or "" */
	size_t files;
	int complete;			/* every input ended with # done */
	int interrupted;		/* some input ended with # interrupted */
	int check_failed;		/* some input ended with stop=check */
	int kbest_stop;			/* some input ended with stop=kbest */
	double kbest_eps;		/* the largest EPS of those (0: not said) */
	int files_bare;			/* the input had no stream header */
	char first_file[256];		/* the first input's name */
	const char *source;		/* "gbench", "hyperfine", or NULL */
	int means;			/* samples that are means over many
					 * iterations (Google Benchmark's): no
					 * single interruption shows in them,
					 * and none is judged (diagnosis.h) */
	uint64_t mean_of[2];		/* those iterations, fewest and most
					 * (input.h); 0 0: not said */
	char merged[600];		/* --merge pooled what differs; "" */
	char pooled[600];		/* streams of other hosts or ranks
					 * read as one; "" */
	char unterminated_file[256];	/* bare input whose last line had no
					 * newline; "" if none */
	char cut_file[256];		/* a stream with no last line (# done,
					 * # interrupted); "" if none */
	uint64_t failed;		/* runs left out because they failed
					 * (other tools' results) */
	char failed_what[96];		/* what they are, in words */
	uint64_t timed_samples;		/* samples with a start time (at) */
	struct order_result order;	/* the N's minima in the order of N?
					 * (the pass's; fit/order.h) */
	int start_times;		/* every sample has one: the order of
					 * the runs in time is known */
	int trace;			/* an activity trace (collect --trace):
					 * only the trace's fields are filled */
	char trace_read_interval[32], trace_threshold[32];
	double last_seconds;		/* "seconds=" of the last line; 0 */
	double timer_period_ns;		/* the kernel's tick (header's
					 * timer_period_ns); 0: not said */
	struct counted counted;		/* what the kernel counted on the CPU
					 * (one input's counters) */
	struct trace_summary trace_sum;
	struct point_set points;
	struct spool spool;
	double tick;			/* 0: unknown */
	double tick_mean;		/* the header's tick_mean (uneven
					 * steps; tick is then one more,
					 * as a reading is rounded down to a
					 * unit after its step); 0: none */
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
	double band_difference;		/* the exact tick band against GLPK's,
					 * clock units; NAN: not compared */
	const char *method;		/* lp, hull, lp+hull */
	struct lv_line fit;		/* the reported line */
	struct ols_fit ols_minima, ols_means;
	struct interval iv;
	struct linearity linear;	/* the checks' (fit/linearity.h), made
					 * by analysis_fit */
	int linear_rc;			/* linearity_check's: -1 out of memory */
	/* excess */
	struct excess_config excess_cfg;	/* how each sample's excess is
						 * taken (plots reuse it) */
	struct excess_summary excess;
	double on_line_width;
	/* what disturbed the timings (noise/diagnosis.h) */
	struct diagnosis diag;
	/* checks */
	char warning[ANALYSIS_WARNINGS_MAX][ANALYSIS_WARNING_LEN];
	enum warning_code warning_code[ANALYSIS_WARNINGS_MAX];	/* warnings.h */
	size_t warnings;
	/* where an error without a line of its own is reported */
	struct input_error where;
};

/* Each stage returns 0, or -1 with err filled: "FILE:LINE: message". */
int analysis_read(struct analysis *a, const struct analysis_settings *opt,
		  struct input_error *err);
/* The fit, then one pass over the samples (pass.h). */
int analysis_fit(struct analysis *a, struct input_error *err);

/* An error about the whole input, reported at where (the end of the last
 * file): -1, err filled. */
int analysis_fail(struct input_error *err, const struct input_error *where, const char *fmt,
		  ...) __attribute__((format(printf, 3, 4)));
/* Memory the stages freed, given back to the system (glibc). */
void analysis_give_back(void);

/* Of samples that are means (a->means), what each is, for a report: "a
 * mean of 20000 iterations", "a mean of 1200 to 40000 iterations", or
 * "a mean over many iterations" where the input does not say. */
const char *analysis_means_words(const struct analysis *a, char *buf, size_t len);

/* Why the speed was not judged (a->diag.speed.judged 0), in words. */
const char *analysis_speed_why(const struct analysis *a);

/* All of it: read, fit, diagnosis, checks (checks.h).  Returns 0, or -1 with
 * err filled (analysis_free is still due). */
int analysis_run(struct analysis *a, const struct analysis_settings *opt,
		 struct input_error *err);
void analysis_free(struct analysis *a);

#endif /* SUBTICK_ANALYSIS_H */
