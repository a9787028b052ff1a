/* kmeans.h: K-Means on the rows of an embedding.
 *
 * k-means++ seeding from the one seeded generator, Lloyd iterations with
 * squared distances from BLAS (|x|^2 - 2 x.c + |c|^2, one dgemm per pass),
 * several restarts keeping the lowest inertia, a relative tolerance on the
 * inertia and an iteration cap.  A cluster left empty takes the point
 * farthest from its centre.  Deterministic for a given seed. */
#ifndef RS_KMEANS_H
#define RS_KMEANS_H

#include "rs-err.h"

#include "cancel.h"
#include <stdint.h>

typedef struct rs_kmeans_opts {
	int K;
	int restarts;       /* default 10 */
	int max_iter;       /* default 300 */
	double tol;         /* relative change of inertia, default 1e-6 */
	uint64_t seed;
	rs_cancel *cancel;
	/* optional: told of each restart (from 0) as it starts and of each
	 * Lloyd iteration (from 1; 0 while seeding) */
	void (*progress)(void *ctx, int restart, int iteration);
	void *ctx;
} rs_kmeans_opts;

typedef struct rs_kmeans_out {
	int32_t *label;     /* n cluster indices, 0..K-1 */
	double inertia;
	int iterations;     /* of the best restart */
	int restarts_run;
} rs_kmeans_out;

/* X is n x d, row-major (point i at X + i*d). */
int rs_kmeans(const double *X, long n, int d, const rs_kmeans_opts *o, rs_kmeans_out *out, rs_err *e);
void rs_kmeans_out_free(rs_kmeans_out *out);

#endif
