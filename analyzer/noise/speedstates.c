/*
 * speedstates.c - windows of runs, their speeds, stretches and states
 * (speedstates.h).
 */
#include "speedstates.h"

#include <gsl/gsl_cdf.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint.h"
#include "select.h"
#include "tunables.h"

/* A running median of SMOOTH windows: the wander's reference. */
enum { SMOOTH = 7 };

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

/* A timing as a whole number of units, compared before the cast: 0
 * below 0 (or NaN), UINT64_MAX from 2^64 on (the reader allows 2^63). */
static uint64_t whole_units(double t)
{
	return !(t > 0) ? 0 : t < 18446744073709551616.0 ? (uint64_t)t : UINT64_MAX;
}

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
		double t = r[j].t;
		if (k->less != NULL && take) {
			t -= k->less(k->less_ctx, (double)(r[j].at - k->at0), t, pi);
			take = isfinite(t);
		}
		const double ratio[2] = { INFINITY, t / m };
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
		uint64_t end = r[j].at - k->at0 + whole_units(r[j].t);
		k->last_end = end > k->last_end ? end : k->last_end;
		k->i++;
	}
}

/* Windows without a speed take their neighbour's. */
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

/* Running median of SMOOTH windows (the wander's reference). */
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

/* A window's length of time: to the next window's start. */
static double window_length(const struct speed_states *o, size_t i)
{
	return (i + 1 < o->windows ? o->w_at[i + 1] : o->span) - o->w_at[i];
}

/* The middle of window i in time. */
static double window_middle(const struct speed_states *o, size_t i)
{
	return o->w_at[i] + window_length(o, i) / 2;
}

/* Segment k's value at window i (its line carried there): x the
 * blocks' times, wx the windows'. */
static double value_at(const struct segment *s, const double *bx, double x)
{
	return s->level + s->slope * (x - bx[s->from]);
}

/* Each cut between segments, found between blocks, moved to the window
 * within a block either way that fits the windows' own speeds best (the
 * two segments' lines carried to it): a change of speed is placed to a
 * window, not a block (runs a block off their speed had read as
 * interruptions).  cut[k] is where segment k + 1 begins, in windows. */
static void refine_cuts(const struct speed_states *o, const double *y, const double *bx,
			const struct segmentation *g, size_t per, size_t *cut)
{
	size_t n = o->windows;
	for (size_t k = 0; k + 1 < g->count; k++) {
		const struct segment *a = &g->s[k], *b = &g->s[k + 1];
		size_t c = b->from * per, lo = c > per ? c - per : 0, hi = c + per < n ? c + per : n;
		lo = k > 0 && lo < cut[k - 1] + 1 ? cut[k - 1] + 1 : lo;
		double best = INFINITY;
		size_t at = c;
		for (size_t cand = lo + 1; cand < hi; cand++) {
			double e = 0;
			for (size_t i = lo; i < hi; i++) {
				double x = window_middle(o, i);
				double v = i < cand ? value_at(a, bx, x) : value_at(b, bx, x);
				e += (y[i] - v) * (y[i] - v);
			}
			if (e < best)
				best = e, at = cand;
		}
		cut[k] = at;
	}
}

/*
 * The windows' log speeds y, in blocks of `per` windows (the median of
 * each, weighted by its windows: a change-point search is quadratic in
 * its points where nothing changes), cut into levels and lines
 * (changepoint.h) at SPEED_FALSE_ALARMS, the cuts placed to a window
 * (refine_cuts), and each window's fitted log speed into fit[] (its
 * segment's line at its time).  The segments, in windows, into *g.
 */
static int segment_windows(const struct speed_states *o, const double *y, size_t per,
			   double *fit, struct segmentation *g)
{
	size_t n = o->windows, nb = (n + per - 1) / per;
	double *bx = malloc(nb * sizeof *bx), *by = malloc(nb * sizeof *by);
	double *bw = malloc(nb * sizeof *bw), *tmp = malloc(per * sizeof *tmp);
	size_t *cut = malloc((nb + 1) * sizeof *cut);
	int rc = -1;
	if (bx && by && bw && tmp && cut) {
		for (size_t b = 0; b < nb; b++) {
			size_t from = b * per, to = from + per < n ? from + per : n;
			memcpy(tmp, y + from, (to - from) * sizeof *tmp);
			by[b] = select_kth(tmp, to - from, (to - from) / 2);
			bw[b] = (double)(to - from);
			bx[b] = (o->w_at[from] + o->w_at[to - 1] + window_length(o, to - 1)) / 2;
		}
		rc = changepoint_segment(bx, by, bw, nb, SPEED_SEGMENT_MIN, SPEED_FALSE_ALARMS, 0, g);
	}
	if (rc == 0) {
		refine_cuts(o, y, bx, g, per, cut);
		for (size_t k = 0; k < g->count; k++) {
			struct segment *s = &g->s[k];
			size_t from = k == 0 ? 0 : cut[k - 1], to = k + 1 < g->count ? cut[k] : n;
			for (size_t i = from; i < to; i++)
				fit[i] = value_at(s, bx, window_middle(o, i));
			/* the segment in windows, its level at its first */
			s->from = from;
			s->to = to;
			s->level = fit[from];
		}
	}
	free(bx), free(by), free(bw), free(tmp), free(cut);
	return rc;
}

/* Which way segment k moves, in the log speeds, as the next of a run of
 * segments: a line its slope's way (its step from the one before is the
 * cut's noise); a level its step's way (0: none); 2 where the step is a
 * state's width or more (no ramp goes on across it). */
static int way(const struct segmentation *g, const double *fit, size_t k, double width)
{
	const struct segment *s = &g->s[k];
	double step = k > 0 ? fit[s->from] - fit[g->s[k - 1].to - 1] : 0;
	if (fabs(step) >= width)
		return 2;
	if (s->sloped)
		return (s->slope > 0) - (s->slope < 0);
	return (step > 0) - (step < 0);
}

/* Segment k's length of time (its windows'). */
static double segment_time(const struct speed_states *o, const struct segment *s)
{
	return o->w_at[s->to - 1] + window_length(o, s->to - 1) - o->w_at[s->from];
}

/*
 * The ramps: runs of neighbouring segments that move one way, each a
 * line sloped that way or a level a step that way from the one before,
 * below SPEED_STATE_WIDTH, less the levels held: a level is held where
 * it lasts as long as the run, at the rate its lines move (or, without a
 * line, its steps, over the time they take), needs to move by a state's
 * width.  A stretch between holds (or the run's ends) is a ramp where it
 * rises or falls by more than SPEED_STATE_WIDTH.  A staircase of steps
 * the report's resolution does not tell is a drift (2 times slower over
 * a collection, in 256 steps of 0.4%, had read as seven states 10%
 * apart); a level the machine held before a drift began, between two, or
 * after one ended, is a state (a ramp to 1.1 and a hold of 1.1 then 1.11
 * had been read as a ramp to 1.11), and so is a level at either end of
 * a stretch (a wave's crest).  ramp[k] is 0 for a segment of no
 * ramp; the segments of one ramp share a value from 1 to 4, and
 * neighbouring ramps differ (find_ramps).
 */
static void mark_ramps(const struct speed_states *o, const struct segmentation *g,
		       const double *fit, unsigned char *ramp)
{
	double width = log1p(SPEED_STATE_WIDTH);
	unsigned char mark = 1;
	for (size_t k = 0; k < g->count; k++)
		ramp[k] = 0;
	for (size_t k = 0; k < g->count;) {
		const struct segment *first = &g->s[k];
		int dir = first->sloped ? (first->slope > 0) - (first->slope < 0) : 0;
		size_t e = k + 1;
		for (; e < g->count; e++) {
			int w = way(g, fit, e, width);
			if (w == 2 || (w != 0 && dir != 0 && w != dir))
				break;
			dir = dir != 0 ? dir : w;
		}
		/* the run's rate: its lines' rise over their time; without a
		 * line, its whole rise over the time of its levels not held
		 * (held ones taken out twice over) */
		double rise = 0, time = 0, held = 0;
		for (size_t j = k; j < e; j++)
			if (g->s[j].sloped) {
				rise += fabs(fit[g->s[j].to - 1] - fit[g->s[j].from]);
				time += segment_time(o, &g->s[j]);
			}
		for (int pass = 0; time == 0 && pass < 3; pass++) {
			double all = fabs(fit[g->s[e - 1].to - 1] - fit[g->s[k].from]), t = 0;
			for (size_t j = k; j < e; j++)
				t += segment_time(o, &g->s[j]);
			double rate = t - held > 0 ? all / (t - held) : 0;
			held = 0;
			for (size_t j = k; j < e; j++)
				if (segment_time(o, &g->s[j]) * rate >= width)
					held += segment_time(o, &g->s[j]);
			if (pass == 2)
				rise = all, time = t - held;
		}
		double rate = time > 0 ? rise / time : 0;
		/* the stretches between held levels */
		for (size_t a = k; a < e;) {
			if (!g->s[a].sloped && segment_time(o, &g->s[a]) * rate >= width) {
				a++;
				continue;
			}
			size_t b = a + 1;
			while (b < e && (g->s[b].sloped || segment_time(o, &g->s[b]) * rate < width))
				b++;
			/* a level at either end is where it began or ended (a
			 * wave's crest): not of it */
			size_t u = a + !g->s[a].sloped, v = b - !g->s[b - 1].sloped;
			if (v > u && fabs(fit[g->s[v - 1].to - 1] - fit[g->s[u].from]) > width) {
				for (size_t j = u; j < v; j++)
					ramp[j] = mark;
				mark = (unsigned char)(mark % 4 + 1);
			}
			a = b;
		}
		k = e;
	}
}

/* The levels: segments that are no part of a ramp, grouped into states at
 * most `width` wide (log), fastest first.  Returns the number of states
 * (> SPEED_STATES_MAX: too many for this width). */
static size_t group_states(struct speed_states *o, const struct segmentation *g,
			   const unsigned char *ramp, double width, double *lo)
{
	size_t k = 0, n = 0;
	double *v = malloc((g->count ? g->count : 1) * sizeof *v);
	if (v == NULL)
		return 0;
	for (size_t j = 0; j < g->count; j++)
		if (!ramp[j])
			v[n++] = g->s[j].mean;
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
	for (size_t j = 0; k <= SPEED_STATES_MAX && j < g->count; j++) {
		const struct segment *s = &g->s[j];
		unsigned char st = SPEED_RAMP;
		if (!ramp[j]) {
			st = 0;
			while (st + 1u < k && s->mean >= lo[st + 1])
				st++;
		}
		for (size_t i = s->from; i < s->to; i++)
			o->w_state[i] = st;
	}
	return k;
}

/* The ramps, in time order, each from its first window to its last (its
 * speeds over the minima's; factors once the fastest state is known). */
static void find_ramps(struct speed_states *o, const struct segmentation *g,
		       const unsigned char *ramp, const double *fit)
{
	o->ramps = 0;
	o->ramp_share = 0;
	for (size_t j = 0; j < g->count;) {
		if (!ramp[j]) {
			j++;
			continue;
		}
		size_t e = j + 1;
		while (e < g->count && ramp[e] == ramp[j])
			e++;
		size_t a = g->s[j].from, b = g->s[e - 1].to - 1;
		double len = o->w_at[b] + window_length(o, b) - o->w_at[a];
		o->ramp_share += o->span > 0 ? len / o->span : 0;
		if (o->ramps < SPEED_RAMPS_MAX)
			o->ramp[o->ramps++] = (struct speed_ramp){
				.from_level = exp(fit[a]), .to_level = exp(fit[b]),
				.from = o->w_at[a], .to = o->w_at[b] + window_length(o, b) };
		j = e;
	}
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
		s->level = v && m > 0 ? exp(select_kth(v, m, m / 2)) : 1;
		s->share = o->span > 0 ? time / o->span : 0;
	}
	/* the fastest: the fastest state's, or where the speed only moved
	 * (every segment a ramp), the fastest moment's */
	double fast = o->count > 0 ? o->s[0].level : INFINITY;
	for (size_t i = 0; o->count == 0 && i < o->windows; i++)
		fast = fmin(fast, o->w_fit[i]);
	for (size_t st = 0; st < o->count; st++)
		o->s[st].factor = o->s[st].level / fast;
	for (size_t r = 0; r < o->ramps; r++) {
		o->ramp[r].from_factor = o->ramp[r].from_level / fast;
		o->ramp[r].to_factor = o->ramp[r].to_level / fast;
	}
	o->fastest = fast;
	o->line_factor = 1 / fast;
	free(v);
}

/* How far the windows' smoothed log speeds ys stray from their segments'
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

/*
 * Each window's band of speeds (w_lo, w_hi: speed_of_run): the
 * fitted speeds of the windows within `reach` (a block and a window) of
 * it.  A change of speed is placed to within that, and a run there may
 * have run at the other side's speed; within a state the segments' lines
 * wobble by less than its width, and the speed is known to their range
 * there, not to a line.
 *
 * A ramp's line is the speed where the ramp's windows lie on it within
 * their scatter (sigma, the segmentation's, at z: SPEED_FALSE_ALARMS over
 * the windows, two-sided).  A window's speed is its least stretched
 * run's, and along a ramp that is its fastest moment's: its start where
 * the machine slows, its end where it speeds up.  So a run there ran
 * between the window's fitted speed and the line's one window on: its
 * band reaches up to that (and to the other segments' within reach),
 * down over the neighbours'.  Wherever in the window the run lies: a
 * machine's speed moves in steps (its clock's states), and a step may
 * come anywhere in a window.  No run runs faster than its floor at its
 * speed; one slower holds what jitter and interruptions add.  A band up
 * over the neighbouring windows had held the ramp's rise over a block
 * and a window either way (a 2% wave every 100 ms rises 0.4% over
 * 2.5 ms), and a run's own speed within it took a share of each mark it
 * held: a 40 us source of 500 ns beside that wave had read 364 to 367 ns
 * (264 to 275 in 3 s, with bursts of a source that was not there).  Up
 * to the line at the run's place in its window (or at the window's
 * middle), a run after a step early in its window was held below its
 * speed: a ramp 1.8 times slower over 300 ms in 256 steps, runs of up
 * to 98 us at full speed, had read as a random source of 120 to 230 ns
 * where there was none (8 seeds of 8).  The band's top may take that
 * much of an interruption in a run there: ramp_band, the widest, which
 * the ramp's warning names.
 * Where the windows stray from the line, it is a segment too long to be
 * split standing for steps within it (2 ms 1.5 times slower every 50 ms,
 * read as one line from 1.66 to 1.05): the neighbours' range stands,
 * either way.
 */
static void speed_bands(struct speed_states *o, const struct segmentation *g,
			const unsigned char *ramp, const double *y, const double *fit,
			size_t reach)
{
	size_t n = o->windows;
	double z = gsl_cdf_ugaussian_Qinv(SPEED_FALSE_ALARMS / (2 * (double)n));
	double tol = z * g->sigma;
	o->ramp_band = 0;
	for (size_t k = 0; k < g->count; k++) {
		const struct segment *s = &g->s[k];
		for (size_t i = s->from; i < s->to; i++) {
			size_t a = i > reach ? i - reach : 0, b = i + reach < n ? i + reach : n - 1;
			int on = ramp[k];
			for (size_t j = a; on && j <= b; j++)
				on = j < s->from || j >= s->to || fabs(y[j] - fit[j]) <= tol;
			double lo = fit[i], hi = lo;
			for (size_t j = a; j <= b; j++) {
				lo = fmin(lo, fit[j]);
				if (!on || j < s->from || j >= s->to)
					hi = fmax(hi, fit[j]);
			}
			size_t u = i > s->from ? i - 1 : i, v = i + 1 < s->to ? i + 1 : i;
			if (on && v > u) {
				hi = fmax(hi, fit[i] + fabs(fit[v] - fit[u]) / (double)(v - u));
				o->ramp_band = fmax(o->ramp_band, exp(hi) - exp(fit[i]));
			}
			o->w_lo[i] = exp(lo);
			o->w_hi[i] = exp(hi);
		}
	}
}

/* From the windows' speeds to segments, states and ramps. */
static int states_from_windows(struct speed_states *o)
{
	size_t n = o->windows, per = (n + SPEED_BLOCKS_MAX - 1) / SPEED_BLOCKS_MAX;
	double *y = malloc(n * sizeof *y), *ys = malloc(n * sizeof *ys);
	double *fit = malloc(n * sizeof *fit);
	double lo[SPEED_STATES_MAX + 1];
	struct segmentation g = { 0 };
	int rc = -1;
	if (y && ys && fit) {
		fill_gaps(o->w_speed, n);
		for (size_t i = 0; i < n; i++)
			y[i] = log(o->w_speed[i]);
		smooth(y, ys, n);
		rc = segment_windows(o, y, per, fit, &g);
	}
	if (rc == 0) {
		o->segments = g.count;
		o->noise = expm1(g.sigma);
		double width = log1p(SPEED_STATE_WIDTH);
		unsigned char *ramp = calloc(g.count ? g.count : 1, 1);
		if (ramp == NULL) {
			segmentation_free(&g);
			free(y), free(ys), free(fit);
			return -1;
		}
		mark_ramps(o, &g, fit, ramp);
		while ((o->count = group_states(o, &g, ramp, width, lo)) > SPEED_STATES_MAX)
			width *= 1.5;
		find_ramps(o, &g, ramp, fit);
		for (size_t i = 0; i < n; i++)
			o->w_fit[i] = exp(fit[i]);
		describe_states(o, y);
		o->wander = wander_of(ys, fit, n);
		speed_bands(o, &g, ramp, y, fit, per + 1);
		free(ramp);
		o->judged = 1;
	}
	segmentation_free(&g);
	free(y), free(ys), free(fit);
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
	/* no window with a speed (every N's minimum 0: runs within a
	 * tick): nothing to judge, and fill_gaps would fill NANs with NAN */
	size_t told = 0;
	for (size_t i = 0; i < o->windows; i++)
		told += !isnan(o->w_speed[i]);
	if (told == 0) {
		speed_states_free(o);
		return 0;
	}
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
