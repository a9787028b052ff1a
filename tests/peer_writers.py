#!/usr/bin/env python3
"""peer_writers.py: regspec's readers against the writers users have.

Random graphs (seeded: string names with blanks, quotes and accents,
weights from 1e-7 to 1e5, whole and not, self-loops, isolated nodes,
directed graphs and multigraphs) are written by networkx, igraph and
scipy in every format they share with regspec, read back by 'load' and
saved by 'save graph g.csv', and compared with the graph written: the
same nodes by name, the same edges, the same weights (to the digits the
writer kept).  Node attributes come back as labels ('load F labels club'),
and networkx's communities, dumped to JSON, as labels too.
And the other way: graphs regspec saves (GML, GraphML, GEXF, node-link
JSON, Pajek, LGL, Matrix Market, npz, MAT-file) read by those peers.

Usage: peer_writers.py REGSPEC SCRATCH [GRAPHS]
Output: one TAP line per writer and format (its first differences as a
comment when it fails), without the plan line; status 0 when it ran to
its end (tests/peers.sh counts the failures).
"""
import csv
import json
import os
import random
import subprocess
import sys

import igraph as ig
import networkx as nx
import scipy.io
import scipy.sparse as sp

REGSPEC, SCRATCH = sys.argv[1], sys.argv[2]
GRAPHS = int(sys.argv[3]) if len(sys.argv) > 3 else 6
WEIGHTS = [1, 2, 3, 0.5, 0.25, 1e-7, 123456.789, 1e5]


def regspec(script):
    """regspec run on script; its status is 0 when every command worked (and,
    under REGSPEC_WRAP's valgrind, without an error)."""
    return subprocess.run(REGSPEC.split() + ["-q"], input=script, capture_output=True, text=True)


def dump_json(obj, path):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(obj, fh)


def labels_back(script):
    """The labels regspec saves after script: ({node: label}, ""), or (None, its error's first line)."""
    out = os.path.join(SCRATCH, "labels.csv")
    if os.path.exists(out):
        os.remove(out)
    run = regspec(script + f"save labels {out}\n")
    if run.returncode != 0 or not os.path.exists(out):  # a failure, under valgrind an error
        return None, run.stderr.strip().split("\n")[0]
    with open(out, encoding="utf-8") as fh:
        return {row[0]: row[1] for row in list(csv.reader(fh))[1:]}, ""


def read_back(path, opts=""):
    """The graph regspec reads from path: (nodes, {frozenset(names): weight}), or an error."""
    out = os.path.join(SCRATCH, "back.csv")
    names_file = os.path.join(SCRATCH, "back.node_names")
    for f in (out, names_file):
        if os.path.exists(f):
            os.remove(f)
    run = regspec(f"load {path} {opts}\nsave graph {out}\n")
    if run.returncode != 0 or not os.path.exists(out):
        return None, run.stderr.strip()
    names = {}
    if os.path.exists(names_file):
        with open(names_file, encoding="utf-8") as fh:
            for line in fh.read().split("\n"):
                if line and not line.startswith("#"):
                    i, name = line.split("\t", 1)
                    names[int(i)] = name
    nodes, edges = None, {}
    with open(out, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    for line in lines:
        if line.startswith("# nodes:"):
            nodes = int(line.split()[2])
    body = [line for line in lines if line and not line.startswith("#")][1:]
    for row in csv.reader(body):
        u, v = (names.get(int(x), x) for x in row[:2])
        edges[frozenset((u, v))] = float(row[2]) if len(row) > 2 else 1.0
    return (nodes, edges), run.stderr.strip()


def expected(G, weighted=True, name=str):
    """What regspec should read: undirected, parallel edges and arcs merged by their largest weight."""
    edges = {}
    for u, v, d in G.edges(data=True):
        key = frozenset((name(u), name(v)))
        w = float(d.get("weight", 1.0)) if weighted else 1.0
        edges[key] = max(edges.get(key, 0.0), w)
    return G.number_of_nodes(), edges


def differences(want, got, rel):
    wn, we = want
    gn, ge = got
    out = []
    if wn != gn:
        out.append(f"{gn} nodes, {wn} written")
    out += [f"edge {sorted(k)} missing" for k in we if k not in ge][:2]
    out += [f"edge {sorted(k)} not written" for k in ge if k not in we][:2]
    out += [f"edge {sorted(k)} weighs {ge[k]!r}, {we[k]!r} written" for k in we
            if k in ge and abs(ge[k] - we[k]) > rel * abs(we[k])][:2]
    return out


results = {}  # what was checked -> [graphs, failures, first difference]


def record(tag, problems):
    r = results.setdefault(tag, [0, 0, ""])
    r[0] += 1
    if problems:
        r[1] += 1
        r[2] = r[2] or "; ".join(problems)[:300]


def check(tag, G, path, opts="", weighted=True, rel=1e-15, name=str):
    got, err = read_back(path, opts)
    if got is None:
        record(tag, ["load: " + err.split("\n")[0]])
    else:
        record(tag, differences(expected(G, weighted, name), got, rel))


def random_graph(seed, names):
    rnd = random.Random(seed)
    n = rnd.randint(5, 50)
    G = nx.gnp_random_graph(n, rnd.uniform(0.05, 0.3), seed=seed)
    G.add_nodes_from(range(n, n + rnd.randint(0, 2)))  # isolated nodes
    for u in rnd.sample(range(n), 2):
        if rnd.random() < 0.5:
            G.add_edge(u, u)
    for u, v in G.edges:
        G[u][v]["weight"] = rnd.choice(WEIGHTS + [round(rnd.uniform(0.01, 100), 6)])
    if names == "words":
        pool = ["alpha", "b-eta", "Jos\u00e9", "n_1", "x.y", "Z", "m\u00fcnchen", "a/b"]
        G = nx.relabel_nodes(G, {u: f"{pool[u % len(pool)]}{u}" for u in G.nodes})
    elif names == "quoted":
        G = nx.relabel_nodes(G, {u: f'node {u} "q",' if u % 3 == 0 else f"v{u}" for u in G.nodes})
    return G


def without_isolated(G):
    H = G.copy()
    H.remove_nodes_from(list(nx.isolates(G)))
    return H


def write_networkx(seed):
    for names in ("ids", "words", "quoted"):
        G = random_graph(seed, names)
        blanks = names == "quoted"
        p = os.path.join(SCRATCH, "g")
        nx.write_gml(G, p + ".gml")
        check("GML as networkx writes it", G, p + ".gml")
        nx.write_graphml(G, p + ".graphml")
        check("GraphML as networkx writes it", G, p + ".graphml")
        nx.write_gexf(G, p + ".gexf")
        check("GEXF as networkx writes it", G, p + ".gexf")
        dump_json(nx.node_link_data(G), p + ".json")
        check("node-link JSON as networkx writes it", G, p + ".json")
        if blanks:
            continue  # the whitespace formats cannot hold names with blanks
        nx.write_multiline_adjlist(G, p + ".madj")
        check("multiline adjacency list as networkx writes it", G, p + ".madj", "format adjlist")
        nx.write_pajek(G, p + ".net")
        check("Pajek as networkx writes it", G, p + ".net")
        H = without_isolated(G)  # edge lists have no place for them
        # numbers for names: 'compact' says they are names, not positions
        # (by default a gap the isolated nodes left would be nodes again)
        ids = "compact" if names == "ids" else ""
        nx.write_edgelist(H, p + ".edges", data=["weight"])
        check("edge list as networkx writes it", H, p + ".edges", ids)
        nx.write_edgelist(H, p + ".dict.edges")
        check("edge list with attribute dicts as networkx writes it", H, p + ".dict.edges", ids)
        nx.write_weighted_edgelist(H, p + ".w.edges")
        check("weighted edge list as networkx writes it", H, p + ".w.edges", ids)
        nx.write_adjlist(H, p + ".adjlist")
        check("adjacency list as networkx writes it", H, p + ".adjlist", ids, weighted=False)
    G = nx.convert_node_labels_to_integers(random_graph(seed, "ids"))
    p = os.path.join(SCRATCH, "g")
    simple = nx.Graph(G)
    simple.remove_edges_from(list(nx.selfloop_edges(simple)))
    nx.write_graph6(simple, p + ".g6")
    check("graph6 as networkx writes it", simple, p + ".g6", weighted=False)
    nx.write_sparse6(G, p + ".s6")
    check("sparse6 as networkx writes it", G, p + ".s6", weighted=False)
    # directed graphs and multigraphs: arcs and parallel edges merged
    rnd = random.Random(seed)
    for cls in (nx.DiGraph, nx.MultiGraph, nx.MultiDiGraph):
        D = cls()
        n = rnd.randint(3, 30)
        D.add_nodes_from(f"n{i}" for i in range(n))
        for _ in range(rnd.randint(1, 3 * n)):
            D.add_edge(f"n{rnd.randrange(n)}", f"n{rnd.randrange(n)}", weight=rnd.choice(WEIGHTS))
        kind = cls.__name__
        nx.write_gml(D, p + ".gml")
        check(f"GML, {kind} as networkx writes it", D, p + ".gml")
        nx.write_graphml(D, p + ".graphml")
        check(f"GraphML, {kind} as networkx writes it", D, p + ".graphml")
        nx.write_gexf(D, p + ".gexf")
        check(f"GEXF, {kind} as networkx writes it", D, p + ".gexf")
        dump_json(nx.node_link_data(D), p + ".json")
        check(f"node-link JSON, {kind} as networkx writes it", D, p + ".json")
        nx.write_pajek(D, p + ".net")
        check(f"Pajek, {kind} as networkx writes it", D, p + ".net")
        H = without_isolated(D)
        nx.write_edgelist(H, p + ".dict.edges")
        check(f"edge list with attribute dicts, {kind} as networkx writes it", H, p + ".dict.edges")


def write_scipy(seed):
    G = nx.convert_node_labels_to_integers(random_graph(seed, "ids"))
    A = nx.to_scipy_sparse_array(G, weight="weight", format="coo")
    p = os.path.join(SCRATCH, "s")
    # mmwrite keeps 16 significant digits, not the 17 a double needs
    scipy.io.mmwrite(p + ".mtx", sp.coo_matrix(A))
    check("Matrix Market (mmwrite) as scipy writes it", G, p + ".mtx", rel=1e-15)
    sp.save_npz(p + ".npz", sp.csr_matrix(A))
    check("save_npz as scipy writes it", G, p + ".npz")
    scipy.io.savemat(p + ".mat", {"A": sp.csc_matrix(A)})
    check("MAT-file (savemat) as scipy writes it", G, p + ".mat")


def write_igraph(seed):
    G = nx.convert_node_labels_to_integers(random_graph(seed, "ids"))
    g = ig.Graph.from_networkx(G)  # vertex attribute _nx_name: the node
    g.vs["name"] = [f"v{i}" for i in range(g.vcount())]
    named = nx.relabel_nodes(G, {i: f"v{i}" for i in G.nodes})
    p = os.path.join(SCRATCH, "i")
    g.write_graphml(p + ".graphml")
    check("GraphML as igraph writes it", named, p + ".graphml")
    g.write_gml(p + ".gml")
    check("GML as igraph writes it", named, p + ".gml")
    g.write_pajek(p + ".net")  # no names: it writes an 'id' attribute only
    check("Pajek as igraph writes it", G, p + ".net")
    g.write_lgl(p + ".lgl", names="name", weights="weight", isolates=True)
    check("LGL as igraph writes it", named, p + ".lgl")
    g.write_leda(p + ".gw", names="name", weights="weight")
    check("LEDA as igraph writes it", named, p + ".gw")
    H = without_isolated(named)
    h = ig.Graph.from_networkx(H)
    h.write_ncol(p + ".ncol", names="_nx_name", weights="weight")
    check("NCOL as igraph writes it", H, p + ".ncol")
    g.write_dimacs(p + ".dimacs", source=0, target=1, capacity="weight")
    check("DIMACS as igraph writes it", G, p + ".dimacs", name=lambda u: str(u))


def write_labels(seed):
    """Node attributes as labels, by the value each writer puts in the file."""
    rnd = random.Random(seed)
    G = nx.relabel_nodes(nx.gnp_random_graph(rnd.randint(4, 30), 0.3, seed=seed), lambda u: f"v{u}")
    kind = seed % 4
    values = (["Mr. Hi", "Officer", "x y", "Z\u00fcrich"], [0, 1, 2, 17], [0, "a", 3, "b c"], [True, False])[kind]
    for u in G.nodes:
        G.nodes[u]["club"] = rnd.choice(values)
    text = {True: "true", False: "false"}
    for ext, write in (("gml", nx.write_gml), ("graphml", nx.write_graphml), ("gexf", nx.write_gexf),
                       ("json", lambda G, p: dump_json(nx.node_link_data(G), p))):
        p = os.path.join(SCRATCH, "l." + ext)
        write(G, p)
        tag = f"{ext.upper() if ext != 'graphml' else 'GraphML'} as networkx writes it, a node attribute as labels"
        got, err = labels_back(f"load {p} labels club\n")
        if got is None:
            record(tag, ["load: " + err])
            continue
        # networkx's GML writes a boolean as 1 or 0
        want = {u: (str(int(d["club"])) if ext == "gml" else text[d["club"]]) if isinstance(d["club"], bool)
                else str(d["club"]) for u, d in G.nodes(data=True)}
        record(tag, [f"node {u}: label {got.get(u)!r}, {want[u]!r} written" for u in want if got.get(u) != want[u]][:3])


def write_communities(seed):
    """networkx's communities, as json.dump writes the list of lists."""
    G = random_graph(seed, "words" if seed % 2 else "ids")
    comms = nx.community.louvain_communities(G, seed=seed)
    p = os.path.join(SCRATCH, "g.graphml")
    nx.write_graphml(G, p)
    c = os.path.join(SCRATCH, "communities.json")
    dump_json([sorted(map(str, k)) if seed % 2 else sorted(k) for k in comms], c)
    tag = "communities as networkx finds them and json.dump writes them, as labels"
    got, err = labels_back(f"load {p}\nlabels {c}\n")
    if got is None:
        record(tag, ["labels: " + err])
        return
    want = {str(u): str(k) for k, members in enumerate(comms) for u in members}
    record(tag, [f"node {u}: label {got.get(u)!r}, community {want[u]}" for u in want if got.get(u) != want[u]][:3])


def peer_graph(tag, H, G, rel=1e-15):
    """H, read by a peer from what regspec saved, against G, the graph regspec loaded."""
    got = {}
    for u, v, d in H.edges(data=True):
        got[frozenset((str(u), str(v)))] = float(d.get("weight", 1.0))
    want = expected(G)
    record(tag, differences(want, (H.number_of_nodes(), got), rel))


def by_label(H, key):
    return nx.relabel_nodes(H, {n: d.get(key, n) for n, d in H.nodes(data=True)})


FORMAT_NAMES = {"gml": "GML", "graphml": "GraphML", "gexf": "GEXF", "json": "node-link JSON", "net": "Pajek",
                "lgl": "LGL", "mtx": "Matrix Market", "npz": "scipy's npz", "mat": "MAT-file"}


def read_by_peers(seed):
    """The other way: graphs regspec saves, read by networkx, igraph and scipy."""
    for names in ("words", "quoted"):
        G = random_graph(seed, names)
        p = os.path.join(SCRATCH, "src.graphml")
        nx.write_graphml(G, p)
        saved = os.path.join(SCRATCH, "saved")
        exts = ["gml", "graphml", "gexf", "json"] + (["net", "lgl", "mtx", "npz", "mat"] if names == "words" else [])
        for x in exts:
            if os.path.exists(f"{saved}.{x}"):
                os.remove(f"{saved}.{x}")
        run = regspec(f"load {p}\n" + "".join(f"save graph {saved}.{x}\n" for x in exts))
        if run.returncode != 0:  # a failure, under valgrind an error: no file counts
            for x in exts:
                if os.path.exists(f"{saved}.{x}"):
                    os.remove(f"{saved}.{x}")
        for x in exts:
            peer = "networkx" if x in ("gml", "graphml", "gexf", "json", "net") else "igraph" if x == "lgl" else "scipy"
            tag = f"{FORMAT_NAMES[x]} as regspec saves it, read by {peer}"
            f = f"{saved}.{x}"
            if not os.path.exists(f):
                record(tag, ["save: " + run.stderr.strip().split("\n")[0]])
                continue
            try:
                if x == "gml":
                    H = nx.read_gml(f, label="label")
                elif x in ("graphml", "gexf"):
                    H = by_label((nx.read_graphml if x == "graphml" else nx.read_gexf)(f), "label")
                elif x == "json":
                    with open(f, encoding="utf-8") as fh:
                        H = by_label(nx.node_link_graph(json.load(fh)), "name")
                elif x == "net":
                    H = nx.Graph(nx.read_pajek(f))
                elif x == "lgl":
                    g = ig.Graph.Read_Lgl(f, names=True, weights=True)
                    H = g.to_networkx()
                    H = by_label(H, "name")
                else:
                    if x == "mtx":
                        A = scipy.io.mmread(f)
                    elif x == "npz":
                        A = sp.load_npz(f)
                    else:
                        A = scipy.io.loadmat(f)["A"]
                    with open(f"{saved}.node_names", encoding="utf-8") as fh:
                        order = dict(line.split("\t", 1) for line in fh.read().split("\n")
                                     if line and not line.startswith("#"))
                    H = nx.from_scipy_sparse_array(sp.csr_matrix(A))
                    H = nx.relabel_nodes(H, {i: order[str(i)] for i in H.nodes})
            except Exception as ex:  # a file the peer cannot read is a failure too
                record(tag, [f"{type(ex).__name__}: {str(ex)[:200]}"])
                continue
            peer_graph(tag, H, G)


for seed in range(GRAPHS):
    read_by_peers(seed)
    write_networkx(seed)
    write_scipy(seed)
    write_igraph(seed)
    write_labels(seed)
    write_communities(seed)

for n, (what, (graphs, failures, first)) in enumerate(results.items(), 1):
    status = "ok" if failures == 0 else "not ok"
    print(f"{status} {n} - {what}: {graphs - failures} of {graphs} graphs the same")
    if failures:
        print(f"# first difference: {first}")
