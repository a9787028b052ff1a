/* readtext.c: what the text readers share: fields and numbers, Python
 * attribute dicts, lines, located errors and the size checks made before
 * a large allocation. */
#include <config.h>

#include "readers.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int rs_field_long(const char *s, long *out)
{
	if (*s == '\0')
		return -1;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (*end != '\0' || errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

int rs_field_weight(const char *s, double *out)
{
	char *end;
	if (*s == '\0')
		return -1;
	double v = strtod(s, &end);
	/* decimal only: strtod reads C's hexadecimal floats too (0x10 = 16) */
	if (*end != '\0' || strpbrk(s, "xX") != NULL)
		return -1;
	*out = v;
	return 0;
}

/* A node id: an integer, or a whole number written with a decimal point or
 * an exponent ("3.0", "3.000000000000000000e+00": numpy.savetxt's default
 * format writes an integer array so), which sets *decimal when given. */
int rs_field_id(const char *s, long *out, int *decimal)
{
	if (rs_field_long(s, out) == 0)
		return 0;
	double v;
	if (strspn(s, "0123456789.eE+-") != strlen(s) || !isdigit((unsigned char)s[0]) ||
	    rs_field_weight(s, &v) != 0 || !(v <= (double)RS_MAX_ID) || v != floor(v))
		return -1;
	*out = (long)v;
	if (decimal)
		*decimal = 1;
	return 0;
}

/* A spreadsheet's semicolon-separated export writes "0,5" for 0.5 where
 * the decimal mark is a comma: one comma, no point, read as a point. */
int rs_decimal_comma(const char *s, double *out)
{
	char buf[64];
	const char *c = strchr(s, ',');
	if (c == NULL || strchr(c + 1, ',') || strchr(s, '.') || strlen(s) >= sizeof buf)
		return 0;
	snprintf(buf, sizeof buf, "%s", s);
	buf[c - s] = '.';
	return rs_field_weight(buf, out) == 0;
}

/* One item of a dict as Python's str() writes it, from *pp: the key's text
 * (quotes removed) and the value's span; *pp moves past the item and its
 * comma.  Returns 1 for an item, 0 at the closing brace, -1 when the text
 * is not a dict. */
static int dict_item(const char **pp, char *key, size_t ksize, const char **v, size_t *vlen)
{
	const char *p = *pp;
	while (*p == ' ')
		p++;
	if (*p == '}')
		return p[1 + strspn(p + 1, " \t")] == '\0' ? 0 : -1;
	size_t kl = 0;
	if (*p == '\'' || *p == '"') {
		char q = *p++;
		for (; *p && *p != q; p++) {
			if (*p == '\\' && p[1])
				p++;
			if (kl + 1 < ksize)
				key[kl++] = *p;
		}
		if (*p++ != q)
			return -1;
	} else {
		for (; *p && *p != ':' && *p != ',' && *p != '}'; p++)
			if (kl + 1 < ksize && *p != ' ')
				key[kl++] = *p;
	}
	key[kl] = '\0';
	while (*p == ' ')
		p++;
	if (*p++ != ':')
		return -1;
	while (*p == ' ')
		p++;
	*v = p;
	int depth = 0;
	for (char q = 0; *p; p++) {
		if (q) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == q)
				q = 0;
		} else if (*p == '\'' || *p == '"') {
			q = *p;
		} else if (*p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if (*p == ')' || *p == ']' || *p == '}') {
			if (depth-- == 0)
				break;
		} else if (*p == ',' && depth == 0) {
			break;
		}
	}
	if (*p == '\0')
		return -1;
	*vlen = (size_t)(p - *v);
	while (*vlen > 0 && (*v)[*vlen - 1] == ' ')
		(*vlen)--;
	*pp = *p == ',' ? p + 1 : p;
	return 1;
}

/* The 'weight' of an attribute dict ("{'weight': 3.0}") in out, its quotes or a
 * wrapping call (numpy 2 writes np.float64(3.0)) removed: 1 when the key is
 * there, 0 when not, -1 when the text is not a dict. */
int rs_dict_weight(const char *d, char *out, size_t size)
{
	const char *p = d + 1, *v;
	size_t vl;
	char key[32];
	int r, found = 0;
	while ((r = dict_item(&p, key, sizeof key, &v, &vl)) > 0) {
		if (strcmp(key, "weight") != 0)
			continue;
		const char *open = memchr(v, '(', vl);
		if (open && vl > 0 && v[vl - 1] == ')') {
			vl -= (size_t)(open + 1 - v) + 1;
			v = open + 1;
		}
		if (vl >= 2 && (v[0] == '\'' || v[0] == '"') && v[vl - 1] == v[0]) {
			v++;
			vl -= 2;
		}
		snprintf(out, size, "%.*s", (int)vl, v);
		found = 1;
	}
	return r < 0 ? -1 : found;
}

int rs_header_word(const char *s)
{
	static const char *const words[] = {"source", "target", "from", "to", "src", "dst", "node1",
					    "node2", "node_1", "node_2", "id_1", "id_2", "u", "v", "i",
					    "j", "weight", "weights", "w", "value", "count", "row", "col",
					    "node", "id", "a", "b", NULL};
	for (int i = 0; words[i]; i++)
		if (!strcasecmp(s, words[i]))
			return 1;
	return 0;
}

int rs_peek_fields(const char *rest, char delim, char *line, size_t size, char **f, int max,
		   const char **after)
{
	const char *p = rest;
	if (after)
		*after = p + strlen(p);
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		const char *t = p;
		p = nl ? nl + 1 : p + len;
		while (len > 0 && (*t == ' ' || *t == '\t')) {
			t++;
			len--;
		}
		while (len > 0 && (t[len - 1] == '\r' || t[len - 1] == ' ' || t[len - 1] == '\t'))
			len--;
		if (len == 0 || *t == '#' || *t == '%')
			continue;
		if (len >= size)
			len = size - 1; /* the first fields are what matters */
		memcpy(line, t, len);
		line[len] = '\0';
		if (after)
			*after = p;
		if (delim == 0)
			delim = strchr(line, '\t') ? '\t' : strchr(line, ',') ? ',' : ' ';
		return rs_split_fields(line, delim, f, max);
	}
	return 0;
}

void rs_list_append(char *buf, size_t size, const char *sep, const char *item)
{
	size_t used = strlen(buf);
	if (size < 4)
		return;
	if (used + 1 < size) {
		int w = snprintf(buf + used, size - used, "%s%s", used ? sep : "", item);
		if (w >= 0 && (size_t)w < size - used)
			return;
	}
	strcpy(buf + size - 4, "..."); /* full: the end marked (again) */
}

void rs_list_add(char *buf, size_t size, const char *item)
{
	size_t l = strlen(item);
	if (l == 0)
		return; /* an empty name (a JSON key "") is not listed */
	for (const char *p = buf; (p = strstr(p, item)) != NULL; p += l)
		if ((p == buf || (p >= buf + 2 && p[-2] == ',' && p[-1] == ' ')) && (p[l] == '\0' || p[l] == ','))
			return;
	rs_list_append(buf, size, ", ", item);
}

int rs_split_fields(char *line, char delim, char **f, int max)
{
	int n = 0;
	char *p = line;
	if (delim == ' ') {
		while (n < max) {
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p == '\0')
				break;
			f[n++] = p;
			while (*p && *p != ' ' && *p != '\t')
				p++;
			if (*p)
				*p++ = '\0';
		}
		return n;
	}
	while (n < max) {
		while (*p == ' ')
			p++;
		f[n++] = p;
		if (*p == '"') {
			/* quoted as in RFC 4180 ("Smith, J"; "" for a quote), the
			 * field copied down over its opening quote; what follows the
			 * closing quote up to the delimiter is kept, as Python's csv does */
			char *w = p, *r = p + 1;
			while (*r) {
				if (*r == '"') {
					if (r[1] != '"')
						break;
					r++; /* "" is one quote */
				}
				*w++ = *r++;
			}
			if (*r == '"')
				r++;
			char *quoted = w; /* blanks inside the quotes are the name's */
			while (*r && *r != delim)
				*w++ = *r++;
			while (w > quoted && (w[-1] == ' ' || w[-1] == '\t'))
				w--;
			*w = '\0';
			if (*r == '\0')
				break;
			p = r + 1;
			continue;
		}
		char *q = strchr(p, delim);
		char *end = q ? q : p + strlen(p);
		char *t = end;
		while (t > p && (t[-1] == ' ' || t[-1] == '\t'))
			t--;
		*t = '\0';
		if (q == NULL)
			break;
		p = q + 1;
	}
	return n;
}

int rs_split_all(char *line, char delim, char ***f, size_t *cap)
{
	size_t len = strlen(line);
	if (len + 2 > *cap) { /* at most len + 1 fields: each a delimiter after the first */
		char **nf = realloc(*f, (len + 2) * sizeof *nf);
		if (nf == NULL)
			return -1;
		*f = nf;
		*cap = len + 2;
	}
	return rs_split_fields(line, delim, *f, (int)(*cap < INT_MAX ? *cap : INT_MAX));
}

/* A file that ends before the count its header announced. */
void rs_fail_short(struct rs_reader *rd, long announced, long found, const char *what)
{
	RS_FAIL_AT(rd, "%ld %s announced, %ld found (truncated file?)", announced, what, found);
}

/* An edge's attribute dict read (rs_dict_weight's result r, the weight's
 * text fw when r > 0): counted in info, the weight into *w; an error at
 * rd's line when it is not a number >= 0. */
int rs_dict_weight_value(struct rs_reader *rd, int r, const char *fw, double *w, rs_load_info *info)
{
	info->attr_lines++;
	if (r <= 0)
		return 0;
	info->attr_weights++;
	if (rs_field_weight(fw, w) != 0) {
		RS_FAIL_AT(rd, "weight '%s' (the edge attribute 'weight') is not a number; 'unweighted' reads the "
			    "edges without weights",
			fw);
		return -1;
	}
	if (!isfinite(*w) || *w < 0) {
		RS_FAIL_AT(rd, "weight %s: weights must be finite and >= 0", fw);
		return -1;
	}
	return 0;
}

/* The next line of a buffer, NUL-terminated in place without its CR, or
 * NULL at the end; counts lines in rd. */
char *rs_next_line(char **p, struct rs_reader *rd)
{
	if (**p == '\0')
		return NULL;
	char *line = *p, *nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p += strlen(line);
	}
	size_t l = strlen(line);
	if (l > 0 && line[l - 1] == '\r')
		line[l - 1] = '\0';
	rd->lineno++;
	return line;
}

/* Reading `entries` listed entries into a graph of n nodes: an error at
 * rd's line when it would not fit this machine's memory. */
int rs_memory_refused(struct rs_reader *rd, long n, double entries)
{
	double need = rs_graph_too_large((double)n, entries);
	if (need > 0) {
		RS_FAIL_AT(rd, "%ld nodes and %.0f entries need about %.1f GB, more than this machine's memory",
			n, entries, need / 1e9);
		return 1;
	}
	return 0;
}

/* The next blank-separated field of a line, NUL-terminated in place, *q
 * moved past it; NULL at the line's end. */
char *rs_next_token(char **q)
{
	char *t = *q + strspn(*q, " \t");
	if (*t == '\0')
		return NULL;
	char *end = t + strcspn(t, " \t");
	*q = *end ? end + 1 : end;
	*end = '\0';
	return t;
}

/* A graph of n nodes and about `entries` listed entries: an error at rd's
 * line when it is beyond this build, the machine's memory or the sandbox. */
int rs_size_refused(struct rs_reader *rd, long n, double entries, const rs_load_opts *o)
{
	if (n > RS_MAX_ID) {
		RS_FAIL_AT(rd, "%ld nodes is beyond this build (at most %ld)", n, RS_MAX_ID);
		return 1;
	}
	if (rs_memory_refused(rd, n, entries))
		return 1;
	if (o->max_nodes > 0 && n > o->max_nodes) {
		RS_FAIL_AT(rd, "%ld nodes, more than the %ld allowed", n, o->max_nodes);
		return 1;
	}
	return 0;
}
