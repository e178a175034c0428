/*
 * analysis.c - the stages of analyze: read (the headers made one in
 * analysis_merge.c), then (analysis_fit.c) the fit, excess, and the run
 * of them all.
 */
#include "analysis.h"

#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <gsl/gsl_rng.h>

#include "analysis_merge.h"
#include "checks.h"
#include "foreign.h"
#include "pass.h"
#include "tempfile.h"
#include "tick.h"
#include "tickdata.h"

int analysis_fail(struct input_error *err, const struct input_error *where, const char *fmt,
		  ...)
{
	va_list ap;
	*err = *where;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/* Samples wait in a ring while their points are fetched into the cache,
 * in three steps AHEAD samples apart (points.h); then they are added in
 * the order they came.  WAIT of them at most, in a ring of ROOM (a power
 * of two: a place in it is a mask, not a division). */
enum { AHEAD = 8, WAIT = 3 * AHEAD, ROOM = 32 };
_Static_assert(WAIT <= ROOM && (ROOM & (ROOM - 1)) == 0, "the ring holds the samples waiting");

struct read_ctx {
	struct analysis *a;
	struct sample ring[ROOM];
	size_t head, waiting;
	struct tickdata *td;
	gsl_rng *rng;
	const struct input_meta *meta;	/* of the file being read */
	/* at restarts at 0 in every file: each file's is offset by the spans
	 * of the files before it, so that start times stay in order */
	uint64_t at_offset, at_max;
};

static int take_sample(struct read_ctx *c, const struct sample *s, struct input_error *err)
{
	uint64_t at = SPOOL_NO_AT;
	if (s->has_at) {
		c->a->timed_samples++;
		at = s->at + c->at_offset;
		if (at < s->at || at == SPOOL_NO_AT)
			at = SPOOL_NO_AT - 1;	/* beyond 2^64: saturate */
		c->at_max = at > c->at_max ? at : c->at_max;
	}
	int added = points_add(&c->a->points, s->n, s->t, s->t_int, s->t_exact);
	if (added == -2) {
		snprintf(err->msg, sizeof err->msg,
			 "more than %lu timings at N = %llu: analyze counts at most that many at one N",
			 (unsigned long)POINT_MAX_COUNT, (unsigned long long)s->n);
		return -1;
	}
	if (added != 0) {
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return -1;
	}
	struct spool_record r = { s->n, s->t, at, c->a->points.last };
	if (spool_put(&c->a->spool, &r) != 0) {
		snprintf(err->msg, sizeof err->msg,
			 "the temporary file of the samples in %s could not be written: %s (TMPDIR chooses the directory)",
			 tempfile_dir(), strerror(errno));
		return -1;
	}
	/* the tick from the data: only where no header or --tick gives it
	 * (a file with one read with a file without is refused) */
	if (c->meta->has_tick || c->a->opt->tick > 0)
		return 0;
	if (s->dec_ok) {
		tickdata_offer(c->td, s->dec_m, s->dec_e, c->rng);
		tickdata_count_digits(c->td, s->dec_m, s->dec_e, s->dec_last);
	}
	else
		tickdata_offer_inexact(c->td);
	return 0;
}

static int on_sample(void *vctx, const struct sample *s, struct input_error *err)
{
	struct read_ctx *c = vctx;
	const struct point_set *ps = &c->a->points;
	c->ring[(c->head + c->waiting++) & (ROOM - 1)] = *s;
	points_prefetch_slot(ps, s->n);
	if (c->waiting > AHEAD)
		points_prefetch_point(ps, c->ring[(c->head + c->waiting - 1 - AHEAD) & (ROOM - 1)].n);
	if (c->waiting > 2 * AHEAD) {
		const struct sample *q = &c->ring[(c->head + c->waiting - 1 - 2 * AHEAD) & (ROOM - 1)];
		points_prefetch_best(ps, q->n, q->t);
	}
	if (c->waiting < WAIT)
		return 0;
	c->waiting--;
	const struct sample *first = &c->ring[c->head];
	c->head = (c->head + 1) & (ROOM - 1);
	return take_sample(c, first, err);
}

/* A batch of a stream's common lines: the samples waiting in the ring
 * first, then the batch's, each point fetched ahead in the ring's three
 * steps (WAIT samples ahead: its slot, AHEAD later its point, AHEAD later
 * its best timings), from the batch itself. */
static int drain(struct read_ctx *c, struct input_error *err);

static int on_batch(void *vctx, const struct sample_batch *b, size_t *bad,
		    struct input_error *err)
{
	struct read_ctx *c = vctx;
	const struct point_set *ps = &c->a->points;
	*bad = 0;
	if (drain(c, err) != 0)
		return -1;
	struct sample smp = { .t_exact = 1, .has_at = b->has_at, .dec_ok = 1 };
	size_t k = b->count;
	for (size_t j = 0; j < k; j++) {
		if (j + WAIT < k)
			points_prefetch_slot(ps, b->n[j + WAIT]);
		if (j + 2 * AHEAD < k)
			points_prefetch_point(ps, b->n[j + 2 * AHEAD]);
		if (j + AHEAD < k)
			points_prefetch_best(ps, b->n[j + AHEAD], (double)b->t[j + AHEAD]);
		smp.n = b->n[j];
		smp.t = (double)b->t[j];
		smp.t_int = smp.dec_m = b->t[j];
		smp.at = b->at[j];
		if (take_sample(c, &smp, err) != 0) {
			*bad = j;
			return -1;
		}
	}
	return 0;
}

/* The samples still waiting, at the end of a file. */
static int drain(struct read_ctx *c, struct input_error *err)
{
	for (; c->waiting > 0; c->waiting--) {
		const struct sample *first = &c->ring[c->head];
		c->head = (c->head + 1) & (ROOM - 1);
		if (take_sample(c, first, err) != 0)
			return -1;
	}
	return 0;
}


/* The same file given twice would count every sample twice. */
static int seen_before(char *const *files, size_t i)
{
	struct stat x, y;
	if (strcmp(files[i], "-") == 0 || stat(files[i], &x) != 0)
		return -1;
	for (size_t j = 0; j < i; j++)
		if (strcmp(files[j], "-") != 0 && stat(files[j], &y) == 0 &&
		    x.st_dev == y.st_dev && x.st_ino == y.st_ino)
			return (int)j;
	return -1;
}

/* One file, as what it holds: a stream, bare columns, or another tool's
 * results. */
static int read_one(struct analysis *a, struct read_ctx *ctx, const char *path,
		    struct input_meta *m, struct input_error *err)
{
	const struct analysis_settings *o = a->opt;
	const char *shown = strcmp(path, "-") == 0 && o->stdin_name ? o->stdin_name : path;
	struct foreign_request q = { o->from, o->column, o->time_column };
	enum foreign_kind kind;
	FILE *f = foreign_open(path, o->from, &kind, err);
	if (f == NULL && shown != path)
		snprintf(err->file, sizeof err->file, "%s", shown);
	if (f == NULL)
		return -1;
	int rc;
	ctx->meta = m;
	if (kind != FOREIGN_NONE)
		rc = foreign_read_file(f, shown, kind, &q, m, on_sample, ctx, err);
	else if (o->time_column != NULL) {
		snprintf(err->file, sizeof err->file, "%s", shown);
		err->line = 0;
		snprintf(err->msg, sizeof err->msg,
			 "--column %s: only Google Benchmark's results have a %s (a stream's columns: t, t2, user, sys)",
			 o->time_column, o->time_column);
		rc = -1;
	} else
		rc = input_read_batches(f, shown, o->column, m, on_sample, on_batch, ctx, err);
	foreign_close(f);
	if (rc == 0)
		rc = drain(ctx, err);
	ctx->waiting = 0;
	if (rc == 0 && m->source[0])
		a->source = strcmp(m->source, "hyperfine") == 0 ? "hyperfine" : "gbench";
	return rc;
}

static int read_files(struct analysis *a, struct read_ctx *ctx,
		      struct input_meta *first, struct input_error *err)
{
	static char *const stdin_only[] = { "-", NULL };
	char *const *files = a->opt->files && a->opt->files[0] ? a->opt->files : stdin_only;
	for (size_t i = 0; files[i] != NULL; i++) {
		struct input_meta m;
		int j = seen_before(files, i);
		if (j >= 0) {
			snprintf(a->where.file, sizeof a->where.file, "%s", files[i]);
			a->where.line = 0;
			return analysis_fail(err, &a->where, "the same file as %s: each sample would count twice",
				    files[j]);
		}
		ctx->at_max = 0;
		if (read_one(a, ctx, files[i], &m, err) != 0)
			return -1;
		/* the next file starts a tick after this one's last start */
		ctx->at_offset = ctx->at_max + 1;
		a->files++;
		snprintf(a->where.file, sizeof a->where.file, "%s",
			 strcmp(files[i], "-") == 0 && a->opt->stdin_name ? a->opt->stdin_name : files[i]);
		a->where.line = m.lines > 0 ? m.lines : 1;
		if (analysis_merge_meta(a, &m, first, err) != 0)
			return -1;
	}
	return 0;
}

static int by_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return (a > b) - (a < b);
}

static void runs_per_n(struct analysis *a)
{
	size_t n = a->points.count;
	uint64_t *c = malloc(n * sizeof *c);
	if (c == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		c[i] = a->points.p[i].count;
	qsort(c, n, sizeof *c, by_u64);
	a->runs_min = c[0];
	a->runs_median = c[n / 2];
	free(c);
}

/* Timings written to a number of significant digits ("%g": 9.87654 and
 * 12.3457) have coarser digits where they are larger: the tick the rule
 * finds, on the most of them, is then finer than the digits of the larger
 * minima, and the band under them too narrow (bounds that missed the
 * truth 17 times in 30).  The tick is then the coarsest digit written
 * among the minima's decades. */
static void coarsest_digits(struct analysis *a, const struct tickdata *td)
{
	double coarsest = 0;
	for (size_t i = 0; i < a->points.count; i++) {
		double d = tickdata_digit_at(td, a->points.p[i].min);
		coarsest = d > coarsest ? d : coarsest;
	}
	if (coarsest > a->tick * (1 + 1e-9)) {
		a->tick = coarsest;
		a->tick_source = a->points.all_int ? "data, as written for its largest minima"
						   : "data's decimal digits, as written for its largest minima";
	}
}

/* Integer timings read from a clock whose steps are uneven (a counter of
 * 26.001 ns read in whole ns) are no multiples of any tick: each is 26
 * times its steps plus one unit every thousand steps, and the rule on
 * them finds 1.  The steps between an N's smallest timings still are 26
 * (or 27), and its minimum lies anywhere within a step of the time it
 * took: a band of 1 missed the truth 20 times in 20.  Where those steps
 * give a larger tick than the timings, of TICK_NEAR_MIN_READINGS or more
 * (a clock of 2 to 7 units has timings that are its multiples, and the
 * steps of a fine clock's dense timings are 2 and 3), the band is that
 * step and two more (the step found may be one below the clock's mean
 * step, and tick_mean + 1 is a header's band). */
enum { SPREAD_STEPS_MAX = 4096, SPREAD_STEPS_MIN = 16 };

static void spread_steps(struct analysis *a)
{
	const struct point_set *s = &a->points;
	if (!s->all_int || s->count == 0)
		return;
	uint64_t *d = malloc(SPREAD_STEPS_MAX * sizeof *d);
	if (d == NULL)
		return;
	size_t m = 0, per = SPREAD_STEPS_MAX / s->count;
	per = per > 0 ? per : 1;
	for (size_t i = 0; i < s->count && m < SPREAD_STEPS_MAX; i++) {
		const struct point *p = &s->p[i];
		size_t k = 0;
		for (unsigned j = 1; j < p->nbest && k < per && m < SPREAD_STEPS_MAX; j++) {
			/* a step of 1 is the uneven grid's own (296047, 296048,
			 * then 296073), or a fine clock's, which the timings' rule
			 * already finds */
			double step = point_best(s, p, j) - point_best(s, p, j - 1);
			if (step > 1 && step < 0x1p53) {
				d[m++] = (uint64_t)step;
				k++;
			}
		}
	}
	/* the steps' median as the resolution claimed: where the N's
	 * timings sit in two or three neighbouring steps, every step is one
	 * tick, and no spread of multiples shows it */
	struct tick_estimate e = { 0 };
	if (m >= SPREAD_STEPS_MIN) {
		uint64_t *sorted = malloc(m * sizeof *sorted);
		if (sorted != NULL) {
			memcpy(sorted, d, m * sizeof *d);
			qsort(sorted, m, sizeof *sorted, by_u64);
			tick_estimate_readings(d, m, sorted[m / 2], &e);
			free(sorted);
		}
	}
	free(d);
	if (e.tick >= TICK_NEAR_MIN_READINGS && (double)e.tick > a->tick) {
		a->tick = (double)e.tick + 2;
		a->tick_source = "steps between each N's timings, plus two (uneven)";
	}
}

static void choose_units(struct analysis *a, const struct input_meta *first,
			 const struct tickdata *td)
{
	const struct analysis_settings *o = a->opt;
	a->tick_source = "none";
	if (o->tick > 0)
		a->tick = o->tick, a->tick_source = "--tick";
	else if (first->has_tick) {	/* tick_mean + 1 where it gives one */
		a->tick_mean = first->tick_mean;
		a->tick = tick_band(first->tick, first->tick_mean), a->tick_source = "header";
	}
	else if (td->kept > 0) {
		int e;
		uint64_t g = tickdata_tick(td, &e);
		if (g > 0) {
			a->tick = (double)g * pow(10, e);
			a->tick_source = a->points.all_int ? "data" : "data's decimal digits";
			coarsest_digits(a, td);
			spread_steps(a);
		}
	}
	a->read_overhead = first->has_overhead ? first->overhead : -1;
	a->unit_ns_source = "none";
	if (o->unit_ns > 0)
		a->unit_ns = o->unit_ns, a->unit_ns_source = "--unit-ns";
	else if (first->has_unit_ns)
		a->unit_ns = first->unit_ns, a->unit_ns_source = "header";
}

/* The heap freed so far given back to the system: glibc keeps it
 * resident, and an array larger than any of its free blocks (the blocks'
 * minima, the OLS's) would be held beside it (146 -> 122 MB at 10^6 N). */
void analysis_give_back(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

int analysis_read(struct analysis *a, const struct analysis_settings *opt,
		  struct input_error *err)
{
	memset(a, 0, sizeof *a);
	a->opt = opt;
	points_init(&a->points);
	struct tickdata *td = malloc(sizeof *td);
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	struct input_meta first = { 0 };
	int rc = -1;
	snprintf(a->where.file, sizeof a->where.file, "-");
	if (td == NULL || rng == NULL) {
		rc = analysis_fail(err, &a->where, "out of memory");
	} else if (spool_open(&a->spool, &a->points) != 0) {
		struct input_error dir = { .line = 0 };
		snprintf(dir.file, sizeof dir.file, "%s", tempfile_dir());
		rc = analysis_fail(err, &dir, "the temporary file of the samples cannot be created there: %s (TMPDIR chooses the directory)",
				   strerror(errno));
	} else {
		tickdata_init(td);
		struct read_ctx *ctx = malloc(sizeof *ctx);
		if (ctx == NULL) {
			rc = analysis_fail(err, &a->where, "out of memory");
		} else {
			*ctx = (struct read_ctx){ .a = a, .td = td, .rng = rng };
			rc = read_files(a, ctx, &first, err);
			free(ctx);
		}
	}
	if (rc == 0 && a->trace) {	/* gaps, not timings of N: no fit */
		choose_units(a, &first, td);
		gsl_rng_free(rng);
		free(td);
		return 0;
	}
	if (rc == 0 && a->points.samples == 0)
		rc = analysis_fail(err, &a->where, "no samples: the input is empty or holds only comments");
	if (rc == 0 && a->points.count < 3)
		rc = analysis_fail(err, &a->where,
			  "only %zu distinct N: two minima always lie on a line, so nothing could show whether the cost is linear; time at least 3 N (collect --range FROM:TO:COUNT)",
			  a->points.count);
	if (rc == 0) {
		/* without start times the order of the runs in time is
		 * unknown: hyperfine and Google Benchmark list them by N */
		a->start_times = a->timed_samples == a->points.samples;
		if (points_sort(&a->points) != 0)
			rc = analysis_fail(err, &a->where, "out of memory");
	}
	if (rc == 0) {
		runs_per_n(a);
		choose_units(a, &first, td);
	}
	gsl_rng_free(rng);
	free(td);
	analysis_give_back();	/* the reader's hash and the sort's keys */
	return rc;
}

const char *analysis_means_words(const struct analysis *a, char *buf, size_t len)
{
	unsigned long long lo = a->mean_of[0], hi = a->mean_of[1];
	if (lo == 0)
		snprintf(buf, len, "a mean over many iterations");
	else if (lo == hi)
		snprintf(buf, len, "a mean of %llu iteration%s", lo, lo == 1 ? "" : "s");
	else
		snprintf(buf, len, "a mean of %llu to %llu iterations", lo, hi);
	return buf;
}

const char *analysis_speed_why(const struct analysis *a)
{
	const struct point_set *s = &a->points;
	if (!a->excess.have_at)
		return "it needs the runs' start times";
	if (s->count > 0 && !(s->p[s->count - 1].min > 0))
		return "no run tells a speed: the longest N's minimum is 0, its runs within a tick";
	return "too few runs";
}

int analysis_run(struct analysis *a, const struct analysis_settings *opt,
		 struct input_error *err)
{
	int rc = analysis_read(a, opt, err);
	if (rc == 0 && a->trace)
		return analysis_trace(a, err);
	if (rc == 0)
		rc = analysis_fit(a, err);
	a->diag.means = a->means;
	a->diag.given_threshold = a->opt->threshold;
	if (rc == 0)
		rc = analysis_diagnose(a, err);
	/* the model's sample of runs (up to 14 MB): the report reads only
	 * their count and span, kept */
	run_sample_free(&a->diag.runs);
	analysis_give_back();	/* what the diagnosis held: the checks' arrays next */
	if (rc == 0)
		analysis_check(a);
	return rc;
}

void analysis_free(struct analysis *a)
{
	points_free(&a->points);
	spool_close(&a->spool);
	excess_free(&a->excess);
	excess_config_free(&a->excess_cfg);
	blocks_free(&a->blocks);
	diagnosis_free(&a->diag);
	trace_summary_free(&a->trace_sum);
}
