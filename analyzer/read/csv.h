/*
 * csv.h - records of comma-separated values (RFC 4180): fields in double
 * quotes may hold commas, line breaks and doubled quotes ("" for ");
 * records end with LF or CRLF.  Google Benchmark quotes every name
 * ("BM_T<int, 2>/256") and writes "" inside one.
 */
#ifndef SUBTICK_CSV_H
#define SUBTICK_CSV_H

#include <stddef.h>
#include <stdint.h>

#define CSV_FIELDS_MAX 64	/* fields kept per record; more are counted */

struct csv_reader {
	char *p, *end;		/* the text not yet read (written in place) */
	uint64_t line;		/* lines read so far */
	int cut;		/* the last record had no line break */
};

struct csv_record {
	char *field[CSV_FIELDS_MAX];	/* unquoted, NUL-terminated */
	size_t count;			/* fields in the record (may exceed
					 * CSV_FIELDS_MAX: only those kept) */
	uint64_t line;			/* the line it starts on (from 1) */
};

/* Read text[0..len); text[0..len] must be writable (fields are unquoted
 * in place, and the last one ends with a NUL at text[len]). */
void csv_init(struct csv_reader *r, char *text, size_t len);

/*
 * The next record that is not a blank line.  Returns 1, 0 at the end, or
 * -1 with *why set (a quote left open, text after a closing quote, a NUL
 * byte); rec->line then names the record's first line.
 */
int csv_next(struct csv_reader *r, struct csv_record *rec, const char **why);

#endif /* SUBTICK_CSV_H */
