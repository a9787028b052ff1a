/* octave.h: GNU Octave's text files, what Octave's save writes by
 * default (to FILE.mat too, where MATLAB would write a binary MAT-file).
 *
 * A file is a "# Created by Octave" line, then variables: "# name: A",
 * "# type: T" and the type's header lines ("# rows: R", "# columns: C",
 * "# nnz: N", or "# ndims: D" and a line of the dimensions), then the
 * values.  Graphs are read from sparse matrices (a "row column value"
 * line an entry, 1-based) and from full ones ("matrix", "bool matrix": a
 * line a row; the integer types: a value a line, column by column), and
 * labels from vectors of numbers.  Other types (strings, scalars, cells,
 * structs, complex values) are listed by name and not read.
 */
#ifndef RS_OCTAVE_H
#define RS_OCTAVE_H

#include "graphio.h"

/* Whether buf is an Octave text file: its first line "# Created by
 * Octave", or "# name: " over "# type: ". */
int rs_octave_is(const char *buf);

/* The graph in the Octave text file buf: the variable o->member names,
 * or the file's one sparse matrix, one matrix, or one square matrix;
 * square: a graph, made undirected where it is not symmetric;
 * rectangular (or o->bipartite): the biadjacency of a bipartite graph.
 * Errors name the file's line. */
rs_graph *rs_octave_graph(const char *buf, const char *path, const rs_load_opts *o,
			  rs_load_info *info, rs_err *e);

/* The vector variable member names (or the file's one vector of numbers)
 * as text, one value a line, whole numbers as labels are read; malloc'd,
 * *len its length, or NULL with e set. */
char *rs_octave_lines(const char *buf, const char *path, const char *member, size_t *len,
		      rs_err *e);

/* The names of its variables of numbers with more than one value (what
 * 'load FILE/NAME' and 'labels FILE/NAME' can read), a NULL-terminated
 * malloc'd array of malloc'd strings, or NULL with e set. */
char **rs_octave_names(const char *buf, const char *path, rs_err *e);

#endif
