/* edgelist.c: edge lists (blanks, CSV, TSV, SNAP, KONECT, .biedges):
 * headers, weights, numeric or symbolic node names, ids compacted when
 * they are labels rather than positions. */
#include <config.h>

#include "readers.h"

#include "namemap.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A whole number written as a decimal ("3.0") as the integer's text in buf
 * ("3"); any other field as it is. */
static const char *decimal_as_integer(const char *f, char *buf, size_t size)
{
	long t;
	int d = 0;
	if (rs_field_id(f, &t, &d) != 0 || !d)
		return f;
	snprintf(buf, size, "%ld", t);
	return buf;
}

/* networkx's write_edgelist writes, by default, an edge's attributes
 * after its two ends as a Python dict: "1 2 {}", "a b {'weight': 3.0,
 * 'color': 'red'}" (or "1,2,{...}" with a delimiter).  When line s has
 * that shape, what separates the dict from the ends is cut to '\0' and the
 * dict returned; NULL otherwise (a name that starts with a brace stays a
 * name unless it is the third field and closes the line). */
static char *attr_dict(char *s, char delim)
{
	char *p = s, *cut;
	if (delim == ' ') {
		for (int field = 0; field < 2; field++) {
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p == '\0' || *p == '{')
				return NULL;
			while (*p && *p != ' ' && *p != '\t')
				p++;
		}
		cut = p;
	} else {
		p = strchr(p, delim);
		cut = p ? strchr(p + 1, delim) : NULL;
		if (cut == NULL)
			return NULL;
		p = cut + 1;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '{' || p == cut)
		return NULL;
	size_t l = strlen(p);
	while (l > 1 && (p[l - 1] == ' ' || p[l - 1] == '\t'))
		l--;
	if (p[l - 1] != '}')
		return NULL;
	*cut = '\0';
	return p;
}

/* The columns a header line names: the source, the target and the weight
 * (-1: none) among its nf fields.  Names that are not there leave the
 * first two columns the endpoints; a header of two or three columns that
 * puts the endpoints first is the plain layout, an optional weight third.
 * want names the weights' column ('load ... weight NAME'; NULL: the usual
 * names); -1 when no column has that name.  Writes what was chosen into
 * note (empty when it is the plain source, target[, weight] layout). */
static int header_columns(char **f, int nf, const char *want, int *cs, int *ct, int *cw,
			  char *note, size_t size)
{
	static const char *const src[] = {"source", "src", "from", "node1", "node_1", "id_1", "u",
					  "i", "row", "source_id", "sourceid", "from_id", NULL};
	static const char *const dst[] = {"target", "dst", "to", "node2", "node_2", "id_2", "v",
					  "j", "col", "target_id", "targetid", "to_id", NULL};
	static const char *const wts[] = {"weight", "weights", "w", "value", "count", NULL};
	const char *const *lists[3] = {src, dst, wts};
	int col[3] = {-1, -1, -1};
	if (want) /* the weights first: a column named u is then not an endpoint */
		for (int c = 0; c < nf && col[2] < 0; c++)
			if (!strcasecmp(f[c], want))
				col[2] = c;
	if (want && col[2] < 0)
		return -1;
	for (int k = 0; k < 3; k++)
		for (int c = 0; c < nf && col[k] < 0; c++)
			for (int i = 0; lists[k][i] && col[k] < 0; i++)
				if (!strcasecmp(f[c], lists[k][i]) && c != col[0] && c != col[1] && c != col[2])
					col[k] = c;
	for (int k = 0; k < 2; k++)
		for (int c = 0; c < nf && col[k] < 0; c++)
			if (c != col[0] && c != col[1] && c != col[2])
				col[k] = c;
	if (col[0] < 0 || col[1] < 0) {
		/* "source,weight": the weight's name took the second endpoint */
		col[0] = 0;
		col[1] = 1;
	}
	if (nf <= 3 && col[0] + col[1] == 1 && !want)
		col[2] = 2; /* "a,b[,c]": the plain layout, an optional weight third */
	*cs = col[0];
	*ct = col[1];
	*cw = col[2];
	note[0] = '\0';
	if (nf <= 3 && col[0] == 0 && col[1] == 1)
		return 0;
	snprintf(note, size, "nodes from %s and %s", f[col[0]], f[col[1]]);
	if (col[2] >= 0) /* a two-field header's optional weight has no name */
		rs_list_append(note, size, ", weights from ", col[2] < nf ? f[col[2]] : "a third field where there is one");
	int skipped = 0;
	for (int c = 0; c < nf; c++)
		if (c != col[0] && c != col[1] && c != col[2]) {
			/* pandas' to_csv writes its row index first, under no name */
			char unnamed[48];
			snprintf(unnamed, sizeof unnamed, "column %d (no name)", c + 1);
			rs_list_append(note, size, skipped++ ? ", " : "; not read: ",
				       f[c][0] ? f[c] : unnamed);
		}
	return 0;
}

/* Whether s reads as a weight: a number, or under ';' one with a decimal
 * comma. */
static int weight_like(const char *s, char delim)
{
	double w;
	return rs_field_weight(s, &w) == 0 || (delim == ';' && rs_decimal_comma(s, &w));
}

/* Whether a first line of header words ("a b", "from to") is an edge after
 * all: one of the words comes back as a node name in the first two fields
 * of a later line (a header's words name columns, not nodes).  Scans rest
 * (the text after that line) without changing it, up to the first such
 * line. */
static int words_reappear(const char *rest, char delim, const char *w0, const char *w1)
{
	char line[256], *f[3];
	int nf;
	while ((nf = rs_peek_fields(rest, delim, line, sizeof line, f, 3, &rest)) > 0)
		for (int i = 0; i < nf && i < 2; i++)
			if (!strcmp(f[i], w0) || !strcmp(f[i], w1))
				return 1;
	return 0;
}

/* "# nodes: N", "# rows: R cols: C": numbers announced in comments. */
static long comment_number(const char *line, const char *key)
{
	const char *p = strstr(line, key);
	if (p == NULL)
		return -1;
	p += strlen(key);
	while (*p == ' ' || *p == '\t' || *p == '=')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	long v = strtol(p, NULL, 10);
	return v > (1L << 50) ? 1L << 50 : v; /* past any graph: refused later, no sum of two overflows */
}

/* KONECT's header: "% sym|asym|bip WEIGHTS" on a file's first line, then
 * "% EDGES N1 N2" (the second line, optional).  Returns 's', 'a' or 'b'
 * for the first form (0 otherwise); the counts of the second, when given. */
static int konect_kind(const char *line, int *is_signed)
{
	char kind[8], weights[32], rest;
	if (sscanf(line, "%% %7s %31s %c", kind, weights, &rest) != 2 || !isalpha((unsigned char)weights[0]))
		return 0;
	*is_signed = strstr(weights, "signed") != NULL;
	return !strcmp(kind, "sym") ? 's' : !strcmp(kind, "asym") ? 'a' : !strcmp(kind, "bip") ? 'b' : 0;
}

static int konect_counts(const char *line, long *n1, long *n2)
{
	long m;
	char rest;
	return sscanf(line, "%% %ld %ld %ld %c", &m, n1, n2, &rest) == 3 && m >= 0 && *n1 >= 0 && *n2 >= 0;
}

/* The ids of E's ends, a bit each, for ids 0..top (calloc'd words). */
static uint64_t *id_bitmap(const rs_edges *E, long top)
{
	uint64_t *seen = calloc((size_t)top / 64 + 1, sizeof *seen);
	if (seen != NULL)
		for (long i = 0; i < E->count; i++) {
			seen[(uint32_t)E->u[i] / 64] |= 1ull << ((uint32_t)E->u[i] % 64);
			seen[(uint32_t)E->v[i] / 64] |= 1ull << ((uint32_t)E->v[i] % 64);
		}
	return seen;
}

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

static char *id_name(long id)
{
	char t[24];
	snprintf(t, sizeof t, "%ld", id);
	return strdup(t);
}

/* Numeric ids that are labels rather than positions: the k distinct ids
 * of E's ends, in increasing order, become nodes 0..k-1, named by their
 * ids (*names, k of them).  Returns k, or -1 when memory fails. */
static long compact_ids(rs_edges *E, long top, char ***names, rs_err *e)
{
	long ends = 2 * E->count, k = 0;
	int32_t *sorted = NULL;
	uint64_t *seen = NULL;
	uint32_t *rank = NULL;
	*names = NULL;
	if ((size_t)top / 64 < (size_t)ends) {
		/* a bitmap and each word's rank: O(1) a lookup */
		size_t words = (size_t)top / 64 + 1;
		seen = id_bitmap(E, top);
		rank = malloc(words * sizeof *rank);
		if (seen == NULL || rank == NULL)
			goto nomem;
		for (size_t w = 0; w < words; w++) {
			rank[w] = (uint32_t)k;
			k += __builtin_popcountll(seen[w]);
		}
	} else {
		/* ids spread far apart (user ids): the ends sorted, once each */
		sorted = malloc((size_t)ends * sizeof *sorted);
		if (sorted == NULL)
			goto nomem;
		memcpy(sorted, E->u, (size_t)E->count * sizeof *sorted);
		memcpy(sorted + E->count, E->v, (size_t)E->count * sizeof *sorted);
		qsort(sorted, (size_t)ends, sizeof *sorted, cmp_i32);
		for (long i = 0; i < ends; i++)
			if (i == 0 || sorted[i] != sorted[k - 1])
				sorted[k++] = sorted[i];
	}
	*names = calloc((size_t)k, sizeof **names);
	if (*names == NULL)
		goto nomem;
	/* the names: the ids in increasing order, from the list or the bits */
	long j = 0;
	for (long i = 0; sorted && i < k; i++)
		if (((*names)[j++] = id_name(sorted[i])) == NULL)
			goto nomem;
	for (size_t w = 0; seen && w <= (size_t)top / 64; w++)
		for (uint64_t bits = seen[w]; bits; bits &= bits - 1)
			if (((*names)[j++] = id_name((long)(w * 64) + __builtin_ctzll(bits))) == NULL)
				goto nomem;
	for (long i = 0; i < E->count; i++) {
		int32_t *end[2] = {&E->u[i], &E->v[i]};
		for (int t = 0; t < 2; t++) {
			uint32_t x = (uint32_t)*end[t];
			if (sorted) {
				int32_t *f = bsearch(end[t], sorted, (size_t)k, sizeof *sorted, cmp_i32);
				*end[t] = (int32_t)(f - sorted);
			} else {
				uint64_t below = seen[x / 64] & ((1ull << (x % 64)) - 1);
				*end[t] = (int32_t)(rank[x / 64] + (uint32_t)__builtin_popcountll(below));
			}
		}
	}
	free(sorted);
	free(seen);
	free(rank);
	return k;
nomem:
	if (*names)
		for (long i = 0; i < k; i++)
			free((*names)[i]);
	free(*names);
	*names = NULL;
	free(sorted);
	free(seen);
	free(rank);
	rs_fail(e, RS_ENOMEM, "out of memory mapping node ids");
	return -1;
}

/* Whether numeric ids are labels to compact (a 'load' with neither
 * 'compact' nor 'nocompact'): when a SNAP header's "Nodes: N" leaves them
 * no room (ids past N - 1, and past N when none is 0), or, where no count
 * was announced, when most of 0..top (1,000 ids or more) would be nodes
 * that no edge names. */
static int sparse_ids(const rs_edges *E, long top, long minid, long n_decl, long snap_n)
{
	if (n_decl >= 0)
		return 0;
	if (snap_n > 0)
		return top >= snap_n + (minid >= 1);
	long ends = 2 * E->count, slots = top + 1;
	if (slots - ends >= 1000 && slots - ends > ends)
		return 1; /* at most `ends` ids appear */
	if (slots < 2000)
		return 0;
	uint64_t *seen = id_bitmap(E, top);
	if (seen == NULL)
		return 0;
	long k = 0;
	for (size_t w = 0; w <= (size_t)top / 64; w++)
		k += __builtin_popcountll(seen[w]);
	free(seen);
	return slots - k >= 1000 && slots - k > k;
}

/* Whether a line's tab-separated fields hold blanks inside them (names
 * such as "New York"), blanks at their ends aside. */
static int tab_fields_blank(const char *s)
{
	while (*s) {
		s += strspn(s, " ");
		size_t n = strcspn(s, "\t");
		while (n > 0 && s[n - 1] == ' ')
			n--;
		if (memchr(s, ' ', n))
			return 1;
		s += strcspn(s, "\t");
		if (*s)
			s++;
	}
	return 0;
}

int rs_next_line_has_comma(const char *p)
{
	while (*p) {
		const char *end = p + strcspn(p, "\n"), *t = p + strspn(p, " \t\r");
		if (t < end && *t != '#' && *t != '%')
			return memchr(t, ',', (size_t)(end - t)) != NULL;
		p = *end ? end + 1 : end;
	}
	return 0;
}

int rs_commented_header(const char *t, const char *first, const char *second)
{
	t += strspn(t, " \t");
	size_t a = strlen(first), b = second ? strlen(second) : 0;
	if (strncasecmp(t, first, a) != 0)
		return 0;
	t += a + strspn(t + a, " \t");
	if (*t != ',')
		return 0;
	t += 1 + strspn(t + 1, " \t");
	if (second == NULL)
		return *t != '\0' && *t != ',' && *t != '\r' && *t != '\n';
	if (strncasecmp(t, second, b) != 0)
		return 0;
	t += b + strspn(t + b, " \t");
	return *t == ',' || *t == '\0' || *t == '\r' || *t == '\n';
}

/* Whether the first line f[0..nf) of an edge list, not two numeric ids,
 * is a header, rest the text after it: 1 where it says so (two column
 * words, or the column 'weight NAME' asks for), 2 where its shape says so
 * (a guess the load's note owns up to), 0 where it is an edge. */
static int header_guess(char **f, int nf, const char *rest, char delim, const char *weight_name)
{
	/* two column words, not necessarily first ("time,source,target") */
	int words = 0;
	for (int c = 0; c < nf; c++)
		words += rs_header_word(f[c]);
	/* or a line unlike the next: names over numeric ids
	 * ("person1,person2" then "1,2"), or a word over a number in the
	 * third column ("user,item,count" then "u1,i1,2") */
	char next[512];
	char *nextf[RS_MAX_COLUMNS];
	long t;
	int ng = rs_peek_fields(rest, delim, next, sizeof next, nextf, RS_MAX_COLUMNS, NULL);
	int next_numeric = ng >= 2 && rs_field_id(nextf[0], &t, NULL) == 0 && rs_field_id(nextf[1], &t, NULL) == 0;
	int word_over_weight = nf >= 3 && ng >= 3 && !weight_like(f[2], delim) && weight_like(nextf[2], delim);
	/* in a comma, semicolon or tab separated file, as in a spreadsheet's
	 * export: two words that no later line names as nodes */
	int table = delim != ' ' && nf >= 2 && strcmp(f[0], f[1]) != 0;
	int header = (nf >= 2 && next_numeric) || word_over_weight ||
		     ((words >= 2 || table) && !words_reappear(rest, delim, f[0], f[1]));
	if (header && words < 2)
		header = 2;
	for (int c = 0; weight_name && c < nf; c++)
		if (!strcasecmp(f[c], weight_name))
			header = 1; /* it names the column asked for */
	return header;
}

/* The first id of an edge list whose ids are positions, where 'base' does
 * not say: 1 when no id 0 appears, unless a '# nodes' (or rows, cols)
 * comment says otherwise (regspec writes 0-based lists under one); ids
 * that reach the number announced can only be 1-based. */
static int guess_base(int bipartite, long minid, long maxu, long maxv, long n_decl, long r_decl, long c_decl)
{
	long top = maxu > maxv ? maxu : maxv;
	int fits0 = bipartite ? (r_decl < 0 || maxu < r_decl) && (c_decl < 0 || maxv < c_decl) : n_decl < 0 || top < n_decl;
	int fits1 = bipartite ? (r_decl < 0 || maxu <= r_decl) && (c_decl < 0 || maxv <= c_decl)
			      : n_decl < 0 || top <= n_decl;
	int declared = bipartite ? (r_decl >= 0 || c_decl >= 0) : n_decl >= 0;
	return (minid == 1 && !declared) || (minid >= 1 && declared && !fits0 && fits1) ? 1 : 0;
}

/* The weight field fw of an edge (delim the file's delimiter, wname the
 * header's name for the column or ""; plain: a target that reads as an id,
 * or a header of more than 3 columns, so that no other format is
 * suggested) into *w; an error at rd's line when it is empty, not a number
 * or not finite and >= 0. */
static int edge_weight(struct rs_reader *rd, const char *fw, char delim, const char *wname, int plain,
		       int konect_signed, double *w)
{
	if (fw[0] == '\0') {
		RS_FAIL_AT(rd, "the weight field is empty (a trailing %s?); 'unweighted' reads the edges without weights",
			delim == '\t' ? "tab" : delim == ',' ? "comma" : delim == ';' ? "semicolon" : "space");
		return -1;
	}
	if (rs_field_weight(fw, w) != 0 && !(delim == ';' && rs_decimal_comma(fw, w))) {
		if (fw[0] == '{' && strchr(fw, '}') == NULL)
			RS_FAIL_AT(rd, "edge attributes '%.40s...' do not close the line with '}' (networkx's "
				     "edge list ends each line with '{...}'); 'unweighted' reads the edges "
				     "without them",
				fw);
		else if (wname[0])
			RS_FAIL_AT(rd, "weight '%s' (column %s) is not a number; 'unweighted' reads the edges without weights",
				fw, wname);
		else
			RS_FAIL_AT(rd, "weight '%s' is not a number%s", fw,
				plain ? ""
				: delim == ';' || delim == ','
					? " (an adjacency list, a node then its neighbours, as Gephi's "
					  "'A;B;C'? 'format adjlist')"
					: " (Cytoscape's SIF, 'node relation node ...'? 'format sif')");
		return -1;
	}
	if (!isfinite(*w) || *w < 0) {
		RS_FAIL_AT(rd, "weight %s: weights must be finite and >= 0%s", fw,
			konect_signed && *w < 0 ? " (a signed KONECT network: 'unweighted' reads its "
						  "edges without the signs)" : "");
		return -1;
	}
	return 0;
}

/* Counts an edge list declares in its comments: nodes ('# nodes: N',
 * KONECT's second line), rows and columns of a bipartite one, SNAP's
 * '# Nodes: N Edges: M'. */
struct el_decl {
	long n, r, c, snap;
};

/* A comment line s (line lineno): what it declares (KONECT's kind and
 * counts, SNAP's and our own counts, a directed graph) into d, info,
 * *konect and *bipartite. */
static void comment_line(const char *s, long lineno, int *konect, int *konect_signed, int *bipartite,
			 struct el_decl *d, rs_load_info *info)
{
	long v, n1, n2;
	if (lineno == 1 && (*konect = konect_kind(s, konect_signed)) != 0) {
		info->konect = *konect;
		if (*konect == 'b')
			*bipartite = 1; /* rows and columns are numbered apart */
		if (*konect == 'a')
			info->symmetrized = 1;
		return;
	}
	if (*konect && lineno == 2 && konect_counts(s, &n1, &n2)) {
		info->konect_counts = 1;
		if (*bipartite) {
			d->r = n1;
			d->c = n2;
		} else {
			d->n = n1 > n2 ? n1 : n2;
		}
		return;
	}
	if ((v = comment_number(s, "nodes:")) >= 0)
		d->n = v;
	/* SNAP: "# Nodes: 7115 Edges: 103689", "# Directed graph ..." */
	if (strstr(s, "Edges:") && (v = comment_number(s, "Nodes:")) > 0)
		d->snap = info->snap_nodes = v;
	if (lineno <= 4 && !strncmp(s + 1 + strspn(s + 1, " "), "Directed graph", 14))
		info->symmetrized = 1;
	if ((v = comment_number(s, "rows:")) >= 0)
		d->r = v;
	if ((v = comment_number(s, "cols:")) >= 0)
		d->c = v;
}

/* A header line's nf fields f: the source's, target's and weight's
 * columns (a weight asked for by name must be one of them), the weight's
 * name in wname, the other columns listed in info. */
static int header_line(struct rs_reader *rd, char **f, int nf, const rs_load_opts *o, int *cs,
		       int *ct, int *cw, char *wname, size_t wsize, rs_load_info *info)
{
	if (header_columns(f, nf, o->weight_name, cs, ct, cw, info->columns, sizeof info->columns) !=
	    0) {
		char list[256] = "";
		for (int c = 0; c < nf; c++)
			rs_list_append(list, sizeof list, ", ", f[c]);
		RS_FAIL_AT(rd, "weight %s: no column of the header has that name (its columns: %s)",
			   o->weight_name, list);
		return -1;
	}
	if (*cw >= 0 && *cw < nf)
		snprintf(wname, wsize, "%s", f[*cw]);
	for (int c = 0; c < nf; c++)
		if (c != *cs && c != *ct && f[c][0] != '\0')
			rs_list_append(info->edge_columns, sizeof info->edge_columns, ", ", f[c]);
	return 0;
}

/* The ids read so far made names, as the file turns out to name its
 * nodes: each edge's ends become the names "3", ... */
static int ids_to_names(rs_edges *E, rs_namemap *rows, rs_namemap *cols, int bipartite, rs_err *e)
{
	for (long i = 0; i < E->count; i++) {
		char tmp[24];
		int l = snprintf(tmp, sizeof tmp, "%d", E->u[i]);
		long a = rs_nm_intern(rows, tmp, (size_t)l, 1, e);
		l = snprintf(tmp, sizeof tmp, "%d", E->v[i]);
		long b = rs_nm_intern(bipartite ? cols : rows, tmp, (size_t)l, 1, e);
		if (a < 0 || b < 0)
			return -1;
		E->u[i] = (int32_t)a;
		E->v[i] = (int32_t)b;
	}
	return 0;
}

/* The range of the numbered ids read: the largest source and target,
 * the smallest of both. */
struct id_range {
	long maxu, maxv, minid;
};

/* The nodes of a file of numbered ones (ids r->minid .. max(r->maxu, r->maxv)):
 * the base, 0 or 1, given, KONECT's, or guessed (the ids shifted to 0),
 * and the counts, *n (rows) and *m (columns of a bipartite graph), from
 * the declarations or the largest ids.  An id past a declared count is an
 * error. */
static int numbered_nodes(rs_edges *E, const rs_load_opts *o, int bipartite, int konect,
			  const struct el_decl *d, const struct id_range *r, const char *path,
			  long *n, long *m, rs_load_info *info, rs_err *e)
{
	long maxu = r->maxu, maxv = r->maxv, minid = r->minid;
	int base = o->base < 0 && konect ? 1 : o->base; /* KONECT numbers from 1 */
	if (base < 0)
		base = guess_base(bipartite, minid, maxu, maxv, d->n, d->r, d->c);
	if (base == 1) {
		if (minid < 1 && E->count > 0)
			return rs_fail(e, RS_EINVAL, "%s: node id 0 in a file read as 1-based", path);
		for (long i = 0; i < E->count; i++) {
			E->u[i]--;
			E->v[i]--;
		}
		if (E->count > 0) { /* no edges: no largest id to shift */
			maxu--;
			maxv--;
		}
		info->one_based = 1;
	}
	if (bipartite) {
		*n = d->r >= 0 ? d->r : maxu + 1;
		*m = d->c >= 0 ? d->c : maxv + 1;
		if (maxu >= *n || maxv >= *m)
			return rs_fail(e, RS_EINVAL,
				       "%s: ids up to (%ld, %ld) but the header says %ld rows, %ld columns "
				       "(ids read as %d-based)",
				       path, maxu + base, maxv + base, *n, *m, base);
		return 0;
	}
	long top = maxu > maxv ? maxu : maxv;
	*n = d->n >= 0 ? d->n : top + 1;
	if (top >= *n)
		return rs_fail(e, RS_EINVAL, "%s: node id %ld but the header says %ld nodes%s", path,
			       top + (base == 1), *n,
			       base == 1 ? " (ids read as 1-based)" : " (ids read as 0-based)");
	return 0;
}

/* Whether a line's nf fields f fit the file: two node ids at least, as
 * many as its header line (hcols fields) names, and without one no more
 * than source, target and weight in a delimited file (more are counted in
 * info where blanks separate them).  Empty fields past the last column (a
 * trailing tab or comma, as some spreadsheet exports leave) are no
 * columns: *nf drops them. */
static int fields_fit(struct rs_reader *rd, char **f, int *nf, char delim, int hcols, int cs, int ct,
		      int cw, const rs_load_opts *o, rs_load_info *info)
{
	if (o->weight_name && !hcols) {
		RS_FAIL_AT(rd, "weight %s: the file has no header line naming its columns", o->weight_name);
		return -1;
	}
	if (*nf < 2) {
		RS_FAIL_AT(rd, "expected two node ids%s, found %d field%s%s", " and an optional weight",
			   *nf, *nf == 1 ? "" : "s",
			   *nf == 1 ? " (an adjacency list, each node then its neighbours? 'format adjlist')"
				    : "");
		return -1;
	}
	while (delim != ' ' && *nf > (hcols > 3 ? hcols : 3) && f[*nf - 1][0] == '\0')
		--*nf;
	int n = *nf;
	if (hcols > 3 && (n <= cs || n <= ct || (cw >= 0 && n <= cw && !o->unweighted))) {
		RS_FAIL_AT(rd, "%d field%s where the header has %d", n, n == 1 ? "" : "s", hcols);
		return -1;
	}
	if (hcols <= 3 && n > 3 && delim != ' ' && !o->unweighted) {
		RS_FAIL_AT(rd, "%d fields, more than 3 (source, target, weight): a header line naming "
			       "the columns picks them, 'unweighted' reads the first two, 'format matrix' "
			       "reads a dense adjacency matrix",
			   n);
		return -1;
	}
	if (hcols <= 3 && n > 3)
		info->extra_fields++;
	return 0;
}

/* An edge's ends *u and *v from their fields fu and fv: numbers while
 * the file's ids are numbers (their range kept in r), names (rows, and
 * cols for a bipartite graph's targets) from the first one that is not,
 * the ids read so far made names too (*symbolic set). */
static int edge_ends(const char *fu, const char *fv, int *symbolic, rs_edges *E, rs_namemap *rows,
		     rs_namemap *cols, int bipartite, struct id_range *r, long *u, long *v,
		     rs_load_info *info, rs_err *e)
{
	if (!*symbolic && (rs_field_id(fu, u, &info->decimal_ids) != 0 ||
			   rs_field_id(fv, v, &info->decimal_ids) != 0 || *u < 0 || *v < 0 ||
			   *u > RS_MAX_ID || *v > RS_MAX_ID)) {
		/* switch to names: the ids read so far become names too */
		*symbolic = 1;
		if (ids_to_names(E, rows, cols, bipartite, e) != 0)
			return -1;
	}
	if (!*symbolic) {
		if (*u > r->maxu)
			r->maxu = *u;
		if (*v > r->maxv)
			r->maxv = *v;
		if (*u < r->minid)
			r->minid = *u;
		if (*v < r->minid)
			r->minid = *v;
		return 0;
	}
	/* ids read as decimals before the names began became the names
	 * "3"..., so "3.0" must stay that node */
	char cu[24], cv[24];
	if (info->decimal_ids) {
		fu = decimal_as_integer(fu, cu, sizeof cu);
		fv = decimal_as_integer(fv, cv, sizeof cv);
	}
	*u = rs_nm_intern(rows, fu, strlen(fu), 1, e);
	*v = rs_nm_intern(bipartite ? cols : rows, fv, strlen(fv), 1, e);
	return *u < 0 || *v < 0 ? -1 : 0;
}

/* What the edge list reader has read so far */
struct el {
	struct rs_reader rd;
	const rs_load_opts *o;
	rs_load_info *info;
	rs_edges E;
	rs_namemap rows, cols;	  /* symbolic names: of the nodes, or a bipartite graph's two sides */
	int symbolic, bipartite;
	int first;		  /* no line with fields read yet */
	int header;		  /* -1 detect, 0 none, 1 or 2 the first line was one */
	int cs, ct, cw, hcols;	  /* the source, target and weight columns; the header's count */
	int konect, konect_signed;
	char wname[64], delim;	  /* the weights' column name; the delimiter, once known */
	struct el_decl decl;
	struct id_range ids;
};

/* The line s's networkx attribute dict ("{...}" at its end), or NULL;
 * the first line with fields (s, its trailing blanks gone) decides the
 * delimiter too */
static char *el_delimiter(struct el *L, char *s)
{
	char *dict = NULL;
	if (L->delim == 0 && (dict = attr_dict(s, ' ')) != NULL)
		L->delim = ' '; /* the dict's commas are not delimiters */
	if (L->delim == 0) {
		L->delim = strchr(s, ',') ? ',' : strchr(s, ';') ? ';' : strchr(s, '\t') ? '\t' : ' ';
		/* tabs split fields apart from blanks only where names hold
		 * blanks ("New York<tab>Boston") or the file is a .tsv; else, a
		 * whitespace list with a tab or two typed in, tabs and blanks
		 * alike */
		if (L->delim == '\t' && rs_path_separator(L->rd.path) != '\t' && !tab_fields_blank(s))
			L->delim = ' ';
	}
	return dict ? dict : attr_dict(s, L->delim);
}

/* The first line with fields (nf of them; next: the text after it):
 * whether it is a header, whose names pick the columns. 1 if it was
 * (nothing more to read of it), 0 if it is an edge, -1 with e set */
static int el_first(struct el *L, char **f, int nf, const char *next)
{
	L->first = 0;
	long t;
	int numeric = nf >= 2 && rs_field_id(f[0], &t, NULL) == 0 && rs_field_id(f[1], &t, NULL) == 0;
	if (L->header < 0)
		L->header = numeric ? 0 : header_guess(f, nf, next, L->delim, L->o->weight_name);
	if (!L->header)
		return 0;
	L->info->header_skipped = L->header;
	if (nf >= 2) {
		L->hcols = nf;
		if (header_line(&L->rd, f, nf, L->o, &L->cs, &L->ct, &L->cw, L->wname, sizeof L->wname, L->info) != 0)
			return -1;
	}
	return 1;
}

/* An edge's weight into *w: its weight column's, or its attribute
 * dict's (1 where neither says) */
static int el_weight(struct el *L, char **f, int nf, const char *dict, double *w)
{
	*w = 1.0;
	if (L->cw >= 0 && nf > L->cw && !L->o->unweighted &&
	    edge_weight(&L->rd, f[L->cw], L->delim, L->wname,
			nf < 3 || isdigit((unsigned char)f[L->ct][0]) || L->hcols > 3, L->konect_signed, w) != 0)
		return -1;
	if (dict == NULL)
		return 0;
	char fw[64];
	int r = L->o->unweighted ? 0 : rs_dict_weight(dict, fw, sizeof fw);
	if (r < 0) {
		RS_FAIL_AT(&L->rd,
			   "edge attributes '%.40s%s' are not a Python dict as networkx writes them; "
			   "'unweighted' reads the edges without them",
			   dict, strlen(dict) > 40 ? "..." : "");
		return -1;
	}
	return rs_dict_weight_value(&L->rd, r, fw, w, L->info);
}

/* One line, next the text after it; 0, or -1 with e set */
static int el_line(struct el *L, char *line, const char *next)
{
	char *s = line + strspn(line, " \t");
	if (*s == '\0')
		return 0;
	if (*s == '#' && L->first && L->header != 0 && rs_commented_header(s + 1, "source", "target") &&
	    rs_next_line_has_comma(next)) {
		s += 1 + strspn(s + 1, " \t"); /* graph-tool's "# source, target, ...": the header */
		L->header = 1;
	} else if (*s == '#' || *s == '%') {
		comment_line(s, L->rd.lineno, &L->konect, &L->konect_signed, &L->bipartite, &L->decl, L->info);
		return 0;
	}
	/* blanks and tabs that end a line end no field (nor decide the
	 * delimiter) */
	for (size_t l = strlen(s); l > 0 && (s[l - 1] == ' ' || s[l - 1] == '\t'); l--)
		s[l - 1] = '\0';
	char *dict = el_delimiter(L, s);
	/* in a file split on tabs, a line with none is split on blanks */
	char *f[RS_MAX_COLUMNS];
	int nf = rs_split_fields(s, L->delim == '\t' && !strchr(s, '\t') ? ' ' : L->delim, f, RS_MAX_COLUMNS);
	if (L->first && dict) {
		L->first = 0;
		L->header = 0;
	}
	if (L->first) {
		int rc = el_first(L, f, nf, next);
		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	if (fields_fit(&L->rd, f, &nf, L->delim, L->hcols, L->cs, L->ct, L->cw, L->o, L->info) != 0)
		return -1;
	double w;
	if (el_weight(L, f, nf, dict, &w) != 0)
		return -1;
	const char *fu = f[L->cs], *fv = f[L->ct];
	if (fu[0] == '\0' || fv[0] == '\0') {
		RS_FAIL_AT(&L->rd, "the %s field is empty: every edge needs both its nodes",
			   fu[0] == '\0' ? (L->hcols > 0 ? "source" : "first") : (L->hcols > 0 ? "target" : "second"));
		return -1;
	}
	long u, v;
	if (edge_ends(fu, fv, &L->symbolic, &L->E, &L->rows, &L->cols, L->bipartite, &L->ids, &u, &v, L->info,
		      L->rd.e) != 0)
		return -1;
	return rs_edges_push(&L->E, u, v, w, L->rd.e);
}

/* The nodes, once every line is read: *n (rows) and *m (a bipartite
 * graph's columns), named by the file's symbolic names, by its numeric
 * ids taken as labels (compacted), or numbered; 0, or -1 with e set */
static int el_nodes(struct el *L, long *n, long *m)
{
	const rs_load_opts *o = L->o;
	const char *path = L->rd.path;
	rs_err *e = L->rd.e;
	long top = L->ids.maxu > L->ids.maxv ? L->ids.maxu : L->ids.maxv;
	*n = *m = 0;
	if (L->symbolic) {
		L->info->relabeled = 1;
		*n = L->rows.count;
		*m = L->bipartite ? L->cols.count : 0;
	} else if (!L->bipartite && L->E.count > 0 && o->ids != RS_IDS_KEEP &&
		   (o->ids == RS_IDS_COMPACT || sparse_ids(&L->E, top, L->ids.minid, L->decl.n, L->decl.snap))) {
		/* the ids are labels: nodes in their increasing order, named as
		 * symbolic ids are (the build and the names' handover after) */
		*n = compact_ids(&L->E, top, &L->rows.names, e);
		if (*n < 0)
			return -1;
		L->rows.count = *n;
		L->symbolic = 1;
		L->info->relabeled = 1;
		L->info->compacted = *n;
		L->info->id_top = top;
	} else if (numbered_nodes(&L->E, o, L->bipartite, L->konect, &L->decl, &L->ids, path, n, m, L->info, e) != 0) {
		return -1;
	}
	if (L->E.count == 0 && *n <= 0)
		return L->info->header_skipped
			       ? rs_fail(e, RS_EINVAL,
					 "%s: no edges after the header line; give 'noheader' if that line is an edge", path)
			       : rs_fail(e, RS_EINVAL, "%s: no edges (and no '# nodes: N' line)", path);
	if (o->max_nodes > 0 && *n + *m > o->max_nodes)
		return rs_fail(e, RS_EINVAL, "%s: %ld nodes, more than the %ld allowed", path, *n + *m, o->max_nodes);
	return 0;
}

rs_graph *rs_read_edgelist(char *buf, const char *path, const rs_load_opts *o, int bipartite,
			   rs_load_info *info, rs_err *e)
{
	struct el L = {.rd = {path, 0, e}, .o = o, .info = info, .bipartite = bipartite, .first = 1,
		       .header = o->header, .ct = 1, .cw = 2, .decl = {-1, -1, -1, 0}, .ids = {-1, -1, LONG_MAX}};
	rs_graph *g = NULL;
	char *p = buf, *line;
	while ((line = rs_next_line(&p, &L.rd)) != NULL)
		if (el_line(&L, line, p) != 0)
			goto fail;
	info->lines = L.rd.lineno;
	long n, m;
	if (el_nodes(&L, &n, &m) != 0)
		goto fail;
	info->weighted = L.E.w != NULL;
	g = rs_graph_build(n, m, L.bipartite, &L.E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto fail;
	if (L.symbolic) {
		g->names = rs_nm_take(&L.rows);
		if (L.bipartite)
			g->cnames = rs_nm_take(&L.cols);
	}
fail:
	rs_edges_free(&L.E);
	rs_nm_free(&L.rows);
	rs_nm_free(&L.cols);
	return g;
}
