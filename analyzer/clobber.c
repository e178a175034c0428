/*
 * clobber.c - outputs against inputs, by device and inode (clobber.h).
 */
#include "clobber.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "filelist.h"

void clobber_add(struct clobber_outputs *o, const char *option, const char *dir,
		 const char *name)
{
	if (o->count == CLOBBER_OUTPUTS_MAX)
		return;
	int k = name ? snprintf(o->out[o->count].path, PATH_MAX, "%s/%s", dir, name)
		     : snprintf(o->out[o->count].path, PATH_MAX, "%s", dir);
	if (k < 0 || k >= PATH_MAX)
		return;
	o->out[o->count].option = option;
	o->out[o->count].is_stdout = 0;
	o->count++;
}

void clobber_add_stdout(struct clobber_outputs *o)
{
	if (o->count == CLOBBER_OUTPUTS_MAX)
		return;
	o->out[o->count].option = "stdout";
	o->out[o->count].path[0] = '\0';
	o->out[o->count].is_stdout = 1;
	o->count++;
}

/* The input's file, if it is a regular file: 0, else -1. */
static int input_stat(const char *path, struct stat *st)
{
	int rc = strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, st) : stat(path, st);
	return rc == 0 && S_ISREG(st->st_mode) ? 0 : -1;
}

/* The first output that is the file st; -1 if none. */
static long written_over(const struct clobber_outputs *o, const struct stat *st)
{
	struct stat x;
	for (size_t i = 0; i < o->count; i++) {
		int rc = o->out[i].is_stdout ? fstat(STDOUT_FILENO, &x)
					     : stat(o->out[i].path, &x);
		if (rc == 0 && x.st_dev == st->st_dev && x.st_ino == st->st_ino)
			return (long)i;
	}
	return -1;
}

static int refuse(const struct clobber_outputs *o, long i, const char *input, FILE *err)
{
	if (o->out[i].is_stdout)
		fprintf(err, "analyze: stdout: it is also an input (%s)\n",
			strcmp(input, "-") == 0 ? "stdin" : input);
	else
		fprintf(err, "analyze: %s %s: it is also an input\n", o->out[i].option,
			o->out[i].path);
	return -1;
}

/* One input argument, a list of files when lists. */
static int check_one(const struct clobber_outputs *o, const char *input, int lists,
		     FILE *err)
{
	struct stat st;
	if (!lists || strchr(input, ',') == NULL) {
		long i = input_stat(input, &st) == 0 ? written_over(o, &st) : -1;
		return i < 0 ? 0 : refuse(o, i, input, err);
	}
	char *copy = strdup(input), **files = copy ? filelist_split(copy) : NULL;
	int rc = 0;
	if (files == NULL) {
		fprintf(err, "analyze: out of memory\n");
		rc = -1;
	}
	for (size_t j = 0; rc == 0 && files[j] != NULL; j++)
		rc = check_one(o, files[j], 0, err);
	free(files);
	free(copy);
	return rc;
}

int clobber_check(const struct clobber_outputs *o, char *const *inputs,
		  int lists, FILE *err)
{
	if (inputs == NULL || inputs[0] == NULL)
		return check_one(o, "-", 0, err);
	for (size_t j = 0; inputs[j] != NULL; j++)
		if (check_one(o, inputs[j], lists, err) != 0)
			return -1;
	return 0;
}
