/*
 * probe.c - doubling N until the kernel's runs are long enough to measure
 * its unit cost on a fine reference clock.
 */
#include "probe.h"

#include <stdio.h>

#include "clock.h"

enum { PROBE_RUNS = 5, PROBE_RETRIES = 4 };

double probe_min_ns(struct kernel *k, uint64_t n, int runs)
{
	uint64_t best = UINT64_MAX;
	for (int i = 0; i < runs; i++) {
		kernel_before(k, n);
		uint64_t a = clock_reference_ns();
		k->run(n, k->ctx);
		uint64_t b = clock_reference_ns();
		if (b - a < best)
			best = b - a;
	}
	return (double)best;
}

static int min_time_ns(struct kernel *k, uint64_t n, double *t, char *err,
		       size_t err_len)
{
	if (kernel_setup(k, n, err, err_len) != 0)
		return -1;
	*t = probe_min_ns(k, n, PROBE_RUNS);
	kernel_teardown(k);
	return 0;
}

int probe_kernel(struct kernel *k, double target_ns, uint64_t n_cap,
		 struct probe_result *out, char *err, size_t err_len)
{
	uint64_t n = 1, n_prev = 0;
	double t = 0, t_prev = 0;

	if (n_cap < 2)
		n_cap = 2;
	for (;;) {
		if (min_time_ns(k, n, &t, err, err_len) != 0)
			return -1;
		if (n_prev > 0 && (t >= target_ns || n >= n_cap))
			break;
		n_prev = n;
		t_prev = t;
		n = n > n_cap / 2 ? n_cap : 2 * n;
	}
	/* A busy machine can preempt all of one N's few runs: time the two
	 * last N again, alternately, before concluding that the cost does not
	 * grow. */
	for (int again = 0; again < PROBE_RETRIES && !(t > t_prev); again++) {
		double a, b;
		if (min_time_ns(k, n_prev, &a, err, err_len) != 0 ||
		    min_time_ns(k, n, &b, err, err_len) != 0)
			return -1;
		t_prev = a < t_prev ? a : t_prev;
		t = b < t ? b : t;
	}
	out->unit_ns = (t - t_prev) / (double)(n - n_prev);
	out->fixed_ns = t - out->unit_ns * (double)n;
	if (out->fixed_ns < 0)
		out->fixed_ns = 0;
	out->n_last = n;
	out->t_last_ns = t;
	if (!(out->unit_ns > 0)) {
		snprintf(err, err_len,
			 "kernel %s: its cost does not grow with N (%.0f ns at N=%llu, %.0f ns at N=%llu); give the plan with --n or --range",
			 k->name, t_prev, (unsigned long long)n_prev, t,
			 (unsigned long long)n);
		return -1;
	}
	return 0;
}

void probe_regime_judge(const uint64_t *n, const double *t, size_t count,
			struct probe_regime *out)
{
	double best = 0;
	uint64_t n_best = 0;
	*out = (struct probe_regime){ 0, count ? n[count - 1] : 0, 0, 0, 0 };
	for (size_t i = 0; i < count; i++) {
		if (t[i] < PROBE_REGIME_MIN_NS || t[i] > PROBE_REGIME_MAX_NS)
			continue;
		double per = t[i] / (double)n[i];
		if (best > 0 && per >= PROBE_REGIME_JUMP * best) {
			size_t j = i + 1;
			while (j < count && t[j] / (double)n[j] >= PROBE_REGIME_JUMP * best)
				j++;
			if (j == count) {
				*out = (struct probe_regime){ 1, n[i - 1], n[i],
							      n_best, per / best };
				return;
			}
		}
		if (best == 0 || per < best) {
			best = per;
			n_best = n[i];
		}
	}
}

int probe_confirm_judge(const double *ratio, size_t rounds)
{
	size_t shown = 0;
	for (size_t i = 0; i < rounds; i++)
		shown += ratio[i] >= PROBE_REGIME_JUMP;
	return rounds > 0 && shown + 1 >= rounds;
}

/* Time n_ref and n_after side by side, a few rounds, the order turned each
 * round; the jump stands only if nearly every round shows it. */
static int confirm_jump(struct kernel *k, struct probe_regime *r, char *err,
			size_t err_len)
{
	enum { ROUNDS = 5 };
	double ratio[ROUNDS];
	for (int i = 0; i < ROUNDS; i++) {
		double a, b;
		uint64_t first = i % 2 ? r->n_after : r->n_ref;
		uint64_t second = i % 2 ? r->n_ref : r->n_after;
		if (min_time_ns(k, first, i % 2 ? &b : &a, err, err_len) != 0 ||
		    min_time_ns(k, second, i % 2 ? &a : &b, err, err_len) != 0)
			return -1;
		ratio[i] = (b / (double)r->n_after) / (a / (double)r->n_ref);
	}
	if (!probe_confirm_judge(ratio, ROUNDS)) {
		r->jump = 0;
		return 0;
	}
	double sorted[ROUNDS];
	for (int i = 0; i < ROUNDS; i++) {
		int j = i;
		for (; j > 0 && sorted[j - 1] > ratio[i]; j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = ratio[i];
	}
	r->ratio = sorted[ROUNDS / 2];
	return 0;
}

int probe_regime(struct kernel *k, uint64_t n_to, struct probe_regime *out,
		 char *err, size_t err_len)
{
	enum { STEPS = 66, PASSES = 2 };
	uint64_t n[STEPS];
	double t[STEPS];
	size_t count = 0;
	for (uint64_t m = 1; count < STEPS; m = m > n_to / 2 ? n_to : 2 * m) {
		n[count++] = m;
		if (m >= n_to)
			break;
	}
	/* Two passes, the second from the largest N down, so that a slow
	 * stretch of the machine does not hit both timings of one N. */
	for (int p = 0; p < PASSES; p++)
		for (size_t j = 0; j < count; j++) {
			size_t i = p % 2 ? count - 1 - j : j;
			double x;
			if (min_time_ns(k, n[i], &x, err, err_len) != 0)
				return -1;
			t[i] = p == 0 || x < t[i] ? x : t[i];
		}
	probe_regime_judge(n, t, count, out);
	if (out->jump)
		return confirm_jump(k, out, err, err_len);
	return 0;
}
