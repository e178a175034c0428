/*
 * held.c - what a periodic source's marks hold (held.h).
 */
#include "held.h"

#include <math.h>
#include <stdlib.h>

#include "runs.h"

/* The marks the floor of point p holds (of floor f). */
double source_floor_held(const struct source *s, size_t p, double f)
{
	return s->floor_marks ? (double)s->floor_marks[p] : marks_floor(&s->marks, f);
}

double source_extra_marks(const struct source *s, const struct marks *m,
			  const struct model_run *u)
{
	return marks_held(m, u->at, u->t) - source_floor_held(s, u->point, u->floor);
}

/* The marks of s run u holds beyond its floor's, where a source takes
 * its events: a trace's gap, whose run is
 * the read interval it began in, holds those of its whole length too, an
 * interruption that came while another was served (a 2.7 ms timer whose
 * marks meet a 1 ms tick's every 27 ms shows as one gap there, whose
 * rest is no source of 27 ms). */
double source_taken_marks(const struct run_sample *rs, const struct source *s,
			  const struct model_run *u)
{
	double t = u->t + (rs->gaps && u->r > 0 ? u->r : 0);
	return marks_held(&s->marks, u->at, t) - source_floor_held(s, u->point, u->floor);
}

/* The slope in the rate of the likelihood below, at rate. */
static double rate_slope(const double *n, const double *e, const double *t, size_t points,
			 double rate)
{
	double slope = 0;
	for (size_t p = 0; p < points; p++)
		if (t[p] > 0) {
			if (e[p] > 0)
				slope += e[p] * t[p] / expm1(rate * t[p]);
			slope -= (n[p] - e[p]) * t[p];
		}
	return slope;
}

/* The rate of events over the runs' time, from each point's runs with
 * an event or not (e[p] of n[p], of mean length t[p]; points of no
 * length are left out): the maximum of the likelihood of a run of
 * length t holding none at exp(-rate t), where its slope in the rate,
 * the sum over the points of e t / (exp(rate t) - 1) - (n - e) t, falls
 * through 0 (it falls as the rate grows), by bisection in the log of
 * the rate.  At half the events over all the runs' time the slope is
 * above 0 (t / (exp(rate t) - 1) >= 1 / rate - t / 2): the search
 * starts there, and ends where it is below 0.  0 where no run holds
 * one, INFINITY where every run does. */
static double event_rate(const double *n, const double *e, const double *t, size_t points)
{
	double none = 0, some = 0, all = 0;
	for (size_t p = 0; p < points; p++)
		if (t[p] > 0)
			none += n[p] - e[p], some += e[p], all += n[p] * t[p];
	if (!(some > 0) || !(all > 0))
		return 0;
	if (!(none > 0))
		return INFINITY;
	double lo = log(some / (2 * all)), hi = lo + 1;
	for (int it = 0; it < 200 && rate_slope(n, e, t, points, exp(hi)) > 0; it++)
		lo = hi, hi += 1;
	for (int it = 0; it < 100 && hi - lo > 1e-6; it++) {
		double mid = (lo + hi) / 2;
		if (rate_slope(n, e, t, points, exp(mid)) > 0)
			lo = mid;
		else
			hi = mid;
	}
	return exp((lo + hi) / 2);
}

double source_clean_share(const struct source_config *c, const struct source *s,
			  const size_t *run, size_t k)
{
	const struct run_sample *rs = c->rs;
	size_t points = c->points->count;
	double *n = calloc(points ? 3 * points : 1, sizeof *n);
	if (n == NULL)
		return -1;
	double *e = n + points, *t = e + points;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (source_taken_marks(rs, s, u) >= 1 || u->point >= points)
			continue;
		n[u->point]++;
		e[u->point] += (u->flags & RUN_EVENT) != 0;
		t[u->point] += u->t;
	}
	for (size_t p = 0; p < points; p++)
		t[p] = n[p] > 0 ? t[p] / n[p] : 0;
	double rate = event_rate(n, e, t, points), share = 0;
	free(n);
	if (k == 0 || !(rate > 0))
		return 1;
	for (size_t i = 0; i < k; i++)
		share += exp(-rate * rs->r[run[i]].t);
	return share / (double)k;
}

/* An event left of the costs the source takes (all but an after's:
 * after.h). */
int source_left_for(const struct source *s, const struct model_event *e)
{
	return e->source < 0 && (!s->after || (e->cost >= s->after_lo && e->cost < s->after_hi));
}

/* A candidate event of a periodic source: the last of its marks its run
 * holds, and its cost per mark. */
struct at_mark {
	double mark, cost;
	size_t i;
};

static int by_mark_then_cost(const void *a, const void *b)
{
	const struct at_mark *x = a, *y = b;
	if (x->mark != y->mark)
		return (x->mark > y->mark) - (x->mark < y->mark);
	return (x->cost < y->cost) - (x->cost > y->cost);	/* the costliest first */
}

/* Of the events left holding a mark of s beyond their floor's, the one of
 * most cost at each mark (alone[i] 1), the others 0: a periodic source
 * interrupts one run at a mark (a run shorter than its period holds one
 * mark, the last it reaches, the longer all they reach: counted by their
 * last), and the others its window holds are another's, or runs slowed
 * after its interruption (after.h: data/count-tsc's 10 ms source had
 * taken runs of 1 to 4 us beside its stops of 27 us, its cost read 23
 * us, a quarter of its runs under 4 us; now 27 us, 22 to 35).  Every
 * one where its marks wait on a grid's, or s is an after's (a window of
 * runs).  Returns 0, or -1 when out of memory. */
int source_one_a_mark(const struct source_config *c, const struct model_event *ev, size_t n,
		      const struct source *s, unsigned char *alone)
{
	const struct run_sample *rs = c->rs;
	const struct marks *m = &s->marks;
	for (size_t i = 0; i < n; i++)
		alone[i] = 1;
	if (m->grid > 0 || s->after)
		return 0;
	struct at_mark *a = malloc((n ? n : 1) * sizeof *a);
	if (a == NULL)
		return -1;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!source_left_for(s, &ev[i]))
			continue;
		const struct model_run *u = &rs->r[ev[i].run];
		double x = source_taken_marks(rs, s, u);
		if (!(x >= 1))
			continue;
		double t = u->t + (rs->gaps && u->r > 0 ? u->r : 0);
		a[k++] = (struct at_mark){ floor((u->at + t + m->tol - m->phase) / m->period),
					   ev[i].cost / x, i };
	}
	qsort(a, k, sizeof *a, by_mark_then_cost);
	for (size_t j = 1; j < k; j++)
		if (a[j].mark == a[j - 1].mark)
			alone[a[j].i] = 0;
	free(a);
	return 0;
}

/* The marks refitted (marks_refine) to the costliest event at each
 * (one_a_mark), kept where narrower: where runs slowed after a source's
 * interruptions fill its window, the marks fitted to all the events it
 * holds lie among those, as wide as the slowing lasts, and take them;
 * the interruptions' own runs put the marks where they come. */
void source_refine_by_costliest(const struct source_config *c, const struct model_event *ev,
				size_t n, struct source *s, double *buf)
{
	if (s->marks.grid > 0 || s->after)
		return;
	unsigned char *alone = malloc(n ? n : 1);
	double *len = malloc((n ? n : 1) * sizeof *len);
	if (alone == NULL || len == NULL || source_one_a_mark(c, ev, n, s, alone) != 0) {
		free(alone), free(len);
		return;
	}
	const struct run_sample *rs = c->rs;
	double p = s->marks.period;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!source_left_for(s, &ev[i]) || !alone[i])
			continue;
		const struct model_run *u = &rs->r[ev[i].run];
		double t = marks_telling(ev[i].t, u->floor, p);
		if (!(source_taken_marks(rs, s, u) >= 1) || !(t < p / 2))
			continue;
		/* (less its cost: the interruption lengthens the run after
		 * the mark, as fit_to_events takes it) */
		len[k] = fmax(0, t - ev[i].cost);
		buf[k] = ev[i].at + len[k] / 2;
		k++;
	}
	struct marks m = s->marks;
	marks_refine(&m, buf, len, k, c->quantum);
	if (m.tol < s->marks.tol)
		s->marks = m;
	free(alone), free(len);
}
