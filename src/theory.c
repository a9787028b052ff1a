/* theory.c: thresholds mu_j, the interleaving check, and sign patterns. */
#include <config.h>

#include "theory.h"

#include <math.h>
#include <stdlib.h>

void rs_theory_mu(const rs_model *M, double alpha, double *mu)
{
	double a = alpha + M->eps;
	for (int j = 0; j < M->K; j++) {
		if (M->bipartite) {
			double n = (double)M->n[j], m = (double)M->m[j];
			double r = n * m / ((n + a * (double)M->nn) * (m + a * (double)M->mm));
			mu[j] = 1.0 - sqrt(r);
		} else {
			double at = a * M->T;
			mu[j] = at / (at + M->t[j]);
		}
	}
}

void rs_theory_mu_paper(const rs_model *M, double alpha, double *mu)
{
	double a = alpha + M->eps;
	for (int j = 0; j < M->K; j++) {
		double n = (double)M->n[j], m = M->m ? (double)M->m[j] : n;
		double nn = (double)M->nn, mm = M->m ? (double)M->mm : nn;
		mu[j] = 1.0 - n * m / ((n + a * nn) * (m + a * mm));
	}
}

struct keyed {
	double key;
	int idx;
};

static int keyed_cmp(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* order[] = indices sorted by key ascending (sign = 1) or descending (-1), ties by index. */
static void rank_by(const double *key, int K, int sign, int *order)
{
	struct keyed *p = malloc((size_t)K * sizeof *p);
	if (p == NULL) { /* tiny K: fall back to block order */
		for (int j = 0; j < K; j++)
			order[j] = j;
		return;
	}
	for (int j = 0; j < K; j++)
		p[j] = (struct keyed){sign * key[j], j};
	qsort(p, (size_t)K, sizeof *p, keyed_cmp);
	for (int j = 0; j < K; j++)
		order[j] = p[j].idx;
	free(p);
}

void rs_theory_rank(const double *mu, int K, int *order)
{
	rank_by(mu, K, 1, order);
}

static int close_to(double x, double y)
{
	return fabs(x - y) <= RS_EIG_TIE * fmax(1.0, fabs(y));
}

int rs_theory_interleave(const double *lambda, const double *mu, int K, enum rs_il *status)
{
	int bad = 0;
	for (int j = 0; j < K; j++) {
		double lo = j == 0 ? 0.0 : mu[j - 1];
		enum rs_il s;
		if (j == 0) {
			/* 0 = lambda_1 <= mu_1 (mu_1 = 0 only when alpha + eps = 0) */
			int zero = fabs(lambda[0]) <= RS_EIG_TIE;
			s = !zero ? RS_IL_VIOLATED
			    : close_to(lambda[0], mu[0]) ? RS_IL_TIE
			    : lambda[0] < mu[0]	       ? RS_IL_OK
							 : RS_IL_VIOLATED;
		} else if (close_to(mu[j - 1], mu[j])) {
			s = close_to(lambda[j], mu[j]) ? RS_IL_TIE : RS_IL_VIOLATED;
		} else if (close_to(lambda[j], lo) || close_to(lambda[j], mu[j])) {
			/* within rounding of a bound: the check cannot tell
			 * (strong regularization, alpha 10^8 times the mean pair
			 * weight, brings lambda_j and mu_j within 10^-9) */
			s = RS_IL_TIE;
		} else {
			s = lambda[j] > lo && lambda[j] < mu[j] ? RS_IL_OK : RS_IL_VIOLATED;
		}
		status[j] = s;
		bad += s == RS_IL_VIOLATED;
	}
	return bad;
}

const char *rs_il_name(enum rs_il s)
{
	switch (s) {
	case RS_IL_OK: return "ok";
	case RS_IL_TIE: return "tie";
	default: return "VIOLATED";
	}
}

const char *rs_agree_name(enum rs_agree a)
{
	switch (a) {
	case RS_AGREE_YES: return "yes";
	case RS_AGREE_NO: return "NO";
	case RS_AGREE_TIE: return "tie";
	default: return "not unique";
	}
}

char rs_theory_sign(const rs_model *M, const rs_spectrum *S, int c, int part, int b)
{
	const double *x = S->vec + (size_t)c * (size_t)S->rows;
	double zero = rs_spectrum_zero(S, c);
	long lo, hi;
	if (S->per_block) {
		lo = (long)part * M->K + b;
		hi = lo + 1;
	} else {
		lo = rs_model_block_start(M, part, b);
		hi = lo + (part ? M->m[b] : M->n[b]);
	}
	int pos = 0, neg = 0, nul = 0;
	for (long r = lo; r < hi; r++) {
		if (fabs(x[r]) <= zero)
			nul = 1;
		else if (x[r] > 0)
			pos = 1;
		else
			neg = 1;
	}
	if (pos + neg + nul > 1)
		return '~';
	return pos ? '+' : neg ? '-' : '0';
}

enum rs_agree rs_theory_predict(const rs_model *M, const rs_spectrum *S, const double *mu, int c,
				const char *actual, char *pred)
{
	int K = M->K;
	double l = S->lambda[c];
	int tied = 0;
	for (int b = 0; b < K; b++)
		tied += close_to(l, mu[b]);
	if (tied == K && rs_spectrum_multiplicity(S, c) > 1) {
		for (int b = 0; b < K; b++)
			pred[b] = '?';
		return RS_AGREE_NONUNIQUE;
	}
	if (tied > 0) {
		/* lambda sits on the threshold of equal blocks: the eigenvector lives on
		 * those blocks and vanishes elsewhere. */
		int ok = 1;
		for (int b = 0; b < K; b++) {
			pred[b] = close_to(l, mu[b]) ? '?' : '0';
			if (pred[b] == '0' && actual[b] != '0')
				ok = 0;
		}
		return ok ? RS_AGREE_TIE : RS_AGREE_NO;
	}
	/* s: the sign of the large side, read from the first large block that has one. */
	char s = 0;
	for (int b = 0; b < K && !s; b++)
		if (mu[b] < l && (actual[b] == '+' || actual[b] == '-'))
			s = actual[b];
	if (!s)
		for (int b = 0; b < K && !s; b++)
			if (mu[b] > l && (actual[b] == '+' || actual[b] == '-'))
				s = actual[b] == '+' ? '-' : '+';
	if (!s)
		s = '+';
	char o = s == '+' ? '-' : '+';
	int ok = 1;
	for (int b = 0; b < K; b++) {
		pred[b] = mu[b] < l ? s : o;
		ok &= pred[b] == actual[b];
	}
	return ok ? RS_AGREE_YES : RS_AGREE_NO;
}

void rs_theory_bipartite_limits(const rs_model *M, int *harmonic, int *geometric)
{
	int K = M->K;
	double *h = malloc((size_t)K * 2 * sizeof *h);
	if (h == NULL) {
		for (int j = 0; j < K; j++)
			harmonic[j] = geometric[j] = j;
		return;
	}
	double *g = h + K;
	for (int j = 0; j < K; j++) {
		double p = (double)M->n[j] / (double)M->nn, q = (double)M->m[j] / (double)M->mm;
		h[j] = 2 * p * q / (p + q);
		g[j] = sqrt(p * q);
	}
	rank_by(h, K, -1, harmonic);
	rank_by(g, K, -1, geometric);
	free(h);
}
