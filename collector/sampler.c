/*
 * sampler.c - the timing loop.
 *
 * Each run is the timed region of region.h around one kernel call: inside
 * it only the start reading, the call and the end reading.  Everything
 * else (the verdict, writing the line, the budget check) happens between
 * samples.
 */
#include "sampler.h"

#include <math.h>
#include <sched.h>
#include <setjmp.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <gsl/gsl_rng.h>

#include "kbest.h"
#include "progress.h"
#include "replan.h"
#include "shuffle.h"
#include "stopsignals.h"

/*
 * What a stop signal's handler must reach to abandon a run in hand.  A
 * run taken when the signal comes is dropped anyway (it may hold the
 * handler's time), so waiting for its end gains nothing, and a run of
 * 10^19 iterations would never end.  Only a built-in kernel (count,
 * memcpy: no lock, no allocation, nothing half-done that matters) is left
 * by a jump out of the handler; a user's kernel may hold a lock or a
 * half-built state, and is waited for (a second signal then ends collect
 * at once); a command is ended by its own wait (exec_child.h).
 */
static sigjmp_buf abandon_to;
static volatile sig_atomic_t abandonable;
static volatile pid_t abandon_tid;	/* the sampling thread: a handler run
					 * by another (an MPI library's) must
					 * not jump */

void sampler_abandon_run(void)
{
	if (abandonable && (pid_t)syscall(SYS_gettid) == abandon_tid) {
		abandonable = 0;
		siglongjmp(abandon_to, 1);
	}
}

/* A built-in kernel: no shared object and no context of its own. */
static int can_abandon(const struct kernel *k)
{
	return k->library == NULL && k->fixed_ctx == NULL;
}

/* Time one call of the kernel: the region of region.h around it, and
 * what must come before it outside (NAME_before). */
static void time_one(const struct region_clock *rc, struct kernel *k,
		     uint64_t n, struct region *r)
{
	kernel_before(k, n);
	region_begin(rc, r);
	k->run(n, k->ctx);
	region_end(rc, r);
}

uint64_t sampler_min_timing(const struct clock_setup *clock,
			    struct kernel *k, uint64_t n, int cpu, int reps)
{
	uint64_t best = UINT64_MAX;
	struct region_clock rc;
	region_clock_init(&rc, clock->source, clock->quantum, NULL, cpu);
	for (int i = 0; i < reps; i++) {
		struct region r;
		struct region_timing tm;
		time_one(&rc, k, n, &r);
		if (region_judge(&rc, &r, &tm) == REGION_KEEP && tm.t < best)
			best = tm.t;
	}
	return best;
}

struct loop_state {
	const struct sampler_config *cfg;
	struct region_clock rc;
	struct stream_writer *const *w;	/* one per kernel */
	const volatile sig_atomic_t *stop;
	struct sampler_result *res;	/* one per kernel; res[0] holds the
					 * collection's stop and sweeps */
	unsigned kernels;
	struct kbest kb;
	struct progress bar;
	struct watch watch;	/* each kernel's line between sweeps */
	const struct plan *plan;	/* A's N now: cfg->plan, or re-made */
	struct replan rp;
	uint64_t first_start;	/* of A and B alike: one time base */
	int have_first;
	uint64_t t0_ns;
	uint64_t flushed_ns;	/* when the streams were last flushed */
	double busy_units[SAMPLER_KERNELS_MAX];
	pid_t tid;		/* this thread's id */
};

/* Hand the buffered lines over (sweep's end, or a second since the last
 * time).  Returns 0, or -1 when an output failed. */
static int flush_now(struct loop_state *s, uint64_t now_ns)
{
	s->flushed_ns = now_ns;
	for (unsigned k = 0; k < s->kernels; k++)
		if (stream_flush(s->w[k]) != 0) {
			s->res[0].stop = SAMPLER_OUTPUT;
			return -1;
		}
	return 0;
}

static double fraction_done(const struct loop_state *s, double sweep_part,
			    uint64_t now_ns)
{
	const struct sampler_config *cfg = s->cfg;
	double f = 0;
	if (cfg->runs)
		f = ((double)s->res[0].sweeps + sweep_part) / (double)cfg->runs;
	if (cfg->budget_ns > 0) {
		double g = (double)(now_ns - s->t0_ns) / cfg->budget_ns;
		f = g > f ? g : f;
	}
	return f;
}

/* Time kernel k at n into *r.  Returns 0, or -1 when a stop signal's
 * handler left the run (a built-in kernel's): the jump lands here, in a
 * frame alive for the whole run. */
static int timed_run(struct loop_state *s, struct kernel *kern, uint64_t n,
		     struct region *r)
{
	if (can_abandon(kern)) {
		if (sigsetjmp(abandon_to, 0) != 0) {
			stop_signals_unblock();
			return -1;
		}
		abandon_tid = s->tid;
		abandonable = 1;
	}
	time_one(&s->rc, kern, n, r);
	abandonable = 0;
	return 0;
}

/* The kernel's own columns after the first fields of row; how many, or
 * 0 after counting a run they drop. */
static int own_columns(struct kernel *kern, struct sampler_result *res,
		       uint64_t *row, int fields)
{
	int more = kern->columns(kern->ctx, &row[1], row + fields);
	if (more == -2)		/* a command ran past its time limit */
		res->dropped_timeout++;
	else if (more < 0)	/* another rank's clock stepped back */
		res->dropped_backstep++;
	return more < 0 ? 0 : fields + more;
}

/* Time kernel k once at n (plan index i) and write its line.  Returns 1 to
 * go on, 0 when a stop condition ended the sweep (res[0].stop says which). */
static int sample_one(struct loop_state *s, unsigned k, uint64_t n, size_t i,
		      int write)
{
	const struct sampler_config *cfg = s->cfg;
	struct kernel *kern = cfg->kernel[k];
	struct sampler_result *res = &s->res[k];
	struct region r;
	struct region_timing tm;
	int left = timed_run(s, kern, n, &r) != 0;
	if (!left && kern->failure != NULL &&
	    kern->failure(kern->ctx, s->res[0].failure, sizeof s->res[0].failure)) {
		s->res[0].stop = SAMPLER_KERNEL;
		return 0;
	}
	if (!write && !left)
		return 1;
	if (left || *s->stop) {	/* the signal may have hit the timed region */
		res->dropped_signal += write != 0;
		s->res[0].stop = SAMPLER_SIGNAL;
		return 0;
	}
	switch (region_judge(&s->rc, &r, &tm)) {
	case REGION_MIGRATED:
		res->dropped_migration++;
		return 1;
	case REGION_BACKSTEP:
		res->dropped_backstep++;
		return 1;
	case REGION_KEEP:
		break;
	}
	if (!s->have_first) {
		s->first_start = tm.start;
		s->have_first = 1;
	}
	uint64_t row[SAMPLER_FIELDS_MAX];	/* the first fields only */
	row[0] = n;
	row[1] = tm.t;
	row[2] = tm.start - s->first_start;
	row[3] = tm.t2;
	int fields = cfg->clock2 ? 4 : 3;
	if (kern->columns != NULL && (fields = own_columns(kern, res, row, fields)) == 0)
		return 1;
	if (stream_sample(s->w[k], row, fields) != 0) {
		s->res[0].stop = SAMPLER_OUTPUT;
		return 0;
	}
	res->samples++;
	watch_record(&s->watch, k, n, row[1]);
	s->busy_units[k] += (double)tm.t;
	if (s->kb.k)
		kbest_add(&s->kb, i, row[1]);
	return 1;
}

/* One sweep in a fresh random order; write == 0 for the warm-up.  Returns
 * 1 to go on, 0 when a stop condition ended it (res[0].stop says which). */
static int sweep(struct loop_state *s, gsl_rng *rng, size_t *order, int write)
{
	const struct sampler_config *cfg = s->cfg;
	const struct plan *plan = s->plan;

	plan_shuffle(order, plan->count, rng);
	for (size_t i = 0; i < plan->count; i++) {
		if (cfg->poll != NULL)
			cfg->poll(cfg->poll_arg);
		if (*s->stop) {
			s->res[0].stop = SAMPLER_SIGNAL;
			return 0;
		}
		/* A then B, or B then A: neither always runs on the state
		 * the other left behind */
		unsigned first = s->kernels > 1
					 ? (unsigned)gsl_rng_uniform_int(rng, s->kernels) : 0;
		for (unsigned j = 0; j < s->kernels; j++) {
			unsigned k = (first + j) % s->kernels;
			const struct plan *p = k == 1 && cfg->plan_b ? cfg->plan_b : plan;
			if (!sample_one(s, k, p->n[order[i]], order[i], write))
				return 0;
		}
		if (!write)
			continue;
		uint64_t now = clock_reference_ns();
		if (now - s->flushed_ns >= SAMPLER_FLUSH_NS && flush_now(s, now) != 0)
			return 0;
		struct progress_state ps = {
			s->res[0].samples, fraction_done(s, (double)i / (double)plan->count, now),
			cfg->budget_ns / 1e9, &s->watch, cfg->unit_ns,
		};
		progress_update(&s->bar, now, &ps);
		if (cfg->budget_ns > 0 && s->res[0].sweeps > 0 &&
		    (double)(now - s->t0_ns) >= cfg->budget_ns) {
			s->res[0].stop = SAMPLER_BUDGET;
			return 0;
		}
	}
	return 1;
}

/* Room for a sweep's samples of a kernel: the plan's N, or as many as a
 * plan made again may have. */
static size_t sweep_room(const struct sampler_config *cfg)
{
	size_t most = cfg->until_plan != NULL ? cfg->until_plan->points_max : 0;
	return cfg->plan->count > most ? cfg->plan->count : most;
}

/* After a fit: --until's plan made again where sooner (replan.h).
 * 0, or -1 out of memory. */
static int replan_now(struct loop_state *s)
{
	const struct sampler_config *cfg = s->cfg;
	if (!s->rp.on)
		return 0;
	uint64_t now = clock_reference_ns();
	double spent = (double)(now - s->t0_ns);
	double left = cfg->budget_ns > 0 ? (cfg->budget_ns - spent) / cfg->unit_ns : 0;
	int rc = replan_consider(&s->rp, &s->plan, &s->watch.fit[0], cfg->kernel[0], left,
				 spent / 1e9);
	if (rc > 0) {
		s->res[0].replans++;
		watch_restart(&s->watch, clock_reference_ns());
		progress_clear(&s->bar);
		fprintf(stderr, "%s: note: %s\n", cfg->prog, s->rp.said);
	}
	return rc < 0 ? -1 : 0;
}

static void sample_sweeps(struct loop_state *s, gsl_rng *rng, size_t *order)
{
	const struct sampler_config *cfg = s->cfg;
	struct sampler_result *res = &s->res[0];
	if (!sweep(s, rng, order, 0))
		return;
	if (cfg->start_output != NULL && cfg->start_output(cfg->start_output_arg) != 0) {
		res->stop = SAMPLER_OUTPUT;
		return;
	}
	s->t0_ns = clock_reference_ns();
	progress_init(&s->bar, cfg->progress, s->t0_ns);
	if (watch_init(&s->watch, s->kernels, sweep_room(cfg), cfg->tick, cfg->until,
		       s->bar.enabled, s->t0_ns) != 0) {
		res->stop = SAMPLER_NOMEM;
		return;
	}
	s->flushed_ns = s->t0_ns;
	for (;;) {
		if (!sweep(s, rng, order, 1))
			return;
		res->sweeps++;
		if (flush_now(s, clock_reference_ns()) != 0)
			return;
		replan_count(&s->rp, s->plan, &s->watch.fit[0], s->watch.fold_n[0],
			     s->watch.fold_t[0], s->watch.fold_count[0]);
		uint64_t fitted = s->watch.last_fit_ns;
		int reached = watch_sweep(&s->watch, clock_reference_ns());
		if (reached == 0 && s->watch.last_fit_ns != fitted && replan_now(s) != 0)
			reached = -1;
		if (reached != 0) {
			res->stop = reached == 1 ? SAMPLER_UNTIL
				    : reached == 2 ? SAMPLER_DRIFT : SAMPLER_NOMEM;
			return;
		}
		if (cfg->runs && res->sweeps >= cfg->runs) {
			res->stop = SAMPLER_RUNS;
			return;
		}
		if (s->kb.k && kbest_converged(&s->kb)) {
			res->stop = SAMPLER_KBEST;
			return;
		}
		if (cfg->budget_ns > 0 &&
		    (double)(clock_reference_ns() - s->t0_ns) >= cfg->budget_ns) {
			res->stop = SAMPLER_BUDGET;
			return;
		}
	}
}

/* What the bounds of a fit (NULL: none) are made of: the tick band's and
 * the subsampling's widths over the unit cost, the band's W in ticks, and
 * what the subsampling halved. */
static void parts_of_width(const struct lvstate_fit *f, double tick,
			   struct sampler_result *r)
{
	const struct interval *iv = f != NULL ? &f->iv : NULL;
	int sloped = f != NULL && f->ok && f->slope > 0;
	r->band_rel = sloped && iv->band_ok
			      ? (iv->band_slope[1] - iv->band_slope[0]) / f->slope : NAN;
	r->sub_rel = sloped && iv->sub_ok
			     ? (iv->sub_slope[1] - iv->sub_slope[0]) / f->slope : NAN;
	r->band_ticks = sloped && iv->band_ok && tick > 0 ? iv->band_width / tick : NAN;
	r->sub_blocks = sloped ? iv->blocks : 0;
}

void sampler_run(const struct sampler_config *cfg, struct stream_writer *const w[],
		 const volatile sig_atomic_t *stop, struct sampler_result res[])
{
	unsigned kernels = cfg->kernel[1] != NULL ? 2 : 1;
	struct loop_state s = { .cfg = cfg, .w = w, .stop = stop, .res = res,
				.kernels = kernels, .tid = (pid_t)syscall(SYS_gettid) };
	region_clock_init(&s.rc, cfg->clock->source, cfg->clock->quantum,
			  cfg->clock2 ? cfg->clock2->source : NULL, cfg->cpu);
	for (unsigned k = 0; k < kernels; k++)
		res[k] = (struct sampler_result){ 0 };
	size_t *order = malloc(sweep_room(cfg) * sizeof *order);
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	s.plan = cfg->plan;
	/* one kernel, no --kbest (its agreement is kept per N of the plan),
	 * a budget to plan within */
	int replanning = cfg->until_plan != NULL && kernels == 1 && !cfg->kbest_k &&
			 cfg->budget_ns > 0 && cfg->until > 0;

	s.t0_ns = clock_reference_ns();
	if (order == NULL || rng == NULL ||
	    replan_init(&s.rp, replanning ? cfg->until_plan : NULL, cfg->plan, cfg->unit_ns) != 0 ||
	    (cfg->kbest_k && kbest_init(&s.kb, cfg->plan->count, cfg->kbest_k,
					cfg->kbest_eps) != 0)) {
		res[0].stop = SAMPLER_NOMEM;
	} else {
		gsl_rng_set(rng, (unsigned long)cfg->seed);
		sample_sweeps(&s, rng, order);
	}
	progress_clear(&s.bar);
	uint64_t t1 = clock_reference_ns();
	double seconds = (double)(t1 - s.t0_ns) / 1e9;
	/* the precision reached, where it was watched */
	int watched = s.watch.active && res[0].stop != SAMPLER_NOMEM &&
		      (res[0].stop == SAMPLER_UNTIL || res[0].stop == SAMPLER_DRIFT ||
		    watch_finish(&s.watch, t1) == 0);
	for (unsigned k = 0; k < kernels; k++) {
		res[k].precision = watched && s.watch.fit[k].ok ? s.watch.fit[k].rel_width : NAN;
		res[k].runs_min = watched && s.watch.fit[k].ok ? s.watch.fit[k].runs_min : 0;
		res[k].glitches = watched && s.watch.fit[k].ok ? s.watch.fit[k].glitches.count : 0;
		res[k].drift = watched && s.watch.fit[k].ok && s.watch.fit[k].drift
				       ? s.watch.fit[k].drift_rel : 0;
		res[k].drift_fast = res[k].drift > 0 ? s.watch.fit[k].drift_fast : 0;
		res[k].drift_slow = res[k].drift > 0 ? s.watch.fit[k].drift_slow : 0;
		parts_of_width(watched ? &s.watch.fit[k] : NULL, cfg->tick, &res[k]);
		res[k].trend = s.watch.trend.last;
		res[k].stop = res[0].stop;
		res[k].sweeps = res[0].sweeps;
		res[k].seconds = seconds;
		res[k].duty = seconds > 0 ? s.busy_units[k] * cfg->unit_ns / (seconds * 1e9)
					  : 0;
		if (k > 0)
			memcpy(res[k].failure, res[0].failure, sizeof res[k].failure);
	}
	watch_free(&s.watch);
	replan_free(&s.rp);
	kbest_free(&s.kb);
	gsl_rng_free(rng);
	free(order);
}

const char *sampler_stop_name(enum sampler_stop stop)
{
	static const char *const names[] = { "runs", "budget", "kbest",
					     "signal", "output", "memory", "command",
					     "until", "check", "drift" };
	return names[stop];
}
