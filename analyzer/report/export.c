/*
 * export.c - the minima as CSV, the excess with its attribution (export.h).
 */
#include "export.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "outfile.h"
#include "report_sources.h"

int export_minima(const struct analysis *a, const char *path, char *err,
		  size_t err_len)
{
	struct outfile of;
	if (outfile_open(&of, path, err, err_len) != 0)
		return -1;
	fprintf(of.f, "n,minimum,runs,mean,excess_of_minimum\n");
	for (size_t i = 0; i < a->points.count; i++) {
		const struct point *p = &a->points.p[i];
		if (a->points.all_int)
			fprintf(of.f, "%llu,%llu,", (unsigned long long)p->n,
				(unsigned long long)point_min_int(p));
		else
			fprintf(of.f, "%llu,%.17g,", (unsigned long long)p->n, p->min);
		fprintf(of.f, "%llu,%.17g,%.17g\n", (unsigned long long)p->count,
			p->mean, p->min - lv_value(&a->fit, p->n));
	}
	if (outfile_commit(&of) != 0) {
		snprintf(err, err_len, "%s", strerror(errno));
		return -1;
	}
	return 0;
}

static const char *label_of(const void *ctx, uint64_t i, const struct spool_record *r, char *buf,
			    size_t len)
{
	const struct analysis *a = ctx;
	return diagnosis_attribution_name(diagnosis_attribute(&a->diag, &a->points, i, r, NULL), buf,
					  len);
}

/* "# attribution: ..." then a line per source: its name and its title. */
static void legend_of(const void *ctx, FILE *f)
{
	const struct analysis *a = ctx;
	const struct sources *ss = &a->diag.sources;
	fprintf(f, "# attribution: jitter (within the run's jitter), speed (within its jitter at "
		   "the machine's speed then, interrupted at the fastest; or slower by a share of its "
		   "length, a speed no window held), sourceK (the K-th "
		   "source below), unexplained (interrupted, no source's), - (no model: too few "
		   "runs, or samples that are means, in which no single interruption shows)\n");
	for (size_t j = 0; j < ss->count; j++) {
		char t[160];
		fprintf(f, "# source%zu: %s\n", j + 1,
			report_source_title(t, sizeof t, &ss->s[j], a->unit_ns));
	}
}

int export_excess(struct analysis *a, const char *path, char *err, size_t err_len)
{
	struct excess_config c = a->excess_cfg;
	c.excess_path = path;
	struct excess_labels lb = { label_of, legend_of, a };
	return excess_write(&a->spool, &c, &lb, err, err_len);
}
