/* rbasis.c: a reduced basis along alpha (see rbasis.h). */
#include <config.h>

#include "rbasis.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Memory for the basis (and the copy made when it is compressed). */
#define RB_BYTES (384.0 * 1024 * 1024)
/* Columns per wanted vector: about ten solves' worth. */
#define RB_SOLVES 8
/* A graph whose cap is below this many solves' worth gets no basis. */
#define RB_MIN_SOLVES 5
/* A new direction is kept when at least this much of it (relative) is
 * outside the basis. */
#define RB_KEEP 1e-8
#define RB_CHUNKS 256
/* Rows per block in the tall-skinny products. */
#define RB_ROWS 2048

/* What one add() brought: the coefficients of its columns on U. */
struct chunk {
	int q;
	double *C; /* cap x q; rows past the columns that existed are 0 */
};

struct rs_rbasis {
	const rs_graph *g;
	long n, nnz;
	double total;
	int cap, p;
	double *U;  /* n x cap, orthonormal columns */
	double *GA; /* cap x cap: U^T A U */
	double *GD; /* cap x cap: U^T D U */
	double *gv; /* cap: U^T 1 */
	int nchunk;
	struct chunk ch[RB_CHUNKS];
	long offers; /* solves bound since the last clear */
	double solve_cost, add_cost; /* the latest noted (0: none yet) */
	double pays;                 /* 0: RS_RBASIS_PAYS                */
	int failed;                  /* tries in a row that did not meet tol */
};

rs_rbasis *rs_rbasis_new(void)
{
	return calloc(1, sizeof(rs_rbasis));
}

void rs_rbasis_clear(rs_rbasis *rb)
{
	if (rb == NULL)
		return;
	free(rb->U);
	free(rb->GA);
	free(rb->GD);
	free(rb->gv);
	for (int c = 0; c < rb->nchunk; c++)
		free(rb->ch[c].C);
	double pays = rb->pays; /* a setting, not content */
	memset(rb, 0, sizeof *rb);
	rb->pays = pays;
}

void rs_rbasis_free(rs_rbasis *rb)
{
	rs_rbasis_clear(rb);
	free(rb);
}

int rs_rbasis_columns(const rs_rbasis *rb)
{
	return rb ? rb->p : 0;
}

int rs_rbasis_bind(rs_rbasis *rb, const rs_graph *g, int want)
{
	if (g->bipartite || want < 1)
		return 1;
	if (rb->g != g || rb->n != g->n || rb->nnz != g->nnz || rb->total != g->total ||
	    rb->cap < RB_MIN_SOLVES * want + 1)
		rs_rbasis_clear(rb); /* another graph, or k grew past what it holds */
	if (rb->cap == 0) {
		double fit = RB_BYTES / (1.5 * 8.0 * (double)g->n);
		double cap = fmin(fit, (double)RB_SOLVES * want + 1);
		cap = fmin(cap, (double)g->n);
		if (cap < (double)RB_MIN_SOLVES * want + 1)
			return 1;
		rb->g = g;
		rb->n = g->n;
		rb->nnz = g->nnz;
		rb->total = g->total;
		rb->cap = (int)cap;
	}
	rb->offers++;
	return 0;
}

long rs_rbasis_offers(const rs_rbasis *rb)
{
	return rb->offers;
}

void rs_rbasis_note_costs(rs_rbasis *rb, double solve, double add)
{
	rb->solve_cost = solve;
	rb->add_cost = add;
}

void rs_rbasis_set_pays(rs_rbasis *rb, double fraction)
{
	rb->pays = fraction;
}

int rs_rbasis_pays(const rs_rbasis *rb)
{
	double f = rb->pays > 0 ? rb->pays : RS_RBASIS_PAYS;
	return rb->solve_cost <= 0 || rb->add_cost <= f * rb->solve_cost;
}

/* C (p x q, leading dimension ldc) = A^T diag(w) B over the n rows, A and
 * B column-major with leading dimension n (w may be NULL).  Row blocks
 * are shared out among the threads, each with its own partial sum; the
 * partial sums are added in thread order (deterministic for a given
 * thread count). */
static int atb(long n, int p, int q, const double *A, const double *B, const double *w, double *C,
	       int ldc)
{
	int T = 1;
#ifdef _OPENMP
	T = omp_get_max_threads();
#endif
	double *part = calloc((size_t)T * (size_t)p * (size_t)q, sizeof *part);
	double *tmp = malloc((size_t)T * RB_ROWS * (size_t)q * sizeof *tmp);
	if (part == NULL || tmp == NULL) {
		free(part);
		free(tmp);
		return -1;
	}
#pragma omp parallel num_threads(T)
	{
		int t = 0, nt = 1;
#ifdef _OPENMP
		t = omp_get_thread_num();
		nt = omp_get_num_threads();
#endif
		double *mine = part + (size_t)t * p * q, *tb = tmp + (size_t)t * RB_ROWS * q;
		long nb = (n + RB_ROWS - 1) / RB_ROWS;
		for (long b = nb * t / nt; b < nb * (t + 1) / nt; b++) {
			long lo = b * RB_ROWS, rows = n - lo < RB_ROWS ? n - lo : RB_ROWS;
			const double *Bb = B + lo;
			int ldb = (int)n;
			if (w) {
				for (int c = 0; c < q; c++)
					for (long i = 0; i < rows; i++)
						tb[i + c * rows] = w[lo + i] * B[lo + i + (size_t)c * n];
				Bb = tb;
				ldb = (int)rows;
			}
			cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, p, q, (int)rows, 1.0, A + lo,
				    (int)n, Bb, ldb, 1.0, mine, p);
		}
	}
	for (int c = 0; c < q; c++)
		for (int r = 0; r < p; r++) {
			double s = 0;
			for (int t = 0; t < T; t++)
				s += part[(size_t)t * p * q + r + (size_t)c * p];
			C[r + (size_t)c * ldc] = s;
		}
	free(part);
	free(tmp);
	return 0;
}

/* Y (n x q) = beta Y + a A (n x p) B (p x q, leading dimension ldb), by
 * row blocks; A and Y column-major with leading dimension n. */
static void ab(long n, int p, int q, const double *A, const double *B, int ldb, double a, double beta,
	       double *Y)
{
	long nb = (n + RB_ROWS - 1) / RB_ROWS;
#pragma omp parallel for schedule(static)
	for (long b = 0; b < nb; b++) {
		long lo = b * RB_ROWS, rows = n - lo < RB_ROWS ? n - lo : RB_ROWS;
		cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (int)rows, q, p, a, A + lo, (int)n, B,
			    ldb, beta, Y + lo, (int)n);
	}
}

/* Y = A W for the graph's adjacency (q columns, column-major), through a
 * row-major copy of W so that each entry reads q consecutive values. */
static int spmm(const rs_graph *g, int q, const double *W, double *Y)
{
	long n = g->n;
	double *Wt = malloc((size_t)n * (size_t)q * sizeof *Wt);
	if (Wt == NULL)
		return -1;
#pragma omp parallel for schedule(static)
	for (long i = 0; i < n; i++)
		for (int c = 0; c < q; c++)
			Wt[i * q + c] = W[i + (size_t)c * n];
#pragma omp parallel for schedule(dynamic, 1024)
	for (long i = 0; i < n; i++) {
		double acc[64];
		for (int c0 = 0; c0 < q; c0 += 64) {
			int qq = q - c0 < 64 ? q - c0 : 64;
			for (int c = 0; c < qq; c++)
				acc[c] = 0;
			for (long t = g->ptr[i]; t < g->ptr[i + 1]; t++) {
				double w = g->val ? g->val[t] : 1.0;
				const double *row = Wt + (size_t)g->idx[t] * q + c0;
				for (int c = 0; c < qq; c++)
					acc[c] += w * row[c];
			}
			for (int c = 0; c < qq; c++)
				Y[i + (size_t)(c0 + c) * n] = acc[c];
		}
	}
	free(Wt);
	return 0;
}

static int nomem(rs_err *e)
{
	return rs_fail(e, RS_ENOMEM, "out of memory for the reduced basis");
}

/* Keep only what the newest solves need: the all-ones vector and the
 * chunks of the newest solves, up to half the capacity; the basis becomes
 * U Z for an orthonormal basis Z of their coefficients. */
static int compress(rs_rbasis *rb, rs_err *e)
{
	int p = rb->p, cap = rb->cap;
	long n = rb->n;
	/* the newest chunks first */
	int cols = 1, first = rb->nchunk;
	while (first > 0 && cols + rb->ch[first - 1].q <= cap / 2)
		cols += rb->ch[--first].q;
	if (first == rb->nchunk && rb->nchunk > 0)
		first--, cols += rb->ch[first].q; /* at least the newest one */
	double *M = malloc((size_t)p * (size_t)cols * sizeof *M);
	double *sv = malloc((size_t)cols * sizeof *sv);
	double *Zf = malloc((size_t)p * (size_t)(cols < p ? cols : p) * sizeof *Zf);
	double *sup = malloc((size_t)(cols < p ? cols : p) * sizeof *sup);
	if (!M || !sv || !Zf || !sup) {
		free(M), free(sv), free(Zf), free(sup);
		return nomem(e);
	}
	for (int r = 0; r < p; r++)
		M[r] = rb->gv[r] / sqrt((double)n);
	int at = 1;
	for (int c = first; c < rb->nchunk; c++)
		for (int j = 0; j < rb->ch[c].q; j++, at++)
			for (int r = 0; r < p; r++)
				M[r + (size_t)at * p] = rb->ch[c].C[r + (size_t)j * cap];
	int mn = cols < p ? cols : p;
	lapack_int info = LAPACKE_dgesvd(LAPACK_COL_MAJOR, 'S', 'N', p, cols, M, p, sv, Zf, p, NULL, 1,
					 sup);
	free(sup);
	free(M);
	if (info != 0) {
		free(sv), free(Zf);
		return rs_fail(e, RS_ENUMERIC, "the reduced basis could not be compressed (SVD)");
	}
	int pz = 0;
	while (pz < mn && sv[pz] > 1e-10 * sv[0])
		pz++;
	free(sv);
	double *Un = rs_alloc_big(NULL, (size_t)n * (size_t)pz, sizeof *Un, "reduced basis");
	double *T = malloc((size_t)cap * (size_t)cap * sizeof *T);
	if (!Un || !T) {
		free(Un), free(T), free(Zf);
		return nomem(e);
	}
	ab(n, p, pz, rb->U, Zf, p, 1.0, 0.0, Un);
	memcpy(rb->U, Un, (size_t)n * (size_t)pz * sizeof *Un);
	free(Un);
	/* G <- Z^T G Z, g <- Z^T g, C <- Z^T C */
	double *G[2] = {rb->GA, rb->GD};
	for (int s = 0; s < 2; s++) {
		cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, p, pz, p, 1.0, G[s], cap, Zf, p, 0.0, T,
			    p);
		cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, pz, pz, p, 1.0, Zf, p, T, p, 0.0, G[s],
			    cap);
	}
	cblas_dgemv(CblasColMajor, CblasTrans, p, pz, 1.0, Zf, p, rb->gv, 1, 0.0, T, 1);
	memcpy(rb->gv, T, (size_t)pz * sizeof *T);
	int kept = 0;
	for (int c = 0; c < rb->nchunk; c++) {
		if (c < first) {
			free(rb->ch[c].C);
			continue;
		}
		struct chunk *k = &rb->ch[c];
		cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, pz, k->q, p, 1.0, Zf, p, k->C, cap, 0.0, T,
			    pz);
		memset(k->C, 0, (size_t)cap * (size_t)k->q * sizeof *k->C);
		for (int j = 0; j < k->q; j++)
			memcpy(k->C + (size_t)j * cap, T + (size_t)j * pz, (size_t)pz * sizeof *T);
		rb->ch[kept++] = *k;
	}
	rb->nchunk = kept;
	rb->p = pz;
	free(T);
	free(Zf);
	return 0;
}

/* The first column: the all-ones vector, whose pencil entries are known. */
static int start_basis(rs_rbasis *rb, rs_err *e)
{
	long n = rb->n;
	int cap = rb->cap;
	rb->U = rs_alloc_big(e, (size_t)n * (size_t)cap, sizeof *rb->U, "reduced basis");
	rb->GA = calloc((size_t)cap * (size_t)cap, sizeof *rb->GA);
	rb->GD = calloc((size_t)cap * (size_t)cap, sizeof *rb->GD);
	rb->gv = calloc((size_t)cap, sizeof *rb->gv);
	if (!rb->U || !rb->GA || !rb->GD || !rb->gv) {
		rs_rbasis_clear(rb);
		return nomem(e);
	}
	double s = 1.0 / sqrt((double)n);
	for (long i = 0; i < n; i++)
		rb->U[i] = s;
	rb->GA[0] = rb->g->total / (double)n; /* 1^T A 1 / n */
	rb->GD[0] = rb->g->total / (double)n; /* the degrees add up to the same */
	rb->gv[0] = sqrt((double)n);
	rb->p = 1;
	return 0;
}

/* W (n x q) <- its part outside U, orthonormalized; directions of which
 * less than RB_KEEP is outside are dropped.  Returns the columns kept;
 * C1 (p x q) gets the coefficients on U of W's columns, each divided by
 * its norm, nrm (q). */
static int orthonormalize(rs_rbasis *rb, double *W, int q, double *C1, double *nrm, rs_err *e)
{
	long n = rb->n;
	int p = rb->p;
	double *T = malloc((size_t)(p > q ? p : q) * (size_t)q * sizeof *T);
	double *lam = malloc((size_t)q * sizeof *lam);
	double *Wn = malloc((size_t)n * (size_t)q * sizeof *Wn);
	if (!T || !lam || !Wn) {
		free(T), free(lam), free(Wn);
		return nomem(e);
	}
	int r = 0;
	for (int c = 0; c < q; c++) {
		double *w = W + (size_t)c * n, s = 0;
		for (long i = 0; i < n; i++)
			s += w[i] * w[i];
		nrm[c] = sqrt(s);
		s = s > 0 ? 1.0 / sqrt(s) : 0.0;
		for (long i = 0; i < n; i++)
			w[i] *= s;
	}
	/* classical Gram-Schmidt against U, once here and once more (below)
	 * for the directions kept only: twice is enough, and the second pass
	 * costs what is kept, not what was offered */
	if (atb(n, p, q, rb->U, W, NULL, T, p) != 0)
		goto oom;
	ab(n, p, q, rb->U, T, p, -1.0, 1.0, W);
	memcpy(C1, T, (size_t)p * (size_t)q * sizeof *T);
	/* what is left: its principal directions, those large enough */
	if (atb(n, q, q, W, W, NULL, T, q) != 0)
		goto oom;
	if (LAPACKE_dsyev(LAPACK_COL_MAJOR, 'V', 'U', q, T, q, lam) != 0) {
		r = rs_fail(e, RS_ENUMERIC, "the reduced basis: an eigenproblem failed");
		goto done;
	}
	int lo = q;
	while (lo > 0 && lam[lo - 1] > RB_KEEP * RB_KEEP)
		lo--;
	r = q - lo;
	if (r > 0) {
		for (int c = lo; c < q; c++)
			for (int i = 0; i < q; i++)
				T[i + (size_t)c * q] /= sqrt(lam[c]);
		ab(n, q, r, W, T + (size_t)lo * q, q, 1.0, 0.0, Wn);
		memcpy(W, Wn, (size_t)n * (size_t)r * sizeof *W);
		/* once more against U, then a Cholesky QR for what rounding left */
		if (atb(n, p, r, rb->U, W, NULL, T, p) != 0)
			goto oom;
		ab(n, p, r, rb->U, T, p, -1.0, 1.0, W);
		if (atb(n, r, r, W, W, NULL, T, r) != 0)
			goto oom;
		if (LAPACKE_dpotrf(LAPACK_COL_MAJOR, 'U', r, T, r) != 0) {
			r = 0; /* nothing trustworthy to add */
			goto done;
		}
		long nb = (n + RB_ROWS - 1) / RB_ROWS;
#pragma omp parallel for schedule(static)
		for (long b = 0; b < nb; b++) {
			long l0 = b * RB_ROWS, rows = n - l0 < RB_ROWS ? n - l0 : RB_ROWS;
			cblas_dtrsm(CblasColMajor, CblasRight, CblasUpper, CblasNoTrans, CblasNonUnit, (int)rows, r,
				    1.0, T, r, W + l0, (int)n);
		}
	}
done:
	free(T), free(lam), free(Wn);
	return r;
oom:
	free(T), free(lam), free(Wn);
	return nomem(e);
}

int rs_rbasis_add(rs_rbasis *rb, const double *X, int q, rs_err *e)
{
	if (rb->cap == 0 || q < 1)
		return 0;
	if (rb->U == NULL && start_basis(rb, e) != 0)
		return -1;
	if (q > rb->cap / 2)
		q = rb->cap / 2;
	if ((rb->p + q > rb->cap || rb->nchunk == RB_CHUNKS) && compress(rb, e) != 0)
		return -1;
	if (rb->p + q > rb->cap)
		return 0; /* no room even now: keep what is there */
	long n = rb->n;
	int p = rb->p, cap = rb->cap;
	double *W = rb->U + (size_t)p * n;
	memcpy(W, X, (size_t)n * (size_t)q * sizeof *W);
	double *C = calloc((size_t)cap * (size_t)q, sizeof *C);
	double *nrm = malloc((size_t)q * sizeof *nrm);
	if (!C || !nrm) {
		free(C), free(nrm);
		return nomem(e);
	}
	int r = orthonormalize(rb, W, q, C, nrm, e);
	if (r < 0) {
		free(C), free(nrm);
		return -1;
	}
	/* the chunk's coefficients on the old columns, from the first pass
	 * (C holds them p x q: spread them to leading dimension cap) */
	for (int j = q - 1; j >= 0; j--)
		for (int i = p - 1; i >= 0; i--) {
			double v = C[i + (size_t)j * p] * nrm[j];
			C[i + (size_t)j * p] = 0.0;
			C[i + (size_t)j * cap] = v;
		}
	free(nrm);
	double *Y = malloc((size_t)n * (size_t)(r > 0 ? r : 1) * sizeof *Y);
	if (!Y) {
		free(Y), free(C);
		return nomem(e);
	}
	if (r > 0) {
		if (spmm(rb->g, r, W, Y) != 0)
			goto oom;
		/* the new columns of U^T A U and U^T D U, over old and new rows */
		if (atb(n, p + r, r, rb->U, Y, NULL, rb->GA + (size_t)p * cap, cap) != 0 ||
		    atb(n, p + r, r, rb->U, W, rb->g->deg, rb->GD + (size_t)p * cap, cap) != 0)
			goto oom;
		double *G[2] = {rb->GA, rb->GD};
		for (int s = 0; s < 2; s++) {
			for (int c = p; c < p + r; c++)
				for (int i = 0; i < p; i++)
					G[s][c + (size_t)i * cap] = G[s][i + (size_t)c * cap];
			for (int c = p; c < p + r; c++)
				for (int i = p; i < c; i++) {
					double a = 0.5 * (G[s][i + (size_t)c * cap] + G[s][c + (size_t)i * cap]);
					G[s][i + (size_t)c * cap] = G[s][c + (size_t)i * cap] = a;
				}
		}
		for (int c = 0; c < r; c++) {
			double s = 0;
			for (long i = 0; i < n; i++)
				s += W[i + (size_t)c * n];
			rb->gv[p + c] = s;
		}
		rb->p = p + r;
	}
	/* and on the new ones (the window of compress() needs them all) */
	if (r > 0 && atb(n, r, q, W, X, NULL, C + p, cap) != 0)
		goto oom;
	rb->ch[rb->nchunk++] = (struct chunk){q, C};
	free(Y);
	return 0;
oom:
	free(Y), free(C);
	return nomem(e);
}

int rs_rbasis_ritz(rs_rbasis *rb, double alpha, int want, double *theta, double *Z, rs_err *e)
{
	int p = rb->p, cap = rb->cap;
	if (rb->U == NULL || p < want + 1 || !(alpha > 0))
		return 1;
	double *H = malloc((size_t)p * (size_t)p * sizeof *H);
	double *B = malloc((size_t)p * (size_t)p * sizeof *B);
	double *w = malloc((size_t)p * sizeof *w);
	int rc = 1;
	if (!H || !B || !w) {
		rc = nomem(e);
		goto out;
	}
	double nal = (double)rb->n * alpha;
	for (int c = 0; c < p; c++)
		for (int r = 0; r < p; r++) {
			H[r + (size_t)c * p] = rb->GA[r + (size_t)c * cap] + alpha * rb->gv[r] * rb->gv[c];
			B[r + (size_t)c * p] = rb->GD[r + (size_t)c * cap] + (r == c ? nal : 0.0);
		}
	if (LAPACKE_dsygvd(LAPACK_COL_MAJOR, 1, 'V', 'U', p, H, p, B, p, w) != 0)
		goto out; /* not definite to working precision: no answer */
	/* the largest is the trivial pair, exactly in the basis */
	if (fabs(w[p - 1] - 1.0) > 1e-8)
		goto out;
	for (int c = 0; c < want; c++) {
		theta[c] = w[p - 2 - c];
		memcpy(Z + (size_t)c * p, H + (size_t)(p - 2 - c) * p, (size_t)p * sizeof *Z);
	}
	rc = 0;
out:
	free(H), free(B), free(w);
	return rc;
}

void rs_rbasis_lift(const rs_rbasis *rb, const double *Z, int q, double *X)
{
	ab(rb->n, rb->p, q, rb->U, Z, rb->p, 1.0, 0.0, X);
}

void rs_rbasis_note_try(rs_rbasis *rb, int met)
{
	rb->failed = met ? 0 : rb->failed + 1;
}

int rs_rbasis_failing(const rs_rbasis *rb)
{
	return rb->failed >= 2;
}
