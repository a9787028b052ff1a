/* spectrum.h: the spectrum of L_alpha x = lambda D_alpha x for a block model.
 *
 * Two solvers fill the same structure:
 *  - aggregate: the exact K x K problem of Proposition 1 (O(n + K^3) time,
 *    O(K^2) memory; eigenvectors are given per block, since x = Z y);
 *  - dense: LAPACK on the n x n matrix (small n; the full spectrum with
 *    node-level eigenvectors), used to cross-check the aggregate.
 *
 * Both solve N_alpha = D^{-1/2} A_alpha D^{-1/2} (top eigenpairs, lambda =
 * 1 - theta; for bicliques the singular values sigma of D_1^{-1/2} B_alpha
 * D_2^{-1/2}, lambda = 1 -+ sigma) and return X = D^{-1/2} U, so that
 * X^T D_alpha X = I.  Column c of vec is the eigenvector of lambda_{c+1}
 * (0-based c; c = 0 is the trivial constant vector).  Each column is
 * flipped so that its entry of largest magnitude is positive, ties (within
 * a relative 1e-9) going to the lowest node index.
 */
#ifndef RS_SPECTRUM_H
#define RS_SPECTRUM_H

#include "blockmodel.h"
#include "rs-err.h"

enum rs_solver { RS_SOLVER_AUTO, RS_SOLVER_AGGREGATE, RS_SOLVER_DENSE, RS_SOLVER_LANCZOS };

typedef struct rs_spectrum {
	long nodes;      /* n (n + m for bicliques)                          */
	/* the whole spectrum, grouped: ngroups distinct values, ascending    */
	int ngroups;
	double *val;
	long *mult;
	/* the computed eigenpairs: the nvec smallest eigenvalues, ascending  */
	int nvec;
	double *lambda;
	int per_block;   /* 1: rows are blocks (K, or 2K for bicliques)       */
	long rows;       /* rows of vec                                       */
	double *vec;     /* rows x nvec, column-major                         */
	enum rs_solver solver;
	double residual; /* worst relative residual of the returned pairs     */
	double seconds;  /* wall time of the solve                           */
	/* graphs (iterative solver): only the smallest part is known        */
	int partial;     /* val/mult list the computed eigenvalues only       */
	long matvecs;    /* operator applications                            */
	int restarts;
	long zero_degree; /* nodes left out at alpha = 0 (embedded at 0)      */
	long components; /* multiplicity of lambda = 0 (the theta = 1 space)  */
	long twins;      /* eigenvectors known exactly from pieces that are    */
	                 /* copies (copies.h): noise twins and the like        */
	long alike;      /* nodes colour refinement cannot tell apart, when    */
	                 /* they are most of the graph (symmetric), else 0     */
	int warm;        /* started from a previous solution                  */
	int reduced;     /* taken from a reduced basis of this many columns   */
	                 /* (0: solved by Lanczos)                            */
	int rechecks;    /* Lanczos runs made again, orthogonal to the pairs  */
	                 /* found, for the copies of a symmetric graph's      */
	                 /* repeated eigenvalues that a run misses (negative: */
	                 /* the last still found some, and the runs stopped)  */
	long gram_side;  /* bipartite: solved as M M^T on this many nodes of   */
	                 /* the smaller side (0: N on both sides)             */
	int open_mult;   /* the last multiplicity may be larger (not all copies seen) */
	int single;      /* Lanczos' basis: 1 stored in float (residuals     */
	                 /* measured), -1 float fell short and was redone in */
	                 /* double, -2 float did not converge in 300         */
	                 /* restarts and was redone in double, 0 double      */
	int ahead;       /* solved ahead, while the prompt or the live view    */
	                 /* waited: seconds is then the wait for it (about 0), */
	double ahead_seconds; /* and this the solve's own time               */
} rs_spectrum;

/* Allocate an empty spectrum with nvec vectors of rows entries. */
rs_spectrum *rs_spectrum_new(long nodes, int nvec, long rows, rs_err *e);
/* The same over vec (rows x nvec, from malloc), which it takes over (and
 * frees, on failure). */
rs_spectrum *rs_spectrum_adopt(long nodes, int nvec, long rows, double *vec, rs_err *e);
/* Group the nvec computed eigenvalues, with known multiplicities: mult_hint[j]
 * (or 1) for the group that lambda[j] starts.  Replaces val/mult. */
int rs_spectrum_group(rs_spectrum *S, const long *mult_hint, rs_err *e);

/* The largest alpha solved, relative to the mean pair weight (w / n^2):
 * past it the graph's own weights are lost in the rounding of alpha's
 * (at 10^16 entirely; at 10^300 the products overflow). */
#define RS_ALPHA_REL_MAX 1e12
#define RS_ALPHA_REL_MAX_TEXT "1e12"
/* The end of the message for an alpha past it. */
#define RS_ALPHA_PAST_MAX                                                                      \
	" is past " RS_ALPHA_REL_MAX_TEXT " relative, where the graph's own weights are lost in "  \
	"rounding: take a smaller alpha"
/* 0 when the absolute pair weight alpha is finite, >= 0 and at most
 * RS_ALPHA_REL_MAX times unit (the absolute weight of relative alpha 1;
 * unit <= 0: no upper limit); else -1 with a message. */
int rs_alpha_check(double alpha, double unit, rs_err *e);
/* 0 when alpha n^2, which the degrees gain, fits in a double beside the
 * weights' sum total (weights near 1e308); else -1 with a message. */
int rs_alpha_fits(double alpha, double nodes, double total, rs_err *e);

/* Solve the model at absolute pair weight alpha (>= 0). */
rs_spectrum *rs_spectrum_solve(const rs_model *M, double alpha, enum rs_solver solver,
			       long dense_max, rs_err *e);
void rs_spectrum_free(rs_spectrum *S);
/* A deep copy (NULL with a message when memory runs out). */
rs_spectrum *rs_spectrum_copy(const rs_spectrum *S, rs_err *e);

/* Multiplicity of the eigenvalue lambda_{j+1} (0-based j < nvec) in the
 * whole spectrum. */
long rs_spectrum_multiplicity(const rs_spectrum *S, int j);

/* Tolerance under which two eigenvalues count as equal. */
#define RS_EIG_TIE 1e-9

const char *rs_solver_name(enum rs_solver s);

/* Flip each column of the rows x cols column-major matrix X so that its
 * largest-magnitude entry is positive (ties within a relative 1e-9 go to
 * the lowest row).  Rows are in node order, or in block order, which is the
 * same thing for block models. */
void rs_sign_fix(double *X, long rows, int cols);

/* Entries of column c at most this far from 0 count as 0 when signs are
 * read: 1e-9 of the column's largest entry, or the solve's residual
 * relative to it when that is larger (an iterative solve leaves entries
 * that are 0 in theory only as small as its tolerance). */
double rs_spectrum_zero(const rs_spectrum *S, int c);

#endif
