/*
 * progress.c - "4.1 s  96512 samples  0.27162 ns/unit ±0.06%  1e-04 in ~1.2 s".
 */
#include "progress.h"

#include <math.h>
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

/* One kernel's unit cost so far: "0.27162 ns/unit ±0.06%" (in clock units
 * without ns). */
static int cost(char *buf, size_t len, const struct lvstate_fit *f, double unit_ns)
{
	if (!f->ok || !(f->slope > 0))
		return snprintf(buf, len, "(no line yet)");
	double k = unit_ns > 0 ? unit_ns : 1;
	double half = 50 * f->rel_width;
	return snprintf(buf, len, "%.5g %s ±%.2g%%", f->slope * k,
			unit_ns > 0 ? "ns/unit" : "units/unit", half);
}

static void left(char *buf, size_t len, const struct progress_state *st, double elapsed)
{
	const struct watch *w = st->watch;
	if (w != NULL && w->until > 0) {
		double s = watch_time_left_s(w);
		if (isfinite(s))
			snprintf(buf, len, "  %.0e in ~%.1f s", w->until, s);
		else
			snprintf(buf, len, "  %.0e in ?", w->until);
		return;
	}
	if (st->fraction > 0.01)
		snprintf(buf, len, "  %.1f s left", elapsed * (1 - st->fraction) / st->fraction);
	else
		buf[0] = '\0';
}

void progress_format(char *buf, size_t len, double elapsed, const struct progress_state *st)
{
	char a[160] = "", b[160] = "", rest[48];
	const struct watch *w = st->watch;
	if (w != NULL && w->have_fit) {
		cost(a, sizeof a, &w->fit[0], st->unit_ns);
		if (w->kernels > 1) {
			char x[72];
			snprintf(x, sizeof x, "A %s", a);
			snprintf(a, sizeof a, "%s", x);
			cost(x, sizeof x, &w->fit[1], st->unit_ns);
			snprintf(b, sizeof b, "  B %s", x);
		}
	}
	left(rest, sizeof rest, st, elapsed);
	snprintf(buf, len, "%.1f s  %llu samples  %s%s%s", elapsed,
		 (unsigned long long)st->samples, a, b, rest);
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
