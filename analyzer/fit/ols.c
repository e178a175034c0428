/*
 * ols.c - gsl_fit_linear on centred data; statuses and isfinite checked
 * (gsl_fit_linear returns success with NaN on constant x).
 */
#include "ols.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>

int ols_fit_points(const struct point_set *s, int means, struct ols_fit *out)
{
	size_t n = s->count;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	long double cx = 0, cy = 0;
	out->ok = 0;
	if (x == NULL || y == NULL || n < 3) {
		free(x), free(y);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		cx += s->p[i].n;
		cy += means ? s->p[i].mean : s->p[i].min;
	}
	cx /= (long double)n;
	cy /= (long double)n;
	for (size_t i = 0; i < n; i++) {
		x[i] = (double)((long double)s->p[i].n - cx);
		y[i] = (double)((means ? s->p[i].mean : s->p[i].min) - cy);
	}
	double c0, c1, cov00, cov01, cov11, sumsq;
	int rc = gsl_fit_linear(x, 1, y, 1, n, &c0, &c1, &cov00, &cov01, &cov11,
				&sumsq);
	free(x), free(y);
	if (rc != GSL_SUCCESS || !isfinite(c0) || !isfinite(c1) ||
	    !isfinite(cov00) || !isfinite(cov11))
		return -1;
	/* Undo the centring: y = cy + c0 + c1 (N - cx). */
	out->slope = c1;
	out->intercept = (double)(cy + c0 - (long double)c1 * cx);
	out->slope_se = sqrt(cov11);
	/* var(intercept at 0) = cov00 - 2 cx cov01 + cx^2 cov11 */
	out->intercept_se = sqrt(fmax(0, (double)((long double)cov00 -
		2 * cx * cov01 + cx * cx * cov11)));
	out->ok = 1;
	return 0;
}
