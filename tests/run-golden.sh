#!/bin/sh
# run-golden.sh SCRIPT: run a regspec script and compare its stdout, stderr
# and exit status with tests/expected/NAME.{out,err,status}; read it with
# --check too, which must find errors only at lines where the run does.
# With UPDATE_EXPECTED=1, write those files instead.
# Exit 0 pass, 1 fail, 77 skip (automake's conventions).
set -u
script=$1
name=$(basename "$script" .regspec)
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
exp="$srcdir/tests/expected/$name"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

# Scripts that read ../shared/data say so; without it (a release tarball
# built elsewhere) they are skipped.
if grep -q '^# needs: shared-data' "$script" && [ ! -d "${RS_DATA:-../shared/data}" ]; then
	echo "SKIP: no shared data at ${RS_DATA:-../shared/data}"
	exit 77
fi

# Run from the script's folder so relative 'source' lines resolve the same
# way in a VPATH build as in the source tree.
dir=$(dirname "$script")
base=$(basename "$script")
(cd "$dir" && ${REGSPEC_WRAP:-} "$REGSPEC" "$base" >"$tmp/out" 2>"$tmp/err")
echo $? >"$tmp/status"

# Normalize what legitimately varies between runs and machines.
for f in out err; do
	sed -e 's/"last_\(seconds\|residual\)":[0-9.e+-]*/"last_\1":X/g' \
	    -e 's/^\(last_seconds\|last_residual\),.*/\1,X/' \
	    -e 's/^\(last_seconds\|last_residual\)\(  *\).*/\1\2X/' \
	    -e 's/in [0-9.e+-]* s, worst residual [0-9.e+-]*/in X s, worst residual X/g' \
	    -e 's/in [0-9.e+-]* s: \([0-9]*\) operator/in X s: \1 operator/g' \
	    -e 's/worst residual [0-9.e+-]* (tol/worst residual X (tol/g' \
	    -e 's/"residual":[0-9.e+-]*/"residual":X/g' \
	    -e 's/"\(last_\)\{0,1\}\(matvecs\|restarts\)":[0-9]*/"\1\2":X/g' \
	    -e 's/^\(last_matvecs\|last_restarts\|last_basis_columns\)\(  *\).*/\1\2X/' \
	    -e 's/"last_basis_columns":[0-9]*/"last_basis_columns":X/g' \
	    -e 's/: [0-9]* operator applications, [0-9]* restarts/: N operator applications, N restarts/g' \
	    -e 's/^\(load\|noise\|sbm\)\(.*\)in [0-9.e+-]* s/\1\2in X s/' \
	    -e 's/generated in [0-9.e+-]* s/generated in X s/' \
	    "$tmp/$f" >"$tmp/$f.n"
done

if [ "${UPDATE_EXPECTED:-0}" = 1 ]; then
	cp "$tmp/out.n" "$exp.out"
	cp "$tmp/err.n" "$exp.err"
	cp "$tmp/status" "$exp.status"
	echo "updated $exp.{out,err,status}"
	exit 0
fi

fail=0
# --check finds errors only at lines where the run found one: each
# 'FILE:LINE:' it reports is in the run's stderr
(cd "$dir" && ${REGSPEC_WRAP:-} "$REGSPEC" --check "$base" >"$tmp/check.out" 2>"$tmp/check.err")
cst=$?
if [ $cst -gt 1 ]; then
	echo "FAIL: $REGSPEC --check $script exited $cst"
	fail=1
fi
sed -n 's/^\([^ :]*:[0-9]*\): .*/\1/p' "$tmp/check.err" | sort -u >"$tmp/check.at"
sed -n 's/^\([^ :]*:[0-9]*\): .*/\1/p' "$tmp/err" | sort -u >"$tmp/run.at"
if [ -n "$(comm -23 "$tmp/check.at" "$tmp/run.at")" ]; then
	echo "FAIL: $REGSPEC --check $script finds errors at lines that run without one:"
	comm -23 "$tmp/check.at" "$tmp/run.at"
	fail=1
fi
for f in out err status; do
	want="$exp.$f"
	got="$tmp/$f"
	[ "$f" != status ] && got="$tmp/$f.n"
	if [ ! -f "$want" ]; then
		echo "missing $want (run 'make update-expected')"
		fail=1
	elif ! diff -u "$want" "$got"; then
		echo "FAIL: $f of $script differs from $want"
		fail=1
	fi
done
exit $fail
