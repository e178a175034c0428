/*
 * scatter.c - the minima's heights as a line in the run's length
 * (scatter.h).
 */
#include "scatter.h"

#include <math.h>
#include <stdlib.h>

#include "select.h"


enum { IRLS_ROUNDS = 60 };

/* The sum of absolute deviations of h from a + b x. */
static double deviations(const double *x, const double *h, size_t n, double a, double b)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += fabs(h[i] - a - b * x[i]);
	return s;
}

struct weighted {
	double v, w;
};

/* The least v of t[0..m) whose weight, with all the lesser v's, reaches
 * need: the need-th smallest for unit weights (need = k + 1 for the k-th
 * from 0), the weighted median for half the total.  Quickselect, three
 * ways about the middle element: t is left in another order, and no
 * second array is taken (a sort's would be 16 bytes an N).  The weights
 * are summed in the partitions' order, not the values': where those
 * below a value sum to total/2 exactly, rounding may pick its neighbour
 * (as the sort's running sum could, the other way). */
static double weighted_select(struct weighted *t, size_t m, double need)
{
	size_t lo = 0, hi = m;
	double below = 0;
	while (hi - lo > 1) {
		double pivot = t[lo + (hi - lo) / 2].v, w_lt = 0, w_eq = 0;
		size_t lt = lo, i = lo, gt = hi;	/* [lo,lt) <, [lt,i) ==, [gt,hi) > */
		while (i < gt) {
			struct weighted e = t[i];
			if (e.v < pivot) {
				t[i++] = t[lt], t[lt++] = e, w_lt += e.w;
			} else if (e.v > pivot) {
				t[i] = t[--gt], t[gt] = e;
			} else {
				i++, w_eq += e.w;
			}
		}
		if (below + w_lt >= need)
			hi = lt;
		else if (below + w_lt + w_eq >= need)
			return pivot;
		else
			below += w_lt + w_eq, lo = gt;
	}
	return hi > lo ? t[lo].v : t[m - 1].v;
}

/* The line through the origin, b x, of least absolute deviations: the
 * median of h / x weighted by x (x > 0; the others add a constant). */
static double through_origin(const double *x, const double *h, size_t n, struct weighted *t)
{
	size_t m = 0;
	double total = 0;
	for (size_t i = 0; i < n; i++)
		if (x[i] > 0)
			t[m++] = (struct weighted){ h[i] / x[i], x[i] }, total += x[i];
	return m == 0 ? 0 : weighted_select(t, m, total / 2);
}

/* Iteratively reweighted least squares toward least absolute deviations
 * (each residual weighted by its inverse, held above eps): a + b x. */
static void irls(const double *x, const double *h, size_t n, double eps, double *a, double *b)
{
	for (int round = 0; round < IRLS_ROUNDS; round++) {
		double sw = 0, sx = 0, sxx = 0, sy = 0, sxy = 0;
		for (size_t i = 0; i < n; i++) {
			double r = fabs(h[i] - *a - *b * x[i]);
			double w = 1 / (r > eps ? r : eps);
			sw += w, sx += w * x[i], sxx += w * x[i] * x[i];
			sy += w * h[i], sxy += w * x[i] * h[i];
		}
		double det = sw * sxx - sx * sx;
		if (!(det > 0))
			return;
		double na = (sxx * sy - sx * sxy) / det, nb = (sw * sxy - sx * sy) / det;
		if (!isfinite(na) || !isfinite(nb))
			return;
		int still = fabs(na - *a) <= 1e-12 * (fabs(*a) + eps) && fabs(nb - *b) <= 1e-12 * (fabs(*b) + eps);
		*a = na, *b = nb;
		if (still)
			return;
	}
}

int scatter_fit(double *len, const double *h, size_t n, struct scatter_line *out)
{
	*out = (struct scatter_line){ 0, 0 };
	if (n == 0)
		return 0;
	struct weighted *t = malloc(n * sizeof *t);
	if (t == NULL)
		return -1;
	/* lengths scaled to at most 1, for the sums' sake (timings reach
	 * 2^60), in place */
	double top = 0, big = 0;
	for (size_t i = 0; i < n; i++) {
		top = len[i] > top ? len[i] : top;
		big = fabs(h[i]) > big ? fabs(h[i]) : big;
	}
	double *x = len;
	for (size_t i = 0; i < n; i++)
		x[i] = top > 0 && len[i] > 0 ? len[i] / top : 0;
	/* the flat line: the median height (the width as it was), the
	 * (n / 2)-th from 0 */
	for (size_t i = 0; i < n; i++)
		t[i] = (struct weighted){ h[i], 1 };
	double a = weighted_select(t, n, (double)(n / 2) + 1), b = 0;
	double best_a = a, best_b = 0, best = deviations(x, h, n, a, 0);
	/* the free line, where both its parts are not below 0 */
	irls(x, h, n, 1e-9 * big + 1e-300, &a, &b);
	if (a >= 0 && b > 0 && deviations(x, h, n, a, b) < best)
		best_a = a, best_b = b, best = deviations(x, h, n, a, b);
	/* else through the origin (noise in proportion alone) */
	b = through_origin(x, h, n, t);
	if (b > 0 && deviations(x, h, n, 0, b) < best)
		best_a = 0, best_b = b;
	out->w0 = best_a > 0 ? best_a : 0;
	out->rel = top > 0 ? best_b / top : 0;
	free(t);
	return 0;
}

/* The two lowest heights left out where there are 4 or more (one of 4:
 * the second would leave 2): how many are kept, in h[0..kept). */
static size_t leave_out_resting(double *len, double *h, size_t n)
{
	for (int k = 0; k < 2 && n > 3; k++) {
		size_t at = 0;
		for (size_t i = 1; i < n; i++)
			if (h[i] < h[at])
				at = i;
		h[at] = h[n - 1], len[at] = len[n - 1], n--;
	}
	return n;
}

int scatter_fit_resting(double *len, double *h, size_t n, struct scatter_line *out)
{
	return scatter_fit(len, h, leave_out_resting(len, h, n), out);
}

int scatter_fit_resting_upper(double *len, double *h, size_t n, double beta,
			      struct scatter_line *out)
{
	size_t k = leave_out_resting(len, h, n);
	double top = 0;		/* scatter_fit's scale of the lengths */
	for (size_t i = 0; i < k; i++)
		top = len[i] > top ? len[i] : top;
	int rc = scatter_fit(len, h, k, out);
	if (rc != 0)
		return rc;
	/* each height over the line's W at its length (len: scaled by top),
	 * alike draws where the line holds */
	for (size_t i = 0; i < k; i++) {
		double w = out->w0 + out->rel * top * len[i];
		h[i] = w > 0 ? h[i] / w : 0;
	}
	double up = scatter_median_upper(h, k, beta);
	out->w0 *= up, out->rel *= up;
	return 0;
}

double scatter_median_upper(double *h, size_t k, double beta)
{
	if (k < 2)
		return 1;
	/* P(at least r of k below the median) = sum over j >= r of
	 * C(k, j) 2^-k, summed in logs from j0 down (each term from the one
	 * above: C(k, j - 1) = C(k, j) j / (k - j + 1)).  j0 lies 7 standard
	 * deviations (sqrt(k) / 2) above k / 2, or is k: what lies above it is
	 * below e^-24.5 (Hoeffding), far under any beta asked, and the sum
	 * takes some 7 sqrt(k) terms, not k / 2 (18 ms at a million). */
	size_t j0 = k / 2 + (size_t)ceil(3.5 * sqrt((double)k));
	j0 = j0 < k ? j0 : k;
	double log_term = lgamma((double)k + 1) - lgamma((double)j0 + 1) -
			  lgamma((double)(k - j0) + 1) - (double)k * M_LN2, tail = 0;
	size_t r = j0 + 1;	/* k + 1: none */
	for (size_t j = j0; j >= 1; j--) {
		tail += exp(log_term);
		if (tail > beta)
			break;
		r = j;
		log_term += log((double)j) - log((double)(k - j + 1));
	}
	size_t med = k / 2;	/* from 0: the (k / 2 + 1)-th, scatter_fit's */
	double m = select_kth(h, k, med);
	if (!(m > 0))
		return 1;
	size_t at = (r > k ? k : r) - 1;
	double up = at > med ? select_kth(h, k, at) : m;
	return up / m;
}
