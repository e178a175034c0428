/*
 * trace.c - the reading loop and its stream (trace.h).
 */
#include "trace.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calibrate.h"
#include "clock.h"
#include "conditions.h"
#include "kcounters.h"
#include "keys.h"
#include "outpath.h"
#include "stopsignals.h"
#include "stream.h"
#include "version.h"

/* Reads timed to find the loop's read interval. */
enum { INTERVAL_READS = 1 << 16 };

struct gap {
	uint64_t start, length;	/* clock units since the first reading */
};

struct trace {
	const struct collect_options *opt;
	const struct clock_source *clock;
	struct clock_setup setup;
	struct calibration cal;
	struct conditions cond;
	uint64_t interval, threshold;	/* clock units */
	struct gap *gap;
	size_t gaps, cap;
	uint64_t reads, span;
	const char *stop_reason;
	struct kcounters before, after;
};

static int fail(const struct trace *t, int status, const char *msg)
{
	fprintf(stderr, "%s: --trace: %s\n", t->opt->prog, msg);
	return status;
}

static int by_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* The loop's median read interval (the same loop, nothing kept). */
static uint64_t read_interval(const struct clock_source *c)
{
	uint64_t *d = malloc(INTERVAL_READS * sizeof *d), prev, m;
	uint32_t cpu;
	if (d == NULL)
		return 1;
	prev = clock_read(c, &cpu);
	for (size_t i = 0; i < INTERVAL_READS; i++) {
		uint64_t now = clock_read(c, &cpu);
		d[i] = now - prev;
		prev = now;
	}
	qsort(d, INTERVAL_READS, sizeof *d, by_u64);
	m = d[INTERVAL_READS / 2];
	free(d);
	return m > 0 ? m : 1;
}

/* Clock, pinning, priority, calibration, the threshold. */
static int prepare(struct trace *t)
{
	char err[512];
	const struct clock_source *c = clock_find(t->opt->clock);
	if (c == NULL || !clock_available(c, &t->clock, err, sizeof err))
		return fail(t, 2, "the clock is not available on this machine");
	if (t->opt->coarsen_bits || t->opt->also_clock)
		return fail(t, 2, "reads one clock as it is (no --coarsen, --also-clock)");
	if (conditions_pin(t->opt->cpu, &t->cond, err, sizeof err) != 0)
		return fail(t, 2, err);
	if (t->opt->raise_priority)
		conditions_raise_priority(&t->cond);
	else
		snprintf(t->cond.priority, sizeof t->cond.priority, "not raised (--no-priority)");
	conditions_check(&t->cond, t->clock, t->opt->prog, stderr);
	if (calibrate_clock(t->clock, 0, &t->setup, &t->cal) != 0)
		return fail(t, 1, "the clock did not advance within 0.3 s");
	t->interval = read_interval(t->clock);
	t->threshold = TRACE_THRESHOLD_READS * t->interval;
	if (t->threshold < t->cal.tick)
		t->threshold = t->cal.tick;
	/* room for 100000 gaps a second (16 bytes each), up to 64 MiB */
	double want = t->opt->trace_s * 1e5 + 65536;
	t->cap = want < (double)(1u << 22) ? (size_t)want : (size_t)1 << 22;
	t->gap = malloc(t->cap * sizeof *t->gap);
	return t->gap ? 0 : fail(t, 1, "out of memory");
}

/* The loop: every gap longer than the threshold, until the time is up, a
 * signal, or the buffer is full. */
static void loop(struct trace *t, const volatile sig_atomic_t *stop)
{
	uint32_t cpu;
	const struct clock_source *c = t->clock;
	uint64_t len = (uint64_t)(t->opt->trace_s * 1e9 / t->cal.unit_ns);
	uint64_t first = clock_read(c, &cpu), prev = first, reads = 0, now = first;
	t->stop_reason = "time";
	for (;;) {
		now = clock_read(c, &cpu);
		reads++;
		if (now - prev > t->threshold) {
			if (t->gaps == t->cap) {
				t->stop_reason = "full";
				break;
			}
			t->gap[t->gaps++] = (struct gap){ prev - first, now - prev };
		}
		prev = now;
		if (now - first >= len)
			break;
		if (*stop) {
			t->stop_reason = "signal";
			break;
		}
	}
	t->reads = reads;
	t->span = now - first;
}

static void header(struct trace *t, struct stream_writer *w)
{
	char buf[256];
	keys_begin(w, &t->setup, &t->cal);
	stream_header(w, "stream", "trace");
	stream_header(w, "kernel", "trace");
	keys_machine(w, t->cond.cpu);
	keys_clock(w, &t->setup, &t->cal, calibrate_timer_period_ns());
	stream_header(w, "priority", t->cond.priority);
	stream_header(w, "tsc_invariant", t->cond.tsc_invariant);
	stream_header(w, "governor", t->cond.governor);
	keys_double(w, "trace_seconds", t->opt->trace_s);
	keys_u64(w, "trace_read_interval", t->interval);
	keys_u64(w, "trace_threshold", t->threshold);
	kcounters_format(&t->before, buf, sizeof buf);
	stream_header(w, "counters_start", buf);
	snprintf(buf, sizeof buf, "collect %s", build_version);
	stream_header(w, "generator", buf);
	stream_header(w, "columns", "start length");
}

/* The whole stream, once the trace is over.  Returns 0, or 1 after a
 * message when the output failed. */
static int write_trace(struct trace *t, int fd, int sig)
{
	struct stream_writer *w = malloc(sizeof *w);
	char buf[256];
	if (w == NULL)
		return fail(t, 1, "out of memory");
	stream_init(w, fd);
	header(t, w);
	for (size_t i = 0; i < t->gaps; i++) {
		uint64_t f[2] = { t->gap[i].start, t->gap[i].length };
		stream_sample(w, f, 2);
	}
	kcounters_format(&t->after, buf, sizeof buf);
	stream_header(w, "counters_end", buf);
	stream_linef(w, "# %s: %s%s%sgaps=%zu reads=%llu seconds=%.6f stop=%s",
		     sig ? "interrupted" : "done", sig ? "signal=" : "",
		     sig ? stop_signal_name(sig) : "", sig ? " " : "",
		     t->gaps, (unsigned long long)t->reads,
		     (double)t->span * t->cal.unit_ns * 1e-9, t->stop_reason);
	stream_flush(w);
	int e = w->error;
	free(w);
	if (e != 0 && e != EPIPE) {
		fprintf(stderr, "%s: %s: %s\n", t->opt->prog,
			t->opt->output ? t->opt->output : "stdout", strerror(e));
		return 1;
	}
	return 0;
}

int trace_run(const struct collect_options *opt, const volatile sig_atomic_t *stop)
{
	struct trace t = { .opt = opt };
	const char *out = opt->output && strcmp(opt->output, "-") != 0 ? opt->output : NULL;
	char tmp[PATH_MAX], why[200];
	mode_t mode = 0;
	/* -o FILE: written beside it and renamed over it once whole (after a
	 * stop signal too): an old FILE is kept until then, and kept if the
	 * trace is never written (kill -9) */
	int fd = STDOUT_FILENO, rc = prepare(&t);
	if (rc == 0 && out != NULL &&
	    (fd = outpath_temp(out, NULL, tmp, sizeof tmp, &mode, why, sizeof why)) < 0) {
		fprintf(stderr, "%s: %s: %s\n", opt->prog, out, why);
		rc = 1;
	}
	if (rc == 0) {
		kcounters_read(t.cond.cpu, &t.before);
		loop(&t, stop);
		kcounters_read(t.cond.cpu, &t.after);
		int sig = strcmp(t.stop_reason, "signal") == 0 ? (int)*stop : 0;
		rc = write_trace(&t, fd, sig);
		if (rc == 0 && strcmp(t.stop_reason, "full") == 0)
			fprintf(stderr, "%s: --trace: the buffer of %zu gaps filled after %.3g s: the trace ends there\n",
				opt->prog, t.cap, (double)t.span * t.cal.unit_ns * 1e-9);
		if (rc == 0 && sig)
			rc = 128 + sig;
	}
	if (out != NULL && fd >= 0) {
		int whole = rc == 0 || rc > 128;	/* written, stopped or not */
		if (close(fd) != 0 && whole)
			rc = fail(&t, 1, strerror(errno)), whole = 0;
		if (!whole)
			unlink(tmp);
		else if (outpath_commit(tmp, out, mode) != 0)
			rc = fail(&t, 1, errno == EEXIST
				  ? "the output is no longer a regular file: not replaced"
				  : strerror(errno));
	}
	free(t.gap);
	return rc;
}
