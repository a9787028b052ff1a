/* graphio.c: reading a graph file: its bytes (gzip and the other
 * compressions, text encodings), its format (by the name, else by the
 * content), and the reader for that format (readers.h). */
#include <config.h>

#include "graphio.h"

#include "dot.h"
#include "gdf.h"
#include "gexf.h"
#include "graph6.h"
#include "jsongraph.h"
#include "leda.h"
#include "npgraph.h"
#include "octave.h"
#include "readers.h"
#include "tgf.h"
#include "unpack.h"
#include "utf8.h"
#include "xgmml.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

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

/* The input of path: gzip (or plain text) through zlib, bzip2, xz and
 * zstd through their programs (*un; a regular file only: the first bytes
 * of a pipe, read to tell, would be lost); NULL and e set where it cannot
 * be opened. */
static gzFile open_input(const char *path, rs_unpack *un, rs_err *e)
{
	struct stat st;
	int known = stat(path, &st) == 0;
	if (known && S_ISDIR(st.st_mode))
		return rs_fail(e, RS_EIO, "cannot read '%s': it is a directory", path), NULL;
	const char *packed = NULL;
	int fd = -1;
	if (known && S_ISREG(st.st_mode) && (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		unsigned char head[16];
		ssize_t got = read(fd, head, sizeof head);
		close(fd);
		packed = got > 0 ? rs_unpack_kind(head, (size_t)got) : NULL;
	}
	gzFile z;
	if (packed != NULL) {
		fd = rs_unpack_open(un, packed, path, e);
		if (fd < 0)
			return NULL;
		if ((z = gzdopen(fd, "rb")) == NULL) {
			close(fd);
			rs_unpack_close(un, 1, path, e);
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
	return z;
}

/* Twice the room of *buf (*cap bytes, n read), unless the text alone
 * would take half the memory (a device such as /dev/zero, or a stream
 * that never ends: the graph built from it must fit too). */
static int grow_text(char **buf, size_t *cap, size_t n, const char *path, rs_err *e)
{
	long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
	if (*cap > ((size_t)1 << 40) ||
	    (pages > 0 && psz > 0 && 2.0 * (double)*cap > 0.5 * (double)pages * (double)psz))
		return rs_fail(e, RS_ENOMEM,
			       "'%s': more than %zu MB of text; it and the graph built from it would not fit in this "
			       "machine's %.0f GB",
			       path, n >> 20, (double)pages * (double)psz / 1e9);
	char *nb = realloc(*buf, *cap * 2);
	if (nb == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory reading '%s' (%zu MB so far)", path, n >> 20);
	*buf = nb;
	*cap *= 2;
	return 0;
}

/* Why the read of z stopped (got: gzread's answer, n bytes so far): an
 * error (-1, e set), or the end of the input (0). */
static int read_end(gzFile z, int got, size_t n, const char *path, rs_err *e)
{
	int zerr;
	const char *msg = gzerror(z, &zerr);
	if (got == 0) {
		/* zlib returns the data it has and then 0 when the input ends
		 * inside a gzip stream; only gzerror tells */
		if (zerr != Z_BUF_ERROR)
			return 0;
		return rs_fail(e, RS_EIO, "%s: the gzip data ends early (truncated download or copy?) after %zu bytes of text",
			       path, n);
	}
	size_t pl = strlen(path);
	if (!strncmp(msg, path, pl) && !strncmp(msg + pl, ": ", 2))
		msg += pl + 2; /* zlib puts the path in front */
	if (zerr == Z_ERRNO && errno == EINTR) /* Ctrl-C on a pipe that stalls */
		return rs_fail(e, RS_EIO, "%s: interrupted before the end of the file; nothing loaded", path);
	return rs_fail(e, RS_EIO, "%s: %s%s", path, zerr == Z_ERRNO ? strerror(errno) : msg,
		       zerr == Z_ERRNO ? "" : " (corrupt or truncated gzip?)");
}

/* UTF-16 text (utf16_bom's kind) of n bytes in *buf made UTF-8, its new
 * length into *n. */
static int utf16_text(char **buf, size_t *n, int utf16, const char *path, rs_err *e)
{
	size_t bom = utf16 <= 2 ? 2 : 0, body = *n - bom;
	if (body % 2)
		return rs_fail(e, RS_EINVAL, "%s: UTF-16 text of an odd number of bytes (cut short?)", path);
	char *u = malloc(body / 2 * 3 + 1);
	if (u == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory reading '%s' (UTF-16 text made UTF-8)", path);
	*n = rs_utf16_to_utf8((const unsigned char *)*buf + bom, body, utf16 % 2 == 0, u);
	free(*buf);
	*buf = u;
	xml_says_utf8(u);
	return 0;
}

/* The file's bytes; binary_ok lets a zip archive or a NumPy array through
 * (rs_binary_kind), which are returned as they are.  UTF-16 text is
 * returned as UTF-8.  A bzip2, xz or zstd file is read through its
 * program. */
static char *read_all(const char *path, size_t *len, int binary_ok, rs_err *e)
{
	rs_unpack un = {0};
	gzFile z = open_input(path, &un, e);
	if (z == NULL)
		return NULL;
	size_t cap = 1 << 20, n = 0;
	size_t scanned = 0; /* bytes looked at by not_text */
	int binary = 0;     /* a zip archive or a NumPy array, let through */
	int utf16 = 0;      /* UTF-16 text (utf16_bom), made UTF-8 at the end */
	char *buf = malloc(cap);
	if (buf == NULL) {
		rs_fail(e, RS_ENOMEM, "out of memory reading '%s'", path);
		goto fail;
	}
	for (;;) {
		if (cap - n < (1 << 16) + 1 && grow_text(&buf, &cap, n, path, e) != 0)
			goto fail;
		int got = gzread(z, buf + n, (unsigned)(cap - n - 1 < (1u << 30) ? cap - n - 1 : (1u << 30)));
		if (got <= 0) {
			if (read_end(z, got, n, path, e) != 0)
				goto fail;
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
			if (not_text(path, buf, scanned, n, e) != NULL)
				goto fail;
			scanned = n;
		}
	}
	gzclose(z);
	if (rs_unpack_close(&un, 0, path, e) != 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	if (!binary) {
		if (utf16 && utf16_text(&buf, &n, utf16, path, e) != 0) {
			free(buf);
			return NULL;
		}
		if (utf16)
			scanned = 0;
		if (scanned < n && not_text(path, buf, scanned, n, e) != NULL) {
			free(buf);
			return NULL;
		}
		rs_text_tidy(buf, &n);
	}
	*len = n;
	return buf;
fail:
	free(buf);
	close_input(z, &un, path);
	return NULL;
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


enum rs_gformat rs_gformat_of_path(const char *path)
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
	enum rs_gformat by_name = rs_gformat_of_path(path);
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
	if (rs_nx_multiline(s) || rs_adjlist_like(s))
		return RS_GF_ADJLIST;
	if (rs_matrix_like(s))
		return RS_GF_MATRIX;
	if (rs_sif_like(s))
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
		    (rs_gformat_of_path(archive) == RS_GF_GRAPH6 || rs_octave_is(buf));
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
	case RS_GF_MTX: g = rs_read_mtx(buf, path, o, info, e); break;
	case RS_GF_DIMACS: g = rs_read_dimacs(buf, path, o, info, e); break;
	case RS_GF_METIS: g = rs_read_metis(buf, path, o, info, e); break;
	case RS_GF_BIEDGES: g = rs_read_edgelist(buf, path, o, 1, info, e); break;
	case RS_GF_ADJLIST: g = rs_read_adjlist(buf, path, o, info, e); break;
	case RS_GF_MATRIX: g = rs_read_matrix(buf, path, o, info, e); break;
	case RS_GF_SIF: g = rs_read_sif(buf, path, o, info, e); break;
	case RS_GF_LGL: g = rs_read_lgl(buf, path, o, info, e); break;
	case RS_GF_OCTAVE: g = rs_octave_graph(buf, path, o, info, e); break;
	case RS_GF_GDF: g = rs_gdf_graph(buf, path, o, info, e); break;
	case RS_GF_DOT: g = rs_dot_graph(buf, path, o, info, e); break;
	case RS_GF_TGF: g = rs_tgf_graph(buf, path, o, info, e); break;
	case RS_GF_XGMML: g = rs_xgmml_graph(buf, path, o, info, e); break;
	case RS_GF_LEDA: g = rs_leda_graph(buf, path, o, info, e); break;
	case RS_GF_GRAPH6: g = rs_graph6_read(buf, path, o, info, e); break;
	case RS_GF_DL: g = rs_read_dl(buf, path, o, info, e); break;
	case RS_GF_PAJEK: g = rs_read_pajek(buf, path, o, info, e); break;
	case RS_GF_JSON: g = rs_json_graph(buf, path, o, info, e); break;
	case RS_GF_GEXF: g = rs_gexf_graph(buf, path, o, info, e); break;
	case RS_GF_GML:
	case RS_GF_GRAPHML:
		g = rs_read_igraph(buf, len, path, f, o, info, e);
		break;
	default: g = rs_read_edgelist(buf, path, o, o->bipartite, info, e); break;
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
