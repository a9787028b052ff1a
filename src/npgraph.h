/* npgraph.h: graphs in NumPy's and scipy's files, and in zip and tar
 * archives.
 *
 * Read: a MATLAB MAT-file's sparse or full matrix (matfile.h), a sparse
 * matrix saved by scipy.sparse.save_npz (csr, csc or coo;
 * compressed or not), a dense adjacency matrix saved by numpy.save (.npy)
 * or numpy.savez (an .npz of that one array), and a zip or tar archive
 * (.tar.gz once inflated) holding one graph file in a text format (as
 * repositories publish them; in a tar, an .npy or .npz file too).
 * Written: a graph as scipy.sparse.save_npz writes a csr matrix, or as
 * a MAT-file's sparse matrix, and arrays (an embedding, labels) as
 * numpy.save does.
 */
#ifndef RS_NPGRAPH_H
#define RS_NPGRAPH_H

#include "graphio.h"

#include <stdint.h>
#include <stdio.h>

/* 'z' for a zip archive, 'n' for a .npy array, 't' for a tar archive,
 * 'm' for a MAT-file (by their first bytes), 0 for anything else. */
int rs_binary_kind(const void *buf, size_t len);

/* The graph in buf[0..len) (rs_binary_kind not 0; buf[len] writable, as
 * a tar's files are read in place): the square matrix a
 * graph, made undirected where it is not symmetric; a rectangular one (or
 * any with o->bipartite) the biadjacency of a bipartite graph; a text
 * member of an archive read as rs_graph_parse reads a file of its name,
 * "path/member" in messages.  info->container says what held it. */
rs_graph *rs_binary_graph(unsigned char *buf, size_t len, const char *path, const rs_load_opts *o,
			  rs_load_info *info, rs_err *e);

/* The one graph file of the folder at path (or of its folders, two levels
 * down), picked as an archive's is (KONECT's out.NAME beside meta.NAME,
 * Netzschleuder's edges.csv, else the one file that is not a read-me,
 * labels or the like; several are refused with their names) and read as
 * 'load FOLDER/FILE' would read it, "FOLDER/FILE" in messages. */
rs_graph *rs_folder_graph(const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);

/* rs_read_data's, or for ARCHIVE/MEMBER (rs_archive_prefix) that member's
 * bytes, malloc'd and NUL-terminated, the archive a zip or a tar. */
char *rs_read_member(const char *path, size_t *len, rs_err *e);
/* A text file as rs_read_file reads it, or an archive's member
 * (ARCHIVE/MEMBER) tidied the same way (rs_text_tidy). */
char *rs_read_text(const char *path, size_t *len, rs_err *e);

/* The names of the files of the zip or tar archive at path (folders left
 * out), in the archive's order: a NULL-terminated malloc'd array of
 * malloc'd strings, or NULL with e set (not an archive, unreadable, or
 * more than max bytes on disk). */
char **rs_archive_names(const char *path, size_t max, rs_err *e);

/* A .npy vector (buf[0..len), rs_binary_kind 'n') as text, one element a
 * line: whole numbers (-1 for none) or strings, as labels are read;
 * malloc'd, or NULL with e set. */
char *rs_npy_lines(const void *buf, size_t len, const char *path, rs_err *e);

/* The labels of a MAT-file (buf[0..len), rs_binary_kind 'm') as
 * rs_npy_lines gives them: the vector variable member names, or its one
 * vector of numbers; *len its length. */
char *rs_mat_lines(const void *buf, size_t len, const char *path, const char *member, size_t *len_out,
		   rs_err *e);

/* g to f as scipy.sparse.save_npz writes a csr matrix (uncompressed):
 * the symmetric adjacency with both triangles, or a bipartite graph's
 * biadjacency; weights as float64 (all 1 for an unweighted graph). */
int rs_graph_write_npz(const rs_graph *g, FILE *f, rs_err *e);

/* g to f as a MAT-file (version 5) of one variable, A: the sparse
 * adjacency (both triangles), or a bipartite graph's biadjacency; weights
 * as doubles (all 1 for an unweighted graph). */
int rs_graph_write_mat(const rs_graph *g, FILE *f, rs_err *e);

/* A .npy array to f: a float64 matrix of `rows` x `cols` stored column by
 * column (fortran_order), or an int64 vector of n. */
int rs_npy_write_matrix(FILE *f, const double *colmajor, long rows, long cols, rs_err *e);
int rs_npy_write_ints(FILE *f, const int64_t *v, long n, rs_err *e);

/* 1 for a name ending in .npy, 2 for .npz (any case), 0 otherwise. */
int rs_path_numpy(const char *path);

#endif
