#!/bin/sh
# repl.sh: the interactive prompt in a real terminal (tmux): the prompt,
# commands and results, completion of commands, keywords, values and file
# names, Ctrl-C at the prompt, in a load from a FIFO and while gnuplot
# draws, messages without locations, history across two sessions, kills in
# vi mode, the look-ahead while the prompt waits, notes wrapped to the
# terminal's width and long tables cut to their ends.
# Skipped (exit 77) without tmux.  Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
command -v tmux >/dev/null 2>&1 || { echo "1..0 # SKIP tmux not installed"; exit 0; }
. "$srcdir/tests/tap.sh"
# under --enable-valgrind each program writes its own log; all must stay empty
RUN="${REGSPEC_WRAP:+$REGSPEC_WRAP --log-file=$tmp/vg.%p }$REGSPEC"
sock="rs$$"
T="tmux -L $sock -f /dev/null"
tap_on_exit() { $T kill-server 2>/dev/null; }
tap_on_fail() { $T capture-pane -p -t $S 2>/dev/null | sed 's/^/# /'; }
# wait_for PATTERN: poll the screen for up to 10 s
wait_for() {
	i=0
	while [ $i -lt 100 ]; do
		$T capture-pane -p -t $S >"$tmp/screen" 2>/dev/null
		grep -q -- "$1" "$tmp/screen" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
start() { # start SESSION-NAME
	S=$1
	$T new-session -d -s "$S" -x 100 -y 30 \
		"env HOME=$tmp/home REGSPEC_HISTFILE=$tmp/hist TERM=screen INPUTRC=/dev/null $RUN; sleep 30"
}

mkdir -p "$tmp/home"
cp "$srcdir/tests/good/two-triangles.edges" "$tmp/home/tilde-graph.edges"
cp "$srcdir/tests/good/karate-club.tar.gz" "$tmp/home/"
cp "$srcdir/tests/good/karate.mat" "$srcdir/tests/good/karate-octave-full.txt" "$tmp/home/"
cp "$srcdir/tests/good/dot-corners.gv" "$tmp/home/"
cp "$srcdir/examples/roads.graphml" "$tmp/home/"
printf 'source,target,length,lanes\na,b,2.5,2\nb,c,1.5,1\n' >"$tmp/home/roads.csv"
mkdir -p "$tmp/home/my graphs"
cp "$srcdir/tests/good/two-triangles.edges" "$tmp/home/my graphs/club one.edges"
cp "$srcdir/tests/good/dot-corners.gv" "$tmp/home/my graphs/dot corners.gv"
cp "$srcdir/tests/good/karate-club.tar.gz" "$tmp/home/my graphs/"
start one
wait_for 'regspec>'
check "the banner and the prompt appear" $(grep -q 'Type .help.' "$tmp/screen" && grep -q '^regspec>' "$tmp/screen"; echo $?)

$T send-keys -t $S 'cliques 5 3 2' Enter 'alpha 1' Enter 'mu' Enter
wait_for 'interleaved  yes'
check "cliques, alpha, mu at the prompt" $(grep -q '0.72481921  0.76923077  ok' "$tmp/screen"; echo $?)

# a note wider than the terminal is broken between words, indented under
# its text (the same command in a pipe gives it one line: golden tests)
$T send-keys -t $S C-l 'info' Enter
wait_for "^      dense' cross-checks it with LAPACK"
check "a long note is wrapped between words to the terminal's width" \
	$(grep -q "^note: solver auto: the exact aggregate (Proposition 1) for block models, O(n + K^3); 'set solver$" "$tmp/screen"; echo $?)
# a long table shows its ends, the middle counted; 'expect' still globs
# every row; 'set rows all' shows them all
$T send-keys -t $S C-l 'sbm 200*5 0.3 0.01; k 2; alpha 1 rel; embed; expect "*
 500  *"; print matched' Enter
wait_for '^matched$'
check "a table of 1000 rows shows 40 at a terminal, and 'expect' matches a row not shown" \
	$(grep -q "^\.\.\. 960 of 1000 rows not shown ('set rows all' shows every row)$" "$tmp/screen" &&
		grep -q '^ 999  ' "$tmp/screen" && ! grep -q 'expect' "$tmp/screen"; echo $?)
$T send-keys -t $S C-l 'set rows all; embed; print all-shown' Enter
wait_for '^all-shown$'
check "set rows all: every row" $(grep -q '^ 990  ' "$tmp/screen" && ! grep -q 'not shown' "$tmp/screen"; echo $?)
$T send-keys -t $S C-l 'set rows auto; cliques 5 3 2' Enter
$T resize-window -t $S -x 50
$T send-keys -t $S C-l 'help alpha' Enter
wait_for '^  both forms. With a value, set it (>= 0); .abs.$'
check "help's paragraphs as wide as a narrow terminal" $?
$T send-keys -t $S C-l 'help' Enter
wait_for '^  quit  *leave regspec'
check "help's list of commands wrapped under its column" \
	$(grep -q '^              (scripts double as tests)$' "$tmp/screen"; echo $?)
$T resize-window -t $S -x 100

$T send-keys -t $S C-u 'si' Tab
# (capture-pane drops trailing blanks: the space after the completion is not seen)
wait_for 'regspec> signs$'
check "Tab completes a command name" $?
$T send-keys -t $S Enter
wait_for 'theorem_holds  yes'
check "the completed command runs" $?

$T send-keys -t $S 'alpha 0.5 r' Tab
wait_for 'regspec> alpha 0.5 rel$'
check "Tab completes a keyword" $?
$T send-keys -t $S Enter
wait_for 'alpha = 0.5 relative'
check "relative alpha is set" $?

# what completes depends on the argument: the table entry says (rs_complete)
# tab_to TYPED SHOWN NAME: Tab after TYPED leaves SHOWN on the prompt line
tab_to() {
	$T send-keys -t $S C-u "$1" Tab
	wait_for "regspec> $2\$"
	check "$3" $?
}
tab_to 'plot sp' 'plot spectrum' "Tab completes plot's first keyword (not a file name)"
tab_to 'set format j' 'set format json' "Tab completes a setting's value"
tab_to 'load x.gml format graphm' 'load x.gml format graphml' "Tab completes load's format names after 'format'"
tab_to 'plot output n' 'plot output none' "Tab offers 'none' beside file names after 'plot output'"
tab_to 'help form' 'help formats' "Tab completes a help topic"
tab_to 'plot output x.png si' 'plot output x.png size' "Tab completes plot's later keywords by subcommand"
tab_to "source $srcdir/tests/goo" "source $srcdir/tests/good/" "Tab completes a file name where one goes"
tab_to 'load ~/tilde-gr' 'load ~/tilde-graph.edges' "Tab completes a file name under ~/"
$T send-keys -t $S Enter
wait_for 'load tilde-graph.edges: 6 nodes'
check "... and load opens what it completed" $?
$T send-keys -t $S C-u
# file names with blanks: escaped as a shell escapes them, or kept inside
# the quote the person opened, so that the line reads back as one word
tab_to 'load ~/my' 'load ~/my\\ graphs/' "Tab escapes a file name's blanks with backslashes, a leading ~ kept bare"
$T send-keys -t $S 'cl' Tab
wait_for 'regspec> load ~/my\\ graphs/club\\ one.edges$'
check "... and completes inside that folder" $?
$T send-keys -t $S Enter
wait_for 'load club one.edges: 6 nodes'
check "... which load opens" $?
tab_to "load \"$tmp/home/my gr" "load \"$tmp/home/my graphs/" "Tab inside a double quote typed keeps the name in it"
$T send-keys -t $S 'cl' Tab
wait_for "regspec> load \"$tmp/home/my graphs/club one.edges\" \\{0,1\\}\$"
check "... and closes the quote after a file" $?
# (the screen cleared first: the first load of that file is on it, and the
# note naming its path may wrap)
$T send-keys -t $S C-l Enter
wait_for 'load club one.edges: 6 nodes'
check "... which load opens" $([ $? -eq 0 ] && [ "$(grep -c 'load club one.edges: 6 nodes' "$tmp/screen")" -eq 1 ]; echo $?)
tab_to 'load ~/my\ graphs/dot\ corners.gv labels tea' 'load ~/my\\ graphs/dot\\ corners.gv labels team' "Tab after 'load FILE labels' reads FILE's attributes where FILE has escaped blanks"
tab_to 'load ~/my\ graphs/kar' 'load ~/my\\ graphs/karate-club.tar.gz' "an archive in a folder with a blank completes"
$T send-keys -t $S '/' Tab
wait_for 'regspec> load ~/my\\ graphs/karate-club.tar.gz/karate/$'
check "... and '/' Tab completes inside it" $?
$T send-keys -t $S C-u
# an archive completes without a space after it; after its '/', its files
tab_to 'load ~/karate-cl' 'load ~/karate-club.tar.gz' "Tab completes an archive's name"
$T send-keys -t $S '/' Tab
wait_for 'regspec> load ~/karate-club.tar.gz/karate/$'
check "... with no space after it: '/' and Tab complete inside it, to the files' common part" $?
$T send-keys -t $S Tab Tab
wait_for 'README  *karate.edges  *karate.labels'
check "... two more Tabs list the archive's files, by their names in it" $?
$T send-keys -t $S 'karate.e' Tab
wait_for 'regspec> load ~/karate-club.tar.gz/karate/karate.edges$'
check "... and completes one of them" $?
$T send-keys -t $S Enter
wait_for 'load karate.edges: 34 nodes'
check "... which load opens" $?
$T send-keys -t $S C-u
# 'labels' after a graph file with node attributes: its attributes, with
# the file names
tab_to 'load ~/dot-corners.gv labels tea' 'load ~/dot-corners.gv labels team' "Tab after 'load FILE labels' completes FILE's node attributes"
$T send-keys -t $S C-u
# 'labels' alone after such a load: the loaded file's node attributes
$T send-keys -t $S 'load ~/dot-corners.gv nolabels' Enter
wait_for 'load dot-corners.gv: 22 nodes'
tab_to 'labels tea' 'labels team' "Tab after 'labels' completes the loaded file's node attributes"
$T send-keys -t $S Enter
wait_for "labels from the node attribute 'team' of dot-corners.gv: 2 classes"
check "... which labels reads from the file again" $?
$T send-keys -t $S C-u
# 'weight' after it: its edges' numeric attributes, or an edge list's header columns
tab_to 'load ~/roads.graphml weight le' 'load ~/roads.graphml weight length' "Tab after 'load FILE weight' completes FILE's numeric edge attributes"
$T send-keys -t $S C-u
tab_to 'load ~/roads.csv weight la' 'load ~/roads.csv weight lanes' "... or the columns of its header"
$T send-keys -t $S C-u
# a MAT-file's variables (its char 'name' left out), an Octave text file's
tab_to 'load ~/karate.mat/c' 'load ~/karate.mat/club' "Tab after FILE.mat/ completes a MAT-file's variable"
$T send-keys -t $S C-u 'load ~/karate.mat/' Tab Tab
wait_for '^A  *X  *club'
check "... two Tabs list its matrices and vectors" $(! grep -q '^A .* name' "$tmp/screen"; echo $?)
$T send-keys -t $S C-u 'load ~/karate-octave-full.txt/' Tab Tab
wait_for '^D  *club'
check "Tab after an Octave text file's name and '/' lists its variables (the name says nothing)" $?
$T send-keys -t $S 'D' Enter
wait_for 'load karate-octave-full.txt/D: 34 nodes'
check "... and load reads the variable named" $?
$T send-keys -t $S C-u

# Ctrl-C while 'load' waits on a FIFO: for a writer to open it, then for
# the rest of what it writes; the session goes on with nothing loaded
mkfifo "$tmp/fifo"
$T send-keys -t $S C-l "load $tmp/fifo" Enter
sleep 0.5
$T send-keys -t $S C-c
wait_for "interrupted while waiting for a writer"
check "Ctrl-C while load waits for a FIFO's writer: a one-line message" \
	$(grep -q "load: cannot open '.*fifo': interrupted while waiting for a writer$" "$tmp/screen"; echo $?)
(printf '0 1\n'; sleep 3) >"$tmp/fifo" &
$T send-keys -t $S C-l "load $tmp/fifo" Enter
sleep 0.5
$T send-keys -t $S C-c
wait_for "interrupted before the end"
check "Ctrl-C while load reads a FIFO that stalls: a one-line message" \
	$(grep -q "load: .*fifo: interrupted before the end of the file; nothing loaded$" "$tmp/screen"; echo $?)
wait
# Ctrl-C while gnuplot draws: gnuplot is stopped (5.4, interrupted in
# malloc, can deadlock in its own handler: a gnuplot here that ignores
# Ctrl-C and never ends plays it), one line says so, the file's temporary
# copy is gone, and the session goes on
mkdir -p "$tmp/fakebin"
printf '#!/bin/sh\n[ "$(wc -l <"$1")" -le 1 ] && exit 0\ntrap "" INT\nexec sleep 60\n' >"$tmp/fakebin/gnuplot"
chmod +x "$tmp/fakebin/gnuplot"
$T new-session -d -s gp -x 100 -y 30 \
	"env HOME=$tmp/home REGSPEC_HISTFILE=/dev/null TERM=screen INPUTRC=/dev/null PATH=$tmp/fakebin:$PATH $RUN -q; sleep 30"
S=gp
wait_for 'regspec>'
$T send-keys -t $S "cliques 5 3 2; alpha 1; plot embed $tmp/hang.png" Enter
sleep 1
$T send-keys -t $S C-c
wait_for "interrupted: gnuplot stopped"
check "Ctrl-C while gnuplot draws (and ignores Ctrl-C): stopped, one line, no file left" \
	$(grep -q "plot: interrupted: gnuplot stopped, nothing drawn$" "$tmp/screen" &&
		[ -z "$(ls "$tmp" | grep '^hang\.png')" ]; echo $?)
$T send-keys -t $S 'print after-gnuplot' Enter
wait_for '^after-gnuplot'
check "... and the session goes on" $?
# Ctrl-C within a long K-Means restart (K = 20000 classes on 20000 nodes):
# a progress line shows on the terminal, Ctrl-C stops it at once, the
# clusters from before are kept
$T send-keys -t $S C-l 'sbm 1*20000 0.5 0.0005; alpha 1; k 5; cluster 3; cluster' Enter
wait_for '^K-Means: restart 1 of 10, .*(Ctrl-C stops it)'
check "a long K-Means shows its restart and iteration on the terminal" $?
$T send-keys -t $S C-c
wait_for '^cluster: interrupted'
check "Ctrl-C stops K-Means within a restart: one line" $(! grep -q '^K-Means: restart' "$tmp/screen"; echo $?)
$T send-keys -t $S C-l 'score' Enter
wait_for '^H 0.* C 1.0000 '
check "... and the clusters from before are kept (3 of them: completeness 1)" $?
S=one
$T send-keys -t $S 'garbage-line' C-c
sleep 0.3
$T send-keys -t $S 'print alive' Enter
wait_for '^alive'
check "Ctrl-C abandons the line and the session goes on" $(! grep -q "unknown command 'garbage-line" "$tmp/screen"; echo $?)
# Ctrl-C on a history line edited: the line stays as typed, ^C after it
# (putting the history line back drew its end after the ^C)
$T send-keys -t $S C-l Up
sleep 0.3
$T send-keys -t $S BSpace BSpace
sleep 0.3
$T send-keys -t $S C-c
sleep 0.3
$T send-keys -t $S 'print shown' Enter
wait_for '^shown$'
check "Ctrl-C on an edited history line shows the line as typed, then ^C" \
	$(grep -q '^regspec> print ali^C$' "$tmp/screen"; echo $?)

# Ctrl-C in an incremental search (C-r) ends the search: the keys after
# it were taken as more of the search, and Enter ran the line it had found
$T send-keys -t $S C-l C-r 'print al'
sleep 0.3
$T send-keys -t $S C-c
sleep 0.3
$T send-keys -t $S 'print searched' Enter
wait_for '^searched'
check "Ctrl-C ends a C-r search: the line it found is not run, what is typed next is" \
	$([ $? -eq 0 ] && ! grep -q '^alive' "$tmp/screen"; echo $?)
# readline 8.2's PgUp and PgDn are history searches, and this walk made it
# free an undo list twice at Enter; they now walk the history as Up and Down
$T send-keys -t $S Up NPage 5 Up NPage Down Enter
sleep 0.5
$T send-keys -t $S C-u 'print still-here' Enter
wait_for '^still-here'
check "PgDn, an edit, Up, PgDn, Down and Enter on history lines: the session goes on" $?

$T send-keys -t $S 'load -' Enter
wait_for "a terminal here; pipe a graph in"
check "'load -' at the prompt: standard input is the terminal, said in one line" $?

$T send-keys -t $S C-l 'load' Enter
wait_for "^load: too few arguments; usage: load FILE"
check "an error wider than the terminal is broken between words, its lines after the first indented" \
	$(grep -q "^  .*\[nolabels\]$" "$tmp/screen"; echo $?)

$T send-keys -t $S 'frob' Enter
wait_for "unknown command 'frob'"
check "an error at the prompt has no location" $(grep -q "^unknown command 'frob'" "$tmp/screen"; echo $?)

$T send-keys -t $S 'quit' Enter
sleep 0.5
check "history is written when the session ends" $(grep -q '^cliques 5 3 2$' "$tmp/hist" 2>/dev/null && grep -q '^print alive$' "$tmp/hist"; echo $?)

start two
wait_for 'regspec>'
$T send-keys -t $S Up Up
wait_for 'regspec> frob$'
check "history comes back in a new session (Up Up)" $?
$T send-keys -t $S C-u 'quit' Enter

# The look-ahead (idle.h): while the prompt waits, alpha x 1.1 and / 1.1 are
# solved for the reduced basis, and a 10 % step of alpha is taken from it.
# Each 'info' cancels what runs; finished solves stay: poll slowly enough
# for one to finish (under valgrind a solve takes seconds).
# vi mode (an inputrc's 'set editing-mode vi'): readline 8.2 lost the text
# of a kill that came right after another (C then Ctrl-U; 3~, which it
# does as a kill and an insert a letter; a kill after Ctrl-C with keys
# typed ahead); the session must end with status 0, which under the
# sanitizers is also 'no leak'
printf 'set editing-mode vi\n' >"$tmp/inputrc-vi"
S=vi
$T new-session -d -s vi -x 100 -y 30 \
	"env HOME=$tmp/home REGSPEC_HISTFILE=/dev/null TERM=screen INPUTRC=$tmp/inputrc-vi $RUN -q; echo \$? >$tmp/vi-exit; sleep 30"
wait_for 'regspec>'
$T send-keys -t vi 'print abcd' Escape
sleep 0.3
$T send-keys -t vi 0 w 3 '~' Enter
wait_for '^ABCd$'
check "vi mode: 3~ changes the case of three letters" $?
$T send-keys -t vi 'print xyz' Escape
sleep 0.3
$T send-keys -t vi C
sleep 0.2
$T send-keys -t vi C-u 'print killed-twice' Enter
wait_for '^killed-twice$'
check "vi mode: C then Ctrl-U, two kills in a row" $?
$T send-keys -t vi 'print zz' Escape
sleep 0.3
$T send-keys -t vi 0 D
sleep 0.2
$T send-keys -t vi C-c
sleep 0.3
$T send-keys -t vi ab C-u
$T send-keys -t vi 'print after-ctrl-c' Enter
wait_for '^after-ctrl-c$'
check "vi mode: a kill, Ctrl-C, then keys typed ahead of another kill" \
	$([ $? -eq 0 ] && grep -q '^regspec> ^C$' "$tmp/screen"; echo $?)
$T send-keys -t vi 'quit' Enter
i=0
while [ $i -lt 100 ] && [ ! -s "$tmp/vi-exit" ]; do sleep 0.1; i=$((i + 1)); done
check "vi mode: the session ends with status 0 (under ASan: no text of a kill lost)" \
	$([ "$(cat "$tmp/vi-exit" 2>/dev/null)" = 0 ]; echo $?)

# history searches (M-p, its ':' prompt) begun from an edited history line:
# readline 8.2 lost the edit's undo list there, and after a search that
# found nothing, Enter made that history line the line typed before it
# (empty: the command gone from the history); C-g and Ctrl-C in the search
# lost the search's own, C-g its state, and Ctrl-C the prompt it saved.  The history keeps its lines, and the session
# ends with status 0, which under the sanitizers is also 'no leak'
S=hs
$T new-session -d -s hs -x 100 -y 30 \
	"env HOME=$tmp/home REGSPEC_HISTFILE=/dev/null TERM=screen INPUTRC=/dev/null $RUN -q; echo \$? >$tmp/hs-exit; sleep 30"
wait_for 'regspec>'
$T send-keys -t hs 'print first' Enter
wait_for '^first$'
$T send-keys -t hs Up x Escape p 'nowhere' Enter
sleep 0.3
$T send-keys -t hs 'print second' Enter Up Up
wait_for '^regspec> print firstx$'
check "M-p that finds nothing from an edited history line: the line stays in the history" $?
# a key at a time, as typed (in one burst readline read them otherwise)
slowly() { for k in "$@"; do $T send-keys -t hs "$k"; sleep 0.15; done; }
slowly C-e C-u Down Down C-u Up Up y Escape p 'pri' C-g
sleep 0.3
slowly C-u Up Up Up y Escape p 'pri' C-c
sleep 0.3
slowly C-u Escape p 'x' C-g
sleep 0.3
slowly C-u a b Escape p 'sec' Enter
wait_for '^regspec> print second$'
check "M-p from a typed line finds the command" $?
$T send-keys -t hs C-e C-u 'quit' Enter
i=0
while [ $i -lt 100 ] && [ ! -s "$tmp/hs-exit" ]; do sleep 0.1; i=$((i + 1)); done
check "history searches begun, failed, cancelled (C-g, Ctrl-C): the session ends with status 0 (under ASan: no undo list lost)" \
	$([ "$(cat "$tmp/hs-exit" 2>/dev/null)" = 0 ]; echo $?)

start three
wait_for 'regspec>'
$T send-keys -t $S 'seed 1; sbm 20*50 0.3 0.002; set verbose on; alpha 1 rel; eig' Enter
wait_for 'smallest of 1000 eigenvalues'
pause=0.5
[ -n "${REGSPEC_WRAP:-}" ] && pause=5
# poll with info until both look-aheads are done
looked_ahead() {
	i=0
	while [ $i -lt 20 ]; do
		sleep $pause
		$T send-keys -t $S C-l 'info' Enter
		sleep 0.3
		$T capture-pane -p -t $S >"$tmp/screen"
		grep -q 'looked_ahead  *2' "$tmp/screen" && return 0
		i=$((i + 1))
	done
	return 1
}
looked_ahead
check "the prompt looks ahead while it waits (info: looked_ahead 2)" $?
$T send-keys -t $S C-l 'alpha 1.1 rel; eig' Enter
wait_for 'solved ahead, while the prompt waited'
check "a 10 % step of alpha at the prompt is the look-ahead's solution, taken at once" $?
$T send-keys -t $S C-l 'info' Enter
wait_for 'last_solved_ahead  *yes'
check "info says so (last_solved_ahead yes)" $?
looked_ahead
$T send-keys -t $S C-l 'set tol 1e-7; alpha 1.21 rel; eig' Enter
wait_for 'note: \(solved by\|taken from\)'
check "a look-ahead solved under another tolerance is not taken" $?
$T send-keys -t $S C-l 'set tol 1e-6; alpha 1.05 rel; eig' Enter
wait_for 'taken from the [0-9]*-column basis'
check "a step between solved values is taken from the basis (tol 1e-6)" $?
$T send-keys -t $S C-l 'set warm off; alpha 2 rel; eig' Enter
wait_for 'smallest of 1000 eigenvalues'
sleep $pause
$T send-keys -t $S 'alpha 2.2 rel; eig; info' Enter
wait_for 'last_basis_columns'
check "no look-ahead with 'set warm off'" $(grep -q 'last_basis_columns  *0' "$tmp/screen" && ! grep -q 'looked_ahead' "$tmp/screen"; echo $?)
$T send-keys -t $S 'quit' Enter

if [ -n "${REGSPEC_WRAP:-}" ]; then
	$T kill-server 2>/dev/null
	sleep 1
	tap_valgrind_logs
fi
tap_done
