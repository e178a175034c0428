/*
 * clockinfo.c - a clock found by its name, and calibrated for a program
 * that asks what it is (subtick_clock_info), no recorder opened
 * (clockinfo.h).
 */
#include "clockinfo.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "calibrate.h"
#include "compat.h"

const struct clock_source *clockinfo_find(const char *name)
{
	char why[128];
	const struct clock_source *c = clock_find(name ? name : clock_default_name());
	const struct clock_source *resolved = NULL;
	if (c == NULL || !clock_available(c, &resolved, why, sizeof why)) {
		errno = EINVAL;
		return NULL;
	}
	return resolved;
}

/* The struct of API version 7, the first with a size. */
#define CLOCK_INFO_SIZE_MIN (offsetof(struct subtick_clock_info, read_ns) + sizeof(double))

/* The older struct is the newer without its size: the same fields at the
 * same distance from each other. */
_Static_assert(offsetof(struct subtick_clock_info_v6, read_ns) + sizeof(size_t) ==
	       offsetof(struct subtick_clock_info, read_ns),
	       "struct subtick_clock_info is the struct of API version 6 after its size");

/* Clock name (NULL: the default) calibrated into *x, size included.  -1
 * with errno EINVAL when it cannot be. */
static int clock_info_of(const char *clock, unsigned coarsen_bits,
			 struct subtick_clock_info *x)
{
	struct clock_setup setup;
	struct calibration cal;
	const struct clock_source *c = clockinfo_find(clock);
	if (c == NULL || coarsen_bits > CALIBRATE_COARSEN_MAX ||
	    calibrate_clock(c, coarsen_bits, &setup, &cal) != 0)
		return errno = EINVAL, -1;
	*x = (struct subtick_clock_info){ .size = sizeof *x, .tick = cal.tick,
		.unit_ns = cal.unit_ns, .overhead = cal.overhead, .read_ns = cal.read_ns };
	snprintf(x->clock, sizeof x->clock, "%s", c->name);
	return 0;
}

int subtick_clock_info_size(const char *clock, unsigned coarsen_bits,
			    struct subtick_clock_info *out, size_t size)
{
	struct subtick_clock_info x;
	if (out == NULL || size < CLOCK_INFO_SIZE_MIN)
		return errno = EINVAL, -1;
	if (clock_info_of(clock, coarsen_bits, &x) != 0)
		return -1;
	/* a newer header's fields beyond ours are left as they were */
	memcpy(out, &x, size < sizeof x ? size : sizeof x);
	return 0;
}

int (subtick_clock_info)(const char *clock, unsigned coarsen_bits,
			 struct subtick_clock_info_v6 *out)
{
	struct subtick_clock_info x;
	if (out == NULL)
		return errno = EINVAL, -1;
	if (clock_info_of(clock, coarsen_bits, &x) != 0)
		return -1;
	*out = (struct subtick_clock_info_v6){ .tick = x.tick, .unit_ns = x.unit_ns,
		.overhead = x.overhead, .read_ns = x.read_ns };
	memcpy(out->clock, x.clock, sizeof out->clock);
	return 0;
}
