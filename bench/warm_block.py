#!/usr/bin/python3
"""Is a block method a better warm start than Lanczos?  After an alpha step
(relative 1 -> STEP, default 1.1), two block methods start from the k + 1
eigenvectors at alpha = 1 and are compared with a cold eigsh at STEP, same
operator, same tolerance, counting operator applications (columns):
  - scipy's LOBPCG;
  - a block Davidson: Rayleigh-Ritz on the subspace, then the basis grows by
    the residuals of the pairs not yet converged (restarted to the current
    Ritz vectors at four times the block), the textbook way to refine a
    subspace that is already close.
Also prints the largest principal angle between the eigenvectors before and
after the step, and the worst residual of the previous eigenvectors after
one Rayleigh-Ritz step: how good a start the previous solution is.
Usage: warm_block.py EDGES [K] [TOL] [STEP]"""
import os
import sys

import numpy as np
import scipy.linalg as sl
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


def davidson(op, X, nwant, tol, maxit=200):
    """Block Davidson from the columns of X; returns (worst residual of the
    first Rayleigh-Ritz step, iterations).  op counts its own columns."""
    V, _ = np.linalg.qr(X)
    W = op.matmat(V)
    first = None
    p = X.shape[1]
    for it in range(1, maxit + 1):
        H = V.T @ W
        theta, S = np.linalg.eigh((H + H.T) / 2)
        order = np.argsort(-theta)
        theta, S = theta[order], S[:, order]
        Y = V @ S[:, :nwant]
        R = W @ S[:, :nwant] - Y * theta[:nwant]
        res = np.linalg.norm(R, axis=0)
        if first is None:
            first = res.max()
        left = R[:, res > tol]
        if left.shape[1] == 0:
            return first, it
        if V.shape[1] + left.shape[1] > 4 * p:
            V, W = V @ S[:, :p], W @ S[:, :p]
        for _ in range(2):
            left = left - V @ (V.T @ left)
        left, _ = np.linalg.qr(left)
        V = np.hstack([V, left])
        W = np.hstack([W, op.matmat(left)])
    return first, maxit


def main():
    A = read_edges(sys.argv[1])
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    tol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-6
    step = float(sys.argv[4]) if len(sys.argv) > 4 else 1.1
    deg = np.asarray(A.sum(axis=1)).ravel()
    c0, c1, c2, c3 = [0], [0], [0], [0]
    _, X0 = eigsh(operator(A, deg, 1.0, c0), k=k + 1, which="LA", tol=tol)
    _, X1 = eigsh(operator(A, deg, step, c1), k=k + 1, which="LA", tol=tol)
    angle = sl.subspace_angles(X0, X1).max()
    _, _, hist = lobpcg(operator(A, deg, step, c2), X0, tol=tol, maxiter=500, largest=True,
                        retResidualNormsHistory=True)
    first, its = davidson(operator(A, deg, step, c3), X0, k + 1, tol)
    print("alpha 1 -> %g: largest angle between the eigenvectors %.1e, worst residual of the "
          "previous ones after Rayleigh-Ritz %.1e" % (step, angle, first))
    print("cold eigsh: %d products; LOBPCG from the previous eigenvectors: %d products "
          "(%d iterations, worst residual %.1e); block Davidson: %d products (%d iterations)"
          % (c1[0], c2[0], len(hist), max(hist[-1]), c3[0], its))


if __name__ == "__main__":
    main()
