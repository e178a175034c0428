/*
 * mpiplan.c - plan a message kernel (mpiplan.h).
 */
#include "mpiplan.h"

#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "msgplan.h"
#include "plan.h"
#include "probe.h"

enum { PROBE_RUNS = 20, PROBE_RUNS_MIN = 3, MAX_PROBES = 40 };

/* A floor under which no rise is a step, ns: the reference clock's
 * resolution and a little of the machine's noise. */
#define STEP_NOISE_NS 100.0

/* The minimum of a probe's runs: PROBE_RUNS, or as many as fill the time
 * of PROBE_RUNS of the automatic plan's longest (MPIPLAN_TOP_NS), at least
 * PROBE_RUNS_MIN.  A --range of long messages is then probed in seconds,
 * not minutes (an allreduce of 512 KiB over 3 hosts at 400 Mbit/s takes
 * 50 ms a run), and the minimum of a long run scatters little against the
 * 25% a step must rise (MSGPLAN_STEP).  One batch: the root waits for the
 * other ranks in every run, and where one shares its CPU every batch
 * looks preempted, so that probe_min_ns takes four.  That allreduce
 * (--range 32768:65536) was planned in 35 s, then 9 s with one batch of
 * 20 runs, and 5 s so. */
static double min_ns(struct kernel *k, uint64_t n)
{
	double first = probe_min_ns_once(k, n, 1);
	double fill = PROBE_RUNS * MPIPLAN_TOP_NS / (first > 1 ? first : 1);
	int runs = fill >= PROBE_RUNS ? PROBE_RUNS
		 : fill <= PROBE_RUNS_MIN ? PROBE_RUNS_MIN : (int)fill;
	double rest = probe_min_ns_once(k, n, runs - 1);
	return first < rest ? first : rest;
}

/* A step from one quick probe may be a slow moment: time both sides again,
 * side by side in ROUNDS rounds (the order turned each round), and keep
 * the step only if all rounds but one show it (as probe.h's regimes). */
static void confirm_steps(struct kernel *k, struct msgplan_steps *st)
{
	enum { ROUNDS = 5 };
	for (size_t i = st->count; i-- > 0;) {
		int shown = 0;
		for (int r = 0; r < ROUNDS; r++) {
			double a, b;
			if (r % 2) {
				b = min_ns(k, st->above[i]);
				a = min_ns(k, st->below[i]);
			} else {
				a = min_ns(k, st->below[i]);
				b = min_ns(k, st->above[i]);
			}
			shown += msgplan_step_holds(a, b, st->below[i], st->above[i],
						    st->slope[i], STEP_NOISE_NS);
		}
		if (shown + 1 < ROUNDS)
			msgplan_drop(st, i);
	}
}

static void describe(const struct msgplan_steps *st, const uint64_t *n,
		     size_t count, char *out, size_t len)
{
	char list[256];
	msgplan_describe(st, n[0], n[count - 1], list, sizeof list);
	size_t at = (size_t)snprintf(out, len, "%zu: N %s", st->count + 1, list);
	for (size_t i = 0; i < st->count && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s%.4g ns from %llu to %llu",
				       i ? ", " : " (steps up: ", st->height[i],
				       (unsigned long long)st->below[i],
				       (unsigned long long)st->above[i]);
	if (st->count && at < len)
		snprintf(out + at, len - at, ")");
}

int mpi_message_plan(struct session *s, char *regimes, size_t len)
{
	const char *prog = s->opt->prog;
	struct kernel *k = &s->kernel[0];
	char err[256];
	int given = s->plan.count > 0;
	uint64_t cap = given ? plan_max(&s->plan) : k->n_limit;
	double top = MPIPLAN_TOP_NS;
	double tick_ns = (double)s->cal.tick * s->cal.unit_ns;
	if (top < PLAN_MIN_TICKS * tick_ns)
		top = PLAN_MIN_TICKS * tick_ns;

	uint64_t n[MAX_PROBES];
	double t[MAX_PROBES];
	size_t count = 0;
	if (kernel_setup(k, cap, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 1;
	}
	for (uint64_t m = 0; count < MAX_PROBES; m = m ? 2 * m : 1) {
		if (m > cap)
			m = cap;
		n[count] = m;
		t[count] = min_ns(k, m);
		count++;
		if (m >= cap || (!given && msgplan_probed_enough(t[0], t[count - 1], top)))
			break;
	}
	struct msgplan_steps st;
	msgplan_steps(n, t, count, STEP_NOISE_NS, &st);
	confirm_steps(k, &st);
	kernel_teardown(k);
	describe(&st, n, count, regimes, len);

	if (given) {
		uint64_t lo = s->plan.n[0];
		for (size_t i = 0; i < st.count; i++)
			if (st.below[i] >= lo && st.above[i] <= cap)
				fprintf(stderr, "%s: warning: the plan spans a step of the cost: +%.4g ns from N=%llu to N=%llu (a protocol switch?); a line across it describes neither side: a --range on one side stays within one regime\n",
					prog, st.height[i], (unsigned long long)st.below[i],
					(unsigned long long)st.above[i]);
		return 0;
	}
	uint64_t lo, hi;
	size_t which = msgplan_choose(&st, n[0], n[count - 1], &lo, &hi);
	char range[96];
	snprintf(range, sizeof range, "%llu:%llu:%d", (unsigned long long)lo,
		 (unsigned long long)hi, PLAN_AUTO_POINTS);
	if (plan_from_range(range, 0, &s->plan, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 1;
	}
	snprintf(s->plan_text, sizeof s->plan_text,
		 "auto (message kernel): %zu N in [%llu, %llu], regime %zu of %zu, longest run %.4g ms",
		 s->plan.count, (unsigned long long)lo, (unsigned long long)hi,
		 which + 1, st.count + 1, t[count - 1] / 1e6);
	snprintf(s->max_n_reason, sizeof s->max_n_reason, "%s",
		 t[count - 1] >= top ? "a run of the largest N takes the time wanted"
				     : "the kernel's limit");
	size_t at = strlen(regimes);
	snprintf(regimes + at, len - at, "; planned: N %llu-%llu",
		 (unsigned long long)lo, (unsigned long long)hi);
	for (size_t i = 0; i < st.count; i++)
		fprintf(stderr, "%s: note: the cost steps up %.4g ns from N=%llu to N=%llu (a protocol switch?)\n",
			prog, st.height[i], (unsigned long long)st.below[i],
			(unsigned long long)st.above[i]);
	if (st.count)
		fprintf(stderr, "%s: note: the plan stays in regime %zu of %zu, N %llu-%llu; --range LO:HI times another (regimes: %s)\n",
			prog, which + 1, st.count + 1, (unsigned long long)lo,
			(unsigned long long)hi, regimes);
	return 0;
}
