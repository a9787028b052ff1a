/* gdf.c: GUESS's GDF files (gdf.h). */
#include <config.h>

#include "gdf.h"

#include "labels.h"
#include "namemap.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_COLS 64

static const char *skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	return s;
}

int rs_gdf_is(const char *buf)
{
	const char *s = skip_blank(buf);
	return !strncasecmp(s, "nodedef>", 8) || !strncasecmp(s, "edgedef>", 8);
}

/* Splits line (in place) at commas outside quotes (single or double, a
 * doubled quote one quote), the quotes and the blanks around each value
 * removed; returns the number of fields (at most MAX_COLS). */
static int split(char *line, char **f)
{
	int n = 0;
	char *r = line;
	while (n < MAX_COLS) {
		while (*r == ' ' || *r == '\t')
			r++;
		char *w = r;
		f[n++] = w;
		if (*r == '\'' || *r == '"') {
			char q = *r++;
			while (*r) {
				if (*r == q && r[1] == q)
					r++;
				else if (*r == q)
					break;
				*w++ = *r++;
			}
			if (*r == q)
				r++;
			while (*r && *r != ',') /* anything after the closing quote is dropped */
				r++;
		} else {
			while (*r && *r != ',')
				*w++ = *r++;
			while (w > f[n - 1] && (w[-1] == ' ' || w[-1] == '\t' || w[-1] == '\r'))
				w--;
		}
		char *next = *r == ',' ? r + 1 : NULL;
		*w = '\0';
		if (next == NULL)
			break;
		r = next;
	}
	return n;
}

/* A section's column names: the first word of each declaration
 * ("name VARCHAR" -> "name"), in place. */
static int columns(char *decl, char **col)
{
	int n = split(decl, col);
	for (int c = 0; c < n; c++)
		col[c][strcspn(col[c], " \t")] = '\0';
	return n;
}

static int find_col(char **col, int n, const char *name)
{
	for (int c = 0; c < n; c++)
		if (!strcasecmp(col[c], name))
			return c;
	return -1;
}

/* The column named name, else fallback. */
static int find_col_or(char **col, int n, const char *name, int fallback)
{
	int c = find_col(col, n, name);
	return c >= 0 ? c : fallback;
}

/* A GDF file being read: its sections' columns, the nodes met (a node
 * section's or an edge's), the nodes' classes and display labels, the
 * edges. */
struct gdf {
	const char *path;
	const rs_load_opts *o;
	rs_load_info *info;
	rs_err *e;
	long line;
	int section; /* 0 none yet, 1 nodes, 2 edges */
	char *ncol[MAX_COLS], *ecol[MAX_COLS];
	int nn, ne;
	int kname, klabel, kclass, ks, kt, kw, kdir; /* columns, -1 absent */
	rs_namemap ids;
	char **label, **display; /* by node id: its class, its label */
	long cap, directed;
	rs_edges E;
};

/* A 'nodedef>' line's columns: the name, the display label, the class
 * (the one 'labels ATTR' names, else the first of a few usual names). */
static int gdf_nodedef(struct gdf *G, char *decl)
{
	static const char *const class_cols[] = {"class", "community", "value", "modularity_class", NULL};
	G->nn = columns(decl, G->ncol);
	G->kname = find_col_or(G->ncol, G->nn, "name", 0);
	G->klabel = find_col(G->ncol, G->nn, "label");
	if (G->o->label_attr) {
		G->kclass = find_col(G->ncol, G->nn, G->o->label_attr);
		if (G->kclass < 0) {
			char list[256] = "";
			for (int c = 0; c < G->nn; c++)
				rs_list_append(list, sizeof list, ", ", G->ncol[c]);
			rs_fail(G->e, RS_EINVAL, "%s:%ld: labels %s: no node column of that name (its columns: %s)",
				G->path, G->line, G->o->label_attr, list);
			return -1;
		}
	}
	for (int i = 0; !G->o->label_attr && class_cols[i] && G->kclass < 0; i++)
		G->kclass = find_col(G->ncol, G->nn, class_cols[i]);
	return 0;
}

/* An 'edgedef>' line's columns: the two nodes, the weight (or the one
 * 'weight NAME' names), whether an edge is directed. */
static int gdf_edgedef(struct gdf *G, char *decl)
{
	const rs_load_opts *o = G->o;
	G->ne = columns(decl, G->ecol);
	G->ks = find_col_or(G->ecol, G->ne, "node1", 0);
	G->kt = find_col_or(G->ecol, G->ne, "node2", 1);
	G->kw = find_col(G->ecol, G->ne, o->weight_name ? o->weight_name : "weight");
	G->kdir = find_col(G->ecol, G->ne, "directed");
	if (G->ne < 2 || G->ks == G->kt) {
		rs_fail(G->e, RS_EINVAL, "%s:%ld: edgedef> needs two node columns (node1, node2)", G->path, G->line);
		return -1;
	}
	if (o->weight_name && G->kw < 0 && !o->unweighted) {
		rs_fail(G->e, RS_EINVAL, "%s:%ld: weight %s: no edge column of that name", G->path, G->line,
			o->weight_name);
		return -1;
	}
	return 0;
}

/* A section's first line s: one node section, then one edge section. */
static int gdf_section(struct gdf *G, char *s)
{
	int nodes = tolower((unsigned char)s[0]) == 'n';
	if ((nodes && G->section != 0) || (!nodes && G->section == 2)) {
		rs_fail(G->e, RS_EINVAL, "%s:%ld: a second %s section", G->path, G->line, nodes ? "nodedef>" : "edgedef>");
		return -1;
	}
	G->section = nodes ? 1 : 2;
	/* split in place: the names stay in the buffer */
	return nodes ? gdf_nodedef(G, s + 8) : gdf_edgedef(G, s + 8);
}

/* Room for node id's class and label. */
static int gdf_room(struct gdf *G, long id)
{
	if (id < G->cap)
		return 0;
	long nc = G->cap ? 2 * G->cap : 64;
	char **nl = realloc(G->label, (size_t)nc * sizeof *nl);
	if (nl)
		G->label = nl;
	char **nd = nl ? realloc(G->display, (size_t)nc * sizeof *nd) : NULL;
	if (nd)
		G->display = nd;
	if (nl == NULL || nd == NULL) {
		rs_fail(G->e, RS_ENOMEM, "out of memory");
		return -1;
	}
	memset(G->label + G->cap, 0, (size_t)(nc - G->cap) * sizeof *G->label);
	memset(G->display + G->cap, 0, (size_t)(nc - G->cap) * sizeof *G->display);
	G->cap = nc;
	return 0;
}

/* A copy of field k of f (nf fields) into *to, unless absent or empty. */
static int gdf_keep(struct gdf *G, char **f, int nf, int k, char **to)
{
	if (k < 0 || k >= nf || f[k][0] == '\0')
		return 0;
	if ((*to = strdup(f[k])) == NULL) {
		rs_fail(G->e, RS_ENOMEM, "out of memory");
		return -1;
	}
	return 0;
}

/* A node line's fields: a new node, its class and its label. */
static int gdf_node(struct gdf *G, char **f, int nf)
{
	const char *name = nf > G->kname ? f[G->kname] : "";
	if (name[0] == '\0') {
		rs_fail(G->e, RS_EINVAL, "%s:%ld: a node without its %s", G->path, G->line, G->ncol[G->kname]);
		return -1;
	}
	long before = G->ids.count;
	long id = rs_nm_intern(&G->ids, name, strlen(name), 1, G->e);
	if (id < 0)
		return -1;
	if (id < before) {
		rs_fail(G->e, RS_EINVAL, "%s:%ld: node '%s' defined twice", G->path, G->line, name);
		return -1;
	}
	if (gdf_room(G, id) != 0 || gdf_keep(G, f, nf, G->kclass, &G->label[id]) != 0)
		return -1;
	return gdf_keep(G, f, nf, G->klabel, &G->display[id]);
}

/* An edge line's fields: its two nodes (new ones as met), its weight. */
static int gdf_edge(struct gdf *G, char **f, int nf)
{
	int ks = G->ks, kt = G->kt, kw = G->kw;
	if (nf <= ks || nf <= kt || f[ks][0] == '\0' || f[kt][0] == '\0') {
		rs_fail(G->e, RS_EINVAL, "%s:%ld: an edge without its two nodes", G->path, G->line);
		return -1;
	}
	long u = rs_nm_intern(&G->ids, f[ks], strlen(f[ks]), 1, G->e);
	long v = u < 0 ? -1 : rs_nm_intern(&G->ids, f[kt], strlen(f[kt]), 1, G->e);
	if (u < 0 || v < 0)
		return -1;
	double w = 1;
	if (kw >= 0 && kw < nf && f[kw][0] && !G->o->unweighted) {
		char *end;
		w = strtod(f[kw], &end);
		if (*end != '\0' || !isfinite(w) || w < 0) {
			rs_fail(G->e, RS_EINVAL, "%s:%ld: weight '%s': weights are numbers, finite and >= 0", G->path,
				G->line, f[kw]);
			return -1;
		}
	}
	if (G->kdir >= 0 && G->kdir < nf && !strcasecmp(f[G->kdir], "true"))
		G->directed++;
	if (w == 0) {
		G->info->dropped++;
		return 0;
	}
	return rs_edges_push(&G->E, u, v, w, G->e);
}

/* The lines of buf, each a section's first line, a node or an edge. */
static int gdf_lines(struct gdf *G, char *buf)
{
	char *f[MAX_COLS];
	for (char *p = buf, *next; p && *p; p = next) {
		next = strchr(p, '\n');
		if (next)
			*next++ = '\0';
		G->line++;
		char *s = (char *)skip_blank(p);
		if (*s == '\0')
			continue;
		int r;
		if (!strncasecmp(s, "nodedef>", 8) || !strncasecmp(s, "edgedef>", 8)) {
			r = gdf_section(G, s);
		} else if (G->section == 0) {
			rs_fail(G->e, RS_EINVAL, "%s:%ld: a line before nodedef> or edgedef>", G->path, G->line);
			r = -1;
		} else {
			int nf = split(s, f);
			r = G->section == 1 ? gdf_node(G, f, nf) : gdf_edge(G, f, nf);
		}
		if (r != 0)
			return -1;
	}
	return 0;
}

/* The classes of the n nodes as g's labels (nodes only edges name:
 * unlabelled). */
static int gdf_labels(struct gdf *G, long n)
{
	char **all = calloc((size_t)n, sizeof *all);
	if (all == NULL) {
		rs_fail(G->e, RS_ENOMEM, "out of memory");
		return -1;
	}
	for (long i = 0; i < n && i < G->cap; i++)
		all[i] = G->label[i];
	G->info->labels = rs_labels_from_strings((const char *const *)all, n, G->e);
	free(all);
	if (G->info->labels == NULL)
		return -1;
	snprintf(G->info->label_attr, sizeof G->info->label_attr, "%s", G->ncol[G->kclass]);
	return 0;
}

rs_graph *rs_gdf_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct gdf G = {.path = path, .o = o, .info = info, .e = e, .klabel = -1, .kclass = -1, .kt = 1, .kw = -1,
			.kdir = -1};
	rs_graph *g = NULL;
	if (gdf_lines(&G, buf) != 0)
		goto fail;
	long n = G.ids.count;
	if (n <= 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes", path);
		goto fail;
	}
	info->lines = G.line;
	for (int c = 0; c < G.nn; c++)
		rs_list_append(info->node_attrs, sizeof info->node_attrs, ", ", G.ncol[c]);
	info->weighted = G.kw >= 0 && !o->unweighted;
	info->symmetrized = G.directed > 0;
	if (info->weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", G.ecol[G.kw]);
	long dropped = info->dropped;
	g = rs_graph_build(n, 0, 0, &G.E, o->merge, &info->merged, &info->dropped, e);
	info->dropped += dropped;
	if (g == NULL)
		goto fail;
	rs_graph_take_names(g, G.ids.names, G.display, G.cap < n ? G.cap : n);
	if (G.kclass >= 0 && gdf_labels(&G, n) != 0) {
		rs_graph_free(g);
		g = NULL;
	}
fail:
	for (long i = 0; i < G.cap; i++) {
		free(G.label[i]);
		free(G.display[i]);
	}
	free(G.label);
	free(G.display);
	rs_edges_free(&G.E);
	rs_nm_free(&G.ids);
	return g;
}
