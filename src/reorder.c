/* reorder.c: the adjacency relabelled for a faster sparse product. */
#include <config.h>

#include "reorder.h"

#include <stdlib.h>
#include <string.h>

/* Stable sort of k[0..len) by the high 32 bits of each key, ascending:
 * insertion for short runs, else least-significant-digit radix by bytes,
 * through tmp (len keys). */
static void sort_high(uint64_t *k, uint64_t *tmp, long len)
{
	if (len <= 64) {
		for (long a = 1; a < len; a++) {
			uint64_t v = k[a];
			long b = a;
			for (; b > 0 && k[b - 1] >> 32 > v >> 32; b--)
				k[b] = k[b - 1];
			k[b] = v;
		}
		return;
	}
	uint64_t *src = k, *dst = tmp;
	for (int shift = 32; shift < 64; shift += 8) {
		long count[257] = {0};
		for (long q = 0; q < len; q++)
			count[((src[q] >> shift) & 0xff) + 1]++;
		if (count[((src[0] >> shift) & 0xff) + 1] == len)
			continue; /* all keys share this byte */
		for (int c = 0; c < 256; c++)
			count[c + 1] += count[c];
		for (long q = 0; q < len; q++)
			dst[count[(src[q] >> shift) & 0xff]++] = src[q];
		uint64_t *t = src;
		src = dst;
		dst = t;
	}
	if (src != k)
		memcpy(k, src, (size_t)len * sizeof *k);
}

void rs_reorder_free(rs_csr_perm *P)
{
	free(P->ptr);
	free(P->idx);
	free(P->val);
	free(P->ord);
	memset(P, 0, sizeof *P);
}

int rs_reorder(const rs_graph *g, long window, rs_csr_perm *P, rs_err *e)
{
	memset(P, 0, sizeof *P);
	if (window < 1 || window > RS_REORDER_WINDOW)
		window = RS_REORDER_WINDOW;
	long n = g->n, nnz = g->ptr[n];
	int32_t *inv = rs_alloc(e, (size_t)n, sizeof *inv, "node order");
	uint64_t *keys = rs_alloc(e, (size_t)n + RS_REORDER_WINDOW, sizeof *keys, "node order");
	uint64_t *tmp = keys ? keys + n : NULL;
	P->n = n;
	P->window = window;
	P->ord = rs_alloc(e, (size_t)n, sizeof *P->ord, "node order");
	P->ptr = rs_alloc(e, (size_t)n + 1, sizeof *P->ptr, "reordered graph");
	P->idx = rs_alloc(e, (size_t)nnz, sizeof *P->idx, "reordered graph");
	if (g->val)
		P->val = rs_alloc(e, (size_t)nnz, sizeof *P->val, "reordered graph");
	if (!inv || !keys || !P->ord || !P->ptr || !P->idx || (g->val && !P->val)) {
		free(inv);
		free(keys);
		rs_reorder_free(P);
		return -1;
	}
	/* the order: entries descending, then label (a stable sort of keys
	 * that start in label order), within each window */
	for (long i = 0; i < n; i++) {
		uint64_t len = (uint64_t)(g->ptr[i + 1] - g->ptr[i]);
		keys[i] = ((UINT64_C(0x7fffffff) - len) << 32) | (uint64_t)i;
	}
	for (long b = 0; b < n; b += window)
		sort_high(keys + b, tmp, n - b < window ? n - b : window);
	P->ptr[0] = 0;
	for (long r = 0; r < n; r++) {
		long i = (long)(keys[r] & 0xffffffffu);
		P->ord[r] = (int32_t)i;
		inv[i] = (int32_t)r;
		P->ptr[r + 1] = P->ptr[r] + (g->ptr[i + 1] - g->ptr[i]);
	}
	/* each row: the new labels, in the old row's order (sorting them
	 * made the product no faster) */
#pragma omp parallel for schedule(dynamic, 1024)
	for (long r = 0; r < n; r++) {
		long i = P->ord[r], lo = g->ptr[i], len = g->ptr[i + 1] - lo, at = P->ptr[r];
		for (long q = 0; q < len; q++)
			P->idx[at + q] = inv[g->idx[lo + q]];
		if (P->val)
			memcpy(P->val + at, g->val + lo, (size_t)len * sizeof *P->val);
	}
	free(inv);
	free(keys);
	return 0;
}
