/*
 * probewalk.h - the cost probe's walk over N, apart from what it times:
 * N = 1, 2, 4, ... until one N's least timing reaches a target (or N its
 * cap), then the last two N timed again while the doubling added too
 * little to trust (a slowed shorter N), and the cost per N and at N = 0
 * from the last two.  collect's probe drives it with its kernel's runs
 * (probe.c, on the reference clock); libsubtick's subtick_next with the
 * program's own regions (lib/nextplan.c, on the recorder's clock).  The
 * units are the driver's.
 */
#ifndef SUBTICK_PROBEWALK_H
#define SUBTICK_PROBEWALK_H

#include <stdint.h>

/* Runs a driver times at each N: their least is the N's timing. */
#define PROBEWALK_RUNS 5

enum probewalk_phase {
	PROBEWALK_DOUBLING,	/* timing n, doubled after */
	PROBEWALK_HALF,		/* timing n / 2 (the cap was less than a
				 * doubling on) */
	PROBEWALK_RETRY_PREV,	/* timing n_prev again */
	PROBEWALK_RETRY_N,	/* timing n again */
	PROBEWALK_DONE,
};

struct probewalk {
	enum probewalk_phase phase;
	double target;		/* the longest N's least timing reaches it */
	uint64_t n_cap;
	uint64_t n, n_prev;
	double t, t_prev;
	double again_prev;	/* n_prev's timing in this retry */
	int again;		/* retries so far */
};

void probewalk_init(struct probewalk *w, double target, uint64_t n_cap);

/* The N to time next; 0 once done. */
uint64_t probewalk_n(const struct probewalk *w);

/* The least timing at probewalk_n's N. */
void probewalk_time(struct probewalk *w, double t);

/* Once done: the cost of one more N and at N = 0 (>= 0), from the last
 * two N.  Returns 0, or -1 when the cost does not grow with N (the unit
 * cost is then <= 0, and what the two timings were is in *w). */
int probewalk_cost(const struct probewalk *w, double *unit, double *fixed);

#endif /* SUBTICK_PROBEWALK_H */
