/*
 * options.c - getopt_long, range checks, the manual (--manual).
 */
#include "options.h"
#include "help.h"
#include "helptext.h"
#include "suggest.h"

#include <getopt.h>
#include <string.h>

#include "calibrate.h"
#include "clock.h"
#include "exec_check.h"
#include "exec_child.h"
#include "kernel.h"
#include "numparse.h"
#include "plan.h"
#include "trace.h"
#include "version.h"


enum {
	OPT_COARSEN = 256, OPT_ALSO_CLOCK, OPT_LIST_CLOCKS, OPT_N, OPT_RANGE, OPT_GEOMETRIC,
	OPT_PRECISION, OPT_UNTIL, OPT_MAX_N, OPT_KBEST, OPT_CPU, OPT_NO_PRIORITY, OPT_SEED,
	OPT_VERSION, OPT_FORCE, OPT_KERNEL_ARG, OPT_EXEC, OPT_PREPARE, OPT_SHELL,
	OPT_CHECK_TOLERANCE, OPT_EXEC_TIMEOUT, OPT_CHECK_OUTPUT, OPT_TRACE,
	OPT_MANUAL,
};

static const struct option long_options[] = {
	{ "clock", required_argument, NULL, 'c' },
	{ "coarsen", required_argument, NULL, OPT_COARSEN },
	{ "also-clock", required_argument, NULL, OPT_ALSO_CLOCK },
	{ "list-clocks", no_argument, NULL, OPT_LIST_CLOCKS },
	{ "kernel", required_argument, NULL, 'k' },
	{ "n", required_argument, NULL, OPT_N },
	{ "range", required_argument, NULL, OPT_RANGE },
	{ "geometric", no_argument, NULL, OPT_GEOMETRIC },
	{ "runs", required_argument, NULL, 'r' },
	{ "budget", required_argument, NULL, 'b' },
	{ "precision", required_argument, NULL, OPT_PRECISION },
	{ "until", required_argument, NULL, OPT_UNTIL },
	{ "max-n", required_argument, NULL, OPT_MAX_N },
	{ "kbest", required_argument, NULL, OPT_KBEST },
	{ "cpu", required_argument, NULL, OPT_CPU },
	{ "no-priority", no_argument, NULL, OPT_NO_PRIORITY },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "output", required_argument, NULL, 'o' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "kernel-arg", required_argument, NULL, OPT_KERNEL_ARG },
	{ "exec", required_argument, NULL, OPT_EXEC },
	{ "prepare", required_argument, NULL, OPT_PREPARE },
	{ "shell", no_argument, NULL, OPT_SHELL },
	{ "check-tolerance", required_argument, NULL, OPT_CHECK_TOLERANCE },
	{ "exec-timeout", required_argument, NULL, OPT_EXEC_TIMEOUT },
	{ "check-output", no_argument, NULL, OPT_CHECK_OUTPUT },
	{ "trace", required_argument, NULL, OPT_TRACE },
	{ "help", no_argument, NULL, 'h' },
	{ "manual", no_argument, NULL, OPT_MANUAL },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

void options_help(FILE *out)
{
	size_t count;
	const struct clock_source *clocks = clock_table(&count);

	fputs(
"NAME\n"
"    collect - time a kernel whose cost is linear in N, many runs at many N\n"
"\n"
"SYNOPSIS\n", out);
	fputs(collect_synopsis(), out);
	fputs(
"\n"
"DESCRIPTION\n"
"    Times a kernel (built-in or from a shared object) at many values of N,\n"
"    reading a clock with serialized reads before and after each run, and\n"
"    writes one line per run, \"n t at\", to standard output: the subtick\n"
"    stream, read by analyze (see data/FORMAT.md).  Before sampling it\n"
"    detects the clock's real tick (the gcd of many small clock\n"
"    differences, by a 3/4 majority), calibrates nanoseconds per clock unit\n"
"    against CLOCK_MONOTONIC_RAW, measures the back-to-back read cost, pins\n"
"    itself to one CPU and raises its priority where allowed.  Runs are\n"
"    taken in sweeps over a shuffled order of N, after one unwritten\n"
"    warm-up sweep; a run during which the CPU changed is dropped.\n"
"\n"
"    With no --n or --range, collect probes the kernel and picks 64 values\n"
"    of N so that the longest run spans resolution/precision clock units\n"
"    (resolution = the larger of the detected tick and clock_getres(); 10^4\n"
"    of them for the default precision), within the budget.  It refuses a\n"
"    plan whose longest run spans fewer than 10 ticks (--force), and stops\n"
"    N below a jump of the cost per unit (a buffer leaving a cache) unless\n"
"    --max-n is given or the kernel is count (it touches no memory); the\n"
"    header's max_n_reason says which limit held.\n"
"\n"
"    Two kernels (--kernel or --exec given twice, A then B, with -o twice)\n"
"    are timed in turn at every N of one plan, in an order drawn afresh for\n"
"    each N, each into its own stream; at counts from one start for both.\n"
"    A machine whose speed drifts then slows A and B alike, and analyze\n"
"    --compare A.st B.st pairs their stretches of time, so the drift\n"
"    leaves the ratio's bounds.  The automatic plan sizes each kernel's\n"
"    runs on its own cost (B's N are A's scaled by the ratio of their\n"
"    costs), probes both in turn so that it stops below the first jump of\n"
"    either's cost per unit with the other's data beside it, gives each\n"
"    half the budget, and measures each one's cost in turn against alone\n"
"    (header in_turn_vs_alone; analyze warns beyond 5%).\n"
"\n"
"    --trace SECONDS writes an activity trace instead of timing a kernel:\n"
"    pinned and prioritized the same way, a loop reads the clock as fast as\n"
"    it can for SECONDS and keeps every gap between two readings longer\n"
"    than ten times its own median read interval, as \"start length\"\n"
"    (clock units), with what the kernel counted on that CPU meanwhile\n"
"    (interrupts from /proc/interrupts, involuntary context switches,\n"
"    steal time) at its start and end.  analyze reads it: interruptions per\n"
"    second, their cost, periods, the share of time lost, and what the\n"
"    kernel saw of them.  A collection records the same counters\n"
"    (counters_start, counters_end).  The trace is written when it ends\n"
"    (after a stop signal too): -o FILE beside FILE, renamed over it\n"
"    then, an old FILE kept until then.\n"
"\n"
	      , out);
	fprintf(out,
"OPTIONS\n"
"    -c, --clock NAME      clock to read (default %s); see CLOCKS\n"
"        --coarsen BITS    drop the low BITS bits of the clock's tick count:\n"
"                          a clock that steps 2^BITS times more coarsely\n"
"                          (0..%d), to show sub-tick recovery\n"
"        --also-clock NAME also read clock NAME (raw, never coarsened) around\n"
"                          the same runs, inside the first clock's reads:\n"
"                          a fourth column t2 (analyze --column t2), to\n"
"                          compare two clocks on identical runs; with\n"
"                          --coarsen, NAME may be the clock itself (the\n"
"                          coarsened clock against its raw reading)\n"
"        --list-clocks     for each clock (or --clock NAME): detected tick\n"
"                          in units and ns (the mean step, where the steps\n"
"                          are uneven: 10 ns and now and then 11),\n"
"                          clock_getres() claim, read cost, ns per unit;\n"
"                          then exit\n"
"    -k, --kernel KERNEL   count (default): n iterations of a dependent\n"
"                          decrement; memcpy: copy n bytes; FILE.so:SYMBOL:\n"
"                          a user kernel, see subtick/kernel.h.  Twice: A\n"
"                          and B, timed in turn (see DESCRIPTION)\n"
"        --exec 'CMD {N}'  time a whole command per N ({N} replaced by N):\n"
"                          fork, exec, wait4 on the chosen clock; the\n"
"                          child's user and system time become columns\n"
"                          user, sys and their sum cpu (ns; analyze\n"
"                          --column cpu).  Linux splits CPU time between\n"
"                          user and sys at timer ticks: fit cpu unless runs\n"
"                          span many ticks.  No shell: the command is split\n"
"                          on blanks.  Twice: A and B, as for --kernel.\n"
"                          The command runs in a process group of its own,\n"
"                          whose rest is killed when it exits (a child left\n"
"                          in the background); on SIGINT, SIGTERM or SIGHUP\n"
"                          the group gets SIGTERM, then SIGKILL after %g s,\n"
"                          and the collection ends as below (# interrupted);\n"
"                          if collect is killed (kill -9), the command's\n"
"                          process gets SIGKILL\n"
"        --shell           run --exec and --prepare through /bin/sh -c\n"
"        --exec-timeout SECONDS\n"
"                          end a run (or --prepare) still going after\n"
"                          SECONDS as a signal would; the run is not\n"
"                          written, and the last line counts it (timeouts=)\n"
"        --check-output    with two --exec: before timing, run A and B at\n"
"                          the smallest, the largest and %d random N of the\n"
"                          plan and compare their standard outputs byte for\n"
"                          byte; a difference stops the collection (exit 1,\n"
"                          the N named); the header's key checked says what\n"
"                          was compared\n"
"        --prepare 'CMD {N}'\n"
"                          run before every run, untimed (make an input);\n"
"                          what it leaves in the background runs on\n",
		clock_default_name(), CALIBRATE_COARSEN_MAX, EXEC_GRACE_S,
		EXEC_CHECK_RANDOM);
	fprintf(out,
"        --kernel-arg S    hand the string S to a user kernel's\n"
"                          NAME_setup_arg (see subtick/kernel.h)\n"
"        --check-tolerance REL\n"
"                          a user kernel with NAME_check is run untimed and\n"
"                          checked at the smallest, the largest and three\n"
"                          random N before sampling (and at the largest\n"
"                          after); with two kernels that have NAME_result,\n"
"                          B's result must equal A's: bytes exactly, doubles\n"
"                          within REL of A's largest magnitude (default\n"
"                          %g).  A failure stops collect before anything\n"
"                          is timed (exit 1); the header key checked says\n"
"                          what was checked (see subtick/kernel.h)\n"
"        --n LIST          time these N, comma separated (1000,1e6)\n"
"        --range FROM:TO[:COUNT]\n"
"                          COUNT values of N from FROM to TO (default %d)\n"
"        --geometric       space --range values evenly in log N\n"
"    -r, --runs R          take R sweeps (R runs at every N)\n"
"    -b, --budget SECONDS  stop sampling after SECONDS (default %g when\n"
"                          --runs is not given); with --runs, whichever\n"
"                          comes first.  Calibration (< 1 s) is extra\n"
"        --precision P     wanted relative precision of the unit cost, for\n"
"                          the automatic plan (default %g; REL/2 with\n"
"                          --until)\n"
"        --until REL       sample until the unit cost's bounds (tick band\n"
"                          and subsampling, as analyze computes them,\n"
"                          fitted between sweeps) span less than REL of it\n"
"                          (their whole width, hi - lo), for every kernel,\n"
"                          with 5 runs at every N, or the budget runs out\n"
"                          (default budget with --until: 60 s).  The last\n"
"                          line gives the stop and the width reached\n"
"                          (stop=until precision=...).  The automatic\n"
"                          plan then takes the run length and the count\n"
"                          of N (8 to 64) of least expected time to REL,\n"
"                          from the tick, the cost, and the interruptions\n"
"                          (at first the timer's rate), and takes them\n"
"                          again between sweeps from what the fits\n"
"                          measure where that is expected sooner.  Where\n"
"                          the fifths of the collection drift apart beyond\n"
"                          their bands by more than REL and stay apart\n"
"                          while the samples double, the machine's speed\n"
"                          moved: collect stops (stop=drift, exit 3) and\n"
"                          names the fifths and the movement.  Not met when\n"
"                          the budget, --runs or --kbest ends the sampling\n"
"                          first: exit 3, the stream whole all the same,\n"
"                          and stderr says the width reached and why, as\n"
"                          far as collect can tell: still falling (the\n"
"                          time it would take at that pace), or not (the\n"
"                          fifths disagree, the tick band, the halves of\n"
"                          the collection apart; analyze's report says\n"
"                          more)\n",
		OPTIONS_DEFAULT_CHECK_TOLERANCE, PLAN_RANGE_POINTS,
		OPTIONS_DEFAULT_BUDGET_S, OPTIONS_DEFAULT_PRECISION);
	/* (in parts: a string literal of more than 4095 bytes is beyond C99) */
	fprintf(out,
"        --max-n N         the largest N the automatic plan may choose\n"
"                          (default: none; memcpy: half the L2 cache, so\n"
"                          both buffers stay in it)\n"
"        --kbest K[:EPS]   also stop once, for every N, the K smallest\n"
"                          timings agree within EPS (default %g); the\n"
"                          automatic plan's smallest N then runs 2 x\n"
"                          tick / EPS by the probe's cost, so that the\n"
"                          clock can tell the K apart, and is raised where\n"
"                          its runs take less than tick / EPS (the plan's\n"
"                          header says so); a plan given with --n or\n"
"                          --range is refused there (exit 2)\n",
		OPTIONS_DEFAULT_KBEST_EPS);
	/* (in two: a string literal of more than 4095 bytes is beyond C99) */
	fputs(
"        --cpu K           pin to CPU K (default: the current CPU)\n"
"        --no-priority     do not try to raise the priority (nice -20)\n"
"        --seed S          seed of the shuffled order, 1..4294967295 (default:\n"
"                          from the time)\n"
"    -o, --output FILE     write the stream to FILE instead of stdout (-:\n"
"                          stdout); with two kernels, twice: A's file, then\n"
"                          B's.  An existing FILE is emptied only when the\n"
"                          first sample is due (after the warm-up): a\n"
"                          collection that fails or is stopped before\n"
"                          leaves it as it was.  Neither FILE nor stdout\n"
"                          may be a kernel's shared object, nor FILE a\n"
"                          directory or a symbolic link to a file (exit 2);\n"
"                          a FIFO needs its reader first (exit 1).  With\n"
"                          --trace, a new or regular FILE only\n"
"    -q, --quiet           no progress bar\n"
"        --force           collect even when the automatic plan's longest\n"
"                          run spans fewer than 10 ticks\n"
"        --trace SECONDS   the activity trace (see DESCRIPTION), at most an\n"
"                          hour; with --clock, --cpu, --no-priority, -o\n"
"    -h, --help            every option in a few lines, with its default\n"
"        --manual          this text, the manual (man collect)\n"
"        --version         print the version\n"
"\n"
"CLOCKS\n", out);
	for (size_t i = 0; i < count; i++)
		fprintf(out, "    %-18s%s\n", clocks[i].name, clocks[i].summary);
	fprintf(out,
"\n"
"OUTPUT\n"
"    Header lines \"# key: value\" (clock, tick, unit_ns, overhead, kernel,\n"
"    cpu, host, date, ... columns), then one line per run: n, t (end - start,\n"
"    clock units, nothing subtracted), at (start - first start, clock\n"
"    units), and with --also-clock t2 (the second clock's end - start; its\n"
"    keys are clock2, tick2, unit_ns2, overhead2).  The last line is\n"
"    \"# done: ...\" or, after SIGINT, SIGTERM or SIGHUP (not ignored, as\n"
"    under nohup), \"# interrupted: ...\": the run in hand is dropped, at\n"
"    once for a built-in kernel or a command, at its end for a user kernel\n"
"    (a second signal then stops at once, without a last line).  Lines are\n"
"    never half-written.\n"
"\n"
"    When stderr is a terminal, a progress line is drawn there (-q: none):\n"
"    the time so far and the budget, each kernel's unit cost, the width\n"
"    of its bounds over it (hi - lo, the wider kernel's), and the samples;\n"
"    with --until, the width wanted beside it and what the width's trend\n"
"    says: \"~40 s to go\" or \"~3 h: beyond the budget\" where it falls,\n"
"    \"not falling\" (it falls slower than more samples would make it:\n"
"    the machine or the plan limits it), \"no clear trend\".  The trend is\n"
"    a least-squares fit of the width to the samples on log scales over\n"
"    the latest three quarters of them; the time to go follows width ~\n"
"    samples^-1/2, and stays as it was, counted down, while the fit's 95%%\n"
"    limits hold it.\n"
"\n"
"EXIT STATUS\n"
"    0 done (also when the reader of stdout went away); 1 runtime error;\n"
"    2 usage error; 3 --until REL not met: the budget, --runs or --kbest\n"
"    ended the sampling with the bounds wider than REL (or fewer than 5\n"
"    runs at some N), or the machine's speed moved by more than REL\n"
"    (stop=drift), the stream whole all the same (its last line says\n"
"    stop=budget precision=...); 130 after SIGINT, 143 after SIGTERM, 129\n"
"    after SIGHUP (every complete sample is kept).  In collect | analyze\n"
"    the shell reports analyze's status; set -o pipefail (or bash's\n"
"    ${PIPESTATUS[0]}) gives collect's too.\n"
"\n"
"EXAMPLES\n"
"    collect | analyze\n"
"    collect --kernel memcpy --range 1024:262144:64 --runs 200 -o memcpy.st\n"
"    collect --clock monotonic-coarse --budget 60 | analyze\n"
"    collect --clock monotonic-coarse --also-clock tsc --budget 60 -o s.st\n"
"    analyze s.st; analyze --column t2 s.st    # one run, two clocks\n"
"    collect --coarsen 14 | analyze\n"
"    collect --kernel ./libmine.so:mine --budget 5 | analyze\n"
"    collect --kernel ./old.so:f --kernel ./new.so:f -o old.st -o new.st\n"
"    analyze --compare old.st new.st           # A and B timed in turn\n"
"    collect --list-clocks\n"
"    collect --trace 5 | analyze               # what disturbs this CPU\n"
"\n"
"SEE ALSO\n"
"    analyze(1), subtick(3) (time a region of your own program),\n"
"    subtick-stream(5) (the stream, also data/FORMAT.md)\n");
}

/* K or K:EPS */
static int parse_kbest(const char *s, struct collect_options *o)
{
	char buf[64];
	uint64_t k;
	if (snprintf(buf, sizeof buf, "%s", s) >= (int)sizeof buf)
		return -1;
	char *colon = strchr(buf, ':');
	o->kbest_eps = OPTIONS_DEFAULT_KBEST_EPS;
	if (colon != NULL) {
		*colon = '\0';
		if (parse_double(colon + 1, &o->kbest_eps) != 0 ||
		    !(o->kbest_eps > 0 && o->kbest_eps < 1))
			return -1;
	}
	if (parse_u64(buf, &k) != 0 || k < 1 || k > 1000)
		return -1;
	o->kbest_k = (unsigned)k;
	return 0;
}

/* "collect: --opt 'arg': what is wrong" (arg may be NULL). */
static int usage_as(const char *prog, FILE *err, const char *opt,
		    const char *arg, const char *what)
{
	if (arg != NULL)
		fprintf(err, "%s: %s '%s': %s\n", prog, opt, arg, what);
	else
		fprintf(err, "%s: %s: %s\n", prog, opt, what);
	return OPTIONS_USAGE;
}

static const char *clock_problem(const char *name)
{
	if (clock_find(name) != NULL)
		return NULL;
	if (strcmp(name, "tsc") == 0)
		return "this clock exists only on x86-64";
	if (strcmp(name, "cntvct") == 0)
		return "this clock exists only on aarch64";
	return "unknown clock (collect --help names them)";
}

/* One option; returns OPTIONS_RUN or another status. */
static int take(int c, const char *arg, struct collect_options *o, FILE *err)
{
	uint64_t u;
	switch (c) {
	case 'c':
		if (clock_problem(arg) != NULL)
			return usage_as(o->prog, err, "--clock", arg, clock_problem(arg));
		o->clock = arg;
		o->clock_given = 1;
		break;
	case OPT_COARSEN:
		if (parse_u64(arg, &u) != 0 || u > CALIBRATE_COARSEN_MAX)
			return usage_as(o->prog, err, "--coarsen", arg, "expected a number of bits, 0..40");
		o->coarsen_bits = (unsigned)u;
		break;
	case OPT_ALSO_CLOCK:
		if (clock_problem(arg) != NULL)
			return usage_as(o->prog, err, "--also-clock", arg, clock_problem(arg));
		o->also_clock = arg;
		break;
	case OPT_LIST_CLOCKS: o->list_clocks = 1; break;
	case 'k':
		if (o->kernel_given == 2)
			return usage_as(o->prog, err, "--kernel", arg, "at most two kernels (A and B)");
		*(o->kernel_given++ ? &o->kernel2 : &o->kernel) = arg;
		break;
	case OPT_N: o->n_list = arg; break;
	case OPT_RANGE: o->range = arg; break;
	case OPT_GEOMETRIC: o->geometric = 1; break;
	case 'r':
		if (parse_u64(arg, &o->runs) != 0 || o->runs == 0)
			return usage_as(o->prog, err, "--runs", arg, "expected a positive integer");
		break;
	case 'b':
		if (parse_double(arg, &o->budget_s) != 0 || !(o->budget_s > 0))
			return usage_as(o->prog, err, "--budget", arg, "expected a positive number of seconds");
		if (o->budget_s > OPTIONS_BUDGET_MAX_S)
			return usage_as(o->prog, err, "--budget", arg, "at most a week (604800 s)");
		break;
	case OPT_PRECISION:
		if (parse_double(arg, &o->precision) != 0 ||
		    !(o->precision > 0 && o->precision < 1))
			return usage_as(o->prog, err, "--precision", arg, "expected a number between 0 and 1");
		o->precision_given = 1;
		break;
	case OPT_UNTIL:
		if (parse_double(arg, &o->until) != 0 || !(o->until > 0 && o->until < 1))
			return usage_as(o->prog, err, "--until", arg, "expected a relative width between 0 and 1 (1e-4)");
		break;
	case OPT_MAX_N:
		if (parse_u64(arg, &o->max_n) != 0 || o->max_n == 0)
			return usage_as(o->prog, err, "--max-n", arg, "expected a positive integer");
		break;
	case OPT_KBEST:
		if (parse_kbest(arg, o) != 0)
			return usage_as(o->prog, err, "--kbest", arg, "expected K[:EPS], K in 1..1000, 0 < EPS < 1");
		break;
	case OPT_CPU:
		if (parse_u64(arg, &u) != 0 || u > 1u << 20)
			return usage_as(o->prog, err, "--cpu", arg, "expected a CPU number");
		o->cpu = (int)u;
		break;
	case OPT_NO_PRIORITY: o->raise_priority = 0; break;
	case OPT_SEED:
		if (parse_seed(arg, &o->seed) != 0)
			return usage_as(o->prog, err, "--seed", arg, "expected an integer 1..4294967295");
		o->seed_given = 1;
		break;
	case 'o':
		if (*arg == '\0')
			return usage_as(o->prog, err, "--output", arg, "expected a file name");
		if (o->output2 != NULL)
			return usage_as(o->prog, err, "--output", arg, "at most two (A's stream, then B's)");
		*(o->output ? &o->output2 : &o->output) = arg;
		break;
	case 'q': o->quiet = 1; break;
	case OPT_FORCE: o->force = 1; break;
	case OPT_KERNEL_ARG: o->kernel_arg = arg; break;
	case OPT_CHECK_TOLERANCE:
		if (parse_double(arg, &o->check_tolerance) != 0 || !(o->check_tolerance < 1))
			return usage_as(o->prog, err, "--check-tolerance", arg, "expected a relative tolerance, 0 <= REL < 1");
		break;
	case OPT_EXEC:
		if (*arg == '\0')
			return usage_as(o->prog, err, "--exec", arg, "expected a command");
		if (o->exec2 != NULL)
			return usage_as(o->prog, err, "--exec", arg, "at most two commands (A and B)");
		*(o->exec ? &o->exec2 : &o->exec) = arg;
		break;
	case OPT_PREPARE:
		if (*arg == '\0')
			return usage_as(o->prog, err, "--prepare", arg, "expected a command");
		o->prepare = arg;
		break;
	case OPT_SHELL: o->shell = 1; break;
	case OPT_EXEC_TIMEOUT:
		if (parse_double(arg, &o->exec_timeout_s) != 0 || !(o->exec_timeout_s > 0) ||
		    o->exec_timeout_s > OPTIONS_BUDGET_MAX_S)
			return usage_as(o->prog, err, "--exec-timeout", arg, "expected a positive number of seconds, at most a week (604800)");
		break;
	case OPT_CHECK_OUTPUT: o->check_output = 1; break;
	case OPT_TRACE:
		if (parse_double(arg, &o->trace_s) != 0 || !(o->trace_s > 0) ||
		    o->trace_s > TRACE_SECONDS_MAX)
			return usage_as(o->prog, err, "--trace", arg, "expected a number of seconds, at most 3600");
		break;
	case 'h': collect_help(stdout); return OPTIONS_DONE;
	case OPT_MANUAL: options_help(stdout); return OPTIONS_DONE;
	case OPT_VERSION: printf("collect (subtick) %s\n", build_version); return OPTIONS_DONE;
	default:
		return OPTIONS_USAGE;
	}
	return OPTIONS_RUN;
}

/* Two kernels (A and B, timed in turn): of one kind, two streams. */
static int check_pair(const struct collect_options *o, FILE *err)
{
	int two = o->kernel2 != NULL || o->exec2 != NULL;
	if (o->exec && o->kernel_given)
		return usage_as(o->prog, err, "--kernel", o->kernel,
				"and --exec: time a command or a kernel, not one of each (two of one kind are A and B, timed in turn)");
	if (two && (o->output == NULL || o->output2 == NULL))
		return usage_as(o->prog, err, "--output", NULL, "two kernels write two streams: give -o twice, A's then B's");
	if (!two && o->output2 != NULL)
		return usage_as(o->prog, err, "--output", o->output2, "a second stream needs a second --kernel or --exec");
	if (two && strcmp(o->output, o->output2) == 0)
		return usage_as(o->prog, err, "--output", o->output2, "A and B need two different files");
	if (two && o->kbest_k)
		return usage_as(o->prog, err, "--kbest", NULL, "is for one kernel; with two, use --runs or --budget");
	return OPTIONS_RUN;
}

struct collect_options options_defaults(const char *prog)
{
	return (struct collect_options){ .prog = prog,
					 .clock = clock_default_name(),
					 .kernel = "count",
					 .precision = OPTIONS_DEFAULT_PRECISION,
					 .check_tolerance = OPTIONS_DEFAULT_CHECK_TOLERANCE,
					 .cpu = -1,
					 .raise_priority = 1 };
}

enum options_status options_parse(int argc, char **argv,
				  struct collect_options *o, FILE *err)
{
	enum options_status st = options_parse_as("collect", argc, argv, o, err);
	if (st == OPTIONS_USAGE)
		help_usage_error(err, collect_synopsis(), "collect");
	return st;
}

enum options_status options_parse_as(const char *prog, int argc, char **argv,
				     struct collect_options *o, FILE *err)
{
	*o = options_defaults(prog);
	int c;
	opterr = 0;	/* one line of our own instead of getopt's */
	while ((c = getopt_long(argc, argv, ":c:k:r:b:o:qh", long_options,
				NULL)) != -1) {
		if (c == '?') {
			suggest_say(err, o->prog, argv[optind - 1], long_options);
			return OPTIONS_USAGE;
		}
		if (c == ':')
			return usage_as(o->prog, err, "option", argv[optind - 1], "needs a value");
		int st = take(c, optarg, o, err);
		if (st != OPTIONS_RUN)
			return (enum options_status)st;
	}
	if (optind < argc)
		return usage_as(o->prog, err, "argument", argv[optind], "unexpected (options only)");
	if (o->n_list && o->range)
		return usage_as(o->prog, err, "--n", NULL, "--n and --range exclude each other");
	/* The clock coarsened and its raw reading are two clocks: the
	 * sub-tick demonstration times the same runs through both. */
	if (o->also_clock && strcmp(o->also_clock, o->clock) == 0 && o->coarsen_bits == 0)
		return usage_as(o->prog, err, "--also-clock", o->also_clock,
			     "is the clock already read (--clock), not coarsened; name another one");
	if (o->exec && !o->n_list && !o->range)
		return usage_as(o->prog, err, "--exec", o->exec, "needs --n or --range (a command is not probed)");
	if ((o->prepare || o->shell) && !o->exec)
		return usage_as(o->prog, err, o->prepare ? "--prepare" : "--shell", NULL, "needs --exec");
	if (o->exec && o->kernel_arg)
		return usage_as(o->prog, err, "--kernel-arg", NULL, "is for --kernel, not --exec");
	if (o->exec_timeout_s > 0 && !o->exec)
		return usage_as(o->prog, err, "--exec-timeout", NULL, "needs --exec");
	if (o->check_output && !o->exec2)
		return usage_as(o->prog, err, "--check-output", NULL, "compares two commands: give --exec twice (A and B)");
	for (int i = 0; i < 2 && !o->shell; i++) {	/* said, not refused: a regex may hold a '|' */
		const char *cmd = i ? o->exec2 : o->exec;
		size_t at = cmd ? strcspn(cmd, "|;&<>$`") : 0;
		if (cmd && cmd[at])
			fprintf(err, "%s: warning: --exec '%s': '%c' is read by a shell only; without --shell it is one more argument of the program (add --shell for a pipeline, a redirection or a variable)\n",
				o->prog, cmd, cmd[at]);
	}
	int st = check_pair(o, err);
	if (st != OPTIONS_RUN)
		return (enum options_status)st;
	if (o->trace_s > 0 && (o->kernel_given || o->exec || o->n_list || o->range ||
			       o->runs || o->budget_s > 0 || o->kbest_k || o->also_clock ||
			       o->coarsen_bits || o->output2))
		return usage_as(o->prog, err, "--trace", NULL, "times no kernel: it takes only --clock, --cpu, --no-priority, -o and -q");
	if (o->geometric && !o->range)
		return usage_as(o->prog, err, "--geometric", NULL, "needs --range");
	if (o->runs == 0 && o->budget_s == 0)
		o->budget_s = o->until > 0 ? OPTIONS_UNTIL_BUDGET_S : OPTIONS_DEFAULT_BUDGET_S;
	/* bounds narrower than REL need runs spanning 2 / REL ticks at
	 * least: the tick band alone is about 2 ticks over the span */
	if (o->until > 0 && !o->precision_given && o->until / 2 < o->precision)
		o->precision = o->until / 2;
	return OPTIONS_RUN;
}
