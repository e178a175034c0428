/*
 * analyze - unit cost and overhead from subtick timings.  main parses the
 * options and chains the stages of analysis.c; the report is printed only
 * once every stage has succeeded.
 */
#include <stdio.h>

#include <glpk.h>
#include <gsl/gsl_errno.h>

#include "analysis.h"
#include "export.h"
#include "options.h"
#include "plot.h"
#include "report.h"

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

	struct analysis a;
	struct input_error err = { 0 };
	int rc = analysis_read(&a, &opt, &err);
	if (rc == 0)
		rc = analysis_fit(&a, &err);
	if (rc == 0)
		rc = analysis_excess(&a, &err);
	if (rc != 0) {
		analysis_free(&a);
		return report_error(&err);
	}
	analysis_check(&a);
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
	else
		report_text(stdout, &a);
	fflush(stdout);
	/* The report stands even when the figures fail: exit 3 says so. */
	int plots = 0;
	if (opt.plot_dir != NULL)
		plots = plot_all(&a, opt.plot_dir, opt.json ? NULL : stdout, stderr);
	analysis_free(&a);
	rc = close_stdout();
	return rc != 0 ? rc : plots != 0 ? 3 : 0;
}
