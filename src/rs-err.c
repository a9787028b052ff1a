/* rs-err.c: error messages and checked allocation for the core library. */
#include <config.h>

#include "rs-err.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

int rs_fail(rs_err *e, int code, const char *fmt, ...)
{
	if (e != NULL) {
		/* format aside first: callers may wrap e->msg itself ("%s: %s", what, e->msg) */
		char tmp[sizeof e->msg];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(tmp, sizeof tmp, fmt, ap);
		va_end(ap);
		e->code = code;
		memcpy(e->msg, tmp, sizeof tmp);
	}
	return -1;
}

static void *alloc_common(rs_err *e, size_t count, size_t size, const char *what, int zero)
{
	if (count == 0 || size == 0)
		count = size = 1;
	if (count > SIZE_MAX / size) {
		rs_fail(e, RS_ENOMEM, "%s: %zu x %zu bytes overflows the address space", what, count,
			size);
		return NULL;
	}
	void *p = zero ? calloc(count, size) : malloc(count * size);
	if (p == NULL)
		rs_fail(e, RS_ENOMEM, "out of memory allocating %s (%.3g MB)", what,
			(double)count * (double)size / 1e6);
	return p;
}

void *rs_alloc(rs_err *e, size_t count, size_t size, const char *what)
{
	return alloc_common(e, count, size, what, 0);
}

void *rs_zalloc(rs_err *e, size_t count, size_t size, const char *what)
{
	return alloc_common(e, count, size, what, 1);
}

int rs_grow(rs_err *e, void *pp, long *cap, long n, size_t size, long first, const char *what)
{
	if (n < *cap)
		return 0;
	long c = *cap > 0 ? 2 * *cap : first;
	if ((size_t)c > SIZE_MAX / size)
		return rs_fail(e, RS_ENOMEM, "%s: %ld x %zu bytes overflows the address space", what, c, size);
	void *t = realloc(*(void **)pp, (size_t)c * size);
	if (t == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory allocating %s (%.3g MB)", what,
			       (double)c * (double)size / 1e6);
	*(void **)pp = t;
	*cap = c;
	return 0;
}

void *rs_alloc_big(rs_err *e, size_t count, size_t size, const char *what)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	/* from a quarter of a huge page up, rounded up to whole ones: the
	 * unused rest is never touched, and on the virtual machines measured
	 * a huge page's fault (0.12-0.19 ms) costs what 12-20 small ones do */
	const size_t huge = (size_t)2 << 20;
	if (size > 0 && count <= (SIZE_MAX - huge) / size && count * size >= huge / 4) {
		size_t bytes = (count * size + huge - 1) / huge * huge;
		void *p = NULL;
		if (posix_memalign(&p, huge, bytes) == 0) {
			madvise(p, bytes, MADV_HUGEPAGE);
			return p;
		}
	}
#endif
	return rs_alloc(e, count, size, what);
}
