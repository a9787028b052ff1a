#!/usr/bin/python3
"""The peer for regspec's iterative solver: what scikit-network does.

Reads an edge list (u v [w], each undirected edge once, '# nodes: N' header),
builds the symmetric CSR with scipy.sparse, and computes the k+1 largest
eigenpairs of N = D^-1/2 (A + alpha J) D^-1/2 with ARPACK (eigsh,
which='LA') on a LinearOperator (sparse product plus the rank-one term).
Optionally checks regspec's saved embedding against the same operator.
Prints one JSON object.
Usage: peer_sparse.py EDGES ALPHA_REL K TOL [REGSPEC_EMBEDDING.csv]
"""
import gzip
import json
import resource
import sys
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import LinearOperator, eigsh


def read_edges(path):
    opener = gzip.open if path.endswith(".gz") else open
    n = None
    body = []
    with opener(path, "rt") as f:
        for line in f:
            if line.startswith("#"):
                if "nodes:" in line:
                    n = int(line.split("nodes:")[1].split()[0])
                continue
            body.append(line)
            break
        body.append(f.read())
    data = np.array("".join(body).split(), dtype=np.float64)
    ncol = 3 if len(body[0].split()) == 3 else 2
    data = data.reshape(-1, ncol)
    u = data[:, 0].astype(np.int64)
    v = data[:, 1].astype(np.int64)
    w = data[:, 2] if ncol == 3 else np.ones(len(u))
    if n is None:
        n = int(max(u.max(), v.max())) + 1
    off = u != v
    rows = np.concatenate([u, v[off]])
    cols = np.concatenate([v, u[off]])
    vals = np.concatenate([w, w[off]])
    A = sp.csr_matrix((vals, (rows, cols)), shape=(n, n))
    return A


def regularized(path, alpha_rel):
    """The graph A, the absolute alpha (added to every entry) and the
    regularized degrees d of N = D^-1/2 (A + alpha J) D^-1/2."""
    A = read_edges(path)
    n = A.shape[0]
    deg = np.asarray(A.sum(axis=1)).ravel()
    alpha = alpha_rel * deg.sum() / n**2
    return A, alpha, deg + n * alpha


def main():
    path, alpha_rel, k, tol = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    A, alpha, d = regularized(path, alpha_rel)
    n = A.shape[0]
    u = 1.0 / np.sqrt(d)
    count = [0]

    def matvec(x):
        count[0] += 1
        x = np.ravel(x)
        return u * (A @ (u * x)) + alpha * np.dot(u, x) * u

    op = LinearOperator((n, n), matvec=matvec, dtype=np.float64)
    t0 = time.perf_counter()
    theta, U = eigsh(op, k=k + 1, which="LA", tol=tol)
    secs = time.perf_counter() - t0
    order = np.argsort(-theta)
    theta, U = theta[order], U[:, order]
    res = max(np.linalg.norm(matvec(U[:, i]) - theta[i] * U[:, i]) for i in range(k + 1))
    out = {"seconds": secs, "matvecs": count[0], "residual": float(res),
           "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
           "lambda": [float(1 - t) for t in theta]}
    if len(sys.argv) > 5:
        X = np.loadtxt(sys.argv[5], delimiter=",", skiprows=1)[:, 2:]
        worst = 0.0
        for j in range(X.shape[1]):
            v = X[:, j] * np.sqrt(d)
            v /= np.linalg.norm(v)
            th = v @ matvec(v)
            worst = max(worst, np.linalg.norm(matvec(v) - th * v))
        out["regspec_true_residual"] = float(worst)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
