/* graph6.c: nauty's graph6, sparse6 and digraph6 formats (graph6.h). */
#include <config.h>

#include "graph6.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NODES 2147483646L

static const struct {
	const char *header;
	int kind;
} headers[] = {{">>graph6<<", 'g'}, {">>sparse6<<", 's'}, {">>digraph6<<", 'd'}};

/* A line's header, if it has one: its length, the kind in *kind. */
static size_t header_len(const char *s, int *kind)
{
	for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++) {
		size_t l = strlen(headers[i].header);
		if (!strncmp(s, headers[i].header, l)) {
			*kind = headers[i].kind;
			return l;
		}
	}
	return 0;
}

/* The graph's line: s[0..len) once a header is passed, the kind told by
 * the header or the first byte (':' sparse6, ';' incremental sparse6,
 * '&' digraph6). */
static int line_kind(const char *s, size_t len, int header_kind)
{
	if (len > 0 && s[0] == ':')
		return 's';
	if (len > 0 && s[0] == ';')
		return 'i';
	if (len > 0 && s[0] == '&')
		return 'd';
	return header_kind == 's' || header_kind == 'd' ? 0 : 'g'; /* a header must match its line */
}

/* N(n) at s[0..len): the node count and the bytes it took (0: none). */
static size_t size_of(const unsigned char *s, size_t len, uint64_t *n)
{
	if (len >= 1 && s[0] >= 63 && s[0] < 126) {
		*n = (uint64_t)(s[0] - 63);
		return 1;
	}
	size_t digits = len >= 2 && s[0] == 126 && s[1] == 126 ? 6 : 3, at = digits == 6 ? 2 : 1;
	if (len < at + digits || s[0] != 126)
		return 0;
	uint64_t x = 0;
	for (size_t i = 0; i < digits; i++) {
		if (s[at + i] < 63 || s[at + i] > 126)
			return 0;
		x = x << 6 | (uint64_t)(s[at + i] - 63);
	}
	*n = x;
	return at + digits;
}

/* The k-th (from 1) non-blank line of buf: where it starts, its length (a
 * CR before its newline left out) and its line number; NULL when buf has
 * fewer, *count then how many it has. */
static const char *graph_line(const char *buf, long k, size_t *len, long *lineno, long *count)
{
	const char *p = buf;
	long seen = 0;
	for (*lineno = 1;; ++*lineno) {
		const char *nl = strchr(p, '\n');
		size_t l = nl ? (size_t)(nl - p) : strlen(p);
		if (l > 0 && p[l - 1] == '\r')
			l--;
		if (strspn(p, " \t") < l && ++seen == k) {
			*len = l;
			return p;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	*count = seen;
	return NULL;
}

long rs_graph6_count(const char *buf)
{
	size_t len;
	long lineno, count;
	graph_line(buf, LONG_MAX, &len, &lineno, &count);
	return count;
}

/* The first non-blank line of buf (or its end, an empty line). */
static const char *first_line(const char *buf, size_t *len, long *lineno)
{
	long count;
	const char *s = graph_line(buf, 1, len, lineno, &count);
	if (s == NULL) {
		*len = 0;
		*lineno = 1;
		s = buf + strlen(buf);
	}
	return s;
}

/* Bits a graph6 (digraph 0) or digraph6 (1) line of n nodes holds, and so
 * the bytes after N(n) it must have. */
static uint64_t dense_bytes(uint64_t n, int digraph)
{
	uint64_t bits = digraph ? n * n : n * (n - (n > 0)) / 2;
	return (bits + 5) / 6;
}

int rs_graph6_kind(const char *buf)
{
	size_t len;
	long lineno;
	const char *s = first_line(buf, &len, &lineno);
	int hk = 0;
	size_t h = header_len(s, &hk);
	if (h)
		return hk;
	for (size_t i = len > 0 && (s[0] == ':' || s[0] == '&'); i < len; i++)
		if ((unsigned char)s[i] < 63 || (unsigned char)s[i] > 126)
			return 0;
	int kind = line_kind(s, len, 0);
	if (kind == 's')
		return len >= 2 ? 's' : 0;
	if (kind != 'g' && kind != 'd')
		return 0;
	size_t at = kind == 'd';
	uint64_t n;
	size_t nb = size_of((const unsigned char *)s + at, len - at, &n);
	/* a lone '?' or '@' (0 or 1 node) could be anything: two nodes at least */
	return nb && n >= 2 && n <= (uint64_t)1 << 31 && at + nb + dense_bytes(n, kind == 'd') == len ? kind : 0;
}

/* Reads bits from the 6-bit groups of a line, most significant first. */
typedef struct bits {
	const unsigned char *s;
	uint64_t pos, end; /* in bits */
} bits;

static uint64_t take(bits *b, int k)
{
	uint64_t x = 0;
	for (int i = 0; i < k; i++, b->pos++)
		x = x << 1 | (uint64_t)(((b->s[b->pos / 6] - 63) >> (5 - b->pos % 6)) & 1);
	return x;
}

static int too_many(const char *path, long lineno, uint64_t n, double entries, const rs_load_opts *o,
		    rs_err *e)
{
	if (n > (uint64_t)MAX_NODES)
		return rs_fail(e, RS_EINVAL, "%s:%ld: %llu nodes is beyond this build (at most %ld)", path, lineno,
			       (unsigned long long)n, MAX_NODES),
		       1;
	if (o->max_nodes > 0 && n > (uint64_t)o->max_nodes)
		return rs_fail(e, RS_EINVAL, "%s:%ld: %llu nodes, more than the %ld allowed", path, lineno,
			       (unsigned long long)n, o->max_nodes),
		       1;
	double need = rs_graph_too_large((double)n, entries);
	if (need > 0)
		return rs_fail(e, RS_ENOMEM, "%s:%ld: a graph of %llu nodes would need %.1f GB; this machine has %.1f GB",
			       path, lineno, (unsigned long long)n, need / 1e9, rs_memory_bytes() / 1e9),
		       1;
	return 0;
}

/* The graph's line of a graph6, sparse6 or digraph6 file: which of the
 * file's graphs, where, its kind and format's name, its node count and
 * the bytes after the count. */
struct g6 {
	long pick, lineno;
	int kind; /* 'g', 's' or 'd' */
	const char *name;
	uint64_t n;
	const unsigned char *d; /* the bytes after the count */
	size_t dl;
};

/* The line of the graph member names (FILE.g6/N: the N-th; else the first), past
 * its header, checked: its kind (its format's name into *format), its
 * bytes, its node count. */
static int g6_line(struct g6 *G, const char *buf, const char *path, const char *member, const char **format, rs_err *e)
{
	size_t len;
	long count = 0;
	G->pick = 1;
	if (member != NULL) { /* FILE.g6/N: the N-th graph */
		char *stop;
		G->pick = strtol(member, &stop, 10);
		if (*stop || stop == member || G->pick < 1)
			return rs_fail(e, RS_EINVAL, "%s: '%s' is no graph of the file: FILE/N reads its N-th graph (a "
						     "graph a line, from 1)", path, member);
	}
	const char *s = G->pick == 1 ? first_line(buf, &len, &G->lineno)
				     : graph_line(buf, G->pick, &len, &G->lineno, &count);
	if (s == NULL)
		return rs_fail(e, RS_EINVAL, "%s: no graph %ld: the file holds %ld (a graph a line)", path, G->pick,
			       count);
	int hk = 0;
	size_t h = header_len(s, &hk);
	if (h == 0 && G->pick > 1) /* the header, on the first line only */
		header_len(buf + strspn(buf, " \t\r\n"), &hk);
	s += h;
	len -= h;
	int kind = line_kind(s, len, hk);
	static const char *const names[] = {"graph6", "sparse6", "digraph6"};
	G->name = kind == 's' ? names[1] : kind == 'd' ? names[2] : names[0];
	*format = G->name; /* named even where the line is refused */
	if (kind == 0)
		return rs_fail(e, RS_EINVAL, "%s:%ld: the header says %s, but the line does not start with %s", path,
			       G->lineno, hk == 's' ? "sparse6" : "digraph6", hk == 's' ? "':'" : "'&'");
	if (kind == 'i')
		return rs_fail(e, RS_EINVAL, "%s:%ld: incremental sparse6 (';'), a change to the graph before it, is "
					     "not read: write the graph itself (':')",
			       path, G->lineno);
	G->kind = kind;
	size_t at = kind != 'g';
	for (size_t i = at; i < len; i++)
		if ((unsigned char)s[i] < 63 || (unsigned char)s[i] > 126)
			return rs_fail(e, RS_EINVAL, "%s:%ld: byte %zu (0x%02x) is not %s: its bytes are 63 ('?') to 126 ('~')",
				       path, G->lineno, h + i + 1, (unsigned char)s[i], G->name);
	size_t nb = size_of((const unsigned char *)s + at, len - at, &G->n);
	if (nb == 0)
		return rs_fail(e, RS_EINVAL, "%s:%ld: no node count at the start of the %s line", path, G->lineno,
			       G->name);
	if (G->n == 0)
		return rs_fail(e, RS_EINVAL, "%s:%ld: the %s line holds a graph of no nodes", path, G->lineno, G->name);
	G->d = (const unsigned char *)s + at + nb;
	G->dl = len - at - nb;
	return 0;
}

/* A graph6 line's upper triangle, or a digraph6 line's whole matrix, row
 * by row: an edge (an arc) for each bit set. */
static int dense_edges(const struct g6 *G, const char *path, const rs_load_opts *o, rs_edges *E, rs_err *e)
{
	uint64_t n = G->n;
	if (too_many(path, G->lineno, n, (double)G->dl * 6, o, e))
		return -1;
	uint64_t want = dense_bytes(n, G->kind == 'd');
	if (G->dl != want)
		return rs_fail(e, RS_EINVAL, "%s:%ld: %llu nodes take %llu bytes after the count in %s, the line has %zu%s",
			       path, G->lineno, (unsigned long long)n, (unsigned long long)want, G->name, G->dl,
			       G->dl < want ? " (cut short?)" : "");
	bits b = {G->d, 0, (uint64_t)G->dl * 6};
	for (uint64_t i = 0; i < n; i++) /* digraph6: row i, column j */
		for (uint64_t j = 0; j < (G->kind == 'd' ? n : i); j++) {
			if (!take(&b, 1))
				continue;
			long u = G->kind == 'd' ? (long)i : (long)j, v = G->kind == 'd' ? (long)j : (long)i;
			if (rs_edges_push(E, u, v, 1.0, e) != 0)
				return -1;
		}
	return 0;
}

/* A sparse6 line's edges: a bit that moves the current node on and a
 * k-bit node, an edge to the current node where it is no greater, until
 * the padding. */
static int sparse6_edges(const struct g6 *G, const char *path, const rs_load_opts *o, rs_edges *E, rs_err *e)
{
	uint64_t n = G->n;
	if (too_many(path, G->lineno, n, (double)G->dl * 6 / 2, o, e))
		return -1;
	int k = 1;
	while (k < 63 && ((uint64_t)1 << k) < n)
		k++;
	bits b = {G->d, 0, (uint64_t)G->dl * 6};
	uint64_t v = 0;
	while (b.end - b.pos >= (uint64_t)k + 1) {
		uint64_t bit = take(&b, 1), x = take(&b, k);
		if (bit)
			v++;
		if (x >= n || v >= n)
			break; /* the padding */
		if (x > v)
			v = x;
		else if (rs_edges_push(E, (long)x, (long)v, 1.0, e) != 0)
			return -1;
	}
	return 0;
}

rs_graph *rs_graph6_read(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			 rs_err *e)
{
	struct g6 G = {0};
	if (g6_line(&G, buf, path, o->member, &info->format, e) != 0)
		return NULL;
	rs_edges E = {0};
	rs_graph *g = NULL;
	if ((G.kind == 's' ? sparse6_edges(&G, path, o, &E, e) : dense_edges(&G, path, o, &E, e)) != 0)
		goto done;
	info->lines = G.lineno;
	if (G.kind == 'd')
		info->symmetrized = 1;
	g = rs_graph_build((long)G.n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
	if (g != NULL) {
		long all = rs_graph6_count(buf);
		if (all > 1)
			snprintf(info->container, sizeof info->container, " (graph %ld of the file's %ld, line %ld%s)",
				 G.pick, all, G.lineno, G.pick == 1 ? "; FILE/N reads the N-th" : "");
	}
done:
	rs_edges_free(&E);
	return g;
}

/* Writes the bits of a line as printable bytes, six at a time. */
typedef struct out6 {
	FILE *f;
	int acc, nacc;
} out6;

static void put_bit(out6 *w, int bit)
{
	w->acc = w->acc << 1 | bit;
	if (++w->nacc == 6) {
		fputc(63 + w->acc, w->f);
		w->acc = w->nacc = 0;
	}
}

static void put_bits(out6 *w, uint64_t x, int k)
{
	for (int i = k - 1; i >= 0; i--)
		put_bit(w, (int)((x >> i) & 1));
}

static void put_size(FILE *f, uint64_t n)
{
	if (n <= 62)
		fputc((int)(63 + n), f);
	else if (n <= 258047) {
		fputc(126, f);
		for (int i = 2; i >= 0; i--)
			fputc((int)(63 + ((n >> (6 * i)) & 63)), f);
	} else {
		fputs("~~", f);
		for (int i = 5; i >= 0; i--)
			fputc((int)(63 + ((n >> (6 * i)) & 63)), f);
	}
}

int rs_graph6_write(const rs_graph *g, FILE *f, int sparse, const char *path, rs_err *e)
{
	const char *name = sparse ? "sparse6" : "graph6";
	if (g->bipartite)
		return rs_fail(e, RS_EINVAL, "%s: %s holds one set of nodes; a bipartite graph is saved as .mtx, "
					     ".biedges or .csv", path, name);
	if (g->val != NULL)
		return rs_fail(e, RS_EINVAL, "%s: %s holds no weights; this graph has them (save .edges, .mtx or .net)",
			       path, name);
	long n = g->n;
	if (!sparse) {
		for (long i = 0; i < n; i++)
			for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++)
				if (g->idx[p] == i)
					return rs_fail(e, RS_EINVAL, "%s: graph6 holds no self-loops (node %ld has one): "
								     "save .s6 (sparse6), which does", path, i);
		if ((double)n * (double)(n - 1) / 2 > 8e9)
			return rs_fail(e, RS_EINVAL, "%s: %ld nodes make a graph6 line of %.0f GB (a bit for every "
						     "pair): save .s6 (sparse6)", path, n, (double)n * (double)(n - 1) / 96e9);
	}
	out6 w = {f, 0, 0};
	fputs(sparse ? ">>sparse6<<:" : ">>graph6<<", f);
	put_size(f, (uint64_t)n);
	if (!sparse) {
		/* the upper triangle column by column: x(0,1), x(0,2), x(1,2), ... */
		for (long j = 1; j < n; j++) {
			long p = g->ptr[j], end = g->ptr[j + 1];
			for (long i = 0; i < j; i++) {
				while (p < end && g->idx[p] < i)
					p++;
				put_bit(&w, p < end && g->idx[p] == i);
			}
		}
		while (w.nacc)
			put_bit(&w, 0);
	} else {
		int k = 1;
		while (k < 63 && ((uint64_t)1 << k) < (uint64_t)n)
			k++;
		long cur = 0;
		for (long v = 0; v < n; v++)
			for (long p = g->ptr[v]; p < g->ptr[v + 1] && g->idx[p] <= v; p++) {
				long u = g->idx[p];
				if (v == cur)
					put_bit(&w, 0);
				else if (v == cur + 1) {
					put_bit(&w, 1);
					cur = v;
				} else {
					put_bit(&w, 1);
					put_bits(&w, (uint64_t)v, k);
					put_bit(&w, 0);
					cur = v;
				}
				put_bits(&w, (uint64_t)u, k);
			}
		/* padding: ones; a zero first where ones could read as an edge
		 * to node n - 1 (nauty's special case) */
		if (k < 6 && n == (1L << k) && 6 - w.nacc >= k && w.nacc > 0 && cur < n - 1)
			put_bit(&w, 0);
		while (w.nacc)
			put_bit(&w, 1);
	}
	fputc('\n', f);
	return 0;
}
