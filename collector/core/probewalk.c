/*
 * probewalk.c - the cost probe's walk over N (probewalk.h).
 */
#include "probewalk.h"

enum { PROBEWALK_RETRIES = 4 };
#define PROBEWALK_GROWTH_LEAST 0.25

void probewalk_init(struct probewalk *w, double target, uint64_t n_cap)
{
	*w = (struct probewalk){ .phase = PROBEWALK_DOUBLING, .target = target,
				 .n_cap = n_cap < 2 ? 2 : n_cap, .n = 1 };
}

uint64_t probewalk_n(const struct probewalk *w)
{
	switch (w->phase) {
	case PROBEWALK_DOUBLING:
	case PROBEWALK_RETRY_N:
		return w->n;
	case PROBEWALK_HALF:
	case PROBEWALK_RETRY_PREV:
		return w->n_prev;
	case PROBEWALK_DONE:
		break;
	}
	return 0;
}

/* A busy machine can preempt or slow all of one N's few runs.  The cost
 * comes from the difference of the two last minima, so a slowed shorter
 * N makes it too small (by 1 / (2 - r) for runs r times slower: 7x at r
 * = 1.86, a state seen on the AMD guests), and the plan's runs that many
 * times too long.  Where doubling N added less than
 * PROBEWALK_GROWTH_LEAST of the run, as it does then (a linear kernel's
 * run at 2N adds half its time less its fixed cost), time the two N
 * again, alternately, keeping each one's least: a slowed stretch seldom
 * covers both every time.  A kernel whose fixed cost exceeds its work
 * only pays for the retries. */
static void retry_or_done(struct probewalk *w)
{
	int grew = w->t - w->t_prev > PROBEWALK_GROWTH_LEAST * w->t;
	w->phase = w->again < PROBEWALK_RETRIES && !grew ? PROBEWALK_RETRY_PREV
							 : PROBEWALK_DONE;
}

/* The doubling is over: n reached the target or the cap. */
static void doubled(struct probewalk *w)
{
	/* Stopped at the cap less than a doubling on: the shorter N is taken
	 * at half the cap instead, so that the two always lie twice apart
	 * (a step of 14%, 262144 to 300000, left a difference that the
	 * noise of a loaded machine could cancel) */
	if (w->n_prev > w->n / 2 && w->n / 2 > 0) {
		w->n_prev = w->n / 2;
		w->phase = PROBEWALK_HALF;
		return;
	}
	retry_or_done(w);
}

void probewalk_time(struct probewalk *w, double t)
{
	switch (w->phase) {
	case PROBEWALK_DOUBLING:
		w->t = t;
		if (w->n_prev > 0 && (t >= w->target || w->n >= w->n_cap)) {
			doubled(w);
			return;
		}
		w->n_prev = w->n;
		w->t_prev = t;
		w->n = w->n > w->n_cap / 2 ? w->n_cap : 2 * w->n;
		return;
	case PROBEWALK_HALF:
		w->t_prev = t;
		retry_or_done(w);
		return;
	case PROBEWALK_RETRY_PREV:
		w->again_prev = t;
		w->phase = PROBEWALK_RETRY_N;
		return;
	case PROBEWALK_RETRY_N:
		w->t_prev = w->again_prev < w->t_prev ? w->again_prev : w->t_prev;
		w->t = t < w->t ? t : w->t;
		w->again++;
		retry_or_done(w);
		return;
	case PROBEWALK_DONE:
		return;
	}
}

int probewalk_cost(const struct probewalk *w, double *unit, double *fixed)
{
	*unit = (w->t - w->t_prev) / (double)(w->n - w->n_prev);
	*fixed = w->t - *unit * (double)w->n;
	if (*fixed < 0)
		*fixed = 0;
	return *unit > 0 ? 0 : -1;
}
