/* bench/arpack.c: the C + ARPACK-ng baseline of the issue.  ARPACK's
 * reverse-communication Lanczos (dsaupd / dseupd, which = "LA") on the same
 * operator as regspec, N = D^-1/2 (A + alpha J) D^-1/2 at relative alpha,
 * with the same OpenMP row-block product, asking like scipy for the k + 1
 * largest eigenpairs (the trivial one included).  A bipartite graph (a
 * biedges file) gives regspec's bipartite operator, [[0, M], [M^T, 0]] with
 * M = D_1^-1/2 (B + alpha J) D_2^-1/2: its top eigenpairs are M's singular
 * triplets.  Prints one JSON line:
 * seconds, operator applications, the largest residual.
 *   arpack EDGES ALPHA_REL K TOL          (built by bench/sparse.sh) */
#include <config.h>

#include "graphio.h"
#include "gspectrum.h"
#include "lanczos.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void dsaupd_(int *ido, const char *bmat, const int *n, const char *which, const int *nev,
	     const double *tol, double *resid, const int *ncv, double *v, const int *ldv, int *iparam,
	     int *ipntr, double *workd, double *workl, const int *lworkl, int *info, size_t, size_t);
void dseupd_(const int *rvec, const char *howmny, int *select, double *d, double *z, const int *ldz,
	     const double *sigma, const char *bmat, const int *n, const char *which, const int *nev,
	     const double *tol, double *resid, const int *ncv, double *v, const int *ldv, int *iparam,
	     int *ipntr, double *workd, double *workl, const int *lworkl, int *info, size_t, size_t,
	     size_t);

static const rs_graph *G;
static double *U, *T, Alpha;

static double row(const long *ptr, const int32_t *idx, const double *val, long i, const double *t)
{
	double a = 0;
	if (val)
		for (long p = ptr[i]; p < ptr[i + 1]; p++)
			a += val[p] * t[idx[p]];
	else
		for (long p = ptr[i]; p < ptr[i + 1]; p++)
			a += t[idx[p]];
	return a;
}

/* bipartite: rows from the columns, columns from the rows, two passes */
static void apply_bip(const double *x, double *y)
{
	long n = G->n, m = G->m;
#pragma omp parallel for schedule(static)
	for (long i = 0; i < n + m; i++)
		T[i] = U[i] * x[i];
	double s1 = Alpha * rs_dot(n, U, x), s2 = Alpha * rs_dot(m, U + n, x + n);
#pragma omp parallel for schedule(dynamic, 1024)
	for (long i = 0; i < n; i++)
		y[i] = U[i] * (row(G->ptr, G->idx, G->val, i, T + n) + s2);
#pragma omp parallel for schedule(dynamic, 1024)
	for (long j = 0; j < m; j++)
		y[n + j] = U[n + j] * (row(G->tptr, G->tidx, G->tval, j, T) + s1);
}

/* y = u o (A (u o x)) + alpha (u . x) u */
static void apply(const double *x, double *y)
{
	long n = G->n;
	if (G->bipartite) {
		apply_bip(x, y);
		return;
	}
#pragma omp parallel for schedule(static)
	for (long i = 0; i < n; i++)
		T[i] = U[i] * x[i];
	double s = Alpha * rs_dot(n, U, x);
#pragma omp parallel for schedule(dynamic, 1024)
	for (long i = 0; i < n; i++)
		y[i] = U[i] * (row(G->ptr, G->idx, G->val, i, T) + s);
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: arpack EDGES ALPHA_REL K TOL\n");
		return 2;
	}
	rs_blas_single_thread();
	rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_SUM, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	rs_load_info info;
	rs_err e;
	rs_graph *g = rs_graph_load(argv[1], &lo, &info, &e);
	if (g == NULL) {
		fprintf(stderr, "arpack: %s\n", e.msg);
		return 1;
	}
	G = g;
	int n = (int)(g->n + g->m), nev = atoi(argv[3]) + 1;
	double tol = atof(argv[4]);
	Alpha = rs_graph_rel_to_abs(g, atof(argv[2]));
	U = malloc((size_t)n * sizeof *U);
	T = malloc((size_t)n * sizeof *T);
	/* a node of degree 0 (isolated, at alpha = 0) gets 0, as in regspec */
	for (long i = 0; i < g->n; i++) {
		double d = g->deg[i] + (double)(g->bipartite ? g->m : g->n) * Alpha;
		U[i] = d > 0 ? 1 / sqrt(d) : 0.0;
	}
	for (long j = 0; j < g->m; j++) {
		double d = g->cdeg[j] + (double)g->n * Alpha;
		U[g->n + j] = d > 0 ? 1 / sqrt(d) : 0.0;
	}
	int ncv = 2 * nev + 1 > 20 ? 2 * nev + 1 : 20; /* scipy's default, */
	if (ncv > n)
		ncv = n; /* at most n, like scipy */
	int lworkl = ncv * (ncv + 8), ido = 0, info_ = 0, ldv = n;
	int iparam[11] = {0}, ipntr[11] = {0};
	iparam[0] = 1;    /* exact shifts */
	iparam[2] = 3000; /* restarts */
	iparam[6] = 1;    /* standard problem */
	double *resid = malloc((size_t)n * sizeof *resid), *V = malloc((size_t)n * ncv * sizeof *V);
	double *workd = malloc(3 * (size_t)n * sizeof *workd), *workl = malloc((size_t)lworkl * sizeof *workl);
	long matvecs = 0;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		dsaupd_(&ido, "I", &n, "LA", &nev, &tol, resid, &ncv, V, &ldv, iparam, ipntr, workd, workl,
			&lworkl, &info_, 1, 2);
		if (ido != 1 && ido != -1)
			break;
		apply(workd + ipntr[0] - 1, workd + ipntr[1] - 1);
		matvecs++;
	}
	if (info_ < 0) {
		fprintf(stderr, "arpack: dsaupd info %d\n", info_);
		return 1;
	}
	int rvec = 1, *select = malloc((size_t)ncv * sizeof *select);
	double *d = malloc((size_t)nev * sizeof *d), *Z = malloc((size_t)n * nev * sizeof *Z), sigma = 0;
	dseupd_(&rvec, "A", select, d, Z, &ldv, &sigma, "I", &n, "LA", &nev, &tol, resid, &ncv, V, &ldv,
		iparam, ipntr, workd, workl, &lworkl, &info_, 1, 1, 2);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (info_ != 0) {
		fprintf(stderr, "arpack: dseupd info %d\n", info_);
		return 1;
	}
	double worst = 0, *y = malloc((size_t)n * sizeof *y);
	for (int c = 0; c < nev; c++) {
		apply(Z + (size_t)c * n, y);
		double r = 0;
		for (long i = 0; i < n; i++) {
			double t = y[i] - d[c] * Z[i + (size_t)c * n];
			r += t * t;
		}
		worst = fmax(worst, sqrt(r));
	}
	printf("{\"seconds\": %.6f, \"matvecs\": %ld, \"residual\": %.3g, \"converged\": %d}\n",
	       (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec), matvecs, worst,
	       iparam[4]);
	free(resid);
	free(V);
	free(workd);
	free(workl);
	free(select);
	free(d);
	free(Z);
	free(y);
	free(U);
	free(T);
	rs_graph_free(g);
	return 0;
}
