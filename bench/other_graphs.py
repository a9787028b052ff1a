#!/usr/bin/python3
"""bench/other_graphs.py DIR: write two graphs unlike the issue's list into
DIR, for `sh bench/sparse.sh DIR/grid.edges DIR/ba.edges`:

  grid.edges  a 200 x 200 grid (40,000 nodes): a spectrum with no gaps, the
              hardest case for a Krylov method
  ba.edges    a 50,000-node preferential-attachment graph, three edges per
              new node (seeded): low average degree, hubs

Both are deterministic (numpy's default_rng(1))."""
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


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench/other_graphs.py DIR")
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    grid(os.path.join(d, "grid.edges"))
    preferential(os.path.join(d, "ba.edges"))


if __name__ == "__main__":
    main()
