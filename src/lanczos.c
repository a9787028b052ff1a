/* lanczos.c: thick-restart Lanczos with full reorthogonalization. */
#include <config.h>

#include "lanczos.h"

#include "rng.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

void openblas_set_num_threads(int num_threads);

void rs_blas_single_thread(void)
{
	openblas_set_num_threads(1);
}

int rs_threads(void)
{
#ifdef _OPENMP
	return omp_get_max_threads();
#else
	return 1;
#endif
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

/* Blocked sums keep the error near (n / 4096 + 4096) eps, not n eps, and the
 * partial sums are added in a fixed order: the result does not depend on
 * how the threads were scheduled. */
double rs_dot(long n, const double *x, const double *y)
{
	double part[64] = {0};
	int T = rs_threads() < 64 ? rs_threads() : 64;
#pragma omp parallel num_threads(T)
	{
		long lo, hi;
		int t = thread_rows(n, &lo, &hi);
		double acc = 0;
		for (long b = lo; b < hi; b += 4096) {
			long end = b + 4096 < hi ? b + 4096 : hi;
			double s = 0;
			for (long i = b; i < end; i++)
				s += x[i] * y[i];
			acc += s;
		}
		part[t] = acc;
	}
	double total = 0;
	for (int t = 0; t < T; t++)
		total += part[t];
	return total;
}

double rs_nrm2(long n, const double *x)
{
	return sqrt(rs_dot(n, x, x));
}

/* h = V^T w (V is n x j, leading dimension n), by row blocks. */
static void gemv_t(long n, int j, const double *V, const double *w, double *h, double *scratch)
{
	int T = rs_threads();
	memset(scratch, 0, (size_t)T * (size_t)j * sizeof *scratch);
#pragma omp parallel
	{
		long lo, hi;
		int t = thread_rows(n, &lo, &hi);
		if (hi > lo)
			cblas_dgemv(CblasColMajor, CblasTrans, (int)(hi - lo), j, 1.0, V + lo, (int)n,
				    w + lo, 1, 0.0, scratch + (size_t)t * j, 1);
	}
	for (int c = 0; c < j; c++) {
		double s = 0;
		for (int t = 0; t < T; t++)
			s += scratch[(size_t)t * j + c];
		h[c] = s;
	}
}

/* w -= V h, by row blocks. */
static void gemv_n(long n, int j, const double *V, const double *h, double *w)
{
#pragma omp parallel
	{
		long lo, hi;
		thread_rows(n, &lo, &hi);
		if (hi > lo)
			cblas_dgemv(CblasColMajor, CblasNoTrans, (int)(hi - lo), j, -1.0, V + lo, (int)n,
				    h, 1, 1.0, w + lo, 1);
	}
}

/* V[:, 0..l) = V (n x m) * Y (m x l), in place, a block of rows at a time
 * (a row block is read whole before it is overwritten): no n x m scratch.
 * bufs holds 1024 x l doubles per thread. */
#define RB 1024
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

/* out (n x l) = V (n x m) * Y (m x l, leading dimension ldy), by row blocks. */
static void gemm_rows(long n, int m, int l, const double *V, const double *Y, int ldy, double *out)
{
#pragma omp parallel
	{
		long lo, hi;
		thread_rows(n, &lo, &hi);
		if (hi > lo)
			cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (int)(hi - lo), l, m, 1.0,
				    V + lo, (int)n, Y, ldy, 0.0, out + lo, (int)n);
	}
}

void rs_lanczos_out_free(rs_lanczos_out *out)
{
	free(out->theta);
	free(out->vec);
	free(out->resid);
	memset(out, 0, sizeof *out);
}

/* Orthogonalize w against V[:, 0..j) (CGS, DGKS second pass); h gets the
 * coefficients of the first pass plus the correction. Returns ||w||. */
static double reorth(long n, int j, const double *V, double *w, double *h, double *h2,
		     double *scratch)
{
	double before = rs_nrm2(n, w);
	gemv_t(n, j, V, w, h, scratch);
	gemv_n(n, j, V, h, w);
	double after = rs_nrm2(n, w);
	if (after < 0.7071 * before) {
		gemv_t(n, j, V, w, h2, scratch);
		gemv_n(n, j, V, h2, w);
		for (int c = 0; c < j; c++)
			h[c] += h2[c];
		after = rs_nrm2(n, w);
	}
	return after;
}

/* A random unit vector in the operator's space, orthogonal to V[:, 0..j). */
static int fresh_vector(long n, int j, const double *V, double *w, rs_rng *rng, rs_project proj,
			void *ctx, double *h, double *h2, double *scratch)
{
	for (int attempt = 0; attempt < 5; attempt++) {
		for (long i = 0; i < n; i++)
			w[i] = rs_rng_uniform(rng) - 0.5;
		if (proj)
			proj(ctx, w);
		double nw = reorth(n, j, V, w, h, h2, scratch);
		if (nw > 1e-8) {
			for (long i = 0; i < n; i++)
				w[i] /= nw;
			return 0;
		}
	}
	return -1;
}

int rs_lanczos(long n, rs_matvec op, rs_project proj, void *ctx, const rs_lanczos_opts *o,
	       rs_lanczos_out *out, rs_err *e)
{
	memset(out, 0, sizeof *out);
	int nev = o->nev;
	if (nev < 1)
		return 0;
	if (nev > n)
		return rs_fail(e, RS_EINVAL, "asked for %d eigenpairs of a %ld x %ld operator", nev, n, n);
	int m = o->ncv > 0 ? o->ncv : (2 * nev + 1 > nev + 16 ? 2 * nev + 1 : nev + 16);
	if (m > n)
		m = (int)n;
	if (m <= nev)
		m = nev + 1 <= n ? nev + 1 : nev;
	int maxit = o->maxit > 0 ? o->maxit : 1000;
	int T = rs_threads();
	double *V = rs_alloc(e, (size_t)n * (size_t)(m + 1), sizeof *V, "Lanczos basis");
	double *W = rs_alloc(e, (size_t)m * (size_t)m, sizeof *W, "projected matrix");
	double *Tm = rs_zalloc(e, (size_t)m * m, sizeof *Tm, "projected matrix");
	double *Y = rs_alloc(e, (size_t)m * m, sizeof *Y, "Ritz vectors");
	double *th = rs_alloc(e, (size_t)m, sizeof *th, "Ritz values");
	double *h = rs_alloc(e, (size_t)m + 1, sizeof *h, "coefficients");
	double *h2 = rs_alloc(e, (size_t)m + 1, sizeof *h2, "coefficients");
	double *scratch = rs_alloc(e, (size_t)T * (size_t)(m + 1), sizeof *scratch, "scratch");
	lapack_int *isuppz = rs_alloc(e, 2 * (size_t)m, sizeof *isuppz, "LAPACK workspace");
	double *bufs = rs_alloc(e, (size_t)T * RB * (size_t)m, sizeof *bufs, "restart buffers");
	int rc = -1;
	if (!V || !W || !Tm || !Y || !th || !h || !h2 || !scratch || !isuppz || !bufs)
		goto out;
	rs_rng rng;
	rs_rng_seed(&rng, o->seed ? o->seed : 1);

	/* v_0 */
	double *v0 = V;
	if (o->start) {
		memcpy(v0, o->start, (size_t)n * sizeof *v0);
		if (proj)
			proj(ctx, v0);
		double nv = rs_nrm2(n, v0);
		if (nv > 1e-12) {
			for (long i = 0; i < n; i++)
				v0[i] /= nv;
		} else if (fresh_vector(n, 0, V, v0, &rng, proj, ctx, h, h2, scratch) != 0) {
			rs_fail(e, RS_ENUMERIC, "cannot find a start vector (the space is empty?)");
			goto out;
		}
	} else if (fresh_vector(n, 0, V, v0, &rng, proj, ctx, h, h2, scratch) != 0) {
		rs_fail(e, RS_ENUMERIC, "cannot find a start vector (the space is empty?)");
		goto out;
	}

	int k = 0; /* vectors kept by the last restart */
	double beta = 0;
	for (int it = 0;; it++) {
		int j;
		for (j = k; j < m; j++) {
			double *w = V + (size_t)(j + 1) * n;
			op(ctx, V + (size_t)j * n, w);
			out->matvecs++;
			if (proj)
				proj(ctx, w);
			if (j > k) {
				/* the three-term recurrence first, so that the full pass only
				 * removes rounding and rarely needs a second one */
				const double *vj = V + (size_t)j * n, *vp = V + (size_t)(j - 1) * n;
				double bprev = Tm[j + (size_t)(j - 1) * m];
#pragma omp parallel for schedule(static)
				for (long i = 0; i < n; i++)
					w[i] -= bprev * vp[i];
				double a = rs_dot(n, vj, w);
#pragma omp parallel for schedule(static)
				for (long i = 0; i < n; i++)
					w[i] -= a * vj[i];
				beta = reorth(n, j + 1, V, w, h, h2, scratch);
				h[j] += a;
			} else {
				beta = reorth(n, j + 1, V, w, h, h2, scratch);
			}
			/* the projected matrix: after a restart, column k is the arrow
			 * (couplings of the kept Ritz vectors); later columns are tridiagonal */
			if (j == k)
				for (int c = 0; c < j; c++) {
					Tm[c + (size_t)j * m] = h[c];
					Tm[j + (size_t)c * m] = h[c];
				}
			Tm[j + (size_t)j * m] = h[j];
			if (beta > 1e-12 * (fabs(h[j]) + 1e-300)) {
				for (long i = 0; i < n; i++)
					w[i] /= beta;
			} else {
				/* an invariant subspace: go on with a fresh direction, uncoupled */
				beta = 0;
				if (j + 1 >= n ||
				    fresh_vector(n, j + 1, V, w, &rng, proj, ctx, h, h2, scratch) != 0) {
					j++;
					break;
				}
			}
			if (j + 1 < m) {
				Tm[j + 1 + (size_t)j * m] = beta;
				Tm[j + (size_t)(j + 1) * m] = beta;
			}
		}
		int msz = j; /* basis size this round */
		/* eigen-decomposition of the projected matrix (upper triangle) */
		double *Tc = W; /* m x m scratch */
		for (int c = 0; c < msz; c++)
			for (int r = 0; r < msz; r++)
				Tc[r + (size_t)c * msz] = Tm[r + (size_t)c * m];
		lapack_int found;
		lapack_int info = LAPACKE_dsyevr(LAPACK_COL_MAJOR, 'V', 'A', 'U', msz, Tc, msz, 0, 0, 0,
						 0, 0.0, &found, th, Y, msz, isuppz);
		if (info != 0) {
			rs_fail(e, RS_ENUMERIC, "LAPACK dsyevr failed (info %d) in Lanczos", (int)info);
			goto out;
		}
		/* largest first */
		for (int c = 0; c < msz / 2; c++) {
			int d = msz - 1 - c;
			double t = th[c];
			th[c] = th[d];
			th[d] = t;
			for (int r = 0; r < msz; r++) {
				double y = Y[r + (size_t)c * msz];
				Y[r + (size_t)c * msz] = Y[r + (size_t)d * msz];
				Y[r + (size_t)d * msz] = y;
			}
		}
		int conv = 0;
		int want = nev < msz ? nev : msz;
		for (int c = 0; c < want; c++) {
			double res = fabs(beta * Y[msz - 1 + (size_t)c * msz]);
			if (res <= o->tol * fmax(fabs(th[c]), 1e-3))
				conv++;
			else
				break;
		}
		int cancelled = o->cancel && *o->cancel;
		if (conv >= want || it + 1 >= maxit || cancelled || msz >= n) {
			out->theta = rs_alloc(e, (size_t)nev, sizeof *out->theta, "eigenvalues");
			out->resid = rs_alloc(e, (size_t)nev, sizeof *out->resid, "residuals");
			out->vec = rs_alloc(e, (size_t)n * nev, sizeof *out->vec, "eigenvectors");
			if (!out->theta || !out->resid || !out->vec)
				goto out;
			gemm_rows(n, msz, want, V, Y, msz, out->vec);
			for (int c = 0; c < want; c++) {
				out->theta[c] = th[c];
				out->resid[c] = fabs(beta * Y[msz - 1 + (size_t)c * msz]);
			}
			out->converged = conv;
			out->restarts = it;
			if (cancelled) {
				rs_fail(e, RS_EINVAL, "interrupted after %ld operator applications", out->matvecs);
				goto out;
			}
			if (conv < want) {
				rs_fail(e, RS_ENUMERIC,
					"Lanczos did not converge: %d of %d eigenpairs within tol %g after "
					"%ld operator applications; raise the tolerance or the basis size "
					"(set tol, set ncv)",
					conv, want, o->tol, out->matvecs);
				goto out;
			}
			rc = 0;
			goto out;
		}
		/* thick restart: keep the best l Ritz vectors */
		int l = nev + (msz - nev) / 2;
		if (l >= msz)
			l = msz - 1;
		if (l < nev)
			l = nev;
		restart_in_place(n, msz, l, V, Y, msz, bufs);
		memmove(V + (size_t)l * n, V + (size_t)msz * n, (size_t)n * sizeof *V);
		memset(Tm, 0, (size_t)m * m * sizeof *Tm);
		for (int c = 0; c < l; c++) {
			Tm[c + (size_t)c * m] = th[c];
			double s = beta * Y[msz - 1 + (size_t)c * msz];
			Tm[c + (size_t)l * m] = s;
			Tm[l + (size_t)c * m] = s;
		}
		k = l;
	}
out:
	free(V);
	free(W);
	free(Tm);
	free(Y);
	free(th);
	free(h);
	free(h2);
	free(scratch);
	free(isuppz);
	free(bufs);
	if (rc != 0 && out->theta == NULL)
		rs_lanczos_out_free(out);
	return rc;
}
