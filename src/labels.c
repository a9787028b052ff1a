/* labels.c: reading ground-truth classes. */
#include <config.h>

#include "labels.h"

#include "graphio.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

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

rs_labels *rs_labels_from_ints(const int32_t *y, long n, rs_err *e)
{
	rs_labels *L = rs_zalloc(e, 1, sizeof *L, "labels");
	if (L == NULL)
		return NULL;
	L->n = n;
	L->y = rs_alloc(e, (size_t)n, sizeof *L->y, "labels");
	if (L->y == NULL) {
		rs_labels_free(L);
		return NULL;
	}
	memcpy(L->y, y, (size_t)n * sizeof *y);
	if (finish(L, e) != 0) {
		rs_labels_free(L);
		return NULL;
	}
	return L;
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

/* Find node by name or numeric id. */
static long find_node(const rs_graph *g, const char *tok)
{
	if (g->names) {
		for (long i = 0; i < g->orig_n; i++)
			if (g->names[i] && !strcmp(g->names[i], tok))
				return i;
		return -1;
	}
	char *end;
	errno = 0;
	long v = strtol(tok, &end, 10);
	if (*end || errno || v < 0 || v >= g->orig_n)
		return -1;
	return v;
}

rs_labels *rs_labels_read(const char *path, const rs_graph *g, rs_err *e)
{
	size_t len;
	char *buf = rs_read_file(path, &len, e);
	if (buf == NULL)
		return NULL;
	return rs_labels_parse(buf, path, g, e);
}

rs_labels *rs_labels_parse(char *buf, const char *path, const rs_graph *g, rs_err *e)
{
	long n = g->orig_n;
	rs_labels *L = rs_zalloc(e, 1, sizeof *L, "labels");
	char **strclass = NULL;
	int nstr = 0;
	if (L == NULL)
		goto fail;
	L->n = n;
	L->y = rs_alloc(e, (size_t)n, sizeof *L->y, "labels");
	if (L->y == NULL)
		goto fail;
	for (long i = 0; i < n; i++)
		L->y[i] = -1;
	long lineno = 0, row = 0;
	int pairs = -1;
	char *p = buf;
	while (*p) {
		char *line = p, *nl = strchr(p, '\n');
		if (nl) {
			*nl = '\0';
			p = nl + 1;
		} else {
			p += strlen(p);
		}
		lineno++;
		size_t l = strlen(line);
		if (l && line[l - 1] == '\r')
			line[--l] = '\0';
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '#' || *s == '%')
			continue;
		char *tok[3];
		int nt = 0;
		char *q = s;
		while (nt < 3) {
			while (*q == ' ' || *q == '\t' || *q == ',')
				q++;
			if (!*q)
				break;
			tok[nt++] = q;
			while (*q && *q != ' ' && *q != '\t' && *q != ',')
				q++;
			if (*q)
				*q++ = '\0';
		}
		if (pairs < 0 && nt > 0)
			pairs = nt == 2;
		long node;
		const char *lab;
		if (pairs == 1) {
			if (nt == 0)
				continue;
			if (nt != 2) {
				rs_fail(e, RS_EINVAL, "%s:%ld: expected 'node label'", path, lineno);
				goto fail;
			}
			node = find_node(g, tok[0]);
			if (node < 0) {
				rs_fail(e, RS_EINVAL, "%s:%ld: node '%s' is not in the graph", path, lineno,
					tok[0]);
				goto fail;
			}
			lab = tok[1];
		} else {
			if (nt > 1) {
				rs_fail(e, RS_EINVAL, "%s:%ld: expected one label a line", path, lineno);
				goto fail;
			}
			node = row++;
			lab = nt ? tok[0] : "";
			if (node >= n) {
				rs_fail(e, RS_EINVAL,
					"%s:%ld: more labels than the graph's %ld nodes: this label file "
					"does not match the graph",
					path, lineno, n);
				goto fail;
			}
		}
		char *end;
		errno = 0;
		long v = strtol(lab, &end, 10);
		if (*lab == '\0') {
			v = -1;
		} else if (*end || errno || v < -1 || v > 1000000) {
			int c;
			for (c = 0; c < nstr; c++)
				if (!strcmp(strclass[c], lab))
					break;
			if (c == nstr) {
				char **ns = realloc(strclass, (size_t)(nstr + 1) * sizeof *ns);
				if (ns == NULL) {
					rs_fail(e, RS_ENOMEM, "out of memory reading labels");
					goto fail;
				}
				strclass = ns;
				strclass[nstr++] = strdup(lab);
			}
			v = c;
		}
		L->y[node] = (int32_t)v;
	}
	if (pairs != 1 && row != n) {
		rs_fail(e, RS_EINVAL, "%s: %ld labels for %ld nodes: this label file does not match the graph",
			path, row, n);
		goto fail;
	}
	if (finish(L, e) != 0)
		goto fail;
	if (nstr > 0) {
		L->class_names = strclass;
		if (L->nclass < nstr)
			L->nclass = nstr;
		strclass = NULL;
	}
	free(buf);
	return L;
fail:
	if (strclass)
		for (int c = 0; c < nstr; c++)
			free(strclass[c]);
	free(strclass);
	free(buf);
	rs_labels_free(L);
	return NULL;
}

int rs_labels_read_names(rs_labels *L, const char *path, rs_err *e)
{
	size_t len;
	char *buf = rs_read_file(path, &len, e);
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
