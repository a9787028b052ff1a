#!/bin/sh
# errors.sh: every bad input of tests/errors.txt gives exit status 1, one
# line on stderr that names its location (command-line:1), and no crash.
# Under --enable-valgrind, REGSPEC_WRAP runs each case under valgrind
# (status 100 on a memory error).  Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
n=0
fail=0
REGSPEC=$(cd "$(dirname "$REGSPEC")" && pwd)/$(basename "$REGSPEC")
cd "$srcdir" || exit 99 # file names in the cases are relative to the source tree
srcdir=.
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	${REGSPEC_WRAP:-} "$REGSPEC" -c "$line" >"$tmp/out" 2>"$tmp/err" </dev/null
	st=$?
	lines=$(grep -vc '^==' "$tmp/err")
	first=$(head -n 1 "$tmp/err")
	why=""
	[ "$st" -eq 1 ] || why="exit status $st, want 1"
	[ "$lines" -eq 1 ] || why="$why; $lines lines on stderr, want 1"
	case "$first" in command-line:1:\ *) ;; *) why="$why; no location: $first" ;; esac
	if [ -z "$why" ]; then
		echo "ok $n - $line -> $first"
	else
		echo "not ok $n - $line: $why"
		sed 's/^/# /' "$tmp/err"
		fail=1
	fi
done <"$srcdir/tests/errors.txt"
echo "1..$n"
exit $fail
