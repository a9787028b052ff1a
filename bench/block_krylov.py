#!/usr/bin/python3
"""Would a block method need fewer operator applications than regspec's
single-vector Lanczos?  A plain block thick-restart Lanczos (full
reorthogonalization, block size b, basis of m vectors, the constant
eigenvector deflated as in regspec), run on the same operator at relative
alpha = 1, k = 20, tol 1e-6, printing the applications each block size
needs.  Block products are cheaper per vector (PERF-NOTES: 1.8x for a
block of 16), so a block size pays only if it needs less than about 1.8x
the applications of b = 1.
Usage: block_krylov.py EDGES [b:m ...]     (default 1:41 2:42 4:60 8:64)
Measured (README, Benchmarks): facebook 162 / 184 / 240 / 344, the
2*10^5-node SBM 481 / 580 / 820 / 960.
"""
import sys
import time

import numpy as np

from peer_sparse import read_edges, regularized


def operator(path, alpha_rel):
    A, alpha, d = regularized(read_edges(path), alpha_rel)
    n = A.shape[0]
    u = 1 / np.sqrt(d)
    q = np.sqrt(d)
    q /= np.linalg.norm(q)

    def apply(X):
        return u[:, None] * (A @ (u[:, None] * X)) + alpha * np.outer(u, u @ X)
    return n, apply, q


def block_lanczos(n, apply, q, k, b, m, tol, seed=1):
    """Top k eigenpairs (q deflated); returns (values, applications, restarts)."""
    rng = np.random.default_rng(seed)
    P = rng.standard_normal((n, b))
    P -= np.outer(q, q @ P)
    P, _ = np.linalg.qr(P)
    V = np.zeros((n, 0))
    H = np.zeros((0, 0))
    C = np.zeros((b, 0))  # N V = V H + P C
    products = restarts = 0
    while True:
        while V.shape[1] + P.shape[1] <= m:
            W = apply(P)
            products += P.shape[1]
            B = np.hstack([V, P])
            h = B.T @ W
            W -= B @ h
            W -= np.outer(q, q @ W)
            h2 = B.T @ W  # twice is enough
            W -= B @ h2
            W -= np.outer(q, q @ W)
            h += h2
            j, pb = V.shape[1], P.shape[1]
            Hn = np.zeros((j + pb, j + pb))
            Hn[:j, :j] = H
            Hn[:, j:] = h
            Hn[j:, :j] = h[:j].T
            Hn[j:, j:] = (h[j:] + h[j:].T) / 2
            H, V = Hn, B
            P, R = np.linalg.qr(W)
            C = np.zeros((P.shape[1], V.shape[1]))
            C[:, j:] = R
        theta, Y = np.linalg.eigh(H)
        theta, Y = theta[::-1], Y[:, ::-1]
        res = np.linalg.norm(C @ Y, axis=0)
        ok = res[:k] <= tol * np.maximum(np.abs(theta[:k]), 1e-3)
        if ok.all():
            return theta[:k], products, restarts
        restarts += 1
        keep = k + (V.shape[1] - k) // 2
        V, H, C = V @ Y[:, :keep], np.diag(theta[:keep]), C @ Y[:, :keep]


def main():
    path = sys.argv[1]
    configs = sys.argv[2:] or ["1:41", "2:42", "4:60", "8:64"]
    n, apply, q = operator(path, 1.0)
    print("%-6s %-6s %12s %9s %8s" % ("block", "basis", "applications", "restarts", "seconds"))
    for c in configs:
        b, m = (int(x) for x in c.split(":"))
        t = time.perf_counter()
        _, products, restarts = block_lanczos(n, apply, q, 20, b, m, 1e-6)
        print("%-6d %-6d %12d %9d %8.1f" % (b, m, products, restarts, time.perf_counter() - t),
              flush=True)


if __name__ == "__main__":
    main()
