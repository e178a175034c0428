/*
 * disturb - a collection, or an activity trace, of a machine whose
 * disturbances are known: interrupts (periodic or random, each with a rate
 * and a cost), speed states (the machine runs slower or faster for a
 * stretch of time, or in bursts), and jitter.  The truth for the tests and
 * the benchmark of what analyze says disturbed the timings.
 *
 * The machine is simulated in wall time, in clock units: runs follow each
 * other (a gap of --gap units between them) in sweeps over a shuffled order
 * of N.  A run at N has intercept + slope * N units of work; during a speed
 * state of factor F each unit of work takes F units of time.  An interrupt
 * stops the work for its cost wherever it lands, in a run or between runs;
 * interrupts are events in wall time, so a run that is stretched by one
 * may catch the next.  Then exponential jitter (mean --jitter) is added.
 * Readings are floored to --tick, as on a real clock.
 *
 * Usage: disturb [--slope S] [--intercept I] [--tick T] [--unit-ns U]
 *                [--range A:B:K] [--runs R | --seconds S] [--gap G]
 *                [--jitter J | --jitter exp:J | --jitter pareto:J[:XI]]
 *                [--spread KIND:SHARE[:ARG]] [--seed S]
 *                [--periodic PERIOD_US:COST_US[:SPREAD[:KIND[:SHARE[:PHASE_US]]]]]...
 *                [--random RATE_HZ:COST_US[:SPREAD[:KIND]]]...
 *                [--irq-bursts COUNT@WIDTH_MS/EVERY_MS:COST_US[:SPREAD]]...
 *                [--on-grid GRID_US:PHASE_US]...
 *                [--during FROM_MS:TO_MS]...
 *                [--slowed-after WINDOW_US:COST_US]...
 *                [--grow G]
 *                [--speed FACTOR@FROM_MS:TO_MS]...
 *                [--ramp FACTOR@FROM_MS:TO_MS]
 *                [--bursts FACTOR@LENGTH_MS/EVERY_MS]
 *                [--wave AMPLITUDE@EVERY_MS]
 *                [--trace SECONDS [--read-interval UNITS]]
 *                [--truth-runs FILE]
 *
 * --jitter adds to each run a time of its own, whatever its N: exponential
 * of mean J units (a bare J, or exp:J), or generalized Pareto of scale J
 * and shape XI (default 0.5: a heavy tail, its variance infinite from
 * XI = 0.5 on).  --spread makes each run slower in proportion to its
 * length, by a share x of it: exp (mean SHARE), pareto (generalized
 * Pareto of scale SHARE, shape ARG, default 0.5; x at most 1), gauss
 * (half-normal of sigma SHARE), uniform (0 to SHARE), or twospeed (a share
 * ARG of the runs at full speed, default a quarter, the rest slower by
 * 0.7 SHARE to SHARE: a guest whose core another shares from run to run).
 *
 * --ramp makes the machine slower from 1 at FROM_MS to FACTOR at TO_MS,
 * along a straight line (in 256 steps), and FACTOR from then on: a clock
 * that ramps, or, from 0 to the end, a speed that drifts.
 *
 * --irq-bursts: every EVERY_MS (from a random phase), COUNT interrupts at
 * random moments within WIDTH_MS, each of COST_US (SPREAD as below).
 * --grow G: an interrupt that lands in a run of N costs (1 + G (N - A) /
 * (B - A)) times its cost (a cost growing with the run's data, as a cache
 * refilled after it).
 *
 * --wave slows the machine by a factor that rises and falls smoothly from
 * 1 to 1 + AMPLITUDE and back every EVERY_MS (a sine, in 64 steps a
 * period): a speed that wanders, in steps too small for stretches.
 *
 * An interrupt's cost is COST x (1 + SPREAD x a standard normal), at
 * least a tenth of COST: its median is COST.  KIND is what the kernel
 * would count it as, for the counters (irq, preempt, or unseen: the
 * default, a hypervisor's).  A periodic source starts at a random phase,
 * or at PHASE_US (0 <= PHASE_US < PERIOD_US: sources on one grid);
 * with SHARE (0 < SHARE <= 1, default 1) it fires at each of its marks
 * with that chance only (a source on a period's grid that skips marks).
 * --on-grid GRID_US:PHASE_US delays the source given just before it to
 * the next mark of that grid (a guest's timer delivered on the host's
 * ticks: SIGALRM every 2.7 ms, each on the next 1 ms mark).
 *
 * --during FROM_MS:TO_MS keeps the source given just before it to that
 * stretch of the collection's time (a timer that starts late or stops
 * early): its interrupts outside it do not come (its truth line gives
 * the stretch, and the time in runs within it).
 *
 * --slowed-after WINDOW_US:COST_US slows each run that starts within
 * WINDOW_US after an interrupt of the source given just before it by
 * COST_US (give or take 30%, at least a tenth of it), as a cache refilled
 * after its handler: no interrupt, and not counted among its hits (its
 * count is in the truth line, slowed=); --truth-runs counts it as the
 * source's, in the run it slowed.
 *
 * --truth-runs FILE writes each run's truth, a line per run in the
 * collection's order: n, at (as in the stream), the sources that landed
 * in it (bit k: the k-th --periodic, --random or --irq-bursts, in the
 * order given), the machine's speed factor when it started (times 1 + x
 * for a run of --spread twospeed's slower share: it ran slower), and how
 * many interrupts landed in it.
 *
 * --trace SECONDS writes an activity trace instead (collect --trace,
 * data/FORMAT.md): a loop reading the clock every --read-interval units
 * (default 46), and every gap longer than ten of them, as start and
 * length.
 *
 * The header says the truth: "# truth_source: ..." per source, with the
 * interrupts that landed inside runs (hits), a periodic one's first mark
 * (phase_ms, from the first run's start), and the time spent in runs,
 * and "# truth_speed: ..." per speed state.  The kernel counters of
 * collect (counters_start, counters_end) count the sources of kind irq
 * and preempt; the first periodic source of kind irq that fires at every
 * mark is the kernel's tick (timer_period_ns).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

enum { SOURCES_MAX = 8, SPANS_MAX = 8, BURST_MAX = 4096, RAMP_STEPS = 256 };
enum kind { KIND_UNSEEN, KIND_IRQ, KIND_PREEMPT };
enum shape { SHAPE_NONE, SHAPE_EXP, SHAPE_PARETO, SHAPE_GAUSS, SHAPE_UNIFORM, SHAPE_TWOSPEED };

/* A random time: additive jitter (units), or a share of a run (spread). */
struct draw {
	enum shape shape;
	double scale, arg;
	char spec[64];
};

struct source {
	int periodic;
	int bursts;		/* --irq-bursts: a burst of `burst` at each mark */
	unsigned burst;
	double width;		/* units */
	double pending[BURST_MAX];	/* the current burst's times left */
	unsigned npending;
	double period;		/* units; periodic */
	double share;		/* of its marks a periodic source fires at */
	double rate;		/* per unit; random */
	double cost, spread;	/* units */
	enum kind kind;
	double next;		/* the next interrupt's time */
	uint64_t hits;		/* interrupts that landed inside runs */
	uint64_t count;		/* all of them, in runs or between */
	double phase;		/* periodic: its first mark, units */
	double mark;		/* bursts: the current burst's mark */
	double phase_us;	/* as given (PHASE_US), or < 0: at random */
	double grid, grid_phase;	/* --on-grid, units (0: none) */
	double after_window, after_cost;	/* --slowed-after, units (0: none;
						 * us until parsed) */
	double last;		/* when its last interrupt came */
	uint64_t slowed;	/* runs it slowed after */
	double ideal;		/* on a grid: when it would have come */
	double from, to;	/* --during, units (to <= from: throughout) */
	double in_runs;		/* --during: the time in runs within it */
	char spec[80];
};

struct span {
	double factor, from, to;	/* units of wall time */
};

struct gen {
	double slope, intercept, tick, unit_ns, gap;
	struct draw jitter, spread;
	double grow;			/* --grow */
	double cur_grow;		/* of the run now running: 1 between runs */
	double ramp_factor, ramp_from, ramp_to;	/* units; factor 0: none */
	uint64_t from, to, points, runs;
	double seconds;			/* 0: --runs sweeps */
	unsigned long seed;
	struct source src[SOURCES_MAX];
	int nsrc;
	struct span span[SPANS_MAX];
	int nspan;
	double burst_factor, burst_len, burst_every;	/* units; 0: none */
	double wave_amp, wave_every;	/* units; 0: none */
	double trace_s, read_interval;
	double in_runs;			/* wall time spent in runs, units */
	FILE *truth_runs;		/* --truth-runs, or NULL */
	unsigned run_hits;		/* bit k: source k landed in this run */
	unsigned run_count;		/* interrupts that landed in this run */
	gsl_rng *rng;
};

static void usage_error(const char *opt, const char *v, const char *want)
{
	fprintf(stderr, "disturb: %s '%s': expected %s\n", opt, v, want);
	exit(2);
}

static double number(const char *opt, const char *s)
{
	char *end;
	double v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || !isfinite(v) || v < 0)
		usage_error(opt, s, "a non-negative number");
	return v;
}

static double units_of_us(const struct gen *g, double us)
{
	return us * 1e3 / g->unit_ns;
}

static double units_of_ms(const struct gen *g, double ms)
{
	return ms * 1e6 / g->unit_ns;
}

/* PERIOD_US:COST_US[:SPREAD[:KIND]] or RATE_HZ:COST_US[:SPREAD[:KIND]];
 * units are converted once every option is read (--unit-ns may follow). */
static void add_source(struct gen *g, const char *opt, const char *v, int periodic)
{
	if (g->nsrc == SOURCES_MAX)
		usage_error(opt, v, "at most 8 sources");
	struct source *s = &g->src[g->nsrc++];
	char kind[16] = "unseen";
	double a, c, spread = 0, share = 1, phase = -1;
	int end = -1, k = sscanf(v, "%lf:%lf:%lf:%15[^:]:%lf:%lf%n", &a, &c, &spread, kind, &share,
				 &phase, &end);
	/* every field read (a field that is no number stops the reading),
	 * the sixth to the end */
	int fields = 1;
	for (const char *p = v; *p; p++)
		fields += *p == ':';
	int whole = k == fields && (k < 6 || v[end] == '\0');
	/* its interrupts take less than all the time: more, and the
	 * machine would never run (the generator had never ended) */
	int room = periodic ? c < a : a * c < 1e6;
	if (k < 2 || !whole || !(a > 0) || !(c > 0) || spread < 0 || !(share > 0 && share <= 1) ||
	    (k >= 5 && !periodic) || (k == 6 && !(phase >= 0 && phase < a)) || !room)
		usage_error(opt, v, periodic ? "PERIOD_US:COST_US[:SPREAD[:KIND[:SHARE[:PHASE_US]]]] (COST below PERIOD)"
					     : "RATE_HZ:COST_US[:SPREAD[:KIND]] (RATE x COST below a second)");
	*s = (struct source){ .periodic = periodic, .period = a, .rate = a, .cost = c,
			      .spread = spread, .share = share, .phase_us = phase };
	if (strcmp(kind, "irq") == 0)
		s->kind = KIND_IRQ;
	else if (strcmp(kind, "preempt") == 0)
		s->kind = KIND_PREEMPT;
	else if (strcmp(kind, "unseen") != 0)
		usage_error(opt, v, "KIND irq, preempt or unseen");
	snprintf(s->spec, sizeof s->spec, "%s %s", periodic ? "periodic" : "random", v);
}

/* lo < x < hi (NaN is not): factors and times beyond any real machine's,
 * infinite ones above all, are refused, not simulated forever. */
static int within(double x, double lo, double hi)
{
	return x > lo && x < hi;
}

/* KIND:SCALE[:ARG], or a bare number (exp) where bare_ok. */
static void parse_draw(const char *opt, const char *v, int share, struct draw *d)
{
	char kind[16];
	double scale = 0, arg = -1;
	int end = -1;
	char *e;
	strtod(v, &e);
	if (!share && *v != '\0' && *e == '\0') {
		snprintf(kind, sizeof kind, "exp");
		scale = number(opt, v);
	} else if (sscanf(v, "%15[a-z]:%lf%n", kind, &scale, &end) < 2 ||
		   (v[end] != '\0' && (v[end] != ':' || sscanf(v + end + 1, "%lf", &arg) != 1))) {
		usage_error(opt, v, share ? "KIND:SHARE[:ARG]" : "J, or KIND:J[:XI]");
	}
	static const char *const names[] = { "", "exp", "pareto", "gauss", "uniform", "twospeed" };
	*d = (struct draw){ .shape = SHAPE_NONE, .scale = scale, .arg = arg };
	for (int k = 1; k < 6; k++)
		if (strcmp(kind, names[k]) == 0)
			d->shape = (enum shape)k;
	int ok = d->shape != SHAPE_NONE && scale >= 0 && isfinite(scale) &&
		 (share ? scale < 1 : d->shape <= SHAPE_PARETO);
	if (d->shape == SHAPE_PARETO)
		ok &= arg < 0 || (arg > 0 && arg < 1), d->arg = arg < 0 ? 0.5 : arg;
	if (d->shape == SHAPE_TWOSPEED)
		ok &= arg < 0 || arg <= 1, d->arg = arg < 0 ? 0.25 : arg;
	if (!ok)
		usage_error(opt, v, share ? "exp|pareto|gauss|uniform|twospeed:SHARE[:ARG], 0 <= SHARE < 1"
					  : "J, or exp:J, or pareto:J[:XI] (0 < XI < 1)");
	snprintf(d->spec, sizeof d->spec, "%s", v);
}

/* A draw: 0 when none. */
static double draw_of(gsl_rng *rng, const struct draw *d)
{
	double u;
	switch (d->shape) {
	case SHAPE_EXP:
		return d->scale > 0 ? gsl_ran_exponential(rng, d->scale) : 0;
	case SHAPE_PARETO:	/* generalized Pareto: scale (U^-xi - 1) / xi */
		u = 1 - gsl_rng_uniform(rng);
		return d->scale * (pow(u, -d->arg) - 1) / d->arg;
	case SHAPE_GAUSS:
		return fabs(gsl_ran_gaussian(rng, d->scale));
	case SHAPE_UNIFORM:
		return gsl_rng_uniform(rng) * d->scale;
	case SHAPE_TWOSPEED:
		return gsl_rng_uniform(rng) < d->arg ? 0
		       : d->scale * (0.7 + 0.3 * gsl_rng_uniform(rng));
	default:
		return 0;
	}
}

/* COUNT@WIDTH_MS/EVERY_MS:COST_US[:SPREAD] */
static void add_bursts(struct gen *g, const char *v)
{
	if (g->nsrc == SOURCES_MAX)
		usage_error("--irq-bursts", v, "at most 8 sources");
	struct source *s = &g->src[g->nsrc++];
	unsigned count;
	double width, every, cost, spread = 0;
	int end = -1;
	int k = sscanf(v, "%u@%lf/%lf:%lf%n:%lf", &count, &width, &every, &cost, &end, &spread);
	/* a burst's interrupts take less than its period: more, and the
	 * machine would never run (the generator had never ended) */
	if (k < 4 || count < 1 || count > BURST_MAX || !within(width, 0, every) ||
	    !within(every, 0, 1e9) || !(cost > 0) || spread < 0 || !(count * cost < every * 1e3))
		usage_error("--irq-bursts", v, "COUNT@WIDTH_MS/EVERY_MS:COST_US[:SPREAD] (COUNT 1 to 4096, WIDTH below EVERY, COUNT x COST below EVERY)");
	*s = (struct source){ .periodic = 1, .bursts = 1, .burst = count, .width = width,
			      .period = every * 1e3, .cost = cost, .spread = spread,
			      .share = 1, .phase_us = -1 };
	snprintf(s->spec, sizeof s->spec, "bursts %s", v);
}

static void add_span(struct gen *g, const char *v)
{
	struct span *s = &g->span[g->nspan];
	if (g->nspan == SPANS_MAX ||
	    sscanf(v, "%lf@%lf:%lf", &s->factor, &s->from, &s->to) != 3 ||
	    !within(s->factor, 0, 1e6) || !within(s->from, -1, 1e9) ||
	    !within(s->to, s->from, 1e9))
		usage_error("--speed", v, "FACTOR@FROM_MS:TO_MS (at most 8)");
	g->nspan++;
}

static int flag(struct gen *g, const char *o, const char *v)
{
	if (strcmp(o, "--slope") == 0) g->slope = number(o, v);
	else if (strcmp(o, "--intercept") == 0) g->intercept = number(o, v);
	else if (strcmp(o, "--tick") == 0) g->tick = number(o, v);
	else if (strcmp(o, "--unit-ns") == 0) g->unit_ns = number(o, v);
	else if (strcmp(o, "--runs") == 0) g->runs = (uint64_t)number(o, v);
	else if (strcmp(o, "--seconds") == 0) g->seconds = number(o, v);
	else if (strcmp(o, "--gap") == 0) g->gap = number(o, v);
	else if (strcmp(o, "--jitter") == 0) parse_draw(o, v, 0, &g->jitter);
	else if (strcmp(o, "--spread") == 0) parse_draw(o, v, 1, &g->spread);
	else if (strcmp(o, "--grow") == 0) g->grow = number(o, v);
	else if (strcmp(o, "--irq-bursts") == 0) add_bursts(g, v);
	else if (strcmp(o, "--ramp") == 0) {
		if (sscanf(v, "%lf@%lf:%lf", &g->ramp_factor, &g->ramp_from, &g->ramp_to) != 3 ||
		    !within(g->ramp_factor, 0, 1e6) || !within(g->ramp_from, -1, 1e9) ||
		    !within(g->ramp_to, g->ramp_from, 1e9))
			usage_error(o, v, "FACTOR@FROM_MS:TO_MS");
	}
	else if (strcmp(o, "--seed") == 0) g->seed = (unsigned long)number(o, v);
	else if (strcmp(o, "--trace") == 0) g->trace_s = number(o, v);
	else if (strcmp(o, "--read-interval") == 0) g->read_interval = number(o, v);
	else if (strcmp(o, "--truth-runs") == 0) {
		if ((g->truth_runs = fopen(v, "w")) == NULL)
			usage_error(o, v, "a file that can be written");
	}
	else if (strcmp(o, "--periodic") == 0) add_source(g, o, v, 1);
	else if (strcmp(o, "--random") == 0) add_source(g, o, v, 0);
	else if (strcmp(o, "--on-grid") == 0) {
		double a = 0, b = 0;
		int end = -1;
		if (g->nsrc == 0 || g->src[g->nsrc - 1].bursts ||
		    sscanf(v, "%lf:%lf%n", &a, &b, &end) != 2 || v[end] != '\0' || !(a > 0) || !isfinite(a) ||
		    !(b >= 0 && b < a))
			usage_error(o, v, "GRID_US:PHASE_US (0 <= PHASE_US < GRID_US), after a --periodic or --random");
		g->src[g->nsrc - 1].grid = a, g->src[g->nsrc - 1].grid_phase = b;
	}
	else if (strcmp(o, "--during") == 0) {
		double a = 0, b = 0;
		int end = -1;
		if (g->nsrc == 0 || sscanf(v, "%lf:%lf%n", &a, &b, &end) != 2 || v[end] != '\0' ||
		    !(a >= 0) || !(b > a) || !isfinite(b))
			usage_error(o, v, "FROM_MS:TO_MS (0 <= FROM_MS < TO_MS), after a source");
		g->src[g->nsrc - 1].from = a;	/* (in units below) */
		g->src[g->nsrc - 1].to = b;
	}
	else if (strcmp(o, "--slowed-after") == 0) {
		double a = 0, b = 0;
		int end = -1;
		if (g->nsrc == 0 || g->src[g->nsrc - 1].bursts ||
		    sscanf(v, "%lf:%lf%n", &a, &b, &end) != 2 || v[end] != '\0' || !(a > 0) || !isfinite(a) ||
		    !(b > 0) || !isfinite(b))
			usage_error(o, v, "WINDOW_US:COST_US (both above 0), after a --periodic or --random");
		g->src[g->nsrc - 1].after_window = a;	/* (in units below) */
		g->src[g->nsrc - 1].after_cost = b;
	}
	else if (strcmp(o, "--speed") == 0) add_span(g, v);
	else if (strcmp(o, "--bursts") == 0) {
		if (sscanf(v, "%lf@%lf/%lf", &g->burst_factor, &g->burst_len,
			   &g->burst_every) != 3 || !within(g->burst_factor, 0, 1e6) ||
		    !within(g->burst_len, 0, 1e9) || !within(g->burst_every, g->burst_len, 1e9))
			usage_error(o, v, "FACTOR@LENGTH_MS/EVERY_MS");
	} else if (strcmp(o, "--wave") == 0) {
		if (sscanf(v, "%lf@%lf", &g->wave_amp, &g->wave_every) != 2 ||
		    !within(g->wave_amp, 0, 1e6) || !within(g->wave_every, 0, 1e9))
			usage_error(o, v, "AMPLITUDE@EVERY_MS");
	} else if (strcmp(o, "--range") == 0) {
		unsigned long long a, b, k;
		if (sscanf(v, "%llu:%llu:%llu", &a, &b, &k) != 3 || a >= b || k < 2)
			usage_error(o, v, "A:B:K");
		g->from = a, g->to = b, g->points = k;
	} else
		return 0;
	return 1;
}

static void parse(int argc, char **argv, struct gen *g)
{
	*g = (struct gen){ .slope = 0.57, .intercept = 80, .tick = 21,
			   .unit_ns = 10.0 / 21, .gap = 200,
			   .jitter = { SHAPE_EXP, 5, 0, "5" }, .cur_grow = 1,
			   .from = 5000, .to = 200000, .points = 64, .runs = 0,
			   .seconds = 2, .seed = 1, .read_interval = 46 };
	for (int i = 1; i < argc; i += 2)
		if (i + 1 >= argc || !flag(g, argv[i], argv[i + 1])) {
			fprintf(stderr, "disturb: unknown option or missing value: '%s'\n", argv[i]);
			exit(2);
		}
	if (g->runs > 0)
		g->seconds = 0;
	if (!(g->tick >= 1) || !(g->unit_ns > 0))
		usage_error("--tick", "", "a tick >= 1 and a positive --unit-ns");
	for (int i = 0; i < g->nsrc; i++) {
		struct source *s = &g->src[i];
		s->cost = units_of_us(g, s->cost);
		s->period = s->periodic ? units_of_us(g, s->period) : 0;
		s->rate = s->periodic ? 0 : s->rate * g->unit_ns * 1e-9;
		s->grid = units_of_us(g, s->grid);
		s->grid_phase = units_of_us(g, s->grid_phase);
		s->after_window = units_of_us(g, s->after_window);
		s->after_cost = units_of_us(g, s->after_cost);
		s->from = units_of_ms(g, s->from);
		s->to = units_of_ms(g, s->to);
	}
	for (int i = 0; i < g->nspan; i++)
		g->span[i].from = units_of_ms(g, g->span[i].from),
		g->span[i].to = units_of_ms(g, g->span[i].to);
	g->burst_len = units_of_ms(g, g->burst_len);
	g->burst_every = units_of_ms(g, g->burst_every);
	g->wave_every = units_of_ms(g, g->wave_every);
	g->ramp_from = units_of_ms(g, g->ramp_from);
	g->ramp_to = units_of_ms(g, g->ramp_to);
	for (int i = 0; i < g->nsrc; i++)
		if (g->src[i].bursts)
			g->src[i].width = units_of_ms(g, g->src[i].width);
}

/* The speed factor at wall time x, and the next time it may change. */
static double speed_at(const struct gen *g, double x, double *change)
{
	double f = 1, next = INFINITY;
	if (g->burst_every > 0) {
		double k = floor(x / g->burst_every), in = x - k * g->burst_every;
		if (in < g->burst_len) {
			f = g->burst_factor;
			next = k * g->burst_every + g->burst_len;
		} else {
			next = (k + 1) * g->burst_every;
		}
	}
	if (g->wave_every > 0) {
		double step = g->wave_every / 64, k = floor(x / step);
		f *= 1 + g->wave_amp * 0.5 * (1 + sin(6.283185307179586 * (k + 0.5) / 64));
		next = fmin(next, (k + 1) * step);
	}
	if (g->ramp_factor > 0) {
		double step = (g->ramp_to - g->ramp_from) / RAMP_STEPS;
		if (x >= g->ramp_to) {
			f *= g->ramp_factor;
		} else if (x >= g->ramp_from) {
			double k = floor((x - g->ramp_from) / step);
			f *= 1 + (g->ramp_factor - 1) * (k + 0.5) / RAMP_STEPS;
			next = fmin(next, g->ramp_from + (k + 1) * step);
		} else {
			next = fmin(next, g->ramp_from);
		}
	}
	for (int i = 0; i < g->nspan; i++) {
		const struct span *s = &g->span[i];
		if (x >= s->from && x < s->to) {
			f = s->factor;
			next = fmin(next, s->to);
		} else if (x < s->from) {
			next = fmin(next, s->from);
		}
	}
	*change = next;
	return f;
}

static double cost_of(struct gen *g, const struct source *s)
{
	double c = s->cost * (1 + s->spread * gsl_ran_gaussian(g->rng, 1));
	return g->cur_grow * (c > 0.1 * s->cost ? c : 0.1 * s->cost);
}

static int by_time(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x < y) - (x > y);	/* latest first: the next is the last */
}

/* A burst at the mark `at`: its times, latest first. */
static void burst_at(struct gen *g, struct source *s, double at)
{
	for (unsigned k = 0; k < s->burst; k++)
		s->pending[k] = at + gsl_rng_uniform(g->rng) * s->width;
	qsort(s->pending, s->burst, sizeof *s->pending, by_time);
	s->npending = s->burst;
	s->next = s->pending[--s->npending];
}

/* The first mark of the source's grid at or after x. */
static double on_grid(const struct source *s, double x)
{
	return s->grid_phase + ceil((x - s->grid_phase) / s->grid) * s->grid;
}

static void advance(struct gen *g, struct source *s)
{
	if (s->bursts) {	/* the burst's next, or the next burst */
		if (s->npending > 0)
			s->next = s->pending[--s->npending];
		else
			burst_at(g, s, (s->mark += s->period));
		s->count++;
		return;
	}
	double *at = s->grid > 0 ? &s->ideal : &s->next;
	if (s->periodic)	/* the next mark it fires at */
		*at += s->period * (s->share < 1 ? gsl_ran_geometric(g->rng, s->share) : 1);
	else
		*at += gsl_ran_exponential(g->rng, 1 / s->rate);
	if (s->grid > 0)
		s->next = on_grid(s, s->ideal);
	s->count++;
}

/* The source whose next interrupt comes first, or -1. */
static int first_source(const struct gen *g)
{
	int k = -1;
	for (int i = 0; i < g->nsrc; i++)
		if (k < 0 || g->src[i].next < g->src[k].next)
			k = i;
	return k;
}

/* Wall time from x until nothing is pending: interrupts due by then are
 * taken (they stop whatever runs); in_run counts them as hits. */
static double take_due(struct gen *g, double x, int in_run)
{
	int k;
	while ((k = first_source(g)) >= 0 && g->src[k].next <= x) {
		const struct source *s = &g->src[k];
		if (s->to > s->from && (s->next < s->from || s->next >= s->to)) {
			advance(g, &g->src[k]);	/* outside its stretch: none */
			g->src[k].count--;
			continue;
		}
		g->src[k].last = g->src[k].next;
		x += cost_of(g, &g->src[k]);
		g->src[k].hits += in_run;
		g->run_hits |= in_run ? 1u << k : 0;
		g->run_count += (unsigned)in_run;
		advance(g, &g->src[k]);
	}
	return x;
}

/* What the runs slowed after a source's interrupts add to one that
 * starts at a. */
static double slowed_after(struct gen *g, double a)
{
	double add = 0;
	for (int i = 0; i < g->nsrc; i++) {
		struct source *s = &g->src[i];
		if (s->after_window > 0 && s->last > -INFINITY && a - s->last < s->after_window) {
			double c = s->after_cost * (1 + 0.3 * gsl_ran_gaussian(g->rng, 1));
			add += fmax(c, 0.1 * s->after_cost);
			s->slowed++;
			/* (the truth of the run: made longer by source i) */
			g->run_hits |= 1u << i;
			g->run_count++;
		}
	}
	return add;
}

/* A run of `work` units starting at wall time x: its end. */
static double run(struct gen *g, double x, double work)
{
	while (work > 0) {
		x = take_due(g, x, 1);
		double change, f = speed_at(g, x, &change);
		int k = first_source(g);
		double until = fmin(change, k >= 0 ? g->src[k].next : INFINITY);
		/* a change that rounding put at x itself (x - k every read
		 * as just short of a burst's end, at that end): past it */
		if (!(until > x)) {
			x = nextafter(x, INFINITY);
			continue;
		}
		if (x + work * f <= until) {
			x += work * f;
			break;
		}
		work -= (until - x) / f;
		x = until;
	}
	return take_due(g, x, 1);
}

static double reading(const struct gen *g, double x)
{
	return g->tick * floor(x / g->tick);
}

/* Counters as collect writes them: irq and preempt sources, counted. */
static void counters(const struct gen *g, const char *key, double ns)
{
	uint64_t irq = 0, pre = 0;
	for (int i = 0; i < g->nsrc; i++) {
		irq += g->src[i].kind == KIND_IRQ ? g->src[i].count : 0;
		pre += g->src[i].kind == KIND_PREEMPT ? g->src[i].count : 0;
	}
	printf("# %s: ns=%.0f irq=%llu loc=%llu ctxsw_invol=%llu ctxsw_vol=0 steal_ms=0\n",
	       key, ns, (unsigned long long)irq, (unsigned long long)irq,
	       (unsigned long long)pre);
}

static void header(const struct gen *g, const char *stream, double threshold)
{
	printf("# subtick 1\n");
	if (stream)
		printf("# stream: %s\n", stream);
	printf("# clock: synthetic\n# tick: %.0f\n# unit_ns: %.17g\n# overhead: %.0f\n",
	       g->tick, g->unit_ns, g->intercept);
	if (stream)
		printf("# kernel: trace\n");
	else
		printf("# kernel: disturb slope=%.17g intercept=%.17g\n# per: iterations\n",
		       g->slope, g->intercept);
	printf("# cpu: 0\n# host: disturb\n# date: 2026-01-01T00:00:00Z\n");
	if (stream)
		printf("# trace_read_interval: %.0f\n# trace_threshold: %.0f\n",
		       g->read_interval, threshold);
	/* the kernel's tick, as collect gives it: the first periodic source
	 * the kernel counts, firing at every mark */
	for (int i = 0; i < g->nsrc; i++)
		if (g->src[i].periodic && !g->src[i].bursts && g->src[i].kind == KIND_IRQ &&
		    g->src[i].share >= 1) {
			printf("# timer_period_ns: %.0f\n", g->src[i].period * g->unit_ns);
			break;
		}
	counters(g, "counters_start", 0);
}

static void truth(const struct gen *g)
{
	double ms = g->unit_ns * 1e-6;
	for (int i = 0; i < g->nspan; i++)
		printf("# truth_speed: factor=%.17g from_ms=%.6f to_ms=%.6f\n",
		       g->span[i].factor, g->span[i].from * ms, g->span[i].to * ms);
	if (g->burst_every > 0)
		printf("# truth_bursts: factor=%.17g length_ms=%.6f every_ms=%.6f\n",
		       g->burst_factor, g->burst_len * ms, g->burst_every * ms);
	if (g->wave_every > 0)
		printf("# truth_wave: amplitude=%.17g every_ms=%.6f\n", g->wave_amp,
		       g->wave_every * ms);
	if (g->ramp_factor > 0)
		printf("# truth_ramp: factor=%.17g from_ms=%.6f to_ms=%.6f\n", g->ramp_factor,
		       g->ramp_from * ms, g->ramp_to * ms);
	if (g->jitter.shape != SHAPE_NONE)
		printf("# truth_jitter: %s\n", g->jitter.spec);
	if (g->spread.shape != SHAPE_NONE)
		printf("# truth_spread: %s\n", g->spread.spec);
	if (g->grow > 0)
		printf("# truth_grow: %.17g\n", g->grow);
	for (int i = 0; i < g->nsrc; i++)
	{
		printf("# truth_source: %s hits=%llu count=%llu", g->src[i].spec,
		       (unsigned long long)g->src[i].hits,
		       (unsigned long long)g->src[i].count);
		if (g->src[i].periodic)
			printf(" phase_ms=%.9f", g->src[i].phase * ms);
		if (g->src[i].after_window > 0)
			printf(" slowed=%llu", (unsigned long long)g->src[i].slowed);
		if (g->src[i].to > g->src[i].from)
			printf(" from_ms=%.6f to_ms=%.6f in_runs_ms=%.6f", g->src[i].from * ms,
			       g->src[i].to * ms, g->src[i].in_runs * ms);
		printf("\n");
	}
	printf("# truth_%s_ms: %.6f\n", g->trace_s > 0 ? "lost" : "in_runs", g->in_runs * ms);
}

static void collection(struct gen *g)
{
	uint64_t *n = malloc(g->points * sizeof *n);
	size_t *order = malloc(g->points * sizeof *order);
	if (n == NULL || order == NULL)
		exit(1);
	for (uint64_t k = 0; k < g->points; k++) {
		n[k] = g->from + (uint64_t)llround((double)(g->to - g->from) *
						   (double)k / (double)(g->points - 1));
		order[k] = k;
	}
	header(g, NULL, 0);
	printf("# columns: n t at\n");
	double x = gsl_rng_uniform(g->rng) * g->tick, first = reading(g, x);
	double end = g->seconds > 0 ? units_of_ms(g, g->seconds * 1e3) : INFINITY;
	uint64_t samples = 0, sweeps = 0;
	for (; g->runs == 0 || sweeps < g->runs; sweeps++) {
		gsl_ran_shuffle(g->rng, order, g->points, sizeof *order);
		for (uint64_t k = 0; k < g->points && x - first < end; k++) {
			double work = g->intercept + g->slope * (double)n[order[k]];
			double a = take_due(g, x, 0);
			/* the spread: this run's work is a share x longer */
			double spread = fmin(draw_of(g->rng, &g->spread), 1);
			work *= 1 + spread;
			g->cur_grow = 1 + g->grow * (double)(n[order[k]] - g->from) /
					      (double)(g->to - g->from);
			g->run_hits = g->run_count = 0;
			double change, b = run(g, a, work);
			g->cur_grow = 1;
			b += slowed_after(g, a);
			b += draw_of(g->rng, &g->jitter);
			g->in_runs += b - a;
			for (int i = 0; i < g->nsrc; i++)
				if (g->src[i].to > g->src[i].from)
					g->src[i].in_runs += fmax(0, fmin(b, g->src[i].to) -
									 fmax(a, g->src[i].from));
			if (g->truth_runs)
				fprintf(g->truth_runs, "%llu\t%.0f\t%u\t%.6g\t%u\n",
					(unsigned long long)n[order[k]], reading(g, a) - first,
					g->run_hits,
					speed_at(g, a, &change) *
						(g->spread.shape == SHAPE_TWOSPEED ? 1 + spread : 1),
					g->run_count);
			printf("%llu\t%.0f\t%.0f\n", (unsigned long long)n[order[k]],
			       reading(g, b) - reading(g, a), reading(g, a) - first);
			samples++;
			x = b + g->gap * (1 + gsl_rng_uniform(g->rng));
		}
		if (x - first >= end)
			break;
	}
	counters(g, "counters_end", (x - first) * g->unit_ns);
	truth(g);
	printf("# done: samples=%llu dropped=0 migrations=0 backsteps=0 sweeps=%llu seconds=%.3f duty=1 stop=runs\n",
	       (unsigned long long)samples, (unsigned long long)sweeps,
	       (x - first) * g->unit_ns * 1e-9);
	free(n);
	free(order);
}

/* The reading loop of collect --trace: a gap is a stop of the loop (one
 * or more interrupts back to back) plus the read interval it spans. */
static void trace(struct gen *g)
{
	double threshold = 10 * g->read_interval;
	header(g, "trace", threshold);
	printf("# columns: start length\n");
	double end = units_of_ms(g, g->trace_s * 1e3), x = 0;
	uint64_t gaps = 0;
	int k;
	while ((k = first_source(g)) >= 0 && g->src[k].next < end) {
		double start = g->src[k].next;
		double y = take_due(g, start, 1);
		/* the reads before and after the stop */
		double before = start - gsl_rng_uniform(g->rng) * g->read_interval;
		double after = y + gsl_rng_uniform(g->rng) * g->read_interval;
		double len = reading(g, after) - reading(g, before);
		if (len > threshold && before >= x) {
			printf("%.0f\t%.0f\n", reading(g, before), len);
			gaps++;
		}
		x = after;
		g->in_runs += y - start;
	}
	counters(g, "counters_end", end * g->unit_ns);
	truth(g);
	printf("# done: gaps=%llu seconds=%.3f stop=time\n", (unsigned long long)gaps,
	       g->trace_s);
}

int main(int argc, char **argv)
{
	struct gen g;
	parse(argc, argv, &g);
	g.rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(g.rng, g.seed);
	for (int i = 0; i < g.nsrc; i++) {
		struct source *s = &g.src[i];
		s->next = s->periodic ? gsl_rng_uniform(g.rng) * s->period
				      : gsl_ran_exponential(g.rng, 1 / s->rate);
		if (s->periodic && s->phase_us >= 0)	/* (drawn all the same: the
							 * other sources' as before) */
			s->next = units_of_us(&g, s->phase_us);
		s->phase = s->periodic ? s->next : 0;
		s->last = -INFINITY;
		if (s->grid > 0)
			s->ideal = s->next, s->next = on_grid(s, s->ideal);
		if (s->bursts) {
			s->mark = s->phase;
			burst_at(&g, s, s->mark);
		}
	}
	if (g.trace_s > 0)
		trace(&g);
	else
		collection(&g);
	gsl_rng_free(g.rng);
	if (g.truth_runs && fclose(g.truth_runs) != 0)
		return 1;
	return ferror(stdout) ? 1 : 0;
}
