/* octave.c: GNU Octave's text files (octave.h). */
#include <config.h>

#include "octave.h"

#include "varpick.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NODES 2147483646L

/* A variable of the file: its header read, its values not yet. */
typedef struct ovar {
	char name[64], type[48];
	long rows, cols, nnz;
	int ndims;	  /* given as "# ndims:" (values then column by column) */
	const char *data; /* its first value line */
	long line;	  /* that line's number */
} ovar;

typedef struct ofile {
	const char *path;
	ovar *v;
	long count;
} ofile;

/* "# key: value" at s (a line): value's start, or NULL. */
static const char *header(const char *s, const char *key)
{
	size_t k = strlen(key);
	if (s[0] != '#' || s[1] != ' ' || strncmp(s + 2, key, k) != 0 || s[2 + k] != ':')
		return NULL;
	return s + 3 + k + strspn(s + 3 + k, " \t");
}

static const char *next_line(const char *s)
{
	const char *n = strchr(s, '\n');
	return n ? n + 1 : s + strlen(s);
}

int rs_octave_is(const char *buf)
{
	const char *s = buf + strspn(buf, " \t\r\n");
	if (!strncmp(s, "# Created by Octave", 19))
		return 1;
	return header(s, "name") != NULL && header(next_line(s), "type") != NULL;
}

/* Copies the rest of the line at v into out (size bytes), trailing blanks cut. */
static void rest_of_line(const char *v, char *out, size_t size)
{
	size_t n = strcspn(v, "\r\n");
	while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), v);
}

static int is_sparse(const ovar *v)
{
	return !strcmp(v->type, "sparse matrix") || !strcmp(v->type, "sparse bool matrix");
}

/* Whether v holds real numbers in a matrix (any shape): the full and
 * sparse types, the integer ones ("int32 matrix"), and the bools. */
static int is_numeric(const ovar *v)
{
	static const char *const types[] = {
	    "matrix",	    "bool matrix",   "sparse matrix", "sparse bool matrix",
	    "int8 matrix",  "uint8 matrix",  "int16 matrix",  "uint16 matrix",
	    "int32 matrix", "uint32 matrix", "int64 matrix",  "uint64 matrix"};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(v->type, types[i]))
			return v->rows >= 0 && v->cols >= 0;
	return 0;
}

/* The variables' headers; -1 with e set where one is malformed. */
static int scan(const char *buf, const char *path, ofile *f, rs_err *e)
{
	long cap = 0, line = 1;
	ovar *cur = NULL;
	f->path = path;
	f->v = NULL;
	f->count = 0;
	for (const char *s = buf; *s; s = next_line(s), line++) {
		const char *val;
		if ((val = header(s, "name")) != NULL) {
			if (f->count == cap) {
				cap = cap ? 2 * cap : 8;
				ovar *nv = realloc(f->v, (size_t)cap * sizeof *nv);
				if (nv == NULL) {
					free(f->v);
					return rs_fail(e, RS_ENOMEM, "out of memory");
				}
				f->v = nv;
			}
			cur = &f->v[f->count++];
			memset(cur, 0, sizeof *cur);
			cur->rows = cur->cols = -1;
			rest_of_line(val, cur->name, sizeof cur->name);
			continue;
		}
		if (cur == NULL || cur->data != NULL || s[0] != '#') {
			if (cur != NULL && cur->data == NULL && s[strspn(s, " \t\r")] != '\n' &&
			    s[strspn(s, " \t\r")]) {
				cur->data = s;
				cur->line = line;
			}
			continue;
		}
		long n;
		char *end;
		if ((val = header(s, "type")) != NULL)
			rest_of_line(val, cur->type, sizeof cur->type);
		else if ((val = header(s, "rows")) != NULL ||
			 (val = header(s, "columns")) != NULL || (val = header(s, "nnz")) != NULL) {
			n = strtol(val, &end, 10);
			if (end == val || n < 0 || n > MAX_NODES) {
				free(f->v);
				return rs_fail(e, RS_EINVAL, "%s:%ld: '%.*s' is not a count", path,
					       line, (int)strcspn(s, "\r\n"), s);
			}
			if (header(s, "rows"))
				cur->rows = n;
			else if (header(s, "columns"))
				cur->cols = n;
			else
				cur->nnz = n;
		} else if ((val = header(s, "ndims")) != NULL) {
			/* the dimensions on the next line, then a value a line */
			long d = strtol(val, &end, 10);
			const char *dl = next_line(s);
			double prod = 1;
			const char *p = dl;
			for (long k = 0; k < d && d >= 2 && d <= 32; k++) {
				long x = strtol(p, &end, 10);
				if (end == p || x < 0)
					break;
				if (k == 0)
					cur->rows = x;
				else
					prod *= (double)x;
				p = end;
			}
			if (d < 2 || d > 32 || prod > (double)MAX_NODES ||
			    *(p + strspn(p, " \t\r")) != '\n') {
				rs_fail(e, RS_EINVAL, "%s:%ld: the dimensions of '%s' are not %ld counts", path, line + 1,
					cur->name, d); /* before cur's memory goes */
				free(f->v);
				return -1;
			}
			cur->cols = (long)prod;
			cur->ndims = (int)d;
			s = dl; /* the dimensions' line is no value */
			line++;
		}
	}
	return 0;
}

static void describe(const ovar *v, char *out, size_t size)
{
	if (v->rows >= 0 && v->cols >= 0)
		snprintf(out, size, "%.40s %ld x %ld", v->type[0] ? v->type : "?", v->rows,
			 v->cols);
	else
		snprintf(out, size, "%.40s", v->type[0] ? v->type : "?");
}

/* Whether v is a vector of numbers (labels), or a matrix of them (a graph). */
static int is_vector(const ovar *v)
{
	return is_numeric(v) && !is_sparse(v) && (v->rows == 1 || v->cols == 1) && v->rows * v->cols >= 1;
}

static int is_matrix(const ovar *v)
{
	return is_numeric(v) && v->rows >= 1 && v->cols >= 1 && !(is_vector(v) && v->rows * v->cols > 1);
}

/* The variable a graph (vectors 0) or labels (1) come from (rs_var_pick),
 * or -1 with e set: one named that holds neither says so. */
static long pick(const ofile *f, const char *member, int vectors, const char **why, rs_err *e)
{
	rs_varinfo *vi = calloc((size_t)f->count + 1, sizeof *vi);
	if (vi == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory"), -1;
	for (long i = 0; i < f->count; i++) {
		const ovar *v = &f->v[i];
		vi[i].name = v->name;
		describe(v, vi[i].what, sizeof vi[i].what);
		vi[i].candidate = vectors ? is_vector(v) && v->rows * v->cols >= 2
					  : is_matrix(v) && v->rows > 1 && v->cols > 1;
		vi[i].sparse = is_sparse(v);
		vi[i].square = v->rows == v->cols;
	}
	rs_varfile file = {f->path, "Octave file", "a vector of numbers", ""};
	long i = rs_var_pick(vi, f->count, member, vectors, &file, why, e);
	if (i >= 0 && member != NULL && !(vectors ? is_vector(&f->v[i]) : is_matrix(&f->v[i]))) {
		const ovar *v = &f->v[i];
		rs_fail(e, RS_EINVAL, "%s/%s: %s: %s", f->path, v->name, vi[i].what,
			vectors	       ? "labels are a vector of numbers (one a node)"
			: is_vector(v) ? "a graph is a matrix of numbers (a vector is read by 'labels FILE')"
				       : "a graph is a matrix of numbers (full or sparse)");
		i = -1;
	}
	free(vi);
	return i;
}

/* Reads the next number of variable v from *p (a cursor over its lines,
 * *line its line's number): -1 with e set when the values end or one is
 * not a number. */
static int value(const ofile *f, const ovar *v, const char **p, long *line, double *x, rs_err *e)
{
	const char *s = *p;
	for (;;) {
		s += strspn(s, " \t\r");
		if (*s == '\n') {
			s++;
			(*line)++;
			continue;
		}
		break;
	}
	if (*s == '\0' || *s == '#')
		return rs_fail(e, RS_EINVAL,
			       "%s:%ld: the values of '%s' end early (a %s needs more)", f->path,
			       *line, v->name, v->type);
	char *end;
	*x = strtod(s, &end);
	if (end == s || (*end && !isspace((unsigned char)*end)))
		return rs_fail(e, RS_EINVAL, "%s:%ld: '%.*s' in '%s' is not a number", f->path,
			       *line, (int)strcspn(s, " \t\r\n"), s, v->name);
	*p = end;
	return 0;
}

static int weight(const ofile *f, const ovar *v, long line, double x, long i, long j, double *w,
		  rs_err *e)
{
	if (!isfinite(x) || x < 0)
		return rs_fail(
		    e, RS_EINVAL,
		    "%s:%ld: the entry of '%s' at (%ld, %ld) is %g: weights must be finite "
		    "and >= 0",
		    f->path, line, v->name, i + 1, j + 1, x);
	*w = x;
	return 0;
}

rs_graph *rs_octave_graph(const char *buf, const char *path, const rs_load_opts *o,
			  rs_load_info *info, rs_err *e)
{
	ofile f;
	if (scan(buf, path, &f, e) != 0)
		return NULL;
	const char *why;
	long k = pick(&f, o->member, 0, &why, e);
	rs_graph *g = NULL;
	rs_edges E = {0};
	if (k < 0)
		goto done;
	const ovar *v = &f.v[k];
	long R = v->rows, C = v->cols, line = v->line;
	const char *p = v->data ? v->data : "";
	double entries = is_sparse(v) ? (double)v->nnz : (double)R * (double)C / 8;
	if (rs_graph_too_large((double)R + (double)C, entries) > 0) {
		rs_fail(e, RS_ENOMEM, "%s: '%s' (%ld x %ld) needs more than this machine's memory",
			path, v->name, R, C);
		goto done;
	}
	if (is_sparse(v)) {
		for (long t = 0; t < v->nnz; t++) {
			double r, c, x, w = 0;
			if (value(&f, v, &p, &line, &r, e) != 0 ||
			    value(&f, v, &p, &line, &c, e) != 0 ||
			    value(&f, v, &p, &line, &x, e) != 0)
				goto done;
			if (r != floor(r) || c != floor(c) || r < 1 || r > R || c < 1 || c > C) {
				rs_fail(e, RS_EINVAL,
					"%s:%ld: entry (%g, %g) of '%s' is outside its %ld x %ld "
					"(1-based)",
					path, line, r, c, v->name, R, C);
				goto done;
			}
			if (weight(&f, v, line, x, (long)r - 1, (long)c - 1, &w, e) != 0 ||
			    (w != 0 && rs_edges_push(&E, (long)r - 1, (long)c - 1,
						     o->unweighted ? 1.0 : w, e) != 0))
				goto done;
		}
	} else {
		/* a line a row; with ndims, a value a line, column by column */
		for (long t = 0; t < R * C; t++) {
			long i = v->ndims ? t % R : t / C, j = v->ndims ? t / R : t % C;
			double x, w = 0;
			if (value(&f, v, &p, &line, &x, e) != 0 ||
			    weight(&f, v, line, x, i, j, &w, e) != 0 ||
			    (w != 0 && rs_edges_push(&E, i, j, o->unweighted ? 1.0 : w, e) != 0))
				goto done;
		}
	}
	int bip = R != C || o->bipartite;
	g = rs_matrix_graph(&E, R, C, bip, o, info, path, e);
	if (g != NULL) {
		char what[80], note[400];
		describe(v, what, sizeof what);
		info->format = "octave";
		snprintf(note, sizeof note, " (a GNU Octave text file: %s%s %.60s, %s%s)", why,
			 strcmp(why, "variable") ? "," : "", v->name, what,
			 bip ? "; its rows and its columns are the two sides of a bipartite graph"
			     : "");
		snprintf(info->container, sizeof info->container, "%.199s", note);
	}
done:
	rs_edges_free(&E);
	free(f.v);
	return g;
}

char *rs_octave_lines(const char *buf, const char *path, const char *member, size_t *len, rs_err *e)
{
	ofile f;
	if (scan(buf, path, &f, e) != 0)
		return NULL;
	const char *why;
	long k = pick(&f, member, 1, &why, e);
	char *out = NULL;
	if (k >= 0) {
		const ovar *v = &f.v[k];
		long n = v->rows * v->cols, line = v->line;
		const char *p = v->data ? v->data : "";
		size_t cap = (size_t)n * 12 + 1, at = 0;
		/* each value takes two bytes at least: more than the text holds is damage */
		out = (size_t)n <= strlen(p) ? malloc(cap) : NULL;
		if (out == NULL && (size_t)n > strlen(p))
			rs_fail(e, RS_EINVAL,
				"%s:%ld: the values of '%s' end early (%ld x %ld announced)", path,
				line, v->name, v->rows, v->cols);
		else if (out == NULL)
			rs_fail(e, RS_ENOMEM, "out of memory");
		for (long t = 0; out != NULL && t < n; t++) {
			double x;
			if (value(&f, v, &p, &line, &x, e) != 0) {
				free(out);
				out = NULL;
			} else if (x != floor(x) || x < -1 || x > 2147483647.0) {
				rs_fail(e, RS_EINVAL,
					"%s:%ld: %g in '%s': labels are whole numbers from 0, -1 "
					"for none",
					path, line, x, v->name);
				free(out);
				out = NULL;
			} else
				at += (size_t)snprintf(out + at, cap - at, "%ld\n", (long)x);
		}
		if (out != NULL && len != NULL)
			*len = at;
	}
	free(f.v);
	return out;
}

char **rs_octave_names(const char *buf, const char *path, rs_err *e)
{
	ofile f;
	if (scan(buf, path, &f, e) != 0)
		return NULL;
	char **names = calloc((size_t)f.count + 1, sizeof *names);
	for (long i = 0, w = 0; names != NULL && i < f.count; i++)
		if (is_numeric(&f.v[i]) && f.v[i].rows * f.v[i].cols > 1 && (names[w] = strdup(f.v[i].name)) != NULL)
			w++;
	if (names == NULL)
		rs_fail(e, RS_ENOMEM, "out of memory");
	free(f.v);
	return names;
}
