/*
 * summary.c - the line subtick_options.summary prints: a recorder's
 * result in words, on stderr (summary.h).
 */
#include "summary.h"

#include <math.h>
#include <stdio.h>

/* The SUBTICK_WARN_* bits of w as words, "; "-separated, into buf.
 * DROPPED has none: a region not kept is no sample, and the samples kept
 * are whole (analyze warns of nothing there either); the summary says
 * how many as a fact (dropped_words). */
static void warning_words(unsigned w, char *buf, size_t len)
{
	static const char *const words[] = {
		"no line", "fewer than 8 n", "fewer than 5 runs at some n",
		"the line rises less than 100 ticks", "bounds wider than 10%",
		NULL, "the unit cost is not positive",
		"a clock glitch left out",
		"the unit cost drifted between fifths of the samples (the machine's speed changed)",
	};
	_Static_assert(SUBTICK_WARN_DRIFT == 1u << 8, "the words follow the bits");
	_Static_assert(SUBTICK_WARN_DROPPED == 1u << 5, "DROPPED has no words");
	size_t at = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof words / sizeof words[0] && at < len; i++)
		if ((w & (1u << i)) && words[i] != NULL)
			at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "; " : "", words[i]);
}

/* ", 2 dropped (the CPU changed during them)", or "" when none was. */
static void dropped_words(uint64_t migrations, uint64_t backsteps, char *buf, size_t len)
{
	uint64_t d = migrations + backsteps;
	const char *why = backsteps == 0 ? "the CPU changed"
			  : migrations == 0 ? "the clock stepped back"
			  : "the CPU changed, or the clock stepped back,";
	buf[0] = '\0';
	if (d > 0)
		snprintf(buf, len, ", %llu dropped (%s during %s)", (unsigned long long)d, why,
			 d == 1 ? "it" : "them");
}

static double magnitude(double v)
{
	return v < 0 ? -v : v;
}

/* An overhead a hair from zero beside its bounds is 0: the intercept
 * from a slope rounded to a double (5.8e-13 ns for a true 0), as
 * analyze's report rounds a bound. */
void summary_print(const char *label, const struct subtick_result *res, uint64_t samples,
		   uint64_t migrations, uint64_t backsteps)
{
	char dropped[96];
	dropped_words(migrations, backsteps, dropped, sizeof dropped);
	if (res == NULL) {
		fprintf(stderr, "subtick: %s: %llu samples%s, no line yet (3 distinct n are needed)\n",
			label, (unsigned long long)samples, dropped);
		return;
	}
	struct subtick_result x = *res;
	int ns = isfinite(x.unit_ns);
	const char *unit = ns ? "ns" : "clock units";
	double k = ns ? x.unit_ns : 1;
	char warned[320];
	warning_words(x.warnings, warned, sizeof warned);
	double scale = magnitude(x.overhead_lo) > magnitude(x.overhead_hi) ? magnitude(x.overhead_lo)
									 : magnitude(x.overhead_hi);
	if (magnitude(x.overhead) <= 1e-9 * scale)
		x.overhead = 0;
	fprintf(stderr, "subtick: %s: %.5g %s per unit [%.5g, %.5g], overhead %.4g %s, %llu n, %llu samples%s%s%s%s\n",
		label, x.unit_cost * k, unit, x.unit_cost_lo * k, x.unit_cost_hi * k,
		x.overhead * k, unit, (unsigned long long)x.points,
		(unsigned long long)x.samples, dropped, warned[0] ? " (warning: " : "", warned,
		warned[0] ? ")" : "");
}
