/* result.c: building results and rendering them as text, CSV and JSON. */
#include <config.h>

#include "result.h"

#include "utf8.h"

#include "xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

rs_result *result_new(const char *command)
{
	rs_result *r = xcalloc(1, sizeof *r);
	r->command = xstrdup(command);
	return r;
}

void result_free(rs_result *r)
{
	if (r == NULL)
		return;
	for (size_t i = 0; i < r->nf; i++) {
		rs_field *f = &r->f[i];
		free(f->name);
		free(f->num);
		free(f->ints);
		if (f->str)
			for (size_t j = 0; j < f->len; j++)
				free(f->str[j]);
		free(f->str);
	}
	for (size_t i = 0; i < r->nnotes; i++)
		free(r->notes[i]);
	free(r->notes);
	free(r->f);
	free(r->title);
	free(r->command);
	free(r);
}

void result_title(rs_result *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	free(r->title);
	r->title = xvasprintf(fmt, ap);
	va_end(ap);
}

void result_note(rs_result *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	r->notes = xreallocarray(r->notes, r->nnotes + 1, sizeof *r->notes);
	r->notes[r->nnotes++] = xvasprintf(fmt, ap);
	va_end(ap);
}

static rs_field *add(rs_result *r, const char *name, enum rs_fkind kind, int flags, int array,
		     size_t len)
{
	if (r->nf == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 8;
		r->f = xreallocarray(r->f, r->cap, sizeof *r->f);
	}
	rs_field *f = &r->f[r->nf++];
	memset(f, 0, sizeof *f);
	f->name = xstrdup(name);
	f->kind = kind;
	f->flags = flags;
	f->array = array;
	f->len = len;
	return f;
}

void result_num(rs_result *r, const char *name, double v)
{
	add(r, name, RK_NUM, 0, 0, 1)->num = xmemdup(&v, sizeof v);
}

void result_int(rs_result *r, const char *name, long v)
{
	add(r, name, RK_INT, 0, 0, 1)->ints = xmemdup(&v, sizeof v);
}

void result_bool(rs_result *r, const char *name, int v)
{
	long b = v != 0;
	add(r, name, RK_BOOL, 0, 0, 1)->ints = xmemdup(&b, sizeof b);
}

void result_str(rs_result *r, const char *name, const char *v)
{
	rs_field *f = add(r, name, RK_STR, 0, 0, 1);
	f->str = xcalloc(1, sizeof *f->str);
	f->str[0] = xstrdup(v);
}

void result_nums(rs_result *r, const char *name, int flags, const double *v, size_t n)
{
	add(r, name, RK_NUM, flags, 1, n)->num = xmemdup(v, n * sizeof *v);
}

void result_ints(rs_result *r, const char *name, int flags, const long *v, size_t n)
{
	add(r, name, RK_INT, flags, 1, n)->ints = xmemdup(v, n * sizeof *v);
}

void result_bools(rs_result *r, const char *name, int flags, const int *v, size_t n)
{
	rs_field *f = add(r, name, RK_BOOL, flags, 1, n);
	f->ints = xcalloc(n ? n : 1, sizeof *f->ints);
	for (size_t i = 0; i < n; i++)
		f->ints[i] = v[i] != 0;
}

void result_strs(rs_result *r, const char *name, int flags, char *const *v, size_t n)
{
	rs_field *f = add(r, name, RK_STR, flags, 1, n);
	f->str = xcalloc(n ? n : 1, sizeof *f->str);
	for (size_t i = 0; i < n; i++)
		f->str[i] = xstrdup(v[i]);
}

void result_flag_scalars(rs_result *r, int flags)
{
	for (size_t i = 0; i < r->nf; i++)
		if (!r->f[i].array)
			r->f[i].flags |= flags;
}

/* One cell as text: numbers with %.*g, -0 printed as 0. */
static void cell(const rs_field *f, size_t i, int digits, char *buf, size_t len, int json)
{
	switch (f->kind) {
	case RK_NUM: {
		double v = f->num[i];
		if (!isfinite(v))
			snprintf(buf, len, json ? "null" : "%s", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
		else
			snprintf(buf, len, "%.*g", digits, v == 0 ? 0.0 : v);
		break;
	}
	case RK_INT: snprintf(buf, len, "%ld", f->ints[i]); break;
	case RK_BOOL:
		snprintf(buf, len, "%s", f->ints[i] ? (json ? "true" : "yes") : (json ? "false" : "no"));
		break;
	case RK_STR: snprintf(buf, len, "%s", f->str[i]); break;
	}
}

void rs_text_clean(char *s)
{
	unsigned char *p = (unsigned char *)s;
	while (*p) {
		size_t n = rs_utf8_seq(p, NULL);
		if (n == 0 || (n == 1 && (*p < 0x20 || *p == 0x7f))) {
			*p++ = '?';
			continue;
		}
		p += n;
	}
}

/* s as it may go to a terminal: control characters and bytes that are not
 * UTF-8 shown as '?' (a node name from a file cannot move the cursor). */
static void put_clean(FILE *out, const char *s)
{
	char buf[512];
	size_t len = strlen(s);
	if (len < sizeof buf) {
		memcpy(buf, s, len + 1);
		rs_text_clean(buf);
		fputs(buf, out);
		return;
	}
	char *copy = xstrdup(s);
	rs_text_clean(copy);
	fputs(copy, out);
	free(copy);
}

static void render_json(const rs_result *r, FILE *out, int digits)
{
	char buf[512];
	fputs("{\"command\":", out);
	rs_json_string(out, r->command);
	for (size_t i = 0; i < r->nf; i++) {
		const rs_field *f = &r->f[i];
		fputc(',', out);
		rs_json_string(out, f->name);
		fputc(':', out);
		if (f->array)
			fputc('[', out);
		for (size_t j = 0; j < f->len; j++) {
			if (j)
				fputc(',', out);
			if (f->kind == RK_STR) {
				rs_json_string(out, f->str[j]);
			} else {
				cell(f, j, digits, buf, sizeof buf, 1);
				fputs(buf, out);
			}
		}
		if (f->array)
			fputc(']', out);
	}
	if (r->nnotes) {
		fputs(",\"notes\":[", out);
		for (size_t i = 0; i < r->nnotes; i++) {
			if (i)
				fputc(',', out);
			rs_json_string(out, r->notes[i]);
		}
		fputc(']', out);
	}
	fputs("}\n", out);
}

static size_t table_rows_if(const rs_result *r, int skip)
{
	size_t rows = 0;
	for (size_t i = 0; i < r->nf; i++)
		if (r->f[i].flags & RF_TABLE && !(r->f[i].flags & skip) && r->f[i].len > rows)
			rows = r->f[i].len;
	return rows;
}

static size_t table_rows(const rs_result *r)
{
	return table_rows_if(r, 0);
}

static void csv_cell(FILE *out, const char *s)
{
	result_csv_cell(out, s, ',');
}

void result_csv_cell(FILE *out, const char *s, char sep)
{
	const char special[] = {sep, '"', '\n', '\r', '\0'};
	size_t l = strlen(s);
	/* readers trim blanks around a field: a name that begins or ends with
	 * one is quoted to keep it */
	int edge = l > 0 && (isspace((unsigned char)s[0]) || isspace((unsigned char)s[l - 1]));
	if (strpbrk(s, special) == NULL && !edge) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static void render_csv(const rs_result *r, FILE *out, int digits)
{
	char buf[512];
	size_t rows = table_rows(r);
	if (rows == 0) { /* no table: the scalars as key,value */
		fputs("key,value\n", out);
		for (size_t i = 0; i < r->nf; i++) {
			const rs_field *f = &r->f[i];
			for (size_t j = 0; j < f->len; j++) {
				csv_cell(out, f->name);
				if (f->array)
					fprintf(out, "[%zu]", j + 1);
				fputc(',', out);
				cell(f, j, digits, buf, sizeof buf, 0);
				csv_cell(out, buf);
				fputc('\n', out);
			}
		}
		return;
	}
	int first = 1;
	for (size_t i = 0; i < r->nf; i++)
		if (r->f[i].flags & RF_TABLE) {
			if (!first)
				fputc(',', out);
			csv_cell(out, r->f[i].name);
			first = 0;
		}
	fputc('\n', out);
	for (size_t row = 0; row < rows; row++) {
		first = 1;
		for (size_t i = 0; i < r->nf; i++) {
			const rs_field *f = &r->f[i];
			if (!(f->flags & RF_TABLE))
				continue;
			if (!first)
				fputc(',', out);
			first = 0;
			if (row < f->len) {
				cell(f, row, digits, buf, sizeof buf, 0);
				csv_cell(out, buf);
			}
		}
		fputc('\n', out);
	}
}

static void render_text(const rs_result *r, FILE *out, int digits, size_t keep, rs_cut *cut)
{
	char buf[512];
	if (r->title) {
		put_clean(out, r->title);
		fputc('\n', out);
	}
	/* scalars and loose arrays: "name: value ..." */
	size_t w = 0;
	for (size_t i = 0; i < r->nf; i++)
		if (!(r->f[i].flags & (RF_TABLE | RF_NOTEXT)) && strlen(r->f[i].name) > w)
			w = strlen(r->f[i].name);
	size_t rows = table_rows_if(r, RF_NOTEXT); /* text leaves out RF_NOTEXT columns */
	for (size_t i = 0; i < r->nf; i++) {
		const rs_field *f = &r->f[i];
		if (f->flags & (RF_TABLE | RF_NOTEXT))
			continue;
		fprintf(out, "%-*s ", (int)w + 1, f->name);
		for (size_t j = 0; j < f->len; j++) {
			cell(f, j, digits, buf, sizeof buf, 0);
			rs_text_clean(buf);
			fprintf(out, "%s%s", j ? " " : "", buf);
		}
		fputc('\n', out);
	}
	if (rows > 0) {
		size_t nt = 0;
		for (size_t i = 0; i < r->nf; i++)
			nt += (r->f[i].flags & RF_TABLE) && !(r->f[i].flags & RF_NOTEXT);
		size_t *cw = xcalloc(nt, sizeof *cw);
		int *left = xcalloc(nt, sizeof *left);
		size_t c = 0;
		for (size_t i = 0; i < r->nf; i++) {
			const rs_field *f = &r->f[i];
			if (!(f->flags & RF_TABLE) || (f->flags & RF_NOTEXT))
				continue;
			cw[c] = rs_utf8_width(f->name);
			left[c] = f->kind == RK_STR;
			for (size_t j = 0; j < f->len; j++) {
				cell(f, j, digits, buf, sizeof buf, 0);
				rs_text_clean(buf);
				if (rs_utf8_width(buf) > cw[c])
					cw[c] = rs_utf8_width(buf);
			}
			c++;
		}
		/* a table of more rows than keep: where its middle lies in out */
		size_t head = keep / 2, tail = keep - keep / 2;
		int cutting = cut != NULL && keep > 0 && rows > keep + 1;
		for (int pass = -1; pass < (int)rows; pass++) {
			if (cutting && pass == (int)head)
				cut->from = ftell(out);
			if (cutting && pass == (int)(rows - tail)) {
				cut->to = ftell(out);
				cut->rows = rows;
			}
			c = 0;
			for (size_t i = 0; i < r->nf; i++) {
				const rs_field *f = &r->f[i];
				if (!(f->flags & RF_TABLE) || (f->flags & RF_NOTEXT))
					continue;
				if (pass < 0)
					snprintf(buf, sizeof buf, "%s", f->name);
				else if ((size_t)pass < f->len)
					cell(f, (size_t)pass, digits, buf, sizeof buf, 0);
				else
					buf[0] = '\0';
				rs_text_clean(buf);
				int last = c + 1 == nt;
				/* padded by the columns the text takes, not its bytes
				 * (a name such as 'Chloé') */
				size_t pad = cw[c] - rs_utf8_width(buf);
				if (left[c] && last)
					fprintf(out, "%s%s", c ? "  " : "", buf);
				else if (left[c])
					fprintf(out, "%s%s%*s", c ? "  " : "", buf, (int)pad, "");
				else
					fprintf(out, "%s%*s%s", c ? "  " : "", (int)pad, "", buf);
				c++;
			}
			fputc('\n', out);
		}
		free(cw);
		free(left);
	}
	for (size_t i = 0; i < r->nnotes; i++)
	{
		fputs("note: ", out);
		put_clean(out, r->notes[i]);
		fputc('\n', out);
	}
}

void rs_put_wrapped(FILE *out, const char *p, const char *stop, size_t col, size_t indent, size_t width)
{
	int first = 1;
	for (;;) {
		while (p < stop && *p == ' ')
			p++;
		if (p == stop)
			break;
		const char *end = p;
		while (end < stop && *end != ' ')
			end++;
		size_t wl = (size_t)(end - p), ww = rs_utf8_width_n(p, wl);
		if (!first && col + 1 + ww > width) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
		} else if (!first) {
			fputc(' ', out);
			col++;
		}
		fwrite(p, 1, wl, out);
		col += ww;
		first = 0;
		p = end;
	}
}

void rs_write_wrapped(FILE *out, const char *text, size_t len, int width)
{
	static const char tag[] = "note: ";
	const size_t tl = sizeof tag - 1;
	if (width < RS_WRAP_MIN) {
		fwrite(text, 1, len, out);
		return;
	}
	const char *p = text, *stop = text + len;
	while (p < stop) {
		const char *nl = memchr(p, '\n', (size_t)(stop - p));
		const char *eol = nl != NULL ? nl : stop;
		size_t ll = (size_t)(eol - p);
		if (ll > tl && memcmp(p, tag, tl) == 0 && p[tl] != ' ') {
			fwrite(tag, 1, tl, out);
			rs_put_wrapped(out, p + tl, eol, tl, tl, (size_t)width);
		} else if (ll > (size_t)width) {
			/* a row of columns two blanks apart ('input   gml,
			 * directed: ...') wraps its last one under itself, where
			 * that starts in the line's first half; a line with no
			 * columns (prose) wraps indented by two */
			const char *last = p;
			for (const char *q = p; q + 1 < eol; q++)
				if (q[0] == ' ' && q[1] == ' ')
					last = q + 2;
			while (last < eol && *last == ' ')
				last++;
			size_t lc = rs_utf8_width_n(p, (size_t)(last - p));
			if (last == p) {
				rs_put_wrapped(out, p, eol, 0, 2, (size_t)width);
			} else if (lc <= (size_t)width / 2) {
				fwrite(p, 1, (size_t)(last - p), out);
				rs_put_wrapped(out, last, eol, lc, lc, (size_t)width);
			} else {
				fwrite(p, 1, ll, out);
			}
		} else {
			fwrite(p, 1, ll, out);
		}
		if (nl != NULL)
			fputc('\n', out);
		p = nl != NULL ? nl + 1 : stop;
	}
}

void result_render(const rs_result *r, FILE *out, enum rs_format fmt, int digits)
{
	switch (fmt) {
	case RS_FMT_JSON: render_json(r, out, digits); break;
	case RS_FMT_CSV: render_csv(r, out, digits); break;
	default: render_text(r, out, digits, 0, NULL); break;
	}
}

void result_render_cut(const rs_result *r, FILE *out, int digits, size_t keep, rs_cut *cut)
{
	memset(cut, 0, sizeof *cut);
	render_text(r, out, digits, keep, cut);
}

int result_lookup(const rs_result *r, const char *path, char *buf, size_t len, int *is_num,
		  double *num, char *msg, size_t msglen)
{
	char name[128];
	size_t idx = 0;
	const char *br = strchr(path, '[');
	size_t nl = br ? (size_t)(br - path) : strlen(path);
	if (nl == 0 || nl >= sizeof name) {
		snprintf(msg, msglen, "bad field name '%s'", path);
		return -1;
	}
	memcpy(name, path, nl);
	name[nl] = '\0';
	if (br) {
		char *end;
		long v = strtol(br + 1, &end, 10);
		if (end == br + 1 || *end != ']' || end[1] != '\0' || v < 1) {
			snprintf(msg, msglen, "bad index in '%s' (indices start at 1)", path);
			return -1;
		}
		idx = (size_t)v;
	}
	for (size_t i = 0; i < r->nf; i++) {
		const rs_field *f = &r->f[i];
		if (strcmp(f->name, name) != 0)
			continue;
		if (f->array && idx == 0) {
			snprintf(msg, msglen, "'%s' is an array of %zu: name an element, e.g. %s[1]",
				 name, f->len, name);
			return -1;
		}
		if (!f->array && idx > 1) {
			snprintf(msg, msglen, "'%s' is not an array", name);
			return -1;
		}
		size_t j = idx ? idx - 1 : 0;
		if (j >= f->len) {
			snprintf(msg, msglen, "'%s' has %zu elements, asked for %zu", name, f->len, idx);
			return -1;
		}
		*is_num = f->kind == RK_NUM || f->kind == RK_INT;
		if (f->kind == RK_NUM) {
			*num = f->num[j];
			snprintf(buf, len, "%.17g", f->num[j]);
		} else if (f->kind == RK_INT) {
			*num = (double)f->ints[j];
			snprintf(buf, len, "%ld", f->ints[j]);
		} else if (f->kind == RK_BOOL) {
			snprintf(buf, len, "%s", f->ints[j] ? "true" : "false");
		} else {
			snprintf(buf, len, "%s", f->str[j]);
		}
		return 0;
	}
	snprintf(msg, msglen, "the last result (%s) has no field '%s'", r->command, name);
	return -1;
}
