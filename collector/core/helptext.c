/*
 * helptext.c - the pieces of --help and of a usage error's answer
 * (helptext.h).
 */
#include "helptext.h"

#include <stdarg.h>
#include <string.h>

void help_usage(FILE *out, const char *synopsis)
{
	fputs("usage:\n", out);
	fputs(synopsis, out);
}

void help_usage_error(FILE *err, const char *synopsis, const char *prog)
{
	help_usage(err, synopsis);
	fprintf(err, "Every option: %s --help.\n", prog);
}

void help_group(FILE *out, const char *title)
{
	fprintf(out, "\n%s\n", title);
}

static void indent(FILE *out, int from, int to)
{
	for (; from < to; from++)
		putc(' ', out);
}

/* Fill text from column col (where the line is now) to HELP_COLUMNS,
 * every further line starting at column at; then end the line.  Greedy;
 * a word too long for a whole line stands alone on it. */
static void fill(FILE *out, int col, int at, const char *text)
{
	int fresh = 1;		/* no word on this line yet */
	for (const char *p = text + strspn(text, " "); *p; p += strspn(p, " ")) {
		int w = (int)strcspn(p, " ");
		if (col + !fresh + w > HELP_COLUMNS && col > at) {
			putc('\n', out);
			indent(out, 0, at);
			col = at;
			fresh = 1;
		}
		if (!fresh)
			putc(' ', out);
		fwrite(p, 1, (size_t)w, out);
		col += !fresh + w;
		fresh = 0;
		p += w;
	}
	putc('\n', out);
}

void help_option(FILE *out, const char *spec, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);

	/* a long option alone lines up with those after "-c, " */
	int col = fprintf(out, "    %s%s", strncmp(spec, "--", 2) == 0 ? "    " : "", spec);
	if (col + 2 <= HELP_TEXT_AT) {
		indent(out, col, HELP_TEXT_AT);
		col = HELP_TEXT_AT;
	} else {
		fputs("  ", out);
		col += 2;
	}
	fill(out, col, HELP_TEXT_AT, text);
}

void help_paragraph(FILE *out, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	indent(out, 0, 4);
	fill(out, 4, 4, text);
}

void help_last(FILE *out, const char *prog)
{
	help_group(out, "help:");
	help_option(out, "-h, --help", "this list");
	help_option(out, "--manual", "the whole manual (man %s)", prog);
	help_option(out, "--version", "print the version");
	fprintf(out, "\nThe whole manual: man %s, or %s --manual.\n", prog, prog);
}
