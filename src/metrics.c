/* metrics.c: clustering scores. */
#include <config.h>

#include "metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Relabel values to 0..m-1 (order of first appearance); returns m. */
static int compact(const int32_t *x, const char *keep, long n, int32_t *out)
{
	int32_t top = -1;
	for (long i = 0; i < n; i++)
		if (keep[i] && x[i] > top)
			top = x[i];
	int32_t *map = calloc((size_t)top + 2, sizeof *map);
	if (map == NULL)
		return -1;
	int m = 0;
	for (long i = 0; i < n; i++) {
		if (!keep[i])
			continue;
		if (map[x[i]] == 0)
			map[x[i]] = ++m;
		out[i] = map[x[i]] - 1;
	}
	free(map);
	return m;
}

static int cmp_long(const void *x, const void *y)
{
	long a = *(const long *)x, b = *(const long *)y;
	return (a > b) - (a < b);
}

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return (a > b) - (a < b);
}

static double entropy(const long *a, int m, long N)
{
	double h = 0;
	for (int i = 0; i < m; i++)
		if (a[i] > 0) {
			double p = (double)a[i] / (double)N;
			h -= p * log(p);
		}
	return h;
}

/* The distinct values of x[0..m) in increasing order, each with how many
 * times it occurs: *nd of them (val and cnt allocated); 0 or -1 */
static int distinct(const long *x, int m, long **val, long **cnt, int *nd)
{
	long *v = malloc(((size_t)m + 1) * sizeof *v), *c = malloc(((size_t)m + 1) * sizeof *c);
	if (v == NULL || c == NULL) {
		free(v);
		free(c);
		return -1;
	}
	memcpy(v, x, (size_t)m * sizeof *v);
	qsort(v, (size_t)m, sizeof *v, cmp_long);
	int k = 0;
	for (int i = 0; i < m; i++)
		if (k > 0 && v[k - 1] == v[i]) {
			c[k - 1]++;
		} else {
			v[k] = v[i];
			c[k++] = 1;
		}
	*val = v;
	*cnt = c;
	*nd = k;
	return 0;
}

/* Expected mutual information of two labelings with marginals a (R) and b
 * (C) under the permutation model, exactly (as Vinh et al.; scikit-learn).
 * A pair's term depends on its two sizes alone, so it is summed once per
 * pair of distinct sizes (at most 2 sqrt(N) of each) times how many pairs
 * have them: 10^5 classes of one node cost one term, not 10^10. NaN when
 * out of memory. */
static double emi(const long *a, int R, const long *b, int C, long N, const double *lg)
{
	long *av = NULL, *ac = NULL, *bv = NULL, *bc = NULL;
	int na = 0, nb = 0;
	if (distinct(a, R, &av, &ac, &na) != 0 || distinct(b, C, &bv, &bc, &nb) != 0) {
		free(av);
		free(ac);
		return NAN;
	}
	double total = 0, Nd = (double)N;
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++) {
			long ai = av[i], bj = bv[j];
			long lo = ai + bj - N > 1 ? ai + bj - N : 1;
			long hi = ai < bj ? ai : bj;
			double base = lg[ai] + lg[bj] + lg[N - ai] + lg[N - bj] - lg[N], sum = 0;
			for (long nij = lo; nij <= hi; nij++) {
				double term = base - lg[nij] - lg[ai - nij] - lg[bj - nij] - lg[N - ai - bj + nij];
				sum += (double)nij / Nd * log(Nd * (double)nij / ((double)ai * (double)bj)) * exp(term);
			}
			total += (double)ac[i] * (double)bc[j] * sum;
		}
	free(av);
	free(ac);
	free(bv);
	free(bc);
	return total;
}

/* The contingency of two labelings of N points: the class sizes a (R of
 * them) and the cluster sizes b (C), the mutual information, the sums of
 * the squares of the cells, of a and of b */
struct contingency {
	long N, *a, *b;
	int R, C;
	double mi, sq, sa, sb;
};

/* T's sums, from the sizes and the pair keys (class * C + cluster,
 * sorted): the cells that are not empty are runs of equal keys */
static void contingency_sums(struct contingency *T, const uint64_t *pair)
{
	long N = T->N;
	double Nd = (double)N;
	T->mi = T->sq = T->sa = T->sb = 0;
	for (int i = 0; i < T->R; i++)
		T->sa += (double)T->a[i] * (double)T->a[i];
	for (int j = 0; j < T->C; j++)
		T->sb += (double)T->b[j] * (double)T->b[j];
	for (long p = 0, q; p < N; p = q) {
		q = p;
		while (q < N && pair[q] == pair[p])
			q++;
		double t = (double)(q - p);
		long i = (long)(pair[p] / (uint64_t)T->C), j = (long)(pair[p] % (uint64_t)T->C);
		T->mi += t / Nd * log(Nd * t / ((double)T->a[i] * (double)T->b[j]));
		T->sq += t * t;
	}
}

/* The pair-counting scores, ARI and FMI, from T */
static void pair_scores(const struct contingency *T, rs_scores *s)
{
	double Nd = (double)T->N, sq = T->sq, sa = T->sa, sb = T->sb;
	double tp = sq - Nd, fp = sb - sq, fn = sa - sq, tn = Nd * Nd - sa - sb + sq;
	/* scikit-learn's pair confusion matrix counts ordered pairs */
	if (fn == 0 && fp == 0)
		s->ari = 1.0;
	else
		s->ari = 2.0 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn));
	double pk = sb - Nd, qk = sa - Nd;
	s->fmi = tp != 0 ? sqrt(tp / pk) * sqrt(tp / qk) : 0.0;
}

/* AMI, arithmetic mean of the entropies hu and hv (lg: log factorials up
 * to N). Two labelings that are one partition (no pair split by one and
 * not the other, as for the ARI) have MI = H = H' and AMI = 1, but where
 * EMI is as large (every point its own class: all three are log N) that
 * is 0 / 0 in rounding, which gave 1.05 at N = 14 and 0.81 at N = 22; NAN
 * out of memory */
static double ami_score(const struct contingency *T, double hu, double hv, const double *lg)
{
	if (T->sa == T->sq && T->sb == T->sq) /* no pair split by one labeling and not the other */
		return 1.0;
	double ex = emi(T->a, T->R, T->b, T->C, T->N, lg);
	if (isnan(ex))
		return NAN;
	double den = (hu + hv) / 2 - ex;
	if (den < 0)
		den = den < -2.220446049250313e-16 ? den : -2.220446049250313e-16;
	else
		den = den > 2.220446049250313e-16 ? den : 2.220446049250313e-16;
	return (T->mi - ex) / den;
}

int rs_scores_supervised(const int32_t *truth, const int32_t *pred, long n, rs_scores *s, rs_err *e)
{
	memset(s, 0, sizeof *s);
	char *keep = rs_alloc(e, (size_t)n, 1, "score mask");
	int32_t *u = rs_alloc(e, (size_t)n, sizeof *u, "labels"), *v = rs_alloc(e, (size_t)n, sizeof *v, "labels");
	int rc = -1;
	struct contingency T = {0};
	uint64_t *pair = NULL; /* the contingency table, sparse: class * C + cluster, sorted */
	double *lg = NULL;
	if (!keep || !u || !v)
		goto out;
	for (long i = 0; i < n; i++) {
		keep[i] = truth[i] >= 0 && pred[i] >= 0;
		T.N += keep[i];
	}
	long N = T.N;
	if (N == 0) {
		rs_fail(e, RS_EINVAL, "no labelled point to score");
		goto out;
	}
	T.R = compact(truth, keep, n, u), T.C = compact(pred, keep, n, v);
	if (T.R < 0 || T.C < 0) {
		rs_fail(e, RS_ENOMEM, "out of memory scoring");
		goto out;
	}
	T.a = rs_zalloc(e, (size_t)T.R, sizeof *T.a, "class sizes");
	T.b = rs_zalloc(e, (size_t)T.C, sizeof *T.b, "cluster sizes");
	pair = rs_alloc(e, (size_t)N, sizeof *pair, "contingency table");
	lg = rs_alloc(e, (size_t)N + 1, sizeof *lg, "log factorials");
	if (!T.a || !T.b || !pair || !lg)
		goto out;
	for (long i = 0, t = 0; i < n; i++)
		if (keep[i]) {
			T.a[u[i]]++;
			T.b[v[i]]++;
			pair[t++] = (uint64_t)u[i] * (uint64_t)T.C + (uint64_t)v[i];
		}
	qsort(pair, (size_t)N, sizeof *pair, cmp_u64);
	for (long k = 0; k <= N; k++)
		lg[k] = lgamma((double)k + 1);
	contingency_sums(&T, pair);
	double hu = entropy(T.a, T.R, N), hv = entropy(T.b, T.C, N);
	s->n = N;
	s->h = hu == 0 ? 1.0 : T.mi / hu;
	s->c = hv == 0 ? 1.0 : T.mi / hv;
	s->v = s->h + s->c == 0 ? 0.0 : 2 * s->h * s->c / (s->h + s->c);
	pair_scores(&T, s);
	s->ami = ami_score(&T, hu, hv, lg);
	if (isnan(s->ami)) {
		rs_fail(e, RS_ENOMEM, "out of memory scoring");
		goto out;
	}
	rc = 0;
out:
	free(keep);
	free(u);
	free(v);
	free(T.a);
	free(T.b);
	free(pair);
	free(lg);
	return rc;
}

double rs_modularity(const rs_graph *g, const int32_t *pred, long n)
{
	int32_t top = 0;
	for (long i = 0; i < n; i++)
		if (pred[i] > top)
			top = pred[i];
	double *deg = calloc((size_t)top + 1, sizeof *deg);
	if (deg == NULL)
		return NAN;
	double w = 0, in = 0;
	for (long i = 0; i < n && i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p];
			if (j >= n)
				continue;
			double a = g->val ? g->val[p] : 1.0;
			w += a;
			deg[pred[i]] += a;
			if (pred[i] == pred[j])
				in += a;
		}
	double q = w > 0 ? in / w : NAN;
	for (int32_t c = 0; c <= top && w > 0; c++)
		q -= (deg[c] / w) * (deg[c] / w);
	free(deg);
	return q;
}

double rs_nsd(const int32_t *pred, long n)
{
	int32_t top = 0;
	for (long i = 0; i < n; i++)
		if (pred[i] > top)
			top = pred[i];
	long *cnt = calloc((size_t)top + 1, sizeof *cnt);
	if (cnt == NULL)
		return NAN;
	long m = 0;
	for (long i = 0; i < n; i++)
		if (pred[i] >= 0) {
			cnt[pred[i]]++;
			m++;
		}
	int k = 0;
	double mean = 0, var = 0;
	for (int32_t c = 0; c <= top; c++)
		k += cnt[c] > 0;
	if (k <= 1) {
		free(cnt);
		return NAN;
	}
	mean = (double)m / k;
	for (int32_t c = 0; c <= top; c++)
		if (cnt[c] > 0)
			var += ((double)cnt[c] - mean) * ((double)cnt[c] - mean);
	var /= k;
	free(cnt);
	return 1.0 - sqrt(var) / ((double)m * sqrt((double)k - 1) / k);
}
