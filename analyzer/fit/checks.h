/*
 * checks.h - the warnings of an analysis: what could make its numbers
 * wrong (nonlinear minima, drift, few N or runs, glitches, pooled
 * streams, a kernel whose check failed), each said beside them.
 */
#ifndef SUBTICK_CHECKS_H
#define SUBTICK_CHECKS_H

#include "analysis.h"

/* Fill a->warning[] from what the stages found. */
void analysis_check(struct analysis *a);

#endif /* SUBTICK_CHECKS_H */
