/*
 * numscan.c - a fast path for digits, strtod for the rest.
 */
#include "numscan.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TWO_TO_64 18446744073709551616.0

enum { FIELD_MAX = 128 };

static const char *scan_digits(const char *s, size_t len, struct number *out)
{
	uint64_t v = 0;
	for (size_t i = 0; i < len; i++) {
		uint64_t digit = (uint64_t)(s[i] - '0');
		if (v > (UINT64_MAX - digit) / 10)
			return "number beyond 2^64";
		v = v * 10 + digit;
	}
	out->exact = 1;
	out->u = v;
	out->d = (double)v;
	out->dec_ok = 1;
	out->dec_m = v;
	out->dec_e = 0;
	out->dec_last = 0;
	return NULL;
}

/* The exact decimal value of a field strtod accepted: its significant
 * digits as an integer and the power of ten they are counted in. */
static void scan_decimal(const char *s, size_t len, struct number *out)
{
	uint64_t m = 0;
	int digits = 0, after_point = 0, point = 0, e = 0;
	size_t i = 0;
	out->dec_ok = 0;
	for (; i < len && s[i] != 'e' && s[i] != 'E'; i++) {
		if (s[i] == '.') {
			point = 1;
			continue;
		}
		if (s[i] < '0' || s[i] > '9')
			continue;	/* a sign */
		after_point += point;
		if (m == 0 && s[i] == '0')
			continue;	/* leading zeros */
		if (++digits > 19)
			return;
		m = m * 10 + (uint64_t)(s[i] - '0');
	}
	if (i < len) {
		char *end;
		long x = strtol(s + i + 1, &end, 10);
		if (x < -400 || x > 400)
			return;
		e = (int)x;
	}
	e -= after_point;
	out->dec_last = e;
	while (m != 0 && m % 10 == 0) {
		m /= 10;
		e++;
	}
	out->dec_ok = 1;
	out->dec_m = m;
	out->dec_e = m == 0 ? 0 : e;
}

/* "nan", "inf", "infinity", with an optional sign, any case. */
static int is_nan_or_inf(const char *s, size_t len)
{
	char w[4] = { 0 };
	size_t i = (s[0] == '+' || s[0] == '-') ? 1 : 0;
	if (len - i < 3)
		return 0;
	for (int k = 0; k < 3; k++)
		w[k] = (char)tolower((unsigned char)s[i + (size_t)k]);
	return strcmp(w, "nan") == 0 || strcmp(w, "inf") == 0;
}

/* Decimal floating point only: no hex floats, no words. */
static int decimal_chars(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' ||
		      c == 'E' || c == '+' || c == '-'))
			return 0;
	}
	return 1;
}

const char *num_scan(const char *s, size_t len, struct number *out)
{
	size_t i = 0;
	while (i < len && s[i] >= '0' && s[i] <= '9')
		i++;
	if (len > 0 && i == len)
		return scan_digits(s, len, out);
	if (len == 0)
		return "empty field";
	if (is_nan_or_inf(s, len))
		return "NaN or infinity";
	if (len >= FIELD_MAX || !decimal_chars(s, len))
		return "not a number";

	char buf[FIELD_MAX], *end;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	double v = strtod(buf, &end);
	if (end != buf + len)
		return "not a number";
	if (v < 0)
		return "negative value";
	/* ERANGE is both overflow (HUGE_VAL) and underflow: a subnormal such
	 * as 4.9e-324 is a number; 1e-400 became 0, which it is not. */
	if (errno == ERANGE && v == 0)
		return "a nonzero number below the smallest a double holds (4.9e-324)";
	if (!isfinite(v) || v >= TWO_TO_64)
		return "number beyond 2^64";
	out->exact = 0;
	out->d = v;
	out->u = 0;
	scan_decimal(s, len, out);
	return NULL;
}
