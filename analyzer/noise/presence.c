/*
 * presence.c - where in the collection a periodic source was there
 * (presence.h).
 */
#include "presence.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "held.h"
#include "tunables.h"

struct started {
	double at, len;
};

static int by_at(const void *a, const void *b)
{
	double x = ((const struct started *)a)->at, y = ((const struct started *)b)->at;
	return (x > y) - (x < y);
}

/* The sample's runs by their starts (a clock that stepped back is
 * refused before), each with the running time up to its start: *n of
 * them, *total all of it.  NULL out of memory. */
struct run_time {
	double at, before;
};

static struct run_time *run_times(const struct run_sample *rs, size_t *n, double *total)
{
	struct run_time *v = malloc((rs->count ? rs->count : 1) * sizeof *v);
	size_t m = 0;
	double sum = 0;
	if (v == NULL)
		return NULL;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (!(u->at >= 0))
			continue;
		v[m++] = (struct run_time){ u->at, sum };
		/* its own work's time, at its speed, not the interruptions'
		 * (a run stopped for 4 ms by another source has no more room
		 * for this one's events than its work's time: three such
		 * stops in the first 40 ms of a 1 kHz source's collection had
		 * read as its absence there); an activity trace's run is the
		 * read interval its gap began in */
		double w = rs->gaps ? u->t : u->speed * u->floor;
		sum += w > 0 ? w : 0;
	}
	*n = m;
	*total = sum;
	return v;
}

/* The running time of the runs whose start is below x (strictly, or at
 * most x: le): the time a source there throughout could interrupt
 * before x (the runs of an activity trace are its gaps and the
 * stretches between, as long as they are: a count of them would not
 * do). */
static double time_before(const struct run_time *r, size_t n, double total, double x, int le)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r[mid].at < x || (le && r[mid].at == x))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n ? r[lo].before : total;
}

/* Places tried at one stride, at most (then the stride's neighbours of
 * the best: a binomial's tail a place, a quarter million events are
 * judged in some 1000 tries, not half a million). */
enum { PLACES_COARSE = 512 };

/* Running time in a stretch of the collection: the runs r (n of them, of
 * running time total) whose start lies in [lo, hi) of it (the time
 * before lo, and up to hi). */
struct stretch {
	const struct run_time *r;
	size_t n;
	double total, lo, hi;
};

/* At the j-th of the k events in order of their starts e, in the stretch
 * w: the events beyond it (before it, after 0; after its run, after 1)
 * other than its own, *beyond, and the share of the stretch's running
 * time there, *q. */
static void beyond_at(const struct started *e, size_t k, const struct stretch *w, size_t j,
		      int after, size_t *beyond, double *q)
{
	double span = w->hi - w->lo;
	if (after) {
		double t = time_before(w->r, w->n, w->total, e[j].at + e[j].len, 1);
		*q = (w->hi - fmin(fmax(t, w->lo), w->hi)) / span;
		*beyond = k - 1 - j;
	} else {
		double t = time_before(w->r, w->n, w->total, e[j].at, 0);
		*q = (fmin(fmax(t, w->lo), w->hi) - w->lo) / span;
		*beyond = j;
	}
}

/* How far fewer than the runs' share q the `beyond` of m events are: m
 * times the relative entropy of their share from q (0 where not fewer).
 * The binomial's tail P(X <= beyond) is e^-(that) within a factor of
 * sqrt(m) or so (Chernoff), and it orders the places as the tail does
 * where the tail itself is too small for a double (10^-700 at 2000
 * events, half of them beyond). */
static double shortfall(size_t beyond, size_t m, double q)
{
	double x = (double)beyond / (double)m;
	if (!(x < q) || !(q < 1))
		return 0;
	double d = (1 - x) * log((1 - x) / (1 - q));
	if (x > 0)
		d += x * log(x / q);
	return (double)m * d;
}

/* The place of most shortfall (one end), *p its binomial tail, P(X <=
 * beyond) for X of m = k - 1 events each beyond it with chance q (where
 * the source was there throughout), times the places tried
 * (Bonferroni). */
static size_t fewest_beyond(const struct started *e, size_t k, const struct stretch *w,
			    int after, double *p)
{
	size_t stride = k / PLACES_COARSE + 1, best = 0, tried = 0, beyond;
	double most = -1, q;
	for (size_t j = 0; j < k; j += stride, tried++) {
		beyond_at(e, k, w, j, after, &beyond, &q);
		double f = shortfall(beyond, k - 1, q);
		if (f > most)
			most = f, best = j;
	}
	size_t lo = best >= stride ? best - stride + 1 : 0, hi = best + stride;
	for (size_t j = lo; stride > 1 && j < hi && j < k; j++, tried++) {
		beyond_at(e, k, w, j, after, &beyond, &q);
		double f = shortfall(beyond, k - 1, q);
		if (f > most)
			most = f, best = j;
	}
	beyond_at(e, k, w, best, after, &beyond, &q);
	*p = q > 0 && k > 1 ? gsl_cdf_binomial_P((unsigned)beyond, q, (unsigned)k - 1) * (double)tried
			   : 1;
	return best;
}

/* The stretch [*from, *to] (clock units since the first run's start)
 * where the events at at[0..k) (start times, sorted in place; their
 * runs' lengths len, sorted alike) came, of the sample's runs rs.
 * Returns 1 where the source was there for a part only (and *from <
 * *to), 0 where it was there throughout (or too few events or runs
 * tell), -1 out of memory. */
static int presence_of(const struct run_sample *rs, double *at, double *len, size_t k,
		       double p_claim, double *from, double *to)
{
	*from = *to = 0;
	if (k < 2 || rs->count < 2)
		return 0;
	/* a clock that stepped back: no stretch of its readings is one
	 * stretch of time */
	for (size_t i = 1; i < rs->count; i++)
		if (rs->r[i].at < rs->r[i - 1].at)
			return 0;
	struct started *e = malloc(k * sizeof *e);
	size_t n = 0;
	double total = 0;
	struct run_time *r = e ? run_times(rs, &n, &total) : NULL;
	if (r == NULL) {
		free(e);
		return -1;
	}
	/* (at and len in the events' order, for the caller too) */
	for (size_t i = 0; i < k; i++)
		e[i] = (struct started){ at[i], len[i] };
	qsort(e, k, sizeof *e, by_at);
	for (size_t i = 0; i < k; i++)
		at[i] = e[i].at, len[i] = e[i].len;
	int part = 0;
	if (n >= 2 && total > 0) {
		struct stretch w = { r, n, total, 0, total };
		double p_first, p_last;
		size_t first = fewest_beyond(e, k, &w, 0, &p_first);
		size_t last = fewest_beyond(e, k, &w, 1, &p_last);
		/* (the two ends: MODEL_CLAIM_P over both) */
		int starts = p_first < p_claim / 2, ends = p_last < p_claim / 2;
		/* one end found: the other sought again within it (a source
		 * there from 200 to 1600 ms of 2 s, 70 events, had its end
		 * found and not its start, and was said to be there from the
		 * first run) */
		if (starts && !ends) {
			w.lo = time_before(r, n, total, e[first].at, 0);
			last = first + fewest_beyond(e + first, k - first, &w, 1, &p_last);
			ends = p_last < p_claim / 2;
		} else if (ends && !starts) {
			w.hi = time_before(r, n, total, e[last].at + e[last].len, 1);
			first = fewest_beyond(e, last + 1, &w, 0, &p_first);
			starts = p_first < p_claim / 2;
		}
		/* (times since the first run's start: 0 is the start) */
		*from = starts ? e[first].at : 0;
		*to = ends ? e[last].at + e[last].len : INFINITY;
		part = (starts || ends) && *to > *from;
		if (!part)
			*from = *to = 0;
	}
	free(e);
	free(r);
	return part;
}

/* Of the events no source before took: those of s's cost, k of its
 * marks' within its quartiles give or take the jitter's scale at their
 * N (a source of one cost has quartiles a tick wide), for a k up to the
 * marks the run spans (a run that held two where its floor held none
 * costs twice); the events it took among them. */
static int of_its_cost(const struct source_config *c, const struct model_event *e, int id,
		       const struct source *s)
{
	if (e->source == id)
		return 1;
	if (e->source >= 0)
		return 0;
	struct marks anywhere = marks_anywhere(&s->marks);
	double most = marks_held(&anywhere, e->at, e->t);
	double spread = c->jitter->scale ? c->jitter->scale[c->rs->r[e->run].point] : 0;
	for (double k = 1; k <= most; k++)
		if (e->cost >= k * s->cost_lo - spread && e->cost <= k * s->cost_hi + spread)
			return 1;
	return 0;
}

/* Whether s is there outside [from, to] too, at a lower rate: the
 * events there (those it took and those left, whatever their cost)
 * hold its marks beyond their floors' more often than chance puts them
 * there (by_chance's), at MODEL_CLAIM_P (a Poisson tail).  Fewer of its
 * events beyond a place, but no absence: the kernel's tick, its events
 * at 250 a second for 5.8 s and 220 after (the slower machine hid
 * some), had been said to be there only until 5.8 s, its later events
 * left to a random source; and a 1 ms timer's events in the second that
 * 20,000 stops a second of 0.5 us came too, each costing a little more
 * than its own, had read as its absence there. */
static int there_beyond(const struct source_config *c, const struct model_event *ev, size_t n,
			int id, const struct source *s, double from, double to)
{
	struct marks anywhere = marks_anywhere(&s->marks);
	double chance = 0;
	unsigned held = 0;
	for (size_t i = 0; i < n; i++) {
		if ((ev[i].source != id && !source_left_for(s, &ev[i])) ||
		    (ev[i].at >= from && ev[i].at <= to))
			continue;
		const struct model_run *u = &c->rs->r[ev[i].run];
		double t = marks_telling(ev[i].t, u->floor, anywhere.period);
		t += c->rs->gaps && u->r > 0 ? u->r : 0;
		chance += fmin(1, (t + marks_reach(&anywhere)) / anywhere.period);
		held += ev[i].source == id || source_extra_marks(s, &anywhere, u) >= 1;
	}
	return held > 0 && gsl_cdf_poisson_Q(held - 1, chance) < MODEL_CLAIM_P;
}

/* Whether the runs outside [from, to] show s's absence, not only its
 * events' (a busier stretch's jitter hides them from the events: a 40 us
 * source of 500 ns there throughout, beside 50,000 stops a second of
 * 250 ns from 200 ms on, had no events before 200 ms, and was said to be
 * there only from then).  Of the sample's runs there, those holding one
 * of its marks beyond their floor's and the others: the share of each
 * whose excess passes half its lower quartile of cost (a run that held
 * its interruption passes it with chance 3/4 at least), the first less
 * the second, d.  Where it was, d is its share of the marks it fires at
 * (d_in); where it is not, 0.  Absent where the upper bound of d outside
 * (at MODEL_CLAIM_P, a normal's for two shares) lies below d_in / 2,
 * nearer none than what it was: too few runs there to tell is no
 * absence. */
static int absent_beyond(const struct source_config *c, const struct source *s, double from,
			 double to)
{
	struct marks anywhere = marks_anywhere(&s->marks);
	double k[2][2][2] = { { { 0 } } };	/* [outside][holds][passes] */
	const struct run_sample *rs = c->rs;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (!(u->at >= 0))
			continue;
		int out = u->at < from || u->at > to;
		int holds = source_extra_marks(s, &anywhere, u) >= 1;
		double cost = u->r - (c->jitter->typical ? c->jitter->typical[u->point] : 0);
		k[out][holds][cost > s->cost_lo / 2]++;
	}
	double d[2], var[2];
	for (int o = 0; o < 2; o++) {
		double a = k[o][1][0] + k[o][1][1], b = k[o][0][0] + k[o][0][1];
		double pa = a > 0 ? k[o][1][1] / a : 0, pb = b > 0 ? k[o][0][1] / b : 0;
		d[o] = pa - pb;
		var[o] = (a > 0 ? pa * (1 - pa) / a : 1) + (b > 0 ? pb * (1 - pb) / b : 1);
	}
	double z = gsl_cdf_ugaussian_Qinv(MODEL_CLAIM_P);
	/* (a share of 0 or 1 has no spread: a run more either way) */
	double a_out = k[1][1][0] + k[1][1][1], b_out = k[1][0][0] + k[1][0][1];
	double floor_var = (a_out > 0 ? 1 / (a_out * a_out) : 1) + (b_out > 0 ? 1 / (b_out * b_out) : 1);
	return d[0] > 0 && d[1] + z * sqrt(fmax(var[1], floor_var)) < d[0] / 2;
}

int source_presence(const struct source_config *c, const struct model_event *ev, size_t n,
		    int id, const struct source *s, double *from, double *to)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += of_its_cost(c, &ev[i], id, s);
	double *at = malloc((k ? k : 1) * sizeof *at), *len = malloc((k ? k : 1) * sizeof *len);
	int part = at && len ? 0 : -1;
	*from = *to = 0;
	k = 0;
	for (size_t i = 0; part == 0 && i < n; i++)
		if (of_its_cost(c, &ev[i], id, s))
			at[k] = ev[i].at, len[k++] = ev[i].t;
	if (part == 0)
		part = presence_of(c->rs, at, len, k, MODEL_CLAIM_P, from, to);
	free(at), free(len);
	/* (given: where it was before, widened to the events of its cost
	 * beyond it, never narrowed: a period a little off thins the
	 * events it takes before its end, which had moved a 1 ms source's
	 * end from 700 to 342 ms; the runs about its end that the first
	 * pass's speed hid left a random source of 2 a second) */
	if (part > 0 && s->given) {
		*from = fmin(*from, s->marks.from);
		*to = fmax(*to, s->marks.to);
		part = *from < s->marks.from || *to > s->marks.to;
	} else if (part > 0 && (there_beyond(c, ev, n, id, s, *from, *to) ||
				!absent_beyond(c, s, *from, *to))) {
		part = 0;
	}
	return part;
}
