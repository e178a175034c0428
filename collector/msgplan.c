/*
 * msgplan.c - steps of a message kernel's cost (msgplan.h).
 */
#include "msgplan.h"

#include <stdio.h>

static double slope(const uint64_t *n, const double *t, size_t i)
{
	double s = (t[i + 1] - t[i]) / (double)(n[i + 1] - n[i]);
	return s > 0 ? s : 0;
}

void msgplan_steps(const uint64_t *n, const double *t, size_t count,
		   double noise, struct msgplan_steps *out)
{
	out->count = 0;
	for (size_t k = 0; k + 1 < count; k++) {
		double s = 0;
		if (k > 0)
			s = slope(n, t, k - 1);
		if (k + 2 < count && slope(n, t, k + 1) > s)
			s = slope(n, t, k + 1);
		if (!msgplan_step_holds(t[k], t[k + 1], n[k], n[k + 1], s, noise) ||
		    out->count == MSGPLAN_MAX_STEPS)
			continue;
		out->below[out->count] = n[k];
		out->above[out->count] = n[k + 1];
		out->height[out->count] = t[k + 1] - t[k] - s * (double)(n[k + 1] - n[k]);
		out->slope[out->count] = s;
		out->count++;
	}
}

int msgplan_probed_enough(double t_first, double t_last, double top)
{
	return t_last >= top && t_last >= 2 * t_first;
}

int msgplan_step_holds(double t_below, double t_above, uint64_t n_below,
		       uint64_t n_above, double slope, double noise)
{
	double step = t_above - t_below - slope * (double)(n_above - n_below);
	return step > noise && step > MSGPLAN_STEP * t_below;
}

void msgplan_drop(struct msgplan_steps *st, size_t i)
{
	for (size_t j = i; j + 1 < st->count; j++) {
		st->below[j] = st->below[j + 1];
		st->above[j] = st->above[j + 1];
		st->height[j] = st->height[j + 1];
		st->slope[j] = st->slope[j + 1];
	}
	st->count--;
}

/* Regime i: from the first N (or the one after step i - 1) to the last N
 * (or the one before step i). */
static void regime(const struct msgplan_steps *st, size_t i, uint64_t first,
		   uint64_t last, uint64_t *lo, uint64_t *hi)
{
	*lo = i == 0 ? first : st->above[i - 1];
	*hi = i == st->count ? last : st->below[i];
}

size_t msgplan_choose(const struct msgplan_steps *steps, uint64_t n_first,
		      uint64_t n_last, uint64_t *lo, uint64_t *hi)
{
	for (size_t i = steps->count + 1; i-- > 0;) {
		regime(steps, i, n_first, n_last, lo, hi);
		if (*hi >= 4 * (*lo > 0 ? *lo : 1) || i == 0)
			return i;
	}
	return 0;
}

void msgplan_describe(const struct msgplan_steps *steps, uint64_t n_first,
		      uint64_t n_last, char *out, size_t len)
{
	size_t at = 0;
	out[0] = '\0';
	for (size_t i = 0; i <= steps->count && at < len; i++) {
		uint64_t lo, hi;
		regime(steps, i, n_first, n_last, &lo, &hi);
		int k = snprintf(out + at, len - at, "%s%llu-%llu", i ? ", " : "",
				 (unsigned long long)lo, (unsigned long long)hi);
		if (k < 0)
			break;
		at += (size_t)k;
	}
}
