#!/bin/sh
# bench/aggregate.sh: regspec's exact aggregate solver against the peer a
# user would pick (scipy's ARPACK eigsh on a matrix-free LinearOperator of
# the same regularized clique model), in the same run, on 10 cliques of
# 10^5, 10^6 and 10^7 nodes in all.  Prints wall time (whole process, start
# included), peak RSS, the ratio, and the largest eigenvalue difference.
#   sh bench/aggregate.sh [path/to/regspec]
set -eu
R=${1:-src/regspec}
PY=/usr/bin/python3
here=$(dirname "$0")
alpha=0.01
tol=1e-10
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)"; exit 1; }
printf '%-9s %12s %12s %12s %12s %9s %12s\n' n regspec_s regspec_MB scipy_s scipy_MB speedup max_dlambda
for scale in 10000 100000 1000000; do
	sizes=""
	for f in 19 17 15 13 11 9 7 5 3 1; do sizes="$sizes $((f * scale / 10))"; done
	n=$((scale * 10))
	t0=$(date +%s.%N)
	out=$(/usr/bin/time -f '%M' "$R" -c "cliques $sizes; alpha $alpha; set format csv; set digits 15; mu" 2>/tmp/rs-bench-time)
	t1=$(date +%s.%N)
	rs_s=$(echo "$t0 $t1" | awk '{ print $2 - $1 }')
	rs_kb=$(tail -n 1 /tmp/rs-bench-time)
	# the mu table: header + 10 rows; column 4 is lambda; lambda_1 = 0 is skipped
	rs_lam=$(echo "$out" | tail -n 10 | awk -F, 'NR > 1 { print $4 }')
	peer=$(timeout 600 "$PY" "$here/peer_aggregate.py" $alpha $tol $sizes || echo "timeout 0")
	py_s=$(echo "$peer" | cut -d' ' -f1)
	py_kb=$(echo "$peer" | cut -d' ' -f2)
	py_lam=$(echo "$peer" | cut -d' ' -f3- | tr ' ' '\n')
	dl=$(printf '%s\n' "$rs_lam" | paste - "$(printf '%s\n' "$py_lam" >/tmp/rs-bench-py; echo /tmp/rs-bench-py)" |
		awk '{ d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d } END { printf "%.1e", m }')
	awk -v n=$n -v a="$rs_s" -v b="$rs_kb" -v c="$py_s" -v d="$py_kb" -v e="$dl" 'BEGIN {
		printf "%-9d %12.3f %12.1f %12.3f %12.1f %8.0fx %12s\n", n, a, b / 1024, c, d / 1024, (a > 0 ? c / a : 0), e }'
done
rm -f /tmp/rs-bench-time /tmp/rs-bench-py
