/* lanczos.h: thick-restart Lanczos for the largest eigenpairs of a
 * symmetric operator given as a callback (matrix-free).
 *
 * Each step measures the product's coefficients on the whole basis in one
 * sweep over the rows (OpenMP threads); when, by the basis' inner products
 * (tracked signed from those measurements), the recurrence and a few
 * drifted vectors are all that must be subtracted, one light sweep finishes
 * the step, else classical Gram-Schmidt passes do.  Restarts keep the best
 * Ritz vectors (Wu & Simon's thick restart) through one matrix product.
 * The caller deflates known invariant subspaces, either as orthonormal
 * vectors (defl, removed inside the Gram-Schmidt sweeps at no extra pass)
 * or by a projection callback after each product; any start vector (a warm start) must lie in the same space.
 * Convergence: ||A y - theta y|| <= tol * max(|theta|, eps), for the nev
 * largest Ritz values (or the first nstrict, the others only far enough
 * below them).  Deterministic for a given seed and thread count.
 * The basis may be stored in float (single): half the memory, the
 * arithmetic in double; the bound then leaves out the storing's rounding,
 * so the pairs' residuals are measured, and a solve that falls short is
 * made again in double.
 */
#ifndef RS_LANCZOS_H
#define RS_LANCZOS_H

#include "rs-err.h"

#include "cancel.h"
#include <stdint.h>

typedef void (*rs_matvec)(void *ctx, const double *x, double *y);
/* Project a vector onto the operator's space (the deflation), in place. */
typedef void (*rs_project)(void *ctx, double *x);

typedef struct rs_lanczos_opts {
	int nev;            /* eigenpairs wanted                         */
	int ncv;            /* basis size; 0 = nev + max(3 nev / 2 + 1, 16), */
	                    /* or nev + max(nev + 4, 16) (row_cost); at   */
	                    /* most nev + 40 in double                    */
	double tol;
	int maxit;          /* restarts; 0 = 1000                        */
	uint64_t seed;
	const double *start; /* a start vector (warm start), or NULL     */
	rs_cancel *cancel;  /* set non-zero to stop early                 */
	const double *defl; /* n x ndefl orthonormal columns whose span   */
	int ndefl;          /* is removed with the reorthogonalization    */
	int nstrict;        /* only the first nstrict must meet tol (0:   */
	double apart;       /* all); the others only need their residual  */
	                    /* bound to keep them more than apart below   */
	                    /* the last strict value (to tell repeats)    */
	long space;         /* the dimension of the operator's space once */
	                    /* deflated (0: n - ndefl): a basis never     */
	                    /* grows past it                              */
	double norm;        /* a bound on the operator's norm (0: none):  */
	                    /* with the values met, the scale against     */
	                    /* which a breakdown is told                  */
	int floored;        /* 1: nstrict is not used; a pair at or above */
	double floor;       /* floor must meet tol, one below it only     */
	                    /* needs its residual bound (at most 1e-4 of  */
	                    /* its value) to keep it apart below floor,   */
	                    /* and the run ends once the largest below    */
	                    /* floor meets tol                            */
	double row_cost;    /* the product's entries a row (0: unknown):  */
	                    /* below RS_CHEAP_ROW, a smaller basis        */
	int single;         /* 1: the basis stored in float (half the     */
	                    /* memory; the arithmetic in double), the     */
	                    /* pairs' residuals then measured, and the    */
	                    /* solve redone in double if they fall short  */
} rs_lanczos_opts;

typedef struct rs_lanczos_out {
	double *theta;      /* nev values, largest first                 */
	double *vec;        /* n x nev, column-major, orthonormal        */
	double *resid;      /* nev residual norms                        */
	long matvecs;
	int restarts;
	int converged;      /* how many of the nev met the tolerance     */
	int single;         /* 1: solved with a float basis, residuals   */
	                    /* measured; -1: one fell short, redone in   */
	                    /* double; -2: not converged in float after  */
	                    /* 300 restarts, redone in double; 0: double */
} rs_lanczos_out;

int rs_lanczos(long n, rs_matvec op, rs_project proj, void *ctx, const rs_lanczos_opts *o,
	       rs_lanczos_out *out, rs_err *e);
/* y = (I - Q Q^T) P A x: the operator in the space Lanczos works in (op,
 * then proj when there is one, less the nq orthonormal columns of Q). */
void rs_lanczos_apply(long n, rs_matvec op, rs_project proj, void *ctx, const double *Q, int nq,
		      const double *x, double *y);
/* A product is cheap beside a sweep of the basis below this many stored
 * entries a row (o->row_cost): the basis is then most of a solve's time
 * and memory. */
#define RS_CHEAP_ROW 12
static inline int rs_lanczos_cheap_rows(const rs_lanczos_opts *o)
{
	return o->row_cost > 0 && o->row_cost < RS_CHEAP_ROW;
}
/* The basis size rs_lanczos uses for o on a space of that dimension. */
int rs_lanczos_ncv(const rs_lanczos_opts *o, long space);
void rs_lanczos_out_free(rs_lanczos_out *out);
/* The convergence rule for pair c of the values th (largest first) with
 * residual norm res, for pairs found another way and checked the same. */
int rs_lanczos_pair_met(const rs_lanczos_opts *o, const double *th, int c, double res);

/* Kernels shared with the operators: OpenMP over row blocks. */
double rs_dot(long n, const double *x, const double *y);
double rs_nrm2(long n, const double *x);
/* Make BLAS single-threaded (the row-block parallelism is ours) and bind
 * the calling thread's OpenMP team one thread per usable CPU, starting from
 * the caller's, unless OMP_PROC_BIND or GOMP_CPU_AFFINITY is set. */
void rs_blas_single_thread(void);
/* Whether a limit is set on the process's address space or data (ulimit
 * -v, -d). */
int rs_memory_limited(void);
/* Map OpenBLAS's work buffers for up to slots concurrent callers now,
 * while the room is there (under a limit, a buffer it cannot map later is
 * retried for ever): returns how many it mapped (slots where BLAS keeps no
 * such pool), or -1 with a message when the limit leaves room for none. */
int rs_blas_reserve(int slots, rs_err *e);
void rs_bind_threads(void);
/* Give the calling thread the process's original CPU mask back (for a
 * child about to run another program). */
void rs_unbind_self(void);
int rs_threads(void);
/* The threads a solve on n rows and nnz stored entries should use: one
 * when each parallel region would share out less work than its fork and
 * join cost (RS_SMALL_WORK below), else rs_threads(). */
int rs_threads_for(long n, long nnz);
/* Run fn(arg) on every thread of a team of T (an OpenMP parallel region),
 * or straight on the calling thread when T is 1: libgomp sets up and tears
 * down a team even for one thread, 1.3 us a region on the machines
 * measured, about ten regions a Lanczos step (the paper's SBM: 11.2 ->
 * 9.0 ms a solve without them).  Inside fn, omp_get_thread_num() and
 * omp_get_num_threads() are right either way, and orphaned 'omp for' and
 * 'omp barrier' constructs bind to the team, or to the thread alone. */
void rs_par(int T, void (*fn)(void *), void *arg);
/* Make T the calling thread's number of threads for the parallel regions
 * that follow (its own setting: other threads keep theirs); returns the
 * number before, to be given back the same way. */
int rs_threads_set(int T);

#endif
