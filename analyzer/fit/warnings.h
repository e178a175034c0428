/*
 * warnings.h - every warning's stable code: the JSON's warning_codes (in
 * the order of warnings, which stay as text) name them, so that a script
 * tells a warning by its code, not by its words.  A code is never
 * renamed or reused; a new warning takes a new one, at the end.
 */
#ifndef SUBTICK_WARNINGS_H
#define SUBTICK_WARNINGS_H

enum warning_code {
	WARN_FEW_N,			/* few_n */
	WARN_SLOPE_NOT_POSITIVE,	/* slope_not_positive */
	WARN_NARROW_RANGE,		/* narrow_range */
	WARN_FEW_RUNS,			/* few_runs */
	WARN_NONLINEAR,			/* nonlinear */
	WARN_STEP,			/* step */
	WARN_OVERHEAD_BELOW_ZERO,	/* overhead_below_zero */
	WARN_OFF_TICK,			/* off_tick */
	WARN_COARSER_THAN_TICK,		/* coarser_than_tick */
	WARN_CLOCK_GLITCH,		/* clock_glitch */
	WARN_SUBSAMPLING_ONLY,		/* interval_subsampling_only */
	WARN_BEYOND_2_53,		/* beyond_2_53 */
	WARN_DRIFT,			/* drift */
	WARN_FIFTHS,			/* fifths */
	WARN_ORDER,			/* order */
	WARN_SPEED_STATE,		/* speed_state */
	WARN_SPEED_RAMP,		/* speed_ramp */
	WARN_SPEED_MINIMA,		/* speed_minima */
	WARN_SATURATED,			/* saturated */
	WARN_SATURATED_MAYBE,		/* saturated_maybe */
	WARN_PARTLY_SEEN,		/* partly_seen */
	WARN_SHORT_BURST,		/* short_burst */
	WARN_GBENCH_MEANS,		/* gbench_means */
	WARN_MERGED,			/* merged */
	WARN_POOLED,			/* pooled */
	WARN_POOLED_FILES,		/* pooled_files */
	WARN_NO_NEWLINE,		/* no_newline */
	WARN_IN_TURN,			/* in_turn */
	WARN_CUT_SHORT,			/* cut_short */
	WARN_FAILED_RUNS,		/* failed_runs */
	WARN_INTERRUPTED,		/* interrupted */
	WARN_CHECK_FAILED,		/* check_failed */
	WARN_KBEST,			/* kbest */
	WARN_NO_UNIT_NS,		/* no_unit_ns */
	WARN_TOO_MANY,			/* too_many */
	WARN_FLOOR_HELD,		/* floor_held */
	WARN_SPEED_SLOWED,		/* speed_slowed */
	WARN_CODES
};

/* The code's name in the JSON ("few_n"). */
const char *warning_name(enum warning_code c);

#endif /* SUBTICK_WARNINGS_H */
