/*
 * text.c - UTF-8 validation by the table of RFC 3629, section 4.
 */
#include "text.h"

#include <stdio.h>
#include <string.h>

size_t text_utf8_length(const unsigned char *s)
{
	unsigned c = s[0];
	if (c < 0x80)
		return 1;
	size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
		 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
	if (n == 0)
		return 0;
	/* The second byte's range depends on the first (no overlongs, no
	 * surrogates, nothing above U+10FFFF). */
	unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
	unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void text_clean(const char *in, char *out, size_t len)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t k = 0;
	while (*s != '\0') {
		size_t n = text_utf8_length(s);
		const char *put = (const char *)s;
		size_t put_len = n;
		if (n == 0 || (n == 1 && (*s < 0x20 || *s == 0x7f)) ||
		    (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)) {	/* C1 */
			put = "?";
			put_len = 1;
			n = n == 2 ? 2 : 1;	/* a C1 control is one '?' */
		} else if (strncmp((const char *)s, "]]>", 3) == 0) {
			put = "]] >";
			put_len = 4;
			n = 3;
		}
		if (k + put_len >= len)
			break;
		memcpy(out + k, put, put_len);
		k += put_len;
		s += n;
	}
	out[k] = '\0';
}

void text_escape(const char *in, char *out, size_t len)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t k = 0;
	for (; *s != '\0'; ) {
		size_t n = text_utf8_length(s);
		char hex[5];
		const char *put = (const char *)s;
		/* C1 controls (U+0080..U+009F, 0xc2 0x80..0x9f) act on
		 * terminals too: CSI is U+009B */
		if (n == 0 || (n == 1 && (*s < 0x20 || *s == 0x7f)) ||
		    (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)) {
			snprintf(hex, sizeof hex, "\\x%02x", *s);
			put = hex;
			n = 1;
		}
		size_t put_len = put == hex ? 4 : n;
		if (k + put_len + 4 > len) {	/* room for "..." and the NUL */
			snprintf(out + k, len - k, "...");
			return;
		}
		memcpy(out + k, put, put_len);
		k += put_len;
		s += n;
	}
	out[k] = '\0';
}
