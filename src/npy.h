/* npy.h: NumPy's .npy array format (format versions 1, 2 and 3), read
 * from and written to memory.
 *
 * An array is a header, a Python dict literal naming the element type
 * ('descr'), the layout ('fortran_order') and the 'shape', then the
 * elements.  Numbers (bool, integers, floats) of either byte order are
 * read; strings (kinds S and U) only as short text, for scipy's
 * format.npy; structured and object (pickled) arrays are refused.
 */
#ifndef RS_NPY_H
#define RS_NPY_H

#include "rs-err.h"

#include <stddef.h>
#include <stdint.h>

#define RS_NPY_MAXDIM 8

typedef struct rs_npy {
	char kind;        /* 'b' bool, 'i', 'u', 'f', 'c' complex, 'S', 'U' */
	int size;         /* bytes an element                                */
	int swap;         /* stored in the other byte order than this host's */
	int fortran;      /* column-major                                    */
	int ndim;
	long shape[RS_NPY_MAXDIM];
	long count;       /* elements                                        */
	const unsigned char *data; /* inside the buffer parsed               */
	char descr[16];   /* the type as written ('<f8')                     */
} rs_npy;

/* The array in buf[0..len), which it keeps pointing into; name stands for
 * it in messages.  -1 with e set when it is not one regspec reads. */
int rs_npy_parse(const void *buf, size_t len, rs_npy *a, const char *name, rs_err *e);
/* Whether its elements are numbers (kinds b, i, u, f), and integers (b, i, u). */
int rs_npy_is_number(const rs_npy *a);
int rs_npy_is_integer(const rs_npy *a);
/* Element i (in storage order) as a double; as an integer (kinds b, i, u;
 * an unsigned value above INT64_MAX reads as INT64_MAX). */
double rs_npy_double(const rs_npy *a, long i);
int64_t rs_npy_int(const rs_npy *a, long i);
/* A string array's element i (kinds S, U: its ASCII characters, others
 * as '?') in out; "" for any other kind. */
void rs_npy_text(const rs_npy *a, long i, char *out, size_t size);
/* The element type for messages: "int64", "float32", "bool". */
void rs_npy_type(const rs_npy *a, char *out, size_t size);
/* A short description for messages: "int64 34 x 34", "float32 vector of 5". */
void rs_npy_describe(const rs_npy *a, char *out, size_t size);

/* The header of an array of ndim dimensions shape[] whose elements have
 * type descr ("<f8", "<i4", "|S3"; column-major when fortran): written to
 * out (size bytes; 128 are always enough for ndim <= 2), padded so that
 * the data starts at a multiple of 64 bytes.  Returns its length. */
size_t rs_npy_header(char *out, size_t size, const char *descr, int fortran, int ndim, const long *shape);
/* '<' on a little-endian host, '>' on a big-endian one: the byte order
 * of arrays written from memory. */
char rs_npy_host_order(void);

#endif
