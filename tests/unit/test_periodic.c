/*
 * test_periodic.c - periodic sources among interruptions: each source with
 * its own period (the fundamental, not a common fraction), none among
 * random events, none where long stretches hold any mark by chance.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "periodic.h"

enum { MAX_EVENTS = 20000 };

struct events {
	struct periodic_event e[MAX_EVENTS];
	size_t n;
};

/* A periodic source over span ns: an event at every mark (its stretch
 * `len` long, the mark somewhere in it), each of `cost`. */
static void source(struct events *ev, gsl_rng *r, double period, double phase,
		   double span, double len, double cost)
{
	for (double t = phase; t < span && ev->n < MAX_EVENTS; t += period) {
		double lo = t - gsl_rng_uniform(r) * len;
		ev->e[ev->n++] = (struct periodic_event){ lo + len / 2, lo, lo + len, cost, 0 };
	}
}

static void at_random(struct events *ev, gsl_rng *r, size_t k, double span,
		      double len, double cost)
{
	for (size_t i = 0; i < k && ev->n < MAX_EVENTS; i++) {
		double lo = gsl_rng_uniform(r) * span;
		ev->e[ev->n++] = (struct periodic_event){ lo + len / 2, lo, lo + len,
							  cost * (0.5 + gsl_rng_uniform(r)), 0 };
	}
}

static int by_mid(const void *a, const void *b)
{
	const struct periodic_event *x = a, *y = b;
	return (x->mid > y->mid) - (x->mid < y->mid);
}

static void find(struct events *ev, struct periodic_sources *out)
{
	qsort(ev->e, ev->n, sizeof ev->e[0], by_mid);
	assert_int_equal(periodic_find(ev->e, ev->n, NULL, 0, 100, 0, 1, NULL, out), 0);
}

/* The source of out with period near p (relative 1e-3), or NULL. */
static const struct periodic_source *with_period(const struct periodic_sources *out, double p)
{
	for (size_t i = 0; i < out->count; i++)
		if (fabs(out->s[i].period / p - 1) < 1e-3)
			return &out->s[i];
	return NULL;
}

static void test_two_sources(void **state)
{
	(void)state;
	static struct events ev;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	for (unsigned long seed = 1; seed <= 4; seed++) {
		struct periodic_sources out;
		gsl_rng_set(r, seed);
		ev.n = 0;
		source(&ev, r, 1e6, 1e6 * gsl_rng_uniform(r), 2e9, 5e4, 20000);
		source(&ev, r, 2.7e6, 2.7e6 * gsl_rng_uniform(r), 2e9, 5e4, 50000);
		find(&ev, &out);
		assert_int_equal(out.count, 2);
		const struct periodic_source *a = with_period(&out, 1e6), *b = with_period(&out, 2.7e6);
		assert_non_null(a);
		assert_non_null(b);
		assert_true(fabs(a->cost - 20000) < 1 && fabs(b->cost - 50000) < 1);
		assert_true(a->events > 1800 && b->events > 600);
	}
	gsl_rng_free(r);
}

/* Two sources of 1 ms a third of a period apart lock together to 1/3 ms:
 * they are two of 1 ms. */
static void test_same_period_two_phases(void **state)
{
	(void)state;
	static struct events ev;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 5);
	struct periodic_sources out;
	source(&ev, r, 1e6, 1e5, 2e9, 3e4, 20000);
	source(&ev, r, 1e6, 1e5 + 1e6 / 3, 2e9, 3e4, 20000);
	find(&ev, &out);
	assert_int_equal(out.count, 2);
	assert_true(fabs(out.s[0].period / 1e6 - 1) < 1e-3);
	assert_true(fabs(out.s[1].period / 1e6 - 1) < 1e-3);
	gsl_rng_free(r);
}

/* 2.7 ms among three times as many random events: 2.7 ms, not a
 * fraction of it. */
static void test_fundamental_among_random(void **state)
{
	(void)state;
	static struct events ev;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	for (unsigned long seed = 1; seed <= 4; seed++) {
		struct periodic_sources out;
		gsl_rng_set(r, seed);
		ev.n = 0;
		source(&ev, r, 2.7e6, 1e6, 2e9, 1e5, 50000);
		at_random(&ev, r, 2200, 2e9, 1e5, 25000);
		find(&ev, &out);
		assert_int_equal(out.count, 1);
		assert_true(fabs(out.s[0].period / 2.7e6 - 1) < 1e-3);
	}
	gsl_rng_free(r);
}

/* Random events: no source.  Long stretches (a third of a period) at
 * random hold marks of any short period by chance: no source either. */
static void test_none(void **state)
{
	(void)state;
	static struct events ev;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	for (unsigned long seed = 1; seed <= 4; seed++) {
		struct periodic_sources out;
		gsl_rng_set(r, seed);
		ev.n = 0;
		at_random(&ev, r, 3000, 2e9, 5e4, 20000);
		find(&ev, &out);
		assert_int_equal(out.count, 0);
		ev.n = 0;
		at_random(&ev, r, 3000, 2e9, 3e5, 20000);
		find(&ev, &out);
		assert_int_equal(out.count, 0);
	}
	gsl_rng_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_sources),
		cmocka_unit_test(test_same_period_two_phases),
		cmocka_unit_test(test_fundamental_among_random),
		cmocka_unit_test(test_none),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
