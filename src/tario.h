/* tario.h: tar archives (a .tar, or a .tar.gz once zlib has inflated it),
 * as SNAP, network repositories and people's own backups hold graphs:
 * their files listed and read in place, from memory.
 *
 * Read: POSIX ustar (names with their prefix), GNU tar (long names), pax
 * extended headers (path, size) and old V7 headers, every header checked
 * against its checksum; sizes in octal or GNU's base-256.  Listed: regular
 * files only (folders, links, devices and GNU's volume labels are passed
 * over); a name that appears twice is the later copy, as tar extracts it.
 */
#ifndef RS_TARIO_H
#define RS_TARIO_H

#include "rs-err.h"

#include <stddef.h>
#include <stdint.h>

typedef struct rs_tar_member {
	char *name;          /* without a leading "./"                       */
	size_t offset, size; /* of its data in the archive                   */
} rs_tar_member;

typedef struct rs_tar {
	unsigned char *buf;
	size_t len;
	const char *path;    /* for messages                                */
	rs_tar_member *m;
	long count;
} rs_tar;

/* Whether buf[0..len) begins with a tar header: its checksum right, and
 * either the ustar magic or a V7 header's octal fields. */
int rs_tar_is(const void *buf, size_t len);
/* The files of the archive buf[0..len) (which t keeps pointing into);
 * an error names the header's offset when one is corrupt or the data of
 * a file runs past the end (a truncated download). */
int rs_tar_open(rs_tar *t, unsigned char *buf, size_t len, const char *path, rs_err *e);
void rs_tar_close(rs_tar *t);
/* The file named name ("./name" too), or -1. */
long rs_tar_find(const rs_tar *t, const char *name);
/* File i's data, in place, NUL-terminated there: the byte after it (tar's
 * padding, the next header, or buf[len], which must be writable) is
 * overwritten, so each file is read once, after rs_tar_open has listed
 * them all. */
unsigned char *rs_tar_text(const rs_tar *t, long i, size_t *len);

#endif
