/* leda.h: LEDA's native graph format (LEDA.GRAPH), as igraph's
 * write_graph(format = "leda") and networkx's write_leda write it: the
 * node and edge types, the direction (-1, -2; absent in older files), N
 * node lines '|{label}|', then M edge lines 'SOURCE TARGET REVERSAL
 * |{label}|', nodes numbered from 1; '#' lines are comments. */
#ifndef RS_LEDA_H
#define RS_LEDA_H

#include "graphio.h"

/* Whether buf's first line that is not a comment is 'LEDA.GRAPH'. */
int rs_leda_is(const char *buf);

/* The graph of the LEDA text buf (modified in place): nodes named by
 * their labels (where the node type is not void and a label is given);
 * the edge labels as weights where the edge type is a number (int, long,
 * float or double); a directed graph (-1) made undirected.  Errors name
 * the file and line. */
rs_graph *rs_leda_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);

#endif
