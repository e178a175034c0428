/*
 * linearity.c - bends and steps anywhere in N (linearity.h).
 */
#include "linearity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hinge.h"
#include "hull.h"
#include "select.h"

/* One segment of N: points [from, to), its line (relative to its first
 * point), its scatter and slope band. */
struct segment {
	size_t from, to;
	double slope, intercept, w, band;
	int usable;		/* its slope is known well enough */
};

/* minimum i - minimum j, exactly where both are integers */
static double min_difference(const struct point_set *s, size_t i, size_t j)
{
	if (s->all_int)
		return point_min_int(&s->p[i]) >= point_min_int(&s->p[j])
			? (double)(point_min_int(&s->p[i]) - point_min_int(&s->p[j]))
			: -(double)(point_min_int(&s->p[j]) - point_min_int(&s->p[i]));
	return s->p[i].min - s->p[j].min;
}

/* 1 if the minimum y lies on the line's value v there (to rounding). */
static int rests_on(double y, double v)
{
	return y - v <= 1e-9 * (fabs(y) + fabs(v)) + 1e-300;
}

static int fit_segment(const struct point_set *s, double tick, struct segment *g, double *x,
		       double *y, size_t *work)
{
	size_t n = g->to - g->from;
	for (size_t i = 0; i < n; i++) {
		x[i] = (double)(s->p[g->from + i].n - s->p[g->from].n);
		y[i] = min_difference(s, g->from + i, g->from);
	}
	struct lv_line l;
	if (hull_least_values_d(x, y, n, work, &l) != 0)
		return -1;
	g->slope = l.slope;
	g->intercept = l.intercept;
	/* the scatter: the upper quartile of the heights above its own line
	 * (a few minima of a noisy floor: the median says too little) */
	for (size_t i = 0; i < n; i++)
		y[i] -= l.intercept + l.slope * x[i];
	double h = select_kth(y, n, (3 * n) / 4);
	g->w = h > tick ? h : tick;
	return 0;
}

/* A segment's slope band and whether it knows its slope, from its W. */
static void segment_band(const struct point_set *s, double whole, struct segment *g)
{
	double span = (double)(s->p[g->to - 1].n - s->p[g->from].n);
	/* the slope band of hull_slope_band (2 W / span), half as wide
	 * again: a segment's few minima scatter more than its median
	 * height says */
	g->band = span > 0 ? 3 * g->w / span : INFINITY;
	/* the rise the whole line's slope gives over the segment: its own
	 * slope, where it does not know it, may be anything (N = 1 and 2 of
	 * a ping-pong, a quarter unit apart, read -21 units an N, a rise of
	 * 21 W) */
	g->usable = span > 0 && fabs(whole) * span >= LINEARITY_RISE_MIN * g->w;
}

/* The segments' scatter together: the upper quartiles of every
 * segment's heights above its own line (but those it rests on), as they
 * are and as a share of the minimum (noise added to each run, and noise in
 * proportion to it).  A segment's own W comes from its few heights (one,
 * of 3 N: a clean ping-pong's N = 4 to 16, 20 to 50 sweeps of jitter,
 * had been called a step of 8 to 42 units below N = 1 and 2, its minima
 * scattered by 6 to 12); it is no less than the smaller of the two
 * together at its place.  Each segment's own line absorbs a step
 * between segments, so they do not hold it.  x, y: room for every N. */
static void pooled_floor(const struct point_set *s, struct segment *g, size_t m, double *x,
			 double *y)
{
	size_t k = 0, kr = 0;
	for (size_t j = 0; j < m; j++)
		for (size_t i = g[j].from; i < g[j].to; i++) {
			double v = g[j].intercept + g[j].slope *
				   (double)(s->p[i].n - s->p[g[j].from].n);
			double d = min_difference(s, i, g[j].from);
			if (rests_on(d, v))
				continue;
			x[k] = d - v;
			if (s->p[i].min > 0)
				y[kr++] = (d - v) / s->p[i].min;
			k++;
		}
	if (k == 0)
		return;
	double abs_q = select_kth(x, k, (3 * k) / 4);
	double rel_q = kr ? select_kth(y, kr, (3 * kr) / 4) : INFINITY;
	for (size_t j = 0; j < m; j++) {
		double mid = (s->p[g[j].from].min + s->p[g[j].to - 1].min) / 2;
		double rel_w = rel_q * mid, floor_w = rel_w < abs_q ? rel_w : abs_q;
		g[j].w = g[j].w > floor_w ? g[j].w : floor_w;
	}
}

/*
 * A segment of two points: its line rests on both, and no height above it
 * tells its scatter (its W had been the tick) nor its slope (that of two
 * minima of a noisy floor, carried 17 times its span as known to a tick,
 * had made a step of 94 us out of minima all within 13 us of a linear
 * cost: 7 of 30 such streams, N from 0 by 5, the shifted cut's first
 * segment N = 0 and 5).  It knows its level, and its scatter is taken as
 * its neighbour's.
 */
static void short_segment(struct segment *g, const struct segment *next)
{
	if (g->to - g->from >= 3)
		return;
	g->usable = 0;
	g->w = g->w > next->w ? g->w : next->w;
}

/* The segments' line values at n (relative to the segment's first min). */
static double value_at(const struct point_set *s, const struct segment *g, double n)
{
	return g->intercept + g->slope * (n - (double)s->p[g->from].n);
}

/* A step between segments a and b (a before b): both lines carried to the
 * middle of the gap between them.  Neighbours are compared whatever they
 * know of their slopes; segments apart only when both know theirs (a
 * step inside the segment between them blurs that one).  A segment that
 * does not know its slope knows its level, at its middle: it is carried
 * from there at the other's slope, or the whole line's where neither
 * knows (a ping-pong's N = 1 and 2, a quarter unit apart in cost, had
 * read a slope of -21 units an N, and a step of 21 units to N = 4). */
static void step(const struct point_set *s, const struct segment *a,
		 const struct segment *b, int neighbours, const struct linearity_fit *fit,
		 struct linearity *out, double *worst)
{
	if (!neighbours && (!a->usable || !b->usable))
		return;
	double n_mid = ((double)s->p[a->to - 1].n + (double)s->p[b->from].n) / 2;
	double ma = ((double)s->p[a->from].n + (double)s->p[a->to - 1].n) / 2;
	double mb = ((double)s->p[b->from].n + (double)s->p[b->to - 1].n) / 2;
	double sa = a->usable ? a->slope : b->usable ? b->slope : fit->slope;
	double sb = b->usable ? b->slope : a->usable ? a->slope : fit->slope;
	double va = value_at(s, a, ma) + sa * (n_mid - ma);
	double vb = value_at(s, b, mb) + sb * (n_mid - mb) + min_difference(s, b->from, a->from);
	double gap = vb - va;
	/* a bend also parts the lines: by the difference of slopes over
	 * the distance from each segment's middle; and each line's slope is
	 * known to its band over that distance */
	double da = n_mid - ma;
	double db = mb - n_mid;
	double bent = a->usable && b->usable ? fabs(b->slope - a->slope) * (da + db) / 2
			+ a->band * da + b->band * db : 0;
	double allowed = LINEARITY_STEP_W * (a->w + b->w) + bent;
	if (!isfinite(gap) || !(fabs(gap) > allowed) || fabs(gap) / allowed <= *worst)
		return;
	*worst = fabs(gap) / allowed;
	*out = (struct linearity){ .kind = LINEARITY_STEP,
		.step_before = s->p[a->to - 1].n, .step_after = s->p[b->from].n,
		.step = gap };
}

/* One cut into k segments, the first of them `shift` points long (0: a
 * whole one). */
static int one_cut(const struct point_set *s, double tick, const struct linearity_fit *fit,
		   size_t k, size_t shift, struct linearity *out, double *worst,
		   double *x, double *y, size_t *work)
{
	struct segment g[LINEARITY_SEGMENTS + 1];
	size_t n = s->count, len = n / k, m = 0, from = 0;
	while (from < n && m <= LINEARITY_SEGMENTS) {
		size_t to = m == 0 && shift ? shift : from + len;
		/* the rest when fewer than 3 points would follow, or none:
		 * with a shifted first cut the last whole one can pass n */
		if (to + 3 > n || m == LINEARITY_SEGMENTS)
			to = n;
		g[m] = (struct segment){ .from = from, .to = to };
		if (fit_segment(s, tick, &g[m], x, y, work) != 0)
			return -1;
		from = to;
		m++;
	}
	pooled_floor(s, g, m, x, y);
	for (size_t i = 0; i < m; i++)
		segment_band(s, fit->slope, &g[i]);
	if (m > 1)
		short_segment(&g[0], &g[1]);
	for (size_t i = 0; i < m; i++)
		for (size_t j = i + 1; j < m; j++)
			step(s, &g[i], &g[j], j == i + 1, fit, out, worst);
	return 0;
}

enum { POINT_SUPPORTS_MAX = 4 };

/* The scatter of m minima above line o: the upper quartile of their
 * heights (at least the tick), and of their heights as a share of the
 * line there (base: the first minimum, which x and y are relative to).
 * Where the runs' noise grows with their length, as most does, the
 * largest N lie further above the line than the small ones say: an N is
 * judged by the larger of the two at its place.  x and y are used up. */
struct scatter {
	double abs, rel;
};

static struct scatter scatter_above(double *x, double *y, size_t m, const struct lv_line *o,
				    double base, double tick)
{
	for (size_t i = 0; i < m; i++) {
		double line = o->intercept + o->slope * x[i], h = y[i] - line;
		y[i] = h;
		x[i] = line + base > 0 ? h / (line + base) : 0;
	}
	struct scatter w = { m ? select_kth(y, m, (3 * m) / 4) : 0,
			     m ? select_kth(x, m, (3 * m) / 4) : 0 };
	w.abs = w.abs > tick ? w.abs : tick;
	return w;
}

/* The kept N's range (x ascending), and the line o through them. */
struct kept {
	double lo, hi;
	const struct lv_line *o;
};

static struct kept kept_of(const double *x, size_t m, const struct lv_line *o)
{
	return (struct kept){ m ? x[0] : 0, m ? x[m - 1] : 0, o };
}

/* How far below the line an N at x may lie, at line value v (relative to
 * base), before it is off it: LINEARITY_STEP_W x the scatter there, twice
 * (the N is a minimum too), and, beyond the kept N's range, the line's
 * slope band (hull_slope_band's, 2 W / span, W at the range's end nearest
 * x) over the distance from it: the line of the N left is known within
 * their range, not far past it (a clean ping-pong's N = 1 to 1024, left
 * when the line's supports were taken out, had put N = 65536 3.1 us (14%)
 * below their line, with minima scattered by 12 ns). */
static double allowed_below(struct scatter w, const struct kept *k, double x, double v,
			    double base)
{
	double rel = w.rel * (v + base), at = rel > w.abs ? rel : w.abs;
	double allowed = 2 * LINEARITY_STEP_W * at;
	double end = x > k->hi ? k->hi : x < k->lo ? k->lo : x, span = k->hi - k->lo;
	if (end == x)
		return allowed;
	if (!(span > 0))
		return INFINITY;
	double v_end = k->o->intercept + k->o->slope * end, rel_end = w.rel * (v_end + base);
	double w_end = rel_end > w.abs ? rel_end : w.abs;
	return allowed + 2 * w_end * fabs(x - end) / span;
}

/* x, y: the minima relative to the first, of the N not gone; at: their
 * places in the set.  Returns how many. */
static size_t fill_kept(const struct point_set *s, const unsigned char *gone, double *x,
			double *y, size_t *at)
{
	size_t m = 0;
	for (size_t i = 0; i < s->count; i++)
		if (!gone[i]) {
			x[m] = (double)(s->p[i].n - s->p[0].n);
			y[m] = min_difference(s, i, 0);
			at[m++] = i;
		}
	return m;
}

/* An N the line rests on, below the line of the others (linearity.h).
 * x, y, work, at: room for every N, gone zeroed (no more memory: at a
 * million N the check runs beside the fit's); the N found is left marked
 * in gone. */
static int one_point(const struct point_set *s, double tick, struct linearity *out,
		     double *x, double *y, size_t *work, size_t *at, unsigned char *gone)
{
	size_t n = fill_kept(s, gone, x, y, at), sup[POINT_SUPPORTS_MAX], nsup = 0;
	struct lv_line l;
	if (hull_least_values_d(x, y, n, work, &l) != 0)
		return -1;
	for (size_t i = 0; i < n && nsup < POINT_SUPPORTS_MAX; i++)
		if (rests_on(y[i], l.intercept + l.slope * x[i]))
			sup[nsup++] = i;
	double worst = 1;
	size_t found = n;
	for (size_t k = 0; k < nsup; k++) {
		size_t j = sup[k];
		double xj = (double)(s->p[j].n - s->p[0].n), yj = min_difference(s, j, 0);
		gone[j] = 1;
		size_t m = fill_kept(s, gone, x, y, at);
		gone[j] = 0;
		struct lv_line o;
		if (hull_least_values_d(x, y, m, work, &o) != 0)
			return -1;
		struct kept kp = kept_of(x, m, &o);
		struct scatter w = scatter_above(x, y, m, &o, s->p[0].min, tick);
		double line = o.intercept + o.slope * xj, depth = line - yj;
		double allowed = allowed_below(w, &kp, xj, line, s->p[0].min);
		if (!isfinite(depth) || !(depth > allowed) || depth / allowed <= worst)
			continue;
		worst = depth / allowed, found = j;
		*out = (struct linearity){ .kind = LINEARITY_POINT, .point_n = s->p[j].n,
			.point_depth = depth, .point_line = line + s->p[0].min,
			.slope_without = o.slope, .points_below = 1 };
	}
	if (found < n)
		gone[found] = 1;
	return 0;
}

enum { FEW_ROUNDS = 3, FEW_MAX = 8, FEW_MIN_POINTS = 16 };

/* A few N below the line of the others, together (linearity.h): the N the
 * line rests on are taken out, FEW_ROUNDS times (FEW_MAX at most), and
 * each taken out is measured against the line of those left.  Those
 * found below it are left marked in gone, and no other. */
static int few_points(const struct point_set *s, double tick, struct linearity *out,
		      double *x, double *y, size_t *work, size_t *at, unsigned char *gone)
{
	size_t n = s->count, removed = 0;
	if (n < FEW_MIN_POINTS)
		return 0;
	int rc = 0;
	struct lv_line l;
	for (int round = 0; rc == 0 && round < FEW_ROUNDS; round++) {
		size_t m = fill_kept(s, gone, x, y, at);
		if (hull_least_values_d(x, y, m, work, &l) != 0) {
			rc = -1;
			break;
		}
		for (size_t i = 0; i < m && removed < FEW_MAX; i++)
			if (rests_on(y[i], l.intercept + l.slope * x[i]))
				gone[at[i]] = 1, removed++;
	}
	size_t m = rc == 0 ? fill_kept(s, gone, x, y, at) : 0;
	if (rc == 0 && hull_least_values_d(x, y, m, work, &l) != 0)
		rc = -1;
	if (rc == 0) {
		struct kept kp = kept_of(x, m, &l);
		struct scatter w = scatter_above(x, y, m, &l, s->p[0].min, tick);
		double worst = 0, line = 0;
		size_t deep = 0, j = 0;
		for (size_t i = 0; i < n; i++) {
			if (!gone[i])
				continue;
			double xi = (double)(s->p[i].n - s->p[0].n), v = l.intercept + l.slope * xi;
			double depth = v - min_difference(s, i, 0);
			if (!isfinite(depth) || !(depth > allowed_below(w, &kp, xi, v, s->p[0].min)))
				continue;
			deep++, gone[i] = 2;
			if (depth > worst)
				worst = depth, j = i, line = v;
		}
		if (deep >= 2)
			*out = (struct linearity){ .kind = LINEARITY_POINT, .point_n = s->p[j].n,
				.point_depth = worst, .point_line = line + s->p[0].min,
				.slope_without = l.slope, .points_below = deep };
	}
	for (size_t i = 0; i < n; i++)
		gone[i] = out->kind == LINEARITY_POINT && gone[i] == 2;
	return rc;
}

int linearity_point_matters(const struct linearity *L, const struct linearity_fit *fit)
{
	return L->kind == LINEARITY_POINT &&
	       (!(fit->lo <= L->slope_without && L->slope_without <= fit->hi) ||
		fabs(L->slope_without / fit->slope - 1) > 0.01);
}

/*
 * A bend (hinge.h): told where it is significant and matters, wider than
 * the bounds' half-width (then the bounds cannot hold the unit cost of
 * both sides) or 1% of the unit cost.  Where N below the line of the
 * others were found (and matter), the hinge is fitted without them: a
 * bend that is still there is the cost's, and told instead; one that
 * goes with them was theirs (two cheaper N at the end had read as a bend
 * of 20% there).  x, y, at, bucket: room for every N; gone: the N found
 * below.
 */
static int bend(const struct point_set *s, double tick, const struct linearity_fit *fit,
		struct linearity *out, double *x, double *y, size_t *at, size_t *bucket,
		unsigned char *gone)
{
	size_t n = s->count, m = n;
	int without = linearity_point_matters(out, fit);
	if (without)
		m = fill_kept(s, gone, x, y, at);
	else
		for (size_t i = 0; i < n; i++) {
			x[i] = (double)(s->p[i].n - s->p[0].n);
			y[i] = min_difference(s, i, 0);
		}
	double half = (fit->hi - fit->lo) / 2, pct = 0.01 * fabs(fit->slope);
	double matters = half >= 0 && half < pct ? half : pct;
	struct hinge_bend h;
	if (hinge_find(s, without ? at : NULL, m, tick, fit->slope, fit->lo, fit->hi, matters,
		       HINGE_ALPHA, x, y, bucket, &h) != 0)
		return -1;
	if (h.found)
		*out = (struct linearity){ .kind = LINEARITY_BEND,
			.a_from = s->p[0].n, .a_to = s->p[h.at].n,
			.b_from = s->p[h.at].n, .b_to = s->p[n - 1].n,
			.slope_a = h.slope_before, .slope_b = h.slope_after,
			.bend_log10_p = h.log10_p };
	if (h.told_up > 0) {
		out->told_at = s->p[h.mid].n;
		out->told_up = h.told_up, out->told_down = h.told_down;
	}
	return 0;
}

int linearity_check(const struct point_set *s, double tick, const struct linearity_fit *fit,
		    struct linearity *out)
{
	memset(out, 0, sizeof *out);
	size_t n = s->count, k = n / 4 < LINEARITY_SEGMENTS ? n / 4 : LINEARITY_SEGMENTS;
	if (k < 2)
		return 0;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), worst = 1;
	size_t *work = malloc((n + 1) * sizeof *work), *at = malloc(n * sizeof *at);
	unsigned char *gone = calloc(n, 1);
	int rc = x && y && work && at && gone ? 0 : -1;
	/* the halves too: a step in the middle falls between them, each
	 * level known from half the range */
	if (rc == 0 && k > 2)
		rc = one_cut(s, tick, fit, 2, 0, out, &worst, x, y, work);
	if (rc == 0)
		rc = one_cut(s, tick, fit, k, 0, out, &worst, x, y, work);
	if (rc == 0)
		rc = one_cut(s, tick, fit, k, n / k / 2, out, &worst, x, y, work);
	/* a step is told first: a hinge fitted to one is significant too */
	int stepped = out->kind != LINEAR;
	if (rc == 0 && !stepped)
		rc = one_point(s, tick, out, x, y, work, at, gone);
	if (rc == 0 && !stepped && out->kind == LINEAR)
		rc = few_points(s, tick, out, x, y, work, at, gone);
	if (rc == 0 && !stepped)
		rc = bend(s, tick, fit, out, x, y, at, work, gone);
	free(x), free(y), free(work), free(at), free(gone);
	return rc;
}
