#!/usr/bin/python3
"""Is a block method a better warm start than Lanczos?  After a 10 % alpha
step (relative 1 -> 1.1), scipy's LOBPCG started from the k + 1 eigenvectors
at alpha = 1 against a cold eigsh at 1.1, same operator, same tolerance;
prints the operator applications (columns) of each.
Usage: warm_block.py EDGES [K] [TOL]"""
import os
import sys

import numpy as np
from scipy.sparse.linalg import LinearOperator, eigsh, lobpcg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_sparse import read_edges  # noqa: E402


def operator(A, deg, alpha_rel, count):
    n = A.shape[0]
    alpha = alpha_rel * deg.sum() / n**2
    u = 1 / np.sqrt(deg + n * alpha)

    def mv(X):
        if X.ndim == 1 or X.shape[1] == 1:
            x = np.ravel(X)
            count[0] += 1
            y = u * (A @ (u * x)) + alpha * (u @ x) * u
            return y if X.ndim == 1 else y[:, None]
        count[0] += X.shape[1]
        return u[:, None] * (A @ (u[:, None] * X)) + alpha * np.outer(u, u @ X)

    return LinearOperator((n, n), matvec=mv, matmat=mv, dtype=float)


def main():
    A = read_edges(sys.argv[1])
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    tol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-6
    deg = np.asarray(A.sum(axis=1)).ravel()
    c0, c1, c2 = [0], [0], [0]
    _, X0 = eigsh(operator(A, deg, 1.0, c0), k=k + 1, which="LA", tol=tol)
    eigsh(operator(A, deg, 1.1, c1), k=k + 1, which="LA", tol=tol)
    _, _, hist = lobpcg(operator(A, deg, 1.1, c2), X0, tol=tol, maxiter=500, largest=True,
                        retResidualNormsHistory=True)
    print("cold eigsh at 1.1: %d products; LOBPCG from the eigenvectors at 1: %d products, "
          "%d iterations, worst residual %.1e" % (c1[0], c2[0], len(hist), max(hist[-1])))


if __name__ == "__main__":
    main()
