/* utf8.h: checking and writing UTF-8, for text that goes to terminals,
 * JSON, XML and GML. */
#ifndef RS_UTF8_H
#define RS_UTF8_H

#include <stddef.h>

/* The length of the valid UTF-8 sequence at p (1 to 4), 0 if invalid
 * (overlong forms, surrogates and code points past U+10FFFF included);
 * its code point in *cp when cp is not NULL. */
size_t rs_utf8_seq(const unsigned char *p, unsigned long *cp);
/* Code point c (at most U+10FFFF) as UTF-8 into b: the bytes written. */
int rs_utf8_put(unsigned long c, char *b);

#endif
