/* readers.h: what the text readers of graph files share (inside the core
 * library; callers use graphio.h).
 *
 * graphio.c reads a file's bytes, tells its format and calls its reader
 * here: edgelist.c, mtx.c, dimacs.c (DIMACS and METIS), adjlist.c, sif.c
 * (SIF and LGL), densematrix.c, ucinet.c, pajek.c, igraphio.c (GML and
 * GraphML).  Each reader takes the whole NUL-terminated text, which it
 * may change in place, and fails with the file and line (RS_FAIL_AT).
 */
#ifndef RS_READERS_H
#define RS_READERS_H

#include "graphio.h"

#include <stddef.h>
#include <stdio.h>

/* The largest node id: ids are stored as 32-bit ints in the CSR. */
#define RS_MAX_ID 2147483646L

/* A reader's place in its file, for errors "path:line: ...". */
struct rs_reader {
	const char *path;
	long lineno;
	rs_err *e;
};

#define RS_FAIL_AT(r, ...)                                                                         \
	do {                                                                                       \
		char m_[400];                                                                      \
		snprintf(m_, sizeof m_, __VA_ARGS__);                                              \
		rs_fail((r)->e, RS_EINVAL, "%s:%ld: %s", (r)->path, (r)->lineno, m_);              \
	} while (0)

/* ---- fields and numbers (readtext.c); 0 when read, -1 when not */

/* A whole number, the whole field. */
int rs_field_long(const char *s, long *out);
/* A number (a weight), the whole field; its range is the caller's. */
int rs_field_weight(const char *s, double *out);
/* A node id: an integer, or a whole number written with a decimal point
 * or an exponent ("3.0", "3.000000000000000000e+00", as numpy.savetxt
 * writes an integer array), which sets *decimal when given. */
int rs_field_id(const char *s, long *out, int *decimal);
/* "0,5" for 0.5, as a spreadsheet's semicolon-separated export writes a
 * number where the decimal mark is a comma. */
int rs_decimal_comma(const char *s, double *out);
/* Whether s is a word a header line names a column with. */
int rs_header_word(const char *s);
/* The 'weight' of a Python attribute dict ("{'weight': 3.0}") in out: 1
 * when the key is there, 0 when not, -1 when the text is not a dict. */
int rs_dict_weight(const char *d, char *out, size_t size);
/* An edge's attribute dict read (rs_dict_weight's result r, the weight's
 * text fw when r > 0): counted in info, the weight into *w; an error at
 * rd's line when it is not a number >= 0. */
int rs_dict_weight_value(struct rs_reader *rd, int r, const char *fw, double *w, rs_load_info *info);

/* ---- lines and limits (readtext.c) */

/* All the fields of line, however many (rs_split_fields), into *f, grown
 * to *cap entries: their count, or -1 out of memory. */
int rs_split_all(char *line, char delim, char ***f, size_t *cap);

/* The next line of a buffer, NUL-terminated in place without its CR, or
 * NULL at the end; counts lines in rd. */
char *rs_next_line(char **p, struct rs_reader *rd);
/* The next blank-separated field of a line, NUL-terminated in place, *q
 * moved past it; NULL at the line's end. */
char *rs_next_token(char **q);
/* A file that ends before the count its header announced. */
void rs_fail_short(struct rs_reader *rd, long announced, long found, const char *what);
/* Reading `entries` listed entries into a graph of n nodes: 1, with an
 * error at rd's line, when it would not fit this machine's memory. */
int rs_memory_refused(struct rs_reader *rd, long n, double entries);
/* The same, and beyond this build's ids or the load's max_nodes. */
int rs_size_refused(struct rs_reader *rd, long n, double entries, const rs_load_opts *o);

/* ---- matrices' entries (densematrix.c) */

/* Whether the entries E of a square matrix are symmetric (-1 out of
 * memory). */
int rs_matrix_symmetric(const rs_edges *E);
/* The graph of a matrix's entries E (row, column, weight): bipartite, of
 * R rows and K columns; or square, each edge once where the entries are
 * symmetric, made undirected (and said so in info) where not; a list
 * (half matrices, edge lists) as undirected edges.  E is changed. */
rs_graph *rs_entries_graph(rs_edges *E, long R, long K, int bip, int list, const rs_load_opts *o,
			   rs_load_info *info, const char *path, rs_err *e);

/* ---- telling formats by their content (for rs_gformat_sniff) */

int rs_matrix_like(const char *buf);  /* a dense adjacency matrix    */
int rs_nx_multiline(const char *s);   /* networkx's multiline adjlist */
int rs_adjlist_like(const char *s);   /* an adjacency list           */
int rs_sif_like(const char *s);       /* Cytoscape's SIF             */

/* ---- the readers */

rs_graph *rs_read_edgelist(char *buf, const char *path, const rs_load_opts *o, int bipartite,
			   rs_load_info *info, rs_err *e);
rs_graph *rs_read_mtx(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
rs_graph *rs_read_dimacs(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
rs_graph *rs_read_metis(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
rs_graph *rs_read_adjlist(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
rs_graph *rs_read_sif(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
rs_graph *rs_read_lgl(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
rs_graph *rs_read_matrix(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
rs_graph *rs_read_dl(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
rs_graph *rs_read_pajek(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
/* GML or GraphML (fmt) through igraph; buf's len bytes may be mended first. */
rs_graph *rs_read_igraph(char *buf, size_t len, const char *path, enum rs_gformat fmt, const rs_load_opts *o,
			 rs_load_info *info, rs_err *e);

#endif
