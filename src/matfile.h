/* matfile.h: MATLAB's MAT-files (format version 5, which MATLAB's save
 * writes up to -v7, and Octave's save -mat7-binary and scipy.io.savemat
 * write too), read from memory.
 *
 * A file is a 128-byte header, then one element a variable, each
 * compressed with zlib (-v7, the default) or not.  Read: numeric and
 * logical matrices (double, single and the integer classes, whatever
 * smaller type MATLAB stored them in), sparse matrices, char arrays (as
 * names only) and 1 x 1 structs, whose fields are listed as
 * "struct.field" (SuiteSparse's Problem.A), and cell arrays of text
 * (class names for labels); other cell arrays, objects (by their class:
 * a MATLAB graph, a table) and struct arrays are listed as such and not
 * read.  Either byte order.
 * Version 7.3 files are HDF5, and are refused with what to do.
 */
#ifndef RS_MATFILE_H
#define RS_MATFILE_H

#include "npy.h"
#include "rs-err.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
	RS_MX_CELL = 1,
	RS_MX_STRUCT,
	RS_MX_OBJECT,
	RS_MX_CHAR,
	RS_MX_SPARSE,
	RS_MX_DOUBLE,
	RS_MX_SINGLE,
	RS_MX_INT8,
	RS_MX_UINT8,
	RS_MX_INT16,
	RS_MX_UINT16,
	RS_MX_INT32,
	RS_MX_UINT32,
	RS_MX_INT64,
	RS_MX_UINT64,
	RS_MX_FUNCTION,
	RS_MX_OPAQUE
};

typedef struct rs_mat_var {
	char *name; /* "A"; a struct's field "Problem.A"            */
	int cls;    /* RS_MX_*, or another MATLAB class number     */
	int logical, complex;
	char objclass[32]; /* an object's class ("graph", "table")         */
	int ndim;
	long rows, cols; /* cols: the dimensions past the first, multiplied */
	/* numeric and logical: the real part, column-major, rows x cols;
	 * sparse: the values (pr), with ir the row of each and jc where
	 * each column starts (cols + 1) */
	rs_npy re, ir, jc;
	/* a cell array of text alone (class names, node names): its
	 * elements as UTF-8, column by column; else NULL */
	char **strings;
} rs_mat_var;

typedef struct rs_mat {
	const char *path; /* for messages                                */
	rs_mat_var *v;
	long count, cap;
	unsigned char **owned; /* the inflated variables' bytes           */
	long nowned;
	size_t inflated, max; /* bytes inflated so far, and the most allowed */
} rs_mat;

/* Whether buf[0..len) begins with a MAT-file's header (any version). */
int rs_mat_is(const void *buf, size_t len);
/* The variables of the MAT-file buf[0..len), inflating compressed ones
 * (at most max bytes in all; 0: no limit); m keeps pointing into buf.
 * An error says what is damaged, and at which byte. */
int rs_mat_open(rs_mat *m, const unsigned char *buf, size_t len, const char *path, size_t max,
		rs_err *e);
void rs_mat_close(rs_mat *m);
/* The variable named name ("Problem.A" or "Problem/A"), or -1. */
long rs_mat_find(const rs_mat *m, const char *name);
/* Whether variable v is a matrix of numbers a graph can be read from
 * (sparse, numeric or logical, 2-D, real); a vector too when vectors. */
int rs_mat_is_matrix(const rs_mat_var *v, int vectors);
/* "sparse double 34 x 34", "logical 34 x 34", "char 1 x 7", "struct". */
void rs_mat_describe(const rs_mat_var *v, char *out, size_t size);

/* Writing: a MAT-file of version 5, uncompressed, in this host's byte
 * order (as MATLAB's save -v6 writes; MATLAB, Octave and
 * scipy.io.loadmat read it): the header, then each variable by one call.
 * A variable of more than 4 GB, which version 5 cannot hold, is refused
 * with e set, as is a write error. */
int rs_mat_write_header(FILE *f, rs_err *e);
/* A full double matrix, column by column. */
int rs_mat_write_full(FILE *f, const char *name, long rows, long cols, const double *colmajor,
		      rs_err *e);
/* A sparse double matrix in compressed columns: column j's rows ir[jc[j]
 * .. jc[j + 1]) (ascending) and values pr (NULL: all 1). */
int rs_mat_write_sparse(FILE *f, const char *name, long rows, long cols, const long *jc,
			const int32_t *ir, const double *pr, rs_err *e);
/* 1 for a name ending in .mat (any case), else 0. */
int rs_path_mat(const char *path);

#endif
