/* unit-numpy.c: NumPy's .npy headers (written and read, versions 1 and 2,
 * both byte orders, column-major), zip archives (stored, deflated, ZIP64
 * sizes, damage), and graphs through scipy's .npz layout and back. */
#include <config.h>

#include "npgraph.h"
#include "npy.h"
#include "tap.h"
#include "zipio.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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

int main(void)
{
	headers();
	archives();
	graphs();
	return tap_done();
}
