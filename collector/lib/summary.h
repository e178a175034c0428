/*
 * summary.h - the line subtick_options.summary prints at subtick_close: a
 * recorder's result in words, on stderr.
 */
#ifndef SUBTICK_SUMMARY_H
#define SUBTICK_SUMMARY_H

#include <stdint.h>

#include "subtick/subtick.h"

/* "subtick: LABEL: ..." on stderr: the unit cost of res with its bounds,
 * the overhead, the N and the samples, the regions dropped (migrations:
 * the CPU changed; backsteps: the clock stepped back) and res's warnings
 * in words.  res NULL: no line yet, of so many samples. */
void summary_print(const char *label, const struct subtick_result *res, uint64_t samples,
		   uint64_t migrations, uint64_t backsteps);

#endif /* SUBTICK_SUMMARY_H */
