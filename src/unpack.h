/* unpack.h: files compressed with bzip2, xz or zstd, read through the
 * program that made them (run as gnuplot is, an external program, found
 * on PATH), as KONECT's .tar.bz2 downloads and Netzschleuder's .zst files
 * come.  gzip needs none: zlib reads it in the process.
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
} rs_unpack;

/* The compression buf[0..n) (a file's first bytes) begins with: "bzip2",
 * "xz" or "zstd", or NULL. */
const char *rs_unpack_kind(const void *buf, size_t n);
/* Start the decompressor of kind (rs_unpack_kind) on path: a descriptor
 * from which the file's data is read, or -1 with e set (no such program on
 * PATH: what to install, or how to decompress the file first). */
int rs_unpack_open(rs_unpack *u, const char *kind, const char *path, rs_err *e);
/* Wait for the decompressor, whose output has been read to its end (or
 * abandoned: abandon stops it first) and closed; -1 with e set where it
 * failed (a corrupt or truncated file: its own message, path's name in
 * front), else 0. */
int rs_unpack_close(rs_unpack *u, int abandon, const char *path, rs_err *e);

#endif
