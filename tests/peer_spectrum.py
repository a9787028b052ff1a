#!/usr/bin/env python3
"""peer_spectrum.py: 'eig' against numpy's dense eigensolvers.

Seeded random weighted graphs (self-loops on some, isolated nodes where
alpha > 0), relative alpha from 0 to 10, k up to 15, each of the dense,
Lanczos and automatic solvers at tol 1e-10: the k + 1 smallest eigenvalues
'eig' prints (each as often as its multiplicity) against those of
I - D^{-1/2} (A + alpha 1 1^T) D^{-1/2} from numpy.linalg.eigvalsh; and
random bipartite graphs against one minus the singular values of
D_1^{-1/2} (B + alpha 1 1^T) D_2^{-1/2} from numpy.linalg.svd.

Usage: peer_spectrum.py REGSPEC SCRATCH [TRIALS]
Output: TAP lines without the plan; status 0 when it ran to its end.
"""
import json
import os
import subprocess
import sys

import numpy as np

REGSPEC, SCRATCH = sys.argv[1], sys.argv[2]
TRIALS = int(sys.argv[3]) if len(sys.argv) > 3 else 60
TOL = 1e-7  # 'eig' prints 8 significant digits


def eig(path, script):
    run = subprocess.run(REGSPEC.split() + ["-q", "-c", f"set format json; set tol 1e-10; load {path} nolabels; "
                                            + script + "; eig"], capture_output=True, text=True)
    lines = [line for line in run.stdout.splitlines() if line.startswith('{"command":"eig"')]
    if run.returncode != 0 or not lines:
        return None, run.stderr.strip().split("\n")[0]
    d = json.loads(lines[-1])
    return np.repeat(d["eigenvalues"], d["multiplicity"]), ""


def random_weights(rng, shape, density):
    W = (rng.random(shape) < density) * rng.choice([1, 2, 0.5, 7.25], shape)
    return W


rng = np.random.default_rng(2020)
worst = {"graphs": (0.0, ""), "bipartite graphs": (0.0, "")}
failures = []
path = os.path.join(SCRATCH, "g.edges")
for t in range(TRIALS):
    # a graph
    n = int(rng.integers(5, 100))
    W = np.triu(random_weights(rng, (n, n), rng.uniform(0.02, 0.3)), 1)
    if t % 3 == 0:
        for u in rng.choice(n, 3, replace=False):
            W[u, u] = 1.0
    A = W + np.triu(W, 1).T
    if A.sum() == 0:
        continue
    rel = [0.0, 0.01, 0.1, 1.0, 10.0][t % 5]
    if rel == 0 and (A.sum(1) == 0).any():
        rel = 0.5  # isolated nodes: alpha = 0 has no spectrum to compare
    k = int(rng.integers(1, min(n - 2, 15) + 1))
    solver = ["auto", "dense", "lanczos"][t % 3]
    with open(path, "w") as fh:
        fh.write(f"# nodes: {n}\n")
        for u, v in zip(*np.nonzero(np.triu(A))):
            fh.write(f"{u} {v} {A[u, v]!r}\n")
    got, err = eig(path, f"set solver {solver}; alpha {rel} rel; k {k}")
    if got is None:
        failures.append(f"graph {t}: {err}")
    else:
        Aa = A + rel * A.sum() / n**2
        s = 1 / np.sqrt(Aa.sum(1))
        want = np.sort(1 - np.linalg.eigvalsh(s[:, None] * Aa * s[None, :]))[: len(got)]
        e = float(np.max(np.abs(want - got)))
        if e > worst["graphs"][0]:
            worst["graphs"] = (e, f"graph {t} ({solver}, n {n}, k {k}, alpha {rel} rel): {got[:4]} against {want[:4]}")
    # a bipartite graph
    r, c = int(rng.integers(3, 40)), int(rng.integers(3, 40))
    B = random_weights(rng, (r, c), rng.uniform(0.1, 0.4))
    if B.sum() == 0 or (rel == 0 and ((B.sum(1) == 0).any() or (B.sum(0) == 0).any())):
        rel = 0.5
    with open(path[:-6] + ".biedges", "w") as fh:
        fh.write(f"# rows: {r} cols: {c}\n")
        for u, v in zip(*np.nonzero(B)):
            fh.write(f"{u} {v} {B[u, v]!r}\n")
    k = int(rng.integers(1, min(r, c) - 1))
    got, err = eig(path[:-6] + ".biedges", f"alpha {rel} rel; k {k}")
    if got is None:
        failures.append(f"bipartite graph {t}: {err}")
        continue
    Ba = B + rel * B.sum() / (r * c)
    M = Ba / np.sqrt(Ba.sum(1))[:, None] / np.sqrt(Ba.sum(0))[None, :]
    want = np.sort(1 - np.linalg.svd(M, compute_uv=False))[: len(got)]
    e = float(np.max(np.abs(want - got)))
    if e > worst["bipartite graphs"][0]:
        worst["bipartite graphs"] = (e, f"bipartite {t} ({r} x {c}, k {k}, alpha {rel} rel): {got[:4]} against {want[:4]}")

for n, (what, (e, where)) in enumerate(worst.items(), 1):
    peer = "numpy's eigvalsh" if what == "graphs" else "numpy's svd"
    ok = e <= TOL and not failures
    print(f"{'ok' if ok else 'not ok'} {n} - eig on {TRIALS} random {what} against {peer}: largest difference {e:.1e}")
    if e > TOL:
        print(f"# {where}")
for f in failures[:3]:
    print(f"# {f}")
