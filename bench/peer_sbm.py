#!/usr/bin/python3
"""The peer for regspec's `sbm`: python-igraph's Graph.SBM (igraph's C
generator, which draws each pair of blocks by geometric skipping from the
K x K preference matrix it is given), for K blocks of SIZE nodes with
probability PIN within and POUT between.  Prints one JSON object: seconds,
nodes, edges, peak RSS in kB; or the reason it cannot run.
Usage: peer_sbm.py K SIZE PIN POUT
"""
import json
import resource
import sys
import time


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    K, size = int(sys.argv[1]), int(sys.argv[2])
    pin, pout = float(sys.argv[3]), float(sys.argv[4])
    try:
        import igraph
    except ImportError:
        print(json.dumps({"error": "no python3-igraph"}))
        return
    if K > 5000:  # its K x K matrix as Python lists: 8 bytes a cell and more
        print(json.dumps({"error": "a %d x %d preference matrix" % (K, K)}))
        return
    pref = [[pin if a == b else pout for b in range(K)] for a in range(K)]
    t = time.perf_counter()
    g = igraph.Graph.SBM(K * size, pref, [size] * K, directed=False, loops=False)
    secs = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": secs, "nodes": g.vcount(), "edges": g.ecount(), "peak_kb": peak}))


main()
