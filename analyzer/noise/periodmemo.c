/*
 * periodmemo.c - the last period searches' events and findings
 * (periodmemo.h).
 */
#include "periodmemo.h"

#include <stdlib.h>
#include <string.h>

void period_memo_for(struct period_memo *m, const double *null, size_t nnull)
{
	if (m->null != NULL && m->nnull == nnull &&
	    (nnull == 0 || memcmp(m->null, null, nnull * sizeof *null) == 0))
		return;
	period_memo_free(m);
	m->null = malloc((nnull ? nnull : 1) * sizeof *null);
	if (m->null == NULL)
		return;
	if (nnull > 0)
		memcpy(m->null, null, nnull * sizeof *null);
	m->nnull = nnull;
}

int period_memo_find(const struct period_memo *m, const double *t, size_t k, double min_period,
		     struct period_result *out)
{
	for (size_t i = 0; i < PERIOD_MEMO_SIZE && m->null != NULL; i++)
		if (m->e[i].t != NULL && m->e[i].k == k && m->e[i].min_period == min_period &&
		    memcmp(m->e[i].t, t, k * sizeof *t) == 0) {
			*out = m->e[i].r;
			return 1;
		}
	return 0;
}

void period_memo_keep(struct period_memo *m, const double *t, size_t k, double min_period,
		      const struct period_result *r)
{
	size_t i = m->next;
	if (m->null == NULL || k > PERIOD_MEMO_EVENTS_MAX)
		return;
	free(m->e[i].t);
	m->e[i].t = malloc((k ? k : 1) * sizeof *t);
	if (m->e[i].t == NULL)
		return;
	memcpy(m->e[i].t, t, k * sizeof *t);
	m->e[i].k = k;
	m->e[i].min_period = min_period;
	m->e[i].r = *r;
	m->next = (i + 1) % PERIOD_MEMO_SIZE;
}

void period_memo_free(struct period_memo *m)
{
	for (size_t i = 0; i < PERIOD_MEMO_SIZE; i++)
		free(m->e[i].t);
	free(m->null);
	*m = (struct period_memo){ 0 };
}
