/*
 * header.c - "# key: value" lines; the keys are listed in data/FORMAT.md.
 */
#include "header.h"

#include "kcounters.h"
#include "keys.h"
#include "stopsignals.h"
#include "version.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>


/* The keys every reader needs (design.md), and the clock's. */
static void required_keys(struct stream_writer *w, const struct collect_run *r)
{
	keys_begin(w, r->clock, r->cal);
	stream_header(w, "kernel", r->kernel->name);
	if (r->kernel->per != NULL)
		stream_header(w, "per", r->kernel->per);
	if (r->kernel->arg != NULL)
		stream_header(w, "kernel_arg", r->kernel->arg);
	keys_machine(w, r->cond->cpu);
}

int header_write(struct stream_writer *w, const struct collect_run *r)
{
	required_keys(w, r);
	keys_clock(w, r->clock, r->cal, r->timer_period_ns);
	stream_header(w, "priority", r->cond->priority);
	stream_header(w, "cpu_check", r->cpu_check);
	stream_header(w, "tsc_invariant", r->cond->tsc_invariant);
	stream_header(w, "governor", r->cond->governor);
	stream_header(w, "plan", r->plan);
	keys_u64(w, "points", r->points);
	stream_header(w, "max_n_reason", r->max_n_reason);
	keys_u64(w, "runs", r->runs);
	keys_double(w, "budget_s", r->budget_s);
	if (r->until > 0)
		keys_double(w, "until", r->until);
	if (r->kbest_k > 0) {
		char kb[64];
		snprintf(kb, sizeof kb, "%u %.17g", r->kbest_k, r->kbest_eps);
		stream_header(w, "kbest", kb);
	}
	keys_u64(w, "seed", r->seed);
	if (r->checked != NULL && r->checked[0] != '\0')
		stream_header(w, "checked", r->checked);
	for (const char *const *k = r->extra_keys; k && k[0] && k[1]; k += 2)
		stream_header(w, k[0], k[1]);
	/* what the kernel counts on the CPU, now and at the end (kcounters.h) */
	struct kcounters kc;
	char counted[256];
	kcounters_read(r->cond->cpu, &kc);
	kcounters_format(&kc, counted, sizeof counted);
	stream_header(w, "counters_start", counted);
	char gen[128];
	snprintf(gen, sizeof gen, "collect %s", build_version);
	stream_header(w, "generator", gen);
	if (r->kernel->column_keys != NULL)
		r->kernel->column_keys(r->kernel->fixed_ctx, w);
	char columns[1024];
	snprintf(columns, sizeof columns, "n t at%s%s%s",
		 r->clock2 ? " t2" : "", r->kernel->column_names ? " " : "",
		 r->kernel->column_names ? r->kernel->column_names : "");
	if (r->clock2 != NULL) {
		/* the second clock's keys: those of t with the suffix 2 */
		stream_header(w, "clock2", r->clock2->source->name);
		keys_u64(w, "tick2", r->cal2->tick);
		if (r->cal2->mean_step > 0)
			keys_double(w, "tick_mean2", r->cal2->mean_step);
		keys_double(w, "unit_ns2", r->cal2->unit_ns);
		keys_double(w, "unit_ns2_rel_error", r->cal2->unit_ns_rel_error);
		keys_u64(w, "overhead2", r->cal2->overhead);
	}
	return stream_header(w, "columns", columns);
}

int trailer_write(struct stream_writer *w, const struct sampler_result *r,
		  int signal)
{
	struct kcounters kc;
	char counted[256], sig[24] = "", timeouts[40] = "", precision[40] = "";
	kcounters_read(-1, &kc);	/* pinned: the CPU we are on */
	kcounters_format(&kc, counted, sizeof counted);
	stream_header(w, "counters_end", counted);
	if (signal)
		snprintf(sig, sizeof sig, "signal=%s ", stop_signal_name(signal));
	if (isfinite(r->precision))
		snprintf(precision, sizeof precision, " precision=%.3g", r->precision);
	if (r->dropped_timeout)
		snprintf(timeouts, sizeof timeouts, " timeouts=%llu",
			 (unsigned long long)r->dropped_timeout);
	return stream_linef(w,
		"# %s: %ssamples=%llu dropped=%llu migrations=%llu backsteps=%llu%s sweeps=%llu seconds=%.3f duty=%.3f stop=%s%s",
		signal ? "interrupted" : "done", sig,
		(unsigned long long)r->samples,
		(unsigned long long)(r->dropped_migration + r->dropped_signal +
				     r->dropped_backstep + r->dropped_timeout),
		(unsigned long long)r->dropped_migration,
		(unsigned long long)r->dropped_backstep, timeouts,
		(unsigned long long)r->sweeps, r->seconds, r->duty,
		sampler_stop_name(r->stop), precision);
}
