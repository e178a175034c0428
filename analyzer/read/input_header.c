/*
 * input_header.c - a stream's header lines read into input_meta, each
 * key checked where it is read (input_header.h).
 */
#include "input_header.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numscan.h"
#include "text.h"

static int set_columns(struct reader *r, char *value)
{
	char *field[FIELDS_MAX];
	size_t len[FIELDS_MAX];
	int k = input_split(value, field, len);
	struct input_meta *m = r->meta;
	if (k < 0)
		return input_fail(r, "too many columns in '# columns:'");
	m->col_n = m->col_t = m->col_at = -1;
	size_t want = strlen(r->column);
	if (strcmp(m->stream_kind, "trace") == 0) {
		/* an activity trace: start length (collect --trace) */
		for (int i = 0; i < k; i++) {
			if (len[i] == 5 && strncmp(field[i], "start", 5) == 0)
				m->col_at = i;
			else if (len[i] == 6 && strncmp(field[i], "length", 6) == 0)
				m->col_t = i;
		}
		if (m->col_at < 0 || m->col_t < 0)
			return input_fail(r, "'# columns:' of a trace must name the columns start and length");
		m->ncols = k;
		return 0;
	}
	for (int i = 0; i < k; i++) {
		if (len[i] == 1 && field[i][0] == 'n')
			m->col_n = i;
		else if (len[i] == want && strncmp(field[i], r->column, want) == 0)
			m->col_t = i;
		else if (len[i] == 2 && strncmp(field[i], "at", 2) == 0)
			m->col_at = i;
	}
	if (m->col_n < 0 || m->col_t < 0)
		return input_fail(r, "'# columns:' must name the columns n and %s", r->column);
	m->ncols = k;
	return 0;
}

/* key is base followed by the column's suffix: "tick" for t, "tick2"
 * for t2. */
static int is_key(const struct reader *r, const char *key, const char *base)
{
	size_t n = strlen(base);
	return strncmp(key, base, n) == 0 && strcmp(key + n, r->suffix) == 0;
}

/* The field of a header key kept as text (cleaned, cut to the field), or
 * NULL. */
static char *text_field(struct input_meta *m, const char *key, size_t *len)
{
#define TEXT_KEY(k, f) { k, offsetof(struct input_meta, f), sizeof(((struct input_meta *)0)->f) }
	static const struct {
		const char *key;
		size_t offset, len;
	} keys[] = {
		TEXT_KEY("kernel", kernel), TEXT_KEY("host", host), TEXT_KEY("date", date),
		TEXT_KEY("governor", governor), TEXT_KEY("cpu", cpu), TEXT_KEY("per", per),
		TEXT_KEY("rank", rank), TEXT_KEY("interleave_side", side),
		TEXT_KEY("message_kernel", message), TEXT_KEY("coarsen", coarsen),
		TEXT_KEY("stream", stream_kind), TEXT_KEY("counters_start", counters_start),
		TEXT_KEY("counters_end", counters_end),
		TEXT_KEY("trace_read_interval", trace_read_interval),
		TEXT_KEY("trace_threshold", trace_threshold),
	};
#undef TEXT_KEY
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(key, keys[i].key) == 0) {
			*len = keys[i].len;
			return (char *)m + keys[i].offset;
		}
	return NULL;
}

/* A clock's uneven steps are its tick and now and then more: their mean
 * is at least the tick, and below twice it. */
static int mean_fits(const struct input_meta *m)
{
	return m->tick_mean >= (double)m->tick && m->tick_mean < 2 * (double)m->tick;
}

/* Known keys are checked; unknown keys are ignored (FORMAT.md). */
/* The last line's count of the lines before it (samples=, a trace's
 * gaps=), where it gives one: the stream must hold as many. */
static int last_count(struct reader *r, const char *value)
{
	static const char *const names[] = { "samples=", "gaps=" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const char *at = strstr(value, names[i]);
		if (at == NULL || (at != value && at[-1] != ' '))
			continue;
		at += strlen(names[i]);
		size_t digits = strspn(at, "0123456789");
		if (digits == 0 || digits > 19 || (at[digits] != ' ' && at[digits] != '\0'))
			continue;
		unsigned long long k = strtoull(at, NULL, 10);
		if (k != r->meta->samples)
			return input_fail(r, "the last line counts %llu %s, the stream holds %llu: lines lost or added, or two streams run together (remove that line to read the lines as they are)",
					  k, i == 0 ? "samples" : "gaps", (unsigned long long)r->meta->samples);
	}
	return 0;
}

static int header_key(struct reader *r, const char *key, char *value)
{
	struct input_meta *m = r->meta;
	struct number num;
	char *field;
	size_t flen;
	size_t vlen = strlen(value);
	if (is_key(r, key, "tick")) {
		if (num_scan(value, vlen, &num) != NULL || !num.exact || num.u == 0)
			return input_fail(r, "bad tick '%s': expected a positive integer (clock units)", value);
		m->has_tick = 1;
		m->tick = num.u;
		if (m->tick_mean > 0 && !mean_fits(m))
			return input_fail(r, "tick %s does not fit tick_mean %.12g: the mean step lies between the tick and twice it", value, m->tick_mean);
	} else if (is_key(r, key, "tick_mean")) {
		if (num_scan(value, vlen, &num) != NULL || !(num.d > 0) || !isfinite(num.d))
			return input_fail(r, "bad tick_mean '%s': expected a positive number (clock units)", value);
		m->tick_mean = num.d;
		if (m->has_tick && !mean_fits(m))
			return input_fail(r, "tick_mean %s does not fit tick %llu: the mean step lies between the tick and twice it", value, (unsigned long long)m->tick);
	} else if (is_key(r, key, "unit_ns")) {
		if (num_scan(value, vlen, &num) != NULL || !(num.d > 0))
			return input_fail(r, "bad unit_ns '%s': expected a positive number of nanoseconds", value);
		if (!(num.d >= INPUT_UNIT_NS_MIN && num.d <= INPUT_UNIT_NS_MAX))
			return input_fail(r, "%s %s is out of range: a clock unit is 1e-6 to 1e9 ns", key, value);
		m->has_unit_ns = 1;
		m->unit_ns = num.d;
	} else if (strcmp(key, "timer_period_ns") == 0) {
		if (num_scan(value, vlen, &num) != NULL || !(num.d >= 0))
			return input_fail(r, "bad timer_period_ns '%s': expected a number of nanoseconds (0: unknown)", value);
		if (num.d > INPUT_TIMER_PERIOD_NS_MAX)
			return input_fail(r, "timer_period_ns %s is out of range: a kernel's tick comes at least once a second (at most 1e9 ns)",
					  value);
		m->timer_period_ns = num.d;
	} else if (is_key(r, key, "overhead")) {
		if (num_scan(value, vlen, &num) == NULL) {
			m->has_overhead = 1;
			m->overhead = num.d;
		}
	} else if (is_key(r, key, "clock")) {
		text_clean(value, m->clock, sizeof m->clock);
	} else if (strcmp(key, "columns") == 0) {
		text_clean(value, m->columns, sizeof m->columns);
		return set_columns(r, value);
	} else if (strcmp(key, "interleaved") == 0) {
		/* an id cut short could match another's: pair none */
		if (vlen < sizeof m->interleaved)
			text_clean(value, m->interleaved, sizeof m->interleaved);
	} else if (strcmp(key, "in_turn_vs_alone") == 0) {
		double *x = m->in_turn;
		int end = -1;
		if (sscanf(value, "%lf (%lf to %lf)%n", &x[0], &x[1], &x[2], &end) != 3 ||
		    end < 0 || value[end] != '\0' ||
		    !(x[1] > 0 && x[1] <= x[0] && x[0] <= x[2] && isfinite(x[2])))
			return input_fail(r, "bad in_turn_vs_alone '%s': expected R (LO to HI), 0 < LO <= R <= HI", value);
	} else if (strcmp(key, "kbest") == 0) {
		unsigned k;
		int end = -1;
		size_t digits = strspn(value, "0123456789");
		if (digits < 1 || digits > 4 || value[digits] != ' ' ||
		    sscanf(value, "%u %lf%n", &k, &m->kbest_eps, &end) != 2 || end < 0 ||
		    value[end] != '\0' || k < 1 || k > 1000 ||
		    !(m->kbest_eps > 0 && m->kbest_eps < 1))
			return input_fail(r, "bad kbest '%s': expected K EPS, K in 1..1000, 0 < EPS < 1", value);
	} else if ((field = text_field(m, key, &flen)) != NULL) {
		text_clean(value, field, flen);
	} else if ((strcmp(key, "done") == 0 || strcmp(key, "interrupted") == 0) &&
		   (m->finished || m->interrupted)) {
		return input_fail(r, "a second last line (# %s after # %s): two streams run together? give each as a file of its own",
				  key, m->finished ? "done" : "interrupted");
	} else if (strcmp(key, "done") == 0) {
		if (last_count(r, value) != 0)
			return -1;
		m->finished = 1;
		m->check_failed = strstr(value, " stop=check") != NULL;
		m->kbest_stop = strstr(value, " stop=kbest") != NULL;
		text_clean(value, m->last_line, sizeof m->last_line);
	} else if (strcmp(key, "interrupted") == 0) {
		if (last_count(r, value) != 0)
			return -1;
		m->interrupted = 1;
		text_clean(value, m->last_line, sizeof m->last_line);
	}
	return 0;
}

/* "# key: value" (key of [a-z0-9_]) or a plain comment. */
int input_header_line(struct reader *r, char *s)
{
	if (r->line == 1 && strncmp(s, "# subtick ", 10) == 0) {
		if (strcmp(s + 10, "1") != 0)
			return input_fail(r, "unsupported stream version '%s' (this analyze reads version 1)", s + 10);
		r->meta->stream = 1;
		r->meta->ncols = 3;	/* n t at, unless "# columns:" says */
		r->meta->col_n = 0;
		r->meta->col_t = *r->suffix ? -1 : 1;
		r->meta->col_at = 2;
		return 0;
	}
	if (r->meta->stream && strncmp(s, "# subtick ", 10) == 0)
		return input_fail(r, "a second stream's first line ('%.20s'): two streams run together, as 'cat a.st b.st' makes? give each as a file of its own",
				  s);
	if (!r->meta->stream || s[1] != ' ')
		return 0;
	char *key = s + 2, *p = key;
	while ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')
		p++;
	if (p == key || p[0] != ':' || p[1] != ' ')
		return 0;
	*p = '\0';
	if (r->meta->samples > 0 && strcmp(key, "done") != 0 &&
	    strcmp(key, "interrupted") != 0 && strcmp(key, "counters_end") != 0)
		return 0;	/* header keys count only before the data (but
				 * the kernel's counters at the end) */
	/* each key once: a second unit_ns would silently override the
	 * first, a second done means two writers (a forked recorder) */
	int seen = keyset_add(&r->keys, key);
	if (seen != 0)
		return input_fail(r, seen < 0 ? "out of memory" : "key '%s' given twice", key);
	return header_key(r, key, p + 2);
}
