/*
 * suggest.c - the long option nearest to a mistyped one (suggest.h).
 */
#include "suggest.h"

#include <string.h>

enum { SUGGEST_MAX = 64 };

/* Optimal string alignment distance of a[0..la) and b[0..lb), both at
 * most SUGGEST_MAX characters. */
static size_t distance(const char *a, size_t la, const char *b, size_t lb)
{
	size_t d[SUGGEST_MAX + 1][SUGGEST_MAX + 1];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb];
}

const char *suggest_option(const char *word, const struct option *opts)
{
	if (word == NULL || strncmp(word, "--", 2) != 0)
		return NULL;
	word += 2;
	size_t lw = strcspn(word, "=");
	if (lw == 0 || lw > SUGGEST_MAX)
		return NULL;
	const char *best = NULL;
	size_t best_d = 3;	/* more than 2 edits: none */
	for (; opts->name != NULL; opts++) {
		size_t lo = strlen(opts->name);
		if (lo > SUGGEST_MAX)
			continue;
		size_t d = distance(word, lw, opts->name, lo);
		if (d < best_d && 3 * d <= lw) {
			best = opts->name;
			best_d = d;
		}
	}
	return best;
}
