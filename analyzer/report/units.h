/*
 * units.h - numbers as people read them: a time in the unit its magnitude
 * calls for (ns, µs, ms, s), a value that is zero but for rounding as 0,
 * a count with its noun in the singular or the plural.  The text report,
 * the Markdown and HTML reports and the figures' axes share these.
 */
#ifndef SUBTICK_UNITS_H
#define SUBTICK_UNITS_H

#include <stddef.h>

/* The unit for a time of ns nanoseconds: its name ("ns", "µs", "ms",
 * "s") and how many ns one of it holds.  A time that would print as 1000
 * of a unit takes the next (999.96 ns is "1 µs" at 4 digits). */
struct time_unit {
	const char *name;
	double ns;
};
struct time_unit time_unit_for(double ns);

/* ns in the unit its magnitude calls for, to digits significant digits
 * (3..15): "18.7 ms", "0.3011 ns", "2.5 s"; 0 as "0 ns"; not finite as
 * "unknown". */
const char *fmt_time(char *buf, size_t len, double ns, int digits);

/* ns in a given unit, without the unit's name ("18.7"), for the numbers
 * of a row or an interval that share one unit. */
const char *fmt_in_unit(char *buf, size_t len, double ns, struct time_unit u, int digits);

/* v to digits significant digits (%g), but 0 where |v| <= scale * 1e-9:
 * a difference of two equal quantities left by rounding (6.82e-13 where
 * the operands are near 1e3) is 0. */
const char *fmt_num(char *buf, size_t len, double v, double scale, int digits);

/* A share as a percentage, 100 x share to digits significant digits
 * (%g) but never in exponent form: 0.997 to 2 digits is "100", not
 * "1e+02", and 1.9 is "190".  No "%" sign. */
const char *fmt_pct(char *buf, size_t len, double share, int digits);

/* "1 run", "5 runs": the noun as given for one, its plural otherwise. */
const char *fmt_count(char *buf, size_t len, double n, const char *one, const char *many);

/* A length of `units` clock units: in time where unit_ns is known
 * ("20.1 µs"), else "3.2e+04 clock units"; to 4 significant digits, or
 * to digits (3..15). */
const char *fmt_span(char *buf, size_t len, double units, double unit_ns);
const char *fmt_span_to(char *buf, size_t len, double units, double unit_ns, int digits);

/* A length of clock units that an option takes (--tick): in time, with
 * the clock units in parentheses ("20.04 ns (42 clock units)"); in time
 * alone where unit_ns is 1 (a clock in ns), in clock units alone where it
 * is unknown. */
const char *fmt_span_units(char *buf, size_t len, double units, double unit_ns);

/* A moment `units` clock units after the start: ms, or s from 10 s on
 * ("1600 ms", "12.5 s"), never an exponent; "3.2e+04 clock units"
 * without unit_ns. */
const char *fmt_moment(char *buf, size_t len, double units, double unit_ns);

#endif /* SUBTICK_UNITS_H */
