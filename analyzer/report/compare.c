/*
 * compare.c - two collections, one verdict (compare.h).
 */
#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "interval.h"
#include "report.h"

static int analyze_side(struct analysis *x, const struct analysis_settings *opt,
			char **files, struct input_error *err)
{
	struct analysis_settings *o = malloc(sizeof *o);
	if (o == NULL)
		return -1;
	*o = *opt;
	o->files = files;
	o->keep_blocks = 1;	/* refit_ratios draws halves of them */
	return analysis_run(x, o, err);	/* o stays with x->opt; compare_free frees it */
}

/* Ratios of refits of the two sides, independent or (paired) on the same
 * stretches of time; their quantiles. */
static int refit_ratios(struct comparison *c, unsigned B, double q[2],
			double dq[2], double oq[2], double scale_a, double scale_b)
{
	/* the same seed draws the same halves of equally many blocks */
	unsigned long seed_b = c->paired ? 11 : 23;
	double *sa = malloc(B * sizeof *sa), *ia = malloc(B * sizeof *ia);
	double *sb = malloc(B * sizeof *sb), *ib = malloc(B * sizeof *ib);
	double *r = malloc(B * sizeof *r), *d = malloc(B * sizeof *d);
	double *o = malloc(B * sizeof *o);
	int rc = -1;
	unsigned used;
	if (sa && ia && sb && ib && r && d && o) {
		unsigned na = interval_refits(&c->a.points, &c->a.blocks, B, 11, sa, ia, &used);
		unsigned nb = interval_refits(&c->b.points, &c->b.blocks, B, seed_b, sb, ib, &used);
		unsigned k = 0;
		for (unsigned i = 0; na && nb && i < B; i++) {
			double ya = sa[i % na] * scale_a, yb = sb[i % nb] * scale_b;
			r[k] = yb / ya;
			d[k] = yb - ya;
			o[k++] = ib[i % nb] * scale_b - ia[i % na] * scale_a;
		}
		if (k > 0) {
			gsl_sort(r, 1, k), gsl_sort(d, 1, k), gsl_sort(o, 1, k);
			q[0] = gsl_stats_quantile_from_sorted_data(r, 1, k, 0.025);
			q[1] = gsl_stats_quantile_from_sorted_data(r, 1, k, 0.975);
			dq[0] = gsl_stats_quantile_from_sorted_data(d, 1, k, 0.025);
			dq[1] = gsl_stats_quantile_from_sorted_data(d, 1, k, 0.975);
			oq[0] = gsl_stats_quantile_from_sorted_data(o, 1, k, 0.025);
			oq[1] = gsl_stats_quantile_from_sorted_data(o, 1, k, 0.975);
			rc = 0;
		}
	}
	free(sa), free(ia), free(sb), free(ib), free(r), free(d), free(o);
	return rc;
}

/* B against A in times: A / B when B is faster (its bounds the ratio's
 * the other way), B / A when slower, with the digits its bounds vouch
 * for (at least 2). */
struct times {
	int faster;
	double x, lo, hi;
	int digits;
};

static struct times times_of(const struct comparison *c)
{
	struct times t = { .faster = c->ratio < 1 };
	t.x = t.faster ? 1 / c->ratio : c->ratio;
	t.lo = t.faster ? 1 / c->ratio_hi : c->ratio_lo;
	t.hi = t.faster ? 1 / c->ratio_lo : c->ratio_hi;
	t.digits = report_digits(t.x, t.hi - t.lo);
	t.digits = t.digits < 2 ? 2 : t.digits;
	return t;
}

int compare_resolved(const struct comparison *c)
{
	return !(c->ratio_lo <= 1 && 1 <= c->ratio_hi);
}

/* How many times faster or slower B is, then its cost as a percentage
 * of A's, each to the digits its bounds vouch for (at least 2). */
static void verdict(struct comparison *c)
{
	double lo = 100 * (c->ratio_lo - 1), hi = 100 * (c->ratio_hi - 1);
	double mid = 100 * (c->ratio - 1);
	int d = report_digits(fabs(mid) > 0 ? mid : 1, hi - lo);
	d = d < 2 ? 2 : d;
	if (!compare_resolved(c)) {
		snprintf(c->verdict, sizeof c->verdict,
			 "no difference is resolved: B / A = %.*g, and its bounds (%+.*g%% to %+.*g%%) contain no change",
			 d + 2, c->ratio, d, lo, d, hi);
		return;
	}
	struct times t = times_of(c);
	int dx = t.digits, faster = t.faster;
	int n = snprintf(c->verdict, sizeof c->verdict, "B is %.*g× %s than A (bounds %.*g× to %.*g×): ",
			 dx, t.x, faster ? "faster" : "slower", dx, t.lo, dx, t.hi);
	if (n < 0 || (size_t)n >= sizeof c->verdict)
		return;
	if (faster)
		snprintf(c->verdict + n, sizeof c->verdict - (size_t)n,
			 "B's unit cost is %.*g%% lower than A's (bounds: %.*g to %.*g%%)",
			 d, -mid, d, -hi, d, -lo);
	else
		snprintf(c->verdict + n, sizeof c->verdict - (size_t)n,
			 "B's unit cost is %.*g%% higher than A's (bounds: %.*g to %.*g%%)",
			 d, mid, d, lo, d, hi);
}

void compare_times(const struct comparison *c, char *out, size_t len)
{
	struct times t = times_of(c);
	int d = t.digits;
	if (compare_resolved(c))
		snprintf(out, len, "%.*g× %s (%.*g× to %.*g×)", d, t.x,
			 t.faster ? "faster" : "slower", d, t.lo, d, t.hi);
	else	/* B / A itself: its bounds hold 1 */
		snprintf(out, len, "no difference resolved (%.*g× to %.*g×)", d, c->ratio_lo, d,
			 c->ratio_hi);
}

void compare_share(const struct comparison *c, const char *b, const char *a, char *out,
		   size_t len)
{
	double p = 100 * c->ratio, lo = 100 * c->ratio_lo, hi = 100 * c->ratio_hi;
	int d = report_digits(p, hi - lo);
	d = d < 2 ? 2 : d;
	if (compare_resolved(c) && c->ratio > 1)
		out[0] = '\0';	/* "B is 9.4× slower" says it */
	else if (compare_resolved(c))
		snprintf(out, len, "%s takes %.*g%% of %s's time per unit (%.*g%% to %.*g%%)", b, d,
			 p, a, d, lo, d, hi);
	else
		snprintf(out, len, "%s takes %.*g%% to %.*g%% of %s's time per unit", b, d, lo, d,
			 hi, a);
}

void compare_headline(const struct comparison *c, const char *b, const char *a, char *out,
		      size_t len)
{
	struct times t = times_of(c);
	int d = t.digits;
	if (compare_resolved(c))
		snprintf(out, len, "%s is %.*g× %s than %s (%.*g× to %.*g×)", b, d, t.x,
			 t.faster ? "faster" : "slower", a, d, t.lo, d, t.hi);
	else
		snprintf(out, len, "No difference between %s and %s is resolved", b, a);
}

/* A side's own bounds: the fit's range and the tick band, and with_sub
 * the subsampling's refits too (interval.h). */
static void own_bounds(const struct analysis *x, int with_sub, double k,
		       double sl[2], double ic[2])
{
	const struct interval *iv = &x->iv;
	if (with_sub) {
		sl[0] = iv->slope[0], sl[1] = iv->slope[1];
		ic[0] = iv->intercept[0], ic[1] = iv->intercept[1];
	} else {
		sl[0] = x->fit.slope_lo, sl[1] = x->fit.slope_hi;
		ic[0] = ic[1] = x->fit.intercept;
		if (iv->band_ok) {
			sl[0] = fmin(sl[0], iv->band_slope[0]);
			sl[1] = fmax(sl[1], iv->band_slope[1]);
			ic[0] = fmin(ic[0], iv->band_intercept[0]);
			ic[1] = fmax(ic[1], iv->band_intercept[1]);
		}
	}
	sl[0] *= k, sl[1] *= k, ic[0] *= k, ic[1] *= k;
}

/* A and B timed in turn in one collection (collect with two kernels),
 * each side that one stream: their stretches of time can be paired, so
 * that a drift of the machine's speed, which moves both, stays out of the
 * ratio's bounds.  NULL where they can; else why not. */
static const char *pair_refused(const struct analysis *a, const struct analysis *b)
{
	if (!a->interleaved[0] || strcmp(a->interleaved, b->interleaved) != 0)
		return "not timed in turn";
	if (a->blocks.count < BLOCKS_MIN || a->blocks.count != b->blocks.count)
		return "fewer than 8 runs an N, too few to pair stretches of time";
	/* blocks are cut by sample count: they hold the same moments only
	 * when both streams hold (nearly) the same runs, not when one was
	 * cut short (a full disk) */
	uint64_t na = a->points.samples, nb = b->points.samples;
	uint64_t gap = na > nb ? na - nb : nb - na, most = na > nb ? na : nb;
	if ((double)gap > 0.01 * (double)most + 64)
		return "the two streams do not hold the same runs (one cut short?)";
	/* and when their start times say so: block k of A pairs with block
	 * k of B, which shares no moment with it once the two spans' ends
	 * lie a block's time apart (one ran after the other) */
	const struct excess_summary *ea = &a->excess, *eb = &b->excess;
	if (!ea->have_at || !eb->have_at)
		return NULL;
	double span = fmax((double)(ea->at_hi - ea->at_lo), (double)(eb->at_hi - eb->at_lo));
	double block = span / a->blocks.count;
	if (fabs((double)ea->at_lo - (double)eb->at_lo) > block ||
	    fabs((double)ea->at_hi - (double)eb->at_hi) > block)
		return "their start times do not hold the same moments (one ran after the other?), whatever the headers say";
	return NULL;
}

const char *compare_unpaired_why(const struct comparison *c)
{
	if (c->paired || !c->a.interleaved[0] || strcmp(c->a.interleaved, c->b.interleaved) != 0)
		return NULL;
	return pair_refused(&c->a, &c->b);
}

/* Paired: B / A in each fifth (the same moments on both sides), and
 * whether the ratio itself changed beyond the fifths' bands: A and B then
 * do not slow alike, and pairing cannot cancel the drift. */
static void ratio_fifths(struct comparison *c, double ka, double kb)
{
	const struct analysis *a = &c->a, *b = &c->b;
	if (!c->paired || a->nfifths != BLOCKS_FIFTHS || b->nfifths != BLOCKS_FIFTHS)
		return;
	for (int q = 0; q < BLOCKS_FIFTHS; q++) {
		const struct fifth *fa = &a->fifths[q], *fb = &b->fifths[q];
		if (!fa->ok || !fb->ok || !(fa->lo > 0) || !(fa->slope > 0))
			return;
		c->fifth[q][0] = fb->slope * kb / (fa->slope * ka);
		c->fifth[q][1] = fb->lo * kb / (fa->hi * ka);
		c->fifth[q][2] = fb->hi * kb / (fa->lo * ka);
	}
	c->nfifths = BLOCKS_FIFTHS;
	int lo = 0, hi = 0;
	for (int q = 1; q < BLOCKS_FIFTHS; q++) {
		if (c->fifth[q][2] < c->fifth[lo][2])
			lo = q;
		if (c->fifth[q][1] > c->fifth[hi][1])
			hi = q;
	}
	if (c->fifth[hi][1] > c->fifth[lo][2])
		snprintf(c->ratio_drift, sizeof c->ratio_drift,
			 "B / A changed during the collection: %.5g in fifth %d, %.5g in fifth %d, beyond their bands; A and B did not change alike (or a fifth's minima came from a short burst), and the ratio is that of their fastest stretches",
			 c->fifth[lo][0], lo + 1, c->fifth[hi][0], hi + 1);
}

int compare_run(struct comparison *c, const struct analysis_settings *opt,
		char **side_a, char **side_b, struct input_error *err)
{
	memset(c, 0, sizeof *c);
	if (analyze_side(&c->a, opt, side_a, err) != 0 ||
	    analyze_side(&c->b, opt, side_b, err) != 0)
		return -1;
	const struct analysis *a = &c->a, *b = &c->b;
	c->in_ns = a->unit_ns > 0 && b->unit_ns > 0;
	if (!c->in_ns && strcmp(a->clock, b->clock) != 0) {
		*err = b->where;
		snprintf(err->msg, sizeof err->msg,
			 "clock '%.40s' differs from A's '%.40s', and not both know unit_ns: their units cannot be compared (give --unit-ns, or collect both on one clock)",
			 b->clock, a->clock);
		return -1;
	}
	double ka = c->in_ns ? a->unit_ns : 1, kb = c->in_ns ? b->unit_ns : 1;
	double sa = a->fit.slope * ka, sb = b->fit.slope * kb;
	if (!(sa > 0) || !(sb > 0)) {
		*err = sa > 0 ? b->where : a->where;	/* the side at fault */
		snprintf(err->msg, sizeof err->msg,
			 "a unit cost is not positive (A %.6g, B %.6g %s): there is no ratio to report",
			 sa, sb, c->in_ns ? "ns" : "clock units");
		return -1;
	}
	c->ratio = sb / sa;
	c->diff = sb - sa;
	c->odiff = b->fit.intercept * kb - a->fit.intercept * ka;
	/* what the two sides' own bounds allow: paired, without their
	 * refits (the paired refits below stand for them) */
	c->paired = pair_refused(a, b) == NULL;
	double as[2], ai[2], bs[2], bi[2];
	own_bounds(a, !c->paired, ka, as, ai);
	own_bounds(b, !c->paired, kb, bs, bi);
	c->ratio_lo = as[0] > 0 ? bs[0] / as[1] : 0;
	c->ratio_hi = as[0] > 0 ? bs[1] / as[0] : INFINITY;
	c->diff_lo = bs[0] - as[1], c->diff_hi = bs[1] - as[0];
	c->odiff_lo = bi[0] - ai[1];
	c->odiff_hi = bi[1] - ai[0];
	double q[2], dq[2], oq[2];
	if (refit_ratios(c, opt->replicates, q, dq, oq, ka, kb) == 0) {
		c->ratio_lo = fmin(c->ratio_lo, q[0]), c->ratio_hi = fmax(c->ratio_hi, q[1]);
		c->diff_lo = fmin(c->diff_lo, dq[0]), c->diff_hi = fmax(c->diff_hi, dq[1]);
		c->odiff_lo = fmin(c->odiff_lo, oq[0]), c->odiff_hi = fmax(c->odiff_hi, oq[1]);
	}
	ratio_fifths(c, ka, kb);
	verdict(c);
	return 0;
}

static void side_text(FILE *out, const char *name, const struct analysis *x, int in_ns)
{
	double k = in_ns ? x->unit_ns : 1;
	int d = report_digits(x->fit.slope, x->iv.slope[1] - x->iv.slope[0]);
	fprintf(out, "%s: %s on clock %s, %zu N, %llu samples: unit cost %.*g %s, bounds [%.*g, %.*g]; overhead %.4g\n",
		name, x->kernel[0] ? x->kernel : "unknown kernel", x->clock[0] ? x->clock : "unknown",
		x->points.count, (unsigned long long)x->points.samples, d, x->fit.slope * k,
		in_ns ? "ns" : "clock units", d, x->iv.slope[0] * k, d, x->iv.slope[1] * k,
		x->fit.intercept * k);
	for (size_t i = 0; i < x->warnings; i++)
		fprintf(out, "   warning: %s\n", x->warning[i]);
}

void compare_report_text(FILE *out, const struct comparison *c)
{
	const char *u = c->in_ns ? "ns" : "clock units";
	fprintf(out, "subtick analyze --compare (unit costs in %s)\n", u);
	side_text(out, "A", &c->a, c->in_ns);
	side_text(out, "B", &c->b, c->in_ns);
	fprintf(out, "\nB / A      %.5g   bounds [%.5g, %.5g]\n", c->ratio, c->ratio_lo, c->ratio_hi);
	if (c->nfifths) {
		fprintf(out, "           by fifths of the collection in time:");
		for (size_t q = 0; q < c->nfifths; q++)
			fprintf(out, " %.5g", c->fifth[q][0]);
		fprintf(out, "\n");
	}
	fprintf(out, "B - A      %.5g %s per unit   bounds [%.5g, %.5g]\n", c->diff, u,
		c->diff_lo, c->diff_hi);
	fprintf(out, "overhead   B - A = %.4g %s   bounds [%.4g, %.4g]\n", c->odiff, u,
		c->odiff_lo, c->odiff_hi);
	fprintf(out, "\n%s\n", c->verdict);
	if (c->ratio_drift[0])
		fprintf(out, "warning: %s\n", c->ratio_drift);
	if (c->paired)
		fprintf(out, "(A and B were timed in turn in one collection (%s): the bounds\n"
			     " pair their stretches of time, so a change of the machine's speed,\n"
			     " which moves both, stays out of them; they hold the tick band and\n"
			     " what differed between A and B from stretch to stretch)\n",
			c->a.interleaved);
	else if (compare_unpaired_why(c))
		fprintf(out, "(A and B say they were timed in turn in one collection (%s), but\n"
			     " their bounds are not paired: %s;\n"
			     " they hold what varied within each side, not a change of the\n"
			     " machine's speed that moved both)\n",
			c->a.interleaved, compare_unpaired_why(c));
	else
		fprintf(out, "(the bounds hold what varied within each collection; a machine whose\n"
			     " speed changed between the two is not in them: time A and B in turn\n"
			     " in one collection (collect --kernel A --kernel B -o a.st -o b.st))\n");
}

/* A value and its bounds; a bound that is none (a ratio whose A may be
 * 0 or below: its bounds reach infinity) is null, as JSON has no
 * infinity (-inf had been written, which no reader takes). */
static void json_pair(FILE *out, const char *k, double v, double lo, double hi)
{
	fprintf(out, "    \"%s\": ", k);
	json_number(out, v);
	fprintf(out, ", \"%s_bounds\": [", k);
	json_number(out, lo);
	fputs(", ", out);
	json_number(out, hi);
	fputs("],\n", out);
}

void compare_report_json(FILE *out, const struct comparison *c)
{
	fprintf(out, "{\n  \"compare\": {\n");
	fprintf(out, "    \"unit\": \"%s\",\n", c->in_ns ? "ns" : "clock units");
	fputs("    \"a_unit_cost\": ", out);
	json_number(out, c->a.fit.slope * (c->in_ns ? c->a.unit_ns : 1));
	fputs(", \"b_unit_cost\": ", out);
	json_number(out, c->b.fit.slope * (c->in_ns ? c->b.unit_ns : 1));
	fputs(",\n", out);
	json_pair(out, "ratio", c->ratio, c->ratio_lo, c->ratio_hi);
	json_pair(out, "difference", c->diff, c->diff_lo, c->diff_hi);
	json_pair(out, "overhead_difference", c->odiff, c->odiff_lo, c->odiff_hi);
	fputs("    \"verdict\": ", out);
	json_string(out, c->verdict);
	fputs(",\n", out);
	fprintf(out, "    \"paired\": %s,\n", c->paired ? "true" : "false");
	fputs("    \"unpaired_why\": ", out);
	if (compare_unpaired_why(c))
		json_string(out, compare_unpaired_why(c));
	else
		fputs("null", out);
	fputs(",\n", out);
	fprintf(out, "    \"ratio_by_fifths\": [");
	for (size_t q = 0; q < c->nfifths; q++) {
		fputs(q ? ", " : "", out);
		json_number(out, c->fifth[q][0]);
	}
	fprintf(out, "],\n    \"ratio_drift\": ");
	if (c->ratio_drift[0])
		json_string(out, c->ratio_drift);
	else
		fprintf(out, "null");
	fprintf(out, ",\n");
	fprintf(out, "    \"resolved\": %s,\n", compare_resolved(c) ? "true" : "false");
	fprintf(out, "    \"a_warnings\": %zu, \"b_warnings\": %zu\n", c->a.warnings, c->b.warnings);
	fprintf(out, "  },\n  \"a\": ");
	report_json(out, &c->a);
	fprintf(out, "  ,\"b\": ");
	report_json(out, &c->b);
	fprintf(out, "}\n");
}

void compare_free(struct comparison *c)
{
	void *oa = (void *)c->a.opt, *ob = (void *)c->b.opt;
	analysis_free(&c->a);
	analysis_free(&c->b);
	free(oa), free(ob);
}
