/*
 * trace.h - collect --trace SECONDS: the activity trace (Bryant &
 * O'Hallaron's activity periods).
 *
 * Pinned and prioritized like a collection, a loop reads the clock as fast
 * as it can and keeps every gap between consecutive readings longer than
 * a threshold, as (start, length): while the loop is not running (an
 * interrupt, another thread, the hypervisor), time passes between two of
 * its readings.  The threshold is TRACE_THRESHOLD_READS times the loop's
 * own median read interval, measured before the trace.  Beside the gaps,
 * what the kernel counted on that CPU during the trace (kcounters.h), at
 * its start and its end.  The gaps wait in memory (a write would be a gap
 * of its own) and are written when the trace ends; a trace that fills its
 * buffer ends early (stop=full).  The stream: data/FORMAT.md.
 */
#ifndef SUBTICK_TRACE_H
#define SUBTICK_TRACE_H

#include <signal.h>

#include "options.h"

#define TRACE_THRESHOLD_READS 10
#define TRACE_SECONDS_MAX 3600.0

/* Returns the exit status (128 + signal when stopped by one). */
int trace_run(const struct collect_options *opt, const volatile sig_atomic_t *stop);

#endif /* SUBTICK_TRACE_H */
