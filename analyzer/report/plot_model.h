/*
 * plot_model.h - what the model says of each run, for the figures
 * (docs/model.md): each run's class (what it is attributed to:
 * diagnosis.h) and its excess over its N's floor at its speed, in the
 * figures' excess unit; the histogram of that excess by class, with the
 * counts the fitted jitter expects; and attribution.gp, the numbers and
 * names the scripts draw them with (plots/model.gp reads it).
 */
#ifndef SUBTICK_PLOT_MODEL_H
#define SUBTICK_PLOT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "analysis.h"

/* A run's class: its attribution, as a column the scripts colour by. */
enum {
	PLOT_CLASS_JITTER,	/* within its jitter (or no model) */
	PLOT_CLASS_SPEED,	/* the machine's speed made it long */
	PLOT_CLASS_UNEXPLAINED,	/* interrupted, no source's */
	PLOT_CLASS_SOURCE,	/* + K: the report's source K + 1 */
	PLOT_CLASSES = PLOT_CLASS_SOURCE + SOURCES_MAX
};

/* The histogram: 8 bins an octave above base (bin 0: at most base). */
enum { PLOT_MODEL_PER_OCTAVE = 8, PLOT_MODEL_BINS = 1 + 8 * 48 };

struct plot_model {
	double base;		/* clock units */
	uint64_t (*count)[PLOT_CLASSES];	/* PLOT_MODEL_BINS rows */
	uint64_t runs;
	double span;		/* the samples drawn: the last start's time */
};

/* The class of an attribution (diagnosis_attribute). */
int plot_class_of(int attribution);

/* The excess axes' unit: µs where unit_ns is known (scale: clock units
 * to it), else clock units. */
double plot_excess_scale(const struct analysis *a);
const char *plot_excess_unit(const struct analysis *a);

/* Zeroed, its histogram allocated.  Returns 0, or -1 when out of memory. */
int plot_model_begin(struct plot_model *m, const struct analysis *a);
/* A run: its residual (clock units) and class. */
void plot_model_take(struct plot_model *m, double residual, int cls);
/* residual.txt and attribution.gp into dir.  Returns 0, or -1 (errno). */
int plot_model_write(const struct plot_model *m, const struct analysis *a, const char *dir);
/* attribution.gp alone, for an activity trace (its sources, no jitter
 * threshold). */
int plot_model_write_trace(const struct analysis *a, const char *dir);
void plot_model_free(struct plot_model *m);

#endif /* SUBTICK_PLOT_MODEL_H */
