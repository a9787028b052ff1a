/* rbasis.h: a reduced basis along alpha, for warm starts that pay off.
 *
 * The eigenvectors v of N_alpha, taken back to x = D_alpha^-1/2 v, solve the
 * pencil (A + alpha J) x = theta (D + n alpha I) x, whose two matrices are
 * affine in alpha.  On an orthonormal basis U of earlier solutions (and of
 * the all-ones vector) the projected pencil is therefore
 *   (U^T A U + alpha g g^T) c = theta (U^T D U + n alpha I) c,  g = U^T 1,
 * small matrices kept up to date as columns are added: the Rayleigh-Ritz
 * pairs at a new alpha cost no operator application, only O(p^3) and one
 * n x p x want product.  A few solutions along a sweep or a slider (the
 * solution manifold is smooth in alpha) make a basis that holds the next
 * alpha's eigenvectors to within the tolerance; whoever uses it must still
 * check the residuals on the operator itself.
 *
 * Unipartite graphs only.  The basis is bound to one graph (rebound, and
 * emptied, when given another) and capped in memory: when full, the
 * columns that only the oldest solves needed are dropped.
 */
#ifndef RS_RBASIS_H
#define RS_RBASIS_H

#include "graph.h"
#include "rs-err.h"

typedef struct rs_rbasis rs_rbasis;

rs_rbasis *rs_rbasis_new(void);
void rs_rbasis_free(rs_rbasis *rb);
/* Forget everything (the graph changed). */
void rs_rbasis_clear(rs_rbasis *rb);
/* Columns held now (0 when empty). */
int rs_rbasis_columns(const rs_rbasis *rb);

/* Bind to g for pairs of `want` vectors per solve: 0 when the basis can be
 * used (emptied first if it held another graph's), 1 when the graph is
 * bipartite or too large for the memory cap. */
int rs_rbasis_bind(rs_rbasis *rb, const rs_graph *g, int want);

/* The top `want` Rayleigh-Ritz pairs at absolute alpha after the trivial
 * one (theta = 1, x = 1): theta descending, and their coordinates Z in
 * the basis (p x want, column-major, p = rs_rbasis_columns), scaled so
 * that x^T D_alpha x = 1 for x = U z.  Returns 0, 1 when the basis is too
 * small to say anything (fewer than want + 1 columns), -1 on error (e).
 * Only O(p^3): the vectors themselves are rs_rbasis_lift's. */
int rs_rbasis_ritz(rs_rbasis *rb, double alpha, int want, double *theta, double *Z, rs_err *e);
/* X = U Z for q columns of coordinates (p x q): n x q, column-major (one
 * column when checking a pair, or a combination of them). */
void rs_rbasis_lift(const rs_rbasis *rb, const double *Z, int q, double *X);
/* Whether a try of the basis' pairs met the tolerance (its user says),
 * and whether the last two did not: a user may then check one pair before
 * forming the others (where tries fail and succeed in turn, as along a
 * sweep coarse to fine, forming all at once is cheaper). */
void rs_rbasis_note_try(rs_rbasis *rb, int met);
int rs_rbasis_failing(const rs_rbasis *rb);

/* Add the span of the q columns of X (n x q, any scaling, x coordinates):
 * the part already in the basis is left out. */
int rs_rbasis_add(rs_rbasis *rb, const double *X, int q, rs_err *e);
/* How many solves have bound it since it was emptied (this one included). */
long rs_rbasis_offers(const rs_rbasis *rb);
/* The estimated costs (in flops, or any one unit) of the latest solve
 * and of adding it (gspectrum.c notes them after every solve, an add
 * costed at no less than the size at which the basis starts to answer
 * steps); rs_rbasis_pays says whether more solves should be added: yes
 * until costs are noted, then while an add
 * costs at most RS_RBASIS_PAYS times the solve (a step taken from the
 * basis costs a small part of a solve, so the basis pays for itself when
 * more than about that fraction of the solves are taken from it).  The
 * costs are estimates from counts, not clock readings, so that the same
 * commands take the same path on every run. */
#define RS_RBASIS_PAYS 0.4
void rs_rbasis_note_costs(rs_rbasis *rb, double solve, double add);
/* Another fraction in place of RS_RBASIS_PAYS (INFINITY: add every solve;
 * the tests use it to exercise the basis on small graphs). */
void rs_rbasis_set_pays(rs_rbasis *rb, double fraction);
int rs_rbasis_pays(const rs_rbasis *rb);

#endif
