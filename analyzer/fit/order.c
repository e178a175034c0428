/*
 * order.c - the N's minima in the order of N? (order.h)
 */
#include "order.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

int order_begin(struct order_taker *k, const struct point_set *s)
{
	k->s = s;
	k->seen = 0;
	k->first = malloc((s->count ? s->count : 1) * sizeof *k->first);
	if (k->first == NULL)
		return -1;
	for (size_t i = 0; i < s->count; i++)
		k->first[i] = UINT64_MAX;
	return 0;
}

void order_take(struct order_taker *k, const struct spool_record *r, size_t n)
{
	for (size_t j = 0; j < n; j++, k->seen++) {
		size_t i = r[j].i;
		if (i < k->s->count && k->first[i] == UINT64_MAX && r[j].t <= k->s->p[i].min)
			k->first[i] = k->seen;
	}
}

/* Inversions of v[0..n) (distinct), by merge sort into tmp. */
static double inversions(uint64_t *v, uint64_t *tmp, size_t n)
{
	if (n < 2)
		return 0;
	size_t h = n / 2;
	double inv = inversions(v, tmp, h) + inversions(v + h, tmp, n - h);
	size_t a = 0, b = h, o = 0;
	while (a < h && b < n) {
		if (v[a] <= v[b]) {
			tmp[o++] = v[a++];
		} else {
			inv += (double)(h - a);
			tmp[o++] = v[b++];
		}
	}
	while (a < h)
		tmp[o++] = v[a++];
	while (b < n)
		tmp[o++] = v[b++];
	memcpy(v, tmp, n * sizeof *v);
	return inv;
}

double order_log10_p(size_t count, double inv)
{
	double all = (double)count * (double)(count - 1) / 2;
	double x = fmin(inv, all - inv);	/* the distribution is symmetric */
	double p;
	if (count <= ORDER_EXACT_MAX) {
		/* the Mahonian numbers, as shares: the inversions of a random
		 * order of k grow by 0..k-1, each as likely */
		size_t top = (size_t)all;
		double *f = calloc(top + 1, sizeof *f), *g = calloc(top + 1, sizeof *g);
		if (f == NULL || g == NULL) {
			free(f), free(g);
			return 0;
		}
		f[0] = 1;
		for (size_t k = 2; k <= count; k++) {
			size_t reach = k * (k - 1) / 2;
			double run = 0;	/* sum of f over the last k values */
			for (size_t i = 0; i <= reach; i++) {
				run += f[i];
				if (i >= k)
					run -= f[i - k];
				g[i] = run / (double)k;
			}
			memcpy(f, g, (reach + 1) * sizeof *f);
		}
		p = 0;
		for (size_t i = 0; i <= top && (double)i <= x; i++)
			p += f[i];
		free(f), free(g);
	} else {
		double n = (double)count;
		double sd = sqrt(n * (n - 1) * (2 * n + 5) / 72);
		p = gsl_cdf_ugaussian_P((x + 0.5 - all / 2) / sd);
	}
	p = fmin(1, 2 * p);
	return p > 0 ? log10(p) : -300;
}

struct order_result order_end(struct order_taker *k)
{
	struct order_result out = { 0, 0, NAN, 0 };
	size_t m = 0;
	for (size_t i = 0; i < k->s->count; i++)	/* in the order of N */
		if (k->first[i] != UINT64_MAX)
			k->first[m++] = k->first[i];
	uint64_t *tmp = malloc((m ? m : 1) * sizeof *tmp);
	if (m >= 3 && tmp != NULL) {
		double all = (double)m * (double)(m - 1) / 2;
		double inv = inversions(k->first, tmp, m);
		out.judged = 1;
		out.count = m;
		out.tau = 1 - 2 * inv / all;
		out.log10_p = order_log10_p(m, inv);
	}
	free(tmp);
	free(k->first);
	k->first = NULL;
	return out;
}
