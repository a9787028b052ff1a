# tests/tap.sh: what the shell tests share; sourced after 'set -u'.
# Gives a scratch directory $tmp (removed on exit, after tap_on_exit), the
# counters n and fail, check DESCRIPTION STATUS (ok when STATUS is 0; on a
# failure tap_on_fail runs, e.g. to show a tmux pane), tap_valgrind_logs
# (under --enable-valgrind each wrapped program writes $tmp/vg.*, which must
# stay empty) and tap_done (the plan line and the exit status).
# A script redefines tap_on_exit or tap_on_fail after sourcing this.
tmp=$(mktemp -d) || exit 99
tap_on_exit() { :; }
tap_on_fail() { :; }
trap 'tap_on_exit; rm -rf "$tmp"' EXIT
n=0
fail=0
check() { # check DESCRIPTION CONDITION-STATUS
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then echo "ok $n - $1"; else
		echo "not ok $n - $1"
		fail=1
		tap_on_fail
	fi
}
tap_valgrind_logs() {
	bad=$(find "$tmp" -name 'vg.*' -size +0 | wc -l)
	check "valgrind: no error in $(find "$tmp" -name 'vg.*' | wc -l) programs' logs" $([ "$bad" -eq 0 ]; echo $?)
	[ "$bad" -eq 0 ] || find "$tmp" -name 'vg.*' -size +0 -exec sed 's/^/# /' {} +
}
tap_done() {
	echo "1..$n"
	exit $fail
}
# tap_python MODULES: the first of $PYTHON, python3 and /usr/bin/python3
# that imports MODULES ("numpy, scipy.io"), or nothing: a python3 first on
# the PATH (pyenv's, conda's) may lack what the install script put in
# Debian's.
tap_python() {
	for py in ${PYTHON:-} python3 /usr/bin/python3; do
		if command -v "$py" >/dev/null 2>&1 && "$py" -c "import $1" 2>/dev/null; then
			echo "$py"
			return 0
		fi
	done
}
