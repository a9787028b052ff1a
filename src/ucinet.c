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

/* UCINET's DL: 'DL N=5' (or NR= NC= for two modes) and 'FORMAT=' a full
 * matrix (the default), a lower or upper half, an edge list or a node
 * list (1: one mode, 2: two modes); labels listed ('LABELS:', 'ROW
 * LABELS:', 'COL LABELS:') or embedded in the data; 'DATA:' then the
 * numbers.  Of several matrices (NM, relations), the first; two modes
 * make a bipartite graph. */
rs_graph *rs_read_dl(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct rs_reader rd = {path, 1, e};
	struct dlscan s = {buf, &rd, ""};
	rs_edges E = {0};
	rs_namemap rows = {0}, cols = {0};
	rs_graph *g = NULL;
	long N = -1, NR = -1, NC = -1, NM = 1;
	char fmt[32] = "FULLMATRIX";
	int diag = 1, remb = 0, cemb = 0;
	const char *w = dl_word(&s, 0);
	if (w == NULL || strcasecmp(w, "DL") != 0) {
		RS_FAIL_AT(&rd, "a DL file starts with 'DL'");
		return NULL;
	}
	/* the header: key = value pairs up to the first section */
	while ((w = dl_word(&s, 0)) != NULL && !dl_is(w, "DATA") && !dl_is(w, "LABELS") && !dl_is(w, "ROW") &&
	       !dl_is(w, "COL") && !dl_is(w, "COLUMN") && !dl_is(w, "MATRIX") && !dl_is(w, "LEVEL")) {
		char key[32];
		snprintf(key, sizeof key, "%s", w);
		const char *v = dl_word(&s, 0);
		long x;
		if (v == NULL) {
			RS_FAIL_AT(&rd, "'%s' without a value", key);
			goto fail;
		}
		if (!strcasecmp(key, "FORMAT")) {
			snprintf(fmt, sizeof fmt, "%s", v);
		} else if (!strcasecmp(key, "DIAGONAL")) {
			diag = strcasecmp(v, "ABSENT") != 0;
		} else if (!strcasecmp(key, "N") || !strcasecmp(key, "NR") || !strcasecmp(key, "NC") ||
			   !strcasecmp(key, "NM")) {
			if (rs_field_long(v, &x) != 0 || x < 1 || x > RS_MAX_ID) {
				RS_FAIL_AT(&rd, "%s = '%s' is not a count", key, v);
				goto fail;
			}
			*(!strcasecmp(key, "N") ? &N : !strcasecmp(key, "NR") ? &NR : !strcasecmp(key, "NC") ? &NC : &NM) = x;
		} else {
			RS_FAIL_AT(&rd, "'%s' is not a DL header word (N, NR, NC, NM, FORMAT, DIAGONAL)", key);
			goto fail;
		}
	}
	int two = NR > 0 || NC > 0;
	if (two ? NR < 1 || NC < 1 || N > 0 : N < 1) {
		RS_FAIL_AT(&rd, "a DL header gives N (one mode) or NR and NC (two modes)");
		goto fail;
	}
	if (!two)
		NR = NC = N;
	if (rs_size_refused(&rd, NR + (two ? NC : 0), (double)NR, o))
		goto fail;
	/* the sections before the data */
	while (w != NULL && !dl_is(w, "DATA")) {
		int row = dl_is(w, "ROW"), col = dl_is(w, "COL") || dl_is(w, "COLUMN"), skip = dl_is(w, "MATRIX") || dl_is(w, "LEVEL");
		if ((row || col || skip) && !dl_is(w = dl_word(&s, 0), "LABELS")) {
			RS_FAIL_AT(&rd, "'LABELS' expected after ROW, COL or MATRIX");
			goto fail;
		}
		if (!dl_is(w, "LABELS")) {
			RS_FAIL_AT(&rd, "'%s': a DL file's sections are LABELS:, ROW LABELS:, COL LABELS: and DATA:", w);
			goto fail;
		}
		const char *save = s.p;
		long line = rd.lineno;
		w = dl_word(&s, 0);
		if (dl_is(w, "EMBEDDED")) {
			remb |= !col && !skip;
			cemb |= !row && !skip;
			w = dl_word(&s, 0);
			continue;
		}
		s.p = save;
		rd.lineno = line;
		if (skip) { /* the matrices' names */
			for (long i = 0; i < NM; i++)
				if (dl_word(&s, 0) == NULL)
					break;
		} else if (dl_labels(&s, col ? &cols : &rows, col ? NC : NR, col ? "column" : two ? "row" : "node", e) != 0) {
			goto fail;
		}
		w = dl_word(&s, 0);
	}
	if (w == NULL) {
		RS_FAIL_AT(&rd, "no 'DATA:' line");
		goto fail;
	}
	int full = !strncasecmp(fmt, "FULL", 4), lower = !strncasecmp(fmt, "LOWER", 5), upper = !strncasecmp(fmt, "UPPER", 5);
	int elist = !strncasecmp(fmt, "EDGELIST", 8), nlist = !strncasecmp(fmt, "NODELIST", 8);
	if (!(full || lower || upper || elist || nlist)) {
		RS_FAIL_AT(&rd, "FORMAT = %s: regspec reads FULLMATRIX, LOWERHALF, UPPERHALF, EDGELIST1/2 and NODELIST1/2",
			fmt);
		goto fail;
	}
	if ((lower || upper) && two) {
		RS_FAIL_AT(&rd, "a half matrix has one mode (N, not NR and NC)");
		goto fail;
	}
	if (NM > 1 && (elist || nlist)) {
		RS_FAIL_AT(&rd, "NM = %ld: %ld lists (relations); regspec reads a file of one", NM, NM);
		goto fail;
	}
	info->dl_matrices = NM; /* matrices: the first is read */
	if (!two)
		cemb = remb; /* one mode: rows and columns are the same nodes */
	rs_namemap *cm = two ? &cols : &rows;
	if (full || lower || upper) {
		long given = cm->count; /* labels listed before the data */
		if (full && cemb) /* a line of column labels */
			for (long c = 0; c < NC; c++) {
				long id = (w = dl_word(&s, 0)) == NULL ? -2 : rs_nm_intern(cm, w, strlen(w), given == 0, e);
				if (id == -1)
					goto fail;
				if (id != c) {
					RS_FAIL_AT(&rd, "the embedded column labels: %ld expected%s", NC,
						w ? ", each once, in the order of the labels listed" : "");
					goto fail;
				}
			}
		for (long r = 0; r < NR; r++) {
			if (remb && (w = dl_word(&s, 0)) != NULL) {
				/* one mode: the rows' labels are the columns', in order */
				long id = rs_nm_intern(&rows, w, strlen(w), two || cm->count <= r, e);
				if (id != r) {
					if (id != -1)
						RS_FAIL_AT(&rd, "row %ld is labelled '%s', %s", r + 1, w,
							id >= 0 ? "the label of another row" : "not the label of its column");
					goto fail;
				}
			}
			long c0 = upper ? r + !diag : 0, c1 = lower ? r + diag : NC;
			for (long c = c0; c < c1; c++) {
				if (full && !diag && c == r && !two)
					continue;
				double x;
				if ((w = dl_word(&s, 0)) == NULL) {
					RS_FAIL_AT(&rd, "the data end at row %ld of %ld (truncated file?)", r + 1, NR);
					goto fail;
				}
				if (rs_field_weight(w, &x) != 0) {
					RS_FAIL_AT(&rd, "'%s' (row %ld, column %ld) is not a number", w, r + 1, c + 1);
					goto fail;
				}
				if (!isfinite(x) || x < 0) {
					RS_FAIL_AT(&rd, "%s (row %ld, column %ld): weights must be finite and >= 0", w, r + 1, c + 1);
					goto fail;
				}
				if (x != 0 && rs_edges_push(&E, r, c, o->unweighted ? 1.0 : x, e) != 0)
					goto fail;
			}
		}
		if (NM == 1 && (w = dl_word(&s, 0)) != NULL) {
			RS_FAIL_AT(&rd, "'%s': more data than the %ld x %ld matrix holds", w, NR, NC);
			goto fail;
		}
	} else {
		/* one edge (i j [w]) or one node and its neighbours a line */
		const char *mode = two ? "row" : "node", *cmode = two ? "column" : "node";
		while ((w = dl_word(&s, 0)) != NULL) {
			long u = dl_node(&s, w, &rows, remb, NR, mode, e), v;
			if (u < 0)
				goto fail;
			if (elist) {
				double x = 1;
				if ((w = dl_word(&s, 1)) == NULL) {
					RS_FAIL_AT(&rd, "an edge list's line is 'i j [weight]'");
					goto fail;
				}
				if ((v = dl_node(&s, w, cm, cemb, NC, cmode, e)) < 0)
					goto fail;
				if ((w = dl_word(&s, 1)) != NULL) {
					if (rs_field_weight(w, &x) != 0 || !isfinite(x) || x < 0) {
						RS_FAIL_AT(&rd, "weight '%s': weights must be finite numbers >= 0", w);
						goto fail;
					}
					if ((w = dl_word(&s, 1)) != NULL) {
						RS_FAIL_AT(&rd, "'%s': an edge list's line is 'i j [weight]'", w);
						goto fail;
					}
				}
				if (x != 0 && rs_edges_push(&E, u, v, o->unweighted ? 1.0 : x, e) != 0)
					goto fail;
				continue;
			}
			while ((w = dl_word(&s, 1)) != NULL) {
				if ((v = dl_node(&s, w, cm, cemb, NC, cmode, e)) < 0 || rs_edges_push(&E, u, v, 1.0, e) != 0)
					goto fail;
			}
			if (E.count % 1048576 == 0 && E.count > 0 && rs_memory_refused(&rd, NR + NC, (double)E.count))
				goto fail;
		}
	}
	info->lines = rd.lineno;
	if ((g = rs_entries_graph(&E, NR, NC, two || o->bipartite, !full, o, info, path, e)) == NULL)
		goto fail;
	/* the labels as names, unless they are the positions */
	if (rows.count == NR && rs_names_are_ids(rows.names, NR) < 0) {
		g->names = rs_nm_take(&rows);
		info->relabeled = 1;
	}
	if (two && cols.count == NC && rs_names_are_ids(cols.names, NC) < 0)
		g->cnames = rs_nm_take(&cols);
fail:
	rs_edges_free(&E);
	rs_nm_free(&rows);
	rs_nm_free(&cols);
	return g;
}
