/* ucinet.c: UCINET's DL files (full matrix, edge list and node list
 * formats; one and two modes). */
#include <config.h>

#include "readers.h"

#include "namemap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A DL file's words: blanks, commas and '=' separate them, a double
 * quote keeps blanks inside one; the line count follows newlines. */
struct dlscan {
	const char *p;
	struct rs_reader *rd;
	char tok[1024];
};

/* The next word into s->tok (a trailing ':' dropped when colon is 0),
 * or NULL at the end; eol: stop at the end of the line (NULL there). */
static const char *dl_word(struct dlscan *s, int eol)
{
	for (;;) {
		char c = *s->p;
		if (c == '\n') {
			if (eol)
				return NULL;
			s->rd->lineno++;
		} else if (c != ' ' && c != '\t' && c != '\r' && c != ',' && c != '=') {
			break;
		}
		s->p++;
	}
	if (*s->p == '\0')
		return NULL;
	size_t n = 0;
	if (*s->p == '"') {
		s->p++;
		while (*s->p && *s->p != '"' && *s->p != '\n')
			if (n + 1 < sizeof s->tok)
				s->tok[n++] = *s->p++;
			else
				s->p++;
		if (*s->p == '"')
			s->p++;
	} else {
		while (*s->p && !strchr(" \t\r\n,=", *s->p))
			if (n + 1 < sizeof s->tok)
				s->tok[n++] = *s->p++;
			else
				s->p++;
	}
	s->tok[n] = '\0';
	return s->tok;
}

/* Whether the word w is keyword k, a trailing ':' allowed. */
static int dl_is(const char *w, const char *k)
{
	size_t l = strlen(k);
	return w && !strncasecmp(w, k, l) && (w[l] == '\0' || (w[l] == ':' && w[l + 1] == '\0'));
}

/* A DL file's labels: n words into map m (each new), or a located error. */
static int dl_labels(struct dlscan *s, rs_namemap *m, long n, const char *what, rs_err *e)
{
	for (long i = 0; i < n; i++) {
		const char *w = dl_word(s, 0);
		if (w == NULL || dl_is(w, "DATA")) {
			RS_FAIL_AT(s->rd, "%ld %s labels announced, %ld found", n, what, i);
			return -1;
		}
		long id = rs_nm_intern(m, w, strlen(w), 1, e);
		if (id < 0)
			return -1;
		if (id != i) {
			RS_FAIL_AT(s->rd, "the %s label '%s' appears twice", what, w);
			return -1;
		}
	}
	return 0;
}

/* A node of a DL edge or node list: a label (embedded labels: the ones
 * listed before, then new ones up to n) or a number from 1; its index,
 * or -1 (error set). */
static long dl_node(struct dlscan *s, const char *w, rs_namemap *m, int embedded, long n, const char *what,
		    rs_err *e)
{
	if (embedded) {
		long id = rs_nm_intern(m, w, strlen(w), 1, e);
		if (id < 0)
			return -1;
		if (id >= n) {
			RS_FAIL_AT(s->rd, "%s '%s' is not one of the %ld %s labels", what, w, n, what);
			return -1;
		}
		return id;
	}
	long id;
	if (rs_field_long(w, &id) != 0 || id < 1 || id > n) {
		RS_FAIL_AT(s->rd, "%s '%s': ids run from 1 to %ld", what, w, n);
		return -1;
	}
	return id - 1;
}

/* A DL file being read: the header's counts and format, the labels
 * (rows; columns apart in two modes) and the entries. */
struct dl {
	struct rs_reader rd;
	struct dlscan s;
	const rs_load_opts *o;
	rs_edges E;
	rs_namemap rows, cols;
	long N, NR, NC, NM;
	char fmt[32];
	int diag, remb, cemb, two;
};

/* The DATA's layouts that FORMAT names. */
enum dl_layout { DL_FULL, DL_LOWER, DL_UPPER, DL_EDGES, DL_NODES };

/* Whether w ends the header: DATA or a section's first word. */
static int dl_section_word(const char *w)
{
	return dl_is(w, "DATA") || dl_is(w, "LABELS") || dl_is(w, "ROW") || dl_is(w, "COL") || dl_is(w, "COLUMN") ||
	       dl_is(w, "MATRIX") || dl_is(w, "LEVEL");
}

/* The header: 'DL' then key = value pairs up to the first section, whose
 * word is left in *w (NULL at the end); the counts checked. */
static int dl_header(struct dl *d, const char **w)
{
	*w = dl_word(&d->s, 0);
	if (*w == NULL || strcasecmp(*w, "DL") != 0) {
		RS_FAIL_AT(&d->rd, "a DL file starts with 'DL'");
		return -1;
	}
	while ((*w = dl_word(&d->s, 0)) != NULL && !dl_section_word(*w)) {
		char key[32];
		snprintf(key, sizeof key, "%s", *w);
		const char *v = dl_word(&d->s, 0);
		long x;
		if (v == NULL) {
			RS_FAIL_AT(&d->rd, "'%s' without a value", key);
			return -1;
		}
		if (!strcasecmp(key, "FORMAT")) {
			snprintf(d->fmt, sizeof d->fmt, "%s", v);
		} else if (!strcasecmp(key, "DIAGONAL")) {
			d->diag = strcasecmp(v, "ABSENT") != 0;
		} else if (!strcasecmp(key, "N") || !strcasecmp(key, "NR") || !strcasecmp(key, "NC") ||
			   !strcasecmp(key, "NM")) {
			if (rs_field_long(v, &x) != 0 || x < 1 || x > RS_MAX_ID) {
				RS_FAIL_AT(&d->rd, "%s = '%s' is not a count", key, v);
				return -1;
			}
			*(!strcasecmp(key, "N") ? &d->N : !strcasecmp(key, "NR") ? &d->NR : !strcasecmp(key, "NC") ? &d->NC : &d->NM) = x;
		} else {
			RS_FAIL_AT(&d->rd, "'%s' is not a DL header word (N, NR, NC, NM, FORMAT, DIAGONAL)", key);
			return -1;
		}
	}
	d->two = d->NR > 0 || d->NC > 0;
	if (d->two ? d->NR < 1 || d->NC < 1 || d->N > 0 : d->N < 1) {
		RS_FAIL_AT(&d->rd, "a DL header gives N (one mode) or NR and NC (two modes)");
		return -1;
	}
	if (!d->two)
		d->NR = d->NC = d->N;
	return rs_size_refused(&d->rd, d->NR + (d->two ? d->NC : 0), (double)d->NR, d->o) ? -1 : 0;
}

/* The sections before the data, from the word *w: labels listed ('LABELS:',
 * 'ROW LABELS:', 'COL LABELS:') or embedded, the matrices' names skipped;
 * *w is left at 'DATA:'. */
static int dl_sections(struct dl *d, const char **w, rs_err *e)
{
	while (*w != NULL && !dl_is(*w, "DATA")) {
		int row = dl_is(*w, "ROW"), col = dl_is(*w, "COL") || dl_is(*w, "COLUMN");
		int skip = dl_is(*w, "MATRIX") || dl_is(*w, "LEVEL");
		if ((row || col || skip) && !dl_is(*w = dl_word(&d->s, 0), "LABELS")) {
			RS_FAIL_AT(&d->rd, "'LABELS' expected after ROW, COL or MATRIX");
			return -1;
		}
		if (!dl_is(*w, "LABELS")) {
			RS_FAIL_AT(&d->rd, "'%s': a DL file's sections are LABELS:, ROW LABELS:, COL LABELS: and DATA:", *w);
			return -1;
		}
		const char *save = d->s.p;
		long line = d->rd.lineno;
		*w = dl_word(&d->s, 0);
		if (dl_is(*w, "EMBEDDED")) {
			d->remb |= !col && !skip;
			d->cemb |= !row && !skip;
			*w = dl_word(&d->s, 0);
			continue;
		}
		d->s.p = save;
		d->rd.lineno = line;
		if (skip) { /* the matrices' names */
			for (long i = 0; i < d->NM; i++)
				if (dl_word(&d->s, 0) == NULL)
					break;
		} else if (dl_labels(&d->s, col ? &d->cols : &d->rows, col ? d->NC : d->NR,
				     col ? "column" : d->two ? "row" : "node", e) != 0) {
			return -1;
		}
		*w = dl_word(&d->s, 0);
	}
	if (*w == NULL) {
		RS_FAIL_AT(&d->rd, "no 'DATA:' line");
		return -1;
	}
	return 0;
}

/* The layout FORMAT names, checked against the modes and matrices; -1 and
 * an error where regspec does not read it. */
static int dl_layout(struct dl *d)
{
	static const struct {
		const char *prefix;
		enum dl_layout layout;
	} names[] = {{"FULL", DL_FULL},
		     {"LOWER", DL_LOWER},
		     {"UPPER", DL_UPPER},
		     {"EDGELIST", DL_EDGES},
		     {"NODELIST", DL_NODES}};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strncasecmp(d->fmt, names[i].prefix, strlen(names[i].prefix)) != 0)
			continue;
		enum dl_layout l = names[i].layout;
		if ((l == DL_LOWER || l == DL_UPPER) && d->two) {
			RS_FAIL_AT(&d->rd, "a half matrix has one mode (N, not NR and NC)");
			return -1;
		}
		if (d->NM > 1 && (l == DL_EDGES || l == DL_NODES)) {
			RS_FAIL_AT(&d->rd, "NM = %ld: %ld lists (relations); regspec reads a file of one", d->NM, d->NM);
			return -1;
		}
		return (int)l;
	}
	RS_FAIL_AT(&d->rd, "FORMAT = %s: regspec reads FULLMATRIX, LOWERHALF, UPPERHALF, EDGELIST1/2 and NODELIST1/2",
		   d->fmt);
	return -1;
}

/* A full matrix's line of embedded column labels into cm: new ones, or the
 * ones listed before, in their order. */
static int dl_column_labels(struct dl *d, rs_namemap *cm, rs_err *e)
{
	long given = cm->count;
	for (long c = 0; c < d->NC; c++) {
		const char *w = dl_word(&d->s, 0);
		long id = w == NULL ? -2 : rs_nm_intern(cm, w, strlen(w), given == 0, e);
		if (id == -1)
			return -1;
		if (id != c) {
			RS_FAIL_AT(&d->rd, "the embedded column labels: %ld expected%s", d->NC,
				   w ? ", each once, in the order of the labels listed" : "");
			return -1;
		}
	}
	return 0;
}

/* Row r's embedded label, if there is a word: new in two modes, else the
 * label of column r. */
static int dl_row_label(struct dl *d, long r, const rs_namemap *cm, rs_err *e)
{
	const char *w = dl_word(&d->s, 0);
	if (w == NULL)
		return 0;
	long id = rs_nm_intern(&d->rows, w, strlen(w), d->two || cm->count <= r, e);
	if (id == r)
		return 0;
	if (id != -1)
		RS_FAIL_AT(&d->rd, "row %ld is labelled '%s', %s", r + 1, w,
			   id >= 0 ? "the label of another row" : "not the label of its column");
	return -1;
}

/* The data as a matrix: full, or the lower or upper half with or without
 * its diagonal; rows may start with their labels. */
static int dl_matrix(struct dl *d, enum dl_layout l, rs_namemap *cm, rs_err *e)
{
	if (l == DL_FULL && d->cemb && dl_column_labels(d, cm, e) != 0)
		return -1;
	for (long r = 0; r < d->NR; r++) {
		if (d->remb && dl_row_label(d, r, cm, e) != 0)
			return -1;
		long c0 = l == DL_UPPER ? r + !d->diag : 0, c1 = l == DL_LOWER ? r + d->diag : d->NC;
		for (long c = c0; c < c1; c++) {
			if (l == DL_FULL && !d->diag && c == r && !d->two)
				continue;
			double x;
			const char *w = dl_word(&d->s, 0);
			if (w == NULL) {
				RS_FAIL_AT(&d->rd, "the data end at row %ld of %ld (truncated file?)", r + 1, d->NR);
				return -1;
			}
			if (rs_field_weight(w, &x) != 0) {
				RS_FAIL_AT(&d->rd, "'%s' (row %ld, column %ld) is not a number", w, r + 1, c + 1);
				return -1;
			}
			if (!isfinite(x) || x < 0) {
				RS_FAIL_AT(&d->rd, "%s (row %ld, column %ld): weights must be finite and >= 0", w, r + 1, c + 1);
				return -1;
			}
			if (x != 0 && rs_edges_push(&d->E, r, c, d->o->unweighted ? 1.0 : x, e) != 0)
				return -1;
		}
	}
	const char *w;
	if (d->NM == 1 && (w = dl_word(&d->s, 0)) != NULL) {
		RS_FAIL_AT(&d->rd, "'%s': more data than the %ld x %ld matrix holds", w, d->NR, d->NC);
		return -1;
	}
	return 0;
}

/* The rest of an edge list's line after its row u: 'j [weight]'. */
static int dl_edge(struct dl *d, long u, rs_namemap *cm, rs_err *e)
{
	const char *w = dl_word(&d->s, 1);
	double x = 1;
	long v;
	if (w == NULL) {
		RS_FAIL_AT(&d->rd, "an edge list's line is 'i j [weight]'");
		return -1;
	}
	if ((v = dl_node(&d->s, w, cm, d->cemb, d->NC, d->two ? "column" : "node", e)) < 0)
		return -1;
	if ((w = dl_word(&d->s, 1)) != NULL) {
		if (rs_field_weight(w, &x) != 0 || !isfinite(x) || x < 0) {
			RS_FAIL_AT(&d->rd, "weight '%s': weights must be finite numbers >= 0", w);
			return -1;
		}
		if ((w = dl_word(&d->s, 1)) != NULL) {
			RS_FAIL_AT(&d->rd, "'%s': an edge list's line is 'i j [weight]'", w);
			return -1;
		}
	}
	return x != 0 ? rs_edges_push(&d->E, u, v, d->o->unweighted ? 1.0 : x, e) : 0;
}

/* The data as lists: one edge (i j [w]) or one node and its neighbours a
 * line, by label or by number from 1. */
static int dl_lists(struct dl *d, enum dl_layout l, rs_namemap *cm, rs_err *e)
{
	const char *w;
	while ((w = dl_word(&d->s, 0)) != NULL) {
		long u = dl_node(&d->s, w, &d->rows, d->remb, d->NR, d->two ? "row" : "node", e);
		if (u < 0)
			return -1;
		if (l == DL_EDGES) {
			if (dl_edge(d, u, cm, e) != 0)
				return -1;
			continue;
		}
		while ((w = dl_word(&d->s, 1)) != NULL) {
			long v = dl_node(&d->s, w, cm, d->cemb, d->NC, d->two ? "column" : "node", e);
			if (v < 0 || rs_edges_push(&d->E, u, v, 1.0, e) != 0)
				return -1;
		}
		if (d->E.count % 1048576 == 0 && d->E.count > 0 &&
		    rs_memory_refused(&d->rd, d->NR + d->NC, (double)d->E.count))
			return -1;
	}
	return 0;
}

/* UCINET's DL: 'DL N=5' (or NR= NC= for two modes) and 'FORMAT=' a full
 * matrix (the default), a lower or upper half, an edge list or a node
 * list (1: one mode, 2: two modes); labels listed ('LABELS:', 'ROW
 * LABELS:', 'COL LABELS:') or embedded in the data; 'DATA:' then the
 * numbers.  Of several matrices (NM, relations), the first; two modes
 * make a bipartite graph. */
rs_graph *rs_read_dl(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct dl d = {.rd = {path, 1, e}, .o = o, .N = -1, .NR = -1, .NC = -1, .NM = 1, .fmt = "FULLMATRIX", .diag = 1};
	d.s = (struct dlscan){buf, &d.rd, ""};
	rs_graph *g = NULL;
	const char *w;
	int l;
	if (dl_header(&d, &w) != 0 || dl_sections(&d, &w, e) != 0 || (l = dl_layout(&d)) < 0)
		goto fail;
	info->dl_matrices = d.NM; /* matrices: the first is read */
	if (!d.two)
		d.cemb = d.remb; /* one mode: rows and columns are the same nodes */
	rs_namemap *cm = d.two ? &d.cols : &d.rows;
	if ((l == DL_EDGES || l == DL_NODES ? dl_lists(&d, l, cm, e) : dl_matrix(&d, l, cm, e)) != 0)
		goto fail;
	info->lines = d.rd.lineno;
	if ((g = rs_entries_graph(&d.E, d.NR, d.NC, d.two || o->bipartite, l != DL_FULL, o, info, path, e)) == NULL)
		goto fail;
	/* the labels as names, unless they are the positions */
	if (d.rows.count == d.NR && rs_names_are_ids(d.rows.names, d.NR) < 0) {
		g->names = rs_nm_take(&d.rows);
		info->relabeled = 1;
	}
	if (d.two && d.cols.count == d.NC && rs_names_are_ids(d.cols.names, d.NC) < 0)
		g->cnames = rs_nm_take(&d.cols);
fail:
	rs_edges_free(&d.E);
	rs_nm_free(&d.rows);
	rs_nm_free(&d.cols);
	return g;
}
