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
	double seen;		/* the least cost seen alone at its N */
	double scale;		/* the jitter's there */
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

/* The median (which 1: of their `scale`) or the largest (which 0: of
 * their `seen`) over r's events of the one parity; 0 when out of
 * memory. */
static double over_events(const struct ranked *r, size_t k, int odd, int which)
{
	double *v = malloc((k ? k : 1) * sizeof *v), x = 0;
	size_t m = 0;
	for (size_t i = 0; v != NULL && i < k; i++)
		if (r[i].odd == odd)
			v[m++] = which ? r[i].scale : r[i].seen;
	for (size_t i = 0; !which && i < m; i++)
		x = fmax(x, v[i]);
	if (which && m > 0)
		x = select_kth(v, m, m / 2);
	free(v);
	return x;
}

/*
 * Whether the costlier marks' costs hold the cheaper ones' as a cluster
 * of their own: a source of every mark with another on every second one
 * at a share of its marks (in phase) puts the first one's cost alone at
 * the marks the second skips, as many as the share it skips, where two
 * sources half a period apart put there only the costlier one's lower
 * tail.  hi: the costlier half's costs (reordered), cut: the cheaper
 * half's upper quartile.  The tail from the costlier half's median and
 * spread (its MAD, as a normal's, no less than the jitter's scale s),
 * the count at or below cut beyond it at MODEL_CLAIM_P (Poisson).
 */
static int holds_cheaper(double *hi, size_t n, double cut, double s)
{
	size_t low = 0;
	for (size_t i = 0; i < n; i++)
		low += hi[i] <= cut;
	if (low == 0)
		return 0;
	double med = select_kth(hi, n, n / 2);
	for (size_t i = 0; i < n; i++)
		hi[i] = fabs(hi[i] - med);
	double sigma = fmax(1.482602218505602 * select_kth(hi, n, n / 2), s);
	double expect = sigma > 0 ? (double)n * gsl_cdf_ugaussian_P((cut - med) / sigma) : 0;
	/* (none expected: any is beyond chance) */
	return !(expect > 0) || gsl_cdf_poisson_Q((unsigned)low - 1, expect) < MODEL_CLAIM_P;
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
		/* the mark it holds: the last it reaches (held.c; a trace's
		 * gap holds those of its whole length) */
		double t = u->t + (c->rs->gaps && u->r > 0 ? u->r : 0);
		double j = floor((u->at + t + m->tol - m->phase) / m->period);
		r[k].cost = ev[i].cost;
		r[k].seen = c->jitter ? jitter_seen_from(c->jitter, u->point) : 0;
		r[k].scale = c->jitter ? c->jitter->scale[u->point] : 0;
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
		double emed = select_kth(buf, ne, ne / 2), omed = select_kth(buf + ne, no, no / 2);
		int costlier_odd = omed > emed;
		/* the cheaper half's quartile; the costlier half's costs in
		 * buf, and the least cost seen at its N */
		double cut = costlier_odd ? ehi : ohi, gap = fabs(omed - emed);
		double *hi = costlier_odd ? buf + ne : buf;
		size_t nh = costlier_odd ? no : ne;
		double seen = over_events(r, k, costlier_odd, 0);
		double scale = over_events(r, k, costlier_odd, 1);
		double z = rank_z(r, k, odd);
		double p = 2 * gsl_cdf_ugaussian_Q(fabs(z));
		/* apart beyond chance, their middle halves apart, by a cost
		 * that would be seen alone at every N their events lie at (a
		 * second source there could be named: a 4 ms source of 40
		 * ns, just seen, on every other mark of a 10 ms one of 40 us
		 * had split it in two of 20 ms, 40.04 and 40 us), and the
		 * costlier marks holding no cluster of the cheaper cost (in
		 * phase: a 2 ms source of 5 us and a 4 ms one of 25 us at
		 * 80% of its marks had read two of 4 ms, 30 and 5 us, the 30
		 * at every mark) */
		if (p < MODEL_CLAIM_P && (ehi < olo || ohi < elo) && gap > seen &&
		    !holds_cheaper(hi, nh, cut, scale)) {
			/* the costlier half's marks, every second one */
			m->phase += costlier_odd ? m->period : 0;
			m->period *= 2;
			m->phase = fmod(m->phase, m->period);
			split = 1;
		}
	}
	free(r);
	return split;
}
