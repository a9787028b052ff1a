/* sbm.c: stochastic block models by geometric skipping. */
#include <config.h>

#include "sbm.h"

#include "rng.h"

#include <math.h>
#include <stdlib.h>

/* The next index after cur, skipping ~ Geometric(p). */
static double skip(rs_rng *r, double lq)
{
	double u = rs_rng_uniform(r);
	return floor(log(1.0 - u) / lq);
}

/* n, and the K + 1 block offsets (allocated); NULL with e filled when a
 * size is < 1 or the nodes are too many */
static long *block_offsets(const long *sizes, int K, rs_err *e)
{
	long n = 0;
	for (int a = 0; a < K; a++) {
		if (sizes[a] < 1) {
			rs_fail(e, RS_EINVAL, "block %d: sizes must be >= 1", a + 1);
			return NULL;
		}
		n += sizes[a];
		if (n > 2147483647L) {
			rs_fail(e, RS_EINVAL, "more than 2^31 - 1 nodes");
			return NULL;
		}
	}
	long *start = rs_alloc(e, (size_t)K + 1, sizeof *start, "block offsets");
	if (start == NULL)
		return NULL;
	start[0] = 0;
	for (int a = 0; a < K; a++)
		start[a + 1] = start[a] + sizes[a];
	return start;
}

/* The expected number of edges, refused before any is drawn when the
 * build or the memory cannot hold them */
static int check_expected(double n, double expect, rs_err *e)
{
	if (expect > 1.5e9)
		return rs_fail(e, RS_EINVAL, "about %.3g edges expected: more than this build handles", expect);
	double need = rs_graph_too_large(n, expect);
	if (need > 0)
		return rs_fail(e, RS_ENOMEM, "about %.3g edges expected: they would need %.1f GB, more than this "
			       "machine's %.1f GB", expect, need / 1e9, rs_memory_bytes() / 1e9);
	return 0;
}

/* Blocks a <= b: each pair of a node of a and one of b (a pair of distinct
 * nodes of a when a == b) an edge with probability p; 0 or -1 */
static int draw_pairs(rs_rng *rng, rs_edges *E, const long *start, int a, int b, double p, rs_err *e)
{
	if (p <= 0)
		return 0;
	double na = (double)(start[a + 1] - start[a]), nb = (double)(start[b + 1] - start[b]);
	double total = a == b ? na * (na - 1) / 2 : na * nb;
	double lq = p < 1 ? log1p(-p) : -INFINITY;
	double idx = p < 1 ? skip(rng, lq) : 0;
	/* walk the pairs in order, rows incrementally (O(edges + rows)) */
	long row = 0;
	double row_first = 0; /* linear index of the first pair of row */
	while (idx < total) {
		long u, v;
		if (a == b) {
			/* row r holds pairs (r, r+1..na-1): na - 1 - r of them */
			while (idx >= row_first + (na - 1 - (double)row)) {
				row_first += na - 1 - (double)row;
				row++;
			}
			u = start[a] + row;
			v = start[a] + row + 1 + (long)(idx - row_first);
		} else {
			long r = (long)(idx / nb);
			u = start[a] + r;
			v = start[b] + (long)(idx - (double)r * nb);
		}
		if (rs_edges_push(E, u, v, 1.0, e) != 0)
			return -1;
		idx += 1 + (p < 1 ? skip(rng, lq) : 0);
	}
	return 0;
}

/* Every pair of nodes in different blocks an edge with probability p, in
 * one pass: node u's row holds the nodes of the blocks after its own, so
 * the walk costs O(n + edges) whatever the number of blocks; 0 or -1 */
static int draw_between(rs_rng *rng, rs_edges *E, const long *start, int K, double p, rs_err *e)
{
	if (p <= 0)
		return 0;
	long n = start[K];
	double total = 0;
	for (int a = 0; a < K; a++)
		total += (double)(start[a + 1] - start[a]) * (double)(n - start[a + 1]);
	double lq = p < 1 ? log1p(-p) : -INFINITY;
	double idx = p < 1 ? skip(rng, lq) : 0;
	long u = 0;
	int a = 0;                 /* u's block */
	double row_first = 0;      /* linear index of the first pair of u's row */
	while (idx < total) {
		while (idx >= row_first + (double)(n - start[a + 1])) {
			row_first += (double)(n - start[a + 1]);
			u++;
			if (u == start[a + 1])
				a++;
		}
		long v = start[a + 1] + (long)(idx - row_first);
		if (rs_edges_push(E, u, v, 1.0, e) != 0)
			return -1;
		idx += 1 + (p < 1 ? skip(rng, lq) : 0);
	}
	return 0;
}

/* The self-loops, the graph of E and the blocks as labels; NULL with e
 * filled */
static rs_graph *finish(rs_edges *E, const long *start, int K, int loops, rs_labels **labels, rs_err *e)
{
	long n = start[K];
	if (loops)
		for (long i = 0; i < n; i++)
			if (rs_edges_push(E, i, i, 1.0, e) != 0)
				return NULL;
	long merged, dropped;
	rs_graph *g = rs_graph_build(n, 0, 0, E, RS_MERGE_MAX, &merged, &dropped, e);
	if (g == NULL || labels == NULL)
		return g;
	int32_t *y = rs_alloc(e, (size_t)n, sizeof *y, "labels");
	if (y == NULL) {
		rs_graph_free(g);
		return NULL;
	}
	for (int a = 0; a < K; a++)
		for (long i = start[a]; i < start[a + 1]; i++)
			y[i] = a;
	*labels = rs_labels_from_ints(y, n, e);
	free(y);
	if (*labels == NULL) {
		rs_graph_free(g);
		return NULL;
	}
	return g;
}

double rs_sbm_expected_edges(const long *sizes, int K, const double *P, double pin, double pout)
{
	double n = 0, within = 0, m = 0;
	for (int a = 0; a < K; a++) {
		double na = (double)sizes[a];
		n += na;
		within += na * (na - 1) / 2;
		for (int b = a + 1; P && b < K; b++)
			m += P[a * K + b] * na * (double)sizes[b];
		if (P)
			m += P[a * K + a] * na * (na - 1) / 2;
	}
	return P ? m : pin * within + pout * (n * (n - 1) / 2 - within);
}

/* Offsets and expected edges of a model (P NULL: planted), refused where
 * a size is < 1 or the edges would not fit; NULL with e filled */
static long *prepare(const long *sizes, int K, const double *P, double pin, double pout, int loops, rs_err *e)
{
	long *start = block_offsets(sizes, K, e);
	if (start == NULL)
		return NULL;
	double n = (double)start[K];
	if (check_expected(n, (loops ? n : 0) + rs_sbm_expected_edges(sizes, K, P, pin, pout), e) != 0) {
		free(start);
		return NULL;
	}
	return start;
}

/* The graph of a model (P NULL: planted, in one pass between blocks),
 * once its probabilities are known good; NULL with e filled */
static rs_graph *generate(const long *sizes, int K, const double *P, double pin, double pout, int loops,
			  uint64_t seed, rs_labels **labels, rs_err *e)
{
	long *start = prepare(sizes, K, P, pin, pout, loops, e);
	if (start == NULL)
		return NULL;
	rs_rng rng;
	rs_rng_seed(&rng, seed);
	rs_edges E = {0};
	rs_graph *g = NULL;
	for (int a = 0; a < K; a++)
		for (int b = a; b < (P ? K : a + 1); b++)
			if (draw_pairs(&rng, &E, start, a, b, P ? P[a * K + b] : pin, e) != 0)
				goto out;
	if (P == NULL && draw_between(&rng, &E, start, K, pout, e) != 0)
		goto out;
	g = finish(&E, start, K, loops, labels, e);
out:
	rs_edges_free(&E);
	free(start);
	return g;
}

rs_graph *rs_sbm(const long *sizes, int K, const double *P, int loops, uint64_t seed,
		 rs_labels **labels, rs_err *e)
{
	for (int a = 0; a < K; a++)
		for (int b = 0; b < K; b++) {
			double p = P[a * K + b];
			if (!(p >= 0 && p <= 1)) {
				rs_fail(e, RS_EINVAL, "probability (%d, %d) = %g must be in [0, 1]", a + 1,
					b + 1, p);
				return NULL;
			}
			if (P[a * K + b] != P[b * K + a]) {
				rs_fail(e, RS_EINVAL, "the probability matrix must be symmetric ((%d, %d) != (%d, %d))",
					a + 1, b + 1, b + 1, a + 1);
				return NULL;
			}
		}
	return generate(sizes, K, P, 0, 0, loops, seed, labels, e);
}

rs_graph *rs_sbm_planted(const long *sizes, int K, double pin, double pout, int loops,
			 uint64_t seed, rs_labels **labels, rs_err *e)
{
	if (!(pin >= 0 && pin <= 1) || !(pout >= 0 && pout <= 1)) {
		rs_fail(e, RS_EINVAL, "probabilities %g and %g must be in [0, 1]", pin, pout);
		return NULL;
	}
	if (K <= RS_SBM_PAIRWISE_MAX) {
		double *P = rs_alloc(e, (size_t)K * (size_t)K, sizeof *P, "the block probabilities");
		if (P == NULL)
			return NULL;
		for (int a = 0; a < K; a++)
			for (int b = 0; b < K; b++)
				P[a * K + b] = a == b ? pin : pout;
		rs_graph *g = rs_sbm(sizes, K, P, loops, seed, labels, e);
		free(P);
		return g;
	}
	return generate(sizes, K, NULL, pin, pout, loops, seed, labels, e);
}
