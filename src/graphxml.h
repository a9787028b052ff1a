/* graphxml.h: a graph written as GraphML, GML, Pajek, JSON, DOT or GEXF, with
 * node names and classes as node attributes. */
#ifndef RS_GRAPHXML_H
#define RS_GRAPHXML_H

#include "graph.h"

#include <stdint.h>
#include <stdio.h>

enum { RS_MARKUP_GRAPHML = 1, RS_MARKUP_GML = 2, RS_MARKUP_PAJEK = 3, RS_MARKUP_JSON = 4, RS_MARKUP_DOT = 5,
       RS_MARKUP_GEXF = 6 };

/* A node attribute: a class a node (-1: none; nodes from `count` on have
 * none), written as its name where there are names, else as the number. */
typedef struct rs_node_attr {
	const char *name;   /* a plain word: 'class', 'cluster' */
	const int32_t *v;
	long count;
	char *const *class_names; /* nclass names, or NULL */
	int nclass;
} rs_node_attr;

/* RS_MARKUP_GRAPHML for a .graphml name, RS_MARKUP_GML for .gml,
 * RS_MARKUP_PAJEK for .net or .pajek, RS_MARKUP_JSON for .json,
 * RS_MARKUP_DOT for .dot or .gv, RS_MARKUP_GEXF for .gexf (any case, under
 * a compression suffix), else 0. */
int rs_markup_kind(const char *path);
/* g in that format: nodes with a 'label' (the name, else the number),
 * 'bipartite' 0 or 1 for the rows and columns of a bipartite graph, the
 * attributes a[0..na); each edge once, with its
 * weight when weighted. */
void rs_graph_write_markup(const rs_graph *g, FILE *f, int kind, const rs_node_attr *a, int na);

#endif
