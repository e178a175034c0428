/*
 * help.c - collect's --help and synopsis (help.h).  Each option in one to
 * three lines with its default, taken from the code (options_defaults and
 * the constants); the manual (options.c) says all of each.
 */
#include "help.h"
#include "helptext.h"

#include "calibrate.h"
#include "clock.h"
#include "exec_check.h"
#include "options.h"
#include "plan.h"
#include "trace.h"

const char *collect_synopsis(void)
{
	return
"    collect [OPTIONS]\n"
"    collect --list-clocks [--clock NAME] [--coarsen BITS]\n"
"    collect --trace SECONDS [--clock NAME] [--cpu K] [-o FILE]\n";
}

/* "tsc, monotonic, ...": the clocks' names. */
static void clock_names(char *buf, size_t len)
{
	size_t count, at = 0;
	const struct clock_source *clocks = clock_table(&count);
	buf[0] = '\0';
	for (size_t i = 0; i < count && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "", clocks[i].name);
}

/* Each group below: for collect-mpi (mpi), only the options it takes as
 * collect does; it says its own itself. */
static void clock_options(FILE *out, const struct collect_options *d, int mpi)
{
	char names[256];
	clock_names(names, sizeof names);
	help_group(out, "clock:");
	help_option(out, "-c, --clock NAME", "the clock to read (default %s): %s",
		    d->clock, names);
	help_option(out, "--coarsen BITS", "drop the low BITS bits of the clock's tick count, 0..%d: a clock 2^BITS times coarser, to show sub-tick recovery (default %u)",
		    CALIBRATE_COARSEN_MAX, d->coarsen_bits);
	help_option(out, "--also-clock NAME", "also read clock NAME, raw, around the same runs: a fourth column t2 (analyze --column t2); with --coarsen, NAME may be --clock's (default: none)");
	if (!mpi)
		help_option(out, "--list-clocks", "for each clock (or --clock NAME): its tick, clock_getres(), read cost and ns per unit; then exit");
}

static void kernel_options(FILE *out, const struct collect_options *d, int mpi)
{
	help_group(out, "what to time:");
	if (!mpi)
		help_option(out, "-k, --kernel KERNEL", "%s (default): N dependent decrements; memcpy: copy N bytes; FILE.so:SYMBOL: a kernel of yours (subtick/kernel.h). Twice: A and B, timed in turn",
			    d->kernel);
	help_option(out, "--kernel-arg S", "hand the string S to a user kernel's NAME_setup_arg (default: none)");
	if (mpi)
		return;
	help_option(out, "--check-tolerance REL", "two user kernels' NAME_result, checked before sampling: B's doubles within REL of A's largest (default %g); bytes must be equal",
		    d->check_tolerance);
	help_option(out, "--exec 'CMD {N}'", "time a whole command per N ({N} replaced by N, split on blanks); its CPU times in columns user, sys, cpu. Twice: A and B. Needs --n or --range");
	help_option(out, "--shell", "run --exec and --prepare through /bin/sh -c (a pipeline, a redirection, a variable)");
	help_option(out, "--prepare 'CMD {N}'", "run CMD before every run, untimed (to make an input)");
	help_option(out, "--exec-timeout SECONDS", "end a run (or --prepare) still going after SECONDS; it is not written, but counted (timeouts=) (default: none)");
	help_option(out, "--check-output", "with two --exec, before timing: compare A's and B's standard output at the smallest, the largest and %d random N; a difference stops (exit 1)",
		    EXEC_CHECK_RANDOM);
}

static void plan_options(FILE *out, const struct collect_options *d)
{
	help_group(out, "which N:");
	help_option(out, "--n LIST", "time these N, comma separated (1000,1e6) (default: automatic, %d N from the clock's tick and the kernel's cost, within the budget)",
		    PLAN_AUTO_POINTS);
	help_option(out, "--range FROM:TO[:COUNT]", "COUNT (default %d) values of N from FROM to TO",
		    PLAN_RANGE_POINTS);
	help_option(out, "--geometric", "space --range's values evenly in log N (default: evenly in N)");
	help_option(out, "--precision P", "wanted relative precision of the unit cost, for the automatic plan (default %g; REL/2 with --until)",
		    d->precision);
	help_option(out, "--max-n N", "the largest N the automatic plan may choose (default: none, but it stops below a jump of the cost per unit; memcpy: half the L2 cache)");
	help_option(out, "--force", "collect even when the automatic plan's longest run spans fewer than %d ticks (refused by default)",
		    PLAN_MIN_TICKS);
}

static void stop_options(FILE *out)
{
	help_group(out, "how long:");
	help_option(out, "-r, --runs R", "take R sweeps: R runs at every N (default: as many as the budget allows)");
	help_option(out, "-b, --budget SECONDS", "stop sampling after SECONDS (default %g s, %g s with --until, none with --runs alone); calibration (< 1 s) is extra",
		    OPTIONS_DEFAULT_BUDGET_S, OPTIONS_UNTIL_BUDGET_S);
	help_option(out, "--until REL", "sample until the unit cost's bounds span less than REL of it, 5 runs at every N, on a plan sized for it; missed or stop=drift: exit 3 (default: off)");
	help_option(out, "--kbest K[:EPS]", "also stop once, for every N, the K smallest timings agree within EPS (default %g); K 1..1000, one kernel only",
		    OPTIONS_DEFAULT_KBEST_EPS);
}

static void run_options(FILE *out, int mpi)
{
	help_group(out, "where:");
	if (!mpi)
		help_option(out, "--cpu K", "pin to CPU K (default: the CPU collect starts on)");
	help_option(out, "--no-priority", "do not try to raise the priority (default: nice -20 where allowed)");
	help_option(out, "--seed S", "seed of the shuffled order of N, 1..4294967295 (default: from the time)");
	help_group(out, "output:");
	if (!mpi)
		help_option(out, "-o, --output FILE", "write the stream to FILE (default stdout; -: stdout), emptied only when sampling starts; with two kernels, twice: A's, then B's");
	help_option(out, "-q, --quiet", "no progress bar (default: one on stderr when it is a terminal)");
	if (!mpi)
		help_option(out, "--trace SECONDS", "time no kernel: record every gap in reading the clock for SECONDS (at most %g), with the kernel's counters; takes --clock, --cpu, --no-priority, -o, -q",
			    TRACE_SECONDS_MAX);
}

void collect_help_options(FILE *out, int mpi)
{
	struct collect_options d = options_defaults("collect");
	clock_options(out, &d, mpi);
	kernel_options(out, &d, mpi);
	plan_options(out, &d);
	stop_options(out);
	run_options(out, mpi);
}

void collect_help(FILE *out)
{
	help_usage(out, collect_synopsis());
	fputs("\nTimes a kernel at many N and writes the subtick stream (collect | analyze).\n", out);
	collect_help_options(out, 0);
	help_last(out, "collect");
}
