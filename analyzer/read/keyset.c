/*
 * keyset.c - a set of strings, open addressing (keyset.h).  A header may
 * hold many keys (collect-mpi writes three per rank), so lookups are by
 * hash, not by a scan.
 */
#include "keyset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void keyset_init(struct keyset *s)
{
	*s = (struct keyset){ NULL, 0, 0 };
}

void keyset_free(struct keyset *s)
{
	for (size_t i = 0; i < s->slots; i++)
		free(s->slot[i]);
	free(s->slot);
	keyset_init(s);
}

/* FNV-1a */
static size_t hash(const char *key)
{
	uint64_t h = 14695981039346656037u;
	for (const unsigned char *p = (const unsigned char *)key; *p; p++)
		h = (h ^ *p) * 1099511628211u;
	return (size_t)h;
}

/* The slot of key, or the empty one where it would go. */
static char **find(const struct keyset *s, const char *key)
{
	size_t i = hash(key) & (s->slots - 1);
	while (s->slot[i] != NULL && strcmp(s->slot[i], key) != 0)
		i = (i + 1) & (s->slots - 1);
	return &s->slot[i];
}

/* Twice the slots, the keys moved over; kept at most half full. */
static int grow(struct keyset *s)
{
	struct keyset bigger = { NULL, s->slots ? 2 * s->slots : 64, s->count };
	bigger.slot = calloc(bigger.slots, sizeof *bigger.slot);
	if (bigger.slot == NULL)
		return -1;
	for (size_t i = 0; i < s->slots; i++)
		if (s->slot[i] != NULL)
			*find(&bigger, s->slot[i]) = s->slot[i];
	free(s->slot);
	*s = bigger;
	return 0;
}

int keyset_add(struct keyset *s, const char *key)
{
	if (2 * (s->count + 1) > s->slots && grow(s) != 0)
		return -1;
	char **at = find(s, key);
	if (*at != NULL)
		return 1;
	*at = strdup(key);
	if (*at == NULL)
		return -1;
	s->count++;
	return 0;
}
