/* cmd-session.c: alpha, k, seed, info and set. */
#include <config.h>

#include "cmd-impl.h"
#include "idle.h"

#include "numparse.h"
#include "tui.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The absolute pair weight per unit of relative alpha (0 when undefined). */
static double rel_factor(const rs_session *s)
{
	return session_rel_factor(s);
}

static void alpha_fields(rs_session *s, rs_result *r)
{
	double f = rel_factor(s), a = session_alpha_abs(s);
	result_num(r, "alpha", s->alpha);
	result_str(r, "alpha_mode", s->alpha_rel ? "rel" : "abs");
	result_num(r, "alpha_abs", a);
	/* relative alpha has no meaning without a graph (or with no edge weight) */
	if (s->alpha_rel || f > 0)
		result_num(r, "alpha_rel", s->alpha_rel ? s->alpha : a / f);
}

/* alpha's words: a value (>= 0) and a mode (1 rel, 0 abs), each at most
 * once, either order; -1 where not given */
static int alpha_words(int argc, char **argv, int *mode, double *v, int *have_value, rs_err *e)
{
	*mode = -1;
	*have_value = 0;
	for (int i = 1; i < argc; i++) {
		/* the help's words, 'absolute' and 'relative', are the modes too */
		int is_rel = !strcmp(argv[i], "rel") || !strcmp(argv[i], "relative");
		if (is_rel || !strcmp(argv[i], "abs") || !strcmp(argv[i], "absolute")) {
			if (*mode >= 0)
				return rs_fail(e, RS_EINVAL, "give one mode, abs or rel");
			*mode = is_rel;
		} else if (!*have_value) {
			if (rs_parse_double(argv[i], v, e) != 0)
				return rs_fail(e, RS_EINVAL, "%s (expected a number, abs or rel)", e->msg);
			if (*v < 0)
				return rs_fail(e, RS_EINVAL, "alpha must be >= 0, got %s", argv[i]);
			*v += 0.0; /* '-0' is alpha 0, printed as 0 */
			*have_value = 1;
		} else {
			return rs_fail(e, RS_EINVAL, "unexpected '%s'; usage: alpha [VALUE] [abs|rel]",
				       argv[i]);
		}
	}
	return 0;
}

CHECK_FN(alpha)
{
	(void)s;
	int mode, have_value;
	double v;
	return alpha_words(argc, argv, &mode, &v, &have_value, e);
}

CMD_FN(alpha)
{
	int mode, have_value;
	double v = s->alpha;
	if (alpha_words(argc, argv, &mode, &v, &have_value, e) != 0)
		return -1;
	if (mode == 1 && (s->model != NULL || s->graph != NULL) && !(rel_factor(s) > 0))
		return rs_fail(e, RS_EINVAL, "relative alpha needs a graph with some weight (w = 0 here)");
	if (have_value && session_alpha_ok(s, mode >= 0 ? mode : s->alpha_rel, v, "alpha", e) != 0)
		return -1;
	if (mode >= 0) {
		s->alpha_rel = mode;
		s->alpha_mode_set = 1;
	}
	if (have_value)
		s->alpha = v;
	if (mode >= 0 || have_value)
		session_invalidate(s);
	rs_result *r = result_new("alpha");
	alpha_fields(s, r);
	result_flag_scalars(r, RF_NOTEXT);
	if (s->alpha_rel && s->model == NULL && s->graph == NULL)
		result_title(r, "alpha = %.*g relative", s->digits, s->alpha);
	else if (s->alpha_rel)
		result_title(r, "alpha = %.*g relative (absolute %.*g)", s->digits, s->alpha, s->digits,
			     session_alpha_abs(s));
	else if ((s->model != NULL || s->graph != NULL) && rel_factor(s) > 0)
		result_title(r, "alpha = %.*g absolute (relative %.*g)", s->digits, s->alpha, s->digits,
			     s->alpha / rel_factor(s));
	else
		result_title(r, "alpha = %.*g absolute", s->digits, s->alpha);
	if (s->model == NULL && s->graph == NULL && s->alpha_rel)
		result_note(r, "relative alpha becomes a pair weight once a graph is loaded: alpha w / n^2");
	else if (s->model == NULL && s->graph == NULL && !s->alpha_mode_set)
		result_note(r, "no mode given: alpha will be relative on a graph (load, sbm), absolute "
			       "on cliques and bicliques ('alpha %.*g abs' or 'rel' fixes it)",
			    s->digits, s->alpha);
	cmd_emit(s, out, r);
	return 0;
}

/* k's word: 'auto' (0) or a count */
static int k_word(const char *w, long *v, rs_err *e)
{
	if (!strcmp(w, "auto")) {
		*v = 0;
		return 0;
	}
	return rs_parse_count(w, 1, 100000, "k", v, e);
}

CHECK_FN(k)
{
	(void)s;
	long v;
	return argc == 2 ? k_word(argv[1], &v, e) : 0;
}

CMD_FN(k)
{
	if (argc == 2) {
		long v;
		if (k_word(argv[1], &v, e) != 0)
			return -1;
		if (v > 0) {
			if (s->graph != NULL && v > session_nodes(s) - 2) {
				long nodes = session_nodes(s);
				if (nodes < 3)
					return rs_fail(e, RS_EINVAL, "k cannot be set on a graph of %ld node%s (k <= n - 2)",
						       nodes, nodes == 1 ? "" : "s");
				return rs_fail(e, RS_EINVAL, "k = %ld must be at most n - 2 = %ld", v, nodes - 2);
			}
			if (s->model != NULL) {
				long n = rs_model_nodes(s->model), K = s->model->K;
				if (K < 2 && cmd_need_k(s, e) != 0)
					return -1;
				if (v >= n)
					return rs_fail(e, RS_EINVAL, "k = %ld must be less than n = %ld", v, n);
				if (v > K - 1)
					return rs_fail(e, RS_EINVAL,
						       "k = %ld is too large for %ld blocks: only lambda_2 .. "
						       "lambda_K have determined eigenvectors, the rest belong to "
						       "lambda = 1 and are not unique; use k <= %ld",
						       v, K, K - 1);
			}
		}
		s->k = v;
	}
	rs_result *r = result_new("k");
	result_int(r, "k", session_k(s));
	result_str(r, "k_mode", s->k == 0 ? "auto" : "set");
	cmd_emit(s, out, r);
	return 0;
}

CHECK_FN(seed)
{
	(void)s;
	long v;
	return argc == 2 ? rs_parse_count(argv[1], 0, 2147483647L, "seed", &v, e) : 0;
}

CMD_FN(seed)
{
	if (argc == 2) {
		long v;
		if (rs_parse_count(argv[1], 0, 2147483647L, "seed", &v, e) != 0)
			return -1;
		s->seed = (unsigned long)v;
	}
	rs_result *r = result_new("seed");
	result_int(r, "seed", (long)s->seed);
	cmd_emit(s, out, r);
	return 0;
}

CMD_FN(info)
{
	(void)argc;
	(void)argv;
	(void)e;
	rs_result *r = result_new("info");
	const rs_model *M = s->model;
	if (M != NULL) {
		char desc[256];
		rs_model_describe(M, desc, sizeof desc);
		result_str(r, "model", desc);
		result_int(r, "nodes", rs_model_nodes(M));
		if (M->bipartite) {
			result_int(r, "rows", M->nn);
			result_int(r, "cols", M->mm);
		}
		result_int(r, "blocks", M->K);
		result_num(r, "edges", rs_model_edges(M));
		result_num(r, "weight", rs_model_weight(M));
		result_int(r, "components", rs_model_components(M));
		long iso = 0;
		if (M->noloops && M->eps == 0)
			for (int j = 0; j < M->K; j++)
				iso += M->n[j] == 1;
		result_int(r, "isolated", iso);
		result_bool(r, "self_loops", !M->noloops);
		result_num(r, "eps", M->eps);
		if (iso > 0)
			result_note(r, "%ld isolated node(s) without a self-loop: their degree is 0 at "
				       "alpha = 0, so the embedding needs alpha > 0",
				    iso);
	} else if (s->graph != NULL) {
		const rs_graph *g = s->graph;
		result_str(r, "graph", s->graph_desc);
		if (s->graph_input)
			result_str(r, "input", s->graph_input);
		result_int(r, "nodes", g->n + g->m);
		if (g->bipartite) {
			result_int(r, "rows", g->n);
			result_int(r, "cols", g->m);
			result_str(r, "bipartite_mode", s->bip_adjacency ? "adjacency" : "biadjacency");
		}
		result_int(r, "edges", rs_graph_edges(g));
		result_num(r, "weight", g->total);
		result_bool(r, "weighted", g->val != NULL);
		result_int(r, "self_loops", g->loops);
		int32_t *comp = malloc((size_t)(g->n + g->m) * sizeof *comp);
		rs_err ce;
		result_int(r, "components", comp ? rs_graph_components(g, comp, &ce) : -1);
		free(comp);
		result_int(r, "isolated", rs_graph_isolated(g));
		result_int(r, "noise_nodes", g->n - g->orig_n);
		if (s->labels) {
			result_int(r, "classes", rs_labels_classes(s->labels));
			result_int(r, "labelled", s->labels->labelled);
		}
		if (s->loaded) /* what 'labels ATTR' can read */
			result_str(r, "node_attrs", s->loaded->attrs);
	} else {
		result_str(r, "model", "none");
	}
	alpha_fields(s, r);
	result_int(r, "k", session_k(s));
	result_str(r, "k_mode", s->k == 0 ? "auto" : "set");
	result_int(r, "seed", (long)s->seed);
	result_str(r, "solver", rs_solver_name(s->solver));
	result_num(r, "tol", s->tol);
	if (s->spec != NULL) {
		result_str(r, "last_solver", rs_solver_name(s->spec->solver));
		result_num(r, "last_seconds", s->spec->seconds);
		result_num(r, "last_residual", s->spec->residual);
		if (s->spec->solver == RS_SOLVER_LANCZOS) {
			result_int(r, "last_matvecs", s->spec->matvecs);
			result_int(r, "last_restarts", s->spec->restarts);
			result_bool(r, "last_warm_start", s->spec->warm);
			result_int(r, "last_basis_columns", s->spec->reduced);
			result_str(r, "last_basis", s->spec->single > 0    ? "float"
						    : s->spec->single < 0 ? "float, redone in double"
									  : "double");
			result_bool(r, "last_solved_ahead", s->spec->ahead);
			if (s->spec->alike > 0)
				result_int(r, "last_rechecks", abs(s->spec->rechecks));
			if (idle_done(s) > 0)
				result_int(r, "looked_ahead", idle_done(s));
		}
	}
	if (s->graph != NULL && s->solver == RS_SOLVER_AUTO)
		result_note(r, "solver auto: LAPACK (dense) up to 300 nodes, and up to 1000 for a "
			       "symmetric graph (most nodes alike); above, matrix-free "
			       "thick-restart Lanczos on the sparse + rank-one operator, with the known "
			       "eigenspaces deflated (run again, orthogonal to what it found, for a "
			       "larger symmetric graph's repeated values); 'set solver dense' "
			       "cross-checks it");
	if (M != NULL && s->solver == RS_SOLVER_AUTO)
		result_note(r, "solver auto: the exact aggregate (Proposition 1) for block models, "
			       "O(n + K^3); 'set solver dense' cross-checks it with LAPACK");
	cmd_emit(s, out, r);
	return 0;
}

/* Settings, one row each: name, the values it takes, how to show it. */
static const char *const fmt_names[] = {"text", "csv", "json", NULL};
static const char *const solver_names[] = {"auto", "aggregate", "dense", "lanczos", NULL};
static const char *const bip_names[] = {"biadjacency", "adjacency", NULL};
/* in the order of RS_BASIS_* */
static const char *const basis_names[] = {"auto", "double", "float", NULL};

static char *setting_value(const rs_session *s, const char *name)
{
	if (!strcmp(name, "format"))
		return xstrdup(fmt_names[s->format]);
	if (!strcmp(name, "digits"))
		return xasprintf("%d", s->digits);
	if (!strcmp(name, "echo"))
		return xstrdup(s->echo ? "on" : "off");
	if (!strcmp(name, "bail"))
		return xstrdup(s->bail ? "on" : "off");
	if (!strcmp(name, "verbose"))
		return xstrdup(s->verbose ? "on" : "off");
	if (!strcmp(name, "solver"))
		return xstrdup(solver_names[s->solver]);
	if (!strcmp(name, "dense-max"))
		return xasprintf("%ld", s->dense_max);
	if (!strcmp(name, "tol"))
		return xasprintf("%g", s->tol);
	if (!strcmp(name, "ncv"))
		return s->ncv ? xasprintf("%d", s->ncv) : xstrdup("auto");
	if (!strcmp(name, "basis"))
		return xstrdup(basis_names[s->basis]);
	if (!strcmp(name, "bipartite"))
		return xstrdup(bip_names[s->bip_adjacency]);
	if (!strcmp(name, "warm"))
		return xstrdup(s->no_warm ? "off" : "on");
	if (!strcmp(name, "rows"))
		return s->rows < 0 ? xstrdup("all") : s->rows ? xasprintf("%ld", s->rows) : xstrdup("auto");
	return NULL;
}

static const char *const settings[] = {"format", "digits", "echo",	   "bail", "verbose", "solver",
				       "dense-max", "tol",  "ncv", "basis", "bipartite", "warm", "rows", NULL};

static int pick(const char *v, const char *const *names, const char *what, rs_err *e)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(v, names[i]))
			return i;
	char list[128] = "";
	for (int i = 0; names[i]; i++) {
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%s%s", i ? "|" : "", names[i]);
	}
	char near[64];
	return rs_fail(e, RS_EINVAL, "%s must be %s, got '%s'%s", what, list, v,
		       cmd_suggestion(v, names, near, sizeof near));
}

/* A setting's value as read: a choice of a list, a count or a number */
struct set_value {
	long n;
	double t;
	int i, b;
};

/* Read v as the value of the setting name (the sandbox caps dense-max) */
static int set_parse(const rs_session *s, const char *name, const char *v, struct set_value *x, rs_err *e)
{
	if (!strcmp(name, "format"))
		return (x->i = pick(v, fmt_names, "format", e)) < 0 ? -1 : 0;
	if (!strcmp(name, "digits"))
		return rs_parse_count(v, 1, 17, "digits", &x->n, e);
	if (!strcmp(name, "solver"))
		return (x->i = pick(v, solver_names, "solver", e)) < 0 ? -1 : 0;
	if (!strcmp(name, "tol"))
		return rs_parse_range(v, 1e-15, 0.1, "tol", &x->t, e);
	if (!strcmp(name, "ncv")) {
		x->n = 0;
		return !strcmp(v, "auto") ? 0 : rs_parse_count(v, 3, 10000, "ncv", &x->n, e);
	}
	if (!strcmp(name, "basis"))
		return (x->i = pick(v, basis_names, "basis", e)) < 0 ? -1 : 0;
	if (!strcmp(name, "bipartite"))
		return (x->i = pick(v, bip_names, "bipartite", e)) < 0 ? -1 : 0;
	if (!strcmp(name, "rows")) {
		if (!strcmp(v, "auto") || !strcmp(v, "all")) {
			x->n = v[1] == 'u' ? 0 : -1;
			return 0;
		}
		return rs_parse_count(v, 2, 1000000000, "rows (or auto, all)", &x->n, e);
	}
	if (!strcmp(name, "dense-max"))
		return rs_parse_count(v, 1, s->sandbox ? 500 : 20000, "dense-max", &x->n, e);
	if (cmd_parse_bool(v, &x->b, e) != 0) /* echo, bail, warm, verbose */
		return rs_fail(e, RS_EINVAL, "%s: %s", name, e->msg);
	return 0;
}

static int set_one(rs_session *s, const char *name, const char *v, rs_err *e)
{
	struct set_value x;
	if (set_parse(s, name, v, &x, e) != 0)
		return -1;
	if (!strcmp(name, "format")) {
		s->format = (enum rs_format)x.i;
	} else if (!strcmp(name, "digits")) {
		s->digits = (int)x.n;
	} else if (!strcmp(name, "solver")) {
		s->solver = (enum rs_solver)x.i;
		session_invalidate(s);
	} else if (!strcmp(name, "tol")) {
		s->tol = x.t;
		session_invalidate(s);
	} else if (!strcmp(name, "ncv")) {
		s->ncv = (int)x.n;
		session_invalidate(s);
	} else if (!strcmp(name, "basis")) {
		s->basis = x.i;
		session_invalidate(s);
	} else if (!strcmp(name, "bipartite")) {
		s->bip_adjacency = x.i;
		session_forget_solutions(s);
	} else if (!strcmp(name, "rows")) {
		s->rows = x.n;
	} else if (!strcmp(name, "dense-max")) {
		s->dense_max = x.n;
	} else if (!strcmp(name, "echo")) {
		s->echo = x.b;
	} else if (!strcmp(name, "bail")) {
		s->bail = x.b;
	} else if (!strcmp(name, "warm")) {
		s->no_warm = !x.b;
	} else {
		s->verbose = x.b;
	}
	return 0;
}

/* The setting set's words name (its index), and what follows it: -1 (no
 * name), or -2 with e filled */
static int set_words(const rs_session *s, int argc, char **argv, rs_err *e)
{
	int which = -1;
	if (argc >= 2) {
		for (int i = 0; settings[i]; i++)
			if (!strcmp(argv[1], settings[i]))
				which = i;
		if (which < 0) {
			/* 'set plot output x.png', 'set alpha 1': a command of its own */
			rs_err ce;
			const struct rs_cmd *c = cmd_find(argv[1], &ce);
			const char *near = cmd_nearest(argv[1], settings);
			if (c != NULL && !strcmp(c->name, argv[1]))
				rs_fail(e, RS_EINVAL, "'%s' is not a setting but a command: %s", argv[1], c->usage);
			else if (near)
				rs_fail(e, RS_EINVAL, "unknown setting '%s'; did you mean '%s'?", argv[1], near);
			else
				rs_fail(e, RS_EINVAL,
					"unknown setting '%s' (format, digits, echo, bail, verbose, "
					"solver, dense-max, tol, ncv, basis, bipartite, warm, rows)",
					argv[1]);
			return -2;
		}
	}
	if (argc > 3)
		return rs_fail(e, RS_EINVAL, "too many arguments; usage: set [NAME [VALUE]]"), -2;
	struct set_value x;
	if (argc == 3 && set_parse(s, argv[1], argv[2], &x, e) != 0)
		return -2;
	return which;
}

CHECK_FN(set)
{
	return set_words(s, argc, argv, e) == -2 ? -1 : 0;
}

CMD_FN(set)
{
	int which = set_words(s, argc, argv, e);
	if (which == -2)
		return -1;
	if (argc == 3)
		return set_one(s, argv[1], argv[2], e); /* quiet, like an assignment */
	rs_result *r = result_new("set");
	int n = 0;
	char *names[16], *vals[16];
	for (int i = 0; settings[i]; i++)
		if (which < 0 || which == i) {
			names[n] = (char *)settings[i];
			vals[n++] = setting_value(s, settings[i]);
		}
	result_strs(r, "setting", RF_TABLE, names, (size_t)n);
	result_strs(r, "value", RF_TABLE, vals, (size_t)n);
	for (int i = 0; i < n; i++)
		free(vals[i]);
	cmd_emit(s, out, r);
	return 0;
}

CMD_FN(watch)
{
	(void)argc;
	(void)argv;
	if (tui_run(s, e) != 0)
		return -1;
	/* back at the prompt: say where the view left things */
	rs_result *r = result_new("watch");
	result_num(r, "alpha", s->alpha);
	result_str(r, "alpha_mode", s->alpha_rel ? "rel" : "abs");
	result_num(r, "alpha_abs", session_alpha_abs(s));
	result_int(r, "k", session_k(s));
	result_flag_scalars(r, RF_NOTEXT);
	if (s->alpha_rel)
		result_title(r, "left the live view at alpha = %.*g relative (absolute %.*g), k = %ld",
			     s->digits, s->alpha, s->digits, session_alpha_abs(s), session_k(s));
	else
		result_title(r, "left the live view at alpha = %.*g absolute, k = %ld", s->digits,
			     s->alpha, session_k(s));
	cmd_emit(s, out, r);
	return 0;
}
