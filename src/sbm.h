/* sbm.h: stochastic block models, in expected O(n + m) time. */
#ifndef RS_SBM_H
#define RS_SBM_H

#include "graph.h"
#include "labels.h"

/* Blocks of the given sizes; P is the K x K symmetric matrix of edge
 * probabilities (row-major).  Pairs are drawn by geometric skipping, so the
 * cost is the number of edges, not n^2.  loops: a self-loop on every node.
 * Labels are the blocks. */
rs_graph *rs_sbm(const long *sizes, int K, const double *P, int loops, uint64_t seed,
		 rs_labels **labels, rs_err *e);

#endif
