/* zipio.h: zip archives, as NumPy's .npz files and the graph downloads of
 * some repositories are: their members listed and read from memory, and
 * written stored (uncompressed) to a stream.
 *
 * Read: the central directory (ZIP64 sizes and offsets included), members
 * stored or deflated, each checked against its CRC-32.  Not read:
 * encrypted members, other compression methods, archives split in parts.
 */
#ifndef RS_ZIPIO_H
#define RS_ZIPIO_H

#include "rs-err.h"

#include <stdint.h>
#include <stdio.h>

typedef struct rs_zip_member {
	char *name;
	uint64_t csize, usize; /* compressed and uncompressed sizes          */
	uint64_t offset;       /* of its local header                         */
	uint32_t crc;
	int method;            /* 0 stored, 8 deflated                        */
	int flags;
} rs_zip_member;

typedef struct rs_zip {
	const unsigned char *buf;
	size_t len;
	const char *path;      /* for messages                               */
	rs_zip_member *m;
	long count;
} rs_zip;

/* The members of the archive buf[0..len) (which z keeps pointing into). */
int rs_zip_open(rs_zip *z, const void *buf, size_t len, const char *path, rs_err *e);
void rs_zip_close(rs_zip *z);
/* The member named name, or -1. */
long rs_zip_find(const rs_zip *z, const char *name);
/* Member i's content: where it lies in the archive when it is stored
 * (*owned NULL), else inflated into *owned (malloc'd, NUL-terminated),
 * which the caller frees; checked against its CRC-32 either way.  NULL
 * with e set as rs_zip_read. */
const unsigned char *rs_zip_data(const rs_zip *z, long i, size_t max, size_t *len, unsigned char **owned,
				 rs_err *e);
/* Member i's content, malloc'd and NUL-terminated, its size in *len;
 * NULL with e set (corrupt, encrypted, a method not read, or larger than
 * max bytes, when max > 0). */
unsigned char *rs_zip_read(const rs_zip *z, long i, size_t max, size_t *len, rs_err *e);

/* Writing, members stored: rs_zip_add writes one member of nparts parts
 * (its CRC computed first), rs_zip_finish the central directory. */
typedef struct rs_zip_writer {
	FILE *f;
	uint64_t at;           /* bytes written                               */
	rs_zip_member *m;
	long count, cap;
} rs_zip_writer;

void rs_zip_writer_init(rs_zip_writer *w, FILE *f);
int rs_zip_add(rs_zip_writer *w, const char *name, const void *const *parts, const size_t *lens, int nparts,
	       rs_err *e);
/* Writes the directory and frees w; rs_zip_writer_free alone after a failure. */
int rs_zip_finish(rs_zip_writer *w, rs_err *e);
void rs_zip_writer_free(rs_zip_writer *w);

#endif
