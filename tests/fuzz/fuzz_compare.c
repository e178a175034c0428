/*
 * fuzz_compare.c - libFuzzer harness for analyze --compare and --group:
 * several inputs at once.  The fuzzer's bytes are
 *
 *     W STREAM \f STREAM [\f STREAM [\f STREAM]]
 *
 * the first byte W choosing the way, the rest cut at form feeds into up to
 * four streams (any format analyze reads: their header keys, such as
 * interleaved, interleave_side, rank or host, are the fuzzer's to vary).
 * W's bits:
 *
 *     0-1  --compare A B; --compare A1,A2 B; --group KEY; --group KEY
 *          with --method hull
 *     2-4  KEY: rank host cpu interleave_side interleaved kernel clock
 *          ranks
 *     5    JSON (else text and Markdown)
 *     6-7  as given; --unit-ns 0.5; --merge; --tick 1
 *
 * Every refusal has a message; every accepted comparison has a positive
 * ratio inside its bounds; in a grouping no group is cheaper than the
 * fastest; every JSON report is strict JSON (no NaN, no Infinity).
 *
 * The streams are memory files (fuzz_support.h): nothing is left behind.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "fuzz_support.h"
#include "group.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { STREAMS = 4 };

struct inputs {
	struct memfile m[STREAMS];
	char *path[STREAMS];
	size_t count;		/* streams in this input */
};

static int inputs_init(struct inputs *in)
{
	for (int i = 0; i < STREAMS; i++) {
		if (memfile_open(&in->m[i]) != 0)
			return -1;
		in->path[i] = in->m[i].path;
	}
	return 0;
}

/* The streams of data, cut at form feeds; one at least (maybe empty). */
static int inputs_put(struct inputs *in, const uint8_t *data, size_t size)
{
	in->count = 0;
	while (in->count < STREAMS) {
		const uint8_t *ff = in->count + 1 < STREAMS ? memchr(data, '\f', size) : NULL;
		size_t len = ff ? (size_t)(ff - data) : size;
		if (memfile_put(&in->m[in->count++], data, len) != 0)
			return -1;
		if (ff == NULL)
			break;
		data += len + 1, size -= len + 1;
	}
	return 0;
}

/* A report into memory: JSON checked, text only written. */
struct report {
	char *text;
	size_t len;
	FILE *f;
};

static FILE *report_open(struct report *r)
{
	r->text = NULL, r->len = 0;
	r->f = open_memstream(&r->text, &r->len);
	return r->f;
}

static void report_close(struct report *r, int json)
{
	REQUIRE(fclose(r->f) == 0);
	if (json)
		require_json(r->text, r->len);
	free(r->text);
}

static void require_comparison(const struct comparison *c)
{
	REQUIRE(isfinite(c->ratio) && c->ratio > 0);
	REQUIRE(c->ratio_lo <= c->ratio && c->ratio <= c->ratio_hi);
	REQUIRE(c->diff_lo <= c->diff && c->diff <= c->diff_hi);
	REQUIRE(c->verdict[0] != '\0');
}

static void run_compare(struct inputs *in, const struct analysis_settings *opt,
			int two_files_a, int json)
{
	/* A: the first stream (and the second); B: the next, or A again */
	size_t b = two_files_a ? 2 : 1;
	char *side_a[] = { in->path[0], two_files_a && in->count > 1 ? in->path[1] : NULL, NULL };
	char *side_b[] = { in->path[b < in->count ? b : in->count - 1], NULL };
	struct comparison c;
	struct input_error err = { 0 };
	if (compare_run(&c, opt, side_a, side_b, &err) != 0) {
		REQUIRE(err.msg[0] != '\0' && err.file[0] != '\0');
		compare_free(&c);
		return;
	}
	require_comparison(&c);
	struct report r;
	if (report_open(&r) != NULL) {
		if (json)
			compare_report_json(r.f, &c);
		else {
			compare_report_text(r.f, &c);
			report_compare_markdown(r.f, &c);
		}
		report_close(&r, json);
	}
	compare_free(&c);
}

static void run_group(struct inputs *in, const struct analysis_settings *opt,
		      const char *key, int json)
{
	char *files[STREAMS + 1] = { NULL };
	for (size_t i = 0; i < in->count; i++)
		files[i] = in->path[i];
	struct analysis_settings o = *opt;
	o.files = files;
	struct grouping gr;
	struct input_error err = { 0 };
	if (group_run(&gr, key, &o, &err) != 0) {
		REQUIRE(err.msg[0] != '\0' && err.file[0] != '\0');
		group_free(&gr);
		return;
	}
	REQUIRE(gr.count >= 1 && gr.count <= in->count && gr.fastest < gr.count);
	for (size_t i = 0; i < gr.count; i++)
		if (gr.g[i].compared) {
			require_comparison(&gr.g[i].cmp);
			REQUIRE(gr.g[i].cmp.ratio >= 1);
		}
	struct report r;
	if (report_open(&r) != NULL) {
		if (json)
			group_report_json(r.f, &gr);
		else {
			group_report_text(r.f, &gr);
			group_report_markdown(r.f, &gr);
		}
		report_close(&r, json);
	}
	group_free(&gr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const keys[] = { "rank", "host", "cpu", "interleave_side",
					    "interleaved", "kernel", "clock", "ranks" };
	static struct inputs in;
	static int ready;
	if (!ready) {
		if (inputs_init(&in) != 0)
			abort();
		ready = 1;
	}
	if (size < 1 || inputs_put(&in, data + 1, size - 1) != 0)
		return 0;
	unsigned way = data[0];
	char *none[] = { NULL };
	struct analysis_settings opt = {
		.files = none, .column = "t", .method = METHOD_BOTH,
		.plot_format = "png", .replicates = 20, .seed = 1,
	};
	switch (way >> 6) {
	case 1: opt.unit_ns = 0.5; break;
	case 2: opt.merge = 1; break;
	case 3: opt.tick = 1; break;
	}
	int json = (way >> 5) & 1;
	const char *key = keys[(way >> 2) & 7];
	switch (way & 3) {
	case 0: run_compare(&in, &opt, 0, json); break;
	case 1: run_compare(&in, &opt, 1, json); break;
	case 3: opt.method = METHOD_HULL; /* fall through */
	case 2: run_group(&in, &opt, key, json); break;
	}
	return 0;
}
