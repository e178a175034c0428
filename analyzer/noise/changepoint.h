/*
 * changepoint.h - a series cut into segments, each a level or a straight
 * line, by PELT (Killick, Fearnhead & Eckley, JASA 107(500), 2012): the
 * segmentation that minimizes the segments' residual sums of squares plus
 * a penalty per change, found exactly, with pruning.
 *
 * The penalties come from the series' own noise sigma (the median
 * absolute difference of neighbours, robust to the steps themselves) and
 * a false-alarm rate alpha for the whole series:
 *
 *  - a change costs 2 ln(n / alpha) sigma^2: a change at one place, level
 *    and slope both free, lowers the residual sum by sigma^2 chi2(2)
 *    where there is none, and P(chi2(2) > 2 ln(n / alpha)) = alpha / n,
 *    so that over the n places a change is found where there is none with
 *    probability alpha at most (Bonferroni);
 *  - a segment's slope costs z^2 sigma^2, z = Phi^-1(1 - alpha / (2 n)):
 *    a slope fitted where the level is flat lowers the sum by sigma^2
 *    chi2(1).
 *
 * Each point may carry a weight (the runs behind it): its squared
 * residual counts that many times, and sigma is a point's of weight 1.
 *
 * Costs are computed in double, the same on every machine, and exact
 * where the fit is (a level through one point, a line through two);
 * segmentations whose costs tie within the arithmetic's resolution
 * (changepoint.c) come out as the one whose last segment starts
 * earliest, and so on back from the end.
 */
#ifndef SUBTICK_CHANGEPOINT_H
#define SUBTICK_CHANGEPOINT_H

#include <stddef.h>

struct segment {
	size_t from, to;	/* points [from, to) */
	int sloped;		/* a line, not a level */
	double level;		/* at x[from] */
	double slope;		/* per unit of x (0 for a level) */
	double mean;		/* of its y */
};

struct segmentation {
	size_t count;
	struct segment *s;	/* count of them, in order */
	double sigma;		/* the noise of one point */
};

/*
 * y[0..n) at x[0..n) (ascending); w: weights (NULL: 1 each); min_len:
 * points a segment holds at least; alpha: the false-alarm rate.  sigma:
 * the noise of a point of weight 1, or 0 to take it from the
 * neighbours' differences; 1e-6 of the root of y's sum of squares about
 * their mean at least.  Returns 0, or -1 when memory runs out.
 */
int changepoint_segment(const double *x, const double *y, const double *w, size_t n,
			size_t min_len, double alpha, double sigma, struct segmentation *out);

/* The fitted value at point i of its segment. */
double changepoint_value(const struct segmentation *g, const double *x, size_t i);

/* sigma from neighbours' differences: their median absolute value over
 * 0.6745 sqrt(2) (a normal's), scaled for the weights. */
double changepoint_noise(const double *y, const double *w, size_t n);

void segmentation_free(struct segmentation *g);

#endif /* SUBTICK_CHANGEPOINT_H */
