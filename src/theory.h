/* theory.h: what the paper predicts, and the checks of the spectrum against it.
 *
 * Cliques (Lemma 3, with degree correction): mu_j = a T / (a T + t_j),
 * a = alpha + eps, t_j the block weight (its size without theta).
 * Bicliques (Lemma bip3, corrected): mu_j = 1 - sqrt(n_j m_j /
 * ((n_j + a n)(m_j + a m))).  The paper prints it without the square root;
 * rs_theory_mu_paper gives that printed form, for comparison only.
 *
 * Blocks are ranked by mu ascending (the "largest" block first; ties by
 * index).  Lemma 3: 0 = lambda_1 < mu_(1) < lambda_2 < ... < lambda_K <
 * mu_(K).  Equal thresholds (equal block weights) force lambda_j = mu_(j).
 * Theorem 1 / 2: the eigenvector of lambda_j (j >= 2) has one sign on the
 * blocks with mu_b < lambda_j (the j-1 largest) and the other sign on the
 * rest; for bicliques one sign per part.
 */
#ifndef RS_THEORY_H
#define RS_THEORY_H

#include "blockmodel.h"
#include "spectrum.h"

/* mu in block order (K values). */
void rs_theory_mu(const rs_model *M, double alpha, double *mu);
/* The bipartite threshold as the paper prints it (no square root). */
void rs_theory_mu_paper(const rs_model *M, double alpha, double *mu);
/* Block indices ranked by mu ascending, ties by index. */
void rs_theory_rank(const double *mu, int K, int *order);

enum rs_il { RS_IL_OK, RS_IL_TIE, RS_IL_VIOLATED };
/* Check lambda_1..lambda_K (ascending) against the sorted thresholds.
 * status[j] for each j; returns the number of violations. */
int rs_theory_interleave(const double *lambda, const double *mu_sorted, int K, enum rs_il *status);
const char *rs_il_name(enum rs_il s);

/* Sign of eigenvector column c on block b of part p (0, or 1 for the second
 * part of bicliques): '+', '-', '0' (|x| <= 1e-9 max|x|) or '~' (mixed). */
char rs_theory_sign(const rs_model *M, const rs_spectrum *S, int c, int part, int b);

enum rs_agree { RS_AGREE_YES, RS_AGREE_NO, RS_AGREE_TIE, RS_AGREE_NONUNIQUE };
const char *rs_agree_name(enum rs_agree a);
/* Theorem 1/2's prediction for column c >= 1 (eigenvalue lambda_{c+1}) on
 * part p: pred[b] is '+'/'-' (the sign s of the side is taken from the
 * actual signs where they tell), '0' where a tie forces a zero, '?' where the
 * theorem leaves it free.  actual[b] is from rs_theory_sign. */
enum rs_agree rs_theory_predict(const rs_model *M, const rs_spectrum *S, const double *mu, int c,
				const char *actual, char *pred);

/* Bicliques: rank the block pairs by the harmonic mean of (n_j/n, m_j/m)
 * (the order as alpha -> 0+) or by the geometric mean (alpha -> infinity),
 * highest first. */
void rs_theory_bipartite_limits(const rs_model *M, int *harmonic, int *geometric);

#endif
