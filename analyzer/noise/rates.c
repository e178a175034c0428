/*
 * rates.c - rates from the runs hit, and the random remainder (rates.h).
 */
#include "rates.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>

#include "cleanrate.h"
#include "marks.h"
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

/* The costs [lo, hi) of one random source's events (clock units). */
struct cost_range {
	double lo, hi;
	double once;	/* the costs below it are those of runs hit once:
			 * its cost's (the groups above, its k-fold hits) */
	int counted;	/* the groups above once were found to be its
			 * k-fold hits (random_source): a run's count is
			 * its cost over the single ones' (events_in) */
};

/* An event no source took, above the claim threshold, of a cost in g: the
 * random rest's (those above the look's alone are the jitter's).  Its
 * cost must pass the clock's quantum: a cost is a difference of
 * readings, each rounded to the quantum, and one quantum left beyond what
 * a run's typical jitter and another source's cost explain is the
 * rounding of those (a 1 ms timer of 20 us saturating runs timed on a
 * tick of 10 ns had left "at random, 1.2 a second, each 10 ns"). */
static int claimed(const struct source_config *c, const struct model_event *e,
		   const struct cost_range *g)
{
	return e->source < 0 && e->cost > c->quantum && (c->rs->r[e->run].flags & RUN_CLAIM) &&
	       e->cost >= g->lo && e->cost < g->hi;
}

/* How many of a group's events a run of this cost holds: one below the
 * group's once; above it, where random_source joined the groups above
 * to the single ones as theirs (counted), the cost over the single
 * ones' median, rounded: a stop of 4 ms that came during another is
 * 8 ms, two; a group joined as the single ones' spread, one. */
static double events_in(const struct cost_range *g, double single, double cost)
{
	return !g->counted || cost < g->once || !(single > 0) ? 1 : fmax(1, round(cost / single));
}

double random_events_in(const struct source *s, double cost)
{
	struct cost_range g = { 0, INFINITY, s->once, 1 };
	return events_in(&g, s->cost, cost);
}

/* Per point: the sample's runs in which an interruption of cost `by`
 * would be seen beside what the other sources' cost them (every run that
 * no other source's interruption hit; where one did, its cost hides the
 * cheaper ones, not a stop of milliseconds, which take_events left to be
 * explained), the events left among them, their clean time, and their
 * events counted (events_in) over their whole length. */
static void per_point(const struct source_config *c, const struct model_event *ev, size_t n,
		      const struct cost_range *g, double single, const struct sources *found,
		      double by, struct exposure *e)
{
	const struct run_sample *rs = c->rs;
	size_t np = c->points->count;
	double *hit = calloc(rs->count ? rs->count : 1, sizeof *hit);
	memset(e, 0, np * sizeof *e);
	for (size_t i = 0; hit && i < n; i++)
		if (claimed(c, &ev[i], g))
			hit[ev[i].run] = events_in(g, single, ev[i].cost);
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
		x->wall += u->t;
		if (hit && hit[i] > 0)
			x->hit++, x->hit_len += t, x->events += hit[i];
		else
			x->clean += t;
	}
	for (size_t p = 0; p < np; p++)
		e[p].hit_len = e[p].hit > 0 ? e[p].hit_len / e[p].hit : 0;
	free(hit);
}

/* The periodic source whose mark the run holds beyond its floor's (the
 * first found), or -1. */
static int marked_by(const struct sources *found, const struct model_run *u)
{
	for (size_t k = 0; k < found->count; k++)
		if (found->s[k].kind == SOURCE_PERIODIC &&
		    source_holds_run(&found->s[k], u->at, u->t, u->point))
			return (int)k;
	return -1;
}

/* The chance that a run holding an event at a random time holds a
 * periodic source's mark beyond its floor's too: for each source, the
 * part of the run that tells (marks_telling) and the marks' reach over
 * the period, as the search's own chance (seek.c); 0 outside a bounded
 * source's stretch.  The run's length is the event's included: a stop
 * longer than the period holds a mark whatever its source. */
static double chance_marked(const struct sources *found, const struct model_run *u)
{
	double none = 1;
	for (size_t k = 0; k < found->count; k++) {
		const struct marks *m = &found->s[k].marks;
		if (found->s[k].kind != SOURCE_PERIODIC ||
		    (marks_bounded(m) && !(u->at + u->t >= m->from && u->at <= m->to)))
			continue;
		double t = marks_telling(u->t, u->floor, m->period);
		none *= 1 - fmin(1, (t + marks_reach(m)) / m->period);
	}
	return 1 - none;
}

/* Events of g that gather in the runs holding a periodic source's mark
 * beyond chance are that source's, not another's: a source whose cost
 * varies widely (a timer's handler that sometimes runs long) leaves its
 * costly tail as "a second one" beside its median (take_events), and
 * those, read as a random source, had made one of 15 a second, 128 us,
 * whose every run held the 4 ms timer's mark.  An event at a random time
 * lies in a run that holds a mark with the chance chance_marked gives:
 * of k events, the count there is a sum of Bernoulli trials, whose upper
 * tail beyond its mean is at most a binomial's of the same mean
 * (Hoeffding 1956).  Where the events in marked runs are more than that
 * allows at MODEL_CLAIM_P, they go to the source whose mark their run
 * holds; the rest stand or fall on their own.  How many went. */
static size_t give_marked(const struct source_config *c, struct model_event *ev, size_t n,
			  const struct cost_range *g, const struct sources *found)
{
	const struct run_sample *rs = c->rs;
	double mean = 0;
	size_t k = 0, km = 0;
	for (size_t i = 0; i < n; i++)
		if (claimed(c, &ev[i], g)) {
			const struct model_run *u = &rs->r[ev[i].run];
			k++;
			km += marked_by(found, u) >= 0;
			mean += chance_marked(found, u);
		}
	if (km == 0 || !(mean < (double)km) ||
	    !(gsl_cdf_binomial_Q((unsigned)km - 1, mean / (double)k, (unsigned)k) < MODEL_CLAIM_P))
		return 0;
	for (size_t i = 0; i < n; i++) {
		int by = claimed(c, &ev[i], g) ? marked_by(found, &rs->r[ev[i].run]) : -1;
		if (by >= 0)
			ev[i].source = by;
	}
	return km;
}

/* The random source of the events of costs in g, if chance does not
 * explain their number (random_source). */
static int random_group(const struct source_config *c, struct model_event *ev, size_t n,
			const struct cost_range *g, struct sources *out)
{
	const struct run_sample *rs = c->rs;
	size_t np = c->points->count, k = 0;
	give_marked(c, ev, n, g, out);	/* the rest stand on their own */
	for (size_t i = 0; i < n; i++)
		k += claimed(c, &ev[i], g);
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
			if (claimed(c, &ev[i], g))
				cost[m++] = ev[i].cost;
		/* the N where its costs are seen: below the lowest tenth of
		 * them, or, where none is, below half */
		double tenth = select_kth(cost, m, m / 10), half = select_kth(cost, m, m / 2);
		double time = 0, all = 0, by = half;
		for (size_t i = 0; i < rs->count && by > tenth; i++)
			if (jitter_seen_from(c->jitter, rs->r[i].point) <= tenth)
				by = tenth;
		/* where the group holds its k-fold hits apart (g->once), the
		 * single hits' median cost counts them */
		size_t m1 = 0;
		for (size_t i = 0; g->counted && i < n; i++)
			if (claimed(c, &ev[i], g) && ev[i].cost < g->once)
				cost[m1++] = ev[i].cost;
		double single = m1 > 0 ? select_kth(cost, m1, m1 / 2) : 0;
		per_point(c, ev, n, g, single, out, by, e);
		for (size_t q = 0; q < np; q++)
			all += e[q].clean + e[q].hit * e[q].hit_len;
		for (size_t q = 0; q < np; q++)
			if (!(jitter_seen_from(c->jitter, q) <= by))
				e[q] = (struct exposure){ 0 };
		struct source s = { .kind = SOURCE_RANDOM, .events = k, .cost_from = g->lo };
		s.rate = clean_rate(e, np, &time);
		double hits = 0, seen = 0, count = 0, wall = 0;
		for (size_t q = 0; q < np; q++)
			hits += e[q].hit, seen += e[q].runs, count += e[q].events, wall += e[q].wall;
		/* where each run's count is known (single > 0: the k-fold hits
		 * lie apart), the events are a Poisson process over the runs'
		 * whole time, stops included (one comes during another), and
		 * its rate's likelihood is the count's over that time: count /
		 * wall, from every event, not the first of each run alone (a
		 * 4 ms stop, 80 a second, holds another in a third of its runs:
		 * the first hits of 2 s are some 100 of 150, a rate within 10%
		 * at one standard deviation) */
		s.once = INFINITY;
		double first = s.rate, first_hits = hits;
		if (single > 0 && count > hits && wall > 0 && time > 0) {
			s.rate = count / wall, s.once = g->once;
			s.clean_time = time, s.held_count = count;
			hits = count;
		}
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
		/* counted, the bounds hold the runs hit's rate too: a run of
		 * k single costs may be k of this source's interruptions or
		 * one of another's whose cost is k times (preemptions last
		 * whole ticks: 8 ms ones, 10 a second, beside 4 ms ones, 80,
		 * counted as two each, read 101 a second, bounds 88 to 116,
		 * for 77), and no count tells them apart where the other's
		 * are fewer than the stacked ones.  The rate counted is then
		 * of the single costs the stops add up to: times the cost, the
		 * share of time they took, right either way */
		if (isfinite(s.once) && first_hits > 0) {
			s.rate_lo = fmin(s.rate_lo, first * gamma_quantile(0.025, first_hits) / first_hits);
			s.rate_hi = fmax(s.rate_hi,
					 first * gamma_quantile(0.975, first_hits + 1) / first_hits);
		}
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
			if (claimed(c, &ev[i], g) && ev[i].cost < g->once &&
			    e[rs->r[ev[i].run].point].runs > 0)
				cost[m++] = ev[i].cost;
		for (size_t i = 0; m == 0 && i < n; i++)	/* else of them all */
			if (claimed(c, &ev[i], g))
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
			if (claimed(c, &ev[i], g))
				ev[i].source = id;
	}
	free(cost), free(e);
	return rc;
}

/* The sample's mean run, clock units. */
static double mean_run(const struct run_sample *rs)
{
	double time = 0;
	for (size_t q = 0; q < rs->count; q++)
		time += rs->r[q].t;
	return rs->count > 0 ? time / (double)rs->count : 0;
}

/* Whether the typical run holds one of s's or more (r t > ln 2, as
 * clean_rate counts it): its costs are then differences of counts over an
 * N's median that holds some too, and no group of them is a source of its
 * own. */
static int saturates(const struct source_config *c, const struct source *s)
{
	return isfinite(s->rate) && s->rate * mean_run(c->rs) > M_LN2;
}

/* The source named last (id) taken back: its events no one's. */
static void unname(struct sources *out, size_t id, struct model_event *ev, size_t n)
{
	out->count = id;
	for (size_t i = 0; i < n; i++)
		if (ev[i].source == (int)id)
			ev[i].source = -1;
}

/* Whether the events x[j0..j1) may be those of x[i0..i1) (sorted costs,
 * a lower group, whose source s was named from both): no more of them
 * than s's own give there, beyond chance at MODEL_CLAIM_P.  Its own are
 * the upper tail of its costs (a log-normal through the lower group's
 * median and quartiles: a cost spread by 30% puts a tenth of them 1.5
 * times above its median), the jitter of the runs they lie in (a 9 us
 * stop in a run 4 us slow reads 13 us), and its k-fold hits, k the
 * groups' medians' ratio rounded: a run of t is hit, 1 - e^(-r t), then k - 1 more come
 * while it runs or is stopped for the cost c, with chance P(Poisson(r (t
 * + (k - 1) c)) >= k - 1), summed over the sample's runs (stops of 4 ms,
 * 80 a second, hold a second one in 27% of their runs; the longest runs
 * hold most), r at the upper bound of s's rate (a group so many k-fold
 * hits at a rate within its bounds give is theirs).  Where s saturates
 * the runs, or k is 1 (less than 1.5 times the lower group's cost: a
 * spread of its cost, or what came beside its events, that the cost
 * alone cannot tell from another source), always. */
static int explained(const struct source_config *c, const struct source *s, const double *x,
		     size_t i0, size_t i1, size_t j0, size_t j1, const struct model_event *ev,
		     size_t n)
{
	size_t ni = i1 - i0, nj = j1 - j0;
	double mi = x[i0 + ni / 2], mj = x[j0 + nj / 2];
	/* k = 1: a run's worth of the same events, its cost spread (and
	 * whatever came beside them: another source's stop next to one) */
	if (saturates(c, s) || !(round(mj / mi) >= 2))
		return 1;
	double q1 = x[i0 + ni / 4], q3 = x[i0 + (3 * ni) / 4];
	double sigma = q1 > 0 && q3 > q1 ? log(q3 / q1) / 1.349 : 0;
	double from = sqrt(x[j0 - 1] * x[j0]);
	double expect = sigma > 0 ? (double)ni * gsl_cdf_ugaussian_Q(log(from / mi) / sigma) : 0;
	/* and the jitter of the run each lies in, added to its cost: past
	 * `from` where the run's excess over its N's typical passes from -
	 * mi (the bin's tail at its upper bound) */
	const struct jitter *jt = c->jitter;
	struct cost_range lower = { x[i0], from, INFINITY, 0 };
	for (size_t i = 0; i < n && jt->scale != NULL; i++) {
		if (!claimed(c, &ev[i], &lower))
			continue;
		size_t p = c->rs->r[ev[i].run].point;
		const struct tail_fit *f = &jt->bin[jt->bin_of[p]].tail;
		if (f->ok && jt->scale[p] > 0)
			expect += tail_survival(f, (from - mi + jt->typical[p]) / jt->scale[p], 1);
	}
	double k = round(mj / mi), r = isfinite(s->rate_hi) && s->rate_hi > s->rate ? s->rate_hi : s->rate;
	const struct run_sample *rs = c->rs;
	for (size_t q = 0; isfinite(r) && q < rs->count; q++) {
		double t = run_clean(&rs->r[q], c->jitter);
		expect += -expm1(-r * t) * gsl_cdf_poisson_Q((unsigned)k - 2, r * (t + (k - 1) * mi));
	}
	return gsl_cdf_poisson_Q((unsigned)nj - 1, expect) >= MODEL_CLAIM_P;
}

/*
 * The costs where the random rest's events part into groups of their own:
 * sorted (into x, m of them), in log, a gap between neighbours that their
 * own spacings make unlikely (as the tail's body ends, tail.c: a spacing
 * of x times the mean of the TAIL_SPACINGS before it comes with chance
 * e^-x, and the limit ln(m / MODEL_CLAIM_P) holds it over the m - 1 gaps;
 * the mean held to a tick's share of the cost, the lattice's step).  The
 * groups start at at[0] = 0, at[1], ..., at[g] (at[g + 1] = m).  Returns
 * g, or -1 when memory runs out.
 */
static long cost_groups(const struct source_config *c, const struct model_event *ev, size_t n,
			double **xs, size_t *at, size_t max, size_t *mp)
{
	struct cost_range all = { 0, INFINITY, INFINITY, 0 };
	size_t m = 0, g = 0;
	for (size_t i = 0; i < n; i++)
		m += claimed(c, &ev[i], &all);
	double *x = malloc((m ? m : 1) * sizeof *x);
	if (x == NULL)
		return -1;
	m = 0;
	for (size_t i = 0; i < n; i++)
		if (claimed(c, &ev[i], &all))
			x[m++] = ev[i].cost;
	gsl_sort(x, 1, m);
	double limit = log((double)(m ? m : 1) / MODEL_CLAIM_P);
	at[0] = 0;
	for (size_t i = TAIL_SPACINGS; i + 1 < m && g < max; i++) {
		if (i < at[g] + TAIL_SPACINGS)
			continue;
		double mean = log(x[i] / x[i - TAIL_SPACINGS]) / TAIL_SPACINGS;
		double step = log1p(c->quantum / x[i]);
		if (log(x[i + 1] / x[i]) > limit * fmax(mean, step))
			at[++g] = i + 1;
	}
	at[g + 1] = m;
	*xs = x, *mp = m;
	return (long)g;
}

/* The cost where group j of the g + 1 (cost_groups) begins: its gap's
 * geometric middle; 0 for the first, INFINITY past the last. */
static double group_from(const double *x, const size_t *at, size_t g, size_t j)
{
	return j == 0 ? 0 : j > g ? INFINITY : sqrt(x[at[j] - 1] * x[at[j]]);
}

/* Whether the groups from..to - 1 (cost_groups, x sorted) are one
 * source's runs hit once (the first) and k times (the others), each
 * run's k known: its cost over the single ones' median, rounded
 * (events_in).  A sum of k single costs of spread s (the first group's,
 * from its quartiles, as a normal's; at least the clock's quantum) lies
 * within z s sqrt k of k single costs, z at MODEL_CLAIM_P over the m
 * costs: a cost of the groups above beyond that is no k-fold hit (a
 * group at 1.5 times the single cost, another source's, that the
 * k-fold test took for theirs).  It rounds to a wrong k with chance
 * 2 Q(1 / (2 s sqrt k)); the counts are known where the runs expect
 * fewer than RANDOM_MISCOUNTS_MAX wrong in all.  Stops of 4 ms, with the
 * 2 us ones that land in them: s 0.5%, none wrong; of 8 ms spread by
 * 30%, the twofold reach the single ones and a tenth of the single ones
 * round to 2: the rate is then of the runs hit (clean_rate). */
static int folds(const double *x, const size_t *at, size_t from, size_t to, double quantum)
{
	size_t n1 = at[from + 1] - at[from], m = at[to] - at[from];
	double single = x[at[from] + n1 / 2];
	if (!(to > from + 1) || !(single > 0))
		return 0;
	double s = (x[at[from] + (3 * n1) / 4] - x[at[from] + n1 / 4]) / 1.349 / single;
	s = fmax(s, quantum / single);
	double z = gsl_cdf_ugaussian_Qinv(MODEL_CLAIM_P / (2 * (double)m)), wrong = 0;
	for (size_t i = at[from]; i < at[to]; i++) {
		double k = round(x[i] / single);
		if (k >= 2 && fabs(x[i] / single - k) > z * s * sqrt(k))
			return 0;
		if (s > 0)
			wrong += 2 * gsl_cdf_ugaussian_Q(1 / (2 * s * sqrt(fmax(1, k))));
	}
	return wrong < RANDOM_MISCOUNTS_MAX;
}

/*
 * The random rest, a source for each group of its costs (cost_groups)
 * that the groups below do not explain (their cost's upper tail, and
 * their runs hit twice or more: explained): a hypervisor's stops of 2
 * us, 20,000 a second, and other processes' of 10 ms, 40 a second, lie
 * four decades apart, one source each, not one of 2 us whose upper tail
 * holds 10 ms.  Each is named, or not, on its own.
 */
int random_source(const struct source_config *c, struct model_event *ev, size_t n,
		  struct sources *out)
{
	size_t at[SOURCES_MAX + 1], m;
	double *x = NULL;
	long g = cost_groups(c, ev, n, &x, at, SOURCES_MAX - 1, &m);
	if (g < 0)
		return -1;
	size_t G = (size_t)g;
	int rc = 0;
	if (g > 0) {
		/* the rest together first: where it saturates the runs, its
		 * costs are differences of counts, one source */
		struct cost_range all = { 0, INFINITY, INFINITY, 0 };
		size_t id = out->count;
		rc = random_group(c, ev, n, &all, out);
		if (rc != 0 || (out->count > id && saturates(c, &out->s[id]))) {
			free(x);
			return rc;
		}
		if (out->count > id)
			unname(out, id, ev, n);
	}
	for (size_t from = 0, to = 1; rc == 0 && from <= G;) {
		size_t id = out->count;
		if (to <= G) {
			/* the group above with these: its rate counts the runs
			 * hit twice too, as the k-fold hits' test needs */
			struct cost_range both = { group_from(x, at, G, from),
						   group_from(x, at, G, to + 1),
						   group_from(x, at, G, from + 1), 0 };
			rc = random_group(c, ev, n, &both, out);
			int one = rc == 0 && out->count > id &&
				  explained(c, &out->s[id], x, at[from], at[to], at[to], at[to + 1], ev,
					    n);
			if (out->count > id)
				unname(out, id, ev, n);
			if (one) {	/* theirs: one source */
				to++;
				continue;
			}
		}
		struct cost_range r = { group_from(x, at, G, from), group_from(x, at, G, to),
					group_from(x, at, G, from + 1), folds(x, at, from, to, c->quantum) };
		if (rc == 0)
			rc = random_group(c, ev, n, &r, out);
		from = to, to = from + 1;
	}
	free(x);
	return rc;
}
