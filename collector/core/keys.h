/*
 * keys.h - the header keys that describe the clock and the machine, written
 * the same way by collect and by the in-program recorder (data/FORMAT.md).
 */
#ifndef SUBTICK_KEYS_H
#define SUBTICK_KEYS_H

#include "calibrate.h"
#include "stream.h"

/* "# subtick 1", clock, tick, unit_ns, overhead. */
void keys_begin(struct stream_writer *w, const struct clock_setup *setup,
		const struct calibration *cal);

/* cpu (-1: "none"), host, date (now, UTC). */
void keys_machine(struct stream_writer *w, int cpu);

/* unit_ns_rel_error, coarsen, native_tick, tick_method, getres_agrees,
 * claimed_resolution_ns, read_ns, timer_period_ns. */
void keys_clock(struct stream_writer *w, const struct clock_setup *setup,
		const struct calibration *cal, double timer_period_ns);

/* "# key: N" and "# key: %.12g". */
void keys_u64(struct stream_writer *w, const char *key, uint64_t v);
void keys_double(struct stream_writer *w, const char *key, double v);

#endif /* SUBTICK_KEYS_H */
