/* mtx.c: Matrix Market files, coordinate and dense (array); a square
 * matrix is a graph, a rectangular one a biadjacency. */
#include <config.h>

#include "readers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A dense Matrix Market file ('matrix array', what scipy.io.mmwrite writes
 * for a numpy array): the size line 'rows cols', then the values column by
 * column, the lower triangle only when symmetric.  Its nonzero values are
 * the edges; zeros are not edges, and are not counted as dropped ones. */
static rs_graph *read_mtx_array(char *p, struct rs_reader *rd, int symmetric, const rs_load_opts *o,
				rs_load_info *info, rs_err *e)
{
	long R = -1, C = -1, total = 0, seen = 0, i = 0, j = 0;
	rs_edges E = {0};
	rs_graph *g = NULL;
	int bip = 0;
	char *line;
	while ((line = rs_next_line(&p, rd)) != NULL) {
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '%' || *s == '\0')
			continue;
		if (R < 0) {
			char *f[3];
			int nf = rs_split_fields(s, ' ', f, 3);
			if (nf != 2 || rs_field_long(f[0], &R) || rs_field_long(f[1], &C) || R < 1 || C < 1) {
				R = -1;
				RS_FAIL_AT(rd, "expected the size line 'rows cols' of an array file");
				goto fail;
			}
			if (R > RS_MAX_ID || C > RS_MAX_ID || (double)R * (double)C > 4e9) {
				RS_FAIL_AT(rd, "%ld x %ld: too large for a dense (array) file", R, C);
				goto fail;
			}
			if (o->max_nodes > 0 && R + C > 2 * o->max_nodes) {
				RS_FAIL_AT(rd, "%ld x %ld: more than the %ld nodes allowed", R, C, o->max_nodes);
				goto fail;
			}
			bip = R != C || o->bipartite;
			if (R != C && symmetric) {
				RS_FAIL_AT(rd, "a symmetric matrix must be square");
				goto fail;
			}
			total = symmetric ? R * (R + 1) / 2 : R * C;
			continue;
		}
		char *q = s, *t;
		while ((t = rs_next_token(&q)) != NULL) {
			double w;
			if (rs_field_weight(t, &w) || !isfinite(w) || w < 0) {
				RS_FAIL_AT(rd, "value '%s': weights must be finite numbers >= 0", t);
				goto fail;
			}
			if (++seen > total) {
				RS_FAIL_AT(rd, "more values than the %ld a %ld x %ld%s array holds", total, R, C,
					symmetric ? " symmetric" : "");
				goto fail;
			}
			if (w != 0 && rs_edges_push(&E, i, j, o->unweighted ? 1.0 : w, e) != 0)
				goto fail;
			/* 'bipartite' on a symmetric square: B has both triangles
			 * (a general array lists both already: a rectangular one's
			 * (j, i) would lie outside it) */
			if (w != 0 && bip && symmetric && i != j &&
			    rs_edges_push(&E, j, i, o->unweighted ? 1.0 : w, e) != 0)
				goto fail;
			if (++i == R) { /* the next column: from its diagonal when symmetric */
				j++;
				i = symmetric ? j : 0;
			}
		}
	}
	if (R < 0) {
		rs_fail(e, RS_EINVAL, "%s: no size line", rd->path);
		goto fail;
	}
	if (seen < total) {
		rs_fail_short(rd, total, seen, "values");
		goto fail;
	}
	info->lines = rd->lineno;
	info->weighted = E.w != NULL;
	info->symmetrized = !bip && !symmetric;
	g = rs_graph_build(R, bip ? C : 0, bip, &E, o->merge, &info->merged, &info->dropped, e);
fail:
	rs_edges_free(&E);
	return g;
}

/* A coordinate file being read: its banner's field and symmetry, the
 * size line's counts, the entries read. */
struct mtx {
	struct rs_reader rd;
	const rs_load_opts *o;
	int pattern, symmetric, array, bip;
	long R, C, Z, seen;
	rs_edges E;
};

/* The banner '%%MatrixMarket matrix coordinate|array FIELD SYMMETRY',
 * checked: what regspec reads as a graph. */
static int mtx_banner(struct mtx *M, const char *line)
{
	char obj[32], fmt[32], field[32], sym[32];
	if (line == NULL || sscanf(line, "%%%%MatrixMarket %31s %31s %31s %31s", obj, fmt, field, sym) != 4) {
		RS_FAIL_AT(&M->rd, "not a Matrix Market header (%%%%MatrixMarket matrix coordinate ...)");
		return -1;
	}
	M->array = !strcasecmp(fmt, "array");
	if (strcasecmp(obj, "matrix") || (strcasecmp(fmt, "coordinate") && !M->array)) {
		RS_FAIL_AT(&M->rd, "only 'matrix coordinate' and 'matrix array' files are graphs (got '%s %s')", obj, fmt);
		return -1;
	}
	M->pattern = !strcasecmp(field, "pattern");
	if (M->array && M->pattern) {
		RS_FAIL_AT(&M->rd, "an array file lists values: its field is real or integer, not pattern");
		return -1;
	}
	if (!M->pattern && strcasecmp(field, "real") && strcasecmp(field, "integer")) {
		RS_FAIL_AT(&M->rd, "field '%s' is not supported (real, integer or pattern)", field);
		return -1;
	}
	M->symmetric = !strcasecmp(sym, "symmetric");
	if (!M->symmetric && strcasecmp(sym, "general")) {
		RS_FAIL_AT(&M->rd, "symmetry '%s' is not supported (general or symmetric)", sym);
		return -1;
	}
	return 0;
}

/* The size line 'rows cols entries' (nf fields f), checked against this
 * build, the memory and the entries a matrix of that size holds. */
static int mtx_size(struct mtx *M, char **f, int nf)
{
	struct rs_reader *rd = &M->rd;
	long R, C, Z;
	if (nf != 3 || rs_field_long(f[0], &R) || rs_field_long(f[1], &C) || rs_field_long(f[2], &Z) || R < 1 ||
	    C < 1 || Z < 0) {
		RS_FAIL_AT(rd, "expected the size line 'rows cols entries'");
		return -1;
	}
	if (R > RS_MAX_ID || C > RS_MAX_ID) {
		RS_FAIL_AT(rd, "%ld x %ld: more than %ld nodes is beyond this build", R, C, RS_MAX_ID);
		return -1;
	}
	if ((double)Z > (double)R * (double)C || Z > 4000000000L) {
		RS_FAIL_AT(rd, "%ld entries cannot fit a %ld x %ld matrix", Z, R, C);
		return -1;
	}
	if (rs_memory_refused(rd, R + C, (double)Z * (M->symmetric ? 2 : 1)))
		return -1;
	if (M->o->max_nodes > 0 && R + C > 2 * M->o->max_nodes) {
		RS_FAIL_AT(rd, "%ld x %ld: more than the %ld nodes allowed", R, C, M->o->max_nodes);
		return -1;
	}
	M->bip = R != C || M->o->bipartite;
	if (R != C && M->symmetric) {
		RS_FAIL_AT(rd, "a symmetric matrix must be square");
		return -1;
	}
	M->R = R, M->C = C, M->Z = Z;
	return 0;
}

/* An entry line 'row col [value]' (nf fields f). */
static int mtx_entry(struct mtx *M, char **f, int nf)
{
	struct rs_reader *rd = &M->rd;
	if (nf < (M->pattern ? 2 : 3)) {
		RS_FAIL_AT(rd, "expected 'row col%s', found %d field%s", M->pattern ? "" : " value", nf, nf == 1 ? "" : "s");
		return -1;
	}
	long i, j;
	double w = 1.0;
	if (rs_field_long(f[0], &i) || rs_field_long(f[1], &j) || i < 1 || j < 1 || i > M->R || j > M->C) {
		RS_FAIL_AT(rd, "entry (%s, %s) is outside the %ld x %ld matrix (indices start at 1)", f[0], f[1], M->R,
			   M->C);
		return -1;
	}
	if (!M->pattern && !M->o->unweighted && (rs_field_weight(f[2], &w) || !isfinite(w) || w < 0)) {
		RS_FAIL_AT(rd, "value '%s': weights must be finite numbers >= 0", f[2]);
		return -1;
	}
	if (++M->seen > M->Z) {
		RS_FAIL_AT(rd, "more entries than the %ld announced", M->Z);
		return -1;
	}
	if (rs_edges_push(&M->E, i - 1, j - 1, w, rd->e) != 0)
		return -1;
	/* 'bipartite' on a symmetric square: B has both triangles */
	if (M->bip && M->symmetric && i != j)
		return rs_edges_push(&M->E, j - 1, i - 1, w, rd->e);
	return 0;
}

rs_graph *rs_read_mtx(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct mtx M = {.rd = {path, 0, e}, .o = o, .R = -1, .C = -1, .Z = -1};
	char *p = buf, *line = rs_next_line(&p, &M.rd);
	if (mtx_banner(&M, line) != 0)
		return NULL;
	if (M.array)
		return read_mtx_array(p, &M.rd, M.symmetric, o, info, e);
	rs_graph *g = NULL;
	while ((line = rs_next_line(&p, &M.rd)) != NULL) {
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '%' || *s == '\0')
			continue;
		char *f[4];
		int nf = rs_split_fields(s, ' ', f, 4);
		if ((M.R < 0 ? mtx_size(&M, f, nf) : mtx_entry(&M, f, nf)) != 0)
			goto fail;
	}
	if (M.R < 0) {
		rs_fail(e, RS_EINVAL, "%s: no size line", path);
		goto fail;
	}
	if (M.seen < M.Z) {
		rs_fail_short(&M.rd, M.Z, M.seen, "entries");
		goto fail;
	}
	info->lines = M.rd.lineno;
	info->weighted = !M.pattern;
	info->symmetrized = !M.bip && !M.symmetric;
	g = rs_graph_build(M.R, M.bip ? M.C : 0, M.bip, &M.E, o->merge, &info->merged, &info->dropped, e);
fail:
	rs_edges_free(&M.E);
	return g;
}
