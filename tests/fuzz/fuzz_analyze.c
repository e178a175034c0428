/*
 * fuzz_analyze.c - libFuzzer harness for the whole analysis: read, fit
 * (LP and hull, which must agree), interval, excess, checks, and the
 * reports: the short one, the full one (-v) and the JSON.  Every accepted input must give finite numbers and a JSON
 * report that is strict JSON; every refusal a message.  The input is a
 * memory file (fuzz_support.h): nothing is left behind.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "fuzz_support.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct memfile input = { .fd = -1 };
	if (input.fd < 0 && memfile_open(&input) != 0)
		abort();
	if (memfile_put(&input, data, size) != 0)
		return 0;
	char *files[] = { input.path, NULL };
	struct analysis_settings opt = {
		.files = files, .column = "t", .method = METHOD_BOTH,
		.plot_format = "png", .replicates = 20, .seed = 1,
	};
	struct analysis a;
	struct input_error err = { 0 };
	if (analysis_run(&a, &opt, &err) != 0) {
		REQUIRE(err.msg[0] != '\0');
		analysis_free(&a);
		return 0;
	}
	/* Every number reported is finite. */
	const double v[] = { a.fit.slope, a.fit.intercept, a.iv.slope[0],
			     a.iv.slope[1], a.iv.intercept[0], a.iv.intercept[1] };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		REQUIRE(isfinite(v[i]));
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (out != NULL) {
		report_short(out, &a);
		report_text(out, &a);
		REQUIRE(fflush(out) == 0);
		size_t json_at = len;
		report_json(out, &a);
		REQUIRE(fclose(out) == 0);
		require_json(text + json_at, len - json_at);
		free(text);
	}
	analysis_free(&a);
	return 0;
}
