/*
 * fuzz_support.c - memory files and the JSON check (fuzz_support.h).
 */
#define _GNU_SOURCE	/* memfd_create */
#include "fuzz_support.h"

#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include <glpk.h>
#include <gsl/gsl_errno.h>
#include <json-c/json.h>

int memfile_open(struct memfile *m)
{
	gsl_set_error_handler_off();
	glp_term_out(GLP_OFF);
	m->fd = memfd_create("subtick-fuzz", MFD_CLOEXEC);
	if (m->fd < 0)
		return -1;
	snprintf(m->path, sizeof m->path, "/proc/self/fd/%d", m->fd);
	return 0;
}

int memfile_put(struct memfile *m, const uint8_t *data, size_t size)
{
	if (ftruncate(m->fd, 0) != 0)
		return -1;
	return size == 0 || pwrite(m->fd, data, size, 0) == (ssize_t)size ? 0 : -1;
}

void require_json(const char *text, size_t len)
{
	json_tokener *tok = json_tokener_new();
	REQUIRE(tok != NULL && len < 0x7fffffff);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	json_object *o = json_tokener_parse_ex(tok, text, (int)len);
	REQUIRE(o != NULL && json_tokener_get_error(tok) == json_tokener_success);
	for (size_t i = json_tokener_get_parse_end(tok); i < len; i++)
		REQUIRE(text[i] == ' ' || text[i] == '\n');
	json_object_put(o);
	json_tokener_free(tok);
}
