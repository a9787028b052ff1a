/* unpack.h: files compressed with bzip2, xz or zstd, read and written
 * through the program that makes them (run as gnuplot is, an external
 * program, found on PATH), as KONECT's .tar.bz2 downloads come.  gzip
 * needs none: zlib reads and writes it in the process.
 */
#ifndef RS_UNPACK_H
#define RS_UNPACK_H

#include "rs-err.h"

#include <stddef.h>
#include <sys/types.h>

typedef struct rs_unpack {
	pid_t pid;        /* the decompressor, 0 when none runs       */
	int err_fd;       /* its standard error, read once it is done  */
	const char *tool; /* "bzip2", "xz" or "zstd"                  */
	int packing;      /* compressing (rs_pack_open)               */
} rs_unpack;

/* The path of the program tool on PATH (an empty entry: the current
 * directory), written into buf; NULL when there is none. */
const char *rs_find_program(const char *tool, char *buf, size_t len);
/* The compression buf[0..n) (a file's first bytes) begins with: "bzip2",
 * "xz" or "zstd", or NULL. */
const char *rs_unpack_kind(const void *buf, size_t n);
/* Start the decompressor of kind (rs_unpack_kind) on path: a descriptor
 * from which the file's data is read, or -1 with e set (no such program on
 * PATH: what to install, or how to decompress the file first). */
int rs_unpack_open(rs_unpack *u, const char *kind, const char *path, rs_err *e);
/* Start the compressor of kind ("bzip2", "xz", "zstd") writing to fd: a
 * descriptor to write the data to (closed once all is written), or -1
 * with e set as for rs_unpack_open. */
int rs_pack_open(rs_unpack *u, const char *kind, int fd, const char *path, rs_err *e);
/* The program that reads and writes a file named name[0..l) by its
 * suffix: "gzip" (.gz), "bzip2" (.bz2), "xz" (.xz), "zstd" (.zst), or
 * NULL. */
const char *rs_pack_kind(const char *name, size_t l);
/* The length of that suffix of name[0..l), else 0. */
size_t rs_compressed_suffix(const char *name, size_t l);
/* Wait for the decompressor, whose output has been read to its end (or
 * abandoned: abandon stops it first) and closed, or for the compressor,
 * whose input has been closed; -1 with e set where it failed (a corrupt
 * or truncated file, a full disk: its own message, path's name in front),
 * else 0. */
int rs_unpack_close(rs_unpack *u, int abandon, const char *path, rs_err *e);

#endif
