/*
 * fuzz_recorder.c - libFuzzer harness for the libsubtick API: each input is
 * a program of calls (open with odd options and paths, start, stop with a
 * right or wrong t0, close, use after close, NULL, counts, a child after
 * fork, a second thread), one byte per step.  Every call must do what
 * subtick(3) says: refusals with their errno, counts that match the
 * samples kept, and every closed stream whole, its samples each once.
 *
 * The clock is calibrated once (recorder_open_calibrated): a real open
 * takes a second.  Files go to a directory of its own under $TMPDIR,
 * emptied after every input and removed at exit.
 */
#define _GNU_SOURCE	/* mkdtemp, symlink */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "calibrate.h"
#include "recorder.h"
#include "subtick/subtick.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { SLOTS = 4, STEPS_MAX = 256 };

#define REQUIRE(cond) do { if (!(cond)) __builtin_trap(); } while (0)

struct fixture {
	char dir[512];
	char fifo[600], link[600], sub[600], target[600];
	struct clock_setup setup;
	struct calibration cal;
	int ready;
};

struct slot {
	subtick_recorder *r;
	int open, closed;	/* closed: r kept to be used after close */
	char path[600];
	uint64_t t0, kept;
	int started;
};

struct program {
	const uint8_t *data;
	size_t size, at;
	struct slot s[SLOTS];
	int forked, threaded;
};

static struct fixture fx;

static void remove_fixture(void)
{
	unlink(fx.fifo), unlink(fx.link), unlink(fx.target), rmdir(fx.sub);
	rmdir(fx.dir);
}

static int make_fixture(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(fx.dir, sizeof fx.dir, "%s/subtick-fuzz-recorder-XXXXXX", tmp ? tmp : "/tmp");
	if (mkdtemp(fx.dir) == NULL)
		return -1;
	snprintf(fx.fifo, sizeof fx.fifo, "%s/fifo", fx.dir);
	snprintf(fx.link, sizeof fx.link, "%s/link", fx.dir);
	snprintf(fx.sub, sizeof fx.sub, "%s/sub", fx.dir);
	snprintf(fx.target, sizeof fx.target, "%s/target", fx.dir);
	int fd = open(fx.target, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || write(fd, "keep\n", 5) != 5 || close(fd) != 0 ||
	    mkfifo(fx.fifo, 0600) != 0 || symlink(fx.target, fx.link) != 0 ||
	    mkdir(fx.sub, 0700) != 0)
		return -1;
	atexit(remove_fixture);
	const struct clock_source *c = clock_find("monotonic-raw"), *rc = NULL;
	char why[128];
	if (c == NULL || !clock_available(c, &rc, why, sizeof why) ||
	    calibrate_clock(rc, 0, &fx.setup, &fx.cal) != 0)
		return -1;
	fx.ready = 1;
	return 0;
}

static unsigned next(struct program *p)
{
	return p->at < p->size ? p->data[p->at++] : 0;
}

/* Lines of path starting with prefix ("": sample lines). */
static uint64_t lines(const char *path, const char *prefix)
{
	FILE *f = fopen(path, "r");
	REQUIRE(f != NULL);
	char line[4096];
	uint64_t n = 0;
	while (fgets(line, sizeof line, f) != NULL)
		n += *prefix ? strncmp(line, prefix, strlen(prefix)) == 0 : line[0] != '#';
	fclose(f);
	return n;
}

/* Options drawn from the program: sizes, capacities, keys and CPUs that
 * are right, wrong or absurd. */
static void draw_options(struct program *p, struct subtick_options *o,
			 const char **keys)
{
	static const size_t caps[] = { 0, 1, 2, 3, 64, SIZE_MAX / 24 + 2, SIZE_MAX };
	static const char *const names[] = {
		"rank", "3", "host", "x", "unit_ns", "1000", "done", "x",
		"Bad", "1", "a: b", "1", "", "1", "language", "c\nd",
	};
	subtick_options_init(o);
	o->clock = next(p) % 5 == 0 ? "no-such-clock" : "monotonic-raw";
	o->capacity = caps[next(p) % (sizeof caps / sizeof caps[0])];
	o->coarsen_bits = next(p) % 7 == 0 ? 41 : 0;
	unsigned c = next(p) % 6;
	o->cpu = c == 0 ? -2 : c == 1 ? 1 << 20 : -1;
	unsigned k = next(p) % 4, j = 0;
	for (unsigned i = 0; i < k; i++) {
		unsigned pick = next(p) % (sizeof names / sizeof names[0] / 2);
		keys[j++] = names[2 * pick];
		keys[j++] = next(p) % 9 == 0 ? NULL : names[2 * pick + 1];
		if (keys[j - 1] == NULL)
			break;
	}
	keys[j] = NULL;
	o->keys = k ? keys : NULL;
	unsigned sz = next(p) % 8;
	o->size = sz == 0 ? 0 : sz == 1 ? 16 : sz == 2 ? (size_t)1 << 40 : sizeof *o;
}

static void op_open(struct program *p, struct slot *s, int index)
{
	if (s->open || s->closed)
		return;
	struct subtick_options o;
	const char *keys[16];
	draw_options(p, &o, keys);
	unsigned where = next(p) % 8;
	const char *path = where == 0 ? fx.fifo : where == 1 ? fx.link
			 : where == 2 ? fx.sub : where == 3 ? "" : NULL;
	char own[600];
	snprintf(own, sizeof own, "%s/s%d.st", fx.dir, index);
	if (where > 3)
		path = own;
	errno = 0;
	s->r = recorder_open_calibrated(path, next(p) % 2 ? "fuzz" : NULL, &o,
					&fx.setup, &fx.cal);
	if (s->r == NULL) {
		REQUIRE(errno != 0);
		REQUIRE(where < 4 || access(own, F_OK) != 0);	/* nothing made */
		REQUIRE(lines(fx.target, "keep") == 1);		/* not followed */
		return;
	}
	REQUIRE(where > 3);
	s->open = 1;
	s->started = 0;
	s->kept = 0;
	snprintf(s->path, sizeof s->path, "%s", own);
}

/* A write's error, which subtick_stop says with the sample kept (a full
 * /tmp). */
static int written_error(int e)
{
	return e == ENOSPC || e == EFBIG || e == EIO || e == EDQUOT;
}

static void op_stop(struct program *p, struct slot *s)
{
	unsigned how = next(p) % 4;
	uint64_t t0 = how == 0 ? 0 : how == 1 ? s->t0 + 1 : s->t0;
	int right = s->open && s->started && t0 == s->t0;
	errno = 0;
	int rc = subtick_stop(s->r, 100 + how, t0);
	if (!right) {
		REQUIRE(rc == -1 && errno == EINVAL);
		return;
	}
	/* -1 with a write error: the sample kept, the stream full */
	REQUIRE(rc == 0 || rc == 1 || (rc == -1 && written_error(errno)));
	s->started = 0;
	s->kept += rc != 1;
}

static void op_close(struct slot *s)
{
	errno = 0;
	int rc = subtick_close(s->r);
	if (!s->open) {
		REQUIRE(rc == -1 && errno == EINVAL);
		return;
	}
	REQUIRE(rc == 0);
	s->open = 0;
	s->closed = 1;
	REQUIRE(lines(s->path, "# subtick 1") == 1);
	REQUIRE(lines(s->path, "# done:") == 1);
	REQUIRE(lines(s->path, "") == s->kept);
	unlink(s->path);
}

/* The parent's recorder in a child: refused, nothing written.  A fork
 * costs milliseconds under ASan: one input in sixteen that ask. */
static void op_fork(struct program *p, struct slot *s)
{
	if (!s->open || p->forked++ || next(p) % 16 != 0)
		return;
	pid_t pid = fork();
	if (pid == 0) {
		errno = 0;
		int ok = subtick_start(s->r) == 0 && errno == EPERM;
		ok &= subtick_stop(s->r, 1, s->t0) == -1 && errno == EPERM;
		ok &= subtick_close(s->r) == 0;
		_exit(ok ? 0 : 1);
	}
	/* libFuzzer's alarm for -timeout (SIGALRM, no SA_RESTART) may
	 * interrupt the wait */
	int status = 0;
	pid_t got;
	while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	REQUIRE(pid > 0 && got == pid);
	REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void *hammer(void *arg)
{
	subtick_recorder *r = arg;
	for (int i = 0; i < 200; i++) {
		uint64_t t0 = subtick_start(r);
		int rc = subtick_stop(r, 7, t0);
		REQUIRE(rc >= 0 || errno == EBUSY || errno == EINVAL);
	}
	return NULL;
}

/* A second thread on the same recorder: whatever it keeps is counted. */
static void op_thread(struct program *p, struct slot *s)
{
	if (!s->open || p->threaded++ || next(p) % 4 != 0)
		return;
	uint64_t before = subtick_samples(s->r);
	pthread_t th;
	REQUIRE(pthread_create(&th, NULL, hammer, s->r) == 0);
	for (int i = 0; i < 200; i++) {
		uint64_t t0 = subtick_start(s->r);
		(void)subtick_stop(s->r, 9, t0);
	}
	REQUIRE(pthread_join(th, NULL) == 0);
	s->started = 0;
	s->kept += subtick_samples(s->r) - before;
}

static void step(struct program *p)
{
	unsigned op = next(p);
	int index = (int)((op >> 4) % SLOTS);
	struct slot *s = &p->s[index];
	switch (op % 10) {
	case 0: op_open(p, s, index); break;
	case 1:
		errno = 0;
		s->t0 = subtick_start(s->r);
		REQUIRE(s->open || (s->t0 == 0 && errno == EINVAL));
		s->started = s->open;
		break;
	case 2: op_stop(p, s); break;
	case 3: op_close(s); break;
	case 4:
		errno = 0;
		REQUIRE(subtick_samples(s->r) == (s->open ? s->kept : 0));
		REQUIRE(s->open || errno == EINVAL);
		errno = 0;
		REQUIRE(s->open || (subtick_dropped(s->r) == 0 && errno == EINVAL));
		break;
	case 5:	/* many regions: the buffer fills and is written */
		for (unsigned i = 0, k = next(p); i < k && s->open; i++) {
			s->t0 = subtick_start(s->r);
			int rc = subtick_stop(s->r, i, s->t0);
			REQUIRE(rc == 0 || rc == 1 || (rc == -1 && written_error(errno)));
			s->kept += rc != 1;
			s->started = 0;
		}
		break;
	case 6: op_fork(p, s); break;
	case 7: op_thread(p, s); break;
	case 8: {
		struct subtick_clock_info ci;
		REQUIRE(subtick_clock_info("no-such-clock", 0, &ci) == -1 && errno == EINVAL);
		REQUIRE(subtick_clock_info(NULL, 0, NULL) == -1 && errno == EINVAL);
		/* a size below API version 7's struct: refused, before any
		 * calibration, and nothing written */
		size_t small = next(p) % offsetof(struct subtick_clock_info, read_ns);
		ci.size = 0;
		REQUIRE(subtick_clock_info_size(NULL, 0, &ci, small) == -1 && errno == EINVAL &&
			ci.size == 0);
		REQUIRE(subtick_close(NULL) == -1 && errno == EINVAL);
		break;
	}
	default: {
		union {
			struct subtick_options o;
			unsigned char raw[sizeof(struct subtick_options) + 16];
		} u;
		size_t size = next(p) % sizeof u.raw;
		memset(u.raw, 0x5a, sizeof u.raw);
		subtick_options_init_size(&u.o, size);
		for (size_t i = size < sizeof u.o.size ? 0 : size; i < sizeof u.raw; i++)
			REQUIRE(u.raw[i] == 0x5a);
		break;
	}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!fx.ready && make_fixture() != 0)
		return 0;
	struct program p = { data, size, 0, { { 0 } }, 0, 0 };
	for (int i = 0; i < STEPS_MAX && p.at < p.size; i++)
		step(&p);
	for (int i = 0; i < SLOTS; i++) {
		if (p.s[i].open)
			op_close(&p.s[i]);
		if (p.s[i].closed)
			REQUIRE(recorder_unreserve(p.s[i].r) == 0);
	}
	return 0;
}
