/* utf8.h: checking and writing UTF-8, for text that goes to terminals,
 * JSON, XML and GML. */
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
/* The columns valid UTF-8 text s takes on a terminal: a character one,
 * an East Asian wide one or an emoji two, a combining mark none (a byte
 * that is not UTF-8 one). */
size_t rs_utf8_width(const char *s);
/* s as a JSON string, quotes and escapes included; a byte that is not
 * UTF-8 as U+FFFD (JSON must be valid UTF-8). */
void rs_json_string(FILE *out, const char *s);

#endif
