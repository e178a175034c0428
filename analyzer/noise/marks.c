/*
 * marks.c - a periodic source's marks refitted to its events (marks.h).
 */
#include "marks.h"

void marks_refine(struct marks *m, const double *x, size_t n, double quantum)
{
	if (n < 3)
		return;
	long double sk = 0, sx = 0, skk = 0, skx = 0;
	for (size_t i = 0; i < n; i++) {
		long double k = mark_nearest(m, x[i]), v = x[i] - m->phase;
		sk += k, sx += v, skk += k * k, skx += k * v;
	}
	long double N = (long double)n, den = N * skk - sk * sk;
	if (!(den > 0))
		return;
	long double slope = (N * skx - sk * sx) / den, icpt = (sx - slope * sk) / N;
	if (!(fabsl(slope / m->period - 1) < 0.01))
		return;
	/* the scatter about the refitted marks, and the error of the fit's
	 * line at the ends of the marks' span */
	long double ss = 0, kmin = INFINITY, kmax = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		long double k = mark_nearest(m, x[i]), v = x[i] - m->phase;
		long double d = v - (icpt + slope * k);
		ss += d * d;
		kmin = k < kmin ? k : kmin;
		kmax = k > kmax ? k : kmax;
	}
	double sd = n > 2 ? sqrt((double)(ss / (N - 2))) : 0;
	double kbar = (double)(sk / N), reach = fmax(fabs((double)kmin - kbar), fabs((double)kmax - kbar));
	double err = sd * sqrt(1 / (double)n + reach * reach * (double)(N / den));
	m->period = (double)slope;
	m->phase = (double)(m->phase + icpt);
	m->tol = fmax(3 * err, quantum);
}
