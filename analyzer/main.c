/*
 * analyze - unit cost and overhead from subtick timings.  main parses the
 * options and chains the stages of analysis.c; the report is printed only
 * once every stage has succeeded.
 */
#include <limits.h>
#include <stdio.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <glpk.h>
#include <gsl/gsl_errno.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis.h"
#include "compare.h"
#include "group.h"
#include "export.h"
#include "filelist.h"
#include "follow.h"
#include "options.h"
#include "plot.h"
#include "outfile.h"
#include "report.h"
#include "report_html.h"

static int report_error(const struct input_error *e)
{
	if (e->line)
		fprintf(stderr, "analyze: %s:%llu: %s\n", e->file,
			(unsigned long long)e->line, e->msg);
	else
		fprintf(stderr, "analyze: %s: %s\n", e->file, e->msg);
	return 1;
}

/* stdout must reach its destination: a full disk is an error. */
static int close_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		perror("analyze: stdout");
		return 1;
	}
	return 0;
}

/* stdout closed, then: 1 when the page was not written; 3 when the
 * report stands but figures failed (plots not 0, or page 1). */
static int exit_status(int plots, int page)
{
	int rc = close_stdout();
	return rc != 0 ? rc : page < 0 ? 1 : plots != 0 || page > 0 ? 3 : 0;
}

/* Every file and directory analyze is asked to write can be written,
 * known before a sample is read: a report printed, then "cannot create"
 * for its page, left the user a report and an exit 1.  0, or 1 with the
 * message. */
static int outputs_ok(const struct analyze_options *opt)
{
	const struct {
		const char *path;
		int dir;
	} out[] = { { opt->report_path, 0 }, { opt->analysis.excess_path, 0 },
		    { opt->minima_path, 0 }, { opt->plot_dir, 1 } };
	for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) {
		char why[PATH_MAX + 128];
		if (out[i].path != NULL &&
		    outfile_can_write(out[i].path, out[i].dir, why, sizeof why) != 0) {
			fprintf(stderr, "analyze: %s: %s\n", out[i].path, why);
			return 1;
		}
	}
	/* the figures' names in a --plot directory that is there already:
	 * each absent or a file (a directory named timings.png in it) */
	struct stat st;
	if (opt->plot_dir != NULL && stat(opt->plot_dir, &st) == 0) {
		char names[PLOT_FILES_MAX][OUTFILE_NAME_MAX];
		size_t k = plot_file_names(opt->compare ? PLOT_SET_COMPARE
					   : opt->group ? PLOT_SET_GROUP : PLOT_SET_ONE,
					   opt->analysis.plot_format, names);
		for (size_t i = 0; i < k; i++) {
			char p[PATH_MAX], why[256];
			if (snprintf(p, sizeof p, "%s/%s", opt->plot_dir, names[i]) < (int)sizeof p &&
			    outfile_check(p, why, sizeof why) != 0) {
				fprintf(stderr, "analyze: %s: %s\n", p, why);
				return 1;
			}
		}
	}
	return 0;
}

static int has_empty(char **files)
{
	for (; *files != NULL; files++)
		if (**files == '\0')
			return 1;
	return 0;
}

static int compare_main(const struct analyze_options *opt)
{
	struct comparison c;
	struct input_error err = { 0 };
	char **a = filelist_split(opt->analysis.files[0]), **b = filelist_split(opt->analysis.files[1]);
	if (a == NULL || b == NULL) {
		fprintf(stderr, "analyze: out of memory\n");
		free(a), free(b);
		return 1;
	}
	if (has_empty(a) || has_empty(b)) {
		fprintf(stderr, "analyze: --compare: an empty file name in a list (two commas, or one at an end)\n");
		free(a), free(b);
		return 2;
	}
	int rc = compare_run(&c, &opt->analysis, a, b, &err);
	if (rc != 0) {
		compare_free(&c);
		free(a), free(b);
		return report_error(&err);
	}
	if (opt->json)
		compare_report_json(stdout, &c);
	else if (opt->markdown)
		report_compare_markdown(stdout, &c);
	else
		compare_report_text(stdout, &c);
	fflush(stdout);
	int plots = opt->plot_dir != NULL &&
		    plot_compare(&c.a, &c.b, c.in_ns, c.verdict, opt->analysis.plot_format,
				 opt->plot_dir, opt->json || opt->markdown ? NULL : stdout,
				 stderr) != 0;
	int page = opt->report_path ? report_html_compare(opt->report_path, &c, stderr) : 0;
	compare_free(&c);
	free(a), free(b);
	return exit_status(plots, page);
}

static int group_main(const struct analyze_options *opt)
{
	struct grouping gr;
	struct input_error err = { 0 };
	if (group_run(&gr, opt->group, &opt->analysis, &err) != 0) {
		group_free(&gr);
		return report_error(&err);
	}
	if (opt->json)
		group_report_json(stdout, &gr);
	else if (opt->markdown)
		group_report_markdown(stdout, &gr);
	else
		group_report_text(stdout, &gr);
	fflush(stdout);
	int page = opt->report_path ? report_html_group(opt->report_path, &gr, stderr) : 0;
	group_free(&gr);
	return exit_status(0, page);
}

int main(int argc, char **argv)
{
	struct analyze_options opt;
	switch (options_parse(argc, argv, &opt, stderr)) {
	case OPTIONS_DONE:
		return close_stdout();
	case OPTIONS_USAGE:
		return 2;
	case OPTIONS_RUN:
		break;
	}
	gsl_set_error_handler_off();
	glp_term_out(GLP_OFF);
	/* one heap for every thread: the read's second thread adds the
	 * points (read/batchpipe.h), and glibc would give it a heap of its
	 * own, whose free room the first cannot reuse (8 MiB more at 10^6
	 * N, 7% of the whole) */
#ifdef M_ARENA_MAX
	mallopt(M_ARENA_MAX, 1);
#endif
	if (outputs_ok(&opt) != 0)
		return 1;
	if (opt.compare)
		return compare_main(&opt);
	if (opt.group)
		return group_main(&opt);

	if ((opt.analysis.files == NULL || opt.analysis.files[0] == NULL) && isatty(STDIN_FILENO))
		fprintf(stderr, "analyze: reading a stream from stdin (the terminal): pipe one in (collect | analyze) or name a file (analyze FILE); Ctrl-D ends it\n");
	if (opt.follow) {
		char msg[512];
		if (follow_input(&opt.analysis, msg, sizeof msg) != 0) {
			fprintf(stderr, "analyze: --follow: %s\n", msg);
			return 1;
		}
	}
	struct analysis a;
	struct input_error err = { 0 };
	int rc = analysis_run(&a, &opt.analysis, &err);
	if (rc != 0) {
		analysis_free(&a);
		return report_error(&err);
	}
	/* an activity trace has no line: no excess over it, no minima */
	const char *no_line = opt.analysis.excess_path != NULL ? "--excess"
			      : opt.minima_path != NULL ? "--minima" : NULL;
	if (a.trace && no_line != NULL) {
		fprintf(stderr, "analyze: %s: an activity trace (collect --trace) has no line to "
				"write the excess over or the minima of; --plot draws its gaps and "
				"their sources\n", no_line);
		analysis_free(&a);
		return 1;
	}
	if (opt.analysis.excess_path != NULL) {
		char msg[256];
		if (export_excess(&a, opt.analysis.excess_path, msg, sizeof msg) != 0) {
			fprintf(stderr, "analyze: %s: %s\n", opt.analysis.excess_path, msg);
			analysis_free(&a);
			return 1;
		}
	}
	if (opt.minima_path != NULL) {
		char msg[256];
		if (export_minima(&a, opt.minima_path, msg, sizeof msg) != 0) {
			fprintf(stderr, "analyze: %s: %s\n", opt.minima_path, msg);
			analysis_free(&a);
			return 1;
		}
	}
	if (opt.json)
		report_json(stdout, &a);
	else if (opt.markdown)
		report_markdown(stdout, &a);
	else if (opt.verbose)
		report_text(stdout, &a);
	else
		report_short(stdout, &a);
	fflush(stdout);
	/* The report stands even when the figures fail: exit 3 says so. */
	int plots = 0;
	if (opt.plot_dir != NULL)
		plots = plot_all(&a, opt.plot_dir, opt.json || opt.markdown ? NULL : stdout, stderr);
	int page = opt.report_path ? report_html(opt.report_path, &a, stderr) : 0;
	analysis_free(&a);
	return exit_status(plots, page);
}
