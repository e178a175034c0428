/*
 * trend.c - the width's trend against the samples, and the time to the
 * wanted width (trend.h).
 */
#include "trend.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

void trend_init(struct trend *t, double target)
{
	memset(t, 0, sizeof *t);
	t->target = target;
	t->held_s = NAN;
	trend_judge(t->p, 0, target, &t->last);
}

/* The first point of the window that ends at p[count - 1]. */
static size_t window_start(const struct trend_point *p, size_t count)
{
	size_t i = 0;
	while (i + 1 < count && p[i].samples * TREND_WINDOW < p[count - 1].samples)
		i++;
	return i;
}

/* Seconds from the latest fit (samples s_now at rate per second) until a
 * line through (x_now, y) of slope b < 0 in ln samples, ln width reaches
 * ln target: 0 where it is there already; INFINITY beyond any count. */
static double crossing_s(double x_now, double y, double b, double ln_target,
			 double s_now, double rate)
{
	if (y <= ln_target)
		return 0;
	double s = exp(x_now + (ln_target - y) / b);
	return isfinite(s) ? (s - s_now) / rate : INFINITY;
}

/* A least-squares line through (ln samples, ln width): slope b (fitted,
 * or given) through the means mx, my; sxx the sum of squares of ln
 * samples about mx; s2 the residuals' variance, inflated for their lag-1
 * correlation rho, and m_eff the fits' effective count, df its degrees of
 * freedom. */
struct line_fit {
	double b, mx, my, sxx, s2, rho, m_eff, df;
};

/* b_given: the slope, or NAN to fit it.  Sums are taken from the first
 * point, so that equal widths give a slope and residuals of exactly 0. */
static void fit_line(const struct trend_point *p, size_t m, double b_given,
		     struct line_fit *f)
{
	double x0 = log(p[0].samples), y0 = log(p[0].width);
	double mx = 0, my = 0, sxx = 0, sxy = 0;
	for (size_t i = 0; i < m; i++) {
		mx += log(p[i].samples) - x0;
		my += log(p[i].width) - y0;
	}
	mx /= (double)m, my /= (double)m;
	for (size_t i = 0; i < m; i++) {
		double dx = log(p[i].samples) - x0 - mx;
		sxx += dx * dx;
		sxy += dx * (log(p[i].width) - y0 - my);
	}
	double b = isnan(b_given) ? sxy / sxx : b_given, rss = 0, lag = 0, prev = 0;
	double params = isnan(b_given) ? 2 : 1;
	for (size_t i = 0; i < m; i++) {
		double r = log(p[i].width) - y0 - my - b * (log(p[i].samples) - x0 - mx);
		rss += r * r;
		lag += i ? r * prev : 0;
		prev = r;
	}
	/* lag-1 autocorrelation, less its bias on m points about their mean
	 * (r falls short of rho by (1 + 3 rho) / m: Marriott & Pope 1954) */
	double rho = rss > 0 && m > 3 ? ((double)m * lag / rss + 1) / ((double)m - 3) : 0;
	rho = rho < 0 ? 0 : rho;	/* anticorrelation: no credit taken */
	f->b = b, f->mx = x0 + mx, f->my = y0 + my, f->sxx = sxx, f->rho = rho;
	f->m_eff = rho < 1 ? (double)m * (1 - rho) / (1 + rho) : 0;
	f->df = f->m_eff - params;
	f->s2 = rho < 1 ? rss / ((double)m - params) * (1 + rho) / (1 - rho) : INFINITY;
}

/* The time to the target of a falling width: along the sampling-limited
 * line (slope -1/2, its level fitted) where the slope's interval holds
 * -1/2 or lies below it, along the fitted line where it lies above
 * (falling, but slower); the limits from the level's interval (and the
 * slope's, for the fitted line). */
static void time_left(const struct trend_point *w, size_t m, const struct line_fit *f,
		      double tq, double target, struct trend_fit *out)
{
	const struct trend_point *now = &w[m - 1];
	if (!(target > 0) || !(now->t_s > 0))
		return;
	double x = log(now->samples), rate = now->samples / now->t_s, lt = log(target);
	double dx = x - f->mx;
	if (out->slope_lo <= TREND_SAMPLING_SLOPE) {
		struct line_fit g;
		fit_line(w, m, TREND_SAMPLING_SLOPE, &g);
		if (!(g.df >= 1) || !isfinite(g.s2))
			return;
		double y = g.my + g.b * dx, se = sqrt(g.s2 / (double)m);
		double tg = gsl_cdf_tdist_Pinv(0.975, g.df);
		out->pace = g.b;
		out->left_s = crossing_s(x, y, g.b, lt, now->samples, rate);
		out->left_lo_s = crossing_s(x, y - tg * se, g.b, lt, now->samples, rate);
		out->left_hi_s = crossing_s(x, y + tg * se, g.b, lt, now->samples, rate);
		return;
	}
	double y = f->my + f->b * dx, se = sqrt(f->s2 * (1 / (double)m + dx * dx / f->sxx));
	out->pace = f->b;
	out->left_s = crossing_s(x, y, f->b, lt, now->samples, rate);
	out->left_lo_s = crossing_s(x, y - tq * se, out->slope_lo, lt, now->samples, rate);
	out->left_hi_s = crossing_s(x, y + tq * se, out->slope_hi, lt, now->samples, rate);
}

void trend_judge(const struct trend_point *p, size_t count, double target,
		 struct trend_fit *out)
{
	*out = (struct trend_fit){ TREND_NONE, NAN, NAN, NAN, NAN, 0, 0, NAN,
				   NAN, NAN, NAN, count ? p[count - 1].t_s : NAN };
	if (count == 0)
		return;
	size_t first = window_start(p, count);
	const struct trend_point *w = p + first, *now = &p[count - 1];
	size_t m = count - first;
	out->fits = (double)m;
	if (m < TREND_FITS_MIN || !(now->samples >= 2 * w[0].samples))
		return;
	struct line_fit f;
	fit_line(w, m, NAN, &f);
	out->fits_eff = f.m_eff;
	out->slope = f.b;
	out->width = exp(f.my + f.b * (log(now->samples) - f.mx));
	out->state = TREND_UNCLEAR;
	if (!(f.df >= 1) || !isfinite(f.s2))
		return;		/* too few fits' worth to tell */
	double tq = gsl_cdf_tdist_Pinv(0.975, f.df);
	double se_b = sqrt(f.s2 / f.sxx);
	out->slope_lo = f.b - tq * se_b;
	out->slope_hi = f.b + tq * se_b;
	if (out->slope_hi < 0)
		out->state = TREND_FALLING;
	else if (out->slope_lo > TREND_SAMPLING_SLOPE)
		out->state = TREND_FLAT;
	if (out->state == TREND_FALLING)
		time_left(w, m, &f, tq, target, out);
}

/* Keep the estimate held, counted down, while the new fit's limits hold
 * it; else take the new one. */
static void hold(struct trend *t)
{
	struct trend_fit *f = &t->last;
	if (f->state != TREND_FALLING || isnan(f->left_s))
		return;
	double held = t->held_s - (f->at_s - t->held_at_s);
	held = held > 0 ? held : 0;
	if (isfinite(held) && held >= f->left_lo_s && held <= f->left_hi_s)
		f->left_s = held;
	t->held_s = f->left_s;
	t->held_at_s = f->at_s;
}

void trend_add(struct trend *t, double t_s, double samples, double width)
{
	if (!(isfinite(width) && width > 0 && samples > 0 && isfinite(t_s)))
		return;
	size_t drop = 0;
	while (drop < t->count && t->p[drop].samples * TREND_WINDOW < samples)
		drop++;
	memmove(t->p, t->p + drop, (t->count - drop) * sizeof *t->p);
	t->count -= drop;
	if (t->count == TREND_POINTS) {	/* every other one, the first kept */
		for (size_t i = 0; 2 * i < TREND_POINTS; i++)
			t->p[i] = t->p[2 * i];
		t->count = TREND_POINTS / 2;
	}
	t->p[t->count++] = (struct trend_point){ t_s, samples, width };
	trend_judge(t->p, t->count, t->target, &t->last);
	hold(t);
}

const char *trend_state_name(enum trend_state s)
{
	static const char *const names[] = { "", "unclear", "falling", "not falling" };
	return names[s];
}
