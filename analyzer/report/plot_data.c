/*
 * plot_data.c - the data files of the collection's figures (plot_data.h).
 */
#include "plot_data.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "plot_model.h"

/* Times in the figures: ms when unit_ns is known, else clock units. */
double plot_time_scale(const struct analysis *a)
{
	return a->unit_ns > 0 ? a->unit_ns * 1e-6 : 1;
}

char *plot_time_unit(const struct analysis *a)
{
	return a->unit_ns > 0 ? "ms" : a->files_bare ? "units of the input"
						    : "clock units";
}

/* What t is measured in, for the axes. */
char *plot_value_unit(const struct analysis *a)
{
	return a->files_bare ? "units of the input" : "clock units";
}

/* What one unit of N is, for the N axis. */
char *plot_n_unit(const struct analysis *a)
{
	return a->per[0] ? (char *)a->per : "units of work";
}

/* One line of samples.txt's. */
static void sample_line(FILE *f, const struct spool_record *r, double e, double es, double when,
			int hit, double res, int cls)
{
	if (isnan(when))
		fprintf(f, "%llu %.17g %.10g %.10g nan %d %.10g %d\n", (unsigned long long)r->n,
			r->t, e, es, hit, res, cls);
	else
		fprintf(f, "%llu %.17g %.10g %.10g %.10g %d %.10g %d\n", (unsigned long long)r->n,
			r->t, e, es, when, hit, res, cls);
}

/* samples.txt: n t excess excess_step time interrupted residual class,
 * thinned to about the settings' plot_samples (PLOT_SAMPLES_MAX): every
 * k-th sample, and every interrupted one while those are fewer than that
 * (else every k-th of them too: an HTML page's inline figures hold every
 * point drawn).  Every run enters the model's histogram (m), and m->span
 * is the last start drawn.  Two extracts of it, so that a figure that
 * draws a part reads no more than that part: marked.txt, its lines of a
 * class but the jitter's; others.txt, one line in as many as the model
 * has sources (the grey background of each source's panel). */
static int write_samples(struct analysis *a, const char *dir, struct plot_model *m)
{
	FILE *f = plot_open_in(dir, "samples.txt");
	FILE *mk = f ? plot_open_in(dir, "marked.txt") : NULL;
	FILE *ot = mk ? plot_open_in(dir, "others.txt") : NULL;
	if (ot == NULL || spool_rewind(&a->spool) != 0) {
		FILE *all[] = { f, mk, ot };
		for (size_t j = 0; j < 3; j++)
			if (all[j])
				fclose(all[j]);
		return -1;
	}
	uint64_t most = a->opt->plot_samples ? a->opt->plot_samples : PLOT_SAMPLES_MAX;
	uint64_t every = a->points.samples / most + 1, i = 0, at0 = SPOOL_NO_AT, hits = 0;
	uint64_t every_hit = a->diag.counts.events / most + 1, kept = 0;
	uint64_t thin = a->diag.sources.count > 1 ? a->diag.sources.count : 1;
	double ts = plot_time_scale(a), xs = plot_excess_scale(a);
	struct spool_record r;
	int k;
	const char *head = "# n t excess excess_step time interrupted residual class";
	fprintf(f, "%s (one sample in %llu, and one interrupted in %llu; residual: over the N's "
		   "floor at the run's speed, %s; class: 0 jitter, 1 speed, 2 unexplained, 3 + K "
		   "source K + 1)\n", head, (unsigned long long)every, (unsigned long long)every_hit,
		plot_excess_unit(a));
	fprintf(mk, "%s (samples.txt's lines of class 1 and above)\n", head);
	fprintf(ot, "%s (one line of samples.txt's in %llu)\n", head, (unsigned long long)thin);
	while ((k = spool_get(&a->spool, &r)) == 1) {
		double e, es, res;
		excess_of(&a->excess_cfg, &r, &e, &es);
		if (at0 == SPOOL_NO_AT && r.at != SPOOL_NO_AT)
			at0 = r.at;
		int who = diagnosis_attribute(&a->diag, &a->points, i, &r, &res);
		int hit = who >= ATTRIBUTED_UNEXPLAINED, cls = plot_class_of(who);
		plot_model_take(m, res, cls);
		int keep = i++ % every == 0 || (hit && hits % every_hit == 0);
		hits += hit;
		if (!keep)
			continue;
		double when = r.at != SPOOL_NO_AT ? (double)(r.at - at0) * ts : NAN;
		if (!isnan(when))
			m->span = when > m->span ? when : m->span;
		sample_line(f, &r, e, es, when, hit, res * xs, cls);
		if (cls >= 1)
			sample_line(mk, &r, e, es, when, hit, res * xs, cls);
		if (kept++ % thin == 0)
			sample_line(ot, &r, e, es, when, hit, res * xs, cls);
	}
	int bad = plot_close(f) != 0;
	bad |= plot_close(mk) != 0;
	bad |= plot_close(ot) != 0;
	return !bad && k == 0 ? 0 : -1;
}

/* minima.txt: n minimum mean runs excess_of_minimum */
static void minima_rows(FILE *f, const struct analysis *a)
{
	for (size_t i = 0; i < a->points.count; i++) {
		const struct point *p = &a->points.p[i];
		fprintf(f, "%llu %.17g %.17g %llu %.10g\n", (unsigned long long)p->n,
			p->min, p->mean, (unsigned long long)p->count,
			p->min - lv_value(&a->fit, p->n));
	}
}

int plot_write_minima_as(const struct analysis *a, const char *dir,
			   const char *name)
{
	return plot_write_minima_blocks(&a, 1, dir, name);
}

int plot_write_minima_blocks(const struct analysis *const *x, size_t count,
			     const char *dir, const char *name)
{
	FILE *f = plot_open_in(dir, name);
	if (f == NULL)
		return -1;
	fprintf(f, "# n minimum mean runs excess_of_minimum\n");
	for (size_t i = 0; i < count; i++) {
		if (i > 0)
			fputs("\n\n", f);	/* gnuplot's next index */
		minima_rows(f, x[i]);
	}
	return plot_close(f);
}

static int write_minima(const struct analysis *a, const char *dir)
{
	return plot_write_minima_as(a, dir, "minima.txt");
}

/* histogram.txt: lo hi count share_above_hi, 8 bins per octave. */
static int write_histogram(const struct analysis *a, const char *dir)
{
	const struct excess_summary *e = &a->excess;
	FILE *f = plot_open_in(dir, "histogram.txt");
	if (f == NULL)
		return -1;
	enum { GROUP = EXCESS_BINS_PER_OCTAVE / 8 };
	uint64_t below = e->hist[0], total = e->samples ? e->samples : 1;
	fprintf(f, "# lo hi count share_above_hi (excess, clock units; bin 0 is [0, %.6g])\n", e->base);
	fprintf(f, "0 %.10g %llu %.10g\n", e->base, (unsigned long long)e->hist[0],
		(double)(total - below) / (double)total);
	for (size_t g = 1; g < EXCESS_BINS; g += GROUP) {
		uint64_t c = 0;
		for (size_t i = g; i < g + GROUP && i < EXCESS_BINS; i++)
			c += e->hist[i];
		below += c;
		if (c == 0)
			continue;
		double lo = e->base * exp2((double)(g - 1) / EXCESS_BINS_PER_OCTAVE);
		fprintf(f, "%.10g %.10g %llu %.10g\n", lo, lo * exp2(1.0 / 8),
			(unsigned long long)c, (double)(total - below) / (double)total);
	}
	return plot_close(f);
}

/* period.txt: the times phase + k period across the collection. */
const struct source *plot_strongest_periodic(const struct analysis *a)
{
	const struct sources *ss = &a->diag.sources;
	for (size_t i = 0; i < ss->count; i++)
		if (ss->s[i].kind == SOURCE_PERIODIC)
			return &ss->s[i];
	return NULL;
}

static int write_period(const struct analysis *a, const char *dir, double span)
{
	const struct source *src = plot_strongest_periodic(a);
	const struct marks *p = src ? &src->marks : NULL;
	FILE *f = plot_open_in(dir, "period.txt");
	if (f == NULL)
		return -1;
	fprintf(f, "# times of the period's marks\n");
	if (p != NULL && p->period > 0) {
		double s = plot_time_scale(a);	/* clock units -> ms */
		for (double t = p->phase; t * s <= span && t < p->phase + 5000 * p->period;
		     t += p->period)
			fprintf(f, "%.10g\n", t * s);
	}
	return plot_close(f);
}

/* The title of every figure: what was timed, on which clock, and the
 * result.  Holds text from the input; it only ever travels as a string
 * argument (ARG4). */
static int write_speed(const struct analysis *a, const char *dir)
{
	const struct speed_states *ss = &a->diag.speed;
	FILE *f = plot_open_in(dir, "windows.txt");
	if (f == NULL)
		return -1;
	double ts = plot_time_scale(a), fast = ss->judged ? ss->fastest : 1;
	fprintf(f, "# time window_speed fitted_speed state_factor label (speeds over the per-N minima; the state's over the fastest state's; label: its factor where a stretch of 5%% of the time or more begins, else -)\n");
	for (size_t i = 0; i < ss->windows; i++) {
		/* a state's factor, or in a ramp the window's own */
		double factor = (ss->w_state[i] == SPEED_RAMP ? ss->w_fit[i]
				 : ss->s[ss->w_state[i]].level) / fast;
		char label[32] = "-";
		if (i == 0 || ss->w_fit[i - 1] != ss->w_fit[i]) {	/* a stretch begins */
			size_t j = i;
			while (j < ss->windows && ss->w_fit[j] == ss->w_fit[i])
				j++;
			double until = j < ss->windows ? ss->w_at[j] : ss->span;
			if (until - ss->w_at[i] >= 0.05 * ss->span)
				snprintf(label, sizeof label, "%.3g", factor);
		}
		fprintf(f, "%.10g %.10g %.10g %.10g %s\n", ss->w_at[i] * ts, ss->w_speed[i],
			ss->w_fit[i], factor, label);
	}
	return plot_close(f);
}

int plot_write_data(struct analysis *a, const char *dir, FILE *err)
{
	struct plot_model m;
	int rc = plot_model_begin(&m, a);
	if (rc == 0 && (write_samples(a, dir, &m) != 0 || plot_model_write(&m, a, dir) != 0 ||
			write_minima(a, dir) != 0 || write_histogram(a, dir) != 0 ||
			write_period(a, dir, m.span) != 0 || write_speed(a, dir) != 0))
		rc = -1;
	plot_model_free(&m);
	if (rc != 0)
		fprintf(err, "analyze: %s: cannot write the plot data: %s\n", dir,
			strerror(errno ? errno : EIO));
	return rc;
}
