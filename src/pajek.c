/* pajek.c: Pajek networks (.net) and projects (.paj), partitions as labels. */
#include <config.h>

#include "readers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The next word of a Pajek line, NUL-terminated in place and *q moved
 * past it: blanks separate words, double quotes hold one with blanks
 * inside (a label).  NULL at the line's end, and *open set when a quote is
 * left open. */
static char *pj_word(char **q, int *open)
{
	char *t = *q + strspn(*q, " \t"), *end;
	if (*t == '\0')
		return NULL;
	if (*t == '"') {
		end = strchr(++t, '"');
		if (end == NULL) {
			*open = 1;
			return NULL;
		}
	} else {
		end = t + strcspn(t, " \t");
	}
	*q = *end ? end + 1 : end;
	*end = '\0';
	return t;
}

/* Whether the next word of q is a number; q is left as it was. */
static int pj_number_ahead(const char *q, char **after)
{
	const char *t = q + strspn(q, " \t");
	size_t l = strcspn(t, " \t");
	char *end;
	if (l == 0)
		return 0;
	(void)strtod(t, &end);
	*after = end;
	return end == t + l;
}

/* The value of parameter key among a line's parameters p ('key value'
 * pairs, after a shape word when their count is odd), copied into
 * val[PJ_VAL]; NULL when the line has none.  names, when given, collects
 * the keys (comma separated); numeric, when given, only those whose value
 * is a number. */
#define PJ_VAL 256
static const char *pj_param(const char *p, const char *key, char *val, char *names, size_t size, int numeric)
{
	char copy[1024], *q = copy, *w[64];
	int nw = 0, open = 0;
	snprintf(copy, sizeof copy, "%s", p);
	while (nw < 64 && (w[nw] = pj_word(&q, &open)) != NULL)
		nw++;
	const char *found = NULL;
	for (int i = nw % 2; i + 1 < nw; i += 2) {
		double x;
		if (names && (!numeric || rs_field_weight(w[i + 1], &x) == 0))
			rs_list_add(names, size, w[i]);
		if (key && found == NULL && !strcmp(w[i], key)) {
			snprintf(val, PJ_VAL, "%s", w[i + 1]);
			found = val;
		}
	}
	return found;
}

/* A vertex number of a Pajek line: 1..n, into *v (0-based); -1 (error
 * set) otherwise. */
static int pj_vertex(struct rs_reader *rd, const char *w, long n, long *v)
{
	if (w == NULL) {
		RS_FAIL_AT(rd, "a line of two vertices expected here");
		return -1;
	}
	if (rs_field_long(w, v) != 0 || *v < 1 || *v > n) {
		RS_FAIL_AT(rd, "'%s' is not a vertex: they are numbered 1 to %ld (*Vertices %ld)", w, n, n);
		return -1;
	}
	(*v)--;
	return 0;
}

enum pj_section { PJ_NONE, PJ_VERTICES, PJ_PAIRS, PJ_LISTS, PJ_MATRIX, PJ_PARTITION, PJ_OTHER };

struct pajek {
	struct rs_reader rd;
	const rs_load_opts *o;
	long n, n1;           /* vertices; the first mode's (two modes), or 0 */
	char **label, **param; /* per vertex: its label, its parameters (in buf) */
	rs_edges E, M;        /* the edges; a *Matrix section's entries       */
	int arcs;             /* an *Arcs or *Arcslist section                */
	int weighted;         /* a weight read                               */
	const char *wkey;     /* the parameter asked for as weights, or NULL  */
	long wkey_seen, positional; /* edges with it; with a weight in place */
	char eparams[128];    /* numeric edge parameters                      */
	long mr, mc;          /* the next entry of a *Matrix section          */
	char *part_name;      /* the *Partition read as labels, and its values */
	char **part;
	long part_at;
	char part_names[128]; /* every partition's name                      */
	long networks;
};

/* Adds the edge (u, v) of weight w: a two-mode network's ends are a row
 * and a column, in either order. */
static int pj_edge(struct pajek *P, rs_edges *E, long u, long v, double w)
{
	if (!isfinite(w) || w < 0) {
		RS_FAIL_AT(&P->rd, "weight %g: weights must be finite and >= 0", w);
		return -1;
	}
	if (P->n1 > 0) {
		if (u >= P->n1 && v < P->n1) {
			long t = u;
			u = v;
			v = t;
		}
		if (u >= P->n1 || v < P->n1) {
			RS_FAIL_AT(&P->rd, "vertices %ld and %ld are of the same mode: a two-mode network's lines join "
					"its first %ld vertices to the others",
				u + 1, v + 1, P->n1);
			return -1;
		}
		v -= P->n1;
	}
	if (E->count % 1048576 == 1048575 && rs_memory_refused(&P->rd, P->n, (double)E->count))
		return -1;
	return rs_edges_push(E, u, v, w, P->rd.e);
}

/* A line 'a b [w] [parameters]' of an *Edges or *Arcs section. */
static int pj_pair(struct pajek *P, char *q)
{
	int open = 0;
	long u, v;
	char val[PJ_VAL];
	if (pj_vertex(&P->rd, pj_word(&q, &open), P->n, &u) != 0 ||
	    pj_vertex(&P->rd, pj_word(&q, &open), P->n, &v) != 0)
		return -1;
	double w = 1;
	char *after;
	if (pj_number_ahead(q, &after)) {
		if (P->wkey == NULL && !P->o->unweighted) {
			w = strtod(q, NULL);
			P->weighted = 1;
		}
		P->positional++;
		q = after;
	}
	const char *x = NULL;
	if (q[strspn(q, " \t")] != '\0') {
		x = pj_param(q, P->wkey, val, P->eparams, sizeof P->eparams, 1);
	}
	if (x != NULL) {
		if (rs_field_weight(x, &w) != 0) {
			RS_FAIL_AT(&P->rd, "weight %s: '%s' is not a number", P->wkey, x);
			return -1;
		}
		P->wkey_seen++;
		P->weighted = 1;
	}
	return pj_edge(P, &P->E, u, v, w);
}

/* A line of a *Matrix section: the next row's values, or part of them. */
static int pj_matrix(struct pajek *P, char *q)
{
	long R = P->n1 > 0 ? P->n1 : P->n, C = P->n1 > 0 ? P->n - P->n1 : P->n;
	int open = 0;
	for (char *w; (w = pj_word(&q, &open)) != NULL;) {
		double x;
		if (P->mr >= R) {
			RS_FAIL_AT(&P->rd, "more than the %ld x %ld values of the matrix", R, C);
			return -1;
		}
		if (rs_field_weight(w, &x) != 0) {
			RS_FAIL_AT(&P->rd, "'%s' (row %ld, column %ld) is not a number", w, P->mr + 1, P->mc + 1);
			return -1;
		}
		if (x != 0 && pj_edge(P, &P->M, P->mr, P->mc + (P->n1 > 0 ? P->n1 : 0), P->o->unweighted ? 1 : x) != 0)
			return -1;
		if (++P->mc == C) {
			P->mc = 0;
			P->mr++;
		}
	}
	return 0;
}

/* A section line ('*Vertices 5', '*Edges', ...): the section it opens,
 * or -1 (error set). */
static int pj_section(struct pajek *P, char *line, enum pj_section was)
{
	int open = 0;
	char *q = line, *w = pj_word(&q, &open);
	if (!strcasecmp(w, "*vertices")) {
		char *a = pj_word(&q, &open), *b = pj_word(&q, &open);
		long n = -1, n1 = 0;
		if (a == NULL || rs_field_long(a, &n) != 0 || n < 1 || (b && (rs_field_long(b, &n1) != 0 || n1 < 1 || n1 >= n))) {
			RS_FAIL_AT(&P->rd, "'*Vertices N' (or 'N N1', two modes: the first N1 vertices and the others) "
					"expected");
			return -1;
		}
		if (was == PJ_PARTITION || was == PJ_OTHER) { /* a partition's or vector's own count */
			if (was == PJ_PARTITION && P->part_at == 0 && n != P->n) {
				RS_FAIL_AT(&P->rd, "the partition '%s' has %ld values, the network %ld vertices",
					P->part_name, n, P->n);
				return -1;
			}
			return was;
		}
		if (P->n >= 0) {
			RS_FAIL_AT(&P->rd, "a second '*Vertices' line");
			return -1;
		}
		if (rs_size_refused(&P->rd, n, 0, P->o))
			return -1;
		P->n = n;
		P->n1 = n1;
		P->label = calloc((size_t)n, sizeof *P->label);
		P->param = calloc((size_t)n, sizeof *P->param);
		if (P->label == NULL || P->param == NULL) {
			rs_fail(P->rd.e, RS_ENOMEM, "%s: out of memory", P->rd.path);
			return -1;
		}
		return PJ_VERTICES;
	}
	if (!strcasecmp(w, "*network") || !strcasecmp(w, "*partition") || !strcasecmp(w, "*vector") ||
	    !strcasecmp(w, "*permutation") || !strcasecmp(w, "*cluster") || !strcasecmp(w, "*hierarchy")) {
		if (!strcasecmp(w, "*network"))
			return ++P->networks == 1 ? PJ_NONE : PJ_OTHER;
		if (strcasecmp(w, "*partition") != 0 || P->n < 0 || P->networks > 1)
			return PJ_OTHER;
		char *name = pj_word(&q, &open);
		name = name ? name : "partition";
		rs_list_append(P->part_names, sizeof P->part_names, ", ", name);
		const char *want = P->o->label_attr;
		if (P->part != NULL || (want && strcmp(want, name) != 0))
			return PJ_OTHER;
		P->part_name = name;
		P->part = calloc((size_t)P->n, sizeof *P->part);
		if (P->part == NULL) {
			rs_fail(P->rd.e, RS_ENOMEM, "%s: out of memory", P->rd.path);
			return -1;
		}
		return PJ_PARTITION;
	}
	int pairs = !strcasecmp(w, "*edges") || !strcasecmp(w, "*arcs");
	int lists = !strcasecmp(w, "*edgeslist") || !strcasecmp(w, "*arcslist");
	if (!pairs && !lists && strcasecmp(w, "*matrix") != 0) {
		RS_FAIL_AT(&P->rd, "'%s' is not a Pajek section (*Vertices, *Edges, *Arcs, *Edgeslist, *Arcslist, "
				"*Matrix, *Partition, *Network)",
			w);
		return -1;
	}
	if (P->networks > 1)
		return PJ_OTHER;
	if (P->n < 0) {
		RS_FAIL_AT(&P->rd, "'%s' before '*Vertices N'", w);
		return -1;
	}
	if (pairs || lists)
		P->arcs |= !strncasecmp(w, "*arcs", 5);
	if (!pairs && !lists)
		P->mr = P->mc = 0;
	return pairs ? PJ_PAIRS : lists ? PJ_LISTS : PJ_MATRIX;
}

/* The labels of a Pajek network: the partition asked for or the first
 * one, else the vertex parameter asked for, or 'value' or 'community'. */
static int pj_labels(struct pajek *P, rs_load_info *info)
{
	const char *want = P->o->label_attr, *key = want;
	long nl = P->n1 > 0 ? P->n1 : P->n; /* a two-mode network's first mode */
	char val[PJ_VAL];
	if (P->part == NULL && key == NULL)
		for (long i = 0; key == NULL && i < P->n; i++)
			key = !P->param[i]			    ? NULL
			      : pj_param(P->param[i], "value", val, NULL, 0, 0)	    ? "value"
			      : pj_param(P->param[i], "community", val, NULL, 0, 0) ? "community"
			      : pj_param(P->param[i], "class", val, NULL, 0, 0)	    ? "class"
									    : NULL;
	if (P->part == NULL && key == NULL)
		return 0;
	const char **v = rs_zalloc(P->rd.e, (size_t)nl, sizeof *v, "labels");
	char *copy = P->part ? NULL : rs_alloc(P->rd.e, (size_t)nl, 256, "labels");
	int rc = -1, any = P->part != NULL;
	if (v == NULL || (P->part == NULL && copy == NULL))
		goto out;
	for (long i = 0; i < nl; i++) {
		if (P->part) {
			v[i] = P->part[i];
			continue;
		}
		const char *x = P->param[i] ? pj_param(P->param[i], key, val, NULL, 0, 0) : NULL;
		if (x) {
			v[i] = strcpy(copy + 256 * i, x);
			any = 1;
		}
	}
	if (!any) {
		char list[400] = "";
		for (long i = 0; i < P->n; i++)
			if (P->param[i])
				pj_param(P->param[i], NULL, NULL, list, sizeof list, 0);
		if (P->part_names[0])
			rs_list_append(list, sizeof list, ", ", P->part_names);
		rs_fail(P->rd.e, RS_EINVAL, "labels '%s': no such file, nor a node attribute or partition of %s (%s%s)",
			want, P->rd.path, list[0] ? "its node attributes and partitions: " : "it has none", list);
		goto out;
	}
	info->labels = rs_labels_from_strings(v, nl, P->rd.e);
	if (info->labels == NULL) {
		char m[sizeof P->rd.e->msg];
		snprintf(m, sizeof m, "%s", P->rd.e->msg);
		rs_fail(P->rd.e, RS_EINVAL, "%s: %s '%s': %s", P->rd.path, P->part ? "partition" : "node attribute",
			P->part ? P->part_name : key, m);
		goto out;
	}
	snprintf(info->label_attr, sizeof info->label_attr, "%s", P->part ? P->part_name : key);
	info->label_partition = P->part != NULL;
	rc = 0;
out:
	free(v);
	free(copy);
	return rc;
}

/* A line of a section, s (blanks skipped), read as the section says. */
static int pj_line(struct pajek *P, char *s, enum pj_section sec)
{
	int open = 0;
	char *q = s, *w, *after;
	long u, v;
	switch (sec) {
	case PJ_NONE:
		RS_FAIL_AT(&P->rd, "a Pajek network starts with '*Vertices N'");
		return -1;
	case PJ_VERTICES:
		if (pj_vertex(&P->rd, pj_word(&q, &open), P->n, &u) != 0)
			return -1;
		if (P->label[u] != NULL || P->param[u] != NULL) {
			RS_FAIL_AT(&P->rd, "vertex %ld is listed twice", u + 1);
			return -1;
		}
		P->label[u] = pj_word(&q, &open);
		for (int c = 0; c < 3 && pj_number_ahead(q, &after); c++)
			q = after; /* coordinates */
		P->param[u] = q;
		break;
	case PJ_PAIRS:
		if (pj_pair(P, q) != 0)
			return -1;
		break;
	case PJ_LISTS:
		if (pj_vertex(&P->rd, pj_word(&q, &open), P->n, &u) != 0)
			return -1;
		while ((w = pj_word(&q, &open)) != NULL)
			if (pj_vertex(&P->rd, w, P->n, &v) != 0 || pj_edge(P, &P->E, u, v, 1) != 0)
				return -1;
		break;
	case PJ_MATRIX:
		if (pj_matrix(P, q) != 0)
			return -1;
		break;
	case PJ_PARTITION:
		if (P->part_at >= P->n) {
			RS_FAIL_AT(&P->rd, "more values than the partition's %ld", P->n);
			return -1;
		}
		P->part[P->part_at++] = pj_word(&q, &open);
		break;
	case PJ_OTHER:
		break;
	}
	if (open) {
		RS_FAIL_AT(&P->rd, "a quote left open");
		return -1;
	}
	return 0;
}

/* The file read to its end, in section sec: what it announced, there. */
static int pj_complete(struct pajek *P, enum pj_section sec)
{
	long rows = P->n1 > 0 ? P->n1 : P->n;
	if (P->n < 0) {
		rs_fail(P->rd.e, RS_EINVAL, "%s: no '*Vertices N' line: not a Pajek network", P->rd.path);
		return -1;
	}
	if (sec == PJ_MATRIX && P->mr < rows) {
		RS_FAIL_AT(&P->rd, "the matrix ends at row %ld of %ld (truncated file?)", P->mr + 1, rows);
		return -1;
	}
	if (P->part && P->part_at < P->n) {
		RS_FAIL_AT(&P->rd, "the partition '%s' ends at %ld values of %ld (truncated file?)", P->part_name,
			   P->part_at, P->n);
		return -1;
	}
	if (P->wkey && P->wkey_seen == 0) {
		rs_fail(P->rd.e, RS_EINVAL, "%s: weight %s: no edge parameter of that name (%s%s)", P->rd.path, P->wkey,
			P->eparams[0] ? "its numeric ones: " : "its edges have no numeric parameters", P->eparams);
		return -1;
	}
	return 0;
}

/* A *Matrix section's entries as edges: each once where the matrix is
 * symmetric, arcs otherwise (a two-mode one's rows to its columns). */
static int pj_matrix_edges(struct pajek *P)
{
	int sym = P->M.count == 0 || P->n1 > 0 ? 1 : rs_matrix_symmetric(&P->M);
	if (sym < 0) {
		rs_fail(P->rd.e, RS_ENOMEM, "%s: out of memory", P->rd.path);
		return -1;
	}
	P->arcs |= !sym;
	for (long i = 0; i < P->M.count; i++)
		if ((!sym || P->M.u[i] <= P->M.v[i] || P->n1 > 0) &&
		    rs_edges_push(&P->E, P->M.u[i], P->M.v[i], P->M.w ? P->M.w[i] : 1.0, P->rd.e) != 0)
			return -1;
	P->weighted |= P->M.w != NULL;
	return 0;
}

/* What 'info' tells of the file: weights, arcs, networks, modes, the
 * parameters read and not read. */
static void pj_info(struct pajek *P, rs_load_info *info)
{
	info->lines = P->rd.lineno;
	info->weighted = P->weighted;
	info->symmetrized = P->arcs;
	info->networks = P->networks;
	info->two_mode = P->n1;
	if (P->weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", P->wkey ? P->wkey : "weight");
	/* numeric parameters not read as weights; the weights in place too
	 * where a parameter was */
	if (P->wkey && P->positional)
		rs_list_append(info->unread_attrs, sizeof info->unread_attrs, ", ", "weight");
	char *t = P->eparams, *k;
	while ((k = strsep(&t, ",")) != NULL) {
		k += strspn(k, " ");
		if (*k && (P->wkey == NULL || strcmp(k, P->wkey) != 0))
			rs_list_append(info->unread_attrs, sizeof info->unread_attrs, ", ", k);
	}
	/* the vertices' parameters and the partitions, for 'labels ATTR'
	 * after the load and for Tab (the first 10^4 vertices tell) */
	for (long i = 0; i < P->n && i < 10000; i++)
		if (P->param[i])
			pj_param(P->param[i], NULL, NULL, info->node_attrs, sizeof info->node_attrs, 0);
	if (P->part_names[0])
		rs_list_append(info->node_attrs, sizeof info->node_attrs, ", ", P->part_names);
}

/* The vertices' names in g: their labels, unless none is given or they
 * are the numbers (networkx writes its integer nodes, from 0, as labels);
 * a two-mode network's rows', then its columns'. */
static int pj_names(struct pajek *P, rs_graph *g)
{
	char **names = NULL;
	int rc = -1;
	for (long i = 0; i < P->n && names == NULL; i++)
		if (P->label[i] != NULL && (names = calloc((size_t)P->n, sizeof *names)) == NULL)
			goto oom;
	for (long i = 0; names && i < P->n; i++) {
		char num[32];
		snprintf(num, sizeof num, "%ld", i + 1);
		if ((names[i] = strdup(P->label[i] ? P->label[i] : num)) == NULL)
			goto oom;
	}
	if (names && rs_names_are_ids(names, P->n) < 0) {
		if (P->n1 > 0) {
			if ((g->cnames = calloc((size_t)(P->n - P->n1), sizeof *g->cnames)) == NULL)
				goto oom;
			memcpy(g->cnames, names + P->n1, (size_t)(P->n - P->n1) * sizeof *names);
			memset(names + P->n1, 0, (size_t)(P->n - P->n1) * sizeof *names);
		}
		g->names = names;
		names = NULL;
	}
	rc = 0;
	goto out;
oom:
	rs_fail(P->rd.e, RS_ENOMEM, "%s: out of memory", P->rd.path);
out:
	for (long i = 0; names && i < P->n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* Pajek (.net, .paj): '*Vertices N' (two modes: 'N N1', a bipartite
 * graph), vertex lines 'id ["label"] [x y [z]] [shape] [key value ...]',
 * then *Edges or *Arcs ('a b [w] [key value ...]': a missing weight is
 * 1), *Edgeslist or *Arcslist ('a b c ...': a to each), *Matrix; '%'
 * comments.  Of a project file (.paj) the first network, with its first
 * *Partition as labels.  Parameters are kept for labels ('labels KEY',
 * or 'value' and 'community') and weights ('weight KEY'), as networkx's
 * write_pajek writes node and edge attributes. */
rs_graph *rs_read_pajek(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct pajek P;
	memset(&P, 0, sizeof P);
	P.rd = (struct rs_reader){path, 0, e};
	P.o = o;
	P.n = -1;
	P.wkey = o->unweighted || o->weight_name == NULL || !strcasecmp(o->weight_name, "weight") ? NULL
												  : o->weight_name;
	rs_graph *g = NULL;
	enum pj_section sec = PJ_NONE;
	char *p = buf, *line;
	while ((line = rs_next_line(&p, &P.rd)) != NULL) {
		char *s = line + strspn(line, " \t");
		if (*s == '\0' || *s == '%')
			continue;
		if (*s != '*') {
			if (pj_line(&P, s, sec) != 0)
				goto fail;
			continue;
		}
		if (sec == PJ_MATRIX && P.mr < (P.n1 > 0 ? P.n1 : P.n) && (P.mr > 0 || P.mc > 0)) {
			RS_FAIL_AT(&P.rd, "the matrix ends at row %ld of %ld", P.mr + 1, P.n1 > 0 ? P.n1 : P.n);
			goto fail;
		}
		int next = pj_section(&P, s, sec);
		if (next < 0)
			goto fail;
		sec = (enum pj_section)next;
	}
	if (pj_complete(&P, sec) != 0 || pj_matrix_edges(&P) != 0)
		goto fail;
	pj_info(&P, info);
	long R = P.n1 > 0 ? P.n1 : P.n;
	g = rs_graph_build(R, P.n1 > 0 ? P.n - P.n1 : 0, P.n1 > 0, &P.E, o->merge, &info->merged, &info->dropped, e);
	if (g != NULL && (pj_names(&P, g) != 0 || pj_labels(&P, info) != 0)) {
		rs_graph_free(g);
		g = NULL;
	}
fail:
	free(P.label);
	free(P.param);
	free(P.part);
	rs_edges_free(&P.E);
	rs_edges_free(&P.M);
	return g;
}
