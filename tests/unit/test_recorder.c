/*
 * test_recorder.c - libsubtick's recorder: the stream it writes, a full
 * buffer written and counted, errors that lose nothing already written,
 * two threads with a recorder each; struct subtick_clock_info as each
 * version's header gives it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "compat.h"
#include "subtick/subtick.h"

static void spin(uint64_t n)
{
	while (n != 0) {
		__asm__ volatile("" : "+r"(n));
		n--;
	}
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char buf[1 << 22];
	size_t k = fread(buf, 1, sizeof buf - 1, f);
	buf[k] = '\0';
	fclose(f);
	return buf;
}

static size_t count_samples(const char *s)
{
	size_t n = 0;
	for (const char *p = s; *p; p = strchr(p, '\n') + 1) {
		if (*p != '#')
			n++;
		if (strchr(p, '\n') == NULL)
			break;
	}
	return n;
}

static void temp_path(char *path, size_t len, const char *name)
{
	const char *dir = getenv("TMPDIR");
	snprintf(path, len, "%s/subtick-test-%ld-%s.st", dir ? dir : "/tmp",
		 (long)getpid(), name);
}

/* 250 samples through a 100-sample buffer: written in 3 pieces, all kept;
 * the header has every key collect writes. */
static void test_stream(void **state)
{
	(void)state;
	char path[512];
	temp_path(path, sizeof path, "stream");
	struct subtick_options o;
	subtick_options_init(&o);
	o.capacity = 100;
	const char *more[] = { "rank", "3", "ranks", "4", NULL };
	o.keys = more;
	subtick_recorder *r = subtick_open(path, "spin", &o);
	assert_non_null(r);
	for (int i = 0; i < 250; i++) {
		uint64_t n = 1000 + 100 * (uint64_t)(i % 10);
		uint64_t t0 = subtick_start(r);
		spin(n);
		subtick_stop(r, n, t0);
	}
	uint64_t kept = subtick_samples(r), dropped = subtick_dropped(r);
	assert_int_equal(kept + dropped, 250);
	assert_int_equal(subtick_close(r), 0);
	char *s = slurp(path);
	assert_true(strncmp(s, "# subtick 1\n", 12) == 0);
	static const char *const keys[] = {
		"clock", "tick", "unit_ns", "overhead", "kernel", "cpu", "host",
		"date", "unit_ns_rel_error", "coarsen", "native_tick",
		"tick_method", "claimed_resolution_ns", "read_ns",
		"timer_period_ns", "priority", "cpu_check", "tsc_invariant",
		"governor", "plan", "points", "max_n_reason", "runs",
		"budget_s", "seed", "generator", "columns",
	};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		char k[64];
		snprintf(k, sizeof k, "\n# %s: ", keys[i]);
		assert_non_null(strstr(s, k));
	}
	assert_non_null(strstr(s, "# kernel: spin\n"));
	assert_non_null(strstr(s, "\n# rank: 3\n# ranks: 4\n"));
	assert_non_null(strstr(s, "# priority: not raised"));
	assert_int_equal(count_samples(s), kept);
	char done[128];
	snprintf(done, sizeof done, "# done: samples=%llu ", (unsigned long long)kept);
	assert_non_null(strstr(s, done));
	/* 100 + 100 + the rest at close; a migration (the recorder is not
	 * pinned) drops a sample, and then may leave fewer to write */
	if (dropped == 0)
		assert_non_null(strstr(s, " writes=3 "));
	else
		assert_true(strstr(s, " writes=3 ") || strstr(s, " writes=2 "));
	unlink(path);
}

static void test_bad_open(void **state)
{
	(void)state;
	errno = 0;
	assert_null(subtick_open("/nonexistent-dir/x.st", "x", NULL));
	assert_int_equal(errno, ENOENT);
	struct subtick_options o;
	subtick_options_init(&o);
	o.clock = "no-such-clock";
	errno = 0;
	assert_null(subtick_open("/tmp/never.st", "x", &o));
	assert_int_equal(errno, EINVAL);
	assert_int_equal(access("/tmp/never.st", F_OK), -1);
	/* a key that could break the header, or contradict the library's
	 * own (a unit_ns of 1000 after the calibrated one), or end it, or
	 * given twice: refused before the file */
	const char *bad[][5] = { { "Rank", "1", NULL }, { "a: b", "1", NULL },
				 { "", "1", NULL }, { "rank", NULL, NULL },
				 { "unit_ns", "1000", NULL }, { "tick", "1", NULL },
				 { "done", "x", NULL }, { "columns", "n t", NULL },
				 { "rank", "1", "rank", "2", NULL },
				 { "a234567890123456789012345678901234567890123456789012345678901234x", "1", NULL } };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		subtick_options_init(&o);
		o.keys = bad[i];
		errno = 0;
		assert_null(subtick_open("/tmp/never.st", "x", &o));
		assert_int_equal(errno, EINVAL);
		assert_int_equal(access("/tmp/never.st", F_OK), -1);
	}
}

/* A file that cannot grow past 20000 bytes: the stop whose write fails
 * says so (-1, EFBIG), and every stop after it; close reports the error
 * too, and the file holds the header and whole lines of what was written
 * before. */
static void test_close_error(void **state)
{
	(void)state;
	char path[512];
	temp_path(path, sizeof path, "limit");
	struct rlimit old, lim;
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 20000;
	signal(SIGXFSZ, SIG_IGN);
	struct subtick_options o;
	subtick_options_init(&o);
	o.capacity = 64;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	subtick_recorder *r = subtick_open(path, "limit", &o);
	assert_non_null(r);
	int first = -1, after = 0, kept = 0;
	for (int i = 0; i < 5000; i++) {
		uint64_t t0 = subtick_start(r);
		spin(100);
		errno = 0;
		int st = subtick_stop(r, 100 + (uint64_t)i, t0);
		if (st == -1 && first < 0 && errno == EFBIG)
			first = kept;
		after += first >= 0 && st == -1 && errno == EFBIG;
		kept += st != 1;
	}
	errno = 0;
	int rc = subtick_close(r);
	int e = errno;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);
	/* at the stop that filled the buffer (64 samples) once the file was
	 * past its limit, and at every stop after it */
	assert_true(first > 0 && (first + 1) % 64 == 0 && first < 5000);
	assert_int_equal(after, kept - first);
	assert_int_equal(rc, -1);
	assert_int_equal(e, EFBIG);
	char *s = slurp(path);
	size_t len = strlen(s);
	assert_true(len > 0 && len <= 20000);
	assert_int_equal(s[len - 1], '\n');
	assert_true(count_samples(s) > 64);
	unlink(path);
}

struct job {
	char path[512];
	int ok;
};

static void *thread_main(void *arg)
{
	struct job *j = arg;
	subtick_recorder *r = subtick_open(j->path, "thread", NULL);
	if (r == NULL)
		return NULL;
	for (int i = 0; i < 2000; i++) {
		uint64_t n = 500 + 50 * (uint64_t)(i % 20);
		SUBTICK_TIME(r, n) {
			spin(n);
		}
	}
	j->ok = subtick_close(r) == 0;
	return NULL;
}

/* Two threads, a recorder each: two whole streams. */
static void test_threads(void **state)
{
	(void)state;
	struct job jobs[2];
	pthread_t th[2];
	for (int i = 0; i < 2; i++) {
		temp_path(jobs[i].path, sizeof jobs[i].path, i ? "thread1" : "thread0");
		jobs[i].ok = 0;
		assert_int_equal(pthread_create(&th[i], NULL, thread_main, &jobs[i]), 0);
	}
	for (int i = 0; i < 2; i++) {
		assert_int_equal(pthread_join(th[i], NULL), 0);
		assert_true(jobs[i].ok);
		char *s = slurp(jobs[i].path);
		assert_true(strncmp(s, "# subtick 1\n", 12) == 0);
		assert_non_null(strstr(s, "# done: samples="));
		assert_true(count_samples(s) > 1900);	/* a migration may drop a few */
		unlink(jobs[i].path);
	}
}

/* Every key the library writes in a header is one it refuses from a
 * user, so that none can be given twice. */
static void test_own_keys_refused(void **state)
{
	(void)state;
	char path[512];
	temp_path(path, sizeof path, "ownkeys");
	struct subtick_options o;
	subtick_options_init(&o);
	o.clock = "monotonic-raw";
	o.cpu = sched_getcpu();	/* pinning adds its keys */
	subtick_recorder *r = subtick_open(path, "own", &o);
	assert_non_null(r);
	assert_int_equal(subtick_close(r), 0);
	char *s = slurp(path);
	size_t keys = 0;
	for (char *line = s; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		char key[128];
		int end = 0;
		if (sscanf(line, "# %127[a-z0-9_]%n", key, &end) != 1 || line[end] != ':')
			continue;
		const char *k[] = { key, "1", NULL };
		o.keys = k;
		errno = 0;
		assert_null(subtick_open("/tmp/never.st", "x", &o));
		assert_int_equal(errno, EINVAL);
		keys++;
	}
	assert_true(keys >= 25);
	unlink(path);
}

static void test_version(void **state)
{
	(void)state;
	assert_int_equal(subtick_api_version(), SUBTICK_API_VERSION);
	const char *v = subtick_version();
	assert_non_null(v);
	assert_true(strlen(v) > 0 && strchr(v, '(') != NULL);
}

static void test_clock_info(void **state)
{
	(void)state;
	struct subtick_clock_info ci;
	assert_int_equal(subtick_clock_info("monotonic-raw", 0, &ci), 0);
	assert_int_equal(ci.size, sizeof ci);
	assert_string_equal(ci.clock, "monotonic-raw");
	assert_true(ci.tick >= 1 && ci.tick < 1000);
	assert_true(ci.unit_ns == 1.0);
	assert_int_equal(subtick_clock_info("monotonic-raw", 10, &ci), 0);
	assert_true(ci.tick >= 1024);
	assert_int_equal(subtick_clock_info("nope", 0, &ci), -1);
	assert_int_equal(errno, EINVAL);
}

/* The struct grows (API version 7): the library writes no more than the
 * caller's size and says its own in size; a size below API version 7's
 * struct is refused. */
static void test_clock_info_size(void **state)
{
	(void)state;
	/* a newer header's struct, with a field this library does not know */
	struct {
		struct subtick_clock_info ci;
		uint64_t later;
	} newer;
	memset(&newer, 0xa5, sizeof newer);
	assert_int_equal(subtick_clock_info_size("monotonic-raw", 0, &newer.ci, sizeof newer), 0);
	assert_int_equal(newer.ci.size, sizeof newer.ci);
	assert_string_equal(newer.ci.clock, "monotonic-raw");
	assert_true(newer.ci.tick >= 1 && newer.ci.tick < 1000 && newer.ci.unit_ns == 1.0);
	assert_true(newer.later == 0xa5a5a5a5a5a5a5a5u);

	struct subtick_clock_info ci;
	size_t v7 = offsetof(struct subtick_clock_info, read_ns) + sizeof ci.read_ns;
	const size_t refused[] = { 0, sizeof ci.size, v7 - 1 };
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		memset(&ci, 0xa5, sizeof ci);
		errno = 0;
		assert_int_equal(subtick_clock_info_size("monotonic-raw", 0, &ci, refused[i]), -1);
		assert_int_equal(errno, EINVAL);
		assert_true(ci.size == (size_t)0xa5a5a5a5a5a5a5a5u);	/* untouched */
	}
	errno = 0;
	assert_int_equal(subtick_clock_info_size("monotonic-raw", 0, NULL, sizeof ci), -1);
	assert_int_equal(errno, EINVAL);
}

/* A program built with the header of API version 6 or before calls the
 * function subtick_clock_info on the struct without size: its 64 bytes
 * are filled as they were, nothing after them. */
static void test_clock_info_v6(void **state)
{
	(void)state;
	struct {
		struct subtick_clock_info_v6 ci;
		unsigned char after[16];
	} old;
	assert_int_equal(sizeof old.ci, 64);
	memset(&old, 0xa5, sizeof old);
	assert_int_equal((subtick_clock_info)("monotonic-raw", 10, &old.ci), 0);
	assert_string_equal(old.ci.clock, "monotonic-raw");
	assert_true(old.ci.tick >= 1024 && old.ci.unit_ns == 1.0);
	for (size_t i = 0; i < sizeof old.after; i++)
		assert_int_equal(old.after[i], 0xa5);
	errno = 0;
	assert_int_equal((subtick_clock_info)("nope", 0, &old.ci), -1);
	assert_int_equal(errno, EINVAL);
	errno = 0;
	assert_int_equal((subtick_clock_info)("monotonic-raw", 0, NULL), -1);
	assert_int_equal(errno, EINVAL);
}

int main(void)
{
	/* SUBTICK_EMULATOR: a cross build's tests, run by qemu-user
	 * (tests/meson.build) */
	if (getenv("SUBTICK_EMULATOR") != NULL) {
		printf("SKIP: times real clocks (the recorder's calibration and runs of 10^4 ticks), which under the emulator say nothing of the CPU's: run natively\n");
		return 77;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream),
		cmocka_unit_test(test_bad_open),
		cmocka_unit_test(test_close_error),
		cmocka_unit_test(test_threads),
		cmocka_unit_test(test_clock_info),
		cmocka_unit_test(test_clock_info_size),
		cmocka_unit_test(test_clock_info_v6),
		cmocka_unit_test(test_own_keys_refused),
		cmocka_unit_test(test_version),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
