/* graphio.h: reading and writing graphs in the formats people have.
 *
 * Text edge lists (whitespace, CSV, TSV; '#' and '%' comments; a header
 * line detected; optional weight column; numeric or symbolic node names),
 * SNAP text, Matrix Market coordinate files (a square matrix is a graph, a
 * rectangular one a biadjacency), .biedges bipartite lists, GML, GraphML,
 * Pajek and the others 'help formats' lists.  Any of them may be
 * compressed.  Every error names the file and, where there is one, the
 * line.  graphio.c reads the bytes and picks the reader (one file each,
 * readers.h); graphsave.c writes, atomically.
 */
#ifndef RS_GRAPHIO_H
#define RS_GRAPHIO_H

#include "graph.h"
#include "graphxml.h"
#include "labels.h"
#include "rs-err.h"
#include "unpack.h"

#include <stdio.h>

/* The most fields of a delimited line that are looked at (header names
 * pick the source, target and weight among them). */
#define RS_MAX_COLUMNS 64

enum rs_gformat { RS_GF_AUTO, RS_GF_EDGES, RS_GF_MTX, RS_GF_BIEDGES, RS_GF_GML, RS_GF_GRAPHML,
		  RS_GF_PAJEK, RS_GF_DIMACS, RS_GF_METIS, RS_GF_ADJLIST, RS_GF_MATRIX,
		  RS_GF_SIF, RS_GF_DL, RS_GF_JSON, RS_GF_GEXF,
		  RS_GF_NUMPY, /* a zip archive or a .npy array: rs_binary_graph */
		  RS_GF_LGL, RS_GF_GRAPH6, RS_GF_OCTAVE, RS_GF_GDF, RS_GF_DOT, RS_GF_TGF, RS_GF_XGMML, RS_GF_LEDA };

/* What an edge list's numeric ids are: RS_IDS_AUTO decides (labels when a
 * SNAP header's node count or most ids never appearing says so). */
enum rs_ids { RS_IDS_AUTO, RS_IDS_COMPACT, RS_IDS_KEEP };

typedef struct rs_load_opts {
	enum rs_gformat format;
	int bipartite;     /* read an edge list as (row, col) pairs          */
	int directed;      /* the input lists arcs: say it was symmetrized   */
	enum rs_merge merge;
	int header;        /* -1 detect, 0 none, 1 the first line is a header */
	int base;          /* -1 detect, 0 or 1                              */
	long max_nodes;    /* refuse more nodes than this (0: only memory)    */
	int unweighted;    /* every edge weighs 1: a third column (a time, a
			      count) or a weight attribute is not read       */
	const char *label_attr; /* GML, GraphML, Pajek: the node attribute that
			      holds the labels (NULL: "value" or "community"
			      where there is one); ignored by other formats  */
	enum rs_ids ids;   /* edge lists' numeric ids: positions, or labels
			      to map to 0..n-1 (auto: see 'help load')      */
	const char *weight_name; /* the weights' edge attribute (GML, GraphML,
			      Pajek) or header column (edge lists); NULL:
			      weight, weights, value or count, any case      */
	const char *member; /* in a zip archive, the file to read (NULL: its
			      one graph file); rs_graph_load sets it from a
			      path ARCHIVE/MEMBER                              */
} rs_load_opts;

typedef struct rs_load_info {
	const char *format;
	long lines;
	long merged;       /* duplicate entries merged                       */
	long dropped;      /* zero weights dropped                           */
	int symmetrized;   /* directed input made undirected                 */
	int header_skipped; /* 2: judged with fewer than two column words */
	long extra_fields; /* lines whose fields after the third were ignored */
	int konect;        /* a KONECT header: 's'ym, 'a'sym, 'b'ip, 0 none  */
	int konect_counts; /* ... with its second line's node counts        */
	long snap_nodes;   /* a SNAP header's "Nodes: N" (0 none)            */
	long compacted;    /* numeric ids taken as labels: the nodes (0 not) */
	long id_top;       /* ... and the largest id                         */
	long attr_lines;   /* edges with a networkx attribute dict ("{...}") */
	long attr_weights; /* ... of which the dict had a 'weight'           */
	int nx_multiline;  /* an adjacency list in networkx's multiline form */
	long dl_matrices;  /* a UCINET DL file's matrices (NM): the first read */
	long networks;     /* a Pajek project's networks: the first read     */
	long two_mode;     /* a two-mode Pajek network: its first mode (rows) */
	char columns[200];  /* the columns a header chose, when not the plain
			       source, target[, weight] ("" otherwise)      */
	int one_based;
	int relabeled;     /* ids compacted or names mapped to 0..n-1        */
	int decimal_ids;   /* ids written "3.0" or "3e+00" read as integers  */
	int weighted;
	rs_labels *labels; /* from a node attribute (GML value), or NULL     */
	char label_attr[64]; /* the attribute they came from ("" none)       */
	int label_partition; /* ... a Pajek *Partition of that name          */
	char weight_attr[64]; /* GML, GraphML, Pajek: the edge attribute read
				 as weights ("" none)                        */
	char unread_attrs[128]; /* ... and the numeric ones that were not    */
	char node_attrs[256]; /* GML, GraphML, GEXF, JSON, DOT, XGMML, GDF: the
				 nodes' attributes, ", "-separated (for 'labels'
				 at a Tab)                                  */
	char member_path[512]; /* a folder's or an archive's graph file that
				 was read (its labels and names are looked
				 for beside it) */
	char member_beside[64]; /* ... in an archive, those found there beside
				 it, blank-separated, of ".labels",
				 ".node_names", ".col_names", ".label_names" */
	char edge_columns[256]; /* an edge list's header: the columns besides
				 the endpoints, ", "-separated (for 'weight'
				 at a Tab; else weight_attr and unread_attrs) */
	long undeclared;   /* GraphML: nodes that only edges name (no <node>) */
	long repeated_ids; /* GraphML: <node> elements whose id an earlier has */
	char repeated_id[48]; /* ... the first such id, and its two lines    */
	long repeated_lines[2];
	int folded_attrs;  /* GraphML: attributes declared by several <key>
			      elements (networkx: one a type), read as one */
	char folded_key[112]; /* ... the first: "edge attribute 'weight' has
				 2 <key> elements (long, double)"          */
	char folded_type[8]; /* ... and the type it was read as             */
	char container[200]; /* what held the graph: " (scipy.sparse csr ...)",
				" (the zip archive's member g.mtx)" ("" none) */
} rs_load_info;

const char *rs_gformat_name(enum rs_gformat f);
/* The format a graph file's text has, by its content alone (what 'load'
 * guesses when the name has no known extension); RS_GF_EDGES when it is
 * none of the others. */
enum rs_gformat rs_gformat_sniff(const char *buf);
/* The format a file's name says by its extension, under a compression's
 * (RS_GF_AUTO: none that names a format). */
enum rs_gformat rs_gformat_of_path(const char *path);
/* The words 'format' takes (rs_gformat_parse knows a few more spellings),
 * NULL-terminated: for completion and messages. */
extern const char *const rs_gformat_words[];
int rs_gformat_parse(const char *s, enum rs_gformat *f);

rs_graph *rs_graph_load(const char *path, const rs_load_opts *o, rs_load_info *info, rs_err *e);
/* The same from a NUL-terminated buffer of len bytes (modified in place);
 * name stands for the file in messages. */
rs_graph *rs_graph_parse(char *buf, size_t len, const char *name, const rs_load_opts *o,
			 rs_load_info *info, rs_err *e);

/* Read a whole file, gzip or not, into a NUL-terminated buffer: text (a
 * compressed file or archive regspec does not open, UTF-16 or binary data
 * is an error naming it), its byte-order mark dropped and lone CRs made
 * line ends (rs_text_tidy). */
char *rs_read_file(const char *path, size_t *len, rs_err *e);
/* The same, except that a zip archive or a NumPy .npy array
 * (rs_binary_kind) is returned byte for byte. */
char *rs_read_data(const char *path, size_t *len, rs_err *e);
/* A path ARCHIVE/MEMBER that names no file, where ARCHIVE is a file (a
 * zip or tar archive, a MAT-file, an Octave file, a graph6 file: what it
 * is, its reader finds out): the archive's length in path, else 0. */
size_t rs_archive_prefix(const char *path);
/* Whether path[0..l) is the name of an archive, by its suffix (.zip,
 * .npz, .tar, .tgz, .tar.gz, .tar.bz2, .tbz2, .tar.xz, .txz, .tar.zst,
 * .xlsx, .g6, .s6, .d6, .mat). */
int rs_archive_name(const char *path, size_t l);
/* Whether a graph saved to path is LGL (by its name), which holds the
 * node names itself. */
int rs_path_lgl(const char *path);
/* The graph format a file's name gives (its extension, under a
 * compression's), as rs_gformat_name words it, for a name that tables of
 * values (an embedding, labels) should not take: NULL for an edge list's,
 * a table's (.csv, .tsv, .txt, ...), Matrix Market's (it holds arrays),
 * NumPy's and MAT-files', and for a name no format claims. */
const char *rs_path_graph_format(const char *path);
/* Whether t, a comment line after its '#', is a header line as graph-tool
 * writes one over its CSV files (Netzschleuder's csv.zip): its first two
 * comma-separated names first and second ("source", "target"; "index",
 * and any name for a node table's second), in any case. */
int rs_commented_header(const char *t, const char *first, const char *second);
/* Whether the next line of p that is neither blank nor a comment holds a
 * comma (so that a commented header of comma-separated names is taken
 * only over comma-separated data). */
int rs_next_line_has_comma(const char *p);
/* A UTF-8 byte-order mark dropped, a CR not before a LF made a LF. */
void rs_text_tidy(char *buf, size_t *len);
/* Split a line in place into at most max fields: runs of blanks when delim
 * is ' ', else fields between delimiters, blanks around them trimmed and
 * quotes as in RFC 4180 ("a, b"; "" for a quote).  Returns the count. */
int rs_split_fields(char *line, char delim, char **f, int max);
/* The fields of the first data line in rest (comments and blank lines
 * skipped), split on delim (0: a tab, else a comma, else blanks, as the
 * line has them) into a copy held in line (size bytes); 0 when there is
 * none.  Reads rest without changing it; *after (when not NULL) is where
 * the next line begins. */
int rs_peek_fields(const char *rest, char delim, char *line, size_t size, char **f, int max,
		   const char **after);

/* The graph of a matrix's entries E (row, column, weight) of R rows and K
 * columns: bipartite (the biadjacency) when bip; else square, each edge
 * once where the entries are symmetric, made undirected (info->symmetrized)
 * where not.  Merges and zero weights counted in info; E is changed. */
rs_graph *rs_matrix_graph(rs_edges *E, long R, long K, int bip, const rs_load_opts *o, rs_load_info *info,
			  const char *path, rs_err *e);

/* Append sep and item to the text in buf (item alone when buf is empty);
 * what does not fit ends the text with "...", after which nothing more is
 * added.  For the lists in messages and notes. */
/* The extension of a file's name (".mtx"), under a compression's (".gz",
 * ".bz2", ".xz", ".zst"); "" when the name has none. */
void rs_file_extension(const char *path, char *ext, size_t size);
void rs_list_append(char *buf, size_t size, const char *sep, const char *item);
/* Whether names[0..n) are 0..n-1 or 1..n in order (then the positions are
 * the ids and the names are dropped): 0 or 1 for the base, -1 otherwise. */
int rs_names_are_ids(char **names, long n);
/* The names of g's nodes from a reader of named nodes: node i's label
 * (label[i], taken: set to NULL) where i < nlabel and it has one, else its
 * id ids[i] (copied); none at all when no node has a label and the ids
 * are the positions 0..n-1.  Out of memory, the graph keeps no names. */
void rs_graph_take_names(rs_graph *g, char *const *ids, char **label, long nlabel);
/* item appended to a ", "-separated list, unless the list has it. */
void rs_list_add(char *buf, size_t size, const char *item);

/* Atomic writes: the data goes to a temporary file beside path, which
 * replaces path only when everything was written and synced. */
typedef struct rs_atomic {
	FILE *f;
	char *tmp;
	char *path;
	int std;       /* f is stdout or stderr: flushed, never closed   */
	int packed;    /* f compresses into fd (the temporary file):     */
	int fd;        /* gzip by zlib, or through pk's program          */
	rs_unpack pk;
} rs_atomic;
/* '-' and /dev/stdout write to standard output, /dev/stderr to standard
 * error; other devices and pipes are written in place; a symbolic link's
 * file is replaced with the link kept.  A file named .gz is written
 * gzip-compressed, .bz2, .xz and .zst through bzip2, xz and zstd. */
int rs_atomic_open(rs_atomic *a, const char *path, rs_err *e);
int rs_atomic_commit(rs_atomic *a, rs_err *e);
void rs_atomic_abort(rs_atomic *a);

/* The separator a file name asks for: ',' for .csv, '\t' for .tsv
 * (any case), 0 for any other name. */
char rs_path_separator(const char *path);
/* 1 for a .mtx name (any case): Matrix Market. */
int rs_path_is_mtx(const char *path);
/* 1 when a save to path writes a stream in place ('-', /dev/..., /proc/...,
 * a pipe or device), where no companion file can sit beside it. */
int rs_path_is_stream(const char *path);
int rs_graph_save(const rs_graph *g, const char *path, rs_err *e);
/* The same, and for a .graphml or .gml name (graphxml.h) the node names
 * and the attributes attrs[0..nattrs) inside the file (other formats
 * leave the attributes out). */
int rs_graph_save_attrs(const rs_graph *g, const char *path, const rs_node_attr *attrs, int nattrs, rs_err *e);

#endif
