/*
 * region.c - the verdict on a timed region (region.h).
 */
#include "region.h"

void region_clock_init(struct region_clock *c, const struct clock_source *source,
		       uint64_t quantum, const struct clock_source *source2,
		       int pinned_cpu)
{
	*c = (struct region_clock){ source, quantum, !clock_reports_cpu(source),
				    source2, pinned_cpu };
}

enum region_verdict region_judge(const struct region_clock *c,
				 const struct region *r,
				 struct region_timing *out)
{
	uint64_t a = clock_coarsen(r->start, c->quantum);
	uint64_t b = clock_coarsen(r->end, c->quantum);
	*out = (struct region_timing){ a, b - a, r->end2 - r->start2 };
	if (b < a || (c->source2 != NULL && r->end2 < r->start2))
		return REGION_BACKSTEP;
	if (r->cpu_start == CLOCK_CPU_UNKNOWN || r->cpu_end == CLOCK_CPU_UNKNOWN)
		return r->cpu_start == r->cpu_end ? REGION_KEEP : REGION_MIGRATED;
	if (r->cpu_start != r->cpu_end ||
	    (c->pinned_cpu >= 0 && r->cpu_start != (uint32_t)c->pinned_cpu))
		return REGION_MIGRATED;
	return REGION_KEEP;
}
