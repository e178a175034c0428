/*
 * test_input.c - the reader: headers, columns, bare data, errors with
 * their line; the batch path on one thread and two, its first error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input.h"

struct collected {
	struct sample s[32];
	size_t n;
};

static int keep(void *ctx, const struct sample *s, struct input_error *err)
{
	(void)err;
	struct collected *c = ctx;
	if (c->n < 32)
		c->s[c->n] = *s;
	c->n++;
	return 0;
}

/* Write text (len bytes) to a temporary file and read it. */
static int read_text(const char *text, size_t len, struct input_meta *m,
		     struct collected *c, struct input_error *e)
{
	char path[] = "/tmp/subtick-test-input-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
	memset(c, 0, sizeof *c);
	memset(e, 0, sizeof *e);
	int rc = input_read(path, "t", m, keep, c, e);
	unlink(path);
	return rc;
}

static int read_str(const char *text, struct input_meta *m, struct collected *c,
		    struct input_error *e)
{
	return read_text(text, strlen(text), m, c, e);
}

/* The batch path (input_read_batches), on one thread and on two
 * (read/batchpipe.h): a batch_fn that fails at sample fail_at (counted
 * from 0 over the batches and one at a time alike), the samples each way
 * counted, in order. */
struct batches {
	uint64_t next_n;	/* the n each sample should have: 0, 1, ... */
	size_t taken, one_at_a_time, out_of_order;
	size_t fail_at;		/* SIZE_MAX: none */
};

static int take_one(void *ctx, const struct sample *s, struct input_error *err)
{
	struct batches *b = ctx;
	b->out_of_order += s->n != b->next_n;
	b->next_n = s->n + 1;
	if (b->taken++ == b->fail_at) {
		snprintf(err->msg, sizeof err->msg, "failed at %llu", (unsigned long long)s->n);
		return -1;
	}
	b->one_at_a_time++;
	return 0;
}

static int take_batch(void *ctx, const struct sample_batch *sb, size_t *bad,
		      struct input_error *err)
{
	struct batches *b = ctx;
	for (size_t j = 0; j < sb->count; j++) {
		b->out_of_order += sb->n[j] != b->next_n;
		b->next_n = sb->n[j] + 1;
		if (b->taken++ == b->fail_at) {
			*bad = j;
			snprintf(err->msg, sizeof err->msg, "failed at %llu",
				 (unsigned long long)sb->n[j]);
			return -1;
		}
	}
	return 0;
}

/* text: a stream whose sample on line 4 + i has n = i; read through the
 * batch path with `threads` (SUBTICK_THREADS). */
static int read_batches(const char *text, const char *threads, struct batches *b,
			struct input_error *e)
{
	char path[] = "/tmp/subtick-test-input-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	struct input_meta m;
	memset(e, 0, sizeof *e);
	const char *was = getenv("SUBTICK_THREADS");
	char keep[32];
	snprintf(keep, sizeof keep, "%s", was ? was : "");
	setenv("SUBTICK_THREADS", threads, 1);
	int rc = input_read_batches(f, path, "t", &m, take_one, take_batch, b, e);
	if (was != NULL)
		setenv("SUBTICK_THREADS", keep, 1);
	else
		unsetenv("SUBTICK_THREADS");
	fclose(f);
	unlink(path);
	return rc;
}

/* 5000 samples, the common lines broken by a comment every 997 lines and
 * a decimal timing every 1499 (read one at a time); bad: a line that is
 * no sample at its place, after the samples before it. */
static char *batch_stream(size_t bad)
{
	size_t room = 64 * 5200, k = 0;
	char *t = malloc(room);
	assert_non_null(t);
	k += (size_t)snprintf(t + k, room - k, "# subtick 1\n# tick: 1\n# columns: n t at\n");
	for (size_t i = 0; i < 5000; i++) {
		if (i == bad)
			k += (size_t)snprintf(t + k, room - k, "%zu\tword\t%zu\n", i, 10 * i);
		else if (i % 997 == 500)
			k += (size_t)snprintf(t + k, room - k, "# a note\n%zu\t%zu\t%zu\n", i,
					      100 + i % 7, 10 * i);
		else if (i % 1499 == 700)
			k += (size_t)snprintf(t + k, room - k, "%zu\t%zu.5\t%zu\n", i,
					      100 + i % 7, 10 * i);
		else
			k += (size_t)snprintf(t + k, room - k, "%zu\t%zu\t%zu\n", i,
					      100 + i % 7, 10 * i);
	}
	return t;
}

/* The line of sample i in batch_stream: its 3 header lines and the notes
 * before it. */
static uint64_t line_of(size_t i)
{
	uint64_t notes = 0;
	for (size_t j = 0; j <= i; j++)
		notes += j % 997 == 500;
	return 4 + i + notes;
}

static void test_batches(void **state)
{
	(void)state;
	static const char *const threads[] = { "1", "2" };
	/* (under qemu-user a started thread spins and never ends: one
	 * thread only, tests/meson.build's SUBTICK_EMULATOR) */
	int ways = getenv("SUBTICK_EMULATOR") != NULL ? 1 : 2;
	for (int w = 0; w < ways; w++) {
		/* every sample, in order, one at a time only the decimal ones */
		char *t = batch_stream(SIZE_MAX);
		struct batches b = { .fail_at = SIZE_MAX };
		struct input_error e;
		assert_int_equal(read_batches(t, threads[w], &b, &e), 0);
		assert_int_equal(b.taken, 5000);
		assert_int_equal(b.out_of_order, 0);
		/* the decimal ones at least (700, 2199, 3698); a line cut by
		 * the read buffer's end goes one at a time too */
		assert_true(b.one_at_a_time >= 3 && b.one_at_a_time < 100);
		free(t);
		/* a sample that fails in a batch, a bad line after it: the
		 * sample's error, at its line, whatever comes after */
		for (size_t fail = 1024; fail <= 4000; fail += 1488) {
			t = batch_stream(4900);
			b = (struct batches){ .fail_at = fail };
			assert_int_equal(read_batches(t, threads[w], &b, &e), -1);
			char want[64];
			snprintf(want, sizeof want, "failed at %zu", fail);
			assert_string_equal(e.msg, want);
			assert_int_equal(e.line, line_of(fail));
			free(t);
		}
		/* the bad line alone: its own error, at its line, after the
		 * samples before it were all taken */
		t = batch_stream(3000);
		b = (struct batches){ .fail_at = SIZE_MAX };
		assert_int_equal(read_batches(t, threads[w], &b, &e), -1);
		assert_int_equal(e.line, line_of(3000));
		assert_int_equal(b.taken, 3000);
		free(t);
	}
}

static void test_stream(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	const char *s = "# subtick 1\n# clock: tsc\n# tick: 2\n# unit_ns: 0.5\n"
			"# kernel: count\n# future_key: whatever\n# columns: n t at\n"
			"10\t30\t0\n20\t50\t100\n# done: samples=2\n";
	assert_int_equal(read_str(s, &m, &c, &e), 0);
	assert_true(m.stream && m.finished && !m.interrupted);
	assert_true(m.has_tick && m.tick == 2);
	assert_true(m.has_unit_ns && m.unit_ns == 0.5);
	assert_string_equal(m.clock, "tsc");
	assert_string_equal(m.kernel, "count");
	assert_int_equal(c.n, 2);
	assert_int_equal(c.s[1].n, 20);
	assert_int_equal(c.s[1].t_int, 50);
	assert_true(c.s[1].t_exact && c.s[1].has_at && c.s[1].at == 100);
	assert_int_equal(m.lines, 10);
}

/* Every length of a number, 1 to 20 digits (eight at a time where a
 * line has eight bytes left, one at a time near the file's end), with
 * leading zeros, and the largest 64-bit value: in at, and in t up to 2^63
 * (the largest timing read; beyond, the line is refused, named). */
static void test_digit_lengths(void **state)
{
	(void)state;
	const char *digits = "98765432109876543210";
	char text[4096] = "# subtick 1\n# columns: n t at\n";
	uint64_t want[32];
	size_t lines = 0;
	for (size_t k = 1; k <= 20; k++, lines++) {
		char num[32];
		snprintf(num, sizeof num, "%.*s", (int)k, k == 20 ? "18446744073709551615" : digits);
		want[lines] = strtoull(num, NULL, 10);
		snprintf(text + strlen(text), sizeof text - strlen(text), "%zu\t%s\t%s\n",
			 k, want[lines] <= INPUT_T_MAX_INT ? num : "0007", num);
	}
	/* the last lines shorter than eight bytes, one of them unterminated
	 * by anything but the file's end (at above the first at, 9: below
	 * it, another stream) */
	strcat(text, "21\t000000000000000042\t13\n5\t6\t17\n");
	want[lines++] = 42;
	want[lines++] = 6;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	assert_int_equal(read_str(text, &m, &c, &e), 0);
	assert_int_equal(c.n, lines);
	for (size_t i = 0; i < lines; i++) {
		assert_true(c.s[i].t_exact);
		assert_true(c.s[i].t_int == (want[i] <= INPUT_T_MAX_INT ? want[i] : 7));
		if (i < 20)
			assert_true(c.s[i].at == want[i]);
	}

	/* a non-digit inside the eight bytes after digits: the line is
	 * refused, not read as its first digits */
	assert_int_equal(read_str("# subtick 1\n# columns: n t\n12\t34x67890123\n", &m, &c, &e), -1);
	assert_int_equal(e.line, 3);
	assert_int_equal(read_str("# subtick 1\n# columns: n t\n12\t345\t67890123\n", &m, &c, &e), -1);
	/* the bytes just past the digits: '/' below '0', ':' above '9' */
	assert_int_equal(read_str("# subtick 1\n# columns: n t\n12\t3/45678901\n", &m, &c, &e), -1);
	assert_int_equal(read_str("# subtick 1\n# columns: n t\n12\t3:45678901\n", &m, &c, &e), -1);
	assert_int_equal(read_str("# subtick 1\n# columns: n t\n12\t3456789:1\n", &m, &c, &e), -1);
}

/* What the analysis cannot hold is refused at its line (input.h): a
 * timing beyond 2^63, in a common line (tabs) as in any other, and a
 * unit_ns outside 1e-6 to 1e9; the limits themselves are read. */
static void test_limits(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	assert_int_equal(read_str("# subtick 1\n# columns: n t\n1\t9223372036854775808\n", &m, &c, &e), 0);
	assert_true(c.n == 1 && c.s[0].t_int == INPUT_T_MAX_INT);
	assert_int_equal(read_str("# subtick 1\n# columns: n t\n1\t2\n2\t9223372036854775809\n", &m, &c, &e), -1);
	assert_int_equal(e.line, 4);
	assert_non_null(strstr(e.msg, "too large"));
	assert_int_equal(read_str("1 2\n2 18446744073709551615\n", &m, &c, &e), -1);
	assert_int_equal(e.line, 2);
	assert_int_equal(read_str("1 2\n2 9.3e18\n", &m, &c, &e), -1);
	assert_int_equal(e.line, 2);
	static const char *const refused[] = { "1e-320", "1e-300", "9.9e-7", "1.1e9" };
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		char text[128];
		snprintf(text, sizeof text, "# subtick 1\n# unit_ns: %s\n1 2 3\n", refused[i]);
		assert_int_equal(read_str(text, &m, &c, &e), -1);
		assert_int_equal(e.line, 2);
		assert_non_null(strstr(e.msg, "out of range"));
	}
	assert_int_equal(read_str("# subtick 1\n# unit_ns: 1e-6\n1 2 3\n", &m, &c, &e), 0);
	assert_true(m.unit_ns == INPUT_UNIT_NS_MIN);
	assert_int_equal(read_str("# subtick 1\n# unit_ns: 1e9\n1 2 3\n", &m, &c, &e), 0);
	assert_true(m.unit_ns == INPUT_UNIT_NS_MAX);
}

static void test_columns_order(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	const char *s = "# subtick 1\n# columns: at t n\n5 30 10\n";
	assert_int_equal(read_str(s, &m, &c, &e), 0);
	assert_int_equal(c.s[0].n, 10);
	assert_int_equal(c.s[0].t_int, 30);
	assert_int_equal(c.s[0].at, 5);
}

static void test_bare(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	const char *s = "# from another tool\r\n1000, 1.5e-6\r\n\r\n2000,3.1e-6\r\n  4000 \t 6e-6  \n";
	assert_int_equal(read_str(s, &m, &c, &e), 0);
	assert_false(m.stream);
	assert_int_equal(c.n, 3);
	assert_false(c.s[0].t_exact);
	assert_true(c.s[0].t == 1.5e-6);
	assert_false(c.s[0].has_at);
	assert_int_equal(c.s[2].n, 4000);
}

/* Each bad line is named by its number. */
static void test_errors(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	const struct {
		const char *text;
		uint64_t line;
		const char *words;
	} bad[] = {
		{ "1 2\n3 x\n", 2, "not a number" },
		{ "1 2\n3 -4\n", 2, "negative" },
		{ "1 nan\n", 1, "NaN" },
		{ "1 inf\n", 1, "NaN" },
		{ "1 18446744073709551616\n", 1, "2^64" },
		{ "1.5 2\n", 1, "integer" },
		{ "1 2 3 4\n", 1, "fields" },
		{ "7\n", 1, "fields" },
		{ "# subtick 1\n1 2\n", 2, "expected 3 fields" },
		{ "# subtick 1\n# tick: 0\n", 2, "bad tick" },
		{ "# subtick 1\n# tick: two\n", 2, "bad tick" },
		{ "# subtick 1\n# tick: 2.5\n", 2, "bad tick" },
		{ "# subtick 1\n# unit_ns: -1\n", 2, "bad unit_ns" },
		{ "# subtick 1\n# unit_ns: nan\n", 2, "bad unit_ns" },
		{ "# subtick 2\n", 1, "version" },
		{ "# subtick 1\n# columns: a b c\n", 2, "columns" },
		{ "1 2\n\x01\x02\x03\n", 2, "control character" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(read_str(bad[i].text, &m, &c, &e), -1);
		if (e.line != bad[i].line || strstr(e.msg, bad[i].words) == NULL)
			print_error("case %zu: line %llu, '%s'\n", i,
				    (unsigned long long)e.line, e.msg);
		assert_int_equal(e.line, bad[i].line);
		assert_non_null(strstr(e.msg, bad[i].words));
	}
}

static void test_binary_and_long(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	/* a NUL on the last line, which has no newline */
	assert_int_equal(read_text("1 2\n3 4\0 5", 10, &m, &c, &e), -1);
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.msg, "NUL"));

	size_t big = 1 << 20;
	char *s = malloc(big + 8);
	memcpy(s, "1 2\n", 4);
	memset(s + 4, '7', big);
	memcpy(s + 4 + big, "\n", 1);
	assert_int_equal(read_text(s, big + 5, &m, &c, &e), -1);
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.msg, "longer than"));
	free(s);
}

static void test_missing_file(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c = { 0 };
	struct input_error e = { 0 };
	assert_int_equal(input_read("/nonexistent/x.st", "t", &m, keep, &c, &e), -1);
	assert_int_equal(e.line, 0);
	assert_string_equal(e.file, "/nonexistent/x.st");
	assert_non_null(strstr(e.msg, "No such file"));
}

/* Each header key once: a repeated one is an error at its line, whatever
 * the key (a second unit_ns would override the calibrated one; a second
 * done means two writers); the same key after the data is not counted. */
static void test_repeated_key(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	assert_int_equal(read_str("# subtick 1\n# tick: 1\n# unit_ns: 0.5\n# kernel: k\n"
				  "# unit_ns: 1000\n# columns: n t at\n1 2 0\n", &m, &c, &e), -1);
	assert_int_equal(e.line, 5);
	assert_string_equal(e.msg, "key 'unit_ns' given twice");
	assert_int_equal(read_str("# subtick 1\n# rank: 1\n# rank: 2\n1 2 0\n", &m, &c, &e), -1);
	assert_string_equal(e.msg, "key 'rank' given twice");
	assert_int_equal(read_str("# subtick 1\n1 2 0\n# done: samples=1\n"
				  "# done: samples=1\n", &m, &c, &e), -1);
	assert_int_equal(e.line, 4);
	assert_string_equal(e.msg, "key 'done' given twice");
	/* and no sample after the last line: two streams run together */
	assert_int_equal(read_str("# subtick 1\n1 2 0\n# done: samples=1\n2 3 1\n", &m, &c, &e),
			 -1);
	assert_int_equal(e.line, 4);
	assert_non_null(strstr(e.msg, "a sample after the stream's last line"));
	/* after the data, header keys are not read, so not counted */
	assert_int_equal(read_str("# subtick 1\n# rank: 1\n1 2 0\n# rank: 2\n", &m, &c, &e), 0);
	/* bare columns: comments only */
	assert_int_equal(read_str("# rank: 1\n# rank: 1\n1 2\n", &m, &c, &e), 0);
	/* many distinct keys: all kept apart */
	char big[1 << 16];
	size_t at = (size_t)snprintf(big, sizeof big, "# subtick 1\n");
	for (int i = 0; i < 2000; i++)
		at += (size_t)snprintf(big + at, sizeof big - at, "# key%d: %d\n", i, i);
	snprintf(big + at, sizeof big - at, "1 2 0\n");
	assert_int_equal(read_str(big, &m, &c, &e), 0);
}

/* A UTF-8 byte order mark before the first line is read past (an
 * editor's): the stream's header is its header; the lines count from it. */
static void test_bom(void **state)
{
	(void)state;
	struct input_meta m;
	struct collected c;
	struct input_error e;
	assert_int_equal(read_str("\xef\xbb\xbf# subtick 1\n# tick: 2\n1\t2\t0\n", &m, &c, &e), 0);
	assert_true(m.stream && m.has_tick && m.tick == 2 && c.n == 1);
	assert_int_equal(read_str("\xef\xbb\xbf# subtick 1\n# tick: x\n", &m, &c, &e), -1);
	assert_int_equal(e.line, 2);
	assert_int_equal(read_str("\xef\xbb\xbf", &m, &c, &e), 0);
	assert_int_equal(c.n, 0);
}

/* Start times in order but where a clock stepped back: a fall to the
 * first at or below it is another stream's start (input.h); one that
 * stays above it, a step, read; at on again within the first tick, no
 * fall. */
static void test_at_order(void **state)
{
	(void)state;
	struct at_order o = { 0 };
	const uint64_t one[] = { 5, 5, 900, 2000, 6, 7000, UINT64_MAX - 3, 8 };
	for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
		assert_int_equal(at_order_restarts(&o, one[i]), 0);
	assert_int_equal(at_order_restarts(&o, 5), 1);	/* to the first */
	o = (struct at_order){ 0 };
	assert_int_equal(at_order_restarts(&o, 100), 0);
	assert_int_equal(at_order_restarts(&o, 200), 0);
	assert_int_equal(at_order_restarts(&o, 40), 1);	/* below it */
	assert_int_equal(at_order_restarts(&o, 50), 0);	/* and on */

	struct input_meta m;
	struct collected c;
	struct input_error e;
	const char *head = "# subtick 1\n# columns: n t at\n1\t10\t0\n2\t20\t100\n";
	char text[256];
	snprintf(text, sizeof text, "%s3\t30\t50\n", head);
	assert_int_equal(read_str(text, &m, &c, &e), 0);
	snprintf(text, sizeof text, "%s3\t30\t0\n", head);
	assert_int_equal(read_str(text, &m, &c, &e), -1);
	assert_int_equal(e.line, 5);
	assert_non_null(strstr(e.msg, "at falls back from 100 to 0"));
	assert_non_null(strstr(e.msg, "two streams? give them as two files"));
	assert_int_equal(read_str("1 10 7\n2 20 9\n3 30 7\n", &m, &c, &e), -1);
	assert_int_equal(e.line, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream),
		cmocka_unit_test(test_batches),
		cmocka_unit_test(test_repeated_key),
		cmocka_unit_test(test_at_order),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_columns_order),
		cmocka_unit_test(test_bare),
		cmocka_unit_test(test_digit_lengths),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_binary_and_long),
		cmocka_unit_test(test_missing_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
