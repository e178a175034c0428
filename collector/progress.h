/*
 * progress.h - a progress bar with ETA on stderr, drawn only when stderr is
 * a terminal.
 */
#ifndef SUBTICK_PROGRESS_H
#define SUBTICK_PROGRESS_H

#include <stdint.h>

struct progress {
	int enabled;
	uint64_t start_ns;
	uint64_t last_ns;	/* last redraw */
	int drawn;
};

/* enabled: the caller's wish (--quiet turns it off); the bar is drawn only
 * if stderr is also a terminal. */
void progress_init(struct progress *p, int enabled, uint64_t now_ns);

/* Redraw at most ten times a second.  fraction in [0, 1]. */
void progress_update(struct progress *p, uint64_t now_ns, double fraction,
		     uint64_t samples);

/* Erase the bar. */
void progress_clear(struct progress *p);

#endif /* SUBTICK_PROGRESS_H */
