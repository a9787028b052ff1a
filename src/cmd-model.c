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

CMD_FN(cliques)
{
	long *sizes = NULL;
	int K = 0, noloops = 0, i = 1, ntheta = 0, theta_random = 0;
	double eps = 0, lo = 0, hi = 0, *theta = NULL;
	char **theta_words = NULL;
	rs_model *M = NULL;

	for (; i < argc && !is_keyword(argv[i]); i++)
		if (push_sizes(argv[i], &sizes, &K, e) != 0)
			goto fail;
	if (K == 0) {
		rs_fail(e, RS_EINVAL, "give at least one block size, e.g. 'cliques 5 3 2'");
		goto fail;
	}
	while (i < argc) {
		if (!strcmp(argv[i], "eps")) {
			if (i + 1 >= argc) {
				rs_fail(e, RS_EINVAL, "eps needs a value");
				goto fail;
			}
			if (rs_parse_range(argv[i + 1], 0, HUGE_VAL, "eps", &eps, e) != 0)
				goto fail;
			i += 2;
		} else if (!strcmp(argv[i], "noloops")) {
			noloops = 1;
			i++;
		} else if (!strcmp(argv[i], "theta")) {
			i++;
			if (i < argc && !strcmp(argv[i], "random")) {
				if (i + 2 >= argc) {
					rs_fail(e, RS_EINVAL, "usage: theta random LO HI");
					goto fail;
				}
				if (rs_parse_range(argv[i + 1], 1e-300, HUGE_VAL, "theta LO", &lo, e) != 0 ||
				    rs_parse_range(argv[i + 2], lo, HUGE_VAL, "theta HI", &hi, e) != 0)
					goto fail;
				theta_random = 1;
				i += 3;
			} else {
				theta_words = argv + i;
				while (i < argc && !is_keyword(argv[i])) {
					ntheta++;
					i++;
				}
				if (ntheta == 0) {
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
	long nn = 0;
	for (int j = 0; j < K; j++) {
		if (nn > MAX_NODES - sizes[j]) {
			rs_fail(e, RS_EINVAL, "more than %ld nodes", MAX_NODES);
			goto fail;
		}
		nn += sizes[j];
	}
	if (session_sandbox_size(s, (double)nn, 0, e) != 0)
		goto fail;
	if (theta_random || ntheta > 0) {
		theta = rs_alloc(e, (size_t)nn, sizeof *theta, "degree-correction factors");
		if (theta == NULL)
			goto fail;
		if (theta_random) {
			rs_rng rng;
			rs_rng_seed(&rng, s->seed);
			for (long v = 0; v < nn; v++)
				theta[v] = lo + (hi - lo) * rs_rng_uniform(&rng);
		} else if (ntheta == nn || ntheta == K) {
			double *given = xcalloc((size_t)ntheta, sizeof *given);
			for (int t = 0; t < ntheta; t++) {
				char what[32];
				snprintf(what, sizeof what, "theta %d", t + 1);
				if (rs_parse_range(theta_words[t], 1e-300, HUGE_VAL, what, &given[t], e) != 0) {
					free(given);
					goto fail;
				}
			}
			long v = 0;
			for (int j = 0; j < K; j++)
				for (long r = 0; r < sizes[j]; r++, v++)
					theta[v] = ntheta == nn ? given[v] : given[j];
			free(given);
		} else {
			rs_fail(e, RS_EINVAL,
				"theta needs one value per node (%ld) or per block (%d), got %d", nn, K,
				ntheta);
			goto fail;
		}
	}
	M = rs_model_cliques(sizes, K, eps, theta, noloops, e);
	if (M == NULL)
		goto fail;
	free(sizes);
	free(theta);
	session_set_model(s, M, out);
	model_summary(s, out);
	return 0;
fail:
	free(sizes);
	free(theta);
	return -1;
}

CMD_FN(bicliques)
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
	int rc = -1;
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
		if (rs_parse_range(argv[1], 0, HUGE_VAL, "eps", &v, e) != 0)
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
