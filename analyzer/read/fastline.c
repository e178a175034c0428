/*
 * fastline.c - the common line of a stream read without splitting it
 * (fastline.h).
 */
#include "fastline.h"

#include <string.h>


/* The value of the first k digits (1 to 8) of d, eight characters less
 * '0' each (the first in the lowest byte): shifted to the top, with zero
 * bytes as leading zeros below, then pairs, fours and eights summed. */
static uint64_t eight_digits(uint64_t d, unsigned k)
{
	d <<= 8 * (8 - k);
	d = (d * 10 + (d >> 8)) & UINT64_C(0x00ff00ff00ff00ff);
	d = (d * 100 + (d >> 16)) & UINT64_C(0x0000ffff0000ffff);
	return (d * 10000 + (d >> 32)) & UINT64_C(0xffffffff);
}

/* The digits at s, up to end (more than 19 are refused by the caller):
 * eight at a time where eight bytes are there. */
static const char *digits(const char *s, const char *end, uint64_t *v)
{
	static const uint64_t ten[9] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
					 10000000, 100000000 };
	uint64_t x = 0;
	for (int chunk = 0; chunk < 3 && end - s >= 8; chunk++) {
		uint64_t w, d, other;
		memcpy(&w, s, sizeof w);
		d = w - UINT64_C(0x3030303030303030);
		/* a byte that is no digit: below '0' it borrowed (top bit
		 * set), above '9' it carries into the top bit; the bytes
		 * before the first such are digits, and pass nothing on */
		other = ((d + UINT64_C(0x7676767676767676)) | d) & UINT64_C(0x8080808080808080);
		unsigned k = other ? (unsigned)__builtin_ctzll(other) / 8 : 8;
		if (k > 0)
			x = x * ten[k] + eight_digits(d, k);
		s += k;
		if (k < 8) {
			*v = x;
			return s;
		}
	}
	while (s < end && (unsigned)(*s - '0') < 10)
		x = x * 10 + (uint64_t)(*s++ - '0');
	*v = x;
	return s;
}

/* Reads such a line's fields from s up to end, where the line ends at the
 * first byte that is neither a digit nor a tab between fields: its count
 * in *k and where that stopped (NULL when the line is not one, or its
 * timing is beyond INPUT_T_MAX_INT: the line's reader names it). */
const char *fastline_fields(const struct input_meta *m, const char *s,
			       const char *end, uint64_t *v, int *k)
{
	*k = 0;
	if (!m->stream || m->col_t < 0 || m->ncols > FAST_FIELDS)
		return NULL;
	for (;;) {
		const char *start = s;
		uint64_t x;
		s = digits(s, end, &x);
		if (s == start || s - start > 19 || *k == m->ncols)
			return NULL;
		v[(*k)++] = x;
		if (s == end || *s != '\t')
			return *k == m->ncols && v[m->col_t] <= INPUT_T_MAX_INT ? s : NULL;
		if (++s == end)
			return NULL;
	}
}

void fastline_fill(const struct input_meta *m, const uint64_t *v,
		      struct sample *smp)
{
	/* every field set, none twice: a line costs a few dozen
	 * instructions in all */
	uint64_t t = v[m->col_t];
	smp->n = m->col_n >= 0 ? v[m->col_n] : 0;
	smp->t = (double)t;
	smp->t_int = t;
	smp->t_exact = 1;
	smp->has_at = m->col_at >= 0;
	smp->at = smp->has_at ? v[m->col_at] : 0;
	smp->dec_ok = 1;
	smp->dec_m = t;
	smp->dec_e = 0;
	smp->dec_last = 0;
}

