/*
 * runs.c - the sample of runs the model is fitted on (runs.h).
 */
#include "runs.h"

#include <stdlib.h>
#include <string.h>

/* A run as the reservoir keeps it, before its floor and speed are known. */
struct kept {
	uint64_t i, at;
	double t;
	size_t point;
};

int runs_begin(struct run_taker *k)
{
	memset(k, 0, sizeof *k);
	k->at0 = SPOOL_NO_AT;
	return reservoir_init(&k->res, RUNS_SAMPLE_MAX, sizeof(struct kept));
}

void runs_take(struct run_taker *k, const struct spool_record *r, size_t n)
{
	struct kept *v = k->res.v;
	for (size_t j = 0; j < n; j++) {
		double t = r[j].t > 0 ? r[j].t : 0;
		k->in_runs += t;
		if (r[j].at == SPOOL_NO_AT) {
			k->no_at = 1;
		} else {
			if (k->at0 == SPOOL_NO_AT)
				k->at0 = r[j].at;
			double end = (double)(r[j].at - k->at0) + t;
			k->span = end > k->span ? end : k->span;
		}
		long s = reservoir_slot(&k->res);
		if (s >= 0)
			v[s] = (struct kept){ k->seen, r[j].at, r[j].t, r[j].i };
		k->seen++;
	}
}

static int by_i(const void *a, const void *b)
{
	uint64_t x = ((const struct kept *)a)->i, y = ((const struct kept *)b)->i;
	return (x > y) - (x < y);
}

int runs_end(struct run_taker *k, const struct point_set *s, const struct speed_states *ss,
	     double on_line_width, struct run_sample *out)
{
	memset(out, 0, sizeof *out);
	size_t m = k->res.kept;
	struct kept *v = k->res.v;
	qsort(v, m, sizeof *v, by_i);
	out->r = malloc((m ? m : 1) * sizeof *out->r);
	if (out->r == NULL) {
		runs_taker_free(k);
		return -1;
	}
	for (size_t j = 0; j < m; j++) {
		size_t p = v[j].point < s->count ? v[j].point : 0;
		double floor = s->p[p].min;
		struct model_run *u = &out->r[j];
		*u = (struct model_run){ .i = v[j].i, .t = v[j].t, .floor = floor,
					 .point = (uint32_t)p };
		u->at = v[j].at == SPOOL_NO_AT || k->at0 == SPOOL_NO_AT
			? -1 : (double)(v[j].at - k->at0);
		u->speed = speed_of_run(ss, v[j].i, u->t, floor, 2 * on_line_width);
		u->r = run_excess(u);
	}
	out->count = m;
	out->total = k->seen;
	out->scale = m > 0 ? (double)k->seen / (double)m : 0;
	out->in_runs = k->in_runs;
	out->have_at = !k->no_at && k->seen > 0;
	out->span = out->have_at ? k->span : 0;
	out->at0 = k->at0;
	runs_taker_free(k);
	return 0;
}

void runs_taker_free(struct run_taker *k)
{
	reservoir_free(&k->res);
}

void run_sample_free(struct run_sample *rs)
{
	free(rs->r);
	rs->r = NULL;
	rs->count = 0;
}
