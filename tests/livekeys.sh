#!/bin/sh
# livekeys.sh: random keys in the live view in a real terminal (tmux;
# tests/livekeys.py), seeded, so the same ones every run: LIVEKEYS
# episodes (default 6; 2 under valgrind) from LIVEKEYS_SEED (default 1).
# Each must leave the program to exit with status 0 or 1 once 'quit' is
# typed, within LIVEKEYS_TIMEOUT seconds (20; 180 under valgrind), with no
# sanitizer or valgrind report.  Skipped without tmux or python3.
# Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
. "$srcdir/tests/tap.sh"
command -v tmux >/dev/null 2>&1 || { echo "1..0 # SKIP tmux not installed"; exit 0; }
py=$(tap_python "random, shlex")
if [ -z "$py" ]; then
	echo "1..0 # SKIP no python3"
	exit 0
fi
count=${LIVEKEYS:-6}
if [ "${REGSPEC_SANITIZED:-}" = valgrind ]; then
	count=${LIVEKEYS:-2}
	LIVEKEYS_TIMEOUT=${LIVEKEYS_TIMEOUT:-180}
	export LIVEKEYS_TIMEOUT
fi
first=${LIVEKEYS_SEED:-1}
"$py" "$srcdir/tests/livekeys.py" "${REGSPEC_WRAP:-} $REGSPEC" "$tmp" "$count" "$first" >"$tmp/tap" 2>"$tmp/err"
st=$?
bad=$(grep -c '^not ok' "$tmp/tap")
grep '^not ok' "$tmp/tap" | sed 's/^/# /'
for f in "$tmp"/screen-*; do
	[ -f "$f" ] && { echo "# $f:"; sed 's/^/#   /' "$f"; }
done
[ $st -eq 0 ] || sed 's/^/# /' "$tmp/err" | tail -20
check "$count episodes of random keys in the live view (seeds $first..$((first + count - 1))): it quits with status 0 or 1, no sanitizer report ($bad failed)" \
	$([ "$bad" -eq 0 ] && [ "$(grep -c '^ok' "$tmp/tap")" -eq "$count" ]; echo $?)
tap_done
