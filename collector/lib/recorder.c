/*
 * recorder.c - the in-program recorder of libsubtick (subtick/subtick.h),
 * after Magazinovic's StopWatch: calibrate once, read the clock serialized
 * around the region (collector/core/region.h, as collect does), keep the
 * samples in memory, write the stream.  Misuse is refused through the
 * handle (handle.h).  The options are read in recorder_options.c, the
 * clock found in clockinfo.c, subtick_next's plan set up in
 * nextplan_options.c, the summary line written in summary.c.
 */
#include "subtick/subtick.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calibrate.h"
#include "clock.h"
#include "clockinfo.h"
#include "conditions.h"
#include "handle.h"
#include "keys.h"
#include "lvstate.h"
#include "nextplan.h"
#include "nextplan_options.h"
#include "outpath.h"
#include "recorder.h"
#include "recorder_options.h"
#include "region.h"
#include "stream.h"
#include "summary.h"
#include "version.h"

struct sample3 {
	uint64_t n, t, at;
};

struct subtick_recorder {
	struct handle h;	/* first: liveness, owner, busy flag */
	struct clock_setup setup;
	struct calibration cal;
	struct region_clock rc;	/* set at open, never changed or cleared */
	int reports_cpu;	/* the clock tells the CPU of each reading */
	struct region open;	/* the region begun by the last start */
	uint64_t t0;		/* what that start returned */
	int started;		/* a start not yet stopped */
	uint64_t first_start;
	int have_first;
	struct sample3 *buf;
	size_t len, cap;
	uint64_t samples, migrations, backsteps, flushes;
	int fd;
	struct stream_writer *w;
	/* what subtick_result says: the samples written so far, and of the
	 * buffer those before `folded` */
	struct lvstate lv;
	size_t folded;
	int lv_failed;		/* out of memory folding: no result */
	int summary;		/* print subtick_result's line at close */
	char label[80];
	/* subtick_next's plan: set up at its first call from plan_cfg */
	struct nextplan_config plan_cfg;
	double plan_until;
	struct nextplan plan;
	int planning;
	uint64_t last_fit_ns, fit_cost_ns;	/* plan_until's fits */
};

/* plan_until is judged as collect --until judges it (watch.h): a fit at
 * a sweep's end at most this often, and ten times its cost apart (so
 * that fitting takes a tenth of the time at most), with this many
 * bootstrap replicates, and reached only with this many samples at every
 * N (fewer, and the minima may not have reached their floor). */
#define RECORDER_FIT_EVERY_NS 200000000u
#define RECORDER_FIT_REPLICATES 200
#define RECORDER_UNTIL_RUNS_MIN 5

const char *subtick_version(void)
{
	return build_version;
}

int subtick_api_version(void)
{
	return SUBTICK_API_VERSION;
}


/* The header: the keys collect writes, with the recorder's own values. */
static void write_header(subtick_recorder *r, const char *label,
			 const struct conditions *cond, const char *pinned,
			 const char *const *keys)
{
	char gen[96];
	keys_begin(r->w, &r->setup, &r->cal);
	stream_header(r->w, "kernel", label && *label ? label : "region");
	keys_machine(r->w, pinned ? cond->cpu : -1);
	keys_clock(r->w, &r->setup, &r->cal, calibrate_timer_period_ns());
	stream_header(r->w, "priority", cond->priority);
	stream_header(r->w, "cpu_check", r->reports_cpu ? "TSC_AUX (agrees with sched_getcpu)"
							: "sched_getcpu");
	stream_header(r->w, "pinning", pinned ? pinned : "none (a library leaves the thread where it is)");
	stream_header(r->w, "tsc_invariant", cond->tsc_invariant);
	stream_header(r->w, "governor", cond->governor);
	stream_header(r->w, "plan", "the program's own (libsubtick recorder)");
	stream_header(r->w, "points", "unknown (the program's)");
	stream_header(r->w, "max_n_reason", "the program's");
	stream_header(r->w, "runs", "0");
	stream_header(r->w, "budget_s", "0");
	stream_header(r->w, "seed", "0");
	for (const char *const *k = keys; k && k[0] && k[1]; k += 2)
		stream_header(r->w, k[0], k[1]);
	snprintf(gen, sizeof gen, "libsubtick %s", build_version);
	stream_header(r->w, "generator", gen);
	stream_header(r->w, "columns", "n t at");
}

/* Pinning and priority, only when asked; say what was done. */
static int conditions_for(const struct subtick_options *o,
			  const struct clock_source *c, struct conditions *cond,
			  char *pinned, size_t len)
{
	char err[256];
	memset(cond, 0, sizeof *cond);
	cond->cpu = -1;
	if (o->cpu >= 0) {
		if (conditions_pin(o->cpu, cond, err, sizeof err) != 0)
			return -1;
		snprintf(pinned, len, "CPU %d (subtick_options.cpu)", o->cpu);
	}
	if (o->raise_priority)
		conditions_raise_priority(cond);
	else
		snprintf(cond->priority, sizeof cond->priority,
			 "not raised (a library leaves it; subtick_options.raise_priority)");
	conditions_check(cond, c, NULL, NULL);
	return 0;
}

/* Everything subtick_open checks before it calibrates: the options read
 * into *o, the clock resolved into *c.  0, or -1 with errno. */
static int open_args(const char *path, const struct subtick_options *opt,
		     struct subtick_options *o, const struct clock_source **c)
{
	if (path == NULL || *path == '\0' || recorder_options_read(opt, o) != 0 ||
	    !recorder_keys_valid(o->keys) || o->coarsen_bits > CALIBRATE_COARSEN_MAX) {
		errno = EINVAL;
		return -1;
	}
	if (o->capacity > SIZE_MAX / sizeof(struct sample3)) {
		errno = ENOMEM;	/* its size in bytes does not exist */
		return -1;
	}
	*c = clockinfo_find(o->clock);
	return *c == NULL ? -1 : 0;
}

/* Memory and the file, or nothing: NULL with errno. */
static subtick_recorder *recorder_new(const char *path, const struct subtick_options *o)
{
	subtick_recorder *r = handle_new(sizeof *r);
	if (r == NULL)
		return NULL;
	r->cap = o->capacity ? o->capacity : RECORDER_CAPACITY;
	r->buf = malloc(r->cap * sizeof *r->buf);
	r->w = malloc(sizeof *r->w);
	r->fd = -1;
	if (r->buf != NULL && r->w != NULL)
		r->fd = outpath_open_stream(path);
	else
		errno = ENOMEM;
	if (r->fd < 0) {
		int e = errno;
		free(r->buf), free(r->w);
		handle_free(&r->h);
		errno = e;
		return NULL;
	}
	return r;
}


static subtick_recorder *recorder_create(const char *path, const char *label,
					 const struct subtick_options *o,
					 const struct clock_setup *setup,
					 const struct calibration *cal,
					 const struct conditions *cond,
					 const char *pinned)
{
	subtick_recorder *r = recorder_new(path, o);
	if (r == NULL)
		return NULL;
	r->setup = *setup;
	r->cal = *cal;
	uint32_t reported;
	int actual;
	const struct clock_source *c = setup->source;
	r->reports_cpu = clock_reports_cpu(c) && clock_cpu_report_agrees(c, &reported, &actual);
	if (clock_reports_cpu(c) && !r->reports_cpu)
		r->setup.source = clock_without_cpu_report(c);
	region_clock_init(&r->rc, r->setup.source, r->setup.quantum, NULL,
			  pinned ? o->cpu : -1);
	stream_init(r->w, r->fd);
	lvstate_init(&r->lv, calibrate_band_tick(cal));
	r->summary = o->summary != 0;
	nextplan_options_config(o, &r->cal, &r->plan_cfg);
	r->plan_until = o->plan_until;
	snprintf(r->label, sizeof r->label, "%s", label ? label : "");
	write_header(r, label, cond, pinned, o->keys);
	if (stream_flush(r->w) != 0) {
		int e = r->w->error;
		close(r->fd);
		free(r->buf), free(r->w);
		handle_free(&r->h);
		errno = e;
		return NULL;
	}
	handle_set_live(&r->h);
	return r;
}

subtick_recorder *subtick_open(const char *path, const char *label,
			       const struct subtick_options *opt)
{
	struct subtick_options o;
	const struct clock_source *c;
	struct conditions cond;
	struct clock_setup setup;
	struct calibration cal;
	char pinned[64] = "";
	if (open_args(path, opt, &o, &c) != 0)
		return NULL;
	if (conditions_for(&o, c, &cond, pinned, sizeof pinned) != 0 ||
	    calibrate_clock(c, o.coarsen_bits, &setup, &cal) != 0) {
		errno = EINVAL;
		return NULL;
	}
	return recorder_create(path, label, &o, &setup, &cal, &cond,
			       pinned[0] ? pinned : NULL);
}

subtick_recorder *recorder_open_calibrated(const char *path, const char *label,
					   const struct subtick_options *opt,
					   const struct clock_setup *setup,
					   const struct calibration *cal)
{
	struct subtick_options o;
	const struct clock_source *c;
	struct conditions cond;
	char pinned[64] = "";
	if (open_args(path, opt, &o, &c) != 0)
		return NULL;
	if (conditions_for(&o, c, &cond, pinned, sizeof pinned) != 0) {
		errno = EINVAL;
		return NULL;
	}
	return recorder_create(path, label, &o, setup, cal, &cond,
			       pinned[0] ? pinned : NULL);
}

uint64_t subtick_start(subtick_recorder *r)
{
	int e = handle_enter(r ? &r->h : NULL);
	if (e != 0) {
		errno = e;
		return 0;
	}
	region_begin(&r->rc, &r->open);
	uint64_t t0 = clock_coarsen(r->open.start, r->rc.quantum);
	r->t0 = t0;
	r->started = 1;
	handle_leave(&r->h);
	return t0;
}

/* The buffer's samples not yet in the line's state, folded in (outside
 * any region). */
static void fold_samples(subtick_recorder *r)
{
	for (; r->folded < r->len && !r->lv_failed; r->folded++)
		r->lv_failed = lvstate_add(&r->lv, r->buf[r->folded].n, r->buf[r->folded].t) != 0;
}

/* Hand the buffered samples to the stream writer, outside any region.
 * Returns 0, or the stream's write error (ENOSPC: the disk is full). */
static int flush_samples(subtick_recorder *r)
{
	fold_samples(r);
	r->folded = 0;
	for (size_t i = 0; i < r->len; i++) {
		const uint64_t f[3] = { r->buf[i].n, r->buf[i].t, r->buf[i].at };
		stream_sample(r->w, f, 3);
	}
	r->len = 0;
	r->flushes++;
	stream_flush(r->w);
	return r->w->error;
}

/* The region begun by t0 ended at *end: judged, and kept or counted. */
static int take_sample(subtick_recorder *r, uint64_t n, uint64_t t0,
		       const struct region *end)
{
	if (!r->started || t0 != r->t0)
		return errno = EINVAL, -1;
	r->started = 0;
	struct region run = r->open;
	struct region_timing tm;
	run.end = end->end;
	run.cpu_end = end->cpu_end;
	switch (region_judge(&r->rc, &run, &tm)) {
	case REGION_BACKSTEP:
		r->backsteps++;
		return 1;
	case REGION_MIGRATED:
		r->migrations++;
		return 1;
	case REGION_KEEP:
		break;
	}
	if (r->planning && nextplan_time(&r->plan, n, tm.t))
		return 0;	/* the probe's or the warm-up's */
	if (!r->have_first) {
		r->first_start = tm.start;
		r->have_first = 1;
	}
	r->buf[r->len++] = (struct sample3){ n, tm.t, tm.start - r->first_start };
	r->samples++;
	/* a write that failed is said at once, and at every stop after it
	 * (the stream takes no more samples; the line still has them all) */
	int e = r->len == r->cap ? flush_samples(r) : r->w->error;
	return e != 0 ? (errno = e, -1) : 0;
}

int subtick_stop(subtick_recorder *r, uint64_t n, uint64_t t0)
{
	if (r == NULL)
		return errno = EINVAL, -1;
	/* the reading first: r->rc is set at open and never changed, and the
	 * handle is never unmapped, so this is safe before the checks */
	struct region end;
	region_end(&r->rc, &end);
	int e = handle_enter(&r->h);
	if (e != 0)
		return errno = e, -1;
	int rc = take_sample(r, n, t0, &end);
	handle_leave(&r->h);
	return rc;
}

/* nextplan's question at a sweep's end: are the bounds as narrow as
 * plan_until asks?  1 yes, 0 not yet (or not time to fit), -1 ENOMEM. */
static int until_reached(void *arg)
{
	subtick_recorder *r = arg;
	if (!(r->plan_until > 0))
		return 0;
	uint64_t now = clock_reference_ns(), since = now - r->last_fit_ns;
	if (since < RECORDER_FIT_EVERY_NS || since < 10 * r->fit_cost_ns)
		return 0;
	struct lvstate_fit f;
	fold_samples(r);
	if (r->lv_failed || lvstate_fit(&r->lv, RECORDER_FIT_REPLICATES, 1, &f) != 0)
		return errno = ENOMEM, -1;
	r->last_fit_ns = clock_reference_ns();
	r->fit_cost_ns = r->last_fit_ns - now;
	return f.ok && f.rel_width <= r->plan_until && f.runs_min >= RECORDER_UNTIL_RUNS_MIN;
}

/* The plan's N into *n (subtick_next, inside the handle). */
static int next_of(subtick_recorder *r, uint64_t *n)
{
	if (!r->planning) {
		nextplan_init(&r->plan, &r->plan_cfg);
		r->planning = 1;
	}
	int rc = nextplan_next(&r->plan, clock_reference_ns(), n, until_reached, r);
	if (r->plan.stop == NEXTPLAN_FAILED)
		return errno = r->plan.error, 0;
	/* the plan in the header, where no sample was written before it */
	if (nextplan_made(&r->plan) && r->samples == 0) {
		char text[320];
		nextplan_describe(&r->plan, text, sizeof text);
		stream_header(r->w, "subtick_next", text);
	}
	return rc;
}

int subtick_next(subtick_recorder *r, uint64_t *n)
{
	if (n != NULL)
		*n = 0;
	int e = n == NULL ? EINVAL : handle_enter(r ? &r->h : NULL);
	if (e != 0)
		return errno = e, 0;
	int rc = next_of(r, n);
	handle_leave(&r->h);
	return rc;
}

/* SUBTICK_WARN_*: analyze's first checks, on what the state holds. */
static unsigned result_warnings(const subtick_recorder *r, const struct lvstate_fit *f)
{
	unsigned w = 0;
	if (!f->ok)
		return SUBTICK_WARN_NO_LINE | (r->migrations + r->backsteps ? SUBTICK_WARN_DROPPED : 0);
	w |= f->points < 8 ? SUBTICK_WARN_FEW_POINTS : 0;
	w |= f->runs_min < 5 ? SUBTICK_WARN_FEW_RUNS : 0;
	w |= r->migrations + r->backsteps ? SUBTICK_WARN_DROPPED : 0;
	w |= !(f->rel_width <= 0.1) ? SUBTICK_WARN_WIDE : 0;
	w |= f->glitches.count > 0 ? SUBTICK_WARN_GLITCH : 0;
	w |= f->drift ? SUBTICK_WARN_DRIFT : 0;
	/* the rise over the N range, in ticks */
	const struct point_set *s = &r->lv.points;
	uint64_t lo = UINT64_MAX, hi = 0;
	for (size_t i = 0; i < s->count; i++) {
		lo = s->p[i].n < lo ? s->p[i].n : lo;
		hi = s->p[i].n > hi ? s->p[i].n : hi;
	}
	double tick = r->cal.tick > 0 ? calibrate_band_tick(&r->cal) : 1;
	if (!(f->slope > 0))
		w |= SUBTICK_WARN_NOT_POSITIVE;
	else if (f->slope * (double)(hi - lo) < 100 * tick)
		w |= SUBTICK_WARN_FEW_TICKS;
	return w;
}

/* The line so far into *out (the caller's size bytes of it). */
static int result_of(subtick_recorder *r, struct subtick_result *out)
{
	struct lvstate_fit f;
	fold_samples(r);
	if (r->lv_failed || lvstate_fit(&r->lv, INTERVAL_REPLICATES, 1, &f) != 0)
		return errno = ENOMEM, -1;
	double k = r->cal.unit_ns > 0 ? r->cal.unit_ns : NAN;
	struct subtick_result x = {
		.size = sizeof x, .ok = f.ok,
		.unit_cost = f.slope, .unit_cost_lo = f.iv.slope[0], .unit_cost_hi = f.iv.slope[1],
		.overhead = f.intercept, .overhead_lo = f.iv.intercept[0],
		.overhead_hi = f.iv.intercept[1], .unit_ns = k,
		.points = f.points, .samples = r->samples, .runs_min = f.runs_min,
	};
	if (!f.ok)
		x.unit_cost = x.unit_cost_lo = x.unit_cost_hi = x.overhead =
			x.overhead_lo = x.overhead_hi = NAN;
	x.unit_cost_ns = x.unit_cost * k, x.unit_cost_ns_lo = x.unit_cost_lo * k;
	x.unit_cost_ns_hi = x.unit_cost_hi * k, x.overhead_ns = x.overhead * k;
	x.overhead_ns_lo = x.overhead_lo * k, x.overhead_ns_hi = x.overhead_hi * k;
	x.warnings = result_warnings(r, &f);
	memcpy(out, &x, out->size < sizeof x ? out->size : sizeof x);
	return 0;
}

int subtick_result_size(subtick_recorder *r, struct subtick_result *res, size_t size)
{
	if (res == NULL || size < offsetof(struct subtick_result, warnings))
		return errno = EINVAL, -1;
	int e = handle_enter(r ? &r->h : NULL);
	if (e != 0)
		return errno = e, -1;
	res->size = size;
	int rc = result_of(r, res);
	handle_leave(&r->h);
	return rc;
}

/* A count read under the flag, so that it is never torn. */
static uint64_t count_of(const subtick_recorder *r, int dropped)
{
	subtick_recorder *m = (subtick_recorder *)r;	/* the flag only */
	int e = handle_enter(m ? &m->h : NULL);
	if (e != 0) {
		errno = e;
		return 0;
	}
	uint64_t v = dropped ? m->migrations + m->backsteps : m->samples;
	handle_leave(&m->h);
	return v;
}

uint64_t subtick_samples(const subtick_recorder *r)
{
	return count_of(r, 0);
}

uint64_t subtick_dropped(const subtick_recorder *r)
{
	return count_of(r, 1);
}

/* subtick_options.summary: the result on one line, on stderr. */
static void print_summary(subtick_recorder *r)
{
	struct subtick_result x = { .size = sizeof x };
	int line = result_of(r, &x) == 0 && x.ok;
	summary_print(r->label, line ? &x : NULL, r->samples, r->migrations, r->backsteps);
}

/* Why the recording ended: subtick_next's plan, or the program's close. */
static const char *stop_word(const subtick_recorder *r)
{
	if (!r->planning)
		return "close";
	return r->plan.stop == NEXTPLAN_BUDGET ? "budget"
	       : r->plan.stop == NEXTPLAN_UNTIL ? "until" : "close";
}

/* Memory and descriptor given back; marked closed. */
static void release(subtick_recorder *r)
{
	lvstate_free(&r->lv);
	if (r->planning)
		nextplan_free(&r->plan);
	free(r->buf), free(r->w);
	r->buf = NULL, r->w = NULL;
	r->fd = -1;
	handle_set_closed(&r->h);
}

int subtick_close(subtick_recorder *r)
{
	if (r != NULL && handle_in_child(&r->h)) {
		/* the parent's stream: the child's copy is let go unwritten */
		close(r->fd);
		release(r);
		return 0;
	}
	int e = handle_enter(r ? &r->h : NULL);
	if (e != 0)
		return errno = e, -1;
	flush_samples(r);
	if (r->summary)
		print_summary(r);
	stream_linef(r->w,
		     "# done: samples=%llu dropped=%llu migrations=%llu backsteps=%llu writes=%llu stop=%s",
		     (unsigned long long)r->samples,
		     (unsigned long long)(r->migrations + r->backsteps),
		     (unsigned long long)r->migrations,
		     (unsigned long long)r->backsteps,
		     (unsigned long long)r->flushes, stop_word(r));
	stream_flush(r->w);
	e = r->w->error;
	if (close(r->fd) != 0 && e == 0)
		e = errno;
	release(r);
	handle_leave(&r->h);
	if (e != 0)
		return errno = e, -1;
	return 0;
}

int recorder_unreserve(subtick_recorder *r)
{
	if (r == NULL || !handle_closed(&r->h))
		return errno = EINVAL, -1;
	handle_free(&r->h);
	return 0;
}
