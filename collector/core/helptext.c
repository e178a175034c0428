/*
 * helptext.c - a short usage from a manual text (helptext.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* open_memstream */
#endif
#include "helptext.h"

#include <stdlib.h>
#include <string.h>

/* An option's first line, cut at the end of its first clause: before an
 * opening parenthesis it does not close, and without a trailing comma,
 * colon or "and".  Where the description goes on past the line
 * (continues), " ..." says so: "pool files whose kernel, clock,
 * coarsening" had read as whole. */
static void option_line(FILE *out, const char *line, size_t len, int continues)
{
	char buf[256];
	if (len >= sizeof buf)
		len = sizeof buf - 1;
	memcpy(buf, line, len);
	buf[len] = '\0';
	int depth = 0;
	char *open = NULL;
	for (char *p = buf; *p; p++) {
		if (*p == '(' && depth++ == 0)
			open = p;
		else if (*p == ')' && depth > 0 && --depth == 0)
			open = NULL;
	}
	if (depth > 0 && open != NULL)
		*open = '\0';
	size_t n = strlen(buf);
	while (n > 0 && strchr(" ,:;", buf[n - 1]))
		buf[--n] = '\0';
	/* a clause cut before its end: the words that lead on */
	static const char *const lead[] = { " and", " or", " as", " adds", " of",
					    " the", " a", " to", " with", " for", " in" };
	for (int again = 1; again; ) {
		again = 0;
		for (size_t i = 0; i < sizeof lead / sizeof lead[0]; i++) {
			size_t k = strlen(lead[i]);
			n = strlen(buf);
			if (n > k + 20 && strcmp(buf + n - k, lead[i]) == 0) {
				buf[n - k] = '\0';
				n -= k;
				while (n > 0 && strchr(" ,:;", buf[n - 1]))
					buf[--n] = '\0';
				again = 1;
			}
		}
	}
	n = strlen(buf);
	continues &= n > 0 && buf[n - 1] != '.';
	fprintf(out, "%s%s\n", buf, continues ? " ..." : "");
}

/* Whether the line at p (NULL: none) carries on an option's description. */
static int carries_on(const char *p)
{
	if (p == NULL)
		return 0;
	size_t len = strcspn(p, "\n"), ind = strspn(p, " ");
	return ind >= 20 && ind < len;
}

void help_brief(FILE *out, const char *manual, const char *prog)
{
	const char *section = "";
	for (const char *p = manual; *p; ) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len > 0 && p[0] >= 'A' && p[0] <= 'Z' && strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ ") == len) {
			section = p;
			if (strncmp(p, "SYNOPSIS", 8) == 0)
				fputs("usage:\n", out);
			else if (strncmp(p, "OPTIONS", 7) == 0)
				fputs("\noptions:\n", out);
		} else if (strncmp(section, "SYNOPSIS", 8) == 0 && len > 0) {
			fprintf(out, "%.*s\n", (int)len, p);
		} else if (strncmp(section, "OPTIONS", 7) == 0 && len > 4 &&
			   p[strspn(p, " ")] == '-' && strspn(p, " ") <= 8) {
			char both[256];
			const char *next = end ? end + 1 : NULL;
			size_t nlen = next ? strcspn(next, "\n") : 0;
			size_t ind = next ? strspn(next, " ") : 0;
			/* an option too long for its column: its words on the next line */
			const char *spec = p + strspn(p, " ");
			/* words, a quoted argument one ('CMD {N}') */
			size_t words = 0;
			int quoted = 0;
			for (const char *w = spec; w < p + len; w++) {
				words += !quoted && *w != ' ' && (w == spec || w[-1] == ' ');
				quoted ^= *w == '\'';
			}
			/* the option and its argument alone, not its description
			 * one space after a long option ("--also-clock NAME also
			 * read ...") */
			int bare = len < sizeof both && !memmem(spec, len - (size_t)(spec - p), "  ", 2) &&
				   (words <= 2 || len <= ind);
			if (bare && ind >= 20 && nlen > ind && len + 2 + nlen - ind < sizeof both) {
				snprintf(both, sizeof both, "%.*s  %.*s", (int)len, p,
					 (int)(nlen - ind), next + ind);
				option_line(out, both, strlen(both),
					    carries_on(next[nlen] ? next + nlen + 1 : NULL));
			} else
				option_line(out, p, len, carries_on(next));
		}
		p += len + (end != NULL);
	}
	fprintf(out, "\nThe whole manual: man %s, or %s --manual.\n", prog, prog);
}

void help_brief_of(FILE *out, void (*print)(FILE *), const char *prog)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (m == NULL) {
		print(out);	/* the whole text rather than none */
		return;
	}
	print(m);
	fclose(m);
	help_brief(out, text ? text : "", prog);
	free(text);
}
