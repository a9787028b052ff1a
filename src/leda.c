/* leda.c: LEDA's native graph format (leda.h). */
#include <config.h>

#include "leda.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The next line that is neither blank nor a '#' comment, its end's
 * blanks dropped; NULL at the end.  *line counts the lines. */
static char *next_line(char **p, long *line)
{
	while (*p && **p) {
		char *s = *p, *nl = strchr(s, '\n');
		*p = nl ? nl + 1 : s + strlen(s);
		if (nl)
			*nl = '\0';
		++*line;
		size_t n = strlen(s);
		while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
			s[--n] = '\0';
		s += strspn(s, " \t");
		if (*s && *s != '#')
			return s;
	}
	return NULL;
}

int rs_leda_is(const char *buf)
{
	const char *s = buf;
	for (;;) {
		s += strspn(s, " \t\r\n");
		if (*s != '#')
			break;
		s += strcspn(s, "\n");
	}
	return !strncmp(s, "LEDA.GRAPH", 10) && strchr(" \t\r\n", s[10]) != NULL;
}

/* A label '|{text}|' at s, its text in place (NULL when s is not one). */
static char *label_text(char *s)
{
	size_t n = strlen(s);
	if (n < 4 || strncmp(s, "|{", 2) != 0 || strcmp(s + n - 2, "}|") != 0)
		return NULL;
	s[n - 2] = '\0';
	return s + 2;
}

/* A count line: a number >= 0, else -1. */
static long count(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	return *s && *end == '\0' && v >= 0 ? v : -1;
}

/* A LEDA file being read: where, the node and edge types, the nodes'
 * labels (where the nodes have a type), the edges. */
struct leda {
	char *p;
	long line, n;
	const char *path;
	const rs_load_opts *o;
	rs_load_info *info;
	rs_err *e;
	int named, numeric; /* the nodes have labels; the edges' labels are numbers */
	char **name;
	rs_edges E;
};

/* The header: 'LEDA.GRAPH', the node and edge types, the direction (-1
 * or -2, LEDA 5 on) and the node count, checked against the file. */
static int leda_header(struct leda *L)
{
	const char *path = L->path;
	char *head = next_line(&L->p, &L->line), *s;
	if (head == NULL || strncmp(head, "LEDA.GRAPH", 10) != 0)
		return rs_fail(L->e, RS_EINVAL, "%s:%ld: not a LEDA graph (its first line is 'LEDA.GRAPH')", path, L->line);
	char *ntype = next_line(&L->p, &L->line), *etype = ntype ? next_line(&L->p, &L->line) : NULL;
	if (etype == NULL)
		return rs_fail(L->e, RS_EINVAL, "%s: the file ends before the node and edge types (truncated file?)", path);
	L->named = strcasecmp(ntype, "void") != 0;
	L->numeric = !strcasecmp(etype, "int") || !strcasecmp(etype, "long") || !strcasecmp(etype, "float") ||
		     !strcasecmp(etype, "double");
	/* the direction, -1 or -2 (LEDA 5 on), or already the node count */
	if ((s = next_line(&L->p, &L->line)) != NULL && (!strcmp(s, "-1") || !strcmp(s, "-2"))) {
		L->info->symmetrized = !strcmp(s, "-1");
		s = next_line(&L->p, &L->line);
	}
	long n;
	if (s == NULL || (n = count(s)) < 0)
		return rs_fail(L->e, RS_EINVAL,
			       s ? "%s:%ld: '%s' is not a node count" : "%s:%ld: the file ends before the node count%s", path,
			       L->line, s ? s : " (truncated file?)");
	if (L->o->max_nodes > 0 && n > L->o->max_nodes)
		return rs_fail(L->e, RS_EINVAL, "%s:%ld: %ld nodes, more than the %ld allowed", path, L->line, n,
			       L->o->max_nodes);
	if ((size_t)n > (strlen(L->p) + 1) / 5) /* a node's line is at least '|{}|' and its end */
		return rs_fail(L->e, RS_EINVAL,
			       "%s:%ld: %ld node%s, more than the rest of the file has lines for (truncated or "
			       "miscounted?)",
			       path, L->line, n, n == 1 ? "" : "s");
	if (n > 0 && (L->name = calloc((size_t)n, sizeof *L->name)) == NULL)
		return rs_fail(L->e, RS_ENOMEM, "%s: %ld nodes: out of memory", path, n);
	L->n = n;
	return 0;
}

/* The n node lines '|{label}|', the labels kept where the nodes have a
 * type. */
static int leda_nodes(struct leda *L)
{
	for (long i = 0; i < L->n; i++) {
		char *s = next_line(&L->p, &L->line);
		if (s == NULL)
			return rs_fail(L->e, RS_EINVAL, "%s:%ld: the file ends after %ld of its %ld nodes (truncated file?)",
				       L->path, L->line, i, L->n);
		char *t = label_text(s);
		if (t == NULL)
			return rs_fail(L->e, RS_EINVAL, "%s:%ld: node %ld's line '%.40s' is not a label '|{...}|'", L->path,
				       L->line, i + 1, s);
		if (L->named && *t && (L->name[i] = strdup(t)) == NULL)
			return rs_fail(L->e, RS_ENOMEM, "%s: out of memory", L->path);
	}
	return 0;
}

/* The edge count and the edge lines 'SOURCE TARGET REVERSAL |{label}|',
 * a numeric label the weight. */
static int leda_edges(struct leda *L)
{
	const char *path = L->path;
	long m, n = L->n;
	char *s = next_line(&L->p, &L->line);
	if (s == NULL || (m = count(s)) < 0)
		return rs_fail(L->e, RS_EINVAL,
			       s ? "%s:%ld: '%s' is not an edge count" : "%s:%ld: the file ends before the edge count%s", path,
			       L->line, s ? s : " (truncated file?)");
	for (long k = 0; k < m; k++) {
		if ((s = next_line(&L->p, &L->line)) == NULL)
			return rs_fail(L->e, RS_EINVAL, "%s:%ld: the file ends after %ld of its %ld edges (truncated file?)",
				       path, L->line, k, m);
		char *end;
		long u = strtol(s, &end, 10), v = strtol(end, &end, 10);
		strtol(end, &end, 10); /* the reversal edge */
		end += strspn(end, " \t");
		size_t l = strlen(end);
		if (u < 1 || u > n || v < 1 || v > n ||
		    (l > 0 && (l < 4 || strncmp(end, "|{", 2) || strcmp(end + l - 2, "}|"))))
			return rs_fail(L->e, RS_EINVAL,
				       "%s:%ld: '%.60s' is not an edge 'SOURCE TARGET REVERSAL |{label}|' of nodes 1 to %ld",
				       path, L->line, s, n);
		char *t = l > 0 ? label_text(end) : NULL;
		double w = 1;
		if (L->numeric && t && *t && !L->o->unweighted) {
			w = strtod(t, &end);
			if (*end != '\0' || !isfinite(w) || w < 0)
				return rs_fail(L->e, RS_EINVAL, "%s:%ld: weight '%s': weights are numbers, finite and >= 0",
					       path, L->line, t);
			L->info->weighted = 1;
		}
		if (rs_edges_push(&L->E, u - 1, v - 1, w, L->e) != 0)
			return -1;
	}
	return 0;
}

/* g's names where a node is labelled: every node named, those without a
 * label by their number (the labels move into g). */
static int leda_names(struct leda *L, rs_graph *g)
{
	long n = L->n;
	int any = 0;
	for (long i = 0; L->named && i < n && !any; i++)
		any = L->name[i] != NULL;
	if (!any || (g->names = calloc((size_t)n, sizeof *g->names)) == NULL)
		return 0;
	for (long i = 0; i < n; i++) {
		char num[24];
		snprintf(num, sizeof num, "%ld", i + 1);
		g->names[i] = L->name[i] ? L->name[i] : strdup(num);
		L->name[i] = NULL;
		if (g->names[i] == NULL)
			return rs_fail(L->e, RS_ENOMEM, "%s: out of memory", L->path);
	}
	return 0;
}

rs_graph *rs_leda_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct leda L = {.p = buf, .n = -1, .path = path, .o = o, .info = info, .e = e};
	rs_graph *g = NULL;
	if (leda_header(&L) != 0 || leda_nodes(&L) != 0 || leda_edges(&L) != 0)
		goto out;
	info->lines = L.line;
	if (info->weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", "label");
	if (L.n == 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes", path);
		goto out;
	}
	g = rs_graph_build(L.n, 0, 0, &L.E, o->merge, &info->merged, &info->dropped, e);
	if (g != NULL && leda_names(&L, g) != 0) {
		rs_graph_free(g);
		g = NULL;
	}
out:
	for (long i = 0; L.name && i < L.n; i++)
		free(L.name[i]);
	free(L.name);
	rs_edges_free(&L.E);
	return g;
}
