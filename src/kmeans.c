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

int rs_kmeans(const double *X, long n, int d, const rs_kmeans_opts *o, rs_kmeans_out *out, rs_err *e)
{
	memset(out, 0, sizeof *out);
	int K = o->K;
	if (K < 1 || K > n)
		return rs_fail(e, RS_EINVAL, "K = %d must be between 1 and the number of points (%ld)", K, n);
	if (d < 1)
		return rs_fail(e, RS_EINVAL, "no dimension to cluster in");
	/* coordinates whose squares overflow or underflow (an isolated node's
	 * at a relative alpha of 1e-320 lies near 1e160) are clustered
	 * scaled by a power of two, which changes no distance's order */
	double big = 0;
	for (long i = 0; i < n * d; i++) {
		if (!isfinite(X[i]))
			return rs_fail(e, RS_EINVAL, "point %ld has the coordinate %g: K-Means needs finite ones",
				       i / d + 1, X[i]);
		big = fabs(X[i]) > big ? fabs(X[i]) : big;
	}
	int ex = 0;
	double *scaled = NULL;
	(void)frexp(big, &ex);
	if (big > 0x1p+200 || (big > 0 && big < 0x1p-200)) {
		if ((scaled = rs_alloc(e, (size_t)n * d, sizeof *scaled, "scaled points")) == NULL)
			return -1;
		for (long i = 0; i < n * d; i++)
			scaled[i] = ldexp(X[i], -ex);
		X = scaled;
	} else {
		ex = 0;
	}
	int restarts = o->restarts > 0 ? o->restarts : 10, maxit = o->max_iter > 0 ? o->max_iter : 300;
	double tol = o->tol > 0 ? o->tol : 1e-6;
	const long BL = 4096; /* points per block of the distance product */
	double *C = rs_alloc(e, (size_t)K * d, sizeof *C, "centres");
	double *Cn = rs_alloc(e, (size_t)K, sizeof *Cn, "centre norms");
	double *Xn = rs_alloc(e, (size_t)n, sizeof *Xn, "point norms");
	double *G = rs_alloc(e, (size_t)BL * K, sizeof *G, "distance block");
	double *sum = rs_alloc(e, (size_t)K * d, sizeof *sum, "centre sums");
	long *cnt = rs_alloc(e, (size_t)K, sizeof *cnt, "cluster sizes");
	double *dmin = rs_alloc(e, (size_t)n, sizeof *dmin, "distances");
	int32_t *lab = rs_alloc(e, (size_t)n, sizeof *lab, "labels");
	out->label = rs_alloc(e, (size_t)n, sizeof *out->label, "labels");
	int rc = -1;
	if (!C || !Cn || !Xn || !G || !sum || !cnt || !dmin || !lab || !out->label)
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
		if (cancelled(o) || seed_pp(X, n, d, K, &rng, C, dmin, o) != 0)
			break;
		double prev = DBL_MAX, inertia = 0;
		int it;
		for (it = 0; it < maxit && !cancelled(o); it++) {
			if (o->progress)
				o->progress(o->ctx, rs, it + 1);
			for (int c = 0; c < K; c++) {
				double s = 0;
				for (int j = 0; j < d; j++)
					s += C[c * d + j] * C[c * d + j];
				Cn[c] = s;
			}
			/* assignment: distances through one dgemm per block of points */
			inertia = 0;
			for (long b = 0; b < n; b += BL) {
				long m = n - b < BL ? n - b : BL;
				cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, K, d, 1.0, X + b * d, d,
					    C, d, 0.0, G, K);
				for (long i = 0; i < m; i++) {
					int best = 0;
					double bd = DBL_MAX;
					for (int c = 0; c < K; c++) {
						double t = Xn[b + i] - 2 * G[i * K + c] + Cn[c];
						if (t < bd) {
							bd = t;
							best = c;
						}
					}
					lab[b + i] = best;
					dmin[b + i] = bd > 0 ? bd : 0;
					inertia += dmin[b + i];
				}
			}
			/* update; an empty cluster takes the farthest point */
			memset(sum, 0, (size_t)K * d * sizeof *sum);
			memset(cnt, 0, (size_t)K * sizeof *cnt);
			for (long i = 0; i < n; i++) {
				cnt[lab[i]]++;
				for (int j = 0; j < d; j++)
					sum[lab[i] * d + j] += X[i * d + j];
			}
			for (int c = 0; c < K; c++) {
				if (cnt[c] == 0) {
					long far = 0;
					for (long i = 1; i < n; i++)
						if (dmin[i] > dmin[far])
							far = i;
					memcpy(C + (size_t)c * d, X + far * d, (size_t)d * sizeof *C);
					dmin[far] = 0;
					continue;
				}
				for (int j = 0; j < d; j++)
					C[c * d + j] = sum[c * d + j] / (double)cnt[c];
			}
			if (prev - inertia <= tol * inertia)
				break;
			prev = inertia;
		}
		if (cancelled(o)) /* within a restart: it does not count */
			break;
		if (rs == 0 || inertia < out->inertia - noise) { /* the first restart's always */
			out->inertia = inertia;
			out->iterations = it + 1;
			memcpy(out->label, lab, (size_t)n * sizeof *lab);
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
	free(C);
	free(Cn);
	free(Xn);
	free(G);
	free(sum);
	free(cnt);
	free(dmin);
	free(lab);
	if (rc != 0)
		rs_kmeans_out_free(out);
	return rc;
}
