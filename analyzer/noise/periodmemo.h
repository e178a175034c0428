/*
 * periodmemo.h - the last period searches' events and findings, so that
 * a search of the same events is not made again.
 *
 * The periodic search (seek.h) asks period_detect of the events of
 * each cost band in turn, and the bands overlap (each two octaves wide,
 * an octave apart): where the events lie in one octave, two bands hold
 * the same ones; and a round that takes no source leaves the next round
 * the same events to ask of, as does the next round of the model (a new
 * jitter, the same events).  A demo collection of the count kernel asked
 * 66 searches, 17 of them of events asked before.  period_detect is
 * deterministic (its null's subsets come from a fixed seed), so a finding
 * kept is the finding a search would make: the report is the same.
 */
#ifndef SUBTICK_PERIODMEMO_H
#define SUBTICK_PERIODMEMO_H

#include <stddef.h>

#include "period.h"

/* The searches kept: a round's bands are up to 17 or so (one an octave
 * of the events' costs) and the next round asks again of them all; the
 * demo's 17 searches asked again were all found with 64, none with 8.  Events
 * of more than PERIOD_MEMO_EVENTS_MAX are not kept (the memo holds 8 MiB
 * at most). */
enum { PERIOD_MEMO_SIZE = 64, PERIOD_MEMO_EVENTS_MAX = 16384 };

/* The findings kept for one set of starts (the null's, a copy: a new one
 * empties the memo), each keyed by the events' times and the least
 * period.  Zero it before the first use. */
struct period_memo {
	double *null;
	size_t nnull;
	struct {
		double *t;	/* a copy of the events' times (NULL: unused) */
		size_t k;
		double min_period;
		struct period_result r;
	} e[PERIOD_MEMO_SIZE];
	size_t next;		/* the slot the next one kept goes to */
};

/* The memo for the starts null[0..nnull): as it was where they are the
 * ones it holds, else emptied and made theirs (where memory runs out,
 * emptied and keeping none). */
void period_memo_for(struct period_memo *m, const double *null, size_t nnull);

/* The finding kept for times t[0..k) and min_period, into *out: 1, or
 * 0 where none is kept. */
int period_memo_find(const struct period_memo *m, const double *t, size_t k, double min_period,
		     struct period_result *out);

/* Keep r as the finding for t[0..k) and min_period (the oldest kept goes;
 * where memory runs out, or k is over PERIOD_MEMO_EVENTS_MAX, nothing is
 * kept). */
void period_memo_keep(struct period_memo *m, const double *t, size_t k, double min_period,
		      const struct period_result *r);

void period_memo_free(struct period_memo *m);

#endif /* SUBTICK_PERIODMEMO_H */
