#!/bin/sh
# bench/load.sh: reading an edge list into CSR, regspec's `load` against
# the peer a numpy user writes (numpy.loadtxt, then scipy.sparse's CSR,
# bench/peer_load.py), same file, in the same run.  Prints seconds, the
# rate in edges a second, process peak RSS, the ratios, and whether both
# built the same number of stored entries.
# Each reader runs REPS times (default 3), interleaved; the median run is shown.
#   sh bench/load.sh [quick]     ego-twitter (gzip), facebook, an SBM of
#                                2 10^5 nodes and (not with quick) one of 10^6
#   sh bench/load.sh FILE ...    your own edge lists (whitespace, 2 or 3
#                                columns, which numpy.loadtxt can read too)
#   NPZ=1 sh bench/load.sh ...   each file saved first as scipy's .npz
#                                (regspec's 'save graph x.npz'), then read
#                                by regspec's load and by scipy.sparse.load_npz
#   MAT=5 sh bench/load.sh ...   each file saved first as a MAT-file (regspec's
#                                'save graph x.mat': version 5, uncompressed),
#                                then read by regspec's load and by
#                                scipy.io.loadmat (then .tocsr()); MAT=7
#                                compresses it first, as MATLAB's save does
#                                by default (scipy.io.savemat, do_compression)
#   DOT=1 sh bench/load.sh ...   each file saved first as GraphViz's DOT
#                                (regspec's 'save graph x.dot'), then read by
#                                regspec's load and by networkx's read_dot
#                                (pygraphviz, GraphViz's own C reader), then
#                                networkx's to_scipy_sparse_array (Debian's
#                                python3-pygraphviz and python3-networkx)
set -eu
R=${REGSPEC:-src/regspec}
PY=/usr/bin/python3
here=$(dirname "$0")
D=${DATA:-../shared/data}
REPS=${REPS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

quick=
if [ "${1:-}" = quick ]; then
	quick=1
	shift
fi
if [ $# -gt 0 ]; then
	files="$*"
else
	"$R" -c "seed 1; sbm 2000*100 0.01 0.00001; save graph $tmp/sbm-200k.edges" >/dev/null
	files="$D/ego-twitter/ego-twitter.edges.gz $D/facebook/facebook_large.edges $tmp/sbm-200k.edges"
	if [ -z "$quick" ]; then
		"$R" -c "seed 1; sbm 10000*100 0.002 0.000002; save graph $tmp/sbm-1M.edges" >/dev/null
		files="$files $tmp/sbm-1M.edges"
	fi
fi

printf '%-24s %9s | %9s %8s %8s | %9s %9s %8s | %7s %6s %5s\n' file edges regspec_s Medges/s peak_MB loadtxt_s numpy_s peak_MB speedup mem same
for f in $files; do
	[ -r "$f" ] || { echo "bench/load.sh: cannot read $f" >&2; exit 2; }
	if [ -n "${NPZ:-}" ]; then
		b=$(basename "$f")
		"$R" -c "load $f nolabels; save graph $tmp/${b%%.*}.npz" >/dev/null
		f="$tmp/${b%%.*}.npz"
	elif [ -n "${DOT:-}" ]; then
		b=$(basename "$f")
		"$R" -c "load $f nolabels; save graph $tmp/${b%%.*}.dot" >/dev/null
		f="$tmp/${b%%.*}.dot"
	elif [ -n "${MAT:-}" ]; then
		b=$(basename "$f")
		"$R" -c "load $f nolabels; save graph $tmp/${b%%.*}.mat" >/dev/null
		f="$tmp/${b%%.*}.mat"
		if [ "$MAT" = 7 ]; then
			"$PY" -c "import sys, scipy.io as s; s.savemat(sys.argv[1], s.loadmat(sys.argv[1]), do_compression=True)" "$f"
		fi
	fi
	: >"$tmp/rs.all"
	: >"$tmp/peer.all"
	r=0
	while [ "$r" -lt "$REPS" ]; do
		/usr/bin/time -f '%M' -o "$tmp/rss" "$R" -c "set format json; load $f nolabels" >"$tmp/rs.out"
		printf '%s %s\n' "$(cat "$tmp/rss")" "$(grep '"command":"load"' "$tmp/rs.out")" >>"$tmp/rs.all"
		"$PY" "$here/peer_load.py" "$f" >>"$tmp/peer.all"
		r=$((r + 1))
	done
	"$PY" - "$f" "$tmp/rs.all" "$tmp/peer.all" <<'EOF'
import json, os, statistics, sys
name = os.path.basename(sys.argv[1])
rs = []
for line in open(sys.argv[2]):
    kb, js = line.split(" ", 1)
    d = json.loads(js)
    d["peak_kb"] = int(kb)
    rs.append(d)
peer = [json.loads(l) for l in open(sys.argv[3])]
def median(runs, key):
    return sorted(runs, key=lambda d: d[key])[len(runs) // 2]
r = median(rs, "seconds")
p = median(peer, "seconds")
nnz = 2 * (r["edges"] - r["self_loops"]) + r["self_loops"]
rs_mb = max(d["peak_kb"] for d in rs) / 1024
py_mb = min(d["peak_kb"] for d in peer) / 1024
print("%-24s %9d | %9.3f %8.2f %8.0f | %9.3f %9.3f %8.0f | %6.1fx %6.2f %5s" % (
    name[:24], r["edges"], r["seconds"], r["edges"] / r["seconds"] / 1e6, rs_mb,
    p["loadtxt_s"], p["seconds"], py_mb, p["seconds"] / r["seconds"], rs_mb / py_mb,
    "yes" if nnz == p["nnz"] and r["nodes"] == p["nodes"] else "NO"))
EOF
done
