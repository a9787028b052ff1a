#!/bin/sh
# bench/sbm.sh: generating stochastic block models, regspec's `sbm` against
# python-igraph's Graph.SBM (bench/peer_sbm.py; Debian's python3-igraph),
# the same model, in the same run.  Prints seconds (regspec's own figure,
# the note 'generated in ...': drawing the pairs and building the CSR;
# igraph's Graph.SBM call alone), edges, process peak RSS and the ratios.
# Models of 2 10^5 and 10^6 nodes at an average degree near 20, with 100,
# 2000 and 50000 blocks (the paper's blocks of 20 grown to 10^6 nodes,
# where a K x K preference matrix no longer fits).
# Each runs REPS times (default 3), interleaved; the median run is shown.
#   sh bench/sbm.sh [quick]      (quick: 2 10^5 nodes and the 50000 blocks)
set -eu
R=${REGSPEC:-src/regspec}
PY=/usr/bin/python3
here=$(dirname "$0")
REPS=${REPS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$R" ] || { echo "bench/sbm.sh: no $R (run it from the build folder, or set REGSPEC)" >&2; exit 2; }

# K SIZE PIN POUT: about 20 neighbours each
models="100:2000:0.005:0.00005 50000:20:0.5:0.00001"
[ "${1:-}" = quick ] || models="100:2000:0.005:0.00005 100:10000:0.001:0.00001 2000:500:0.02:0.00001 50000:20:0.5:0.00001"

median() { sort -g | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : "-" }'; }

printf '%-26s %8s %9s %9s %8s | %9s %9s %8s | %6s %6s\n' model nodes edges regspec_s peak_MB igraph_s edges peak_MB speed mem
for m in $models; do
	K=${m%%:*}
	rest=${m#*:}
	size=${rest%%:*}
	rest=${rest#*:}
	pin=${rest%%:*}
	pout=${rest#*:}
	: >"$tmp/rs_s"
	: >"$tmp/rs_kb"
	: >"$tmp/ig_s"
	: >"$tmp/ig_kb"
	edges=- igedges=- why=
	r=0
	while [ "$r" -lt "$REPS" ]; do
		/usr/bin/time -f '%M' -o "$tmp/time" "$R" -c "seed $((r + 1)); sbm $size*$K $pin $pout" >"$tmp/out"
		sed -n 's/^note: generated in \([0-9.e+-]*\) s.*/\1/p' "$tmp/out" >>"$tmp/rs_s"
		tail -n 1 "$tmp/time" >>"$tmp/rs_kb"
		edges=$(sed -n 's/.* nodes, \([0-9]*\) edges.*/\1/p' "$tmp/out")
		"$PY" "$here/peer_sbm.py" "$K" "$size" "$pin" "$pout" >"$tmp/peer"
		why=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1])).get("error", ""))' "$tmp/peer")
		if [ -z "$why" ]; then
			"$PY" -c 'import json,sys; d = json.load(open(sys.argv[1])); print(d["seconds"]); print(d["peak_kb"], file=open(sys.argv[2], "a")); print(d["edges"], file=open(sys.argv[3], "w"))' \
				"$tmp/peer" "$tmp/ig_kb" "$tmp/ig_edges" >>"$tmp/ig_s"
			igedges=$(cat "$tmp/ig_edges")
		fi
		r=$((r + 1))
	done
	rs=$(median <"$tmp/rs_s")
	rskb=$(sort -g "$tmp/rs_kb" | tail -n 1)
	if [ -n "$why" ]; then
		printf '%-26s %8s %9s %9.3f %8.0f | %-38s\n' "$size*$K $pin $pout" $((K * size)) "$edges" "$rs" \
			"$(echo "$rskb / 1024" | bc -l)" "igraph: $why"
		continue
	fi
	ig=$(median <"$tmp/ig_s")
	igkb=$(sort -g "$tmp/ig_kb" | head -n 1)
	awk -v m="$size*$K $pin $pout" -v n=$((K * size)) -v e="$edges" -v rs="$rs" -v rk="$rskb" -v ig="$ig" -v ie="$igedges" -v ik="$igkb" \
		'BEGIN { printf "%-26s %8d %9d %9.3f %8.0f | %9.3f %9d %8.0f | %5.1fx %6.2f\n", m, n, e, rs, rk / 1024, ig, ie, ik / 1024, ig / rs, rk / ik }'
done
echo "speed: igraph's seconds over regspec's; mem: regspec's largest peak RSS over igraph's smallest"
echo "(both whole processes: regspec's holds its session, igraph's the Python interpreter and the matrix)"
