/* gexf.h: graphs kept as GEXF, Gephi's own format. */
#ifndef RS_GEXF_H
#define RS_GEXF_H

#include "graphio.h"

/* A graph from GEXF text (buf, NUL-terminated), versions 1.1 to 1.3 as
 * Gephi and networkx's write_gexf write them: the nodes' labels as names,
 * an edge's "weight" (or the edge attribute o->weight_name names, by its
 * id or title) as its weight, the node attribute o->label_attr names (by
 * id or title; none by default) as labels; directed edges made undirected
 * (info->symmetrized).  Visual attributes, spells and the meta data are
 * not read.  NULL with e set (path:line: what is wrong) otherwise. */
rs_graph *rs_gexf_graph(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			rs_err *e);

#endif
