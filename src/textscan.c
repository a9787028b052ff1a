/* textscan.c: a reader's place in a text, and JSON's strings. */
#include <config.h>

#include "textscan.h"

#include "utf8.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long rs_scan_line(rs_textscan *S, const char *q)
{
	for (; S->seen < q; S->seen++)
		S->line += *S->seen == '\n';
	return S->line;
}

int rs_scan_vfail(rs_textscan *S, const char *fmt, va_list ap)
{
	char m[400];
	vsnprintf(m, sizeof m, fmt, ap);
	return rs_fail(S->e, RS_EINVAL, "%s:%ld: %s", S->path, rs_scan_line(S, S->p), m);
}

int rs_scan_fail(rs_textscan *S, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = rs_scan_vfail(S, fmt, ap);
	va_end(ap);
	return rc;
}

void rs_scan_blank(rs_textscan *S)
{
	while (*S->p == ' ' || *S->p == '\t' || *S->p == '\n' || *S->p == '\r')
		S->p++;
}

static int hex4(const char *s, unsigned long *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		int c = (unsigned char)s[i];
		if (!isxdigit(c))
			return -1;
		*v = *v * 16 + (unsigned long)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
	}
	return 0;
}

int rs_scan_json_string(rs_textscan *S, char **out)
{
	const char *s = S->p + 1, *end = s;
	while (*end && *end != '"' && *end != '\n')
		end += end[0] == '\\' && end[1] && end[1] != '\n' ? 2 : 1;
	if (*end != '"') {
		S->p = end;
		return rs_scan_fail(S, "a string is not closed");
	}
	char *t = malloc((size_t)(end - s) + 1); /* escapes never grow */
	if (t == NULL)
		return rs_fail(S->e, RS_ENOMEM, "%s: out of memory", S->path);
	size_t n = 0;
	while (s < end) {
		if (*s != '\\') {
			t[n++] = *s++;
			continue;
		}
		char c = s[1];
		s += 2;
		if (c == 'u') {
			unsigned long u, lo;
			if (s + 4 > end || hex4(s, &u) != 0) {
				free(t);
				S->p = s;
				return rs_scan_fail(S, "a \\u escape needs four hexadecimal digits");
			}
			s += 4;
			if (u >= 0xD800 && u < 0xDC00 && s + 6 <= end && s[0] == '\\' && s[1] == 'u' &&
			    hex4(s + 2, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
				u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
				s += 6;
			}
			if (u >= 0xD800 && u < 0xE000)
				u = 0xFFFD; /* a lone surrogate */
			n += (size_t)rs_utf8_put(u, t + n);
		} else {
			const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *k = strchr(from, c);
			if (c == '\0' || k == NULL) {
				free(t);
				S->p = s - 1;
				return rs_scan_fail(S, "'\\%c' is not a JSON escape", c ? c : ' ');
			}
			t[n++] = to[k - from];
		}
	}
	t[n] = '\0';
	S->p = end + 1;
	*out = t;
	return 0;
}
