/*
 * group.c - streams by a header key's value (group.h).
 */
#include "group.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "text.h"

/* The value of "# key: value" in the header of path (its lines before the
 * first sample).  Returns 1 found, 0 not, -1 with err filled. */
static int header_value(const char *path, const char *key, char *out,
			size_t len, struct input_error *err)
{
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		snprintf(err->file, sizeof err->file, "%s", path);
		snprintf(err->msg, sizeof err->msg, "%s", strerror(errno));
		return -1;
	}
	char line[4096];
	size_t klen = strlen(key);
	int found = 0;
	while (!found && fgets(line, sizeof line, f) != NULL && line[0] == '#') {
		const char *p = line + 1;
		while (*p == ' ')
			p++;
		if (strncmp(p, key, klen) == 0 && p[klen] == ':') {
			p += klen + 1;
			while (*p == ' ')
				p++;
			char raw[4096];
			snprintf(raw, sizeof raw, "%s", p);
			raw[strcspn(raw, "\r\n")] = '\0';
			text_clean(raw, out, len);
			found = 1;
		}
	}
	int failed = !found && ferror(f);
	int e = errno;
	fclose(f);
	if (failed) {
		snprintf(err->file, sizeof err->file, "%s", path);
		snprintf(err->msg, sizeof err->msg, "%s", strerror(e));
		return -1;
	}
	return found;
}

static int numeric(const char *s)
{
	char *end;
	errno = 0;
	(void)strtod(s, &end);
	return *s != '\0' && *end == '\0' && errno == 0;
}

static int by_value(const void *x, const void *y)
{
	const struct group *a = x, *b = y;
	if (numeric(a->value) && numeric(b->value)) {
		double p = strtod(a->value, NULL), q = strtod(b->value, NULL);
		return (p > q) - (p < q);
	}
	return strcmp(a->value, b->value);
}

/* The groups of opt->files, in the order of their values. */
static int collect_groups(struct grouping *gr, const struct analysis_settings *opt,
			  struct input_error *err)
{
	size_t n = 0;
	while (opt->files[n] != NULL)
		n++;
	gr->g = calloc(n, sizeof *gr->g);
	if (gr->g == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		char value[128];
		const char *path = opt->files[i];
		if (strcmp(path, "-") == 0) {
			snprintf(err->file, sizeof err->file, "-");
			snprintf(err->msg, sizeof err->msg, "--group reads each file's header first: give files, not stdin");
			return -1;
		}
		int found = header_value(path, gr->key, value, sizeof value, err);
		if (found < 0)
			return -1;
		if (!found) {
			snprintf(err->file, sizeof err->file, "%s", path);
			snprintf(err->msg, sizeof err->msg,
				 "no header key '%.60s' to group by (collect-mpi writes rank, ranks and host; every stream has host and cpu)",
				 gr->key);
			return -1;
		}
		size_t k = 0;
		while (k < gr->count && strcmp(gr->g[k].value, value) != 0)
			k++;
		struct group *g = &gr->g[k];
		if (k == gr->count) {
			snprintf(g->value, sizeof g->value, "%s", value);
			g->files = calloc(n + 1, sizeof *g->files);
			if (g->files == NULL)
				goto nomem;
			gr->count++;
		}
		g->files[g->nfiles++] = opt->files[i];
	}
	qsort(gr->g, gr->count, sizeof *gr->g, by_value);
	return 0;
nomem:
	snprintf(err->file, sizeof err->file, "%s", opt->files[0]);
	snprintf(err->msg, sizeof err->msg, "out of memory");
	return -1;
}

static double unit_cost(const struct grouping *gr, const struct analysis *a)
{
	return a->fit.slope * (gr->in_ns ? a->unit_ns : 1);
}

static void group_verdict(struct grouping *gr)
{
	if (gr->count < 2) {
		snprintf(gr->verdict, sizeof gr->verdict, "one group: nothing to compare");
		return;
	}
	/* another than the fastest, even where all cost the same: the
	 * fastest has no comparison of its own */
	size_t slow = gr->fastest == 0 ? 1 : 0;
	for (size_t i = 0; i < gr->count; i++)
		if (i != gr->fastest && unit_cost(gr, &gr->g[i].a) > unit_cost(gr, &gr->g[slow].a))
			slow = i;
	gr->slowest = slow;
	const struct comparison *c = &gr->g[slow].cmp;
	if (!compare_resolved(c)) {
		snprintf(gr->verdict, sizeof gr->verdict,
			 "no difference among the groups is resolved: even the slowest, %s %.60s, is within the bounds of the fastest, %s %.60s (ratio %.4g, bounds %.4g to %.4g)",
			 gr->key, gr->g[slow].value, gr->key, gr->g[gr->fastest].value,
			 c->ratio, c->ratio_lo, c->ratio_hi);
		return;
	}
	snprintf(gr->verdict, sizeof gr->verdict,
		 "%s %.60s is the slowest: its unit cost is %.3g%% above that of %s %.60s, the fastest (bounds: %.3g to %.3g%%)",
		 gr->key, gr->g[slow].value, 100 * (c->ratio - 1), gr->key,
		 gr->g[gr->fastest].value, 100 * (c->ratio_lo - 1),
		 isfinite(c->ratio_hi) ? 100 * (c->ratio_hi - 1) : INFINITY);
}

void group_name(const struct grouping *gr, size_t i, char *out, size_t len)
{
	snprintf(out, len, "%s %.60s", gr->key, gr->g[i].value);
}

void group_headline(const struct grouping *gr, char *head, size_t hlen, char *share,
		    size_t slen)
{
	if (gr->count < 2) {
		snprintf(head, hlen, "One group: nothing to compare");
		share[0] = '\0';
		return;
	}
	char slow[200], fast[200];
	const struct comparison *c = &gr->g[gr->slowest].cmp;
	group_name(gr, gr->slowest, slow, sizeof slow);
	group_name(gr, gr->fastest, fast, sizeof fast);
	compare_headline(c, slow, fast, head, hlen);
	compare_share(c, slow, fast, share, slen);
}

void group_row(const struct grouping *gr, size_t i, struct group_row *r)
{
	const struct group *g = &gr->g[i];
	const struct analysis *a = &g->a;
	double k = gr->in_ns ? a->unit_ns : 1;
	int d = report_digits(a->fit.slope, a->iv.slope[1] - a->iv.slope[0]);
	snprintf(r->cost, sizeof r->cost, "%.*g", d, a->fit.slope * k);
	snprintf(r->lo, sizeof r->lo, "%.*g", d, a->iv.slope[0] * k);
	snprintf(r->hi, sizeof r->hi, "%.*g", d, a->iv.slope[1] * k);
	snprintf(r->overhead, sizeof r->overhead, "%.4g", a->fit.intercept * k);
	if (g->compared)
		compare_times(&g->cmp, r->vs, sizeof r->vs);
	else
		snprintf(r->vs, sizeof r->vs, "the fastest");
}

/* Groups ranked in clock units (not all know unit_ns) are compared in
 * them too: two that know different unit_ns would be compared in ns
 * (compare.h), and the fastest in clock units could come out slower
 * than another. */
static int unit_ns_differs(const struct grouping *gr, size_t i, struct input_error *err)
{
	const struct analysis *a = &gr->g[i].a;
	for (size_t j = 0; j < i; j++) {
		const struct analysis *b = &gr->g[j].a;
		if (a->unit_ns > 0 && b->unit_ns > 0 && a->unit_ns != b->unit_ns) {
			*err = a->where;
			snprintf(err->msg, sizeof err->msg,
				 "unit_ns %.10g differs from %.10g of %.60s %.60s, and not all groups know unit_ns: their units cannot be compared (give --unit-ns)",
				 a->unit_ns, b->unit_ns, gr->key, gr->g[j].value);
			return -1;
		}
	}
	return 0;
}

int group_run(struct grouping *gr, const char *key,
	      const struct analysis_settings *opt, struct input_error *err)
{
	memset(gr, 0, sizeof *gr);
	gr->key = key;
	if (collect_groups(gr, opt, err) != 0)
		return -1;
	gr->in_ns = 1;
	for (size_t i = 0; i < gr->count; i++) {
		struct group *g = &gr->g[i];
		g->opt = *opt;
		g->opt.files = g->files;
		g->analyzed = 1;
		if (analysis_run(&g->a, &g->opt, err) != 0)
			return -1;
		gr->in_ns &= g->a.unit_ns > 0;
	}
	for (size_t i = 0; i < gr->count; i++) {
		if (!gr->in_ns && strcmp(gr->g[i].a.clock, gr->g[0].a.clock) != 0) {
			*err = gr->g[i].a.where;
			snprintf(err->msg, sizeof err->msg,
				 "clock '%.40s' differs from '%.40s' of the first group, and not all know unit_ns: their units cannot be compared",
				 gr->g[i].a.clock, gr->g[0].a.clock);
			return -1;
		}
		if (!gr->in_ns && unit_ns_differs(gr, i, err) != 0)
			return -1;
		if (unit_cost(gr, &gr->g[i].a) < unit_cost(gr, &gr->g[gr->fastest].a))
			gr->fastest = i;
	}
	for (size_t i = 0; i < gr->count; i++) {
		if (i == gr->fastest)
			continue;
		gr->g[i].compared = 1;
		if (compare_run(&gr->g[i].cmp, opt, gr->g[gr->fastest].files,
				gr->g[i].files, err) != 0)
			return -1;
	}
	group_verdict(gr);
	return 0;
}

void group_report_text(FILE *out, const struct grouping *gr)
{
	const char *u = gr->in_ns ? "ns" : "clock units";
	fprintf(out, "subtick analyze --group %s: %zu groups (unit costs in %s)\n\n",
		gr->key, gr->count, u);
	fprintf(out, "%-12s %5s %10s %12s %27s %12s  %s\n", gr->key, "files",
		"samples", "unit cost", "bounds", "overhead", "vs the fastest (bounds)");
	for (size_t i = 0; i < gr->count; i++) {
		const struct group *g = &gr->g[i];
		const struct analysis *a = &g->a;
		double k = gr->in_ns ? a->unit_ns : 1;
		int d = report_digits(a->fit.slope, a->iv.slope[1] - a->iv.slope[0]);
		char bounds[64], vs[96];
		snprintf(bounds, sizeof bounds, "[%.*g, %.*g]", d, a->iv.slope[0] * k, d,
			 a->iv.slope[1] * k);
		if (!g->compared)
			snprintf(vs, sizeof vs, "the fastest");
		else
			snprintf(vs, sizeof vs, "%+.3g%% (%+.3g to %+.3g%%)%s",
				 100 * (g->cmp.ratio - 1), 100 * (g->cmp.ratio_lo - 1),
				 100 * (g->cmp.ratio_hi - 1),
				 compare_resolved(&g->cmp) ? "" : " not resolved");
		fprintf(out, "%-12.60s %5zu %10llu %12.*g %27s %12.4g  %s\n", g->value,
			g->nfiles, (unsigned long long)a->points.samples, d,
			a->fit.slope * k, bounds, a->fit.intercept * k, vs);
	}
	fprintf(out, "\n%s\n", gr->verdict);
	fprintf(out, "(the bounds hold what varied within each group's collection; where\n"
		     " groups were collected at other times, a change of the machine's\n"
		     " speed between them is not in them)\n");
	for (size_t i = 0; i < gr->count; i++)
		for (size_t w = 0; w < gr->g[i].a.warnings; w++)
			fprintf(out, "warning (%s %.60s): %s\n", gr->key, gr->g[i].value,
				gr->g[i].a.warning[w]);
}

void group_report_json(FILE *out, const struct grouping *gr)
{
	fprintf(out, "{\n  \"group\": {\n    \"key\": ");
	json_string(out, gr->key);
	fprintf(out, ",\n    \"unit\": \"%s\",\n    \"fastest\": ", gr->in_ns ? "ns" : "clock units");
	json_string(out, gr->g[gr->fastest].value);
	fprintf(out, ",\n    \"verdict\": ");
	json_string(out, gr->verdict);
	fprintf(out, ",\n    \"groups\": [");
	for (size_t i = 0; i < gr->count; i++) {
		const struct group *g = &gr->g[i];
		const struct analysis *a = &g->a;
		double k = gr->in_ns ? a->unit_ns : 1;
		fprintf(out, "%s\n      {\"value\": ", i ? "," : "");
		json_string(out, g->value);
		fprintf(out, ", \"files\": %zu, \"samples\": %llu, \"unit_cost\": ", g->nfiles,
			(unsigned long long)a->points.samples);
		json_number(out, a->fit.slope * k);
		fprintf(out, ", \"unit_cost_bounds\": [");
		json_number(out, a->iv.slope[0] * k);
		fprintf(out, ", ");
		json_number(out, a->iv.slope[1] * k);
		fprintf(out, "], \"overhead\": ");
		json_number(out, a->fit.intercept * k);
		fprintf(out, ", \"ratio_to_fastest\": ");
		json_number(out, g->compared ? g->cmp.ratio : 1);
		fprintf(out, ", \"ratio_bounds\": [");
		json_number(out, g->compared ? g->cmp.ratio_lo : 1);
		fprintf(out, ", ");
		json_number(out, g->compared ? g->cmp.ratio_hi : 1);
		fprintf(out, "], \"resolved\": %s, \"warning_codes\": [",
			g->compared && compare_resolved(&g->cmp) ? "true" : "false");
		for (size_t w = 0; w < a->warnings; w++) {
			fputs(w ? ", " : "", out);
			json_string(out, warning_name(a->warning_code[w]));
		}
		fprintf(out, "], \"warnings\": [");
		for (size_t w = 0; w < a->warnings; w++) {
			fputs(w ? ", " : "", out);
			json_string(out, a->warning[w]);
		}
		fprintf(out, "]}");
	}
	fprintf(out, "\n    ]\n  }\n}\n");
}

void group_free(struct grouping *gr)
{
	for (size_t i = 0; i < gr->count; i++) {
		if (gr->g[i].analyzed)
			analysis_free(&gr->g[i].a);
		if (gr->g[i].compared)
			compare_free(&gr->g[i].cmp);
		free(gr->g[i].files);
	}
	free(gr->g);
	memset(gr, 0, sizeof *gr);
}
