/* utf8.c: checking and writing UTF-8. */
#include <config.h>

#include "utf8.h"

#include <string.h>

size_t rs_utf8_seq(const unsigned char *p, unsigned long *cp)
{
	size_t n;
	unsigned long c;
	if (p[0] < 0x80)
		n = 1, c = p[0];
	else if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, c = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, c = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, c = p[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	if (cp)
		*cp = c;
	return n;
}

int rs_utf8_put(unsigned long c, char *b)
{
	if (c < 0x80)
		return b[0] = (char)c, 1;
	if (c < 0x800)
		return b[0] = (char)(0xC0 | c >> 6), b[1] = (char)(0x80 | (c & 0x3F)), 2;
	if (c < 0x10000)
		return b[0] = (char)(0xE0 | c >> 12), b[1] = (char)(0x80 | ((c >> 6) & 0x3F)),
		       b[2] = (char)(0x80 | (c & 0x3F)), 3;
	return b[0] = (char)(0xF0 | c >> 18), b[1] = (char)(0x80 | ((c >> 12) & 0x3F)),
	       b[2] = (char)(0x80 | ((c >> 6) & 0x3F)), b[3] = (char)(0x80 | (c & 0x3F)), 4;
}

size_t rs_utf16_to_utf8(const unsigned char *p, size_t bytes, int big, char *out)
{
	char *w = out;
	for (size_t i = 0; i + 1 < bytes; i += 2) {
		unsigned long c = big ? (unsigned long)p[i] << 8 | p[i + 1] : (unsigned long)p[i + 1] << 8 | p[i];
		if (c >= 0xD800 && c < 0xDC00 && i + 3 < bytes) { /* a high surrogate: a pair? */
			unsigned long lo = big ? (unsigned long)p[i + 2] << 8 | p[i + 3]
					       : (unsigned long)p[i + 3] << 8 | p[i + 2];
			if (lo >= 0xDC00 && lo < 0xE000) {
				c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
				i += 2;
			}
		}
		if (c >= 0xD800 && c < 0xE000)
			c = 0xFFFD;
		w += rs_utf8_put(c, w);
	}
	*w = '\0';
	return (size_t)(w - out);
}

void rs_json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x80) {
			size_t n = rs_utf8_seq(p, NULL);
			if (n == 0) {
				fputs("\xef\xbf\xbd", out); /* U+FFFD */
			} else {
				fwrite(p, 1, n, out);
				p += n - 1;
			}
			continue;
		}
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\t': fputs("\\t", out); break;
		case '\r': fputs("\\r", out); break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
		}
	}
	fputc('"', out);
}

size_t rs_utf8_width(const char *s)
{
	return rs_utf8_width_n(s, strlen(s));
}

size_t rs_utf8_width_n(const char *s, size_t len)
{
	static const unsigned long wide[][2] = {
		{0x1100, 0x115F}, {0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},
		{0xA000, 0xA4CF}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE30, 0xFE4F}, {0xFF00, 0xFF60},
		{0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x3FFFD}};
	size_t w = 0;
	const unsigned char *end = (const unsigned char *)s + len;
	for (const unsigned char *p = (const unsigned char *)s; p < end;) {
		unsigned long c = *p;
		size_t n = rs_utf8_seq(p, &c);
		if (n > (size_t)(end - p))
			n = 0; /* cut short by the end: its bytes one column each */
		p += n ? n : 1;
		if (n == 0) {
			w++;
			continue;
		}
		if ((c >= 0x300 && c <= 0x36F) || c == 0x200B || (c >= 0xFE00 && c <= 0xFE0F))
			continue; /* combining marks, zero width */
		int two = 0;
		for (size_t k = 0; !two && k < sizeof wide / sizeof wide[0]; k++)
			two = c >= wide[k][0] && c <= wide[k][1];
		w += two ? 2 : 1;
	}
	return w;
}
