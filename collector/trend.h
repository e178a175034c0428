/*
 * trend.h - how the width of the unit cost's bounds falls as the samples
 * come in, for collect --until: whether it still falls, and when, at the
 * pace it falls, it would reach the wanted width.
 *
 * A width limited by the count of samples falls as a power of it: the
 * subsampling's spread as samples^-1/2 (the central limit), the minima's
 * scatter at least as fast.  A width limited by something else (the tick
 * band over the plan's longest run, a machine whose speed drifts) stops
 * falling, however long the sampling goes on.  So ln width is fitted to
 * ln samples by least squares over the fits of the latest three quarters
 * of the samples (the fall of the first fits, as every N's minimum
 * settles, leaves the window once the samples have quadrupled):
 *
 *   falling      the slope's 95% interval lies below 0;
 *   not falling  it lies above -1/2: slower than sampling alone would
 *                make it fall, if at all;
 *   unclear      neither: the widths scatter more than they move.
 *
 * Two fits in a row share most of their samples, so their widths are
 * correlated: the slope's variance is inflated by (1 + r) / (1 - r), r
 * the lag-1 autocorrelation of the residuals (less its small-sample
 * bias), and its degrees of freedom are those of m (1 - r) / (1 + r)
 * fits (an AR(1) series' effective count).  On series of a known truth
 * (tests/unit/test_trend.c) the 95% intervals hold the true slope 93 or
 * 94 times in 100 where the fits' scatter is correlated by up to 0.8
 * from one to the next, 73 at 0.9.
 *
 * The time to the wanted width, where it falls, is where a line crosses
 * it, at the samples' pace so far: the sampling-limited line (slope -1/2,
 * its level fitted) where the slope's interval holds -1/2 or lies below
 * it, else the fitted line (falling, but slower).  Its limits are the
 * crossings of the line's 95% limits (its level, and the fitted line's
 * slope).  The estimate kept is the last one, counted down, while it lies
 * within those limits, and the new one once it leaves them: it moves when
 * the fit says it moved, not with every fit's scatter.
 */
#ifndef SUBTICK_TREND_H
#define SUBTICK_TREND_H

#include <stddef.h>

/* Fits kept: those out of the window are dropped, and every other one
 * when more come. */
#define TREND_POINTS 128
/* The window: fits with at least 1/TREND_WINDOW of the latest samples. */
#define TREND_WINDOW 4
/* A width limited by the count of samples: samples^-1/2. */
#define TREND_SAMPLING_SLOPE (-0.5)
/* Judged with this many fits in the window at least, spanning a doubling
 * of the samples. */
#define TREND_FITS_MIN 5

enum trend_state {
	TREND_NONE,		/* too few fits, or too short a span */
	TREND_UNCLEAR,		/* the widths scatter more than they move */
	TREND_FALLING,
	TREND_FLAT,		/* not falling as sampling would make it */
};

struct trend_point {
	double t_s;		/* seconds since sampling began */
	double samples;
	double width;		/* relative, > 0 */
};

struct trend_fit {
	enum trend_state state;
	double slope;		/* d ln width / d ln samples */
	double slope_lo, slope_hi;	/* its 95% interval */
	double width;		/* the fitted width at the latest fit */
	double fits;		/* fits in the window, and their effective */
	double fits_eff;	/* count (correlation taken out) */
	/* TREND_FALLING and a target: the slope the estimate follows
	 * (TREND_SAMPLING_SLOPE, or the fitted one where the fall is
	 * slower), and the seconds from at_s to the target along it with
	 * their 95% limits; NAN otherwise.  0: the line is there already;
	 * INFINITY: beyond any count of samples. */
	double pace;
	double left_s, left_lo_s, left_hi_s;
	double at_s;		/* the latest fit's time */
};

struct trend {
	struct trend_point p[TREND_POINTS];
	size_t count;
	double target;		/* the wanted width; 0: none */
	struct trend_fit last;	/* judged at the latest fit */
	double held_s, held_at_s;	/* the estimate kept, and when (NAN:
					 * none yet) */
};

void trend_init(struct trend *t, double target);

/* One fit's width (finite and > 0, else ignored), and the trend judged
 * anew into t->last. */
void trend_add(struct trend *t, double t_s, double samples, double width);

/* The judgement of points p[0..count) (time order) against target (0:
 * none), without the kept estimate (tests). */
void trend_judge(const struct trend_point *p, size_t count, double target,
		 struct trend_fit *out);

/* "falling", "not falling", "unclear", or "" (none yet). */
const char *trend_state_name(enum trend_state s);

#endif /* SUBTICK_TREND_H */
