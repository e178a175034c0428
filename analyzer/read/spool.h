/*
 * spool.h - every sample, kept on disk (an unlinked temporary file) for
 * the passes that need each one after the fit: one that blocks, excess,
 * speed windows and the interruptions' first look share (pass.h), the
 * interruptions' events (once, or again at each threshold they are judged
 * above), the plots and --excess.  Memory stays bounded whatever the
 * number of samples.
 *
 * Bound to a point set (spool_open's points), a record keeps the index of
 * its point instead of its N, and reads back with both: i, the point's
 * place in the set (sorted or not, as the set is then), and n.  Passes
 * then need no lookup of N.  Unbound, a record keeps N, and i is
 * SPOOL_NO_INDEX.
 *
 * Records are written and read through a buffer of their own: a pass over
 * ten million samples is a few hundred large reads, not a call per sample.
 *
 * A regular file is spooled too, not read again for each pass: at 10^7
 * samples over 10^4 N (300 MB of text), writing the spool and reading it
 * back for every pass took 0.1 s in all, where one more read of the text
 * (the read calls and the line scan, before any lookup of N) took 0.3 s
 * (perf, 2026-11-30).
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

/* As kept on disk, 16 bytes: key is the point's index (bound) or n, at
 * the start's step from the last record's that had one (SPOOL_NO_STEP:
 * none).  A key or a step too wide for 32 bits comes in an escape record
 * just before (key SPOOL_ESCAPE; at says which, SPOOL_WIDE_KEY or
 * SPOOL_WIDE_AT; t's bits hold the value); a start before the last
 * record's too. */
struct spool_disk {
	double t;
	uint32_t key;
	uint32_t at;
};

#define SPOOL_ESCAPE UINT32_MAX
#define SPOOL_BUFFER_RECORDS (1 << 16)	/* 64 Ki of 16 bytes, 1 MiB */
#define SPOOL_AHEAD 8	/* records: how far spool_get fetches ahead */
/* Points beyond which it does: below, a pass's per-point data stays in
 * the caches, and the fetches cost more than they save (10^7 samples over
 * 10^4 N: 1.01 s with them, 0.99 s without; over 10^5 N: 1.75 s with,
 * 1.90 s without). */
#define SPOOL_FETCH_POINTS 32768
#define SPOOL_NO_STEP UINT32_MAX
enum { SPOOL_WIDE_KEY, SPOOL_WIDE_AT };

struct spool {
	int fd;
	uint64_t count;		/* records, escapes not counted */
	const struct point_set *points;	/* NULL: unbound */
	struct spool_disk *buf;
	size_t pos, len;	/* records: next to read, in the buffer */
	int writing;
	uint64_t at;		/* the last start written or read */
	uint64_t wide_key;	/* from an escape, for the next record */
	int have_wide_key;
	int fetch;		/* fetch points ahead: more than
				 * SPOOL_FETCH_POINTS (spool_rewind) */
	uint64_t off;		/* where the next read starts, bytes */
	int borrowed;		/* fd is another spool's (spool_reader) */
};

/* Returns 0, or -1 (errno set).  Every record is put before the first
 * spool_rewind. */
int spool_open(struct spool *s, const struct point_set *points);
int spool_put_slow(struct spool *s, const struct spool_record *r);
int spool_flush(struct spool *s);

/* Returns 0, or -1 (errno set).  Inline for the common record (a key and
 * a step that fit, room in the buffer); the rest by spool_put_slow. */
static inline int spool_put(struct spool *s, const struct spool_record *r)
{
	uint64_t key = s->points ? (uint64_t)r->i : r->n;
	int no_at = r->at == SPOOL_NO_AT;
	if (!s->writing || s->len == SPOOL_BUFFER_RECORDS || key >= SPOOL_ESCAPE ||
	    (!no_at && (r->at < s->at || r->at - s->at >= SPOOL_NO_STEP)))
		return spool_put_slow(s, r);
	s->buf[s->len++] = (struct spool_disk){ r->t, (uint32_t)key,
						no_at ? SPOOL_NO_STEP : (uint32_t)(r->at - s->at) };
	s->at = no_at ? s->at : r->at;
	s->count++;
	return 0;
}
/* Start reading from the first record. */
int spool_rewind(struct spool *s);

/* A second reader r of s's records (all put), at its own place with its
 * own buffer, from the first record: two passes over the same records
 * side by side.  spool_close(r) leaves s's file open.  Returns 0, or -1
 * (errno set). */
int spool_reader(const struct spool *s, struct spool *r);
int spool_fill(struct spool *s);

/* An escape record's value, for the next record. */
void spool_escape(struct spool *s, const struct spool_disk *d);

/* Returns 1 with a record, 0 at the end, -1 on error. */
static inline int spool_get(struct spool *s, struct spool_record *r)
{
	const struct spool_disk *d;
	for (;;) {
		if (s->pos == s->len) {
			int k = spool_fill(s);
			if (k <= 0)
				return k;
		}
		d = &s->buf[s->pos++];
		if (d->key != SPOOL_ESCAPE)
			break;
		spool_escape(s, d);
	}
	/* the point of the record SPOOL_AHEAD on (the one spool_ahead
	 * names), and the rank of one twice as far, fetched into the cache
	 * meanwhile: with a million N the points are beyond the caches, and
	 * the records visit them at random (escapes' keys are fetched too,
	 * harmlessly).  Both within the buffer's records. */
	if (s->fetch && s->pos + 2 * SPOOL_AHEAD - 1 < s->len) {
		const struct point_set *ps = s->points;
		uint32_t near = s->buf[s->pos + SPOOL_AHEAD - 1].key;
		uint32_t far = s->buf[s->pos + 2 * SPOOL_AHEAD - 1].key;
		if (near < ps->count)
			__builtin_prefetch(&ps->p[points_index(ps, near)]);
		if (ps->sorted && far < ps->count)
			__builtin_prefetch(&ps->rank[far]);
	}
	uint64_t key = d->key;
	if (s->have_wide_key) {
		key = s->wide_key;
		s->have_wide_key = 0;
	}
	r->t = d->t;
	r->at = d->at == SPOOL_NO_STEP ? SPOOL_NO_AT : (s->at += d->at);
	if (s->points != NULL) {
		r->i = points_index(s->points, (size_t)key);
		r->n = s->points->p[r->i].n;
	} else {
		r->i = SPOOL_NO_INDEX;
		r->n = key;
	}
	return 1;
}

/* Records a pass takes at a time (spool_read): 32 KiB of them. */
#define SPOOL_BATCH 1024

/* Up to max records into r, as spool_get gives them: for a pass that
 * hands them on a batch at a time (one call per batch to each of its
 * parts, not one per record).  Returns how many, 0 at the end, -1 on
 * error. */
static inline long spool_read(struct spool *s, struct spool_record *r, size_t max)
{
	size_t k = 0;
	int got = 1;
	while (k < max && (got = spool_get(s, &r[k])) == 1)
		k++;
	return got < 0 ? -1 : (long)k;
}

/* The place in the point set of the record SPOOL_AHEAD after the one
 * spool_get gave last, for a pass to fetch its own per-point data ahead;
 * SPOOL_NO_INDEX when there is none in the buffer, or nothing is fetched
 * (unbound, or SPOOL_FETCH_POINTS points or fewer). */
static inline size_t spool_ahead(const struct spool *s)
{
	if (!s->fetch || s->pos + SPOOL_AHEAD > s->len)
		return SPOOL_NO_INDEX;
	uint32_t k = s->buf[s->pos + SPOOL_AHEAD - 1].key;
	return k < s->points->count ? points_index(s->points, k) : SPOOL_NO_INDEX;
}

void spool_close(struct spool *s);

#endif /* SUBTICK_SPOOL_H */
