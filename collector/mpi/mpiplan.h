/*
 * mpiplan.h - the plan of a message kernel: sizes probed by doubling, the
 * steps of its cost (msgplan.h), and one regime to stay in.
 */
#ifndef SUBTICK_MPIPLAN_H
#define SUBTICK_MPIPLAN_H

#include <stddef.h>

#include "session.h"

/* The time the largest N of the automatic plan reaches, ns (at least
 * PLAN_MIN_TICKS ticks of the clock): short enough that the buffers stay
 * in cache on common machines (a 4 MiB ping-pong leaves it, and its cost
 * per byte changes there) and that a run seldom holds an interrupt. */
#define MPIPLAN_TOP_NS 1e5

/* On the root, after session_calibrate: without --n or --range, plan the
 * highest regime; with them, warn where they span a step.  Either way
 * regimes gets the regimes found, for the header.  Returns an exit
 * status. */
int mpi_message_plan(struct session *s, char *regimes, size_t len);

#endif /* SUBTICK_MPIPLAN_H */
