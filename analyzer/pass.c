/*
 * pass.c - the one pass over the spooled samples after the fit (pass.h).
 */
#include "pass.h"

#include <errno.h>
#include <stdlib.h>

#include "analysis.h"
#include "parallel.h"

/* "On the line" means within one tick of the step function; without a
 * tick, within 0.1% of the minimum at the median N. */
static double on_line_width(const struct analysis *a)
{
	if (a->tick > 0)
		return a->tick;
	const struct point_set *s = &a->points;
	return 1e-3 * s->p[s->count / 2].min > 0 ? 1e-3 * s->p[s->count / 2].min : 1e-9;
}

/* The parts' settings, from the fit. */
static void configure(struct analysis *a)
{
	a->on_line_width = on_line_width(a);
	a->excess_cfg = (struct excess_config){
		.line = &a->fit, .tick = a->tick, .on_line_width = a->on_line_width,
		.unit_ns = a->unit_ns,
		.excess_path = a->opt->excess_path,
		.integer_t = a->points.all_int,
		.rest = { a->fit.left, a->fit.right },
		.rest_min = { a->points.p[a->fit.left].min, a->points.p[a->fit.right].min },
	};
	/* the line and the step at each point, where the points are few
	 * enough to stay in the caches; else, and without memory, computed
	 * for each sample (16 bytes an N less while the blocks are cut) */
	if (a->points.count <= SPOOL_FETCH_POINTS)
		excess_prepare(&a->excess_cfg, &a->points);
}

/* The parts, in two groups that each read every record on their own
 * (the excess histogram; the rest), side by side where there are two
 * cores (parallel.h): each part takes the records in their order, as it
 * would alone, so the results are the same on any number of cores. */
struct pass_parts {
	struct spool *sp, *own;	/* the first reader, and the second's */
	struct blocks_cutter *blocks;
	struct excess_counter *ex;
	struct speed_windows *win;
	struct run_taker *runs;
	struct order_taker *order;
	int rc[2], err[2];	/* each group's: 0 or -1, and errno */
};

/* Group g's parts, every batch of the records from reader sp. */
static int take_group(struct pass_parts *p, int g, struct spool *sp)
{
	struct spool_record *r = malloc(SPOOL_BATCH * sizeof *r);
	long n = -1;
	if (r != NULL && spool_rewind(sp) == 0)
		while ((n = spool_read(sp, r, SPOOL_BATCH)) > 0) {
			if (g == 0) {
				excess_take(p->ex, r, (size_t)n);
				continue;
			}
			if (p->blocks != NULL && blocks_take(p->blocks, r, (size_t)n) != 0) {
				n = -1;
				errno = ENOMEM;
				break;
			}
			if (p->win != NULL)
				speed_windows_take(p->win, r, (size_t)n);
			runs_take(p->runs, r, (size_t)n);
			order_take(p->order, r, (size_t)n);
		}
	free(r);
	if (r == NULL)
		errno = ENOMEM;
	return n == 0 ? 0 : -1;
}

static void take_part(void *ctx, unsigned worker, size_t g)
{
	(void)worker;
	struct pass_parts *p = ctx;
	errno = 0;
	p->rc[g] = take_group(p, (int)g, g == 0 ? p->own : p->sp);
	p->err[g] = errno;
}

/* Every batch to each part that takes one.  Returns 0, or -1 (errno). */
static int take_all(struct spool *sp, struct blocks_cutter *blocks, struct excess_counter *ex,
		    struct speed_windows *win, struct run_taker *runs, struct order_taker *order)
{
	struct spool own = { .fd = -1 };
	struct pass_parts p = { sp, &own, blocks, ex, win, runs, order, { 0, 0 }, { 0, 0 } };
	/* the second reader made before either group reads: from the
	 * first, as written and flushed */
	if (spool_rewind(sp) != 0 || spool_reader(sp, &own) != 0) {
		int e = errno;
		spool_close(&own);
		errno = e;
		return -1;
	}
	parallel_for(2, parallel_workers(), take_part, &p);
	spool_close(&own);
	for (int g = 0; g < 2; g++)
		if (p.rc[g] != 0) {
			errno = p.err[g];
			return -1;
		}
	return 0;
}

int analysis_pass(struct analysis *a, const uint64_t *skip_n, const double *skip_t,
		  size_t nskip)
{
	struct blocks_cutter blocks;
	struct speed_windows win;
	struct excess_counter *ex = malloc(sizeof *ex);
	struct order_taker order = { 0 };
	configure(a);
	int cut = a->start_times ? blocks_begin(&blocks, &a->points, a->runs_min, a->spool.count,
						 skip_n, skip_t, nskip, &a->blocks) : 0;
	int wins = speed_windows_begin(&win, &a->points, a->spool.count, &a->diag.speed);
	int rc = -1;
	if (ex != NULL && cut >= 0 && wins >= 0 && excess_begin(ex, &a->excess_cfg, &a->excess) == 0 &&
	    runs_begin(&a->diag.taker) == 0 && order_begin(&order, &a->points) == 0) {
		rc = take_all(&a->spool, cut ? &blocks : NULL, ex, wins ? &win : NULL, &a->diag.taker,
			      &order);
	} else {
		errno = ENOMEM;
	}
	if (rc == 0) {
		if (cut)
			blocks_end(&blocks);
		excess_end(ex);
		rc = speed_states_of(&win);
	}
	if (order.first != NULL)
		a->order = order_end(&order);
	free(ex);
	/* the plots' pass, if any, computes them per sample: 16 bytes an N
	 * less while the interruptions are found */
	excess_config_free(&a->excess_cfg);
	return rc;
}
