/*
 * export.c - the minima as CSV (export.h).
 */
#include "export.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "outfile.h"

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
