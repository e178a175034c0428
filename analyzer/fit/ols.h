/*
 * ols.h - ordinary least squares (GSL), to show users what averaging would
 * have told them.
 */
#ifndef SUBTICK_OLS_H
#define SUBTICK_OLS_H

#include "points.h"

struct ols_fit {
	int ok;
	double slope, intercept;
	double slope_se, intercept_se;	/* standard errors (GSL's covariance) */
};

/* OLS of the per-N minima (means = 0) or per-N means (means = 1) on N.
 * Returns 0, or -1 (GSL failed, or a non-finite result). */
int ols_fit_points(const struct point_set *s, int means, struct ols_fit *out);

#endif /* SUBTICK_OLS_H */
