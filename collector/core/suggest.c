/*
 * suggest.c - the long option nearest to a mistyped one (suggest.h).
 */
#include "suggest.h"

#include <string.h>

enum {
	SUGGEST_MAX = 64,	/* the longest word compared */
	SUGGEST_PREFIXED = 3,	/* the most options an ambiguous word is answered with */
};

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

/* How many long options of opts begin with word[0..len), the first
 * SUGGEST_PREFIXED of them in names. */
static size_t prefixed(const char *word, size_t len, const struct option *opts,
		       const char *names[SUGGEST_PREFIXED])
{
	size_t k = 0;
	for (; opts->name != NULL; opts++)
		if (strncmp(opts->name, word, len) == 0 && k++ < SUGGEST_PREFIXED)
			names[k - 1] = opts->name;
	return k;
}

void suggest_say(FILE *err, const char *prog, const char *word,
		 const struct option *opts)
{
	const char *names[SUGGEST_PREFIXED];
	size_t len = strncmp(word, "--", 2) == 0 ? strcspn(word + 2, "=") : 0;
	size_t k = len > 0 ? prefixed(word + 2, len, opts, names) : 0;
	const char *near = suggest_option(word, opts);
	/* "--quiet=1" (or "--qui=1"): getopt_long's '?' for a value the
	 * option it names takes none of */
	const char *named = k == 1 ? names[0] : NULL;
	for (const struct option *o = opts; k > 1 && o->name != NULL; o++)
		if (strlen(o->name) == len && strncmp(o->name, word + 2, len) == 0)
			named = o->name;
	if (named != NULL && word[2 + len] == '=') {
		fprintf(err, "%s: option '%s': --%s takes no value\n", prog, word, named);
		return;
	}
	k = named != NULL ? 0 : k;
	fprintf(err, "%s: option '%s': %s", prog, word, k > 1 ? "ambiguous" : "unknown");
	if (k > SUGGEST_PREFIXED)
		fprintf(err, " (%zu options begin so)", k);
	else if (k > 1)
		for (size_t i = 0; i < k; i++)
			fprintf(err, "%s --%s%s", i == 0 ? "; did you mean" : i + 1 == k ? " or" : ",",
				names[i], i + 1 == k ? "?" : "");
	else if (near != NULL)
		fprintf(err, "; did you mean --%s?", near);
	putc('\n', err);
}
