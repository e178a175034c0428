/*
 * watch.c - each kernel's line and bounds between sweeps (watch.h).
 */
#include "watch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"

int watch_init(struct watch *w, unsigned kernels, size_t sweep_max, double tick,
	       double until, int progress, uint64_t now_ns)
{
	memset(w, 0, sizeof *w);
	w->active = until > 0 || progress;
	w->kernels = kernels;
	w->until = until;
	w->start_ns = w->last_fit_ns = now_ns;
	w->reached = INFINITY;
	trend_init(&w->trend, until);
	if (!w->active)
		return 0;
	w->fold_cap = sweep_max;
	for (unsigned k = 0; k < kernels; k++) {
		lvstate_init(&w->lv[k], tick);
		w->fold_n[k] = malloc(sweep_max * sizeof *w->fold_n[k]);
		w->fold_t[k] = malloc(sweep_max * sizeof *w->fold_t[k]);
		if (w->fold_n[k] == NULL || w->fold_t[k] == NULL)
			return -1;
	}
	return 0;
}

static int fit(struct watch *w, uint64_t now_ns)
{
	double widest = 0, samples = 0;
	w->runs_enough = 1;
	for (unsigned k = 0; k < w->kernels; k++) {
		if (lvstate_fit(&w->lv[k], WATCH_REPLICATES, 1, &w->fit[k]) != 0)
			return -1;
		widest = fmax(widest, w->fit[k].ok ? w->fit[k].rel_width : INFINITY);
		samples += (double)w->fit[k].samples;
		w->runs_enough &= w->fit[k].ok && w->fit[k].runs_min >= WATCH_RUNS_MIN;
	}
	uint64_t done = clock_reference_ns();
	w->fit_cost_ns = done - now_ns;
	w->last_fit_ns = done;
	w->have_fit = 1;
	w->reached = widest;
	trend_add(&w->trend, (double)(now_ns - w->start_ns) / 1e9, samples, widest);
	return 0;
}

static int fold(struct watch *w)
{
	for (unsigned k = 0; k < w->kernels; k++) {
		for (size_t i = 0; i < w->fold_count[k]; i++)
			if (lvstate_add(&w->lv[k], w->fold_n[k][i], w->fold_t[k][i]) != 0)
				return -1;
		w->fold_count[k] = 0;
	}
	return 0;
}

int watch_finish(struct watch *w, uint64_t now_ns)
{
	if (!w->active)
		return 0;
	return fold(w) != 0 ? -1 : fit(w, now_ns);
}

/* The drift of WATCH_DRIFT_GROWTH (watch.h), at the fit just made. */
static int drift_held(struct watch *w)
{
	double samples = 0;
	int drift = 0;
	for (unsigned k = 0; k < w->kernels; k++) {
		samples += (double)w->fit[k].samples;
		drift |= w->fit[k].ok && w->fit[k].drift && w->fit[k].drift_rel > w->until;
	}
	if (!drift) {
		w->drift_since = 0;
		return 0;
	}
	if (w->drift_since == 0)
		w->drift_since = samples;
	w->drifted = samples >= WATCH_DRIFT_GROWTH * w->drift_since;
	return w->drifted;
}

int watch_sweep(struct watch *w, uint64_t now_ns)
{
	if (!w->active)
		return 0;
	if (fold(w) != 0)
		return -1;
	uint64_t since = now_ns - w->last_fit_ns;
	if (since < WATCH_FIT_EVERY_NS || since < 10 * w->fit_cost_ns)
		return 0;
	if (fit(w, now_ns) != 0)
		return -1;
	if (w->until > 0 && w->reached <= w->until && w->runs_enough)
		return 1;
	return w->until > 0 && drift_held(w) ? 2 : 0;
}

void watch_restart(struct watch *w, uint64_t now_ns)
{
	if (!w->active)
		return;
	for (unsigned k = 0; k < w->kernels; k++) {
		double tick = w->lv[k].tick;
		lvstate_free(&w->lv[k]);
		lvstate_init(&w->lv[k], tick);
		w->fold_count[k] = 0;
		memset(&w->fit[k], 0, sizeof w->fit[k]);
	}
	w->start_ns = w->last_fit_ns = now_ns;
	w->have_fit = 0;
	w->reached = INFINITY;
	w->runs_enough = 0;
	w->drift_since = 0;
	trend_init(&w->trend, w->until);
}

void watch_free(struct watch *w)
{
	for (unsigned k = 0; k < w->kernels; k++) {
		if (w->active)
			lvstate_free(&w->lv[k]);
		free(w->fold_n[k]);
		free(w->fold_t[k]);
	}
	memset(w, 0, sizeof *w);
}
