#!/usr/bin/env python3
# bench/fp32_basis.py [N] [STEPS] [geo|sbm]: does a Lanczos basis stored in
# float32 (half the memory of the basis, which is most of a solve's on a
# graph of low degree) still reach residuals of 1e-6, relative to the Ritz
# value, for the top 22 pairs of N_alpha (relative alpha 1)?  Plain
# Lanczos, STEPS steps, full reorthogonalization twice against the stored
# basis, the arithmetic in float64 either way; prints the true relative
# residuals of the Ritz pairs formed from each basis.  A study for the
# README's Benchmarks (memory on graphs of low degree), not regspec's
# solver.  geo: a random geometric graph of average degree 3 (a road map's);
# sbm: 20 blocks, degree about 20.
import sys, numpy as np, scipy.sparse as sp
from scipy.spatial import cKDTree
rng = np.random.default_rng(1)
n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
m = int(sys.argv[2]) if len(sys.argv) > 2 else 400
kind = sys.argv[3] if len(sys.argv) > 3 else "geo"
if kind == "geo":
    pts = rng.random((n, 2)); r = np.sqrt(3.0 / (np.pi * n))
    pairs = cKDTree(pts).query_pairs(r, output_type='ndarray')
    A = sp.coo_matrix((np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])), shape=(n, n))
else:  # SBM of 20 blocks, p_in/p_out giving degree ~20
    b = rng.integers(0, 20, n); m_e = 10 * n
    u = rng.integers(0, n, m_e * 3); v = rng.integers(0, n, m_e * 3)
    keep = (b[u] == b[v]) | (rng.random(len(u)) < 0.1)
    u, v = u[keep][:m_e], v[keep][:m_e]
    A = sp.coo_matrix((np.ones(len(u)), (u, v)), shape=(n, n))
A = (A + A.T).tocsr(); A.data[:] = 1.0
d = np.asarray(A.sum(1)).ravel(); w = d.sum(); alpha = w / n**2  # relative 1
da = d + alpha * n; s = 1 / np.sqrt(da)
def N(x): return s * (A @ (s * x) + alpha * (s @ x) * np.ones(n))
def lanczos(store):
    V = np.zeros((m + 1, n), dtype=store); al = np.zeros(m); be = np.zeros(m)
    v = rng.standard_normal(n); v /= np.linalg.norm(v); V[0] = v
    for j in range(m):
        vj = V[j].astype(np.float64)
        wv = N(vj)
        al[j] = vj @ wv
        # full reorthogonalization against the stored basis, twice
        for _ in range(2):
            c = V[:j + 1].astype(np.float64) @ wv
            wv -= V[:j + 1].T.astype(np.float64) @ c
        be[j] = np.linalg.norm(wv); V[j + 1] = (wv / be[j]).astype(store)
    T = np.diag(al) + np.diag(be[:-1], 1) + np.diag(be[:-1], -1)
    th, Y = np.linalg.eigh(T); th = th[::-1][:22]; Y = Y[:, ::-1][:, :22]
    X = V[:m].T.astype(np.float64) @ Y
    res = [np.linalg.norm(N(X[:, i]) - th[i] * X[:, i]) / np.linalg.norm(X[:, i]) / abs(th[i]) for i in range(22)]
    est = np.abs(be[m - 1] * Y[-1, :]) / np.abs(th)
    return th, np.array(res), est
for store in (np.float64, np.float32):
    th, res, est = lanczos(store)
    print(store.__name__, "theta", th[[0, 1, 10, 21]].round(6), "true rel residual max %.2e median %.2e" % (res.max(), np.median(res)),
          "estimate max %.2e" % est.max())
