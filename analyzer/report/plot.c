/*
 * plot.c - data files for the figures, and gnuplot -c plots/FIGURE.gp.
 */
#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gnuplot.h"
#include "outfile.h"
#include "plot_data.h"
#include "report.h"

#ifndef SUBTICK_PLOTS_DIR
#define SUBTICK_PLOTS_DIR "/usr/local/share/subtick/plots"
#endif

static const char *const figures[] = {
	"timings", "excess-n", "excess-distribution", "excess-time", "speed", "sources",
};

static const char *const data_files[] = {
	"samples.txt", "marked.txt", "others.txt", "minima.txt", "histogram.txt", "period.txt",
	"windows.txt", "residual.txt", "attribution.gp",
};

/* An activity trace's (plot_trace.c). */
static const char *const trace_figures[] = { "activity", "gaps" };
static const char *const trace_data_files[] = { "trace.txt", "gaphist.txt", "marks.txt",
						  "attribution.gp" };

struct figure_set {
	const char *const *figures, *const *data;
	size_t nfigures, ndata;
};

#define COUNT(x) (sizeof (x) / sizeof (x)[0])

_Static_assert(COUNT(figures) <= PLOT_FIGURES_MAX && COUNT(trace_figures) <= PLOT_FIGURES_MAX,
	       "gnuplot_draw: PLOT_FIGURES_MAX");

_Static_assert(COUNT(figures) + COUNT(data_files) + COUNT(trace_figures) +
	       COUNT(trace_data_files) <= PLOT_FILES_MAX, "plot_file_names: PLOT_FILES_MAX");

static struct figure_set figure_set(int trace)
{
	if (trace)
		return (struct figure_set){ trace_figures, trace_data_files,
					    COUNT(trace_figures), COUNT(trace_data_files) };
	return (struct figure_set){ figures, data_files, COUNT(figures), COUNT(data_files) };
}

static const char *extension(const char *format)
{
	return gnuplot_extension(format);
}

size_t plot_file_names(enum plot_set set, const char *format,
		       char names[][OUTFILE_NAME_MAX])
{
	size_t k = 0;
	if (set != PLOT_SET_ONE) {
		if (set == PLOT_SET_COMPARE) {
			snprintf(names[k++], OUTFILE_NAME_MAX, "minima_a.txt");
			snprintf(names[k++], OUTFILE_NAME_MAX, "minima_b.txt");
		} else
			snprintf(names[k++], OUTFILE_NAME_MAX, "minima_groups.txt");
		snprintf(names[k++], OUTFILE_NAME_MAX, "compare.%s", extension(format));
		return k;
	}
	for (int trace = 0; trace < 2; trace++) {
		struct figure_set fs = figure_set(trace);
		for (size_t i = 0; i < fs.ndata; i++)
			snprintf(names[k++], OUTFILE_NAME_MAX, "%s", fs.data[i]);
		for (size_t i = 0; i < fs.nfigures; i++)
			snprintf(names[k++], OUTFILE_NAME_MAX, "%s.%s", fs.figures[i],
				 extension(format));
	}
	return k;
}

static int exists(const char *dir, const char *file)
{
	char p[PATH_MAX];
	return snprintf(p, sizeof p, "%s/%s", dir, file) < (int)sizeof p &&
	       access(p, R_OK) == 0;
}

/* $SUBTICK_PLOTS, the build tree (next to this binary: build/plots), or
 * where meson installs them. */
static int find_scripts(char *out, size_t len)
{
	char exe[PATH_MAX];
	const char *env = getenv("SUBTICK_PLOTS");
	if (env && exists(env, "timings.gp"))
		return snprintf(out, len, "%s", env) < (int)len ? 0 : -1;
	ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (k > 0) {
		exe[k] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			if (snprintf(out, len, "%s/../plots", exe) < (int)len &&
			    exists(out, "timings.gp"))
				return 0;
		}
	}
	snprintf(out, len, "%s", SUBTICK_PLOTS_DIR);
	return exists(out, "timings.gp") ? 0 : -1;
}

static FILE *open_in(const char *dir, const char *name)
{
	char p[PATH_MAX];
	if (snprintf(p, sizeof p, "%s/%s", dir, name) >= (int)sizeof p)
		return NULL;
	return fopen(p, "w");
}

static int close_ok(FILE *f)
{
	int bad = ferror(f);
	return fclose(f) != 0 || bad ? -1 : 0;
}

FILE *plot_open_in(const char *dir, const char *name)
{
	return open_in(dir, name);
}

int plot_close(FILE *f)
{
	return close_ok(f);
}

static void title(const struct analysis *a, char *out, size_t len)
{
	/* time first, clock units beside it (report.h) */
	struct report_shown q;
	report_shown(&q, a->fit.slope, a->iv.slope, a->unit_ns);
	int k = snprintf(out, len, "%s on %s: unit cost ", a->kernel[0] ? a->kernel : "kernel",
			 a->clock[0] ? a->clock : "an unknown clock");
	if (k > 0 && (size_t)k < len && q.unit)
		snprintf(out + k, len - (size_t)k, "%s %s (%s %s)", q.t_v, q.unit, q.v,
			 report_clock_units(a));
	else if (k > 0 && (size_t)k < len)
		snprintf(out + k, len - (size_t)k, "%s %s", q.v, report_units_of(a));
}

/* A number gnuplot can read back from a string: its "x" + 0 wants a
 * decimal point in the mantissa ("1e-08" fails, "1.0e-08" works), and no
 * nan, inf or subnormal. */
static int gp_number(char *out, size_t len, double v)
{
	if (isnan(v))
		v = 0;
	if (isinf(v))
		v = v > 0 ? 1e300 : -1e300;
	if (v != 0 && fabs(v) < 1e-300)	/* gnuplot reads no subnormal */
		v = v > 0 ? 1e-300 : -1e-300;
	return snprintf(out, len, "%.17e ", v);
}

int plot_number(char *out, size_t len, double v)
{
	return gp_number(out, len, v);
}

/* What the figures' axes need to exist on any input: the smallest positive
 * share of samples above a bin, the positive N and t ranges (log axes),
 * whether the samples have start times. */
struct plot_ranges {
	double share_min, n_min_pos, n_max, t_min_pos, t_max;
	int has_time;
};

static void plot_ranges(const struct analysis *a, struct plot_ranges *r)
{
	const struct excess_summary *e = &a->excess;
	uint64_t total = e->samples ? e->samples : 1, above = total;
	*r = (struct plot_ranges){ 0 };
	for (size_t i = 0; i < EXCESS_BINS; i++) {
		above -= e->hist[i] < above ? e->hist[i] : above;
		if (above > 0)
			r->share_min = (double)above / (double)total;
	}
	for (size_t i = 0; i < a->points.count; i++) {
		const struct point *p = &a->points.p[i];
		if (p->n > 0 && (r->n_min_pos == 0 || (double)p->n < r->n_min_pos))
			r->n_min_pos = (double)p->n;
		r->n_max = (double)p->n > r->n_max ? (double)p->n : r->n_max;
		if (p->min > 0 && (r->t_min_pos == 0 || p->min < r->t_min_pos))
			r->t_min_pos = p->min;
		r->t_max = p->min > r->t_max ? p->min : r->t_max;
	}
	r->has_time = e->have_at;
}

/* ARG5: every number a script may need, by position (plots/style.gp). */
static void numbers(const struct analysis *a, char *out, size_t len)
{
	const struct excess_summary *e = &a->excess;
	const struct source *src = plot_strongest_periodic(a);
	const struct jitter *j = &a->diag.jitter;
	double threshold = j->judged && !a->means ? jitter_threshold(j, 0) : 0;	/* 0: none judged */
	const struct ols_fit *o = &a->ols_means;
	double ymax = 0, min_excess = 0;
	struct plot_ranges r;
	plot_ranges(a, &r);
	for (size_t i = 0; i < a->points.count; i++) {
		const struct point *p = &a->points.p[i];
		ymax = p->min > ymax ? p->min : ymax;
		double above = p->min - lv_value(&a->fit, p->n);
		min_excess = above > min_excess ? above : min_excess;
	}
	double ms = plot_time_scale(a);
	const double v[] = {
		a->fit.slope, a->fit.intercept, o->ok ? o->slope : 0,
		o->ok ? o->intercept : 0, a->tick, a->unit_ns, threshold,
		src ? src->marks.period * ms : 0, src ? src->marks.phase * ms : 0,
		a->opt->plot_log, 1.3 * ymax, e->quantile[0], e->quantile[2],
		a->on_line_width, e->max, min_excess, a->iv.band_width,
		threshold,
		r.share_min, r.has_time, r.n_min_pos, r.n_max, r.t_min_pos, r.t_max,
	};
	size_t k = 0;
	out[0] = '\0';
	for (size_t i = 0; i < sizeof v / sizeof v[0] && k < len; i++) {
		int w = gp_number(out + k, len - k, v[i]);
		if (w < 0)
			break;
		k += (size_t)w;
	}
}

static void show_file(FILE *to, const char *path, int max_lines)
{
	FILE *f = fopen(path, "r");
	char line[512];
	if (f == NULL)
		return;
	for (int i = 0; (max_lines < 0 || i < max_lines) && fgets(line, sizeof line, f); i++)
		fputs(line, to);
	fclose(f);
}

/* The dumb terminal's figures, names[0..count) in dir, drawn on out (the
 * terminal, after the report; not when out is NULL). */
static void show_figures(const char *format, FILE *out, const char *dir,
			 char names[][OUTFILE_NAME_MAX], size_t count)
{
	if (out == NULL || strcmp(format, "dumb") != 0)
		return;
	for (size_t i = 0; i < count; i++) {
		char p[PATH_MAX];
		if (snprintf(p, sizeof p, "%s/%s", dir, names[i]) < (int)sizeof p)
			show_file(out, p, -1);
	}
}

/* The names plot_all puts into DIR: the data files, then the figures. */
static size_t output_names(const struct figure_set *fs, const char *format,
			   char names[][OUTFILE_NAME_MAX])
{
	size_t k = 0;
	for (size_t i = 0; i < fs->ndata; i++)
		snprintf(names[k++], OUTFILE_NAME_MAX, "%s", fs->data[i]);
	for (size_t i = 0; i < fs->nfigures; i++)
		snprintf(names[k++], OUTFILE_NAME_MAX, "%s.%s", fs->figures[i], extension(format));
	return k;
}

enum { PLOT_OUTPUTS = COUNT(data_files) + COUNT(figures) };

/* Every target in dir is absent or a regular file. */
static int targets_ok(const char *dir, char names[][OUTFILE_NAME_MAX], size_t count, FILE *err)
{
	for (size_t i = 0; i < count; i++) {
		char p[PATH_MAX], why[200];
		if (snprintf(p, sizeof p, "%s/%s", dir, names[i]) >= (int)sizeof p ||
		    outfile_check(p, why, sizeof why) != 0) {
			fprintf(err, "analyze: %s/%s: %s; no figure was drawn\n", dir,
				names[i], why);
			return -1;
		}
	}
	return 0;
}

/* Move every output from work into dir (each an atomic rename over a
 * regular file or nothing), then remove work. */
static int move_outputs(const char *work, const char *dir, char names[][OUTFILE_NAME_MAX],
			size_t count, int keep, FILE *err)
{
	int rc = 0;
	for (size_t i = 0; i < count; i++) {
		char from[PATH_MAX], to[PATH_MAX], why[200] = "";
		if (snprintf(from, sizeof from, "%s/%s", work, names[i]) >= (int)sizeof from ||
		    snprintf(to, sizeof to, "%s/%s", dir, names[i]) >= (int)sizeof to)
			continue;	/* cannot be: targets_ok built them */
		if (!keep || rc != 0) {
			unlink(from);
			continue;
		}
		if (outfile_check(to, why, sizeof why) != 0 || rename(from, to) != 0) {
			fprintf(err, "analyze: %s: %s\n", to, why[0] ? why : strerror(errno));
			unlink(from);
			rc = -1;
		}
	}
	rmdir(work);
	outfile_unguard_dir();
	return rc;
}

/*
 * The data files and the figures are made in a private directory inside
 * dir, named by its absolute path: gnuplot reads a file name that starts
 * with '<' or '|' as a command and one with '$' as a datablock, and an
 * absolute path starts with '/'.  They are moved into dir only when every
 * figure was drawn: a failure leaves dir as it was.
 */
/* Where the figures are made (plot_all says why so): the scripts' and
 * dir's absolute paths, every target in dir checked, a private directory
 * inside it.  Returns 0, or -1 after a message. */
struct plot_place {
	char scripts[PATH_MAX], abs[PATH_MAX], work[PATH_MAX];
};

static int plot_place(const char *dir, char names[][OUTFILE_NAME_MAX], size_t count,
		      struct plot_place *pp, FILE *err)
{
	char scripts_rel[PATH_MAX];
	if (find_scripts(scripts_rel, sizeof scripts_rel) != 0 ||
	    realpath(scripts_rel, pp->scripts) == NULL) {
		fprintf(err, "analyze: cannot find the gnuplot scripts (plots/*.gp): set SUBTICK_PLOTS to their directory\n");
		return -1;
	}
	if ((mkdir(dir, 0777) != 0 && errno != EEXIST) || realpath(dir, pp->abs) == NULL) {
		fprintf(err, "analyze: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	if (targets_ok(pp->abs, names, count, err) != 0)
		return -1;
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);	/* made and guarded as one */
	int made = snprintf(pp->work, sizeof pp->work, "%s/.subtick-plot.XXXXXX", pp->abs) <
			   (int)sizeof pp->work && mkdtemp(pp->work) != NULL;
	int saved = errno;
	if (made)	/* removed, with what is in it, if a signal ends analyze */
		outfile_guard_dir(pp->work, (const char (*)[OUTFILE_NAME_MAX])names, count);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (!made) {
		fprintf(err, "analyze: %s: cannot create a directory in it: %s\n", dir,
			strerror(saved));
		return -1;
	}
	return 0;
}

int plot_all(struct analysis *a, const char *dir, FILE *out, FILE *err)
{
	char title_s[600], numbers_s[2048], names[PLOT_OUTPUTS][OUTFILE_NAME_MAX];
	struct plot_place pp;
	struct figure_set fs = figure_set(a->trace);
	size_t count = output_names(&fs, a->opt->plot_format, names);
	if (plot_place(dir, names, count, &pp, err) != 0)
		return -1;
	const char *scripts = pp.scripts, *abs = pp.abs, *work = pp.work;
	int rc;
	if (a->trace) {
		rc = plot_trace_data(a, work, numbers_s, sizeof numbers_s);
		if (rc != 0)
			fprintf(err, "analyze: %s: cannot write the plot data: %s\n", dir,
				strerror(errno ? errno : EIO));
		snprintf(title_s, sizeof title_s, "activity trace on %s, CPU %s",
			 a->clock[0] ? a->clock : "an unknown clock", a->cpu[0] ? a->cpu : "?");
	} else {
		rc = plot_write_data(a, work, err);
		title(a, title_s, sizeof title_s);
		numbers(a, numbers_s, sizeof numbers_s);
	}
	char *strings[6] = { title_s, numbers_s, plot_time_unit(a), plot_value_unit(a),
			     plot_n_unit(a), NULL };
	if (rc == 0)
		rc = gnuplot_draw(a->opt->plot_format, scripts, work, fs.figures, fs.nfigures,
			      strings, err);
	if (rc != 0)
		fprintf(err, "analyze: %s: no file in it was changed\n", dir);
	if (move_outputs(work, abs, names, count, rc == 0, err) != 0)
		rc = -1;
	if (rc == 0)
		show_figures(a->opt->plot_format, out, abs, names + fs.ndata, count - fs.ndata);
	return rc;
}

/*
 * One figure of several collections (plots/compare.gp): each one's minima
 * and line, in ns when in_ns.  Its data files and the figure are names
 * (plot_file_names), made and moved into dir as the other figures are.
 */
struct plot_sides {
	const struct analysis *const *x;
	const char *const *names;	/* in the legend */
	size_t count;
	int in_ns;
	const char *title, *format;
};

/* The sides' minima: compare's a file each, a group's blocks of one. */
static int sides_data(const struct plot_sides *s, enum plot_set set, const char *work,
		      char names[][OUTFILE_NAME_MAX], char *files, size_t len)
{
	size_t k = 0;
	files[0] = '\0';
	if (set == PLOT_SET_COMPARE) {
		if (plot_write_minima_as(s->x[0], work, names[0]) != 0 ||
		    plot_write_minima_as(s->x[1], work, names[1]) != 0)
			return -1;
		snprintf(files, len, "%s %s", names[0], names[1]);
		return 0;
	}
	if (plot_write_minima_blocks(s->x, s->count, work, names[0]) != 0)
		return -1;
	for (size_t i = 0; i < s->count && k < len; i++) {
		int w = snprintf(files + k, len - k, "%s%s", i ? " " : "", names[0]);
		if (w < 0)
			return -1;
		k += (size_t)w;
	}
	return k < len ? 0 : -1;
}

/* ARG5 of compare.gp: K, then each side's slope, intercept, ns per clock
 * unit (or 1) and block; ARG9: the names, a line each. */
static int sides_strings(const struct plot_sides *s, int blocks, char *numbers, size_t nlen,
			 char *legend, size_t llen)
{
	size_t k = 0, m = 0;
	k += (size_t)gp_number(numbers, nlen, (double)s->count);
	legend[0] = '\0';
	for (size_t i = 0; i < s->count; i++) {
		const struct analysis *a = s->x[i];
		const double v[] = { a->fit.slope, a->fit.intercept, s->in_ns ? a->unit_ns : 1,
				     blocks ? (double)i : 0 };
		for (size_t j = 0; j < 4 && k < nlen; j++)
			k += (size_t)gp_number(numbers + k, nlen - k, v[j]);
		if (m < llen)
			m += (size_t)snprintf(legend + m, llen - m, "%s%s", i ? "\n" : "", s->names[i]);
	}
	return k < nlen && m < llen ? 0 : -1;
}

/* The N's unit: theirs where all say the same. */
static char *sides_n_unit(const struct plot_sides *s)
{
	for (size_t i = 1; i < s->count; i++)
		if (strcmp(s->x[i]->per, s->x[0]->per) != 0)
			return "units of work";
	return plot_n_unit(s->x[0]);
}

static int plot_sides(const struct plot_sides *s, enum plot_set set, const char *dir,
		      FILE *out, FILE *err)
{
	char names[PLOT_FILES_MAX][OUTFILE_NAME_MAX];
	struct plot_place pp;
	size_t count = plot_file_names(set, s->format, names);
	if (plot_place(dir, names, count, &pp, err) != 0)
		return -1;
	size_t nlen = 32 * (4 * s->count + 1), flen = OUTFILE_NAME_MAX * s->count + 1;
	size_t llen = 256 * s->count + 1;
	char *numbers = malloc(nlen), *files = malloc(flen), *legend = malloc(llen);
	int rc = numbers && files && legend &&
		 sides_data(s, set, pp.work, names, files, flen) == 0 &&
		 sides_strings(s, set == PLOT_SET_GROUP, numbers, nlen, legend, llen) == 0 ? 0 : -1;
	if (rc != 0)
		fprintf(err, "analyze: %s: cannot write the plot data: %s\n", dir,
			strerror(errno ? errno : ENOMEM));
	const char *unit = s->in_ns ? "ns" : "clock units";
	char *strings[6] = { (char *)s->title, numbers, (char *)unit, files, sides_n_unit(s), legend };
	if (rc == 0)
		rc = gnuplot_draw(s->format, pp.scripts, pp.work, (const char *const[]){ "compare" },
			      1, strings, err);
	if (rc != 0)
		fprintf(err, "analyze: %s: no file in it was changed\n", dir);
	if (move_outputs(pp.work, pp.abs, names, count, rc == 0, err) != 0)
		rc = -1;
	if (rc == 0)
		show_figures(s->format, out, pp.abs, names + count - 1, 1);	/* compare.txt */
	free(numbers), free(files), free(legend);
	return rc;
}

int plot_compare(const struct analysis *a, const struct analysis *b, int in_ns,
		 const char *verdict, const char *format, const char *dir, FILE *out, FILE *err)
{
	char title[600];
	snprintf(title, sizeof title, "A: %s   B: %s\n%s", a->kernel[0] ? a->kernel : "A",
		 b->kernel[0] ? b->kernel : "B", verdict);
	const struct analysis *x[2] = { a, b };
	const char *names[2] = { "A", "B" };
	struct plot_sides s = { x, names, 2, in_ns, title, format };
	return plot_sides(&s, PLOT_SET_COMPARE, dir, out, err);
}

int plot_group(const struct analysis *const *x, const char *const *names, size_t count,
	       int in_ns, const char *title, const char *format, const char *dir, FILE *err)
{
	struct plot_sides s = { x, names, count, in_ns, title, format };
	return plot_sides(&s, PLOT_SET_GROUP, dir, NULL, err);
}
