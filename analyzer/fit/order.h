/*
 * order.h - were the N's minima taken in the order of N?
 *
 * Without start times nothing tells a change of the machine's speed over
 * the collection from a cost: where each N's minimum was taken the later
 * the larger (or smaller) its N, such a change tilts the line as a cost
 * would.  So it goes with a parameter scan (each N's runs together, in
 * order, once or a few times over) and with sweeps in order whose first
 * or last was the fastest (a machine that slowed by 2% over 20 ascending
 * sweeps put every minimum in the first, and the unit cost 0.1% high,
 * beyond its bounds).  Where the sweeps are shuffled, or where the speed
 * held and each N's minimum comes from any sweep, the minima's places
 * keep no order in N, and a change of speed scatters them instead.
 *
 * The test: the inversions between N and the place in the stream of the
 * first sample at its minimum (Kendall's tau); without an order they
 * follow the Mahonian distribution (exact up to ORDER_EXACT_MAX N, its
 * normal limit beyond), and an order either way is claimed where its
 * chance is below 10^ORDER_LOG10_P.
 */
#ifndef SUBTICK_ORDER_H
#define SUBTICK_ORDER_H

#include <stddef.h>
#include <stdint.h>

#include "points.h"
#include "spool.h"

#define ORDER_EXACT_MAX 64

struct order_taker {
	const struct point_set *s;	/* sorted, their minima final */
	uint64_t *first;	/* per point: the place of its minimum's
				 * first sample (UINT64_MAX: none yet) */
	uint64_t seen;
};

struct order_result {
	int judged;		/* three N at least had their minimum seen */
	size_t count;		/* those N */
	double tau;		/* Kendall's tau of N and the minima's places */
	double log10_p;		/* of an order as strong, either way */
};

/* Returns 0, or -1 when memory runs out. */
int order_begin(struct order_taker *k, const struct point_set *s);
void order_take(struct order_taker *k, const struct spool_record *r, size_t n);
/* The test; k is freed. */
struct order_result order_end(struct order_taker *k);

/* The chance that a random order of count N has inversions at most as
 * many as inv, or at least as many (whichever is smaller), twice over:
 * log10.  Exposed for its test. */
double order_log10_p(size_t count, double inv);

#endif /* SUBTICK_ORDER_H */
