/*
 * session_plan.c - the plan stage of one collection: the automatic plan
 * from the probe (plan.h, Herrero & Navarro eq. 5), or the plan the user
 * gave checked against the kernels and the clock (session.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "planuntil.h"
#include "session_parts.h"
#include "watch.h"

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

/* A longest run shorter than PLAN_MIN_TICKS resolutions measures the clock,
 * not the kernel: refuse rather than write t = 0 everywhere. */
static int enough_ticks(const struct session *s,
			const struct plan_auto_result *r, double resolution)
{
	double ticks = r->ticks;
	if (r->points < PLAN_AUTO_POINTS && s->until_plan.points == 0)
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
	if (s->opt->until > 0 && s->until_plan.points > 0) {
		const struct plan_until_choice *c = &s->until_plan;
		if (isfinite(c->width))
			fprintf(stderr,
				"%s: note: --until %g: runs up to %.3g ms at %zu N; at %.3g interruptions a second, expected %s %.2g after %.0f sweeps (%.3g s)\n",
				s->opt->prog, s->opt->until, r->longest * ns / 1e6, c->points,
				s->until_in.rate * 1e9 / ns, c->reachable ? "a width of" : "no better than",
				c->width, c->sweeps, c->time * ns / 1e9);
		else	/* (planuntil.h: fewer than two N expected clean) */
			fprintf(stderr,
				"%s: note: --until %g: runs up to %.3g ms at %zu N; at %.3g interruptions a second nearly every run that long holds one, and no width can be foreseen before the sweeps count how many stay within the tick band\n",
				s->opt->prog, s->opt->until, r->longest * ns / 1e6, c->points,
				s->until_in.rate * 1e9 / ns);
	}
	/* (a span the plan won back with fewer N is no loss: not said) */
	if (s->opt->until > 0 && s->until_plan.points > 0) {
		/* the model weighed the budget and the interruptions */
	} else if (r->budget_limited && r->expected_precision > 1.2 * s->opt->precision)
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
	if (r->over_cap && !(s->opt->until > 0))
		fprintf(stderr,
			"%s: note: runs up to %.3g ms are longer than an eighth of the timer interrupt period (%.3g ms): interrupts will land in many runs\n",
			s->opt->prog, r->longest * ns / 1e6, s->timer_period_ns / 1e6);
}

/* Kernel i's partner when two are timed in turn: the other one, at
 * scale x kernel i's N (b_scale: B's N over A's). */
struct probe_partner session_partner(struct session *s, int i, double b_scale)
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
	double blind = 0;	/* in A's N: the probe saw nothing from there */
	int blind_all = 0;	/* nor at any N */
	double below = 0;	/* in A's N: nor below it */
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
		struct probe_partner p = session_partner(s, i, b_scale);
		double scale = i ? b_scale : 1;
		if (probe_regime(&s->kernel[i], s->kernels > 1 ? &p : NULL,
				 (uint64_t)((double)to * scale), &r, err, sizeof err) != 0)
			return session_fail(s, 1, err);
		if (r.jump && (!reg.jump || (double)r.n_stop / scale < stop)) {
			reg = r;
			stop = (double)r.n_stop / scale;
			*below_ns = i ? r.unit_ns * b_scale : r.unit_ns;
			who = s->kernels < 2 ? "" : i ? "B's " : "A's ";
		}
		double b = (double)r.blind_from / scale;
		if (r.blind_from > 0 && (blind == 0 || b < blind))
			blind = b;
		blind_all |= r.blind_from == 1;	/* the first N probed */
		double bb = (double)r.blind_below / scale;
		below = bb > below ? bb : below;
	}
	if (!reg.jump) {
		char where[96] = "at any N";
		if (blind > 0 && !blind_all && below > 0)
			snprintf(where, sizeof where, "below N=%.0f, nor from N=%.0f on", below, blind);
		else if (blind > 0 && !blind_all)
			snprintf(where, sizeof where, "from N=%.0f on", blind);
		else if (below > 0 && !blind_all)
			snprintf(where, sizeof where, "below N=%.0f", below);
		if (blind > 0 || below > 0)
			fprintf(stderr,
				"%s: note: the probe could not judge the cost per unit %s: its timings scattered too much (a busy machine?); a change of regime there would go unseen (analyze's bend check still sees one in the data)\n",
				s->opt->prog, where);
		return 0;
	}
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

/* The model's inputs for --until (planuntil.h): the band the fit will
 * rest on (the clock's tick, after --coarsen: no fit has measured the
 * minima's scatter yet), and the interruptions: the kernel's timer at
 * its period (clock_getres of the COARSE clock: 1 / HZ), the one source
 * every guest and host has, until the sweeps measure the rate
 * (sampler.h's replan). */
void session_until_input(const struct session *s, const struct plan_auto_input *in,
			 struct plan_until_input *u)
{
	double ns = s->cal.unit_ns;
	*u = (struct plan_until_input){
		.band = calibrate_band_tick(&s->cal),
		.unit_cost = in->unit_cost,
		.fixed_cost = in->fixed_cost,
		.rate = s->timer_period_ns > 0 ? ns / s->timer_period_ns : 0,
		.fast_share = 1,
		.scatter = 0,
		.until = s->opt->until,
		.budget = in->budget,
		.n_max_allowed = in->n_max_allowed,
		.points_min = PLAN_UNTIL_FEWEST_POINTS,
		.points_max = in->points,
		.runs_min = WATCH_RUNS_MIN,
		.span_least = in->resolution / in->precision,
	};
	if (!(u->band > 0))
		u->band = in->resolution;
}

/* The plan: eq. 5's (plan_auto), or with --until the one that reaches
 * REL soonest (plan_until), its figures in r as plan_auto gives them.
 * Returns 0, or -1 out of memory. */
static int make_plan(struct session *s, const struct plan_auto_input *in,
		     struct plan_auto_result *r)
{
	if (!(s->opt->until > 0))
		return plan_auto(in, &s->plan, r);
	struct plan_until_input u;
	struct plan_until_choice c;
	session_until_input(s, in, &u);
	if (plan_until(&u, &c) != 0)
		return plan_auto(in, &s->plan, r);
	s->until_plan = c;
	s->until_in = u;
	*r = (struct plan_auto_result){ 0 };
	r->points = c.points;
	r->span = u.unit_cost * (double)c.n_max;
	r->longest = u.fixed_cost + r->span;
	r->expected_precision = c.width;
	r->budget_limited = !c.reachable;
	r->kernel_limited = c.kernel_limited;
	r->ticks = r->span / in->resolution;
	return plan_linear(c.n_max, c.points, &s->plan);
}

/* Probe the kernel and size the plan (plan.h, Herrero & Navarro eq. 5;
 * with --until, planuntil.h). */
static int auto_plan(struct session *s)
{
	char err[512];
	const struct collect_options *o = s->opt;
	double ns = s->cal.unit_ns;
	double resolution = plan_resolution(&s->cal);
	double target_ns = plan_probe_target_ns(resolution, o->precision, ns);
	struct probe_result p[2];
	memset(p, 0, sizeof p);
	uint64_t n_probed = 0;
	for (int i = 0; i < s->kernels; i++) {
		if (probe_kernel(&s->kernel[i], target_ns, n_auto_max(s), &p[i], err, sizeof err) != 0)
			return session_fail(s, 1, err);
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
	if (make_plan(s, &in, &r) != 0)
		return session_fail(s, 1, "out of memory");
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
		if (make_plan(s, &in, &r) != 0)
			return session_fail(s, 1, "out of memory");
	} else {
		snprintf(s->max_n_reason, sizeof s->max_n_reason, "%s",
			 r.kernel_limited ? (o->max_n ? "--max-n" : "the kernel's limit")
			 : r.budget_limited ? "the budget" : "the precision wanted");
	}
	if (kbest_raise_n(s, &in) != 0)
		return session_fail(s, 1, "out of memory");
	if (b_scale != 1 && scale_plan_b(s, b_scale) != 0)
		return session_fail(s, 1, "out of memory");
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
