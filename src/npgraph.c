/* npgraph.c: graphs in NumPy's and scipy's files and in zip and tar archives
 * (npgraph.h). */
#include <config.h>

#include "npgraph.h"
#include "unpack.h"

#include "graph6.h"
#include "jsongraph.h"
#include "labels.h"
#include "matfile.h"
#include "octave.h"
#include "npy.h"
#include "tario.h"
#include "varpick.h"
#include "xlsx.h"
#include "zipio.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define MAX_NODES 2147483646L

static int has_suffix(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && !strcasecmp(s + a - b, suf);
}

int rs_path_numpy(const char *path)
{
	size_t l = strlen(path);
	l -= rs_compressed_suffix(path, l);
	if (l <= 4) /* a name, not only its extension */
		return 0;
	return !strncasecmp(path + l - 4, ".npy", 4) ? 1 : !strncasecmp(path + l - 4, ".npz", 4) ? 2 : 0;
}

int rs_binary_kind(const void *buf, size_t len)
{
	if (len >= 4 && !memcmp(buf, "PK\x03\x04", 4))
		return 'z';
	if (len >= 4 && !memcmp(buf, "PK\x05\x06", 4))
		return 'z'; /* an empty archive: its end record alone */
	if (len >= 6 && !memcmp(buf, "\x93NUMPY", 6))
		return 'n';
	if (rs_tar_is(buf, len))
		return 't';
	if (rs_mat_is(buf, len))
		return 'm';
	return 0;
}



/* Whether a graph of n nodes from `entries` matrix entries would not fit:
 * the edge list, then the CSR (as graphio's text readers reckon). */
static int too_big(const char *path, double n, double entries, const rs_load_opts *o, rs_err *e)
{
	double need = rs_graph_too_large(n, entries);
	if (n > 2.0 * MAX_NODES)
		return rs_fail(e, RS_EINVAL, "%s: %.0f nodes is beyond this build", path, n), 1;
	if (o->max_nodes > 0 && n > 2.0 * (double)o->max_nodes) /* rows and columns, as for .mtx */
		return rs_fail(e, RS_EINVAL, "%s: %.0f rows and columns: more than the %ld nodes allowed", path, n,
			       o->max_nodes), 1;
	if (need > 0)
		return rs_fail(e, RS_ENOMEM, "%s: %.0f nodes and %.0f entries need about %.1f GB, more than this "
					     "machine's memory", path, n, entries, need / 1e9), 1;
	return 0;
}

/* The weight of entry value v at (i, j), or -1 with e set. */
static int entry_weight(const rs_npy *d, long t, long i, long j, const rs_load_opts *o, const char *where,
			double *w, rs_err *e)
{
	double v = rs_npy_double(d, t);
	if (!isfinite(v) || v < 0)
		return rs_fail(e, RS_EINVAL, "%s: the entry at (%ld, %ld) is %g: weights must be finite and >= 0",
			       where, i, j, v);
	*w = o->unweighted && v != 0 ? 1.0 : v;
	return 0;
}

/* ------------------------------------------------------------ dense */

/* A 2-D array of numbers as an adjacency (square) or biadjacency matrix. */
static rs_graph *dense_graph(const rs_npy *a, const char *where, const char *path, const rs_load_opts *o,
			     rs_load_info *info, rs_err *e)
{
	char what[96];
	rs_npy_describe(a, what, sizeof what);
	if (a->ndim != 2 || !rs_npy_is_number(a)) {
		rs_fail(e, RS_EINVAL, "%s: %s: a graph is a 2-D matrix of numbers (an adjacency matrix; "
				      "a vector of labels is read by 'labels FILE')", where, what);
		return NULL;
	}
	long R = a->shape[0], C = a->shape[1];
	if (R < 1 || C < 1) {
		rs_fail(e, RS_EINVAL, "%s: an empty %ld x %ld matrix", where, R, C);
		return NULL;
	}
	if (too_big(where, (double)R + (double)C, (double)a->count / 8, o, e))
		return NULL;
	rs_edges E = {0};
	for (long t = 0; t < a->count; t++) {
		long i = a->fortran ? t % R : t / C, j = a->fortran ? t / R : t % C;
		double w = 0;
		if (entry_weight(a, t, i, j, o, where, &w, e) != 0) {
			rs_edges_free(&E);
			return NULL;
		}
		if (w != 0 && rs_edges_push(&E, i, j, w, e) != 0) {
			rs_edges_free(&E);
			return NULL;
		}
	}
	int bip = R != C || o->bipartite;
	info->format = "npy";
	snprintf(info->container, sizeof info->container, " (a dense %.40s adjacency matrix%s)", what,
		 bip ? ": its rows and its columns are the two sides of a bipartite graph" : "");
	rs_graph *g = rs_matrix_graph(&E, R, C, bip, o, info, path, e);
	rs_edges_free(&E);
	return g;
}

/* ------------------------------------------------------------ scipy.sparse */

struct member {
	int present;
	unsigned char *owned; /* a deflated member's bytes (stored ones are read in place) */
	rs_npy a;
	char where[300]; /* "path/name.npy" */
};

/* Member name of z parsed as an array into m; a missing one is an error
 * when required, else m->present stays 0. */
static int get_member(const rs_zip *z, const char *name, int required, struct member *m, rs_err *e)
{
	memset(m, 0, sizeof *m);
	snprintf(m->where, sizeof m->where, "%s/%s", z->path, name);
	long i = rs_zip_find(z, name);
	if (i < 0)
		return required ? rs_fail(e, RS_EINVAL, "%s: no %s in the archive (scipy.sparse.save_npz writes one)",
					  z->path, name)
				: 0;
	size_t max = (size_t)(rs_memory_bytes() / 2), len; /* 0: no limit known */
	const unsigned char *p = rs_zip_data(z, i, max, &len, &m->owned, e);
	if (p == NULL)
		return -1;
	if (rs_npy_parse(p, len, &m->a, m->where, e) != 0) {
		free(m->owned);
		m->owned = NULL;
		return -1;
	}
	m->present = 1;
	return 0;
}

/* A 1-D integer array of at least `least` elements (n: its length). */
static int index_array(const struct member *m, long least, rs_err *e)
{
	char what[96];
	rs_npy_describe(&m->a, what, sizeof what);
	if (m->a.ndim != 1 || !rs_npy_is_integer(&m->a))
		return rs_fail(e, RS_EINVAL, "%s: %s where a vector of integer indices belongs", m->where,
			       what);
	if (m->a.count < least)
		return rs_fail(e, RS_EINVAL, "%s: %ld indices where %ld belong (a damaged matrix?)", m->where,
			       m->a.count, least);
	return 0;
}

/* The shape of a scipy matrix, from shape.npy: rows and columns. */
static int sparse_shape(const struct member *m, long *R, long *C, rs_err *e)
{
	if (m->a.ndim != 1 || m->a.count != 2 || !rs_npy_is_integer(&m->a))
		return rs_fail(e, RS_EINVAL, "%s: a matrix's shape is 2 integers (rows, columns)", m->where);
	int64_t r = rs_npy_int(&m->a, 0), c = rs_npy_int(&m->a, 1);
	if (r < 1 || c < 1 || r > MAX_NODES || c > MAX_NODES)
		return rs_fail(e, RS_EINVAL, "%s: shape (%lld, %lld): not a graph's (1 to %ld rows and columns)",
			       m->where, (long long)r, (long long)c, MAX_NODES);
	*R = (long)r;
	*C = (long)c;
	return 0;
}

/* A square csr matrix (or csc: its transpose, the same undirected graph)
 * that is a graph's adjacency as it stands: rows sorted without repeats,
 * no zero, nothing negative or not finite, symmetric.  Its arrays then
 * become the graph's, without an edge list to sort (4 times faster, half
 * the memory, on a 2·10^5-node SBM).  NULL where it is not so, with
 * *failed 0: the general path reads it, and says what is wrong; *failed
 * 1 when memory ran out. */
static rs_graph *direct_csr(const rs_npy *ip, const rs_npy *ix, const rs_npy *d, long n, long nnz,
			    const rs_load_opts *o, int *failed, rs_err *e)
{
	*failed = 0;
	long *ptr = rs_alloc(e, (size_t)n + 1, sizeof *ptr, "row offsets");
	int32_t *idx = rs_alloc(e, (size_t)(nnz ? nnz : 1), sizeof *idx, "adjacency");
	double *val = o->unweighted ? NULL : rs_alloc(e, (size_t)(nnz ? nnz : 1), sizeof *val, "weights");
	int ok = ptr && idx && (val || o->unweighted), ones = 1;
	if (!ok)
		*failed = 1;
	for (long r = 0; ok && r <= n; r++) {
		int64_t v = rs_npy_int(ip, r);
		ok = v >= (r ? ptr[r - 1] : 0) && v <= nnz && (r > 0 || v == 0);
		ptr[r] = (long)v;
	}
	/* the common types copied as they are, others element by element */
	int native_idx = ix->kind == 'i' && ix->size == 4 && !ix->swap;
	int native_val = d->kind == 'f' && d->size == 8 && !d->swap;
	if (ok && native_idx)
		memcpy(idx, ix->data, (size_t)nnz * sizeof *idx);
	if (ok && val && native_val)
		memcpy(val, d->data, (size_t)nnz * sizeof *val);
	for (long r = 0; ok && r < n; r++)
		for (long p = ptr[r]; ok && p < ptr[r + 1]; p++) {
			int64_t j = native_idx ? idx[p] : rs_npy_int(ix, p);
			double w = val && native_val ? val[p] : rs_npy_double(d, p);
			ok = j >= 0 && j < n && (p == ptr[r] || j > idx[p - 1]) && isfinite(w) && w > 0;
			idx[p] = (int32_t)j;
			if (val)
				val[p] = w;
			ones &= w == 1;
		}
	/* symmetric: taking the rows in order, each entry (i, j) above the
	 * diagonal meets row j's next entry below it, (j, i); next[j] walks
	 * row j so.  A row's entries below the diagonal are all met by then. */
	long *next = ok ? rs_alloc(e, (size_t)n + 1, sizeof *next, "row cursors") : NULL;
	if (ok && next == NULL)
		ok = 0, *failed = 1;
	if (ok)
		memcpy(next, ptr, (size_t)n * sizeof *next);
	for (long i = 0; ok && i < n; i++) {
		ok = next[i] == ptr[i + 1] || idx[next[i]] >= i;
		for (long p = ptr[i]; ok && p < ptr[i + 1]; p++) {
			long j = idx[p];
			if (j <= i)
				continue;
			long q = next[j]++;
			ok = q < ptr[j + 1] && idx[q] == i && (!val || val[q] == val[p]);
		}
	}
	free(next);
	if (!ok || ptr[n] != nnz) {
		free(ptr);
		free(idx);
		free(val);
		return NULL;
	}
	if (ones) {
		free(val);
		val = NULL;
	}
	rs_graph *g = rs_graph_from_csr(n, ptr, idx, val, e);
	*failed = g == NULL;
	return g;
}

/* scipy.sparse.save_npz's archive: format.npy names the layout. */
/* The largest of a[from], a[from + 1], ... a[from + n - 1] (integers), or -1. */
static int64_t largest(const rs_npy *a, long from, long n)
{
	int64_t top = -1;
	for (long p = from; p < from + n; p++) {
		int64_t v = rs_npy_int(a, p);
		if (v > top)
			top = v;
	}
	return top;
}

/* A compressed matrix of R x C with nnz entries (csr: ptr runs over the
 * rows, ind holds columns; csc: the other way) as a graph: its arrays
 * taken as they are where they already are a graph's adjacency
 * (direct_csr), else through an edge list.  pw, iw, dw: the arrays'
 * names in messages. */
static rs_graph *compressed_graph(const rs_npy *ptr, const rs_npy *ind, const rs_npy *d, const char *pw,
				  const char *iw, const char *dw, long R, long C, long nnz, int csr, const char *path,
				  const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	rs_graph *g = NULL;
	int bip = R != C || o->bipartite;
	if (!bip) {
		int failed;
		g = direct_csr(ptr, ind, d, R, nnz, o, &failed, e);
		if (g != NULL)
			info->weighted = g->val != NULL;
		if (g != NULL || failed)
			return g;
	}
	rs_edges E = {0};
	long major = csr ? R : C, minor = csr ? C : R;
	int64_t prev = 0;
	for (long r = 0; r < major; r++) {
		int64_t end = rs_npy_int(ptr, r + 1);
		if (end < prev || end > nnz) {
			rs_fail(e, RS_EINVAL, "%s: pointer %ld (%lld) is out of order (a damaged matrix?)",
				pw, r + 1, (long long)end);
			goto fail;
		}
		for (int64_t p = prev; p < end; p++) {
			int64_t x = rs_npy_int(ind, (long)p);
			if (x < 0 || x >= minor) {
				rs_fail(e, RS_EINVAL, "%s: index %lld in %s %ld is outside the %ld x %ld matrix",
					iw, (long long)x, csr ? "row" : "column", r, R, C);
				goto fail;
			}
			long i = csr ? r : (long)x, j = csr ? (long)x : r;
			double w = 0;
			if (entry_weight(d, (long)p, i, j, o, dw, &w, e) != 0 ||
			    (w != 0 && rs_edges_push(&E, i, j, w, e) != 0))
				goto fail;
		}
		prev = end;
	}
	g = rs_matrix_graph(&E, R, C, bip, o, info, path, e);
fail:
	rs_edges_free(&E);
	return g;
}

/* A sparse matrix being read: its arrays (the format's, the shape's, the
 * values', and two of indices: coo's rows and columns, or one (2, nnz)
 * array of coordinates; csr's and csc's pointers and indices), its format
 * and shape, its entries. */
enum { SP_FMT, SP_SHAPE, SP_DATA, SP_A1, SP_A2, SP_N };
struct sparse {
	const rs_zip *z;
	struct member m[SP_N];
	int hand;           /* arrays saved by hand: the format guessed */
	char fmt[16];
	long R, C, nnz;
	int two_row_coords; /* coo: one (2, nnz) array of coordinates */
};

/* A coo matrix's coordinates: rows and columns, or one (2, nnz) array;
 * the number of entries, and the shape, where none is given, as far as
 * the indices reach (square unless 'bipartite'). */
static int coo_indices(struct sparse *S, const rs_load_opts *o, rs_err *e)
{
	struct member *m = S->m;
	const rs_npy *d = &m[SP_DATA].a;
	if (get_member(S->z, "row.npy", 0, &m[SP_A1], e) != 0 || get_member(S->z, "col.npy", 0, &m[SP_A2], e) != 0)
		return -1;
	if (!m[SP_A1].present && !m[SP_A2].present) {
		/* newer scipy, and pydata's sparse, keep the indices as one (2, nnz) array */
		if (get_member(S->z, "coords.npy", 1, &m[SP_A1], e) != 0)
			return -1;
		if (m[SP_A1].a.ndim != 2 || m[SP_A1].a.shape[0] != 2 || !rs_npy_is_integer(&m[SP_A1].a))
			return rs_fail(e, RS_EINVAL, "%s: a coo matrix's coordinates are 2 rows of integers",
				       m[SP_A1].where);
		S->two_row_coords = 1;
		S->nnz = m[SP_A1].a.shape[1];
	} else {
		if (!m[SP_A1].present || !m[SP_A2].present)
			return rs_fail(e, RS_EINVAL, "%s: a coo matrix without its %s", S->z->path,
				       m[SP_A1].present ? "col.npy" : "row.npy");
		S->nnz = d->count;
		if (index_array(&m[SP_A1], S->nnz, e) != 0 || index_array(&m[SP_A2], S->nnz, e) != 0)
			return -1;
	}
	long nnz = S->nnz;
	if (d->count < nnz)
		return rs_fail(e, RS_EINVAL, "%s: %ld values for %ld entries (a damaged matrix?)", m[SP_DATA].where,
			       d->count, nnz);
	if (m[SP_SHAPE].present)
		return 0;
	const rs_npy *a = &m[SP_A1].a;
	long R = 0, C = 0;
	if (S->two_row_coords && a->fortran) { /* column-major (2, nnz): rows and columns interleave */
		for (long p = 0; p < nnz; p++) {
			int64_t i = rs_npy_int(a, 2 * p), j = rs_npy_int(a, 2 * p + 1);
			R = i + 1 > R ? (long)(i + 1) : R;
			C = j + 1 > C ? (long)(j + 1) : C;
		}
	} else {
		R = (long)(1 + largest(a, 0, nnz));
		C = (long)(1 + largest(S->two_row_coords ? a : &m[SP_A2].a, S->two_row_coords ? nnz : 0, nnz));
	}
	if (!o->bipartite)
		R = C = R > C ? R : C;
	S->R = R;
	S->C = C;
	return 0;
}

/* A csr or csc matrix's pointers and indices (*csr: which, where the
 * arrays were saved by hand and the shape tells); the number of entries,
 * and the shape where none is given. */
static int compressed_indices(struct sparse *S, int *csr, rs_err *e)
{
	struct member *m = S->m;
	const rs_npy *d = &m[SP_DATA].a;
	if (get_member(S->z, "indptr.npy", 1, &m[SP_A1], e) != 0 ||
	    get_member(S->z, "indices.npy", 1, &m[SP_A2], e) != 0)
		return -1;
	long runs = m[SP_A1].a.count - 1; /* rows (csr) or columns (csc) */
	if (S->hand && m[SP_SHAPE].present && runs == S->C && runs != S->R) {
		*csr = 0;
		snprintf(S->fmt, sizeof S->fmt, "csc");
	}
	long major = m[SP_SHAPE].present ? (*csr ? S->R : S->C) : runs;
	if (index_array(&m[SP_A1], major + 1, e) != 0)
		return -1;
	int64_t first = rs_npy_int(&m[SP_A1].a, 0), last = rs_npy_int(&m[SP_A1].a, major);
	if (first != 0 || last < 0 || last > m[SP_A2].a.count || last > d->count)
		return rs_fail(e, RS_EINVAL,
			       "%s: the pointers run from %lld to %lld, for %ld indices and %ld values (a damaged "
			       "matrix?)",
			       m[SP_A1].where, (long long)first, (long long)last, m[SP_A2].a.count, d->count);
	S->nnz = (long)last;
	if (index_array(&m[SP_A2], S->nnz, e) != 0)
		return -1;
	if (!m[SP_SHAPE].present) { /* rows from indptr, columns as far as the indices reach */
		int64_t top = largest(&m[SP_A2].a, 0, S->nnz);
		S->R = runs;
		S->C = top + 1 > S->R ? (long)(top + 1) : S->R;
	}
	if (S->hand && S->R == S->C) /* which, the arrays do not say; the graph is the same */
		snprintf(S->fmt, sizeof S->fmt, "csr or csc");
	return 0;
}

/* A coo matrix's entries as edges, each checked inside the shape. */
static int coo_edges(const struct sparse *S, const rs_load_opts *o, rs_edges *E, rs_err *e)
{
	const struct member *m = S->m;
	const rs_npy *r = &m[SP_A1].a, *c = S->two_row_coords ? &m[SP_A1].a : &m[SP_A2].a;
	long nnz = S->nnz;
	for (long p = 0; p < nnz; p++) {
		long ri = S->two_row_coords ? (r->fortran ? 2 * p : p) : p;
		long ci = S->two_row_coords ? (r->fortran ? 2 * p + 1 : nnz + p) : p;
		int64_t i = rs_npy_int(r, ri), j = rs_npy_int(c, ci);
		if (i < 0 || i >= S->R || j < 0 || j >= S->C)
			return rs_fail(e, RS_EINVAL, "%s: entry %ld at (%lld, %lld) is outside the %ld x %ld matrix",
				       m[SP_A1].where, p, (long long)i, (long long)j, S->R, S->C);
		double w = 0;
		if (entry_weight(&m[SP_DATA].a, p, (long)i, (long)j, o, m[SP_DATA].where, &w, e) != 0 ||
		    (w != 0 && rs_edges_push(E, (long)i, (long)j, w, e) != 0))
			return -1;
	}
	return 0;
}

/* A sparse matrix's arrays: as scipy.sparse.save_npz writes them (format.npy
 * names the layout, shape.npy the size), or as saved by hand with
 * numpy.savez (data, indices, indptr [, shape]: csr, or csc where indptr
 * runs over the columns; row, col or coords, data [, shape]: coo). */
static rs_graph *sparse_graph(const rs_zip *z, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct sparse S;
	memset(&S, 0, sizeof S);
	S.z = z;
	struct member *m = S.m;
	rs_edges E = {0};
	rs_graph *g = NULL;
	if (get_member(z, "format.npy", 0, &m[SP_FMT], e) != 0)
		goto done;
	S.hand = !m[SP_FMT].present; /* numpy.savez of the arrays, by hand */
	if (get_member(z, "shape.npy", !S.hand, &m[SP_SHAPE], e) != 0 ||
	    (m[SP_SHAPE].present && sparse_shape(&m[SP_SHAPE], &S.R, &S.C, e) != 0))
		goto done;
	if (S.hand)
		snprintf(S.fmt, sizeof S.fmt, "%s", rs_zip_find(z, "indptr.npy") >= 0 ? "csr" : "coo");
	else
		rs_npy_text(&m[SP_FMT].a, 0, S.fmt, sizeof S.fmt);
	int csr = !strcmp(S.fmt, "csr"), csc = !strcmp(S.fmt, "csc"), coo = !strcmp(S.fmt, "coo");
	if (!csr && !csc && !coo) {
		rs_fail(e, RS_EINVAL, "%s: a scipy.sparse '%s' matrix: read here are csr, csc and coo (save "
				      "A.tocsr())", z->path, S.fmt);
		goto done;
	}
	if (get_member(z, "data.npy", 1, &m[SP_DATA], e) != 0)
		goto done;
	const rs_npy *d = &m[SP_DATA].a;
	char what[96], type[24];
	rs_npy_describe(d, what, sizeof what);
	rs_npy_type(d, type, sizeof type);
	if (d->ndim != 1 || !rs_npy_is_number(d)) {
		rs_fail(e, RS_EINVAL, "%s: %s where the values (a vector of numbers) belong%s",
			m[SP_DATA].where, what, d->kind == 'c' ? ": complex weights are not read" : "");
		goto done;
	}
	if ((coo ? coo_indices(&S, o, e) : compressed_indices(&S, &csr, e)) != 0)
		goto done;
	long R = S.R, C = S.C;
	if (R < 1 || C < 1 || R > MAX_NODES || C > MAX_NODES) {
		rs_fail(e, RS_EINVAL, "%s: a %ld x %ld matrix is not a graph's", z->path, R, C);
		goto done;
	}
	if (too_big(z->path, (double)R + (double)C, (double)S.nnz, o, e))
		goto done;
	int bip = R != C || o->bipartite;
	if (!coo)
		g = compressed_graph(&m[SP_A1].a, &m[SP_A2].a, d, m[SP_A1].where, m[SP_A2].where, m[SP_DATA].where, R, C,
				     S.nnz, csr, z->path, o, info, e);
	else if (coo_edges(&S, o, &E, e) == 0)
		g = rs_matrix_graph(&E, R, C, bip, o, info, z->path, e);
	else
		goto done;
	info->format = "npz";
	snprintf(info->container, sizeof info->container, " (%s %s matrix, %ld x %ld, %ld %s entries%s%s)",
		 S.hand ? "a sparse" : "scipy.sparse", S.fmt, R, C, S.nnz, type,
		 S.hand ? ", its arrays saved by numpy.savez" : "",
		 bip ? "; rows and columns are the two sides of a bipartite graph" : "");
done:
	for (int k = 0; k < SP_N; k++)
		free(m[k].owned);
	rs_edges_free(&E);
	return g;
}

/* ------------------------------------------------------------ archives */

/* Whether a member of an archive could be the graph: not a folder, macOS'
 * resource forks, a hidden file, a read-me, a licence, or what sits beside
 * a graph in the archives of SNAP and of this project's data (labels, node
 * names, an ego network's circles and features). */
static int graph_candidate(const char *name)
{
	size_t l = strlen(name);
	if (l == 0 || name[l - 1] == '/' || !strncmp(name, "__MACOSX/", 9))
		return 0;
	const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	if (base[0] == '.' || !strncasecmp(base, "readme", 6) || !strncasecmp(base, "license", 7) ||
	    !strncasecmp(base, "licence", 7) || !strncasecmp(base, "copying", 7))
		return 0;
	char ext[32]; /* under a compression's: NAME.labels.gz is labels */
	rs_file_extension(base, ext, sizeof ext);
	static const char *const docs[] = {".md",	  ".html",	".htm",	       ".pdf",	     ".rst",
					   ".doc",	  ".docx",	".png",	       ".jpg",	     ".labels",
					   ".label",	  ".label_names", ".node_names", ".col_names", ".circles",
					   ".feat",	  ".egofeat",	".featnames"};
	for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++)
		if (!strcasecmp(ext, docs[i]))
			return 0;
	return 1;
}

/* An archive's files as the picker below sees them: a zip's, a tar's or
 * a folder's (its files, and those of its folders, by their names under
 * it, sorted). */
typedef struct arch {
	const char *path, *kind; /* "zip archive", "tar archive" or "folder" */
	const rs_zip *zip;
	const rs_tar *tar;
	char **files;
	long nfiles;
	int deeper; /* a folder: folders below the two levels read */
} arch;

/* What joins a path and a name under it: nothing after the root's '/' */
static const char *path_sep(const char *path)
{
	size_t l = strlen(path);
	return l > 0 && path[l - 1] == '/' ? "" : "/";
}

static long arch_count(const arch *a)
{
	return a->zip ? a->zip->count : a->tar ? a->tar->count : a->nfiles;
}

static const char *arch_name(const arch *a, long i)
{
	return a->zip ? a->zip->m[i].name : a->tar ? a->tar->m[i].name : a->files[i];
}

/* The file named name, or -1. */
static long arch_find(const arch *a, const char *name)
{
	if (a->zip)
		return rs_zip_find(a->zip, name);
	if (a->tar)
		return rs_tar_find(a->tar, name);
	for (long i = 0; i < a->nfiles; i++)
		if (!strcmp(a->files[i], name))
			return i;
	return -1;
}

/* File i's bytes, NUL-terminated: a zip's inflated into *owned (which the
 * caller frees), a tar's in place (*owned NULL), a folder's read from its
 * file as any file is (decompressed, UTF-16 made UTF-8) into *owned. */
static unsigned char *arch_read(const arch *a, long i, size_t max, size_t *len, unsigned char **owned, rs_err *e)
{
	if (a->zip)
		return *owned = rs_zip_read(a->zip, i, max, len, e);
	if (a->files) {
		char *full = malloc(strlen(a->path) + strlen(a->files[i]) + 2);
		if (full == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory"), *owned = NULL;
		sprintf(full, "%s%s%s", a->path, path_sep(a->path), a->files[i]);
		*owned = (unsigned char *)rs_read_data(full, len, e);
		free(full);
		return *owned;
	}
	*owned = NULL;
	return rs_tar_text(a->tar, i, len);
}

/* The nodes' names from the 'name' column of graph-tool's node table
 * ("# index, name, ..."), where every node of g has one (malloc'd, n of
 * them); else NULL. */
static char **netz_names(const rs_graph *g, const char *text)
{
	char *copy = strdup(text), **names = calloc((size_t)g->n, sizeof *names);
	char *f[RS_MAX_COLUMNS];
	int col = -1, ok = copy != NULL && names != NULL;
	long named = 0;
	for (char *p = copy, *line; ok && p && *p; p = line) {
		char *nl = strchr(p, '\n');
		line = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		size_t l = strlen(p);
		if (l && p[l - 1] == '\r')
			p[--l] = '\0';
		if (col < 0) { /* the header: where 'name' is */
			int nf = rs_split_fields(p + 1 + strspn(p + 1, " \t"), ',', f, RS_MAX_COLUMNS);
			for (int c = 1; c < nf && col < 0; c++)
				if (!strcmp(f[c], "name"))
					col = c;
			ok = col > 0;
			continue;
		}
		if (*p == '\0' || *p == '#')
			continue;
		int nf = rs_split_fields(p, ',', f, RS_MAX_COLUMNS);
		char *end;
		long i = nf > col ? strtol(f[0], &end, 10) : -1;
		ok = i >= 0 && i < g->n && *end == '\0' && names[i] == NULL && f[col][0] != '\0';
		if (ok)
			ok = (names[i] = strdup(f[col])) != NULL, named++;
	}
	free(copy);
	if (ok && named == g->n)
		return names;
	for (long i = 0; names != NULL && i < g->n; i++)
		free(names[i]);
	free(names);
	return NULL;
}

/* Netzschleuder's nodes.csv (member k of a), beside the edges.csv g came
 * from: its columns named in the load's note, and the one o->label_attr
 * names read as the labels ('load FILE.csv.zip labels PROPERTY'). */
static int netz_nodes(const arch *a, long k, rs_graph *g, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	size_t len;
	unsigned char *owned;
	unsigned char *text = arch_read(a, k, (size_t)(rs_memory_bytes() / 4), &len, &owned, e);
	if (text == NULL)
		return -1;
	const char *nm = arch_name(a, k);
	char cols[120] = "";
	const char *t = (const char *)text;
	if (*t == '#') { /* "# index, name, PROPERTY, ...": the properties */
		t += 1 + strspn(t + 1, " \t");
		snprintf(cols, sizeof cols, "%.*s", (int)strcspn(t, "\r\n"), t);
	}
	/* named after the labels are read, whose table numbers the nodes */
	char **names = cols[0] && g->names == NULL && !g->bipartite ? netz_names(g, (const char *)text) : NULL;
	char note[400];
	snprintf(note, sizeof note, " (Netzschleuder's CSV layout: the edges from edges.csv, the nodes' properties in "
				    "%.80s: %.110s%s)", nm, cols[0] ? cols : "?",
		 o->label_attr ? "" : "; 'load FILE labels NAME' reads one as the labels");
	snprintf(info->container, sizeof info->container, "%.199s", note);
	int rc = 0;
	if (o->label_attr != NULL) {
		char *where = malloc(strlen(a->path) + strlen(nm) + 2);
		/* the parser takes the text over: its own copy (a tar's lies in
		 * the archive) */
		char *copy = owned ? (char *)owned : malloc(len + 1);
		rs_labels *L = NULL;
		if (copy != NULL && copy != (char *)owned)
			memcpy(copy, text, len + 1);
		owned = NULL;
		if (where == NULL || copy == NULL) {
			free(copy);
			rs_fail(e, RS_ENOMEM, "out of memory");
		} else {
			sprintf(where, "%s%s%s", a->path, path_sep(a->path), nm);
			L = rs_labels_parse_column(copy, where, g, o->label_attr, e);
		}
		free(where);
		if (L == NULL)
			rc = -1;
		else {
			info->labels = L;
			snprintf(info->label_attr, sizeof info->label_attr, "%s", o->label_attr);
		}
	}
	if (rc == 0 && names != NULL) {
		g->names = names;
		names = NULL;
	}
	for (long i = 0; names != NULL && i < g->n; i++)
		free(names[i]);
	free(names);
	free(owned);
	return rc;
}

/* KONECT's layout, in the load's note: the edges' file (name) and the
 * network's name from meta.NAME (member k of a), its "name: " line. */
static void konect_note(const arch *a, long k, const char *name, rs_load_info *info)
{
	size_t len;
	unsigned char *owned;
	rs_err ignored = {0};
	unsigned char *text = arch_read(a, k, 1 << 20, &len, &owned, &ignored);
	const char *t = text != NULL ? (const char *)text : "", *title = "";
	int tl = 0;
	for (const char *line = t; *line != '\0'; line += strcspn(line, "\n"), line += *line == '\n')
		if (!strncmp(line, "name:", 5)) {
			title = line + 5 + strspn(line + 5, " \t");
			tl = (int)strcspn(title, "\r\n");
			break;
		}
	char clean[81];
	snprintf(clean, sizeof clean, "%.*s", tl < 80 ? tl : 80, title); /* (cleaned as printed) */
	const char *slash = strrchr(name, '/');
	snprintf(info->container, sizeof info->container, " (KONECT's layout: the edges from %.60s%s%s%s)",
		 slash ? slash + 1 : name, clean[0] ? ", the network '" : "", clean, clean[0] ? "'" : "");
	free(owned);
}

/* Whether file i is JSON (by its name) of at most 64 MiB whose text is
 * no graph (rs_json_graph_like). */
static int json_not_graph(const arch *a, long i)
{
	const char *name = arch_name(a, i), *dot = strrchr(name, '.');
	if (dot == NULL || (strcasecmp(dot, ".json") != 0 && strcasecmp(dot, ".cyjs") != 0))
		return 0;
	const size_t max = (size_t)64 << 20;
	if (a->zip && a->zip->m[i].usize > max)
		return 0;
	if (a->tar && a->tar->m[i].size > max)
		return 0;
	if (a->files) {
		struct stat st;
		char *full = malloc(strlen(a->path) + strlen(name) + 2);
		int big = full == NULL || (sprintf(full, "%s%s%s", a->path, path_sep(a->path), name), stat(full, &st) != 0) ||
			  (uint64_t)st.st_size > max;
		free(full);
		if (big)
			return 0;
	}
	size_t len;
	unsigned char *owned;
	rs_err ignored = {0};
	const unsigned char *text = arch_read(a, i, max, &len, &owned, &ignored);
	/* a tar's text lies in the archive, NUL-terminated in place */
	int no = text != NULL && !rs_json_graph_like((const char *)text);
	free(owned);
	return no;
}

/* The companions of member name that the archive holds beside it
 * (NAME.labels for NAME.edges, ...), in info->member_beside. */
static void archive_beside(const arch *a, const char *name, rs_load_info *info)
{
	static const char *const exts[] = {".labels", ".node_names", ".col_names", ".label_names"};
	const char *slash = strrchr(name, '/'), *dot = strrchr(name, '.');
	size_t stem = dot && dot > (slash ? slash : name) ? (size_t)(dot - name) : strlen(name);
	info->member_beside[0] = '\0';
	for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
		char want[600];
		snprintf(want, sizeof want, "%.*s%s", (int)stem, name, exts[i]);
		if (arch_find(a, want) >= 0)
			rs_list_append(info->member_beside, sizeof info->member_beside, " ", exts[i]);
	}
}

/* Whether graph file name is in the layout of this project's data (and
 * of 'save graph NAME.edges' with 'save labels NAME.labels'): NAME.edges
 * or NAME.biedges (compressed too) with NAME.labels (compressed too)
 * beside it in a. */
static int labelled_layout(const arch *a, const char *name)
{
	size_t l = strlen(name), stem;
	l -= rs_compressed_suffix(name, l);
	if (l > 6 && !strncmp(name + l - 6, ".edges", 6))
		stem = l - 6;
	else if (l > 8 && !strncmp(name + l - 8, ".biedges", 8))
		stem = l - 8;
	else
		return 0;
	static const char *const packed[] = {"", ".gz", ".bz2", ".xz", ".zst"};
	for (size_t i = 0; i < sizeof packed / sizeof packed[0]; i++) {
		char want[600];
		snprintf(want, sizeof want, "%.*s.labels%s", (int)stem, name, packed[i]);
		if (arch_find(a, want) >= 0)
			return 1;
	}
	return 0;
}

/* The member of an archive (or folder) that member_graph reads, and
 * what told it. */
struct pick {
	long at;          /* the member, or -1 */
	long candidates;  /* the graph files among the members */
	char list[160];   /* their names */
	long nodes_csv;   /* Netzschleuder's nodes.csv beside its edges.csv, or -1 */
	long konect_meta; /* KONECT's meta.NAME beside its out.NAME, or -1 */
	int layout;       /* a dataset's folder: the edge list with labels beside it */
	char others[80];  /* the graph's other files there */
};

/* The graph files among a's members, the first picked; among several, a
 * JSON file that is no graph is passed over too (a dataset's stats.json
 * beside its edge list). */
static void pick_candidates(const arch *a, struct pick *P)
{
	long count = arch_count(a);
	for (int sniff = 0; sniff < 2 && (sniff == 0 || P->candidates > 1); sniff++) {
		P->at = -1, P->candidates = 0, P->list[0] = '\0';
		for (long i = 0; i < count; i++)
			if (graph_candidate(arch_name(a, i)) && !(sniff && json_not_graph(a, i))) {
				if (P->candidates++ == 0)
					P->at = i;
				rs_list_append(P->list, sizeof P->list, ", ", arch_name(a, i));
			}
	}
}

/* Netzschleuder's csv.zip (graph-tool's CSV files): the edges in
 * edges.csv, the nodes' properties in nodes.csv beside it. */
static void pick_netz(const arch *a, struct pick *P)
{
	for (long i = 0; P->candidates > 1 && i < arch_count(a); i++) {
		const char *nm = arch_name(a, i), *slash = strrchr(nm, '/');
		if (strcmp(slash ? slash + 1 : nm, "edges.csv") != 0)
			continue;
		char sib[512];
		snprintf(sib, sizeof sib, "%.*snodes.csv", (int)(slash ? slash + 1 - nm : 0), nm);
		long k = arch_find(a, sib);
		if (k >= 0)
			P->at = i, P->candidates = 1, P->nodes_csv = k;
	}
}

/* KONECT's downloads (download.tsv.NAME.tar.bz2): the edges in
 * NAME/out.NAME, beside meta.NAME (the network's name, its source) and
 * the attributes of its nodes and edges (ent.NAME.*, rel.NAME.*). */
static void pick_konect(const arch *a, struct pick *P)
{
	long count = arch_count(a);
	for (long i = 0; P->candidates > 1 && i < count; i++) {
		const char *nm = arch_name(a, i), *slash = strrchr(nm, '/'), *base = slash ? slash + 1 : nm;
		if (strncmp(base, "out.", 4) != 0 || base[4] == '\0')
			continue;
		char sib[512];
		snprintf(sib, sizeof sib, "%.*smeta.%s", (int)(base - nm), nm, base + 4);
		long k = arch_find(a, sib);
		/* and no graph file elsewhere (a folder of several downloads) */
		size_t dl = (size_t)(base - nm);
		int alone = 1;
		for (long j = 0; alone && j < count; j++) {
			const char *other = arch_name(a, j);
			alone = !graph_candidate(other) || (strncmp(other, nm, dl) == 0 && strchr(other + dl, '/') == NULL);
		}
		if (k >= 0 && alone)
			P->at = i, P->candidates = 1, P->konect_meta = k;
	}
}

/* A dataset's folder (this project's data, or what 'save graph' and
 * 'save labels' wrote): among the graph's copies in other formats and
 * other graphs beside it (not in other folders: several downloads), the
 * one edge list with labels beside it. */
static void pick_layout(const arch *a, struct pick *P)
{
	long count = arch_count(a), first = P->at, layout = 0;
	for (long i = 0; P->candidates > 1 && i < count; i++)
		if (graph_candidate(arch_name(a, i)) && labelled_layout(a, arch_name(a, i)) && layout++ == 0)
			P->at = i;
	if (layout == 1) {
		const char *nm = arch_name(a, P->at), *slash = strrchr(nm, '/');
		size_t dl = slash ? (size_t)(slash + 1 - nm) : 0;
		for (long i = 0; layout && i < count; i++) {
			const char *other = arch_name(a, i);
			if (i == P->at || !graph_candidate(other) || json_not_graph(a, i))
				continue;
			if (strncmp(other, nm, dl) != 0 || strchr(other + dl, '/') != NULL)
				layout = 0;
			rs_list_append(P->others, sizeof P->others, ", ", other + dl);
		}
	}
	if (layout == 1) {
		P->layout = 1;
		P->candidates = 1;
	} else { /* the listing names the first */
		P->at = first;
	}
}

/* The member to read: the one o->member names, else the one graph file,
 * or the one the layouts of Netzschleuder, KONECT and a dataset's folder
 * point to; an error where there is none, or several. */
static int pick_member(const arch *a, const rs_load_opts *o, struct pick *P, rs_err *e)
{
	memset(P, 0, sizeof *P);
	P->nodes_csv = P->konect_meta = -1;
	pick_candidates(a, P);
	if (o->member != NULL) { /* ARCHIVE/MEMBER: the one named, whatever it is */
		P->at = arch_find(a, o->member);
		if (P->at < 0)
			return rs_fail(e, RS_EINVAL, "%s: no '%s' in the archive (%s: %s)", a->path, o->member,
				       P->candidates ? "its graph files" : "it holds no graph file", P->list);
		P->candidates = 1;
		return 0;
	}
	pick_netz(a, P);
	pick_konect(a, P);
	pick_layout(a, P);
	if (P->candidates == 0)
		return rs_fail(e, RS_EINVAL, "%s: a %s %s", a->path, a->kind,
			       arch_count(a) ? "without a graph file (only folders, read-me, licence or label files)"
			       : a->deeper   ? "with no file in it or in its folders two levels down: name the graph file"
					     : "with nothing in it");
	if (P->candidates > 1)
		return rs_fail(e, RS_EINVAL, "%s: a %s of %ld files (%s): 'load %s%s%s' reads the first, and so on",
			       a->path, a->kind, P->candidates, P->list, a->path, path_sep(a->path),
			       arch_name(a, P->at));
	return 0;
}

/* Member pick of a read as the file of its name would be: text parsed, an
 * .npy or .npz in a tar archive read; a gzip file or an archive inside
 * refused. */
static rs_graph *read_member(const arch *a, long pick, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	const char *name = arch_name(a, pick);
	size_t max = (size_t)(rs_memory_bytes() / 4), len;
	unsigned char *owned;
	unsigned char *text = arch_read(a, pick, max, &len, &owned, e);
	if (text == NULL)
		return NULL;
	char *where = malloc(strlen(a->path) + strlen(name) + 2);
	if (where == NULL) {
		free(owned);
		rs_fail(e, RS_ENOMEM, "out of memory");
		return NULL;
	}
	sprintf(where, "%s%s%s", a->path, path_sep(a->path), name);
	rs_graph *g = NULL;
	rs_load_opts inner = *o;
	inner.member = NULL;
	int kind = rs_binary_kind(text, len);
	if (len >= 2 && text[0] == 0x1f && text[1] == 0x8b)
		rs_fail(e, RS_EINVAL, "%s: gzip-compressed inside a %s: %s it, then load the .gz", where, a->kind,
			a->zip ? "unzip" : "extract");
	else if (a->files == NULL && (kind == 't' || (kind && a->zip)))
		rs_fail(e, RS_EINVAL, "%s: an archive or array inside a %s: %s it first", where, a->kind,
			a->zip ? "unzip" : "extract");
	else if (kind) /* an .npy or .npz file in a tar archive */
		g = rs_binary_graph(text, len, where, &inner, info, e);
	else {
		if (inner.format == RS_GF_NUMPY)
			inner.format = RS_GF_AUTO;
		rs_text_tidy((char *)text, &len);
		g = rs_graph_parse((char *)text, len, where, &inner, info, e);
	}
	free(where);
	free(owned);
	return g;
}

/* The archive's one graph file (or the one o->member names), read as
 * rs_graph_parse reads a file of its name; in a tar archive, a NumPy
 * array or a zip archive (an .npz) is read too. */
static rs_graph *member_graph(const arch *a, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct pick P;
	if (pick_member(a, o, &P, e) != 0)
		return NULL;
	rs_graph *g = read_member(a, P.at, o, info, e);
	if (g == NULL)
		return NULL;
	const char *name = arch_name(a, P.at);
	/* what sits beside it is read too */
	snprintf(info->member_path, sizeof info->member_path, "%s%s%s", a->path, path_sep(a->path), name);
	if (a->files == NULL) /* in an archive, by its members' names */
		archive_beside(a, name, info);
	if (P.nodes_csv >= 0) { /* the note is nodes.csv's */
		if (netz_nodes(a, P.nodes_csv, g, o, info, e) != 0) {
			rs_graph_free(g);
			g = NULL;
		}
	} else if (P.konect_meta >= 0) {
		konect_note(a, P.konect_meta, name, info);
	} else if (P.layout) {
		snprintf(info->container, sizeof info->container,
			 " (the %.12s's graph file with labels beside it, %.50s; also: %s)", a->kind, name, P.others);
	} else { /* an .npz's own note after the archive's */
		char inner_note[sizeof info->container];
		size_t il = strlen(info->container);
		snprintf(inner_note, sizeof inner_note, "%.*s", il > 3 ? (int)(il - 3) : 0, info->container + 2);
		snprintf(info->container, sizeof info->container, " (the %.12s's %s %.60s%s%.95s)", a->kind,
			 o->member ? "member" : "one graph file,", name, inner_note[0] ? ": " : "", inner_note);
	}
	return g;
}

static rs_graph *tar_graph(unsigned char *buf, size_t len, const char *path, const rs_load_opts *o,
			   rs_load_info *info, rs_err *e)
{
	rs_tar t;
	if (rs_tar_open(&t, buf, len, path, e) != 0)
		return NULL;
	arch a = {path, "tar archive", NULL, &t, NULL, 0, 0};
	rs_graph *g = member_graph(&a, o, info, e);
	rs_tar_close(&t);
	return g;
}

/* What an Office file that is no .xlsx workbook is, to say so; NULL for
 * other zip archives. */
static const char *office_kind(const rs_zip *z)
{
	long i = rs_zip_find(z, "mimetype");
	if (i >= 0 && z->m[i].method == 0 && z->m[i].usize < 100) {
		size_t l;
		unsigned char *t = rs_zip_read(z, i, 100, &l, NULL);
		int sheet = t && strstr((char *)t, "opendocument.spreadsheet") != NULL, od = t && strstr((char *)t, "opendocument") != NULL;
		free(t);
		if (od)
			return sheet ? "an OpenDocument spreadsheet (.ods): save the sheet as CSV, or as .xlsx, which regspec reads"
				     : "an OpenDocument file, not a graph";
	}
	if (rs_zip_find(z, "word/document.xml") >= 0 || rs_zip_find(z, "ppt/presentation.xml") >= 0)
		return "a Word or PowerPoint document, not a graph";
	return NULL;
}

/* A sheet of an .xlsx workbook, read as a CSV file would be. */
static rs_graph *xlsx_graph(const rs_zip *z, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	size_t len;
	char *which = NULL;
	char *csv = rs_xlsx_csv(z, o->member, &len, &which, e);
	if (csv == NULL)
		return NULL;
	char *where = malloc(strlen(z->path) + strlen(which) + 2);
	rs_graph *g = NULL;
	if (where == NULL)
		rs_fail(e, RS_ENOMEM, "out of memory");
	else {
		sprintf(where, "%s/%s", z->path, which);
		rs_load_opts inner = *o;
		inner.member = NULL;
		if (inner.format == RS_GF_NUMPY)
			inner.format = RS_GF_AUTO;
		g = rs_graph_parse(csv, len, where, &inner, info, e);
		if (g != NULL)
			snprintf(info->container, sizeof info->container, " (the Excel workbook's sheet '%.100s')", which);
	}
	free(where);
	free(which);
	free(csv);
	return g;
}

static rs_graph *mat_graph(const unsigned char *buf, size_t len, const char *path, const rs_load_opts *o,
			   rs_load_info *info, rs_err *e);

/* The most files a folder given to 'load' may hold, its folders' included. */
#define FOLDER_MAX_FILES 10000

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Append the files under root/rel (rel "" for root itself), two levels of
 * folders down, hidden ones passed over, to a; -1 with e set past
 * FOLDER_MAX_FILES or when a folder cannot be read. */
static int list_folder(const char *root, const char *rel, int depth, arch *a, long *cap, rs_err *e)
{
	char *dir = malloc(strlen(root) + strlen(rel) + 2);
	if (dir == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory");
	sprintf(dir, "%s%s%s", root, rel[0] ? path_sep(root) : "", rel);
	DIR *d = opendir(dir);
	if (d == NULL) { /* a folder inside that cannot be read is passed over */
		int rc = depth == 0 ? rs_fail(e, RS_EIO, "cannot read the folder '%s': %s", dir, strerror(errno)) : 0;
		free(dir);
		return rc;
	}
	int rc = 0;
	struct dirent *de;
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		char *name = malloc(strlen(rel) + strlen(de->d_name) + 2), *full = NULL;
		if (name != NULL) {
			sprintf(name, "%s%s%s", rel, rel[0] ? "/" : "", de->d_name);
			full = malloc(strlen(root) + strlen(name) + 2);
		}
		if (full == NULL) {
			free(name);
			rc = rs_fail(e, RS_ENOMEM, "out of memory");
			break;
		}
		sprintf(full, "%s%s%s", root, path_sep(root), name);
		struct stat st;
		/* a link to a folder is not followed (as find does not): it
		 * could lead back up, or list a file twice */
		int link = lstat(full, &st) == 0 && S_ISLNK(st.st_mode);
		int known = stat(full, &st) == 0;
		if (known && S_ISDIR(st.st_mode)) {
			if (depth < 2 && !link)
				rc = list_folder(root, name, depth + 1, a, cap, e);
			else if (!link)
				a->deeper = 1;
			free(name);
		} else if (known && S_ISREG(st.st_mode)) {
			if (a->nfiles == FOLDER_MAX_FILES) {
				rc = rs_fail(e, RS_EINVAL, "%s: a folder of more than %d files; name the graph file in it",
					     root, FOLDER_MAX_FILES);
				free(name);
			} else {
				if (a->nfiles == *cap) {
					*cap = *cap ? 2 * *cap : 16;
					char **nf = realloc(a->files, (size_t)*cap * sizeof *nf);
					if (nf == NULL) {
						free(name);
						free(full);
						rc = rs_fail(e, RS_ENOMEM, "out of memory");
						break;
					}
					a->files = nf;
				}
				a->files[a->nfiles++] = name;
			}
		} else {
			free(name);
		}
		free(full);
	}
	closedir(d);
	free(dir);
	return rc;
}

rs_graph *rs_folder_graph(const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	size_t l = strlen(path);
	while (l > 1 && path[l - 1] == '/')
		l--;
	char *root = strndup(path, l);
	if (root == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory"), NULL;
	arch a = {root, "folder", NULL, NULL, NULL, 0, 0};
	long cap = 0;
	rs_graph *g = NULL;
	if (list_folder(root, "", 0, &a, &cap, e) == 0) {
		if (a.nfiles > 0)
			qsort(a.files, (size_t)a.nfiles, sizeof *a.files, by_name);
		g = member_graph(&a, o, info, e);
	}
	for (long i = 0; i < a.nfiles; i++)
		free(a.files[i]);
	free(a.files);
	free(root);
	return g;
}

rs_graph *rs_binary_graph(unsigned char *buf, size_t len, const char *path, const rs_load_opts *o,
			  rs_load_info *info, rs_err *e)
{
	if (rs_binary_kind(buf, len) == 'n') {
		rs_npy a;
		if (rs_npy_parse(buf, len, &a, path, e) != 0)
			return NULL;
		return dense_graph(&a, path, path, o, info, e);
	}
	if (rs_binary_kind(buf, len) == 't')
		return tar_graph(buf, len, path, o, info, e);
	if (rs_binary_kind(buf, len) == 'm')
		return mat_graph(buf, len, path, o, info, e);
	rs_zip z;
	if (rs_zip_open(&z, buf, len, path, e) != 0)
		return NULL;
	arch za = {path, "zip archive", &z, NULL, NULL, 0, 0};
	rs_graph *g = NULL;
	const char *office = office_kind(&z);
	if (rs_xlsx_is(&z) || office) {
		if (office)
			rs_fail(e, RS_EINVAL, "%s: %s", path, office);
		else
			g = xlsx_graph(&z, o, info, e);
		rs_zip_close(&z);
		return g;
	}
	long arrays = 0, last = -1;
	for (long i = 0; i < z.count; i++)
		if (has_suffix(z.m[i].name, ".npy"))
			arrays++, last = i;
	int has_data = rs_zip_find(&z, "data.npy") >= 0;
	if (o->member != NULL && has_suffix(o->member, ".npy") && rs_zip_find(&z, o->member) >= 0) {
		struct member m; /* ARCHIVE/NAME.npy: that array, a dense matrix */
		if (get_member(&z, o->member, 1, &m, e) == 0)
			g = dense_graph(&m.a, m.where, path, o, info, e);
		free(m.owned);
	} else if (o->member != NULL)
		g = member_graph(&za, o, info, e);
	else if (rs_zip_find(&z, "format.npy") >= 0 ||
	    (has_data && rs_zip_find(&z, "indptr.npy") >= 0 && rs_zip_find(&z, "indices.npy") >= 0) ||
	    (has_data && rs_zip_find(&z, "row.npy") >= 0 && rs_zip_find(&z, "col.npy") >= 0) ||
	    (has_data && rs_zip_find(&z, "coords.npy") >= 0))
		g = sparse_graph(&z, o, info, e);
	else if (arrays == 1) { /* numpy.savez of one array: a dense matrix */
		struct member m;
		if (get_member(&z, z.m[last].name, 1, &m, e) == 0)
			g = dense_graph(&m.a, m.where, path, o, info, e);
		free(m.owned);
	} else if (arrays > 1) {
		char list[160] = "";
		for (long i = 0; i < z.count; i++)
			if (has_suffix(z.m[i].name, ".npy"))
				rs_list_append(list, sizeof list, ", ", z.m[i].name);
		rs_fail(e, RS_EINVAL, "%s: a NumPy archive of %ld arrays (%s): regspec reads a sparse matrix "
				      "(scipy.sparse.save_npz's, or data with indices and indptr, or with row and col), "
				      "or one 2-D array", path, arrays, list);
	} else
		g = member_graph(&za, o, info, e);
	rs_zip_close(&z);
	return g;
}

char *rs_read_text(const char *path, size_t *len, rs_err *e)
{
	if (rs_archive_prefix(path) == 0)
		return rs_read_file(path, len, e);
	char *buf = rs_read_member(path, len, e);
	if (buf != NULL)
		rs_text_tidy(buf, len);
	return buf;
}

char *rs_read_member(const char *path, size_t *len, rs_err *e)
{
	size_t plen = rs_archive_prefix(path);
	if (plen == 0) {
		char *data = rs_read_data(path, len, e);
		rs_zip z;
		if (data == NULL || rs_binary_kind(data, *len) != 'z' || rs_zip_open(&z, data, *len, path, NULL) != 0)
			return data;
		char *which = NULL, *csv = NULL;
		if (rs_xlsx_is(&z)) { /* a workbook's first sheet */
			csv = rs_xlsx_csv(&z, NULL, len, &which, e);
			free(data);
			data = csv;
		}
		free(which);
		rs_zip_close(&z);
		return data;
	}
	char *archive = strndup(path, plen), *out = NULL;
	const char *member = path + plen + 1;
	size_t alen;
	char *buf = archive ? rs_read_data(archive, &alen, e) : NULL;
	if (archive == NULL)
		rs_fail(e, RS_ENOMEM, "out of memory");
	if (buf == NULL)
		goto done;
	int kind = rs_binary_kind(buf, alen);
	if (kind == 't') {
		rs_tar t;
		if (rs_tar_open(&t, (unsigned char *)buf, alen, archive, e) == 0) {
			long i = rs_tar_find(&t, member);
			if (i < 0)
				rs_fail(e, RS_EINVAL, "%s: no '%s' in the archive", archive, member);
			else { /* the member to the front of the archive's buffer, which it becomes */
				memmove(buf, t.buf + t.m[i].offset, t.m[i].size);
				buf[*len = t.m[i].size] = '\0';
				out = buf;
				buf = NULL;
			}
			rs_tar_close(&t);
		}
	} else if (kind == 'z') {
		rs_zip z;
		if (rs_zip_open(&z, buf, alen, archive, e) == 0) {
			long i = rs_zip_find(&z, member);
			char *which = NULL;
			if (rs_xlsx_is(&z)) /* a sheet of a workbook, by its name */
				out = rs_xlsx_csv(&z, member, len, &which, e);
			else if (i < 0)
				rs_fail(e, RS_EINVAL, "%s: no '%s' in the archive", archive, member);
			else
				out = (char *)rs_zip_read(&z, i, (size_t)(rs_memory_bytes() / 4), len, e);
			free(which);
			rs_zip_close(&z);
		}
	} else if (kind == 'm')
		out = rs_mat_lines(buf, alen, archive, member, len, e);
	else if (kind == 0 && rs_octave_is(buf))
		out = rs_octave_lines(buf, archive, member, len, e);
	else
		rs_fail(e, RS_EINVAL, "%s: not a zip or tar archive, a MAT-file or an Octave file, so '%s' is no "
				      "member of it", archive, member);
	if (out != NULL && !rs_binary_kind(out, *len))
		rs_text_tidy(out, len);
	free(buf);
done:
	free(archive);
	return out;
}

char **rs_archive_names(const char *path, size_t max, rs_err *e)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return rs_fail(e, RS_EIO, "%s: not a file", path), NULL;
	if ((uint64_t)st.st_size > max)
		return rs_fail(e, RS_EINVAL, "%s: larger than %zu bytes", path, max), NULL;
	size_t len;
	char *buf = rs_read_data(path, &len, e);
	if (buf == NULL)
		return NULL;
	int kind = rs_binary_kind(buf, len);
	rs_zip z = {0};
	rs_tar t = {0};
	long count = -1;
	if (kind == 'z' && rs_zip_open(&z, buf, len, path, e) == 0) {
		if (rs_xlsx_is(&z)) { /* a workbook: its sheets' names */
			char **sheets = rs_xlsx_sheets(&z, e);
			rs_zip_close(&z);
			free(buf);
			return sheets;
		}
		count = z.count;
	}
	else if (kind == 't' && rs_tar_open(&t, (unsigned char *)buf, len, path, e) == 0)
		count = t.count;
	else if (kind == 'm') { /* a MAT-file: its matrices' and vectors' names */
		rs_mat m;
		char **names = NULL;
		if (rs_mat_open(&m, (unsigned char *)buf, len, path, max, e) == 0) {
			names = calloc((size_t)m.count + 1, sizeof *names);
			for (long i = 0, w = 0; names != NULL && i < m.count; i++)
				if ((rs_mat_is_matrix(&m.v[i], 1) || m.v[i].strings) && m.v[i].rows * m.v[i].cols > 1 &&
				    (names[w] = strdup(m.v[i].name)) != NULL)
					w++;
			if (names == NULL)
				rs_fail(e, RS_ENOMEM, "out of memory");
			rs_mat_close(&m);
		}
		free(buf);
		return names;
	}
	else if (kind == 0 && (has_suffix(path, ".g6") || has_suffix(path, ".s6") || has_suffix(path, ".d6"))) {
		long lines = rs_graph6_count(buf); /* a graph a line, FILE/N the N-th */
		char **names = lines <= 10000 ? calloc((size_t)lines + 1, sizeof *names) : NULL;
		for (long i = 0; names && i < lines; i++)
			if (asprintf(&names[i], "%ld", i + 1) < 0)
				names[i] = NULL;
		if (names == NULL)
			rs_fail(e, RS_EINVAL, "%s: %ld graphs, too many to list", path, lines);
		free(buf);
		return names;
	} else if (kind == 0 && rs_octave_is(buf)) { /* an Octave file: its variables */
		char **names = rs_octave_names(buf, path, e);
		free(buf);
		return names;
	} else if (kind != 'z' && kind != 't')
		rs_fail(e, RS_EINVAL, "%s: not a zip or tar archive, a MAT-file or an Octave file", path);
	char **names = count >= 0 ? calloc((size_t)count + 1, sizeof *names) : NULL;
	if (count >= 0 && names == NULL)
		rs_fail(e, RS_ENOMEM, "out of memory");
	for (long i = 0, w = 0; names != NULL && i < count; i++) {
		const char *name = kind == 'z' ? z.m[i].name : t.m[i].name;
		size_t l = strlen(name);
		if (l == 0 || name[l - 1] == '/')
			continue;
		if ((names[w++] = strdup(name)) == NULL) {
			for (long j = 0; j < w - 1; j++)
				free(names[j]);
			free(names);
			names = NULL;
			rs_fail(e, RS_ENOMEM, "out of memory");
		}
	}
	if (kind == 'z' && count >= 0)
		rs_zip_close(&z);
	if (kind == 't' && count >= 0)
		rs_tar_close(&t);
	free(buf);
	return names;
}

/* ------------------------------------------------------------ vectors */

/* A class name as a label line holds it, at p (2 strlen(name) + 2 bytes
 * at most): quoted as a CSV cell ("" for a quote), as a name may hold
 * blanks; an empty one nothing, an unlabelled node.  Returns the end. */
static char *quoted(char *p, const char *name)
{
	if (name[0] == '\0')
		return p;
	*p++ = '"';
	for (const char *c = name; *c; c++) {
		if (*c == '"')
			*p++ = '"';
		*p++ = *c == '\n' || *c == '\r' ? ' ' : *c;
	}
	*p++ = '"';
	return p;
}

/* Strings (NULL-terminated) as label lines (quoted), one a line. */
static char *text_lines(char **strings, const char *path, rs_err *e)
{
	size_t cap = 1;
	for (long i = 0; strings[i]; i++)
		cap += 2 * strlen(strings[i]) + 3;
	char *out = malloc(cap), *p = out;
	if (out == NULL) {
		rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
		return NULL;
	}
	for (long i = 0; strings[i]; i++) {
		p = quoted(p, strings[i]);
		*p++ = '\n';
	}
	*p = '\0';
	return out;
}

/* Vector a as text, one element a line (rs_npy_lines). */
static char *vector_lines(const rs_npy *ap, const char *path, rs_err *e)
{
	rs_npy a = *ap;
	char what[96];
	rs_npy_describe(&a, what, sizeof what);
	int text = a.kind == 'S' || a.kind == 'U';
	if ((a.ndim != 1 && !(a.ndim == 2 && (a.shape[0] == 1 || a.shape[1] == 1))) ||
	    (!rs_npy_is_number(&a) && !text)) {
		rs_fail(e, RS_EINVAL, "%s: %s: labels are a vector (of integers, or of class names)", path, what);
		return NULL;
	}
	size_t cap = 1;
	for (long i = 0; i < a.count; i++) { /* a name quoted, every quote doubled, or a number */
		char name[512];
		rs_npy_text(&a, i, name, sizeof name);
		cap += text ? 2 * strlen(name) + 3 : 24;
	}
	char *out = malloc(cap), *p = out;
	if (out == NULL) {
		rs_fail(e, RS_ENOMEM, "out of memory");
		return NULL;
	}
	for (long i = 0; i < a.count; i++) {
		if (text) {
			char name[512];
			rs_npy_text(&a, i, name, sizeof name);
			p = quoted(p, name);
		} else {
			double v = rs_npy_double(&a, i);
			if (v != floor(v) || v < -1 || v > 2147483647.0) {
				free(out);
				rs_fail(e, RS_EINVAL, "%s: element %ld is %g: labels are whole numbers from 0, -1 for none",
					path, i, v);
				return NULL;
			}
			p += sprintf(p, "%ld", (long)v);
		}
		*p++ = '\n';
	}
	*p = '\0';
	return out;
}

char *rs_npy_lines(const void *buf, size_t len, const char *path, rs_err *e)
{
	rs_npy a;
	if (rs_npy_parse(buf, len, &a, path, e) != 0)
		return NULL;
	return vector_lines(&a, path, e);
}

/* ------------------------------------------------------------ MAT-files */

/* What to do in MATLAB with an object regspec cannot read, or "". */
static const char *mat_object_hint(const rs_mat *m)
{
	for (long i = 0; i < m->count; i++) {
		const char *c = m->v[i].objclass;
		if (m->v[i].cls == RS_MX_OPAQUE && (!strcmp(c, "graph") || !strcmp(c, "digraph")))
			return "; a MATLAB graph object is read by MATLAB alone: save its adjacency matrix "
			       "(A = adjacency(G, 'weighted'); save('g.mat', 'A'))";
		if (m->v[i].cls == RS_MX_OPAQUE && !strcmp(c, "table"))
			return "; a MATLAB table is read by MATLAB alone: writetable(T, 'g.csv') saves it as CSV";
	}
	return "";
}

/* Whether v, of a MAT-file, can be labels: a vector of numbers, or a cell
 * of text (class names). */
static int mat_vector(const rs_mat_var *v)
{
	int vec = v->ndim == 2 && (v->rows == 1 || v->cols == 1) && v->cls != RS_MX_SPARSE;
	return vec && (rs_mat_is_matrix(v, 1) || v->strings != NULL);
}

/* The variable a graph (vectors 0) or labels (vectors 1) come from
 * (rs_var_pick), or -1 with e set: one named that holds neither says so. */
static long mat_pick(const rs_mat *m, const char *member, int vectors, const char **why, rs_err *e)
{
	rs_varinfo *vi = calloc((size_t)m->count + 1, sizeof *vi);
	if (vi == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory"), -1;
	for (long i = 0; i < m->count; i++) {
		const rs_mat_var *v = &m->v[i];
		vi[i].name = v->name;
		rs_mat_describe(v, vi[i].what, sizeof vi[i].what);
		vi[i].candidate = vectors ? mat_vector(v) && v->rows * v->cols >= 2 : rs_mat_is_matrix(v, 0);
		vi[i].sparse = v->cls == RS_MX_SPARSE;
		vi[i].square = v->rows == v->cols;
	}
	rs_varfile f = {m->path, "MAT-file", "a vector of numbers or a cell of text", mat_object_hint(m)};
	long i = rs_var_pick(vi, m->count, member, vectors, &f, why, e);
	if (i >= 0 && member != NULL && !(vectors ? mat_vector(&m->v[i]) : rs_mat_is_matrix(&m->v[i], 0))) {
		const rs_mat_var *v = &m->v[i];
		int vec = v->ndim == 2 && (v->rows == 1 || v->cols == 1) && v->cls != RS_MX_SPARSE;
		rs_fail(e, RS_EINVAL, "%s/%s: %s: %s%s", m->path, v->name, vi[i].what,
			v->complex ? "complex values are not read as weights or labels"
			: vectors ? "labels are a vector of numbers or a cell of text (one a node)"
			: vec && v->rows * v->cols > 1 ? "a graph is a matrix of numbers (a vector is read by 'labels FILE')"
						       : "a graph is a matrix of numbers (sparse, or full and 2-D)",
			v->cls == RS_MX_OPAQUE ? mat_object_hint(m) : "");
		i = -1;
	}
	free(vi);
	return i;
}

static rs_graph *mat_graph(const unsigned char *buf, size_t len, const char *path, const rs_load_opts *o,
			   rs_load_info *info, rs_err *e)
{
	rs_mat m;
	if (rs_mat_open(&m, buf, len, path, (size_t)(rs_memory_bytes() / 4), e) != 0)
		return NULL;
	const char *why;
	long i = mat_pick(&m, o->member, 0, &why, e);
	rs_graph *g = NULL;
	unsigned char *ones = NULL;
	if (i < 0)
		goto done;
	const rs_mat_var *v = &m.v[i];
	char where[300], what[64];
	snprintf(where, sizeof where, "%s/%s", path, v->name);
	rs_mat_describe(v, what, sizeof what);
	long R = v->rows, C = v->cols;
	int bip = R != C || o->bipartite;
	if (v->cls == RS_MX_SPARSE) {
		char pw[340], iw[340], dw[340];
		snprintf(pw, sizeof pw, "%s (its column starts)", where);
		snprintf(iw, sizeof iw, "%s (its row indices)", where);
		snprintf(dw, sizeof dw, "%s (its values)", where);
		int64_t first = rs_npy_int(&v->jc, 0), nnz = rs_npy_int(&v->jc, C);
		if (first != 0 || nnz < 0 || nnz > v->ir.count || (v->re.count > 0 && nnz > v->re.count)) {
			rs_fail(e, RS_EINVAL, "%s: the column starts run from %lld to %lld, for %ld row indices and %ld "
					      "values (a damaged MAT-file?)", where, (long long)first, (long long)nnz,
				v->ir.count, v->re.count);
			goto done;
		}
		if (too_big(where, (double)R + (double)C, (double)nnz, o, e))
			goto done;
		rs_npy vals = v->re;
		if (vals.count == 0 && nnz > 0) { /* a logical matrix stored without its values: all true */
			if ((ones = malloc((size_t)nnz)) == NULL) {
				rs_fail(e, RS_ENOMEM, "out of memory");
				goto done;
			}
			memset(ones, 1, (size_t)nnz);
			memset(&vals, 0, sizeof vals);
			vals.kind = 'u', vals.size = 1, vals.ndim = 1, vals.count = vals.shape[0] = (long)nnz;
			vals.data = ones;
		}
		g = compressed_graph(&v->jc, &v->ir, &vals, pw, iw, dw, R, C, (long)nnz, 0, path, o, info, e);
	} else
		g = dense_graph(&v->re, where, path, o, info, e);
	if (g != NULL) {
		char note[400];
		info->format = "mat";
		snprintf(note, sizeof note, " (a MATLAB MAT-file: %s%s %.60s, %s%s)", why, strcmp(why, "variable") ? "," : "",
			 v->name, what, bip ? "; its rows and its columns are the two sides of a bipartite graph" : "");
		snprintf(info->container, sizeof info->container, "%.199s", note);
	}
done:
	free(ones);
	rs_mat_close(&m);
	return g;
}

char *rs_mat_lines(const void *buf, size_t len, const char *path, const char *member, size_t *outlen, rs_err *e)
{
	rs_mat m;
	if (rs_mat_open(&m, buf, len, path, (size_t)(rs_memory_bytes() / 4), e) != 0)
		return NULL;
	const char *why;
	long i = mat_pick(&m, member, 1, &why, e);
	char *out = NULL;
	if (i >= 0) {
		char where[300];
		snprintf(where, sizeof where, "%s/%s", path, m.v[i].name);
		if (m.v[i].strings != NULL)
			out = text_lines(m.v[i].strings, where, e);
		else {
			rs_npy a = m.v[i].re;
			a.ndim = 1;
			a.shape[0] = a.count;
			out = vector_lines(&a, where, e);
		}
	}
	if (out != NULL && outlen != NULL)
		*outlen = strlen(out);
	rs_mat_close(&m);
	return out;
}

/* ------------------------------------------------------------ writing */

static int add_array(rs_zip_writer *w, const char *name, const char *descr, long n, const void *data,
		     size_t bytes, rs_err *e)
{
	char head[128];
	size_t hl = rs_npy_header(head, sizeof head, descr, 0, n < 0 ? 0 : 1, &n);
	const void *parts[2] = {head, data};
	size_t lens[2] = {hl, bytes};
	return rs_zip_add(w, name, parts, lens, 2, e);
}

int rs_graph_write_npz(const rs_graph *g, FILE *f, rs_err *e)
{
	char o = rs_npy_host_order(), i4[8], i8[8], f8[8];
	snprintf(i4, sizeof i4, "%ci4", o);
	snprintf(i8, sizeof i8, "%ci8", o);
	snprintf(f8, sizeof f8, "%cf8", o);
	long R = g->n, C = g->bipartite ? g->m : g->n, nnz = g->ptr[g->n];
	int64_t shape[2] = {R, C};
	double *ones = NULL;
	if (g->val == NULL) {
		ones = malloc((size_t)(nnz ? nnz : 1) * sizeof *ones);
		if (ones == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory");
		for (long p = 0; p < nnz; p++)
			ones[p] = 1.0;
	}
	int64_t *ptr = malloc((size_t)(R + 1) * sizeof *ptr); /* long may be 4 bytes elsewhere */
	if (ptr == NULL) {
		free(ones);
		return rs_fail(e, RS_ENOMEM, "out of memory");
	}
	for (long r = 0; r <= R; r++)
		ptr[r] = g->ptr[r];
	rs_zip_writer w;
	rs_zip_writer_init(&w, f);
	/* the members in the order scipy writes them */
	int rc = add_array(&w, "indices.npy", i4, nnz, g->idx, (size_t)nnz * sizeof *g->idx, e);
	if (rc == 0)
		rc = add_array(&w, "indptr.npy", i8, R + 1, ptr, (size_t)(R + 1) * sizeof *ptr, e);
	if (rc == 0)
		rc = add_array(&w, "format.npy", "|S3", -1, "csr", 3, e);
	if (rc == 0)
		rc = add_array(&w, "shape.npy", i8, 2, shape, sizeof shape, e);
	if (rc == 0)
		rc = add_array(&w, "data.npy", f8, nnz, g->val ? g->val : ones, (size_t)nnz * sizeof(double), e);
	if (rc == 0)
		rc = rs_zip_finish(&w, e);
	else
		rs_zip_writer_free(&w);
	free(ptr);
	free(ones);
	return rc;
}

int rs_graph_write_mat(const rs_graph *g, FILE *f, rs_err *e)
{
	if (rs_mat_write_header(f, e) != 0)
		return -1;
	long R = g->n, C = g->bipartite ? g->m : g->n, nnz = g->ptr[g->n];
	if (!g->bipartite) /* symmetric: its rows are its columns */
		return rs_mat_write_sparse(f, "A", R, C, g->ptr, g->idx, g->val, e);
	/* the biadjacency's rows turned into columns: counted, then placed in
	 * row order, so that each column's rows ascend */
	long *jc = calloc((size_t)C + 1, sizeof *jc), *at = malloc(((size_t)C + 1) * sizeof *at);
	int32_t *ir = malloc((size_t)(nnz ? nnz : 1) * sizeof *ir);
	double *pr = g->val ? malloc((size_t)(nnz ? nnz : 1) * sizeof *pr) : NULL;
	int rc = -1;
	if (jc == NULL || at == NULL || ir == NULL || (g->val && pr == NULL))
		rs_fail(e, RS_ENOMEM, "out of memory");
	else {
		for (long p = 0; p < nnz; p++)
			jc[g->idx[p] + 1]++;
		for (long c = 0; c < C; c++)
			jc[c + 1] += jc[c];
		memcpy(at, jc, ((size_t)C + 1) * sizeof *at);
		for (long r = 0; r < R; r++)
			for (long p = g->ptr[r]; p < g->ptr[r + 1]; p++) {
				long q = at[g->idx[p]]++;
				ir[q] = (int32_t)r;
				if (pr)
					pr[q] = g->val[p];
			}
		rc = rs_mat_write_sparse(f, "A", R, C, jc, ir, pr, e);
	}
	free(jc);
	free(at);
	free(ir);
	free(pr);
	return rc;
}

int rs_npy_write_matrix(FILE *f, const double *colmajor, long rows, long cols, rs_err *e)
{
	char head[128], descr[8];
	long shape[2] = {rows, cols};
	snprintf(descr, sizeof descr, "%cf8", rs_npy_host_order());
	size_t hl = rs_npy_header(head, sizeof head, descr, 1, 2, shape);
	fwrite(head, 1, hl, f);
	fwrite(colmajor, sizeof *colmajor, (size_t)rows * (size_t)cols, f);
	return ferror(f) ? rs_fail(e, RS_EIO, "write error") : 0;
}

int rs_npy_write_ints(FILE *f, const int64_t *v, long n, rs_err *e)
{
	char head[128], descr[8];
	snprintf(descr, sizeof descr, "%ci8", rs_npy_host_order());
	size_t hl = rs_npy_header(head, sizeof head, descr, 0, 1, &n);
	fwrite(head, 1, hl, f);
	fwrite(v, sizeof *v, (size_t)n, f);
	return ferror(f) ? rs_fail(e, RS_EIO, "write error") : 0;
}
