/*
 * clockinfo.h - the clocks of libsubtick by name: the one a recorder
 * opens on, and what subtick_clock_info says of one (its definitions
 * here; the functions are declared in subtick/subtick.h and compat.h).
 */
#ifndef SUBTICK_CLOCKINFO_H
#define SUBTICK_CLOCKINFO_H

#include "clock.h"

/* The clock called name (NULL: the default), resolved to a readable
 * variant.  NULL with errno EINVAL when there is none. */
const struct clock_source *clockinfo_find(const char *name);

#endif /* SUBTICK_CLOCKINFO_H */
