/* cmd-plot.c: the plot command: embeddings, spectra, alpha sweeps and sign
 * patterns as gnuplot scripts. */
#include <config.h>

#include "cmd-impl.h"

#include "gspectrum.h"
#include "numparse.h"
#include "plot.h"
#include "theory.h"
#include "utf8.h"
#include "views.h"
#include "xalloc.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

extern rs_cancel rs_interrupted;

/* A growing script. */
struct sbuf {
	char *s;
	size_t len, cap;
};

static void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *t = xvasprintf(fmt, ap);
	va_end(ap);
	size_t l = strlen(t);
	if (b->len + l + 1 > b->cap) {
		b->cap = (b->len + l + 1) * 2;
		b->s = xreallocarray(b->s, b->cap, 1);
	}
	memcpy(b->s + b->len, t, l + 1);
	b->len += l;
	free(t);
}

/* Text that goes inside gnuplot "..." strings. */
static char *gp_quote(const char *s)
{
	char *q = xmalloc(2 * strlen(s) + 1), *p = q;
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			*p++ = '\\';
		*p++ = *s == '\n' ? ' ' : *s;
	}
	*p = '\0';
	return q;
}

/* The title: what is drawn and on what, then alpha and k on a second line
 * (one line ran past a png's edge once a legend took the right side). */
static void title_line(rs_session *s, struct sbuf *b, const char *what)
{
	char desc[200];
	session_describe(s, desc, sizeof desc);
	if (!strncmp(what, "lambda_j and mu_j", 17)) { /* along alpha: no alpha to give */
		char *t = xasprintf("%s: %s, k = %ld", what, desc, session_k(s)), *q = gp_quote(t);
		sb_printf(b, "set title \"%s\" noenhanced\n", q);
		free(q);
		free(t);
		return;
	}
	char *t1 = xasprintf("%s: %s", what, desc);
	char *t2 = s->alpha_rel ? xasprintf("alpha = %.4g relative (absolute %.4g), k = %ld", s->alpha,
					      session_alpha_abs(s), session_k(s))
				  : xasprintf("alpha = %.4g absolute, k = %ld", s->alpha, session_k(s));
	char *q1 = gp_quote(t1), *q2 = gp_quote(t2);
	sb_printf(b, "set title \"%s\\n%s\" noenhanced\n", q1, q2);
	free(q1);
	free(q2);
	free(t1);
	free(t2);
}

static const char *const palette[] = {"#e41a1c", "#377eb8", "#4daf4a", "#984ea3", "#ff7f00",
				      "#a65628", "#f781bf", "#999999", "#66c2a5", "#fc8d62",
				      "#8da0cb", "#e78ac3", "#a6d854", "#ffd92f", "#e5c494", "#b3b3b3"};
#define NPAL (int)(sizeof palette / sizeof palette[0])

/* classes with a letter of their own on the text terminal */
#define TEXT_OWN 9

/* A round tick step (1, 2 or 5 times a power of ten) that cuts a range
 * into at most about five parts: for an x axis beside a wide key, whose
 * labels overlap when gnuplot picks ten of them ("-0.03-0.02-0.01"). */
static double tick_step(double range)
{
	if (!(range > 0) || !isfinite(range))
		return 0;
	double raw = range / 5, p = pow(10, floor(log10(raw))), f = raw / p;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

/* The y axis' label.  The text terminal prints it across, not turned,
 * centred where a turned one would stand, so that a word wider than two
 * characters runs into the tick labels ("value0.5"): there it is moved
 * left by half its width, and the margin holds it, a space, tick labels
 * of up to ticw characters and a space (measured on gnuplot 5.4's dumb
 * terminal). */
static void ylabel_ticks(struct sbuf *b, const char *text, int ticw)
{
	char *q = gp_quote(text);
	int w = (int)rs_utf8_width(text);
	sb_printf(b, "set ylabel \"%s\" noenhanced\nif (rs_text) { set lmargin %d; set ylabel offset -%d,0 }\n", q,
		  w + ticw + 8, w / 2 + 1);
	free(q);
}

/* ... for numbers as gnuplot writes them ("-0.005"). */
static void ylabel(struct sbuf *b, const char *text)
{
	ylabel_ticks(b, text, 6);
}

/* A model's embedding: a point a block (its nodes share their rows), a
 * letter or colour each, rows and columns apart for a bipartite one. */
static void embed_blocks(const rs_model *M, const rs_spectrum *S, const double *X, const double *Y,
			 struct sbuf *b)
{
	int parts = M->bipartite ? 2 : 1;
	sb_printf(b, "$rs_embed << EOD\n");
	for (long r = 0; r < (long)M->K * parts; r++) {
		long row = S->per_block ? r : rs_model_block_start(M, (int)(r / M->K), (int)(r % M->K));
		sb_printf(b, "%.10g %.10g %ld\n", X[row], Y[row], r);
	}
	sb_printf(b, "EOD\nplot ");
	for (long r = 0; r < (long)M->K * parts; r++) {
		int p = (int)(r / M->K), bl = (int)(r % M->K);
		long size = p ? M->m[bl] : M->n[bl];
		sb_printf(b, "%s$rs_embed every ::%ld::%ld using 1:2 with points pt (rs_text ? \"%c\" : %d) ps 2.5 lc rgb \"%s\" title \"%sblock %d (%ld node%s)\"",
			  r ? ", " : "", r, r, (p ? 'a' : 'A') + bl % 26, p ? 9 : 7, palette[bl % NPAL], parts == 2 ? (p ? "cols " : "rows ") : "",
			  bl + 1, size, size == 1 ? "" : "s");
	}
	sb_printf(b, "\n");
}

/* A graph's nodes in series: 0 unlabelled, 1 .. own the classes (or
 * clusters) by size, the largest first, as many as the palette has
 * colours; own + 1 the smaller classes together, own + 2 the noise, own
 * + 3 a bipartite graph's unlabelled columns. */
struct series {
	int *cls;     /* N: each node's series */
	long *count;  /* ncls: each class's nodes */
	int *order;   /* ncls: the classes, largest first (ties by id) */
	long *inser;  /* nser: the points each series draws (1 node in step) */
	int ncls, own, nser;
	long other_nodes, columns, step;
};

static void series_free(struct series *z)
{
	free(z->cls);
	free(z->count);
	free(z->order);
	free(z->inser);
}

static void node_series(const rs_session *s, long N, int by_clusters, struct series *z)
{
	int ncls = by_clusters ? s->nclusters : s->labels ? s->labels->nclass : 0;
	const rs_graph *g = s->graph;
	long orig = g ? g->orig_n : N, gn = g ? g->n : N;
	z->ncls = ncls;
	z->step = N > 100000 ? (N + 99999) / 100000 : 1;
	/* each node's class (or cluster), -1 for none and for the noise; then
	 * its series (below) */
	int *cls = z->cls = xcalloc((size_t)N + 1, sizeof *cls);
	long *count = z->count = xcalloc((size_t)ncls + 1, sizeof *count);
	int *order = z->order = xcalloc((size_t)ncls + 1, sizeof *order);
	int *rank = xcalloc((size_t)ncls + 1, sizeof *rank);
	for (long i = 0; i < N; i++) {
		int y = by_clusters ? (i < s->nclustered ? s->clusters[i] : -1)
			: s->labels && i < s->labels->n ? s->labels->y[i] : -1;
		cls[i] = y >= 0 && y < ncls && !(i >= orig && i < gn) ? y : -1;
		if (cls[i] >= 0)
			count[y]++;
	}
	for (int c = 0; c < ncls; c++)
		order[c] = c;
	for (int a = 1; a < ncls; a++) /* by size, largest first; ties by id */
		for (int j = a; j > 0 && count[order[j]] > count[order[j - 1]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	int own = z->own = ncls <= NPAL ? ncls : NPAL - 1; /* classes with a colour of their own */
	for (int r = 0; r < ncls; r++)
		rank[order[r]] = r;
	z->nser = own + 4;
	z->other_nodes = 0;
	for (int r = own; r < ncls; r++)
		z->other_nodes += count[order[r]];
	/* the series' points (an empty series is left out: no datablock, no
	 * key entry, no warning from gnuplot) */
	z->inser = xcalloc((size_t)z->nser, sizeof *z->inser);
	z->columns = 0;
	for (long i = 0; i < N; i++) { /* each node's class becomes its series */
		cls[i] = i >= orig && i < gn ? own + 2
			 : cls[i] < 0	     ? (i >= gn ? own + 3 : 0)
			 : rank[cls[i]] < own ? rank[cls[i]] + 1
					      : own + 1;
		z->columns += cls[i] == own + 3;
		if (i % z->step == 0)
			z->inser[cls[i]]++;
	}
	free(rank);
}

/* One of the two plot commands of a graph's embedding: the text
 * terminal's (a letter per class, for the TEXT_OWN largest, so that its
 * key fits a 24-line terminal; the rest '+', counted in one entry), or
 * the others' (a colour per class). */
static void series_plot(const rs_session *s, const struct series *z, int by_clusters, int text,
			struct sbuf *b)
{
	int ncls = z->ncls, own = z->own;
	const long *count = z->count;
	const int *order = z->order;
	long tsmall = z->other_nodes;
	int town = own < TEXT_OWN ? own : TEXT_OWN;
	for (int r = town; r < own; r++)
		tsmall += count[order[r]];
	char buf[64];
	sb_printf(b, text ? "if (rs_text) {\n\tplot " : "} else {\n\tplot ");
	int titled_small = 0;
	for (int sr = 0, first = 1; sr < z->nser; sr++) {
		if (z->inser[sr] == 0)
			continue;
		const char *name, *col;
		char glyph = '.';
		if (sr == 0) {
			name = ncls > 0 ? "unlabelled" : "nodes";
			col = "#bbbbbb";
			glyph = ncls > 0 ? '.' : 'o';
		} else if (sr == own + 2) {
			name = "noise";
			col = "#444444";
			glyph = 'x';
		} else if (sr == own + 3) {
			snprintf(buf, sizeof buf, "columns (%ld)", z->columns);
			name = buf;
			col = "#888888";
			glyph = '^';
		} else if (sr == own + 1 || (text && sr > town)) {
			if (sr == own + 1 && ncls <= own)
				continue;
			int nsmall = text ? ncls - town : ncls - own;
			if (text) /* short: the text key takes columns from the plot */
				snprintf(buf, sizeof buf, "%d others (%ld)", nsmall, tsmall);
			else
				snprintf(buf, sizeof buf, "%d %s %s (%ld nodes)", nsmall,
					 /* 'smaller' only where none is as large as a coloured one */
					 own > 0 && count[order[own]] < count[order[own - 1]] ? "smaller" : "other",
					 by_clusters ? "clusters" : "classes", z->other_nodes);
			name = buf;
			col = "#e0e0e0";
			glyph = '+';
			if (text && titled_small++)
				name = NULL;
		} else {
			int c = order[sr - 1];
			char cname[48];
			if (by_clusters)
				snprintf(buf, sizeof buf, "cluster %d (%ld)", c + 1, count[c]);
			else
				snprintf(buf, sizeof buf, "%s (%ld)", views_class_name(s, c, cname, sizeof cname),
					 count[c]);
			name = buf;
			col = palette[sr - 1];
			glyph = (char)('A' + (sr - 1));
		}
		sb_printf(b, "%s$rs_c%d using 1:2 with points ", first ? "" : ", ", sr);
		if (text)
			sb_printf(b, "pt \"%c\" lc rgb \"%s\"", glyph, col);
		else /* a bipartite graph's columns: triangles */
			sb_printf(b, "pt %d ps %s lc rgb \"%s\"", sr == own + 3 ? 9 : 7, sr == own + 3 ? "0.7" : "0.5", col);
		if (name) {
			char *q = gp_quote(name);
			sb_printf(b, " title \"%s\"", q);
			free(q);
		} else {
			sb_printf(b, " notitle");
		}
		first = 0;
	}
	sb_printf(b, "\n");
}

static int script_embed(rs_session *s, int I, int J, int by_clusters, struct sbuf *b, rs_err *e)
{
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	int k = (int)session_cols(s, S);
	if (I < 2 || I > k + 1 || J < 1 || J > k + 1)
		return rs_fail(e, RS_EINVAL, "columns %d and %d: the embedding has x_2 .. x_%d", I, J, k + 1);
	title_line(s, b, by_clusters ? "clusters on the embedding" : "embedding");
	char yl[16];
	snprintf(yl, sizeof yl, "x_%d", J);
	sb_printf(b, "set xlabel \"x_%d\" noenhanced\n", I);
	ylabel(b, yl);
	/* text: no grid, whose dots would read as points */
	/* a margin round the points: on the text terminal a point on the
	 * border is drawn over */
	sb_printf(b, "set key outside right top Left reverse noenhanced\nif (!rs_text) set grid\nset xzeroaxis lt -1\nset yzeroaxis lt -1\n"
		     "set offsets graph 0.04, graph 0.04, graph 0.04, graph 0.04\nif (rs_text) set key samplen 1\n");
	const double *X = S->vec + (size_t)(I - 1) * S->rows, *Y = S->vec + (size_t)(J - 1) * S->rows;
	double xlo = HUGE_VAL, xhi = -HUGE_VAL;
	for (long i = 0; i < S->rows; i++)
		if (isfinite(X[i])) {
			xlo = fmin(xlo, X[i]);
			xhi = fmax(xhi, X[i]);
		}
	double xstep = tick_step(xhi - xlo);
	if (xstep > 0)
		sb_printf(b, "set xtics %.6g\n", xstep);
	if (s->model && !by_clusters) {
		embed_blocks(s->model, S, X, Y, b);
		return 0;
	}
	/* a graph: a datablock for each series, then the plots */
	long N = S->rows;
	struct series z;
	node_series(s, N, by_clusters, &z);
	for (int sr = 0; sr < z.nser; sr++) {
		if (z.inser[sr] == 0)
			continue;
		sb_printf(b, "$rs_c%d << EOD\n", sr);
		for (long i = 0; i < N; i += z.step)
			if (z.cls[i] == sr)
				sb_printf(b, "%.10g %.10g\n", X[i], Y[i]);
		sb_printf(b, "EOD\n");
	}
	if (z.step > 1)
		sb_printf(b, "set label 1 \"1 node in %ld shown\" at graph 0.02,0.97 noenhanced\n", z.step);
	series_plot(s, &z, by_clusters, 1, b);
	series_plot(s, &z, by_clusters, 0, b);
	sb_printf(b, "}\n");
	series_free(&z);
	return 0;
}

/* Ranked thresholds for the model's blocks or the graph's classes (NULL if none). */
static double *ranked_mu(rs_session *s, double a, int *K)
{
	if (s->model) {
		*K = s->model->K;
		double *mu = xcalloc((size_t)*K, sizeof *mu), *srt = xcalloc((size_t)*K, sizeof *srt);
		int *ord = xcalloc((size_t)*K, sizeof *ord);
		rs_theory_mu(s->model, a, mu);
		rs_theory_rank(mu, *K, ord);
		for (int j = 0; j < *K; j++)
			srt[j] = mu[ord[j]];
		free(mu);
		free(ord);
		return srt;
	}
	struct classes c;
	rs_err e;
	if (s->labels == NULL || views_classes(s, &c, &e) != 0) {
		*K = 0;
		return NULL;
	}
	double an = a * (double)session_nodes(s);
	double *srt = xcalloc((size_t)c.K, sizeof *srt);
	for (int j = 0; j < c.K; j++)
		c.mu[j] = an / (an + (double)c.size[j]);
	rs_theory_rank(c.mu, c.K, c.order);
	for (int j = 0; j < c.K; j++)
		srt[j] = c.mu[c.order[j]];
	*K = c.K;
	views_classes_free(&c);
	return srt;
}

static int script_spectrum(rs_session *s, struct sbuf *b, rs_err *e)
{
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	int K;
	double *mu = ranked_mu(s, session_alpha_abs(s), &K);
	title_line(s, b, K > 0 ? "interleaving" : "spectrum (no blocks or classes: no mu_j)");
	sb_printf(b, "set xlabel \"j\"\n");
	ylabel(b, "value");
	/* the values grow with j: the lower right is empty, but for the text
	 * terminal's key, as wide as half the plot: below it */
	sb_printf(b, "if (rs_text) { set key below } else { set key right bottom }\nset grid\n");
	/* lambda_j at j, mu_j between: whole ticks */
	sb_printf(b, "set xtics %d\n", S->nvec <= 20 ? 1 : (int)fmax(1.0, tick_step(S->nvec)));
	sb_printf(b, "$rs_lambda << EOD\n");
	for (int j = 0; j < S->nvec; j++)
		sb_printf(b, "%d %.10g\n", j + 1, S->lambda[j]);
	sb_printf(b, "EOD\n$rs_mu << EOD\n");
	int nm = K < S->nvec ? K : S->nvec;
	for (int j = 0; j < nm; j++)
		sb_printf(b, "%g %.10g\n", j + 1.5, mu[j]);
	sb_printf(b, "EOD\n$rs_chain << EOD\n");
	/* the chain as Lemma 3 has it: each value above the last (2), or
	 * some equal to it, as equal blocks give (1), or not (0) */
	int rising = 2;
	double last = 0;
	for (int j = 0; j < 2 * S->nvec; j++) {
		if (j % 2 == 1 && j / 2 >= nm)
			continue;
		double v = j % 2 == 0 ? S->lambda[j / 2] : mu[j / 2];
		sb_printf(b, "%g %.10g\n", j % 2 == 0 ? j / 2 + 1.0 : j / 2 + 1.5, v);
		if (j > 0 && fabs(v - last) <= RS_EIG_TIE * fmax(1.0, fabs(v)))
			rising = rising < 1 ? rising : 1;
		else if (j > 0 && v < last)
			rising = 0;
		last = v;
	}
	sb_printf(b, "EOD\n");
	sb_printf(b, "plot $rs_chain using 1:2 with lines lc rgb \"#bbbbbb\" title \"%s\" noenhanced, "
		     "$rs_lambda using 1:2 with points pt (rs_text ? \"l\" : 7) ps 1.8 lc rgb \"#e41a1c\" title \"lambda_j\" noenhanced",
		  nm == 0	 ? "lambda_1, lambda_2, ..."
		  : rising == 2 ? "0 = lambda_1 < mu_1 < lambda_2 < ..."
		  : rising == 1 ? "0 = lambda_1 <= mu_1 <= lambda_2 <= ..."
				: "lambda_1, mu_1, lambda_2, ... in turn: not rising");
	if (nm > 0)
		sb_printf(b, ", $rs_mu using 1:2 with points pt (rs_text ? \"m\" : 9) ps 1.8 lc rgb \"#377eb8\" title \"mu_j\" noenhanced");
	sb_printf(b, "\n");
	free(mu);
	return 0;
}

static int script_sweep(rs_session *s, double from, double to, long steps, int logscale, struct sbuf *b,
			rs_err *e)
{
	if (session_need_model(s, e) != 0)
		return -1;
	long k = session_k(s);
	double f1 = session_rel_factor(s);
	int K = 0;
	struct sbuf data = {0};
	rs_spectrum *prev = NULL;
	int nm = 0;
	const rs_graph *g = s->model ? NULL : session_solver_graph(s, e);
	if (s->model == NULL && g == NULL)
		return -1;
	/* solved in the order the basis likes (views_sweep_plan), written in
	 * alpha order */
	long *order = xcalloc((size_t)steps, sizeof *order);
	double *lam = xcalloc((size_t)steps * (size_t)k, sizeof *lam);
	int *nv = xcalloc((size_t)steps, sizeof *nv);
	views_sweep_plan(s, g, steps, order);
	int rc = 0;
	for (long t = 0; t < steps; t++) {
		long i = order[t];
		double a = views_sweep_alpha(from, to, steps, logscale, i);
		double aa = s->alpha_rel ? a * f1 : a;
		rs_spectrum *S;
		if (s->model) {
			S = rs_spectrum_solve(s->model, aa, s->solver == RS_SOLVER_DENSE ? RS_SOLVER_DENSE : RS_SOLVER_AGGREGATE,
					      s->dense_max, e);
		} else {
			rs_gsolve_opts o = {aa,	  (int)k, s->tol, s->ncv, s->seed, s->no_warm ? NULL : prev, NULL,
					    session_rbasis(s), 0, s->solver == RS_SOLVER_LANCZOS, s->basis};
			S = rs_graph_spectrum(g, &o, e);
		}
		if (S == NULL) {
			rc = rs_fail(e, e->code, "at alpha = %g: %s", a, e->msg);
			break;
		}
		nv[i] = (int)(S->nvec - 1 < k ? S->nvec - 1 : k);
		for (long j = 0; j < nv[i]; j++)
			lam[(size_t)i * (size_t)k + (size_t)j] = S->lambda[j + 1];
		rs_spectrum_free(prev);
		prev = S;
	}
	rs_spectrum_free(prev);
	int nl = (int)k;
	for (long i = 0; i < steps && rc == 0; i++) {
		double a = views_sweep_alpha(from, to, steps, logscale, i);
		double *mu = ranked_mu(s, s->alpha_rel ? a * f1 : a, &K);
		nm = (int)(K < k + 1 ? K : k + 1);
		sb_printf(&data, "%.10g", a);
		for (long j = 0; j < nv[i]; j++)
			sb_printf(&data, " %.10g", lam[(size_t)i * (size_t)k + (size_t)j]);
		for (int j = 0; j < nm; j++)
			sb_printf(&data, " %.10g", mu[j]);
		sb_printf(&data, "\n");
		free(mu);
		if (nv[i] < nl)
			nl = nv[i];
	}
	free(order);
	free(lam);
	free(nv);
	if (rc != 0) {
		free(data.s);
		return -1;
	}
	title_line(s, b, nm > 0 ? "lambda_j and mu_j along alpha" : "lambda_j along alpha (no blocks or classes: no mu_j)");
	sb_printf(b, "set xlabel \"alpha (%s)\"\n", s->alpha_rel ? "relative" : "absolute");
	ylabel(b, "value");
	sb_printf(b, "set key outside right top noenhanced\nset grid\n");
	if (logscale)
		sb_printf(b, "set logscale x\n");
	sb_printf(b, "$rs_sweep << EOD\n%sEOD\nplot ", data.s ? data.s : "");
	free(data.s);
	for (int j = 0; j < nl; j++)
		sb_printf(b, "%s$rs_sweep using 1:%d with lines lw 2 lc rgb \"%s\" title \"lambda_%d\"", j ? ", " : "",
			  j + 2, palette[j % NPAL], j + 2);
	for (int j = 0; j < nm; j++)
		sb_printf(b, ", $rs_sweep using 1:%d with lines dt 2 lc rgb \"%s\" title \"mu_%d\"", nl + 2 + j,
			  palette[(j + NPAL - 1) % NPAL], j + 1);
	sb_printf(b, "\n");
	return 0;
}

/* The rows of the signs plot named on the y axis, every one up to 25
 * rows (10 on the text terminal), else every second, third, ... (the
 * paper's SBM has 100 classes); names are freed. */
static void signs_ytics(struct sbuf *b, const char *what, char **names, int rows)
{
	int ticw = 1;
	for (int text = 0; text <= 1; text++) {
		int most = text ? 10 : 25, every = rows > most ? (rows + most - 1) / most : 1;
		sb_printf(b, "%sset ytics (", text ? "if (rs_text) " : "");
		for (int r = 0; r < rows; r += every) {
			char *q = gp_quote(names[r]);
			sb_printf(b, "%s\"%s\" %d", r ? ", " : "", q, r);
			free(q);
			if ((int)rs_utf8_width(names[r]) > ticw)
				ticw = (int)rs_utf8_width(names[r]);
		}
		sb_printf(b, ") noenhanced\n");
	}
	ylabel_ticks(b, what, ticw);
	for (int r = 0; r < rows; r++)
		free(names[r]);
	free(names);
}

static int script_signs(rs_session *s, struct sbuf *b, rs_err *e)
{
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	int k = (int)session_cols(s, S);
	title_line(s, b, "sign patterns");
	sb_printf(b, "set xlabel \"eigenvector x_j\" noenhanced\n");
	sb_printf(b, "set palette defined (-1 \"#2166ac\", 0 \"#f7f7f7\", 1 \"#b2182b\")\nset cbrange [-1:1]\n");
	sb_printf(b, "set cblabel \"%s\"\nunset key\n", s->model ? "sign" : "share of nodes > 0, as 2p - 1");
	sb_printf(b, "set xtics (");
	for (int j = 1; j <= k; j++)
		sb_printf(b, "%s\"x_%d\" %d", j > 1 ? ", " : "", j + 1, j - 1);
	sb_printf(b, ") noenhanced\n");
	int rows;
	if (s->model) {
		const rs_model *M = s->model;
		int parts = M->bipartite ? 2 : 1;
		rows = M->K * parts;
		char **names = xcalloc((size_t)rows, sizeof *names);
		for (int r = 0; r < rows; r++)
			names[r] = xasprintf("%s%d", parts == 1 ? "" : r < M->K ? "rows " : "cols ", r % M->K + 1);
		signs_ytics(b, "block", names, rows);
		sb_printf(b, "$rs_signs << EOD\n");
		for (int r = 0; r < rows; r++) {
			for (int j = 1; j <= k; j++) {
				char c = rs_theory_sign(M, S, j, r / M->K, r % M->K);
				sb_printf(b, "%s%d", j > 1 ? " " : "", c == '+' ? 1 : c == '-' ? -1 : 0);
			}
			sb_printf(b, "\n");
		}
	} else {
		struct classes c;
		if (views_classes(s, &c, e) != 0)
			return -1;
		rows = c.K;
		char **names = xcalloc((size_t)rows, sizeof *names);
		for (int r = 0; r < c.K; r++) {
			char cname[48];
			names[r] = xstrdup(views_class_name(s, c.id[r], cname, sizeof cname));
		}
		signs_ytics(b, "class", names, rows);
		sb_printf(b, "$rs_signs << EOD\n");
		double **pos = xcalloc((size_t)k + 1, sizeof *pos);
		for (int j = 1; j <= k; j++) {
			pos[j] = xcalloc((size_t)c.K, sizeof *pos[j]);
			views_class_fractions(s, S, &c, j, pos[j]);
		}
		for (int r = 0; r < c.K; r++) {
			for (int j = 1; j <= k; j++)
				sb_printf(b, "%s%.4f", j > 1 ? " " : "", 2 * pos[j][r] - 1);
			sb_printf(b, "\n");
		}
		for (int j = 1; j <= k; j++)
			free(pos[j]);
		free(pos);
		views_classes_free(&c);
	}
	/* each cell a box of its colour (an image needs two columns at
	 * least: at k = 1 it drew nothing); the text terminal draws no
	 * colours: there each cell is its sign, as 'signs' prints them ('+'
	 * for 0.9 of a class's nodes or more, '-' for 0.1 or less, '~'
	 * between) */
	sb_printf(b, "EOD\nset yrange [%d.5:-0.5]\nset xrange [-0.5:%d.5]\n", rows - 1, k - 1);
	sb_printf(b, "if (rs_text) {\n"
		     "\tset tics scale 0\n"
		     "\trs_sign(v) = v >= 0.8 ? \"+\" : v <= -0.8 ? \"-\" : %s\n"
		     "\tplot $rs_signs matrix using 1:2:(rs_sign($3)) with labels\n"
		     "} else {\n"
		     "\tplot $rs_signs matrix using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder fc palette\n"
		     "}\n",
		  /* a block's 0: its entries are zero; a class's: half its nodes > 0 */
		  s->model ? "v == 0 ? \"0\" : \"~\"" : "\"~\"");
	return 0;
}

static int script_scores(rs_session *s, struct sbuf *b, rs_err *e)
{
	const struct rs_expt *x = &s->expt;
	if (x->mean == NULL)
		return rs_fail(e, RS_EINVAL, "no experiment yet: run 'experiment' first");
	static const char *const met[8] = {"H", "C", "V", "ARI", "AMI", "FMI", "Q", "NSD"};
	int along_alpha = x->na > 1 || x->nn == 1;
	int npts = along_alpha ? x->na : x->nn;
	char *q = gp_quote(x->desc);
	sb_printf(b, "set title \"scores along %s: %s, K = %g, %s %g\" noenhanced\n", along_alpha ? "alpha" : "noise",
		  q, x->K[0], along_alpha ? "noise" : "alpha", along_alpha ? x->noise[0] : x->alpha[0]);
	free(q);
	sb_printf(b, "set xlabel \"%s\"\n", along_alpha ? "alpha (relative)" : "noise (fraction of n)");
	ylabel(b, "score");
	sb_printf(b, "set key outside right top\nset grid\nset xtics (");
	for (int i = 0; i < npts; i++)
		sb_printf(b, "%s\"%g\" %d", i ? ", " : "", along_alpha ? x->alpha[i] : x->noise[i], i);
	sb_printf(b, ")\nset xrange [-0.3:%g]\n$rs_scores << EOD\n", npts - 0.7);
	for (int i = 0; i < npts; i++) {
		long slot = along_alpha ? i : (long)i * x->na;
		sb_printf(b, "%d", i);
		for (int m = 0; m < 8; m++) {
			double v = x->mean[slot * 8 + m];
			if (isnan(v))
				sb_printf(b, " NaN");
			else
				sb_printf(b, " %.6g", v);
		}
		sb_printf(b, "\n");
	}
	/* the scores often sit at 1 (or 0), on the border, where the text
	 * terminal would draw over them: a margin; there each score's points
	 * are a letter of its name */
	static const char glyph[8] = {'H', 'C', 'V', 'R', 'M', 'F', 'Q', 'N'};
	sb_printf(b, "EOD\nset offsets 0, 0, graph 0.05, graph 0.05\nplot ");
	for (int m = 0; m < 8; m++)
		sb_printf(b, "%s$rs_scores using 1:%d with linespoints lw 2 pt (rs_text ? \"%c\" : 7) lc rgb \"%s\" title \"%s\"",
			  m ? ", " : "", m + 2, glyph[m], palette[m % NPAL], met[m]);
	sb_printf(b, "\n");
	return 0;
}

enum { MU_MAX = 16 }; /* curves 'plot mu' draws at most */

/* plot mu's ALPHA,ALPHA,... (NULL: the default five) into al; 0, or -1
 * with e filled */
static int mu_alphas(const char *list, double al[MU_MAX], int *na, rs_err *e)
{
	*na = 0;
	if (list == NULL) {
		static const double def[5] = {0.01, 0.1, 1, 10, 100};
		memcpy(al, def, sizeof def);
		*na = 5;
		return 0;
	}
	for (const char *p = list;; p++) {
		char tok[64];
		size_t l = strcspn(p, ",");
		if (l == 0 || l >= sizeof tok)
			return rs_fail(e, RS_EINVAL, "alpha %d of the list is %s", *na + 1, l ? "too long" : "empty");
		if (*na == MU_MAX)
			return rs_fail(e, RS_EINVAL, "at most %d alphas in one plot", MU_MAX);
		memcpy(tok, p, l);
		tok[l] = '\0';
		if (rs_parse_range(tok, 1e-12, 1e12, "alpha", &al[(*na)++], e) != 0)
			return -1;
		p += l;
		if (*p == '\0')
			return 0;
	}
}

/* mu_alpha(x) = alpha / (alpha + x): the threshold of a block holding a share x
 * of the nodes, for the alphas al[0..na), with the blocks of the session marked. */
static int script_mu(rs_session *s, const double *al, int na, struct sbuf *b, rs_err *e)
{
	sb_printf(b, "set title \"mu_alpha(x) = alpha / (alpha + x): the threshold of a block of share x\" noenhanced\n");
	sb_printf(b, "set xlabel \"x = n_j / n\" noenhanced\n");
	ylabel(b, "mu");
	sb_printf(b, "set key outside right top noenhanced\nset grid\n");
	sb_printf(b, "set logscale x\nset xrange [0.001:1]\nset yrange [0:1]\nset samples 400\n");
	long N = session_nodes(s);
	if (s->model || s->labels) {
		int K = 0;
		long *sz = NULL;
		if (s->model) {
			K = s->model->K;
			sz = xmemdup(s->model->n, (size_t)K * sizeof *sz);
			N = s->model->nn;
		} else {
			sz = rs_labels_sizes(s->labels, e);
			K = s->labels->nclass;
		}
		for (int j = 0; sz && j < K && j < 100; j++)
			if (sz[j] > 0)
				sb_printf(b, "set arrow from %.6g, graph 0 to %.6g, graph 1 nohead dt 3 lc rgb \"#888888\"\n",
					  (double)sz[j] / (double)N, (double)sz[j] / (double)N);
		free(sz);
	}
	sb_printf(b, "plot ");
	for (int i = 0; i < na; i++)
		sb_printf(b, "%s%.6g / (%.6g + x) with lines lw 2 lc rgb \"%s\" title \"alpha = %g\"", i ? ", " : "", al[i], al[i],
			  palette[i % NPAL], al[i]);
	sb_printf(b, "\n");
	return 0;
}

/* The error for word, which the plot's usage has no place for: a file
 * name of another kind said to be one, anything else named. */
static int plot_extra(const char *word, const char *usage, rs_err *e)
{
	const char *dot = strrchr(word, '.'), *slash = strrchr(word, '/');
	if (dot != NULL && dot[1] != '\0' && (slash == NULL || dot > slash) && strspn(dot + 1, "0123456789") != strlen(dot + 1))
		return rs_fail(e, RS_EINVAL, "'%s': a plot's file is .png, .svg or .pdf (for another format, 'plot term NAME' "
					     "then 'plot output FILE')", word);
	return rs_fail(e, RS_EINVAL, "unexpected '%s' (usage: %s)", word, usage);
}

/* plot mu's words (a file and 'dump' taken off): [ALPHA,ALPHA,...] */
static int plot_mu_words(int argc, char **argv, double al[MU_MAX], int *na, rs_err *e)
{
	return argc <= 3 ? mu_alphas(argc == 3 ? argv[2] : NULL, al, na, e)
			 : plot_extra(argv[3], "plot mu [ALPHA,ALPHA,...] [FILE.png|svg|pdf]", e);
}

/* plot output's words into n (its output and size); 0, or -1 and e */
static int plot_output_words(int argc, char **argv, rs_plotcfg *n, rs_err *e)
{
	if (argc < 3)
		return rs_fail(e, RS_EINVAL, "usage: plot output FILE|none [size W H]");
	n->output = !strcmp(argv[2], "none") ? NULL : argv[2];
	if (argc == 6 && !strcmp(argv[3], "size")) {
		long W, H;
		if (rs_parse_count(argv[4], 100, 10000, "width", &W, e) != 0 ||
		    rs_parse_count(argv[5], 100, 10000, "height", &H, e) != 0)
			return -1;
		n->width = (int)W;
		n->height = (int)H;
	} else if (argc != 3) {
		return strcmp(argv[3], "size") != 0 ? plot_extra(argv[3], "plot output FILE|none [size W H]", e)
		       : argc < 6 ? rs_fail(e, RS_EINVAL, "size: give a width and a height in pixels, as 'size 1200 900'")
				  : plot_extra(argv[6], "plot output FILE|none [size W H]", e);
	}
	return 0;
}

/* plot dump's word: on or off */
static int plot_dump_words(int argc, char **argv, int *dump, rs_err *e)
{
	if (argc != 3)
		return argc < 3 ? rs_fail(e, RS_EINVAL, "usage: plot dump on|off") : plot_extra(argv[3], "plot dump on|off", e);
	return cmd_parse_bool(argv[2], dump, e);
}

static int plot_settings(rs_session *s, int argc, char **argv, FILE *out, rs_err *e)
{
	rs_plotcfg *c = &s->plot;
	const char *w = argv[1];
	if (!strcmp(w, "output")) {
		/* checked on a copy: a setting refused leaves the previous one */
		rs_plotcfg n = *c;
		if (plot_output_words(argc, argv, &n, e) != 0)
			return -1;
		/* a file that cannot be written (no such directory) is said
		 * now, not at the next plot */
		if (n.output && plot_output_check(&n, e) != 0)
			return -1;
		free(c->output);
		*c = n;
		c->output = n.output ? xstrdup(n.output) : NULL;
	} else if (!strcmp(w, "term")) {
		if (argc < 3)
			return rs_fail(e, RS_EINVAL, "usage: plot term NAME [OPTIONS]|auto");
		free(c->term);
		c->term = NULL;
		if (strcmp(argv[2], "auto") != 0) {
			/* "dumb size 80,24": the words joined.  A font is a string
			 * to gnuplot, and the quotes of 'font "Sans,8"' were
			 * taken by our own tokenizer: put back where missing. */
			struct sbuf t = {0};
			for (int i = 2; i < argc; i++) {
				int quote = i > 2 && !strcmp(argv[i - 1], "font") && argv[i][0] != '"' &&
					    argv[i][0] != '\'' && !strchr(argv[i], '"');
				sb_printf(&t, "%s%s%s%s", i > 2 ? " " : "", quote ? "\"" : "", argv[i], quote ? "\"" : "");
			}
			c->term = t.s;
		}
	} else if (!strcmp(w, "dump")) {
		if (plot_dump_words(argc, argv, &c->dump, e) != 0)
			return -1;
	}
	(void)out;
	return 0;
}

int cmd_plot_view(rs_session *s, int I, int J, FILE *out, rs_err *e)
{
	struct sbuf b = {0};
	if (script_embed(s, I, J, 0, &b, e) != 0) {
		free(b.s);
		return -1;
	}
	rs_plotcfg cfg = s->plot;
	cfg.cancel = &rs_interrupted; /* Ctrl-C stops gnuplot */
	int rc = plot_run(&cfg, b.s, out, e);
	free(b.s);
	return rc;
}

#define EMBED_USAGE "plot embed [I J] [by labels|clusters] [FILE.png|svg|pdf]"

/* A name 'plot' takes as a one-off output file: png, svg or pdf. */
static int is_plot_file(const char *a)
{
	size_t n = strlen(a);
	return n > 4 && (!strcmp(a + n - 4, ".png") || !strcmp(a + n - 4, ".svg") || !strcmp(a + n - 4, ".pdf"));
}

/* plot embed's words (a file and 'dump' taken off): the columns I and J
 * (*given: named), and whether 'by' asked for the clusters */
static int plot_embed_words(int argc, char **argv, long *I, long *J, int *by_clusters, int *given, rs_err *e)
{
	*I = 2;
	*J = 3;
	*by_clusters = *given = 0;
	if (argc >= 4 && !strcmp(argv[argc - 2], "by")) {
		const char *by = argv[argc - 1]; /* the singular too: 'by cluster' */
		if (!strcmp(by, "clusters") || !strcmp(by, "cluster"))
			*by_clusters = 1;
		else if (strcmp(by, "labels") != 0 && strcmp(by, "label") != 0 && strcmp(by, "classes") != 0 &&
			 strcmp(by, "class") != 0 && strcmp(by, "blocks") != 0 && strcmp(by, "block") != 0)
			return rs_fail(e, RS_EINVAL, "colour by labels or clusters, got '%s'", by);
		argc -= 2;
	}
	if (argc == 4) {
		*given = 1;
		if (rs_parse_count(argv[2], 2, 1000, "I", I, e) != 0 || rs_parse_count(argv[3], 1, 1000, "J", J, e) != 0)
			return rs_fail(e, RS_EINVAL, "%s (usage: %s)", e->msg, EMBED_USAGE);
	} else if (argc == 3 && strspn(argv[2], "0123456789") == strlen(argv[2])) {
		return rs_fail(e, RS_EINVAL, "two columns, I and J, or none: got only '%s' (usage: %s)", argv[2],
			       EMBED_USAGE);
	} else if (argc != 2) {
		return plot_extra(argv[argc == 3 ? 2 : 4], EMBED_USAGE, e);
	}
	return 0;
}

/* plot sweep's words (a file and 'dump' taken off), with 'alpha' first as
 * the sweep command has it: 1 for none (the last sweep's range), 0 with
 * the range read, -1 and e */
static int plot_sweep_words(int argc, char **argv, double *from, double *to, long *steps, int *logscale, rs_err *e)
{
	if (argc > 2 && !strcmp(argv[2], "alpha")) {
		argv++;
		argc--;
	}
	*logscale = argc == 6 && !strcmp(argv[5], "log");
	if (argc == 2)
		return 1;
	if ((argc != 5 && !*logscale) || rs_parse_range(argv[2], 0, HUGE_VAL, "FROM", from, e) != 0 ||
	    rs_parse_range(argv[3], 0, HUGE_VAL, "TO", to, e) != 0 || rs_parse_count(argv[4], 2, 10000, "STEPS", steps, e) != 0)
		return e->msg[0] ? -1
		       : argc < 5 ? rs_fail(e, RS_EINVAL, "too few arguments (usage: plot sweep [FROM TO STEPS [log]])")
				  : plot_extra(argv[argc > 6 && !strcmp(argv[5], "log") ? 6 : 5], "plot sweep [FROM TO STEPS [log]]", e);
	if (*logscale && (*from <= 0 || *to <= 0))
		return rs_fail(e, RS_EINVAL, "a log sweep needs FROM and TO > 0");
	return 0;
}

/* The words a plot may end with, taken off: 'dump' (this plot's script
 * printed), then a file (this plot goes there, the setting stays) */
static void plot_strip(int *argc, char **argv, int *dump_once, const char **once)
{
	*dump_once = *argc > 2 && !strcmp(argv[*argc - 1], "dump");
	if (*dump_once)
		(*argc)--;
	*once = *argc > 2 && is_plot_file(argv[*argc - 1]) ? argv[--*argc] : NULL;
}

/* plot spectrum, signs and scores take no word but a file and 'dump' */
static int plot_nothing_more(const char *w, int argc, char **argv, rs_err *e)
{
	char usage[64];
	snprintf(usage, sizeof usage, "plot %s [FILE.png|svg|pdf]", w);
	return argc == 2 ? 0 : plot_extra(argv[2], usage, e);
}

/* What plot draws or sets: 0 for a word it knows, else -1 and e */
static int plot_what(const char *w, rs_err *e)
{
	static const char *const plot_words[] = {"embed", "spectrum", "sweep", "signs", "scores", "mu",
						 "output", "term", "dump", NULL};
	if (!strcmp(w, "embedding"))
		return 0;
	for (int i = 0; plot_words[i]; i++)
		if (!strcmp(w, plot_words[i]))
			return 0;
	char near[64];
	return rs_fail(e, RS_EINVAL,
		       "plot what? embed, spectrum, sweep, signs, scores, mu; or output, term, dump (got '%s'%s)", w,
		       cmd_suggestion(w, plot_words, near, sizeof near));
}

CHECK_FN(plot)
{
	(void)s;
	const char *w = argv[1];
	if (plot_what(w, e) != 0)
		return -1;
	if (!strcmp(w, "output")) { /* whether the file can be written: when it runs */
		rs_plotcfg n = {0};
		return plot_output_words(argc, argv, &n, e);
	}
	if (!strcmp(w, "dump")) {
		int dump;
		return plot_dump_words(argc, argv, &dump, e);
	}
	if (!strcmp(w, "term"))
		return argc < 3 ? rs_fail(e, RS_EINVAL, "usage: plot term NAME [OPTIONS]|auto") : 0;
	int dump_once;
	const char *once;
	plot_strip(&argc, argv, &dump_once, &once);
	if (!strcmp(w, "embed") || !strcmp(w, "embedding")) {
		long I, J;
		int by_clusters, given;
		return plot_embed_words(argc, argv, &I, &J, &by_clusters, &given, e);
	}
	if (!strcmp(w, "sweep")) {
		double from, to;
		long steps;
		int logscale;
		return plot_sweep_words(argc, argv, &from, &to, &steps, &logscale, e) < 0 ? -1 : 0;
	}
	if (!strcmp(w, "mu")) {
		double al[MU_MAX];
		int na;
		return plot_mu_words(argc, argv, al, &na, e);
	}
	return plot_nothing_more(w, argc, argv, e); /* spectrum, signs, scores */
}

CMD_FN(plot)
{
	const char *w = argv[1];
	if (!strcmp(w, "output") || !strcmp(w, "term") || !strcmp(w, "dump"))
		return plot_settings(s, argc, argv, out, e);
	struct sbuf b = {0};
	int rc, dump_once;
	const char *once;
	plot_strip(&argc, argv, &dump_once, &once);
	/* an embedding, its signs, a sweep of its values: nothing to draw for one block */
	if ((!strcmp(w, "embed") || !strcmp(w, "embedding") || !strcmp(w, "signs") || !strcmp(w, "sweep")) &&
	    cmd_need_k(s, e) != 0)
		return -1;
	if (!strcmp(w, "embed") || !strcmp(w, "embedding")) {
		long I, J;
		int by_clusters, given;
		if (plot_embed_words(argc, argv, &I, &J, &by_clusters, &given, e) != 0)
			return -1;
		if (by_clusters && s->clusters == NULL)
			return rs_fail(e, RS_EINVAL, "no clustering yet: 'cluster K' first");
		if (session_need_model(s, e) != 0)
			return -1;
		if (!given && session_k(s) < 2)
			J = 2;
		rc = script_embed(s, (int)I, (int)J, by_clusters, &b, e);
	} else if (!strcmp(w, "spectrum")) {
		rc = plot_nothing_more(w, argc, argv, e) != 0 ? -1 : script_spectrum(s, &b, e);
	} else if (!strcmp(w, "signs")) {
		rc = plot_nothing_more(w, argc, argv, e) != 0 ? -1 : script_signs(s, &b, e);
	} else if (!strcmp(w, "sweep")) {
		double from, to;
		long steps;
		int logscale, last = plot_sweep_words(argc, argv, &from, &to, &steps, &logscale, e);
		if (last < 0)
			return -1;
		if (last) { /* the range of the last 'sweep' */
			const struct rs_swept *sw = &s->swept;
			if (!sw->set)
				return rs_fail(e, RS_EINVAL, "usage: plot sweep FROM TO STEPS [log] (alone, after a 'sweep', "
							     "it plots that sweep's range)");
			if (sw->rel != s->alpha_rel)
				return rs_fail(e, RS_EINVAL, "the last sweep's range is %s alpha, and alpha is %s now: "
							     "'alpha %s' first, or give the range", sw->rel ? "relative" : "absolute",
					       s->alpha_rel ? "relative" : "absolute", sw->rel ? "rel" : "abs");
			from = sw->from;
			to = sw->to;
			steps = sw->steps < 10000 ? sw->steps : 10000;
			logscale = sw->logscale;
		}
		if (session_alpha_ok(s, s->alpha_rel, from, "FROM", e) != 0 ||
		    session_alpha_ok(s, s->alpha_rel, to, "TO", e) != 0 || session_need_nodes(s, e) != 0)
			return -1;
		rc = script_sweep(s, from, to, steps, logscale, &b, e);
	} else if (!strcmp(w, "scores")) {
		rc = plot_nothing_more(w, argc, argv, e) != 0 ? -1 : script_scores(s, &b, e);
	} else if (!strcmp(w, "mu")) {
		double al[MU_MAX];
		int na;
		rc = plot_mu_words(argc, argv, al, &na, e) != 0 ? -1 : script_mu(s, al, na, &b, e);
	} else {
		return plot_what(w, e);
	}
	if (rc != 0) {
		free(b.s);
		return -1;
	}
	rs_plotcfg cfg = s->plot;
	cfg.cancel = &rs_interrupted; /* Ctrl-C stops gnuplot */
	cfg.dump |= dump_once;
	if (once) { /* borrowed names, for this plot only: the extension picks the terminal */
		cfg.output = (char *)once;
		cfg.term = NULL;
	}
	rc = plot_run(&cfg, b.s, out, e);
	free(b.s);
	if (rc == 0 && cfg.output && !cfg.dump)
		fprintf(out, "plot written to %s\n", cfg.output);
	return rc;
}
