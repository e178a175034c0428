/*
 * speedstates.c - windows of runs, their speeds, stretches and states
 * (speedstates.h).
 */
#include "speedstates.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"

/* Windows in a stretch, at least. */
enum { STRETCH_MIN = 3, SMOOTH = 7 };

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The windows' starts and speeds, which the pass fills. */
static int alloc_windows(struct speed_states *o, size_t nwin)
{
	o->w_at = calloc(nwin, sizeof *o->w_at);
	o->w_speed = calloc(nwin, sizeof *o->w_speed);
	return o->w_at && o->w_speed ? 0 : -1;
}

/* Their fits and states, after it: not held while the pass's other
 * parts hold theirs. */
static int alloc_fits(struct speed_states *o, size_t nwin)
{
	o->w_fit = calloc(nwin, sizeof *o->w_fit);
	o->w_state = calloc(nwin, sizeof *o->w_state);
	o->w_lo = calloc(nwin, sizeof *o->w_lo);
	o->w_hi = calloc(nwin, sizeof *o->w_hi);
	return o->w_fit && o->w_state && o->w_lo && o->w_hi ? 0 : -1;
}

/* A window's speed is the smallest of its ratios (NAN when fewer than 4):
 * an interrupt that hits 80% of a window's long runs leaves it unmoved. */
enum { WINDOW_RATIOS_MIN = 4 };

void speed_windows_take(struct speed_windows *k, const struct spool_record *r, size_t n)
{
	struct speed_states *o = k->o;
	const struct point_set *s = k->s;
	size_t K = o->runs_per_window;
	for (size_t j = 0; j < n && k->state == SPEED_WINDOWS_TAKING; j++) {
		if (r[j].at == SPOOL_NO_AT) {
			k->state = SPEED_WINDOWS_NO_AT;
			break;
		}
		if (k->i == 0)
			k->at0 = r[j].at;
		if (k->in_w == 0)
			o->w_at[k->w] = (double)(r[j].at - k->at0);
		/* taken or not without a branch: the upper half of N comes
		 * at random, and the test went either way */
		size_t pi = r[j].i;
		double m = pi < s->count ? s->p[pi].min : 0;
		int take = (r[j].n >= k->n_half) & (m > 0);
		const double ratio[2] = { INFINITY, r[j].t / m };
		k->least = ratio[take] < k->least ? ratio[take] : k->least;
		k->k += (size_t)take;
		if (k->in_w == K - 1 || k->i + 1 == k->total) {
			o->w_speed[k->w] = k->k >= WINDOW_RATIOS_MIN ? k->least : NAN;
			k->k = 0;
			k->least = INFINITY;
		}
		if (++k->in_w == K) {
			k->in_w = 0;
			k->w++;
		}
		uint64_t end = r[j].at - k->at0 + (uint64_t)(r[j].t > 0 ? r[j].t : 0);
		k->last_end = end > k->last_end ? end : k->last_end;
		k->i++;
	}
}

/* Windows without a speed take their neighbour's; then log speeds. */
static void fill_gaps(double *v, size_t n)
{
	size_t first = 0;
	while (first < n && isnan(v[first]))
		first++;
	for (size_t i = 0; i < n; i++) {
		if (isnan(v[i]))
			v[i] = i < first ? v[first < n ? first : 0] : v[i - 1];
	}
}

/* Running median of SMOOTH windows: keeps steps, drops single outliers. */
static void smooth(const double *y, double *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		double w[SMOOTH];
		size_t k = 0;
		size_t lo = i >= SMOOTH / 2 ? i - SMOOTH / 2 : 0;
		for (size_t j = lo; j < n && j <= i + SMOOTH / 2; j++)
			w[k++] = y[j];
		qsort(w, k, sizeof *w, by_double);
		out[i] = w[k / 2];
	}
}

/* The noise of one window's log speed: from the differences of
 * neighbours (a step between them is rare, so the median ignores it). */
static double window_noise(const double *y, size_t n)
{
	double *d = malloc((n - 1) * sizeof *d);
	if (d == NULL)
		return 0.01;
	for (size_t i = 1; i < n; i++)
		d[i - 1] = fabs(y[i] - y[i - 1]);
	qsort(d, n - 1, sizeof *d, by_double);
	double sigma = d[(n - 1) / 2] / (0.6745 * sqrt(2.0));
	free(d);
	return sigma > 1e-4 ? sigma : 1e-4;	/* a floor: ties everywhere */
}

struct segmenter {
	const double *sum;	/* prefix sums of the smoothed log speeds */
	double sigma, penalty;
	size_t *cut;		/* stretch boundaries found */
	size_t ncut, cap;
};

static double mean_of(const struct segmenter *g, size_t a, size_t b)
{
	return (g->sum[b] - g->sum[a]) / (double)(b - a);
}

/* The best split of [a, b) and its statistic n1 n2 / n (m1 - m2)^2. */
static size_t best_split(const struct segmenter *g, size_t a, size_t b, double *stat)
{
	size_t best = 0;
	*stat = 0;
	for (size_t k = a + STRETCH_MIN; k + STRETCH_MIN <= b; k++) {
		double d = mean_of(g, a, k) - mean_of(g, k, b);
		double n1 = (double)(k - a), n2 = (double)(b - k);
		double s = n1 * n2 / (n1 + n2) * d * d;
		if (s > *stat && fabs(d) >= log1p(SPEED_STEP_MIN)) {
			*stat = s;
			best = k;
		}
	}
	return best;
}

/* Of [a, b), the stretch [i, j) whose mean differs most from the rest's
 * (n_in n_out / n (m_in - m_out)^2, by SPEED_STEP_MIN at least), on a grid
 * of at most INTERVAL_GRID + 1 places, then each end moved within a grid
 * step: a slow stretch in the middle, which no single split finds (split
 * at either end, the other side's mean holds the stretch diluted below
 * SPEED_STEP_MIN: 10% slower for 100 ms of 2 s went unseen, its runs then
 * taken for slowed runs and a timer's rate halved).  0 when none. */
enum { INTERVAL_GRID = 256 };

static double interval_stat(const struct segmenter *g, size_t a, size_t b, size_t i, size_t j)
{
	double n = (double)(b - a), nin = (double)(j - i), nout = n - nin;
	/* each piece a stretch: STRETCH_MIN windows, or none outside */
	if (j - i < STRETCH_MIN || (i > a && i - a < STRETCH_MIN) ||
	    (j < b && b - j < STRETCH_MIN) || (i == a && j == b))
		return 0;
	double in = g->sum[j] - g->sum[i];
	double d = in / nin - (g->sum[b] - g->sum[a] - in) / nout;
	return fabs(d) >= log1p(SPEED_STEP_MIN) ? nin * nout / n * d * d : 0;
}

static double best_interval(const struct segmenter *g, size_t a, size_t b, size_t *bi,
			    size_t *bj)
{
	size_t n = b - a, h = n / INTERVAL_GRID + 1;
	double best = 0;
	*bi = *bj = 0;
	for (size_t i = a; i < b; i += h)
		for (size_t j = i + h;; j += h) {
			j = j < b ? j : b;	/* the last place: b itself */
			double s = interval_stat(g, a, b, i, j);
			if (s > best)
				best = s, *bi = i, *bj = j;
			if (j == b)
				break;
		}
	if (best == 0)
		return 0;
	for (int end = 0; end < 2; end++) {	/* each end within a step */
		size_t c = end ? *bj : *bi, lo = c > a + h ? c - h : a, hi = c + h < b ? c + h : b;
		for (size_t k = lo; k <= hi; k++) {
			size_t i = end ? *bi : k, j = end ? k : *bj;
			double s = i < j ? interval_stat(g, a, b, i, j) : 0;
			if (s > best)
				best = s, *bi = i, *bj = j;
		}
	}
	return best;
}

/* Whether [i, j) is a stretch of one speed, not a crest of a speed that
 * wanders smoothly: the means of its thirds within a quarter of its
 * difference d from the rest (a crest's ends lie lower than its middle,
 * by half its height; a wave of 3% had been cut into two states, and its
 * runs' spread then taken for interruptions). */
static int flat(const struct segmenter *g, size_t i, size_t j, double d)
{
	size_t third = (j - i) / 3;
	if (third == 0)
		return 1;
	double m1 = mean_of(g, i, i + third), m2 = mean_of(g, i + third, j - third);
	double m3 = mean_of(g, j - third, j);
	return fabs(m1 - m2) <= fabs(d) / 4 && fabs(m3 - m2) <= fabs(d) / 4;
}

/* The mean of [a, b) outside [i, j). */
static double mean_outside(const struct segmenter *g, size_t a, size_t b, size_t i, size_t j)
{
	return (g->sum[b] - g->sum[a] - (g->sum[j] - g->sum[i])) / (double)((b - a) - (j - i));
}

/* Whether the ramp [i, j) (none when empty) lies between the levels lo
 * and hi, either way round. */
static int between(const struct segmenter *g, size_t i, size_t j, double lo, double hi)
{
	if (i >= j)
		return 1;
	double m = mean_of(g, i, j);
	return m >= fmin(lo, hi) && m <= fmax(lo, hi);
}

/* Of a stretch [i, j) of [a, b) that is not flat, a core [ci, cj) that
 * is, between ramps: a speed that changed over a few windows (a clock
 * that ramps), held, then ramped back; the core's thirds within an eighth
 * of its difference from the rest (twice as strict as flat: a smooth
 * crest also has a flat top), its ramps together at most a quarter as
 * long as it (RAMP_SHARE: a crest's sides are as long as its top; at
 * half, a speed wandering by 2% every 100 ms had its crests cut, and the
 * runs' spread around them then read as 589 interruptions a second) and
 * each between the core's level and the rest's.  The one of the largest statistic, on a
 * grid of at most RAMP_GRID trims a side; 0 when none is beyond limit. */
enum { RAMP_GRID = 64, RAMP_SHARE = 4 };

static double flat_core(const struct segmenter *g, size_t a, size_t b, size_t i, size_t j,
			double limit, size_t *ci, size_t *cj)
{
	size_t len = j - i, most = len / 4, h = most / RAMP_GRID + 1;
	double best = 0;
	*ci = *cj = 0;
	for (size_t t1 = 0; t1 <= most; t1 += h)
		for (size_t t2 = 0; t1 + t2 <= 2 * most; t2 += h) {
			size_t x = i + t1, y = j - t2, third = (y - x) / 3;
			if ((t1 == 0 && t2 == 0) || RAMP_SHARE * (t1 + t2) > y - x || third == 0)
				continue;
			double s = interval_stat(g, a, b, x, y);
			if (s < limit || s <= best)
				continue;
			double in = mean_of(g, x, y), out = mean_outside(g, a, b, x, y);
			double d = fabs(in - out), m2 = mean_of(g, x + third, y - third);
			if (fabs(mean_of(g, x, x + third) - m2) > d / 8 ||
			    fabs(mean_of(g, y - third, y) - m2) > d / 8 ||
			    !between(g, i, x, in, out) || !between(g, y, j, in, out))
				continue;
			best = s, *ci = x, *cj = y;
		}
	return best;
}

/* Binary segmentation: split while the best split is beyond the noise;
 * where no split is, a flat stretch that differs from both sides of it
 * (twice the penalty: two changes), or the flat core of one between
 * short ramps (flat_core). */
static void segment(struct segmenter *g, size_t a, size_t b, int depth)
{
	double stat;
	if (b - a < 2 * STRETCH_MIN || depth > 40 || g->ncut + 2 > g->cap)
		return;
	size_t k = best_split(g, a, b, &stat);
	if (k != 0 && stat >= g->penalty * g->sigma * g->sigma) {
		g->cut[g->ncut++] = k;
		segment(g, a, k, depth + 1);
		segment(g, k, b, depth + 1);
		return;
	}
	size_t i, j;
	double limit = 2 * g->penalty * g->sigma * g->sigma;
	if (best_interval(g, a, b, &i, &j) < limit)
		return;
	if (!flat(g, i, j, mean_of(g, i, j) - mean_outside(g, a, b, i, j))) {
		size_t ci, cj;
		if (flat_core(g, a, b, i, j, limit, &ci, &cj) == 0)
			return;
		i = ci, j = cj;
	}
	if (i > a)
		g->cut[g->ncut++] = i;
	if (j < b)
		g->cut[g->ncut++] = j;
	segment(g, a, i, depth + 1);
	segment(g, i, j, depth + 1);
	segment(g, j, b, depth + 1);
}

static int by_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* Each window's fitted log speed: the median of its stretch's raw ones. */
static int fit_stretches(struct speed_states *o, const double *y, const double *ys)
{
	size_t n = o->windows;
	double *sum = malloc((n + 1) * sizeof *sum), *tmp = malloc(n * sizeof *tmp);
	size_t *cut = malloc((n + 2) * sizeof *cut);
	if (sum == NULL || tmp == NULL || cut == NULL) {
		free(sum), free(tmp), free(cut);
		return -1;
	}
	sum[0] = 0;
	for (size_t i = 0; i < n; i++)
		sum[i + 1] = sum[i] + ys[i];
	struct segmenter g = { sum, window_noise(y, n), 3 * log((double)n) + 8, cut, 0, n };
	segment(&g, 0, n, 0);
	cut[g.ncut++] = 0;
	cut[g.ncut++] = n;
	qsort(cut, g.ncut, sizeof *cut, by_size);
	for (size_t c = 0; c + 1 < g.ncut; c++) {
		size_t a = cut[c], b = cut[c + 1];
		memcpy(tmp, y + a, (b - a) * sizeof *tmp);
		qsort(tmp, b - a, sizeof *tmp, by_double);
		for (size_t i = a; i < b; i++)
			o->w_fit[i] = tmp[(b - a) / 2];
	}
	free(sum), free(tmp), free(cut);
	return 0;
}

/* Group the stretches' speeds into states at most `width` (log) wide,
 * fastest first.  Returns the number of states (> SPEED_STATES_MAX: too
 * many for this width). */
static size_t group_states(struct speed_states *o, double width, double *lo)
{
	size_t n = o->windows, k = 0;
	double *v = malloc(n * sizeof *v);
	if (v == NULL)
		return 0;
	memcpy(v, o->w_fit, n * sizeof *v);
	qsort(v, n, sizeof *v, by_double);
	for (size_t i = 0; i < n; i++)
		if (k == 0 || v[i] > lo[k - 1] + width) {
			if (k == SPEED_STATES_MAX) {
				k++;
				break;
			}
			lo[k++] = v[i];
		}
	free(v);
	for (size_t i = 0; k <= SPEED_STATES_MAX && i < n; i++) {
		unsigned char st = 0;
		while (st + 1u < k && o->w_fit[i] >= lo[st + 1])
			st++;
		o->w_state[i] = st;
	}
	return k;
}

/* A window's length of time: to the next window's start. */
static double window_length(const struct speed_states *o, size_t i)
{
	return (i + 1 < o->windows ? o->w_at[i + 1] : o->span) - o->w_at[i];
}

/* Each state's level, share, first and last moment, stretches. */
static void describe_states(struct speed_states *o, const double *y)
{
	double *v = malloc(o->windows * sizeof *v);
	for (size_t st = 0; st < o->count; st++) {
		struct speed_state *s = &o->s[st];
		size_t m = 0;
		double time = 0, run = 0;
		*s = (struct speed_state){ .from = -1 };
		for (size_t i = 0; i < o->windows; i++) {
			if (o->w_state[i] != st) {
				run = 0;
				continue;
			}
			double len = window_length(o, i);
			if (v)
				v[m] = y[i];
			m++;
			time += len;
			if (s->from < 0)
				s->from = o->w_at[i];
			s->to = o->w_at[i] + len;
			s->stretches += run == 0;
			run += len;
			s->longest = run > s->longest ? run : s->longest;
		}
		if (v && m > 0)
			qsort(v, m, sizeof *v, by_double);
		s->level = v && m > 0 ? exp(v[m / 2]) : 1;
		s->share = o->span > 0 ? time / o->span : 0;
	}
	for (size_t st = 0; st < o->count; st++)
		o->s[st].factor = o->s[st].level / o->s[0].level;
	o->line_factor = 1 / o->s[0].level;
	free(v);
}

/* How far the windows' smoothed log speeds ys stray from their stretches'
 * fitted ones, 5% to 95% of them: exp of that width, less 1. */
static double wander_of(const double *ys, const double *fit, size_t n)
{
	double *d = malloc((n ? n : 1) * sizeof *d);
	if (d == NULL || n < 20) {
		free(d);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		d[i] = ys[i] - fit[i];
	double lo = select_kth(d, n, n / 20), hi = select_kth(d, n, n - 1 - n / 20);
	free(d);
	return expm1(hi - lo);
}

/* From the windows' speeds to states. */
static int states_from_windows(struct speed_states *o)
{
	size_t n = o->windows;
	double *y = malloc(n * sizeof *y), *ys = malloc(n * sizeof *ys);
	double lo[SPEED_STATES_MAX + 1];
	int rc = -1;
	if (y && ys) {
		fill_gaps(o->w_speed, n);
		for (size_t i = 0; i < n; i++)
			y[i] = log(o->w_speed[i]);
		smooth(y, ys, n);
		rc = fit_stretches(o, y, ys);
	}
	double width = log1p(SPEED_STATE_WIDTH);
	while (rc == 0 && (o->count = group_states(o, width, lo)) > SPEED_STATES_MAX)
		width *= 1.5;
	if (rc == 0) {
		describe_states(o, y);
		o->wander = wander_of(ys, o->w_fit, n);
		for (size_t i = 0; i < n; i++)
			o->w_fit[i] = exp(o->w_fit[i]);
		for (size_t i = 0; i < n; i++) {
			double lo_i = o->w_fit[i], hi_i = lo_i;
			for (size_t j = i > 0 ? i - 1 : 0; j <= i + 1 && j < n; j++) {
				lo_i = o->w_fit[j] < lo_i ? o->w_fit[j] : lo_i;
				hi_i = o->w_fit[j] > hi_i ? o->w_fit[j] : hi_i;
			}
			o->w_lo[i] = lo_i;
			o->w_hi[i] = hi_i;
		}
		o->judged = o->count > 0;
	}
	free(y), free(ys);
	return rc;
}

int speed_windows_begin(struct speed_windows *k, const struct point_set *s,
			uint64_t total, struct speed_states *o)
{
	memset(o, 0, sizeof *o);
	*k = (struct speed_windows){ .o = o, .s = s, .total = total,
				     .state = SPEED_WINDOWS_NONE, .least = INFINITY };
	size_t K = SPEED_WINDOW_RUNS;
	if (total / SPEED_WINDOWS_MAX >= K)
		K = (size_t)(total / SPEED_WINDOWS_MAX) + 1;
	if (total < 8 * (uint64_t)K || s->count < 2)
		return 0;
	o->runs_per_window = K;
	o->window_inverse = K > 1 ? UINT64_MAX / K + 1 : 0;
	o->windows = (size_t)((total + K - 1) / K);
	if (alloc_windows(o, o->windows) != 0) {
		speed_states_free(o);
		return -1;
	}
	k->n_half = s->p[s->count / 2].n;
	k->state = SPEED_WINDOWS_TAKING;
	return 1;
}

int speed_states_of(struct speed_windows *k)
{
	struct speed_states *o = k->o;
	if (k->state != SPEED_WINDOWS_TAKING) {
		speed_states_free(o);
		return 0;
	}
	o->span = (double)k->last_end;
	if (alloc_fits(o, o->windows) != 0) {
		speed_states_free(o);
		return -1;
	}
	return states_from_windows(o);
}

void speed_states_free(struct speed_states *ss)
{
	free(ss->w_at), free(ss->w_speed), free(ss->w_fit), free(ss->w_state);
	free(ss->w_lo), free(ss->w_hi);
	ss->w_at = ss->w_speed = ss->w_fit = ss->w_lo = ss->w_hi = NULL;
	ss->w_state = NULL;
	ss->windows = 0;
	ss->judged = 0;
}
