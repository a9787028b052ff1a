#!/usr/bin/python3
"""bench/other_graphs.py DIR: write graphs unlike the issue's list into
DIR, for `sh bench/sparse.sh DIR/*.edges DIR/*.biedges`:

  grid.edges      a 200 x 200 grid (40,000 nodes): a spectrum with no gaps,
                  the hardest case for a Krylov method
  ba.edges        a 50,000-node preferential-attachment graph, three edges
                  per new node: low average degree, hubs
  smallworld.edges  a ring of 100,000 nodes, each joined to its 10 nearest,
                  5 % of the edges rewired at random (Watts-Strogatz)
  powerlaw.edges  a 100,000-node configuration model, degrees from a Pareto
                  law of exponent 2.1 (hubs of thousands), repeats kept
  components.edges  2,000 components of 25 nodes (random, p = 0.3)
  geometric.edges  50,000 random points of the unit square, joined within
                  the radius that gives average degree 10
  regular.edges   a 50,000-node random 4-regular graph (two cycles through
                  the nodes, each in a random order, drawn again until no
                  edge repeats): every degree the same, so colour
                  refinement alone learns nothing
  sparsebip.biedges  a bipartite graph of 20,000 x 30,000 nodes and 70,000
                  random edges (repeats merged): too sparse for the one-pass
                  product's partial sums, isolated nodes on both sides
  road.edges      100,000 random points joined within the radius that gives
                  average degree 3, as a road map's crossings: the products
                  are cheap beside the basis' sweeps, and the basis is most
                  of the memory; thousands of components, isolated nodes
  hubs.edges      100,000 nodes, 10 hubs each joined to a random tenth of
                  them, and 100,000 random edges between the others
  weighted.edges  a 50,000-node preferential-attachment graph, four edges
                  per new node, with log-normal weights (sigma 2: weights
                  over six orders of magnitude)

`bench/other_graphs.py DIR large` writes road1M.edges too: the road map
with 10^6 nodes (1.5 million edges).

All are deterministic (numpy's default_rng(1))."""
import os
import sys

import numpy as np


def grid(path, w=200):
    with open(path, "w") as f:
        for i in range(w):
            for j in range(w):
                v = i * w + j
                if j + 1 < w:
                    f.write("%d %d\n" % (v, v + 1))
                if i + 1 < w:
                    f.write("%d %d\n" % (v, v + w))


def preferential(path, n=50000, m=3, seed=1):
    rng = np.random.default_rng(seed)
    ends = []  # every edge's two ends: a node appears once per degree
    with open(path, "w") as f:
        for v in range(m + 1, n):
            chosen = set()
            while len(chosen) < m:
                # mostly by degree, sometimes uniformly (no node left out)
                if ends and rng.random() < 0.9:
                    chosen.add(ends[rng.integers(len(ends))])
                else:
                    chosen.add(int(rng.integers(v)))
            for u in chosen:
                f.write("%d %d\n" % (v, u))
                ends += [v, u]


def small_world(path, n=100000, near=5, p=0.05, seed=1):
    rng = np.random.default_rng(seed)
    u = np.arange(n)
    parts = []
    for s in range(1, near + 1):
        v = (u + s) % n
        v = np.where(rng.random(n) < p, rng.integers(0, n, n), v)
        parts.append(np.c_[u, v])
    e = np.vstack(parts)
    np.savetxt(path, e[e[:, 0] != e[:, 1]], fmt="%d")


def power_law(path, n=100000, seed=1):
    rng = np.random.default_rng(seed)
    d = np.minimum(np.floor((rng.pareto(1.1, n) + 1) * 2).astype(int), n // 10)
    stubs = np.repeat(np.arange(n), d)
    rng.shuffle(stubs)
    e = stubs[: len(stubs) // 2 * 2].reshape(-1, 2)
    np.savetxt(path, e[e[:, 0] != e[:, 1]], fmt="%d")


def components(path, count=2000, size=25, p=0.3, seed=1):
    rng = np.random.default_rng(seed)
    iu = np.triu_indices(size, 1)
    parts = []
    for c in range(count):
        keep = rng.random(len(iu[0])) < p
        parts.append(np.c_[iu[0][keep], iu[1][keep]] + size * c)
    np.savetxt(path, np.vstack(parts), fmt="%d")


def geometric(path, n=50000, degree=10, seed=1, header=False):
    from scipy.spatial import cKDTree

    rng = np.random.default_rng(seed)
    pts = rng.random((n, 2))
    pairs = cKDTree(pts).query_pairs(np.sqrt(degree / (np.pi * n)), output_type="ndarray")
    with open(path, "w") as f:
        if header:  # the isolated nodes too
            f.write("# nodes: %d\n" % n)
        np.savetxt(f, pairs, fmt="%d")


def hubs(path, n=100000, count=10, seed=1):
    rng = np.random.default_rng(seed)
    parts = [np.c_[np.full(n // 10, h), rng.choice(np.arange(count, n), n // 10, replace=False)]
             for h in range(count)]
    e = rng.integers(count, n, (n, 2))
    parts.append(e[e[:, 0] != e[:, 1]])
    with open(path, "w") as f:
        f.write("# nodes: %d\n" % n)
        np.savetxt(f, np.vstack(parts), fmt="%d")


def weighted(path, n=50000, m=4, sigma=2.0, seed=1):
    rng = np.random.default_rng(seed)
    ends = list(range(m))  # every edge's two ends: a node appears once per degree
    rows = []
    for v in range(m, n):
        chosen = set()
        while len(chosen) < m:
            chosen.add(ends[rng.integers(len(ends))] if rng.random() < 0.9 else int(rng.integers(v)))
        for u in chosen:
            rows.append((v, u))
            ends += [v, u]
    e = np.array(rows)
    w = rng.lognormal(0.0, sigma, len(e))
    with open(path, "w") as f:
        for (a, b), x in zip(e, w):
            f.write("%d %d %.6g\n" % (a, b, x))


def regular(path, n=50000, seed=1):
    rng = np.random.default_rng(seed)
    while True:
        c1, c2 = rng.permutation(n), rng.permutation(n)
        e = np.vstack([np.c_[c1, np.roll(c1, -1)], np.c_[c2, np.roll(c2, -1)]])
        keys = np.sort(e, axis=1)
        if len(np.unique(keys, axis=0)) == len(keys) and (keys[:, 0] != keys[:, 1]).all():
            break
    np.savetxt(path, e, fmt="%d")


def sparse_bipartite(path, rows=20000, cols=30000, edges=70000, seed=1):
    rng = np.random.default_rng(seed)
    pairs = np.unique(np.stack([rng.integers(0, rows, edges), rng.integers(0, cols, edges)], 1), axis=0)
    with open(path, "w") as f:
        f.write("# rows: %d cols: %d\n" % (rows, cols))
        np.savetxt(f, pairs, fmt="%d")


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "large"):
        sys.exit("usage: bench/other_graphs.py DIR [large]")
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    grid(os.path.join(d, "grid.edges"))
    preferential(os.path.join(d, "ba.edges"))
    small_world(os.path.join(d, "smallworld.edges"))
    power_law(os.path.join(d, "powerlaw.edges"))
    components(os.path.join(d, "components.edges"))
    geometric(os.path.join(d, "geometric.edges"))
    regular(os.path.join(d, "regular.edges"))
    sparse_bipartite(os.path.join(d, "sparsebip.biedges"))
    geometric(os.path.join(d, "road.edges"), n=100000, degree=3, header=True)
    hubs(os.path.join(d, "hubs.edges"))
    weighted(os.path.join(d, "weighted.edges"))
    if len(sys.argv) == 3:
        geometric(os.path.join(d, "road1M.edges"), n=1000000, degree=3, header=True)


if __name__ == "__main__":
    main()
