/*
 * help.c - analyze's --help and synopsis (help.h).  Each option in one to
 * three lines with its default, taken from the code (options_defaults and
 * the constants); the manual (options.c) says all of each.
 */
#include "help.h"
#include "helptext.h"

#include "options.h"

const char *analyze_synopsis(void)
{
	return
"    analyze [OPTIONS] [FILE...]\n"
"    collect | analyze [OPTIONS]\n";
}

static const char *method_name(enum fit_method m)
{
	return m == METHOD_LP ? "lp" : m == METHOD_HULL ? "hull" : "both";
}

static void input_options(FILE *out, const struct analysis_settings *d)
{
	help_group(out, "input:");
	help_option(out, "--column NAME", "the timings (default %s): a stream's column (t2, user, sys, cpu), or another tool's benchmark or command by its name; cpu_time: Google Benchmark's CPU time",
		    d->column);
	help_option(out, "--from TOOL", "gbench (Google Benchmark's JSON or CSV) or hyperfine (its --export-json of a --parameter-scan or a numeric --parameter-list) (default: by the content)");
	help_option(out, "--unit-ns X", "nanoseconds per clock unit, 1e-6 to 1e9 (default: the header's unit_ns); needed for results in ns");
	help_option(out, "--tick X", "the clock's tick in clock units (default: the header's tick, else the majority gcd of the integer timings)");
	help_option(out, "--merge", "pool files whose kernel, clock, coarsening or columns differ (refused by default)");
	help_option(out, "--follow", "read one stream as it grows: the unit cost so far on stderr every second, the whole report at its end");
}

static void fit_options(FILE *out, const struct analysis_settings *d)
{
	help_group(out, "fit:");
	help_option(out, "--method M", "lp or hull: that method's line only; both: the two, checked against each other (default %s)",
		    method_name(d->method));
	help_option(out, "--threshold X", "a run was interrupted when its excess over its speed's floor is above X clock units (default: from the jitter)");
	help_option(out, "--keep-low", "keep a minimum that looks like a clock glitch (default: left out, with a warning)");
	help_option(out, "--replicates B", "subsampling refits for the bounds, 10..100000 (default %u)",
		    d->replicates);
	help_option(out, "--seed S", "subsampling seed, 1..4294967295 (default %lu: reports repeat)",
		    d->seed);
	help_option(out, "--per UNIT", "what one unit of N is: bytes (throughput in GB/s), ops (Mops/s) or any name (default: the header's per key, if any)");
	help_option(out, "--ops-per-unit K", "operations per unit of N (flops per N, say): adds the rate in Mops/s beside ns per unit (default: none)");
}

static void output_options(FILE *out, const struct analysis_settings *d)
{
	help_group(out, "output:");
	help_option(out, "-v, --verbose", "the full text report: the fit's details, the excess, what disturbed the timings stage by stage (default: the short report, 15 lines but for its warnings)");
	help_option(out, "--json", "print one JSON object instead of the text report");
	help_option(out, "--format F", "text (default), json (as --json) or markdown: the headline as a table and the warnings (--compare, --group too), to paste in a pull request");
	help_option(out, "--report FILE", "also write FILE (.html): one self-contained page, the headline, warnings, figures, minima per N and the text report (--compare, --group: the verdict first)");
	help_option(out, "--excess FILE", "write every sample's excess over the line and its attribution (jitter, speed, sourceK or unexplained); not for an activity trace");
	help_option(out, "--minima FILE", "write n,minimum,runs,mean,excess_of_minimum as CSV, one row per distinct N; not for an activity trace");
	help_option(out, "--plot DIR", "draw the figures into DIR with gnuplot (the manual's PLOTS lists them)");
	help_option(out, "--plot-format F", "png, svg, pdf or dumb: text, drawn in the terminal after the report and kept in DIR as .txt (default %s)",
		    d->plot_format);
	help_option(out, "--plot-log", "log-log axes for the timings figure");
}

static void many_options(FILE *out)
{
	help_group(out, "two collections or more:");
	help_option(out, "--compare A B", "the ratio B / A of two collections' unit costs, with bounds and a verdict; A or B may be files of one collection joined by commas");
	help_option(out, "--group KEY", "streams grouped by a header key's value (rank, host, cpu), each group one collection, each compared with the fastest");
}

void analyze_help(FILE *out)
{
	struct analyze_options d = options_defaults();
	help_usage(out, analyze_synopsis());
	fputs("\nThe unit cost and overhead of a kernel from its timings, finer than the\n"
	      "clock's tick, and what disturbed them; standard input when no FILE is given.\n", out);
	input_options(out, &d.analysis);
	fit_options(out, &d.analysis);
	output_options(out, &d.analysis);
	many_options(out);
	help_last(out, "analyze");
}
