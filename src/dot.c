/* dot.c: GraphViz's DOT language (dot.h), read by recursive descent over
 * the grammar of GraphViz's "The DOT Language": a statement list of node,
 * edge and attribute statements, 'ID = ID' graph attributes and
 * subgraphs, which nest and may stand for their nodes at either end of an
 * edge. */
#include <config.h>

#include "dot.h"

#include "labels.h"
#include "namemap.h"
#include "textscan.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_DEPTH 100 /* subgraphs inside subgraphs */
#define NCOL 3	      /* node attributes read for labels at once */

enum tok { T_END, T_ID, T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK, T_EQ, T_SEMI, T_COMMA, T_COLON, T_EDGE };

/* A node attribute that may hold the labels: its value by node. */
struct column {
	const char *name;
	char **v;
	long cap;
	int seen;
};

/* What a graph or subgraph body sets for what it holds. */
struct scope {
	const char *def[NCOL]; /* the columns' node defaults (NULL none)   */
	char *own[NCOL];       /* ... those this scope set, freed with it  */
	const char *label;     /* the name a 'node [label=...]' default gives */
	char *own_label;       /* ... when this scope set it               */
	double w;              /* the edge default weight ...              */
	int has_w;             /* ... when 'edge [weight=...]' set one     */
	long cluster;          /* the innermost cluster subgraph, -1 none  */
	int opens_cluster;     /* this body is that cluster's own          */
};

struct dot {
	rs_textscan S;
	const char *buf;
	const rs_load_opts *o;
	rs_load_info *info;
	/* the token just read */
	enum tok t;
	int quoted;	/* a quoted or HTML string: never a keyword */
	int html;
	int arrow;	/* T_EDGE: '->' rather than '--' */
	const char *at; /* where it starts */
	char *tok;	/* its text, decoded */
	long tokcap;
	long len;
	char *key; /* a word kept while the next token is read */
	long keycap;
	/* the graph */
	int directed, weighted, depth;
	const char *wname; /* the edge attribute read as weights, NULL none */
	rs_namemap ids;
	rs_edges E;
	char **name; /* by node: its 'label' */
	long ncap;
	int32_t *clu; /* by node: its cluster, -1 none */
	struct column col[NCOL];
	int ncol;
	char **cname, **clabel; /* the clusters' names and labels */
	long ncl, clcap;
	long *mem; /* the nodes named in the open subgraphs, and an edge
		      statement's ends, as ranges of it */
	long nmem, memcap;
	long *chain; /* an edge statement's ends: [start, end) of mem each */
	long nchain, chaincap;
	char nattrs[200]; /* the node attributes seen, for messages */
};

static int oom(struct dot *D)
{
	return rs_fail(D->S.e, RS_ENOMEM, "out of memory");
}

/* "path:line: ..." at the current token. */
static int fail(struct dot *D, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct dot *D, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (D->at && D->at >= D->S.seen)
		D->S.p = D->at;
	rs_scan_vfail(&D->S, fmt, ap);
	va_end(ap);
	return -1;
}

/* ------------------------------------------------------------ tokens */

static int put(struct dot *D, char c)
{
	if (rs_grow(D->S.e, &D->tok, &D->tokcap, D->len + 1, 1, 64, "a DOT token") != 0)
		return -1;
	D->tok[D->len++] = c;
	D->tok[D->len] = '\0';
	return 0;
}

static int id_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

static int digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Past blanks, comments ('//', '/ * * /') and the lines a C preprocessor
 * leaves ('#' first on its line). */
static int skip(struct dot *D)
{
	const char *p = D->S.p;
	for (;;) {
		p += strspn(p, " \t\r\n\f\v");
		if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
		} else if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");
			if (end == NULL) {
				D->S.p = D->at = p;
				return fail(D, "a comment '/*' that does not end");
			}
			p = end + 2;
		} else if (*p == '#') {
			const char *q = p;
			while (q > D->buf && (q[-1] == ' ' || q[-1] == '\t'))
				q--;
			if (q > D->buf && q[-1] != '\n')
				break;
			p += strcspn(p, "\n");
		} else {
			break;
		}
	}
	D->S.p = p;
	return 0;
}

/* A double-quoted string at p, its pieces joined by '+' ("a" + "b"):
 * '\"' is a quote, a backslash before a line end joins the lines, every
 * other backslash stays ('\\' too, as GraphViz's own reader keeps them
 * for a label's escapes, read later). */
static int quoted(struct dot *D, const char *p)
{
	for (;;) {
		const char *open = p++;
		for (;;) {
			if (*p == '\0') {
				D->at = open;
				return fail(D, "a quoted string that does not end");
			}
			if (p[0] == '\\' && p[1] == '"') {
				if (put(D, '"') != 0)
					return -1;
				p += 2;
			} else if (p[0] == '\\' && p[1] == '\\') { /* kept, but it escapes no quote */
				if (put(D, '\\') != 0 || put(D, '\\') != 0)
					return -1;
				p += 2;
			} else if (p[0] == '\\' && (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))) {
				p += p[1] == '\n' ? 2 : 3;
			} else if (*p == '"') {
				p++;
				break;
			} else if (put(D, *p++) != 0) {
				return -1;
			}
		}
		D->S.p = p;
		if (skip(D) != 0)
			return -1;
		const char *q = D->S.p;
		if (*q != '+')
			break;
		D->S.p = q + 1;
		if (skip(D) != 0)
			return -1;
		if (*D->S.p != '"') {
			D->at = q;
			return fail(D, "'+' joins quoted strings: a quoted string must follow it");
		}
		p = D->S.p;
	}
	D->S.p = p; /* the blanks after it are skipped again: harmless */
	return 0;
}

/* An HTML string <...>, its angle brackets nested; kept as written. */
static int html(struct dot *D, const char *p)
{
	const char *open = p;
	int depth = 0;
	do {
		if (*p == '\0') {
			D->at = open;
			return fail(D, "an HTML string '<' that does not end: its '>' is missing");
		}
		depth += *p == '<' ? 1 : *p == '>' ? -1 : 0;
		if ((depth > 1 || (depth == 1 && *p != '<')) && put(D, *p) != 0)
			return -1;
		p++;
	} while (depth > 0);
	D->S.p = p;
	return 0;
}

static int next(struct dot *D)
{
	if (skip(D) != 0)
		return -1;
	const char *p = D->S.p;
	D->at = p;
	D->quoted = D->html = 0;
	D->len = 0;
	if (D->tok == NULL && rs_grow(D->S.e, &D->tok, &D->tokcap, 0, 1, 64, "a DOT token") != 0)
		return -1;
	D->tok[0] = '\0';
	static const char single[] = "{}[]=;,:";
	static const enum tok single_t[] = {T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK, T_EQ, T_SEMI, T_COMMA, T_COLON};
	const char *c = *p ? strchr(single, *p) : NULL;
	if (*p == '\0') {
		D->t = T_END;
		return 0;
	}
	if (c) {
		D->t = single_t[c - single];
		D->S.p = p + 1;
		return 0;
	}
	if (p[0] == '-' && (p[1] == '-' || p[1] == '>')) {
		D->t = T_EDGE;
		D->arrow = p[1] == '>';
		D->S.p = p + 2;
		return 0;
	}
	D->t = T_ID;
	if (*p == '"') {
		D->quoted = 1;
		return quoted(D, p);
	}
	if (*p == '<') {
		D->quoted = D->html = 1;
		return html(D, p);
	}
	const char *s = p;
	if (id_start((unsigned char)*p)) {
		while (id_start((unsigned char)*p) || digit(*p))
			p++;
	} else if (digit(*p) || ((*p == '-' || *p == '.') && (digit(p[1]) || (p[1] == '.' && digit(p[2]))))) {
		p += *p == '-';
		while (digit(*p))
			p++;
		if (*p == '.')
			for (p++; digit(*p);)
				p++;
		/* an exponent, which DOT's numerals lack but some writers put
		 * unquoted (GraphViz splits 1e-07 into 1, e and -07) */
		if ((*p == 'e' || *p == 'E') && (digit(p[1]) || ((p[1] == '-' || p[1] == '+') && digit(p[2]))))
			for (p += 2; digit(*p);)
				p++;
	} else {
		unsigned char u = (unsigned char)*p;
		return u >= 0x20 && u < 0x7F ? fail(D, "unexpected '%c'", *p) : fail(D, "unexpected byte 0x%02x", u);
	}
	for (; s < p; s++)
		if (put(D, *s) != 0)
			return -1;
	D->S.p = p;
	return 0;
}

static int is_kw(const struct dot *D, const char *w)
{
	return D->t == T_ID && !D->quoted && !strcasecmp(D->tok, w);
}

static int keyword(const struct dot *D)
{
	static const char *const kw[] = {"node", "edge", "graph", "digraph", "subgraph", "strict"};
	for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
		if (is_kw(D, kw[i]))
			return 1;
	return 0;
}

/* What the current token is, for messages. */
static const char *shown(const struct dot *D)
{
	static const char *const name[] = {"the end of the file", "", "'{'", "'}'", "'['", "']'", "'='", "';'",
					   "','", "':'", ""};
	if (D->t == T_EDGE)
		return D->arrow ? "'->'" : "'--'";
	return D->t == T_ID ? D->tok : name[D->t];
}

/* The current token's text, kept in D->key. */
static int keep(struct dot *D)
{
	if (D->len + 1 > D->keycap) {
		char *k = realloc(D->key, (size_t)D->len + 64);
		if (k == NULL)
			return oom(D);
		D->key = k;
		D->keycap = D->len + 64;
	}
	memcpy(D->key, D->tok, (size_t)D->len + 1);
	return 0;
}

/* ------------------------------------------------------------ the graph */

static int push_long(struct dot *D, long **a, long *n, long *cap, long v)
{
	if (rs_grow(D->S.e, a, cap, *n, sizeof **a, 64, "a DOT statement") != 0)
		return -1;
	(*a)[(*n)++] = v;
	return 0;
}

static void add_name(char *list, size_t size, const char *w)
{
	size_t l = strlen(w);
	for (const char *p = list; (p = strstr(p, w)) != NULL; p += l)
		if ((p == list || p[-1] == ' ') && (p[l] == ',' || p[l] == '\0'))
			return;
	rs_list_append(list, size, ", ", w);
}

/* Room in column C for node k's value, the new slots empty. */
static int cover(struct dot *D, struct column *C, long k)
{
	if (k < C->cap)
		return 0;
	long c = C->cap > 0 ? 2 * C->cap : 256;
	if (c <= k)
		c = k + 1;
	char **v = realloc(C->v, (size_t)c * sizeof *v);
	if (v == NULL)
		return oom(D);
	memset(v + C->cap, 0, (size_t)(c - C->cap) * sizeof *v);
	C->v = v;
	C->cap = c;
	return 0;
}

/* Node s's id, the node added (with the defaults of sc) if new. */
static long node(struct dot *D, const char *s, const struct scope *sc)
{
	long before = D->ids.count;
	if (D->o->max_nodes > 0 && before >= D->o->max_nodes) {
		long k = rs_nm_intern(&D->ids, s, strlen(s), 0, D->S.e);
		if (k == -2)
			return fail(D, "more than the %ld nodes allowed", D->o->max_nodes);
		return k;
	}
	long k = rs_nm_intern(&D->ids, s, strlen(s), 1, D->S.e);
	if (k < 0)
		return -1;
	if (k == before) {
		long cap = D->ncap;
		if (rs_grow(D->S.e, &D->name, &cap, k, sizeof *D->name, 256, "node names") != 0 ||
		    rs_grow(D->S.e, &D->clu, &D->ncap, k, sizeof *D->clu, 256, "clusters") != 0)
			return -1;
		D->name[k] = NULL;
		D->clu[k] = -1;
		if (sc->label && (D->name[k] = strdup(sc->label)) == NULL)
			return oom(D);
		for (int c = 0; c < D->ncol; c++) {
			struct column *C = &D->col[c];
			if (sc->def[c] == NULL)
				continue;
			if (cover(D, C, k) != 0)
				return -1;
			if ((C->v[k] = strdup(sc->def[c])) == NULL)
				return oom(D);
		}
	}
	if (D->clu[k] < 0 && sc->cluster >= 0) /* a node's cluster: the first it is named in */
		D->clu[k] = (int32_t)sc->cluster;
	return k;
}

static int set_value(struct dot *D, char **slot, const char *v)
{
	char *copy = strdup(v);
	if (copy == NULL)
		return oom(D);
	free(*slot);
	*slot = copy;
	return 0;
}

/* The current token, a label, as a node's name, in place: GraphViz's line
 * breaks (\n, \l, \r) as blanks; NULL for "\N" (the default, the
 * node's id), an HTML label or one of blanks alone. */
static const char *label_name(struct dot *D)
{
	if (D->html || !strcmp(D->tok, "\\N"))
		return NULL;
	char *w = D->tok;
	for (const char *r = D->tok; *r; r++) {
		if (r[0] == '\\' && (r[1] == 'n' || r[1] == 'l' || r[1] == 'r')) {
			r++;
			if (w > D->tok && w[-1] != ' ')
				*w++ = ' ';
		} else {
			*w++ = *r;
		}
	}
	while (w > D->tok && w[-1] == ' ')
		w--;
	*w = '\0';
	return D->tok[0] ? D->tok : NULL;
}

static int weight_value(struct dot *D, double *w)
{
	char *end;
	*w = strtod(D->tok, &end);
	if (D->tok[0] == '\0' || *end != '\0')
		return fail(D, "weight '%s': not a number", D->tok);
	if (!isfinite(*w) || *w < 0)
		return fail(D, "weight %s: weights are numbers, finite and >= 0", D->tok);
	return 0;
}

/* Edge attributes that are numbers but say how to draw, not how strong. */
static int drawing_attr(const char *k)
{
	static const char *const draw[] = {"fontsize", "arrowsize", "labelfontsize", "labelangle", "labeldistance",
					   "lp", "pos", "headport", "tailport"};
	for (size_t i = 0; i < sizeof draw / sizeof draw[0]; i++)
		if (!strcmp(k, draw[i]))
			return 1;
	return 0;
}

enum target { A_NODE, A_NODE_DEFAULT, A_EDGE, A_GRAPH };

/* key = the current token, for what kind names (node k, the edge being
 * read with its weight in *w, or sc's defaults). */
static int attribute(struct dot *D, enum target kind, const char *key, struct scope *sc, long k, double *w)
{
	if (kind == A_EDGE) {
		if (D->wname && !strcmp(key, D->wname)) {
			D->weighted = 1;
			return weight_value(D, w);
		}
		char *end;
		if (!D->html && (strtod(D->tok, &end), end != D->tok && *end == '\0') && !drawing_attr(key))
			add_name(D->info->unread_attrs, sizeof D->info->unread_attrs, key);
		return 0;
	}
	if (kind == A_GRAPH) {
		if (!strcmp(key, "label") && sc->opens_cluster && !D->html)
			return set_value(D, &D->clabel[sc->cluster], D->tok);
		return 0;
	}
	add_name(D->nattrs, sizeof D->nattrs, key);
	for (int c = 0; c < D->ncol; c++) {
		struct column *C = &D->col[c];
		if (strcmp(key, C->name) != 0)
			continue;
		C->seen = 1;
		if (kind == A_NODE_DEFAULT) {
			if (set_value(D, &sc->own[c], D->tok) != 0)
				return -1;
			sc->def[c] = sc->own[c];
		} else if (cover(D, C, k) != 0 || set_value(D, &C->v[k], D->tok) != 0) {
			return -1;
		}
	}
	if (strcmp(key, "label") != 0)
		return 0;
	const char *name = label_name(D);
	if (kind == A_NODE)
		return name ? set_value(D, &D->name[k], name) : 0;
	free(sc->own_label); /* a default for the nodes named after it */
	sc->own_label = NULL;
	if (name && (sc->own_label = strdup(name)) == NULL)
		return oom(D);
	sc->label = sc->own_label;
	return 0;
}

/* Attribute lists, '[a=b, c=d; e=f][g=h]', for kind. */
static int attr_lists(struct dot *D, enum target kind, struct scope *sc, long k, double *w)
{
	while (D->t == T_LBRACK) {
		if (next(D) != 0)
			return -1;
		while (D->t != T_RBRACK) {
			if (D->t == T_COMMA || D->t == T_SEMI) {
				if (next(D) != 0)
					return -1;
				continue;
			}
			if (D->t == T_END)
				return fail(D, "the file ends inside an attribute list: its ']' is missing");
			if (D->t != T_ID)
				return fail(D, "%s in an attribute list, where NAME=VALUE or ']' goes", shown(D));
			if (keep(D) != 0 || next(D) != 0)
				return -1;
			if (D->t != T_EQ)
				return fail(D, "attribute '%s' without '=VALUE'", D->key);
			if (next(D) != 0)
				return -1;
			if (D->t != T_ID)
				return fail(D, "attribute '%s =' without its value (%s follows; a value is a word, a "
					    "number or a quoted string)", D->key, shown(D));
			if (attribute(D, kind, D->key, sc, k, w) != 0 || next(D) != 0)
				return -1;
		}
		if (next(D) != 0)
			return -1;
	}
	return 0;
}

static void scope_end(struct scope *sc)
{
	for (int c = 0; c < NCOL; c++)
		free(sc->own[c]);
	free(sc->own_label);
}

static int stmt_list(struct dot *D, struct scope *sc);

/* A subgraph at the current token ('subgraph [NAME] {...}' or '{...}'):
 * the nodes named inside it are added to D->mem. */
static int subgraph(struct dot *D, const struct scope *parent)
{
	char *name = NULL;
	if (is_kw(D, "subgraph")) {
		if (next(D) != 0)
			return -1;
		if (D->t == T_ID && !keyword(D) && (name = strdup(D->tok)) == NULL)
			return oom(D);
		if (name && next(D) != 0) {
			free(name);
			return -1;
		}
	}
	if (D->t != T_LBRACE) {
		int rc = name ? fail(D, "subgraph %s without its '{ ... }' (a subgraph named again is not read)", name)
			      : fail(D, "'subgraph' without its '{ ... }'");
		free(name);
		return rc;
	}
	if (D->depth >= MAX_DEPTH) {
		free(name);
		return fail(D, "subgraphs nested more than %d deep", MAX_DEPTH);
	}
	struct scope sc = *parent;
	memset(sc.own, 0, sizeof sc.own);
	sc.own_label = NULL;
	sc.opens_cluster = 0;
	if (name && !strncmp(name, "cluster", 7)) {
		long c2 = D->clcap;
		if (rs_grow(D->S.e, &D->cname, &c2, D->ncl, sizeof *D->cname, 16, "clusters") != 0 ||
		    rs_grow(D->S.e, &D->clabel, &D->clcap, D->ncl, sizeof *D->clabel, 16, "clusters") != 0) {
			free(name);
			return -1;
		}
		D->cname[D->ncl] = name;
		D->clabel[D->ncl] = NULL;
		sc.cluster = D->ncl++;
		sc.opens_cluster = 1;
		name = NULL;
	}
	free(name);
	D->depth++;
	int rc = next(D) != 0 || stmt_list(D, &sc) != 0 || next(D) != 0 ? -1 : 0;
	D->depth--;
	scope_end(&sc);
	return rc;
}

/* A node's ports after its id (':port', ':port:compass'), passed over. */
static int ports(struct dot *D)
{
	while (D->t == T_COLON) {
		if (next(D) != 0)
			return -1;
		if (D->t != T_ID)
			return fail(D, "%s after ':', where a port goes", shown(D));
		if (next(D) != 0)
			return -1;
	}
	return 0;
}

/* An edge statement's end at the current token, a node (with a port,
 * ignored) or a subgraph: its nodes appended to D->mem. */
static int operand(struct dot *D, struct scope *sc)
{
	if (is_kw(D, "subgraph") || D->t == T_LBRACE)
		return subgraph(D, sc);
	if (D->t != T_ID || keyword(D))
		return fail(D, "%s where a node or a subgraph goes", shown(D));
	long k = node(D, D->tok, sc);
	if (k < 0 || push_long(D, &D->mem, &D->nmem, &D->memcap, k) != 0 || next(D) != 0)
		return -1;
	return ports(D);
}

/* The rest of an edge statement whose first end is mem[first..]: the
 * other ends, the attributes, then every edge. */
static int edges(struct dot *D, struct scope *sc, long first)
{
	long base = D->nchain;
	if (push_long(D, &D->chain, &D->nchain, &D->chaincap, first) != 0)
		return -1;
	while (D->t == T_EDGE) {
		if (D->arrow != D->directed)
			return fail(D, "%s in a %s", shown(D),
				    D->directed ? "digraph (its edges are '->')" : "graph (its edges are '--'; "
										 "a directed graph is a 'digraph')");
		if (push_long(D, &D->chain, &D->nchain, &D->chaincap, D->nmem) != 0 || next(D) != 0 ||
		    operand(D, sc) != 0)
			return -1;
	}
	if (push_long(D, &D->chain, &D->nchain, &D->chaincap, D->nmem) != 0)
		return -1;
	double w = sc->has_w ? sc->w : 1;
	if (attr_lists(D, A_EDGE, sc, -1, &w) != 0)
		return -1;
	/* ends [chain[i], chain[i+1]): the i-th of the statement; subgraphs
	 * at both ends of an edge multiply, so memory is asked first */
	double more = 0;
	for (long i = base; i + 2 < D->nchain; i++)
		more += (double)(D->chain[i + 1] - D->chain[i]) * (double)(D->chain[i + 2] - D->chain[i + 1]);
	if (more > 1e6 && rs_graph_too_large((double)D->ids.count, (double)D->E.count + more) > 0)
		return fail(D, "this edge statement makes %.0f edges (every node of a subgraph to every node of the "
			    "next), more than this machine's memory holds", more);
	for (long i = base; i + 2 < D->nchain; i++)
		for (long a = D->chain[i]; a < D->chain[i + 1]; a++)
			for (long b = D->chain[i + 1]; b < D->chain[i + 2]; b++) {
				if (w == 0) {
					D->info->dropped++;
					continue;
				}
				if (rs_edges_push(&D->E, D->mem[a], D->mem[b], w, D->S.e) != 0)
					return -1;
			}
	D->nchain = base;
	return 0;
}

static int stmt(struct dot *D, struct scope *sc)
{
	if (is_kw(D, "graph") || is_kw(D, "node") || is_kw(D, "edge")) {
		enum target kind = is_kw(D, "graph") ? A_GRAPH : is_kw(D, "node") ? A_NODE_DEFAULT : A_EDGE;
		if (keep(D) != 0 || next(D) != 0)
			return -1;
		if (D->t != T_LBRACK)
			return fail(D, "'%s' without its attributes, '%s [NAME=VALUE]'", D->key, D->key);
		double w = NAN;
		if (attr_lists(D, kind, sc, -1, &w) != 0)
			return -1;
		if (kind == A_EDGE && !isnan(w)) {
			sc->w = w;
			sc->has_w = 1;
		}
		return 0;
	}
	long first = D->nmem;
	if (is_kw(D, "subgraph") || D->t == T_LBRACE) {
		if (subgraph(D, sc) != 0)
			return -1;
		return D->t == T_EDGE ? edges(D, sc, first) : 0;
	}
	if (D->t != T_ID || keyword(D))
		return fail(D, "%s where a statement goes (a node, an edge, 'node', 'edge', 'graph' or 'subgraph')",
			    shown(D));
	if (keep(D) != 0 || next(D) != 0)
		return -1;
	if (D->t == T_EQ) { /* a graph attribute, ID = ID */
		if (next(D) != 0)
			return -1;
		if (D->t != T_ID)
			return fail(D, "'%s =' without its value (%s follows)", D->key, shown(D));
		return attribute(D, A_GRAPH, D->key, sc, -1, NULL) != 0 ? -1 : next(D);
	}
	long k = node(D, D->key, sc);
	if (k < 0 || push_long(D, &D->mem, &D->nmem, &D->memcap, k) != 0 || ports(D) != 0)
		return -1;
	if (D->t == T_EDGE)
		return edges(D, sc, first);
	return attr_lists(D, A_NODE, sc, k, NULL);
}

/* Statements up to the '}' that closes the body (the current token). */
static int stmt_list(struct dot *D, struct scope *sc)
{
	for (;;) {
		if (D->t == T_RBRACE)
			return 0;
		if (D->t == T_END)
			return fail(D, "the file ends inside the graph: a '}' is missing (truncated file?)");
		if (D->t == T_SEMI) {
			if (next(D) != 0)
				return -1;
			continue;
		}
		if (stmt(D, sc) != 0)
			return -1;
		if (D->depth == 0)
			D->nmem = 0; /* top-level statements keep no nodes */
	}
}

/* '[strict] graph|digraph [NAME] {' at the current token, read; *directed
 * set. */
static int header(struct dot *D, int *directed)
{
	if (is_kw(D, "strict") && next(D) != 0)
		return -1;
	if (!is_kw(D, "graph") && !is_kw(D, "digraph"))
		return fail(D, "%s where a DOT graph starts ('graph NAME {' or 'digraph NAME {')", shown(D));
	*directed = is_kw(D, "digraph");
	if (next(D) != 0)
		return -1;
	if (D->t == T_ID && !keyword(D) && next(D) != 0)
		return -1;
	if (D->t != T_LBRACE)
		return fail(D, "%s where the graph's '{' goes", shown(D));
	return next(D);
}

/* The graphs after the first: counted, their tokens read to their '}'. */
static long more_graphs(struct dot *D)
{
	long graphs = 1;
	while (D->t != T_END) {
		int directed;
		if (header(D, &directed) != 0)
			return -1;
		for (long depth = 1; depth > 0;) {
			if (D->t == T_END)
				return fail(D, "the file ends inside its graph %ld: a '}' is missing (truncated file?)",
					    graphs + 1);
			depth += D->t == T_LBRACE ? 1 : D->t == T_RBRACE ? -1 : 0;
			if (next(D) != 0)
				return -1;
		}
		graphs++;
	}
	return graphs;
}

int rs_dot_is(const char *buf)
{
	rs_err e = {0};
	struct dot D;
	memset(&D, 0, sizeof D);
	D.S = (rs_textscan){buf, buf, "", 1, 0, &e};
	D.buf = buf;
	int directed, is = next(&D) == 0 && (is_kw(&D, "strict") || is_kw(&D, "graph") || is_kw(&D, "digraph")) &&
			   header(&D, &directed) == 0;
	free(D.tok);
	return is;
}

static void dot_free(struct dot *D)
{
	for (long i = 0; i < D->ids.count && i < D->ncap; i++)
		free(D->name[i]);
	for (int c = 0; c < D->ncol; c++) {
		for (long i = 0; i < D->col[c].cap; i++)
			free(D->col[c].v[i]);
		free(D->col[c].v);
	}
	for (long i = 0; i < D->ncl; i++) {
		free(D->cname[i]);
		free(D->clabel[i]);
	}
	free(D->cname);
	free(D->clabel);
	free(D->name);
	free(D->clu);
	free(D->mem);
	free(D->chain);
	free(D->tok);
	free(D->key);
	rs_edges_free(&D->E);
	rs_nm_free(&D->ids);
}

/* The labels, from the first column any node has a value of, else from
 * the clusters (where no column was asked for, or 'subgraph' was). */
static int labels(struct dot *D, long n, rs_err *e)
{
	const char *want = D->o->label_attr;
	int by_cluster = want && (!strcmp(want, "subgraph") || !strcmp(want, "cluster"));
	for (int c = 0; c < D->ncol; c++) {
		struct column *C = &D->col[c];
		if (!C->seen || cover(D, C, n - 1) != 0)
			continue;
		D->info->labels = rs_labels_from_strings((const char *const *)C->v, n, e);
		snprintf(D->info->label_attr, sizeof D->info->label_attr, "%s", C->name);
		return D->info->labels ? 0 : -1;
	}
	if (D->ncl > 0 && (want == NULL || by_cluster)) {
		const char **v = calloc((size_t)n, sizeof *v);
		if (v == NULL)
			return oom(D);
		for (long i = 0; i < n; i++)
			v[i] = D->clu[i] < 0 ? NULL : D->clabel[D->clu[i]] ? D->clabel[D->clu[i]] : D->cname[D->clu[i]];
		D->info->labels = rs_labels_from_strings(v, n, e);
		free(v);
		D->info->label_partition = 2;
		snprintf(D->info->label_attr, sizeof D->info->label_attr, "%s", "cluster");
		return D->info->labels ? 0 : -1;
	}
	if (want)
		return rs_fail(e, RS_EINVAL, "labels '%s': no such file, nor a node attribute of %s (%s%s)%s", want,
			       D->S.path, D->nattrs[0] ? "its node attributes: " : "its nodes have no attributes",
			       D->nattrs, D->ncl ? "; 'labels subgraph' reads its cluster subgraphs" : "");
	return 0;
}

rs_graph *rs_dot_graph(const char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct dot D;
	memset(&D, 0, sizeof D);
	D.S = (rs_textscan){buf, buf, path, 1, 0, e};
	D.buf = buf;
	D.o = o;
	D.info = info;
	D.wname = o->unweighted ? NULL : o->weight_name ? o->weight_name : "weight";
	static const char *const classes[] = {"value", "community", "class"};
	int by_cluster = o->label_attr && (!strcmp(o->label_attr, "subgraph"));
	D.ncol = o->label_attr ? !by_cluster : NCOL;
	for (int c = 0; c < D.ncol; c++)
		D.col[c].name = o->label_attr ? o->label_attr : classes[c];
	struct scope sc;
	memset(&sc, 0, sizeof sc);
	sc.cluster = -1;
	rs_graph *g = NULL;
	long graphs = 0;
	if (next(&D) != 0 || header(&D, &D.directed) != 0 || stmt_list(&D, &sc) != 0 || next(&D) != 0 ||
	    (graphs = more_graphs(&D)) < 0)
		goto out;
	long n = D.ids.count;
	if (n == 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes", path);
		goto out;
	}
	info->lines = rs_scan_line(&D.S, D.S.p);
	snprintf(info->node_attrs, sizeof info->node_attrs, "%s", D.nattrs);
	info->weighted = D.weighted;
	info->symmetrized = D.directed && D.E.count > 0;
	info->networks = graphs;
	if (D.weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", D.wname);
	if (o->weight_name && !o->unweighted && !D.weighted) {
		rs_fail(e, RS_EINVAL, "%s: weight %s: no edge has that attribute%s%s", path, o->weight_name,
			info->unread_attrs[0] ? " (the numeric ones: " : "", info->unread_attrs[0] ? info->unread_attrs : "");
		if (info->unread_attrs[0])
			snprintf(e->msg + strlen(e->msg), sizeof e->msg - strlen(e->msg), ")");
		goto out;
	}
	long dropped = info->dropped;
	g = rs_graph_build(n, 0, 0, &D.E, o->merge, &info->merged, &info->dropped, e);
	info->dropped += dropped;
	if (g == NULL)
		goto out;
	rs_graph_take_names(g, D.ids.names, D.name, n);
	if (labels(&D, n, e) != 0) {
		rs_graph_free(g);
		g = NULL;
	}
out:
	scope_end(&sc);
	dot_free(&D);
	return g;
}
