/*
 * message.h - latency and bandwidth from the line of a message kernel
 * (collect-mpi): pingpong's t is a round trip, so the one-way latency is
 * half its overhead and a byte crosses twice per unit cost; allreduce's t
 * is the slowest rank's, its overhead the latency of the operation and
 * its unit cost that of one double (8 bytes) more.
 */
#ifndef SUBTICK_MESSAGE_H
#define SUBTICK_MESSAGE_H

#include "analysis.h"

struct message_costs {
	const char *latency_is, *bandwidth_is;	/* what they mean, words */
	double latency_ns, latency_lo, latency_hi;
	double gb_per_s, gb_lo, gb_hi;	/* gb_hi: INFINITY when unbounded */
	int latency_resolved;	/* 0: the overhead's bounds reach zero or
				 * below; no time is not a latency */
};

/* 1 and *m filled when a is a message kernel's line with unit_ns known;
 * else 0. */
int message_costs(const struct analysis *a, struct message_costs *m);

#endif /* SUBTICK_MESSAGE_H */
