/* blockmodel.h: the block models of the paper's sections 2-4.
 *
 * Cliques (section 3): K disjoint cliques of sizes n_1..n_K, A = Z Z^T
 * (self-loops included), optional inter-block weight eps (A += eps J),
 * degree correction theta (A = Theta (Z Z^T + eps J) Theta, regularized
 * as alpha Theta J Theta), or cliques without self-loops (A -= I).
 *
 * Bicliques (section 4): biadjacency B = Z_1 Z_2^T + eps J (n x m).
 *
 * Nodes are numbered block by block: block 0 holds nodes 0..n_0-1, and so
 * on; for bicliques the second part follows the first (n + j is column j).
 * Nothing here is O(n^2): the n x n matrix exists only in rs_model_dense.
 */
#ifndef RS_BLOCKMODEL_H
#define RS_BLOCKMODEL_H

#include "rs-err.h"

typedef struct rs_model {
	int bipartite;  /* 0: cliques, 1: bicliques                   */
	int K;          /* number of blocks (block pairs)             */
	long *n;        /* K block sizes of the (first) part          */
	long *m;        /* K block sizes of the second part, or NULL  */
	long nn, mm;    /* part sizes (mm = 0 when not bipartite)     */
	double eps;     /* inter-block weight                         */
	int noloops;    /* cliques without self-loops                 */
	double *theta;  /* nn degree-correction factors, or NULL      */
	double *t;      /* K block weights: sum of theta over a block */
	double T;       /* sum of t                                   */
} rs_model;

/* theta, when not NULL, has nn entries, all > 0. */
rs_model *rs_model_cliques(const long *sizes, int K, double eps, const double *theta, int noloops,
			   rs_err *e);
rs_model *rs_model_bicliques(const long *n, const long *m, int K, double eps, rs_err *e);
void rs_model_free(rs_model *M);

/* Total number of nodes (nn + mm). */
long rs_model_nodes(const rs_model *M);
/* Total weight 1^T A 1 (cliques) or 1^T B 1 (bicliques). */
double rs_model_weight(const rs_model *M);
/* Set M's eps to a finite eps >= 0 whose weights' sum fits in a double;
 * else leave it as it was and return -1 with a message. */
int rs_model_set_eps(rs_model *M, double eps, rs_err *e);
/* The absolute pair weight for a relative alpha: alpha w / n^2 (cliques;
 * with theta, alpha w / T^2, since the regularization is alpha Theta J Theta),
 * alpha w / (n m) (bicliques). */
double rs_model_rel_to_abs(const rs_model *M, double alpha_rel);
/* Number of edges (unordered pairs with a nonzero weight, self-loops included),
 * or of nonzeros of B for bicliques. */
double rs_model_edges(const rs_model *M);
/* Connected components of the unregularized graph. */
long rs_model_components(const rs_model *M);
/* The block of node i (0-based; for bicliques the second part is offset). */
int rs_model_block_of(const rs_model *M, long i);
/* First node of block b of part p (0 or 1). */
long rs_model_block_start(const rs_model *M, int part, int b);

/* The dense regularized adjacency A_alpha (cliques: nn x nn; bicliques: the
 * (nn+mm) x (nn+mm) matrix [[0, B_alpha], [B_alpha^T, 0]]), row-major.
 * Refuses more than max_nodes nodes. */
int rs_model_dense(const rs_model *M, double alpha, long max_nodes, double **out, long *dim,
		   rs_err *e);

/* The model's entries as an edge list, alpha left out: A's upper triangle
 * (self-loops included) for cliques, B's (row, column) entries for
 * bicliques, which rs_graph_build turns into the same graph.  Refuses a
 * model of more than max_entries entries (eps > 0 joins every pair). */
struct rs_edges;
int rs_model_edge_list(const rs_model *M, double max_entries, struct rs_edges *E, rs_err *e);

/* A short description, e.g. "cliques 5 3 2 eps 0.1". */
void rs_model_describe(const rs_model *M, char *buf, size_t len);

#endif
