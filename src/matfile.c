/* matfile.c: MATLAB's MAT-files, version 5 (matfile.h).
 *
 * The layout, from MathWorks' "MAT-File Format" (version 5): a 128-byte
 * header (116 bytes of text, 8 of subsystem offset, the version 0x0100
 * and "MI" as a 16-bit number, which reads "IM" in a little-endian file),
 * then data elements.  An element is an 8-byte tag (type, byte count)
 * and its data padded to 8 bytes, or, for at most 4 bytes of data, a
 * "small" element whose tag holds the count in its upper 16 bits and the
 * data in its second half.  A variable is an miMATRIX element whose
 * sub-elements are its flags (class, complex, logical; nzmax), its
 * dimensions, its name, then by class: the real (and imaginary) part; ir,
 * jc and pr for a sparse matrix; the field names' length, the names and
 * one miMATRIX a field for a struct.  An miCOMPRESSED element is a zlib
 * stream holding one element, unpadded.
 */
#include <config.h>

#include "matfile.h"
#include "unpack.h"

#include "utf8.h"

#include "varpick.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

enum {
	MI_INT8 = 1,
	MI_UINT8,
	MI_INT16,
	MI_UINT16,
	MI_INT32,
	MI_UINT32,
	MI_SINGLE,
	MI_DOUBLE = 9,
	MI_INT64 = 12,
	MI_UINT64,
	MI_MATRIX,
	MI_COMPRESSED
};

#define MAX_DEPTH 4 /* structs within structs */

/* A run of bytes being read: where, the end, and the file's byte order. */
typedef struct cursor {
	const unsigned char *p, *end;
	size_t base; /* the file offset of p, for messages (0 inside an inflated variable) */
	int swap, inflated;
} cursor;

typedef struct element {
	uint32_t type, bytes;
	const unsigned char *data;
	size_t at; /* the tag's offset */
} element;

static uint32_t get32(const unsigned char *p, int swap)
{
	uint32_t v = swap
			 ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
			 : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
	return v;
}

static int host_big_endian(void)
{
	const uint16_t one = 1;
	unsigned char b[2];
	memcpy(b, &one, 2);
	return b[0] == 0;
}

int rs_mat_is(const void *buf, size_t len)
{
	const unsigned char *b = buf;
	if (len < 128 || memcmp(b, "MATLAB ", 7) != 0)
		return 0;
	for (int i = 7; i + 8 <= 116; i++)
		if (!memcmp(b + i, "MAT-file", 8))
			return 1;
	return 0;
}

static int damaged(const rs_mat *m, const cursor *c, rs_err *e, const char *what)
{
	if (c->inflated)
		return rs_fail(e, RS_EINVAL,
			       "%s: %s, inside a compressed variable (a damaged MAT-file?)",
			       m->path, what);
	return rs_fail(e, RS_EINVAL, "%s: %s, near byte %zu (a damaged or truncated MAT-file?)",
		       m->path, what, c->base);
}

/* The next element of c into el; c moves past it (and its padding, but
 * for a compressed one, which has none). */
static int next_element(const rs_mat *m, cursor *c, element *el, rs_err *e)
{
	size_t left = (size_t)(c->end - c->p);
	if (left < 8)
		return damaged(m, c, e, "an element's tag is cut short");
	uint32_t t = get32(c->p, c->swap);
	el->at = c->base;
	if (t >> 16) { /* small: the count in the upper half, the data in the tag's second half */
		el->type = t & 0xffff;
		el->bytes = t >> 16;
		if (el->bytes > 4)
			return damaged(m, c, e, "a small element of more than 4 bytes");
		el->data = c->p + 4;
		c->p += 8;
		c->base += 8;
		return 0;
	}
	el->type = t;
	el->bytes = get32(c->p + 4, c->swap);
	if (el->bytes > left - 8)
		return damaged(m, c, e, "an element runs past the end of what holds it");
	el->data = c->p + 8;
	size_t step = 8 + (size_t)el->bytes;
	if (el->type != MI_COMPRESSED)
		step = (step + 7) & ~(size_t)7;
	if (step > left)
		step = left; /* the last element's padding may be missing */
	c->p += step;
	c->base += step;
	return 0;
}

/* A numeric element's data as an rs_npy vector (or rows x cols matrix). */
static int numbers(const rs_mat *m, const cursor *c, const element *el, long rows, long cols,
		   rs_npy *a, rs_err *e, const char *what)
{
	/* the numeric types, miINT8 (1) to miUINT64 (13): kind and size */
	static const struct {
		char kind, size;
	} types[] = {{0, 0},   {'i', 1}, {'u', 1}, {'i', 2}, {'u', 2}, {'i', 4}, {'u', 4},
		     {'f', 4}, {0, 0},	 {'f', 8}, {0, 0},   {0, 0},   {'i', 8}, {'u', 8}};
	memset(a, 0, sizeof *a);
	if (el->type >= sizeof types / sizeof types[0] || types[el->type].kind == 0) {
		char msg[96];
		snprintf(msg, sizeof msg, "data of type %u where %s belong", el->type, what);
		return damaged(m, c, e, msg);
	}
	a->kind = types[el->type].kind;
	a->size = types[el->type].size;
	if (el->bytes % (uint32_t)a->size != 0) {
		char msg[96];
		snprintf(msg, sizeof msg, "%s of %u bytes, not a whole number of elements", what,
			 el->bytes);
		return damaged(m, c, e, msg);
	}
	a->swap = a->size > 1 && c->swap;
	a->fortran = 1;
	a->count = (long)(el->bytes / (uint32_t)a->size);
	a->data = el->data;
	if (rows >= 0) {
		a->ndim = 2;
		a->shape[0] = rows;
		a->shape[1] = cols;
	} else {
		a->ndim = 1;
		a->shape[0] = a->count;
	}
	return 0;
}

static int push_var(rs_mat *m, const rs_mat_var *v, rs_err *e)
{
	if (rs_grow(e, &m->v, &m->cap, m->count, sizeof *m->v, 8, "MAT-file variables") != 0)
		return -1;
	m->v[m->count++] = *v;
	return 0;
}

/* A name's bytes as a C string: printable ASCII kept, anything else '?'. */
static char *name_of(const unsigned char *p, size_t n, const char *prefix)
{
	size_t pl = prefix ? strlen(prefix) + 1 : 0;
	char *s = malloc(pl + n + 1);
	if (s == NULL)
		return NULL;
	if (prefix)
		sprintf(s, "%s.", prefix);
	size_t k = pl;
	for (size_t i = 0; i < n && p[i]; i++)
		s[k++] = p[i] > 32 && p[i] < 127 ? (char)p[i] : '?';
	s[k] = '\0';
	return s;
}

/* Character data of type `type` (UTF-16 as MATLAB writes it, UTF-8, or
 * bytes) as a malloc'd UTF-8 string; NULL when memory runs out. */
static char *utf8_of(const unsigned char *p, uint32_t bytes, uint32_t type, int swap)
{
	char *out = malloc((size_t)bytes * 3 / 2 + 4);
	if (out == NULL)
		return NULL;
	if (type != MI_UINT16 && type != 17) { /* miUTF8, or 8-bit characters */
		memcpy(out, p, bytes);
		out[bytes] = '\0';
		return out;
	}
	rs_utf16_to_utf8(p, bytes, swap, out);
	return out;
}

/* A cell array's elements when each is a row of text (or empty): into
 * v->strings (count of them); 0 also when they are not (strings NULL),
 * -1 on damage or memory. */
static int cell_text(const rs_mat *m, cursor *c, rs_mat_var *v, long count, rs_err *e)
{
	char **s = calloc((size_t)count + 1, sizeof *s);
	if (s == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory");
	for (long k = 0; k < count; k++) {
		element el, fl, dims, name, data;
		if (next_element(m, c, &el, e) != 0)
			goto fail;
		cursor in = {el.data, el.data + el.bytes, c->base, c->swap, c->inflated};
		if (el.type != MI_MATRIX)
			goto not_text;
		if (el.bytes == 0) { /* an empty element: no text */
			s[k] = calloc(1, 1);
			if (s[k] == NULL)
				goto fail;
			continue;
		}
		if (next_element(m, &in, &fl, e) != 0 || next_element(m, &in, &dims, e) != 0 ||
		    next_element(m, &in, &name, e) != 0)
			goto fail;
		if (fl.bytes != 8 || (get32(fl.data, c->swap) & 0xff) != RS_MX_CHAR ||
		    dims.bytes != 8 || get32(dims.data, c->swap) > 1)
			goto not_text; /* not a row of text */
		if (in.p >= in.end)
			data.bytes = 0, data.type = MI_UINT16, data.data = in.p;
		else if (next_element(m, &in, &data, e) != 0)
			goto fail;
		if ((s[k] = utf8_of(data.data, data.bytes, data.type, c->swap)) == NULL) {
			rs_fail(e, RS_ENOMEM, "out of memory");
			goto fail;
		}
	}
	v->strings = s;
	return 0;
not_text:
	for (long k = 0; k < count; k++)
		free(s[k]);
	free(s);
	return 0;
fail:
	for (long k = 0; k < count; k++)
		free(s[k]);
	free(s);
	return -1;
}

static int read_matrix(rs_mat *m, cursor *outer, const element *mx, const char *prefix,
		       const char *field, int depth, rs_err *e);

/* A struct's fields after its name: each an miMATRIX, named prefix.field. */
static int read_fields(rs_mat *m, cursor *c, const char *sname, int depth, rs_err *e)
{
	element len, names;
	if (next_element(m, c, &len, e) != 0 || next_element(m, c, &names, e) != 0)
		return -1;
	uint32_t l = len.bytes == 4 ? get32(len.data, c->swap) : 0;
	if (len.type != MI_INT32 || l == 0 || l > 4096 || names.bytes % l != 0)
		return damaged(m, c, e, "a struct's field names are not as the format has them");
	uint32_t fields = names.bytes / l;
	for (uint32_t f = 0; f < fields; f++) {
		element el;
		if (next_element(m, c, &el, e) != 0)
			return -1;
		if (el.type != MI_MATRIX)
			return damaged(m, c, e, "a struct's field that is not a matrix element");
		char *fname = name_of(names.data + (size_t)f * l, l, NULL);
		if (fname == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory");
		int rc = read_matrix(m, c, &el, sname, fname, depth + 1, e);
		free(fname);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* The variable in miMATRIX element mx; prefix: the struct it is a field
 * of (NULL at the top), field its name there. */
/* A MATLAB object at the top (a graph, a table, a string): its name,
 * "MCOS", its class's name, then data only MATLAB reads; listed by name
 * and class, so that a message can say what to save instead. */
static int read_object(rs_mat *m, cursor *c, rs_mat_var *v, rs_err *e)
{
	element name, tsys, oclass;
	if (next_element(m, c, &name, e) != 0 || next_element(m, c, &tsys, e) != 0 ||
	    next_element(m, c, &oclass, e) != 0)
		return -1;
	if (name.bytes == 0 || name.data[0] == '\0')
		return 0;
	v->name = name_of(name.data, name.bytes, NULL);
	char *cn = name_of(oclass.data, oclass.bytes < sizeof v->objclass ? oclass.bytes : sizeof v->objclass - 1, NULL);
	if (v->name == NULL || cn == NULL) {
		free(v->name);
		free(cn);
		return rs_fail(e, RS_ENOMEM, "out of memory");
	}
	snprintf(v->objclass, sizeof v->objclass, "%s", cn);
	free(cn);
	if (push_var(m, v, e) != 0) {
		free(v->name);
		return -1;
	}
	return 0;
}

/* The dimensions (an int32 element of two or more): rows, and the other
 * dimensions' product as columns. */
static int read_dims(rs_mat *m, cursor *c, const element *dims, rs_mat_var *v, rs_err *e)
{
	v->ndim = (int)(dims->bytes / 4);
	double cols = 1;
	for (int d = 0; d < v->ndim; d++) {
		int32_t x = (int32_t)get32(dims->data + 4 * d, c->swap);
		if (x < 0)
			return damaged(m, c, e, "a negative dimension");
		if (d == 0)
			v->rows = x;
		else
			cols *= x;
	}
	if (cols > 2147483647.0)
		return damaged(m, c, e, "dimensions beyond any matrix");
	v->cols = (long)cols;
	return 0;
}

/* A sparse matrix's row indices, column starts and values (a logical
 * one may have none). */
static int read_sparse(rs_mat *m, cursor *c, rs_mat_var *v, rs_err *e)
{
	element ir, jc, pr;
	int rc;
	if ((rc = next_element(m, c, &ir, e)) != 0 || (rc = next_element(m, c, &jc, e)) != 0 ||
	    (rc = numbers(m, c, &ir, -1, 0, &v->ir, e, "row indices")) != 0 ||
	    (rc = numbers(m, c, &jc, -1, 0, &v->jc, e, "column starts")) != 0)
		return rc;
	if (v->ndim != 2 || v->jc.count < v->cols + 1)
		return damaged(m, c, e, "a sparse matrix with fewer column starts than columns");
	if (c->p < c->end) {
		if ((rc = next_element(m, c, &pr, e)) == 0)
			rc = numbers(m, c, &pr, -1, 0, &v->re, e, "values");
		return rc;
	}
	return v->logical ? 0 : damaged(m, c, e, "a sparse matrix without its values");
}

/* A char or numeric matrix's data (text is kept as a name only).
 * Octave's -v6 and -v7 write a sparse logical matrix as class uint8,
 * logical, with a sparse matrix's ir, jc, pr (a full one has its data
 * alone): read as the sparse matrix it is. */
static int read_full(rs_mat *m, cursor *c, rs_mat_var *v, double count, rs_err *e)
{
	element re, jc, pr;
	int rc;
	if ((rc = next_element(m, c, &re, e)) != 0 || v->cls == RS_MX_CHAR)
		return rc;
	if ((rc = numbers(m, c, &re, v->rows, v->cols, &v->re, e, "numbers")) != 0 ||
	    ((double)v->re.count == count && !(v->logical && c->p < c->end)))
		return rc;
	rs_npy j;
	int agree = (double)v->re.count == count;
	if (v->logical && v->ndim == 2 && c->p < c->end && next_element(m, c, &jc, NULL) == 0 &&
	    numbers(m, c, &jc, -1, 0, &j, NULL, "") == 0 && j.count == v->cols + 1 && v->re.kind != 'f') {
		v->cls = RS_MX_SPARSE;
		v->jc = j;
		rc = numbers(m, c, &re, -1, 0, &v->ir, e, "row indices");
		memset(&v->re, 0, sizeof v->re);
		if (rc == 0 && c->p < c->end && (rc = next_element(m, c, &pr, e)) == 0)
			rc = numbers(m, c, &pr, -1, 0, &v->re, e, "values");
		return rc;
	}
	return agree ? 0 : damaged(m, c, e, "a matrix whose data and dimensions disagree");
}

/* A 1 x 1 struct: listed first, so that its fields follow it. */
static int read_struct(rs_mat *m, cursor *c, rs_mat_var *v, int depth, rs_err *e)
{
	char *sname = strdup(v->name);
	if (sname == NULL) {
		free(v->name);
		return rs_fail(e, RS_ENOMEM, "out of memory");
	}
	if (push_var(m, v, e) != 0) {
		free(sname);
		free(v->name);
		return -1;
	}
	int rc = read_fields(m, c, sname, depth, e);
	free(sname);
	return rc;
}

static int read_matrix(rs_mat *m, cursor *outer, const element *mx, const char *prefix,
		       const char *field, int depth, rs_err *e)
{
	if (mx->bytes == 0)
		return 0; /* an empty field */
	cursor c = {mx->data, mx->data + mx->bytes, outer->inflated ? 0 : mx->at + 8, outer->swap,
		    outer->inflated};
	element flags, dims, name;
	if (next_element(m, &c, &flags, e) != 0)
		return -1;
	if (flags.type != MI_UINT32 || flags.bytes != 8)
		return damaged(m, &c, e, "a variable without its array flags");
	uint32_t f0 = get32(flags.data, c.swap);
	rs_mat_var v;
	memset(&v, 0, sizeof v);
	v.cls = (int)(f0 & 0xff);
	v.complex = (f0 & 0x800) != 0;
	v.logical = (f0 & 0x200) != 0;
	if (v.cls == RS_MX_OPAQUE && prefix == NULL)
		return read_object(m, &c, &v, e);
	if (v.cls < RS_MX_CELL || v.cls > RS_MX_UINT64 || v.cls == RS_MX_OBJECT) {
		/* old-style objects, function handles, and any object inside a
		 * struct: not read, their layout their own */
		return 0;
	}
	if (next_element(m, &c, &dims, e) != 0 || next_element(m, &c, &name, e) != 0)
		return -1;
	if (dims.type != MI_INT32 || dims.bytes < 8 || dims.bytes % 4 != 0)
		return damaged(m, &c, e, "a variable without its dimensions");
	if (name.type != MI_INT8 && name.type != MI_UINT8)
		return damaged(m, &c, e, "a variable without its name");
	if (read_dims(m, &c, &dims, &v, e) != 0)
		return -1;
	if (prefix == NULL && (name.bytes == 0 || name.data[0] == '\0'))
		return 0; /* unnamed at the top: the subsystem's data (objects' contents), not a
			     variable */
	v.name = prefix ? name_of((const unsigned char *)field, strlen(field), prefix)
			: name_of(name.data, name.bytes, NULL);
	if (v.name == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory");
	int rc = 0;
	double count = (double)v.rows * (double)v.cols;
	if (v.cls == RS_MX_SPARSE)
		rc = read_sparse(m, &c, &v, e);
	else if (v.cls >= RS_MX_CHAR) /* char and the numeric classes */
		rc = read_full(m, &c, &v, count, e);
	else if (v.cls == RS_MX_CELL && v.ndim == 2 && count >= 1 && count <= (double)(mx->bytes / 8))
		rc = cell_text(m, &c, &v, (long)count, e); /* each element takes 8 bytes at least */
	else if (v.cls == RS_MX_STRUCT && count == 1 && depth < MAX_DEPTH)
		return read_struct(m, &c, &v, depth, e);
	if (rc == 0)
		rc = push_var(m, &v, e);
	if (rc != 0) {
		for (long k = 0; v.strings && v.strings[k]; k++)
			free(v.strings[k]);
		free(v.strings);
		free(v.name);
	}
	return rc;
}

/* An miCOMPRESSED element's zlib stream, inflated into a new block of m. */
static int inflate_var(rs_mat *m, const element *el, unsigned char **out, size_t *outlen, rs_err *e)
{
	z_stream s;
	memset(&s, 0, sizeof s);
	if (inflateInit(&s) != Z_OK)
		return rs_fail(e, RS_ENOMEM, "out of memory");
	size_t cap = el->bytes < 1 << 20 ? 4 * (size_t)el->bytes + 64 : 2 * (size_t)el->bytes,
	       len = 0;
	unsigned char *buf = NULL;
	int rc = Z_OK;
	s.next_in = (Bytef *)(uintptr_t)el->data;
	s.avail_in = el->bytes;
	while (rc == Z_OK) {
		if (m->max > 0 && m->inflated + cap > m->max)
			cap = m->max > m->inflated ? m->max - m->inflated : 0;
		if (len >= cap) {
			free(buf);
			inflateEnd(&s);
			return rs_fail(
			    e, RS_ENOMEM,
			    "%s: a compressed variable inflates to more than this machine can take",
			    m->path);
		}
		unsigned char *nb = realloc(buf, cap);
		if (nb == NULL) {
			free(buf);
			inflateEnd(&s);
			return rs_fail(e, RS_ENOMEM, "out of memory");
		}
		buf = nb;
		size_t room = cap - len;
		s.next_out = buf + len;
		s.avail_out = room > (1u << 30) ? (1u << 30) : (uInt)room;
		uInt before = s.avail_out;
		rc = inflate(&s, Z_NO_FLUSH);
		len += before - s.avail_out;
		if (rc == Z_OK && len == cap)
			cap *= 2;
		else if (rc == Z_OK && s.avail_in == 0)
			rc = Z_BUF_ERROR; /* the stream ends early */
	}
	inflateEnd(&s);
	if (rc != Z_STREAM_END) {
		free(buf);
		return rs_fail(e, RS_EINVAL, "%s: a compressed variable at byte %zu is %s", m->path,
			       el->at,
			       rc == Z_DATA_ERROR ? "corrupt" : "cut short (a truncated file?)");
	}
	unsigned char **no = realloc(m->owned, (size_t)(m->nowned + 1) * sizeof *no);
	if (no == NULL) {
		free(buf);
		return rs_fail(e, RS_ENOMEM, "out of memory");
	}
	m->owned = no;
	m->owned[m->nowned++] = buf;
	m->inflated += len;
	*out = buf;
	*outlen = len;
	return 0;
}

int rs_mat_open(rs_mat *m, const unsigned char *buf, size_t len, const char *path, size_t max,
		rs_err *e)
{
	memset(m, 0, sizeof *m);
	m->path = path;
	m->max = max;
	if (!rs_mat_is(buf, len))
		return rs_fail(e, RS_EINVAL, "%s: not a MAT-file", path);
	if (!memcmp(buf, "MATLAB 7.3", 10) || (buf[124] == 0 && buf[125] == 2) ||
	    (buf[124] == 2 && buf[125] == 0))
		return rs_fail(e, RS_EINVAL,
			       "%s: a MATLAB 7.3 MAT-file (HDF5): regspec reads MAT-files up to "
			       "version 7 (in MATLAB: save(FILE, 'A', '-v7'))",
			       path);
	int big;
	if (buf[126] == 'I' && buf[127] == 'M')
		big = 0;
	else if (buf[126] == 'M' && buf[127] == 'I')
		big = 1;
	else
		return rs_fail(e, RS_EINVAL,
			       "%s: a MAT-file header without its byte-order mark (a version 4 or "
			       "damaged file?)",
			       path);
	cursor c = {buf + 128, buf + len, 128, big != host_big_endian(), 0};
	while (c.p < c.end) {
		element el;
		if (next_element(m, &c, &el, e) != 0)
			goto fail;
		if (el.type == MI_COMPRESSED) {
			unsigned char *in = NULL;
			size_t inlen = 0;
			if (inflate_var(m, &el, &in, &inlen, e) != 0)
				goto fail;
			cursor ic = {in, in + inlen, 0, c.swap, 1};
			element inner;
			if (next_element(m, &ic, &inner, e) != 0)
				goto fail;
			if (inner.type == MI_MATRIX &&
			    read_matrix(m, &ic, &inner, NULL, NULL, 0, e) != 0)
				goto fail;
		} else if (el.type == MI_MATRIX && read_matrix(m, &c, &el, NULL, NULL, 0, e) != 0)
			goto fail;
		/* other elements at the top (none are defined) are passed over */
	}
	return 0;
fail:
	rs_mat_close(m);
	return -1;
}

void rs_mat_close(rs_mat *m)
{
	for (long i = 0; i < m->count; i++) {
		for (long k = 0; m->v[i].strings && m->v[i].strings[k]; k++)
			free(m->v[i].strings[k]);
		free(m->v[i].strings);
		free(m->v[i].name);
	}
	free(m->v);
	for (long i = 0; i < m->nowned; i++)
		free(m->owned[i]);
	free(m->owned);
	memset(m, 0, sizeof *m);
}

long rs_mat_find(const rs_mat *m, const char *name)
{
	for (long i = 0; i < m->count; i++)
		if (rs_var_same_name(m->v[i].name, name))
			return i;
	return -1;
}

int rs_mat_is_matrix(const rs_mat_var *v, int vectors)
{
	int numeric = v->cls == RS_MX_SPARSE || (v->cls >= RS_MX_DOUBLE && v->cls <= RS_MX_UINT64);
	if (!numeric || v->complex || v->ndim != 2 || v->rows < 1 || v->cols < 1)
		return 0;
	return vectors || (v->rows > 1 && v->cols > 1);
}

void rs_mat_describe(const rs_mat_var *v, char *out, size_t size)
{
	static const char *const cls[] = {"?",	    "cell",   "struct", "object", "char",  "sparse",
					  "double", "single", "int8",	"uint8",  "int16", "uint16",
					  "int32",  "uint32", "int64",	"uint64"};
	if (v->cls == RS_MX_OPAQUE) {
		snprintf(out, size, "a MATLAB %s object", v->objclass[0] ? v->objclass : "?");
		return;
	}
	const char *c = v->cls >= 0 && v->cls <= RS_MX_UINT64 ? cls[v->cls] : "?";
	if (v->cls == RS_MX_SPARSE)
		c = v->logical ? "sparse logical" : "sparse double";
	else if (v->cls == RS_MX_CELL && v->strings) {
		snprintf(out, size, "cell of text %ld x %ld", v->rows, v->cols);
		return;
	} else if (v->logical)
		c = "logical";
	int n = snprintf(out, size, "%s%s", v->complex ? "complex " : "", c);
	if (v->cls != RS_MX_STRUCT && v->cls != RS_MX_CELL && n >= 0 && (size_t)n < size)
		snprintf(out + n, size - (size_t)n,
			 v->ndim > 2 ? " %ld x %ld (%d-D)" : " %ld x %ld", v->rows, v->cols,
			 v->ndim);
}

/* ------------------------------------------------------------ writing */

int rs_path_mat(const char *path)
{
	size_t l = strlen(path);
	l -= rs_compressed_suffix(path, l);
	return l > 4 && !strncasecmp(path + l - 4, ".mat", 4);
}

static uint64_t padded(uint64_t n)
{
	return (n + 7) & ~(uint64_t)7;
}

/* A tag and its data, padded to 8 bytes; 0 or -1 (a write error). */
static int put_element(FILE *f, uint32_t type, const void *data, uint64_t bytes)
{
	uint32_t tag[2] = {type, (uint32_t)bytes};
	static const unsigned char zeros[8];
	if (fwrite(tag, sizeof tag, 1, f) != 1 ||
	    (bytes > 0 && fwrite(data, 1, (size_t)bytes, f) != bytes))
		return -1;
	size_t pad = (size_t)(padded(bytes) - bytes);
	return pad > 0 && fwrite(zeros, 1, pad, f) != pad ? -1 : 0;
}

/* The start of an miMATRIX of `data` more bytes (its real part and the
 * rest): the tag, flags, dimensions and name. */
static int put_matrix_head(FILE *f, const char *name, int cls, long rows, long cols, uint32_t nzmax,
			   uint64_t data, rs_err *e)
{
	size_t nl = strlen(name);
	uint64_t total = 16 + 16 + 8 + padded(nl) + data;
	if (total > UINT32_MAX || rows > INT32_MAX || cols > INT32_MAX)
		return rs_fail(
		    e, RS_EINVAL,
		    "'%s' (%ld x %ld) is beyond a MAT-file of version 5 (4 GB a variable, "
		    "2^31 - 1 rows and columns): save a .npz, .npy or .mtx file instead",
		    name, rows, cols);
	uint32_t tag[2] = {MI_MATRIX, (uint32_t)total};
	uint32_t flags[2] = {(uint32_t)cls, nzmax};
	int32_t dims[2] = {(int32_t)rows, (int32_t)cols};
	if (fwrite(tag, sizeof tag, 1, f) != 1 ||
	    put_element(f, MI_UINT32, flags, sizeof flags) != 0 ||
	    put_element(f, MI_INT32, dims, sizeof dims) != 0 ||
	    put_element(f, MI_INT8, name, nl) != 0)
		return rs_fail(e, RS_EIO, "writing failed: %s", strerror(errno));
	return 0;
}

int rs_mat_write_header(FILE *f, rs_err *e)
{
	char text[116];
	memset(text, ' ', sizeof text);
	char line[116];
	int n = snprintf(line, sizeof line, "MATLAB 5.0 MAT-file, written by %s %s", PACKAGE_NAME,
			 PACKAGE_VERSION);
	memcpy(text, line, (size_t)n < sizeof text ? (size_t)n : sizeof text);
	static const unsigned char subsys[8];
	uint16_t version = 0x0100,
		 mark = ('M' << 8) | 'I'; /* reads "IM" where the bytes are swapped */
	if (fwrite(text, sizeof text, 1, f) != 1 || fwrite(subsys, sizeof subsys, 1, f) != 1 ||
	    fwrite(&version, 2, 1, f) != 1 || fwrite(&mark, 2, 1, f) != 1)
		return rs_fail(e, RS_EIO, "writing failed: %s", strerror(errno));
	return 0;
}

int rs_mat_write_full(FILE *f, const char *name, long rows, long cols, const double *colmajor,
		      rs_err *e)
{
	uint64_t bytes = (uint64_t)rows * (uint64_t)cols * 8;
	if (put_matrix_head(f, name, RS_MX_DOUBLE, rows, cols, 0, 8 + padded(bytes), e) != 0)
		return -1;
	if (put_element(f, MI_DOUBLE, colmajor, bytes) != 0)
		return rs_fail(e, RS_EIO, "writing failed: %s", strerror(errno));
	return 0;
}

int rs_mat_write_sparse(FILE *f, const char *name, long rows, long cols, const long *jc,
			const int32_t *ir, const double *pr, rs_err *e)
{
	long nnz = jc[cols];
	if (nnz > INT32_MAX)
		return rs_fail(
		    e, RS_EINVAL,
		    "'%s' has %ld entries, beyond a MAT-file of version 5: save a .npz or "
		    ".mtx file instead",
		    name, nnz);
	uint64_t irb = (uint64_t)nnz * 4, jcb = ((uint64_t)cols + 1) * 4, prb = (uint64_t)nnz * 8;
	if (put_matrix_head(f, name, RS_MX_SPARSE, rows, cols, (uint32_t)nnz,
			    8 + padded(irb) + 8 + padded(jcb) + 8 + padded(prb), e) != 0)
		return -1;
	int32_t *j = malloc((size_t)(cols + 1) * sizeof *j);
	double *ones = pr == NULL ? malloc((size_t)(nnz > 0 ? nnz : 1) * sizeof *ones) : NULL;
	if (j == NULL || (pr == NULL && ones == NULL)) {
		free(j);
		free(ones);
		return rs_fail(e, RS_ENOMEM, "out of memory");
	}
	for (long c = 0; c <= cols; c++)
		j[c] = (int32_t)jc[c];
	for (long p = 0; ones != NULL && p < nnz; p++)
		ones[p] = 1.0;
	int rc = put_element(f, MI_INT32, ir, irb) == 0 && put_element(f, MI_INT32, j, jcb) == 0 &&
			 put_element(f, MI_DOUBLE, pr ? pr : ones, prb) == 0
		     ? 0
		     : rs_fail(e, RS_EIO, "writing failed: %s", strerror(errno));
	free(j);
	free(ones);
	return rc;
}
