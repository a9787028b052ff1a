/* tgf.c: the Trivial Graph Format (tgf.h). */
#include <config.h>

#include "tgf.h"

#include "namemap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The word at s (past blanks) and the text after it: *w and *wl the word,
 * the return value the rest past blanks. */
static const char *word(const char *s, const char **w, size_t *wl)
{
	s += strspn(s, " \t");
	*w = s;
	*wl = strcspn(s, " \t\r\n");
	s += *wl;
	return s + strspn(s, " \t");
}

static int hash_line(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	size_t b = strspn(s, " \t");
	return b < n && s[b] == '#' && b + 1 == n;
}

int rs_tgf_is(const char *buf)
{
	rs_namemap ids = {0};
	rs_err e;
	int section = 0, is = 0;
	long edges = 0;
	for (const char *p = buf; *p && edges < 100;) {
		const char *nl = strchr(p, '\n'), *w, *v;
		size_t n = nl ? (size_t)(nl - p) : strlen(p), wl, vl;
		const char *rest = word(p, &w, &wl);
		if (hash_line(p, n)) {
			if (section == 1 || ids.count == 0)
				break; /* a second '#', or no node before it */
			section = 1;
		} else if (wl > 0 && section == 0) {
			long before = ids.count;
			if (*w == '#' || before >= 100000 || rs_nm_intern(&ids, w, wl, 1, &e) != before)
				break; /* a comment, an id twice, or no '#' soon: not a node list */
		} else if (wl > 0) {
			word(rest, &v, &vl);
			is = vl > 0 && rs_nm_intern(&ids, w, wl, 0, &e) >= 0 && rs_nm_intern(&ids, v, vl, 0, &e) >= 0;
			if (!is)
				break; /* not a pair of the nodes' ids */
			edges++;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	rs_nm_free(&ids);
	return is;
}

/* Line s's end: its blanks and return dropped. */
static void trim(char *s)
{
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

rs_graph *rs_tgf_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	rs_namemap ids = {0};
	rs_edges E = {0};
	rs_graph *g = NULL;
	char **name = NULL; /* by node: its label */
	long cap = 0, line = 0, labelled = 0, numbers = 0; /* edge labels, and those numbers */
	int section = 0;
	for (char *p = buf, *next; p && *p; p = next) {
		next = strchr(p, '\n');
		if (next)
			*next++ = '\0';
		line++;
		trim(p);
		const char *w;
		size_t wl;
		char *rest = (char *)word(p, &w, &wl);
		if (wl == 0)
			continue;
		if (hash_line(p, strlen(p))) {
			if (section == 1) {
				rs_fail(e, RS_EINVAL, "%s:%ld: a second '#' line (TGF has one, between the nodes and the edges)",
					path, line);
				goto fail;
			}
			section = 1;
			continue;
		}
		if (section == 0) {
			long before = ids.count;
			long id = rs_nm_intern(&ids, w, wl, 1, e);
			if (id < 0)
				goto fail;
			if (id < before) {
				rs_fail(e, RS_EINVAL, "%s:%ld: node '%.*s' defined twice", path, line, (int)wl, w);
				goto fail;
			}
			if (rs_grow(e, &name, &cap, id, sizeof *name, 256, "node names") != 0)
				goto fail;
			name[id] = NULL;
			if (*rest && (name[id] = strdup(rest)) == NULL) {
				rs_fail(e, RS_ENOMEM, "out of memory");
				goto fail;
			}
			continue;
		}
		const char *v;
		size_t vl;
		char *label = (char *)word(rest, &v, &vl);
		if (vl == 0) {
			rs_fail(e, RS_EINVAL, "%s:%ld: an edge of one node '%.*s' (TGF: 'ID ID [LABEL]')", path, line,
				(int)wl, w);
			goto fail;
		}
		long before = ids.count;
		long a = rs_nm_intern(&ids, w, wl, 1, e), b = a < 0 ? -1 : rs_nm_intern(&ids, v, vl, 1, e);
		if (b < 0)
			goto fail;
		for (long k = before; k < ids.count; k++) { /* named only by an edge: unnamed */
			if (rs_grow(e, &name, &cap, k, sizeof *name, 256, "node names") != 0)
				goto fail;
			name[k] = NULL;
		}
		double x = 1;
		if (*label) {
			char *end;
			labelled++;
			x = strtod(label, &end);
			if (*end == '\0' && isfinite(x) && x >= 0)
				numbers++;
			else
				x = 1;
		}
		if (rs_edges_push(&E, a, b, o->unweighted ? 1 : x, e) != 0)
			goto fail;
	}
	long n = ids.count;
	if (n == 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes", path);
		goto fail;
	}
	if (section == 0 && E.count == 0 && n > 0 && line > 1) {
		rs_fail(e, RS_EINVAL, "%s: no '#' line: a TGF file lists its nodes, then '#', then its edges", path);
		goto fail;
	}
	info->lines = line;
	/* edge labels: weights when every one is a number, else text */
	info->weighted = labelled > 0 && numbers == labelled && !o->unweighted;
	if (info->weighted) {
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", "label");
	} else {
		free(E.w);
		E.w = NULL;
	}
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto fail;
	rs_graph_take_names(g, ids.names, name, n);
fail:
	for (long i = 0; i < ids.count && i < cap; i++)
		free(name[i]);
	free(name);
	rs_edges_free(&E);
	rs_nm_free(&ids);
	return g;
}
