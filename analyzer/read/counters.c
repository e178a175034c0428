/*
 * counters.c - the kernel's counters as rates (counters.h).
 */
#include "counters.h"

#include <stdlib.h>
#include <string.h>

/* The value of field `name=` in s; 0 when absent (*found = 0). */
static double field(const char *s, const char *name, int *found)
{
	size_t n = strlen(name);
	for (const char *p = s; (p = strstr(p, name)) != NULL; p += n) {
		if ((p == s || p[-1] == ' ') && p[n] == '=') {
			char *end;
			double v = strtod(p + n + 1, &end);
			if (end != p + n + 1) {
				*found = 1;
				return v;
			}
		}
	}
	*found = 0;
	return 0;
}

/* end - start of one field, when both have it. */
static double delta(const char *a, const char *b, const char *name, int *found)
{
	int fa, fb;
	double x = field(a, name, &fa), y = field(b, name, &fb);
	*found = fa && fb && y >= x;
	return *found ? y - x : 0;
}

void counted_parse(const char *start, const char *end, struct counted *out)
{
	int ok, ok2;
	memset(out, 0, sizeof *out);
	double ns = delta(start, end, "ns", &ok);
	if (!ok || !(ns > 0))
		return;
	out->have = 1;
	out->seconds = ns * 1e-9;
	out->irq_per_s = delta(start, end, "irq", &ok) / out->seconds;
	out->loc_per_s = delta(start, end, "loc", &ok2) / out->seconds;
	out->have_irq = ok && ok2;
	out->invol_per_s = delta(start, end, "ctxsw_invol", &ok) / out->seconds;
	out->have_rusage = ok;
	out->steal_share = delta(start, end, "steal_ms", &ok) * 1e-3 / out->seconds;
	out->have_steal = ok;
}

int counted_tick_ran(const struct counted *c, double period_ns)
{
	return c->have && c->have_irq && period_ns > 0 &&
	       c->loc_per_s * c->seconds >= c->seconds * 1e9 / period_ns - 1;
}
