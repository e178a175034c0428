/*
 * fold.c - the fundamental by folding at multiples (fold.h).
 */
#include "fold.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "tunables.h"

/* Slots of k p that hold more than chance / k beyond doubt: filled[j]. */
static int filled_slots(const double *mid, size_t n, double chance, int k, const struct marks *m,
			int tries, int *filled, size_t *count)
{
	memset(count, 0, (size_t)k * sizeof *count);
	for (size_t i = 0; i < n; i++) {
		double j = fmod(mark_nearest(m, mid[i]), k);
		count[(int)(j < 0 ? j + k : j)]++;
	}
	int f = 0;
	double per = chance / k, alpha = MODEL_CLAIM_P / tries;
	for (int j = 0; j < k; j++) {
		/* P(Poisson(per) >= count) */
		double p = count[j] == 0 ? 1 : gsl_cdf_poisson_Q((unsigned)count[j] - 1, per);
		filled[j] = p < alpha;
		f += filled[j];
	}
	return f;
}

/* The slots hold alike counts (a chi-square of k - 1 degrees against
 * even ones, at MODEL_CLAIM_P over every k tried): the events fill every
 * phase of k p alike, and p is their period, though chance leaves some
 * slot low (a slot is filled beyond chance where few fall in each). */
static int uniform(const size_t *count, int k, size_t n, int tries)
{
	double e = (double)n / k, x2 = 0;
	for (int j = 0; j < k; j++)
		x2 += ((double)count[j] - e) * ((double)count[j] - e) / e;
	return gsl_cdf_chisq_Q(x2, k - 1) >= MODEL_CLAIM_P / tries;
}

int fold_fundamental(const double *mid, size_t n, double chance, double span,
		     const struct marks *m, struct marks *out)
{
	*out = *m;
	int tries = 0, kmax = 1;
	for (int k = 2; k <= FOLD_MULTIPLE_MAX; k++)
		if (k * m->period * SOURCE_MARKS_MIN <= span)
			tries += k, kmax = k;
	if (kmax < 2 || n == 0)
		return 1;
	int filled[FOLD_MULTIPLE_MAX];
	size_t count[FOLD_MULTIPLE_MAX];
	int one = 0, one_slot = 0, several = 0, several_slot = 0;
	for (int k = 2; k <= kmax; k++) {
		int f = filled_slots(mid, n, chance, k, m, tries, filled, count);
		if (f == k || f == 0 || uniform(count, k, n, tries))
			continue;
		int full = 0;
		for (int j = 1; j < k; j++)
			if (count[j] > count[full])
				full = j;
		if (f == 1) {
			one = k, one_slot = full;
		} else if (several == 0) {
			several = k, several_slot = full;
		}
	}
	int k = one ? one : several;
	int slot = one ? one_slot : several_slot;
	if (k == 0)
		return 1;
	/* the slot's marks: phase + (j + slot) p for j = 0 mod k */
	out->period = k * m->period;
	out->phase = m->phase + slot * m->period;
	return k;
}
