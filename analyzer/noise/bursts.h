/*
 * bursts.h - interruptions crowded in time (a driver's storm, a
 * hypervisor's burst of work), told from a steady rate: the collection's
 * time in BURST_BINS bins, each expecting the events left in proportion to
 * the running time it holds; a bin whose events a Poisson count of that
 * mean reaches less often than MODEL_CLAIM_P / BURST_BINS is in a burst,
 * and neighbouring such bins are one.  Where the bursts come at a period
 * (their starts on a lattice closer than chance puts m random times:
 * m^2 (2 d / p)^(m - 2), d the farthest from its mark), it is said.  Each
 * burst's interruptions are counted from the share of its runs they hit
 * (Poisson: a run may hold several).
 */
#ifndef SUBTICK_BURSTS_H
#define SUBTICK_BURSTS_H

#include "sources.h"
#include "tunables.h"

/* Adds a source of bursts to out where there are some, and their
 * stretches (out->burst_from, burst_to).  Returns 0, or -1 when memory
 * runs out. */
int bursts_find(const struct source_config *c, struct model_event *ev, size_t n,
		struct sources *out);

/* 1 where [at, at + t] overlaps a burst of ss. */
int bursts_hold(const struct sources *ss, double at, double t);

#endif /* SUBTICK_BURSTS_H */
