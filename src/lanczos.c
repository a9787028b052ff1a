/* lanczos.c: thick-restart Lanczos with full reorthogonalization. */
#include <config.h>

#include "lanczos.h"

#include "rng.h"

#include <cblas.h>
#include <lapacke.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#ifdef __linux__
#include <stdint.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif
#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

void openblas_set_num_threads(int num_threads);
/* OpenBLAS's pthread build starts its worker threads when it is loaded,
 * and each spins in sched_yield for about a tenth of a second before it
 * sleeps, though regspec never gives them work (80 solves of cora in one
 * process: 0.10 s of system time, 0.01 s without them; the first solve's
 * wall time did not change measurably, the other core being free).  Its
 * shutdown (exported for fork handlers) ends them; the serial and OpenMP
 * builds have no such function, hence a weak reference. */
int blas_thread_shutdown_(void) __attribute__((weak));
/* OpenBLAS's pool of work buffers (128 MB of address space each, mapped
 * the first time a slot is taken, kept after): a map that fails is tried
 * again forever, so under a limit on the address space (ulimit -v) a
 * LAPACK call made once the graph has taken the room spins for ever
 * (ego-twitter under 250 MB: dsyevr's dsymv, after the load).  Weak, like
 * the shutdown: other BLAS have no such pool. */
void *blas_memory_alloc(int procpos) __attribute__((weak));
void blas_memory_free(void *buffer) __attribute__((weak));

/* Thread binding.  Unbound, the two threads of a team were seen sharing one
 * core in about a third of the runs on a 2-core machine (solves twice as
 * slow), so each thread t of a team is bound to one CPU the process may use,
 * in order from the one the caller runs on, unless the user chose a binding
 * (OMP_PROC_BIND, GOMP_CPU_AFFINITY).
 * Programs started by the process get the original mask back. */
#if defined(_OPENMP) && defined(__linux__)
static cpu_set_t original_mask;
static int have_original;

static void bind_to_nth(const cpu_set_t *allowed, int t)
{
	int seen = 0;
	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, allowed) || seen++ != t)
			continue;
		cpu_set_t one;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		pthread_setaffinity_np(pthread_self(), sizeof one, &one);
		return;
	}
}
#endif

void rs_bind_threads(void)
{
#if defined(_OPENMP) && defined(__linux__)
	if (getenv("OMP_PROC_BIND") || getenv("GOMP_CPU_AFFINITY"))
		return;
	cpu_set_t allowed;
	if (have_original)
		allowed = original_mask;
	else if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
		return;
	else {
		original_mask = allowed;
		have_original = 1;
	}
	int ncpu = CPU_COUNT(&allowed);
	if (ncpu < 2 || omp_get_max_threads() > ncpu)
		return;
	/* start at the CPU the caller runs on, so that two processes started
	 * side by side on a larger machine do not pile onto the same CPUs */
	int here = sched_getcpu(), start = 0;
	for (int c = 0, seen = 0; c < CPU_SETSIZE && here >= 0; c++)
		if (CPU_ISSET(c, &allowed)) {
			if (c == here)
				start = seen;
			seen++;
		}
#pragma omp parallel
	bind_to_nth(&allowed, (start + omp_get_thread_num()) % ncpu);
#endif
}

void rs_unbind_self(void)
{
#if defined(_OPENMP) && defined(__linux__)
	if (have_original)
		sched_setaffinity(0, sizeof original_mask, &original_mask);
#endif
}

int rs_memory_limited(void)
{
	struct rlimit as, data;
	return (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) ||
	       (getrlimit(RLIMIT_DATA, &data) == 0 && data.rlim_cur != RLIM_INFINITY);
}

void rs_blas_single_thread(void)
{
	openblas_set_num_threads(1);
	/* with one thread OpenBLAS never starts them again.  Under a memory
	 * limit a worker may be spinning on a buffer it cannot map (see
	 * blas_memory_alloc), and the shutdown would wait for it for ever:
	 * left alone there (main starts afresh without them, see there) */
	if (blas_thread_shutdown_ && !rs_memory_limited())
		blas_thread_shutdown_();
	rs_bind_threads();
}

/* The most OpenBLAS maps for one buffer, with room to spare (BUFFER_SIZE
 * is 128 MB in the x86-64 builds, plus a page). */
#define BLAS_SLOT_BYTES ((size_t)136 << 20)

int rs_blas_reserve(int slots, rs_err *e)
{
	if (!blas_memory_alloc || !blas_memory_free || slots < 1)
		return slots < 1 ? 0 : slots;
	if (slots > 64)
		slots = 64;
	/* first see that the room is there (a map OpenBLAS cannot make never
	 * returns), for as many as fit */
	for (; slots > 0; slots--) {
		size_t need = (size_t)slots * BLAS_SLOT_BYTES;
		void *probe = mmap(NULL, need, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (probe != MAP_FAILED) {
			munmap(probe, need);
			break;
		}
	}
	if (slots == 0)
		return rs_fail(e, RS_ENOMEM,
			       "the memory limit (ulimit -v or -d) leaves no room for OpenBLAS's "
			       "work buffer (128 MB of address space): raise it by %zu MB",
			       BLAS_SLOT_BYTES >> 20);
	void *held[64];
	for (int i = 0; i < slots; i++)
		held[i] = blas_memory_alloc(0);
	for (int i = slots - 1; i >= 0; i--)
		blas_memory_free(held[i]);
	return slots;
}

int rs_threads(void)
{
#ifdef _OPENMP
	return omp_get_max_threads();
#else
	return 1;
#endif
}

/* A Lanczos step opens about ten parallel regions (the product, the
 * Gram-Schmidt sweeps, the light sweep); on this kind of virtual machine
 * each fork and join costs microseconds even with the threads spinning,
 * which is more than sharing out a few thousand rows saves.  Work is
 * counted as the stored entries plus 32 per row (the sweeps over a basis of
 * a few dozen vectors).  Measured on 2 threads against 1 (k = 20, tol 1e-6,
 * SBMs of 20 blocks, average degree 20, the median of 11 solves, twice),
 * once one thread runs no regions at all (rs_par): 3,000 nodes (work 0.11
 * million) 1.1x faster on one, 4,000 (0.14) and 6,000 (0.21) tie, 8,000
 * (0.28) 1.05x faster on two, 16,000 (0.55) 1.15x, 32,000 (1.1) 1.5x. */
#define RS_SMALL_WORK 200000.0

int rs_threads_for(long n, long nnz)
{
	return (double)nnz + 32.0 * (double)n < RS_SMALL_WORK ? 1 : rs_threads();
}

void rs_par(int T, void (*fn)(void *), void *arg)
{
#ifdef _OPENMP
	if (T > 1) {
#pragma omp parallel num_threads(T)
		fn(arg);
		return;
	}
#else
	(void)T;
#endif
	fn(arg);
}

int rs_threads_set(int T)
{
	int was = rs_threads();
#ifdef _OPENMP
	if (T != was)
		omp_set_num_threads(T);
#else
	(void)T;
#endif
	return was;
}

/* The block of rows [lo, hi) of the calling thread in a parallel region;
 * returns the thread's number. */
static int thread_rows(long n, long *lo, long *hi)
{
	int t = 0, nt = 1;
#ifdef _OPENMP
	t = omp_get_thread_num();
	nt = omp_get_num_threads();
#endif
	*lo = n * t / nt;
	*hi = n * (t + 1) / nt;
	return t;
}

/* Partial sum of x . y over rows [lo, hi), in blocks of 4096. */
static double block_dot(long lo, long hi, const double *x, const double *y)
{
	double acc = 0;
	for (long b = lo; b < hi; b += 4096) {
		long end = b + 4096 < hi ? b + 4096 : hi;
		double s = 0;
#pragma omp simd reduction(+ : s)
		for (long i = b; i < end; i++)
			s += x[i] * y[i];
		acc += s;
	}
	return acc;
}

struct dot_job {
	long n;
	const double *x, *y;
	double *part;
};

static void dot_part(void *arg)
{
	const struct dot_job *J = arg;
	long lo, hi;
	int t = thread_rows(J->n, &lo, &hi);
	J->part[t] = block_dot(lo, hi, J->x, J->y);
}

/* Blocked sums keep the error near (n / 4096 + 4096) eps, not n eps, and the
 * partial sums are added in a fixed order: the result does not depend on
 * how the threads were scheduled. */
double rs_dot(long n, const double *x, const double *y)
{
	double part[64] = {0};
	int T = rs_threads() < 64 ? rs_threads() : 64;
	struct dot_job J = {n, x, y, part};
	rs_par(T, dot_part, &J);
	double total = 0;
	for (int t = 0; t < T; t++)
		total += part[t];
	return total;
}

double rs_nrm2(long n, const double *x)
{
	return sqrt(rs_dot(n, x, x));
}

/* The Lanczos basis, n x (m + 1) columns: doubles, or, where the caller
 * asks (o->single), floats: half the solve's largest array, and half the
 * bytes each sweep reads; the arithmetic stays in double, each column
 * widened as it is read. */
struct basis {
	long n;
	double *d; /* the columns in double, or NULL */
	float *f;  /* in float, or NULL */
};

/* Rows are handed to the float kernels in chunks that keep w's part in
 * the first-level cache while the columns stream past. */
#define FCHUNK 512

/* The float kernels are ours, not BLAS', and the build targets the
 * baseline x86-64 (two doubles a vector instruction): GCC also compiles
 * them for x86-64-v3 (AVX2, FMA) and picks the copy the machine runs
 * (an ifunc), as OpenBLAS picks its kernels. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11 && defined(__x86_64__) && \
	defined(__linux__)
#define RS_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define RS_CLONES
#endif

/* part[c] += V[lo..hi, c] . w[lo..hi] for c < j, V in float. */
RS_CLONES static void coef_f(long lo, long hi, long n, int j, const float *V, const double *w, double *part)
{
	for (long c0 = lo; c0 < hi; c0 += FCHUNK) {
		long c1 = c0 + FCHUNK < hi ? c0 + FCHUNK : hi;
		for (int c = 0; c < j; c++) {
			const float *v = V + (size_t)c * n;
			double s = 0;
#pragma omp simd reduction(+ : s)
			for (long i = c0; i < c1; i++)
				s += (double)v[i] * w[i];
			part[c] += s;
		}
	}
}

/* w[lo..hi] -= sum_c h[c] V[lo..hi, c] over the np columns idx[] (or the
 * first np when idx is NULL), V in float. */
RS_CLONES static void sub_f(long lo, long hi, long n, int np, const int *idx, const float *V, const double *h,
		  double *w)
{
	for (long c0 = lo; c0 < hi; c0 += FCHUNK) {
		long c1 = c0 + FCHUNK < hi ? c0 + FCHUNK : hi;
		for (int p = 0; p < np; p++) {
			const float *v = V + (size_t)(idx ? idx[p] : p) * n;
			double a = h[p];
#pragma omp simd
			for (long i = c0; i < c1; i++)
				w[i] -= a * (double)v[i];
		}
	}
}

/* Classical Gram-Schmidt of w against the j columns of V and the nq
 * columns of Q (both leading dimension n) is two sweeps over the rows:
 * gs_coef computes h = [V Q]^T w (j + nq entries) and returns ||w||;
 * gs_sub does w -= [V Q] h and returns the new ||w||.  Each thread owns a
 * block of rows; partial sums are added in thread order, so results do not
 * depend on scheduling.  scratch holds T x (j + nq + 1) doubles. */
struct gs_job {
	long n;
	int j, nq;
	const struct basis *V;
	const double *Q;
	const double *wr; /* w, read (gs_coef) */
	double *w;        /* w, written (gs_sub) */
	const double *h;
	double *scratch;
};

static void gs_coef_part(void *arg)
{
	const struct gs_job *J = arg;
	long n = J->n, lo, hi;
	int j = J->j, nq = J->nq;
	int t = thread_rows(n, &lo, &hi);
	double *part = J->scratch + (size_t)t * (size_t)(j + nq + 1);
	memset(part, 0, (size_t)(j + nq + 1) * sizeof *part);
	if (hi > lo) {
		if (j > 0 && J->V->f)
			coef_f(lo, hi, n, j, J->V->f, J->wr, part);
		else if (j > 0)
			cblas_dgemv(CblasColMajor, CblasTrans, (int)(hi - lo), j, 1.0, J->V->d + lo, (int)n,
				    J->wr + lo, 1, 0.0, part, 1);
		if (nq > 2)
			cblas_dgemv(CblasColMajor, CblasTrans, (int)(hi - lo), nq, 1.0, J->Q + lo, (int)n,
				    J->wr + lo, 1, 0.0, part + j, 1);
		else
			for (int c = 0; c < nq; c++)
				part[j + c] = block_dot(lo, hi, J->Q + (size_t)c * n, J->wr);
		part[j + nq] = block_dot(lo, hi, J->wr, J->wr);
	}
}

static double gs_coef(long n, int j, const struct basis *V, int nq, const double *Q,
		      const double *w, double *h, double *scratch)
{
	int T = rs_threads();
	int stride = j + nq + 1;
	struct gs_job J = {n, j, nq, V, Q, w, NULL, NULL, scratch};
	rs_par(T, gs_coef_part, &J);
	for (int c = 0; c < stride; c++) {
		double s = 0;
		for (int t = 0; t < T; t++)
			s += scratch[(size_t)t * stride + c];
		h[c] = s;
	}
	return sqrt(h[j + nq]);
}

static void gs_sub_part(void *arg)
{
	const struct gs_job *J = arg;
	long n = J->n, lo, hi;
	int j = J->j;
	double *w = J->w;
	int t = thread_rows(n, &lo, &hi);
	if (hi > lo) {
		if (j > 0 && J->V->f)
			sub_f(lo, hi, n, j, NULL, J->V->f, J->h, w);
		else if (j > 0)
			cblas_dgemv(CblasColMajor, CblasNoTrans, (int)(hi - lo), j, -1.0, J->V->d + lo,
				    (int)n, J->h, 1, 1.0, w + lo, 1);
		if (J->nq > 2)
			cblas_dgemv(CblasColMajor, CblasNoTrans, (int)(hi - lo), J->nq, -1.0, J->Q + lo,
				    (int)n, J->h + j, 1, 1.0, w + lo, 1);
		else
			for (int c = 0; c < J->nq; c++) {
				const double *q = J->Q + (size_t)c * n;
				double a = J->h[j + c];
#pragma omp simd
				for (long i = lo; i < hi; i++)
					w[i] -= a * q[i];
			}
	}
	J->scratch[t] = hi > lo ? block_dot(lo, hi, w, w) : 0.0;
}

static double gs_sub(long n, int j, const struct basis *V, int nq, const double *Q, double *w,
		     const double *h, double *scratch)
{
	int T = rs_threads();
	struct gs_job J = {n, j, nq, V, Q, w, w, h, scratch};
	rs_par(T, gs_sub_part, &J);
	double s = 0;
	for (int t = 0; t < T; t++)
		s += scratch[t];
	return sqrt(s);
}

/* The light end of a Lanczos step: w = (w - sum_p coef[p] V[:, idx[p]] -
 * Q hq) / beta in one sweep (the three-term recurrence, the few basis
 * vectors w has drifted towards, the deflated space, the scaling). */
struct finish_job {
	long n;
	double *w;
	const struct basis *V;
	int np;
	const int *idx;
	const double *coef;
	int nq;
	const double *Q, *hq;
	double r;
};

static void finish_part(void *arg)
{
	const struct finish_job *J = arg;
	long n = J->n, lo, hi;
	double *w = J->w;
	thread_rows(n, &lo, &hi);
	/* by chunks that stay in the first-level cache; simd, because at -O2
	 * GCC leaves these loops scalar (w may alias v as far as it knows):
	 * 2.5x faster on facebook, a tenth of the solve */
	for (long c0 = lo; c0 < hi; c0 += 512) {
		long c1 = c0 + 512 < hi ? c0 + 512 : hi;
		if (J->V->f)
			sub_f(c0, c1, n, J->np, J->idx, J->V->f, J->coef, w);
		else
			for (int p = 0; p < J->np; p++) {
				const double *v = J->V->d + (size_t)J->idx[p] * n;
				double a = J->coef[p];
#pragma omp simd
				for (long i = c0; i < c1; i++)
					w[i] -= a * v[i];
			}
		for (int c = 0; c < J->nq; c++) {
			const double *q = J->Q + (size_t)c * n;
			double a = J->hq[c];
#pragma omp simd
			for (long i = c0; i < c1; i++)
				w[i] -= a * q[i];
		}
		double r = J->r;
#pragma omp simd
		for (long i = c0; i < c1; i++)
			w[i] *= r;
	}
}

static void local_finish(long n, double *w, const struct basis *V, int np, const int *idx,
			 const double *coef, int nq, const double *Q, const double *hq, double beta)
{
	struct finish_job J = {n, w, V, np, idx, coef, nq, Q, hq, 1.0 / beta};
	rs_par(rs_threads(), finish_part, &J);
}

/* At most this many basis vectors besides the recurrence's two are
 * subtracted in the light sweep; more, and the step does a full pass. */
#define LIGHT_MAX 12

/* A wanted Ritz pair is locked once its residual bound is below LOCK tol
 * |theta|: what is dropped stays a thousandth of the tolerance. */
#define LOCK 1e-3

/* A float basis is kept orthogonal to this level: storing a vector moves
 * its inner products by up to 6e-8 (float's rounding), so the double
 * basis' 1e-9 is out of reach.  Far inside semi-orthogonality (float's
 * sqrt(eps), 3e-4), the projected matrix is still that of an orthonormal
 * basis to about 1e-13, and most steps stay light.  At 1e-6, two graphs
 * of bench/other_graphs.py fell short of tol 1e-6 once measured and were
 * solved again in double (10 hubs over 100,000 nodes: 1,053 products in
 * all; at 3e-7, 601, where a double basis takes 582); 1e-7 is too close
 * to the rounding for light steps. */
#define SINGLE_TARGET 3e-7

/* A float basis still short of the tolerance after this many restarts
 * (a tolerance below what its rounding allows stalls) is given up for a
 * double one, started from where it got to.  The graphs of the bench
 * converge in 17-100. */
#define SINGLE_MAXIT 300

/* The residual a float basis' pair has beyond its bound, at most: its
 * rounding, about 6e-8 a time, builds up over the restarts (measured:
 * 3e-8 to 2e-7 after 35-100 of them).  The bound must leave that much of
 * tol |theta| (but at least 0.3 of it).  Without the room, 2 of 11 graphs
 * of bench/other_graphs.py had a pair measured just above tol (a grid:
 * 5.19e-7 for 5.00e-7, bound 4.92e-7) and were solved again in double. */
#define SINGLE_MARGIN 2e-7

/* x *= a, by row blocks. */
struct scale_job {
	long n;
	double a;
	double *x;
};

static void scale_part(void *arg)
{
	const struct scale_job *J = arg;
	long lo, hi;
	thread_rows(J->n, &lo, &hi);
	double a = J->a, *x = J->x;
#pragma omp simd
	for (long i = lo; i < hi; i++)
		x[i] *= a;
}

static void scale(long n, double a, double *x)
{
	struct scale_job J = {n, a, x};
	rs_par(rs_threads(), scale_part, &J);
}

/* V[:, 0..l) = V (n x m) * Y (m x l), in place, a block of rows at a time
 * (a row block is read whole before it is overwritten): no n x m scratch.
 * bufs holds RB x l doubles per thread.  Blocks of 256 rows rather than
 * 1024: as fast, and a quarter of the buffers to fault in on a first solve
 * (the paper's SBM, 2,000 nodes: 0.5 ms of 17). */
#define RB 256
static void restart_in_place(long n, int m, int l, double *V, const double *Y, int ldy, double *bufs)
{
#pragma omp parallel
	{
		int t = 0;
#ifdef _OPENMP
		t = omp_get_thread_num();
#endif
		double *buf = bufs + (size_t)t * RB * (size_t)l;
#pragma omp for schedule(static)
		for (long lo = 0; lo < n; lo += RB) {
			int rows = (int)(n - lo < RB ? n - lo : RB);
			cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, rows, l, m, 1.0, V + lo,
				    (int)n, Y, ldy, 0.0, buf, RB);
			for (int c = 0; c < l; c++)
				memcpy(V + lo + (size_t)c * n, buf + (size_t)c * RB, (size_t)rows * sizeof *V);
		}
	}
}

/* restart_in_place for a float basis: each row block is widened to
 * double (bufs: RB x (m + l) doubles per thread), multiplied, and
 * rounded back.  With split, column c of the product is kept as two
 * floats instead, in columns 2c and 2c + 1 (its rounding, then what the
 * rounding left out: together 2^-48 of the value), for ritz_widen. */
static void restart_in_place_f(long n, int m, int l, float *V, const double *Y, int ldy,
			       double *bufs, int split)
{
#pragma omp parallel
	{
		int t = 0;
#ifdef _OPENMP
		t = omp_get_thread_num();
#endif
		double *in = bufs + (size_t)t * RB * (size_t)(m + l);
		double *buf = in + (size_t)RB * m;
#pragma omp for schedule(static)
		for (long lo = 0; lo < n; lo += RB) {
			int rows = (int)(n - lo < RB ? n - lo : RB);
			for (int c = 0; c < m; c++) {
				const float *v = V + lo + (size_t)c * n;
				double *a = in + (size_t)c * RB;
				for (int r = 0; r < rows; r++)
					a[r] = v[r];
			}
			cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, rows, l, m, 1.0, in, RB, Y,
				    ldy, 0.0, buf, RB);
			for (int c = 0; c < l; c++) {
				const double *b = buf + (size_t)c * RB;
				if (split) {
					float *hi = V + lo + (size_t)(2 * c) * n, *rest = hi + n;
					for (int r = 0; r < rows; r++) {
						hi[r] = (float)b[r];
						rest[r] = (float)(b[r] - (double)hi[r]);
					}
				} else {
					float *v = V + lo + (size_t)c * n;
					for (int r = 0; r < rows; r++)
						v[r] = (float)b[r];
				}
			}
		}
	}
}

/* After restart_in_place_f(..., split): double column c from the float
 * pair in columns 2c and 2c + 1, in the same bytes (tmp: n doubles). */
static void ritz_widen(long n, int l, float *V, double *tmp)
{
	double *D = (double *)V;
	for (int c = 0; c < l; c++) {
		const float *hi = V + (size_t)(2 * c) * n, *rest = hi + n;
#pragma omp parallel for schedule(static) if (n > 4096)
		for (long i = 0; i < n; i++)
			tmp[i] = (double)hi[i] + (double)rest[i];
		memcpy(D + (size_t)c * n, tmp, (size_t)n * sizeof *D);
	}
}

/* Basis column v (float) from w, and w rounded to what was stored: the
 * next product is of the vector the basis holds. */
struct store_job {
	long n;
	float *v;
	double *w;
};

static void store_part(void *arg)
{
	const struct store_job *J = arg;
	long lo, hi;
	thread_rows(J->n, &lo, &hi);
	float *v = J->v;
	double *w = J->w;
#pragma omp simd
	for (long i = lo; i < hi; i++) {
		v[i] = (float)w[i];
		w[i] = (double)v[i];
	}
}

static void store_column(long n, float *v, double *w)
{
	struct store_job J = {n, v, w};
	rs_par(rs_threads(), store_part, &J);
}

static void widen_column(long n, const float *v, double *w)
{
#pragma omp parallel for schedule(static) if (n > 4096)
	for (long i = 0; i < n; i++)
		w[i] = (double)v[i];
}

void rs_lanczos_out_free(rs_lanczos_out *out)
{
	free(out->theta);
	free(out->vec);
	free(out->resid);
	memset(out, 0, sizeof *out);
}

/* Orthogonalize w against V[:, 0..j) and the deflated space Q; h gets the
 * coefficients on V (all passes added).  Returns ||w||.
 *
 * How many passes: lev[c] bounds how far v_c is from orthogonal to the rest
 * of the basis.  After a pass, what is left of w along the basis is about
 * (sum_c lev[c] |h_c| + eps sqrt(j) ||w_before||) / ||w_after||: the first
 * term is the error of projecting with a basis that is not quite orthogonal,
 * and it compounds from step to step, so it is tracked, not assumed away.
 * A further pass runs while that estimate exceeds target (at most three
 * passes: "twice is enough" unless w lies in the span).  With lev == NULL
 * two passes always run.  *lev_out gets the estimate for the new vector.
 * The usual DGKS rule (a second pass when the norm drops below 1/sqrt(2))
 * cost a second pass at nearly every step; this one at a few percent.
 * reorth_from starts after gs_coef has put the first coefficients in h and
 * ||w|| in before; reorth does both. */
static double reorth_from(long n, int j, const struct basis *V, int nq, const double *Q, double *w,
			  double *h, double *h2, double *scratch, const double *lev, double target,
			  double *lev_out, double before)
{
	double after = 0, est = 1;
	const double root = DBL_EPSILON * sqrt((double)(j + nq + 1));
	for (int pass = 0; pass < 3; pass++) {
		double *hp = pass == 0 ? h : h2;
		if (pass > 0)
			before = gs_coef(n, j, V, nq, Q, w, h2, scratch);
		after = gs_sub(n, j, V, nq, Q, w, hp, scratch);
		if (pass > 0)
			for (int c = 0; c < j; c++)
				h[c] += h2[c];
		double err = root * before;
		if (lev)
			for (int c = 0; c < j; c++)
				err += lev[c] * fabs(hp[c]);
		else
			err += root * before;
		est = after > 0 ? err / after : 1.0;
		if (lev ? est <= target : pass >= 1)
			break;
	}
	if (lev_out)
		*lev_out = est;
	return after;
}

static double reorth(long n, int j, const struct basis *V, int nq, const double *Q, double *w, double *h,
		     double *h2, double *scratch, const double *lev, double target, double *lev_out)
{
	double before = gs_coef(n, j, V, nq, Q, w, h, scratch);
	return reorth_from(n, j, V, nq, Q, w, h, h2, scratch, lev, target, lev_out, before);
}

/* A random unit vector in the operator's space, orthogonal to V[:, 0..j). */
static int fresh_vector(long n, int j, const struct basis *V, int nq, const double *Q, double *w,
			rs_rng *rng, rs_project proj, void *ctx, double *h, double *h2, double *scratch)
{
	for (int attempt = 0; attempt < 5; attempt++) {
		for (long i = 0; i < n; i++)
			w[i] = rs_rng_uniform(rng) - 0.5;
		if (proj)
			proj(ctx, w);
		double nw = reorth(n, j, V, nq, Q, w, h, h2, scratch, NULL, 0, NULL);
		if (nw > 1e-8) {
			scale(n, 1.0 / nw, w);
			return 0;
		}
	}
	return -1;
}

/* The Ritz pairs of the projected matrix (msz x msz in Tm, leading
 * dimension m, upper triangle used), the largest first: th gets all msz
 * values, Y (msz x cnt) the first cnt vectors; W is msz x msz scratch.
 * The first nl basis vectors are locked (converged, their couplings
 * dropped): Tm is diagonal there, they are their own Ritz vectors, and
 * only the rest is solved.  Divide and conquer (dsyevd): on 45 x 45
 * matrices it takes 160 us where MRRR (dsyevr) takes 210 us for all pairs
 * and 390 us for the top 22 (bisection), and a facebook step is about
 * 450 us.  Returns 1 when a value of the rest comes out above a locked one
 * (the order breaks: the caller unlocks), -1 on failure. */
static int ritz_pairs(const double *Tm, int m, int nl, int msz, int cnt, double *W, double *th,
		      double *Y, rs_err *e)
{
	int na = msz - nl;
	for (int c = 0; c < na; c++)
		for (int r = 0; r < na; r++)
			W[r + (size_t)c * na] = Tm[nl + r + (size_t)(nl + c) * m];
	lapack_int info = LAPACKE_dsyevd(LAPACK_COL_MAJOR, 'V', 'U', na, W, na, th + nl);
	if (info != 0)
		return rs_fail(e, RS_ENUMERIC, "LAPACK dsyevd failed (info %d) in Lanczos", (int)info);
	/* ascending: the largest first */
	for (int c = 0; c < na / 2; c++) {
		double t = th[nl + c];
		th[nl + c] = th[msz - 1 - c];
		th[msz - 1 - c] = t;
	}
	for (int c = 0; c < nl; c++)
		th[c] = Tm[c + (size_t)c * m];
	for (int c = 0; c < cnt; c++) {
		double *y = Y + (size_t)c * msz;
		memset(y, 0, (size_t)msz * sizeof *y);
		if (c < nl)
			y[c] = 1;
		else
			memcpy(y + nl, W + (size_t)(msz - 1 - c) * na, (size_t)na * sizeof *y);
	}
	return nl > 0 && na > 0 && th[nl] > th[nl - 1];
}

/* ritz_pairs, unlocking everything if the order breaks (a value found
 * late above a locked one: rare, e.g. another copy of a repeated one). */
static int ritz(const double *Tm, int m, int *nl, int msz, int cnt, double *W, double *th,
		double *Y, rs_err *e)
{
	int rc = ritz_pairs(Tm, m, *nl, msz, cnt, W, th, Y, e);
	if (rc == 1) {
		*nl = 0;
		rc = ritz_pairs(Tm, m, 0, msz, cnt, W, th, Y, e);
	}
	return rc;
}

/* How many of the first want Ritz pairs have converged, counted in order:
 * the residual bound |beta y_last| (plus what locking dropped, and margin,
 * but never more than 0.7 of tol |theta|) within tol (relative to |theta|,
 * as ARPACK counts), or, past the strict ones, far enough below the last
 * strict value to be told apart from it.  A floored run is done (all want
 * counted) once its largest value below the floor (by more than margin, a
 * float basis' rounding of the values) meets tol itself: the values above
 * it are then met too, and those below it are not used (the 200 x 200
 * grid's search for copies: 3,269 -> 2,415 products). */
static int count_converged(const rs_lanczos_opts *o, const double *th, const double *Y, int msz,
			   double beta, double lost, double margin, int want)
{
	int conv = 0;
	while (conv < want) {
		double tolc = o->tol * fmax(fabs(th[conv]), 1e-3);
		double res = fabs(beta * Y[msz - 1 + (size_t)conv * msz]) + lost + fmin(margin, 0.7 * tolc);
		if (!rs_lanczos_pair_met(o, th, conv, res))
			break;
		if (o->floored && th[conv] < o->floor - margin && res <= tolc)
			return want;
		conv++;
	}
	return conv;
}

/* A pair below the floor must be at least this close (relative) to an
 * eigenpair before its value counts as below: a loose bound early on does
 * not yet say that the largest values have been found. */
#define FLOOR_RES 1e-4

int rs_lanczos_pair_met(const rs_lanczos_opts *o, const double *th, int c, double res)
{
	double scale = fmax(fabs(th[c]), 1e-3);
	if (res <= o->tol * scale)
		return 1;
	if (o->floored)
		return th[c] < o->floor && o->floor - th[c] > 2 * res + o->apart &&
		       res <= FLOOR_RES * scale;
	int strict = o->nstrict > 0 && o->nstrict < o->nev ? o->nstrict : o->nev;
	return c >= strict && th[strict - 1] - th[c] > 2 * res + o->apart;
}

/* The basis: the largest array of a solve, streamed once per step, in
 * huge pages where the system offers them (facebook: 4,300 page faults and
 * about 5 ms of an 80-ms first solve fewer), so that the sweeps miss the
 * TLB less too. */
static double *basis_alloc(rs_err *e, size_t count)
{
	return rs_alloc_big(e, count, sizeof(double), "Lanczos basis");
}

/* The inner products of the new basis vector v_r (r = row) with v_0 ..
 * v_(r-1): om[c] * scale, or 0 where om is NULL (a vector orthogonalized by
 * full passes, to within rnd[r]).  Keeps each vector's level lev[c], the
 * largest it has with any other, up to date. */
static void record_row(double *Om, int ld, int row, const double *om, double scale,
		       const double *rnd, double *lev)
{
	for (int c = 0; c < row; c++) {
		double o = om ? om[c] * scale : 0.0;
		Om[c + (size_t)row * ld] = o;
		Om[row + (size_t)c * ld] = o;
		lev[row] = fmax(lev[row], fabs(o) + rnd[row]);
		lev[c] = fmax(lev[c], fabs(o) + rnd[c] + rnd[row]);
	}
}

/* After a thick restart keeps y_c = V Y_c (c < l) and moves v_msz to v_l:
 * <y_c, y_d> = Y_c^T Om Y_d, <y_c, v_l> = Y_c^T Om[:, msz], rounding mixes
 * as the squares; the levels follow.  OY (msz x l) and Om2 ((m+1)^2), rtmp
 * (l) are scratch. */
static void restart_levels(int msz, int l, const double *Y, double *Om, double *Om2, int ld,
			   double *rnd, double *lev, double *OY, double *rtmp, double fresh_lev)
{
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, msz, l, msz, 1.0, Om, ld, Y, msz, 0.0,
		    OY, msz);
	memset(Om2, 0, (size_t)ld * ld * sizeof *Om2);
	cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, l, l, msz, 1.0, Y, msz, OY, msz, 0.0, Om2,
		    ld);
	for (int c = 0; c < l; c++) {
		const double *y = Y + (size_t)c * msz;
		double o = 0, r2 = 0;
		for (int r = 0; r < msz; r++) {
			o += y[r] * Om[r + (size_t)msz * ld];
			r2 += y[r] * rnd[r] * y[r] * rnd[r];
		}
		Om2[c + (size_t)l * ld] = o;
		Om2[l + (size_t)c * ld] = o;
		Om2[c + (size_t)c * ld] = 0;
		rtmp[c] = sqrt(r2) + fresh_lev;
	}
	rnd[l] = rnd[msz];
	memcpy(rnd, rtmp, (size_t)l * sizeof *rnd);
	memcpy(Om, Om2, (size_t)ld * ld * sizeof *Om);
	for (int c = 0; c <= l; c++) {
		lev[c] = rnd[c];
		for (int d = 0; d <= l; d++)
			if (d != c)
				lev[c] = fmax(lev[c], fabs(Om[d + (size_t)c * ld]) + rnd[c] + rnd[d]);
	}
}

/* The want Ritz vectors V Y (Y: msz x want, the first nl columns locked
 * and their own Ritz vectors) into out->vec, n x want in double, formed in
 * the basis' place, which is handed over and shrunk to them: no second
 * n x want array to fault in, and the caller's copy reuses the rest (ba
 * 50,000 nodes, k = 20: the solve's peak 48 -> 40 MB).  A float basis of
 * m + 1 >= 2 want columns holds them as float pairs, widened in place
 * (tmp: n doubles); a smaller one gets a new array. */
static int ritz_vectors(struct basis *B, int m, int msz, int nl, int want, const double *Y,
			double *bufs, double *tmp, rs_lanczos_out *out, rs_err *e)
{
	long n = B->n;
	size_t bytes = (size_t)n * (size_t)(want > 0 ? want : 1) * sizeof(double);
	void *held;
	if (B->d) {
		restart_in_place(n, msz - nl, want - nl, B->d + (size_t)nl * n, Y + nl + (size_t)nl * msz,
				 msz, bufs);
		held = B->d;
		B->d = NULL;
	} else if (2 * want <= m + 1) {
		/* (the basis has m + 1 columns, of which msz are read) */
		restart_in_place_f(n, msz, want, B->f, Y, msz, bufs, 1);
		ritz_widen(n, want, B->f, tmp);
		held = B->f;
		B->f = NULL;
	} else {
		double *X = rs_alloc_big(e, (size_t)n * (size_t)(want > 0 ? want : 1), sizeof *X,
					 "eigenvectors");
		if (X == NULL)
			return -1;
		for (int c = 0; c < want; c++) {
			double *x = X + (size_t)c * n;
			memset(x, 0, (size_t)n * sizeof *x);
			for (int r = 0; r < msz; r++) {
				double a = Y[r + (size_t)c * msz];
				const float *v = B->f + (size_t)r * n;
				if (a != 0)
					for (long i = 0; i < n; i++)
						x[i] += a * (double)v[i];
			}
		}
		free(B->f);
		B->f = NULL;
		held = X;
	}
	void *shrunk = realloc(held, bytes);
	out->vec = shrunk ? shrunk : held;
	return 0;
}

void rs_lanczos_apply(long n, rs_matvec op, rs_project proj, void *ctx, const double *Q, int nq,
		      const double *x, double *y)
{
	op(ctx, x, y);
	if (proj)
		proj(ctx, y);
	for (int q = 0; q < nq; q++) {
		const double *qv = Q + (size_t)q * n;
		double a = rs_dot(n, qv, y);
		for (long i = 0; i < n; i++)
			y[i] -= a * qv[i];
	}
}

/* A float basis' Ritz pairs, measured: out->theta[c] becomes the Rayleigh
 * quotient of y_c, out->resid[c] = ||A y_c - theta_c y_c|| in the
 * operator's space (r: n doubles of scratch), and the pairs are put back
 * in order, largest first.  The values from the tridiagonal matrix carry
 * the storing's rounding (2e-8 of the value on a 200 x 200 grid), which is
 * enough to split the copies of a repeated value (their tie is 1e-9) or
 * to put one below a floored run's floor; the quotient of the measured
 * vector is off by about the square of its residual.  Returns how many,
 * in order, meet the tolerance (all, once a floored run's first value
 * below its floor does: the run stopped there), or -1 on error. */
static int true_residuals(long n, rs_matvec op, rs_project proj, void *ctx, const rs_lanczos_opts *o,
			  const double *Q, int nq, rs_lanczos_out *out, int want, double *r, rs_err *e)
{
	for (int c = 0; c < want; c++) {
		const double *y = out->vec + (size_t)c * n;
		rs_lanczos_apply(n, op, proj, ctx, Q, nq, y, r);
		out->matvecs++;
		double yy = rs_dot(n, y, y);
		double th = yy > 0 ? rs_dot(n, y, r) / yy : out->theta[c];
		for (long i = 0; i < n; i++)
			r[i] -= th * y[i];
		out->theta[c] = th;
		out->resid[c] = rs_nrm2(n, r);
		if (!isfinite(th) || !isfinite(out->resid[c]))
			return rs_fail(e, RS_ENUMERIC, "Lanczos: a residual is not finite");
	}
	/* back in order (insertion: the values moved by their rounding only) */
	for (int c = 1; c < want; c++)
		for (int d = c; d > 0 && out->theta[d] > out->theta[d - 1]; d--) {
			double t = out->theta[d];
			out->theta[d] = out->theta[d - 1];
			out->theta[d - 1] = t;
			t = out->resid[d];
			out->resid[d] = out->resid[d - 1];
			out->resid[d - 1] = t;
			double *u = out->vec + (size_t)d * n, *v = u - n;
			for (long i = 0; i < n; i++) {
				t = u[i];
				u[i] = v[i];
				v[i] = t;
			}
		}
	int met = 0;
	while (met < want && rs_lanczos_pair_met(o, out->theta, met, out->resid[met])) {
		if (o->floored && out->theta[met] < o->floor)
			return want;
		met++;
	}
	return met;
}

int rs_lanczos(long n, rs_matvec op, rs_project proj, void *ctx, const rs_lanczos_opts *o,
	       rs_lanczos_out *out, rs_err *e);

/* A float basis whose pairs fell short of the tolerance once measured (a
 * tolerance near float's rounding, or values near 0), or that had not
 * converged after SINGLE_MAXIT restarts (why: 1 or 2, kept as -why in
 * out->single): the same solve in double, started from the sum of the
 * pairs found; the products of both are counted. */
static int redo_in_double(long n, rs_matvec op, rs_project proj, void *ctx,
			  const rs_lanczos_opts *o, int why, rs_lanczos_out *out, rs_err *e)
{
	double *start = rs_zalloc(e, (size_t)n, sizeof *start, "start vector");
	if (start == NULL) {
		rs_lanczos_out_free(out);
		return -1;
	}
	int cols = out->vec ? out->converged : 0;
	for (int c = 0; c < cols; c++)
		for (long i = 0; i < n; i++)
			start[i] += out->vec[(size_t)c * n + i];
	long spent = out->matvecs;
	int restarts = out->restarts;
	rs_lanczos_out_free(out);
	rs_lanczos_opts d = *o;
	d.single = 0;
	d.start = start;
	int rc = rs_lanczos(n, op, proj, ctx, &d, out, e);
	out->matvecs += spent;
	out->restarts += restarts + 1;
	out->single = -why;
	free(start);
	return rc;
}

/* At most this many vectors more than wanted in a double basis (see
 * rs_lanczos_ncv). */
#define NCV_EXTRA_MAX 40

/* The basis: half again as many vectors as wanted, at least 16 more.
 * Against twice as many (ARPACK's usual advice), 5-12 % faster on the
 * bench graphs but facebook (equal): fewer restarts, about as many
 * products, each sweep a little longer.  Where a product is cheap beside a
 * sweep of the basis (RS_CHEAP_ROW: road maps, grids, sparse random
 * graphs), the sweeps are most of the time and the basis most of the
 * memory: as many again plus 4 (48 for k = 20 instead of 56) were 3-20 %
 * faster on ten such graphs (bench/other_graphs.py), and 9 % slower on the
 * 2 10^5 SBM (22 a row), which keeps the larger basis.
 * A double basis holds at most NCV_EXTRA_MAX more: past k = 20 the sweeps
 * over 2.5 (k + 2) vectors cost more than the restarts they save (k = 50,
 * ncv 131 against 90: the 2·10^5-node SBM 7.6 -> 6.3 s, 271 -> 207 MB;
 * ego-twitter 1.23 -> 1.02 s; k = 100, ncv 256 against 150: ego-twitter
 * 4.7 -> 2.9 s), and on cheap rows from k = 35 (k = 100, ncv 206 against
 * 142: the paper's SBM 0.14 -> 0.105 s, a 10^5-node SBM of 6 a row 5.4 ->
 * 4.3 s).  A float basis keeps the full size: its Ritz vectors take its
 * place only when it holds twice as many floats (ritz_vectors), else they
 * take a new n x k array. */
int rs_lanczos_ncv(const rs_lanczos_opts *o, long space)
{
	int nev = o->nev;
	int extra = rs_lanczos_cheap_rows(o) ? nev + 4 : 3 * nev / 2 + 1;
	if (!o->single && extra > NCV_EXTRA_MAX)
		extra = NCV_EXTRA_MAX;
	if (extra < 16)
		extra = 16;
	int m = o->ncv > 0 ? o->ncv : nev + extra;
	if (m > space)
		m = (int)space;
	if (m <= nev)
		m = nev + 1 <= space ? nev + 1 : nev;
	return m;
}

/* One solve's state: the problem, the basis with the projected matrix and
 * its Ritz pairs, what is known of the basis' orthogonality, and where the
 * restarts have got to.  rs_lanczos is the loop over rounds; a round
 * extends the basis one step (lz_step) at a time, and ends in a thick
 * restart (lz_restart) or the answer (lz_finish). */
struct lz {
	/* the problem */
	long n;
	rs_matvec op;
	rs_project proj;
	void *ctx;
	const rs_lanczos_opts *o;
	const double *Q; /* the nq deflated vectors, or NULL */
	int nq;
	long space; /* the dimension of the space solved in */
	int nev, m, ld, maxit, single;
	/* the basis; with a float one, the product's argument and result in
	 * double (xb holds column xcol, as stored, or xcol is -1) */
	struct basis B;
	double *xb, *wb;
	int xcol;
	/* the projected matrix (m x m), scratch for its eigenproblem, its Ritz
	 * vectors and values */
	double *Tm, *W, *Y, *th;
	/* Om[c + p ld]: the inner products of basis vectors c and p as far as
	 * they are known (signed); lev[p] bounds v_p's with the rest, rnd[p]
	 * what rounding may add to them */
	double *Om, *Om2, *lev, *rnd;
	/* coefficients of the orthogonalization, its threads' partial sums,
	 * the restarts' row blocks */
	double *h, *h2, *h3, *scratch, *bufs;
	/* the orthogonality kept (target), what storing a vector in float
	 * may move its inner products by (store_lev), a fresh vector's level,
	 * and the room kept in every bound for the float storing's rounding */
	double target, store_lev, fresh_lev, margin;
	rs_rng rng;
	/* the restarts: k vectors kept by the last, the first nl locked (see
	 * rs_lanczos), what locking dropped, the last coupling, the
	 * operator's scale as met, the pairs converged at the last restart */
	int k, nl, last_conv;
	double lost, beta, anorm;
};

static void lz_free(struct lz *z)
{
	free(z->B.d);
	free(z->B.f);
	free(z->xb);
	free(z->wb);
	free(z->W);
	free(z->Tm);
	free(z->Y);
	free(z->th);
	free(z->lev);
	free(z->Om);
	free(z->rnd);
	free(z->Om2);
	free(z->h);
	free(z->h2);
	free(z->h3);
	free(z->scratch);
	free(z->bufs);
}

/* The sizes, the arrays and the levels for a solve of o->nev > 0 pairs;
 * on failure what was allocated is left for lz_free. */
static int lz_init(struct lz *z, long n, rs_matvec op, rs_project proj, void *ctx,
		   const rs_lanczos_opts *o, rs_err *e)
{
	memset(z, 0, sizeof *z);
	z->n = n;
	z->op = op;
	z->proj = proj;
	z->ctx = ctx;
	z->o = o;
	z->nev = o->nev;
	/* the room there is: once the Krylov space is exhausted, fresh
	 * vectors find the copies of repeated eigenvalues it misses, until the
	 * basis spans the whole deflated space */
	z->nq = o->ndefl > 0 && o->defl ? o->ndefl : 0;
	z->Q = z->nq ? o->defl : NULL;
	z->space = n - z->nq;
	if (o->space > 0 && o->space < z->space)
		z->space = o->space;
	if (z->nev > z->space)
		return rs_fail(e, RS_EINVAL,
			       "asked for %d eigenpairs of an operator on a space of dimension %ld",
			       z->nev, z->space);
	int m = z->m = rs_lanczos_ncv(o, z->space);
	z->ld = m + 1;
	z->maxit = o->maxit > 0 ? o->maxit : 1000;
	/* a float basis that has not converged by then is solved in double */
	if (o->single && z->maxit > SINGLE_MAXIT)
		z->maxit = SINGLE_MAXIT;
	int T = rs_threads();
	z->single = o->single != 0;
	z->B.n = n;
	if (z->single)
		z->B.f = rs_alloc_big(e, (size_t)n * (size_t)(m + 1), sizeof *z->B.f, "Lanczos basis");
	else
		z->B.d = basis_alloc(e, (size_t)n * (size_t)(m + 1));
	if (!z->B.d && !z->B.f)
		return -1;
	if (z->single) {
		z->xb = rs_alloc(e, (size_t)n, sizeof *z->xb, "Lanczos vectors");
		z->wb = rs_alloc(e, (size_t)n, sizeof *z->wb, "Lanczos vectors");
		if (!z->xb || !z->wb)
			return -1;
	}
	size_t hl = (size_t)m + (size_t)o->ndefl + 2;
	if (!(z->W = rs_alloc(e, (size_t)m * m, sizeof *z->W, "projected matrix")) ||
	    !(z->Tm = rs_zalloc(e, (size_t)m * m, sizeof *z->Tm, "projected matrix")) ||
	    !(z->Y = rs_alloc(e, (size_t)m * m, sizeof *z->Y, "Ritz vectors")) ||
	    !(z->th = rs_alloc(e, (size_t)m, sizeof *z->th, "Ritz values")) ||
	    !(z->lev = rs_alloc(e, (size_t)m + 1, sizeof *z->lev, "orthogonality levels")) ||
	    !(z->Om = rs_zalloc(e, (size_t)z->ld * z->ld, sizeof *z->Om, "orthogonality levels")) ||
	    !(z->rnd = rs_zalloc(e, (size_t)m + 1, sizeof *z->rnd, "orthogonality levels")) ||
	    !(z->Om2 = rs_zalloc(e, (size_t)z->ld * z->ld, sizeof *z->Om2, "orthogonality levels")) ||
	    !(z->h = rs_alloc(e, hl, sizeof *z->h, "coefficients")) ||
	    !(z->h2 = rs_alloc(e, hl, sizeof *z->h2, "coefficients")) ||
	    !(z->h3 = rs_alloc(e, hl, sizeof *z->h3, "coefficients")) ||
	    !(z->scratch = rs_alloc(e, (size_t)T * (size_t)(m + z->nq + 2), sizeof *z->scratch,
				    "scratch")) ||
	    !(z->bufs = rs_alloc(e, (size_t)T * RB * (size_t)(z->single ? 2 * m : m),
				 sizeof *z->bufs, "restart buffers")))
		return -1;
	/* the basis is kept orthogonal to this level: semi-orthogonality
	 * (sqrt(eps)) already gives Ritz values to working accuracy; tighter
	 * for tight tolerances */
	z->target = z->single ? SINGLE_TARGET : fmin(1e-9, 1e-3 * o->tol);
	z->store_lev = z->single ? 0.5 * FLT_EPSILON : 0.0;
	z->fresh_lev = 4 * DBL_EPSILON * sqrt((double)m) + z->store_lev;
	/* what the storing's rounding adds to a pair's residual, which the
	 * bound does not see: room for it is kept, so that the residuals
	 * measured at the end meet tol */
	z->margin = z->single ? SINGLE_MARGIN * fmax(o->norm, 1.0) : 0.0;
	z->lev[0] = z->fresh_lev;
	z->rnd[0] = z->fresh_lev;
	rs_rng_seed(&z->rng, o->seed ? o->seed : 1);
	/* the operator's scale, for telling a breakdown: the bound given and
	 * the largest coefficient met.  Against the step's own diagonal entry
	 * alone, a step at theta = 0 (a repeated one: twin nodes) took a
	 * product of 1e-30 for a direction and lost orthogonality. */
	z->anorm = o->norm > 0 ? o->norm : 0.0;
	z->xcol = -1;
	return 0;
}

/* A random unit vector orthogonal to the basis' first j columns, in w. */
static int lz_fresh(struct lz *z, int j, double *w)
{
	return fresh_vector(z->n, j, &z->B, z->nq, z->Q, w, &z->rng, z->proj, z->ctx, z->h, z->h2,
			    z->scratch);
}

/* v_0: the start given, projected, orthogonal to the deflated space and
 * normalized; a random vector where none is given or nothing of it is
 * left. */
static int lz_start(struct lz *z, rs_err *e)
{
	long n = z->n;
	double *v0 = z->single ? z->xb : z->B.d;
	int fresh = 1;
	if (z->o->start) {
		memcpy(v0, z->o->start, (size_t)n * sizeof *v0);
		if (z->proj)
			z->proj(z->ctx, v0);
		double nv = rs_nrm2(n, v0);
		if (nv > 1e-12)
			nv = reorth(n, 0, &z->B, z->nq, z->Q, v0, z->h, z->h2, z->scratch, NULL, 0, NULL);
		if (nv > 1e-12) {
			scale(n, 1.0 / nv, v0);
			fresh = 0;
		}
	}
	if (fresh && lz_fresh(z, 0, v0) != 0)
		return rs_fail(e, RS_ENUMERIC, "cannot find a start vector (the space is empty?)");
	if (z->single) {
		store_column(n, z->B.f, z->xb);
		z->xcol = 0;
	}
	return 0;
}

/* Past the first step after a restart, w (the product, whose inner
 * products with the basis gs_coef put in h, of norm before) should lie
 * along v_j and v_(j-1) alone (the three-term recurrence).  When what it
 * has along the rest is small enough for the orthogonality target, w is
 * finished by the recurrence, and by at most LIGHT_MAX other vectors that
 * it has drifted towards (those whose part of w, after the recurrence,
 * would use up half the target on its own), normalized by Pythagoras, in
 * one light sweep.  Returns 1 when it was, with w = v_(j+1) and z->beta
 * its coefficient; 0 when a full Gram-Schmidt subtraction is needed. */
static int lz_light(struct lz *z, int j, double *w, double before)
{
	const double *h = z->h, *Om = z->Om, *rnd = z->rnd;
	const int ld = z->ld;
	int idx[LIGHT_MAX + 2], np = 0;
	double coef[LIGHT_MAX + 2];
	idx[np] = j, coef[np++] = h[j];
	idx[np] = j - 1, coef[np++] = h[j - 1];
	double big =
		0.5 * z->target * sqrt(fmax(0.0, before * before - h[j] * h[j] - h[j - 1] * h[j - 1]));
	for (int c = 0; c < j - 1; c++) {
		double om = h[c] - h[j] * Om[c + (size_t)j * ld] - h[j - 1] * Om[c + (size_t)(j - 1) * ld];
		if (fabs(om) > big) {
			if (np == LIGHT_MAX + 2)
				return 0; /* too many: a full subtraction */
			idx[np] = c, coef[np++] = h[c];
		}
	}
	/* What is left of w along v_c after the subtraction, with the known
	 * inner products of the basis: h_c (measured) minus sum_p coef_p <v_c,
	 * v_p>, signed, so that what cancels in the Lanczos recurrence cancels
	 * here too (Simon's omega-recurrence, with the measured h in place of
	 * its model).  Rounding is carried apart, as independent errors (root
	 * of sum of squares). */
	double local = 0;
	double r2 = DBL_EPSILON * sqrt((double)(j + z->nq + 2)) * before;
	r2 *= r2;
	for (int p = 0; p < np; p++) {
		local += coef[p] * coef[p];
		r2 += coef[p] * rnd[idx[p]] * coef[p] * rnd[idx[p]];
	}
	for (int c = 0; c < z->nq; c++)
		local += h[j + 1 + c] * h[j + 1 + c];
	double worst = 0;
	for (int c = 0; c <= j; c++) {
		double om = h[c];
		for (int p = 0; p < np; p++)
			om -= idx[p] == c ? coef[p] : coef[p] * Om[c + (size_t)idx[p] * ld];
		z->h2[c] = om;
		worst = fmax(worst, fabs(om));
	}
	double err = worst + sqrt(r2);
	double b2 = before * before - local;
	/* the Pythagorean norm is off by about eps before^2 / b^2 */
	if (!(b2 > 1e-6 * before * before && err / sqrt(b2) <= z->target &&
	      4 * DBL_EPSILON * before * before / b2 <= z->target))
		return 0;
	double b = sqrt(b2);
	local_finish(z->n, w, &z->B, np, idx, coef, z->nq, z->Q, h + j + 1, b);
	z->rnd[j + 1] = sqrt(r2) / b + 4 * DBL_EPSILON * before * before / b2 + z->store_lev;
	z->lev[j + 1] = z->rnd[j + 1];
	record_row(z->Om, ld, j + 1, z->h2, 1.0 / b, z->rnd, z->lev);
	z->beta = b;
	return 1;
}

/* w orthogonal to the basis' first j + 1 columns and the deflated space
 * by full Gram-Schmidt passes, as many as the levels require; z->beta its
 * norm after. */
static void lz_full(struct lz *z, int j, double *w, double before)
{
	long n = z->n;
	z->beta = reorth_from(n, j + 1, &z->B, z->nq, z->Q, w, z->h, z->h2, z->scratch, z->lev,
			      z->target, &z->lev[j + 1], before);
	if (z->proj && z->beta > 0 && z->beta < 1e-6 * before) {
		/* nearly all of the product cancelled: the rounding of its
		 * projection (eps of the whole) is now a large part of what is
		 * left, and would come back as a residual of 1e-6 once scaled up
		 * (a bipartite graph whose Krylov space closed at 5e-12).
		 * Project again. */
		z->proj(z->ctx, w);
		z->beta = reorth(n, j + 1, &z->B, z->nq, z->Q, w, z->h3, z->h2, z->scratch, z->lev,
				 z->target, &z->lev[j + 1]);
		for (int c = 0; c <= j; c++)
			z->h[c] += z->h3[c];
	}
	/* orthogonal to the basis to within that bound */
	z->lev[j + 1] += z->store_lev;
	z->rnd[j + 1] = z->lev[j + 1];
	record_row(z->Om, z->ld, j + 1, NULL, 0.0, z->rnd, z->lev);
}

/* Step j of a round: v_(j+1) from the product N v_j, orthogonal to the
 * basis, and column j of the projected matrix.  Returns 1 when the
 * space is exhausted (no vector v_(j+1) can be found: the round ends with
 * j + 1 vectors), else 0. */
static int lz_step(struct lz *z, int j, rs_lanczos_out *out)
{
	long n = z->n;
	const int m = z->m;
	double *Tm = z->Tm, *h = z->h;
	double *x, *w;
	if (z->single) {
		if (z->xcol != j)
			widen_column(n, z->B.f + (size_t)j * n, z->xb);
		x = z->xb;
		w = z->wb;
	} else {
		x = z->B.d + (size_t)j * n;
		w = x + n;
	}
	z->op(z->ctx, x, w);
	out->matvecs++;
	if (z->proj)
		z->proj(z->ctx, w);
	/* h = [V Q]^T w over the whole basis; then the light finish, or as
	 * many full passes as needed */
	double before = gs_coef(n, j + 1, &z->B, z->nq, z->Q, w, h, z->scratch);
	int light = j > z->k && lz_light(z, j, w, before);
	if (!light)
		lz_full(z, j, w, before);
	/* the projected matrix: after a restart, column k is the arrow
	 * (couplings of the kept Ritz vectors); later columns are tridiagonal */
	if (j == z->k)
		for (int c = 0; c < j; c++) {
			Tm[c + (size_t)j * m] = c < z->nl ? 0.0 : h[c];
			Tm[j + (size_t)c * m] = c < z->nl ? 0.0 : h[c];
		}
	Tm[j + (size_t)j * m] = h[j];
	if (light) {
		/* w is already v_(j+1) */
	} else if (z->beta > 1e-12 * (fmax(z->anorm, fabs(h[j])) + 1e-300)) {
		scale(n, 1.0 / z->beta, w);
	} else {
		/* an invariant subspace: go on with a fresh direction, uncoupled */
		z->beta = 0;
		if (j + 1 >= z->space || lz_fresh(z, j + 1, w) != 0) {
			if (z->single)
				store_column(n, z->B.f + (size_t)(j + 1) * n, w);
			return 1;
		}
		/* (its row of Om was zeroed by the full passes above) */
		z->lev[j + 1] = z->fresh_lev;
		z->rnd[j + 1] = z->fresh_lev;
	}
	if (z->single) {
		/* v_(j+1) into the basis; it is the next product's */
		store_column(n, z->B.f + (size_t)(j + 1) * n, w);
		z->wb = z->xb;
		z->xb = w;
		z->xcol = j + 1;
	}
	z->anorm = fmax(z->anorm, fmax(fabs(h[j]), z->beta));
	if (j + 1 < m) {
		Tm[j + 1 + (size_t)j * m] = z->beta;
		Tm[j + (size_t)(j + 1) * m] = z->beta;
	}
	return 0;
}

/* A round: the basis extended from the k vectors the last restart kept
 * towards m.  Returns its size, with *early set when the wanted pairs were
 * found converged on the way (their Ritz pairs are then computed), or -1.
 * A cancel stops it at once, not at its restart (a round of the
 * 10^6-node SBM is about 0.7 s). */
static int lz_round(struct lz *z, rs_lanczos_out *out, int *early, rs_err *e)
{
	const rs_lanczos_opts *o = z->o;
	int j;
	*early = 0;
	for (j = z->k; j < z->m; j++) {
		if (j > z->k && o->cancel && *o->cancel)
			break;
		if (lz_step(z, j, out) != 0)
			return j + 1;
		/* Near the end (all but four values converged at the last
		 * restart), convergence is also checked every other step, not
		 * only when the basis is full: the last round stops about when
		 * it is done (facebook: 155 -> 149 products; a check is a small
		 * eigenproblem for the wanted pairs only). */
		if (z->last_conv >= z->nev - 4 && j + 1 >= z->nev && j + 1 < z->m && z->beta != 0 &&
		    (j - z->k) % 2 == 1) {
			if (ritz(z->Tm, z->m, &z->nl, j + 1, z->nev, z->W, z->th, z->Y, e) != 0)
				return -1;
			if (count_converged(o, z->th, z->Y, j + 1, z->beta, z->lost, z->margin, z->nev) >=
			    z->nev) {
				*early = 1;
				return j + 1;
			}
		}
	}
	return j;
}

/* The answer from a basis of msz vectors, conv of the want pairs
 * converged after it restarts: the Ritz pairs into out, the basis handed
 * over for their vectors.  A float basis that fell short sets *redo (1: a
 * pair measured above tol; 2: not converged) for a solve in double. */
static int lz_finish(struct lz *z, int msz, int want, int conv, int it, rs_lanczos_out *out,
		     int *redo, rs_err *e)
{
	out->theta = rs_alloc(e, (size_t)z->nev, sizeof *out->theta, "eigenvalues");
	out->resid = rs_alloc(e, (size_t)z->nev, sizeof *out->resid, "residuals");
	if (!out->theta || !out->resid)
		return -1;
	/* the Ritz vectors in place of the basis, which is handed over: no
	 * second n x nev array to fault in */
	if (ritz_vectors(&z->B, z->m, msz, z->nl, want, z->Y, z->bufs, z->single ? z->wb : NULL, out,
			 e) != 0)
		return -1;
	for (int c = 0; c < want; c++) {
		out->theta[c] = z->th[c];
		out->resid[c] = fabs(z->beta * z->Y[msz - 1 + (size_t)c * msz]) + z->lost;
	}
	out->converged = conv;
	out->restarts = it;
	out->single = z->single;
	if (z->single && conv < want) {
		*redo = 2;
		return 0;
	}
	if (z->single) {
		/* the bound leaves out the storing's rounding: measure */
		int met = true_residuals(z->n, z->op, z->proj, z->ctx, z->o, z->Q, z->nq, out, want, z->xb,
					 e);
		if (met < 0)
			return -1;
		if (met < want) {
			*redo = 1;
			return 0;
		}
	}
	if (conv < want)
		return rs_fail(e, RS_ENUMERIC,
			       "Lanczos did not converge: %d of %d eigenpairs within tol %g after "
			       "%ld operator applications; raise the tolerance or the basis size "
			       "(set tol, set ncv)",
			       conv, want, z->o->tol, out->matvecs);
	return 0;
}

/* Thick restart from a basis of msz vectors with conv of the want pairs
 * converged: keep the nev best Ritz vectors and part of the rest of the
 * room: three tenths of it, or one more per converged value up to half
 * (ARPACK's rule, so that convergence does not stall as the converged
 * ones pile up).  On the bench graphs this needs a quarter fewer restarts
 * than keeping half the room, with about as many products
 * (bench/sparse.sh: 10-20 % faster). */
static void lz_restart(struct lz *z, int msz, int conv, int want)
{
	long n = z->n;
	const int m = z->m, nev = z->nev, nl = z->nl;
	const double *Y = z->Y;
	int room = msz - nev;
	int add = conv < room / 2 ? conv : room / 2;
	if (add < room * 3 / 10)
		add = room * 3 / 10;
	int l = nev + add;
	if (l >= msz)
		l = msz - 1;
	if (l < nev)
		l = nev;
	/* lock, in order, the wanted pairs whose coupling is far below tol */
	int nl_new = nl;
	double dropped = 0;
	while (nl_new < want) {
		double s = z->beta * Y[msz - 1 + (size_t)nl_new * msz];
		if (fabs(s) > LOCK * z->o->tol * fmax(fabs(z->th[nl_new]), 1e-3))
			break;
		dropped += s * s;
		nl_new++;
	}
	if (z->single) {
		restart_in_place_f(n, msz - nl, l - nl, z->B.f + (size_t)nl * n,
				   Y + nl + (size_t)nl * msz, msz, z->bufs, 0);
		memmove(z->B.f + (size_t)l * n, z->B.f + (size_t)msz * n, (size_t)n * sizeof *z->B.f);
		z->xcol = z->xcol == msz ? l : -1;
	} else {
		restart_in_place(n, msz - nl, l - nl, z->B.d + (size_t)nl * n, Y + nl + (size_t)nl * msz,
				 msz, z->bufs);
		memmove(z->B.d + (size_t)l * n, z->B.d + (size_t)msz * n, (size_t)n * sizeof *z->B.d);
	}
	restart_levels(msz, l, Y, z->Om, z->Om2, z->ld, z->rnd, z->lev, z->W, z->h2, z->fresh_lev);
	double *Tm = z->Tm;
	memset(Tm, 0, (size_t)m * m * sizeof *Tm);
	for (int c = 0; c < l; c++) {
		Tm[c + (size_t)c * m] = z->th[c];
		double s = c < nl_new ? 0.0 : z->beta * Y[msz - 1 + (size_t)c * msz];
		Tm[c + (size_t)l * m] = s;
		Tm[l + (size_t)c * m] = s;
	}
	z->nl = nl_new;
	z->lost += sqrt(dropped);
	z->k = l;
	z->last_conv = conv;
}

/* Thick-restart Lanczos for the nev largest eigenpairs.  Locking: the
 * first nl basis vectors are converged Ritz vectors whose couplings to
 * the rest (|beta y_last|, each below LOCK tol |theta|) were dropped: they
 * stay in the basis, are subtracted from every new vector, but are no
 * longer transformed at restarts nor solved for (20 solves in one
 * process: restarts and Ritz pairs 4.9 -> 4.0 ms of 12.7 on cora, 7.7 ->
 * 7.2 of 63 on facebook).  What was dropped perturbs the relation N V = V
 * T + ... by at most lost (the couplings' norms, added over the restarts
 * that locked), which is added to every residual bound. */
int rs_lanczos(long n, rs_matvec op, rs_project proj, void *ctx, const rs_lanczos_opts *o,
	       rs_lanczos_out *out, rs_err *e)
{
	memset(out, 0, sizeof *out);
	if (o->nev < 1)
		return 0;
	struct lz z;
	int rc = -1;
	int redo = 0;
	if (lz_init(&z, n, op, proj, ctx, o, e) != 0 || lz_start(&z, e) != 0)
		goto out;
	for (int it = 0;; it++) {
		int early;
		int msz = lz_round(&z, out, &early, e);
		if (msz < 0)
			goto out;
		if (o->cancel && *o->cancel) {
			/* what was found is dropped: no Ritz pairs to form */
			rs_fail(e, RS_EINVAL, "interrupted after %ld operator applications", out->matvecs);
			goto out;
		}
		if (!early && ritz(z.Tm, z.m, &z.nl, msz, msz, z.W, z.th, z.Y, e) != 0)
			goto out;
		int want = z.nev < msz ? z.nev : msz;
		int conv = count_converged(o, z.th, z.Y, msz, z.beta, z.lost, z.margin, want);
		if (conv >= want || it + 1 >= z.maxit || msz >= z.space) {
			rc = lz_finish(&z, msz, want, conv, it, out, &redo, e);
			goto out;
		}
		lz_restart(&z, msz, conv, want);
	}
out:
	lz_free(&z);
	if (rc != 0 && out->theta == NULL)
		rs_lanczos_out_free(out);
	if (redo)
		rc = redo_in_double(n, op, proj, ctx, o, redo, out, e);
	return rc;
}
