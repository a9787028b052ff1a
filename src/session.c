/* session.c: session state, the spectrum cache, alpha in both forms. */
#include <config.h>

#include "session.h"

#include "gspectrum.h"
#include "input.h"
#include "xalloc.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include <stdlib.h>

rs_session *session_new(void)
{
	rs_session *s = xcalloc(1, sizeof *s);
	s->alpha = 0.0;
	s->seed = 1;
	s->digits = 8;
	s->dense_max = 4000;
	s->format = RS_FMT_TEXT;
	s->tol = 1e-8;
	s->sandbox_nodes = RS_SANDBOX_NODES;
	s->sandbox_edges = RS_SANDBOX_EDGES;
	return s;
}

void session_free(rs_session *s)
{
	if (s == NULL)
		return;
	rs_model_free(s->model);
	rs_graph_free(s->graph);
	rs_graph_free(s->adj);
	rs_labels_free(s->labels);
	free(s->graph_desc);
	free(s->graph_input);
	session_loaded_free(s->loaded);
	rs_spectrum_free(s->spec);
	rs_spectrum_free(s->prev);
	for (int i = 0; i < 2; i++)
		rs_spectrum_free(s->kept[i].spec);
	rs_rbasis_free(s->rb);
	free(s->plot.term);
	free(s->plot.output);
	free(s->clusters);
	free(s->sbm_sizes);
	free(s->sbm_P);
	free(s->expt.K); /* the last experiment outlives graph changes, not the session */
	free(s->expt.noise);
	free(s->expt.alpha);
	free(s->expt.mean);
	free(s->expt.desc);
	result_free(s->last);
	free(s->last_text);
	free(s);
}

void session_invalidate(rs_session *s)
{
	/* the last solution stays as the warm start of the next solve */
	if (s->spec != NULL) {
		rs_spectrum_free(s->prev);
		s->prev = s->spec;
		s->spec = NULL;
	}
}

rs_rbasis *session_rbasis(rs_session *s)
{
	if (s->no_warm)
		return NULL;
	if (s->rb == NULL)
		s->rb = rs_rbasis_new(); /* NULL when out of memory: solves go on without */
	return s->rb;
}

void session_keep_ahead(rs_session *s, rs_spectrum *S, double alpha, long k)
{
	struct rs_kept *K = &s->kept[s->kept_next];
	s->kept_next = (s->kept_next + 1) % 2;
	rs_spectrum_free(K->spec);
	*K = (struct rs_kept){S, alpha, s->tol, k, s->ncv, (int)s->solver, s->basis, s->seed};
}

/* A kept look-ahead for absolute alpha a and k under the current settings,
 * handed over (the slot emptied), or NULL.  Alphas match to 1e-12 (the
 * look-ahead's a x 1.1 / 1.1 against the a typed). */
static rs_spectrum *take_kept(rs_session *s, double a, long k, long rows)
{
	for (int i = 0; i < 2; i++) {
		struct rs_kept *K = &s->kept[i];
		if (K->spec && fabs(K->alpha - a) <= 1e-12 * fmax(fabs(a), fabs(K->alpha)) && K->k == k &&
		    K->tol == s->tol && K->ncv == s->ncv && K->solver == (int)s->solver &&
		    K->basis == s->basis &&
		    K->seed == s->seed && K->spec->rows == rows) {
			rs_spectrum *S = K->spec;
			K->spec = NULL;
			return S;
		}
	}
	return NULL;
}

void session_forget_solutions(rs_session *s)
{
	rs_spectrum_free(s->spec);
	rs_spectrum_free(s->prev);
	s->spec = s->prev = NULL;
	for (int i = 0; i < 2; i++) {
		rs_spectrum_free(s->kept[i].spec);
		s->kept[i].spec = NULL;
	}
	rs_rbasis_clear(s->rb);
}

void session_loaded_free(struct rs_loaded *ld)
{
	if (ld == NULL)
		return;
	free(ld->path);
	free(ld->weight);
	free(ld->attrs);
	free(ld->index);
	free(ld);
}

static void drop_graph(rs_session *s)
{
	free(s->sbm_sizes);
	free(s->sbm_P);
	s->sbm_sizes = NULL;
	s->sbm_P = NULL;
	s->sbm_K = 0;
	free(s->clusters);
	s->clusters = NULL;
	s->nclustered = 0;
	session_forget_solutions(s);
	rs_model_free(s->model);
	rs_graph_free(s->graph);
	rs_graph_free(s->adj);
	rs_labels_free(s->labels);
	free(s->graph_desc);
	free(s->graph_input);
	s->graph_input = NULL;
	session_loaded_free(s->loaded);
	s->loaded = NULL;
	s->model = NULL;
	s->graph = s->adj = NULL;
	s->labels = NULL;
	s->graph_desc = NULL;
}

void session_set_graph(rs_session *s, rs_graph *g, rs_labels *L, char *desc)
{
	drop_graph(s);
	s->graph = g;
	s->labels = L;
	s->graph_desc = desc;
	if (!s->alpha_mode_set)
		s->alpha_rel = 1; /* real graphs: relative alpha, as the paper's experiments */
}

const rs_graph *session_solver_graph(rs_session *s, rs_err *e)
{
	if (s->graph == NULL)
		return NULL;
	if (!s->graph->bipartite || !s->bip_adjacency)
		return s->graph;
	if (s->adj == NULL) {
		rs_graph *g = s->graph;
		rs_edges E = {0};
		for (long i = 0; i < g->n; i++)
			for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++)
				if (rs_edges_push(&E, i, g->n + g->idx[p], g->val ? g->val[p] : 1.0, e) != 0) {
					rs_edges_free(&E);
					return NULL;
				}
		long merged, dropped;
		s->adj = rs_graph_build(g->n + g->m, 0, 0, &E, RS_MERGE_MAX, &merged, &dropped, e);
		rs_edges_free(&E);
	}
	return s->adj;
}

long session_nodes(const rs_session *s)
{
	if (s->model)
		return rs_model_nodes(s->model);
	if (s->graph)
		return s->graph->n + s->graph->m;
	return 0;
}

void session_describe(const rs_session *s, char *buf, size_t len)
{
	if (s->model)
		rs_model_describe(s->model, buf, len);
	else if (s->graph)
		snprintf(buf, len, "%s", s->graph_desc ? s->graph_desc : "graph");
	else
		snprintf(buf, len, "no graph");
}

double session_rel_factor(const rs_session *s)
{
	if (s->model)
		return rs_model_rel_to_abs(s->model, 1.0);
	if (s->graph) {
		if (s->graph->bipartite && s->bip_adjacency) {
			double N = (double)(s->graph->n + s->graph->m);
			return 2 * s->graph->total / (N * N);
		}
		return rs_graph_rel_to_abs(s->graph, 1.0);
	}
	return 0;
}

void session_set_model(rs_session *s, rs_model *M, FILE *out)
{
	drop_graph(s);
	s->model = M;
	if (!s->alpha_mode_set)
		s->alpha_rel = 0; /* generated block models: absolute alpha by default */
	long top = M->K - 1 < 20 ? M->K - 1 : 20;
	if (s->k > M->K - 1 && M->K > 1) {
		fprintf(out, "k lowered from %ld to %ld (K - 1 for %d blocks)\n", s->k, top, M->K);
		s->k = top;
	}
}

int session_alpha_ok(const rs_session *s, int rel, double a, const char *what, rs_err *e)
{
	double unit = s->model || s->graph ? session_rel_factor(s) : 0;
	if (!(unit > 0))
		return 0;
	if ((rel ? a : a / unit) > RS_ALPHA_REL_MAX)
		return rs_fail(e, RS_EINVAL, "%s %g %s" RS_ALPHA_PAST_MAX, what, a,
			       rel ? "relative" : "absolute");
	double total = s->model ? rs_model_weight(s->model) : s->graph->total;
	if (rs_alpha_fits(rel ? a * unit : a, (double)session_nodes(s), total, e) != 0)
		return rs_fail(e, RS_EINVAL, "%s %g %s: %s", what, a, rel ? "relative" : "absolute",
			       e->msg);
	return 0;
}

double session_alpha_abs(const rs_session *s)
{
	if (!s->alpha_rel || (s->model == NULL && s->graph == NULL))
		return s->alpha;
	return s->alpha * session_rel_factor(s);
}

long session_k(const rs_session *s)
{
	if (s->graph != NULL) {
		long top = session_nodes(s) - 2;
		long want = s->k > 0 ? s->k : 20;
		return want < top ? want : (top > 1 ? top : 1);
	}
	if (s->model == NULL)
		return s->k;
	long top = s->model->K - 1;
	if (s->k > 0)
		return s->k < top ? s->k : top;
	return top < 20 ? top : 20;
}

int session_sandbox_size(const rs_session *s, double nodes, double edges, rs_err *e)
{
	if (s->sandbox && (nodes > (double)s->sandbox_nodes || edges > (double)s->sandbox_edges))
		return rs_fail(e, RS_EINVAL, "the sandbox allows %ld nodes and %ld edges at most",
			       s->sandbox_nodes, s->sandbox_edges);
	return 0;
}

int session_need_model(const rs_session *s, rs_err *e)
{
	if (s->model == NULL && s->graph == NULL)
		return rs_fail(e, RS_EINVAL,
			       "no graph yet: load one ('load FILE') or generate one ('cliques 5 3 2', "
			       "'sbm paper')");
	return 0;
}

int session_need_nodes(const rs_session *s, rs_err *e)
{
	if (s->graph && session_nodes(s) < 2)
		return rs_fail(e, RS_EINVAL, "the graph has %ld node%s: an embedding needs at least 2",
			       session_nodes(s), session_nodes(s) == 1 ? "" : "s");
	return 0;
}

long session_vec_row(const rs_session *s, const rs_spectrum *S, long i)
{
	if (!S->per_block)
		return i;
	const rs_model *M = s->model;
	return (M->bipartite && i >= M->nn ? M->K : 0) + rs_model_block_of(M, i);
}

long session_cols(const rs_session *s, const rs_spectrum *S)
{
	long k = session_k(s);
	return k < S->nvec - 1 ? k : S->nvec - 1;
}

const rs_spectrum *session_spectrum(rs_session *s, rs_err *e)
{
	if (session_need_model(s, e) != 0)
		return NULL;
	if (session_need_nodes(s, e) != 0)
		return NULL;
	/* an alpha set before this graph was loaded may not fit its weights */
	if (session_alpha_ok(s, s->alpha_rel, s->alpha, "alpha", e) != 0)
		return NULL;
	double a = session_alpha_abs(s);
	long k = session_k(s);
	if (s->spec != NULL && s->spec_alpha == a && (s->model || s->spec_k == k))
		return s->spec;
	session_invalidate(s);
	if (s->model) {
		enum rs_solver solver = s->solver == RS_SOLVER_AUTO ? RS_SOLVER_AGGREGATE : s->solver;
		if (solver == RS_SOLVER_LANCZOS)
			solver = RS_SOLVER_AGGREGATE;
		s->spec = rs_spectrum_solve(s->model, a, solver, s->dense_max, e);
	} else {
		const rs_graph *g = session_solver_graph(s, e);
		if (g == NULL)
			return NULL;
		if (s->solver == RS_SOLVER_AGGREGATE) {
			rs_fail(e, RS_EINVAL, "the aggregate solver is for block models; set solver auto, lanczos or dense");
			return NULL;
		}
		/* auto: LAPACK on small graphs (every eigenpair exact, at once),
		 * the iterative solver from SESSION_DENSE_AUTO nodes up */
		if (s->solver == RS_SOLVER_DENSE ||
		    (s->solver == RS_SOLVER_AUTO && g->n + g->m <= SESSION_DENSE_AUTO)) {
			s->spec = rs_graph_spectrum_dense(g, a, (int)k, s->dense_max, e);
		} else {
			const rs_spectrum *warm = !s->no_warm && s->prev && s->prev->rows == g->n + g->m &&
							  s->prev->solver == RS_SOLVER_LANCZOS
						  ? s->prev
						  : NULL;
			rs_gsolve_opts o = {a,	  (int)k, s->tol, s->ncv, s->seed, warm, &rs_interrupted,
					    session_rbasis(s), 0, s->solver == RS_SOLVER_LANCZOS, s->basis};
			/* solved while the prompt waited (idle.h): taken as it is */
			struct timespec t0, t1;
			clock_gettime(CLOCK_MONOTONIC, &t0);
			s->spec = s->no_warm ? NULL : take_kept(s, a, k, g->n + g->m);
			if (s->spec != NULL) {
				clock_gettime(CLOCK_MONOTONIC, &t1);
				s->spec->ahead = 1;
				s->spec->ahead_seconds = s->spec->seconds;
				s->spec->seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
			} else {
				rs_interrupted = 0;
				s->spec = rs_graph_spectrum(g, &o, e);
			}
		}
	}
	s->spec_alpha = a;
	s->spec_k = k;
	s->spec_serial++;
	return s->spec;
}
