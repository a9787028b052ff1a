/* blockmodel.c: construction and bookkeeping of clique and biclique models. */
#include <config.h>

#include "blockmodel.h"
#include "graph.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_sizes(const long *s, int K, const char *what, long *total, rs_err *e)
{
	long sum = 0;
	if (K < 1)
		return rs_fail(e, RS_EINVAL, "a model needs at least one block");
	for (int j = 0; j < K; j++) {
		if (s[j] < 1)
			return rs_fail(e, RS_EINVAL, "%s size %d must be >= 1, got %ld", what, j + 1,
				       s[j]);
		if (sum > 4000000000000L - s[j])
			return rs_fail(e, RS_EINVAL, "%s sizes add up to more than 4e12 nodes", what);
		sum += s[j];
	}
	*total = sum;
	return 0;
}

static rs_model *model_new(int K, rs_err *e)
{
	rs_model *M = rs_zalloc(e, 1, sizeof *M, "model");
	if (M == NULL)
		return NULL;
	M->K = K;
	M->n = rs_alloc(e, (size_t)K, sizeof *M->n, "block sizes");
	M->t = rs_alloc(e, (size_t)K, sizeof *M->t, "block weights");
	if (M->n == NULL || M->t == NULL) {
		rs_model_free(M);
		return NULL;
	}
	return M;
}

/* M, or NULL (M freed) where its weights sum past the largest double (eps
 * or theta near 1e308 / sqrt(n)): every degree would be inf. */
static rs_model *weight_fits(rs_model *M, rs_err *e)
{
	if (isfinite(rs_model_weight(M)))
		return M;
	rs_fail(e, RS_EINVAL, "the model's weights sum to more than a double holds: take a smaller %s",
		M->theta ? "theta or eps" : "eps");
	rs_model_free(M);
	return NULL;
}

rs_model *rs_model_cliques(const long *sizes, int K, double eps, const double *theta, int noloops,
			   rs_err *e)
{
	long nn;
	if (check_sizes(sizes, K, "block", &nn, e) != 0)
		return NULL;
	if (!(eps >= 0) || !isfinite(eps)) {
		rs_fail(e, RS_EINVAL, "eps must be a finite number >= 0");
		return NULL;
	}
	if (theta != NULL && noloops) {
		rs_fail(e, RS_EINVAL,
			"degree correction (theta) and noloops cannot be combined: the model is no "
			"longer a block model");
		return NULL;
	}
	rs_model *M = model_new(K, e);
	if (M == NULL)
		return NULL;
	M->nn = nn;
	M->eps = eps;
	M->noloops = noloops;
	memcpy(M->n, sizes, (size_t)K * sizeof *sizes);
	if (theta != NULL) {
		M->theta = rs_alloc(e, (size_t)nn, sizeof *M->theta, "degree-correction factors");
		if (M->theta == NULL) {
			rs_model_free(M);
			return NULL;
		}
		long i = 0;
		for (int j = 0; j < K; j++) {
			double s = 0;
			for (long r = 0; r < sizes[j]; r++, i++) {
				if (!(theta[i] > 0) || !isfinite(theta[i])) {
					rs_fail(e, RS_EINVAL, "theta %ld must be > 0, got %g", i + 1,
						theta[i]);
					rs_model_free(M);
					return NULL;
				}
				M->theta[i] = theta[i];
				s += theta[i];
			}
			M->t[j] = s;
		}
	} else {
		for (int j = 0; j < K; j++)
			M->t[j] = (double)sizes[j];
	}
	M->T = 0;
	for (int j = 0; j < K; j++)
		M->T += M->t[j];
	return weight_fits(M, e);
}

rs_model *rs_model_bicliques(const long *n, const long *m, int K, double eps, rs_err *e)
{
	long nn, mm;
	if (check_sizes(n, K, "row block", &nn, e) != 0 ||
	    check_sizes(m, K, "column block", &mm, e) != 0)
		return NULL;
	if (!(eps >= 0) || !isfinite(eps)) {
		rs_fail(e, RS_EINVAL, "eps must be a finite number >= 0");
		return NULL;
	}
	rs_model *M = model_new(K, e);
	if (M == NULL)
		return NULL;
	M->m = rs_alloc(e, (size_t)K, sizeof *M->m, "block sizes");
	if (M->m == NULL) {
		rs_model_free(M);
		return NULL;
	}
	M->bipartite = 1;
	M->nn = nn;
	M->mm = mm;
	M->eps = eps;
	memcpy(M->n, n, (size_t)K * sizeof *n);
	memcpy(M->m, m, (size_t)K * sizeof *m);
	for (int j = 0; j < K; j++)
		M->t[j] = (double)n[j];
	M->T = (double)nn;
	return weight_fits(M, e);
}

void rs_model_free(rs_model *M)
{
	if (M == NULL)
		return;
	free(M->n);
	free(M->m);
	free(M->t);
	free(M->theta);
	free(M);
}

long rs_model_nodes(const rs_model *M)
{
	return M->nn + M->mm;
}

double rs_model_weight(const rs_model *M)
{
	double w = 0;
	if (M->bipartite) {
		for (int j = 0; j < M->K; j++)
			w += (double)M->n[j] * (double)M->m[j];
		return w + M->eps * (double)M->nn * (double)M->mm;
	}
	for (int j = 0; j < M->K; j++)
		w += M->t[j] * M->t[j];
	w += M->eps * M->T * M->T;
	if (M->noloops)
		w -= (double)M->nn;
	return w;
}

int rs_model_set_eps(rs_model *M, double eps, rs_err *e)
{
	if (!(eps >= 0) || !isfinite(eps))
		return rs_fail(e, RS_EINVAL, "eps must be a finite number >= 0");
	double was = M->eps;
	M->eps = eps;
	if (isfinite(rs_model_weight(M)))
		return 0;
	M->eps = was;
	return rs_fail(e, RS_EINVAL, "eps %g: the model's weights would sum to more than a double holds",
		       eps);
}

double rs_model_rel_to_abs(const rs_model *M, double alpha_rel)
{
	double w = rs_model_weight(M);
	if (M->bipartite)
		return alpha_rel * w / ((double)M->nn * (double)M->mm);
	return alpha_rel * w / (M->T * M->T);
}

double rs_model_edges(const rs_model *M)
{
	double e = 0;
	if (M->bipartite) {
		if (M->eps > 0)
			return (double)M->nn * (double)M->mm;
		for (int j = 0; j < M->K; j++)
			e += (double)M->n[j] * (double)M->m[j];
		return e;
	}
	double n = (double)M->nn;
	if (M->eps > 0)
		return n * (n + 1) / 2; /* eps J covers the diagonal too */
	for (int j = 0; j < M->K; j++) {
		double s = (double)M->n[j];
		e += M->noloops ? s * (s - 1) / 2 : s * (s + 1) / 2;
	}
	return e;
}

long rs_model_components(const rs_model *M)
{
	if (M->eps > 0)
		return 1;
	return M->K;
}

long rs_model_block_start(const rs_model *M, int part, int b)
{
	const long *s = part == 0 ? M->n : M->m;
	long start = part == 0 ? 0 : M->nn;
	for (int j = 0; j < b; j++)
		start += s[j];
	return start;
}

int rs_model_block_of(const rs_model *M, long i)
{
	const long *s = M->n;
	if (i >= M->nn) {
		i -= M->nn;
		s = M->m;
	}
	for (int j = 0; j < M->K; j++) {
		if (i < s[j])
			return j;
		i -= s[j];
	}
	return -1;
}

int rs_model_dense(const rs_model *M, double alpha, long max_nodes, double **out, long *dim,
		   rs_err *e)
{
	long N = rs_model_nodes(M);
	if (N > max_nodes)
		return rs_fail(e, RS_EINVAL,
			       "the dense solver is limited to %ld nodes, this model has %ld "
			       "(the aggregate solver handles any size)",
			       max_nodes, N);
	double *A = rs_zalloc(e, (size_t)N * (size_t)N, sizeof *A, "dense adjacency matrix");
	if (A == NULL)
		return -1;
	int *blk = rs_alloc(e, (size_t)N, sizeof *blk, "block index");
	if (blk == NULL) {
		free(A);
		return -1;
	}
	for (long i = 0; i < N; i++)
		blk[i] = rs_model_block_of(M, i);
	double a = alpha + M->eps;
	if (M->bipartite) {
		for (long i = 0; i < M->nn; i++)
			for (long j = M->nn; j < N; j++) {
				double v = (blk[i] == blk[j] ? 1.0 : 0.0) + a;
				A[i * N + j] = v;
				A[j * N + i] = v;
			}
	} else {
		for (long i = 0; i < N; i++) {
			double ti = M->theta ? M->theta[i] : 1.0;
			for (long j = 0; j < N; j++) {
				double tj = M->theta ? M->theta[j] : 1.0;
				/* the self-loop taken off before a is added: 1 + a - 1
				 * is 0 for a below rounding (a lone node at relative
				 * alpha 1e-100 lost its alpha) */
				double v = ti * tj * (blk[i] == blk[j] ? 1.0 : 0.0);
				if (M->noloops && i == j)
					v -= 1.0;
				A[i * N + j] = v + ti * tj * a;
			}
		}
	}
	free(blk);
	*out = A;
	*dim = N;
	return 0;
}

int rs_model_edge_list(const rs_model *M, double max_entries, rs_edges *E, rs_err *e)
{
	double count = rs_model_edges(M);
	if (count > max_entries)
		return rs_fail(e, RS_EINVAL,
			       "this model has %.0f entries%s, more than the %.0f allowed here",
			       count, M->eps > 0 ? " (eps > 0 joins every pair)" : "", max_entries);
	/* nodes are numbered block by block: a block is a range of them */
	for (int b = 0; b < M->K; b++) {
		long lo = rs_model_block_start(M, 0, b), hi = lo + M->n[b];
		for (long i = lo; i < hi; i++) {
			if (M->bipartite) {
				long clo = rs_model_block_start(M, 1, b) - M->nn, chi = clo + M->m[b];
				for (long j = 0; j < M->mm; j++) {
					double w = (j >= clo && j < chi ? 1.0 : 0.0) + M->eps;
					if (w > 0 && rs_edges_push(E, i, j, w, e) != 0)
						return -1;
				}
				continue;
			}
			/* the upper triangle: with eps = 0, only the rest of i's block */
			double ti = M->theta ? M->theta[i] : 1.0;
			for (long j = i; j < (M->eps > 0 ? M->nn : hi); j++) {
				double tj = M->theta ? M->theta[j] : 1.0;
				double w = ti * tj * (j < hi ? 1.0 : 0.0);
				if (M->noloops && j == i)
					w -= 1.0;
				w += ti * tj * M->eps;
				if (w < 0)
					return rs_fail(e, RS_EINVAL, "node %ld's self-loop would weigh %g", i, w);
				if (w > 0 && rs_edges_push(E, i, j, w, e) != 0)
					return -1;
			}
		}
	}
	return 0;
}

void rs_model_describe(const rs_model *M, char *buf, size_t len)
{
	size_t used = 0;
	#define ADD(...)                                                                          \
		do {                                                                              \
			if (used < len) {                                                         \
				int w_ = snprintf(buf + used, len - used, __VA_ARGS__);           \
				used += w_ > 0 ? (size_t)w_ : 0;                                   \
			}                                                                         \
		} while (0)
	ADD("%s", M->bipartite ? "bicliques" : "cliques");
	for (int j = 0; j < M->K; j++)
		ADD(M->bipartite ? (j ? ",%ld" : " %ld") : " %ld", M->n[j]);
	if (M->bipartite)
		for (int j = 0; j < M->K; j++)
			ADD(j ? ",%ld" : " %ld", M->m[j]);
	if (M->eps > 0)
		ADD(" eps %g", M->eps);
	if (M->theta)
		ADD(" theta (degree-corrected)");
	if (M->noloops)
		ADD(" noloops");
	#undef ADD
	if (len > 0 && used >= len)
		buf[len - 1] = '\0';
}
