/*
 * text.h - text from the input made safe for every output: valid UTF-8,
 * no control characters.  Header values travel into the text report, the
 * JSON (which must be UTF-8) and the figures' titles (SVG is XML, where
 * "]]>" may not stand in text either).
 */
#ifndef SUBTICK_TEXT_H
#define SUBTICK_TEXT_H

#include <stddef.h>

/*
 * Copy in to out (len bytes, len >= 1): well-formed UTF-8 sequences as
 * they are; each byte of an ill-formed one, and each control character
 * (C0, DEL, C1), as '?'; "]]>" as "]] >"; cut at a character boundary so
 * that out ends with a whole character and a NUL.
 */
void text_clean(const char *in, char *out, size_t len);

/*
 * Copy in to out (len bytes, len >= 5) for a message on a terminal:
 * well-formed UTF-8 as it is; each byte of a control character (ESC,
 * BEL, CR..., and the C1 controls such as U+009B) or of an ill-formed
 * sequence as \xHH, so that a name read from a file can neither move the
 * cursor nor ring the bell; cut at a character boundary, with "..." when
 * cut.
 */
void text_escape(const char *in, char *out, size_t len);

/* The length of the well-formed UTF-8 sequence at s (1..4), or 0 when the
 * bytes there are not one (overlong, surrogate, beyond U+10FFFF, cut). */
size_t text_utf8_length(const unsigned char *s);

#endif /* SUBTICK_TEXT_H */
