/* graphsave.c: atomic writes (a temporary file, then rename; through zlib
 * or a compressor's pipe) and 'save graph' in every format regspec writes. */
#include <config.h>

#include "graphio.h"

#include "graph6.h"
#include "matfile.h"
#include "npgraph.h"
#include "numparse.h"
#include "unpack.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

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
	return rs_gformat_of_path(path) == RS_GF_LGL;
}

const char *rs_path_graph_format(const char *path)
{
	enum rs_gformat f = rs_gformat_of_path(path);
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
	enum rs_gformat by_name = rs_gformat_of_path(path);
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
