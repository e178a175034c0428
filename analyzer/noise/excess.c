/*
 * excess.c - histogram, quantiles, interrupt-like excesses, their period,
 * and the per-sample excess file.
 */
#include "excess.h"

#include "outfile.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void excess_of(const struct excess_config *c, const struct spool_record *r,
	       double *excess, double *excess_step)
{
	double f = lv_value(c->line, r->n);
	*excess = r->t - f;
	*excess_step = c->tick > 0 ? r->t - c->tick * floor(f / c->tick) : *excess;
}

static size_t bin_of(double e, double base)
{
	if (!(e > base))
		return 0;
	double i = 1 + floor(EXCESS_BINS_PER_OCTAVE * log2(e / base));
	return i >= EXCESS_BINS ? EXCESS_BINS - 1 : (size_t)i;
}

/* Upper edge of a bin: quantiles err on the high side by < 0.55%. */
static double bin_top(size_t i, double base)
{
	return base * exp2((double)i / EXCESS_BINS_PER_OCTAVE);
}

/* The q-quantile as the top of its bin (0.55% wide, so a bound within
 * 0.55%), except in the first bin, [0, base], which says only that it is
 * at most base: *bound = 1 then. */
static double quantile(const struct excess_summary *s, double q, int *bound)
{
	uint64_t want = (uint64_t)ceil(q * (double)s->samples), seen = 0;
	*bound = 0;
	for (size_t i = 0; i < EXCESS_BINS; i++) {
		seen += s->hist[i];
		if (seen >= want && seen > 0) {
			double v = bin_top(i, s->base);
			*bound = i == 0 && v < s->max && s->min < v;
			return v < s->max ? v : s->max;
		}
	}
	return s->max;
}

static int histogram_pass(struct spool *sp, const struct excess_config *c,
			  struct excess_summary *s)
{
	struct spool_record r;
	int k;
	uint64_t at_lo = UINT64_MAX, at_hi = 0;
	if (spool_rewind(sp) != 0)
		return -1;
	while ((k = spool_get(sp, &r)) == 1) {
		double e, es;
		excess_of(c, &r, &e, &es);
		s->hist[bin_of(e, s->base)]++;
		if (s->samples == 0 || e < s->min)
			s->min = e;
		if (s->samples == 0 || e > s->max)
			s->max = e;
		s->samples++;
		s->on_line += es <= c->on_line_width;
		/* near the line: within 2 ticks or 1% of it (the line's value
		 * is t - e) */
		s->near_line += e <= fmax(2 * c->on_line_width, 0.01 * (r.t - e));
		if (r.at != SPOOL_NO_AT) {
			at_lo = r.at < at_lo ? r.at : at_lo;
			at_hi = r.at > at_hi ? r.at : at_hi;
			s->have_at = 1;
		}
	}
	if (s->have_at && c->unit_ns > 0)
		s->seconds = (double)(at_hi - at_lo) * c->unit_ns * 1e-9;
	s->at_lo = at_lo;
	s->at_hi = at_hi;
	return k;
}

static void excess_file_header(FILE *f, const struct excess_config *c)
{
	fprintf(f, "# subtick excess 1\n");
	fprintf(f, "# line: t = %.17g + %.17g * n\n", c->line->intercept, c->line->slope);
	fprintf(f, "# tick: %.17g\n", c->tick);
	fprintf(f, "# columns: n t at excess excess_step\n");
}

static int excess_file_line(FILE *f, const struct excess_config *c,
			    const struct spool_record *r, double e, double es)
{
	char at[24] = "nan";
	if (r->at != SPOOL_NO_AT)
		snprintf(at, sizeof at, "%llu", (unsigned long long)r->at);
	if (c->integer_t)
		return fprintf(f, "%llu\t%.0f\t%s\t%.10g\t%.10g\n",
			       (unsigned long long)r->n, r->t, at, e, es);
	return fprintf(f, "%llu\t%.17g\t%s\t%.10g\t%.10g\n",
		       (unsigned long long)r->n, r->t, at, e, es);
}

/* Start times of the samples above each of EVENT_LEVELS thresholds,
 * threshold * 2^j: a periodic disturbance (the timer interrupt) may stand
 * out only above the other noise. */
enum { EVENTS_MAX = 1000000, EVENT_LEVELS = 7 };

struct events {
	double *t;
	size_t n, cap;
};

static void event_add(struct events *ev, double t)
{
	if (ev->n == ev->cap) {
		size_t cap = ev->cap ? 2 * ev->cap : 1024;
		double *p = cap <= EVENTS_MAX ? realloc(ev->t, cap * sizeof *p) : NULL;
		if (p == NULL)
			return;	/* past the cap: the period needs no more */
		ev->t = p;
		ev->cap = cap;
	}
	ev->t[ev->n++] = t;
}

/* A uniform sample of every run's start time: the null model of the
 * period search (period.h).  Reservoir sampling, xorshift: reproducible. */
enum { STARTS_KEEP = 16384 };

struct starts {
	double t[STARTS_KEEP];
	size_t kept;
	uint64_t seen, x;
};

static void starts_offer(struct starts *st, double t)
{
	st->seen++;
	if (st->kept < STARTS_KEEP) {
		st->t[st->kept++] = t;
		return;
	}
	st->x ^= st->x << 13, st->x ^= st->x >> 7, st->x ^= st->x << 17;
	uint64_t j = st->x % st->seen;
	if (j < STARTS_KEEP)
		st->t[j] = t;
}

static int event_pass(struct spool *sp, const struct excess_config *c,
		      struct excess_summary *s, struct events *ev,
		      struct starts *st, FILE *out)
{
	struct spool_record r;
	int k;
	uint64_t at0 = UINT64_MAX;
	double scale = c->unit_ns > 0 ? c->unit_ns : 1;
	if (spool_rewind(sp) != 0)
		return -1;
	while ((k = spool_get(sp, &r)) == 1) {
		double e, es;
		excess_of(c, &r, &e, &es);
		if (at0 == UINT64_MAX && r.at != SPOOL_NO_AT)
			at0 = r.at;
		if (st != NULL && r.at != SPOOL_NO_AT)
			starts_offer(st, (double)(r.at - at0) * scale);
		if (e > s->threshold) {
			s->large++;
			double level = s->threshold;
			for (int j = 0; j < EVENT_LEVELS && e > level; j++, level *= 2)
				if (r.at != SPOOL_NO_AT)
					event_add(&ev[j], (double)(r.at - at0) * scale);
		}
		if (out != NULL &&
		    excess_file_line(out, c, &r, e, es) < 0)
			return -2;	/* the excess file could not be written */
	}
	return k;
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The most significant period over the levels. */
static void find_period(struct events *ev, const struct starts *st,
			struct excess_summary *s)
{
	struct period_result best = { 0 };
	best.events = ev[0].n;
	for (int j = 0; j < EVENT_LEVELS; j++) {
		struct period_result p;
		/* a level holding the same events as the one below adds
		 * nothing */
		if (j > 0 && ev[j].n == ev[j - 1].n)
			continue;
		if (ev[j].n > 1)	/* qsort(NULL, 0) is undefined */
			qsort(ev[j].t, ev[j].n, sizeof *ev[j].t, by_double);
		period_detect(ev[j].t, ev[j].n, st ? st->t : NULL, st ? st->kept : 0, &p);
		if (p.found && (!best.found || p.log10_p < best.log10_p)) {
			best = p;
			best.level = s->threshold * exp2(j);
		}
	}
	s->period = best;
}

int excess_analyze(struct spool *sp, const struct excess_config *c,
		   struct excess_summary *s, char *err, size_t err_len)
{
	memset(s, 0, sizeof *s);
	err[0] = '\0';
	s->hist = calloc(EXCESS_BINS, sizeof *s->hist);
	s->base = c->on_line_width > 0 ? c->on_line_width / 64 : 1e-9;
	if (s->hist == NULL || histogram_pass(sp, c, s) != 0) {
		snprintf(err, err_len, "cannot read back the samples: %s", strerror(errno));
		return -1;
	}
	const double q[4] = { 0.5, 0.9, 0.99, 0.999 };
	for (int i = 0; i < 4; i++)
		s->quantile[i] = quantile(s, q[i], &s->quantile_bound[i]);
	/* Interrupt-like: far above both the tick and the typical excess. */
	s->threshold_given = c->threshold > 0;
	s->threshold = c->threshold > 0 ? c->threshold
		: fmax(10 * c->on_line_width, 10 * s->quantile[0]);

	struct outfile of;
	FILE *out = NULL;
	if (c->excess_path != NULL) {
		if (outfile_open(&of, c->excess_path, err, err_len) != 0)
			return -2;
		out = of.f;
		excess_file_header(out, c);
	}
	struct events ev[EVENT_LEVELS] = { { 0 } };
	struct starts *st = malloc(sizeof *st);
	if (st != NULL)
		st->kept = 0, st->seen = 0, st->x = 0x2545f4914f6cdd1du;
	int rc = event_pass(sp, c, s, ev, st, out);
	if (out != NULL && rc != 0)
		outfile_abandon(&of);
	if (out != NULL && rc == -2)
		snprintf(err, err_len, "%s", strerror(errno ? errno : EIO));
	if (out != NULL && rc == 0 && outfile_commit(&of) != 0) {
		snprintf(err, err_len, "%s", strerror(errno ? errno : EIO));
		rc = -2;
	}
	if (rc == 0) {
		if (s->seconds > 0)
			s->large_per_s = (double)s->large / s->seconds;
		find_period(ev, st, s);
	} else if (err[0] == '\0') {
		snprintf(err, err_len, "cannot read back the samples: %s", strerror(errno));
	}
	for (int j = 0; j < EVENT_LEVELS; j++)
		free(ev[j].t);
	free(st);
	return rc;
}

void excess_free(struct excess_summary *s)
{
	free(s->hist);
	s->hist = NULL;
}
