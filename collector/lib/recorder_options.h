/*
 * recorder_options.h - the options of subtick_open (subtick_options):
 * their defaults, and a caller's struct read as far as its size says,
 * from an older header or a newer one, and checked.
 */
#ifndef SUBTICK_RECORDER_OPTIONS_H
#define SUBTICK_RECORDER_OPTIONS_H

#include "subtick/subtick.h"

/* Samples held in memory between writes, unless subtick_options.capacity
 * says. */
enum { RECORDER_CAPACITY = 65536 };

/* The caller's options, as many fields as its size says, into *o (opt
 * NULL: the defaults).  -1 for a size this library cannot read, fields it
 * does not know set, or values out of range; else 0. */
int recorder_options_read(const struct subtick_options *opt, struct subtick_options *o);

/* Keys of subtick_options: [a-z0-9_]{1,64}, each with a value, each once,
 * none of the library's own.  1 if they are, else 0. */
int recorder_keys_valid(const char *const *keys);

#endif /* SUBTICK_RECORDER_OPTIONS_H */
