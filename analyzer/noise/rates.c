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

/* d/dr of the log-likelihood: the hit runs' t e^(-rt) / (1 - e^(-rt)) =
 * t / expm1(rt), less the clean time of the others; it falls as r
 * grows. */
static double slope(const struct exposure *e, size_t n, double r)
{
	double d = 0;
	for (size_t p = 0; p < n; p++)
		if (e[p].runs > 0)
			d += (e[p].hit > 0 ? e[p].hit * e[p].hit_len / expm1(r * e[p].hit_len) : 0) -
			     e[p].clean;
	return d;
}

double rate_of_hits(const struct exposure *e, size_t n)
{
	double exposure = 0, hits = 0, clean = 0;
	for (size_t p = 0; p < n; p++) {
		if (!(e[p].runs > 0))
			continue;
		exposure += e[p].clean + e[p].hit * e[p].hit_len;
		hits += e[p].hit;
		clean += e[p].clean;
	}
	if (!(hits > 0) || !(exposure > 0))
		return 0;
	if (!(clean > 0))
		return INFINITY;
	/* the rate lies between hits / exposure (none twice) and where the
	 * slope turns negative */
	double lo = hits / exposure, hi = lo;
	while (slope(e, n, hi) > 0 && hi < 1e300)
		hi *= 2;
	for (int it = 0; it < 200 && hi - lo > 1e-12 * hi; it++) {
		double mid = (lo + hi) / 2;
		if (slope(e, n, mid) > 0)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double run_clean(const struct model_run *u, const struct jitter *j)
{
	double c = (u->flags & RUN_EVENT) ? u->r - j->typical[u->point] : 0;
	return c > 0 && c < u->t ? u->t - c : u->t;
}

/* The x at which a gamma distribution of shape a (scale 1) holds a share
 * p below it, by bisection on its distribution function: GSL's own
 * inverse (gsl_cdf_chisq_Qinv, gsl_cdf_gamma_Qinv) fails to converge for
 * some shapes in the thousands and returns a wrong quantile, with its
 * error handler off (the rate's upper bound fell below the rate). */
static double gamma_quantile(double p, double a)
{
	double lo = fmax(0, a - 12 * sqrt(a) - 12), hi = a + 12 * sqrt(a) + 12;
	for (int it = 0; it < 200 && hi - lo > 1e-13 * hi; it++) {
		double mid = (lo + hi) / 2;
		if (gsl_cdf_gamma_P(mid, a, 1) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* An event no source took, above the claim threshold: the random rest's
 * (those above the look's alone are the jitter's). */
static int claimed(const struct source_config *c, const struct model_event *e)
{
	return e->source < 0 && e->cost > 0 && (c->rs->r[e->run].flags & RUN_CLAIM);
}

/* Per point: the sample's runs in which an interruption of cost `by`
 * would be seen beside what the other sources' cost them (every run that
 * no other source's interruption hit; where one did, its cost hides the
 * cheaper ones, not a stop of milliseconds, which take_events left to be
 * explained), the events left among them, their clean time. */
static void per_point(const struct source_config *c, const struct model_event *ev, size_t n,
		      const struct sources *found, double by, struct exposure *e)
{
	const struct run_sample *rs = c->rs;
	size_t np = c->points->count;
	unsigned char *hit = calloc(rs->count ? rs->count : 1, 1);
	memset(e, 0, np * sizeof *e);
	for (size_t i = 0; hit && i < n; i++)
		if (claimed(c, &ev[i]))
			hit[ev[i].run] = 1;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		/* a run another source's interruption hit tells nothing of
		 * this one's (it would lie in that run's cost) */
		if ((u->flags & RUN_EVENT) &&
		    !(sources_cost_held(found, u->at, u->t, u->point, 1) + jitter_seen_from(c->jitter, u->point) <= by))
			continue;
		struct exposure *x = &e[u->point];
		double t = run_clean(u, c->jitter);
		x->runs++;
		if (hit && hit[i])
			x->hit++, x->hit_len += t;
		else
			x->clean += t;
	}
	for (size_t p = 0; p < np; p++)
		e[p].hit_len = e[p].hit > 0 ? e[p].hit_len / e[p].hit : 0;
	free(hit);
}

/* A point's mean clean length. */
static double mean_len(const struct exposure *e)
{
	return e->runs > 0 ? (e->clean + e->hit * e->hit_len) / e->runs : 0;
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
static double clean_rate(struct exposure *e, size_t np, double *time)
{
	size_t *ord = malloc((np ? np : 1) * sizeof *ord);
	struct exposure *some = malloc((np ? np : 1) * sizeof *some);
	double r = 0;
	*time = 0;
	if (ord == NULL || some == NULL) {
		free(ord), free(some);
		return rate_of_hits(e, np);
	}
	size_t m = 0;
	for (size_t q = 0; q < np; q++)
		if (e[q].runs > 0)
			ord[m++] = q;
	/* insertion sort by length: the points are mostly in order already
	 * (N sorted, lengths growing with N) */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && mean_len(&e[ord[j]]) < mean_len(&e[ord[j - 1]]); j--) {
			size_t t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	size_t taken = 0;
	for (size_t i = 0; i < m; i++) {
		if (taken > 0 && r * mean_len(&e[ord[i]]) > M_LN2)
			break;
		some[taken++] = e[ord[i]];
		r = rate_of_hits(some, taken);
	}
	for (size_t j = taken; j < m; j++)
		e[ord[j]] = (struct exposure){ 0 };
	for (size_t i = 0; i < taken; i++)
		*time += e[ord[i]].clean + e[ord[i]].hit * e[ord[i]].hit_len;
	free(ord), free(some);
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
	double *cost = malloc(k * sizeof *cost);
	struct exposure *e = malloc((np ? np : 1) * sizeof *e);
	int rc = cost && e ? 0 : -1;
	if (rc == 0) {
		size_t m = 0;
		for (size_t i = 0; i < n; i++)
			if (claimed(c, &ev[i]))
				cost[m++] = ev[i].cost;
		/* the N where its costs are seen: below the lowest tenth of
		 * them, or, where none is, below half */
		double tenth = select_kth(cost, m, m / 10), half = select_kth(cost, m, m / 2);
		double time = 0, all = 0, by = half;
		for (size_t i = 0; i < rs->count && by > tenth; i++)
			if (jitter_seen_from(c->jitter, rs->r[i].point) <= tenth)
				by = tenth;
		per_point(c, ev, n, out, by, e);
		for (size_t q = 0; q < np; q++)
			all += e[q].clean + e[q].hit * e[q].hit_len;
		for (size_t q = 0; q < np; q++)
			if (!(jitter_seen_from(c->jitter, q) <= by))
				e[q] = (struct exposure){ 0 };
		struct source s = { .kind = SOURCE_RANDOM, .events = k };
		s.rate = clean_rate(e, np, &time);
		double hits = 0, seen = 0;
		for (size_t q = 0; q < np; q++)
			hits += e[q].hit, seen += e[q].runs;
		/* the claim rests on the runs its rate is read from, where
		 * there are some: their events against the false alarms their
		 * share of the collection expects (events only in runs that
		 * tell no rate, beside another source's, make no source with a
		 * rate of 0) */
		if (time > 0) {
			double fa_seen = MODEL_FALSE_ALARMS * seen / (double)(rs->total ? rs->total : 1);
			p = hits > 0 ? gsl_cdf_poisson_Q((unsigned)hits - 1, fa_seen) : 1;
			if (!(p < MODEL_CLAIM_P)) {
				free(cost), free(e);
				return 0;
			}
		}
		/* the bounds: the hits' Poisson bounds (95%), as shares of the
		 * hits, carried to the rate (which counts the runs hit more
		 * than once too) */
		double lo = hits > 0 ? gamma_quantile(0.025, hits) / hits : 0;
		double hi = hits > 0 ? gamma_quantile(0.975, hits + 1) / hits : 0;
		s.rate_lo = s.rate * lo;
		s.rate_hi = hits > 0 ? s.rate * hi : time > 0 ? gamma_quantile(0.975, 1) / time : 0;
		/* of the running time of the runs no other source explains:
		 * the runs that show it are spread over the collection's
		 * time (the N are shuffled in each sweep), and a random
		 * source's rate is that of the whole where it is seen in a
		 * part (a warning says the part: its costs are those above
		 * the lowest thresholds, the cheaper ones unseen) */
		s.visible = all > 0 ? time / all : 0;
		if (!(time > 0))	/* seen nowhere the runs tell a rate */
			s.rate = s.rate_lo = s.rate_hi = NAN;
		/* its costs: of the events of the points its rate is from
		 * (where it is seen, and runs hold one at most, mostly) */
		m = 0;
		for (size_t i = 0; i < n; i++)
			if (claimed(c, &ev[i]) && e[rs->r[ev[i].run].point].runs > 0)
				cost[m++] = ev[i].cost;
		for (size_t i = 0; m == 0 && i < n; i++)	/* else of them all */
			if (claimed(c, &ev[i]))
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
	free(cost), free(e);
	return rc;
}
