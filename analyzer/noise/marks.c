/*
 * marks.c - a periodic source's marks refitted to its events (marks.h).
 */
#include "marks.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tunables.h"

/* The number of the mark nearest x, x where a mark lies (no grid's delay
 * in it: mark_nearest takes it off raw times). */
static long double nearest(const struct marks *m, double x)
{
	return roundl(((long double)x - m->phase) / m->period);
}

void marks_refine(struct marks *m, const double *x, const double *len, size_t n, double quantum)
{
	if (n < 3)
		return;
	/* each time weighted by the inverse of its variance: a mark lies
	 * anywhere in its stretch, (len^2 + quantum^2) / 12 */
	long double sw = 0, sk = 0, sx = 0, skk = 0, skx = 0;
	for (size_t i = 0; i < n; i++) {
		long double w = 1 / ((long double)len[i] * len[i] + (long double)quantum * quantum + 1e-300);
		long double k = nearest(m, x[i]), v = x[i] - m->phase;
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
		long double k = nearest(m, x[i]), v = x[i] - m->phase;
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
	/* the events refitted are those the marks' window held: their
	 * scatter shows the source within it, never beyond (a window
	 * filled evenly by others' events, random ones thousands a second,
	 * would widen it round after round); it grows by the fit's error
	 * alone */
	double held = m->tol;
	m->tol = fmax(fmin(3 * hypot(err, own), fmax(held, 3 * err)), quantum);
}

/* A value of 0 or more as a key that sorts as it does (its bits), and
 * back. */
static uint64_t key_of(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	return u;
}

static double value_of(uint64_t u)
{
	double x;
	memcpy(&x, &u, sizeof x);
	return x;
}

/* k[0..n) sorted: a radix sort, a byte at a time, through tmp (n keys).
 * The scan below sorts the arcs' ends a hundred times over; this is
 * several times faster than qsort. */
static void sort_keys(uint64_t *k, size_t n, uint64_t *tmp)
{
	uint64_t *a = k, *b = tmp;
	for (int shift = 0; shift < 64; shift += 8) {
		size_t count[257] = { 0 };
		for (size_t i = 0; i < n; i++)
			count[((a[i] >> shift) & 0xff) + 1]++;
		if (count[((a[0] >> shift) & 0xff) + 1] == n)
			continue;	/* one byte value: the order stays */
		for (int d = 0; d < 256; d++)
			count[d + 1] += count[d];
		for (size_t i = 0; i < n; i++)
			b[count[(a[i] >> shift) & 0xff]++] = a[i];
		uint64_t *t = a;
		a = b, b = t;
	}
	if (a != k)
		memcpy(k, a, n * sizeof *k);
}

/* The phase of period p held by the most arcs; their count.  room: 6 n
 * keys. */
static size_t best_phase(const double *at, const double *len, size_t n, double p, uint64_t *room,
			 double *phase)
{
	uint64_t *begin = room, *end = room + 2 * n, *tmp = room + 4 * n;
	size_t nb = 0, ne = 0;
	for (size_t i = 0; i < n; i++) {
		if (!(len[i] < p))
			continue;
		double s = fmod(at[i], p);
		s += s < 0 ? p : 0;	/* 0 or more (-0 becomes +0) */
		double f = s + len[i];
		begin[nb++] = key_of(s);
		if (f <= p) {
			end[ne++] = key_of(f);
		} else {	/* it wraps: to the end, and from 0 */
			end[ne++] = key_of(p);
			begin[nb++] = key_of(0);
			end[ne++] = key_of(f - p);
		}
	}
	*phase = 0;
	if (nb == 0)
		return 0;
	sort_keys(begin, nb, tmp);
	sort_keys(end, ne, tmp);
	/* in order, at one place beginnings first (a mark on two touching
	 * arcs is held by both) */
	long depth = 0, best = -1;
	for (size_t i = 0, j = 0; i < nb;) {
		if (j < ne && end[j] < begin[i]) {
			depth--, j++;
			continue;
		}
		depth++;
		if (depth > best) {
			best = depth;
			/* the middle of the stretch where it holds */
			double to = i + 1 < nb ? value_of(begin[i + 1]) : p;
			to = j < ne && value_of(end[j]) < to ? value_of(end[j]) : to;
			*phase = (value_of(begin[i]) + to) / 2;
		}
		i++;
	}
	return best > 0 ? (size_t)best : 0;
}

size_t marks_fit(const double *at, const double *len, size_t n, double p0, double span,
		 double z, double quantum, struct marks *out)
{
	*out = (struct marks){ .period = p0, .phase = 0, .tol = quantum };
	uint64_t *e = malloc((6 * n + 1) * sizeof *e);
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
	*out = (struct marks){ .period = best_p, .phase = best_ph, .tol = fmax(drift, quantum) };
	return best;
}
