/*
 * mpiclocks.c - the clocks of every rank (mpiclocks.h).
 *
 * Krutar's MPI processes on one processor reported different resolutions
 * because MPICH took the tick as the smallest of a few differences of
 * consecutive readings: that measures how long a reading takes as much as
 * the clock, and varies from process to process.  Each rank here reports,
 * for every clock: the gcd tick (calibrate.h), what MPI_Wtick() claims,
 * the smallest of MINDIFF_SAMPLES consecutive non-zero differences (MPICH's
 * way), and the cost of a reading.  Rank 0 prints one row per rank and
 * clock, then says per host and clock whether the gcd ticks agree, and
 * where the other two disagree with them.
 */
#include "mpiclocks.h"

#include "listclocks.h"

#include <math.h>
#include <mpi.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "calibrate.h"
#include "clock.h"

enum { MINDIFF_SAMPLES = 10 };

struct clock_row {
	int rank, cpu, available;
	char host[64];
	char clock[24];
	unsigned long long tick;
	double tick_ns, wtick_ns, mindiff_ns, read_ns;
};

/* MPICH's tick: the smallest of a few differences of consecutive readings
 * that differ. */
static double min_difference_ns(const struct clock_source *c, double unit_ns)
{
	uint32_t cpu;
	uint64_t best = UINT64_MAX, prev = clock_read(c, &cpu);
	for (int found = 0, tries = 0; found < MINDIFF_SAMPLES && tries < 50000000; tries++) {
		uint64_t now = clock_read(c, &cpu);
		if (now > prev) {
			if (now - prev < best)
				best = now - prev;
			found++;
		}
		prev = now;
	}
	return best == UINT64_MAX ? NAN : (double)best * unit_ns;
}

static void measure(const struct world *w, const struct clock_source *c,
		    struct clock_row *row)
{
	memset(row, 0, sizeof *row);
	row->rank = w->rank;
	row->cpu = sched_getcpu();
	snprintf(row->host, sizeof row->host, "%s", w->host);
	snprintf(row->clock, sizeof row->clock, "%s", c->name);
	row->wtick_ns = MPI_Wtick() * 1e9;
	const struct clock_source *use;
	char why[128];
	struct clock_setup setup;
	struct calibration cal;
	if (!clock_available(c, &use, why, sizeof why) ||
	    calibrate_clock(use, 0, &setup, &cal) != 0)
		return;
	row->available = 1;
	row->tick = (unsigned long long)cal.tick;
	row->tick_ns = calibrate_step(&cal) * cal.unit_ns;
	row->read_ns = cal.read_ns;
	row->mindiff_ns = min_difference_ns(use, cal.unit_ns);
}

static int differs(double a, double b)
{
	return !(fabs(a - b) <= 0.01 * (a > b ? a : b));
}

/* Per host and clock: do the gcd ticks agree, and what do the others say. */
static void verdicts(FILE *out, const struct clock_row *rows, int ranks,
		     size_t clocks)
{
	for (size_t c = 0; c < clocks; c++)
		for (int r = 0; r < ranks; r++) {
			const struct clock_row *first = &rows[(size_t)r * clocks + c];
			int seen = 0;
			for (int q = 0; q < r; q++)
				seen |= strcmp(rows[(size_t)q * clocks + c].host, first->host) == 0;
			if (seen || !first->available)
				continue;
			int n = 0, agree = 1, wtick_off = 0, mindiff_off = 0;
			double lo = INFINITY, hi = 0;
			for (int q = r; q < ranks; q++) {
				const struct clock_row *x = &rows[(size_t)q * clocks + c];
				if (strcmp(x->host, first->host) != 0 || !x->available)
					continue;
				n++;
				agree &= x->tick == first->tick;
				wtick_off |= differs(x->wtick_ns, x->tick_ns);
				mindiff_off |= differs(x->mindiff_ns, x->tick_ns);
				lo = x->mindiff_ns < lo ? x->mindiff_ns : lo;
				hi = x->mindiff_ns > hi ? x->mindiff_ns : hi;
			}
			fprintf(out, "# %s on %s: ", first->clock, first->host);
			if (agree)
				fprintf(out, "gcd tick %llu (%.4g ns) on all %d ranks",
					first->tick, first->tick_ns, n);
			else
				fprintf(out, "the gcd ticks DIFFER between ranks (see the rows): a rank's readings were too few or disturbed");
			if (wtick_off)
				fprintf(out, "; MPI_Wtick() claims %.4g ns, not the tick",
					first->wtick_ns);
			if (mindiff_off)
				fprintf(out, "; the smallest difference (MPICH's way) gives %.4g to %.4g ns, not the tick",
					lo, hi);
			fprintf(out, "\n");
		}
}

int mpi_list_clocks(const struct world *w, FILE *out, const char *only)
{
	size_t count, clocks = 0;
	const struct clock_source *table = clock_table(&count);
	struct clock_row mine[32];
	for (size_t i = 0; i < count && clocks < 32; i++)
		if (only == NULL || strcmp(only, table[i].name) == 0)
			measure(w, &table[i], &mine[clocks++]);
	struct clock_row *all = NULL;
	if (w->rank == 0) {
		all = malloc((size_t)w->ranks * clocks * sizeof *all);
		if (all == NULL)
			MPI_Abort(MPI_COMM_WORLD, 1);
	}
	int bytes = (int)(clocks * sizeof *mine);
	MPI_Gather(mine, bytes, MPI_BYTE, all, bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
	if (w->rank != 0)
		return 0;
	fprintf(out, "# %-4s %-16s %4s %-18s %12s %12s %12s %12s %9s\n", "rank",
		"host", "cpu", "clock", "tick", "tick_ns", "wtick_ns",
		"mindiff_ns", "read_ns");
	for (int r = 0; r < w->ranks; r++)
		for (size_t c = 0; c < clocks; c++) {
			const struct clock_row *x = &all[(size_t)r * clocks + c];
			if (!x->available) {
				fprintf(out, "%6d %-16s %4d %-18s unavailable\n", x->rank,
					x->host, x->cpu, x->clock);
				continue;
			}
			fprintf(out, "%6d %-16s %4d %-18s %12llu %12.6g %12.6g %12.6g %9.1f\n",
				x->rank, x->host, x->cpu, x->clock, x->tick,
				x->tick_ns, x->wtick_ns, x->mindiff_ns, x->read_ns);
		}
	verdicts(out, all, w->ranks, clocks);
	free(all);
	return list_clocks_written(out, "collect-mpi", 0);
}
