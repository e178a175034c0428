/*
 * blocks.h - the collection cut into contiguous stretches of time.
 *
 * A machine's speed drifts: five default collections minutes apart
 * differed by 2.8% while each one's interval was 0.75% wide, because
 * subsampling random runs mixes early and late runs in every half.  Cut
 * the samples, in the order they were taken, into B blocks (each several
 * sweeps long) and keep every N's minimum in each block: a subsample is
 * then a random half of the blocks (drift within the collection widens
 * the interval, as it should), and the unit cost of each fifth of the
 * collection shows the drift itself (fifths.h).
 */
#ifndef SUBTICK_BLOCKS_H
#define SUBTICK_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

#include "fifths.h"
#include "interval.h"
#include "points.h"
#include "spool.h"

/* Cut the spooled samples (sp bound to s: spool.h) into
 * min(BLOCKS_MAX, runs_min / 2) blocks (none below BLOCKS_MIN).  s must be
 * sorted.  The samples skip[0..nskip) (n, t:
 * clock glitches left out of the fit) are left out here too, once each.
 * Returns 0, or -1 (memory, read). */
int blocks_cut(struct spool *sp, const struct point_set *s, uint64_t runs_min,
	       const uint64_t *skip_n, const double *skip_t, size_t nskip,
	       struct blocks *out);

/* How many blocks runs_min cuts (0: none), as above. */
static inline unsigned blocks_planned(uint64_t runs_min)
{
	uint64_t half = runs_min / 2;
	return half < BLOCKS_MIN ? 0 : half > BLOCKS_MAX ? BLOCKS_MAX : (unsigned)half;
}

/* blocks_cut taken a batch of records at a time: a part of a pass over
 * the samples that other parts share (analysis_pass: pass.h).  Its place between
 * batches. */
struct blocks_cutter {
	const struct point_set *s;
	struct blocks *out;
	const uint64_t *skip_n;
	const double *skip_t;
	size_t nskip;
	unsigned char skipped[64];
	unsigned count;		/* blocks */
	uint64_t total;		/* records */
	/* sample number idx goes to block idx x count / total: kept as
	 * that product and the product at which the next block begins */
	uint128 at, next;
	size_t b;
};

/* Start cutting the total records to come, as blocks_cut.  Returns 1 when
 * there are blocks to cut, 0 when there are none (too few runs: out is
 * empty, and nothing is to be taken), -1 when out of memory. */
int blocks_begin(struct blocks_cutter *k, const struct point_set *s, uint64_t runs_min,
		 uint64_t total, const uint64_t *skip_n, const double *skip_t,
		 size_t nskip, struct blocks *out);
/* Returns 0, or -1 when out of memory. */
int blocks_take(struct blocks_cutter *k, const struct spool_record *r, size_t n);
/* After the last record. */
void blocks_end(struct blocks_cutter *k);

void blocks_free(struct blocks *b);

#endif /* SUBTICK_BLOCKS_H */
