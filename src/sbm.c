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

rs_graph *rs_sbm(const long *sizes, int K, const double *P, int loops, uint64_t seed,
		 rs_labels **labels, rs_err *e)
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
	double expect = loops ? (double)n : 0;
	for (int a = 0; a < K; a++)
		for (int b = a; b < K; b++)
			expect += P[a * K + b] * (a == b ? (double)sizes[a] * (double)(sizes[a] - 1) / 2
							 : (double)sizes[a] * (double)sizes[b]);
	if (expect > 1.5e9) {
		rs_fail(e, RS_EINVAL, "about %.3g edges expected: more than this build handles", expect);
		return NULL;
	}
	long *start = rs_alloc(e, (size_t)K + 1, sizeof *start, "block offsets");
	if (start == NULL)
		return NULL;
	start[0] = 0;
	for (int a = 0; a < K; a++)
		start[a + 1] = start[a] + sizes[a];
	rs_rng rng;
	rs_rng_seed(&rng, seed);
	rs_edges E = {0};
	rs_graph *g = NULL;
	for (int a = 0; a < K; a++)
		for (int b = a; b < K; b++) {
			double p = P[a * K + b];
			if (p <= 0)
				continue;
			double na = (double)sizes[a], nb = (double)sizes[b];
			double total = a == b ? na * (na - 1) / 2 : na * nb;
			double lq = p < 1 ? log1p(-p) : -INFINITY;
			double idx = p < 1 ? skip(&rng, lq) : 0;
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
				if (rs_edges_push(&E, u, v, 1.0, e) != 0)
					goto out;
				idx += 1 + (p < 1 ? skip(&rng, lq) : 0);
			}
		}
	if (loops)
		for (long i = 0; i < n; i++)
			if (rs_edges_push(&E, i, i, 1.0, e) != 0)
				goto out;
	long merged, dropped;
	g = rs_graph_build(n, 0, 0, &E, RS_MERGE_MAX, &merged, &dropped, e);
	if (g != NULL && labels != NULL) {
		int32_t *y = rs_alloc(e, (size_t)n, sizeof *y, "labels");
		if (y == NULL) {
			rs_graph_free(g);
			g = NULL;
			goto out;
		}
		for (int a = 0; a < K; a++)
			for (long i = start[a]; i < start[a + 1]; i++)
				y[i] = a;
		*labels = rs_labels_from_ints(y, n, e);
		free(y);
		if (*labels == NULL) {
			rs_graph_free(g);
			g = NULL;
		}
	}
out:
	rs_edges_free(&E);
	free(start);
	return g;
}
