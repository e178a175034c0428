/*
 * foreign_util.h - what the readers of other tools' results share: the
 * job (whom to hand samples to, where errors go), messages that name the
 * benchmark and its place, and JSON values checked for their type before
 * use (a null where a string belongs is an error, not a NULL pointer).
 */
#ifndef SUBTICK_FOREIGN_UTIL_H
#define SUBTICK_FOREIGN_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "input.h"

struct foreign_job {
	const char *name;		/* the file, in messages */
	const char *choice;		/* --column: a benchmark or a command;
					 * NULL when none was given */
	const char *time_key;		/* real_time or cpu_time */
	struct input_meta *meta;
	input_sample_fn *fn;
	void *ctx;
	struct input_error *err;
};

/* err: "FILE[:line]: message" (line 0: none).  Returns -1. */
int foreign_fail(struct foreign_job *j, uint64_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* One sample of n and t_ns (nanoseconds) handed on. */
int foreign_emit(struct foreign_job *j, uint64_t n, double t_ns);

/* meta says what the samples are: the tool, its clock, the benchmark. */
void foreign_describe(struct foreign_job *j, const char *source,
		      const char *clock, const char *kernel);

/* s as a name in a message: control characters escaped, cut to fit. */
const char *foreign_name(const char *s, char *buf, size_t len);

/* Decimal digits s[0..len) (no sign, no blank) as a number: 0, or -1
 * (no digits, another character, beyond 2^64 - 1). */
int foreign_whole_number(const char *s, size_t len, uint64_t *n);

/* What a JSON value is, for a message: "null", "a string", "an array"... */
const char *json_kind(json_object *v);

/* The string at key of object o: 1 and *s, 0 when absent, -1 when it is
 * something else (null included). */
int json_text(json_object *o, const char *key, const char **s);

/* v as a finite number >= 0.  Returns NULL, or why not ("null, not a
 * number", "negative", "too large to be read exactly"...). */
const char *json_time(json_object *v, double *out);

#endif /* SUBTICK_FOREIGN_UTIL_H */
