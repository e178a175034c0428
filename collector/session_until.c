/*
 * session_until.c - what collect --until says when the collection ends:
 * the width reached, and where it missed the target, why as far as
 * collect can tell (session_parts.h).
 */
#include <math.h>
#include <stdio.h>

#include "progress.h"
#include "session_parts.h"
#include "trend.h"
#include "watch.h"

/* What makes the bounds of the last fit wide: the fifths apart, the tick
 * band (over runs too short in ticks, or the minima's scatter), the
 * halves of the collection in time apart, or too few runs. */
static void what_widens(const char *prog, const struct sampler_result *r)
{
	char pc[32];
	int band = r->band_rel >= r->sub_rel || (isfinite(r->band_rel) && !isfinite(r->sub_rel));
	progress_percent(pc, sizeof pc, band ? r->band_rel : r->sub_rel);
	if (r->drift > 0)
		fprintf(stderr, "%s: --until: the fifths of the collection disagree (the drift above): the machine's speed changed; analyze's report says more\n",
			prog);
	else if (band)
		fprintf(stderr, "%s: --until: the tick band alone spans %s%s; analyze's report says more\n",
			prog, pc,
			!isfinite(r->band_ticks) ? "" :
			r->band_ticks < 1.01 ? " (W = 1 tick): runs too short in ticks, the plan's limit (a smaller --precision or a larger --max-n lengthens them)"
					     : " (W above a tick): the minima scatter above the line, the machine's limit");
	else if (isfinite(r->sub_rel) && r->sub_blocks)
		fprintf(stderr, "%s: --until: refits on halves of the collection in time alone span %s: its stretches disagree; analyze's report says more\n",
			prog, pc);
	else if (isfinite(r->sub_rel))
		fprintf(stderr, "%s: --until: refits on random halves of the runs alone span %s (fewer than 8 runs at some N)\n",
			prog, pc);
	else
		fprintf(stderr, "%s: --until: analyze's report says what widened the bounds\n", prog);
}

/* --until missed: why, as far as collect can tell.  From the trend of
 * the width: still falling (more time would reach the target, about
 * when), or not, and then what makes the bounds wide. */
static void why_missed(const struct session *s, const struct sampler_result *r)
{
	const char *prog = s->opt->prog;
	const struct trend_fit *f = &r->trend;
	const char *more = r->stop == SAMPLER_RUNS ? "raise --runs" :
			   r->stop == SAMPLER_KBEST ? "--kbest stopped it first" : "raise --budget";
	char d[32];
	if (f->state == TREND_FALLING && isfinite(f->left_s)) {
		progress_duration(d, sizeof d, f->left_s);
		fprintf(stderr, "%s: --until: the width was still falling (as samples^%.2g): at that pace ~%s more would reach it (%s)\n",
			prog, f->pace, d, more);
		return;
	}
	if (f->state == TREND_FALLING && isnan(f->left_s)) {
		fprintf(stderr, "%s: --until: the width was still falling (as samples^%.2g), at a pace too unsteady to say when it would reach it (%s)\n",
			prog, f->slope, more);
		return;
	}
	if (f->state == TREND_FALLING) {
		fprintf(stderr, "%s: --until: the width was falling, but as samples^%.2g: too slowly for any budget to reach it\n",
			prog, f->slope);
	} else if (f->state == TREND_FLAT) {
		fprintf(stderr, "%s: --until: the width had stopped falling (as samples^%.2g, not ^-0.5, over the last %.0f fits): more samples would not narrow it\n",
			prog, f->slope, f->fits);
	} else {
		fprintf(stderr, "%s: --until: the width's trend is unclear (%s)\n", prog,
			f->state == TREND_NONE ? "too few fits to tell"
					       : "its fits scatter more than it moved");
	}
	what_widens(prog, r);
}

/* The kernels' results together: the widest bounds (INFINITY: a kernel
 * without a line) and whose, the fewest runs at an N, the glitches, the
 * largest drift. */
struct until_sum {
	double widest;
	int wide;
	uint64_t runs;
	size_t glitches;
	double drift;
};

static struct until_sum sum_of(const struct session *s, const struct sampler_result r[])
{
	struct until_sum u = { 0, 0, UINT64_MAX, 0, 0 };
	for (int i = 0; i < s->kernels; i++) {
		if (!(isfinite(r[i].precision) && r[i].precision <= u.widest))
			u.wide = i;
		u.widest = isfinite(r[i].precision) ? fmax(u.widest, r[i].precision) : INFINITY;
		u.runs = r[i].runs_min < u.runs ? r[i].runs_min : u.runs;
		u.glitches += r[i].glitches;
		u.drift = fmax(u.drift, r[i].drift);
	}
	return u;
}

/* --until gave up on a drift (watch.h): the movement named, which fifths
 * and by how much, and the width it left. */
static void gave_up(const struct session *s, const struct sampler_result r[], double widest)
{
	const char *prog = s->opt->prog;
	static const char *const nth[] = { "first", "second", "third", "fourth", "last" };
	int k = s->kernels > 1 && r[1].drift > r[0].drift;
	const struct sampler_result *d = &r[k];
	char got[32], want[32];
	progress_percent(got, sizeof got, widest);
	progress_percent(want, sizeof want, s->opt->until);
	fprintf(stderr, "%s: --until %g not met (stop=drift after %.3g s): the machine's speed moved: %s%s fifth of the collection in time ran %.2g%% slower than the %s, beyond both their bands and more than the target; it held while the samples grew fivefold, so more sampling would not narrow the bounds (width %s of %s)\n",
		prog, s->opt->until, d->seconds, s->kernels > 1 ? (k ? "B's " : "A's ") : "the ",
		nth[d->drift_slow % 5], 100 * d->drift, nth[d->drift_fast % 5], got, want);
}

int session_report_until(const struct session *s, const struct sampler_result r[])
{
	if (!(s->opt->until > 0))
		return 0;
	const char *prog = s->opt->prog;
	double until = s->opt->until;
	struct until_sum u = sum_of(s, r);
	double widest = u.widest;
	uint64_t runs = u.runs;
	enum sampler_stop stop = r[0].stop;
	const char *by = sampler_stop_name(stop);
	int ran = stop == SAMPLER_BUDGET || stop == SAMPLER_RUNS || stop == SAMPLER_KBEST ||
		  stop == SAMPLER_DRIFT;
	if (u.drift > 0 && isfinite(widest))	/* before the verdict, which it qualifies */
		fprintf(stderr, "%s: --until: the unit cost drifted %.2g%% between fifths of the collection, beyond their bands (the machine's speed changed): the bounds hold its fastest stretches, not a longer collection's; see analyze's report\n",
			prog, 100 * u.drift);
	if (u.glitches > 0)	/* before the verdict, which leans on it */
		fprintf(stderr, "%s: --until: %zu clock glitch%s (a timing far below the rest of its N and the line) left out of the fit, as analyze leaves %s out\n",
			prog, u.glitches, u.glitches > 1 ? "es" : "", u.glitches > 1 ? "them" : "it");
	if (stop == SAMPLER_DRIFT) {
		gave_up(s, r, u.widest);
		return 1;
	}
	if (stop == SAMPLER_UNTIL) {
		fprintf(stderr, "%s: --until %g reached after %.3g s: the unit cost's bounds span %.2g of it\n",
			prog, until, r[0].seconds, widest);
		return 0;
	}
	if (widest <= until && runs >= WATCH_RUNS_MIN) {	/* at the last fit */
		fprintf(stderr, "%s: --until %g reached when the sampling stopped (stop=%s) after %.3g s: the unit cost's bounds span %.2g of it\n",
			prog, until, by, r[0].seconds, widest);
		return 0;
	}
	if (!isfinite(widest)) {
		fprintf(stderr, "%s: --until %g not met: no line could be fitted yet (stop=%s after %.3g s)\n",
			prog, until, by, r[0].seconds);
		return ran;
	}
	char got[32], want[32];
	progress_percent(got, sizeof got, widest);
	progress_percent(want, sizeof want, until);
	fprintf(stderr, "%s: --until %g not met (stop=%s after %.3g s): the width reached %s of %s\n",
		prog, until, by, r[0].seconds, got, want);
	if (widest <= until)
		fprintf(stderr, "%s: --until: but with %llu run%s at an N, fewer than %d: the minima may not have reached their floor%s\n",
			prog, (unsigned long long)runs, runs == 1 ? "" : "s", WATCH_RUNS_MIN,
			stop == SAMPLER_BUDGET ? " (raise --budget)" : "");
	else if (ran)
		why_missed(s, &r[u.wide]);
	return ran;
}
