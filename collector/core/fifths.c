/*
 * fifths.c - the unit cost of each fifth of a collection (fifths.h).
 */
#include "fifths.h"

#include <math.h>
#include <stdlib.h>

#include "hull.h"

size_t blocks_fifths(const struct blocks *b, const struct point_set *s,
		     double tick, struct fifth f[BLOCKS_FIFTHS])
{
	if (b->count < BLOCKS_FIFTHS)
		return 0;
	double *y = malloc(s->count * sizeof *y);	/* 8 bytes an N, while the blocks' are kept */
	size_t filled = 0;
	for (unsigned q = 0; y && q < BLOCKS_FIFTHS; q++) {
		unsigned char chosen[BLOCKS_MAX] = { 0 };
		for (unsigned k = 0; k < b->count; k++)
			chosen[k] = k * BLOCKS_FIFTHS / b->count == q;
		double top = 0;
		for (size_t i = 0; i < s->count; i++) {
			y[i] = blocks_min(b, i, chosen);
			top = isfinite(y[i]) && fabs(y[i]) > top ? fabs(y[i]) : top;
		}
		/* the blocks keep their minima as doubles: beyond 2^53 units
		 * they are rounded to the doubles' spacing there, as to a tick
		 * (256 units near 2^60, where a fifth's slope had moved by
		 * 0.0018 units an N over 63,000 N, and the fifths were called
		 * apart by "+0.00%") */
		double grain = top > 0 ? nextafter(top, INFINITY) - top : 0, band;
		f[q] = (struct fifth){ 0 };
		if (hull_slope_band(s, y, tick > grain ? tick : grain, &f[q].slope, &band) == 0) {
			f[q].lo = f[q].slope - band;
			f[q].hi = f[q].slope + band;
			f[q].ok = 1;
			filled++;
		}
	}
	free(y);
	return filled;
}

int fifths_drift(const struct fifth f[BLOCKS_FIFTHS], int *lo, int *hi)
{
	*lo = *hi = 0;
	for (int i = 1; i < BLOCKS_FIFTHS; i++) {
		if (f[i].hi < f[*lo].hi)
			*lo = i;
		if (f[i].lo > f[*hi].lo)
			*hi = i;
	}
	return f[*hi].lo > f[*lo].hi;
}
