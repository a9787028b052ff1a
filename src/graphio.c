/* graphio.c: graph readers (edge lists, Matrix Market, biedges, and GML,
 * GraphML, Pajek through igraph), gzip input, atomic writes. */
#include <config.h>

#include "graphio.h"

#include "dot.h"
#include "gdf.h"
#include "gexf.h"
#include "graph6.h"
#include "jsongraph.h"
#include "matfile.h"
#include "npgraph.h"
#include "octave.h"
#include "leda.h"
#include "tgf.h"
#include "unpack.h"
#include "xgmml.h"

#include "utf8.h"
#include "xmlscan.h"

#include "namemap.h"
#include "numparse.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <igraph.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define MAX_ID 2147483646L

const char *rs_gformat_name(enum rs_gformat f)
{
	static const char *const names[] = {"auto",    "edges",	"mtx",	  "biedges", "gml",
					    "graphml", "pajek", "dimacs", "metis", "adjlist", "matrix", "sif", "dl", "json", "gexf",
					    "numpy", "lgl", "graph6", "octave", "gdf", "dot", "tgf", "xgmml", "leda"};
	return names[f];
}

const char *const rs_gformat_words[] = {"edges", "csv",    "tsv",   "snap",  "mtx",	"biedges",
					"gml",	 "graphml", "pajek", "dimacs", "metis", "chaco",
					"adjlist", "matrix", "sif",   "dl",	"json", "gexf", "lgl", "graph6", "sparse6", "digraph6", "octave", "gdf", "dot", "tgf", "xgmml", "leda", "npz", "npy", NULL};

int rs_gformat_parse(const char *s, enum rs_gformat *f)
{
	static const struct {
		const char *name;
		enum rs_gformat f;
	} map[] = {{"auto", RS_GF_AUTO},     {"edges", RS_GF_EDGES}, {"edgelist", RS_GF_EDGES},
		   {"csv", RS_GF_EDGES},      {"tsv", RS_GF_EDGES},   {"snap", RS_GF_EDGES},
		   {"mtx", RS_GF_MTX},	      {"mm", RS_GF_MTX},      {"biedges", RS_GF_BIEDGES},
		   {"gml", RS_GF_GML},	      {"graphml", RS_GF_GRAPHML}, {"pajek", RS_GF_PAJEK},
		   {"net", RS_GF_PAJEK},      {"dimacs", RS_GF_DIMACS}, {"metis", RS_GF_METIS},
		   {"chaco", RS_GF_METIS},    {"adjlist", RS_GF_ADJLIST}, {"matrix", RS_GF_MATRIX},
		   {"sif", RS_GF_SIF},	      {"dl", RS_GF_DL},	      {"ucinet", RS_GF_DL},
		   {"json", RS_GF_JSON},      {"cyjs", RS_GF_JSON},   {"cx", RS_GF_JSON},   {"gexf", RS_GF_GEXF},
		   {"npz", RS_GF_NUMPY},      {"npy", RS_GF_NUMPY},   {"numpy", RS_GF_NUMPY},
		   {"zip", RS_GF_NUMPY},      {"lgl", RS_GF_LGL},     {"ncol", RS_GF_EDGES},
		   {"graph6", RS_GF_GRAPH6},  {"sparse6", RS_GF_GRAPH6}, {"digraph6", RS_GF_GRAPH6},
		   {"g6", RS_GF_GRAPH6},      {"s6", RS_GF_GRAPH6},   {"d6", RS_GF_GRAPH6},
		   {"octave", RS_GF_OCTAVE},  {"gdf", RS_GF_GDF},     {"guess", RS_GF_GDF},
		   {"dot", RS_GF_DOT},	      {"gv", RS_GF_DOT},      {"graphviz", RS_GF_DOT},
		   {"tgf", RS_GF_TGF},	      {"xgmml", RS_GF_XGMML}, {"leda", RS_GF_LEDA}};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcasecmp(s, map[i].name)) {
			*f = map[i].f;
			return 0;
		}
	return -1;
}

/* What a file that zlib passed through unchanged is when its first bytes
 * say it is compressed some other way, archived, or data of another kind
 * (a pickle, Parquet, HDF5, SQLite); NULL otherwise. */
static const char *foreign_encoding(const char *buf, size_t n)
{
	static const struct {
		const char *magic;
		size_t len;
		const char *why;
	} kinds[] = {
		{"PK\x03\x04", 4, "a zip archive: regspec reads gzip or plain text (unzip it first)"},
		{"7z\xbc\xaf\x27\x1c", 6, "a 7-Zip archive: regspec reads gzip or plain text (extract it first)"},
		{"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 8,
		 "an Office 97-2003 file (an .xls workbook?): save the sheet as CSV, or as .xlsx, which regspec reads"},
		{"PAR1", 4, "an Apache Parquet file (pandas' to_parquet?): save the table as CSV (df.to_csv('g.csv', "
			    "index=False)), which regspec reads"},
		{"ARROW1", 6, "an Arrow IPC or Feather file (pandas' to_feather?): save the table as CSV (df.to_csv('g.csv', "
			      "index=False)), which regspec reads"},
		{"\x89HDF\r\n\x1a\n", 8, "an HDF5 file (h5py, pandas' to_hdf?): save the matrix with "
					   "scipy.sparse.save_npz, or the table as CSV, which regspec reads"},
		{"SQLite format 3", 16, "an SQLite database: export the table of edges as CSV (sqlite3 -header -csv FILE "
					"'select * from edges' > g.csv), which regspec reads"},
		{"\xe2\x9b\xbe gt", 6,
		 "graph-tool's binary format (.gt): save it as GraphML (g.save('g.graphml')), or take Netzschleuder's "
		 "csv.zip of it, which regspec reads"},
	};
	/* a Python pickle of protocol 2 to 5 (PROTO, then a frame from 4 on) */
	if (n >= 3 && (unsigned char)buf[0] == 0x80 && buf[1] >= 2 && buf[1] <= 5 &&
	    (buf[1] < 4 || (unsigned char)buf[2] == 0x95))
		return "a Python pickle (networkx's write_gpickle, pickle.dump, pandas' to_pickle?), which regspec does not "
		       "read (a pickle can run code): save the graph with networkx's write_edgelist or write_graphml, a table "
		       "with to_csv";
	/* a file of these is read through its program: here, a pipe */
	const char *packed = rs_unpack_kind(buf, n);
	if (packed != NULL)
		return !strcmp(packed, "bzip2") ? "bzip2-compressed, through a pipe: regspec runs bzip2 on files only "
						  "(bzip2 -dc into the pipe)"
		       : !strcmp(packed, "xz")	? "xz-compressed, through a pipe: regspec runs xz on files only (xz -dc "
						  "into the pipe)"
						: "zstd-compressed, through a pipe: regspec runs zstd on files only (zstd -dc "
						  "into the pipe)";
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (n >= kinds[i].len && !memcmp(buf, kinds[i].magic, kinds[i].len))
			return kinds[i].why;
	if (n >= 262 && !memcmp(buf + 257, "ustar", 5))
		return "a tar archive: regspec reads one graph file (extract it first)";
	return NULL;
}

/* Why buf (n bytes read so far of path, the first `from` of them already
 * looked at) is not text, set in e, or NULL: a compressed file or archive
 * regspec does not open (told by the first bytes), or a NUL byte (binary
 * data). */
static const char *not_text(const char *path, const char *buf, size_t from, size_t n, rs_err *e)
{
	const char *why = from == 0 ? foreign_encoding(buf, n) : NULL;
	size_t pl = strlen(path);
	if (why == NULL && memchr(buf + from, '\0', n - from) != NULL)
		why = pl > 4 && !strcasecmp(path + pl - 4, ".mat")
			      ? "a MAT-file without the header of version 5 (version 4?): regspec reads versions 5 to "
				"7 (MATLAB's save(FILE, 'A', '-v7'), scipy.io.savemat's default)"
			      : "binary data (a NUL byte), not text";
	if (why != NULL)
		rs_fail(e, RS_EINVAL, "%s: %s", path, why);
	return why;
}

/* UTF-16 text, as Windows' Notepad and Excel's "Unicode Text" save it: 1
 * little-endian, 2 big-endian (by its byte-order mark); 3 and 4 the same
 * without one (Python's 'utf-16-le'), told by its first characters, all
 * ASCII: every other byte NUL, the others printable or line ends; else 0. */
static int utf16_bom(const char *buf, size_t n)
{
	if (n >= 2 && !memcmp(buf, "\xff\xfe", 2))
		return 1;
	if (n >= 2 && !memcmp(buf, "\xfe\xff", 2))
		return 2;
	size_t m = (n < 64 ? n : 64) & ~(size_t)1;
	if (m < 8)
		return 0;
	for (int big = 0; big <= 1; big++) {
		size_t i = 0;
		for (; i < m; i += 2) {
			unsigned char zero = (unsigned char)buf[i + !big], c = (unsigned char)buf[i + big];
			if (zero != 0 || !((c >= 0x20 && c < 0x7F) || c == '\t' || c == '\r' || c == '\n'))
				break;
		}
		if (i == m)
			return 3 + big;
	}
	return 0;
}

/* An XML declaration's encoding="UTF-16..." in text made UTF-8 says so
 * instead (in place: the quote moves up, blanks fill), or XML readers
 * decode the text again. */
static void xml_says_utf8(char *buf)
{
	if (strncmp(buf, "<?xml", 5) != 0)
		return;
	char *end = strstr(buf, "?>"), *enc = strstr(buf, "encoding");
	if (end == NULL || enc == NULL || enc > end)
		return;
	char *q = enc + 8 + strspn(enc + 8, " \t");
	if (*q != '=')
		return;
	q += 1 + strspn(q + 1, " \t");
	if ((*q != '"' && *q != '\'') || strncasecmp(q + 1, "utf-16", 6) != 0)
		return;
	char *close = strchr(q + 1, *q);
	if (close == NULL || close > end)
		return;
	memcpy(q + 1, "UTF-8", 5);
	q[6] = *q;
	memset(q + 7, ' ', (size_t)(close - (q + 6)));
}

/* Close what read_all reads from after a failure: a decompressor behind
 * it is stopped (e already says what went wrong). */
static void close_input(gzFile z, rs_unpack *un, const char *path)
{
	gzclose(z);
	rs_err ignored = {0};
	rs_unpack_close(un, 1, path, &ignored);
}

/* The file's bytes; binary_ok lets a zip archive or a NumPy array through
 * (rs_binary_kind), which are returned as they are.  UTF-16 text is
 * returned as UTF-8.  A bzip2, xz or zstd file is read through its
 * program. */
static char *read_all(const char *path, size_t *len, int binary_ok, rs_err *e)
{
	struct stat st;
	int known = stat(path, &st) == 0;
	if (known && S_ISDIR(st.st_mode))
		return rs_fail(e, RS_EIO, "cannot read '%s': it is a directory", path), NULL;
	/* bzip2, xz and zstd through their programs (a regular file: the
	 * first bytes of a pipe, read to tell, would be lost) */
	rs_unpack un = {0};
	const char *packed = NULL;
	int fd = -1;
	if (known && S_ISREG(st.st_mode) && (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		unsigned char head[16];
		ssize_t got = read(fd, head, sizeof head);
		close(fd);
		packed = got > 0 ? rs_unpack_kind(head, (size_t)got) : NULL;
	}
	gzFile z = NULL;
	if (packed != NULL) {
		fd = rs_unpack_open(&un, packed, path, e);
		if (fd < 0)
			return NULL;
		if ((z = gzdopen(fd, "rb")) == NULL) {
			close(fd);
			rs_unpack_close(&un, 1, path, e);
			return rs_fail(e, RS_ENOMEM, "out of memory reading '%s'", path), NULL;
		}
	} else if ((z = gzopen(path, "rb")) == NULL) {
		int err = errno ? errno : ENOENT;
		size_t scheme = strspn(path, "abcdefghijklmnopqrstuvwxyz");
		if (err == ENOENT && scheme >= 3 && !strncmp(path + scheme, "://", 3))
			return rs_fail(e, RS_EIO, "cannot open '%s': a URL; regspec reads files: download it first "
						  "(curl -LO, wget)", path), NULL;
		if (err == EINTR) /* a FIFO waits for a writer until Ctrl-C */
			return rs_fail(e, RS_EIO, "cannot open '%s': interrupted while waiting for a writer", path),
			       NULL;
		return rs_fail(e, RS_EIO, "cannot open '%s': %s", path, strerror(err)), NULL;
	}
	gzbuffer(z, 1 << 17);
	size_t cap = 1 << 20, n = 0;
	long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
	size_t scanned = 0; /* bytes looked at by not_text */
	int binary = 0;     /* a zip archive or a NumPy array, let through */
	int utf16 = 0;      /* UTF-16 text (utf16_bom), made UTF-8 at the end */
	char *buf = malloc(cap);
	if (buf == NULL) {
		close_input(z, &un, path);
		rs_fail(e, RS_ENOMEM, "out of memory reading '%s'", path);
		return NULL;
	}
	for (;;) {
		if (cap - n < (1 << 16) + 1) {
			/* the text, then the graph built from it: refuse a file
			 * whose text alone would take half the memory (a device
			 * such as /dev/zero, or a stream that never ends) */
			if (cap > ((size_t)1 << 40) ||
			    (pages > 0 && psz > 0 && 2.0 * (double)cap > 0.5 * (double)pages * (double)psz)) {
				free(buf);
				close_input(z, &un, path);
				rs_fail(e, RS_ENOMEM,
					"'%s': more than %zu MB of text; it and the graph built from it "
					"would not fit in this machine's %.0f GB",
					path, n >> 20, (double)pages * (double)psz / 1e9);
				return NULL;
			}
			char *nb = realloc(buf, cap * 2);
			if (nb == NULL) {
				free(buf);
				close_input(z, &un, path);
				rs_fail(e, RS_ENOMEM, "out of memory reading '%s' (%zu MB so far)", path,
					n >> 20);
				return NULL;
			}
			buf = nb;
			cap *= 2;
		}
		int got = gzread(z, buf + n, (unsigned)(cap - n - 1 < (1u << 30) ? cap - n - 1 : (1u << 30)));
		if (got < 0) {
			int zerr;
			const char *msg = gzerror(z, &zerr);
			size_t pl = strlen(path);
			if (!strncmp(msg, path, pl) && !strncmp(msg + pl, ": ", 2))
				msg += pl + 2; /* zlib puts the path in front */
			if (zerr == Z_ERRNO && errno == EINTR) /* Ctrl-C on a pipe that stalls */
				rs_fail(e, RS_EIO, "%s: interrupted before the end of the file; nothing loaded", path);
			else
				rs_fail(e, RS_EIO, "%s: %s%s", path, zerr == Z_ERRNO ? strerror(errno) : msg,
					zerr == Z_ERRNO ? "" : " (corrupt or truncated gzip?)");
			free(buf);
			close_input(z, &un, path);
			return NULL;
		}
		if (got == 0) {
			/* zlib returns the data it has and then 0 when the input
			 * ends inside a gzip stream; only gzerror tells */
			int zerr;
			gzerror(z, &zerr);
			if (zerr == Z_BUF_ERROR) {
				rs_fail(e, RS_EIO,
					"%s: the gzip data ends early (truncated download or copy?) after %zu bytes of text",
					path, n);
				free(buf);
				close_input(z, &un, path);
				return NULL;
			}
			break;
		}
		n += (size_t)got;
		if (binary_ok && !binary && scanned == 0)
			binary = rs_binary_kind(buf, n) != 0;
		if (scanned == 0 && !binary && !utf16) /* once told, not again each chunk */
			utf16 = utf16_bom(buf, n);
		/* what the file is shows in its first bytes: say so before
		 * reading more of it (/dev/zero never ends) */
		if (n >= 4096 && !binary && !utf16) {
			if (not_text(path, buf, scanned, n, e) != NULL) {
				free(buf);
				close_input(z, &un, path);
				return NULL;
			}
			scanned = n;
		}
	}
	gzclose(z);
	if (rs_unpack_close(&un, 0, path, e) != 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	if (binary) {
		*len = n;
		return buf;
	}
	if (utf16) {
		size_t bom = utf16 <= 2 ? 2 : 0, body = n - bom;
		char *u = body % 2 == 0 ? malloc(body / 2 * 3 + 1) : NULL;
		if (u == NULL)
			rs_fail(e, body % 2 ? RS_EINVAL : RS_ENOMEM,
				body % 2 ? "%s: UTF-16 text of an odd number of bytes (cut short?)"
					 : "out of memory reading '%s' (UTF-16 text made UTF-8)",
				path);
		else
			n = rs_utf16_to_utf8((const unsigned char *)buf + bom, body, utf16 % 2 == 0, u);
		free(buf);
		if (u == NULL)
			return NULL;
		buf = u;
		scanned = 0;
		xml_says_utf8(buf);
	}
	if (scanned < n && not_text(path, buf, scanned, n, e) != NULL) {
		free(buf);
		return NULL;
	}
	rs_text_tidy(buf, &n);
	*len = n;
	return buf;
}

char *rs_read_file(const char *path, size_t *len, rs_err *e)
{
	return read_all(path, len, 0, e);
}

char *rs_read_data(const char *path, size_t *len, rs_err *e)
{
	return read_all(path, len, 1, e);
}

void rs_text_tidy(char *buf, size_t *len)
{
	size_t n = *len;
	if (n >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) { /* a UTF-8 byte-order mark (spreadsheet exports) */
		n -= 3;
		memmove(buf, buf + 3, n + 1);
	}
	/* a CR alone ends a line too (Excel's "CSV (Macintosh)" export, old
	 * Mac text); a CR before a LF is left for the readers, which drop it */
	for (char *c = memchr(buf, '\r', n); c != NULL; c = memchr(c + 1, '\r', n - (size_t)(c + 1 - buf)))
		if (c[1] != '\n')
			*c = '\n';
	*len = n;
}

/* ------------------------------------------------------------ names */


/* ------------------------------------------------------------ edge lists */

static int parse_long(const char *s, long *out)
{
	if (*s == '\0')
		return -1;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (*end != '\0' || errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

static int parse_weight(const char *s, double *out)
{
	char *end;
	if (*s == '\0')
		return -1;
	double v = strtod(s, &end);
	/* decimal only: strtod reads C's hexadecimal floats too (0x10 = 16) */
	if (*end != '\0' || strpbrk(s, "xX") != NULL)
		return -1;
	*out = v;
	return 0;
}

/* A node id: an integer, or a whole number written with a decimal point or
 * an exponent ("3.0", "3.000000000000000000e+00": numpy.savetxt's default
 * format writes an integer array so), which sets *decimal when given. */
static int parse_id(const char *s, long *out, int *decimal)
{
	if (parse_long(s, out) == 0)
		return 0;
	double v;
	if (strspn(s, "0123456789.eE+-") != strlen(s) || !isdigit((unsigned char)s[0]) ||
	    parse_weight(s, &v) != 0 || !(v <= (double)MAX_ID) || v != floor(v))
		return -1;
	*out = (long)v;
	if (decimal)
		*decimal = 1;
	return 0;
}

/* A whole number written as a decimal ("3.0") as the integer's text in buf
 * ("3"); any other field as it is. */
static const char *decimal_as_integer(const char *f, char *buf, size_t size)
{
	long t;
	int d = 0;
	if (parse_id(f, &t, &d) != 0 || !d)
		return f;
	snprintf(buf, size, "%ld", t);
	return buf;
}

/* A spreadsheet's semicolon-separated export writes "0,5" for 0.5 where
 * the decimal mark is a comma: one comma, no point, read as a point. */
static int decimal_comma(const char *s, double *out)
{
	char buf[64];
	const char *c = strchr(s, ',');
	if (c == NULL || strchr(c + 1, ',') || strchr(s, '.') || strlen(s) >= sizeof buf)
		return 0;
	snprintf(buf, sizeof buf, "%s", s);
	buf[c - s] = '.';
	return parse_weight(buf, out) == 0;
}

/* networkx's write_edgelist writes, by default, an edge's attributes
 * after its two ends as a Python dict: "1 2 {}", "a b {'weight': 3.0,
 * 'color': 'red'}" (or "1,2,{...}" with a delimiter).  When line s has
 * that shape, what separates the dict from the ends is cut to '\0' and the
 * dict returned; NULL otherwise (a name that starts with a brace stays a
 * name unless it is the third field and closes the line). */
static char *attr_dict(char *s, char delim)
{
	char *p = s, *cut;
	if (delim == ' ') {
		for (int field = 0; field < 2; field++) {
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p == '\0' || *p == '{')
				return NULL;
			while (*p && *p != ' ' && *p != '\t')
				p++;
		}
		cut = p;
	} else {
		p = strchr(p, delim);
		cut = p ? strchr(p + 1, delim) : NULL;
		if (cut == NULL)
			return NULL;
		p = cut + 1;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '{' || p == cut)
		return NULL;
	size_t l = strlen(p);
	while (l > 1 && (p[l - 1] == ' ' || p[l - 1] == '\t'))
		l--;
	if (p[l - 1] != '}')
		return NULL;
	*cut = '\0';
	return p;
}

/* One item of a dict as Python's str() writes it, from *pp: the key's text
 * (quotes removed) and the value's span; *pp moves past the item and its
 * comma.  Returns 1 for an item, 0 at the closing brace, -1 when the text
 * is not a dict. */
static int dict_item(const char **pp, char *key, size_t ksize, const char **v, size_t *vlen)
{
	const char *p = *pp;
	while (*p == ' ')
		p++;
	if (*p == '}')
		return p[1 + strspn(p + 1, " \t")] == '\0' ? 0 : -1;
	size_t kl = 0;
	if (*p == '\'' || *p == '"') {
		char q = *p++;
		for (; *p && *p != q; p++) {
			if (*p == '\\' && p[1])
				p++;
			if (kl + 1 < ksize)
				key[kl++] = *p;
		}
		if (*p++ != q)
			return -1;
	} else {
		for (; *p && *p != ':' && *p != ',' && *p != '}'; p++)
			if (kl + 1 < ksize && *p != ' ')
				key[kl++] = *p;
	}
	key[kl] = '\0';
	while (*p == ' ')
		p++;
	if (*p++ != ':')
		return -1;
	while (*p == ' ')
		p++;
	*v = p;
	int depth = 0;
	for (char q = 0; *p; p++) {
		if (q) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == q)
				q = 0;
		} else if (*p == '\'' || *p == '"') {
			q = *p;
		} else if (*p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if (*p == ')' || *p == ']' || *p == '}') {
			if (depth-- == 0)
				break;
		} else if (*p == ',' && depth == 0) {
			break;
		}
	}
	if (*p == '\0')
		return -1;
	*vlen = (size_t)(p - *v);
	while (*vlen > 0 && (*v)[*vlen - 1] == ' ')
		(*vlen)--;
	*pp = *p == ',' ? p + 1 : p;
	return 1;
}

/* The 'weight' of an attribute dict (attr_dict) in out, its quotes or a
 * wrapping call (numpy 2 writes np.float64(3.0)) removed: 1 when the key is
 * there, 0 when not, -1 when the text is not a dict. */
static int dict_weight(const char *d, char *out, size_t size)
{
	const char *p = d + 1, *v;
	size_t vl;
	char key[32];
	int r, found = 0;
	while ((r = dict_item(&p, key, sizeof key, &v, &vl)) > 0) {
		if (strcmp(key, "weight") != 0)
			continue;
		const char *open = memchr(v, '(', vl);
		if (open && vl > 0 && v[vl - 1] == ')') {
			vl -= (size_t)(open + 1 - v) + 1;
			v = open + 1;
		}
		if (vl >= 2 && (v[0] == '\'' || v[0] == '"') && v[vl - 1] == v[0]) {
			v++;
			vl -= 2;
		}
		snprintf(out, size, "%.*s", (int)vl, v);
		found = 1;
	}
	return r < 0 ? -1 : found;
}

static int header_word(const char *s)
{
	static const char *const words[] = {"source", "target", "from", "to", "src", "dst", "node1",
					    "node2", "node_1", "node_2", "id_1", "id_2", "u", "v", "i",
					    "j", "weight", "weights", "w", "value", "count", "row", "col",
					    "node", "id", "a", "b", NULL};
	for (int i = 0; words[i]; i++)
		if (!strcasecmp(s, words[i]))
			return 1;
	return 0;
}

/* The columns a header line names: the source, the target and the weight
 * (-1: none) among its nf fields.  Names that are not there leave the
 * first two columns the endpoints; a header of two or three columns that
 * puts the endpoints first is the plain layout, an optional weight third.
 * want names the weights' column ('load ... weight NAME'; NULL: the usual
 * names); -1 when no column has that name.  Writes what was chosen into
 * note (empty when it is the plain source, target[, weight] layout). */
static int header_columns(char **f, int nf, const char *want, int *cs, int *ct, int *cw,
			  char *note, size_t size)
{
	static const char *const src[] = {"source", "src", "from", "node1", "node_1", "id_1", "u",
					  "i", "row", "source_id", "sourceid", "from_id", NULL};
	static const char *const dst[] = {"target", "dst", "to", "node2", "node_2", "id_2", "v",
					  "j", "col", "target_id", "targetid", "to_id", NULL};
	static const char *const wts[] = {"weight", "weights", "w", "value", "count", NULL};
	const char *const *lists[3] = {src, dst, wts};
	int col[3] = {-1, -1, -1};
	if (want) /* the weights first: a column named u is then not an endpoint */
		for (int c = 0; c < nf && col[2] < 0; c++)
			if (!strcasecmp(f[c], want))
				col[2] = c;
	if (want && col[2] < 0)
		return -1;
	for (int k = 0; k < 3; k++)
		for (int c = 0; c < nf && col[k] < 0; c++)
			for (int i = 0; lists[k][i] && col[k] < 0; i++)
				if (!strcasecmp(f[c], lists[k][i]) && c != col[0] && c != col[1] && c != col[2])
					col[k] = c;
	for (int k = 0; k < 2; k++)
		for (int c = 0; c < nf && col[k] < 0; c++)
			if (c != col[0] && c != col[1] && c != col[2])
				col[k] = c;
	if (col[0] < 0 || col[1] < 0) {
		/* "source,weight": the weight's name took the second endpoint */
		col[0] = 0;
		col[1] = 1;
	}
	if (nf <= 3 && col[0] + col[1] == 1 && !want)
		col[2] = 2; /* "a,b[,c]": the plain layout, an optional weight third */
	*cs = col[0];
	*ct = col[1];
	*cw = col[2];
	note[0] = '\0';
	if (nf <= 3 && col[0] == 0 && col[1] == 1)
		return 0;
	snprintf(note, size, "nodes from %s and %s", f[col[0]], f[col[1]]);
	if (col[2] >= 0) /* a two-field header's optional weight has no name */
		rs_list_append(note, size, ", weights from ", col[2] < nf ? f[col[2]] : "a third field where there is one");
	int skipped = 0;
	for (int c = 0; c < nf; c++)
		if (c != col[0] && c != col[1] && c != col[2]) {
			/* pandas' to_csv writes its row index first, under no name */
			char unnamed[48];
			snprintf(unnamed, sizeof unnamed, "column %d (no name)", c + 1);
			rs_list_append(note, size, skipped++ ? ", " : "; not read: ",
				       f[c][0] ? f[c] : unnamed);
		}
	return 0;
}

int rs_peek_fields(const char *rest, char delim, char *line, size_t size, char **f, int max,
		   const char **after)
{
	const char *p = rest;
	if (after)
		*after = p + strlen(p);
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		const char *t = p;
		p = nl ? nl + 1 : p + len;
		while (len > 0 && (*t == ' ' || *t == '\t')) {
			t++;
			len--;
		}
		while (len > 0 && (t[len - 1] == '\r' || t[len - 1] == ' ' || t[len - 1] == '\t'))
			len--;
		if (len == 0 || *t == '#' || *t == '%')
			continue;
		if (len >= size)
			len = size - 1; /* the first fields are what matters */
		memcpy(line, t, len);
		line[len] = '\0';
		if (after)
			*after = p;
		if (delim == 0)
			delim = strchr(line, '\t') ? '\t' : strchr(line, ',') ? ',' : ' ';
		return rs_split_fields(line, delim, f, max);
	}
	return 0;
}

/* Whether s reads as a weight: a number, or under ';' one with a decimal
 * comma. */
static int weight_like(const char *s, char delim)
{
	double w;
	return parse_weight(s, &w) == 0 || (delim == ';' && decimal_comma(s, &w));
}

/* Whether a first line of header words ("a b", "from to") is an edge after
 * all: one of the words comes back as a node name in the first two fields
 * of a later line (a header's words name columns, not nodes).  Scans rest
 * (the text after that line) without changing it, up to the first such
 * line. */
static int words_reappear(const char *rest, char delim, const char *w0, const char *w1)
{
	char line[256], *f[3];
	int nf;
	while ((nf = rs_peek_fields(rest, delim, line, sizeof line, f, 3, &rest)) > 0)
		for (int i = 0; i < nf && i < 2; i++)
			if (!strcmp(f[i], w0) || !strcmp(f[i], w1))
				return 1;
	return 0;
}

void rs_list_append(char *buf, size_t size, const char *sep, const char *item)
{
	size_t used = strlen(buf);
	if (size < 4)
		return;
	if (used + 1 < size) {
		int w = snprintf(buf + used, size - used, "%s%s", used ? sep : "", item);
		if (w >= 0 && (size_t)w < size - used)
			return;
	}
	strcpy(buf + size - 4, "..."); /* full: the end marked (again) */
}

void rs_list_add(char *buf, size_t size, const char *item)
{
	size_t l = strlen(item);
	if (l == 0)
		return; /* an empty name (a JSON key "") is not listed */
	for (const char *p = buf; (p = strstr(p, item)) != NULL; p += l)
		if ((p == buf || (p >= buf + 2 && p[-2] == ',' && p[-1] == ' ')) && (p[l] == '\0' || p[l] == ','))
			return;
	rs_list_append(buf, size, ", ", item);
}

int rs_split_fields(char *line, char delim, char **f, int max)
{
	int n = 0;
	char *p = line;
	if (delim == ' ') {
		while (n < max) {
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p == '\0')
				break;
			f[n++] = p;
			while (*p && *p != ' ' && *p != '\t')
				p++;
			if (*p)
				*p++ = '\0';
		}
		return n;
	}
	while (n < max) {
		while (*p == ' ')
			p++;
		f[n++] = p;
		if (*p == '"') {
			/* quoted as in RFC 4180 ("Smith, J"; "" for a quote), the
			 * field copied down over its opening quote; what follows the
			 * closing quote up to the delimiter is kept, as Python's csv does */
			char *w = p, *r = p + 1;
			while (*r) {
				if (*r == '"') {
					if (r[1] != '"')
						break;
					r++; /* "" is one quote */
				}
				*w++ = *r++;
			}
			if (*r == '"')
				r++;
			char *quoted = w; /* blanks inside the quotes are the name's */
			while (*r && *r != delim)
				*w++ = *r++;
			while (w > quoted && (w[-1] == ' ' || w[-1] == '\t'))
				w--;
			*w = '\0';
			if (*r == '\0')
				break;
			p = r + 1;
			continue;
		}
		char *q = strchr(p, delim);
		char *end = q ? q : p + strlen(p);
		char *t = end;
		while (t > p && (t[-1] == ' ' || t[-1] == '\t'))
			t--;
		*t = '\0';
		if (q == NULL)
			break;
		p = q + 1;
	}
	return n;
}

/* "# nodes: N", "# rows: R cols: C": numbers announced in comments. */
static long comment_number(const char *line, const char *key)
{
	const char *p = strstr(line, key);
	if (p == NULL)
		return -1;
	p += strlen(key);
	while (*p == ' ' || *p == '\t' || *p == '=')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	long v = strtol(p, NULL, 10);
	return v > (1L << 50) ? 1L << 50 : v; /* past any graph: refused later, no sum of two overflows */
}

/* KONECT's header: "% sym|asym|bip WEIGHTS" on a file's first line, then
 * "% EDGES N1 N2" (the second line, optional).  Returns 's', 'a' or 'b'
 * for the first form (0 otherwise); the counts of the second, when given. */
static int konect_kind(const char *line, int *is_signed)
{
	char kind[8], weights[32], rest;
	if (sscanf(line, "%% %7s %31s %c", kind, weights, &rest) != 2 || !isalpha((unsigned char)weights[0]))
		return 0;
	*is_signed = strstr(weights, "signed") != NULL;
	return !strcmp(kind, "sym") ? 's' : !strcmp(kind, "asym") ? 'a' : !strcmp(kind, "bip") ? 'b' : 0;
}

static int konect_counts(const char *line, long *n1, long *n2)
{
	long m;
	char rest;
	return sscanf(line, "%% %ld %ld %ld %c", &m, n1, n2, &rest) == 3 && m >= 0 && *n1 >= 0 && *n2 >= 0;
}

struct reader {
	const char *path;
	long lineno;
	rs_err *e;
};

#define FAIL_AT(r, ...)                                                                            \
	do {                                                                                       \
		char m_[400];                                                                      \
		snprintf(m_, sizeof m_, __VA_ARGS__);                                              \
		rs_fail((r)->e, RS_EINVAL, "%s:%ld: %s", (r)->path, (r)->lineno, m_);              \
	} while (0)

/* A file that ends before the count its header announced. */
static void fail_short(struct reader *rd, long announced, long found, const char *what)
{
	FAIL_AT(rd, "%ld %s announced, %ld found (truncated file?)", announced, what, found);
}

/* An edge's attribute dict read (dict_weight's result r, the weight's
 * text fw when r > 0): counted in info, the weight into *w; an error at
 * rd's line when it is not a number >= 0. */
static int dict_weight_value(struct reader *rd, int r, const char *fw, double *w, rs_load_info *info)
{
	info->attr_lines++;
	if (r <= 0)
		return 0;
	info->attr_weights++;
	if (parse_weight(fw, w) != 0) {
		FAIL_AT(rd, "weight '%s' (the edge attribute 'weight') is not a number; 'unweighted' reads the "
			    "edges without weights",
			fw);
		return -1;
	}
	if (!isfinite(*w) || *w < 0) {
		FAIL_AT(rd, "weight %s: weights must be finite and >= 0", fw);
		return -1;
	}
	return 0;
}

/* The next line of a buffer, NUL-terminated in place without its CR, or
 * NULL at the end; counts lines in rd. */
static char *next_line(char **p, struct reader *rd)
{
	if (**p == '\0')
		return NULL;
	char *line = *p, *nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p += strlen(line);
	}
	size_t l = strlen(line);
	if (l > 0 && line[l - 1] == '\r')
		line[l - 1] = '\0';
	rd->lineno++;
	return line;
}

/* Reading `entries` listed entries into a graph of n nodes: an error at
 * rd's line when it would not fit this machine's memory. */
static int memory_refused(struct reader *rd, long n, double entries)
{
	double need = rs_graph_too_large((double)n, entries);
	if (need > 0) {
		FAIL_AT(rd, "%ld nodes and %.0f entries need about %.1f GB, more than this machine's memory",
			n, entries, need / 1e9);
		return 1;
	}
	return 0;
}

/* The next blank-separated field of a line, NUL-terminated in place, *q
 * moved past it; NULL at the line's end. */
static char *next_token(char **q)
{
	char *t = *q + strspn(*q, " \t");
	if (*t == '\0')
		return NULL;
	char *end = t + strcspn(t, " \t");
	*q = *end ? end + 1 : end;
	*end = '\0';
	return t;
}

/* A graph of n nodes and about `entries` listed entries: an error at rd's
 * line when it is beyond this build, the machine's memory or the sandbox. */
static int size_refused(struct reader *rd, long n, double entries, const rs_load_opts *o)
{
	if (n > MAX_ID) {
		FAIL_AT(rd, "%ld nodes is beyond this build (at most %ld)", n, MAX_ID);
		return 1;
	}
	if (memory_refused(rd, n, entries))
		return 1;
	if (o->max_nodes > 0 && n > o->max_nodes) {
		FAIL_AT(rd, "%ld nodes, more than the %ld allowed", n, o->max_nodes);
		return 1;
	}
	return 0;
}

/* The ids of E's ends, a bit each, for ids 0..top (calloc'd words). */
static uint64_t *id_bitmap(const rs_edges *E, long top)
{
	uint64_t *seen = calloc((size_t)top / 64 + 1, sizeof *seen);
	if (seen != NULL)
		for (long i = 0; i < E->count; i++) {
			seen[(uint32_t)E->u[i] / 64] |= 1ull << ((uint32_t)E->u[i] % 64);
			seen[(uint32_t)E->v[i] / 64] |= 1ull << ((uint32_t)E->v[i] % 64);
		}
	return seen;
}

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

static char *id_name(long id)
{
	char t[24];
	snprintf(t, sizeof t, "%ld", id);
	return strdup(t);
}

/* Numeric ids that are labels rather than positions: the k distinct ids
 * of E's ends, in increasing order, become nodes 0..k-1, named by their
 * ids (*names, k of them).  Returns k, or -1 when memory fails. */
static long compact_ids(rs_edges *E, long top, char ***names, rs_err *e)
{
	long ends = 2 * E->count, k = 0;
	int32_t *sorted = NULL;
	uint64_t *seen = NULL;
	uint32_t *rank = NULL;
	*names = NULL;
	if ((size_t)top / 64 < (size_t)ends) {
		/* a bitmap and each word's rank: O(1) a lookup */
		size_t words = (size_t)top / 64 + 1;
		seen = id_bitmap(E, top);
		rank = malloc(words * sizeof *rank);
		if (seen == NULL || rank == NULL)
			goto nomem;
		for (size_t w = 0; w < words; w++) {
			rank[w] = (uint32_t)k;
			k += __builtin_popcountll(seen[w]);
		}
	} else {
		/* ids spread far apart (user ids): the ends sorted, once each */
		sorted = malloc((size_t)ends * sizeof *sorted);
		if (sorted == NULL)
			goto nomem;
		memcpy(sorted, E->u, (size_t)E->count * sizeof *sorted);
		memcpy(sorted + E->count, E->v, (size_t)E->count * sizeof *sorted);
		qsort(sorted, (size_t)ends, sizeof *sorted, cmp_i32);
		for (long i = 0; i < ends; i++)
			if (i == 0 || sorted[i] != sorted[k - 1])
				sorted[k++] = sorted[i];
	}
	*names = calloc((size_t)k, sizeof **names);
	if (*names == NULL)
		goto nomem;
	/* the names: the ids in increasing order, from the list or the bits */
	long j = 0;
	for (long i = 0; sorted && i < k; i++)
		if (((*names)[j++] = id_name(sorted[i])) == NULL)
			goto nomem;
	for (size_t w = 0; seen && w <= (size_t)top / 64; w++)
		for (uint64_t bits = seen[w]; bits; bits &= bits - 1)
			if (((*names)[j++] = id_name((long)(w * 64) + __builtin_ctzll(bits))) == NULL)
				goto nomem;
	for (long i = 0; i < E->count; i++) {
		int32_t *end[2] = {&E->u[i], &E->v[i]};
		for (int t = 0; t < 2; t++) {
			uint32_t x = (uint32_t)*end[t];
			if (sorted) {
				int32_t *f = bsearch(end[t], sorted, (size_t)k, sizeof *sorted, cmp_i32);
				*end[t] = (int32_t)(f - sorted);
			} else {
				uint64_t below = seen[x / 64] & ((1ull << (x % 64)) - 1);
				*end[t] = (int32_t)(rank[x / 64] + (uint32_t)__builtin_popcountll(below));
			}
		}
	}
	free(sorted);
	free(seen);
	free(rank);
	return k;
nomem:
	if (*names)
		for (long i = 0; i < k; i++)
			free((*names)[i]);
	free(*names);
	*names = NULL;
	free(sorted);
	free(seen);
	free(rank);
	rs_fail(e, RS_ENOMEM, "out of memory mapping node ids");
	return -1;
}

/* Whether numeric ids are labels to compact (a 'load' with neither
 * 'compact' nor 'nocompact'): when a SNAP header's "Nodes: N" leaves them
 * no room (ids past N - 1, and past N when none is 0), or, where no count
 * was announced, when most of 0..top (1,000 ids or more) would be nodes
 * that no edge names. */
static int sparse_ids(const rs_edges *E, long top, long minid, long n_decl, long snap_n)
{
	if (n_decl >= 0)
		return 0;
	if (snap_n > 0)
		return top >= snap_n + (minid >= 1);
	long ends = 2 * E->count, slots = top + 1;
	if (slots - ends >= 1000 && slots - ends > ends)
		return 1; /* at most `ends` ids appear */
	if (slots < 2000)
		return 0;
	uint64_t *seen = id_bitmap(E, top);
	if (seen == NULL)
		return 0;
	long k = 0;
	for (size_t w = 0; w <= (size_t)top / 64; w++)
		k += __builtin_popcountll(seen[w]);
	free(seen);
	return slots - k >= 1000 && slots - k > k;
}

/* Whether a line's tab-separated fields hold blanks inside them (names
 * such as "New York"), blanks at their ends aside. */
static int tab_fields_blank(const char *s)
{
	while (*s) {
		s += strspn(s, " ");
		size_t n = strcspn(s, "\t");
		while (n > 0 && s[n - 1] == ' ')
			n--;
		if (memchr(s, ' ', n))
			return 1;
		s += strcspn(s, "\t");
		if (*s)
			s++;
	}
	return 0;
}

int rs_next_line_has_comma(const char *p)
{
	while (*p) {
		const char *end = p + strcspn(p, "\n"), *t = p + strspn(p, " \t\r");
		if (t < end && *t != '#' && *t != '%')
			return memchr(t, ',', (size_t)(end - t)) != NULL;
		p = *end ? end + 1 : end;
	}
	return 0;
}

int rs_commented_header(const char *t, const char *first, const char *second)
{
	t += strspn(t, " \t");
	size_t a = strlen(first), b = second ? strlen(second) : 0;
	if (strncasecmp(t, first, a) != 0)
		return 0;
	t += a + strspn(t + a, " \t");
	if (*t != ',')
		return 0;
	t += 1 + strspn(t + 1, " \t");
	if (second == NULL)
		return *t != '\0' && *t != ',' && *t != '\r' && *t != '\n';
	if (strncasecmp(t, second, b) != 0)
		return 0;
	t += b + strspn(t + b, " \t");
	return *t == ',' || *t == '\0' || *t == '\r' || *t == '\n';
}

static rs_graph *read_edgelist(char *buf, const char *path, const rs_load_opts *o, int bipartite,
			       rs_load_info *info, rs_err *e)
{
	struct reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_namemap rows = {0}, cols = {0};
	int symbolic = 0, first = 1, header = o->header;
	/* the columns of the source, target and weight; set by a header line */
	int cs = 0, ct = 1, cw = 2, hcols = 0, konect = 0, konect_signed = 0;
	char wname[64] = "", delim = 0;
	long n_decl = -1, r_decl = -1, c_decl = -1, maxu = -1, maxv = -1, minid = LONG_MAX, snap_n = 0;
	rs_graph *g = NULL;
	char *p = buf, *line;
	while ((line = next_line(&p, &rd)) != NULL) {
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			continue;
		if (*s == '#' && first && header != 0 && rs_commented_header(s + 1, "source", "target") &&
		    rs_next_line_has_comma(p)) {
			s += 1 + strspn(s + 1, " \t"); /* graph-tool's "# source, target, ...": the header */
			header = 1;
		} else if (*s == '#' || *s == '%') {
			long v, n1, n2;
			if (rd.lineno == 1 && (konect = konect_kind(s, &konect_signed)) != 0) {
				info->konect = konect;
				if (konect == 'b')
					bipartite = 1; /* rows and columns are numbered apart */
				if (konect == 'a')
					info->symmetrized = 1;
				continue;
			}
			if (konect && rd.lineno == 2 && konect_counts(s, &n1, &n2)) {
				info->konect_counts = 1;
				if (bipartite) {
					r_decl = n1;
					c_decl = n2;
				} else {
					n_decl = n1 > n2 ? n1 : n2;
				}
				continue;
			}
			if ((v = comment_number(s, "nodes:")) >= 0)
				n_decl = v;
			/* SNAP: "# Nodes: 7115 Edges: 103689", "# Directed graph ..." */
			if (strstr(s, "Edges:") && (v = comment_number(s, "Nodes:")) > 0)
				snap_n = info->snap_nodes = v;
			if (rd.lineno <= 4 && !strncmp(s + 1 + strspn(s + 1, " "), "Directed graph", 14))
				info->symmetrized = 1;
			if ((v = comment_number(s, "rows:")) >= 0)
				r_decl = v;
			if ((v = comment_number(s, "cols:")) >= 0)
				c_decl = v;
			continue;
		}
		/* blanks and tabs that end a line end no field (nor decide the
		 * delimiter) */
		for (size_t l = strlen(s); l > 0 && (s[l - 1] == ' ' || s[l - 1] == '\t'); l--)
			s[l - 1] = '\0';
		char *dict = NULL;
		if (delim == 0 && (dict = attr_dict(s, ' ')) != NULL)
			delim = ' '; /* the dict's commas are not delimiters */
		if (delim == 0) {
			delim = strchr(s, ',') ? ',' : strchr(s, ';') ? ';' : strchr(s, '\t') ? '\t' : ' ';
			/* tabs split fields apart from blanks only where names hold
			 * blanks ("New York<tab>Boston") or the file is a .tsv;
			 * else, a whitespace list with a tab or two typed in, tabs
			 * and blanks alike */
			if (delim == '\t' && rs_path_separator(path) != '\t' && !tab_fields_blank(s))
				delim = ' ';
		}
		if (dict == NULL)
			dict = attr_dict(s, delim);
		/* in a file split on tabs, a line with none is split on blanks */
		char *f[RS_MAX_COLUMNS];
		int nf = rs_split_fields(s, delim == '\t' && !strchr(s, '\t') ? ' ' : delim, f, RS_MAX_COLUMNS);
		if (first && dict) {
			first = 0;
			header = 0;
		}
		if (first) {
			first = 0;
			long t;
			int numeric = nf >= 2 && parse_id(f[0], &t, NULL) == 0 && parse_id(f[1], &t, NULL) == 0;
			if (header < 0) {
				/* two column words, not necessarily first
				 * ("time,source,target") */
				int words = 0;
				for (int c = 0; c < nf; c++)
					words += header_word(f[c]);
				/* or a line unlike the next: names over numeric
				 * ids ("person1,person2" then "1,2"), or a word
				 * over a number in the third column ("user,item,
				 * count" then "u1,i1,2") */
				char next[512];
				char *nextf[RS_MAX_COLUMNS];
				int ng = rs_peek_fields(p, delim, next, sizeof next, nextf, RS_MAX_COLUMNS, NULL);
				int next_numeric = ng >= 2 && parse_id(nextf[0], &t, NULL) == 0 &&
						   parse_id(nextf[1], &t, NULL) == 0;
				int word_over_weight = nf >= 3 && ng >= 3 && !weight_like(f[2], delim) &&
						       weight_like(nextf[2], delim);
				/* in a comma, semicolon or tab separated file,
				 * as in a spreadsheet's export: two words that
				 * no later line names as nodes */
				int table = delim != ' ' && nf >= 2 && strcmp(f[0], f[1]) != 0;
				header = !numeric &&
					 ((nf >= 2 && next_numeric) || word_over_weight ||
					  ((words >= 2 || table) && !words_reappear(p, delim, f[0], f[1])));
				if (header && words < 2)
					header = 2; /* a guess the load's note owns up to */
				for (int c = 0; o->weight_name && !numeric && c < nf; c++)
					if (!strcasecmp(f[c], o->weight_name))
						header = 1; /* it names the column asked for */
			}
			if (header) {
				info->header_skipped = header;
				if (nf >= 2) {
					hcols = nf;
					if (header_columns(f, nf, o->weight_name, &cs, &ct, &cw, info->columns,
							   sizeof info->columns) != 0) {
						char list[256] = "";
						for (int c = 0; c < nf; c++)
							rs_list_append(list, sizeof list, ", ", f[c]);
						FAIL_AT(&rd, "weight %s: no column of the header has that name (its columns: %s)",
							o->weight_name, list);
						goto fail;
					}
					if (cw >= 0 && cw < nf)
						snprintf(wname, sizeof wname, "%s", f[cw]);
					for (int c = 0; c < nf; c++)
						if (c != cs && c != ct && f[c][0] != '\0')
							rs_list_append(info->edge_columns, sizeof info->edge_columns,
								       ", ", f[c]);
				}
				continue;
			}
		}
		if (o->weight_name && !hcols) {
			FAIL_AT(&rd, "weight %s: the file has no header line naming its columns", o->weight_name);
			goto fail;
		}
		if (nf < 2) {
			FAIL_AT(&rd, "expected two node ids%s, found %d field%s%s", " and an optional weight",
				nf, nf == 1 ? "" : "s",
				nf == 1 ? " (an adjacency list, each node then its neighbours? 'format adjlist')" : "");
			goto fail;
		}
		/* empty fields past the last column (a trailing tab or comma, as
		 * some spreadsheet exports leave) are not columns */
		while (delim != ' ' && nf > (hcols > 3 ? hcols : 3) && f[nf - 1][0] == '\0')
			nf--;
		if (hcols > 3 && (nf <= cs || nf <= ct || (cw >= 0 && nf <= cw && !o->unweighted))) {
			FAIL_AT(&rd, "%d field%s where the header has %d", nf, nf == 1 ? "" : "s", hcols);
			goto fail;
		}
		if (hcols <= 3 && nf > 3 && delim != ' ' && !o->unweighted) {
			FAIL_AT(&rd, "%d fields, more than 3 (source, target, weight): a header line naming "
				     "the columns picks them, 'unweighted' reads the first two, 'format matrix' "
				     "reads a dense adjacency matrix",
				nf);
			goto fail;
		}
		if (hcols <= 3 && nf > 3)
			info->extra_fields++;
		double w = 1.0;
		if (cw >= 0 && nf > cw && !o->unweighted) {
			const char *fw = f[cw];
			if (fw[0] == '\0') {
				FAIL_AT(&rd, "the weight field is empty (a trailing %s?); 'unweighted' reads the edges without weights",
					delim == '\t' ? "tab" : delim == ',' ? "comma" : delim == ';' ? "semicolon" : "space");
				goto fail;
			}
			if (parse_weight(fw, &w) != 0 && !(delim == ';' && decimal_comma(fw, &w))) {
				if (fw[0] == '{' && strchr(fw, '}') == NULL)
					FAIL_AT(&rd, "edge attributes '%.40s...' do not close the line with '}' (networkx's "
						     "edge list ends each line with '{...}'); 'unweighted' reads the edges "
						     "without them",
						fw);
				else if (wname[0])
					FAIL_AT(&rd, "weight '%s' (column %s) is not a number; 'unweighted' reads the edges without weights",
						fw, wname);
				else
					FAIL_AT(&rd, "weight '%s' is not a number%s", fw,
						nf < 3 || isdigit((unsigned char)f[ct][0]) || hcols > 3 ? ""
						: delim == ';' || delim == ','
							? " (an adjacency list, a node then its neighbours, as Gephi's "
							  "'A;B;C'? 'format adjlist')"
							: " (Cytoscape's SIF, 'node relation node ...'? 'format sif')");
				goto fail;
			}
			if (!isfinite(w) || w < 0) {
				FAIL_AT(&rd, "weight %s: weights must be finite and >= 0%s", fw,
					konect_signed && w < 0 ? " (a signed KONECT network: 'unweighted' reads its "
								 "edges without the signs)" : "");
				goto fail;
			}
		}
		if (dict) {
			char fw[64];
			int r = o->unweighted ? 0 : dict_weight(dict, fw, sizeof fw);
			if (r < 0) {
				FAIL_AT(&rd, "edge attributes '%.40s%s' are not a Python dict as networkx writes them; "
					     "'unweighted' reads the edges without them",
					dict, strlen(dict) > 40 ? "..." : "");
				goto fail;
			}
			if (dict_weight_value(&rd, r, fw, &w, info) != 0)
				goto fail;
		}
		const char *fu = f[cs], *fv = f[ct];
		if (fu[0] == '\0' || fv[0] == '\0') {
			FAIL_AT(&rd, "the %s field is empty: every edge needs both its nodes",
				fu[0] == '\0' ? (hcols > 0 ? "source" : "first") : (hcols > 0 ? "target" : "second"));
			goto fail;
		}
		long u, v;
		if (!symbolic && (parse_id(fu, &u, &info->decimal_ids) != 0 ||
				  parse_id(fv, &v, &info->decimal_ids) != 0 || u < 0 || v < 0 ||
				  u > MAX_ID || v > MAX_ID)) {
			/* switch to names: the ids read so far become names too */
			symbolic = 1;
			for (long i = 0; i < E.count; i++) {
				char tmp[24];
				int l = snprintf(tmp, sizeof tmp, "%d", E.u[i]);
				long a = rs_nm_intern(&rows, tmp, (size_t)l, 1, e);
				l = snprintf(tmp, sizeof tmp, "%d", E.v[i]);
				long b = rs_nm_intern(bipartite ? &cols : &rows, tmp, (size_t)l, 1, e);
				if (a < 0 || b < 0)
					goto fail;
				E.u[i] = (int32_t)a;
				E.v[i] = (int32_t)b;
			}
		}
		if (symbolic) {
			/* ids read as decimals before the names began became the
			 * names "3"..., so "3.0" must stay that node */
			char cu[24], cv[24];
			if (info->decimal_ids) {
				fu = decimal_as_integer(fu, cu, sizeof cu);
				fv = decimal_as_integer(fv, cv, sizeof cv);
			}
			u = rs_nm_intern(&rows, fu, strlen(fu), 1, e);
			v = rs_nm_intern(bipartite ? &cols : &rows, fv, strlen(fv), 1, e);
			if (u < 0 || v < 0)
				goto fail;
		} else {
			if (u > maxu)
				maxu = u;
			if (v > maxv)
				maxv = v;
			if (u < minid)
				minid = u;
			if (v < minid)
				minid = v;
		}
		if (rs_edges_push(&E, u, v, w, e) != 0)
			goto fail;
	}
	info->lines = rd.lineno;
	long n, m = 0;
	if (symbolic) {
		info->relabeled = 1;
		n = rows.count;
		m = bipartite ? cols.count : 0;
	} else if (!bipartite && E.count > 0 && o->ids != RS_IDS_KEEP &&
		   (o->ids == RS_IDS_COMPACT || sparse_ids(&E, maxu > maxv ? maxu : maxv, minid,
							    n_decl, snap_n))) {
		/* the ids are labels: nodes in their increasing order, named as
		 * symbolic ids are (the build and the names' handover below) */
		long top = maxu > maxv ? maxu : maxv;
		n = compact_ids(&E, top, &rows.names, e);
		if (n < 0)
			goto fail;
		rows.count = n;
		symbolic = 1;
		info->relabeled = 1;
		info->compacted = n;
		info->id_top = top;
	} else {
		int base = o->base < 0 && konect ? 1 : o->base; /* KONECT numbers from 1 */
		if (base < 0) {
			/* 1-based when no id 0 appears, unless a '# nodes' (or rows,
			 * cols) comment says otherwise: regspec writes 0-based lists
			 * under one. Ids that reach the number announced can only be
			 * 1-based. */
			long top = maxu > maxv ? maxu : maxv;
			int fits0 = bipartite ? (r_decl < 0 || maxu < r_decl) && (c_decl < 0 || maxv < c_decl)
					      : n_decl < 0 || top < n_decl;
			int fits1 = bipartite ? (r_decl < 0 || maxu <= r_decl) && (c_decl < 0 || maxv <= c_decl)
					      : n_decl < 0 || top <= n_decl;
			int declared = bipartite ? (r_decl >= 0 || c_decl >= 0) : n_decl >= 0;
			base = (minid == 1 && !declared) || (minid >= 1 && declared && !fits0 && fits1) ? 1 : 0;
		}
		if (base == 1) {
			if (minid < 1 && E.count > 0) {
				rs_fail(e, RS_EINVAL, "%s: node id 0 in a file read as 1-based", path);
				goto fail;
			}
			for (long i = 0; i < E.count; i++) {
				E.u[i]--;
				E.v[i]--;
			}
			if (E.count > 0) { /* no edges: no largest id to shift */
				maxu--;
				maxv--;
			}
			info->one_based = 1;
		}
		if (bipartite) {
			n = r_decl >= 0 ? r_decl : maxu + 1;
			m = c_decl >= 0 ? c_decl : maxv + 1;
			if (maxu >= n || maxv >= m) {
				rs_fail(e, RS_EINVAL,
					"%s: ids up to (%ld, %ld) but the header says %ld rows, %ld columns (ids read as %d-based)",
					path, maxu + base, maxv + base, n, m, base);
				goto fail;
			}
		} else {
			long top = maxu > maxv ? maxu : maxv;
			n = n_decl >= 0 ? n_decl : top + 1;
			if (top >= n) {
				rs_fail(e, RS_EINVAL, "%s: node id %ld but the header says %ld nodes%s", path,
					top + (base == 1), n,
					base == 1 ? " (ids read as 1-based)" : " (ids read as 0-based)");
				goto fail;
			}
		}
	}
	if (E.count == 0 && n <= 0) {
		if (info->header_skipped)
			rs_fail(e, RS_EINVAL,
				"%s: no edges after the header line; give 'noheader' if that line is an edge",
				path);
		else
			rs_fail(e, RS_EINVAL, "%s: no edges (and no '# nodes: N' line)", path);
		goto fail;
	}
	info->weighted = E.w != NULL;
	if (o->max_nodes > 0 && n + m > o->max_nodes) {
		rs_fail(e, RS_EINVAL, "%s: %ld nodes, more than the %ld allowed", path, n + m, o->max_nodes);
		goto fail;
	}
	g = rs_graph_build(n, m, bipartite, &E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto fail;
	if (symbolic) {
		g->names = rs_nm_take(&rows);
		if (bipartite)
			g->cnames = rs_nm_take(&cols);
	}
fail:
	rs_edges_free(&E);
	rs_nm_free(&rows);
	rs_nm_free(&cols);
	return g;
}

/* ------------------------------------------------------------ Matrix Market */

/* A dense Matrix Market file ('matrix array', what scipy.io.mmwrite writes
 * for a numpy array): the size line 'rows cols', then the values column by
 * column, the lower triangle only when symmetric.  Its nonzero values are
 * the edges; zeros are not edges, and are not counted as dropped ones. */
static rs_graph *read_mtx_array(char *p, struct reader *rd, int symmetric, const rs_load_opts *o,
				rs_load_info *info, rs_err *e)
{
	long R = -1, C = -1, total = 0, seen = 0, i = 0, j = 0;
	rs_edges E = {0};
	rs_graph *g = NULL;
	int bip = 0;
	char *line;
	while ((line = next_line(&p, rd)) != NULL) {
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '%' || *s == '\0')
			continue;
		if (R < 0) {
			char *f[3];
			int nf = rs_split_fields(s, ' ', f, 3);
			if (nf != 2 || parse_long(f[0], &R) || parse_long(f[1], &C) || R < 1 || C < 1) {
				R = -1;
				FAIL_AT(rd, "expected the size line 'rows cols' of an array file");
				goto fail;
			}
			if (R > MAX_ID || C > MAX_ID || (double)R * (double)C > 4e9) {
				FAIL_AT(rd, "%ld x %ld: too large for a dense (array) file", R, C);
				goto fail;
			}
			if (o->max_nodes > 0 && R + C > 2 * o->max_nodes) {
				FAIL_AT(rd, "%ld x %ld: more than the %ld nodes allowed", R, C, o->max_nodes);
				goto fail;
			}
			bip = R != C || o->bipartite;
			if (R != C && symmetric) {
				FAIL_AT(rd, "a symmetric matrix must be square");
				goto fail;
			}
			total = symmetric ? R * (R + 1) / 2 : R * C;
			continue;
		}
		char *q = s, *t;
		while ((t = next_token(&q)) != NULL) {
			double w;
			if (parse_weight(t, &w) || !isfinite(w) || w < 0) {
				FAIL_AT(rd, "value '%s': weights must be finite numbers >= 0", t);
				goto fail;
			}
			if (++seen > total) {
				FAIL_AT(rd, "more values than the %ld a %ld x %ld%s array holds", total, R, C,
					symmetric ? " symmetric" : "");
				goto fail;
			}
			if (w != 0 && rs_edges_push(&E, i, j, o->unweighted ? 1.0 : w, e) != 0)
				goto fail;
			/* 'bipartite' on a symmetric square: B has both triangles
			 * (a general array lists both already: a rectangular one's
			 * (j, i) would lie outside it) */
			if (w != 0 && bip && symmetric && i != j &&
			    rs_edges_push(&E, j, i, o->unweighted ? 1.0 : w, e) != 0)
				goto fail;
			if (++i == R) { /* the next column: from its diagonal when symmetric */
				j++;
				i = symmetric ? j : 0;
			}
		}
	}
	if (R < 0) {
		rs_fail(e, RS_EINVAL, "%s: no size line", rd->path);
		goto fail;
	}
	if (seen < total) {
		fail_short(rd, total, seen, "values");
		goto fail;
	}
	info->lines = rd->lineno;
	info->weighted = E.w != NULL;
	info->symmetrized = !bip && !symmetric;
	g = rs_graph_build(R, bip ? C : 0, bip, &E, o->merge, &info->merged, &info->dropped, e);
fail:
	rs_edges_free(&E);
	return g;
}

static rs_graph *read_mtx(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			  rs_err *e)
{
	struct reader rd = {path, 0, e};
	char *p = buf, *line = next_line(&p, &rd);
	char obj[32], fmt[32], field[32], sym[32];
	if (line == NULL || sscanf(line, "%%%%MatrixMarket %31s %31s %31s %31s", obj, fmt, field, sym) != 4) {
		FAIL_AT(&rd, "not a Matrix Market header (%%%%MatrixMarket matrix coordinate ...)");
		return NULL;
	}
	int array = !strcasecmp(fmt, "array");
	if (strcasecmp(obj, "matrix") || (strcasecmp(fmt, "coordinate") && !array)) {
		FAIL_AT(&rd, "only 'matrix coordinate' and 'matrix array' files are graphs (got '%s %s')",
			obj, fmt);
		return NULL;
	}
	int pattern = !strcasecmp(field, "pattern");
	if (array && pattern) {
		FAIL_AT(&rd, "an array file lists values: its field is real or integer, not pattern");
		return NULL;
	}
	if (!pattern && strcasecmp(field, "real") && strcasecmp(field, "integer")) {
		FAIL_AT(&rd, "field '%s' is not supported (real, integer or pattern)", field);
		return NULL;
	}
	int symmetric = !strcasecmp(sym, "symmetric");
	if (!symmetric && strcasecmp(sym, "general")) {
		FAIL_AT(&rd, "symmetry '%s' is not supported (general or symmetric)", sym);
		return NULL;
	}
	if (array)
		return read_mtx_array(p, &rd, symmetric, o, info, e);
	long R = -1, C = -1, Z = -1, seen = 0;
	rs_edges E = {0};
	rs_graph *g = NULL;
	int bip = 0;
	while ((line = next_line(&p, &rd)) != NULL) {
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '%' || *s == '\0')
			continue;
		char *f[4];
		int nf = rs_split_fields(s, ' ', f, 4);
		if (R < 0) {
			if (nf != 3 || parse_long(f[0], &R) || parse_long(f[1], &C) || parse_long(f[2], &Z) ||
			    R < 1 || C < 1 || Z < 0) {
				FAIL_AT(&rd, "expected the size line 'rows cols entries'");
				goto fail;
			}
			if (R > MAX_ID || C > MAX_ID) {
				FAIL_AT(&rd, "%ld x %ld: more than %ld nodes is beyond this build", R, C, MAX_ID);
				goto fail;
			}
			if ((double)Z > (double)R * (double)C || Z > 4000000000L) {
				FAIL_AT(&rd, "%ld entries cannot fit a %ld x %ld matrix", Z, R, C);
				goto fail;
			}
			if (memory_refused(&rd, R + C, (double)Z * (symmetric ? 2 : 1)))
				goto fail;
			if (o->max_nodes > 0 && R + C > 2 * o->max_nodes) {
				FAIL_AT(&rd, "%ld x %ld: more than the %ld nodes allowed", R, C, o->max_nodes);
				goto fail;
			}
			bip = R != C || o->bipartite;
			if (R != C && symmetric) {
				FAIL_AT(&rd, "a symmetric matrix must be square");
				goto fail;
			}
			continue;
		}
		if (nf < (pattern ? 2 : 3)) {
			FAIL_AT(&rd, "expected 'row col%s', found %d field%s", pattern ? "" : " value", nf,
				nf == 1 ? "" : "s");
			goto fail;
		}
		long i, j;
		double w = 1.0;
		if (parse_long(f[0], &i) || parse_long(f[1], &j) || i < 1 || j < 1 || i > R || j > C) {
			FAIL_AT(&rd, "entry (%s, %s) is outside the %ld x %ld matrix (indices start at 1)",
				f[0], f[1], R, C);
			goto fail;
		}
		if (!pattern && !o->unweighted && (parse_weight(f[2], &w) || !isfinite(w) || w < 0)) {
			FAIL_AT(&rd, "value '%s': weights must be finite numbers >= 0", f[2]);
			goto fail;
		}
		if (++seen > Z) {
			FAIL_AT(&rd, "more entries than the %ld announced", Z);
			goto fail;
		}
		if (rs_edges_push(&E, i - 1, j - 1, w, e) != 0)
			goto fail;
		/* 'bipartite' on a symmetric square: B has both triangles */
		if (bip && symmetric && i != j && rs_edges_push(&E, j - 1, i - 1, w, e) != 0)
			goto fail;
	}
	if (R < 0) {
		rs_fail(e, RS_EINVAL, "%s: no size line", path);
		goto fail;
	}
	if (seen < Z) {
		fail_short(&rd, Z, seen, "entries");
		goto fail;
	}
	info->lines = rd.lineno;
	info->weighted = !pattern;
	info->symmetrized = !bip && !symmetric;
	g = rs_graph_build(R, bip ? C : 0, bip, &E, o->merge, &info->merged, &info->dropped, e);
fail:
	rs_edges_free(&E);
	return g;
}

/* ------------------------------------------------------------ DIMACS and METIS */

/* DIMACS: 'c' comments, a problem line 'p FORMAT N M', then edges 'e u v'
 * (the coloring and clique challenges' .col, .clq) or arcs 'a u v [w]'
 * (shortest paths' .gr, flows' .max), ids from 1; 'n' node lines (a flow's
 * source and sink, a coloring's node weights) are skipped. Arcs are made
 * undirected like any directed input. */
static rs_graph *read_dimacs(char *buf, const char *path, const rs_load_opts *o,
			     rs_load_info *info, rs_err *e)
{
	struct reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_graph *g = NULL;
	long n = -1, m = -1, seen = 0;
	int arcs = 0, weighted = 0;
	char *p = buf, *line;
	while ((line = next_line(&p, &rd)) != NULL) {
		char *f[6];
		int nf = rs_split_fields(line, ' ', f, 6);
		if (nf == 0 || f[0][0] == 'c' || f[0][0] == '%' || f[0][0] == '#')
			continue;
		if (!strcmp(f[0], "p")) {
			if (n >= 0) {
				FAIL_AT(&rd, "a second problem line");
				goto fail;
			}
			if (nf < 4 || parse_long(f[2], &n) || parse_long(f[3], &m) || n < 1 || m < 0) {
				FAIL_AT(&rd, "expected the problem line 'p FORMAT NODES EDGES' (at least one node)");
				n = -1;
				goto fail;
			}
			if (size_refused(&rd, n, (double)m, o))
				goto fail;
			continue;
		}
		if (!strcmp(f[0], "n"))
			continue;
		if (strcmp(f[0], "e") && strcmp(f[0], "a")) {
			FAIL_AT(&rd, "'%s': a DIMACS line starts with c, p, e, a or n", f[0]);
			goto fail;
		}
		if (n < 0) {
			FAIL_AT(&rd, "an edge before the problem line 'p FORMAT NODES EDGES'");
			goto fail;
		}
		long u, v;
		double w = 1.0;
		if (nf < 3 || parse_id(f[1], &u, NULL) || parse_id(f[2], &v, NULL)) {
			FAIL_AT(&rd, "expected '%s U V%s'", f[0], f[0][0] == 'a' ? " [WEIGHT]" : "");
			goto fail;
		}
		if (u < 1 || v < 1 || u > n || v > n) {
			FAIL_AT(&rd, "node %ld is not one of the %ld the problem line announced (ids start at 1)",
				u < 1 || u > n ? u : v, n);
			goto fail;
		}
		if (f[0][0] == 'a') {
			arcs = 1;
			if (nf >= 4 && !o->unweighted) {
				if (parse_weight(f[3], &w) || !isfinite(w) || w < 0) {
					FAIL_AT(&rd, "weight '%s': weights must be finite numbers >= 0", f[3]);
					goto fail;
				}
				weighted = 1;
			}
		}
		seen++;
		if (rs_edges_push(&E, u - 1, v - 1, w, e) != 0)
			goto fail;
	}
	if (n < 0) {
		rs_fail(e, RS_EINVAL, "%s: no problem line 'p FORMAT NODES EDGES'", path);
		goto fail;
	}
	/* some .col files announce each edge twice: a file cut short lists
	 * fewer than half */
	if (2 * seen < m) {
		fail_short(&rd, m, seen, "edges");
		goto fail;
	}
	info->lines = rd.lineno;
	info->weighted = weighted;
	info->symmetrized = arcs;
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
fail:
	rs_edges_free(&E);
	return g;
}

/* METIS (and Chaco): '%' comments, a header 'N M [FMT [NCON]]', then line i
 * lists the neighbours of node i (ids from 1), an empty line a node without
 * any; FMT's last digit 1: each neighbour followed by its edge's weight,
 * its middle digit 1: NCON node weights first (skipped), its first digit 1:
 * a node size first (skipped). Every edge is listed from both ends: M is
 * half the entries. */
static rs_graph *read_metis(char *buf, const char *path, const rs_load_opts *o,
			    rs_load_info *info, rs_err *e)
{
	struct reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_graph *g = NULL;
	long n = -1, m = -1, node = 0, entries = 0;
	int ew = 0, skip = 0;
	char *p = buf, *line;
	while ((line = next_line(&p, &rd)) != NULL) {
		char *q = line + strspn(line, " \t");
		if (*q == '%')
			continue;
		if (n < 0) {
			if (*q == '\0')
				continue;
			char *f[5];
			int nf = rs_split_fields(line, ' ', f, 5);
			long ncon = 1;
			if (nf < 2 || nf > 4 || parse_long(f[0], &n) || parse_long(f[1], &m) || n < 1 || m < 0 ||
			    (nf >= 3 && (strspn(f[2], "01") != strlen(f[2]) || strlen(f[2]) > 3)) ||
			    (nf == 4 && (parse_long(f[3], &ncon) || ncon < 1 || ncon > 1000))) {
				FAIL_AT(&rd, "expected the METIS header 'NODES EDGES [FMT [NCON]]' (at least one node)");
				n = -1;
				goto fail;
			}
			long fmt = nf >= 3 ? strtol(f[2], NULL, 10) : 0;
			ew = fmt % 10 == 1;
			skip = (fmt / 100 % 10 == 1) + (fmt / 10 % 10 == 1 ? (int)ncon : 0);
			if (size_refused(&rd, n, 2.0 * (double)m, o))
				goto fail;
			continue;
		}
		if (++node > n) {
			if (*q == '\0' && p[strspn(p, " \t\r\n")] == '\0')
				break; /* blank lines at the end */
			FAIL_AT(&rd, "more node lines than the %ld the header announced", n);
			goto fail;
		}
		char *tok;
		for (int t = 0; (tok = next_token(&q)) != NULL; t++) {
			double w = 1.0;
			long v;
			if (t < skip) { /* a node size or weight */
				if (parse_weight(tok, &w) != 0) {
					FAIL_AT(&rd, "'%s' is not a number", tok);
					goto fail;
				}
				continue;
			}
			if (parse_long(tok, &v) != 0) {
				FAIL_AT(&rd, "'%s' is not a number", tok);
				goto fail;
			}
			if (v < 1 || v > n) {
				FAIL_AT(&rd, "neighbour %ld of node %ld is not a node id 1..%ld", v, node, n);
				goto fail;
			}
			if (ew) {
				if ((tok = next_token(&q)) == NULL) {
					FAIL_AT(&rd, "neighbour %ld of node %ld has no weight (FMT says weights)", v,
						node);
					goto fail;
				}
				if (parse_weight(tok, &w) != 0 || !isfinite(w) || w < 0) {
					FAIL_AT(&rd, "weight '%s': weights must be finite numbers >= 0", tok);
					goto fail;
				}
				if (o->unweighted)
					w = 1.0;
			}
			entries += v == node ? 2 : 1; /* a loop, listed once, is both ends */
			/* each edge once, from its lower end: both listings are the
			 * format, not a repeat to merge */
			if (v >= node && rs_edges_push(&E, node - 1, v - 1, w, e) != 0)
				goto fail;
		}
	}
	if (n < 0) {
		rs_fail(e, RS_EINVAL, "%s: no METIS header 'NODES EDGES [FMT [NCON]]'", path);
		goto fail;
	}
	if (node < n) {
		fail_short(&rd, n, node, "node lines");
		goto fail;
	}
	if (entries != 2 * m) {
		rs_fail(e, RS_EINVAL, "%s: the header announces %ld edges, the lists hold %ld ends "
			"(each edge is listed from both ends: %ld expected)", path, m, entries, 2 * m);
		goto fail;
	}
	info->lines = rd.lineno;
	info->weighted = ew && !o->unweighted;
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
fail:
	rs_edges_free(&E);
	return g;
}

/* ------------------------------------------------------------ adjacency lists */

/* networkx's write_multiline_adjlist: a line 'NODE COUNT', then COUNT lines
 * 'NEIGHBOUR {attributes}', a Python dict on every one.  1 when s starts
 * that way: 'NODE COUNT' lines, then a neighbour with its dict (a plain
 * adjacency list has no dicts).  A later line out of shape is the reader's
 * error, with its line. */
static int nx_multiline(const char *s)
{
	int header = 1;
	for (int lines = 0; *s && lines < 1000; lines++) {
		const char *end = s + strcspn(s, "\n"), *t = s + strspn(s, " \t\r");
		const char *next = *end ? end + 1 : end;
		const char *z = end;
		while (z > t && (z[-1] == ' ' || z[-1] == '\t' || z[-1] == '\r'))
			z--;
		s = next;
		if (t >= z || *t == '#')
			continue;
		const char *b = t + strcspn(t, " \t\r\n"); /* the first field's end */
		b += strspn(b, " \t\r");                    /* what follows it */
		if (!header) /* the first neighbour line */
			return b < z && *b == '{' && z[-1] == '}';
		char *stop = NULL;
		long c = b < z && isdigit((unsigned char)*b) ? strtol(b, &stop, 10) : -1;
		if (c < 0 || stop != z)
			return 0;
		header = c == 0;
	}
	return 0;
}

/* The separator of an adjacency list as Gephi's CSV import reads one
 * ('A;B;C': A's neighbours B and C): ';' or ',' where the first line that
 * is not a comment holds one (outside double quotes), else 0 (blanks). */
static char adjlist_delim(const char *s)
{
	for (int lines = 0; *s && lines < 100; lines++) {
		const char *end = s + strcspn(s, "\n"), *t = s + strspn(s, " \t\r");
		if (t < end && *t != '#' && *t != '%') {
			int quoted = 0;
			for (const char *c = t; c < end; c++) {
				quoted ^= *c == '"';
				if (!quoted && (*c == ';' || *c == ','))
					return *c;
			}
			return 0;
		}
		s = *end ? end + 1 : end;
	}
	return 0;
}

/* Gephi's adjacency list CSV: lines of a varying number of fields split
 * by delim (quotes kept together), at least one of 4 or more, no length
 * shared by 60 % of the lines, and no empty first field. A table's rows
 * have its header's number of fields, but for a short row or two (an
 * error to report), and a matrix has an empty corner. */
static int delimited_adjlist_like(const char *s, char delim)
{
	int count[64] = {0}, lines = 0, hi = 0;
	for (int seen = 0; *s && seen < 1000; seen++) {
		const char *end = s + strcspn(s, "\n"), *t = s + strspn(s, " \t\r");
		if (t < end && *t != '#' && *t != '%' && !(*t == '\r' && t + 1 == end)) {
			int nf = 1, quoted = 0;
			if (*t == delim)
				return 0; /* an empty first field: a matrix's corner, a row without its id */
			for (const char *c = t; c < end; c++) {
				if (*c == '{' || *c == '\t')
					return 0; /* a networkx dict, a tab-separated table */
				quoted ^= *c == '"';
				nf += !quoted && *c == delim;
			}
			count[nf < 63 ? nf : 63]++;
			lines++;
			hi = nf > hi ? nf : hi;
		}
		s = *end ? end + 1 : end;
	}
	int mode = 0;
	for (int k = 0; k < 64; k++)
		mode = count[k] > mode ? count[k] : mode;
	return lines >= 3 && hi >= 4 && mode < 0.6 * lines;
}

/* Whether s looks like an adjacency list rather than an edge list: Gephi's
 * delimited one (delimited_adjlist_like), or networkx's write_adjlist,
 * lines separated by blanks (no tabs, commas or quotes, which tables and
 * names with blanks in them use) whose field counts vary, some line
 * holding 5 or more (an edge list has 2 to 4 columns, the same on every
 * line: source, target, weight, time).  The first 1,000 lines decide;
 * 'format adjlist' or 'format edges' overrides. */
static int adjlist_like(const char *s)
{
	char delim = adjlist_delim(s);
	if (delim)
		return delimited_adjlist_like(s, delim);
	int lo = 0, hi = 0;
	for (int lines = 0; *s && lines < 1000; lines++) {
		const char *end = s + strcspn(s, "\n"), *t = s + strspn(s, " \t\r");
		const char *next = *end ? end + 1 : end;
		if (t < end && *t != '#' && *t != '%' && !(*t == '\r' && t + 1 == end)) {
			if (memchr(t, '\t', (size_t)(end - t)) != NULL)
				return 0; /* a table's cells, or names with blanks between tabs */
			int nf = 0;
			for (const char *c = t; c < end;) {
				if (*c == ',' || *c == ';' || *c == '{' || *c == '"' || *c == '\'')
					return 0;
				size_t w = strcspn(c, " \t\r\n");
				if (w > 0)
					nf++;
				c += w;
				c += strspn(c, " \t\r");
			}
			if (lo == 0 || nf < lo)
				lo = nf;
			if (nf > hi)
				hi = nf;
		}
		s = next;
	}
	return hi >= 5 && lo < hi;
}

/* An adjacency list, as networkx's write_adjlist writes one: each line a
 * node, then its neighbours, blanks between; '#' comments; a node alone on
 * its line is a node all the same (isolated, or its edges listed before).
 * Names are taken in order of appearance; when every one is an integer the
 * integers are the ids, 0-based, or 1-based when no 0 appears ('base').
 * networkx's multiline form (nx_multiline) reads too: each node's line
 * says how many neighbour lines follow, and their dicts give the weights. */
/* One word of an adjacency list's line: the line's node (*u < 0), else an
 * edge from it; *numeric cleared by a word that is no id. */
static int adj_word(struct reader *rd, rs_namemap *nm, rs_edges *E, const char *w, long *u, long *entries,
		    int *numeric)
{
	long t;
	if (*numeric && (parse_long(w, &t) != 0 || t < 0 || t > MAX_ID))
		*numeric = 0;
	long v = rs_nm_intern(nm, w, strlen(w), 1, rd->e);
	if (v < 0)
		return -1;
	if (*u < 0) {
		*u = v;
		return 0;
	}
	if (++*entries % 1048576 == 0 && memory_refused(rd, nm->count, (double)*entries))
		return -1;
	return rs_edges_push(E, *u, v, 1.0, rd->e);
}

struct id_at {
	long id, at;
};

static int cmp_id_at(const void *a, const void *b)
{
	const struct id_at *x = a, *y = b;
	return x->id != y->id ? (x->id > y->id) - (x->id < y->id) : (x->at > y->at) - (x->at < y->at);
}

/* Each id's rank among the different ids of id[0..n) into rank (equal
 * ids, "7" and "07", one rank): the number of ranks, or -1 out of memory. */
static long adjlist_ranks(const long *id, long n, long *rank, rs_err *e)
{
	struct id_at *P = rs_alloc(e, (size_t)(n > 0 ? n : 1), sizeof *P, "node ids");
	if (P == NULL)
		return -1;
	for (long i = 0; i < n; i++)
		P[i] = (struct id_at){id[i], i};
	qsort(P, (size_t)n, sizeof *P, cmp_id_at);
	long k = 0;
	for (long j = 0; j < n; j++) {
		k += j > 0 && P[j].id != P[j - 1].id;
		rank[P[j].at] = k;
	}
	free(P);
	return n > 0 ? k + 1 : 0;
}

static rs_graph *read_adjlist(char *buf, const char *path, const rs_load_opts *o,
			      rs_load_info *info, rs_err *e)
{
	struct reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_namemap nm = {0};
	long *id = NULL, *rank = NULL; /* numeric names: their ids, and their ranks */
	char **names = NULL; /* numeric ids read as names: in increasing order */
	long nnames = 0;
	rs_graph *g = NULL;
	int numeric = 1, multi = nx_multiline(buf);
	char delim = multi ? 0 : adjlist_delim(buf), **f = NULL; /* Gephi's 'A;B;C' lines */
	size_t fcap = 0;
	long entries = 0, owner = -1, left = 0; /* multi: the node whose neighbours follow */
	char *p = buf, *line;
	info->nx_multiline = multi;
	while ((line = next_line(&p, &rd)) != NULL) {
		char *q = line + strspn(line, " \t"), *tok;
		if (*q == '#' || *q == '%')
			continue;
		long u = -1, t;
		if (multi && *q != '\0') {
			tok = next_token(&q);
			if (numeric && (parse_long(tok, &t) != 0 || t < 0 || t > MAX_ID))
				numeric = 0;
			long v = rs_nm_intern(&nm, tok, strlen(tok), 1, e);
			if (v < 0)
				goto fail;
			char *rest = q + strspn(q, " \t");
			if (left == 0) {
				char *cnt = next_token(&q);
				if (cnt == NULL || parse_long(cnt, &left) != 0 || left < 0 || next_token(&q) != NULL) {
					FAIL_AT(&rd, "'%.40s%s%.40s%s' is not a line 'NODE COUNT' (networkx's multiline "
						     "adjacency list: a node and its number of neighbours, then one "
						     "neighbour a line)",
						tok, *rest ? " " : "", rest, strlen(rest) > 40 ? "..." : "");
					goto fail;
				}
				owner = v;
				continue;
			}
			double w = 1;
			if (*rest != '\0') {
				size_t l = strlen(rest);
				while (l > 0 && (rest[l - 1] == ' ' || rest[l - 1] == '\t'))
					rest[--l] = '\0';
				char fw[64];
				int r = rest[0] != '{' || rest[l - 1] != '}' ? -1 : o->unweighted ? 0
												  : dict_weight(rest, fw, sizeof fw);
				if (r < 0) {
					FAIL_AT(&rd, "'%.40s%s' after neighbour %s is not a Python dict as networkx "
						     "writes them",
						rest, l > 40 ? "..." : "", tok);
					goto fail;
				}
				if (dict_weight_value(&rd, r, fw, &w, info) != 0)
					goto fail;
			}
			left--;
			if (++entries % 1048576 == 0 && memory_refused(&rd, nm.count, (double)entries))
				goto fail;
			if (rs_edges_push(&E, owner, v, w, e) != 0)
				goto fail;
			continue;
		}
		if (delim) { /* Gephi's 'A;B;C': fields split at the separator */
			size_t nfmax = 1;
			for (const char *c = q; *c; c++)
				nfmax += *c == delim;
			if (nfmax > fcap) {
				char **nf = realloc(f, nfmax * sizeof *nf);
				if (nf == NULL) {
					rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
					goto fail;
				}
				f = nf;
				fcap = nfmax;
			}
			int nf = rs_split_fields(q, delim, f, (int)(nfmax < INT_MAX ? nfmax : INT_MAX));
			for (int i = 0; i < nf; i++) {
				char *w = f[i];
				size_t l = strlen(w);
				while (l > 0 && (w[l - 1] == '\r' || w[l - 1] == ' ' || w[l - 1] == '\t'))
					w[--l] = '\0';
				if (l > 0 && adj_word(&rd, &nm, &E, w, &u, &entries, &numeric) != 0)
					goto fail; /* (an empty field, 'A;B;;', is none) */
			}
			continue;
		}
		while ((tok = next_token(&q)) != NULL)
			if (adj_word(&rd, &nm, &E, tok, &u, &entries, &numeric) != 0)
				goto fail;
	}
	if (left > 0) {
		FAIL_AT(&rd, "node %s announced %ld more neighbour line%s than the file holds (truncated file?)",
			nm.names[owner], left, left == 1 ? "" : "s");
		goto fail;
	}
	long n = nm.count;
	if (n == 0) {
		rs_fail(e, RS_EINVAL, "%s: no nodes in the adjacency list", path);
		goto fail;
	}
	if (numeric) {
		/* the names are the ids */
		id = malloc((size_t)n * sizeof *id);
		if (id == NULL) {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto fail;
		}
		long lo = LONG_MAX, hi = -1;
		for (long i = 0; i < n; i++) {
			parse_long(nm.names[i], &id[i]);
			lo = id[i] < lo ? id[i] : lo;
			hi = id[i] > hi ? id[i] : hi;
		}
		int base = o->base >= 0 ? o->base : lo >= 1;
		if (base == 1 && lo < 1) {
			rs_fail(e, RS_EINVAL, "%s: node id 0 in a file read as 1-based", path);
			goto fail;
		}
		/* every node has a line of its own, so an id below the largest
		 * that no line names is no node: where there is one, the ids
		 * are names ('nocompact' keeps them positions) */
		rank = rs_alloc(e, (size_t)n, sizeof *rank, "node ids");
		long distinct = rank ? adjlist_ranks(id, n, rank, e) : -1;
		if (distinct < 0)
			goto fail;
		const long *to = id; /* each name's node, plus base */
		if (o->ids == RS_IDS_COMPACT || (o->ids == RS_IDS_AUTO && distinct < hi + 1 - base)) {
			if ((names = calloc((size_t)(distinct > 0 ? distinct : 1), sizeof *names)) == NULL) {
				rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
				goto fail;
			}
			nnames = distinct;
			for (long i = 0; i < n; i++) /* a rank's first spelling ("7" before "07") */
				if (names[rank[i]] == NULL && (names[rank[i]] = strdup(nm.names[i])) == NULL) {
					rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
					goto fail;
				}
			to = rank;
			base = 0;
			info->relabeled = 1;
			info->compacted = distinct;
			info->id_top = hi;
			hi = distinct - 1;
		}
		for (long i = 0; i < E.count; i++) {
			E.u[i] = (int32_t)(to[E.u[i]] - base);
			E.v[i] = (int32_t)(to[E.v[i]] - base);
		}
		n = hi + 1 - base;
		info->one_based = base;
	} else {
		info->relabeled = 1;
	}
	if (o->max_nodes > 0 && n > o->max_nodes) {
		rs_fail(e, RS_EINVAL, "%s: %ld nodes, more than the %ld allowed", path, n, o->max_nodes);
		goto fail;
	}
	info->lines = rd.lineno;
	info->weighted = info->attr_weights > 0;
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
	if (g != NULL && !numeric)
		g->names = rs_nm_take(&nm);
	if (g != NULL && names != NULL) {
		g->names = names;
		names = NULL;
	}
fail:
	for (long i = 0; i < nnames && names; i++)
		free(names[i]);
	free(names);
	free(id);
	free(rank);
	free(f);
	rs_edges_free(&E);
	rs_nm_free(&nm);
	return g;
}

/* ------------------------------------------------------------ SIF */

/* Whether word w[0..n) is a number. */
static int numeric_word(const char *w, size_t n)
{
	char buf[64], *end;
	if (n == 0 || n >= sizeof buf)
		return 0;
	memcpy(buf, w, n);
	buf[n] = '\0';
	strtod(buf, &end);
	return *end == '\0';
}

/* A SIF relation as Cytoscape's files write them: pp, pd, interacts_with,
 * activates (a letter, then letters, digits, '_', '-', '.' or ':'). */
static int relation_word(const char *w, size_t n)
{
	if (n == 0 || !isalpha((unsigned char)w[0]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!isalnum((unsigned char)w[i]) && !strchr("_-.:", w[i]))
			return 0;
	return 1;
}

/* Whether s reads as Cytoscape's SIF rather than an edge list: lines of
 * one field or three and more, at least two of three and more, whose
 * second fields (the relations) are at most 8 words (relation_word) that
 * never stand where a node does, no comma, semicolon, quote or brace in
 * the first lines; and some line has four fields or
 * more, or a third field that is not a number, or every first field is
 * a number (ids linked by words: '1 pp 2').  An edge list 'alice bob 1'
 * names nodes in its second field, or weighs its edges by numbers. */
static int sif_like(const char *s)
{
	char tabs = strchr(s, '\t') != NULL;
	const char *sep = tabs ? "\t\r" : " \t\r";
	/* a comma, a semicolon or a quote in the first lines: a table; a
	 * brace, networkx's attribute dict ("a b {'weight': 2}") */
	size_t head = strcspn(s, "\n");
	for (int l = 0; l < 3 && s[head]; l++)
		head += 1 + strcspn(s + head + 1, "\n");
	if (memchr(s, ',', head) || memchr(s, ';', head) || memchr(s, '"', head) || memchr(s, '{', head))
		return 0;
	const char *rel[8];
	size_t rl[8];
	int nrel = 0, rows = 0, four = 0, word3 = 0, num1 = 1;
	for (int pass = 0; pass < 2; pass++) {
		const char *p = s;
		for (int lines = 0; *p && lines < 1000; lines++) {
			const char *end = p + strcspn(p, "\n"), *t = p + strspn(p, " \t\r");
			const char *next = *end ? end + 1 : end;
			if (t >= end || *t == '#' || *t == '%') {
				p = next;
				continue;
			}
			/* the fields of t..end */
			int nf = 0;
			for (const char *q = t; q < end;) {
				size_t n = strcspn(q, sep);
				if (q + n > end)
					n = (size_t)(end - q);
				if (n > 0 || tabs) {
					if (pass == 0) {
						if (nf == 0)
							num1 &= numeric_word(q, n);
						if (nf == 1) {
							int k = 0;
							while (k < nrel && (rl[k] != n || strncmp(rel[k], q, n)))
								k++;
							if (k == nrel) {
								if (nrel == 8 || !relation_word(q, n))
									return 0;
								rel[nrel] = q;
								rl[nrel++] = n;
							}
						}
						if (nf == 2 && !numeric_word(q, n))
							word3 = 1;
					} else if (nf != 1) {
						for (int k = 0; k < nrel; k++)
							if (rl[k] == n && !strncmp(rel[k], q, n))
								return 0; /* a relation stands for a node */
					}
					nf++;
				}
				q += n;
				if (!tabs)
					q += strspn(q, " \t\r");
				else if (q < end && *q == '\t')
					q++;
				else
					break;
			}
			if (pass == 0) {
				if (nf == 2)
					return 0;
				rows += nf >= 3;
				four |= nf >= 4;
			}
			p = next;
		}
		if (pass == 0 && (rows < 2 || !(four || word3 || num1)))
			return 0;
	}
	return 1;
}

/* An edge (u, v) of a reader of named nodes, memory checked as it grows. */
static int push_named(struct reader *rd, const rs_namemap *nm, rs_edges *E, long *entries, long u, long v, double w)
{
	if (++*entries % 1048576 == 0 && memory_refused(rd, nm->count, (double)*entries))
		return -1;
	return rs_edges_push(E, u, v, w, rd->e);
}

/* The graph a reader of named nodes (SIF, LGL) listed, with its names. */
static rs_graph *named_graph(struct reader *rd, rs_namemap *nm, const rs_edges *E, long entries, const char *what,
			     const rs_load_opts *o, rs_load_info *info)
{
	if (nm->count == 0) {
		rs_fail(rd->e, RS_EINVAL, "%s: no nodes in the %s file", rd->path, what);
		return NULL;
	}
	if (size_refused(rd, nm->count, (double)entries, o))
		return NULL;
	info->lines = rd->lineno;
	info->relabeled = 1;
	rs_graph *g = rs_graph_build(nm->count, 0, 0, E, o->merge, &info->merged, &info->dropped, rd->e);
	if (g != NULL)
		g->names = rs_nm_take(nm);
	return g;
}

/* Cytoscape's simple interaction format: 'node relation node [node ...]'
 * a line, the relation (pp, pd, ...) not read, or a node alone on its
 * line; tabs separate where the file has any (names may then hold
 * blanks), else blanks.  Names are names, as Cytoscape reads them. */
static rs_graph *read_sif(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_namemap nm = {0};
	rs_graph *g = NULL;
	char delim = strchr(buf, '\t') ? '\t' : ' ', *p = buf, *line, **f = NULL;
	long entries = 0;
	size_t cap = 0;
	while ((line = next_line(&p, &rd)) != NULL) {
		char *s = line + strspn(line, " \t");
		if (*s == '#' || *s == '\0')
			continue;
		size_t len = strlen(s); /* a node's targets, however many */
		if (len + 2 > cap) {
			char **nf = realloc(f, (len + 2) * sizeof *nf);
			if (nf == NULL) {
				rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
				goto fail;
			}
			f = nf;
			cap = len + 2;
		}
		int nf = rs_split_fields(s, delim, f, (int)(cap < INT_MAX ? cap : INT_MAX));
		if (nf == 2) {
			FAIL_AT(&rd, "'%s %s': a node and a relation without a target (SIF: 'node relation node "
				     "...', or a node alone)",
				f[0], f[1]);
			goto fail;
		}
		long u = rs_nm_intern(&nm, f[0], strlen(f[0]), 1, e);
		if (u < 0)
			goto fail;
		for (int i = 2; i < nf; i++) {
			long v = rs_nm_intern(&nm, f[i], strlen(f[i]), 1, e);
			if (v < 0 || push_named(&rd, &nm, &E, &entries, u, v, 1.0) != 0)
				goto fail;
		}
	}
	g = named_graph(&rd, &nm, &E, entries, "SIF", o, info);
fail:
	free(f);
	rs_edges_free(&E);
	rs_nm_free(&nm);
	return g;
}

/* LGL (Large Graph Layout, which igraph reads and writes): '# NODE' opens
 * a node's list, then one neighbour a line, with an optional weight.
 * The '#' lines are the format's own, not comments. */
static rs_graph *read_lgl(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_namemap nm = {0};
	rs_graph *g = NULL;
	char *p = buf, *line, *f[3];
	long entries = 0, u = -1;
	while ((line = next_line(&p, &rd)) != NULL) {
		char *s = line + strspn(line, " \t");
		if (*s == '\0')
			continue;
		int head = *s == '#';
		if (head)
			s++;
		int nf = rs_split_fields(s, ' ', f, 3);
		if (head && nf != 1) {
			FAIL_AT(&rd, "%s: an LGL file's '#' line names one node ('# NODE'), then its neighbours follow",
				nf ? "more than one word" : "no node");
			goto fail;
		}
		if (head) {
			if ((u = rs_nm_intern(&nm, f[0], strlen(f[0]), 1, e)) < 0)
				goto fail;
			continue;
		}
		if (u < 0) {
			FAIL_AT(&rd, "'%s': a neighbour before any '# NODE' line (LGL)", f[0]);
			goto fail;
		}
		if (nf > 2) {
			FAIL_AT(&rd, "%d fields: an LGL line is one neighbour and an optional weight", nf);
			goto fail;
		}
		double w = 1;
		if (nf == 2 && !o->unweighted) {
			if (parse_weight(f[1], &w) != 0 || !isfinite(w) || w < 0) {
				FAIL_AT(&rd, "weight '%s': weights must be finite numbers >= 0", f[1]);
				goto fail;
			}
		}
		long v = rs_nm_intern(&nm, f[0], strlen(f[0]), 1, e);
		if (v < 0 || push_named(&rd, &nm, &E, &entries, u, v, w) != 0)
			goto fail;
	}
	g = named_graph(&rd, &nm, &E, entries, "LGL", o, info);
fail:
	rs_edges_free(&E);
	rs_nm_free(&nm);
	return g;
}

/* ------------------------------------------------------------ dense matrices */

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
	return parse_weight(f, w) == 0 || (delim == ';' && decimal_comma(f, w)) ? 0 : -1;
}

/* The fields of line[0..len) of a matrix, split in a copy (*copy, to free)
 * into a growing *f of *cap entries: the count, or -1 out of memory. */
static int matrix_fields(const char *line, size_t len, char delim, char **copy, char ***f, size_t *cap)
{
	free(*copy);
	*copy = malloc(len + 1);
	if (*copy == NULL)
		return -1;
	if (len + 2 > *cap) { /* at most len + 1 fields: each a delimiter after the first */
		char **nf = realloc(*f, (len + 2) * sizeof *nf);
		if (nf == NULL)
			return -1;
		*f = nf;
		*cap = len + 2;
	}
	memcpy(*copy, line, len);
	(*copy)[len] = '\0';
	if (len > 0 && (*copy)[len - 1] == '\r')
		(*copy)[len - 1] = '\0';
	return rs_split_fields(*copy, delim, *f, (int)(*cap < INT_MAX ? *cap : INT_MAX));
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
static int matrix_like(const char *buf)
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
				 !header_word(hf[1]) && !header_word(hf[2]);
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
	if (header && (header_word(hf[0]) || header_word(hf[1])))
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
static int matrix_symmetric(const rs_edges *E)
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
static rs_graph *entries_graph(rs_edges *E, long R, long K, int bip, int list, const rs_load_opts *o,
			       rs_load_info *info, const char *path, rs_err *e)
{
	if (list) { /* a list of undirected edges: repeats merged, nothing to symmetrize */
		info->weighted = E->w != NULL;
		return rs_graph_build(R, bip ? K : 0, bip, E, o->merge, &info->merged, &info->dropped, e);
	}
	int symmetric = bip ? 0 : matrix_symmetric(E);
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
	return entries_graph(E, R, K, bip, 0, o, info, path, e);
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
		while (i < n && parse_long(names[i], &t) == 0 && t == i + base)
			i++;
		if (i == n)
			return base;
	}
	return -1;
}

/* A dense adjacency matrix (matrix_like; 'format matrix' for any): a line
 * of column names or not, rows led by their names or not, entries >= 0
 * (an empty one 0).  Square: a graph, made undirected where the matrix is
 * not symmetric; rows named in any order of the columns' names.
 * Rectangular, or with 'bipartite': the biadjacency of a bipartite graph. */
static rs_graph *read_matrix(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info,
			     rs_err *e)
{
	struct reader rd = {path, 0, e};
	rs_edges E = {0};
	rs_namemap cols = {0}, rows = {0};
	rs_graph *g = NULL;
	char **f = NULL, *line, *p = buf, delim = 0;
	size_t cap = 0;
	long K = -1, R = 0, stranger = 0; /* the first row not named as a column */
	long hline = 0;                   /* the line of column names */
	int F = -1, rowname = 0, header = -1, H = 0;
	char **hdr = NULL, *hcopy = NULL; /* the line of names, until the first row */
	while ((line = next_line(&p, &rd)) != NULL) {
		char *s = line + strspn(line, " \t");
		if (*s == '#' || *s == '%' || *s == '\0')
			continue;
		size_t len = strlen(line);
		if (delim == 0)
			delim = matrix_delim(line, len);
		if (len + 2 > cap) {
			char **nf = realloc(f, (len + 2) * sizeof *nf);
			if (nf == NULL) {
				rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
				goto fail;
			}
			f = nf;
			cap = len + 2;
		}
		int n = rs_split_fields(line, delim, f, (int)(cap < INT_MAX ? cap : INT_MAX));
		double w;
		if (header < 0) {
			/* the first line: names when a field after the first is
			 * not a number, or the first (the corner) is empty */
			int words = 0;
			for (int i = 1; i < n; i++)
				words += f[i][0] == '\0' || matrix_value(f[i], delim, &w) != 0;
			header = words > 0 || f[0][0] == '\0';
			if (header) {
				hcopy = malloc(len + 1);
				hdr = malloc((size_t)n * sizeof *hdr);
				if (hcopy == NULL || hdr == NULL) {
					rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
					goto fail;
				}
				memcpy(hcopy, line, len + 1); /* the fields, NUL-separated */
				for (int i = 0; i < n; i++)
					hdr[i] = hcopy + (f[i] - line);
				H = n;
				hline = rd.lineno;
				continue;
			}
		}
		if (F < 0) { /* the first row decides the layout */
			F = n;
			int word = matrix_value(f[0], delim, &w) != 0;
			rowname = header ? F == H + 1 || (F == H && (hdr[0][0] == '\0' || word)) : word;
			K = F - rowname;
			if (K < 1) {
				FAIL_AT(&rd, "'%s': a row name and no values", f[0]);
				goto fail;
			}
			if (header && !(rowname ? F == H || F == H + 1 : F == H)) {
				FAIL_AT(&rd, "%d fields, where the line of column names has %d (a matrix's rows hold "
					     "a value for each column, after the row's name if it has one)",
					F, H);
				goto fail;
			}
			for (int i = (int)(H - K); header && i < H; i++) {
				long id = rs_nm_intern(&cols, hdr[i], strlen(hdr[i]), 1, e);
				if (id < 0)
					goto fail;
				if (id != cols.count - 1 || cols.count != i - (H - K) + 1) {
					long at = rd.lineno;
					rd.lineno = hline;
					FAIL_AT(&rd, "the column name '%s' appears twice", hdr[i]);
					rd.lineno = at;
					goto fail;
				}
			}
			if (size_refused(&rd, K, (double)K, o))
				goto fail;
		}
		if (o->max_nodes > 0 && R + 1 > o->max_nodes) {
			FAIL_AT(&rd, "more than the %ld nodes allowed", o->max_nodes);
			goto fail;
		}
		if (n != F) {
			FAIL_AT(&rd, "%d fields where the first row has %d", n, F);
			goto fail;
		}
		if (rowname) {
			long id = rs_nm_intern(&rows, f[0], strlen(f[0]), 1, e);
			if (id < 0)
				goto fail;
			if (id != R) {
				FAIL_AT(&rd, "the row name '%s' appears twice", f[0]);
				goto fail;
			}
			if (header && stranger == 0 && rs_nm_intern(&cols, f[0], strlen(f[0]), 0, e) < 0)
				stranger = rd.lineno; /* an error if the matrix is square */
		}
		for (int i = rowname; i < F; i++) {
			if (matrix_value(f[i], delim, &w) != 0) {
				FAIL_AT(&rd, "'%s' (column %d) is not a number", f[i], i + 1);
				goto fail;
			}
			if (!isfinite(w) || w < 0) {
				FAIL_AT(&rd, "%s (column %d): weights must be finite and >= 0", f[i], i + 1);
				goto fail;
			}
			if (w == 0)
				continue;
			if (rs_edges_push(&E, R, i - rowname, o->unweighted ? 1.0 : w, e) != 0)
				goto fail;
			if (E.count % 1048576 == 0 && memory_refused(&rd, K, (double)E.count))
				goto fail;
		}
		if (++R > MAX_ID) {
			FAIL_AT(&rd, "more than %ld rows", MAX_ID);
			goto fail;
		}
	}
	if (R == 0) {
		rs_fail(e, RS_EINVAL, "%s: no rows in the matrix", path);
		goto fail;
	}
	int bip = o->bipartite || R != K;
	if (!bip && rowname && header) {
		/* a square matrix's rows are its columns, named in any order */
		long *to = malloc((size_t)R * sizeof *to);
		if (to == NULL) {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto fail;
		}
		for (long r = 0; r < R; r++)
			if ((to[r] = rs_nm_intern(&cols, rows.names[r], strlen(rows.names[r]), 0, e)) < 0) {
				rd.lineno = stranger;
				FAIL_AT(&rd, "the row '%s' is not one of the columns' names (a square matrix names "
					     "its rows as its columns; 'bipartite' reads rows and columns as two sides)",
					rows.names[r]);
				free(to);
				goto fail;
			}
		for (long i = 0; i < E.count; i++)
			E.u[i] = (int32_t)to[E.u[i]];
		free(to);
	}
	info->lines = rd.lineno;
	if ((g = entries_graph(&E, R, K, bip, 0, o, info, path, e)) == NULL)
		goto fail;
	/* names, unless they are the positions (0..n-1, or 1..n) */
	rs_namemap *rn = rowname && (bip || !header) ? &rows : NULL, *cn = header ? &cols : NULL;
	if (!bip && cn == NULL)
		cn = rn, rn = NULL;
	if (rn && rs_names_are_ids(rn->names, R) < 0)
		g->names = rs_nm_take(rn);
	if (cn) {
		int base = rs_names_are_ids(cn->names, K);
		if (base >= 0 && !bip) {
			info->one_based = base;
		} else if (base < 0) {
			*(bip ? &g->cnames : &g->names) = rs_nm_take(cn);
		}
	}
	info->relabeled = g->names != NULL;
fail:
	free(f);
	free(hdr);
	free(hcopy);
	rs_edges_free(&E);
	rs_nm_free(&cols);
	rs_nm_free(&rows);
	return g;
}

/* ------------------------------------------------------------ UCINET DL */

/* A DL file's words: blanks, commas and '=' separate them, a double
 * quote keeps blanks inside one; the line count follows newlines. */
struct dlscan {
	const char *p;
	struct reader *rd;
	char tok[1024];
};

/* The next word into s->tok (a trailing ':' dropped when colon is 0),
 * or NULL at the end; eol: stop at the end of the line (NULL there). */
static const char *dl_word(struct dlscan *s, int eol)
{
	for (;;) {
		char c = *s->p;
		if (c == '\n') {
			if (eol)
				return NULL;
			s->rd->lineno++;
		} else if (c != ' ' && c != '\t' && c != '\r' && c != ',' && c != '=') {
			break;
		}
		s->p++;
	}
	if (*s->p == '\0')
		return NULL;
	size_t n = 0;
	if (*s->p == '"') {
		s->p++;
		while (*s->p && *s->p != '"' && *s->p != '\n')
			if (n + 1 < sizeof s->tok)
				s->tok[n++] = *s->p++;
			else
				s->p++;
		if (*s->p == '"')
			s->p++;
	} else {
		while (*s->p && !strchr(" \t\r\n,=", *s->p))
			if (n + 1 < sizeof s->tok)
				s->tok[n++] = *s->p++;
			else
				s->p++;
	}
	s->tok[n] = '\0';
	return s->tok;
}

/* Whether the word w is keyword k, a trailing ':' allowed. */
static int dl_is(const char *w, const char *k)
{
	size_t l = strlen(k);
	return w && !strncasecmp(w, k, l) && (w[l] == '\0' || (w[l] == ':' && w[l + 1] == '\0'));
}

/* A DL file's labels: n words into map m (each new), or a located error. */
static int dl_labels(struct dlscan *s, rs_namemap *m, long n, const char *what, rs_err *e)
{
	for (long i = 0; i < n; i++) {
		const char *w = dl_word(s, 0);
		if (w == NULL || dl_is(w, "DATA")) {
			FAIL_AT(s->rd, "%ld %s labels announced, %ld found", n, what, i);
			return -1;
		}
		long id = rs_nm_intern(m, w, strlen(w), 1, e);
		if (id < 0)
			return -1;
		if (id != i) {
			FAIL_AT(s->rd, "the %s label '%s' appears twice", what, w);
			return -1;
		}
	}
	return 0;
}

/* A node of a DL edge or node list: a label (embedded labels: the ones
 * listed before, then new ones up to n) or a number from 1; its index,
 * or -1 (error set). */
static long dl_node(struct dlscan *s, const char *w, rs_namemap *m, int embedded, long n, const char *what,
		    rs_err *e)
{
	if (embedded) {
		long id = rs_nm_intern(m, w, strlen(w), 1, e);
		if (id < 0)
			return -1;
		if (id >= n) {
			FAIL_AT(s->rd, "%s '%s' is not one of the %ld %s labels", what, w, n, what);
			return -1;
		}
		return id;
	}
	long id;
	if (parse_long(w, &id) != 0 || id < 1 || id > n) {
		FAIL_AT(s->rd, "%s '%s': ids run from 1 to %ld", what, w, n);
		return -1;
	}
	return id - 1;
}

/* UCINET's DL: 'DL N=5' (or NR= NC= for two modes) and 'FORMAT=' a full
 * matrix (the default), a lower or upper half, an edge list or a node
 * list (1: one mode, 2: two modes); labels listed ('LABELS:', 'ROW
 * LABELS:', 'COL LABELS:') or embedded in the data; 'DATA:' then the
 * numbers.  Of several matrices (NM, relations), the first; two modes
 * make a bipartite graph. */
static rs_graph *read_dl(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct reader rd = {path, 1, e};
	struct dlscan s = {buf, &rd, ""};
	rs_edges E = {0};
	rs_namemap rows = {0}, cols = {0};
	rs_graph *g = NULL;
	long N = -1, NR = -1, NC = -1, NM = 1;
	char fmt[32] = "FULLMATRIX";
	int diag = 1, remb = 0, cemb = 0;
	const char *w = dl_word(&s, 0);
	if (w == NULL || strcasecmp(w, "DL") != 0) {
		FAIL_AT(&rd, "a DL file starts with 'DL'");
		return NULL;
	}
	/* the header: key = value pairs up to the first section */
	while ((w = dl_word(&s, 0)) != NULL && !dl_is(w, "DATA") && !dl_is(w, "LABELS") && !dl_is(w, "ROW") &&
	       !dl_is(w, "COL") && !dl_is(w, "COLUMN") && !dl_is(w, "MATRIX") && !dl_is(w, "LEVEL")) {
		char key[32];
		snprintf(key, sizeof key, "%s", w);
		const char *v = dl_word(&s, 0);
		long x;
		if (v == NULL) {
			FAIL_AT(&rd, "'%s' without a value", key);
			goto fail;
		}
		if (!strcasecmp(key, "FORMAT")) {
			snprintf(fmt, sizeof fmt, "%s", v);
		} else if (!strcasecmp(key, "DIAGONAL")) {
			diag = strcasecmp(v, "ABSENT") != 0;
		} else if (!strcasecmp(key, "N") || !strcasecmp(key, "NR") || !strcasecmp(key, "NC") ||
			   !strcasecmp(key, "NM")) {
			if (parse_long(v, &x) != 0 || x < 1 || x > MAX_ID) {
				FAIL_AT(&rd, "%s = '%s' is not a count", key, v);
				goto fail;
			}
			*(!strcasecmp(key, "N") ? &N : !strcasecmp(key, "NR") ? &NR : !strcasecmp(key, "NC") ? &NC : &NM) = x;
		} else {
			FAIL_AT(&rd, "'%s' is not a DL header word (N, NR, NC, NM, FORMAT, DIAGONAL)", key);
			goto fail;
		}
	}
	int two = NR > 0 || NC > 0;
	if (two ? NR < 1 || NC < 1 || N > 0 : N < 1) {
		FAIL_AT(&rd, "a DL header gives N (one mode) or NR and NC (two modes)");
		goto fail;
	}
	if (!two)
		NR = NC = N;
	if (size_refused(&rd, NR + (two ? NC : 0), (double)NR, o))
		goto fail;
	/* the sections before the data */
	while (w != NULL && !dl_is(w, "DATA")) {
		int row = dl_is(w, "ROW"), col = dl_is(w, "COL") || dl_is(w, "COLUMN"), skip = dl_is(w, "MATRIX") || dl_is(w, "LEVEL");
		if ((row || col || skip) && !dl_is(w = dl_word(&s, 0), "LABELS")) {
			FAIL_AT(&rd, "'LABELS' expected after ROW, COL or MATRIX");
			goto fail;
		}
		if (!dl_is(w, "LABELS")) {
			FAIL_AT(&rd, "'%s': a DL file's sections are LABELS:, ROW LABELS:, COL LABELS: and DATA:", w);
			goto fail;
		}
		const char *save = s.p;
		long line = rd.lineno;
		w = dl_word(&s, 0);
		if (dl_is(w, "EMBEDDED")) {
			remb |= !col && !skip;
			cemb |= !row && !skip;
			w = dl_word(&s, 0);
			continue;
		}
		s.p = save;
		rd.lineno = line;
		if (skip) { /* the matrices' names */
			for (long i = 0; i < NM; i++)
				if (dl_word(&s, 0) == NULL)
					break;
		} else if (dl_labels(&s, col ? &cols : &rows, col ? NC : NR, col ? "column" : two ? "row" : "node", e) != 0) {
			goto fail;
		}
		w = dl_word(&s, 0);
	}
	if (w == NULL) {
		FAIL_AT(&rd, "no 'DATA:' line");
		goto fail;
	}
	int full = !strncasecmp(fmt, "FULL", 4), lower = !strncasecmp(fmt, "LOWER", 5), upper = !strncasecmp(fmt, "UPPER", 5);
	int elist = !strncasecmp(fmt, "EDGELIST", 8), nlist = !strncasecmp(fmt, "NODELIST", 8);
	if (!(full || lower || upper || elist || nlist)) {
		FAIL_AT(&rd, "FORMAT = %s: regspec reads FULLMATRIX, LOWERHALF, UPPERHALF, EDGELIST1/2 and NODELIST1/2",
			fmt);
		goto fail;
	}
	if ((lower || upper) && two) {
		FAIL_AT(&rd, "a half matrix has one mode (N, not NR and NC)");
		goto fail;
	}
	if (NM > 1 && (elist || nlist)) {
		FAIL_AT(&rd, "NM = %ld: %ld lists (relations); regspec reads a file of one", NM, NM);
		goto fail;
	}
	info->dl_matrices = NM; /* matrices: the first is read */
	if (!two)
		cemb = remb; /* one mode: rows and columns are the same nodes */
	rs_namemap *cm = two ? &cols : &rows;
	if (full || lower || upper) {
		long given = cm->count; /* labels listed before the data */
		if (full && cemb) /* a line of column labels */
			for (long c = 0; c < NC; c++) {
				long id = (w = dl_word(&s, 0)) == NULL ? -2 : rs_nm_intern(cm, w, strlen(w), given == 0, e);
				if (id == -1)
					goto fail;
				if (id != c) {
					FAIL_AT(&rd, "the embedded column labels: %ld expected%s", NC,
						w ? ", each once, in the order of the labels listed" : "");
					goto fail;
				}
			}
		for (long r = 0; r < NR; r++) {
			if (remb && (w = dl_word(&s, 0)) != NULL) {
				/* one mode: the rows' labels are the columns', in order */
				long id = rs_nm_intern(&rows, w, strlen(w), two || cm->count <= r, e);
				if (id != r) {
					if (id != -1)
						FAIL_AT(&rd, "row %ld is labelled '%s', %s", r + 1, w,
							id >= 0 ? "the label of another row" : "not the label of its column");
					goto fail;
				}
			}
			long c0 = upper ? r + !diag : 0, c1 = lower ? r + diag : NC;
			for (long c = c0; c < c1; c++) {
				if (full && !diag && c == r && !two)
					continue;
				double x;
				if ((w = dl_word(&s, 0)) == NULL) {
					FAIL_AT(&rd, "the data end at row %ld of %ld (truncated file?)", r + 1, NR);
					goto fail;
				}
				if (parse_weight(w, &x) != 0) {
					FAIL_AT(&rd, "'%s' (row %ld, column %ld) is not a number", w, r + 1, c + 1);
					goto fail;
				}
				if (!isfinite(x) || x < 0) {
					FAIL_AT(&rd, "%s (row %ld, column %ld): weights must be finite and >= 0", w, r + 1, c + 1);
					goto fail;
				}
				if (x != 0 && rs_edges_push(&E, r, c, o->unweighted ? 1.0 : x, e) != 0)
					goto fail;
			}
		}
		if (NM == 1 && (w = dl_word(&s, 0)) != NULL) {
			FAIL_AT(&rd, "'%s': more data than the %ld x %ld matrix holds", w, NR, NC);
			goto fail;
		}
	} else {
		/* one edge (i j [w]) or one node and its neighbours a line */
		const char *mode = two ? "row" : "node", *cmode = two ? "column" : "node";
		while ((w = dl_word(&s, 0)) != NULL) {
			long u = dl_node(&s, w, &rows, remb, NR, mode, e), v;
			if (u < 0)
				goto fail;
			if (elist) {
				double x = 1;
				if ((w = dl_word(&s, 1)) == NULL) {
					FAIL_AT(&rd, "an edge list's line is 'i j [weight]'");
					goto fail;
				}
				if ((v = dl_node(&s, w, cm, cemb, NC, cmode, e)) < 0)
					goto fail;
				if ((w = dl_word(&s, 1)) != NULL) {
					if (parse_weight(w, &x) != 0 || !isfinite(x) || x < 0) {
						FAIL_AT(&rd, "weight '%s': weights must be finite numbers >= 0", w);
						goto fail;
					}
					if ((w = dl_word(&s, 1)) != NULL) {
						FAIL_AT(&rd, "'%s': an edge list's line is 'i j [weight]'", w);
						goto fail;
					}
				}
				if (x != 0 && rs_edges_push(&E, u, v, o->unweighted ? 1.0 : x, e) != 0)
					goto fail;
				continue;
			}
			while ((w = dl_word(&s, 1)) != NULL) {
				if ((v = dl_node(&s, w, cm, cemb, NC, cmode, e)) < 0 || rs_edges_push(&E, u, v, 1.0, e) != 0)
					goto fail;
			}
			if (E.count % 1048576 == 0 && E.count > 0 && memory_refused(&rd, NR + NC, (double)E.count))
				goto fail;
		}
	}
	info->lines = rd.lineno;
	if ((g = entries_graph(&E, NR, NC, two || o->bipartite, !full, o, info, path, e)) == NULL)
		goto fail;
	/* the labels as names, unless they are the positions */
	if (rows.count == NR && rs_names_are_ids(rows.names, NR) < 0) {
		g->names = rs_nm_take(&rows);
		info->relabeled = 1;
	}
	if (two && cols.count == NC && rs_names_are_ids(cols.names, NC) < 0)
		g->cnames = rs_nm_take(&cols);
fail:
	rs_edges_free(&E);
	rs_nm_free(&rows);
	rs_nm_free(&cols);
	return g;
}

/* ------------------------------------------------------------ Pajek */

/* The next word of a Pajek line, NUL-terminated in place and *q moved
 * past it: blanks separate words, double quotes hold one with blanks
 * inside (a label).  NULL at the line's end, and *open set when a quote is
 * left open. */
static char *pj_word(char **q, int *open)
{
	char *t = *q + strspn(*q, " \t"), *end;
	if (*t == '\0')
		return NULL;
	if (*t == '"') {
		end = strchr(++t, '"');
		if (end == NULL) {
			*open = 1;
			return NULL;
		}
	} else {
		end = t + strcspn(t, " \t");
	}
	*q = *end ? end + 1 : end;
	*end = '\0';
	return t;
}

/* Whether the next word of q is a number; q is left as it was. */
static int pj_number_ahead(const char *q, char **after)
{
	const char *t = q + strspn(q, " \t");
	size_t l = strcspn(t, " \t");
	char *end;
	if (l == 0)
		return 0;
	(void)strtod(t, &end);
	*after = end;
	return end == t + l;
}

/* The value of parameter key among a line's parameters p ('key value'
 * pairs, after a shape word when their count is odd), copied into
 * val[PJ_VAL]; NULL when the line has none.  names, when given, collects
 * the keys (comma separated); numeric, when given, only those whose value
 * is a number. */
#define PJ_VAL 256
static const char *pj_param(const char *p, const char *key, char *val, char *names, size_t size, int numeric)
{
	char copy[1024], *q = copy, *w[64];
	int nw = 0, open = 0;
	snprintf(copy, sizeof copy, "%s", p);
	while (nw < 64 && (w[nw] = pj_word(&q, &open)) != NULL)
		nw++;
	const char *found = NULL;
	for (int i = nw % 2; i + 1 < nw; i += 2) {
		double x;
		if (names && (!numeric || parse_weight(w[i + 1], &x) == 0))
			rs_list_add(names, size, w[i]);
		if (key && found == NULL && !strcmp(w[i], key)) {
			snprintf(val, PJ_VAL, "%s", w[i + 1]);
			found = val;
		}
	}
	return found;
}

/* A vertex number of a Pajek line: 1..n, into *v (0-based); -1 (error
 * set) otherwise. */
static int pj_vertex(struct reader *rd, const char *w, long n, long *v)
{
	if (w == NULL) {
		FAIL_AT(rd, "a line of two vertices expected here");
		return -1;
	}
	if (parse_long(w, v) != 0 || *v < 1 || *v > n) {
		FAIL_AT(rd, "'%s' is not a vertex: they are numbered 1 to %ld (*Vertices %ld)", w, n, n);
		return -1;
	}
	(*v)--;
	return 0;
}

enum pj_section { PJ_NONE, PJ_VERTICES, PJ_PAIRS, PJ_LISTS, PJ_MATRIX, PJ_PARTITION, PJ_OTHER };

struct pajek {
	struct reader rd;
	const rs_load_opts *o;
	long n, n1;           /* vertices; the first mode's (two modes), or 0 */
	char **label, **param; /* per vertex: its label, its parameters (in buf) */
	rs_edges E, M;        /* the edges; a *Matrix section's entries       */
	int arcs;             /* an *Arcs or *Arcslist section                */
	int weighted;         /* a weight read                               */
	const char *wkey;     /* the parameter asked for as weights, or NULL  */
	long wkey_seen, positional; /* edges with it; with a weight in place */
	char eparams[128];    /* numeric edge parameters                      */
	long mr, mc;          /* the next entry of a *Matrix section          */
	char *part_name;      /* the *Partition read as labels, and its values */
	char **part;
	long part_n, part_at;
	char part_names[128]; /* every partition's name                      */
	long networks;
};

/* Adds the edge (u, v) of weight w: a two-mode network's ends are a row
 * and a column, in either order. */
static int pj_edge(struct pajek *P, rs_edges *E, long u, long v, double w)
{
	if (!isfinite(w) || w < 0) {
		FAIL_AT(&P->rd, "weight %g: weights must be finite and >= 0", w);
		return -1;
	}
	if (P->n1 > 0) {
		if (u >= P->n1 && v < P->n1) {
			long t = u;
			u = v;
			v = t;
		}
		if (u >= P->n1 || v < P->n1) {
			FAIL_AT(&P->rd, "vertices %ld and %ld are of the same mode: a two-mode network's lines join "
					"its first %ld vertices to the others",
				u + 1, v + 1, P->n1);
			return -1;
		}
		v -= P->n1;
	}
	if (E->count % 1048576 == 1048575 && memory_refused(&P->rd, P->n, (double)E->count))
		return -1;
	return rs_edges_push(E, u, v, w, P->rd.e);
}

/* A line 'a b [w] [parameters]' of an *Edges or *Arcs section. */
static int pj_pair(struct pajek *P, char *q)
{
	int open = 0;
	long u, v;
	char val[PJ_VAL];
	if (pj_vertex(&P->rd, pj_word(&q, &open), P->n, &u) != 0 ||
	    pj_vertex(&P->rd, pj_word(&q, &open), P->n, &v) != 0)
		return -1;
	double w = 1;
	char *after;
	if (pj_number_ahead(q, &after)) {
		if (P->wkey == NULL && !P->o->unweighted) {
			w = strtod(q, NULL);
			P->weighted = 1;
		}
		P->positional++;
		q = after;
	}
	const char *x = NULL;
	if (q[strspn(q, " \t")] != '\0') {
		x = pj_param(q, P->wkey, val, P->eparams, sizeof P->eparams, 1);
	}
	if (x != NULL) {
		if (parse_weight(x, &w) != 0) {
			FAIL_AT(&P->rd, "weight %s: '%s' is not a number", P->wkey, x);
			return -1;
		}
		P->wkey_seen++;
		P->weighted = 1;
	}
	return pj_edge(P, &P->E, u, v, w);
}

/* A line of a *Matrix section: the next row's values, or part of them. */
static int pj_matrix(struct pajek *P, char *q)
{
	long R = P->n1 > 0 ? P->n1 : P->n, C = P->n1 > 0 ? P->n - P->n1 : P->n;
	int open = 0;
	for (char *w; (w = pj_word(&q, &open)) != NULL;) {
		double x;
		if (P->mr >= R) {
			FAIL_AT(&P->rd, "more than the %ld x %ld values of the matrix", R, C);
			return -1;
		}
		if (parse_weight(w, &x) != 0) {
			FAIL_AT(&P->rd, "'%s' (row %ld, column %ld) is not a number", w, P->mr + 1, P->mc + 1);
			return -1;
		}
		if (x != 0 && pj_edge(P, &P->M, P->mr, P->mc + (P->n1 > 0 ? P->n1 : 0), P->o->unweighted ? 1 : x) != 0)
			return -1;
		if (++P->mc == C) {
			P->mc = 0;
			P->mr++;
		}
	}
	return 0;
}

/* A section line ('*Vertices 5', '*Edges', ...): the section it opens,
 * or -1 (error set). */
static int pj_section(struct pajek *P, char *line, enum pj_section was)
{
	int open = 0;
	char *q = line, *w = pj_word(&q, &open);
	if (!strcasecmp(w, "*vertices")) {
		char *a = pj_word(&q, &open), *b = pj_word(&q, &open);
		long n = -1, n1 = 0;
		if (a == NULL || parse_long(a, &n) != 0 || n < 1 || (b && (parse_long(b, &n1) != 0 || n1 < 1 || n1 >= n))) {
			FAIL_AT(&P->rd, "'*Vertices N' (or 'N N1', two modes: the first N1 vertices and the others) "
					"expected");
			return -1;
		}
		if (was == PJ_PARTITION || was == PJ_OTHER) { /* a partition's or vector's own count */
			if (was == PJ_PARTITION && P->part_at == 0 && n != P->n) {
				FAIL_AT(&P->rd, "the partition '%s' has %ld values, the network %ld vertices",
					P->part_name, n, P->n);
				return -1;
			}
			return was;
		}
		if (P->n >= 0) {
			FAIL_AT(&P->rd, "a second '*Vertices' line");
			return -1;
		}
		if (size_refused(&P->rd, n, 0, P->o))
			return -1;
		P->n = n;
		P->n1 = n1;
		P->label = calloc((size_t)n, sizeof *P->label);
		P->param = calloc((size_t)n, sizeof *P->param);
		if (P->label == NULL || P->param == NULL) {
			rs_fail(P->rd.e, RS_ENOMEM, "%s: out of memory", P->rd.path);
			return -1;
		}
		return PJ_VERTICES;
	}
	if (!strcasecmp(w, "*network") || !strcasecmp(w, "*partition") || !strcasecmp(w, "*vector") ||
	    !strcasecmp(w, "*permutation") || !strcasecmp(w, "*cluster") || !strcasecmp(w, "*hierarchy")) {
		if (!strcasecmp(w, "*network"))
			return ++P->networks == 1 ? PJ_NONE : PJ_OTHER;
		if (strcasecmp(w, "*partition") != 0 || P->n < 0 || P->networks > 1)
			return PJ_OTHER;
		char *name = pj_word(&q, &open);
		name = name ? name : "partition";
		rs_list_append(P->part_names, sizeof P->part_names, ", ", name);
		const char *want = P->o->label_attr;
		if (P->part != NULL || (want && strcmp(want, name) != 0))
			return PJ_OTHER;
		P->part_name = name;
		P->part = calloc((size_t)P->n, sizeof *P->part);
		if (P->part == NULL) {
			rs_fail(P->rd.e, RS_ENOMEM, "%s: out of memory", P->rd.path);
			return -1;
		}
		return PJ_PARTITION;
	}
	int pairs = !strcasecmp(w, "*edges") || !strcasecmp(w, "*arcs");
	int lists = !strcasecmp(w, "*edgeslist") || !strcasecmp(w, "*arcslist");
	if (!pairs && !lists && strcasecmp(w, "*matrix") != 0) {
		FAIL_AT(&P->rd, "'%s' is not a Pajek section (*Vertices, *Edges, *Arcs, *Edgeslist, *Arcslist, "
				"*Matrix, *Partition, *Network)",
			w);
		return -1;
	}
	if (P->networks > 1)
		return PJ_OTHER;
	if (P->n < 0) {
		FAIL_AT(&P->rd, "'%s' before '*Vertices N'", w);
		return -1;
	}
	if (pairs || lists)
		P->arcs |= !strncasecmp(w, "*arcs", 5);
	if (!pairs && !lists)
		P->mr = P->mc = 0;
	return pairs ? PJ_PAIRS : lists ? PJ_LISTS : PJ_MATRIX;
}

/* The labels of a Pajek network: the partition asked for or the first
 * one, else the vertex parameter asked for, or 'value' or 'community'. */
static int pj_labels(struct pajek *P, rs_load_info *info)
{
	const char *want = P->o->label_attr, *key = want;
	long nl = P->n1 > 0 ? P->n1 : P->n; /* a two-mode network's first mode */
	char val[PJ_VAL];
	if (P->part == NULL && key == NULL)
		for (long i = 0; key == NULL && i < P->n; i++)
			key = !P->param[i]			    ? NULL
			      : pj_param(P->param[i], "value", val, NULL, 0, 0)	    ? "value"
			      : pj_param(P->param[i], "community", val, NULL, 0, 0) ? "community"
			      : pj_param(P->param[i], "class", val, NULL, 0, 0)	    ? "class"
									    : NULL;
	if (P->part == NULL && key == NULL)
		return 0;
	const char **v = rs_zalloc(P->rd.e, (size_t)nl, sizeof *v, "labels");
	char *copy = P->part ? NULL : rs_alloc(P->rd.e, (size_t)nl, 256, "labels");
	int rc = -1, any = P->part != NULL;
	if (v == NULL || (P->part == NULL && copy == NULL))
		goto out;
	for (long i = 0; i < nl; i++) {
		if (P->part) {
			v[i] = P->part[i];
			continue;
		}
		const char *x = P->param[i] ? pj_param(P->param[i], key, val, NULL, 0, 0) : NULL;
		if (x) {
			v[i] = strcpy(copy + 256 * i, x);
			any = 1;
		}
	}
	if (!any) {
		char list[400] = "";
		for (long i = 0; i < P->n; i++)
			if (P->param[i])
				pj_param(P->param[i], NULL, NULL, list, sizeof list, 0);
		if (P->part_names[0])
			rs_list_append(list, sizeof list, ", ", P->part_names);
		rs_fail(P->rd.e, RS_EINVAL, "labels '%s': no such file, nor a node attribute or partition of %s (%s%s)",
			want, P->rd.path, list[0] ? "its node attributes and partitions: " : "it has none", list);
		goto out;
	}
	info->labels = rs_labels_from_strings(v, nl, P->rd.e);
	if (info->labels == NULL) {
		char m[sizeof P->rd.e->msg];
		snprintf(m, sizeof m, "%s", P->rd.e->msg);
		rs_fail(P->rd.e, RS_EINVAL, "%s: %s '%s': %s", P->rd.path, P->part ? "partition" : "node attribute",
			P->part ? P->part_name : key, m);
		goto out;
	}
	snprintf(info->label_attr, sizeof info->label_attr, "%s", P->part ? P->part_name : key);
	info->label_partition = P->part != NULL;
	rc = 0;
out:
	free(v);
	free(copy);
	return rc;
}

/* Pajek (.net, .paj): '*Vertices N' (two modes: 'N N1', a bipartite
 * graph), vertex lines 'id ["label"] [x y [z]] [shape] [key value ...]',
 * then *Edges or *Arcs ('a b [w] [key value ...]': a missing weight is
 * 1), *Edgeslist or *Arcslist ('a b c ...': a to each), *Matrix; '%'
 * comments.  Of a project file (.paj) the first network, with its first
 * *Partition as labels.  Parameters are kept for labels ('labels KEY',
 * or 'value' and 'community') and weights ('weight KEY'), as networkx's
 * write_pajek writes node and edge attributes. */
static rs_graph *read_pajek(char *buf, const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	struct pajek P;
	memset(&P, 0, sizeof P);
	P.rd = (struct reader){path, 0, e};
	P.o = o;
	P.n = -1;
	P.wkey = o->unweighted || o->weight_name == NULL || !strcasecmp(o->weight_name, "weight") ? NULL
												  : o->weight_name;
	rs_graph *g = NULL;
	enum pj_section sec = PJ_NONE;
	char *p = buf, *line;
	while ((line = next_line(&p, &P.rd)) != NULL) {
		char *s = line + strspn(line, " \t");
		if (*s == '\0' || *s == '%')
			continue;
		if (*s == '*') {
			if (sec == PJ_MATRIX && P.mr < (P.n1 > 0 ? P.n1 : P.n) && (P.mr > 0 || P.mc > 0)) {
				FAIL_AT(&P.rd, "the matrix ends at row %ld of %ld", P.mr + 1, P.n1 > 0 ? P.n1 : P.n);
				goto fail;
			}
			int next = pj_section(&P, s, sec);
			if (next < 0)
				goto fail;
			sec = (enum pj_section)next;
			continue;
		}
		int open = 0;
		char *q = s, *w, *after;
		long u, v;
		switch (sec) {
		case PJ_NONE:
			FAIL_AT(&P.rd, "a Pajek network starts with '*Vertices N'");
			goto fail;
		case PJ_VERTICES:
			if (pj_vertex(&P.rd, pj_word(&q, &open), P.n, &u) != 0)
				goto fail;
			if (P.label[u] != NULL || P.param[u] != NULL) {
				FAIL_AT(&P.rd, "vertex %ld is listed twice", u + 1);
				goto fail;
			}
			P.label[u] = pj_word(&q, &open);
			for (int c = 0; c < 3 && pj_number_ahead(q, &after); c++)
				q = after; /* coordinates */
			P.param[u] = q;
			break;
		case PJ_PAIRS:
			if (pj_pair(&P, q) != 0)
				goto fail;
			break;
		case PJ_LISTS:
			if (pj_vertex(&P.rd, pj_word(&q, &open), P.n, &u) != 0)
				goto fail;
			while ((w = pj_word(&q, &open)) != NULL)
				if (pj_vertex(&P.rd, w, P.n, &v) != 0 || pj_edge(&P, &P.E, u, v, 1) != 0)
					goto fail;
			break;
		case PJ_MATRIX:
			if (pj_matrix(&P, q) != 0)
				goto fail;
			break;
		case PJ_PARTITION:
			if (P.part_at >= P.n) {
				FAIL_AT(&P.rd, "more values than the partition's %ld", P.n);
				goto fail;
			}
			P.part[P.part_at++] = pj_word(&q, &open);
			break;
		case PJ_OTHER:
			break;
		}
		if (open) {
			FAIL_AT(&P.rd, "a quote left open");
			goto fail;
		}
	}
	if (P.n < 0) {
		rs_fail(e, RS_EINVAL, "%s: no '*Vertices N' line: not a Pajek network", path);
		goto fail;
	}
	if (sec == PJ_MATRIX && P.mr < (P.n1 > 0 ? P.n1 : P.n)) {
		FAIL_AT(&P.rd, "the matrix ends at row %ld of %ld (truncated file?)", P.mr + 1, P.n1 > 0 ? P.n1 : P.n);
		goto fail;
	}
	if (P.part && P.part_at < P.n) {
		FAIL_AT(&P.rd, "the partition '%s' ends at %ld values of %ld (truncated file?)", P.part_name, P.part_at,
			P.n);
		goto fail;
	}
	if (P.wkey && P.wkey_seen == 0) {
		rs_fail(e, RS_EINVAL, "%s: weight %s: no edge parameter of that name (%s%s)", path, P.wkey,
			P.eparams[0] ? "its numeric ones: " : "its edges have no numeric parameters", P.eparams);
		goto fail;
	}
	/* a *Matrix section: each edge once where it is symmetric, arcs otherwise */
	int sym = P.M.count == 0 || P.n1 > 0 ? 1 : matrix_symmetric(&P.M);
	if (sym < 0) {
		rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
		goto fail;
	}
	P.arcs |= !sym;
	for (long i = 0; i < P.M.count; i++)
		if ((!sym || P.M.u[i] <= P.M.v[i] || P.n1 > 0) &&
		    rs_edges_push(&P.E, P.M.u[i], P.M.v[i], P.M.w ? P.M.w[i] : 1.0, e) != 0)
			goto fail;
	P.weighted |= P.M.w != NULL;
	info->lines = P.rd.lineno;
	info->weighted = P.weighted;
	info->symmetrized = P.arcs;
	info->networks = P.networks;
	info->two_mode = P.n1;
	if (P.weighted)
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", P.wkey ? P.wkey : "weight");
	/* numeric parameters not read as weights; the weights in place too
	 * where a parameter was */
	if (P.wkey && P.positional)
		rs_list_append(info->unread_attrs, sizeof info->unread_attrs, ", ", "weight");
	char *t = P.eparams, *k;
	while ((k = strsep(&t, ",")) != NULL) {
		k += strspn(k, " ");
		if (*k && (P.wkey == NULL || strcmp(k, P.wkey) != 0))
			rs_list_append(info->unread_attrs, sizeof info->unread_attrs, ", ", k);
	}
	long R = P.n1 > 0 ? P.n1 : P.n;
	g = rs_graph_build(R, P.n1 > 0 ? P.n - P.n1 : 0, P.n1 > 0, &P.E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto fail;
	/* names: the labels, unless none is given or they are the numbers
	 * (networkx writes its integer nodes, from 0, as labels) */
	char **names = NULL;
	for (long i = 0; i < P.n && names == NULL; i++)
		if (P.label[i] != NULL && (names = calloc((size_t)P.n, sizeof *names)) == NULL) {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto drop;
		}
	for (long i = 0; names && i < P.n; i++) {
		char num[32];
		snprintf(num, sizeof num, "%ld", i + 1);
		if ((names[i] = strdup(P.label[i] ? P.label[i] : num)) == NULL) {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto drop;
		}
	}
	if (names && rs_names_are_ids(names, P.n) < 0) {
		if (P.n1 > 0) { /* the rows' names, then the columns' */
			if ((g->cnames = calloc((size_t)(P.n - P.n1), sizeof *g->cnames)) == NULL) {
				rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
				goto drop;
			}
			memcpy(g->cnames, names + P.n1, (size_t)(P.n - P.n1) * sizeof *names);
			memset(names + P.n1, 0, (size_t)(P.n - P.n1) * sizeof *names);
		}
		g->names = names;
		names = NULL;
	}
	if (pj_labels(&P, info) == 0)
		goto done;
drop:
	rs_graph_free(g);
	g = NULL;
done:
	for (long i = 0; names && i < P.n; i++)
		free(names[i]);
	free(names);
fail:
	free(P.label);
	free(P.param);
	free(P.part);
	rs_edges_free(&P.E);
	rs_edges_free(&P.M);
	return g;
}

/* ------------------------------------------------------------ igraph formats */

static char igraph_msg[300];

static void igraph_catch(const char *reason, const char *file, int line, igraph_error_t err)
{
	(void)file;
	(void)line;
	if (reason && *reason)
		snprintf(igraph_msg, sizeof igraph_msg, "%s (%s)", reason, igraph_strerror(err));
	else
		snprintf(igraph_msg, sizeof igraph_msg, "%s", igraph_strerror(err));
	IGRAPH_FINALLY_FREE();
}

static void igraph_quiet(const char *reason, const char *file, int line)
{
	(void)reason;
	(void)file;
	(void)line;
}

/* The attribute names and types of G's nodes and edges. */
struct attr_lists {
	igraph_strvector_t gn, vn, en;
	igraph_vector_int_t gt, vt, et;
	int ok;
};

static void attr_lists_get(const igraph_t *G, struct attr_lists *A)
{
	igraph_strvector_init(&A->gn, 0);
	igraph_strvector_init(&A->vn, 0);
	igraph_strvector_init(&A->en, 0);
	igraph_vector_int_init(&A->gt, 0);
	igraph_vector_int_init(&A->vt, 0);
	igraph_vector_int_init(&A->et, 0);
	A->ok = igraph_cattribute_list(G, &A->gn, &A->gt, &A->vn, &A->vt, &A->en, &A->et) ==
		IGRAPH_SUCCESS;
}

static void attr_lists_free(struct attr_lists *A)
{
	igraph_strvector_destroy(&A->gn);
	igraph_strvector_destroy(&A->vn);
	igraph_strvector_destroy(&A->en);
	igraph_vector_int_destroy(&A->gt);
	igraph_vector_int_destroy(&A->vt);
	igraph_vector_int_destroy(&A->et);
}

/* The node attribute names of G, comma separated, into buf. */
static void vertex_attrs(const igraph_t *G, char *buf, size_t size)
{
	struct attr_lists A;
	buf[0] = '\0';
	attr_lists_get(G, &A);
	for (igraph_integer_t i = 0; A.ok && i < igraph_strvector_size(&A.vn); i++)
		rs_list_append(buf, size, ", ", igraph_strvector_get(&A.vn, i));
	attr_lists_free(&A);
}

/* Whether edge attribute name (of type t) holds numbers: numeric, or
 * strings that all read as numbers, some empty (what gv2gml makes of a DOT
 * file's weights); *strings says which. */
static int numeric_attr(const igraph_t *G, const char *name, int t, int *strings)
{
	*strings = 0;
	if (t == IGRAPH_ATTRIBUTE_NUMERIC)
		return 1;
	if (t != IGRAPH_ATTRIBUTE_STRING)
		return 0;
	int ok = 1, some = 0;
	for (igraph_integer_t j = 0; ok && j < igraph_ecount(G); j++) {
		const char *v = EAS(G, name, j);
		double w;
		some += v[0] != '\0';
		ok = v[0] == '\0' || parse_weight(v, &w) == 0;
	}
	*strings = 1;
	return ok && some;
}

/* The edge attribute that holds the weights, into out ("" none): the one
 * asked for (want; an error when G has none of that name, or it does not
 * hold numbers), else the first numeric one named weight, weights, value
 * (Newman's GML files) or count, in any case (Gephi and Cytoscape write
 * "Weight" as well).  The other numeric ones go into unread, comma
 * separated (an edge's "id" is not a weight). */
static int weight_attr(const igraph_t *G, const char *want, const char *path, char *out,
		       size_t size, int *strings, char *unread, size_t usize, rs_err *e)
{
	static const char *const names[] = {"weight", "weights", "value", "count"};
	const char *const *list = want ? &want : names;
	size_t nl = want ? 1 : sizeof names / sizeof names[0];
	struct attr_lists A;
	int rc = 0, str;
	out[0] = unread[0] = '\0';
	*strings = 0;
	attr_lists_get(G, &A);
	igraph_integer_t ne = A.ok ? igraph_strvector_size(&A.en) : 0;
	for (size_t k = 0; !out[0] && k < nl; k++)
		for (igraph_integer_t i = 0; !out[0] && i < ne; i++) {
			const char *name = igraph_strvector_get(&A.en, i);
			if (strcasecmp(name, list[k]))
				continue;
			if (numeric_attr(G, name, (int)VECTOR(A.et)[i], &str)) {
				snprintf(out, size, "%s", name);
				*strings = str;
			} else if (want) {
				rc = rs_fail(e, RS_EINVAL, "%s: weight %s: the edge attribute '%s' does not hold numbers",
					     path, want, name);
				goto done;
			}
		}
	char all[256] = "";
	for (igraph_integer_t i = 0; i < ne; i++) {
		const char *name = igraph_strvector_get(&A.en, i);
		rs_list_append(all, sizeof all, ", ", name);
		if (strcmp(name, out) && strcasecmp(name, "id") &&
		    numeric_attr(G, name, (int)VECTOR(A.et)[i], &str))
			rs_list_append(unread, usize, ", ", name);
	}
	if (want && !out[0])
		rc = rs_fail(e, RS_EINVAL, "%s: weight %s: no edge attribute of that name (%s%s)", path, want,
			     all[0] ? "its edge attributes: " : "its edges have no attributes", all);
done:
	attr_lists_free(&A);
	return rc;
}

/* Ground truth from a node attribute: the one asked for (an error if G has
 * none of that name), else a "value" (polblogs), "community" or "class"
 * (regspec's own GraphML and GML) one where there is one.  Numbers,
 * strings and booleans; integers keep their values, NaN and '' are
 * unlabelled, other values are classes in order of appearance (the label
 * file rules). */
/* A copy of a GML string with its numeric character references, '&#233;'
 * and '&#xE9;' (how GML, which is ASCII, writes other characters; igraph
 * decodes only the named ones), as UTF-8; NULL out of memory. */
static char *gml_decoded(const char *s)
{
	char *out = malloc(strlen(s) + 1), *w = out; /* a reference is longer than its bytes */
	if (out == NULL)
		return NULL;
	while (*s) {
		char *end;
		int hex = s[0] == '&' && s[1] == '#' && (s[2] == 'x' || s[2] == 'X');
		unsigned long c = s[0] == '&' && s[1] == '#' && (hex ? isxdigit((unsigned char)s[3]) : isdigit((unsigned char)s[2]))
					  ? strtoul(s + 2 + hex, &end, hex ? 16 : 10)
					  : 0;
		if (c == 0 || *end != ';' || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) {
			*w++ = *s++;
			continue;
		}
		s = end + 1;
		w += rs_utf8_put(c, w);
	}
	*w = '\0';
	return out;
}

static int igraph_labels(const igraph_t *G, const char *path, const char *want, int gml, rs_load_info *info,
			 rs_err *e)
{
	const char *attr = want;
	if (attr == NULL)
		attr = igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, "value")	     ? "value"
		       : igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, "community") ? "community"
		       : igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, "class")     ? "class"
											     : NULL;
	if (attr == NULL)
		return 0;
	if (!igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, attr)) {
		char list[256];
		vertex_attrs(G, list, sizeof list);
		return rs_fail(e, RS_EINVAL,
			       "labels '%s': no such file, nor a node attribute of %s (%s%s)", attr,
			       path, list[0] ? "its node attributes: " : "it has no node attributes",
			       list);
	}
	igraph_attribute_type_t type;
	if (igraph_cattribute_table.gettype(G, &type, IGRAPH_ATTRIBUTE_VERTEX, attr) != 0)
		return rs_fail(e, RS_EINVAL, "%s: cannot read the node attribute '%s'", path, attr);
	long n = (long)igraph_vcount(G);
	const char **v = rs_zalloc(e, (size_t)(n > 0 ? n : 1), sizeof *v, "labels");
	char *num = rs_alloc(e, (size_t)(n > 0 ? n : 1), 32, "labels");
	char **dec = gml && type == IGRAPH_ATTRIBUTE_STRING ? rs_zalloc(e, (size_t)(n > 0 ? n : 1), sizeof *dec, "labels")
							    : NULL;
	int rc = -1;
	if (v == NULL || num == NULL || (gml && type == IGRAPH_ATTRIBUTE_STRING && dec == NULL))
		goto out;
	for (long i = 0; i < n; i++) {
		if (type == IGRAPH_ATTRIBUTE_STRING) {
			v[i] = VAS(G, attr, i);
			if (dec && (v[i] = dec[i] = gml_decoded(v[i])) == NULL) {
				rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
				goto out;
			}
		} else if (type == IGRAPH_ATTRIBUTE_BOOLEAN) { /* as GraphML, GEXF and JSON write them */
			v[i] = VAB(G, attr, i) ? "true" : "false";
		} else {
			double x = VAN(G, attr, i);
			if (!isnan(x))
				snprintf(num + 32 * i, 32, "%.15g", x);
			else
				num[32 * i] = '\0';
			v[i] = num + 32 * i;
		}
	}
	info->labels = rs_labels_from_strings(v, n, e);
	if (info->labels == NULL) {
		char m[sizeof e->msg];
		snprintf(m, sizeof m, "%s", e->msg);
		rs_fail(e, RS_EINVAL, "%s: node attribute '%s': %s", path, attr, m);
		goto out;
	}
	snprintf(info->label_attr, sizeof info->label_attr, "%s", attr);
	rc = 0;
out:
	for (long i = 0; dec && i < n; i++)
		free(dec[i]);
	free(dec);
	free(v);
	free(num);
	return rc;
}

/* Whether s opens the element <name ...> (not <nameX...>). */
static int opens(const char *s, const char *name, size_t l)
{
	return s[0] == '<' && !strncmp(s + 1, name, l) && strchr(" \t\r\n/>", s[1 + l]) != NULL;
}

/* yEd keeps a node's label in <y:NodeLabel> inside its graphics data,
 * which igraph does not read (the nodes came out named n0, n1, ...): the
 * k-th <node> element's first such label names node k, the text before
 * any element inside it.  Only where there are as many <node> elements as
 * nodes (a group node, with a graph inside, is flattened by igraph). */
static void yed_labels(const char *buf, rs_graph *g)
{
	long count = 0, k = -1;
	for (const char *p = buf; (p = strchr(p, '<')) != NULL; p++)
		count += opens(p, "node", 4);
	if (count != g->n || g->names == NULL)
		return;
	unsigned char *done = calloc((size_t)g->n, 1);
	for (const char *p = buf; done && (p = strchr(p, '<')) != NULL; p++) {
		if (opens(p, "node", 4)) {
			k++;
		} else if (k >= 0 && !done[k] && opens(p, "y:NodeLabel", 11)) {
			const char *t = strchr(p, '>');
			if (t == NULL || t[-1] == '/')
				continue;
			t++;
			t += strspn(t, " \t\r\n");
			size_t l = strcspn(t, "<");
			while (l > 0 && strchr(" \t\r\n", t[l - 1]))
				l--;
			char *name = l > 0 ? rs_xml_decoded(t, l) : NULL;
			if (name) {
				free(g->names[k]);
				g->names[k] = name;
				done[k] = 1;
			}
		}
	}
	free(done);
}

/* The attribute want of an element whose attributes start at a (up to
 * its '>'), as written (entities not decoded): where its value starts,
 * its length in *vl; NULL when the element has none. */
static const char *xml_attr_raw(const char *a, const char *end, const char *want, size_t *vl)
{
	size_t wl = strlen(want);
	while (a < end) {
		a += strspn(a, " \t\r\n");
		if (a >= end || *a == '>' || *a == '/')
			return NULL;
		const char *name = a;
		while (a < end && !strchr(" \t\r\n=>", *a))
			a++;
		size_t nl = (size_t)(a - name);
		a += strspn(a, " \t\r\n");
		if (a >= end || *a != '=')
			return NULL;
		a++;
		a += strspn(a, " \t\r\n");
		if (a >= end || (*a != '"' && *a != '\''))
			return NULL;
		const char *v = a + 1, *q = memchr(v, *a, (size_t)(end - v));
		if (q == NULL)
			return NULL;
		if (nl == wl && !strncmp(name, want, wl)) {
			*vl = (size_t)(q - v);
			return v;
		}
		a = q + 1;
	}
	return NULL;
}

/* The same decoded, or NULL. */
static char *xml_attr(const char *a, const char *end, const char *want)
{
	size_t vl;
	const char *v = xml_attr_raw(a, end, want, &vl);
	return v ? rs_xml_decoded(v, vl) : NULL;
}

/* The elements of an XML text in order, comments, declarations and
 * closing tags skipped: xml_next gives each one's local name (a prefix
 * dropped: <g:node> is node) and where its attributes start, and counts
 * the lines up to it. */
struct xml_walk {
	const char *p, *end, *counted;
	long line;
};

static void xml_walk_init(struct xml_walk *w, const char *buf, size_t len)
{
	*w = (struct xml_walk){buf, buf + len, buf, 1};
}

static int xml_next(struct xml_walk *w, const char **name, size_t *nl, const char **attrs)
{
	const char *p = w->p, *end = w->end;
	while (p < end && (p = memchr(p, '<', (size_t)(end - p))) != NULL) {
		if (end - p >= 4 && !strncmp(p, "<!--", 4)) {
			const char *c = p + 4;
			while (c + 3 <= end && strncmp(c, "-->", 3) != 0)
				c++;
			p = c + 3 <= end ? c + 3 : end; /* an unclosed comment ends the text */
			continue;
		}
		const char *q = p + 1, *local = q;
		while (q < end && (isalnum((unsigned char)*q) || *q == '_' || *q == '-' || *q == '.' || *q == ':')) {
			if (*q == ':')
				local = q + 1;
			q++;
		}
		p++;
		if (q == local)
			continue; /* </x>, <?xml, <!DOCTYPE, or a name that ends in ':' */
		for (const char *c; (c = memchr(w->counted, '\n', (size_t)(local - w->counted))) != NULL;
		     w->counted = c + 1)
			w->line++;
		w->counted = local;
		w->p = p;
		*name = local;
		*nl = (size_t)(q - local);
		*attrs = q;
		return 1;
	}
	w->p = end;
	return 0;
}

/* Where the text of an element whose attributes start at attrs begins
 * (after its '>'), or NULL for an empty element (<x/>). */
static const char *xml_text(const char *attrs, const char *end)
{
	const char *gt = memchr(attrs, '>', (size_t)(end - attrs));
	return gt && gt[-1] != '/' ? gt + 1 : NULL;
}

static int is_element(const char *name, size_t nl, const char *want)
{
	return nl == strlen(want) && !strncmp(name, want, nl);
}

/* The <node> elements of a GraphML text: igraph adds a node for an id
 * that only an edge names, and merges the elements that repeat an id,
 * both silently.  The number of different ids (-1 out of memory), and
 * into info the elements that repeat one, the first such id and its two
 * lines. */
static long graphml_nodes(const char *buf, size_t len, rs_load_info *info)
{
	rs_namemap ids = {0};
	long *line_of = NULL, cap = 0, distinct = 0;
	struct xml_walk w;
	const char *name, *attrs;
	size_t nl;
	xml_walk_init(&w, buf, len);
	while (xml_next(&w, &name, &nl, &attrs)) {
		if (!is_element(name, nl, "node"))
			continue;
		char *id = xml_attr(attrs, w.end, "id");
		if (id == NULL)
			continue;
		rs_err e = {0};
		long k = rs_nm_intern(&ids, id, strlen(id), 1, &e);
		if (k < 0 || rs_grow(&e, &line_of, &cap, k, sizeof *line_of, 1024, "node lines") != 0) {
			free(id);
			distinct = -1;
			break;
		}
		if (k == distinct) { /* a new id: ids are numbered in order */
			line_of[k] = w.line;
			distinct++;
		} else if (info->repeated_ids++ == 0) {
			snprintf(info->repeated_id, sizeof info->repeated_id, "%s", id);
			info->repeated_lines[0] = line_of[k];
			info->repeated_lines[1] = w.line;
		}
		free(id);
	}
	rs_nm_free(&ids);
	free(line_of);
	if (distinct < 0)
		info->repeated_ids = 0;
	return distinct;
}

/* The <key> elements of a GraphML text met so far (the first 256):
 * each one's id, attr.name, attr.type and for (its domain), decoded
 * (NULL where absent). */
struct graphml_keys {
	int n;
	char *id[256], *name[256], *type[256], *dom[256];
};

static void keys_add(struct graphml_keys *K, const char *attrs, const char *end)
{
	if (K->n == (int)(sizeof K->id / sizeof K->id[0]))
		return;
	K->id[K->n] = xml_attr(attrs, end, "id");
	K->name[K->n] = xml_attr(attrs, end, "attr.name");
	K->dom[K->n] = xml_attr(attrs, end, "for");
	K->type[K->n++] = xml_attr(attrs, end, "attr.type");
}

/* The key whose id is id, or -1. */
static int keys_find(const struct graphml_keys *K, const char *id)
{
	for (int i = 0; id && i < K->n; i++)
		if (K->id[i] && !strcmp(K->id[i], id))
			return i;
	return -1;
}

static void keys_free(struct graphml_keys *K)
{
	for (int i = 0; i < K->n; i++) {
		free(K->id[i]);
		free(K->name[i]);
		free(K->type[i]);
		free(K->dom[i]);
	}
}

/* ------------------------------------- texts mended before igraph reads */

/* Changes to a text, which text_edited makes: the bytes [at, at + len)
 * become rep[0..rl), or with rep NULL the newlines among them alone, so
 * that every line keeps its number for the messages. */
struct text_edits {
	struct text_edit {
		size_t at, len;
		const char *rep;
		size_t rl;
	} *ed;
	long n, cap;
	int failed;
};

static void edit_add(struct text_edits *T, size_t at, size_t len, const char *rep, size_t rl)
{
	rs_err e = {0};
	if (T->failed || rs_grow(&e, &T->ed, &T->cap, T->n, sizeof *T->ed, 64, "text edits") != 0) {
		T->failed = 1;
		return;
	}
	T->ed[T->n++] = (struct text_edit){at, len, rep, rl};
}

/* buf[0..len) with T's changes made, in the text's order (one that
 * starts inside an earlier one's bytes, which a malformed text gives, an
 * element blanked whose '>' is far on, is dropped): a new NUL-terminated
 * text, its length in *out; NULL when there are none, or out of memory.
 * T is emptied. */
static char *text_edited(const char *buf, size_t len, struct text_edits *T, size_t *out)
{
	char *s = NULL;
	if (T->n > 0 && !T->failed) {
		size_t total = len;
		for (long i = 0; i < T->n; i++)
			total += T->ed[i].rep ? T->ed[i].rl : 0;
		s = malloc(total + 1);
	}
	if (s != NULL) {
		size_t from = 0, o = 0;
		for (long i = 0; i < T->n; i++) {
			const struct text_edit *d = &T->ed[i];
			if (d->at < from || d->at + d->len > len)
				continue;
			memcpy(s + o, buf + from, d->at - from);
			o += d->at - from;
			if (d->rep != NULL) {
				memcpy(s + o, d->rep, d->rl);
				o += d->rl;
			} else {
				for (size_t k = d->at; k < d->at + d->len; k++)
					if (buf[k] == '\n')
						s[o++] = '\n';
			}
			from = d->at + d->len;
		}
		memcpy(s + o, buf + from, len - from);
		o += len - from;
		s[o] = '\0';
		*out = o;
	}
	free(T->ed);
	*T = (struct text_edits){0};
	return s;
}

/* A GML real is digits, a point and digits, either run possibly empty
 * ("1.E-07", which networkx writes for 1e-07, ".5", "2."), then an
 * exponent; igraph's reader wants a digit on both sides of the point.
 * The token t..end as written: a 0 added to T where one is missing. */
static void gml_real_mend(struct text_edits *T, const char *buf, const char *t, const char *end)
{
	const char *s = t + (*t == '+' || *t == '-'), *point = s;
	while (point < end && isdigit((unsigned char)*point))
		point++;
	if (point >= end || *point != '.')
		return;
	const char *f = point + 1, *g = f;
	while (g < end && isdigit((unsigned char)*g))
		g++;
	if (point == s && g == f)
		return; /* a point alone is no number */
	if (g < end) { /* the exponent, to the token's end */
		const char *x = g + 1;
		if (*g != 'e' && *g != 'E')
			return;
		x += x < end && (*x == '+' || *x == '-');
		const char *y = x;
		while (y < end && isdigit((unsigned char)*y))
			y++;
		if (y == x || y != end)
			return;
	}
	if (point == s)
		edit_add(T, (size_t)(point - buf), 0, "0", 1);
	if (g == f)
		edit_add(T, (size_t)(f - buf), 0, "0", 1);
}

/* A copy of a GML text whose reals igraph would refuse (gml_real_mend)
 * mended, its length in *out; NULL when none needs it (or out of
 * memory).  Strings and '#' comment lines are passed over. */
static char *gml_mended(const char *buf, size_t len, size_t *out)
{
	struct text_edits T = {0};
	const char *p = buf, *end = buf + len;
	while (p < end) {
		char c = *p;
		if (c == '#') {
			while (p < end && *p != '\n')
				p++;
		} else if (c == '"') {
			for (p++; p < end && *p != '"'; p++)
				;
			p += p < end;
		} else if ((isdigit((unsigned char)c) || c == '.' || c == '+' || c == '-') &&
			   (p == buf || isspace((unsigned char)p[-1]) || p[-1] == '[')) {
			const char *t = p;
			while (p < end && *p != '\0' && !isspace((unsigned char)*p) && *p != '[' && *p != ']')
				p++;
			gml_real_mend(&T, buf, t, p);
		} else {
			p++;
		}
	}
	return text_edited(buf, len, &T, out);
}

/* How wide a GraphML attribute type is: integers 1, reals 2, booleans 3,
 * strings (and an absent type, which GraphML reads as string) 4, a type
 * GraphML does not define 5. */
static int graphml_type_rank(const char *t)
{
	if (t == NULL || !strcmp(t, "string"))
		return 4;
	if (!strcmp(t, "int") || !strcmp(t, "long"))
		return 1;
	if (!strcmp(t, "float") || !strcmp(t, "double"))
		return 2;
	return !strcmp(t, "boolean") ? 3 : 5;
}

/* The type that holds the values of keys of types a and b: a when they
 * are the same, double for two numeric ones one of them real, long for
 * int and long, string otherwise. */
static const char *graphml_type_join(const char *a, const char *b)
{
	int ra = graphml_type_rank(a), rb = graphml_type_rank(b);
	if (ra == rb && ra != 5 && (a == NULL) == (b == NULL) && (a == NULL || !strcmp(a, b)))
		return a;
	if (ra <= 2 && rb <= 2)
		return ra == 2 || rb == 2 ? "double" : "long";
	return "string";
}

/* The '>' that closes a tag whose attributes start at attrs, or NULL
 * where a '<' comes first (a malformed tag, which libxml will refuse:
 * left as it is, so that its message stands) or the text ends. */
static const char *xml_tag_end(const char *attrs, const char *end)
{
	for (const char *p = attrs; p < end; p++) {
		if (*p == '"' || *p == '\'') { /* a value may hold '>' */
			const char *q = memchr(p + 1, *p, (size_t)(end - p - 1));
			if (q == NULL)
				return NULL;
			p = q;
		} else if (*p == '>') {
			return p;
		} else if (*p == '<') {
			return NULL;
		}
	}
	return NULL;
}

/* Where the element whose local name starts at name (attributes at
 * attrs) ends: after its '/>', or after its closing tag </...key>; NULL
 * when the text ends first. */
static const char *xml_element_end(const char *name, size_t nl, const char *attrs, const char *end)
{
	const char *gt = xml_tag_end(attrs, end);
	if (gt == NULL)
		return NULL;
	if (gt[-1] == '/')
		return gt + 1;
	for (const char *q = gt + 1; (q = memchr(q, '<', (size_t)(end - q))) != NULL; q++) {
		if (q + 1 >= end || q[1] != '/')
			continue;
		const char *local = q + 2, *r = local;
		while (r < end && !strchr(" \t\r\n>", *r)) {
			if (*r == ':')
				local = r + 1;
			r++;
		}
		if ((size_t)(r - local) == nl && !strncmp(local, name, nl)) {
			const char *close = memchr(r, '>', (size_t)(end - r));
			return close ? close + 1 : NULL;
		}
	}
	return NULL;
}

/* igraph misreads two things GraphML writers put in their keys: a type
 * GraphML does not define (graph-tool's vector_float, python::object)
 * makes it refuse the whole file, and two keys for one attribute name
 * and domain (networkx writes one a Python type: 'weight' long and
 * 'weight' double where some weights are whole numbers) leave the values
 * of all but one of them NaN, which read as no value, silently.  A copy
 * of the text with the first declared string and the second folded into
 * the first key of its name (its type the one that holds them all,
 * graphml_type_join), lines kept, its length in *out; NULL when there is
 * nothing to mend (or out of memory).  Into info, the first attribute
 * folded and how many keys were. */
static char *graphml_mended(const char *buf, size_t len, rs_load_info *info, size_t *out)
{
	struct graphml_keys K = {0};
	int canon[256], keys_of[256]; /* the key each is read as; how many are read as each */
	const char *type[256], *raw_id[256];
	size_t raw_len[256];
	struct xml_walk w;
	const char *name, *attrs;
	size_t nl;
	xml_walk_init(&w, buf, len);
	while (K.n < 256 && xml_next(&w, &name, &nl, &attrs)) {
		if (!is_element(name, nl, "key"))
			continue;
		int i = K.n;
		keys_add(&K, attrs, w.end);
		raw_id[i] = xml_attr_raw(attrs, w.end, "id", &raw_len[i]);
		canon[i] = i;
		keys_of[i] = 1;
		type[i] = K.type[i];
		for (int j = 0; j < i && K.name[i] && raw_id[i]; j++) {
			const char *dj = K.dom[j] ? K.dom[j] : "all", *di = K.dom[i] ? K.dom[i] : "all";
			if (canon[j] == j && K.name[j] && !strcmp(K.name[j], K.name[i]) && !strcmp(dj, di) &&
			    raw_id[j] != NULL) {
				canon[i] = j;
				keys_of[j]++;
				type[j] = graphml_type_join(type[j], K.type[i]);
				break;
			}
		}
	}
	int first = -1; /* the first attribute folded, for the note */
	for (int j = 0; j < K.n; j++)
		if (keys_of[j] > 1 && info->folded_attrs++ == 0)
			first = j;
	if (first >= 0) {
		char types[64] = "";
		for (int j = first; j < K.n; j++)
			if (canon[j] == first)
				rs_list_append(types, sizeof types, ", ", K.type[j] ? K.type[j] : "string");
		const char *t = graphml_type_rank(type[first]) == 5 || !type[first] ? "string" : type[first];
		snprintf(info->folded_key, sizeof info->folded_key, "%s attribute '%s' has %d <key> elements (%s)",
			 K.dom[first] ? K.dom[first] : "all", K.name[first], keys_of[first], types);
		snprintf(info->folded_type, sizeof info->folded_type, "%s", t);
	}
	int changes = 0;
	for (int i = 0; i < K.n; i++)
		changes |= canon[i] != i || type[i] != K.type[i] || graphml_type_rank(type[i]) == 5;
	if (!changes) { /* the common case: one pass, no copy */
		keys_free(&K);
		return NULL;
	}
	struct text_edits T = {0};
	int ki = 0;
	xml_walk_init(&w, buf, len);
	while (xml_next(&w, &name, &nl, &attrs)) {
		const char *gt = xml_tag_end(attrs, w.end);
		if (is_element(name, nl, "key") && ki < K.n) {
			int i = ki++;
			if (gt == NULL)
				continue;
			if (canon[i] != i) { /* folded into an earlier key: gone */
				const char *lt = name, *stop = xml_element_end(name, nl, attrs, w.end);
				while (lt > buf && *lt != '<')
					lt--;
				if (stop != NULL)
					edit_add(&T, (size_t)(lt - buf), (size_t)(stop - lt), NULL, 0);
			} else if (graphml_type_rank(type[i]) == 5 || type[i] != K.type[i]) {
				const char *t = graphml_type_rank(type[i]) == 5 ? "string" : type[i];
				size_t vl;
				const char *v = xml_attr_raw(attrs, gt, "attr.type", &vl);
				if (v != NULL) {
					edit_add(&T, (size_t)(v - buf), vl, t, strlen(t));
				} else { /* no type: string; a folded one wants another */
					const char *d = !strcmp(t, "double") ? " attr.type=\"double\""
							: !strcmp(t, "long") ? " attr.type=\"long\""
									     : " attr.type=\"string\"";
					edit_add(&T, (size_t)(attrs - buf), 0, d, strlen(d));
				}
			}
		} else if (is_element(name, nl, "data") && K.n > 0 && gt != NULL) {
			size_t vl;
			const char *v = xml_attr_raw(attrs, gt, "key", &vl);
			char *k = v ? rs_xml_decoded(v, vl) : NULL;
			int j = keys_find(&K, k);
			free(k);
			if (j >= 0 && canon[j] != j)
				edit_add(&T, (size_t)(v - buf), vl, raw_id[canon[j]], raw_len[canon[j]]);
		}
	}
	keys_free(&K);
	return text_edited(buf, len, &T, out);
}

/* Why igraph refused a GraphML text where its own message names no line
 * ("Cannot parse GraphML file"): the first element it cannot take, with
 * its line, in e.  0 when none is found (igraph's message stands). */
static int graphml_diagnose(const char *buf, size_t len, const char *path, rs_err *e)
{
	struct graphml_keys K = {0};
	int graphs = 0, found = 0;
	struct xml_walk w;
	const char *name, *attrs;
	size_t nl;
	xml_walk_init(&w, buf, len);
	while (!found && xml_next(&w, &name, &nl, &attrs)) {
		if (is_element(name, nl, "graph")) {
			graphs++;
		} else if (is_element(name, nl, "key")) {
			keys_add(&K, attrs, w.end);
		} else if (is_element(name, nl, "node")) {
			char *id = xml_attr(attrs, w.end, "id");
			if (id == NULL)
				found = rs_fail(e, RS_EINVAL, "%s:%ld: a <node> element without an id", path, w.line);
			free(id);
		} else if (is_element(name, nl, "edge")) {
			char *a = xml_attr(attrs, w.end, "source"), *b = xml_attr(attrs, w.end, "target");
			if (a == NULL || b == NULL)
				found = rs_fail(e, RS_EINVAL, "%s:%ld: an <edge> element without a %s", path, w.line,
						a == NULL ? "source" : "target");
			free(a);
			free(b);
		} else if (is_element(name, nl, "data")) {
			/* a number where the key's type asks for one */
			char *k = xml_attr(attrs, w.end, "key");
			int at = keys_find(&K, k);
			const char *type = at >= 0 ? K.type[at] : NULL;
			const char *t = xml_text(attrs, w.end);
			if (type && t &&
			    (!strcmp(type, "int") || !strcmp(type, "long") || !strcmp(type, "float") ||
			     !strcmp(type, "double"))) {
				const char *lt = memchr(t, '<', (size_t)(w.end - t));
				char *text = lt ? rs_xml_decoded(t, (size_t)(lt - t)) : NULL;
				char *v = text ? text + strspn(text, " \t\r\n") : NULL, *stop = NULL;
				if (v && *v) {
					(void)strtod(v, &stop);
					stop += strspn(stop, " \t\r\n");
				}
				if (stop && (stop == v || *stop))
					found = rs_fail(e, RS_EINVAL,
							"%s:%ld: '%.40s' is not a number, as key '%.40s' (attr.type "
							"%s) asks",
							path, w.line, v, k, type);
				free(text);
			}
			free(k);
		}
	}
	if (!found && graphs == 0)
		found = rs_fail(e, RS_EINVAL, "%s: no <graph> element", path);
	keys_free(&K);
	return found ? -1 : 0;
}

/* Whether the text t (up to end, leading blanks skipped) is a number that
 * reads as NaN ("nan", "NaN", "-nan"). */
static int text_is_nan(const char *t, const char *end)
{
	char num[32];
	t += strspn(t, " \t\r\n\"");
	size_t l = 0;
	while (t + l < end && l + 1 < sizeof num && !strchr(" \t\r\n\"<]", t[l]))
		l++;
	memcpy(num, t, l);
	num[l] = '\0';
	double v;
	return parse_weight(num, &v) == 0 && isnan(v);
}

/* igraph reads the edges of a GraphML or GML text in the file's order, and
 * tells a weight written "NaN" from none only as NaN both: the line of
 * edge `want`'s attribute attr (0-based; the edge's own line where attr
 * is not written there), or with want < 0 the line of the first edge
 * attribute attr written as NaN; 0 when there is none. */
static long graphml_edge_scan(const char *buf, size_t len, long want, const char *attr)
{
	struct graphml_keys K = {0};
	long edge = -1, found = 0, edge_line = 0;
	struct xml_walk w;
	const char *name, *attrs;
	size_t nl;
	xml_walk_init(&w, buf, len);
	while (!found && xml_next(&w, &name, &nl, &attrs)) {
		if (is_element(name, nl, "key")) {
			keys_add(&K, attrs, w.end);
		} else if (is_element(name, nl, "edge")) {
			if (edge == want) /* the one wanted had no such data */
				found = edge_line;
			edge_line = w.line;
			edge++;
		} else if (is_element(name, nl, "data") && edge >= 0 && (want < 0 || edge == want)) {
			/* inside an edge: GraphML nests the data in its element,
			 * and the nodes' data comes before the edges */
			char *k = xml_attr(attrs, w.end, "key");
			int at = keys_find(&K, k);
			int weight = at >= 0 && K.name[at] && !strcmp(K.name[at], attr);
			const char *t = xml_text(attrs, w.end);
			if (weight && (want >= 0 || (t && text_is_nan(t, w.end))))
				found = w.line;
			free(k);
		}
	}
	if (!found && want >= 0 && edge == want)
		found = edge_line;
	keys_free(&K);
	return found;
}

static long gml_edge_scan(const char *buf, size_t len, long want, const char *attr)
{
	const char *p = buf, *end = buf + len;
	long line = 1, edge = -1, edge_line = 0;
	int depth = 0, edge_depth = -1; /* the depth inside the current edge's [ ] */
	size_t al = strlen(attr);
	while (p < end) {
		char c = *p;
		if (c == '\n') {
			line++;
			p++;
		} else if (c == '#') { /* a comment, to the end of the line */
			while (p < end && *p != '\n')
				p++;
		} else if (c == '"') { /* a string: lines inside it count */
			for (p++; p < end && *p != '"'; p++)
				line += *p == '\n';
			p += p < end;
		} else if (c == '[') {
			depth++;
			p++;
		} else if (c == ']') {
			if (depth-- == edge_depth) {
				if (edge == want) /* the one wanted had no such attribute */
					return edge_line;
				edge_depth = -1;
			}
			p++;
		} else if (isalpha((unsigned char)c) || c == '_') {
			const char *word = p;
			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			size_t wl = (size_t)(p - word);
			const char *q = p + strspn(p, " \t\r\n");
			if (wl == 4 && !strncmp(word, "edge", 4) && q < end && *q == '[') {
				edge++;
				edge_line = line;
				edge_depth = depth + 1;
			} else if (edge_depth == depth && wl == al && !strncmp(word, attr, al) &&
				   (edge == want || (want < 0 && text_is_nan(p, end)))) {
				return line;
			}
		} else {
			p++;
		}
	}
	return 0;
}

static long igraph_edge_line(const char *buf, size_t len, enum rs_gformat fmt, long want, const char *attr)
{
	return fmt == RS_GF_GML ? gml_edge_scan(buf, len, want, attr) : graphml_edge_scan(buf, len, want, attr);
}

static rs_graph *read_igraph(char *buf, size_t len, const char *path, enum rs_gformat fmt,
			     const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	long declared = fmt == RS_GF_GRAPHML ? graphml_nodes(buf, len, info) : -1;
	/* igraph reads the text mended (its lines kept); the messages and
	 * the scans for lines read it as written */
	size_t mlen = 0;
	char *mended = fmt == RS_GF_GRAPHML ? graphml_mended(buf, len, info, &mlen) : gml_mended(buf, len, &mlen);
	FILE *f = mended ? fmemopen(mended, mlen ? mlen : 1, "r") : fmemopen(buf, len ? len : 1, "r");
	if (f == NULL) {
		free(mended);
		rs_fail(e, RS_ENOMEM, "%s: cannot open a memory stream", path);
		return NULL;
	}
	igraph_set_attribute_table(&igraph_cattribute_table);
	igraph_error_handler_t *old = igraph_set_error_handler(igraph_catch);
	igraph_warning_handler_t *oldw = igraph_set_warning_handler(igraph_quiet);
	igraph_t G;
	igraph_error_t rc;
	igraph_msg[0] = '\0';
	if (fmt == RS_GF_GML)
		rc = igraph_read_graph_gml(&G, f);
	else
		rc = igraph_read_graph_graphml(&G, f, 0);
	fclose(f);
	free(mended);
	igraph_set_error_handler(old);
	igraph_set_warning_handler(oldw);
	if (rc != IGRAPH_SUCCESS) {
		/* libxml's messages have a line; igraph's own ("Cannot parse
		 * GraphML file") do not: find the element it refused */
		const char *at = strstr(igraph_msg, "Line ");
		if (at == NULL)
			at = strstr(igraph_msg, "line ");
		char *after;
		long line = at ? strtol(at + 5, &after, 10) : 0;
		if (line <= 0 && fmt == RS_GF_GRAPHML && graphml_diagnose(buf, len, path, e) != 0)
			return NULL;
		const char *msg = igraph_msg[0] ? igraph_msg : "parse error";
		if (line > 0 && at == igraph_msg && !strncmp(after, ": ", 2))
			msg = after + 2; /* libxml's "Line 60: ..." */
		if (line > 0)
			rs_fail(e, RS_EINVAL, "%s:%ld: not a valid %s file: %s", path, line, rs_gformat_name(fmt), msg);
		else
			rs_fail(e, RS_EINVAL, "%s: not a valid %s file: %s", path, rs_gformat_name(fmt), msg);
		return NULL;
	}
	rs_graph *g = NULL;
	rs_edges E = {0};
	igraph_vector_int_t el;
	igraph_vector_t wv;
	igraph_vector_int_init(&el, 0);
	igraph_vector_init(&wv, 0);
	long n = (long)igraph_vcount(&G);
	if (declared >= 0 && n > declared)
		info->undeclared = n - declared;
	igraph_get_edgelist(&G, &el, 0);
	char wattr[128];
	int wstrings;
	if (weight_attr(&G, o->unweighted ? NULL : o->weight_name, path, wattr, sizeof wattr, &wstrings,
			info->unread_attrs, sizeof info->unread_attrs, e) != 0)
		goto out;
	int weighted = !o->unweighted && wattr[0];
	long ne = (long)igraph_ecount(&G);
	if (weighted) {
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", wattr);
		if (!wstrings) {
			igraph_cattribute_EANV(&G, wattr, igraph_ess_all(IGRAPH_EDGEORDER_ID), &wv);
		} else if (igraph_vector_resize(&wv, ne) == IGRAPH_SUCCESS) {
			for (long i = 0; i < ne; i++) {
				const char *v = EAS(&G, wattr, i);
				if (v[0] == '\0' || parse_weight(v, &VECTOR(wv)[i]) != 0)
					VECTOR(wv)[i] = NAN; /* no weight: 1, below */
			}
		} else {
			rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
			goto out;
		}
	}
	int nan_checked = 0;
	for (long i = 0; i < ne; i++) {
		double w = weighted ? VECTOR(wv)[i] : 1.0;
		if (isnan(w) && !nan_checked++) {
			/* no weight, or "NaN" written: one pass finds the first
			 * written one */
			long at = igraph_edge_line(buf, len, fmt, -1, wattr);
			if (at > 0) {
				rs_fail(e, RS_EINVAL, "%s:%ld: weight NaN: weights must be finite and >= 0", path, at);
				goto out;
			}
		}
		if (isnan(w))
			w = 1.0; /* an edge without a weight where others have one */
		if (!isfinite(w) || w < 0) {
			long at = igraph_edge_line(buf, len, fmt, i, wattr);
			if (at > 0)
				rs_fail(e, RS_EINVAL, "%s:%ld: weight %g: weights must be finite and >= 0", path, at, w);
			else
				rs_fail(e, RS_EINVAL, "%s: edge %ld has weight %g: weights must be finite and >= 0",
					path, i + 1, w);
			goto out;
		}
		if (rs_edges_push(&E, VECTOR(el)[2 * i], VECTOR(el)[2 * i + 1], w, e) != 0)
			goto out;
	}
	info->weighted = weighted;
	info->symmetrized = igraph_is_directed(&G);
	info->lines = ne;
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto out;
	/* names: the first string attribute of "label", "name" and "id" (a
	 * GraphML node's id, which igraph keeps as "id"; GML's are numbers) */
	static const char *const name_attrs[] = {"label", "name", "id"};
	const char *nattr = NULL;
	igraph_attribute_type_t type;
	for (size_t a = 0; !nattr && a < sizeof name_attrs / sizeof name_attrs[0]; a++)
		if (igraph_cattribute_has_attr(&G, IGRAPH_ATTRIBUTE_VERTEX, name_attrs[a]) &&
		    igraph_cattribute_table.gettype(&G, &type, IGRAPH_ATTRIBUTE_VERTEX, name_attrs[a]) == 0 &&
		    type == IGRAPH_ATTRIBUTE_STRING)
			nattr = name_attrs[a];
	if (nattr) {
		g->names = calloc((size_t)n, sizeof *g->names);
		for (long i = 0; g->names && i < n; i++)
			g->names[i] = fmt == RS_GF_GML ? gml_decoded(VAS(&G, nattr, i)) : strdup(VAS(&G, nattr, i));
		if (fmt == RS_GF_GRAPHML && !strcmp(nattr, "id") && strstr(buf, "y:NodeLabel") != NULL)
			yed_labels(buf, g);
	}
	vertex_attrs(&G, info->node_attrs, sizeof info->node_attrs);
	if (igraph_labels(&G, path, o->label_attr, fmt == RS_GF_GML, info, e) != 0) {
		rs_graph_free(g);
		g = NULL;
	}
out:
	rs_edges_free(&E);
	igraph_vector_int_destroy(&el);
	igraph_vector_destroy(&wv);
	igraph_destroy(&G);
	return g;
}

/* ------------------------------------------------------------ dispatch */

/* The extension of a file's name (".mtx"), under a ".gz" (".bz2", ".xz",
 * ".zst") one; "" when the name has none. */
void rs_file_extension(const char *path, char *ext, size_t size)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t l = strlen(base);
	l -= rs_compressed_suffix(base, l);
	const char *dot = NULL;
	for (size_t i = 0; i < l; i++)
		if (base[i] == '.')
			dot = base + i;
	snprintf(ext, size, "%.*s", dot ? (int)(l - (size_t)(dot - base)) : 0, dot ? dot : "");
}

/* DIMACS text: after 'c' comment lines, a problem line 'p WORD N M'. */
static int dimacs_like(const char *s)
{
	while (*s == 'c' && (s[1] == ' ' || s[1] == '\t' || s[1] == '\n' || s[1] == '\r')) {
		s = strchr(s, '\n');
		if (s == NULL)
			return 0;
		s += strspn(s, " \t\r\n");
	}
	char word[32];
	long n, m;
	return s[0] == 'p' && (s[1] == ' ' || s[1] == '\t') &&
	       sscanf(s + 2, "%31s %ld %ld", word, &n, &m) == 3 && isalpha((unsigned char)word[0]);
}

/* UCINET's DL: 'DL', then soon 'N =' (or NR, NC), not an edge list whose
 * first node is named dl. */
static int dl_like(const char *s)
{
	if (strncasecmp(s, "dl", 2) != 0 || !(isspace((unsigned char)s[2]) || s[2] == ','))
		return 0;
	for (const char *p = s + 2; *p && p < s + 256; p++)
		if ((*p == 'n' || *p == 'N') && !isalnum((unsigned char)p[-1])) {
			const char *q = p + 1 + (strchr("rRcC", p[1]) != NULL && p[1]);
			q += strspn(q, " \t");
			if (*q == '=')
				return 1;
		}
	return 0;
}

/* The format a file name's extension says (RS_GF_AUTO: none). */
static enum rs_gformat extension_format(const char *path)
{
	static const struct {
		const char *ext;
		enum rs_gformat f;
	} ext[] = {{".mtx", RS_GF_MTX},	   {".mm", RS_GF_MTX},	   {".biedges", RS_GF_BIEDGES},
		   {".gml", RS_GF_GML},	   {".graphml", RS_GF_GRAPHML}, {".net", RS_GF_PAJEK},
		   {".pajek", RS_GF_PAJEK},  {".paj", RS_GF_PAJEK},  {".col", RS_GF_DIMACS},	{".clq", RS_GF_DIMACS},
		   {".gr", RS_GF_DIMACS},    {".dimacs", RS_GF_DIMACS}, {".max", RS_GF_DIMACS},
		   {".graph", RS_GF_METIS},  {".metis", RS_GF_METIS}, {".chaco", RS_GF_METIS},
		   {".adjlist", RS_GF_ADJLIST}, {".gdf", RS_GF_GDF}, {".sif", RS_GF_SIF}, {".dl", RS_GF_DL},
		   {".json", RS_GF_JSON},    {".cyjs", RS_GF_JSON}, {".gexf", RS_GF_GEXF},
		   {".lgl", RS_GF_LGL},	     {".g6", RS_GF_GRAPH6},  {".s6", RS_GF_GRAPH6},
		   {".d6", RS_GF_GRAPH6},    {".dot", RS_GF_DOT},    {".gv", RS_GF_DOT},
		   {".tgf", RS_GF_TGF},      {".xgmml", RS_GF_XGMML}, {".cx", RS_GF_JSON}, {".cx2", RS_GF_JSON}, {".gw", RS_GF_LEDA}, {".lgr", RS_GF_LEDA}};
	char dot[32];
	rs_file_extension(path, dot, sizeof dot);
	for (size_t i = 0; dot[0] && i < sizeof ext / sizeof ext[0]; i++)
		if (!strcasecmp(dot, ext[i].ext))
			return ext[i].f;
	return RS_GF_AUTO;
}

/* LGL: first a line '# NODE', every '#' line one word after the '#',
 * the others one or two words (a neighbour, a weight), and in the first
 * 200 lines at least two '# NODE' lines that a neighbour follows (a block
 * of one-word comments over an edge list has none but the last). */
static int lgl_like(const char *s)
{
	int heads = 0, lines = 0, open = 0;
	for (const char *p = s; *p && lines < 200; lines++) {
		const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p), *q = p;
		q += strspn(q, " \t\r");
		int head = q < end && *q == '#', words = 0;
		q += head;
		while (q < end) {
			q += strspn(q, " \t\r");
			if (q >= end)
				break;
			words++;
			while (q < end && *q != ' ' && *q != '\t' && *q != '\r')
				q++;
		}
		if (head && words != 1)
			return 0;
		if (head)
			open = 1;
		else if (words > 2 || (words > 0 && heads == 0 && !open))
			return 0; /* a neighbour before any '# NODE' */
		else if (words > 0 && open) {
			heads++;
			open = 0;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return heads >= 2;
}

/* Pajek: after '%' comment lines, '*Vertices' or '*Network'. */
static int pajek_like(const char *s)
{
	while (*s == '%') {
		s = strchr(s, '\n');
		if (s == NULL)
			return 0;
		s += strspn(s, " \t\r\n");
	}
	return !strncasecmp(s, "*vertices", 9) || !strncasecmp(s, "*network", 8);
}

static enum rs_gformat guess(const char *path, const char *buf)
{
	enum rs_gformat by_name = extension_format(path);
	return by_name != RS_GF_AUTO ? by_name : rs_gformat_sniff(buf);
}

enum rs_gformat rs_gformat_sniff(const char *buf)
{
	const char *s = buf;
	while (isspace((unsigned char)*s))
		s++;
	if (!strncmp(s, "%%MatrixMarket", 14))
		return RS_GF_MTX;
	if (dl_like(s))
		return RS_GF_DL;
	size_t head = strnlen(s, 4096);
	if ((!strncmp(s, "<?xml", 5) || !strncmp(s, "<gexf", 5)) && memmem(s, head, "<gexf", 5) != NULL)
		return RS_GF_GEXF;
	if ((!strncmp(s, "<?xml", 5) || !strncmp(s, "<graph", 6)) && memmem(s, head, "<graphml", 8) == NULL &&
	    rs_xgmml_is(s))
		return RS_GF_XGMML;
	if (!strncmp(s, "<?xml", 5) || !strncmp(s, "<graphml", 8))
		return RS_GF_GRAPHML;
	if (pajek_like(s))
		return RS_GF_PAJEK;
	if (rs_graph6_kind(s))
		return RS_GF_GRAPH6;
	if (lgl_like(buf))
		return RS_GF_LGL;
	if (*s == '{' || *s == '[')
		return RS_GF_JSON;
	if (rs_dot_is(s))
		return RS_GF_DOT;
	if (!strncmp(s, "graph", 5) || !strncmp(s, "Creator", 7))
		return RS_GF_GML;
	if (rs_octave_is(s))
		return RS_GF_OCTAVE;
	if (rs_gdf_is(s))
		return RS_GF_GDF;
	if (rs_tgf_is(s))
		return RS_GF_TGF;
	if (rs_leda_is(buf))
		return RS_GF_LEDA;
	if (strstr(s, "# rows:") && s == strstr(s, "#"))
		return RS_GF_BIEDGES;
	if (dimacs_like(s))
		return RS_GF_DIMACS;
	if (nx_multiline(s) || adjlist_like(s))
		return RS_GF_ADJLIST;
	if (matrix_like(s))
		return RS_GF_MATRIX;
	if (sif_like(s))
		return RS_GF_SIF;
	return RS_GF_EDGES;
}

int rs_archive_name(const char *path, size_t l)
{
	static const char *const sfx[] = {".zip", ".npz", ".tar", ".tgz", ".tbz2", ".tbz", ".txz", ".tzst",
					  ".xlsx", ".g6", ".s6", ".d6", ".mat"};
	l -= rs_compressed_suffix(path, l);
	for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++) {
		size_t sl = strlen(sfx[i]);
		if (l > sl && !strncasecmp(path + l - sl, sfx[i], sl))
			return 1;
	}
	return 0;
}

size_t rs_archive_prefix(const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0)
		return 0;
	for (const char *p = path; (p = strchr(p, '/')) != NULL; p++) {
		size_t l = (size_t)(p - path);
		/* a file has no files under it: FILE/NAME names a part of FILE,
		 * whatever FILE's name (an Octave file FILE.txt/A too) */
		if (p[1] != '\0' && l > 0) {
			char *a = strndup(path, l);
			int file = a != NULL && stat(a, &st) == 0 && S_ISREG(st.st_mode);
			free(a);
			if (file)
				return l;
		}
	}
	return 0;
}

rs_graph *rs_graph_load(const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e)
{
	memset(info, 0, sizeof *info);
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) /* an unpacked download: its graph file */
		return rs_folder_graph(path, o, info, e);
	size_t len, arch = rs_archive_prefix(path);
	char *archive = arch ? strndup(path, arch) : NULL;
	rs_load_opts in = *o;
	if (arch) {
		if (archive == NULL)
			return rs_fail(e, RS_ENOMEM, "out of memory"), NULL;
		in.member = path + arch + 1;
	}
	char *buf = rs_read_data(archive ? archive : path, &len, e);
	rs_graph *g = NULL;
	int kind = buf != NULL ? rs_binary_kind(buf, len) : 0;
	/* text files with parts: a graph6 file a graph a line (FILE.g6/N the
	 * N-th), an Octave file its variables (FILE/A) */
	int parts = buf != NULL && arch && kind == 0 &&
		    (extension_format(archive) == RS_GF_GRAPH6 || rs_octave_is(buf));
	if (buf != NULL && arch && (kind == 0 || kind == 'n') && !parts)
		rs_fail(e, RS_EINVAL, "%s: not a zip or tar archive, a MAT-file or an Octave file, so '%s' is no member "
				      "of it", archive, in.member);
	else if (buf != NULL)
		g = rs_graph_parse(buf, len, archive ? archive : path, &in, info, e);
	free(buf);
	free(archive);
	return g;
}

rs_graph *rs_graph_parse(char *buf, size_t len, const char *path, const rs_load_opts *o,
			 rs_load_info *info, rs_err *e)
{
	memset(info, 0, sizeof *info);
	rs_graph *g = NULL;
	if (rs_binary_kind(buf, len)) {
		g = rs_binary_graph((unsigned char *)buf, len, path, o, info, e);
		goto done;
	}
	if (o->format == RS_GF_NUMPY) {
		rs_fail(e, RS_EINVAL, "%s: text, where 'format' asks for a NumPy .npy or .npz file or a zip archive",
			path);
		return NULL;
	}
	if (memchr(buf, '\0', len) != NULL) {
		rs_fail(e, RS_EINVAL, "%s: binary data (a NUL byte), not a text graph", path);
		return NULL;
	}
	enum rs_gformat f = o->format == RS_GF_AUTO ? guess(path, buf) : o->format;
	info->format = rs_gformat_name(f);
	if (o->bipartite && f != RS_GF_EDGES && f != RS_GF_BIEDGES && f != RS_GF_MTX && f != RS_GF_MATRIX &&
	    f != RS_GF_DL && f != RS_GF_OCTAVE) {
		rs_fail(e, RS_EINVAL, "%s: 'bipartite' applies to edge lists, Matrix Market files and dense matrices",
			path);
		return NULL;
	}
	if (o->weight_name && !o->unweighted &&
	    (f == RS_GF_MTX || f == RS_GF_DIMACS || f == RS_GF_METIS || f == RS_GF_ADJLIST || f == RS_GF_MATRIX ||
	     f == RS_GF_SIF || f == RS_GF_DL || f == RS_GF_OCTAVE || f == RS_GF_TGF || f == RS_GF_LEDA)) {
		rs_fail(e, RS_EINVAL,
			"%s: weight %s: a %s file's weights have no name (GML, GraphML and Pajek edge "
			"attributes and the columns of an edge list's header do)",
			path, o->weight_name, rs_gformat_name(f));
		return NULL;
	}
	switch (f) {
	case RS_GF_MTX: g = read_mtx(buf, path, o, info, e); break;
	case RS_GF_DIMACS: g = read_dimacs(buf, path, o, info, e); break;
	case RS_GF_METIS: g = read_metis(buf, path, o, info, e); break;
	case RS_GF_BIEDGES: g = read_edgelist(buf, path, o, 1, info, e); break;
	case RS_GF_ADJLIST: g = read_adjlist(buf, path, o, info, e); break;
	case RS_GF_MATRIX: g = read_matrix(buf, path, o, info, e); break;
	case RS_GF_SIF: g = read_sif(buf, path, o, info, e); break;
	case RS_GF_LGL: g = read_lgl(buf, path, o, info, e); break;
	case RS_GF_OCTAVE: g = rs_octave_graph(buf, path, o, info, e); break;
	case RS_GF_GDF: g = rs_gdf_graph(buf, path, o, info, e); break;
	case RS_GF_DOT: g = rs_dot_graph(buf, path, o, info, e); break;
	case RS_GF_TGF: g = rs_tgf_graph(buf, path, o, info, e); break;
	case RS_GF_XGMML: g = rs_xgmml_graph(buf, path, o, info, e); break;
	case RS_GF_LEDA: g = rs_leda_graph(buf, path, o, info, e); break;
	case RS_GF_GRAPH6: g = rs_graph6_read(buf, path, o, info, e); break;
	case RS_GF_DL: g = read_dl(buf, path, o, info, e); break;
	case RS_GF_PAJEK: g = read_pajek(buf, path, o, info, e); break;
	case RS_GF_JSON: g = rs_json_graph(buf, path, o, info, e); break;
	case RS_GF_GEXF: g = rs_gexf_graph(buf, path, o, info, e); break;
	case RS_GF_GML:
	case RS_GF_GRAPHML:
		g = read_igraph(buf, len, path, f, o, info, e);
		break;
	default: g = read_edgelist(buf, path, o, o->bipartite, info, e); break;
	}
done:
	if (g != NULL && o->directed && !g->bipartite)
		info->symmetrized = 1;
	if (g != NULL)
		g->one_based = info->one_based && g->names == NULL;
	/* a message from below the readers (the graph too large to build,
	 * memory) names the file too (or its member in an archive) */
	size_t pl = strlen(path);
	if (g == NULL && e != NULL && (strncmp(e->msg, path, pl) != 0 || (e->msg[pl] != ':' && e->msg[pl] != '/'))) {
		char m[sizeof e->msg];
		snprintf(m, sizeof m, "%s", e->msg);
		rs_fail(e, e->code, "%s: %s", path, m);
	}
	return g;
}

/* ------------------------------------------------------------ writing */

int rs_path_is_stream(const char *path)
{
	if (!strcmp(path, "-") || !strncmp(path, "/dev/std", 8) || !strncmp(path, "/dev/fd/", 8) ||
	    !strncmp(path, "/proc/", 6))
		return 1;
	struct stat st;
	return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

/* What a .gz save writes through: zlib's stream as a stdio FILE. */
static ssize_t gz_cookie_write(void *c, const char *buf, size_t n)
{
	size_t done = 0;
	while (done < n) {
		unsigned part = n - done > (1u << 30) ? 1u << 30 : (unsigned)(n - done);
		int w = gzwrite((gzFile)c, buf + done, part);
		if (w <= 0)
			return done ? (ssize_t)done : -1;
		done += (size_t)w;
	}
	return (ssize_t)n;
}

static int gz_cookie_close(void *c)
{
	return gzclose((gzFile)c) == Z_OK ? 0 : (errno = errno ? errno : EIO, -1);
}

/* What a .bz2, .xz or .zst save writes through: the pipe to its program,
 * whose early end (a full disk) is an error, not a SIGPIPE that ends the
 * session. */
static ssize_t pipe_cookie_write(void *c, const char *buf, size_t n)
{
	int fd = (int)(intptr_t)c;
	sigset_t pipe_set, old;
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	ssize_t w;
	do
		w = write(fd, buf, n);
	while (w < 0 && errno == EINTR);
	if (w < 0 && errno == EPIPE) {
		int keep = errno;
		const struct timespec now = {0, 0};
		sigtimedwait(&pipe_set, NULL, &now); /* the SIGPIPE it raised, taken */
		errno = keep;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return w;
}

static int pipe_cookie_close(void *c)
{
	return close((int)(intptr_t)c);
}

int rs_atomic_open(rs_atomic *a, const char *path, rs_err *e)
{
	memset(a, 0, sizeof *a);
	struct stat st;
	/* the process' own streams: opening /dev/stdout again would truncate
	 * a file the shell redirected it to, and write over what came before */
	FILE *std = NULL;
	if (!strcmp(path, "-") || !strcmp(path, "/dev/stdout") || !strcmp(path, "/dev/fd/1") ||
	    !strcmp(path, "/proc/self/fd/1"))
		std = stdout;
	else if (!strcmp(path, "/dev/stderr") || !strcmp(path, "/dev/fd/2") ||
		 !strcmp(path, "/proc/self/fd/2"))
		std = stderr;
	if (std != NULL) {
		fflush(stdout);
		a->f = std;
		a->std = 1;
		a->path = strdup(path);
		return a->path ? 0 : rs_fail(e, RS_ENOMEM, "out of memory");
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return rs_fail(e, RS_EIO, "cannot write '%s': it is a directory", path);
	/* a link that names no file yet: write through it, creating the file */
	struct stat lst;
	int link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
	int dangling = link && stat(path, &st) != 0;
	if (rs_path_is_stream(path) || dangling) {
		/* a device, a pipe: write in place, never replace it */
		a->f = fopen(path, "w");
		if (a->f == NULL)
			return rs_fail(e, RS_EIO, "cannot write '%s': %s", path, strerror(errno));
		a->path = strdup(path);
		return 0;
	}
	/* through a symbolic link: the file it names is replaced, the link kept */
	char *real = link ? realpath(path, NULL) : NULL;
	if (real != NULL)
		path = real;
	size_t l = strlen(path);
	a->path = strdup(path);
	a->tmp = malloc(l + 16);
	free(real);
	path = a->path;
	if (a->path == NULL || a->tmp == NULL) {
		rs_atomic_abort(a);
		return rs_fail(e, RS_ENOMEM, "out of memory");
	}
	snprintf(a->tmp, l + 16, "%s.tmp.XXXXXX", path);
	int fd = mkstemp(a->tmp);
	if (fd < 0) {
		/* the message first: path is a->path, which the abort frees */
		rs_fail(e, RS_EIO, "cannot write '%s': %s", path, strerror(errno));
		free(a->tmp);
		a->tmp = NULL;
		rs_atomic_abort(a);
		return -1;
	}
	/* mkstemp makes the file private (0600): give the result the mode of the
	 * file it replaces, or what the umask gives a new file */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, stat(path, &st) == 0 ? st.st_mode & 07777 : 0666 & ~mask) != 0) {
		/* a file system without modes: keep what mkstemp gave */
	}
	const char *pack = rs_pack_kind(path, strlen(path));
	if (pack == NULL) {
		a->f = fdopen(fd, "w");
	} else { /* the temporary file stays open for its fsync */
		a->packed = 1;
		a->fd = fd;
		if (!strcmp(pack, "gzip")) {
			int dfd = dup(fd);
			gzFile z = dfd >= 0 ? gzdopen(dfd, "wb") : NULL;
			if (z == NULL && dfd >= 0)
				close(dfd);
			static const cookie_io_functions_t gz_io = {NULL, gz_cookie_write, NULL, gz_cookie_close};
			a->f = z != NULL ? fopencookie(z, "w", gz_io) : NULL;
			if (a->f == NULL && z != NULL)
				gzclose(z);
		} else {
			int w = rs_pack_open(&a->pk, pack, fd, path, e);
			if (w < 0) {
				rs_atomic_abort(a);
				return -1;
			}
			static const cookie_io_functions_t pipe_io = {NULL, pipe_cookie_write, NULL, pipe_cookie_close};
			a->f = fopencookie((void *)(intptr_t)w, "w", pipe_io);
			if (a->f == NULL)
				close(w);
		}
	}
	if (a->f == NULL) {
		rs_fail(e, RS_EIO, "cannot write '%s': %s", path, strerror(errno));
		if (!a->packed)
			close(fd);
		rs_atomic_abort(a);
		return -1;
	}
	return 0;
}

void rs_atomic_abort(rs_atomic *a)
{
	if (a->f && !a->std)
		fclose(a->f);
	if (a->packed) {
		rs_err ignored = {0};
		rs_unpack_close(&a->pk, 1, a->path, &ignored);
		close(a->fd);
	}
	if (a->tmp)
		unlink(a->tmp);
	free(a->tmp);
	free(a->path);
	memset(a, 0, sizeof *a);
}

int rs_atomic_commit(rs_atomic *a, rs_err *e)
{
	int bad = ferror(a->f) || fflush(a->f) != 0 || (a->tmp && !a->packed && fsync(fileno(a->f)) != 0);
	int err = errno;
	if (!a->std && fclose(a->f) != 0 && !bad) {
		bad = 1;
		err = errno;
	}
	a->f = NULL;
	if (a->packed) {
		/* the compressor done, its input closed (its own message if it
		 * failed: a write error before is most likely its end), then the
		 * file it wrote on disk */
		if (rs_unpack_close(&a->pk, 0, a->path, e) != 0) {
			char m[sizeof e->msg];
			snprintf(m, sizeof m, "%s", e->msg);
			rs_fail(e, RS_EIO, "%.900s (the previous file, if any, is unchanged)", m);
			rs_atomic_abort(a);
			return -1;
		}
		if (!bad && fsync(a->fd) != 0) {
			bad = 1;
			err = errno;
		}
		close(a->fd);
		a->packed = 0;
	}
	if (!bad && a->tmp && rename(a->tmp, a->path) != 0) {
		bad = 1;
		err = errno;
	}
	if (bad) {
		rs_fail(e, RS_EIO, "cannot write '%s': %s%s", a->path, strerror(err ? err : EIO),
			a->tmp ? " (the previous file, if any, is unchanged)" : "");
		rs_atomic_abort(a);
		return -1;
	}
	free(a->tmp);
	free(a->path);
	memset(a, 0, sizeof *a);
	return 0;
}

char rs_path_separator(const char *path)
{
	size_t l = strlen(path);
	l -= rs_compressed_suffix(path, l);
	if (l > 4 && !strncasecmp(path + l - 4, ".csv", 4))
		return ',';
	if (l > 4 && !strncasecmp(path + l - 4, ".tsv", 4))
		return '\t';
	return 0;
}

int rs_path_is_mtx(const char *path)
{
	size_t l = strlen(path);
	l -= rs_compressed_suffix(path, l);
	return l > 4 && !strncasecmp(path + l - 4, ".mtx", 4);
}

int rs_graph_save(const rs_graph *g, const char *path, rs_err *e)
{
	return rs_graph_save_attrs(g, path, NULL, 0, e);
}

int rs_path_lgl(const char *path)
{
	return extension_format(path) == RS_GF_LGL;
}

const char *rs_path_graph_format(const char *path)
{
	enum rs_gformat f = extension_format(path);
	return f == RS_GF_AUTO || f == RS_GF_EDGES || f == RS_GF_MTX || f == RS_GF_NUMPY ? NULL : rs_gformat_name(f);
}

/* LGL, as igraph writes it: '# NODE' then the node's neighbours, one a
 * line with the weight after it; here node i's block lists its neighbours
 * j <= i, so that nodes first appear in their order and load reads the
 * same graph back, names included (they must be single words). */
static int write_lgl(const rs_graph *g, const char *path, rs_err *e)
{
	if (g->bipartite)
		return rs_fail(e, RS_EINVAL, "%s: LGL holds one set of nodes; a bipartite graph is saved as .mtx, "
					     ".biedges or .csv", path);
	for (long i = 0; g->names && i < g->n; i++) {
		const char *nm = g->names[i];
		if (nm == NULL) /* written as its number */
			continue;
		if (nm[0] == '\0' || nm[0] == '#' || strpbrk(nm, " \t\r\n") != NULL)
			return rs_fail(e, RS_EINVAL, "%s: node %ld's name '%.60s' %s, which LGL cannot hold; save an "
						     "edge list (.edges, .csv) or GraphML",
				       path, i, nm, nm[0] == '\0' ? "is empty" : nm[0] == '#' ? "starts with '#'" : "has a blank");
	}
	rs_atomic a;
	if (rs_atomic_open(&a, path, e) != 0)
		return -1;
	FILE *f = a.f;
	char ib[24], jb[24], wb[32];
	for (long i = 0; i < g->n; i++) {
		const char *ni = g->names && g->names[i] ? g->names[i] : (snprintf(ib, sizeof ib, "%ld", i), ib);
		fprintf(f, "# %s\n", ni);
		for (long p = g->ptr[i]; p < g->ptr[i + 1] && g->idx[p] <= i; p++) {
			long j = g->idx[p];
			const char *nj = g->names && g->names[j] ? g->names[j] : (snprintf(jb, sizeof jb, "%ld", j), jb);
			if (g->val)
				fprintf(f, "%s %s\n", nj, rs_format_exact(wb, sizeof wb, g->val[p]));
			else
				fprintf(f, "%s\n", nj);
		}
	}
	return rs_atomic_commit(&a, e);
}

/* TGF, as yEd imports it: 'ID NAME' a node (ids from 0; the name where
 * the graph has names, a line end or control character as a blank), '#',
 * then 'ID ID [WEIGHT]' an edge; a bipartite graph's columns after its
 * rows. */
static int write_tgf(const rs_graph *g, const char *path, rs_err *e)
{
	rs_atomic a;
	if (rs_atomic_open(&a, path, e) != 0)
		return -1;
	FILE *f = a.f;
	long N = g->n + (g->bipartite ? g->m : 0);
	for (long i = 0; i < N; i++) {
		const char *nm = rs_graph_node_name(g, i);
		fprintf(f, "%ld", i);
		if (nm && *nm) {
			fputc(' ', f);
			for (const unsigned char *c = (const unsigned char *)nm; *c; c++)
				fputc(*c < 0x20 || *c == 0x7F ? ' ' : *c, f);
		}
		fputc('\n', f);
	}
	fputs("#\n", f);
	char wb[32];
	for (long i = 0; i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p] + (g->bipartite ? g->n : 0);
			if (!g->bipartite && j > i)
				continue;
			if (g->val)
				fprintf(f, "%ld %ld %s\n", i, j, rs_format_exact(wb, sizeof wb, g->val[p]));
			else
				fprintf(f, "%ld %ld\n", i, j);
		}
	return rs_atomic_commit(&a, e);
}

int rs_graph_save_attrs(const rs_graph *g, const char *path, const rs_node_attr *attrs, int nattrs, rs_err *e)
{
	/* a name 'load' would read as a format this does not write: refused,
	 * rather than an edge list 'load' cannot read back */
	char dot[32];
	rs_file_extension(path, dot, sizeof dot);
	enum rs_gformat by_name = extension_format(path);
	const char *unwritten = by_name == RS_GF_DIMACS || by_name == RS_GF_METIS || by_name == RS_GF_ADJLIST ||
					by_name == RS_GF_SIF || by_name == RS_GF_DL || by_name == RS_GF_GDF ||
					by_name == RS_GF_XGMML || by_name == RS_GF_LEDA ||
					(by_name == RS_GF_JSON && rs_markup_kind(path) != RS_MARKUP_JSON)
				? rs_gformat_name(by_name)
				: NULL;
	if (unwritten)
		return rs_fail(e, RS_EINVAL,
			       "%s: regspec does not write %s files; it writes edge lists (.edges, or any other name), LGL (.lgl), "
			       ".csv, .tsv, Matrix Market (.mtx), GraphML (.graphml), GML (.gml), Pajek (.net), JSON (.json), DOT (.dot), TGF (.tgf), "
			       "GEXF (.gexf), "
			       "scipy.sparse's .npz and MATLAB's .mat",
			       path, unwritten);
	if (rs_path_numpy(path) == 1)
		return rs_fail(e, RS_EINVAL, "%s: a graph is saved as .npz (scipy.sparse.load_npz reads it); .npy "
					     "holds one array, as 'save embedding|labels|clusters FILE.npy' write", path);
	if (rs_path_numpy(path) == 2 || rs_path_mat(path)) {
		rs_atomic a;
		if (rs_atomic_open(&a, path, e) != 0)
			return -1;
		if ((rs_path_mat(path) ? rs_graph_write_mat(g, a.f, e) : rs_graph_write_npz(g, a.f, e)) != 0) {
			rs_atomic_abort(&a);
			return -1;
		}
		return rs_atomic_commit(&a, e);
	}
	if (by_name == RS_GF_LGL)
		return write_lgl(g, path, e);
	if (by_name == RS_GF_TGF)
		return write_tgf(g, path, e);
	if (by_name == RS_GF_GRAPH6) {
		if (!strcasecmp(dot, ".d6"))
			return rs_fail(e, RS_EINVAL, "%s: regspec writes graph6 (.g6) and sparse6 (.s6), not digraph6: "
						     "its graphs are undirected", path);
		rs_atomic a;
		if (rs_atomic_open(&a, path, e) != 0)
			return -1;
		if (rs_graph6_write(g, a.f, !strcasecmp(dot, ".s6"), path, e) != 0) {
			rs_atomic_abort(&a);
			return -1;
		}
		return rs_atomic_commit(&a, e);
	}
	if (by_name == RS_GF_BIEDGES && !g->bipartite)
		return rs_fail(e, RS_EINVAL, "%s: a .biedges file holds a bipartite graph; this one is not (.edges)",
			       path);
	int kind = rs_markup_kind(path);
	if (kind) {
		rs_atomic a;
		if (rs_atomic_open(&a, path, e) != 0)
			return -1;
		rs_graph_write_markup(g, a.f, kind, attrs, nattrs);
		return rs_atomic_commit(&a, e);
	}
	int mtx = by_name == RS_GF_MTX;
	/* a .csv or .tsv name gets that separator and a header line, so that a
	 * spreadsheet reads it; the reader takes all three back */
	char sep = rs_path_separator(path) ? rs_path_separator(path) : ' ';
	rs_atomic a;
	if (rs_atomic_open(&a, path, e) != 0)
		return -1;
	FILE *f = a.f;
	if (mtx) {
		fprintf(f, "%%%%MatrixMarket matrix coordinate %s %s\n", g->val ? "real" : "pattern",
			g->bipartite ? "general" : "symmetric");
		fprintf(f, "%% written by regspec\n%ld %ld %ld\n", g->n, g->bipartite ? g->m : g->n,
			g->bipartite ? g->nnz : rs_graph_edges(g));
	} else if (g->bipartite) {
		fprintf(f, "# written by regspec\n# rows: %ld cols: %ld nnz: %ld\n", g->n, g->m, g->nnz);
	} else {
		fprintf(f, "# written by regspec\n# nodes: %ld edges: %ld weighted: %d\n", g->n,
			rs_graph_edges(g), g->val != NULL);
	}
	if (sep != ' ')
		fprintf(f, "%s%c%s%s%s\n", g->bipartite ? "row" : "source", sep, g->bipartite ? "col" : "target",
			g->val ? (sep == ',' ? "," : "\t") : "", g->val ? "weight" : "");
	for (long i = 0; i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p];
			if (!g->bipartite && j > i)
				continue; /* each undirected edge once: the lower triangle */
			long r = i + mtx, c = j + mtx;
			char wb[32];
			if (g->val)
				fprintf(f, "%ld%c%ld%c%s\n", r, sep, c, sep,
					rs_format_exact(wb, sizeof wb, g->val[p]));
			else
				fprintf(f, "%ld%c%ld\n", r, sep, c);
		}
	return rs_atomic_commit(&a, e);
}
