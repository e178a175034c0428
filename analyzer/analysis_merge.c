/*
 * analysis_merge.c - the headers of the files read made one: the first
 * file's kept, each later one's checked against it (analysis_merge.h).
 */
#include "analysis_merge.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What makes two files one measurement: the same kernel, clock,
 * coarsening and columns.  "" if they agree, else which differs. */
static const char *differs(const struct input_meta *m, const struct input_meta *f,
			   const char **a, const char **b)
{
	static const char *const names[] = { "kernel", "clock", "coarsen", "columns",
					     "interleave_side" };
	/* A and B of one interleaved collection overlap in time; A of one
	 * and A of another (or a lone stream) may pool like any others */
	int pair = m->side[0] && f->side[0] && strcmp(m->interleaved, f->interleaved) == 0;
	const char *x[] = { m->kernel, m->clock, m->coarsen, m->columns, pair ? m->side : "" };
	const char *y[] = { f->kernel, f->clock, f->coarsen, f->columns, pair ? f->side : "" };
	for (int i = 0; i < 5; i++)
		if (strcmp(x[i], y[i]) != 0) {
			*a = x[i];
			*b = y[i];
			return names[i];
		}
	return "";
}

/* An activity trace's keys, and the kernel's counters, of the first input. */
static void first_counters(struct analysis *a, const struct input_meta *m)
{
	a->trace = strcmp(m->stream_kind, "trace") == 0;
	snprintf(a->trace_read_interval, sizeof a->trace_read_interval, "%s",
		 m->trace_read_interval);
	snprintf(a->trace_threshold, sizeof a->trace_threshold, "%s", m->trace_threshold);
	const char *sec = strstr(m->last_line, "seconds=");
	a->last_seconds = sec ? atof(sec + 8) : 0;
	counted_parse(m->counters_start, m->counters_end, &a->counted);
	a->timer_period_ns = m->timer_period_ns;	/* checked as read */
}

int analysis_merge_meta(struct analysis *a, const struct input_meta *m,
		       struct input_meta *first, struct input_error *err)
{
	if (a->files == 1) {
		*first = *m;
		snprintf(a->first_file, sizeof a->first_file, "%s", a->where.file);
		snprintf(a->clock, sizeof a->clock, "%s", m->clock);
		snprintf(a->kernel, sizeof a->kernel, "%s", m->kernel);
		snprintf(a->host, sizeof a->host, "%s", m->host);
		snprintf(a->date, sizeof a->date, "%s", m->date);
		snprintf(a->governor, sizeof a->governor, "%s", m->governor);
		snprintf(a->cpu, sizeof a->cpu, "%s", m->cpu);
		snprintf(a->per, sizeof a->per, "%s", a->opt->per ? a->opt->per : m->per);
		snprintf(a->message, sizeof a->message, "%s", m->message);
		snprintf(a->interleaved, sizeof a->interleaved, "%s", m->interleaved);
		memcpy(a->in_turn, m->in_turn, sizeof a->in_turn);
		a->complete = m->finished;
		a->files_bare = !m->stream;
		first_counters(a, m);
	} else {
		if (a->trace || strcmp(m->stream_kind, "trace") == 0)
			return analysis_fail(err, &a->where, "an activity trace is analyzed alone (one file)");
		/* bare columns say nothing of kernel or clock: the tick decides */
		const char *mine = "", *theirs = "";
		const char *what = m->stream && first->stream
					   ? differs(m, first, &mine, &theirs) : "";
		if (*what && !a->opt->merge)
			return analysis_fail(err, &a->where, "%s '%s' differs from '%s' in %s: these are different measurements; analyze them apart (or --merge to pool them anyway)",
				    what, mine, theirs, a->first_file);
		if (*what)
			snprintf(a->merged, sizeof a->merged, "%s '%s' in %s, '%s' in %s",
				 what, theirs, a->first_file, mine, a->where.file);
		/* concurrent collections on other CPUs, or other machines */
		int other_host = strcmp(m->host, first->host) != 0;
		if (!a->pooled[0] && m->stream && first->stream &&
		    (other_host || strcmp(m->rank, first->rank) != 0))
			snprintf(a->pooled, sizeof a->pooled, "%s '%.80s' in %.180s, '%.80s' in %.180s",
				 other_host ? "host" : "rank",
				 other_host ? first->host : first->rank, a->first_file,
				 other_host ? m->host : m->rank, a->where.file);
		if (m->has_tick != first->has_tick && !(a->opt->tick > 0))
			return analysis_fail(err, &a->where, "%s has no tick but %s has one (%llu in clock units): give --tick %llu to read them together, or analyze them apart",
				    m->has_tick ? a->first_file : a->where.file,
				    m->has_tick ? a->where.file : a->first_file,
				    (unsigned long long)(m->has_tick ? m->tick : first->tick),
				    (unsigned long long)(m->has_tick ? m->tick : first->tick));
		if (m->has_tick && m->tick != first->tick)
			return analysis_fail(err, &a->where, "tick %llu differs from the tick %llu of %s (in clock units): these streams come from different clocks",
				    (unsigned long long)m->tick, (unsigned long long)first->tick,
				    a->first_file);
		/* uneven steps in any of them: the band takes the largest
		 * mean step (an older stream without it pools as it is) */
		if (m->tick_mean > first->tick_mean)
			first->tick_mean = m->tick_mean;
		if (m->has_unit_ns && first->has_unit_ns &&
		    fabs(m->unit_ns / first->unit_ns - 1) > 1e-3)
			return analysis_fail(err, &a->where, "unit_ns %.9g differs from the first file's %.9g",
				    m->unit_ns, first->unit_ns);
		a->complete &= m->finished;
		a->interleaved[0] = '\0';	/* several collections: no one partner */
		a->counted.have = 0;	/* several collections: counters of none */
	}
	a->interrupted |= m->interrupted;
	a->check_failed |= m->check_failed;
	if (m->kbest_stop) {
		a->kbest_stop = 1;
		a->kbest_eps = m->kbest_eps > a->kbest_eps ? m->kbest_eps : a->kbest_eps;
	}
	if (m->stream && !m->finished && !m->interrupted && !a->cut_file[0])
		snprintf(a->cut_file, sizeof a->cut_file, "%s", a->where.file);
	if (m->means) {	/* the fewest and most iterations of all the means */
		if (m->mean_of[0] == 0 || (a->means && a->mean_of[0] == 0)) {
			a->mean_of[0] = a->mean_of[1] = 0;	/* not said of some */
		} else if (!a->means) {
			a->mean_of[0] = m->mean_of[0];
			a->mean_of[1] = m->mean_of[1];
		} else {
			a->mean_of[0] = m->mean_of[0] < a->mean_of[0] ? m->mean_of[0] : a->mean_of[0];
			a->mean_of[1] = m->mean_of[1] > a->mean_of[1] ? m->mean_of[1] : a->mean_of[1];
		}
		a->means = 1;
	}
	if (m->failed > 0 && a->failed == 0)
		snprintf(a->failed_what, sizeof a->failed_what, "%s", m->failed_what);
	a->failed += m->failed;
	if (m->unterminated)
		snprintf(a->unterminated_file, sizeof a->unterminated_file, "%s",
			 a->where.file);
	return 0;
}
