/* leda.c: LEDA's native graph format (leda.h). */
#include <config.h>

#include "leda.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The next line that is neither blank nor a '#' comment, its end's
 * blanks dropped; NULL at the end.  *line counts the lines. */
static char *next_line(char **p, long *line)
{
	while (*p && **p) {
		char *s = *p, *nl = strchr(s, '\n');
		*p = nl ? nl + 1 : s + strlen(s);
		if (nl)
			*nl = '\0';
		++*line;
		size_t n = strlen(s);
		while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
			s[--n] = '\0';
		s += strspn(s, " \t");
		if (*s && *s != '#')
			return s;
	}
	return NULL;
}

int rs_leda_is(const char *buf)
{
	const char *s = buf;
	for (;;) {
		s += strspn(s, " \t\r\n");
		if (*s != '#')
			break;
		s += strcspn(s, "\n");
	}
	return !strncmp(s, "LEDA.GRAPH", 10) && strchr(" \t\r\n", s[10]) != NULL;
}

/* A label '|{text}|' at s, its text in place (NULL when s is not one). */
static char *label_text(char *s)
{
	size_t n = strlen(s);
	if (n < 4 || strncmp(s, "|{", 2) != 0 || strcmp(s + n - 2, "}|") != 0)
		return NULL;
	s[n - 2] = '\0';
	return s + 2;
}

/* A count line: a number >= 0, else -1. */
static long count(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	return *s && *end == '\0' && v >= 0 ? v : -1;
}

rs_graph *rs_leda_graph(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	rs_edges E = {0};
	rs_graph *g = NULL;
	char **name = NULL, *p = buf, *s;
	long line = 0, n = -1, m = -1;
	char *head = next_line(&p, &line);
	if (head == NULL || strncmp(head, "LEDA.GRAPH", 10) != 0) {
		rs_fail(e, RS_EINVAL, "%s:%ld: not a LEDA graph (its first line is 'LEDA.GRAPH')", path, line);
		return NULL;
	}
	char *ntype = next_line(&p, &line), *etype = ntype ? next_line(&p, &line) : NULL;
	if (etype == NULL) {
		rs_fail(e, RS_EINVAL, "%s: the file ends before the node and edge types (truncated file?)", path);
		return NULL;
	}
	int named = strcasecmp(ntype, "void") != 0;
	int numeric = !strcasecmp(etype, "int") || !strcasecmp(etype, "long") || !strcasecmp(etype, "float") ||
		      !strcasecmp(etype, "double");
	/* the direction, -1 or -2 (LEDA 5 on), or already the node count */
	if ((s = next_line(&p, &line)) != NULL && (!strcmp(s, "-1") || !strcmp(s, "-2"))) {
		info->symmetrized = !strcmp(s, "-1");
		s = next_line(&p, &line);
	}
	if (s == NULL || (n = count(s)) < 0) {
		rs_fail(e, RS_EINVAL, s ? "%s:%ld: '%s' is not a node count" : "%s:%ld: the file ends before the node count%s",
			path, line, s ? s : " (truncated file?)");
		return NULL;
	}
	if (o->max_nodes > 0 && n > o->max_nodes) {
		rs_fail(e, RS_EINVAL, "%s:%ld: %ld nodes, more than the %ld allowed", path, line, n, o->max_nodes);
		return NULL;
	}
	if ((size_t)n > (strlen(p) + 1) / 5) { /* a node's line is at least '|{}|' and its end */
		rs_fail(e, RS_EINVAL, "%s:%ld: %ld node%s, more than the rest of the file has lines for (truncated or "
				      "miscounted?)", path, line, n, n == 1 ? "" : "s");
		return NULL;
	}
	if (n > 0 && (name = calloc((size_t)n, sizeof *name)) == NULL) {
		rs_fail(e, RS_ENOMEM, "%s: %ld nodes: out of memory", path, n);
		return NULL;
	}
	for (long i = 0; i < n; i++) {
		if ((s = next_line(&p, &line)) == NULL) {
			rs_fail(e, RS_EINVAL, "%s:%ld: the file ends after %ld of its %ld nodes (truncated file?)", path, line,
				i, n);
			goto out;
		}
		char *t = label_text(s);
		if (t == NULL) {
			rs_fail(e, RS_EINVAL, "%s:%ld: node %ld's line '%.40s' is not a label '|{...}|'", path, line, i + 1, s);
			goto out;
		}
		if (named && *t && (name[i] = strdup(t)) == NULL) {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto out;
		}
	}
	if ((s = next_line(&p, &line)) == NULL || (m = count(s)) < 0) {
		rs_fail(e, RS_EINVAL, s ? "%s:%ld: '%s' is not an edge count" : "%s:%ld: the file ends before the edge count%s",
			path, line, s ? s : " (truncated file?)");
		goto out;
	}
	for (long k = 0; k < m; k++) {
		if ((s = next_line(&p, &line)) == NULL) {
			rs_fail(e, RS_EINVAL, "%s:%ld: the file ends after %ld of its %ld edges (truncated file?)", path, line, k, m);
			goto out;
		}
		char *end;
		long u = strtol(s, &end, 10), v = strtol(end, &end, 10);
		strtol(end, &end, 10); /* the reversal edge */
		end += strspn(end, " \t");
		size_t l = strlen(end);
		if (u < 1 || u > n || v < 1 || v > n || (l > 0 && (l < 4 || strncmp(end, "|{", 2) || strcmp(end + l - 2, "}|")))) {
			rs_fail(e, RS_EINVAL, "%s:%ld: '%.60s' is not an edge 'SOURCE TARGET REVERSAL |{label}|' of nodes 1 to %ld",
				path, line, s, n);
			goto out;
		}
		char *t = l > 0 ? label_text(end) : NULL;
		double w = 1;
		if (numeric && t && *t && !o->unweighted) {
			w = strtod(t, &end);
			if (*end != '\0' || !isfinite(w) || w < 0) {
				rs_fail(e, RS_EINVAL, "%s:%ld: weight '%s': weights are numbers, finite and >= 0", path, line, t);
				goto out;
			}
			info->weighted = 1;
		}
		if (rs_edges_push(&E, u - 1, v - 1, w, e) != 0)
			goto out;
	}
	info->lines = line;
	if (info->weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", "label");
	if (n == 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes", path);
		goto out;
	}
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
	int any = 0; /* a node labelled: every node named, those without by their number */
	for (long i = 0; named && i < n && !any; i++)
		any = name[i] != NULL;
	if (g != NULL && any && (g->names = calloc((size_t)n, sizeof *g->names)) != NULL) {
		for (long i = 0; i < n; i++) {
			char num[24];
			snprintf(num, sizeof num, "%ld", i + 1);
			g->names[i] = name[i] ? name[i] : strdup(num);
			name[i] = NULL;
			if (g->names[i] == NULL) {
				rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
				rs_graph_free(g);
				g = NULL;
				goto out;
			}
		}
	}
out:
	for (long i = 0; name && i < n; i++)
		free(name[i]);
	free(name);
	rs_edges_free(&E);
	return g;
}
