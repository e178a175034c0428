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

/* The median of the jitter's scale at the events of the one parity; 0
 * when out of memory. */
static double median_scale(const struct ranked *r, size_t k, int odd)
{
	double *v = malloc((k ? k : 1) * sizeof *v), med = 0;
	size_t m = 0;
	for (size_t i = 0; v != NULL && i < k; i++)
		if (r[i].odd == odd)
			v[m++] = r[i].scale;
	if (m > 0)
		med = select_kth(v, m, m / 2);
	free(v);
	return med;
}

/*
 * Whether the costlier marks' costs hold the cheaper ones' as a cluster
 * of their own: a source of every mark with another on every second one
 * at a share of its marks (in phase) puts the first one's cost alone at
 * the marks the second skips, as many as the share it skips, where two
 * sources half a period apart put there only the costlier one's lower
 * tail.  low of the n costlier costs lie at or below cut, the cheaper
 * half's upper quartile; the tail from the costlier half's median and
 * sigma (its MAD's, no less than the jitter's scale), the count beyond
 * it at MODEL_CLAIM_P (Poisson; none expected: any is beyond chance).
 */
static int holds_cheaper(size_t low, size_t n, double cut, double med, double sigma)
{
	if (low == 0)
		return 0;
	double expect = sigma > 0 ? (double)n * gsl_cdf_ugaussian_P((cut - med) / sigma) : 0;
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
		/* the costlier half's costs into buf, the cheaper's after
		 * them; the largest of the least costs seen at its N */
		int costlier_odd = 0;
		double *half[2] = { buf, buf + odd };	/* odd, even */
		size_t nh[2] = { 0, 0 }, most[2];
		for (size_t i = 0; i < k; i++)
			half[!r[i].odd][nh[!r[i].odd]++] = r[i].cost;
		most[0] = nh[0] / 2, most[1] = nh[1] / 2;
		costlier_odd = select_kth(half[0], nh[0], most[0]) >
			       select_kth(half[1], nh[1], most[1]);
		double *hi = half[!costlier_odd], *lo = half[costlier_odd];
		size_t nhi = nh[!costlier_odd], nlo = nh[costlier_odd], low = 0;
		double seen = 0;
		for (size_t i = 0; i < k; i++)
			if (r[i].odd == costlier_odd)
				seen = fmax(seen, r[i].seen);
		double lmed, llo, lhi, lmad, hmed, hlo, hhi, hmad;
		sources_spread(lo, nlo, &lmed, &llo, &lhi, &lmad);
		for (size_t i = 0; i < nhi; i++)
			low += hi[i] <= lhi;
		sources_spread(hi, nhi, &hmed, &hlo, &hhi, &hmad);
		double sigma = fmax(hmad, median_scale(r, k, costlier_odd));
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
		if (p < MODEL_CLAIM_P && lhi < hlo && hmed - lmed > seen &&
		    !holds_cheaper(low, nhi, lhi, hmed, sigma)) {
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
