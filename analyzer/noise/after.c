/*
 * after.c - runs slowed after a periodic source's marks (after.h).
 */
#include "after.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_erf.h>

#include "tunables.h"

struct lagged {
	double d;	/* after the source's last mark, clock units */
	double cost;	/* an event left: what is left of its cost; else
			 * -1 */
	double t;	/* the run's length */
};

static int by_lag(const void *a, const void *b)
{
	double x = ((const struct lagged *)a)->d, y = ((const struct lagged *)b)->d;
	return (x > y) - (x < y);
}

/* The binomial log-likelihood of e of k at share q (0 log 0 = 0). */
static double loglik(double e, double k, double q)
{
	return (e > 0 ? e * log(q) : 0) + (k - e > 0 ? (k - e) * log1p(-q) : 0);
}

/* The runs that tell, by lag, into l; their count. */
static size_t lagged_runs(const struct source_config *c, const struct model_event *ev, size_t n,
			  const struct source *s, long *evof, struct lagged *l, double *shortest)
{
	const struct run_sample *rs = c->rs;
	double p = s->marks.period;
	for (size_t i = 0; i < rs->count; i++)
		evof[i] = -1;
	for (size_t i = 0; i < n; i++)
		evof[ev[i].run] = (long)i;
	size_t m = 0;
	*shortest = INFINITY;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (!(u->t < p / 2) || marks_held(&s->marks, u->at, u->t) >= 1)
			continue;
		double d = fmod(u->at - s->marks.phase, p);
		d += d < 0 ? p : 0;
		if (!(d < p / 2))
			continue;
		l[m++] = (struct lagged){ d, evof[i] >= 0 && ev[evof[i]].source < 0 ?
						     ev[evof[i]].cost : -1, u->t };
		*shortest = fmin(*shortest, u->t);
	}
	return m;
}

/* Whether the runs within the h-th lag tried hold events less often
 * than q (none tried there, or no run: not). */
static int below(const size_t *kk, const size_t *ee, int h, double q)
{
	return h >= 0 && kk[h] > 0 && (double)ee[h] / (double)kk[h] < q;
}

/* Lags tried at most: four a doubling over 2^30. */
enum { AFTER_STEPS_MAX = 30 * AFTER_STEPS_PER_DOUBLING };

/* The best window of the runs l (m, by lag) for the events of costs in
 * [lo, hi), into out where its likelihood ratio beats *best; the lags
 * tried added to *steps.  A window is one where the runs slowed come
 * from the mark on: its first half and its first quarter hold them at
 * least as often as the whole (a rise only later is another source's,
 * after marks of its own near some of these: the host's 10 ms source
 * 0.48 ms after every other of the 4 ms tick's marks, its interruptions
 * one run a mark at that lag, or the runs slowed after them). */
static void best_window(const struct lagged *l, size_t m, double p, double shortest, double lo,
			double hi, double *best, int *steps, struct after_window *out)
{
	size_t all = 0;
	for (size_t i = 0; i < m; i++)
		all += l[i].cost >= lo && l[i].cost < hi;
	if (all < SOURCE_EVENTS_MIN)
		return;
	double big_e = (double)all, big_k = (double)m;
	double one = loglik(big_e, big_k, big_e / big_k);
	/* L from the shortest run up to half the period (that one holds
	 * them all), four steps a doubling: the runs and events within
	 * each */
	int top = (int)fmin(floor(AFTER_STEPS_PER_DOUBLING * log2(p / 2 / shortest)), AFTER_STEPS_MAX);
	size_t kk[AFTER_STEPS_MAX + 1], ee[AFTER_STEPS_MAX + 1], k = 0, e = 0;
	double ll[AFTER_STEPS_MAX + 1], longest[AFTER_STEPS_MAX + 1], most = 0;
	for (int j = top, i = 0; j >= 1; j--, i++) {
		ll[i] = p / 2 * exp2(-(double)j / AFTER_STEPS_PER_DOUBLING);
		for (; k < m && l[k].d < ll[i]; k++) {
			e += l[k].cost >= lo && l[k].cost < hi;
			most = fmax(most, l[k].t);
		}
		kk[i] = k, ee[i] = e, longest[i] = most;
	}
	for (int i = 0; i < top; i++) {
		(*steps)++;
		double kin = (double)kk[i], ein = (double)ee[i];
		/* (a window no longer than the runs in it is one run's lag,
		 * which any source's interruptions at a fixed lag after
		 * these marks fill: one run a mark, no runs slowed) */
		if (kk[i] == 0 || kk[i] == m || !(ll[i] > longest[i]))
			continue;
		double q1 = ein / kin, q0 = (big_e - ein) / (big_k - kin);
		if (!(q1 > q0) || below(kk, ee, i - AFTER_STEPS_PER_DOUBLING, q1) ||
		    below(kk, ee, i - 2 * AFTER_STEPS_PER_DOUBLING, q1))
			continue;
		double llr = loglik(ein, kin, q1) + loglik(big_e - ein, big_k - kin, q0) - one;
		if (llr > *best) {
			*best = llr;
			out->length = ll[i], out->runs = kk[i], out->events = ee[i];
			out->share_within = q1, out->share_beyond = q0;
			out->cost_lo = lo, out->cost_hi = hi;
		}
	}
}

int after_window_of(const struct source_config *c, const struct model_event *ev, size_t n,
		    const struct source *s, double tries, struct after_window *out)
{
	*out = (struct after_window){ .log10_p = 0 };
	const struct run_sample *rs = c->rs;
	double p = s->marks.period;
	/* (a trace's stretches are its gaps, every one an interruption: no
	 * runs to be slowed) */
	if (s->kind != SOURCE_PERIODIC || !(p > 0) || s->marks.grid > 0 || rs->count == 0 ||
	    rs->gaps)
		return 0;
	long *evof = malloc(rs->count * sizeof *evof);
	struct lagged *l = malloc(rs->count * sizeof *l);
	if (evof == NULL || l == NULL) {
		free(evof), free(l);
		return -1;
	}
	double shortest;
	size_t m = lagged_runs(c, ev, n, s, evof, l, &shortest);
	free(evof);
	double cmin = INFINITY, cmax = 0;
	for (size_t i = 0; i < m; i++)
		if (l[i].cost > 0)
			cmin = fmin(cmin, l[i].cost), cmax = fmax(cmax, l[i].cost);
	if (m < 2 || !(cmax >= cmin) || !(shortest < p / 2)) {
		free(l);
		return 0;
	}
	qsort(l, m, sizeof *l, by_lag);
	/* all the events left, then each two octaves of their costs (the
	 * runs slowed share a cost, among others' events that may come far
	 * more often: the hypervisor's 2 us stops, 20,000 a second) */
	double best = 0;
	int steps = 0;
	best_window(l, m, p, shortest, 0, INFINITY, &best, &steps, out);
	double bands = floor(log2(cmax / cmin)) + 1;
	for (double j = 0; j < bands; j++)
		best_window(l, m, p, shortest, ldexp(cmin, (int)j), ldexp(cmin, (int)j + 2), &best,
			    &steps, out);
	free(l);
	if (!(best > 0))
		return 0;
	/* 2 llr is chi-square of one degree under one share; one side
	 * (the share within the higher): half its tail, erfc(sqrt(llr)) / 2,
	 * in logarithms (it underflows) */
	out->log10_p = (gsl_sf_log_erfc(sqrt(best)) - log(2.0)) / log(10.0) +
		       log10((double)steps * (tries > 1 ? tries : 1));
	/* more events than one a mark, of the sample's share of the marks
	 * of its span, and the share beyond the window at random in its runs
	 * would put there, beyond chance (a Poisson bound on both at
	 * MODEL_CLAIM_P): one a mark or fewer is what an interruption at a
	 * lag after these marks gives (another source's, one run each:
	 * held.h).  The host's 10 ms stops 0.1 ms after every fifth of the
	 * 4 ms tick's marks had read as "runs slowed for 210 us after each
	 * mark of the 4 ms source, 0.67% of them, 23 us each", and the 10 ms
	 * source "every 20 ms"; a 10 us timer 200 us after every 4 ms mark
	 * (its one run a mark, and others' events beside, more than one a
	 * mark in all) as "runs slowed for 841 us after each mark of the 4 ms
	 * source, 0.54% of them", the random rest a fifth low beside it */
	double first = INFINITY, last = -INFINITY;
	for (size_t i = 0; i < rs->count; i++)
		first = fmin(first, rs->r[i].at), last = fmax(last, rs->r[i].at);
	double marks = (last - first) / p;
	double most = marks / rs->scale + (double)out->runs * out->share_beyond;
	out->found = out->events >= SOURCE_EVENTS_MIN && out->log10_p < log10(MODEL_CLAIM_P) &&
		     marks >= 1 && gsl_cdf_poisson_Q((unsigned)out->events - 1, most) < MODEL_CLAIM_P;
	return 0;
}

/* The mark of m nearest x. */
static double mark_at(const struct marks *m, double x)
{
	return m->phase + round((x - m->phase) / m->period) * m->period;
}

/* A periodic source of its own found before j, at j's period, whose marks'
 * window reaches within a of j's (its window of runs slowed after, a.length): those
 * runs, stronger by their number than j's own interruptions, one a mark
 * (the host's 10 ms stops, 37 us, and runs slowed for 0.4 ms after them,
 * 7% of them, the marks fitted to the slowed runs 0.19 ms in: "every
 * 9.999 ms, 1.2 us each" beside "every 10 ms, 191.6 us before its
 * marks"); its index, or out->count where none. */
size_t after_inside(const struct model_event *ev, size_t n, const struct sources *out,
			    size_t j, double length)
{
	const struct source *a = &out->s[j];
	double p = a->marks.period, first = INFINITY, last = -INFINITY;
	for (size_t i = 0; i < n; i++)
		first = fmin(first, ev[i].at), last = fmax(last, ev[i].at);
	double mid = (first + last) / 2, span = last - first;
	for (size_t k = 0; k < out->count; k++) {
		const struct source *b = &out->s[k];
		if (k == j || b->kind != SOURCE_PERIODIC || b->after || !(span > 0) ||
		    !(fabs(b->marks.period - p) * span / p <= length))
			continue;
		double d = fmod(mark_at(&b->marks, mid) - mark_at(&a->marks, mid), p);
		d += d < 0 ? p : 0;
		/* (its marks' own window reaching into j's: its runs and its
		 * after's took the window's far end before j was found, and
		 * j's window was sought without them) */
		if (d - b->marks.tol <= length)
			return k;
	}
	return out->count;
}
