/* tario.c: tar archives read in place (tario.h). */
#include <config.h>

#include "tario.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK 512

/* An octal field of width w: leading spaces, digits, then spaces or NULs
 * to its end (or none, a field filled with digits). */
static int octal(const unsigned char *f, int w, uint64_t *v)
{
	int i = 0, digits = 0;
	uint64_t x = 0;
	while (i < w && f[i] == ' ')
		i++;
	for (; i < w && f[i] >= '0' && f[i] <= '7'; i++, digits++) {
		if (x >> 60)
			return -1;
		x = x * 8 + (uint64_t)(f[i] - '0');
	}
	for (; i < w; i++)
		if (f[i] != ' ' && f[i] != '\0')
			return -1;
	*v = x;
	return digits ? 0 : -1;
}

/* The size field: octal, or GNU's base-256 for 8 GB and more. */
static int size_field(const unsigned char *f, uint64_t *v)
{
	if (!(f[0] & 0x80))
		return octal(f, 12, v);
	if (f[0] == 0xff)
		return -1; /* negative */
	uint64_t x = f[0] & 0x7f;
	for (int i = 1; i < 12; i++) {
		if (x >> 55)
			return -1;
		x = x << 8 | f[i];
	}
	*v = x;
	return 0;
}

/* The checksum: the header's bytes summed with its own field as spaces,
 * unsigned as POSIX says, or signed as some old tars did. */
static int sum_ok(const unsigned char *h)
{
	uint64_t want;
	if (octal(h + 148, 8, &want) != 0)
		return 0;
	uint64_t u = 0;
	int64_t s = 0;
	for (int i = 0; i < BLOCK; i++) {
		unsigned char c = i >= 148 && i < 156 ? ' ' : h[i];
		u += c;
		s += (signed char)c;
	}
	return want == u || (int64_t)want == s;
}

static int zero_block(const unsigned char *h, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (h[i])
			return 0;
	return 1;
}

int rs_tar_is(const void *buf, size_t len)
{
	const unsigned char *h = buf;
	if (len < BLOCK || !sum_ok(h))
		return 0;
	if (!memcmp(h + 257, "ustar", 5))
		return 1;
	/* V7: a name, a file type of its own, octal mode and size */
	uint64_t v;
	return h[0] != '\0' && (h[156] == '\0' || (h[156] >= '0' && h[156] <= '7')) && octal(h + 100, 8, &v) == 0 &&
	       octal(h + 124, 12, &v) == 0;
}

/* A field of at most w bytes, NUL-terminated or full. */
static size_t field_len(const unsigned char *f, size_t w)
{
	const unsigned char *z = memchr(f, '\0', w);
	return z ? (size_t)(z - f) : w;
}

static char *clean_name(const char *s, size_t n)
{
	for (;;) {
		if (n >= 2 && s[0] == '.' && s[1] == '/')
			s += 2, n -= 2;
		else if (n >= 1 && s[0] == '/')
			s++, n--;
		else
			break;
	}
	char *r = malloc(n + 1);
	if (r != NULL) {
		memcpy(r, s, n);
		r[n] = '\0';
	}
	return r;
}

/* A pax extended header's records, "LEN key=value\n": its path and size. */
static int pax(const unsigned char *p, size_t n, char **path, uint64_t *size, int *has_size)
{
	size_t at = 0;
	while (at < n) {
		if (p[at] == '\0')
			break; /* padding some writers leave */
		size_t L = 0, i = at;
		while (i < n && p[i] >= '0' && p[i] <= '9' && L < n)
			L = L * 10 + (size_t)(p[i++] - '0');
		if (i == at || i >= n || p[i] != ' ' || L <= i - at + 1 || L > n - at || p[at + L - 1] != '\n')
			return -1;
		const unsigned char *k = p + i + 1, *end = p + at + L - 1;
		const unsigned char *eq = memchr(k, '=', (size_t)(end - k));
		if (eq == NULL)
			return -1;
		size_t kl = (size_t)(eq - k), vl = (size_t)(end - eq - 1);
		if (kl == 4 && !memcmp(k, "path", 4)) {
			free(*path);
			*path = clean_name((const char *)eq + 1, vl);
			if (*path == NULL)
				return -2;
		} else if (kl == 4 && !memcmp(k, "size", 4)) {
			uint64_t x = 0;
			if (vl == 0 || vl > 18)
				return -1;
			for (size_t j = 0; j < vl; j++) {
				if (eq[1 + j] < '0' || eq[1 + j] > '9')
					return -1;
				x = x * 10 + (uint64_t)(eq[1 + j] - '0');
			}
			*size = x;
			*has_size = 1;
		}
		at += L;
	}
	return 0;
}

static int by_name(const void *a, const void *b, void *ctx)
{
	const rs_tar_member *m = ctx;
	long i = *(const long *)a, j = *(const long *)b;
	int c = strcmp(m[i].name, m[j].name);
	return c ? c : (i > j) - (i < j);
}

/* Keep the last copy of each name, in the order of the archive. */
static int drop_shadowed(rs_tar *t)
{
	if (t->count < 2)
		return 0;
	long *idx = malloc((size_t)t->count * sizeof *idx);
	char *keep = malloc((size_t)t->count);
	if (idx == NULL || keep == NULL) {
		free(idx);
		free(keep);
		return -1;
	}
	for (long i = 0; i < t->count; i++)
		idx[i] = i, keep[i] = 1;
	qsort_r(idx, (size_t)t->count, sizeof *idx, by_name, t->m);
	for (long i = 0; i + 1 < t->count; i++)
		if (!strcmp(t->m[idx[i]].name, t->m[idx[i + 1]].name))
			keep[idx[i]] = 0;
	long w = 0;
	for (long i = 0; i < t->count; i++) {
		if (keep[i])
			t->m[w++] = t->m[i];
		else
			free(t->m[i].name);
	}
	t->count = w;
	free(idx);
	free(keep);
	return 0;
}

static int add(rs_tar *t, long *cap, char *name, size_t offset, size_t size)
{
	if (t->count == *cap) {
		long nc = *cap ? 2 * *cap : 16;
		rs_tar_member *nm = realloc(t->m, (size_t)nc * sizeof *nm);
		if (nm == NULL)
			return -1;
		t->m = nm;
		*cap = nc;
	}
	t->m[t->count].name = name;
	t->m[t->count].offset = offset;
	t->m[t->count].size = size;
	t->count++;
	return 0;
}

/* What the walk through an archive's headers carries from one to the
 * next: a GNU long name, a pax path and size for the header after */
struct tar_walk {
	rs_tar *t;
	long cap;
	char *longname, *paxpath;
	uint64_t paxsize;
	int has_paxsize;
};

static void walk_forget(struct tar_walk *w)
{
	free(w->longname);
	free(w->paxpath);
	w->longname = w->paxpath = NULL;
	w->has_paxsize = 0;
}

/* The header at off: its data's size (a pax header's for the entry after
 * it) and type. 1 at the archive's end, 0, or -1 with e set (truncated,
 * corrupt, or its data past the end) */
static int tar_header(const struct tar_walk *w, size_t off, uint64_t *size, char *type, rs_err *e)
{
	const unsigned char *h = w->t->buf + off;
	size_t len = w->t->len;
	const char *path = w->t->path;
	if (len - off < BLOCK) {
		if (zero_block(h, len - off))
			return 1;
		return rs_fail(e, RS_EINVAL, "%s: the tar archive ends inside a header, at byte %zu (truncated?)", path,
			       off);
	}
	if (zero_block(h, BLOCK))
		return 1; /* the end of the archive */
	if (!sum_ok(h))
		return rs_fail(e, RS_EINVAL, "%s: a corrupt tar header at byte %zu (its checksum is wrong)", path, off);
	if (size_field(h + 124, size) != 0)
		return rs_fail(e, RS_EINVAL, "%s: a corrupt tar header at byte %zu (its size is not a number)", path,
			       off);
	*type = (char)h[156];
	if (w->has_paxsize && *type != 'x' && *type != 'g' && *type != 'L' && *type != 'K')
		*size = w->paxsize;
	size_t data = off + BLOCK;
	if (*size > len - data) {
		const char *n = w->longname ? w->longname : w->paxpath;
		return rs_fail(e, RS_EINVAL,
			       "%s: the tar archive ends inside '%.*s' (%zu of its %llu bytes; truncated download?)",
			       path, n ? 200 : (int)field_len(h, 100), n ? n : (const char *)h, len - data,
			       (unsigned long long)*size);
	}
	return 0;
}

/* A file's name (allocated): the long name or pax path before it (taken
 * from w), else its header's, with the ustar prefix; NULL out of memory */
static char *member_name(struct tar_walk *w, const unsigned char *h)
{
	char *name = w->longname ? w->longname : w->paxpath;
	if (name == w->longname)
		w->longname = NULL;
	else if (name == w->paxpath)
		w->paxpath = NULL;
	if (name != NULL)
		return name;
	int posix = !memcmp(h + 257, "ustar\0", 6);
	size_t nl = field_len(h, 100), pl = posix ? field_len(h + 345, 155) : 0;
	char full[100 + 155 + 2];
	if (pl) {
		memcpy(full, h + 345, pl);
		full[pl] = '/';
	}
	memcpy(full + (pl ? pl + 1 : 0), h, nl);
	return clean_name(full, (pl ? pl + 1 : 0) + nl);
}

/* The entry of the header h whose data (size bytes) is at data: a long
 * name or pax attributes kept for the next, a file listed; 0, -2 out of
 * memory, -1 a corrupt pax header */
static int tar_entry(struct tar_walk *w, const unsigned char *h, size_t data, uint64_t size, char type)
{
	const unsigned char *buf = w->t->buf;
	if (type == 'L') { /* GNU: the next header's long name */
		free(w->longname);
		w->longname = clean_name((const char *)buf + data, field_len(buf + data, (size_t)size));
		return w->longname ? 0 : -2;
	}
	if (type == 'x') { /* pax: the next header's attributes */
		int p = pax(buf + data, (size_t)size, &w->paxpath, &w->paxsize, &w->has_paxsize);
		return p == -2 ? -2 : p != 0 ? -1 : 0;
	}
	if (type == 'g' || type == 'K')
		return 0; /* global attributes, a long link name: nothing to list */
	if (type == '0' || type == '\0' || type == '7') {
		char *name = member_name(w, h);
		if (name == NULL)
			return -2;
		size_t l = strlen(name);
		if (l == 0 || name[l - 1] == '/') {
			free(name); /* an old tar's folder */
		} else if (add(w->t, &w->cap, name, data, (size_t)size) != 0) {
			free(name);
			return -2;
		}
	}
	walk_forget(w);
	return 0;
}

int rs_tar_open(rs_tar *t, unsigned char *buf, size_t len, const char *path, rs_err *e)
{
	memset(t, 0, sizeof *t);
	t->buf = buf;
	t->len = len;
	t->path = path;
	struct tar_walk w = {t, 0, NULL, NULL, 0, 0};
	int rc = -1;
	for (size_t off = 0, next; off < len; off = next) {
		uint64_t size;
		char type = 0;
		int h = tar_header(&w, off, &size, &type, e);
		if (h < 0)
			goto out;
		if (h > 0)
			break;
		size_t data = off + BLOCK;
		size_t pad = (size_t)size % BLOCK ? BLOCK - (size_t)size % BLOCK : 0;
		next = data + (size_t)size + pad <= len ? data + (size_t)size + pad : len;
		int r = tar_entry(&w, buf + off, data, size, type);
		if (r == -2)
			goto nomem;
		if (r != 0) {
			rs_fail(e, RS_EINVAL, "%s: a corrupt pax header at byte %zu", path, off);
			goto out;
		}
	}
	if (drop_shadowed(t) != 0)
		goto nomem;
	rc = 0;
	goto out;
nomem:
	rs_fail(e, RS_ENOMEM, "out of memory reading the tar archive %s", path);
out:
	walk_forget(&w);
	if (rc != 0)
		rs_tar_close(t);
	return rc;
}

void rs_tar_close(rs_tar *t)
{
	for (long i = 0; i < t->count; i++)
		free(t->m[i].name);
	free(t->m);
	t->m = NULL;
	t->count = 0;
}

long rs_tar_find(const rs_tar *t, const char *name)
{
	while (name[0] == '.' && name[1] == '/')
		name += 2;
	for (long i = 0; i < t->count; i++)
		if (!strcmp(t->m[i].name, name))
			return i;
	return -1;
}

unsigned char *rs_tar_text(const rs_tar *t, long i, size_t *len)
{
	unsigned char *p = t->buf + t->m[i].offset;
	p[t->m[i].size] = '\0';
	*len = t->m[i].size;
	return p;
}
