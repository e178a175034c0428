/*
 * fuzz_analyze.c - libFuzzer harness for the whole analysis: read, fit
 * (LP and hull, which must agree), interval, excess, checks, and both
 * reports.  Every accepted input must give finite numbers; every refusal
 * a message.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glpk.h>
#include <gsl/gsl_errno.h>

#include "analysis.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[] = "/tmp/subtick-fuzz-XXXXXX";
static int path_fd = -1;

static int put_input(const uint8_t *data, size_t size)
{
	if (path_fd < 0) {
		gsl_set_error_handler_off();
		glp_term_out(GLP_OFF);
		path_fd = mkstemp(path);
		if (path_fd < 0)
			return -1;
	}
	if (ftruncate(path_fd, 0) != 0 || pwrite(path_fd, data, size, 0) != (ssize_t)size)
		return -1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (put_input(data, size) != 0)
		return 0;
	char *files[] = { path, NULL };
	struct analysis_settings opt = {
		.files = files, .column = "t", .method = METHOD_BOTH,
		.plot_format = "png", .replicates = 20, .seed = 1,
	};
	struct analysis a;
	struct input_error err = { 0 };
	if (analysis_run(&a, &opt, &err) != 0) {
		if (err.msg[0] == '\0')
			__builtin_trap();
		analysis_free(&a);
		return 0;
	}
	/* Every number reported is finite. */
	const double v[] = { a.fit.slope, a.fit.intercept, a.iv.slope[0],
			     a.iv.slope[1], a.iv.intercept[0], a.iv.intercept[1] };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		if (!isfinite(v[i]))
			__builtin_trap();
	FILE *out = fopen("/dev/null", "w");
	if (out != NULL) {
		report_text(out, &a);
		report_json(out, &a);
		fclose(out);
	}
	analysis_free(&a);
	return 0;
}
