/* metrics.h: the paper's clustering scores, as scikit-learn defines them.
 *
 * Supervised (against ground truth, labelled nodes only): homogeneity H,
 * completeness C, V-measure V (natural logarithms), adjusted Rand index,
 * adjusted mutual information (arithmetic normalization, exact expected
 * mutual information), Fowlkes-Mallows.  Unsupervised: Newman's modularity
 * (resolution 1) of the clustering on a graph, and the normalized standard
 * deviation of the cluster sizes, NSD = 1 - std(sizes) / (n sqrt(k-1) / k)
 * with k the non-empty clusters (population std; NaN when k = 1). */
#ifndef RS_METRICS_H
#define RS_METRICS_H

#include "graph.h"
#include "rs-err.h"

#include <stdint.h>

typedef struct rs_scores {
	double h, c, v, ari, ami, fmi, q, nsd;
	long n;       /* points scored */
} rs_scores;

/* truth[i] < 0 or pred[i] < 0: the point is left out of the supervised scores. */
int rs_scores_supervised(const int32_t *truth, const int32_t *pred, long n, rs_scores *s, rs_err *e);
/* Modularity of pred on the first n nodes of g (edges among them only). */
double rs_modularity(const rs_graph *g, const int32_t *pred, long n);
double rs_nsd(const int32_t *pred, long n);

#endif
