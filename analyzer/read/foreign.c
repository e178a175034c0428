/*
 * foreign.c - other tools' results: recognized, read whole, parsed, and
 * handed to the reader of their format (foreign.h).
 */
#define _GNU_SOURCE	/* fopencookie: a pipe's first bytes given back */

#include "foreign.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <json-c/json.h>

#include "foreign_util.h"
#include "gbench.h"
#include "hyperfine.h"

/* Bytes looked at: Google Benchmark's CSV written by --benchmark_out
 * begins with its context (date, CPU, caches, load: under 1 KB). */
#define PEEK 4096
#define FOREIGN_MAX ((size_t)1 << 30)	/* bytes of JSON or CSV read whole */

/* A stream that cannot seek back: the bytes looked at, then the rest. */
struct replay {
	FILE *under;
	char buf[PEEK];
	size_t len, off;
};

static ssize_t replay_read(void *c, char *out, size_t size)
{
	struct replay *r = c;
	if (r->off < r->len) {
		size_t k = r->len - r->off < size ? r->len - r->off : size;
		memcpy(out, r->buf + r->off, k);
		r->off += k;
		return (ssize_t)k;
	}
	size_t k = fread(out, 1, size, r->under);
	return k == 0 && ferror(r->under) ? -1 : (ssize_t)k;
}

static int replay_close(void *c)
{
	struct replay *r = c;
	int rc = r->under != stdin ? fclose(r->under) : 0;
	free(r);
	return rc;
}

/* Google Benchmark's CSV header at the start of a line of buf[0..len). */
static int csv_header_at(const char *buf, size_t len)
{
	static const char head[] = "name,iterations,real_time";
	size_t k = sizeof head - 1;
	for (size_t i = 0; i + k <= len; i++)
		if ((i == 0 || buf[i - 1] == '\n') && memcmp(buf + i, head, k) == 0)
			return 1;
	return 0;
}

static enum foreign_kind kind_of(const char *buf, size_t len, const char *from)
{
	size_t i = input_bom_length(buf, len);
	while (i < len && strchr(" \t\r\n", buf[i]) != NULL)
		i++;
	if (i < len && buf[i] == '{')
		return FOREIGN_JSON;
	if (from != NULL && strcmp(from, "gbench") == 0)
		return FOREIGN_CSV;	/* its header may follow the context */
	if (from != NULL)
		return FOREIGN_JSON;	/* hyperfine: the parser says why not */
	return csv_header_at(buf + i, len - i) ? FOREIGN_CSV : FOREIGN_NONE;
}

static FILE *open_fail(struct input_error *err, const char *path, FILE *f, int e)
{
	if (f != NULL && f != stdin)
		fclose(f);
	snprintf(err->file, sizeof err->file, "%s", path);
	err->line = 0;
	snprintf(err->msg, sizeof err->msg, "%s", strerror(e));
	return NULL;
}

FILE *foreign_open(const char *path, const char *from, enum foreign_kind *kind,
		   struct input_error *err)
{
	int is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "r");
	struct stat st;
	char buf[PEEK];
	if (f == NULL)
		return open_fail(err, path, NULL, errno);
	off_t start = ftello(f);
	int seekable = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && start >= 0;
	size_t k = fread(buf, 1, sizeof buf, f);
	if (ferror(f))
		return open_fail(err, path, f, errno ? errno : EIO);
	*kind = kind_of(buf, k, from);
	if (seekable) {
		if (fseeko(f, start, SEEK_SET) != 0)
			return open_fail(err, path, f, errno);
		return f;
	}
	struct replay *r = malloc(sizeof *r);
	if (r == NULL)
		return open_fail(err, path, f, ENOMEM);
	r->under = f;
	memcpy(r->buf, buf, k);
	r->len = k;
	r->off = 0;
	FILE *g = fopencookie(r, "r", (cookie_io_functions_t){ .read = replay_read,
							       .close = replay_close });
	if (g == NULL) {
		free(r);
		return open_fail(err, path, f, errno);
	}
	return g;
}

void foreign_close(FILE *f)
{
	if (f != stdin)
		fclose(f);
}

/* JSON that does not parse: the line where the parser stopped. */
static int json_fail(struct foreign_job *j, const char *text, size_t len,
		     json_tokener *tok, const char *what)
{
	size_t end = json_tokener_get_parse_end(tok);
	uint64_t line = 1;
	for (size_t i = 0; i < end && i < len; i++)
		line += text[i] == '\n';
	return foreign_fail(j, line, "not valid JSON: %s", what);
}

static json_object *parse_json(struct foreign_job *j, const char *text, size_t len)
{
	json_tokener *tok = json_tokener_new();
	if (tok == NULL) {
		foreign_fail(j, 0, "out of memory");
		return NULL;
	}
	json_object *root = json_tokener_parse_ex(tok, text, (int)len);
	enum json_tokener_error e = json_tokener_get_error(tok);
	if (root == NULL && e == json_tokener_continue)
		json_fail(j, text, len, tok, "it ends before its last closing bracket (cut short?)");
	else if (root == NULL)
		json_fail(j, text, len, tok, json_tokener_error_desc(e));
	else if (strspn(text + json_tokener_get_parse_end(tok), " \t\r\n") !=
		 len - json_tokener_get_parse_end(tok))
		json_fail(j, text, len, tok, "text after the end of the document");
	else if (!json_object_is_type(root, json_type_object))
		json_fail(j, text, len, tok, "the document is not an object");
	else {
		json_tokener_free(tok);
		return root;
	}
	json_object_put(root);
	json_tokener_free(tok);
	return NULL;
}

static int read_json(struct foreign_job *j, const char *from, const char *text,
		     size_t len)
{
	json_object *root = parse_json(j, text, len);
	if (root == NULL)
		return -1;
	uint64_t lines = 0;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	j->meta->lines = lines;
	json_object *v;
	int hyperfine = from != NULL ? strcmp(from, "hyperfine") == 0
			: json_object_object_get_ex(root, "results", &v) &&
			  !json_object_object_get_ex(root, "benchmarks", &v);
	int rc;
	if (hyperfine && strcmp(j->time_key, "real_time") != 0)
		rc = foreign_fail(j, 0, "--column %s: hyperfine keeps one time per run, its wall time",
				  j->time_key);
	else
		rc = hyperfine ? hyperfine_json(root, j) : gbench_json(root, j);
	json_object_put(root);
	return rc;
}

int foreign_read_buffer(const char *data, size_t len, const char *name,
			enum foreign_kind kind, const struct foreign_request *q,
			struct input_meta *meta, input_sample_fn *fn, void *ctx,
			struct input_error *err)
{
	struct foreign_job j = { name, q->column, q->time_key ? q->time_key : "real_time",
				 meta, fn, ctx, err };
	memset(meta, 0, sizeof *meta);
	meta->col_at = -1;
	if (j.choice != NULL && strcmp(j.choice, "t") == 0)
		j.choice = NULL;
	if (len > FOREIGN_MAX || len > INT_MAX)
		return foreign_fail(&j, 0, "larger than 1 GiB: too large to read whole");
	if (kind == FOREIGN_CSV && q->from != NULL && strcmp(q->from, "hyperfine") == 0)
		return foreign_fail(&j, 0, "not JSON: hyperfine is read from --export-json");
	char *text = malloc(len + 1);	/* the CSV reader writes text[len] */
	if (text == NULL)
		return foreign_fail(&j, 0, "out of memory");
	size_t bom = input_bom_length(data, len);	/* read past, as JSON and CSV */
	len -= bom;
	memcpy(text, data + bom, len);
	text[len] = '\0';
	int rc = kind == FOREIGN_CSV ? gbench_csv(text, len, &j)
				     : read_json(&j, q->from, text, len);
	free(text);
	return rc;
}

int foreign_read_file(FILE *f, const char *name, enum foreign_kind kind,
		      const struct foreign_request *q, struct input_meta *meta,
		      input_sample_fn *fn, void *ctx, struct input_error *err)
{
	size_t len = 0, cap = 65536;
	char *data = malloc(cap);
	int full = data == NULL;	/* out of memory, or beyond FOREIGN_MAX */
	while (!full) {
		if (len == cap) {
			/* up to one byte past FOREIGN_MAX, which says it is
			 * too large (not twice that: /dev/zero had been read
			 * to 2 GiB first) */
			size_t want = cap * 2 < (size_t)FOREIGN_MAX + 1 ? cap * 2 : (size_t)FOREIGN_MAX + 1;
			char *d = cap <= FOREIGN_MAX ? realloc(data, want) : NULL;
			if (d == NULL) {
				full = 1;
				break;
			}
			data = d, cap = want;
		}
		size_t k = fread(data + len, 1, cap - len, f);
		len += k;
		if (k == 0)
			break;
	}
	int e = errno, rc;
	struct foreign_job j = { name, NULL, NULL, meta, fn, ctx, err };
	if (full)
		rc = foreign_fail(&j, 0, data == NULL || cap <= FOREIGN_MAX ? "out of memory"
			: "larger than 1 GiB: too large to read whole");
	else if (ferror(f))
		rc = foreign_fail(&j, 0, "%s", strerror(e ? e : EIO));
	else
		rc = foreign_read_buffer(data, len, name, kind, q, meta, fn, ctx, err);
	free(data);
	return rc;
}
