/* xlsx.c: an Excel workbook's sheet as CSV text (xlsx.h). */
#include <config.h>

#include "xlsx.h"

#include "graph.h"
#include "graphio.h"
#include "utf8.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A growing text. */
typedef struct buf {
	char *s;
	size_t n, cap;
	int oom;
} buf;

static void put(buf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *ns = realloc(b->s, cap);
		if (ns == NULL) {
			b->oom = 1;
			return;
		}
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

/* XML text s[0..n) with its entities decoded, appended to b. */
static void put_text(buf *b, const char *s, size_t n)
{
	const char *end = s + n;
	while (s < end) {
		const char *amp = memchr(s, '&', (size_t)(end - s));
		if (amp == NULL) {
			put(b, s, (size_t)(end - s));
			return;
		}
		put(b, s, (size_t)(amp - s));
		const char *semi = memchr(amp, ';', (size_t)(end - amp));
		static const struct {
			const char *name, *text;
		} ent[] = {{"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}};
		size_t el = semi ? (size_t)(semi - amp) + 1 : 0;
		int done = 0;
		for (size_t i = 0; semi && i < sizeof ent / sizeof ent[0]; i++)
			if (el == strlen(ent[i].name) && !memcmp(amp, ent[i].name, el)) {
				put(b, ent[i].text, 1);
				done = 1;
			}
		if (!done && semi && el > 3 && amp[1] == '#') {
			char *q;
			int hex = amp[2] == 'x' || amp[2] == 'X';
			unsigned long c = strtoul(amp + 2 + hex, &q, hex ? 16 : 10);
			char u[4];
			if (q == semi && c > 0 && c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF)) {
				put(b, u, (size_t)rs_utf8_put(c, u));
				done = 1;
			}
		}
		if (!done) { /* not an entity: the '&' as it is */
			put(b, "&", 1);
			el = 1;
		}
		s = amp + el;
	}
}

/* One tag of an XML text: its local name (after any prefix), whether it
 * closes ("</x>") or is empty ("<x/>"), its attributes' text. */
typedef struct tag {
	const char *start; /* its '<' */
	const char *name, *attrs;
	size_t nlen, alen;
	int closing, empty;
	const char *after; /* past its '>' */
} tag;

/* The next tag at or after p, comments, declarations and processing
 * instructions passed over; 0 at the end (or a tag left open). */
static int next_tag(const char *p, const char *end, tag *t)
{
	for (;;) {
		const char *lt = memchr(p, '<', (size_t)(end - p));
		if (lt == NULL || lt + 1 >= end)
			return 0;
		if (lt[1] == '!' || lt[1] == '?') {
			const char *close = end - lt >= 4 && !strncmp(lt, "<!--", 4) ? strstr(lt + 4, "-->") : memchr(lt, '>', (size_t)(end - lt));
			if (close == NULL || close >= end)
				return 0;
			p = close + 1;
			continue;
		}
		const char *gt = memchr(lt, '>', (size_t)(end - lt));
		if (gt == NULL)
			return 0;
		t->start = lt;
		t->closing = lt[1] == '/';
		t->empty = gt[-1] == '/';
		const char *n = lt + 1 + t->closing, *ne = n;
		while (ne < gt && *ne != ' ' && *ne != '\t' && *ne != '\r' && *ne != '\n' && *ne != '/')
			ne++;
		const char *colon = memchr(n, ':', (size_t)(ne - n));
		t->name = colon ? colon + 1 : n;
		t->nlen = (size_t)(ne - t->name);
		t->attrs = ne;
		t->alen = gt - ne > t->empty ? (size_t)(gt - ne - t->empty) : 0;
		t->after = gt + 1;
		return 1;
	}
}

static int is(const tag *t, const char *name)
{
	return t->nlen == strlen(name) && !memcmp(t->name, name, t->nlen);
}

/* Attribute `name` (its local name, any prefix) of t, decoded into a
 * malloc'd string; NULL when absent. */
static char *attr(const tag *t, const char *name)
{
	const char *p = t->attrs, *end = t->attrs + t->alen;
	size_t nl = strlen(name);
	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
			p++;
		const char *k = p;
		while (p < end && *p != '=' && *p != ' ')
			p++;
		const char *ke = p;
		while (p < end && *p != '"' && *p != '\'')
			p++;
		if (p >= end)
			return NULL;
		char q = *p++;
		const char *v = p;
		while (p < end && *p != q)
			p++;
		if (p >= end)
			return NULL;
		const char *colon = memchr(k, ':', (size_t)(ke - k));
		const char *local = colon ? colon + 1 : k;
		if ((size_t)(ke - local) == nl && !memcmp(local, name, nl) && strncmp(k, "xmlns", 5) != 0) {
			buf b = {0};
			put_text(&b, v, (size_t)(p - v));
			put(&b, "", 0);
			if (b.oom) {
				free(b.s);
				return NULL;
			}
			return b.s;
		}
		p++;
	}
	return NULL;
}

/* The text of every <t> inside [p, end) (a shared or inline string, its
 * runs joined; phonetic runs, <rPh>, left out) appended to b. */
static void string_text(buf *b, const char *p, const char *end)
{
	tag t;
	int phonetic = 0;
	while (next_tag(p, end, &t)) {
		if (is(&t, "rPh"))
			phonetic = !t.closing && !t.empty;
		else if (is(&t, "t") && !t.closing && !t.empty && !phonetic) {
			const char *lt = memchr(t.after, '<', (size_t)(end - t.after));
			if (lt == NULL)
				return;
			put_text(b, t.after, (size_t)(lt - t.after));
		}
		p = t.after;
	}
}

/* The end of the element whose start tag ends at p: the '<' of its closing
 * tag `name`, or end. */
static const char *element_end(const char *p, const char *end, const char *name)
{
	tag t;
	int depth = 0;
	while (next_tag(p, end, &t)) {
		if (is(&t, name) && !t.empty) {
			if (!t.closing)
				depth++;
			else if (depth-- == 0)
				return t.start;
		}
		p = t.after;
	}
	return end;
}

typedef struct strings {
	char **s;
	long n, cap;
} strings;

static void strings_free(strings *S)
{
	for (long i = 0; i < S->n; i++)
		free(S->s[i]);
	free(S->s);
}

/* xl/sharedStrings.xml's <si> strings, in order. */
static int shared_strings(const char *x, size_t len, strings *S)
{
	const char *p = x, *end = x + len;
	tag t;
	while (next_tag(p, end, &t)) {
		p = t.after;
		if (!is(&t, "si") || t.closing)
			continue;
		buf b = {0};
		put(&b, "", 0);
		if (!t.empty) {
			const char *e = element_end(p, end, "si");
			string_text(&b, p, e);
			p = e;
		}
		if (S->n == S->cap) {
			long nc = S->cap ? 2 * S->cap : 256;
			char **ns = realloc(S->s, (size_t)nc * sizeof *ns);
			if (ns == NULL) {
				free(b.s);
				return -1;
			}
			S->s = ns;
			S->cap = nc;
		}
		if (b.oom)
			return free(b.s), -1;
		S->s[S->n++] = b.s;
	}
	return 0;
}

/* A cell of the row being read. */
typedef struct cell {
	long col;
	char *text;
} cell;

/* Excel's limits: columns A to XFD, rows 1 to 1048576. */
#define MAX_COLUMNS 16384
#define MAX_ROWS 1048576

/* The column of a cell reference ("B3": 1), or -1 (none, or past XFD). */
static long column_of(const char *r)
{
	long c = 0;
	int letters = 0;
	for (; *r >= 'A' && *r <= 'Z' && letters < 4; r++, letters++)
		c = c * 26 + (*r - 'A' + 1);
	return letters && c <= MAX_COLUMNS ? c - 1 : -1;
}

/* A CSV field: quoted where it holds a comma, a quote, a line end or
 * blanks at its ends. */
static void put_field(buf *b, const char *s)
{
	size_t n = strlen(s);
	if (n && (strpbrk(s, ",\"\r\n") || s[0] == ' ' || s[n - 1] == ' ')) {
		put(b, "\"", 1);
		for (const char *q = s; *q; q++)
			put(b, *q == '"' ? "\"\"" : q, *q == '"' ? 2 : 1);
		put(b, "\"", 1);
	} else
		put(b, s, n);
}

static void flush_row(buf *out, cell *cells, long nc)
{
	long maxc = -1;
	for (long i = 0; i < nc; i++)
		if (cells[i].col > maxc)
			maxc = cells[i].col;
	for (long c = 0, i = 0; c <= maxc; c++) {
		if (c)
			put(out, ",", 1);
		for (long j = i; j < nc; j++) /* cells come in column order */
			if (cells[j].col == c) {
				put_field(out, cells[j].text);
				i = j + 1;
				break;
			}
	}
}

/* The sheet's cells as CSV into out. */
static int sheet_csv(const char *x, size_t len, const strings *S, buf *out, const char *where, rs_err *e)
{
	const char *p = x, *end = x + len;
	tag t;
	long line = 0, nc = 0, capc = 0, row = -1;
	cell *cells = NULL;
	int rc = 0;
	while (rc == 0 && next_tag(p, end, &t)) {
		p = t.after;
		if (is(&t, "row") && !t.closing) {
			char *r = attr(&t, "r");
			row = r ? atol(r) : line + 1;
			free(r);
			if (row <= line || row > MAX_ROWS) {
				rc = rs_fail(e, RS_EINVAL, "%s: row %ld %s", where, row,
					     row > MAX_ROWS ? "is past Excel's last (1048576)" : "out of order");
				break;
			}
			while (line < row - 1) { /* empty rows: empty lines */
				put(out, "\n", 1);
				line++;
			}
			nc = 0;
			if (t.empty) {
				put(out, "\n", 1);
				line++;
			}
		} else if (is(&t, "row") && t.closing) {
			flush_row(out, cells, nc);
			for (long i = 0; i < nc; i++)
				free(cells[i].text);
			nc = 0;
			put(out, "\n", 1);
			line = row;
		} else if (is(&t, "c") && !t.closing) {
			char *r = attr(&t, "r"), *ty = attr(&t, "t");
			long col = r ? column_of(r) : (nc ? cells[nc - 1].col + 1 : 0);
			if (col >= MAX_COLUMNS)
				col = -1;
			buf v = {0};
			put(&v, "", 0);
			if (!t.empty) {
				const char *ce = element_end(p, end, "c");
				tag u;
				const char *q = p;
				while (next_tag(q, ce, &u)) {
					if (is(&u, "v") && !u.closing && !u.empty) {
						const char *lt = memchr(u.after, '<', (size_t)(ce - u.after));
						if (lt)
							put_text(&v, u.after, (size_t)(lt - u.after));
					} else if (is(&u, "is") && !u.closing && !u.empty) {
						const char *ie = element_end(u.after, ce, "is");
						string_text(&v, u.after, ie);
						q = ie;
						continue;
					}
					q = u.after;
				}
				p = ce;
			}
			if (ty && !strcmp(ty, "s") && v.s) {
				char *stop;
				long k = strtol(v.s, &stop, 10);
				if (*stop || k < 0 || k >= S->n) {
					rc = rs_fail(e, RS_EINVAL, "%s: cell %s names shared string %s, of %ld", where,
						     r ? r : "?", v.s, S->n);
				} else {
					v.n = 0;
					put(&v, S->s[k], strlen(S->s[k]));
				}
			}
			free(r);
			free(ty);
			if (v.oom || rc != 0 || col < 0) {
				if (rc == 0)
					rc = v.oom ? rs_fail(e, RS_ENOMEM, "out of memory") : rs_fail(e, RS_EINVAL, "%s: a cell without a column (or past XFD)", where);
				free(v.s);
				break;
			}
			if (nc == capc) {
				long ncap = capc ? 2 * capc : 64;
				cell *ncs = realloc(cells, (size_t)ncap * sizeof *ncs);
				if (ncs == NULL) {
					free(v.s);
					rc = rs_fail(e, RS_ENOMEM, "out of memory");
					break;
				}
				cells = ncs;
				capc = ncap;
			}
			cells[nc].col = col;
			cells[nc++].text = v.s;
		}
	}
	for (long i = 0; i < nc; i++)
		free(cells[i].text);
	free(cells);
	if (rc == 0 && out->oom)
		rc = rs_fail(e, RS_ENOMEM, "out of memory");
	return rc;
}

int rs_xlsx_is(const rs_zip *z)
{
	return rs_zip_find(z, "xl/workbook.xml") >= 0;
}

/* Member name of a zip as text (NUL-terminated, malloc'd), or NULL. */
static char *member_text(const rs_zip *z, const char *name, size_t *len, rs_err *e)
{
	long i = rs_zip_find(z, name);
	if (i < 0)
		return NULL;
	return (char *)rs_zip_read(z, i, (size_t)(rs_memory_bytes() / 4), len, e); /* as a graph file's */
}

char *rs_xlsx_csv(const rs_zip *z, const char *sheet, size_t *len, char **which, rs_err *e)
{
	size_t wl, rl, sl;
	char *wb = member_text(z, "xl/workbook.xml", &wl, e);
	char *rels = member_text(z, "xl/_rels/workbook.xml.rels", &rl, e);
	char *target = NULL, *name = NULL, *out = NULL, *sx = NULL;
	char list[160] = "";
	strings S = {0};
	if (wb == NULL) {
		rs_fail(e, RS_EINVAL, "%s: a workbook without xl/workbook.xml", z->path);
		goto done;
	}
	/* the tabs in order: their names and relationship ids */
	tag t;
	for (const char *p = wb; next_tag(p, wb + wl, &t); p = t.after) {
		if (!is(&t, "sheet") || t.closing)
			continue;
		char *nm = attr(&t, "name"), *id = attr(&t, "id");
		if (nm)
			rs_list_append(list, sizeof list, ", ", nm);
		int want = sheet == NULL ? name == NULL : nm && !strcmp(nm, sheet);
		if (want && nm && id && rels) {
			tag u; /* the relationships, for the tab's file */
			for (const char *q = rels; next_tag(q, rels + rl, &u); q = u.after) {
				char *rid = is(&u, "Relationship") ? attr(&u, "Id") : NULL;
				if (rid && !strcmp(rid, id)) {
					char *tg = attr(&u, "Target");
					free(target);
					target = NULL;
					if (tg && tg[0] == '/')
						target = strdup(tg + 1);
					else if (tg && (target = malloc(strlen(tg) + 4)) != NULL)
						sprintf(target, "xl/%s", tg);
					free(tg);
				}
				free(rid);
			}
			free(name);
			name = nm;
			nm = NULL;
		}
		free(nm);
		free(id);
	}
	if (target == NULL && sheet != NULL && rs_zip_find(z, sheet) >= 0) { /* a member: xl/worksheets/sheet2.xml */
		target = strdup(sheet);
		name = strdup(sheet);
	}
	if (target == NULL) {
		if (sheet)
			rs_fail(e, RS_EINVAL, "%s: no sheet '%s' in the workbook (its sheets: %s)", z->path, sheet, list);
		else
			rs_fail(e, RS_EINVAL, "%s: a workbook whose first sheet cannot be found", z->path);
		goto done;
	}
	sx = member_text(z, target, &sl, e);
	if (sx == NULL) {
		if (rs_zip_find(z, target) < 0)
			rs_fail(e, RS_EINVAL, "%s: the sheet '%s' is not in the archive (%s)", z->path, name ? name : "?", target);
		goto done;
	}
	size_t ssl;
	char *ss = member_text(z, "xl/sharedStrings.xml", &ssl, e);
	if (ss && shared_strings(ss, ssl, &S) != 0) {
		free(ss);
		rs_fail(e, RS_ENOMEM, "out of memory");
		goto done;
	}
	free(ss);
	char where[300];
	snprintf(where, sizeof where, "%s/%s", z->path, name ? name : target);
	buf o = {0};
	put(&o, "", 0);
	if (sheet_csv(sx, sl, &S, &o, where, e) != 0) {
		free(o.s);
		goto done;
	}
	out = o.s;
	*len = o.n;
	*which = name;
	name = NULL;
done:
	strings_free(&S);
	free(wb);
	free(rels);
	free(target);
	free(name);
	free(sx);
	return out;
}

char **rs_xlsx_sheets(const rs_zip *z, rs_err *e)
{
	size_t wl;
	char *wb = member_text(z, "xl/workbook.xml", &wl, e);
	if (wb == NULL)
		return NULL;
	long n = 0, cap = 8;
	char **names = calloc((size_t)cap + 1, sizeof *names);
	tag t;
	for (const char *p = wb; names && next_tag(p, wb + wl, &t); p = t.after) {
		char *nm = is(&t, "sheet") && !t.closing ? attr(&t, "name") : NULL;
		if (nm == NULL)
			continue;
		if (n == cap) {
			char **nn = realloc(names, (size_t)(2 * cap + 1) * sizeof *nn);
			if (nn == NULL) {
				free(nm);
				break;
			}
			names = nn;
			cap *= 2;
		}
		names[n++] = nm;
		names[n] = NULL;
	}
	free(wb);
	if (names == NULL)
		rs_fail(e, RS_ENOMEM, "out of memory");
	return names;
}
