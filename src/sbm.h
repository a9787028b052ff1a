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

/* The expected number of edges between distinct nodes of a model: P the
 * K x K probabilities, or NULL for pin within blocks and pout between. */
double rs_sbm_expected_edges(const long *sizes, int K, const double *P, double pin, double pout);

/* At most this many blocks, rs_sbm_planted draws its graph as rs_sbm with
 * the matrix of pin and pout would: a seeded script keeps its graph. */
#define RS_SBM_PAIRWISE_MAX 1000

/* The planted partition: probability pin within each block, pout between
 * any two.  Up to RS_SBM_PAIRWISE_MAX blocks this is rs_sbm with that
 * matrix; with more, the pairs between blocks are drawn in one pass over
 * all of them, so neither time nor memory grows with K^2 (100000 blocks of
 * one node, 50000 of 20). */
rs_graph *rs_sbm_planted(const long *sizes, int K, double pin, double pout, int loops,
			 uint64_t seed, rs_labels **labels, rs_err *e);

#endif
