/* jsonlabels.c: labels kept as JSON, turned into the text the labels
 * reader knows.  A flat object {"node": class, ...} (a partition as
 * json.dump writes a dict) becomes 'node<TAB>class' lines under a header;
 * a list [class, ...] one class a line.  Classes are numbers, strings or
 * null (unlabelled). */
#include <config.h>

#include "jsonlabels.h"

#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct out {
	char *s;
	size_t len, cap;
	long *line; /* the JSON line of each line written (line[k]: line k + 1) */
	long lines, lcap;
};

/* A new line of output begins, from the JSON's line `from`. */
static int begin(struct out *o, long from)
{
	if (o->lines == o->lcap) {
		long cap = o->lcap ? 2 * o->lcap : 256;
		long *t = realloc(o->line, (size_t)cap * sizeof *t);
		if (t == NULL)
			return -2;
		o->line = t;
		o->lcap = cap;
	}
	o->line[o->lines++] = from;
	return 0;
}

static int put(struct out *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 4096;
		while (o->len + n + 1 > cap)
			cap *= 2;
		char *t = realloc(o->s, cap);
		if (t == NULL)
			return -2; /* out of memory (-1: an error reported) */
		o->s = t;
		o->cap = cap;
	}
	memcpy(o->s + o->len, s, n);
	o->len += n;
	o->s[o->len] = '\0';
	return 0;
}

struct json {
	const char *p, *seen, *path; /* seen: where line was counted to */
	long line;
	rs_err *e;
};

/* The line of the text at q (at or after the last place asked about). */
static long line_at(struct json *j, const char *q)
{
	for (; j->seen < q; j->seen++)
		j->line += *j->seen == '\n';
	return j->line;
}

static int fail(struct json *j, const char *what)
{
	return rs_fail(j->e, RS_EINVAL,
		       "%s:%ld: %s (a JSON file of labels is an object {\"node\": class, ...} or a list "
		       "[class, ...], classes numbers, strings or null)",
		       j->path, line_at(j, j->p), what);
}

static void blank(struct json *j)
{
	while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')
		j->p++;
}

static int hex4(const char *s, unsigned long *c)
{
	*c = 0;
	for (int i = 0; i < 4; i++) {
		int h = s[i] >= '0' && s[i] <= '9'   ? s[i] - '0'
			: s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10
			: s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 10
						     : -1;
		if (h < 0)
			return -1;
		*c = *c << 4 | (unsigned long)h;
	}
	return 0;
}

/* A JSON string at j->p, written to o as a CSV field in double quotes
 * (the labels reader's quoting: "" for a quote). */
static int string(struct json *j, struct out *o)
{
	j->p++; /* the opening quote */
	if (put(o, "\"", 1) != 0)
		return -2;
	for (;;) {
		char c = *j->p;
		if (c == '\0' || c == '\n')
			return fail(j, "a string is not closed");
		j->p++;
		if (c == '"')
			break;
		char b[8];
		int n = 1;
		b[0] = c;
		if (c == '\\') {
			char x = *j->p++;
			unsigned long u;
			switch (x) {
			case '"': case '\\': case '/': b[0] = x; break;
			case 'b': b[0] = '\b'; break;
			case 'f': b[0] = '\f'; break;
			case 'n': b[0] = '\n'; break;
			case 'r': b[0] = '\r'; break;
			case 't': b[0] = '\t'; break;
			case 'u':
				if (hex4(j->p, &u) != 0)
					return fail(j, "a \\u escape needs four hex digits");
				j->p += 4;
				if (u >= 0xD800 && u < 0xDC00 && j->p[0] == '\\' && j->p[1] == 'u') {
					unsigned long lo;
					if (hex4(j->p + 2, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
						u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
						j->p += 6;
					}
				}
				n = rs_utf8_put(u, b);
				break;
			default: return fail(j, "an unknown escape in a string");
			}
		}
		/* a line break or tab inside a name would split the line: a blank */
		if (n == 1 && (b[0] == '\n' || b[0] == '\r' || b[0] == '\t'))
			b[0] = ' ';
		if (n == 1 && b[0] == '"')
			b[1] = '"', n = 2;
		if (put(o, b, (size_t)n) != 0)
			return -2;
	}
	return put(o, "\"", 1) != 0 ? -2 : 0;
}

/* A class at j->p: a string, a number (as written), or null (-1). */
static int scalar(struct json *j, struct out *o)
{
	blank(j);
	if (*j->p == '"')
		return string(j, o);
	if (!strncmp(j->p, "null", 4)) {
		j->p += 4;
		return put(o, "-1", 2) != 0 ? -2 : 0;
	}
	if (*j->p == '{' || *j->p == '[')
		return fail(j, "a class is an object or a list");
	size_t n = strspn(j->p, "0123456789+-.eE");
	if (n == 0)
		return fail(j, "a class is not a number, a string or null");
	int r = put(o, j->p, n);
	j->p += n;
	return r != 0 ? -2 : 0;
}

char *rs_json_labels_text(const char *buf, const char *path, long **lines, rs_err *e)
{
	struct json j = {buf, buf, path, 1, e};
	struct out o = {0};
	int r = 0;
	if (!strncmp(j.p, "\xef\xbb\xbf", 3))
		j.p += 3;
	blank(&j);
	char close = *j.p == '{' ? '}' : ']';
	int object = *j.p == '{';
	j.p++;
	if (object && (begin(&o, line_at(&j, j.p)) != 0 || put(&o, "node\tlabel\n", 11) != 0))
		r = -2;
	blank(&j);
	if (*j.p == close)
		j.p++;
	else
		while (r == 0) {
			blank(&j);
			if (begin(&o, line_at(&j, j.p)) != 0) {
				r = -2;
				break;
			}
			if (object) {
				if (*j.p != '"') {
					r = fail(&j, "a node's name (a key) is not a string");
					break;
				}
				if ((r = string(&j, &o)) != 0)
					break;
				blank(&j);
				if (*j.p++ != ':') {
					r = fail(&j, "a ':' is missing after a key");
					break;
				}
				if (put(&o, "\t", 1) != 0) {
					r = -2;
					break;
				}
			}
			if ((r = scalar(&j, &o)) != 0 || (r = put(&o, "\n", 1)) != 0)
				break;
			blank(&j);
			if (*j.p == ',') {
				j.p++;
				continue;
			}
			if (*j.p != close) {
				r = fail(&j, object ? "a ',' or '}' is missing" : "a ',' or ']' is missing");
				break;
			}
			j.p++;
			break;
		}
	if (r == 0) {
		blank(&j);
		if (*j.p != '\0')
			r = fail(&j, "more text after the labels");
	}
	if (r == -2)
		rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
	if (r == 0 && ((o.s == NULL && put(&o, "", 0) != 0) || begin(&o, 0) != 0)) /* 0 ends the list */
		r = -2, rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
	if (r != 0) {
		free(o.s);
		free(o.line);
		return NULL;
	}
	*lines = o.line;
	return o.s;
}
