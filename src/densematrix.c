/* densematrix.c: dense adjacency matrices as spreadsheets, pandas and
 * numpy write them, and the graph of any matrix's entries. */
#include <config.h>

#include "readers.h"

#include "namemap.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A dense matrix's delimiter, from its first line: a semicolon, a tab, a
 * comma, else blanks (numpy.savetxt's default). */
static char matrix_delim(const char *line, size_t len)
{
	return memchr(line, ';', len) ? ';' : memchr(line, '\t', len) ? '\t' : memchr(line, ',', len) ? ',' : ' ';
}

/* A matrix entry: a number >= 0 ("0,5" with a decimal comma where
 * semicolons separate); an empty field, a blank spreadsheet cell, is 0.
 * 0 when f reads, -1 when it is not a number. */
static int matrix_value(const char *f, char delim, double *w)
{
	if (*f == '\0') {
		*w = 0;
		return 0;
	}
	return rs_field_weight(f, w) == 0 || (delim == ';' && rs_decimal_comma(f, w)) ? 0 : -1;
}

/* The fields of line[0..len) of a matrix, split in a copy (*copy, to free)
 * into a growing *f of *cap entries: the count, or -1 out of memory. */
static int matrix_fields(const char *line, size_t len, char delim, char **copy, char ***f, size_t *cap)
{
	free(*copy);
	*copy = malloc(len + 1);
	if (*copy == NULL)
		return -1;
	memcpy(*copy, line, len);
	(*copy)[len] = '\0';
	if (len > 0 && (*copy)[len - 1] == '\r')
		(*copy)[len - 1] = '\0';
	return rs_split_all(*copy, delim, f, cap);
}

/* The next line of s that is not blank or a '#' or '%' comment, its length
 * in *len; NULL at the end. */
static const char *matrix_line(const char **s, size_t *len)
{
	while (**s) {
		const char *l = *s, *nl = strchr(l, '\n');
		*len = nl ? (size_t)(nl - l) : strlen(l);
		*s = nl ? nl + 1 : l + *len;
		const char *t = l + strspn(l, " \t\r");
		if (t < l + *len && *t != '#' && *t != '%')
			return l;
	}
	return NULL;
}

/* A dense adjacency matrix, as people keep one in a spreadsheet or write
 * one with pandas or numpy: lines of numbers, under a line of names and
 * each led by its row's name, or not.  Told from an edge list by its
 * shape: the rows' names are the columns' in the same order; or rows led
 * by words under an empty corner, with three columns or more, the first
 * two not named as an edge list's ends (source, target, a, b...); or, without row names, N >= 3 rows of N numbers whose
 * first row equals the first column (the triangle '0 1 1 / 1 2 1 / 2 0 1'
 * is an edge list), and for N = 3 or 4, the widths of edge lists with a
 * weight or a time, symmetric all through and under no '# nodes' comment
 * (regspec's '# nodes: 5' over '0 1 1 / 1 2 1 / 1 4 1' is three edges). */
int rs_matrix_like(const char *buf)
{
	const char *s = buf, *h, *l, *x;
	size_t hl, ll, xl;
	if ((h = matrix_line(&s, &hl)) == NULL || (l = matrix_line(&s, &ll)) == NULL)
		return 0;
	const char *rest = s; /* the lines after the second */
	long lines = 2;       /* counted once the first two lines could be a matrix's */
	char delim = matrix_delim(h, hl), *hc = NULL, *lc = NULL, **hf = NULL, **lf = NULL;
	size_t hcap = 0, lcap = 0;
	int H = matrix_fields(h, hl, delim, &hc, &hf, &hcap);
	int F = matrix_fields(l, ll, delim, &lc, &lf, &lcap);
	int yes = 0;
	double w, *row = NULL;
	if (H < 2 || F < 2)
		goto done;
	int words = 0; /* the header's fields after the first that are not numbers */
	for (int i = 1; i < H; i++)
		words += hf[i][0] == '\0' || matrix_value(hf[i], delim, &w) != 0;
	/* rows led by names: one field more than the header, or as many
	 * under an empty corner */
	int rowname = (F == H + 1 && words == H - 1 && matrix_value(hf[0], delim, &w) != 0) ||
		      (F == H && H >= 3 && hf[0][0] == '\0');
	int K = F - rowname;
	for (int i = rowname; i < F; i++)
		if (matrix_value(lf[i], delim, &w) != 0)
			goto done;
	if (rowname || K >= 3)
		for (const char *t = rest; matrix_line(&t, &xl) != NULL;)
			lines++;
	if (rowname) {
		/* under an empty corner, rows led by words and columns none of
		 * an edge list's words (source, target, weight...): a matrix,
		 * square or not (davis.csv: 18 women by 14 events) */
		int words_only = H >= 4 && hf[0][0] == '\0' && matrix_value(lf[0], delim, &w) != 0 &&
				 !rs_header_word(hf[1]) && !rs_header_word(hf[2]);
		if (words_only) {
			yes = 1;
			goto done;
		}
		int off = H - K;
		if (lines - 1 != K || strcmp(lf[0], hf[off]) != 0)
			goto done;
		const char *t = rest;
		for (int r = 1; r < K; r++) {
			x = matrix_line(&t, &xl);
			if (x == NULL || matrix_fields(x, xl, delim, &lc, &lf, &lcap) < 1 ||
			    strcmp(lf[0], hf[off + r]) != 0)
				goto done;
		}
		yes = 1;
		goto done;
	}
	/* N rows of N numbers, under a header of N names or not */
	int header = words > 0 || matrix_value(hf[0], delim, &w) != 0;
	if (K < 3 || H != K || lines - header != K)
		goto done;
	if (header && (rs_header_word(hf[0]) || rs_header_word(hf[1])))
		goto done; /* 'source,target,weight' over three edges */
	if ((row = malloc((size_t)K * sizeof *row)) == NULL)
		goto done;
	const char *t = header ? rest : l;
	for (int i = 0; i < K; i++)
		if (matrix_value((header ? lf : hf)[i], delim, &row[i]) != 0)
			goto done;
	double sq[4][4]; /* N = 3 or 4: all of it, to check its symmetry */
	for (int c = 0; c < K && K <= 4; c++)
		sq[0][c] = row[c];
	for (int r = 1; r < K; r++) {
		x = matrix_line(&t, &xl);
		if (x == NULL || matrix_fields(x, xl, delim, &lc, &lf, &lcap) != K ||
		    matrix_value(lf[0], delim, &w) != 0 || w != row[r])
			goto done;
		for (int c = 0; c < K && K <= 4; c++)
			if (matrix_value(lf[c], delim, &sq[r][c]) != 0)
				goto done;
	}
	if (K <= 4) {
		for (const char *c = buf; *c; c += strcspn(c, "\n") + (c[strcspn(c, "\n")] != '\0')) {
			const char *t2 = c + strspn(c, " \t");
			if (*t2 == '#' && !strncmp(t2 + 1 + strspn(t2 + 1, " \t"), "nodes", 5))
				goto done; /* regspec's edge lists say how many nodes they have */
		}
		for (int r = 0; r < K; r++)
			for (int c = 0; c < r; c++)
				if (sq[r][c] != sq[c][r])
					goto done;
	}
	yes = 1;
done:
	free(row);
	free(hc);
	free(lc);
	free(hf);
	free(lf);
	return yes;
}

static int cmp_uv(const void *a, const void *b, void *ctx)
{
	const rs_edges *E = ctx;
	long i = *(const long *)a, j = *(const long *)b;
	if (E->u[i] != E->u[j])
		return E->u[i] < E->u[j] ? -1 : 1;
	return E->v[i] < E->v[j] ? -1 : E->v[i] > E->v[j];
}

static int cmp_vu(const void *a, const void *b, void *ctx)
{
	const rs_edges *E = ctx;
	long i = *(const long *)a, j = *(const long *)b;
	if (E->v[i] != E->v[j])
		return E->v[i] < E->v[j] ? -1 : 1;
	return E->u[i] < E->u[j] ? -1 : E->u[i] > E->u[j];
}

/* Whether the entries E of a square matrix are symmetric: sorted by (row,
 * column) and by (column, row), the two orders must list the same values.
 * -1 out of memory. */
int rs_matrix_symmetric(const rs_edges *E)
{
	size_t m = (size_t)(E->count > 0 ? E->count : 1);
	long *a = malloc(m * sizeof *a), *b = malloc(m * sizeof *b);
	int same = a && b ? 1 : -1;
	for (long i = 0; same > 0 && i < E->count; i++)
		a[i] = b[i] = i;
	if (same > 0) {
		qsort_r(a, (size_t)E->count, sizeof *a, cmp_uv, (void *)E);
		qsort_r(b, (size_t)E->count, sizeof *b, cmp_vu, (void *)E);
	}
	for (long k = 0; same > 0 && k < E->count; k++)
		same = E->u[a[k]] == E->v[b[k]] && E->v[a[k]] == E->u[b[k]] &&
		       (E->w ? E->w[a[k]] == E->w[b[k]] : 1);
	free(a);
	free(b);
	return same;
}

/* The graph of a matrix's entries E (row, column, weight): bipartite, of
 * R rows and K columns; or square, each edge once where the entries are
 * symmetric, made undirected (and said so in info) where not; a list
 * (half matrices, edge lists) as undirected edges.  E is changed. */
rs_graph *rs_entries_graph(rs_edges *E, long R, long K, int bip, int list, const rs_load_opts *o,
			   rs_load_info *info, const char *path, rs_err *e)
{
	if (list) { /* a list of undirected edges: repeats merged, nothing to symmetrize */
		info->weighted = E->w != NULL;
		return rs_graph_build(R, bip ? K : 0, bip, E, o->merge, &info->merged, &info->dropped, e);
	}
	int symmetric = bip ? 0 : rs_matrix_symmetric(E);
	if (symmetric < 0) {
		rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
		return NULL;
	}
	if (symmetric) { /* each edge once: the entries on and above the diagonal */
		long k = 0;
		for (long i = 0; i < E->count; i++)
			if (E->u[i] <= E->v[i]) {
				E->u[k] = E->u[i];
				E->v[k] = E->v[i];
				if (E->w)
					E->w[k] = E->w[i];
				k++;
			}
		E->count = k;
	}
	info->weighted = E->w != NULL;
	info->symmetrized = !bip && !symmetric;
	return rs_graph_build(R, bip ? K : 0, bip, E, o->merge, &info->merged, &info->dropped, e);
}

rs_graph *rs_matrix_graph(rs_edges *E, long R, long K, int bip, const rs_load_opts *o, rs_load_info *info,
			  const char *path, rs_err *e)
{
	return rs_entries_graph(E, R, K, bip, 0, o, info, path, e);
}

void rs_graph_take_names(rs_graph *g, char *const *ids, char **label, long nlabel)
{
	long n = g->n;
	int numbered = 1;
	for (long i = 0; i < n && numbered; i++) {
		char *end;
		numbered = (i >= nlabel || label[i] == NULL) && strtol(ids[i], &end, 10) == i && *end == '\0';
	}
	if (numbered || (g->names = calloc((size_t)n, sizeof *g->names)) == NULL)
		return;
	for (long i = 0; i < n; i++) {
		int own = i < nlabel && label[i] != NULL;
		g->names[i] = own ? label[i] : strdup(ids[i]);
		if (own)
			label[i] = NULL;
		if (g->names[i] == NULL) { /* out of memory: no names rather than some */
			for (long k = 0; k < i; k++)
				free(g->names[k]);
			free(g->names);
			g->names = NULL;
			return;
		}
	}
}

int rs_names_are_ids(char **names, long n)
{
	for (int base = 0; base <= 1; base++) {
		long i = 0, t;
		while (i < n && rs_field_long(names[i], &t) == 0 && t == i + base)
			i++;
		if (i == n)
			return base;
	}
	return -1;
}

/* A dense matrix being read: its separator, the line of column names
 * (kept until the first row), the layout the first row gives (fields,
 * whether rows start with their names, columns), the rows read. */
struct mx {
	struct rs_reader rd;
	const rs_load_opts *o;
	rs_edges E;
	rs_namemap cols, rows;
	char **f, delim;
	size_t cap;
	int header;       /* -1 undecided; whether the first line names the columns */
	char **hdr, *hcopy; /* those names (H), and the copy they point into */
	int H;
	long hline;       /* their line */
	int F, rowname;   /* fields a row, whether the first is the row's name */
	long K, R;        /* columns; rows read */
	long stranger;    /* the first row not named as a column */
};

/* The first line, of n fields f: names when a field after the first is
 * not a number, or the first (the corner) is empty; 1 kept as the names,
 * 0 a row, -1 out of memory. */
static int mx_header(struct mx *M, const char *line, size_t len, int n)
{
	int words = 0;
	double w;
	for (int i = 1; i < n; i++)
		words += M->f[i][0] == '\0' || matrix_value(M->f[i], M->delim, &w) != 0;
	M->header = words > 0 || M->f[0][0] == '\0';
	if (!M->header)
		return 0;
	M->hcopy = malloc(len + 1);
	M->hdr = malloc((size_t)n * sizeof *M->hdr);
	if (M->hcopy == NULL || M->hdr == NULL) {
		rs_fail(M->rd.e, RS_ENOMEM, "%s: out of memory", M->rd.path);
		return -1;
	}
	memcpy(M->hcopy, line, len + 1); /* the fields, NUL-separated */
	for (int i = 0; i < n; i++)
		M->hdr[i] = M->hcopy + (M->f[i] - line);
	M->H = n;
	M->hline = M->rd.lineno;
	return 1;
}

/* The first row, of n fields, decides the layout: whether rows start with
 * their names, the columns, and their names from the header. */
static int mx_layout(struct mx *M, int n)
{
	struct rs_reader *rd = &M->rd;
	double w;
	int F = M->F = n, H = M->H, header = M->header;
	int word = matrix_value(M->f[0], M->delim, &w) != 0;
	M->rowname = header ? F == H + 1 || (F == H && (M->hdr[0][0] == '\0' || word)) : word;
	long K = M->K = F - M->rowname;
	if (K < 1) {
		RS_FAIL_AT(rd, "'%s': a row name and no values", M->f[0]);
		return -1;
	}
	if (header && !(M->rowname ? F == H || F == H + 1 : F == H)) {
		RS_FAIL_AT(rd, "%d fields, where the line of column names has %d (a matrix's rows hold a value for each "
			       "column, after the row's name if it has one)",
			   F, H);
		return -1;
	}
	for (int i = (int)(H - K); header && i < H; i++) {
		long id = rs_nm_intern(&M->cols, M->hdr[i], strlen(M->hdr[i]), 1, rd->e);
		if (id < 0)
			return -1;
		if (id != M->cols.count - 1 || M->cols.count != i - (H - K) + 1) {
			long at = rd->lineno;
			rd->lineno = M->hline;
			RS_FAIL_AT(rd, "the column name '%s' appears twice", M->hdr[i]);
			rd->lineno = at;
			return -1;
		}
	}
	return rs_size_refused(rd, K, (double)K, M->o) ? -1 : 0;
}

/* A row of n fields: its name, then its values, the ones not 0 entries. */
static int mx_row(struct mx *M, int n)
{
	struct rs_reader *rd = &M->rd;
	rs_err *e = rd->e;
	char **f = M->f;
	if (M->o->max_nodes > 0 && M->R + 1 > M->o->max_nodes) {
		RS_FAIL_AT(rd, "more than the %ld nodes allowed", M->o->max_nodes);
		return -1;
	}
	if (n != M->F) {
		RS_FAIL_AT(rd, "%d fields where the first row has %d", n, M->F);
		return -1;
	}
	if (M->rowname) {
		long id = rs_nm_intern(&M->rows, f[0], strlen(f[0]), 1, e);
		if (id < 0)
			return -1;
		if (id != M->R) {
			RS_FAIL_AT(rd, "the row name '%s' appears twice", f[0]);
			return -1;
		}
		if (M->header && M->stranger == 0 && rs_nm_intern(&M->cols, f[0], strlen(f[0]), 0, e) < 0)
			M->stranger = rd->lineno; /* an error if the matrix is square */
	}
	for (int i = M->rowname; i < M->F; i++) {
		double w;
		if (matrix_value(f[i], M->delim, &w) != 0) {
			RS_FAIL_AT(rd, "'%s' (column %d) is not a number", f[i], i + 1);
			return -1;
		}
		if (!isfinite(w) || w < 0) {
			RS_FAIL_AT(rd, "%s (column %d): weights must be finite and >= 0", f[i], i + 1);
			return -1;
		}
		if (w == 0)
			continue;
		if (rs_edges_push(&M->E, M->R, i - M->rowname, M->o->unweighted ? 1.0 : w, e) != 0)
			return -1;
		if (M->E.count % 1048576 == 0 && rs_memory_refused(rd, M->K, (double)M->E.count))
			return -1;
	}
	if (++M->R > RS_MAX_ID) {
		RS_FAIL_AT(rd, "more than %ld rows", RS_MAX_ID);
		return -1;
	}
	return 0;
}

/* A square matrix's rows are its columns, named in any order: the
 * entries' rows renumbered as the columns of their names. */
static int mx_square(struct mx *M)
{
	rs_err *e = M->rd.e;
	long *to = malloc((size_t)M->R * sizeof *to);
	if (to == NULL) {
		rs_fail(e, RS_ENOMEM, "%s: out of memory", M->rd.path);
		return -1;
	}
	for (long r = 0; r < M->R; r++) {
		const char *name = M->rows.names[r];
		if ((to[r] = rs_nm_intern(&M->cols, name, strlen(name), 0, e)) < 0) {
			M->rd.lineno = M->stranger;
			RS_FAIL_AT(&M->rd, "the row '%s' is not one of the columns' names (a square matrix names its rows as "
					   "its columns; 'bipartite' reads rows and columns as two sides)",
				   name);
			free(to);
			return -1;
		}
	}
	for (long i = 0; i < M->E.count; i++)
		M->E.u[i] = (int32_t)to[M->E.u[i]];
	free(to);
	return 0;
}

/* g's names from the rows' and columns' names, unless they are the
 * positions (0..n-1, or 1..n). */
static void mx_names(struct mx *M, rs_graph *g, int bip, rs_load_info *info)
{
	rs_namemap *rn = M->rowname && (bip || !M->header) ? &M->rows : NULL, *cn = M->header ? &M->cols : NULL;
	if (!bip && cn == NULL)
		cn = rn, rn = NULL;
	if (rn && rs_names_are_ids(rn->names, M->R) < 0)
		g->names = rs_nm_take(rn);
	if (cn) {
		int base = rs_names_are_ids(cn->names, M->K);
		if (base >= 0 && !bip)
			info->one_based = base;
		else if (base < 0)
			*(bip ? &g->cnames : &g->names) = rs_nm_take(cn);
	}
	info->relabeled = g->names != NULL;
}

/* A dense adjacency matrix (rs_matrix_like; 'format matrix' for any): a line
 * of column names or not, rows led by their names or not, entries >= 0
 * (an empty one 0).  Square: a graph, made undirected where the matrix is
 * not symmetric; rows named in any order of the columns' names.
 * Rectangular, or with 'bipartite': the biadjacency of a bipartite graph. */
rs_graph *rs_read_matrix(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct mx M = {.rd = {path, 0, e}, .o = o, .K = -1, .F = -1, .header = -1};
	rs_graph *g = NULL;
	char *line, *p = buf;
	while ((line = rs_next_line(&p, &M.rd)) != NULL) {
		char *s = line + strspn(line, " \t");
		if (*s == '#' || *s == '%' || *s == '\0')
			continue;
		size_t len = strlen(line);
		if (M.delim == 0)
			M.delim = matrix_delim(line, len);
		int n = rs_split_all(line, M.delim, &M.f, &M.cap), r = 0;
		if (n < 0) {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto fail;
		}
		if (M.header < 0 && (r = mx_header(&M, line, len, n)) != 0) {
			if (r < 0)
				goto fail;
			continue;
		}
		if ((M.F < 0 && mx_layout(&M, n) != 0) || mx_row(&M, n) != 0)
			goto fail;
	}
	if (M.R == 0) {
		rs_fail(e, RS_EINVAL, "%s: no rows in the matrix", path);
		goto fail;
	}
	int bip = o->bipartite || M.R != M.K;
	if (!bip && M.rowname && M.header && mx_square(&M) != 0)
		goto fail;
	info->lines = M.rd.lineno;
	if ((g = rs_entries_graph(&M.E, M.R, M.K, bip, 0, o, info, path, e)) == NULL)
		goto fail;
	mx_names(&M, g, bip, info);
fail:
	free(M.f);
	free(M.hdr);
	free(M.hcopy);
	rs_edges_free(&M.E);
	rs_nm_free(&M.cols);
	rs_nm_free(&M.rows);
	return g;
}
