/*
 * fuzz_foreign.c - libFuzzer harness for the readers of other tools'
 * results (foreign.h): Google Benchmark's JSON and CSV, hyperfine's JSON,
 * each with a benchmark chosen or not, read from memory (no file is made).
 * Any bytes are read or refused with a message; no crash, no leak, no
 * undefined behaviour (built with ASan and UBSan).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "foreign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every sample handed on is a number analyze can use. */
static int check_sample(void *ctx, const struct sample *s, struct input_error *err)
{
	(void)err;
	if (!isfinite(s->t) || s->t < 0)
		__builtin_trap();
	(*(uint64_t *)ctx)++;
	return 0;
}

/* No control character but the line breaks of a list reaches a terminal. */
static int clean(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p < 0x20 && *p != '\n') || *p == 0x7f)
			return 0;
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct {
		enum foreign_kind kind;
		struct foreign_request q;
	} ways[] = {
		{ FOREIGN_JSON, { NULL, NULL, NULL } },
		{ FOREIGN_JSON, { "gbench", "a/N", "cpu_time" } },
		{ FOREIGN_JSON, { "gbench", "a", NULL } },
		{ FOREIGN_JSON, { "hyperfine", "x {N}", NULL } },
		{ FOREIGN_CSV, { NULL, NULL, NULL } },
		{ FOREIGN_CSV, { "gbench", "a", "cpu_time" } },
	};
	for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
		struct input_meta meta;
		struct input_error err = { 0 };
		uint64_t samples = 0;
		int rc = foreign_read_buffer((const char *)data, size, "fuzz", ways[w].kind,
					     &ways[w].q, &meta, check_sample, &samples, &err);
		/* The contract: a refusal names the file, says why, and
		 * shows no control character from the input. */
		if (rc != 0 && (err.msg[0] == '\0' || strcmp(err.file, "fuzz") != 0 ||
				!clean(err.msg)))
			__builtin_trap();
		if (rc == 0 && (samples == 0 || samples != meta.samples ||
				!clean(meta.kernel) || strchr(meta.kernel, '\n')))
			__builtin_trap();
	}
	return 0;
}
