/* rs-err.h: the error value every core function fills.
 *
 * A core function returns 0 on success and -1 on failure; on failure it
 * has written a one-line message (no trailing newline, no location) into
 * the rs_err it was given.  Callers add context (file, line, command).
 */
#ifndef RS_ERR_H
#define RS_ERR_H

#include <stddef.h>

enum rs_errcode {
	RS_OK = 0,
	RS_EINVAL,   /* a bad argument or model                         */
	RS_ENOMEM,   /* an allocation failed or would be too large        */
	RS_ENUMERIC, /* a numerical method failed (LAPACK info != 0, ...) */
	RS_EIO,      /* a file could not be read or written               */
	RS_ESINGULAR /* the problem is singular (zero degree at alpha 0)   */
};

typedef struct rs_err {
	int code;
	char msg[512];
} rs_err;

/* Fill e (which may be NULL) and return -1. */
int rs_fail(rs_err *e, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#ifdef __clang_analyzer__
/* The static analyzer looks at one file at a time: tell it the -1, or it
 * follows each failure on as if it were a success. */
#define rs_fail(e, code, ...) (__extension__({ rs_fail((e), (code), __VA_ARGS__); -1; }))
#endif

/* Allocations that fail softly: NULL plus an RS_ENOMEM message naming what
 * was being allocated.  The counts are checked for overflow. */
void *rs_alloc(rs_err *e, size_t count, size_t size, const char *what);
void *rs_zalloc(rs_err *e, size_t count, size_t size, const char *what);
/* Room for element n of the array *pp (elements of size bytes, *cap of
 * them): the capacity doubled when full (first when empty).  0, or -1 (e
 * set, *pp kept) out of memory. */
int rs_grow(rs_err *e, void *pp, long *cap, long n, size_t size, long first, const char *what);
/* rs_alloc for the large arrays of a solve (bases, eigenvectors): on Linux,
 * from 512 kB up, asked for in transparent huge pages where the system
 * offers them on request, a 2-MB page being one fault instead of 512 (on
 * this kind of virtual machine a small page's fault costs about 10 us, a
 * huge page's 0.12-0.19 ms).  free() releases it. */
void *rs_alloc_big(rs_err *e, size_t count, size_t size, const char *what);

#endif
