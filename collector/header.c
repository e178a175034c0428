/*
 * header.c - "# key: value" lines; the keys are listed in data/FORMAT.md.
 */
#include "header.h"
#include "version.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>


static int key_u64(struct stream_writer *w, const char *key, uint64_t v)
{
	char s[32];
	snprintf(s, sizeof s, "%llu", (unsigned long long)v);
	return stream_header(w, key, s);
}

static int key_double(struct stream_writer *w, const char *key, double v)
{
	char s[40];
	snprintf(s, sizeof s, "%.12g", v);
	return stream_header(w, key, s);
}

static void utc_now(char *out, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(out, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The keys every reader needs (design.md). */
static void required_keys(struct stream_writer *w, const struct collect_run *r)
{
	char host[256] = "unknown", date[32];
	if (gethostname(host, sizeof host) != 0)
		snprintf(host, sizeof host, "unknown");
	host[sizeof host - 1] = '\0';
	utc_now(date, sizeof date);

	stream_linef(w, "# subtick 1");
	stream_header(w, "clock", r->clock->source->name);
	key_u64(w, "tick", r->cal->tick);
	key_double(w, "unit_ns", r->cal->unit_ns);
	key_u64(w, "overhead", r->cal->overhead);
	stream_header(w, "kernel", r->kernel->name);
	key_u64(w, "cpu", (uint64_t)r->cond->cpu);
	stream_header(w, "host", host);
	stream_header(w, "date", date);
}

int header_write(struct stream_writer *w, const struct collect_run *r)
{
	required_keys(w, r);
	key_double(w, "unit_ns_rel_error", r->cal->unit_ns_rel_error);
	key_u64(w, "coarsen", r->clock->coarsen_bits);
	key_u64(w, "native_tick", r->cal->native_tick);
	stream_header(w, "tick_method", r->cal->tick_method);
	if (!r->cal->getres_agrees)
		stream_header(w, "getres_agrees", "no");
	if (r->cal->claimed_res_ns > 0)
		key_double(w, "claimed_resolution_ns", r->cal->claimed_res_ns);
	else
		stream_header(w, "claimed_resolution_ns", "none");
	key_double(w, "read_ns", r->cal->read_ns);
	key_double(w, "timer_period_ns", r->timer_period_ns);
	stream_header(w, "priority", r->cond->priority);
	stream_header(w, "cpu_check", r->cpu_check);
	stream_header(w, "tsc_invariant", r->cond->tsc_invariant);
	stream_header(w, "governor", r->cond->governor);
	stream_header(w, "plan", r->plan);
	key_u64(w, "points", r->points);
	stream_header(w, "max_n_reason", r->max_n_reason);
	key_u64(w, "runs", r->runs);
	key_double(w, "budget_s", r->budget_s);
	key_u64(w, "seed", r->seed);
	char gen[128];
	snprintf(gen, sizeof gen, "collect %s", subtick_version);
	stream_header(w, "generator", gen);
	if (r->clock2 == NULL)
		return stream_header(w, "columns", "n t at");
	/* the second clock's keys: those of t with the suffix 2 */
	stream_header(w, "clock2", r->clock2->source->name);
	key_u64(w, "tick2", r->cal2->tick);
	key_double(w, "unit_ns2", r->cal2->unit_ns);
	key_double(w, "unit_ns2_rel_error", r->cal2->unit_ns_rel_error);
	key_u64(w, "overhead2", r->cal2->overhead);
	return stream_header(w, "columns", "n t at t2");
}

int trailer_write(struct stream_writer *w, const struct sampler_result *r,
		  int signal)
{
	char sig[16] = "";
	if (signal)
		snprintf(sig, sizeof sig, "signal=%s ",
			 signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "other");
	return stream_linef(w,
		"# %s: %ssamples=%llu dropped=%llu migrations=%llu backsteps=%llu sweeps=%llu seconds=%.3f duty=%.3f stop=%s",
		signal ? "interrupted" : "done", sig,
		(unsigned long long)r->samples,
		(unsigned long long)(r->dropped_migration + r->dropped_signal +
				     r->dropped_backstep),
		(unsigned long long)r->dropped_migration,
		(unsigned long long)r->dropped_backstep,
		(unsigned long long)r->sweeps, r->seconds, r->duty,
		sampler_stop_name(r->stop));
}
