/*
 * tick.c - the majority rule for a clock's tick, tolerant of strays
 * (tick.h says what the rule is and why).
 */
#include "tick.h"

/* Candidates tried of each kind (a difference, the gcd of two): enough that
 * a tick covering 3/4 of the differences is among them many times over. */
#define TICK_CANDIDATES 512

uint64_t tick_gcd(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t r = a % b;
		a = b;
		b = r;
	}
	return a;
}

uint64_t tick_difference(uint64_t a, uint64_t b, unsigned width)
{
	uint64_t mask = width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
	return (b - a) & mask;
}

uint64_t tick_tolerance(uint64_t d)
{
	uint64_t t = d / 1000000u;
	return t > 1 ? t : 1;
}

/* The multiple of g that d is near (0 if none), by tick.h's rule. */
static uint64_t near_quotient(uint64_t d, uint64_t g, uint64_t near_min, int *exact)
{
	uint64_t q = d / g, r = d % g;
	*exact = r == 0 && q > 0;
	if (*exact)
		return q;
	uint64_t tol = tick_tolerance(d);
	/* Only where the tolerance is small against g: else every d would be
	 * near a multiple (values of 10^10 units against g = 1000). */
	if (g < near_min || tol > g / near_min)
		return 0;
	if (q > 0 && r <= tol)
		return q;
	if (g - r <= tol)
		return q + 1;
	return 0;
}

int tick_near_multiple(uint64_t d, uint64_t g)
{
	int exact;
	return g > 0 && near_quotient(d, g, TICK_NEAR_MIN, &exact) != 0;
}

/* What candidate g covers: exact and near multiples, the gcd of the exact
 * ones (the largest value with the same exact support), and whether the
 * covered differences lie at two multiples or more. */
struct cover {
	size_t exact, near;
	uint64_t gcd_exact;
	uint64_t exact_first, q_first;
	int exact_spread, near_spread;
};

static void cover_of(const uint64_t *d, size_t n, uint64_t g, uint64_t near_min,
		     struct cover *c)
{
	*c = (struct cover){ 0 };
	for (size_t i = 0; i < n; i++) {
		int exact;
		uint64_t q = d[i] ? near_quotient(d[i], g, near_min, &exact) : 0;
		if (q == 0)
			continue;
		if (c->near++ == 0)
			c->q_first = q;
		else if (q != c->q_first)
			c->near_spread = 1;
		if (!exact)
			continue;
		if (c->exact++ == 0)
			c->exact_first = d[i];
		else if (d[i] != c->exact_first)
			c->exact_spread = 1;
		c->gcd_exact = tick_gcd(c->gcd_exact, d[i]);
	}
}

struct judged {
	uint64_t value;	/* 0: not qualified */
	size_t exact, near;
};

static int majority(size_t hits, size_t n)
{
	return hits * TICK_MAJORITY_DEN >= n * TICK_MAJORITY_NUM;
}

static int agrees_with_claim(uint64_t g, uint64_t claimed)
{
	if (claimed <= 1)
		return 0;
	uint64_t lo = g < claimed ? g : claimed, hi = g < claimed ? claimed : g;
	return hi - lo <= tick_tolerance(hi);
}

/* Candidate c qualifies by its exact multiples (value: their gcd) or, when
 * those fall short, by its near multiples (value: c itself). */
static struct judged judge(const uint64_t *d, size_t n, size_t nonzero, uint64_t near_min,
			   uint64_t c, uint64_t claimed)
{
	struct cover cv;
	struct judged j = { 0, 0, 0 };
	cover_of(d, n, c, near_min, &cv);
	if (majority(cv.exact, nonzero)) {
		if (cv.exact_spread || agrees_with_claim(cv.gcd_exact, claimed))
			j = (struct judged){ cv.gcd_exact, cv.exact, cv.near };
	} else if (majority(cv.near, nonzero)) {
		if (cv.near_spread || agrees_with_claim(c, claimed))
			j = (struct judged){ c, cv.exact, cv.near };
	}
	return j;
}

/* b beats a: a larger tick, unless the two are the same tick up to the
 * tolerance; then the one more differences are exact multiples of. */
static int better(const struct judged *a, const struct judged *b)
{
	if (a->value == 0)
		return b->value != 0;
	uint64_t hi = a->value > b->value ? a->value : b->value;
	uint64_t lo = a->value > b->value ? b->value : a->value;
	if (hi - lo > 2 * tick_tolerance(hi))
		return b->value > a->value;
	if (b->exact != a->exact)
		return b->exact > a->exact;
	if (b->near != a->near)
		return b->near > a->near;
	return b->value > a->value;
}

static void estimate(const uint64_t *d, size_t n, uint64_t claimed, uint64_t near_min,
		     struct tick_estimate *out)
{
	uint64_t all = 0;
	size_t nonzero = 0;
	for (size_t i = 0; i < n; i++) {
		all = tick_gcd(all, d[i]);
		nonzero += d[i] != 0;
	}
	*out = (struct tick_estimate){ all, nonzero, nonzero, nonzero };
	if (nonzero == 0)
		return;

	struct judged best = { 0, 0, 0 };
	size_t stride = n / TICK_CANDIDATES + 1;
	for (size_t i = 0; i < n; i += stride) {
		uint64_t cand[2] = { d[i], tick_gcd(d[i], d[(i + 1) % n]) };
		for (int k = 0; k < 2; k++) {
			if (cand[k] == 0 || cand[k] <= all)
				continue;
			struct judged j = judge(d, n, nonzero, near_min, cand[k], claimed);
			if (j.value != 0 && better(&best, &j))
				best = j;
		}
	}
	/* and the resolution the clock claims: a process that runs only now
	 * and then (a loaded machine) sees a 4 ms clock step by 12000001,
	 * 16000001 or 20000001, no two of whose gcds is 4 ms */
	if (claimed > all) {
		struct judged j = judge(d, n, nonzero, near_min, claimed, claimed);
		if (j.value != 0 && better(&best, &j))
			best = j;
	}
	if (best.value > all)
		*out = (struct tick_estimate){ best.value, nonzero, best.exact,
					       best.near };
}

void tick_estimate(const uint64_t *d, size_t n, uint64_t claimed,
		   struct tick_estimate *out)
{
	estimate(d, n, claimed, TICK_NEAR_MIN, out);
}

void tick_estimate_readings(const uint64_t *d, size_t n, uint64_t claimed,
			    struct tick_estimate *out)
{
	estimate(d, n, claimed, TICK_NEAR_MIN_READINGS, out);
}

int tick_uneven(double step, uint64_t tick, const uint64_t *d, size_t n)
{
	size_t whole = 0;
	int exact;
	for (size_t i = 0; i < n; i++)
		whole += near_quotient(d[i], tick, TICK_NEAR_MIN_READINGS, &exact) != 0;
	double off = (step - (double)tick) / (double)tick;
	return !majority(whole, n) || off > TICK_WHOLE_REL || off < -TICK_WHOLE_REL;
}

uint64_t tick_from_differences(const uint64_t *d, size_t n)
{
	struct tick_estimate e;
	tick_estimate(d, n, 0, &e);
	return e.tick;
}

size_t tick_differences(const uint64_t *readings, size_t n, unsigned width,
			uint64_t *out)
{
	size_t m = 0;
	for (size_t i = 1; i < n; i++) {
		uint64_t d = tick_difference(readings[i - 1], readings[i], width);
		if (d != 0)
			out[m++] = d;
	}
	return m;
}

double tick_band(uint64_t tick, double mean_step)
{
	return mean_step > 0 ? mean_step + 1 : (double)tick;
}
