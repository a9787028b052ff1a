/* adjlist.c: adjacency lists: networkx's write_adjlist and multiline
 * form, Gephi's delimited CSV. */
#include <config.h>

#include "readers.h"

#include "namemap.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* networkx's write_multiline_adjlist: a line 'NODE COUNT', then COUNT lines
 * 'NEIGHBOUR {attributes}', a Python dict on every one.  1 when s starts
 * that way: 'NODE COUNT' lines, then a neighbour with its dict (a plain
 * adjacency list has no dicts).  A later line out of shape is the reader's
 * error, with its line. */
int rs_nx_multiline(const char *s)
{
	int header = 1;
	for (int lines = 0; *s && lines < 1000; lines++) {
		const char *end = s + strcspn(s, "\n"), *t = s + strspn(s, " \t\r");
		const char *next = *end ? end + 1 : end;
		const char *z = end;
		while (z > t && (z[-1] == ' ' || z[-1] == '\t' || z[-1] == '\r'))
			z--;
		s = next;
		if (t >= z || *t == '#')
			continue;
		const char *b = t + strcspn(t, " \t\r\n"); /* the first field's end */
		b += strspn(b, " \t\r");                    /* what follows it */
		if (!header) /* the first neighbour line */
			return b < z && *b == '{' && z[-1] == '}';
		char *stop = NULL;
		long c = b < z && isdigit((unsigned char)*b) ? strtol(b, &stop, 10) : -1;
		if (c < 0 || stop != z)
			return 0;
		header = c == 0;
	}
	return 0;
}

/* The separator of an adjacency list as Gephi's CSV import reads one
 * ('A;B;C': A's neighbours B and C): ';' or ',' where the first line that
 * is not a comment holds one (outside double quotes), else 0 (blanks). */
static char adjlist_delim(const char *s)
{
	for (int lines = 0; *s && lines < 100; lines++) {
		const char *end = s + strcspn(s, "\n"), *t = s + strspn(s, " \t\r");
		if (t < end && *t != '#' && *t != '%') {
			int quoted = 0;
			for (const char *c = t; c < end; c++) {
				quoted ^= *c == '"';
				if (!quoted && (*c == ';' || *c == ','))
					return *c;
			}
			return 0;
		}
		s = *end ? end + 1 : end;
	}
	return 0;
}

/* Gephi's adjacency list CSV: lines of a varying number of fields split
 * by delim (quotes kept together), at least one of 4 or more, no length
 * shared by 60 % of the lines, and no empty first field. A table's rows
 * have its header's number of fields, but for a short row or two (an
 * error to report), and a matrix has an empty corner. */
static int delimited_adjlist_like(const char *s, char delim)
{
	int count[64] = {0}, lines = 0, hi = 0;
	for (int seen = 0; *s && seen < 1000; seen++) {
		const char *end = s + strcspn(s, "\n"), *t = s + strspn(s, " \t\r");
		if (t < end && *t != '#' && *t != '%' && !(*t == '\r' && t + 1 == end)) {
			int nf = 1, quoted = 0;
			if (*t == delim)
				return 0; /* an empty first field: a matrix's corner, a row without its id */
			for (const char *c = t; c < end; c++) {
				if (*c == '{' || *c == '\t')
					return 0; /* a networkx dict, a tab-separated table */
				quoted ^= *c == '"';
				nf += !quoted && *c == delim;
			}
			count[nf < 63 ? nf : 63]++;
			lines++;
			hi = nf > hi ? nf : hi;
		}
		s = *end ? end + 1 : end;
	}
	int mode = 0;
	for (int k = 0; k < 64; k++)
		mode = count[k] > mode ? count[k] : mode;
	return lines >= 3 && hi >= 4 && mode < 0.6 * lines;
}

/* Whether s looks like an adjacency list rather than an edge list: Gephi's
 * delimited one (delimited_adjlist_like), or networkx's write_adjlist,
 * lines separated by blanks (no tabs, commas or quotes, which tables and
 * names with blanks in them use) whose field counts vary, some line
 * holding 5 or more (an edge list has 2 to 4 columns, the same on every
 * line: source, target, weight, time).  The first 1,000 lines decide;
 * 'format adjlist' or 'format edges' overrides. */
int rs_adjlist_like(const char *s)
{
	char delim = adjlist_delim(s);
	if (delim)
		return delimited_adjlist_like(s, delim);
	int lo = 0, hi = 0;
	for (int lines = 0; *s && lines < 1000; lines++) {
		const char *end = s + strcspn(s, "\n"), *t = s + strspn(s, " \t\r");
		const char *next = *end ? end + 1 : end;
		if (t < end && *t != '#' && *t != '%' && !(*t == '\r' && t + 1 == end)) {
			if (memchr(t, '\t', (size_t)(end - t)) != NULL)
				return 0; /* a table's cells, or names with blanks between tabs */
			int nf = 0;
			for (const char *c = t; c < end;) {
				if (*c == ',' || *c == ';' || *c == '{' || *c == '"' || *c == '\'')
					return 0;
				size_t w = strcspn(c, " \t\r\n");
				if (w > 0)
					nf++;
				c += w;
				c += strspn(c, " \t\r");
			}
			if (lo == 0 || nf < lo)
				lo = nf;
			if (nf > hi)
				hi = nf;
		}
		s = next;
	}
	return hi >= 5 && lo < hi;
}

/* An adjacency list, as networkx's write_adjlist writes one: each line a
 * node, then its neighbours, blanks between; '#' comments; a node alone on
 * its line is a node all the same (isolated, or its edges listed before).
 * Names are taken in order of appearance; when every one is an integer the
 * integers are the ids, 0-based, or 1-based when no 0 appears ('base').
 * networkx's multiline form (rs_nx_multiline) reads too: each node's line
 * says how many neighbour lines follow, and their dicts give the weights. */
/* One word of an adjacency list's line: the line's node (*u < 0), else an
 * edge from it; *numeric cleared by a word that is no id. */
static int adj_word(struct rs_reader *rd, rs_namemap *nm, rs_edges *E, const char *w, long *u, long *entries,
		    int *numeric)
{
	long t;
	if (*numeric && (rs_field_long(w, &t) != 0 || t < 0 || t > RS_MAX_ID))
		*numeric = 0;
	long v = rs_nm_intern(nm, w, strlen(w), 1, rd->e);
	if (v < 0)
		return -1;
	if (*u < 0) {
		*u = v;
		return 0;
	}
	if (++*entries % 1048576 == 0 && rs_memory_refused(rd, nm->count, (double)*entries))
		return -1;
	return rs_edges_push(E, *u, v, 1.0, rd->e);
}

struct id_at {
	long id, at;
};

static int cmp_id_at(const void *a, const void *b)
{
	const struct id_at *x = a, *y = b;
	return x->id != y->id ? (x->id > y->id) - (x->id < y->id) : (x->at > y->at) - (x->at < y->at);
}

/* Each id's rank among the different ids of id[0..n) into rank (equal
 * ids, "7" and "07", one rank): the number of ranks, or -1 out of memory. */
static long adjlist_ranks(const long *id, long n, long *rank, rs_err *e)
{
	struct id_at *P = rs_alloc(e, (size_t)(n > 0 ? n : 1), sizeof *P, "node ids");
	if (P == NULL)
		return -1;
	for (long i = 0; i < n; i++)
		P[i] = (struct id_at){id[i], i};
	qsort(P, (size_t)n, sizeof *P, cmp_id_at);
	long k = 0;
	for (long j = 0; j < n; j++) {
		k += j > 0 && P[j].id != P[j - 1].id;
		rank[P[j].at] = k;
	}
	free(P);
	return n > 0 ? k + 1 : 0;
}

/* An adjacency list being read: the names met, the edges, whether every
 * name is an id; networkx's multiline form: the node whose neighbours
 * follow and how many are left; Gephi's 'A;B;C': the separator and the
 * fields of a line. */
struct adj {
	struct rs_reader rd;
	const rs_load_opts *o;
	rs_load_info *info;
	rs_namemap nm;
	rs_edges E;
	long entries;
	int numeric, multi;
	long owner, left;
	char delim, **f;
	size_t fcap;
};

/* A line of networkx's multiline form: 'NODE COUNT', or one of the COUNT
 * neighbour lines after it, 'NODE [{dict}]'. */
static int adj_multiline(struct adj *A, char *q)
{
	long t;
	char *tok = rs_next_token(&q);
	if (A->numeric && (rs_field_long(tok, &t) != 0 || t < 0 || t > RS_MAX_ID))
		A->numeric = 0;
	long v = rs_nm_intern(&A->nm, tok, strlen(tok), 1, A->rd.e);
	if (v < 0)
		return -1;
	char *rest = q + strspn(q, " \t");
	if (A->left == 0) {
		char *cnt = rs_next_token(&q);
		if (cnt == NULL || rs_field_long(cnt, &A->left) != 0 || A->left < 0 || rs_next_token(&q) != NULL) {
			RS_FAIL_AT(&A->rd, "'%.40s%s%.40s%s' is not a line 'NODE COUNT' (networkx's multiline "
					   "adjacency list: a node and its number of neighbours, then one neighbour a line)",
				   tok, *rest ? " " : "", rest, strlen(rest) > 40 ? "..." : "");
			return -1;
		}
		A->owner = v;
		return 0;
	}
	double w = 1;
	if (*rest != '\0') {
		size_t l = strlen(rest);
		while (l > 0 && (rest[l - 1] == ' ' || rest[l - 1] == '\t'))
			rest[--l] = '\0';
		char fw[64];
		int r = -1; /* rs_dict_weight's answer */
		if (rest[0] == '{' && rest[l - 1] == '}')
			r = A->o->unweighted ? 0 : rs_dict_weight(rest, fw, sizeof fw);
		if (r < 0) {
			RS_FAIL_AT(&A->rd, "'%.40s%s' after neighbour %s is not a Python dict as networkx writes them", rest,
				   l > 40 ? "..." : "", tok);
			return -1;
		}
		if (rs_dict_weight_value(&A->rd, r, fw, &w, A->info) != 0)
			return -1;
	}
	A->left--;
	if (++A->entries % 1048576 == 0 && rs_memory_refused(&A->rd, A->nm.count, (double)A->entries))
		return -1;
	return rs_edges_push(&A->E, A->owner, v, w, A->rd.e);
}

/* A line of Gephi's 'A;B;C': fields split at the separator, the blanks
 * after each dropped; an empty field ('A;B;;') is none. */
static int adj_delimited(struct adj *A, char *q)
{
	long u = -1;
	size_t nfmax = 1;
	for (const char *c = q; *c; c++)
		nfmax += *c == A->delim;
	if (nfmax > A->fcap) {
		char **nf = realloc(A->f, nfmax * sizeof *nf);
		if (nf == NULL) {
			rs_fail(A->rd.e, RS_ENOMEM, "%s: out of memory", A->rd.path);
			return -1;
		}
		A->f = nf;
		A->fcap = nfmax;
	}
	int nf = rs_split_fields(q, A->delim, A->f, (int)(nfmax < INT_MAX ? nfmax : INT_MAX));
	for (int i = 0; i < nf; i++) {
		char *w = A->f[i];
		size_t l = strlen(w);
		while (l > 0 && (w[l - 1] == '\r' || w[l - 1] == ' ' || w[l - 1] == '\t'))
			w[--l] = '\0';
		if (l > 0 && adj_word(&A->rd, &A->nm, &A->E, w, &u, &A->entries, &A->numeric) != 0)
			return -1;
	}
	return 0;
}

/* The lines of buf, each in the file's form. */
static int adj_lines(struct adj *A, char *buf)
{
	char *p = buf, *line;
	while ((line = rs_next_line(&p, &A->rd)) != NULL) {
		char *q = line + strspn(line, " \t"), *tok;
		if (*q == '#' || *q == '%')
			continue;
		long u = -1; /* the line's node, when read */
		int r = 0;
		if (A->multi)
			r = *q != '\0' ? adj_multiline(A, q) : 0;
		else if (A->delim)
			r = adj_delimited(A, q);
		else
			while (r == 0 && (tok = rs_next_token(&q)) != NULL)
				r = adj_word(&A->rd, &A->nm, &A->E, tok, &u, &A->entries, &A->numeric);
		if (r != 0)
			return -1;
	}
	if (A->left > 0) {
		RS_FAIL_AT(&A->rd, "node %s announced %ld more neighbour line%s than the file holds (truncated file?)",
			   A->nm.names[A->owner], A->left, A->left == 1 ? "" : "s");
		return -1;
	}
	return 0;
}

/* The names, all ids, as the nodes: the edges renumbered from the base,
 * or, where ids below the largest name no node, by rank with the ids kept
 * as names (*names, *nnames); the number of nodes, or -1. */
static long adj_numbered(struct adj *A, char ***names, long *nnames)
{
	rs_err *e = A->rd.e;
	const char *path = A->rd.path;
	long n = A->nm.count, r = -1;
	long *id = malloc((size_t)n * sizeof *id), *rank = NULL;
	if (id == NULL) {
		rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
		return -1;
	}
	long lo = LONG_MAX, hi = -1;
	for (long i = 0; i < n; i++) {
		rs_field_long(A->nm.names[i], &id[i]);
		lo = id[i] < lo ? id[i] : lo;
		hi = id[i] > hi ? id[i] : hi;
	}
	int base = A->o->base >= 0 ? A->o->base : lo >= 1;
	if (base == 1 && lo < 1) {
		rs_fail(e, RS_EINVAL, "%s: node id 0 in a file read as 1-based", path);
		goto out;
	}
	/* every node has a line of its own, so an id below the largest that
	 * no line names is no node: where there is one, the ids are names
	 * ('nocompact' keeps them positions) */
	rank = rs_alloc(e, (size_t)n, sizeof *rank, "node ids");
	long distinct = rank ? adjlist_ranks(id, n, rank, e) : -1;
	if (distinct < 0)
		goto out;
	const long *to = id; /* each name's node, plus base */
	enum rs_ids ids = A->o->ids;
	if (ids == RS_IDS_COMPACT || (ids == RS_IDS_AUTO && distinct < hi + 1 - base)) {
		if ((*names = calloc((size_t)(distinct > 0 ? distinct : 1), sizeof **names)) == NULL) {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto out;
		}
		*nnames = distinct;
		for (long i = 0; i < n; i++) /* a rank's first spelling ("7" before "07") */
			if ((*names)[rank[i]] == NULL && ((*names)[rank[i]] = strdup(A->nm.names[i])) == NULL) {
				rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
				goto out;
			}
		to = rank;
		base = 0;
		A->info->relabeled = 1;
		A->info->compacted = distinct;
		A->info->id_top = hi;
		hi = distinct - 1;
	}
	for (long i = 0; i < A->E.count; i++) {
		A->E.u[i] = (int32_t)(to[A->E.u[i]] - base);
		A->E.v[i] = (int32_t)(to[A->E.v[i]] - base);
	}
	A->info->one_based = base;
	r = hi + 1 - base;
out:
	free(id);
	free(rank);
	return r;
}

rs_graph *rs_read_adjlist(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct adj A = {.rd = {path, 0, e}, .o = o, .info = info, .numeric = 1, .owner = -1};
	char **names = NULL; /* numeric ids read as names: in increasing order */
	long nnames = 0, n;
	rs_graph *g = NULL;
	A.multi = rs_nx_multiline(buf);
	A.delim = A.multi ? 0 : adjlist_delim(buf); /* Gephi's 'A;B;C' lines */
	info->nx_multiline = A.multi;
	if (adj_lines(&A, buf) != 0)
		goto fail;
	if (A.nm.count == 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes in the adjacency list", path);
		goto fail;
	}
	if (A.numeric) {
		if ((n = adj_numbered(&A, &names, &nnames)) < 0)
			goto fail;
	} else {
		n = A.nm.count;
		info->relabeled = 1;
	}
	if (o->max_nodes > 0 && n > o->max_nodes) {
		rs_fail(e, RS_EINVAL, "%s: %ld nodes, more than the %ld allowed", path, n, o->max_nodes);
		goto fail;
	}
	info->lines = A.rd.lineno;
	info->weighted = info->attr_weights > 0;
	g = rs_graph_build(n, 0, 0, &A.E, o->merge, &info->merged, &info->dropped, e);
	if (g != NULL && !A.numeric)
		g->names = rs_nm_take(&A.nm);
	if (g != NULL && names != NULL) {
		g->names = names;
		names = NULL;
	}
fail:
	for (long i = 0; i < nnames && names; i++)
		free(names[i]);
	free(names);
	free(A.f);
	rs_edges_free(&A.E);
	rs_nm_free(&A.nm);
	return g;
}
