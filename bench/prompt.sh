#!/bin/sh
# bench/prompt.sh: a lone 10 % step of alpha typed at the prompt, in a real
# terminal (tmux), after the prompt has had the time a person takes to read
# and type (its look-ahead, src/idle.h), against the same step in a script
# (warm-started from the previous eigenvectors, no idle time) and cold
# ('set warm off').  Relative alpha 1 -> 1.1, k = 20, tol 1e-6.  Prints each
# step's solve time, operator applications and where its pairs came from
# (ahead: the look-ahead's solution for that alpha, taken as it is; its
# products were spent while the prompt waited), the idle time the prompt
# needed, and the speedups over the cold solve.
#   sh bench/prompt.sh [EDGES ...]  (default: the 2e5-node SBM of
#                                    bench/sparse.sh, generated; facebook)
#   IDLE=4 sh bench/prompt.sh       (type the step after 4 s, whatever the
#                                    look-ahead has done by then; default:
#                                    wait until 'info' says both are done)
# Needs tmux.  Run nothing else meanwhile: timings are wall clock.
set -eu
R=$(cd "$(dirname "${REGSPEC:-src/regspec}")" && pwd)/$(basename "${REGSPEC:-src/regspec}")
D=${DATA:-../shared/data}
command -v tmux >/dev/null 2>&1 || { echo "bench/prompt.sh: needs tmux" >&2; exit 2; }
tmp=$(mktemp -d)
sock="rsbench$$"
T="tmux -L $sock -f /dev/null"
trap '$T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
	"$R" -c "seed 1; sbm 2000*100 0.01 0.00001; save graph $tmp/sbm-200k.edges" >/dev/null
	set -- "$tmp/sbm-200k.edges"
	[ -f "$D/facebook/facebook_large.edges" ] && set -- "$@" "$D/facebook/facebook_large.edges"
fi

# field NAME FILE: the value of the last 'NAME  value' row of info in FILE
field() { grep "^$1 " "$2" | tail -1 | awk '{print $2}'; }
# source FILE: where the last solve's pairs came from
source_of() {
	if [ "$(field last_solved_ahead "$1")" = yes ]; then echo ahead
	elif [ "$(field last_basis_columns "$1")" != 0 ]; then echo basis
	elif [ "$(field last_warm_start "$1")" = yes ]; then echo warm
	else echo cold; fi
}
# screen: the pane's text, with its scrollback
screen() { $T capture-pane -p -J -S -2000 -t b >"$tmp/screen"; }
# wait_screen PATTERN SECONDS
wait_screen() {
	i=0
	while [ $i -lt $(($2 * 10)) ]; do
		screen
		grep -q -- "$1" "$tmp/screen" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

printf '%-22s %-7s %10s %9s %-6s %9s\n' graph step seconds products pairs speedup
for f in "$@"; do
	name=$(basename "$f" | sed 's/\.[^.]*$//')
	setup="load $f; set tol 1e-6; k 20; alpha 1 rel; eig"
	# cold and script-warm: one process each, no prompt
	"$R" -c "set warm off; $setup; alpha 1.1 rel; eig; info" >"$tmp/cold" 2>&1
	"$R" -c "$setup; alpha 1.1 rel; eig; info" >"$tmp/warm" 2>&1
	cold=$(field last_seconds "$tmp/cold")
	[ -n "$cold" ] || { echo "bench/prompt.sh: $f: the cold solve failed:" >&2; tail -3 "$tmp/cold" >&2; exit 1; }
	# the prompt: solve at 1, let it look ahead, then type the step
	$T new-session -d -s b -x 200 -y 50 "env REGSPEC_HISTFILE=/dev/null INPUTRC=/dev/null $R -q; sleep 600"
	wait_screen 'regspec>' 10 || { echo "bench/prompt.sh: no prompt" >&2; exit 1; }
	$T send-keys -t b "$setup" Enter
	wait_screen 'smallest of' 600 || { echo "bench/prompt.sh: $f: no solution" >&2; exit 1; }
	t0=$(date +%s.%N)
	# poll with info (which cancels a look-ahead in flight: what finished stays)
	# at three times the cold solve, so that one can finish between polls
	gap=$(echo "$cold" | awk '{g = 3 * $1 + 0.5; printf "%.1f", (g > 30 ? 30 : g)}')
	n=0
	[ -n "${IDLE:-}" ] && sleep "$IDLE"
	while [ -z "${IDLE:-}" ]; do
		sleep "$gap"
		$T clear-history -t b
		$T send-keys -t b C-l 'info' Enter
		sleep 0.3
		screen
		grep -q 'looked_ahead  *2' "$tmp/screen" && break
		n=$((n + 1))
		[ $n -lt 20 ] || break
	done
	idle=$(echo "$t0 $(date +%s.%N)" | awk '{printf "%.1f", $2 - $1}')
	$T send-keys -t b C-l
	sleep 0.2
	$T clear-history -t b
	$T send-keys -t b 'alpha 1.1 rel; eig; info' Enter
	wait_screen 'last_basis_columns' 600 || true
	screen
	cp "$tmp/screen" "$tmp/prompt"
	$T send-keys -t b 'quit' Enter
	sleep 0.3
	$T kill-session -t b 2>/dev/null || true
	for run in cold warm prompt; do
		s=$(field last_seconds "$tmp/$run")
		p=$(field last_matvecs "$tmp/$run")
		printf '%-22s %-7s %10.6f %9s %-6s %8.1fx\n' "$name" "$run" "$s" "$p" "$(source_of "$tmp/$run")" \
			"$(echo "$cold $s" | awk '{print $1 / $2}')"
	done
	how="polled every $gap s"
	[ -n "${IDLE:-}" ] && how="IDLE=$IDLE"
	echo "# $name: the prompt was idle $idle s before the step ($how)"
done
