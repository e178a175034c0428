/*
 * jsonq.c - values out of a JSON file for the shell tests: many values in
 * one process, and a strict check that the file is JSON at all (a python3
 * start per value read cost the suite minutes).
 *
 * Usage: jsonq FILE [PATH...]
 *
 * Prints one line per PATH.  A PATH is keys and array indices joined by
 * dots (compare.ratio_bounds, fifths.0.unit_cost); '*' takes the rest of
 * the path in every element of an array (fifths.*.unit_cost).  Numbers
 * print as the file writes them, strings as they are, true, false and
 * null as JSON spells them; an array prints its elements separated by
 * spaces, an object as JSON.  Without a PATH, jsonq only checks the file.
 *
 * The file ("-": stdin) must be one JSON value, strictly (RFC 8259: no
 * trailing text, no unescaped control characters) and valid UTF-8;
 * otherwise, or when a PATH is not there, "jsonq: FILE: what is wrong"
 * and exit 1.  Usage errors exit 2.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

/* The whole file, NUL-terminated; *len its length.  NULL on error. */
static char *slurp(FILE *f, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	while (buf != NULL) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		char *more = realloc(buf, cap *= 2);
		if (more == NULL)
			free(buf);
		buf = more;
	}
	if (buf == NULL || ferror(f)) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Parse text strictly; NULL with a reason in why. */
static json_object *parse_strict(const char *text, size_t len, const char **why)
{
	json_tokener *tok = json_tokener_new();
	if (tok == NULL) {
		*why = "out of memory";
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	json_object *v = json_tokener_parse_ex(tok, text, (int)len);
	enum json_tokener_error e = json_tokener_get_error(tok);
	size_t used = json_tokener_get_parse_end(tok);
	int trailing = e == json_tokener_success &&
		       strspn(text + used, " \t\r\n") != len - used;
	if (e == json_tokener_continue)
		*why = "the JSON ends before its value does";
	else if (e != json_tokener_success)
		*why = json_tokener_error_desc(e);
	else if (trailing)
		*why = "text after the JSON value";
	json_tokener_free(tok);
	if (e != json_tokener_success || trailing) {
		json_object_put(v);
		return NULL;
	}
	return v;
}

static void print_value(json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_string:
		fputs(json_object_get_string(v), stdout);
		break;
	case json_type_array:
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			if (i > 0)
				putchar(' ');
			print_value(json_object_array_get_idx(v, i));
		}
		break;
	default:	/* numbers as written, true, false, null, objects */
		fputs(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN |
						       JSON_C_TO_STRING_NOSLASHESCAPE),
		      stdout);
	}
}

/* The value at path (dots between steps) below v, printed; '*' prints
 * the rest of the path for every element, separated by spaces.  Returns
 * 0, or -1 when a step is not there. */
static int print_path(json_object *v, const char *path)
{
	if (*path == '\0') {
		print_value(v);
		return 0;
	}
	size_t k = strcspn(path, ".");
	char step[256];
	if (k >= sizeof step)
		return -1;
	memcpy(step, path, k);
	step[k] = '\0';
	const char *rest = path[k] == '.' ? path + k + 1 : path + k;
	if (json_object_is_type(v, json_type_object)) {
		json_object *child;
		return json_object_object_get_ex(v, step, &child) ? print_path(child, rest) : -1;
	}
	if (!json_object_is_type(v, json_type_array))
		return -1;
	size_t n = json_object_array_length(v);
	if (strcmp(step, "*") == 0) {
		for (size_t i = 0; i < n; i++) {
			if (i > 0)
				putchar(' ');
			if (print_path(json_object_array_get_idx(v, i), rest) != 0)
				return -1;
		}
		return 0;
	}
	char *end;
	errno = 0;
	unsigned long i = strtoul(step, &end, 10);
	if (end == step || *end != '\0' || errno != 0 || i >= n)
		return -1;
	return print_path(json_object_array_get_idx(v, i), rest);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: jsonq FILE [PATH...]\n");
		return 2;
	}
	const char *name = argv[1];
	FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "rb");
	size_t len = 0;
	char *text = f != NULL ? slurp(f, &len) : NULL;
	int read_errno = errno;
	if (f != NULL && f != stdin)
		fclose(f);
	if (text == NULL) {
		fprintf(stderr, "jsonq: %s: %s\n", name, strerror(read_errno));
		return 1;
	}
	const char *why = "not JSON";
	json_object *root = strlen(text) == len ? parse_strict(text, len, &why) : NULL;
	if (strlen(text) != len)
		why = "a NUL byte in the text";
	free(text);
	if (root == NULL) {
		fprintf(stderr, "jsonq: %s: not valid JSON: %s\n", name, why);
		return 1;
	}
	int rc = 0;
	for (int i = 2; i < argc && rc == 0; i++) {
		if (print_path(root, argv[i]) != 0) {
			fprintf(stderr, "jsonq: %s: no value at %s\n", name, argv[i]);
			rc = 1;
		} else {
			putchar('\n');
		}
	}
	json_object_put(root);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "jsonq: writing: %s\n", strerror(errno));
		return 1;
	}
	return rc;
}
