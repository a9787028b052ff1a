#!/bin/sh
# peers.sh: regspec against the libraries users check it with.
# tests/peer_writers.py: random graphs written by networkx, igraph and
# scipy in every format they share with regspec are read back and compared
# with what was written, and what regspec saves is read by them.
# tests/peer_scores.py: 'score' against scikit-learn's scores and
# networkx's modularity.  tests/peer_spectrum.py: 'eig' against numpy's
# dense eigenvalues and singular values.  Each is skipped where python3 lacks its modules
# (scripts/install-deps.sh installs them).  Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
. "$srcdir/tests/tap.sh"
peer() { # peer SCRIPT MODULES ARGS...: its TAP lines renumbered after ours
	script=$1 modules=$2
	shift 2
	py=$(tap_python "$modules")
	if [ -z "$py" ]; then
		check "# SKIP $script: no python3 here imports $modules" 0
		return
	fi
	"$py" "$srcdir/tests/$script" "${REGSPEC_WRAP:-} $REGSPEC" "$tmp" "$@" >"$tmp/tap" 2>"$tmp/err"
	st=$?
	while IFS= read -r line; do
		case $line in
		"ok "*) check "${line#ok [0-9]* - }" 0 ;;
		"not ok "*) check "${line#not ok [0-9]* - }" 1 ;;
		*) echo "$line" ;;
		esac
	done <"$tmp/tap"
	check "$script ran to its end (status $st)" $([ $st -eq 0 ] && grep -q '^ok' "$tmp/tap"; echo $?)
	[ $st -eq 0 ] || sed 's/^/# /' "$tmp/err" | tail -20
}
peer peer_writers.py "networkx, igraph, scipy.io" "${PEER_GRAPHS:-8}"
peer peer_scores.py "networkx, numpy, sklearn" "${PEER_TRIALS:-100}"
peer peer_spectrum.py "numpy" "${PEER_TRIALS:-60}"
tap_done
