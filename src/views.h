/* views.h: shared computations of the spectral views. */
#ifndef RS_VIEWS_H
#define RS_VIEWS_H

#include "session.h"
#include "spectrum.h"
#include "theory.h"

/* A graph with labels read as a block model whose blocks are the classes:
 * the thresholds mu_j = a n / (a n + n_j) use the class sizes.  For a real
 * graph this is a reference, not a theorem. */
struct classes {
	int K;          /* non-empty classes                  */
	int *id;        /* their label values                 */
	long *size;
	double *mu;     /* in class order                     */
	int *order;     /* ranked by size, largest first (= by mu where alpha > 0) */
	double *sorted;
};

int views_classes(rs_session *s, struct classes *c, rs_err *e);
void views_classes_free(struct classes *c);
const char *views_class_name(const rs_session *s, int id, char *buf, size_t len);
/* The check word of an interleaving row ("no" where a graph's classes play
 * the blocks, "VIOLATED" for a model), and whether to show it as an alarm. */
const char *views_il_word(const rs_session *s, enum rs_il st);
int views_il_alarm(const rs_session *s, enum rs_il st);
/* Fraction of positive entries of column col over the nodes of each class. */
void views_class_fractions(const rs_session *s, const rs_spectrum *S, const struct classes *c,
			   int col, double *pos);

/* Column col's sign on each class from pos, its views_class_fractions
 * (act: '+' where 0.9 of a class's nodes are positive or more, '-' at 0.1
 * or less, '~' between), against Theorem 1 read on the classes ranked by
 * size (prd; '?' where it says nothing). Returns the verdict: "yes", "no",
 * "tie", "not unique" or "n/a". */
const char *views_class_signs(const rs_spectrum *S, const struct classes *c, int col,
			      const double *pos, char *act, char *prd);

/* Point i of a sweep of steps values from from to to, evenly or on a log scale. */
double views_sweep_alpha(double from, double to, long steps, int logscale, long i);
/* The order in which a sweep solves its points on a graph with a reduced
 * basis: coarse to fine (both ends, the middle, the quarters, ...), so
 * that most points lie between values already solved, where the basis
 * interpolates, instead of past them. */
void views_sweep_order(long steps, long *order);
/* A sweep's solve order: on a graph g, coarse to fine where the session's
 * reduced basis can take part (returns 1); else (a model: g NULL) in
 * order, each step warm-started from its neighbour (returns 0). */
int views_sweep_plan(rs_session *s, const rs_graph *g, long steps, long *order);

#endif
