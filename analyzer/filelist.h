/*
 * filelist.h - the files of one collection given as one argument joined by
 * commas (analyze --compare A B).
 */
#ifndef SUBTICK_ANALYZE_FILELIST_H
#define SUBTICK_ANALYZE_FILELIST_H

/* "a.st,b.st" -> { "a.st", "b.st", NULL }, split in place; a name that is
 * itself an existing file, commas and all, stays whole.  The array is
 * allocated (free it), NULL when memory is out. */
char **filelist_split(char *list);

#endif /* SUBTICK_ANALYZE_FILELIST_H */
