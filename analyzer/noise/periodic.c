/*
 * periodic.c - one source after another (periodic.h).
 */
#include "periodic.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"

/* Events a source must account for; per phase when phases are told
 * apart; a phase is empty below this share of the fullest. */
enum { SOURCE_MIN_EVENTS = 12, SLOT_MIN_EVENTS = 10, MULTIPLE_SMALL = 8,
       MULTIPLE_MAX = 64 };
/* A source holds this many times the events that would hold its marks by
 * chance (a long stretch holds some mark of any short period). */
#define CHANCE_FACTOR 2.0

#define SLOT_EMPTY 0.1
/* A slot whose events beyond chance are below this share of the
 * fullest's is empty too: where runs are long against the period, chance
 * fills every slot, and another source's events (a 10 ms source folded at
 * 2 ms hits every slot) raise an empty one above a third of the fullest. */
#define SLOT_SHARE (1.0 / 3)
/* How far from a mark an event may come, as a share of the period: its
 * source's own timing jitter and the error of the period over the
 * collection; wider before the marks are fitted to the events. */
#define MARK_TOLERANCE 0.005
#define MARK_TOLERANCE_FIRST 0.02
/* Cost bands searched: above level x 2^j, and within two octaves from
 * level x 2^j, up to the costliest event (a source drowned among others
 * of other costs stands out in its own band). */
enum { BAND_OCTAVES = 40, BANDS = 2 * BAND_OCTAVES };
/* Events a search looks at, at most, a random subset of them: a
 * source clear enough to name shows in a few hundred of its events, and
 * its marks are then fitted to all of them (refine_marks). */
enum { SEARCH_EVENTS = 512 };

struct band {
	double lo, hi;		/* cost in (lo, hi] */
	double len;		/* stretches no longer than this */
};

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The stretch of e, widened by tol, holds a moment phase + k period. */
static int holds_mark(const struct periodic_event *e, double period, double phase,
		      double tol)
{
	double k = ceil((e->lo - tol - phase) / period);
	return phase + k * period <= e->hi + tol;
}

/* Period and phase by least squares of the events' times on the number of
 * their mark: the Rayleigh peak's error, spread over many periods, would
 * shift late marks off their events. */
static void refine_marks(const struct periodic_event *ev, const size_t *idx, size_t m,
			 double *period, double *phase)
{
	long double sk = 0, st = 0, skk = 0, skt = 0, p = *period, f = *phase;
	if (m < 3)
		return;
	for (size_t i = 0; i < m; i++) {
		long double k = roundl((ev[idx[i]].mid - f) / p);
		long double t = ev[idx[i]].mid - f;
		sk += k, st += t, skk += k * k, skt += k * t;
	}
	long double den = (long double)m * skk - sk * sk;
	if (!(den > 0))
		return;
	long double slope = ((long double)m * skt - sk * st) / den;
	long double icpt = (st - slope * sk) / (long double)m;
	/* accept only a refinement, never a jump to another peak */
	if (fabsl(slope / p - 1) < 0.01) {
		*period = (double)slope;
		*phase = (double)(f + icpt);
	}
}

static int in_band(const struct periodic_event *e, const struct band *b)
{
	return e->cost > b->lo && e->cost <= b->hi && e->hi - e->lo <= b->len;
}

/* The events not yet taken, of cost within b, that hold a mark (within
 * tol periods): into mine (in order).  Returns how many. */
static size_t assign(const struct periodic_event *ev, size_t n,
		     const unsigned char *taken, const struct band *b,
		     double period, double phase, double tol, size_t *mine)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (!taken[i] && in_band(&ev[i], b) &&
		    holds_mark(&ev[i], period, phase, tol * period))
			mine[m++] = i;
	return m;
}

/* The densest phase of the events left in b folded at period: where two
 * sources of one period lock at two phases, the Rayleigh phase (their
 * circular mean) falls between them, and marks there would hold neither. */
static double densest_phase(const struct periodic_event *ev, size_t n,
			    const unsigned char *taken, const struct band *b,
			    double period)
{
	enum { BINS = 100 };
	unsigned count[BINS] = { 0 };
	for (size_t i = 0; i < n; i++)
		if (!taken[i] && in_band(&ev[i], b)) {
			long double f = (long double)ev[i].mid / period;
			count[(int)((f - floorl(f)) * BINS) % BINS]++;
		}
	int best = 0;
	unsigned best_sum = 0;
	for (int j = 0; j < BINS; j++) {
		unsigned sum = count[(j + BINS - 1) % BINS] + count[j] + count[(j + 1) % BINS];
		if (sum > best_sum)
			best_sum = sum, best = j;
	}
	return (best + 0.5) / BINS * period;
}

/* The number of the mark the stretch of e holds (beyond +-2^62, as
 * +-2^62: no two such are told apart). */
static long long mark_number(const struct periodic_event *e, double period, double phase)
{
	double k = ceil((e->lo - MARK_TOLERANCE * period - phase) / period);
	return k < -0x1p62 ? -(1LL << 62) : k < 0x1p62 ? (long long)k : 1LL << 62;
}

/* A source fires once at a mark: of the events mine[0..m) (in order)
 * that hold one mark, the one whose middle is nearest it is the
 * source's, the others another's (a source of another period whose marks
 * come near some of these).  Returns how many are kept. */
static size_t one_per_mark(const struct periodic_event *ev, size_t *mine, size_t m,
			   double period, double phase)
{
	size_t kept = 0;
	long long last = 0;
	for (size_t i = 0; i < m; i++) {
		const struct periodic_event *e = &ev[mine[i]];
		long long k = mark_number(e, period, phase);
		if (kept > 0 && k == last) {
			double mark = phase + (double)k * period;
			if (fabs(e->mid - mark) < fabs(ev[mine[kept - 1]].mid - mark))
				mine[kept - 1] = mine[i];
			continue;
		}
		mine[kept++] = mine[i];
		last = k;
	}
	return kept;
}

/* Marks fitted to the events of (period, phase) in b: assigned widely,
 * refined, assigned again closely, one event a mark.  Returns the count
 * in mine. */
static size_t fit_marks(const struct periodic_event *ev, size_t n,
			const unsigned char *taken, const struct band *b,
			double *period, double *phase, int one_a_mark, size_t *mine)
{
	/* a few rounds: a source whose clock runs apart from ours drifts
	 * off marks of a period a little off over the trace */
	for (int round = 0; round < 3; round++) {
		size_t m = assign(ev, n, taken, b, *period, *phase, MARK_TOLERANCE_FIRST, mine);
		refine_marks(ev, mine, m, period, phase);
	}
	size_t m = assign(ev, n, taken, b, *period, *phase, MARK_TOLERANCE, mine);
	return one_a_mark ? one_per_mark(ev, mine, m, *period, *phase) : m;
}

/* Events locked to period that fill only some phases of a multiple of it
 * are several sources of that multiple: their phases into phases[], the
 * multiple into *multiple.  Returns the count of filled phases (1: one
 * source of period). */
/* The most frequent distance, in periods, between consecutive events:
 * a source firing every k-th mark of the period found (a fraction of its
 * own) shows k. */
static int mode_multiple(const struct periodic_event *ev, const size_t *mine,
			 size_t m, double period, double phase)
{
	unsigned count[MULTIPLE_MAX + 1] = { 0 };
	int best = 1;
	for (size_t i = 1; i < m; i++) {
		long long d = mark_number(&ev[mine[i]], period, phase) -
			      mark_number(&ev[mine[i - 1]], period, phase);
		if (d >= 1 && d <= MULTIPLE_MAX)
			count[d]++;
	}
	for (int k = 2; k <= MULTIPLE_MAX; k++)
		if (count[k] > count[best])
			best = k;
	return best;
}

/* The filled slots of mult, slot[0..filled), are one slot of a divisor d
 * of mult and every d-th after it (a source of d x period that the period
 * found is a fraction of): returns d, else 0. */
static int one_coset(const int *slot, size_t filled, int mult)
{
	if (filled < 2 || mult % (int)filled != 0)
		return 0;
	int d = mult / (int)filled;
	for (size_t j = 1; j < filled; j++)
		if (slot[j] - slot[j - 1] != d)
			return 0;
	return d;
}

/* The slots of count[0..mult) above empty, or also above by_chance +
 * SLOT_SHARE x (level - by_chance) or within three of the counts'
 * standard deviations of level (where level > 0): into slot[].  Returns
 * how many. */
static size_t above_empty(const size_t *count, int mult, double empty, double by_chance,
			  double level, int *slot)
{
	size_t filled = 0;
	for (int j = 0; j < mult; j++) {
		double c = (double)count[j];
		if (c <= empty || (level > 0 && c <= by_chance + SLOT_SHARE * (level - by_chance) &&
				   level - c > 3 * sqrt(level + c)))
			continue;
		slot[filled++] = j;
	}
	return filled;
}

/* The slots the share rule would empty (above empty, under the share of
 * level) are two or more that hold alike counts (within three standard
 * deviations), well beyond chance: a source of another period spread
 * evenly over every slot (with the share rule's source adding to one of
 * them), not slots this period leaves empty. */
static int evenly_filled(const size_t *count, int mult, double empty, double by_chance,
			 double level)
{
	double lo = INFINITY, hi = 0, sum = 0, k = 0;
	for (int j = 0; j < mult; j++) {
		double c = (double)count[j];
		if (c <= empty || c > by_chance + SLOT_SHARE * (level - by_chance))
			continue;
		lo = fmin(lo, c), hi = fmax(hi, c), sum += c, k++;
	}
	double mean = k > 0 ? sum / k : 0;
	return k >= 2 && hi - lo <= 3 * sqrt(mean) && mean - by_chance > 3 * sqrt(mean);
}

/* The events' marks counted in `mult` slots (mark number mod mult); the
 * filled ones' phases into phases[].  Returns how many are filled (0:
 * chance fills them all); where they are every d-th slot (one_coset),
 * one, the first, with *mult set to d.
 *
 * Empty: no more than chance puts in a slot (twice over), or a tenth of
 * the fullest, and at most a third of the fullest.  A source of a
 * multiple of the period (one slot filled, or every d-th) may leave more
 * in the others: another source's events (a 10 ms source folded at 2 ms
 * hits every slot), so for it a slot is empty too whose events beyond
 * chance are under SLOT_SHARE of the level of the slots above that share
 * of the fullest's (the fullest of many is high by chance), by more than
 * three standard deviations.  Several sources of the multiple, one per
 * filled slot, are told only from slots empty the first way. */
static size_t slots_filled(const struct periodic_event *ev, const size_t *mine,
			   size_t m, double period, double phase, double chance_all,
			   int *mult, double phases[MULTIPLE_MAX])
{
	size_t count[MULTIPLE_MAX] = { 0 }, most = 0;
	int slot[MULTIPLE_MAX], k_of = *mult;
	for (size_t i = 0; i < m; i++) {
		long long k = mark_number(&ev[mine[i]], period, phase);
		count[((k % k_of) + k_of) % k_of]++;
	}
	for (int j = 0; j < k_of; j++)
		most = count[j] > most ? count[j] : most;
	double by_chance = chance_all / k_of, top = (double)most;
	double empty = fmin(fmax(2 * by_chance, SLOT_EMPTY * top), top / 3);
	double level = 0, above = 0;
	for (int j = 0; j < k_of; j++)
		if ((double)count[j] > by_chance + SLOT_SHARE * (top - by_chance)) {
			level += (double)count[j];
			above++;
		}
	level /= above;	/* the fullest is above: never 0 / 0 */
	size_t filled = above_empty(count, k_of, empty, by_chance,
				    evenly_filled(count, k_of, empty, by_chance, level) ? 0 : level,
				    slot);
	int d = filled == 1 ? k_of : one_coset(slot, filled, k_of);
	if (d == 0)	/* not one source: empty only the first way */
		filled = above_empty(count, k_of, empty, by_chance, 0, slot);
	else if (d < k_of)
		filled = 1;
	for (size_t j = 0; j < filled; j++)
		phases[j] = phase + slot[j] * period;
	*mult = d > 0 && d < k_of ? d : k_of;
	return filled;
}

/* Events locked to period that fill only some phases of a multiple of it
 * (2 to 8, or the most frequent distance between them) are several
 * sources of that multiple: their phases into phases[], the multiple into
 * *multiple.  Returns the count of filled phases (1: one source of
 * period, or of the multiple). */
static size_t filled_phases(const struct periodic_event *ev, const size_t *mine,
			    size_t m, double period, double phase, double chance_all,
			    int *multiple, double phases[MULTIPLE_MAX])
{
	*multiple = 1;
	phases[0] = phase;
	int mode = mode_multiple(ev, mine, m, period, phase);
	for (int i = 2; i <= MULTIPLE_SMALL + 1; i++) {
		int mult = i <= MULTIPLE_SMALL ? i : mode;
		if (mult <= 1 || (i > MULTIPLE_SMALL && mult <= MULTIPLE_SMALL) ||
		    m < (size_t)(SLOT_MIN_EVENTS * mult))
			continue;
		size_t filled = slots_filled(ev, mine, m, period, phase, chance_all, &mult, phases);
		if (filled == 0)
			break;	/* chance fills every slot: nothing to tell */
		if (filled < (size_t)mult) {
			*multiple = mult;
			return filled;
		}
	}
	phases[0] = phase;
	return 1;
}

/* Median and quartiles of the costs of the events idx[0..m). */
static void costs(const struct periodic_event *ev, const size_t *idx, size_t m,
		  struct periodic_source *s)
{
	double *c = malloc(m * sizeof *c);
	if (c == NULL)
		return;
	for (size_t i = 0; i < m; i++)
		c[i] = ev[idx[i]].cost;
	qsort(c, m, sizeof *c, by_double);
	s->cost = c[m / 2];
	s->cost_lo = c[m / 4];
	s->cost_hi = c[(3 * m) / 4];
	free(c);
}

/* Coherence of the events idx[0..m) at period: |mean of exp(2 pi i t/P)|. */
static double coherence(const struct periodic_event *ev, const size_t *idx, size_t m,
			double period)
{
	double c = 0, s = 0;
	for (size_t i = 0; i < m; i++) {
		long double f = (long double)ev[idx[i]].mid / period;
		double a = 2 * M_PI * (double)(f - floorl(f));
		c += cos(a), s += sin(a);
	}
	return m ? sqrt(c * c + s * s) / (double)m : 0;
}

/* The chance that e holds a mark of period: (its stretch + the
 * tolerance) / period. */
static double chance(const struct periodic_event *e, double period)
{
	return fmin(1, (e->hi - e->lo) / period + 2 * MARK_TOLERANCE);
}

/* How many of the events left in b would hold a mark of period by chance. */
static double by_chance(const struct periodic_event *ev, size_t n,
			const unsigned char *taken, const struct band *b, double period)
{
	double expect = 0;
	for (size_t i = 0; i < n; i++)
		if (!taken[i] && in_band(&ev[i], b))
			expect += chance(&ev[i], period);
	return expect;
}

/* Events not this source's, of a cost beyond its own, that hold its mark
 * beyond chance: this source and another interruption in one stretch
 * (left out of b, or taken by the other source). */
static double shared_hits(const struct periodic_event *ev, size_t n,
			  const unsigned char *mine_flag, double cost,
			  double period, double phase)
{
	double held = 0, expect = 0;
	for (size_t i = 0; i < n; i++)
		if (!mine_flag[i] && ev[i].cost > 1.2 * cost) {
			held += holds_mark(&ev[i], period, phase, MARK_TOLERANCE * period);
			expect += chance(&ev[i], period);
		}
	return held > expect ? held - expect : 0;
}

/* Rayleigh's Z of the events idx[0..m) at period, and their phase. */
static double z_at(const struct periodic_event *ev, const size_t *idx, size_t m,
		   double period, double *phase)
{
	double c = 0, s = 0;
	for (size_t i = 0; i < m; i++) {
		long double f = (long double)ev[idx[i]].mid / period;
		double a = 2 * M_PI * (double)(f - floorl(f));
		c += cos(a), s += sin(a);
	}
	double ang = atan2(s, c);
	*phase = (ang < 0 ? ang + 2 * M_PI : ang) / (2 * M_PI) * period;
	return m ? (c * c + s * s) / (double)m : 0;
}

/* The longest multiple k x period (k <= MULTIPLE_MAX / 2) to which the
 * events lock as strongly (90% of Z, less the events that hold a mark of
 * period by chance, `chance` of the m, which fall anywhere in the
 * multiple's): the fundamental of a source found at a fraction of its
 * period.  Events of a true period do not lock to twice it (half fall at
 * each phase).  Returns k, its phase in *phase. */
static int locking_multiple(const struct periodic_event *ev, const size_t *mine,
			    size_t m, double period, double span, double chance,
			    double *phase)
{
	double ph, z1 = z_at(ev, mine, m, period, &ph);
	double own = m > 0 ? fmax(0, 1 - chance / (double)m) : 0;
	double want = 0.9 * z1 * fmax(0.25, own * own);
	/* eight marks of the multiple over the span at least: bursts lock to
	 * any period longer than their spacing */
	for (int k = MULTIPLE_MAX / 2; k >= 2; k--)
		if (k * period <= span / 8 && z_at(ev, mine, m, k * period, phase) >= want)
			return k;
	return 1;
}

/* The source (period, phase) of the events in b, refined on its own
 * events, taken out of them: into *s when it accounts for enough of them,
 * and far more than chance would.  Returns 1 if so. */
static int take_source(const struct periodic_event *ev, size_t n,
		       unsigned char *taken, const struct band *b, double period,
		       double phase, double fill_min, int one_a_mark, size_t *mine,
		       struct periodic_source *s)
{
	size_t m = fit_marks(ev, n, taken, b, &period, &phase, one_a_mark, mine);
	double ph, phases[MULTIPLE_MAX], span = ev[n - 1].mid - ev[0].mid;
	int k = locking_multiple(ev, mine, m, period, span,
				 by_chance(ev, n, taken, b, period), &ph);
	if (k > 1) {	/* the fundamental, and its events */
		period *= k;
		phase = ph;
		m = fit_marks(ev, n, taken, b, &period, &phase, one_a_mark, mine);
	}
	/* one filled phase of a multiple (a few of its events sit at
	 * others): the multiple */
	if (filled_phases(ev, mine, m, period, phase, by_chance(ev, n, taken, b, period),
			  &k, phases) == 1 && k > 1) {
		period *= k;
		phase = phases[0];
		m = fit_marks(ev, n, taken, b, &period, &phase, one_a_mark, mine);
	}
	if (m < SOURCE_MIN_EVENTS || period > span / 8 ||
	    (double)m < CHANCE_FACTOR * by_chance(ev, n, taken, b, period) ||
	    (span > 0 && (double)m * period < fill_min * span))
		return 0;
	*s = (struct periodic_source){ .period = period, .phase = phase, .events = m,
				       .level = b->lo };
	s->coherence = coherence(ev, mine, m, period);
	costs(ev, mine, m, s);
	for (size_t i = 0; i < m; i++)
		s->short_events += ev[mine[i]].hi - ev[mine[i]].lo < period / 2;
	/* mark this source's events 2 while the shared ones are counted */
	for (size_t i = 0; i < m; i++)
		taken[mine[i]] = 2;
	unsigned char *own = malloc(n);
	if (own != NULL) {
		for (size_t i = 0; i < n; i++)
			own[i] = taken[i] == 2;
		s->hits = (double)m + shared_hits(ev, n, own, s->cost, period, phase);
		free(own);
	} else {
		s->hits = (double)m;
	}
	for (size_t i = 0; i < m; i++)
		taken[mine[i]] = 1;
	return 1;
}

/* The times of the events not yet taken in b (ascending). */
static size_t band_times(const struct periodic_event *ev, size_t n,
			 const unsigned char *taken, const struct band *b, double *t)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!taken[i] && in_band(&ev[i], b))
			t[k++] = ev[i].mid;
	return k;
}

/* The events' stretches, as the bands and the merging of sources want
 * them: taken once, the same in every search. */
struct stretches {
	double q50, q20;	/* at (n - 1) x 0.5 and 0.2 in length order */
	double typical;		/* at n / 2 */
};

static int stretches_of(const struct periodic_event *ev, size_t n, struct stretches *st)
{
	double *len = malloc(n * sizeof *len);
	if (len == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		len[i] = ev[i].hi - ev[i].lo;
	st->q50 = select_kth(len, n, (size_t)(0.5 * (double)(n - 1)));
	st->q20 = select_kth(len, n, (size_t)(0.2 * (double)(n - 1)));
	st->typical = select_kth(len, n, n / 2);
	free(len);
	return 0;
}

/* The bands: every event; above level x 2^j; within two octaves; up to
 * the costliest event; then the events of the shorter stretches (where
 * runs are long against the period, only the short ones lock to it).
 * Returns how many. */
static int bands_of(const struct periodic_event *ev, size_t n, double level,
		    const struct stretches *st, struct band b[BANDS + 2])
{
	double top = 0;
	for (size_t i = 0; i < n; i++)
		top = ev[i].cost > top ? ev[i].cost : top;
	level = level > 0 ? level : 1;
	double spread = top > level ? ceil(log2(top / level)) : 1;	/* inf: many */
	int octaves = spread < BAND_OCTAVES ? (int)spread : BAND_OCTAVES;
	for (int j = 0; j < octaves; j++) {
		b[j] = (struct band){ j ? level * exp2(j) : -INFINITY, INFINITY, INFINITY };
		b[octaves + j] = (struct band){ level * exp2(j), level * exp2(j + 2), INFINITY };
	}
	b[2 * octaves] = (struct band){ -INFINITY, INFINITY, st->q50 };
	b[2 * octaves + 1] = (struct band){ -INFINITY, INFINITY, st->q20 };
	return 2 * octaves + 2;
}

/* A period in the events left in band b: into *p.  Returns 1 if found. */
static int band_period(const struct periodic_event *ev, size_t n,
		       const unsigned char *taken, const struct band *b, double *t,
		       const double *null, size_t nnull, size_t *last,
		       struct period_memo *memo, struct period_result *p)
{
	size_t k = band_times(ev, n, taken, b, t);
	/* too few, or nearly the band searched before (above x 2^j holds
	 * the band above x 2^(j+1)) */
	if (k < SOURCE_MIN_EVENTS ||
	    (isinf(b->hi) && isinf(b->len) && *last > 0 && k > 0.9 * (double)*last))
		return 0;
	*last = k;
	if (k > SEARCH_EVENTS) {
		/* a random subset: every j-th of events that recur would
		 * alias into a period of their own */
		uint64_t x = 0x9e3779b97f4a7c15u;
		for (size_t i = 0; i < SEARCH_EVENTS; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			size_t j = i + (size_t)(x % (k - i));
			double tmp = t[i];
			t[i] = t[j];
			t[j] = tmp;
		}
		k = SEARCH_EVENTS;
		qsort(t, k, sizeof *t, by_double);
	}
	period_detect_memo(memo, t, k, null, nnull, p);
	return p->found;
}

/* The sources of a period found in band b (one, or one per filled phase
 * of a multiple), taken out.  Returns how many were added. */
static size_t sources_of(const struct periodic_event *ev, size_t n,
			 unsigned char *taken, const struct band *b,
			 const struct period_result *p, double fill_min, int one_a_mark,
			 size_t *mine, struct periodic_sources *out)
{
	double period = p->period, phases[MULTIPLE_MAX];
	double phase = densest_phase(ev, n, taken, b, period);
	int mult;
	size_t m = fit_marks(ev, n, taken, b, &period, &phase, one_a_mark, mine);
	size_t filled;
	/* a harmonic: one filled phase of a multiple, until the multiple's
	 * phases are all filled (a period found at a sixth of the source's
	 * shows one phase of two, then one of three) */
	for (int depth = 0; depth < 4; depth++) {
		double chance_all = by_chance(ev, n, taken, b, period);
		filled = filled_phases(ev, mine, m, period, phase, chance_all, &mult, phases);
		if (filled != 1 || mult == 1)
			break;
		phase = phases[0];
		period *= mult;
		m = fit_marks(ev, n, taken, b, &period, &phase, one_a_mark, mine);
		mult = 1;
	}
	size_t added = 0;
	for (size_t j = 0; j < filled && out->count < PERIODIC_SOURCES_MAX; j++)
		if (take_source(ev, n, taken, b, mult * period, phases[j], fill_min, one_a_mark,
				mine, &out->s[out->count])) {
			out->count++;
			added++;
		}
	return added;
}

/* One search among the events left, band after band in order, until one
 * yields a source: one search where the events are clear, and a period
 * found that accounts for no more events than chance (a fraction of the
 * true period, with long stretches) does not end the search.  Returns how
 * many sources were added. */
static size_t search_once(const struct periodic_event *ev, size_t n,
			  unsigned char *taken, double *t, size_t *mine,
			  const double *null, size_t nnull, double level,
			  double fill_min, int one_a_mark, const struct stretches *st,
			  struct period_memo *memo, struct periodic_sources *out)
{
	struct band b[BANDS + 2];
	int bands = bands_of(ev, n, level, st, b);
	size_t last = 0;
	for (int j = 0; j < bands; j++) {
		struct period_result p;
		int found = band_period(ev, n, taken, &b[j], t, null, nnull, &last, memo, &p);
		if (j == 0 && out->count == 0)
			out->first = p;
		size_t added = found ? sources_of(ev, n, taken, &b[j], &p, fill_min, one_a_mark, mine, out) : 0;
		if (added > 0)
			return added;
	}
	return 0;
}

/* b's marks are marks of a: its period a multiple of a's (up to
 * MULTIPLE_MAX), its phase on a's grid within `near`. */
static int marks_of(const struct periodic_source *a, const struct periodic_source *b,
		    double near)
{
	double k = b->period / a->period;
	if (!(k > 0.5) || k > MULTIPLE_MAX + 0.5 || fabs(k - round(k)) > 1e-3 * k)
		return 0;
	double d = fmod(fabs(a->phase - b->phase), a->period);
	return fmin(d, a->period - d) <= near;
}

/* b's cost within a's quartiles (the upper one 25% wider). */
static int cost_alike(const struct periodic_source *a, const struct periodic_source *b)
{
	return b->cost >= a->cost_lo && b->cost <= a->cost_hi * 1.25;
}

/* a and b, of one period, lie half of it apart (within MARK_TOLERANCE of
 * it, the marks' own), with as many events (within three standard
 * deviations): the two halves of one source of half the period, whose
 * marks fell into two slots of the period searched. */
static int halves(const struct periodic_source *a, const struct periodic_source *b)
{
	double d = fmod(fabs(a->phase - b->phase), a->period);
	double ea = (double)a->events, eb = (double)b->events;
	return fabs(d - a->period / 2) <= MARK_TOLERANCE * a->period &&
	       fabs(ea - eb) <= 3 * sqrt(ea + eb);
}

/* Sources of one period whose phases lie closer than the typical stretch
 * (two sources a few microseconds apart, taken in pieces) are one, and so
 * are two of one cost whose phases lie within MARK_TOLERANCE_FIRST of the
 * period (a source that fires late by more than the marks' tolerance at
 * some marks: its events split between two sets of marks a little apart,
 * each fitted a period of its own); so is a source whose marks are every
 * k-th of another's, of its cost (events of one source that the
 * collection's rhythm caught only at some marks); and two of one period
 * and cost half of it apart, of as many events, are one of half the
 * period (halves). */
static void merge_alike(double typical, struct periodic_sources *out)
{
	for (size_t i = 0; i < out->count; i++)
		for (size_t j = i + 1; j < out->count; j++) {
			struct periodic_source *a = &out->s[i], *b = &out->s[j];
			int same = fabs(b->period / a->period - 1) <= 1e-3;
			int twin = same && cost_alike(a, b) && cost_alike(b, a);
			int alike = (marks_of(a, b, typical) && (same || cost_alike(a, b))) ||
				    (twin && marks_of(a, b, MARK_TOLERANCE_FIRST * a->period));
			if (twin && !alike && halves(a, b)) {
				a->period /= 2;	/* one source of half the period */
				alike = 1;
			}
			if (!alike)
				continue;
			a->hits += b->hits;
			a->events += b->events;
			a->short_events += b->short_events;
			out->s[j--] = out->s[--out->count];
		}
}

/* The first event whose middle is at x or after (ev sorted by mid). */
static size_t first_at(const struct periodic_event *ev, size_t n, double x)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ev[mid].mid < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Marks a source's halving looks at, at most. */
enum { SHARED_MARKS_MAX = 1 << 20 };

/* A source whose marks half a period on fall in runs other sources took
 * (both fired in one run there: a 10 ms source beside a 4 ms timer has
 * every other mark within the timer's runs), as many of them held as of
 * its own, and most of those runs costlier than their source's own by
 * half this one's cost: it fires every half period, and shares those
 * runs.  Its period is halved, and they are counted as its events too. */
static void shared_halves(const struct periodic_event *ev, size_t n,
			  struct periodic_sources *out)
{
	double from = ev[0].mid, to = ev[n - 1].mid;
	for (size_t i = 0; i < out->count; i++) {
		struct periodic_source *s = &out->s[i];
		double half = s->period / 2, own_marks = (to - from) / s->period;
		if (!(own_marks >= 8 && own_marks <= SHARED_MARKS_MAX))
			continue;
		double first = s->phase + half;
		first -= floor((first - from) / s->period) * s->period;
		size_t marks = 0, held = 0, costlier = 0;
		for (double m = first; m <= to; m += s->period) {
			marks++;
			size_t k = first_at(ev, n, m - s->period / 4);
			for (; k < n && ev[k].mid <= m + s->period / 4; k++) {
				const struct periodic_event *e = &ev[k];
				if (!holds_mark(e, s->period, m, MARK_TOLERANCE * s->period))
					continue;
				held++;
				for (size_t j = 0; j < out->count; j++)
					if (j != i && periodic_holds(&out->s[j], e)) {
						costlier += e->cost >= out->s[j].cost + s->cost / 2;
						break;
					}
				break;	/* one run a mark */
			}
		}
		if (held >= SOURCE_MIN_EVENTS && (double)held >= 0.8 * (double)s->events / own_marks * (double)marks &&
		    2 * costlier >= held) {
			s->period = half;
			s->events += held;
			s->hits += (double)held;
		}
	}
}

int periodic_find(const struct periodic_event *ev, size_t n, const double *null,
		  size_t nnull, double level, double fill_min, int one_a_mark,
		  struct period_memo *memo, struct periodic_sources *out)
{
	memset(out, 0, sizeof *out);
	out->tried = n;
	out->first.null_exceeded = -1;
	if (n < SOURCE_MIN_EVENTS)
		return 0;
	unsigned char *taken = calloc(n, 1);
	double *t = malloc(n * sizeof *t);
	size_t *mine = malloc(n * sizeof *mine);
	struct stretches st;
	int rc = taken && t && mine ? stretches_of(ev, n, &st) : -1;
	while (rc == 0 && out->count < PERIODIC_SOURCES_MAX &&
	       search_once(ev, n, taken, t, mine, null, nnull, level, fill_min, one_a_mark,
			   &st, memo, out) > 0)
		;
	if (rc == 0) {
		merge_alike(st.typical, out);
		shared_halves(ev, n, out);
	}
	/* strongest first: the source of the most events */
	for (size_t i = 1; i < out->count; i++)
		for (size_t j = i; j > 0 && out->s[j].hits > out->s[j - 1].hits; j--) {
			struct periodic_source tmp = out->s[j];
			out->s[j] = out->s[j - 1];
			out->s[j - 1] = tmp;
		}
	free(taken), free(t), free(mine);
	return rc;
}

int periodic_holds(const struct periodic_source *s, const struct periodic_event *e)
{
	return holds_mark(e, s->period, s->phase, MARK_TOLERANCE * s->period);
}

static int by_mid(const void *a, const void *b)
{
	const struct periodic_event *x = a, *y = b;
	return (x->mid > y->mid) - (x->mid < y->mid);
}

void periodic_sort(struct periodic_event *ev, size_t n)
{
	if (n > 1)
		qsort(ev, n, sizeof *ev, by_mid);
}
