#!/bin/sh
# sessions.sh: random sessions of commands (tests/sessions.py), seeded, so
# the same ones every run: SESSIONS of them (default 200; 20 under
# valgrind) from SESSION_SEED (default 1).  Each must end with status 0 or
# 1, say every error in one line naming its FILE:LINE, leave no sanitizer
# or valgrind report, and end within SESSION_TIMEOUT seconds (120; 1200
# under valgrind).  Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
. "$srcdir/tests/tap.sh"
py=$(tap_python "random, shlex")
if [ -z "$py" ]; then
	echo "1..0 # SKIP no python3"
	exit 0
fi
count=${SESSIONS:-200}
if [ "${REGSPEC_SANITIZED:-}" = valgrind ]; then
	count=${SESSIONS:-20}
	SESSION_TIMEOUT=${SESSION_TIMEOUT:-1200}
	export SESSION_TIMEOUT
fi
first=${SESSION_SEED:-1}
"$py" "$srcdir/tests/sessions.py" "${REGSPEC_WRAP:-} $REGSPEC" "$tmp" "$count" "$first" >"$tmp/tap" 2>"$tmp/err"
st=$?
bad=$(grep -c '^not ok' "$tmp/tap")
# what failed, and its script, for the log
grep '^not ok' "$tmp/tap" | sed 's/^/# /'
for f in "$tmp"/fail-*.regspec; do
	[ -f "$f" ] && { echo "# $f:"; sed 's/^/#   /' "$f"; }
done
[ $st -eq 0 ] || sed 's/^/# /' "$tmp/err" | tail -20
check "$count random sessions (seeds $first..$((first + count - 1))): status 0 or 1, one-line FILE:LINE messages, no sanitizer report ($bad failed)" \
	$([ $st -eq 0 ] && [ "$bad" -eq 0 ] && [ "$(grep -c '^ok' "$tmp/tap")" -eq "$count" ]; echo $?)
tap_done
