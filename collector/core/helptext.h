/*
 * helptext.h - the pieces of a program's -h/--help and of its answer to a
 * usage error, for collect, collect-mpi and analyze: the synopsis under
 * "usage:", and each option with its whole description, filled to
 * HELP_COLUMNS.  The manual (--manual, the man pages) is the long form.
 */
#ifndef SUBTICK_HELPTEXT_H
#define SUBTICK_HELPTEXT_H

#include <stdio.h>

enum {
	HELP_COLUMNS = 79,	/* the longest line: one less than a terminal's 80 */
	HELP_TEXT_AT = 26,	/* the column an option's description starts at */
};

/* "usage:", then synopsis: its lines as the manual's SYNOPSIS shows them
 * (each indented by four spaces, each ending with a newline). */
void help_usage(FILE *out, const char *synopsis);

/* After a usage error's own line: the usage (help_usage) and where every
 * option is (prog --help). */
void help_usage_error(FILE *err, const char *synopsis, const char *prog);

/* A heading of a group of options ("what to time:"), a blank line before. */
void help_group(FILE *out, const char *title);

/* One option: spec ("-c, --clock NAME", or "--coarsen BITS", set under
 * the long options beside short ones) at column 4, then its description,
 * printf's fmt and what follows, filled from column HELP_TEXT_AT to
 * HELP_COLUMNS.  A spec that reaches that column is followed by two
 * spaces and the description's first words. */
void help_option(FILE *out, const char *spec, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A paragraph, printf's fmt and what follows, filled from column 4 to
 * HELP_COLUMNS. */
void help_paragraph(FILE *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The end of --help: the options -h, --manual and --version, and where
 * the whole manual is. */
void help_last(FILE *out, const char *prog);

#endif /* SUBTICK_HELPTEXT_H */
