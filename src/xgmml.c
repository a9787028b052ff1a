/* xgmml.c: graphs kept as XGMML (xgmml.h), read tag by tag (xmlscan.h).
 * Unlike GEXF, XGMML declares no attributes: an <att> names its own, so
 * the values of every attribute that may be the labels are kept until
 * the end, where the first any node has is taken. */
#include <config.h>

#include "xgmml.h"

#include "labels.h"
#include "namemap.h"
#include "xmlscan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NCOL 3 /* node attributes that may be the labels */

struct xgmml {
	rs_textscan S;
	const rs_load_opts *o;
	rs_namemap ids;   /* the nodes' ids, in order          */
	char **name;      /* per node: its label               */
	char **col[NCOL]; /* per node: the candidate labels    */
	const char *colname[NCOL];
	int ncol, seen[NCOL];
	long ncap;
	rs_edges E;
	int directed, weighted, graphs, att_depth;
	long in_node; /* the node being read (index + 1), or 0 */
	int in_edge;  /* an edge is being read               */
	long edge_u, edge_v;
	double edge_w;
	char nattrs[200]; /* the node attributes seen         */
};

static int oom(struct xgmml *X)
{
	return rs_fail(X->S.e, RS_ENOMEM, "%s: out of memory", X->S.path);
}

int rs_xgmml_is(const char *buf)
{
	size_t head = strnlen(buf, 4096);
	if (memmem(buf, head, "XGMML", 5) != NULL || memmem(buf, head, "xgmml", 5) != NULL)
		return 1;
	/* the root element: past the declaration, comments and DOCTYPE */
	const char *p = buf;
	for (;;) {
		p += strspn(p, " \t\r\n");
		if (!strncmp(p, "<?", 2) || !strncmp(p, "<!", 2)) {
			const char *end = strstr(p, !strncmp(p, "<!--", 4) ? "-->" : ">");
			if (end == NULL)
				return 0;
			p = end + 1;
			continue;
		}
		break;
	}
	return !strncmp(p, "<graph", 6) && (p[6] == ' ' || p[6] == '>' || p[6] == '\t' || p[6] == '\r' || p[6] == '\n');
}

static int start_node(struct xgmml *X, const rs_xml_tag *T)
{
	const char *id = rs_xml_attr(T, "id"), *label = rs_xml_attr(T, "label");
	if (id == NULL)
		return rs_scan_fail(&X->S, "a <node> without an id");
	if (X->o->max_nodes > 0 && X->ids.count >= X->o->max_nodes)
		return rs_scan_fail(&X->S, "more than the %ld nodes allowed", X->o->max_nodes);
	long before = X->ids.count, k = rs_nm_intern(&X->ids, id, strlen(id), 1, X->S.e);
	if (k < 0)
		return -1;
	if (X->ids.count == before)
		return rs_scan_fail(&X->S, "two nodes have the id '%s'", id);
	long cap = X->ncap;
	for (int c = 0; c < X->ncol; c++) {
		long cc = X->ncap;
		if (rs_grow(X->S.e, &X->col[c], &cc, k, sizeof *X->col[c], 256, "labels") != 0)
			return -1;
		X->col[c][k] = NULL;
	}
	if (rs_grow(X->S.e, &X->name, &cap, k, sizeof *X->name, 256, "node names") != 0)
		return -1;
	X->ncap = cap;
	X->name[k] = label && *label ? strdup(label) : NULL;
	if (label && *label && X->name[k] == NULL)
		return oom(X);
	X->in_node = T->empty ? 0 : k + 1;
	return 0;
}

static long edge_end(struct xgmml *X, const char *v, const char *which)
{
	if (v == NULL)
		return rs_scan_fail(&X->S, "an <edge> without a %s", which);
	long k = rs_nm_intern(&X->ids, v, strlen(v), 0, X->S.e);
	if (k == -2)
		return rs_scan_fail(&X->S, "the edge's %s '%s' is not the id of a node", which, v);
	return k;
}

static int start_edge(struct xgmml *X, const rs_xml_tag *T)
{
	long u = edge_end(X, rs_xml_attr(T, "source"), "source");
	long v = u < 0 ? -1 : edge_end(X, rs_xml_attr(T, "target"), "target");
	if (v < 0)
		return -1;
	if (T->empty)
		return rs_edges_push(&X->E, u, v, 1.0, X->S.e);
	X->in_edge = 1;
	X->edge_u = u;
	X->edge_v = v;
	X->edge_w = 1;
	return 0;
}

/* <att name="..." value="..."/> of the node or edge being read. */
static int att(struct xgmml *X, const rs_xml_tag *T)
{
	const char *name = rs_xml_attr(T, "name"), *v = rs_xml_attr(T, "value");
	if (name == NULL)
		return 0;
	if (X->in_node) {
		long k = X->in_node - 1;
		rs_list_add(X->nattrs, sizeof X->nattrs, name);
		for (int c = 0; v && c < X->ncol; c++)
			if (!strcmp(name, X->colname[c])) {
				X->seen[c] = 1;
				free(X->col[c][k]);
				if ((X->col[c][k] = strdup(v)) == NULL)
					return oom(X);
			}
		return 0;
	}
	if (!X->in_edge || v == NULL || X->o->unweighted)
		return 0;
	const char *want = X->o->weight_name;
	char *end;
	double w = strtod(v, &end);
	int number = *v && *end == '\0';
	if (want ? !strcmp(name, want) : !strcasecmp(name, "weight")) {
		if (!number)
			return rs_scan_fail(&X->S, "an edge weight '%s' is not a number", v);
		if (!isfinite(w) || w < 0)
			return rs_scan_fail(&X->S, "weight %g: weights must be finite and >= 0", w);
		X->edge_w = w;
		X->weighted = 1;
	}
	return 0;
}

static void xgmml_free(struct xgmml *X)
{
	for (long i = 0; i < X->ids.count && i < X->ncap; i++) {
		free(X->name[i]);
		for (int c = 0; c < X->ncol; c++)
			free(X->col[c][i]);
	}
	free(X->name);
	for (int c = 0; c < X->ncol; c++)
		free(X->col[c]);
	rs_edges_free(&X->E);
	rs_nm_free(&X->ids);
}

/* One tag T: an <att> (a list's items, or a nested network, are not the
 * element's own attributes), a <graph>'s start or end (*closed), a
 * <node>'s or an <edge>'s; 0, or -1 with e set */
static int xgmml_tag(struct xgmml *X, const rs_xml_tag *T, int *closed)
{
	const char *n = T->name;
	if (!strcmp(n, "att")) {
		if (!T->close && X->att_depth == 0 && att(X, T) != 0)
			return -1;
		if (!T->empty)
			X->att_depth += T->close ? -1 : 1;
		return 0;
	}
	if (X->att_depth > 0)
		return 0;
	if (!strcmp(n, "graph")) {
		if (!T->close && !T->empty) {
			const char *d = rs_xml_attr(T, "directed");
			X->directed |= d && (!strcmp(d, "1") || !strcmp(d, "true"));
			X->graphs++;
		}
		*closed |= T->close || T->empty;
	} else if (!strcmp(n, "node")) {
		if (T->close)
			X->in_node = 0;
		else if (start_node(X, T) != 0)
			return -1;
	} else if (!strcmp(n, "edge")) {
		if (T->close && X->in_edge) {
			X->in_edge = 0;
			return rs_edges_push(&X->E, X->edge_u, X->edge_v, X->edge_w, X->S.e);
		}
		if (!T->close && start_edge(X, T) != 0)
			return -1;
	}
	return 0;
}

/* The checks once every tag is read: a graph, whole, with nodes, and the
 * weights and labels asked for. The labels' column (X->ncol: none), or -1
 * with e set */
static int xgmml_whole(struct xgmml *X, int closed, const char *path)
{
	const rs_load_opts *o = X->o;
	rs_err *e = X->S.e;
	if (X->graphs == 0)
		return rs_fail(e, RS_EINVAL, "%s: no <graph> element: not an XGMML file", path);
	if (!closed) {
		rs_scan_line(&X->S, X->S.p + strlen(X->S.p));
		return rs_fail(e, RS_EINVAL, "%s:%ld: the file ends before </graph> (truncated file?)", path, X->S.line);
	}
	if (X->ids.count == 0)
		return rs_fail(e, RS_EINVAL, "%s: no nodes", path);
	if (o->weight_name && !o->unweighted && !X->weighted && X->E.count > 0)
		return rs_fail(e, RS_EINVAL, "%s: weight %s: no edge has an <att> of that name", path, o->weight_name);
	int c = 0;
	while (c < X->ncol && !X->seen[c])
		c++;
	if (o->label_attr && c == X->ncol)
		return rs_fail(e, RS_EINVAL, "labels '%s': no such file, nor a node attribute of %s (%s%s)",
			       o->label_attr, path, X->nattrs[0] ? "its node attributes: " : "its nodes have no <att>",
			       X->nattrs);
	return c;
}

rs_graph *rs_xgmml_graph(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct xgmml X;
	memset(&X, 0, sizeof X);
	X.S = (rs_textscan){buf, buf, path, 1, 0, e};
	X.o = o;
	static const char *const classes[] = {"value", "community", "class"};
	X.ncol = o->label_attr ? 1 : NCOL;
	for (int c = 0; c < X.ncol; c++)
		X.colname[c] = o->label_attr ? o->label_attr : classes[c];
	rs_xml_tag *T = malloc(sizeof *T);
	rs_graph *g = NULL;
	int rc, closed = 0;
	if (T == NULL) {
		oom(&X);
		goto out;
	}
	while ((rc = rs_xml_next_tag(&X.S, T)) == 0)
		if (xgmml_tag(&X, T, &closed) != 0)
			goto out;
	int c = rc < 0 ? -1 : xgmml_whole(&X, closed, path);
	if (c < 0)
		goto out;
	long n = X.ids.count;
	info->lines = X.S.line;
	snprintf(info->node_attrs, sizeof info->node_attrs, "%s", X.nattrs);
	info->weighted = X.weighted;
	info->symmetrized = X.directed && X.E.count > 0;
	if (X.weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", o->weight_name ? o->weight_name : "weight");
	g = rs_graph_build(n, 0, 0, &X.E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto out;
	rs_graph_take_names(g, X.ids.names, X.name, n);
	if (c < X.ncol) {
		info->labels = rs_labels_from_strings((const char *const *)X.col[c], n, e);
		if (info->labels == NULL) {
			rs_graph_free(g);
			g = NULL;
			goto out;
		}
		snprintf(info->label_attr, sizeof info->label_attr, "%s", X.colname[c]);
	}
out:
	free(T);
	xgmml_free(&X);
	return g;
}
