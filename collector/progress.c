/*
 * progress.c - "12 s of 60 s  0.27162 ns/unit  width 0.096% of 0.01%
 * ~40 s to go  84512 samples" (progress.h).
 */
#include "progress.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

void progress_init(struct progress *p, int enabled, uint64_t now_ns)
{
	struct winsize ws;
	p->enabled = enabled && isatty(STDERR_FILENO);
	p->start_ns = now_ns;
	p->last_ns = 0;
	p->drawn = 0;
	p->width = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20 ? ws.ws_col : 80;
}

/* Append to buf (its length len, at *at), as snprintf would. */
static void add(char *buf, size_t len, size_t *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void add(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
	if (*at >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf + *at, len - *at, fmt, ap);
	va_end(ap);
	*at = n < 0 ? len : *at + (size_t)n;
}

void progress_percent(char *buf, size_t len, double rel)
{
	double pc = 100 * rel;
	snprintf(buf, len, pc >= 10 && pc < 1e6 ? "%.0f%%" : "%.2g%%", pc);
}

/* "40 s", "12 min", "3 h", "9 days", "4000 years", "3.0e+07 years". */
void progress_duration(char *buf, size_t len, double s)
{
	if (s < 1)
		snprintf(buf, len, "<1 s");
	else if (s < 100)
		snprintf(buf, len, "%.0f s", s);
	else if (s < 100 * 60)
		snprintf(buf, len, "%.0f min", s / 60);
	else if (s < 48 * 3600)
		snprintf(buf, len, "%.0f h", s / 3600);
	else if (s < 1000 * 86400)
		snprintf(buf, len, "%.0f days", s / 86400);
	else if (s < 1e5 * 365.25 * 86400)
		snprintf(buf, len, "%.0f years", s / (365.25 * 86400));
	else
		snprintf(buf, len, "%.1e years", s / (365.25 * 86400));
}

/* The limit of the sampling: its name, and the seconds left to it
 * (INFINITY: none known). */
struct limit {
	const char *name;
	double left_s;
};

/* "12 s of 60 s", "1.2 s of ~8 s" (--runs, sooner than the budget),
 * "3.4 s" (neither known yet). */
static struct limit times(char *buf, size_t len, size_t *at, double elapsed,
			  const struct progress_state *st)
{
	add(buf, len, at, elapsed < 9.95 ? "%.1f s" : "%.0f s", elapsed);
	if (st->budget_s > 0 && !(st->fraction > elapsed / st->budget_s + 0.01)) {
		add(buf, len, at, " of %g s", st->budget_s);
		return (struct limit){ "the budget", st->budget_s - elapsed };
	}
	if (st->fraction > 0.01) {
		double total = elapsed / st->fraction;
		add(buf, len, at, total < 9.95 ? " of ~%.1f s" : " of ~%.0f s", total);
		return (struct limit){ "--runs", total - elapsed };
	}
	return (struct limit){ "the limit", INFINITY };
}

/* Each kernel's unit cost so far: "0.27162 ns/unit" (in clock units
 * without ns), or "A ... B ...". */
static void costs(char *buf, size_t len, size_t *at, const struct watch *w,
		  double unit_ns)
{
	if (w == NULL || !w->have_fit || !w->fit[0].ok) {
		add(buf, len, at, "  (no line yet)");
		return;
	}
	double k = unit_ns > 0 ? unit_ns : 1;
	for (unsigned i = 0; i < w->kernels; i++) {
		add(buf, len, at, "  %s", w->kernels > 1 ? (i ? "B " : "A ") : "");
		if (w->fit[i].ok && w->fit[i].slope > 0)
			add(buf, len, at, "%.5g %s", w->fit[i].slope * k,
			    unit_ns > 0 ? "ns/unit" : "clock units/unit");
		else
			add(buf, len, at, "(no line yet)");
	}
}

/* What the width's trend says of --until: "~40 s to go", "~3 h: beyond
 * the budget" (an estimate: it falls), "falling" (at a pace too unsteady
 * for one), "not falling", "no clear trend".  Short, so that with one
 * kernel all but the samples hold in about 80 columns (the terminal's
 * width cuts the end). */
static void trend_words(char *buf, size_t len, size_t *at, const struct watch *w,
			double elapsed, struct limit lim)
{
	const struct trend_fit *f = &w->trend.last;
	if (w->reached <= w->until && !w->runs_enough) {
		add(buf, len, at, "  waiting for %d runs at every N", WATCH_RUNS_MIN);
		return;
	}
	switch (f->state) {
	case TREND_NONE:
		return;
	case TREND_UNCLEAR:
		add(buf, len, at, "  no clear trend");
		return;
	case TREND_FLAT:
		add(buf, len, at, "  not falling");
		return;
	case TREND_FALLING:
		break;
	}
	if (isnan(f->left_s)) {		/* its pace unclear */
		add(buf, len, at, "  falling");
		return;
	}
	/* the estimate as of the last fit, counted down since */
	double left = f->left_s - (elapsed - f->at_s);
	left = left > 0 ? left : 0;
	char d[32];
	progress_duration(d, sizeof d, left);
	if (!isfinite(left))
		add(buf, len, at, "  falling, too slowly to get there");
	else if (left > lim.left_s)
		add(buf, len, at, "  ~%s: beyond %s", d, lim.name);
	else
		add(buf, len, at, "  ~%s to go", d);
}

void progress_format(char *buf, size_t len, double elapsed, const struct progress_state *st)
{
	size_t at = 0;
	const struct watch *w = st->watch;
	buf[0] = '\0';
	struct limit lim = times(buf, len, &at, elapsed, st);
	costs(buf, len, &at, w, st->unit_ns);
	int fitted = w != NULL && w->have_fit && isfinite(w->reached);
	char pc[32];
	if (fitted) {
		progress_percent(pc, sizeof pc, w->reached);
		add(buf, len, &at, "  width %s", pc);
	} else if (w != NULL && w->until > 0) {
		add(buf, len, &at, "  width ?");
	}
	if (w != NULL && w->until > 0) {
		progress_percent(pc, sizeof pc, w->until);
		add(buf, len, &at, " of %s", pc);
		if (fitted)
			trend_words(buf, len, &at, w, elapsed, lim);
	}
	add(buf, len, &at, "  %llu samples", (unsigned long long)st->samples);
}

void progress_update(struct progress *p, uint64_t now_ns, const struct progress_state *st)
{
	if (!p->enabled || now_ns - p->last_ns < 100000000u)
		return;
	p->last_ns = now_ns;
	char line[256];
	progress_format(line, sizeof line, (double)(now_ns - p->start_ns) / 1e9, st);
	int n = (int)strlen(line);
	if (n > p->width - 1)
		n = p->width - 1;
	/* pad over what the last line left */
	fprintf(stderr, "\r%.*s%*s", n, line, p->drawn > n ? p->drawn - n : 0, "");
	p->drawn = n;
}

void progress_clear(struct progress *p)
{
	if (p->drawn)
		fprintf(stderr, "\r%*s\r", p->drawn, "");
	p->drawn = 0;
}
