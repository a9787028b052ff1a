#!/usr/bin/python3
"""The peer's warm start: what scipy's ARPACK gains from the previous
eigenvectors after an alpha step.

eigsh (which='LA', on a LinearOperator, as in peer_sparse.py) solves at
relative alpha 1, then at relative alpha STEP twice: cold (ARPACK's own
random start) and warm (v0 = the sum of the k + 1 eigenvectors at 1, the
only warm start ARPACK takes: one start vector).  Same operator, k and
tolerance as regspec.  Prints one JSON object: seconds and operator
applications of both solves at STEP, and their ratio.
Usage: peer_warm.py EDGES STEP K TOL"""
import json
import os
import sys
import time

import numpy as np
from scipy.sparse.linalg import eigsh

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_sparse import operator, read_edges  # noqa: E402


def solve(A, alpha_rel, k, tol, v0=None):
    op, _, count, _ = operator(A, alpha_rel)
    t0 = time.perf_counter()
    _, U = eigsh(op, k=k + 1, which="LA", tol=tol, v0=v0)
    return U, time.perf_counter() - t0, count[0]


def main():
    path, step, k, tol = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    A = read_edges(path)
    U, _, _ = solve(A, 1.0, k, tol)
    _, cold_s, cold_mv = solve(A, step, k, tol)
    # eigenvector signs are arbitrary: weights keep the sum from cancelling
    w = 1.0 + 0.1 * np.random.default_rng(7).random(U.shape[1])
    _, warm_s, warm_mv = solve(A, step, k, tol, v0=U @ w)
    print(json.dumps({"cold_seconds": cold_s, "cold_matvecs": cold_mv,
                      "warm_seconds": warm_s, "warm_matvecs": warm_mv,
                      "speedup": cold_s / warm_s}))


if __name__ == "__main__":
    main()
