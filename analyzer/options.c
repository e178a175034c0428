/*
 * options.c - getopt_long, checked numbers, the manual (--manual).
 */
#include "options.h"
#include "help.h"
#include "helptext.h"
#include "suggest.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "clobber.h"
#include "interval.h"
#include "numparse.h"
#include "plot.h"
#include "version.h"


enum {
	OPT_METHOD = 256, OPT_UNIT_NS, OPT_TICK, OPT_THRESHOLD, OPT_EXCESS,
	OPT_JSON, OPT_REPLICATES, OPT_SEED, OPT_PLOT, OPT_PLOT_FORMAT,
	OPT_PLOT_LOG, OPT_COLUMN, OPT_VERSION, OPT_KEEP_LOW, OPT_MERGE,
	OPT_MINIMA, OPT_PER, OPT_OPS_PER_UNIT, OPT_COMPARE, OPT_FROM, OPT_GROUP,
	OPT_FOLLOW, OPT_FORMAT, OPT_REPORT, OPT_MANUAL,
};

static const struct option long_options[] = {
	{ "method", required_argument, NULL, OPT_METHOD },
	{ "column", required_argument, NULL, OPT_COLUMN },
	{ "unit-ns", required_argument, NULL, OPT_UNIT_NS },
	{ "tick", required_argument, NULL, OPT_TICK },
	{ "threshold", required_argument, NULL, OPT_THRESHOLD },
	{ "excess", required_argument, NULL, OPT_EXCESS },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "replicates", required_argument, NULL, OPT_REPLICATES },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "plot", required_argument, NULL, OPT_PLOT },
	{ "plot-format", required_argument, NULL, OPT_PLOT_FORMAT },
	{ "plot-log", no_argument, NULL, OPT_PLOT_LOG },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "manual", no_argument, NULL, OPT_MANUAL },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "keep-low", no_argument, NULL, OPT_KEEP_LOW },
	{ "merge", no_argument, NULL, OPT_MERGE },
	{ "minima", required_argument, NULL, OPT_MINIMA },
	{ "compare", no_argument, NULL, OPT_COMPARE },
	{ "group", required_argument, NULL, OPT_GROUP },
	{ "follow", no_argument, NULL, OPT_FOLLOW },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "report", required_argument, NULL, OPT_REPORT },
	{ "from", required_argument, NULL, OPT_FROM },
	{ "per", required_argument, NULL, OPT_PER },
	{ "ops-per-unit", required_argument, NULL, OPT_OPS_PER_UNIT },
	{ NULL, 0, NULL, 0 },
};

void options_help(FILE *out)
{
	struct analyze_options d = options_defaults();
	fputs(
"NAME\n"
"    analyze - unit cost and overhead from timings, finer than the clock's tick\n"
"\n"
"SYNOPSIS\n", out);
	fputs(analyze_synopsis(), out);
	fputs(
"\n"
"DESCRIPTION\n"
"    Reads subtick streams (data/FORMAT.md) from the FILEs, or standard\n"
"    input when there are none or a FILE is -.  Also reads bare columns\n"
"    \"n t\" or \"n t at\" (blanks or commas; t may be a decimal, e.g. seconds\n"
"    from another tool; CRLF is fine).\n"
"\n"
"    For every distinct N it keeps the minimum timing (noise only ever adds\n"
"    time) and fits the least-values line: the line under every minimum\n"
"    that is highest at mean(N) (Krutar 1998).  It is solved twice, as a\n"
"    linear program with GLPK and as the lower convex hull (exact integer\n"
"    arithmetic for integer timings); the two must agree to within 1e-9 of\n"
"    the largest minimum, or analyze stops with an error.  The slope is the\n"
"    unit cost, the intercept the overhead.  When mean(N) falls on a hull\n"
"    vertex the slope is not unique: the report gives the optimal range\n"
"    and its midpoint.\n"
"\n"
"    The bounds are the union of a tick band (the slopes and intercepts of\n"
"    lines that stay under every minimum + W and within W of every minimum\n"
"    the fit rests on; W is the tick, or the median height of the minima\n"
"    above the line if larger) and subsampling (refits on the minima of\n"
"    random halves of up to 10 stretches of the collection in time, or of\n"
"    the runs).  They are not a calibrated 95% interval: they hold the\n"
"    fastest state's cost; the unit cost of each fifth of the collection\n"
"    shows drift.  A minimum far below the rest of its N and the line\n"
"    through the others is a clock glitch, left out (--keep-low).  OLS on\n"
"    the minima and on the means (GSL) is shown for contrast.\n"
"\n"
"    The excess of every sample over the line shows the noise: the share\n"
"    on the line (within one tick of tick*floor(line/tick)) and quantiles.\n"
"    What disturbed the timings: one model of every run's timing,\n"
"    t = quantize(L(n) s(at) + e + sum c) (docs/model.md): the machine's\n"
"    speed s over time (states: a factor, a share of the time, when; and\n"
"    ramps), found by a change-point search at 1% false alarms; the runs'\n"
"    own jitter e, additive and in proportion to the run, its tail fitted\n"
"    (a generalized Pareto); a run is interrupted where its excess over\n"
"    its speed's floor passes the jitter's quantile that the whole\n"
"    collection crosses 0.1 times by chance; and the interruptions c,\n"
"    source by source: periodic (period, rate per second of running\n"
"    time, cost, the share of its marks it fires at), bursts, and the\n"
"    random rest, each named only where chance gives as many less often\n"
"    than 1 in 100.  Where the longest runs cannot escape the sources, a\n"
"    compensated unit cost takes out what their minima held.  The\n"
"    kernel's counters of collect (counters_start, counters_end) are\n"
"    shown beside.  Warnings, each with a stable code in the JSON, name a\n"
"    second speed held 5% of the time, ramps, a line resting on moments\n"
"    faster than any stretch, saturation, a source seen in part of the\n"
"    time only, and a bend or step of the cost anywhere in N.\n"
"\n"
"    An activity trace (collect --trace) is read as such: every gap a run\n"
"    of the same model, interruptions per second of running time, their\n"
"    cost, the longest, the share of time lost, the sources, and what the\n"
"    kernel counted of them (interrupts, preemptions) against the rest,\n"
"    unseen by it, with its upper bound.\n"
"\n"
"    Memory grows with the number of distinct N, not with the samples:\n"
"    every sample is kept in a temporary file (in TMPDIR) for the excess\n"
"    passes, --excess and --plot.\n"
"\n",
	      out);
	fputs(
"OPTIONS\n"
"        --method lp|hull  report this method's line only (default: both,\n"
"                          checked against each other)\n"
"        --column tX       analyze the timings of column tX of the stream\n"
"                          (default t; t2: the second clock of collect\n"
"                          --also-clock, described by tick2, unit_ns2...;\n"
"                          user, sys: the CPU times of collect --exec,\n"
"                          described by tick_user, unit_ns_user...)\n"
"        --column NAME     of other tools' results, the benchmark NAME\n"
"                          (see --from); --column cpu_time: Google\n"
"                          Benchmark's cpu_time instead of real_time\n"
"        --unit-ns X       nanoseconds per clock unit, 1e-6 to 1e9 (default:\n"
"                          the header's unit_ns); needed for results in ns\n"
"        --tick X          the clock's tick in clock units (default: the\n"
"                          header's tick, else the majority gcd of the\n"
"                          integer timings)\n"
"        --threshold X     a run was interrupted when its excess over its\n"
"                          speed's floor is above X clock units (default:\n"
"                          the jitter's, see DESCRIPTION)\n"
"        --excess FILE     write \"n t at excess excess_step attribution\" per\n"
"                          sample: attribution is jitter, speed, sourceK (the\n"
"                          report's K-th source) or unexplained\n"
"    -v, --verbose         the full text report (see REPORT): the unit cost\n"
"                          and overhead in clock units and time, the tick\n"
"                          band and refits behind their bounds, the fifths,\n"
"                          the fit's minima, OLS for contrast, the excess,\n"
"                          what disturbed the timings stage by stage and\n"
"                          what the kernel counted (default: the short\n"
"                          report); --json, markdown, --report, --compare\n"
"                          and --group are whole without it\n"
"        --json            print one JSON object instead of the text report\n"
"        --report FILE     also write FILE (.html): one self-contained page\n"
"                          to open or send, the headline and warnings, the\n"
"                          figures inline (SVG), the minima per N and the\n"
"                          whole text report.  With --compare: the verdict\n"
"                          in times (\"B is 9.38x faster than A\", with its\n"
"                          bounds), the warnings, B / A, each side's\n"
"                          headline, the figure of both and the text\n"
"                          report; with --group: the slowest group against\n"
"                          the fastest, the warnings, a row per group, the\n"
"                          figure of all, a table per group and the text\n"
"                          report.  Each line is drawn over its own N only\n"
	      , out);
	fputs(
"        --format F        text (default), json (as --json) or markdown:\n"
"                          the headline as a GitHub-flavoured table, with\n"
"                          the warnings as a list (--compare: the verdict\n"
"                          in times, both sides and B / A; --group: the\n"
"                          slowest against the fastest and a row per\n"
"                          group), to paste in a pull request\n"
"        --plot DIR        draw the figures into DIR with gnuplot\n"
"        --plot-format F   png (default), svg, pdf or dumb: text, drawn in\n"
"                          the terminal after the report (not with --json\n"
"                          or markdown) and kept in DIR as .txt\n"
"        --plot-log        log-log axes for the timings figure\n"
"        --from TOOL       the input is Google Benchmark's JSON or CSV\n"
"                          (gbench) or hyperfine's --export-json of a\n"
"                          --parameter-scan or a --parameter-list of\n"
"                          numbers (hyperfine); detected from the\n"
"                          content without it.  N: the benchmark's first\n"
"                          argument, or the parameter.\n"
"                          Variants are never pooled: --column picks one\n"
"                          by its name with N for the argument that\n"
"                          varies (BM_par/N/8, BM_x/N/threads:4), or by\n"
"                          the function's name when it has one variant;\n"
"                          hyperfine's by the command with {N} (mytool\n"
"                          {N}).  Failed runs are left out and counted;\n"
"                          such results have no start times (no fifths,\n"
"                          drift check or periods), and Google Benchmark's\n"
"                          are means over many iterations, in which no\n"
"                          single interruption shows (none is judged)\n"
	      , out);
	fprintf(out,
"        --compare A B     compare two collections (each a file, or files\n"
"                          of one collection joined by commas): the ratio\n"
"                          of their unit costs B / A with bounds, and a\n"
"                          verdict in words (--plot: one figure of both).\n"
"                          A and B timed in turn by one collect (two\n"
"                          kernels) are paired: their stretches of time\n"
"                          are refit together, so drift leaves the bounds\n"
"        --group KEY       streams grouped by the value of a header key\n"
"                          (rank, host, cpu, ...; collect-mpi writes rank,\n"
"                          ranks and host): each group analyzed as one\n"
"                          collection, and each compared with the fastest\n"
"                          (ratio of unit costs with bounds, as --compare):\n"
"                          which group is slow, and by how much\n"
"        --follow          read a stream as it grows (a file being written,\n"
"                          or a pipe): on stderr every second, the unit\n"
"                          cost with its bounds, overhead, samples and N so\n"
"                          far (one line redrawn on a terminal); once the\n"
"                          stream ends (its last line, or the pipe's end;\n"
"                          a file that stops growing is waited for, as\n"
"                          tail -f does, until Ctrl-C), the whole report of\n"
"                          every line read, as without --follow\n"
"        --minima FILE     write n,minimum,runs,mean,excess_of_minimum as\n"
"                          CSV, one row per distinct N\n"
"        --per UNIT        what one unit of N is: bytes (throughput in\n"
"                          GB/s), ops (Mops/s) or any name (default: the\n"
"                          header's per key, if any)\n"
"        --ops-per-unit K  operations per unit of N (flops per N, say): adds\n"
"                          the rate in Mops/s beside ns per unit\n"
"        --merge           pool files whose kernel, clock, coarsening or\n"
"                          columns differ (refused otherwise)\n"
"        --keep-low        keep a minimum that looks like a clock glitch\n"
"                          (far below the next timing of its N and the line\n"
"                          through the others); by default it is left out,\n"
"                          with a warning\n"
"        --replicates B    subsampling refits (default %u)\n"
"        --seed S          subsampling seed, 1..4294967295 (default %lu: reports\n"
"                          repeat)\n"
"    -h, --help            every option in a few lines, with its default\n"
"        --manual          this text, the manual (man analyze)\n"
"        --version         print the version\n"
"\n", d.analysis.replicates, d.analysis.seed);
	fputs(
"REPORT\n"
"    The text report fits on a screen: 15 lines or fewer, but for its\n"
"    warnings.  Its first line names the kernel, the clock, its tick in time\n"
"    and the samples; then the unit cost in time with its bounds (clock\n"
"    units in parentheses: TSC cycles on the TSC), the rate or bandwidth\n"
"    where the header's per (or --per, --ops-per-unit) says what a unit is,\n"
"    and the overhead; then one plain line for each thing that disturbed the\n"
"    timings, from the same model values as the full report: each speed\n"
"    state but the fastest held 1% of the time or more (its share of the\n"
"    time, how many times slower), the rarer ones together, the ramps, each\n"
"    source of interruptions (a timer's period and cost; bursts; random\n"
"    ones, their rate and cost); then every warning, one line each; and a\n"
"    last line pointing to -v.  The disturbances get the lines the rest\n"
"    leaves, the last saying how many more -v shows.  Warnings are never\n"
"    left out: many make a longer report.  An activity trace's report gives\n"
"    the trace, the rate and cost of its interruptions, the time lost, one\n"
"    line a source and what the kernel did not count.  Times are in ns, us,\n"
"    ms or s; clock units stand alone only where the clock's ns per unit is\n"
"    unknown.\n"
"\n"
"PLOTS\n"
"    --plot DIR writes timings, excess-n, excess-distribution, excess-time,\n"
"    speed and sources (.png, .svg, .pdf, or .txt for dumb) and their data\n"
"    (samples.txt: at most 200000 samples plus every interrupted one, each\n"
"    with its excess over its floor at its speed and its attribution;\n"
"    marked.txt, its runs of a class but the jitter's; others.txt, one in as\n"
"    many as there are sources; residual.txt, that excess's histogram by\n"
"    attribution with the jitter's expected counts; attribution.gp, the\n"
"    sources' names; minima.txt, histogram.txt, period.txt, windows.txt)\n"
"    into DIR; for an activity trace, activity and gaps (trace.txt,\n"
"    gaphist.txt, marks.txt).  It uses the gnuplot scripts in $SUBTICK_PLOTS\n"
"    if set, else those of the build tree the program is in, else the\n"
"    installed ones (share/subtick/plots).  Text from the input reaches\n"
"    gnuplot only as string data, never as code.\n"
"\n",
	      out);
	fputs(
"ENVIRONMENT\n"
"    TMPDIR           where the samples wait for the passes after the fit\n"
"                     (default /tmp)\n"
"    SUBTICK_THREADS  the threads the diagnosis's searches share (and the\n"
"                     figures --plot draws at once, at most 4), a whole\n"
"                     number from 1 (else the default: the cores online,\n"
"                     at most 8); the report is the same for any number\n"
"\n"
"EXIT STATUS\n"
"    0 success; 1 bad data (\"analyze: FILE:LINE: what is wrong\", nothing on\n"
"    stdout), or an output (--report, --excess, --minima, --plot) that cannot\n"
"    be written, said before a sample is read; 2 usage error (also an output,\n"
"    stdout included, that is one of the inputs under any name: nothing is\n"
"    read or written); 3 the report was printed but the figures failed\n"
"    (gnuplot missing or failing).\n"
"\n"
"EXAMPLES\n"
"    collect | analyze\n"
"    analyze -v count.st  # the full report\n"
"    analyze count.st --json\n"
"    analyze --excess excess.txt --plot figures count.st\n"
"    collect --trace 5 | analyze --plot figures  # what disturbs this CPU\n"
"    awk '{ print $1, $2 }' other-tool.txt | analyze --unit-ns 1e9\n"
"\n"
"SEE ALSO\n"
"    collect(1), subtick(3), subtick-stream(5) (also data/FORMAT.md)\n",
	      out);
}

static int usage(FILE *err, const char *opt, const char *arg, const char *what)
{
	if (arg)
		fprintf(err, "analyze: %s '%s': %s\n", opt, arg, what);
	else
		fprintf(err, "analyze: %s: %s\n", opt, what);
	return OPTIONS_USAGE;
}

static int positive(const char *s, double *v)
{
	return parse_double(s, v) == 0 && *v > 0;
}

/* --column: a stream's timing column (t, t2, user, sys), a benchmark or
 * command of another tool's results (any name: "BM_T<int, 2>/N"), or
 * Google Benchmark's time (real_time, cpu_time); one name and one time at
 * most.  No control characters: the name is echoed in messages. */
static int take_column(const char *arg, struct analyze_options *o, FILE *err)
{
	int time = strcmp(arg, "cpu_time") == 0 || strcmp(arg, "real_time") == 0;
	size_t len = strlen(arg), i = 0;
	while (i < len && (unsigned char)arg[i] >= 0x20 && arg[i] != 0x7f)
		i++;
	if (len == 0 || len > 200 || i < len || strcmp(arg, "n") == 0 || strcmp(arg, "at") == 0)
		return usage(err, "--column", i < len ? "(with a control character)" : arg,
			     "expected a timing column (t, t2, user, sys), a benchmark's or command's name (200 bytes at most), or cpu_time");
	if (time ? o->analysis.time_column != NULL : strcmp(o->analysis.column, "t") != 0)
		return usage(err, "--column", arg, time ? "one of real_time and cpu_time, once"
							: "one benchmark at a time (with real_time or cpu_time beside it)");
	if (time)
		o->analysis.time_column = arg;
	else
		o->analysis.column = arg;
	return OPTIONS_RUN;
}

static int take(int c, const char *arg, struct analyze_options *o, FILE *err)
{
	double v;
	uint64_t u;
	switch (c) {
	case OPT_METHOD:
		if (strcmp(arg, "lp") == 0) o->analysis.method = METHOD_LP;
		else if (strcmp(arg, "hull") == 0) o->analysis.method = METHOD_HULL;
		else if (strcmp(arg, "both") == 0) o->analysis.method = METHOD_BOTH;
		else return usage(err, "--method", arg, "expected lp, hull or both");
		break;
	case OPT_UNIT_NS:
		if (!positive(arg, &o->analysis.unit_ns) ||
		    !(o->analysis.unit_ns >= INPUT_UNIT_NS_MIN && o->analysis.unit_ns <= INPUT_UNIT_NS_MAX))
			return usage(err, "--unit-ns", arg, "expected nanoseconds per clock unit, 1e-6 to 1e9");
		break;
	case OPT_TICK:
		if (!positive(arg, &o->analysis.tick))
			return usage(err, "--tick", arg, "expected a positive number of clock units");
		break;
	case OPT_THRESHOLD:
		if (!positive(arg, &o->analysis.threshold))
			return usage(err, "--threshold", arg, "expected a positive number of clock units");
		break;
	case OPT_COLUMN:
		return take_column(arg, o, err);
	case OPT_EXCESS:
		if (*arg == '\0')
			return usage(err, "--excess", arg, "expected a file name");
		o->analysis.excess_path = arg;
		break;
	case OPT_JSON: o->json = 1, o->markdown = 0; break;
	case OPT_REPLICATES:
		if (parse_u64(arg, &u) != 0 || u < 10 || u > 100000)
			return usage(err, "--replicates", arg, "expected an integer 10..100000");
		o->analysis.replicates = (unsigned)u;
		break;
	case OPT_SEED:
		if (parse_seed(arg, &u) != 0)
			return usage(err, "--seed", arg, "expected an integer 1..4294967295");
		o->analysis.seed = (unsigned long)u;
		break;
	case OPT_PLOT:
		if (*arg == '\0')
			return usage(err, "--plot", arg, "expected a directory name");
		o->plot_dir = arg;
		break;
	case OPT_PLOT_FORMAT:
		if (strcmp(arg, "png") && strcmp(arg, "svg") && strcmp(arg, "pdf") && strcmp(arg, "dumb"))
			return usage(err, "--plot-format", arg, "expected png, svg, pdf or dumb");
		o->analysis.plot_format = arg;
		break;
	case OPT_PLOT_LOG: o->analysis.plot_log = 1; break;
	case OPT_KEEP_LOW: o->analysis.keep_low = 1; break;
	case OPT_MERGE: o->analysis.merge = 1; break;
	case OPT_COMPARE: o->compare = 1; break;
	case OPT_FOLLOW: o->follow = 1; break;
	case OPT_REPORT:
		if (*arg == '\0')
			return usage(err, "--report", arg, "expected a file name (FILE.html)");
		o->report_path = arg;
		break;
	case OPT_FORMAT:
		if (strcmp(arg, "text") && strcmp(arg, "json") && strcmp(arg, "markdown"))
			return usage(err, "--format", arg, "expected text, json or markdown");
		o->json = strcmp(arg, "json") == 0;
		o->markdown = strcmp(arg, "markdown") == 0;
		break;
	case OPT_GROUP:
		if (*arg == '\0' || strchr(arg, ':') != NULL || strchr(arg, ' ') != NULL)
			return usage(err, "--group", arg, "expected a header key (rank, host, cpu, ...)");
		o->group = arg;
		break;
	case OPT_FROM:
		if (strcmp(arg, "gbench") != 0 && strcmp(arg, "hyperfine") != 0)
			return usage(err, "--from", arg, "expected gbench or hyperfine");
		o->analysis.from = arg;
		break;
	case OPT_MINIMA:
		if (*arg == '\0')
			return usage(err, "--minima", arg, "expected a file name");
		o->minima_path = arg;
		break;
	case OPT_PER:
		if (*arg == '\0' || strlen(arg) > 32 || strspn(arg, "abcdefghijklmnopqrstuvwxyz_-") != strlen(arg))
			return usage(err, "--per", arg, "expected bytes, ops, or a name of lower-case letters");
		o->analysis.per = arg;
		break;
	case OPT_OPS_PER_UNIT:
		if (!positive(arg, &v))
			return usage(err, "--ops-per-unit", arg, "expected a positive number");
		o->analysis.ops_per_unit = v;
		break;
	case 'v': o->verbose = 1; break;
	case 'h': analyze_help(stdout); return OPTIONS_DONE;
	case OPT_MANUAL: options_help(stdout); return OPTIONS_DONE;
	case OPT_VERSION: printf("analyze (subtick) %s\n", build_version); return OPTIONS_DONE;
	default: return OPTIONS_USAGE;
	}
	return OPTIONS_RUN;
}

/* Every file this run may write (clobber.h), none of them an input:
 * --excess, --minima, --report, --plot's files, stdout. */
_Static_assert(3 + PLOT_FILES_MAX + 1 <= CLOBBER_OUTPUTS_MAX, "clobber: CLOBBER_OUTPUTS_MAX");

static enum options_status outputs_spare_inputs(const struct analyze_options *o,
						FILE *err)
{
	struct clobber_outputs out = { .count = 0 };
	char names[PLOT_FILES_MAX][OUTFILE_NAME_MAX];
	for (char **f = o->analysis.files; *f != NULL; f++)
		if (**f == '\0')
			return usage(err, "argument", *f, "expected a file name (or - for stdin)");
	if (o->analysis.excess_path)
		clobber_add(&out, "--excess", o->analysis.excess_path, NULL);
	if (o->minima_path)
		clobber_add(&out, "--minima", o->minima_path, NULL);
	if (o->report_path)
		clobber_add(&out, "--report", o->report_path, NULL);
	if (o->plot_dir) {
		size_t k = plot_file_names(o->compare ? PLOT_SET_COMPARE : PLOT_SET_ONE,
					   o->analysis.plot_format, names);
		for (size_t i = 0; i < k; i++)
			clobber_add(&out, "--plot", o->plot_dir, names[i]);
	}
	clobber_add_stdout(&out);
	return clobber_check(&out, o->analysis.files, o->compare, err) == 0 ? OPTIONS_RUN
									   : OPTIONS_USAGE;
}

/* getopt's '?' or ':' in words.  Inside a cluster of short options
 * ("-lead.st") optind has not moved on: name the letter and its word, not
 * argv[optind - 1] (the program, for the first argument). */
static int unknown_option(int argc, char **argv, int c, FILE *err)
{
	const char *what = c == '?' ? "unknown" : "needs a value";
	if (optopt > 0 && optopt < 256) {
		const char *word = optind < argc && argv[optind][0] == '-' &&
				   strchr(argv[optind], optopt) ? argv[optind] : argv[optind - 1];
		fprintf(err, "analyze: option '-%c' (in '%s'): %s%s%s\n", optopt, word, what,
			c == '?' ? "; a file of that name is read as ./" : "", c == '?' ? word : "");
		return OPTIONS_USAGE;
	}
	if (c == '?') {
		suggest_say(err, "analyze", argv[optind - 1], long_options);
		return OPTIONS_USAGE;
	}
	return usage(err, "option", argv[optind - 1], what);
}

struct analyze_options options_defaults(void)
{
	return (struct analyze_options){ .analysis = {
		.method = METHOD_BOTH, .plot_format = "png", .column = "t",
		.replicates = INTERVAL_REPLICATES, .seed = 1 } };
}

/* The words of the command line, each checked and taken into o. */
static enum options_status read_words(int argc, char **argv,
				      struct analyze_options *o, FILE *err)
{
	*o = options_defaults();
	int c;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":hv", long_options, NULL)) != -1) {
		if (c == '?' || c == ':')
			return unknown_option(argc, argv, c, err);
		int st = take(c, optarg, o, err);
		if (st != OPTIONS_RUN)
			return (enum options_status)st;
	}
	if (o->analysis.plot_format && strcmp(o->analysis.plot_format, "png") != 0 && !o->plot_dir)
		return usage(err, "--plot-format", NULL, "needs --plot DIR");
	o->analysis.files = argv + optind;
	if (o->compare && (argc - optind != 2 || o->analysis.excess_path || o->minima_path))
		return usage(err, "--compare", NULL,
			     argc - optind != 2 ? "expected two collections, A and B (files of one collection joined by commas)"
						: "takes no --excess or --minima");
	if (o->group && (o->compare || o->analysis.excess_path || o->minima_path || o->plot_dir))
		return usage(err, "--group", NULL, "takes no --compare, --excess, --minima or --plot");
	if (o->follow && (o->compare || o->group || argc - optind > 1 || o->analysis.from))
		return usage(err, "--follow", NULL, "follows one stream, a file or stdin (no --compare, --group or --from)");
	if (o->group && argc - optind < 1)
		return usage(err, "--group", NULL, "expected files (streams with that header key)");
	return OPTIONS_RUN;
}

enum options_status options_parse(int argc, char **argv,
				  struct analyze_options *o, FILE *err)
{
	enum options_status st = read_words(argc, argv, o, err);
	if (st == OPTIONS_USAGE)
		help_usage_error(err, analyze_synopsis(), "analyze");
	return st == OPTIONS_RUN ? outputs_spare_inputs(o, err) : st;
}
