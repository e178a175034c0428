/*
 * diagnosis.c - the model's stages in turn (diagnosis.h).
 */
#include "diagnosis.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "analysis.h"
#include "lengths.h"
#include "rates.h"
#include "select.h"
#include "tunables.h"
#include "windowruns.h"

/* The runs the sources explain. */
static size_t explained(const struct run_sample *rs)
{
	size_t k = 0;
	for (size_t i = 0; i < rs->count; i++)
		k += (rs->r[i].flags & RUN_EXPLAINED) != 0;
	return k;
}

/* Jitter, then sources, again without the runs they explain, until
 * those stay the same. */
static int rounds(struct analysis *a, struct period_memo *memo)
{
	struct diagnosis *d = &a->diag;
	struct source_config c = { &d->runs, &a->points, &d->jitter, d->quantum, d->one_clock, 0,
				   memo };
	size_t before = SIZE_MAX;
	/* (the sources found before the speed was read again, their runs
	 * explained before the jitter is fitted, as the lengths' source) */
	if (d->sources.count > 0)
		sources_explain(&c, &d->sources, &d->runs);
	/* a source shorter than every run it interrupts, from the runs'
	 * lengths, before the jitter takes its cost for its own */
	if (d->one_clock && d->runs.have_at && !d->means) {
		struct lengths_result *lr = &d->lengths;
		if (lengths_find(&d->runs, &a->points, d->quantum, c.min_period, lr) != 0)
			return -1;
		if (lr->found)
			sources_seed(&c, &d->runs, &lr->marks, lr->log10_p, &d->sources);
	}
	for (d->rounds = 1; d->rounds <= MODEL_ROUNDS; d->rounds++) {
		if (jitter_fit(&d->runs, &a->points, d->quantum, &d->jitter) != 0)
			return -1;
		if (d->given_threshold > 0)
			jitter_impose(&d->jitter, d->given_threshold);
		if (!d->jitter.judged || d->means)
			return 0;
		if (sources_find(&c, &d->runs, &d->sources) != 0)
			return -1;
		size_t now = explained(&d->runs);
		if (now == before)
			break;
		before = now;
	}
	d->rounds = d->rounds > MODEL_ROUNDS ? MODEL_ROUNDS : d->rounds;
	return 0;
}

/* The rounds, their period searches' findings kept from one to the next
 * (periodmemo.h). */
static int fit_rounds(struct analysis *a)
{
	struct period_memo memo = { 0 };
	int rc = rounds(a, &memo);
	period_memo_free(&memo);
	return rc;
}

/* The sources there for a part only, each with the cost of a mark as
 * the runs where it was tell it (NAN: not told). */
struct part_costs {
	const struct sources *ss;
	double cost[SOURCES_MAX];
};

/* The marks of s run (at, t) of point p holds beyond its N's floor's. */
static double beyond_floor(const struct source *s, double at, double t, size_t p)
{
	return marks_held(&s->marks, at, t) - (s->floor_marks ? s->floor_marks[p] : 0);
}

/* What a run held of the sources there for a part only (speed_windows'
 * less): each one's marks beyond its floor's at the cost a mark has
 * where it was; INFINITY where one whose cost is not told holds one. */
static double held_of_parts(const void *ctx, double at, double t, size_t p)
{
	const struct part_costs *pc = ctx;
	double c = 0;
	for (size_t k = 0; k < pc->ss->count; k++) {
		const struct source *s = &pc->ss->s[k];
		double x = source_part(s) ? beyond_floor(s, at, t, p) : 0;
		if (x >= 1)
			c += isnan(pc->cost[k]) ? INFINITY : x * pc->cost[k];
	}
	return c;
}

struct by_mark {
	uint32_t point;
	double at, k, t;
};

static int point_at(const void *a, const void *b)
{
	const struct by_mark *x = a, *y = b;
	if (x->point != y->point)
		return (x->point > y->point) - (x->point < y->point);
	return (x->at > y->at) - (x->at < y->at);
}

/* A mark's cost of s where it was, from the sample's runs there: the
 * median, over each N's runs in turn in time, of the timing of a run
 * that held one mark more than the run of that N before or after it,
 * less that run's.  Within an N the floor is alike, and a run's
 * neighbour in time ran at nearly its speed (a sweep apart), whatever
 * the speed did over the stretch: the cost is told where the machine ran
 * slower while the source was there (a 2% slower stretch, left to the
 * neighbours' speed, had been read as a mark of 1.29 us for 500 ns), and
 * where its speed moved along a ramp (the runs of an N that hold one
 * mark more are longer, so the later on a ramp that slows: the medians
 * of each N's two counts of marks apart, not paired in time, had read
 * 605 ns for 500 beside a 3% ramp, and the speed taken from the windows
 * at that cost had left the source at 630 ns).  A pair's two runs are
 * as likely either way round in time, so what the speed did between
 * them cancels to first order.  *cost: NAN where no pair tells it, 0
 * where their median is not above 0 (the pairs tell no cost per mark: a
 * source at under half its marks, or below a tick; a real collection's
 * median of -1 tick had read as an error, out of memory).  Returns 0, or
 * -1 out of memory. */
static int part_cost(const struct run_sample *rs, const struct source *s, double *cost)
{
	struct by_mark *v = malloc((rs->count ? rs->count : 1) * sizeof *v);
	double *d = malloc((rs->count ? rs->count : 1) * sizeof *d);
	if (v == NULL || d == NULL) {
		free(v), free(d);
		return -1;
	}
	size_t n = 0, nd = 0;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (u->at >= s->marks.from && u->at + u->t <= s->marks.to)
			v[n++] = (struct by_mark){ u->point, u->at,
						   beyond_floor(s, u->at, u->t, u->point), u->t };
	}
	qsort(v, n, sizeof *v, point_at);
	for (size_t i = 1; i < n; i++)
		if (v[i].point == v[i - 1].point && fabs(v[i].k - v[i - 1].k) == 1)
			d[nd++] = v[i].k > v[i - 1].k ? v[i].t - v[i - 1].t : v[i - 1].t - v[i].t;
	double c = nd > 0 ? select_kth(d, nd, nd / 2) : NAN;
	free(v), free(d);
	*cost = c > 0 || isnan(c) ? c : 0;
	return 0;
}

/*
 * The speed read again without what a source there for a part of the
 * collection only put in the runs.  Where such a source is there, every
 * run of the upper half of N may hold one of its marks, and each
 * window's least stretched run then reads its cost as a slower speed: a
 * 40 us source of 500 ns over the first half of a collection read that
 * half 0.6% slower, within one state, and the runs' excess over that
 * speed's floor lost most of a mark's cost (the source named at 383 and
 * 323 ns, at half its marks).  Each run's marks are taken out at the
 * cost a mark has where it was (part_cost), and the windows read the
 * speed that is left; where its cost is not told, the runs holding its
 * marks are left out, and their windows take their neighbours' speed.
 * A source there throughout leaves the minima holding its marks too, and
 * its windows' speed unmoved, and one whose period is longer than the
 * floors of the upper half of N leaves some runs of each window without
 * a mark: no pass.  Returns 1 when the speed was read again (the
 * sample's runs with it), 0 when there is no such source, -1 on error.
 */
static int speed_without_part(struct analysis *a)
{
	struct diagnosis *d = &a->diag;
	/* (a source whose period is longer than the upper half's floors
	 * leaves some of a window's runs without a mark, and the least of
	 * them tells the speed) */
	int part = 0;
	struct part_costs pc = { &d->sources, { 0 } };
	double half = a->points.count ? a->points.p[a->points.count / 2].min : 0;
	struct source_config c = { &d->runs, &a->points, &d->jitter, d->quantum, d->one_clock, 0,
				   NULL };
	if (sources_floors_where_there(&c, &d->sources) != 0)
		return -1;
	for (size_t k = 0; k < d->sources.count; k++) {
		const struct source *s = &d->sources.s[k];
		pc.cost[k] = 0;
		if (source_part(s) && part_cost(&d->runs, s, &pc.cost[k]) != 0)
			return -1;
		part |= source_part(s) && s->marks.period <= half;
	}
	if (!part || !d->speed.judged)
		return 0;
	struct speed_states fresh;
	struct speed_windows win;
	int w = speed_windows_begin(&win, &a->points, a->spool.count, &fresh);
	if (w <= 0)
		return w;
	win.less = held_of_parts;
	win.less_ctx = &pc;
	struct spool_record *r = malloc(SPOOL_BATCH * sizeof *r);
	long got = -1;
	if (r != NULL && spool_rewind(&a->spool) == 0)
		while ((got = spool_read(&a->spool, r, SPOOL_BATCH)) > 0)
			speed_windows_take(&win, r, (size_t)got);
	free(r);
	if (got != 0 || speed_states_of(&win) != 0) {
		speed_states_free(&fresh);
		return -1;
	}
	if (!fresh.judged) {
		speed_states_free(&fresh);
		return 0;
	}
	speed_states_free(&d->speed);
	d->speed = fresh;
	struct run_sample *rs = &d->runs;
	for (size_t i = 0; i < rs->count; i++) {
		struct model_run *u = &rs->r[i];
		u->speed = speed_of_run(&d->speed, u->i, u->t, u->floor, 2 * a->on_line_width);
		u->r = run_excess(u);
		u->flags = 0;
	}
	return 1;
}

/* The events' costs (of the sample): median and quartiles. */
static void event_costs(struct diagnosis *d)
{
	const struct run_sample *rs = &d->runs;
	size_t k = 0;
	double *c = malloc((rs->count ? rs->count : 1) * sizeof *c);
	if (c == NULL)
		return;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if ((u->flags & RUN_CLAIM) ||
		    ((u->flags & RUN_EVENT) &&
		     sources_of_run(&d->sources, u->at, u->t, u->point,
				    fmax(u->r - d->jitter.typical[u->point], 0)) >= 0))
			c[k++] = fmax(u->r - d->jitter.typical[u->point], 0);
	}
	if (k > 0) {
		d->counts.cost = select_kth(c, k, k / 2);
		d->counts.cost_lo = select_kth(c, k, k / 4);
		d->counts.cost_hi = select_kth(c, k, (3 * k) / 4);
	}
	free(c);
}

/* A run slower by a share of its length (flicker.h), told apart from
 * ATTRIBUTED_SPEED's others in the counts alone. */
enum { ATTRIBUTED_SLOWED = -5 };

/* The source a run of periodic source s is drawn as: the random source
 * whose interruption it held too (its cost passes what every source it
 * holds costs by half that one's, as count_shared counts it) where that
 * one costs more than they do, the costliest such; else s (a stop of 2
 * ms at random holds a 1 ms timer's marks, and had been drawn as the
 * timer's, the random source named with no run of its own). */
static int drawn_as(const struct diagnosis *d, int s, double at, double t, size_t p, double cost)
{
	const struct sources *ss = &d->sources;
	if (s < 0 || ss->s[s].kind != SOURCE_PERIODIC)
		return s;
	double held = sources_cost_held(ss, at, t, p, 0);
	int best = s;
	for (size_t j = 0; j < ss->count; j++) {
		const struct source *q = &ss->s[j];
		if (q->kind == SOURCE_RANDOM && cost > held + q->cost / 2 && q->cost > held &&
		    (best == s || q->cost > ss->s[best].cost))
			best = (int)j;
	}
	return best;
}

/* An interrupted run: above look(N) and held by a periodic source or a
 * burst, or above T(N): its source (the random one, or
 * ATTRIBUTED_UNEXPLAINED); else within the jitter, or the speed's where
 * the same run at the fastest speed would have been above look(N).  A
 * run above T(N) slower by a share of its length is ATTRIBUTED_SLOWED,
 * where no periodic source holds it (sources_find: the round before's
 * periodic sources, and the runs slowed after their marks, take their
 * runs first; then the slowed runs leave the events, before the bursts
 * are sought).  drawn: as the figures and --excess show it (drawn_as),
 * not as the counts take it. */
static int attribute(const struct diagnosis *d, double at, double t, double r, double floor,
		     size_t p, int drawn)
{
	/* (whichever threshold is lower: a claim is an event) */
	double look = fmin(jitter_look(&d->jitter, p), jitter_threshold(&d->jitter, p));
	if (!(r > look))
		return t - floor > look ? ATTRIBUTED_SPEED : ATTRIBUTED_JITTER;
	double cost = fmax(r - d->jitter.typical[p], 0);
	int s = sources_of_run(&d->sources, at, t, p, cost);
	int claim = r > jitter_threshold(&d->jitter, p);
	if (claim && flicker_holds(&d->sources.flicker, &d->jitter, p, cost, t - r) &&
	    (s < 0 || d->sources.s[s].kind == SOURCE_BURSTS))
		return ATTRIBUTED_SLOWED;
	if (s >= 0)
		return drawn ? drawn_as(d, s, at, t, p, cost) : s;
	if (!claim)
		return ATTRIBUTED_JITTER;
	s = sources_of_event(&d->sources, at, t, p, cost);
	return s >= 0 ? s : ATTRIBUTED_UNEXPLAINED;
}

/* Record r's attribution (number i), ATTRIBUTED_SLOWED among them. */
static int attribute_record(const struct diagnosis *d, const struct point_set *s, uint64_t i,
			    const struct spool_record *r, double *residual, int drawn)
{
	if (r->i >= s->count) {
		if (residual)
			*residual = 0;
		return ATTRIBUTED_NONE;
	}
	double floor = s->p[r->i].min;
	double sp = speed_of_run(&d->speed, i, r->t, floor, 2 * d->quantum);
	if (residual)
		*residual = r->t - sp * floor;
	if (!d->jitter.judged || d->means)
		return ATTRIBUTED_NONE;
	double at = r->at == SPOOL_NO_AT || d->runs.at0 == SPOOL_NO_AT ? -1
		    : (double)(r->at - d->runs.at0);
	return attribute(d, at, r->t, r->t - sp * floor, floor, r->i, drawn);
}

int diagnosis_attribute(const struct diagnosis *d, const struct point_set *s, uint64_t i,
			const struct spool_record *r, double *residual)
{
	int a = attribute_record(d, s, i, r, residual, 1);
	return a == ATTRIBUTED_SLOWED ? ATTRIBUTED_SPEED : a;
}

const char *diagnosis_attribution_name(int a, char *buf, size_t len)
{
	switch (a) {
	case ATTRIBUTED_UNEXPLAINED: return "unexplained";
	case ATTRIBUTED_JITTER: return "jitter";
	case ATTRIBUTED_SPEED: return "speed";
	case ATTRIBUTED_NONE: return "-";
	default:
		snprintf(buf, len, "source%d", a + 1);
		return buf;
	}
}

/* A run of source s's (s >= 0), of excess r over its floor at its speed:
 * the sources after s whose interruption it held too, its cost (the
 * excess less the jitter's typical) nearer both costs together than the
 * others' alone, as the sources' search counts them (held_with,
 * take_events): a periodic one's where it holds its mark, nearer s's and
 * its; the random rest's anywhere, nearer all the sources' it holds and
 * its (a stop of milliseconds in a run that holds a 1 ms timer's mark). */
static void count_shared(struct model_counts *m, const struct diagnosis *d, int s, double at,
			 double t, double r, size_t p)
{
	const struct sources *ss = &d->sources;
	double cost = r - d->jitter.typical[p];
	for (size_t j = (size_t)s + 1; s >= 0 && j < ss->count; j++)
		if (ss->s[j].kind == SOURCE_RANDOM)	/* beyond every source's */
			m->shared[j] += (uint64_t)(cost > sources_cost_held(ss, at, t, p, 0) +
							  ss->s[j].cost / 2);
		else
			m->shared[j] += (uint64_t)(source_holds_run(&ss->s[j], at, t, p) &&
						   cost > ss->s[s].cost + ss->s[j].cost / 2);
}

/* A run that source s explains, of excess r at point p: counted. */
static void count_run(struct model_counts *m, const struct diagnosis *d, int s, double r,
		      size_t p)
{
	m->events++;
	if (s < 0) {
		m->unexplained++;
		return;
	}
	m->of_source[s]++;
	const struct source *q = &d->sources.s[s];
	m->held[s] += q->kind == SOURCE_RANDOM ? random_events_in(q, r - d->jitter.typical[p]) : 1;
}

/* The counts of every run: the sample's where it holds every run, else
 * a pass over the spool. */
static int count_all(struct analysis *a)
{
	struct diagnosis *d = &a->diag;
	struct model_counts *m = &d->counts;
	const struct run_sample *rs = &d->runs;
	m->runs = rs->total;
	m->in_runs = rs->in_runs;
	if (rs->count == rs->total) {
		for (size_t i = 0; i < rs->count; i++) {
			const struct model_run *u = &rs->r[i];
			int s = attribute(d, u->at, u->t, u->r, u->floor, u->point, 0);
			m->slowed += s == ATTRIBUTED_SLOWED;
			if (s < ATTRIBUTED_UNEXPLAINED)
				continue;
			count_run(m, d, s, u->r, u->point);
			count_shared(m, d, s, u->at, u->t, u->r, u->point);
		}
		return 0;
	}
	struct spool_record r;
	uint64_t i = 0;
	int got;
	if (spool_rewind(&a->spool) != 0)
		return -1;
	while ((got = spool_get(&a->spool, &r)) == 1) {
		double res;
		int s = attribute_record(d, &a->points, i++, &r, &res, 0);
		m->slowed += s == ATTRIBUTED_SLOWED;
		if (s < ATTRIBUTED_UNEXPLAINED)
			continue;
		count_run(m, d, s, res, r.i);
		if (s >= 0 && r.at != SPOOL_NO_AT && d->runs.at0 != SPOOL_NO_AT && r.i < a->points.count)
			count_shared(m, d, s, (double)(r.at - d->runs.at0), r.t, res, r.i);
	}
	return got < 0 ? -1 : 0;
}

/* Each random source's rate from every run, not the sample's alone:
 * its rate was read from the sample's runs (rates.h), which hold a
 * stop of 4 ms, 100 a second, some 80 times where the collection holds
 * it 250 times (2^18 of 540,000 runs of 5 us): a rate 11% off at one
 * standard deviation.  The sample is a uniform draw of the runs
 * (reservoir.h), so the share of them a source's events are is the
 * collection's, and the rate scales by the share of every run over the
 * sample's, both counted by the same attribution (the interruptions in
 * its runs, k of them in a run of its k-fold cost).  Its bounds scale with
 * it, as wide as the sample's hits made them: the share is of the
 * events at every N, the rate of those at the N it is read from, and
 * their ratio in the sample is itself a draw (bounds from the whole
 * count missed the truth 6 times in 16, 10,000 a second of 1 us read
 * from the shorter N only); and the rate's own bias (stops that come
 * during another source's: +5 to 8% for 4 ms stops beside 18,000 a
 * second of 2 us) stays inside the wider ones. */
static void rates_of_all(struct diagnosis *d)
{
	const struct run_sample *rs = &d->runs;
	struct model_counts *m = &d->counts;
	if (rs->count == rs->total || rs->count == 0)
		return;
	double in_sample[SOURCES_MAX] = { 0 };
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		int s = attribute(d, u->at, u->t, u->r, u->floor, u->point, 0);
		if (s >= 0 && d->sources.s[s].kind == SOURCE_RANDOM)
			in_sample[s] += random_events_in(&d->sources.s[s],
							 u->r - d->jitter.typical[u->point]);
	}
	double scale = (double)rs->total / (double)rs->count;
	for (size_t j = 0; j < d->sources.count; j++) {
		struct source *q = &d->sources.s[j];
		if (q->kind != SOURCE_RANDOM || !isfinite(q->rate) || in_sample[j] == 0 ||
		    m->held[j] == 0)
			continue;
		double k = m->held[j] / (in_sample[j] * scale);
		/* counted over the runs' whole time (k-fold hits apart,
		 * rates.c), the count of the sample's runs it is read from,
		 * K over C + K h (clean time C, each interruption's time h),
		 * is every run's where K is k K and C and h stay */
		if (isfinite(q->once) && q->rate > 0 && q->held_count > 0) {
			double K = q->held_count, C = q->clean_time;
			double h = fmax(1 / q->rate - C / K, 0);
			k = k * K / (C + k * K * h) / q->rate;
		}
		q->rate *= k;
		q->rate_lo *= k;
		q->rate_hi *= k;
	}
}

/* A source the attribution of every run gives none (no run of its own,
 * none it shares, no interruption held) explains nothing the others do
 * not: it leaves the model, and the report.  A burst of a periodic
 * source's cheaper events, found among those its marks' runs left (a
 * 40 us source's, beside a speed wave), lies where every run holds the
 * source's mark, and each is the source's: "2 bursts ... 0 runs" had
 * been named beside it.  Every run's attribution is the same without
 * it (attribute takes the first source that holds a run, and it was
 * none's first), so the counts only move down with the sources. */
static void drop_idle(struct diagnosis *d)
{
	struct model_counts *m = &d->counts;
	for (size_t k = d->sources.count; k-- > 0;) {
		int followed = 0;
		for (size_t j = 0; j < d->sources.count; j++)
			followed |= d->sources.s[j].after == (int)k + 1;
		if (m->of_source[k] > 0 || m->held[k] > 0 || m->shared[k] > 0 || followed)
			continue;
		sources_remove(&d->sources, k);
		for (size_t j = k; j < d->sources.count; j++) {
			m->of_source[j] = m->of_source[j + 1];
			m->held[j] = m->held[j + 1];
			m->shared[j] = m->shared[j + 1];
		}
		size_t last = d->sources.count;
		m->of_source[last] = 0, m->held[last] = 0, m->shared[last] = 0;
	}
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* What the longest runs expect, and all the sources' rate. */
static void expected(struct analysis *a)
{
	struct diagnosis *d = &a->diag;
	struct model_counts *m = &d->counts;
	const struct point_set *s = &a->points;
	for (size_t i = 0; i < s->count; i++)
		m->longest = s->p[i].min > m->longest ? s->p[i].min : m->longest;
	/* (a source there for a part only: its rate while there, over
	 * the collection its share of the time) */
	double every = 0, span = d->runs.span;
	double cut[2 * SOURCES_MAX + 2];
	size_t ncut = 0;
	cut[ncut++] = 0;
	cut[ncut++] = span;
	for (size_t j = 0; j < d->sources.count; j++) {
		const struct source *q = &d->sources.s[j];
		if (!isfinite(q->rate))
			continue;
		every += q->rate;
		m->rate += source_rate_over(q, span);
		if (source_part(q)) {
			cut[ncut++] = fmin(fmax(q->marks.from, 0), span);
			cut[ncut++] = fmin(fmax(q->marks.to, 0), span);
		}
	}
	/* the least any stretch between the sources' ends expects: two
	 * sources there a half each leave no run without one */
	qsort(cut, ncut, sizeof *cut, by_value);
	double least = every;
	for (size_t u = 1; u < ncut; u++) {
		if (!(cut[u] > cut[u - 1]))
			continue;
		double x = (cut[u - 1] + cut[u]) / 2, sum = 0;
		for (size_t j = 0; j < d->sources.count; j++) {
			const struct source *q = &d->sources.s[j];
			if (isfinite(q->rate) &&
			    (!source_part(q) || (x >= q->marks.from && x <= q->marks.to)))
				sum += q->rate;
		}
		least = fmin(least, sum);
	}
	m->expected_long = every * m->longest;
	m->expected_anywhere = least * m->longest;
}

int analysis_diagnose(struct analysis *a, struct input_error *err)
{
	struct diagnosis *d = &a->diag;
	d->quantum = a->tick > 0 ? a->tick : a->on_line_width;
	/* files read one after another: each one's start times are offset
	 * to follow the last's, by a made-up gap, and a period searched
	 * across them would mix unrelated phases */
	d->one_clock = a->files <= 1;
	int rc = runs_end(&d->taker, &a->points, &d->speed, a->on_line_width, &d->runs);
	if (rc == 0)
		rc = fit_rounds(a);
	if (rc == 0 && d->jitter.judged && !d->means && (rc = speed_without_part(a)) == 1) {
		for (size_t k = 0; k < d->sources.count; k++)
			d->sources.s[k].given = source_part(&d->sources.s[k]);
		rc = fit_rounds(a);
	}
	if (rc == 0 && d->jitter.judged && !d->means) {
		rc = count_all(a);
		drop_idle(d);
		rates_of_all(d);
	}
	if (rc == 0 && d->jitter.judged && !d->means) {
		event_costs(d);
		compensate_held(&a->points, &d->sources);
		rc = compensate(&a->points, &d->sources, &a->fit, &a->iv, &d->comp);
	}
	if (rc == 0 && d->speed.judged && !d->means &&
	    window_apart(&d->sources, &a->points, a->spool.count, d->speed.runs_per_window,
			 &d->speed_risk) != 0)
		rc = -1;
	if (rc == 0)
		expected(a);
	if (rc == 0)
		return 0;
	*err = a->where;
	snprintf(err->msg, sizeof err->msg, "cannot read back the samples: %s",
		 strerror(errno ? errno : ENOMEM));
	return -1;
}

int analysis_trace(struct analysis *a, struct input_error *err)
{
	if (trace_analyze(&a->spool, a->unit_ns, a->trace_read_interval, a->trace_threshold,
			  a->last_seconds, &a->counted, &a->trace_sum) == 0)
		return 0;
	*err = a->where;
	snprintf(err->msg, sizeof err->msg, "cannot read back the gaps: %s",
		 strerror(errno ? errno : ENOMEM));
	return -1;
}

void diagnosis_free(struct diagnosis *d)
{
	speed_states_free(&d->speed);
	runs_taker_free(&d->taker);
	run_sample_free(&d->runs);
	jitter_free(&d->jitter);
	sources_free(&d->sources);
}
