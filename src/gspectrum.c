/* gspectrum.c: matrix-free spectral embedding of graphs. */
#include <config.h>

#include "gspectrum.h"

#include "copies.h"
#include "lanczos.h"
#include "reorder.h"
#include "rng.h"

#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double rs_graph_rel_to_abs(const rs_graph *g, double alpha_rel)
{
	double n = (double)g->n;
	if (g->bipartite)
		return alpha_rel * g->total / (n * (double)g->m);
	return alpha_rel * g->total / (n * n);
}

/* u x is summed by blocks of this many, added in order (gop_apply). */
#define SUM_BLOCK 4096

/* The operator and its deflation. */
struct gop {
	const rs_graph *g;
	long N;          /* n, or n + m                                  */
	double alpha;
	double *u;       /* d^-1/2, 0 for nodes left out                  */
	double *up;      /* unipartite: u in the product's order, u[ord[r]] */
	double *tmp;     /* N                                             */
	/* the adjacency relabelled for the product (unipartite graphs), the
	 * sums of u x by blocks, and NULL or one copy of u x per thread (see
	 * gop_apply) */
	rs_csr_perm P;
	double *bsum;
	double *tcopy;
	int ncopy;
	/* bipartite graphs: one partial sum of the smaller side per thread
	 * (nacc threads of nsmall each), or NULL for the two-pass product */
	double *acc;
	int nacc;
	/* gram: the operator is M_s M_s^T on the smaller side, whose vectors
	 * are entries [off, off + dim) of the graph's (see bip_pass) */
	int gram;
	long off, dim;
	long space; /* what is left of [off, off + dim) once deflated */
	/* theta = 1 space: q = d^1/2 / sqrt(vol of its component) */
	long ncomp;
	int32_t *comp;   /* N, or NULL when there is one component        */
	double *q;       /* N                                             */
	double *coef;    /* ncomp                                         */
	/* isomorphic components (copies.h), the first nclass classes of cp:
	 * the differences between copies are known exactly, and Lanczos sees
	 * only the copies' mean.  Class c's values at this alpha, largest
	 * first, are cp_theta[cp_voff[c] ...], its vectors (size x size,
	 * column t for value t) cp_vec[cp_moff[c] ...] */
	const rs_copies *cp;
	long nclass;
	long *cp_voff, *cp_moff;
	double *cp_theta, *cp_vec;
	/* per class: CP_LEFT_OUT (nodes of degree 0 at alpha = 0: nothing to
	 * know), CP_PIECES, or CP_COMPONENTS (whole components at alpha = 0,
	 * whose top pair, theta = 1, is in the components' space already) */
	unsigned char *cp_kind;
};
enum { CP_LEFT_OUT, CP_PIECES, CP_COMPONENTS };

static double row_dot(const rs_graph *g, const long *ptr, const int32_t *idx, const double *val,
		      long i, const double *x)
{
	/* two partial sums: on rows of hundreds of entries (ego-twitter's
	 * hubs) one sum is a chain of dependent additions, and the product runs
	 * at the adder's latency; two chains are enough, and four cost the
	 * short rows more than they give (one product, 2 threads: facebook
	 * 0.19 / 0.20 / 0.17 ms, ego-twitter 1.23 / 1.12 / 0.94 ms for one,
	 * four, two sums) */
	double s0 = 0, s1 = 0;
	long p = ptr[i], end = ptr[i + 1];
	if (val) {
		for (; p + 2 <= end; p += 2) {
			s0 += val[p] * x[idx[p]];
			s1 += val[p + 1] * x[idx[p + 1]];
		}
	} else {
		for (; p + 2 <= end; p += 2) {
			s0 += x[idx[p]];
			s1 += x[idx[p + 1]];
		}
	}
	if (p < end)
		s0 += val ? val[p] * x[idx[p]] : x[idx[p]];
	(void)g;
	return s0 + s1;
}

/* The calling thread's number in its parallel region, and the team's size. */
static int team_rank(int *nt)
{
#ifdef _OPENMP
	*nt = omp_get_num_threads();
	return omp_get_thread_num();
#else
	*nt = 1;
	return 0;
#endif
}

/* The first row whose entries start at or after entry number want. */
static long row_at(const long *ptr, long nrows, long want)
{
	long l = 0, h = nrows;
	while (l < h) {
		long mid = l + (h - l) / 2;
		if (ptr[mid] < want)
			l = mid + 1;
		else
			h = mid;
	}
	return l;
}

/* z[j] += c * B_ij over row i's entries */
static void scatter(const long *ptr, const int32_t *idx, const double *val, long i, double c,
		    double *z)
{
	if (val)
		for (long p = ptr[i]; p < ptr[i + 1]; p++)
			z[idx[p]] += val[p] * c;
	else
		for (long p = ptr[i]; p < ptr[i + 1]; p++)
			z[idx[p]] += c;
}

/* row_dot and scatter in one loop: sum_j B_ij x[j], and z[j] += c * B_ij
 * (one loop: the gathers' latency hides behind the scatters) */
static double gather_scatter(const long *ptr, const int32_t *idx, const double *val, long i,
			     const double *x, double c, double *z)
{
	double s0 = 0, s1 = 0; /* two sums: see row_dot */
	long p = ptr[i], end = ptr[i + 1];
	if (val) {
		for (; p + 2 <= end; p += 2) {
			s0 += val[p] * x[idx[p]];
			s1 += val[p + 1] * x[idx[p + 1]];
			z[idx[p]] += val[p] * c;
			z[idx[p + 1]] += val[p + 1] * c;
		}
	} else {
		for (; p + 2 <= end; p += 2) {
			s0 += x[idx[p]];
			s1 += x[idx[p + 1]];
			z[idx[p]] += c;
			z[idx[p + 1]] += c;
		}
	}
	if (p < end) {
		double v = val ? val[p] : 1.0;
		s0 += v * x[idx[p]];
		z[idx[p]] += v * c;
	}
	return s0 + s1;
}

/* A bipartite graph's sides for the one-pass products: the larger side
 * (b) is walked row by row, the smaller (s) is gathered from and scattered
 * into. */
struct sides {
	long nb, ns, ob, os; /* sizes, and offsets in the vectors of N */
	const long *ptr;     /* the larger side's rows                  */
	const int32_t *idx;
	const double *val;
	const long *sptr;    /* the smaller side's rows                 */
	const int32_t *sidx;
	const double *sval;
};

static struct sides sides_of(const rs_graph *g)
{
	if (g->n >= g->m)
		return (struct sides){.nb = g->n, .ns = g->m, .ob = 0, .os = g->n,
				      .ptr = g->ptr, .idx = g->idx, .val = g->val,
				      .sptr = g->tptr, .sidx = g->tidx, .sval = g->tval};
	return (struct sides){.nb = g->m, .ns = g->n, .ob = g->n, .os = 0,
			      .ptr = g->tptr, .idx = g->tidx, .val = g->tval,
			      .sptr = g->ptr, .sidx = g->idx, .sval = g->val};
}

/* One pass over a bipartite graph's entries.  With xb: the product by the
 * operator, (ys, yb) = N (xs, xb).  Without (xb = NULL): ys = M_s M_s^T xs,
 * M_s = D_s^-1/2 (B_sb + alpha J) D_b^-1/2, where the top eigenpairs of the
 * smaller side live.  Each thread walks a block of the larger side's rows
 * (equal numbers of entries), gathers from the smaller side for each row
 * and scatters into its own partial sums of the smaller side, which are
 * then added in thread order (so the result does not depend on
 * scheduling).  Reading the entries once instead of twice: 20newsgroups'
 * product 2.6 -> 1.8 ms on 2 threads. */
struct bip_job {
	struct gop *G;
	const double *xs, *xb;
	double *ys, *yb;
	double (*part)[64];
};

static void bip_part(void *arg)
{
	const struct bip_job *J = arg;
	struct gop *G = J->G;
	const double *xs = J->xs, *xb = J->xb;
	double *ys = J->ys, *yb = J->yb;
	double(*part)[64] = J->part;
	struct sides S = sides_of(G->g);
	long ns = S.ns, nb = S.nb, nnz = S.ptr[nb];
	const double *ub = G->u + S.ob, *us = G->u + S.os;
	double *ts = G->tmp; /* u x on the smaller side */
	int nt, th = team_rank(&nt);
	long lo = ns * th / nt, hi = ns * (th + 1) / nt;
	double a = 0;
	for (long j = lo; j < hi; j++) {
		ts[j] = us[j] * xs[j];
		a += ts[j];
	}
	part[1][th] = a;
	/* rows [rlo, rhi): an equal share of the entries */
	long rlo = th == 0 ? 0 : row_at(S.ptr, nb, (long)((double)nnz * th / nt));
	long rhi = th == nt - 1 ? nb : row_at(S.ptr, nb, (long)((double)nnz * (th + 1) / nt));
	double *z = G->acc + (size_t)th * (size_t)ns;
	memset(z, 0, (size_t)ns * sizeof *z);
#pragma omp barrier
	double as = 0;
	for (int t = 0; t < nt; t++)
		as += part[1][t];
	as *= G->alpha;
	a = 0;
	for (long i = rlo; i < rhi; i++) {
		double c;
		if (xb) {
			c = ub[i] * xb[i];
			yb[i] = ub[i] * (gather_scatter(S.ptr, S.idx, S.val, i, ts, c, z) + as);
		} else {
			/* the row's (M_s^T xs)_i first, then its share of M_s (...) */
			c = ub[i] * ub[i] * (row_dot(G->g, S.ptr, S.idx, S.val, i, ts) + as);
			scatter(S.ptr, S.idx, S.val, i, c, z);
		}
		a += c;
	}
	part[0][th] = a;
#pragma omp barrier
	double ab = 0;
	for (int t = 0; t < nt; t++)
		ab += part[0][t];
	ab *= G->alpha;
	for (long j = lo; j < hi; j++) {
		double s = 0;
		for (int t = 0; t < nt; t++)
			s += G->acc[(size_t)t * (size_t)ns + j];
		ys[j] = us[j] * (s + ab);
	}
}

static void bip_pass(struct gop *G, const double *xs, const double *xb, double *ys, double *yb)
{
	double part[2][64] = {{0}};
	struct bip_job J = {G, xs, xb, ys, yb, part};
	rs_par(G->nacc, bip_part, &J);
}

struct apply_job {
	struct gop *G;
	const double *x;
	double *y;
};

/* The unipartite product's region (see gop_apply). */
static void uni_part(void *arg)
{
	const struct apply_job *J = arg;
	struct gop *G = J->G;
	const rs_graph *g = G->g;
	const double *x = J->x;
	double *y = J->y;
	long N = G->N;
	const rs_csr_perm *P = &G->P;
	const int32_t *ord = P->ord;
	const double *up = G->up;
	long nb = (N + SUM_BLOCK - 1) / SUM_BLOCK;
	int nt, th = team_rank(&nt);
	int own = G->tcopy != NULL && nt <= G->ncopy;
	double *tt = own ? G->tcopy + (size_t)th * (size_t)N : G->tmp;
	long blo = own ? 0 : nb * th / nt, bhi = own ? nb : nb * (th + 1) / nt;
	double as = 0;
	for (long b = blo; b < bhi; b++) {
		long end = (b + 1) * SUM_BLOCK < N ? (b + 1) * SUM_BLOCK : N;
		double sb = 0;
		for (long r = b * SUM_BLOCK; r < end; r++) {
			tt[r] = up[r] * x[ord[r]];
			sb += tt[r];
		}
		if (own)
			as += sb;
		else
			G->bsum[b] = sb;
	}
	if (!own) {
#pragma omp barrier
		as = 0;
		for (long b = 0; b < nb; b++)
			as += G->bsum[b];
	}
	as *= G->alpha;
#pragma omp for schedule(dynamic, 1) nowait
	for (long c = 0; c < (N + P->window - 1) / P->window; c++) {
		long end = (c + 1) * P->window < N ? (c + 1) * P->window : N;
		for (long r = c * P->window; r < end; r++)
			y[ord[r]] = up[r] * (row_dot(g, P->ptr, P->idx, P->val, r, tt) + as);
	}
}

/* The bipartite two-pass product's region (gop_apply): t = u x, then the
 * rows, which see the columns, then the columns, which see the rows. */
struct two_pass_job {
	struct gop *G;
	const double *x;
	double *y;
	double s1, s2;
};

static void two_pass_part(void *arg)
{
	const struct two_pass_job *J = arg;
	const struct gop *G = J->G;
	const rs_graph *g = G->g;
	long n = g->n, m = g->m, N = G->N;
	double *t = G->tmp;
	const double *tc = t + n;
#pragma omp for schedule(static)
	for (long i = 0; i < N; i++)
		t[i] = G->u[i] * J->x[i];
#pragma omp for schedule(dynamic, 1024)
	for (long i = 0; i < n; i++)
		J->y[i] = G->u[i] * (row_dot(g, g->ptr, g->idx, g->val, i, tc) + G->alpha * J->s2);
#pragma omp for schedule(dynamic, 1024)
	for (long j = 0; j < m; j++)
		J->y[n + j] =
			G->u[n + j] * (row_dot(g, g->tptr, g->tidx, g->tval, j, t) + G->alpha * J->s1);
}

/* The gram product ys = M_s M_s^T xs in two passes, where the one-pass
 * product has no partial sums (G->acc: a smaller side too large beside the
 * entries for T copies of it): the larger side's rows gather
 * c = D_b^-1/2 M_s^T xs (u x of the smaller side in tmp, c after it; the
 * sums of c by blocks of SUM_BLOCK in bsum, added in order), then the
 * smaller side's rows gather from c.  as = alpha sum u x, given. */
struct gram_job {
	struct gop *G;
	const double *xs;
	double *ys;
	double as;
};

static void gram_part(void *arg)
{
	const struct gram_job *J = arg;
	struct gop *G = J->G;
	const rs_graph *g = G->g;
	struct sides S = sides_of(g);
	const double *ub = G->u + S.ob, *us = G->u + S.os;
	double *ts = G->tmp, *c = G->tmp + S.ns;
	long nblk = (S.nb + SUM_BLOCK - 1) / SUM_BLOCK;
#pragma omp for schedule(static)
	for (long j = 0; j < S.ns; j++)
		ts[j] = us[j] * J->xs[j];
#pragma omp for schedule(dynamic, 1)
	for (long b = 0; b < nblk; b++) {
		long end = (b + 1) * SUM_BLOCK < S.nb ? (b + 1) * SUM_BLOCK : S.nb;
		double sb = 0;
		for (long i = b * SUM_BLOCK; i < end; i++) {
			c[i] = ub[i] * ub[i] * (row_dot(g, S.ptr, S.idx, S.val, i, ts) + J->as);
			sb += c[i];
		}
		G->bsum[b] = sb;
	}
	double ab = 0;
	for (long b = 0; b < nblk; b++)
		ab += G->bsum[b];
	ab *= G->alpha;
#pragma omp for schedule(dynamic, 1024)
	for (long j = 0; j < S.ns; j++)
		J->ys[j] = us[j] * (row_dot(g, S.sptr, S.sidx, S.sval, j, c) + ab);
}

static void gop_apply(void *ctx, const double *x, double *y)
{
	struct gop *G = ctx;
	const rs_graph *g = G->g;
	if (G->gram && G->acc) {
		bip_pass(G, x, NULL, y, NULL);
	} else if (G->gram) {
		struct sides S = sides_of(g);
		struct gram_job J = {G, x, y, G->alpha * rs_dot(S.ns, G->u + S.os, x)};
		rs_par(rs_threads(), gram_part, &J);
	} else if (!g->bipartite) {
		/* t = u x in the new order, s = u . x, then the rows in the new
		 * order.  The rows go to the threads a window of the new order at
		 * a time, and the new order permutes nodes within windows only:
		 * the rows of a chunk land in y inside the chunk's own window, so
		 * no two threads write the same cache lines of y.  When the graph
		 * has enough entries per node, each thread computes all of t into
		 * its own copy: sharing one, each thread read at random the half
		 * of t the other had just written, pulling the lines across cores
		 * one by one, and a product on 2 threads took as long as on 1
		 * (facebook 0.18 ms both; own copies 0.12 ms).  s is the sum of
		 * t's blocks of SUM_BLOCK in order: the same on any number of threads. */
		struct apply_job J = {G, x, y};
		rs_par(rs_threads() < 64 ? rs_threads() : 64, uni_part, &J);
	} else if (G->acc == NULL) {
		long n = g->n, m = g->m;
		struct two_pass_job J = {G, x, y, 0.0, 0.0};
		if (G->alpha != 0) {
			J.s2 = rs_dot(m, G->u + n, x + n);
			J.s1 = rs_dot(n, G->u, x);
		}
		rs_par(rs_threads(), two_pass_part, &J);
	} else {
		struct sides S = sides_of(g);
		bip_pass(G, x + S.os, x + S.ob, y + S.os, y + S.ob);
	}
}

struct project_job {
	long N;
	const double *u, *q;
	double *x;
	double c;
};

/* x -= c q, and 0 where u is (nodes left out) */
static void project_part(void *arg)
{
	const struct project_job *J = arg;
	const double *u = J->u, *q = J->q;
	double *x = J->x, c = J->c;
#pragma omp for schedule(static)
	for (long i = 0; i < J->N; i++)
		x[i] = u[i] == 0 ? 0.0 : x[i] - c * q[i];
}

/* Copies: keep their mean only, position by position (the same in the
 * embedding's coordinates, D^-1/2 being equal on the copies). */
static void copies_mean(const struct gop *G, double *x)
{
	for (long c = 0; c < G->nclass; c++) {
		long sz = G->cp->size[c], r = G->cp->count[c];
		const int32_t *node = G->cp->node + G->cp->off[c];
		for (long p = 0; p < sz; p++) {
			double s = 0;
			for (long j = 0; j < r; j++)
				s += x[node[j * sz + p]];
			s /= (double)r;
			for (long j = 0; j < r; j++)
				x[node[j * sz + p]] = s;
		}
	}
}

static void gop_project_copies(void *ctx, double *x)
{
	copies_mean(ctx, x);
}

static void gop_project(void *ctx, double *x)
{
	struct gop *G = ctx;
	long N = G->dim;
	const double *u = G->u + G->off, *q = G->q + G->off;
	const int32_t *comp = G->comp ? G->comp + G->off : NULL;
	copies_mean(G, x);
	/* the theta = 1 space; nodes left out stay at 0 */
	if (comp == NULL) {
		struct project_job J = {N, u, q, x, rs_dot(N, q, x)};
		rs_par(rs_threads(), project_part, &J);
	} else {
		memset(G->coef, 0, (size_t)G->ncomp * sizeof *G->coef);
		for (long i = 0; i < N; i++)
			if (comp[i] >= 0)
				G->coef[comp[i]] += q[i] * x[i];
		for (long i = 0; i < N; i++)
			x[i] = comp[i] < 0 ? 0.0 : x[i] - G->coef[comp[i]] * q[i];
	}
}

/* What the product needs besides the graph: the relabelled copy of a
 * unipartite adjacency (and of u, which must be set), or a bipartite
 * graph's partial sums.  0 or -1. */
static int gop_prepare(struct gop *G, rs_err *e)
{
	const rs_graph *g = G->g;
	int T = rs_threads() < 64 ? rs_threads() : 64;
	if (!g->bipartite) {
		long n = g->n, nnz = g->nnz;
		/* windows small enough for a few per thread, so that handing them
		 * out keeps the threads even; not below 512 nodes */
		long w = n / (8L * T);
		w = w < 512 ? 512 : w > RS_REORDER_WINDOW ? RS_REORDER_WINDOW : w;
		if (rs_reorder(g, w, &G->P, e) != 0)
			return -1;
		/* one indirection less in both of the product's loops */
		G->up = rs_alloc(e, (size_t)n, sizeof *G->up, "degrees");
		if (G->up == NULL)
			return -1;
		for (long r = 0; r < n; r++)
			G->up[r] = G->u[G->P.ord[r]];
		G->bsum = rs_alloc(e, (size_t)(n + SUM_BLOCK - 1) / SUM_BLOCK, sizeof *G->bsum, "partial sums");
		if (G->bsum == NULL)
			return -1;
		/* own copies of t: each thread does n more, worth it while that
		 * is small beside its share of the entries, nnz / T */
		if (T > 1 && 4.0 * (double)T * (double)n <= (double)nnz) {
			G->tcopy = rs_alloc(e, (size_t)T * (size_t)n, sizeof *G->tcopy, "work vectors");
			if (G->tcopy == NULL)
				return -1;
			G->ncopy = T;
		}
		return 0;
	}
	long ns = g->n < g->m ? g->n : g->m;
	/* one pass pays T * ns to clear and add the partial sums: worth it
	 * while that is small beside the entries (it is unless threads are
	 * many and the smaller side large) */
	if ((double)T * (double)ns > 0.25 * (double)g->nnz) {
		/* the two-pass gram product's block sums (gram_part) */
		long nb = g->n + g->m - ns;
		G->bsum = rs_alloc(e, (size_t)(nb + SUM_BLOCK - 1) / SUM_BLOCK, sizeof *G->bsum,
				   "partial sums");
		return G->bsum ? 0 : -1;
	}
	G->acc = rs_alloc(e, (size_t)T * (size_t)ns, sizeof *G->acc, "partial sums");
	G->nacc = T;
	return G->acc ? 0 : -1;
}

static void gop_free(struct gop *G)
{
	free(G->acc);
	free(G->u);
	free(G->up);
	free(G->tmp);
	free(G->bsum);
	free(G->tcopy);
	free(G->comp);
	free(G->q);
	free(G->coef);
	free(G->cp_voff);
	free(G->cp_moff);
	free(G->cp_theta);
	free(G->cp_vec);
	free(G->cp_kind);
	rs_reorder_free(&G->P);
}

/* Degrees at alpha: rows B1 + m alpha (or A1 + n alpha), columns B^T 1 + n alpha. */
static void degrees(const rs_graph *g, double alpha, double *d)
{
	if (g->bipartite) {
		for (long i = 0; i < g->n; i++)
			d[i] = g->deg[i] + alpha * (double)g->m;
		for (long j = 0; j < g->m; j++)
			d[g->n + j] = g->cdeg[j] + alpha * (double)g->n;
	} else {
		for (long i = 0; i < g->n; i++)
			d[i] = g->deg[i] + alpha * (double)g->n;
	}
}

/* Components among nodes of positive degree, ordered by volume (largest
 * first): comp[i] = rank, -1 for nodes left out.  Returns the count. */
static long ranked_components(const rs_graph *g, const double *d, int32_t *comp, double **vol_out,
			      rs_err *e)
{
	long N = g->n + g->m;
	long c = rs_graph_components(g, comp, e);
	if (c < 0)
		return -1;
	double *vol = rs_zalloc(e, (size_t)c, sizeof *vol, "component volumes");
	long *order = rs_alloc(e, (size_t)c, sizeof *order, "component order");
	long *rank = rs_alloc(e, (size_t)c, sizeof *rank, "component order");
	if (!vol || !order || !rank) {
		free(vol);
		free(order);
		free(rank);
		return -1;
	}
	for (long i = 0; i < N; i++)
		vol[comp[i]] += d[i];
	/* order by volume, descending, ties by first node: a stable insertion into buckets
	 * would be overkill; components are few compared with nodes */
	for (long i = 0; i < c; i++)
		order[i] = i;
	long gap; /* shell sort */
	for (gap = c / 2; gap > 0; gap /= 2)
		for (long i = gap; i < c; i++)
			for (long j = i - gap; j >= 0; j -= gap) {
				long a = order[j], b = order[j + gap];
				if (vol[a] > vol[b] || (vol[a] == vol[b] && a < b))
					break;
				order[j] = b;
				order[j + gap] = a;
			}
	long kept = 0;
	for (long i = 0; i < c; i++)
		rank[order[i]] = vol[order[i]] > 0 ? kept++ : -1;
	for (long i = 0; i < N; i++)
		comp[i] = (int32_t)rank[comp[i]];
	double *v2 = rs_alloc(e, (size_t)(kept ? kept : 1), sizeof *v2, "component volumes");
	if (v2 == NULL) {
		free(vol);
		free(order);
		free(rank);
		return -1;
	}
	for (long i = 0; i < c; i++)
		if (rank[i] >= 0)
			v2[rank[i]] = vol[i];
	free(vol);
	free(order);
	free(rank);
	*vol_out = v2;
	return kept;
}

/* Twin classes: isolated nodes whose only entry is a self-loop, grouped by
 * its weight (classes of 2 or more). */
/* Work the copies' dense eigenproblems may take (about 2 size^3 flops
 * each, summed over classes): beyond it, classes are left to Lanczos (a
 * fraction of a second). */
#define COPIES_FLOPS 2e9

/* The classes of pieces that are copies (at alpha > 0, unipartite): the
 * top min(size, k + 1) eigenpairs of each one's B_c = D^-1/2 A_c D^-1/2 on
 * one copy (the rank-one term and the node the copies hang from do not see
 * vectors summing to 0 over the copies), smallest classes first while
 * their dense problems stay within COPIES_FLOPS. */
static int find_copies(const rs_graph *g, const rs_copies *cp, struct gop *G, const double *d,
		       int k, rs_err *e)
{
	if (cp == NULL)
		return 0;
	long nc = 0, nv = 0, nm = 0, most = 0;
	double flops = 0;
	while (nc < cp->nclass) {
		double sz = cp->size[nc];
		if (flops + 2 * sz * sz * sz > COPIES_FLOPS)
			break;
		flops += 2 * sz * sz * sz;
		long top = cp->size[nc] < k + 2 ? cp->size[nc] : k + 2;
		nv += top;
		nm += (long)cp->size[nc] * top;
		if (cp->size[nc] > most)
			most = cp->size[nc];
		nc++;
	}
	if (nc == 0)
		return 0;
	G->cp_voff = rs_alloc(e, (size_t)nc + 1, sizeof *G->cp_voff, "copies");
	G->cp_moff = rs_alloc(e, (size_t)nc + 1, sizeof *G->cp_moff, "copies");
	G->cp_theta = rs_alloc(e, (size_t)nv, sizeof *G->cp_theta, "copies");
	G->cp_vec = rs_alloc(e, (size_t)nm, sizeof *G->cp_vec, "copies");
	G->cp_kind = rs_alloc(e, (size_t)nc, sizeof *G->cp_kind, "copies");
	double *B = rs_alloc(e, (size_t)(most * most), sizeof *B, "copies");
	double *w = rs_alloc(e, (size_t)most, sizeof *w, "copies");
	double *Z = rs_alloc(e, (size_t)(most * (k + 2)), sizeof *Z, "copies");
	lapack_int *sup = rs_alloc(e, 2 * (size_t)most, sizeof *sup, "copies");
	int rc = -1;
	if (!G->cp_voff || !G->cp_moff || !G->cp_theta || !G->cp_vec || !G->cp_kind || !B || !w ||
	    !Z || !sup)
		goto out;
	G->cp_voff[0] = 0;
	G->cp_moff[0] = 0;
	for (long c = 0; c < nc; c++) {
		int sz = cp->size[c], top = sz < k + 1 ? sz : k + 1;
		const int32_t *node = cp->node + cp->off[c];
		int whole = 1, out = 0;
		memset(B, 0, (size_t)sz * sz * sizeof *B);
		for (int q = 0; q < sz; q++) {
			long i = node[q];
			out |= !(d[i] > 0);
			for (long t = g->ptr[i]; t < g->ptr[i + 1]; t++) {
				/* the copy's own entries (not those to the node it
				 * hangs from) */
				long j = g->idx[t];
				int p = 0;
				while (p < sz && node[p] != j)
					p++;
				if (p < sz && d[i] > 0 && d[j] > 0)
					B[p + (size_t)q * sz] =
						(g->val ? g->val[t] : 1.0) / (sqrt(d[i]) * sqrt(d[j]));
				whole &= p < sz;
			}
		}
		G->cp_kind[c] = out ? CP_LEFT_OUT : G->alpha <= 0 && whole ? CP_COMPONENTS : CP_PIECES;
		if (G->cp_kind[c] == CP_LEFT_OUT) {
			/* isolated nodes at alpha = 0: left out, no pairs */
			G->cp_voff[c + 1] = G->cp_voff[c];
			G->cp_moff[c + 1] = G->cp_moff[c];
			continue;
		}
		/* one more for whole components, whose top one is theta = 1 */
		if (G->cp_kind[c] == CP_COMPONENTS && top < sz)
			top++;
		lapack_int found = 0;
		lapack_int info = LAPACKE_dsyevr(LAPACK_COL_MAJOR, 'V', 'I', 'U', sz, B, sz, 0, 0,
						 sz - top + 1, sz, 0.0, &found, w, Z, sz, sup);
		if (info != 0 || found != top) {
			rs_fail(e, RS_ENUMERIC, "LAPACK dsyevr failed (info %d) on a piece of %d nodes",
				(int)info, sz);
			goto out;
		}
		/* largest first */
		double *th = G->cp_theta + G->cp_voff[c], *vec = G->cp_vec + G->cp_moff[c];
		for (int t = 0; t < top; t++) {
			th[t] = w[top - 1 - t];
			memcpy(vec + (size_t)t * sz, Z + (size_t)(top - 1 - t) * sz,
			       (size_t)sz * sizeof *vec);
		}
		G->cp_voff[c + 1] = G->cp_voff[c] + top;
		G->cp_moff[c + 1] = G->cp_moff[c] + (long)sz * top;
	}
	G->cp = cp;
	G->nclass = nc;
	rc = 0;
out:
	free(B);
	free(w);
	free(Z);
	free(sup);
	return rc;
}

/* One entry of the merged list of top eigenpairs. */
struct pick {
	double theta;
	int kind;  /* 0: theta = 1 basis vector, 1: Lanczos, 2: copies */
	long index; /* which one of its kind (copies: the Helmert vector) */
	long cls;   /* copies: the class */
	long sub;   /* copies: the class's value */
};

static int pick_cmp(const void *a, const void *b)
{
	const struct pick *x = a, *y = b;
	if (x->theta != y->theta)
		return x->theta > y->theta ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind - y->kind;
	if (x->index != y->index)
		return (x->index > y->index) - (x->index < y->index);
	if (x->cls != y->cls)
		return (x->cls > y->cls) - (x->cls < y->cls);
	return (x->sub > y->sub) - (x->sub < y->sub);
}

/* Bipartite graphs: solve M_s M_s^T on the smaller side instead of N on
 * both when the pairs wanted are well inside its dimension (dim: its nodes
 * of positive degree less the theta = 1 vectors).  Its eigenvalues are the
 * squares of N's top ones, further apart, and its vectors are shorter:
 * 20newsgroups (18846 x 29800, k = 20) needs 100 applications where N needs
 * 170, each one pass over the entries; a sparse random 20,000 x 30,000
 * graph of 70,000 edges, whose product takes two passes (gram_part), 554
 * where N needed 1127.  q becomes the theta = 1 vectors' halves on that
 * side, normalized.  0, or -1 when memory runs out. */
static int gram_setup(struct gop *G, const double *d, int need, rs_err *e)
{
	const rs_graph *g = G->g;
	if (!g->bipartite)
		return 0;
	struct sides S = sides_of(g);
	long dim = S.ns - G->ncomp;
	for (long j = 0; j < S.ns; j++)
		dim -= !(d[S.os + j] > 0);
	if (2L * need > dim)
		return 0;
	double *vol = rs_zalloc(e, (size_t)G->ncomp, sizeof *vol, "volumes");
	if (vol == NULL)
		return -1;
	for (long j = 0; j < S.ns; j++) {
		long c = G->comp ? G->comp[S.os + j] : (d[S.os + j] > 0 ? 0 : -1);
		if (c >= 0)
			vol[c] += d[S.os + j];
	}
	for (long j = 0; j < S.ns; j++) {
		long c = G->comp ? G->comp[S.os + j] : (d[S.os + j] > 0 ? 0 : -1);
		G->q[S.os + j] = c >= 0 ? sqrt(d[S.os + j] / vol[c]) : 0.0;
	}
	free(vol);
	G->gram = 1;
	G->off = S.os;
	G->dim = S.ns;
	G->space = dim;
	return 0;
}

/* The gram solve's pairs (sigma^2, x_s) as N's (sigma, (x_s, M_s^T x_s /
 * sigma) / sqrt 2), with N's residuals: |K x - sigma^2 x| / (sigma sqrt 2),
 * since the larger side's half is exact. */
static int gram_lift(struct gop *G, rs_lanczos_out *L, int nev, rs_err *e)
{
	struct sides S = sides_of(G->g);
	long N = G->N;
	double *V = rs_alloc(e, (size_t)N * (size_t)nev, sizeof *V, "eigenvectors");
	if (V == NULL)
		return -1;
	const double *ub = G->u + S.ob, *us = G->u + S.os;
	for (int c = 0; c < nev; c++) {
		const double *xs = L->vec + (size_t)c * (size_t)S.ns;
		double *z = V + (size_t)c * (size_t)N, as = 0;
		double sg = sqrt(fmax(L->theta[c], 0.0));
		/* below that, x_s alone is the vector (of theta = 0) */
		int lift = sg > 1e-8;
		for (long j = 0; j < S.ns; j++) {
			G->tmp[j] = us[j] * xs[j];
			as += G->tmp[j];
			z[S.os + j] = lift ? xs[j] / sqrt(2.0) : xs[j];
		}
		as *= G->alpha;
		double f = lift ? 1.0 / (sg * sqrt(2.0)) : 0.0;
#pragma omp parallel for schedule(dynamic, 1024)
		for (long i = 0; i < S.nb; i++)
			z[S.ob + i] = f * ub[i] * (row_dot(G->g, S.ptr, S.idx, S.val, i, G->tmp) + as);
		if (lift)
			L->resid[c] /= sg * sqrt(2.0);
		L->theta[c] = sg;
	}
	free(L->vec);
	L->vec = V;
	L->matvecs += (nev + 1) / 2; /* a half application each */
	return 0;
}

/* The basis is built from the RB_FROM-th solve on, and those solves meet
 * tol times RB_TIGHTER: the basis' pairs can be no better than its columns
 * (the 2e5-node SBM's sweep of 10 % steps: pairs taken from the basis at 6
 * of 14 steps instead of 3, each Lanczos solve about 10 % longer).  A lone
 * step after one solve costs what it did. */
#define RB_FROM 3
#define RB_TIGHTER 0.01
/* Solves stop joining the basis once adding one costs more than
 * RS_RBASIS_PAYS of the solve (rbasis.h), by a model of both fitted on
 * facebook, ego-twitter and the 2e5-node SBM: time per step of Lanczos
 * over time per n p q of an add, about 6 (4.6-6.4).  At RB_USEFUL
 * solves' columns, adds cost 0.75-0.95, 0.4-0.65 and 0.25-0.3 of a
 * solve: facebook and ego-twitter start no basis, the SBM does. */
#define RB_ADD_FLOPS 6.0
/* A basis answers 10 % steps once it holds about this many solves (going
 * up, the 2e5-node SBM's sixth step is its first from the basis); adds
 * are costed at that size until it is reached.  With it, facebook and
 * ego-twitter (an add of 5 solves' columns: about 0.8 and 0.5 of a solve)
 * no longer start a basis they stopped feeding after two to four adds,
 * which never answered a step and made their sweeps of 10 % steps up
 * 0.76x and 0.81x of cold ones (every step tried it first); the SBM
 * (0.25-0.3) starts it at the third solve as before. */
#define RB_USEFUL 5

/* start += sum of columns c0 .. nc - 1 of X, each times d^1/2 (when d is
 * given) and a weight 1 + 0.1 u (u uniform, seeded), so that no direction
 * cancels: a Lanczos start that holds several vectors. */
static void weighted_sum(double *start, const double *X, int c0, int nc, long N, const double *d,
			 uint64_t seed)
{
	rs_rng rng;
	rs_rng_seed(&rng, seed + 7);
	for (int c = c0; c < nc; c++) {
		double a = 1.0 + 0.1 * rs_rng_uniform(&rng);
		const double *x = X + (size_t)c * N;
		for (long i = 0; i < N; i++)
			start[i] += a * x[i] * (d ? sqrt(d[i]) : 1.0);
	}
}

/* Vectors of N (v = d^1/2 x) as the pencil's x = u v, into the reduced
 * basis. */
static int rb_add(const struct gop *G, rs_rbasis *rb, const double *V, int q, rs_err *e)
{
	long N = G->N;
	double *X = rs_alloc(e, (size_t)N * (size_t)q, sizeof *X, "reduced basis");
	if (X == NULL)
		return -1;
#pragma omp parallel for schedule(static)
	for (long i = 0; i < N; i++)
		for (int c = 0; c < q; c++)
			X[i + (size_t)c * N] = G->u[i] * V[i + (size_t)c * N];
	int rc = rs_rbasis_add(rb, X, q, e);
	free(X);
	return rc;
}

/* The previous solution joins the basis without what the copies give
 * exactly: the basis stays in the space Lanczos searches. */
static int rb_add_warm(const struct gop *G, rs_rbasis *rb, const rs_spectrum *W, rs_err *e)
{
	if (G->nclass == 0)
		return rs_rbasis_add(rb, W->vec, W->nvec, e);
	size_t len = (size_t)W->rows * (size_t)W->nvec;
	double *X = rs_alloc(e, len, sizeof *X, "reduced basis");
	if (X == NULL)
		return -1;
	memcpy(X, W->vec, len * sizeof *X);
	for (int c = 0; c < W->nvec; c++)
		copies_mean(G, X + (size_t)c * W->rows);
	int rc = rs_rbasis_add(rb, X, W->nvec, e);
	free(X);
	return rc;
}

/* A Rayleigh-Ritz vector x of the basis as a vector of the operator:
 * d^1/2 x, the copies' known directions projected out, unit length. */
static void rb_vector(struct gop *G, const double *d, double *v)
{
	long N = G->N;
	for (long i = 0; i < N; i++)
		v[i] *= sqrt(d[i]);
	gop_project(G, v);
	double nv = rs_nrm2(N, v);
	for (long i = 0; i < N; i++)
		v[i] /= nv;
}

/* Whether (th[c], v) meets the tolerance, its residual into res[c]: one
 * product (r is scratch). */
static int rb_check(struct gop *G, const rs_lanczos_opts *lo, const double *v, double *r, double *th,
		    double *res, int c)
{
	long N = G->N;
	gop_apply(G, v, r);
	gop_project(G, r);
	th[c] = rs_dot(N, v, r);
	for (long i = 0; i < N; i++)
		r[i] -= th[c] * v[i];
	res[c] = rs_nrm2(N, r);
	return rs_lanczos_pair_met(lo, th, c, res[c]);
}

/* The reduced basis' Rayleigh-Ritz pairs at this alpha, checked on the
 * operator itself (one application each) by Lanczos' own rule (lo): 0 and
 * L filled when every pair meets it, 1 when they do not (*start: their
 * sum, a better start than the previous solution) or the basis is too
 * small, -1 on error.  (Adding the residuals to the basis as new directions
 * was tried: 0.7 s a step on the 2e5-node SBM, and no more steps taken from
 * the basis.)  The pairs are checked until one fails: the
 * last strict pair first (the extra pairs' rule measures against its
 * value), then the extra ones and the rest from the bottom up, where a
 * step along alpha hurts most.  After two tries that failed, the first
 * is checked before the others are formed: most tries that fail, fail
 * there, and then cost the basis' small eigenproblem, two vectors of it
 * and one product instead of every vector (facebook, a sweep whose tries
 * all fail: 6-12 ms a try, about a tenth of the solve it precedes, before;
 * 1.7 -> 1.5 s for 25 points, as fast as cold solves).  Otherwise all
 * are formed at once: one pass over the basis, not two (the 2 10^5-node
 * SBM's sweep, whose tries fail and succeed in turn). */
/* The eigenvectors' array, in place of Lanczos' (L->vec, N x need, handed
 * over: L->vec becomes NULL): column c of the result is made from pick c,
 * from the last to the first, so a pick may read Lanczos' column i <= c
 * only, which is the order they come in (values decreasing).  NULL when
 * some pick would read a column already overwritten (equal values listed
 * out of order), or the array cannot grow: the caller allocates one.
 * Without it, the eigenvectors and Lanczos' Ritz vectors were both held
 * (k = 20: 43 columns), more than a float basis. */
static double *over_lanczos(rs_lanczos_out *L, const struct pick *picks, int nvec, int need, long N)
{
	if (need <= 0 || L->vec == NULL)
		return NULL;
	for (int c = 0; c < nvec; c++)
		if (picks[c].kind == 1 && picks[c].index > c)
			return NULL;
	/* a column i < nvec that no pick reads may be overwritten at any time;
	 * one read at position c >= i is read before position i is written */
	double *buf = L->vec;
	if (need < nvec) {
		buf = realloc(L->vec, (size_t)N * (size_t)nvec * sizeof *buf);
		if (buf == NULL)
			return NULL;
	} else if (need > nvec) {
		double *shrunk = realloc(L->vec, (size_t)N * (size_t)nvec * sizeof *buf);
		buf = shrunk ? shrunk : L->vec;
	}
	L->vec = NULL;
	return buf;
}

/* Whether Lanczos stores its basis in float ('set basis'; auto: see
 * gspectrum.h, with a double basis of the size lanczos.c picks). */
static int float_basis(const rs_gsolve_opts *o, const rs_lanczos_opts *lo, long dim)
{
	/* below, float's rounding is too close: a double basis */
	if (o->basis == RS_BASIS_DOUBLE || lo->tol < RS_FLOAT_BASIS_TOL)
		return 0;
	if (o->basis == RS_BASIS_FLOAT)
		return 1;
	double bytes = (double)dim * (rs_lanczos_ncv(lo, dim) + 1) * sizeof(double);
	if (rs_lanczos_cheap_rows(lo) && bytes >= RS_FLOAT_BASIS_BYTES)
		return 1;
	double have = rs_memory_bytes();
	return have > 0 && bytes > RS_FLOAT_BASIS_SHARE * have;
}

static int rb_try(struct gop *G, const rs_gsolve_opts *o, const rs_lanczos_opts *lo, const double *d,
		  rs_lanczos_out *L, double **start, long *products, rs_err *e)
{
	long N = G->N;
	int need = lo->nev, p = rs_rbasis_columns(o->rb);
	double *th = rs_alloc(e, (size_t)need, sizeof *th, "eigenvalues");
	double *res = rs_alloc(e, (size_t)need, sizeof *res, "residuals");
	double *Z = rs_alloc(e, (size_t)p * (size_t)need, sizeof *Z, "coordinates");
	double *r = rs_alloc(e, (size_t)N, sizeof *r, "residual");
	double *V = NULL;
	int rc = -1;
	if (!th || !res || !Z || !r)
		goto out;
	rc = rs_rbasis_ritz(o->rb, o->alpha, need, th, Z, e);
	if (rc != 0)
		goto out;
	int strict = lo->nstrict > 0 && lo->nstrict < need ? lo->nstrict : need;
	int first = strict - 1, ok = 1, checked = 0;
	if (rs_rbasis_failing(o->rb)) {
		double *v = rs_alloc(e, (size_t)N, sizeof *v, "eigenvector");
		if (v == NULL) {
			rc = -1;
			goto out;
		}
		rs_rbasis_lift(o->rb, Z + (size_t)first * p, 1, v);
		rb_vector(G, d, v);
		ok = rb_check(G, lo, v, r, th, res, first);
		++*products;
		checked = 1;
		free(v);
	}
	if (ok) {
		V = rs_alloc_big(e, (size_t)N * (size_t)need, sizeof *V, "eigenvectors");
		if (V == NULL) {
			rc = -1;
			goto out;
		}
		rs_rbasis_lift(o->rb, Z, need, V);
		for (int c = 0; c < need; c++)
			rb_vector(G, d, V + (size_t)c * N);
	}
	for (int t = checked; t < need && ok; t++) {
		if (o->cancel && *o->cancel) {
			rc = rs_fail(e, RS_EINVAL, "interrupted after %ld operator applications", *products);
			goto out;
		}
		int c = t == 0 ? first : t < need - strict + 1 ? need - t : need - t - 1;
		ok = rb_check(G, lo, V + (size_t)c * N, r, th, res, c);
		++*products;
	}
	rs_rbasis_note_try(o->rb, ok);
	if (!ok) {
		*start = rs_zalloc(e, (size_t)N, sizeof **start, "start vector");
		if (*start == NULL) {
			rc = -1;
			goto out;
		}
		/* the sum formed in the basis' coordinates, then lifted: each
		 * pair's x has x^T D_alpha x = 1, so its vector d^1/2 x is of
		 * length 1 but for what the projection takes (the copies stay out
		 * of the basis: nothing) */
		double *zs = rs_zalloc(e, (size_t)p, sizeof *zs, "coordinates");
		if (zs == NULL) {
			rc = -1;
			goto out;
		}
		weighted_sum(zs, Z, 0, need, p, NULL, o->seed);
		rs_rbasis_lift(o->rb, zs, 1, *start);
		free(zs);
		for (long i = 0; i < N; i++)
			(*start)[i] *= sqrt(d[i]);
		gop_project(G, *start);
		rc = 1;
		goto out;
	}
	L->theta = th;
	L->resid = res;
	L->vec = V;
	L->matvecs = need;
	L->restarts = 0;
	L->converged = need;
	th = res = V = NULL;
	rc = 0;
out:
	free(th);
	free(res);
	free(Z);
	free(V);
	free(r);
	return rc;
}

/* A Rayleigh-Ritz step over the f pairs the runs found (F, n x f, made
 * orthonormal here, in place), on the operator less the nb deflated
 * columns of B: each run's pairs were found orthogonal to the earlier
 * runs', which are known to the tolerance only, so a copy of a value found
 * by a later run could be off the first's by more than the tie of exact
 * values (a 100 x 100 grid at tol 1e-6: 1.5e-8), and the step puts that
 * coupling back.  L gets the top need pairs (their residuals measured),
 * vals all f values, largest first; f + need products. */
static int found_ritz(struct gop *G, rs_project proj, const double *B, int nb, double *F, long f,
		      int need, rs_lanczos_out *L, double *vals, rs_err *e)
{
	long n = G->dim;
	double *H = rs_alloc(e, (size_t)f * (size_t)f, sizeof *H, "projected matrix");
	double *w = rs_alloc(e, (size_t)f, sizeof *w, "eigenvalues");
	double *y = rs_alloc(e, (size_t)n, sizeof *y, "vector");
	double *X = rs_alloc_big(e, (size_t)n * (size_t)need, sizeof *X, "eigenvectors");
	int rc = -1;
	if (!H || !w || !y || !X)
		goto out;
	/* orthonormal columns (twice is enough: they nearly are already) */
	for (long j = 0; j < f; j++) {
		double *q = F + (size_t)j * n;
		for (int pass = 0; pass < 2; pass++)
			for (long i = 0; i < j; i++) {
				const double *p = F + (size_t)i * n;
				double a = rs_dot(n, p, q);
				for (long t = 0; t < n; t++)
					q[t] -= a * p[t];
			}
		double nrm = rs_nrm2(n, q);
		if (!(nrm > 0)) {
			rs_fail(e, RS_ENUMERIC, "Lanczos: the copies found are not independent");
			goto out;
		}
		for (long t = 0; t < n; t++)
			q[t] /= nrm;
	}
	for (long j = 0; j < f; j++) {
		rs_lanczos_apply(n, gop_apply, proj, G, B, nb, F + (size_t)j * n, y);
		for (long i = 0; i <= j; i++)
			H[i + (size_t)j * f] = H[j + (size_t)i * f] = rs_dot(n, F + (size_t)i * n, y);
	}
	L->matvecs += f;
	if (LAPACKE_dsyev(LAPACK_COL_MAJOR, 'V', 'U', (lapack_int)f, H, (lapack_int)f, w) != 0) {
		rs_fail(e, RS_ENUMERIC, "LAPACK failed on the copies' Rayleigh-Ritz step");
		goto out;
	}
	for (long i = 0; i < f; i++)
		vals[i] = w[f - 1 - i];
	for (int c = 0; c < need; c++) {
		double *x = X + (size_t)c * n;
		const double *sv = H + (size_t)(f - 1 - c) * f;
		memset(x, 0, (size_t)n * sizeof *x);
		for (long j = 0; j < f; j++)
			for (long t = 0; sv[j] != 0 && t < n; t++)
				x[t] += sv[j] * F[(size_t)j * n + t];
		double th = w[f - 1 - c];
		rs_lanczos_apply(n, gop_apply, proj, G, B, nb, x, y);
		for (long t = 0; t < n; t++)
			y[t] -= th * x[t];
		L->theta[c] = th;
		L->resid[c] = rs_nrm2(n, y);
	}
	L->matvecs += need;
	free(L->vec);
	L->vec = X;
	X = NULL;
	rc = 0;
out:
	free(H);
	free(w);
	free(y);
	free(X);
	return rc;
}

/* What recheck_repeats holds between its runs */
struct recheck {
	long n, f;   /* the vectors' length; the pairs found so far */
	int nb, need; /* the vectors deflated from the start; the pairs wanted */
	double *Q;   /* the nb deflated vectors, then the f found */
	double *vals; /* the f values found */
	double *th, *res; /* work lists for the next top need */
	long *at, *at2; /* each of the top need's column among those found (and a work list) */
};

static void recheck_free(struct recheck *c)
{
	free(c->vals);
	free(c->Q);
	free(c->th);
	free(c->res);
	free(c->at);
	free(c->at2);
}

/* The lists, and Q holding the deflated vectors and L's pairs (L's
 * vectors move there); 0, or -1 with e set */
static int recheck_start(struct recheck *c, const rs_lanczos_opts *lo0, long n, rs_lanczos_out *L, rs_err *e)
{
	int need = c->need = lo0->nev;
	c->n = n;
	c->nb = lo0->defl ? lo0->ndefl : 0;
	c->f = need;
	/* L's pairs are columns of Q (nb + at[c]) until the end, so that no
	 * second copy of them is held while the runs go (the 200 x 200 grid:
	 * 40 -> 33 MB) */
	c->Q = rs_alloc_big(e, (size_t)n * (size_t)(c->nb + c->f), sizeof *c->Q, "deflated vectors");
	c->th = rs_alloc(e, (size_t)need, sizeof *c->th, "eigenvalues");
	c->res = rs_alloc(e, (size_t)need, sizeof *c->res, "residuals");
	c->at = rs_alloc(e, (size_t)need, sizeof *c->at, "eigenvector list");
	c->at2 = rs_alloc(e, (size_t)need, sizeof *c->at2, "eigenvector list");
	c->vals = rs_alloc(e, (size_t)need, sizeof *c->vals, "eigenvalues");
	if (!c->Q || !c->th || !c->res || !c->at || !c->at2 || !c->vals)
		return -1;
	memcpy(c->vals, L->theta, (size_t)need * sizeof *c->vals);
	if (c->nb > 0)
		memcpy(c->Q, lo0->defl, (size_t)n * (size_t)c->nb * sizeof *c->Q);
	memcpy(c->Q + (size_t)n * c->nb, L->vec, (size_t)n * (size_t)need * sizeof *c->Q);
	free(L->vec);
	L->vec = NULL;
	for (int j = 0; j < need; j++)
		c->at[j] = j;
	return 0;
}

/* A run's up new pairs (R's first) kept: Q and vals grown, and L's pairs
 * made the top need of both lists, largest first; 0, or -1 with e set */
static int recheck_take(struct recheck *c, rs_lanczos_out *L, const rs_lanczos_out *R, int up, rs_err *e)
{
	long n = c->n, f = c->f;
	int nb = c->nb;
	/* realloc: a large block is moved by its pages (mremap), not copied */
	double *grown = realloc(c->Q, (size_t)n * (size_t)(nb + f + up) * sizeof *c->Q);
	if (grown)
		c->Q = grown;
	double *more = grown ? realloc(c->vals, (size_t)(f + up) * sizeof *c->vals) : NULL;
	if (more)
		c->vals = more;
	if (grown == NULL || more == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory for %ld deflated vectors of %ld entries", nb + f + up, n);
	memcpy(c->Q + (size_t)n * (size_t)(nb + f), R->vec, (size_t)n * (size_t)up * sizeof *c->Q);
	memcpy(c->vals + f, R->theta, (size_t)up * sizeof *c->vals);
	for (int j = 0, a = 0, b = 0; j < c->need; j++) {
		int fromR = b < up && (a >= c->need || R->theta[b] > L->theta[a]);
		c->th[j] = fromR ? R->theta[b] : L->theta[a];
		c->res[j] = fromR ? R->resid[b] : L->resid[a];
		c->at2[j] = fromR ? f + b : c->at[a];
		if (fromR)
			b++;
		else
			a++;
	}
	c->f += up;
	double *t;
	t = L->theta, L->theta = c->th, c->th = t;
	t = L->resid, L->resid = c->res, c->res = t;
	long *u = c->at;
	c->at = c->at2, c->at2 = u;
	return 0;
}

/* L's vectors at the end: one Rayleigh-Ritz step over every pair found
 * when the runs found copies, else L's pairs out of Q */
static int recheck_end(struct recheck *c, struct gop *G, rs_project proj, rs_lanczos_out *L, rs_err *e)
{
	long n = c->n;
	if (c->f > c->need)
		return found_ritz(G, proj, c->Q, c->nb, c->Q + (size_t)n * c->nb, c->f, c->need, L, c->vals, e);
	L->vec = rs_alloc_big(e, (size_t)n * (size_t)c->need, sizeof *L->vec, "eigenvectors");
	if (L->vec == NULL)
		return -1;
	for (int j = 0; j < c->need; j++)
		memcpy(L->vec + (size_t)j * n, c->Q + (size_t)(c->nb + c->at[j]) * n, (size_t)n * sizeof *c->Q);
	return 0;
}

/* A symmetric graph's repeats (copies.h: alike).  A single-vector Lanczos
 * run sees one copy of a repeated eigenvalue, the one its start vector
 * points to, and others only as rounding lets them in.  So the solve is
 * repeated in the space orthogonal to every pair found so far, from a new
 * random start, where a copy it missed is now among the largest values.
 * Such a run needs only the values at or above the last wanted one (the
 * floor) to the tolerance, and it ends once the largest value below the
 * floor meets the tolerance too (what lies above is then found; the
 * values below are not used); those above join the list (the top need of
 * both; the two are orthogonal), until a run finds none.  The floor lies
 * the tolerance below the last value, and once copies were found a
 * Rayleigh-Ritz step over all of them gives the values (found_ritz).  A
 * value of multiplicity m takes at most m - 1 runs that find something and
 * one that finds nothing.  L holds the pairs found (need of them, strict
 * of which meet the tolerance) and receives the merged ones; *runs counts
 * the extra runs, at most RECHECK_MAX (negative when the last of them
 * still found a copy), and *all gets the *nall values of every pair found
 * (the last value's copies beyond the need kept are among them). */
#define RECHECK_MAX 16
static int recheck_repeats(struct gop *G, const rs_lanczos_opts *lo0, rs_project proj,
			   rs_lanczos_out *L, int *runs, double **all, long *nall, rs_err *e)
{
	int strict = lo0->nstrict > 0 ? lo0->nstrict : lo0->nev;
	struct recheck c = {0};
	rs_lanczos_out R = {0};
	int rc = -1, found = 0; /* found: the last run found something */
	*runs = 0;
	if (recheck_start(&c, lo0, G->dim, L, e) != 0)
		goto out;
	while (*runs < RECHECK_MAX && lo0->space - c.f >= 1) {
		rs_lanczos_opts lo = *lo0;
		lo.nev = lo0->space - c.f < c.need ? (int)(lo0->space - c.f) : c.need;
		lo.nstrict = 0;
		lo.floored = 1;
		lo.floor = L->theta[strict - 1] - fmax(RS_EIG_TIE, lo0->tol);
		lo.start = NULL;
		lo.seed = lo0->seed + 0x9e3779b97f4a7c15ULL * (uint64_t)(*runs + 1);
		lo.defl = c.Q;
		lo.ndefl = c.nb + (int)c.f;
		lo.space = lo0->space - c.f;
		if (rs_lanczos(c.n, gop_apply, proj, G, &lo, &R, e) != 0)
			goto out;
		++*runs;
		L->matvecs += R.matvecs;
		L->restarts += R.restarts;
		int up = 0; /* the run's values at or above the floor */
		while (up < lo.nev && R.theta[up] >= lo.floor)
			up++;
		found = up > 0;
		if (!found)
			break;
		if (recheck_take(&c, L, &R, up, e) != 0)
			goto out;
		rs_lanczos_out_free(&R);
	}
	if (found && *runs == RECHECK_MAX)
		*runs = -*runs;
	rs_lanczos_out_free(&R);
	if (recheck_end(&c, G, proj, L, e) != 0)
		goto out;
	*all = c.vals;
	*nall = c.f;
	c.vals = NULL;
	rc = 0;
out:
	rs_lanczos_out_free(&R);
	recheck_free(&c);
	return rc;
}

/* How many nodes colour refinement cannot tell apart when that is most of
 * the graph (a symmetric graph), else 0; cp may be NULL (bipartite). */
static long symmetric_alike(const rs_graph *g, const rs_copies *cp)
{
	return cp && cp->alike > 0 && 2 * cp->alike >= g->n ? cp->alike : 0;
}

/* alpha within bounds and beside the weights (spectrum.h) */
static int graph_alpha_check(const rs_graph *g, double alpha, rs_err *e)
{
	if (rs_alpha_check(alpha, rs_graph_rel_to_abs(g, 1.0), e) != 0)
		return -1;
	return rs_alpha_fits(alpha, (double)(g->n + g->m), g->total, e);
}

/* The theta = 1 space of N_alpha, from the degrees d (zero of them 0):
 * at alpha > 0 one vector, q = d^1/2 / sqrt(vol); at alpha = 0 one per
 * connected component (ranked by volume: *vol gets the volumes), unless
 * the graph is connected. */
static int theta_one_space(struct gop *G, const rs_graph *g, const double *d, long zero,
			   double **vol, rs_err *e)
{
	long N = G->N;
	if (G->alpha > 0) {
		G->ncomp = 1;
		double vol1 = 0;
		for (long i = 0; i < N; i++)
			vol1 += d[i];
		for (long i = 0; i < N; i++)
			G->q[i] = sqrt(d[i] / vol1);
		*vol = rs_alloc(e, 1, sizeof **vol, "volumes");
		if (*vol == NULL)
			return -1;
		(*vol)[0] = vol1;
		return 0;
	}
	G->comp = rs_alloc(e, (size_t)N, sizeof *G->comp, "components");
	if (G->comp == NULL)
		return -1;
	G->ncomp = ranked_components(g, d, G->comp, vol, e);
	if (G->ncomp < 0)
		return -1;
	if (G->ncomp == 0)
		return rs_fail(e, RS_ESINGULAR, "every node has degree 0 at alpha = 0: set alpha > 0");
	for (long i = 0; i < N; i++)
		G->q[i] = G->comp[i] >= 0 ? sqrt(d[i] / (*vol)[G->comp[i]]) : 0.0;
	if (G->ncomp == 1 && zero == 0) {
		/* connected: q is the only theta = 1 vector, as at alpha > 0,
		 * and Lanczos removes it in its sweeps; no projection by
		 * components at each product (ego-twitter: 5 % of a solve) */
		free(G->comp);
		G->comp = NULL;
		return 0;
	}
	G->coef = rs_alloc(e, (size_t)G->ncomp, sizeof *G->coef, "coefficients");
	return G->coef ? 0 : -1;
}

/* What the iterative part of a solve left: its pairs, the start it was
 * given, the columns of the reduced basis when that answered instead, the
 * runs that rechecked a symmetric graph for repeats with every value they
 * found, and the products a failed try of the basis spent. */
struct solved {
	rs_lanczos_out L;
	double *start;
	int reduced, rechecks;
	double *all_theta;
	long nall, tried;
};

/* The need largest pairs (strict of them to the tolerance) of N_alpha
 * left in a space of dimension dim once the theta = 1 space and the
 * copies' differences are known: from the reduced basis along alpha when
 * its pairs meet the tolerance, else by Lanczos (warm from the previous
 * eigenvectors where there are some), rechecked for repeats on a
 * symmetric graph; the solution then joins the basis while it pays. */
static int solve_rest(struct gop *G, const rs_copies *cp, const rs_gsolve_opts *o, const double *d,
		      long zero, int need, int strict, long dim, struct solved *R, rs_err *e)
{
	const rs_graph *g = G->g;
	long N = G->N;
	G->space = dim;
	if (gop_prepare(G, e) != 0 || gram_setup(G, d, need, e) != 0)
		return -1;
	/* N_alpha's eigenvalues lie in [-1, 1] (M M^T's in [0, 1]) */
	rs_lanczos_opts lo = {need, o->ncv, o->tol > 0 ? o->tol : 1e-8, 0, o->seed, NULL,
			      o->cancel, NULL, 0, strict, RS_EIG_TIE, G->space, 1.0, 0, 0.0,
			      G->gram ? 0.0 : (double)g->nnz / (double)(N > 0 ? N : 1), 0};
	/* the reduced basis: unipartite graphs at alpha > 0 (every degree
	 * positive, q the only theta = 1 vector; copies stay out of it) */
	int use_rb = o->rb && !g->bipartite && G->alpha > 0 && zero == 0 &&
		     rs_rbasis_bind(o->rb, g, need) == 0;
	if (use_rb && rs_rbasis_columns(o->rb) > 0) {
		int r = rb_try(G, o, &lo, d, &R->L, &R->start, &R->tried, e);
		if (r < 0)
			return -1;
		if (r == 0)
			R->reduced = rs_rbasis_columns(o->rb);
	}
	if (R->reduced)
		return 0;
	if (R->start == NULL && o->warm && o->warm->rows == N && o->warm->nvec > 1) {
		R->start = rs_zalloc(e, (size_t)N, sizeof *R->start, "start vector");
		if (R->start == NULL)
			return -1;
		weighted_sum(R->start, o->warm->vec, 1, o->warm->nvec, N, d, o->seed);
	}
	lo.start = R->start ? R->start + G->off : NULL;
	rs_project proj = gop_project;
	if (G->comp == NULL) {
		/* q, the only theta = 1 vector (every degree positive): Lanczos
		 * removes it inside its Gram-Schmidt sweeps; the copies'
		 * differences (orthogonal to q) are projected out */
		lo.defl = G->q + G->off;
		lo.ndefl = 1;
		proj = G->nclass > 0 ? gop_project_copies : NULL;
	}
	/* Lanczos' solution joins the basis, for the next alpha, from the
	 * third solve on (with the second's, the previous one): a lone step
	 * pays nothing for a basis it would not use; and only while the basis
	 * pays (RB_ADD_FLOPS).  A look-ahead (o->ahead) is made for the
	 * basis, and joins at once. */
	int join = use_rb &&
		   (o->ahead || (rs_rbasis_offers(o->rb) >= RB_FROM && rs_rbasis_pays(o->rb)));
	if (join)
		lo.tol *= RB_TIGHTER;
	lo.single = float_basis(o, &lo, G->dim);
	if (rs_lanczos(G->dim, gop_apply, proj, G, &lo, &R->L, e) != 0 ||
	    (G->gram && gram_lift(G, &R->L, need, e) != 0))
		return -1;
	/* a symmetric graph: look for the copies that run missed */
	if (!G->gram && symmetric_alike(g, cp) > 0 &&
	    recheck_repeats(G, &lo, proj, &R->L, &R->rechecks, &R->all_theta, &R->nall, e) != 0)
		return -1;
	if (!use_rb)
		return 0;
	if (join && rs_rbasis_columns(o->rb) == 0 && o->warm && o->warm->rows == N &&
	    rb_add_warm(G, o->rb, o->warm, e) != 0)
		return -1;
	if (join && rb_add(G, o->rb, R->L.vec, need, e) != 0)
		return -1;
	/* The costs, noted after every solve, joined or not, so that the
	 * third solve's decision has them: a Lanczos step, the product and
	 * about two sweeps over the basis; an add, about RB_ADD_FLOPS n p q
	 * (Gram-Schmidt, the operator's projections), p the basis' columns,
	 * or those of RB_USEFUL solves while it holds fewer: a basis pays
	 * only once it has grown that far, so what its adds will cost then
	 * decides whether it is started at all. */
	double step = (double)g->nnz + 2.0 * (double)N * rs_lanczos_ncv(&lo, G->space);
	double p = fmax((double)rs_rbasis_columns(o->rb), (double)RB_USEFUL * need);
	rs_rbasis_note_costs(o->rb, (double)R->L.matvecs * step, RB_ADD_FLOPS * (double)N * p * need);
	return 0;
}

/* The pairs to choose from, largest first: the nq theta = 1 vectors,
 * the need pairs solved for, and the copies' pairs.  Of the copies, the
 * top k + 1 values of each class are candidates (cand, *nc of them), and
 * the largest of them give their copies (Helmert vectors 1, 2, ...) until
 * k + 1 are taken.  Returns how many picks. */
static long merge_picks(const struct gop *G, const rs_lanczos_out *L, long nq, int need, int k,
			struct pick *picks, struct pick *cand, long *nc)
{
	long np = 0;
	for (long i = 0; i < nq; i++)
		picks[np++] = (struct pick){1.0, 0, i, 0, 0};
	for (int i = 0; i < need; i++)
		picks[np++] = (struct pick){L->theta[i], 1, i, 0, 0};
	*nc = 0;
	for (long c = 0; c < G->nclass; c++)
		for (long t = G->cp_kind[c] == CP_COMPONENTS; t < G->cp_voff[c + 1] - G->cp_voff[c]; t++)
			cand[(*nc)++] = (struct pick){G->cp_theta[G->cp_voff[c] + t], 2, 0, c, t};
	qsort(cand, (size_t)*nc, sizeof *cand, pick_cmp);
	for (long a = 0, taken = 0; a < *nc && taken < k + 1; a++)
		for (long j = 1; j < G->cp->count[cand[a].cls] && taken < k + 1; j++, taken++)
			picks[np++] = (struct pick){cand[a].theta, 2, j, cand[a].cls, cand[a].sub};
	qsort(picks, (size_t)np, sizeof *picks, pick_cmp);
	return np;
}

/* Vector j of the theta = 1 space's orthonormal basis, as an eigenvector
 * (times d^-1/2) in x: the global vector for j = 0, then the components by
 * volume, each made orthogonal to those before it (Helmert-like: v_j =
 * (sum_{t<j} sqrt(vol_t) q_t) a - q_j b).  Returns its multiplicity
 * hint. */
static long theta_one_vector(const struct gop *G, const double *d, const double *vol, long j,
			     double *x)
{
	double total = 0;
	for (long t = 0; t < G->ncomp; t++)
		total += vol[t];
	double prefix = 0;
	for (long t = 0; t < j; t++)
		prefix += vol[t];
	for (long i = 0; i < G->N; i++) {
		long t = G->comp ? G->comp[i] : (G->u[i] > 0 ? 0 : -1);
		double v = 0;
		if (t >= 0) {
			if (j == 0)
				v = sqrt(d[i] / total);
			else if (t < j)
				v = sqrt(d[i]) * sqrt(vol[j] / (prefix * (prefix + vol[j])));
			else if (t == j)
				v = -sqrt(d[i]) * sqrt(prefix / (vol[j] * (prefix + vol[j])));
		}
		x[i] = v * G->u[i];
	}
	return j == 0 ? G->ncomp : 0;
}

/* The copies' pair p: Helmert vector j (copies 0 .. j - 1 against copy j)
 * of its class's vector, as an eigenvector in x.  Returns its
 * multiplicity hint: the first copy listed carries it. */
static long copies_vector(const struct gop *G, const struct pick *p, double *x)
{
	long j = p->index;
	int sz = G->cp->size[p->cls];
	const int32_t *node = G->cp->node + G->cp->off[p->cls];
	const double *z = G->cp_vec + G->cp_moff[p->cls] + (size_t)p->sub * sz;
	memset(x, 0, (size_t)G->N * sizeof *x);
	double a = 1.0 / sqrt((double)j * (double)(j + 1));
	for (long cc = 0; cc <= j; cc++) {
		double coef = cc < j ? a : -(double)j * a;
		for (int t = 0; t < sz; t++) {
			long i = node[cc * sz + t];
			x[i] = coef * z[t] * G->u[i];
		}
	}
	return j == 1 ? G->cp->count[p->cls] - 1 : 0;
}

/* The copies of the last value kept beyond the k + 1 kept, counted into
 * its multiplicity.  The copies' values carry their class' multiplicity
 * (the first Helmert vector: count - 1); Lanczos' are one each, and once
 * its rechecks settled, every copy it has of the value is among the
 * values found, and there are no more.  Where Lanczos' list ends on the
 * value, it may have more copies: S->open_mult says so. */
static void count_last_copies(rs_spectrum *S, const struct gop *G, const struct pick *picks,
			      int nvec, long np, const struct pick *cand, long nc,
			      const struct solved *R, int need)
{
	double v = picks[nvec - 1].theta;
	long more = 0;
	for (long a = 0; a < nc; a++) {
		if (fabs(cand[a].theta - v) > RS_EIG_TIE)
			continue;
		int kept = 0;
		for (long i = 0; i < nvec && !kept; i++)
			kept = picks[i].kind == 2 && picks[i].index == 1 && picks[i].cls == cand[a].cls &&
			       picks[i].sub == cand[a].sub;
		if (!kept)
			more += G->cp->count[cand[a].cls] - 1;
	}
	if (R->rechecks > 0)
		for (long i = 0; i < R->nall; i++)
			more += fabs(R->all_theta[i] - v) <= RS_EIG_TIE;
	else
		for (long i = 0; i < np; i++)
			more += picks[i].kind == 1 && fabs(picks[i].theta - v) <= RS_EIG_TIE;
	for (long i = 0; i < nvec; i++)
		more -= fabs(picks[i].theta - v) <= RS_EIG_TIE && picks[i].kind == 1;
	S->mult[S->ngroups - 1] += more;
	S->open_mult = R->rechecks <= 0 && need > 0 && nvec < np &&
		       fabs(R->L.theta[need - 1] - v) <= RS_EIG_TIE;
}

/* cp: the graph's copies (NULL for a bipartite graph) */
/* The operator's setup for g at alpha: its degrees d (allocated, zero
 * where alpha = 0 leaves a node none; *zero counts them), D^-1/2 and the
 * work vectors; 0, or -1 with e set */
static int gop_setup(struct gop *G, const rs_graph *g, double alpha, double **d, long *zero, rs_err *e)
{
	long N = g->n + g->m;
	G->g = g;
	G->N = N;
	G->dim = N;
	G->alpha = alpha;
	*d = rs_alloc(e, (size_t)N, sizeof **d, "degrees");
	G->u = rs_alloc(e, (size_t)N, sizeof *G->u, "degrees");
	G->tmp = rs_alloc(e, (size_t)N, sizeof *G->tmp, "work vector");
	G->q = rs_alloc(e, (size_t)N, sizeof *G->q, "work vector");
	if (!*d || !G->u || !G->tmp || !G->q)
		return -1;
	degrees(g, alpha, *d);
	*zero = 0;
	for (long i = 0; i < N; i++) {
		*zero += !((*d)[i] > 0);
		G->u[i] = (*d)[i] > 0 ? 1.0 / sqrt((*d)[i]) : 0.0;
	}
	return 0;
}

/* The eigenvectors the copies give (find_copies), each class's copies
 * but one times its pieces' size (less one for whole components) */
static long copies_known(const struct gop *G)
{
	long ntw = 0;
	for (long c = 0; c < G->nclass; c++)
		if (G->cp_kind[c] != CP_LEFT_OUT)
			ntw += (long)(G->cp->size[c] - (G->cp_kind[c] == CP_COMPONENTS)) * (G->cp->count[c] - 1);
	return ntw;
}

/* Column c of S from its pick: theta = 1's known space, a Lanczos vector
 * (of lvec: Lanczos' array, or S's when S took that over) or a copies'
 * vector; its multiplicity hint */
static long pick_vector(const struct gop *G, rs_spectrum *S, const struct pick *p, int c, const double *d,
			const double *vol, const double *lvec)
{
	long N = G->N;
	double *x = S->vec + (size_t)c * N;
	S->lambda[c] = 1.0 - p->theta;
	if (p->kind == 0)
		return theta_one_vector(G, d, vol, p->index, x);
	if (p->kind != 1)
		return copies_vector(G, p, x);
	const double *v = lvec + (size_t)p->index * N;
	for (long i = 0; i < N; i++)
		x[i] = v[i] * G->u[i];
	return 1;
}

static rs_spectrum *graph_spectrum(const rs_graph *g, const rs_copies *cp, const rs_gsolve_opts *o,
				   rs_err *e)
{
	double t0 = now_seconds();
	long N = g->n + g->m;
	int k = o->k;
	if (graph_alpha_check(g, o->alpha, e) != 0)
		return NULL;
	if (k < 1 || k + 1 > N) {
		rs_fail(e, RS_EINVAL, "k = %d must be between 1 and n - 1 = %ld", k, N - 1);
		return NULL;
	}
	struct gop G = {0};
	rs_spectrum *S = NULL;
	double *d = NULL, *vol = NULL;
	struct solved R = {0};
	struct pick *picks = NULL, *cand = NULL;
	long *hint = NULL, zero;
	if (gop_setup(&G, g, o->alpha, &d, &zero, e) != 0 || theta_one_space(&G, g, d, zero, &vol, e) != 0 ||
	    find_copies(g, cp, &G, d, k, e) != 0)
		goto out;
	long ntw = copies_known(&G);
	long dim = N - zero - G.ncomp - ntw; /* what Lanczos can still find */
	int need = k + 1 - (int)(G.ncomp < k + 1 ? G.ncomp : k + 1);
	/* two more than needed, to see whether the last eigenvalue listed
	 * repeats; they need only be accurate enough to tell */
	int strict = need;
	if (need > 0)
		need += 2;
	if (need > dim)
		need = (int)dim;
	if (strict > need)
		strict = need;
	if (need > 0 && solve_rest(&G, cp, o, d, zero, need, strict, dim, &R, e) != 0)
		goto out;
	long nq = G.ncomp < k + 1 ? G.ncomp : k + 1;
	long ncand = 0;
	for (long c = 0; c < G.nclass; c++)
		ncand += G.cp_voff[c + 1] - G.cp_voff[c];
	cand = rs_alloc(e, (size_t)(ncand > 0 ? ncand : 1), sizeof *cand, "eigenpairs");
	long npick = nq + (need > 0 ? need : 0) + (ntw < k + 1 ? ntw : k + 1);
	picks = rs_alloc(e, (size_t)npick, sizeof *picks, "eigenpairs");
	if (picks == NULL || cand == NULL)
		goto out;
	long nc;
	long np = merge_picks(&G, &R.L, nq, need, k, picks, cand, &nc);
	int nvec = np < k + 1 ? (int)np : k + 1;
	double *own = over_lanczos(&R.L, picks, nvec, need, N);
	S = own ? rs_spectrum_adopt(N, nvec, N, own, e) : rs_spectrum_new(N, nvec, N, e);
	if (S == NULL || (hint = rs_zalloc(e, (size_t)nvec, sizeof *hint, "multiplicities")) == NULL)
		goto fail;
	S->solver = RS_SOLVER_LANCZOS;
	S->partial = 1;
	S->matvecs = R.L.matvecs + (R.reduced ? 0 : R.tried);
	S->restarts = R.L.restarts;
	S->zero_degree = zero;
	S->components = G.ncomp;
	S->twins = ntw;
	S->warm = R.start != NULL || R.reduced > 0;
	S->reduced = R.reduced;
	S->rechecks = R.rechecks;
	S->single = R.reduced ? 0 : R.L.single;
	S->gram_side = G.gram ? G.dim : 0;
	/* from the last, so that a Lanczos vector is read before its column
	 * is written (over_lanczos) */
	for (int c = nvec - 1; c >= 0; c--)
		hint[c] = pick_vector(&G, S, &picks[c], c, d, vol, own ? S->vec : R.L.vec);
	rs_sign_fix(S->vec, N, nvec);
	S->residual = 0;
	for (int i = 0; i < strict; i++)
		S->residual = fmax(S->residual, R.L.resid[i]);
	if (rs_spectrum_group(S, hint, e) != 0)
		goto fail;
	count_last_copies(S, &G, picks, nvec, np, cand, nc, &R, need);
	S->seconds = now_seconds() - t0;
	goto out;
fail:
	rs_spectrum_free(S);
	S = NULL;
out:
	gop_free(&G);
	free(d);
	free(vol);
	free(R.start);
	free(R.all_theta);
	rs_lanczos_out_free(&R.L);
	free(picks);
	free(cand);
	free(hint);
	return S;
}

/* A small graph is solved on one thread (rs_threads_for); the setting is
 * the calling thread's own, so the prompt's look-ahead and the live view
 * each choose for themselves. */
rs_spectrum *rs_graph_spectrum(const rs_graph *g, const rs_gsolve_opts *o, rs_err *e)
{
	/* the copies are found at the first solve on a graph, and counted in
	 * its time */
	double t0 = now_seconds();
	const rs_copies *cp = NULL;
	if (!g->bipartite) {
		cp = rs_graph_copies(g, e);
		if (cp == NULL)
			return NULL;
	}
	long alike = symmetric_alike(g, cp);
	double prep = now_seconds() - t0;
	rs_spectrum *S;
	if (alike > 0 && !o->lanczos_only && g->n <= RS_SYMMETRIC_DENSE) {
		S = rs_graph_spectrum_dense(g, o->alpha, o->k, g->n, e);
	} else {
		int was = rs_threads_set(rs_threads_for(g->n + g->m, g->nnz));
		S = graph_spectrum(g, cp, o, e);
		rs_threads_set(was);
	}
	if (S) {
		S->alike = alike;
		S->seconds += prep;
	}
	return S;
}

/* The dense matrix of N_alpha over the nk nodes kept (kept[i] their
 * numbers, -1 for the others), u = d^-1/2: A (nk x nk, zeroed) gets
 * u_i (A_ij + alpha) u_j, alpha only between the two sides of a
 * bipartite graph. */
static void dense_operator(const rs_graph *g, const long *kept, long nk, double alpha,
			   const double *u, double *A)
{
	long N = g->n + g->m;
	for (long i = 0; i < g->n; i++) {
		if (kept[i] < 0)
			continue;
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			/* (a neighbour has degree > 0: it is kept) */
			long j = kept[g->idx[p] + (g->bipartite ? g->n : 0)];
			double v = g->val ? g->val[p] : 1.0;
			A[kept[i] * nk + j] += v;
			if (g->bipartite)
				A[j * nk + kept[i]] += v;
		}
	}
	for (long i = 0; i < N; i++)
		for (long j = 0; j < N; j++) {
			if (kept[i] < 0 || kept[j] < 0)
				continue;
			int coupled = !g->bipartite || ((i < g->n) != (j < g->n));
			double *a = &A[kept[i] * nk + kept[j]];
			*a = (*a + (coupled ? alpha : 0.0)) * u[i] * u[j];
		}
}

/* The vectors of one repeated value (sel ascending, Z nk x want) made
 * orthonormal again: under valgrind's emulated arithmetic, LAPACK left
 * two vectors of a value repeated at alpha = 0 (small bipartite graphs
 * with twins, 4 cases of 600 in tests/unit-graph) at inner products of
 * 7.5e-6 and 1.5e-3; any orthonormal basis of the eigenspace will do. */
static void orthonormal_repeats(double *Z, const double *sel, int want, long nk)
{
	for (int a = 1, first = 0; a < want; a++) {
		if (fabs(sel[a] - sel[a - 1]) > RS_EIG_TIE) {
			first = a;
			continue;
		}
		double *za = Z + (size_t)a * nk;
		for (int pass = 0; pass < 2; pass++)
			for (int b = first; b < a; b++) {
				const double *zb = Z + (size_t)b * nk;
				double dot = 0;
				for (long i = 0; i < nk; i++)
					dot += za[i] * zb[i];
				for (long i = 0; i < nk; i++)
					za[i] -= dot * zb[i];
			}
		double nrm = 0;
		for (long i = 0; i < nk; i++)
			nrm += za[i] * za[i];
		nrm = sqrt(nrm);
		for (long i = 0; nrm > 0 && i < nk; i++)
			za[i] /= nrm;
	}
}

/* The want largest eigenpairs of the symmetric nk x nk matrix A (upper
 * triangle; overwritten), ascending in sel and Z (nk x want), and every
 * eigenvalue in w.  One reduction to tridiagonal form, then every
 * eigenvalue (for the multiplicities) but only the want vectors listed,
 * turned back (dsyevr for every vector took 3-5x as long: a 1,000-node
 * cycle 0.58 -> 0.11 s, cora 6.4 -> 2.1 s). */
static int dense_top_pairs(double *A, long nk, int want, double *w, double *sel, double *Z,
			   rs_err *e)
{
	double *td = rs_alloc(e, (size_t)nk, sizeof *td, "tridiagonal");
	double *te = rs_alloc(e, (size_t)nk, sizeof *te, "tridiagonal");
	double *tau = rs_alloc(e, (size_t)nk, sizeof *tau, "tridiagonal");
	double *ws = rs_alloc(e, (size_t)nk, sizeof *ws, "tridiagonal");
	double *wd = rs_alloc(e, (size_t)nk, sizeof *wd, "tridiagonal");
	lapack_int *blk = rs_alloc(e, 2 * (size_t)nk + (size_t)want, sizeof *blk, "LAPACK workspace");
	lapack_int *isuppz = rs_alloc(e, 2 * (size_t)nk, sizeof *isuppz, "LAPACK workspace");
	int rc = -1;
	if (!td || !te || !tau || !ws || !wd || !blk || !isuppz)
		goto out;
	lapack_int found = 0, info;
	lapack_logical tryrac = 1;
	info = LAPACKE_dsytrd(LAPACK_COL_MAJOR, 'U', (lapack_int)nk, A, (lapack_int)nk, td, te, tau);
	if (info == 0) {
		memcpy(w, td, (size_t)nk * sizeof *w);
		memcpy(ws, te, (size_t)(nk - 1) * sizeof *ws);
		info = LAPACKE_dsterf((lapack_int)nk, w, ws);
	}
	if (info == 0) {
		/* MRRR on copies (it overwrites d and e, e of length n) */
		memcpy(wd, td, (size_t)nk * sizeof *wd);
		memcpy(ws, te, (size_t)(nk - 1) * sizeof *ws);
		ws[nk - 1] = 0;
		info = LAPACKE_dstemr(LAPACK_COL_MAJOR, 'V', 'I', (lapack_int)nk, wd, ws, 0, 0,
				      (lapack_int)(nk - want + 1), (lapack_int)nk, &found, sel, Z,
				      (lapack_int)nk, (lapack_int)want, isuppz, &tryrac);
		if (info != 0 || found != want) {
			/* MRRR can fail on tight clusters (graphs at alpha = 0 with
			 * many repeated values): bisection and inverse iteration,
			 * as dsyevr falls back */
			lapack_int nsplit = 0;
			info = LAPACKE_dstebz('I', 'B', (lapack_int)nk, 0, 0, (lapack_int)(nk - want + 1),
					      (lapack_int)nk, 0.0, td, te, &found, &nsplit, sel, blk,
					      blk + nk);
			if (info == 0 && found == want)
				info = LAPACKE_dstein(LAPACK_COL_MAJOR, (lapack_int)nk, td, te, found, sel,
						      blk, blk + nk, Z, (lapack_int)nk, blk + 2 * nk);
			/* ordered by split-off block: sorted ascending (insertion,
			 * columns along; want is k + 1) */
			for (int a = 1; info == 0 && a < want; a++)
				for (int b = a; b > 0 && sel[b - 1] > sel[b]; b--) {
					double t = sel[b];
					sel[b] = sel[b - 1];
					sel[b - 1] = t;
					for (long i = 0; i < nk; i++) {
						t = Z[i + (size_t)b * nk];
						Z[i + (size_t)b * nk] = Z[i + (size_t)(b - 1) * nk];
						Z[i + (size_t)(b - 1) * nk] = t;
					}
				}
		}
	}
	if (info == 0 && found == want) {
		orthonormal_repeats(Z, sel, want, nk);
		info = LAPACKE_dormtr(LAPACK_COL_MAJOR, 'L', 'U', 'N', (lapack_int)nk, (lapack_int)want,
				      A, (lapack_int)nk, tau, Z, (lapack_int)nk);
	}
	if (info != 0 || found != want)
		rs_fail(e, RS_ENUMERIC, "LAPACK failed on the dense eigenproblem (info %d)", (int)info);
	else
		rc = 0;
out:
	free(td);
	free(te);
	free(tau);
	free(ws);
	free(wd);
	free(blk);
	free(isuppz);
	return rc;
}

/* The degrees d at alpha and each node's number in the dense matrix
 * (kept), -1 for a node of degree 0, which is left out: numbered 0..nk-1
 * in it, the count returned; -1 with e set. (Solved with them in, as rows
 * of zeros, their theta = 0 entries mix with any theta = 0 of the rest,
 * twins for instance, and cannot be told apart by their vectors.) */
static long dense_kept(const rs_graph *g, double alpha, double **d, long **kept, rs_err *e)
{
	long N = g->n + g->m;
	*d = rs_alloc(e, (size_t)N, sizeof **d, "degrees");
	*kept = rs_alloc(e, (size_t)N, sizeof **kept, "node numbers");
	if (!*d || !*kept)
		return -1;
	degrees(g, alpha, *d);
	long nk = 0;
	for (long i = 0; i < N; i++)
		(*kept)[i] = (*d)[i] > 0 ? nk++ : -1;
	if (nk == 0)
		return rs_fail(e, RS_ESINGULAR, "every node has degree 0 at alpha = 0: set alpha > 0");
	return nk;
}

/* S's columns from the selected pairs (sel, Z: nk rows, want of them,
 * ascending from the last), scaled back by D^-1/2, and their largest
 * residual on the sparse operator P (y and z: work vectors); how many */
static int dense_columns(rs_spectrum *S, struct gop *P, const double *d, const long *kept, long nk, int want,
			 const double *sel, const double *Z, double *y, double *z)
{
	long N = P->N;
	int c = 0;
	for (long src = want - 1; src >= 0 && c < want; src--, c++) {
		double *x = S->vec + (size_t)c * N;
		for (long i = 0; i < N; i++) {
			z[i] = kept[i] >= 0 ? Z[kept[i] + src * nk] : 0.0;
			x[i] = kept[i] >= 0 ? z[i] / sqrt(d[i]) : 0.0;
		}
		double th = sel[src];
		S->lambda[c] = 1.0 - th;
		gop_apply(P, z, y);
		double r2 = 0;
		for (long i = 0; i < N; i++)
			r2 += (y[i] - th * z[i]) * (y[i] - th * z[i]);
		S->residual = fmax(S->residual, sqrt(r2));
	}
	return c;
}

/* The multiplicity of each of the c values listed, counted over the whole
 * spectrum w (nk values), not just over those listed; 0 for a repeat of
 * the value before */
static void dense_hints(const rs_spectrum *S, int c, const double *w, long nk, long *hint)
{
	for (int j = 0; j < c; j++) {
		if (j > 0 && fabs(S->lambda[j] - S->lambda[j - 1]) <= RS_EIG_TIE) {
			hint[j] = 0;
			continue;
		}
		long cnt = 0;
		for (long src = 0; src < nk; src++)
			cnt += fabs(1.0 - w[src] - S->lambda[j]) <= RS_EIG_TIE;
		hint[j] = cnt > 0 ? cnt : 1;
	}
}

rs_spectrum *rs_graph_spectrum_dense(const rs_graph *g, double alpha, int k, long max_nodes,
				     rs_err *e)
{
	double t0 = now_seconds();
	long N = g->n + g->m;
	if (graph_alpha_check(g, alpha, e) != 0)
		return NULL;
	if (N > max_nodes) {
		rs_fail(e, RS_EINVAL, "the dense solver is limited to %ld nodes, this graph has %ld", max_nodes, N);
		return NULL;
	}
	if (k + 1 > N) {
		rs_fail(e, RS_EINVAL, "k = %d must be less than n = %ld", k, N);
		return NULL;
	}
	double *d = NULL, *A = NULL, *w = NULL, *Z = NULL, *sel = NULL, *y = NULL, *z = NULL;
	long *kept = NULL, *hint = NULL;
	/* A is overwritten: the residuals are checked with the sparse product */
	struct gop P = {.g = g, .N = N, .dim = N, .alpha = alpha};
	rs_spectrum *S = NULL;
	long nk = dense_kept(g, alpha, &d, &kept, e);
	if (nk < 0)
		goto out;
	int want = (int)(k + 1 < nk ? k + 1 : nk);
	A = rs_zalloc(e, (size_t)nk * nk, sizeof *A, "dense matrix");
	w = rs_alloc(e, (size_t)N, sizeof *w, "eigenvalues");
	Z = rs_alloc(e, (size_t)nk * want, sizeof *Z, "eigenvectors");
	sel = rs_alloc(e, (size_t)nk, sizeof *sel, "eigenvalues");
	P.u = rs_alloc(e, (size_t)N, sizeof *P.u, "degrees");
	P.tmp = rs_alloc(e, (size_t)N, sizeof *P.tmp, "work vector");
	y = rs_alloc(e, (size_t)N, sizeof *y, "work vector");
	z = rs_alloc(e, (size_t)N, sizeof *z, "work vector");
	if (!A || !w || !Z || !sel || !P.u || !P.tmp || !y || !z)
		goto out;
	for (long i = 0; i < N; i++)
		P.u[i] = d[i] > 0 ? 1.0 / sqrt(d[i]) : 0.0;
	if (gop_prepare(&P, e) != 0) /* after u, which it copies in its own order */
		goto out;
	dense_operator(g, kept, nk, alpha, P.u, A);
	if (dense_top_pairs(A, nk, want, w, sel, Z, e) != 0)
		goto out;
	S = rs_spectrum_new(N, want, N, e);
	hint = rs_zalloc(e, (size_t)want, sizeof *hint, "multiplicities");
	if (S == NULL || hint == NULL)
		goto fail;
	S->solver = RS_SOLVER_DENSE;
	S->partial = 1;
	S->zero_degree = N - nk;
	int c = dense_columns(S, &P, d, kept, nk, want, sel, Z, y, z);
	dense_hints(S, c, w, nk, hint);
	S->nvec = c;
	rs_sign_fix(S->vec, N, c);
	if (fabs(S->lambda[0]) < 1e-12)
		S->lambda[0] = 0;
	if (rs_spectrum_group(S, hint, e) != 0)
		goto fail;
	S->seconds = now_seconds() - t0;
	goto out;
fail:
	rs_spectrum_free(S);
	S = NULL;
out:
	free(A);
	free(d);
	free(kept);
	free(w);
	free(Z);
	free(sel);
	free(z);
	gop_free(&P);
	free(y);
	free(hint);
	return S;
}
