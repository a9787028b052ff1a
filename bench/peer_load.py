#!/usr/bin/python3
"""The peer for regspec's `load`: what a numpy user writes to get a graph's
CSR from an edge list.

numpy.loadtxt reads the file (gzip too, '#' and '%' comments skipped, the
first two columns as node ids, a third as weights), then scipy.sparse
builds the symmetric CSR: every edge in both directions (a self-loop once),
repeats merged (unweighted: kept at 1, as regspec's default 'largest
weight kept' does; weighted: summed, scipy's only way, which costs the
same).  Prints one JSON object: seconds for loadtxt alone and in all,
nodes, stored entries, peak RSS in kB.
For a .npz name (scipy.sparse.save_npz's file, NPZ=1 sh bench/load.sh)
the peer is scipy.sparse.load_npz alone, and loadtxt_s is 0; for a .mat
name (MAT=5 or MAT=7 sh bench/load.sh) scipy.io.loadmat's variable A as
CSR; for a .dot name (DOT=1 sh bench/load.sh) networkx's read_dot through
pygraphviz (loadtxt_s is its time), the weights, which DOT keeps as text,
made numbers, then networkx's to_scipy_sparse_array.
Usage: peer_load.py EDGES|NPZ|MAT|DOT
"""
import json
import resource
import sys
import time

import numpy as np
import scipy.sparse as sp


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: peer_load.py EDGES")
    path = sys.argv[1]
    t0 = time.perf_counter()
    if path.endswith(".mat"):
        import scipy.io
        A = scipy.io.loadmat(path)["A"].tocsr()
        t1 = time.perf_counter()
        print(json.dumps({"loadtxt_s": 0.0, "seconds": t1 - t0, "nodes": A.shape[0], "nnz": int(A.nnz),
                          "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
        return
    if path.endswith(".dot"):
        import networkx as nx
        G = nx.nx_agraph.read_dot(path)
        t1 = time.perf_counter()
        for _, _, d in G.edges(data=True):
            d["weight"] = float(d.get("weight", 1))
        A = nx.to_scipy_sparse_array(G, weight="weight", format="csr")
        t2 = time.perf_counter()
        print(json.dumps({"loadtxt_s": t1 - t0, "seconds": t2 - t0, "nodes": A.shape[0], "nnz": int(A.nnz),
                          "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
        return
    if path.endswith(".npz"):
        A = sp.load_npz(path)
        t1 = time.perf_counter()
        print(json.dumps({"loadtxt_s": 0.0, "seconds": t1 - t0, "nodes": A.shape[0], "nnz": int(A.nnz),
                          "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
        return
    data = np.loadtxt(path, comments=["#", "%"], ndmin=2)
    t1 = time.perf_counter()
    u = data[:, 0].astype(np.int64)
    v = data[:, 1].astype(np.int64)
    weighted = data.shape[1] >= 3
    w = data[:, 2] if weighted else np.ones(len(u))
    n = int(max(u.max(), v.max())) + 1
    off = u != v
    A = sp.csr_matrix((np.concatenate([w, w[off]]),
                       (np.concatenate([u, v[off]]), np.concatenate([v, u[off]]))),
                      shape=(n, n))
    A.sum_duplicates()
    if not weighted:
        A.data[:] = 1.0
    t2 = time.perf_counter()
    print(json.dumps({"loadtxt_s": t1 - t0, "seconds": t2 - t0, "nodes": n, "nnz": int(A.nnz),
                      "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))


if __name__ == "__main__":
    main()
