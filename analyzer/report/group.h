/*
 * group.h - analyze --group KEY FILES: streams grouped by a header key's
 * value (collect-mpi's rank or host, a stream's cpu), each group analyzed
 * as one collection and compared with the fastest group (compare.h), so
 * that the report says which group is slow, by how much, and how sure
 * that is.
 */
#ifndef SUBTICK_GROUP_H
#define SUBTICK_GROUP_H

#include <stdio.h>

#include "compare.h"

struct group {
	char value[128];	/* the key's value */
	char **files;		/* NULL-terminated, into the options' */
	size_t nfiles;
	struct analysis_settings opt;
	struct analysis a;
	int analyzed;
	struct comparison cmp;	/* the fastest as A, this group as B */
	int compared;
};

struct grouping {
	const char *key;
	struct group *g;
	size_t count;
	size_t fastest, slowest;
	int in_ns;		/* unit costs in ns (else clock units) */
	char verdict[320];
};

/* Group, analyze and compare.  Returns 0, or -1 with err filled
 * (group_free is still due). */
int group_run(struct grouping *gr, const char *key,
	      const struct analysis_settings *opt, struct input_error *err);

/* "KEY VALUE" of group i. */
void group_name(const struct grouping *gr, size_t i, char *out, size_t len);
/* The slowest group against the fastest for a heading, and B's share of
 * A's time under it (compare_headline, compare_share); "One group:
 * nothing to compare" and "" for one group. */
void group_headline(const struct grouping *gr, char *head, size_t hlen, char *share,
		    size_t slen);

/* Group i's row of the Markdown and HTML tables: unit cost, its bounds
 * and overhead in the grouping's unit, and against the fastest
 * (compare_times). */
struct group_row {
	char cost[40], lo[40], hi[40], overhead[40], vs[160];
};
void group_row(const struct grouping *gr, size_t i, struct group_row *r);

void group_report_text(FILE *out, const struct grouping *gr);
/* A table, a row per group, as Markdown (report_md.c). */
void group_report_markdown(FILE *out, const struct grouping *gr);
void group_report_json(FILE *out, const struct grouping *gr);
void group_free(struct grouping *gr);

#endif /* SUBTICK_GROUP_H */
