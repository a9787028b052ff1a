#!/bin/sh
# scripts/analyze.sh: build the tree under clang's static analyzer
# (scan-build, Debian's clang-tools) in _analyze/ and list its reports, one
# line each: FILE:LINE: FUNCTION: what it found.  The analyzer reads one file
# at a time and follows paths that the callers' invariants rule out, so most
# reports need reading, not silencing; the README (Reliability) says what the
# last full reading found.  Exit status: 0, whatever the count.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
command -v scan-build >/dev/null || {
	echo "analyze.sh: scan-build not found (apt-get install clang-tools)" >&2
	exit 1
}
rm -rf _analyze
mkdir _analyze
cd _analyze
scan-build -o reports "$top/configure" --quiet >/dev/null 2>&1
scan-build -o reports make -j"$(nproc 2>/dev/null || echo 2)" >build.log 2>&1
for f in reports/*/report-*.html; do
	[ -f "$f" ] || continue
	sed -n 's/^<!-- BUGFILE .*\/\(src\/[^ ]*\) -->$/\1/p; s/^<!-- BUGLINE \([0-9]*\) -->$/\1/p;
		s/^<!-- FUNCTIONNAME \(.*\) -->$/\1/p; s/^<!-- BUGDESC \(.*\) -->$/\1/p' "$f" |
		paste -sd'\t' - | awk -F'\t' '{ printf "%s:%s: %s: %s\n", $2, $4, $3, $1 }'
done | sort -t: -k1,1 -k2,2n
n=$(find reports -name 'report-*.html' | wc -l)
echo "$n report$( [ "$n" = 1 ] || echo s) (browse them: scan-view _analyze/reports/*)"
