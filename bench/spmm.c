/* bench/spmm.c: what a block of vectors saves per vector in the sparse
 * product.  A block method (subspace iteration, a Chebyshev filter, block
 * Lanczos) applies the adjacency to b vectors at once, stored row by row,
 * so each stored entry gathers b neighbouring doubles instead of one.  This
 * times y = A x for b = 1, 2, 4, 8, 16 and 32 on the graph's own order,
 * OpenMP over rows, and prints the time per product and per vector; the
 * per-vector ratio to b = 1 is what a block method could gain on each
 * operator application (regspec's own product is a relabelled one-vector
 * kernel, faster than b = 1 here; compare the ratios, not the times).
 *   cc -O3 -march=native -fopenmp -I. -Isrc bench/spmm.c src/libregspec.a \
 *      $(pkg-config --libs lapacke openblas igraph) -lz -lm -o /tmp/spmm
 *   OMP_NUM_THREADS=2 /tmp/spmm EDGES */
#include <config.h>

#include "graphio.h"
#include "lanczos.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* y = A x for B columns stored row by row; B is a constant in each
 * instance, so the inner loops are unrolled and vectorized */
#define KERNEL(B)                                                                                \
	static void spmm##B(long n, const long *ptr, const int32_t *idx, const double *x,        \
			    double *y)                                                           \
	{                                                                                        \
		_Pragma("omp parallel for schedule(static)") for (long i = 0; i < n; i++)        \
		{                                                                                \
			double acc[B] = {0};                                                     \
			for (long p = ptr[i]; p < ptr[i + 1]; p++) {                             \
				const double *xr = x + (size_t)idx[p] * B;                       \
				_Pragma("omp simd") for (int c = 0; c < B; c++) acc[c] += xr[c]; \
			}                                                                        \
			for (int c = 0; c < B; c++)                                              \
				y[(size_t)i * B + c] = acc[c];                                   \
		}                                                                                \
	}
KERNEL(1)
KERNEL(2)
KERNEL(4)
KERNEL(8)
KERNEL(16)
KERNEL(32)

typedef void (*kernel)(long, const long *, const int32_t *, const double *, double *);

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: spmm EDGES\n");
		return 2;
	}
	rs_err e = {0};
	rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_SUM, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	rs_load_info info;
	rs_graph *g = rs_graph_load(argv[1], &lo, &info, &e);
	if (g == NULL) {
		fprintf(stderr, "spmm: %s\n", e.msg);
		return 1;
	}
	rs_bind_threads(); /* as regspec does: unbound, two threads may share a core */
	long n = g->n + g->m;
	const int widths[] = {1, 2, 4, 8, 16, 32};
	const kernel kernels[] = {spmm1, spmm2, spmm4, spmm8, spmm16, spmm32};
	printf("%s: %ld nodes, %ld stored entries\n", argv[1], n, g->nnz);
	printf("%4s %12s %12s %8s\n", "b", "ms/product", "ms/vector", "gain");
	double one = 0;
	for (int t = 0; t < 6; t++) {
		int b = widths[t];
		double *x = malloc(sizeof *x * (size_t)n * b), *y = malloc(sizeof *y * (size_t)n * b);
		if (x == NULL || y == NULL) {
			fprintf(stderr, "spmm: out of memory at b = %d\n", b);
			return 1;
		}
		for (size_t i = 0; i < (size_t)n * b; i++)
			x[i] = 1.0 / (double)(1 + i % 7);
		kernels[t](n, g->ptr, g->idx, x, y); /* fault the pages in */
		int reps = 10;
		double t0 = seconds();
		for (int r = 0; r < reps; r++)
			kernels[t](n, g->ptr, g->idx, x, y);
		double per = (seconds() - t0) / reps * 1e3;
		if (b == 1)
			one = per;
		printf("%4d %12.3f %12.3f %7.2fx\n", b, per, per / b, one / (per / b));
		free(x);
		free(y);
	}
	rs_graph_free(g);
	return 0;
}
