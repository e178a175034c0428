/*
 * interrupts.c - additive parts, events, cost, rate, periodic sources
 * (interrupts.h).
 */
#include "interrupts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "reservoir.h"
#include "select.h"

/* Uniform samples kept of every run's additive part (for the baseline and
 * the threshold) and of every run's middle (the periodic search's null
 * model); events kept at most (a uniform sample of them beyond: the
 * search looks at 512 of them at a time, and a cost's quartiles are as
 * sure from 131072 as from millions). */
enum { KEEP = 16384, EVENTS_KEEP = 1 << 17, GROWTH_EVENTS = 16384 };
/* The runs' lengths, in bins a sixteenth of an octave wide: enough to
 * weigh each run's chance of being interrupted. */
enum { LENGTH_BINS = 16 * 64 };

/* A bin's runs: how many, and their time. */
struct length_bin {
	double count, sum;
};

/* The bins, and the one each of LENGTH_SLICES equal slices of a mantissa
 * in [1, 2) starts in: a slice (1/1024 wide) is narrower than a bin
 * (2^(1/16) - 1 = 0.044 of the octave's start), so it holds one edge at
 * most. */
enum { LENGTH_SLICE_BITS = 10, LENGTH_SLICES = 1 << LENGTH_SLICE_BITS };

struct interrupt_lengths {
	struct length_bin bin[LENGTH_BINS];
	double edge[17];	/* 2^(k/16) */
	uint8_t first[LENGTH_SLICES];
};

static void lengths_init(struct interrupt_lengths *l)
{
	for (int k = 0; k <= 16; k++)
		l->edge[k] = exp2((double)k / 16);
	l->edge[16] = 2;
	int j = 0;
	for (int k = 0; k < LENGTH_SLICES; k++) {
		double m = 1 + (double)k / LENGTH_SLICES;
		while (j + 1 < 16 && m >= l->edge[j + 1])
			j++;
		l->first[k] = (uint8_t)j;
	}
}

/* floor(16 log2 t) for t > 1 (0 below), at most the last bin: the octave
 * from the exponent's bits, the sixteenth of it from the mantissa's slice
 * and the one edge the slice may hold, without a call to log2 per
 * sample. */
static int length_bin(const struct interrupt_lengths *l, double t)
{
	if (!(t > 1))
		return 0;
	if (!(t < 0x1p64))
		return LENGTH_BINS - 1;
	uint64_t bits;
	double m;
	memcpy(&bits, &t, sizeof bits);
	int b = 16 * ((int)((bits >> 52) & 0x7ff) - 1023);
	uint64_t frac = bits & ((UINT64_C(1) << 52) - 1);
	bits = frac | (UINT64_C(1023) << 52);
	memcpy(&m, &bits, sizeof m);
	int j = l->first[frac >> (52 - LENGTH_SLICE_BITS)];
	j += m >= l->edge[j + 1];
	b += j;
	return b < LENGTH_BINS ? b : LENGTH_BINS - 1;
}

static void lengths_add(struct interrupt_lengths *l, double t)
{
	struct length_bin *b = &l->bin[length_bin(l, t)];
	b->count++;
	b->sum += t;
}

/* The additive part of a run of a short N (the index of its N). */
struct short_run {
	size_t index;
	double additive;
};

/* A run of the upper half of N: |additive part| / t first (sorted by it
 * as a double), t, and the minimum of its N. */
struct rel_run {
	double rel, t, m;
};

/* Runs the jitter is taken from, at least: those of the smallest N.
 * Short runs a periodic source must have been expected to hit, to judge
 * whether it fires every period. */
enum { SHORT_RUNS = 64, SOURCE_SHORT_MIN = 20 };

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Time scale of the events: ns, or clock units without unit_ns. */
static double time_scale(const struct interrupt_config *c)
{
	return c->unit_ns > 0 ? c->unit_ns : 1;
}

int interrupts_begin(struct interrupt_scan *k, const struct interrupt_config *c)
{
	memset(k, 0, sizeof *k);
	k->c = c;
	k->at0 = SPOOL_NO_AT;
	k->len = calloc(1, sizeof *k->len);
	if (k->len != NULL)
		lengths_init(k->len);
	if (k->len != NULL &&
	    reservoir_init(&k->add, KEEP, sizeof(struct interrupt_run)) == 0 &&
	    reservoir_init(&k->rel, KEEP, sizeof(struct interrupt_run)) == 0 &&
	    reservoir_init(&k->mid, KEEP, sizeof(struct interrupt_run)) == 0)
		return 0;
	interrupts_scan_free(k);
	return -1;
}

void interrupts_scan_free(struct interrupt_scan *k)
{
	free(k->add.v), free(k->rel.v), free(k->mid.v), free(k->len);
	k->add.v = k->rel.v = k->mid.v = NULL;
	k->len = NULL;
	period_memo_free(&k->memo);
}

/* Runs interrupts_take looks at a time: those of the shortest and of
 * the longer N among them first found without a branch (the test of a
 * run's N, the upper half of them at random, went either way), then
 * offered to their reservoirs in order. */
enum { TAKE_CHUNK = 256 };

static void take_chunk(struct interrupt_scan *k, const struct spool_record *r, size_t n)
{
	const struct interrupt_config *c = k->c;
	size_t shortest = c->points->count / 16, longer = c->points->count / 2;
	double scale = time_scale(c), in_runs = k->in_runs;
	uint16_t sh[TAKE_CHUNK], lg[TAKE_CHUNK];
	size_t nsh = 0, nlg = 0;
	uint64_t i0 = k->i;
	long s;
	for (size_t j = 0; j < n; j++) {
		in_runs += r[j].t;
		lengths_add(k->len, r[j].t);
		sh[nsh] = (uint16_t)j;
		nsh += r[j].i <= shortest;
		lg[nlg] = (uint16_t)j;
		nlg += (r[j].i >= longer) & (r[j].t > 0);
	}
	k->in_runs = in_runs;
	for (size_t e = 0; e < nsh; e++)
		if ((s = reservoir_slot(&k->add)) >= 0)
			((struct interrupt_run *)k->add.v)[s] = (struct interrupt_run){
				i0 + sh[e], r[sh[e]].t, r[sh[e]].at, r[sh[e]].i };
	for (size_t e = 0; e < nlg; e++)
		if ((s = reservoir_slot(&k->rel)) >= 0)
			((struct interrupt_run *)k->rel.v)[s] = (struct interrupt_run){
				i0 + lg[e], r[lg[e]].t, r[lg[e]].at, r[lg[e]].i };
	for (size_t j = 0; j < n; j++) {
		if (r[j].at == SPOOL_NO_AT)
			continue;
		if (k->at0 == SPOOL_NO_AT)
			k->at0 = r[j].at;
		k->have_at = 1;
		double end = ((double)(r[j].at - k->at0) + (r[j].t > 0 ? r[j].t : 0)) * scale;
		k->span = end > k->span ? end : k->span;
		if ((s = reservoir_slot(&k->mid)) >= 0)
			((struct interrupt_run *)k->mid.v)[s] = (struct interrupt_run){
				i0 + j, r[j].t, r[j].at, r[j].i };
	}
	k->i = i0 + n;
}

/* The runs' time, their lengths, the span, and the runs kept: of the
 * shortest (the jitter: of those, the least interrupted), of the longer
 * ones (relative to their timing), and of all with a start (their
 * middles). */
void interrupts_take(struct interrupt_scan *k, const struct spool_record *r, size_t n)
{
	for (size_t j = 0; j < n; j += TAKE_CHUNK)
		take_chunk(k, r + j, n - j < TAKE_CHUNK ? n - j : TAKE_CHUNK);
}

/* The additive part of a run kept. */
static double run_additive(const struct interrupt_config *c, const struct interrupt_run *u)
{
	struct spool_record r = { 0, u->t, u->at, u->pi };
	return interrupts_additive(c, u->i, &r);
}

/* The first look's sums into o, and the runs it kept as the rest of the
 * judgment takes them, now that the speed states are known: add as
 * struct short_run, rel as struct rel_run, mid as the undisturbed part's
 * middle.  Returns 0, or -1 when out of memory. */
static int first_look(struct interrupt_scan *k, struct interrupts *o)
{
	const struct interrupt_config *c = k->c;
	const struct interrupt_run *u;
	o->samples = k->i;
	o->in_runs = k->in_runs;
	o->have_at = k->have_at;
	o->span = k->span;
	/* the longest run undisturbed: the largest N's floor (a run that a
	 * preemption stretched to milliseconds is no longer exposed) */
	for (size_t j = 0; j < c->points->count; j++)
		o->longest_run = c->points->p[j].min > o->longest_run ? c->points->p[j].min
								      : o->longest_run;
	if (c->unit_ns > 0)
		o->run_seconds = k->in_runs * c->unit_ns * 1e-9;
	struct short_run *add = malloc((k->add.kept + 1) * sizeof *add);
	struct rel_run *rel = malloc((k->rel.kept + 1) * sizeof *rel);
	double *mid = malloc((k->mid.kept + 1) * sizeof *mid);
	if (add == NULL || rel == NULL || mid == NULL) {
		free(add), free(rel), free(mid);
		return -1;
	}
	u = k->add.v;
	for (size_t j = 0; j < k->add.kept; j++)
		add[j] = (struct short_run){ u[j].pi, run_additive(c, &u[j]) };
	u = k->rel.v;
	for (size_t j = 0; j < k->rel.kept; j++)
		rel[j] = (struct rel_run){ fabs(run_additive(c, &u[j])) / u[j].t, u[j].t,
					   u[j].pi < c->points->count ? c->points->p[u[j].pi].min
								      : u[j].t };
	u = k->mid.v;
	for (size_t j = 0; j < k->mid.kept; j++)
		mid[j] = ((double)(u[j].at - k->at0) + (u[j].t - run_additive(c, &u[j])) / 2) *
			 time_scale(c);
	free(k->add.v), free(k->rel.v), free(k->mid.v);
	k->add.v = add, k->rel.v = rel, k->mid.v = mid;
	return 0;
}

/* The cost of one interruption from the ladder of an N's smallest
 * timings, where every run is interrupted: they gather on rungs one cost
 * apart (the floor, and one more).  The first gap between an N's kept
 * smallest timings wider than `wide`, the median over the N. */
static double ladder_cost(const struct point_set *s, double wide)
{
	double *g = malloc(s->count * sizeof *g), c = 0;
	size_t k = 0;
	if (g == NULL)
		return 0;
	for (size_t i = 0; i < s->count; i++) {
		const struct point *p = &s->p[i];
		for (unsigned j = 1; j < p->nbest; j++)
			if (point_best(s, p, j) - point_best(s, p, j - 1) > wide) {
				g[k++] = point_best(s, p, j) - point_best(s, p, j - 1);
				break;
			}
	}
	if (k > 0) {
		c = select_kth(g, k, k / 2);
	}
	free(g);
	return c;
}

/* The ladder's rung is told where at least half the N show a gap within
 * 20% of it. */
static int ladder_agrees(const struct point_set *s, double wide, double rung)
{
	size_t agree = 0, n = 0;
	for (size_t i = 0; i < s->count; i++) {
		const struct point *p = &s->p[i];
		if (p->nbest < 2)
			continue;
		n++;
		for (unsigned j = 1; j < p->nbest; j++)
			if (point_best(s, p, j) - point_best(s, p, j - 1) > wide) {
				double g = point_best(s, p, j) - point_best(s, p, j - 1);
				agree += g > 0.8 * rung && g < 1.25 * rung;
				break;
			}
	}
	return n > 0 && 2 * agree >= n;
}

/* A run of timing t was interrupted when its additive part exceeds this. */
static double threshold_at(const struct interrupts *o, double t)
{
	if (o->threshold_given)
		return o->threshold;
	double rel = o->threshold_relative * t;
	if (o->threshold_cap > 0 && rel > o->threshold_cap)
		rel = o->threshold_cap;
	return rel > o->threshold ? rel : o->threshold;
}

double interrupts_share_hides(const struct interrupts *o, double m)
{
	double r = o->threshold_relative;
	double h = r <= 0 ? 0 : r < 1 ? r * m / (1 - r) : INFINITY;
	return o->threshold_cap > 0 ? fmin(h, o->threshold_cap) : h;
}

static int by_index(const void *a, const void *b)
{
	const struct short_run *x = a, *y = b;
	return (x->index > y->index) - (x->index < y->index);
}

/* The jitter of longer runs, relative to their timing: the lower
 * quartile of the additive parts of the upper half of the N, over their
 * timings (a busy sibling, caches: it grows with the run; the lower
 * quartile, since a quarter of the runs may be interrupted). */
static double relative_jitter(struct reservoir *rel)
{
	struct rel_run *v = rel->v;
	if (rel->kept == 0)
		return 0;
	qsort(v, rel->kept, sizeof *v, by_double);	/* by rel, its first */
	return v[rel->kept / 4].rel;
}

static int by_m(const void *a, const void *b)
{
	double x = ((const struct rel_run *)a)->m, y = ((const struct rel_run *)b)->m;
	return (x > y) - (x < y);
}

/* The median of what stands of the additive parts of v[0..n) above the
 * spread's median share mid of their N's minimum. */
static double median_above(const struct rel_run *v, size_t n, double mid)
{
	double *a = malloc((n ? n : 1) * sizeof *a);
	if (a == NULL)
		return NAN;
	for (size_t j = 0; j < n; j++)
		a[j] = v[j].rel * v[j].t - mid * v[j].m;
	double med = n ? select_kth(a, n, n / 2) : NAN;
	free(a);
	return med;
}

/* How the band's runs v[0..n) (moved about) grow with their N's
 * minimum m: as m^g, from the medians of what stands of their additive
 * parts above the spread's median share (mid) of m, and of m, in the
 * lower and the upper half of them by m.  About 0 for interruptions of a
 * cost of their own, about 1 for runs slowed as a whole (a speed's).  NAN
 * where their m span less than INTERRUPTS_BAND_SPAN between the halves'
 * medians. */
static double band_growth(struct rel_run *v, size_t n, double mid)
{
	if (n < 2)
		return NAN;
	qsort(v, n, sizeof *v, by_m);
	size_t h = n / 2;
	double m_lo = v[h / 2].m, m_hi = v[h + (n - h) / 2].m;
	double a_lo = median_above(v, h, mid), a_hi = median_above(v + h, n - h, mid);
	if (!(m_hi >= INTERRUPTS_BAND_SPAN * m_lo) || !(a_lo > 0) || !(a_hi > 0))
		return NAN;
	return log(a_hi / a_lo) / log(m_hi / m_lo);
}

/* Bins at most in a search for a band (band_valley). */
enum { BAND_BINS = 512 };

/* The valley below a band in v's runs from v[from] on (sorted: from its
 * share, lo) up to top, in bins h wide, summed three at a time (band_of);
 * NAN when there is none. */
static double band_valley(const struct rel_run *v, size_t n, size_t from, double top, double h)
{
	double lo = v[from].rel;
	size_t bins = (size_t)ceil((top - lo) / h), count[BAND_BINS + 2] = { 0 };
	if (bins < 3 || bins > BAND_BINS)
		return NAN;
	for (size_t j = from; j < n && v[j].rel < top; j++) {
		size_t b = (size_t)((v[j].rel - lo) / h);
		count[(b < bins ? b : bins - 1) + 1]++;	/* count[0], count[bins + 1]: 0 */
	}
	size_t low = 0;
	double fewest = INFINITY;
	for (size_t b = 0; b < bins; b++) {
		double sum = (double)(count[b] + count[b + 1] + count[b + 2]);
		if (sum >= INTERRUPTS_BAND_RISE * (fewest + 1) && sum >= INTERRUPTS_BAND_MIN)
			return lo + ((double)low + 0.5) * h;
		if (sum < fewest) {
			fewest = sum;
			low = b;
		}
	}
	return NAN;
}

/* A band of runs apart above the longer runs' spread, below the relative
 * threshold (interrupts.h: spread_relative): v, their |additive part| / t
 * sorted, in bins from the upper quartile up to the threshold (an eighth
 * of the spread's interquartile range wide, and two of the tick's steps at
 * the upper half's shortest runs at least: a coarse clock's few levels
 * make no hills), summed three at a time; a bin where the runs rise to
 * INTERRUPTS_BAND_RISE times the fewest of any bin before it (plus one),
 * and to INTERRUPTS_BAND_MIN runs at least, is a band's: the threshold is
 * then the middle of that fewest bin (in bins up to INTERRUPTS_BAND_WIDER
 * times as wide where none rises in the finest: a sparse band), where the
 * band holds INTERRUPTS_BAND_SHARE of the runs at least, and what stands
 * of it above the spread's median share does not grow with the run as a
 * speed's would (INTERRUPTS_BAND_GROWTH).  A spread's tail falls off from
 * its upper quartile on, and rises nowhere.  Where no band rises there,
 * the same from the median up: a band that holds the upper quartile. */
static void band_of(const struct interrupt_config *c, const struct rel_run *v, size_t n,
		    struct interrupts *o)
{
	double top = o->threshold_relative;
	double q1 = n ? v[n / 4].rel : 0, q3 = n ? v[(3 * n) / 4].rel : 0;
	const struct point_set *ps = c->points;
	double shortest = ps->count ? ps->p[ps->count / 2].min : 0;
	if (n < 4 * INTERRUPTS_BAND_MIN || !(top > q3) || !(shortest > 0))
		return;
	double h = fmax((q3 - q1) / 8, 2 * c->on_line_width / shortest);
	h = fmax(h, (top - q3) / BAND_BINS);
	if (!(h > 0))
		return;
	/* the finest bins first; a band too sparse for them, in wider ones;
	 * and a band so dense that it holds the upper quartile (8000 a
	 * second of 37 us over a spread in two modes: 27% of the runs, their
	 * shares 0.49 to 0.92 above a spread that ends at 0.21), from the
	 * median up */
	double valley = NAN;
	size_t start = (3 * n) / 4;
	for (int wider = 1; wider <= INTERRUPTS_BAND_WIDER && isnan(valley); wider *= 2)
		valley = band_valley(v, n, start, top, h * wider);
	if (isnan(valley)) {
		start = n / 2;
		h = fmax(h, (top - v[start].rel) / BAND_BINS);
		for (int wider = 1; wider <= INTERRUPTS_BAND_WIDER && isnan(valley); wider *= 2)
			valley = band_valley(v, n, start, top, h * wider);
	}
	if (isnan(valley))
		return;
	size_t from = start, end;
	while (from < n && v[from].rel <= valley)
		from++;
	for (end = from; end < n && v[end].rel < top; end++)
		;
	struct rel_run *band = malloc((end - from + 1) * sizeof *band);
	double g = NAN;
	if (band != NULL) {
		memcpy(band, v + from, (end - from) * sizeof *band);
		g = band_growth(band, end - from, o->run_spread);
	}
	free(band);
	if ((double)(n - from) < INTERRUPTS_BAND_SHARE * (double)n || !(g < INTERRUPTS_BAND_GROWTH))
		return;
	o->spread_relative = top;
	o->threshold_relative = valley;
	o->band_growth = g;
}

/* The baseline (median additive part of the shortest runs: those of the
 * smallest N that hold SHORT_RUNS of them; where every long run is
 * interrupted, the shortest still show the jitter) and the threshold. */
static void threshold_of(const struct interrupt_config *c, struct reservoir *add,
			 struct reservoir *rel, struct interrupts *o)
{
	struct short_run *sr = (struct short_run *)add->v;
	double *v = malloc((add->kept + 1) * sizeof *v);
	size_t k = 0;
	if (v == NULL)
		return;
	qsort(sr, add->kept, sizeof *sr, by_index);
	for (size_t i = 0; i < add->kept; i++) {
		if (k >= SHORT_RUNS && sr[i].index != sr[i - 1].index)
			break;
		v[k++] = sr[i].additive;
	}
	qsort(v, k, sizeof *v, by_double);
	o->baseline = k ? v[k / 2] : 0;
	for (size_t i = 0; i < k; i++)
		v[i] = fabs(v[i]);
	qsort(v, k, sizeof *v, by_double);
	double typical = k ? v[k / 2] : 0;
	free(v);
	o->jitter = typical;
	o->threshold_given = c->threshold > 0;
	o->threshold = c->threshold > 0 ? c->threshold
		: 10 * fmax(c->on_line_width, typical);
	double rj = relative_jitter(rel);	/* sorts rel */
	if (!o->threshold_given)	/* longer runs: 8 x their relative jitter x t */
		o->threshold_relative = 8 * rj;
	/* the longer runs' spread from run to run */
	const struct rel_run *r = rel->v;
	o->run_spread = rel->kept ? r[rel->kept / 2].rel : NAN;
	o->run_spread_hi = rel->kept ? r[(9 * rel->kept) / 10].rel : NAN;
	if (!o->threshold_given)
		band_of(c, r, rel->kept, o);
}

/* But no more than half a rung where every N shows the ladder of
 * interruptions (after threshold_of), a rung that stands clear of the
 * threshold it was sought above: twice it at least.  A spread's smallest
 * timings, with no rungs, show a first gap beyond the threshold too, but
 * just beyond it (1.2 to 1.4 times it: what lies beyond a gap is
 * memoryless), and alike at every N; taken for a rung, it had capped the
 * threshold below the spread's bulk, and a half-normal spread of 0.2%
 * was counted as 3576 interruptions a second of 214 ns (a ladder's rung
 * lies at an interruption's cost: 3.6 to 200 times the threshold in the
 * saturated collections tested).  A ladder of interruptions that cost
 * less than twice the threshold goes uncapped. */
static void threshold_cap_of(const struct interrupt_config *c, struct interrupts *o)
{
	if (o->threshold_given)
		return;
	double rung = ladder_cost(c->points, o->threshold);
	if (rung >= 2 * o->threshold && ladder_agrees(c->points, o->threshold, rung))
		o->threshold_cap = rung / 2;
}

int interrupts_hit(const struct interrupt_config *c, const struct interrupts *o,
		   uint64_t i, const struct spool_record *r)
{
	return interrupts_additive(c, i, r) > threshold_at(o, r->t);
}

/* Second pass: the interrupted runs, as events in time (the records a
 * batch at a time: first which of them are, without a branch, then
 * those: a test a run that went either way at random cost a quarter of
 * the pass where half the runs were). */
static int event_pass(struct spool *sp, const struct interrupt_config *c,
		      struct interrupts *o, struct periodic_event *ev,
		      struct reservoir *keep)
{
	struct spool_record *r = malloc(SPOOL_BATCH * sizeof *r);
	double *add = malloc(SPOOL_BATCH * sizeof *add);
	uint32_t *hit = malloc(SPOOL_BATCH * sizeof *hit);
	/* the tail's bins from the runs above each of their edges, counted
	 * without a branch too: nested, since T >= 0 (threshold_at is at
	 * least the fixed threshold, 10 x a positive width or --threshold's
	 * positive value), so that each count holds the next */
	uint64_t i = 0, at0 = SPOOL_NO_AT, above[4] = { 0 }, events = 0;
	double k = time_scale(c);
	/* above a band's valley, the runs' own spread beneath each event
	 * (its median share of a run) is no part of its cost */
	double beneath = o->spread_relative > 0 && isfinite(o->run_spread) ? o->run_spread : 0;
	long n = -1;
	if (r != NULL && add != NULL && hit != NULL && spool_rewind(sp) == 0)
		while ((n = spool_read(sp, r, SPOOL_BATCH)) > 0) {
			for (long j = 0; j < n && at0 == SPOOL_NO_AT; j++)
				at0 = r[j].at;
			size_t m = 0;
			for (long j = 0; j < n; j++) {
				double a = interrupts_additive(c, i++, &r[j]);
				double T = threshold_at(o, r[j].t);
				above[0] += a > T / 4;
				above[1] += a > T / 2;
				above[2] += a > T;
				above[3] += a > 2 * T;
				add[m] = a;
				hit[m] = (uint32_t)j;
				m += a > T;
			}
			events += m;
			for (size_t e = 0; e < m; e++) {
				long s = reservoir_slot(keep);
				if (s < 0)
					continue;
				const struct spool_record *q = &r[hit[e]];
				double a = add[e];
				double lo = q->at != SPOOL_NO_AT ? (double)(q->at - at0) : NAN;
				ev[s] = (struct periodic_event){ (lo + (q->t - a) / 2) * k, lo * k,
								 (lo + q->t) * k,
								 a - o->baseline - beneath * (q->t - a),
								 q->i };
			}
		}
	free(r);
	free(add);
	free(hit);
	for (int b = 0; b < 4; b++)
		o->tail[b] += above[b] - (b < 3 ? above[b + 1] : 0);
	o->events += events;
	return n == 0 ? 0 : -1;
}

static int by_length(const void *a, const void *b)
{
	const struct periodic_event *x = a, *y = b;
	double p = x->hi - x->lo, q = y->hi - y->lo;
	return (p > q) - (p < q);
}

/* The cost of one interruption: the median of the events' that expected
 * few (rate x length < 0.3: mostly one), and at least of the 30 shortest.
 * Where 30 or more expected few, they hold the 30 shortest, and no sort
 * is needed; else ev is sorted by length. */
static void cost_of(struct interrupts *o, struct periodic_event *ev, size_t n,
		    double rate)
{
	double *c = malloc(n * sizeof *c);
	size_t k = 0;
	if (c == NULL || n == 0) {
		free(c);
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (rate * (ev[i].hi - ev[i].lo) < 0.3)
			c[k++] = ev[i].cost;
	if (k < 30) {
		qsort(ev, n, sizeof *ev, by_length);
		k = 0;
		for (size_t i = 0; i < n && (k < 30 || rate * (ev[i].hi - ev[i].lo) < 0.3); i++)
			c[k++] = ev[i].cost;
	}
	/* the median, then each quartile on its side of it: as a sort
	 * would put them at k / 4, k / 2 and 3k / 4 */
	size_t mid = k / 2, lo = k / 4, hi = (3 * k) / 4;
	o->cost = select_kth(c, k, mid);
	o->cost_lo = lo < mid ? select_kth(c, mid, lo) : o->cost;
	o->cost_hi = hi > mid ? select_kth(c + mid + 1, k - mid - 1, hi - mid - 1) : o->cost;
	free(c);
}

/* The runs shorter than half of period (clock units) would hold a mark of
 * a source that fires every period this many times: length / period each;
 * those whose threshold its cost passes (cost: clock units, as an
 * event's), where it can be seen (a threshold raised over slowed runs or a
 * spread's tail, a share of each run, hides a timer of 17 us in runs of
 * 0.6 ms and more: it had been seen at 1 in 4.4 of its marks and counted
 * at 57 a second, not 250); and, of those, the runs no costlier
 * interruption hit, at random at other_rate (per clock unit): a run that
 * a costlier one hit too is that one's event, not the source's (2000 a second of 10
 * us over runs to 0.54 ms took 45% of a 3 us timer's, and it was judged
 * to fire at 1 in 2.1 of its marks, 122 a second, not 250). */
static double regular_hits(const struct interrupts *o, const struct interrupt_lengths *l,
			   double period, double cost, double other_rate)
{
	double e = 0;
	for (int b = 0; b < LENGTH_BINS; b++) {
		if (l->bin[b].count == 0)
			continue;
		double t = l->bin[b].sum / l->bin[b].count;
		if (t < period / 2 && threshold_at(o, t) < cost + o->baseline)
			e += l->bin[b].sum / period * exp(-other_rate * t);
	}
	return e;
}

/* Source p's marks hold costlier runs beyond chance, half as many again
 * as its own events or more (periodic.h: hits): those are its own too,
 * not random interruptions that fall on its marks as anywhere else.
 * Bursts of a slower machine at a period make such sources (their runs'
 * excess grows with their length: 4 to 5 times their events held beyond
 * chance, where a timer beside random interruptions has none); counted
 * as random, two sources every 40 ms of 2% bursts of 2 ms beside 1500 a
 * second of 10 us had made the count 18% too high. */
static int costlier_own(const struct periodic_source *p)
{
	return p->hits >= 1.5 * (double)p->events;
}

/* The most a run at a mark of source p costs when nothing else hit it:
 * its upper quartile plus 1.5 times the range between its quartiles (a timer's
 * costs can spread by their median: of 10 us spread by 10 us, 16% lie
 * above 1.2 x its upper quartile, and had been counted as random ones),
 * 1.2 x that quartile at least (any, where costlier runs at its marks
 * are its own: costlier_own); of a source that fires at some marks only,
 * 1.2 x its median. */
static double source_top(const struct periodic_source *p)
{
	if (!p->regular)
		return 1.2 * p->cost;
	if (costlier_own(p))
		return INFINITY;
	double hi = fmax(p->cost, p->cost_hi), lo = fmin(p->cost, p->cost_lo);
	return fmax(1.2 * hi, hi + 1.5 * (hi - lo));
}

/* 1 if the sources whose marks event e's run holds account for its cost
 * (source_top, of each mark: two sources', or several of one's, add up).
 * A costlier one at a mark is a random interruption that hit the run
 * too: random hits fall on the marks as anywhere else. */
static int held_at_marks(const struct interrupts *o, const struct periodic_event *e)
{
	double top = 0;
	for (size_t j = 0; j < o->periodic.count; j++) {
		const struct periodic_source *p = &o->periodic.s[j];
		if (periodic_holds(p, e))
			top += source_top(p) * fmax(1, floor((e->hi - e->lo) / p->period + 0.5));
	}
	return top > 0 && e->cost <= top;
}

/* Events no source holds (held_at_marks): the random rest, per N (the
 * kept events stand for all of them).  Returns the lower quartile of
 * their costs (clock units), or NAN where they are fewer than
 * RANDOM_COSTS_MIN kept (or no memory for them). */
enum { RANDOM_COSTS_MIN = 8 };

static double random_events(const struct interrupts *o, const struct periodic_event *ev,
			    size_t n, double *per_n)
{
	double scale = n ? (double)o->events / (double)n : 0;
	double *cost = malloc((n ? n : 1) * sizeof *cost);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (held_at_marks(o, &ev[i]))
			continue;
		per_n[ev[i].tag] += scale;
		if (cost != NULL)
			cost[k++] = ev[i].cost;
	}
	double lo = cost != NULL && k >= RANDOM_COSTS_MIN ? select_kth(cost, k, k / 4) : NAN;
	free(cost);
	return lo;
}

/* The random rate per clock unit, Poisson, from the N whose runs escape
 * it often enough that their minimum holds none (rate x length <= ln(runs
 * / 3)): there a run above the floor was hit, and a share hit is a rate
 * through the run's length.  Where every long run is hit, only the short
 * N say how often.  And only the N whose threshold lies below the cost of
 * an interruption (seen[i]): where the longer runs' spread, interruptions
 * in it, raised theirs above several costs, their hits go uncounted (5000
 * a second of 3 us over runs to 1 ms had been counted 24 a second; seen
 * NULL: every N).  0 when there were none; -1 when no N can tell (every
 * N's runs are all hit). */
static double random_rate(const struct point_set *s, const double *per_n,
			  const unsigned char *seen)
{
	/* the N that can tell, chosen again in every iteration (the rate
	 * moves the bound): a byte an N, the runs and lengths read from the
	 * points */
	unsigned char *chosen = malloc(s->count ? s->count : 1);
	double lambda = 0;
	if (chosen == NULL)
		return 0;
	for (int iter = 0; iter < 12; iter++) {
		double runs = 0, hit = 0;
		for (size_t i = 0; i < s->count; i++) {
			chosen[i] = s->p[i].count >= 8 && (seen == NULL || seen[i]) &&
				    lambda * s->p[i].min <= log((double)s->p[i].count / 3);
			if (chosen[i])
				runs += (double)s->p[i].count, hit += per_n[i];
		}
		if (iter == 0 && !(hit > 0)) {
			lambda = 0;
			break;
		}
		if (!(hit > 0) || hit >= 0.99 * runs) {
			lambda = -1;
			break;
		}
		/* the rate whose expected hits e(rate) = sum runs (1 -
		 * exp(-rate length)) are the hits seen: e is concave and
		 * rising, so Newton's steps from 0 rise to it from below, to
		 * a trillionth of it (a run of no length, or less, is hit by
		 * nothing) */
		double next = 0;
		int told = 1;
		for (int k = 0; k < 200; k++) {
			double e = 0, slope = 0;
			for (size_t i = 0; i < s->count; i++) {
				double len = s->p[i].min;
				if (!chosen[i] || !(len > 0))
					continue;
				double m = expm1(-next * len), r = (double)s->p[i].count;
				e -= r * m;
				slope += r * len * (1 + m);
			}
			if (!(e < hit))
				break;
			if (!(slope > 0)) {	/* no length: no rate reaches the hits */
				told = 0;
				break;
			}
			double step = (hit - e) / slope;
			next += step;
			if (step <= 1e-12 * next)
				break;
		}
		if (!told) {
			lambda = -1;
			break;
		}
		if (fabs(next - lambda) <= 1e-6 * next) {
			lambda = next;
			break;
		}
		lambda = next;
	}
	free(chosen);
	return lambda;
}

/* Spread of the additive parts of one N: their sum and the sum of their
 * squares (no division per sample).  The additive parts lie about zero by
 * construction (a run at its N's floor, at its window's speed, has none),
 * so the sums lose no digit worth having to cancellation.  Their count is
 * the point's.  16 bytes an N, while the pass lasts. */
struct spread {
	double s1, ss;
};

/* What the rate from the spread needs of it, summed over the N with 8
 * runs or more: the spread beyond the jitter's and the minima's length. */
struct variance {
	double v, len;
};

/* The random rate per clock unit where every N's runs are hit: a Poisson
 * count's variance is its mean, so each N's additive parts spread by
 * cost^2 x rate x length (the floor, whatever it holds, moves none of
 * them).  The jitter's own spread is taken out.  A pass of its own, made
 * only then (a rare case: no memory an N the rest of the time).  Returns
 * 0, or -1 (memory, read). */
static int variance_sums(struct spool *sp, const struct interrupt_config *c,
			 double jitter, struct variance *out)
{
	const struct point_set *s = c->points;
	struct spread *var = calloc(s->count ? s->count : 1, sizeof *var);
	struct spool_record r;
	uint64_t i = 0;
	int got = -1;
	out->v = out->len = 0;
	if (var == NULL || spool_rewind(sp) != 0) {
		free(var);
		return -1;
	}
	while ((got = spool_get(sp, &r)) == 1) {
		size_t ahead = spool_ahead(sp);
		if (ahead != SPOOL_NO_INDEX)
			__builtin_prefetch(&var[ahead]);
		double a = interrupts_additive(c, i++, &r);
		if (r.i < s->count) {
			var[r.i].s1 += a;
			var[r.i].ss += a * a;
		}
	}
	for (size_t k = 0; got == 0 && k < s->count; k++)
		if (s->p[k].count >= 8) {
			double n = (double)s->p[k].count;
			double ss = fmax(0, var[k].ss - var[k].s1 * var[k].s1 / n);
			out->v += fmax(0, ss / (n - 1) - jitter * jitter);
			out->len += s->p[k].min;
		}
	free(var);
	return got == 0 ? 0 : -1;
}

static double variance_rate(const struct variance *vs, double cost)
{
	return cost > 0 && vs->len > 0 ? vs->v / (cost * cost * vs->len) : 0;
}

/* The share of the random events (those no source holds) that cost more
 * than gap: a run at a source's mark that one of them hit too lies
 * beyond the source's costs; 0 when there are none. */
static double costlier_share(const struct interrupts *o, const struct periodic_event *ev,
			     size_t n, double gap)
{
	size_t all = 0, over = 0;
	for (size_t i = 0; i < n; i++)
		if (!held_at_marks(o, &ev[i])) {
			all++;
			over += ev[i].cost > gap;
		}
	return all ? (double)over / (double)all : 0;
}

/* Each periodic source fires every period, or not: where it hit 70% of
 * the short runs it would hit alone (regular_hits: left by the random
 * ones costlier than its own runs, at random_rate x their share) it
 * fires in every one (its rate 1 / period: a run longer than the period
 * holds one in any case).  A source kept as found
 * at a lower threshold stays as judged there; with up set, one judged
 * regular already stays so.  Returns how many are regular. */
static size_t judge_regular(struct interrupts *o, const struct interrupt_lengths *len,
			    const struct periodic_event *ev, size_t n, double scale,
			    double random_rate, int up)
{
	size_t k = 0;
	for (size_t j = 0; j < o->periodic.count; j++) {
		struct periodic_source *s = &o->periodic.s[j];
		/* (a source kept as found at a lower threshold, its events
		 * those above it: as judged there) */
		if (!s->as_before && !(up && s->regular)) {
			/* the random ones that take its runs: those costlier
			 * than the rise from its median to its top (a cheaper
			 * one leaves the run its own) */
			struct periodic_source as_regular = *s;
			as_regular.regular = 1;
			double gap = source_top(&as_regular) - s->cost;
			double other = random_rate > 0 && !costlier_own(s)
				       ? random_rate * costlier_share(o, ev, n, gap) : 0;
			double expect = regular_hits(o, len, s->period / scale, s->cost_lo, other);
			s->regular = expect >= SOURCE_SHORT_MIN &&
				     (double)s->short_events >= 0.7 * expect;
		}
		k += s->regular != 0;
	}
	return k;
}

/* The random rate per clock unit (random_rate), from the events no
 * source holds at its cost; -1 when no N can tell (every N's runs are
 * all hit); 0 when there is no memory for it. */
static double random_part(const struct interrupts *o, const struct interrupt_config *c,
			  const struct periodic_event *ev, size_t n)
{
	double *per_n = calloc(c->points->count, sizeof *per_n);
	double random_lo = per_n != NULL ? random_events(o, ev, n, per_n) : NAN;
	/* the N whose threshold lies below a random interruption's cost (the
	 * lower quartile of those events', else of all the events': a
	 * timer's would make the N where its cost is seen, but not theirs,
	 * count as escaping them: 300 a second of 3 us beside a timer of 17
	 * us had read 10), where the events stand clear of the floor's
	 * jitter (4 x the shortest runs' threshold: a spread that grows with
	 * the runs, taken for events of its own size, would otherwise be
	 * counted at the short N's rate everywhere); all of them if none
	 * does */
	double small = random_lo > 0 ? random_lo : o->cost_lo > 0 ? o->cost_lo : o->cost;
	unsigned char *seen = per_n && small >= 4 * o->threshold
				      ? malloc(c->points->count ? c->points->count : 1) : NULL;
	size_t nseen = 0;
	for (size_t i = 0; seen != NULL && i < c->points->count; i++) {
		seen[i] = threshold_at(o, c->points->p[i].min) < small;
		nseen += seen[i] && c->points->p[i].count >= 8;
	}
	/* every N where none is seen, or those seen were hit by nothing
	 * while the others were (or there is no memory for the mask) */
	double lambda = per_n ? random_rate(c->points, per_n, nseen > 0 ? seen : NULL) : 0;
	if (per_n != NULL && seen != NULL && nseen > 0 && lambda == 0)
		lambda = random_rate(c->points, per_n, NULL);
	free(seen);
	free(per_n);
	return lambda;
}

/* How many interruptions the runs held: each periodic source's, every
 * period where it fires so (judge_regular), else the runs it hit; the
 * rest at random (Poisson, from the runs they hit).  A source judged not
 * to fire every period is judged again on the runs the random rest left
 * it, and the rest counted again if it now is.  time: in_runs in the
 * periods' unit, scale: the periods' unit per clock unit. */
static int count_of(struct spool *sp, struct interrupts *o,
		    const struct interrupt_config *c, const struct interrupt_lengths *len,
		    const struct periodic_event *ev, size_t n, double time, double scale)
{
	size_t regular_sources = judge_regular(o, len, ev, n, scale, 0, 0);
	double lambda = random_part(o, c, ev, n);
	if (lambda > 0 && regular_sources < o->periodic.count &&
	    judge_regular(o, len, ev, n, scale, lambda, 1) > regular_sources)
		lambda = random_part(o, c, ev, n);
	double counted = 0, regular = 0;
	for (size_t j = 0; j < o->periodic.count; j++) {
		struct periodic_source *s = &o->periodic.s[j];
		s->count = s->regular ? time / s->period : s->hits;
		counted += s->count;
		regular += s->regular ? 1 / s->period : 0;
	}
	o->saturated = lambda < 0;
	if (o->saturated) {
		/* the cost from the ladder (clock units), the rate from the
		 * spread */
		double rung = ladder_cost(c->points, o->threshold);
		if (rung > o->threshold) {	/* a rung is a difference already */
			o->cost = rung;
			o->cost_lo = o->cost_hi = o->cost;
		}
		struct variance vs;
		if (variance_sums(sp, c, o->threshold / 10, &vs) != 0)
			return -1;
		lambda = variance_rate(&vs, o->cost);
	}
	counted += lambda * o->in_runs;
	o->count = (uint64_t)llround(counted);
	o->rate = o->in_runs > 0 ? counted / o->in_runs : 0;
	if (o->run_seconds > 0)
		o->per_s = counted / o->run_seconds;
	o->random_rate = lambda;
	o->expected_long = (o->random_rate + regular * scale) * o->longest_run;
	return 0;
}

/* A third of the events' costs and minima (clock units), by their N's
 * minimum: the costs' mean between their 20% and 80% quantiles, and the
 * minima's median.  Not the costs' median: of two sources' costs (20 and
 * 30 us, as many of each), the median is the one or the other by chance,
 * and 20 in one third against 30 in the other read as a growth of m^0.5.
 * And the costs' lower quartile, q. */
struct third {
	double cost, min, q;
};

static struct third third_of(double *cost, double *min, size_t n)
{
	qsort(cost, n, sizeof *cost, by_double);
	size_t lo = n / 5, hi = n - n / 5;
	double sum = 0;
	for (size_t i = lo; i < hi; i++)
		sum += cost[i];
	return (struct third){ sum / (double)(hi - lo), select_kth(min, n, n / 2), cost[n / 4] };
}

/* Interruptions an interrupted run holds, on average, where it expects x
 * (Poisson, at least one). */
static double held(double x)
{
	return x > 1e-9 ? x / -expm1(-x) : 1;
}

/* The events' costs against their N's minimum m (every stride-th of them,
 * GROWTH_EVENTS at most: they are in time order, and the thirds' means
 * and medians need no more), those above cut: the shortest third by m
 * (below its 1/3 quantile) and the longest (above its 2/3), each where
 * it holds 20 events; and the longest third's cost / m (ratio, b of
 * them).  buf is the caller's to free.  Returns 0, or -1 (memory). */
struct thirds {
	struct third s, l;
	size_t a, b;
	double *ratio, *buf;
};

static int thirds_by_m(const struct interrupt_config *c, const struct periodic_event *ev,
		       size_t n, double cut, struct thirds *t)
{
	size_t stride = n > GROWTH_EVENTS ? (n + GROWTH_EVENTS - 1) / GROWTH_EVENTS : 1;
	size_t cap = n / stride + 1, k = 0, a = 0, b = 0;
	double *m = malloc(4 * cap * sizeof *m);
	*t = (struct thirds){ { 0, 0, 0 }, { 0, 0, 0 }, 0, 0, NULL, m };
	if (m == NULL)
		return -1;
	double *cost = m + cap, *sm = cost + cap, *sc = sm + cap;
	for (size_t i = 0; i < n; i += stride)
		if (ev[i].tag < c->points->count && ev[i].cost > cut)
			m[k] = c->points->p[ev[i].tag].min, cost[k++] = ev[i].cost;
	memcpy(sm, m, k * sizeof *sm);
	double lo = k ? select_kth(sm, k, k / 3) : 0, hi = k ? select_kth(sm, k, (2 * k) / 3) : 0;
	for (size_t i = 0; i < k; i++)
		if (m[i] < lo)
			sc[a] = cost[i], sm[a++] = m[i];
	t->s = a >= 20 ? third_of(sc, sm, a) : (struct third){ 0, 0, 0 };
	for (size_t i = 0; i < k; i++)	/* cost[] is free as b <= i */
		if (m[i] > hi)
			sc[b] = cost[i], sm[b] = m[i], cost[b++] = cost[i] / m[i];
	t->l = b >= 20 ? third_of(sc, sm, b) : (struct third){ 0, 0, 0 };
	t->a = a, t->b = b, t->ratio = cost;
	return 0;
}

/* The thirds' minima lie far enough apart to judge a growth
 * (INTERRUPTS_GROWTH_SPAN). */
static int thirds_apart(const struct thirds *t)
{
	double span = t->a >= INTERRUPTS_GROWTH_MANY && t->b >= INTERRUPTS_GROWTH_MANY
			      ? INTERRUPTS_GROWTH_SPAN_MANY : INTERRUPTS_GROWTH_SPAN;
	return t->s.min > 0 && t->l.min >= span * t->s.min;
}

/* How the thirds' lower quartiles of cost grow with their minima (as
 * m^x; NAN where not known): a speed's as its mean does, every slowed
 * run's excess growing with its run.  Of a cheap source and a costly one,
 * the costly one's share of each third, and its trimmed mean, swing by
 * chance (400 a second of 2 us beside 100 of 40 us, over thirds 1.6 to
 * 1.85 times apart, read as m^0.9 to m^1.7, and their runs as slowed);
 * their lower quartile, the cheap one's cost, grows as m^0. */
static double quartile_growth(const struct thirds *t)
{
	if (!(t->s.q > 0) || !(t->l.q > 0) || !(t->l.min > t->s.min))
		return NAN;
	return log(t->l.q / t->s.q) / log(t->l.min / t->s.min);
}

/* How the excess of the events each periodic source's mark holds grows
 * with their N's minimum m: from the shortest third of them by m to the
 * longest, the thirds' medians of both (a source's costs are of one kind:
 * a median is not the one or the other of two by chance, and holds where
 * a random interruption shares a run with a mark, as in the longer runs
 * it more often does: 500 a second of 30 us beside a 4 ms timer of 3 us
 * made the timer's trimmed means grow as m^1.15); above one cut for all
 * (growth_of's: a threshold that rises with the runs keeps only the
 * costlier events of the longer runs).  Of the sources judged (20 events
 * in each third, their minima twice apart, their lower quantiles growing
 * too), the one whose growth is nearest a speed's, m^1: *out gets its
 * growth (NAN where none is), its index, and its longest third's excess
 * over m (median and 75%: the slowdown). */
struct source_growth {
	double growth, slower, slower_hi;
	size_t source;
};

static void sources_growth(const struct interrupts *o, const struct interrupt_config *c,
			   const struct periodic_event *ev, size_t n, double cut,
			   struct source_growth *out)
{
	double *m = malloc((n ? n : 1) * 6 * sizeof *m);
	*out = (struct source_growth){ NAN, NAN, NAN, 0 };
	if (m == NULL)
		return;
	double *cost = m + n, *sm = cost + n, *sc = sm + n, *ratio = sc + n, *short_c = ratio + n;
	for (size_t j = 0; j < o->periodic.count; j++) {
		size_t k = 0, a = 0, b = 0;
		for (size_t i = 0; i < n; i++)
			if (ev[i].tag < c->points->count && ev[i].cost > cut &&
			    periodic_holds(&o->periodic.s[j], &ev[i]))
				m[k] = c->points->p[ev[i].tag].min, cost[k++] = ev[i].cost;
		if (k < 60)
			continue;
		memcpy(sm, m, k * sizeof *sm);
		double lo = select_kth(sm, k, k / 3), hi = select_kth(sm, k, (2 * k) / 3);
		for (size_t i = 0; i < k; i++)
			if (m[i] < lo)
				sm[a] = m[i], sc[a++] = cost[i];
		if (a < 20)
			continue;
		double ms = select_kth(sm, a, a / 2), cs = select_kth(sc, a, a / 2);
		memcpy(short_c, sc, a * sizeof *short_c);
		for (size_t i = 0; i < k; i++)
			if (m[i] > hi)
				sm[b] = m[i], sc[b] = cost[i], ratio[b++] = cost[i] / m[i];
		if (b < 20)
			continue;
		double ml = select_kth(sm, b, b / 2), cl = select_kth(sc, b, b / 2);
		/* the lower quantile that the marks' runs no random
		 * interruption hit hold, in the longest third as well
		 * (exp(-rate m) of them: half that share, a quarter at most,
		 * five events at least) */
		double f = fmin(0.25, fmax(0.5 * exp(-o->random_rate * ml), 5.0 / (double)b));
		size_t fs = (size_t)(f * (double)a), fl = (size_t)(f * (double)b);
		double qs = select_kth(short_c, a, fs < a ? fs : a - 1);
		double ql = select_kth(sc, b, fl < b ? fl : b - 1);
		if (!(ml >= 2 * ms) || !(cs > 0) || !(cl > 0) || !(qs > 0) || !(ql > 0))
			continue;
		double g = log(cl / cs) / log(ml / ms);
		/* and their lower quantiles grow too: where a random
		 * interruption shares half the long runs' marks, a timer's
		 * median is its cost and theirs, its quartile still its own
		 * (1000 a second of 10 us beside a timer of 6 us over runs to
		 * 1.1 ms: medians m^1.12 to m^1.23, quartiles m^0); where
		 * they share most (3000 a second of 10 us over runs to 0.54
		 * ms: 1.4 a run), the quartile is theirs too, and grew as
		 * m^0.5 and more: the quantile of the runs they left */
		if (log(ql / qs) / log(ml / ms) < INTERRUPTS_QUARTILE_GROWTH)
			continue;
		if (isnan(out->growth) || fabs(g - 1) < fabs(out->growth - 1))
			*out = (struct source_growth){ g, select_kth(ratio, b, b / 2),
						       select_kth(ratio, b, (3 * b) / 4), j };
	}
	free(m);
}

/* How the events' excess grows with their N's minimum m (growth: the
 * exponent from the shortest third of the events to the longest; judged
 * where those thirds hold 20 events each and lie apart as thirds_apart
 * says), and the longest third's excess over m (median and 75%:
 * interruptions among them lie in its top, and are not to move it); of
 * the events above the longest runs' threshold only.  Interruptions'
 * grows only as longer runs hold more of them at the rate found (hits):
 * an exponent INTERRUPTS_PROPORTIONAL above that, and
 * INTERRUPTS_SPEED_GROWTH at least, with the thirds' lower quartiles
 * growing too (growth_q), is a speed's.  Where the thirds lie too near to
 * judge, but INTERRUPTS_NARROW_SPAN apart at least, and grow as a speed's
 * nearly would (from INTERRUPTS_SPEED_GROWTH_NEAR, half
 * INTERRUPTS_PROPORTIONAL beyond hits, at most INTERRUPTS_SPEED_GROWTH_MAX,
 * their lower quartiles too; not saturated), growth_span says so. */
static void growth_of(struct interrupts *o, const struct interrupt_config *c,
		      const struct periodic_event *ev, size_t n)
{
	o->growth = o->slower = o->slower_hi = o->growth_hits = o->sources_growth = NAN;
	o->growth_span = 0;
	o->narrow_growth = o->growth_q = NAN;
	double hits = 0;
	/* above one cut for all (the threshold of the longest N's runs):
	 * a threshold that rises with the runs' timing keeps only the larger
	 * costs of the longer runs, and would make a fixed cost seem to grow */
	double longest = 0;
	for (size_t i = 0; i < n; i++)
		if (ev[i].tag < c->points->count)
			longest = fmax(longest, c->points->p[ev[i].tag].min);
	struct thirds t;
	double cut = fmax(0, threshold_at(o, longest) - o->baseline);
	if (thirds_by_m(c, ev, n, cut, &t) != 0)
		return;
	if (t.a >= 20 && t.b >= 20) {
		o->slower = select_kth(t.ratio, t.b, t.b / 2);
		o->slower_hi = select_kth(t.ratio, t.b, (3 * t.b) / 4);
		o->growth_q = quartile_growth(&t);
	}
	if (t.a >= 20 && t.b >= 20 && t.s.min > 0 && t.l.min > t.s.min && t.s.cost > 0) {
		double span = log(t.l.min / t.s.min);
		double g = log(t.l.cost / t.s.cost) / span;
		double h = log(held(o->rate * t.l.min) / held(o->rate * t.s.min)) / span;
		if (thirds_apart(&t)) {
			o->growth = g;
			o->growth_hits = hits = h;
		} else if (t.l.min >= INTERRUPTS_NARROW_SPAN * t.s.min && !o->saturated &&
			   g >= INTERRUPTS_SPEED_GROWTH_NEAR && g >= h + INTERRUPTS_PROPORTIONAL / 2 &&
			   g <= INTERRUPTS_SPEED_GROWTH_MAX &&
			   o->growth_q >= INTERRUPTS_QUARTILE_GROWTH) {
			o->growth_span = t.l.min / t.s.min;
			o->narrow_growth = g;
		}
	}
	/* (a --threshold says what an interruption is: kept as given) */
	o->proportional = o->growth >= hits + INTERRUPTS_PROPORTIONAL &&
			  o->growth >= INTERRUPTS_SPEED_GROWTH && !o->saturated &&
			  !o->threshold_given && o->growth_q >= INTERRUPTS_QUARTILE_GROWTH;
	free(t.buf);
	/* or a periodic source's events grow so, where the interruptions
	 * among the rest hide it: a machine slowed in bursts at a period, 2%
	 * for 2 ms of every 40 ms (beside 300 a second of 5 us, growth
	 * m^0.27 in all; its marks' m^0.99); as a speed does, in proportion,
	 * not faster (INTERRUPTS_SPEED_GROWTH_MAX) */
	if (!o->proportional && !o->saturated && !o->threshold_given && o->periodic.count > 0) {
		struct source_growth sg;
		sources_growth(o, c, ev, n, cut, &sg);
		o->sources_growth = sg.growth;
		o->proportional = sg.growth >= INTERRUPTS_SPEED_GROWTH &&
				  sg.growth <= INTERRUPTS_SPEED_GROWTH_MAX && sg.slower_hi > 0;
		if (o->proportional) {	/* the bursts' own slowdown, said */
			o->burst_slower = sg.slower, o->burst_slower_hi = sg.slower_hi;
			o->burst_source = sg.source;
		}
	}
}

/* A firing is one event where the runs (less what interrupted them) are
 * longer than what one costs (median of each): the short slowdown after
 * an interruption (its caches refilled) falls within the run it hit.
 * Where runs are shorter, the runs after it are events of that firing
 * too. */
static int one_a_mark(const struct periodic_event *ev, size_t n, double scale)
{
	double *v = malloc((n ? n : 1) * 2 * sizeof *v);
	if (v == NULL || n == 0) {
		free(v);
		return 1;
	}
	for (size_t i = 0; i < n; i++)
		v[i] = ev[i].hi - ev[i].lo - ev[i].cost * scale, v[n + i] = ev[i].cost * scale;
	int one = select_kth(v, n, n / 2) > select_kth(v + n, n, n / 2);
	free(v);
	return one;
}

/* 1 if a source of ps has period p, within 1%. */
static int source_near(const struct periodic_sources *ps, double p)
{
	for (size_t j = 0; j < ps->count; j++)
		if (fabs(ps->s[j].period / p - 1) <= 0.01)
			return 1;
	return 0;
}

/* Where ps holds source x again (its period within 1%, its marks within
 * 2% of it): its index; else -1. */
static long found_again(const struct periodic_sources *ps, const struct periodic_source *x)
{
	for (size_t j = 0; j < ps->count; j++) {
		double d = fmod(fabs(ps->s[j].phase - x->phase), x->period);
		if (fabs(ps->s[j].period / x->period - 1) <= 0.01 &&
		    fmin(d, x->period - d) <= 0.02 * x->period)
			return (long)j;
	}
	return -1;
}

/* The sources of before, in ps as they were where ps lacks them or holds
 * fewer of their events: a threshold raised over the runs' spread drops a
 * source's runs whose cost lies within it (at its marks in the longer
 * runs, or all of them), though it was found, coherent, at the first (a
 * spread's tail has no period). */
static void keep_found(struct periodic_sources *ps, const struct periodic_sources *before)
{
	for (size_t i = 0; before != NULL && i < before->count; i++) {
		long j = found_again(ps, &before->s[i]);
		if (j < 0 && ps->count < PERIODIC_SOURCES_MAX)
			j = (long)ps->count++;
		else if (j < 0 || ps->s[j].events >= before->s[i].events)
			continue;
		ps->s[j] = before->s[i];
		ps->s[j].as_before = 1;
	}
}

/* 1 if ev holds a mark of a source of o. */
static int held_by_source(const struct interrupts *o, const struct periodic_event *ev)
{
	for (size_t j = 0; j < o->periodic.count; j++)
		if (periodic_holds(&o->periodic.s[j], ev))
			return 1;
	return 0;
}

/* The N whose threshold is the share of their runs' timing (not the
 * fixed one, nor the cap), m their minimum. */
static int relative_rules(const struct interrupts *o, double m)
{
	double rel = o->threshold_relative * m;
	return rel > o->threshold && (o->threshold_cap == 0 || rel < o->threshold_cap);
}

/* 1 if ev is a run beyond twice the threshold (of its own timing). */
static int beyond_twice(const struct interrupts *o, const struct interrupt_config *c,
			const struct periodic_event *ev)
{
	double t = (ev->hi - ev->lo) / time_scale(c);
	return ev->cost + o->baseline > 2 * threshold_at(o, t);
}

/* o->tail_growth: how the share of runs beyond twice the threshold (the
 * kept events ev that no source's mark holds, scaled to all events) grows
 * with m, from the shortest third of the N where the threshold is a share
 * of the run to the longest (in the order of N: the thirds end before
 * index lo and start at hi); their minima twice apart, 40 such runs kept
 * in the two; +-infinity where one holds none.  And the same of the runs
 * above the threshold up to twice it (near_growth, NAN where one third
 * holds none), and how many they are at all those N (near_runs,
 * near_share).  No memory an N. */
static void tail_growth_of(struct interrupts *o, const struct interrupt_config *c,
			   const struct periodic_event *ev, size_t n)
{
	const struct point_set *s = c->points;
	size_t rules = 0, seen = 0, lo = 0, hi = s->count;
	o->tail_growth = NAN;
	o->tail_lengths_alike = 1;
	for (size_t i = 0; i < s->count; i++)
		rules += relative_rules(o, s->p[i].min);
	if (rules < 6)
		return;
	double runs[2] = { 0, 0 }, hit[2] = { 0, 0 }, m[2] = { 0, 0 }, near[2] = { 0, 0 };
	size_t got[2] = { 0, 0 }, got_near[2] = { 0, 0 }, third = rules / 3;
	double near_all = 0, runs_all = 0;
	for (size_t i = 0; i < s->count; i++) {
		if (!relative_rules(o, s->p[i].min))
			continue;
		if (seen == third / 2 || seen == rules - third + third / 2)
			m[seen == third / 2 ? 0 : 1] = s->p[i].min;	/* the thirds' middles */
		lo = seen < third ? i + 1 : lo;
		hi = seen == rules - third ? i : hi;
		int k = seen < third ? 0 : seen >= rules - third ? 1 : -1;
		seen++;
		if (k >= 0)
			runs[k] += s->p[i].count;
		runs_all += s->p[i].count;
	}
	double scale = n ? (double)o->events / (double)n : 0;
	for (size_t i = 0; i < n; i++) {
		size_t t = ev[i].tag;
		if (t >= s->count || !relative_rules(o, s->p[t].min) || held_by_source(o, &ev[i]))
			continue;
		int b = beyond_twice(o, c, &ev[i]);
		near_all += b ? 0 : scale;
		if (t >= lo && t < hi)
			continue;
		int k = t >= hi;
		if (!b) {
			near[k] += scale;
			got_near[k]++;
			continue;
		}
		hit[k] += scale;
		got[k]++;
	}
	o->tail_lengths_alike = !(m[1] >= 2 * m[0]);
	o->near_runs = near_all;
	o->near_share = runs_all > 0 ? near_all / runs_all : NAN;
	if (got_near[0] + got_near[1] >= 40 && m[1] >= 2 * m[0] && near[0] > 0 && near[1] > 0)
		o->near_growth = log((near[1] / runs[1]) / (near[0] / runs[0])) / log(m[1] / m[0]);
	if (got[0] + got[1] < 40 || !(m[1] >= 2 * m[0]))
		return;
	o->tail_growth = hit[0] == 0 ? INFINITY : hit[1] == 0 ? -INFINITY
		: log((hit[1] / runs[1]) / (hit[0] / runs[0])) / log(m[1] / m[0]);
}

/* 1 if the kept events ev that no source's mark holds fall off octave by
 * octave above the threshold (cost over threshold in [1, 2), [2, 4), ...
 * up to 2^7 and beyond): each octave holds no more than the one below,
 * but for its noise (3 sigma, and 3: a lone run or two in a high octave
 * after an empty one reads as rising), as a heavy tail of the spread does
 * (a Pareto spread's: 2025 1095 559 272 125 43 27), and interruptions of
 * many costs whose rate falls as their cost grows; interruptions of one
 * cost beyond twice the threshold rise to an octave of their own (800
 * 10 0 0 206: 400 a second of 2 us and 100 of 40 us in a spread).  0
 * where no octave above the first holds any. */
static int octaves_fall(const struct interrupts *o, const struct interrupt_config *c,
			const struct periodic_event *ev, size_t n)
{
	double oct[8] = { 0 };
	for (size_t i = 0; i < n; i++) {
		if (held_by_source(o, &ev[i]))
			continue;
		double t = (ev[i].hi - ev[i].lo) / time_scale(c);
		double r = (ev[i].cost + o->baseline) / threshold_at(o, t);
		int k = !(r >= 2) ? 0 : r >= 128 ? 7 : (int)log2(r);
		oct[k] += 1;
	}
	double above = 0;
	for (int k = 1; k < 8; k++) {
		if (oct[k] > oct[k - 1] + 3 * sqrt(oct[k - 1]) + 3)
			return 0;
		above += oct[k];
	}
	return above > 0;
}

/* The runs above the threshold that a periodic source's mark holds are
 * its events, not the runs' spread: taken out of tail[2] and tail[3]
 * (the kept events stand for all of them), so that the spread's tail is
 * judged on the rest; and how the rest beyond twice the threshold hit
 * runs of each length (tail_growth_of), where periods were searched (else
 * a source's runs are among them: a cheap timer stands beyond twice the
 * threshold in the short runs only). */
static void tail_off_sources(struct interrupts *o, const struct interrupt_config *c,
			     const struct periodic_event *ev, size_t n)
{
	double scale = n ? (double)o->events / (double)n : 0;
	double held[2] = { 0, 0 };
	for (size_t i = 0; i < n && o->periodic.count > 0; i++)
		if (held_by_source(o, &ev[i]))
			held[beyond_twice(o, c, &ev[i])] += scale;
	for (int b = 0; b < 2; b++) {
		uint64_t h = (uint64_t)llround(held[b]);
		o->tail[2 + b] -= h < o->tail[2 + b] ? h : o->tail[2 + b];
	}
	o->tail_growth = o->near_growth = o->near_share = NAN;
	o->near_runs = 0;
	o->tail_lengths_alike = 0;
	if (o->have_at && c->one_clock)
		tail_growth_of(o, c, ev, n);
	o->tail_falls_on = octaves_fall(o, c, ev, n);
}

/* The events above the threshold (o's), as interruptions: their periodic
 * sources, cost and count.  keep is empty on entry (mid: the runs'
 * middles, the periodic search's null model; before: sources found at a
 * lower threshold, kept where not found again, or NULL). */
static int judge_events(struct spool *sp, const struct interrupt_config *c,
			struct interrupts *o, struct reservoir *keep,
			struct interrupt_scan *k, const struct periodic_sources *before)
{
	const struct reservoir *mid = &k->mid;
	const struct interrupt_lengths *len = k->len;
	int rc = event_pass(sp, c, o, (struct periodic_event *)keep->v, keep);
	if (rc != 0)
		return rc;
	struct periodic_event *ev = (struct periodic_event *)keep->v;
	o->periods_unsearched = o->have_at && !c->one_clock;
	if (o->have_at && c->one_clock) {
		periodic_sort(ev, keep->kept);
		rc = periodic_find(ev, keep->kept, mid->v, mid->kept, o->threshold, 0,
				   one_a_mark(ev, keep->kept, time_scale(c)), &k->memo,
				   &o->periodic);
		keep_found(&o->periodic, before);
	}
	tail_off_sources(o, c, ev, keep->kept);
	double time = o->in_runs * time_scale(c);
	/* the cost from the runs that expected few (by the events' own rate
	 * first), then the count, then the cost again */
	cost_of(o, ev, keep->kept, (double)o->events / time);
	if (rc == 0)
		rc = count_of(sp, o, c, len, ev, keep->kept, time, time_scale(c));
	if (!o->saturated)
		cost_of(o, ev, keep->kept, o->rate / time_scale(c));
	/* a cost at or below nothing: the baseline of runs all of which are
	 * interrupted swallowed it; not known */
	if (!(o->cost > 0))
		o->cost = o->cost_lo = o->cost_hi = NAN;
	return rc;
}

/* How the costs of the events judged again grow with their N's minimum,
 * from the shortest third of them to the longest (each third's trimmed
 * mean; NAN where fewer than 20 lie in each or their minima are not as
 * far apart as thirds_apart asks).  No one cut for all, as growth_of's:
 * the threshold is now a share of each run, and an interruption passes
 * it only in runs shorter than its cost over that share, at about that
 * cost (m^0), where a second, larger slowdown passes it in every run
 * (m^1). */
static double growth_left(const struct interrupt_config *c, const struct periodic_event *ev,
			  size_t n)
{
	struct thirds t;
	double g = NAN;
	if (thirds_by_m(c, ev, n, -INFINITY, &t) == 0 && t.a >= 20 && t.b >= 20 &&
	    thirds_apart(&t) && t.s.cost > 0 && t.l.cost > 0)
		g = log(t.l.cost / t.s.cost) / log(t.l.min / t.s.min);
	free(t.buf);
	return g;
}

/* Where the events were mostly runs the machine slowed (growth_of), the
 * interruptions are judged again above twice the slowed runs' excess, as
 * a share of each run's timing less that excess: those are the runs a
 * fixed cost hit.  slower_hi is a share of the minimum m; the threshold's
 * is of the timing t = m + a: a > R m is a > R / (1 + R) t (R t would
 * be out of reach from R = 1 on: no run's excess exceeds its timing). */
static int judge_again(struct spool *sp, const struct interrupt_config *c,
		       struct interrupts *o, struct reservoir *keep, struct interrupt_scan *k)
{
	struct interrupts first = *o;
	/* judged slowed at a source's marks: the runs slowed are those its
	 * marks hold (the rest of the runs no longer above the threshold are
	 * interruptions it hides, counted by their rate); else all of them */
	double at_marks = 0, scale = keep->kept ? (double)o->events / (double)keep->kept : 0;
	const struct periodic_event *ev0 = (const struct periodic_event *)keep->v;
	for (size_t i = 0; !isnan(o->sources_growth) && i < keep->kept; i++)
		at_marks += periodic_holds(&o->periodic.s[o->burst_source], &ev0[i]) ? scale : 0;
	/* the first events' sources, a burst of slowed runs at a mark all
	 * its own (periodic_find's one_a_mark: 0) */
	struct periodic_sources bursts = { 0 };
	if (o->have_at && c->one_clock &&
	    periodic_find((const struct periodic_event *)keep->v, keep->kept, k->mid.v,
			  k->mid.kept, o->threshold, 0, 0, &k->memo, &bursts) != 0)
		return -1;
	double R = 2 * o->slower_hi;
	o->threshold_relative = fmax(o->threshold_relative, R / (1 + R));
	o->threshold_cap = 0;
	o->events = 0;
	o->count = 0;
	memset(&o->periodic, 0, sizeof o->periodic);
	reservoir_reset(keep);
	int rc = judge_events(sp, c, o, keep, k, NULL);
	o->slowed = first.events > o->events ? first.events - o->events : 0;
	/* (at a source's marks: those of the runs no longer above it that
	 * the interruptions counted do not account for, and at least those
	 * its marks hold) */
	if (!isnan(o->sources_growth)) {
		double rest = (double)first.events - (double)o->count;
		o->slowed = (uint64_t)llround(fmin((double)o->slowed, fmax(at_marks, rest)));
	}
	/* the slowed runs' period: the strongest source's at first that is
	 * no interruptions' (found again), where the sources of its period
	 * held a tenth of the events */
	o->slowed_period = 0;
	for (size_t i = 0; i < bursts.count && o->slowed_period == 0; i++) {
		double p = bursts.s[i].period;
		if (source_near(&o->periodic, p))
			continue;
		size_t held = 0;
		for (size_t j = 0; j < bursts.count; j++)
			if (fabs(bursts.s[j].period / p - 1) <= 0.01)
				held += bursts.s[j].events;
		o->slowed_period = (double)held >= 0.1 * (double)first.events ? p : -1;
	}
	o->slowed_period = fmax(o->slowed_period, 0);
	return rc;
}

/* Few runs stand beyond twice the threshold (no source's): fewer than
 * INTERRUPTS_TAIL_CLEAR of those up to it, and falling off from them at
 * least as fast as those from the runs below it. */
static int tail_clear(const struct interrupts *o)
{
	double d2 = (double)o->tail[2], beyond = (double)o->tail[3];
	return beyond <= INTERRUPTS_TAIL_CLEAR * d2 &&
	       beyond * (double)o->tail[1] <= (double)o->tail[2] * (double)o->tail[2];
}

/* The runs' count falls off across the threshold, to INTERRUPTS_TAIL_FALL
 * at most from each bin to the next (a threshold of analyze's own; those
 * no periodic source's mark holds: tail_off_sources). */
static int tail_falls(const struct interrupts *o)
{
	/* densities: counts over the bins' widths, T / 4, T / 2, T */
	double d0 = (double)o->tail[0] * 4, d1 = (double)o->tail[1] * 2;
	double d2 = (double)o->tail[2];
	return !o->threshold_given && !o->saturated && o->tail[2] + o->tail[3] > 0 &&
	       d1 <= INTERRUPTS_TAIL_FALL * d0 && d2 <= INTERRUPTS_TAIL_FALL * d1;
}

/* The runs above the threshold were the tail of the runs' own spread
 * (interrupts.h: spread_tail): it falls off across the threshold, and few
 * stand beyond twice it, unless those few hit runs of some lengths more
 * than others, as interruptions do (tail_growth, where it is judged:
 * random ones of 5 us over runs to 0.8 ms stand beyond in the short runs
 * only), or, where it is not, beside periodic sources, more than none.
 * A timer whose cost lies within the spread has runs above the threshold
 * at its marks: they are its events, not the tail's, and it is kept when
 * the threshold rises over it. */
static int spread_tail(const struct interrupts *o)
{
	if (!tail_falls(o) || !tail_clear(o))
		return 0;
	if (!isnan(o->tail_growth))
		return fabs(o->tail_growth) <= INTERRUPTS_TAIL_ALIKE;
	/* too few beyond to judge: beside periodic sources, none to speak
	 * of (a few random interruptions among the tail's runs stand there
	 * in the shorter runs: of 300 a second of 5 us over runs to 1.5 ms,
	 * 24 beyond and 165 up to twice the threshold, two thirds of those
	 * interrupted) */
	return o->periodic.count == 0 ||
	       (double)o->tail[3] <= INTERRUPTS_TAIL_NONE * (double)o->tail[2];
}

/* Or more stand beyond, but they hit runs of every length alike, or how
 * they hit them cannot be judged (tail_lengths_alike: too few N whose
 * threshold is a share of the run, or their lengths too alike) and they
 * fall off octave by octave beyond it (tail_falls_on): a heavy tail of
 * the spread, or interruptions of many costs (interrupts.h: heavy_tail);
 * the runs cannot tell which.  (A Pareto spread of the runs
 * over such N had been counted as 2000 to 20000 interruptions a second,
 * for 100 to 1000, unwarned.) */
static int heavy_tail(const struct interrupts *o)
{
	return tail_falls(o) && !tail_clear(o) &&
	       (fabs(o->tail_growth) <= INTERRUPTS_TAIL_ALIKE ||
		(isnan(o->tail_growth) && o->tail_lengths_alike && o->tail_falls_on));
}

/* Either: where the threshold rose over a heavy tail, it rises while that
 * holds. */
static int tail_goes_on(const struct interrupts *o)
{
	return spread_tail(o) || heavy_tail(o);
}

/* 1 if ps holds a source that before did not: one that stands out of the
 * runs above a raised threshold (a timer in the spread's tail). */
static int found_new(const struct periodic_sources *ps, const struct periodic_sources *before)
{
	for (size_t j = 0; j < ps->count; j++)
		if (found_again(before, &ps->s[j]) < 0)
			return 1;
	return 0;
}

/* While holds(o), the interruptions are judged again above twice the
 * share of a run's timing (the fixed threshold, of the shortest runs,
 * stays: their spread is small), INTERRUPTS_TAIL_DOUBLINGS times at
 * most, and no further than where a source is found that was not at first; the sources stay as
 * first found where not found again as well. */
static int judge_above_tail(struct spool *sp, const struct interrupt_config *c,
			    struct interrupts *o, struct reservoir *keep, struct interrupt_scan *k,
			    int (*holds)(const struct interrupts *))
{
	uint64_t at_first = o->events;
	uint64_t seen[4] = { o->tail[0], o->tail[1], o->tail[2], o->tail[3] };
	struct periodic_sources first = o->periodic;
	double growth = o->tail_growth;
	int alike = o->tail_lengths_alike, falls_on = o->tail_falls_on;
	double near[3] = { o->near_runs, o->near_share, o->near_growth };
	int rc = 0;
	do {
		o->threshold_relative *= 2;
		o->threshold_cap *= 2;
		o->events = 0;
		o->count = 0;
		memset(o->tail, 0, sizeof o->tail);
		memset(&o->periodic, 0, sizeof o->periodic);
		reservoir_reset(keep);
		rc = judge_events(sp, c, o, keep, k, &first);
		o->tail_doublings++;
	} while (rc == 0 && o->tail_doublings < INTERRUPTS_TAIL_DOUBLINGS && holds(o) &&
		 !found_new(&o->periodic, &first));
	/* the runs above the first threshold and not above the last: the
	 * report's counts then add up (a kept source's runs among them are
	 * counted by its rate all the same) */
	o->spread_tail = at_first > o->events ? at_first - o->events : 0;
	memcpy(o->tail, seen, sizeof seen);	/* as first judged */
	o->tail_growth = growth;
	o->tail_lengths_alike = alike;
	o->tail_falls_on = falls_on;
	o->near_runs = near[0], o->near_share = near[1], o->near_growth = near[2];
	return rc;
}

/* A heavy tail: the interruptions stay as counted, and what they would be
 * were the tail the spread's is judged apart (o->heavy).  keep is the
 * judgment's to reuse. */
static int judge_heavy(struct spool *sp, const struct interrupt_config *c,
		       struct interrupts *o, struct reservoir *keep, struct interrupt_scan *k)
{
	struct interrupts alt = *o;
	int rc = judge_above_tail(sp, c, &alt, keep, k, tail_goes_on);
	/* said only where it would change the count: one cost at 1.5 to 1.85
	 * times the threshold in a spread puts a few runs beyond twice it,
	 * and the count were they the spread's lay within 2% of the count */
	int apart = o->per_s > 0 ? alt.per_s < INTERRUPTS_HEAVY_APART * o->per_s
				 : (double)alt.events < INTERRUPTS_HEAVY_APART * (double)o->events;
	if (rc == 0 && apart)
		o->heavy = (struct heavy_tail){ alt.spread_tail, alt.events, alt.per_s,
						alt.threshold_relative };
	return rc;
}

/* The runs counted mix interruptions and the tail of the runs' own
 * spread (interrupts.h: mixed_tail). */
static int mixed_tail(const struct interrupts *o)
{
	return !o->threshold_given && !o->saturated && !o->proportional && o->spread_tail == 0 &&
	       o->heavy.runs == 0 && !heavy_tail(o) && fabs(o->near_growth) <= INTERRUPTS_TAIL_ALIKE &&
	       o->near_share >= INTERRUPTS_NEAR_SHARE &&
	       o->near_runs >= INTERRUPTS_NEAR_COUNTED * (double)o->events;
}

/* The events of the N below the longest third's (by minimum) and up to
 * INTERRUPTS_SHORT_REACH of its mean minimum, against those interruptions
 * would leave there at least (interrupts.h: short_expected): each such
 * N's runs times the longest third's share of events times its minimum
 * over that mean.  A chance P(m) of an event that grows no faster than
 * the run (P(m) / m falling: concave from 0, or a threshold that rises
 * with the run) is at least P(mean) m / mean below the mean, and the
 * third's mean share at most P(mean).  So of the events of both sets,
 * the short set's share is at least its share p0 of that exposure; how
 * unlikely so few are, were it p0, is short_p (binomial).  In events
 * kept, of the reservoir's sample ev (a uniform sample: the same
 * split). */
static void short_runs_of(struct interrupts *o, const struct interrupt_config *c,
			  const struct periodic_event *ev, size_t n)
{
	const struct point_set *s = c->points;
	size_t np = s->count;
	o->short_expected = o->short_seen = o->short_p = NAN;
	if (n == 0 || np < 6 || o->saturated || o->threshold_given)
		return;
	uint32_t *kept = calloc(np, sizeof *kept);
	double *m = malloc(np * sizeof *m);
	if (kept == NULL || m == NULL) {
		free(kept), free(m);
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (ev[i].tag < np)
			kept[ev[i].tag]++;
	for (size_t i = 0; i < np; i++)
		m[i] = s->p[i].min;
	double cut = select_kth(m, np, (2 * np) / 3);
	double runs = 0, sum = 0;
	unsigned held = 0, seen = 0;
	for (size_t i = 0; i < np; i++)
		if (s->p[i].min >= cut) {
			runs += s->p[i].count;
			held += kept[i];
			sum += s->p[i].min * s->p[i].count;
		}
	double mean = runs > 0 ? sum / runs : 0, exposure = 0;
	double reach = fmin(cut, INTERRUPTS_SHORT_REACH * mean);
	for (size_t i = 0; i < np && mean > 0; i++)
		if (s->p[i].min > 0 && s->p[i].min < reach) {
			exposure += s->p[i].count * s->p[i].min / mean;
			seen += kept[i];
		}
	if (exposure > 0 && held > 0) {
		o->short_expected = exposure * held / runs;
		o->short_seen = seen;
		o->short_p = gsl_cdf_binomial_P(seen, exposure / (exposure + runs), seen + held);
	}
	free(kept), free(m);
}

int interrupts_find(struct spool *sp, const struct interrupt_config *c,
		    struct interrupt_scan *k, struct interrupts *o)
{
	struct reservoir keep = { 0 };
	memset(o, 0, sizeof *o);
	int rc = -1;
	if (first_look(k, o) == 0 &&
	    reservoir_init(&keep, EVENTS_KEEP, sizeof(struct periodic_event)) == 0) {
		threshold_of(c, &k->add, &k->rel, o);
		threshold_cap_of(c, o);
		rc = judge_events(sp, c, o, &keep, k, NULL);
	}
	if (rc == 0) {
		growth_of(o, c, (const struct periodic_event *)keep.v, keep.kept);
		if (o->proportional)
			rc = judge_again(sp, c, o, &keep, k);
		else if (spread_tail(o))
			rc = judge_above_tail(sp, c, o, &keep, k, spread_tail);
		if (rc == 0 && o->proportional) {	/* what is left: a fixed cost? */
			o->growth_again = growth_left(c, (const struct periodic_event *)keep.v,
						      keep.kept);
			o->still_slowed = o->growth_again >= INTERRUPTS_SPEED_GROWTH;
		}
		if (rc == 0)	/* of the events as judged last */
			short_runs_of(o, c, (const struct periodic_event *)keep.v, keep.kept);
		if (rc == 0 && !o->proportional && o->spread_tail == 0 && heavy_tail(o))
			rc = judge_heavy(sp, c, o, &keep, k);	/* keep's last use */
	}
	o->mixed_tail = rc == 0 && mixed_tail(o);
	free(keep.v);
	interrupts_scan_free(k);
	return rc;
}
