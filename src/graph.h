/* graph.h: a graph as a compressed sparse row matrix.
 *
 * Unipartite graphs store the symmetric adjacency A with both triangles
 * (a self-loop once, on the diagonal).  Bipartite graphs store the n x m
 * biadjacency B and its transpose.  val == NULL means every weight is 1
 * (the pattern-only layout, cheaper to stream).  Indices are int32: up to
 * 2^31 - 1 nodes; counts and offsets are long.
 */
#ifndef RS_GRAPH_H
#define RS_GRAPH_H

#include "rs-err.h"

#include <stdint.h>

typedef struct rs_graph {
	int bipartite;
	long n, m;        /* nodes (rows); columns for bipartite, else 0   */
	long *ptr;        /* n + 1 row offsets                              */
	int32_t *idx;     /* column indices, sorted within each row         */
	double *val;      /* weights, or NULL for all ones                  */
	long *tptr;       /* bipartite: the transpose, m + 1 offsets        */
	int32_t *tidx;
	double *tval;
	double *deg;      /* row sums (degrees at alpha = 0)                */
	double *cdeg;     /* bipartite: column sums                         */
	double total;     /* 1^T A 1 (or 1^T B 1)                           */
	long nnz;         /* stored entries                                 */
	long loops;       /* self-loops                                     */
	long orig_n, orig_m; /* nodes before `noise` appended any           */
	int one_based;    /* read from a file whose ids start at 1, each    */
	                  /* less one here (not copied to subgraphs)        */
	int both_ways;    /* rs_graph_build's list gave each edge (not a    */
	                  /* loop) twice, once each way with one weight,    */
	                  /* and nothing else twice (not copied either)     */
	char **names;     /* optional node (row) names                      */
	char **cnames;    /* optional column names                          */
	struct rs_copies *copies; /* isomorphic components, once asked for  */
	                  /* (copies.h), or NULL                             */
} rs_graph;

/* An edge list being collected, before it becomes a graph. */
typedef struct rs_edges {
	long count, cap;
	int32_t *u, *v;
	double *w;        /* NULL until a weight other than 1 is seen */
} rs_edges;

int rs_edges_push(rs_edges *E, long u, long v, double w, rs_err *e);
void rs_edges_free(rs_edges *E);

enum rs_merge { RS_MERGE_MAX, RS_MERGE_SUM };

/* Build a graph from an edge list.  Unipartite: each edge (u, v) gives
 * A_uv and A_vu; duplicates (either direction) are merged by max or sum,
 * and *merged counts the entries that repeated an edge; zero weights are
 * dropped (*dropped counts them).  Bipartite: (row, col) entries of B,
 * *merged the repeated ones.  An unweighted list merged by sum gets the
 * counts as weights. */
/* This machine's memory in bytes (0 where it cannot be told). */
double rs_memory_bytes(void);
/* The bytes a graph of `nodes` nodes needs at its peak when built from
 * `entries` listed entries (the list, then the CSR: about 48 bytes an
 * entry and 40 a node); 0 when that fits in this machine's memory. */
double rs_graph_too_large(double nodes, double entries);

rs_graph *rs_graph_build(long n, long m, int bipartite, const rs_edges *E, enum rs_merge merge,
			 long *merged, long *dropped, rs_err *e);
void rs_graph_free(rs_graph *g);
/* A unipartite graph that owns ptr (n + 1 offsets), idx and val (NULL: all
 * weights 1): a symmetric adjacency, each row's columns increasing, no
 * zero stored; the caller has checked all that.  On failure the arrays are
 * freed too. */
rs_graph *rs_graph_from_csr(long n, long *ptr, int32_t *idx, double *val, rs_err *e);

/* Number of undirected edges (self-loops once), or nnz of B. */
long rs_graph_edges(const rs_graph *g);
/* Connected components at alpha = 0: comp[i] in 0..c-1 (nodes, then the
 * columns of a bipartite graph), numbered by first appearance.  Returns c. */
long rs_graph_components(const rs_graph *g, int32_t *comp, rs_err *e);
/* Nodes with degree 0 (no edge, no self-loop). */
long rs_graph_isolated(const rs_graph *g);

/* The name of node i (0..n-1, then the columns n..n+m-1), or NULL. */
const char *rs_graph_node_name(const rs_graph *g, long i);

/* A deep copy (names are not copied). */
rs_graph *rs_graph_copy(const rs_graph *g, rs_err *e);

/* The subgraph induced by the nodes with keep[i] set (i over the n nodes,
 * then the m columns of a bipartite graph), renumbered in their order, with
 * their names; *old_of (allocated) maps each new node, then each new
 * column, to its number in g (columns counted from n, as in comp). */
rs_graph *rs_graph_keep(const rs_graph *g, const unsigned char *keep, int32_t **old_of, rs_err *e);

/* Append f * n isolated nodes, each with a self-loop of weight 1 (the
 * paper's noise).  The original nodes stay first. */
int rs_graph_add_noise(rs_graph *g, long count, rs_err *e);

#endif
