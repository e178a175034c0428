/*
 * diagnosis.h - what disturbed the timings: the machine's speed states,
 * then the interruptions of what the speed states leave unexplained
 * (speedstates.h, interrupts.h), and where the long runs cannot escape
 * them, the unit cost without them (fit/compensate.h).  A stage of
 * analyze, after the excess.
 */
#ifndef SUBTICK_DIAGNOSIS_H
#define SUBTICK_DIAGNOSIS_H

#include "compensate.h"
#include "interrupts.h"
#include "speedstates.h"

struct diagnosis {
	struct speed_states speed;
	struct interrupt_config irq_cfg;	/* the additive part of a run */
	struct interrupts irq;
	struct compensation comp;	/* where the long runs are saturated */
};

struct analysis;
struct input_error;

/* Fills a->diag.  Returns 0, or -1 with err filled. */
int analysis_diagnose(struct analysis *a, struct input_error *err);

/* An activity trace's stage: fills a->trace_sum (activity.h).  Returns 0,
 * or -1 with err filled. */
int analysis_trace(struct analysis *a, struct input_error *err);

void diagnosis_free(struct diagnosis *d);

#endif /* SUBTICK_DIAGNOSIS_H */
