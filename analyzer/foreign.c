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

/* "family/1024/..." -> family, 1024 (the first argument); -1 without. */
static int split_name(const char *name, char *family, size_t len, uint64_t *n)
{
	const char *slash = strchr(name, '/');
	if (slash == NULL)
		return -1;
	snprintf(family, len, "%.*s", (int)(slash - name), name);
	char *end;
	errno = 0;
	unsigned long long v = strtoull(slash + 1, &end, 10);
	if (end == slash + 1 || (*end != '\0' && *end != '/') || errno)
		return -1;
	*n = v;
	return 0;
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
		char family[128];
		uint64_t n;
		if (split_name(name, family, sizeof family, &n) != 0)
			return fail(err, path, "a benchmark name without a numeric argument for N", name);
		int ok = family_ok(chosen, sizeof chosen, family, column);
		if (ok < 0)
			return fail(err, path, "several benchmarks in one file: choose one with --column NAME; this one is", family);
		if (!ok)
			continue;
		json_object *rt, *tu;
		if (!json_object_object_get_ex(b, "real_time", &rt) ||
		    !json_object_object_get_ex(b, "time_unit", &tu) ||
		    !(unit_ns_of(json_object_get_string(tu)) > 0))
			return fail(err, path, "an entry without real_time and a time_unit of ns, us, ms or s", name);
		double t = json_object_get_double(rt) * unit_ns_of(json_object_get_string(tu));
		if (!isfinite(t) || t < 0)
			return fail(err, path, "a real_time that is not a non-negative number", name);
		if (emit(fn, ctx, n, t, meta, err) != 0)
			return -1;
		if (meta->kernel[0] == '\0')
			set_meta(meta, "gbench real_time (a mean per iteration)", family);
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
			char *end;
			const char *s = json_object_get_string(val);
			n = strtoull(s, &end, 10);
			if (end == s || *end != '\0')
				return fail(err, path, "a parameter that is not a whole number", key);
		}
		if (!json_object_object_get_ex(r, "times", &times) ||
		    !json_object_is_type(times, json_type_array))
			return fail(err, path, "a result without its times (hyperfine 1.13 or later)", NULL);
		for (size_t j = 0; j < json_object_array_length(times); j++) {
			double t = json_object_get_double(json_object_array_get_idx(times, j)) * 1e9;
			if (!isfinite(t) || t < 0)
				return fail(err, path, "a time that is not a non-negative number", NULL);
			if (emit(fn, ctx, n, t, meta, err) != 0)
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
		char *field[6], *p = line;
		int k = 0;
		while (k < 6 && p != NULL) {
			field[k++] = p;
			p = strchr(p, ',');
			if (p != NULL)
				*p++ = '\0';
		}
		if (k < 5)
			continue;
		char *name = field[0];
		if (*name == '"') {
			name++;
			name[strcspn(name, "\"")] = '\0';
		}
		char family[128];
		uint64_t n;
		if (split_name(name, family, sizeof family, &n) != 0)
			continue;	/* aggregates: count_BigO, count_RMS */
		if (strstr(name, "_mean") || strstr(name, "_median") || strstr(name, "_stddev") ||
		    strstr(name, "_cv"))
			continue;
		int ok = family_ok(chosen, sizeof chosen, family, column);
		if (ok < 0)
			return fail(err, path, "several benchmarks in one file: choose one with --column NAME; this one is", family);
		if (!ok)
			continue;
		double t = strtod(field[2], NULL) * unit_ns_of(field[4]);
		if (!(t >= 0) || !(unit_ns_of(field[4]) > 0))
			return fail(err, path, "a row without real_time and a time_unit of ns, us, ms or s", name);
		if (emit(fn, ctx, n, t, meta, err) != 0)
			return -1;
		if (meta->kernel[0] == '\0')
			set_meta(meta, "gbench real_time (a mean per iteration)", family);
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
