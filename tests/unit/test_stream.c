/*
 * test_stream.c - the stream writer: formats, sanitized headers, whole
 * lines only, EPIPE.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stream.h"

/* Everything written to fd so far. */
static char *slurp(int fd, size_t *len)
{
	struct stat st;
	assert_int_equal(fstat(fd, &st), 0);
	char *buf = malloc((size_t)st.st_size + 1);
	assert_non_null(buf);
	assert_int_equal(pread(fd, buf, (size_t)st.st_size, 0), st.st_size);
	buf[st.st_size] = '\0';
	*len = (size_t)st.st_size;
	return buf;
}

static int temp_fd(void)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	return dup(fileno(f));
}

static void test_sample_format(void **state)
{
	(void)state;
	static struct stream_writer w;
	int fd = temp_fd();
	stream_init(&w, fd);
	const uint64_t a[] = { 0, 0, 0 }, b[] = { 1000, 1310, 7 };
	const uint64_t c[] = { UINT64_MAX, UINT64_MAX - 1, 10 }, d[] = { 5, 6, 7, 8 };
	assert_int_equal(stream_sample(&w, a, 3), 0);
	assert_int_equal(stream_sample(&w, b, 3), 0);
	assert_int_equal(stream_sample(&w, c, 3), 0);
	assert_int_equal(stream_sample(&w, d, 4), 0);
	assert_int_equal(stream_flush(&w), 0);
	size_t len;
	char *s = slurp(fd, &len);
	assert_string_equal(s, "0\t0\t0\n1000\t1310\t7\n"
			       "18446744073709551615\t18446744073709551614\t10\n"
			       "5\t6\t7\t8\n");
	free(s);
	close(fd);
}

static void test_header_sanitized(void **state)
{
	(void)state;
	static struct stream_writer w;
	int fd = temp_fd();
	stream_init(&w, fd);
	assert_int_equal(stream_header(&w, "kernel", "./lib\nmine.so:x\r\x1b"), 0);
	assert_int_equal(stream_header(&w, "plan", "auto"), 0);
	assert_int_equal(stream_flush(&w), 0);
	size_t len;
	char *s = slurp(fd, &len);
	assert_string_equal(s, "# kernel: ./lib?mine.so:x??\n# plan: auto\n");
	free(s);
	close(fd);
}

/* Whenever the writer has written anything, the file ends with a newline:
 * no reader and no kill -9 can see half a line. */
static void test_whole_lines_only(void **state)
{
	(void)state;
	static struct stream_writer w;
	int fd = temp_fd();
	stream_init(&w, fd);
	int flushes_seen = 0;
	off_t last = 0;
	for (uint64_t i = 0; i < 100000; i++) {
		const uint64_t row[] = { i * 977, i * 123457, i };
		assert_int_equal(stream_sample(&w, row, 3), 0);
		struct stat st;
		fstat(fd, &st);
		if (st.st_size != last) {
			char c;
			assert_int_equal(pread(fd, &c, 1, st.st_size - 1), 1);
			assert_int_equal(c, '\n');
			last = st.st_size;
			flushes_seen++;
		}
	}
	assert_true(flushes_seen > 10);
	assert_int_equal(stream_flush(&w), 0);
	close(fd);
}

static void test_long_line_cut(void **state)
{
	(void)state;
	static struct stream_writer w;
	char big[3 * STREAM_LINE_MAX];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	int fd = temp_fd();
	stream_init(&w, fd);
	assert_int_equal(stream_linef(&w, "# %s", big), 0);
	const uint64_t row[] = { 1, 2, 3 };
	assert_int_equal(stream_sample(&w, row, 3), 0);
	assert_int_equal(stream_flush(&w), 0);
	size_t len;
	char *s = slurp(fd, &len);
	char *nl = strchr(s, '\n');
	assert_non_null(nl);
	assert_int_equal((size_t)(nl - s), STREAM_LINE_MAX - 1);
	assert_string_equal(nl + 1, "1\t2\t3\n");
	free(s);
	close(fd);
}

static void test_broken_pipe(void **state)
{
	(void)state;
	static struct stream_writer w;
	int p[2];
	signal(SIGPIPE, SIG_IGN);
	assert_int_equal(pipe(p), 0);
	close(p[0]);
	stream_init(&w, p[1]);
	int rc = 0;
	for (int i = 0; i < 100000 && rc == 0; i++) {
		const uint64_t row[] = { (uint64_t)i, 1, 2 };
		rc = stream_sample(&w, row, 3);
	}
	if (rc == 0)
		rc = stream_flush(&w);
	assert_int_equal(rc, -1);
	assert_int_equal(w.error, EPIPE);
	/* Once failed, it stays failed and writes nothing more. */
	const uint64_t one[] = { 1, 1, 1 };
	assert_int_equal(stream_sample(&w, one, 3), -1);
	close(p[1]);
}

/* A file that cannot grow past 10000 bytes (a full disk, as RLIMIT_FSIZE):
 * the write that crosses the limit comes back short, the next fails.  The
 * file must end with its last whole line, and the writer must count the
 * samples in it, no more. */
static void test_short_write_truncates(void **state)
{
	(void)state;
	static struct stream_writer w;
	struct rlimit old, lim = { 10000, 10000 };
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim.rlim_max = old.rlim_max;
	signal(SIGXFSZ, SIG_IGN);
	int fd = temp_fd();
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	stream_init(&w, fd);
	assert_int_equal(stream_linef(&w, "# subtick 1"), 0);
	int rc = 0;
	for (uint64_t i = 0; i < 5000 && rc == 0; i++) {
		const uint64_t row[] = { i, 1000 + i, 7 * i };
		rc = stream_sample(&w, row, 3);
	}
	if (rc == 0)
		rc = stream_flush(&w);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	assert_int_equal(rc, -1);
	assert_int_equal(w.error, EFBIG);
	size_t len;
	char *s = slurp(fd, &len);
	assert_true(len > 0 && len <= 10000);
	assert_int_equal(s[len - 1], '\n');
	uint64_t lines = 0;
	for (size_t i = 0; i < len; i++)
		lines += s[i] == '\n';
	assert_int_equal(w.samples_written, lines - 1);
	free(s);
	close(fd);
	signal(SIGXFSZ, SIG_DFL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_write_truncates),
		cmocka_unit_test(test_sample_format),
		cmocka_unit_test(test_header_sanitized),
		cmocka_unit_test(test_whole_lines_only),
		cmocka_unit_test(test_long_line_cut),
		cmocka_unit_test(test_broken_pipe),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
