/*
 * held.c - what a periodic source's marks hold (held.h).
 */
#include "held.h"

#include <math.h>
#include <stdlib.h>

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
