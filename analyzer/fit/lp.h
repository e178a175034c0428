/*
 * lp.h - the least-values fit as a linear program, solved with GLPK.
 *
 *   maximize   Y0 + dY * mean(N)
 *   subject to Y0 + dY * N_i <= m_i    for every distinct N_i
 *
 * N is centred at an integer near mean(N) and the minima are shifted by the
 * smallest, so that the LP's numbers are exact in doubles; GLPK's simplex
 * (with its scaling) finds the basis and glp_exact makes it exactly
 * optimal.  The active constraints of that basis give the line, recomputed
 * exactly through the outermost two of them.
 */
#ifndef SUBTICK_LP_H
#define SUBTICK_LP_H

#include <stddef.h>

#include "hull.h"
#include "points.h"

struct lp_result {
	struct lv_line line;	/* refined through the active points */
	size_t active;		/* active constraints */
	size_t rows;		/* rows of the LP solved (hull vertices) */
};

/* Returns 0, or -1 with a message in err (GLPK failed or was not
 * optimal). */
int lp_least_values(const struct point_set *s, struct lp_result *out,
		    char *err, size_t err_len);

/*
 * Lines L with lower[i] <= L(N_i) <= upper[i] for every point (lower[i]
 * may be -INFINITY; both best given as offsets from a base, so that they
 * are small and exact): the least and greatest slope and intercept (at
 * N = 0, in the same offsets) among them.  Returns 0, 1 if no line fits, -1 on a GLPK failure (*reason says
 * why, in words).  Every GLPK call is bounded in iterations and time.
 */
int lp_band(const struct point_set *s, const double *lower,
	    const double *upper, double slope[2], double intercept[2],
	    const char **reason);

#endif /* SUBTICK_LP_H */
