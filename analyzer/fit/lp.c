/*
 * lp.c - GLPK, terminal output off, every status checked.
 */
#include "lp.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <glpk.h>

/*
 * The LP is posed in numbers a double holds exactly: x_i = N_i - c with c
 * an integer near mean(N) (N is centred), y_i = m_i - y0 with y0 the
 * smallest minimum (t is shifted).  GLPK's simplex then finds a basis with
 * its automatic scaling, and glp_exact, starting from that basis, makes it
 * exactly optimal in rational arithmetic: the simplex alone accepts
 * constraints violated by up to 1e-7 of their scale, enough to pick the
 * wrong pair of active minima (tests/unit/test_fit.c has such cases).
 */
struct scale {
	long double c, y0;
};

static struct scale scale_of(const struct point_set *s)
{
	struct scale k = { 0, s->p[0].min };
	for (size_t i = 0; i < s->count; i++) {
		k.c += s->p[i].n;
		k.y0 = s->p[i].min < k.y0 ? s->p[i].min : k.y0;
	}
	k.c = roundl(k.c / (long double)s->count);
	return k;
}

/*
 * Only some points' constraints can be active: for the least-values line,
 * the vertices of the lower convex hull of the minima (a line under every
 * vertex is under the hull, which is under every minimum); for the band,
 * the lower hull of the upper bounds and the upper hull of the lower ones.
 * The LP is posed on those rows alone: a million distinct N make a
 * two-column LP of tens of rows, not a million (GLPK took 2 GB and 30 s).
 * The least-values line is then checked against every minimum, so a hull
 * that missed a vertex could not go unnoticed (lp_least_values).
 */
struct rows {
	size_t *point;	/* row r (from 0) is point point[r] */
	size_t count, cap;
};

/* Room for one more row.  Returns 0, or -1 when out of memory. */
static int rows_room(struct rows *r)
{
	if (r->count < r->cap)
		return 0;
	size_t cap = r->cap ? 2 * r->cap : 64;
	size_t *p = realloc(r->point, cap * sizeof *p);
	if (p == NULL)
		return -1;
	r->point = p;
	r->cap = cap;
	return 0;
}

/* y_i: the minimum where y is NULL. */
static double y_at(const struct point_set *s, const double *y, size_t i)
{
	return y != NULL ? y[i] : s->p[i].min;
}

/* Hull of (N_i, y_i) over the points with finite y_i, monotone chain in
 * long double; upper: the upper hull.  Appends to rows, which grow with
 * the hull's vertices.  Returns 0, or -1 when out of memory. */
static int hull_rows(const struct point_set *s, const double *y, int upper,
		     struct rows *out)
{
	size_t first = out->count, k = first;
	long double x0 = (long double)s->p[0].n;
	for (size_t i = 0; i < s->count; i++) {
		if (!isfinite(y_at(s, y, i)))
			continue;
		long double xc = (long double)s->p[i].n - x0, yc = y_at(s, y, i);
		while (k >= first + 2) {
			size_t a = out->point[k - 2], b = out->point[k - 1];
			long double xa = (long double)s->p[a].n - x0, ya = y_at(s, y, a);
			long double xb = (long double)s->p[b].n - x0, yb = y_at(s, y, b);
			long double cross = (xb - xa) * (yc - ya) - (yb - ya) * (xc - xa);
			if (upper ? cross < 0 : cross > 0)
				break;
			k--;
		}
		out->count = k;
		if (rows_room(out) != 0)
			return -1;
		out->point[k++] = i;
	}
	out->count = k;
	return 0;
}

/* Every point a row.  Returns 0, or -1 when out of memory. */
static int rows_all(const struct point_set *s, struct rows *r)
{
	r->count = 0;
	for (size_t i = 0; i < s->count; i++) {
		if (rows_room(r) != 0)
			return -1;
		r->point[r->count++] = i;
	}
	return 0;
}

/* Two free columns (a, b), one row a + x_i b per row's point. */
static glp_prob *build(const struct point_set *s, const struct scale *k,
		       const struct rows *rows)
{
	size_t n = rows->count;
	int *ia = malloc((2 * n + 1) * sizeof *ia);
	int *ja = malloc((2 * n + 1) * sizeof *ja);
	double *ar = malloc((2 * n + 1) * sizeof *ar);
	glp_prob *lp = NULL;
	if (ia && ja && ar && n < 100000000) {
		lp = glp_create_prob();
		glp_add_cols(lp, 2);
		glp_set_col_bnds(lp, 1, GLP_FR, 0, 0);
		glp_set_col_bnds(lp, 2, GLP_FR, 0, 0);
		glp_add_rows(lp, (int)n);
		for (size_t i = 0; i < n; i++) {
			int r = (int)i + 1;
			ia[2 * i + 1] = r, ja[2 * i + 1] = 1, ar[2 * i + 1] = 1;
			ia[2 * i + 2] = r, ja[2 * i + 2] = 2;
			ar[2 * i + 2] = (double)((long double)s->p[rows->point[i]].n - k->c);
		}
		glp_load_matrix(lp, (int)(2 * n), ia, ja, ar);
	}
	free(ia), free(ja), free(ar);
	return lp;
}

/*
 * Every simplex call is bounded: an iteration limit far above what a
 * two-column LP needs (each iteration changes the basis by one of n rows)
 * and a time limit.  GLPK's dual simplex can cycle on badly scaled minima
 * (decimal seconds from 1e-15 to 1e9 made it run forever): then the primal
 * simplex from a fresh basis gets one more try.
 */
#define LP_TIME_LIMIT_MS 10000

static int iteration_limit(glp_prob *lp)
{
	long n = glp_get_num_rows(lp);
	return n < 10000000 ? (int)(1000 + 50 * n) : INT_MAX;
}

static const char *why(int glp_rc)
{
	switch (glp_rc) {
	case GLP_EITLIM: return "it reached its iteration limit (the minima are too badly scaled for it)";
	case GLP_ETMLIM: return "it reached its time limit (10 s)";
	case GLP_ESING: case GLP_ECOND: return "its basis became singular or ill-conditioned";
	default: return "it failed";
	}
}

static int run_simplex(glp_prob *lp, int meth)
{
	glp_smcp parm;
	glp_init_smcp(&parm);
	parm.msg_lev = GLP_MSG_OFF;
	parm.meth = meth;
	parm.it_lim = iteration_limit(lp);
	parm.tm_lim = LP_TIME_LIMIT_MS;
	glp_std_basis(lp);
	return glp_simplex(lp, &parm);
}

/* 0 optimal, 1 infeasible, -1 failure (*reason says why). */
static int solve(glp_prob *lp, const char **reason)
{
	glp_scale_prob(lp, GLP_SF_AUTO);
	int rc = run_simplex(lp, GLP_DUALP);
	if (rc != 0)
		rc = run_simplex(lp, GLP_PRIMAL);
	*reason = why(rc);
	if (rc != 0)
		return -1;
	if (glp_get_status(lp) == GLP_NOFEAS)
		return 1;
	*reason = "its solution was not optimal";
	if (glp_get_status(lp) != GLP_OPT)
		return -1;
	glp_smcp parm;
	glp_init_smcp(&parm);
	parm.msg_lev = GLP_MSG_OFF;
	parm.it_lim = iteration_limit(lp);
	parm.tm_lim = LP_TIME_LIMIT_MS;
	rc = glp_exact(lp, &parm);
	*reason = rc != 0 ? why(rc) : "its exact solution was not optimal";
	if (rc != 0)
		return -1;
	int st = glp_get_status(lp);
	return st == GLP_OPT ? 0 : st == GLP_NOFEAS ? 1 : -1;
}

static double y_of(const struct point_set *s, size_t i, const struct scale *k)
{
	return (double)((long double)s->p[i].min - k->y0);
}

/* The exact line through points i < j of the set. */
static void line_through(const struct point_set *s, size_t i, size_t j,
			 struct lv_line *l)
{
	long double yi = s->all_int ? (long double)point_min_int(&s->p[i]) : s->p[i].min;
	long double yj = s->all_int ? (long double)point_min_int(&s->p[j]) : s->p[j].min;
	long double slope = (yj - yi) / ((long double)s->p[j].n - (long double)s->p[i].n);
	l->slope = l->slope_lo = l->slope_hi = (double)slope;
	l->intercept = (double)(yi - slope * (long double)s->p[i].n);
	l->anchor_n = s->p[i].n;
	l->anchor_y = yi;
	l->unique = 1;
	l->left = i;
	l->right = j;
}

static void read_solution(glp_prob *lp, const struct point_set *s,
			  const struct rows *rows, struct lp_result *out)
{
	long double slope = glp_get_col_prim(lp, 2);
	size_t first = s->count, last = 0;
	out->active = 0;
	for (size_t r = 0; r < rows->count; r++)
		if (glp_get_row_stat(lp, (int)r + 1) == GLP_NU) {
			size_t i = rows->point[r];
			out->active++;
			first = i < first ? i : first;
			last = i > last ? i : last;
		}
	/* mean(N) at an active point (exact: N * count == sum of N) is a
	 * hull vertex, whatever the basis says: the slope is a range. */
	uint128 sum = points_sum_n(s), cnt = s->count;
	for (size_t r = 0; r < rows->count; r++) {
		size_t i = rows->point[r];
		if (glp_get_row_stat(lp, (int)r + 1) == GLP_NU &&
		    (uint128)s->p[i].n * cnt == sum) {
			first = i;
			out->active = 1;
		}
	}
	if (out->active >= 2 && first < last) {
		line_through(s, first, last, &out->line);
		return;
	}
	/* One active point: mean(N) is a vertex; the LP's slope is one of the
	 * optimal ones.  The line passes through the vertex. */
	size_t v = out->active ? first : 0;
	long double yv = s->all_int ? (long double)point_min_int(&s->p[v]) : s->p[v].min;
	out->line.slope = out->line.slope_lo = out->line.slope_hi = (double)slope;
	out->line.intercept = (double)(yv - slope * (long double)s->p[v].n);
	out->line.anchor_n = s->p[v].n;
	out->line.anchor_y = yv;
	out->line.unique = 0;
	out->line.left = out->line.right = v;
}

/* The line lies under every minimum (to rounding): the LP on the hull's
 * rows was the LP on all of them. */
static int under_every_minimum(const struct point_set *s, const struct lv_line *l)
{
	for (size_t i = 0; i < s->count; i++) {
		double m = s->p[i].min, v = lv_value(l, s->p[i].n);
		if (v - m > 1e-9 * (fabs(m) + fabs(v)) + 1e-300)
			return 0;
	}
	return 1;
}

static int optimize(glp_prob *lp, double ca, double cb, int dir, double *v,
		    const char **reason);

/*
 * mean(N) is a vertex: every line through it between the slopes of its two
 * hull edges is optimal, and the simplex returned one of them.  Pinned to
 * pass through the vertex, the least and the greatest slope under every
 * minimum are the range (what the hull reports); the midpoint is the line.
 */
static int vertex_range(glp_prob *lp, const struct point_set *s,
			const struct rows *rows, const struct scale *k,
			struct lp_result *out, char *err, size_t err_len)
{
	size_t v = out->line.left;
	for (size_t r = 0; r < rows->count; r++)
		if (rows->point[r] == v) {
			double y = y_of(s, v, k);
			glp_set_row_bnds(lp, (int)r + 1, GLP_FX, y, y);
		}
	double lo, hi;
	const char *reason;
	if (optimize(lp, 0, 1, GLP_MIN, &lo, &reason) != 0 ||
	    optimize(lp, 0, 1, GLP_MAX, &hi, &reason) != 0) {
		snprintf(err, err_len, "GLPK's simplex found no slope range at the vertex N = %llu: %s",
			 (unsigned long long)s->p[v].n, reason);
		return -1;
	}
	struct lv_line *l = &out->line;
	l->slope_lo = lo;
	l->slope_hi = hi;
	l->slope = lo + (hi - lo) / 2;
	l->unique = lo == hi;
	l->intercept = (double)(l->anchor_y - (long double)l->slope * (long double)l->anchor_n);
	return 0;
}

static int solve_least_values(const struct point_set *s, const struct rows *rows,
			      struct lp_result *out, char *err, size_t err_len)
{
	struct scale k = scale_of(s);
	glp_prob *lp = build(s, &k, rows);
	if (lp == NULL) {
		snprintf(err, err_len, "out of memory building the LP");
		return -1;
	}
	/* maximize count * (a + b mean(x)) = count a + sum(x) b over all
	 * points (not only the rows): exact */
	long double sum_x = 0;
	for (size_t i = 0; i < s->count; i++)
		sum_x += (long double)s->p[i].n - k.c;
	for (size_t r = 0; r < rows->count; r++)
		glp_set_row_bnds(lp, (int)r + 1, GLP_UP, 0, y_of(s, rows->point[r], &k));
	glp_set_obj_dir(lp, GLP_MAX);
	glp_set_obj_coef(lp, 1, (double)s->count);
	glp_set_obj_coef(lp, 2, (double)sum_x);
	const char *reason;
	int rc = solve(lp, &reason);
	if (rc != 0)
		snprintf(err, err_len, "GLPK's simplex found no least-values line: %s",
			 rc > 0 ? "the constraints are infeasible" : reason);
	else
		read_solution(lp, s, rows, out);
	if (rc == 0 && !out->line.unique)
		rc = vertex_range(lp, s, rows, &k, out, err, err_len);
	glp_delete_prob(lp);
	return rc == 0 ? 0 : -1;
}

int lp_least_values(const struct point_set *s, struct lp_result *out,
		    char *err, size_t err_len)
{
	struct rows rows = { 0 };
	int rc = -1;
	if (hull_rows(s, NULL, 0, &rows) != 0) {
		snprintf(err, err_len, "out of memory building the LP");
	} else {
		rc = solve_least_values(s, &rows, out, err, err_len);
		out->rows = rows.count;
	}
	if (rc == 0 && rows.count < s->count && !under_every_minimum(s, &out->line)) {
		/* cannot happen; if it does, all rows */
		if (rows_all(s, &rows) != 0) {
			snprintf(err, err_len, "out of memory building the LP");
			rc = -1;
		} else {
			rc = solve_least_values(s, &rows, out, err, err_len);
			out->rows = rows.count;
		}
	}
	free(rows.point);
	return rc;
}

/* Optimize the column combination (ca, cb) in direction dir; the value
 * in *v. */
static int optimize(glp_prob *lp, double ca, double cb, int dir, double *v,
		    const char **reason)
{
	glp_set_obj_dir(lp, dir);
	glp_set_obj_coef(lp, 1, ca);
	glp_set_obj_coef(lp, 2, cb);
	int rc = solve(lp, reason);
	if (rc == 0)
		*v = glp_get_obj_val(lp);
	return rc;
}

int lp_band(const struct point_set *s, const double *lower,
	    const double *upper, double slope[2], double intercept[2],
	    const char **reason)
{
	struct scale k = scale_of(s);
	k.y0 = 0;	/* the bounds come as offsets already (interval.c) */
	struct rows rows = { 0 };
	*reason = "out of memory";
	/* Row r bounds point rows.point[r] from above (the lower hull of the
	 * upper bounds) or from below (the upper hull of the lower ones). */
	if (hull_rows(s, upper, 0, &rows) != 0) {
		free(rows.point);
		return -1;
	}
	size_t n_upper = rows.count;
	if (hull_rows(s, lower, 1, &rows) != 0) {
		free(rows.point);
		return -1;
	}
	glp_prob *lp = build(s, &k, &rows);
	if (lp == NULL) {
		free(rows.point);
		return -1;
	}
	for (size_t r = 0; r < rows.count; r++) {
		size_t i = rows.point[r];
		if (r < n_upper)
			glp_set_row_bnds(lp, (int)r + 1, GLP_UP, 0,
					 (double)((long double)upper[i] - k.y0));
		else
			glp_set_row_bnds(lp, (int)r + 1, GLP_LO,
					 (double)((long double)lower[i] - k.y0), 0);
	}
	free(rows.point);
	/* slope = b; intercept at N = 0: y0 + a - b c */
	double v[4], cs = (double)k.c;
	int rc = optimize(lp, 0, 1, GLP_MIN, &v[0], reason);
	if (rc == 0)
		rc = optimize(lp, 0, 1, GLP_MAX, &v[1], reason);
	if (rc == 0)
		rc = optimize(lp, 1, -cs, GLP_MIN, &v[2], reason);
	if (rc == 0)
		rc = optimize(lp, 1, -cs, GLP_MAX, &v[3], reason);
	glp_delete_prob(lp);
	if (rc != 0)
		return rc;
	slope[0] = v[0];
	slope[1] = v[1];
	intercept[0] = (double)(k.y0 + (long double)v[2]);
	intercept[1] = (double)(k.y0 + (long double)v[3]);
	return 0;
}
