/*
 * plot_trace.c - the data of an activity trace's figures (plot.h): every
 * gap in time (the slides' activity picture: the loop's active and
 * inactive stretches), their lengths' histogram, the marks of the
 * strongest periodic source.
 */
#include "plot.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot_model.h"

/* Times in ms and lengths in us where unit_ns is known; else clock units. */
struct scales {
	double time, length;
};

static struct scales scales_of(const struct analysis *a)
{
	if (a->unit_ns > 0)
		return (struct scales){ a->unit_ns * 1e-6, a->unit_ns * 1e-3 };
	return (struct scales){ 1, 1 };
}

/* trace.txt: start length class, every gap (class as samples.txt's:
 * plot_model.h). */
static int write_gaps(struct analysis *a, const char *dir, struct scales k)
{
	FILE *f = plot_open_in(dir, "trace.txt");
	struct spool_record r;
	int got;
	if (f == NULL || spool_rewind(&a->spool) != 0)
		return f ? (plot_close(f), -1) : -1;
	fprintf(f, "# start length class (ms and us, or clock units; class: 2 no source's, "
		   "2 + K source K)\n");
	while ((got = spool_get(&a->spool, &r)) == 1) {
		int s = trace_attribute(&a->trace_sum, r.at != SPOOL_NO_AT ? (double)r.at : 0);
		fprintf(f, "%.10g %.10g %d\n", (double)r.at * k.time, r.t * k.length,
			s >= 0 ? PLOT_CLASS_SOURCE + s : PLOT_CLASS_UNEXPLAINED);
	}
	return plot_close(f) == 0 && got == 0 ? 0 : -1;
}

/* gaphist.txt: lo hi count share_of_time, then the gaps of each class
 * (no source's, source1..source8: plot_model.h), 8 bins per octave from
 * the threshold up; a blank line where empty bins lie between two (the
 * share's line is broken there, not drawn across them). */
static int write_histogram(struct analysis *a, const char *dir, struct scales k)
{
	enum { PER_OCTAVE = 8, BINS = PER_OCTAVE * 40, KINDS = 1 + SOURCES_MAX };
	double count[BINS], time[BINS], (*of)[KINDS] = calloc(BINS, sizeof *of);
	const struct trace_summary *t = &a->trace_sum;
	double base = t->threshold > 0 ? t->threshold : 1, total = 0;
	struct spool_record r;
	int got = -1;
	memset(count, 0, sizeof count);
	memset(time, 0, sizeof time);
	if (of == NULL || spool_rewind(&a->spool) != 0) {
		free(of);
		return -1;
	}
	while ((got = spool_get(&a->spool, &r)) == 1) {
		int b = r.t > base ? (int)(PER_OCTAVE * log2(r.t / base)) : 0;
		b = b < BINS ? b : BINS - 1;
		int s = trace_attribute(t, r.at != SPOOL_NO_AT ? (double)r.at : 0);
		count[b]++;
		of[b][s >= 0 && s < SOURCES_MAX ? 1 + s : 0]++;
		time[b] += r.t;
		total += r.t;
	}
	FILE *f = got == 0 ? plot_open_in(dir, "gaphist.txt") : NULL;
	if (f == NULL) {
		free(of);
		return -1;
	}
	fprintf(f, "# lo hi count share_of_the_lost_time none source1..source%d (lengths in us, "
		   "or clock units; the gaps of each source)\n", SOURCES_MAX);
	for (int b = 0, last = -1; b < BINS; b++)
		if (count[b] > 0) {
			if (last >= 0 && b > last + 1)
				fputc('\n', f);
			fprintf(f, "%.10g %.10g %.0f %.10g", base * exp2((double)b / PER_OCTAVE) * k.length,
				base * exp2((double)(b + 1) / PER_OCTAVE) * k.length, count[b],
				total > 0 ? time[b] / total : 0);
			for (int c = 0; c < KINDS; c++)
				fprintf(f, " %.0f", of[b][c]);
			fputc('\n', f);
			last = b;
		}
	free(of);
	return plot_close(f);
}

static const struct marks *strongest(const struct analysis *a)
{
	const struct sources *ss = &a->trace_sum.sources;
	for (size_t i = 0; i < ss->count; i++)
		if (ss->s[i].kind == SOURCE_PERIODIC)
			return &ss->s[i].marks;
	return NULL;
}

/* marks.txt: the strongest source's marks within [from, to] (ms). */
static int write_marks(const struct analysis *a, const char *dir, double from, double to)
{
	const struct marks *mk = strongest(a);
	FILE *f = plot_open_in(dir, "marks.txt");
	if (f == NULL)
		return -1;
	fprintf(f, "# the marks of the strongest periodic source (ms, or clock units)\n");
	if (mk != NULL) {
		double k = a->unit_ns > 0 ? a->unit_ns * 1e-6 : 1, p = mk->period * k;
		double m = mk->phase * k + ceil((from - mk->phase * k) / p) * p;
		for (int i = 0; m <= to && i < 10000; m += p, i++)
			fprintf(f, "%.10g\n", m);
	}
	return plot_close(f);
}

int plot_trace_data(struct analysis *a, const char *dir, char *numbers, size_t len)
{
	const struct trace_summary *t = &a->trace_sum;
	struct scales k = scales_of(a);
	double span = a->unit_ns > 0 ? t->seconds * 1e3 : 0;
	/* the zoom: twenty periods of the strongest source, or 20 ms, from
	 * the middle of the trace */
	const struct marks *mk = strongest(a);
	double ms = a->unit_ns > 0 ? a->unit_ns * 1e-6 : 1;
	double zoom = mk ? 20 * mk->period * ms : a->unit_ns > 0 ? 20 : 0;
	double from = span > zoom ? (span - zoom) / 2 : 0, to = from + zoom;
	if (write_gaps(a, dir, k) != 0 || write_histogram(a, dir, k) != 0 ||
	    write_marks(a, dir, from, to) != 0 || plot_model_write_trace(a, dir) != 0)
		return -1;
	/* positions 1 to 24 as style.gp names them (tick, unit_ns, has_time);
	 * the trace's own from 25 */
	double v[34] = { 0 };
	v[4] = a->tick, v[5] = a->unit_ns, v[19] = 1;
	const double mine[] = { t->threshold * k.length, t->max * k.length, t->seconds,
				mk ? mk->period * ms : 0,
				from, to, t->cost * k.length, t->lost_share, (double)t->gaps };
	memcpy(v + 24, mine, sizeof mine);
	size_t n = 0;
	numbers[0] = '\0';
	for (size_t i = 0; i < sizeof v / sizeof v[0] && n < len; i++) {
		int w = plot_number(numbers + n, len - n, v[i]);
		if (w < 0)
			return -1;
		n += (size_t)w;
	}
	return 0;
}
