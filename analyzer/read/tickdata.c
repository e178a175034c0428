/*
 * tickdata.c - a uniform sample of the timings, for the tick rule.
 */
#include "tickdata.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tick.h"

void tickdata_init(struct tickdata *td)
{
	td->kept = 0;
	td->seen = 0;
	td->inexact = 0;
	memset(td->digits, 0, sizeof td->digits);
}

/* The significant digits of m > 0 (1 to 20). */
static int digits_of(uint64_t m)
{
	int k = 1;
	for (uint64_t p = 10; k < 20 && m >= p; p *= 10)
		k++;
	return k;
}

void tickdata_offer(struct tickdata *td, uint64_t m, int e, gsl_rng *rng)
{
	if (m == 0)
		return;
	td->seen++;
	size_t j = td->kept;
	if (td->kept == TICKDATA_KEEP) {
		j = gsl_rng_uniform_int(rng, td->seen < 4294967295u ? (unsigned long)td->seen
								  : 4294967295ul);
		if (j >= TICKDATA_KEEP)
			return;
	} else {
		td->kept++;
	}
	td->m[j] = m;
	td->e[j] = (int16_t)e;
}

void tickdata_count_digits(struct tickdata *td, uint64_t m, int e, int last)
{
	if (m == 0 || last > e)
		return;
	long d = (long)digits_of(m) - 1 + e, k = d - last + 1;
	d += TICKDATA_DECADE_BIAS;
	if (d >= 0 && d < TICKDATA_DECADES && k >= 1 && k < TICKDATA_DIGITS)
		td->digits[d][k]++;
}

void tickdata_offer_inexact(struct tickdata *td)
{
	td->inexact = 1;
}

/* m * 10^k, or 0 if it does not fit 64 bits. */
static uint64_t scale_up(uint64_t m, int k)
{
	for (; k > 0; k--) {
		if (m > UINT64_MAX / 10)
			return 0;
		m *= 10;
	}
	return m;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/*
 * The rule and its tolerance for strays are collect's own (tick.h).
 * Decimal timings (seconds from another tool) are each rounded to their
 * last digit, and a tick of no terminating decimal (a 99.8 MHz counter's
 * 10.02004 ns, its multiples written as %.9e) leaves no timing an exact
 * multiple of it, nor the gcd of two: the rule's candidates (the timings
 * and their gcds) then fell to the last digit, 1e-14 s, and the model
 * took every tick for an interruption.  The differences between
 * neighbouring distinct timings, a few ticks each, are candidates too:
 * within their rounding, near multiples of the tick, which the rule's
 * tolerance takes (max(1, d / 10^6) units of the last digit).
 */
uint64_t tickdata_tick(const struct tickdata *td, int *e)
{
	*e = 0;
	if (td->kept == 0 || td->inexact)
		return 0;
	int e_min = td->e[0], decimal = 0;
	for (size_t i = 0; i < td->kept; i++) {
		e_min = td->e[i] < e_min ? td->e[i] : e_min;
		decimal |= td->e[i] < 0;
	}
	uint64_t *v = malloc(2 * td->kept * sizeof *v);
	if (v == NULL)
		return 0;
	uint64_t g = 0;
	size_t i, n = td->kept;
	for (i = 0; i < td->kept; i++)
		if ((v[i] = scale_up(td->m[i], td->e[i] - e_min)) == 0)
			break;
	if (i == td->kept && decimal) {
		uint64_t *s = v + td->kept;
		memcpy(s, v, td->kept * sizeof *s);
		qsort(s, td->kept, sizeof *s, by_value);
		size_t k = 0;
		for (size_t j = 1; j < td->kept; j++)
			if (s[j] != s[j - 1])
				s[k++] = s[j] - s[j - 1];
		n += k;
	}
	if (i == td->kept)
		g = tick_from_differences(v, n);
	free(v);
	*e = e_min;
	return g;
}

double tickdata_digit_at(const struct tickdata *td, double v)
{
	if (!(v > 0) || isinf(v))
		return 0;
	long d = (long)floor(log10(v)) + TICKDATA_DECADE_BIAS;
	if (d < 0 || d >= TICKDATA_DECADES)
		return 0;
	const uint64_t *c = td->digits[d];
	int finest = TICKDATA_DIGITS - 1;
	while (finest > 0 && c[finest] == 0)
		finest--;
	if (finest == 0)
		return 0;
	/* from the finest down: at or below k digits, against at or below
	 * k + 1 */
	int k_used = finest;
	double below = 0;
	for (int j = 1; j <= finest; j++)
		below += (double)c[j];
	double all = below;
	if (all < TICKDATA_DECADE_MIN)
		return 0;
	for (int k = finest - 1; k >= 1; k--) {
		double at = below - (double)c[k + 1];
		if (at > 0.1 * below + 3 * sqrt(0.09 * below) + 2 && at >= 0.1 * all)
			k_used = k;
		below = at;
	}
	return pow(10, (double)(d - TICKDATA_DECADE_BIAS - k_used + 1));
}
