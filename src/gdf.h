/* gdf.h: GUESS's GDF files, as Gephi, Netvizz and the GUESS tool write
 * them: a "nodedef>" line declaring the node table's columns ("name
 * VARCHAR,label VARCHAR,sex VARCHAR"), a node a line, then an "edgedef>"
 * line and an edge a line ("node1,node2[,weight][,directed]...").
 * Values are comma-separated, text in single or double quotes.
 */
#ifndef RS_GDF_H
#define RS_GDF_H

#include "graphio.h"

/* Whether buf's first line that is not blank opens a GDF section. */
int rs_gdf_is(const char *buf);

/* The graph of the GDF file buf: nodes by their 'name' column (else the
 * first), named by their 'label' column where there is one; an edge's
 * weight from its 'weight' column (or the one o->weight_name names);
 * 'directed' edges made undirected; the labels from the node column
 * o->label_attr names, else from one named class, community, value or
 * modularity_class.  Errors name the file and line. */
rs_graph *rs_gdf_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
		       rs_err *e);

#endif
