/* npy.c: NumPy's .npy arrays, in memory (npy.h). */
#include <config.h>

#include "npy.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char rs_npy_host_order(void)
{
	const uint16_t one = 1;
	unsigned char b;
	memcpy(&b, &one, 1);
	return b ? '<' : '>';
}

/* The header's dict, read as far as regspec needs: a cursor over it. */
struct lex {
	const char *p, *end;
};

static void skip_blanks(struct lex *L)
{
	while (L->p < L->end && isspace((unsigned char)*L->p))
		L->p++;
}

static int eat(struct lex *L, char c)
{
	skip_blanks(L);
	if (L->p < L->end && *L->p == c) {
		L->p++;
		return 1;
	}
	return 0;
}

/* A quoted Python string into out; 0 when there is none. */
static int quoted(struct lex *L, char *out, size_t size)
{
	skip_blanks(L);
	if (L->p >= L->end || (*L->p != '\'' && *L->p != '"'))
		return 0;
	char q = *L->p++;
	size_t n = 0;
	while (L->p < L->end && *L->p != q) {
		if (n + 1 < size)
			out[n++] = *L->p;
		L->p++;
	}
	out[n] = '\0';
	if (L->p >= L->end)
		return 0;
	L->p++;
	return 1;
}

/* A value this reader does not use (a nested tuple, list or dict): passed
 * over, brackets balanced. */
static int skip_value(struct lex *L)
{
	int depth = 0;
	char tmp[64];
	skip_blanks(L);
	while (L->p < L->end) {
		char c = *L->p;
		if (c == '\'' || c == '"') {
			if (!quoted(L, tmp, sizeof tmp))
				return 0;
			continue;
		}
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}') {
			if (depth == 0)
				return 1;
			depth--;
		} else if (c == ',' && depth == 0)
			return 1;
		L->p++;
	}
	return 0;
}

static int parse_shape(struct lex *L, rs_npy *a)
{
	if (!eat(L, '('))
		return 0;
	a->ndim = 0;
	for (;;) {
		if (eat(L, ')'))
			return 1;
		skip_blanks(L);
		char *endp;
		long v = strtol(L->p, &endp, 10);
		if (endp == L->p || v < 0 || v == LONG_MAX || a->ndim == RS_NPY_MAXDIM)
			return 0;
		L->p = endp;
		if (L->p < L->end && (*L->p == 'L' || *L->p == 'l')) /* Python 2's long */
			L->p++;
		a->shape[a->ndim++] = v;
		if (!eat(L, ',')) {
			if (!eat(L, ')'))
				return 0;
			return 1;
		}
	}
}

/* The element type from descr: byte order, kind, size. */
static int parse_descr(const char *d, rs_npy *a)
{
	const char *s = d;
	char order = '|';
	if (*s == '<' || *s == '>' || *s == '|' || *s == '=')
		order = *s++;
	if (!isalpha((unsigned char)*s))
		return 0;
	a->kind = *s++;
	char *endp;
	long size = strtol(s, &endp, 10);
	if (endp == s) /* '?' and 'b' are a byte, 'O' a pointer */
		size = a->kind == 'b' || a->kind == '?' ? 1 : a->kind == 'O' ? 8 : 0;
	if (*endp != '\0' || size <= 0 || size > 64)
		return 0;
	if (a->kind == '?')
		a->kind = 'b';
	a->size = (int)size;
	if (a->kind == 'U')
		a->size = (int)size * 4; /* UCS-4 characters */
	char host = rs_npy_host_order();
	a->swap = (order == '<' || order == '>') && order != host && a->size > 1;
	return 1;
}

int rs_npy_parse(const void *buf, size_t len, rs_npy *a, const char *name, rs_err *e)
{
	const unsigned char *b = buf;
	memset(a, 0, sizeof *a);
	if (len < 10 || memcmp(b, "\x93NUMPY", 6) != 0)
		return rs_fail(e, RS_EINVAL, "%s: not a NumPy .npy array (no \\x93NUMPY at its start)", name);
	int major = b[6];
	size_t hlen, start;
	if (major == 1) {
		hlen = (size_t)b[8] | (size_t)b[9] << 8;
		start = 10;
	} else if (major == 2 || major == 3) {
		if (len < 12)
			return rs_fail(e, RS_EINVAL, "%s: the .npy header ends early (truncated file?)", name);
		hlen = (size_t)b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 | (size_t)b[11] << 24;
		start = 12;
	} else
		return rs_fail(e, RS_EINVAL, "%s: .npy format version %d.%d, newer than the 1.0 to 3.0 read here",
			       name, major, b[7]);
	if (hlen > len - start)
		return rs_fail(e, RS_EINVAL, "%s: the .npy header ends early (truncated file?)", name);
	struct lex L = {(const char *)b + start, (const char *)b + start + hlen};
	int have_descr = 0, have_shape = 0;
	if (!eat(&L, '{'))
		return rs_fail(e, RS_EINVAL, "%s: a .npy header is a Python dict ('{'descr': ...}')", name);
	while (!eat(&L, '}')) {
		char key[32];
		if (!quoted(&L, key, sizeof key) || !eat(&L, ':'))
			return rs_fail(e, RS_EINVAL, "%s: the .npy header is not a dict of 'descr', "
						     "'fortran_order' and 'shape'", name);
		if (!strcmp(key, "descr")) {
			skip_blanks(&L);
			if (L.p < L.end && *L.p == '[')
				return rs_fail(e, RS_EINVAL, "%s: a structured array (named fields): regspec reads "
							     "arrays of numbers", name);
			if (!quoted(&L, a->descr, sizeof a->descr) || !parse_descr(a->descr, a))
				return rs_fail(e, RS_EINVAL, "%s: element type '%s' not understood", name, a->descr);
			have_descr = 1;
		} else if (!strcmp(key, "fortran_order")) {
			skip_blanks(&L);
			if (L.end - L.p >= 4 && !strncmp(L.p, "True", 4)) {
				a->fortran = 1;
				L.p += 4;
			} else if (L.end - L.p >= 5 && !strncmp(L.p, "False", 5))
				L.p += 5;
			else
				return rs_fail(e, RS_EINVAL, "%s: 'fortran_order' is True or False", name);
		} else if (!strcmp(key, "shape")) {
			if (!parse_shape(&L, a))
				return rs_fail(e, RS_EINVAL, "%s: 'shape' is not a tuple of sizes", name);
			have_shape = 1;
		} else if (!skip_value(&L))
			return rs_fail(e, RS_EINVAL, "%s: the .npy header's dict is not closed", name);
		skip_blanks(&L);
		if (!eat(&L, ',') && (L.p >= L.end || *L.p != '}'))
			return rs_fail(e, RS_EINVAL, "%s: the .npy header's dict is not closed", name);
	}
	if (!have_descr || !have_shape)
		return rs_fail(e, RS_EINVAL, "%s: the .npy header lacks '%s'", name, have_descr ? "shape" : "descr");
	if (a->kind == 'O')
		return rs_fail(e, RS_EINVAL, "%s: an array of Python objects (pickled, dtype object): regspec "
					     "reads arrays of numbers", name);
	if (!strchr("biufcSU", a->kind))
		return rs_fail(e, RS_EINVAL, "%s: element type '%s' (kind '%c') is not read here", name,
			       a->descr, a->kind);
	if ((a->kind == 'f' && a->size != 4 && a->size != 8) ||
	    ((a->kind == 'i' || a->kind == 'u') && a->size != 1 && a->size != 2 && a->size != 4 && a->size != 8))
		return rs_fail(e, RS_EINVAL, "%s: element type '%s' is not read here (floats of 4 or 8 bytes, "
					     "integers of 1 to 8)", name, a->descr);
	double count = 1;
	for (int d = 0; d < a->ndim; d++)
		count *= (double)a->shape[d];
	size_t data = start + hlen, have = len - data;
	if (count * a->size > (double)have) {
		char what[96];
		rs_npy_describe(a, what, sizeof what);
		return rs_fail(e, RS_EINVAL, "%s: %s needs %.0f bytes of data, the file holds %zu (truncated file?)",
			       name, what, count * a->size, have);
	}
	a->count = (long)count;
	a->data = b + data;
	return 0;
}

int rs_npy_is_number(const rs_npy *a)
{
	return a->kind == 'b' || a->kind == 'i' || a->kind == 'u' || a->kind == 'f';
}

int rs_npy_is_integer(const rs_npy *a)
{
	return a->kind == 'b' || a->kind == 'i' || a->kind == 'u';
}

/* Element i's bytes, in this host's order, into out (a->size <= 8). */
static void element(const rs_npy *a, long i, unsigned char *out)
{
	const unsigned char *p = a->data + (size_t)i * (size_t)a->size;
	if (a->swap)
		for (int k = 0; k < a->size; k++)
			out[k] = p[a->size - 1 - k];
	else
		memcpy(out, p, (size_t)a->size);
}

int64_t rs_npy_int(const rs_npy *a, long i)
{
	unsigned char b[8] = {0};
	element(a, i, b);
	switch (a->kind) {
	case 'b': return b[0] != 0;
	case 'i':
		switch (a->size) {
		case 1: { int8_t v; memcpy(&v, b, 1); return v; }
		case 2: { int16_t v; memcpy(&v, b, 2); return v; }
		case 4: { int32_t v; memcpy(&v, b, 4); return v; }
		default: { int64_t v; memcpy(&v, b, 8); return v; }
		}
	case 'u':
		switch (a->size) {
		case 1: return b[0];
		case 2: { uint16_t v; memcpy(&v, b, 2); return v; }
		case 4: { uint32_t v; memcpy(&v, b, 4); return v; }
		default: { uint64_t v; memcpy(&v, b, 8); return v > INT64_MAX ? INT64_MAX : (int64_t)v; }
		}
	default: return (int64_t)rs_npy_double(a, i);
	}
}

double rs_npy_double(const rs_npy *a, long i)
{
	if (a->kind != 'f')
		return (double)rs_npy_int(a, i);
	unsigned char b[8] = {0};
	element(a, i, b);
	if (a->size == 4) {
		float v;
		memcpy(&v, b, 4);
		return v;
	}
	double v;
	memcpy(&v, b, 8);
	return v;
}

void rs_npy_text(const rs_npy *a, long i, char *out, size_t size)
{
	size_t n = 0;
	if (size == 0)
		return;
	if (i < a->count && (a->kind == 'S' || a->kind == 'U')) {
		int step = a->kind == 'U' ? 4 : 1, chars = a->size / step;
		for (int k = 0; k < chars && n + 1 < size; k++) {
			const unsigned char *p = a->data + (size_t)i * (size_t)a->size + (size_t)k * (size_t)step;
			unsigned long c = p[0];
			if (step == 4) {
				unsigned char q[4];
				for (int t = 0; t < 4; t++)
					q[t] = a->swap ? p[3 - t] : p[t];
				uint32_t v;
				memcpy(&v, q, 4);
				c = v;
			}
			if (c == 0)
				break;
			out[n++] = c < 128 && isprint((int)c) ? (char)c : '?';
		}
	}
	out[n] = '\0';
}

void rs_npy_type(const rs_npy *a, char *out, size_t size)
{
	const char *kind = a->kind == 'b' ? "bool" : a->kind == 'i' ? "int" : a->kind == 'u' ? "uint" :
			   a->kind == 'f' ? "float" : a->kind == 'c' ? "complex" : "text";
	if (a->kind == 'b' || a->kind == 'S' || a->kind == 'U')
		snprintf(out, size, "%s", kind);
	else
		snprintf(out, size, "%s%d", kind, a->size * 8);
}

void rs_npy_describe(const rs_npy *a, char *out, size_t size)
{
	char type[24];
	rs_npy_type(a, type, sizeof type);
	int n = snprintf(out, size, "%s", type);
	if (a->ndim == 0)
		snprintf(out + n, size - (size_t)n, " scalar");
	else if (a->ndim == 1)
		snprintf(out + n, size - (size_t)n, " vector of %ld", a->shape[0]);
	else
		for (int d = 0; d < a->ndim && (size_t)n < size; d++)
			n += snprintf(out + n, size - (size_t)n, "%s%ld", d ? " x " : " ", a->shape[d]);
}

size_t rs_npy_header(char *out, size_t size, const char *descr, int fortran, int ndim, const long *shape)
{
	char dict[256];
	int n = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': %s, 'shape': (", descr,
			 fortran ? "True" : "False");
	for (int d = 0; d < ndim; d++)
		n += snprintf(dict + n, sizeof dict - (size_t)n, "%ld,%s", shape[d], d + 1 < ndim ? " " : "");
	if (ndim > 1)
		n--; /* (3, 4) rather than (3, 4,): a one-tuple keeps its comma */
	n += snprintf(dict + n, sizeof dict - (size_t)n, "), }");
	/* magic, version, length, the dict, blanks, a newline: a multiple of 64 */
	size_t total = 10 + (size_t)n + 1;
	total = (total + 63) / 64 * 64;
	if (total > size)
		return 0;
	size_t hlen = total - 10;
	memcpy(out, "\x93NUMPY\x01\x00", 8);
	out[8] = (char)(hlen & 0xff);
	out[9] = (char)(hlen >> 8);
	memcpy(out + 10, dict, (size_t)n);
	memset(out + 10 + n, ' ', total - 10 - (size_t)n - 1);
	out[total - 1] = '\n';
	return total;
}
