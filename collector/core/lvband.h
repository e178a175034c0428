/*
 * lvband.h - the tick band of a least-values line, solved exactly.
 *
 * If the minima sit on the required time quantized by the clock, the true
 * line lies under every minimum + W and within W of every minimum the fit
 * rests on (those no more than W above it): the lines
 *     y = a + b x,   a + b x_i <= up_i (all i),   a + b x_s >= lo_s (s with lo_s finite).
 * The extreme slopes b and intercepts at x = xz over that set are a linear
 * program in two variables (Aigner & Chu's, banded), solved here without a
 * simplex: f(b) = min_i (up_i - b x_i) is concave, the lower envelope
 * given by the lower convex hull of (x_i, up_i); g(b) = max_s (lo_s - b x_s)
 * is convex, by the upper hull of (x_s, lo_s); the feasible slopes are the
 * interval where f - g >= 0, found between the two hulls' edge slopes; the
 * intercepts' extremes lie at those slopes or the interval's ends.  Exact
 * to long double; O(n log n).  (analyze checks it against GLPK's simplex on
 * the same bounds: lp_band in analyzer/fit/lp.c.)
 */
#ifndef SUBTICK_LVBAND_H
#define SUBTICK_LVBAND_H

#include <stddef.h>

/*
 * x ascending and distinct; lo[i] = -INFINITY where point i does not bound
 * the line from below.  Returns 0 with slope[0] <= slope[1] and the
 * intercepts at xz; 1 when the band has no finite slope range (every
 * lower bound at one end of x, or none); -1 when out of memory.
 */
int lv_band(const long double *x, const long double *up, const long double *lo,
	    size_t n, long double xz, long double slope[2], long double intercept[2]);

/*
 * The same, one point at a time (x ascending), holding only the two
 * hulls' vertices: a band over a million N needs no arrays of a million.
 * lvband_add notes a failure (out of memory) for lvband_solve to return.
 */
struct lvband_chain;
struct lvband {
	struct lvband_chain *f, *g;	/* lower hull of (x, up), upper of (x, lo) */
	int failed;
};

void lvband_init(struct lvband *b);
void lvband_add(struct lvband *b, long double x, long double up, long double lo);
int lvband_solve(struct lvband *b, long double xz, long double slope[2],
		 long double intercept[2]);
void lvband_free(struct lvband *b);

#endif /* SUBTICK_LVBAND_H */
