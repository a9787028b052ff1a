/* sif.c: Cytoscape's simple interaction format (SIF) and LGL, two
 * formats of named nodes. */
#include <config.h>

#include "readers.h"

#include "namemap.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether word w[0..n) is a number. */
static int numeric_word(const char *w, size_t n)
{
	char buf[64], *end;
	if (n == 0 || n >= sizeof buf)
		return 0;
	memcpy(buf, w, n);
	buf[n] = '\0';
	strtod(buf, &end);
	return *end == '\0';
}

/* A SIF relation as Cytoscape's files write them: pp, pd, interacts_with,
 * activates (a letter, then letters, digits, '_', '-', '.' or ':'). */
static int relation_word(const char *w, size_t n)
{
	if (n == 0 || !isalpha((unsigned char)w[0]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!isalnum((unsigned char)w[i]) && !strchr("_-.:", w[i]))
			return 0;
	return 1;
}

/* Whether s reads as Cytoscape's SIF rather than an edge list: lines of
 * one field or three and more, at least two of three and more, whose
 * second fields (the relations) are at most 8 words (relation_word) that
 * never stand where a node does, no comma, semicolon, quote or brace in
 * the first lines; and some line has four fields or
 * more, or a third field that is not a number, or every first field is
 * a number (ids linked by words: '1 pp 2').  An edge list 'alice bob 1'
 * names nodes in its second field, or weighs its edges by numbers. */
int rs_sif_like(const char *s)
{
	char tabs = strchr(s, '\t') != NULL;
	const char *sep = tabs ? "\t\r" : " \t\r";
	/* a comma, a semicolon or a quote in the first lines: a table; a
	 * brace, networkx's attribute dict ("a b {'weight': 2}") */
	size_t head = strcspn(s, "\n");
	for (int l = 0; l < 3 && s[head]; l++)
		head += 1 + strcspn(s + head + 1, "\n");
	if (memchr(s, ',', head) || memchr(s, ';', head) || memchr(s, '"', head) || memchr(s, '{', head))
		return 0;
	const char *rel[8];
	size_t rl[8];
	int nrel = 0, rows = 0, four = 0, word3 = 0, num1 = 1;
	for (int pass = 0; pass < 2; pass++) {
		const char *p = s;
		for (int lines = 0; *p && lines < 1000; lines++) {
			const char *end = p + strcspn(p, "\n"), *t = p + strspn(p, " \t\r");
			const char *next = *end ? end + 1 : end;
			if (t >= end || *t == '#' || *t == '%') {
				p = next;
				continue;
			}
			/* the fields of t..end */
			int nf = 0;
			for (const char *q = t; q < end;) {
				size_t n = strcspn(q, sep);
				if (q + n > end)
					n = (size_t)(end - q);
				if (n > 0 || tabs) {
					if (pass == 0) {
						if (nf == 0)
							num1 &= numeric_word(q, n);
						if (nf == 1) {
							int k = 0;
							while (k < nrel && (rl[k] != n || strncmp(rel[k], q, n)))
								k++;
							if (k == nrel) {
								if (nrel == 8 || !relation_word(q, n))
									return 0;
								rel[nrel] = q;
								rl[nrel++] = n;
							}
						}
						if (nf == 2 && !numeric_word(q, n))
							word3 = 1;
					} else if (nf != 1) {
						for (int k = 0; k < nrel; k++)
							if (rl[k] == n && !strncmp(rel[k], q, n))
								return 0; /* a relation stands for a node */
					}
					nf++;
				}
				q += n;
				if (!tabs)
					q += strspn(q, " \t\r");
				else if (q < end && *q == '\t')
					q++;
				else
					break;
			}
			if (pass == 0) {
				if (nf == 2)
					return 0;
				rows += nf >= 3;
				four |= nf >= 4;
			}
			p = next;
		}
		if (pass == 0 && (rows < 2 || !(four || word3 || num1)))
			return 0;
	}
	return 1;
}

/* An edge (u, v) of a reader of named nodes, memory checked as it grows. */
static int push_named(struct rs_reader *rd, const rs_namemap *nm, rs_edges *E, long *entries, long u, long v, double w)
{
	if (++*entries % 1048576 == 0 && rs_memory_refused(rd, nm->count, (double)*entries))
		return -1;
	return rs_edges_push(E, u, v, w, rd->e);
}

/* The graph a reader of named nodes (SIF, LGL) listed, with its names. */
static rs_graph *named_graph(struct rs_reader *rd, rs_namemap *nm, const rs_edges *E, long entries, const char *what,
			     const rs_load_opts *o, rs_load_info *info)
{
	if (nm->count == 0) {
		rs_fail(rd->e, RS_EINVAL, "%s: no nodes in the %s file", rd->path, what);
		return NULL;
	}
	if (rs_size_refused(rd, nm->count, (double)entries, o))
		return NULL;
	info->lines = rd->lineno;
	info->relabeled = 1;
	rs_graph *g = rs_graph_build(nm->count, 0, 0, E, o->merge, &info->merged, &info->dropped, rd->e);
	if (g != NULL)
		g->names = rs_nm_take(nm);
	return g;
}

/* Cytoscape's simple interaction format: 'node relation node [node ...]'
 * a line, the relation (pp, pd, ...) not read, or a node alone on its
 * line; tabs separate where the file has any (names may then hold
 * blanks), else blanks.  Names are names, as Cytoscape reads them. */
rs_graph *rs_read_sif(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct rs_reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_namemap nm = {0};
	rs_graph *g = NULL;
	char delim = strchr(buf, '\t') ? '\t' : ' ', *p = buf, *line, **f = NULL;
	long entries = 0;
	size_t cap = 0;
	while ((line = rs_next_line(&p, &rd)) != NULL) {
		char *s = line + strspn(line, " \t");
		if (*s == '#' || *s == '\0')
			continue;
		int nf = rs_split_all(s, delim, &f, &cap); /* a node's targets, however many */
		if (nf < 0) {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto fail;
		}
		if (nf == 2) {
			RS_FAIL_AT(&rd, "'%s %s': a node and a relation without a target (SIF: 'node relation node "
				     "...', or a node alone)",
				f[0], f[1]);
			goto fail;
		}
		long u = rs_nm_intern(&nm, f[0], strlen(f[0]), 1, e);
		if (u < 0)
			goto fail;
		for (int i = 2; i < nf; i++) {
			long v = rs_nm_intern(&nm, f[i], strlen(f[i]), 1, e);
			if (v < 0 || push_named(&rd, &nm, &E, &entries, u, v, 1.0) != 0)
				goto fail;
		}
	}
	g = named_graph(&rd, &nm, &E, entries, "SIF", o, info);
fail:
	free(f);
	rs_edges_free(&E);
	rs_nm_free(&nm);
	return g;
}

/* LGL (Large Graph Layout, which igraph reads and writes): '# NODE' opens
 * a node's list, then one neighbour a line, with an optional weight.
 * The '#' lines are the format's own, not comments. */
rs_graph *rs_read_lgl(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct rs_reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_namemap nm = {0};
	rs_graph *g = NULL;
	char *p = buf, *line, *f[3];
	long entries = 0, u = -1;
	while ((line = rs_next_line(&p, &rd)) != NULL) {
		char *s = line + strspn(line, " \t");
		if (*s == '\0')
			continue;
		int head = *s == '#';
		if (head)
			s++;
		int nf = rs_split_fields(s, ' ', f, 3);
		if (head && nf != 1) {
			RS_FAIL_AT(&rd, "%s: an LGL file's '#' line names one node ('# NODE'), then its neighbours follow",
				nf ? "more than one word" : "no node");
			goto fail;
		}
		if (head) {
			if ((u = rs_nm_intern(&nm, f[0], strlen(f[0]), 1, e)) < 0)
				goto fail;
			continue;
		}
		if (u < 0) {
			RS_FAIL_AT(&rd, "'%s': a neighbour before any '# NODE' line (LGL)", f[0]);
			goto fail;
		}
		if (nf > 2) {
			RS_FAIL_AT(&rd, "%d fields: an LGL line is one neighbour and an optional weight", nf);
			goto fail;
		}
		double w = 1;
		if (nf == 2 && !o->unweighted) {
			if (rs_field_weight(f[1], &w) != 0 || !isfinite(w) || w < 0) {
				RS_FAIL_AT(&rd, "weight '%s': weights must be finite numbers >= 0", f[1]);
				goto fail;
			}
		}
		long v = rs_nm_intern(&nm, f[0], strlen(f[0]), 1, e);
		if (v < 0 || push_named(&rd, &nm, &E, &entries, u, v, w) != 0)
			goto fail;
	}
	g = named_graph(&rd, &nm, &E, entries, "LGL", o, info);
fail:
	rs_edges_free(&E);
	rs_nm_free(&nm);
	return g;
}
