/*
 * nextplan_options.h - subtick_next's options (subtick_options.plan_*):
 * checked when the recorder opens, and made into the plan's configuration
 * (nextplan.h) with collect's defaults and the recorder's clock.
 */
#ifndef SUBTICK_NEXTPLAN_OPTIONS_H
#define SUBTICK_NEXTPLAN_OPTIONS_H

#include "subtick/subtick.h"

#include "calibrate.h"
#include "nextplan.h"

/* o's plan options: numbers that are numbers, a range that is one, a
 * count collect's --range would take.  1 if they are, else 0. */
int nextplan_options_valid(const struct subtick_options *o);

/* The plan of options o on the clock calibrated as cal, into *c: what o
 * leaves 0 is collect's default (the seed: one from the time and the
 * process). */
void nextplan_options_config(const struct subtick_options *o,
			     const struct calibration *cal, struct nextplan_config *c);

#endif /* SUBTICK_NEXTPLAN_OPTIONS_H */
