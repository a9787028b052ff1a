/* unit-numpy.c: NumPy's .npy headers (written and read, versions 1 and 2,
 * both byte orders, column-major), zip archives (stored, deflated, ZIP64
 * sizes, damage), tar archives (ustar, GNU, pax and V7 headers, damage),
 * graphs through scipy's .npz layout and back, and MAT-files (written and
 * read back; small elements, the other byte order, structs nested past
 * the depth read, damage). */
#include <config.h>

#include "matfile.h"
#include "npgraph.h"
#include "npy.h"
#include "tap.h"
#include "tario.h"
#include "zipio.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The path 0 - 1 - 2, its edges weighing a and b. */
static rs_graph *path3(double a, double b, rs_err *e)
{
	rs_edges E = {0};
	rs_edges_push(&E, 0, 1, a, e);
	rs_edges_push(&E, 1, 2, b, e);
	long merged, dropped;
	rs_graph *g = rs_graph_build(3, 0, 0, &E, RS_MERGE_MAX, &merged, &dropped, e);
	rs_edges_free(&E);
	return g;
}

/* What writer writes of g, in memory (*len bytes; free it), or NULL. */
static char *written(int (*writer)(const rs_graph *, FILE *, rs_err *), const rs_graph *g, size_t *len, rs_err *e)
{
	char *mem = NULL;
	FILE *f = open_memstream(&mem, len);
	if (f == NULL)
		return NULL;
	int rc = writer(g, f, e);
	fclose(f);
	if (rc != 0) {
		free(mem);
		return NULL;
	}
	return mem;
}

/* An array in memory: the header rs_npy_header writes, then data. */
static size_t npy_file(unsigned char *out, const char *descr, int fortran, int ndim, const long *shape,
		       const void *data, size_t bytes)
{
	size_t h = rs_npy_header((char *)out, 160, descr, fortran, ndim, shape);
	memcpy(out + h, data, bytes);
	return h + bytes;
}

static void headers(void)
{
	char head[160];
	long shape[2] = {3, 4};
	size_t h = rs_npy_header(head, sizeof head - 1, "<f8", 0, 2, shape);
	head[h] = '\0';
	tap_ok(h == 128 && head[127] == '\n' && !memcmp(head, "\x93NUMPY\x01\x00", 8) && head[8] == 118 &&
		       strstr(head + 10, "'shape': (3, 4), }") != NULL,
	       "a 2-D header: 128 bytes (a multiple of 64, as numpy writes), ends in a newline, shape (3, 4)");
	long one = 5;
	h = rs_npy_header(head, sizeof head - 1, "<i8", 0, 1, &one);
	head[h] = '\0';
	tap_ok(h == 128 && strstr(head + 10, "'shape': (5,), }") != NULL, "a vector's shape is a one-tuple (5,)");
	h = rs_npy_header(head, sizeof head - 1, "|S3", 0, 0, NULL);
	head[h] = '\0';
	tap_ok(h == 128 && strstr(head + 10, "'shape': (), }") != NULL, "a scalar's shape is ()");

	/* read back: a column-major 2 x 3 matrix of doubles */
	unsigned char buf[256];
	double v[6] = {1, 2, 3, 4, 5, 6};
	long s23[2] = {2, 3};
	size_t n = npy_file(buf, "<f8", 1, 2, s23, v, sizeof v);
	rs_npy a;
	rs_err e = {0};
	int rc = rs_npy_parse(buf, n, &a, "m.npy", &e);
	tap_ok(rc == 0 && a.kind == 'f' && a.size == 8 && a.fortran && a.ndim == 2 && a.shape[0] == 2 &&
		       a.shape[1] == 3 && a.count == 6 && rs_npy_double(&a, 5) == 6,
	       "parsed: float64, fortran order, 2 x 3 (%s)", e.msg);

	/* big-endian int32 and version 2.0 (a four-byte header length) */
	unsigned char be[8] = {0, 0, 1, 2, 0xff, 0xff, 0xff, 0xfe};
	long two = 2;
	n = npy_file(buf, ">i4", 0, 1, &two, be, sizeof be);
	unsigned char v2[300];
	size_t hl = (size_t)buf[8] | (size_t)buf[9] << 8;
	memcpy(v2, "\x93NUMPY\x02\x00", 8);
	v2[8] = (unsigned char)(hl & 0xff);
	v2[9] = (unsigned char)(hl >> 8);
	v2[10] = v2[11] = 0;
	memcpy(v2 + 12, buf + 10, n - 10);
	rc = rs_npy_parse(v2, n + 2, &a, "v2.npy", &e);
	tap_ok(rc == 0 && rs_npy_int(&a, 0) == 258 && rs_npy_int(&a, 1) == -2,
	       "version 2.0, big-endian int32: 258 and -2 (%s)", e.msg);

	/* refusals: a short file, structured, object, a dict without shape */
	rc = rs_npy_parse(buf, 40, &a, "short.npy", &e);
	tap_ok(rc != 0 && strstr(e.msg, "short.npy: the .npy header ends early"), "a cut header: %s", e.msg);
	const char *bad[][2] = {
		{"{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,), }", "structured array"},
		{"{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", "Python objects"},
		{"{'descr': '<f8', 'fortran_order': False, }", "lacks 'shape'"},
		{"{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }", "not read here"},
		{"{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,), }", "True or False"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		size_t dl = strlen(bad[i][0]);
		memcpy(buf, "\x93NUMPY\x01\x00", 8);
		buf[8] = (unsigned char)dl;
		buf[9] = 0;
		memcpy(buf + 10, bad[i][0], dl);
		memset(buf + 10 + dl, 0, 16);
		rc = rs_npy_parse(buf, 10 + dl + 16, &a, "x.npy", &e);
		tap_ok(rc != 0 && strstr(e.msg, bad[i][1]) != NULL, "refused, '%s': %s", bad[i][1], e.msg);
	}
}

/* A zip archive in memory from rs_zip_add (stored members). */
static unsigned char *zip_of(const char *const *names, const char *const *texts, int count, size_t *len)
{
	char *mem = NULL;
	size_t ml = 0;
	FILE *f = open_memstream(&mem, &ml);
	rs_zip_writer w;
	rs_zip_writer_init(&w, f);
	rs_err e = {0};
	for (int i = 0; i < count; i++) {
		const void *parts[1] = {texts[i]};
		size_t lens[1] = {strlen(texts[i])};
		rs_zip_add(&w, names[i], parts, lens, 1, &e);
	}
	rs_zip_finish(&w, &e);
	fclose(f);
	*len = ml;
	return (unsigned char *)mem;
}

static void archives(void)
{
	const char *names[] = {"a.txt", "dir/b.edges"}, *texts[] = {"hello", "0 1\n1 2\n"};
	size_t len, got;
	unsigned char *z = zip_of(names, texts, 2, &len);
	rs_zip zip;
	rs_err e = {0};
	int rc = rs_zip_open(&zip, z, len, "t.zip", &e);
	long i = rc == 0 ? rs_zip_find(&zip, "dir/b.edges") : -1;
	unsigned char *b = i >= 0 ? rs_zip_read(&zip, i, 0, &got, &e) : NULL;
	tap_ok(rc == 0 && zip.count == 2 && b && got == 8 && !memcmp(b, "0 1\n1 2\n", 8) && b[8] == '\0',
	       "written stored, read back: 2 members, the second's text (%s)", e.msg);
	free(b);
	/* the same member deflated: the directory and the local header say so */
	unsigned char packed[64];
	z_stream s;
	memset(&s, 0, sizeof s);
	deflateInit2(&s, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
	s.next_in = (Bytef *)(uintptr_t)texts[1];
	s.avail_in = 8;
	s.next_out = packed;
	s.avail_out = sizeof packed;
	deflate(&s, Z_FINISH);
	size_t pl = sizeof packed - s.avail_out;
	deflateEnd(&s);
	rs_zip_member m = zip.m[i];
	unsigned char *d = malloc(len + 64);
	memcpy(d, z, m.offset + 30 + strlen(m.name));
	memcpy(d + m.offset + 30 + strlen(m.name), packed, pl);
	d[m.offset + 8] = 8; /* method: deflate */
	rs_zip dz = zip;
	dz.buf = d;
	dz.m = malloc(sizeof *dz.m * 2);
	memcpy(dz.m, zip.m, sizeof *dz.m * 2);
	dz.m[i].method = 8;
	dz.m[i].csize = pl;
	b = rs_zip_read(&dz, i, 0, &got, &e);
	tap_ok(b && got == 8 && !memcmp(b, "0 1\n1 2\n", 8), "a deflated member inflates (%s)", e.msg);
	free(b);
	dz.m[i].crc ^= 1;
	b = rs_zip_read(&dz, i, 0, &got, &e);
	tap_ok(b == NULL && strstr(e.msg, "t.zip/dir/b.edges: its CRC-32 does not match"), "a bad CRC: %s", e.msg);
	dz.m[i].crc ^= 1;
	dz.m[i].usize = 9;
	b = rs_zip_read(&dz, i, 0, &got, &e);
	tap_ok(b == NULL && strstr(e.msg, "announced size disagree"), "a size that does not match: %s", e.msg);
	dz.m[i].usize = 1000000000;
	b = rs_zip_read(&dz, i, 0, &got, &e);
	tap_ok(b == NULL && strstr(e.msg, "more than deflate gives"), "a size deflate cannot give, refused before "
	       "allocating: %s", e.msg);
	dz.m[i].usize = 8;
	b = rs_zip_read(&dz, i, 4, &got, &e);
	tap_ok(b == NULL && strstr(e.msg, "more than this machine can take"), "a member larger than allowed: %s",
	       e.msg);
	free(dz.m);
	free(d);
	rs_zip_close(&zip);

	/* ZIP64: the directory's sizes 0xFFFFFFFF, the real ones in extra field 1 */
	size_t cd = 0; /* the central record of the first member */
	while (cd + 4 <= len && memcmp(z + cd, "PK\x01\x02", 4))
		cd++;
	unsigned char *x = malloc(len + 20);
	memcpy(x, z, cd + 46 + 5); /* through the first record's name "a.txt" */
	unsigned char *r = x + cd;
	memset(r + 20, 0xff, 8); /* compressed and uncompressed sizes */
	r[30] = 20;              /* extra length: 4 + 16 */
	unsigned char extra[20] = {1, 0, 16, 0, 5, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0};
	memcpy(r + 46 + 5, extra, 20);
	size_t rest = len - (cd + 46 + 5);
	memcpy(r + 46 + 5 + 20, z + cd + 46 + 5, rest);
	size_t xl = len + 20;
	/* the end record: the directory is 20 bytes longer */
	unsigned char *end = x + xl - 22;
	uint32_t dsize = (uint32_t)end[12] | (uint32_t)end[13] << 8;
	dsize += 20;
	end[12] = (unsigned char)(dsize & 0xff);
	end[13] = (unsigned char)(dsize >> 8);
	rc = rs_zip_open(&zip, x, xl, "z64.zip", &e);
	b = rc == 0 ? rs_zip_read(&zip, 0, 0, &got, &e) : NULL;
	tap_ok(b && got == 5 && !memcmp(b, "hello", 5), "ZIP64 sizes in the extra field (%s)", e.msg);
	free(b);
	if (rc == 0)
		rs_zip_close(&zip);
	free(x);
	rc = rs_zip_open(&zip, z, len - 10, "cut.zip", &e);
	tap_ok(rc != 0 && strstr(e.msg, "without its directory at the end"), "a cut archive: %s", e.msg);
	free(z);
}

static void graphs(void)
{
	/* a weighted triangle with a pendant node and a self-loop */
	rs_edges E = {0};
	rs_err e = {0};
	long u[] = {0, 1, 2, 2, 3}, v[] = {1, 2, 0, 3, 3};
	double w[] = {1, 2.5, 1, 4, 1};
	for (int i = 0; i < 5; i++)
		rs_edges_push(&E, u[i], v[i], w[i], &e);
	long merged, dropped;
	rs_graph *g = rs_graph_build(4, 0, 0, &E, RS_MERGE_MAX, &merged, &dropped, &e);
	rs_edges_free(&E);
	char *mem = NULL;
	size_t ml = 0;
	FILE *f = open_memstream(&mem, &ml);
	int rc = rs_graph_write_npz(g, f, &e);
	fclose(f);
	rs_load_opts o = {0};
	o.header = -1;
	o.base = -1;
	rs_load_info info;
	memset(&info, 0, sizeof info);
	rs_graph *h = rc == 0 ? rs_binary_graph((unsigned char *)mem, ml, "g.npz", &o, &info, &e) : NULL;
	int same = h && h->n == 4 && h->nnz == g->nnz && h->val && !memcmp(h->ptr, g->ptr, 5 * sizeof *h->ptr) &&
		   !memcmp(h->idx, g->idx, (size_t)g->nnz * sizeof *h->idx) &&
		   !memcmp(h->val, g->val, (size_t)g->nnz * sizeof *h->val);
	tap_ok(same && !info.symmetrized && info.merged == 0 && !strcmp(info.format, "npz"),
	       "a weighted graph with a self-loop through .npz: the same CSR, symmetric, nothing merged (%s)", e.msg);
	rs_graph_free(h);
	free(mem);
	rs_graph_free(g);

	/* a bipartite 2 x 3 graph, unweighted */
	rs_edges B = {0};
	rs_edges_push(&B, 0, 0, 1, &e);
	rs_edges_push(&B, 0, 2, 1, &e);
	rs_edges_push(&B, 1, 1, 1, &e);
	g = rs_graph_build(2, 3, 1, &B, RS_MERGE_MAX, &merged, &dropped, &e);
	rs_edges_free(&B);
	mem = NULL;
	f = open_memstream(&mem, &ml);
	rs_graph_write_npz(g, f, &e);
	fclose(f);
	h = rs_binary_graph((unsigned char *)mem, ml, "b.npz", &o, &info, &e);
	tap_ok(h && h->bipartite && h->n == 2 && h->m == 3 && h->nnz == 3 && h->val == NULL,
	       "a bipartite graph through .npz: 2 x 3, 3 entries, unweighted (%s)", e.msg);
	rs_graph_free(h);
	free(mem);
	rs_graph_free(g);

	/* a dense int8 matrix, not symmetric: made undirected */
	unsigned char buf[256];
	signed char A[9] = {0, 1, 0, 0, 0, 2, 0, 0, 0};
	long s33[2] = {3, 3};
	size_t n = npy_file(buf, "|i1", 0, 2, s33, A, sizeof A);
	h = rs_binary_graph(buf, n, "d.npy", &o, &info, &e);
	tap_ok(h && h->n == 3 && h->nnz == 4 && info.symmetrized && h->val && !strcmp(info.format, "npy"),
	       "a dense int8 matrix of arcs: 3 nodes, 2 edges, made undirected (%s)", e.msg);
	rs_graph_free(h);
	double nan[4] = {0, 1, NAN, 0};
	long s22[2] = {2, 2};
	n = npy_file(buf, "<f8", 0, 2, s22, nan, sizeof nan);
	h = rs_binary_graph(buf, n, "nan.npy", &o, &info, &e);
	tap_ok(h == NULL && strstr(e.msg, "nan.npy: the entry at (1, 0) is nan: weights must be finite"),
	       "a NaN entry: %s", e.msg);

	/* labels: integers with -1, and names */
	int64_t y[3] = {0, -1, 2};
	long three = 3;
	n = npy_file(buf, "<i8", 0, 1, &three, y, sizeof y);
	char *t = rs_npy_lines(buf, n, "y.npy", &e);
	tap_ok(t && !strcmp(t, "0\n-1\n2\n"), "integer labels, one a line");
	free(t);
	char S[3][4] = {"a b", "", "c\"d"};
	n = npy_file(buf, "|S4", 0, 1, &three, S, sizeof S);
	t = rs_npy_lines(buf, n, "s.npy", &e);
	tap_ok(t && !strcmp(t, "\"a b\"\n\n\"c\"\"d\"\n"), "names quoted as CSV cells, an empty one unlabelled (%s)",
	       t ? t : e.msg);
	free(t);
}

/* A tar header: style 1 POSIX ustar (prefix used), 2 GNU, 0 V7 (no magic);
 * its checksum computed as tar does. */
static void tar_header(unsigned char *h, const char *name, const char *prefix, char type, size_t size, int style)
{
	memset(h, 0, 512);
	memcpy(h, name, strlen(name) < 100 ? strlen(name) : 100);
	memcpy(h + 100, "0000644", 7);
	memcpy(h + 108, "0000000", 7);
	memcpy(h + 116, "0000000", 7);
	snprintf((char *)h + 124, 12, "%011zo", size);
	memcpy(h + 136, "14712345670", 11);
	h[156] = (unsigned char)type;
	if (style == 1) {
		memcpy(h + 257, "ustar\0" "00", 8);
		if (prefix)
			memcpy(h + 345, prefix, strlen(prefix));
	} else if (style == 2)
		memcpy(h + 257, "ustar  \0", 8);
	memset(h + 148, ' ', 8);
	unsigned sum = 0;
	for (int i = 0; i < 512; i++)
		sum += h[i];
	snprintf((char *)h + 148, 8, "%06o", sum);
	h[155] = ' ';
}

/* Appends a file (header, data, padding) to the archive at buf + *at. */
static void tar_add(unsigned char *buf, size_t *at, const char *name, const char *prefix, char type,
		    const char *data, size_t size, int style)
{
	tar_header(buf + *at, name, prefix, type, size, style);
	*at += 512;
	memcpy(buf + *at, data, size);
	*at += (size + 511) / 512 * 512;
}

static void tars(void)
{
	static unsigned char buf[16384];
	rs_err e = {0};
	rs_tar t;
	size_t at = 0;
	memset(buf, 0, sizeof buf);
	tar_add(buf, &at, "./", NULL, '5', "", 0, 2);
	tar_add(buf, &at, "./g.edges", NULL, '0', "0 1\n1 2\n", 8, 2);
	tar_add(buf, &at, "./README", NULL, '0', "hello", 5, 2);
	tar_add(buf, &at, "./link", NULL, '2', "", 0, 2);
	size_t len = at + 1024;
	int rc = rs_tar_open(&t, buf, len, "t.tar", &e);
	size_t got = 0;
	unsigned char *g = rc == 0 && t.count == 2 ? rs_tar_text(&t, rs_tar_find(&t, "g.edges"), &got) : NULL;
	tap_ok(rs_tar_is(buf, len) && rc == 0 && t.count == 2 && !strcmp(t.m[0].name, "g.edges") &&
		       !strcmp(t.m[1].name, "README") && g && got == 8 && !memcmp(g, "0 1\n1 2\n", 8) && g[8] == '\0' &&
		       rs_tar_find(&t, "./README") == 1 && rs_tar_find(&t, "link") == -1,
	       "a GNU tar: two files listed without './', the folder and the link passed over (%s)", e.msg);
	if (rc == 0)
		rs_tar_close(&t);
	tap_ok(!rs_tar_is("0 1\n1 2\n", 8) && !rs_tar_is(buf + 1024, 512), "text is no tar, nor is a file's data");

	/* long names: GNU's 'L' record, ustar's prefix, pax's path and size */
	char lname[160];
	memset(lname, 'x', 150);
	strcpy(lname + 150, ".edges");
	memset(buf, 0, sizeof buf);
	at = 0;
	tar_add(buf, &at, "././@LongLink", NULL, 'L', lname, strlen(lname) + 1, 2);
	tar_add(buf, &at, lname, NULL, '0', "0 1\n", 4, 2);
	tar_add(buf, &at, "c.edges", "a/b", '0', "1 2\n", 4, 1);
	const char rec[] = "29 path=pax/with a long name\n10 size=6\n";
	tar_add(buf, &at, "PaxHeaders/x", NULL, 'x', rec, strlen(rec), 1);
	tar_header(buf + at, "short", NULL, '0', 0, 1); /* the size is pax's */
	memcpy(buf + at + 512, "2 3\n4\n", 6);
	at += 1024;
	len = at;
	rc = rs_tar_open(&t, buf, len, "t.tar", &e);
	tap_ok(rc == 0 && t.count == 3 && !strcmp(t.m[0].name, lname) && t.m[0].size == 4 &&
		       !strcmp(t.m[1].name, "a/b/c.edges") && !strcmp(t.m[2].name, "pax/with a long name") &&
		       t.m[2].size == 6,
	       "a GNU long name, a ustar prefix, a pax path and size (%s; %ld files)", e.msg, rc == 0 ? t.count : -1L);
	if (rc == 0)
		rs_tar_close(&t);

	/* a name twice: the later copy, as tar extracts it; V7 headers */
	memset(buf, 0, sizeof buf);
	at = 0;
	tar_add(buf, &at, "g.edges", NULL, '0', "0 1\n", 4, 0);
	tar_add(buf, &at, "h.edges", NULL, '0', "5 6\n", 4, 0);
	tar_add(buf, &at, "g.edges", NULL, '0', "7 8\n9 9\n", 8, 0);
	rc = rs_tar_open(&t, buf, at + 1024, "v7.tar", &e);
	g = rc == 0 && t.count == 2 ? rs_tar_text(&t, rs_tar_find(&t, "g.edges"), &got) : NULL;
	tap_ok(rs_tar_is(buf, at) && rc == 0 && t.count == 2 && !strcmp(t.m[0].name, "h.edges") && g && got == 8,
	       "V7 headers; a name written twice is its later copy (%s)", e.msg);
	if (rc == 0)
		rs_tar_close(&t);

	/* GNU's base-256 size */
	memset(buf, 0, sizeof buf);
	tar_header(buf, "b.edges", NULL, '0', 0, 2);
	memset(buf + 124, 0, 12);
	buf[124] = 0x80;
	buf[135] = 4;
	memset(buf + 148, ' ', 8);
	unsigned sum = 0;
	for (int i = 0; i < 512; i++)
		sum += buf[i];
	snprintf((char *)buf + 148, 8, "%06o", sum);
	memcpy(buf + 512, "0 1\n", 4);
	rc = rs_tar_open(&t, buf, 2048, "b.tar", &e);
	tap_ok(rc == 0 && t.count == 1 && t.m[0].size == 4, "a size in base-256 (%s)", e.msg);
	if (rc == 0)
		rs_tar_close(&t);

	/* damage */
	memset(buf, 0, sizeof buf);
	at = 0;
	tar_add(buf, &at, "a.edges", NULL, '0', "0 1\n", 4, 1);
	tar_add(buf, &at, "b.edges", NULL, '0', "0 1\n", 4, 1);
	buf[512 + 512] ^= 1;
	rc = rs_tar_open(&t, buf, at, "c.tar", &e);
	tap_ok(rc != 0 && strstr(e.msg, "c.tar: a corrupt tar header at byte 1024 (its checksum is wrong)"),
	       "a corrupt second header: %s", e.msg);
	buf[512 + 512] ^= 1;
	tar_header(buf + 1024, "b.edges", NULL, '0', 100000, 1);
	rc = rs_tar_open(&t, buf, at, "c.tar", &e);
	tap_ok(rc != 0 && strstr(e.msg, "c.tar: the tar archive ends inside 'b.edges' (512 of its 100000 bytes"),
	       "a file cut short: %s", e.msg);
	rc = rs_tar_open(&t, buf, 1024 + 300, "c.tar", &e);
	tap_ok(rc != 0 && strstr(e.msg, "ends inside a header, at byte 1024"), "a header cut short: %s", e.msg);
	memset(buf, 0, sizeof buf);
	at = 0;
	tar_add(buf, &at, "PaxHeaders/x", NULL, 'x', "99 path=x\n", 10, 1);
	tar_add(buf, &at, "x", NULL, '0', "0 1\n", 4, 1);
	rc = rs_tar_open(&t, buf, at, "p.tar", &e);
	tap_ok(rc != 0 && strstr(e.msg, "p.tar: a corrupt pax header at byte 0"), "a pax record longer than its header: %s",
	       e.msg);

	/* graphs: the one graph file beside labels; an .npz inside; two graphs */
	rs_load_opts o = {0};
	o.header = -1;
	o.base = -1;
	rs_load_info info;
	memset(buf, 0, sizeof buf);
	at = 0;
	tar_add(buf, &at, "d/", NULL, '5', "", 0, 1);
	tar_add(buf, &at, "d/g.labels", NULL, '0', "1\n2\n3\n", 6, 1);
	tar_add(buf, &at, "d/g.edges", NULL, '0', "0 1\n1 2\n", 8, 1);
	rs_graph *h = rs_binary_graph(buf, at + 1024, "g.tar", &o, &info, &e);
	tap_ok(h && h->n == 3 && strstr(info.container, "the tar archive's one graph file, d/g.edges"),
	       "the graph file beside its labels (%s%s)", h ? info.container : "", h ? "" : e.msg);
	rs_graph_free(h);
	/* afresh: the parser tokenizes the member's text in place */
	memset(buf, 0, sizeof buf);
	at = 0;
	tar_add(buf, &at, "d/", NULL, '5', "", 0, 1);
	tar_add(buf, &at, "d/g.labels", NULL, '0', "1\n2\n3\n", 6, 1);
	tar_add(buf, &at, "d/g.edges", NULL, '0', "0 1\n1 2\n", 8, 1);
	tar_add(buf, &at, "d/h.edges", NULL, '0', "0 1\n", 4, 1);
	h = rs_binary_graph(buf, at + 1024, "g.tar", &o, &info, &e);
	tap_ok(h && h->n == 3 && strstr(info.container, "graph file with labels beside it, d/g.edges; also: h.edges)"),
	       "two graph files, one with labels beside it: that one (%s%s)", h ? info.container : "", h ? "" : e.msg);
	rs_graph_free(h);
	tar_add(buf, &at, "d/h.labels", NULL, '0', "0\n1\n", 4, 1);
	h = rs_binary_graph(buf, at + 1024, "g.tar", &o, &info, &e);
	tap_ok(h == NULL && strstr(e.msg, "g.tar: a tar archive of 2 files (d/g.edges, d/h.edges): 'load g.tar/d/g.edges'"),
	       "two graph files with labels: %s", e.msg);
	o.member = "d/h.edges";
	h = rs_binary_graph(buf, at + 1024, "g.tar", &o, &info, &e);
	tap_ok(h && h->n == 2, "ARCHIVE/MEMBER picks one (%s)", h ? "" : e.msg);
	rs_graph_free(h);
	o.member = NULL;

	rs_graph *p = path3(1, 1, &e);
	size_t ml = 0;
	char *mem = written(rs_graph_write_npz, p, &ml, &e);
	memset(buf, 0, sizeof buf);
	at = 0;
	if (ml < 8000)
		tar_add(buf, &at, "g.npz", NULL, '0', mem, ml, 2);
	h = rs_binary_graph(buf, at + 1024, "n.tar", &o, &info, &e);
	tap_ok(h && h->n == 3 && h->nnz == 4, "an .npz inside a tar (%s)", h ? "" : e.msg);
	rs_graph_free(h);
	rs_graph_free(p);
	free(mem);
}

/* ------------------------------------------------------------ MAT-files */

static void put32(unsigned char *b, uint32_t v, int big)
{
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (big ? 24 - 8 * i : 8 * i));
}

/* A data element at b + *at: small (at most 4 bytes, when small is set)
 * or tagged and padded to 8 bytes. */
static void mat_el(unsigned char *b, size_t *at, uint32_t type, const void *data, uint32_t n, int small, int big)
{
	if (small && n <= 4) {
		put32(b + *at, n << 16 | type, big);
		memset(b + *at + 4, 0, 4);
		memcpy(b + *at + 4, data, n);
		*at += 8;
		return;
	}
	put32(b + *at, type, big);
	put32(b + *at + 4, n, big);
	memcpy(b + *at + 8, data, n);
	memset(b + *at + 8 + n, 0, (8 - n % 8) % 8);
	*at += 8 + ((n + 7) & ~7u);
}

static void mat_header(unsigned char *b, int big)
{
	memset(b, ' ', 116);
	memcpy(b, "MATLAB 5.0 MAT-file, unit test", 30);
	memset(b + 116, 0, 8);
	b[124] = big ? 1 : 0;
	b[125] = big ? 0 : 1;
	b[126] = big ? 'M' : 'I';
	b[127] = big ? 'I' : 'M';
}

/* An miMATRIX of class cls named name (dims r x c), its body (after the
 * name) given; returns its size. */
static size_t mat_var(unsigned char *b, int cls, const char *name, int32_t r, int32_t c, const unsigned char *body,
		      size_t blen, int big)
{
	unsigned char tmp[4096], flags[8], dims[8];
	size_t at = 0;
	put32(flags, (uint32_t)cls, big);
	put32(flags + 4, 0, big);
	put32(dims, (uint32_t)r, big);
	put32(dims + 4, (uint32_t)c, big);
	mat_el(tmp, &at, 6, flags, 8, 0, big);
	mat_el(tmp, &at, 5, dims, 8, 0, big);
	mat_el(tmp, &at, 1, name, (uint32_t)strlen(name), 1, big);
	memcpy(tmp + at, body, blen);
	at += blen;
	put32(b, 14, big);
	put32(b + 4, (uint32_t)at, big);
	memcpy(b + 8, tmp, at);
	return 8 + at;
}

static void matfiles(void)
{
	rs_err e = {0};
	/* a path of 3 nodes, weighted, written and read back */
	rs_graph *g = path3(2, 0.5, &e);
	size_t ml = 0;
	char *mem = written(rs_graph_write_mat, g, &ml, &e);
	int rc = mem != NULL ? 0 : -1;
	rs_mat m;
	int open = rc == 0 && rs_mat_open(&m, (unsigned char *)mem, ml, "p.mat", 0, &e) == 0;
	tap_ok(open && m.count == 1 && !strcmp(m.v[0].name, "A") && m.v[0].cls == RS_MX_SPARSE &&
		       m.v[0].rows == 3 && m.v[0].cols == 3 && rs_npy_int(&m.v[0].jc, 3) == 4 &&
		       rs_npy_double(&m.v[0].re, 0) == 2,
	       "save graph g.mat: a sparse A of 3 x 3, 4 entries, a weight 2 (%s)", e.msg);
	if (open)
		rs_mat_close(&m);
	rs_load_opts o = {0};
	o.header = o.base = -1;
	rs_load_info info;
	rs_graph *h = rc == 0 ? rs_binary_graph((unsigned char *)mem, ml, "p.mat", &o, &info, &e) : NULL;
	tap_ok(h && h->n == 3 && h->nnz == 4 && h->val && h->val[0] == 2 && !strcmp(info.format, "mat"),
	       "... and it loads back the same (%s)", h ? "" : e.msg);
	rs_graph_free(h);
	rs_graph_free(g);
	free(mem);

	/* big-endian, a full 2 x 2 matrix of doubles, its name a small element */
	for (int big = 0; big <= 1; big++) {
		unsigned char b[1024], body[64], d[32];
		size_t at = 128, bl = 0;
		mat_header(b, big);
		double v[4] = {0, 3, 3, 0}; /* column-major */
		for (int i = 0; i < 4; i++) {
			unsigned char x[8];
			memcpy(x, &v[i], 8);
			int swap = big != (rs_npy_host_order() == '>');
			for (int k = 0; k < 8; k++) /* stored in the file's byte order */
				d[8 * i + k] = swap ? x[7 - k] : x[k];
		}
		mat_el(body, &bl, 9, d, 32, 0, big);
		at += mat_var(b + at, RS_MX_DOUBLE, "W", 2, 2, body, bl, big);
		int ok = rs_mat_open(&m, b, at, "w.mat", 0, &e) == 0;
		tap_ok(ok && m.count == 1 && !strcmp(m.v[0].name, "W") && rs_npy_double(&m.v[0].re, 1) == 3 &&
			       rs_npy_double(&m.v[0].re, 0) == 0,
		       "a %s-endian MAT-file: W (a small element's name), W(2,1) = 3 (%s)", big ? "big" : "little",
		       e.msg);
		if (ok)
			rs_mat_close(&m);
	}

	/* structs nested 6 deep: fields listed down to the depth read, no further */
	unsigned char b[4096], body[4096], inner[4096];
	size_t il = 0;
	unsigned char one = 1;
	mat_el(inner, &il, 2, &one, 1, 1, 0); /* the innermost: a double scalar, stored as uint8 */
	size_t vl = mat_var(body, RS_MX_DOUBLE, "", 1, 1, inner, il, 0);
	for (int level = 0; level < 6; level++) {
		unsigned char len[4], names[32];
		size_t sl = 0;
		put32(len, 32, 0);
		memset(names, 0, sizeof names);
		memcpy(names, "f", 1);
		mat_el(inner, &sl, 5, len, 4, 1, 0);
		mat_el(inner, &sl, 1, names, 32, 0, 0);
		memcpy(inner + sl, body, vl);
		sl += vl;
		vl = mat_var(body, RS_MX_STRUCT, level == 5 ? "S" : "", 1, 1, inner, sl, 0);
	}
	mat_header(b, 0);
	memcpy(b + 128, body, vl);
	int ok = rs_mat_open(&m, b, 128 + vl, "s.mat", 0, &e) == 0;
	tap_ok(ok && m.count == 5 && !strcmp(m.v[0].name, "S") && !strcmp(m.v[4].name, "S.f.f.f.f") &&
		       rs_mat_find(&m, "S/f/f") == 2,
	       "structs nested past the depth read: S .. S.f.f.f.f listed, deeper left out (%ld listed; %s)",
	       ok ? m.count : -1L, e.msg);
	if (ok)
		rs_mat_close(&m);

	/* damage: an element that runs past its variable, dimensions past any matrix */
	mat_header(b, 0);
	size_t at = 128;
	unsigned char d8[8] = {0};
	il = 0;
	mat_el(inner, &il, 9, d8, 8, 0, 0);
	put32(inner + 4, 4000, 0); /* the data claims 4000 bytes */
	at += mat_var(b + at, RS_MX_DOUBLE, "X", 1, 1, inner, il, 0);
	rc = rs_mat_open(&m, b, at, "d.mat", 0, &e);
	tap_ok(rc != 0 && strstr(e.msg, "runs past the end") != NULL, "an element past its variable: %s", e.msg);
	at = 128;
	il = 0;
	mat_el(inner, &il, 9, d8, 8, 0, 0);
	at += mat_var(b + at, RS_MX_DOUBLE, "X", 2147483647, 2147483647, inner, il, 0);
	rc = rs_mat_open(&m, b, at, "d.mat", 0, &e);
	tap_ok(rc != 0 && strstr(e.msg, "disagree") != NULL, "dimensions the data does not fill: %s", e.msg);
	at = 128;
	at += mat_var(b + at, RS_MX_DOUBLE, "X", 1, 1, inner, il, 0);
	rc = rs_mat_open(&m, b, at - 4, "d.mat", 0, &e);
	tap_ok(rc != 0 && strstr(e.msg, "d.mat") != NULL, "a file cut inside its last element: %s", e.msg);
}

int main(void)
{
	headers();
	archives();
	tars();
	graphs();
	matfiles();
	return tap_done();
}
