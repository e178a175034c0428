/*
 * sources.c - the events, and their periodic sources one after another
 * (sources.h); bursts.h and rates.h do the rest.
 */
#include "sources.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "bursts.h"
#include "fold.h"
#include "period.h"
#include "rates.h"
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
		u->flags &= (uint8_t)~(RUN_EVENT | RUN_EXPLAINED);
		if (u->r > c->jitter->threshold[u->point]) {
			u->flags |= RUN_EVENT;
			k++;
		}
	}
	struct model_event *ev = malloc((k ? k : 1) * sizeof *ev);
	if (ev == NULL)
		return NULL;
	k = 0;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (u->flags & RUN_EVENT)
			ev[k++] = (struct model_event){ .run = i, .at = u->at, .t = u->t,
							.cost = u->r - c->jitter->scale[u->point],
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

/* The marks of s a run holds beyond its floor's. */
static double extra_marks(const struct marks *m, double at, double t, double floor)
{
	return marks_held(m, at, t) - marks_floor(m, floor);
}

/* The middles of the events left whose runs are shorter than half the
 * period and hold a mark of m (into mid), and how many of all the
 * events left would hold one by chance. */
static size_t short_mids(const struct model_event *ev, size_t n, const struct marks *m,
			 double *mid, double *chance)
{
	size_t k = 0;
	*chance = 0;
	for (size_t i = 0; i < n; i++) {
		if (ev[i].source >= 0)
			continue;
		*chance += fmin(1, ev[i].t / m->period);
		if (ev[i].t < m->period / 2 && marks_held(m, ev[i].at, ev[i].t) >= 1)
			mid[k++] = ev[i].at + ev[i].t / 2;
	}
	return k;
}

/* The marks of period p0 (about) that the most events left hold. */
static void fit_to_events(const struct model_event *ev, size_t n, double p0, double span,
			  double z, double quantum, double *at, double *len, struct marks *m)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (ev[i].source < 0)
			at[k] = ev[i].at, len[k++] = ev[i].t;
	marks_fit(at, len, k, p0, span, z, quantum, m);
}

/* The period of the events left, its fundamental and marks fitted:
 * 1 and *m where one is named. */
static int strongest_period(const struct source_config *c, const struct model_event *ev,
			    size_t n, const double *null, size_t nnull, double *buf,
			    double *mid, struct marks *m, struct period_result *pr)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (ev[i].source < 0)
			buf[k++] = ev[i].at;
	if (k < SOURCE_EVENTS_MIN)
		return 0;
	period_detect(buf, k, null, nnull, pr);
	if (!pr->found)
		return 0;
	double span = buf[k - 1] - buf[0], chance;
	struct marks m0;
	fit_to_events(ev, n, pr->period, span, pr->z, c->quantum, buf, mid, &m0);
	size_t ns = short_mids(ev, n, &m0, mid, &chance);
	if (fold_fundamental(mid, ns, chance, span, &m0, m) > 1)
		fit_to_events(ev, n, m->period, span, pr->z, c->quantum, buf, mid, m);
	return 1;
}

/* Median, quartiles and the scale of a normal's (1.4826 x the median
 * absolute deviation) of v[0..n) (reordered). */
static void spread_of(double *v, size_t n, double *med, double *lo, double *hi, double *mad)
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
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (ev[i].source >= 0)
			continue;
		const struct model_run *u = &rs->r[ev[i].run];
		double x = extra_marks(&s->marks, u->at, u->t, u->floor);
		if (x >= 1)
			buf[k++] = ev[i].cost / x;
	}
	if (k < SOURCE_EVENTS_MIN)
		return 0;
	double med, mad;
	spread_of(buf, k, &med, &s->cost_lo, &s->cost_hi, &mad);
	s->cost = med;
	double z = gsl_cdf_ugaussian_Qinv(MODEL_FALSE_ALARMS / (double)k);
	size_t taken = 0;
	for (size_t i = 0; i < n; i++) {
		if (ev[i].source >= 0)
			continue;
		const struct model_run *u = &rs->r[ev[i].run];
		double x = extra_marks(&s->marks, u->at, u->t, u->floor);
		if (!(x >= 1))
			continue;
		double spread = fmax(mad, c->jitter->scale[u->point]);
		ev[i].held |= 1u << id;
		if (ev[i].cost / x > med + z * spread) {
			ev[i].cost -= x * med;	/* a second one, held there */
		} else {
			ev[i].source = id;
			ev[i].extra = x;
			taken++;
		}
	}
	return taken;
}

/* Where the source is seen (its lower quartile of cost above the least a
 * run of the N shows), the share of its marks that fell in runs (beyond
 * their floor's, strictly within them: each mark in one run) that it
 * hit: 1 where it fires every period.  The rate is that share of 1 /
 * period, its bounds the share's (a normal's, 95%). */
static void fire_of(const struct source_config *c, const struct model_event *ev, size_t n,
		    int id, struct source *s)
{
	const struct run_sample *rs = c->rs;
	struct marks strict = s->marks;
	strict.tol = 0;
	double marks = 0, hit = 0, seen_time = 0;
	for (size_t i = 0; i < rs->count; i++) {
		const struct model_run *u = &rs->r[i];
		if (!(jitter_seen_from(c->jitter, u->point) < s->cost_lo))
			continue;
		seen_time += u->t;
		marks += fmax(0, extra_marks(&strict, u->at, u->t, u->floor));
	}
	for (size_t i = 0; i < n; i++)
		if ((ev[i].held >> id & 1) &&
		    jitter_seen_from(c->jitter, rs->r[ev[i].run].point) < s->cost_lo)
			hit += fmax(1, extra_marks(&strict, ev[i].at, ev[i].t,
						   rs->r[ev[i].run].floor));
	s->fire = marks > 0 ? fmin(1, hit / marks) : NAN;
	s->visible = rs->in_runs > 0 ? seen_time * rs->scale / rs->in_runs : 0;
	double f = isnan(s->fire) ? 1 : s->fire;
	s->rate = f / s->marks.period;
	double se = marks > 0 ? sqrt(f * (1 - f) / marks) : 0;
	s->rate_lo = fmax(0, f - 1.96 * se) / s->marks.period;
	s->rate_hi = fmin(1, f + 1.96 * se) / s->marks.period;
}

/* Coherence of the source's short events at its period. */
static double coherence_of(const struct model_event *ev, size_t n, int id,
			   const struct marks *m)
{
	double cs = 0, sn = 0, k = 0;
	for (size_t i = 0; i < n; i++) {
		if (ev[i].source != id || ev[i].t >= m->period / 2)
			continue;
		double f = fmod(ev[i].at + ev[i].t / 2 - m->phase, m->period) / m->period;
		cs += cos(2 * M_PI * f), sn += sin(2 * M_PI * f), k++;
	}
	return k > 0 ? sqrt(cs * cs + sn * sn) / k : NAN;
}

/* Periodic sources, strongest first, until no period is left. */
static int periodic_sources(const struct source_config *c, struct model_event *ev, size_t n,
			    struct sources *out)
{
	size_t nnull = 0;
	double *null = null_starts(c->rs, &nnull);
	double *buf = malloc((n ? n : 1) * sizeof *buf), *mid = malloc((n ? n : 1) * sizeof *mid);
	int rc = null && buf && mid ? 0 : -1;
	while (rc == 0 && out->count < SOURCES_MAX) {
		struct period_result pr;
		struct source s = { .kind = SOURCE_PERIODIC };
		if (!strongest_period(c, ev, n, null, nnull, buf, mid, &s.marks, &pr))
			break;
		int id = (int)out->count;
		s.events = take_events(c, ev, n, id, buf, &s);
		if (s.events < SOURCE_EVENTS_MIN) {
			for (size_t i = 0; i < n; i++) {	/* too few: none */
				ev[i].source = ev[i].source == id ? -1 : ev[i].source;
				ev[i].held &= ~(1u << id);
			}
			break;
		}
		s.log10_p = pr.log10_p;
		s.coherence = coherence_of(ev, n, id, &s.marks);
		fire_of(c, ev, n, id, &s);
		out->s[out->count++] = s;
	}
	free(null), free(buf), free(mid);
	return rc;
}

/* The runs the sources explain: those holding a periodic source's mark
 * beyond their floor's, or lying in a burst. */
static void explain_runs(const struct sources *ss, struct run_sample *rs)
{
	for (size_t i = 0; i < rs->count; i++) {
		struct model_run *u = &rs->r[i];
		if (sources_of_run(ss, u->at, u->t, u->floor) >= 0)
			u->flags |= RUN_EXPLAINED;
	}
}

int sources_of_run(const struct sources *ss, double at, double t, double floor)
{
	if (!(at >= 0))
		return -1;
	for (size_t k = 0; k < ss->count; k++) {
		const struct source *s = &ss->s[k];
		if (s->kind == SOURCE_PERIODIC && extra_marks(&s->marks, at, t, floor) >= 1)
			return (int)k;
		if (s->kind == SOURCE_BURSTS && bursts_hold(ss, at, t))
			return (int)k;
	}
	return -1;
}

int sources_of_event(const struct sources *ss, double at, double t, double floor)
{
	int k = sources_of_run(ss, at, t, floor);
	for (size_t j = 0; k < 0 && j < ss->count; j++)
		if (ss->s[j].kind == SOURCE_RANDOM)
			k = (int)j;
	return k;
}

int sources_find(const struct source_config *c, struct run_sample *rs, struct sources *out)
{
	sources_free(out);
	memset(out, 0, sizeof *out);
	size_t n;
	struct model_event *ev = events_of(c, rs, &n);
	if (ev == NULL)
		return -1;
	out->events = n;
	out->searched = c->one_clock && rs->have_at;
	int rc = 0;
	/* bursts first: their events lock to their period too, many at a
	 * mark, where a periodic source holds one */
	if (out->searched)
		rc = bursts_find(c, ev, n, out);
	if (rc == 0 && out->searched)
		rc = periodic_sources(c, ev, n, out);
	if (rc == 0)
		rc = random_source(c, ev, n, out);
	if (rc == 0)
		explain_runs(out, rs);
	free(ev);
	return rc;
}

void sources_free(struct sources *ss)
{
	free(ss->burst_from);
	free(ss->burst_to);
	ss->burst_from = ss->burst_to = NULL;
	ss->nburst = 0;
}
