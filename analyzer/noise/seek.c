/*
 * seek.c - the period of the events left (seek.h).
 */
#include "seek.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "fold.h"
#include "poisson.h"
#include "select.h"
#include "tunables.h"

/* Windows a candidate's marks are judged at, at most: its tolerance and
 * halves of it (marks_evidence; the quantum stops them first). */
enum { MARKS_EVIDENCE_WIDTHS = 16 };

/* The costs the events sought among lie in: [lo, hi). */
struct cost_band {
	double lo, hi;
};

static const struct cost_band ALL_COSTS = { -INFINITY, INFINITY };

/* An event no source took yet, of a cost in b. */
static int left_in(const struct model_event *e, const struct cost_band *b)
{
	return e->source < 0 && e->cost >= b->lo && e->cost < b->hi;
}

/* The middles of the events left whose runs are shorter than half the
 * period and hold a mark of m (into mid), and how many of those short
 * ones would hold one by chance (a run of length t: (t + reach) /
 * period). */
static size_t short_mids(const struct source_config *c, const struct model_event *ev, size_t n,
			 const struct cost_band *b, const struct marks *m, double *mid,
			 double *chance)
{
	size_t k = 0;
	*chance = 0;
	for (size_t i = 0; i < n; i++) {
		double t = marks_telling(ev[i].t, c->rs->r[ev[i].run].floor, m->period);
		if (!left_in(&ev[i], b) || !(t < m->period / 2))
			continue;
		*chance += fmin(1, (t + marks_reach(m)) / m->period);
		if (marks_held(m, ev[i].at, t) >= 1)
			mid[k++] = ev[i].at + t / 2;
	}
	return k;
}

/* The evidence for marks m among all the events left: log10 of the
 * chance that as many of them would hold one of its marks at random
 * times (short_mids).  One scale for candidates found in different
 * bands of cost, or at a period their fold moved: the periodogram's own
 * chance is of the peak it saw, at the period before the fold, among its
 * band's events alone (a 20 ms fold of a 0.9 ms peak among the events
 * of 18 to 72 us had beaten the 10 ms source among those of 36 to 145
 * us, whose marks hold twice the events). */
static double marks_evidence(const struct source_config *c, const struct model_event *ev,
			     size_t n, struct marks *m, double *mid, int widths_max, size_t *held)
{
	/* at the marks' tolerance and at halves of it down to the quantum:
	 * a tolerance widened by others' events in the window (thousands a
	 * second) holds more of them by chance and says less of the source
	 * than a narrower one; the best, its chance taken once per width */
	struct marks w = *m;
	double best = 0, tol = m->tol, grid_tol = m->grid_tol;
	int widths = 0;
	*held = 0;
	for (; widths < widths_max && (widths == 0 || w.tol >= c->quantum); widths++) {
		double chance;
		size_t k = short_mids(c, ev, n, &ALL_COSTS, &w, mid, &chance);
		double e = log10_poisson_tail(k, chance);
		if (e < best || widths == 0)
			best = e, tol = w.tol, grid_tol = w.grid_tol, *held = k;
		w.tol /= 2;
		w.grid_tol /= 2;
	}
	m->tol = tol, m->grid_tol = grid_tol;	/* the width that says most */
	return best + log10((double)widths);
}

/* The marks of period p0 (about) that the most events left hold (by the
 * part of each run that tells), on the grid of marks g (NULL: none; the
 * marks lie up to a step of it before their events). */
static void fit_to_events(const struct source_config *c, const struct model_event *ev, size_t n,
			  const struct cost_band *b, double p0, double span, double z,
			  const struct marks *g, double *at, double *len, struct marks *m)
{
	size_t k = 0;
	double step = g != NULL ? g->period : 0;
	for (size_t i = 0; i < n; i++)
		if (left_in(&ev[i], b)) {
			at[k] = ev[i].at - step;
			len[k++] = marks_telling(ev[i].t, c->rs->r[ev[i].run].floor, p0) + step;
		}
	marks_fit(at, len, k, p0, span, z, c->quantum, m);
	if (g != NULL)
		m->grid = step, m->grid_phase = g->phase, m->grid_tol = g->tol;
	/* then refitted by least squares to the middles of the shorter of
	 * those parts (less their cost: the interruption at the mark
	 * lengthens the run after it), which lie about the marks alike */
	k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!left_in(&ev[i], b))
			continue;
		double t = marks_telling(ev[i].t, c->rs->r[ev[i].run].floor, m->period);
		if (t < m->period / 2 && marks_held(m, ev[i].at, t) >= 1) {
			len[k] = fmax(0, t - ev[i].cost);
			/* on a grid, a step's delay more: the mark lies half
			 * a step before, give or take half a step */
			at[k] = ev[i].at + len[k] / 2 - step / 2;
			len[k] = hypot(len[k], step);
			k++;
		}
	}
	marks_refine(m, at, len, k, c->quantum);
}

/* A found periodic source whose period p lies within a frequency step
 * (1 / span) of; NULL where none. */
static const struct source *found_at(const struct sources *out, double p, double span)
{
	for (size_t j = 0; j < out->count; j++) {
		const struct source *s = &out->s[j];
		if (s->kind == SOURCE_PERIODIC && fabs(1 / p - 1 / s->marks.period) * span <= 1)
			return s;
	}
	return NULL;
}

/* Whether marks m (of s's period) lie on s's marks, or after them by no
 * more than s's interruption lasts (its upper quartile): the
 * interruptions of a source delivered on s's marks come at them, or
 * right after s's own. */
static int on_marks_of(const struct marks *m, const struct source *s)
{
	double p = s->marks.period, tol = m->tol + s->marks.tol;
	double d = fmod(m->phase - s->marks.phase, p);
	d += d < 0 ? p : 0;
	return d <= s->cost_hi + tol || d >= p - tol;
}

/* The strongest period of the events left of costs in b, from floor_p,
 * its chance taken `tries` times over.  1 where one is named, spanning
 * SOURCE_MARKS_MIN of its marks. */
static int period_among(const struct model_event *ev, size_t n, const struct cost_band *b,
			const struct seek_room *room, double floor_p, double span, double tries,
			struct period_result *pr)
{
	size_t k = 0;
	double *buf = room->buf;
	for (size_t i = 0; i < n; i++)
		if (left_in(&ev[i], b))
			buf[k++] = ev[i].at;
	*pr = (struct period_result){ 0 };
	if (k < SOURCE_EVENTS_MIN ||
	    !((double)k > period_events_needed(PERIOD_LOG10_P - log10(tries))))
		return 0;
	if (!period_memo_find(room->memo, buf, k, floor_p, pr)) {
		period_detect(buf, k, room->null, room->nnull, floor_p, room->fft, pr);
		period_memo_keep(room->memo, buf, k, floor_p, pr);
	}
	pr->log10_p += log10(tries);
	pr->found = pr->found && pr->log10_p < PERIOD_LOG10_P;
	return pr->found && pr->period * SOURCE_MARKS_MIN <= span;
}

/* The marks of the period pr found among the events of costs in b, and
 * its fundamental (on a grid of step `grid`, 0: none, an interruption
 * waits for the grid's next mark: its mark lies up to a step before).
 * Returns fold_fundamental's `several`, or -1 where the marks hold no
 * more of the events than chance puts there (a Poisson tail at
 * MODEL_CLAIM_P): then they are no source's, whatever the periodogram
 * said (marks as wide as half their period, a lattice of the runs'
 * starts). */
static int marks_of(const struct source_config *c, const struct model_event *ev, size_t n,
		    const struct cost_band *b, const struct period_result *pr, double span,
		    const struct marks *grid, double *buf, double *mid, struct marks *m)
{
	struct marks m0;
	double chance;
	int several;
	fit_to_events(c, ev, n, b, pr->period, span, pr->z, grid, buf, mid, &m0);
	size_t ns = short_mids(c, ev, n, b, &m0, mid, &chance);
	if (ns == 0 || !(gsl_cdf_poisson_Q((unsigned)ns - 1, chance) < MODEL_CLAIM_P))
		return -1;
	if (fold_fundamental(mid, ns, chance, span, &m0, m, &several) > 1)
		fit_to_events(c, ev, n, b, m->period, span, pr->z, grid, buf, mid, m);
	return several;
}

/* A period named among the events of costs in b, and its marks: 1, or 0.
 * Events left that lock to a found source's period lie on its marks: a
 * source at a multiple of it, all in one slot of the multiple's (a 4 ms
 * timer on a 1 ms one's marks), or a second source whose interruptions
 * wait for its (a guest's 2.7 ms timer delivered on the host's 1 ms
 * ticks, in 10 slots of 27, which are no 10 sources of 27 ms).  The
 * latter's period is sought on that grid, where it shows from twice the
 * grid's step (Nyquist); so too where the period found is a harmonic
 * whose fundamental is the found source's, its events all in one slot,
 * on its marks or right after its interruptions (else they would be
 * named a source of that period at a share of its marks: the 2.7 ms
 * timer as "1 ms, 19 us after the 1 ms source's marks").  Events at a
 * found period but at a phase of their own, all in one slot, are a
 * source of their own (4 ms, 52 us after the 4 ms timer's marks). */
static int named_in(const struct source_config *c, const struct model_event *ev, size_t n,
		    const struct cost_band *b, const struct sources *out,
		    const struct seek_room *room, double floor_p, double span, double tries,
		    struct marks *m, struct period_result *pr)
{
	if (!period_among(ev, n, b, room, floor_p, span, tries, pr))
		return 0;
	double *buf = room->buf, *mid = room->mid;
	int several = marks_of(c, ev, n, b, pr, span, NULL, buf, mid, m);
	if (several < 0)
		return 0;
	const struct source *g = found_at(out, pr->period, span);
	const struct source *same = found_at(out, m->period, span);
	struct marks own = *m;
	struct period_result own_pr = *pr;
	/* a harmonic whose fundamental is a found source's period, the
	 * events all in one slot, on its marks: sought on its grid first */
	int harmonic = g == NULL && same != NULL && !several && on_marks_of(m, same);
	/* events at a found source's period, all in one slot, neither on its
	 * marks nor within its interruption after them, are a source of their
	 * own: a 40 us stop every 10 ms found after the runs slowed for 100
	 * us after it, which had been named first at its period (after.h
	 * then takes those for its window) */
	int own_phase = same != NULL && !several && !on_marks_of(m, same);
	if (!harmonic && (g == NULL || (!several && same == NULL) || own_phase))
		return 1;
	g = g != NULL ? g : same;
	/* the events' own phase on the grid where they lie on its marks (a
	 * little after them: they wait for its interruption) */
	const struct marks *at = on_marks_of(m, g) ? m : &g->marks;
	struct marks grid = { .period = g->marks.period, .phase = at->phase, .tol = at->tol };
	if (2 * grid.period > floor_p &&
	    period_among(ev, n, b, room, 2 * grid.period, span, tries, pr) &&
	    marks_of(c, ev, n, b, pr, span, &grid, buf, mid, m) >= 0 &&
	    found_at(out, m->period, span) == NULL)
		return 1;
	if (harmonic) {		/* none on the grid: as they were */
		*m = own, *pr = own_pr;
		return 1;
	}
	return 0;
}

/* Sub-multiples of a candidate's period tried, at most. */
enum { FUNDAMENTAL_PARTS_MAX = 64 };

/* Whether the k marks of w in each mark of the candidate's period hold
 * its held events (their middles, mid) alike: one source at w's period
 * fills them alike (a chi-square of the counts per residue of their mark
 * numbers mod k at MODEL_CLAIM_P), where two sources on a common lattice
 * fill one residue with the one's events and all with the other's (1 ms
 * and 2.7 ms on 100 us marks are no source of 100 us). */
static int parts_alike(const struct marks *w, int k, const double *mid, size_t held)
{
	size_t count[FUNDAMENTAL_PARTS_MAX] = { 0 };
	for (size_t i = 0; i < held; i++) {
		double r = fmod(mark_nearest(w, mid[i]), k);
		count[(int)(r < 0 ? r + k : r)]++;
	}
	double e = (double)held / k, x2 = 0;
	for (int r = 0; r < k; r++)
		x2 += ((double)count[r] - e) * ((double)count[r] - e) / e;
	return held > 0 && gsl_cdf_chisq_Q(x2, k - 1) >= MODEL_CLAIM_P;
}

/* The candidate's marks, or those of a period a whole part of its at the
 * same phase, whichever its events' evidence favours (each part's chance
 * taken once per part tried) where that part's marks hold them alike: a
 * source found at twice its period (the periodogram's peak folded to 20
 * ms where the events come every 10 ms, half of them at the other phase)
 * holds twice the events at its fundamental, at twice the chance, and
 * says far more there; a part whose extra marks hold nothing beyond
 * chance says less. */
static void fundamental_by_evidence(const struct source_config *c, const struct model_event *ev,
				    size_t n, double floor_p, double *mid, struct marks *m)
{
	if (m->grid > 0)	/* (on a grid: its marks wait for the grid's) */
		return;
	struct marks at = *m;	/* (the parts at the width that says most) */
	size_t held;
	double best = marks_evidence(c, ev, n, &at, mid, MARKS_EVIDENCE_WIDTHS, &held);
	double p = m->period, lowest = fmax(floor_p, c->min_period);
	int parts = 1, tried = 0;
	for (int k = 2; k <= FUNDAMENTAL_PARTS_MAX && p / k >= lowest; k++)
		tried++;
	for (int k = 2; k <= 1 + tried; k++) {
		struct marks w = at;
		w.period = p / k;
		double e = marks_evidence(c, ev, n, &w, mid, 1, &held) + log10((double)tried);
		if (e < best && parts_alike(&w, k, mid, held))
			best = e, parts = k;
	}
	m->period = p / parts;
}

int seek_period(const struct source_config *c, const struct model_event *ev, size_t n,
		const struct seek_room *room, const struct sources *out, struct marks *m,
		struct period_result *pr)
{
	size_t k = 0;
	double *buf = room->buf;
	double cmin = INFINITY, cmax = 0;
	for (size_t i = 0; i < n; i++)
		if (ev[i].source < 0) {
			buf[k++] = ev[i].t;
			if (ev[i].cost > 0)
				cmin = fmin(cmin, ev[i].cost), cmax = fmax(cmax, ev[i].cost);
		}
	if (k < SOURCE_EVENTS_MIN)
		return 0;
	/* no period shorter than the runs of all but SOURCE_EVENTS_MIN - 1
	 * events: a run longer than the period holds one of its marks
	 * wherever it starts, and its start tells nothing of the phase (a
	 * lattice of runs' starts locks to such periods) */
	double floor_p = fmax(c->min_period, select_kth(buf, k, SOURCE_EVENTS_MIN - 1));
	/* the events' time (their starts need not come in order) */
	double first = INFINITY, last = -INFINITY;
	for (size_t i = 0; i < n; i++)
		if (ev[i].source < 0)
			first = fmin(first, ev[i].at), last = fmax(last, ev[i].at);
	double span = last - first;
	if (named_in(c, ev, n, &ALL_COSTS, out, room, floor_p, span, 1, m, pr)) {
		fundamental_by_evidence(c, ev, n, floor_p, room->mid, m);
		return 1;
	}
	double bands = cmax >= cmin ? floor(log2(cmax / cmin)) + 1 : 0;
	int named = 0;
	double best = INFINITY;
	for (double j = 0; j < bands; j++) {
		struct cost_band b = { ldexp(cmin, (int)j), ldexp(cmin, (int)j + 2) };
		struct period_result r;
		struct marks mb;
		if (!named_in(c, ev, n, &b, out, room, floor_p, span, bands + 1, &mb, &r))
			continue;
		struct marks judged = mb;
		size_t held;
		double e = marks_evidence(c, ev, n, &judged, room->mid, MARKS_EVIDENCE_WIDTHS, &held);
		if (!named || e < best)
			*pr = r, *m = mb, named = 1, best = e;
	}
	if (named)
		fundamental_by_evidence(c, ev, n, floor_p, room->mid, m);
	return named;
}

