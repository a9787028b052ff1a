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

rs_graph *rs_gdf_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
		       rs_err *e)
{
	rs_namemap ids = {0};
	rs_edges E = {0};
	rs_graph *g = NULL;
	char *ncol[MAX_COLS], *ecol[MAX_COLS], *f[MAX_COLS];
	int nn = 0, ne = 0, section = 0; /* 1 nodes, 2 edges */
	int kname = 0, klabel = -1, kclass = -1, ks = 0, kt = 1, kw = -1, kdir = -1;
	char **label = NULL, **display = NULL; /* by node id: its class, its label */
	long cap = 0, line = 0, directed = 0;
	static const char *const class_cols[] = {"class", "community", "value", "modularity_class",
						 NULL};
	for (char *p = buf, *next; p && *p; p = next) {
		next = strchr(p, '\n');
		if (next)
			*next++ = '\0';
		line++;
		char *s = (char *)skip_blank(p);
		if (*s == '\0')
			continue;
		if (!strncasecmp(s, "nodedef>", 8) || !strncasecmp(s, "edgedef>", 8)) {
			int nodes = tolower((unsigned char)s[0]) == 'n';
			if ((nodes && section != 0) || (!nodes && section == 2)) {
				rs_fail(e, RS_EINVAL, "%s:%ld: a second %s section", path, line,
					nodes ? "nodedef>" : "edgedef>");
				goto fail;
			}
			section = nodes ? 1 : 2;
			char *decl = s + 8; /* split in place: the names stay in buf */
			if (nodes) {
				nn = columns(decl, ncol);
				kname = find_col_or(ncol, nn, "name", 0);
				klabel = find_col(ncol, nn, "label");
				if (o->label_attr) {
					kclass = find_col(ncol, nn, o->label_attr);
					if (kclass < 0) {
						char list[256] = "";
						for (int c = 0; c < nn; c++)
							rs_list_append(list, sizeof list, ", ",
								       ncol[c]);
						rs_fail(e, RS_EINVAL,
							"%s:%ld: labels %s: no node column of that "
							"name (its "
							"columns: %s)",
							path, line, o->label_attr, list);
						goto fail;
					}
				}
				for (int i = 0; !o->label_attr && class_cols[i] && kclass < 0; i++)
					kclass = find_col(ncol, nn, class_cols[i]);
			} else {
				ne = columns(decl, ecol);
				ks = find_col_or(ecol, ne, "node1", 0);
				kt = find_col_or(ecol, ne, "node2", 1);
				kw = find_col(ecol, ne, o->weight_name ? o->weight_name : "weight");
				kdir = find_col(ecol, ne, "directed");
				if (ne < 2 || ks == kt) {
					rs_fail(e, RS_EINVAL,
						"%s:%ld: edgedef> needs two node columns (node1, "
						"node2)",
						path, line);
					goto fail;
				}
				if (o->weight_name && kw < 0 && !o->unweighted) {
					rs_fail(e, RS_EINVAL,
						"%s:%ld: weight %s: no edge column of that name",
						path, line, o->weight_name);
					goto fail;
				}
			}
			continue;
		}
		if (section == 0) {
			rs_fail(e, RS_EINVAL, "%s:%ld: a line before nodedef> or edgedef>", path,
				line);
			goto fail;
		}
		int nf = split(s, f);
		if (section == 1) {
			if (nf <= kname || f[kname][0] == '\0') {
				rs_fail(e, RS_EINVAL, "%s:%ld: a node without its %s", path, line,
					ncol[kname]);
				goto fail;
			}
			long before = ids.count;
			long id = rs_nm_intern(&ids, f[kname], strlen(f[kname]), 1, e);
			if (id < 0)
				goto fail;
			if (id < before) {
				rs_fail(e, RS_EINVAL, "%s:%ld: node '%s' defined twice", path, line,
					f[kname]);
				goto fail;
			}
			if (id >= cap) {
				long nc = cap ? 2 * cap : 64;
				char **nl = realloc(label, (size_t)nc * sizeof *nl),
				     **nd = nl ? realloc(display, (size_t)nc * sizeof *nd) : NULL;
				if (nl)
					label = nl;
				if (nd)
					display = nd;
				if (nl == NULL || nd == NULL) {
					rs_fail(e, RS_ENOMEM, "out of memory");
					goto fail;
				}
				memset(label + cap, 0, (size_t)(nc - cap) * sizeof *label);
				memset(display + cap, 0, (size_t)(nc - cap) * sizeof *display);
				cap = nc;
			}
			if (kclass >= 0 && kclass < nf && f[kclass][0])
				label[id] = strdup(f[kclass]);
			if (klabel >= 0 && klabel < nf && f[klabel][0])
				display[id] = strdup(f[klabel]);
			continue;
		}
		if (nf <= ks || nf <= kt || f[ks][0] == '\0' || f[kt][0] == '\0') {
			rs_fail(e, RS_EINVAL, "%s:%ld: an edge without its two nodes", path, line);
			goto fail;
		}
		long u = rs_nm_intern(&ids, f[ks], strlen(f[ks]), 1, e),
		     v = u < 0 ? -1 : rs_nm_intern(&ids, f[kt], strlen(f[kt]), 1, e);
		if (u < 0 || v < 0)
			goto fail;
		double w = 1;
		if (kw >= 0 && kw < nf && f[kw][0] && !o->unweighted) {
			char *end;
			w = strtod(f[kw], &end);
			if (*end != '\0' || !isfinite(w) || w < 0) {
				rs_fail(e, RS_EINVAL,
					"%s:%ld: weight '%s': weights are numbers, finite and >= 0",
					path, line, f[kw]);
				goto fail;
			}
		}
		if (kdir >= 0 && kdir < nf && !strcasecmp(f[kdir], "true"))
			directed++;
		if (w != 0 && rs_edges_push(&E, u, v, w, e) != 0)
			goto fail;
		if (w == 0)
			info->dropped++;
	}
	long n = ids.count;
	if (n <= 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes", path);
		goto fail;
	}
	info->lines = line;
	for (int c = 0; c < nn; c++)
		rs_list_append(info->node_attrs, sizeof info->node_attrs, ", ", ncol[c]);
	info->weighted = kw >= 0 && !o->unweighted;
	info->symmetrized = directed > 0;
	if (info->weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", ecol[kw]);
	long dropped = info->dropped;
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
	info->dropped += dropped;
	if (g == NULL)
		goto fail;
	rs_graph_take_names(g, ids.names, display, cap < n ? cap : n);
	if (kclass >= 0) {
		char **all = calloc((size_t)n, sizeof *all); /* nodes only edges name: unlabelled */
		for (long i = 0; all && i < n && i < cap; i++)
			all[i] = label[i];
		info->labels = all ? rs_labels_from_strings((const char *const *)all, n, e) : NULL;
		free(all);
		if (info->labels == NULL) {
			if (all == NULL)
				rs_fail(e, RS_ENOMEM, "out of memory");
			rs_graph_free(g);
			g = NULL;
			goto fail;
		}
		snprintf(info->label_attr, sizeof info->label_attr, "%s", ncol[kclass]);
	}
fail:
	for (long i = 0; i < cap; i++) {
		free(label[i]);
		free(display[i]);
	}
	free(label);
	free(display);
	rs_edges_free(&E);
	rs_nm_free(&ids);
	return g;
}
