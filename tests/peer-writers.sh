#!/bin/sh
# peer-writers.sh: 'load' against the writers users have. Random graphs
# written by networkx, igraph and scipy in every format they share with
# regspec are read back and compared with what was written
# (tests/peer_writers.py); skipped where python3 lacks those modules.
# Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
. "$srcdir/tests/tap.sh"
PY=${PYTHON:-python3}
if ! "$PY" -c 'import networkx, igraph, scipy.io' 2>/dev/null; then
	check "# SKIP python3 with networkx, igraph and scipy is not installed (scripts/install-deps.sh installs them)" 0
	tap_done
fi
"$PY" "$srcdir/tests/peer_writers.py" "${REGSPEC_WRAP:-} $REGSPEC" "$tmp" "${PEER_GRAPHS:-8}" >"$tmp/tap" 2>"$tmp/err"
st=$?
# the script's own checks, renumbered after ours
while IFS= read -r line; do
	case $line in
	"ok "*) check "${line#ok [0-9]* - }" 0 ;;
	"not ok "*) check "${line#not ok [0-9]* - }" 1 ;;
	*) echo "$line" ;;
	esac
done <"$tmp/tap"
check "the comparison ran to its end (status $st)" $([ $st -eq 0 ] && grep -q '^ok' "$tmp/tap"; echo $?)
[ $st -eq 0 ] || sed 's/^/# /' "$tmp/err" | tail -20
tap_done
