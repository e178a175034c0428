/*
 * report_sources.c - sources of interruptions for people and programs
 * (report_sources.h).
 */
#include "report_sources.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "period.h"
#include "report.h"
#include "units.h"

double source_per_s(double rate, double unit_ns)
{
	return unit_ns > 0 ? rate * 1e9 / unit_ns : NAN;
}

double source_view_tick(const struct counted *c, double timer_period_ns, double unit_ns)
{
	return unit_ns > 0 && counted_tick_ran(c, timer_period_ns) ? timer_period_ns / unit_ns : 0;
}

static int tick_period(const struct source_view *v, const struct source *s)
{
	return s->kind == SOURCE_PERIODIC && v->tick > 0 &&
	       fabs(s->marks.period - v->tick) <= 0.01 * v->tick;
}

/* The i-th source is the kernel's tick: the first listed (the strongest)
 * at its period, within 1% (the error a period may have and still be
 * right in the model's score), a source the kernel counts at every
 * mark, seen or not; one at that period but another phase is other
 * work (a second timer of that period). */
static int at_tick(const struct source_view *v, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (tick_period(v, &v->ss->s[j]))
			return 0;
	return tick_period(v, &v->ss->s[i]);
}

static uint64_t runs_of(const struct source_view *v, size_t j)
{
	return v->runs ? v->runs[j] : (uint64_t)v->ss->s[j].events;
}

/* The mark of s nearest x (clock units). */
static double mark_near(const struct source *s, double x)
{
	return s->marks.phase + round((x - s->marks.phase) / s->marks.period) * s->marks.period;
}

/* ", 1.31 ms after the marks of the 4 ms source": where a source listed
 * before the i-th has its period (their marks drift apart by less than 5%
 * of it over the collection), how far its own marks lie from that one's,
 * the nearer way round: two sources at one rate (the guest's timer and
 * the host's), not one listed twice. */
static const char *phase_note(char *buf, size_t len, const struct source_view *v, size_t i)
{
	const struct source *b = &v->ss->s[i];
	buf[0] = '\0';
	for (size_t j = 0; j < i && v->middle > 0; j++) {
		const struct source *s = &v->ss->s[j];
		if (s->kind != SOURCE_PERIODIC ||
		    !(fabs(b->marks.period - s->marks.period) * 2 * v->middle / s->marks.period <
		      0.05 * s->marks.period))
			continue;
		double p = s->marks.period;
		double d = fmod(mark_near(b, v->middle) - mark_near(s, v->middle), p);
		d += d < 0 ? p : 0;
		int after = d <= p / 2;
		char x[32], y[32];
		snprintf(buf, len, ", %s %s the marks of the %s source",
			 fmt_span(x, sizeof x, after ? d : p - d, v->unit_ns), after ? "after" : "before",
			 fmt_span(y, sizeof y, p, v->unit_ns));
		break;
	}
	return buf;
}

/* "runs slowed for 221 us after each mark of the 10 ms source": an
 * after's (after.h) window, its marks' tolerance both ways. */
static void after_text(char *buf, size_t len, const struct source_view *v, const struct source *s)
{
	char w[32], p[32];
	const struct source *of = &v->ss->s[s->after - 1];
	snprintf(buf, len, "runs slowed for %s after each mark of the %s source",
		 fmt_span(w, sizeof w, 2 * s->marks.tol, v->unit_ns),
		 fmt_span(p, sizeof p, of->marks.period, v->unit_ns));
}

/* "at random", or where a random source's events are too few for the
 * period search to claim a period even were they strictly periodic
 * (period_events_needed at PERIOD_LOG10_P, the fewest: a search over
 * several bands of cost needs more), that those few cannot tell:
 * a 100 ms timer's 20 events in 2 s are named at random. */
static const char *random_words(char *buf, size_t len, const struct source *s)
{
	double needed = ceil(period_events_needed(PERIOD_LOG10_P));
	if (s->events > 0 && (double)s->events < needed)
		snprintf(buf, len, "at random (or at a period %zu events cannot tell: it takes %.0f or more)",
			 s->events, needed);
	else
		snprintf(buf, len, "at random");
	return buf;
}

/* A rate's unit: of the running time (the runs', not the gaps between
 * them), which a bursts' count over the whole collection would not give:
 * said beside theirs. */
static const char *rate_per(const struct source *s, double unit_ns)
{
	if (s->kind == SOURCE_BURSTS)
		return unit_ns > 0 ? "per second of running time" : "per million clock units of running time";
	return unit_ns > 0 ? "per second" : "per million clock units";
}

/* "1000 per second (95%: 980 to 1020)" or, without the unit, per
 * million clock units. */
static void rate_text(FILE *out, const struct source *s, double unit_ns)
{
	double k = unit_ns > 0 ? 1e9 / unit_ns : 1e6;
	const char *per = rate_per(s, unit_ns);
	if (isnan(s->rate)) {
		fprintf(out, "rate not told (seen in %.3g%% of the running time only)", 100 * s->visible);
		return;
	}
	if (!isfinite(s->rate)) {
		fprintf(out, "in every run (too many to count)");
		return;
	}
	fprintf(out, "%.4g %s", s->rate * k, per);
	if (s->rate_hi > s->rate_lo * 1.0001 && s->kind != SOURCE_BURSTS)
		fprintf(out, " (95%%: %.4g to %.4g)", s->rate_lo * k, s->rate_hi * k);
}

/* The least a periodic source's own cost may be, where its runs hold
 * others' interruptions too and that reads other than its cost (into
 * buf); NULL where not. */
static const char *own_least(char *buf, size_t len, const struct source *s, double unit_ns)
{
	char c[32];
	if (s->kind != SOURCE_PERIODIC || s->after > 0 || !(s->cost_own_lo > 0) ||
	    !(s->cost_own_lo < s->cost))
		return NULL;
	fmt_span(buf, len, s->cost_own_lo, unit_ns);
	return strcmp(buf, fmt_span(c, sizeof c, s->cost, unit_ns)) != 0 ? buf : NULL;
}

static void cost_text(FILE *out, const struct source *s, double unit_ns)
{
	char c[32], lo[32], hi[32], own[32];
	fprintf(out, "each %s (half within %s to %s", fmt_span(c, sizeof c, s->cost, unit_ns),
		fmt_span(lo, sizeof lo, s->cost_lo, unit_ns), fmt_span(hi, sizeof hi, s->cost_hi, unit_ns));
	if (own_least(own, sizeof own, s, unit_ns) != NULL)
		fprintf(out, "; its own %s or more: its runs held others' interruptions too", own);
	fprintf(out, ")");
}

/* "every 4 ms (250 Hz)": a periodic source's period, and its rate in Hz
 * where unit_ns is known. */
static void period_text(FILE *out, const struct source *s, double unit_ns)
{
	char p[32];
	fprintf(out, "every %s", fmt_span(p, sizeof p, s->marks.period, unit_ns));
	if (unit_ns > 0)
		fprintf(out, " (%.4g Hz)", 1e9 / (s->marks.period * unit_ns));
}

/* ", there only until 400 ms", "from 120 ms on", "from 120 ms to 400 ms"
 * (since the first run's start): a periodic source there for a part of
 * the collection only (presence.h); "" where it was there throughout. */
static const char *there_text(char *buf, size_t len, const struct source *s, double unit_ns)
{
	char a[32], b[32];
	const struct marks *m = &s->marks;
	buf[0] = '\0';
	if (!source_part(s))
		return buf;
	if (!(m->from > 0))
		snprintf(buf, len, ", there only until %s", fmt_span(b, sizeof b, m->to, unit_ns));
	else if (!isfinite(m->to))
		snprintf(buf, len, ", there only from %s on", fmt_span(a, sizeof a, m->from, unit_ns));
	else
		snprintf(buf, len, ", there only from %s to %s", fmt_span(a, sizeof a, m->from, unit_ns),
			 fmt_span(b, sizeof b, m->to, unit_ns));
	return buf;
}

/* "23 bursts of about 28 within 1.362 ms", and their period if any. */
static void bursts_text(FILE *out, const struct source *s, double unit_ns)
{
	char p[32], w[32];
	fprintf(out, "%zu bursts of about %.3g within %s", s->bursts, s->per_burst,
		fmt_span(w, sizeof w, s->width, unit_ns));
	if (s->marks.period > 0)
		fprintf(out, ", every %s", fmt_span(p, sizeof p, s->marks.period, unit_ns));
}

static void one_text(FILE *out, const struct source_view *v, size_t i)
{
	const struct source *s = &v->ss->s[i];
	char note[96];
	uint64_t runs = runs_of(v, i);
	fprintf(out, "    ");
	if (s->kind == SOURCE_PERIODIC && s->after > 0) {
		char a[128], pc[32];
		after_text(a, sizeof a, v, s);
		fprintf(out, "%s: %s%% of them, ", a, fmt_pct(pc, sizeof pc, s->after_share, 2));
		cost_text(out, s, v->unit_ns);
		fprintf(out, "; %llu %s%s", (unsigned long long)runs, v->stretch, runs == 1 ? "" : "s");
		if (s->visible < 0.999)
			fprintf(out, ", seen in %.3g%% of the running time (cheaper ones are hidden elsewhere)",
				100 * s->visible);
		fprintf(out, "\n");
		return;
	}
	if (s->kind == SOURCE_PERIODIC) {
		period_text(out, s, v->unit_ns);
		fprintf(out, "%s", phase_note(note, sizeof note, v, i));
		if (at_tick(v, i))
			fprintf(out, ", the kernel's tick (its timer counted %.4g a second on this CPU)",
				v->tick_per_s);
		fprintf(out, "%s: ", there_text(note, sizeof note, s, v->unit_ns));
	} else if (s->kind == SOURCE_BURSTS) {
		fprintf(out, "in ");
		bursts_text(out, s, v->unit_ns);
		fprintf(out, ": ");
	} else {
		char w[96];
		fprintf(out, "%s: ", random_words(w, sizeof w, s));
	}
	rate_text(out, s, v->unit_ns);
	fprintf(out, ", ");
	cost_text(out, s, v->unit_ns);
	fprintf(out, "; %llu %s%s", (unsigned long long)runs, v->stretch, runs == 1 ? "" : "s");
	uint64_t shared = v->shared != NULL ? v->shared[i] : 0;
	if (shared > 0)
		fprintf(out, " (and %llu %s%s it shares with a source above)",
			(unsigned long long)shared, v->stretch, shared == 1 ? "" : "s");
	if (s->kind == SOURCE_PERIODIC && !isnan(s->fire))
		fprintf(out, ", at %.3g%% of its marks%s", 100 * s->fire,
			at_tick(v, i) && s->fire < 0.9 ?
			" (the count holds one at every mark: at the others it cost less)" : "");
	if (s->visible < 0.999 && !isnan(s->rate))
		fprintf(out, ", seen in %.3g%% of the running time (cheaper ones are hidden elsewhere: the rate is of the costs seen)",
			100 * s->visible);
	if (s->held_longest >= 1)
		fprintf(out, "; the longest N's minimum holds %.3g of them", s->held_longest);
	fprintf(out, "\n");
}

const char *report_source_title(char *buf, size_t len, const struct source *s, double unit_ns)
{
	char p[32], w[96], c[32], r[80];
	double k = unit_ns > 0 ? 1e9 / unit_ns : 1e6;
	const char *per = rate_per(s, unit_ns);
	if (isnan(s->rate))
		snprintf(r, sizeof r, "rate not told");
	else if (!isfinite(s->rate))
		snprintf(r, sizeof r, "in every run");
	else
		snprintf(r, sizeof r, "%.4g %s", s->rate * k, per);
	fmt_span(c, sizeof c, s->cost, unit_ns);
	if (s->kind == SOURCE_PERIODIC && s->after > 0)
		snprintf(buf, len, "runs slowed for %s after each mark of a source every %s, each %s",
			 fmt_span(w, sizeof w, 2 * s->marks.tol, unit_ns),
			 fmt_span(p, sizeof p, s->marks.period, unit_ns), c);
	else if (s->kind == SOURCE_PERIODIC && unit_ns > 0)
		snprintf(buf, len, "every %s (%.4g Hz), %s, each %s%s",
			 fmt_span(p, sizeof p, s->marks.period, unit_ns),
			 1e9 / (s->marks.period * unit_ns), r, c, there_text(w, sizeof w, s, unit_ns));
	else if (s->kind == SOURCE_PERIODIC)
		snprintf(buf, len, "every %s, %s, each %s%s",
			 fmt_span(p, sizeof p, s->marks.period, unit_ns), r, c,
			 there_text(w, sizeof w, s, unit_ns));
	else if (s->kind == SOURCE_BURSTS)
		snprintf(buf, len, "%zu bursts of about %.3g within %s, %s, each %s", s->bursts,
			 s->per_burst, fmt_span(w, sizeof w, s->width, unit_ns), r, c);
	else
		snprintf(buf, len, "%s, %s, each %s", random_words(w, sizeof w, s), r, c);
	return buf;
}

/* The i-th source in one plain line (the short report): "every 4 ms
 * (250 Hz), 19.9 µs each" (periodic: a timer, or what follows one's
 * marks, such as runs slowed after it); from the same values as
 * one_text. */
void report_source_plain(FILE *out, const struct source_view *v, size_t i)
{
	const struct source *s = &v->ss->s[i];
	char c[32], note[96], pc[32];
	fmt_span(c, sizeof c, s->cost, v->unit_ns);
	if (s->kind == SOURCE_PERIODIC && s->after > 0) {
		char a[128];
		after_text(a, sizeof a, v, s);
		fprintf(out, "%s, %s%% of them, %s each\n", a, fmt_pct(pc, sizeof pc, s->after_share, 2), c);
		return;
	}
	if (s->kind == SOURCE_PERIODIC) {
		period_text(out, s, v->unit_ns);
		fprintf(out, "%s%s, %s each", phase_note(note, sizeof note, v, i),
			at_tick(v, i) ? ", the kernel's tick" : "", c);
		/* (where the least reaches its lower quartile: the others'
		 * may be as much of its cost as its own spread) */
		char own[32];
		if (s->cost_own_lo <= s->cost_lo && own_least(own, sizeof own, s, v->unit_ns) != NULL)
			fprintf(out, " (its own %s or more: its runs held others' too)", own);
		if (!isnan(s->fire) && s->fire < 0.9)
			fprintf(out, ", at %.3g%% of its marks", 100 * s->fire);
		fprintf(out, "%s\n", there_text(note, sizeof note, s, v->unit_ns));
		return;
	}
	if (s->kind == SOURCE_BURSTS) {
		bursts_text(out, s, v->unit_ns);
		fprintf(out, ", ");
	} else {
		char w[96];
		fprintf(out, "%s, ", random_words(w, sizeof w, s));
	}
	rate_text(out, s, v->unit_ns);
	fprintf(out, ", %s each\n", c);
}

void report_sources_text(FILE *out, const struct source_view *v)
{
	for (size_t i = 0; i < v->ss->count; i++)
		one_text(out, v, i);
}

static void pair(FILE *out, double a, double b)
{
	fputc('[', out);
	json_number(out, a);
	fputs(", ", out);
	json_number(out, b);
	fputc(']', out);
}

static const char *kind_name(enum source_kind k)
{
	return k == SOURCE_PERIODIC ? "periodic" : k == SOURCE_BURSTS ? "bursts" : "random";
}

static void one_json(FILE *out, const struct source_view *v, size_t i, int periodic_only)
{
	const struct source *s = &v->ss->s[i];
	double ns = v->unit_ns > 0 ? v->unit_ns : NAN;
	int periodic = s->kind == SOURCE_PERIODIC || (s->kind == SOURCE_BURSTS && s->marks.period > 0);
	int f = 1;
	fputc('{', out);
	if (!periodic_only) {
		json_key(out, &f, "kind");
		json_string(out, kind_name(s->kind));
	}
	json_key(out, &f, "period_ns");
	json_number(out, periodic ? s->marks.period * ns : NAN);
	json_key(out, &f, "per_s");
	json_number(out, source_per_s(s->rate, v->unit_ns));
	json_key(out, &f, "cost_ns");
	json_number(out, s->cost * ns);
	json_key(out, &f, "events");
	fprintf(out, "%llu", (unsigned long long)runs_of(v, i));
	json_key(out, &f, "shared");
	fprintf(out, "%llu", (unsigned long long)(v->shared != NULL ? v->shared[i] : 0));
	json_key(out, &f, "coherence");
	json_number(out, s->kind == SOURCE_PERIODIC ? s->coherence : NAN);
	json_key(out, &f, "phase_ns");
	json_number(out, periodic ? mark_near(s, v->middle) * ns : NAN);
	if (periodic_only) {
		fputc('}', out);
		return;
	}
	json_key(out, &f, "period");
	json_number(out, periodic ? s->marks.period : NAN);
	json_key(out, &f, "cost");
	json_number(out, s->cost);
	json_key(out, &f, "cost_ns_quartiles");
	pair(out, s->cost_lo * ns, s->cost_hi * ns);
	json_key(out, &f, "cost_ns_own_least");
	json_number(out, s->kind == SOURCE_PERIODIC && s->after == 0 && s->cost_own_lo > 0
				 ? fmin(s->cost_own_lo, s->cost) * ns : NAN);
	json_key(out, &f, "per_s_bounds");
	pair(out, source_per_s(s->rate_lo, v->unit_ns), source_per_s(s->rate_hi, v->unit_ns));
	json_key(out, &f, "fire");
	json_number(out, s->kind == SOURCE_PERIODIC ? s->fire : NAN);
	int part = source_part(s);
	json_key(out, &f, "there_from_ns");
	json_number(out, part && s->marks.from > 0 ? s->marks.from * ns : NAN);
	json_key(out, &f, "there_to_ns");
	json_number(out, part && isfinite(s->marks.to) ? s->marks.to * ns : NAN);
	json_key(out, &f, "kernel_tick");
	fputs(at_tick(v, i) ? "true" : "false", out);
	json_key(out, &f, "log10_p");
	json_number(out, s->log10_p);
	json_key(out, &f, "visible");
	json_number(out, s->visible);
	json_key(out, &f, "held_longest");
	json_number(out, s->held_longest);
	json_key(out, &f, "bursts");
	fprintf(out, "%zu", s->kind == SOURCE_BURSTS ? s->bursts : 0);
	json_key(out, &f, "per_burst");
	json_number(out, s->kind == SOURCE_BURSTS ? s->per_burst : NAN);
	json_key(out, &f, "burst_ns");
	json_number(out, s->kind == SOURCE_BURSTS ? s->width * ns : NAN);
	json_key(out, &f, "after_source");
	if (s->kind == SOURCE_PERIODIC && s->after > 0)
		fprintf(out, "%d", s->after - 1);
	else
		fputs("null", out);
	json_key(out, &f, "after_ns");
	json_number(out, s->kind == SOURCE_PERIODIC && s->after > 0 ? 2 * s->marks.tol * ns : NAN);
	json_key(out, &f, "after_share");
	json_number(out, s->kind == SOURCE_PERIODIC && s->after > 0 ? s->after_share : NAN);
	fputc('}', out);
}

void report_sources_json(FILE *out, int *first, const struct source_view *v)
{
	json_key(out, first, "sources");
	fputc('[', out);
	for (size_t i = 0; i < v->ss->count; i++) {
		fputs(i ? ", " : "", out);
		one_json(out, v, i, 0);
	}
	fputc(']', out);
	json_key(out, first, "periodic");
	fputc('[', out);
	for (size_t i = 0, k = 0; i < v->ss->count; i++)
		if (v->ss->s[i].kind == SOURCE_PERIODIC) {
			fputs(k++ ? ", " : "", out);
			one_json(out, v, i, 1);
		}
	fputc(']', out);
}
