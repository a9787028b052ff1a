#!/bin/sh
# plot.sh: pictures through the real gnuplot: PNG files of every kind of
# plot (size, not blank), SVG series colours, the dumb terminal's text, a
# 2*10^5-node embedding sampled, the example figures, and the failures: no
# gnuplot on PATH, gnuplot refusing a command, gnuplot killed, a display
# variable without a window terminal.  Skipped without gnuplot.  TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
command -v gnuplot >/dev/null 2>&1 || { echo "1..0 # SKIP gnuplot not installed"; exit 0; }
. "$srcdir/tests/tap.sh"
R() { ${REGSPEC_WRAP:-} "$REGSPEC" "$@" </dev/null; }
# the size of the terminal the tests run in must not matter
unset COLUMNS LINES
png_size() { # width x height from the IHDR chunk
	od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

R -c "cliques 5 3 2; alpha 1; plot output $tmp/e.png size 640 480; plot embed; plot output $tmp/s.png; plot spectrum; plot output $tmp/w.png; plot sweep 0.01 100 40 log; plot output $tmp/g.png; plot signs" >"$tmp/out" 2>"$tmp/err"
check "four PNG plots of the toy graph" $([ $? -eq 0 ] && [ -s "$tmp/e.png" ] && [ -s "$tmp/s.png" ] && [ -s "$tmp/w.png" ] && [ -s "$tmp/g.png" ]; echo $?)
check "the PNG has the size asked for (640x480)" $([ "$(png_size "$tmp/e.png")" = 640x480 ]; echo $?)
check "the PNGs are not blank (more than a few kB of image data)" $([ "$(wc -c <"$tmp/e.png")" -gt 5000 ] && [ "$(wc -c <"$tmp/g.png")" -gt 5000 ]; echo $?)
R -c "cliques 5 3 2; alpha 1; plot output $tmp/e.svg; plot embed" >/dev/null 2>&1
cols=$(grep -o 'rgb([^)]*)' "$tmp/e.svg" | tr -d ' ' | sort -u | grep -c -e 'rgb(228,26,28)' -e 'rgb(55,126,184)' -e 'rgb(77,175,74)')
check "the SVG embedding has one colour per block (3)" $([ "$cols" -eq 3 ]; echo $?)
check "the SVG legend names the blocks and their sizes" $(grep -q 'block 1 (5 nodes)' "$tmp/e.svg"; echo $?)
R -c "cliques 5 3 2; alpha 1; plot term dumb; plot spectrum $tmp/once.svg; plot embedding 2 3 by labels $tmp/once.png; plot embed" >"$tmp/out" 2>&1
check "a file named last takes that plot alone (svg, png), then the setting again" $(grep -q '<svg' "$tmp/once.svg" && [ "$(png_size "$tmp/once.png")" = 800x600 ] && grep -q "plot written to $tmp/once.png" "$tmp/out" && grep -q 'x_2' "$tmp/out"; echo $?)
R -c "cliques 5 3 2; alpha 1; plot embed png $tmp/bad.png" >/dev/null 2>"$tmp/err"
check "plot embed with a stray word: the usage, one line, no file" $([ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'usage: plot embed \[I J\]' "$tmp/err" && [ ! -e "$tmp/bad.png" ]; echo $?)
R -c "cliques 5 3 2; alpha 1" -c "plot embed file $tmp/bad.png" -c "plot embed 2" -c "plot spectrum $tmp/bad.jpg" -c "plot signs x" -c "plot mu 1,2 $tmp/bad" -c "plot embed 2 3 4" >/dev/null 2>"$tmp/err"
check "a stray word in a plot is named (a file of another kind said to be one), one line each, no file" \
	$(grep -q "^command-line:2: plot: unexpected 'file' (usage: plot embed \[I J\] \[by labels|clusters\] \[FILE.png|svg|pdf\])$" "$tmp/err" &&
		grep -q "^command-line:3: plot: two columns, I and J, or none: got only '2' (usage: plot embed " "$tmp/err" &&
		grep -q "^command-line:4: plot: '.*bad.jpg': a plot's file is .png, .svg or .pdf (for another format, 'plot term NAME' then 'plot output FILE')$" "$tmp/err" &&
		grep -q "^command-line:5: plot: unexpected 'x' (usage: plot signs \[FILE.png|svg|pdf\])$" "$tmp/err" &&
		grep -q "^command-line:6: plot: unexpected '.*/bad' (usage: plot mu \[ALPHA,ALPHA,...\] \[FILE.png|svg|pdf\])$" "$tmp/err" &&
		grep -q "^command-line:7: plot: unexpected '4' (usage: plot embed " "$tmp/err" &&
		[ "$(wc -l <"$tmp/err")" -eq 6 ] && [ ! -e "$tmp/bad.png" ] && [ ! -e "$tmp/bad.jpg" ]; echo $?)
R -c "cliques 5 3 2; alpha 1" -c "plot output $tmp/o.png big" -c "plot output $tmp/o.png size 10" -c "plot sweep 1 2 3 lin" \
	-c "plot sweep alpha 1 2 3 log x" -c "plot sweep 1 2" -c "plot dump on off" >/dev/null 2>"$tmp/err"
check "plot's settings and sweep name a stray word; a size without its height says what it needs" \
	$(grep -q "^command-line:2: plot: unexpected 'big' (usage: plot output FILE|none \[size W H\])$" "$tmp/err" &&
		grep -q "^command-line:3: plot: size: give a width and a height in pixels, as 'size 1200 900'$" "$tmp/err" &&
		grep -q "^command-line:4: plot: unexpected 'lin' (usage: plot sweep \[FROM TO STEPS \[log\]\])$" "$tmp/err" &&
		grep -q "^command-line:5: plot: unexpected 'x' (usage: plot sweep " "$tmp/err" &&
		grep -q "^command-line:6: plot: too few arguments (usage: plot sweep " "$tmp/err" &&
		grep -q "^command-line:7: plot: unexpected 'off' (usage: plot dump on|off)$" "$tmp/err" &&
		[ "$(wc -l <"$tmp/err")" -eq 6 ]; echo $?)
R -c "cliques 5 3 2; plot dump on; plot sweep" -c "sweep alpha 0.1 10 7 log; plot sweep; plot sweep 0.1 10 7 log" \
	-c "alpha 1 rel; plot sweep" >"$tmp/out" 2>"$tmp/err"
check "plot sweep alone: the last sweep's range; before any, or in the other mode of alpha, one line that says so" \
	$(grep -q "^command-line:1: plot: usage: plot sweep FROM TO STEPS \[log\] (alone, after a 'sweep', it plots that sweep's range)$" "$tmp/err" &&
		grep -q "^command-line:3: plot: the last sweep's range is absolute alpha, and alpha is relative now: 'alpha abs' first, or give the range$" "$tmp/err" &&
		[ "$(wc -l <"$tmp/err")" -eq 2 ] && [ "$(grep -c '^set logscale x$' "$tmp/out")" -eq 2 ] &&
		[ "$(sed -n '/^\$rs_sweep << EOD$/,/^EOD$/p' "$tmp/out" | grep -c '^0.1 ')" -eq 2 ]; echo $?)
# titles: a graph without blocks or classes has no mu_j to interleave
R -c "load $srcdir/tests/good/parts.edges nolabels; plot dump on; plot spectrum; plot sweep 0.1 10 3" \
	-c "labels $srcdir/tests/good/parts.labels; plot spectrum; plot sweep 0.1 10 3" >"$tmp/out" 2>"$tmp/err"
check "plot spectrum and sweep: titled for the mu_j only where there are blocks or classes" \
	$([ "$(grep -c '^set title "spectrum (no blocks or classes: no mu_j): load parts.edges' "$tmp/out")" -eq 1 ] &&
		[ "$(grep -c '^set title "lambda_j along alpha (no blocks or classes: no mu_j): load parts.edges' "$tmp/out")" -eq 1 ] &&
		[ "$(grep -c '^set title "interleaving: load parts.edges' "$tmp/out")" -eq 1 ] &&
		[ "$(grep -c '^set title "lambda_j and mu_j along alpha: load parts.edges' "$tmp/out")" -eq 1 ] &&
		[ ! -s "$tmp/err" ]; echo $?)
R -c "cliques 5 3 2; plot dump on; plot sweep alpha 0.1 10 7 log; plot sweep alpha 0.1 10 7 log x.svg dump" >"$tmp/out" 2>"$tmp/err"
check "plot sweep alpha FROM TO STEPS: the word 'alpha' as the sweep command takes it" \
	$([ ! -s "$tmp/err" ] && [ "$(grep -c '^set logscale x$' "$tmp/out")" -eq 2 ]; echo $?)
R -c "cliques 5 3 2; alpha 1; cluster 3; plot dump on; plot embed by cluster; plot embed by class; plot embed by blocks; plot embed by colour" >"$tmp/out" 2>"$tmp/err"
check "plot embed by cluster, by class, by blocks: the singular and the help's words taken; any other word named" \
	$(grep -q 'title "cluster [0-9]' "$tmp/out" && [ "$(grep -c 'title "block 1 (5 nodes)"' "$tmp/out")" -eq 2 ] &&
		grep -q "^command-line:1: plot: colour by labels or clusters, got 'colour'$" "$tmp/err" &&
		[ "$(wc -l <"$tmp/err")" -eq 1 ]; echo $?)
# a bipartite graph's columns, unlabelled, are triangles of their own
# series, its rows by class; a labelled column keeps its class
printf '0 0\n0 1\n1 1\n2 2\n2 3\n1 3\n' >"$tmp/bi.biedges"
printf '0\n0\n1\n' >"$tmp/bi.labels"
R -c "load $tmp/bi.biedges; alpha 1; k 2; plot dump on; plot embed" >"$tmp/out" 2>"$tmp/err"
check "plot embed of a bipartite graph: its columns apart, as triangles, counted in the key" \
	$(grep -q 'pt 9 ps 0.7 lc rgb "#888888" title "columns (4)"' "$tmp/out" && grep -q 'pt "^" lc rgb "#888888" title "columns (4)"' "$tmp/out" &&
		grep -q 'title "0 (2)"' "$tmp/out" && grep -q 'title "1 (1)"' "$tmp/out" && ! grep -q 'unlabelled' "$tmp/out" &&
		[ ! -s "$tmp/err" ]; echo $?)
R -c "cliques 5 3 2; plot output $tmp/mu.svg; plot mu 0.1,1" >/dev/null 2>&1
check "plot mu: one curve per alpha" $([ "$(grep -c 'alpha = ' "$tmp/mu.svg")" -ge 2 ]; echo $?)
R -c "cliques 5 3 2; plot scores" >/dev/null 2>"$tmp/err"
check "plot scores before any experiment says what to do" $(grep -q "no experiment yet" "$tmp/err"; echo $?)
R -c "seed 3; sbm 30*4 0.3 0.02; k 3; experiment alpha 0,1,10; plot output $tmp/sc.svg; plot scores; cluster 4; plot output $tmp/cl.svg; plot embed by clusters" >/dev/null 2>"$tmp/err"
check "plot scores after an experiment: eight series" $([ "$(grep -c '<title>\(H\|C\|V\|ARI\|AMI\|FMI\|Q\|NSD\)</title>' "$tmp/sc.svg")" -ge 8 ]; echo $?)
check "plot embed by clusters names the clusters" $(grep -q 'cluster 4' "$tmp/cl.svg"; echo $?)
R -c "seed 1; sbm 40,20*19 0.5 0.02; alpha 1; k 4; plot dump on; plot embed" >"$tmp/many" 2>&1
check "20 classes: the 15 largest in colours of their own, largest first, the rest together" \
	$(grep -A1 '^} else {' "$tmp/many" >"$tmp/many.gr" &&
		[ "$(grep "plot" "$tmp/many.gr" | grep -o 'title "[^"]*"' | sed -n 1p)" = 'title "0 (40)"' ] &&
		grep -q 'title "5 other classes (100 nodes)"' "$tmp/many.gr" &&
		[ "$(grep -o 'title "[0-9]* ([0-9]*)"' "$tmp/many.gr" | wc -l)" -eq 15 ]; echo $?)
R -c "seed 1; sbm 30*15,10*5 0.5 0.02; alpha 1; k 4; plot dump on; plot embed" >"$tmp/many2" 2>&1
check "... the rest 'other classes' where one is as large as a coloured one (above), 'smaller' where none is" \
	$(grep -q 'title "5 smaller classes (50 nodes)"' "$tmp/many2"; echo $?)
check "20 classes on the text terminal: 9 letters, largest first, the rest '+' under one title" \
	$(grep -A1 '^if (rs_text) {' "$tmp/many" >"$tmp/many.tx" &&
		grep -q 'pt "A" lc rgb "[^"]*" title "0 (40)"' "$tmp/many.tx" &&
		grep -q 'pt "I" lc rgb "[^"]*" title "8 (20)"' "$tmp/many.tx" &&
		[ "$(grep -o 'title "11 others (220)"' "$tmp/many.tx" | wc -l)" -eq 1 ] &&
		[ "$(grep -o 'pt "+"' "$tmp/many.tx" | wc -l)" -eq 7 ]; echo $?)
NO_COLOR=1 R -c "seed 1; sbm 40,20*19 0.5 0.02; alpha 1; k 4; plot term dumb size 80,24; plot embed" >"$tmp/many.txt" 2>&1
check "... drawn: the key fits 24 lines, outside the plot" \
	$(grep -q '| *A 0 (40) *$' "$tmp/many.txt" && grep -q '| *+ 11 others (220) *$' "$tmp/many.txt" &&
		[ "$(grep -c '[A-I] [0-9] ([24]0)' "$tmp/many.txt")" -eq 9 ]; echo $?)
NO_COLOR=1 COLUMNS=40 LINES=12 R -c "cliques 5 3 2; alpha 1; plot embed; print still-here" >"$tmp/out" 2>"$tmp/err"
check "a terminal too small for a text plot: one line that says what to do, and the session goes on" \
	$([ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "the terminal is 40 x 12; a plot in text needs 72 x 20 at least" "$tmp/err" &&
		grep -q still-here "$tmp/out" && ! grep -q 'x_2' "$tmp/out"; echo $?)
NO_COLOR=1 COLUMNS=72 LINES=20 R -c "seed 1; sbm 40,20*19 0.5 0.02; alpha 1; k 4; plot embed" >"$tmp/small.txt" 2>&1
check "... at 72 x 20 the key of 20 classes still fits in one column" \
	$(grep -q '| *A 0 (40) *$' "$tmp/small.txt" && grep -q '| *+ 11 others (220) *$' "$tmp/small.txt"; echo $?)
NO_COLOR=1 R -c "cliques 5 3 2; alpha 1; plot term dumb size 70,20; plot signs" >"$tmp/signs.txt" 2>&1
check "plot signs on the text terminal: each block's signs as characters, the blocks by number" \
	$(grep -Eq '^ *1 \| +- +- +\|' "$tmp/signs.txt" && grep -Eq '^ *block +2 \| +\+ +- +\|' "$tmp/signs.txt" &&
		grep -Eq '^ *3 \| +\+ +\+ +\|' "$tmp/signs.txt"; echo $?)
R -c "cliques 5 3 2; alpha 1; plot term dumb size 70,20; plot spectrum" >"$tmp/dumb" 2>&1
check "the dumb terminal draws in text" $(grep -q 'lambda_j' "$tmp/dumb" && grep -q 'mu_j' "$tmp/dumb" && [ "$(wc -l <"$tmp/dumb")" -ge 15 ]; echo $?)
check "... lambda_j as 'l', mu_j as 'm', the axis label clear of the ticks" \
	$(grep -Eq 'lambda_j +l *$' "$tmp/dumb" && grep -Eq 'mu_j +m *$' "$tmp/dumb" && grep -Eq '^ *value +[0-9.]+ \|' "$tmp/dumb"; echo $?)
R -c "seed 1; sbm 2000*100 0.004 0.00001; k 2; alpha 1; set tol 1e-4; plot dump on; plot embed" >"$tmp/big" 2>&1
check "2*10^5 points are sampled, and the plot says so" $(grep -q '1 node in 2 shown' "$tmp/big"; echo $?)
PATH=/nonexistent R -c "cliques 5 3 2; alpha 1; plot embed" >/dev/null 2>"$tmp/err"
st=$?
check "no gnuplot: one line naming the package, status 1" $([ $st -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'gnuplot not found.*gnuplot-nox' "$tmp/err"; echo $?)
R -c "cliques 5 3 2; plot term nosuchterminal; plot spectrum; print still-here" >"$tmp/out" 2>"$tmp/err"
check "gnuplot's own error comes back, and the session goes on" $(grep -q 'gnuplot failed' "$tmp/err" && grep -q still-here "$tmp/out"; echo $?)
R -c "cliques 5 3 2; alpha 1; plot term dumb size 70,20; plot output $tmp/after-dumb.png; plot spectrum; plot term pngcairo size 300,200 font Sans,8; plot output $tmp/font.png; plot spectrum" >"$tmp/out" 2>&1
check "a file takes its kind from its extension over a text 'plot term'; a png 'plot term' gives its size and an unquoted font" \
	$([ "$(png_size "$tmp/after-dumb.png")" = 800x600 ] && [ "$(png_size "$tmp/font.png")" = 300x200 ]; echo $?)
R -c "cliques 5 3 2; plot term pngcairo nosuchoption; plot output $tmp/bad.png; plot spectrum" >/dev/null 2>"$tmp/err"
check "gnuplot's message under its caret comes back, with the script's line" \
	$(grep -q "gnuplot failed: line 1: unrecognized terminal option (of the script 'plot dump on' prints)" "$tmp/err"; echo $?)
mkdir -p "$tmp/bin"
printf '#!/bin/sh\nkill -9 $$\n' >"$tmp/bin/gnuplot"
chmod +x "$tmp/bin/gnuplot"
PATH="$tmp/bin:$PATH" R -c "cliques 5 3 2; plot output $tmp/k.png; plot spectrum; print still-here" >"$tmp/out" 2>"$tmp/err"
check "gnuplot killed mid-plot: an error, not a crash" $(grep -q 'gnuplot was killed (signal 9)' "$tmp/err" && grep -q still-here "$tmp/out"; echo $?)
R -c "cliques 5 3 2; plot spectrum $tmp/good.png" >/dev/null 2>&1
cp "$tmp/good.png" "$tmp/good.before"
PATH="$tmp/bin:$PATH" R -c "cliques 5 3 2; plot spectrum $tmp/good.png" >/dev/null 2>&1
# a gnuplot that fails after it has begun the file
mkdir -p "$tmp/half"
cat >"$tmp/half/gnuplot" <<'GPEOF'
#!/bin/sh
# the file after "set output", in gnuplot's single quotes (no quote in it here)
f=$(sed -n "s/^set output '\(.*\)'\$/\1/p" "$1")
[ -n "$f" ] || exit 3
printf half >"$f"
echo "line 9: error" >&2
exit 1
GPEOF
chmod +x "$tmp/half/gnuplot"
PATH="$tmp/half:$PATH" R -c "cliques 5 3 2; plot spectrum $tmp/good.png" >/dev/null 2>"$tmp/err"
check "a plot that fails (gnuplot killed, or failing half-way through the file) leaves the previous file whole, and no temporary file" \
	$(grep -q "line 9: error" "$tmp/err" && cmp -s "$tmp/good.png" "$tmp/good.before" && [ -z "$(ls "$tmp" | grep '\.tmp\.')" ]; echo $?)
# a gnuplot that says how it was called: -persist is for windows only
mkdir -p "$tmp/args" "$tmp/aqtb"
printf '#!/bin/sh\necho "error: args $*" >&2\nexit 1\n' >"$tmp/args/gnuplot"
chmod +x "$tmp/args/gnuplot"
PATH="$tmp/args:$PATH" R -c "cliques 5 3 2; plot spectrum $tmp/aqtb/p.png; plot term qt; plot spectrum" >/dev/null 2>"$tmp/err"
check "gnuplot gets -persist for a window terminal (qt), not for a file whose name has 'qt' in it" \
	$([ "$(grep -c 'args -persist' "$tmp/err")" -eq 1 ] && [ "$(grep -c 'error: args' "$tmp/err")" -eq 2 ] &&
		tail -n 1 "$tmp/err" | grep -q 'args -persist'; echo $?)
R -c "cliques 5 3 2; plot spectrum \"$tmp/it's a \\\"q\\\".png\"" >"$tmp/out" 2>&1
check "a file name with quotes in it is the name written (it was once changed to '_')" \
	$([ "$(png_size "$tmp/it's a \"q\".png")" = 800x600 ] && ! ls "$tmp" | grep -q '_q_'; echo $?)
R -c "cliques 5 3 2; plot spectrum $tmp/no/such/dir/p.png; plot output $tmp/o.svg size 300 200; plot output $tmp/no/dir/q.svg; plot spectrum" >"$tmp/out" 2>"$tmp/err"
check "a file in a directory that does not exist: an error that names it, for 'plot ... FILE' and at 'plot output', which keeps the previous setting" \
	$([ "$(wc -l <"$tmp/err")" -eq 2 ] && grep -q "plot: cannot write '$tmp/no/such/dir/p.png': No such file or directory" "$tmp/err" &&
		grep -q "plot: cannot write '$tmp/no/dir/q.svg': No such file or directory" "$tmp/err" &&
		grep -q "plot written to $tmp/o.svg" "$tmp/out" && grep -q 'width="300"' "$tmp/o.svg"; echo $?)
# a FIFO: 'plot output' does not wait for its reader (it once hung there),
# and the plot goes into the pipe, which stays a pipe
mkfifo "$tmp/pipe.svg"
(timeout 30 cat "$tmp/pipe.svg" >"$tmp/piped.svg" &)
timeout 30 "$REGSPEC" -c "plot output $tmp/pipe.svg; cliques 5 3 2; alpha 1; plot spectrum" </dev/null >"$tmp/out" 2>"$tmp/err"
st=$?
sleep 1
check "a FIFO as 'plot output': set at once, the plot written into it" \
	$([ $st -eq 0 ] && [ -p "$tmp/pipe.svg" ] && grep -q '<svg' "$tmp/piped.svg"; echo $?)
DISPLAY=:99 R -c "cliques 5 3 2; alpha 1; plot spectrum" >"$tmp/out" 2>"$tmp/err"
check "DISPLAY set without a window terminal: text in the terminal" $([ $? -eq 0 ] && grep -q 'lambda_j' "$tmp/out"; echo $?)
if [ -d "${RS_DATA:-../shared/data}" ]; then
	mkdir -p "$tmp/proj/examples"
	cp "$srcdir/examples/figures.regspec" "$tmp/proj/examples/"
	ln -s "$(cd "${RS_DATA:-../shared/data}/.." && pwd)" "$tmp/shared"
	(cd "$tmp/proj/examples" && "$REGSPEC" figures.regspec >/dev/null 2>"$tmp/err")
	st=$?
	sed 's/^/# /' "$tmp/err"
	check "examples/figures.regspec writes its figures" $([ $st -eq 0 ] && [ -s "$tmp/proj/examples/toy-embedding.png" ] && [ -s "$tmp/proj/examples/polblogs-alpha1.png" ] && [ -s "$tmp/proj/examples/ws-scores.png" ] && grep -q '<viz:color' "$tmp/proj/examples/polblogs-clusters.gexf"; echo $?)
else
	n=$((n + 1)); echo "ok $n - # SKIP no shared data"
fi
tap_done
