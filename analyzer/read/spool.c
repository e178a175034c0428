/*
 * spool.c - fixed-size binary records in a tmpfile().
 */
#include "spool.h"

#include <errno.h>
#include <stdlib.h>

enum { SPOOL_BUFFER = 1 << 20 };

int spool_open(struct spool *s)
{
	s->count = 0;
	s->f = tmpfile();
	if (s->f == NULL)
		return -1;
	setvbuf(s->f, NULL, _IOFBF, SPOOL_BUFFER);
	return 0;
}

int spool_put(struct spool *s, const struct spool_record *r)
{
	if (fwrite(r, sizeof *r, 1, s->f) != 1)
		return -1;
	s->count++;
	return 0;
}

int spool_rewind(struct spool *s)
{
	if (fflush(s->f) != 0)
		return -1;
	rewind(s->f);
	return ferror(s->f) ? -1 : 0;
}

int spool_get(struct spool *s, struct spool_record *r)
{
	if (fread(r, sizeof *r, 1, s->f) == 1)
		return 1;
	return ferror(s->f) ? -1 : 0;
}

void spool_close(struct spool *s)
{
	if (s->f != NULL)
		fclose(s->f);
	s->f = NULL;
}
