/*
 * suggest.h - "did you mean --kernel?": the long option nearest to a
 * mistyped one, for collect, collect-mpi and analyze.
 */
#ifndef SUBTICK_SUGGEST_H
#define SUBTICK_SUGGEST_H

#include <getopt.h>
#include <stdio.h>

/* The name of the long option of opts (ended by a NULL name) nearest to
 * word ("--kernal" or "--kernal=x"; a word that is no long option gives
 * NULL) by edit distance (insertions, deletions, substitutions and
 * swaps of neighbours), when it is near: at most 2 edits, and at most a
 * third of the word's length.  NULL when none is. */
const char *suggest_option(const char *word, const struct option *opts);

/* The line that answers word, a long option getopt_long did not take
 * from opts, on err: "prog: option '--kernal': unknown; did you mean
 * --kernel?"; where word begins several of them (getopt_long takes a
 * prefix of one alone), "ambiguous; did you mean --precision or
 * --prepare?"; else "unknown". */
void suggest_say(FILE *err, const char *prog, const char *word,
		 const struct option *opts);

#endif /* SUBTICK_SUGGEST_H */
