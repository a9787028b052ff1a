/* cmd-cluster.c: K-Means on the embedding, and the paper's scores. */
#include <config.h>

#include "cmd-impl.h"

#include "graphio.h"
#include "kmeans.h"
#include "metrics.h"
#include "numparse.h"
#include "xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern rs_cancel rs_interrupted;

/* cluster's words: K (0 where not given), dims (0: all), restarts and
 * the flags; 0, or -1 with e filled */
struct cluster_words {
	long K, dims, restarts;
	int normalize, first;
};

static int cluster_words(const rs_session *s, int argc, char **argv, struct cluster_words *w, rs_err *e)
{
	*w = (struct cluster_words){0, 0, 10, 0, 0};
	int a = 1;
	if (argc > 1 && strspn(argv[1], "0123456789+-.eE") == strlen(argv[1])) {
		if (rs_parse_count(argv[1], 1, 100000, "K", &w->K, e) != 0)
			return -1;
		a = 2;
	}
	for (; a < argc; a++) {
		if (!strcmp(argv[a], "normalize"))
			w->normalize = 1;
		else if (!strcmp(argv[a], "first"))
			w->first = 1;
		else if (a + 1 < argc && !strcmp(argv[a], "dims")) {
			if (rs_parse_count(argv[++a], 1, 100000, "dims", &w->dims, e) != 0)
				return -1;
		} else if (a + 1 < argc && !strcmp(argv[a], "restarts")) {
			if (rs_parse_count(argv[++a], 1, 1000, "restarts", &w->restarts, e) != 0)
				return -1;
			if (s->sandbox && w->restarts > RS_SANDBOX_RESTARTS)
				return rs_fail(e, RS_EINVAL, "the sandbox allows %d restarts at most",
					       RS_SANDBOX_RESTARTS);
		} else {
			static const char *const opts[] = {"dims", "restarts", "normalize", "first", NULL};
			char near[64];
			return rs_fail(e, RS_EINVAL,
				       "unexpected '%s'%s (usage: cluster [K] [dims D] [restarts R] [normalize] [first])",
				       argv[a], cmd_suggestion(argv[a], opts, near, sizeof near));
		}
	}
	return 0;
}

/* K-Means' progress line on a terminal's stderr, redrawn in place */
struct km_progress {
	int restarts, drawn; /* the width of the line drawn, to clear it */
};

static void km_progress(void *ctx, int restart, int iteration)
{
	struct km_progress *p = ctx;
	char line[128];
	if (iteration == 0)
		snprintf(line, sizeof line, "K-Means: restart %d of %d, seeding  (Ctrl-C stops it)",
			 restart + 1, p->restarts);
	else
		snprintf(line, sizeof line, "K-Means: restart %d of %d, iteration %d  (Ctrl-C stops it)",
			 restart + 1, p->restarts, iteration);
	int cols = cmd_term_columns(stderr), w = (int)strlen(line);
	if (cols > 1 && w > cols - 1) /* a line that wraps cannot be drawn over */
		line[w = cols - 1] = '\0';
	fprintf(stderr, "\r%s%*s", line, p->drawn > w ? p->drawn - w : 0, "");
	fflush(stderr);
	p->drawn = w > p->drawn ? w : p->drawn;
}

CHECK_FN(cluster)
{
	struct cluster_words w;
	return cluster_words(s, argc, argv, &w, e);
}

/* K as given, or the model's blocks, or the labels' classes; -1 with e
 * set where there is none to take */
static long cluster_K(const rs_session *s, long given, rs_err *e)
{
	if (given > 0)
		return given;
	if (s->model) /* the paper's protocol: K = the number of blocks */
		return s->model->K;
	if (s->labels && rs_labels_classes(s->labels) > 0)
		return rs_labels_classes(s->labels);
	return rs_fail(e, RS_EINVAL, "give K (the graph has no labels to take the number of classes from)");
}

/* The N rows of the embedding's first d columns (allocated), each of
 * unit length when normalize says so; NULL with e set */
static double *cluster_rows(const rs_session *s, const rs_spectrum *S, long N, long d, int normalize, rs_err *e)
{
	double *X = rs_alloc(e, (size_t)N * (size_t)d, sizeof *X, "embedding rows");
	if (X == NULL)
		return NULL;
	for (long i = 0; i < N; i++) {
		long row = session_vec_row(s, S, i);
		double nrm = 0;
		for (long c = 0; c < d; c++) {
			double x = S->vec[row + (size_t)(c + 1) * S->rows];
			X[i * d + c] = x;
			nrm += x * x;
		}
		if (normalize && nrm > 0)
			for (long c = 0; c < d; c++)
				X[i * d + c] /= sqrt(nrm);
	}
	return X;
}

/* K-Means on X (N rows of d) with restarts, seeded; each pass of each
 * restart costs N K d: where they add up to seconds, a terminal is shown
 * how far it is (nothing on a pipe). 0, or -1 with e set (Ctrl-C before
 * the restarts were done too) */
static int cluster_run(const rs_session *s, const double *X, long N, long d, long K, long restarts,
		       rs_kmeans_out *km, rs_err *e)
{
	struct km_progress pr = {(int)restarts, 0};
	int shown = isatty(STDERR_FILENO) && (double)N * (double)K * (double)d * (double)restarts > 1e9;
	rs_kmeans_opts o = {(int)K, (int)restarts, 300, 1e-6, s->seed, &rs_interrupted,
			    shown ? km_progress : NULL, &pr};
	rs_interrupted = 0;
	int rc = rs_kmeans(X, N, (int)d, &o, km, e);
	if (pr.drawn) { /* and the ^C a terminal echoed after it */
		int cols = cmd_term_columns(stderr), wide = pr.drawn + 2;
		fprintf(stderr, "\r%*s\r", cols > 1 && wide > cols - 1 ? cols - 1 : wide, "");
	}
	if (rc != 0)
		return -1;
	if (rs_interrupted && km->restarts_run < restarts) {
		rs_kmeans_out_free(km);
		return rs_fail(e, RS_EINVAL, "interrupted");
	}
	return 0;
}

/* The clustering's summary: K, the columns, inertia, the clusters' sizes
 * (up to 200 of them) and a note for those left empty */
static void cluster_report(rs_session *s, const rs_kmeans_out *km, long N, long K, long d, int normalize,
			   FILE *out)
{
	long *size = xcalloc((size_t)K, sizeof *size), *id = xcalloc((size_t)K, sizeof *id);
	for (long i = 0; i < N; i++)
		size[km->label[i]]++;
	for (long c = 0; c < K; c++)
		id[c] = c;
	rs_result *r = result_new("cluster");
	result_int(r, "K", K);
	result_int(r, "dims", d);
	result_num(r, "inertia", km->inertia);
	result_int(r, "iterations", km->iterations);
	result_int(r, "restarts", km->restarts_run);
	result_flag_scalars(r, RF_NOTEXT);
	result_title(r, "K-Means, K = %ld on %ld columns%s: inertia %.6g (best of %d restarts, %d iterations)", K, d,
		     normalize ? " (rows normalized)" : "", km->inertia, km->restarts_run, km->iterations);
	if (K <= 200) {
		result_ints(r, "cluster", RF_TABLE, id, (size_t)K);
		result_ints(r, "size", RF_TABLE, size, (size_t)K);
	}
	long empty = 0;
	for (long c = 0; c < K; c++)
		empty += size[c] == 0;
	if (empty > 0)
		result_note(r, "%ld of the %ld clusters %s empty: the embedding's rows take fewer than K "
			       "distinct places (a block model's nodes share their block's), so a smaller "
			       "K describes them",
			    empty, K, empty == 1 ? "is" : "are");
	result_note(r, "'score' compares the clusters with the labels; 'save clusters FILE' writes them");
	cmd_emit(s, out, r);
	free(size);
	free(id);
}

CMD_FN(cluster)
{
	struct cluster_words w;
	if (cluster_words(s, argc, argv, &w, e) != 0)
		return -1;
	long K = cluster_K(s, w.K, e);
	if (K < 0 || cmd_need_k(s, e) != 0)
		return -1;
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	long N = session_nodes(s), k = session_cols(s, S);
	long d = w.dims ? w.dims : k;
	if (w.first) /* the paper's notebook: the first min(k, K) columns */
		d = K < k ? K : k;
	if (d > k)
		return rs_fail(e, RS_EINVAL, "dims %ld: the embedding has %ld column%s (set k)", d, k, k == 1 ? "" : "s");
	if (K > N)
		return rs_fail(e, RS_EINVAL, "K = %ld is more than the %ld nodes", K, N);
	if (s->model && N > 2000000)
		return rs_fail(e, RS_EINVAL, "clustering a block model of %ld nodes row by row is wasteful: "
			       "every node of a block sits at the same point (use 'embed')", N);
	double *X = cluster_rows(s, S, N, d, w.normalize, e);
	if (X == NULL)
		return -1;
	rs_kmeans_out km;
	int rc = cluster_run(s, X, N, d, K, w.restarts, &km, e);
	free(X);
	if (rc != 0)
		return -1;
	free(s->clusters);
	s->clusters = km.label;
	s->nclustered = N;
	s->nclusters = (int)K;
	cluster_report(s, &km, N, K, d, w.normalize, out);
	return 0;
}

/* Labels from a file, one a line (or 'node label' pairs), for n nodes. */
static int32_t *labels_file(rs_session *s, const char *path, long n, rs_err *e)
{
	char *p = cmd_resolve_path(s, path);
	int32_t *y = NULL;
	if (s->graph) {
		rs_labels *L = rs_labels_read(p, s->graph, e);
		if (L) {
			y = xcalloc((size_t)n, sizeof *y);
			for (long i = 0; i < n; i++)
				y[i] = i < L->n ? L->y[i] : -1;
			rs_labels_free(L);
		}
	} else {
		/* a block model: a plain list, one label a line */
		size_t len;
		char *buf = rs_read_file(p, &len, e);
		if (buf) {
			y = xcalloc((size_t)n, sizeof *y);
			long i = 0, line = 0;
			for (char *q = buf, *nl; q; q = nl) {
				nl = strchr(q, '\n');
				if (nl)
					*nl++ = '\0';
				line++;
				size_t w = strlen(q);
				while (w > 0 && strchr(" \t\r", q[w - 1]))
					q[--w] = '\0';
				q += strspn(q, " \t");
				if (*q == '#' || *q == '\0')
					continue;
				if (i >= n) {
					rs_fail(e, RS_EINVAL, "%s:%ld: more labels than the %ld nodes", p, line, n);
					free(y);
					y = NULL;
					break;
				}
				long v;
				rs_err ne;
				if (rs_parse_long(q, &v, &ne) != 0 || v < -1 || v > INT32_MAX) {
					rs_fail(e, RS_EINVAL, "%s:%ld: '%s' is not a label (a whole number, -1 = none)", p, line,
						q);
					free(y);
					y = NULL;
					break;
				}
				y[i++] = (int32_t)v;
			}
			if (y && i != n) {
				rs_fail(e, RS_EINVAL, "%s: %ld labels for %ld nodes", p, i, n);
				free(y);
				y = NULL;
			}
			free(buf);
		}
	}
	free(p);
	return y;
}

CMD_FN(score)
{
	if (session_need_model(s, e) != 0)
		return -1;
	long n = s->graph ? s->graph->orig_n : session_nodes(s); /* the original nodes only */
	int32_t *pred = NULL, *truth = NULL;
	int owned_pred = 0;
	if (argc >= 2 && s->sandbox)
		return rs_fail(e, RS_EINVAL, "reading labelings from files is not allowed in the sandbox");
	if (argc >= 2) {
		pred = labels_file(s, argv[1], n, e);
		if (pred == NULL)
			return -1;
		owned_pred = 1;
	} else {
		if (s->clusters == NULL)
			return rs_fail(e, RS_EINVAL, "no clustering yet: 'cluster K' first, or 'score FILE'");
		pred = s->clusters;
	}
	if (argc == 3) {
		truth = labels_file(s, argv[2], n, e);
		if (truth == NULL) {
			if (owned_pred)
				free(pred);
			return -1;
		}
	} else {
		truth = xcalloc((size_t)n, sizeof *truth);
		for (long i = 0; i < n; i++)
			truth[i] = s->model ? rs_model_block_of(s->model, i)
				   : (s->labels && i < s->labels->n ? s->labels->y[i] : -1);
		if (s->graph && s->labels == NULL) {
			free(truth);
			truth = NULL;
		}
	}
	rs_scores sc = {0};
	int rc = 0;
	if (truth && rs_scores_supervised(truth, pred, n, &sc, e) != 0)
		rc = -1;
	if (rc == 0) {
		sc.q = s->graph && !s->graph->bipartite ? rs_modularity(s->graph, pred, n) : NAN;
		sc.nsd = rs_nsd(pred, n);
		rs_result *r = result_new("score");
		const char *names[8] = {"H", "C", "V", "ARI", "AMI", "FMI", "Q", "NSD"};
		double vals[8] = {sc.h, sc.c, sc.v, sc.ari, sc.ami, sc.fmi, sc.q, sc.nsd};
		int from = truth ? 0 : 6;
		for (int i = from; i < 8; i++)
			result_num(r, names[i], vals[i]);
		result_int(r, "scored", truth ? sc.n : n);
		result_flag_scalars(r, RF_NOTEXT);
		char **nm = xcalloc(8, sizeof *nm);
		for (int i = from; i < 8; i++)
			nm[i - from] = (char *)names[i];
		result_strs(r, "score", RF_TABLE | RF_NOTEXT, nm, (size_t)(8 - from));
		result_nums(r, "value", RF_TABLE | RF_NOTEXT, vals + from, (size_t)(8 - from));
		free(nm);
		char line[256];
		int len = 0;
		/* an undefined score reads '-', as in the experiment tables (the
		 * note below says why; the JSON field is null) */
		for (int i = from; i < 8; i++)
			len += isnan(vals[i]) ? snprintf(line + len, sizeof line - (size_t)len, "%s%s -",
							 i > from ? "  " : "", names[i])
					      : snprintf(line + len, sizeof line - (size_t)len, "%s%s %.4f",
							 i > from ? "  " : "", names[i], vals[i]);
		result_title(r, "%s", line);
		if (truth)
			result_note(r, "supervised scores on the %ld labelled original nodes", sc.n);
		if (isnan(sc.q))
			result_note(r, "Q is undefined here (a bipartite graph or a block model)");
		if (isnan(sc.nsd))
			result_note(r, "NSD is undefined: a single non-empty cluster");
		if (s->graph && s->graph->n > s->graph->orig_n)
			result_note(r, "noise nodes left out; Q on the noise-free graph");
		cmd_emit(s, out, r);
	}
	if (owned_pred)
		free(pred);
	free(truth);
	return rc;
}

int cmd_save_clusters(rs_session *s, const char *path, rs_err *e)
{
	if (s->clusters == NULL)
		return rs_fail(e, RS_EINVAL, "no clustering yet: 'cluster K' first");
	return cmd_save_node_values(s, path, "cluster", s->clusters, s->nclustered, NULL, 0, e);
}
