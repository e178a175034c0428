/*
 * collect - time a kernel whose cost is linear in N and write the subtick
 * stream.  main parses the options and chains the stages of session.c.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "listclocks.h"
#include "options.h"
#include "sampler.h"
#include "session.h"
#include "stopsignals.h"
#include "trace.h"

/* The one global: what the signal handler must reach. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
	sampler_abandon_run();	/* a built-in kernel's run in hand */
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
		return list_clocks(stdout, opt.prog, opt.clock_given ? opt.clock : NULL,
				   opt.coarsen_bits);

	stop_signals_install(on_signal);
	if (opt.trace_s > 0)
		return trace_run(&opt, &stop_signal);
	struct session s;
	int rc = session_resolve(&s, &opt, &stop_signal);
	if (rc == 0)
		rc = session_calibrate(&s);
	if (rc == 0)
		rc = session_plan(&s);
	if (rc == 0)
		rc = session_collect(&s);
	session_close(&s);
	return rc;
}
