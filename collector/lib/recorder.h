/*
 * recorder.h - libsubtick's recorder from inside, for the programs of this
 * project that must open many recorders fast (tests/fuzz/fuzz_recorder.c):
 * not installed, not exported.
 */
#ifndef SUBTICK_RECORDER_H
#define SUBTICK_RECORDER_H

#include "subtick/subtick.h"

#include "calibrate.h"

/* subtick_open with the clock already calibrated: setup and cal as
 * calibrate_clock made them for opt's clock and coarsening. */
subtick_recorder *recorder_open_calibrated(const char *path, const char *label,
					   const struct subtick_options *opt,
					   const struct clock_setup *setup,
					   const struct calibration *cal);

/* Give back the pages of a closed recorder's handle, which subtick_close
 * keeps so that a later call is refused (subtick(3)).  r must be closed
 * and never used again.  Returns 0, or -1 (EINVAL) if r is not closed. */
int recorder_unreserve(subtick_recorder *r);

#endif /* SUBTICK_RECORDER_H */
