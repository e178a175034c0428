/*
 * plot_model.c - the model's data for the figures (plot_model.h).
 */
#include "plot_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "plot_data.h"
#include "report_sources.h"
#include "tail.h"

/* At most this many N enter the jitter's expected counts: beyond, every
 * k-th, weighted k (each N's sum is a few hundred survival values). */
enum { MODEL_CURVE_POINTS = 4096 };

int plot_class_of(int attribution)
{
	switch (attribution) {
	case ATTRIBUTED_SPEED: return PLOT_CLASS_SPEED;
	case ATTRIBUTED_UNEXPLAINED: return PLOT_CLASS_UNEXPLAINED;
	case ATTRIBUTED_JITTER:
	case ATTRIBUTED_NONE: return PLOT_CLASS_JITTER;
	default:
		return attribution >= 0 && attribution < SOURCES_MAX ? PLOT_CLASS_SOURCE + attribution
								   : PLOT_CLASS_JITTER;
	}
}

double plot_excess_scale(const struct analysis *a)
{
	return a->unit_ns > 0 ? a->unit_ns * 1e-3 : 1;
}

const char *plot_excess_unit(const struct analysis *a)
{
	return a->unit_ns > 0 ? "µs" : a->files_bare ? "units of the input" : "clock units";
}

int plot_model_begin(struct plot_model *m, const struct analysis *a)
{
	memset(m, 0, sizeof *m);
	m->base = a->diag.quantum > 0 ? a->diag.quantum : 1;
	m->count = calloc(PLOT_MODEL_BINS, sizeof *m->count);
	return m->count ? 0 : -1;
}

/* The bin of x: 0 at most base, else 1 + floor(8 log2(x / base)). */
static size_t bin_of(const struct plot_model *m, double x)
{
	if (!(x > m->base))
		return 0;
	double k = 1 + floor(PLOT_MODEL_PER_OCTAVE * log2(x / m->base));
	return k < PLOT_MODEL_BINS - 1 ? (size_t)k : PLOT_MODEL_BINS - 1;
}

static double bin_lo(const struct plot_model *m, size_t b)
{
	return b == 0 ? 0 : m->base * exp2((double)(b - 1) / PLOT_MODEL_PER_OCTAVE);
}

void plot_model_take(struct plot_model *m, double residual, int cls)
{
	m->count[bin_of(m, residual)][cls]++;
	m->runs++;
}

/* The jitter's expected runs in each bin, and above each bin's top: every
 * N's runs, times its bin's fitted tail's share between the edges (z = r /
 * scale; the tail from its u up: below u the fit says nothing). */
static void expected(const struct plot_model *m, const struct analysis *a, double *in,
		     double *above, size_t last)
{
	const struct jitter *j = &a->diag.jitter;
	const struct point_set *s = &a->points;
	size_t step = s->count / MODEL_CURVE_POINTS + 1;
	for (size_t p = 0; p < s->count && p < j->points; p += step) {
		const struct tail_fit *f = &j->bin[j->bin_of[p]].tail;
		double scale = j->scale[p], c = (double)s->p[p].count * (double)step;
		if (!f->ok || !(scale > 0))
			continue;
		for (size_t b = 1; b <= last; b++) {
			double z0 = bin_lo(m, b) / scale, z1 = bin_lo(m, b + 1) / scale;
			if (!(z1 > f->u))
				continue;
			double s0 = tail_survival(f, z0 > f->u ? z0 : f->u, 1), s1 = tail_survival(f, z1, 1);
			in[b] += c * (s0 - s1);
			above[b] += c * s1;
			if (c * s1 < 1e-6)
				break;
		}
	}
}

static int write_residual(const struct plot_model *m, const struct analysis *a, const char *dir)
{
	size_t last = 0;
	for (size_t b = 0; b < PLOT_MODEL_BINS; b++)
		for (int k = 0; k < PLOT_CLASSES; k++)
			last = m->count[b][k] ? b : last;
	double *in = calloc(last + 2, sizeof *in), *above = calloc(last + 2, sizeof *above);
	FILE *f = in && above ? plot_open_in(dir, "residual.txt") : NULL;
	if (f == NULL) {
		free(in);
		free(above);
		return -1;
	}
	if (a->diag.jitter.judged)
		expected(m, a, in, above, last);
	double x = plot_excess_scale(a), total = m->runs ? (double)m->runs : 1;
	uint64_t seen = 0;
	fprintf(f, "# lo hi (%s; bin 0 is [0, hi]) then runs of each class: jitter speed "
		   "unexplained source1..source%d, then all runs above hi (share), the jitter "
		   "model's runs in the bin and its share above hi (0: not modelled there)\n",
		plot_excess_unit(a), SOURCES_MAX);
	for (size_t b = 0; b <= last; b++) {
		uint64_t all = 0;
		for (int k = 0; k < PLOT_CLASSES; k++)
			all += m->count[b][k];
		seen += all;
		fprintf(f, "%.10g %.10g", bin_lo(m, b) * x, bin_lo(m, b + 1) * x);
		for (int k = 0; k < PLOT_CLASSES; k++)
			fprintf(f, " %llu", (unsigned long long)m->count[b][k]);
		fprintf(f, " %.10g %.10g %.10g\n", (total - (double)seen) / total, in[b],
			above[b] / total);
	}
	free(in);
	free(above);
	return plot_close(f);
}

/* attribution.gp: gnuplot assignments (numbers, and strings analyze makes
 * of numbers alone: no text of the input is in them). */
static int write_gp(const struct analysis *a, const struct sources *ss, const struct jitter *j,
		    double span, const char *dir)
{
	FILE *f = plot_open_in(dir, "attribution.gp");
	if (f == NULL)
		return -1;
	double x = plot_excess_scale(a), ms = plot_time_scale(a);
	size_t last = a->points.count ? a->points.count - 1 : 0;
	int judged = j && j->judged && j->points > last && !a->means;	/* a threshold */
	fprintf(f, "# the model's numbers for the figures (plots/model.gp)\n");
	fprintf(f, "XUNIT = \"%s\"\n", plot_excess_unit(a));
	fprintf(f, "xw = %.10e\n", (a->diag.quantum > 0 ? a->diag.quantum : 1) * x);
	fprintf(f, "judged = %d\n", judged);
	fprintf(f, "speed_why = \"%s\"\n", a->diag.speed.judged ? "" : analysis_speed_why(a));
	fprintf(f, "T_short = %.10e\nT_long = %.10e\n", judged ? jitter_threshold(j, 0) * x : 0.0,
		judged ? jitter_threshold(j, last) * x : 0.0);
	fprintf(f, "nsrc = %zu\n", ss->count);
	fprintf(f, "span = %.10e\n", span);
	for (size_t k = 0; k < ss->count; k++) {
		const struct source *s = &ss->s[k];
		char t[160];
		report_source_title(t, sizeof t, s, a->unit_ns);
		fprintf(f, "src_title%zu = \"source%zu: %s\"\n", k + 1, k + 1, t);
		fprintf(f, "src_kind%zu = %d\n", k + 1, (int)s->kind);
		fprintf(f, "src_period%zu = %.10e\nsrc_phase%zu = %.10e\n", k + 1,
			s->kind == SOURCE_PERIODIC ? s->marks.period * ms : 0.0, k + 1,
			s->kind == SOURCE_PERIODIC ? s->marks.phase * ms : 0.0);
		fprintf(f, "src_p%zu = %.4g\n", k + 1, isfinite(s->log10_p) ? s->log10_p : 0.0);
	}
	return plot_close(f);
}

int plot_model_write(const struct plot_model *m, const struct analysis *a, const char *dir)
{
	return write_residual(m, a, dir) == 0 &&
	       write_gp(a, &a->diag.sources, &a->diag.jitter, m->span, dir) == 0 ? 0 : -1;
}

int plot_model_write_trace(const struct analysis *a, const char *dir)
{
	return write_gp(a, &a->trace_sum.sources, NULL, 0, dir);
}

void plot_model_free(struct plot_model *m)
{
	free(m->count);
	m->count = NULL;
}
