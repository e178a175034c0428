/*
 * activity.c - the gaps of an activity trace, through the collection's
 * stages (activity.h).
 */
#include "activity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"

/* The trace as runs, back to back as a collection's: the stretch the
 * loop ran before each gap (no interruption in it, by the trace's own
 * threshold), and the gap's first read interval, within which it began:
 * a run that held it, its cost the gap's length less that interval.
 * The time a gap took is between the runs, as an interruption's is
 * within one.  Runs beyond RUNS_SAMPLE_MAX: the rest of the trace is
 * left out (and said: its span is the runs'). */
static int runs_of(struct spool *sp, struct trace_summary *o, double *cost)
{
	struct run_sample *rs = &o->runs;
	size_t cap = 2 * (size_t)o->gaps + 1;
	cap = cap < RUNS_SAMPLE_MAX ? cap : RUNS_SAMPLE_MAX;
	double ri = o->read_interval > 0 ? o->read_interval : 1;
	rs->r = calloc(cap, sizeof *rs->r);
	if (rs->r == NULL || spool_rewind(sp) != 0)
		return -1;
	struct spool_record r;
	size_t k = 0, m = 0;
	int got;
	double lost = 0, end = 0;
	while ((got = spool_get(sp, &r)) == 1 && m < o->gaps && k + 2 <= cap) {
		double start = r.at != SPOOL_NO_AT ? (double)r.at : 0;
		double c = r.t - ri > 0 ? r.t - ri : r.t;
		if (start > end)
			rs->r[k++] = (struct model_run){ .t = start - end, .at = end, .speed = 1 };
		rs->r[k++] = (struct model_run){ .t = ri, .at = start, .r = c, .speed = 1 };
		cost[m++] = c;
		lost += r.t;
		o->max = r.t > o->max ? r.t : o->max;
		end = fmax(end, start + r.t);
	}
	if (got < 0)
		return -1;
	if (o->span > end && k < cap)
		rs->r[k++] = (struct model_run){ .t = o->span - end, .at = end, .speed = 1 };
	rs->count = rs->total = k;
	rs->scale = 1;
	rs->in_runs = 0;
	for (size_t i = 0; i < k; i++) {
		rs->r[i].i = i;
		rs->in_runs += rs->r[i].t;
	}
	rs->span = o->span;
	rs->have_at = 1;
	rs->gaps = 1;
	rs->at0 = 0;
	o->lost_share = o->span > 0 ? lost / o->span : 0;
	return 0;
}

/* Every gap is an interruption: a jitter of nothing, a threshold of 0;
 * the runs all of one point, whose floor holds no mark. */
static int no_jitter(struct trace_summary *o)
{
	if (points_add(&o->slice, 0, 0, 0, 1) != 0 || points_sort(&o->slice) != 0)
		return -1;
	struct jitter *j = &o->jitter;
	j->scale = calloc(1, sizeof *j->scale);
	j->typical = calloc(1, sizeof *j->typical);
	j->bin_of = calloc(1, 1);
	if (!j->scale || !j->typical || !j->bin_of)
		return -1;
	jitter_impose(j, 0);
	j->points = 1;
	j->judged = 1;
	return 0;
}

/* The kernel's share of the interruptions, and the rest with its upper
 * bound: the trace's count and the kernel's over the same time, each a
 * Poisson count (1.96 sigma of their difference). */
static void attribute(struct trace_summary *o)
{
	const struct counted *c = &o->counted;
	if (!c->have || !(o->seconds > 0))
		return;
	o->kernel_per_s = c->have_irq ? c->irq_per_s : 0;
	o->preempted_per_s = c->have_rusage ? c->invol_per_s : 0;
	double seen = o->kernel_per_s + o->preempted_per_s;
	double rest = o->interruptions_per_s - seen;
	double sd = sqrt((o->interruptions_per_s + seen) / o->seconds);
	o->unattributed_per_s = rest > 0 ? rest : 0;
	o->unattributed_hi = rest + 1.96 * sd > 0 ? rest + 1.96 * sd : 0;
}

int trace_analyze(struct spool *sp, double unit_ns, const char *read_interval,
		  const char *threshold, double seconds, const struct counted *counted,
		  struct trace_summary *o)
{
	memset(o, 0, sizeof *o);
	points_init(&o->slice);
	o->gaps = sp->count;
	o->read_interval = atof(read_interval);
	o->threshold = atof(threshold);
	o->counted = *counted;
	size_t n = (size_t)o->gaps;
	/* the trace's length: its last line, the counters, the gaps */
	double end = 0;
	struct spool_record r;
	if (spool_rewind(sp) != 0)
		return -1;
	while (spool_get(sp, &r) == 1) {
		double start = r.at != SPOOL_NO_AT ? (double)r.at : 0;
		end = start + r.t > end ? start + r.t : end;
	}
	o->seconds = seconds > 0 ? seconds : counted->have ? counted->seconds
		   : unit_ns > 0 ? end * unit_ns * 1e-9 : 0;
	o->span = o->seconds > 0 && unit_ns > 0 ? fmax(end, o->seconds * 1e9 / unit_ns) : end;
	o->per_s = o->seconds > 0 ? (double)n / o->seconds : 0;
	double *cost = malloc((n + 1) * sizeof *cost);
	int rc = cost ? runs_of(sp, o, cost) : -1;
	if (rc == 0 && n > 0) {
		o->cost = select_kth(cost, n, n / 2);
		o->cost_lo = select_kth(cost, n, n / 4);
		o->cost_hi = select_kth(cost, n, (3 * n) / 4);
	}
	if (rc == 0)
		rc = no_jitter(o);
	if (rc == 0) {
		struct source_config c = { &o->runs, &o->slice, &o->jitter,
					   o->read_interval > 0 ? o->read_interval : 1, 1, 0, NULL };
		rc = sources_find(&c, &o->runs, &o->sources);
	}
	if (rc == 0) {
		for (size_t j = 0; j < o->sources.count; j++)
			o->interruptions_per_s +=
				isfinite(o->sources.s[j].rate) && unit_ns > 0
				? source_rate_over(&o->sources.s[j], o->span) * 1e9 / unit_ns : 0;
		attribute(o);
	}
	free(cost);
	return rc;
}

int trace_attribute(const struct trace_summary *t, double start)
{
	/* as runs_of takes it: a run of one read interval at its start */
	double ri = t->read_interval > 0 ? t->read_interval : 1;
	return sources_of_event(&t->sources, start, ri, 0, NAN);
}

void trace_summary_free(struct trace_summary *t)
{
	sources_free(&t->sources);
	run_sample_free(&t->runs);
	jitter_free(&t->jitter);
	points_free(&t->slice);
}
