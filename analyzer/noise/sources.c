/*
 * sources.c - the events, and their periodic sources one after another
 * (sources.h); bursts.h and rates.h do the rest.
 */
#include "sources.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "after.h"
#include "alternate.h"
#include "held.h"
#include "bursts.h"
#include "period.h"
#include "presence.h"
#include "rates.h"
#include "seek.h"
#include "select.h"
#include "tunables.h"

/* Run starts the period search's null model draws from, at most. */
enum { NULL_STARTS = 16384 };

/* The events: the sample's runs above their threshold. */
static struct model_event *events_of(const struct source_config *c, struct run_sample *rs,
				     size_t *n)
{
	size_t k = 0;
	for (size_t i = 0; i < rs->count; i++) {
		struct model_run *u = &rs->r[i];
		u->flags &= (uint8_t)~(RUN_EVENT | RUN_EXPLAINED | RUN_CLAIM);
		if (u->r > jitter_look(c->jitter, u->point))
			u->flags |= RUN_EVENT;
		/* (a claim is an event, whichever threshold is lower) */
		if (u->r > jitter_threshold(c->jitter, u->point))
			u->flags |= RUN_CLAIM | RUN_EVENT;
		k += (u->flags & RUN_EVENT) != 0;
	}
	struct model_event *ev = malloc((k ? k : 1) * sizeof *ev);
	if (ev == NULL)
		return NULL;
	k = 0;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (u->flags & RUN_EVENT)
			ev[k++] = (struct model_event){ .run = i, .at = u->at, .t = u->t,
							.cost = fmax(u->r - c->jitter->typical[u->point], 0),
							.extra = 1, .source = -1 };
	}
	*n = k;
	return ev;
}

/* Evenly spread starts of the sample's runs: the null of the period
 * search (random subsets of them lock as strongly?). */
static double *null_starts(const struct run_sample *rs, size_t *n)
{
	size_t step = rs->count / NULL_STARTS + 1, k = 0;
	double *v = malloc((rs->count / step + 1) * sizeof *v);
	if (v == NULL)
		return NULL;
	for (size_t i = 0; i < rs->count; i += step)
		v[k++] = rs->r[i].at;
	*n = k;
	return v;
}

/* The marks each N's floor holds: the fewest any of its runs holds at
 * the marks' fitted places (the floor is the run that held the fewest
 * interruptions; floor(f / p) from its length alone misses the mark of a
 * floor just short of a period, which every run of the N held; and a
 * mark within the tolerance of a run's end lies on either side of it:
 * counted in, the floor of an N a tolerance short of two periods held
 * two and its runs' next interruption was left to a random source;
 * counted out, a floor that held it was said to hold one, and the
 * source's share of its marks read 80%).  NULL where every floor is
 * shorter than half a period (none holds a mark).  Points without a run:
 * floor(f / p). */
static uint16_t *floor_marks_of(const struct source_config *c, const struct marks *m)
{
	const struct point_set *ps = c->points;
	const struct run_sample *rs = c->rs;
	double top = 0;
	for (size_t p = 0; p < ps->count; p++)
		top = fmax(top, ps->p[p].min);
	if (!(top >= m->period / 2))
		return NULL;
	uint16_t *k = malloc(ps->count * sizeof *k);
	if (k == NULL)
		return NULL;
	for (size_t p = 0; p < ps->count; p++)
		k[p] = UINT16_MAX;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		struct marks exact = *m;
		exact.tol = 0;
		exact.grid_tol = 0;
		double h = fmin(marks_held(&exact, u->at, u->t), UINT16_MAX - 1);
		k[u->point] = (uint16_t)fmin(k[u->point], h);
	}
	for (size_t p = 0; p < ps->count; p++)
		if (k[p] == UINT16_MAX)
			k[p] = (uint16_t)fmin(marks_floor(m, ps->p[p].min), UINT16_MAX - 1);
	return k;
}

void sources_spread(double *v, size_t n, double *med, double *lo, double *hi, double *mad)
{
	*med = select_kth(v, n, n / 2);
	*lo = select_kth(v, n, n / 4);
	*hi = select_kth(v, n, (3 * n) / 4);
	for (size_t i = 0; i < n; i++)
		v[i] = fabs(v[i] - *med);
	*mad = 1.482602218505602 * select_kth(v, n, n / 2);
}

/*
 * The events left that hold a mark of m beyond their floor's are the
 * source's, but those whose cost (each extra mark's) lies beyond its own
 * spread: a second interruption held there, whose cost less the
 * source's stays to be explained.  Returns the events it took.
 */
static size_t take_events(const struct source_config *c, struct model_event *ev, size_t n,
			  int id, double *buf, struct source *s)
{
	const struct run_sample *rs = c->rs;
	unsigned char *alone = malloc(n ? n : 1);
	if (alone == NULL || source_one_a_mark(c, ev, n, s, alone) != 0) {
		free(alone);
		return 0;
	}
	size_t k = 0, *run = malloc((n ? n : 1) * sizeof *run);
	if (run == NULL) {
		free(alone);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		if (!source_left_for(s, &ev[i]) || !alone[i])
			continue;
		const struct model_run *u = &rs->r[ev[i].run];
		double x = source_taken_marks(rs, s, u);
		if (x >= 1)
			run[k] = ev[i].run, buf[k++] = ev[i].cost / x;
	}
	double clean = k >= SOURCE_EVENTS_MIN ? source_clean_share(c, s, run, k) : 1;
	free(run);
	if (k < SOURCE_EVENTS_MIN || clean < 0) {
		free(alone);
		return 0;
	}
	/* a run that holds its mark, lengthened by it, may hold others'
	 * interruptions too, each adding its cost: the median of its
	 * events' costs is its own or more, and its own no less than their
	 * quantile at half the share expected to hold none (of the runs
	 * whose own cost lies below its median, that share at least hold
	 * nothing more: a 50 us stop beside 7000 stops a second of 25 us,
	 * in runs that held one about as often as not, read 75 us) */
	s->cost_own_lo = select_kth(buf, k, (size_t)(0.5 * clean * (double)k));
	double med, mad;
	sources_spread(buf, k, &med, &s->cost_lo, &s->cost_hi, &mad);
	s->cost = med;
	double z = gsl_cdf_ugaussian_Qinv(MODEL_FALSE_ALARMS / (double)k);
	size_t taken = 0;
	for (size_t i = 0; i < n; i++) {
		if (!source_left_for(s, &ev[i]) || !alone[i])
			continue;
		const struct model_run *u = &rs->r[ev[i].run];
		double x = source_taken_marks(rs, s, u);
		if (!(x >= 1))
			continue;
		double spread = fmax(mad, c->jitter->scale[u->point]);
		ev[i].held |= 1u << id;
		/* a second one where the cost is beyond the source's and
		 * what is left of it would be seen alone */
		if (ev[i].cost / x > med + z * spread &&
		    ev[i].cost - x * med > jitter_seen_from(c->jitter, u->point)) {
			ev[i].cost -= x * med;	/* a second one, held there */
		} else {
			ev[i].source = id;
			ev[i].extra = x;
			taken++;
		}
	}
	free(alone);
	return taken;
}

/* Where the source is looked for (its lower quartile of cost above the
 * least a run of the N shows beyond look(N)), the share of its marks it
 * hit: those its events held beyond their floors', over the marks the
 * runs there held beyond theirs, t / period - floor's (at random phases:
 * a count that no error of the marks' places moves).  1 where it fires
 * every period.  The rate is that share of 1 / period, its bounds the
 * share's (a normal's, 95%). */
static void fire_of(const struct source_config *c, const struct model_event *ev, size_t n,
		    int id, struct source *s)
{
	const struct run_sample *rs = c->rs;
	double marks = 0, hit = 0, seen_time = 0;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (!(jitter_looked_from(c->jitter, u->point) < s->cost_lo))
			continue;
		seen_time += u->t;
		double t = marks_present(&s->marks, u->at, u->t);
		marks += t > 0 ? fmax(0, t / s->marks.period - source_floor_held(s, u->point, u->floor))
			       : 0;
	}
	for (size_t i = 0; i < n; i++)
		if ((ev[i].held >> id & 1) &&
		    jitter_looked_from(c->jitter, rs->r[ev[i].run].point) < s->cost_lo)
			hit += fmax(1, source_extra_marks(s, &s->marks, &rs->r[ev[i].run]));
	s->fire = marks > 0 ? fmin(1, hit / marks) : NAN;
	s->visible = rs->in_runs > 0 ? seen_time * rs->scale / rs->in_runs : 0;
	double f = isnan(s->fire) ? 1 : s->fire;
	s->rate = f / s->marks.period;
	double se = marks > 0 ? sqrt(f * (1 - f) / marks) : 0;
	s->rate_lo = fmax(0, f - 1.96 * se) / s->marks.period;
	s->rate_hi = fmin(1, f + 1.96 * se) / s->marks.period;
}

/* Coherence of the source's events at its period (the middles of the
 * parts of their runs that tell, those shorter than half a period). */
static double coherence_of(const struct source_config *c, const struct model_event *ev, size_t n,
			   int id, const struct marks *m)
{
	double cs = 0, sn = 0, k = 0;
	for (size_t i = 0; i < n; i++) {
		double t = marks_telling(ev[i].t, c->rs->r[ev[i].run].floor, m->period);
		if (ev[i].source != id || t >= m->period / 2)
			continue;
		double f = fmod(ev[i].at + t / 2 - m->phase, m->period) / m->period;
		cs += cos(2 * M_PI * f), sn += sin(2 * M_PI * f), k++;
	}
	return k > 0 ? sqrt(cs * cs + sn * sn) / k : NAN;
}

/* The source of marks m takes its events: 1 where enough are left for
 * it (else none are taken). */
/* How many of the events left would hold one of m's marks beyond their
 * floor's by chance (at random times: the part of the run that tells,
 * widened by the tolerance on both sides, over the period). */
static double by_chance(const struct source_config *c, const struct model_event *ev, size_t n,
			const struct source *s)
{
	const struct marks *m = &s->marks;
	double k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!source_left_for(s, &ev[i]))
			continue;
		/* a trace's gap is taken over its whole length (taken_marks) */
		const struct model_run *u = &c->rs->r[ev[i].run];
		double t = marks_telling(ev[i].t, u->floor, m->period);
		t += c->rs->gaps && u->r > 0 ? u->r : 0;
		k += fmin(1, (t + marks_reach(m)) / m->period);
	}
	return k;
}

/* The events a source found before took at this one's marks, whose cost
 * lies nearer theirs and this one's together than theirs alone: they
 * held one of this source's too (a guest's timer delivered on the host's
 * tick falls on every one of its marks), and count among its hits. */
static void held_with(const struct source_config *c, struct model_event *ev, size_t n, int id,
		      const struct source *s, const struct sources *out)
{
	for (size_t i = 0; i < n; i++) {
		int j = ev[i].source;
		if (j < 0 || j >= id || out->s[j].kind == SOURCE_RANDOM)
			continue;
		double x = source_extra_marks(s, &s->marks, &c->rs->r[ev[i].run]);
		if (x >= 1 && ev[i].cost > ev[i].extra * out->s[j].cost + x * s->cost / 2)
			ev[i].held |= 1u << id;
	}
}

/* A source there for a part of the collection only (presence.h): its
 * marks bounded to where it was, and its events taken again from the
 * costs they had (cost0); once the speed is read without it (given), the
 * marks each N's floor held counted again there (a floor taken where it
 * was not held none of them: counted through the collection, minima
 * taken in its absence were said to hold two of a 40 us source and its
 * cost was taken out of them).  Returns 0, or -1 out of memory. */
static int bound_to_presence(const struct source_config *c, struct model_event *ev, size_t n,
			     int id, double *buf, struct source *s, const double *cost0)
{
	double from, to;
	int part = source_presence(c, ev, n, id, s, &from, &to);
	if (part <= 0)
		return part < 0 ? -1 : 0;
	for (size_t i = 0; i < n; i++) {
		if (ev[i].source == id)
			ev[i].source = -1, ev[i].extra = 1;
		if (ev[i].held >> id & 1)
			ev[i].cost = cost0[i];
		ev[i].held &= ~(1u << id);
	}
	s->marks.from = from;
	s->marks.to = to;
	/* (the floors' marks counted where it was once the speed is read
	 * without them, given; before, that speed took the marks every run
	 * there held for a slower speed, and its runs beyond their floor's
	 * count, as through the collection, are those that held one more:
	 * counted from none, every run there was explained, the jitter was
	 * fitted on the runs elsewhere alone, and a ramp there made it
	 * hide the source the next round) */
	if (s->given) {
		free(s->floor_marks);
		s->floor_marks = floor_marks_of(c, &s->marks);
	}
	s->events = take_events(c, ev, n, id, buf, s);
	return 0;
}

static int take_source(const struct source_config *c, struct model_event *ev, size_t n,
		       double *buf, struct source *s, struct sources *out)
{
	int id = (int)out->count;
	/* (where it was there is found again each round, from its events;
	 * once the speed was read again without what it held, from where it
	 * was, only widened: bound_to_presence) */
	if (!s->given)
		s->marks.from = s->marks.to = 0;
	source_refine_by_costliest(c, ev, n, s, buf);
	/* costs that alternate from mark to mark: two sources (out of
	 * memory, the one is kept) */
	if (alternate_split(c, ev, n, s, buf) > 0)
		source_refine_by_costliest(c, ev, n, s, buf);
	double chance = by_chance(c, ev, n, s);
	/* taking one event a mark (held.h), the marks chance hits: of M
	 * marks over the events' span, M (1 - e^(-chance / M)) (as many as
	 * chance's events where they are few a mark; where events are
	 * dense, runs slowed after another's stops filling its windows,
	 * no more than the marks) */
	if (s->marks.grid == 0 && !s->after) {
		double first = INFINITY, last = -INFINITY;
		for (size_t i = 0; i < n; i++)
			first = fmin(first, ev[i].at), last = fmax(last, ev[i].at);
		double marks = (last - first) / s->marks.period;
		if (marks >= 1)
			chance = -marks * expm1(-chance / marks);
	}
	double *cost0 = malloc((n ? n : 1) * sizeof *cost0);
	for (size_t i = 0; cost0 != NULL && i < n; i++)
		cost0[i] = ev[i].cost;
	s->floor_marks = floor_marks_of(c, &s->marks);
	s->events = take_events(c, ev, n, id, buf, s);
	/* a source takes more events than chance would put at its marks,
	 * at MODEL_CLAIM_P (a Poisson tail) */
	double p = s->events > 0 ? gsl_cdf_poisson_Q((unsigned)s->events - 1, chance) : 1;
	if (s->given ? s->events == 0 : s->events < SOURCE_EVENTS_MIN || !(p < MODEL_CLAIM_P)) {
		free(s->floor_marks);
		s->floor_marks = NULL;
		for (size_t i = 0; i < n; i++) {	/* too few: none */
			ev[i].source = ev[i].source == id ? -1 : ev[i].source;
			ev[i].held &= ~(1u << id);
		}
		free(cost0);
		return 0;
	}
	/* (out of memory: where it was there is not told) */
	if (cost0 != NULL && !s->after && bound_to_presence(c, ev, n, id, buf, s, cost0) != 0)
		s->marks.from = s->marks.to = 0;
	free(cost0);
	s->coherence = coherence_of(c, ev, n, id, &s->marks);
	held_with(c, ev, n, id, s, out);
	fire_of(c, ev, n, id, s);
	out->s[out->count++] = *s;
	return 1;
}

void sources_remove(struct sources *out, size_t k)
{
	free(out->s[k].floor_marks);
	for (size_t j = k + 1; j < out->count; j++)
		out->s[j - 1] = out->s[j];
	out->count--;
	for (size_t j = 0; j < out->count; j++)
		if (out->s[j].after > (int)k + 1)
			out->s[j].after--;
}

/* Drops source k from out: its events, and their bits of it, left to
 * the others; the sources above it one down. */
static void drop_source(struct model_event *ev, size_t n, struct sources *out, size_t k)
{
	for (size_t i = 0; i < n; i++) {
		unsigned h = ev[i].held;
		ev[i].held = (h & ((1u << k) - 1)) | ((h >> (k + 1)) << k);
		if (ev[i].source == (int)k)
			ev[i].source = -1, ev[i].extra = 1;
		else if (ev[i].source > (int)k)
			ev[i].source--;
	}
	sources_remove(out, k);
}

/* The after's of source j (its index), or out->count where none. */
static size_t after_of(const struct sources *out, size_t j)
{
	for (size_t i = 0; i < out->count; i++)
		if (out->s[i].after == (int)j + 1)
			return i;
	return out->count;
}

/* Runs slowed after source j's marks (after.h): a source of its period
 * whose marks' window spans the runs slowed after each of j's, where
 * none follows j yet. */
static void after_source(const struct source_config *c, struct model_event *ev, size_t n,
			 double *buf, struct sources *out, size_t j)
{
	if (out->count >= SOURCES_MAX - SOURCES_RANDOM_ROOM || out->s[j].after)
		return;
	for (size_t i = 0; i < out->count; i++)
		if (out->s[i].after == (int)j + 1)
			return;
	struct after_window w;
	if (after_window_of(c, ev, n, &out->s[j], SOURCES_MAX, &w) != 0 || !w.found)
		return;
	struct source s = { .kind = SOURCE_PERIODIC, .marks = out->s[j].marks,
			    .log10_p = w.log10_p, .after = (int)j + 1,
			    .after_lo = w.cost_lo, .after_hi = w.cost_hi };
	s.marks.phase += w.length / 2;
	s.marks.tol = w.length / 2;
	if (!take_source(c, ev, n, buf, &s, out))
		return;
	out->s[out->count - 1].after_share = (double)out->s[out->count - 1].events / (double)w.runs;
	/* a source of j's period in the window is those runs: dropped, its
	 * after's too, and j's window sought again with their events */
	size_t k = after_inside(ev, n, out, j, w.length);
	if (k == out->count)
		return;
	size_t x = after_of(out, k);
	if (x < out->count) {
		drop_source(ev, n, out, x);
		j -= x < j, k -= x < k;
	}
	drop_source(ev, n, out, k);
	j -= k < j;
	drop_source(ev, n, out, after_of(out, j));
	after_source(c, ev, n, buf, out, j);
}

/* The periodic sources of the round before, their events taken again
 * (the jitter fitted without their runs may show more of them, or
 * fewer): a source found once stays found while its events hold. */
static int prior_sources(const struct source_config *c, struct model_event *ev, size_t n,
			 const struct source *prior, size_t np, struct sources *out)
{
	double *buf = malloc((n ? n : 1) * sizeof *buf);
	if (buf == NULL)
		return -1;
	for (size_t j = 0; j < np && out->count < SOURCES_MAX - SOURCES_RANDOM_ROOM; j++) {
		if (prior[j].after)	/* (sought again after its own) */
			continue;
		struct source s = { .kind = SOURCE_PERIODIC, .marks = prior[j].marks,
				    .log10_p = prior[j].log10_p, .given = prior[j].given };
		/* (its floors anew) */
		if (take_source(c, ev, n, buf, &s, out))
			after_source(c, ev, n, buf, out, out->count - 1);
	}
	free(buf);
	return 0;
}

/* Multiples of a found source's period a candidate is checked on its
 * grid up to. */
enum { SHADOW_MULTIPLE_MAX = 64 };

/* Whether the candidate's marks m lie on found source j's grid (a
 * multiple of its period, its phase on a mark of j's), and the events
 * left at j's marks (a second interruption held there) fill m's share of
 * j's marks no more than the others: such events lock to any multiple
 * of j's period because they lie at its marks, whatever their source.
 * A chi-square of the counts per residue of their mark numbers mod k,
 * at MODEL_CLAIM_P, tells a source on j's grid (a 4 ms timer on a 1 ms
 * one's marks: all in one residue) from double hits at random marks. */
static int shadow_of(const struct source_config *c, const struct model_event *ev, size_t n,
		     const struct source *j, int id, const struct marks *m)
{
	double k = m->period / j->marks.period;
	if (j->kind != SOURCE_PERIODIC || !(k > 0.5) || fabs(k - round(k)) > 1e-3 * k ||
	    round(k) > SHADOW_MULTIPLE_MAX)
		return 0;
	double d = fmod(fabs(m->phase - j->marks.phase), j->marks.period);
	if (fmin(d, j->marks.period - d) > m->tol + j->marks.tol)
		return 0;
	int K = (int)round(k);
	if (K == 1)
		return 1;
	size_t count[SHADOW_MULTIPLE_MAX] = { 0 }, all = 0;
	for (size_t i = 0; i < n; i++) {
		if (ev[i].source >= 0 || !(ev[i].held >> id & 1))
			continue;
		double t = marks_telling(ev[i].t, c->rs->r[ev[i].run].floor, j->marks.period);
		double r = fmod(mark_nearest(&j->marks, ev[i].at + t / 2), K);
		count[(int)(r < 0 ? r + K : r)]++;
		all++;
	}
	if (all == 0)
		return 1;
	double e = (double)all / K, x2 = 0;
	for (int r = 0; r < K; r++)
		x2 += ((double)count[r] - e) * ((double)count[r] - e) / e;
	return gsl_cdf_chisq_Q(x2, K - 1) >= MODEL_CLAIM_P;
}

/* Periodic sources, strongest first, until no period is left. */
static int periodic_sources(const struct source_config *c, struct model_event *ev, size_t n,
			    struct sources *out)
{
	size_t nnull = 0;
	double *null = null_starts(c->rs, &nnull);
	double *buf = malloc((n ? n : 1) * sizeof *buf), *mid = malloc((n ? n : 1) * sizeof *mid);
	int rc = null && buf && mid ? 0 : -1;
	struct period_fft fft = { 0 };
	struct period_memo own = { 0 }, *memo = c->memo != NULL ? c->memo : &own;
	if (null != NULL)
		period_memo_for(memo, null, nnull);
	struct seek_room room = { null, nnull, buf, mid, &fft, memo };
	while (rc == 0 && out->count < SOURCES_MAX - SOURCES_RANDOM_ROOM) {
		struct period_result pr;
		struct source s = { .kind = SOURCE_PERIODIC };
		if (!seek_period(c, ev, n, &room, out, &s.marks, &pr))
			break;
		int shadow = 0;
		for (size_t j = 0; j < out->count && !shadow; j++)
			shadow = shadow_of(c, ev, n, &out->s[j], (int)j, &s.marks);
		if (shadow)
			break;
		s.log10_p = pr.log10_p;
		if (!take_source(c, ev, n, buf, &s, out))
			break;
		after_source(c, ev, n, buf, out, out->count - 1);
	}
	period_fft_free(&fft);
	period_memo_free(&own);
	free(null), free(buf), free(mid);
	return rc;
}

/* The runs the sources explain: those holding a periodic source's mark
 * beyond their floor's, or lying in a burst. */
static void explain_runs(const struct source_config *c, const struct sources *ss,
			 struct run_sample *rs)
{
	for (size_t i = 0; i < rs->count; i++) {
		struct model_run *u = &rs->r[i];
		/* (NAN before the jitter is fitted: sources_seed's, no after's) */
		double cost = c->jitter->typical ? fmax(u->r - c->jitter->typical[u->point], 0)
						 : NAN;
		if (sources_of_run(ss, u->at, u->t, u->point, cost) >= 0)
			u->flags |= RUN_EXPLAINED;
	}
}

int sources_floors_where_there(const struct source_config *c, struct sources *ss)
{
	for (size_t j = 0; j < ss->count; j++) {
		struct source *s = &ss->s[j];
		if (!source_part(s))
			continue;
		uint16_t *k = floor_marks_of(c, &s->marks);
		if (k == NULL && s->floor_marks != NULL)
			return -1;
		free(s->floor_marks);
		s->floor_marks = k;
	}
	return 0;
}

int source_part(const struct source *s)
{
	return s->kind == SOURCE_PERIODIC && marks_bounded(&s->marks);
}

double source_rate_over(const struct source *s, double span)
{
	if (source_part(s) && span > 0)
		return s->rate * marks_present(&s->marks, 0, span) / span;
	return s->rate;
}

int source_holds_run(const struct source *s, double at, double t, size_t p)
{
	if (s->kind != SOURCE_PERIODIC || !(at >= 0))
		return 0;
	return marks_held(&s->marks, at, t) - (s->floor_marks ? s->floor_marks[p] : 0) >= 1;
}

double sources_cost_held(const struct sources *ss, double at, double t, size_t p, int upper)
{
	double c = 0;
	for (size_t k = 0; k < ss->count; k++) {
		const struct source *s = &ss->s[k];
		if (s->kind == SOURCE_BURSTS && bursts_hold(ss, at, t))
			return INFINITY;
		if (source_holds_run(s, at, t, p))
			c += (marks_held(&s->marks, at, t) - (s->floor_marks ? s->floor_marks[p] : 0)) *
			     (upper ? s->cost_hi : s->cost);
	}
	return c;
}

int sources_of_run(const struct sources *ss, double at, double t, size_t p, double cost)
{
	if (!(at >= 0))
		return -1;
	for (size_t k = 0; k < ss->count; k++) {
		const struct source *s = &ss->s[k];
		if (source_holds_run(s, at, t, p) &&
		    (!s->after || (cost >= s->after_lo && cost < s->after_hi)))
			return (int)k;
		if (s->kind == SOURCE_BURSTS && bursts_hold(ss, at, t))
			return (int)k;
	}
	return -1;
}

int sources_of_event(const struct sources *ss, double at, double t, size_t p, double cost)
{
	int k = sources_of_run(ss, at, t, p, cost);
	if (k >= 0)
		return k;
	for (size_t j = 0; j < ss->count; j++)
		if (ss->s[j].kind == SOURCE_RANDOM &&
		    (k < 0 || (!isnan(cost) && cost >= ss->s[j].cost_from)))
			k = (int)j;
	return k;
}

void sources_explain(const struct source_config *c, const struct sources *ss,
		     struct run_sample *rs)
{
	explain_runs(c, ss, rs);
}

void sources_seed(const struct source_config *c, struct run_sample *rs, const struct marks *m,
		  double log10_p, struct sources *out)
{
	if (out->count >= SOURCES_MAX)
		return;
	struct source s = { .kind = SOURCE_PERIODIC, .marks = *m, .log10_p = log10_p };
	s.floor_marks = floor_marks_of(c, &s.marks);
	out->s[out->count++] = s;
	explain_runs(c, out, rs);
}

int sources_find(const struct source_config *c, struct run_sample *rs, struct sources *out)
{
	struct source prior[SOURCES_MAX];
	size_t np = 0;
	for (size_t j = 0; j < out->count; j++)
		if (out->s[j].kind == SOURCE_PERIODIC)
			prior[np++] = out->s[j];
	sources_free(out);
	memset(out, 0, sizeof *out);
	size_t n;
	struct model_event *ev = events_of(c, rs, &n);
	if (ev == NULL)
		return -1;
	out->events = n;
	out->searched = c->one_clock && rs->have_at;
	int rc = 0;
	/* the round before's periodic sources; the runs slowed by a share
	 * of their length leave the events (flicker.h); then bursts, before
	 * the search for more: a burst's events lock to its period too, many
	 * at a mark, where a periodic source holds one */
	if (out->searched)
		rc = prior_sources(c, ev, n, prior, np, out);
	if (rc == 0)
		rc = flicker_find(c, rs, ev, &n, &out->flicker);
	if (rc == 0 && out->searched)
		rc = bursts_find(c, ev, n, out);
	if (rc == 0 && out->searched)
		rc = periodic_sources(c, ev, n, out);
	if (rc == 0)
		rc = random_source(c, ev, n, out);
	if (rc == 0)
		explain_runs(c, out, rs);
	free(ev);
	return rc;
}

void sources_free(struct sources *ss)
{
	for (size_t j = 0; j < ss->count; j++) {
		free(ss->s[j].floor_marks);
		ss->s[j].floor_marks = NULL;
	}
	free(ss->burst_from);
	free(ss->burst_to);
	ss->burst_from = ss->burst_to = NULL;
	ss->nburst = 0;
}
