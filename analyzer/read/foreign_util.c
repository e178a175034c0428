/*
 * foreign_util.c - shared by the readers of other tools' results
 * (foreign_util.h).
 */
#include "foreign_util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text.h"

int foreign_fail(struct foreign_job *j, uint64_t line, const char *fmt, ...)
{
	va_list ap;
	snprintf(j->err->file, sizeof j->err->file, "%s", j->name);
	j->err->line = line;
	va_start(ap, fmt);
	vsnprintf(j->err->msg, sizeof j->err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

int foreign_emit(struct foreign_job *j, uint64_t n, double t_ns)
{
	struct sample s = { 0 };
	s.n = n;
	s.t = t_ns;
	s.dec_ok = 0;	/* converted: the digits are not the data's */
	j->meta->samples++;
	if (j->fn(j->ctx, &s, j->err) != 0) {
		snprintf(j->err->file, sizeof j->err->file, "%s", j->name);
		return -1;
	}
	return 0;
}

void foreign_describe(struct foreign_job *j, const char *source,
		      const char *clock, const char *kernel)
{
	struct input_meta *m = j->meta;
	m->stream = 1;		/* it says what it is */
	m->has_unit_ns = 1;
	m->unit_ns = 1;		/* converted to ns */
	m->finished = 1;
	snprintf(m->source, sizeof m->source, "%s", source);
	text_clean(clock, m->clock, sizeof m->clock);
	text_clean(kernel, m->kernel, sizeof m->kernel);
	snprintf(m->columns, sizeof m->columns, "n t");
}

const char *foreign_name(const char *s, char *buf, size_t len)
{
	text_escape(s, buf, len);
	return buf;
}

int foreign_whole_number(const char *s, size_t len, uint64_t *n)
{
	uint64_t v = 0;
	if (len == 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' ||
		    v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*n = v;
	return 0;
}

const char *json_kind(json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null: return "null";
	case json_type_boolean: return "true or false";
	case json_type_double:
	case json_type_int: return "a number";
	case json_type_object: return "an object";
	case json_type_array: return "an array";
	case json_type_string: return "a string";
	}
	return "unknown";
}

int json_text(json_object *o, const char *key, const char **s)
{
	json_object *v;
	if (!json_object_object_get_ex(o, key, &v))
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return -1;
	*s = json_object_get_string(v);
	return 1;
}

const char *json_time(json_object *v, double *out)
{
	if (json_object_is_type(v, json_type_int)) {
		/* json-c clamps an integer beyond 64 bits to the limit */
		int64_t i = json_object_get_int64(v);
		if (i == INT64_MAX || i == INT64_MIN)
			return "a number too large to be read exactly";
		if (i < 0)
			return "negative";
		*out = (double)i;
		return NULL;
	}
	if (!json_object_is_type(v, json_type_double)) {
		switch (json_object_get_type(v)) {
		case json_type_null: return "null, not a number";
		case json_type_string: return "a string, not a number";
		case json_type_boolean: return "true or false, not a number";
		case json_type_array: return "an array, not a number";
		default: return "an object, not a number";
		}
	}
	*out = json_object_get_double(v);
	if (!isfinite(*out))
		return "not finite (NaN, Infinity, or beyond 1e308)";
	return *out < 0 ? "negative" : NULL;
}
