/*
 * session.c - the stages of one collection.
 */
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "header.h"
#include "probe.h"
#include "sampler.h"

static int fail(const struct session *s, int status, const char *msg)
{
	fprintf(stderr, "%s: %s\n", s->opt->prog, msg);
	return status;
}

static int resolve_plan(struct session *s, char *err, size_t len)
{
	const struct collect_options *o = s->opt;
	if (o->n_list) {
		if (plan_from_list(o->n_list, &s->plan, err, len) != 0)
			return -1;
		snprintf(s->plan_text, sizeof s->plan_text, "--n %s", o->n_list);
	} else if (o->range) {
		if (plan_from_range(o->range, o->geometric, &s->plan, err, len) != 0)
			return -1;
		snprintf(s->plan_text, sizeof s->plan_text, "--range %s%s",
			 o->range, o->geometric ? " --geometric" : "");
	}
	if (s->plan.count && plan_max(&s->plan) > s->kernel.n_limit) {
		snprintf(err, len,
			 "--kernel %s: N = %llu is beyond what it can allocate here (at most %llu)",
			 s->kernel.name, (unsigned long long)plan_max(&s->plan),
			 (unsigned long long)s->kernel.n_limit);
		return -1;
	}
	return 0;
}

/* Trust the CPU the clock reports (rdtscp's TSC_AUX) only once it has
 * agreed with sched_getcpu(); else ask sched_getcpu() around every run. */
static void check_cpu_report(struct session *s)
{
	uint32_t reported;
	int actual;
	if (!clock_reports_cpu(s->clock)) {
		snprintf(s->cpu_check, sizeof s->cpu_check, "sched_getcpu");
		return;
	}
	if (clock_cpu_report_agrees(s->clock, &reported, &actual)) {
		snprintf(s->cpu_check, sizeof s->cpu_check,
			 "TSC_AUX (agrees with sched_getcpu)");
		return;
	}
	snprintf(s->cpu_check, sizeof s->cpu_check,
		 "sched_getcpu (TSC_AUX said %u on CPU %d)", reported & 0xfffu,
		 actual);
	fprintf(stderr, "%s: note: rdtscp's TSC_AUX (%u) does not name the CPU (%d): migrations are detected with sched_getcpu() instead, and the TSC is read with lfence; rdtsc; lfence\n",
		s->opt->prog, reported & 0xfffu, actual);
	s->clock = clock_without_cpu_report(s->clock);
}

int session_resolve(struct session *s, const struct collect_options *opt)
{
	char err[1024];
	memset(s, 0, sizeof *s);
	s->opt = opt;
	s->out_fd = -1;
	const struct clock_source *c = clock_find(opt->clock);
	if (c == NULL || !clock_available(c, &s->clock, err, sizeof err)) {
		fprintf(stderr, "%s: --clock %s: not available on this machine%s%s\n",
			s->opt->prog, opt->clock, c ? ": " : "", c ? err : "");
		return 2;
	}
	if (opt->also_clock != NULL) {
		c = clock_find(opt->also_clock);
		if (c == NULL || !clock_available(c, &s->clock2, err, sizeof err)) {
			fprintf(stderr, "%s: --also-clock %s: not available on this machine%s%s\n",
				s->opt->prog, opt->also_clock, c ? ": " : "", c ? err : "");
			return 2;
		}
	}
	if (opt->exec ? kernel_exec_open(opt->exec, opt->prepare, opt->shell,
					  &s->kernel, err, sizeof err) != 0
	    : opt->open_kernel ? opt->open_kernel(opt->kernel, &s->kernel, err,
						  sizeof err, opt->open_kernel_arg) != 0
		      : kernel_open(opt->kernel, &s->kernel, err, sizeof err) != 0)
		return fail(s, opt->exec ? 1 : 2, err);
	s->kernel.arg = opt->kernel_arg;
	if (opt->kernel_arg != NULL && s->kernel.setup_arg == NULL) {
		snprintf(err, sizeof err,
			 "--kernel-arg: kernel %s has no NAME_setup_arg to take it (see subtick/kernel.h)",
			 s->kernel.name);
		return fail(s, 2, err);
	}
	if (resolve_plan(s, err, sizeof err) != 0)
		return fail(s, 2, err);
	if (opt->max_n > 0 && opt->max_n > s->kernel.n_limit) {
		snprintf(err, sizeof err,
			 "--max-n %llu: beyond what kernel %s can allocate here (at most %llu)",
			 (unsigned long long)opt->max_n, s->kernel.name,
			 (unsigned long long)s->kernel.n_limit);
		return fail(s, 2, err);
	}
	if (opt->max_n > 0)
		s->kernel.n_auto_max = opt->max_n;
	if (conditions_pin(opt->cpu, &s->cond, err, sizeof err) != 0)
		return fail(s, 2, err);
	check_cpu_report(s);
	s->seed = opt->seed_given ? opt->seed
				  : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	return 0;
}

int session_calibrate(struct session *s)
{
	if (s->opt->raise_priority)
		conditions_raise_priority(&s->cond);
	else
		snprintf(s->cond.priority, sizeof s->cond.priority,
			 "not raised (--no-priority)");
	conditions_check(&s->cond, s->clock, s->opt->prog, stderr);
	s->timer_period_ns = calibrate_timer_period_ns();
	int rc = calibrate_clock(s->clock, s->opt->coarsen_bits, &s->setup, &s->cal);
	if (rc == -2)
		return fail(s, 2, "--coarsen: the coarsened tick does not fit in 64 bits");
	if (rc != 0)
		return fail(s, 1, "the clock did not advance within 0.3 s");
	if (!s->cal.getres_agrees)
		fprintf(stderr,
			"%s: warning: detected tick %llu is finer than clock_getres() claims (%.0f ns): the readings may have been too few or disturbed\n",
			s->opt->prog, (unsigned long long)s->cal.native_tick,
			s->cal.claimed_res_ns);
	if (s->clock2 != NULL &&
	    calibrate_clock(s->clock2, 0, &s->setup2, &s->cal2) != 0)
		return fail(s, 1, "the second clock did not advance within 0.3 s");
	return 0;
}

/* A longest run shorter than PLAN_MIN_TICKS resolutions measures the clock,
 * not the kernel: refuse rather than write t = 0 everywhere. */
static int enough_ticks(const struct session *s,
			const struct plan_auto_result *r, double resolution)
{
	double ticks = r->ticks;
	if (r->points < PLAN_AUTO_POINTS)
		fprintf(stderr,
			"%s: note: the budget holds runs of %d ticks at only %zu N (of %d): raise --budget for more\n",
			s->opt->prog, PLAN_MIN_TICKS, r->points, PLAN_AUTO_POINTS);
	if (ticks >= PLAN_MIN_TICKS || s->opt->force)
		return 0;
	fprintf(stderr,
		"%s: the longest run can span only %.2g ticks of %s (%.4g ms each) within the budget, and at least %d are needed to see the unit cost; raise --budget, choose a finer --clock, give --n, or --force\n",
		s->opt->prog, ticks, s->clock->name, resolution * s->cal.unit_ns / 1e6,
		PLAN_MIN_TICKS);
	return 2;
}

static void warn_plan(const struct session *s, const struct plan_auto_result *r)
{
	double ns = s->cal.unit_ns;
	if (r->budget_limited)
		fprintf(stderr,
			"%s: warning: the budget allows a span of only %.3g ms (%.3g ticks): expect a relative precision near %.2g, not %.2g; raise --budget\n",
			s->opt->prog, r->span * ns / 1e6, r->span / (double)s->cal.tick,
			r->expected_precision, s->opt->precision);
	if (r->kernel_limited)
		fprintf(stderr,
			"%s: note: kernel %s keeps N <= %llu in the automatic plan: expect a relative precision near %.2g\n",
			s->opt->prog, s->kernel.name, (unsigned long long)plan_max(&s->plan),
			r->expected_precision);
	if (r->over_cap)
		fprintf(stderr,
			"%s: note: runs up to %.3g ms are longer than the timer interrupt period (%.3g ms) allows without interruption; interrupts will land in many runs\n",
			s->opt->prog, r->longest * ns / 1e6, s->timer_period_ns / 1e6);
}

/* The clock's resolution in units, for the plan: the larger of the detected
 * tick and what clock_getres() claims.  The read overhead is not one: it is
 * a constant that the intercept absorbs (Herrero & Navarro's eq. 5 wants
 * the clock's precision). */
static double plan_resolution(const struct session *s)
{
	double r = (double)s->cal.tick;
	double claimed = s->cal.claimed_res_ns / s->cal.unit_ns;
	if (claimed > r)
		r = claimed;
	return r > 1 ? r : 1;
}

/* Stop the plan below a jump of the cost per unit (probe.h), unless the
 * user or the kernel chose the largest N.  *jumped = 1 when it did.
 * Returns an exit status. */
static int stay_in_regime(struct session *s, struct plan_auto_input *in,
			  int *jumped)
{
	char err[512];
	struct probe_regime reg;
	*jumped = 0;
	if (s->opt->max_n > 0 || s->kernel.n_auto_max != UINT64_MAX)
		return 0;
	if (probe_regime(&s->kernel, plan_max(&s->plan), &reg, err, sizeof err) != 0)
		return fail(s, 1, err);
	if (!reg.jump)
		return 0;
	snprintf(s->max_n_reason, sizeof s->max_n_reason,
		 "the cost per unit rises %.2fx from N=%llu to N=%llu (a cache level?)",
		 reg.ratio, (unsigned long long)reg.n_stop,
		 (unsigned long long)reg.n_after);
	fprintf(stderr, "%s: note: %s: the plan stops at N=%llu; --max-n overrides\n",
		s->opt->prog, s->max_n_reason, (unsigned long long)reg.n_stop);
	in->n_max_allowed = reg.n_stop;
	*jumped = 1;
	return 0;
}

/* Probe the kernel and size the plan (plan.h, Herrero & Navarro eq. 5). */
static int auto_plan(struct session *s)
{
	char err[512];
	const struct collect_options *o = s->opt;
	double ns = s->cal.unit_ns;
	double resolution = plan_resolution(s);
	double want_ns = resolution / o->precision * ns;
	struct probe_result pr;
	if (probe_kernel(&s->kernel, want_ns < 5e4 ? 5e4 : want_ns > 1e6 ? 1e6 : want_ns,
			 s->kernel.n_auto_max, &pr, err, sizeof err) != 0)
		return fail(s, 1, err);

	struct plan_auto_input in = {
		.resolution = resolution,
		.unit_cost = pr.unit_ns / ns,
		.fixed_cost = pr.fixed_ns / ns,
		.precision = o->precision,
		.run_cap = s->timer_period_ns / 8 / ns,
		.budget = (o->budget_s > 0 ? o->budget_s : OPTIONS_DEFAULT_BUDGET_S) * 1e9 / ns,
		.n_max_allowed = s->kernel.n_auto_max < s->kernel.n_limit
					 ? s->kernel.n_auto_max : s->kernel.n_limit,
		.points = PLAN_AUTO_POINTS,
	};
	struct plan_auto_result r;
	if (plan_auto(&in, &s->plan, &r) != 0)
		return fail(s, 1, "out of memory");
	int jumped;
	int rc = stay_in_regime(s, &in, &jumped);
	if (rc != 0)
		return rc;
	if (jumped) {
		plan_free(&s->plan);
		if (plan_auto(&in, &s->plan, &r) != 0)
			return fail(s, 1, "out of memory");
	} else {
		snprintf(s->max_n_reason, sizeof s->max_n_reason, "%s",
			 o->max_n ? "--max-n" : r.kernel_limited ? "the kernel's limit"
			 : r.budget_limited ? "the budget" : "the precision wanted");
	}
	snprintf(s->plan_text, sizeof s->plan_text,
		 "auto: %zu N in [%llu, %llu], probe %.4g ns/N, longest run %.4g ms, expected precision %.2g",
		 s->plan.count, (unsigned long long)s->plan.n[0],
		 (unsigned long long)plan_max(&s->plan), pr.unit_ns,
		 r.longest * ns / 1e6, r.expected_precision);
	warn_plan(s, &r);
	return enough_ticks(s, &r, resolution);
}

int session_plan(struct session *s)
{
	if (s->opt->n_list || s->opt->range)
		snprintf(s->max_n_reason, sizeof s->max_n_reason, "given (%s)",
			 s->opt->n_list ? "--n" : "--range");
	if (s->plan.count == 0) {
		int rc = auto_plan(s);
		if (rc != 0)
			return rc;
	}
	if (s->plan.count < 3)
		fprintf(stderr,
			"%s: warning: %zu distinct N; analyze needs at least 3 to fit a line and judge it\n",
			s->opt->prog, s->plan.count);
	return 0;
}

static int open_output(struct session *s)
{
	if (s->opt->output == NULL) {
		s->out_fd = STDOUT_FILENO;
		return 0;
	}
	s->out_fd = open(s->opt->output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			 0644);
	if (s->out_fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", s->opt->prog, s->opt->output,
			strerror(errno));
		return 1;
	}
	return 0;
}

/* Exit status once the stream is finished.  Whatever happened, say how
 * many samples the output holds. */
static int finish(struct session *s, const struct sampler_result *r, int sig)
{
	struct stream_writer *w = s->writer;
	const char *name = s->opt->output ? s->opt->output : "stdout";
	trailer_write(w, r, sig);
	stream_flush(w);
	if (w->error == EPIPE)
		return 0;	/* the reader went away: end quietly */
	if (w->error == 0 && s->out_fd != STDOUT_FILENO && close(s->out_fd) != 0)
		w->error = errno;
	s->out_fd = -1;
	if (w->error) {
		fprintf(stderr, "%s: %s: %s (%llu complete samples written, every line whole)\n",
			s->opt->prog, name, strerror(w->error),
			(unsigned long long)w->samples_written);
		return 1;
	}
	if (r->stop == SAMPLER_NOMEM)
		return fail(s, 1, "out of memory");
	if (r->stop == SAMPLER_KERNEL) {
		fprintf(stderr, "%s: the command failed: %s (%llu complete samples in %s)\n",
			s->opt->prog, r->failure, (unsigned long long)w->samples_written, name);
		return 1;
	}
	if (r->dropped_migration)
		fprintf(stderr, "%s: warning: %llu samples dropped: the CPU changed during the run\n",
			s->opt->prog, (unsigned long long)r->dropped_migration);
	if (r->dropped_backstep)
		fprintf(stderr, "%s: warning: %llu samples dropped: the clock stepped backwards during the run\n",
			s->opt->prog, (unsigned long long)r->dropped_backstep);
	if (sig)
		fprintf(stderr, "%s: interrupted: %llu complete samples in %s\n",
			s->opt->prog, (unsigned long long)w->samples_written, name);
	return sig ? 128 + sig : 0;
}

/*
 * K-best (Bryant & O'Hallaron) stops when the K smallest timings of every N
 * agree within EPS.  On a clock whose tick exceeds EPS x the smallest
 * timing, timings that agree within EPS are equal in ticks: the clock
 * cannot tell them apart, and agreement says nothing of convergence (it
 * would stop a sub-tick collection after K sweeps).  Refuse that.
 */
static int kbest_can_judge(struct session *s)
{
	const struct collect_options *o = s->opt;
	if (o->kbest_k == 0)
		return 0;
	uint64_t t = sampler_min_timing(&s->setup, &s->kernel, s->plan.n[0],
					s->cond.cpu, 5);
	if (t != UINT64_MAX && (double)s->cal.tick <= o->kbest_eps * (double)t)
		return 0;
	fprintf(stderr,
		"%s: --kbest %u:%g: the tick (%llu units) exceeds EPS x the smallest timing (%llu units at N=%llu), so K equal minima would agree only because the clock cannot tell them apart; use --runs or --budget, a finer clock, or a larger EPS\n",
		s->opt->prog, o->kbest_k, o->kbest_eps, (unsigned long long)s->cal.tick,
		(unsigned long long)(t == UINT64_MAX ? 0 : t),
		(unsigned long long)s->plan.n[0]);
	return 2;
}

int session_collect(struct session *s, const volatile sig_atomic_t *stop)
{
	char err[512];
	if (kernel_setup(&s->kernel, plan_max(&s->plan), err, sizeof err) != 0)
		return fail(s, 1, err);
	int rc = kbest_can_judge(s);
	if (rc != 0)
		return rc;
	if (open_output(s) != 0)
		return 1;
	s->writer = malloc(sizeof *s->writer);
	if (s->writer == NULL)
		return fail(s, 1, "out of memory");
	stream_init(s->writer, s->out_fd);

	const struct collect_options *o = s->opt;
	struct collect_run run = {
		&s->setup, &s->cal, s->clock2 ? &s->setup2 : NULL,
		s->clock2 ? &s->cal2 : NULL, &s->kernel, &s->cond, s->plan_text,
		s->plan.count, o->runs, o->budget_s, s->seed, s->timer_period_ns,
		s->max_n_reason, s->cpu_check, s->extra_keys,
	};
	header_write(s->writer, &run);
	stream_flush(s->writer);

	struct sampler_config cfg = {
		.clock = &s->setup, .clock2 = s->clock2 ? &s->setup2 : NULL,
		.kernel = &s->kernel, .plan = &s->plan,
		.runs = o->runs, .budget_ns = o->budget_s * 1e9,
		.kbest_k = o->kbest_k, .kbest_eps = o->kbest_eps,
		.cpu = s->cond.cpu, .seed = s->seed, .unit_ns = s->cal.unit_ns,
		.progress = !o->quiet,
	};
	struct sampler_result r;
	sampler_run(&cfg, s->writer, stop, &r);
	return finish(s, &r, r.stop == SAMPLER_SIGNAL ? (int)*stop : 0);
}

void session_close(struct session *s)
{
	kernel_close(&s->kernel);
	plan_free(&s->plan);
	if (s->out_fd >= 0 && s->out_fd != STDOUT_FILENO)
		close(s->out_fd);
	free(s->writer);
}
