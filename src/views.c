/* views.c: what the spectral views (the commands and the live view) compute
 * from a graph with labels: its classes as blocks, their thresholds, and
 * the sign of each eigenvector over each class. */
#include <config.h>

#include "views.h"

#include "theory.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- graphs
 * A graph with labels is read as a block model whose blocks are the
 * classes: the thresholds mu_j = a n / (a n + n_j) use the class sizes.
 * For a real graph this is a reference, not a theorem. */

int views_classes(rs_session *s, struct classes *c, rs_err *e)
{
	memset(c, 0, sizeof *c);
	if (s->labels == NULL)
		return rs_fail(e, RS_EINVAL,
			       "this needs blocks: a block model, or labels for the graph ('labels "
			       "FILE', or 'load FILE labels FILE')");
	long *sz = rs_labels_sizes(s->labels, e);
	if (sz == NULL)
		return -1;
	int K = 0;
	for (int j = 0; j < s->labels->nclass; j++)
		K += sz[j] > 0;
	if (K < 1) {
		free(sz);
		return rs_fail(e, RS_EINVAL, "no labelled node");
	}
	c->K = K;
	c->id = xcalloc((size_t)K, sizeof *c->id);
	c->size = xcalloc((size_t)K, sizeof *c->size);
	c->mu = xcalloc((size_t)K, sizeof *c->mu);
	c->order = xcalloc((size_t)K, sizeof *c->order);
	c->sorted = xcalloc((size_t)K, sizeof *c->sorted);
	double an = session_alpha_abs(s) * (double)session_nodes(s);
	for (int j = 0, t = 0; j < s->labels->nclass; j++)
		if (sz[j] > 0) {
			c->id[t] = j;
			c->size[t] = sz[j];
			c->mu[t] = an / (an + (double)sz[j]);
			t++;
		}
	free(sz);
	/* ranked by size, largest first: the order of mu where alpha > 0, and
	 * still the order Theorem 1 reads at alpha = 0, where every mu is 0 */
	double *key = xcalloc((size_t)K, sizeof *key);
	for (int j = 0; j < K; j++)
		key[j] = -(double)c->size[j];
	rs_theory_rank(key, K, c->order);
	free(key);
	for (int j = 0; j < K; j++)
		c->sorted[j] = c->mu[c->order[j]];
	return 0;
}

void views_classes_free(struct classes *c)
{
	free(c->id);
	free(c->size);
	free(c->mu);
	free(c->order);
	free(c->sorted);
}

const char *views_class_name(const rs_session *s, int id, char *buf, size_t len)
{
	const char *name = rs_labels_class_name(s->labels, id);
	if (name)
		return name;
	snprintf(buf, len, "%d", id);
	return buf;
}

const char *views_il_word(const rs_session *s, enum rs_il st)
{
	/* on a graph the classes only stand in for blocks: lambda_j beyond
	 * mu_j is an observation, not a broken theorem */
	if (s->graph != NULL && st == RS_IL_VIOLATED)
		return "no";
	return rs_il_name(st);
}

int views_il_alarm(const rs_session *s, enum rs_il st)
{
	return s->graph == NULL && st == RS_IL_VIOLATED;
}

/* Fraction of positive entries of column col over the nodes of each class. */
void views_class_fractions(const rs_session *s, const rs_spectrum *S, const struct classes *c,
			   int col, double *pos)
{
	long *cnt = xcalloc((size_t)c->K, sizeof *cnt), *p = xcalloc((size_t)c->K, sizeof *p);
	int *slot = xcalloc((size_t)s->labels->nclass + 1, sizeof *slot);
	for (int t = 0; t < c->K; t++)
		slot[c->id[t]] = t + 1;
	const double *x = S->vec + (size_t)col * S->rows;
	/* at alpha = 0 a vector vanishes exactly on the components it does
	 * not live on; how small the solver leaves it there is its accuracy */
	double zero = rs_spectrum_zero(S, col);
	for (long i = 0; i < s->labels->n; i++) {
		int y = s->labels->y[i];
		if (y < 0 || !slot[y])
			continue;
		int t = slot[y] - 1;
		cnt[t]++;
		p[t] += x[i] > zero;
	}
	for (int t = 0; t < c->K; t++)
		pos[t] = cnt[t] ? (double)p[t] / (double)cnt[t] : 0;
	free(cnt);
	free(p);
	free(slot);
}

const char *views_class_signs(const rs_spectrum *S, const struct classes *c, int col,
			      const double *pos, char *act, char *prd)
{
	int K = c->K;
	const int *by_rank = c->order;
	for (int t = 0; t < K; t++) {
		act[t] = pos[t] >= 0.9 ? '+' : pos[t] <= 0.1 ? '-' : '~';
		prd[t] = '?';
	}
	/* Theorem 1 read on the classes: x_{col+1} has one sign on the col
	 * largest classes and the other on the rest. No reading past x_K,
	 * none where lambda is repeated (its vectors are not unique), and a
	 * tie where the classes on either side of the cut are the same size. */
	if (col >= K)
		return "n/a";
	if (rs_spectrum_multiplicity(S, col) > 1)
		return "not unique";
	if (c->size[by_rank[col - 1]] == c->size[by_rank[col]])
		return "tie";
	/* the sign of the large side, read from the largest class that has one */
	char sgn = 0;
	for (int t = 0; t < K && !sgn; t++)
		if (act[by_rank[t]] != '~')
			sgn = t < col ? act[by_rank[t]] : (act[by_rank[t]] == '+' ? '-' : '+');
	if (!sgn)
		sgn = '+';
	int ok = 1;
	for (int t = 0; t < K; t++) {
		prd[by_rank[t]] = t < col ? sgn : (sgn == '+' ? '-' : '+');
		ok &= prd[by_rank[t]] == act[by_rank[t]];
	}
	return ok ? "yes" : "no";
}

double views_sweep_alpha(double from, double to, long steps, int logscale, long i)
{
	double f = (double)i / (double)(steps - 1);
	return logscale ? exp(log(from) + f * (log(to) - log(from))) : from + f * (to - from);
}

void views_sweep_order(long steps, long *order)
{
	if (steps < 1)
		return;
	long m = 0;
	order[m++] = 0;
	if (steps == 1)
		return;
	order[m++] = steps - 1;
	/* level by level, left to right: the midpoint of every gap (lo, hi)
	 * still open; a queue of gaps (fewer than 2 steps pushed in all) */
	long head = 0, tail = 0;
	long *q = xcalloc((size_t)(4 * steps), sizeof *q);
	q[2 * tail] = 0, q[2 * tail + 1] = steps - 1, tail++;
	while (head < tail) {
		long lo = q[2 * head], hi = q[2 * head + 1];
		head++;
		if (hi - lo < 2)
			continue;
		long mid = lo + (hi - lo) / 2;
		order[m++] = mid;
		q[2 * tail] = lo, q[2 * tail + 1] = mid, tail++;
		q[2 * tail] = mid, q[2 * tail + 1] = hi, tail++;
	}
	free(q);
}

int views_sweep_plan(rs_session *s, const rs_graph *g, long steps, long *order)
{
	int coarse = g && s->solver != RS_SOLVER_DENSE && !g->bipartite && session_rbasis(s) != NULL;
	if (coarse)
		views_sweep_order(steps, order);
	else
		for (long i = 0; i < steps; i++)
			order[i] = i;
	return coarse;
}
