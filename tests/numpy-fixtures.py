#!/usr/bin/python3
"""Write the NumPy, scipy, zip, tar, spreadsheet and DOT files of tests/good and tests/bad.

Run once from the source tree (python3 tests/numpy-fixtures.py); the files
are committed, so the tests need neither numpy nor scipy.  The graph is
Zachary's karate club as networkx ships it (weighted), its labels the
'club' node attribute.
"""
import gzip
import io
import tarfile
import zipfile

import networkx as nx
import numpy as np
import openpyxl
import scipy.sparse as sp

G = nx.karate_club_graph()
A = nx.to_scipy_sparse_array(G, format="csr", dtype=np.float64)
clubs = np.array([G.nodes[v]["club"] for v in G.nodes])
good, bad = "tests/good/", "tests/bad/"

# good: scipy.sparse.save_npz in its layouts, numpy.save, numpy.savez
sp.save_npz(good + "karate-csr.npz", sp.csr_matrix(A))
sp.save_npz(good + "karate-coo.npz", sp.coo_matrix(A), compressed=False)
# rows in reverse order, 64-bit indices: not the layout read in place
B = sp.csr_matrix(A, copy=True)  # its own arrays: A stays as it is
B.indices, B.indptr = B.indices.astype(np.int64), B.indptr.astype(np.int64)
for i in range(B.shape[0]):
    s, e = B.indptr[i], B.indptr[i + 1]
    B.indices[s:e], B.data[s:e] = B.indices[s:e][::-1].copy(), B.data[s:e][::-1].copy()
B.has_sorted_indices = False
sp.save_npz(good + "karate-unsorted.npz", B, compressed=False)
sp.save_npz(good + "karate-upper.npz", sp.triu(A).tocsr())
# a sparse matrix's arrays saved by hand, as the common recipes do
np.savez(good + "karate-savez-csr.npz", data=A.data, indices=A.indices, indptr=A.indptr, shape=A.shape)
O = sp.coo_matrix(A)
np.savez(good + "karate-coords.npz", data=O.data, coords=np.vstack([O.row, O.col]))
np.save(good + "karate-dense.npy", np.asfortranarray(A.toarray().astype(">f4")))
np.save(good + "karate-clubs.npy", clubs)
np.savez(good + "karate-adjacency.npz", adjacency=(A.toarray() > 0))
with zipfile.ZipFile(good + "karate-mtx.zip", "w", zipfile.ZIP_DEFLATED) as z:
    buf = io.BytesIO()
    import scipy.io
    scipy.io.mmwrite(buf, A)
    z.writestr("karate/karate.mtx", buf.getvalue())
    z.writestr("karate/readme.html", "<p>Zachary's karate club</p>")

# Netzschleuder's csv.zip layout (graph-tool's CSV files): edges.csv and
# nodes.csv under '#'-commented header lines, gprops.csv beside them
with zipfile.ZipFile(good + "karate-netzschleuder.csv.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("edges.csv", "# source, target, weight\n" +
               "".join("%d,%d,%d\n" % (u, v, d["weight"]) for u, v, d in G.edges(data=True)))
    z.writestr("nodes.csv", "# index, name, club, _pos\n" +
               "".join('%d,"%d","%s","array([%d.0, 0.0])"\n' % (i, i + 1, G.nodes[i]["club"], i) for i in G))
    z.writestr("gprops.csv", "# prop_name, value\nname,karate\ncitation,Zachary 1977\n")

# GUESS's GDF as Gephi exports it: quoted text, a colour with commas in it
with open(good + "karate.gdf", "w") as f:
    f.write("nodedef>name VARCHAR,label VARCHAR,club VARCHAR,x DOUBLE,y DOUBLE,color VARCHAR\n")
    for v in G.nodes:
        f.write("'%d','Member %d','%s',%d.0,0.0,'153,153,153'\n" % (v, v + 1, G.nodes[v]["club"], v))
    f.write("edgedef>node1 VARCHAR,node2 VARCHAR,directed BOOLEAN,weight DOUBLE\n")
    for u, v, d in G.edges(data=True):
        f.write("'%d','%d',false,%d.0\n" % (u, v, d["weight"]))

# GraphViz DOT as networkx writes it through pydot (nx_pydot.write_dot) and
# through pygraphviz, GraphViz's own writer (nx_agraph.write_dot)
nx.nx_pydot.write_dot(G, good + "karate.dot")
nx.nx_agraph.write_dot(G, good + "karate-agraph.gv")

# UTF-16 text, as Excel's "Unicode Text" and Windows' Notepad save it (a
# byte-order mark, tabs, CRLF), the clubs in a second file; GraphML in
# UTF-16BE whose declaration says so
rows = ["source\ttarget\tweight"] + ["%d\t%d\t%d" % (u, v, d["weight"]) for u, v, d in G.edges(data=True)]
open(good + "karate-unicode.txt", "wb").write(("\r\n".join(rows) + "\r\n").encode("utf-16"))
rows = ["node\tclub"] + ["%d\t%s" % (v, G.nodes[v]["club"]) for v in G.nodes]
open(good + "karate-unicode.labels", "wb").write(("\r\n".join(rows) + "\r\n").encode("utf-16"))
xml = "<?xml version='1.0' encoding='UTF-16BE'?>\n" + "\n".join(nx.generate_graphml(G))
open(good + "karate-utf16be.graphml", "wb").write(b"\xfe\xff" + xml.encode("utf-16-be"))
open(bad + "utf16-odd.csv", "wb").write("source,target\na,b\n".encode("utf-16") + b"c")

# data that is not a graph file, named with how to save one: a pickled
# networkx graph (write_gpickle's bytes), a pickle of protocol 2, an SQLite
# table of edges; Parquet, Arrow and HDF5 by their first bytes only
import os
import pickle
import sqlite3
with open(bad + "karate.gpickle", "wb") as f:
    pickle.dump(G, f, pickle.HIGHEST_PROTOCOL)
with open(bad + "karate-protocol2.pkl", "wb") as f:
    pickle.dump(list(G.edges()), f, 2)
if os.path.exists(bad + "karate.sqlite"):
    os.remove(bad + "karate.sqlite")
db = sqlite3.connect(bad + "karate.sqlite")
db.execute("create table edges (source int, target int, weight real)")
db.executemany("insert into edges values (?,?,?)", [(u, v, d["weight"]) for u, v, d in G.edges(data=True)])
db.commit()
db.close()
open(bad + "edges.parquet", "wb").write(b"PAR1\x15\x04\x15\x80\x01\x15\x80\x01L\x15\x02\x15\x00\x12\x00\x00" + b"\x00" * 40 + b"PAR1")
open(bad + "edges.feather", "wb").write(b"ARROW1\x00\x00\xff\xff\xff\xff" + b"\x00" * 40)
open(bad + "graph.h5", "wb").write(b"\x89HDF\r\n\x1a\n\x00\x00\x00\x00\x00\x08\x08\x00" + b"\x00" * 40)

# networkx's write_adjlist under a name that says nothing: found by its shape
nx.write_adjlist(G, good + "karate-adjlist.txt")

# bad: one fault each
sp.save_npz(bad + "npz-bsr.npz", sp.bsr_matrix(A))
np.save(bad + "npy-vector.npy", np.arange(34))
np.save(bad + "npy-negative.npy", -A.toarray())
np.save(bad + "npy-object.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
np.save(bad + "npy-complex.npy", A.toarray().astype(np.complex128))
np.savez(bad + "npz-two-arrays.npz", a=A.toarray(), b=np.arange(3))
raw = open(good + "karate-csr.npz", "rb").read()
open(bad + "npz-truncated.npz", "wb").write(raw[: len(raw) // 2])
stored = io.BytesIO()
sp.save_npz(stored, sp.csr_matrix(A), compressed=False)
damaged = bytearray(stored.getvalue())
damaged[300] ^= 0xFF  # inside indices.npy's data: its CRC no longer matches
open(bad + "npz-crc.npz", "wb").write(bytes(damaged))
dense = io.BytesIO()
np.save(dense, A.toarray())
open(bad + "npy-truncated.npy", "wb").write(dense.getvalue()[:500])
csr = sp.csr_matrix(A)
csr.indices[5] = 40  # a column outside the 34 x 34 matrix
sp.save_npz(bad + "npz-index-out-of-range.npz", csr, compressed=False)
with zipfile.ZipFile(bad + "zip-two-graphs.zip", "w") as z:
    z.writestr("a.edges", "0 1\n1 2\n")
    z.writestr("b.edges", "0 1\n")
with zipfile.ZipFile(bad + "zip-only-readme.zip", "w") as z:
    z.writestr("README.txt", "no graph here\n")


# the csr arrays with the clubs beside them, one archive: 'labels g.npz/y.npy'
# (A's indices were damaged above: the matrix again)
K = nx.to_scipy_sparse_array(G, format="csr", dtype=np.float64)
y = np.array([0 if c == "Mr. Hi" else 1 for c in clubs], dtype=np.int64)
np.savez(good + "karate-labelled.npz", data=K.data, indices=K.indices, indptr=K.indptr, shape=K.shape, y=y)

# tar archives, dated 1970 (tar's and gzip's headers) so that a rerun
# writes the same bytes: a repository's download of the club (edges, the
# clubs as labels, a read-me), and damaged ones
def tar_of(files, fmt=tarfile.GNU_FORMAT):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=fmt) as t:
        for name, text in files:
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size, info.mtime = len(data), 0
            t.addfile(info, io.BytesIO(data))
    return out.getvalue()


def gzipped(raw):
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as z:
        z.write(raw)
    return out.getvalue()


edges = "".join("%d %d %g\n" % (i, j, w) for i, j, w in G.edges(data="weight"))
names = sorted(set(clubs.tolist()))
labels = "".join("%d\n" % names.index(c) for c in clubs)
club = tar_of([("karate/README", "Zachary's karate club: edges and clubs\n"), ("karate/karate.edges", edges),
               ("karate/karate.labels", labels)])
open(good + "karate-club.tar.gz", "wb").write(gzipped(club))
open(bad + "tar-truncated.tar.gz", "wb").write(gzipped(club[:1536 + 300]))
open(bad + "tar-two-graphs.tar", "wb").write(tar_of([("a.edges", "0 1\n1 2\n"), ("b.edges", "0 1\n")],
                                                    tarfile.PAX_FORMAT))
open(bad + "tar-only-readme.tar", "wb").write(tar_of([("README.txt", "no graph here\n")]))
damaged = bytearray(tar_of([("a.edges", "0 1\n1 2\n"), ("b.edges", "0 1\n")]))
damaged[512 + 512 + 10] ^= 0x20  # a letter of the second header's name: its checksum no longer matches
open(bad + "tar-checksum.tar", "wb").write(bytes(damaged))


# Excel workbooks: openpyxl's (inline strings; the edges on one sheet, the
# clubs on another), and one as Excel writes them (shared strings, a rich
# text run, a prefix on every tag, an empty row, an entity)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "edges"
ws.append(["source", "target", "weight"])
for u, v, w in G.edges(data="weight"):
    ws.append(["n%d" % u, "n%d" % v, w])
ws2 = wb.create_sheet("clubs")
ws2.append(["node", "club"])
for v in G:
    ws2.append(["n%d" % v, G.nodes[v]["club"]])
wb.save(good + "karate.xlsx")

NS = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def workbook(path, rows_xml, shared):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        z.writestr("xl/workbook.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<x:workbook %s xmlns:r="%s">'
                   '<x:sheets><x:sheet name="Sheet1" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>' % (NS, REL))
        z.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.'
                   'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="%s/worksheet" '
                   'Target="/xl/worksheets/sheet1.xml"/></Relationships>' % REL)
        z.writestr("xl/sharedStrings.xml", '<?xml version="1.0"?><x:sst %s count="%d">%s</x:sst>'
                   % (NS, len(shared), "".join(shared)))
        z.writestr("xl/worksheets/sheet1.xml", '<?xml version="1.0"?>\n<x:worksheet %s><x:sheetData>%s'
                   '</x:sheetData></x:worksheet>' % (NS, rows_xml))


shared = ["<x:si><x:t>from</x:t></x:si>", "<x:si><x:t>to</x:t></x:si>",
          "<x:si><x:r><x:t>A</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>lice</x:t></x:r></x:si>",
          "<x:si><x:t>Bob</x:t></x:si>", "<x:si><x:t>Carol &amp; Dan</x:t></x:si>"]
rows = ('<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c>'
        '<x:c r="C1" t="inlineStr"><x:is><x:t>weight</x:t></x:is></x:c></x:row>'
        '<x:row r="2"><x:c r="A2" t="s"><x:v>2</x:v></x:c><x:c r="B2" t="s"><x:v>3</x:v></x:c><x:c r="C2"><x:v>2.5</x:v></x:c></x:row>'
        '<x:row r="4"><x:c r="A4" t="s"><x:v>3</x:v></x:c><x:c r="B4" t="s"><x:v>4</x:v></x:c><x:c r="C4"><x:v>1</x:v></x:c></x:row>'
        '<x:row r="5"><x:c r="A5" t="s"><x:v>4</x:v></x:c><x:c r="B5" t="s"><x:v>2</x:v></x:c><x:c r="C5" s="1"><x:f>1+1</x:f><x:v>2</x:v></x:c></x:row>')
workbook(good + "excel-shared-strings.xlsx", rows, shared)
workbook(bad + "xlsx-shared-string-out-of-range.xlsx", rows.replace("<x:v>4</x:v></x:c><x:c r=\"B5\"", "<x:v>9</x:v></x:c><x:c r=\"B5\""), shared)
with zipfile.ZipFile(bad + "spreadsheet.ods", "w") as z:
    z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
    z.writestr("content.xml", "<office:document-content/>")
open(bad + "workbook-97.xls", "wb").write(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504))
