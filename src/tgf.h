/* tgf.h: the Trivial Graph Format, as yEd exports it: a node a line ("ID
 * LABEL TEXT"), a line "#", then an edge a line ("ID ID [LABEL TEXT]"). */
#ifndef RS_TGF_H
#define RS_TGF_H

#include "graphio.h"

/* Whether buf reads as TGF: a line '#' alone after lines whose first words
 * are all different (up to 100,000 of them), and the lines after it (up to
 * 100 looked at) pairs of those words. */
int rs_tgf_is(const char *buf);

/* The graph of the TGF text buf (modified in place): nodes in order, named
 * by their label where they have one, else by their id; edges by two ids
 * (an id no node line declares is a node too); the edge labels read as
 * weights when every one is a number (info->weight_attr "label"), else not
 * read.  Errors name the file and line. */
rs_graph *rs_tgf_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);

#endif
