#!/usr/bin/python3
"""The peer for regspec's iterative solver: what scikit-network does.

Reads an edge list (u v [w], each undirected edge once, '# nodes: N' header),
builds the symmetric CSR with scipy.sparse, and computes the k+1 largest
eigenpairs of N = D^-1/2 (A + alpha J) D^-1/2 with ARPACK (eigsh,
which='LA') on a LinearOperator (sparse product plus the rank-one term).
Optionally checks regspec's saved embedding against the same operator.
A bipartite graph ('# rows: R cols: C' header, as regspec's 'save graph'
writes a biedges file) gives the k+1 largest singular triplets of
M = D1^-1/2 (B + alpha J) D2^-1/2 by scipy's svds (ARPACK) on a
LinearOperator instead, and residuals on regspec's bipartite operator
[[0, M], [M^T, 0]], whose top eigenpairs they are.
Prints one JSON object.
Usage: peer_sparse.py EDGES ALPHA_REL K TOL [REGSPEC_EMBEDDING.csv]
"""
import csv
import gzip
import json
import resource
import sys
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import LinearOperator, eigsh, svds


def read_graph(path):
    """(A, False) for a graph, (B, True) for a bipartite one (R x C)."""
    opener = gzip.open if path.endswith(".gz") else open
    n = None
    shape = None
    body = []
    with opener(path, "rt") as f:
        for line in f:
            if line.startswith("#"):
                if "nodes:" in line:
                    n = int(line.split("nodes:")[1].split()[0])
                if "rows:" in line and "cols:" in line:
                    shape = (int(line.split("rows:")[1].split()[0]),
                             int(line.split("cols:")[1].split()[0]))
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
    if shape is not None:
        return sp.csr_matrix((w, (u, v)), shape=shape), True
    if n is None:
        n = int(max(u.max(), v.max())) + 1
    off = u != v
    rows = np.concatenate([u, v[off]])
    cols = np.concatenate([v, u[off]])
    vals = np.concatenate([w, w[off]])
    A = sp.csr_matrix((vals, (rows, cols)), shape=(n, n))
    return A, False


def read_edges(path):
    A, bipartite = read_graph(path)
    if bipartite:
        sys.exit("%s: a bipartite graph; this script takes graphs" % path)
    return A


def regularized(A, alpha_rel):
    """The graph A, the absolute alpha (added to every entry) and the
    regularized degrees d of N = D^-1/2 (A + alpha J) D^-1/2."""
    n = A.shape[0]
    deg = np.asarray(A.sum(axis=1)).ravel()
    alpha = alpha_rel * deg.sum() / n**2
    return A, alpha, deg + n * alpha


def operator(A, alpha_rel):
    """N = D^-1/2 (A + alpha J) D^-1/2 as a LinearOperator counting its
    products: (op, matvec, count, d), count[0] the products so far."""
    A, alpha, d = regularized(A, alpha_rel)
    n = A.shape[0]
    # a node of degree 0 (isolated, at alpha = 0) gets 0, as in regspec
    u = np.zeros(n)
    u[d > 0] = 1.0 / np.sqrt(d[d > 0])
    count = [0]

    def matvec(x):
        count[0] += 1
        x = np.ravel(x)
        return u * (A @ (u * x)) + alpha * np.dot(u, x) * u

    return LinearOperator((n, n), matvec=matvec, dtype=np.float64), matvec, count, d


def bipartite(path, B, alpha_rel, k, tol):
    """svds on M = D1^-1/2 (B + alpha J) D2^-1/2; residuals and regspec's
    check on [[0, M], [M^T, 0]]."""
    R, C = B.shape
    r, c = np.asarray(B.sum(axis=1)).ravel(), np.asarray(B.sum(axis=0)).ravel()
    alpha = alpha_rel * r.sum() / (R * C)
    d = np.concatenate([r + C * alpha, c + R * alpha])
    u1, u2 = 1 / np.sqrt(d[:R]), 1 / np.sqrt(d[R:])
    Bt = B.T.tocsr()
    count = [0]

    def mv(x):  # M x
        count[0] += 1
        x = np.ravel(x)
        return u1 * (B @ (u2 * x)) + alpha * np.dot(u2, x) * u1

    def rmv(y):  # M^T y
        count[0] += 1
        y = np.ravel(y)
        return u2 * (Bt @ (u1 * y)) + alpha * np.dot(u1, y) * u2

    def block(z):  # [[0, M], [M^T, 0]] z
        return np.concatenate([mv(z[R:]), rmv(z[:R])])

    op = LinearOperator((R, C), matvec=mv, rmatvec=rmv, dtype=np.float64)
    t0 = time.perf_counter()
    U, s, Vt = svds(op, k=k + 1, tol=tol)
    secs = time.perf_counter() - t0
    products = count[0]
    res = 0.0
    for i in range(k + 1):
        z = np.concatenate([U[:, i], Vt[i]]) / np.sqrt(2)
        res = max(res, np.linalg.norm(block(z) - s[i] * z))
    # one application of the bipartite operator is one product by M and one by M^T
    out = {"seconds": secs, "matvecs": products // 2, "residual": float(res),
           "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
           "lambda": sorted(float(1 - t) for t in s)}
    return out, d, block


def main():
    path, alpha_rel, k, tol = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    A, bip = read_graph(path)
    if bip:
        out, d, block = bipartite(path, A, alpha_rel, k, tol)
        if len(sys.argv) > 5:
            out["regspec_true_residual"] = check_embedding(sys.argv[5], d, block)
        print(json.dumps(out))
        return
    op, matvec, count, d = operator(A, alpha_rel)
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
        out["regspec_true_residual"] = check_embedding(sys.argv[5], d, matvec)
    print(json.dumps(out))


def check_embedding(path, d, apply):
    """The largest residual of regspec's saved embedding (x = D^-1/2 v)."""
    # the coordinates are the columns x_2 ... x_k+1; the node column may hold
    # names (read with the csv module, which knows quoting)
    with open(path, newline="") as f:
        rows = csv.reader(f)
        header = next(rows)
        cols = [i for i, h in enumerate(header) if h.startswith("x_")]
        X = np.array([[float(r[i]) for i in cols] for r in rows])
    worst = 0.0
    for j in range(X.shape[1]):
        v = X[:, j] * np.sqrt(d)
        v /= np.linalg.norm(v)
        th = v @ apply(v)
        worst = max(worst, np.linalg.norm(apply(v) - th * v))
    return float(worst)


if __name__ == "__main__":
    main()
