#!/usr/bin/python3
"""The peer for regspec's aggregate solver: what a user would write with scipy.

The clique model A = Z Z^T (self-loops) regularized by alpha J, as a
matrix-free LinearOperator for N = D^-1/2 A_alpha D^-1/2 (block sums for
Z Z^T, a rank-one term for alpha J), and ARPACK's eigsh for its top K
eigenpairs (which='LA'), as scikit-network does.  Prints one line:
  seconds peak_rss_kb lambda_2 ... lambda_K
Usage: peer_aggregate.py ALPHA TOL SIZE...
"""
import resource
import sys
import time

import numpy as np
from scipy.sparse.linalg import LinearOperator, eigsh


def main():
    alpha = float(sys.argv[1])
    tol = float(sys.argv[2])
    sizes = np.array([int(s) for s in sys.argv[3:]], dtype=np.int64)
    K = len(sizes)
    t0 = time.perf_counter()
    labels = np.repeat(np.arange(K), sizes)
    n = int(sizes.sum())
    u = 1.0 / np.sqrt(sizes[labels] + alpha * n)

    def matvec(x):
        y = u * np.ravel(x)
        s = np.bincount(labels, weights=y, minlength=K)
        return u * (s[labels] + alpha * y.sum())

    op = LinearOperator((n, n), matvec=matvec, dtype=np.float64)
    vals = eigsh(op, k=K, which="LA", tol=tol, return_eigenvectors=True)[0]
    lam = np.sort(1.0 - vals)
    dt = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{dt:.4f} {rss} " + " ".join(f"{v:.12g}" for v in lam[1:]))


if __name__ == "__main__":
    main()
