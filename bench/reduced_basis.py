#!/usr/bin/python3
"""Why the warm start keeps a basis of several solves (src/rbasis.h).

Along relative alpha = 1, 1.1, 1.1^2, ... (STEPS values), each alpha is
solved with scipy's eigsh (k + 1 pairs, tol 1e-9) and its eigenvectors,
taken back to x = D_alpha^-1/2 v, join a basis U.  Before each solve, the
Rayleigh-Ritz pairs of the pencil (A + alpha J, D + n alpha I) on U are
formed from the small matrices U^T A U, U^T D U and g = U^T 1 alone (the
pencil is affine in alpha), and their residuals on N_alpha are printed:
how close the solves so far hold the next alpha's eigenvectors.  Then, for
comparison, the same residuals from the top KMAX eigenvectors of alpha = 1
alone (the best a basis from a single alpha can do).
Usage: reduced_basis.py EDGES [K] [STEPS] [KMAX]"""
import os
import sys

import numpy as np
import scipy.linalg as sl
from scipy.sparse.linalg import eigsh

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_sparse import read_edges  # noqa: E402
from warm_block import operator  # noqa: E402


def ritz_residuals(A, deg, rel, U, AU, want):
    n = A.shape[0]
    a = rel * deg.sum() / n**2
    d = deg + n * a
    GA = U.T @ AU
    g = U.T @ np.ones(n)
    GD = U.T @ (deg[:, None] * U)
    th, C = sl.eigh((GA + GA.T) / 2 + a * np.outer(g, g), GD + n * a * np.eye(U.shape[1]))
    order = np.argsort(-th)[1:want + 1]  # the first is the trivial pair
    V = np.sqrt(d)[:, None] * (U @ C[:, order])
    V /= np.linalg.norm(V, axis=0)
    op = operator(A, deg, rel, [0])
    return np.linalg.norm(op.matmat(V) - V * th[order], axis=0)


def main():
    A = read_edges(sys.argv[1]).tocsr()
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    kmax = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    deg = np.asarray(A.sum(axis=1)).ravel()
    n = A.shape[0]
    U = np.ones((n, 1)) / np.sqrt(n)
    AU = A @ U
    for j in range(steps):
        rel = 1.1**j
        if j > 0:
            r = ritz_residuals(A, deg, rel, U, AU, k)
            print("alpha %.4f: %d solves in the basis (%d columns): worst residual %.1e, "
                  "median %.1e" % (rel, j, U.shape[1], r.max(), np.median(r)), flush=True)
        a = rel * deg.sum() / n**2
        _, Vt = eigsh(operator(A, deg, rel, [0]), k=k + 1, which="LA", tol=1e-9)
        X = Vt / np.sqrt(deg + n * a)[:, None]
        for _ in range(2):
            X = X - U @ (U.T @ X)
        Q, R = np.linalg.qr(X)
        Q = Q[:, np.abs(np.diag(R)) > 1e-10 * np.abs(np.diag(R)).max()]
        U = np.hstack([U, Q])
        AU = np.hstack([AU, A @ Q])
    # one alpha, many vectors
    a = deg.sum() / n**2
    w, V = eigsh(operator(A, deg, 1.0, [0]), k=kmax, which="LA", tol=1e-9)
    X = V / np.sqrt(deg + n * a)[:, None]
    Q, _ = np.linalg.qr(np.hstack([np.ones((n, 1)), X]))
    r = ritz_residuals(A, deg, 1.1, Q, A @ Q, k)
    print("alpha 1.1 from the top %d eigenvectors at 1 alone: worst residual %.1e, median %.1e"
          % (kmax, r.max(), np.median(r)))


if __name__ == "__main__":
    main()
