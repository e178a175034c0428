/*
 * stopsignals.c - SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ (stopsignals.h).
 */
#include "stopsignals.h"

#include <string.h>

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define STOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])

void stop_signal_add(int sig, void (*on_signal)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

void stop_signals_install(void (*on_signal)(int))
{
	for (size_t i = 0; i < STOP_SIGNALS; i++) {
		struct sigaction old;
		if (stop_signals[i] == SIGHUP && sigaction(SIGHUP, NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;	/* nohup: collect is to outlive the session */
		stop_signal_add(stop_signals[i], on_signal);
	}
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
}

void stop_signals_fill(sigset_t *set)
{
	for (size_t i = 0; i < STOP_SIGNALS; i++)
		sigaddset(set, stop_signals[i]);
}

int stop_signals_has(const sigset_t *set)
{
	for (size_t i = 0; i < STOP_SIGNALS; i++)
		if (sigismember(set, stop_signals[i]) == 1)
			return 1;
	return 0;
}

const char *stop_signal_name(int sig)
{
	switch (sig) {
	case SIGINT: return "SIGINT";
	case SIGTERM: return "SIGTERM";
	case SIGHUP: return "SIGHUP";
	case SIGCONT: return "SIGCONT";
	default: return "other";
	}
}

void stop_signals_unblock(void)
{
	sigset_t set;
	sigemptyset(&set);
	stop_signals_fill(&set);
	sigaddset(&set, SIGCONT);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}
