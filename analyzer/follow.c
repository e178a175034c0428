/*
 * follow.c - analyze --follow: a stream read as it grows (a file being
 * written, or a pipe), the least-values line of what has come so far
 * reported every second, then the whole report once the stream ends.
 *
 * The live numbers come from the shared core's lvstate (the minimum per N,
 * the hull, the tick band and subsampling in stretches of time: the code
 * collect --until and libsubtick's subtick_result run).  Every complete
 * line read is also copied to an unlinked temporary file, which becomes
 * analyze's standard input once the stream ends, so that the final report
 * is exactly what analyze gives on the same lines; messages name the file
 * followed (analysis_settings.stdin_name).
 */
#include "follow.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fdio.h"
#include "input.h"
#include "interval.h"
#include "lvstate.h"
#include "tempfile.h"
#include "tick.h"

#define FOLLOW_REPORT_NS 1000000000ull	/* a live report a second */
#define FOLLOW_WAIT_NS 100000000L	/* a quiet file is read again after */
#define FOLLOW_QUIET_S 10.0		/* a file silent this long: said so */
#define FOLLOW_CHUNK 65536
#define FOLLOW_DRAIN_MS 200		/* a pipe's lines after the last line */
#define FOLLOW_HEAD 4096	/* a file's first bytes, read again to see it
				 * was not rewritten meanwhile */

/* Timings kept for the tick from the data: tick.h's rule on them, as
 * analyze's on its own, one stray timing no matter (a plain gcd of them
 * all fell to 1 on one, and the live bounds were ten times too narrow). */
enum { FOLLOW_TICK_SAMPLES = 512 };

/* The signal that ends the following (the handler's only state). */
static volatile sig_atomic_t follow_stop;

static void on_stop(int sig)
{
	follow_stop = sig;
}

/* The signals that end the following as collect's stop signals end a
 * collection: SIGHUP too (a session gone), unless ignored from the start
 * (nohup). */
static const int follow_signals[] = { SIGINT, SIGTERM, SIGHUP };
enum { FOLLOW_SIGNALS = sizeof follow_signals / sizeof follow_signals[0] };

struct follow {
	const char *name;	/* as messages name it */
	int in, spool;		/* descriptors */
	int regular;		/* a file: wait for it to grow */
	char *line;		/* the line not yet ended */
	size_t len, cap;
	struct lvstate lv;
	double tick, tick_mean, unit_ns;	/* the header's */
	double tick_given, unit_ns_given;	/* --tick, --unit-ns (0: none) */
	uint64_t t_seen[FOLLOW_TICK_SAMPLES];	/* timings, the last of
						 * them: the tick from the
						 * data (tick.h's rule) */
	size_t t_count;
	int bad_header;		/* a value the live numbers need, refused */
	uint64_t unfolded;	/* sample lines the live fit cannot fold
				 * (timings not integers) */
	int col_n, col_t, col_at;	/* fields of n, the timing, at (-1:
				 * none) */
	struct at_order at;	/* the start times so far */
	int restarted;		/* at fell back to the stream's start: two
				 * streams (the final analysis refuses it) */
	const char *column;
	uint64_t samples;
	uint64_t lines;		/* complete lines read */
	int ended;		/* "# done" or "# interrupted" read */
	int tty, drawn;
	uint64_t start_ns, last_ns, grew_ns;
	uint64_t offset;	/* a file's bytes read */
	int waited;		/* the stream was caught up with before it ended */
	char head[FOLLOW_HEAD];	/* its first of them */
	size_t head_len;
};

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* "# columns: n t at" names the fields; the timing is the column asked
 * for (t by default). */
static void take_columns(struct follow *f, const char *v)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", v);
	int i = 0;
	f->col_n = f->col_t = f->col_at = -1;
	for (char *save, *w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save), i++) {
		if (strcmp(w, "n") == 0)
			f->col_n = i;
		else if (strcmp(w, "at") == 0)
			f->col_at = i;
		else if (strcmp(w, f->column) == 0)
			f->col_t = i;
	}
}

/* A header value the live numbers need: a positive integer (whole) or
 * a positive finite number, else 0 and the stream marked bad (the final
 * analysis refuses it, naming the line: no live number is made of it; a
 * tick of 1e30 had drawn bounds of +-6e25 before the refusal). */
static double header_number(struct follow *f, const char *v, int whole)
{
	char *end;
	errno = 0;
	double x = whole ? (double)strtoull(v, &end, 10) : strtod(v, &end);
	while (*end == ' ' || *end == '\t' || *end == '\r')
		end++;
	if (end == v || *end != '\0' || errno != 0 || !(x > 0) || !isfinite(x) ||
	    (whole && (*v < '0' || *v > '9'))) {
		f->bad_header = 1;
		return 0;
	}
	return x;
}

/* A header line: the keys the live numbers need.  With --column t2 the
 * second clock's tick and unit_ns (tick2, unit_ns2). */
static void header_line(struct follow *f, const char *s)
{
	char key[64];
	const char *colon = strchr(s + 2, ':');
	if (colon == NULL || (size_t)(colon - s - 2) >= sizeof key)
		return;
	memcpy(key, s + 2, (size_t)(colon - s - 2));
	key[colon - s - 2] = '\0';
	const char *v = colon + 1 + (colon[1] == ' ');
	char suffix[40], tick[80], mean[80], unit[80];
	input_key_suffix(f->column, suffix, sizeof suffix);
	snprintf(tick, sizeof tick, "tick%s", suffix);
	snprintf(mean, sizeof mean, "tick_mean%s", suffix);
	snprintf(unit, sizeof unit, "unit_ns%s", suffix);
	if (strcmp(key, "done") == 0 || strcmp(key, "interrupted") == 0)
		f->ended = 1;
	else if (strcmp(key, "columns") == 0)
		take_columns(f, v);
	else if (strcmp(key, tick) == 0)
		f->tick = header_number(f, v, 1);
	else if (strcmp(key, mean) == 0)
		f->tick_mean = header_number(f, v, 0);
	else if (strcmp(key, unit) == 0)
		f->unit_ns = header_number(f, v, 0);
}

/* The tick the live fit judges glitches and its band on, as analyze
 * chooses its own: --tick, the header's (tick_mean + 1 where it gives a
 * mean step), else the data's (tick.h's rule on the last timings). */
static double live_tick(const struct follow *f)
{
	if (f->tick_given > 0)
		return f->tick_given;
	if (f->tick > 0)	/* the header's, as read: not cast beyond 2^63 */
		return f->tick < 0x1p63 ? tick_band((uint64_t)f->tick, f->tick_mean) : f->tick;
	size_t n = f->t_count < FOLLOW_TICK_SAMPLES ? f->t_count : FOLLOW_TICK_SAMPLES;
	return (double)tick_from_differences(f->t_seen, n);
}

/* A sample line folded into the live state: integers apart by blanks or
 * commas, as analyze reads them (a line's CR too).  A line that is not
 * one is left to the final analysis, which says what is wrong with it;
 * one with a timing that is no integer is counted, the live fit holding
 * integers only. */
static void sample_line(struct follow *f, const char *s)
{
	uint64_t v[8];
	int k = 0, other = 0;
	const char *p = s;
	while (*p && k < 8) {
		char *end;
		while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r')
			p++;
		if (*p == '\0' || *p == '\n')
			break;
		if (*p < '0' || *p > '9')
			return;
		errno = 0;
		v[k] = strtoull(p, &end, 10);
		if (errno != 0)
			return;
		if (*end == '.' || *end == 'e' || *end == 'E') {	/* a decimal */
			other |= k == f->col_t;
			strtod(p, &end);
		}
		k++;
		p = end;
	}
	if (f->col_n < 0 || f->col_t < 0 || f->col_n >= k || f->col_t >= k)
		return;
	if (f->col_at >= 0 && f->col_at < k && at_order_restarts(&f->at, v[f->col_at]))
		f->restarted = 1;
	if (other) {
		f->unfolded++;
		return;
	}
	if (lvstate_add(&f->lv, v[f->col_n], v[f->col_t]) == 0) {
		f->samples++;
		f->t_seen[f->t_count++ % FOLLOW_TICK_SAMPLES] = v[f->col_t];
	}
}

static void one_line(struct follow *f, const char *s)
{
	if (f->lines++ == 0)	/* as analyze reads it */
		s += input_bom_length(s, strlen(s));
	if (s[0] == '#')
		header_line(f, s);
	else
		sample_line(f, s);
}

/* The copy could not be made or written (errno e): where, and why (a
 * full disk, a directory that is not there). */
static void copy_failed(char *msg, size_t msg_len, const char *what, int e)
{
	snprintf(msg, msg_len, "%s: the temporary copy of the stream %s: %s (TMPDIR chooses the directory)",
		 tempfile_dir(), what, strerror(e));
}

/* The complete lines of what was read, each copied to the spool.
 * Returns 0, or -1 with msg. */
static int take(struct follow *f, const char *p, size_t n, char *msg, size_t msg_len)
{
	if (f->len + n + 1 > f->cap) {
		size_t cap = (f->len + n + 1) * 2;
		char *q = realloc(f->line, cap);
		if (q == NULL)
			return snprintf(msg, msg_len, "out of memory"), -1;
		f->line = q, f->cap = cap;
	}
	memcpy(f->line + f->len, p, n);
	f->len += n;
	size_t from = 0;
	for (size_t i = f->len - n; i < f->len; i++) {
		if (f->line[i] != '\n')
			continue;
		if (fd_write_all(f->spool, f->line + from, i + 1 - from) != 0)
			return copy_failed(msg, msg_len, "could not be written there", errno), -1;
		f->line[i] = '\0';
		one_line(f, f->line + from);
		from = i + 1;
	}
	memmove(f->line, f->line + from, f->len - from);
	f->len -= from;
	return 0;
}

static void add(char *buf, size_t len, int *n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* fmt appended at buf + *n, cut at len (never past it). */
static void add(char *buf, size_t len, int *n, const char *fmt, ...)
{
	if (*n < 0 || (size_t)*n >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *n, len - (size_t)*n, fmt, ap);
	va_end(ap);
	*n = k < 0 ? *n : (size_t)(*n + k) >= len ? (int)len - 1 : *n + k;
}

/* "12.0 s  96512 samples  64 N  0.27162 ns/unit [0.27158, 0.27169]  overhead 25.3 ns" */
static void live_line(struct follow *f, char *buf, size_t len)
{
	struct lvstate_fit x;
	double el = (double)(now_ns() - f->start_ns) / 1e9;
	int n = snprintf(buf, len, "analyze --follow: %.1f s  %llu samples", el,
			 (unsigned long long)f->samples);
	/* a mean step lies between the tick and twice it, as analyze reads it */
	if (f->tick > 0 && f->tick_mean > 0 && !(f->tick_mean >= f->tick && f->tick_mean < 2 * f->tick))
		f->bad_header = 1;
	if (f->bad_header) {
		add(buf, len, &n, "  (a header value analyze refuses: no live numbers; the error at the end names it)");
		return;
	}
	if (f->restarted) {
		add(buf, len, &n, "  (at fell back to the stream's start: two streams? no live numbers; the error at the end names the line)");
		return;
	}
	if (f->samples == 0) {
		add(buf, len, &n, f->unfolded > 0
			 ? "  (timings that are no integers: no live line; the report at the end reads them)"
			 : "  (waiting for samples)");
		return;
	}
	f->lv.tick = live_tick(f);
	if (lvstate_fit(&f->lv, INTERVAL_REPLICATES, 1, &x) != 0 || !x.ok || !(x.slope > 0)) {
		add(buf, len, &n, "  %zu N  (no line yet: 3 N are needed)",
			 f->lv.points.count);
		return;
	}
	double unit_ns = f->unit_ns_given > 0 ? f->unit_ns_given : f->unit_ns;
	double k = unit_ns > 0 ? unit_ns : 1;
	const char *u = unit_ns > 0 ? "ns" : "clock units";
	add(buf, len, &n, "  %zu N  %.5g %s/unit [%.5g, %.5g]  overhead %.4g %s",
		      x.points, x.slope * k, u, x.iv.slope[0] * k, x.iv.slope[1] * k,
		      x.intercept * k, u);
	if (f->unfolded > 0)
		add(buf, len, &n, "  (%llu timings that are no integers left out)",
			      (unsigned long long)f->unfolded);
	if (x.drift)
		add(buf, len, &n, "  (drift: %+.2g%% between fifths)",
			      100 * x.drift_rel);
	if (x.glitches.kept)
		add(buf, len, &n, "  (a clock glitch kept: --keep-low)");
	else if (x.glitches.count > 0)
		add(buf, len, &n, "  (%zu clock glitch%s left out)",
			      x.glitches.count, x.glitches.count > 1 ? "es" : "");
	if (x.points < 8 || x.runs_min < 5 || !(x.rel_width <= 0.1))
		add(buf, len, &n, "  (%s)", x.points < 8 ? "fewer than 8 N"
			 : x.runs_min < 5 ? "fewer than 5 runs at some N" : "bounds wider than 10%");
}

static void report_live(struct follow *f, int quiet_file)
{
	char line[512];
	live_line(f, line, sizeof line);
	if (quiet_file) {
		size_t n = strlen(line);
		snprintf(line + n, sizeof line - n, "  (%s has not grown for %.0f s)", f->name,
			 (double)(now_ns() - f->grew_ns) / 1e9);
	}
	if (f->tty) {	/* one line, redrawn in place */
		int n = (int)strlen(line);
		fprintf(stderr, "\r%s%*s", line, f->drawn > n ? f->drawn - n : 0, "");
		f->drawn = n;
	} else
		fprintf(stderr, "%s\n", line);
	fflush(stderr);
}

/* A file followed is still the one whose bytes were read: no shorter, and
 * its first bytes the same (collect -o truncates a file at its first
 * sample and writes a new stream from its start: read on from the old
 * offset, the two would be spliced).  0, or -1 with msg set. */
static int same_file(struct follow *f, char *msg, size_t msg_len)
{
	struct stat st;
	char again[FOLLOW_HEAD];
	if (!f->regular)
		return 0;
	if (fstat(f->in, &st) == 0 && (uint64_t)st.st_size < f->offset) {
		snprintf(msg, msg_len, "%s: it shrank from %llu to %llu bytes while followed (a new collection into the same file?): what was read is not one stream; follow it again",
			 f->name, (unsigned long long)f->offset, (unsigned long long)st.st_size);
		return -1;
	}
	ssize_t k = f->head_len ? pread(f->in, again, f->head_len, 0) : 0;
	if (k < 0 || (size_t)k != f->head_len || memcmp(again, f->head, f->head_len) != 0) {
		snprintf(msg, msg_len, "%s: its first lines changed while followed (a new collection into the same file?): what was read is not one stream; follow it again",
			 f->name);
		return -1;
	}
	return 0;
}

/* Read until the stream ends (a pipe's end of file; a file's last line)
 * or a signal; live reports meanwhile. */
static int follow_loop(struct follow *f, char *msg, size_t msg_len)
{
	char *buf = malloc(FOLLOW_CHUNK);
	if (buf == NULL)
		return snprintf(msg, msg_len, "out of memory"), -1;
	int rc = 0;
	while (!follow_stop && !f->ended) {
		/* a pipe is waited on for a second at most, so that the live
		 * report goes on while the writer is quiet */
		struct pollfd pf = { .fd = f->in, .events = POLLIN };
		ssize_t k = 1;
		if (!f->regular && poll(&pf, 1, 1000) == 0)
			k = -2;	/* nothing yet */
		else
			k = read(f->in, buf, FOLLOW_CHUNK);
		uint64_t now = now_ns();
		if (k == -1 && errno == EINTR)
			continue;
		if (k == -1) {
			snprintf(msg, msg_len, "%s: %s", f->name, strerror(errno));
			rc = -1;
			break;
		}
		if (k == 0 && !f->regular)
			break;
		if (k > 0 && f->head_len < FOLLOW_HEAD) {
			size_t c = FOLLOW_HEAD - f->head_len < (size_t)k ? FOLLOW_HEAD - f->head_len
									 : (size_t)k;
			memcpy(f->head + f->head_len, buf, c);
			f->head_len += c;
		}
		f->offset += k > 0 ? (uint64_t)k : 0;
		if (k >= 0 && same_file(f, msg, msg_len) != 0) {
			rc = -1;
			break;
		}
		if (k > 0) {
			f->grew_ns = now;
			if (take(f, buf, (size_t)k, msg, msg_len) != 0) {
				rc = -1;
				break;
			}
		} else if (k == 0) {
			f->waited = 1;
			nanosleep(&(struct timespec){ 0, FOLLOW_WAIT_NS }, NULL);
		} else if (k == -2)
			f->waited = 1;
		if (now - f->last_ns >= FOLLOW_REPORT_NS) {
			f->last_ns = now;
			report_live(f, (double)(now - f->grew_ns) / 1e9 > FOLLOW_QUIET_S);
		}
	}
	/* after the last line: what is there already goes to the analysis
	 * too (a sample after it is refused there, as analyze refuses it:
	 * two streams run together), waiting on a pipe a moment at most */
	while (rc == 0 && f->ended && !follow_stop) {
		struct pollfd pf = { .fd = f->in, .events = POLLIN };
		if (!f->regular && poll(&pf, 1, FOLLOW_DRAIN_MS) <= 0)
			break;
		ssize_t k = read(f->in, buf, FOLLOW_CHUNK);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		if (take(f, buf, (size_t)k, msg, msg_len) != 0)
			rc = -1;
	}
	free(buf);
	if (f->tty && f->drawn)
		fprintf(stderr, "\n");
	/* a last line without its newline goes to the analysis as it is */
	if (rc == 0 && f->len > 0 && fd_write_all(f->spool, f->line, f->len) != 0) {
		copy_failed(msg, msg_len, "could not be written there", errno);
		rc = -1;
	}
	return rc;
}

int follow_input(struct analysis_settings *s, char *msg, size_t msg_len)
{
	const char *path = s->files && s->files[0] ? s->files[0] : "-";
	struct follow f = { .name = strcmp(path, "-") == 0 ? "stdin" : path,
			    .col_n = 0, .col_t = 1, .col_at = 2, .column = s->column ? s->column : "t" };
	if (strcmp(f.column, "t") != 0)
		f.col_t = -1;	/* found by name in "# columns:" */
	f.in = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK);
	if (f.in < 0)
		return snprintf(msg, msg_len, "%s: %s", path, strerror(errno)), -1;
	struct stat st;
	int known = fstat(f.in, &st) == 0;
	f.regular = known && S_ISREG(st.st_mode);
	if (known && S_ISDIR(st.st_mode)) {
		close(f.in);
		return snprintf(msg, msg_len, "%s: a directory, not a stream", f.name), -1;
	}
	if (f.in != STDIN_FILENO)	/* blocking reads from here on */
		fcntl(f.in, F_SETFL, fcntl(f.in, F_GETFL) & ~O_NONBLOCK);
	f.spool = tempfile_open("analyze-follow");
	if (f.spool < 0) {
		copy_failed(msg, msg_len, "cannot be created there", errno);
		if (f.in != STDIN_FILENO)
			close(f.in);
		return -1;
	}
	lvstate_init(&f.lv, 0);
	f.lv.keep_low = s->keep_low;
	f.tick_given = s->tick > 0 ? s->tick : 0;
	f.unit_ns_given = s->unit_ns > 0 ? s->unit_ns : 0;
	f.tty = isatty(STDERR_FILENO);
	f.start_ns = f.grew_ns = f.last_ns = now_ns();
	struct sigaction sa = { .sa_handler = on_stop }, old[FOLLOW_SIGNALS];
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < FOLLOW_SIGNALS; i++)
		if (sigaction(follow_signals[i], NULL, &old[i]) == 0 &&
		    (follow_signals[i] != SIGHUP || old[i].sa_handler != SIG_IGN))
			sigaction(follow_signals[i], &sa, NULL);
	int rc = follow_loop(&f, msg, msg_len);
	for (size_t i = 0; i < FOLLOW_SIGNALS; i++)
		sigaction(follow_signals[i], &old[i], NULL);
	if (follow_stop)
		fprintf(stderr, "analyze --follow: %s: stopped by a signal; the report of what was read\n",
			f.name);
	else if (rc == 0 && f.regular && f.ended && !f.waited)
		fprintf(stderr, "analyze --follow: %s was whole when opened (its last line was there): the report is of that stream, which collect -o keeps until its own first sample when it writes the file again\n",
			f.name);
	lvstate_free(&f.lv);
	free(f.line);
	if (f.in != STDIN_FILENO)
		close(f.in);
	/* the copy becomes stdin, named as the file followed */
	if (rc == 0 && (lseek(f.spool, 0, SEEK_SET) != 0 || dup2(f.spool, STDIN_FILENO) < 0)) {
		copy_failed(msg, msg_len, "cannot be read back", errno);
		rc = -1;
	}
	close(f.spool);
	if (rc != 0)
		return -1;
	clearerr(stdin);
	static char *const stdin_only[] = { "-", NULL };
	s->files = (char **)stdin_only;
	s->stdin_name = strcmp(path, "-") == 0 ? NULL : path;
	return 0;
}
