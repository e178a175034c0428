/*
 * session_parts.h - what the files of one collection's stages share
 * (session.c: resolve, calibrate, check, collect; session_plan.c: the
 * plan; session_output.c: the streams' files; session_until.c: what
 * --until reached).  Not for other callers: session.h is the stages'
 * interface.
 */
#ifndef SUBTICK_SESSION_PARTS_H
#define SUBTICK_SESSION_PARTS_H

#include "probe.h"
#include "sampler.h"
#include "session.h"

/* --until's model inputs from the plan's (planuntil.h): the clock's band
 * tick and the timer's rate, until the sweeps measure them. */
void session_until_input(const struct session *s, const struct plan_auto_input *in,
			 struct plan_until_input *u);

/* Print "prog: msg" and return status. */
int session_fail(const struct session *s, int status, const char *msg);

/* Kernel i's partner when two are timed in turn: the other one, at
 * scale x kernel i's N (b_scale: B's N over A's). */
struct probe_partner session_partner(struct session *s, int i, double b_scale);

/* 1 where an output path is refused, with why (a directory; a symbolic
 * link to a file, a directory or nothing); 0 for a new file, a regular
 * one, or a FIFO, a device or a link to one of those, and the process's
 * own descriptors (/dev/stdout, /dev/fd/N), whatever they are. */
int session_output_refused(const char *path, char *why, size_t len);

/* Open (or hold) each stream's file.  Returns an exit status. */
int session_open_outputs(struct session *s);

/* The sampler's start_output: the first sample is due (the warm-up is
 * over): empty the files held until now.  Returns 0, or -1 with the
 * writer's error set. */
int session_start_outputs(void *arg);

/* --until: say whether the width reached the target, and where it did
 * not, by how much and why.  Returns 1 when the sampling ran its course
 * (the budget, --runs or --kbest ended it) without reaching it, else 0
 * (reached, or stopped otherwise: a signal, the output). */
int session_report_until(const struct session *s, const struct sampler_result r[]);

/* The last lines, what --until reached, and the exit status (128 + sig
 * when a signal stopped the collection, SESSION_UNTIL_MISSED). */
int session_finish(struct session *s, const struct sampler_result r[], int sig);

#endif /* SUBTICK_SESSION_PARTS_H */
