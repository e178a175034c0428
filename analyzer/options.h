/*
 * options.h - analyze's command line.
 */
#ifndef SUBTICK_ANALYZE_OPTIONS_H
#define SUBTICK_ANALYZE_OPTIONS_H

#include <stdio.h>

#include "analysis.h"

/* The command line: the analysis' settings, and what only the program
 * does with its results. */
struct analyze_options {
	struct analysis_settings analysis;
	int json;
	int markdown;			/* --format markdown */
	const char *plot_dir;		/* --plot DIR, or NULL */
	const char *minima_path;	/* --minima FILE (CSV), or NULL */
	int compare;			/* --compare A B */
	const char *group;		/* --group KEY, or NULL */
	int follow;			/* --follow */
	const char *report_path;	/* --report FILE.html, or NULL */
	int verbose;			/* -v: the full text report */
};

enum options_status { OPTIONS_RUN, OPTIONS_DONE, OPTIONS_USAGE };

/* The options as they are when none is given. */
struct analyze_options options_defaults(void);

/* analyze's command line; after a usage error in its words, analyze's
 * usage too. */
enum options_status options_parse(int argc, char **argv,
				  struct analyze_options *o, FILE *err);

/* The manual (--manual, man analyze). */
void options_help(FILE *out);

#endif /* SUBTICK_ANALYZE_OPTIONS_H */
