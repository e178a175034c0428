/*
 * helptext.h - -h/--help as a short usage made from a program's manual
 * text (the one its man page shows, printed by --manual): the synopsis,
 * and each option on one line, its description cut to its first clause.
 * One text, so that the two never disagree.
 */
#ifndef SUBTICK_HELPTEXT_H
#define SUBTICK_HELPTEXT_H

#include <stdio.h>

/* Print the short usage of manual to out; prog names the program in the
 * last line, which points to the whole text. */
void help_brief(FILE *out, const char *manual, const char *prog);

/* Capture what print(out) writes, then help_brief it (print: the
 * program's manual printer). */
void help_brief_of(FILE *out, void (*print)(FILE *), const char *prog);

#endif /* SUBTICK_HELPTEXT_H */
