/*
 * spinalarm.c - a known disturbance injected into a process (LD_PRELOAD):
 * a SIGALRM every SPINALARM_PERIOD_US microseconds (default 2700), whose
 * handler spins SPINALARM_SPIN_US microseconds (default 50) of
 * CLOCK_MONOTONIC.  What the diagnosis must find (bench/diagnosis.py):
 * a period of 2.7 ms, a cost of about 50 us, 370 interruptions a second.
 *
 *   LD_PRELOAD=build/bench/libspinalarm.so collect --trace 5
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

/* The one global: what the handler must reach. */
static volatile long long spin_ns = 50000;

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);	/* async-signal-safe */
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void on_alarm(int sig)
{
	(void)sig;
	long long end = now_ns() + spin_ns;
	while (now_ns() < end)
		;
}

static long env_us(const char *name, long fallback)
{
	const char *s = getenv(name);
	char *end;
	long v = s ? strtol(s, &end, 10) : fallback;
	return s && (*end != '\0' || v <= 0) ? fallback : v;
}

__attribute__((constructor)) static void spinalarm_start(void)
{
	long period = env_us("SPINALARM_PERIOD_US", 2700);
	spin_ns = env_us("SPINALARM_SPIN_US", 50) * 1000LL;
	struct sigaction sa = { 0 };
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_RESTART;	/* reads and writes go on */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	struct itimerval it = { { period / 1000000, period % 1000000 },
				{ period / 1000000, period % 1000000 } };
	setitimer(ITIMER_REAL, &it, NULL);
}
