/* gspectrum.h: the spectral embedding of a graph, matrix-free.
 *
 * The operator N_alpha = D^-1/2 (A + alpha J) D^-1/2 (bipartite: the
 * (n + m)-node graph [[0, B_alpha], [B_alpha^T, 0]]) is applied as a sparse
 * product plus a rank-one term; no n x n matrix is formed.  What is known
 * exactly is deflated before the Lanczos iteration:
 *  - theta = 1 (lambda = 0): at alpha > 0 the vector d^1/2; at alpha = 0 one
 *    vector d^1/2 per connected component, so lambda = 0 comes with its full
 *    multiplicity (the number of components);
 *  - nodes of degree 0 at alpha = 0 make the pencil singular: they are left
 *    out of the problem and embedded at 0;
 *  - at alpha > 0, pieces that are copies of one another (copies.h:
 *    components, or pieces hanging from one node: the paper's noise nodes,
 *    isolated nodes with a self-loop of weight w, whose theta is
 *    w / (w + n alpha); lone edges; leaves of one hub; legs of a star):
 *    each eigenpair of one copy's D^-1/2 A D^-1/2 is one of N_alpha with
 *    multiplicity (copies - 1), eigenvectors summing to 0 over the copies.
 *    Lanczos sees only the copies' mean, position by position.
 * The rest comes from thick-restart Lanczos (lanczos.h), warm-started from a
 * previous solution when one is given.  With a reduced basis (rbasis.h) of
 * earlier solves, its Rayleigh-Ritz pairs are tried first and kept when
 * their residuals, measured on the operator, meet the tolerance.
 */
#ifndef RS_GSPECTRUM_H
#define RS_GSPECTRUM_H

#include "graph.h"
#include "rbasis.h"
#include "spectrum.h"

#include "cancel.h"
#include <stdint.h>

typedef struct rs_gsolve_opts {
	double alpha;       /* absolute pair weight                         */
	int k;              /* embedding dimension: k + 1 eigenpairs         */
	double tol;
	int ncv;
	uint64_t seed;
	const rs_spectrum *warm; /* a previous solution on the same graph     */
	rs_cancel *cancel;
	rs_rbasis *rb;      /* earlier solutions along alpha (may be NULL): */
	                    /* tried first, and given this solve's         */
	int ahead;          /* a solve made for the basis (a look-ahead):   */
	                    /* it joins rb at once, not from the third on  */
	int lanczos_only;   /* 1: always the iterative solver ('set solver */
	                    /* lanczos'); 0: a small symmetric graph goes  */
	                    /* to LAPACK (RS_SYMMETRIC_DENSE)              */
	int basis;          /* how Lanczos stores its basis: RS_BASIS_AUTO */
	                    /* (0), RS_BASIS_DOUBLE, RS_BASIS_FLOAT         */
} rs_gsolve_opts;

/* 'set basis': where the tolerance leaves room above float's rounding
 * (tol >= RS_FLOAT_BASIS_TOL), auto stores Lanczos' basis in float on a
 * graph of low degree (RS_CHEAP_ROW: the basis is most of a solve's
 * memory) once a double one would take
 * RS_FLOAT_BASIS_BYTES, and on any graph where it would take more than
 * RS_FLOAT_BASIS_SHARE of the machine's memory; else in double (lanczos.h:
 * a float basis measures its pairs' residuals, 22 more products at
 * k = 20, and may have to solve again). */
enum { RS_BASIS_AUTO, RS_BASIS_DOUBLE, RS_BASIS_FLOAT };
#define RS_FLOAT_BASIS_BYTES (8.0 * 1024 * 1024)
#define RS_FLOAT_BASIS_SHARE 0.25
#define RS_FLOAT_BASIS_TOL 1e-6

/* A graph of at most this many nodes, most of which colour refinement
 * cannot tell apart (copies.h: alike), is solved by LAPACK unless
 * lanczos_only: its symmetry repeats eigenvalues that a single-vector
 * Krylov method finds one copy of (a cycle: every one twice). */
#define RS_SYMMETRIC_DENSE 1000

/* The factor a look-ahead moves alpha by, up and down: the live view's
 * arrow keys, and the prompt's 10 % step. */
#define RS_AHEAD_STEP 1.1

/* A look-ahead's solution is kept, for the step that asks for its alpha,
 * when its eigenvectors take at most this many bytes (a 2 10^5-node graph
 * at k = 20: 34 MB; 10^6 nodes, 168 MB, is not kept: two of them would
 * add a third to the session), larger ones only join the basis. */
#define RS_AHEAD_KEEP_BYTES (128.0 * 1024 * 1024)
static inline int rs_ahead_keepable(const rs_spectrum *S)
{
	return (double)S->rows * (double)S->nvec * sizeof(double) <= RS_AHEAD_KEEP_BYTES;
}

rs_spectrum *rs_graph_spectrum(const rs_graph *g, const rs_gsolve_opts *o, rs_err *e);
/* Dense LAPACK solve of the same problem (n + m <= max_nodes), for checks. */
rs_spectrum *rs_graph_spectrum_dense(const rs_graph *g, double alpha, int k, long max_nodes,
				     rs_err *e);
/* The absolute alpha for a relative one: alpha w / n^2 (bipartite w / (n m)). */
double rs_graph_rel_to_abs(const rs_graph *g, double alpha_rel);

#endif
