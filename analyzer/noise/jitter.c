/*
 * jitter.c - each N's scale, the tail of z per bin, the thresholds
 * (jitter.h).
 */
#include "jitter.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "parallel.h"
#include "select.h"
#include "tunables.h"

static int alloc_points(struct jitter *j, size_t np)
{
	if (j->points == np && j->scale != NULL)
		return 0;
	jitter_free(j);
	j->scale = malloc(np * sizeof *j->scale);
	j->typical = malloc(np * sizeof *j->typical);
	j->bin_of = malloc(np);
	j->points = np;
	return j->scale && j->typical && j->bin_of ? 0 : -1;
}

/* The unexplained runs of the sample by point: idx[start[p]..start[p+1])
 * are point p's (counting sort). */
static int by_point(const struct run_sample *rs, size_t np, size_t **idx, size_t **start)
{
	size_t *st = calloc(np + 1, sizeof *st), *ix = malloc((rs->count ? rs->count : 1) * sizeof *ix);
	if (st == NULL || ix == NULL) {
		free(st), free(ix);
		return -1;
	}
	for (size_t i = 0; i < rs->count; i++)
		if (!(rs->r[i].flags & RUN_EXPLAINED))
			st[rs->r[i].point + 1]++;
	for (size_t p = 0; p < np; p++)
		st[p + 1] += st[p];
	size_t *fill = malloc((np + 1) * sizeof *fill);
	if (fill == NULL) {
		free(st), free(ix);
		return -1;
	}
	memcpy(fill, st, (np + 1) * sizeof *fill);
	for (size_t i = 0; i < rs->count; i++)
		if (!(rs->r[i].flags & RUN_EXPLAINED))
			ix[fill[rs->r[i].point]++] = i;
	free(fill);
	*idx = ix, *start = st;
	return 0;
}

/* r rounded up to the clock's quantum: an excess is known to a tick, and
 * counted in ticks (a speed state's runs, r = t - s F, lie between the
 * ticks of the others: on the lattice again); at least 0 (e >= 0: a run
 * below its speed's floor ran faster than the speed judged, near a
 * change of it). */
static double in_quanta(double r, double quantum)
{
	double q = quantum > 0 ? quantum * ceil(r / quantum - 1e-9) : r;
	return q > 0 ? q : 0;
}

/* A line a + b F through the N's medians, and what it was fitted to. */
struct median_line {
	double w;		/* the weight of the N with a median: their runs */
	double mean_f, mean_m;	/* the weighted means of F and the medians */
	double a, b;
};

/* The line by least squares through the medians med[p] of the N of
 * [from, to) that have one, each weighted by its runs: in two passes in
 * double, the sums about the weighted means (no difference of large sums
 * to round, and rounded alike on every machine, where one pass in long
 * double had put a scale an ulp apart on x86-64 and aarch64). */
static struct median_line median_line(const struct point_set *s, const size_t *start,
				      const double *med, size_t from, size_t to)
{
	struct median_line L = { 0 };
	for (size_t p = from; p < to; p++) {
		if (isnan(med[p]))
			continue;
		double w = (double)(start[p + 1] - start[p]);
		L.w += w, L.mean_f += w * s->p[p].min, L.mean_m += w * med[p];
	}
	if (!(L.w > 0))
		return L;
	L.mean_f /= L.w, L.mean_m /= L.w;
	double sff = 0, sfm = 0;
	for (size_t p = from; p < to; p++) {
		if (isnan(med[p]))
			continue;
		double w = (double)(start[p + 1] - start[p]), df = s->p[p].min - L.mean_f;
		sff += w * df * df, sfm += w * df * (med[p] - L.mean_m);
	}
	L.b = sff > 0 ? sfm / sff : 0;
	L.a = L.mean_m - L.b * L.mean_f;
	return L;
}

/* The slope of the line through 0 (a = 0) by least squares through the
 * medians of all N, weighted by their runs. */
static double slope_through_0(const struct point_set *s, const size_t *start, const double *med)
{
	double sff = 0, sfm = 0;
	for (size_t p = 0; p < s->count; p++) {
		if (isnan(med[p]))
			continue;
		double w = (double)(start[p + 1] - start[p]), f = s->p[p].min;
		sff += w * f * f, sfm += w * f * med[p];
	}
	return sff > 0 ? sfm / sff : 0;
}

/* The medians of r of the points with JITTER_POINT_RUNS runs or more
 * (NAN for the others), and the line a + b F through them (weighted by
 * their runs, a and b at least 0): the scale of the others, and the
 * report's additive and proportional parts. */
static void point_medians(const struct run_sample *rs, const struct point_set *s,
			  const size_t *idx, const size_t *start, double *med, double *buf,
			  struct jitter *j)
{
	for (size_t p = 0; p < s->count; p++) {
		size_t k = start[p + 1] - start[p];
		med[p] = NAN;
		if (k < JITTER_POINT_RUNS)
			continue;
		for (size_t q = 0; q < k; q++)
			buf[q] = rs->r[idx[start[p] + q]].r;
		med[p] = select_kth(buf, k, k / 2);
	}
	struct median_line L = median_line(s, start, med, 0, s->count);
	double a = 0, b = 0;
	if (L.w > 0) {
		a = L.a, b = L.b;
		if (b < 0)
			b = 0, a = L.mean_m;
		if (a < 0)
			a = 0, b = slope_through_0(s, start, med);
	}
	j->additive = a;
	j->proportional = b;
}

/* Whether the runs' excess rises from their floor (jitter.h): from each
 * N's median med[p] (of its runs no source explains). */
static void rise_of(const struct run_sample *rs, const struct point_set *s, const size_t *idx,
		    const size_t *start, const double *med, double quantum, struct jitter *j)
{
	double near = 0, all = 0, want = 0;
	for (size_t p = 0; p < s->count; p++) {
		if (isnan(med[p]) || start[p + 1] == start[p])
			continue;
		/* from the least of the N's runs (its floor at the speeds
		 * they ran at) */
		double least = INFINITY;
		for (size_t q = start[p]; q < start[p + 1]; q++)
			least = fmin(least, rs->r[idx[q]].r);
		double m = med[p] - least;
		if (!(m >= JITTER_RISE_QUANTA * quantum))
			continue;
		double a = -1;	/* the least run itself */
		for (size_t q = start[p]; q < start[p + 1]; q++)
			a += rs->r[idx[q]].r - least <= m / 8;
		near += a > 0 ? a : 0;
		/* a flat density's share, less the quantum the reading may
		 * take from the eighth */
		double k = (double)(start[p + 1] - start[p]) - 1;
		all += k;
		want += k / 16 * (1 - 8 * quantum / m);
	}
	j->rise_near = near;
	j->rise_runs = all;
	j->rise_p = all > 0 ? gsl_cdf_binomial_P((unsigned)near, want / all, (unsigned)all) : 1;
	j->rises = j->rise_p < MODEL_CLAIM_P;
}

/* Bins of neighbouring points, JITTER_BIN_RUNS runs each at least (or
 * all of them in one), JITTER_BINS_MAX at most; and a bin ends where the
 * next point's scale is more than JITTER_BIN_SPAN times its first's,
 * where it holds JITTER_BIN_RUNS_MIN runs (an interruption's fixed cost
 * lies at cost / scale in z: within that factor in one bin, a bump of its
 * own, not smeared into the jitter's tail where the jitter grows with
 * the run). */
static void make_bins(const size_t *start, size_t np, struct jitter *j)
{
	size_t total = start[np], want = total / JITTER_BINS_MAX;
	want = want > JITTER_BIN_RUNS ? want : JITTER_BIN_RUNS;
	j->bins = 0;
	size_t from = 0;
	for (size_t p = 0; p < np; p++) {
		size_t in = start[p + 1] - start[from], left = total - start[p + 1];
		int last = p + 1 == np;
		int wide = !last && j->scale[p + 1] > JITTER_BIN_SPAN * j->scale[from] &&
			   in >= JITTER_BIN_RUNS_MIN && left >= JITTER_BIN_RUNS_MIN;
		int full = in >= want && left >= want / 2;
		/* a bin ends where it holds enough and leaves enough for
		 * another, or spans too wide a scale; the last one takes the
		 * rest */
		if (!last && (!(full || wide) || j->bins + 1 == JITTER_BINS_MAX))
			continue;
		j->bin[j->bins++] = (struct jitter_bin){ .from = from, .to = p + 1 };
		for (size_t q = from; q <= p; q++)
			j->bin_of[q] = (unsigned char)(j->bins - 1);
		from = p + 1;
	}
}

/* Within a bin, each N's scale from the line through its N's medians
 * (weighted by their runs; the N without one keep the whole line's): a
 * median of a few ticks lies on the lattice itself, N of one jitter get
 * medians a tick apart, and their z would lie on lattices of different
 * steps, which the tail's cells cannot tell from a density; the line
 * changes smoothly along the bin, its steps with it. */
static void bin_line(const struct point_set *s, const size_t *start, const double *med,
		     const struct jitter_bin *B, struct jitter *j)
{
	struct median_line L = median_line(s, start, med, B->from, B->to);
	if (!(L.w > 0))
		return;
	for (size_t p = B->from; p < B->to; p++) {
		if (isnan(med[p]))
			continue;
		double m = L.a + L.b * s->p[p].min;
		j->scale[p] = m > j->quantum ? m : j->quantum;
	}
}

/*
 * Where the runs above a z are, as a group, interruptions, though each
 * lies within the reach of the fitted tail (a heavy one, under load,
 * puts T at milliseconds, over clusters of 23 and 35 us stops): the
 * lowest z[k] (buf sorted, n values) above which the m runs at or beyond
 * it are more than the tail's expectation E of them lets chance give (a
 * Poisson tail at MODEL_CLAIM_P over the bins and the places tried) and
 * E is at most JITTER_FDR of m (Benjamini and Hochberg's false discovery
 * rate: of the runs so claimed, that share at most the jitter's).  E at
 * the upper bound of the shape, from a lattice level below.  INFINITY
 * where none is.  The z returned lies two quanta below it: a run rounded
 * up to z[k] is claimed above it (T = scale z + quantum, r > T).
 */
static double z_claimed_together(const double *buf, size_t n, double step,
				 const struct tail_fit *f, const struct jitter *j)
{
	double best = INFINITY;
	size_t most = n / 2;	/* a claim of more is the body's */
	double trials = (double)(j->bins ? j->bins : 1) * (double)(most ? most : 1);
	for (size_t m = 1; m <= most; m++) {
		double x = buf[n - m];
		size_t at = n - m;	/* every value at x is among them */
		while (at > 0 && buf[at - 1] >= x)
			at--;
		size_t k = n - at;
		double e = (double)n * tail_survival(f, x - step, 1);
		if (e <= JITTER_FDR * (double)k &&
		    gsl_cdf_poisson_Q((unsigned)k - 1, e) < MODEL_CLAIM_P / trials)
			best = x - 2 * step;
		m = k;	/* the next distinct value down */
	}
	return best;
}

/* Bin b's tail of z, and its thresholds: the claim's shape bound
 * xi_hi_min at least. */
static int fit_bin(const struct run_sample *rs, const size_t *idx, const size_t *start,
		   double *buf, size_t b, double xi_hi_min, struct jitter *j)
{
	struct jitter_bin *B = &j->bin[b];
	size_t k = 0;
	for (size_t p = B->from; p < B->to; p++)
		for (size_t q = start[p]; q < start[p + 1]; q++)
			buf[k++] = in_quanta(rs->r[idx[q]].r, j->quantum) / j->scale[p];
	B->runs = k;
	/* the lattice's step in z: each point's own, and the tail's cells
	 * the bin's middle point's wide */
	double step = j->quantum / j->scale[B->from + (B->to - B->from) / 2];
	/* the body's exponential first (the look), then the full fit (the
	 * claim); a tail fit sorts buf, the second reads it so.  Where no
	 * tail is fitted (every run alike above the median, or no falling
	 * density: the bin's jitter is not modelled), the look's
	 * exponential stands for it, and without that, above the largest:
	 * none of its runs is called interrupted */
	if (tail_fit(buf, k, TAIL_TOP, 0, step, 0, &B->tail) != 0)
		return -1;
	double top = (k > 0 ? buf[k - 1] : 0) + step;
	B->z_look = B->tail.ok ? tail_quantile(&B->tail, j->p_false, 0) : top;
	if (tail_fit(buf, k, TAIL_TOP, j->p_false, step, xi_hi_min, &B->tail) != 0)
		return -1;
	B->z_threshold = B->tail.ok ? tail_quantile(&B->tail, j->p_false, 1) : B->z_look;
	B->z_look = fmin(B->z_look, B->z_threshold);
	/* runs claimed together lie above the look too: below it lie the
	 * body's own (the events sources are sought among stay those) */
	if (B->tail.ok)
		B->z_threshold = fmin(B->z_threshold,
				      fmax(B->z_look, z_claimed_together(buf, k, step, &B->tail, j)));
	return 0;
}

/*
 * Each bin's tail of z, and its thresholds.  The tail's shape is the
 * jitter's, alike in every bin (z is the run's excess over its N's
 * scale); a bin's own upper bound misses it with chance 5%
 * (TAIL_PROFILE_DROP), so among 30 bins one or two would claim a light
 * tail that is not, and their extrapolated thresholds call the heavy
 * tail's runs interrupted.  The median of the bins' bounds misses it
 * only where half of them do: each bin's claim takes that shape at
 * least (a bin may show a heavier tail than the others, never a lighter
 * one).  A bin whose tail is fitted above a flat body (lifted: tail.h)
 * fits fewer values, far from the median, and its bound is its own: it
 * takes the others' shape at least, and gives none.
 */
/* The bins' fits, shared among the cores (parallel.h): each bin's runs
 * are its points', contiguous in idx, so each takes buf's stretch of
 * them as its scratch, and writes only its own bin; the same results as
 * one core's. */
struct bin_fits {
	const struct run_sample *rs;
	const size_t *idx, *start;
	double *buf, xi_hi_min;
	struct jitter *j;
	const size_t *which;	/* the bins fitted */
	int rc[JITTER_BINS_MAX];
};

static void fit_one(void *ctx, unsigned worker, size_t i)
{
	(void)worker;
	struct bin_fits *f = ctx;
	size_t b = f->which[i];
	f->rc[i] = fit_bin(f->rs, f->idx, f->start, f->buf + f->start[f->j->bin[b].from], b,
			   f->xi_hi_min, f->j);
}

/* Bins which[0..n) fitted with the shape bound xi_hi_min: 0, or -1. */
static int fit_some(struct bin_fits *f, const size_t *which, size_t n, double xi_hi_min)
{
	f->which = which, f->xi_hi_min = xi_hi_min;
	parallel_for(n, parallel_workers(), fit_one, f);
	for (size_t i = 0; i < n; i++)
		if (f->rc[i] != 0)
			return -1;
	return 0;
}

static int fit_bins(const struct run_sample *rs, const size_t *idx, const size_t *start,
		    double *buf, struct jitter *j)
{
	double hi[JITTER_BINS_MAX];
	size_t which[JITTER_BINS_MAX], m = 0, n = 0;
	struct bin_fits f = { .rs = rs, .idx = idx, .start = start, .buf = buf, .j = j };
	for (size_t b = 0; b < j->bins; b++)
		which[b] = b;
	if (fit_some(&f, which, j->bins, 0) != 0)
		return -1;
	for (size_t b = 0; b < j->bins; b++)
		if (j->bin[b].tail.ok && !j->bin[b].tail.shape_free && !j->bin[b].tail.lifted)
			hi[m++] = j->bin[b].tail.xi_hi;
	if (m < 3)
		return 0;
	double median = select_kth(hi, m, m / 2);
	for (size_t b = 0; b < j->bins; b++)
		if (j->bin[b].tail.ok && j->bin[b].tail.xi_hi < median)
			which[n++] = b;
	return fit_some(&f, which, n, median);
}

int jitter_fit(const struct run_sample *rs, const struct point_set *s, double quantum,
	       struct jitter *out)
{
	size_t np = s->count;
	out->judged = 0;
	out->fitted = out->imposing = 0;
	out->rises = 0;
	out->rise_near = out->rise_runs = 0;
	out->rise_p = 1;
	out->bins = 0;
	out->quantum = quantum;
	out->p_false = rs->total > 0 ? MODEL_FALSE_ALARMS / (double)rs->total : 0;
	if (np == 0 || alloc_points(out, np) != 0)
		return np == 0 ? 0 : -1;
	for (size_t p = 0; p < np; p++)
		out->scale[p] = out->typical[p] = quantum, out->bin_of[p] = 0;
	size_t *idx, *start;
	if (by_point(rs, np, &idx, &start) != 0)
		return -1;
	int rc = 0;
	if (start[np] >= JITTER_RUNS_MIN) {
		double *med = malloc(np * sizeof *med), *buf = malloc(start[np] * sizeof *buf);
		rc = med && buf ? 0 : -1;
		if (rc == 0) {
			point_medians(rs, s, idx, start, med, buf, out);
			rise_of(rs, s, idx, start, med, quantum, out);
			for (size_t p = 0; p < np; p++) {
				double m = isnan(med[p]) ? out->additive + out->proportional * s->p[p].min
							 : med[p];
				out->scale[p] = m > quantum ? m : quantum;
			}
			make_bins(start, np, out);
			for (size_t b = 0; b < out->bins; b++)
				bin_line(s, start, med, &out->bin[b], out);
			/* an event's cost is taken above its N's own median
			 * where that lies below the bin's line (the line
			 * through N whose runs mostly hold a source is raised by
			 * it, and would take its cost for jitter) */
			for (size_t p = 0; p < np; p++)
				out->typical[p] = isnan(med[p]) ? out->scale[p]
						  : fmin(out->scale[p], fmax(med[p], 0));
			rc = fit_bins(rs, idx, start, buf, out);
			out->judged = out->fitted = rc == 0;
		}
		free(med), free(buf);
	}
	free(idx), free(start);
	return rc;
}

void jitter_impose(struct jitter *j, double x)
{
	j->imposing = 1;
	j->imposed = x;
}

void jitter_free(struct jitter *j)
{
	free(j->scale), free(j->typical), free(j->bin_of);
	j->scale = j->typical = NULL;
	j->bin_of = NULL;
	j->points = 0;
}
