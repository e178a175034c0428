/*
 * csv.c - RFC 4180 records, unquoted in place (csv.h).
 */
#include "csv.h"

void csv_init(struct csv_reader *r, char *text, size_t len)
{
	r->p = text;
	r->end = text + len;
	r->line = 0;
	r->cut = 0;
}

/* A quoted field from just after its opening quote: its text, "" made ",
 * written from *out on.  Returns the byte after the closing quote, or
 * NULL with *why. */
static char *quoted(struct csv_reader *r, char *p, char **out, const char **why)
{
	char *o = *out;
	for (;;) {
		if (p == r->end) {
			*why = "a quoted field left open (its closing quote is missing)";
			return NULL;
		}
		if (*p == '\0') {
			*why = "a NUL byte";
			return NULL;
		}
		if (*p == '"' && p + 1 < r->end && p[1] == '"') {
			*o++ = '"';
			p += 2;
		} else if (*p == '"') {
			*out = o;
			return p + 1;
		} else {
			r->line += *p == '\n';
			*o++ = *p++;
		}
	}
}

/* One field at p, NUL-terminated in place (the terminator takes the
 * place of the separator at the latest: unquoting only shortens).
 * Returns where it ended, with *stop the byte that ended it (',', '\n',
 * or NUL at the end), or NULL with *why. */
static char *field(struct csv_reader *r, char *p, char *stop, const char **why)
{
	char *start = p, *o = p;
	if (p < r->end && *p == '"') {
		p = quoted(r, p + 1, &o, why);
		if (p == NULL)
			return NULL;
		if (p < r->end && *p == '\r' && p + 1 < r->end && p[1] == '\n')
			p++;	/* CRLF */
		if (p < r->end && *p != ',' && *p != '\n') {
			*why = "text after a quoted field's closing quote";
			return NULL;
		}
	} else {
		for (; p < r->end && *p != ',' && *p != '\n'; p++) {
			if (*p == '\0') {
				*why = "a NUL byte";
				return NULL;
			}
			*o++ = *p;
		}
		if (o > start && o[-1] == '\r' && (p == r->end || *p == '\n'))
			o--;	/* CRLF */
	}
	*stop = p < r->end ? *p : '\0';
	*o = '\0';
	return p;
}

int csv_next(struct csv_reader *r, struct csv_record *rec, const char **why)
{
	for (;;) {
		if (r->p >= r->end)
			return 0;
		rec->line = ++r->line;
		rec->count = 0;
		char *p = r->p;
		for (;;) {
			char *start = p, stop;
			p = field(r, p, &stop, why);
			if (p == NULL)
				return -1;
			if (rec->count < CSV_FIELDS_MAX)
				rec->field[rec->count] = start;
			rec->count++;
			if (p == r->end) {
				r->cut = 1;	/* no line break after the last record */
				break;
			}
			p++;
			if (stop == '\n')
				break;
		}
		r->p = p;
		if (rec->count > 1 || rec->field[0][0] != '\0')
			return 1;	/* else a blank line */
	}
}
