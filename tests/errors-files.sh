#!/bin/sh
# errors-files.sh: every malformed graph file of tests/bad is refused by
# 'load' with exit status 1 and one line on stderr naming the file (and the
# line where there is one), and nothing crashes.  Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
n=0
fail=0
for f in "$srcdir"/tests/bad/*; do
	n=$((n + 1))
	name=$(basename "$f")
	${REGSPEC_WRAP:-} "$REGSPEC" -c "load $f" >"$tmp/out" 2>"$tmp/err" </dev/null
	st=$?
	lines=$(grep -vc '^==' "$tmp/err")
	why=""
	[ "$st" -eq 1 ] || why="exit status $st, want 1"
	[ "$lines" -eq 1 ] || why="$why; $lines lines on stderr"
	grep -q "$name" "$tmp/err" || why="$why; the message does not name the file"
	if [ -z "$why" ]; then
		echo "ok $n - $name: $(cut -c1-160 "$tmp/err")"
	else
		echo "not ok $n - $name: $why"
		sed 's/^/# /' "$tmp/err"
		fail=1
	fi
done
# a save that cannot happen leaves the previous file intact
n=$((n + 1))
echo "previous" >"$tmp/keep.edges"
chmod 500 "$tmp"
"$REGSPEC" -c "sbm 10*3 0.5 0.1; save graph $tmp/keep.edges" >/dev/null 2>"$tmp.err" </dev/null
st=$?
chmod 700 "$tmp"
if [ "$(id -u)" -eq 0 ]; then
	echo "ok $n - # SKIP root can write to a read-only directory"
elif [ $st -eq 1 ] && grep -qx previous "$tmp/keep.edges"; then
	echo "ok $n - save into a read-only directory fails and keeps the old file"
else
	echo "not ok $n - save into a read-only directory"; fail=1
fi
rm -f "$tmp.err"
# a directory that does not exist (root too): the message names the file
# (it once printed freed memory in its place)
for what in embedding graph labels clusters; do
	n=$((n + 1))
	"$REGSPEC" -c "sbm 10*3 0.5 0.1; k 2; cluster 3; save $what $tmp/no/such/dir/$what.csv" >/dev/null 2>"$tmp/err" </dev/null
	st=$?
	if [ $st -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
		grep -q "save: cannot write '$tmp/no/such/dir/$what.csv': No such file or directory" "$tmp/err"; then
		echo "ok $n - save $what into a missing directory: $(cat "$tmp/err")"
	else
		echo "not ok $n - save $what into a missing directory (status $st)"; sed 's/^/# /' "$tmp/err"; fail=1
	fi
done
n=$((n + 1))
if [ -w /dev/full ]; then
	"$REGSPEC" -c "sbm 10*3 0.5 0.1; save graph /dev/full" >/dev/null 2>"$tmp/err" </dev/null
	st=$?
	if [ $st -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]; then
		echo "ok $n - save to /dev/full: $(cat "$tmp/err")"
	else
		echo "not ok $n - save to /dev/full (status $st)"; fail=1
	fi
else
	echo "ok $n - # SKIP no /dev/full"
fi
echo "1..$n"
exit $fail
