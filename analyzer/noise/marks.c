/*
 * marks.c - a periodic source's marks refitted to its events (marks.h).
 */
#include "marks.h"

#include <stdlib.h>

#include "tunables.h"

void marks_refine(struct marks *m, const double *x, const double *len, size_t n, double quantum)
{
	if (n < 3)
		return;
	/* each time weighted by the inverse of its variance: a mark lies
	 * anywhere in its stretch, (len^2 + quantum^2) / 12 */
	long double sw = 0, sk = 0, sx = 0, skk = 0, skx = 0;
	for (size_t i = 0; i < n; i++) {
		long double w = 1 / ((long double)len[i] * len[i] + (long double)quantum * quantum + 1e-300);
		long double k = mark_nearest(m, x[i]), v = x[i] - m->phase;
		sw += w, sk += w * k, sx += w * v, skk += w * k * k, skx += w * k * v;
	}
	long double den = sw * skk - sk * sk;
	if (!(den > 0))
		return;
	long double slope = (sw * skx - sk * sx) / den, icpt = (sx - slope * sk) / sw;
	if (!(fabsl(slope / m->period - 1) < 0.01))
		return;
	/* the fitted marks' standard error at the ends of their span, from
	 * the weighted scatter about them */
	long double ss = 0, raw = 0, within = 0, kmin = INFINITY, kmax = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		long double w = 1 / ((long double)len[i] * len[i] + (long double)quantum * quantum + 1e-300);
		long double k = mark_nearest(m, x[i]), v = x[i] - m->phase;
		long double d = v - (icpt + slope * k);
		ss += w * d * d;
		raw += d * d;
		within += ((long double)len[i] * len[i] + (long double)quantum * quantum) / 12;
		kmin = k < kmin ? k : kmin;
		kmax = k > kmax ? k : kmax;
	}
	/* the source's own scatter about its marks: what the times scatter
	 * beyond where their stretches put them */
	double own = (double)sqrtl(fmaxl(0, (raw - within) / (long double)(n - 2)));
	long double s2 = ss / (long double)(n - 2);	/* per unit weight */
	long double kbar = sk / sw;
	long double reach = fmaxl(fabsl(kmin - kbar), fabsl(kmax - kbar));
	double err = (double)sqrtl(s2 * (1 / sw + reach * reach * sw / den));
	m->period = (double)slope;
	m->phase = (double)(m->phase + icpt);
	m->tol = fmax(3 * hypot(err, own), quantum);
}

struct arc_end {
	double x;
	int d;		/* +1 an arc begins, -1 one ends */
};

static int by_x(const void *a, const void *b)
{
	const struct arc_end *p = a, *q = b;
	/* at one place, beginnings first: a mark on two touching arcs is
	 * held by both */
	return p->x < q->x ? -1 : p->x > q->x ? 1 : q->d - p->d;
}

/* The phase of period p held by the most arcs; their count. */
static size_t best_phase(const double *at, const double *len, size_t n, double p,
			 struct arc_end *e, double *phase)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (!(len[i] < p))
			continue;
		double s = fmod(at[i], p);
		s += s < 0 ? p : 0;
		double f = s + len[i];
		e[m++] = (struct arc_end){ s, 1 };
		if (f <= p) {
			e[m++] = (struct arc_end){ f, -1 };
		} else {	/* it wraps: to the end, and from 0 */
			e[m++] = (struct arc_end){ p, -1 };
			e[m++] = (struct arc_end){ 0, 1 };
			e[m++] = (struct arc_end){ f - p, -1 };
		}
	}
	qsort(e, m, sizeof *e, by_x);
	long depth = 0, best = -1;
	*phase = 0;
	for (size_t j = 0; j < m; j++) {
		depth += e[j].d;
		if (e[j].d > 0 && depth > best) {
			best = depth;
			/* the middle of the stretch where it holds */
			double to = j + 1 < m ? e[j + 1].x : p;
			*phase = (e[j].x + to) / 2;
		}
	}
	return best > 0 ? (size_t)best : 0;
}

size_t marks_fit(const double *at, const double *len, size_t n, double p0, double span,
		 double z, double quantum, struct marks *out)
{
	*out = (struct marks){ p0, 0, quantum };
	struct arc_end *e = malloc((4 * n + 1) * sizeof *e);
	if (e == NULL || n == 0 || !(span > 0)) {
		free(e);
		return 0;
	}
	/* the period's error: a frequency step over sqrt(Z) */
	double dp = p0 * p0 / span / sqrt(z > 1 ? z : 1);
	double step = 6 * dp / MARKS_SCAN, ph;
	size_t best = 0;
	int first = 0, last = 0;
	/* the periods at which the most are held: where stretches are long
	 * against the period's error, a plateau of them; its middle */
	for (int j = -MARKS_SCAN / 2; j <= MARKS_SCAN / 2; j++) {
		size_t k = best_phase(at, len, n, p0 + j * step, e, &ph);
		if (k > best)
			best = k, first = last = j;
		else if (k == best && j == last + 1)
			last = j;
	}
	double best_p = p0 + (first + last) / 2 * step, best_ph;
	best_phase(at, len, n, best_p, e, &best_ph);
	free(e);
	/* a step's error carried over the span's marks, both ways */
	double drift = step / 2 * span / best_p;
	*out = (struct marks){ best_p, best_ph, fmax(drift, quantum) };
	return best;
}
