/*
 * plan.c - N lists from options, the order of a sweep, the automatic plan:
 * collect's and libsubtick's (subtick_next) alike.
 */
#include "plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Sort and drop repeated values. */
static void sort_unique(struct plan *p)
{
	size_t m = 0;
	if (p->count > 1)
		qsort(p->n, p->count, sizeof p->n[0], compare_u64);
	for (size_t i = 0; i < p->count; i++)
		if (m == 0 || p->n[i] != p->n[m - 1])
			p->n[m++] = p->n[i];
	p->count = m;
}

/* The first value given twice in the ascending n[0..count), or -1. */
static long repeated_at(const uint64_t *n, size_t count)
{
	for (size_t i = 1; i < count; i++)
		if (n[i] == n[i - 1])
			return (long)i;
	return -1;
}

int plan_from_list(const char *list, struct plan *p, char *err,
		   size_t err_len)
{
	size_t cap = 1;
	for (const char *c = list; *c; c++)
		cap += *c == ',';
	*p = (struct plan){ calloc(cap, sizeof(uint64_t)), 0 };
	if (p->n == NULL) {
		snprintf(err, err_len, "out of memory");
		return -1;
	}
	/* Each comma-separated item, empty ones included ("1,,2", "1,"). */
	for (const char *tok = list;; tok++) {
		size_t len = strcspn(tok, ",");
		char item[64];
		if (len == 0 || len >= sizeof item) {
			if (len == 0)
				snprintf(err, err_len, "--n '%s': an empty item (two commas, or one at an end)",
					 list);
			else
				snprintf(err, err_len, "--n: '%.20s...' is too long",
					 tok);
			plan_free(p);
			return -1;
		}
		memcpy(item, tok, len);
		item[len] = '\0';
		if (parse_u64(item, &p->n[p->count]) != 0) {
			snprintf(err, err_len,
				 "--n: '%s' is not a non-negative integer", item);
			plan_free(p);
			return -1;
		}
		p->count++;
		tok += len;
		if (*tok == '\0')
			break;
	}
	qsort(p->n, p->count, sizeof p->n[0], compare_u64);
	long r = repeated_at(p->n, p->count);
	if (r >= 0) {
		snprintf(err, err_len,
			 "--n: N = %llu is given more than once (each N is timed in every sweep; use --runs for more runs)",
			 (unsigned long long)p->n[r]);
		plan_free(p);
		return -1;
	}
	return 0;
}

/* Split "FROM:TO[:COUNT]". */
static int parse_range(const char *range, uint64_t *from, uint64_t *to,
		       uint64_t *count)
{
	char buf[256];
	if (snprintf(buf, sizeof buf, "%s", range) >= (int)sizeof buf)
		return -1;
	char *c1 = strchr(buf, ':');
	if (c1 == NULL)
		return -1;
	*c1++ = '\0';
	char *c2 = strchr(c1, ':');
	if (c2 != NULL)
		*c2++ = '\0';
	*count = PLAN_RANGE_POINTS;
	return parse_u64(buf, from) != 0 || parse_u64(c1, to) != 0 ||
			       (c2 != NULL && parse_u64(c2, count) != 0)
		       ? -1
		       : 0;
}

int plan_from_range(const char *range, int geometric, struct plan *p,
		    char *err, size_t err_len)
{
	uint64_t from, to, count;
	*p = (struct plan){ NULL, 0 };
	if (parse_range(range, &from, &to, &count) != 0) {
		snprintf(err, err_len,
			 "--range '%s': expected FROM:TO[:COUNT] with non-negative integers",
			 range);
		return -1;
	}
	if (from >= to) {
		snprintf(err, err_len, "--range '%s': FROM must be below TO",
			 range);
		return -1;
	}
	if (count < 2 || count > PLAN_POINTS_MAX) {
		snprintf(err, err_len, "--range '%s': COUNT must be 2..%d",
			 range, PLAN_POINTS_MAX);
		return -1;
	}
	if (geometric && from == 0) {
		snprintf(err, err_len,
			 "--range '%s': --geometric needs FROM > 0", range);
		return -1;
	}
	p->n = calloc(count, sizeof(uint64_t));
	if (p->n == NULL) {
		snprintf(err, err_len, "out of memory");
		return -1;
	}
	double a = (double)from, b = (double)to;
	for (uint64_t i = 0; i < count; i++) {
		double f = (double)i / (double)(count - 1);
		double v = geometric ? a * pow(b / a, f) : a + (b - a) * f;
		uint64_t r = i == 0 ? from : i == count - 1 ? to : plan_round_n(v);
		p->n[p->count++] = r < from ? from : r > to ? to : r;
	}
	sort_unique(p);
	return 0;
}

uint64_t plan_round_n(double x)
{
	double r = round(x);
	return !(r > 0) ? 0 : r >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)r;
}

int plan_linear(uint64_t n_max, size_t count, struct plan *p)
{
	*p = (struct plan){ calloc(count, sizeof(uint64_t)), 0 };
	if (p->n == NULL)
		return -1;
	for (size_t k = 1; k <= count; k++)
		p->n[p->count++] = plan_round_n((double)n_max * (double)k / (double)count);
	sort_unique(p);
	return 0;
}

int plan_between(uint64_t n_lo, uint64_t n_max, size_t count, struct plan *p)
{
	*p = (struct plan){ calloc(count, sizeof(uint64_t)), 0 };
	if (p->n == NULL)
		return -1;
	for (size_t k = 0; k < count; k++)
		p->n[p->count++] = plan_round_n((double)n_lo + ((double)n_max - (double)n_lo) *
						(double)k / (double)(count > 1 ? count - 1 : 1));
	sort_unique(p);
	return 0;
}

int plan_raise(struct plan *p, double n_lo)
{
	uint64_t n_max = plan_max(p);
	n_lo = ceil(n_lo);
	if (p->count < 2 || !(n_lo > (double)p->n[0]) || n_lo > (double)n_max / 2)
		return 1;
	struct plan raised;
	if (plan_between((uint64_t)n_lo, n_max, p->count, &raised) != 0)
		return -1;
	plan_free(p);
	*p = raised;
	return 0;
}

void plan_free(struct plan *p)
{
	free(p->n);
	p->n = NULL;
	p->count = 0;
}

uint64_t plan_max(const struct plan *p)
{
	return p->count ? p->n[p->count - 1] : 0;
}

void plan_order(size_t *order, size_t count, struct rng *rng)
{
	for (size_t i = 0; i < count; i++)
		order[i] = i;
	/* Fisher-Yates: each of the count! orders equally likely */
	for (size_t i = count; i > 1; i--) {
		size_t j = (size_t)rng_below(rng, i), t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
}

double plan_probe_target_ns(double resolution, double precision, double unit_ns)
{
	double want_ns = resolution / precision * unit_ns;
	return want_ns < 5e4 ? 5e4 : want_ns > 1e6 ? 1e6 : want_ns;
}

double plan_resolution(const struct calibration *cal)
{
	double r = (double)cal->tick;
	double claimed = cal->unit_ns > 0 ? cal->claimed_res_ns / cal->unit_ns : 0;
	if (claimed > r)
		r = claimed;
	return r > 1 ? r : 1;
}

/* The span that fits `points` N per sweep and PLAN_AUTO_MIN_SWEEPS sweeps
 * in the budget: sweeps * points * (fixed + span / 2) <= budget. */
static double span_within(const struct plan_auto_input *in, double points)
{
	return 2.0 * (in->budget / (PLAN_AUTO_MIN_SWEEPS * points) -
		      in->fixed_cost);
}

int plan_auto(const struct plan_auto_input *in, struct plan *p,
	      struct plan_auto_result *out)
{
	double points = (double)in->points;
	double span = in->resolution / in->precision;
	/* 5% more than the least, so that rounding N down keeps it */
	double min_span = 1.05 * PLAN_MIN_TICKS * in->resolution;
	double fewest = PLAN_AUTO_FEWEST_POINTS;
	if (in->span_first_points > 0) {
		min_span = span;
		fewest = (double)in->span_first_points;
	}

	*out = (struct plan_auto_result){ 0 };
	if (in->budget > 0 && span_within(in, points) < span) {
		span = span_within(in, points);
		out->budget_limited = 1;
		/* Fewer N, each run long enough to span the ticks. */
		while (span < min_span && points > fewest) {
			points = floor(in->budget / (PLAN_AUTO_MIN_SWEEPS *
						     (in->fixed_cost + min_span / 2)));
			if (points < fewest)
				points = fewest;
			if (points > (double)in->points)
				points = (double)in->points;
			span = span_within(in, points);
			if (span > min_span)
				span = min_span;
		}
	}
	double n_max = floor(span / in->unit_cost);
	if (n_max > (double)in->n_max_allowed) {
		n_max = (double)in->n_max_allowed;
		out->kernel_limited = 1;
	}
	if (n_max < points)
		n_max = points;
	if (n_max > 1.8e19)
		n_max = 1.8e19;
	out->points = (size_t)points;
	out->span = n_max * in->unit_cost;
	out->longest = in->fixed_cost + out->span;
	out->expected_precision = in->resolution / out->span;
	out->ticks = out->span / in->resolution;
	out->over_cap = in->run_cap > 0 && out->longest > in->run_cap;
	return plan_linear((uint64_t)n_max, out->points, p);
}
