/*
 * gbench.c - Google Benchmark's JSON and CSV (gbench.h): every result
 * read into a row, the benchmark chosen, its rows handed on as samples.
 * What each format holds is in the library's json_reporter.cc and
 * csv_reporter.cc.
 */
#include "gbench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "gbench_name.h"
#include "numscan.h"

struct gb_row {
	const char *name;	/* as written */
	uint64_t pos;		/* JSON: index in benchmarks; CSV: line */
	long long family;	/* family_index; -1: not given (CSV) */
	int failed;		/* error_occurred or skipped: no time */
	int aggregate;		/* left out (CSV: known by its name) */
	uint64_t iterations;	/* its time is their mean; 0: not said */
	double t_ns;
	char why[96];		/* why the time is not usable; "" if it is */
};

struct gb_rows {
	struct gb_row *r;
	size_t count, cap;
	int csv;		/* positions are lines */
};

static struct gb_row *new_row(struct gb_rows *rows)
{
	if (rows->count == rows->cap) {
		size_t cap = rows->cap ? 2 * rows->cap : 64;
		struct gb_row *r = realloc(rows->r, cap * sizeof *r);
		if (r == NULL)
			return NULL;
		rows->r = r;
		rows->cap = cap;
	}
	struct gb_row *r = &rows->r[rows->count++];
	memset(r, 0, sizeof *r);
	r->family = -1;
	return r;
}

/* ns per time_unit; 0 if unknown. */
static double unit_ns_of(const char *u)
{
	return strcmp(u, "ns") == 0 ? 1 : strcmp(u, "us") == 0 ? 1e3
	     : strcmp(u, "ms") == 0 ? 1e6 : strcmp(u, "s") == 0 ? 1e9 : 0;
}

/* The time t in unit as ns into row, or why not. */
static void set_time(struct gb_row *row, const char *key, double t,
		     const char *unit)
{
	double k = unit_ns_of(unit);
	char u[24];
	if (!(k > 0))
		snprintf(row->why, sizeof row->why, "time_unit '%s' is not ns, us, ms or s",
			 foreign_name(unit, u, sizeof u));
	else if (!(t * k <= INPUT_T_MAX))
		snprintf(row->why, sizeof row->why, "%s is beyond 2^63 ns (292 years)", key);
	else if (t != 0 && !(t * k >= INPUT_T_MIN))
		snprintf(row->why, sizeof row->why, "%s is too small to compute with (at least 2^-511 ns, or 0)", key);
	else
		row->t_ns = t * k;
}

/* "benchmarks[3], benchmark 'BM_x/8'" or "benchmark 'BM_x/8'" (CSV:
 * the line says where). */
static const char *where(const struct gb_rows *rows, const struct gb_row *r,
			 char *buf, size_t len)
{
	char name[160];
	foreign_name(r->name, name, sizeof name);
	if (rows->csv)
		snprintf(buf, len, "benchmark '%s'", name);
	else
		snprintf(buf, len, "benchmarks[%llu], benchmark '%s'",
			 (unsigned long long)r->pos, name);
	return buf;
}

/* A key that must be true or false where present: 0 absent or false, 1
 * true, -1 another type. */
static int json_flag(json_object *b, const char *key)
{
	json_object *v;
	if (!json_object_object_get_ex(b, key, &v))
		return 0;
	if (!json_object_is_type(v, json_type_boolean))
		return -1;
	return json_object_get_boolean(v) ? 1 : 0;
}

/* Of a row: run_type (aggregates left out), failure, family_index.
 * Returns 1 for an iteration, 0 for an aggregate, -1 on error. */
static int json_kind_of(json_object *b, struct gb_rows *rows, struct gb_row *r,
			struct foreign_job *j)
{
	char at[256];
	const char *type = "iteration";
	json_object *v;
	int k = json_text(b, "run_type", &type);
	if (k == 0 && json_object_object_get_ex(b, "aggregate_name", &v))
		type = "aggregate";	/* versions before run_type */
	if (k < 0 || (strcmp(type, "aggregate") != 0 && strcmp(type, "iteration") != 0))
		return foreign_fail(j, 0, "%s: run_type is %s, not \"iteration\" or \"aggregate\"",
				    where(rows, r, at, sizeof at),
				    k < 0 ? json_kind(json_object_object_get(b, "run_type")) : "another word");
	if (strcmp(type, "aggregate") == 0)
		return 0;
	int e = json_flag(b, "error_occurred"), s = json_flag(b, "skipped");
	if (e < 0 || s < 0)
		return foreign_fail(j, 0, "%s: %s is not true or false", where(rows, r, at, sizeof at),
				    e < 0 ? "error_occurred" : "skipped");
	r->failed = e || s;
	if (json_object_object_get_ex(b, "family_index", &v)) {
		int64_t f = json_object_get_int64(v);
		if (!json_object_is_type(v, json_type_int) || f < 0 || f == INT64_MAX)
			return foreign_fail(j, 0, "%s: family_index is %s, not a whole number",
					    where(rows, r, at, sizeof at), json_kind(v));
		r->family = (long long)f;
	}
	return 1;
}

/* One entry of the benchmarks array.  Returns 0, or -1. */
static int json_row(json_object *b, size_t i, struct gb_rows *rows,
		    struct foreign_job *j)
{
	const char *name, *unit;
	if (!json_object_is_type(b, json_type_object))
		return foreign_fail(j, 0, "benchmarks[%zu] is %s, not an object", i, json_kind(b));
	int k = json_text(b, "name", &name);
	if (k <= 0)
		return foreign_fail(j, 0, "benchmarks[%zu]: name is %s, not a string", i,
				    k == 0 ? "missing" : json_kind(json_object_object_get(b, "name")));
	struct gb_row *r = new_row(rows);
	if (r == NULL)
		return foreign_fail(j, 0, "out of memory");
	r->name = name;
	r->pos = i;
	int kind = json_kind_of(b, rows, r, j);
	if (kind < 0)
		return -1;
	r->aggregate = kind == 0;
	if (r->aggregate)
		return 0;
	json_object *v = NULL;
	double t = 0;
	if (json_object_object_get_ex(b, "iterations", &v) && json_object_is_type(v, json_type_int) &&
	    json_object_get_int64(v) > 0)
		r->iterations = (uint64_t)json_object_get_int64(v);
	const char *why = json_object_object_get_ex(b, j->time_key, &v) ? json_time(v, &t)
									 : "missing";
	k = json_text(b, "time_unit", &unit);
	if (why != NULL)
		snprintf(r->why, sizeof r->why, "%s is %s", j->time_key, why);
	else if (k <= 0)
		snprintf(r->why, sizeof r->why, "time_unit is %s",
			 k == 0 ? "missing" : "not a string");
	else
		set_time(r, j->time_key, t, unit);
	return 0;
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* CSV has no run_type: an aggregate's name is a result's name, '_', and
 * the statistic's (count/8_mean, count/8_cv, count/8_p99); BigO and RMS
 * rows have no iterations and are known already.  Returns 0, or -1. */
static int csv_aggregates(struct gb_rows *rows)
{
	const char **names = malloc((rows->count + 1) * sizeof *names);
	if (names == NULL)
		return -1;
	for (size_t i = 0; i < rows->count; i++)
		names[i] = rows->r[i].name;
	qsort(names, rows->count, sizeof *names, by_name);
	for (size_t i = 0; i < rows->count; i++) {
		struct gb_row *r = &rows->r[i];
		const char *slash = strrchr(r->name, '/');
		char prefix[512];
		for (const char *u = strchr(slash ? slash : r->name, '_'); u && !r->aggregate;
		     u = strchr(u + 1, '_')) {
			size_t len = (size_t)(u - r->name);
			if (u[1] == '\0' || len >= sizeof prefix)
				continue;
			memcpy(prefix, r->name, len);
			prefix[len] = '\0';
			const char *key = prefix;
			r->aggregate = bsearch(&key, names, rows->count, sizeof *names, by_name) != NULL;
		}
	}
	free(names);
	return 0;
}

/* The columns of a Google Benchmark CSV that are read. */
struct csv_cols {
	size_t name, iterations, real_time, cpu_time, time_unit, error, count;
};

static int csv_header(const struct csv_record *h, struct csv_cols *c)
{
	const char *want[] = { "name", "iterations", "real_time", "cpu_time", "time_unit",
			       "error_occurred" };
	size_t *at[] = { &c->name, &c->iterations, &c->real_time, &c->cpu_time,
			 &c->time_unit, &c->error };
	size_t kept = h->count < CSV_FIELDS_MAX ? h->count : CSV_FIELDS_MAX;
	for (size_t w = 0; w < 6; w++) {
		*at[w] = SIZE_MAX;
		for (size_t i = 0; i < kept; i++)
			if (strcmp(h->field[i], want[w]) == 0)
				*at[w] = i;
	}
	c->count = 0;
	for (size_t w = 0; w < 5; w++) {
		if (*at[w] == SIZE_MAX)
			return -1;
		c->count = *at[w] + 1 > c->count ? *at[w] + 1 : c->count;
	}
	return 0;
}

/* One row after the header.  Returns 0, or -1. */
static int csv_row(const struct csv_record *rec, const struct csv_cols *c,
		   struct gb_rows *rows, struct foreign_job *j)
{
	struct gb_row *r = new_row(rows);
	if (r == NULL)
		return foreign_fail(j, rec->line, "out of memory");
	r->name = rec->field[c->name];
	r->pos = rec->line;
	size_t kept = rec->count < CSV_FIELDS_MAX ? rec->count : CSV_FIELDS_MAX;
	int error = c->error < kept && strcmp(rec->field[c->error], "true") == 0;
	/* a skipped run: its fields are empty but for error_occurred and
	 * error_message */
	int empty = kept <= c->real_time || (rec->field[c->real_time][0] == '\0' &&
					     (kept <= c->cpu_time || rec->field[c->cpu_time][0] == '\0'));
	if (error || empty) {
		r->failed = 1;
		return 0;
	}
	char at[256];
	if (kept < c->count)
		return foreign_fail(j, rec->line, "%s: %zu fields, too few for the header's",
				    where(rows, r, at, sizeof at), rec->count);
	/* BigO, RMS: no iterations; cv and other percentages: no unit */
	if (rec->field[c->iterations][0] == '\0' || rec->field[c->time_unit][0] == '\0') {
		r->aggregate = 1;
		return 0;
	}
	const char *it = rec->field[c->iterations];
	if (foreign_whole_number(it, strlen(it), &r->iterations) != 0)
		r->iterations = 0;	/* not said */
	const char *key = j->time_key;
	const char *text = rec->field[strcmp(key, "cpu_time") == 0 ? c->cpu_time : c->real_time];
	struct number num;
	const char *why = num_scan(text, strlen(text), &num);
	char shown[40];
	if (why != NULL)
		snprintf(r->why, sizeof r->why, "%s '%s': %s", key,
			 foreign_name(text, shown, sizeof shown), why);
	else
		set_time(r, key, num.d, rec->field[c->time_unit]);
	return 0;
}

static int read_csv_rows(char *text, size_t len, struct gb_rows *rows,
			 struct foreign_job *j)
{
	struct csv_reader rd;
	struct csv_record rec;
	struct csv_cols cols;
	const char *why = NULL;
	int got, header = 0;
	csv_init(&rd, text, len);
	while ((got = csv_next(&rd, &rec, &why)) == 1) {
		if (!header)
			header = strcmp(rec.field[0], "name") == 0 && csv_header(&rec, &cols) == 0;
		else if (csv_row(&rec, &cols, rows, j) != 0)
			return -1;
	}
	j->meta->lines = rd.line;
	j->meta->unterminated = rd.cut;
	if (got < 0)
		return foreign_fail(j, rec.line, "%s", why);
	if (!header)
		return foreign_fail(j, 0, "no Google Benchmark CSV header (name,iterations,real_time,cpu_time,time_unit,...)");
	if (csv_aggregates(rows) != 0)
		return foreign_fail(j, 0, "out of memory");
	return 0;
}

/* A benchmark to choose: a variant (or, without N, a name). */
struct gb_choice {
	const char *label;	/* count/N/8, or the name without N */
	size_t family_len;	/* of label, when it has N */
	int has_n;
	size_t rows;
};

struct gb_pick {
	struct gb_choice *c;	/* the distinct benchmarks, in order */
	size_t count;
	char **variant;		/* each row's variant (or NULL) */
	uint64_t *n;		/* and its N */
	size_t *family_len;
	unsigned char *chosen;	/* rows chosen */
	uint64_t *chosen_n;
};

static void pick_free(struct gb_pick *p, size_t rows)
{
	if (p->variant != NULL)
		for (size_t i = 0; i < rows; i++)
			free(p->variant[i]);
	free(p->variant);
	free(p->n);
	free(p->family_len);
	free(p->chosen);
	free(p->chosen_n);
	free(p->c);
}

/* Each iteration row's variant, and the distinct ones.  Returns 0, -1. */
static int pick_variants(const struct gb_rows *rows, struct gb_pick *p)
{
	size_t k = rows->count ? rows->count : 1;
	p->variant = calloc(k, sizeof *p->variant);
	p->n = calloc(k, sizeof *p->n);
	p->family_len = calloc(k, sizeof *p->family_len);
	p->chosen = calloc(k, 1);
	p->chosen_n = calloc(k, sizeof *p->chosen_n);
	p->c = calloc(k, sizeof *p->c);
	if (!p->variant || !p->n || !p->family_len || !p->chosen || !p->chosen_n || !p->c)
		return -1;
	for (size_t i = 0; i < rows->count; i++) {
		if (rows->r[i].aggregate)
			continue;
		int v = gbench_variant(rows->r[i].name, &p->variant[i], &p->n[i],
				       &p->family_len[i]);
		if (v < 0)
			return -1;
		const char *label = v ? p->variant[i] : rows->r[i].name;
		size_t c = 0;
		while (c < p->count && strcmp(p->c[c].label, label) != 0)
			c++;
		if (c == p->count)
			p->c[p->count++] = (struct gb_choice){ label, p->family_len[i], v, 0 };
		p->c[c].rows++;
	}
	return 0;
}

/* err: the benchmarks the file holds (those of the function family when
 * not NULL), one a line. */
static int list_choices(struct foreign_job *j, const struct gb_pick *p,
			const char *why, const char *family)
{
	char *m = j->err->msg;
	size_t len = sizeof j->err->msg, k;
	foreign_fail(j, 0, "%s; name one with --column (N stands for the argument that varies):", why);
	for (size_t c = 0; c < p->count; c++) {
		char name[160];
		if (family != NULL && !(p->c[c].has_n && p->c[c].family_len == strlen(family) &&
					strncmp(p->c[c].label, family, p->c[c].family_len) == 0))
			continue;
		k = strlen(m);
		int w = snprintf(m + k, len - k, "\n  %s  (%zu result%s%s)",
				 foreign_name(p->c[c].label, name, sizeof name), p->c[c].rows,
				 p->c[c].rows == 1 ? "" : "s",
				 p->c[c].has_n ? "" : "; no whole-number argument to be N");
		if (w < 0 || (size_t)w >= len - k - 40) {
			m[k] = '\0';
			snprintf(m + k, len - k, "\n  and %zu more", p->count - c);
			break;
		}
	}
	return -1;
}

/* Every row of the choice of index c. */
static void choose_variant(const struct gb_rows *rows, struct gb_pick *p, size_t c)
{
	for (size_t i = 0; i < rows->count; i++)
		if (p->variant[i] != NULL && strcmp(p->variant[i], p->c[c].label) == 0) {
			p->chosen[i] = 1;
			p->chosen_n[i] = p->n[i];
		}
}

/* --column NAME without N: the function's name of one variant. */
static int choose_family(const struct gb_rows *rows, struct gb_pick *p,
			 struct foreign_job *j, const char **label)
{
	const char *want = j->choice;
	size_t len = strlen(want), found = 0, at = 0;
	char name[160], why[300];
	for (size_t c = 0; c < p->count; c++) {
		if (!p->c[c].has_n && strcmp(p->c[c].label, want) == 0)
			return foreign_fail(j, 0, "benchmark '%s' has no whole-number argument to be N",
					    foreign_name(want, name, sizeof name));
		if (p->c[c].has_n && p->c[c].family_len == len &&
		    strncmp(p->c[c].label, want, len) == 0)
			found++, at = c;
	}
	foreign_name(want, name, sizeof name);
	if (found == 0) {
		snprintf(why, sizeof why, "no benchmark '%s' in this file", name);
		return list_choices(j, p, why, NULL);
	}
	if (found > 1) {
		snprintf(why, sizeof why, "'%s' has %zu variants, never pooled", name, found);
		return list_choices(j, p, why, want);
	}
	choose_variant(rows, p, at);
	*label = p->c[at].label;
	return 0;
}

/* The rows of the benchmark chosen (p->chosen, p->chosen_n) and its name.
 * Returns 0, or -1 with err. */
static int choose(const struct gb_rows *rows, struct gb_pick *p,
		  struct foreign_job *j, const char **label)
{
	const char *want = j->choice;
	char name[160], why[300];
	if (want == NULL) {
		if (p->count == 0)
			return foreign_fail(j, 0, rows->count > 0
				? "only aggregates (mean, median...), no result of each repetition: run without --benchmark_report_aggregates_only"
				: "no benchmark results (run_type iteration)");
		if (p->count > 1 || !p->c[0].has_n) {
			snprintf(why, sizeof why, p->count > 1 ? "%zu benchmarks in one file"
				 : "a benchmark without a whole-number argument to be N", p->count);
			return list_choices(j, p, why, NULL);
		}
		choose_variant(rows, p, 0);
		*label = p->c[0].label;
		return 0;
	}
	int ns = gbench_pattern_ns(want);
	foreign_name(want, name, sizeof name);
	if (ns > 1)
		return foreign_fail(j, 0, "--column '%s': N may stand for one argument only", name);
	if (ns == 0)
		return choose_family(rows, p, j, label);
	size_t k = 0;
	for (size_t i = 0; i < rows->count; i++)
		if (!rows->r[i].aggregate && gbench_match(want, rows->r[i].name, &p->chosen_n[i]))
			p->chosen[i] = 1, k++;
	if (k == 0) {
		snprintf(why, sizeof why, "no benchmark in this file is '%s'", name);
		return list_choices(j, p, why, NULL);
	}
	*label = want;
	return 0;
}

/* Two functions registered under one name would pool unseen: JSON says
 * which family each result is of. */
static int one_family(const struct gb_rows *rows, const struct gb_pick *p,
		      struct foreign_job *j, const char *label)
{
	long long first = -1;
	char name[160];
	for (size_t i = 0; i < rows->count; i++) {
		long long f = rows->r[i].family;
		if (!p->chosen[i] || f < 0)
			continue;
		if (first >= 0 && f != first)
			return foreign_fail(j, 0, "'%s' names results of two benchmarks (family_index %lld and %lld): registered under one name, they would be pooled; give them different names",
					    foreign_name(label, name, sizeof name), first, f);
		first = f;
	}
	return 0;
}

/* Each sample a mean of its row's iterations: meta says how many, and
 * that they are means unless every row says 1. */
static void take_iterations(struct input_meta *m, const struct gb_row *r, int first)
{
	if (first) {
		m->mean_of[0] = m->mean_of[1] = r->iterations;
		m->means = 0;
	} else if (r->iterations == 0 || m->mean_of[0] == 0) {
		m->mean_of[0] = m->mean_of[1] = 0;
	} else {
		m->mean_of[0] = r->iterations < m->mean_of[0] ? r->iterations : m->mean_of[0];
		m->mean_of[1] = r->iterations > m->mean_of[1] ? r->iterations : m->mean_of[1];
	}
	m->means |= r->iterations != 1;
}

static int emit_chosen(const struct gb_rows *rows, const struct gb_pick *p,
		       struct foreign_job *j, const char *label)
{
	uint64_t failed = 0, used = 0;
	char at[256], name[160];
	for (size_t i = 0; i < rows->count; i++) {
		const struct gb_row *r = &rows->r[i];
		if (!p->chosen[i])
			continue;
		if (r->failed) {
			failed++;
			continue;
		}
		if (r->why[0])
			return foreign_fail(j, rows->csv ? r->pos : 0, "%s: %s",
					    where(rows, r, at, sizeof at), r->why);
		if (foreign_emit(j, p->chosen_n[i], r->t_ns) != 0)
			return -1;
		take_iterations(j->meta, r, used == 0);
		used++;
	}
	if (used == 0)
		return foreign_fail(j, 0, "benchmark '%s': no result with a time (%llu with an error or skipped)",
				    foreign_name(label, name, sizeof name),
				    (unsigned long long)failed);
	j->meta->failed = failed;
	snprintf(j->meta->failed_what, sizeof j->meta->failed_what,
		 "result%s with error_occurred or skipped", failed == 1 ? "" : "s");
	foreign_describe(j, "gbench", strcmp(j->time_key, "cpu_time") == 0
		? "gbench cpu_time (a mean per iteration)"
		: "gbench real_time (a mean per iteration)", label);
	return 0;
}

static int take_rows(struct gb_rows *rows, struct foreign_job *j)
{
	struct gb_pick p = { 0 };
	const char *label = NULL;
	int rc = pick_variants(rows, &p) != 0 ? foreign_fail(j, 0, "out of memory")
		 : choose(rows, &p, j, &label);
	if (rc == 0)
		rc = one_family(rows, &p, j, label);
	if (rc == 0)
		rc = emit_chosen(rows, &p, j, label);
	pick_free(&p, rows->count);
	free(rows->r);
	return rc;
}

int gbench_json(json_object *root, struct foreign_job *j)
{
	json_object *arr;
	struct gb_rows rows = { 0 };
	if (!json_object_object_get_ex(root, "benchmarks", &arr) ||
	    !json_object_is_type(arr, json_type_array))
		return foreign_fail(j, 0, "Google Benchmark JSON without a benchmarks array");
	size_t len = json_object_array_length(arr);
	for (size_t i = 0; i < len; i++)
		if (json_row(json_object_array_get_idx(arr, i), i, &rows, j) != 0) {
			free(rows.r);
			return -1;
		}
	return take_rows(&rows, j);
}

int gbench_csv(char *text, size_t len, struct foreign_job *j)
{
	struct gb_rows rows = { 0 };
	rows.csv = 1;
	if (read_csv_rows(text, len, &rows, j) != 0) {
		free(rows.r);
		return -1;
	}
	return take_rows(&rows, j);
}
