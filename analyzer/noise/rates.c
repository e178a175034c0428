/*
 * rates.c - rates from the runs hit, and the random remainder (rates.h).
 */
#include "rates.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "select.h"
#include "tunables.h"

/* d/dr of the log-likelihood: sum of hit t e^(-rt) / (1 - e^(-rt)) less
 * (runs - hit) t; it falls as r grows. */
static double slope(const double *runs, const double *hit, const double *len, size_t n, double r)
{
	double d = 0;
	for (size_t p = 0; p < n; p++) {
		if (!(runs[p] > 0))
			continue;
		double x = r * len[p];
		/* t e^-x / (1 - e^-x) = t / expm1(x) */
		d += (hit[p] > 0 ? hit[p] * len[p] / expm1(x) : 0) - (runs[p] - hit[p]) * len[p];
	}
	return d;
}

double rate_of_hits(const double *runs, const double *hit, const double *len, size_t n)
{
	double exposure = 0, hits = 0;
	int all = 1;
	for (size_t p = 0; p < n; p++) {
		if (!(runs[p] > 0))
			continue;
		exposure += runs[p] * len[p];
		hits += hit[p];
		all &= hit[p] >= runs[p];
	}
	if (!(hits > 0) || !(exposure > 0))
		return 0;
	if (all)
		return INFINITY;
	/* the rate lies between hits / exposure (none twice) and where the
	 * slope turns negative */
	double lo = hits / exposure, hi = lo;
	while (slope(runs, hit, len, n, hi) > 0 && hi < 1e300)
		hi *= 2;
	for (int it = 0; it < 200 && hi - lo > 1e-12 * hi; it++) {
		double mid = (lo + hi) / 2;
		if (slope(runs, hit, len, n, mid) > 0)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double run_clean(const struct model_run *u, const struct jitter *j)
{
	double c = (u->flags & RUN_EVENT) ? u->r - j->scale[u->point] : 0;
	return c > 0 && c < u->t ? u->t - c : u->t;
}

/* An event no source took, above the claim threshold: the random rest's
 * (those above the look's alone are the jitter's). */
static int claimed(const struct source_config *c, const struct model_event *e)
{
	return e->source < 0 && e->cost > 0 && (c->rs->r[e->run].flags & RUN_CLAIM);
}

/* Per point: the sample's runs no other source explains, the events left
 * among them, their mean length. */
static int per_point(const struct source_config *c, const struct model_event *ev, size_t n,
		     const struct sources *found, double *runs, double *hit, double *len)
{
	const struct run_sample *rs = c->rs;
	size_t np = c->points->count;
	memset(runs, 0, np * sizeof *runs);
	memset(hit, 0, np * sizeof *hit);
	memset(len, 0, np * sizeof *len);
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (sources_of_run(found, u->at, u->t, u->point) >= 0)
			continue;
		runs[u->point]++;
		len[u->point] += run_clean(u, c->jitter);
	}
	for (size_t p = 0; p < np; p++)
		len[p] = runs[p] > 0 ? len[p] / runs[p] : 0;
	for (size_t i = 0; i < n; i++)
		if (claimed(c, &ev[i]))
			hit[rs->r[ev[i].run].point]++;
	return 0;
}

/*
 * The rate from the points whose median run is clean at that rate: where
 * r t > ln 2, half a point's runs or more hold an interruption, its
 * median holds one, and the jitter's scale taken from it (jitter.h) is
 * no jitter's: the runs above its threshold are those that hold more
 * than most, not those that hold one.  Points from the shortest on, each
 * taken while the rate of those before leaves its median clean.  *time:
 * the running time of those taken.
 */
static double clean_rate(double *runs, double *hit, const double *len, size_t np, double *time)
{
	size_t *ord = malloc((np ? np : 1) * sizeof *ord);
	double r = 0;
	*time = 0;
	if (ord == NULL)
		return rate_of_hits(runs, hit, len, np);
	size_t m = 0;
	for (size_t q = 0; q < np; q++)
		if (runs[q] > 0)
			ord[m++] = q;
	/* insertion sort by length: the points are few, and mostly in order
	 * already (N sorted, lengths growing with N) */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && len[ord[j]] < len[ord[j - 1]]; j--) {
			size_t t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	size_t taken = 0;
	for (size_t i = 0; i < m; i++) {
		if (taken > 0 && r * len[ord[i]] > M_LN2)
			break;
		taken = i + 1;
		/* the rate of the points taken so far: the others' counts
		 * set aside for a moment */
		double *keep_r = malloc(np * sizeof *keep_r);
		if (keep_r == NULL)
			break;
		memcpy(keep_r, runs, np * sizeof *keep_r);
		for (size_t j = taken; j < m; j++)
			runs[ord[j]] = 0;
		r = rate_of_hits(runs, hit, len, np);
		memcpy(runs, keep_r, np * sizeof *keep_r);
		free(keep_r);
	}
	for (size_t j = taken; j < m; j++)
		runs[ord[j]] = hit[ord[j]] = 0;
	for (size_t i = 0; i < taken; i++)
		*time += runs[ord[i]] * len[ord[i]];
	free(ord);
	return r;
}

int random_source(const struct source_config *c, struct model_event *ev, size_t n,
		  struct sources *out)
{
	const struct run_sample *rs = c->rs;
	size_t np = c->points->count, k = 0;
	for (size_t i = 0; i < n; i++)
		k += claimed(c, &ev[i]);
	/* false alarms the sample expects: its share of the collection's */
	double fa = MODEL_FALSE_ALARMS * (double)rs->count / (double)(rs->total ? rs->total : 1);
	double p = k > 0 ? gsl_cdf_poisson_Q((unsigned)k - 1, fa) : 1;
	if (k == 0 || !(p < MODEL_CLAIM_P) || out->count == SOURCES_MAX)
		return 0;
	double *cost = malloc(k * sizeof *cost), *runs = malloc(np * sizeof *runs);
	double *hit = malloc(np * sizeof *hit), *len = malloc(np * sizeof *len);
	int rc = cost && runs && hit && len ? 0 : -1;
	if (rc == 0) {
		size_t m = 0;
		for (size_t i = 0; i < n; i++)
			if (claimed(c, &ev[i]))
				cost[m++] = ev[i].cost;
		/* the N where its costs are seen: below the lowest tenth of
		 * them, or, where none is, below half */
		double tenth = select_kth(cost, m, m / 10), half = select_kth(cost, m, m / 2);
		per_point(c, ev, n, out, runs, hit, len);
		double seen = 0, time = 0, all = 0, by = tenth;
		for (size_t q = 0; q < np; q++) {
			seen += jitter_seen_from(c->jitter, q) <= tenth ? runs[q] : 0;
			all += runs[q] * len[q];
		}
		if (!(seen > 0))
			by = half;
		for (size_t q = 0; q < np; q++)
			if (!(jitter_seen_from(c->jitter, q) <= by))
				runs[q] = hit[q] = 0;
		struct source s = { .kind = SOURCE_RANDOM, .events = k };
		s.rate = clean_rate(runs, hit, len, np, &time);
		double hits = 0;
		for (size_t q = 0; q < np; q++)
			hits += hit[q];
		/* the bounds: the hits' Poisson bounds (95%) over the same time */
		s.rate_lo = time > 0 ? gsl_cdf_chisq_Pinv(0.025, 2 * hits) / 2 / time : 0;
		s.rate_hi = time > 0 ? gsl_cdf_chisq_Qinv(0.025, 2 * (hits + 1)) / 2 / time : 0;
		s.rate_lo = fmin(s.rate_lo, s.rate);
		s.rate_hi = fmax(s.rate_hi, s.rate);
		/* of the running time of the runs no other source explains */
		s.visible = all > 0 ? time / all : 0;
		/* its costs: of the events of the points its rate is from
		 * (where it is seen, and runs hold one at most, mostly) */
		m = 0;
		for (size_t i = 0; i < n; i++)
			if (claimed(c, &ev[i]) && runs[rs->r[ev[i].run].point] > 0)
				cost[m++] = ev[i].cost;
		if (m > 0) {
			s.cost = select_kth(cost, m, m / 2);
			s.cost_lo = select_kth(cost, m, m / 4);
			s.cost_hi = select_kth(cost, m, (3 * m) / 4);
		}
		s.log10_p = log10(p);
		s.fire = NAN;
		int id = (int)out->count;
		out->s[out->count++] = s;
		for (size_t i = 0; i < n; i++)
			if (claimed(c, &ev[i]))
				ev[i].source = id;
	}
	free(cost), free(runs), free(hit), free(len);
	return rc;
}
