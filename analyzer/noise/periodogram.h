/*
 * periodogram.h - the periodogram of events' times at once, for the
 * period search (period.h).
 *
 * The events' counts in bins of the span, whose discrete Fourier
 * transform at frequency j / span gives the Rayleigh Z there (|X_j|^2 /
 * k; the binning smooths it only near the bins' own frequency, and the
 * refinement measures each candidate exactly).  A source among many
 * random events stands at its own frequency, where the gaps between
 * events, which the random ones dominate, show nothing of it.  The bins:
 * as many as put four in the shortest period tried, a power of two from
 * PERIODOGRAM_BINS_MIN to PERIODOGRAM_BINS_MAX; a frequency above is not
 * looked at, nor counted among those tried.
 */
#ifndef SUBTICK_PERIODOGRAM_H
#define SUBTICK_PERIODOGRAM_H

#include <stddef.h>

#include "fftpower.h"

#define PERIODOGRAM_BINS_MIN (1 << 12)
#define PERIODOGRAM_BINS_MAX (1 << 20)
#define PERIODOGRAM_CANDIDATES 12

/* The transform, kept from one search to the next (a transform of a
 * million points takes a few times as long to plan as to run).  Zero it
 * before the first search; period_fft_free at the end. */
struct period_fft {
	size_t room;		/* x's, in points */
	double *x;
	/* the FFT's tables, 2^12 to 2^20 points */
	struct fft_table table[9];
};

void period_fft_free(struct period_fft *f);

/* The power's level about each frequency: each half octave's median
 * power over ln 2, at the log of its middle frequency (in bins). */
struct level_curve {
	size_t nb;
	double mid[64], med[64];
	double log_med[64];	/* log of med (where med > 0) */
	double bin_span;	/* a frequency's bin: bin_span / its period */
};

/* The level at bin j (interpolated in log-log between the half octaves'
 * middles); 1 where there is none. */
double periodogram_level_at(const struct level_curve *lc, double j);

/* The periodogram of t[0..k) (sorted; no period below min_period looked
 * at), over its level (into lc): its PERIODOGRAM_CANDIDATES highest local
 * maxima at half the highest or more, from periods of a quarter of the
 * span down to four bins, the lowest frequencies first, into cand; how
 * many.  *tested: the frequencies looked at.  f: the transform to use. */
size_t periodogram_candidates(const double *t, size_t k, double min_period,
			      struct period_fft *f, double *cand, size_t *tested,
			      struct level_curve *lc);

#endif /* SUBTICK_PERIODOGRAM_H */
