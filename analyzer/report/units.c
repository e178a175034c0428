/*
 * units.c - numbers as people read them (units.h).
 */
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

struct time_unit time_unit_for(double ns)
{
	static const struct time_unit units[] = {
		{ "ns", 1 }, { "µs", 1e3 }, { "ms", 1e6 }, { "s", 1e9 },
	};
	double a = fabs(ns);
	size_t i = 0;
	/* 999.95 of a unit prints as "1000" at 4 digits: it is 1 of the next */
	while (i + 1 < sizeof units / sizeof units[0] && a >= 999.95 * units[i].ns)
		i++;
	return units[i];
}

static int clamp_digits(int digits)
{
	return digits < 3 ? 3 : digits > 15 ? 15 : digits;
}

const char *fmt_in_unit(char *buf, size_t len, double ns, struct time_unit u, int digits)
{
	if (!isfinite(ns))
		snprintf(buf, len, "unknown");
	else if (ns == 0)
		snprintf(buf, len, "0");
	else
		snprintf(buf, len, "%.*g", clamp_digits(digits), ns / u.ns);
	return buf;
}

const char *fmt_time(char *buf, size_t len, double ns, int digits)
{
	if (!isfinite(ns)) {
		snprintf(buf, len, "unknown");
		return buf;
	}
	struct time_unit u = time_unit_for(ns);
	char v[40];
	snprintf(buf, len, "%s %s", fmt_in_unit(v, sizeof v, ns, u, digits), u.name);
	return buf;
}

const char *fmt_num(char *buf, size_t len, double v, double scale, int digits)
{
	if (isfinite(v) && fabs(v) <= fabs(scale) * 1e-9)
		snprintf(buf, len, "0");
	else
		snprintf(buf, len, "%.*g", clamp_digits(digits), v);
	return buf;
}

const char *fmt_pct(char *buf, size_t len, double share, int digits)
{
	double v = 100 * share;
	snprintf(buf, len, "%.*g", digits < 1 ? 1 : digits > 15 ? 15 : digits, v);
	/* %g's exponent form from 10^digits on (or rounded up to it) */
	if (strchr(buf, 'e') != NULL && fabs(v) >= 1)
		snprintf(buf, len, "%.0f", v);
	return buf;
}

const char *fmt_count(char *buf, size_t len, double n, const char *one, const char *many)
{
	snprintf(buf, len, "%.15g %s", n, n == 1 ? one : many);
	return buf;
}

const char *fmt_span_to(char *buf, size_t len, double units, double unit_ns, int digits)
{
	if (unit_ns > 0)
		return fmt_time(buf, len, units * unit_ns, digits);
	snprintf(buf, len, "%.*g clock units", clamp_digits(digits), units);
	return buf;
}

const char *fmt_span(char *buf, size_t len, double units, double unit_ns)
{
	return fmt_span_to(buf, len, units, unit_ns, 4);
}

const char *fmt_span_units(char *buf, size_t len, double units, double unit_ns)
{
	char t[40];
	if (unit_ns > 0 && unit_ns != 1)
		snprintf(buf, len, "%s (%.10g clock units)", fmt_time(t, sizeof t, units * unit_ns, 4),
			 units);
	else
		fmt_span_to(buf, len, units, unit_ns, 10);
	return buf;
}

const char *fmt_moment(char *buf, size_t len, double units, double unit_ns)
{
	double ms = units * unit_ns * 1e-6;
	if (unit_ns > 0 && ms < 1e4)
		snprintf(buf, len, "%.4g ms", ms);
	else if (unit_ns > 0)
		snprintf(buf, len, "%.5g s", ms / 1e3);
	else
		snprintf(buf, len, "%.4g clock units", units);
	return buf;
}
