/*
 * flicker.c - runs slower by a share of their length (flicker.h).
 */
#include "flicker.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "poisson.h"
#include "select.h"
#include "sources.h"
#include "tunables.h"

/* Widths of a window, in bins: an eighth of a doubling to a whole one. */
static const int widths[] = { 2, 4, 8, 16 };
/* log2 spans of costs or floors past which no histogram is drawn (a
 * cost of one unit to 2^48: no collection holds more) */
enum { SPAN_OCTAVES_MAX = 48 };

static int bin_of(double x)
{
	return (int)floor(FLICKER_BINS_PER_OCTAVE * log2(x));
}

static double floor_of(const struct model_run *u)
{
	return u->speed * u->floor;
}

int flicker_holds(const struct flicker *f, const struct jitter *j, size_t p, double cost,
		  double floor)
{
	if (!f->found || !(floor > 0))
		return 0;
	double typical = j->typical[p], body = fmax(jitter_look(j, p) - typical, 0);
	double lo = exp2(f->from / (double)FLICKER_BINS_PER_OCTAVE) * floor;
	double hi = exp2(f->to / (double)FLICKER_BINS_PER_OCTAVE) * floor;
	return cost >= lo - typical && cost < hi + body;
}

/* The events the test counts: claimed, no source's yet. */
static int open_claim(const struct run_sample *rs, const struct model_event *e)
{
	const struct model_run *u = &rs->r[e->run];
	return e->source < 0 && (u->flags & RUN_CLAIM) && e->cost > 0 && floor_of(u) > 0;
}

/* The histograms: seen, and what costs paired with any event's floor put
 * in each bin of log2 q (from qmin on, len of them). */
struct pairing {
	int qmin;
	size_t len;
	double *seen, *chance;
	double events;
};

/* The events paired: above lstar at the N whose threshold lam lies at or
 * below it, but those whose bins of q lie in [ex_from, ex_to). */
struct pair_filter {
	const double *lam;
	double lstar;
	int ex_from, ex_to;
};

static int paired(const struct run_sample *rs, const struct model_event *e,
		  const struct pair_filter *pf, int *c, int *f)
{
	const struct model_run *u = &rs->r[e->run];
	if (!open_claim(rs, e) || !(pf->lam[u->point] <= pf->lstar) || !(e->cost > pf->lstar))
		return 0;
	*c = bin_of(e->cost), *f = bin_of(floor_of(u));
	return !(*c - *f >= pf->ex_from && *c - *f < pf->ex_to);
}

/* The events pf takes: seen and at random.  Returns 0, 1 where too few
 * or too wide to tell, -1 when memory runs out. */
static int pair_up(const struct run_sample *rs, const struct model_event *ev, size_t n,
		   const struct pair_filter *pf, struct pairing *pg)
{
	int cmin = INT32_MAX, cmax = INT32_MIN, fmin = INT32_MAX, fmax = INT32_MIN, c, f;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (!paired(rs, &ev[i], pf, &c, &f))
			continue;
		cmin = c < cmin ? c : cmin, cmax = c > cmax ? c : cmax;
		fmin = f < fmin ? f : fmin, fmax = f > fmax ? f : fmax;
		m++;
	}
	int span = SPAN_OCTAVES_MAX * FLICKER_BINS_PER_OCTAVE;
	if (m < SOURCE_EVENTS_MIN || cmax - cmin > span || fmax - fmin > span)
		return 1;
	size_t lc = (size_t)(cmax - cmin + 1), lf = (size_t)(fmax - fmin + 1);
	pg->qmin = cmin - fmax;
	pg->len = lc + lf - 1;
	pg->events = (double)m;
	double *hc = calloc(lc, sizeof *hc), *hf = calloc(lf, sizeof *hf);
	pg->seen = calloc(pg->len, sizeof *pg->seen);
	pg->chance = calloc(pg->len, sizeof *pg->chance);
	if (!hc || !hf || !pg->seen || !pg->chance) {
		free(hc), free(hf);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (!paired(rs, &ev[i], pf, &c, &f))
			continue;
		hc[c - cmin]++, hf[f - fmin]++;
		pg->seen[c - f - pg->qmin]++;
	}
	/* each cost at the floor of any event, alike: the bins of c less
	 * those of F (seen counted the same way, so the two agree) */
	for (size_t a = 0; a < lc; a++)
		for (size_t b = 0; a < lc && hc[a] > 0 && b < lf; b++)
			pg->chance[(size_t)((int)a + cmin - ((int)b + fmin) - pg->qmin)] +=
				hc[a] * hf[b] / (double)m;
	free(hc), free(hf);
	return 0;
}

/* The window whose count chance reaches least often, of those holding
 * more than twice chance's and SOURCE_EVENTS_MIN events: its log10 p
 * over every window tried (0: none). */
static double best_window(const struct pairing *pg, struct flicker *out)
{
	size_t tries = 0;
	for (size_t w = 0; w < sizeof widths / sizeof *widths; w++)
		tries += pg->len >= (size_t)widths[w] ? pg->len - (size_t)widths[w] + 1 : 0;
	double best = 0;
	for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
		size_t width = (size_t)widths[w];
		for (size_t s = 0; s + width <= pg->len; s++) {
			double o = 0, e = 0;
			for (size_t b = s; b < s + width; b++)
				o += pg->seen[b], e += pg->chance[b];
			if (o < SOURCE_EVENTS_MIN || !(o > 2 * e))
				continue;
			double lp = log10_poisson_tail((size_t)o, e) + log10((double)tries);
			if (lp < best) {
				best = lp;
				out->from = (int)s + pg->qmin;
				out->to = (int)(s + width) + pg->qmin;
				out->seen = o, out->expected = e;
			}
		}
	}
	return best;
}

static double bin_at(const double *v, const struct pairing *pg, int b)
{
	return v != NULL && b - pg->qmin >= 0 && (size_t)(b - pg->qmin) < pg->len ? v[b - pg->qmin]
										      : 0;
}

/* The window widened by the bins on either side whose runs are each more
 * likely slowed than interrupted, as the window's are: more than twice
 * what the events beyond the window, paired at random, put in the bin
 * (the window's own, paired with every floor, spread over the bins about
 * it: a bin of a slowing's edge held 62 where all the events paired put
 * 40).  The slowed runs' spread whole, so that the jitter, which spreads
 * a short run's share of its length more than a long one's, moves none
 * of them across its edges (a window that cut 6 to 8.5% at 6.25% held a
 * share of the runs that differed from N to N beyond chance, at 12% of
 * them slowed).  Returns 0, or -1 when memory runs out. */
static int widen(const struct run_sample *rs, const struct model_event *ev, size_t n,
		 struct pair_filter pf, const struct pairing *pg, struct flicker *f)
{
	struct pairing rest = { 0 };
	pf.ex_from = f->from, pf.ex_to = f->to;
	int rc = pair_up(rs, ev, n, &pf, &rest);
	if (rc >= 0) {
		while (bin_at(pg->seen, pg, f->from - 1) >
		       2 * bin_at(rc == 0 ? rest.chance : NULL, &rest, f->from - 1))
			f->from--;
		while (bin_at(pg->seen, pg, f->to) >
		       2 * bin_at(rc == 0 ? rest.chance : NULL, &rest, f->to))
			f->to++;
	}
	free(rest.seen), free(rest.chance);
	return rc < 0 ? -1 : 0;
}

/* Whether the share of runs in the window is the same at every N where a
 * run in it is claimed (the visible ones, in order of F), as a slowing's
 * is, of the runs no interruption hit (the others: a slowed run that
 * held one too lies beyond the window, and longer runs hold more: 12% of
 * the runs slowed beside 20,000 stops a second of 2.2 us fill the window
 * 13% less in runs of 7 us than in runs of 0.2 us; of the runs no
 * interruption hit, the slowed share is the same at every N):
 * Cochran-Armitage's trend in log F (either side), and a chi-square of
 * the N's shares (neighbouring N pooled until each expects
 * FLICKER_POOL_RUNS in the window), each at MODEL_CLAIM_P / 2.  Many
 * small interruptions fill the window at the N where whole counts of
 * them land in it: a share that rises with the run, or comes and goes
 * (20,000 a second of 5 us in runs of 28 to 400 us: in runs near 110
 * and 220 us alone). */
static int alike(const struct point_set *ps, const double *hit, const double *clean,
		 const double *chance, const unsigned char *shown, struct flicker *f)
{
	size_t np = ps->count;
	double runs = 0, hits = 0, other = 0, sx = 0;
	for (size_t p = 0; p < np; p++)
		if (shown[p]) {
			runs += clean[p], hits += hit[p], other += chance[p];
			sx += clean[p] * log(ps->p[p].min);
		}
	f->visible = (size_t)runs;
	f->visible_runs = (size_t)fmax(hits - other, 0);
	/* (no N shows it, or none holds more than interruptions put there:
	 * nothing to tell it by) */
	double share = (hits - other) / runs;
	if (!(runs > 0 && share > 0 && share < 1))
		return 0;
	double mean = sx / runs, t = 0, v = 0, var = share * (1 - share);
	/* the cells' runs, hits and interruptions; the last few join the
	 * cell before */
	double x2 = 0, pn = 0, ph = 0, pc = 0, ln = 0, lh = 0, lc = 0;
	int cells = 0;
	for (size_t p = 0; p < np; p++) {
		if (!shown[p])
			continue;
		double d = log(ps->p[p].min) - mean;
		t += (hit[p] - chance[p]) * d;
		v += (clean[p] * var + chance[p]) * d * d;
		pn += clean[p], ph += hit[p], pc += chance[p];
		if (pn * share >= FLICKER_POOL_RUNS) {
			if (cells > 0)
				x2 += (lh - ln * share - lc) * (lh - ln * share - lc) / (ln * var + lc);
			ln = pn, lh = ph, lc = pc;
			cells++;
			pn = ph = pc = 0;
		}
	}
	ln += pn, lh += ph, lc += pc;
	cells += cells == 0;
	x2 += (lh - ln * share - lc) * (lh - ln * share - lc) / (ln * var + lc);
	f->trend_z = v > 0 ? t / sqrt(v) : 0;
	f->homogeneity_p = cells > 1 ? gsl_cdf_chisq_Q(x2, cells - 1) : 1;
	return fabs(f->trend_z) < gsl_cdf_ugaussian_Qinv(MODEL_CLAIM_P / 4) &&
	       f->homogeneity_p >= MODEL_CLAIM_P / 2;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Of the sorted costs v (n), how many lie below x. */
static size_t below(const double *v, size_t n, double x)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;
		if (v[m] < x)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

/* Of the sorted costs v (n), those in [lo, hi). */
static double costs_within(const double *v, size_t n, double lo, double hi)
{
	return hi > lo ? (double)(below(v, n, hi) - below(v, n, lo)) : 0;
}

/* The interruptions each shown N expects in the window: its claims beyond
 * it, times the odds that an interruption's cost lies in it there (the
 * claims' costs beyond the window, of all N, above the N's threshold:
 * those costs are the same at every N).  Interruptions whose cost lies
 * near k F at some N fill the window there, and those N's share of runs
 * would read apart (2,000 stops a second of 3 us, at the N whose runs
 * are 40 us). */
static void interruptions_in(const struct source_config *c, const struct model_event *ev,
			     size_t n, const double *lam, const unsigned char *shown,
			     const double *beyond, const struct flicker *f, double *chance)
{
	const struct point_set *ps = c->points;
	const struct jitter *j = c->jitter;
	size_t m = 0;
	double *v = malloc((n ? n : 1) * sizeof *v);
	if (v == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		const struct model_run *u = &c->rs->r[ev[i].run];
		if (open_claim(c->rs, &ev[i]) &&
		    !flicker_holds(f, j, u->point, ev[i].cost, floor_of(u)))
			v[m++] = ev[i].cost;
	}
	qsort(v, m, sizeof *v, by_value);
	double lo = exp2(f->from / (double)FLICKER_BINS_PER_OCTAVE);
	double hi = exp2(f->to / (double)FLICKER_BINS_PER_OCTAVE);
	for (size_t p = 0; p < ps->count; p++) {
		if (!shown[p] || beyond[p] == 0)
			continue;
		double typical = j->typical[p], body = fmax(jitter_look(j, p) - typical, 0);
		double in = costs_within(v, m, fmax(lo * ps->p[p].min - typical, lam[p]),
					 hi * ps->p[p].min + body);
		double above = costs_within(v, m, lam[p], INFINITY);
		double share = above > 0 ? fmin(in / above, 0.5) : 0;
		chance[p] = beyond[p] * share / (1 - share);
	}
	free(v);
}

/* The runs in the window at each N, those no interruption hit (not
 * claimed beyond it, nor taken by a source), which N show it, and the
 * interruptions each expects in it: alike(). */
static int flat_share(const struct source_config *c, const struct model_event *ev, size_t n,
		      const double *lam, const size_t *runs_at, struct flicker *f)
{
	const struct point_set *ps = c->points;
	const struct run_sample *rs = c->rs;
	double q_lo = exp2((f->from - 1) / (double)FLICKER_BINS_PER_OCTAVE);
	size_t np = ps->count;
	double *hit = calloc(np, sizeof *hit), *clean = calloc(np, sizeof *clean);
	double *beyond = calloc(np, sizeof *beyond), *chance = calloc(np, sizeof *chance);
	unsigned char *shown = calloc(np, 1);
	int ok = 0;
	if (hit != NULL && clean != NULL && beyond != NULL && chance != NULL && shown != NULL) {
		for (size_t p = 0; p < np; p++)
			clean[p] = (double)runs_at[p];
		for (size_t i = 0; i < n; i++) {
			const struct model_run *u = &rs->r[ev[i].run];
			if (open_claim(rs, &ev[i]) &&
			    flicker_holds(f, c->jitter, u->point, ev[i].cost, floor_of(u)))
				hit[u->point]++;
			else if (ev[i].source >= 0 || (u->flags & RUN_CLAIM))
				clean[u->point]--, beyond[u->point] += open_claim(rs, &ev[i]);
		}
		for (size_t p = 0; p < np; p++)
			shown[p] = clean[p] > 0 && q_lo * ps->p[p].min > lam[p];
		interruptions_in(c, ev, n, lam, shown, beyond, f, chance);
		ok = alike(ps, hit, clean, chance, shown, f);
	}
	free(hit), free(clean), free(beyond), free(chance), free(shown);
	return ok;
}

/* Takes the window's events out of ev, their runs no events now. */
static int take(const struct jitter *j, struct run_sample *rs, struct model_event *ev, size_t *n,
		struct flicker *f)
{
	double *q = malloc((*n ? *n : 1) * sizeof *q);
	if (q == NULL)
		return -1;
	size_t k = 0, m = 0;
	for (size_t i = 0; i < *n; i++) {
		struct model_run *u = &rs->r[ev[i].run];
		if (open_claim(rs, &ev[i]) && flicker_holds(f, j, u->point, ev[i].cost, floor_of(u))) {
			q[m++] = ev[i].cost / floor_of(u);
			u->flags = (uint8_t)((u->flags & ~(RUN_EVENT | RUN_CLAIM)) | RUN_EXPLAINED);
			continue;
		}
		ev[k++] = ev[i];
	}
	*n = k;
	f->runs = m;
	if (m > 0) {
		f->share = select_kth(q, m, m / 2);
		f->share_lo = select_kth(q, m, m / 4);
		f->share_hi = select_kth(q, m, (3 * m) / 4);
	}
	free(q);
	return 0;
}

int flicker_find(const struct source_config *c, struct run_sample *rs, struct model_event *ev,
		 size_t *n, struct flicker *out)
{
	memset(out, 0, sizeof *out);
	const struct point_set *ps = c->points;
	const struct jitter *j = c->jitter;
	size_t np = ps->count;
	if (!j->fitted || j->imposing || np == 0 || *n == 0)
		return 0;
	double *lam = malloc(np * sizeof *lam), *sorted = malloc(np * sizeof *sorted);
	size_t *runs_at = calloc(np, sizeof *runs_at);
	struct pairing pg = { 0 };
	int rc = lam && sorted && runs_at ? 0 : -1;
	size_t k = 0;
	for (size_t i = 0; rc == 0 && i < rs->count; i++)
		runs_at[rs->r[i].point]++;
	for (size_t p = 0; rc == 0 && p < np; p++) {
		/* the cost a claim passes at p */
		lam[p] = jitter_threshold(j, p) - j->typical[p];
		if (runs_at[p] > 0 && isfinite(lam[p]))
			sorted[k++] = lam[p];
	}
	struct pair_filter pf = { lam, k > 0 ? select_kth(sorted, k, k / 2) : 0, 0, 0 };
	if (rc == 0 && k > 0)
		rc = pair_up(rs, ev, *n, &pf, &pg);
	if (rc == 0 && k > 0) {
		out->log10_p = best_window(&pg, out);
		out->found = out->log10_p < log10(MODEL_CLAIM_P);
		if (out->found)
			rc = widen(rs, ev, *n, pf, &pg, out);
		if (rc == 0 && out->found)
			out->found = flat_share(c, ev, *n, lam, runs_at, out);
		if (rc == 0 && out->found)
			rc = take(j, rs, ev, n, out);
	}
	free(pg.seen), free(pg.chance);
	free(lam), free(sorted), free(runs_at);
	return rc > 0 ? 0 : rc;
}
