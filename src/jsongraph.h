/* jsongraph.h: graphs kept as JSON. */
#ifndef RS_JSONGRAPH_H
#define RS_JSONGRAPH_H

#include "graphio.h"

/* A graph from JSON text (buf, NUL-terminated): node-link data as
 * networkx's node_link_data and d3 write it ({"nodes": [...], "links":
 * [...]}; links by node id, or by position where the nodes have none),
 * networkx's adjacency_data ({"nodes": [...], "adjacency": [[...]]}),
 * Cytoscape.js elements ({"elements": {"nodes": [{"data": {...}}],
 * "edges": [...]}}, or a list of elements with a "group"), or a list of
 * edge records ([{"source": .., "target": .., "weight": ..}], pandas'
 * to_json(orient="records")).  Weights from "weight" (or weights, value,
 * count) or o->weight_name; labels from a node's "value", "community" or
 * "group", or o->label_attr; names from the ids, or "name" and "label".
 * NULL with e set (path:line: what is wrong) otherwise. */
rs_graph *rs_json_graph(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			rs_err *e);

/* Whether JSON text buf could be a graph for rs_json_graph: a list (of
 * edges, or CX aspects), or an object with a "nodes", "links", "edges",
 * "adjacency", "elements", "graph" or "graphs" member that holds a list or
 * an object.  0 for other JSON objects (a dataset's summary, whose "nodes"
 * is a count; a partition {"node": class}); 1 for text that is not JSON,
 * which the reader then names. */
int rs_json_graph_like(const char *buf);

#endif
