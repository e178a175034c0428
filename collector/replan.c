/*
 * replan.c - --until's plan made again between sweeps (replan.h).
 */
#include "replan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int make_room(struct replan *r, size_t count)
{
	if (count <= r->cap)
		return 0;
	uint64_t *c = realloc(r->clean, count * sizeof *c);
	if (c == NULL)
		return -1;
	r->clean = c;
	uint64_t *k = realloc(r->runs, count * sizeof *k);
	if (k == NULL)
		return -1;
	r->runs = k;
	r->cap = count;
	return 0;
}

int replan_init(struct replan *r, const struct plan_until_input *base,
		const struct plan *first, double unit_ns)
{
	memset(r, 0, sizeof *r);
	if (base == NULL || first->count == 0)
		return 0;
	r->on = 1;
	r->base = *base;
	r->unit_ns = unit_ns;
	r->n_setup = plan_max(first);
	if (make_room(r, first->count) != 0)
		return -1;
	memset(r->clean, 0, first->count * sizeof *r->clean);
	memset(r->runs, 0, first->count * sizeof *r->runs);
	return 0;
}

void replan_free(struct replan *r)
{
	plan_free(&r->own);
	free(r->clean);
	free(r->runs);
	memset(r, 0, sizeof *r);
}

/* The index of n in the ascending plan, or count. */
static size_t index_in(const struct plan *p, uint64_t n)
{
	size_t lo = 0, hi = p->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (p->n[mid] < n)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->count && p->n[lo] == n ? lo : p->count;
}

void replan_count(struct replan *r, const struct plan *p, const struct lvstate_fit *f,
		  const uint64_t *n, const uint64_t *t, size_t count)
{
	if (!r->on)
		return;
	r->sweeps++;
	if (!f->ok || !f->iv.band_ok || !(f->slope > 0))
		return;
	r->counted++;
	for (size_t i = 0; i < count; i++) {
		size_t j = index_in(p, n[i]);
		if (j == p->count)
			continue;
		double line = f->intercept + f->slope * (double)n[i];
		r->runs[j]++;
		r->clean[j] += (double)t[i] <= line + f->iv.band_width;
	}
}

/* The model's inputs now: the line's costs, the band, the rate counted,
 * the budget left. */
static int measured(const struct replan *r, const struct plan *p, const struct lvstate_fit *f,
		    double budget_left, struct plan_until_input *in)
{
	*in = r->base;
	if (!f->ok || !f->iv.band_ok || !(f->slope > 0) || !(f->iv.band_width > 0))
		return -1;
	double *len = malloc(p->count * sizeof *len);
	if (len == NULL)
		return -1;
	for (size_t j = 0; j < p->count; j++)
		len[j] = fmax(f->intercept, 0) + f->slope * (double)p->n[j];
	in->unit_cost = f->slope;
	in->fixed_cost = fmax(f->intercept, 0);
	/* W = tick + beta T: beta from the band over the longest run */
	double longest = fmax(f->intercept, 0) + f->slope * (double)plan_max(p);
	in->scatter = fmax(f->iv.band_width - r->base.band, 0) / longest;
	plan_until_clean(len, r->clean, r->runs, p->count, &in->fast_share, &in->rate);
	in->budget = budget_left;
	free(len);
	return budget_left > 0 ? 0 : -1;
}

/* The current plan's expected time still to go under the model (INFINITY:
 * not within any count of sweeps). */
static double time_left(const struct replan *r, const struct plan *p,
			const struct plan_until_input *in)
{
	double sweep = plan_until_sweep(in, plan_max(p), p->count);
	double done = (double)r->sweeps;
	double k = plan_until_sweeps(in, plan_max(p), p->count, 1e15);
	return k > 0 ? fmax(k - done, 0) * sweep : INFINITY;
}

int replan_consider(struct replan *r, const struct plan **p, const struct lvstate_fit *f,
		    struct kernel *k, double budget_left, double elapsed_s)
{
	struct plan_until_input in;
	struct plan_until_choice c;
	if (!r->on || r->made >= REPLAN_MAX || r->counted < r->base.runs_min || measured(r, *p, f, budget_left, &in) != 0 ||
	    plan_until(&in, &c) != 0)
		return 0;
	double left = time_left(r, *p, &in);
	int sooner = c.reachable && c.time < left;
	if (!sooner || (c.n_max == plan_max(*p) && c.points == (*p)->count))
		return 0;
	struct plan next;
	char err[256];
	if (plan_linear(c.n_max, c.points, &next) != 0)
		return -1;
	if (plan_max(&next) > r->n_setup) {
		if (kernel_setup(k, plan_max(&next), err, sizeof err) != 0) {
			plan_free(&next);	/* the old set-up is gone: back to it */
			if (kernel_setup(k, r->n_setup, err, sizeof err) != 0)
				return -1;
			return 0;
		}
		r->n_setup = plan_max(&next);
	}
	if (make_room(r, next.count) != 0) {
		plan_free(&next);
		return -1;
	}
	memset(r->clean, 0, next.count * sizeof *r->clean);
	memset(r->runs, 0, next.count * sizeof *r->runs);
	plan_free(&r->own);
	r->own = next;
	r->sweeps = r->counted = 0;
	r->made++;
	*p = &r->own;
	{
		double ns = r->unit_ns;
		snprintf(r->said, sizeof r->said,
			"--until: plan made again after %.3g s (measured: band %.3g ns on the longest runs, %.3g interruptions a second, at the fastest speed %.3g of the time%s): runs up to %.3g ms at %zu N, expected %s %.2g in %.3g s more",
			elapsed_s, (in.band + in.scatter * (in.fixed_cost + in.unit_cost * (double)plan_max(*p))) * ns, in.rate * 1e9 / ns, in.fast_share,
			isfinite(left) ? "" : "; the plan before would not reach it",
			(in.fixed_cost + in.unit_cost * (double)c.n_max) * ns / 1e6, c.points,
			"a width of", c.width, c.time * ns / 1e9);
	}
	return 1;
}
