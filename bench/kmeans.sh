#!/bin/sh
# bench/kmeans.sh: K-Means at n = 10^6, d = 20, K = 100 (10 restarts), and
# scikit-learn's KMeans (n_init=10, lloyd) on the same data size, if installed.
#   sh bench/kmeans.sh        (after make; from the project's root)
set -eu
cc -O2 -fopenmp -I. -Isrc bench/kmeans.c src/libregspec.a $(pkg-config --libs lapacke openblas) -lm -o /tmp/rs-kmeans-bench
/tmp/rs-kmeans-bench "${1:-1000000}" "${2:-10}"
/usr/bin/python3 - "${1:-1000000}" "${2:-10}" <<'PY' || echo "(scikit-learn not installed: apt-get install python3-sklearn)"
import sys, time, numpy as np
from sklearn.cluster import KMeans
n, R = int(sys.argv[1]), int(sys.argv[2])
rng = np.random.RandomState(1); C = rng.rand(100, 20)
X = C[np.arange(n) % 100] + 0.05 * (rng.rand(n, 20) - 0.5)
t = time.perf_counter(); km = KMeans(100, n_init=R, algorithm="lloyd", random_state=7).fit(X)
print("sklearn n=%d d=20 K=100 n_init=%d: %.2f s, inertia %.6g" % (n, R, time.perf_counter() - t, km.inertia_))
PY
