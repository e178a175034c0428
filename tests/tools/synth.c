/*
 * synth - a subtick stream with a known truth, for tests and benchmarks.
 *
 * A run at N takes D = intercept + slope * N + noise clock units of real
 * time, where the noise is one-sided: exponential jitter (mean --jitter),
 * plus, with probability 1 - exp(-D / --interrupt-every), an interrupt
 * costing --interrupt-cost (times 1 + an exponential of mean 1): longer
 * runs are hit more often.  Interrupts may also strike at fixed times
 * (--period P: every P units, when a run is in progress).
 *
 * The clock steps every --tick units: a reading at real time x is
 * tick * floor(x / tick), and runs start at random phases, as on a real
 * clock.  t = reading(end) - reading(start), at = reading(start) -
 * reading(first start).  --float writes t in seconds (--unit-ns per unit)
 * as another tool would, with no header.
 *
 * Usage: synth [--slope S] [--intercept I] [--tick T] [--range A:B:K]
 *              [--runs R] [--jitter J] [--interrupt-every E]
 *              [--interrupt-cost C] [--period P] [--gap G] [--seed S]
 *              [--unit-ns U] [--float] [--drift D] [--pair RATIO FILE]
 *              [--in-order]
 *
 * --drift D: the machine slows down (D > 0) during the collection: every
 * run's required time grows linearly from x1 at the first sweep to
 * x(1 + D) at the last, so that the truth is a range of unit costs.
 *
 * --in-order: every sweep takes the N in increasing order (another
 * tool's sweeps), and the drift grows run by run, not sweep by sweep.
 *
 * --pair RATIO FILE: two kernels timed in turn, as collect --kernel A
 * --kernel B writes them: A (slope S) to stdout, B (slope S x RATIO, the
 * same intercept) to FILE, both at every N of every sweep in a random
 * order, on one time base, under the same drift and interrupts.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

struct truth {
	double slope, intercept, tick, jitter;
	double interrupt_every, interrupt_cost, period, gap, unit_ns;
	double drift;	/* the cost grows by this share from first to last sweep */
	uint64_t from, to, points, runs;
	unsigned long seed;
	int float_out;
	int in_order;		/* sweeps in increasing N, the drift per run */
	double pair_ratio;	/* --pair: B's slope / A's; 0: one kernel */
	const char *pair_file;
};

static double arg_number(const char *opt, const char *s)
{
	char *end;
	double v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || !isfinite(v) || v < 0) {
		fprintf(stderr, "synth: %s '%s': expected a non-negative number\n", opt, s);
		exit(2);
	}
	return v;
}

static void parse(int argc, char **argv, struct truth *t)
{
	*t = (struct truth){ .slope = 1.15, .intercept = 60, .tick = 2,
			     .jitter = 5, .interrupt_every = 9.2e6,
			     .interrupt_cost = 5000, .gap = 200,
			     .unit_ns = 0.4347826, .from = 1000,
			     .to = 400000, .points = 64, .runs = 100,
			     .seed = 1 };
	for (int i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
		if (strcmp(o, "--float") == 0) { t->float_out = 1; continue; }
		if (strcmp(o, "--in-order") == 0) { t->in_order = 1; continue; }
		if (strcmp(o, "--pair") == 0 && i + 2 < argc) {
			t->pair_ratio = arg_number(o, v);
			t->pair_file = argv[i + 2];
			i += 2;
			continue;
		}
		if (strcmp(o, "--range") == 0) {
			unsigned long long a, b, k;
			if (sscanf(v, "%llu:%llu:%llu", &a, &b, &k) != 3 || a >= b || k < 2) {
				fprintf(stderr, "synth: --range '%s': expected A:B:K\n", v);
				exit(2);
			}
			t->from = a, t->to = b, t->points = k;
		} else if (strcmp(o, "--slope") == 0) t->slope = arg_number(o, v);
		else if (strcmp(o, "--intercept") == 0) t->intercept = arg_number(o, v);
		else if (strcmp(o, "--tick") == 0) t->tick = arg_number(o, v);
		else if (strcmp(o, "--runs") == 0) t->runs = (uint64_t)arg_number(o, v);
		else if (strcmp(o, "--jitter") == 0) t->jitter = arg_number(o, v);
		else if (strcmp(o, "--interrupt-every") == 0) t->interrupt_every = arg_number(o, v);
		else if (strcmp(o, "--drift") == 0) t->drift = arg_number(o, v);
		else if (strcmp(o, "--interrupt-cost") == 0) t->interrupt_cost = arg_number(o, v);
		else if (strcmp(o, "--period") == 0) t->period = arg_number(o, v);
		else if (strcmp(o, "--gap") == 0) t->gap = arg_number(o, v);
		else if (strcmp(o, "--seed") == 0) t->seed = (unsigned long)arg_number(o, v);
		else if (strcmp(o, "--unit-ns") == 0) t->unit_ns = arg_number(o, v);
		else {
			fprintf(stderr, "synth: unknown option '%s'\n", o);
			exit(2);
		}
		i++;
	}
	if (!(t->tick >= 1) && !t->float_out) {
		fprintf(stderr, "synth: --tick must be >= 1 for integer output\n");
		exit(2);
	}
}

static double reading(const struct truth *t, double x)
{
	return t->tick * floor(x / t->tick);
}

/* Real duration of one run starting at real time start. */
static double duration(const struct truth *t, gsl_rng *r, uint64_t n,
		       double start, double progress, double slope)
{
	double d = (t->intercept + slope * (double)n) * (1 + t->drift * progress);
	if (t->jitter > 0)
		d += gsl_ran_exponential(r, t->jitter);
	if (t->interrupt_every > 0 &&
	    gsl_rng_uniform(r) < 1 - exp(-d / t->interrupt_every))
		d += t->interrupt_cost * (1 + gsl_ran_exponential(r, 1));
	if (t->period > 0) {
		/* timer interrupts at k * period that fall inside the run */
		double k0 = ceil(start / t->period), k1 = floor((start + d) / t->period);
		if (k1 >= k0)
			d += (k1 - k0 + 1) * t->interrupt_cost;
	}
	return d;
}

static void header(FILE *f, const struct truth *t, double slope, const char *side)
{
	fprintf(f, "# subtick 1\n# clock: synthetic\n# tick: %.0f\n# unit_ns: %.17g\n",
		t->tick, t->unit_ns);
	fprintf(f, "# overhead: %.0f\n# kernel: synthetic slope=%.17g intercept=%.17g\n",
		t->intercept, slope, t->intercept);
	fprintf(f, "# cpu: 0\n# host: synth\n# date: 2026-01-01T00:00:00Z\n");
	if (side != NULL)
		fprintf(f, "# interleaved: synth%lu\n# interleave_side: %s\n",
			t->seed, side);
	fprintf(f, "# columns: n t at\n");
}

int main(int argc, char **argv)
{
	struct truth t;
	parse(argc, argv, &t);
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, t.seed);
	uint64_t *n = malloc(t.points * sizeof *n);
	size_t *order = malloc(t.points * sizeof *order);
	if (n == NULL || order == NULL)
		return 1;
	for (uint64_t k = 0; k < t.points; k++) {
		n[k] = t.from + (uint64_t)llround((double)(t.to - t.from) * (double)k /
						   (double)(t.points - 1));
		order[k] = k;
	}
	int pair = t.pair_file != NULL;
	FILE *fb = pair ? fopen(t.pair_file, "w") : NULL;
	if (pair && (fb == NULL || t.float_out)) {
		fprintf(stderr, "synth: --pair: cannot write %s (or --float given)\n", t.pair_file);
		return 2;
	}
	FILE *out[2] = { stdout, fb };
	double slope[2] = { t.slope, t.slope * t.pair_ratio };
	if (!t.float_out)
		header(stdout, &t, t.slope, pair ? "A" : NULL);
	if (pair)
		header(fb, &t, slope[1], "B");
	double now = gsl_rng_uniform(r) * (t.tick > 0 ? t.tick : 1), first = -1;
	for (uint64_t sweep = 0; sweep < t.runs; sweep++) {
		if (!t.in_order)
			gsl_ran_shuffle(r, order, t.points, sizeof *order);
		for (uint64_t k = 0; k < t.points; k++) {
			uint64_t nn = n[order[k]];
			int one = pair ? (int)gsl_rng_uniform_int(r, 2) : 0;
			for (int j = 0; j < 1 + pair; j++) {
				int side = pair ? (one + j) % 2 : 0;
				double progress = t.in_order
					? (double)(sweep * t.points + k) / (double)(t.runs * t.points - 1)
					: t.runs > 1 ? (double)sweep / (double)(t.runs - 1) : 0;
				double d = duration(&t, r, nn, now, progress, slope[side]);
				if (t.float_out) {
					printf("%llu %.9e\n", (unsigned long long)nn, d * t.unit_ns * 1e-9);
				} else {
					double a = reading(&t, now), b = reading(&t, now + d);
					if (first < 0)
						first = a;
					fprintf(out[side], "%llu\t%.0f\t%.0f\n", (unsigned long long)nn,
						b - a, a - first);
				}
				now += d + t.gap * (1 + gsl_rng_uniform(r));
			}
		}
	}
	for (int j = 0; j < 1 + pair && !t.float_out; j++)
		fprintf(out[j], "# done: samples=%llu dropped=0 migrations=0 sweeps=%llu seconds=0 duty=1 stop=runs\n",
			(unsigned long long)(t.points * t.runs), (unsigned long long)t.runs);
	if (fb != NULL && fclose(fb) != 0)
		return 1;
	gsl_rng_free(r);
	free(n);
	free(order);
	return ferror(stdout) ? 1 : 0;
}
