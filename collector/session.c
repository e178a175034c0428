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
#include "session_parts.h"
#include "watch.h"

/* A kernel's cost in turn beyond this factor of its cost alone (either
 * way) is warned of. */
#define IN_TURN_TOLERANCE 1.05

int session_fail(const struct session *s, int status, const char *msg)
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
		return session_fail(s, exec ? 1 : 2, err);
	k->arg = opt->kernel_arg;
	if (opt->kernel_arg != NULL && k->setup_arg == NULL) {
		snprintf(err, sizeof err,
			 "--kernel-arg: kernel %s has no NAME_setup_arg to take it (see subtick/kernel.h)",
			 k->name);
		return session_fail(s, 2, err);
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
	/* an output that is a directory, or a symbolic link to a file (or
	 * to nothing) is refused before anything is timed, as analyze's
	 * outputs and subtick_open refuse them; a link to a pipe or a device
	 * (/dev/stdout, /dev/fd/N of a process substitution) takes the
	 * stream as stdout does */
	for (int i = 0; i < s->kernels; i++) {
		const char *out = i ? opt->output2 : opt->output;
		char why[96];
		if (out != NULL && strcmp(out, "-") != 0 && session_output_refused(out, why, sizeof why)) {
			fprintf(stderr, "%s: --output %s: %s: give the path of a new or regular file\n",
				s->opt->prog, out, why);
			return 2;
		}
	}
	int rc = 0;
	for (int i = 0; i < s->kernels && rc == 0; i++)
		rc = open_kernel(s, i ? opt->exec2 : opt->exec, i ? opt->kernel2 : opt->kernel,
				 &s->kernel[i]);
	if (rc != 0)
		return rc;
	if (resolve_plan(s, err, sizeof err) != 0 ||
	    (opt->max_n > 0 && within_limits(s, opt->max_n, "--max-n", err, sizeof err) != 0))
		return session_fail(s, 2, err);
	if (conditions_pin(opt->cpu, &s->cond, err, sizeof err) != 0)
		return session_fail(s, 2, err);
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
		return session_fail(s, 2, "--coarsen: the coarsened tick does not fit in 64 bits");
	if (rc != 0)
		return session_fail(s, 1, "the clock did not advance within 0.3 s");
	if (!s->cal.getres_agrees)
		fprintf(stderr,
			"%s: warning: detected tick %llu is finer than clock_getres() claims (%.0f ns): the readings may have been too few or disturbed\n",
			s->opt->prog, (unsigned long long)s->cal.native_tick,
			s->cal.claimed_res_ns);
	if (s->clock2 != NULL &&
	    calibrate_clock(s->clock2, 0, &s->setup2, &s->cal2) != 0)
		return session_fail(s, 1, "the second clock did not advance within 0.3 s");
	return 0;
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
			return session_fail(s, 1, "out of memory");
		if (r > 0)
			break;
	}
	if (t == UINT64_MAX)
		return session_fail(s, 1, "--kbest: every run timed at the plan's smallest N to judge EPS was dropped (the CPU changed, or the clock stepped back)");
	/* in ns, as a clock's unit is (calibrate.h) */
	double u = s->cal.unit_ns;
	fprintf(stderr,
		"%s: --kbest %u:%g: the tick (%.4g ns, %llu clock units) exceeds EPS x the smallest timing (%.4g ns at N=%llu), so K equal minima would agree only because the clock cannot tell them apart; use --runs or --budget, a finer clock, or a larger EPS\n",
		s->opt->prog, o->kbest_k, o->kbest_eps, (double)s->cal.tick * u,
		(unsigned long long)s->cal.tick, (double)(t == UINT64_MAX ? 0 : t) * u,
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
		struct probe_partner partner = session_partner(s, i, b_scale);
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
	return rc < 0 ? session_fail(s, 1, err) : 0;
}

/* Write each stream's header.  A file held until the first sample is due
 * keeps it in the writer's buffer (a few kB of its 64 kB) till then. */
static int write_headers(struct session *s)
{
	const struct collect_options *o = s->opt;
	for (int i = 0; i < s->kernels; i++) {
		s->writer[i] = malloc(sizeof *s->writer[i]);
		if (s->writer[i] == NULL)
			return session_fail(s, 1, "out of memory");
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
			return session_fail(s, 1, err);
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
		rc = session_open_outputs(s);
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
		.start_output = session_start_outputs, .start_output_arg = s,
		.poll = s->poll, .poll_arg = s->poll_arg,
		.until_plan = o->until > 0 && s->until_plan.points > 0 && !o->n_list && !o->range
				      ? &s->until_in : NULL,
		.prog = o->prog,
	};
	struct sampler_result r[SAMPLER_KERNELS_MAX];
	sampler_run(&cfg, s->writer, s->stop, r);
	check_after(s, r);
	return session_finish(s, r, r[0].stop == SAMPLER_SIGNAL ? (int)*s->stop : 0);
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
