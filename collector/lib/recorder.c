/*
 * recorder.c - the in-program recorder of libsubtick (subtick/subtick.h),
 * after Magazinovic's StopWatch: calibrate once, read the clock serialized
 * around the region, keep the samples in memory, write the stream.
 */
#include "subtick/subtick.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calibrate.h"
#include "clock.h"
#include "conditions.h"
#include "keys.h"
#include "stream.h"
#include "version.h"

enum { RECORDER_CAPACITY = 65536 };

struct sample3 {
	uint64_t n, t, at;
};

struct subtick_recorder {
	struct clock_setup setup;
	struct calibration cal;
	int reports_cpu;	/* the clock tells the CPU of each reading */
	uint32_t start_cpu;	/* the CPU of the last start reading */
	uint64_t first_start;
	int have_first;
	struct sample3 *buf;
	size_t len, cap;
	uint64_t samples, migrations, backsteps, flushes;
	int fd;
	struct stream_writer *w;
};

void subtick_options_init(struct subtick_options *opt)
{
	*opt = (struct subtick_options){ NULL, 0, RECORDER_CAPACITY, -1, 0, NULL };
}

/* The clock called name (NULL: the default), resolved to a readable
 * variant.  NULL with errno EINVAL when there is none. */
static const struct clock_source *find_clock(const char *name)
{
	char why[128];
	const struct clock_source *c = clock_find(name ? name : clock_default_name());
	const struct clock_source *resolved = NULL;
	if (c == NULL || !clock_available(c, &resolved, why, sizeof why)) {
		errno = EINVAL;
		return NULL;
	}
	return resolved;
}

int subtick_clock_info(const char *clock, unsigned coarsen_bits,
		       struct subtick_clock_info *out)
{
	struct clock_setup setup;
	struct calibration cal;
	const struct clock_source *c = find_clock(clock);
	if (c == NULL || coarsen_bits > CALIBRATE_COARSEN_MAX ||
	    calibrate_clock(c, coarsen_bits, &setup, &cal) != 0) {
		errno = EINVAL;
		return -1;
	}
	*out = (struct subtick_clock_info){ "", cal.tick, cal.unit_ns,
					    cal.overhead, cal.read_ns };
	snprintf(out->clock, sizeof out->clock, "%s", c->name);
	return 0;
}

/* Keys of subtick_options: [a-z0-9_]+, each with a value. */
static int keys_valid(const char *const *keys)
{
	for (const char *const *k = keys; k && k[0]; k += 2) {
		if (k[1] == NULL || k[0][0] == '\0')
			return 0;
		for (const char *c = k[0]; *c; c++)
			if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
				return 0;
	}
	return 1;
}

/* The header: the keys collect writes, with the recorder's own values. */
static void write_header(subtick_recorder *r, const char *label,
			 const struct conditions *cond, const char *pinned,
			 const char *const *keys)
{
	char gen[96];
	keys_begin(r->w, &r->setup, &r->cal);
	stream_header(r->w, "kernel", label && *label ? label : "region");
	keys_machine(r->w, pinned ? cond->cpu : -1);
	keys_clock(r->w, &r->setup, &r->cal, calibrate_timer_period_ns());
	stream_header(r->w, "priority", cond->priority);
	stream_header(r->w, "cpu_check", r->reports_cpu ? "TSC_AUX (agrees with sched_getcpu)"
							: "sched_getcpu");
	stream_header(r->w, "pinning", pinned ? pinned : "none (a library leaves the thread where it is)");
	stream_header(r->w, "tsc_invariant", cond->tsc_invariant);
	stream_header(r->w, "governor", cond->governor);
	stream_header(r->w, "plan", "the program's own (libsubtick recorder)");
	stream_header(r->w, "points", "unknown (the program's)");
	stream_header(r->w, "max_n_reason", "the program's");
	stream_header(r->w, "runs", "0");
	stream_header(r->w, "budget_s", "0");
	stream_header(r->w, "seed", "0");
	for (const char *const *k = keys; k && k[0] && k[1]; k += 2)
		stream_header(r->w, k[0], k[1]);
	snprintf(gen, sizeof gen, "libsubtick %s", subtick_version);
	stream_header(r->w, "generator", gen);
	stream_header(r->w, "columns", "n t at");
}

/* Pinning and priority, only when asked; say what was done. */
static int conditions_for(const struct subtick_options *o,
			  const struct clock_source *c, struct conditions *cond,
			  char *pinned, size_t len)
{
	char err[256];
	memset(cond, 0, sizeof *cond);
	cond->cpu = -1;
	if (o->cpu >= 0) {
		if (conditions_pin(o->cpu, cond, err, sizeof err) != 0)
			return -1;
		snprintf(pinned, len, "CPU %d (subtick_options.cpu)", o->cpu);
	}
	if (o->raise_priority)
		conditions_raise_priority(cond);
	else
		snprintf(cond->priority, sizeof cond->priority,
			 "not raised (a library leaves it; subtick_options.raise_priority)");
	conditions_check(cond, c, NULL, NULL);
	return 0;
}

static subtick_recorder *open_checked(const char *path, const char *label,
				      const struct subtick_options *o)
{
	const struct clock_source *c = find_clock(o->clock);
	if (c == NULL || o->coarsen_bits > CALIBRATE_COARSEN_MAX) {
		errno = EINVAL;
		return NULL;
	}
	subtick_recorder *r = calloc(1, sizeof *r);
	if (r == NULL)
		return NULL;
	r->cap = o->capacity ? o->capacity : RECORDER_CAPACITY;
	r->buf = malloc(r->cap * sizeof *r->buf);
	r->w = malloc(sizeof *r->w);
	r->fd = -1;
	struct conditions cond;
	char pinned[64] = "";
	if (r->buf == NULL || r->w == NULL ||
	    conditions_for(o, c, &cond, pinned, sizeof pinned) != 0 ||
	    calibrate_clock(c, o->coarsen_bits, &r->setup, &r->cal) != 0) {
		int e = r->buf && r->w ? EINVAL : ENOMEM;
		free(r->buf), free(r->w), free(r);
		errno = e;
		return NULL;
	}
	uint32_t reported;
	int actual;
	r->reports_cpu = clock_reports_cpu(c) && clock_cpu_report_agrees(c, &reported, &actual);
	if (clock_reports_cpu(c) && !r->reports_cpu)
		r->setup.source = clock_without_cpu_report(c);
	r->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (r->fd < 0) {
		int e = errno;
		free(r->buf), free(r->w), free(r);
		errno = e;
		return NULL;
	}
	stream_init(r->w, r->fd);
	write_header(r, label, &cond, pinned[0] ? pinned : NULL, o->keys);
	stream_flush(r->w);
	return r;
}

subtick_recorder *subtick_open(const char *path, const char *label,
			       const struct subtick_options *opt)
{
	struct subtick_options o;
	if (opt == NULL) {
		subtick_options_init(&o);
		opt = &o;
	}
	if (path == NULL || *path == '\0' || !keys_valid(opt->keys)) {
		errno = EINVAL;
		return NULL;
	}
	return open_checked(path, label, opt);
}

uint64_t subtick_start(subtick_recorder *r)
{
	/* Where the clock does not tell the CPU, ask before the reading, not
	 * inside the region it starts. */
	uint32_t cpu = r->reports_cpu ? 0 : (uint32_t)clock_current_cpu();
	uint32_t reported;
	uint64_t t = clock_read(r->setup.source, &reported);
	r->start_cpu = r->reports_cpu ? reported : cpu;
	return clock_coarsen(t, r->setup.quantum);
}

/* Hand the buffered samples to the stream writer, outside any region. */
static void flush_samples(subtick_recorder *r)
{
	for (size_t i = 0; i < r->len; i++) {
		const uint64_t f[3] = { r->buf[i].n, r->buf[i].t, r->buf[i].at };
		stream_sample(r->w, f, 3);
	}
	r->len = 0;
	r->flushes++;
	stream_flush(r->w);
}

void subtick_stop(subtick_recorder *r, uint64_t n, uint64_t t0)
{
	uint32_t cpu;
	uint64_t end = clock_coarsen(clock_read(r->setup.source, &cpu), r->setup.quantum);
	if (!r->reports_cpu)
		cpu = (uint32_t)clock_current_cpu();
	if (end < t0) {
		r->backsteps++;
		return;
	}
	if (cpu != r->start_cpu) {
		r->migrations++;
		return;
	}
	if (!r->have_first) {
		r->first_start = t0;
		r->have_first = 1;
	}
	r->buf[r->len++] = (struct sample3){ n, end - t0, t0 - r->first_start };
	r->samples++;
	if (r->len == r->cap)
		flush_samples(r);
}

uint64_t subtick_samples(const subtick_recorder *r)
{
	return r->samples;
}

uint64_t subtick_dropped(const subtick_recorder *r)
{
	return r->migrations + r->backsteps;
}

int subtick_close(subtick_recorder *r)
{
	if (r == NULL) {
		errno = EINVAL;
		return -1;
	}
	flush_samples(r);
	stream_linef(r->w,
		     "# done: samples=%llu dropped=%llu migrations=%llu backsteps=%llu writes=%llu stop=close",
		     (unsigned long long)r->samples,
		     (unsigned long long)(r->migrations + r->backsteps),
		     (unsigned long long)r->migrations,
		     (unsigned long long)r->backsteps,
		     (unsigned long long)r->flushes);
	stream_flush(r->w);
	int e = r->w->error;
	if (close(r->fd) != 0 && e == 0)
		e = errno;
	free(r->buf), free(r->w), free(r);
	if (e != 0) {
		errno = e;
		return -1;
	}
	return 0;
}
