/* numparse.h: strict parsing of numbers typed by a person.
 *
 * The whole token must be a number: "3x", "", "nan" and "1e999" are
 * errors.  Messages name the token.
 */
#ifndef RS_NUMPARSE_H
#define RS_NUMPARSE_H

#include "rs-err.h"

int rs_parse_double(const char *s, double *out, rs_err *e);
/* The shortest of %.15g, %.16g and %.17g that reads back as x exactly
 * (1.1, not 1.1000000000000001); integers as integers.  Returns buf. */
char *rs_format_exact(char *buf, size_t len, double x);
int rs_parse_long(const char *s, long *out, rs_err *e);
/* A whole number in [lo, hi]; "what" names it in messages. */
int rs_parse_count(const char *s, long lo, long hi, const char *what, long *out, rs_err *e);
/* A finite number in [lo, hi]. */
int rs_parse_range(const char *s, double lo, double hi, const char *what, double *out, rs_err *e);
/* A comma-separated list of sizes "5,3,2" (each >= 1); *out is allocated. */
int rs_parse_sizes(const char *s, long **out, int *count, rs_err *e);
/* The same where any entry may be a repeat "SIZE*COUNT", as in "40,20*19"
 * (sizes <= max_size, at most max_count blocks in all). */
int rs_parse_size_spec(const char *s, long max_size, long max_count, long **out, int *count,
		       rs_err *e);

#endif
