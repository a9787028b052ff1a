/* xgmml.h: graphs kept as XGMML, the XML format Cytoscape exports
 * (<graph> of <node id label> and <edge source target>, each with
 * <att name type value> children). */
#ifndef RS_XGMML_H
#define RS_XGMML_H

#include "graphio.h"

/* Whether buf is XML whose root element is XGMML's <graph> (by the
 * XGMML namespace, or a root <graph> that is not GraphML's). */
int rs_xgmml_is(const char *buf);

/* The graph of the XGMML text buf: nodes named by their 'label'
 * attribute, else their id; an edge's weight from its <att> named
 * "weight" (any case), or the one o->weight_name names; a directed graph
 * made undirected; the labels from the node <att> o->label_attr names,
 * else from one named value, community or class.  The <att> of lists
 * and of nested networks are passed over.  Errors name the file and
 * line. */
rs_graph *rs_xgmml_graph(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			 rs_err *e);

#endif
