/*
 * options.h - analyze's command line.
 */
#ifndef SUBTICK_ANALYZE_OPTIONS_H
#define SUBTICK_ANALYZE_OPTIONS_H

#include <stdio.h>

#include "analysis.h"

enum options_status { OPTIONS_RUN, OPTIONS_DONE, OPTIONS_USAGE };

enum options_status options_parse(int argc, char **argv,
				  struct analyze_options *o, FILE *err);

void options_help(FILE *out);

#endif /* SUBTICK_ANALYZE_OPTIONS_H */
