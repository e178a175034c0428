/*
 * spool.h - every sample, kept on disk (an unlinked temporary file) for
 * the passes that need each one after the fit: blocks, excess, speed,
 * interruptions, plots.  Memory stays bounded whatever the number of
 * samples.
 *
 * Bound to a point set (spool_open's points), a record keeps the index of
 * its point instead of its N, and reads back with both: i, the point's
 * place in the set (sorted or not, as the set is then), and n.  Passes
 * then need no lookup of N.  Unbound, a record keeps N, and i is
 * SPOOL_NO_INDEX.
 *
 * Records are written and read through a buffer of their own: a pass over
 * ten million samples is a few hundred large reads, not a call per sample.
 */
#ifndef SUBTICK_SPOOL_H
#define SUBTICK_SPOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "points.h"

#define SPOOL_NO_AT UINT64_MAX
#define SPOOL_NO_INDEX SIZE_MAX

struct spool_record {
	uint64_t n;
	double t;
	uint64_t at;	/* SPOOL_NO_AT when the input had none */
	size_t i;	/* the index of n's point: to spool_put, as points_add
			 * left it (point_set.last); from spool_get, its place
			 * in the set; SPOOL_NO_INDEX unbound */
};

/* As kept on disk. */
struct spool_disk {
	uint64_t key;	/* the point's index (bound), or n */
	double t;
	uint64_t at;
};

struct spool {
	int fd;
	uint64_t count;
	const struct point_set *points;	/* NULL: unbound */
	struct spool_disk *buf;
	size_t pos, len;	/* records: next to read, in the buffer */
	int writing;
};

/* Returns 0, or -1 (errno set).  Every record is put before the first
 * spool_rewind. */
int spool_open(struct spool *s, const struct point_set *points);
int spool_put(struct spool *s, const struct spool_record *r);
/* Start reading from the first record. */
int spool_rewind(struct spool *s);
int spool_fill(struct spool *s);

/* Returns 1 with a record, 0 at the end, -1 on error. */
static inline int spool_get(struct spool *s, struct spool_record *r)
{
	if (s->pos == s->len) {
		int k = spool_fill(s);
		if (k <= 0)
			return k;
	}
	const struct spool_disk *d = &s->buf[s->pos++];
	r->t = d->t;
	r->at = d->at;
	if (s->points != NULL) {
		r->i = points_index(s->points, (size_t)d->key);
		r->n = s->points->p[r->i].n;
	} else {
		r->i = SPOOL_NO_INDEX;
		r->n = d->key;
	}
	return 1;
}

void spool_close(struct spool *s);

#endif /* SUBTICK_SPOOL_H */
