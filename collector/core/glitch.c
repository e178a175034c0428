/*
 * glitch.c - minima far below everything else (glitch.h).
 */
#include "glitch.h"

#include <math.h>
#include <stdlib.h>

#include "select.h"

/* The noise of a floor, which a glitch cannot inflate (the heights of the
 * minima above the line can: the line rests on the glitch): the larger of
 * the tick, the upper quartile of the gaps between an N's two smallest
 * timings, and the median spread of an N's four smallest.  Not the median
 * gap alone: where every long run is interrupted, the floor is a ladder
 * of interruptions, most N's smallest timings sit on one rung but many a
 * rung apart, and a run that escaped one more interruption is no glitch. */
static double scale_of(const struct point_set *s, double tick)
{
	/* the gaps, one kind at a time: 8 bytes an N */
	double *g = malloc((s->count ? s->count : 1) * sizeof *g);
	double med = 0;
	if (g != NULL) {
		size_t k = 0;
		for (size_t i = 0; i < s->count; i++)
			if (s->p[i].nbest >= 2)
				g[k++] = point_best(s, &s->p[i], 1) - point_best(s, &s->p[i], 0);
		if (k > 0)
			med = select_kth(g, k, (3 * k) / 4);
		k = 0;
		for (size_t i = 0; i < s->count; i++)
			if (s->p[i].nbest >= 4)
				g[k++] = point_best(s, &s->p[i], 3) - point_best(s, &s->p[i], 0);
		if (k > 0) {
			double q = select_kth(g, k, k / 2);
			med = q > med ? q : med;
		}
	}
	free(g);
	return med > tick ? med : tick;
}

/* The line through the minima with p's replaced by its next timing: how
 * far p's minimum lies below it. */
static int depth_without(struct point_set *s, size_t i, double *depth)
{
	struct point *p = &s->p[i], saved = *p;
	p->min = point_best(s, p, 1);
	p->min_off = 0;
	struct lv_line l;
	int rc = hull_least_values(s, &l);
	*p = saved;
	*depth = rc == 0 ? lv_value(&l, p->n) - saved.min : 0;
	return rc;
}

/* The index of a glitch among the points the line rests on, or -1. */
static long glitch_at(struct point_set *s, const struct lv_line *l,
		      double far, struct glitch *g)
{
	size_t cand[2] = { l->left, l->right };
	for (int k = 0; k < (l->left == l->right ? 1 : 2); k++) {
		struct point *p = &s->p[cand[k]];
		double depth;
		/* best[1] holds the next timing only where it is exact:
		 * beyond 2^53 the doubles cannot tell, and nothing is said */
		if (p->nbest < 2 || point_best(s, p, 1) - point_best(s, p, 0) <= far ||
		    (s->all_int && point_best(s, p, 1) > 9007199254740992.0))
			continue;
		if (depth_without(s, cand[k], &depth) != 0)
			return -2;
		/* and far below the line too, as far as a quarter of its gap
		 * to its next timing: a run that escaped an interruption its
		 * neighbours' runs all held lies a rung below its next timing
		 * but hardly below the line the other N draw */
		if (depth > far && depth >= 0.25 * (point_best(s, p, 1) - point_best(s, p, 0))) {
			*g = (struct glitch){ p->n, p->min, point_best(s, p, 1) - point_best(s, p, 0), depth };
			return (long)cand[k];
		}
	}
	return -1;
}

int glitch_find(struct point_set *s, double tick, int keep,
		struct glitches *out)
{
	out->count = 0;
	out->kept = keep;
	while (out->count < GLITCH_MAX && s->count >= 3) {
		struct lv_line l;
		if (hull_least_values(s, &l) != 0)
			return -1;
		double far = GLITCH_FACTOR * scale_of(s, tick);
		if (!(far > 0))
			break;	/* no scale (ties everywhere): nothing is far */
		long i = glitch_at(s, &l, far, &out->g[out->count]);
		if (i == -2)
			return -1;
		if (i < 0)
			break;
		out->count++;
		if (keep)
			break;	/* reported; the line keeps resting on it */
		point_drop_min(s, &s->p[i]);
	}
	return 0;
}
