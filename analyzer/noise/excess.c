/*
 * excess.c - histogram, quantiles, and the per-sample excess file.
 */
#include "excess.h"

#include "outfile.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The step function under the line's value f. */
static double step_under(const struct excess_config *c, double f)
{
	return c->tick * floor(f / c->tick);
}

int excess_prepare(struct excess_config *c, const struct point_set *s)
{
	c->line_at = malloc((s->count ? s->count : 1) * sizeof *c->line_at);
	c->step_at = malloc((s->count ? s->count : 1) * sizeof *c->step_at);
	if (c->line_at == NULL || c->step_at == NULL) {
		excess_config_free(c);
		return -1;
	}
	for (size_t i = 0; i < s->count; i++) {
		c->line_at[i] = lv_value(c->line, s->p[i].n);
		c->step_at[i] = c->tick > 0 ? step_under(c, c->line_at[i]) : 0;
	}
	c->points = s->count;
	return 0;
}

void excess_config_free(struct excess_config *c)
{
	free(c->line_at);
	free(c->step_at);
	c->line_at = c->step_at = NULL;
	c->points = 0;
}

void excess_of(const struct excess_config *c, const struct spool_record *r,
	       double *excess, double *excess_step)
{
	if (c->line_at != NULL && r->i < c->points) {
		*excess = r->t - c->line_at[r->i];
		*excess_step = c->tick > 0 ? r->t - c->step_at[r->i] : *excess;
		return;
	}
	double f = lv_value(c->line, r->n);
	*excess = r->t - f;
	*excess_step = c->tick > 0 ? r->t - step_under(c, f) : *excess;
}

static void edges_init(struct excess_edges *o)
{
	for (int j = 0; j <= EXCESS_BINS_PER_OCTAVE; j++)
		o->edge[j] = exp2((double)j / EXCESS_BINS_PER_OCTAVE);
	o->edge[EXCESS_BINS_PER_OCTAVE] = 2;
	int j = 0;
	for (int k = 0; k < EXCESS_EDGE_SLICES; k++) {
		double m = 1 + (double)k / EXCESS_EDGE_SLICES;
		while (j + 1 < EXCESS_BINS_PER_OCTAVE && m >= o->edge[j + 1])
			j++;
		o->first[k] = (uint8_t)j;
	}
}

/* 1 + floor(128 log2(e / base)), at most the last bin: the octave from
 * the exponent of e / base, the place in it from its mantissa's slice and
 * the one edge the slice may hold; 0 at or below base.  From the bits:
 * no library call in a loop over every sample. */
static size_t bin_of(double e, double base, const struct excess_edges *o)
{
	if (!(e > base))
		return 0;
	if (!isfinite(e / base))
		return EXCESS_BINS - 1;
	double x = e / base, m;	/* x = m 2^octave, m in [1, 2): x >= 1 */
	uint64_t bits;
	memcpy(&bits, &x, sizeof bits);
	int octave = (int)((bits >> 52) & 0x7ff) - 1023;
	if (octave >= EXCESS_OCTAVES)
		return EXCESS_BINS - 1;
	uint64_t frac = bits & ((UINT64_C(1) << 52) - 1);
	bits = frac | (UINT64_C(1023) << 52);
	memcpy(&m, &bits, sizeof m);
	int j = o->first[frac >> (52 - EXCESS_EDGE_SLICE_BITS)];
	j += m >= o->edge[j + 1];
	return 1 + (size_t)octave * EXCESS_BINS_PER_OCTAVE + (size_t)j;
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

int excess_begin(struct excess_counter *k, const struct excess_config *c,
		 struct excess_summary *s)
{
	memset(s, 0, sizeof *s);
	s->base = c->on_line_width > 0 ? c->on_line_width / 64 : 1e-9;
	s->hist = calloc(EXCESS_BINS, sizeof *s->hist);
	*k = (struct excess_counter){ .c = c, .s = s, .at_lo = UINT64_MAX,
				      .rest_at = { UINT64_MAX, UINT64_MAX },
				      .lo = INFINITY, .hi = -INFINITY };
	edges_init(&k->edges);
	return s->hist != NULL ? 0 : -1;
}

void excess_take(struct excess_counter *k, const struct spool_record *r, size_t n)
{
	const struct excess_config *c = k->c;
	/* the sums in locals: the histogram's counts could alias them */
	uint64_t samples = k->samples, on_line = k->on_line, near_line = k->near_line;
	uint64_t at_lo = k->at_lo, at_hi = k->at_hi, *hist = k->s->hist;
	double lo = k->lo, hi = k->hi, base = k->s->base;
	int fetch = c->line_at != NULL && c->points > SPOOL_FETCH_POINTS;
	for (size_t j = 0; j < n; j++) {
		double e, es;
		if (fetch && j + SPOOL_AHEAD < n && r[j + SPOOL_AHEAD].i < c->points) {
			__builtin_prefetch(&c->line_at[r[j + SPOOL_AHEAD].i]);
			__builtin_prefetch(&c->step_at[r[j + SPOOL_AHEAD].i]);
		}
		excess_of(c, &r[j], &e, &es);
		hist[bin_of(e, base, &k->edges)]++;
		lo = e < lo ? e : lo;
		hi = e > hi ? e : hi;
		samples++;
		on_line += es <= c->on_line_width;
		/* near the line: within 2 ticks or 1% of it (the line's value
		 * is t - e) */
		near_line += e <= fmax(2 * c->on_line_width, 0.01 * (r[j].t - e));
		if (r[j].at != SPOOL_NO_AT) {
			at_lo = r[j].at < at_lo ? r[j].at : at_lo;
			at_hi = r[j].at > at_hi ? r[j].at : at_hi;
		}
		for (int b = 0; b < 2; b++)
			if (r[j].i == c->rest[b] && r[j].t == c->rest_min[b] &&
			    k->rest_at[b] == UINT64_MAX)
				k->rest_at[b] = r[j].at;
	}
	k->samples = samples, k->on_line = on_line, k->near_line = near_line;
	k->at_lo = at_lo, k->at_hi = at_hi, k->lo = lo, k->hi = hi;
}

void excess_end(struct excess_counter *k)
{
	const struct excess_config *c = k->c;
	struct excess_summary *s = k->s;
	s->rest_at[0] = k->rest_at[0];
	s->rest_at[1] = k->rest_at[1];
	s->samples = k->samples;
	s->min = k->samples ? k->lo : 0;
	s->max = k->samples ? k->hi : 0;
	s->on_line = k->on_line;
	s->near_line = k->near_line;
	s->have_at = k->at_lo != UINT64_MAX;
	if (s->have_at && c->unit_ns > 0)
		s->seconds = (double)(k->at_hi - k->at_lo) * c->unit_ns * 1e-9;
	s->at_lo = k->at_lo;
	s->at_hi = k->at_hi;
	const double q[4] = { 0.5, 0.9, 0.99, 0.999 };
	for (int i = 0; i < 4; i++)
		s->quantile[i] = quantile(s, q[i], &s->quantile_bound[i]);
}

static void excess_file_header(FILE *f, const struct excess_config *c,
			       const struct excess_labels *lb)
{
	fprintf(f, "# subtick excess 1\n");
	fprintf(f, "# line: t = %.17g + %.17g * n\n", c->line->intercept, c->line->slope);
	fprintf(f, "# tick: %.17g\n", c->tick);
	if (lb != NULL)
		lb->legend(lb->ctx, f);
	fprintf(f, "# columns: n t at excess excess_step%s\n", lb ? " attribution" : "");
}

static int excess_file_line(FILE *f, const struct excess_config *c,
			    const struct spool_record *r, double e, double es, const char *label)
{
	char at[24] = "nan";
	if (r->at != SPOOL_NO_AT)
		snprintf(at, sizeof at, "%llu", (unsigned long long)r->at);
	const char *sep = label ? "\t" : "", *lab = label ? label : "";
	if (c->integer_t)
		return fprintf(f, "%llu\t%.0f\t%s\t%.10g\t%.10g%s%s\n",
			       (unsigned long long)r->n, r->t, at, e, es, sep, lab);
	return fprintf(f, "%llu\t%.17g\t%s\t%.10g\t%.10g%s%s\n",
		       (unsigned long long)r->n, r->t, at, e, es, sep, lab);
}

static int file_pass(struct spool *sp, const struct excess_config *c,
		     const struct excess_labels *lb, FILE *out)
{
	struct spool_record r;
	uint64_t i = 0;
	int k;
	char buf[32];
	if (spool_rewind(sp) != 0)
		return -1;
	while ((k = spool_get(sp, &r)) == 1) {
		double e, es;
		excess_of(c, &r, &e, &es);
		const char *label = lb ? lb->label(lb->ctx, i, &r, buf, sizeof buf) : NULL;
		i++;
		if (excess_file_line(out, c, &r, e, es, label) < 0)
			return -2;	/* the excess file could not be written */
	}
	return k;
}

int excess_write(struct spool *sp, const struct excess_config *c,
		 const struct excess_labels *labels, char *err, size_t err_len)
{
	err[0] = '\0';
	if (c->excess_path == NULL)
		return 0;
	struct outfile of;
	if (outfile_open(&of, c->excess_path, err, err_len) != 0)
		return -2;
	excess_file_header(of.f, c, labels);
	int rc = file_pass(sp, c, labels, of.f);
	if (rc != 0)
		outfile_abandon(&of);
	if (rc == -2)
		snprintf(err, err_len, "%s", strerror(errno ? errno : EIO));
	else if (rc != 0)
		snprintf(err, err_len, "cannot read back the samples: %s", strerror(errno));
	if (rc == 0 && outfile_commit(&of) != 0) {
		snprintf(err, err_len, "%s", strerror(errno ? errno : EIO));
		rc = -2;
	}
	return rc;
}

int excess_analyze(struct spool *sp, const struct excess_config *c,
		   struct excess_summary *s, char *err, size_t err_len)
{
	struct excess_counter *k = malloc(sizeof *k);
	struct spool_record r[SPOOL_BATCH];
	long n = -1;
	if (k != NULL && excess_begin(k, c, s) == 0 && spool_rewind(sp) == 0)
		while ((n = spool_read(sp, r, SPOOL_BATCH)) > 0)
			excess_take(k, r, (size_t)n);
	if (n == 0)
		excess_end(k);
	free(k);
	if (n != 0) {
		snprintf(err, err_len, "cannot read back the samples: %s",
			 strerror(errno ? errno : ENOMEM));
		return -1;
	}
	return excess_write(sp, c, NULL, err, err_len);
}

void excess_free(struct excess_summary *s)
{
	free(s->hist);
	s->hist = NULL;
}
