/* graph6.h: nauty's graph6, sparse6 and digraph6 formats, one graph a
 * line in printable bytes (63 to 126), as nauty's geng, networkx
 * (write_graph6, write_sparse6), SageMath and the House of Graphs write
 * them (nauty's formats.txt defines them).
 *
 * Read: the first graph of the file (a note says how many lines hold
 * others), with or without the >>graph6<<, >>sparse6<< or >>digraph6<<
 * header; digraph6's arcs made undirected; sparse6's repeated edges
 * merged as 'merge' says.  Written: graph6 for a simple unweighted graph,
 * sparse6 for one with self-loops too, with networkx's header.
 */
#ifndef RS_GRAPH6_H
#define RS_GRAPH6_H

#include "graphio.h"

#include <stdio.h>

/* 'g', 's' or 'd' when the first non-blank line of buf is a graph6,
 * sparse6 or digraph6 line (its header, or its shape: the length a
 * graph6 or digraph6 line of its node count has, or ':' and printable
 * bytes), else 0. */
int rs_graph6_kind(const char *buf);

/* The graphs of a graph6, sparse6 or digraph6 text: its non-blank lines
 * (FILE.g6/N reads the N-th). */
long rs_graph6_count(const char *buf);

rs_graph *rs_graph6_read(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			 rs_err *e);

/* g to f as graph6 (sparse 0) or sparse6 (1); an error for what the
 * format cannot hold (weights, a bipartite graph; self-loops in graph6). */
int rs_graph6_write(const rs_graph *g, FILE *f, int sparse, const char *path, rs_err *e);

#endif
