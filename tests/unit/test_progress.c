/*
 * test_progress.c - the progress line's fields (progress.h): the time and
 * the budget, the unit cost, the width of its bounds against --until's,
 * and what the width's trend says.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "progress.h"

/* A watch with one fitted kernel of 0.27162 ns/unit (unit_ns 1), its
 * bounds `width` wide, --until `until`, the trend as given. */
static void watch_of(struct watch *w, double width, double until, enum trend_state st,
		     double left_s, double at_s)
{
	memset(w, 0, sizeof *w);
	w->active = 1;
	w->kernels = 1;
	w->until = until;
	w->have_fit = 1;
	w->fit[0].ok = 1;
	w->fit[0].slope = 0.27162;
	w->fit[0].rel_width = width;
	w->reached = width;
	w->runs_enough = 1;
	w->trend.last.state = st;
	w->trend.last.left_s = left_s;
	w->trend.last.at_s = at_s;
}

static void line(char *buf, size_t len, double elapsed, const struct watch *w, double budget_s,
		 double fraction)
{
	struct progress_state st = { 84512, fraction, budget_s, w, 1 };
	progress_format(buf, len, elapsed, &st);
	print_message("%s\n", buf);
}

static void test_falling(void **state)
{
	(void)state;
	struct watch w;
	char buf[256];
	watch_of(&w, 0.00096, 1e-4, TREND_FALLING, 45, 11);
	line(buf, sizeof buf, 12.3, &w, 60, 12.3 / 60);
	assert_non_null(strstr(buf, "12 s of 60 s  "));
	assert_non_null(strstr(buf, "  0.27162 ns/unit  "));
	assert_non_null(strstr(buf, "  width 0.096% of 0.01%  "));
	/* 45 s as of 11 s, counted down to 12.3 s */
	assert_non_null(strstr(buf, "  ~44 s to go  "));
	assert_non_null(strstr(buf, "  84512 samples"));
	/* the time to go beyond what the budget has left */
	watch_of(&w, 0.00096, 1e-4, TREND_FALLING, 3600, 11);
	line(buf, sizeof buf, 12.3, &w, 60, 12.3 / 60);
	assert_non_null(strstr(buf, "  ~60 min: beyond the budget  "));
	watch_of(&w, 0.00096, 1e-4, TREND_FALLING, INFINITY, 11);
	line(buf, sizeof buf, 12.3, &w, 60, 12.3 / 60);
	assert_non_null(strstr(buf, "  falling, too slowly to get there  "));
	/* falling, at a pace too unsteady for an estimate */
	watch_of(&w, 0.00096, 1e-4, TREND_FALLING, NAN, 11);
	line(buf, sizeof buf, 12.3, &w, 60, 12.3 / 60);
	assert_non_null(strstr(buf, "  width 0.096% of 0.01%  falling  84512 samples"));
	/* before 10 s, a tenth of a second */
	line(buf, sizeof buf, 1.25, &w, 60, 1.25 / 60);
	assert_non_null(strstr(buf, "1.2 s of 60 s  "));
}

static void test_not_falling(void **state)
{
	(void)state;
	struct watch w;
	char buf[256];
	watch_of(&w, 0.0025, 1e-4, TREND_FLAT, NAN, 11);
	line(buf, sizeof buf, 30, &w, 60, 0.5);
	assert_non_null(strstr(buf, "  width 0.25% of 0.01%  not falling  "));
	assert_null(strstr(buf, "~"));
	watch_of(&w, 0.0025, 1e-4, TREND_UNCLEAR, NAN, 11);
	line(buf, sizeof buf, 30, &w, 60, 0.5);
	assert_non_null(strstr(buf, "  no clear trend  "));
	watch_of(&w, 0.0025, 1e-4, TREND_NONE, NAN, 11);
	line(buf, sizeof buf, 30, &w, 60, 0.5);
	assert_non_null(strstr(buf, "  width 0.25% of 0.01%  84512 samples"));
	/* narrow enough, but not yet 5 runs at every N */
	watch_of(&w, 0.00005, 1e-4, TREND_FALLING, 0, 11);
	w.runs_enough = 0;
	line(buf, sizeof buf, 12, &w, 60, 0.2);
	assert_non_null(strstr(buf, "waiting for 5 runs at every N"));
}

/* No --until: the width alone; --runs: the time it will take, roughly;
 * no fit yet. */
static void test_other_lines(void **state)
{
	(void)state;
	struct watch w;
	char buf[256];
	watch_of(&w, 0.0012, 0, TREND_NONE, NAN, 0);
	line(buf, sizeof buf, 1.5, &w, 2, 0.75);
	assert_non_null(strstr(buf, "1.5 s of 2 s  0.27162 ns/unit  width 0.12%  84512 samples"));
	line(buf, sizeof buf, 3, &w, 0, 0.25);
	assert_non_null(strstr(buf, "3.0 s of ~12 s  "));
	watch_of(&w, INFINITY, 1e-4, TREND_NONE, NAN, 0);
	w.have_fit = 0;
	w.fit[0].ok = 0;
	line(buf, sizeof buf, 0.1, &w, 60, 0);
	assert_non_null(strstr(buf, "(no line yet)  width ? of 0.01%"));
	/* two kernels: each one's cost */
	watch_of(&w, 0.0012, 0, TREND_NONE, NAN, 0);
	w.kernels = 2;
	w.fit[1] = w.fit[0];
	w.fit[1].slope = 0.5;
	line(buf, sizeof buf, 1, &w, 2, 0.5);
	assert_non_null(strstr(buf, "  A 0.27162 ns/unit  B 0.5 ns/unit  width 0.12%"));
}

static void test_durations(void **state)
{
	(void)state;
	char d[32];
	const struct {
		double s;
		const char *text;
	} cases[] = {
		{ 0.4, "<1 s" }, { 40, "40 s" }, { 720, "12 min" }, { 3 * 3600, "3 h" },
		{ 9 * 86400, "9 days" }, { 4000 * 365.25 * 86400, "4000 years" },
		{ 3e7 * 365.25 * 86400, "3.0e+07 years" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		progress_duration(d, sizeof d, cases[i].s);
		assert_string_equal(d, cases[i].text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_falling),
		cmocka_unit_test(test_not_falling),
		cmocka_unit_test(test_other_lines),
		cmocka_unit_test(test_durations),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
