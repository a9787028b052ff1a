#!/bin/sh
# scripts/fuzz.sh [SECONDS]: build the libFuzzer harnesses with clang in
# _fuzz/ and run each for SECONDS (default 30), seeded from examples/,
# tests/ and the small files of ../shared/data.  A crash, leak or sanitizer
# report fails the run and leaves its input in _fuzz/ (add it under
# tests/fuzz-regressions/ once fixed).
set -eu
cd "$(dirname "$0")/.."
secs=${1:-30}
top=$(pwd)
mkdir -p _fuzz
cd _fuzz
if [ ! -f Makefile ]; then
	"$top/configure" --quiet CC=clang --enable-fuzzing >/dev/null
fi
make -j2 fuzz/parse-fuzzer fuzz/graph-fuzzer fuzz/labels-fuzzer fuzz/cmd-words >/dev/null
# the scripts' dictionary: the hand-made one and every word of the command table
{ cat "$top/fuzz/regspec.dict"; ./fuzz/cmd-words; } >parse.dict
rm -rf corpus-parse corpus-graph corpus-labels
mkdir -p corpus-parse corpus-graph corpus-labels
cp "$top"/examples/*.regspec "$top"/tests/scripts/*.regspec corpus-parse/
i=0
for f in "$top"/tests/bad/* "$top"/tests/good/* \
	"$top"/../shared/data/karate/karate.edges "$top"/../shared/data/karate/karate_club.gml \
	"$top"/../shared/data/davis/davis.biedges "$top"/../shared/data/football/football.gml; do
	[ -f "$f" ] || continue
	for fmt in 0 1 2 3 4 5 6 11 12 13 15 131 132 133 134; do # the first byte picks the reader (128: labels from the attribute "label"; 11, 12, 13, 15: SIF, adjacency list, matrix, bipartite matrix)
		i=$((i + 1))
		{ printf "\\$(printf %o $fmt)"; head -c 60000 "$f"; } >"corpus-graph/seed-$i"
	done
done
# labels: the first byte picks the graph (numbered, named, named + noise)
i=0
for f in "$top"/tests/good/*label* "$top"/tests/good/*cmty* "$top"/tests/bad/*label* "$top"/../shared/data/*/*.labels \
	"$top"/../shared/data/*/*.label_names; do
	[ -f "$f" ] || continue
	for which in 0 1 2; do
		i=$((i + 1))
		{ printf "\\$(printf %o $which)"; head -c 60000 "$f"; } >"corpus-labels/seed-$i"
	done
done
printf '\001a1 x\na2 y\na3 -1\n# c\n' >corpus-labels/seed-named
printf '\001{"a1": "x", "a2": 1,\n "a3": null}' >corpus-labels/seed-json
printf '\000["x", 2, null, "\\u00e9"]' >corpus-labels/seed-json-list
{ printf '\000'; printf '%s\n' 0 1 2 -1; } >corpus-labels/seed-lines
status=0
# inputs that once failed are replayed first
for f in "$top"/tests/fuzz-regressions/graph-*; do
	[ -f "$f" ] && { ./fuzz/graph-fuzzer -rss_limit_mb=2048 "$f" >/dev/null 2>&1 || { echo "fuzz: regression $f fails"; status=1; }; }
done
for f in "$top"/tests/fuzz-regressions/labels-*; do
	[ -f "$f" ] && { ./fuzz/labels-fuzzer "$f" >/dev/null 2>&1 || { echo "fuzz: regression $f fails"; status=1; }; }
done
for f in "$top"/tests/fuzz-regressions/parse-*; do
	[ -f "$f" ] && { ./fuzz/parse-fuzzer -close_fd_mask=2 "$f" >/dev/null 2>&1 || { echo "fuzz: regression $f fails"; status=1; }; }
done
./fuzz/parse-fuzzer -max_total_time="$secs" -max_len=2048 -close_fd_mask=2 -dict=parse.dict \
	-print_final_stats=1 corpus-parse 2>parse.log || status=1
tail -n 12 parse.log | grep -E 'stat::number_of_executed_units|ERROR|SUMMARY' || true
./fuzz/graph-fuzzer -max_total_time="$secs" -max_len=65536 -dict="$top/fuzz/regspec.dict" \
	-print_final_stats=1 corpus-graph 2>graph.log || status=1
tail -n 12 graph.log | grep -E 'stat::number_of_executed_units|ERROR|SUMMARY' || true
./fuzz/labels-fuzzer -max_total_time="$secs" -max_len=8192 -dict="$top/fuzz/regspec.dict" \
	-print_final_stats=1 corpus-labels 2>labels.log || status=1
tail -n 12 labels.log | grep -E 'stat::number_of_executed_units|ERROR|SUMMARY' || true
[ $status -eq 0 ] || { echo "fuzz: a harness failed; see _fuzz/parse.log, _fuzz/graph.log, _fuzz/labels.log"; exit 1; }
echo "fuzz: no crash in ${secs}s per harness"
