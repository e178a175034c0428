/*
 * fuzz_reader.c - libFuzzer harness for the stream reader (input.c,
 * input_header.c, linebuf.c): any bytes are read to the end or refused
 * with a message naming a line; no crash, no leak, no undefined behaviour
 * (built with ASan and UBSan).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count(void *ctx, const struct sample *s, struct input_error *err)
{
	(void)err;
	*(uint64_t *)ctx += s->n & 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const columns[] = { "t", "t2" };
	if (size == 0)
		return 0;
	for (int c = 0; c < 2; c++) {
		FILE *f = fmemopen((void *)data, size, "r");
		if (f == NULL)
			return 0;
		struct input_meta meta;
		struct input_error err;
		uint64_t odd = 0;
		int rc = input_read_file(f, "fuzz", columns[c], &meta, count, &odd, &err);
		fclose(f);
		/* The contract: a refusal names the place and says why. */
		if (rc != 0 && (err.msg[0] == '\0' || strcmp(err.file, "fuzz") != 0))
			__builtin_trap();
		if (rc == 0 && meta.samples < odd)
			__builtin_trap();
	}
	return 0;
}
