#!/usr/bin/python3
"""Does a warm step need the whole cluster, or would the part of it a
k = 20 solve leaves be enough?  chebyshev_step.py filters the top 110 or 128
old eigenvectors (the whole cluster of the 100-block SBM and more); this
filters only the top p of them, p = 21 (what a k = 20 solve has converged)
to P, at relative alpha STEP after 1.  Prints how much of each new top-21
eigenvector lies outside the span of the old top p (the largest and the
median of the 21 distances), then the worst residual of the new top 21
Rayleigh-Ritz pairs after a Chebyshev filter of degree d that damps the
bulk of the spectrum (below BULK, default 0.25; the cluster of the
2e5-node SBM of bench/sparse.sh is at 0.44-0.47, its bulk below 0.21).
Usage: partial_cluster.py EDGES [P] [STEP] [BULK]   (P default 64: a few
minutes on the 2e5-node SBM, about 1 GB)"""
import os
import sys

import numpy as np
from scipy.sparse.linalg import eigsh

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chebyshev_step import chebyshev, rayleigh_ritz  # noqa: E402
from cluster_span import top  # noqa: E402
from peer_sparse import read_edges  # noqa: E402
from warm_block import operator  # noqa: E402


def main():
    A = read_edges(sys.argv[1])
    P = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    step = float(sys.argv[3]) if len(sys.argv) > 3 else 1.1
    bulk = float(sys.argv[4]) if len(sys.argv) > 4 else 0.25
    k = 20
    deg = np.asarray(A.sum(axis=1)).ravel()
    count = [0]
    w0, X0 = top(operator(A, deg, 1.0, count), P)
    op = operator(A, deg, step, count)
    w1, X1 = top(op, k + 1)
    lowest = eigsh(op, k=1, which="SA", tol=1e-3)[0][0] - 0.01
    print("top %d at alpha 1: %.4f .. %.4f; top %d at %g: %.4f .. %.4f" %
          (P, w0[1], w0[-1], k + 1, step, w1[1], w1[-1]))
    ps = sorted({p for p in (21, 30, 40, 51, P) if p <= P})
    print("%4s %12s %12s" % ("p", "outside max", "median"))
    for p in ps:
        C = X0[:, :p].T @ X1
        out = np.sqrt(np.maximum(0.0, 1 - (C * C).sum(axis=0)))
        print("%4d %12.2e %12.2e" % (p, out.max(), np.median(out)))
    print("%4s %3s %10s %13s" % ("p", "d", "max res", "applications"))
    for p in ps:
        for d in (0, 4, 6, 8):
            X = X0[:, :p] if d == 0 else chebyshev(op, X0[:, :p], d, lowest, bulk)
            res = rayleigh_ritz(op, X, k + 1)[2]
            print("%4d %3d %10.2e %13d" % (p, d, res.max(), d * p + p), flush=True)


if __name__ == "__main__":
    main()
