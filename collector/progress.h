/*
 * progress.h - one line on stderr, redrawn in place, only when stderr is a
 * terminal: time so far, samples, each kernel's unit cost with its bounds
 * as they stand (watch.h), and the time left to --until's precision or to
 * the budget.
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
	const struct watch *watch;	/* the fits so far */
	double unit_ns;			/* ns per clock unit */
};

/* Redraw at most ten times a second. */
void progress_update(struct progress *p, uint64_t now_ns, const struct progress_state *st);

/* Erase the line. */
void progress_clear(struct progress *p);

/* The line itself, for a given state at `elapsed` seconds (tests). */
void progress_format(char *buf, size_t len, double elapsed, const struct progress_state *st);

#endif /* SUBTICK_PROGRESS_H */
