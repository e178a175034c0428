/*
 * bursts.c - events crowded in time (bursts.h).
 */
#include "bursts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "rates.h"
#include "select.h"
#include "tunables.h"

/* An event a burst is sought among: one no source took, above the
 * claim threshold (runs a little slower crowd in time too, where the
 * machine slowed for a while: no bursts of interruptions). */
static int crowd_event(const struct source_config *c, const struct model_event *e)
{
	return e->source < 0 && (c->rs->r[e->run].flags & RUN_CLAIM);
}

/* The bin of time x: the first below it, the last beyond, and the first
 * for NaN (a width of no number: a span of infinite units), compared
 * before the cast. */
static size_t bin_of(double x, double width)
{
	double b = x / width;
	return !(b > 0) ? 0 : b >= BURST_BINS - 1 ? BURST_BINS - 1 : (size_t)b;
}

/* The bins: the sample's running time in each, and the events left.  A
 * run's time is its clean length (run_clean): what comes while a run is
 * stopped joins that stop's event (a stop of 4 ms holds 72 of a
 * hypervisor's 18,000 a second, one event), so the time of a stop is no
 * time its bin could show events in (the other bins had held more than
 * their share, and made bursts of the 2 us stops). */
static void fill_bins(const struct source_config *c, const struct model_event *ev, size_t n,
		      double width, double *time, double *count)
{
	const struct run_sample *rs = c->rs;
	memset(time, 0, BURST_BINS * sizeof *time);
	memset(count, 0, BURST_BINS * sizeof *count);
	for (size_t i = 0; i < rs->count; i++)
		time[bin_of(rs->r[i].at + rs->r[i].t / 2, width)] += run_clean(&rs->r[i], c->jitter);
	for (size_t i = 0; i < n; i++)
		if (crowd_event(c, &ev[i]))
			count[bin_of(ev[i].at + ev[i].t / 2, width)]++;
}

/* P(a Poisson count of the events' share of bin b's running time >=
 * its count). */
static double bin_p(const double *time, const double *count, double events, double total,
		    size_t b)
{
	double e = total > 0 ? events * time[b] / total : 0;
	return count[b] > 0 ? gsl_cdf_poisson_Q((unsigned)count[b] - 1, e) : 1;
}

/* The bins in a burst: more events than their share of the running
 * time expects, beyond chance over all the bins; and the bins next to a
 * burst with more than their share at MODEL_CLAIM_P over the two (a
 * burst's edge falls within a bin).  Returns how many. */
static size_t crowded(const double *time, const double *count, unsigned char *in)
{
	double events = 0, total = 0;
	for (size_t b = 0; b < BURST_BINS; b++)
		events += count[b], total += time[b];
	size_t k = 0;
	for (size_t b = 0; b < BURST_BINS; b++) {
		in[b] = count[b] >= 2 &&
			bin_p(time, count, events, total, b) < MODEL_CLAIM_P / BURST_BINS;
		k += in[b];
	}
	for (size_t b = 0; b < BURST_BINS; b++) {
		int next = (b > 0 && in[b - 1] == 1) || (b + 1 < BURST_BINS && in[b + 1] == 1);
		if (!in[b] && next && bin_p(time, count, events, total, b) < MODEL_CLAIM_P / 2) {
			in[b] = 2;
			k++;
		}
	}
	return k;
}

/* The bursts' starts on a lattice: its marks where m random times would
 * lie as close less often than 10^PERIOD_LOG10_P. */
static void burst_period(const double *start, size_t m, struct source *s)
{
	s->marks.period = 0;
	if (m < SOURCE_MARKS_MIN)
		return;
	double *gap = malloc((m - 1) * sizeof *gap);
	if (gap == NULL)
		return;
	for (size_t i = 1; i < m; i++)
		gap[i - 1] = start[i] - start[i - 1];
	double p0 = select_kth(gap, m - 1, (m - 1) / 2);
	free(gap);
	if (!(p0 > 0))
		return;
	struct marks mk = { .period = p0, .phase = start[0], .tol = 0 };
	double *len = calloc(m, sizeof *len);
	if (len == NULL)
		return;
	marks_refine(&mk, start, len, m, p0 * 1e-9);
	free(len);
	double far = 0;
	for (size_t i = 0; i < m; i++)
		far = fmax(far, fabs(start[i] - (mk.phase + mark_nearest(&mk, start[i]) * mk.period)));
	double l10 = 2 * log10((double)m) + (double)(m - 2) * log10(fmin(1, 2 * far / mk.period));
	if (l10 < PERIOD_LOG10_P) {
		s->marks = mk;
		s->log10_p = l10;
	}
}

/* The source of the bursts: their events, count, size and period. */
static int describe(const struct source_config *c, struct model_event *ev, size_t n, int id,
		    const struct sources *out, struct source *s)
{
	const struct run_sample *rs = c->rs;
	double *cost = malloc((n ? n : 1) * sizeof *cost), *start = malloc(out->nburst * sizeof *start);
	double *width = malloc(out->nburst * sizeof *width);
	if (!cost || !start || !width) {
		free(cost), free(start), free(width);
		return -1;
	}
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (crowd_event(c, &ev[i]) && bursts_hold(out, ev[i].at, ev[i].t)) {
			ev[i].source = id;
			cost[k++] = ev[i].cost;
		}
	s->events = k;
	if (k > 0) {
		s->cost = select_kth(cost, k, k / 2);
		s->cost_lo = select_kth(cost, k, k / 4);
		s->cost_hi = select_kth(cost, k, (3 * k) / 4);
	}
	/* the interruptions: the runs in bursts, and those hit */
	struct exposure e = { 0 };
	double time = 0;
	for (size_t i = 0; i < n; i++)
		if (ev[i].source == id)
			e.hit++, e.hit_len += run_clean(&rs->r[ev[i].run], c->jitter);
	for (size_t i = 0; i < rs->count; i++)
		if (bursts_hold(out, rs->r[i].at, rs->r[i].t)) {
			e.runs++;
			time += rs->r[i].t;
			if (!(rs->r[i].flags & RUN_EVENT))
				e.clean += rs->r[i].t;
		}
	e.hit_len = e.hit > 0 ? e.hit_len / e.hit : 0;
	double r = rate_of_hits(&e, 1);
	if (isinf(r))	/* every run hit: one clean run in twice as many */
		r = log(2 * e.runs) / (e.hit_len > 0 ? e.hit_len : 1);
	/* the rate holds in the running time, interruptions' own included */
	double in_bursts = time * rs->scale;
	s->rate = rs->in_runs > 0 ? r * in_bursts / rs->in_runs : 0;
	s->rate_lo = s->rate_hi = s->rate;
	s->bursts = out->nburst;
	s->per_burst = r * in_bursts / (double)out->nburst;
	for (size_t b = 0; b < out->nburst; b++)
		start[b] = out->burst_from[b], width[b] = out->burst_to[b] - out->burst_from[b];
	s->width = select_kth(width, out->nburst, out->nburst / 2);
	s->fire = NAN;
	s->visible = 1;
	burst_period(start, out->nburst, s);
	free(cost), free(start), free(width);
	return 0;
}

/* The event times left (their runs' middles), ascending, into x: how
 * many. */
static size_t left_times(const struct source_config *c, const struct model_event *ev, size_t n,
			 double *x)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (crowd_event(c, &ev[i]))
			x[k++] = ev[i].at + ev[i].t / 2;
	return k;
}

/*
 * Each burst from its bins to its own events: from its first event to its
 * last, then on to the next event either way while the gap to it is below
 * g = ln(rb / r0) / rb, rb the burst's rate, r0 the rest's: where a gap
 * that long is as likely inside the burst (rb e^(-rb g)) as an event of
 * the rest there (r0).  A burst's edge falls within a bin, and its first
 * and last events lay outside it.
 */
static void to_events(const double *x, size_t k, double span, struct sources *out)
{
	size_t inside = 0;
	double held = 0;
	for (size_t b = 0; b < out->nburst; b++)
		held += out->burst_to[b] - out->burst_from[b];
	for (size_t i = 0; i < k; i++)
		inside += bursts_hold(out, x[i], 0);
	double r0 = (double)(k - inside + 1) / fmax(span - held, span / BURST_BINS);
	for (size_t b = 0; b < out->nburst; b++) {
		size_t lo = k, hi = 0;
		for (size_t i = 0; i < k; i++)
			if (x[i] >= out->burst_from[b] && x[i] < out->burst_to[b])
				lo = i < lo ? i : lo, hi = i;
		if (lo >= k || hi <= lo)
			continue;
		double rb = (double)(hi - lo) / fmax(x[hi] - x[lo], 1e-300);
		double g = rb > r0 ? log(rb / r0) / rb : 0;
		while (lo > 0 && x[lo] - x[lo - 1] <= g && (b == 0 || x[lo - 1] >= out->burst_to[b - 1]))
			lo--;
		while (hi + 1 < k && x[hi + 1] - x[hi] <= g &&
		       (b + 1 == out->nburst || x[hi + 1] < out->burst_from[b + 1]))
			hi++;
		out->burst_from[b] = x[lo];
		out->burst_to[b] = x[hi];
	}
}

int bursts_find(const struct source_config *c, struct model_event *ev, size_t n,
		struct sources *out)
{
	const struct run_sample *rs = c->rs;
	if (out->count == SOURCES_MAX || !(rs->span > 0))
		return 0;
	double width = rs->span / BURST_BINS;
	double *time = malloc(BURST_BINS * sizeof *time), *count = malloc(BURST_BINS * sizeof *count);
	unsigned char *in = malloc(BURST_BINS);
	int rc = time && count && in ? 0 : -1;
	size_t k = rc == 0 ? (fill_bins(c, ev, n, width, time, count), crowded(time, count, in)) : 0;
	if (k > 0) {
		out->burst_from = malloc(k * sizeof *out->burst_from);
		out->burst_to = malloc(k * sizeof *out->burst_to);
		rc = out->burst_from && out->burst_to ? 0 : -1;
	}
	for (size_t b = 0; rc == 0 && k > 0 && b < BURST_BINS; b++) {
		if (!in[b] || (b > 0 && in[b - 1]))
			continue;
		size_t e = b;
		while (e + 1 < BURST_BINS && in[e + 1])
			e++;
		out->burst_from[out->nburst] = (double)b * width;
		out->burst_to[out->nburst++] = (double)(e + 1) * width;
	}
	if (rc == 0 && out->nburst > 0) {
		double *x = malloc((n ? n : 1) * sizeof *x);
		if (x == NULL)
			rc = -1;
		else
			to_events(x, left_times(c, ev, n, x), rs->span, out);
		free(x);
	}
	if (rc == 0 && out->nburst > 0) {
		struct source s = { .kind = SOURCE_BURSTS };
		int id = (int)out->count;
		/* the significance: the least likely bin's, over them all */
		s.log10_p = 0;
		rc = describe(c, ev, n, id, out, &s);
		if (rc == 0 && s.events >= SOURCE_EVENTS_MIN)
			out->s[out->count++] = s;
		else if (rc == 0) {	/* too few to name: left as they were */
			for (size_t i = 0; i < n; i++)
				ev[i].source = ev[i].source == id ? -1 : ev[i].source;
			out->nburst = 0;
		}
	}
	free(time), free(count), free(in);
	return rc;
}

int bursts_hold(const struct sources *ss, double at, double t)
{
	size_t lo = 0, hi = ss->nburst;
	/* the first burst that ends after at */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ss->burst_to[mid] <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ss->nburst && ss->burst_from[lo] < at + t;
}
