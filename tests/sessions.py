#!/usr/bin/python3
"""tests/sessions.py REGSPEC TMPDIR [SESSIONS] [FIRST_SEED]: random sessions.

Each session is a script of 10 to 40 commands drawn, with a seeded
generator, from what a person types: models and graphs made and loaded
(files of tests/good, ../shared/data, and the files earlier commands of the
session saved), labels, noise, components, alpha, k and eps changed, every
solver, the spectral commands, clustering, scores, sweeps, experiments,
saves in every format, plots dumped, settings, expectations, and slips
among them (bad numbers, missing files, a list typed as words).  It runs
under 'set bail off' as a script, so one command's error leaves the rest
to run, and must:

  - exit with status 0 or 1 (2 and above: a usage error, a crash, a kill);
  - write nothing to stderr but one-line messages that start with the
    script's name and line ('s7.regspec:12: '), with no sanitizer report;
  - end within 120 seconds (SESSION_TIMEOUT in the environment: more
    under valgrind);
  - and, read with --check, report errors only at lines where the run
    reported one (a check that refuses what runs would be worse than none).

Sessions share TMPDIR/saved, as a person's folder fills over a day: a
session may load what an earlier one saved (a stale NAME.node_names beside
a newer NAME.npz was found that way), so a failure is reproduced by running
the same range of seeds again.

A session that breaks a rule is a 'not ok' line, with its script kept as
TMPDIR/fail-SEED.regspec to run again.  REGSPEC may hold a wrapper before
the program (valgrind ...).  Output: TAP, one line a session.  Run more
with a build under the sanitizers:

  ./configure --enable-asan --enable-ubsan && make
  /usr/bin/python3 tests/sessions.py src/regspec /tmp/s 500 1000
"""
import os
import random
import re
import shlex
import subprocess
import sys


def data_files(top):
    good = os.path.join(top, "tests", "good")
    shared = os.path.join(top, "..", "shared", "data")
    graphs = [os.path.join(good, f) for f in (
        "two-triangles.edges", "parts.edges", "karate.gw", "karate.dot", "clubs.gml",
        "both-ends.edges", "both-sides.mtx", "karate.g6", "letters.tsv.gz", "karate.lgl",
        "people.graphml", "cities.net", "friends.json", "karate-csr.npz", "karate.gdf")]
    labels = [os.path.join(good, f) for f in (
        "parts.labels", "two-triangles.cmty.txt", "letters.tsv.labels")]
    for f in ("karate/karate.edges", "davis/davis.biedges", "football/football.gml",
              "polbooks/polbooks.gml"):
        if os.path.exists(os.path.join(shared, f)):
            graphs.append(os.path.join(shared, f))
    if os.path.exists(os.path.join(shared, "karate/karate.labels")):
        labels.append(os.path.join(shared, "karate/karate.labels"))
    return [g for g in graphs if os.path.exists(g)], labels


def session(rnd, graphs, labels, out):
    saved_graphs = [os.path.join(out, "g." + x) for x in (
        "edges", "csv", "gml", "graphml", "net", "json", "mtx", "npz", "gexf", "dot", "lgl")]
    saved_labels = [os.path.join(out, x) for x in ("lab.txt", "lab.csv", "cl.csv", "cl.txt", "lab.json")]
    any_graph = graphs + saved_graphs + [os.path.join(out, "missing.edges")]
    number = lambda: rnd.choice(["0", "1", "0.5", "2", "10", "1e-3", "-1", "x", "1e9", "0.1", "3", "-0"])
    q = shlex.quote
    commands = [
        lambda: "cliques " + " ".join(rnd.choice("1234579") for _ in range(rnd.randint(1, 5)))
        + rnd.choice(["", " eps 0.1", " noloops", " theta random 0.5 2"]),
        lambda: "bicliques " + rnd.choice(["3,2 2,2", "4,1 1,4", "2 2", "3,3,3 1,2,3"]),
        lambda: "sbm " + rnd.choice(["20*3 0.5 0.05", "30 20 10 0.4 0.02", "10,10 0.9 0.1 loops", "paper",
                                     "15 15 matrix 0.5,0.1,0.1,0.5", "50 1 0", "40 40 0.3"]),
        lambda: "load " + q(rnd.choice(any_graph)) + rnd.choice(
            ["", "", " directed", " merge sum", " unweighted", " bipartite", " nolabels", " compact"]),
        lambda: "labels " + q(rnd.choice(labels + saved_labels + ["club", "team", "value", "id", "bogus"])),
        lambda: "labels",
        lambda: "noise " + rnd.choice(["0.1", "0.5", "0", "2", "x"]),
        lambda: "component" + rnd.choice(["", " 2", " 5"]),
        lambda: "alpha " + number() + rnd.choice(["", " rel", " abs", " relative"]),
        lambda: "k " + rnd.choice(["1", "2", "3", "5", "20", "auto", "0"]),
        lambda: "eps " + number(),
        lambda: "seed " + rnd.choice(["1", "2", "42"]),
        lambda: rnd.choice(["eig", "eig all", "mu", "signs", "embed", "embed nodes", "embed blocks", "info",
                            "score", "set"]),
        lambda: "cluster " + rnd.choice(["", "2", "3", "5", "2 normalize", "3 dims 2", "2 first",
                                         "4 restarts 3"]),
        lambda: "sweep alpha " + rnd.choice(["0.1 2 5", "0 1 3", "0.01 10 4 log", "1 1 2"]),
        lambda: "experiment " + rnd.choice(["alpha 0,1 reps 1", "noise 0,0.1 alpha 1", "K true alpha 0.1",
                                            "alpha 0 0.1", "alpha 1 table markdown"]),
        lambda: "save graph " + q(rnd.choice(saved_graphs)),
        lambda: "save " + rnd.choice(["labels", "clusters"]) + " " + q(rnd.choice(saved_labels)),
        lambda: "save embedding " + q(os.path.join(out, rnd.choice(["e.csv", "e.tsv", "e.npy", "e.mtx",
                                                                     "e.mat"]))),
        lambda: "set " + rnd.choice(["solver dense", "solver lanczos", "solver auto", "solver aggregate",
                                     "tol 1e-6", "warm off", "warm on", "format json", "format text",
                                     "format csv", "digits 4", "basis float", "bipartite adjacency",
                                     "bipartite biadjacency", "verbose on"]),
        lambda: "plot dump on; plot " + rnd.choice(["embed", "spectrum", "signs", "sweep", "mu", "scores",
                                                    "embed by cluster", "sweep alpha 0.1 1 3", "embed 2 3"]),
        lambda: "expect " + rnd.choice(["nodes 10", "interleaved[1] true", "theorem_holds true"]),
        # a reader forced on a file of another format: its error, not a crash
        lambda: "load " + q(rnd.choice(graphs)) + " format " + rnd.choice(
            ["edges", "mtx", "gml", "graphml", "pajek", "json", "adjlist", "dot", "gexf", "metis", "dl", "lgl",
             "graph6", "npz", "matrix"]),
        # slips in a command's own words, which --check finds too
        lambda: rnd.choice(["cluster 2 dimz 2", "sbm 20 20 0.5 1.5", "cliques 5 3 theta 1 2 3", "eig al",
                            "embed node", "component 0", "set solvr dense", "plot embd", "plot embed 2", "plot spectrum x.jpg",
                            "plot sweep 0 1 5 lg", "plot output x.png size 10 10", "save embeding x.csv",
                            "sweep alhpa 0 1 3", "noise 2x", "bicliques 3,2 2", "plot mu 1,,2",
                            "sbm 1*3000 matrix 0.5", "save labels l.gml", "load " + q(rnd.choice(graphs))
                            + " weigth w"]),
        lambda: rnd.choice(["help " + rnd.choice(["load", "alpha", "plot", "formats", "syntax", "nope"]),
                            "echo on", "echo off", "print step", "watch", "pause", "frobnicate", "e",
                            "plot term dumb; plot embed", "plot term dumb; plot spectrum"]),
    ]
    lines = ["set bail off"]
    for _ in range(rnd.randint(10, 40)):
        lines.append(rnd.choice(commands)())
    return "\n".join(lines) + "\n"


SANITIZER = re.compile(r"AddressSanitizer|LeakSanitizer|runtime error|==\d+== ")


def main():
    regspec = shlex.split(sys.argv[1])
    tmp = sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    graphs, labels = data_files(top)
    out = os.path.join(tmp, "saved")
    os.makedirs(out, exist_ok=True)
    print("1..%d" % count)
    env = dict(os.environ, REGSPEC_HISTFILE="/dev/null", LC_ALL="C")
    limit = float(os.environ.get("SESSION_TIMEOUT", "120"))
    for n, seed in enumerate(range(first, first + count), 1):
        rnd = random.Random(seed)
        name = "s%d.regspec" % seed
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(session(rnd, graphs, labels, out))
        why = []
        try:
            p = subprocess.run(regspec + [path], cwd=tmp, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=limit)
            err = p.stderr.decode("utf-8", "replace")
            if p.returncode not in (0, 1):
                why.append("exit status %d" % p.returncode)
            if SANITIZER.search(err):
                why.append("a sanitizer or valgrind report")
            stray = [l for l in err.splitlines() if l and not re.match(re.escape(path) + r":\d+: |" +
                                                                        re.escape(name) + r":\d+: ", l)]
            if stray and not why:
                why.append("a line of stderr not 'FILE:LINE: ...': %r" % stray[0][:120])
            # --check finds errors only where running finds them too
            c = subprocess.run(regspec + ["--check", path], cwd=tmp, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=limit)
            cerr = c.stderr.decode("utf-8", "replace")
            if c.returncode not in (0, 1) or SANITIZER.search(cerr):
                why.append("--check: exit status %d or a sanitizer report" % c.returncode)
            ran = set(re.findall(r"^(?:.*/)?" + re.escape(name) + r":(\d+): ", err, re.M))
            for line in re.findall(r"^(?:.*/)?" + re.escape(name) + r":(\d+): ", cerr, re.M):
                if line not in ran and not why:
                    why.append("--check finds an error at line %s that the run does not" % line)
        except subprocess.TimeoutExpired:
            why.append("still running after %g s" % limit)
        if why:
            keep = os.path.join(tmp, "fail-%d.regspec" % seed)
            os.replace(path, keep)
            print("not ok %d - session %d: %s (%s)" % (n, seed, "; ".join(why), keep))
        else:
            os.remove(path)
            print("ok %d - session %d" % (n, seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
