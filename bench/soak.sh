#!/bin/sh
# bench/soak.sh [STEPS]: STEPS alpha changes (default 10^4), each with a
# solve and the views, on a 2000-node SBM; samples the resident memory every
# second and prints its first, median and last values: it must stay flat.
#   sh bench/soak.sh          (after make; from the project's root)
set -eu
R=${REGSPEC:-src/regspec}
steps=${1:-10000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
	echo "seed 4"
	echo "sbm 20*100 0.3 0.002 loops"
	echo "k 5"
	awk -v n="$steps" 'BEGIN { for (i = 0; i < n; i++) { a = 0.01 * exp(log(1000) * (i % 97) / 96); printf "alpha %.6g\neig\nsigns\n", a } }'
} >"$tmp/soak.regspec"
"$R" "$tmp/soak.regspec" >/dev/null 2>"$tmp/err" &
pid=$!
: >"$tmp/rss"
while kill -0 $pid 2>/dev/null; do
	awk '/VmRSS/ { print $2 }' /proc/$pid/status 2>/dev/null >>"$tmp/rss" || true
	sleep 1
done
wait $pid && st=0 || st=$?
n=$(wc -l <"$tmp/rss")
sort -n "$tmp/rss" >"$tmp/sorted"
printf 'soak: %s alpha steps, exit %s, %s samples; RSS first %s kB, median %s kB, last %s kB, max %s kB\n' \
	"$steps" "$st" "$n" "$(head -n 1 "$tmp/rss")" "$(sed -n "$(( (n + 1) / 2 ))p" "$tmp/sorted")" \
	"$(tail -n 1 "$tmp/rss")" "$(tail -n 1 "$tmp/sorted")"
