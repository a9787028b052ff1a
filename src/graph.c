/* graph.c: building CSR graphs from edge lists, components, noise. */
#include <config.h>

#include "graph.h"
#include "rng.h"

#include "copies.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_NODES 2147483647L

int rs_edges_push(rs_edges *E, long u, long v, double w, rs_err *e)
{
	if (E->count == E->cap) {
		long cap = E->cap ? 2 * E->cap : 1024;
		int32_t *nu = realloc(E->u, (size_t)cap * sizeof *nu);
		if (nu == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory reading %ld edges", E->count);
		E->u = nu;
		int32_t *nv = realloc(E->v, (size_t)cap * sizeof *nv);
		if (nv == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory reading %ld edges", E->count);
		E->v = nv;
		if (E->w) {
			double *nw = realloc(E->w, (size_t)cap * sizeof *nw);
			if (nw == NULL)
				return rs_fail(e, RS_ENOMEM, "out of memory reading %ld edges", E->count);
			E->w = nw;
		}
		E->cap = cap;
	}
	if (w != 1.0 && E->w == NULL) {
		E->w = malloc((size_t)E->cap * sizeof *E->w);
		if (E->w == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory reading %ld edges", E->count);
		for (long i = 0; i < E->count; i++)
			E->w[i] = 1.0;
	}
	E->u[E->count] = (int32_t)u;
	E->v[E->count] = (int32_t)v;
	if (E->w)
		E->w[E->count] = w;
	E->count++;
	return 0;
}

void rs_edges_free(rs_edges *E)
{
	free(E->u);
	free(E->v);
	free(E->w);
	memset(E, 0, sizeof *E);
}

void rs_graph_free(rs_graph *g)
{
	if (g == NULL)
		return;
	free(g->ptr);
	free(g->idx);
	free(g->val);
	free(g->tptr);
	free(g->tidx);
	free(g->tval);
	free(g->deg);
	free(g->cdeg);
	if (g->names)
		for (long i = 0; i < g->n; i++)
			free(g->names[i]);
	if (g->cnames)
		for (long i = 0; i < g->m; i++)
			free(g->cnames[i]);
	free(g->names);
	free(g->cnames);
	rs_copies_free(g->copies);
	free(g);
}

/* A stable sort of one row's columns, carrying the weights along:
 * insertion for short rows, merging through the scratch for long ones.
 * Stable, so repeated entries are summed in the order the file gave. */
static void sort_row(int32_t *c, double *w, long len, int32_t *sc, double *sw)
{
	if (len <= 16) {
		for (long i = 1; i < len; i++) {
			int32_t x = c[i];
			double y = w ? w[i] : 0;
			long j = i;
			for (; j > 0 && c[j - 1] > x; j--) {
				c[j] = c[j - 1];
				if (w)
					w[j] = w[j - 1];
			}
			c[j] = x;
			if (w)
				w[j] = y;
		}
		return;
	}
	long h = len / 2;
	sort_row(c, w, h, sc, sw);
	sort_row(c + h, w ? w + h : NULL, len - h, sc, sw);
	if (c[h - 1] <= c[h])
		return;
	long i = 0, j = h, o = 0;
	while (i < h && j < len) {
		long from = c[j] < c[i] ? j++ : i++;
		sc[o] = c[from];
		if (w)
			sw[o] = w[from];
		o++;
	}
	for (; i < h; i++, o++) {
		sc[o] = c[i];
		if (w)
			sw[o] = w[i];
	}
	/* what is left of the right half is already in place */
	memcpy(c, sc, (size_t)o * sizeof *c);
	if (w)
		memcpy(w, sw, (size_t)o * sizeof *w);
}

/* CSR with sorted columns from an edge list, without zero weights: row
 * u gets (u, v), and (v, u) too when sym (not for loops); transposed,
 * row v gets (v, u).  One counting pass, one scatter straight into the
 * final arrays, then each row sorted and its repeats merged in place:
 * apart from the result, only the row offsets and one row's scratch are
 * allocated, so loading leaves few freed megabytes behind for the solve
 * to sit on top of.  *merged counts the entries merged away. */
static int csr_build(long nr, const rs_edges *E, int transpose, int sym, int weighted,
		     enum rs_merge merge, long **pptr, int32_t **pidx, double **pval, long *pnnz,
		     long *merged, rs_err *e)
{
	const int32_t *R = transpose ? E->v : E->u, *C = transpose ? E->u : E->v;
	/* counts at ptr[r + 2]: after the prefix sums ptr[r + 1] is where row
	 * r starts, and the scatter leaves it where row r ends */
	long *ptr = rs_zalloc(e, (size_t)nr + 2, sizeof *ptr, "row offsets");
	if (ptr == NULL)
		return -1;
	for (long i = 0; i < E->count; i++) {
		if (E->w && E->w[i] == 0)
			continue;
		ptr[R[i] + 2]++;
		if (sym && R[i] != C[i])
			ptr[C[i] + 2]++;
	}
	long widest = 0; /* the longest row, for the sort's scratch */
	for (long j = 0; j < nr; j++) {
		if (ptr[j + 2] > widest)
			widest = ptr[j + 2];
		ptr[j + 2] += ptr[j + 1];
	}
	long cnt = ptr[nr + 1];
	int32_t *idx = rs_alloc(e, (size_t)cnt, sizeof *idx, "adjacency");
	double *val = weighted ? rs_alloc(e, (size_t)cnt, sizeof *val, "weights") : NULL;
	int32_t *sc = widest > 16 ? rs_alloc(e, (size_t)widest, sizeof *sc, "sort buffer") : NULL;
	double *sw = widest > 16 && weighted ? rs_alloc(e, (size_t)widest, sizeof *sw, "sort buffer")
					     : NULL;
	if (!idx || (weighted && !val) || (widest > 16 && (!sc || (weighted && !sw)))) {
		free(ptr);
		free(idx);
		free(val);
		free(sc);
		free(sw);
		return -1;
	}
	for (long i = 0; i < E->count; i++) {
		double wi = E->w ? E->w[i] : 1.0;
		if (wi == 0)
			continue;
		long p = ptr[R[i] + 1]++;
		idx[p] = C[i];
		if (val)
			val[p] = wi;
		if (sym && R[i] != C[i]) {
			p = ptr[C[i] + 1]++;
			idx[p] = R[i];
			if (val)
				val[p] = wi;
		}
	}
	/* ptr[j + 1] is now the end of row j (ptr[0] = 0 its start) */
	long out = 0, start = 0;
	for (long j = 0; j < nr; j++) {
		long end = ptr[j + 1];
		sort_row(idx + start, val ? val + start : NULL, end - start, sc, sw);
		ptr[j] = out;
		for (long p = start; p < end; p++) {
			if (out > ptr[j] && idx[out - 1] == idx[p]) {
				if (val)
					val[out - 1] = merge == RS_MERGE_SUM ? val[out - 1] + val[p]
									     : fmax(val[out - 1], val[p]);
				continue;
			}
			idx[out] = idx[p];
			if (val)
				val[out] = val[p];
			out++;
		}
		start = end;
	}
	ptr[nr] = out;
	free(sc);
	free(sw);
	*merged = cnt - out;
	if (out < cnt && out > 0) { /* hand back what the repeats took */
		int32_t *ni = realloc(idx, (size_t)out * sizeof *idx);
		if (ni != NULL)
			idx = ni;
		if (val != NULL) {
			double *nv = realloc(val, (size_t)out * sizeof *val);
			if (nv != NULL)
				val = nv;
		}
	}
	*pptr = ptr;
	*pidx = idx;
	*pval = val;
	*pnnz = out;
	return 0;
}

static void row_sums(long nr, const long *ptr, const double *val, double *out)
{
	for (long i = 0; i < nr; i++) {
		double s = 0;
		if (val)
			for (long p = ptr[i]; p < ptr[i + 1]; p++)
				s += val[p];
		else
			s = (double)(ptr[i + 1] - ptr[i]);
		out[i] = s;
	}
}

double rs_memory_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
	return pages > 0 && psz > 0 ? (double)pages * (double)psz : 0;
}

double rs_graph_too_large(double nodes, double entries)
{
	double need = 40.0 * nodes + 24.0 * 2.0 * entries, have = rs_memory_bytes();
	return have > 0 && need > have ? need : 0;
}

/* Weights each finite whose sum is not (1e308 twice): the degrees, alpha
 * and every product would be inf or NaN.  The embedding does not change
 * when all weights are scaled alike (relative alpha), so the advice is to
 * scale them. */
static int total_overflows(const rs_graph *g, rs_err *e)
{
	if (isfinite(g->total))
		return 0;
	double big = 0;
	long nnz = g->ptr[g->n];
	for (long p = 0; g->val && p < nnz; p++)
		big = fmax(big, g->val[p]);
	rs_fail(e, RS_EINVAL,
		"the weights sum to more than a double holds (the largest is %g): divide them all "
		"by one factor, which leaves the embedding at a relative alpha as it is",
		big);
	return 1;
}

/* Whether the list (its nonzero entries) gives each of its nonloop
 * edges twice, u v w and v u w, and nothing else twice: the multiset of
 * entries is its own reverse (a sum of 64-bit hashes each way: a false
 * yes has odds of about 2^-64), and the merges are one for each nonloop
 * edge.  A directed file that is symmetric, or an undirected list that
 * writes each edge from both ends. */
static int listed_both_ways(const rs_edges *E, long merged, long nonloop_edges)
{
	if (nonloop_edges == 0 || merged != nonloop_edges)
		return 0;
	uint64_t fwd = 0, rev = 0;
	for (long i = 0; i < E->count; i++) {
		double w = E->w ? E->w[i] : 1.0;
		if (w == 0 || E->u[i] == E->v[i])
			continue;
		uint64_t wb;
		memcpy(&wb, &w, sizeof wb);
		uint64_t a = (uint64_t)(uint32_t)E->u[i], b = (uint64_t)(uint32_t)E->v[i];
		fwd += rs_mix64(rs_mix64(a << 32 | b) ^ wb);
		rev += rs_mix64(rs_mix64(b << 32 | a) ^ wb);
	}
	return fwd == rev;
}

rs_graph *rs_graph_build(long n, long m, int bipartite, const rs_edges *E, enum rs_merge merge,
			 long *merged, long *dropped, rs_err *e)
{
	if (n > MAX_NODES || m > MAX_NODES) {
		rs_fail(e, RS_EINVAL, "%ld nodes: more than the %ld this build supports",
			n > m ? n : m, MAX_NODES);
		return NULL;
	}
	double need = rs_graph_too_large((double)(n + m), (double)E->count);
	if (need > 0) {
		rs_fail(e, RS_ENOMEM, "%ld nodes and %ld edges need about %.1f GB, more than this machine has",
			n + m, E->count, need / 1e9);
		return NULL;
	}
	*dropped = 0;
	long keep = 0;
	for (long i = 0; i < E->count; i++)
		if (!E->w || E->w[i] != 0)
			keep++;
	*dropped = E->count - keep;
	/* summed, repeated unweighted edges weigh their count: weights of 1 */
	int ones = E->w == NULL && merge == RS_MERGE_SUM;
	rs_graph *g = rs_zalloc(e, 1, sizeof *g, "graph");
	if (!g)
		goto fail;
	g->bipartite = bipartite;
	g->n = g->orig_n = n;
	g->m = g->orig_m = bipartite ? m : 0;
	if (csr_build(n, E, 0, !bipartite, E->w || ones, merge, &g->ptr, &g->idx, &g->val, &g->nnz,
		      merged, e) != 0)
		goto fail;
	if (bipartite) {
		long tn;
		long tm;
		if (csr_build(m, E, 1, 0, E->w || ones, merge, &g->tptr, &g->tidx, &g->tval, &tn, &tm,
			      e) != 0)
			goto fail;
	}
	g->deg = rs_alloc(e, (size_t)n, sizeof *g->deg, "degrees");
	if (g->deg == NULL)
		goto fail;
	row_sums(n, g->ptr, g->val, g->deg);
	if (bipartite) {
		g->cdeg = rs_alloc(e, (size_t)m, sizeof *g->cdeg, "degrees");
		if (g->cdeg == NULL)
			goto fail;
		row_sums(m, g->tptr, g->tval, g->cdeg);
	}
	g->total = 0;
	for (long i = 0; i < n; i++)
		g->total += g->deg[i];
	if (total_overflows(g, e))
		goto fail;
	if (!bipartite) {
		for (long i = 0; i < n; i++)
			for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++)
				g->loops += g->idx[p] == i;
		/* each direction was merged: count against the undirected edges */
		*merged = keep - rs_graph_edges(g);
		g->both_ways = listed_both_ways(E, *merged, rs_graph_edges(g) - g->loops);
	}
	if (ones && *merged == 0) { /* nothing repeated: all weights are 1 */
		free(g->val);
		free(g->tval);
		g->val = g->tval = NULL;
	}
	return g;
fail:
	rs_graph_free(g);
	return NULL;
}

rs_graph *rs_graph_from_csr(long n, long *ptr, int32_t *idx, double *val, rs_err *e)
{
	rs_graph *g = rs_zalloc(e, 1, sizeof *g, "graph");
	double *deg = rs_alloc(e, (size_t)(n > 0 ? n : 1), sizeof *deg, "degrees");
	if (g == NULL || deg == NULL) {
		free(g);
		free(deg);
		free(ptr);
		free(idx);
		free(val);
		return NULL;
	}
	g->n = g->orig_n = n;
	g->ptr = ptr;
	g->idx = idx;
	g->val = val;
	g->nnz = ptr[n];
	g->deg = deg;
	row_sums(n, ptr, val, deg);
	for (long i = 0; i < n; i++) {
		g->total += deg[i];
		for (long p = ptr[i]; p < ptr[i + 1]; p++)
			g->loops += idx[p] == i;
	}
	if (total_overflows(g, e)) {
		rs_graph_free(g);
		return NULL;
	}
	return g;
}

long rs_graph_edges(const rs_graph *g)
{
	return g->bipartite ? g->nnz : (g->nnz - g->loops) / 2 + g->loops;
}

long rs_graph_isolated(const rs_graph *g)
{
	long c = 0;
	for (long i = 0; i < g->n; i++)
		c += g->deg[i] == 0;
	for (long j = 0; j < g->m; j++)
		c += g->cdeg[j] == 0;
	return c;
}

long rs_graph_components(const rs_graph *g, int32_t *comp, rs_err *e)
{
	long N = g->n + g->m;
	int32_t *stack = rs_alloc(e, (size_t)N, sizeof *stack, "component search");
	if (stack == NULL)
		return -1;
	for (long i = 0; i < N; i++)
		comp[i] = -1;
	long c = 0;
	for (long s = 0; s < N; s++) {
		if (comp[s] >= 0)
			continue;
		long top = 0;
		stack[top++] = (int32_t)s;
		comp[s] = (int32_t)c;
		while (top > 0) {
			long v = stack[--top];
			const long *ptr = g->ptr;
			const int32_t *idx = g->idx;
			long row = v, off = 0;
			if (g->bipartite && v >= g->n) { /* a column: walk the transpose */
				ptr = g->tptr;
				idx = g->tidx;
				row = v - g->n;
			} else if (g->bipartite) {
				off = g->n;
			}
			for (long p = ptr[row]; p < ptr[row + 1]; p++) {
				long u = idx[p] + (g->bipartite && v >= g->n ? 0 : off);
				if (comp[u] < 0) {
					comp[u] = (int32_t)c;
					stack[top++] = (int32_t)u;
				}
			}
		}
		c++;
	}
	free(stack);
	return c;
}

const char *rs_graph_node_name(const rs_graph *g, long i)
{
	if (i < g->n)
		return g->names ? g->names[i] : NULL;
	return g->cnames && i < g->n + g->m ? g->cnames[i - g->n] : NULL;
}

static char **keep_names(char *const *names, const int32_t *old, long n, long base, int *bad)
{
	if (names == NULL || *bad)
		return NULL;
	char **out = calloc((size_t)(n > 0 ? n : 1), sizeof *out);
	if (out == NULL) {
		*bad = 1;
		return NULL;
	}
	for (long i = 0; i < n; i++)
		if (names[old[i] - base] && (out[i] = strdup(names[old[i] - base])) == NULL)
			*bad = 1;
	return out;
}

rs_graph *rs_graph_keep(const rs_graph *g, const unsigned char *keep, int32_t **old_of, rs_err *e)
{
	long N = g->n + g->m, kn = 0, km = 0;
	*old_of = NULL;
	int32_t *nu = rs_alloc(e, (size_t)N, sizeof *nu, "node map");
	if (nu == NULL)
		return NULL;
	for (long i = 0; i < N; i++)
		nu[i] = !keep[i] ? -1 : i < g->n ? (int32_t)kn++ : (int32_t)km++;
	int32_t *old = rs_alloc(e, (size_t)(kn + km > 0 ? kn + km : 1), sizeof *old, "node map");
	rs_edges E = {0};
	rs_graph *h = NULL;
	if (old == NULL)
		goto out;
	for (long i = 0; i < N; i++)
		if (keep[i])
			old[nu[i] + (i < g->n ? 0 : kn)] = (int32_t)i;
	for (long i = 0; i < g->n; i++) {
		if (!keep[i])
			continue;
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p];
			double w = g->val ? g->val[p] : 1.0;
			if (g->bipartite) {
				if (keep[g->n + j] && rs_edges_push(&E, nu[i], nu[g->n + j], w, e) != 0)
					goto out;
			} else if (j >= i && keep[j] && rs_edges_push(&E, nu[i], nu[j], w, e) != 0) {
				goto out; /* each edge once: the build adds its mirror */
			}
		}
	}
	long merged, dropped;
	h = rs_graph_build(kn, km, g->bipartite, &E, RS_MERGE_MAX, &merged, &dropped, e);
	if (h == NULL)
		goto out;
	long orig = 0, corig = 0;
	for (long i = 0; i < kn; i++)
		orig += old[i] < g->orig_n;
	for (long j = 0; j < km; j++)
		corig += old[kn + j] - g->n < g->orig_m;
	h->orig_n = orig;
	h->orig_m = g->bipartite ? corig : 0;
	int bad = 0;
	h->names = keep_names(g->names, old, kn, 0, &bad);
	h->cnames = keep_names(g->cnames, old + kn, km, g->n, &bad);
	if (bad) {
		rs_fail(e, RS_ENOMEM, "out of memory copying node names");
		rs_graph_free(h);
		h = NULL;
		goto out;
	}
	*old_of = old;
	old = NULL;
out:
	free(nu);
	free(old);
	rs_edges_free(&E);
	return h;
}

int rs_graph_add_noise(rs_graph *g, long count, rs_err *e)
{
	if (g->bipartite)
		return rs_fail(e, RS_EINVAL, "noise applies to graphs, not to bipartite graphs");
	if (count < 0 || g->n + count > MAX_NODES)
		return rs_fail(e, RS_EINVAL, "cannot add %ld noise nodes", count);
	if (count == 0)
		return 0;
	/* (count > 0: no realloc below is of 0 bytes, which would free) */
	long n = g->n + count, nnz = g->nnz + count;
	/* the new nodes are components of their own: copies to find again */
	rs_copies_free(g->copies);
	g->copies = NULL;
	long *ptr = realloc(g->ptr, (size_t)(n + 1) * sizeof *ptr);
	if (ptr == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory adding noise");
	g->ptr = ptr;
	int32_t *idx = realloc(g->idx, (size_t)nnz * sizeof *idx);
	if (idx == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory adding noise");
	g->idx = idx;
	if (g->val) {
		double *val = realloc(g->val, (size_t)nnz * sizeof *val);
		if (val == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory adding noise");
		g->val = val;
	}
	double *deg = realloc(g->deg, (size_t)n * sizeof *deg);
	if (deg == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory adding noise");
	g->deg = deg;
	if (g->names) {
		char **names = realloc(g->names, (size_t)n * sizeof *names);
		if (names == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory adding noise");
		g->names = names;
		/* a named graph's noise nodes are named too, so that every writer
		 * has a name for each node and the file reads back the same:
		 * noise-1, noise-2, ... after the original nodes, with a prefix
		 * that no original name starts with (noise--1 ... otherwise) */
		char prefix[32] = "noise-";
		size_t pl = strlen(prefix);
		for (long i = 0; i < g->orig_n && pl + 1 < sizeof prefix; i++)
			if (g->names[i] && !strncmp(g->names[i], prefix, pl)) {
				prefix[pl++] = '-';
				prefix[pl] = '\0';
				i = -1;
			}
		for (long i = g->n; i < n; i++) {
			char num[48];
			snprintf(num, sizeof num, "%s%ld", prefix, i - g->orig_n + 1);
			if ((g->names[i] = strdup(num)) == NULL) {
				while (i-- > g->n) {
					free(g->names[i]);
					g->names[i] = NULL;
				}
				return rs_fail(e, RS_ENOMEM, "out of memory adding noise");
			}
		}
	}
	for (long i = g->n; i < n; i++) {
		long p = g->ptr[i];
		g->idx[p] = (int32_t)i;
		if (g->val)
			g->val[p] = 1.0;
		g->ptr[i + 1] = p + 1;
		g->deg[i] = 1.0;
	}
	g->n = n;
	g->nnz = nnz;
	g->loops += count;
	g->total += (double)count;
	return 0;
}

static void *dup_array(const void *p, size_t n, size_t size, rs_err *e, int *bad)
{
	if (p == NULL)
		return NULL;
	void *q = rs_alloc(e, n ? n : 1, size, "graph copy");
	if (q == NULL)
		*bad = 1;
	else
		memcpy(q, p, n * size);
	return q;
}

rs_graph *rs_graph_copy(const rs_graph *g, rs_err *e)
{
	rs_graph *c = rs_zalloc(e, 1, sizeof *c, "graph copy");
	if (c == NULL)
		return NULL;
	*c = *g;
	c->names = c->cnames = NULL;
	c->copies = NULL;
	int bad = 0;
	c->ptr = dup_array(g->ptr, (size_t)g->n + 1, sizeof *g->ptr, e, &bad);
	c->idx = dup_array(g->idx, (size_t)g->nnz, sizeof *g->idx, e, &bad);
	c->val = dup_array(g->val, (size_t)g->nnz, sizeof *g->val, e, &bad);
	c->deg = dup_array(g->deg, (size_t)g->n, sizeof *g->deg, e, &bad);
	c->tptr = g->tptr ? dup_array(g->tptr, (size_t)g->m + 1, sizeof *g->tptr, e, &bad) : NULL;
	c->tidx = g->tidx ? dup_array(g->tidx, (size_t)g->nnz, sizeof *g->tidx, e, &bad) : NULL;
	c->tval = g->tval ? dup_array(g->tval, (size_t)g->nnz, sizeof *g->tval, e, &bad) : NULL;
	c->cdeg = g->cdeg ? dup_array(g->cdeg, (size_t)g->m, sizeof *g->cdeg, e, &bad) : NULL;
	if (bad) {
		rs_graph_free(c);
		return NULL;
	}
	return c;
}
