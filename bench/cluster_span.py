#!/usr/bin/python3
"""Can the eigenvectors of one solve give the next alpha's?  Computes the top
M eigenpairs at relative alpha 1 (eigsh, tol 1e-10) and the top K + 1 at
STEP, then, for growing m, the Rayleigh-Ritz pairs of the STEP operator on
the span of the top m old eigenvectors: their worst and median residuals,
the worst eigenvalue error, and the smallest principal cosine between the
new top K + 1 and the Ritz vectors.  If the residual stays put as m grows,
the error lies outside every set of old eigenvectors one could keep (the
bulk of the spectrum), and a warm start must still filter it out.
Usage: cluster_span.py EDGES [M] [STEP] [K]   (M default 150: minutes on the
2e5-node SBM of bench/sparse.sh)"""
import os
import sys

import numpy as np
from scipy.sparse.linalg import eigsh

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_sparse import read_edges  # noqa: E402
from warm_block import operator  # noqa: E402


def top(op, k):
    w, X = eigsh(op, k=k, which="LA", tol=1e-10)
    order = np.argsort(-w)
    return w[order], X[:, order]


def main():
    A = read_edges(sys.argv[1])
    M = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    step = float(sys.argv[3]) if len(sys.argv) > 3 else 1.1
    k = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    deg = np.asarray(A.sum(axis=1)).ravel()
    w0, X0 = top(operator(A, deg, 1.0, [0]), M)
    op1 = operator(A, deg, step, [0])
    w1, X1 = top(op1, k + 1)
    print("old eigenvalues 2..%d span %.3e, largest gap below them at %d: %.3e"
          % (M, w0[1] - w0[M - 1], 1 + int(np.argmax(-np.diff(w0[1:]))) + 1, np.max(-np.diff(w0[1:]))))
    W = op1.matmat(X0)
    print("%5s %10s %10s %10s %12s" % ("m", "max res", "med res", "eig err", "min cosine"))
    for m in [x for x in (k + 1, k + 5, k + 10, 2 * k, 3 * k, 4 * k, 5 * k, 6 * k, M) if x <= M]:
        V = X0[:, :m]
        H = V.T @ W[:, :m]
        th, S = np.linalg.eigh((H + H.T) / 2)
        order = np.argsort(-th)
        th, S = th[order[:k + 1]], S[:, order[:k + 1]]
        Y = V @ S
        res = np.linalg.norm(W[:, :m] @ S - Y * th, axis=0)
        cos = np.linalg.svd(X1.T @ Y, compute_uv=False).min()
        print("%5d %10.2e %10.2e %10.2e %12.7f" % (m, res.max(), np.median(res), np.abs(th - w1).max(), cos))


if __name__ == "__main__":
    main()
