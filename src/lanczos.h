/* lanczos.h: thick-restart Lanczos for the largest eigenpairs of a
 * symmetric operator given as a callback (matrix-free).
 *
 * Full reorthogonalization by classical Gram-Schmidt with a second pass
 * when the first loses more than half the norm (the DGKS test), BLAS-2
 * kernels run by OpenMP threads over row blocks; restarts keep the best
 * Ritz vectors (Wu & Simon's thick restart) through one matrix product.
 * The caller deflates known invariant subspaces inside its operator, and
 * any start vector (a warm start) must lie in the same space.
 * Convergence: ||A y - theta y|| <= tol * max(|theta|, eps), for the nev
 * largest Ritz values.  Deterministic for a given seed and thread count.
 */
#ifndef RS_LANCZOS_H
#define RS_LANCZOS_H

#include "rs-err.h"

#include <signal.h>
#include <stdint.h>

typedef void (*rs_matvec)(void *ctx, const double *x, double *y);
/* Project a vector onto the operator's space (the deflation), in place. */
typedef void (*rs_project)(void *ctx, double *x);

typedef struct rs_lanczos_opts {
	int nev;            /* eigenpairs wanted                         */
	int ncv;            /* basis size; 0 = max(2 nev + 1, nev + 16)  */
	double tol;
	int maxit;          /* restarts; 0 = 1000                        */
	uint64_t seed;
	const double *start; /* a start vector (warm start), or NULL     */
	volatile sig_atomic_t *cancel; /* set non-zero to stop early     */
} rs_lanczos_opts;

typedef struct rs_lanczos_out {
	double *theta;      /* nev values, largest first                 */
	double *vec;        /* n x nev, column-major, orthonormal        */
	double *resid;      /* nev residual norms                        */
	long matvecs;
	int restarts;
	int converged;      /* how many of the nev met the tolerance     */
} rs_lanczos_out;

int rs_lanczos(long n, rs_matvec op, rs_project proj, void *ctx, const rs_lanczos_opts *o,
	       rs_lanczos_out *out, rs_err *e);
void rs_lanczos_out_free(rs_lanczos_out *out);

/* Kernels shared with the operators: OpenMP over row blocks. */
double rs_dot(long n, const double *x, const double *y);
double rs_nrm2(long n, const double *x);
/* Make BLAS single-threaded: the row-block parallelism is ours. */
void rs_blas_single_thread(void);
int rs_threads(void);

#endif
