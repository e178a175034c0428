/*
 * seek.h - the period of the events no source took yet (docs/model.md,
 * stage 5, periodic sources): where a periodic source is sought, before
 * it takes its events (sources.h).
 *
 * All the events left are searched first (period.h: the Rayleigh
 * periodogram, named at its false-alarm bound), its marks fitted (marks.h)
 * and its fundamental taken (fold.h).  Events left that lock to a found
 * source's period lie on its marks: a source at a multiple of it, all in
 * one slot of the multiple (a 4 ms timer on a 1 ms one's marks), or a
 * second source whose interruptions wait for its (a guest's 2.7 ms timer
 * delivered on the host's 1 ms ticks), whose period is then sought on
 * that grid.  Where all the events left show none, each two octaves of
 * their costs are searched alone: a source's events share its cost, and
 * among many more events of other costs (a loaded machine's) their random
 * phases drown its lock.
 */
#ifndef SUBTICK_SEEK_H
#define SUBTICK_SEEK_H

#include <stddef.h>

#include "marks.h"
#include "period.h"
#include "periodmemo.h"
#include "sources.h"

/* What the search reads and works in: null[0..nnull), run starts of the
 * period search's null; buf and mid, room for n values each (n the
 * events'); the periodogram's transform, and the last searches'
 * findings (of this null), kept between searches. */
struct seek_room {
	const double *null;
	size_t nnull;
	double *buf, *mid;
	struct period_fft *fft;
	struct period_memo *memo;
};

/* The period of the events ev[0..n) no source took (source < 0), given
 * the sources found so far (out), its fundamental and marks fitted into
 * *m, its finding into *pr: 1, or 0 where none is named. */
int seek_period(const struct source_config *c, const struct model_event *ev, size_t n,
		const struct seek_room *room, const struct sources *out, struct marks *m,
		struct period_result *pr);

#endif /* SUBTICK_SEEK_H */
