/*
 * message.c - latency and bandwidth of a message kernel (message.h).
 */
#include "message.h"

#include <math.h>
#include <string.h>

int message_costs(const struct analysis *a, struct message_costs *m)
{
	int pingpong = strcmp(a->message, "pingpong") == 0;
	/* N must be what collect-mpi wrote: bytes, or doubles (not what
	 * --per renamed it to) */
	if (!(pingpong || strcmp(a->message, "allreduce") == 0) ||
	    strcmp(a->per, pingpong ? "bytes" : "doubles") != 0 ||
	    !(a->unit_ns > 0) || !(a->fit.slope > 0))
		return 0;
	/* pingpong: bytes per unit of N crossing, and the share of the
	 * overhead that is one way; allreduce: 8 bytes a double, all of it */
	double bytes = pingpong ? 2 : 8, share = pingpong ? 0.5 : 1;
	double u = a->unit_ns;
	m->latency_is = pingpong ? "one way: half the round trip's overhead"
				 : "the slowest rank's overhead";
	m->bandwidth_is = pingpong ? "one way: each byte crosses twice per round trip"
				   : "bytes of doubles reduced per second";
	m->latency_ns = a->fit.intercept * u * share;
	m->latency_lo = a->iv.intercept[0] * u * share;
	m->latency_hi = a->iv.intercept[1] * u * share;
	m->latency_resolved = m->latency_lo > 0;
	m->gb_per_s = bytes / (a->fit.slope * u);
	m->gb_lo = a->iv.slope[1] > 0 ? bytes / (a->iv.slope[1] * u) : 0;
	m->gb_hi = a->iv.slope[0] > 0 ? bytes / (a->iv.slope[0] * u) : INFINITY;
	return 1;
}
