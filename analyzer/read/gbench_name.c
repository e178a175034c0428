/*
 * gbench_name.c - arguments in Google Benchmark's names (gbench_name.h).
 * The name is built in benchmark_api_internal.cc: the function's name,
 * each argument as digits (NAME:digits after ArgName), then min_time:X,
 * min_warmup_time:X, iterations:K, repeats:K, process_time, manual_time
 * or real_time, threads:T, joined by '/'.
 */
#include "gbench_name.h"

#include <stdlib.h>
#include <string.h>

#include "foreign_util.h"

/* Suffixes written NAME:digits that are not arguments. */
static int is_suffix(const char *word, size_t len)
{
	static const char *const s[] = { "threads", "iterations", "repeats" };
	for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
		if (strlen(s[i]) == len && memcmp(s[i], word, len) == 0)
			return 1;
	return 0;
}

/* Where the digits of part c[0..len) begin when it is an argument: 0 for
 * digits, after the colon for NAME:digits; -1 when it is none. */
static long arg_digits(const char *c, size_t len)
{
	size_t d = strspn(c, "0123456789");
	if (d >= len)
		return len > 0 ? 0 : -1;
	const char *colon = memchr(c, ':', len);
	if (colon == NULL || colon == c || is_suffix(c, (size_t)(colon - c)))
		return -1;
	size_t at = (size_t)(colon - c) + 1;
	return at < len && strspn(c + at, "0123456789") >= len - at ? (long)at : -1;
}

int gbench_variant(const char *name, char **variant, uint64_t *n,
		   size_t *family_len)
{
	const char *p = strchr(name, '/');
	while (p != NULL) {
		const char *c = p + 1;
		size_t len = strcspn(c, "/");
		long at = arg_digits(c, len);
		if (at >= 0) {
			const char *digits = c + at;
			size_t dlen = len - (size_t)at;
			if (foreign_whole_number(digits, dlen, n) != 0)
				return 0;
			size_t head = (size_t)(digits - name);
			*variant = malloc(strlen(name) + 2);
			if (*variant == NULL)
				return -1;
			memcpy(*variant, name, head);
			(*variant)[head] = 'N';
			strcpy(*variant + head + 1, digits + dlen);
			*family_len = (size_t)(p - name);
			return 1;
		}
		p = strchr(c, '/');
	}
	return 0;
}

/* Part c[0..len) of a pattern stands for N: "N" or NAME:N. */
static int is_n_part(const char *c, size_t len)
{
	return (len == 1 && c[0] == 'N') ||
	       (len > 2 && c[len - 1] == 'N' && c[len - 2] == ':');
}

int gbench_pattern_ns(const char *pattern)
{
	int k = 0;
	for (const char *c = pattern;; c++) {
		size_t len = strcspn(c, "/");
		k += is_n_part(c, len);
		c += len;
		if (*c == '\0')
			return k;
	}
}

int gbench_match(const char *pattern, const char *name, uint64_t *n)
{
	const char *p = pattern, *q = name;
	for (;;) {
		size_t pl = strcspn(p, "/"), ql = strcspn(q, "/");
		if (is_n_part(p, pl)) {
			size_t word = pl - 1;	/* "NAME:" or "" */
			if (ql <= word || memcmp(p, q, word) != 0 ||
			    foreign_whole_number(q + word, ql - word, n) != 0)
				return 0;
		} else if (pl != ql || memcmp(p, q, pl) != 0) {
			return 0;
		}
		p += pl;
		q += ql;
		if (*p == '\0' || *q == '\0')
			return *p == *q;
		p++;
		q++;
	}
}
