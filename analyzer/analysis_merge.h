/*
 * analysis_merge.h - the headers of the files analyze reads made one: the
 * first file's values kept in the analysis, each later file's checked
 * against them (the same measurement, the same clock).
 */
#ifndef SUBTICK_ANALYSIS_MERGE_H
#define SUBTICK_ANALYSIS_MERGE_H

#include "analysis.h"
#include "input.h"

/* m, the header of the file just read (a->where names it; a->files
 * counts it): the first file's copied into *first and a, a later one's
 * checked against *first and pooled into a.  Returns 0, or -1 with err
 * filled (files that are different measurements). */
int analysis_merge_meta(struct analysis *a, const struct input_meta *m,
			struct input_meta *first, struct input_error *err);

#endif /* SUBTICK_ANALYSIS_MERGE_H */
