/*
 * probe.c - doubling N until the kernel's runs are long enough to measure
 * its unit cost on a fine reference clock.
 */
#include "probe.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "clock.h"
#include "plan.h"
#include "probewalk.h"


/* Involuntary context switches of this thread so far. */
static long preemptions(void)
{
	struct rusage ru;
	return getrusage(RUSAGE_THREAD, &ru) == 0 ? ru.ru_nivcsw : -1;
}

uint64_t probe_partner_n(const struct probe_partner *p, uint64_t n)
{
	double x = (double)n * p->scale;
	return x >= (double)p->n_limit ? p->n_limit : plan_round_n(x);
}

/* The partner's run at its N, untimed, before one of the timed kernel's. */
static void partner_run(const struct probe_partner *p, uint64_t n)
{
	if (p == NULL)
		return;
	uint64_t m = probe_partner_n(p, n);
	kernel_before(p->k, m);
	p->k->run(m, p->k->ctx);
}

/* The smallest of runs timings, and whether one of them surely ran
 * without being preempted: the thread was switched out fewer times than
 * it ran.  The switches are counted around all runs, not each: a system
 * call just before a run slows it (a vectorized loop of a few
 * microseconds ran 1.5-2x slower after getrusage on the AMD guests). */
static double batch_min_ns(struct kernel *k, const struct probe_partner *p,
			   uint64_t n, int runs, int *clean)
{
	uint64_t best = UINT64_MAX;
	long p0 = preemptions();
	for (int i = 0; i < runs; i++) {
		partner_run(p, n);
		kernel_before(k, n);
		uint64_t a = clock_reference_ns();
		k->run(n, k->ctx);
		uint64_t b = clock_reference_ns();
		if (b - a < best)
			best = b - a;
	}
	long p1 = preemptions();
	*clean = p0 < 0 || p1 - p0 < runs;
	return (double)best;
}

double probe_min_ns_in_turn(struct kernel *k, const struct probe_partner *p,
			    uint64_t n, int runs, int *clean)
{
	/* a batch whose every run may have been preempted is followed by
	 * another, a few at most: on a loaded machine one of them will not
	 * be */
	double best = INFINITY;
	int ok = 0;
	for (int batch = 0; batch < 4 && !ok; batch++) {
		double t = batch_min_ns(k, p, n, runs, &ok);
		best = t < best ? t : best;
	}
	if (clean != NULL)
		*clean = ok;
	return best;
}

double probe_min_ns(struct kernel *k, uint64_t n, int runs, int *clean)
{
	return probe_min_ns_in_turn(k, NULL, n, runs, clean);
}

double probe_min_ns_once(struct kernel *k, uint64_t n, int runs)
{
	int clean;
	return batch_min_ns(k, NULL, n, runs, &clean);
}

static int min_time_ns(struct kernel *k, uint64_t n, double *t, char *err,
		       size_t err_len)
{
	if (kernel_setup(k, n, err, err_len) != 0)
		return -1;
	*t = probe_min_ns(k, n, PROBEWALK_RUNS, NULL);
	kernel_teardown(k);
	return 0;
}

int probe_kernel(struct kernel *k, double target_ns, uint64_t n_cap,
		 struct probe_result *out, char *err, size_t err_len)
{
	struct probewalk w;
	uint64_t n;
	probewalk_init(&w, target_ns, n_cap);
	while ((n = probewalk_n(&w)) != 0) {
		double t;
		if (min_time_ns(k, n, &t, err, err_len) != 0)
			return -1;
		probewalk_time(&w, t);
	}
	int grows = probewalk_cost(&w, &out->unit_ns, &out->fixed_ns) == 0;
	out->n_last = w.n;
	out->t_last_ns = w.t;
	if (!grows) {
		snprintf(err, err_len,
			 "kernel %s: its cost does not grow with N (%.0f ns at N=%llu, %.0f ns at N=%llu); give the plan with --n or --range",
			 k->name, w.t_prev, (unsigned long long)w.n_prev, w.t,
			 (unsigned long long)w.n);
		return -1;
	}
	return 0;
}

/* The relative error of the marginal cost between n[i] and n[j]: the
 * uncertainties of both times over their difference (INFINITY when the
 * time does not grow). */
static double error_of(const double *t, const double *u, size_t i, size_t j)
{
	double dt = t[j] - t[i];
	return dt > 0 ? (u[i] + u[j]) / dt : INFINITY;
}

/* Doubling i (from n[i] to n[i+1]) is judged: its marginal is known within
 * PROBE_MARGINAL_ERR_MAX at least. */
static int judged(const double *t, const double *u, size_t i)
{
	return error_of(t, u, i, i + 1) <= PROBE_MARGINAL_ERR_MAX;
}

static double marginal(const uint64_t *n, const double *t, size_t i, size_t j)
{
	return (t[j] - t[i]) / (double)(n[j] - n[i]);
}

/* The largest index whose doubling into it was judged, or 0. */
static size_t last_judged(const double *t, const double *u, size_t count)
{
	for (size_t i = count; i-- > 1;)
		if (judged(t, u, i - 1))
			return i;
	return 0;
}

/* The marginal from n[i] to n[j] is PROBE_REGIME_JUMP x the regime's (the
 * doubling ref) or more, even at the low end of its error and the high
 * end of the regime's. */
static int rises(const uint64_t *n, const double *t, const double *u,
		 size_t i, size_t j, size_t ref, double factor)
{
	double m = marginal(n, t, i, j) * (1 - error_of(t, u, i, j));
	double low = marginal(n, t, ref, ref + 1) * (1 + error_of(t, u, ref, ref + 1));
	return m >= factor * low;
}

/* The judged doubling whose marginal is the median of those in seen[0..k)
 * (the lower middle one): the regime's cost below, robust to one doubling
 * made low or high by a slow N. */
static size_t median_doubling(const uint64_t *n, const double *t,
			      const size_t *seen, size_t k)
{
	size_t order[PROBE_STEPS];
	for (size_t a = 0; a < k; a++) {
		size_t b = a;
		double m = marginal(n, t, seen[a], seen[a] + 1);
		for (; b > 0 && marginal(n, t, order[b - 1], order[b - 1] + 1) > m; b--)
			order[b] = order[b - 1];
		order[b] = seen[a];
	}
	return order[(k - 1) / 2];
}

void probe_regime_judge(const uint64_t *n, const double *t, const double *u,
			size_t count, size_t from, struct probe_regime *out)
{
	size_t seen[PROBE_STEPS], k = 0;	/* the judged doublings so far */
	size_t end = last_judged(t, u, count), first = 0;
	*out = (struct probe_regime){
		.n_stop = count ? n[count - 1] : 0,
		.blind_from = end + 1 < count ? n[end] : 0,
	};
	/* blind below the first judged doubling where one there spans what
	 * the clock resolves (needs_more's measure, its floor the least
	 * uncertainty), but scattered: a step there has no doubling below
	 * it to be judged against */
	double floor_ns = INFINITY;
	for (size_t i = 0; i < count; i++)
		floor_ns = fmin(floor_ns, u[i]);
	while (first + 1 < end && !judged(t, u, first))
		first++;
	for (size_t i = 0; end > 0 && i < first; i++)
		if (t[i + 1] - t[i] > 2 * floor_ns / PROBE_MARGINAL_ERR)
			out->blind_below = n[first];
	for (size_t i = 0; i + 1 <= end && i < PROBE_STEPS; i++) {
		if (!judged(t, u, i))
			continue;
		/* the regime's cost from the last few doublings only: runs
		 * of much shorter length can be faster for reasons of their
		 * length alone (a short run finds moments when a busy
		 * neighbour leaves the core alone), which is no regime */
		size_t w = k < PROBE_REF_WINDOW ? k : PROBE_REF_WINDOW;
		size_t ref = k ? median_doubling(n, t, seen + k - w, w) : 0;
		double low = k ? marginal(n, t, ref, ref + 1) : 0;
		if (k && i >= from &&
		    marginal(n, t, i, i + 1) >= PROBE_REGIME_JUMP * low &&
		    marginal(n, t, i, end) >= PROBE_REGIME_JUMP * low) {
			/* a gradual rise: the judged doublings just below that
			 * already cost PROBE_REGIME_RISING x the regime's, even
			 * at the unfavourable ends of their errors */
			/* and a doubling below it too scattered to judge may
			 * hold where it began: the plan stops below that too
			 * (the walk ends at the regime's doubling ref at the
			 * latest, which is judged and does not rise) */
			size_t start = i;
			int rising = 0, unjudged = 0;
			while (start > 0) {
				if (!judged(t, u, start - 1))
					unjudged = 1;
				else if (rises(n, t, u, start - 1, start, ref,
					       PROBE_REGIME_RISING))
					rising = 1;
				else
					break;
				start--;
			}
			/* the confirmations' reference: the regime's longest
			 * doubling of the window (the clock's resolution
			 * weighs least on it), below the one just under the
			 * stop, which walk_back times against it (that one
			 * may read as the regime's and still rise) */
			size_t side = ref;
			for (size_t a = k - w; a < k; a++)
				if (seen[a] > side && seen[a] + 1 < start &&
				    marginal(n, t, seen[a], seen[a] + 1) <= PROBE_REGIME_RISING * low)
					side = seen[a];
			*out = (struct probe_regime){
				.jump = 1, .n_stop = n[start], .n_after = n[i + 1],
				.n_ref = n[side], .ratio = marginal(n, t, i, i + 1) / low,
				.unit_ns = low, .gradual = rising, .unjudged = unjudged,
			};
			return;
		}
		seen[k++] = i;
	}
}

size_t probe_confirm_needed(size_t rounds, double alpha)
{
	/* the least k with P(Binomial(rounds, 1/2) >= k) <= alpha: the tail
	 * summed from the top, C(rounds, j) / 2^rounds */
	double term = ldexp(1, -(int)rounds), tail = 0;
	size_t k = rounds + 1;
	for (size_t j = rounds + 1; j-- > 0;) {
		tail += term;
		if (tail > alpha)
			break;
		k = j;
		term = term * (double)j / (double)(rounds - j + 1);
	}
	return k;
}

int probe_confirm_judge(const double *ratio, size_t rounds, double alpha)
{
	size_t shown = 0;
	for (size_t i = 0; i < rounds; i++)
		shown += ratio[i] >= PROBE_REGIME_JUMP;	/* NaN: not */
	return rounds > 0 && shown >= probe_confirm_needed(rounds, alpha);
}

/* The reference clock's resolution as a probe sees it: the smallest
 * nonzero difference of two reads in a row (its tick, or its read cost
 * when that is larger), ns. */
static double reference_resolution_ns(void)
{
	uint64_t best = UINT64_MAX;
	for (int i = 0; i < 1000; i++) {
		uint64_t a = clock_reference_ns(), b = clock_reference_ns();
		if (b > a && b - a < best)
			best = b - a;
	}
	return best == UINT64_MAX ? 1000 : (double)best;
}

/* Runs of the kernel at n that fill about PROBE_RUN_NS, from one timing:
 * 5 to 200. */
static int runs_for(double t_ns)
{
	double r = PROBE_RUN_NS / (t_ns > 1 ? t_ns : 1);
	return r < 3 ? 3 : r > 200 ? 200 : (int)r;
}

/* The minimum of runs timings at n (in turn with the partner, if any),
 * set up and torn down around them; INFINITY when every run was
 * preempted. */
static int timed(struct kernel *k, const struct probe_partner *p, uint64_t n,
		 int runs, double *t, char *err, size_t err_len)
{
	int clean;
	if (kernel_setup(k, n, err, err_len) != 0)
		return -1;
	if (p != NULL && kernel_setup(p->k, probe_partner_n(p, n), err, err_len) != 0) {
		kernel_teardown(k);
		return -1;
	}
	*t = probe_min_ns_in_turn(k, p, n, runs, &clean);
	if (p != NULL)
		kernel_teardown(p->k);
	kernel_teardown(k);
	if (!clean)
		*t = INFINITY;
	return 0;
}

/* Index of value v in the ascending n[0..count). */
static size_t index_of(const uint64_t *n, size_t count, uint64_t v)
{
	size_t i = 0;
	while (i + 1 < count && n[i] < v)
		i++;
	return i;
}

enum { SIDE_ROUNDS = 9 };

/* The median of the rounds' ratios that are known (NaN: none). */
static double median_known(const double *ratio, size_t rounds)
{
	double sorted[2 * SIDE_ROUNDS];
	size_t m = 0;
	for (size_t r = 0; r < rounds && m < 2 * SIDE_ROUNDS; r++) {
		if (isnan(ratio[r]))
			continue;
		size_t j = m++;
		for (; j > 0 && sorted[j - 1] > ratio[r]; j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = ratio[r];
	}
	return m ? sorted[m / 2] : NAN;
}

/* The marginal of doubling i over that of doubling ref, timed side by side
 * in SIDE_ROUNDS rounds, the order turned each round: each round's ratio
 * (NaN where a timing's runs were all preempted: that round shows
 * nothing, neither way). */
static int side_by_side(struct kernel *k, const struct probe_partner *p,
			const uint64_t *n, const int *runs, size_t ref, size_t i,
			double *ratio, char *err, size_t err_len)
{
	const size_t at[4] = { ref, ref + 1, i, i + 1 };
	for (int r = 0; r < SIDE_ROUNDS; r++) {
		double t[4];
		int known = 1;
		for (int j = 0; j < 4; j++) {
			int q = r % 2 ? 3 - j : j;
			if (timed(k, p, n[at[q]], 3 * runs[at[q]], &t[q], err,
				  err_len) != 0)
				return -1;
			known &= isfinite(t[q]);
		}
		ratio[r] = !known ? NAN
			   : ((t[3] - t[2]) / (double)(n[at[3]] - n[at[2]])) /
			     ((t[1] - t[0]) / (double)(n[at[1]] - n[at[0]]));
	}
	return 0;
}

/* The jump's doubling against the reference's, side by side; the jump
 * stands only if nearly every round shows it (probe_confirm_judge), its
 * ratio the rounds' median. */
static int confirm_jump(struct kernel *k, const struct probe_partner *p,
			const uint64_t *n, const int *runs, size_t ref, size_t jump,
			struct probe_regime *r, char *err, size_t err_len)
{
	double ratio[2 * SIDE_ROUNDS];
	if (side_by_side(k, p, n, runs, ref, jump, ratio, err, err_len) != 0)
		return -1;
	if (probe_confirm_judge(ratio, SIDE_ROUNDS, PROBE_CONFIRM_ALPHA)) {
		r->ratio = median_known(ratio, SIDE_ROUNDS);
		return 0;
	}
	/* not nearly every round, but enough that as many again could make
	 * it under the stricter rule: they decide */
	size_t shown = 0;
	for (int i = 0; i < SIDE_ROUNDS; i++)
		shown += ratio[i] >= PROBE_REGIME_JUMP;
	r->jump = 0;
	if (shown + SIDE_ROUNDS < probe_confirm_needed(2 * SIDE_ROUNDS, PROBE_CONFIRM_ALPHA_MORE))
		return 0;
	if (side_by_side(k, p, n, runs, ref, jump, ratio + SIDE_ROUNDS, err, err_len) != 0)
		return -1;
	if (probe_confirm_judge(ratio, 2 * SIDE_ROUNDS, PROBE_CONFIRM_ALPHA_MORE)) {
		r->jump = 1;
		r->ratio = median_known(ratio, 2 * SIDE_ROUNDS);
	}
	return 0;
}

/* Below a confirmed jump, the doublings that already rise, each timed side
 * by side with the reference (the regime's longest doubling below them):
 * the passes' minima can mix the machine's speeds across N (a neighbour
 * that comes and goes on the core's sibling: N timed only while it ran
 * look as fast per unit as the faster N above them, and a 2x doubling of
 * a gradual rise read 1.1x), where side-by-side rounds share them.  From
 * the stop down, while a doubling's median round rises PROBE_REGIME_RISING
 * x or more, the plan stops below it too: stopping a doubling too low
 * costs half the range, crossing a rise mixes two regimes. */
static int walk_back(struct kernel *k, const struct probe_partner *p,
		     const uint64_t *n, const int *runs, size_t count, size_t ref,
		     struct probe_regime *r, char *err, size_t err_len)
{
	size_t start = index_of(n, count, r->n_stop);
	while (start > ref + 1) {
		double ratio[SIDE_ROUNDS];
		if (side_by_side(k, p, n, runs, ref, start - 1, ratio, err, err_len) != 0)
			return -1;
		if (!(median_known(ratio, SIDE_ROUNDS) >= PROBE_REGIME_RISING))
			break;
		r->gradual = 1;
		start--;
	}
	r->n_stop = n[start];
	return 0;
}


/* t[i]: the smallest of the passes' minima at N_i; u[i]: the second
 * smallest minus it, at least floor_ns (INFINITY with fewer than two). */
static void combine_passes(double pass[][PROBE_STEPS], int passes, size_t count,
			   double floor_ns, double *t, double *u)
{
	for (size_t i = 0; i < count; i++) {
		double lo = INFINITY, second = INFINITY;
		for (int p = 0; p < passes; p++) {
			double x = pass[p][i];
			if (x < lo)
				second = lo, lo = x;
			else if (x < second)
				second = x;
		}
		t[i] = isfinite(lo) ? lo : 0;
		u[i] = !isfinite(second) ? INFINITY
		       : second - lo > floor_ns ? second - lo : floor_ns;
	}
}

/* More passes are worth their time while a doubling that the clock could
 * resolve within PROBE_MARGINAL_ERR is not yet known so well: again[i] =
 * 1 for the N at either end of such a doubling; how many. */
static size_t needs_more(const double *t, const double *u, size_t count,
			 double floor_ns, unsigned char *again)
{
	size_t k = 0;
	memset(again, 0, count);
	for (size_t i = 0; i + 1 < count; i++)
		if (t[i + 1] - t[i] > 2 * floor_ns / PROBE_MARGINAL_ERR &&
		    error_of(t, u, i, i + 1) > PROBE_MARGINAL_ERR)
			again[i] = again[i + 1] = 1;
	for (size_t i = 0; i < count; i++)
		k += again[i];
	return k;
}

int probe_regime(struct kernel *k, const struct probe_partner *partner,
		 uint64_t n_to, struct probe_regime *out, char *err, size_t err_len)
{
	uint64_t n[PROBE_STEPS];
	double t[PROBE_STEPS], u[PROBE_STEPS], pass[PROBE_PASSES_MAX][PROBE_STEPS];
	int runs[PROBE_STEPS];
	unsigned char again[PROBE_STEPS];
	size_t count = 0;
	for (uint64_t m = 1; count < PROBE_STEPS; m = m > n_to / 2 ? n_to : 2 * m) {
		n[count++] = m;
		if (m >= n_to)
			break;
	}
	double floor_ns = reference_resolution_ns();
	/* passes in turned orders, so that a slow stretch of the machine does
	 * not hit every timing of one N; more while the machine's scatter
	 * hides the marginals */
	int p = 0;
	for (; p < PROBE_PASSES_MAX; p++) {
		if (p >= PROBE_PASSES) {
			combine_passes(pass, p, count, floor_ns, t, u);
			if (needs_more(t, u, count, floor_ns, again) == 0)
				break;
		}
		for (size_t j = 0; j < count; j++) {
			size_t i = p % 2 ? count - 1 - j : j;
			double x;
			if (p >= PROBE_PASSES && !again[i]) {
				pass[p][i] = INFINITY;	/* known well enough */
				continue;
			}
			if (p == 0) {
				if (timed(k, partner, n[i], 1, &x, err, err_len) != 0)
					return -1;
				runs[i] = runs_for(isfinite(x) ? x : PROBE_RUN_NS);
			}
			if (timed(k, partner, n[i], runs[i], &pass[p][i], err, err_len) != 0)
				return -1;
		}
	}
	combine_passes(pass, p, count, floor_ns, t, u);
	/* each candidate the times show is confirmed by timing both doublings
	 * side by side, which a slow stretch of the machine cannot fake; one
	 * that is not, passes, and the next is tried */
	for (size_t from = 0, tries = 0; tries < PROBE_CANDIDATES; tries++) {
		probe_regime_judge(n, t, u, count, from, out);
		if (!out->jump)
			return 0;
		size_t jump = index_of(n, count, out->n_after) - 1;
		size_t ref = index_of(n, count, out->n_ref);
		if (confirm_jump(k, partner, n, runs, ref, jump, out, err, err_len) != 0)
			return -1;
		if (out->jump)
			return walk_back(k, partner, n, runs, count, ref, out, err,
					 err_len);
		from = jump + 1;
	}
	probe_regime_judge(n, t, u, count, count, out);	/* none confirmed */
	return 0;
}

/* The marginal cost between lo and hi, alone and in turn, side by side in
 * rounds (the order turned each round): their ratio in each round. */
void probe_in_turn(struct kernel *k, const struct probe_partner *p,
		   uint64_t lo, uint64_t hi, struct probe_turn *out)
{
	enum { ROUNDS = 5 };
	double ratio[ROUNDS];
	/* eight times the probe's runs: a ratio of two marginals is noisier */
	int runs = runs_for(probe_min_ns(k, hi, 1, NULL) / 8);
	for (int i = 0; i < ROUNDS; i++) {
		double t[4];	/* lo alone, hi alone, lo in turn, hi in turn */
		for (int j = 0; j < 4; j++) {
			int q = i % 2 ? 3 - j : j;
			t[q] = probe_min_ns_in_turn(k, q < 2 ? NULL : p, q % 2 ? hi : lo,
						    runs, NULL);
		}
		ratio[i] = (t[3] - t[2]) / (t[1] - t[0]);
	}
	for (int i = 1; i < ROUNDS; i++)
		for (int j = i; j > 0 && ratio[j - 1] > ratio[j]; j--) {
			double x = ratio[j];
			ratio[j] = ratio[j - 1];
			ratio[j - 1] = x;
		}
	out->ratio = ratio[ROUNDS / 2];
	out->lo = ratio[1];
	out->hi = ratio[ROUNDS - 2];
}
