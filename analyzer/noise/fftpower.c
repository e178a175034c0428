/*
 * fftpower.c - a real sequence's power spectrum by a radix-2 FFT
 * (fftpower.h).
 */
#include "fftpower.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parallel.h"

int fft_table_init(struct fft_table *t, size_t m)
{
	size_t n = m / 2;
	t->m = m;
	t->bits = 0;
	while (((size_t)1 << t->bits) < n)
		t->bits++;
	t->w = malloc(2 * n * sizeof *t->w);
	t->split = malloc(2 * (m / 4 + 1) * sizeof *t->split);
	if (t->w == NULL || t->split == NULL) {
		fft_table_free(t);
		return -1;
	}
	for (size_t len = 2; len <= n; len *= 2)
		for (size_t j = 0; j < len / 2; j++) {
			double a = 2 * M_PI * (double)j / (double)len;
			t->w[2 * (len / 2 - 1 + j)] = cos(a);
			t->w[2 * (len / 2 - 1 + j) + 1] = sin(a);
		}
	for (size_t k = 0; k <= m / 4; k++) {
		double a = 2 * M_PI * (double)k / (double)m;
		t->split[2 * k] = cos(a);
		t->split[2 * k + 1] = sin(a);
	}
	return 0;
}

void fft_table_free(struct fft_table *t)
{
	free(t->w);
	free(t->split);
	*t = (struct fft_table){ 0 };
}

/* The low `bits` bits of k reversed. */
static size_t reversed(uint32_t k, unsigned bits)
{
	k = ((k >> 1) & 0x55555555u) | ((k & 0x55555555u) << 1);
	k = ((k >> 2) & 0x33333333u) | ((k & 0x33333333u) << 2);
	k = ((k >> 4) & 0x0f0f0f0fu) | ((k & 0x0f0f0f0fu) << 4);
	k = ((k >> 8) & 0x00ff00ffu) | ((k & 0x00ff00ffu) << 8);
	k = (k >> 16) | (k << 16);
	return (size_t)(k >> (32 - bits));
}

size_t fft_slot(const struct fft_table *t, size_t i)
{
	return 2 * reversed((uint32_t)(i / 2), t->bits) + (i & 1);
}

/* One stage of the decimation in time over the n points at z: the two
 * halves' transforms joined, the second's point j turned by
 * e^(-2 pi i j / n). */
static void dit_stage(const struct fft_table *t, double *z, size_t n)
{
	size_t half = n / 2;
	const double *w = t->w + 2 * (half - 1);	/* e^(-2 pi i j / n), j < n / 2 */
	for (size_t j = 0; j < half; j++) {
		double *a = z + 2 * j, *b = z + 2 * (j + half);
		double c = w[2 * j], s = w[2 * j + 1];
		/* b e^(-i a) = (br c + bi s) + i (bi c - br s) */
		double vr = b[0] * c + b[1] * s, vi = b[1] * c - b[0] * s;
		b[0] = a[0] - vr, b[1] = a[1] - vi;
		a[0] += vr, a[1] += vi;
	}
}

/* The join of dit_stage where one half's transform is all zero: the
 * other half's, turned or not, into both (the same values dit_stage
 * gives: a sum or difference with a zero is exact). */
static void dit_stage_half(const struct fft_table *t, double *z, size_t n, int first)
{
	size_t half = n / 2;
	if (first) {	/* b = 0: a + 0 and a - 0 */
		memcpy(z + n, z, n * sizeof *z);
		return;
	}
	const double *w = t->w + 2 * (half - 1);
	for (size_t j = 0; j < half; j++) {	/* a = 0: +v and -v */
		double *a = z + 2 * j, *b = z + 2 * (j + half);
		double c = w[2 * j], s = w[2 * j + 1];
		double vr = b[0] * c + b[1] * s, vi = b[1] * c - b[0] * s;
		b[0] = -vr, b[1] = -vi;
		a[0] = vr, a[1] = vi;
	}
}

/* Two stages at once over the n points at z (4 or more), each of whose
 * quarters is transformed: dit_stage on each half, then on the whole, in
 * one pass over the points, each butterfly's arithmetic as dit_stage's
 * (the same values; the memory read and written once, not twice). */
static void dit_stage2_part(const struct fft_table *t, double *z, size_t n, size_t from,
			    size_t to)
{
	size_t q = n / 4;
	const double *w1 = t->w + 2 * (q - 1);		/* the halves' stage */
	const double *w2 = t->w + 2 * (2 * q - 1);	/* the whole's */
	for (size_t j = from; j < to; j++) {
		double *A = z + 2 * j, *B = z + 2 * (j + q), *C = z + 2 * (j + 2 * q);
		double *D = z + 2 * (j + 3 * q);
		double c = w1[2 * j], s = w1[2 * j + 1];
		double vr = B[0] * c + B[1] * s, vi = B[1] * c - B[0] * s;
		double b0 = A[0] - vr, b1 = A[1] - vi, a0 = A[0] + vr, a1 = A[1] + vi;
		vr = D[0] * c + D[1] * s, vi = D[1] * c - D[0] * s;
		double d0 = C[0] - vr, d1 = C[1] - vi, c0 = C[0] + vr, c1 = C[1] + vi;
		c = w2[2 * j], s = w2[2 * j + 1];
		vr = c0 * c + c1 * s, vi = c1 * c - c0 * s;
		C[0] = a0 - vr, C[1] = a1 - vi, A[0] = a0 + vr, A[1] = a1 + vi;
		c = w2[2 * (j + q)], s = w2[2 * (j + q) + 1];
		vr = d0 * c + d1 * s, vi = d1 * c - d0 * s;
		D[0] = b0 - vr, D[1] = b1 - vi, B[0] = b0 + vr, B[1] = b1 + vi;
	}
}

static void dit_stage2(const struct fft_table *t, double *z, size_t n)
{
	dit_stage2_part(t, z, n, 0, n / 4);
}

/* The join of two halves of n points, a and b whether each is nonzero:
 * whether the whole is. */
static int dit_join(const struct fft_table *t, double *z, size_t n, int a, int b)
{
	if (a && b)
		dit_stage(t, z, n);
	else if (a || b)
		dit_stage_half(t, z, n, a);
	return a || b;
}

/* The smallest transform fft_dit looks into for zeros (64 complex points:
 * a few events among 2^19 points leave most of these empty, and an empty
 * one's transform is zero). */
#define FFT_LEAF ((size_t)1 << 6)

/* The forward transform of n points (a power of two, n <= t->m / 2) whose
 * input lies at z in bit-reversed order (fft_slot), in place, by
 * decimation in time: Z[k] = sum z[j] e^(-2 pi i j k / n) lands at z[k].
 * Depth first, so each half is transformed while it is in the cache, and
 * a part whose input is all zero is left zero: a periodogram's input is a
 * few thousand events in a million bins, and its first stages, nine of
 * nineteen, are mostly zeros.  Returns 0 where the input (and so the
 * transform) is all zero. */
static int fft_dit(const struct fft_table *t, double *z, size_t n)
{
	if (n <= FFT_LEAF) {
		size_t i = 0;
		while (i < 2 * n && z[i] == 0)
			i++;
		if (i == 2 * n)
			return 0;
		for (size_t len = 2; len <= n; len *= 2)
			for (size_t j = 0; j < n; j += len)
				dit_stage(t, z + 2 * j, len);
		return 1;
	}
	if (n >= 4 * FFT_LEAF) {	/* four quarters, and two stages at once */
		int q0 = fft_dit(t, z, n / 4), q1 = fft_dit(t, z + n / 2, n / 4);
		int q2 = fft_dit(t, z + n, n / 4), q3 = fft_dit(t, z + 3 * n / 2, n / 4);
		if (q0 && q1 && q2 && q3) {
			dit_stage2(t, z, n);
			return 1;
		}
		int a = dit_join(t, z, n / 2, q0, q1), b = dit_join(t, z + n, n / 2, q2, q3);
		return dit_join(t, z, n, a, b);
	}
	int a = fft_dit(t, z, n / 2), b = fft_dit(t, z + n, n / 2);
	return dit_join(t, z, n, a, b);
}

/* The transform of the largest sizes shared among the cores
 * (parallel.h): its four quarters' transforms each on its own, then the
 * two stages that join them in FFT_PARTS parts of their butterflies (each
 * butterfly reads and writes its own four points).  The same
 * arithmetic as fft_dit's, so the same values. */
enum { FFT_PARTS = 16 };
#define FFT_SHARED ((size_t)1 << 16)

struct fft_shared {
	const struct fft_table *t;
	double *z;
	size_t n;
	int nonzero[4];
};

static void fft_quarter(void *ctx, unsigned worker, size_t i)
{
	(void)worker;
	struct fft_shared *f = ctx;
	f->nonzero[i] = fft_dit(f->t, f->z + i * f->n / 2, f->n / 4);
}

static void fft_join_part(void *ctx, unsigned worker, size_t i)
{
	(void)worker;
	const struct fft_shared *f = ctx;
	size_t q = f->n / 4;
	dit_stage2_part(f->t, f->z, f->n, q * i / FFT_PARTS, q * (i + 1) / FFT_PARTS);
}

static void fft_top(const struct fft_table *t, double *z, size_t n)
{
	unsigned workers = parallel_workers();
	if (n < FFT_SHARED || workers < 2) {
		fft_dit(t, z, n);
		return;
	}
	struct fft_shared f = { t, z, n, { 0 } };
	parallel_for(4, workers, fft_quarter, &f);
	const int *q = f.nonzero;
	if (q[0] && q[1] && q[2] && q[3]) {
		parallel_for(FFT_PARTS, workers, fft_join_part, &f);
		return;
	}
	int a = dit_join(t, z, n / 2, q[0], q[1]), b = dit_join(t, z + n, n / 2, q[2], q[3]);
	dit_join(t, z, n, a, b);
}

void fft_power(const struct fft_table *t, double *x, size_t lo, size_t hi, double scale)
{
	size_t n = t->m / 2;
	fft_top(t, x, n);
	for (size_t k = lo; k <= hi; k++) {
		const double *a = x + 2 * k, *b = x + 2 * (n - k);
		/* E = (Z[k] + conj Z[n-k]) / 2, O = (Z[k] - conj Z[n-k]) / 2i */
		double er = (a[0] + b[0]) / 2, ei = (a[1] - b[1]) / 2;
		double or_ = (a[1] + b[1]) / 2, oi = -(a[0] - b[0]) / 2;
		/* X = E + e^(-2 pi i k / m) O */
		double c = t->split[2 * k], s = t->split[2 * k + 1];
		double xr = er + or_ * c + oi * s, xi = ei + oi * c - or_ * s;
		/* x[k] is no Z still to be read: Z[k] is x[2k], Z[n - k] past
		 * x[n] */
		x[k] = (xr * xr + xi * xi) / scale;
	}
}
