/*
 * header.h - the header and the last line of a collection's stream.
 */
#ifndef SUBTICK_HEADER_H
#define SUBTICK_HEADER_H

#include <stdint.h>

#include "calibrate.h"
#include "conditions.h"
#include "kernel.h"
#include "sampler.h"
#include "stream.h"

struct collect_run {
	const struct clock_setup *clock;
	const struct calibration *cal;
	const struct clock_setup *clock2;	/* --also-clock, or NULL */
	const struct calibration *cal2;
	const struct kernel *kernel;
	const struct conditions *cond;
	const char *plan;	/* how the N were chosen, one line */
	uint64_t points;
	uint64_t runs;		/* 0: none */
	double budget_s;	/* 0: none */
	uint64_t seed;
	double timer_period_ns;
	const char *max_n_reason;	/* why the largest N is what it is */
	const char *cpu_check;		/* how a migration is detected */
	const char *const *extra_keys;	/* key, value, ..., NULL; or NULL */
	const char *checked;	/* what was checked before timing; "" or
				 * NULL: nothing */
	double until;		/* --until REL; 0: none */
	unsigned kbest_k;	/* --kbest K:EPS; 0: none */
	double kbest_eps;
};

int header_write(struct stream_writer *w, const struct collect_run *run);

/* "# done: ..." or, when signal != 0, "# interrupted: ...". */
int trailer_write(struct stream_writer *w, const struct sampler_result *r,
		  int signal);

#endif /* SUBTICK_HEADER_H */
