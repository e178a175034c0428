/*
 * session.c - the stages of one collection.
 */
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "exec_check.h"
#include "header.h"
#include "kernel_exec.h"
#include "numparse.h"
#include "probe.h"
#include "sampler.h"
#include "watch.h"

/* A kernel's cost in turn beyond this factor of its cost alone (either
 * way) is warned of. */
#define IN_TURN_TOLERANCE 1.05

static int fail(const struct session *s, int status, const char *msg)
{
	fprintf(stderr, "%s: %s\n", s->opt->prog, msg);
	return status;
}

/* -1 with a message naming the option when a kernel cannot take n. */
static int within_limits(const struct session *s, uint64_t n, const char *option,
			 char *err, size_t len)
{
	for (int i = 0; i < s->kernels; i++) {
		const struct kernel *k = &s->kernel[i];
		if (n > k->n_limit) {
			snprintf(err, len,
				 "%s: N = %llu is beyond what kernel %s can allocate here (at most %llu)",
				 option, (unsigned long long)n, k->name,
				 (unsigned long long)k->n_limit);
			return -1;
		}
	}
	return 0;
}

/* The largest N every kernel allows, and the largest the automatic plan
 * may choose (--max-n, else the smallest of the kernels' own caps). */
static uint64_t n_limit(const struct session *s)
{
	uint64_t m = s->kernel[0].n_limit;
	for (int i = 1; i < s->kernels; i++)
		m = s->kernel[i].n_limit < m ? s->kernel[i].n_limit : m;
	return m;
}

static uint64_t n_auto_max(const struct session *s)
{
	uint64_t m = s->opt->max_n ? s->opt->max_n : s->kernel[0].n_auto_max;
	for (int i = 1; i < s->kernels && !s->opt->max_n; i++)
		m = s->kernel[i].n_auto_max < m ? s->kernel[i].n_auto_max : m;
	return m;
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
	return s->plan.count ? within_limits(s, plan_max(&s->plan),
					     o->n_list ? "--n" : "--range", err, len) : 0;
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

/* A kernel of the options (a command, a built-in, a user kernel); returns an
 * exit status. */
static int open_kernel(struct session *s, const char *exec, const char *spec,
		       struct kernel *k)
{
	char err[1024];
	const struct collect_options *opt = s->opt;
	struct exec_options eo = { exec, opt->prepare, opt->shell,
				   opt->exec_timeout_s, s->stop };
	if (exec ? kernel_exec_open(&eo, k, err, sizeof err) != 0
	    : opt->open_kernel ? opt->open_kernel(spec, k, err, sizeof err,
						  opt->open_kernel_arg) != 0
			       : kernel_open(spec, k, err, sizeof err) != 0)
		return fail(s, exec ? 1 : 2, err);
	k->arg = opt->kernel_arg;
	if (opt->kernel_arg != NULL && k->setup_arg == NULL) {
		snprintf(err, sizeof err,
			 "--kernel-arg: kernel %s has no NAME_setup_arg to take it (see subtick/kernel.h)",
			 k->name);
		return fail(s, 2, err);
	}
	return 0;
}

int session_resolve(struct session *s, const struct collect_options *opt,
		    const volatile sig_atomic_t *stop)
{
	char err[1024];
	memset(s, 0, sizeof *s);
	s->opt = opt;
	s->stop = stop;
	s->out_fd[0] = s->out_fd[1] = -1;
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
	s->kernels = opt->kernel2 || opt->exec2 ? 2 : 1;
	int rc = 0;
	for (int i = 0; i < s->kernels && rc == 0; i++)
		rc = open_kernel(s, i ? opt->exec2 : opt->exec, i ? opt->kernel2 : opt->kernel,
				 &s->kernel[i]);
	if (rc != 0)
		return rc;
	if (resolve_plan(s, err, sizeof err) != 0 ||
	    (opt->max_n > 0 && within_limits(s, opt->max_n, "--max-n", err, sizeof err) != 0))
		return fail(s, 2, err);
	if (conditions_pin(opt->cpu, &s->cond, err, sizeof err) != 0)
		return fail(s, 2, err);
	check_cpu_report(s);
	s->seed = opt->seed_given ? opt->seed
				  : seed_from_bits((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20));
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
			"%s: note: the budget holds runs of %.3g ticks at only %zu N (of %d): raise --budget for more\n",
			s->opt->prog, ticks, r->points, PLAN_AUTO_POINTS);
	if (ticks >= PLAN_MIN_TICKS || s->opt->force)
		return 0;
	fprintf(stderr,
		"%s: the longest run can span only %.2g ticks of %s (%.4g ms each) within the budget, and at least %d are needed to see the unit cost; raise --budget, choose a finer --clock, give --n, or --force\n",
		s->opt->prog, ticks, s->clock->name, resolution * s->cal.unit_ns / 1e6,
		PLAN_MIN_TICKS);
	return 2;
}

static void warn_plan(const struct session *s, const struct plan_auto_result *r,
		      int jumped)
{
	double ns = s->cal.unit_ns;
	/* (a span the plan won back with fewer N is no loss: not said) */
	if (r->budget_limited && r->expected_precision > 1.2 * s->opt->precision)
		fprintf(stderr,
			"%s: warning: the budget allows a span of only %.3g ms (%.3g ticks): expect a relative precision near %.2g, not %.2g; raise --budget\n",
			s->opt->prog, r->span * ns / 1e6, r->span / (double)s->cal.tick,
			r->expected_precision, s->opt->precision);
	if (r->kernel_limited)
		fprintf(stderr,
			"%s: note: %s%s keeps N <= %llu in the automatic plan: expect a relative precision near %.2g\n",
			s->opt->prog, jumped ? "the regime below the jump" : "kernel ",
			jumped ? "" : s->kernel[0].name, (unsigned long long)plan_max(&s->plan),
			r->expected_precision);
	if (r->over_cap)
		fprintf(stderr,
			"%s: note: runs up to %.3g ms are longer than an eighth of the timer interrupt period (%.3g ms): interrupts will land in many runs\n",
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

/* Kernel i's partner when two are timed in turn: the other one, at
 * scale x kernel i's N (b_scale: B's N over A's). */
static struct probe_partner partner_of(struct session *s, int i, double b_scale)
{
	struct kernel *other = &s->kernel[!i];
	return (struct probe_partner){ other, i ? 1 / b_scale : b_scale,
				       other->n_limit };
}

/* --kbest judges agreement within EPS of the timings: the shortest run
 * must span tick / EPS, or the clock could not tell K minima apart
 * (kbest_can_judge).  The automatic plan's N then start where runs are
 * that long (KBEST_MARGIN x, for the probe's error), when that leaves
 * half the range; kbest_can_judge measures them, and raises N further or
 * says why not. */
#define KBEST_MARGIN 2.0

static int kbest_raise_n(struct session *s, const struct plan_auto_input *in)
{
	const struct collect_options *o = s->opt;
	if (o->kbest_k == 0 || !(in->unit_cost > 0))
		return 0;
	double need = KBEST_MARGIN * (double)s->cal.tick / o->kbest_eps - in->fixed_cost;
	return plan_raise(&s->plan, need / in->unit_cost) < 0 ? -1 : 0;
}

/* Stop the plan below a jump of the cost per unit (probe.h), unless the
 * user or the kernel chose the largest N, or no kernel has regimes.  Two kernels are probed in turn,
 * each after the other, as they will be sampled: a jump then also shows
 * where their data together leave a cache.  *jumped = 1 when it did; the
 * plan is then sized on A's cost per unit below the jump, *below_ns.
 * Returns an exit status. */
static int stay_in_regime(struct session *s, struct plan_auto_input *in,
			  uint64_t n_probed, double b_scale, int *jumped,
			  double *below_ns)
{
	char err[512];
	struct probe_regime reg = { 0 }, r;
	double stop = 0;	/* in A's N */
	*jumped = 0;
	if (n_auto_max(s) != UINT64_MAX)	/* --max-n, or a kernel's own cap */
		return 0;
	const char *who = "";
	/* as far as the plan, or the cost probe if further: a cost taken
	 * past a jump plans short of it */
	uint64_t to = plan_max(&s->plan) > n_probed ? plan_max(&s->plan) : n_probed;
	double cap = PROBE_REGIME_MAX_RUN_NS / (in->unit_cost * s->cal.unit_ns);
	if (cap >= 1 && (double)to > cap)
		to = (uint64_t)cap;
	for (int i = 0; i < s->kernels; i++) {	/* the first jump of A or B */
		if (s->kernel[i].no_regimes)
			continue;
		struct probe_partner p = partner_of(s, i, b_scale);
		double scale = i ? b_scale : 1;
		if (probe_regime(&s->kernel[i], s->kernels > 1 ? &p : NULL,
				 (uint64_t)((double)to * scale), &r, err, sizeof err) != 0)
			return fail(s, 1, err);
		if (r.jump && (!reg.jump || (double)r.n_stop / scale < stop)) {
			reg = r;
			stop = (double)r.n_stop / scale;
			*below_ns = i ? r.unit_ns * b_scale : r.unit_ns;
			who = s->kernels < 2 ? "" : i ? "B's " : "A's ";
		}
	}
	if (!reg.jump)
		return 0;
	char from[64] = "";
	if (reg.gradual || reg.unjudged)
		snprintf(from, sizeof from, ", %s from N=%llu on",
			 reg.gradual ? "rising" : "too scattered to judge",
			 (unsigned long long)reg.n_stop);
	snprintf(s->max_n_reason, sizeof s->max_n_reason,
		 "%scost per unit%s rises %.2fx from N=%llu to N=%llu%s (a cache level?)",
		 *who ? who : "the ", *who ? ", timed in turn with the other," : "",
		 reg.ratio, (unsigned long long)reg.n_after / 2,
		 (unsigned long long)reg.n_after, from);
	fprintf(stderr, "%s: note: %s: the plan stops at N=%llu%s; --max-n overrides\n",
		s->opt->prog, s->max_n_reason, (unsigned long long)reg.n_stop,
		*who ? " of that kernel" : "");
	in->n_max_allowed = (uint64_t)stop < in->n_max_allowed ? (uint64_t)stop
							     : in->n_max_allowed;
	*jumped = 1;
	return 0;
}

/* B's N over A's for two kernels: each one's runs sized on its own cost,
 * so that the cheaper one's are not too short to measure; 1 (the same N)
 * when their costs are within 25%. */
static double b_scale_of(const struct session *s, const struct probe_result *p)
{
	if (s->kernels < 2 || !(p[1].unit_ns > 0))
		return 1;
	double r = p[0].unit_ns / p[1].unit_ns;
	return r >= 0.8 && r <= 1.25 ? 1 : r;
}

/* B's plan: A's N times b_scale, one for one (repeats allowed: the i-th
 * N of each are timed together). */
static int scale_plan_b(struct session *s, double b_scale)
{
	size_t count = s->plan.count;
	s->plan_b = (struct plan){ calloc(count, sizeof(uint64_t)), count };
	if (s->plan_b.n == NULL)
		return -1;
	for (size_t i = 0; i < count; i++) {
		double x = (double)s->plan.n[i] * b_scale;
		uint64_t m = x >= (double)s->kernel[1].n_limit ? s->kernel[1].n_limit
							       : plan_round_n(x);
		s->plan_b.n[i] = m > 0 ? m : 1;
	}
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
	struct probe_result p[2];
	memset(p, 0, sizeof p);
	uint64_t n_probed = 0;
	for (int i = 0; i < s->kernels; i++) {
		if (probe_kernel(&s->kernel[i], want_ns < 5e4 ? 5e4 : want_ns > 1e6 ? 1e6 : want_ns,
				 n_auto_max(s), &p[i], err, sizeof err) != 0)
			return fail(s, 1, err);
	}
	/* two kernels: each sized on its own cost (B's N = b_scale x A's),
	 * both runs of a pair about as long */
	double b_scale = b_scale_of(s, p);
	n_probed = p[0].n_last;
	if (s->kernels > 1 && (double)p[1].n_last / b_scale > (double)n_probed)
		n_probed = (uint64_t)((double)p[1].n_last / b_scale);
	double unit_ns = p[0].unit_ns, fixed_ns = p[0].fixed_ns;
	uint64_t n_allowed = n_auto_max(s) < n_limit(s) ? n_auto_max(s) : n_limit(s);
	if (s->kernels > 1) {
		unit_ns = fmax(unit_ns, p[1].unit_ns * b_scale);
		fixed_ns = fmax(fixed_ns, p[1].fixed_ns);
		double b_max = (double)(s->kernel[1].n_auto_max < s->kernel[1].n_limit
					? s->kernel[1].n_auto_max : s->kernel[1].n_limit);
		if (b_scale > 1 && b_max / b_scale < (double)n_allowed)
			n_allowed = (uint64_t)(b_max / b_scale);
	}

	struct plan_auto_input in = {
		.resolution = resolution,
		.unit_cost = unit_ns / ns,
		.fixed_cost = fixed_ns / ns,
		.precision = o->precision,
		.run_cap = s->timer_period_ns / 8 / ns,
		.budget = (o->budget_s > 0 ? o->budget_s : OPTIONS_DEFAULT_BUDGET_S) * 1e9 / ns
			  / s->kernels,	/* A and B share it */
		.n_max_allowed = n_allowed,
		.points = PLAN_AUTO_POINTS,
		.span_first_points = o->until > 0 ? PLAN_UNTIL_FEWEST_POINTS : 0,
	};
	struct plan_auto_result r;
	if (plan_auto(&in, &s->plan, &r) != 0)
		return fail(s, 1, "out of memory");
	int jumped;
	double below_ns = 0;
	int rc = stay_in_regime(s, &in, n_probed, b_scale, &jumped, &below_ns);
	if (rc != 0)
		return rc;
	if (jumped) {
		/* the probe's cost came from past the jump: the regime's own */
		if (below_ns > 0 && below_ns < unit_ns && s->kernels == 1) {
			unit_ns = below_ns;
			in.unit_cost = below_ns / ns;
		}
		plan_free(&s->plan);
		if (plan_auto(&in, &s->plan, &r) != 0)
			return fail(s, 1, "out of memory");
	} else {
		snprintf(s->max_n_reason, sizeof s->max_n_reason, "%s",
			 r.kernel_limited ? (o->max_n ? "--max-n" : "the kernel's limit")
			 : r.budget_limited ? "the budget" : "the precision wanted");
	}
	if (kbest_raise_n(s, &in) != 0)
		return fail(s, 1, "out of memory");
	if (b_scale != 1 && scale_plan_b(s, b_scale) != 0)
		return fail(s, 1, "out of memory");
	snprintf(s->plan_text, sizeof s->plan_text,
		 "auto: %zu N in [%llu, %llu], probe %.4g ns/N, longest run %.4g ms, expected precision %.2g%s",
		 s->plan.count, (unsigned long long)s->plan.n[0],
		 (unsigned long long)plan_max(&s->plan), jumped ? unit_ns : p[0].unit_ns,
		 r.longest * ns / 1e6, r.expected_precision,
		 s->kernels < 2 ? "" : b_scale == 1 ? "; B at the same N"
				 : "; B at its own N (runs sized on its cost)");
	if (s->plan_b.count)
		snprintf(s->plan_text_b, sizeof s->plan_text_b,
			 "auto: %zu N in [%llu, %llu] (%.4g x A's N, in step with them), probe %.4g ns/N, longest run %.4g ms",
			 s->plan_b.count, (unsigned long long)s->plan_b.n[0],
			 (unsigned long long)plan_max(&s->plan_b), b_scale,
			 p[1].unit_ns, r.longest * ns / 1e6);
	warn_plan(s, &r, jumped);
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

/* Output i's file name, or NULL for stdout (no -o, or -o -). */
static const char *out_path(const struct session *s, int i)
{
	const char *p = i ? s->opt->output2 : s->opt->output;
	return p == NULL || strcmp(p, "-") == 0 ? NULL : p;
}

static const char *out_name(const struct session *s, int i)
{
	return out_path(s, i) ? out_path(s, i) : "stdout";
}

/* Open output i, noting whether this run made the file. */
static int open_output(struct session *s, int i, struct stat *st)
{
	const char *path = out_path(s, i);
	if (path == NULL) {
		s->out_fd[i] = STDOUT_FILENO;
		return fstat(STDOUT_FILENO, st) == 0 ? 0 : -1;
	}
	/* 0666: open(2) takes the umask off, as for analyze's files */
	s->out_fd[i] = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	s->out_made[i] = s->out_fd[i] >= 0;
	if (s->out_fd[i] < 0 && errno == EEXIST)
		s->out_fd[i] = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	if (s->out_fd[i] < 0 || fstat(s->out_fd[i], st) != 0) {
		fprintf(stderr, "%s: %s: %s\n", s->opt->prog, path, strerror(errno));
		return -1;
	}
	/* an existing regular file keeps its content until the first sample
	 * is due */
	s->out_held[i] = !s->out_made[i] && S_ISREG(st->st_mode);
	return 0;
}

/* Output i (its file st) is a kernel's shared object: emptied when the
 * first sample is due, the code mapped from it would fault.  Returns 2
 * (a usage error) after a message, else 0. */
static int output_is_input(const struct session *s, int i, const struct stat *st)
{
	for (int j = 0; j < s->kernels; j++) {
		const struct kernel *k = &s->kernel[j];
		if (k->library_known && st->st_dev == k->library_dev &&
		    st->st_ino == k->library_ino) {
			fprintf(stderr, "%s: %s%s: it is also an input (the shared object of --kernel %s)\n",
				s->opt->prog, out_path(s, i) ? "--output " : "", out_name(s, i),
				k->name);
			return 2;
		}
	}
	return 0;
}

/* Open every output before writing any.  None is emptied here
 * (start_outputs does, once the first sample is due): a collection that
 * fails or is stopped before loses nothing.  When B's cannot be opened, or
 * is A's under another name, a file this run made is removed again (no
 * stream of a collection that did not happen). */
static int open_outputs(struct session *s)
{
	int status = 0;
	struct stat st[2];
	for (int i = 0; i < s->kernels && status == 0; i++)
		status = open_output(s, i, &st[i]) != 0;
	if (status == 0 && s->kernels == 2 && st[0].st_dev == st[1].st_dev &&
	    st[0].st_ino == st[1].st_ino) {
		fprintf(stderr, "%s: --output: %s and %s are one file: A and B need two\n",
			s->opt->prog, out_name(s, 0), out_name(s, 1));
		status = 2;
	}
	for (int i = 0; i < s->kernels && status == 0; i++)
		status = output_is_input(s, i, &st[i]);
	for (int i = 0; i < s->kernels && status != 0; i++)
		if (s->out_made[i])
			unlink(out_path(s, i));
	return status;
}

/* The first sample is due (the warm-up is over): empty the files held
 * until now.  Returns 0, or -1 with the writer's error set. */
static int start_outputs(void *arg)
{
	struct session *s = arg;
	for (int i = 0; i < s->kernels; i++) {
		if (s->out_held[i] && ftruncate(s->out_fd[i], 0) != 0) {
			s->writer[i]->error = errno;
			return -1;
		}
		s->out_held[i] = 0;
	}
	return 0;
}

/* A file still held when the collection ends had no sample due: it is
 * left as it was (its old content, not a stream of nothing).  One this
 * run made has the header already, and gets the last line. */
static int left_as_it_was(struct session *s, int i)
{
	if (!s->out_held[i])
		return 0;
	close(s->out_fd[i]);
	s->out_fd[i] = -1;
	s->out_kept[i] = 1;
	return 1;
}

/* Finish stream i: its last line, flushed and closed.  Returns 0, or 1
 * when the output failed (said on stderr). */
static int finish_stream(struct session *s, int i, const struct sampler_result *r,
			 int sig)
{
	struct stream_writer *w = s->writer[i];
	const char *name = out_name(s, i);
	if (left_as_it_was(s, i)) {
		if (sig)
			fprintf(stderr, "%s: interrupted before the first sample: %s left as it was\n",
				s->opt->prog, name);
		else if (r->stop != SAMPLER_KERNEL)
			fprintf(stderr, "%s: %s: left as it was (no sample was taken)\n",
				s->opt->prog, name);
		return 0;
	}
	trailer_write(w, r, sig);
	stream_flush(w);
	if (w->error == EPIPE)
		return 0;	/* the reader went away: end quietly */
	if (w->error == 0 && s->out_fd[i] != STDOUT_FILENO && close(s->out_fd[i]) != 0)
		w->error = errno;
	s->out_fd[i] = -1;
	if (w->error) {
		fprintf(stderr, "%s: %s: %s (%llu complete samples written, every line whole)\n",
			s->opt->prog, name, strerror(w->error),
			(unsigned long long)w->samples_written);
		return 1;
	}
	const char *who = s->kernels > 1 ? (i ? " of B" : " of A") : "";
	if (r->dropped_migration)
		fprintf(stderr, "%s: warning: %llu samples%s dropped: the CPU changed during the run\n",
			s->opt->prog, (unsigned long long)r->dropped_migration, who);
	if (r->dropped_backstep)
		fprintf(stderr, "%s: warning: %llu samples%s dropped: the clock stepped backwards during the run\n",
			s->opt->prog, (unsigned long long)r->dropped_backstep, who);
	if (r->dropped_timeout)
		fprintf(stderr, "%s: warning: %llu runs%s ran past --exec-timeout (%g s) and were ended, not written\n",
			s->opt->prog, (unsigned long long)r->dropped_timeout, who,
			s->opt->exec_timeout_s);
	if (sig)
		fprintf(stderr, "%s: interrupted: %llu complete samples in %s\n",
			s->opt->prog, (unsigned long long)w->samples_written, name);
	return 0;
}

/* Exit status once the streams are finished.  Whatever happened, say how
 * many samples each output holds. */
/* --until: whether the precision was reached, or how far it got. */
static void report_until(const struct session *s, const struct sampler_result r[])
{
	if (!(s->opt->until > 0))
		return;
	double widest = 0;
	uint64_t runs = UINT64_MAX;
	size_t glitches = 0;
	double drift = 0;
	for (int i = 0; i < s->kernels; i++) {
		widest = isfinite(r[i].precision) ? fmax(widest, r[i].precision) : INFINITY;
		runs = r[i].runs_min < runs ? r[i].runs_min : runs;
		glitches += r[i].glitches;
		drift = fmax(drift, r[i].drift);
	}
	if (drift > 0 && isfinite(widest))	/* before the verdict, which it qualifies */
		fprintf(stderr, "%s: --until: the unit cost drifted %.2g%% between fifths of the collection, beyond their bands (the machine's speed changed): the bounds hold its fastest stretches, not a longer collection's; see analyze's report\n",
			s->opt->prog, 100 * drift);
	if (glitches > 0)	/* before the verdict, which leans on it */
		fprintf(stderr, "%s: --until: %zu clock glitch%s (a timing far below the rest of its N and the line) left out of the fit, as analyze leaves %s out\n",
			s->opt->prog, glitches, glitches > 1 ? "es" : "", glitches > 1 ? "them" : "it");
	if (r[0].stop == SAMPLER_UNTIL)
		fprintf(stderr, "%s: --until %g reached after %.3g s: the unit cost's bounds span %.2g of it\n",
			s->opt->prog, s->opt->until, r[0].seconds, widest);
	else if (widest <= s->opt->until && runs >= WATCH_RUNS_MIN)	/* at the last fit */
		fprintf(stderr, "%s: --until %g reached when the sampling stopped (stop=%s) after %.3g s: the unit cost's bounds span %.2g of it\n",
			s->opt->prog, s->opt->until, sampler_stop_name(r[0].stop), r[0].seconds,
			widest);
	else if (widest <= s->opt->until)
		fprintf(stderr, "%s: --until %g not reached: the sampling stopped (stop=%s) after %.3g s with bounds spanning %.2g of the unit cost, but %llu run%s at an N, fewer than %d: the minima may not have reached their floor%s\n",
			s->opt->prog, s->opt->until, sampler_stop_name(r[0].stop), r[0].seconds,
			widest, (unsigned long long)runs, runs == 1 ? "" : "s", WATCH_RUNS_MIN,
			r[0].stop == SAMPLER_BUDGET ? "; raise --budget" : "");
	else if (isfinite(widest))
		fprintf(stderr, "%s: --until %g not reached: the sampling stopped (stop=%s) after %.3g s with bounds spanning %.2g of the unit cost%s\n",
			s->opt->prog, s->opt->until, sampler_stop_name(r[0].stop), r[0].seconds,
			widest, r[0].stop == SAMPLER_BUDGET ? "; raise --budget, or see analyze's report for what widened them (drift, a short burst)" : "");
	else
		fprintf(stderr, "%s: --until %g not reached: no line could be fitted yet (stop=%s)\n",
			s->opt->prog, s->opt->until, sampler_stop_name(r[0].stop));
}

static int finish(struct session *s, const struct sampler_result r[], int sig)
{
	int failed = 0;
	for (int i = 0; i < s->kernels; i++)
		failed |= finish_stream(s, i, &r[i], sig);
	if (failed)
		return 1;
	if (r[0].stop == SAMPLER_NOMEM)
		return fail(s, 1, "out of memory");
	if (r[0].stop == SAMPLER_CHECK) {
		fprintf(stderr, "%s: after the sampling, %s: the stream ends with stop=check\n",
			s->opt->prog, r[0].failure);
		return 1;
	}
	if (r[0].stop == SAMPLER_KERNEL) {
		if (s->out_kept[0])
			fprintf(stderr, "%s: the command failed: %s (no sample was taken: %s left as it was)\n",
				s->opt->prog, r[0].failure, out_name(s, 0));
		else
			fprintf(stderr, "%s: the command failed: %s (%llu complete samples in %s)\n",
				s->opt->prog, r[0].failure,
				(unsigned long long)s->writer[0]->samples_written, out_name(s, 0));
		return 1;
	}
	report_until(s, r);
	return sig ? 128 + sig : 0;
}

/*
 * K-best (Bryant & O'Hallaron) stops when the K smallest timings of every N
 * agree within EPS.  On a clock whose tick exceeds EPS x the smallest
 * timing, timings that agree within EPS are equal in ticks: the clock
 * cannot tell them apart, and agreement says nothing of convergence (it
 * would stop a sub-tick collection after K sweeps).  An automatic plan,
 * sized from the probe's cost per unit (kbest_raise_n), starts higher
 * where its shortest runs turn out shorter than that (short runs can be
 * 1.5 times cheaper per unit than the probe's long ones), as long as that
 * leaves half its range; a plan the user gave is refused.
 */
enum { KBEST_RAISES = 4 };
#define KBEST_RAISE_MARGIN 1.25	/* on a timing measured, not a probe's cost */

/* The plan raised from its smallest N so that a run there, measured at t
 * units, spans tick / EPS; the plan's text names n_first, the smallest N
 * the probe gave, before the rest of that text (rest).  0: raised; 1: not
 * (a plan the user gave, or no room left); -1: out of memory. */
static int kbest_raise_measured(struct session *s, uint64_t t, uint64_t n_first,
				const char *rest)
{
	const struct collect_options *o = s->opt;
	if (o->n_list || o->range || s->kernels > 1 || t == 0)
		return 1;
	double need = KBEST_RAISE_MARGIN * (double)s->cal.tick / o->kbest_eps;
	int r = plan_raise(&s->plan, (double)s->plan.n[0] * need / (double)t);
	if (r != 0)
		return r;
	snprintf(s->plan_text, sizeof s->plan_text,
		 "auto: %zu N in [%llu, %llu] (raised from %llu for --kbest), ",
		 s->plan.count, (unsigned long long)s->plan.n[0],
		 (unsigned long long)plan_max(&s->plan), (unsigned long long)n_first);
	size_t len = strlen(s->plan_text);
	size_t add = strnlen(rest, sizeof s->plan_text - len - 1);
	memcpy(s->plan_text + len, rest, add);
	s->plan_text[len + add] = '\0';
	return 0;
}

static int kbest_can_judge(struct session *s)
{
	const struct collect_options *o = s->opt;
	if (o->kbest_k == 0)
		return 0;
	uint64_t t = UINT64_MAX, n_first = s->plan.n[0];
	char rest[sizeof s->plan_text];
	const char *after = strstr(s->plan_text, "], ");
	snprintf(rest, sizeof rest, "%s", after ? after + 3 : "");
	for (int k = 0; k <= KBEST_RAISES; k++) {
		t = sampler_min_timing(&s->setup, &s->kernel[0], s->plan.n[0],
				       s->cond.cpu, 5);
		if (t != UINT64_MAX && (double)s->cal.tick <= o->kbest_eps * (double)t)
			return 0;
		if (t == UINT64_MAX)	/* every run dropped (a move): again */
			continue;
		int r = k < KBEST_RAISES ? kbest_raise_measured(s, t, n_first, rest) : 1;
		if (r < 0)
			return fail(s, 1, "out of memory");
		if (r > 0)
			break;
	}
	if (t == UINT64_MAX)
		return fail(s, 1, "--kbest: every run timed at the plan's smallest N to judge EPS was dropped (the CPU changed, or the clock stepped back)");
	fprintf(stderr,
		"%s: --kbest %u:%g: the tick (%llu units) exceeds EPS x the smallest timing (%llu units at N=%llu), so K equal minima would agree only because the clock cannot tell them apart; use --runs or --budget, a finer clock, or a larger EPS\n",
		s->opt->prog, o->kbest_k, o->kbest_eps, (unsigned long long)s->cal.tick,
		(unsigned long long)(t == UINT64_MAX ? 0 : t),
		(unsigned long long)s->plan.n[0]);
	return 2;
}

/* The id that ties A's and B's streams together: splitmix64 of what makes
 * this collection unlike another. */
static void make_interleave_id(struct session *s)
{
	uint64_t z = s->seed ^ clock_reference_ns() ^ ((uint64_t)getpid() << 40);
	z += 0x9e3779b97f4a7c15u;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	snprintf(s->interleave_id, sizeof s->interleave_id, "%016llx",
		 (unsigned long long)(z ^ (z >> 31)));
}

/* Stream i's further header keys: with two kernels, those tying A and B,
 * and what the other does to this one's cost (check_in_turn). */
static const char *const *pair_keys(const struct session *s, int i, const char *keys[12],
				    char *turn, size_t len)
{
	if (s->kernels < 2)
		return s->extra_keys;
	int k = 0;
	keys[k++] = "interleaved", keys[k++] = s->interleave_id;
	keys[k++] = "interleave_side", keys[k++] = i ? "B" : "A";
	keys[k++] = "interleaved_with", keys[k++] = s->kernel[!i].name;
	if (s->in_turn[i] > 0) {
		snprintf(turn, len, "%.4g (%.4g to %.4g)", s->in_turn[i],
			 s->in_turn_lo[i], s->in_turn_hi[i]);
		keys[k++] = "in_turn_vs_alone", keys[k++] = turn;
	}
	keys[k++] = NULL, keys[k] = NULL;
	return keys;
}

/* Kernel i's N (A's, or B's own). */
static const struct plan *plan_of(const struct session *s, int i)
{
	return i == 1 && s->plan_b.count ? &s->plan_b : &s->plan;
}

/*
 * Two kernels in turn: each one's cost in turn with the other against its
 * cost alone, over its own N range (probe_in_turn), before anything is
 * timed.  A kernel whose data the other evicts costs more in turn; the
 * comparison would then be of A and B in turn, not of each alone: say so
 * (stderr and the header's in_turn_vs_alone, which analyze warns of).
 */
static void check_in_turn(struct session *s)
{
	if (s->kernels < 2)
		return;
	double b_scale = (double)plan_max(plan_of(s, 1)) / (double)plan_max(&s->plan);
	for (int i = 0; i < 2; i++) {
		const struct plan *p = plan_of(s, i);
		struct probe_partner partner = partner_of(s, i, b_scale);
		partner.n_limit = plan_max(plan_of(s, !i));
		struct probe_turn t;
		if (p->count < 2)
			return;
		probe_in_turn(&s->kernel[i], &partner, p->n[0], plan_max(p), &t);
		s->in_turn[i] = t.ratio, s->in_turn_lo[i] = t.lo, s->in_turn_hi[i] = t.hi;
		if (t.lo > IN_TURN_TOLERANCE || t.hi < 1 / IN_TURN_TOLERANCE)
			fprintf(stderr,
				"%s: warning: %s's cost per unit in turn with %s is %.3g x its cost alone (%.3g to %.3g over five rounds): each evicts the other's data?  The collection measures them in turn; --max-n %llu or less may keep both in the caches\n",
				s->opt->prog, i ? "B" : "A", i ? "A" : "B", t.ratio, t.lo, t.hi,
				(unsigned long long)(plan_max(&s->plan) / 4));
	}
}

/* The kernels checked before anything is timed or any output opened (so a
 * failure empties no file): exit 1 naming the kernel and N. */
static int check_kernels(struct session *s)
{
	char err[1024];
	struct kernel *k[2] = { &s->kernel[0], s->kernels > 1 ? &s->kernel[1] : NULL };
	/* at N both kernels are set up for: the plan with the smaller N (B's
	 * own, when they are A's scaled down) */
	const struct plan *p = plan_max(plan_of(s, 1)) < plan_max(&s->plan) ? plan_of(s, 1)
									   : &s->plan;
	s->checking = oracle_init(&s->oracle, k, s->kernels, p, s->seed,
				  s->opt->check_tolerance);
	if (!s->checking)
		return 0;
	if (oracle_before(&s->oracle, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s: nothing was timed\n", s->opt->prog, err);
		return 1;
	}
	oracle_describe(&s->oracle, s->checked, sizeof s->checked);
	if (s->oracle.uncompared != NULL)
		fprintf(stderr, "%s: note: the results of A and B are not compared: %s\n",
			s->opt->prog, s->oracle.uncompared);
	return 0;
}

/* Checked once more after a sampling that ran its course: a failure
 * becomes the collection's stop (stop=check in the last line). */
static void check_after(struct session *s, struct sampler_result r[])
{
	enum sampler_stop st = r[0].stop;
	if (!s->checking || (st != SAMPLER_RUNS && st != SAMPLER_BUDGET && st != SAMPLER_KBEST) ||
	    oracle_after(&s->oracle, r[0].failure, sizeof r[0].failure) == 0)
		return;
	for (int i = 0; i < s->kernels; i++) {
		r[i].stop = SAMPLER_CHECK;
		memcpy(r[i].failure, r[0].failure, sizeof r[i].failure);
	}
}

/* --check-output: A and B write the same at a few N before timing.
 * Returns an exit status; a stop signal is left to the sampler. */
static int check_outputs(struct session *s)
{
	char err[2048];
	if (!s->opt->check_output)
		return 0;
	int rc = exec_check_output(&s->kernel[0], &s->kernel[1], &s->plan, s->seed,
				   s->checked, sizeof s->checked, err, sizeof err);
	return rc < 0 ? fail(s, 1, err) : 0;
}

/* Write each stream's header.  A file held until the first sample is due
 * keeps it in the writer's buffer (a few kB of its 64 kB) till then. */
static int write_headers(struct session *s)
{
	const struct collect_options *o = s->opt;
	for (int i = 0; i < s->kernels; i++) {
		s->writer[i] = malloc(sizeof *s->writer[i]);
		if (s->writer[i] == NULL)
			return fail(s, 1, "out of memory");
		stream_init(s->writer[i], s->out_fd[i]);
		const char *keys[12];
		char turn[96];
		struct collect_run run = {
			&s->setup, &s->cal, s->clock2 ? &s->setup2 : NULL,
			s->clock2 ? &s->cal2 : NULL, &s->kernel[i],
			&s->cond, i && s->plan_b.count ? s->plan_text_b : s->plan_text,
			s->plan.count, o->runs, o->budget_s,
			s->seed, s->timer_period_ns, s->max_n_reason, s->cpu_check,
			pair_keys(s, i, keys, turn, sizeof turn), s->checked,
			o->until, o->kbest_k, o->kbest_eps,
		};
		header_write(s->writer[i], &run);
		if (!s->out_held[i])
			stream_flush(s->writer[i]);
	}
	return 0;
}

int session_collect(struct session *s)
{
	char err[512];
	for (int i = 0; i < s->kernels; i++)
		if (kernel_setup(&s->kernel[i], plan_max(plan_of(s, i)),
				 err, sizeof err) != 0)
			return fail(s, 1, err);
	int rc = check_kernels(s);
	if (rc == 0)
		rc = check_outputs(s);
	if (rc == 0) {
		uint64_t n_lo = s->plan.n[0];
		check_in_turn(s);
		rc = kbest_can_judge(s);
		if (rc == 0 && s->plan.n[0] != n_lo)	/* raised: check where it now starts */
			rc = check_kernels(s);
	}
	if (rc == 0)
		rc = open_outputs(s);
	if (rc != 0)
		return rc;
	make_interleave_id(s);
	if ((rc = write_headers(s)) != 0)
		return rc;

	const struct collect_options *o = s->opt;
	struct sampler_config cfg = {
		.clock = &s->setup, .clock2 = s->clock2 ? &s->setup2 : NULL,
		.kernel = { &s->kernel[0], s->kernels > 1 ? &s->kernel[1] : NULL },
		.plan = &s->plan, .plan_b = s->plan_b.count ? &s->plan_b : NULL,
		.runs = o->runs, .budget_ns = o->budget_s * 1e9,
		.kbest_k = o->kbest_k, .kbest_eps = o->kbest_eps,
		.cpu = s->cond.cpu, .seed = s->seed, .unit_ns = s->cal.unit_ns,
		.progress = !o->quiet, .until = o->until, .tick = calibrate_band_tick(&s->cal),
		.start_output = start_outputs, .start_output_arg = s,
		.poll = s->poll, .poll_arg = s->poll_arg,
	};
	struct sampler_result r[SAMPLER_KERNELS_MAX];
	sampler_run(&cfg, s->writer, s->stop, r);
	check_after(s, r);
	return finish(s, r, r[0].stop == SAMPLER_SIGNAL ? (int)*s->stop : 0);
}

void session_close(struct session *s)
{
	for (int i = 0; i < s->kernels; i++)
		kernel_close(&s->kernel[i]);
	plan_free(&s->plan);
	plan_free(&s->plan_b);
	for (int i = 0; i < 2; i++) {
		if (s->out_fd[i] >= 0 && s->out_fd[i] != STDOUT_FILENO)
			close(s->out_fd[i]);
		free(s->writer[i]);
	}
}
