/*
 * phasescan.c - the phase of a source shorter than the runs, from the
 * runs' windows (phasescan.h, lengths.h stage 2).
 */
#include "phasescan.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <gsl/gsl_sf_gamma.h>

#include "lanes.h"
#include "marks.h"
#include "parallel.h"
#include "tunables.h"

/* What the scan costs, at most: the runs whose windows a level reads
 * (one of each block of a stride), and the runs times frequencies of a
 * level, per candidate; each level after the first scans stretches
 * LENGTHS_WIDEN times as long; the first level's stretches are about
 * LENGTHS_PLACES places in time. */
enum { LENGTHS_RUNS_MAX = 65536, LENGTHS_WIDEN = 8, LENGTHS_PLACES = 8 };
#define LENGTHS_WORK_MAX (1 << 24)

/* A run of the windows' periodogram. */
struct window {
	double at, t, f;	/* start, length, its N's floor */
	double y;		/* held one more mark: 1, else 0 */
	double share;		/* y's mean over its N's windows of the level */
	uint32_t point;		/* its N's */
};

/* What a level of stage 2 found at one candidate: the frequency (per
 * clock unit) of the strongest Z within the range scanned, its Z (summed
 * over the level's stretches, of which parts held runs), phase and the
 * frequencies tried. */
struct scan_found {
	double nu, z, phase, trials;
	size_t parts;
};

/* log10 of the chance of so large a Z over the frequencies tried, were
 * there no source: each stretch's Z exponential of mean 1, their sum of
 * `parts` a gamma (one exponential: e^-z). */
static double log10_chance(const struct scan_found *f)
{
	double k = f->parts ? (double)f->parts : 1;
	if (!(f->z > 0))
		return 0;
	double q = gsl_sf_gamma_inc_Q(k, f->z);
	/* beyond the double's range: the tail's leading term */
	double lnq = q > 0 ? log(q) : (k - 1) * log(f->z) - f->z - lgamma(k);
	return log10(f->trials) + lnq / M_LN10;
}

static int significant(const struct scan_found *f)
{
	return f->z > 0 && log10_chance(f) < PERIOD_LOG10_P;
}

/* A phasor: cos and sin of 2 pi nu x (x's whole turns taken out first). */
struct turn {
	double re, im;
};

static struct turn phasor(double nu, double x)
{
	double u = nu * x;
	return (struct turn){ cos(2 * M_PI * (u - floor(u))), sin(2 * M_PI * (u - floor(u))) };
}

/* Stage 2 at two candidates side by side (lanes.h), their windows w[0]
 * and w[1] (the same runs, each with its own marks held: y), in parts
 * [edge[j], edge[j + 1]) (the stretches: each part's Z its own, and the
 * parts' summed), and their frequencies nu0[0] and nu0[1], each scanned
 * half either way at a quarter of 1 / span: what each found.  The two
 * may be one candidate twice. */
static void windows_scan(const struct window *const w[2], const size_t *edge, size_t nparts,
			 const double nu0[2], double half, double span, struct scan_found found[2])
{
	/* the runs times the steps are at most LENGTHS_WORK_MAX (a level's
	 * stretches); the cap only keeps a cast from overflowing */
	size_t n = edge[nparts], parts = 0;
	double step = 1 / (4 * span), want = 2 * half / step + 1;
	size_t steps = LENGTHS_WORK_MAX;
	if (want < LENGTHS_WORK_MAX)
		steps = (size_t)want;
	else
		step = 2 * half / (double)(steps - 1);
	for (size_t j = 0; j < nparts; j++)
		parts += edge[j + 1] > edge[j];
	for (int l = 0; l < 2; l++)
		found[l] = (struct scan_found){ nu0[l], 0, 0, fmax(1, 2 * half * span), parts };
	/* each run's end's and start's phasors (e, b) at the frequency
	 * scanned, and their turn per step (re, rb), as real and imaginary
	 * parts, and the marks it held (y): the loop below is all real
	 * arithmetic */
	enum { ER, EI, BR, BI, RER, REI, RBR, RBI, Y, Q, PARTS };
	lanes2 *v = malloc(PARTS * (n ? n : 1) * sizeof *v);
	if (v == NULL)
		return;
	lanes2 *er = v, *ei = v + n, *br = v + 2 * n, *bi = v + 3 * n;
	lanes2 *rer = v + 4 * n, *rei = v + 5 * n, *rbr = v + 6 * n, *rbi = v + 7 * n;
	lanes2 *y = v + 8 * n, *q = v + 9 * n;
	lanes2 nu = { nu0[0] - half, nu0[1] - half };
	for (size_t i = 0; i < n; i++)
		for (int l = 0; l < 2; l++) {
			const struct window *u = &w[l][i];
			struct turn e = phasor(nu[l], u->at + u->t), b = phasor(nu[l], u->at);
			struct turn re = phasor(step, u->at + u->t), rb = phasor(step, u->at);
			er[i][l] = e.re, ei[i][l] = e.im, br[i][l] = b.re, bi[i][l] = b.im;
			rer[i][l] = re.re, rei[i][l] = re.im, rbr[i][l] = rb.re, rbi[i][l] = rb.im;
			y[i][l] = u->y, q[i][l] = u->share;
		}
	const lanes2 zero = lanes_all(0), one = lanes_all(1), two_pi = lanes_all(2 * M_PI);
	const lanes2_mask sign = (lanes2_mask)lanes_all(-0.0);
	for (size_t s = 0; s < steps; s++, nu += lanes_all(step)) {
		lanes2 inv = one / nu, z = zero, tr = zero, ti = zero;
		for (size_t j = 0; j < nparts; j++) {
			lanes2 sr = zero, si = zero, var = zero;
			for (size_t i = edge[j]; i < edge[j + 1]; i++) {
				/* the part that tells: t less the floor's whole
				 * periods; its end's phase is the run's end's */
				lanes2 tau = lanes_all(w[0][i].t) -
					     lanes_floor(lanes_all(w[0][i].f) * nu) * inv;
				lanes2 pi = tau * nu;
				/* a = (e - b) / (2 pi i pi) where 0 < tau and
				 * pi < 1, else 0: taken without a branch (which
				 * half the runs take, at random), its divisor
				 * kept from 0 */
				lanes2 in = lanes_select((tau > zero) & (pi < one), one, zero);
				lanes2 abs_pi = (lanes2)((lanes2_mask)pi & ~sign);
				lanes2 sc = in / (two_pi * abs_pi + (one - in));
				lanes2 ar = (ei[i] - bi[i]) * sc, ai = -(er[i] - br[i]) * sc;
				lanes2 c = y[i] - q[i];
				sr += c * ar, si += c * ai;
				var += q[i] * (one - q[i]) * (ar * ar + ai * ai);
				lanes2 x = er[i] * rer[i] - ei[i] * rei[i];
				ei[i] = er[i] * rei[i] + ei[i] * rer[i], er[i] = x;
				x = br[i] * rbr[i] - bi[i] * rbi[i];
				bi[i] = br[i] * rbi[i] + bi[i] * rbr[i], br[i] = x;
			}
			lanes2_mask some = var > zero;
			z += lanes_select(some, (sr * sr + si * si) / lanes_select(some, var, one), zero);
			tr += sr, ti += si;
		}
		for (int l = 0; l < 2; l++)
			if (z[l] > found[l].z) {
				double ph = atan2(ti[l], tr[l]) / (2 * M_PI);
				found[l].z = z[l], found[l].nu = nu[l];
				found[l].phase = (ph < 0 ? ph + 1 : ph) / nu[l];
			}
	}
	free(v);
}

/* The runs of the sample in the order of their starts (a clock may step
 * back, and runs be recorded in any order): order[j] the j-th run by its
 * start, from first to end (the last run's end). */
struct timeline {
	size_t *order;
	double first, end;
};

struct start {
	double at;
	size_t i;
};

static int by_start(const void *x, const void *y)
{
	const struct start *a = x, *b = y;
	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

/* Returns 0, or -1 when memory runs out. */
static int timeline_of(const struct run_sample *rs, struct timeline *tl)
{
	size_t n = rs->count;
	struct start *s = malloc((n ? n : 1) * sizeof *s);
	tl->order = malloc((n ? n : 1) * sizeof *tl->order);
	if (s == NULL || tl->order == NULL) {
		free(s);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		s[i] = (struct start){ rs->r[i].at, i };
	qsort(s, n, sizeof *s, by_start);
	tl->first = n ? s[0].at : 0, tl->end = tl->first;
	for (size_t j = 0; j < n; j++) {
		tl->order[j] = s[j].i;
		tl->end = fmax(tl->end, rs->r[s[j].i].at + rs->r[s[j].i].t);
	}
	free(s);
	return 0;
}

/* A level's stretches of the runs (their places in `order`, the runs
 * by start): [lo[j], hi[j]), each at most len long, every stride-th run
 * read (one drawn from each block of stride). */
struct stretches {
	size_t parts, lo[LENGTHS_PLACES], hi[LENGTHS_PLACES], stride;
	double len;
	int whole;		/* one stretch: every run */
};

/* The first run in order at or after x (by start). */
static size_t first_at(const struct run_sample *rs, const size_t *order, double x)
{
	size_t lo = 0, hi = rs->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rs->r[order[mid]].at < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The stretches of length len about the LENGTHS_PLACES places in time
 * (the starts of the runs at the middles of LENGTHS_PLACES equal shares
 * of them), each within its place's cell (the times nearer its place
 * than any other's: the stretches never overlap), or the whole sample as
 * one where they would hold every run.  half: the frequencies the scan
 * takes either way, so its steps (a quarter of 1 / len apart) 8 half len
 * + 1, and the stride (the runs read at most LENGTHS_RUNS_MAX, and at
 * most LENGTHS_WORK_MAX / steps). */
static struct stretches stretches_of(const struct run_sample *rs, const struct timeline *tl,
				     double len, double half)
{
	struct stretches s = { .len = len };
	size_t n = rs->count, k = n < LENGTHS_PLACES ? n : LENGTHS_PLACES, runs = 0;
	const size_t *order = tl->order;
	double first = tl->first, end = tl->end;
	double place[LENGTHS_PLACES];
	for (size_t j = 0; j < k; j++)
		place[j] = rs->r[order[(2 * j + 1) * n / (2 * k)]].at;
	int covers = 1;
	for (size_t j = 0; j < k; j++) {
		double cell_lo = j ? (place[j - 1] + place[j]) / 2 : first;
		double cell_hi = j + 1 < k ? (place[j] + place[j + 1]) / 2 : end;
		double from = fmax(place[j] - len / 2, cell_lo), to = fmin(place[j] + len / 2, cell_hi);
		covers = covers && from <= cell_lo && to >= cell_hi;
		s.lo[s.parts] = first_at(rs, order, from);
		s.hi[s.parts] = j + 1 < k || to < end ? first_at(rs, order, to) : n;
		runs += s.hi[s.parts] - s.lo[s.parts];
		s.parts += s.hi[s.parts] > s.lo[s.parts];
	}
	if (covers || len >= end - first) {
		s.parts = 1, s.lo[0] = 0, s.hi[0] = n, runs = n, s.whole = 1;
		s.len = end - first;
	}
	double steps = 8 * half * s.len + 1;
	double most = fmin(LENGTHS_RUNS_MAX, fmax(1, LENGTHS_WORK_MAX / steps));
	s.stride = (size_t)ceil((double)runs / most);
	s.stride = s.stride ? s.stride : 1;
	return s;
}

/* The first level's stretches.  A scan's Z grows with the runs it reads
 * where its steps resolve the source over its stretch (a quarter of 1 /
 * len apart: a stride of a longer stretch at the same steps lets a
 * source drift through whole turns between them, as this code once did
 * over the whole collection).  The work, runs times steps, grows as len
 * squared: the longest len whose runs all read cost at most
 * LENGTHS_WORK_MAX (bisection in log len), or the whole sample.  Its
 * Z summed over LENGTHS_PLACES stretches tells a source that is there
 * throughout as well as one stretch of that work would (each of their
 * runs a square root of the places fewer, their Z's spread as its square
 * root more), and one that is there in only part of the collection
 * (from one of them a source absent from it goes unseen). */
static struct stretches stretches_first(const struct run_sample *rs, const struct timeline *tl,
					double top)
{
	double lo = log(top), hi = log(fmax(tl->end - tl->first, top));
	struct stretches s = stretches_of(rs, tl, exp(hi), 1 / top);
	if (s.stride == 1)
		return s;
	for (int it = 0; it < 48; it++) {
		double mid = (lo + hi) / 2;
		s = stretches_of(rs, tl, exp(mid), 1 / top);
		if (s.stride == 1)
			lo = mid;
		else
			hi = mid;
	}
	return stretches_of(rs, tl, exp(lo), 1 / top);
}

/* The windows of a level's runs, stretch by stretch (edge[j]: where
 * stretch j's begin; edge[parts]: how many): whether each held one more
 * mark of a candidate, by its excess over the N's jitter mean and half
 * the sawtooth's height.  One run from each block of stride, its place
 * in the block drawn (a regular stride of nearly regular runs would
 * alias the source's frequency). */
static size_t windows_of(const struct run_sample *rs, const struct point_set *ps,
			 const size_t *order, const struct candidate *c, double top,
			 const struct stretches *st, struct window *w, size_t *edge)
{
	size_t k = 0;
	for (size_t j = 0; j < st->parts; j++) {
		edge[j] = k;
		for (size_t b = st->lo[j]; b < st->hi[j]; b += st->stride) {
			uint64_t h = (uint64_t)b * UINT64_C(0x9e3779b97f4a7c15);
			size_t i = b + (size_t)((h >> 32) % st->stride);
			if (i >= st->hi[j])
				continue;
			const struct model_run *u = &rs->r[order[i]];
			double f = ps->p[u->point].min;
			double base = c->a + c->b * f / top + c->b2 * (f / top) * (f / top);
			w[k++] = (struct window){ u->at, u->t, u->floor, u->r > base + c->c / 2, 0,
						  u->point };
		}
	}
	edge[st->parts] = k;
	/* each N's share of windows that held one more */
	double *sum = calloc(2 * (ps->count ? ps->count : 1), sizeof *sum);
	if (sum == NULL) {	/* (a share of one half: what no source says) */
		for (size_t i = 0; i < k; i++)
			w[i].share = 0.5;
		return k;
	}
	for (size_t i = 0; i < k; i++)
		sum[2 * w[i].point] += w[i].y, sum[2 * w[i].point + 1]++;
	for (size_t i = 0; i < k; i++)
		w[i].share = sum[2 * w[i].point] / sum[2 * w[i].point + 1];
	free(sum);
	return k;
}

/* The marks fitted to the windows that held one more (marks_fit: its
 * tolerance the drift of its scan's step over the span; the windows are
 * as long as a period, and a least-squares refit on their middles would
 * be as loose as they are). */
static void fit_marks(const struct window *w, size_t n, double period, double phase, double z,
		      double span, double quantum, struct marks *m)
{
	double *at = malloc((n ? n : 1) * sizeof *at), *len = malloc((n ? n : 1) * sizeof *len);
	*m = (struct marks){ .period = period, .phase = phase, .tol = quantum };
	if (at == NULL || len == NULL) {
		free(at), free(len);
		return;
	}
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		double tau = w[i].t - floor(w[i].f / period) * period;
		if (w[i].y > 0 && tau > 0 && tau < period)
			at[k] = w[i].at, len[k++] = tau;
	}
	if (marks_fit(at, len, k, period, span, z, quantum, m) == 0)
		*m = (struct marks){ .period = period, .phase = phase, .tol = quantum };
	free(at), free(len);
}

/* What stage 2 found at a candidate: the first level's finding (its
 * chance: the source is named from it), and the last level's, with that
 * level's span (the marks are fitted to its windows).  whole: the last
 * level read the whole sample as one stretch, each level's peak at its
 * own chance. */
struct scan_result {
	struct scan_found first, last;
	double span;
	int whole;
};

/* The candidates' windows and their scans, two candidates side by side,
 * the pairs shared among the cores (parallel.h). */
struct scans {
	const struct run_sample *rs;
	const struct point_set *ps;
	const struct timeline *tl;	/* the runs by start */
	const struct candidate *cand;
	double top;
	size_t live[LENGTHS_CANDIDATES], nlive;	/* the candidates scanned */
	struct window *w[LENGTHS_CANDIDATES];	/* room for a level's runs */
	size_t k[LENGTHS_CANDIDATES];
	struct scan_result res[LENGTHS_CANDIDATES];
};

/* Two candidates' scans, level by level: the first within a sawtooth's
 * width (a step of 1 over the longest floor) either way, over the first
 * stretches; each next over stretches LENGTHS_WIDEN times as long, within
 * two of the last level's steps either way of its peak (a peak lies
 * within half a step of the truth), until one reads the whole sample as
 * one stretch (a source named holds its phase over all of it; the
 * stretches grow by LENGTHS_WIDEN a level, so the levels end).  A
 * candidate whose peak falls below its chance at a level stops there. */
static void scan_pair(void *ctx, unsigned worker, size_t g)
{
	(void)worker;
	struct scans *sc = ctx;
	const struct run_sample *rs = sc->rs;
	size_t two[2] = { sc->live[2 * g], sc->live[2 * g + 1 < sc->nlive ? 2 * g + 1 : 2 * g] };
	struct stretches st = stretches_first(rs, sc->tl, sc->top);
	double nu0[2], half = 1 / sc->top;
	int live[2] = { 1, 1 };
	for (int l = 0; l < 2; l++)
		nu0[l] = sc->cand[two[l]].nu / sc->top;
	for (int level = 0; level < 64; level++) {
		const struct window *w[2];
		struct scan_found found[2];
		size_t edge[LENGTHS_PLACES + 1];
		for (int l = 0; l < 2; l++)
			if (live[l])
				sc->k[two[l]] = windows_of(rs, sc->ps, sc->tl->order, &sc->cand[two[l]],
							   sc->top, &st, sc->w[two[l]], edge);
		for (int l = 0; l < 2; l++)	/* a lane stopped scans the other's */
			w[l] = sc->w[two[live[l] ? l : 1 - l]];
		windows_scan(w, edge, st.parts, nu0, half, st.len, found);
		for (int l = 0; l < 2; l++) {
			struct scan_result *r = &sc->res[two[l]];
			if (!live[l])
				continue;
			if (level == 0)
				r->first = found[l];
			if (!significant(&found[l])) {
				live[l] = 0;
				continue;
			}
			r->last = found[l], r->span = st.len, r->whole = st.whole;
			nu0[l] = found[l].nu;
		}
		if ((!live[0] && !live[1]) || st.whole)
			break;
		half = 2 / (4 * st.len);
		double len = LENGTHS_WIDEN * st.len;
		st = stretches_of(rs, sc->tl, len, half);
	}
}

int phase_scan(const struct run_sample *rs, const struct point_set *ps,
	       const struct candidate *cand, size_t nc, double top, double quantum,
	       struct lengths_result *out)
{
	struct scans sc = { .rs = rs, .ps = ps };
	/* a level reads at most LENGTHS_RUNS_MAX runs' worth of blocks,
	 * and each of its stretches may end in a block of its own */
	size_t room = (rs->count < LENGTHS_RUNS_MAX + LENGTHS_PLACES ? rs->count
								      : LENGTHS_RUNS_MAX + LENGTHS_PLACES) + 1;
	int rc = 0;
	for (size_t i = 0; i < LENGTHS_CANDIDATES; i++) {
		sc.w[i] = malloc(room * sizeof *sc.w[i]);
		rc = sc.w[i] ? rc : -1;
	}
	if (rc != 0)
		nc = 0;
	sc.cand = cand, sc.top = top;
	for (size_t i = 0; i < nc; i++)
		if (cand[i].c > 0)
			sc.live[sc.nlive++] = i;
	struct timeline tl = { NULL, 0, 0 };
	if (sc.nlive > 0 && rs->count > 0 && timeline_of(rs, &tl) != 0)
		rc = -1, sc.nlive = 0;
	sc.tl = &tl;
	parallel_for((sc.nlive + 1) / 2, parallel_workers(), scan_pair, &sc);
	for (size_t j = 0; j < sc.nlive; j++) {
		size_t i = sc.live[j];
		const struct scan_result *r = &sc.res[i];
		double log10_p = log10_chance(&r->first);
		if (!r->whole || (out->found && !(log10_p < out->log10_p)))
			continue;
		out->found = 1;
		out->log10_p = log10_p;
		out->f = cand[i].f;
		out->cost = cand[i].c;
		/* the peak lies within its noise's error of the truth, 1 /
		 * (span sqrt(z)), and within half a step of the scan's, 1 /
		 * (8 span), whichever is the larger: marks_fit scans a few
		 * such errors either way (with z above 64 the step's is the
		 * larger; a 40 us source's peak over 10 s, z 10,000, was
		 * fitted a hundredth of a step about it, and its marks
		 * drifted out of their tolerance at the ends) */
		fit_marks(sc.w[i], sc.k[i], 1 / r->last.nu, r->last.phase, fmin(r->last.z, 64),
			  r->span, quantum, &out->marks);
	}
	free(tl.order);
	for (size_t i = 0; i < LENGTHS_CANDIDATES; i++)
		free(sc.w[i]);
	return rc;
}
