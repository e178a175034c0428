/*
 * replan.h - collect --until's plan made again between sweeps, from what
 * the fits measure (planuntil.h's model): the cost per unit and the fixed
 * cost (the line), the band W the bounds rest on (its growth over the
 * tick in proportion to the longest run), the rate of the interruptions
 * and the share of the time at the fastest speed (runs counted clean,
 * within W of the line, or not, at each N: plan_until_clean).  At every
 * fit the model's time to the target under the current plan (the sweeps
 * it still needs) is weighed against a new plan's from scratch (its N
 * have no runs yet); the new one is taken only where it is expected to
 * reach the target, and sooner.  Where no plan is expected to, the plan
 * stays: the plan of least width at the budget's end leans hardest on the
 * model's runs being clean independently of each other, which speed
 * states that come in bursts break (measured on a loaded guest: runs
 * lengthened from 0.03 to 0.14 ms for an expected width of 2.7e-4 ended
 * at 6.6% after 20 s, the refits on halves of the collection in time
 * apart, where 64 N of 7.7 us had reached 7.4e-4 in 60 s).  The fit then
 * starts afresh on the new plan's runs (watch_restart: the stretches of
 * time before it lack its N); the stream keeps every run.
 */
#ifndef SUBTICK_REPLAN_H
#define SUBTICK_REPLAN_H

/*
 * Once: the first plan's runs, judged against a fit over many sweeps,
 * have their minima at the floor, and W is the floor's scatter.  A plan
 * made again on a new plan's first sweeps would rest on a W its few runs
 * overstate (a minimum of 5 runs lies above its floor), which asks for
 * longer runs, whose first sweeps overstate it more: measured, a second
 * and third plan lengthened the runs from 0.03 to 37 ms.
 */
#define REPLAN_MAX 1

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"
#include "lvstate.h"
#include "plan.h"
#include "planuntil.h"

struct replan {
	int on;
	struct plan_until_input base;	/* the first plan's inputs */
	struct plan own;		/* the plan made here, once made */
	uint64_t *clean, *runs;		/* per N of the current plan */
	size_t cap;			/* room for N in them */
	uint64_t sweeps;		/* sweeps on the current plan */
	uint64_t counted;		/* of those, judged against a fit */
	uint64_t n_setup;		/* the kernel is set up up to this N */
	unsigned made;			/* plans made here */
	double unit_ns;
	char said[320];			/* the last plan made, told */
};

/* base: the first plan's inputs (NULL: no re-planning); points_cap: N a
 * plan may have at most.  0, or -1 out of memory. */
int replan_init(struct replan *r, const struct plan_until_input *base,
		const struct plan *first, double unit_ns);
void replan_free(struct replan *r);

/* One sweep's samples of the kernel (n[i], t[i]), judged against the
 * last fit: clean where within its band W of the line. */
void replan_count(struct replan *r, const struct plan *p, const struct lvstate_fit *f,
		  const uint64_t *n, const uint64_t *t, size_t count);

/* After a fit: a new plan where the model expects it to reach the
 * target sooner (budget_left: units of sampling time still to go).
 * Returns 1 with *p pointing at the new plan (the kernel set up for
 * it) and r->said telling it, 0 to keep *p, -1 out of memory. */
int replan_consider(struct replan *r, const struct plan **p, const struct lvstate_fit *f,
		    struct kernel *k, double budget_left, double elapsed_s);

#endif /* SUBTICK_REPLAN_H */
