/*
 * hyperfine.c - hyperfine's JSON export (hyperfine.h).  What it holds is
 * src/benchmark/benchmark_result.rs: command (parameters written in, by
 * Command::replace_parameters_in), times, exit_codes (an exit code, or
 * null when a signal ended the run), parameters (name -> value, strings).
 */
#include "hyperfine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hf_result {
	const char *command, *key, *value;
	uint64_t n;			/* its digits, without the point */
	unsigned decimals;		/* digits after the point */
	json_object *times, *codes;	/* codes: NULL when not exported */
	size_t templ;			/* index of its template */
};

struct hf_set {
	struct hf_result *r;
	size_t count;
	char **templ;			/* distinct templates */
	size_t ntempl;
};

/* hyperfine's substitution: template with {key} replaced by value, left
 * to right, equals command. */
static int renders(const char *templ, const char *key, const char *value,
		   const char *command)
{
	size_t klen = strlen(key), vlen = strlen(value);
	while (*templ != '\0') {
		if (templ[0] == '{' && strncmp(templ + 1, key, klen) == 0 &&
		    templ[1 + klen] == '}') {
			if (strncmp(command, value, vlen) != 0)
				return 0;
			command += vlen;
			templ += klen + 2;
		} else if (*templ++ != *command++) {
			return 0;
		}
	}
	return *command == '\0';
}

/* command with {key} for the occurrence of value at 'only' (or at every
 * one when only is NULL), malloc'd; NULL when out of memory. */
static char *unrender(const char *command, const char *key, const char *value,
		      const char *only)
{
	size_t vlen = strlen(value), klen = strlen(key), k = 0;
	char *out = malloc(strlen(command) / (vlen ? vlen : 1) * (klen + 2) + strlen(command) + 1);
	if (out == NULL)
		return NULL;
	for (const char *p = command; *p != '\0'; ) {
		if (vlen > 0 && strncmp(p, value, vlen) == 0 && (only == NULL || p == only)) {
			k += (size_t)sprintf(out + k, "{%s}", key);
			p += vlen;
		} else {
			out[k++] = *p++;
		}
	}
	out[k] = '\0';
	return out;
}

/* How many results templ renders. */
static size_t renders_count(const struct hf_set *s, const char *templ)
{
	size_t k = 0;
	for (size_t i = 0; i < s->count; i++)
		k += renders(templ, s->r[i].key, s->r[i].value, s->r[i].command);
	return k;
}

/* Of the ways to read r's command as a template (the value at every
 * place, at one place, or nowhere), the one that renders most results.
 * Returns it malloc'd, or NULL when out of memory. */
static char *best_template(const struct hf_set *s, const struct hf_result *r)
{
	char *best = unrender(r->command, r->key, r->value, NULL);
	size_t most = best ? renders_count(s, best) : 0;
	const char *at = strstr(r->command, r->value);
	for (int tries = 0; best != NULL && tries < 9; tries++) {
		char *c = at != NULL ? unrender(r->command, r->key, r->value, at)
				     : strdup(r->command);
		size_t k = c ? renders_count(s, c) : 0;
		if (c != NULL && k > most) {
			free(best);
			best = c, most = k;
		} else {
			free(c);
		}
		if (at == NULL)
			break;
		at = strstr(at + 1, r->value);
	}
	return best;
}

/* Places where value stands in command. */
static size_t occurrences(const char *command, const char *value)
{
	size_t k = 0;
	for (const char *at = strstr(command, value); at != NULL; at = strstr(at + 1, value))
		k++;
	return k;
}

struct by_places {
	size_t places, i;
};

static int fewer_places(const void *x, const void *y)
{
	const struct by_places *a = x, *b = y;
	return a->places != b->places ? (a->places > b->places) - (a->places < b->places)
				      : (a->i > b->i) - (a->i < b->i);
}

/*
 * Every result's template.  The results whose value stands in fewest
 * places in their command are read first: in "f1 ... exit 1 ... 1000"
 * (N = 1) the value also stands where the template has a 1, but in
 * "f2 ... exit 1 ... 2000" it stands only for {N}.  Returns 0, or -1
 * when out of memory.
 */
static int find_templates(struct hf_set *s)
{
	struct by_places *order = malloc(s->count * sizeof *order);
	s->templ = calloc(s->count, sizeof *s->templ);
	if (s->templ == NULL || order == NULL) {
		free(order);
		return -1;
	}
	for (size_t i = 0; i < s->count; i++)
		order[i] = (struct by_places){ occurrences(s->r[i].command, s->r[i].value), i };
	qsort(order, s->count, sizeof *order, fewer_places);
	for (size_t k = 0; k < s->count; k++) {
		struct hf_result *r = &s->r[order[k].i];
		size_t t = 0;
		while (t < s->ntempl && !renders(s->templ[t], r->key, r->value, r->command))
			t++;
		if (t == s->ntempl) {
			/* each candidate renders r: it is r's command read back */
			s->templ[t] = best_template(s, r);
			if (s->templ[t] == NULL) {
				free(order);
				return -1;
			}
			s->ntempl++;
		}
		r->templ = t;
	}
	free(order);
	return 0;
}

/* 10^k, k <= 19. */
static uint64_t pow10u(unsigned k)
{
	uint64_t p = 1;
	while (k-- > 0)
		p *= 10;
	return p;
}

/* results[i]'s command, parameter, times and exit codes, their types
 * checked.  Returns 0, or -1. */
static int read_result(json_object *o, size_t i, struct hf_result *r,
		       struct foreign_job *j)
{
	json_object *params = NULL, *v = NULL;
	char name[160], key_name[64];
	r->times = r->codes = NULL;
	if (!json_object_is_type(o, json_type_object))
		return foreign_fail(j, 0, "results[%zu] is %s, not an object", i, json_kind(o));
	int k = json_text(o, "command", &r->command);
	if (k <= 0)
		return foreign_fail(j, 0, "results[%zu]: command is %s, not a string", i,
				    k == 0 ? "missing" : json_kind(json_object_object_get(o, "command")));
	foreign_name(r->command, name, sizeof name);
	if (!json_object_object_get_ex(o, "parameters", &params) ||
	    !json_object_is_type(params, json_type_object) ||
	    json_object_object_length(params) != 1)
		return foreign_fail(j, 0, "results[%zu], command '%s': parameters is %s, not one parameter: N is the value of hyperfine's one --parameter-scan, or of one --parameter-list of numbers (-L N 1,2,4,8)",
				    i, name, params && json_object_is_type(params, json_type_object)
				    ? (json_object_object_length(params) == 0 ? "empty" : "several")
				    : json_object_object_get_ex(o, "parameters", &v)
				    ? json_kind(params) : "missing");
	json_object_object_foreach(params, key, val) {
		r->key = key;
		if (!json_object_is_type(val, json_type_string))
			return foreign_fail(j, 0, "results[%zu], command '%s': parameter %s is %s, not a string",
					    i, name, foreign_name(key, key_name, sizeof key_name),
					    json_kind(val));
		r->value = json_object_get_string(val);
		size_t len = strlen(r->value), whole = strcspn(r->value, ".");
		r->decimals = whole < len ? (unsigned)(len - whole - 1) : 0;
		uint64_t frac = 0;
		if (foreign_whole_number(r->value, whole, &r->n) != 0 ||
		    (whole < len && (r->decimals == 0 || r->decimals > 18 ||
				     foreign_whole_number(r->value + whole + 1, r->decimals, &frac) != 0)) ||
		    r->n > (UINT64_MAX - frac) / pow10u(r->decimals))
			return foreign_fail(j, 0, "results[%zu], command '%s': a parameter that is not a number of digits, a point and up to 18 more, below 2^64 once its point is taken out (N)",
					    i, name);
		r->n = r->n * pow10u(r->decimals) + frac;
	}
	if (!json_object_object_get_ex(o, "times", &r->times) ||
	    !json_object_is_type(r->times, json_type_array))
		return foreign_fail(j, 0, "results[%zu], command '%s': times is %s, not an array (hyperfine 1.13 or later)",
				    i, name, json_kind(r->times));
	if (json_object_object_get_ex(o, "exit_codes", &v) &&
	    (!json_object_is_type(v, json_type_array) ||
	     json_object_array_length(v) != json_object_array_length(r->times)))
		return foreign_fail(j, 0, "results[%zu], command '%s': exit_codes is %s%s, not one exit code per time",
				    i, name, json_kind(v),
				    json_object_is_type(v, json_type_array) ? " of another length" : "");
	r->codes = v;	/* NULL: not exported (hyperfine before 1.12) */
	return 0;
}

/* err: the templates in the file, one a line. */
static int list_templates(struct foreign_job *j, const struct hf_set *s,
			  const char *why)
{
	char *m = j->err->msg;
	size_t len = sizeof j->err->msg;
	foreign_fail(j, 0, "%s; name one with --column:", why);
	for (size_t t = 0; t < s->ntempl; t++) {
		size_t k = strlen(m), values = 0, runs = 0;
		for (size_t i = 0; i < s->count; i++)
			if (s->r[i].templ == t)
				values++, runs += json_object_array_length(s->r[i].times);
		char name[160];
		int w = snprintf(m + k, len - k, "\n  %s  (%zu value%s, %zu runs)",
				 foreign_name(s->templ[t], name, sizeof name), values,
				 values == 1 ? "" : "s", runs);
		if (w < 0 || (size_t)w >= len - k - 40) {
			m[k] = '\0';
			snprintf(m + k, len - k, "\n  and %zu more", s->ntempl - t);
			break;
		}
	}
	return -1;
}

/* The template chosen (--column, or the only one).  Returns its index,
 * or -1 with err. */
static long choose(struct foreign_job *j, const struct hf_set *s)
{
	char name[160], why[300];
	if (j->choice == NULL) {
		if (s->ntempl == 1)
			return 0;
		snprintf(why, sizeof why, "%zu commands in one file", s->ntempl);
		return list_templates(j, s, why);
	}
	for (size_t t = 0; t < s->ntempl; t++)
		if (strcmp(s->templ[t], j->choice) == 0)
			return (long)t;
	snprintf(why, sizeof why, "no command '%s' in this file",
		 foreign_name(j->choice, name, sizeof name));
	return list_templates(j, s, why);
}

/* One run: left out (and counted) when it failed, else handed on. */
static int take_run(struct foreign_job *j, const struct hf_result *r, size_t i,
		    size_t k, uint64_t n, uint64_t *failed)
{
	char name[160];
	json_object *code = r->codes ? json_object_array_get_idx(r->codes, k) : NULL;
	if (r->codes != NULL && !(json_object_is_type(code, json_type_int) &&
				  json_object_get_int64(code) == 0)) {
		if (code != NULL && !json_object_is_type(code, json_type_int))
			return foreign_fail(j, 0, "results[%zu], command '%s': exit_codes[%zu] is %s, not an exit code or null",
					    i, foreign_name(r->command, name, sizeof name), k,
					    json_kind(code));
		(*failed)++;	/* a non-zero exit code, or null: a signal */
		return 0;
	}
	double t;
	const char *why = json_time(json_object_array_get_idx(r->times, k), &t);
	if (why == NULL && !(t * 1e9 <= INPUT_T_MAX))
		why = "beyond 2^63 ns (292 years)";
	if (why == NULL && t != 0 && !(t * 1e9 >= INPUT_T_MIN))
		why = "too small to compute with (at least 2^-511 ns, or 0)";
	if (why != NULL)
		return foreign_fail(j, 0, "results[%zu], command '%s': times[%zu] is %s",
				    i, foreign_name(r->command, name, sizeof name), k, why);
	return foreign_emit(j, n, t * 1e9);
}

/*
 * The template's runs, N its parameter; where a value has digits after a
 * point (a scan of step 0.5), N is the parameter times the power of ten
 * that makes every value of the template whole, and the kernel's name
 * says so ("sleep {x}, N = 10 x").
 */
static int emit_template(struct foreign_job *j, const struct hf_set *s, size_t t)
{
	uint64_t failed = 0;
	unsigned most = 0;
	char name[160], kernel[sizeof j->meta->kernel];
	for (size_t i = 0; i < s->count; i++)
		if (s->r[i].templ == t && s->r[i].decimals > most)
			most = s->r[i].decimals;
	for (size_t i = 0; i < s->count; i++) {
		const struct hf_result *r = &s->r[i];
		if (r->templ != t)
			continue;
		uint64_t up = pow10u(most - r->decimals);
		if (r->n > UINT64_MAX / up)
			return foreign_fail(j, 0, "results[%zu], command '%s': the parameter times 10^%u (every value made whole) is beyond 2^64",
					    i, foreign_name(r->command, name, sizeof name), most);
		for (size_t k = 0; k < json_object_array_length(r->times); k++)
			if (take_run(j, r, i, k, r->n * up, &failed) != 0)
				return -1;
	}
	if (j->meta->samples == 0)
		return foreign_fail(j, 0, "command '%s': no run that exited with 0 (%llu failed)",
				    foreign_name(s->templ[t], name, sizeof name),
				    (unsigned long long)failed);
	j->meta->failed = failed;
	snprintf(j->meta->failed_what, sizeof j->meta->failed_what,
		 "run%s with a non-zero exit code or ended by a signal (hyperfine's exit_codes)",
		 failed == 1 ? "" : "s");
	if (most > 0) {
		char key[64];
		const struct hf_result *r = s->r;
		while (r->templ != t)
			r++;
		foreign_name(r->key, key, sizeof key);
		if (most <= 3)
			snprintf(kernel, sizeof kernel, "%s, N = %s %s", s->templ[t],
				 most == 1 ? "10" : most == 2 ? "100" : "1000", key);
		else
			snprintf(kernel, sizeof kernel, "%s, N = 1e%u %s", s->templ[t], most, key);
	} else {
		snprintf(kernel, sizeof kernel, "%s", s->templ[t]);
	}
	foreign_describe(j, "hyperfine", "hyperfine wall time", kernel);
	return 0;
}

int hyperfine_json(json_object *root, struct foreign_job *j)
{
	json_object *arr;
	struct hf_set s = { 0 };
	if (!json_object_object_get_ex(root, "results", &arr) ||
	    !json_object_is_type(arr, json_type_array))
		return foreign_fail(j, 0, "hyperfine JSON without a results array");
	s.count = json_object_array_length(arr);
	if (s.count == 0)
		return foreign_fail(j, 0, "hyperfine JSON with no results");
	s.r = calloc(s.count, sizeof *s.r);
	int rc = s.r == NULL ? foreign_fail(j, 0, "out of memory") : 0;
	for (size_t i = 0; rc == 0 && i < s.count; i++)
		rc = read_result(json_object_array_get_idx(arr, i), i, &s.r[i], j);
	if (rc == 0 && find_templates(&s) != 0)
		rc = foreign_fail(j, 0, "out of memory");
	long t = rc == 0 ? choose(j, &s) : -1;
	if (t >= 0)
		rc = emit_template(j, &s, (size_t)t);
	for (size_t i = 0; i < s.ntempl; i++)
		free(s.templ[i]);
	free(s.templ);
	free(s.r);
	return t >= 0 ? rc : -1;
}
