#!/usr/bin/python3
"""tests/livekeys.py REGSPEC TMPDIR [EPISODES] [FIRST_SEED]: random keys
in the live view, in a real terminal (tmux).

Each episode starts the prompt in a fresh tmux server at a random size and
TERM, makes a model or loads a graph, opens 'watch' and presses 20 to 80
keys drawn with a seeded generator from what a person presses there: the
arrows, PgUp/PgDn, Shift and Alt with keys, Home and End, the view's
letters, '=' and what follows it (digits, Backspace, Enter, Esc), Ctrl-C,
Ctrl-L, Tab, and resizes of the window, small ones below 80x24 among them,
at random pauses (none, 20 ms, 0.1 s, 0.3 s), so that keys land during
solves and drawing. An Esc or a Ctrl-C among them leaves the view, and
the keys after it are typed at the prompt, as they would be. Then it
leaves the view and types 'quit', and the program must:

  - exit, with status 0 or 1, within the time given (LIVEKEYS_TIMEOUT
    seconds in the environment; 20 by default);
  - leave no sanitizer report (ASan and UBSan write theirs to files here)
    and, under a valgrind wrapper, an empty valgrind log.

An episode that breaks a rule is a 'not ok' line with its seed, setup,
size and keys, and the screen kept as TMPDIR/screen-SEED. REGSPEC may
hold a wrapper before the program (valgrind ...). Output: TAP, one line an
episode. Run more with a build under the sanitizers:

  ./configure --enable-asan --enable-ubsan && make
  /usr/bin/python3 tests/livekeys.py src/regspec /tmp/k 100 1000
"""
import glob
import os
import random
import shlex
import subprocess
import sys
import time

SETUPS = [
    "cliques 5 3 2; alpha 1",
    "cliques 50 30 20 10; alpha 0.3 relative; k 3",
    "cliques 4 4 4; noise 0.2",
    "cliques 3; alpha 0",
    "cliques 5 3 2 theta random 0.5 2; alpha 2",
    "cliques 5 3 2 noloops; eps 0.5",
    "biclique 5,3,2 4,6,2; alpha 1",
    "sbm 200 100 50 0.5 0.05; alpha 1",
    "sbm 30*5 0.3 0.01; k 4; cluster",
    "sbm 40 40 0.3 0.3; alpha 0",
    "sbm paper; k 5",
]
KEYS = ["Left", "Right", "Up", "Down", "PPage", "NPage", "S-Left", "S-Right", "Home", "End",
        "a", "0", "?", "x", "y", "e", "E", "c", "p", "k", "q", "=", "Enter", "Escape", "M-x",
        "1", "5", ".", "-", "BSpace", "C-u", "Tab", "C-l", "C-c", "z"]
SIZES = [(100, 30), (80, 24), (200, 60), (60, 20), (120, 40), (79, 23), (24, 6)]


def data_setups(top):
    shared = os.path.join(top, "..", "shared", "data")
    good = os.path.join(top, "tests", "good")
    out = []
    for f, extra in (("polbooks/polbooks.gml", "; alpha 1; k 3"), ("karate/karate_club.gml", ""),
                     ("football/football.gml", "; alpha 0.5"), ("polblogs/polblogs.gml", "")):
        if os.path.exists(os.path.join(shared, f)):
            out.append("load " + shlex.quote(os.path.join(shared, f)) + extra)
    for f in ("clubs.gml", "two-triangles.edges"):
        if os.path.exists(os.path.join(good, f)):
            out.append("load " + shlex.quote(os.path.join(good, f)))
    return out


def terms():
    have = []
    for t in ("screen", "xterm-256color", "tmux-256color", "xterm", "vt100"):
        try:
            if subprocess.run(["infocmp", t], capture_output=True).returncode == 0:
                have.append(t)
        except OSError:  # no infocmp: the one every terminfo has
            return ["xterm"]
    return have or ["xterm"]


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: livekeys.py REGSPEC TMPDIR [EPISODES] [FIRST_SEED]\n")
        return 2
    regspec = sys.argv[1]
    tmp = sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    limit = float(os.environ.get("LIVEKEYS_TIMEOUT", "20"))
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    setups = SETUPS + data_setups(top)
    tts = terms()
    os.makedirs(tmp, exist_ok=True)
    server = []

    def tmux(*a):
        if not server:
            return ""
        return subprocess.run(server + list(a), capture_output=True, text=True).stdout

    # a valgrind wrapper logs to a file of its own; the sanitizers too
    words = regspec.split()
    if len(words) > 1 and "valgrind" in words[0]:
        words.insert(1, "--log-file=" + os.path.join(tmp, "vg.%p"))
    san = os.path.join(tmp, "san")
    # readline's own leak in vi mode is suppressed (tests/lsan.supp says which)
    supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsan.supp")
    env = "ASAN_OPTIONS=%s UBSAN_OPTIONS=%s LSAN_OPTIONS=%s" % (
        shlex.quote(":".join(x for x in (os.environ.get("ASAN_OPTIONS", ""), "log_path=" + san) if x)),
        shlex.quote(":".join(x for x in (os.environ.get("UBSAN_OPTIONS", ""), "log_path=" + san) if x)),
        shlex.quote(":".join(x for x in (os.environ.get("LSAN_OPTIONS", ""), "suppressions=" + supp, "print_suppressions=0") if x)))
    print("1..%d" % count, flush=True)
    status = 0
    try:
        for n in range(1, count + 1):
            seed = first + n - 1
            rnd = random.Random(seed)
            for f in glob.glob(os.path.join(tmp, "san.*")) + glob.glob(os.path.join(tmp, "vg.*")):
                os.remove(f)
            done = os.path.join(tmp, "exit")
            if os.path.exists(done):
                os.remove(done)
            w, h = rnd.choice(SIZES[:5])
            term = rnd.choice(tts)
            setup = rnd.choice(setups)
            extra = rnd.choice(["", "", "NO_COLOR=1", "REGSPEC_ASCII=1"])
            cmd = "env %s REGSPEC_HISTFILE=/dev/null TERM=%s %s %s -q; echo $? >%s; sleep 600" % (
                env, term, extra, " ".join(shlex.quote(x) for x in words), shlex.quote(done))
            # a server of its own: kill-server returns before the old one
            # has gone, and a session made meanwhile would go with it
            tmux("kill-server")
            server[:] = ["tmux", "-L", "rslk%d-%d" % (os.getpid(), n), "-f", "/dev/null"]
            tmux("new-session", "-d", "-x", str(w), "-y", str(h), cmd)
            keys = []
            for line in ("plot output " + shlex.quote(os.path.join(tmp, "p.png")), setup, "watch"):
                tmux("send-keys", line, "Enter")
                time.sleep(0.5)
            for _ in range(rnd.randint(20, 80)):
                if rnd.random() < 0.06:
                    w2, h2 = rnd.choice(SIZES)
                    tmux("resize-window", "-x", str(w2), "-y", str(h2))
                    keys.append("resize %dx%d" % (w2, h2))
                else:
                    k = rnd.choice(KEYS)
                    tmux("send-keys", k)
                    keys.append(k)
                time.sleep(rnd.choice([0.0, 0.02, 0.1, 0.3]))
            # leave the view (Esc), then the prompt: an empty line, 'quit'
            end = time.time() + limit
            while time.time() < end and not os.path.exists(done):
                # (-J: a long line typed at the prompt, wrapped, as one)
                screen = tmux("capture-pane", "-p", "-J")
                lines = [x for x in screen.splitlines() if x.strip()]
                # the view's last line is its status line; where the
                # terminal has no alternate screen (vt100) the view's
                # drawing stays above the prompt once it is left
                # (or a line of the view's drawing is left below the
                # prompt, where a resize reflowed the screen: the
                # cursor's row says where the prompt is)
                rows = tmux("capture-pane", "-p").split("\n")
                y = tmux("display-message", "-p", "#{cursor_y}").strip()
                at = rows[int(y)] if y.isdigit() and int(y) < len(rows) else ""
                if (lines and lines[-1].startswith("regspec>")) or at.startswith("regspec>"):
                    tmux("send-keys", "C-e", "C-u")
                    time.sleep(0.2)
                    tmux("send-keys", "quit", "Enter")
                else:
                    tmux("send-keys", "Escape")
                time.sleep(0.7)
            why = []
            if not os.path.exists(done):
                why.append("still running %g s after the last key" % limit)
            else:
                code = open(done).read().strip()
                if code not in ("0", "1"):
                    why.append("exit status " + code)
            if glob.glob(os.path.join(tmp, "san.*")):
                why.append("a sanitizer report")
            if any(os.path.getsize(f) > 0 for f in glob.glob(os.path.join(tmp, "vg.*"))):
                why.append("a valgrind report")
            if why:
                status = 1
                keep = os.path.join(tmp, "screen-%d" % seed)
                with open(keep, "w") as f:
                    ls = subprocess.run(server + ["ls"], capture_output=True, text=True)
                    f.write("tmux ls: %s %s\n" % (ls.stdout.strip(), ls.stderr.strip()))
                    f.write(tmux("capture-pane", "-p"))
                    for r in glob.glob(os.path.join(tmp, "san.*")) + glob.glob(os.path.join(tmp, "vg.*")):
                        f.write("\n==> %s\n" % r)
                        f.write(open(r, errors="replace").read())
                print("not ok %d - episode %d: %s (setup %r, %dx%d, TERM=%s %s, keys %s; %s)" % (
                    n, seed, "; ".join(why), setup, w, h, term, extra, " ".join(keys), keep), flush=True)
            else:
                print("ok %d - episode %d" % (n, seed), flush=True)
    finally:
        tmux("kill-server")
    return status


if __name__ == "__main__":
    sys.exit(main())
