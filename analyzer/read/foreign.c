/*
 * foreign.c - other tools' results as samples (foreign.h).
 */
#include "foreign.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "text.h"

/* The first non-blank bytes of path: '{' for JSON; the Google Benchmark
 * CSV header line. */
enum foreign_kind foreign_detect(const char *path, const char *from)
{
	if (from != NULL)
		return strcmp(from, "gbench") == 0 ? FOREIGN_GBENCH : FOREIGN_HYPERFINE;
	if (strcmp(path, "-") == 0)
		return FOREIGN_NONE;
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return FOREIGN_NONE;
	char buf[256];
	size_t k = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[k] = '\0';
	const char *p = buf;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '{')
		return strstr(buf, "\"results\"") ? FOREIGN_HYPERFINE : FOREIGN_GBENCH;
	if (strncmp(p, "name,iterations,real_time", 25) == 0)
		return FOREIGN_GBENCH_CSV;
	return FOREIGN_NONE;
}

static int fail(struct input_error *err, const char *path, const char *msg,
		const char *detail)
{
	snprintf(err->file, sizeof err->file, "%s", path);
	err->line = 0;
	snprintf(err->msg, sizeof err->msg, "%s%s%.120s", msg, detail ? ": " : "",
		 detail ? detail : "");
	return -1;
}

/* ns per unit of Google Benchmark's time_unit; 0 if unknown. */
static double unit_ns_of(const char *u)
{
	return strcmp(u, "ns") == 0 ? 1 : strcmp(u, "us") == 0 ? 1e3
	     : strcmp(u, "ms") == 0 ? 1e6 : strcmp(u, "s") == 0 ? 1e9 : 0;
}

/* The decimal digits s[0..len) as a number; -1 beyond 2^64 - 1 or with no
 * digits (no sign: strtoull would wrap "-5" to 2^64 - 5). */
static int whole_number(const char *s, size_t len, uint64_t *n)
{
	uint64_t v = 0;
	if (len == 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' || v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*n = v;
	return 0;
}

/* A JSON number (not a string, not null) as a finite double >= 0. */
static int json_time(json_object *v, double *out)
{
	if (v == NULL || !(json_object_is_type(v, json_type_double) ||
			   json_object_is_type(v, json_type_int)))
		return -1;
	*out = json_object_get_double(v);
	return isfinite(*out) && *out >= 0 ? 0 : -1;
}

/* "family/1024/..." -> family, 1024 (the first argument); -1 without. */
static int split_name(const char *name, char *family, size_t len, uint64_t *n)
{
	const char *slash = strchr(name, '/');
	if (slash == NULL)
		return -1;
	snprintf(family, len, "%.*s", (int)(slash - name), name);
	size_t digits = strspn(slash + 1, "0123456789");
	if (digits == 0 || (slash[1 + digits] != '\0' && slash[1 + digits] != '/'))
		return -1;
	return whole_number(slash + 1, digits, n);
}

static int emit(input_sample_fn *fn, void *ctx, uint64_t n, double t_ns,
		struct input_meta *meta, struct input_error *err)
{
	struct sample s = { 0 };
	s.n = n;
	s.t = t_ns;
	s.dec_ok = 0;	/* converted: the digits are not the data's */
	meta->samples++;
	return fn(ctx, &s, err);
}

/* The family the user chose (--column NAME), or the only one; "" when
 * several and none chosen. */
static int family_ok(char *chosen, size_t len, const char *family,
		     const char *column)
{
	if (column != NULL && strcmp(column, "t") != 0)
		return strcmp(family, column) == 0;
	if (chosen[0] == '\0')
		snprintf(chosen, len, "%s", family);
	return strcmp(chosen, family) == 0 ? 1 : -1;
}

static void set_meta(struct input_meta *meta, const char *clock,
		     const char *kernel)
{
	meta->stream = 1;	/* it says what it is */
	meta->has_unit_ns = 1;
	meta->unit_ns = 1;	/* converted to ns */
	meta->finished = 1;
	text_clean(clock, meta->clock, sizeof meta->clock);
	text_clean(kernel, meta->kernel, sizeof meta->kernel);
	snprintf(meta->columns, sizeof meta->columns, "n t");
}

/* One Google Benchmark result: its benchmark chosen or not, its time in
 * time_unit made ns.  Returns 0, or -1 with err. */
static int gbench_sample(const char *path, const char *name, double time,
			 const char *time_unit, const char *column, char *chosen,
			 size_t chosen_len, struct input_meta *meta,
			 input_sample_fn *fn, void *ctx, struct input_error *err)
{
	char family[128];
	uint64_t n;
	if (split_name(name, family, sizeof family, &n) != 0)
		return fail(err, path, "a benchmark name without a whole number as its first argument (N)", name);
	int ok = family_ok(chosen, chosen_len, family, column);
	if (ok < 0)
		return fail(err, path, "several benchmarks in one file: choose one with --column NAME; this one is", family);
	if (!ok)
		return 0;
	double k = unit_ns_of(time_unit);
	if (!(k > 0) || !(time >= 0) || !isfinite(time * k))
		return fail(err, path, "a result without a real_time (a number >= 0) and a time_unit of ns, us, ms or s", name);
	if (emit(fn, ctx, n, time * k, meta, err) != 0)
		return -1;
	if (meta->kernel[0] == '\0')
		set_meta(meta, "gbench real_time (a mean per iteration)", family);
	return 0;
}

/* Google Benchmark JSON: every entry of run_type iteration (each a
 * repetition), aggregates (mean, median, BigO) left out. */
static int read_gbench(json_object *root, const char *path, const char *column,
		       struct input_meta *meta, input_sample_fn *fn, void *ctx,
		       struct input_error *err)
{
	json_object *arr, *v;
	char chosen[128] = "";
	if (!json_object_object_get_ex(root, "benchmarks", &arr) ||
	    !json_object_is_type(arr, json_type_array))
		return fail(err, path, "Google Benchmark JSON without a benchmarks array", NULL);
	size_t len = json_object_array_length(arr);
	for (size_t i = 0; i < len; i++) {
		json_object *b = json_object_array_get_idx(arr, i);
		const char *name = json_object_object_get_ex(b, "name", &v) ? json_object_get_string(v) : "";
		if (json_object_object_get_ex(b, "run_type", &v) &&
		    strcmp(json_object_get_string(v), "iteration") != 0)
			continue;
		if (json_object_object_get_ex(b, "error_occurred", &v) && json_object_get_boolean(v))
			continue;
		json_object *rt = NULL, *tu = NULL;
		double t = -1;
		json_object_object_get_ex(b, "real_time", &rt);
		json_object_object_get_ex(b, "time_unit", &tu);
		if (json_time(rt, &t) != 0)
			t = NAN;	/* gbench_sample says so, after the name */
		if (gbench_sample(path, name, t, tu ? json_object_get_string(tu) : "", column,
				  chosen, sizeof chosen, meta, fn, ctx, err) != 0)
			return -1;
	}
	if (meta->samples == 0)
		return fail(err, path, column && strcmp(column, "t") ? "no iterations of that benchmark"
								   : "no benchmark iterations", column);
	return 0;
}

/* hyperfine --export-json of a --parameter-scan: every run's time, N the
 * parameter's value. */
static int read_hyperfine(json_object *root, const char *path,
			  struct input_meta *meta, input_sample_fn *fn, void *ctx,
			  struct input_error *err)
{
	json_object *arr, *v;
	if (!json_object_object_get_ex(root, "results", &arr) ||
	    !json_object_is_type(arr, json_type_array))
		return fail(err, path, "hyperfine JSON without a results array", NULL);
	size_t len = json_object_array_length(arr);
	for (size_t i = 0; i < len; i++) {
		json_object *r = json_object_array_get_idx(arr, i), *params, *times;
		if (!json_object_object_get_ex(r, "parameters", &params) ||
		    json_object_object_length(params) != 1)
			return fail(err, path, "a result without exactly one parameter (use hyperfine --parameter-scan)", NULL);
		uint64_t n = 0;
		json_object_object_foreach(params, key, val) {
			const char *s = json_object_get_string(val);
			if (whole_number(s, strlen(s), &n) != 0)
				return fail(err, path, "a parameter that is not a whole number", key);
		}
		if (!json_object_object_get_ex(r, "times", &times) ||
		    !json_object_is_type(times, json_type_array))
			return fail(err, path, "a result without its times (hyperfine 1.13 or later)", NULL);
		for (size_t j = 0; j < json_object_array_length(times); j++) {
			double t;
			if (json_time(json_object_array_get_idx(times, j), &t) != 0 ||
			    !isfinite(t * 1e9))
				return fail(err, path, "a time that is not a non-negative number", NULL);
			if (emit(fn, ctx, n, t * 1e9, meta, err) != 0)
				return -1;
		}
		if (meta->kernel[0] == '\0')
			set_meta(meta, "hyperfine wall time",
				 json_object_object_get_ex(r, "command", &v) ? json_object_get_string(v) : "");
	}
	if (meta->samples == 0)
		return fail(err, path, "no runs", NULL);
	return 0;
}

/* Google Benchmark CSV: name,iterations,real_time,cpu_time,time_unit,... */
static int read_gbench_csv(FILE *f, const char *path, const char *column,
			   struct input_meta *meta, input_sample_fn *fn, void *ctx,
			   struct input_error *err)
{
	char line[1024], chosen[128] = "";
	int header = 0;
	while (fgets(line, sizeof line, f) != NULL) {
		meta->lines++;
		if (!header) {
			header = strncmp(line, "name,iterations,real_time", 25) == 0;
			continue;
		}
		/* name,iterations,real_time,cpu_time,time_unit,bytes_per_second,
		 * items_per_second,label,error_occurred,error_message */
		char *field[10], *p = line;
		int k = 0;
		line[strcspn(line, "\r\n")] = '\0';
		while (k < 10 && p != NULL) {
			field[k++] = p;
			p = strchr(p, ',');
			if (p != NULL)
				*p++ = '\0';
		}
		if (k < 5)
			return fail(err, path, "a row with fewer than the five fields name..time_unit", line);
		char *name = field[0];
		if (*name == '"') {
			name++;
			name[strcspn(name, "\"")] = '\0';
		}
		if (k >= 9 && strcmp(field[8], "true") == 0)
			continue;	/* error_occurred: no time */
		if (strchr(name, '/') == NULL || strstr(name, "_mean") || strstr(name, "_median") ||
		    strstr(name, "_stddev") || strstr(name, "_cv"))
			continue;	/* aggregates: count_BigO, count_RMS, ..._mean */
		char *end;
		double t = strtod(field[2], &end);
		if (end == field[2] || *end != '\0')
			return fail(err, path, "a real_time that is not a number", field[2]);
		if (gbench_sample(path, name, t, field[4], column, chosen, sizeof chosen,
				  meta, fn, ctx, err) != 0)
			return -1;
	}
	if (meta->samples == 0)
		return fail(err, path, "no benchmark rows in this Google Benchmark CSV", NULL);
	return 0;
}

int foreign_read(const char *path, enum foreign_kind kind, const char *column,
		 struct input_meta *meta, input_sample_fn *fn, void *ctx,
		 struct input_error *err)
{
	memset(meta, 0, sizeof *meta);
	meta->col_at = -1;
	snprintf(err->file, sizeof err->file, "%s", path);
	if (kind == FOREIGN_GBENCH_CSV) {
		FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
		if (f == NULL)
			return fail(err, path, strerror(errno), NULL);
		int rc = read_gbench_csv(f, path, column, meta, fn, ctx, err);
		if (f != stdin)
			fclose(f);
		return rc;
	}
	json_object *root = strcmp(path, "-") == 0 ? json_object_from_fd(0)
						   : json_object_from_file(path);
	if (root == NULL)
		return fail(err, path, "not valid JSON", json_util_get_last_err());
	int rc = kind == FOREIGN_HYPERFINE
			 ? read_hyperfine(root, path, meta, fn, ctx, err)
			 : read_gbench(root, path, column, meta, fn, ctx, err);
	json_object_put(root);
	return rc;
}
