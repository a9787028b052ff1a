/* jsongraph.c: graphs kept as JSON (see jsongraph.h).  The text is read
 * in one pass: each node and link object keeps its scalar fields (a
 * Cytoscape element's "data" object, a JSON Graph Format element's
 * "metadata" and a CX2 element's "v" are read as its fields), nested
 * values are skipped, and the links are resolved against the nodes at the
 * end, since a file may list its links first (and CX1 their attributes
 * after them). */
#include <config.h>

#include "jsongraph.h"

#include "labels.h"
#include "namemap.h"
#include "textscan.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_DEPTH 200

/* A message at the reader's place; not over an out-of-memory one. */
static int fail(rs_textscan *J, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(rs_textscan *J, const char *fmt, ...)
{
	if (J->e->code == RS_ENOMEM)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	int rc = rs_scan_vfail(J, fmt, ap);
	va_end(ap);
	return rc;
}

static int oom(rs_textscan *J)
{
	return rs_fail(J->e, RS_ENOMEM, "%s: out of memory", J->path);
}

static int expect(rs_textscan *J, char c)
{
	rs_scan_blank(J);
	if (*J->p != c)
		return *J->p ? fail(J, "'%c' expected", c) : fail(J, "the JSON ends early (truncated file?)");
	J->p++;
	return 0;
}

/* A scalar value at J->p into *out (malloc'd text: a string decoded, a
 * number as written, true or false; NULL for null); *str says a string.
 * 1 when the value is an object or an array (left where it is). */
static int scalar(rs_textscan *J, char **out, int *str)
{
	rs_scan_blank(J);
	*out = NULL;
	*str = 0;
	const char *p = J->p;
	if (*p == '{' || *p == '[')
		return 1;
	if (*p == '"') {
		*str = 1;
		return rs_scan_json_string(J, out);
	}
	static const char *const words[] = {"true", "false", "null"};
	for (int w = 0; w < 3; w++)
		if (!strncmp(p, words[w], strlen(words[w]))) {
			J->p += strlen(words[w]);
			if (w < 2 && (*out = strdup(words[w])) == NULL)
				return oom(J);
			return 0;
		}
	/* Python's json module writes a float nan or inf so (allow_nan, its
	 * default), networkx's node_link_data with it: read as the number,
	 * which the weight and label rules then judge */
	static const char *const python[] = {"NaN", "Infinity", "-Infinity"};
	for (int w = 0; w < 3; w++)
		if (!strncmp(p, python[w], strlen(python[w]))) {
			J->p += strlen(python[w]);
			return (*out = strdup(python[w])) == NULL ? oom(J) : 0;
		}
	size_t l = strspn(p, "+-0123456789.eE");
	char *end;
	if (l == 0 || (strtod(p, &end), end != p + l))
		return *p ? fail(J, "a JSON value expected") : fail(J, "the JSON ends early (truncated file?)");
	if ((*out = strndup(p, l)) == NULL)
		return oom(J);
	J->p += l;
	return 0;
}

static int skip(rs_textscan *J);

/* Over an object's members or an array's values; each calls fn(J, key,
 * arg) at the value (key NULL in an array), which reads or skips it. */
static int members(rs_textscan *J, int object, int (*fn)(rs_textscan *, const char *, void *), void *arg)
{
	if (expect(J, object ? '{' : '[') != 0)
		return -1;
	if (++J->depth > MAX_DEPTH)
		return fail(J, "values nested more than %d deep", MAX_DEPTH);
	rs_scan_blank(J);
	if (*J->p == (object ? '}' : ']')) {
		J->p++;
		J->depth--;
		return 0;
	}
	for (;;) {
		char *key = NULL;
		if (object) {
			rs_scan_blank(J);
			if (*J->p != '"')
				return fail(J, *J->p ? "a member's name (a string) expected" : "the JSON ends early (truncated file?)");
			if (rs_scan_json_string(J, &key) != 0 || expect(J, ':') != 0) {
				free(key);
				return -1;
			}
		}
		rs_scan_blank(J);
		int rc = fn ? fn(J, key, arg) : skip(J);
		free(key);
		if (rc != 0)
			return -1;
		rs_scan_blank(J);
		if (*J->p == ',') {
			J->p++;
			continue;
		}
		if (*J->p != (object ? '}' : ']'))
			return *J->p ? fail(J, "',' or '%c' expected", object ? '}' : ']')
				     : fail(J, "the JSON ends early (truncated file?)");
		J->p++;
		J->depth--;
		return 0;
	}
}

static int skip(rs_textscan *J)
{
	char *v;
	int str, rc = scalar(J, &v, &str);
	free(v);
	if (rc != 1)
		return rc;
	return members(J, *J->p == '{', NULL, NULL);
}

/* The scalar fields of one node or link object. */
struct field {
	char *key, *val;
	int str;
	int data; /* from a Cytoscape element's "data" */
};

struct fields {
	struct field *f;
	long n, cap;
	int data; /* inside a Cytoscape element's "data" */
	int meta; /* inside a JSON Graph Format element's "metadata" (or CX2's "v") */
	int cx2;  /* CX2: an element's attributes are in "v" */
};

static void fields_clear(struct fields *F)
{
	for (long i = 0; i < F->n; i++) {
		free(F->f[i].key);
		free(F->f[i].val);
	}
	F->n = 0;
}

static const struct field *field(const struct fields *F, const char *key, int anycase)
{
	for (long i = 0; i < F->n; i++)
		if (anycase ? !strcasecmp(F->f[i].key, key) : !strcmp(F->f[i].key, key))
			return &F->f[i];
	return NULL;
}

static int one_field(rs_textscan *J, const char *key, void *arg)
{
	struct fields *F = arg;
	char *v;
	int str, rc = scalar(J, &v, &str);
	if (rc < 0)
		return -1;
	if (rc == 1) { /* a Cytoscape element's fields are its "data" */
		if (*J->p == '{' && !strcmp(key, "data") && !F->data) {
			F->data = 1;
			rc = members(J, 1, one_field, F);
			F->data = 0;
			return rc;
		}
		/* the JSON Graph Format's attributes are in "metadata", beside
		 * the element's own "id", "label", "source" and "target" */
		if (*J->p == '{' && (!strcmp(key, "metadata") || (F->cx2 && !strcmp(key, "v"))) && !F->meta) {
			F->meta = 1;
			rc = members(J, 1, one_field, F);
			F->meta = 0;
			return rc;
		}
		return members(J, *J->p == '{', NULL, NULL);
	}
	if (rs_grow(J->e, &F->f, &F->cap, F->n, sizeof *F->f, 8, "JSON fields") != 0) {
		free(v);
		return -1;
	}
	if ((F->f[F->n].key = strdup(key)) == NULL) {
		free(v);
		return oom(J);
	}
	F->f[F->n].val = v;
	F->f[F->n].data = F->data;
	F->f[F->n++].str = str;
	return 0;
}

/* What the file holds, as read: the nodes (their ids in a name map, in
 * order), and the links not resolved yet (those read before the nodes,
 * or with no nodes listed). */
/* The node fields read as labels where none is asked for, in this order
 * (class: what regspec's own writers call the ground truth). */
static const char *const label_keys[] = {"value", "community", "group", "class"};
#define NKEYS ((int)(sizeof label_keys / sizeof label_keys[0]))
struct node {
	char *name, *label[NKEYS + 1]; /* label: the one asked for, then label_keys' */
};
struct link {
	char *src, *tgt;
	int src_str, tgt_str; /* ends given as strings (ids), or numbers   */
	long row;             /* adjacency_data: the source's position, else -1 */
	double w;             /* NAN: none                                 */
	long line;
};

static const char *const weight_keys[] = {"weight", "weights", "value", "count"};

/* A CX1 attribute {"po": ID, "n": NAME, "v": VALUE} of a node or edge. */
struct cx_attr {
	char *po, *name, *val;
	int edge, str;
	long line;
};

/* A CX2 attribute declared with an alias: {"name": {"a": "n"}}. */
struct cx_alias {
	char *alias, *name;
	int edge;
};

struct graph_text {
	rs_textscan J;
	const rs_load_opts *o;
	struct node *node;
	long nn, ncap;
	rs_namemap ids;       /* the nodes' ids, where they have them      */
	struct link *link;    /* links to resolve at the end               */
	long nl, lcap;
	rs_edges E;           /* links resolved                            */
	long links;
	int any_id, directed, have_nodes, nodes_done, weighted;
	long graphs; /* the JSON Graph Format's "graphs": how many */
	int cx;               /* Cytoscape's CX: 1, or 2 for CX2; else 0 */
	rs_namemap edge_ids;  /* CX: the edges' ids ...                   */
	long *elink;          /* ... and the link each is                 */
	long elcap;
	struct cx_attr *pend; /* CX1's node and edge attributes, for the end */
	long npend, pcap;
	struct cx_alias *al;  /* CX2's attribute names by their aliases   */
	long nal, alcap;
	long adj_row; /* adjacency_data: the node whose neighbours are read */
	char weight_key[64]; /* the link field read as weights            */
	char unread[128], node_keys[256];
	struct fields F;
};

static char *dup_or_null(const struct field *f)
{
	return f && f->val ? strdup(f->val) : NULL;
}

/* A label: none for null, and for a NaN number (pandas' missing value,
 * which Python's json writes bare); a string "NaN" is a class. */
static char *label_or_null(const struct field *f)
{
	return f && !f->str && f->val && !strcmp(f->val, "NaN") ? NULL : dup_or_null(f);
}

/* A node object's fields, kept. */
static int take_node(struct graph_text *G)
{
	rs_textscan *J = &G->J;
	const struct fields *F = &G->F;
	if (G->o->max_nodes > 0 && G->nn >= G->o->max_nodes)
		return fail(J, "more than the %ld nodes allowed", G->o->max_nodes);
	if (rs_grow(J->e, &G->node, &G->ncap, G->nn, sizeof *G->node, 256, "nodes") != 0)
		return -1;
	const struct field *id = field(F, "id", 0), *name = field(F, "name", 0);
	int has_id = id != NULL && id->val != NULL;
	if (G->nn > 0 && has_id != G->any_id)
		return fail(J, "a node %s an \"id\" where those before it %s", has_id ? "has" : "without",
			    has_id ? "have none" : "have one");
	if (has_id) {
		long k = rs_nm_intern(&G->ids, id->val, strlen(id->val), 1, J->e);
		if (k < 0)
			return -1;
		if (k != G->nn)
			return fail(J, "two nodes have the id '%s'", id->val);
		G->any_id = 1;
	}
	struct node *N = &G->node[G->nn++];
	memset(N, 0, sizeof *N);
	if (name == NULL || !name->str)
		name = field(F, "label", 0);
	N->name = name && name->str ? dup_or_null(name) : NULL;
	const char *want = G->o->label_attr;
	N->label[0] = want ? label_or_null(field(F, want, 0)) : NULL;
	for (int k = 0; k < NKEYS; k++)
		N->label[k + 1] = label_or_null(field(F, label_keys[k], 0));
	for (long i = 0; i < F->n; i++)
		if (strcmp(F->f[i].key, "id") != 0)
			rs_list_add(G->node_keys, sizeof G->node_keys, F->f[i].key);
	if (name && name->str && name->val && !N->name)
		return oom(J);
	return 0;
}

/* A link's end: a node's id (or, where the nodes have none, its position
 * from 0); with no nodes listed, a new node at its first mention.  -1
 * (error set) when there is none. */
static long end_node(struct graph_text *G, const char *v, int str, long row, long line, const char *which)
{
	rs_err *e = G->J.e;
	if (row >= 0) { /* adjacency_data: the row's own node */
		if (row < G->nn)
			return row;
		return rs_fail(e, RS_EINVAL, "%s:%ld: more adjacency lists than the %ld nodes", G->J.path, line, G->nn);
	}
	if (G->have_nodes && !G->any_id) {
		char *end;
		long i = strtol(v, &end, 10);
		if (str || *end || end == v || i < 0 || i >= G->nn)
			return rs_fail(e, RS_EINVAL,
				       "%s:%ld: the link's %s '%s' is not a node's position (0 to %ld: the nodes have "
				       "no \"id\")",
				       G->J.path, line, which, v, G->nn - 1);
		return i;
	}
	long id = rs_nm_intern(&G->ids, v, strlen(v), !G->have_nodes, e);
	if (id == -2)
		return rs_fail(e, RS_EINVAL, "%s:%ld: the link's %s '%s' is not the id of a node", G->J.path, line, which,
			       v);
	if (id >= 0 && !G->have_nodes && G->o->max_nodes > 0 && id >= G->o->max_nodes)
		return rs_fail(e, RS_EINVAL, "%s:%ld: more than the %ld nodes allowed", G->J.path, line, G->o->max_nodes);
	return id;
}

/* A link between its ends, resolved: an edge (an undirected graph's
 * adjacency lists hold each edge twice: once is kept). */
static int add_link(struct graph_text *G, const char *src, int src_str, long row, const char *tgt, int tgt_str,
		    double w, long line)
{
	long u = end_node(G, src, src_str, row, line, "source");
	long v = u < 0 ? -1 : end_node(G, tgt, tgt_str, -1, line, "target");
	if (v < 0)
		return -1;
	if (row >= 0 && !G->directed && v < u)
		return 0;
	G->weighted |= !isnan(w);
	return rs_edges_push(&G->E, u, v, isnan(w) ? 1.0 : w, G->J.e);
}

/* A link object's fields: its ends and its weight, an edge at once where
 * the nodes are known, else kept for the end. */
static int take_link(struct graph_text *G, long line, const char *src_key)
{
	rs_textscan *J = &G->J;
	const struct fields *F = &G->F;
	const struct field *s = src_key ? NULL : field(F, "source", 0), *t = field(F, src_key ? "id" : "target", 0);
	if ((!src_key && (s == NULL || s->val == NULL)) || t == NULL || t->val == NULL)
		return fail(J, src_key ? "a neighbour without an 'id'" : "a link needs a 'source' and a 'target'");
	/* the weight: the field asked for, else the first of weight_keys */
	const char *want = G->o->unweighted ? NULL : G->o->weight_name;
	const struct field *w = NULL;
	double x = NAN;
	if (want)
		w = field(F, want, 0);
	for (size_t k = 0; !want && !G->o->unweighted && w == NULL && k < sizeof weight_keys / sizeof *weight_keys; k++)
		if ((w = field(F, weight_keys[k], 1)) != NULL && w->val == NULL)
			w = NULL;
	if (w != NULL && w->val != NULL) {
		char *end;
		x = strtod(w->val, &end);
		if (*end != '\0' || end == w->val)
			return fail(J, "the link's weight '%s' is not a number (its field '%s')", w->val, w->key);
		if (!isfinite(x) || x < 0)
			return fail(J, "weight %g: weights must be finite and >= 0", x);
		if (!G->weight_key[0])
			snprintf(G->weight_key, sizeof G->weight_key, "%s", w->key);
	}
	for (long i = 0; i < F->n; i++) {
		const struct field *f = &F->f[i];
		char *end;
		if (f != w && f != s && f != t && f->val && strcmp(f->key, "key") && strcmp(f->key, "id") &&
		    (strtod(f->val, &end), *end == '\0' && end != f->val))
			rs_list_add(G->unread, sizeof G->unread, f->key);
	}
	G->links++;
	long row = src_key ? G->adj_row : -1;
	if (G->nodes_done)
		return add_link(G, s ? s->val : "", s ? s->str : 0, row, t->val, t->str, x, line);
	if (rs_grow(J->e, &G->link, &G->lcap, G->nl, sizeof *G->link, 1024, "links") != 0)
		return -1;
	struct link *L = &G->link[G->nl];
	*L = (struct link){strdup(s ? s->val : ""), strdup(t->val), s ? s->str : 0, t->str, row, x, line};
	G->nl++;
	if (L->src == NULL || L->tgt == NULL)
		return oom(J);
	return 0;
}

/* An object's scalar fields into G->F ("WHAT expected to be an
 * objectAFTER" where the value is another); *line, where asked, the line
 * it opens on. */
static int object_fields(struct graph_text *G, const char *what, const char *after, long *line)
{
	rs_textscan *J = &G->J;
	rs_scan_blank(J);
	if (*J->p != '{')
		return fail(J, "%s expected to be an object%s", what, after);
	if (line)
		*line = rs_scan_line(J, J->p);
	fields_clear(&G->F);
	return members(J, 1, one_field, &G->F);
}

/* One element of "nodes", "links" ("edges"), a Cytoscape list or a list
 * of edge records: arg says which (0 node, 1 link, 2 either by its
 * "group" or its fields). */
static int element(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J; /* J is G's first member */
	int kind = (int)(long)arg;
	long line;
	(void)key;
	if (object_fields(G, kind == 0 ? "a node" : kind == 1 ? "a link" : "an element", "", &line) != 0)
		return -1;
	if (kind == 2) {
		const struct field *g = field(&G->F, "group", 0);
		kind = g && g->val && !g->data ? !strcmp(g->val, "edges") : field(&G->F, "source", 0) != NULL;
	}
	/* a Cytoscape element's own fields ("group", "selected", ...) are not
	 * the node's: those are in its "data" */
	int data = 0;
	for (long i = 0; i < G->F.n; i++)
		data |= G->F.f[i].data;
	for (long i = 0; data && i < G->F.n;)
		if (!G->F.f[i].data) {
			free(G->F.f[i].key);
			free(G->F.f[i].val);
			G->F.f[i] = G->F.f[--G->F.n];
		} else {
			i++;
		}
	if (kind == 0) {
		G->have_nodes = 1;
		return take_node(G);
	}
	return take_link(G, line, NULL);
}

static int top_member(rs_textscan *J, const char *key, void *arg);

/* One node of the JSON Graph Format's "nodes" object, {"ID": {...}}: the
 * member's name is its id. */
static int keyed_node(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	char what[300];
	(void)arg;
	snprintf(what, sizeof what, "the node '%s'", key);
	if (object_fields(G, what, "", NULL) != 0)
		return -1;
	const struct field *id = field(&G->F, "id", 0);
	if (id == NULL) {
		if (rs_grow(J->e, &G->F.f, &G->F.cap, G->F.n, sizeof *G->F.f, 8, "JSON fields") != 0)
			return -1;
		struct field *f = &G->F.f[G->F.n];
		*f = (struct field){strdup("id"), strdup(key), 1, 0};
		G->F.n++;
		if (f->key == NULL || f->val == NULL)
			return oom(J);
	}
	G->have_nodes = 1;
	return take_node(G);
}

/* The JSON Graph Format's "graphs": the first graph read, the others
 * counted. */
static int jgf_graph(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	(void)key;
	rs_scan_blank(J);
	if (G->graphs++ > 0)
		return skip(J);
	if (*J->p != '{')
		return fail(J, "a graph of \"graphs\" expected to be an object");
	return members(J, 1, top_member, arg);
}

/* One neighbour list of networkx's adjacency_data: the neighbours of the
 * adj_row-th node, objects with an "id". */
static int neighbour(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	long line;
	(void)key;
	(void)arg;
	if (object_fields(G, "a neighbour", " {\"id\": ...}", &line) != 0)
		return -1;
	return take_link(G, line, "id");
}

static int adjacency_row(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	(void)key;
	rs_scan_blank(J);
	if (*J->p != '[')
		return fail(J, "an adjacency list expected to be a list");
	int rc = members(J, 0, neighbour, arg);
	G->adj_row++;
	return rc;
}

/* Cytoscape.js: "elements" holds {"nodes": [...], "edges": [...]}, or a
 * list of elements. */
static int elements(rs_textscan *J, void *arg)
{
	rs_scan_blank(J);
	if (*J->p == '[')
		return members(J, 0, element, (void *)2L);
	if (*J->p == '{')
		return members(J, 1, top_member, arg);
	return fail(J, "\"elements\" expected to be an object or a list");
}

static int top_member(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	int nodes = !strcmp(key, "nodes"), links = !strcmp(key, "links") || !strcmp(key, "edges");
	rs_scan_blank(J);
	if (nodes && *J->p == '{') { /* the JSON Graph Format's nodes by id */
		int rc = members(J, 1, keyed_node, arg);
		G->nodes_done |= rc == 0;
		return rc;
	}
	/* the JSON Graph Format: {"graph": {...}} or {"graphs": [{...}, ...]};
	 * networkx's "graph" holds the graph's attributes, read the same way */
	if (!strcmp(key, "graph") && *J->p == '{' && G->graphs == 0) {
		G->graphs = 1;
		return members(J, 1, top_member, arg);
	}
	if (!strcmp(key, "graphs") && *J->p == '[' && G->graphs == 0)
		return members(J, 0, jgf_graph, arg);
	if ((nodes || links || !strcmp(key, "adjacency")) && *J->p != '[')
		return fail(J, "\"%s\" expected to be a list", key);
	if (nodes || links) {
		int rc = members(J, 0, element, (void *)(long)links);
		G->nodes_done |= nodes && rc == 0;
		return rc;
	}
	if (!strcmp(key, "adjacency"))
		return members(J, 0, adjacency_row, arg);
	if (!strcmp(key, "elements"))
		return elements(J, arg);
	if (!strcmp(key, "directed")) {
		char *v;
		int str, rc = scalar(J, &v, &str);
		G->directed = rc == 0 && v && !strcmp(v, "true");
		free(v);
		return rc == 1 ? skip(J) : rc;
	}
	return skip(J);
}

/* ------------------------------------------------------------ CX */

/* Cytoscape's CX, as NDEx serves networks: a list of aspects, each an
 * object holding a list.  CX1: "nodes" [{"@id", "n"}], "edges" [{"@id",
 * "s", "t"}], "nodeAttributes" and "edgeAttributes" [{"po", "n", "v"}];
 * CX2 (a first aspect {"CXVersion": "2.0"}): nodes {"id", "v": {...}},
 * edges {"id", "s", "t", "v": {...}}, the names in "v" shortened by the
 * aliases of "attributeDeclarations". */

/* Whether the text at p opens a CX list: '[', then an aspect whose first
 * member is numberVerification, CXVersion or metaData. */
static int cx_like(const char *p)
{
	p += strspn(p, " \t\r\n");
	if (*p++ != '[')
		return 0;
	p += strspn(p, " \t\r\n");
	if (*p++ != '{')
		return 0;
	p += strspn(p, " \t\r\n");
	return !strncmp(p, "\"numberVerification\"", 20) || !strncmp(p, "\"CXVersion\"", 11) ||
	       !strncmp(p, "\"metaData\"", 10);
}

/* Field from renamed to, if the element has it: 0, or -1 out of memory. */
static int rename_field(rs_textscan *J, struct fields *F, const char *from, const char *to)
{
	for (long i = 0; i < F->n; i++)
		if (!strcmp(F->f[i].key, from)) {
			char *k = strdup(to);
			if (k == NULL)
				return oom(J);
			free(F->f[i].key);
			F->f[i].key = k;
			return 0;
		}
	return 0;
}

/* A CX node or edge's fields, read, with the names the readers of
 * node-link data know. */
static int cx_fields(struct graph_text *G, int edge)
{
	rs_textscan *J = &G->J;
	G->F.cx2 = G->cx == 2;
	int rc = object_fields(G, edge ? "a CX edge" : "a CX node", "", NULL);
	G->F.cx2 = 0;
	if (rc != 0)
		return -1;
	for (long i = 0; i < G->nal; i++)
		if (G->al[i].edge == edge && rename_field(J, &G->F, G->al[i].alias, G->al[i].name) != 0)
			return -1;
	if (rename_field(J, &G->F, "@id", "id") != 0 || (G->cx == 1 && !edge && rename_field(J, &G->F, "n", "name") != 0))
		return -1;
	return edge ? rename_field(J, &G->F, "s", "source") || rename_field(J, &G->F, "t", "target") : 0;
}

static int cx_node(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	(void)key;
	(void)arg;
	if (cx_fields(G, 0) != 0)
		return -1;
	G->have_nodes = 1;
	return take_node(G);
}

static int cx_edge(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	(void)key;
	(void)arg;
	long line = rs_scan_line(J, J->p);
	if (cx_fields(G, 1) != 0)
		return -1;
	const struct field *id = field(&G->F, "id", 0);
	if (id && id->val) { /* CX1's edge attributes name the edge by it */
		long before = G->edge_ids.count, k = rs_nm_intern(&G->edge_ids, id->val, strlen(id->val), 1, J->e);
		if (k < 0)
			return -1;
		if (k < before)
			return fail(J, "two edges have the id '%s'", id->val);
		if (rs_grow(J->e, &G->elink, &G->elcap, k, sizeof *G->elink, 1024, "edge ids") != 0)
			return -1;
		G->elink[k] = G->nl;
	}
	return take_link(G, line, NULL);
}

/* A CX1 {"po": ID, "n": NAME, "v": VALUE}, kept for the end. */
static int cx_attribute(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	long line;
	(void)key;
	if (object_fields(G, "a CX attribute", "", &line) != 0)
		return -1;
	const struct field *po = field(&G->F, "po", 0), *n = field(&G->F, "n", 0), *v = field(&G->F, "v", 0);
	if (po == NULL || po->val == NULL || n == NULL || n->val == NULL || v == NULL || v->val == NULL)
		return 0; /* a list's values, or none: not a label or a weight */
	if (rs_grow(J->e, &G->pend, &G->pcap, G->npend, sizeof *G->pend, 1024, "CX attributes") != 0)
		return -1;
	struct cx_attr *a = &G->pend[G->npend++];
	*a = (struct cx_attr){strdup(po->val), strdup(n->val), strdup(v->val), arg != NULL, v->str, line};
	return a->po && a->name && a->val ? 0 : oom(J);
}

/* CX2's {"nodes": {NAME: {"d": TYPE, "a": ALIAS}}, "edges": {...}}. */
static int cx_declared(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	rs_scan_blank(J);
	if (*J->p != '{')
		return skip(J);
	fields_clear(&G->F);
	if (members(J, 1, one_field, &G->F) != 0)
		return -1;
	const struct field *a = field(&G->F, "a", 0);
	if (a == NULL || a->val == NULL)
		return 0;
	if (rs_grow(J->e, &G->al, &G->alcap, G->nal, sizeof *G->al, 16, "CX aliases") != 0)
		return -1;
	struct cx_alias *d = &G->al[G->nal++];
	*d = (struct cx_alias){strdup(a->val), strdup(key), arg != NULL};
	return d->alias && d->name ? 0 : oom(J);
}

static int cx_declarations(rs_textscan *J, const char *key, void *arg)
{
	(void)arg;
	rs_scan_blank(J);
	if (*J->p != '{' || (strcmp(key, "nodes") != 0 && strcmp(key, "edges") != 0))
		return skip(J);
	return members(J, 1, cx_declared, !strcmp(key, "edges") ? (void *)1L : NULL);
}

static int cx_declaration_list(rs_textscan *J, const char *key, void *arg)
{
	(void)key;
	rs_scan_blank(J);
	return *J->p == '{' ? members(J, 1, cx_declarations, arg) : skip(J);
}

static int cx_aspect_member(rs_textscan *J, const char *key, void *arg)
{
	struct graph_text *G = (struct graph_text *)J;
	rs_scan_blank(J);
	if (!strcmp(key, "CXVersion")) {
		char *v;
		int str, rc = scalar(J, &v, &str);
		if (rc == 0 && v && !strncmp(v, "2", 1))
			G->cx = 2;
		free(v);
		return rc == 1 ? skip(J) : rc;
	}
	int list = *J->p == '[';
	if (list && !strcmp(key, "nodes"))
		return members(J, 0, cx_node, arg);
	if (list && !strcmp(key, "edges"))
		return members(J, 0, cx_edge, arg);
	if (list && G->cx == 1 && (!strcmp(key, "nodeAttributes") || !strcmp(key, "edgeAttributes")))
		return members(J, 0, cx_attribute, !strcmp(key, "edgeAttributes") ? (void *)1L : NULL);
	if (list && G->cx == 2 && !strcmp(key, "attributeDeclarations"))
		return members(J, 0, cx_declaration_list, arg);
	return skip(J);
}

static int cx_aspect(rs_textscan *J, const char *key, void *arg)
{
	(void)key;
	rs_scan_blank(J);
	if (*J->p != '{')
		return fail(J, "a CX aspect expected to be an object {\"NAME\": [...]}");
	return members(J, 1, cx_aspect_member, arg);
}

/* CX1's node and edge attributes, kept until the nodes and edges were
 * read: the labels' candidates and the weights. */
static int cx_apply(struct graph_text *G)
{
	rs_textscan *J = &G->J;
	const char *want = G->o->label_attr, *wname = G->o->unweighted ? NULL : G->o->weight_name;
	for (long i = 0; i < G->npend; i++) {
		const struct cx_attr *a = &G->pend[i];
		rs_namemap *m = a->edge ? &G->edge_ids : &G->ids;
		long k = rs_nm_intern(m, a->po, strlen(a->po), 0, J->e);
		if (k < 0)
			return rs_fail(J->e, RS_EINVAL, "%s:%ld: %sAttributes: \"po\": %s names no %s of the file", J->path,
				       a->line, a->edge ? "edge" : "node", a->po, a->edge ? "edge" : "node");
		if (!a->edge) {
			struct node *N = &G->node[k];
			rs_list_add(G->node_keys, sizeof G->node_keys, a->name);
			for (int c = 0; c <= NKEYS; c++)
				if (c == 0 ? want && !strcmp(a->name, want) : !strcmp(a->name, label_keys[c - 1])) {
					free(N->label[c]);
					if ((N->label[c] = strdup(a->val)) == NULL)
						return oom(J);
				}
			continue;
		}
		char *end;
		double x = strtod(a->val, &end);
		int number = *a->val && *end == '\0';
		int is_weight = wname ? !strcmp(a->name, wname) : !G->o->unweighted && !strcasecmp(a->name, "weight");
		if (!is_weight) {
			if (number)
				rs_list_add(G->unread, sizeof G->unread, a->name);
			continue;
		}
		if (!number)
			return rs_fail(J->e, RS_EINVAL, "%s:%ld: the edge's weight '%s' is not a number", J->path, a->line,
				       a->val);
		if (!isfinite(x) || x < 0)
			return rs_fail(J->e, RS_EINVAL, "%s:%ld: weight %g: weights must be finite and >= 0", J->path,
				       a->line, x);
		G->link[G->elink[k]].w = x;
		if (!G->weight_key[0])
			snprintf(G->weight_key, sizeof G->weight_key, "%s", a->name);
	}
	return 0;
}

/* The labels: the node field asked for, else value, community, group or class. */
static int json_labels(struct graph_text *G, long n, rs_load_info *info, rs_err *e)
{
	const char *want = G->o->label_attr;
	int k = want ? 0 : -1;
	for (int c = 1; k < 0 && c <= NKEYS; c++) {
		/* a field every node has, each its own value, names the nodes
		 * (networkx's cytoscape_data writes the node as its "value"):
		 * not classes */
		rs_namemap seen = {0};
		long have = 0, distinct = 0;
		for (long i = 0; i < G->nn && distinct >= 0; i++)
			if (G->node[i].label[c]) {
				have++;
				distinct = rs_nm_intern(&seen, G->node[i].label[c], strlen(G->node[i].label[c]), 1, e) < 0
						   ? -1
						   : seen.count;
			}
		rs_nm_free(&seen);
		if (distinct < 0)
			return -1;
		if (have > 0 && !(have == G->nn && distinct == G->nn && G->nn > 1))
			k = c;
	}
	if (k < 0)
		return 0;
	const char **v = rs_zalloc(e, (size_t)(n > 0 ? n : 1), sizeof *v, "labels");
	if (v == NULL)
		return -1;
	int any = 0;
	for (long i = 0; i < G->nn && i < n; i++)
		any |= (v[i] = G->node[i].label[k]) != NULL;
	int rc = -1;
	if (!any) {
		rs_fail(e, RS_EINVAL, "labels '%s': no such file, nor a node attribute of %s (%s%s)", want,
			G->J.path, G->node_keys[0] ? "its node attributes: " : "its nodes have no attributes",
			G->node_keys);
	} else if ((info->labels = rs_labels_from_strings(v, n, e)) != NULL) {
		snprintf(info->label_attr, sizeof info->label_attr, "%s", k == 0 ? want : label_keys[k - 1]);
		rc = 0;
	}
	free(v);
	return rc;
}

static void text_free(struct graph_text *G)
{
	for (long i = 0; i < G->nn; i++) {
		free(G->node[i].name);
		for (int k = 0; k <= NKEYS; k++)
			free(G->node[i].label[k]);
	}
	free(G->node);
	for (long i = 0; i < G->nl; i++) {
		free(G->link[i].src);
		free(G->link[i].tgt);
	}
	free(G->link);
	fields_clear(&G->F);
	free(G->F.f);
	for (long i = 0; i < G->npend; i++) {
		free(G->pend[i].po);
		free(G->pend[i].name);
		free(G->pend[i].val);
	}
	free(G->pend);
	for (long i = 0; i < G->nal; i++) {
		free(G->al[i].alias);
		free(G->al[i].name);
	}
	free(G->al);
	free(G->elink);
	rs_nm_free(&G->edge_ids);
	rs_edges_free(&G->E);
	rs_nm_free(&G->ids);
}

static int graph_member(rs_textscan *J, const char *key, void *arg)
{
	static const char *const keys[] = {"nodes", "links", "edges", "adjacency", "elements", "graph", "graphs"};
	rs_scan_blank(J);
	for (size_t i = 0; i < sizeof keys / sizeof keys[0] && (*J->p == '[' || *J->p == '{'); i++)
		if (!strcmp(key, keys[i]))
			*(int *)arg = 1;
	return skip(J);
}

int rs_json_graph_like(const char *buf)
{
	rs_err e = {0};
	rs_textscan J = {buf, buf, "", 1, 0, &e};
	if (!strncmp(J.p, "\xef\xbb\xbf", 3))
		J.p += 3;
	rs_scan_blank(&J);
	if (*J.p != '{')
		return 1;
	int found = 0;
	return members(&J, 1, graph_member, &found) != 0 || found;
}

/* The JSON value: an object (node-link data, Cytoscape.js, JGF, a
 * network's), NDEx's CX aspects, or a list of edges, and nothing after
 * it; 0, or -1 with the error set */
static int json_value(struct graph_text *G)
{
	rs_textscan *J = &G->J;
	if (!strncmp(J->p, "\xef\xbb\xbf", 3))
		J->p += 3;
	rs_scan_blank(J);
	int rc;
	if (*J->p == '{')
		rc = members(J, 1, top_member, NULL);
	else if (cx_like(J->p))
		rc = (G->cx = 1, members(J, 0, cx_aspect, NULL));
	else if (*J->p == '[')
		rc = members(J, 0, element, (void *)2L);
	else
		rc = fail(J, "a JSON graph is an object {\"nodes\": [...], \"links\": [...]} or a list of edges");
	if (rc != 0)
		return -1;
	rs_scan_blank(J);
	if (*J->p != '\0')
		return fail(J, "more text after the JSON value");
	return 0;
}

/* The edges, once the whole value is read: CX's applied, the links read
 * before the nodes (or with none listed) added, the weights asked for
 * checked; the nodes' count, or -1 with e set */
static long json_edges(struct graph_text *G, const char *path, rs_err *e)
{
	const rs_load_opts *o = G->o;
	if (!G->have_nodes && G->links == 0)
		return rs_fail(e, RS_EINVAL,
			       "%s: no \"nodes\" or \"links\": not a JSON graph (node-link data {\"nodes\": [...], "
			       "\"links\": [...]}, Cytoscape.js \"elements\", or a list of edges {\"source\": ..., "
			       "\"target\": ...}; a partition {\"node\": class} is read by 'labels')",
			       path);
	if (G->cx == 1 && cx_apply(G) != 0)
		return -1;
	G->nodes_done = 1;
	for (long i = 0; i < G->nl; i++) {
		const struct link *L = &G->link[i];
		if (add_link(G, L->src, L->src_str, L->row, L->tgt, L->tgt_str, L->w, L->line) != 0)
			return -1;
	}
	if (o->weight_name && !o->unweighted && !G->weighted && G->links > 0)
		return rs_fail(e, RS_EINVAL, "%s: weight %s: no link has a field of that name (%s%s)", path,
			       o->weight_name, G->unread[0] ? "their numeric fields: " : "they have no numeric fields",
			       G->unread);
	long n = G->have_nodes ? G->nn : G->ids.count;
	if (n == 0)
		return rs_fail(e, RS_EINVAL, "%s: no nodes", path);
	return n;
}

/* The n nodes' names (allocated, into *names): a node's "name" (or
 * "label"), else its id; 0, or -1 out of memory */
static int json_names(struct graph_text *G, long n, char ***names)
{
	*names = G->any_id || !G->have_nodes ? rs_nm_take(&G->ids) : NULL;
	if (!G->have_nodes || (*names == NULL && (*names = calloc((size_t)n, sizeof **names)) == NULL))
		return 0;
	for (long i = 0; i < n; i++) {
		char **to = &(*names)[i];
		if (G->node[i].name) {
			free(*to);
			*to = G->node[i].name;
			G->node[i].name = NULL;
		} else if (*to == NULL) {
			char num[32];
			snprintf(num, sizeof num, "%ld", i);
			*to = strdup(num);
		}
		if (*to == NULL)
			return -1;
	}
	return 0;
}

rs_graph *rs_json_graph(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			rs_err *e)
{
	struct graph_text G;
	memset(&G, 0, sizeof G);
	G.J = (rs_textscan){buf, buf, path, 1, 0, e};
	G.o = o;
	e->code = 0;
	rs_graph *g = NULL;
	char **names = NULL;
	long n = 0;
	if (json_value(&G) != 0 || (n = json_edges(&G, path, e)) < 0)
		goto out;
	info->lines = rs_scan_line(&G.J, G.J.p);
	snprintf(info->node_attrs, sizeof info->node_attrs, "%s", G.node_keys);
	info->networks = G.graphs;
	info->weighted = G.weighted;
	info->symmetrized = G.directed;
	if (G.weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", G.weight_key);
	snprintf(info->unread_attrs, sizeof info->unread_attrs, "%s", G.unread);
	g = rs_graph_build(n, 0, 0, &G.E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto out;
	/* names: none where they are the positions (0..n-1 or 1..n) */
	if (json_names(&G, n, &names) != 0) {
		rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
		goto drop;
	}
	if (names && rs_names_are_ids(names, n) < 0) {
		g->names = names;
		names = NULL;
	}
	if (json_labels(&G, n, info, e) == 0)
		goto out;
drop:
	rs_graph_free(g);
	g = NULL;
out:
	for (long i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
	text_free(&G);
	return g;
}
