/*
 * progress.h - one line on stderr, redrawn in place, only when stderr is a
 * terminal: the time so far and the budget, each kernel's unit cost as it
 * stands (watch.h), the width of its bounds relative to it (the widest
 * kernel's: what --until compares), and with --until the wanted width and
 * what the width's trend says of it (trend.h): still falling and when it
 * would get there, or not falling.  Then the samples.
 */
#ifndef SUBTICK_PROGRESS_H
#define SUBTICK_PROGRESS_H

#include <stdint.h>

#include "watch.h"

struct progress {
	int enabled;
	uint64_t start_ns;
	uint64_t last_ns;	/* last redraw */
	int width;		/* the terminal's columns */
	int drawn;		/* characters on the line now */
};

/* enabled: the caller's wish (--quiet turns it off); drawn only if stderr
 * is also a terminal. */
void progress_init(struct progress *p, int enabled, uint64_t now_ns);

struct progress_state {
	uint64_t samples;
	double fraction;		/* of the budget or the runs, 0..1 */
	double budget_s;		/* 0: none */
	const struct watch *watch;	/* the fits so far */
	double unit_ns;			/* ns per clock unit */
};

/* Redraw at most ten times a second. */
void progress_update(struct progress *p, uint64_t now_ns, const struct progress_state *st);

/* Erase the line. */
void progress_clear(struct progress *p);

/* The line itself, for a given state at `elapsed` seconds (tests). */
void progress_format(char *buf, size_t len, double elapsed, const struct progress_state *st);

/* A relative width in percent: "0.096%", "1.8%", "12%", "210%". */
void progress_percent(char *buf, size_t len, double rel);

/* A time to come, in the unit that suits it: "<1 s", "40 s", "12 min",
 * "3 h", "9 days", "4000 years", "3.0e+07 years". */
void progress_duration(char *buf, size_t len, double s);

#endif /* SUBTICK_PROGRESS_H */
