#!/bin/sh
# faults.sh: saves interrupted the hard ways, and the previous file must come
# through intact:
#  - the file size limit reached mid-write (ulimit -f): the kernel kills the
#    program with SIGXFSZ in the middle of the data;
#  - the same with SIGXFSZ ignored: the write fails (EFBIG), the save reports
#    it in one line naming the file and the session goes on;
#  - kill -9 at five moments during a loop of saves: the file is always either
#    the old one or a complete new one, never a torn one;
#  - modes: a replaced file keeps its mode, a new one gets the umask's.
# Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
R="${REGSPEC_WRAP:-} $REGSPEC"
. "$srcdir/tests/tap.sh"

# the "previous" file, and a bigger graph whose save takes a while
$R -c "seed 1; sbm 50*4 0.2 0.01; save graph $tmp/g.edges" >/dev/null 2>&1
cp "$tmp/g.edges" "$tmp/old.edges"
MODEL="seed 2; sbm 2000*40 0.01 0.0002"
$R -c "$MODEL; save graph $tmp/ref.edges" >/dev/null 2>&1
size=$(wc -c <"$tmp/ref.edges")
check "reference save of an 80000-node graph ($size bytes)" $([ "$size" -gt 4000000 ]; echo $?)

# 1. SIGXFSZ mid-write (a 1 MB limit, in 512- or 1024-byte blocks)
(ulimit -f 2048 && exec $R -c "$MODEL; save graph $tmp/g.edges") >/dev/null 2>&1
st=$?
check "the size limit kills the save midway (status $st)" $([ $st -gt 128 ]; echo $?)
check "after SIGXFSZ the previous file is unchanged" $(cmp -s "$tmp/g.edges" "$tmp/old.edges"; echo $?)

# 2. the same limit with SIGXFSZ ignored: the write fails, the session goes on
rm -f "$tmp"/g.edges.tmp.*
(trap '' XFSZ && ulimit -f 2048 && exec $R -c "$MODEL; save graph $tmp/g.edges; echo on; info") \
	>"$tmp/out" 2>"$tmp/err"
st=$?
check "EFBIG: one line naming the file and the cause" \
	$([ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "save: cannot write '$tmp/g.edges': File too large" "$tmp/err"; echo $?)
check "EFBIG: the error says the previous file is unchanged, and it is" \
	$(grep -q 'previous file, if any, is unchanged' "$tmp/err" && cmp -s "$tmp/g.edges" "$tmp/old.edges"; echo $?)
check "EFBIG: the session went on to the next command (status $st)" $(grep -q '^nodes  *80000' "$tmp/out"; echo $?)
check "EFBIG: no temporary file left behind" $([ -z "$(find "$tmp" -name 'g.edges.tmp.*')" ]; echo $?)

# 3. kill -9 during a loop of saves of the same graph: every complete save
#    equals ref.edges; a torn file would differ from both
cp "$tmp/old.edges" "$tmp/g.edges"
torn=0
for delay in 0.3 0.7 1.1 1.6 2.2; do
	$R -c "$MODEL; save graph $tmp/g.edges; save graph $tmp/g.edges; save graph $tmp/g.edges; save graph $tmp/g.edges" >/dev/null 2>&1 &
	pid=$!
	sleep $delay
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	if ! cmp -s "$tmp/g.edges" "$tmp/old.edges" && ! cmp -s "$tmp/g.edges" "$tmp/ref.edges"; then
		torn=$((torn + 1))
	fi
done
check "kill -9 at 5 moments of a save loop: the file is always old or complete ($torn torn)" $torn
left=$(find "$tmp" -name 'g.edges.tmp.*' | wc -l)
echo "# kill -9 leaves $left temporary file(s) (g.edges.tmp.XXXXXX) beside the target, as expected"

# 4. modes
rm -f "$tmp"/g.edges.tmp.*
chmod 640 "$tmp/g.edges"
$R -c "seed 1; sbm 50*4 0.2 0.01; save graph $tmp/g.edges" >/dev/null 2>&1
check "a replaced file keeps its mode (640)" $(cmp -s "$tmp/g.edges" "$tmp/old.edges" && [ "$(stat -c %a "$tmp/g.edges")" = 640 ]; echo $?)
(umask 027 && $R -c "seed 1; sbm 50*4 0.2 0.01; save graph $tmp/new.edges") >/dev/null 2>&1
check "a new file gets the umask's mode (027 -> 640)" $([ "$(stat -c %a "$tmp/new.edges")" = 640 ]; echo $?)

tap_done
