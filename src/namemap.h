/* namemap.h: names (node names, class names) to dense ids 0, 1, 2, ... in
 * order of first appearance, by open addressing (FNV-1a, linear probing,
 * at most half full).  Zero-initialize a map before use. */
#ifndef RS_NAMEMAP_H
#define RS_NAMEMAP_H

#include "rs-err.h"

#include <stdint.h>
#include <stddef.h>

#define RS_NM_MAX 2147483646L

typedef struct rs_namemap {
	char **names;  /* id -> name (owned)                */
	long count, cap;
	int32_t *slot; /* hash slots: id + 1, 0 = empty     */
	long nslot;
} rs_namemap;

/* The id of s[0..n): added if new and add is set; -2 when absent and not
 * added; -1 on error (e says why). */
long rs_nm_intern(rs_namemap *m, const char *s, size_t n, int add, rs_err *e);
void rs_nm_free(rs_namemap *m);
/* The names, handed over (a graph's node names): the map keeps none, and
 * is freed as before. */
char **rs_nm_take(rs_namemap *m);

#endif
