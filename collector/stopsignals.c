/*
 * stopsignals.c - SIGINT, SIGTERM, SIGPIPE, SIGXFSZ (stopsignals.h).
 */
#include "stopsignals.h"

#include <signal.h>
#include <string.h>

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
	stop_signal_add(SIGINT, on_signal);
	stop_signal_add(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
}

void stop_signals_unblock(void)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGCONT);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}
