/*
 * input.c - line by line, with the place of every error.
 */
#include "input.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastline.h"
#include "keyset.h"
#include "numscan.h"
#include "text.h"

/* Fields of a line at most: collect-mpi's allreduce writes n t at and a
 * column per rank, up to 128 ranks. */
enum { FIELDS_MAX = 160 };

struct reader {
	const char *column;	/* the timing column: t, t2, user */
	const char *suffix;	/* of its header keys: "", "2", "_user" */
	struct input_meta *meta;
	struct input_error *err;
	uint64_t line;
	input_sample_fn *fn;
	input_batch_fn *batch_fn;	/* NULL: every sample to fn */
	struct sample_batch *batch;	/* the common lines waiting for it */
	uint64_t batch_line;	/* the line of its first */
	void *ctx;
	struct keyset keys;	/* header keys given so far */
	struct at_order at;	/* the start times so far */
};

static int fail(struct reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->err->msg, sizeof r->err->msg, fmt, ap);
	va_end(ap);
	r->err->line = r->line;
	return -1;
}

/* Split on blanks and commas; returns the number of fields or -1. */
static int split(char *s, char **field, size_t *len)
{
	int k = 0;
	while (*s) {
		while (*s == ' ' || *s == '\t' || *s == ',')
			s++;
		if (*s == '\0')
			break;
		if (k == FIELDS_MAX)
			return -1;
		field[k] = s;
		while (*s && *s != ' ' && *s != '\t' && *s != ',')
			s++;
		len[k] = (size_t)(s - field[k]);
		k++;
	}
	return k;
}

static int set_columns(struct reader *r, char *value)
{
	char *field[FIELDS_MAX];
	size_t len[FIELDS_MAX];
	int k = split(value, field, len);
	struct input_meta *m = r->meta;
	if (k < 0)
		return fail(r, "too many columns in '# columns:'");
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
			return fail(r, "'# columns:' of a trace must name the columns start and length");
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
		return fail(r, "'# columns:' must name the columns n and %s", r->column);
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
			return fail(r, "the last line counts %llu %s, the stream holds %llu: lines lost or added, or two streams run together (remove that line to read the lines as they are)",
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
			return fail(r, "bad tick '%s': expected a positive integer (clock units)", value);
		m->has_tick = 1;
		m->tick = num.u;
		if (m->tick_mean > 0 && !mean_fits(m))
			return fail(r, "tick %s does not fit tick_mean %.12g: the mean step lies between the tick and twice it", value, m->tick_mean);
	} else if (is_key(r, key, "tick_mean")) {
		if (num_scan(value, vlen, &num) != NULL || !(num.d > 0) || !isfinite(num.d))
			return fail(r, "bad tick_mean '%s': expected a positive number (clock units)", value);
		m->tick_mean = num.d;
		if (m->has_tick && !mean_fits(m))
			return fail(r, "tick_mean %s does not fit tick %llu: the mean step lies between the tick and twice it", value, (unsigned long long)m->tick);
	} else if (is_key(r, key, "unit_ns")) {
		if (num_scan(value, vlen, &num) != NULL || !(num.d > 0))
			return fail(r, "bad unit_ns '%s': expected a positive number of nanoseconds", value);
		if (!(num.d >= INPUT_UNIT_NS_MIN && num.d <= INPUT_UNIT_NS_MAX))
			return fail(r, "%s %s is out of range: a clock unit is 1e-6 to 1e9 ns", key, value);
		m->has_unit_ns = 1;
		m->unit_ns = num.d;
	} else if (strcmp(key, "timer_period_ns") == 0) {
		if (num_scan(value, vlen, &num) != NULL || !(num.d >= 0))
			return fail(r, "bad timer_period_ns '%s': expected a number of nanoseconds (0: unknown)", value);
		if (num.d > INPUT_TIMER_PERIOD_NS_MAX)
			return fail(r, "timer_period_ns %s is out of range: a kernel's tick comes at least once a second (at most 1e9 ns)",
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
			return fail(r, "bad in_turn_vs_alone '%s': expected R (LO to HI), 0 < LO <= R <= HI", value);
	} else if (strcmp(key, "kbest") == 0) {
		unsigned k;
		int end = -1;
		size_t digits = strspn(value, "0123456789");
		if (digits < 1 || digits > 4 || value[digits] != ' ' ||
		    sscanf(value, "%u %lf%n", &k, &m->kbest_eps, &end) != 2 || end < 0 ||
		    value[end] != '\0' || k < 1 || k > 1000 ||
		    !(m->kbest_eps > 0 && m->kbest_eps < 1))
			return fail(r, "bad kbest '%s': expected K EPS, K in 1..1000, 0 < EPS < 1", value);
	} else if ((field = text_field(m, key, &flen)) != NULL) {
		text_clean(value, field, flen);
	} else if ((strcmp(key, "done") == 0 || strcmp(key, "interrupted") == 0) &&
		   (m->finished || m->interrupted)) {
		return fail(r, "a second last line (# %s after # %s): two streams run together? give each as a file of its own",
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
static int comment_line(struct reader *r, char *s)
{
	if (r->line == 1 && strncmp(s, "# subtick ", 10) == 0) {
		if (strcmp(s + 10, "1") != 0)
			return fail(r, "unsupported stream version '%s' (this analyze reads version 1)", s + 10);
		r->meta->stream = 1;
		r->meta->ncols = 3;	/* n t at, unless "# columns:" says */
		r->meta->col_n = 0;
		r->meta->col_t = *r->suffix ? -1 : 1;
		r->meta->col_at = 2;
		return 0;
	}
	if (r->meta->stream && strncmp(s, "# subtick ", 10) == 0)
		return fail(r, "a second stream's first line ('%.20s'): two streams run together, as 'cat a.st b.st' makes? give each as a file of its own",
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
		return fail(r, seen < 0 ? "out of memory" : "key '%s' given twice", key);
	return header_key(r, key, p + 2);
}

static int field_number(struct reader *r, const char *what, char *f,
			size_t len, struct number *num)
{
	const char *why = num_scan(f, len, num);
	if (why != NULL)
		return fail(r, "%s '%.*s': %s", what, (int)(len > 40 ? 40 : len),
			    f, why);
	return 0;
}

int at_order_restarts(struct at_order *o, uint64_t at)
{
	int restart = o->have && at < o->last && at <= o->first;
	if (!o->have)
		o->first = at;
	o->have = 1;
	o->last = at;
	return restart;
}

/* at, the start time of the sample on this line, in order (at_order).
 * Returns 0, or -1 naming the line. */
static int at_in_order(struct reader *r, uint64_t at)
{
	uint64_t last = r->at.last;
	if (!at_order_restarts(&r->at, at))
		return 0;
	return fail(r, "at falls back from %llu to %llu, to the stream's first (%llu) or before: two streams? give them as two files (a clock that steps back lowers at, but not to before the first run)",
		    (unsigned long long)last, (unsigned long long)at,
		    (unsigned long long)r->at.first);
}

#define AFTER_END "a sample after the stream's last line (# done or # interrupted): two streams run together? give each as a file of its own"

static int sample_line(struct reader *r, char *s)
{
	struct input_meta *m = r->meta;
	char *field[FIELDS_MAX];
	size_t len[FIELDS_MAX];
	if (m->finished || m->interrupted)
		return fail(r, AFTER_END);
	if (m->stream && m->col_t < 0)
		return fail(r, "no column %s in this stream (see its '# columns:')", r->column);
	int k = split(s, field, len);
	if (k < 0 || (m->stream && k != m->ncols))
		return fail(r, "expected %d fields (%s), found %s", m->ncols,
			    m->ncols == 3 ? "n t at" : "see '# columns:'",
			    k < 0 ? "more" : k == 0 ? "none" : "a different number");
	if (!m->stream) {
		if (*r->suffix != '\0')
			return fail(r, "bare columns have no %s: --column needs a stream with '# columns:'",
				    r->column);
		if (k != 2 && k != 3)
			return fail(r, "expected 2 fields (n t) or 3 (n t at), found %d", k);
		m->col_n = 0;
		m->col_t = 1;
		m->col_at = k == 3 ? 2 : -1;
	}

	struct sample smp = { 0 };
	struct number num;
	int cn = m->col_n, ct = m->col_t, ca = m->col_at;
	if (cn >= 0) {	/* a trace has none */
		if (field_number(r, "n", field[cn], len[cn], &num) != 0)
			return -1;
		if (!num.exact && !(num.d == floor(num.d) && num.d < 9007199254740992.0))
			return fail(r, "n '%.*s': expected a non-negative integer", (int)len[cn], field[cn]);
		smp.n = num.exact ? num.u : (uint64_t)num.d;
	}
	if (field_number(r, "t", field[ct], len[ct], &num) != 0)
		return -1;
	if (num.exact ? num.u > INPUT_T_MAX_INT : !(num.d <= INPUT_T_MAX))
		return fail(r, "timing %.*s is too large (at most 2^63)",
			    (int)(len[ct] > 40 ? 40 : len[ct]), field[ct]);
	smp.t = num.d;
	smp.t_int = num.u;
	smp.t_exact = num.exact;
	smp.dec_ok = num.dec_ok;
	smp.dec_m = num.dec_m;
	smp.dec_e = num.dec_e;
	smp.dec_last = num.dec_last;
	if (ca >= 0) {
		if (field_number(r, "at", field[ca], len[ca], &num) != 0)
			return -1;
		if (!num.exact)
			return fail(r, "at '%.*s': expected a non-negative integer", (int)len[ca], field[ca]);
		smp.at = num.u;
		smp.has_at = 1;
		if (at_in_order(r, smp.at) != 0)
			return -1;
	}
	m->samples++;
	return r->fn(r->ctx, &smp, r->err) == 0 ? 0 : (r->err->line = r->line, -1);
}

/*
 * The common line of a stream, whole numbers of at most 19 digits
 * (never beyond 2^64) between single tabs, read without splitting it
 * first: the sample sample_line would make of it, or 0 when the line is
 * anything else (sample_line reads it then, and says what is wrong).
 */
static int fast_sample(const struct reader *r, const char *s, size_t len,
		       struct sample *smp)
{
	uint64_t v[FAST_FIELDS];
	int k;
	if (len == 0 || fastline_fields(r->meta, s, s + len, v, &k) != s + len)
		return 0;
	fastline_fill(r->meta, v, smp);
	return 1;
}

static int one_line(struct reader *r, char *s, size_t len)
{
	struct sample smp;
	if (fast_sample(r, s, len, &smp)) {
		if (smp.has_at && at_in_order(r, smp.at) != 0)
			return -1;
		r->meta->samples++;
		return r->fn(r->ctx, &smp, r->err) == 0 ? 0 : (r->err->line = r->line, -1);
	}
	while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		s[--len] = '\0';
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 && s[i] != '\t')
			return fail(r, "control character 0x%02x: not a text stream",
				    (unsigned char)s[i]);
	if (s[0] == '#')
		return comment_line(r, s);
	size_t blank = strspn(s, " \t");
	if (s[blank] == '\0')
		return 0;	/* blank lines separate blocks, as in gnuplot */
	return sample_line(r, s);
}

/*
 * Lines from f through a block buffer: exact lengths (a NUL byte is seen,
 * wherever it is) and bounded memory (a line longer than INPUT_LINE_MAX is
 * an error as soon as it is seen, whatever the input).
 */
/* Reads of a block at first, up to the largest once a read fills the
 * buffer: a file of megabytes takes a sixteenth of the reads of 64 KiB
 * blocks, and a short input (a pipe's few lines, a fuzzer's) no
 * megabyte's allocation, whose pages were most of its time (78 inputs a
 * second). */
enum { LINE_BLOCK_FIRST = 1 << 16, LINE_BLOCK_MAX = 1 << 20 };

struct line_buffer {
	FILE *f;
	size_t start, end;
	size_t cap;		/* of data: LINE_BLOCK_FIRST .. LINE_BLOCK_MAX */
	int full;		/* the last read filled what it was given */
	int eof;
	int filled;		/* read into once: a byte order mark skipped */
	char *data;
};

/* Next line in *line (without its newline, NUL-terminated), its length in
 * *len.  Returns 1, 2 for a last line without a newline, 0 at the end, -1
 * if too long, -2 on a read error. */
static int next_line(struct line_buffer *b, char **line, size_t *len)
{
	for (;;) {
		char *p = b->data + b->start;
		char *nl = memchr(p, '\n', b->end - b->start);
		if (nl != NULL || (b->eof && b->end > b->start)) {
			size_t n = nl ? (size_t)(nl - p) : b->end - b->start;
			if (n > INPUT_LINE_MAX)
				return -1;
			p[n] = '\0';	/* over the newline, or the spare byte */
			b->start += n + (nl != NULL);
			*line = p;
			*len = n;
			return nl != NULL ? 1 : 2;
		}
		if (b->eof)
			return 0;
		if (b->end - b->start > INPUT_LINE_MAX)
			return -1;
		memmove(b->data, p, b->end - b->start);
		b->end -= b->start;
		b->start = 0;
		if (b->full && b->cap < LINE_BLOCK_MAX) {	/* more to come */
			char *d = realloc(b->data, LINE_BLOCK_MAX);
			if (d != NULL)
				b->data = d, b->cap = LINE_BLOCK_MAX;
		}
		size_t want = b->cap - 1 - b->end;
		size_t k = fread(b->data + b->end, 1, want, b->f);
		b->full = k == want;
		b->end += k;
		if (!b->filled) {	/* fread fills it, short only at the end */
			b->filled = 1;
			b->start = input_bom_length(b->data, b->end);
		}
		if (k == 0) {
			if (ferror(b->f))
				return -2;
			b->eof = 1;
		}
	}
}

/* A last line without a newline: in a stream (collect writes whole lines
 * only) a sample line there was cut, and "461" may read as "4"; a comment
 * is harmless.  In bare columns many tools just omit the last newline:
 * read it, and say so (meta->unterminated). */
static int unterminated_ok(struct reader *r, const char *line)
{
	size_t blank = strspn(line, " \t");
	if (line[blank] == '#' || line[blank] == '\0')
		return 1;
	r->meta->unterminated = 1;
	return !r->meta->stream;
}

/* The batch waiting, to batch_fn.  Returns 0, or -1. */
static int flush_batch(struct reader *r)
{
	struct sample_batch *b = r->batch;
	size_t bad = 0;
	if (b == NULL || b->count == 0)
		return 0;
	int rc = r->batch_fn(r->ctx, b, &bad, r->err);
	if (rc != 0)
		r->err->line = r->batch_line + bad;
	b->count = 0;
	return rc;
}

/* One common line's fields v: to the batch where there is one, else to
 * fn.  Returns 0, or -1. */
static int fast_line(struct reader *r, const uint64_t *v)
{
	const struct input_meta *m = r->meta;
	struct sample_batch *b = r->batch;
	if (b == NULL) {
		struct sample smp;
		fastline_fill(m, v, &smp);
		if (r->fn(r->ctx, &smp, r->err) == 0)
			return 0;
		r->err->line = r->line;
		return -1;
	}
	if (b->count == 0)
		r->batch_line = r->line;
	b->n[b->count] = m->col_n >= 0 ? v[m->col_n] : 0;
	b->t[b->count] = v[m->col_t];
	b->at[b->count] = m->col_at >= 0 ? v[m->col_at] : 0;
	b->has_at = m->col_at >= 0;
	return ++b->count == INPUT_BATCH ? flush_batch(r) : 0;
}

/* at_in_order failed on a common line: the batch of the lines before it
 * goes first, and an error of theirs comes first.  Returns -1. */
static int at_fault_after_batch(struct reader *r)
{
	struct input_error later = *r->err;
	if (flush_batch(r) == 0)
		*r->err = later;
	return -1;
}

static int read_lines(struct reader *r, FILE *f)
{
	struct line_buffer *b = malloc(sizeof *b);
	char *line;
	size_t len;
	int k, rc = 0;
	if (b != NULL && (b->data = malloc(LINE_BLOCK_FIRST)) == NULL) {
		free(b);
		b = NULL;
	}
	if (b == NULL)
		return fail(r, "out of memory");
	b->f = f;
	b->start = b->end = 0;
	b->cap = LINE_BLOCK_FIRST;
	b->eof = b->filled = b->full = 0;
	while (rc == 0) {
		/* the common line straight from the buffer: one scan, no
		 * search for its end first */
		uint64_t v[FAST_FIELDS];
		int nf;
		const char *at = b->data + b->start, *stop;
		stop = fastline_fields(r->meta, at, b->data + b->end, v, &nf);
		if (stop != NULL && stop < b->data + b->end && *stop == '\n') {
			b->start = (size_t)(stop + 1 - b->data);
			r->line++;
			if (r->meta->finished | r->meta->interrupted) {
				rc = fail(r, AFTER_END);
				continue;
			}
			if (r->meta->col_at >= 0 && at_in_order(r, v[r->meta->col_at]) != 0) {
				rc = at_fault_after_batch(r);
				continue;
			}
			r->meta->samples++;
			rc = fast_line(r, v);
			continue;
		}
		/* any other line comes after the samples before it */
		if ((rc = flush_batch(r)) != 0)
			break;
		if ((k = next_line(b, &line, &len)) == 0)
			break;
		r->line++;
		if (k == -1)
			rc = fail(r, "line longer than %d bytes: not a subtick stream",
				  INPUT_LINE_MAX);
		else if (k == -2)
			rc = fail(r, "read error: %s", strerror(errno));
		else if (memchr(line, '\0', len) != NULL)
			rc = fail(r, "binary data (a NUL byte): not a text stream");
		else if (k == 2 && !unterminated_ok(r, line))
			rc = fail(r, "the last line has no newline: the stream was cut in the middle of a sample (copied while collect was writing it?); its numbers may be cut too, so remove that line or take the finished file");
		else
			rc = one_line(r, line, len);
	}
	free(b->data);
	free(b);
	return rc;
}

int input_read_batches(FILE *f, const char *name, const char *column,
		       struct input_meta *meta, input_sample_fn *fn,
		       input_batch_fn *batch_fn, void *ctx, struct input_error *err)
{
	char suffix[40];
	input_key_suffix(column, suffix, sizeof suffix);
	struct reader r = { .column = column, .suffix = suffix, .meta = meta, .err = err,
			    .fn = fn, .batch_fn = batch_fn, .ctx = ctx };
	snprintf(err->file, sizeof err->file, "%s", name);
	err->line = 0;
	memset(meta, 0, sizeof *meta);
	meta->col_at = -1;
	if (batch_fn != NULL && (r.batch = malloc(sizeof *r.batch)) == NULL) {
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return -1;
	}
	if (r.batch != NULL)
		r.batch->count = 0;
	keyset_init(&r.keys);
	int rc = read_lines(&r, f);
	if (rc == 0)
		rc = flush_batch(&r);
	keyset_free(&r.keys);
	free(r.batch);
	meta->lines = r.line;
	return rc;
}

int input_read_file(FILE *f, const char *name, const char *column,
		    struct input_meta *meta, input_sample_fn *fn, void *ctx,
		    struct input_error *err)
{
	return input_read_batches(f, name, column, meta, fn, NULL, ctx, err);
}

size_t input_bom_length(const char *buf, size_t len)
{
	return len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

void input_key_suffix(const char *column, char *buf, size_t len)
{
	int t = column[0] == 't' && strspn(column + 1, "0123456789") == strlen(column + 1);
	snprintf(buf, len, "%s%s", t ? "" : "_", t ? column + 1 : column);
}

int input_read(const char *path, const char *column, struct input_meta *meta,
	       input_sample_fn *fn, void *ctx, struct input_error *err)
{
	int is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "r");
	if (f == NULL) {
		snprintf(err->file, sizeof err->file, "%s", path);
		err->line = 0;
		snprintf(err->msg, sizeof err->msg, "%s", strerror(errno));
		return -1;
	}
	int rc = input_read_file(f, path, column, meta, fn, ctx, err);
	if (!is_stdin)
		fclose(f);
	return rc;
}
