/* utf8.h: checking and writing UTF-8, for text that goes to terminals,
 * JSON, XML and GML, and UTF-16 text read as UTF-8. */
#ifndef RS_UTF8_H
#define RS_UTF8_H

#include <stddef.h>
#include <stdio.h>

/* The length of the valid UTF-8 sequence at p (1 to 4), 0 if invalid
 * (overlong forms, surrogates and code points past U+10FFFF included);
 * its code point in *cp when cp is not NULL. */
size_t rs_utf8_seq(const unsigned char *p, unsigned long *cp);
/* Code point c (at most U+10FFFF) as UTF-8 into b: the bytes written. */
int rs_utf8_put(unsigned long c, char *b);
/* UTF-16 text p[0..bytes) (big-endian when big is set, else little) as
 * UTF-8 into out, which has room for bytes * 3 / 2 + 1: surrogate pairs
 * joined, a lone surrogate as U+FFFD, an odd last byte dropped; the
 * bytes written, a NUL after them. */
size_t rs_utf16_to_utf8(const unsigned char *p, size_t bytes, int big, char *out);
/* The columns valid UTF-8 text s takes on a terminal: a character one,
 * an East Asian wide one or an emoji two, a combining mark none (a byte
 * that is not UTF-8 one). */
size_t rs_utf8_width(const char *s);
/* The same for the len bytes at s (a NUL among them counts one). */
size_t rs_utf8_width_n(const char *s, size_t len);
/* s as a JSON string, quotes and escapes included; a byte that is not
 * UTF-8 as U+FFFD (JSON must be valid UTF-8). */
void rs_json_string(FILE *out, const char *s);

#endif
