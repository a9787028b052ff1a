/* dimacs.c: DIMACS ('p edge N M', 'e u v') and METIS / Chaco graph files. */
#include <config.h>

#include "readers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DIMACS: 'c' comments, a problem line 'p FORMAT N M', then edges 'e u v'
 * (the coloring and clique challenges' .col, .clq) or arcs 'a u v [w]'
 * (shortest paths' .gr, flows' .max), ids from 1; 'n' node lines (a flow's
 * source and sink, a coloring's node weights) are skipped. Arcs are made
 * undirected like any directed input. */
rs_graph *rs_read_dimacs(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct rs_reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_graph *g = NULL;
	long n = -1, m = -1, seen = 0;
	int arcs = 0, weighted = 0;
	char *p = buf, *line;
	while ((line = rs_next_line(&p, &rd)) != NULL) {
		char *f[6];
		int nf = rs_split_fields(line, ' ', f, 6);
		if (nf == 0 || f[0][0] == 'c' || f[0][0] == '%' || f[0][0] == '#')
			continue;
		if (!strcmp(f[0], "p")) {
			if (n >= 0) {
				RS_FAIL_AT(&rd, "a second problem line");
				goto fail;
			}
			if (nf < 4 || rs_field_long(f[2], &n) || rs_field_long(f[3], &m) || n < 1 || m < 0) {
				RS_FAIL_AT(&rd, "expected the problem line 'p FORMAT NODES EDGES' (at least one node)");
				n = -1;
				goto fail;
			}
			if (rs_size_refused(&rd, n, (double)m, o))
				goto fail;
			continue;
		}
		if (!strcmp(f[0], "n"))
			continue;
		if (strcmp(f[0], "e") && strcmp(f[0], "a")) {
			RS_FAIL_AT(&rd, "'%s': a DIMACS line starts with c, p, e, a or n", f[0]);
			goto fail;
		}
		if (n < 0) {
			RS_FAIL_AT(&rd, "an edge before the problem line 'p FORMAT NODES EDGES'");
			goto fail;
		}
		long u, v;
		double w = 1.0;
		if (nf < 3 || rs_field_id(f[1], &u, NULL) || rs_field_id(f[2], &v, NULL)) {
			RS_FAIL_AT(&rd, "expected '%s U V%s'", f[0], f[0][0] == 'a' ? " [WEIGHT]" : "");
			goto fail;
		}
		if (u < 1 || v < 1 || u > n || v > n) {
			RS_FAIL_AT(&rd, "node %ld is not one of the %ld the problem line announced (ids start at 1)",
				u < 1 || u > n ? u : v, n);
			goto fail;
		}
		if (f[0][0] == 'a') {
			arcs = 1;
			if (nf >= 4 && !o->unweighted) {
				if (rs_field_weight(f[3], &w) || !isfinite(w) || w < 0) {
					RS_FAIL_AT(&rd, "weight '%s': weights must be finite numbers >= 0", f[3]);
					goto fail;
				}
				weighted = 1;
			}
		}
		seen++;
		if (rs_edges_push(&E, u - 1, v - 1, w, e) != 0)
			goto fail;
	}
	if (n < 0) {
		rs_fail(e, RS_EINVAL, "%s: no problem line 'p FORMAT NODES EDGES'", path);
		goto fail;
	}
	/* some .col files announce each edge twice: a file cut short lists
	 * fewer than half */
	if (2 * seen < m) {
		rs_fail_short(&rd, m, seen, "edges");
		goto fail;
	}
	info->lines = rd.lineno;
	info->weighted = weighted;
	info->symmetrized = arcs;
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
fail:
	rs_edges_free(&E);
	return g;
}

/* METIS (and Chaco): '%' comments, a header 'N M [FMT [NCON]]', then line i
 * lists the neighbours of node i (ids from 1), an empty line a node without
 * any; FMT's last digit 1: each neighbour followed by its edge's weight,
 * its middle digit 1: NCON node weights first (skipped), its first digit 1:
 * a node size first (skipped). Every edge is listed from both ends: M is
 * half the entries. */
rs_graph *rs_read_metis(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct rs_reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_graph *g = NULL;
	long n = -1, m = -1, node = 0, entries = 0;
	int ew = 0, skip = 0;
	char *p = buf, *line;
	while ((line = rs_next_line(&p, &rd)) != NULL) {
		char *q = line + strspn(line, " \t");
		if (*q == '%')
			continue;
		if (n < 0) {
			if (*q == '\0')
				continue;
			char *f[5];
			int nf = rs_split_fields(line, ' ', f, 5);
			long ncon = 1;
			if (nf < 2 || nf > 4 || rs_field_long(f[0], &n) || rs_field_long(f[1], &m) || n < 1 || m < 0 ||
			    (nf >= 3 && (strspn(f[2], "01") != strlen(f[2]) || strlen(f[2]) > 3)) ||
			    (nf == 4 && (rs_field_long(f[3], &ncon) || ncon < 1 || ncon > 1000))) {
				RS_FAIL_AT(&rd, "expected the METIS header 'NODES EDGES [FMT [NCON]]' (at least one node)");
				n = -1;
				goto fail;
			}
			long fmt = nf >= 3 ? strtol(f[2], NULL, 10) : 0;
			ew = fmt % 10 == 1;
			skip = (fmt / 100 % 10 == 1) + (fmt / 10 % 10 == 1 ? (int)ncon : 0);
			if (rs_size_refused(&rd, n, 2.0 * (double)m, o))
				goto fail;
			continue;
		}
		if (++node > n) {
			if (*q == '\0' && p[strspn(p, " \t\r\n")] == '\0')
				break; /* blank lines at the end */
			RS_FAIL_AT(&rd, "more node lines than the %ld the header announced", n);
			goto fail;
		}
		char *tok;
		for (int t = 0; (tok = rs_next_token(&q)) != NULL; t++) {
			double w = 1.0;
			long v;
			if (t < skip) { /* a node size or weight */
				if (rs_field_weight(tok, &w) != 0) {
					RS_FAIL_AT(&rd, "'%s' is not a number", tok);
					goto fail;
				}
				continue;
			}
			if (rs_field_long(tok, &v) != 0) {
				RS_FAIL_AT(&rd, "'%s' is not a number", tok);
				goto fail;
			}
			if (v < 1 || v > n) {
				RS_FAIL_AT(&rd, "neighbour %ld of node %ld is not a node id 1..%ld", v, node, n);
				goto fail;
			}
			if (ew) {
				if ((tok = rs_next_token(&q)) == NULL) {
					RS_FAIL_AT(&rd, "neighbour %ld of node %ld has no weight (FMT says weights)", v,
						node);
					goto fail;
				}
				if (rs_field_weight(tok, &w) != 0 || !isfinite(w) || w < 0) {
					RS_FAIL_AT(&rd, "weight '%s': weights must be finite numbers >= 0", tok);
					goto fail;
				}
				if (o->unweighted)
					w = 1.0;
			}
			entries += v == node ? 2 : 1; /* a loop, listed once, is both ends */
			/* each edge once, from its lower end: both listings are the
			 * format, not a repeat to merge */
			if (v >= node && rs_edges_push(&E, node - 1, v - 1, w, e) != 0)
				goto fail;
		}
	}
	if (n < 0) {
		rs_fail(e, RS_EINVAL, "%s: no METIS header 'NODES EDGES [FMT [NCON]]'", path);
		goto fail;
	}
	if (node < n) {
		rs_fail_short(&rd, n, node, "node lines");
		goto fail;
	}
	if (entries != 2 * m) {
		rs_fail(e, RS_EINVAL, "%s: the header announces %ld edges, the lists hold %ld ends "
			"(each edge is listed from both ends: %ld expected)", path, m, entries, 2 * m);
		goto fail;
	}
	info->lines = rd.lineno;
	info->weighted = ew && !o->unweighted;
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
fail:
	rs_edges_free(&E);
	return g;
}
