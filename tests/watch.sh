#!/bin/sh
# watch.sh: the live view in a real terminal (tmux), as a teacher drives it:
# the panels on the toy graph, arrow keys moving alpha and k, the help, a
# typed alpha, a resize below 80x24 and back, the monochrome ASCII fallback,
# a graph solved in the background, and the state kept on return.
# Skipped without tmux.  Output: TAP.
set -u
: "${srcdir:=.}"
: "${REGSPEC:=src/regspec}"
command -v tmux >/dev/null 2>&1 || { echo "1..0 # SKIP tmux not installed"; exit 0; }
. "$srcdir/tests/tap.sh"
# under --enable-valgrind each program writes its own log; all must stay empty
RUN="${REGSPEC_WRAP:+$REGSPEC_WRAP --log-file=$tmp/vg.%p }$REGSPEC"
T="tmux -L rsw$$ -f /dev/null"
tap_on_exit() { $T kill-server 2>/dev/null; }
tap_on_fail() { $T capture-pane -p -t "$S" 2>/dev/null | sed 's/^/# /'; }
wait_for() { # wait_for PATTERN: poll the screen for up to 15 s
	i=0
	while [ $i -lt 150 ]; do
		$T capture-pane -p -t "$S" >"$tmp/screen" 2>/dev/null
		grep -q -- "$1" "$tmp/screen" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
start() { # start NAME ENV...
	S=$1
	shift
	$T new-session -d -s "$S" -x 100 -y 30 "env REGSPEC_HISTFILE=/dev/null TERM=screen $* $RUN -q; sleep 30"
	wait_for 'regspec>'
}

start toy
$T send-keys -t toy 'cliques 5 3 2' Enter 'alpha 1' Enter 'watch' Enter
wait_for 'regspec watch: cliques 5 3 2'
check "the view opens with the model in its header" $?
# each panel is waited for: under load tmux may show a frame half drawn
wait_for '0.724819    0.769231    ok'
check "the lambda / mu table shows the toy graph's values" $?
wait_for '^2  *2   +   -'
check "the sign grid shows Theorem 1 (block 1 alone on x_2)" $(grep -q '^1  *1   -   -' "$tmp/screen"; echo $?)
$T send-keys -t toy Right
wait_for '= 1.1 absolute'
check "Right moves alpha by 10 % and everything follows" $(grep -q '0.74934[0-9]' "$tmp/screen" || grep -q '= 1.1 absolute' "$tmp/screen"; echo $?)
$T send-keys -t toy Up
wait_for 'k stays between 1 and 2'
check "Up past K - 1 says why k stays" $?
$T send-keys -t toy Down
wait_for 'k = 1 '
check "Down lowers k" $?
$T send-keys -t toy '?'
wait_for 'PgUp / PgDn'
check "? shows the keys" $?
$T send-keys -t toy '?' '=' '0.5' Enter
wait_for '= 0.5 absolute'
check "= types an exact alpha" $?
# the field edits (an arrow is no text, Backspace erases) and Esc cancels:
# ncurses' own line reader typed both as text, and Esc never left it.
# Each key waits for the field to show what came before it: keys sent
# behind an Esc would be read with it (Alt+=)
$T send-keys -t toy '=' '7' Left 'x' BSpace
wait_for 'alpha (absolute) = 7 *$'
$T send-keys -t toy Escape
wait_for 'arrows: alpha, k'
check "... Esc leaves the field, alpha unchanged" $(grep -q '= 0.5 absolute' "$tmp/screen"; echo $?)
$T send-keys -t toy '=' '7' Left 'x' BSpace '5'
wait_for 'alpha (absolute) = 75 *$'
$T send-keys -t toy Enter
wait_for '= 75 absolute'
check "... an arrow types nothing there, Backspace erases" $?
$T send-keys -t toy '=' '3'
wait_for 'alpha (absolute) = 3 *$'
$T send-keys -t toy C-c
wait_for 'arrows: alpha, k'
check "... Ctrl-C leaves it too, as at the prompt" $(grep -q '= 75 absolute' "$tmp/screen"; echo $?)
$T send-keys -t toy '=' '-2' Enter
wait_for 'alpha: -2 is negative'
check "... a negative alpha is refused with the value named" $?
$T send-keys -t toy '=' '0.5' Enter
wait_for '= 0.5 absolute'
$T resize-window -t toy -x 60 -y 20
wait_for 'terminal too small'
check "a terminal below 80x24 says so" $?
$T resize-window -t toy -x 24 -y 6
wait_for '^ *24x6, need 80x24 *$' && wait_for '^ *q quits *$'
check "... each line within the width, none wrapped onto the next (24x6)" $?
$T resize-window -t toy -x 100 -y 30
wait_for 'regspec watch'
check "resized back, the view returns" $?
# Shift+Right as xterm sends it, ESC [ 1 ; 2 C, which TERM=screen's
# description lacks: alpha doubles, and the view stays (it took the Esc
# for a quit, and typed '2C' at the prompt); Alt+x is passed over
$T send-keys -t toy S-Right M-x
wait_for '= 1 absolute'
check "Shift+Right unknown to the terminal's description still doubles alpha; Alt+x does nothing" \
	$(grep -q 'regspec watch' "$tmp/screen"; echo $?)
$T send-keys -t toy S-Left
wait_for '= 0.5 absolute'
check "... and Shift+Left halves it" $?
$T send-keys -t toy q
wait_for 'left the live view at alpha = 0.5 absolute, k = 1'
check "q returns to the prompt with alpha and k kept" $?
$T send-keys -t toy 'alpha' Enter
wait_for 'alpha = 0.5 absolute'
check "the session goes on at the moved alpha" $?
# one block: no embedding column for x and y to pick (a division by zero)
$T send-keys -t toy 'cliques 10' Enter 'watch' Enter
wait_for 'regspec watch: cliques 10'
$T send-keys -t toy x
wait_for 'no embedding column: one block'
check "x on a one-block model says there is no column" $?
$T send-keys -t toy C-c
wait_for 'left the live view at alpha = 0.5 absolute, k = 0'
check "... and Ctrl-C leaves the view, as q does" $?

start mono NO_COLOR=1 REGSPEC_ASCII=1
$T send-keys -t mono 'cliques 5 3 2' Enter 'alpha 1' Enter 'watch' Enter
# wait for the last panel, not the header: the screen may be caught mid-draw
wait_for 'updated in'
wait_for '^lam o---'
ascii=$?
$T capture-pane -p -e -t mono >"$tmp/esc"
check "NO_COLOR: no colour escape sequences" $(! grep -q "$(printf '\033')\[[0-9;]*3[0-7]m" "$tmp/esc"; echo $?)
check "REGSPEC_ASCII: the number line in ASCII" $ascii
$T send-keys -t mono q

start graph
$T send-keys -t graph 'seed 2; sbm 200*10 0.1 0.002' Enter 'k 3' Enter 'alpha 1' Enter 'watch' Enter
wait_for 'products'
wait_for 'solver lanczos'
check "a graph is solved in the background and shown" $?
$T send-keys -t graph Right Right Right
wait_for '= 1.331 relative'
sleep 0.5
wait_for 'products, \(warm\|basis\)'
check "three keys coalesce to one solve at the latest alpha, warm or from the basis" $?
check "the status line keeps its key hints whole beside the solve's figures" \
	$(tail -n 1 "$tmp/screen" | grep -q 'arrows: alpha, k   a: abs/rel   ?: help   q: quit  .* products, '; echo $?)
$T resize-window -t graph -x 80 -y 24
wait_for 'rel (abs [0-9.]*)  k = 3\(  lanczos\)\{0,1\}$'
check "at 80 columns the header says it in shorter words, not cut in the middle of one" $?
wait_for 'ready.*products, '
check "at 80 columns the status line drops whole key hints, 'q: quit' last" \
	$(tail -n 1 "$tmp/screen" | grep -q 'arrows: alpha, k   q: quit  .* products, '; echo $?)
$T resize-window -t graph -x 100 -y 30
wait_for 'relative (abs [0-9.]*)  k = 3  solver lanczos'
# q with more typed behind it: the rest is for the prompt, not the view
$T send-keys -t graph q 'print typed-ahead' Enter
wait_for 'left the live view at alpha = 1.331 relative'
check "back at the prompt" $?
wait_for '^typed-ahead'
check "what was typed after q reaches the prompt" $?

# the look-ahead: idle after a solve, the view solves alpha x 1.1 and
# alpha / 1.1 and keeps them; once it is done ("ready" alone), a step
# either way is answered by what it found, not by Lanczos
$T send-keys -t graph 'watch' Enter
wait_for 'products'
wait_for ' ready   '
check "the look-ahead ends and the view says ready" $?
$T send-keys -t graph Right
wait_for '= 1.4641 relative'
wait_for 'products, ahead'
check "Right after the look-ahead: solved ahead, taken at once" $?
wait_for ' ready   '
$T send-keys -t graph Left Left
wait_for '= 1.21 relative'
wait_for 'products, \(ahead\|basis\)'
check "Left twice (coalesced, one step back past the start): ahead or from the basis too" $?
$T send-keys -t graph q
wait_for 'left the live view at alpha = 1.21 relative'
check "back at the prompt after the look-ahead" $?

# a graph's class table (columns 5 wide) stops short of the scatter
start wide
$T send-keys -t wide 'seed 2; sbm 200*10 0.1 0.002' Enter 'k 20' Enter 'alpha 1' Enter 'watch' Enter
wait_for 'products'
check "the class table stops before the scatter's frame" \
	$(grep -Eq '^class .*%x[0-9]+ +[|]' "$tmp/screen"; echo $?)
$T send-keys -t wide q

# a bipartite graph: its rows by class, its unlabelled columns as '^'
printf '0 0\n0 1\n1 1\n2 2\n2 3\n1 3\n' >"$tmp/bi.biedges"
printf '0\n0\n1\n' >"$tmp/bi.labels"
start bip
$T send-keys -t bip "load $tmp/bi.biedges" Enter 'alpha 1' Enter 'k 2' Enter 'watch' Enter
wait_for 'products'
check "a bipartite graph's columns are '^' in the scatter, its rows their class" \
	$(wait_for '|.*\^' && grep -q '|.*1' "$tmp/screen" && ! grep -q '|.*\.' "$tmp/screen"; echo $?)
$T send-keys -t bip q

# more classes than rows: the last line says how many are not shown, on a
# line of its own (it was written over the last class shown)
start many
$T send-keys -t many 'sbm paper' Enter 'k 5' Enter 'watch' Enter
wait_for 'products'
wait_for '^\.\.\. [0-9]* more'
check "the class table's '... N more' has its own line" \
	$(grep -Eq '^\.\.\. [0-9]+ more +[|+]' "$tmp/screen"; echo $?)
$T send-keys -t many q

# weights near 1e308 and an alpha set before them: the view says why there
# is no spectrum, and PgDn (halving alpha) is taken until one fits
start heavy
$T send-keys -t heavy 'alpha 100 rel' Enter "load $srcdir/tests/good/heavy-weights.edges" Enter 'k 1' Enter 'watch' Enter
wait_for "no spectrum: alpha 100 relative: alpha n^2"
check "an alpha too large for the weights: the view says why there is no spectrum" $?
$T send-keys -t heavy NPage NPage NPage NPage NPage NPage NPage
wait_for '= 0.78[0-9]* relative'
check "PgDn from an alpha refused is taken, down to one that fits" \
	$(wait_for '^ 2   0\.[0-9]'; echo $?)
$T send-keys -t heavy PPage PPage PPage PPage
wait_for 'alpha n^2 past the largest double'
check "PgUp past what the weights allow stops there and says why" $?
$T send-keys -t heavy q

# a key refused while a solve runs: the solve's arrival keeps the reason on
# the status line (it cleared it, so the second PgUp seemed to do nothing)
awk 'BEGIN { n = 5000; srand(3); for (i = 0; i < n; i++) { print i, (i + 1) % n, "1e302";
	for (j = 0; j < 4; j++) print i, int(rand() * n), "1e302" } }' >"$tmp/heavy-5000.edges"
start refused
$T send-keys -t refused "load $tmp/heavy-5000.edges" Enter 'k 10' Enter 'alpha 10 rel' Enter 'watch' Enter
wait_for 'products'
$T send-keys -t refused PPage PPage
wait_for '= 20 relative'
check "a key refused during a solve: the reason outlives the solve's arrival" \
	$(wait_for '^ ready[+a-z]* .*alpha n^2 past the largest double'; echo $?)
$T send-keys -t refused q

# The terminal closed under the live view (a window closed, an ssh link
# dropped): the program must end, not spin.  Once with SIGHUP delivered as
# usual, once with SIGHUP ignored (as under nohup), where only the lost
# terminal tells.
for how in hup nohup; do
	trap_cmd=
	[ $how = nohup ] && trap_cmd='trap "" HUP;'
	S=$how
	$T new-session -d -s "$S" -x 100 -y 30 \
		"sh -c '$trap_cmd echo \$\$ >$tmp/$how.pid; exec env REGSPEC_HISTFILE=/dev/null TERM=screen $RUN -q'"
	wait_for 'regspec>'
	$T send-keys -t "$S" 'seed 1; sbm 300*8 0.1 0.002' Enter 'alpha 1' Enter 'watch' Enter
	wait_for 'products'
	watching=$?
	pid=$(cat "$tmp/$how.pid" 2>/dev/null)
	$T kill-session -t "$S"
	i=0
	while [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	gone=1
	[ $watching -eq 0 ] && [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null && gone=0
	check "the terminal closed during watch ($how): the program ends within 10 s" $gone
	[ $gone -eq 0 ] || kill -9 "$pid" 2>/dev/null
done

if [ -n "${REGSPEC_WRAP:-}" ]; then
	$T kill-server 2>/dev/null
	sleep 1
	tap_valgrind_logs
fi
tap_done
