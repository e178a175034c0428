/*
 * analysis_fit.c - the fit stage of analyze (analysis.h): the LP and the
 * hull, their agreement, the tick band checked against GLPK, then one
 * pass over the samples.
 */
#include "analysis.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"
#include "tempfile.h"

static double lp_hull_difference(const struct analysis *a)
{
	const struct point_set *s = &a->points;
	const struct lv_line *h = &a->hull, *l = &a->lp.line;
	double span = (double)(s->p[s->count - 1].n - s->p[0].n);
	if (h->unique) {
		double d0 = fabs(lv_value(l, s->p[0].n) - lv_value(h, s->p[0].n));
		double d1 = fabs(lv_value(l, s->p[s->count - 1].n) -
				 lv_value(h, s->p[s->count - 1].n));
		return d0 > d1 ? d0 : d1;
	}
	uint64_t nv = s->p[h->left].n;
	double out = l->slope < h->slope_lo ? h->slope_lo - l->slope
		   : l->slope > h->slope_hi ? l->slope - h->slope_hi : 0;
	return fabs(lv_value(l, nv) - lv_value(h, nv)) + out * span;
}

/* Both methods must agree to within a billionth of the largest minimum. */
static double agreement_tolerance(const struct point_set *s)
{
	double big = 1;
	for (size_t i = 0; i < s->count; i++)
		big = s->p[i].min > big ? s->p[i].min : big;
	return 1e-9 * big;
}

static int fit_lines(struct analysis *a, struct input_error *err)
{
	char msg[256];
	enum fit_method m = a->opt->method;
	if (m != METHOD_LP) {
		if (hull_least_values(&a->points, &a->hull) != 0)
			return analysis_fail(err, &a->where, "out of memory");
		a->hull_done = 1;
	}
	if (m != METHOD_HULL) {
		if (lp_least_values(&a->points, &a->lp, msg, sizeof msg) != 0)
			return analysis_fail(err, &a->where, "%s", msg);
		a->lp_done = 1;
	}
	if (m == METHOD_BOTH) {
		a->lp_hull_difference = lp_hull_difference(a);
		double tol = agreement_tolerance(&a->points);
		if (!(a->lp_hull_difference <= tol))
			return analysis_fail(err, &a->where,
				    "the LP (GLPK) and the lower hull disagree by %.6g clock units (tolerance %.3g): report this input as a bug; --method lp or --method hull picks one",
				    a->lp_hull_difference, tol);
	}
	a->fit = m == METHOD_LP ? a->lp.line : a->hull;
	a->method = m == METHOD_LP ? "lp" : m == METHOD_HULL ? "hull" : "lp+hull";
	return 0;
}

/*
 * The tick band is solved exactly (lvband.h); with both methods, GLPK's
 * simplex solves it too, on the same limits, and they must agree as the
 * fits do: the four extremes, as lines over the N range, within a
 * billionth of the largest minimum.
 */
static int check_band(struct analysis *a, struct input_error *err)
{
	const struct point_set *s = &a->points;
	size_t n = s->count, lowest, support;
	double *upd = malloc(n * sizeof *upd), *lod = malloc(n * sizeof *lod);
	double w = upd && lod ? interval_band_width(s, &a->fit, a->tick, &lowest, &support) : -1;
	int rc = -1;
	if (w >= 0) {
		for (size_t i = 0; i < n; i++) {
			long double up, lo;
			interval_band_limit(s, &a->fit, i, lowest, w, &a->iv.band_heights, &up,
					    &lo);
			upd[i] = (double)up, lod[i] = (double)lo;
		}
		double sl[2], ic[2];
		const char *reason;
		long double y0 = s->all_int ? (long double)point_min_int(&s->p[lowest])
					    : (long double)s->p[lowest].min;
		double span = (double)(s->p[n - 1].n - s->p[0].n);
		/* the intercepts compared lie at N = 0, which can be far
		 * from the N timed: GLPK's rounding is relative to them
		 * (timings of 2^33 over N = 1000..1021, a slope of -4e8,
		 * intercepts of 4e11: 38 units apart, against a tolerance of
		 * 8.6 from the minima alone) */
		double tol = agreement_tolerance(s);
		for (int k = 0; k < 2; k++)
			tol = fmax(tol, 1e-9 * fmax(fabs(a->iv.band_intercept[k]),
						    fabs(a->iv.band_slope[k]) * span));
		a->band_difference = NAN;
		if (lp_band(s, lod, upd, sl, ic, &reason) == 0) {
			double d = 0;
			for (int k = 0; k < 2; k++) {
				d = fmax(d, fabs(sl[k] - a->iv.band_slope[k]) * span);
				d = fmax(d, fabs((double)(y0 + ic[k]) - a->iv.band_intercept[k]));
			}
			/* GLPK's simplex rounds at ~1e-13 of the timings (the
			 * fits' LP is polished exactly; this one is not): agreement
			 * to a thousandth of the tolerance is reported as 0 */
			a->band_difference = d <= 1e-3 * tol ? 0 : d;
		}
		rc = 0;
		if (isfinite(a->band_difference) && a->band_difference > tol)
			rc = analysis_fail(err, &a->where,
				  "the tick band from GLPK and the exact one disagree by %.6g clock units (tolerance %.3g): report this input as a bug; --method lp or --method hull picks one",
				  a->band_difference, tol);
	} else {
		rc = analysis_fail(err, &a->where, "out of memory");
	}
	free(upd), free(lod);
	return rc;
}

int analysis_fit(struct analysis *a, struct input_error *err)
{
	char msg[256];
	if (glitch_find(&a->points, a->tick, a->opt->keep_low, &a->glitches) != 0)
		return analysis_fail(err, &a->where, "out of memory");
	/* the lines before the blocks are cut: their arrays and the blocks'
	 * minima are not held at once */
	if (fit_lines(a, err) != 0)
		return -1;
	analysis_give_back();
	ols_fit_points(&a->points, 0, &a->ols_minima);
	ols_fit_points(&a->points, 1, &a->ols_means);
	analysis_give_back();
	uint64_t skip_n[GLITCH_MAX];
	double skip_t[GLITCH_MAX];
	size_t nskip = a->glitches.kept ? 0 : a->glitches.count;
	for (size_t i = 0; i < nskip; i++)
		skip_n[i] = a->glitches.g[i].n, skip_t[i] = a->glitches.g[i].t;
	/* the tick band and its check before the blocks are cut: the band's
	 * arrays and the blocks' minima are not held at once */
	if (interval_band(&a->points, &a->fit, a->tick, &a->iv) != 0)
		return analysis_fail(err, &a->where, "out of memory computing the interval");
	a->band_difference = NAN;
	if (a->lp_done && a->hull_done && a->iv.band_ok && check_band(a, err) != 0)
		return -1;
	/* the best timings (at 10^6 N of 10 runs, 40 bytes an N) served the
	 * glitches and the band; the subsampling draws halves of the blocks
	 * where the pass cuts some, else of each N's runs from them, and
	 * then they go.  The rest reads the minima, the blocks and the
	 * spool.  A comparison keeps them: it refits halves of the runs */
	int drop = !a->opt->keep_blocks, blocks = a->start_times && blocks_planned(a->runs_min) > 0;
	if (drop && blocks)
		points_drop_best(&a->points);
	analysis_give_back();
	if (analysis_pass(a, skip_n, skip_t, nskip) != 0)
		return errno == ENOMEM ? analysis_fail(err, &a->where, "out of memory")
				       : analysis_fail(err, &a->where, "the temporary file of the samples in %s: %s (TMPDIR chooses the directory)",
						       tempfile_dir(), strerror(errno));
	if (interval_finish(&a->points, &a->fit, &a->blocks, a->opt->replicates, a->opt->seed,
			    &a->iv, msg, sizeof msg) != 0)
		return analysis_fail(err, &a->where, "%s", msg);
	if (drop && !blocks)
		points_drop_best(&a->points);
	a->nfifths = blocks_fifths(&a->blocks, &a->points, a->tick, a->fifths);
	/* the blocks' minima (4 or 8 bytes a block and N) are not needed
	 * again but by a comparison */
	if (!a->opt->keep_blocks)
		blocks_free(&a->blocks);
	/* the bend and step tests (linearity.h) read the minima and the
	 * bounds alone: made here, their arrays (65 bytes an N) are not held
	 * beside the model's; warned of with the other checks */
	analysis_give_back();
	struct linearity_fit fit = { a->fit.slope, a->iv.slope[0], a->iv.slope[1] };
	a->linear_rc = linearity_check(&a->points, a->tick, &fit, &a->linear);
	if (a->linear_rc != 0)	/* nothing half-made reaches the report */
		memset(&a->linear, 0, sizeof a->linear);
	return 0;
}

