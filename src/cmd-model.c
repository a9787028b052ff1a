/* cmd-model.c: the commands that generate block models. */
#include <config.h>

#include "cmd-impl.h"

#include "numparse.h"
#include "rng.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BLOCKS 2000
#define MAX_NODES 4000000000000L

static int is_keyword(const char *w)
{
	return !strcmp(w, "eps") || !strcmp(w, "theta") || !strcmp(w, "noloops");
}

/* Append the sizes of one word: "5", "5,3,2" or "1000000*10". */
static int push_sizes(const char *word, long **v, int *n, rs_err *e)
{
	long *part;
	int cnt;
	if (rs_parse_size_spec(word, MAX_NODES, MAX_BLOCKS, &part, &cnt, e) != 0)
		return -1;
	if (*n + cnt > MAX_BLOCKS) {
		free(part);
		return rs_fail(e, RS_EINVAL, "at most %d blocks", MAX_BLOCKS);
	}
	*v = xreallocarray(*v, (size_t)(*n + cnt), sizeof **v);
	memcpy(*v + *n, part, (size_t)cnt * sizeof *part);
	*n += cnt;
	free(part);
	return 0;
}

static void model_summary(rs_session *s, FILE *out)
{
	const rs_model *M = s->model;
	char desc[256];
	rs_model_describe(M, desc, sizeof desc);
	rs_result *r = result_new(M->bipartite ? "bicliques" : "cliques");
	result_str(r, "model", desc);
	if (M->bipartite) {
		result_int(r, "rows", M->nn);
		result_int(r, "cols", M->mm);
	}
	result_int(r, "nodes", rs_model_nodes(M));
	result_int(r, "blocks", M->K);
	result_num(r, "edges", rs_model_edges(M));
	result_num(r, "alpha", s->alpha);
	result_str(r, "alpha_mode", s->alpha_rel ? "rel" : "abs");
	result_num(r, "alpha_abs", session_alpha_abs(s));
	result_int(r, "k", session_k(s));
	result_flag_scalars(r, RF_NOTEXT);
	result_title(r, "%s: %ld node%s in %d block%s, %.0f edge%s; alpha = %.*g %s, k = %ld", desc,
		     rs_model_nodes(M), rs_model_nodes(M) == 1 ? "" : "s", M->K, M->K == 1 ? "" : "s", rs_model_edges(M),
		     rs_model_edges(M) == 1 ? "" : "s", s->digits, s->alpha,
		     s->alpha_rel ? "relative" : "absolute", session_k(s));
	cmd_emit(s, out, r);
}

/* A clique model as cliques's words give it: the sizes (allocated), K,
 * eps, noloops, the degree corrections (theta random LO HI, or NTHETA
 * values, one per node or per block, read into given, allocated) and the
 * number of nodes; 0, or -1 with e filled and nothing kept */
struct cliques_spec {
	long *sizes, nodes;
	int K, noloops, ntheta, theta_random;
	double eps, lo, hi, *given;
};

static void cliques_spec_free(struct cliques_spec *c)
{
	free(c->sizes);
	free(c->given);
}

static int cliques_read(const rs_session *s, int argc, char **argv, struct cliques_spec *c, rs_err *e)
{
	*c = (struct cliques_spec){NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL};
	char **theta_words = NULL;
	int i = 1;
	for (; i < argc && !is_keyword(argv[i]); i++)
		if (push_sizes(argv[i], &c->sizes, &c->K, e) != 0)
			goto fail;
	if (c->K == 0) {
		rs_fail(e, RS_EINVAL, "give at least one block size, e.g. 'cliques 5 3 2'");
		goto fail;
	}
	while (i < argc) {
		if (!strcmp(argv[i], "eps")) {
			if (i + 1 >= argc) {
				rs_fail(e, RS_EINVAL, "eps needs a value");
				goto fail;
			}
			if (rs_parse_range(argv[i + 1], 0, HUGE_VAL, "eps", &c->eps, e) != 0)
				goto fail;
			i += 2;
		} else if (!strcmp(argv[i], "noloops")) {
			c->noloops = 1;
			i++;
		} else if (!strcmp(argv[i], "theta")) {
			i++;
			if (i < argc && !strcmp(argv[i], "random")) {
				if (i + 2 >= argc) {
					rs_fail(e, RS_EINVAL, "usage: theta random LO HI");
					goto fail;
				}
				if (rs_parse_range(argv[i + 1], 1e-300, HUGE_VAL, "theta LO", &c->lo, e) != 0 ||
				    rs_parse_range(argv[i + 2], c->lo, HUGE_VAL, "theta HI", &c->hi, e) != 0)
					goto fail;
				c->theta_random = 1;
				i += 3;
			} else {
				theta_words = argv + i;
				while (i < argc && !is_keyword(argv[i])) {
					c->ntheta++;
					i++;
				}
				if (c->ntheta == 0) {
					rs_fail(e, RS_EINVAL, "theta needs values, or 'random LO HI'");
					goto fail;
				}
			}
		} else {
			rs_fail(e, RS_EINVAL, "unexpected '%s' (sizes come first, then eps, theta, noloops)",
				argv[i]);
			goto fail;
		}
	}
	for (int j = 0; j < c->K; j++) {
		if (c->nodes > MAX_NODES - c->sizes[j]) {
			rs_fail(e, RS_EINVAL, "more than %ld nodes", MAX_NODES);
			goto fail;
		}
		c->nodes += c->sizes[j];
	}
	if (session_sandbox_size(s, (double)c->nodes, 0, e) != 0)
		goto fail;
	if (c->ntheta > 0) {
		if (c->ntheta != c->nodes && c->ntheta != c->K) {
			rs_fail(e, RS_EINVAL, "theta needs one value per node (%ld) or per block (%d), got %d",
				c->nodes, c->K, c->ntheta);
			goto fail;
		}
		c->given = xcalloc((size_t)c->ntheta, sizeof *c->given);
		for (int t = 0; t < c->ntheta; t++) {
			char what[32];
			snprintf(what, sizeof what, "theta %d", t + 1);
			if (rs_parse_range(theta_words[t], 1e-300, HUGE_VAL, what, &c->given[t], e) != 0)
				goto fail;
		}
	}
	return 0;
fail:
	cliques_spec_free(c);
	return -1;
}

CHECK_FN(cliques)
{
	struct cliques_spec c;
	if (cliques_read(s, argc, argv, &c, e) != 0)
		return -1;
	cliques_spec_free(&c);
	return 0;
}

CMD_FN(cliques)
{
	struct cliques_spec c;
	if (cliques_read(s, argc, argv, &c, e) != 0)
		return -1;
	double *theta = NULL;
	if (c.theta_random || c.ntheta > 0) {
		theta = rs_alloc(e, (size_t)c.nodes, sizeof *theta, "degree-correction factors");
		if (theta == NULL) {
			cliques_spec_free(&c);
			return -1;
		}
		if (c.theta_random) {
			rs_rng rng;
			rs_rng_seed(&rng, s->seed);
			for (long v = 0; v < c.nodes; v++)
				theta[v] = c.lo + (c.hi - c.lo) * rs_rng_uniform(&rng);
		} else {
			long v = 0;
			for (int j = 0; j < c.K; j++)
				for (long r = 0; r < c.sizes[j]; r++, v++)
					theta[v] = c.ntheta == c.nodes ? c.given[v] : c.given[j];
		}
	}
	rs_model *M = rs_model_cliques(c.sizes, c.K, c.eps, theta, c.noloops, e);
	cliques_spec_free(&c);
	free(theta);
	if (M == NULL)
		return -1;
	session_set_model(s, M, out);
	model_summary(s, out);
	return 0;
}

/* A bipartite block model as bicliques's words give it: the row and
 * column sizes (allocated), K and eps; 0, or -1 with e filled and nothing
 * kept */
static int bicliques_read(const rs_session *s, int argc, char **argv, long **np, long **mp, int *K, double *epsp,
			  rs_err *e)
{
	long *n = NULL, *m = NULL;
	int K1 = 0, K2 = 0;
	double eps = 0;
	if (rs_parse_sizes(argv[1], &n, &K1, e) != 0)
		return -1;
	if (rs_parse_sizes(argv[2], &m, &K2, e) != 0) {
		free(n);
		return -1;
	}
	if (K1 != K2) {
		rs_fail(e, RS_EINVAL, "%d row blocks but %d column blocks: give one size per block in each part",
			K1, K2);
		goto out;
	}
	if (K1 > MAX_BLOCKS) {
		rs_fail(e, RS_EINVAL, "at most %d blocks", MAX_BLOCKS);
		goto out;
	}
	if (argc == 4) {
		rs_fail(e, RS_EINVAL, "'%s' needs a value", argv[3]);
		goto out;
	}
	if (argc == 5) {
		if (strcmp(argv[3], "eps") != 0) {
			rs_fail(e, RS_EINVAL, "unexpected '%s' (expected eps E)", argv[3]);
			goto out;
		}
		if (rs_parse_range(argv[4], 0, HUGE_VAL, "eps", &eps, e) != 0)
			goto out;
	}
	double tot = 0;
	for (int j = 0; j < K1; j++)
		tot += (double)n[j] + (double)m[j];
	if (session_sandbox_size(s, tot, 0, e) != 0)
		goto out;
	*np = n;
	*mp = m;
	*K = K1;
	*epsp = eps;
	return 0;
out:
	free(n);
	free(m);
	return -1;
}

CHECK_FN(bicliques)
{
	long *n, *m;
	int K;
	double eps;
	if (bicliques_read(s, argc, argv, &n, &m, &K, &eps, e) != 0)
		return -1;
	free(n);
	free(m);
	return 0;
}

CMD_FN(bicliques)
{
	long *n, *m;
	int K1, rc = -1;
	double eps;
	if (bicliques_read(s, argc, argv, &n, &m, &K1, &eps, e) != 0)
		return -1;
	rs_model *M = rs_model_bicliques(n, m, K1, eps, e);
	if (M == NULL)
		goto out;
	session_set_model(s, M, out);
	model_summary(s, out);
	rc = 0;
out:
	free(n);
	free(m);
	return rc;
}

/* eps's weight E >= 0 */
static int eps_value(const char *w, double *v, rs_err *e)
{
	return rs_parse_range(w, 0, HUGE_VAL, "eps", v, e);
}

CHECK_FN(eps)
{
	(void)s;
	double v;
	return argc == 2 ? eps_value(argv[1], &v, e) : 0;
}

CMD_FN(eps)
{
	if (session_need_model(s, e) != 0)
		return -1;
	if (s->model == NULL)
		return rs_fail(e, RS_EINVAL,
			       "eps belongs to block models ('cliques', 'bicliques'); a graph's weights "
			       "are its own (alpha adds the same weight everywhere)");
	if (argc == 2) {
		double v;
		if (eps_value(argv[1], &v, e) != 0)
			return -1;
		if (rs_model_set_eps(s->model, v, e) != 0)
			return -1;
		session_invalidate(s);
	}
	rs_result *r = result_new("eps");
	result_num(r, "eps", s->model->eps);
	cmd_emit(s, out, r);
	return 0;
}
