/*
 * oracle.c - run, check, compare, untimed (oracle.h).
 */
#include "oracle.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One kernel's result after a call, copied (B's run must not overwrite
 * A's when both share a buffer). */
struct result {
	int kind;	/* SUBTICK_RESULT_BYTES or _DOUBLES */
	unsigned char *data;
	size_t bytes;
};

static int has_n(const struct oracle *o, uint64_t n)
{
	for (size_t i = 0; i < o->count; i++)
		if (o->n[i] == n)
			return 1;
	return 0;
}

/* splitmix64: a few indices drawn from the collection's seed. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

int oracle_init(struct oracle *o, struct kernel *const k[], int kernels,
		const struct plan *plan, uint64_t seed, double tolerance)
{
	*o = (struct oracle){ { k[0], kernels > 1 ? k[1] : NULL }, kernels, tolerance,
			      0, 0, NULL, { 0 }, 0 };
	for (int i = 0; i < kernels; i++)
		o->checks |= k[i]->check != NULL;
	if (kernels > 1 && (k[0]->result != NULL) != (k[1]->result != NULL))
		o->uncompared = k[0]->result ? "B has no NAME_result" : "A has no NAME_result";
	o->compare = kernels > 1 && k[0]->result != NULL && k[1]->result != NULL;
	if ((!o->checks && !o->compare) || plan->count == 0)
		return 0;
	o->n[o->count++] = plan->n[0];
	if (!has_n(o, plan_max(plan)))
		o->n[o->count++] = plan_max(plan);
	uint64_t state = seed;
	for (int draw = 0; draw < 8 * ORACLE_RANDOM_N && o->count < ORACLE_N_MAX; draw++) {
		uint64_t n = plan->n[next_random(&state) % plan->count];
		if (!has_n(o, n))
			o->n[o->count++] = n;
	}
	return 1;
}

/* Run kernel k once at n, untimed, and ask its check.  0, or -1. */
static int run_and_check(struct kernel *k, uint64_t n, char *err, size_t len)
{
	kernel_before(k, n);
	k->run(n, k->ctx);
	if (k->check != NULL && k->check(n, k->ctx) != 0) {
		snprintf(err, len, "kernel %s: NAME_check says its result at N=%llu is wrong",
			 k->name, (unsigned long long)n);
		return -1;
	}
	return 0;
}

static int take_result(struct kernel *k, uint64_t n, struct result *r, char *err,
		       size_t len)
{
	const void *data = NULL;
	size_t bytes = 0;
	r->kind = k->result(k->ctx, &data, &bytes);
	if ((r->kind != SUBTICK_RESULT_BYTES && r->kind != SUBTICK_RESULT_DOUBLES) ||
	    (bytes > 0 && data == NULL)) {
		snprintf(err, len, "kernel %s: NAME_result gave no result at N=%llu (it returned %d)",
			 k->name, (unsigned long long)n, r->kind);
		return -1;
	}
	r->bytes = bytes;
	r->data = malloc(bytes ? bytes : 1);
	if (r->data == NULL) {
		snprintf(err, len, "kernel %s: out of memory for its result at N=%llu (%zu bytes)",
			 k->name, (unsigned long long)n, bytes);
		return -1;
	}
	memcpy(r->data, data, bytes);
	return 0;
}

/* 1 if double x of B agrees with a of A: equal, both NaN, or both finite
 * within tolerance x scale. */
static int doubles_agree(double a, double b, double tolerance, double scale)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return a == b || (isfinite(a) && isfinite(b) && fabs(a - b) <= tolerance * scale);
}

/* The first double where B's result leaves A's; the message says it. */
static int compare_doubles(const struct oracle *o, const struct result *a,
			   const struct result *b, char *what, size_t len)
{
	size_t count = a->bytes / sizeof(double);
	double scale = 0, x, y;
	for (size_t i = 0; i < count; i++) {
		memcpy(&x, a->data + i * sizeof x, sizeof x);
		if (isfinite(x) && fabs(x) > scale)
			scale = fabs(x);
	}
	for (size_t i = 0; i < count; i++) {
		memcpy(&x, a->data + i * sizeof x, sizeof x);
		memcpy(&y, b->data + i * sizeof y, sizeof y);
		if (!doubles_agree(x, y, o->tolerance, scale)) {
			snprintf(what, len, "double %zu of %zu is %.17g, A's %.17g (beyond %g of the largest magnitude, %g: --check-tolerance)",
				 i, count, y, x, o->tolerance, scale);
			return -1;
		}
	}
	return 0;
}

/* 0 when B's result is A's; else -1 with what differs in what. */
static int compare_results(const struct oracle *o, const struct result *a,
			   const struct result *b, char *what, size_t len)
{
	static const char *const kind[] = { "bytes", "doubles" };
	if (a->kind != b->kind) {
		snprintf(what, len, "it is %s, A's %s", kind[b->kind], kind[a->kind]);
		return -1;
	}
	if (a->bytes != b->bytes) {
		snprintf(what, len, "it has %zu bytes, A's %zu", b->bytes, a->bytes);
		return -1;
	}
	if (a->kind == SUBTICK_RESULT_DOUBLES) {
		if (a->bytes % sizeof(double) != 0) {
			snprintf(what, len, "%zu bytes are no whole number of doubles", a->bytes);
			return -1;
		}
		return compare_doubles(o, a, b, what, len);
	}
	for (size_t i = 0; i < a->bytes; i++)
		if (a->data[i] != b->data[i]) {
			snprintf(what, len, "byte %zu of %zu is 0x%02x, A's 0x%02x", i,
				 a->bytes, b->data[i], a->data[i]);
			return -1;
		}
	return 0;
}

/* Every kernel at n: run, check, and B's result against A's. */
static int check_at(const struct oracle *o, uint64_t n, char *err, size_t len)
{
	struct result r[2] = { { 0, NULL, 0 }, { 0, NULL, 0 } };
	int rc = 0;
	for (int i = 0; i < o->kernels && rc == 0; i++) {
		rc = run_and_check(o->k[i], n, err, len);
		if (rc == 0 && o->compare)
			rc = take_result(o->k[i], n, &r[i], err, len);
	}
	char what[320];
	if (rc == 0 && o->compare && compare_results(o, &r[0], &r[1], what, sizeof what) != 0) {
		snprintf(err, len, "kernel B (%s): its result at N=%llu differs from A's (%s): %s",
			 o->k[1]->name, (unsigned long long)n, o->k[0]->name, what);
		rc = -1;
	}
	free(r[0].data), free(r[1].data);
	return rc;
}

int oracle_before(const struct oracle *o, char *err, size_t len)
{
	for (size_t i = 0; i < o->count; i++)
		if (check_at(o, o->n[i], err, len) != 0)
			return -1;
	return 0;
}

int oracle_after(const struct oracle *o, char *err, size_t len)
{
	uint64_t largest = 0;
	for (size_t i = 0; i < o->count; i++)
		largest = o->n[i] > largest ? o->n[i] : largest;
	return o->count ? check_at(o, largest, err, len) : 0;
}

void oracle_describe(const struct oracle *o, char *text, size_t len)
{
	char ns[ORACLE_N_MAX * 22] = "";
	uint64_t largest = 0;
	for (size_t i = 0; i < o->count; i++) {
		size_t at = strlen(ns);
		snprintf(ns + at, sizeof ns - at, "%s%llu", i ? " " : "",
			 (unsigned long long)o->n[i]);
		largest = o->n[i] > largest ? o->n[i] : largest;
	}
	const char *who = "NAME_check";
	if (o->kernels > 1 && o->checks)
		who = o->k[0]->check && o->k[1]->check ? "A's and B's NAME_check"
		      : o->k[0]->check ? "A's NAME_check" : "B's NAME_check";
	char compared[96] = "";
	if (o->compare)
		snprintf(compared, sizeof compared, "%sB's result against A's (bytes exactly, doubles within %g)",
			 o->checks ? ", and " : "", o->tolerance);
	snprintf(text, len, "%s%s at N=%s before timing, again at N=%llu after%s%s",
		 o->checks ? who : "", compared, ns, (unsigned long long)largest,
		 o->uncompared ? "; results not compared: " : "",
		 o->uncompared ? o->uncompared : "");
}
