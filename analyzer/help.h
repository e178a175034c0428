/*
 * help.h - analyze's -h/--help (every option, whole, with its default, in
 * a few lines) and its synopsis, which --help, the manual and a usage
 * error show.
 */
#ifndef SUBTICK_ANALYZE_HELP_H
#define SUBTICK_ANALYZE_HELP_H

#include <stdio.h>

/* The synopsis's lines, each indented by four spaces. */
const char *analyze_synopsis(void);

/* --help. */
void analyze_help(FILE *out);

#endif /* SUBTICK_ANALYZE_HELP_H */
