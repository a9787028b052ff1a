/* kmeans.c: k-means++ and Lloyd with BLAS distances. */
#include <config.h>

#include "kmeans.h"

#include "rng.h"

#include <cblas.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rs_kmeans_out_free(rs_kmeans_out *out)
{
	free(out->label);
	memset(out, 0, sizeof *out);
}

static double sqdist(const double *a, const double *b, int d)
{
	double s = 0;
	for (int j = 0; j < d; j++) {
		double t = a[j] - b[j];
		s += t * t;
	}
	return s;
}

static int cancelled(const rs_kmeans_opts *o)
{
	return o->cancel && *o->cancel;
}

/* k-means++: each next centre drawn with probability proportional to the
 * squared distance to the nearest centre so far; 0, or 1 when cancelled
 * (each centre costs n distances: K of them can take long) */
static int seed_pp(const double *X, long n, int d, int K, rs_rng *r, double *C, double *dmin,
		   const rs_kmeans_opts *o)
{
	long first = (long)(rs_rng_uniform(r) * (double)n);
	memcpy(C, X + first * d, (size_t)d * sizeof *C);
	double total = 0;
	for (long i = 0; i < n; i++) {
		dmin[i] = sqdist(X + i * d, C, d);
		total += dmin[i];
	}
	for (int c = 1; c < K; c++) {
		if (cancelled(o))
			return 1;
		long pick = n - 1;
		if (total > 0) {
			double u = rs_rng_uniform(r) * total, acc = 0;
			for (long i = 0; i < n; i++) {
				acc += dmin[i];
				if (acc >= u) {
					pick = i;
					break;
				}
			}
		} else {
			pick = (long)(rs_rng_uniform(r) * (double)n);
		}
		memcpy(C + (size_t)c * d, X + pick * d, (size_t)d * sizeof *C);
		total = 0;
		for (long i = 0; i < n; i++) {
			double t = sqdist(X + i * d, C + (size_t)c * d, d);
			if (t < dmin[i])
				dmin[i] = t;
			total += dmin[i];
		}
	}
	return 0;
}

/* Points per block of the distance product. */
#define KM_BLOCK 4096

/* A K-Means run's points (n of d coordinates, and their squared norms),
 * centres (and theirs), and work: a block of dot products, the centres'
 * sums and sizes, each point's cluster and squared distance to it. */
struct km {
	const double *X, *Xn;
	long n;
	int d, K;
	double *C, *Cn, *G, *sum, *dmin;
	long *cnt;
	int32_t *lab;
};

/* The points, checked finite; those whose squares overflow or underflow
 * (an isolated node's at a relative alpha of 1e-320 lies near 1e160) into
 * *scaled, by the power of two 2^-*ex, which changes no distance's order;
 * else *scaled NULL and *ex 0. */
static int km_scale(const double *X, long n, int d, double **scaled, int *ex, rs_err *e)
{
	double big = 0;
	*scaled = NULL;
	*ex = 0;
	for (long i = 0; i < n * d; i++) {
		if (!isfinite(X[i]))
			return rs_fail(e, RS_EINVAL, "point %ld has the coordinate %g: K-Means needs finite ones",
				       i / d + 1, X[i]);
		big = fabs(X[i]) > big ? fabs(X[i]) : big;
	}
	(void)frexp(big, ex);
	if (!(big > 0x1p+200 || (big > 0 && big < 0x1p-200))) {
		*ex = 0;
		return 0;
	}
	if ((*scaled = rs_alloc(e, (size_t)n * d, sizeof **scaled, "scaled points")) == NULL)
		return -1;
	for (long i = 0; i < n * d; i++)
		(*scaled)[i] = ldexp(X[i], -*ex);
	return 0;
}

/* Each point to its nearest centre, the distances through
 * |x|^2 - 2 x.c + |c|^2 and one dgemm per block of points; the inertia. */
static double km_assign(struct km *M)
{
	int K = M->K, d = M->d;
	for (int c = 0; c < K; c++) {
		double s = 0;
		for (int j = 0; j < d; j++)
			s += M->C[c * d + j] * M->C[c * d + j];
		M->Cn[c] = s;
	}
	double inertia = 0;
	for (long b = 0; b < M->n; b += KM_BLOCK) {
		long m = M->n - b < KM_BLOCK ? M->n - b : KM_BLOCK;
		cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, K, d, 1.0, M->X + b * d, d, M->C, d, 0.0,
			    M->G, K);
		for (long i = 0; i < m; i++) {
			int best = 0;
			double bd = DBL_MAX;
			for (int c = 0; c < K; c++) {
				double t = M->Xn[b + i] - 2 * M->G[i * K + c] + M->Cn[c];
				if (t < bd) {
					bd = t;
					best = c;
				}
			}
			M->lab[b + i] = best;
			M->dmin[b + i] = bd > 0 ? bd : 0;
			inertia += M->dmin[b + i];
		}
	}
	return inertia;
}

/* Each centre to the mean of its points; an empty cluster's to the point
 * farthest from its own. */
static void km_update(struct km *M)
{
	int K = M->K, d = M->d;
	memset(M->sum, 0, (size_t)K * d * sizeof *M->sum);
	memset(M->cnt, 0, (size_t)K * sizeof *M->cnt);
	for (long i = 0; i < M->n; i++) {
		M->cnt[M->lab[i]]++;
		for (int j = 0; j < d; j++)
			M->sum[M->lab[i] * d + j] += M->X[i * d + j];
	}
	for (int c = 0; c < K; c++) {
		if (M->cnt[c] == 0) {
			long far = 0;
			for (long i = 1; i < M->n; i++)
				if (M->dmin[i] > M->dmin[far])
					far = i;
			memcpy(M->C + (size_t)c * d, M->X + far * d, (size_t)d * sizeof *M->C);
			M->dmin[far] = 0;
			continue;
		}
		for (int j = 0; j < d; j++)
			M->C[c * d + j] = M->sum[c * d + j] / (double)M->cnt[c];
	}
}

/* Lloyd's iterations of restart rs from the seeded centres, until the
 * inertia changes by tol or less of itself, maxit, or a cancel; the last
 * assignment's inertia, the iterations in *iterations. */
static double km_lloyd(struct km *M, int rs, int maxit, double tol, const rs_kmeans_opts *o, int *iterations)
{
	double prev = DBL_MAX, inertia = 0;
	int it;
	for (it = 0; it < maxit && !cancelled(o); it++) {
		if (o->progress)
			o->progress(o->ctx, rs, it + 1);
		inertia = km_assign(M);
		km_update(M);
		if (prev - inertia <= tol * inertia)
			break;
		prev = inertia;
	}
	*iterations = it + 1;
	return inertia;
}

int rs_kmeans(const double *X, long n, int d, const rs_kmeans_opts *o, rs_kmeans_out *out, rs_err *e)
{
	memset(out, 0, sizeof *out);
	int K = o->K;
	if (K < 1 || K > n)
		return rs_fail(e, RS_EINVAL, "K = %d must be between 1 and the number of points (%ld)", K, n);
	if (d < 1)
		return rs_fail(e, RS_EINVAL, "no dimension to cluster in");
	int ex;
	double *scaled;
	if (km_scale(X, n, d, &scaled, &ex, e) != 0)
		return -1;
	if (scaled)
		X = scaled;
	int restarts = o->restarts > 0 ? o->restarts : 10, maxit = o->max_iter > 0 ? o->max_iter : 300;
	double tol = o->tol > 0 ? o->tol : 1e-6;
	double *Xn = rs_alloc(e, (size_t)n, sizeof *Xn, "point norms");
	struct km M = {.X = X, .Xn = Xn, .n = n, .d = d, .K = K};
	M.C = rs_alloc(e, (size_t)K * d, sizeof *M.C, "centres");
	M.Cn = rs_alloc(e, (size_t)K, sizeof *M.Cn, "centre norms");
	M.G = rs_alloc(e, (size_t)KM_BLOCK * K, sizeof *M.G, "distance block");
	M.sum = rs_alloc(e, (size_t)K * d, sizeof *M.sum, "centre sums");
	M.cnt = rs_alloc(e, (size_t)K, sizeof *M.cnt, "cluster sizes");
	M.dmin = rs_alloc(e, (size_t)n, sizeof *M.dmin, "distances");
	M.lab = rs_alloc(e, (size_t)n, sizeof *M.lab, "labels");
	out->label = rs_alloc(e, (size_t)n, sizeof *out->label, "labels");
	int rc = -1;
	if (!M.C || !M.Cn || !Xn || !M.G || !M.sum || !M.cnt || !M.dmin || !M.lab || !out->label)
		goto done;
	double total = 0;
	for (long i = 0; i < n; i++) {
		double s = 0;
		for (int j = 0; j < d; j++)
			s += X[i * d + j] * X[i * d + j];
		Xn[i] = s;
		total += s;
	}
	/* a distance through |x|^2 - 2 x.c + |c|^2 rounds by about eps |x|^2:
	 * inertias closer than that are equal (the first restart keeps its
	 * place, whatever the BLAS kernel), and one below it is 0 */
	const double noise = 16 * DBL_EPSILON * total;
	rs_rng rng;
	rs_rng_seed(&rng, o->seed);
	out->inertia = DBL_MAX;
	for (int rs = 0; rs < restarts; rs++) {
		if (o->progress)
			o->progress(o->ctx, rs, 0);
		if (cancelled(o) || seed_pp(X, n, d, K, &rng, M.C, M.dmin, o) != 0)
			break;
		int it;
		double inertia = km_lloyd(&M, rs, maxit, tol, o, &it);
		if (cancelled(o)) /* within a restart: it does not count */
			break;
		if (rs == 0 || inertia < out->inertia - noise) { /* the first restart's always */
			out->inertia = inertia;
			out->iterations = it;
			memcpy(out->label, M.lab, (size_t)n * sizeof *M.lab);
		}
		out->restarts_run = rs + 1;
	}
	if (out->restarts_run == 0) { /* cancelled before a restart ended: no labels */
		rs_fail(e, RS_EINVAL, "interrupted");
		goto done;
	}
	if (out->inertia <= noise)
		out->inertia = 0;
	out->inertia = ldexp(out->inertia, 2 * ex); /* in the points' own scale (inf past a double's) */
	rc = 0;
done:
	free(scaled);
	free(M.C);
	free(M.Cn);
	free(Xn);
	free(M.G);
	free(M.sum);
	free(M.cnt);
	free(M.dmin);
	free(M.lab);
	if (rc != 0)
		rs_kmeans_out_free(out);
	return rc;
}
