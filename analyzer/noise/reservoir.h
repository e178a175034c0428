/*
 * reservoir.h - a uniform sample of cap offers out of however many come
 * (Li's Algorithm L): once full, the number of offers to pass over before
 * the next one kept is drawn ahead, so an offer passed over costs a count
 * and a comparison, not a random draw.  Reproducible: the same offers
 * give the same sample.
 */
#ifndef SUBTICK_RESERVOIR_H
#define SUBTICK_RESERVOIR_H

#include <stddef.h>
#include <stdint.h>

struct reservoir {
	void *v;		/* cap items of the caller's size */
	size_t kept, cap;
	uint64_t seen, next;	/* next: the offer (counted from 1) kept next */
	uint64_t x;		/* xorshift */
	double w;		/* the largest of cap uniform keys' smallest */
};

/* Room for cap items of size bytes.  Returns 0, or -1 when out of
 * memory. */
int reservoir_init(struct reservoir *r, size_t cap, size_t size);
void reservoir_free(struct reservoir *r);

/* Empty again, as reservoir_init left it, in the same room. */
void reservoir_reset(struct reservoir *r);

/* Draws the next offer to keep (for reservoir_slot). */
void reservoir_skip(struct reservoir *r);

/* A slot in [0, cap) from the generator, by a multiply-high. */
size_t reservoir_pick(struct reservoir *r);

/* The slot where the next offer goes, or -1 when it is not kept. */
static inline long reservoir_slot(struct reservoir *r)
{
	r->seen++;
	if (r->kept < r->cap) {
		if (++r->kept == r->cap) {
			r->w = 1;
			reservoir_skip(r);
		}
		return (long)r->kept - 1;
	}
	if (r->seen != r->next)
		return -1;
	long j = (long)reservoir_pick(r);
	reservoir_skip(r);
	return j;
}

#endif /* SUBTICK_RESERVOIR_H */
