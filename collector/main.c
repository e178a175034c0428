/*
 * collect - time a kernel whose cost is linear in N and write the subtick
 * stream.  main parses the options and chains the stages of session.c.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "listclocks.h"
#include "options.h"
#include "session.h"

/* The one global: what the signal handler must reach. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

static void install_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	/* The first signal asks for a clean stop after the run in hand; a
	 * run may be long (a huge N), so the second one kills at once. */
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* A reader that goes away shows as EPIPE from write(), a file size
	 * limit as EFBIG: errors the writer handles, not deaths. */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
}

int main(int argc, char **argv)
{
	struct collect_options opt;
	switch (options_parse(argc, argv, &opt, stderr)) {
	case OPTIONS_DONE:
		return 0;
	case OPTIONS_USAGE:
		return 2;
	case OPTIONS_RUN:
		break;
	}
	if (opt.list_clocks)
		return list_clocks(stdout, opt.clock_given ? opt.clock : NULL,
				   opt.coarsen_bits);

	install_signals();
	struct session s;
	int rc = session_resolve(&s, &opt);
	if (rc == 0)
		rc = session_calibrate(&s);
	if (rc == 0)
		rc = session_plan(&s);
	if (rc == 0)
		rc = session_collect(&s, &stop_signal);
	session_close(&s);
	return rc;
}
