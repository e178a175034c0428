/*
 * recorder_options.c - subtick_options: their defaults, and a caller's
 * read as far as its size says and checked (recorder_options.h).
 */
#include "recorder_options.h"

#include <stddef.h>
#include <string.h>

#include "nextplan_options.h"

enum { RECORDER_KEY_MAX = 64 };

/* The keys the library writes itself: a user's would contradict them (a
 * unit_ns of 1000 read after the calibrated one), or end the stream. */
static const char *const library_keys[] = {
	"clock", "tick", "unit_ns", "overhead", "kernel", "cpu", "host", "date",
	"unit_ns_rel_error", "coarsen", "native_tick", "tick_method", "tick_mean",
	"getres_agrees", "claimed_resolution_ns", "read_ns", "timer_period_ns",
	"priority", "cpu_check", "pinning", "tsc_invariant", "governor", "plan",
	"points", "max_n_reason", "runs", "budget_s", "seed", "generator",
	"columns", "done", "interrupted", "subtick_next",
};

/* The options of API version 3, the first with a size; and more than any
 * version will hold (a size beyond it is garbage, not a newer header). */
#define OPTIONS_SIZE_MIN (offsetof(struct subtick_options, keys) + sizeof(const char *const *))
#define OPTIONS_SIZE_MAX 4096

void subtick_options_init_size(struct subtick_options *opt, size_t size)
{
	struct subtick_options d = { .size = sizeof d, .capacity = RECORDER_CAPACITY, .cpu = -1 };
	if (opt == NULL || size < sizeof opt->size)
		return;
	/* fields beyond ours (a newer header) get zero, their default */
	memset(opt, 0, size);
	memcpy(opt, &d, size < sizeof d ? size : sizeof d);
	opt->size = size;
}

int recorder_options_read(const struct subtick_options *opt, struct subtick_options *o)
{
	subtick_options_init(o);
	if (opt == NULL)
		return 0;
	size_t size = opt->size;
	if (size < OPTIONS_SIZE_MIN || size > OPTIONS_SIZE_MAX)
		return -1;
	for (size_t i = sizeof *o; i < size; i++)
		if (((const unsigned char *)opt)[i] != 0)
			return -1;
	memcpy(o, opt, size < sizeof *o ? size : sizeof *o);
	o->size = sizeof *o;
	return o->cpu < -1 || !nextplan_options_valid(o) ? -1 : 0;
}

static int library_key(const char *key)
{
	for (size_t i = 0; i < sizeof library_keys / sizeof library_keys[0]; i++)
		if (strcmp(key, library_keys[i]) == 0)
			return 1;
	return 0;
}

int recorder_keys_valid(const char *const *keys)
{
	for (const char *const *k = keys; k && k[0]; k += 2) {
		size_t len = strlen(k[0]);
		if (k[1] == NULL || len == 0 || len > RECORDER_KEY_MAX ||
		    strspn(k[0], "abcdefghijklmnopqrstuvwxyz0123456789_") != len ||
		    library_key(k[0]))
			return 0;
		for (const char *const *j = keys; j != k; j += 2)
			if (strcmp(j[0], k[0]) == 0)
				return 0;
	}
	return 1;
}
