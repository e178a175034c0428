/*
 * filelist.c - a collection's files joined by commas (filelist.h).
 */
#include "filelist.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char **filelist_split(char *list)
{
	size_t k = 2;
	for (char *p = list; *p; p++)
		k += *p == ',';
	char **v = calloc(k, sizeof *v);
	if (v == NULL)
		return NULL;
	if (access(list, F_OK) == 0) {
		v[0] = list;
		return v;
	}
	size_t i = 0;
	for (char *tok = list;; ) {
		char *comma = strchr(tok, ',');
		v[i++] = tok;
		if (comma == NULL)
			break;
		*comma = '\0';
		tok = comma + 1;
	}
	return v;
}
