/*
 * activity.c - the gaps of an activity trace (activity.h).
 */
#include "activity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Every gap as an event: it began within one read interval after its
 * start; its cost is its length less that interval. */
static int read_gaps(struct spool *sp, double k, struct trace_summary *o,
		     struct periodic_event *ev, double *cost, double *end)
{
	struct spool_record r;
	size_t i = 0;
	int got;
	double lost = 0;
	if (spool_rewind(sp) != 0)
		return -1;
	while ((got = spool_get(sp, &r)) == 1 && i < o->gaps) {
		double start = r.at != SPOOL_NO_AT ? (double)r.at : 0;
		double c = r.t - o->read_interval > 0 ? r.t - o->read_interval : r.t;
		ev[i] = (struct periodic_event){ (start + o->read_interval / 2) * k, start * k,
						 (start + o->read_interval) * k, c, 0 };
		cost[i++] = c;
		lost += r.t;
		o->max = r.t > o->max ? r.t : o->max;
		*end = start + r.t > *end ? start + r.t : *end;
	}
	o->lost_share = lost;	/* clock units, divided by the span later */
	return got < 0 ? -1 : 0;
}

/* The kernel's share of the gaps, and the rest. */
static void attribute(struct trace_summary *o)
{
	const struct counted *c = &o->counted;
	if (!c->have)
		return;
	o->kernel_per_s = c->have_irq ? c->irq_per_s : 0;
	o->preempted_per_s = c->have_rusage ? c->invol_per_s : 0;
	double rest = o->per_s - o->kernel_per_s - o->preempted_per_s;
	o->unattributed_per_s = rest > 0 ? rest : 0;
}

int trace_analyze(struct spool *sp, double unit_ns, const char *read_interval,
		  const char *threshold, double seconds, const struct counted *counted,
		  struct trace_summary *o)
{
	memset(o, 0, sizeof *o);
	o->gaps = sp->count;
	o->read_interval = atof(read_interval);
	o->threshold = atof(threshold);
	o->counted = *counted;
	double k = unit_ns > 0 ? unit_ns : 1, end = 0;
	size_t n = (size_t)o->gaps;
	struct periodic_event *ev = malloc((n + 1) * sizeof *ev);
	double *cost = malloc((n + 1) * sizeof *cost);
	int rc = ev && cost ? read_gaps(sp, k, o, ev, cost, &end) : -1;
	if (rc == 0) {
		/* the trace's length: its last line, the counters, the gaps */
		o->seconds = seconds > 0 ? seconds : counted->have ? counted->seconds
			   : unit_ns > 0 ? end * unit_ns * 1e-9 : 0;
		double span = o->seconds > 0 && unit_ns > 0 ? o->seconds * 1e9 / unit_ns : end;
		o->lost_share = span > 0 ? o->lost_share / span : 0;
		o->per_s = o->seconds > 0 ? (double)n / o->seconds : 0;
		if (n > 0) {
			qsort(cost, n, sizeof *cost, by_double);
			o->cost = cost[n / 2];
			o->cost_lo = cost[n / 4];
			o->cost_hi = cost[(3 * n) / 4];
		}
		periodic_sort(ev, n);
		/* a trace sees every mark: a source fills 5% of its own; one
		 * firing may make two gaps (a short stop just after the long
		 * one) */
		rc = periodic_find(ev, n, NULL, 0, o->threshold, 0.05, 0, NULL, &o->periodic);
		for (size_t j = 0; j < o->periodic.count; j++)
			o->periodic.s[j].count = o->periodic.s[j].hits;
		attribute(o);
	}
	free(ev), free(cost);
	return rc;
}
