/*
 * numparse.c - command-line numbers through the stream's field scanner
 * (numparse.h).
 */
#include "numparse.h"

#include <math.h>
#include <string.h>

#include "numscan.h"

int parse_u64(const char *s, uint64_t *out)
{
	struct number num;
	if (s == NULL || num_scan(s, strlen(s), &num) != NULL)
		return -1;
	if (num.exact) {
		*out = num.u;
		return 0;
	}
	/* 1e6, 2.5e3: an exact integer that a double holds exactly */
	if (num.d >= 9007199254740992.0 || num.d != floor(num.d))
		return -1;
	*out = (uint64_t)num.d;
	return 0;
}

int parse_double(const char *s, double *out)
{
	struct number num;
	if (s == NULL || num_scan(s, strlen(s), &num) != NULL)
		return -1;
	*out = num.d;
	return 0;
}

int parse_seed(const char *s, uint64_t *out)
{
	uint64_t v;
	if (parse_u64(s, &v) != 0 || v == 0 || v > SEED_MAX)
		return -1;
	*out = v;
	return 0;
}

uint64_t seed_from_bits(uint64_t bits)
{
	uint64_t v = (bits ^ (bits >> 32)) & SEED_MAX;
	return v ? v : 1;
}
