/* gexf.c: graphs kept as GEXF (see gexf.h), read tag by tag (xmlscan.h).
 * GEXF declares its attributes (<attributes class="node">) before the
 * nodes, and lists the nodes before the edges, so one pass resolves
 * everything. */
#include <config.h>

#include "gexf.h"

#include "labels.h"
#include "namemap.h"
#include "textscan.h"
#include "xmlscan.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* An attribute declared for nodes or edges: its id and title. */
struct decl {
	char *id, *title;
	int numeric;
};

struct gexf {
	rs_textscan S;
	const rs_load_opts *o;
	rs_namemap ids;          /* the nodes' ids, in order              */
	char **name, **label;    /* per node: its label, its class        */
	long ncap;
	rs_edges E;
	struct decl *nd, *ed;    /* node and edge attributes declared     */
	long nnd, ned, ndcap, edcap;
	int edge_class;          /* inside <attributes class="edge">      */
	int directed, weighted;
	long in_node;            /* the node being read (index + 1), or 0 */
	int in_edge;             /* an edge is being read: its ends, its weight */
	long edge_u, edge_v;
	double edge_w;
	const char *label_id;    /* the node attribute read as labels     */
	const char *weight_id;   /* the edge attribute read as weights    */
	char label_name[64];
};

static int oom(struct gexf *G)
{
	return rs_fail(G->S.e, RS_ENOMEM, "%s: out of memory", G->S.path);
}

/* The id of the declared attribute named want (its id, or its title in
 * any case), or NULL. */
static const char *declared(const struct decl *d, long n, const char *want)
{
	for (long i = 0; want && i < n; i++)
		if (!strcmp(d[i].id, want) || (d[i].title && !strcasecmp(d[i].title, want)))
			return d[i].id;
	return NULL;
}

static void list_decls(const struct decl *d, long n, char *buf, size_t size)
{
	buf[0] = '\0';
	for (long i = 0; i < n; i++)
		rs_list_append(buf, size, ", ", d[i].title ? d[i].title : d[i].id);
}

static int declare(struct gexf *G, const rs_xml_tag *T)
{
	const char *id = rs_xml_attr(T, "id"), *title = rs_xml_attr(T, "title");
	if (id == NULL)
		return rs_scan_fail(&G->S, "an <attribute> without an id");
	struct decl **d = G->edge_class ? &G->ed : &G->nd;
	long *n = G->edge_class ? &G->ned : &G->nnd, *cap = G->edge_class ? &G->edcap : &G->ndcap;
	if (rs_grow(G->S.e, d, cap, *n, sizeof **d, 8, "attributes") != 0)
		return -1;
	const char *type = rs_xml_attr(T, "type");
	(*d)[*n].numeric = type && (!strcmp(type, "integer") || !strcmp(type, "long") || !strcmp(type, "float") ||
				    !strcmp(type, "double"));
	(*d)[*n].id = strdup(id);
	(*d)[*n].title = title ? strdup(title) : NULL;
	(*n)++;
	if ((*d)[*n - 1].id == NULL || (title && (*d)[*n - 1].title == NULL))
		return oom(G);
	return 0;
}

/* After the declarations: which node attribute gives the labels, which
 * edge attribute the weights. */
static int choose(struct gexf *G)
{
	const char *want = G->o->label_attr;
	G->label_id = declared(G->nd, G->nnd, want);
	if (want == NULL)
		for (int k = 0; k < 3 && !G->label_id; k++)
			G->label_id = declared(G->nd, G->nnd, k == 0 ? "value" : k == 1 ? "community" : "class");
	if (want && G->label_id == NULL) {
		char list[300];
		list_decls(G->nd, G->nnd, list, sizeof list);
		return rs_fail(G->S.e, RS_EINVAL, "labels '%s': no such file, nor a node attribute of %s (%s%s)", want,
			       G->S.path, list[0] ? "its node attributes: " : "it declares no node attributes", list);
	}
	for (long i = 0; G->label_id && i < G->nnd; i++)
		if (!strcmp(G->nd[i].id, G->label_id))
			snprintf(G->label_name, sizeof G->label_name, "%s", G->nd[i].title ? G->nd[i].title : G->nd[i].id);
	const char *w = G->o->unweighted ? NULL : G->o->weight_name;
	if (w && strcasecmp(w, "weight") != 0) {
		G->weight_id = declared(G->ed, G->ned, w);
		if (G->weight_id == NULL) {
			char list[300];
			list_decls(G->ed, G->ned, list, sizeof list);
			return rs_fail(G->S.e, RS_EINVAL, "%s: weight %s: no edge attribute of that name (%s%s)", G->S.path, w,
				       list[0] ? "its edge attributes: " : "it declares no edge attributes", list);
		}
	}
	return 0;
}

static int weight_value(struct gexf *G, const char *v, double *w)
{
	char *end;
	*w = strtod(v, &end);
	if (*v == '\0' || *end != '\0')
		return rs_scan_fail(&G->S, "an edge weight '%s' is not a number", v);
	if (!isfinite(*w) || *w < 0)
		return rs_scan_fail(&G->S, "weight %g: weights must be finite and >= 0", *w);
	return 0;
}

static int start_node(struct gexf *G, const rs_xml_tag *T)
{
	const char *id = rs_xml_attr(T, "id"), *label = rs_xml_attr(T, "label");
	if (id == NULL)
		return rs_scan_fail(&G->S, "a <node> without an id");
	if (G->o->max_nodes > 0 && G->ids.count >= G->o->max_nodes)
		return rs_scan_fail(&G->S, "more than the %ld nodes allowed", G->o->max_nodes);
	long before = G->ids.count, k = rs_nm_intern(&G->ids, id, strlen(id), 1, G->S.e);
	if (k < 0)
		return -1;
	if (G->ids.count == before) /* not new */
		return rs_scan_fail(&G->S, "two nodes have the id '%s'", id);
	long cap = G->ncap; /* the two arrays grow together */
	if (rs_grow(G->S.e, &G->name, &cap, k, sizeof *G->name, 256, "node names") != 0 ||
	    rs_grow(G->S.e, &G->label, &G->ncap, k, sizeof *G->label, 256, "labels") != 0)
		return -1;
	G->name[k] = label ? strdup(label) : NULL;
	G->label[k] = NULL;
	if (label && G->name[k] == NULL)
		return oom(G);
	G->in_node = T->empty ? 0 : k + 1;
	return 0;
}

static long edge_end(struct gexf *G, const char *v, const char *which)
{
	if (v == NULL)
		return rs_scan_fail(&G->S, "an <edge> without a %s", which);
	long k = rs_nm_intern(&G->ids, v, strlen(v), 0, G->S.e);
	if (k == -2)
		return rs_scan_fail(&G->S, "the edge's %s '%s' is not the id of a node", which, v);
	return k;
}

static int start_edge(struct gexf *G, const rs_xml_tag *T)
{
	long u = edge_end(G, rs_xml_attr(T, "source"), "source");
	long v = u < 0 ? -1 : edge_end(G, rs_xml_attr(T, "target"), "target");
	if (v < 0)
		return -1;
	const char *type = rs_xml_attr(T, "type"), *w = G->weight_id || G->o->unweighted ? NULL : rs_xml_attr(T, "weight");
	if (type && !strcmp(type, "directed"))
		G->directed = 1;
	double x = 1;
	if (w) {
		if (weight_value(G, w, &x) != 0)
			return -1;
		G->weighted = 1;
	}
	if (T->empty)
		return rs_edges_push(&G->E, u, v, x, G->S.e);
	/* its weight may still come in an <attvalue>: added at </edge> */
	G->in_edge = 1;
	G->edge_u = u;
	G->edge_v = v;
	G->edge_w = x;
	return 0;
}

/* <attvalue for="ID" value="..."/> (id= in GEXF 1.0) of the node or edge
 * being read. */
static int attvalue(struct gexf *G, const rs_xml_tag *T)
{
	const char *id = rs_xml_attr(T, "for"), *v = rs_xml_attr(T, "value");
	if (id == NULL)
		id = rs_xml_attr(T, "id");
	if (id == NULL || v == NULL)
		return 0;
	if (G->in_node && G->label_id && !strcmp(id, G->label_id)) {
		long k = G->in_node - 1;
		free(G->label[k]);
		if ((G->label[k] = strdup(v)) == NULL)
			return oom(G);
	} else if (G->in_edge && G->weight_id && !strcmp(id, G->weight_id)) {
		if (weight_value(G, v, &G->edge_w) != 0)
			return -1;
		G->weighted = 1;
	}
	return 0;
}

static void gexf_free(struct gexf *G)
{
	for (long i = 0; i < G->ids.count; i++) {
		free(G->name ? G->name[i] : NULL);
		free(G->label ? G->label[i] : NULL);
	}
	free(G->name);
	free(G->label);
	for (long i = 0; i < G->nnd; i++)
		free(G->nd[i].id), free(G->nd[i].title);
	for (long i = 0; i < G->ned; i++)
		free(G->ed[i].id), free(G->ed[i].title);
	free(G->nd);
	free(G->ed);
	rs_edges_free(&G->E);
	rs_nm_free(&G->ids);
}

rs_graph *rs_gexf_graph(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			rs_err *e)
{
	struct gexf G;
	memset(&G, 0, sizeof G);
	G.S = (rs_textscan){buf, buf, path, 1, 0, e};
	G.o = o;
	rs_xml_tag *T = malloc(sizeof *T);
	rs_graph *g = NULL;
	int rc, seen_gexf = 0, closed = 0, chosen = 0, in_attributes = 0;
	if (T == NULL) {
		oom(&G);
		goto out;
	}
	while ((rc = rs_xml_next_tag(&G.S, T)) == 0) {
		const char *n = T->name;
		if (!strcmp(n, "gexf")) {
			seen_gexf |= !T->close;
			closed |= T->close || T->empty;
		} else if (!strcmp(n, "graph") && !T->close) {
			const char *d = rs_xml_attr(T, "defaultedgetype");
			G.directed |= d && !strcmp(d, "directed");
		} else if (!strcmp(n, "attributes")) {
			const char *c = rs_xml_attr(T, "class");
			in_attributes = !T->close && !T->empty;
			G.edge_class = c && !strcmp(c, "edge");
		} else if (!strcmp(n, "attribute") && in_attributes && !T->close) {
			if (declare(&G, T) != 0)
				goto out;
		} else if ((!strcmp(n, "node") || !strcmp(n, "edge")) && !chosen) {
			if (choose(&G) != 0)
				goto out;
			chosen = 1;
		}
		if (!strcmp(n, "node")) {
			if (T->close)
				G.in_node = 0;
			else if (start_node(&G, T) != 0)
				goto out;
		} else if (!strcmp(n, "edge")) {
			if (T->close && G.in_edge) {
				G.in_edge = 0;
				if (rs_edges_push(&G.E, G.edge_u, G.edge_v, G.edge_w, e) != 0)
					goto out;
			} else if (!T->close && start_edge(&G, T) != 0) {
				goto out;
			}
		} else if (!strcmp(n, "attvalue") && !T->close) {
			if (attvalue(&G, T) != 0)
				goto out;
		}
	}
	if (rc < 0)
		goto out;
	if (!seen_gexf) {
		rs_fail(e, RS_EINVAL, "%s: no <gexf> element: not a GEXF file", path);
		goto out;
	}
	if (!closed) { /* a file cut between two tags */
		rs_scan_line(&G.S, G.S.p + strlen(G.S.p));
		rs_fail(e, RS_EINVAL, "%s:%ld: the file ends before </gexf> (truncated file?)", path, G.S.line);
		goto out;
	}
	long n = G.ids.count;
	if (n == 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes", path);
		goto out;
	}
	info->lines = G.S.line;
	list_decls(G.nd, G.nnd, info->node_attrs, sizeof info->node_attrs);
	info->weighted = G.weighted;
	info->symmetrized = G.directed;
	if (G.weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", G.weight_id ? o->weight_name : "weight");
	for (long i = 0; i < G.ned; i++) /* the numeric edge attributes not read */
		if (G.ed[i].numeric && (G.weight_id == NULL || strcmp(G.ed[i].id, G.weight_id) != 0))
			rs_list_append(info->unread_attrs, sizeof info->unread_attrs, ", ",
				       G.ed[i].title ? G.ed[i].title : G.ed[i].id);
	g = rs_graph_build(n, 0, 0, &G.E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto out;
	rs_graph_take_names(g, G.ids.names, G.name, n);
	if (G.label_id) {
		info->labels = rs_labels_from_strings((const char *const *)G.label, n, e);
		if (info->labels == NULL) {
			rs_graph_free(g);
			g = NULL;
			goto out;
		}
		snprintf(info->label_attr, sizeof info->label_attr, "%s", G.label_name);
	}
out:
	free(T);
	gexf_free(&G);
	return g;
}
