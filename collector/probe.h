/*
 * probe.h - a quick estimate of a kernel's cost, for the automatic plan.
 */
#ifndef SUBTICK_PROBE_H
#define SUBTICK_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

struct probe_result {
	double unit_ns;		/* cost of one more unit of N, ns */
	double fixed_ns;	/* cost at N = 0, ns (>= 0) */
	uint64_t n_last;	/* the largest N probed */
	double t_last_ns;	/* its minimum time */
};

/* Run the kernel at N = 1, 2, 4, ... (minimum of a few runs each, on
 * CLOCK_MONOTONIC_RAW) until one run takes target_ns or N reaches n_cap.
 * Sets the kernel up for each N and tears it down after.  Returns 0; -1
 * with a message in err if setup fails or the cost does not grow with N. */
int probe_kernel(struct kernel *k, double target_ns, uint64_t n_cap,
		 struct probe_result *out, char *err, size_t err_len);

#endif /* SUBTICK_PROBE_H */
