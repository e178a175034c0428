/*
 * fold.c - the fundamental by folding at multiples (fold.h).
 */
#include "fold.h"

#include <math.h>
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

/* Slots holding more than chance / k beyond doubt (a Poisson tail at
 * MODEL_CLAIM_P over every slot and k tried). */
static int filled(const size_t *count, int k, double chance, int tries)
{
	int f = 0;
	for (int j = 0; j < k; j++)
		f += count[j] > 0 &&
		     gsl_cdf_poisson_Q((unsigned)count[j] - 1, chance / k) < MODEL_CLAIM_P / tries;
	return f;
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
	size_t count[FOLD_MULTIPLE_MAX];
	/* the events of a source at k p fall in one slot of every k that
	 * divides its multiple, and split at the others: the largest k
	 * whose fullest slot keeps all but chance's share of them */
	double z = gsl_cdf_ugaussian_Qinv(MODEL_CLAIM_P / tries);
	double keep = (double)n - z * sqrt((double)n);
	int one = 1, one_slot = 0, several = 0, several_slot = 0;
	for (int k = 2; k <= kmax; k++) {
		int full = slots(mid, n, k, m, count);
		if ((double)count[full] >= keep) {
			one = k, one_slot = full;
			continue;
		}
		/* else: sources at k p in some of its slots (two of one
		 * period at phases a third apart lock to a third of it) */
		int f = filled(count, k, chance, tries);
		if (several == 0 && f > 0 && f < k && !uniform(count, k, n, tries))
			several = k, several_slot = full;
	}
	int k = one > 1 ? one : several;
	int slot = one > 1 ? one_slot : several_slot;
	if (k <= 1)
		return 1;
	/* the slot's marks: phase + (j + slot) p for j = 0 mod k */
	out->period = k * m->period;
	out->phase = m->phase + slot * m->period;
	return k;
}
