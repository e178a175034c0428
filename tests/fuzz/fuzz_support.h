/*
 * fuzz_support.h - what the harnesses of analyze share: inputs as memory
 * files with names (memfd_create, read through /proc/self/fd/N, so that
 * nothing is left behind, even by a crash), and the check that a JSON
 * report is strict JSON.
 */
#ifndef SUBTICK_FUZZ_SUPPORT_H
#define SUBTICK_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#define REQUIRE(cond) do { if (!(cond)) __builtin_trap(); } while (0)

struct memfile {
	int fd;
	char path[32];		/* /proc/self/fd/N */
};

/* A new, empty memory file; also turns GSL's error handler and GLPK's
 * terminal output off, as analyze does.  Returns 0, or -1. */
int memfile_open(struct memfile *m);

/* Its contents become data[0..size).  Returns 0, or -1. */
int memfile_put(struct memfile *m, const uint8_t *data, size_t size);

/* Traps unless text[0..len) is one JSON value, strict (json-c's own
 * extensions NaN and Infinity aside: printf writes nan and inf), with
 * nothing but blanks after it. */
void require_json(const char *text, size_t len);

#endif /* SUBTICK_FUZZ_SUPPORT_H */
