/*
 * listclocks.c - a table of what each clock really does here.
 */
#include "listclocks.h"

#include <errno.h>
#include <string.h>

#include "calibrate.h"
#include "clock.h"

static void print_row(FILE *out, const struct clock_source *c,
		      unsigned coarsen_bits)
{
	const struct clock_source *use;
	struct clock_setup setup;
	struct calibration cal;
	char why[128];

	if (!clock_available(c, &use, why, sizeof why)) {
		fprintf(out, "%-18s unavailable: %s\n", c->name, why);
		return;
	}
	if (calibrate_clock(use, coarsen_bits, &setup, &cal) != 0) {
		fprintf(out, "%-18s unavailable: did not advance or cannot be coarsened\n",
			c->name);
		return;
	}
	char claim[32] = "-";
	if (cal.claimed_res_ns > 0)
		snprintf(claim, sizeof claim, "%.0f", cal.claimed_res_ns);
	/* tick_ns: the mean step where steps are not whole ticks */
	fprintf(out, "%-18s %14llu %14.10g %12s %9.1f %14.9g%s%s\n", c->name,
		(unsigned long long)cal.tick, calibrate_step(&cal) * cal.unit_ns,
		claim, cal.read_ns, cal.unit_ns,
		cal.tick_differences ? "" : "  (tick derived, too slow to detect)",
		cal.mean_step > 0 ? "  (uneven steps: tick_ns is their mean)" : "");
}

int list_clocks_written(FILE *out, const char *prog, int err)
{
	if (fflush(out) != 0 && err == 0)
		err = errno ? errno : EIO;
	if (ferror(out) && err == 0)
		err = EIO;
	if (err == 0)
		return 0;
	fprintf(stderr, "%s: standard output: %s\n", prog, strerror(err));
	return 1;
}

int list_clocks(FILE *out, const char *prog, const char *only,
		unsigned coarsen_bits)
{
	size_t count;
	const struct clock_source *clocks = clock_table(&count);
	int err = 0;

	if (coarsen_bits)
		fprintf(out, "# read with --coarsen %u\n", coarsen_bits);
	fprintf(out, "%-18s %14s %14s %12s %9s %14s\n", "# clock", "tick",
		"tick_ns", "getres_ns", "read_ns", "ns_per_unit");
	for (size_t i = 0; i < count && err == 0; i++) {
		if (only != NULL && strcmp(only, clocks[i].name) != 0)
			continue;
		print_row(out, &clocks[i], coarsen_bits);
		if (fflush(out) != 0)	/* errno now, not after more writes */
			err = errno ? errno : EIO;
	}
	return list_clocks_written(out, prog, err);
}
