/* bench/kmeans.c: K-Means at the size, n = 10^6 points in d = 20
 * dimensions, K = 100, 10 restarts; points drawn around 100 random centres.
 * Built and run by bench/kmeans.sh. */
#include <config.h>

#include "kmeans.h"
#include "lanczos.h"
#include "rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	int d = 20, K = 100, R = argc > 2 ? atoi(argv[2]) : 10;
	rs_blas_single_thread();
	double *X = malloc((size_t)n * d * sizeof *X), *C = malloc((size_t)K * d * sizeof *C);
	rs_rng r;
	rs_rng_seed(&r, 1);
	for (int i = 0; i < K * d; i++)
		C[i] = rs_rng_uniform(&r);
	for (long i = 0; i < n; i++)
		for (int j = 0; j < d; j++)
			X[i * d + j] = C[(i % K) * d + j] + 0.05 * (rs_rng_uniform(&r) - 0.5);
	rs_kmeans_opts o = {K, R, 300, 1e-6, 7, NULL};
	rs_kmeans_out out;
	rs_err e;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (rs_kmeans(X, n, d, &o, &out, &e) != 0) {
		fprintf(stderr, "%s\n", e.msg);
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
	printf("kmeans n=%ld d=%d K=%d restarts=%d: %.2f s, inertia %.6g, %d iterations in the best run\n", n, d, K,
	       R, s, out.inertia, out.iterations);
	rs_kmeans_out_free(&out);
	free(X);
	free(C);
	return 0;
}
