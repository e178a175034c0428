/*
 * fold.c - the fundamental by folding at multiples (fold.h).
 */
#include "fold.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "tunables.h"

/* The events' counts in the k slots of k p; the fullest slot. */
static int slots(const double *mid, size_t n, int k, const struct marks *m, size_t *count)
{
	memset(count, 0, (size_t)k * sizeof *count);
	for (size_t i = 0; i < n; i++) {
		double j = fmod(mark_nearest(m, mid[i]), k);
		count[(int)(j < 0 ? j + k : j)]++;
	}
	int full = 0;
	for (int j = 1; j < k; j++)
		full = count[j] > count[full] ? j : full;
	return full;
}

/* The slots hold alike counts (a chi-square of k - 1 degrees against
 * even ones, at MODEL_CLAIM_P over every k tried). */
static int uniform(const size_t *count, int k, size_t n, int tries)
{
	double e = (double)n / k, x2 = 0;
	for (int j = 0; j < k; j++)
		x2 += ((double)count[j] - e) * ((double)count[j] - e) / e;
	return gsl_cdf_chisq_Q(x2, k - 1) >= MODEL_CLAIM_P / tries;
}

/* Slot j of k is filled beyond chance (a Poisson tail of
 * chance / k at MODEL_CLAIM_P over every slot and k tried). */
static int filled_slot(const size_t *count, int k, int j, double chance, int tries)
{
	return count[j] > 0 &&
	       gsl_cdf_poisson_Q((unsigned)count[j] - 1, chance / k) < MODEL_CLAIM_P / tries;
}

/* The slots j, j + e, ... of k (mod k) are one source's of e p: all
 * filled beyond chance and alike (-1 when out of memory). */
static int one_source(const size_t *count, int k, int j, int e, double chance, int tries)
{
	int q = k / e, all = 1;
	size_t *at = malloc((size_t)q * sizeof *at), sum = 0;
	if (at == NULL)
		return -1;
	for (int i = 0; i < q && all; i++) {
		int s = (j + i * e) % k;
		at[i] = count[s], sum += count[s];
		all = filled_slot(count, k, s, chance, tries);
	}
	int alike = all && uniform(at, q, sum, tries);
	free(at);
	return alike;
}

/* Slots filled beyond chance (filled_slot); *rest: the events of the
 * others. */
static int filled(const size_t *count, int k, double chance, int tries, size_t *rest)
{
	int f = 0;
	*rest = 0;
	for (int j = 0; j < k; j++) {
		int full = filled_slot(count, k, j, chance, tries);
		f += full;
		*rest += full ? 0 : count[j];
	}
	return f;
}

/* The slots no source fills hold what chance puts there, no more (a
 * Poisson tail at MODEL_CLAIM_P over every k tried): where they hold
 * more, the slots differ because the events' rate does over the
 * collection (their visibility swings with the machine's load), not
 * because sources sit in some of them. */
static int only_chance(size_t rest, double expect, int tries)
{
	return rest == 0 || gsl_cdf_poisson_Q((unsigned)rest - 1, expect) >= MODEL_CLAIM_P / tries;
}

/* The fewest sources that fill the filled slots of k, where they differ:
 * slots a divisor d of k apart, all beyond chance and alike (as `filled`
 * and `uniform` judge them), are one source of d p, each other filled
 * slot one of its own.  A 1 ms source on 500 us marks fills every other
 * slot of 4 ms, a 4 ms one a slot between, half as often: two sources,
 * not a 500 us one skipping 3 marks in 8.  Slots alike are no sign of
 * one source: every source at every mark fills a slot of k p with one
 * event a period of k p (a 4 ms timer and a 10 ms source on 2 ms marks
 * fill 5 and 1 slots of 20 ms alike: two sources, not one of 2 ms at 6
 * of 10 marks); one of p skipping a few marks makes more groups than
 * its skipped slots say (test_fold_skips).  k where memory runs out. */
static int parts(const size_t *count, int k, double chance, int tries)
{
	char *used = calloc((size_t)k, 1);
	size_t *at = malloc((size_t)k * sizeof *at);
	int np = 0;
	if (used == NULL || at == NULL) {
		free(used), free(at);
		return k;
	}
	for (int d = 1; d < k; d++) {
		if (k % d != 0)
			continue;
		int q = k / d;
		for (int r = 0; r < d; r++) {
			int all = 1;
			size_t sum = 0;
			for (int j = 0; j < q && all; j++) {
				size_t c = count[r + j * d];
				at[j] = c, sum += c;
				all = !used[r + j * d] && filled_slot(count, k, r + j * d, chance, tries);
			}
			if (!all || !uniform(at, q, sum, tries))
				continue;
			for (int j = 0; j < q; j++)
				used[r + j * d] = 1;
			np++;
		}
	}
	/* and each filled slot left one of its own */
	for (int j = 0; j < k; j++)
		np += !used[j] && filled_slot(count, k, j, chance, tries);
	free(used), free(at);
	return np;
}

static int by_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return (x > y) - (x < y);
}

/* The most frequent step between the events' marks (their numbers at
 * m, consecutive, distinct): a source firing at one mark in K steps K
 * between its events, however high a harmonic of it m is (precise times
 * lock to the hundredth).  0 where none recurs. */
static long long mode_step(const double *mid, size_t n, const struct marks *m)
{
	long long *k = malloc((n ? n : 1) * sizeof *k), best = 0;
	if (k == NULL || n < 3) {
		free(k);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		k[i] = (long long)mark_nearest(m, mid[i]);
	qsort(k, n, sizeof *k, by_ll);
	size_t d = 0;
	for (size_t i = 1; i < n; i++)
		if (k[i] > k[i - 1])
			k[d++] = k[i] - k[i - 1];
	qsort(k, d, sizeof *k, by_ll);
	size_t run = 0, most = 1;
	for (size_t i = 0; i < d; i++) {
		run = i > 0 && k[i] == k[i - 1] ? run + 1 : 1;
		if (run > most)
			most = run, best = k[i];
	}
	free(k);
	return best;
}

/* The fullest slot of k holds more than even slots let the fullest of k
 * hold (k binomial tails of n at 1 / k, at MODEL_CLAIM_P over every k
 * tried). */
static int beyond_even(size_t full, size_t n, int k, int tries)
{
	return (double)k * gsl_cdf_binomial_Q((unsigned)full - 1, 1.0 / k, (unsigned)n) <
	       MODEL_CLAIM_P / tries;
}

/* How unlikely even slots make a fullest slot of c of the n events, at
 * 1 / k each: the binomial's large-deviation exponent, n KL(c/n | 1/k)
 * (the log of its tail's chance, to first order; exact tails underflow
 * for the counts a timer leaves). */
static double unlikely(size_t c, size_t n, int k)
{
	double x = (double)c / (double)n, q = 1.0 / k;
	if (!(x > q))
		return 0;
	double kl = x * log(x / q) + (x < 1 ? (1 - x) * log((1 - x) / (1 - q)) : 0);
	return (double)n * kl;
}

/* The events of the slots slot mod d step by d from one to the next
 * (mode_step): a source of d p, not one of a longer period whose marks
 * fill those slots in turn (a 2.7 ms source folded at 3 ms on 100 us
 * marks fills every third slot, and steps by 27). */
static int steps_by(const double *mid, size_t n, int d, int slot, const struct marks *m)
{
	double *sub = malloc((n ? n : 1) * sizeof *sub);
	size_t k = 0;
	if (sub == NULL)
		return 0;
	for (size_t i = 0; i < n; i++) {
		double j = fmod(mark_nearest(m, mid[i]), d);
		if ((int)(j < 0 ? j + d : j) == slot % d)
			sub[k++] = mid[i];
	}
	long long step = mode_step(sub, k, m);
	free(sub);
	return step == d;
}

/* The fullest slot's source at k p where it fills slots a divisor d of
 * k apart alike (each beyond chance, their counts even among them): it
 * is then one of d p.  Two sources whose periods share a divisor (1 ms
 * and 2.7 ms: their events all lie on 100 us marks) fold at a multiple
 * of it where both fill slots apart (at 3 ms the 1 ms source fills 3 of
 * 30 slots, the 2.7 ms source 10), and the 1 ms source is no 3 sources
 * of 3 ms. */
static int recurring(const double *mid, size_t n, int k, int slot, const struct marks *m,
		     double chance, int tries, size_t *count)
{
	slots(mid, n, k, m, count);
	for (int d = 1; d < k; d++) {
		if (k % d != 0)
			continue;
		int alike = one_source(count, k, slot, d, chance, tries);
		if (alike < 0)
			return k;
		if (alike && steps_by(mid, n, d, slot, m))
			return d;
	}
	return k;
}

/* Slot j of k is another source's than the fullest slot's: the slots e
 * apart from it one source's of e p (one_source), the fullest not among them (a 10 ms source on the 500 us marks
 * of a 4 ms timer fills slots 2 and 6 of 8, the timer slot 0). */
static int of_another(const size_t *count, int k, int j, int full, double chance, int tries)
{
	for (int e = 1; e < k; e++)
		if (k % e == 0 && (full - j) % e != 0 && one_source(count, k, j, e, chance, tries) > 0)
			return 1;
	return 0;
}

/* Whether d p's source is at the marks of one slot of a divisor d's
 * fold beyond the fullest slot of k (j mod d = slot): its events fill
 * every slot of that class alike, so the class's other slots, but those
 * another source fills (of_another), hold beyond chance in sum (a
 * Poisson tail of their slots' share of chance, at MODEL_CLAIM_P over
 * every k tried).  Where they hold only chance's share, no source is at
 * d p's other marks, and the fullest slot's is one of k p: a 4 ms timer
 * on 400 us marks beside a 10 ms source whose events drift across its
 * slots (800 us's other four slots of 4 ms held 3, 4, 8 and 62 events
 * where chance puts 25 in each: not 'every 800 us, at 23% of its
 * marks').  A 2 ms source at a fifth of its marks beside a 12 ms one on
 * them fills each of the class's slots: the 2 ms one. */
static int held_in_class(const double *mid, size_t n, int k, int d, int slot,
			 const struct marks *m, double chance, int tries, size_t *count)
{
	int full = slots(mid, n, k, m, count), q = 0;
	size_t sum = 0;
	for (int j = slot; j < k; j += d)
		if (j != full && !of_another(count, k, j, full, chance, tries))
			q++, sum += count[j];
	return sum > 0 &&
	       gsl_cdf_poisson_Q((unsigned)sum - 1, chance * q / k) < MODEL_CLAIM_P / tries;
}

int fold_fundamental(const double *mid, size_t n, double chance, double span,
		     const struct marks *m, struct marks *out, int *several_out)
{
	*out = *m;
	if (several_out != NULL)
		*several_out = 0;
	int tries = 0, kmax = 1;
	for (int k = 2; k <= INT32_MAX / 2; k++) {
		if (!(k * m->period * SOURCE_MARKS_MIN <= span))
			break;
		kmax = k;
		tries += k <= FOLD_MULTIPLE_MAX ? k : 0;
	}
	if (kmax < 2 || n == 0)
		return 1;
	/* and the step the marks recur at, however large */
	long long step = mode_step(mid, n, m);
	int kstep = step > kmax && step * m->period * SOURCE_MARKS_MIN <= span &&
		    step <= INT32_MAX / 2 ? (int)step : 0;
	int ktop = kmax < FOLD_MULTIPLE_MAX ? kmax : FOLD_MULTIPLE_MAX;
	size_t *count = malloc((size_t)(kstep > ktop ? kstep : ktop) * sizeof *count);
	if (count == NULL)
		return 1;
	tries += kstep;
	/* the events of a source at k p fall in one slot of every k that
	 * divides its multiple, and split at the others: the largest k
	 * whose fullest slot keeps all but chance's share of them */
	double z = gsl_cdf_ugaussian_Qinv(MODEL_CLAIM_P / tries);
	double keep = (double)n - z * sqrt((double)n);
	int one = 1, one_slot = 0, several = 0, several_slot = 0;
	double several_excess = 0;
	for (int k = 2; k <= ktop || k == kstep; k = k < ktop ? k + 1 : k < kstep ? kstep : k + 1) {
		int full = slots(mid, n, k, m, count);
		if ((double)count[full] >= keep && beyond_even(count[full], n, k, tries)) {
			one = k, one_slot = full;
			continue;
		}
		/* else: sources at k p in some of its slots (two of one
		 * period at phases a third apart lock to a third of it),
		 * where f of them take no more parts to say than p itself
		 * with the k - f slots it skips: a source at nearly every
		 * mark that skips one in 27 (where a second source's
		 * interruption took its place) is p, not 26 sources */
		size_t rest;
		int f = filled(count, k, chance, tries, &rest);
		double excess = unlikely(count[full], n, k);
		if (f > 0 && excess > several_excess && !uniform(count, k, n, tries) &&
		    only_chance(rest, chance * (k - f) / k, tries) &&
		    (f <= k - f + 1 || parts(count, k, chance, tries) <= k - f + 1))
			several = k, several_slot = full, several_excess = excess;
	}
	/* one source at a multiple of the one fold's, where the one fold's
	 * source is at none of its other marks (held_in_class), beside events at random
	 * phases there (a 4 ms timer among them at its 333 us harmonic's
	 * marks fills one slot of 12, and every slot of 12 holds some of the
	 * others: its fullest slot keeps none but chance's share of them;
	 * the fold at 2 keeps them all, by chance as well), is that
	 * multiple's source, whatever fills the slots of the one fold's
	 * others (two 10 ms sources on the same harmonic's marks: the fold
	 * at 3, 1 ms, kept all but one of them within what chance may
	 * spread, and was named at 27% of its marks beside the timer) */
	if (one > 1 && several > one && several % one == 0 && several_slot % one == one_slot &&
	    !held_in_class(mid, n, several, one, one_slot, m, chance, tries, count))
		one = several, one_slot = several_slot;
	int k = one > 1 ? one : several;
	int slot = one > 1 ? one_slot : several_slot;
	if (one <= 1 && several > 1)
		k = recurring(mid, n, several, slot, m, chance, tries, count);
	free(count);
	if (k <= 1)
		return 1;
	if (several_out != NULL)
		*several_out = one <= 1;
	/* the slot's marks: phase + (j + slot) p for j = 0 mod k */
	out->period = k * m->period;
	out->phase = m->phase + slot * m->period;
	return k;
}
