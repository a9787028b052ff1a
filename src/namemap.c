/* namemap.c: an open-addressing hash map from names to dense ids. */
#include <config.h>

#include "namemap.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_str(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

static int nm_grow(rs_namemap *m, rs_err *e)
{
	long ns = m->nslot ? 2 * m->nslot : 1024;
	int32_t *slot = calloc((size_t)ns, sizeof *slot);
	if (slot == NULL)
		return rs_fail(e, RS_ENOMEM, "out of memory for names");
	for (long i = 0; i < m->count; i++) {
		uint64_t h = hash_str(m->names[i], strlen(m->names[i])) & (uint64_t)(ns - 1);
		while (slot[h])
			h = (h + 1) & (uint64_t)(ns - 1);
		slot[h] = (int32_t)(i + 1);
	}
	free(m->slot);
	m->slot = slot;
	m->nslot = ns;
	return 0;
}

/* The id of name s[0..n), added if new; -1 on error. */
long rs_nm_intern(rs_namemap *m, const char *s, size_t n, int add, rs_err *e)
{
	if (m->nslot == 0 || 2 * (m->count + 1) > m->nslot)
		if (nm_grow(m, e) != 0)
			return -1;
	uint64_t h = hash_str(s, n) & (uint64_t)(m->nslot - 1);
	while (m->slot[h]) {
		const char *t = m->names[m->slot[h] - 1];
		if (strncmp(t, s, n) == 0 && t[n] == '\0')
			return m->slot[h] - 1;
		h = (h + 1) & (uint64_t)(m->nslot - 1);
	}
	if (!add)
		return -2;
	if (m->count >= RS_NM_MAX) {
		rs_fail(e, RS_EINVAL, "more than %ld distinct names", RS_NM_MAX);
		return -1;
	}
	if (m->count == m->cap) {
		long cap = m->cap ? 2 * m->cap : 1024;
		char **nn = realloc(m->names, (size_t)cap * sizeof *nn);
		if (nn == NULL) {
			rs_fail(e, RS_ENOMEM, "out of memory for names");
			return -1;
		}
		m->names = nn;
		m->cap = cap;
	}
	char *copy = malloc(n + 1);
	if (copy == NULL) {
		rs_fail(e, RS_ENOMEM, "out of memory for names");
		return -1;
	}
	memcpy(copy, s, n);
	copy[n] = '\0';
	m->names[m->count] = copy;
	m->slot[h] = (int32_t)(m->count + 1);
	return m->count++;
}

char **rs_nm_take(rs_namemap *m)
{
	char **names = m->names;
	m->names = NULL;
	m->count = 0;
	return names;
}

void rs_nm_free(rs_namemap *m)
{
	for (long i = 0; i < m->count; i++)
		free(m->names[i]);
	free(m->names);
	free(m->slot);
}
