/*
 * numparse.c - strtoull/strtod with end pointer and ERANGE checks.
 */
#include "numparse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

int parse_u64(const char *s, uint64_t *out)
{
	char *end;
	if (s == NULL || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end == '\0') {
		if (errno == ERANGE)
			return -1;
		*out = (uint64_t)v;
		return 0;
	}
	/* 1e6, 2.5e3: accept when the value is an exact integer that a
	 * double holds exactly. */
	double d;
	if (parse_double(s, &d) != 0 || d < 0 || d >= 9007199254740992.0 ||
	    d != floor(d))
		return -1;
	*out = (uint64_t)d;
	return 0;
}

int parse_double(const char *s, double *out)
{
	char *end;
	if (s == NULL || *s == '\0' || isspace((unsigned char)s[0]))
		return -1;
	errno = 0;
	double v = strtod(s, &end);
	if (*end != '\0' || errno == ERANGE || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}
