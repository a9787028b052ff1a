#!/usr/bin/python3
"""Could a filtered subspace step beat a cold solve after a lone alpha step?
cluster_span.py shows that the eigenvectors of one alpha leave a residual
in the bulk of the spectrum after a 10 % step, whatever their number.  A
Chebyshev filter damps the bulk: this computes the top P eigenpairs at
relative alpha 1 (eigsh, tol 1e-8), then, at alpha STEP, filters the top p
of them (p = a few past the largest gap below the top, and P) with a
Chebyshev polynomial of degree d that is small on [lowest eigenvalue,
p-th old eigenvalue], and prints the worst residual of the new top K + 1
Rayleigh-Ritz pairs and the operator applications it took (d p for the
filter, p for Rayleigh-Ritz).  For comparison: the same filter from P
random vectors (a cold block solve), and a cold eigsh at STEP.
Usage: chebyshev_step.py EDGES [P] [STEP] [K] [TOL]   (P default 128:
minutes on the 2e5-node SBM of bench/sparse.sh, about 2 GB)"""
import os
import sys

import numpy as np
from scipy.sparse.linalg import eigsh

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_sparse import read_edges  # noqa: E402
from warm_block import operator  # noqa: E402


def rayleigh_ritz(op, X, want):
    V, _ = np.linalg.qr(X)
    W = op.matmat(V)
    H = V.T @ W
    th, S = np.linalg.eigh((H + H.T) / 2)
    order = np.argsort(-th)
    th, S = th[order], S[:, order]
    Y, WY = V @ S, W @ S
    res = np.linalg.norm(WY[:, :want] - Y[:, :want] * th[:want], axis=0)
    return th, Y, res


def chebyshev(op, X, d, lo, hi):
    """T_d of the operator mapped so that [lo, hi] goes to [-1, 1]."""
    c, h = (hi + lo) / 2, (hi - lo) / 2
    prev, cur = X, (op.matmat(X) - c * X) / h
    for _ in range(d - 1):
        prev, cur = cur, 2 * (op.matmat(cur) - c * cur) / h - prev
    return cur


def main():
    A = read_edges(sys.argv[1])
    P = int(sys.argv[2]) if len(sys.argv) > 2 else 128
    step = float(sys.argv[3]) if len(sys.argv) > 3 else 1.1
    k = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    tol = float(sys.argv[5]) if len(sys.argv) > 5 else 1e-6
    deg = np.asarray(A.sum(axis=1)).ravel()
    count = [0]
    w0, X0 = eigsh(operator(A, deg, 1.0, count), k=P, which="LA", tol=1e-8)
    order = np.argsort(-w0)
    w0, X0 = w0[order], X0[:, order]
    gap = 1 + int(np.argmax(-np.diff(w0[1:])))  # the top gap[0..gap] lie above it
    print("top %d at alpha 1: largest gap after eigenvalue %d (%.4f -> %.4f)"
          % (P, gap + 1, w0[gap], w0[gap + 1]))
    op = operator(A, deg, step, count)
    lowest = eigsh(op, k=1, which="SA", tol=1e-3)[0][0] - 0.01
    count[0] = 0
    eigsh(op, k=k + 1, which="LA", tol=tol)
    print("cold eigsh at %g: %d applications" % (step, count[0]))
    print("%6s %4s %4s %10s %13s" % ("start", "p", "d", "max res", "applications"))
    for p in sorted({min(gap + 11, P), P}):
        cut = w0[p - 1] + 0.01
        for d in range(0, 11, 2):
            X = X0[:, :p] if d == 0 else chebyshev(op, X0[:, :p], d, lowest, cut)
            res = rayleigh_ritz(op, X, k + 1)[2]
            print("%6s %4d %4d %10.2e %13d" % ("warm", p, d, res.max(), d * p + p))
    # cold: the same filter from random vectors, the cut from the last Ritz values
    X = np.random.default_rng(1).standard_normal((A.shape[0], P))
    total = 0
    for _ in range(6):
        th, Y, res = rayleigh_ritz(op, X, k + 1)
        print("%6s %4d %4d %10.2e %13d" % ("cold", P, total, res.max(), total * P + P * (1 + total // 4)))
        X = chebyshev(op, Y, 4, lowest, th[P - 1] + 0.01)
        total += 4


if __name__ == "__main__":
    main()
