/*
 * diagnosis.c - the diagnosis stage (diagnosis.h).
 */
#include "diagnosis.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"

int analysis_diagnose(struct analysis *a, struct input_error *err)
{
	struct diagnosis *d = &a->diag;
	if (interrupts_find(&a->spool, &d->irq_cfg, &a->scan, &d->irq) != 0)
		goto fail;
	if (compensate(&a->points, &d->irq, a->unit_ns > 0 ? a->unit_ns : 1, &a->fit,
		       &a->iv, &d->comp) != 0)
		goto fail;
	return 0;
fail:
	*err = a->where;
	snprintf(err->msg, sizeof err->msg, "cannot read back the samples: %s",
		 strerror(errno ? errno : ENOMEM));
	return -1;
}

int analysis_trace(struct analysis *a, struct input_error *err)
{
	if (trace_analyze(&a->spool, a->unit_ns, a->trace_read_interval, a->trace_threshold,
			  a->last_seconds, &a->counted, &a->trace_sum) == 0)
		return 0;
	*err = a->where;
	snprintf(err->msg, sizeof err->msg, "cannot read back the gaps: %s",
		 strerror(errno ? errno : ENOMEM));
	return -1;
}

void diagnosis_free(struct diagnosis *d)
{
	speed_states_free(&d->speed);
}
