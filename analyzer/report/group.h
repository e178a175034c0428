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
	size_t fastest;
	int in_ns;		/* unit costs in ns (else clock units) */
	char verdict[320];
};

/* Group, analyze and compare.  Returns 0, or -1 with err filled
 * (group_free is still due). */
int group_run(struct grouping *gr, const char *key,
	      const struct analysis_settings *opt, struct input_error *err);

void group_report_text(FILE *out, const struct grouping *gr);
void group_report_json(FILE *out, const struct grouping *gr);
void group_free(struct grouping *gr);

#endif /* SUBTICK_GROUP_H */
