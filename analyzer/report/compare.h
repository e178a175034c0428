/*
 * compare.h - analyze --compare A B: did B's change make one more unit of
 * work cheaper than A's, by how much, and how sure is that?
 *
 * Each side (one stream, or several files of one collection, comma
 * separated) is analyzed in full.  The ratio of unit costs B / A gets
 * bounds that hold for minima: the union of the range the two sides'
 * own bounds allow (B_lo / A_hi .. B_hi / A_lo) and the 2.5% and 97.5%
 * quantiles of the ratios of independent refits, each side on random
 * halves of its own collection's stretches in time (blocks.h), so that
 * drift within either collection widens them.  Streams of different
 * clocks are compared only where both know unit_ns (in ns).
 *
 * Paired: when A and B are the two streams of one collection that timed
 * both kernels in turn (header key interleaved), the refits take the same
 * halves of both collections' stretches, which hold the same moments: a
 * drift of the machine's speed moves A and B alike and cancels in the
 * ratio.  The bounds are then the union of the sides' fits and tick bands
 * (B_lo / A_hi .. B_hi / A_lo) and the paired refits' quantiles.
 */
#ifndef SUBTICK_COMPARE_H
#define SUBTICK_COMPARE_H

#include <stdio.h>

#include "analysis.h"

struct comparison {
	struct analysis a, b;
	int in_ns;			/* compared in ns (else clock units) */
	int paired;			/* A and B timed in turn: refits on
					 * the same stretches of time */
	double ratio, ratio_lo, ratio_hi;	/* unit cost B / A */
	double diff, diff_lo, diff_hi;	/* unit cost B - A */
	double odiff, odiff_lo, odiff_hi;	/* overhead B - A */
	char verdict[256];
	/* paired: B / A in each fifth of the collection, with the bounds of
	 * the two fifths' bands; ratio_drift says where the ratio itself
	 * changed beyond them ("" if not) */
	double fifth[5][3];
	size_t nfifths;
	char ratio_drift[256];
};

/* Analyze both sides and compare.  Returns 0, or -1 with err filled. */
int compare_run(struct comparison *c, const struct analysis_settings *opt,
		char **side_a, char **side_b, struct input_error *err);

/* Whether B / A's bounds leave out 1: a difference resolved. */
int compare_resolved(const struct comparison *c);
/* The verdict for a heading: "B is 9.38× faster than A (9.36× to
 * 9.40×)", with the names b and a; "No difference between B and A is
 * resolved" where the ratio's bounds hold 1.  B's unit cost as a share of
 * A's where B is faster: "B takes 10.66% of A's time per unit (10.65% to
 * 10.67%)"; where not resolved, only its bounds; "" where B is slower.  B against A for a table's cell: "9.38×
 * faster (9.36× to 9.40×)", or "no difference resolved (0.998× to
 * 1.003×)" (B / A). */
void compare_headline(const struct comparison *c, const char *b, const char *a, char *out,
		      size_t len);
void compare_share(const struct comparison *c, const char *b, const char *a, char *out,
		   size_t len);
void compare_times(const struct comparison *c, char *out, size_t len);

/* Where A's and B's headers say they were timed in turn but their bounds
 * are not paired: why not (their start times do not hold the same
 * moments, too few runs, not the same runs); else NULL. */
const char *compare_unpaired_why(const struct comparison *c);

void compare_report_text(FILE *out, const struct comparison *c);
void compare_report_json(FILE *out, const struct comparison *c);
/* The two sides and B / A as Markdown (report_md.c). */
void report_compare_markdown(FILE *out, const struct comparison *c);
void compare_free(struct comparison *c);

#endif /* SUBTICK_COMPARE_H */
