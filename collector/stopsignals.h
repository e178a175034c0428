/*
 * stopsignals.h - how collect and collect-mpi take SIGINT and SIGTERM: the
 * first asks for a clean stop after the run in hand (the handler sets the
 * program's stop flag), the second kills at once (a run may be long); a
 * reader that goes away (EPIPE) and a file size limit (EFBIG) are errors
 * the writer handles, not deaths.
 */
#ifndef SUBTICK_STOPSIGNALS_H
#define SUBTICK_STOPSIGNALS_H

void stop_signals_install(void (*on_signal)(int));

/* One more signal taken as those two (collect-mpi: SIGCONT). */
void stop_signal_add(int sig, void (*on_signal)(int));

/* Unblock them again after a jump out of their handler (Linux blocks a
 * signal while its handler runs, SA_RESETHAND or not). */
void stop_signals_unblock(void);

#endif /* SUBTICK_STOPSIGNALS_H */
