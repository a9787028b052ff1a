/* copies.h: pieces of a graph that are copies of one another.
 *
 * A piece is a component, or a component of the graph less one node w that
 * it hangs from (the legs of a star, triangles hanging from one node,
 * leaves of one hub).  Pieces that are copies of one another (the same
 * weighted graph up to a relabelling, hanging from the same w by the same
 * edges) make every eigenvalue of one copy's D^-1/2 A D^-1/2 (its own rows
 * and columns, degrees taken in the whole graph) an eigenvalue of N_alpha
 * with multiplicity (copies - 1) at every alpha: an eigenvector of one
 * copy, placed on each copy with coefficients that sum to 0, is 0 where
 * the copies meet w, and orthogonal to the degrees' vector, so neither w
 * nor the rank-one term sees it.  A single-vector Krylov method sees one direction of each
 * eigenspace and finds the other copies only by chance (rounding); these
 * are known exactly instead (gspectrum.c).  The classes do not depend on
 * alpha. */
#ifndef RS_COPIES_H
#define RS_COPIES_H

#include "graph.h"
#include "rs-err.h"

#include <stdint.h>

/* Pieces larger than this are not compared (a copy's eigenproblem is
 * dense, about 2 size^3 flops a solve). */
#define RS_COPIES_MAX_SIZE 600

typedef struct rs_copies {
	long nclass;
	long *off;     /* nclass + 1 offsets into node                     */
	int *size;     /* nodes in one copy of class c                      */
	long *count;   /* copies of class c (at least 2)                    */
	/* copy j of class c, position p: node[off[c] + j size[c] + p]; the
	 * position is the node's part in the isomorphism with copy 0 */
	int32_t *node;
	long dim;      /* sum of size (count - 1): eigenvectors known       */
	/* nodes outside the copies that colour refinement cannot tell from
	 * another one, exactly when that is most of the graph (a symmetric
	 * graph: a cycle, a grid, with repeated eigenvalues no piece
	 * explains), else fewer than half (also when refinement leaves most
	 * nodes in one class, but one node singled out tells most apart: a
	 * random regular graph, see single_out); -1: not computed (on graphs of
	 * more than 50,000 nodes where a sample of them shows no symmetry) */
	long alike;
} rs_copies;

/* The classes of pieces that are copies of one another in a unipartite
 * graph (weights and self-loops must match too; the pieces of different
 * classes are disjoint), computed once and kept with the graph (its
 * structure must not change afterwards but through rs_graph_add_noise,
 * which forgets them).  Bipartite graphs have none.  NULL on failure (out
 * of memory). */
const rs_copies *rs_graph_copies(const rs_graph *g, rs_err *e);
void rs_copies_free(rs_copies *c);

#endif
