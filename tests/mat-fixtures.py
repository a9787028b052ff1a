#!/usr/bin/python3
"""Write the MAT-files of tests/good and tests/bad.

Run once from the source tree (python3 tests/mat-fixtures.py); the files
are committed, so the tests need neither scipy nor MATLAB.  The graph is
the weighted karate club of tests/numpy-fixtures.py, its labels the
'club' node attribute as 0 and 1.  scipy.io.savemat writes the
little-endian files; the big-endian one is written here, element by
element, as the MAT-file format (version 5) lays it out.  The files
GNU Octave wrote (its -v6 binary and its default text format) come from
tests/octave-fixtures.m.
"""
import struct
import zlib

import networkx as nx
import numpy as np
import scipy.io
import scipy.sparse as sp

G = nx.karate_club_graph()
A = sp.csc_matrix(nx.to_scipy_sparse_array(G, dtype=np.float64))
club = np.array([0 if G.nodes[v]["club"] == "Mr. Hi" else 1 for v in G.nodes], dtype=np.float64)
good, bad = "tests/good/", "tests/bad/"

# good: MATLAB's default (-v7: compressed), several variables, the graph the sparse one
scipy.io.savemat(good + "karate.mat", {"A": A, "club": club.reshape(-1, 1), "name": "karate club",
                                      "X": np.arange(68.0).reshape(34, 2)}, do_compression=True)
# the clubs' names as a cell array of text (MATLAB's {'Mr. Hi'; 'Officer'; ...})
names = np.empty((34, 1), dtype=object)
for v in G.nodes:
    names[v, 0] = G.nodes[v]["club"]
scipy.io.savemat(good + "karate-cells.mat", {"A": A, "clubs": names})
# the SuiteSparse Matrix Collection's layout: a struct Problem with the matrix as its field A
scipy.io.savemat(good + "karate-problem.mat", {"Problem": {"A": A, "name": "Zachary/karate", "id": 1}})


def element(dtype, payload, order):
    """A data element: the tag, then the data padded to 8 bytes (small when at most 4)."""
    if len(payload) <= 4:  # the count in the upper 16 bits of the first word, the type in the lower
        first = struct.pack(">HH", len(payload), dtype) if order == ">" else struct.pack("<HH", dtype, len(payload))
        return first + payload.ljust(4, b"\0")
    pad = (-len(payload)) % 8
    return struct.pack(order + "II", dtype, len(payload)) + payload + b"\0" * pad


def full_matrix(name, M, order):
    """miMATRIX of a real double matrix, column-major."""
    flags = struct.pack(order + "II", 6, 0)  # mxDOUBLE_CLASS
    dims = struct.pack(order + "ii", *M.shape)
    data = np.asarray(M, dtype=order + "f8").tobytes(order="F")
    body = element(6, flags, order) + element(5, dims, order) + element(1, name.encode(), order) + \
        element(9, data, order)
    return struct.pack(order + "II", 14, len(body)) + body


def header(order, text="MATLAB 5.0 MAT-file, written by tests/mat-fixtures.py", version=0x0100):
    return text.encode().ljust(116, b" ") + b"\0" * 8 + struct.pack(order + "H", version) + \
        (b"MI" if order == ">" else b"IM")


# big-endian (as MATLAB on a SPARC or PowerPC wrote it): the unweighted club, full
U = (A.toarray() > 0).astype(float)
open(good + "karate-bigendian.mat", "wb").write(header(">") + full_matrix("A", U, ">"))

def opaque(name, classname, order="<"):
    """miMATRIX of a MATLAB object (class 17): its name, "MCOS", its class's
    name, then a uint32 column pointing into the subsystem's data."""
    ref = struct.pack(order + "II", 13, 0) # mxUINT32_CLASS
    inner = element(6, ref, order) + element(5, struct.pack(order + "ii", 6, 1), order) + \
        element(1, b"", order) + element(6, struct.pack(order + "6I", 0xDD000000, 2, 1, 1, 1, 1), order)
    body = element(6, struct.pack(order + "II", 17, 0), order) + element(1, name.encode(), order) + \
        element(1, b"MCOS", order) + element(1, classname.encode(), order) + \
        struct.pack(order + "II", 14, len(inner)) + inner
    return struct.pack(order + "II", 14, len(body)) + body


def subsystem(order="<"):
    """The unnamed uint8 variable MATLAB appends after its objects."""
    blob = bytes(range(64))
    body = element(6, struct.pack(order + "II", 9, 0), order) + element(5, struct.pack(order + "ii", 1, 64), order) + \
        element(1, b"", order) + element(2, blob, order)
    return struct.pack(order + "II", 14, len(body)) + body


# bad: one fault each
raw = open(good + "karate.mat", "rb").read()
open(bad + "mat-truncated.mat", "wb").write(raw[: len(raw) // 2])
corrupt = bytearray(raw)
for i in range(200, 260):
    corrupt[i] ^= 0x5A
open(bad + "mat-corrupt.mat", "wb").write(bytes(corrupt))
# version 7.3 is HDF5 after a MAT-file header (the HDF5 signature at byte 512)
open(bad + "mat-v73.mat", "wb").write(header("<", "MATLAB 7.3 MAT-file, Platform: GLNXA64, Created on: "
                                             "Fri Nov 27 01:00:00 2026 HDF5 schema 1.00 .", 0x0200).ljust(512, b"\0")
                                      + b"\x89HDF\r\n\x1a\n" + b"\0" * 64)
scipy.io.savemat(bad + "mat-v4.mat", {"A": A.toarray()}, format="4")
scipy.io.savemat(bad + "mat-cell-only.mat", {"c": np.array([[1, 2], [3]], dtype=object)})
scipy.io.savemat(bad + "mat-complex.mat", {"A": A * 1j})
scipy.io.savemat(bad + "mat-negative.mat", {"A": -A.toarray()})
scipy.io.savemat(bad + "mat-two-matrices.mat", {"A": A.toarray(), "B": A.toarray().T})
# dimensions that the data does not fill
body = bytearray(header("<") + full_matrix("A", U, "<"))
struct.pack_into("<i", body, 128 + 8 + 16 + 8, 40)  # rows 34 -> 40
open(bad + "mat-dimensions.mat", "wb").write(bytes(body))
# a compressed variable that inflates to a tag announcing more than it holds
inner = full_matrix("A", U, "<")
inner = inner[:4] + struct.pack("<I", len(inner) + 4096) + inner[8:]
z = zlib.compress(inner)
open(bad + "mat-overrun.mat", "wb").write(header("<") + struct.pack("<II", 15, len(z)) + z)

# Octave's text format, damaged by hand
octave = "# Created by Octave 7.3.0\n# name: A\n# type: sparse matrix\n# nnz: 4\n# rows: 3\n# columns: 3\n"
open(bad + "octave-short.txt", "w").write(octave + "2 1 1\n1 2 1\n3 2 1\n")
open(bad + "octave-out-of-range.txt", "w").write(octave + "2 1 1\n1 2 1\n3 2 1\n2 4 1\n")
open(bad + "octave-word.txt", "w").write("# Created by Octave 7.3.0\n# name: D\n# type: matrix\n# rows: 2\n"
                                         "# columns: 2\n 0 1\n 1 x\n")
open(bad + "octave-strings-only.txt", "w").write("# Created by Octave 7.3.0\n# name: s\n# type: sq_string\n"
                                                 "# elements: 1\n# length: 5\nhello\n")

# a MATLAB graph object (save('g.mat', 'G') of G = graph(...)): only MATLAB reads it
open(bad + "mat-graph-object.mat", "wb").write(header("<") + opaque("G", "graph") + subsystem())
# beside a matrix, an object (a table) is passed over
open(good + "karate-with-table.mat", "wb").write(header("<") + full_matrix("A", U, "<") + opaque("T", "table") +
                                                 subsystem())
