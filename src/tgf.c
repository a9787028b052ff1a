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

/* A TGF file being read: the nodes met (listed, or named by an edge) and
 * their labels, the edges, how many edges have a label and how many of
 * those are numbers. */
struct tgf {
	const char *path;
	rs_err *e;
	long line;
	rs_namemap ids;
	char **name; /* by node: its label, or NULL */
	long cap;    /* name's room, every slot set (NULL past the nodes) */
	rs_edges E;
	long labelled, numbers;
};

/* Room for node id's label, the new slots NULL. */
static int tgf_room(struct tgf *T, long id)
{
	long was = T->cap;
	if (rs_grow(T->e, &T->name, &T->cap, id, sizeof *T->name, 256, "node names") != 0)
		return -1;
	if (T->cap > was)
		memset(T->name + was, 0, (size_t)(T->cap - was) * sizeof *T->name);
	return 0;
}

/* A node line: its id (w, wl), new, and its label (rest). */
static int tgf_node(struct tgf *T, const char *w, size_t wl, const char *rest)
{
	long before = T->ids.count;
	long id = rs_nm_intern(&T->ids, w, wl, 1, T->e);
	if (id < 0)
		return -1;
	if (id < before)
		return rs_fail(T->e, RS_EINVAL, "%s:%ld: node '%.*s' defined twice", T->path, T->line, (int)wl, w);
	if (tgf_room(T, id) != 0)
		return -1;
	if (*rest && (T->name[id] = strdup(rest)) == NULL)
		return rs_fail(T->e, RS_ENOMEM, "out of memory");
	return 0;
}

/* An edge line 'ID ID [LABEL]': the first id (w, wl), the rest after it;
 * a node only an edge names is unnamed; a label that is a number >= 0 is
 * the weight. */
static int tgf_edge(struct tgf *T, const char *w, size_t wl, char *rest, const rs_load_opts *o)
{
	const char *v;
	size_t vl;
	char *label = (char *)word(rest, &v, &vl);
	if (vl == 0)
		return rs_fail(T->e, RS_EINVAL, "%s:%ld: an edge of one node '%.*s' (TGF: 'ID ID [LABEL]')", T->path,
			       T->line, (int)wl, w);
	long a = rs_nm_intern(&T->ids, w, wl, 1, T->e), b = a < 0 ? -1 : rs_nm_intern(&T->ids, v, vl, 1, T->e);
	if (b < 0 || tgf_room(T, T->ids.count - 1) != 0)
		return -1;
	double x = 1;
	if (*label) {
		char *end;
		T->labelled++;
		x = strtod(label, &end);
		if (*end == '\0' && isfinite(x) && x >= 0)
			T->numbers++;
		else
			x = 1;
	}
	return rs_edges_push(&T->E, a, b, o->unweighted ? 1 : x, T->e);
}

rs_graph *rs_tgf_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct tgf T = {.path = path, .e = e};
	rs_graph *g = NULL;
	int section = 0; /* 1 past the '#' line: the edges */
	for (char *p = buf, *next; p && *p; p = next) {
		next = strchr(p, '\n');
		if (next)
			*next++ = '\0';
		T.line++;
		trim(p);
		const char *w;
		size_t wl;
		char *rest = (char *)word(p, &w, &wl);
		if (wl == 0)
			continue;
		if (hash_line(p, strlen(p))) {
			if (section == 1) {
				rs_fail(e, RS_EINVAL, "%s:%ld: a second '#' line (TGF has one, between the nodes and the edges)",
					path, T.line);
				goto fail;
			}
			section = 1;
			continue;
		}
		if ((section == 0 ? tgf_node(&T, w, wl, rest) : tgf_edge(&T, w, wl, rest, o)) != 0)
			goto fail;
	}
	long n = T.ids.count;
	if (n == 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes", path);
		goto fail;
	}
	if (section == 0 && T.E.count == 0 && n > 0 && T.line > 1) {
		rs_fail(e, RS_EINVAL, "%s: no '#' line: a TGF file lists its nodes, then '#', then its edges", path);
		goto fail;
	}
	info->lines = T.line;
	/* edge labels: weights when every one is a number, else text */
	info->weighted = T.labelled > 0 && T.numbers == T.labelled && !o->unweighted;
	if (info->weighted) {
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", "label");
	} else {
		free(T.E.w);
		T.E.w = NULL;
	}
	g = rs_graph_build(n, 0, 0, &T.E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto fail;
	rs_graph_take_names(g, T.ids.names, T.name, n);
fail:
	for (long i = 0; i < T.cap; i++)
		free(T.name[i]);
	free(T.name);
	rs_edges_free(&T.E);
	rs_nm_free(&T.ids);
	return g;
}
