/*
 * compat.h - what libsubtick.so.1 still exports for programs built against
 * an older subtick/subtick.h: not installed, not declared there.
 */
#ifndef SUBTICK_COMPAT_H
#define SUBTICK_COMPAT_H

#include <stdint.h>

#include "subtick/subtick.h"

/* struct subtick_clock_info through API version 6, without its size. */
struct subtick_clock_info_v6 {
	char clock[32];
	uint64_t tick;
	double unit_ns;
	uint64_t overhead;
	double read_ns;
};

/* subtick_clock_info as it was through API version 6, a function: what a
 * program built then calls.  subtick.h's subtick_clock_info is now a macro
 * over subtick_clock_info_size (the parentheses keep it from expanding). */
SUBTICK_API int (subtick_clock_info)(const char *clock, unsigned coarsen_bits,
				     struct subtick_clock_info_v6 *out);

#endif /* SUBTICK_COMPAT_H */
