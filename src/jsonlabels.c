/* jsonlabels.c: labels kept as JSON, turned into the text the labels
 * reader knows.  A flat object {"node": class, ...} (a partition as
 * json.dump writes a dict) becomes 'node<TAB>class' lines under a header;
 * a list [class, ...] one class a line; a list of lists [[node, ...],
 * ...] (communities, as networkx's community functions give them to
 * json.dump) 'node<TAB>k' lines for the k-th list's nodes.  Classes are
 * numbers, strings or null (unlabelled). */
#include <config.h>

#include "jsonlabels.h"

#include "textscan.h"

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

static const char shape[] = "(a JSON file of labels is an object {\"node\": class, ...}, a list "
			    "[class, ...], classes numbers, strings or null, or a list of communities "
			    "[[node, ...], ...])";

static int fail(rs_textscan *j, const char *what)
{
	return rs_scan_fail(j, "%s %s", what, shape);
}

/* A JSON string at j->p, written to o as a CSV field in double quotes
 * (the labels reader's quoting: "" for a quote). */
static int string(rs_textscan *j, struct out *o)
{
	char *t;
	if (rs_scan_json_string(j, &t) != 0) {
		if (j->e->code == RS_ENOMEM)
			return -2;
		char m[sizeof j->e->msg];
		snprintf(m, sizeof m, "%s", j->e->msg);
		return rs_fail(j->e, RS_EINVAL, "%s %s", m, shape);
	}
	int r = put(o, "\"", 1);
	for (const char *c = t; r == 0 && *c; c++)
		/* a line break or tab inside a name would split the line: a
		 * blank */
		r = *c == '"' ? put(o, "\"\"", 2) : put(o, strchr("\n\r\t", *c) ? " " : c, 1);
	free(t);
	return r != 0 || put(o, "\"", 1) != 0 ? -2 : 0;
}

/* A class at j->p: a string, a number (as written), or null (-1). */
static int scalar(rs_textscan *j, struct out *o)
{
	rs_scan_blank(j);
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

/* The communities of a list of lists, j->p just inside the outer '[':
 * 'node<TAB>k' lines, k from 0.  0, -1 (e set) or -2 out of memory. */
static int communities(rs_textscan *j, struct out *o)
{
	int r = put(o, "node\tlabel\n", 11) != 0 ? -2 : 0;
	for (long k = 0; r == 0; k++) {
		rs_scan_blank(j);
		if (*j->p != '[')
			return fail(j, "a community is not a list of nodes");
		j->p++;
		rs_scan_blank(j);
		if (*j->p == ']')
			j->p++; /* an empty community */
		else
			while (r == 0) {
				rs_scan_blank(j);
				if (begin(o, rs_scan_line(j, j->p)) != 0)
					return -2;
				if (*j->p == 'n' || *j->p == '{' || *j->p == '[')
					return fail(j, "a community's member is not a node's name or number");
				char num[24];
				int l = snprintf(num, sizeof num, "\t%ld\n", k);
				if ((r = scalar(j, o)) != 0 || put(o, num, (size_t)l) != 0)
					return r ? r : -2;
				rs_scan_blank(j);
				if (*j->p == ',') {
					j->p++;
					continue;
				}
				if (*j->p++ != ']')
					return fail(j, "a ',' or ']' is missing in a community");
				break;
			}
		rs_scan_blank(j);
		if (*j->p == ',') {
			j->p++;
			continue;
		}
		if (*j->p++ != ']')
			return fail(j, "a ',' or ']' is missing after a community");
		break;
	}
	return r;
}

char *rs_json_labels_text(const char *buf, const char *path, long **lines, rs_err *e)
{
	rs_textscan j = {buf, buf, path, 1, 0, e};
	struct out o = {0};
	int r = 0;
	if (!strncmp(j.p, "\xef\xbb\xbf", 3))
		j.p += 3;
	rs_scan_blank(&j);
	char close = *j.p == '{' ? '}' : ']';
	int object = *j.p == '{';
	j.p++;
	if (object && (begin(&o, rs_scan_line(&j, j.p)) != 0 || put(&o, "node\tlabel\n", 11) != 0))
		r = -2;
	rs_scan_blank(&j);
	if (*j.p == close) {
		j.p++;
	} else if (!object && *j.p == '[') {
		r = begin(&o, rs_scan_line(&j, j.p)) != 0 ? -2 : communities(&j, &o);
	} else
		while (r == 0) {
			rs_scan_blank(&j);
			if (begin(&o, rs_scan_line(&j, j.p)) != 0) {
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
				rs_scan_blank(&j);
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
			rs_scan_blank(&j);
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
		rs_scan_blank(&j);
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
