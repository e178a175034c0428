/*
 * spool.h - every sample, kept on disk (an unlinked temporary file) for
 * the passes that need each one after the fit: excess, plots.  Memory stays
 * bounded whatever the number of samples.
 */
#ifndef SUBTICK_SPOOL_H
#define SUBTICK_SPOOL_H

#include <stdint.h>
#include <stdio.h>

#define SPOOL_NO_AT UINT64_MAX

struct spool_record {
	uint64_t n;
	double t;
	uint64_t at;	/* SPOOL_NO_AT when the input had none */
};

struct spool {
	FILE *f;
	uint64_t count;
};

/* Returns 0, or -1 (errno set). */
int spool_open(struct spool *s);
int spool_put(struct spool *s, const struct spool_record *r);
/* Start reading from the first record. */
int spool_rewind(struct spool *s);
/* Returns 1 with a record, 0 at the end, -1 on error. */
int spool_get(struct spool *s, struct spool_record *r);
void spool_close(struct spool *s);

#endif /* SUBTICK_SPOOL_H */
