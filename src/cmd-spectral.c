/* cmd-spectral.c: the commands that show the spectrum and the theory. */
#include <config.h>

#include "cmd-impl.h"

#include "gspectrum.h"
#include "numparse.h"
#include "theory.h"
#include "views.h"
#include "xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

extern rs_cancel rs_interrupted;

static const char *mode_word(const rs_session *s)
{
	return s->alpha_rel ? "relative" : "absolute";
}

/* "cliques 5 3 2, alpha = 1 (relative; absolute 0.38)" */
static void title(rs_session *s, rs_result *r, const char *what)
{
	char desc[200];
	session_describe(s, desc, sizeof desc);
	if (s->alpha_rel)
		result_title(r, "%s%s%s, alpha = %.*g relative (absolute %.*g)", what, *what ? ": " : "",
			     desc, s->digits, s->alpha, s->digits, session_alpha_abs(s));
	else
		result_title(r, "%s%s%s, alpha = %.*g absolute", what, *what ? ": " : "", desc,
			     s->digits, s->alpha);
}

static void common_fields(rs_session *s, rs_result *r, const rs_spectrum *S)
{
	result_num(r, "alpha", s->alpha);
	result_str(r, "alpha_mode", s->alpha_rel ? "rel" : "abs");
	result_num(r, "alpha_abs", session_alpha_abs(s));
	result_str(r, "solver", rs_solver_name(S->solver));
	if (S->solver == RS_SOLVER_LANCZOS) {
		result_int(r, "matvecs", S->matvecs);
		result_num(r, "residual", S->residual);
	}
	if (s->verbose && S->solver == RS_SOLVER_LANCZOS && S->ahead) {
		result_note(r, "solved ahead, while the prompt waited for this line (%s, %ld operator "
			       "applications in %.3g s, worst residual %.2g, tol %g): taken in %.3g s",
			    S->reduced > 0 ? "from the basis of earlier solves"
			    : S->warm      ? "thick-restart Lanczos, warm start"
					   : "thick-restart Lanczos",
			    S->matvecs, S->ahead_seconds, S->residual, s->tol, S->seconds);
	} else if (s->verbose && S->solver == RS_SOLVER_LANCZOS && S->reduced > 0) {
		result_note(r, "taken from the %d-column basis of earlier solves along alpha in %.3g s: "
			       "%ld operator applications (one per pair, to check it), worst residual %.2g (tol %g)",
			    S->reduced, S->seconds, S->matvecs, S->residual, s->tol);
	} else if (s->verbose && S->solver == RS_SOLVER_LANCZOS && S->matvecs == 0) {
		result_note(r, "every pair listed is known exactly (lambda = 0 once per connected "
			       "component, twin nodes' pairs): no iteration ran (%.3g s)",
			    S->seconds);
	} else if (s->verbose && S->solver == RS_SOLVER_LANCZOS) {
		char side[96] = "";
		if (S->gram_side > 0)
			snprintf(side, sizeof side, " on M M^T (the smaller side's %ld nodes)", S->gram_side);
		char again[96] = "";
		if (S->rechecks != 0)
			snprintf(again, sizeof again, ", run %d more times for the copies of repeated values",
				 abs(S->rechecks));
		const char *basis = S->single > 0     ? ", its basis in float (residuals measured)"
				    : S->single == -1 ? ", its basis in float, then in double (a residual "
							"measured above tol)"
				    : S->single < 0   ? ", its basis in float, then in double (not "
							"converged after 300 restarts in float)"
						      : "";
		result_note(r, "solved by thick-restart Lanczos%s%s%s%s in %.3g s: %ld operator applications, "
			       "%d restarts, worst residual %.2g (tol %g)",
			    side, S->warm ? " (warm start)" : "", again, basis, S->seconds, S->matvecs,
			    S->restarts, S->residual, s->tol);
	}
	else if (s->verbose)
		result_note(r, "solved by the %s solver (%s) in %.3g s, worst residual %.2g",
			    rs_solver_name(S->solver),
			    S->per_block ? "exact K x K aggregate, Proposition 1" : "LAPACK on n x n",
			    S->seconds, S->residual);
	result_flag_scalars(r, RF_NOTEXT); /* the title says them */
}

static void multiplicity_notes(rs_session *s, rs_result *r, const rs_spectrum *S)
{
	const rs_model *M = s->model;
	long k = session_k(s);
	if (S->partial)
		result_note(r, "the %d smallest of %ld eigenvalues (k = %ld, plus the trivial one)",
			    S->nvec, S->nodes, k);
	if (S->zero_degree > 0)
		result_note(r, "%ld nodes have degree 0 at alpha = 0, so the pencil is singular there: "
			       "they are left out of the problem and embedded at 0 (alpha > 0 includes "
			       "them)",
			    S->zero_degree);
	if (S->open_mult)
		result_note(r, "lambda = %.*g repeats up to the last eigenpair computed: it may have more "
			       "copies than the %ld counted",
			    s->digits, S->val[S->ngroups - 1], S->mult[S->ngroups - 1]);
	if (S->twins > 0)
		result_note(r, "%ld eigenvectors are known exactly from pieces of the graph that are "
			       "copies of one another (noise nodes, lone edges, leaves or legs hanging "
			       "from one node, ...): they sum to 0 over the copies",
			    S->twins);
	/* a symmetric graph: how its repeated eigenvalues were found */
	char how[320] = "";
	int n = abs(S->rechecks);
	if (S->alike > 0 && S->solver == RS_SOLVER_DENSE)
		snprintf(how, sizeof how, ", whose symmetry repeats eigenvalues of which an iterative "
					  "solver may find one copy, so LAPACK solved it");
	else if (S->alike > 0 && S->rechecks != 0)
		snprintf(how, sizeof how,
			 "; Lanczos ran %d more %s, each orthogonal to the pairs found before, for "
			 "the copies of the eigenvalues its symmetry repeats, %s",
			 n, n == 1 ? "time" : "times",
			 S->rechecks > 0 ? "until one found none"
					 : "and the last still found some: a value may be listed fewer "
					   "times than it occurs ('set solver dense' is exact up to "
					   "dense-max nodes)");
	else if (S->alike > 0 && S->reduced > 0)
		snprintf(how, sizeof how, ", whose repeated eigenvalues came from the basis of earlier "
					  "solves, each made with all the copies it found");
	if (how[0])
		result_note(r, "%ld of %ld nodes cannot be told from another by colour refinement: "
			       "a symmetric graph%s",
			    S->alike, S->rows, how);
	for (int g = 0; g < S->ngroups; g++) {
		double v = S->val[g];
		long m = S->mult[g];
		if (m < 2)
			continue;
		if (fabs(v) <= RS_EIG_TIE && (session_alpha_abs(s) > 0 || (M && M->eps > 0))) {
			/* connected, but so weakly that the smallest values
			 * are 0 to within the tie (relative alpha 1e-12 on
			 * polblogs) */
			const char *reg = M ? "alpha + eps" : "alpha";
			result_note(r,
				    "lambda = 0 has multiplicity %ld to within %g: %s is too small "
				    "to tell the graph's components apart, so the eigenvectors of "
				    "lambda = 0 are not unique and neither is the embedding; a larger "
				    "%s separates them",
				    m, RS_EIG_TIE, reg, reg);
		} else if (fabs(v) <= RS_EIG_TIE) {
			result_note(r,
				    "lambda = 0 has multiplicity %ld: the graph has %ld connected "
				    "components at this alpha, so the eigenvectors of lambda = 0 are "
				    "not unique and neither is the embedding; set alpha > 0 to connect it",
				    m, m);
		} else if (fabs(v - 1) <= RS_EIG_TIE && S->per_block && M && !M->noloops) {
			if (M->bipartite)
				result_note(r,
					    "lambda = 1 has multiplicity %ld = n + m - 2K (the vectors "
					    "orthogonal to the blocks of both parts)",
					    m);
			else
				result_note(r,
					    "lambda = 1 has multiplicity %ld = n - K (Proposition 1: the "
					    "vectors with Z^T x = 0)",
					    m);
		} else if (v < 1 - RS_EIG_TIE) {
			result_note(r,
				    "lambda = %.*g has multiplicity %ld%s: its eigenvectors are not "
				    "unique%s",
				    s->digits, v, m, S->per_block ? " (blocks of equal size)" : "",
				    m > k ? ", and the multiplicity exceeds k" : "");
		}
	}
}

/* eig's word: 'all' or none */
static int eig_word(int argc, char **argv, int *all, rs_err *e)
{
	*all = 0;
	if (argc == 2) {
		if (strcmp(argv[1], "all") != 0)
			return rs_fail(e, RS_EINVAL, "unexpected '%s' (expected 'all')", argv[1]);
		*all = 1;
	}
	return 0;
}

CHECK_FN(eig)
{
	(void)s;
	int all;
	return eig_word(argc, argv, &all, e);
}

CMD_FN(eig)
{
	int all;
	if (eig_word(argc, argv, &all, e) != 0)
		return -1;
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	if (all && S->partial)
		return rs_fail(e, RS_EINVAL,
			       "eig all lists the whole spectrum of block models; for a graph, eig "
			       "lists the k + 1 smallest eigenvalues ('k N' for more)");
	rs_result *r = result_new("eig");
	title(s, r, "eigenvalues");
	common_fields(s, r, S);
	if (all) {
		if (S->nodes > 1000000) {
			result_free(r);
			return rs_fail(e, RS_EINVAL,
				       "eig all would print %ld values (limit 10^6); 'eig' lists them "
				       "with multiplicities",
				       S->nodes);
		}
		double *v = xcalloc((size_t)S->nodes, sizeof *v);
		long *j = xcalloc((size_t)S->nodes, sizeof *j);
		long t = 0;
		for (int g = 0; g < S->ngroups; g++)
			for (long c = 0; c < S->mult[g]; c++, t++) {
				v[t] = S->val[g];
				j[t] = t + 1;
			}
		result_ints(r, "j", RF_TABLE, j, (size_t)t);
		result_nums(r, "eigenvalues", RF_TABLE, v, (size_t)t);
		free(v);
		free(j);
	} else {
		result_nums(r, "eigenvalues", RF_TABLE, S->val, (size_t)S->ngroups);
		result_ints(r, "multiplicity", RF_TABLE, S->mult, (size_t)S->ngroups);
	}
	multiplicity_notes(s, r, S);
	cmd_emit(s, out, r);
	return 0;
}

/* Thresholds in block order and in rank order. */
struct ranked {
	double *mu, *sorted;
	int *order;
};

static void ranked_mu(const rs_model *M, double a, struct ranked *q)
{
	q->mu = xcalloc((size_t)M->K, sizeof *q->mu);
	q->sorted = xcalloc((size_t)M->K, sizeof *q->sorted);
	q->order = xcalloc((size_t)M->K, sizeof *q->order);
	rs_theory_mu(M, a, q->mu);
	rs_theory_rank(q->mu, M->K, q->order);
	for (int j = 0; j < M->K; j++)
		q->sorted[j] = q->mu[q->order[j]];
}

static void ranked_free(struct ranked *q)
{
	free(q->mu);
	free(q->sorted);
	free(q->order);
}

static int cosorted(const rs_model *M)
{
	for (int i = 0; i < M->K; i++)
		for (int j = 0; j < M->K; j++)
			if (M->n[i] > M->n[j] && M->m[i] < M->m[j])
				return 0;
	return 1;
}

static void model_caveats(const rs_model *M, rs_result *r)
{
	if (M->noloops)
		result_note(r, "noloops: the theory assumes self-loops (A of rank K); this is the "
			       "counter-example, so violations are expected");
	if (M->bipartite && !cosorted(M))
		result_note(r, "the row and column sizes are not in the same order, as Section 4 "
			       "assumes (n_1 > ... > n_K and m_1 > ... > m_K): Lemma 3 and Theorem 2 "
			       "need not hold here");
}

static int graph_mu(rs_session *s, FILE *out, rs_err *e)
{
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	struct classes c;
	if (views_classes(s, &c, e) != 0)
		return -1;
	int rows = c.K < S->nvec ? c.K : S->nvec;
	enum rs_il *st = xcalloc((size_t)rows, sizeof *st);
	int bad = rs_theory_interleave(S->lambda, c.sorted, rows, st);
	long *j = xcalloc((size_t)rows, sizeof *j), *size = xcalloc((size_t)rows, sizeof *size);
	char **cls = xcalloc((size_t)rows, sizeof *cls), **chk = xcalloc((size_t)rows, sizeof *chk);
	double *lam = xcalloc((size_t)rows, sizeof *lam);
	char buf[32];
	for (int i = 0; i < rows; i++) {
		int b = c.order[i];
		j[i] = i + 1;
		size[i] = c.size[b];
		cls[i] = xstrdup(views_class_name(s, c.id[b], buf, sizeof buf));
		chk[i] = (char *)views_il_word(s, st[i]);
		lam[i] = S->lambda[i];
	}
	rs_result *r = result_new("mu");
	title(s, r, "interleaving");
	common_fields(s, r, S);
	result_ints(r, "j", RF_TABLE, j, (size_t)rows);
	result_strs(r, "class", RF_TABLE, cls, (size_t)rows);
	result_ints(r, "size", RF_TABLE, size, (size_t)rows);
	result_nums(r, "lambda", RF_TABLE, lam, (size_t)rows);
	result_nums(r, "mu", RF_TABLE, c.sorted, (size_t)rows);
	result_strs(r, "check", RF_TABLE, chk, (size_t)rows);
	result_bool(r, "interleaved", bad == 0);
	result_int(r, "violations", bad);
	result_note(r, "thresholds from the class sizes, as if the classes were cliques: a "
		       "reference for a real graph, not a theorem");
	if (rows < c.K)
		result_note(r, "%d of %d classes shown: k = %ld gives %d eigenvalues", rows, c.K,
			    session_k(s), S->nvec);
	cmd_emit(s, out, r);
	for (int i = 0; i < rows; i++)
		free(cls[i]);
	free(cls);
	free(chk);
	free(j);
	free(size);
	free(lam);
	free(st);
	views_classes_free(&c);
	return 0;
}

static int graph_signs(rs_session *s, FILE *out, rs_err *e)
{
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	struct classes c;
	if (views_classes(s, &c, e) != 0)
		return -1;
	int K = c.K, k = S->nvec - 1;
	rs_result *r = result_new("signs");
	title(s, r, "sign patterns by class");
	common_fields(s, r, S);
	result_int(r, "k", k);
	result_flag_scalars(r, RF_NOTEXT);
	char **cls = xcalloc((size_t)K, sizeof *cls);
	long *size = xcalloc((size_t)K, sizeof *size), *rank = xcalloc((size_t)K, sizeof *rank);
	char buf[32];
	for (int i = 0; i < K; i++) {
		cls[i] = xstrdup(views_class_name(s, c.id[i], buf, sizeof buf));
		size[i] = c.size[i];
		rank[c.order[i]] = i + 1;
	}
	result_strs(r, "class", RF_TABLE, cls, (size_t)K);
	result_ints(r, "size", RF_TABLE, size, (size_t)K);
	result_nums(r, "mu", RF_TABLE, c.mu, (size_t)K);
	result_ints(r, "rank", RF_TABLE, rank, (size_t)K);
	double *pos = xcalloc((size_t)K, sizeof *pos);
	char **agr = xcalloc((size_t)k, sizeof *agr), **sig = xcalloc((size_t)k, sizeof *sig);
	char *act = xcalloc((size_t)K + 1, 1), *prd = xcalloc((size_t)K + 1, 1);
	char **col = xcalloc((size_t)K, sizeof *col);
	int agree_all = 1;
	for (int j = 1; j <= k; j++) {
		views_class_fractions(s, S, &c, j, pos);
		const char *word = views_class_signs(S, &c, j, pos, act, prd);
		agr[j - 1] = (char *)word;
		agree_all &= strcmp(word, "no") != 0;
		sig[j - 1] = xstrdup(act);
		char name[32];
		snprintf(name, sizeof name, "pos_%d", j + 1);
		result_nums(r, name, RF_TABLE, pos, (size_t)K);
		for (int t = 0; t < K; t++)
			col[t] = xasprintf("%c", act[t]);
		snprintf(name, sizeof name, "x_%d", j + 1);
		result_strs(r, name, RF_NOTEXT, col, (size_t)K);
		for (int t = 0; t < K; t++)
			free(col[t]);
	}
	result_strs(r, "signs", RF_NOTEXT, sig, (size_t)k);
	result_strs(r, "agree", 0, agr, (size_t)k);
	result_bool(r, "theorem_holds", agree_all);
	result_note(r, "pos_j: the fraction of a class's nodes where x_j > 0 (sign '+' at 0.9 or more, "
		       "'-' at 0.1 or less, mixed otherwise); 'agree' compares with Theorem 1 read on "
		       "the classes: the j-1 largest on one side, the rest on the other (n/a past x_K "
		       "for K classes)");
	cmd_emit(s, out, r);
	for (int i = 0; i < K; i++)
		free(cls[i]);
	for (int j = 0; j < k; j++)
		free(sig[j]);
	free(cls);
	free(sig);
	free(size);
	free(rank);
	free(pos);
	free(agr);
	free(act);
	free(prd);
	free(col);
	views_classes_free(&c);
	return 0;
}

static int graph_embed(rs_session *s, int blocks, FILE *out, rs_err *e)
{
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	int k = S->nvec - 1;
	rs_result *r = result_new("embed");
	title(s, r, "embedding");
	common_fields(s, r, S);
	result_int(r, "k", k);
	result_flag_scalars(r, RF_NOTEXT);
	if (blocks) {
		struct classes c;
		if (views_classes(s, &c, e) != 0) {
			result_free(r);
			return -1;
		}
		char **cls = xcalloc((size_t)c.K, sizeof *cls);
		char buf[32];
		int *slot = xcalloc((size_t)s->labels->nclass + 1, sizeof *slot);
		for (int t = 0; t < c.K; t++) {
			cls[t] = xstrdup(views_class_name(s, c.id[t], buf, sizeof buf));
			slot[c.id[t]] = t + 1;
		}
		result_strs(r, "class", RF_TABLE, cls, (size_t)c.K);
		result_ints(r, "size", RF_TABLE, c.size, (size_t)c.K);
		double *m = xcalloc((size_t)c.K, sizeof *m);
		for (int j = 1; j <= k; j++) {
			memset(m, 0, (size_t)c.K * sizeof *m);
			const double *x = S->vec + (size_t)j * S->rows;
			for (long i = 0; i < s->labels->n; i++)
				if (s->labels->y[i] >= 0 && slot[s->labels->y[i]])
					m[slot[s->labels->y[i]] - 1] += x[i];
			for (int t = 0; t < c.K; t++)
				m[t] /= (double)c.size[t];
			char name[32];
			snprintf(name, sizeof name, "x_%d", j + 1);
			result_nums(r, name, RF_TABLE, m, (size_t)c.K);
		}
		result_note(r, "the mean of each column over the nodes of each class");
		for (int t = 0; t < c.K; t++)
			free(cls[t]);
		free(cls);
		free(slot);
		free(m);
		views_classes_free(&c);
	} else {
		long N = S->rows;
		if (N > 1000000) {
			result_free(r);
			return rs_fail(e, RS_EINVAL,
				       "embed nodes would print %ld rows (limit 10^6): 'save embedding FILE' "
				       "writes them all",
				       N);
		}
		long *id = xcalloc((size_t)N, sizeof *id), *lab = xcalloc((size_t)N, sizeof *lab);
		char **names = xcalloc((size_t)N, sizeof *names);
		const rs_graph *g = s->graph;
		for (long i = 0; i < N; i++) {
			id[i] = i;
			lab[i] = s->labels && i < s->labels->n ? s->labels->y[i] : -1;
			const char *nm = rs_graph_node_name(g, i);
			names[i] = nm ? (char *)nm : (char *)"";
		}
		result_ints(r, "node", RF_TABLE, id, (size_t)N);
		if (g->names || g->cnames)
			result_strs(r, "name", RF_TABLE, names, (size_t)N);
		if (s->labels)
			result_ints(r, "label", RF_TABLE, lab, (size_t)N);
		if (s->labels && s->labels->class_names) {
			/* the class names beside their numbers: a reader sees
			 * 'rep' where a script keeps the number */
			char **cn = xcalloc((size_t)N, sizeof *cn);
			for (long i = 0; i < N; i++) {
				const char *c = rs_labels_class_name(s->labels, lab[i]);
				cn[i] = c ? (char *)c : (char *)"";
			}
			result_strs(r, "class", RF_TABLE, cn, (size_t)N);
			free(cn);
		}
		for (int j = 1; j <= k; j++) {
			char name[32];
			snprintf(name, sizeof name, "x_%d", j + 1);
			result_nums(r, name, RF_TABLE, S->vec + (size_t)j * S->rows, (size_t)N);
		}
		free(id);
		free(lab);
		free(names);
	}
	cmd_emit(s, out, r);
	return 0;
}

/* The table of a sweep: alpha (and its absolute value in relative mode),
 * nl columns lambda_2.., nm columns mu_1..; column c of lam and mus starts at
 * c * steps, and done rows are filled. */
static rs_result *sweep_result(rs_session *s, const double *al, const double *ab, const double *lam,
			       int nl, const double *mus, int nm, long steps, long done)
{
	rs_result *r = result_new("sweep");
	title(s, r, "sweep");
	result_str(r, "alpha_mode", s->alpha_rel ? "rel" : "abs");
	result_flag_scalars(r, RF_NOTEXT);
	result_nums(r, "alpha", RF_TABLE, al, (size_t)done);
	if (s->alpha_rel)
		result_nums(r, "alpha_abs", RF_TABLE, ab, (size_t)done);
	char name[32];
	for (int c = 0; c < nl; c++) {
		snprintf(name, sizeof name, "lambda_%d", c + 2);
		result_nums(r, name, RF_TABLE, lam + (size_t)c * steps, (size_t)done);
	}
	for (int c = 0; c < nm; c++) {
		snprintf(name, sizeof name, "mu_%d", c + 1);
		result_nums(r, name, RF_TABLE, mus + (size_t)c * steps, (size_t)done);
	}
	return r;
}

/* A sweep's rows on a graph, by their place along alpha: alpha, its
 * absolute value, lambda_2 .. lambda_k+1 and, with classes, the nm
 * thresholds and whether the interleaving holds; the products; which
 * rows are solved */
struct sweep_rows {
	long steps;
	int k, nm;
	double *al, *ab, *lam, *mus; /* lam and mus: a column of steps a value */
	long *mv;
	int *ok, *solved;
	enum rs_il *st;
};

static void sweep_rows_init(struct sweep_rows *w, long steps, int k, int nm)
{
	w->steps = steps;
	w->k = k;
	w->nm = nm;
	w->al = xcalloc((size_t)steps, sizeof *w->al);
	w->ab = xcalloc((size_t)steps, sizeof *w->ab);
	w->lam = xcalloc((size_t)steps * (size_t)k, sizeof *w->lam);
	w->mus = xcalloc((size_t)steps * (size_t)(nm ? nm : 1), sizeof *w->mus);
	w->mv = xcalloc((size_t)steps, sizeof *w->mv);
	w->ok = xcalloc((size_t)steps, sizeof *w->ok);
	w->solved = xcalloc((size_t)steps, sizeof *w->solved);
	w->st = xcalloc((size_t)(nm ? nm : 1), sizeof *w->st);
}

static void sweep_rows_free(struct sweep_rows *w)
{
	free(w->al);
	free(w->ab);
	free(w->lam);
	free(w->mus);
	free(w->mv);
	free(w->ok);
	free(w->solved);
	free(w->st);
}

/* Row i from S, solved at alpha a (absolute aa), with the thresholds of
 * the classes c (when the rows have some) ranked and checked against it */
static void sweep_row(rs_session *s, struct sweep_rows *w, long i, double a, double aa, const rs_spectrum *S,
		      struct classes *c)
{
	long steps = w->steps;
	int nm = w->nm;
	w->al[i] = a;
	w->ab[i] = aa;
	w->mv[i] = S->matvecs;
	for (long j = 0; j < w->k; j++)
		w->lam[j * steps + i] = j + 1 < S->nvec ? S->lambda[j + 1] : NAN;
	if (nm) {
		double an = aa * (double)session_nodes(s);
		for (int b = 0; b < c->K; b++)
			c->mu[b] = an / (an + (double)c->size[b]);
		rs_theory_rank(c->mu, c->K, c->order);
		for (int b = 0; b < nm; b++)
			w->mus[b * steps + i] = c->mu[c->order[b]];
		double *srt = xcalloc((size_t)nm, sizeof *srt);
		for (int b = 0; b < nm; b++)
			srt[b] = c->mu[c->order[b]];
		w->ok[i] = rs_theory_interleave(S->lambda, srt, nm < S->nvec ? nm : S->nvec, w->st) == 0;
		free(srt);
	}
	w->solved[i] = 1;
}

/* The rows solved moved to the front, in alpha order (an interrupted
 * coarse-to-fine sweep has them spread over the range) */
static void sweep_rows_pack(struct sweep_rows *w)
{
	long steps = w->steps, m = 0;
	for (long i = 0; i < steps; i++) {
		if (!w->solved[i])
			continue;
		w->al[m] = w->al[i], w->ab[m] = w->ab[i], w->mv[m] = w->mv[i], w->ok[m] = w->ok[i];
		for (long j = 0; j < w->k; j++)
			w->lam[j * steps + m] = w->lam[j * steps + i];
		for (int j = 0; j < w->nm; j++)
			w->mus[j * steps + m] = w->mus[j * steps + i];
		m++;
	}
}

/* The spectrum of g at absolute alpha aa for a sweep, warm from prev */
static rs_spectrum *sweep_solve(rs_session *s, const rs_graph *g, double aa, long k, const rs_spectrum *prev,
				rs_err *e)
{
	if (s->solver == RS_SOLVER_DENSE)
		return rs_graph_spectrum_dense(g, aa, (int)k, s->dense_max, e);
	rs_gsolve_opts o = {aa,	  (int)k, s->tol, s->ncv, s->seed, s->no_warm ? NULL : prev,
			    &rs_interrupted, session_rbasis(s), 0, s->solver == RS_SOLVER_LANCZOS,
			    s->basis};
	return rs_graph_spectrum(g, &o, e);
}

static void sweep_emit(rs_session *s, const struct sweep_rows *w, long done, int coarse, FILE *out)
{
	long steps = w->steps;
	rs_result *r = sweep_result(s, w->al, w->ab, w->lam, w->k, w->mus, w->nm, steps, done);
	if (w->nm)
		result_bools(r, "interleaved", RF_TABLE, w->ok, (size_t)done);
	if (s->solver != RS_SOLVER_DENSE)
		result_ints(r, "matvecs", RF_TABLE, w->mv, (size_t)done);
	if (coarse)
		result_note(r, "solved coarse to fine (the ends, the middle, the quarters, ...), so that "
			       "points between solved ones can come from the basis of earlier solves");
	else if (s->solver != RS_SOLVER_DENSE && !s->no_warm)
		result_note(r, "each step starts from the previous step's eigenvectors (warm start)");
	if (done < steps)
		result_note(r, "interrupted after %ld of %ld steps%s", done, steps,
			    coarse ? " (spread over the range)" : "");
	cmd_emit(s, out, r);
}

static int graph_sweep(rs_session *s, double from, double to, long steps, int logscale, FILE *out,
		       rs_err *e)
{
	const rs_graph *g = session_solver_graph(s, e);
	if (g == NULL)
		return -1;
	long k = session_k(s);
	struct classes c;
	int have = s->labels != NULL && views_classes(s, &c, e) == 0;
	struct sweep_rows w;
	sweep_rows_init(&w, steps, (int)k, have ? (int)(k + 1 < c.K ? k + 1 : c.K) : 0);
	long *order = xcalloc((size_t)steps, sizeof *order);
	int coarse = views_sweep_plan(s, g, steps, order);
	rs_spectrum *prev = NULL;
	long done = 0;
	int rc = 0;
	double f1 = session_rel_factor(s);
	rs_interrupted = 0;
	for (long t = 0; t < steps && !rs_interrupted; t++) {
		long i = order[t];
		double a = views_sweep_alpha(from, to, steps, logscale, i);
		double aa = s->alpha_rel ? a * f1 : a;
		rs_spectrum *S = sweep_solve(s, g, aa, k, prev, e);
		if (S == NULL) {
			if (!rs_interrupted) {
				rs_fail(e, e->code, "at alpha = %g: %s", a, e->msg);
				rc = -1;
			}
			break;
		}
		sweep_row(s, &w, i, a, aa, S, &c);
		rs_spectrum_free(prev);
		prev = S;
		done++;
	}
	rs_spectrum_free(prev);
	sweep_rows_pack(&w);
	if (rc == 0)
		sweep_emit(s, &w, done, coarse, out);
	if (have)
		views_classes_free(&c);
	sweep_rows_free(&w);
	free(order);
	return rc;
}

CMD_FN(mu)
{
	(void)argv;
	(void)argc;
	if (s->graph)
		return graph_mu(s, out, e);
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	const rs_model *M = s->model;
	int K = M->K;
	double a = session_alpha_abs(s);
	struct ranked q;
	ranked_mu(M, a, &q);
	enum rs_il *st = xcalloc((size_t)K, sizeof *st);
	int bad = rs_theory_interleave(S->lambda, q.sorted, K, st);
	long *j = xcalloc((size_t)K, sizeof *j), *blk = xcalloc((size_t)K, sizeof *blk);
	long *n = xcalloc((size_t)K, sizeof *n), *m = xcalloc((size_t)K, sizeof *m);
	double *t = xcalloc((size_t)K, sizeof *t), *paper = xcalloc((size_t)K, sizeof *paper);
	char **chk = xcalloc((size_t)K, sizeof *chk);
	double *pm = xcalloc((size_t)K, sizeof *pm);
	if (M->bipartite)
		rs_theory_mu_paper(M, a, pm);
	for (int i = 0; i < K; i++) {
		int b = q.order[i];
		j[i] = i + 1;
		blk[i] = b + 1;
		n[i] = M->n[b];
		m[i] = M->bipartite ? M->m[b] : 0;
		t[i] = M->t[b];
		paper[i] = pm[b];
		chk[i] = (char *)views_il_word(s, st[i]);
	}
	rs_result *r = result_new("mu");
	title(s, r, "interleaving");
	common_fields(s, r, S);
	result_ints(r, "j", RF_TABLE, j, (size_t)K);
	result_ints(r, "block", RF_TABLE, blk, (size_t)K);
	result_ints(r, M->bipartite ? "rows" : "size", RF_TABLE, n, (size_t)K);
	if (M->bipartite)
		result_ints(r, "cols", RF_TABLE, m, (size_t)K);
	if (M->theta)
		result_nums(r, "weight", RF_TABLE, t, (size_t)K);
	result_nums(r, "lambda", RF_TABLE, S->lambda, (size_t)K);
	result_nums(r, "mu", RF_TABLE, q.sorted, (size_t)K);
	if (M->bipartite)
		result_nums(r, "mu_paper", RF_TABLE, paper, (size_t)K);
	result_strs(r, "check", RF_TABLE, chk, (size_t)K);
	result_bool(r, "interleaved", bad == 0);
	result_int(r, "violations", bad);
	/* the chain, as Lemma 3 writes it, each comparison as it really is */
	size_t cap = 64 + (size_t)K * 64, len = 0;
	char *chain = xcalloc(cap, 1);
	double prev = 0;
	len += (size_t)snprintf(chain + len, cap - len, "0 = lambda_1");
	for (int i = 0; i < 2 * K - 1; i++) {
		double v = i % 2 == 0 ? q.sorted[i / 2] : S->lambda[i / 2 + 1];
		const char *rel = fabs(v - prev) <= RS_EIG_TIE * fmax(1.0, fabs(v)) ? "="
				  : prev < v					    ? "<"
										    : ">";
		len += (size_t)snprintf(chain + len, cap - len, " %s %.4g", rel, v);
		prev = v;
	}
	if (a != 0) /* at alpha + eps = 0 every value is 0: the note below says so */
		result_note(r, "%s", chain);
	free(chain);
	if (M->theta)
		result_note(r, "degree-corrected: blocks are ranked by their weight t_j (the sum of "
			       "theta over the block), mu_j = a T / (a T + t_j)");
	if (M->bipartite)
		result_note(r, "mu_paper is the threshold as the paper prints it, without the square "
			       "root; the check uses the corrected mu");
	if (a == 0)
		result_note(r, "alpha + eps = 0: the blocks are disconnected, and every lambda_j and mu_j "
			       "here is 0; the interleaving is degenerate");
	model_caveats(M, r);
	cmd_emit(s, out, r);
	ranked_free(&q);
	free(st);
	free(j);
	free(blk);
	free(n);
	free(m);
	free(t);
	free(paper);
	free(chk);
	free(pm);
	return 0;
}

int cmd_need_k(rs_session *s, rs_err *e)
{
	if (session_need_model(s, e) != 0 || session_need_nodes(s, e) != 0)
		return -1;
	if (s->model && s->model->K < 2)
		return rs_fail(e, RS_EINVAL,
			       "a single block has no informative eigenvector (lambda_2 = 1): use at "
			       "least two blocks");
	return 0;
}

static char *order_text(const int *order, int K)
{
	size_t cap = (size_t)K * 8 + 8, len = 0;
	char *t = xcalloc(cap, 1);
	for (int i = 0; i < K; i++)
		len += (size_t)snprintf(t + len, cap - len, "%s%d", i ? " " : "", order[i] + 1);
	return t;
}

/* The blocks' table of 'signs' on a model: each block (and part) with
 * its size, mu and mu's rank. */
static void signs_blocks(rs_result *r, const rs_model *M, const struct ranked *q)
{
	int K = M->K, parts = M->bipartite ? 2 : 1, rows = K * parts;
	long *blk = xcalloc((size_t)rows, sizeof *blk), *size = xcalloc((size_t)rows, sizeof *size);
	long *rank = xcalloc((size_t)K, sizeof *rank), *rk = xcalloc((size_t)rows, sizeof *rk);
	double *mu = xcalloc((size_t)rows, sizeof *mu);
	char **part = xcalloc((size_t)rows, sizeof *part);
	for (int i = 0; i < K; i++)
		rank[q->order[i]] = i + 1;
	for (int p = 0; p < parts; p++)
		for (int b = 0; b < K; b++) {
			int i = p * K + b;
			blk[i] = b + 1;
			size[i] = p ? M->m[b] : M->n[b];
			mu[i] = q->mu[b];
			rk[i] = rank[b];
			part[i] = p ? "cols" : "rows";
		}
	result_ints(r, "block", RF_TABLE, blk, (size_t)rows);
	if (parts == 2)
		result_strs(r, "part", RF_TABLE, part, (size_t)rows);
	result_ints(r, "size", RF_TABLE, size, (size_t)rows);
	result_nums(r, "mu", RF_TABLE, mu, (size_t)rows);
	result_ints(r, "rank", RF_TABLE, rk, (size_t)rows);
	free(blk);
	free(size);
	free(rank);
	free(rk);
	free(mu);
	free(part);
}

/* Eigenvector c's signs on the blocks (act) against the theorem's (prd),
 * as the table's columns x_{c+1} and T_{c+1}; how far they agree. */
static enum rs_agree signs_column(rs_result *r, const rs_model *M, const rs_spectrum *S, const struct ranked *q,
				  long c, char *act, char *prd)
{
	int K = M->K, parts = M->bipartite ? 2 : 1, rows = K * parts;
	enum rs_agree worst = RS_AGREE_YES;
	for (int p = 0; p < parts; p++) {
		for (int b = 0; b < K; b++)
			act[p * K + b] = rs_theory_sign(M, S, (int)c, p, b);
		enum rs_agree ag = rs_theory_predict(M, S, q->mu, (int)c, act + p * K, prd + p * K);
		if (ag == RS_AGREE_NO || (ag != RS_AGREE_YES && worst == RS_AGREE_YES))
			worst = ag;
	}
	char **acol = xcalloc((size_t)rows, sizeof *acol), **pcol = xcalloc((size_t)rows, sizeof *pcol);
	for (int i = 0; i < rows; i++) {
		acol[i] = xasprintf("%c", act[i]);
		pcol[i] = xasprintf("%c", prd[i]);
	}
	char name[32];
	snprintf(name, sizeof name, "x_%ld", c + 1);
	result_strs(r, name, RF_TABLE, acol, (size_t)rows);
	snprintf(name, sizeof name, "T_%ld", c + 1);
	result_strs(r, name, RF_TABLE, pcol, (size_t)rows);
	for (int i = 0; i < rows; i++) {
		free(acol[i]);
		free(pcol[i]);
	}
	free(acol);
	free(pcol);
	return worst;
}

/* A bipartite model's block orders: at this alpha, and its limits as
 * alpha goes to 0 and to infinity. */
static void signs_orders(rs_result *r, const rs_model *M, const struct ranked *q)
{
	int K = M->K;
	int *h = xcalloc((size_t)K, sizeof *h), *g = xcalloc((size_t)K, sizeof *g);
	rs_theory_bipartite_limits(M, h, g);
	char *o = order_text(q->order, K), *oh = order_text(h, K), *og = order_text(g, K);
	result_str(r, "order", o);
	result_str(r, "order_alpha_to_0", oh);
	result_str(r, "order_alpha_to_inf", og);
	result_note(r, "block order at this alpha (smallest mu first): %s; as alpha -> 0+ "
		       "(harmonic mean of n_j/n and m_j/m): %s; as alpha -> infinity "
		       "(geometric mean): %s",
		    o, oh, og);
	free(o);
	free(oh);
	free(og);
	free(h);
	free(g);
}

CMD_FN(signs)
{
	(void)argv;
	(void)argc;
	if (cmd_need_k(s, e) != 0)
		return -1;
	if (s->graph)
		return graph_signs(s, out, e);
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	const rs_model *M = s->model;
	int K = M->K, parts = M->bipartite ? 2 : 1;
	long k = session_k(s);
	int rows = K * parts;
	struct ranked q;
	ranked_mu(M, session_alpha_abs(s), &q);
	rs_result *r = result_new("signs");
	title(s, r, "sign patterns");
	common_fields(s, r, S);
	result_int(r, "k", k);
	result_flag_scalars(r, RF_NOTEXT);
	signs_blocks(r, M, &q);
	char **sig = xcalloc((size_t)k, sizeof *sig), **pre = xcalloc((size_t)k, sizeof *pre);
	char **agr = xcalloc((size_t)k, sizeof *agr);
	int all_ok = 1;
	for (long c = 1; c <= k; c++) {
		char *act = xcalloc((size_t)rows + 2, 1), *prd = xcalloc((size_t)rows + 2, 1);
		enum rs_agree worst = signs_column(r, M, S, &q, c, act, prd);
		if (parts == 2) { /* "rows|cols" */
			sig[c - 1] = xasprintf("%.*s|%.*s", K, act, K, act + K);
			pre[c - 1] = xasprintf("%.*s|%.*s", K, prd, K, prd + K);
		} else {
			sig[c - 1] = xasprintf("%.*s", K, act);
			pre[c - 1] = xasprintf("%.*s", K, prd);
		}
		agr[c - 1] = (char *)rs_agree_name(worst);
		all_ok &= worst != RS_AGREE_NO;
		free(act);
		free(prd);
	}
	result_strs(r, "signs", RF_NOTEXT, sig, (size_t)k);
	result_strs(r, "predicted", RF_NOTEXT, pre, (size_t)k);
	result_strs(r, "agree", 0, agr, (size_t)k);
	result_bool(r, "theorem_holds", all_ok);
	result_note(r, "x_j is the eigenvector of lambda_j; T_j is Theorem %d's prediction: one "
		       "sign on the j-1 blocks of smallest mu (rank < j), the other on the rest%s",
		    parts == 2 ? 2 : 1, parts == 2 ? ", one sign per part" : "");
	if (parts == 2)
		signs_orders(r, M, &q);
	model_caveats(M, r);
	cmd_emit(s, out, r);
	for (long c = 0; c < k; c++) {
		free(sig[c]);
		free(pre[c]);
	}
	free(sig);
	free(pre);
	free(agr);
	ranked_free(&q);
	return 0;
}

/* embed's word: 'nodes' (1), 'blocks' (0), or none (*nodes as it was) */
static int embed_word(int argc, char **argv, int *nodes, rs_err *e)
{
	if (argc == 2) {
		if (!strcmp(argv[1], "nodes"))
			*nodes = 1;
		else if (!strcmp(argv[1], "blocks"))
			*nodes = 0;
		else
			return rs_fail(e, RS_EINVAL, "unexpected '%s' (expected blocks or nodes)", argv[1]);
	}
	return 0;
}

CHECK_FN(embed)
{
	(void)s;
	int nodes = 0;
	return embed_word(argc, argv, &nodes, e);
}

CMD_FN(embed)
{
	int nodes = s->graph != NULL;
	if (embed_word(argc, argv, &nodes, e) != 0)
		return -1;
	if (cmd_need_k(s, e) != 0)
		return -1;
	if (s->graph)
		return graph_embed(s, !nodes, out, e);
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	const rs_model *M = s->model;
	int K = M->K, parts = M->bipartite ? 2 : 1;
	long k = session_k(s), N = rs_model_nodes(M);
	if (nodes && N > 1000000)
		return rs_fail(e, RS_EINVAL,
			       "embed nodes would print %ld rows (limit 10^6); 'embed blocks' gives "
			       "the same numbers per block",
			       N);
	long rows = nodes ? N : (long)K * parts;
	long *id = xcalloc((size_t)rows, sizeof *id), *blk = xcalloc((size_t)rows, sizeof *blk);
	char **part = xcalloc((size_t)rows, sizeof *part);
	double *col = xcalloc((size_t)rows, sizeof *col);
	for (long i = 0; i < rows; i++) {
		int p = nodes ? (i >= M->nn) : (int)(i / K);
		id[i] = i + 1;
		blk[i] = nodes ? rs_model_block_of(M, i) + 1 : i % K + 1;
		part[i] = p ? "cols" : "rows";
	}
	rs_result *r = result_new("embed");
	title(s, r, "embedding");
	common_fields(s, r, S);
	result_int(r, "k", k);
	result_flag_scalars(r, RF_NOTEXT);
	if (nodes) {
		result_ints(r, "node", RF_TABLE, id, (size_t)rows);
		if (parts == 2)
			result_strs(r, "part", RF_TABLE, part, (size_t)rows);
		result_ints(r, "block", RF_TABLE, blk, (size_t)rows);
	} else {
		result_ints(r, "block", RF_TABLE, blk, (size_t)rows);
		if (parts == 2)
			result_strs(r, "part", RF_TABLE, part, (size_t)rows);
		long *size = xcalloc((size_t)rows, sizeof *size);
		for (long i = 0; i < rows; i++)
			size[i] = i < K ? M->n[i] : M->m[i - K];
		result_ints(r, "size", RF_TABLE, size, (size_t)rows);
		free(size);
	}
	for (long c = 1; c <= k; c++) {
		const double *x = S->vec + (size_t)c * (size_t)S->rows;
		for (long i = 0; i < rows; i++) {
			if (nodes) {
				col[i] = S->per_block ? x[(i >= M->nn ? K : 0) + blk[i] - 1] : x[i];
			} else if (S->per_block) {
				col[i] = x[i];
			} else { /* mean over the block's nodes */
				int p = (int)(i / K), b = (int)(i % K);
				long lo = rs_model_block_start(M, p, b), len = p ? M->m[b] : M->n[b];
				double sum = 0;
				for (long v = lo; v < lo + len; v++)
					sum += x[v];
				col[i] = sum / (double)len;
			}
		}
		char name[32];
		snprintf(name, sizeof name, "x_%ld", c + 1);
		result_nums(r, name, RF_TABLE, col, (size_t)rows);
	}
	result_note(r, "X = D^-1/2 U with X^T D_alpha X = I; x_j is the eigenvector of lambda_j, "
		       "signed so that its largest entry is positive");
	cmd_emit(s, out, r);
	free(id);
	free(blk);
	free(part);
	free(col);
	return 0;
}

/* sweep's first word: 'alpha' (1), or the first number (0), or -1 and e */
static int sweep_first(const char *w, rs_err *e)
{
	if (strcmp(w, "alpha") == 0)
		return 1;
	if (!isdigit((unsigned char)w[0]) && w[0] != '.' && w[0] != '-')
		return rs_fail(e, RS_EINVAL, "can only sweep alpha, got '%s'", w);
	return 0;
}

/* sweep's words: [alpha] FROM TO STEPS [log]; 0, or -1 with e filled */
static int sweep_words(const rs_session *s, int argc, char **argv, double *from, double *to, long *steps,
		       int *logscale, rs_err *e)
{
	int named = sweep_first(argv[1], e);
	if (named < 0)
		return -1;
	if (named) {
		argv++; /* the optional word: FROM TO STEPS [log] follow */
		argc--;
	}
	if (argc < 4 || argc > 5)
		return rs_fail(e, RS_EINVAL, "%s; usage: sweep [alpha] FROM TO STEPS [log]",
			       argc < 4 ? "too few arguments" : "too many arguments");
	*logscale = 0;
	if (argc == 5) {
		if (strcmp(argv[4], "log") != 0)
			return rs_fail(e, RS_EINVAL, "unexpected '%s' (expected 'log')", argv[4]);
		*logscale = 1;
	}
	if (rs_parse_range(argv[1], 0, HUGE_VAL, "FROM", from, e) != 0 ||
	    rs_parse_range(argv[2], 0, HUGE_VAL, "TO", to, e) != 0 ||
	    rs_parse_count(argv[3], 2, 100000, "STEPS", steps, e) != 0)
		return -1;
	if (*logscale && (*from <= 0 || *to <= 0))
		return rs_fail(e, RS_EINVAL, "a log sweep needs FROM and TO > 0");
	if (s->sandbox && *steps > 200)
		return rs_fail(e, RS_EINVAL, "the sandbox allows 200 steps at most");
	return 0;
}

CHECK_FN(sweep)
{
	double from, to;
	long steps;
	int logscale;
	return sweep_words(s, argc, argv, &from, &to, &steps, &logscale, e);
}

CMD_FN(sweep)
{
	double from, to;
	long steps;
	int logscale;
	if (sweep_words(s, argc, argv, &from, &to, &steps, &logscale, e) != 0)
		return -1;
	if (session_alpha_ok(s, s->alpha_rel, from, "FROM", e) != 0 ||
	    session_alpha_ok(s, s->alpha_rel, to, "TO", e) != 0)
		return -1;
	if (cmd_need_k(s, e) != 0)
		return -1;
	s->swept = (struct rs_swept){1, s->alpha_rel, logscale, from, to, steps};
	if (s->graph)
		return graph_sweep(s, from, to, steps, logscale, out, e);
	const rs_model *M = s->model;
	long k = session_k(s);
	int K = M->K, nl = (int)k, nm = (int)(k + 1 <= K ? k + 1 : K);
	double *al = xcalloc((size_t)steps, sizeof *al), *ab = xcalloc((size_t)steps, sizeof *ab);
	double *lam = xcalloc((size_t)steps * nl, sizeof *lam), *mus = xcalloc((size_t)steps * nm, sizeof *mus);
	int *ok = xcalloc((size_t)steps, sizeof *ok);
	enum rs_il *st = xcalloc((size_t)K, sizeof *st);
	enum rs_solver solver = s->solver == RS_SOLVER_AUTO ? RS_SOLVER_AGGREGATE : s->solver;
	long done = 0;
	int rc = 0;
	rs_interrupted = 0;
	for (long i = 0; i < steps && !rs_interrupted; i++) {
		double a = views_sweep_alpha(from, to, steps, logscale, i);
		double aa = s->alpha_rel ? rs_model_rel_to_abs(M, a) : a;
		rs_spectrum *S = rs_spectrum_solve(M, aa, solver, s->dense_max, e);
		if (S == NULL) {
			rs_fail(e, e->code, "at alpha = %g: %s", a, e->msg);
			rc = -1;
			break;
		}
		struct ranked q;
		ranked_mu(M, aa, &q);
		ok[i] = rs_theory_interleave(S->lambda, q.sorted, K, st) == 0;
		al[i] = a;
		ab[i] = aa;
		for (int c = 0; c < nl; c++)
			lam[c * steps + i] = S->lambda[c + 1];
		for (int c = 0; c < nm; c++)
			mus[c * steps + i] = q.sorted[c];
		ranked_free(&q);
		rs_spectrum_free(S);
		done++;
	}
	if (rc == 0) {
		rs_result *r = sweep_result(s, al, ab, lam, nl, mus, nm, steps, done);
		result_bools(r, "interleaved", RF_TABLE, ok, (size_t)done);
		result_note(r, "alpha in %s form; lambda_2..lambda_%ld against mu_1..mu_%d (ranked)",
			    mode_word(s), k + 1, nm);
		if (done < steps)
			result_note(r, "interrupted after %ld of %ld steps", done, steps);
		cmd_emit(s, out, r);
	}
	free(al);
	free(ab);
	free(lam);
	free(mus);
	free(ok);
	free(st);
	return rc;
}
