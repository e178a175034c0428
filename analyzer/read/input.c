/*
 * input.c - line by line, with the place of every error: the samples
 * here, the header's keys in input_header.c, the lines from the file's
 * blocks in linebuf.c.
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
#include "input_header.h"
#include "input_parts.h"
#include "linebuf.h"
#include "numscan.h"
#include "parallel.h"

int input_fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->err->msg, sizeof r->err->msg, fmt, ap);
	va_end(ap);
	r->err->line = r->line;
	return -1;
}

int input_split(char *s, char **field, size_t *len)
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

static int field_number(struct reader *r, const char *what, char *f,
			size_t len, struct number *num)
{
	const char *why = num_scan(f, len, num);
	if (why != NULL)
		return input_fail(r, "%s '%.*s': %s", what, (int)(len > 40 ? 40 : len),
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
	return input_fail(r, "at falls back from %llu to %llu, to the stream's first (%llu) or before: two streams? give them as two files (a clock that steps back lowers at, but not to before the first run)",
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
		return input_fail(r, AFTER_END);
	if (m->stream && m->col_t < 0)
		return input_fail(r, "no column %s in this stream (see its '# columns:')", r->column);
	int k = input_split(s, field, len);
	if (k < 0 || (m->stream && k != m->ncols))
		return input_fail(r, "expected %d fields (%s), found %s", m->ncols,
				  m->ncols == 3 ? "n t at" : "see '# columns:'",
				  k < 0 ? "more" : k == 0 ? "none" : "a different number");
	if (!m->stream) {
		if (*r->suffix != '\0')
			return input_fail(r, "bare columns have no %s: --column needs a stream with '# columns:'",
					  r->column);
		if (k != 2 && k != 3)
			return input_fail(r, "expected 2 fields (n t) or 3 (n t at), found %d", k);
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
			return input_fail(r, "n '%.*s': expected a non-negative integer", (int)len[cn], field[cn]);
		smp.n = num.exact ? num.u : (uint64_t)num.d;
	}
	if (field_number(r, "t", field[ct], len[ct], &num) != 0)
		return -1;
	if (num.exact ? num.u > INPUT_T_MAX_INT : !(num.d <= INPUT_T_MAX))
		return input_fail(r, "timing %.*s is too large (at most 2^63)",
				  (int)(len[ct] > 40 ? 40 : len[ct]), field[ct]);
	if (!num.exact && num.d != 0 && !(num.d >= INPUT_T_MIN))
		return input_fail(r, "timing %.*s is too small to compute with (at least 2^-511, or 0)",
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
			return input_fail(r, "at '%.*s': expected a non-negative integer", (int)len[ca], field[ca]);
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
			return input_fail(r, "control character 0x%02x: not a text stream",
					  (unsigned char)s[i]);
	if (s[0] == '#')
		return input_header_line(r, s);
	size_t blank = strspn(s, " \t");
	if (s[blank] == '\0')
		return 0;	/* blank lines separate blocks, as in gnuplot */
	return sample_line(r, s);
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

/* The batch waiting, to batch_fn (on the pipe's thread, where there is
 * one: the reader goes on meanwhile).  Returns 0, or -1. */
static int flush_batch(struct reader *r)
{
	struct sample_batch *b = r->batch;
	size_t bad = 0;
	if (b == NULL || b->count == 0)
		return 0;
	if (r->pipe != NULL) {
		r->puts++, r->put_samples += b->count;
		int failed = batch_pipe_put(r->pipe, b, r->batch_line);
		r->batch = batch_pipe_empty(r->pipe);
		return failed ? batch_pipe_wait(r->pipe, r->err) : 0;
	}
	int rc = r->batch_fn(r->ctx, b, &bad, r->err);
	if (rc != 0)
		r->err->line = r->batch_line + bad;
	b->count = 0;
	return rc;
}

/* The batch waiting, and every one before it, taken: what comes next
 * comes after them.  Returns 0, or -1 with the first batch's error. */
static int settle(struct reader *r)
{
	int rc = flush_batch(r);
	if (rc == 0 && r->pipe != NULL)
		rc = batch_pipe_wait(r->pipe, r->err);
	/* batches too short for the thread to pay (BATCH_PIPE_WORTH): the
	 * rest on this thread, the thread idle and its batches all taken */
	if (rc == 0 && r->pipe != NULL && r->puts >= 16 &&
	    r->put_samples < BATCH_PIPE_WORTH * r->puts) {
		rc = batch_pipe_close(r->pipe, r->err);
		r->pipe = NULL;
	}
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

/* The compressor whose magic number begins a stream's first line (gzip,
 * xz, zstd), or NULL: a stored stream (data/'s .st.gz) given as it is. */
static const char *compressed_by(const char *line, size_t len)
{
	const unsigned char *u = (const unsigned char *)line;
	if (len >= 2 && u[0] == 0x1f && u[1] == 0x8b)
		return "gzip";
	if (len >= 6 && memcmp(u, "\xfd" "7zXZ\0", 6) == 0)
		return "xz";
	if (len >= 4 && memcmp(u, "\x28\xb5\x2f\xfd", 4) == 0)
		return "zstd";
	return NULL;
}

/* Its program that writes the text out. */
static const char *compressed_cat(const char *line, size_t len)
{
	const char *by = compressed_by(line, len);
	return by == NULL ? "cat" : by[0] == 'g' ? "zcat" : by[0] == 'x' ? "xzcat" : "zstdcat";
}

/* at_in_order failed on a common line: the batch of the lines before it
 * goes first, and an error of theirs comes first.  Returns -1. */
static int at_fault_after_batch(struct reader *r)
{
	struct input_error later = *r->err;
	if (settle(r) == 0)
		*r->err = later;
	return -1;
}

static int read_lines(struct reader *r, FILE *f)
{
	struct line_buffer buf, *b = &buf;
	char *line;
	size_t len;
	int k, rc = 0;
	if (line_buffer_open(b, f) != 0)
		return input_fail(r, "out of memory");
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
				rc = input_fail(r, AFTER_END);
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
		if ((rc = settle(r)) != 0)
			break;
		if ((k = line_buffer_next(b, &line, &len)) == 0)
			break;
		r->line++;
		if (k == -1)
			rc = input_fail(r, "line longer than %d bytes: not a subtick stream",
					INPUT_LINE_MAX);
		else if (k == -2)
			rc = input_fail(r, "read error: %s", strerror(errno));
		else if (r->line == 1 && compressed_by(line, len) != NULL)
			rc = input_fail(r, "%s-compressed data: not a text stream; read it through %s (%s FILE | analyze)",
					compressed_by(line, len), compressed_cat(line, len),
					compressed_cat(line, len));
		else if (memchr(line, '\0', len) != NULL)
			rc = input_fail(r, "binary data (a NUL byte): not a text stream");
		else if (k == 2 && !unterminated_ok(r, line))
			rc = input_fail(r, "the last line has no newline: the stream was cut in the middle of a sample (copied while collect was writing it?); its numbers may be cut too, so remove that line or take the finished file");
		else
			rc = one_line(r, line, len);
	}
	line_buffer_close(b);
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
	/* the batches taken on a thread of their own where there are two
	 * cores (batchpipe.h), else on this one */
	struct batch_pipe pipe;
	if (batch_fn != NULL && parallel_workers() > 1 && batch_pipe_open(&pipe, batch_fn, ctx, err) == 0) {
		r.pipe = &pipe;
		r.batch = batch_pipe_empty(&pipe);
	} else if (batch_fn != NULL && (r.batch = malloc(sizeof *r.batch)) == NULL) {
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return -1;
	}
	if (r.batch != NULL)
		r.batch->count = 0;
	keyset_init(&r.keys);
	int rc = read_lines(&r, f);
	if (rc == 0)
		rc = settle(&r);
	/* a batch's error comes before the reader's: its lines came first */
	struct input_error taken;
	if (r.pipe != NULL && batch_pipe_close(r.pipe, &taken) != 0)
		*err = taken, rc = -1;
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
