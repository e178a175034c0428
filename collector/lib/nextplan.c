/*
 * nextplan.c - the plan subtick_next hands out (nextplan.h).
 */
#include "nextplan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The probe's longest runs span at least this many ticks of the
 * recorder's clock.  collect probes on a fine reference clock; the
 * library times the program's region on its own, whose tick may be
 * coarse (4 ms): there the doubling that gives the cost must add ten
 * ticks or more, or the cost would be the tick's. */
#define NEXTPLAN_PROBE_TICKS 20.0

void nextplan_init(struct nextplan *p, const struct nextplan_config *c)
{
	memset(p, 0, sizeof *p);
	p->cfg = *c;
	p->stage = NEXTPLAN_PROBE;
	p->stop = NEXTPLAN_GOING;
	rng_seed(&p->rng, c->seed);
	double target = plan_probe_target_ns(c->resolution, c->precision, c->unit_ns) / c->unit_ns;
	if (target < NEXTPLAN_PROBE_TICKS * c->band_tick)
		target = NEXTPLAN_PROBE_TICKS * c->band_tick;
	probewalk_init(&p->walk, target, UINT64_MAX);
}

void nextplan_free(struct nextplan *p)
{
	plan_free(&p->plan);
	free(p->order);
	p->order = NULL;
}

static int fail(struct nextplan *p, int error)
{
	p->stage = NEXTPLAN_DONE;
	p->stop = NEXTPLAN_FAILED;
	p->error = error;
	return 0;
}

static int done(struct nextplan *p, enum nextplan_stop why)
{
	p->stage = NEXTPLAN_DONE;
	p->stop = why;
	return 0;
}

/* The plan's N chosen: from the range given, or sized from the probe as
 * collect sizes its own (plan_auto).  0, or -1 out of memory. */
static int make_plan(struct nextplan *p)
{
	const struct nextplan_config *c = &p->cfg;
	int rc;
	if (c->n_max > 0) {
		rc = c->n_min > 0 ? plan_between(c->n_min, c->n_max, c->points, &p->plan)
				  : plan_linear(c->n_max, c->points, &p->plan);
	} else {
		struct plan_auto_input in = {
			.resolution = c->resolution,
			.unit_cost = p->unit_cost,
			.fixed_cost = p->fixed_cost,
			.precision = c->precision,
			.run_cap = c->run_cap,
			.budget = c->budget_ns / c->unit_ns,
			.n_max_allowed = UINT64_MAX,
			.points = c->points,
			.span_first_points = c->until ? PLAN_UNTIL_FEWEST_POINTS : 0,
		};
		rc = plan_auto(&in, &p->plan, &p->made);
	}
	p->order = rc == 0 ? malloc((p->plan.count ? p->plan.count : 1) * sizeof *p->order) : NULL;
	if (p->order == NULL)
		return -1;
	plan_order(p->order, p->plan.count, &p->rng);
	p->stage = NEXTPLAN_WARMUP;
	p->at = 0;
	p->fresh = 1;
	return 0;
}

/* The probe's next N, PROBEWALK_RUNS runs each; 0 once the walk is
 * done.  The least of an N's runs timed goes to the walk; an N none of
 * whose runs was timed is handed out again, NEXTPLAN_UNTIMED_MAX runs at
 * most (*stuck). */
static uint64_t probe_n(struct nextplan *p, int *stuck)
{
	*stuck = 0;
	if (p->handed >= PROBEWALK_RUNS) {
		if (p->timed > 0) {
			probewalk_time(&p->walk, p->least);
			p->untimed = 0;
		} else if ((p->untimed += p->handed) >= NEXTPLAN_UNTIMED_MAX) {
			*stuck = 1;
			return 0;
		}
		p->handed = p->timed = 0;
	}
	return probewalk_n(&p->walk);
}

/* The probe's stage: an N, or the plan made from what it found. */
static int probe_step(struct nextplan *p, uint64_t *n)
{
	int stuck;
	uint64_t m = p->cfg.n_max > 0 ? 0 : probe_n(p, &stuck);
	if (m > 0) {
		p->handed++;
		*n = m;
		return 1;
	}
	if (p->cfg.n_max == 0 && stuck)
		return fail(p, EAGAIN);
	if (p->cfg.n_max == 0 && probewalk_cost(&p->walk, &p->unit_cost, &p->fixed_cost) != 0)
		return fail(p, EDOM);	/* the cost does not grow with n */
	return make_plan(p) != 0 ? fail(p, ENOMEM) : -1;
}

/* The end of a written sweep: the precision reached, or the budget
 * spent, end the plan; else the next sweep's order.  0 (done) or -1 (go
 * on). */
static int sweep_end(struct nextplan *p, uint64_t now_ns,
		     int (*reached)(void *arg), void *arg)
{
	p->sweeps++;
	int r = reached != NULL ? reached(arg) : 0;
	if (r < 0)
		return fail(p, errno);
	if (r > 0)
		return done(p, NEXTPLAN_UNTIL);
	if ((double)(now_ns - p->start_ns) >= p->cfg.budget_ns)
		return done(p, NEXTPLAN_BUDGET);
	plan_order(p->order, p->plan.count, &p->rng);
	p->at = 0;
	return -1;
}

int nextplan_next(struct nextplan *p, uint64_t now_ns, uint64_t *n,
		  int (*reached)(void *arg), void *arg)
{
	*n = 0;
	p->is_pending = 0;
	for (;;) {
		int rc;
		switch (p->stage) {
		case NEXTPLAN_PROBE:
			if ((rc = probe_step(p, n)) >= 0) {
				p->pending = *n;
				p->is_pending = rc;
				return rc;
			}
			continue;
		case NEXTPLAN_WARMUP:
			if (p->at == p->plan.count) {
				/* the budget counts from here, as collect's */
				p->stage = NEXTPLAN_SWEEPS;
				p->start_ns = now_ns;
				plan_order(p->order, p->plan.count, &p->rng);
				p->at = 0;
				continue;
			}
			break;
		case NEXTPLAN_SWEEPS:
			if (p->at == p->plan.count) {
				if ((rc = sweep_end(p, now_ns, reached, arg)) >= 0)
					return rc;
				continue;
			}
			/* within a sweep, once one is whole, as collect's */
			if (p->sweeps > 0 && (double)(now_ns - p->start_ns) >= p->cfg.budget_ns)
				return done(p, NEXTPLAN_BUDGET);
			break;
		case NEXTPLAN_DONE:
			return 0;
		}
		*n = p->plan.n[p->order[p->at++]];
		p->pending = *n;
		p->is_pending = 1;
		return 1;
	}
}

int nextplan_time(struct nextplan *p, uint64_t n, uint64_t t)
{
	if (!p->is_pending || p->pending != n)
		return 0;
	int probe = p->stage == NEXTPLAN_PROBE, warmup = p->stage == NEXTPLAN_WARMUP;
	p->is_pending = 0;
	if (probe) {
		p->least = p->timed == 0 || (double)t < p->least ? (double)t : p->least;
		p->timed++;
	}
	return probe || warmup;
}

int nextplan_made(struct nextplan *p)
{
	int fresh = p->fresh;
	p->fresh = 0;
	return fresh;
}

void nextplan_describe(const struct nextplan *p, char *buf, size_t len)
{
	const struct nextplan_config *c = &p->cfg;
	size_t k = p->plan.count;
	unsigned long long lo = k ? (unsigned long long)p->plan.n[0] : 0,
			   hi = (unsigned long long)plan_max(&p->plan);
	if (c->n_max > 0)
		snprintf(buf, len, "given: %zu N in [%llu, %llu], budget %g s, seed %llu",
			 k, lo, hi, c->budget_ns / 1e9, (unsigned long long)c->seed);
	else
		snprintf(buf, len,
			 "auto: %zu N in [%llu, %llu], probe %.4g ns/N, longest run %.4g ms, expected precision %.2g, budget %g s, seed %llu",
			 k, lo, hi, p->unit_cost * c->unit_ns, p->made.longest * c->unit_ns / 1e6,
			 p->made.expected_precision, c->budget_ns / 1e9,
			 (unsigned long long)c->seed);
}
