/*
 * probe.c - doubling N until the kernel's runs are long enough to measure
 * its unit cost on a fine reference clock.
 */
#include "probe.h"

#include <stdio.h>

#include "clock.h"

enum { PROBE_RUNS = 5 };

static int min_time_ns(struct kernel *k, uint64_t n, double *t, char *err,
		       size_t err_len)
{
	if (kernel_setup(k, n, err, err_len) != 0)
		return -1;
	uint64_t best = UINT64_MAX;
	for (int i = 0; i < PROBE_RUNS; i++) {
		uint64_t a = clock_reference_ns();
		k->run(n, k->ctx);
		uint64_t b = clock_reference_ns();
		if (b - a < best)
			best = b - a;
	}
	kernel_teardown(k);
	*t = (double)best;
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
