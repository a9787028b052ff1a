#!/bin/sh
# man.sh: the manual page is lint-free (groff -ww), names every command of
# the table, and contains the COMMANDS section generated from the table
# verbatim, so help and the manual cannot drift apart.
#   man.sh --update   rewrite that section of man/regspec.1
# Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
page="$srcdir/man/regspec.1"
. "$srcdir/tests/tap.sh"
"$REGSPEC" --man-commands >"$tmp/gen" || exit 99

if [ "${1:-}" = --update ]; then
	awk -v gen="$tmp/gen" '
		/^\.\\" BEGIN COMMANDS/ { print; while ((getline l < gen) > 0) print l; skip = 1; next }
		/^\.\\" END COMMANDS/ { skip = 0 }
		!skip { print }' "$page" >"$tmp/page" && cp "$tmp/page" "$page"
	echo "updated $page"
	exit 0
fi


if command -v groff >/dev/null 2>&1; then
	groff -man -ww -z "$page" >"$tmp/warn" 2>&1
	check "groff -man -ww reports nothing" $([ ! -s "$tmp/warn" ]; echo $?)
	[ -s "$tmp/warn" ] && sed 's/^/# /' "$tmp/warn"
else
	n=$((n + 1)); echo "ok $n - # SKIP groff not installed"
fi
awk '/^\.\\" BEGIN COMMANDS/ { on = 1; next } /^\.\\" END COMMANDS/ { on = 0 } on' "$page" >"$tmp/section"
check "the COMMANDS section equals 'regspec --man-commands' (make update-man)" $(cmp -s "$tmp/gen" "$tmp/section"; echo $?)
for c in $("$REGSPEC" --commands); do
	check "command '$c' is documented" $(grep -q "^\.B $c\( \|$\)" "$page"; echo $?)
done
for v in REGSPEC_HISTFILE XDG_STATE_HOME NO_COLOR REGSPEC_ASCII GNUTERM DISPLAY OMP_NUM_THREADS; do
	check "environment variable $v is documented" $(grep -q "^\.B $v" "$page"; echo $?)
done
for o in '\\-c' '\\-f' '\\-\\-bail' '\\-\\-quiet' '\\-\\-help' '\\-\\-version' '\\-\\-commands' '\\-\\-sandbox'; do
	check "option $o is documented" $(grep -q "$o" "$page"; echo $?)
done
tap_done
