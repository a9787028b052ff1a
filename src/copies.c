/* copies.c: pieces of a graph that are copies of one another (copies.h).
 *
 * A piece is a component of the graph, or a component of the graph less
 * one node w (the piece hangs from w: a leg of a star, a pendant triangle).
 * One depth-first search finds them all: the subtree of a child v of w is
 * a component of G - w when nothing in it reaches above w (low(v) >=
 * pre(w)), and it is a range of the preorder.  Pieces are compared only
 * within a group that hangs from the same node (or are components) and
 * agrees on a signature (size, stored entries, a hash of their nodes'
 * sorted invariants: neighbours, self-loop weight, degree, weight of the
 * edge to w); within a group each one is matched against the classes found
 * so far by a backtracking search that maps the class's first copy node by
 * node, in breadth-first order from its rarest kind of node, each new node
 * among the neighbours of its parent's image, checking every edge and
 * weight to the nodes already mapped.  A search that runs past its budget
 * (or past what all of them together may take) counts as "not a copy",
 * which is always safe: the piece is then left to the iterative solver.
 * Classes whose pieces overlap (pieces within pieces) are kept largest
 * first, so that the ones kept are disjoint. */
#include <config.h>

#include "copies.h"
#include "rng.h"

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

/* What a node must share with its image: neighbours (other than itself),
 * self-loop weight, degree, and the weight of its edge to the node the
 * piece hangs from. */
struct inv {
	long nb;
	double loop, deg, att;
};

/* (computed each time it is needed: a table of them for every node cost
 * more in first-touch page faults than it saved, facebook 10.6 -> 12 ms) */
static void node_inv(const rs_graph *g, long i, long at, struct inv *v)
{
	v->nb = g->ptr[i + 1] - g->ptr[i];
	v->loop = 0;
	for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++)
		if (g->idx[p] == i) {
			v->nb--;
			v->loop = weight(g, p);
		}
	v->deg = g->deg[i];
	v->att = at >= 0 ? entry(g, i, at) : 0.0;
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
	if (x->att != y->att)
		return x->att < y->att ? -1 : 1;
	return 0;
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

/* A piece: order[start .. start + size), hanging from node at (-1: a
 * component). */
struct piece {
	long at, start, nnz;
	int size;
	uint64_t hash;
};

static int piece_cmp(const void *a, const void *b)
{
	const struct piece *x = a, *y = b;
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	if (x->nnz != y->nnz)
		return x->nnz < y->nnz ? -1 : 1;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return (x->start > y->start) - (x->start < y->start);
}

/* Work space for the searches, over all nodes of the graph. */
struct search {
	const rs_graph *g;
	int32_t *posx; /* position in its class's first copy, or -1 */
	int32_t *posy; /* position mapped to in this search, or -1  */
	long at;       /* the node the group hangs from, or -1      */
	long left;     /* steps left to all the searches            */
	struct inv *tmp;
};

static int same_kind(const struct search *S, long x, long y)
{
	struct inv a, b;
	node_inv(S->g, x, S->at, &a);
	node_inv(S->g, y, S->at, &b);
	return inv_cmp(&a, &b) == 0;
}

/* The first copy's order: breadth-first from a node of its rarest kind;
 * xs[p] the node at position p, par[p] its parent's position (-1 first). */
static void rep_order(struct search *S, const int32_t *nodes, int s, int32_t *xs, int *par)
{
	const rs_graph *g = S->g;
	struct inv *tmp = S->tmp;
	for (int t = 0; t < s; t++)
		node_inv(g, nodes[t], S->at, &tmp[t]);
	qsort(tmp, (size_t)s, sizeof *tmp, inv_cmp);
	int best = 0, bestlen = s + 1;
	for (int a = 0; a < s;) {
		int b = a;
		while (b < s && inv_cmp(&tmp[a], &tmp[b]) == 0)
			b++;
		if (b - a < bestlen) {
			bestlen = b - a;
			best = a;
		}
		a = b;
	}
	int root = 0;
	for (;; root++) {
		struct inv v;
		node_inv(g, nodes[root], S->at, &v);
		if (inv_cmp(&v, &tmp[best]) == 0)
			break;
	}
	int filled = 0;
	xs[filled] = nodes[root];
	par[filled++] = -1;
	S->posx[nodes[root]] = 0;
	for (int h = 0; h < filled; h++) {
		long x = xs[h];
		for (long p = g->ptr[x]; p < g->ptr[x + 1]; p++) {
			long y = g->idx[p];
			if (y == S->at || S->posx[y] >= 0)
				continue;
			S->posx[y] = filled;
			xs[filled] = (int32_t)y;
			par[filled++] = h;
		}
	}
}

/* Can y take position p (the first copy's node x = xs[p])?  In the piece,
 * of the same kind, and with the same edges and weights to the nodes
 * mapped so far, no more. */
static int fits(const struct search *S, const int32_t *xs, const int32_t *ys, int p, long y)
{
	const rs_graph *g = S->g;
	long x = xs[p];
	if (y == S->at || S->posy[y] >= 0 || !same_kind(S, x, y))
		return 0;
	long cx = 0, cy = 0;
	for (long q = g->ptr[x]; q < g->ptr[x + 1]; q++) {
		long nb = g->idx[q];
		if (nb == x || nb == S->at || S->posx[nb] >= p)
			continue;
		cx++;
		if (entry(g, y, ys[S->posx[nb]]) != weight(g, q))
			return 0;
	}
	for (long q = g->ptr[y]; q < g->ptr[y + 1]; q++)
		cy += g->idx[q] != y && g->idx[q] != S->at && S->posy[g->idx[q]] >= 0;
	return cx == cy;
}

/* Map the piece `nodes` (s of them) onto the first copy xs: ys[p] gets
 * the node at position p.  Returns 1 when it is a copy. */
static int match(struct search *S, const int32_t *xs, const int *par, int s, const int32_t *nodes,
		 int32_t *ys, long *cur)
{
	const rs_graph *g = S->g;
	long budget = ISO_BUDGET;
	int p = 0, found = 0;
	cur[0] = -1;
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
			if (--p >= 0)
				S->posy[ys[p]] = -1;
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
	for (int t = 0; t < s; t++)
		S->posy[nodes[t]] = -1;
	return found;
}

/* The classes found, before the overlapping ones are dropped. */
struct found {
	long n, cap, nodes, cap_nodes;
	int *size;
	long *count, *off;
	int32_t *node;
};

static int found_add(struct found *F, int s, long count, const int32_t *nodes)
{
	if (F->n == F->cap) {
		long cap = F->cap ? 2 * F->cap : 16;
		int *size = realloc(F->size, (size_t)cap * sizeof *size);
		if (size)
			F->size = size;
		long *cnt = realloc(F->count, (size_t)cap * sizeof *cnt);
		if (cnt)
			F->count = cnt;
		long *off = realloc(F->off, (size_t)cap * sizeof *off);
		if (off)
			F->off = off;
		if (!size || !cnt || !off)
			return -1;
		F->cap = cap;
	}
	long add = (long)s * count;
	if (F->nodes + add > F->cap_nodes) {
		long cap = F->cap_nodes ? 2 * F->cap_nodes : 256;
		while (cap < F->nodes + add)
			cap *= 2;
		int32_t *nn = realloc(F->node, (size_t)cap * sizeof *nn);
		if (nn == NULL)
			return -1;
		F->node = nn;
		F->cap_nodes = cap;
	}
	F->size[F->n] = s;
	F->count[F->n] = count;
	F->off[F->n] = F->nodes;
	memcpy(F->node + F->nodes, nodes, (size_t)add * sizeof *nodes);
	F->nodes += add;
	F->n++;
	return 0;
}

/* One group of pieces with equal signatures, G[0 .. ng): sorted into
 * classes, those of two copies or more kept. */
static int classify(struct search *S, const int32_t *order, const struct piece *G, long ng,
		    struct found *F)
{
	int s = G[0].size;
	S->at = G[0].at;
	/* per class: its first copy's order and parents; per piece: its nodes
	 * in its class's order */
	int32_t *xs = malloc((size_t)MAX_REPS * s * sizeof *xs);
	int *par = malloc((size_t)MAX_REPS * s * sizeof *par);
	int32_t *ys = malloc((size_t)ng * s * sizeof *ys);
	int *cls = malloc((size_t)ng * sizeof *cls);
	long *cnt = calloc(MAX_REPS, sizeof *cnt);
	long *cur = malloc((size_t)s * sizeof *cur);
	int32_t *sorted = malloc((size_t)ng * s * sizeof *sorted);
	int rc = -1, nrep = 0;
	if (!xs || !par || !ys || !cls || !cnt || !cur || !sorted)
		goto done;
	for (long a = 0; a < ng; a++) {
		const int32_t *nodes = order + G[a].start;
		cls[a] = -1;
		for (int r = 0; r < nrep && cls[a] < 0; r++)
			if (match(S, xs + (size_t)r * s, par + (size_t)r * s, s, nodes,
				  ys + (size_t)a * s, cur))
				cls[a] = r;
		if (cls[a] < 0 && nrep < MAX_REPS) {
			rep_order(S, nodes, s, xs + (size_t)nrep * s, par + (size_t)nrep * s);
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
				memcpy(sorted + (size_t)(j++) * s, ys + (size_t)a * s,
				       (size_t)s * sizeof *ys);
		if (found_add(F, s, cnt[r], sorted) != 0)
			goto done;
	}
	rc = 0;
done:
	/* the first copies' marks go: pieces of other groups may hold them */
	for (int r = 0; xs && r < nrep; r++)
		for (int t = 0; t < s; t++)
			S->posx[xs[(size_t)r * s + t]] = -1;
	free(xs);
	free(par);
	free(ys);
	free(cls);
	free(cnt);
	free(cur);
	free(sorted);
	return rc;
}

/* The depth-first search: order (preorder), and the pieces of at most
 * RS_COPIES_MAX_SIZE nodes: components, and the subtrees that are
 * components of G - their parent. */
static long find_pieces(const rs_graph *g, int32_t *order, struct piece **out)
{
	long n = g->n, np = 0, cap = 64;
	int32_t *pre = malloc((size_t)n * sizeof *pre);
	int32_t *low = malloc((size_t)n * sizeof *low);
	int32_t *parent = malloc((size_t)n * sizeof *parent);
	int32_t *stack = malloc((size_t)n * sizeof *stack);
	long *it = malloc((size_t)n * sizeof *it);
	struct piece *P = malloc((size_t)cap * sizeof *P);
	if (!pre || !low || !parent || !stack || !it || !P) {
		np = -1;
		goto done;
	}
	for (long i = 0; i < n; i++)
		pre[i] = -1;
	long cnt = 0;
	for (long s = 0; s < n; s++) {
		if (pre[s] >= 0)
			continue;
		long top = 0;
		stack[top++] = (int32_t)s;
		pre[s] = low[s] = (int32_t)cnt;
		order[cnt++] = (int32_t)s;
		parent[s] = -1;
		it[s] = g->ptr[s];
		while (top > 0) {
			long v = stack[top - 1];
			if (it[v] < g->ptr[v + 1]) {
				long u = g->idx[it[v]++];
				if (u == v)
					continue;
				if (pre[u] < 0) {
					parent[u] = (int32_t)v;
					pre[u] = low[u] = (int32_t)cnt;
					order[cnt++] = (int32_t)u;
					it[u] = g->ptr[u];
					stack[top++] = (int32_t)u;
				} else if (u != parent[v] && pre[u] < low[v]) {
					low[v] = pre[u];
				}
				continue;
			}
			top--;
			long size = cnt - pre[v], w = parent[v];
			if (w >= 0 && low[v] < low[w])
				low[w] = low[v];
			/* a component (w < 0), or a component of G - w */
			if (size <= RS_COPIES_MAX_SIZE && (w < 0 || low[v] >= pre[w])) {
				if (np == cap) {
					cap *= 2;
					struct piece *more = realloc(P, (size_t)cap * sizeof *P);
					if (more == NULL) {
						np = -1;
						goto done;
					}
					P = more;
				}
				P[np++] = (struct piece){w, pre[v], 0, (int)size, 0};
			}
		}
	}
done:
	free(pre);
	free(low);
	free(parent);
	free(stack);
	free(it);
	if (np < 0) {
		free(P);
		P = NULL;
	}
	*out = P;
	return np;
}

static int size_cmp(const void *a, const void *b)
{
	const struct piece *x = a, *y = b;
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return (x->size > y->size) - (x->size < y->size);
}

/* Classes by copy size, the largest first (kept first when they overlap). */
struct ranked {
	int size;
	long k;
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	return (x->k > y->k) - (x->k < y->k);
}

/* Colour refinement (one-dimensional Weisfeiler-Leman): nodes start
 * coloured by their invariants; each round a node's colour becomes a hash
 * of its colour and of the sum of its neighbours' hashed (colour, weight)
 * pairs (a sum, so the order of a row does not matter), and the colours
 * are numbered again through a hash table; it stops when no class splits, or after
 * WL_ROUNDS rounds.  Nodes that end with the colour of another cannot be
 * told apart by their surroundings, which is what an automorphism needs
 * (not all such nodes have one: a path's halves).  Returns how many nodes
 * outside `skip` share their colour with another one outside it, or -1
 * (out of memory, or a graph of more than WL_SURE_NODES nodes that a
 * sample says is not symmetric, see below).  Only whether that is most of
 * the graph matters: the count only falls from round to round, so the
 * refinement stops once it is below half (real graphs: after a round or
 * two, facebook 3 ms). */
#define WL_ROUNDS 32
/* Up to this many nodes the refinement always runs.  On larger graphs
 * its arrays' first-touch page faults and its first two rounds cost tens
 * of ms (ego-twitter, 81,306 nodes: 26 ms, 5 % of a solve), so it runs
 * only when a sample of WL_SAMPLE nodes outside the copies, coloured
 * after one round, shows at least half of them sharing a colour with
 * another sampled node (a grid: its inner nodes all do; ego-twitter and
 * the SBMs: few), up to WL_MAX_NODES. */
#define WL_SURE_NODES 50000
#define WL_SAMPLE 1024
#define WL_MAX_NODES 20000000

/* Open addressing: hash -> colour, numbered in order of first sight. */
struct wl {
	uint64_t *key;
	int32_t *val;
	long cap; /* a power of two, at least 2 n */
};

static uint64_t bits(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	return u;
}

/* The nodes' hashes h[0 .. n) numbered as colours; returns their count. */
static long wl_number(struct wl *T, const uint64_t *h, long n, int32_t *col)
{
	memset(T->val, 0xff, (size_t)T->cap * sizeof *T->val);
	long c = 0;
	for (long i = 0; i < n; i++) {
		long slot = (long)(h[i] & (uint64_t)(T->cap - 1));
		while (T->val[slot] >= 0 && T->key[slot] != h[i])
			slot = (slot + 1) & (T->cap - 1);
		if (T->val[slot] < 0) {
			T->key[slot] = h[i];
			T->val[slot] = (int32_t)c++;
		}
		col[i] = T->val[slot];
	}
	return c;
}

/* Nodes outside skip whose colour another node outside skip shares
 * (cnt: n counters, scratch). */
static long count_alike(const int32_t *col, const unsigned char *skip, long *cnt, long n)
{
	memset(cnt, 0, (size_t)n * sizeof *cnt);
	for (long i = 0; i < n; i++)
		cnt[col[i]] += !skip[i];
	long alike = 0;
	for (long i = 0; i < n; i++)
		alike += !skip[i] && cnt[col[i]] >= 2;
	return alike;
}

static uint64_t inv_hash(const rs_graph *g, long i)
{
	struct inv v;
	node_inv(g, i, -1, &v);
	return rs_mix64(rs_mix64(rs_mix64((uint64_t)v.nb) ^ bits(v.loop)) ^ bits(v.deg));
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Whether at least half of WL_SAMPLE nodes outside skip (evenly spaced)
 * share their colour after one round with another of them.  A class of c
 * nodes is seen in the sample only when c is a sizeable part of n / 1024:
 * the symmetric graphs that repeat eigenvalues have large classes after
 * one round (rotations, translations); pairs swapped by a mirror are
 * missed, and repeat none. */
static int sample_alike(const rs_graph *g, const unsigned char *skip)
{
	long n = g->n, out = 0;
	for (long i = 0; i < n; i++)
		out += !skip[i];
	if (out < WL_SAMPLE)
		return 1;
	uint64_t h[WL_SAMPLE];
	int s = 0;
	for (long t = 0, seen = 0, i = 0; i < n && s < WL_SAMPLE; i++) {
		if (skip[i])
			continue;
		/* the t-th of WL_SAMPLE evenly spaced among the nodes outside */
		if (seen++ == t * out / WL_SAMPLE) {
			/* a neighbour by its row's length and degree (not its
			 * loop: that would read its row, a hub's thousands) */
			uint64_t sum = 0;
			for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
				long j = g->idx[p];
				if (j != i)
					sum += rs_mix64(rs_mix64((uint64_t)(g->ptr[j + 1] - g->ptr[j]) ^
							   bits(g->deg[j])) ^
						     rs_mix64(bits(weight(g, p))));
			}
			h[s++] = rs_mix64(inv_hash(g, i) ^ sum);
			t++;
		}
	}
	qsort(h, (size_t)s, sizeof *h, u64_cmp);
	int shared = 0;
	for (int a = 0; a < s; a++)
		shared += (a > 0 && h[a - 1] == h[a]) || (a + 1 < s && h[a + 1] == h[a]);
	return 2 * shared >= s;
}

/* The partition's shape: a hash of its class sizes (cnt, as count_alike
 * leaves it), whatever the classes' numbers. */
static uint64_t shape_hash(const long *cnt, long n)
{
	uint64_t s = 0;
	for (long c = 0; c < n; c++)
		if (cnt[c] > 0)
			s += rs_mix64((uint64_t)cnt[c]);
	return s;
}

/* Refine the colouring col (*classes colours, updated) for at most rounds
 * rounds, until no class splits or fewer than half the nodes outside skip
 * are alike; returns how many are.  fp, when given, collects the shape of
 * every round's partition: two runs from starts that an automorphism maps
 * to each other go through the same shapes. */
static long wl_refine(const rs_graph *g, const unsigned char *skip, struct wl *T, uint64_t *h,
		      int32_t *col, long *cnt, long *classes, int rounds, uint64_t *fp)
{
	long n = g->n;
	long alike = count_alike(col, skip, cnt, n);
	for (int round = 0; round < rounds && *classes < n && 2 * alike >= n; round++) {
		if (fp)
			*fp = rs_mix64(*fp ^ shape_hash(cnt, n));
		for (long i = 0; i < n; i++) {
			uint64_t sum = 0;
			for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++)
				if (g->idx[p] != i)
					sum += rs_mix64(((uint64_t)col[g->idx[p]] << 32) ^ rs_mix64(bits(weight(g, p))));
			h[i] = rs_mix64(rs_mix64((uint64_t)col[i]) ^ sum);
		}
		long more = wl_number(T, h, n, col);
		if (more == *classes)
			break;
		*classes = more;
		alike = count_alike(col, skip, cnt, n);
	}
	return alike;
}

/* When refinement stops with most nodes in one class it has learnt
 * nothing (a regular graph: every node has the same degree), and that
 * class may be a random regular graph with no symmetry at all as well as
 * a torus.  So single one node out (a colour of its own) and refine
 * again: a symmetry that fixes the node keeps the nodes it swaps alike
 * (a torus, a cycle, a hypercube: nearly all stay alike), while in a
 * graph without one the node's distances soon tell every node apart.  A
 * node no symmetry fixes tells everything apart too, in a graph whose
 * symmetries move every node (vertex-transitive, with no symmetry fixing
 * a node): a second node of the class, singled out, then goes through
 * the same partitions, where in a graph without symmetry the two
 * differ.  Only when both tell most nodes apart, through different
 * partitions, is the graph taken as not symmetric.  What is missed: a
 * symmetry that moves every node, in a graph whose two singled-out nodes
 * it does not map to each other (say three identical parts, rotated,
 * joined into one regular graph). */
#define WL_SINGLE_ROUNDS 64
static long single_out(const rs_graph *g, const unsigned char *skip, struct wl *T, uint64_t *h,
		       int32_t *col, long *cnt, long classes, long alike)
{
	long n = g->n, big = -1;
	count_alike(col, skip, cnt, n); /* for the classes' sizes, in cnt */
	for (long c = 0; c < classes; c++)
		if (2 * cnt[c] >= n)
			big = c;
	if (big < 0)
		return alike;
	int32_t *stable = malloc((size_t)n * sizeof *stable);
	if (stable == NULL)
		return alike;
	memcpy(stable, col, (size_t)n * sizeof *col);
	/* the class's first node, and the one half-way through it */
	long pick[2] = {-1, -1}, seen = 0, half = cnt[big] / 2;
	for (long i = 0; i < n; i++)
		if (!skip[i] && stable[i] == big) {
			if (seen == 0)
				pick[0] = i;
			if (seen == half)
				pick[1] = i;
			seen++;
		}
	uint64_t fp[2] = {0, 0};
	long left[2] = {alike, alike};
	for (int t = 0; t < 2; t++) {
		memcpy(col, stable, (size_t)n * sizeof *col);
		col[pick[t]] = (int32_t)classes; /* a colour of its own */
		long more = classes + 1;
		left[t] = wl_refine(g, skip, T, h, col, cnt, &more, WL_SINGLE_ROUNDS, &fp[t]);
		if (2 * left[t] >= n)
			break; /* a symmetry fixes it */
	}
	free(stable);
	if (2 * left[0] < n && 2 * left[1] < n && fp[0] != fp[1])
		return left[0];
	return alike;
}

static long alike_nodes(const rs_graph *g, const unsigned char *skip)
{
	long n = g->n;
	if (n > WL_MAX_NODES || (n > WL_SURE_NODES && !sample_alike(g, skip)))
		return -1;
	struct wl T = {NULL, NULL, 2};
	while (T.cap < 2 * n)
		T.cap *= 2;
	T.key = calloc((size_t)T.cap, sizeof *T.key);
	T.val = malloc((size_t)T.cap * sizeof *T.val);
	uint64_t *h = calloc((size_t)n, sizeof *h);
	int32_t *col = malloc((size_t)n * sizeof *col);
	long *cnt = calloc((size_t)n, sizeof *cnt);
	long alike = -1;
	if (!T.key || !T.val || !h || !col || !cnt)
		goto done;
	for (long i = 0; i < n; i++)
		h[i] = inv_hash(g, i);
	long classes = wl_number(&T, h, n, col);
	alike = wl_refine(g, skip, &T, h, col, cnt, &classes, WL_ROUNDS, NULL);
	if (2 * alike >= n)
		alike = single_out(g, skip, &T, h, col, cnt, classes, alike);
done:
	free(T.key);
	free(T.val);
	free(h);
	free(col);
	free(cnt);
	return alike;
}

/* The signature of each of the pieces P[0..np) (from one node, of one
 * size): its stored entries and a hash of its nodes' invariants, sorted
 * (tmp: room for a piece's) */
static void piece_signatures(const rs_graph *g, const int32_t *order, struct piece *P, long np, struct inv *tmp)
{
	for (long t = 0; t < np; t++) {
		struct piece *q = &P[t];
		for (int u = 0; u < q->size; u++) {
			long i = order[q->start + u];
			q->nnz += g->ptr[i + 1] - g->ptr[i];
			node_inv(g, i, q->at, &tmp[u]);
		}
		qsort(tmp, (size_t)q->size, sizeof *tmp, inv_cmp);
		q->hash = fnv(14695981039346656037ULL, tmp, (size_t)q->size * sizeof *tmp);
	}
}

/* The np pieces grouped: from the same node and of the same size, two at
 * least, then of equal signatures, each such group classified into F; 0,
 * or -1 out of memory */
static int group_pieces(struct search *S, const int32_t *order, struct piece *P, long np, struct found *F)
{
	qsort(P, (size_t)np, sizeof *P, size_cmp);
	for (long a = 0, b; a < np; a = b) {
		b = a + 1;
		while (b < np && P[b].at == P[a].at && P[b].size == P[a].size)
			b++;
		if (b - a < 2)
			continue;
		piece_signatures(S->g, order, P + a, b - a, S->tmp);
		qsort(P + a, (size_t)(b - a), sizeof *P, piece_cmp);
		for (long x = a, y; x < b; x = y) {
			y = x + 1;
			while (y < b && P[y].nnz == P[x].nnz && P[y].hash == P[x].hash)
				y++;
			if (y - x >= 2 && classify(S, order, P + x, y - x, F) != 0)
				return -1;
		}
	}
	return 0;
}

/* The classes of F to keep, the largest copies first, a class that
 * overlaps one kept dropped: their numbers in rank[0..kept), their nodes
 * marked in used and counted in *nodes; how many */
static long keep_classes(const struct found *F, struct ranked *rank, unsigned char *used, long *nodes)
{
	for (long k = 0; k < F->n; k++)
		rank[k] = (struct ranked){F->size[k], k};
	qsort(rank, (size_t)F->n, sizeof *rank, ranked_cmp);
	long kept = 0;
	*nodes = 0;
	for (long t = 0; t < F->n; t++) {
		long k = rank[t].k, len = (long)F->size[k] * F->count[k];
		const int32_t *nd = F->node + F->off[k];
		int clash = 0;
		for (long i = 0; i < len && !clash; i++)
			clash = used[nd[i]];
		if (clash)
			continue;
		for (long i = 0; i < len; i++)
			used[nd[i]] = 1;
		rank[kept++].k = k;
		*nodes += len;
	}
	return kept;
}

/* The kept classes (rank[0..kept), holding nodes nodes) into c, smallest
 * first (the solver takes a prefix); 0, or -1 out of memory */
static int write_classes(rs_copies *c, const struct found *F, const struct ranked *rank, long kept, long nodes)
{
	long *off = realloc(c->off, (size_t)(kept + 1) * sizeof *c->off);
	if (off == NULL)
		return -1;
	c->off = off;
	c->size = malloc((size_t)(kept > 0 ? kept : 1) * sizeof *c->size);
	c->count = malloc((size_t)(kept > 0 ? kept : 1) * sizeof *c->count);
	c->node = malloc((size_t)(nodes > 0 ? nodes : 1) * sizeof *c->node);
	if (!c->size || !c->count || !c->node)
		return -1;
	c->off[0] = 0;
	for (long t = kept - 1; t >= 0; t--) {
		long k = rank[t].k, len = (long)F->size[k] * F->count[k];
		c->size[c->nclass] = F->size[k];
		c->count[c->nclass] = F->count[k];
		memcpy(c->node + c->off[c->nclass], F->node + F->off[k], (size_t)len * sizeof *c->node);
		c->dim += (long)F->size[k] * (F->count[k] - 1);
		c->off[c->nclass + 1] = c->off[c->nclass] + len;
		c->nclass++;
	}
	return 0;
}

static rs_copies *find_copies(const rs_graph *g, rs_err *e)
{
	long n = g->n;
	rs_copies *c = calloc(1, sizeof *c);
	int32_t *order = NULL, *posx = NULL, *posy = NULL;
	unsigned char *used = NULL;
	struct piece *P = NULL;
	struct inv *tmp = NULL;
	struct ranked *rank = NULL;
	struct found F = {0};
	int ok = 0;
	if (c == NULL || (c->off = calloc(1, sizeof *c->off)) == NULL)
		goto done;
	if (g->bipartite || n < 2) {
		ok = 1;
		goto done;
	}
	order = malloc((size_t)n * sizeof *order);
	long np = order ? find_pieces(g, order, &P) : -1;
	posx = malloc((size_t)n * sizeof *posx);
	posy = malloc((size_t)n * sizeof *posy);
	tmp = malloc((size_t)RS_COPIES_MAX_SIZE * sizeof *tmp);
	if (np < 0 || !posx || !posy || !tmp)
		goto done;
	for (long i = 0; i < n; i++)
		posx[i] = posy[i] = -1;
	struct search S = {g, posx, posy, -1, ALL_BUDGET(n, g->nnz), tmp};
	if (group_pieces(&S, order, P, np, &F) != 0)
		goto done;
	rank = malloc((size_t)(F.n > 0 ? F.n : 1) * sizeof *rank);
	used = calloc((size_t)n, 1);
	if (!rank || !used)
		goto done;
	long nodes;
	long kept = keep_classes(&F, rank, used, &nodes);
	if (write_classes(c, &F, rank, kept, nodes) != 0)
		goto done;
	/* how symmetric the rest is */
	c->alike = alike_nodes(g, used);
	ok = 1;
done:
	free(order);
	free(P);
	free(posx);
	free(posy);
	free(tmp);
	free(rank);
	free(used);
	free(F.size);
	free(F.count);
	free(F.off);
	free(F.node);
	if (!ok) {
		rs_copies_free(c);
		rs_fail(e, RS_ENOMEM, "out of memory looking for pieces of the graph that are copies");
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
