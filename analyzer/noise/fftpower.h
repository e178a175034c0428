/*
 * fftpower.h - the power spectrum of a real sequence of 2^k points, for
 * the periodogram of events' times (periodogram.h).
 *
 * The sequence, read as m/2 complex points (x[2n] + i x[2n+1]), is
 * transformed by a radix-2 FFT (decimation in time, depth first, its
 * input put in bit-reversed order as it is made; a part of 64 points or
 * more whose input is all zero left zero, as a few thousand events in a
 * million bins leave most of the first stages' parts; above 256 points,
 * two stages in one pass where all four quarters hold something; each
 * stage's
 * twiddles in a table of their own, in the order it reads them, each cos
 * and sin computed directly),
 * and the real sequence's spectrum is taken from it by the usual split:
 * X[k] = E[k] + e^(-2 pi i k / m) O[k], E and O the even and odd points'
 * transforms, E[k] = (Z[k] + conj Z[m/2 - k]) / 2, O[k] = (Z[k] - conj
 * Z[m/2 - k]) / 2i.  GSL's mixed-radix real transform took 130 ms at 2^20
 * points on this project's guests, two thirds of analyze's time on a
 * collection where many sources are sought; this takes a fraction.
 */
#ifndef SUBTICK_FFTPOWER_H
#define SUBTICK_FFTPOWER_H

#include <stddef.h>

struct fft_table {
	size_t m;	/* points, a power of two, 4 or more */
	unsigned bits;	/* log2(m / 2) */
	double *w;	/* each stage's of the m / 2 complex points: for len
			 * 2, 4, ..., m / 2, from (len / 2 - 1) on, cos and
			 * sin of 2 pi j / len, j < len / 2, interleaved (a
			 * stage reads its own in order) */
	double *split;	/* cos and sin of 2 pi k / m, k <= m / 4 */
};

/* The table for m points.  Returns 0, or -1 when out of memory. */
int fft_table_init(struct fft_table *t, size_t m);
void fft_table_free(struct fft_table *t);

/* Where the sequence's point i is kept: the input goes into x in the
 * order fft_power transforms it in (bit-reversed: zeros, then a few
 * events' counts, cost no pass of their own). */
size_t fft_slot(const struct fft_table *t, size_t i);

/*
 * x[0..m) (each point i at x[fft_slot(t, i)]) transformed in place; then
 * x[k] = |X[k]|^2 / scale for k in [lo, hi] (1 <= lo <= hi <= m / 4),
 * ascending; x's other values are left undefined.
 */
void fft_power(const struct fft_table *t, double *x, size_t lo, size_t hi, double scale);

#endif /* SUBTICK_FFTPOWER_H */
