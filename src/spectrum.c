/* spectrum.c: exact aggregate and dense solvers for block models. */
#include <config.h>

#include "spectrum.h"

#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *rs_solver_name(enum rs_solver s)
{
	switch (s) {
	case RS_SOLVER_AGGREGATE: return "aggregate";
	case RS_SOLVER_DENSE: return "dense";
	case RS_SOLVER_LANCZOS: return "lanczos";
	default: return "auto";
	}
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double rs_spectrum_zero(const rs_spectrum *S, int c)
{
	const double *x = S->vec + (size_t)c * (size_t)S->rows;
	double big = 0;
	for (long r = 0; r < S->rows; r++)
		big = fmax(big, fabs(x[r]));
	return fmax(1e-9, S->residual) * big;
}

void rs_sign_fix(double *X, long rows, int cols)
{
	for (int c = 0; c < cols; c++) {
		double *x = X + (size_t)c * (size_t)rows;
		double big = 0;
		for (long r = 0; r < rows; r++)
			if (fabs(x[r]) > big)
				big = fabs(x[r]);
		if (big == 0)
			continue;
		double cut = big * (1 - 1e-9);
		long r = 0;
		while (fabs(x[r]) < cut)
			r++;
		if (x[r] < 0)
			for (long i = 0; i < rows; i++)
				x[i] = -x[i];
	}
}

void rs_spectrum_free(rs_spectrum *S)
{
	if (S == NULL)
		return;
	free(S->val);
	free(S->mult);
	free(S->lambda);
	free(S->vec);
	free(S);
}

rs_spectrum *rs_spectrum_copy(const rs_spectrum *S, rs_err *e)
{
	rs_spectrum *C = rs_alloc(e, 1, sizeof *C, "spectrum");
	if (C == NULL)
		return NULL;
	*C = *S;
	C->val = rs_alloc(e, (size_t)S->ngroups + 1, sizeof *C->val, "eigenvalues");
	C->mult = rs_alloc(e, (size_t)S->ngroups + 1, sizeof *C->mult, "multiplicities");
	C->lambda = rs_alloc(e, (size_t)S->nvec + 1, sizeof *C->lambda, "eigenvalues");
	C->vec = rs_alloc(e, (size_t)S->rows * (size_t)S->nvec + 1, sizeof *C->vec, "eigenvectors");
	if (!C->val || !C->mult || !C->lambda || !C->vec) {
		rs_spectrum_free(C);
		return NULL;
	}
	memcpy(C->val, S->val, (size_t)S->ngroups * sizeof *C->val);
	memcpy(C->mult, S->mult, (size_t)S->ngroups * sizeof *C->mult);
	memcpy(C->lambda, S->lambda, (size_t)S->nvec * sizeof *C->lambda);
	memcpy(C->vec, S->vec, (size_t)S->rows * (size_t)S->nvec * sizeof *C->vec);
	return C;
}

/* Sort (value, multiplicity) pairs and merge values closer than RS_EIG_TIE. */
struct vm {
	double v;
	long m;
};

static int vm_cmp(const void *a, const void *b)
{
	double x = ((const struct vm *)a)->v, y = ((const struct vm *)b)->v;
	return (x > y) - (x < y);
}

static int group_values(rs_spectrum *S, struct vm *p, long np, rs_err *e)
{
	qsort(p, (size_t)np, sizeof *p, vm_cmp);
	S->val = rs_alloc(e, (size_t)np, sizeof *S->val, "eigenvalues");
	S->mult = rs_alloc(e, (size_t)np, sizeof *S->mult, "multiplicities");
	if (S->val == NULL || S->mult == NULL)
		return -1;
	int g = 0;
	for (long i = 0; i < np; i++) {
		if (p[i].m <= 0)
			continue;
		if (fabs(p[i].v) < 1e-12)
			p[i].v = 0.0; /* rounding around lambda = 0 */
		if (g > 0 && p[i].v - S->val[g - 1] <= RS_EIG_TIE * fmax(1.0, fabs(p[i].v))) {
			S->mult[g - 1] += p[i].m;
		} else {
			S->val[g] = p[i].v;
			S->mult[g] = p[i].m;
			g++;
		}
	}
	S->ngroups = g;
	return 0;
}

long rs_spectrum_multiplicity(const rs_spectrum *S, int j)
{
	double l = S->lambda[j];
	for (int g = 0; g < S->ngroups; g++)
		if (fabs(S->val[g] - l) <= RS_EIG_TIE * fmax(1.0, fabs(l)))
			return S->mult[g];
	return 1;
}

rs_spectrum *rs_spectrum_new(long nodes, int nvec, long rows, rs_err *e)
{
	double *vec = rs_alloc_big(e, (size_t)rows * (size_t)nvec, sizeof *vec, "eigenvectors");
	return vec ? rs_spectrum_adopt(nodes, nvec, rows, vec, e) : NULL;
}

rs_spectrum *rs_spectrum_adopt(long nodes, int nvec, long rows, double *vec, rs_err *e)
{
	rs_spectrum *S = rs_zalloc(e, 1, sizeof *S, "spectrum");
	double *lambda = rs_alloc(e, (size_t)nvec, sizeof *lambda, "eigenvalues");
	if (S == NULL || lambda == NULL) {
		free(S);
		free(lambda);
		free(vec);
		return NULL;
	}
	S->nodes = nodes;
	S->nvec = nvec;
	S->rows = rows;
	S->lambda = lambda;
	S->vec = vec;
	return S;
}

/* Worst residual ||M w - theta w|| over the columns of W (K x K, col-major). */
static double sym_residual(const double *M, const double *W, const double *theta, int K)
{
	double worst = 0;
	for (int c = 0; c < K; c++) {
		double r2 = 0;
		for (int i = 0; i < K; i++) {
			double s = 0;
			for (int j = 0; j < K; j++)
				s += M[i + j * K] * W[j + c * K];
			s -= theta[c] * W[i + c * K];
			r2 += s * s;
		}
		worst = fmax(worst, sqrt(r2));
	}
	return worst;
}

/* Symmetric eigen-decomposition of the K x K col-major matrix M (destroyed):
 * eigenvalues ascending into w, vectors into Z. */
static int sym_eig(double *M, int K, double *w, double *Z, rs_err *e)
{
	lapack_int found = 0;
	lapack_int *isuppz = rs_alloc(e, 2 * (size_t)K, sizeof *isuppz, "LAPACK workspace");
	if (isuppz == NULL)
		return -1;
	lapack_int info = LAPACKE_dsyevr(LAPACK_COL_MAJOR, 'V', 'A', 'U', K, M, K, 0, 0, 0, 0,
					 0.0, &found, w, Z, K, isuppz);
	free(isuppz);
	if (info != 0)
		return rs_fail(e, RS_ENUMERIC, "LAPACK dsyevr failed (info %d) on a %d x %d matrix",
			       (int)info, K, K);
	return 0;
}

int rs_spectrum_group(rs_spectrum *S, const long *mult_hint, rs_err *e)
{
	struct vm *p = rs_alloc(e, (size_t)S->nvec, sizeof *p, "eigenvalue list");
	if (p == NULL)
		return -1;
	/* copies of a value with a known multiplicity count once, with that multiplicity */
	long np = 0;
	for (int j = 0; j < S->nvec; j++) {
		if (np > 0 && mult_hint && mult_hint[j] == 0)
			continue;
		p[np++] = (struct vm){S->lambda[j], mult_hint && mult_hint[j] > 0 ? mult_hint[j] : 1};
	}
	free(S->val);
	free(S->mult);
	S->val = NULL;
	S->mult = NULL;
	int rc = group_values(S, p, np, e);
	free(p);
	return rc;
}

static rs_spectrum *aggregate_cliques(const rs_model *M, double alpha, rs_err *e)
{
	int K = M->K;
	double a = alpha + M->eps;
	rs_spectrum *S = NULL;
	double *Ab = rs_alloc(e, (size_t)K * K, sizeof *Ab, "aggregate matrix");
	double *Mc = rs_alloc(e, (size_t)K * K, sizeof *Mc, "aggregate matrix");
	double *Z = rs_alloc(e, (size_t)K * K, sizeof *Z, "aggregate vectors");
	double *dbar = rs_alloc(e, (size_t)K, sizeof *dbar, "aggregate degrees");
	double *th = rs_alloc(e, (size_t)K, sizeof *th, "aggregate eigenvalues");
	struct vm *p = rs_alloc(e, 2 * (size_t)K + 1, sizeof *p, "eigenvalue list");
	if (!Ab || !Mc || !Z || !dbar || !th || !p)
		goto out;

	/* A_bar = T (I + a J) T - noloops W;  D_bar = diag(t_j (t_j + a T - noloops)). */
	for (int j = 0; j < K; j++) {
		/* (the self-loop taken off before alpha is added: 1 + a T - 1
		 * is 0 for a T below rounding) */
		double delta = (M->t[j] - (M->noloops ? 1.0 : 0.0)) + a * M->T;
		dbar[j] = M->t[j] * delta;
		if (!(dbar[j] > 0)) {
			rs_fail(e, RS_ESINGULAR,
				"block %d is a single node without a self-loop: its degree is 0 at "
				"alpha + eps = 0, so the embedding needs alpha > 0",
				j + 1);
			goto out;
		}
	}
	for (int i = 0; i < K; i++)
		for (int j = 0; j < K; j++) {
			double v = M->t[i] * M->t[j] * (i == j);
			if (i == j && M->noloops)
				v -= (double)M->n[i];
			v += M->t[i] * M->t[j] * a;
			Ab[i + j * K] = v / (sqrt(dbar[i]) * sqrt(dbar[j]));
		}
	memcpy(Mc, Ab, (size_t)K * K * sizeof *Mc);
	if (sym_eig(Mc, K, th, Z, e) != 0)
		goto out;
	S = rs_spectrum_new(M->nn, K, K, e);
	if (S == NULL)
		goto out;
	S->per_block = 1;
	S->solver = RS_SOLVER_AGGREGATE;
	S->residual = sym_residual(Ab, Z, th, K);
	/* theta ascending = lambda descending: reverse. */
	for (int c = 0; c < K; c++) {
		int src = K - 1 - c;
		S->lambda[c] = 1.0 - th[src];
		for (int b = 0; b < K; b++)
			S->vec[b + (size_t)c * K] = Z[b + (size_t)src * K] / sqrt(dbar[b]);
	}
	S->lambda[0] = fabs(S->lambda[0]) < 1e-14 ? 0.0 : S->lambda[0];
	rs_sign_fix(S->vec, K, K);

	long np = 0;
	for (int c = 0; c < K; c++)
		p[np++] = (struct vm){S->lambda[c], 1};
	if (M->noloops) {
		for (int j = 0; j < K; j++) {
			double delta = M->t[j] + a * M->T - 1.0;
			p[np++] = (struct vm){1.0 + 1.0 / delta, M->n[j] - 1};
		}
	} else {
		p[np++] = (struct vm){1.0, M->nn - K};
	}
	if (group_values(S, p, np, e) != 0) {
		rs_spectrum_free(S);
		S = NULL;
	}
out:
	free(Ab);
	free(Mc);
	free(Z);
	free(dbar);
	free(th);
	free(p);
	return S;
}

static rs_spectrum *aggregate_bicliques(const rs_model *M, double alpha, rs_err *e)
{
	int K = M->K;
	double a = alpha + M->eps;
	rs_spectrum *S = NULL;
	double *B = rs_alloc(e, (size_t)K * K, sizeof *B, "aggregate matrix");
	double *B0 = rs_alloc(e, (size_t)K * K, sizeof *B0, "aggregate matrix");
	double *U = rs_alloc(e, (size_t)K * K, sizeof *U, "singular vectors");
	double *VT = rs_alloc(e, (size_t)K * K, sizeof *VT, "singular vectors");
	double *sg = rs_alloc(e, (size_t)K, sizeof *sg, "singular values");
	double *sup = rs_alloc(e, (size_t)K, sizeof *sup, "LAPACK workspace");
	double *d1 = rs_alloc(e, (size_t)K, sizeof *d1, "degrees");
	double *d2 = rs_alloc(e, (size_t)K, sizeof *d2, "degrees");
	struct vm *p = rs_alloc(e, 2 * (size_t)K + 1, sizeof *p, "eigenvalue list");
	if (!B || !B0 || !U || !VT || !sg || !sup || !d1 || !d2 || !p)
		goto out;
	for (int j = 0; j < K; j++) {
		d1[j] = (double)M->m[j] + a * (double)M->mm; /* degree of a row of block j */
		d2[j] = (double)M->n[j] + a * (double)M->nn; /* degree of a column of block j */
	}
	for (int i = 0; i < K; i++)
		for (int j = 0; j < K; j++)
			B[i + j * K] = sqrt((double)M->n[i] / d1[i]) * ((i == j) + a) *
				       sqrt((double)M->m[j] / d2[j]);
	memcpy(B0, B, (size_t)K * K * sizeof *B0);
	lapack_int info =
		LAPACKE_dgesvd(LAPACK_COL_MAJOR, 'A', 'A', K, K, B, K, sg, U, K, VT, K, sup);
	if (info != 0) {
		rs_fail(e, RS_ENUMERIC, "LAPACK dgesvd failed (info %d)", (int)info);
		goto out;
	}
	S = rs_spectrum_new(M->nn + M->mm, K, 2 * (long)K, e);
	if (S == NULL)
		goto out;
	S->per_block = 1;
	S->solver = RS_SOLVER_AGGREGATE;
	double worst = 0;
	for (int c = 0; c < K; c++) {
		S->lambda[c] = 1.0 - sg[c];
		double r2 = 0;
		for (int i = 0; i < K; i++) {
			double s = 0;
			for (int j = 0; j < K; j++)
				s += B0[i + j * K] * VT[c + j * K];
			s -= sg[c] * U[i + c * K];
			r2 += s * s;
		}
		worst = fmax(worst, sqrt(r2));
		for (int b = 0; b < K; b++) {
			S->vec[b + (size_t)c * 2 * K] =
				U[b + c * K] / sqrt((double)M->n[b] * d1[b]) / sqrt(2.0);
			S->vec[K + b + (size_t)c * 2 * K] =
				VT[c + b * K] / sqrt((double)M->m[b] * d2[b]) / sqrt(2.0);
		}
	}
	S->residual = worst;
	S->lambda[0] = fabs(S->lambda[0]) < 1e-14 ? 0.0 : S->lambda[0];
	rs_sign_fix(S->vec, 2 * (long)K, K);
	long np = 0;
	for (int c = 0; c < K; c++) {
		p[np++] = (struct vm){S->lambda[c], 1};
		p[np++] = (struct vm){1.0 + sg[c], 1};
	}
	p[np++] = (struct vm){1.0, M->nn + M->mm - 2L * K};
	if (group_values(S, p, np, e) != 0) {
		rs_spectrum_free(S);
		S = NULL;
	}
out:
	free(B);
	free(B0);
	free(U);
	free(VT);
	free(sg);
	free(sup);
	free(d1);
	free(d2);
	free(p);
	return S;
}

static rs_spectrum *dense_solve(const rs_model *M, double alpha, long dense_max, rs_err *e)
{
	double *A = NULL, *d = NULL, *w = NULL, *Z = NULL;
	struct vm *p = NULL;
	rs_spectrum *S = NULL;
	long N;
	if (rs_model_dense(M, alpha, dense_max, &A, &N, e) != 0)
		return NULL;
	d = rs_alloc(e, (size_t)N, sizeof *d, "degrees");
	w = rs_alloc(e, (size_t)N, sizeof *w, "eigenvalues");
	Z = rs_alloc(e, (size_t)N * N, sizeof *Z, "eigenvectors");
	p = rs_alloc(e, (size_t)N, sizeof *p, "eigenvalue list");
	if (!d || !w || !Z || !p)
		goto out;
	for (long i = 0; i < N; i++) {
		double s = 0;
		for (long j = 0; j < N; j++)
			s += A[i * N + j];
		d[i] = s;
		if (!(s > 0)) {
			rs_fail(e, RS_ESINGULAR,
				"node %ld has degree 0 at alpha = 0 (isolated, no self-loop): the "
				"embedding needs alpha > 0",
				i + 1);
			goto out;
		}
	}
	for (long i = 0; i < N; i++)
		for (long j = 0; j < N; j++)
			A[i * N + j] /= sqrt(d[i]) * sqrt(d[j]);
	double *N0 = rs_alloc(e, (size_t)N * N, sizeof *N0, "normalized matrix");
	if (N0 == NULL)
		goto out;
	memcpy(N0, A, (size_t)N * N * sizeof *N0);
	if (sym_eig(A, (int)N, w, Z, e) != 0) {
		free(N0);
		goto out;
	}
	int nvec = M->K < N ? M->K : (int)N;
	S = rs_spectrum_new(N, nvec, N, e);
	if (S == NULL) {
		free(N0);
		goto out;
	}
	S->solver = RS_SOLVER_DENSE;
	double worst = 0;
	for (int c = 0; c < nvec; c++) {
		long src = N - 1 - c;
		S->lambda[c] = 1.0 - w[src];
		double r2 = 0;
		for (long i = 0; i < N; i++) {
			double s = 0;
			for (long j = 0; j < N; j++)
				s += N0[i + j * N] * Z[j + src * N];
			s -= w[src] * Z[i + src * N];
			r2 += s * s;
			S->vec[i + (size_t)c * N] = Z[i + src * N] / sqrt(d[i]);
		}
		worst = fmax(worst, sqrt(r2));
	}
	free(N0);
	S->residual = worst;
	if (fabs(S->lambda[0]) < 1e-12)
		S->lambda[0] = 0.0;
	rs_sign_fix(S->vec, N, nvec);
	for (long i = 0; i < N; i++)
		p[i] = (struct vm){1.0 - w[i], 1};
	if (group_values(S, p, N, e) != 0) {
		rs_spectrum_free(S);
		S = NULL;
	}
out:
	free(A);
	free(d);
	free(w);
	free(Z);
	free(p);
	return S;
}

int rs_alpha_check(double alpha, double unit, rs_err *e)
{
	if (!(alpha >= 0) || !isfinite(alpha))
		return rs_fail(e, RS_EINVAL, "alpha must be a finite number >= 0");
	if (unit > 0 && alpha > RS_ALPHA_REL_MAX * unit)
		return rs_fail(e, RS_EINVAL,
			       "alpha = %g (%.3g relative)" RS_ALPHA_PAST_MAX, alpha, alpha / unit);
	return 0;
}

int rs_alpha_fits(double alpha, double nodes, double total, rs_err *e)
{
	double mass = alpha * nodes * nodes;
	if (isfinite(mass + total))
		return 0;
	return rs_fail(e, RS_EINVAL,
		       "alpha n^2 = %g plus the weights' sum %g is more than a double holds; take a "
		       "smaller alpha, or divide the weights by one factor",
		       mass, total);
}

rs_spectrum *rs_spectrum_solve(const rs_model *M, double alpha, enum rs_solver solver,
			       long dense_max, rs_err *e)
{
	if (rs_alpha_check(alpha, rs_model_rel_to_abs(M, 1.0), e) != 0 ||
	    rs_alpha_fits(alpha, (double)rs_model_nodes(M), rs_model_weight(M), e) != 0)
		return NULL;
	double t0 = now_seconds();
	rs_spectrum *S;
	if (solver == RS_SOLVER_DENSE)
		S = dense_solve(M, alpha, dense_max, e);
	else
		S = M->bipartite ? aggregate_bicliques(M, alpha, e) : aggregate_cliques(M, alpha, e);
	if (S != NULL)
		S->seconds = now_seconds() - t0;
	return S;
}
