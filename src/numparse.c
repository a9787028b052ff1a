/* numparse.c: strict number parsing with messages that name the token. */
#include <config.h>

#include "numparse.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rs_parse_double(const char *s, double *out, rs_err *e)
{
	char *end;
	if (s == NULL || *s == '\0')
		return rs_fail(e, RS_EINVAL, "expected a number, got nothing");
	errno = 0;
	double v = strtod(s, &end);
	/* decimal only: strtod reads C's hexadecimal floats too (0x10 = 16) */
	if (end == s || *end != '\0' || strpbrk(s, "xX") != NULL)
		return rs_fail(e, RS_EINVAL, "'%s' is not a number", s);
	if (errno == ERANGE && fabs(v) > 1.0)
		return rs_fail(e, RS_EINVAL, "'%s' is out of range", s);
	/* below the smallest double (about 4.9e-324): it would read as 0, a
	 * value of another kind (alpha 0 leaves nodes of degree 0 out) */
	if (errno == ERANGE && v == 0)
		return rs_fail(e, RS_EINVAL, "'%s' is nearer 0 than the smallest double (4.9e-324): write 0 for 0",
			       s);
	if (!isfinite(v))
		return rs_fail(e, RS_EINVAL, "'%s' is not a finite number", s);
	*out = v;
	return 0;
}

int rs_parse_long(const char *s, long *out, rs_err *e)
{
	char *end;
	if (s == NULL || *s == '\0')
		return rs_fail(e, RS_EINVAL, "expected a whole number, got nothing");
	errno = 0;
	long v = strtol(s, &end, 10);
	if (end == s || *end != '\0')
		return rs_fail(e, RS_EINVAL, "'%s' is not a whole number", s);
	if (errno == ERANGE)
		return rs_fail(e, RS_EINVAL, "'%s' is out of range", s);
	*out = v;
	return 0;
}

int rs_parse_count(const char *s, long lo, long hi, const char *what, long *out, rs_err *e)
{
	long v;
	if (rs_parse_long(s, &v, e) != 0)
		return rs_fail(e, RS_EINVAL, "%s: %s", what, e->msg);
	if (v < lo || v > hi)
		return rs_fail(e, RS_EINVAL, "%s must be between %ld and %ld, got %s", what, lo, hi,
			       s);
	*out = v;
	return 0;
}

int rs_parse_range(const char *s, double lo, double hi, const char *what, double *out, rs_err *e)
{
	double v;
	if (rs_parse_double(s, &v, e) != 0)
		return rs_fail(e, RS_EINVAL, "%s: %s", what, e->msg);
	if (v < lo || v > hi) {
		if (hi == HUGE_VAL)
			return rs_fail(e, RS_EINVAL, "%s must be >= %g, got %s", what, lo, s);
		return rs_fail(e, RS_EINVAL, "%s must be between %g and %g, got %s", what, lo, hi, s);
	}
	*out = v;
	return 0;
}

/* The comma-separated entries of s, each a size or (repeats) SIZE*COUNT;
 * two passes: count the blocks, then fill them in. */
static int parse_size_list(const char *s, long max_size, long max_count, int repeats, long **out,
			   int *count, rs_err *e)
{
	long total = 0, *v = NULL;
	for (int pass = 0; pass < 2; pass++) {
		const char *p = s;
		long at = 0;
		for (int item = 1;; item++) {
			const char *q = strchr(p, ',');
			size_t len = q ? (size_t)(q - p) : strlen(p);
			char tok[64];
			if (len == 0 || len >= sizeof tok) {
				free(v);
				return rs_fail(e, RS_EINVAL, "bad size list '%.60s%s': empty or overlong entry %d", s,
					       strlen(s) > 60 ? "..." : "",
					       item);
			}
			memcpy(tok, p, len);
			tok[len] = '\0';
			char *star = repeats ? strchr(tok, '*') : NULL;
			long size, rep = 1;
			if (star != NULL)
				*star = '\0';
			if (star == tok)
				return free(v), rs_fail(e, RS_EINVAL, "bad repeated size '%s' (write SIZE*COUNT)", p);
			if (rs_parse_count(tok, 1, max_size, "block size", &size, e) != 0 ||
			    (star && rs_parse_count(star + 1, 1, max_count, "repeat count", &rep, e) != 0)) {
				free(v);
				return -1;
			}
			if (pass == 0) {
				total += rep;
				if (total > max_count)
					return rs_fail(e, RS_EINVAL, "'%.60s%s' makes more than %ld blocks", s,
						       strlen(s) > 60 ? "..." : "", max_count);
			} else {
				for (long r = 0; r < rep; r++)
					v[at++] = size;
			}
			if (q == NULL)
				break;
			p = q + 1;
		}
		if (pass == 0 && (v = rs_alloc(e, (size_t)total, sizeof *v, "block sizes")) == NULL)
			return -1;
	}
	*out = v;
	*count = (int)total;
	return 0;
}

int rs_parse_sizes(const char *s, long **out, int *count, rs_err *e)
{
	return parse_size_list(s, 1000000000000L, INT_MAX, 0, out, count, e);
}

int rs_parse_size_spec(const char *s, long max_size, long max_count, long **out, int *count,
		       rs_err *e)
{
	return parse_size_list(s, max_size, max_count, 1, out, count, e);
}

char *rs_format_exact(char *buf, size_t len, double x)
{
	if (fabs(x) < 9007199254740992.0 && x == (double)(long long)x) { /* 2^53: exact */
		snprintf(buf, len, "%lld", (long long)x);
		return buf;
	}
	for (int digits = 15; digits <= 17; digits++) {
		snprintf(buf, len, "%.*g", digits, x);
		if (digits == 17 || strtod(buf, NULL) == x)
			break;
	}
	return buf;
}
