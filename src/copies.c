/* copies.c: isomorphic components of a graph (see copies.h).
 *
 * Components are compared only when they agree on a signature (size,
 * stored entries, and a hash of their nodes' sorted invariants: neighbours,
 * self-loop weight, degree); within a group of equal signatures each one is
 * matched against the classes found so far by a backtracking search that
 * maps the class's first copy node by node, in breadth-first order from its
 * rarest kind of node, each new node among the neighbours of its parent's
 * image, checking every edge and weight to the nodes already mapped.  A
 * search that runs past its budget (or past what all of them together
 * may take) counts as "not a copy", which is always safe: the component is
 * then left to the iterative solver. */
#include <config.h>

#include "copies.h"

#include <stdlib.h>
#include <string.h>

/* backtracking steps one comparison may take, and all of them together
 * (per node and stored entry, and a floor) */
#define ISO_BUDGET 200000
#define ALL_BUDGET(n, nnz) (20 * ((n) + (nnz)) + 2000000)
/* classes kept apart within one signature group */
#define MAX_REPS 64

void rs_copies_free(rs_copies *c)
{
	if (c == NULL)
		return;
	free(c->off);
	free(c->size);
	free(c->count);
	free(c->node);
	free(c);
}

struct inv {
	long nb;     /* neighbours other than itself */
	double loop; /* self-loop weight, 0 for none */
	double deg;
};

static void node_inv(const rs_graph *g, long i, struct inv *v)
{
	v->nb = g->ptr[i + 1] - g->ptr[i];
	v->loop = 0;
	for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++)
		if (g->idx[p] == i) {
			v->nb--;
			v->loop = g->val ? g->val[p] : 1.0;
		}
	v->deg = g->deg[i];
}

static int inv_cmp(const void *a, const void *b)
{
	const struct inv *x = a, *y = b;
	if (x->nb != y->nb)
		return x->nb < y->nb ? -1 : 1;
	if (x->loop != y->loop)
		return x->loop < y->loop ? -1 : 1;
	if (x->deg != y->deg)
		return x->deg < y->deg ? -1 : 1;
	return 0;
}

static int inv_eq(const struct inv *x, const struct inv *y)
{
	return inv_cmp(x, y) == 0;
}

static uint64_t fnv(uint64_t h, const void *p, size_t len)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < len; i++) {
		h ^= c[i];
		h *= 1099511628211ULL;
	}
	return h;
}

/* A small component: its nodes are members[start .. start + size). */
struct comp {
	long start;
	int size;
	long nnz;
	uint64_t hash;
};

static int comp_cmp(const void *a, const void *b)
{
	const struct comp *x = a, *y = b;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	if (x->nnz != y->nnz)
		return x->nnz < y->nnz ? -1 : 1;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return (x->start > y->start) - (x->start < y->start);
}

static double weight(const rs_graph *g, long p)
{
	return g->val ? g->val[p] : 1.0;
}

/* The entry of A at (i, j), or 0 (rows are sorted). */
static double entry(const rs_graph *g, long i, long j)
{
	long lo = g->ptr[i], hi = g->ptr[i + 1];
	while (lo < hi) {
		long mid = lo + (hi - lo) / 2;
		if (g->idx[mid] < j)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->ptr[i + 1] && g->idx[lo] == j ? weight(g, lo) : 0.0;
}

/* Work space for the search, over all nodes of the graph. */
struct search {
	const rs_graph *g;
	int32_t *posx;  /* position of a node in its class's first copy, or -1 */
	int32_t *posy;  /* position a node is mapped to in this search, or -1  */
	struct inv *iv; /* every node's invariant                              */
	long left;      /* steps left to all the searches                      */
};

/* The first copy's order: breadth-first from a node of its rarest kind;
 * xs[p] the node at position p, par[p] its parent's position (-1 first). */
static void rep_order(struct search *S, const int32_t *nodes, int s, int32_t *xs, int *par,
		      struct inv *tmp)
{
	for (int t = 0; t < s; t++)
		tmp[t] = S->iv[nodes[t]];
	qsort(tmp, (size_t)s, sizeof *tmp, inv_cmp);
	/* the rarest invariant (the first of the shortest run) */
	int best = 0, bestlen = s + 1;
	for (int a = 0; a < s;) {
		int b = a;
		while (b < s && inv_eq(&tmp[a], &tmp[b]))
			b++;
		if (b - a < bestlen) {
			bestlen = b - a;
			best = a;
		}
		a = b;
	}
	int root = 0;
	while (!inv_eq(&S->iv[nodes[root]], &tmp[best]))
		root++;
	const rs_graph *g = S->g;
	int filled = 0;
	xs[filled] = nodes[root];
	par[filled++] = -1;
	S->posx[nodes[root]] = 0;
	for (int h = 0; h < filled; h++) {
		long x = xs[h];
		for (long p = g->ptr[x]; p < g->ptr[x + 1]; p++) {
			long y = g->idx[p];
			if (S->posx[y] >= 0)
				continue;
			S->posx[y] = filled;
			xs[filled] = (int32_t)y;
			par[filled++] = h;
		}
	}
}

/* Can y take position p (the first copy's node x = xs[p])?  Same kind, and
 * the same edges and weights to the nodes mapped so far, no more. */
static int fits(const struct search *S, const int32_t *xs, const int32_t *ys, int p, long y)
{
	const rs_graph *g = S->g;
	long x = xs[p];
	if (S->posy[y] >= 0 || !inv_eq(&S->iv[x], &S->iv[y]))
		return 0;
	long cx = 0, cy = 0;
	for (long q = g->ptr[x]; q < g->ptr[x + 1]; q++) {
		long r = S->posx[g->idx[q]];
		if (g->idx[q] == x || r >= p)
			continue;
		cx++;
		if (entry(g, y, ys[r]) != weight(g, q))
			return 0;
	}
	for (long q = g->ptr[y]; q < g->ptr[y + 1]; q++)
		cy += g->idx[q] != y && S->posy[g->idx[q]] >= 0;
	return cx == cy;
}

/* Map the component `nodes` (s of them) onto the first copy xs: ys[p]
 * gets the node at position p.  Returns 1 when it is a copy. */
static int match(struct search *S, const int32_t *xs, const int *par, int s, const int32_t *nodes,
		 int32_t *ys, long *cur)
{
	const rs_graph *g = S->g;
	long budget = ISO_BUDGET;
	int p = 0;
	cur[0] = -1;
	int found = 0;
	while (p >= 0) {
		if (--budget < 0 || --S->left < 0)
			break;
		/* the next candidate for position p */
		long y = -1;
		if (p == 0) {
			while (++cur[0] < s && !fits(S, xs, ys, 0, nodes[cur[0]]))
				;
			if (cur[0] < s)
				y = nodes[cur[0]];
		} else {
			long from = ys[par[p]];
			long end = g->ptr[from + 1];
			if (cur[p] < 0)
				cur[p] = g->ptr[from] - 1;
			while (++cur[p] < end && !fits(S, xs, ys, p, g->idx[cur[p]]))
				;
			if (cur[p] < end)
				y = g->idx[cur[p]];
		}
		if (y < 0) {
			/* none left: back to the previous position */
			if (--p >= 0) {
				S->posy[ys[p]] = -1;
			}
			continue;
		}
		ys[p] = (int32_t)y;
		S->posy[y] = p;
		if (p + 1 == s) {
			found = 1;
			break;
		}
		cur[++p] = -1;
	}
	/* forget this search's marks */
	for (int t = 0; t < s; t++)
		S->posy[nodes[t]] = -1;
	return found;
}

/* Growing output arrays. */
struct out {
	rs_copies *c;
	long cap_class, cap_node, nodes;
};

static int out_class(struct out *O, int s, long count, const int32_t *nodes, rs_err *e)
{
	rs_copies *c = O->c;
	if (c->nclass + 2 > O->cap_class) {
		long cap = O->cap_class ? 2 * O->cap_class : 16;
		long *off = realloc(c->off, (size_t)cap * sizeof *off);
		if (off)
			c->off = off;
		int *size = realloc(c->size, (size_t)cap * sizeof *size);
		if (size)
			c->size = size;
		long *cnt = realloc(c->count, (size_t)cap * sizeof *cnt);
		if (cnt)
			c->count = cnt;
		if (!off || !size || !cnt)
			return rs_fail(e, RS_ENOMEM, "out of memory listing isomorphic components");
		O->cap_class = cap;
	}
	long add = (long)s * count;
	if (O->nodes + add > O->cap_node) {
		long cap = O->cap_node ? 2 * O->cap_node : 256;
		while (cap < O->nodes + add)
			cap *= 2;
		int32_t *nn = realloc(c->node, (size_t)cap * sizeof *nn);
		if (nn == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory listing isomorphic components");
		c->node = nn;
		O->cap_node = cap;
	}
	c->off[c->nclass] = O->nodes;
	c->size[c->nclass] = s;
	c->count[c->nclass] = count;
	memcpy(c->node + O->nodes, nodes, (size_t)add * sizeof *nodes);
	O->nodes += add;
	c->nclass++;
	c->off[c->nclass] = O->nodes;
	c->dim += (long)s * (count - 1);
	return 0;
}

/* One group of components with equal signatures, G[0 .. ng): sorted into
 * classes, those of two copies or more written out. */
static int classify(struct search *S, const int32_t *members, const struct comp *G, long ng,
		    struct out *O, rs_err *e)
{
	int s = G[0].size;
	/* per class: its first copy's order and parents, and its copies' nodes
	 * in that order (copy-major) */
	int32_t *xs = malloc((size_t)MAX_REPS * s * sizeof *xs);
	int *par = malloc((size_t)MAX_REPS * s * sizeof *par);
	int32_t *ys = malloc((size_t)ng * s * sizeof *ys);
	int *cls = malloc((size_t)ng * sizeof *cls);
	long *cnt = calloc(MAX_REPS, sizeof *cnt);
	long *cur = malloc((size_t)s * sizeof *cur);
	struct inv *tmp = malloc((size_t)s * sizeof *tmp);
	int32_t *sorted = malloc((size_t)ng * s * sizeof *sorted);
	int rc = -1, nrep = 0;
	if (!xs || !par || !ys || !cls || !cnt || !cur || !tmp || !sorted) {
		rs_fail(e, RS_ENOMEM, "out of memory comparing components");
		goto done;
	}
	for (long a = 0; a < ng; a++) {
		const int32_t *nodes = members + G[a].start;
		cls[a] = -1;
		for (int r = 0; r < nrep && cls[a] < 0; r++)
			if (match(S, xs + (size_t)r * s, par + (size_t)r * s, s, nodes, ys + (size_t)a * s,
				  cur))
				cls[a] = r;
		if (cls[a] < 0 && nrep < MAX_REPS) {
			rep_order(S, nodes, s, xs + (size_t)nrep * s, par + (size_t)nrep * s, tmp);
			memcpy(ys + (size_t)a * s, xs + (size_t)nrep * s, (size_t)s * sizeof *ys);
			cls[a] = nrep++;
		}
		if (cls[a] >= 0)
			cnt[cls[a]]++;
	}
	for (int r = 0; r < nrep; r++) {
		if (cnt[r] < 2)
			continue;
		long j = 0;
		for (long a = 0; a < ng; a++)
			if (cls[a] == r)
				memcpy(sorted + (size_t)(j++) * s, ys + (size_t)a * s, (size_t)s * sizeof *ys);
		if (out_class(O, s, cnt[r], sorted, e) != 0)
			goto done;
	}
	rc = 0;
done:
	free(xs);
	free(par);
	free(ys);
	free(cls);
	free(cnt);
	free(cur);
	free(tmp);
	free(sorted);
	return rc;
}

static rs_copies *find_copies(const rs_graph *g, rs_err *e)
{
	rs_copies *c = calloc(1, sizeof *c);
	if (c == NULL) {
		rs_fail(e, RS_ENOMEM, "out of memory listing isomorphic components");
		return NULL;
	}
	c->off = calloc(1, sizeof *c->off);
	if (c->off == NULL) {
		free(c);
		rs_fail(e, RS_ENOMEM, "out of memory listing isomorphic components");
		return NULL;
	}
	long n = g->n;
	if (g->bipartite || n < 2)
		return c;
	struct out O = {c, 1, 0, 0};
	int32_t *comp = malloc((size_t)n * sizeof *comp);
	long nc = comp ? rs_graph_components(g, comp, e) : -1;
	long *csize = NULL, *start = NULL;
	int32_t *members = NULL;
	struct comp *C = NULL;
	struct inv *tmp = NULL;
	struct search S = {g, NULL, NULL, NULL, ALL_BUDGET(n, g->nnz)};
	int ok = 0;
	if (nc < 0)
		goto done;
	if (nc < 2) {
		ok = 1;
		goto done;
	}
	csize = calloc((size_t)nc + 1, sizeof *csize);
	start = calloc((size_t)nc + 1, sizeof *start);
	members = malloc((size_t)n * sizeof *members);
	S.posx = malloc((size_t)n * sizeof *S.posx);
	S.posy = malloc((size_t)n * sizeof *S.posy);
	S.iv = malloc((size_t)n * sizeof *S.iv);
	if (!csize || !start || !members || !S.posx || !S.posy || !S.iv)
		goto nomem;
	for (long i = 0; i < n; i++) {
		csize[comp[i]]++;
		S.posx[i] = -1;
		S.posy[i] = -1;
		node_inv(g, i, &S.iv[i]);
	}
	long small = 0;
	for (long k = 0; k < nc; k++) {
		start[k + 1] = start[k] + csize[k];
		small += csize[k] <= RS_COPIES_MAX_SIZE;
	}
	for (long i = 0; i < n; i++)
		members[start[comp[i]]++] = (int32_t)i;
	for (long k = nc; k > 0; k--)
		start[k] = start[k - 1];
	start[0] = 0;
	if (small < 2) {
		ok = 1;
		goto done;
	}
	C = malloc((size_t)small * sizeof *C);
	tmp = malloc((size_t)RS_COPIES_MAX_SIZE * sizeof *tmp);
	if (!C || !tmp)
		goto nomem;
	long nsmall = 0;
	for (long k = 0; k < nc; k++) {
		if (csize[k] > RS_COPIES_MAX_SIZE)
			continue;
		struct comp *q = &C[nsmall++];
		q->start = start[k];
		q->size = (int)csize[k];
		q->nnz = 0;
		for (int t = 0; t < q->size; t++) {
			long i = members[q->start + t];
			q->nnz += g->ptr[i + 1] - g->ptr[i];
			tmp[t] = S.iv[i];
		}
		qsort(tmp, (size_t)q->size, sizeof *tmp, inv_cmp);
		uint64_t h = 14695981039346656037ULL;
		for (int t = 0; t < q->size; t++) {
			h = fnv(h, &tmp[t].nb, sizeof tmp[t].nb);
			h = fnv(h, &tmp[t].loop, sizeof tmp[t].loop);
			h = fnv(h, &tmp[t].deg, sizeof tmp[t].deg);
		}
		q->hash = h;
	}
	qsort(C, (size_t)nsmall, sizeof *C, comp_cmp);
	for (long a = 0; a < nsmall;) {
		long b = a + 1;
		while (b < nsmall && C[b].size == C[a].size && C[b].nnz == C[a].nnz &&
		       C[b].hash == C[a].hash)
			b++;
		if (b - a >= 2 && classify(&S, members, C + a, b - a, &O, e) != 0)
			goto done;
		a = b;
	}
	ok = 1;
	goto done;
nomem:
	rs_fail(e, RS_ENOMEM, "out of memory comparing components");
done:
	free(comp);
	free(csize);
	free(start);
	free(members);
	free(C);
	free(tmp);
	free(S.posx);
	free(S.posy);
	free(S.iv);
	if (!ok) {
		rs_copies_free(c);
		return NULL;
	}
	return c;
}

const rs_copies *rs_graph_copies(const rs_graph *g, rs_err *e)
{
	/* kept with the graph; two threads may both compute it, one keeps its */
	rs_graph *mg = (rs_graph *)g;
	rs_copies *have = __atomic_load_n(&mg->copies, __ATOMIC_ACQUIRE);
	if (have)
		return have;
	rs_copies *c = find_copies(g, e);
	if (c == NULL)
		return NULL;
	rs_copies *none = NULL;
	if (!__atomic_compare_exchange_n(&mg->copies, &none, c, 0, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE)) {
		rs_copies_free(c);
		return none;
	}
	return c;
}
