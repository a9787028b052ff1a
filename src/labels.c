/* labels.c: reading ground-truth classes. */
#include <config.h>

#include "labels.h"

#include "namemap.h"

#include "graphio.h"
#include "jsonlabels.h"
#include "npgraph.h"
#include "octave.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void rs_labels_free(rs_labels *L)
{
	if (L == NULL)
		return;
	if (L->class_names)
		for (int c = 0; c < L->nclass; c++)
			free(L->class_names[c]);
	free(L->class_names);
	free(L->y);
	free(L);
}

const char *rs_labels_class_name(const rs_labels *L, long y)
{
	return L->class_names && y >= 0 && y < L->nclass ? L->class_names[y] : NULL;
}

static int finish(rs_labels *L, rs_err *e)
{
	int top = -1;
	L->labelled = 0;
	for (long i = 0; i < L->n; i++) {
		if (L->y[i] > top)
			top = L->y[i];
		L->labelled += L->y[i] >= 0;
	}
	if (top > 1000000)
		return rs_fail(e, RS_EINVAL, "class %d: classes must be numbered below 10^6", top);
	L->nclass = top + 1;
	return 0;
}

/* Labels for n nodes, their classes not set yet. */
static rs_labels *labels_new(long n, rs_err *e)
{
	rs_labels *L = rs_zalloc(e, 1, sizeof *L, "labels");
	if (L == NULL)
		return NULL;
	L->n = n;
	L->y = rs_alloc(e, (size_t)(n > 0 ? n : 1), sizeof *L->y, "labels");
	if (L->y == NULL) {
		rs_labels_free(L);
		return NULL;
	}
	return L;
}

rs_labels *rs_labels_from_ints(const int32_t *y, long n, rs_err *e)
{
	rs_labels *L = labels_new(n, e);
	if (L == NULL)
		return NULL;
	memcpy(L->y, y, (size_t)n * sizeof *y);
	if (finish(L, e) != 0) {
		rs_labels_free(L);
		return NULL;
	}
	return L;
}

rs_labels *rs_labels_subset(const rs_labels *L, const int32_t *old, long n, rs_err *e)
{
	long kept = 0;
	while (kept < n && old[kept] < L->n)
		kept++;
	rs_labels *S = labels_new(kept, e);
	int32_t *slot = S ? rs_alloc(e, (size_t)L->nclass + 1, sizeof *slot, "classes") : NULL;
	if (slot == NULL) {
		rs_labels_free(S);
		return NULL;
	}
	for (int c = 0; c <= L->nclass; c++)
		slot[c] = -1;
	for (long i = 0; i < kept; i++)
		if (L->y[old[i]] >= 0)
			slot[L->y[old[i]]] = 0;
	/* the classes left, in their order; unchanged when none emptied */
	int K = 0;
	for (int c = 0; c < L->nclass; c++)
		if (slot[c] == 0)
			slot[c] = K++;
	S->nclass = K;
	S->labelled = 0;
	for (long i = 0; i < kept; i++) {
		int32_t y = L->y[old[i]];
		S->y[i] = y >= 0 ? slot[y] : -1;
		S->labelled += y >= 0;
	}
	int renumbered = K < L->nclass;
	if (L->class_names || renumbered) {
		/* a class keeps its name; numbered classes that had to be
		 * renumbered are named by their old numbers */
		S->class_names = rs_zalloc(e, (size_t)(K > 0 ? K : 1), sizeof *S->class_names, "class names");
		if (S->class_names == NULL) {
			free(slot);
			rs_labels_free(S);
			return NULL;
		}
		for (int c = 0; c < L->nclass; c++) {
			if (slot[c] < 0)
				continue;
			char num[16];
			snprintf(num, sizeof num, "%d", c);
			const char *nm = L->class_names ? L->class_names[c] : num;
			if (nm && (S->class_names[slot[c]] = strdup(nm)) == NULL) {
				free(slot);
				rs_labels_free(S);
				rs_fail(e, RS_ENOMEM, "out of memory copying class names");
				return NULL;
			}
		}
	}
	free(slot);
	return S;
}

/* Whether a label token is a class number: an integer from -1 to 10^6,
 * also written as a real (numpy.savetxt's default writes 1 as
 * 1.000000000000000000e+00), or nan (numpy's missing value), which is -1. */
static int class_number(const char *lab, long *v)
{
	char *end;
	errno = 0;
	*v = strtol(lab, &end, 10);
	if (*end != '\0' && strpbrk(lab, "xX") == NULL) { /* not hex, which strtod reads */
		double d = strtod(lab, &end);
		if (isnan(d))
			*v = -1;
		else if (d == floor(d) && d >= -1 && d <= 1000000)
			*v = (long)d;
		else
			return 0;
		errno = 0;
	}
	return *end == '\0' && errno == 0 && *v >= -1 && *v <= 1000000;
}

/* One label token: a class number (class_number) is kept ('' and -1:
 * unlabelled); anything else is a named class c, held as -(c + 2) until
 * settle().  -1 when memory fails, -2 (with a message) past 10^6 names. */
static int classify(rs_namemap *classes, const char *lab, int32_t *y, rs_err *e)
{
	long v = -1;
	if (*lab != '\0' && !class_number(lab, &v)) {
		long c = rs_nm_intern(classes, lab, strlen(lab), 1, e);
		if (c < 0)
			return -1;
		if (c > 1000000) {
			rs_fail(e, RS_EINVAL, "more than 10^6 classes");
			return -2;
		}
		v = -(c + 2);
	}
	*y = (int32_t)v;
	return 0;
}

/* After classify(): where names were met, the numbers are names too ("0"
 * and "x" are two classes, not "x" folded into class 0); the class count,
 * and the names handed over to L. */
static int settle(rs_labels *L, rs_namemap *classes, rs_err *e)
{
	if (classes->count > 0) {
		for (long i = 0; i < L->n; i++) {
			if (L->y[i] >= 0) {
				char num[24];
				int len = snprintf(num, sizeof num, "%d", (int)L->y[i]);
				long c = rs_nm_intern(classes, num, (size_t)len, 1, e);
				if (c < 0)
					return -1;
				L->y[i] = (int32_t)c;
			} else if (L->y[i] <= -2) {
				L->y[i] = -L->y[i] - 2;
			}
		}
	}
	if (finish(L, e) != 0)
		return -1;
	if (classes->count > 0) {
		L->class_names = classes->names;
		L->nclass = (int)classes->count;
		classes->names = NULL;
		classes->count = 0;
	}
	return 0;
}

rs_labels *rs_labels_from_strings(const char *const *v, long n, rs_err *e)
{
	rs_labels *L = labels_new(n, e);
	rs_namemap classes = {0};
	if (L == NULL)
		return NULL;
	for (long i = 0; i < n; i++)
		if (classify(&classes, v[i] ? v[i] : "", &L->y[i], e) != 0)
			goto fail;
	if (settle(L, &classes, e) != 0)
		goto fail;
	rs_nm_free(&classes);
	return L;
fail:
	rs_nm_free(&classes);
	rs_labels_free(L);
	return NULL;
}

long *rs_labels_sizes(const rs_labels *L, rs_err *e)
{
	long *s = rs_zalloc(e, (size_t)(L->nclass > 0 ? L->nclass : 1), sizeof *s, "class sizes");
	if (s != NULL)
		for (long i = 0; i < L->n; i++)
			if (L->y[i] >= 0)
				s[L->y[i]]++;
	return s;
}

int rs_labels_classes(const rs_labels *L)
{
	if (L == NULL || L->nclass <= 0)
		return 0;
	unsigned char *seen = calloc((size_t)L->nclass, 1);
	if (seen == NULL)
		return L->nclass; /* (tiny; cannot fail in practice) */
	int count = 0;
	for (long i = 0; i < L->n; i++)
		if (L->y[i] >= 0 && !seen[L->y[i]]) {
			seen[L->y[i]] = 1;
			count++;
		}
	free(seen);
	return count;
}

/* Node ids by name: the graph's names hashed once per labels file (a
 * linear search per line was quadratic on large named graphs). */
struct nodes {
	const rs_graph *g;
	rs_namemap map;
	long *node; /* map id -> node */
};

static int nodes_init(struct nodes *N, const rs_graph *g, rs_err *e)
{
	memset(N, 0, sizeof *N);
	N->g = g;
	if (g->names == NULL)
		return 0;
	N->node = rs_alloc(e, (size_t)(g->n > 0 ? g->n : 1), sizeof *N->node, "node names");
	if (N->node == NULL)
		return -1;
	for (long i = 0; i < g->n; i++) { /* the noise nodes too: is_noise_node */
		if (g->names[i] == NULL)
			continue;
		long before = N->map.count, id = rs_nm_intern(&N->map, g->names[i], strlen(g->names[i]), 1, e);
		if (id < 0)
			return -1;
		if (N->map.count > before) /* a name given twice names its first node */
			N->node[id] = i;
	}
	return 0;
}

static void nodes_free(struct nodes *N)
{
	rs_nm_free(&N->map);
	free(N->node);
}

/* Any node of the graph, the noise nodes after the original ones, by name
 * or numeric id; -1 if there is none. */
static long any_node(struct nodes *N, const char *tok)
{
	if (N->g->names) {
		rs_err e;
		long id = rs_nm_intern(&N->map, tok, strlen(tok), 0, &e);
		return id >= 0 ? N->node[id] : -1;
	}
	char *end;
	errno = 0;
	long v = strtol(tok, &end, 10);
	if (*end || errno || v < 0 || v >= N->g->n)
		return -1;
	return v;
}

/* Find an original node (labels are theirs) by name or numeric id; -1 if
 * there is none. */
static long find_node(struct nodes *N, const char *tok)
{
	long v = any_node(N, tok);
	return v < N->g->orig_n ? v : -1;
}

/* Whether tok names one of the noise nodes ('noise' appended them): a
 * table saved from the graph with its noise lists them too */
static int is_noise_node(struct nodes *N, const char *tok)
{
	return any_node(N, tok) >= N->g->orig_n;
}

/* The words of a labels file's header, in its last column. */
static int header_word(const char *s)
{
	static const char *const words[] = {"label", "labels", "class", "classes", "community", "group",
					    "value", "truth", "cluster", "category", "y", NULL};
	for (int i = 0; words[i]; i++)
		if (!strcasecmp(s, words[i]))
			return 1;
	return 0;
}

static int integer_word(const char *s)
{
	char *end;
	(void)strtol(s, &end, 10);
	return *s && *end == '\0';
}

/* Whether the first field of the next data line after rest (comments and
 * blank lines skipped) names a node of the graph: then a first line whose
 * first field does not is a header ("name,party" over "alice,D"). */
static int next_names_node(struct nodes *N, const char *rest)
{
	char line[512], *tok[RS_MAX_COLUMNS];
	int nt = rs_peek_fields(rest, 0, line, sizeof line, tok, RS_MAX_COLUMNS, NULL);
	return nt == 2 && find_node(N, tok[0]) >= 0;
}

/* The columns of a table's header line (nt >= 2 names): the node's ('index'
 * in graph-tool's table when index_first, else a column word such as 'id',
 * else the first) and the labels' (the one asked
 * for, else the one class word, else a lone 'label', else the other of two
 * columns).  Gephi's node table has Id, Label (a display name) and, say,
 * modularity_class: the class word wins. */
static int table_columns(char **tok, int nt, const char *want, int index_first, int *kc, int *lc,
			 const char *path, long lineno, rs_err *e)
{
	static const char *const node_words[] = {"id", "node", "name", "vertex", "node_id", "nodeid", NULL};
	static const char *const class_words[] = {"class", "classes", "community", "group", "value",
						  "truth", "cluster", "category", "modularity_class",
						  "block", "module", "y", NULL};
	static const char *const label_words[] = {"label", "labels", NULL};
	*kc = -1;
	for (int c = 0; index_first && c < nt && *kc < 0; c++) /* graph-tool numbers a table's nodes so */
		if (!strcasecmp(tok[c], "index"))
			*kc = c;
	for (int c = 0; c < nt && *kc < 0; c++)
		for (int i = 0; node_words[i] && *kc < 0; i++)
			if (!strcasecmp(tok[c], node_words[i]))
				*kc = c;
	*lc = -1;
	if (want) {
		for (int c = 0; c < nt && *lc < 0; c++)
			if (!strcmp(tok[c], want) || (!strcasecmp(tok[c], want) && c != *kc))
				*lc = c;
	} else {
		const char *const *lists[2] = {class_words, label_words};
		for (int l = 0; l < 2 && *lc < 0; l++) {
			int found = 0;
			for (int c = 0; c < nt; c++)
				for (int i = 0; lists[l][i]; i++)
					if (c != *kc && !strcasecmp(tok[c], lists[l][i]) && found++ == 0)
						*lc = c;
			if (found > 1)
				*lc = -2; /* two candidates: ask */
		}
	}
	if (*kc < 0 || *kc == *lc)
		*kc = *lc == 0 ? 1 : 0;
	if (*lc == -1 && !want && nt == 2)
		*lc = 1 - *kc;
	if (*lc >= 0 && *lc != *kc)
		return 0;
	char list[200] = "";
	for (int c = 0; c < nt; c++)
		rs_list_append(list, sizeof list, ", ", tok[c]);
	if (want)
		return rs_fail(e, RS_EINVAL, "%s:%ld: no column '%s' (columns: %s)", path, lineno, want,
			       list);
	return rs_fail(e, RS_EINVAL,
		       "%s:%ld: which column holds the labels? (columns: %s): 'labels FILE column NAME'",
		       path, lineno, list);
}

rs_labels *rs_labels_read(const char *path, const rs_graph *g, rs_err *e)
{
	return rs_labels_read_column(path, g, NULL, e);
}

rs_labels *rs_labels_read_column(const char *path, const rs_graph *g, const char *column, rs_err *e)
{
	size_t len;
	char *buf = rs_read_member(path, &len, e);
	if (buf == NULL)
		return NULL;
	int kind = rs_binary_kind(buf, len);
	if (kind) { /* numpy.save of a vector: one label a line */
		char *text = kind == 'n' ? rs_npy_lines(buf, len, path, e)
			     : kind == 'm' ? rs_mat_lines(buf, len, path, NULL, NULL, e) : NULL;
		if (kind != 'n' && kind != 'm')
			rs_fail(e, RS_EINVAL, "%s: a %s archive: labels are read from text, or from a .npy vector "
					      "(numpy.save)", path, kind == 't' ? "tar" : "zip");
		free(buf);
		if (text == NULL)
			return NULL;
		buf = text;
	} else if (rs_octave_is(buf)) { /* an Octave text file: its one vector */
		char *text = rs_octave_lines(buf, path, NULL, NULL, e);
		free(buf);
		if (text == NULL)
			return NULL;
		buf = text;
	}
	return rs_labels_parse_column(buf, path, g, column, e);
}

/* Whether text's first line is a lone word over n lines of labels, one a
 * line: a column's name, as pandas' Series.to_csv(index=False) or R's
 * write.csv(row.names=FALSE) writes it ('x' over 1, 1, 2, ...); comment
 * lines do not count, empty ones do (unlabelled nodes), as in the reader. */
static int lone_word_header(const char *text, long n)
{
	const char *p = text + (strncmp(text, "\xef\xbb\xbf", 3) ? 0 : 3);
	long lines = 0; /* lines after the first */
	int first = 1;
	while (*p) {
		const char *end = p + strcspn(p, "\n"), *t = p + strspn(p, " \t\r");
		const char *next = *end ? end + 1 : end;
		if (t < end && (*t == '#' || *t == '%')) {
			p = next;
			continue;
		}
		if (first) {
			const char *z = end;
			while (z > t && (z[-1] == ' ' || z[-1] == '\t' || z[-1] == '\r'))
				z--;
			char *stop;
			if (z == t || z - t != (long)strcspn(t, " \t,;\r\n") ||
			    (strtol(t, &stop, 10), stop == z))
				return 0; /* not one word, or a number (a label) */
			first = 0;
		} else {
			lines++;
		}
		p = next;
	}
	return !first && lines == n;
}

/* An error at "path:K: ..." of the text made from a JSON file names the
 * JSON's line instead: line[K - 1] (the list ends with a 0). */
static void json_relocate(rs_err *e, const char *path, const long *line)
{
	size_t pl = strlen(path);
	char *end;
	if (e == NULL || strncmp(e->msg, path, pl) != 0 || e->msg[pl] != ':')
		return;
	long k = strtol(e->msg + pl + 1, &end, 10), lines = 0;
	while (line[lines] != 0)
		lines++;
	if (end == e->msg + pl + 1 || *end != ':' || k < 1 || k > lines)
		return;
	char out[2 * sizeof e->msg];
	int n = snprintf(out, sizeof out, "%.*s:%ld%s", (int)pl, e->msg, line[k - 1], end);
	if (n < 0)
		return;
	size_t len = (size_t)n < sizeof e->msg ? (size_t)n : sizeof e->msg - 1;
	memcpy(e->msg, out, len);
	e->msg[len] = '\0';
}

/* Whether text lists communities, one a line (SNAP's *.cmty.txt: the
 * members of each, separated by tabs or blanks): every field of every
 * line names a node of the graph, none twice on a line, some line has
 * three or more (two a line is 'node label' pairs), and the lines are not
 * all as long, unless the file's name says 'cmty' or 'communit' (a table
 * of numbers without a header has lines of one length).  Comment lines
 * are skipped.  -1 (error set) out of memory, or when a file so named
 * lists a field that is no node. */
static int community_lists(const char *text, const char *path, struct nodes *N, rs_err *e)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int named = strstr(base, "cmty") != NULL || strcasestr(base, "communit") != NULL;
	long *stamp = rs_alloc(e, (size_t)(N->g->orig_n > 0 ? N->g->orig_n : 1), sizeof *stamp, "labels");
	if (stamp == NULL)
		return -1;
	for (long i = 0; i < N->g->orig_n; i++)
		stamp[i] = -1;
	int wide = 0, ok = 1, uneven = 0;
	long line = 0, width = -1;
	for (const char *p = text; *p && ok; line++) {
		const char *end = p + strcspn(p, "\n");
		const char *s = p + strspn(p, " \t\r");
		long fields = 0;
		if (*s != '#' && *s != '%')
			while (s < end && ok) {
				size_t l = strcspn(s, " \t\r\n");
				char tok[256];
				long v = -1;
				if (l < sizeof tok && memchr(s, ',', l) == NULL) {
					memcpy(tok, s, l);
					tok[l] = '\0';
					v = find_node(N, tok);
				}
				ok = v >= 0 && stamp[v] != line;
				if (ok)
					stamp[v] = line;
				else if (v < 0 && named) { /* a community file whose field is no node */
					free(stamp);
					return rs_fail(e, RS_EINVAL,
						       "%s:%ld: '%.*s' is not a node of the graph (a community a "
						       "line lists nodes)",
						       path, line + 1, (int)(l < 64 ? l : 64), s);
				}
				fields++;
				s += l;
				s += strspn(s, " \t\r");
			}
		if (fields > 0) {
			uneven |= width >= 0 && fields != width;
			width = fields;
		}
		wide |= fields >= 3;
		p = *end ? end + 1 : end;
	}
	free(stamp);
	return ok && wide && (uneven || named);
}

/* Labels from community lists (community_lists): the line's number among
 * the communities is the class; a node in two is unlabelled. */
static int read_communities(rs_labels *L, char *text, struct nodes *N, rs_err *e)
{
	unsigned char *several = rs_zalloc(e, (size_t)(L->n > 0 ? L->n : 1), 1, "labels");
	if (several == NULL)
		return -1;
	long c = 0;
	for (char *p = text, *line; *p; c += line != NULL) {
		char *end = p + strcspn(p, "\n");
		line = p + strspn(p, " \t\r");
		p = *end ? end + 1 : end;
		*end = '\0';
		if (*line == '#' || *line == '%' || *line == '\0') {
			line = NULL;
			continue;
		}
		if (c >= 1000000) {
			free(several);
			return rs_fail(e, RS_EINVAL, "more than 10^6 communities");
		}
		for (char *q = line, *t; (t = strtok_r(q, " \t\r", &q)) != NULL;) {
			long v = find_node(N, t);
			if (L->y[v] >= 0 && L->y[v] != c)
				several[v] = 1;
			L->y[v] = (int32_t)c;
		}
	}
	for (long i = 0; i < L->n; i++)
		if (several[i]) {
			L->y[i] = -1;
			L->in_several++;
		}
	L->communities = c;
	free(several);
	return finish(L, e);
}

/* The blank-separated fields of s, in place, a field in double quotes
 * holding blanks and its quotes dropped ('"1" "Mr. Hi"', as R's
 * write.table writes a vector with its row names); '""' or '\"' inside
 * is a quote.  The count. */
static int split_quoted_words(char *s, char **tok, int max)
{
	int n = 0;
	char *p = s;
	while (n < max) {
		p += strspn(p, " \t");
		if (*p == '\0')
			break;
		tok[n++] = p;
		char *w = p, *r = p;
		if (*r == '"') {
			for (r++; *r;) {
				if ((r[0] == '"' || r[0] == '\\') && r[1] == '"') {
					*w++ = '"';
					r += 2;
				} else if (*r == '"') {
					r++;
					break;
				} else {
					*w++ = *r++;
				}
			}
		}
		while (*r && *r != ' ' && *r != '\t') /* up to a blank, the field's */
			*w++ = *r++;
		p = *r ? r + 1 : r;
		*w = '\0';
	}
	return n;
}

/* Whether text (at its first non-blank) is a Pajek partition or vector,
 * '*Vertices N' then lines of one word each and no other '*' section:
 * N, else -1. */
static long pajek_partition(const char *text)
{
	long n;
	char star[16];
	if (sscanf(text, "%15s %ld", star, &n) != 2 || strcasecmp(star, "*vertices") != 0 || n < 0)
		return -1;
	for (const char *p = text + strcspn(text, "\n"); *p;) {
		const char *s = p + 1 + strspn(p + 1, " \t\r"), *after = s + strcspn(s, " \t\r\n");
		after += strspn(after, " \t\r");
		if (*s == '*' || (*after != '\n' && *after != '\0'))
			return -1; /* another section, or two words */
		p = after;
	}
	return n;
}

/* Infomap's .clu header, commented: '# node_id module flow'. */
static int infomap_header(const char *t)
{
	t += strspn(t, " \t");
	if (strncasecmp(t, "node_id", 7) != 0 || (t[7] != ' ' && t[7] != '\t'))
		return 0;
	t += 7 + strspn(t + 7, " \t");
	return strncasecmp(t, "module", 6) == 0 && strchr(" \t\r\n", t[6]) != NULL;
}

/* A Matrix Market label file: an n x 1 array (as 'save labels x.mtx' and
 * scipy's mmwrite write one) is one label a line once its size line is
 * out of the way ('%' lines are comments already), so the size line is
 * made a comment, in place, and line numbers stay.  j: the text after
 * any byte-order mark and blanks, at '%%MatrixMarket'. */
static int mm_labels(char *buf, const char *j, const char *path, const rs_graph *g, rs_err *e)
{
	char obj[32] = "", fmt[32] = "", field[32] = "";
	sscanf(j + 14, "%31s %31s %31s", obj, fmt, field);
	char *size = buf + (j - buf);
	while (*size == '%' || isspace((unsigned char)*size)) {
		if (*size == '%')
			size += strcspn(size, "\n");
		else
			size++;
	}
	long rows = 0, cols = 0;
	const char *why = strcasecmp(obj, "matrix") || strcasecmp(fmt, "array")
				  ? "labels need an array of one column ('matrix array')"
			  : !strcasecmp(field, "complex")             ? "labels cannot be complex"
			  : sscanf(size, "%ld %ld", &rows, &cols) != 2 ? "no size line"
			  : cols != 1                                   ? "labels need one column"
									: NULL;
	if (why && cols > 1)
		return rs_fail(e, RS_EINVAL, "%s: a %ld x %ld Matrix Market array: %s", path, rows, cols,
			       why);
	if (why)
		return rs_fail(e, RS_EINVAL, "%s: Matrix Market '%s %s %s': %s", path, obj, fmt, field, why);
	if (rows != g->orig_n && rows != g->n) { /* the original nodes, or with the noise */
		long at = 1;
		for (const char *c = buf; c < size; c++)
			at += *c == '\n';
		return rs_fail(e, RS_EINVAL,
			       "%s:%ld: a %ld x 1 Matrix Market array for a graph of %ld nodes: this "
			       "label file does not match the graph",
			       path, at, rows, g->orig_n);
	}
	*size = '%';
	/* a real array of whole numbers (scipy writes a float vector so:
	 * 1.0000000000000000e+00) holds class numbers: written as integers in
	 * place, blank-padded, so that they read as such */
	if (strcasecmp(field, "real") && strcasecmp(field, "double"))
		return 0;
	for (char *p = size + strcspn(size, "\n"); *p; p += strcspn(p, "\n")) {
		p++;
		size_t len = strcspn(p, "\r\n");
		char *end;
		double v = strtod(p, &end);
		if (*p == '%' || end == p || end != p + len || !(fabs(v) < 1e9) || v != floor(v))
			continue;
		char num[16];
		int w = snprintf(num, sizeof num, "%ld", (long)v);
		if (w > 0 && (size_t)w <= len) {
			memcpy(p, num, (size_t)w);
			memset(p + w, ' ', len - (size_t)w);
		}
	}
	return 0;
}

/* The text of a label file, made ready for the line reader: a Pajek
 * partition's header and a Matrix Market array's size line turned into
 * comments (*mm set for the latter), JSON made into text (*json_line then
 * gives the JSON's line of each line of it), and a graph file refused
 * with where its labels are.  Returns the text, which replaces buf, or
 * NULL with buf freed. */
static char *labels_text(char *buf, const char *path, const rs_graph *g, const char *column,
			 int *mm, long **json_line, rs_err *e)
{
	const char *j = buf + (strncmp(buf, "\xef\xbb\xbf", 3) ? 0 : 3);
	j += strspn(j, " \t\r\n");
	/* a graph file given for labels, as 'load' would tell it */
	enum rs_gformat f = rs_gformat_sniff(j);
	/* a Pajek partition (.clu) or vector (.vec): '*Vertices N', then one
	 * value a line, node by node; the header read, it is a comment */
	long pajek_n = f == RS_GF_PAJEK ? pajek_partition(j) : -1;
	if (pajek_n >= 0 && pajek_n != g->orig_n) {
		rs_fail(e, RS_EINVAL,
			"%s:1: a Pajek partition of %ld nodes for a graph of %ld: this label file does "
			"not match the graph",
			path, pajek_n, g->orig_n);
		free(buf);
		return NULL;
	}
	if (pajek_n >= 0) {
		buf[j - buf] = '%';
		f = RS_GF_AUTO;
	}
	const char *kind = f == RS_GF_GRAPHML ? "GraphML"
			   : f == RS_GF_GEXF  ? "GEXF"
			   : f == RS_GF_GML   ? "GML"
			   : f == RS_GF_PAJEK ? "Pajek"
					      : NULL;
	if (kind) {
		rs_fail(e, RS_EINVAL,
			"%s: a %s graph file, not a list of labels: 'load %s labels ATTRIBUTE' takes "
			"them from a node attribute",
			path, kind, path);
		free(buf);
		return NULL;
	}
	*mm = strncasecmp(j, "%%MatrixMarket", 14) == 0;
	if (*mm && mm_labels(buf, j, path, g, e) != 0) {
		free(buf);
		return NULL;
	}
	/* JSON ({"node": class} or [class, ...]): the same as text, whose
	 * line numbers are then the JSON's (j points into buf, freed here) */
	if (*j != '{' && *j != '[')
		return buf;
	char *t = column ? NULL : rs_json_labels_text(buf, path, json_line, e);
	if (column)
		rs_fail(e, RS_EINVAL, "%s: column '%s': a JSON file of labels has no columns", path, column);
	free(buf);
	return t;
}

/* A line of 'node label' pairs (or a table's, its node and label in
 * columns kc and lc of ncols): the node, -2 for a noise node's line
 * ('save clusters' lists them: the labels are the others'), -1 (error
 * set) for a line that does not fit.  line_of[] records the line that
 * labelled each node, for an error on a node labelled twice. */
static long pair_node(struct nodes *N, char **tok, int nt, int ncols, int kc, int lc,
		      long **line_of, const long *json_line, const char *path, long lineno,
		      rs_err *e)
{
	const rs_graph *g = N->g;
	long n = g->orig_n;
	if (ncols > 2 ? nt <= kc || nt <= lc : nt != 2) {
		if (ncols > 2)
			return rs_fail(e, RS_EINVAL, "%s:%ld: %d field%s where the header has %d", path,
				       lineno, nt, nt == 1 ? "" : "s", ncols);
		if (nt > 2 && lineno == 1)
			return rs_fail(e, RS_EINVAL,
				       "%s:%ld: %d fields: a table of labels needs a header line naming "
				       "its columns (id, class, ...)",
				       path, lineno, nt);
		return rs_fail(e, RS_EINVAL, "%s:%ld: expected 'node label'", path, lineno);
	}
	tok[0] = tok[kc];
	tok[1] = tok[lc];
	long node = find_node(N, tok[0]);
	if (node < 0 && is_noise_node(N, tok[0]))
		return -2;
	if (node < 0) {
		char *end;
		long id = strtol(tok[0], &end, 10);
		int one_based = !g->names && *end == '\0' && id == n;
		return rs_fail(e, RS_EINVAL, "%s:%ld: node '%s' is not in the graph%s", path, lineno,
			       tok[0],
			       !one_based     ? ""
			       : g->one_based ? " (the graph's file counts from 1, its ids here from 0: "
						"if this file counts from 1 too, load the graph with "
						"'compact', which keeps the file's ids)"
					      : " (its ids are 0 .. n-1: is this file 1-based?)");
	}
	if (*line_of == NULL && (*line_of = rs_zalloc(e, (size_t)n, sizeof **line_of, "labels")) == NULL)
		return -1;
	if ((*line_of)[node] > 0)
		return rs_fail(e, RS_EINVAL, "%s:%ld: node '%s' was given a label on line %ld already",
			       path, lineno, tok[0],
			       json_line ? json_line[(*line_of)[node] - 1] : (*line_of)[node]);
	(*line_of)[node] = lineno;
	return node;
}

/* A line of one label a line, the row'th such line (nt fields; none is an
 * unlabelled node): the node, -2 for a noise node's line (as 'save'
 * writes them: the labels are the others'), -1 (error set) for a line
 * that does not fit. */
static long row_node(const rs_graph *g, int nt, long row, const char *path, long lineno, rs_err *e)
{
	long n = g->orig_n;
	if (nt > 2 && row == 0)
		return rs_fail(e, RS_EINVAL,
			       "%s:%ld: %d fields: a table of labels needs a header line naming its "
			       "columns (id, class, ...)",
			       path, lineno, nt);
	if (nt > 1)
		return rs_fail(e, RS_EINVAL, "%s:%ld: expected one label a line", path, lineno);
	if (row >= n && row < g->n)
		return -2;
	if (row >= n)
		return rs_fail(e, RS_EINVAL,
			       "%s:%ld: more labels than the graph's %ld nodes: this label file does not "
			       "match the graph",
			       path, lineno, n);
	return row;
}

rs_labels *rs_labels_parse(char *buf, const char *path, const rs_graph *g, rs_err *e)
{
	return rs_labels_parse_column(buf, path, g, NULL, e);
}

/* What the reader of a labels file has read so far */
struct lab {
	const rs_graph *g;
	const char *path, *column; /* column: the header's column to take, or NULL */
	rs_labels *L;
	/* names of classes; while reading, a node of a named class c holds
	 * -(c + 2) and a node with a number holds the number */
	rs_namemap classes;
	long *line_of;   /* 'node label' pairs: the line that labelled each node */
	long *json_line; /* a JSON file's lines, by the lines of the text made of it */
	struct nodes N;
	long lineno, row;
	int mm;		 /* a Matrix Market array file's labels */
	int pairs;	 /* 'node label' pairs (1), one label a line (0), not known yet (-1) */
	int headed;	 /* a header line has been read */
	int word_header; /* a column's name over the labels, yet to be skipped */
	int kc, lc, ncols; /* the node and label columns, the header's count */
	rs_err *e;
};

/* Whether the line at s is a comment (-1), graph-tool's or Infomap's
 * header behind a '#' (1, s moved past the '#') or neither (0); next is
 * the following line */
static int lab_comment(const struct lab *b, char **s, const char *next)
{
	if (**s == '#' && b->pairs < 0 && !b->headed &&
	    ((rs_commented_header(*s + 1, "index", NULL) && rs_next_line_has_comma(next)) ||
	     infomap_header(*s + 1))) {
		*s += 1 + strspn(*s + 1, " \t");
		return 1;
	}
	return **s == '#' || **s == '%' ? -1 : 0;
}

/* A line's fields: tab, comma (quoted names as in CSV) or blank
 * separated, quotes keeping blanks in a field there too ("Mr. Hi" alone;
 * R's write.table: "7" "Mr. Hi"); an empty line has none */
static int lab_fields(char *s, char **tok)
{
	int nt = !strchr(s, '\t') && !strchr(s, ',') && strchr(s, '"')
			 ? split_quoted_words(s, tok, RS_MAX_COLUMNS)
			 : rs_split_fields(s, strchr(s, '\t') ? '\t' : strchr(s, ',') ? ',' : ' ', tok,
					   RS_MAX_COLUMNS);
	return nt == 1 && *tok[0] == '\0' ? 0 : nt;
}

/* The first line with fields (nt of them, commented as lab_comment said):
 * it settles pairs or one a line, and may be a header line ("node,label",
 * "id class", or "label" alone), or a table's ("Id,Label,modularity_class"),
 * whose names pick the node's and the labels' columns. 1 if it was a
 * header (or the name over a column), 0 if it holds labels, -1 (error
 * set) */
static int lab_first(struct lab *b, char **tok, int nt, int commented, const char *next)
{
	if (b->word_header) { /* a column's name over its labels, one a line or */
		b->word_header = 0; /* 'node label' pairs (R's write.table: "x" over "1" 1) */
		return 1;
	}
	b->pairs = nt == 2;
	int named = 0;
	for (int c = 0; nt >= 3 && c < nt; c++)
		named |= header_word(tok[c]) || !strcasecmp(tok[c], "id") || !strcasecmp(tok[c], "node") ||
			 (b->column && !strcmp(tok[c], b->column));
	int unknown = find_node(&b->N, tok[0]) < 0;
	if (commented || (header_word(tok[nt - 1]) && (nt == 1 || unknown)) || (named && unknown) ||
	    (nt == 2 && unknown && (b->column || (!integer_word(tok[0]) && next_names_node(&b->N, next))))) {
		b->headed = 1;
		b->pairs = -1;
		if (nt >= 2) {
			if (table_columns(tok, nt, b->column, commented, &b->kc, &b->lc, b->path, b->lineno,
					  b->e) != 0)
				return -1;
			b->ncols = nt;
			b->pairs = 1;
		}
		return 1;
	}
	if (b->column)
		return rs_fail(b->e, RS_EINVAL, "%s:%ld: column '%s': no header line names the columns",
			       b->path, b->lineno, b->column);
	return 0;
}

/* A line's label (nt fields) for its node, or for the next node when one
 * a line; 0, or -1 with e set */
static int lab_label(struct lab *b, char **tok, int nt)
{
	long node = b->pairs == 1 ? pair_node(&b->N, tok, nt, b->ncols, b->kc, b->lc, &b->line_of,
					      b->json_line, b->path, b->lineno, b->e)
				  : row_node(b->g, nt, b->row++, b->path, b->lineno, b->e);
	if (node == -2)
		return 0;
	if (node < 0)
		return -1;
	const char *lab = b->pairs == 1 ? tok[1] : nt ? tok[0] : "";
	int rc = classify(&b->classes, lab, &b->L->y[node], b->e);
	if (rc == -2)
		return rs_fail(b->e, RS_EINVAL, "%s:%ld: more than 10^6 classes", b->path, b->lineno);
	return rc;
}

/* One line (its '\n' gone), next the text after it; 0, or -1 with e set */
static int lab_line(struct lab *b, char *line, const char *next)
{
	b->lineno++;
	size_t l = strlen(line);
	if (l && line[l - 1] == '\r')
		line[--l] = '\0';
	char *s = line + strspn(line, " \t");
	int commented = lab_comment(b, &s, next);
	if (commented < 0)
		return 0;
	char *tok[RS_MAX_COLUMNS];
	int nt = lab_fields(s, tok);
	if (b->mm && nt == 0)
		return 0; /* the Matrix Market format allows blank lines; none is a label */
	if (b->pairs < 0 && nt > 0 && !b->headed) {
		int rc = lab_first(b, tok, nt, commented, next);
		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	if (b->pairs == 1 && nt == 0)
		return 0;
	return lab_label(b, tok, nt);
}

static void lab_free(struct lab *b)
{
	free(b->line_of);
	free(b->json_line);
	rs_nm_free(&b->classes);
	nodes_free(&b->N);
}

rs_labels *rs_labels_parse_column(char *buf, const char *path, const rs_graph *g, const char *column,
				  rs_err *e)
{
	struct lab b = {.g = g, .path = path, .column = column, .pairs = -1, .lc = 1, .e = e};
	buf = labels_text(buf, path, g, column, &b.mm, &b.json_line, e);
	if (buf == NULL)
		return NULL;
	long n = g->orig_n;
	b.L = labels_new(n, e);
	if (nodes_init(&b.N, g, e) != 0 || b.L == NULL)
		goto fail;
	for (long i = 0; i < n; i++)
		b.L->y[i] = -1;
	int lists = column == NULL && b.json_line == NULL ? community_lists(buf, path, &b.N, e) : 0;
	if (lists < 0 || (lists && read_communities(b.L, buf, &b.N, e) != 0))
		goto fail;
	if (!lists) {
		b.word_header = column == NULL && lone_word_header(buf, n);
		for (char *p = buf; *p;) {
			char *line = p, *nl = strchr(p, '\n');
			p = nl ? nl + 1 : p + strlen(p);
			if (nl)
				*nl = '\0';
			if (lab_line(&b, line, p) != 0)
				goto fail;
		}
		if (b.pairs != 1 && b.row != n && b.row != g->n) {
			rs_fail(e, RS_EINVAL, "%s: %ld labels for %ld nodes: this label file does not match the graph",
				path, b.row, n);
			goto fail;
		}
		if (settle(b.L, &b.classes, e) != 0)
			goto fail;
	}
	lab_free(&b);
	free(buf);
	return b.L;
fail:
	if (b.json_line)
		json_relocate(e, path, b.json_line);
	lab_free(&b);
	free(buf);
	rs_labels_free(b.L);
	return NULL;
}

int rs_labels_read_names(rs_labels *L, const char *path, rs_err *e)
{
	size_t len;
	char *buf = rs_read_text(path, &len, e);
	if (buf == NULL)
		return -1;
	return rs_labels_parse_names(L, buf, e);
}

int rs_labels_parse_names(rs_labels *L, char *buf, rs_err *e)
{
	char **names = calloc((size_t)(L->nclass > 0 ? L->nclass : 1), sizeof *names);
	if (names == NULL) {
		free(buf);
		return rs_fail(e, RS_ENOMEM, "out of memory");
	}
	long lineno = 0;
	for (char *p = buf, *line; *p;) {
		line = p;
		char *nl = strchr(p, '\n');
		if (nl) {
			*nl = '\0';
			p = nl + 1;
		} else {
			p += strlen(p);
		}
		lineno++;
		if (*line == '#' || *line == '\0')
			continue;
		char *end;
		long id = strtol(line, &end, 10);
		if (end == line || (*end != '\t' && *end != ' ')) {
			/* a bare name a line: line order gives the class */
			id = lineno - 1;
			end = line - 1;
		}
		if (id < 0 || id >= L->nclass)
			continue;
		char *name = end + 1;
		size_t l = strlen(name);
		if (l && name[l - 1] == '\r')
			name[--l] = '\0';
		free(names[id]);
		names[id] = strdup(name);
	}
	free(buf);
	if (L->class_names)
		for (int c = 0; c < L->nclass; c++)
			free(L->class_names[c]);
	free(L->class_names);
	L->class_names = names;
	return 0;
}
