/*
 * nextplan_options.c - subtick_next's options checked, and made into the
 * plan's configuration (nextplan_options.h).
 */
#include "nextplan_options.h"

#include <unistd.h>

#include "clock.h"
#include "numparse.h"
#include "plan.h"

int nextplan_options_valid(const struct subtick_options *o)
{
	const double x[] = { o->plan_budget_s, o->plan_precision, o->plan_until };
	for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
		if (!(x[i] >= 0 && x[i] < 1e300))
			return 0;
	if (o->plan_precision >= 1 || (o->plan_n_min > 0 && o->plan_n_min >= o->plan_n_max))
		return 0;
	return o->plan_points == 0 || (o->plan_points >= 2 && o->plan_points <= PLAN_POINTS_MAX);
}

void nextplan_options_config(const struct subtick_options *o,
			     const struct calibration *cal, struct nextplan_config *c)
{
	double budget_s = o->plan_budget_s > 0 ? o->plan_budget_s
			  : o->plan_until > 0 ? PLAN_UNTIL_BUDGET_S : PLAN_DEFAULT_BUDGET_S;
	double timer_ns = calibrate_timer_period_ns();
	*c = (struct nextplan_config){
		.n_min = o->plan_n_min, .n_max = o->plan_n_max,
		.points = o->plan_points ? o->plan_points : PLAN_AUTO_POINTS,
		.budget_ns = budget_s * 1e9,
		.precision = o->plan_precision > 0 ? o->plan_precision : PLAN_DEFAULT_PRECISION,
		.until = o->plan_until > 0,
		.seed = o->plan_seed ? o->plan_seed
			: seed_from_bits(clock_reference_ns() ^ ((uint64_t)getpid() << 20)),
		.unit_ns = cal->unit_ns > 0 ? cal->unit_ns : 1,
		.resolution = plan_resolution(cal),
		.band_tick = calibrate_band_tick(cal),
		.run_cap = cal->unit_ns > 0 ? timer_ns / 8 / cal->unit_ns : 0,
	};
}
