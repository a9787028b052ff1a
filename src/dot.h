/* dot.h: GraphViz's DOT language, as dot and neato, networkx's write_dot
 * (pydot), igraph's write_dot and many repositories write it:
 *   [strict] graph|digraph [NAME] { a -- b -- c [weight=2]; a [label="A"];
 *   subgraph cluster_1 { label="team"; d; e } d -- {a b}; }
 */
#ifndef RS_DOT_H
#define RS_DOT_H

#include "graphio.h"

/* Whether buf, past blanks and comments, opens a DOT graph: [strict]
 * graph|digraph [NAME] '{'. */
int rs_dot_is(const char *buf);

/* The graph of the first graph in the DOT text buf: nodes in order of
 * first mention, named by their 'label' attribute where they have one
 * (else by their id); every edge of an edge statement (chains, and
 * subgraphs as ends: every node of one to every node of the other) with
 * the weight of its 'weight' attribute (or the one o->weight_name names),
 * 'edge [weight=...]' defaults included; a digraph made undirected; the
 * labels from the node attribute o->label_attr names, else from 'value',
 * 'community' or 'class', else from the cluster subgraphs (a subgraph
 * named cluster...: its 'label', else its name; info->label_partition 2).
 * Errors name the file and line. */
rs_graph *rs_dot_graph(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
		       rs_err *e);

#endif
