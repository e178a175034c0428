/*
 * keyset.h - the header keys a stream has given so far: each key appears
 * once (data/FORMAT.md), so a second one is an error, not a silent
 * override (a unit_ns written after the calibrated one).
 */
#ifndef SUBTICK_KEYSET_H
#define SUBTICK_KEYSET_H

#include <stddef.h>

struct keyset {
	char **slot;	/* open addressing; NULL: empty */
	size_t slots, count;
};

void keyset_init(struct keyset *s);
void keyset_free(struct keyset *s);

/* Add key: 0 when new, 1 when it was there already, -1 out of memory. */
int keyset_add(struct keyset *s, const char *key);

#endif /* SUBTICK_KEYSET_H */
