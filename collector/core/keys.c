/*
 * keys.c - clock and machine header keys (keys.h).
 */
#include "keys.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

void keys_u64(struct stream_writer *w, const char *key, uint64_t v)
{
	char s[32];
	snprintf(s, sizeof s, "%llu", (unsigned long long)v);
	stream_header(w, key, s);
}

void keys_double(struct stream_writer *w, const char *key, double v)
{
	char s[40];
	snprintf(s, sizeof s, "%.12g", v);
	stream_header(w, key, s);
}

void keys_begin(struct stream_writer *w, const struct clock_setup *setup,
		const struct calibration *cal)
{
	stream_linef(w, "# subtick 1");
	stream_header(w, "clock", setup->source->name);
	keys_u64(w, "tick", cal->tick);
	keys_double(w, "unit_ns", cal->unit_ns);
	keys_u64(w, "overhead", cal->overhead);
}

void keys_machine(struct stream_writer *w, int cpu)
{
	char host[256] = "unknown", date[32];
	if (gethostname(host, sizeof host) != 0)
		snprintf(host, sizeof host, "unknown");
	host[sizeof host - 1] = '\0';
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (cpu >= 0)
		keys_u64(w, "cpu", (uint64_t)cpu);
	else
		stream_header(w, "cpu", "none (not pinned)");
	stream_header(w, "host", host);
	stream_header(w, "date", date);
}

void keys_clock(struct stream_writer *w, const struct clock_setup *setup,
		const struct calibration *cal, double timer_period_ns)
{
	keys_double(w, "unit_ns_rel_error", cal->unit_ns_rel_error);
	keys_u64(w, "coarsen", setup->coarsen_bits);
	keys_u64(w, "native_tick", cal->native_tick);
	stream_header(w, "tick_method", cal->tick_method);
	if (cal->mean_step > 0)
		keys_double(w, "tick_mean", cal->mean_step);
	if (!cal->getres_agrees)
		stream_header(w, "getres_agrees", "no");
	if (cal->claimed_res_ns > 0)
		keys_double(w, "claimed_resolution_ns", cal->claimed_res_ns);
	else
		stream_header(w, "claimed_resolution_ns", "none");
	keys_double(w, "read_ns", cal->read_ns);
	keys_double(w, "timer_period_ns", timer_period_ns);
}
