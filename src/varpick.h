/* varpick.h: which variable of a file of several (a MAT-file, an Octave
 * file) a graph or labels come from.
 *
 * The one 'load FILE/NAME' names (a struct's field "S.f" also as "S/f"),
 * else the one that can be: for labels the one vector, for a graph the
 * one sparse matrix, else the one matrix, else the one square matrix.
 * The messages list the file's variables.
 */
#ifndef RS_VARPICK_H
#define RS_VARPICK_H

#include "rs-err.h"

typedef struct rs_varinfo {
	const char *name;
	char what[96];  /* for the list: "sparse double 34 x 34" */
	int candidate;  /* it could be what is asked for when none is named */
	int sparse, square;
} rs_varinfo;

/* How a file of variables is named in messages. */
typedef struct rs_varfile {
	const char *path;
	const char *kind;        /* "MAT-file", "Octave file" */
	const char *vectors_are; /* what labels are read from: "a vector of numbers" */
	const char *hint;        /* after "without ...": "" or what to do instead */
} rs_varfile;

/* Whether a variable's name is the one wanted ('/' standing for the '.'
 * of a struct's field). */
int rs_var_same_name(const char *name, const char *wanted);

/* The index of the variable of v[0..n) a graph (vectors 0) or labels (1)
 * come from, *why saying how it was chosen ("variable" when named, "its
 * one sparse matrix", ...), or -1 with e set.  A variable member names
 * is returned whatever it holds: the caller says why it cannot be read. */
long rs_var_pick(const rs_varinfo *v, long n, const char *member, int vectors, const rs_varfile *f,
		 const char **why, rs_err *e);

#endif
