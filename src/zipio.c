/* zipio.c: zip archives (zipio.h), after PKWARE's APPNOTE. */
#include <config.h>

#include "zipio.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define SIG_LOCAL 0x04034b50u
#define SIG_CENTRAL 0x02014b50u
#define SIG_END 0x06054b50u
#define SIG_END64 0x06064b50u
#define SIG_LOCATOR64 0x07064b50u

static uint32_t le16(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const unsigned char *p)
{
	return le16(p) | le16(p + 2) << 16;
}

static uint64_t le64(const unsigned char *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* The end of central directory record: the last signature within the
 * 64 KiB a comment may take; NULL when there is none. */
static const unsigned char *find_end(const unsigned char *b, size_t len)
{
	if (len < 22)
		return NULL;
	size_t stop = len - 22 > 65535 ? len - 22 - 65535 : 0;
	for (size_t i = len - 22 + 1; i-- > stop;)
		if (le32(b + i) == SIG_END && i + 22 + le16(b + i + 20) <= len)
			return b + i;
	return NULL;
}

/* A central record's ZIP64 extra field (id 1): the 64-bit values of the
 * fields that hold 0xFFFFFFFF, in their order. */
static void zip64_extra(const unsigned char *x, size_t xlen, rs_zip_member *m, int want_u, int want_c,
			int want_o)
{
	while (xlen >= 4) {
		uint32_t id = le16(x), sz = le16(x + 2);
		if (sz > xlen - 4)
			return;
		if (id == 1) {
			const unsigned char *p = x + 4, *end = x + 4 + sz;
			if (want_u && p + 8 <= end)
				m->usize = le64(p), p += 8;
			if (want_c && p + 8 <= end)
				m->csize = le64(p), p += 8;
			if (want_o && p + 8 <= end)
				m->offset = le64(p);
			return;
		}
		x += 4 + sz;
		xlen -= 4 + sz;
	}
}

int rs_zip_open(rs_zip *z, const void *buf, size_t len, const char *path, rs_err *e)
{
	memset(z, 0, sizeof *z);
	z->buf = buf;
	z->len = len;
	z->path = path;
	const unsigned char *b = buf, *end = find_end(b, len);
	if (end == NULL)
		return rs_fail(e, RS_EINVAL, "%s: a zip archive without its directory at the end "
					     "(truncated download or copy?)", path);
	if (le16(end + 4) != 0 || le16(end + 6) != 0)
		return rs_fail(e, RS_EINVAL, "%s: a zip archive split in parts: join them first (zip -s 0)", path);
	uint64_t count = le16(end + 10), size = le32(end + 12), off = le32(end + 16);
	if (count == 0xffff || size == 0xffffffffu || off == 0xffffffffu) {
		const unsigned char *loc = end - 20;
		if (end - b < 20 || le32(loc) != SIG_LOCATOR64 || le64(loc + 8) > len - 56 ||
		    le32(b + le64(loc + 8)) != SIG_END64)
			return rs_fail(e, RS_EINVAL, "%s: a ZIP64 archive whose ZIP64 directory record is missing",
				       path);
		const unsigned char *e64 = b + le64(loc + 8);
		count = le64(e64 + 32);
		size = le64(e64 + 40);
		off = le64(e64 + 48);
	}
	if (off > len || size > len - off || count > size / 46)
		return rs_fail(e, RS_EINVAL, "%s: the zip directory lies outside the file (truncated or corrupt)",
			       path);
	z->m = calloc(count ? count : 1, sizeof *z->m);
	if (z->m == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory");
	const unsigned char *p = b + off, *stop = b + off + size;
	for (uint64_t i = 0; i < count; i++) {
		if (stop - p < 46 || le32(p) != SIG_CENTRAL) {
			rs_zip_close(z);
			return rs_fail(e, RS_EINVAL, "%s: zip directory entry %llu is damaged", path,
				       (unsigned long long)i + 1);
		}
		size_t nl = le16(p + 28), xl = le16(p + 30), cl = le16(p + 32);
		if ((size_t)(stop - p) < 46 + nl + xl + cl) {
			rs_zip_close(z);
			return rs_fail(e, RS_EINVAL, "%s: zip directory entry %llu is damaged", path,
				       (unsigned long long)i + 1);
		}
		rs_zip_member *m = &z->m[z->count];
		m->flags = (int)le16(p + 8);
		m->method = (int)le16(p + 10);
		m->crc = le32(p + 16);
		m->csize = le32(p + 20);
		m->usize = le32(p + 24);
		m->offset = le32(p + 42);
		zip64_extra(p + 46 + nl, xl, m, m->usize == 0xffffffffu, m->csize == 0xffffffffu,
			    m->offset == 0xffffffffu);
		m->name = malloc(nl + 1);
		if (m->name == NULL) {
			rs_zip_close(z);
			return rs_fail(e, RS_ENOMEM, "out of memory");
		}
		memcpy(m->name, p + 46, nl);
		m->name[nl] = '\0';
		z->count++;
		p += 46 + nl + xl + cl;
	}
	return 0;
}

void rs_zip_close(rs_zip *z)
{
	for (long i = 0; i < z->count; i++)
		free(z->m[i].name);
	free(z->m);
	z->m = NULL;
	z->count = 0;
}

long rs_zip_find(const rs_zip *z, const char *name)
{
	for (long i = 0; i < z->count; i++)
		if (!strcmp(z->m[i].name, name))
			return i;
	return -1;
}

/* The CRC-32 c continued over p[0..n) (zlib takes at most 4 GB a call). */
static uLong crc_more(uLong c, const unsigned char *p, uint64_t n)
{
	for (uint64_t at = 0; at < n;) {
		uInt step = n - at > (1u << 30) ? (1u << 30) : (uInt)(n - at);
		c = crc32(c, p + at, step);
		at += step;
	}
	return c;
}

/* Inflate n compressed bytes from in into out's usize bytes: NULL, or
 * what is wrong. */
static const char *inflate_all(const unsigned char *in, uint64_t n, unsigned char *out, uint64_t usize)
{
	z_stream s;
	memset(&s, 0, sizeof s);
	if (inflateInit2(&s, -MAX_WBITS) != Z_OK)
		return "out of memory";
	uint64_t in_left = n, out_left = usize;
	int rc = Z_OK;
	while (rc == Z_OK) {
		uInt ci = in_left > (1u << 30) ? (1u << 30) : (uInt)in_left;
		uInt co = out_left > (1u << 30) ? (1u << 30) : (uInt)out_left;
		s.next_in = (Bytef *)(uintptr_t)in;
		s.avail_in = ci;
		s.next_out = out;
		s.avail_out = co;
		rc = inflate(&s, Z_NO_FLUSH);
		in += ci - s.avail_in;
		in_left -= ci - s.avail_in;
		out += co - s.avail_out;
		out_left -= co - s.avail_out;
		if (rc == Z_OK && ci == s.avail_in && co == s.avail_out)
			rc = Z_BUF_ERROR; /* no progress: the data ends early, or more than announced */
	}
	inflateEnd(&s);
	if (rc == Z_STREAM_END && out_left == 0)
		return NULL;
	return rc == Z_DATA_ERROR ? "its deflated data is corrupt"
				  : "its data and its announced size disagree (truncated or corrupt)";
}

const unsigned char *rs_zip_data(const rs_zip *z, long i, size_t max, size_t *len, unsigned char **owned,
				 rs_err *e)
{
	const rs_zip_member *m = &z->m[i];
	const unsigned char *b = z->buf;
	*owned = NULL;
	if (m->flags & 1)
		return rs_fail(e, RS_EINVAL, "%s/%s is encrypted: unzip it first", z->path, m->name), NULL;
	if (m->method != 0 && m->method != 8)
		return rs_fail(e, RS_EINVAL, "%s/%s is compressed with method %d (read here: stored and "
					     "deflated): unzip it first", z->path, m->name, m->method), NULL;
	/* deflate gives at most 1032 bytes a compressed byte: a larger size
	 * announced is damage (or a bomb), refused before any allocation */
	if (m->method == 8 && m->usize / 1032 > m->csize + 64)
		return rs_fail(e, RS_EINVAL, "%s/%s announces %llu bytes from %llu compressed, more than deflate "
					     "gives (corrupt archive?)", z->path, m->name,
			       (unsigned long long)m->usize, (unsigned long long)m->csize), NULL;
	if (max > 0 && m->usize > max)
		return rs_fail(e, RS_ENOMEM, "%s/%s holds %llu bytes uncompressed, more than this machine can "
					     "take", z->path, m->name, (unsigned long long)m->usize), NULL;
	if (m->offset > z->len || z->len - m->offset < 30 || le32(b + m->offset) != SIG_LOCAL)
		return rs_fail(e, RS_EINVAL, "%s/%s: its data is not where the directory says (corrupt archive?)",
			       z->path, m->name), NULL;
	uint64_t data = m->offset + 30 + le16(b + m->offset + 26) + le16(b + m->offset + 28);
	if (data > z->len || m->csize > z->len - data)
		return rs_fail(e, RS_EINVAL, "%s/%s ends early (truncated download or copy?)", z->path, m->name),
		       NULL;
	if ((uint64_t)(size_t)m->usize != m->usize || (size_t)m->usize == SIZE_MAX)
		return rs_fail(e, RS_ENOMEM, "%s/%s is too large", z->path, m->name), NULL;
	const unsigned char *out = b + data;
	const char *bad = NULL;
	if (m->method == 0 && m->csize != m->usize)
		bad = "its stored sizes disagree";
	else if (m->method == 8) {
		*owned = malloc((size_t)m->usize + 1);
		if (*owned == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory reading %s/%s", z->path, m->name), NULL;
		(*owned)[m->usize] = '\0';
		bad = inflate_all(b + data, m->csize, *owned, m->usize);
		out = *owned;
	}
	if (bad == NULL && (uint32_t)crc_more(crc32(0L, Z_NULL, 0), out, m->usize) != m->crc)
		bad = "its CRC-32 does not match (corrupt archive?)";
	if (bad != NULL) {
		free(*owned);
		*owned = NULL;
		return rs_fail(e, RS_EINVAL, "%s/%s: %s", z->path, m->name, bad), NULL;
	}
	*len = (size_t)m->usize;
	return out;
}

unsigned char *rs_zip_read(const rs_zip *z, long i, size_t max, size_t *len, rs_err *e)
{
	unsigned char *owned;
	const unsigned char *p = rs_zip_data(z, i, max, len, &owned, e);
	if (p == NULL || owned != NULL)
		return owned;
	unsigned char *copy = malloc(*len + 1);
	if (copy == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory reading %s/%s", z->path, z->m[i].name), NULL;
	memcpy(copy, p, *len);
	copy[*len] = '\0';
	return copy;
}

/* ------------------------------------------------------------ writing */

static void put16(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v & 0xff);
	p[1] = (unsigned char)(v >> 8 & 0xff);
}

static void put32(unsigned char *p, uint32_t v)
{
	put16(p, v & 0xffff);
	put16(p + 2, v >> 16);
}

void rs_zip_writer_init(rs_zip_writer *w, FILE *f)
{
	memset(w, 0, sizeof *w);
	w->f = f;
}

void rs_zip_writer_free(rs_zip_writer *w)
{
	for (long i = 0; i < w->count; i++)
		free(w->m[i].name);
	free(w->m);
	w->m = NULL;
	w->count = w->cap = 0;
}

/* DOS time 00:00, date 1980-01-01: the same archive for the same graph */
#define DOS_DATE 0x0021u

static int too_large(const char *name, rs_err *e)
{
	return rs_fail(e, RS_EINVAL, "%s: over 4 GB, beyond the zip files written here (save the graph as .mtx)",
		       name);
}

int rs_zip_add(rs_zip_writer *w, const char *name, const void *const *parts, const size_t *lens, int nparts,
	       rs_err *e)
{
	uLong crc = crc32(0L, Z_NULL, 0);
	uint64_t size = 0;
	for (int k = 0; k < nparts; k++) {
		crc = crc_more(crc, parts[k], lens[k]);
		size += lens[k];
	}
	size_t nl = strlen(name);
	if (size >= 0xffffffffu || w->at >= 0xffffffffu - size - 30 - nl)
		return too_large(name, e);
	if (w->count == w->cap) {
		long cap = w->cap ? 2 * w->cap : 8;
		rs_zip_member *m = realloc(w->m, (size_t)cap * sizeof *m);
		if (m == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory");
		w->m = m;
		w->cap = cap;
	}
	rs_zip_member *m = &w->m[w->count];
	memset(m, 0, sizeof *m);
	m->name = strdup(name);
	if (m->name == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory");
	m->crc = (uint32_t)crc;
	m->csize = m->usize = size;
	m->offset = w->at;
	w->count++;
	unsigned char h[30] = {0};
	put32(h, SIG_LOCAL);
	put16(h + 4, 20); /* version needed: 2.0 */
	put16(h + 12, DOS_DATE);
	put32(h + 14, m->crc);
	put32(h + 18, (uint32_t)size);
	put32(h + 22, (uint32_t)size);
	put16(h + 26, (uint32_t)nl);
	fwrite(h, 1, sizeof h, w->f);
	fwrite(name, 1, nl, w->f);
	for (int k = 0; k < nparts; k++)
		fwrite(parts[k], 1, lens[k], w->f);
	w->at += 30 + nl + size;
	return ferror(w->f) ? rs_fail(e, RS_EIO, "write error") : 0;
}

int rs_zip_finish(rs_zip_writer *w, rs_err *e)
{
	uint64_t start = w->at, size = 0;
	for (long i = 0; i < w->count; i++) {
		const rs_zip_member *m = &w->m[i];
		size_t nl = strlen(m->name);
		unsigned char h[46] = {0};
		put32(h, SIG_CENTRAL);
		put16(h + 4, 0x0300 | 20); /* made on Unix, so the attributes below are its mode */
		put16(h + 6, 20);
		put16(h + 14, DOS_DATE);
		put32(h + 16, m->crc);
		put32(h + 20, (uint32_t)m->csize);
		put32(h + 24, (uint32_t)m->usize);
		put16(h + 28, (uint32_t)nl);
		put32(h + 38, 0100644u << 16); /* a regular file, rw-r--r-- */
		put32(h + 42, (uint32_t)m->offset);
		fwrite(h, 1, sizeof h, w->f);
		fwrite(m->name, 1, nl, w->f);
		size += 46 + nl;
	}
	if (start + size >= 0xffffffffu || w->count >= 0xffff) {
		rs_zip_writer_free(w);
		return too_large("the zip directory", e);
	}
	unsigned char end[22] = {0};
	put32(end, SIG_END);
	put16(end + 8, (uint32_t)w->count);
	put16(end + 10, (uint32_t)w->count);
	put32(end + 12, (uint32_t)size);
	put32(end + 16, (uint32_t)start);
	fwrite(end, 1, sizeof end, w->f);
	rs_zip_writer_free(w);
	return ferror(w->f) ? rs_fail(e, RS_EIO, "write error") : 0;
}
