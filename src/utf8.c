/* utf8.c: checking and writing UTF-8. */
#include <config.h>

#include "utf8.h"

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
