/*
 * stopsignals.h - how collect and collect-mpi take SIGINT, SIGTERM and
 * SIGHUP (a terminal or an ssh session gone): the first asks for a clean
 * stop after the run in hand (the handler sets the program's stop flag),
 * the second kills at once (a run may be long); a reader that goes away
 * (EPIPE) and a file size limit (EFBIG) are errors the writer handles,
 * not deaths.  SIGHUP ignored when collect starts (nohup) stays ignored.
 * The list is here only: the waits that block the stop signals
 * (exec_child.c) and the last lines that name them take it from here.
 */
#ifndef SUBTICK_STOPSIGNALS_H
#define SUBTICK_STOPSIGNALS_H

#include <signal.h>

void stop_signals_install(void (*on_signal)(int));

/* One more signal taken as those (collect-mpi: SIGCONT). */
void stop_signal_add(int sig, void (*on_signal)(int));

/* Add the stop signals to set (not the one stop_signal_add added). */
void stop_signals_fill(sigset_t *set);

/* Whether sig is one of them. */
int stop_signals_has(const sigset_t *set);

/* "SIGINT", "SIGTERM", "SIGHUP", "SIGCONT" or "other": a last line's
 * signal=. */
const char *stop_signal_name(int sig);

/* Unblock them again after a jump out of their handler (Linux blocks a
 * signal while its handler runs, SA_RESETHAND or not). */
void stop_signals_unblock(void);

#endif /* SUBTICK_STOPSIGNALS_H */
