/*
 * alternate.c - a periodic source whose costs alternate (alternate.h).
 */
#include "alternate.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "held.h"
#include "select.h"
#include "tunables.h"

struct ranked {
	double cost;
	int odd;
};

static int by_cost(const void *a, const void *b)
{
	double x = ((const struct ranked *)a)->cost, y = ((const struct ranked *)b)->cost;
	return (x > y) - (x < y);
}

/* The quartiles of v[0..n) (reordered). */
static void quartiles(double *v, size_t n, double *lo, double *hi)
{
	*lo = select_kth(v, n, n / 4);
	*hi = select_kth(v, n, (3 * n) / 4);
}

/* The Mann-Whitney z of the odd marks' costs against the even ones'
 * (ties ranked by their middle). */
static double rank_z(struct ranked *r, size_t n, size_t odd)
{
	qsort(r, n, sizeof *r, by_cost);
	double sum = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j + 1 < n && r[j + 1].cost == r[i].cost)
			j++;
		double rank = (double)(i + j) / 2 + 1;
		for (size_t k = i; k <= j; k++)
			sum += r[k].odd ? rank : 0;
		i = j + 1;
	}
	double a = (double)odd, b = (double)(n - odd);
	double u = sum - a * (a + 1) / 2;
	return (u - a * b / 2) / sqrt(a * b * (a + b + 1) / 12);
}

int alternate_split(const struct source_config *c, const struct model_event *ev, size_t n,
		    struct source *s, double *buf)
{
	struct marks *m = &s->marks;
	if (m->grid > 0 || s->after || n < 2 * SOURCE_EVENTS_MIN)
		return 0;
	unsigned char *alone = malloc(n);
	struct ranked *r = malloc(n * sizeof *r);
	if (alone == NULL || r == NULL || source_one_a_mark(c, ev, n, s, alone) != 0) {
		free(alone), free(r);
		return -1;
	}
	size_t k = 0, odd = 0;
	for (size_t i = 0; i < n; i++) {
		const struct model_run *u = &c->rs->r[ev[i].run];
		if (!alone[i] || !source_left_for(s, &ev[i]) || marks_held(m, u->at, u->t) != 1 ||
		    source_taken_marks(c->rs, s, u) != 1)
			continue;
		/* the mark it holds: the last it reaches (held.c) */
		double j = floor((u->at + u->t + m->tol - m->phase) / m->period);
		r[k].cost = ev[i].cost;
		r[k].odd = fmod(j, 2) != 0;
		odd += (size_t)r[k++].odd;
	}
	free(alone);
	int split = 0;
	if (odd >= SOURCE_EVENTS_MIN && k - odd >= SOURCE_EVENTS_MIN) {
		size_t ne = 0, no = 0;
		for (size_t i = 0; i < k; i++)	/* even marks' costs, then odd */
			if (!r[i].odd)
				buf[ne++] = r[i].cost;
		for (size_t i = 0; i < k; i++)
			if (r[i].odd)
				buf[ne + no++] = r[i].cost;
		double elo, ehi, olo, ohi;
		quartiles(buf, ne, &elo, &ehi);
		quartiles(buf + ne, no, &olo, &ohi);
		double z = rank_z(r, k, odd);
		double p = 2 * gsl_cdf_ugaussian_Q(fabs(z));
		if (p < MODEL_CLAIM_P && (ehi < olo || ohi < elo)) {
			/* the costlier half's marks, every second one */
			int costlier_odd = olo > ehi;
			m->phase += costlier_odd ? m->period : 0;
			m->period *= 2;
			m->phase = fmod(m->phase, m->period);
			split = 1;
		}
	}
	free(r);
	return split;
}
