/* cmd.c: the command table, lookup by unique prefix, the tokenizer, and
 * dispatch with output capture for expect. */
#include <config.h>

#include "cmd.h"

#include "cmd-impl.h"
#include "graphio.h"
#include "xalloc.h"

#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

static const char *const w_alpha[] = {"abs", "rel", NULL};
static const char *const w_onoff[] = {"on", "off", NULL};
static const char *const w_cliques[] = {"eps", "theta", "noloops", "random", NULL};
static const char *const w_bicl[] = {"eps", NULL};
static const char *const w_eig[] = {"all", NULL};
static const char *const w_load[] = {"labels", "weight", "format", "bipartite", "directed",
				     "merge", "header", "noheader", "base", "compact", "nocompact",
				     "unweighted", "nolabels", NULL};
static const char *const w_merge[] = {"sum", "max", NULL};
static const char *const w_base[] = {"0", "1", NULL};
static const struct rs_complete c_load = {
	NULL, ARG_FILE_1, {{"labels", NULL, 1}, {"weight", NULL, 0}, {"format", rs_gformat_words, 0}, {"merge", w_merge, 0}, {"base", w_base, 0}}, {{NULL, NULL, 0}}};
static const char *const w_labels[] = {"column", "names", NULL};
static const struct rs_complete c_labels = {NULL, ARG_FILE_1, {{"names", NULL, 1}}, {{NULL, NULL, 0}}};
static const char *const w_save[] = {"embedding", "graph", "labels", "clusters", NULL};
static const struct rs_complete c_save = {w_save, ARG_FILE_2, {{NULL, NULL, 0}}, {{NULL, NULL, 0}}};
static const struct rs_complete c_file = {NULL, ARG_FILE_1, {{NULL, NULL, 0}}, {{NULL, NULL, 0}}};
static const char *const w_experiment[] = {"alpha", "K", "noise", "reps", "first", "table", "rows",
					   "true", "half", "text", "markdown", "latex", "noise", NULL};
static const char *const w_cluster[] = {"dims", "restarts", "normalize", "first", NULL};
static const char *const w_plot_what[] = {"embed", "spectrum", "sweep", "signs", "mu", "scores",
					  "output", "term", "dump", NULL};
static const char *const w_plot_embed[] = {"by", NULL};
static const char *const w_plot_sweep[] = {"alpha", "log", NULL};
static const char *const w_plot_output[] = {"size", NULL};
static const char *const w_none[] = {"none", NULL};
static const char *const w_by[] = {"labels", "clusters", NULL};
static const char *const w_term[] = {"auto", "png", "pngcairo", "svg", "pdfcairo", "dumb", "wxt", "qt", "x11", NULL};
static const struct rs_complete c_plot = {
	w_plot_what, ARG_FILE_LATER,
	{{"by", w_by, 0}, {"output", w_none, 1}, {"term", w_term, 0}, {"dump", w_onoff, 0}},
	{{"embed", w_plot_embed, 0},
	 {"sweep", w_plot_sweep, 0},
	 {"output", w_plot_output, 0},
	 {"spectrum", NULL, 0},
	 {"signs", NULL, 0},
	 {"mu", NULL, 0},
	 {"scores", NULL, 0},
	 {"term", NULL, 0},
	 {"dump", NULL, 0}}};
static const char *const w_sbm[] = {"paper", "notebook", "matrix", "loops", NULL};
static const char *const w_embed[] = {"blocks", "nodes", NULL};
static const char *const w_sweep[] = {"alpha", "log", NULL};
static const char *const w_k[] = {"auto", NULL};
static const char *const w_set[] = {"format", "digits", "echo",	 "bail", "verbose", "solver", "dense-max",
				    "tol",    "ncv",	"basis", "bipartite", "warm", "rows", NULL};
static const char *const w_rows[] = {"auto", "all", NULL};
static const char *const w_format[] = {"text", "csv", "json", NULL};
static const char *const w_solver[] = {"auto", "aggregate", "dense", "lanczos", NULL};
static const char *const w_bipmode[] = {"biadjacency", "adjacency", NULL};
static const char *const w_basis[] = {"auto", "double", "float", NULL};
static const struct rs_complete c_set = {
	w_set, 0,
	{{"format", w_format, 0}, {"solver", w_solver, 0}, {"bipartite", w_bipmode, 0}, {"basis", w_basis, 0}, {"echo", w_onoff, 0},
	 {"bail", w_onoff, 0}, {"verbose", w_onoff, 0}, {"warm", w_onoff, 0}, {"rows", w_rows, 0}},
	{{NULL, NULL, 0}}};

/* Keep this table in the order help lists it: models, regularization,
 * results, output, scripts. */
const struct rs_cmd rs_cmd_table[] = {
	{"cliques", NULL, 1, -1, "cliques SIZE... [eps E] [theta T...|theta random LO HI] [noloops]",
	 "K disjoint cliques (the paper's block model, self-loops included)",
	 "Generate K disjoint cliques of the given sizes: A = Z Z^T, self-loops included. A size "
	 "may be a list 5,3,2, a repeat 1000000*10, or both: 40,20*5. 'eps E' adds weight E between every pair "
	 "of nodes (A + E J, the same as alpha + E). 'theta' gives degree-correction factors, one "
	 "per node or one per block, or 'theta random LO HI' draws them uniformly (seeded): A = "
	 "Theta (Z Z^T + eps J) Theta, regularized as alpha Theta J Theta. 'noloops' removes the "
	 "self-loops (A - I), which breaks the rank-K assumption of the theory. Generated models "
	 "use absolute alpha unless a mode was chosen with 'alpha VALUE rel'.",
	 w_cliques, 0, cmd_cliques, NULL, check_cliques},
	{"bicliques", NULL, 2, 4, "bicliques N1,N2,... M1,M2,... [eps E]",
	 "bipartite block model B = Z1 Z2^T (section 4)",
	 "Generate a bipartite block model: block j joins N_j row nodes to M_j column nodes "
	 "completely, B = Z1 Z2^T (+ E J with 'eps E'). The regularization is B + alpha J, and "
	 "the spectrum is that of the generalized SVD of D1^-1/2 B_alpha D2^-1/2: lambda = 1 - "
	 "sigma, on [0, 2].",
	 w_bicl, 0, cmd_bicliques, NULL, check_bicliques},
	{"load", NULL, 1, 16,
	 "load FILE [labels FILE|ATTR] [weight NAME] [format FMT] [bipartite] [directed] [merge sum|max] [header|noheader] [base 0|1] [compact|nocompact] [unweighted] [nolabels]",
	 "read a graph in any common format, compressed too (help formats)",
	 "Read a graph from FILE ('-': standard input, a pipe: zcat g.edges.gz | regspec -c "
	 "'load -'). The format comes from the extension or the content, or 'format FMT' (edges, "
	 "csv, tsv, snap, mtx, biedges, gml, graphml, pajek, dimacs, metis, adjlist, matrix, sif, "
	 "dl, json, gexf, xgmml, dot, tgf, leda, lgl, graph6, octave, gdf, npz or npy; 'help "
	 "formats' says how each reads and how it is found)."
	 "\nscipy.sparse.save_npz and numpy.save files, MATLAB MAT-files and a zip or tar archive "
	 "(.tar.gz too) of one graph file are found by their first bytes, and 'load "
	 "ARCHIVE/MEMBER' reads one member of an archive ('labels ARCHIVE/MEMBER' too); FILE may be a "
	 "folder, a download unpacked or a dataset's folder ('load ../shared/data/polblogs': its edge "
	 "list and the labels beside it, the other files named in a note); 'load "
	 "FILE.mat/A' the variable A of a MAT-file or an Octave file; an Excel workbook (.xlsx) "
	 "reads its first sheet as a CSV file, 'load BOOK.xlsx/SHEET' another. Any file may be "
	 "compressed: gzip, or bzip2, xz and zstd through their programs."
	 "\nFor edge lists, 'header' and 'noheader' decide whether the first line names the "
	 "columns, 'base 0|1' where ids start, 'compact' and 'nocompact' whether numeric ids are "
	 "labels or positions, 'unweighted' reads no weight column, 'weight NAME' the named one (a "
	 "header column, or an edge attribute of GML, GraphML, Pajek, GEXF, JSON, DOT, XGMML and "
	 "GDF), 'bipartite' reads (row, column) pairs; 'labels ATTR' takes a GML, GraphML, Pajek, "
	 "GEXF, JSON, DOT, XGMML or GDF node attribute as the labels (at the prompt, Tab after 'labels' offers the "
	 "file's node attributes, after 'weight' its edges' numeric attributes or its header's "
	 "columns)."
	 "\nThe graph is made undirected ('directed' input: an edge where either arc is), "
	 "duplicates are merged ('merge max', the default, or 'merge sum', which adds every "
	 "listing, both directions included: a note says when every edge is listed exactly twice, "
	 "once from each end, which sum would double), self-loops kept, zero weights dropped; negative, NaN "
	 "or infinite weights and malformed lines are errors with file:line, as are weights whose "
	 "sum a double cannot hold (near 1e308: divide them by one factor). Labels come from "
	 "'labels FILE', else from NAME.labels beside NAME.edges (with NAME.label_names and "
	 "NAME.node_names; compressed too, NAME.labels.gz) unless 'nolabels'; a note says where "
	 "they came from. Loaded graphs use relative alpha unless a mode was chosen.",
	 w_load, CMD_UNSAFE, cmd_load, &c_load, check_load},
	{"labels", NULL, 0, 5, "labels [FILE|ATTR [column NAME] [names FILE]]", "read ground-truth classes for the graph",
	 "With no argument, show the graph's labels: its classes, by name where they have names, "
	 "and their sizes (or, where it has none, the node attributes of the file loaded that "
	 "could be). "
	 "Read labels from FILE (or from a member of a zip or tar archive: ARCHIVE/MEMBER, such "
	 "as g.npz/y.npy for the array y that numpy.savez kept beside a graph's arrays, a sheet of "
	 "an Excel workbook, BOOK.xlsx/SHEET, or a vector of a MAT-file or an Octave file, "
	 "FILE.mat/y). Where no file has that name, ATTR is a node attribute of the graph file "
	 "loaded (GML, GraphML, Pajek, GEXF, JSON, DOT, XGMML, GDF), as 'load FILE labels ATTR' "
	 "takes one: 'load polblogs.gml nolabels' then 'labels value'; the file is read again "
	 "(after 'component', for the nodes kept), its NAME.label_names too, and Tab offers its "
	 "node attributes. A file that does not match the graph (too few or too many lines, an "
	 "unknown node, a node given twice) is an error that says why; after 'noise', a file "
	 "with the noise nodes' lines too (as 'save' writes one) is read with those lines left "
	 "out, since labels are the original nodes'. 'names FILE' reads class "
	 "names, 'id<TAB>name' a line."
	 "\nOne a line: line i is node i; a Matrix Market array of one column, as 'save labels "
	 "x.mtx' and scipy's mmwrite write one, too; a .npy vector of integers or of class names, "
	 "as numpy.save writes one. Or 'node label' pairs naming nodes by id or name, separated by "
	 "blanks, a tab or a comma (quoted as in CSV), under an optional header line ('node,label', "
	 "'id class'; a lone word over one label a node, as pandas' Series.to_csv writes one, is a "
	 "column's name too, and over pairs, as R's write.table writes a vector with its names: "
	 "'\"x\"' over '\"alice\" 1'; quotes keep blanks in a field). Ids count from 0, as regspec "
	 "numbers nodes: a graph read from a file "
	 "that counts from 1 has its ids less one, unless loaded with 'compact', which keeps them."
	 "\nA table under a header line (Gephi's node table 'Id,Label,modularity_class') gives the "
	 "labels of the column 'column NAME' names, else of its one class word (class, community, "
	 "group, cluster, modularity_class, ...; else a lone 'label'); the node is in its 'id' or "
	 "'node' column, else the first."
	 "\nJSON: an object {\"node\": class, ...} (a partition as json.dump writes a dict; nodes "
	 "it leaves out are unlabelled) or a list [class, ...] (node i the i-th), classes numbers, "
	 "strings or null (unlabelled); or communities, a list of lists of nodes [[\"a\", \"b\"], "
	 "[\"c\"]] as networkx's community functions give them to json.dump: the k-th list's nodes "
	 "are class k, a node in none unlabelled, a node in two an error."
	 "\nPajek's partition or vector (.clu, .vec: '*Vertices N', then a class a line), and "
	 "Infomap's .clu (a commented header '# node_id module flow' over its lines)."
	 "\nCommunities, one a line ('N1 N2 N3 ...', tab or blank separated, as SNAP's *.cmty.txt "
	 "ground truth lists them; told by every field naming a node, lines of unequal length or a "
	 "name with 'cmty' in it): the k-th line is class k, and a node in several, or in none, is "
	 "unlabelled."
	 "\nInteger classes keep their numbers, also written as reals (numpy.savetxt's "
	 "1.000000000000000000e+00), -1, nan or an empty line is unlabelled; other tokens "
	 "become classes in order of appearance. The number of classes (the K that 'cluster' and "
	 "'experiment' take) counts those that hold a node: labels 1 to 3 are 3 classes.",
	 w_labels, CMD_UNSAFE, cmd_labels, &c_labels, check_labels},
	{"save", NULL, 2, 2, "save embedding|graph|labels|clusters FILE", "write results to a file, atomically",
	 "Write the embedding, the graph, the labels, or the clusters of the last 'cluster' to "
	 "FILE, in the format its name ends with, and say so ('graph written to g.gml'; not "
	 "where FILE is '-' or /dev/stdout, whose reader wants the data alone)."
	 "\nembedding: CSV, or TSV for a .tsv name: node (its name, quoted as in CSV where it "
	 "holds the separator or a quote), label, x_2 .. x_k+1; for a .mtx name the n x k Matrix "
	 "Market array, as scipy's mmread reads it; for a .npy name the n x k float64 array "
	 "numpy.load reads; for a .mat name a MAT-file of version 5 holding it as 'embedding', for "
	 "MATLAB, Octave and scipy.io.loadmat."
	 "\ngraph: an edge list under a '# nodes' comment, blank-separated, or for a .csv or .tsv "
	 "name comma- or tab-separated with a 'source,target[,weight]' header line after the "
	 "comments ('row,col' for a bipartite graph); Matrix Market for a .mtx name; for a .npz "
	 "name the csr matrix scipy.sparse.load_npz reads (the adjacency with both triangles, or "
	 "the biadjacency); for a .mat name the same as the sparse matrix 'A' of a MAT-file. With "
	 "these, node names go to NAME.node_names beside it, and a bipartite graph's column names "
	 "to NAME.col_names, where 'load' finds them again. A block model's entries are written "
	 "too, without alpha, the weights as short as they read back exactly, up to 10^7 entries."
	 "\nGraph formats with attributes: GraphML for a .graphml name and GML for .gml (for "
	 "Gephi, Cytoscape, igraph, networkx): the names as each node's 'label', the ground truth "
	 "as its 'class' and the last clustering as its 'cluster' attribute ('load' takes 'class' "
	 "as the labels, 'load FILE labels cluster' the clusters), a bipartite graph's sides as "
	 "'bipartite' 0 and 1; node-link JSON for .json (networkx's node_link_graph, d3), the "
	 "same attributes beside each node's 'id' (its number) and 'name'; Pajek for .net, the "
	 "names with 'class' and 'cluster' as vertex parameters after '0 0 ellipse', as networkx "
	 "writes them (Pajek has no escape for a \" in a name: it is written as ', and a note says "
	 "so); GraphViz's DOT for .dot or .gv (for dot, neato and fdp: 'graph regspec { 0 "
	 "[label=\"a\", class=\"x\"]; 0 -- 1 [weight=2]; }', the same attributes, which 'load' "
	 "reads back, and each node filled with a colour of its cluster, else of its class: "
	 "'neato -Tpng g.dot -o g.png' draws the clustering); GEXF for .gexf (Gephi's own "
	 "format: the same attributes declared, and each node's viz:color that of its cluster, "
	 "else of its class, so that Gephi opens it coloured); TGF for .tgf (for yEd: 'ID NAME' "
	 "lines, '#', 'ID ID WEIGHT' lines); LGL for .lgl, as igraph writes it, the names in "
	 "place; graph6 for .g6 and sparse6 for .s6 (unweighted graphs; graph6 without "
	 "self-loops), as networkx writes them. A name 'load' reads as a format not written here "
	 "(.gr, .graph, .adjlist, .sif, .dl, ...) is an error."
	 "\nlabels, clusters: for a .csv or .tsv name a 'node,label' or 'node,cluster' table "
	 "with the node and class names, a name with a separator, a quote or blanks at its ends "
	 "quoted; for a .mtx name an n x 1 Matrix Market array of integers, -1 for none; for a "
	 ".npy name an int64 vector, -1 for none; for a .mat name a column of doubles, 'labels' or "
	 "'clusters', -1 for none; for a .json name an object {\"node\": class, ...}, the node's "
	 "name (or number) and the class's name (or number), null for none; else one number a "
	 "line. With one a line and the arrays, -1 for each noise node too, so that the file "
	 "matches the saved graph, and the class names to NAME.label_names beside it; 'labels "
	 "FILE' reads both, on the saved graph or on this one, noise nodes and all (their lines "
	 "are left out). A name that gives a graph format (.gml, .graphml, .g6, ...) is refused "
	 "for an embedding, labels or clusters: 'save graph' writes those formats, with the "
	 "labels and clusters as node attributes where the format has them."
	 "\nA name ending .gz is written gzip-compressed, and .bz2, .xz and .zst through the "
	 "programs bzip2, xz and zstd, in the format of the name under it (g.mtx.gz: Matrix "
	 "Market), as 'load' and 'labels' read them back. The data goes to a temporary file that "
	 "replaces FILE only once complete, so an interrupted or failed save leaves the previous "
	 "file as it was (through a symbolic link, the file it names is replaced and the link "
	 "kept). FILE '-' or /dev/stdout writes to standard output, in order with the other "
	 "output, /dev/stderr to standard error, a pipe or device in place; no file goes beside "
	 "them, and a note says what was left out.",
	 NULL, CMD_UNSAFE, cmd_save, &c_save, check_save},
	{"sbm", NULL, 1, -1, "sbm SIZES PIN POUT [loops] | sbm SIZES matrix P11,P12,... [loops] | sbm paper [notebook]",
	 "a stochastic block model (the paper's, or your own)",
	 "Generate a stochastic block model with ground-truth labels, seeded ('seed N'). SIZES is a "
	 "list 20,20,30, a repeat 20*100, or both: 400,20*30, in one word or in words of their own as "
	 "'cliques' takes them (sbm 20 20 30 0.5 0.1); PIN and POUT are the edge probabilities within and "
	 "between blocks, or 'matrix' gives the K x K probabilities row by row. 'loops' puts a "
	 "self-loop on every node. Pairs are drawn by geometric skipping: the time is the number of "
	 "edges, not n^2; with PIN and POUT and more than 1000 blocks, the pairs between blocks are "
	 "drawn in one pass, so 50000 blocks of 20 take a second, not K^2 steps (up to 1000 blocks a "
	 "seed gives the graph it always gave). A model whose expected edges would not fit in memory "
	 "is refused before any is drawn. 'sbm paper' is section 5's model: 100 blocks of 20, probability 0.5 in the "
	 "first 50 and 0.05 in the others, 0.001 between, self-loops; 'sbm paper notebook' uses the "
	 "published notebook's densities instead (10/n and 1/n).",
	 w_sbm, 0, cmd_sbm, NULL, check_sbm},
	{"noise", NULL, 1, 1, "noise FRACTION", "append isolated nodes with self-loops (the paper's noise)",
	 "Append FRACTION times n isolated nodes, each with a self-loop of weight 1, after the "
	 "graph (the paper's noise). The original nodes keep their numbers and labels; the noise "
	 "nodes are unlabelled, so scores and label views use the original nodes only. Where the "
	 "graph's nodes have names, the noise nodes are named noise-1, noise-2, ... (noise--1 where "
	 "an original name starts with noise-), so that 'save graph' writes every node a name.",
	 NULL, 0, cmd_noise, NULL, check_noise},
	{"component", NULL, 0, 1, "component [RANK]",
	 "keep one connected component, the largest by default",
	 "Replace the graph by one of its connected components at alpha = 0: the largest, or the "
	 "RANK-th largest (ties to the one with the lowest node). Nodes keep their order, names "
	 "and labels and are numbered again from 0; isolated and noise nodes, components of their "
	 "own, go, and classes left without nodes are dropped (numbered classes are then named "
	 "by their old numbers). Published results on polblogs, cora and the like are often on "
	 "the largest component. A new 'load' brings the whole graph back.",
	 NULL, 0, cmd_component, NULL, check_component},
	{"eps", NULL, 0, 1, "eps [E]", "show or set the inter-block weight of the model",
	 "Show or set eps, the weight added between every pair of nodes of the model (A = Z Z^T "
	 "+ eps J). Its effect is exactly that of alpha + eps.",
	 NULL, 0, cmd_eps, NULL, check_eps},
	{"alpha", NULL, 0, 2, "alpha [VALUE] [abs|rel]",
	 "show or set the regularization alpha, absolute or relative",
	 "Without arguments, print alpha, its mode and both forms. With a value, set it (>= 0); "
	 "'abs' (or 'absolute') makes it the pair weight itself, 'rel' (or 'relative') the relative "
	 "form of the paper's experiments, alpha w / n^2 with w = 1^T A 1 (bicliques: alpha w / (n m)). A mode given "
	 "alone switches the mode and keeps the value; until a mode is given, alpha is relative on a "
	 "graph ('load', 'sbm') and absolute on 'cliques' and 'bicliques'. Alpha stops at 1e12 relative: past it the "
	 "graph's own weights are lost in the rounding of alpha's (about 1e8 relative already "
	 "brings lambda_j within 1e-9 of mu_j, which 'mu' reports as a tie).",
	 w_alpha, 0, cmd_alpha, NULL, check_alpha},
	{"k", NULL, 0, 1, "k [N|auto]", "show or set the embedding dimension k",
	 "The embedding has k columns: the eigenvectors of lambda_2 .. lambda_k+1 (the first, "
	 "constant, is dropped). 'auto' is min(K - 1, 20) for a block model; k must be at most "
	 "K - 1 there, since the eigenvectors past lambda_K belong to lambda = 1 and are not "
	 "unique. For a graph 'auto' is 20, the paper's dimension (n - 2 at most); on a graph of "
	 "few nodes a k near n embeds mostly noise, and a k near the number of classes clusters "
	 "better.",
	 w_k, 0, cmd_k, NULL, check_k},
	{"seed", NULL, 0, 1, "seed [N]", "show or set the random seed",
	 "Set the seed of the one random generator (used by 'theta random'), so scripts give "
	 "the same numbers on every run.",
	 NULL, 0, cmd_seed, NULL, check_seed},
	{"info", NULL, 0, 0, "info", "describe the graph, alpha in both forms, k and the solver",
	 "Print the model or graph: nodes, edges, blocks or classes, components, isolated and "
	 "noise nodes, its total weight, how a loaded file was read ('input': its format, "
	 "whether directed input was made undirected, duplicates merged, zero weights dropped, "
	 "and for GraphML the nodes merged or added where the file repeats an id or leaves a node "
	 "out; 'node_attrs': the node attributes 'labels ATTR' can read from it), "
	 "alpha in both forms, k, the seed, and the solver with its last timing, residual and "
	 "(iterative) operator applications, warm start and, on a symmetric graph, the extra "
	 "runs for repeated values (last_rechecks).",
	 NULL, 0, cmd_info, NULL, NULL},
	{"eig", NULL, 0, 1, "eig [all]", "the eigenvalues of L_alpha x = lambda D_alpha x",
	 "Print the spectrum with multiplicities, smallest first (fields 'eigenvalues', "
	 "'multiplicity'). For a block model it is exact and complete: the K eigenvalues of the "
	 "aggregate problem and lambda = 1 with multiplicity n - K; 'all' lists every eigenvalue "
	 "once per multiplicity (up to 10^6). For a graph it is the k + 1 smallest, with the "
	 "multiplicities that are known exactly: lambda = 0 once per connected component at alpha "
	 "= 0, and the values of pieces that are copies of one another (noise nodes, leaves, legs "
	 "of a star); on a graph whose nodes colour refinement mostly cannot tell apart (a "
	 "cycle, a grid; a regular graph only if most stay alike once one node is singled out: "
	 "a torus, not a random regular graph), LAPACK solves it up to 1000 nodes, and above "
	 "that Lanczos runs again, "
	 "orthogonal to what it found, until a run finds no further copy, and a Rayleigh-Ritz "
	 "step over every pair found gives the values. Repeated eigenvalues are explained: a "
	 "multiple 0 means a disconnected graph, and its eigenvectors are not unique; nodes of "
	 "degree 0 at alpha = 0 are left out and embedded at 0.",
	 w_eig, 0, cmd_eig, NULL, check_eig},
	{"mu", NULL, 0, 0, "mu", "lambda_j and the thresholds mu_j, with the interleaving checked",
	 "Print lambda_j next to mu_j (blocks ranked by mu, the largest block first) and check "
	 "Lemma 3: 0 = lambda_1 < mu_1 < lambda_2 < mu_2 < ... < lambda_K < mu_K. Equal block "
	 "sizes give equal thresholds and lambda_j = mu_j ('tie'), and so does an alpha so strong "
	 "that lambda_j comes within 1e-9 of a threshold (about 10^8 times the mean pair weight). For bicliques the corrected "
	 "threshold 1 - sqrt(n_j m_j / ((n_j + a n)(m_j + a m))) is used and the paper's printed "
	 "form is shown beside it. The check says ok, tie or VIOLATED. For a graph with labels "
	 "the classes play the blocks, a reference and not a theorem, so a row out of order says "
	 "'no' rather than VIOLATED.",
	 NULL, 0, cmd_mu, NULL, NULL},
	{"signs", NULL, 0, 0, "signs",
	 "the eigenvectors' sign patterns per block, against Theorem 1 or 2",
	 "For each embedding column x_j (j = 2..k+1) print its sign on each block next to the "
	 "theorem's prediction: one sign on the j-1 blocks of smallest mu, the other on the rest. "
	 "'agree' says whether they match; 'tie' when lambda_j sits on the threshold of equal "
	 "blocks (the vector then vanishes elsewhere). For bicliques both parts are shown, and "
	 "the block order at this alpha next to its limits: harmonic mean of the proportions as "
	 "alpha -> 0, geometric mean as alpha -> infinity. For a graph with labels: the fraction of "
	 "each class's nodes where x_j > 0 (pos_j; an entry within the solve's residual of 0 "
	 "counts as 0), read as Theorem 1 on the classes ranked by size: 'agree' is 'tie' where "
	 "the classes at the cut have the same size, 'not unique' where lambda_j is repeated, "
	 "and n/a past x_K for K classes.",
	 NULL, 0, cmd_signs, NULL, NULL},
	{"embed", NULL, 0, 1, "embed [blocks|nodes]", "the spectral embedding X",
	 "Print the embedding X = D^-1/2 U (X^T D_alpha X = I), k columns x_2 .. x_k+1, with each "
	 "column's largest entry made positive (ties to the lowest node). 'blocks' (the default "
	 "for block models) prints one row per block, the paper's X = Z y, or per class of a "
	 "labelled graph (the class means); 'nodes' (the default for graphs) one row per node, "
	 "with its name, its label and the label's class name where the labels have names. "
	 "'save embedding FILE' writes any size.",
	 w_embed, 0, cmd_embed, NULL, check_embed},
	{"cluster", NULL, 0, 7, "cluster [K] [dims D] [restarts R] [normalize] [first]",
	 "K-Means on the embedding (k-means++, seeded, restarts)",
	 "Cluster the nodes by K-Means into K clusters (default: the number of blocks of a model, "
	 "or of classes in the labels) on the embedding's columns (all k, the first D with 'dims "
	 "D', or the first min(k, K) with 'first', as the paper's notebook did): k-means++ "
	 "seeding from the session's seed, R restarts (default 10) keeping the lowest inertia, "
	 "relative tolerance 1e-6 on the inertia, at most 300 iterations, an empty cluster "
	 "reseeded with the farthest point (clusters still empty, where the rows take fewer than K "
	 "distinct places, are counted in a note). 'normalize' scales each row to unit length first "
	 "(Ng-Jordan-Weiss). Distances go through BLAS. Where the work runs to seconds (K times "
	 "nodes times columns times restarts past 10^9), a terminal is shown the restart and "
	 "iteration on standard error; Ctrl-C stops it at once, and the clusters from before stay.",
	 w_cluster, 0, cmd_cluster, NULL, check_cluster},
	{"score", NULL, 0, 2, "score [PRED_FILE [TRUTH_FILE]]", "the paper's scores: H C V ARI AMI FMI Q NSD",
	 "Score the last clustering (or the labels in PRED_FILE) against the ground truth (or "
	 "TRUTH_FILE): homogeneity, completeness, V-measure, adjusted Rand index, adjusted mutual "
	 "information (arithmetic normalization, exact expected mutual information; 1 for two labelings "
	 "that are one partition, also where every point is its own class and it is 0 / 0), "
	 "Fowlkes-Mallows, as scikit-learn computes them, on the labelled original nodes only; "
	 "Newman's modularity Q of the clustering on the noise-free graph (Q = sum over pairs in one "
	 "cluster of A_ij - d_i d_j / w, over w, with the adjacency as it is: a self-loop's weight "
	 "once on the diagonal and once in its node's degree d_i, w the sum of A; networkx's "
	 "modularity counts a self-loop twice and differs where there are some); and NSD = 1 - "
	 "std(sizes) / (n sqrt(k-1) / k) over the k non-empty clusters (undefined for one "
	 "cluster). Field names: H, C, V, ARI, AMI, FMI, Q, NSD.",
	 NULL, 0, cmd_score, &c_file, NULL},
	{"experiment", NULL, 0, 15,
	 "experiment [alpha A,...] [K true|half|N,...] [noise F,...] [reps R] [first] [table text|markdown|latex] [rows alpha|noise]",
	 "the paper's protocol: embed, cluster, score over alpha, K, noise",
	 "Run the paper's experiment on the session's graph and labels: for each noise level "
	 "(default 0,0.01,0.05,0.1, the paper's; 0 only for a bipartite graph unless 'set "
	 "bipartite adjacency'), each relative alpha (default 0,0.1,1,10) and each K (default "
	 "true,2,half: the number of classes, 2 and half of it; or numbers), embed in k dimensions, cluster with K-Means ('first': on the first "
	 "min(k, K) columns, as the paper's notebook) and score on the original labelled nodes; "
	 "R repetitions change the K-Means seed, and draw a new instance when the graph came from "
	 "'sbm'. Prints one table per setting in the paper's layout, mean and standard deviation "
	 "over repetitions (the mean alone for one) with the best mean of each column marked, as text, Markdown or LaTeX "
	 "(booktabs); with 'set format csv|json' one flat table (K, noise, alpha, metric, mean, "
	 "sd, reps). 'rows noise' puts the noise levels in the rows (the paper's noise table). A score not defined there (NSD when K-Means leaves one cluster) is a dash. A "
	 "progress line shows on a terminal; Ctrl-C stops and prints the runs done.",
	 w_experiment, CMD_UNSAFE, cmd_experiment, NULL, check_experiment},
	{"sweep", NULL, 3, 5, "sweep [alpha] FROM TO STEPS [log]",
	 "a table of lambda_j and mu_j along a range of alpha",
	 "Solve at STEPS values of alpha from FROM to TO (in the current mode; 'log' spaces them "
	 "geometrically; the word 'alpha' may be left out, as in 'plot sweep') and print alpha, its absolute value, lambda_2 .. lambda_k+1, mu_1 .. "
	 "mu_k+1 and whether the interleaving holds. The session's alpha is left as it was. On "
	 "a graph the values are solved coarse to fine (both ends, the middle, the quarters, ...), "
	 "so that most lie between values already solved, where the basis of earlier solves "
	 "answers them when that is accurate enough, and printed in alpha order with the "
	 "operator applications of each (with 'set warm off': in order, each cold). Ctrl-C "
	 "stops and prints the values solved so far.",
	 w_sweep, 0, cmd_sweep, NULL, check_sweep},
	{"watch", NULL, 0, 0, "watch", "the live view: arrow keys move alpha, everything redraws",
	 "A full-screen view of the model or graph: a header (graph, alpha in both forms, eps, k, "
	 "solver), the spectrum as a number line on [0, 1] with lambda_j marks and mu_j ticks "
	 "(a mark in reverse video breaks the interleaving of a model), the lambda_j / mu_j table with its "
	 "checks, the sign grid of blocks or classes by eigenvector ('!' against the theorem), a "
	 "scatter of two embedding columns, each node its block's or class's digit or letter in its colour ('.' without a class, '^' a bipartite graph's column), and a status line."
	 "\nKeys: "
	 "Right/Left move alpha by 10 %, PgUp/PgDn by a factor 2, 0 sets it to 0, = types it (Esc cancels), a "
	 "switches absolute/relative, Up/Down change k, e/E change eps, x/y the scatter's columns, "
	 "? shows the keys, q (or Esc, or Ctrl-C) returns to the prompt with alpha and k where they were moved."
	 "\nGraphs are solved in the background, warm-started (the status line says 'ahead' when "
	 "the alpha was solved before the key asked for it, 'basis' when the pairs came from earlier solves, 'warm' or 'cold' when Lanczos ran), and keys "
	 "pressed meanwhile coalesce to the latest alpha. While idle the view looks ahead: it "
	 "solves alpha x 1.1 and alpha / 1.1 (the status says 'ready+ahead') and keeps what it finds, "
	 "so that the next Right or Left is answered at once (solutions over 128 MB only join the basis); a key cancels the look-ahead, or takes "
	 "it over when it asks for that alpha ('set warm off' turns it off)."
	 "\nNeeds a terminal of at least 80x24; NO_COLOR turns colours off, "
	 "REGSPEC_ASCII=1 draws with ASCII only. Refused when input or output is not a terminal.",
	 NULL, CMD_UNSAFE, cmd_watch, NULL, NULL},
	{"plot", NULL, 1, 8,
	 "plot embed [I J] [by labels|clusters] | plot spectrum | plot sweep [FROM TO STEPS [log]] | plot signs | plot mu [ALPHAS] | plot scores | plot output FILE|none [size W H] | plot term NAME [OPTIONS]|auto | plot dump on|off; any plot [FILE.png|svg|pdf]",
	 "gnuplot: embeddings, spectra, sweeps, signs, thresholds, scores",
	 "Draw through gnuplot. 'embed' scatters columns x_I and x_J (default x_2, x_3), coloured "
	 "by block or class with a legend that gives their sizes (a graph's 15 largest classes in "
	 "colours of their own, the smaller ones together in light grey), noise nodes apart, "
	 "a bipartite graph's unlabelled columns apart as triangles ('^' in text), at "
	 "most 100000 points (sampled, and said so); 'spectrum' draws lambda_j and mu_j as one ladder, so the interleaving shows at "
	 "a glance; 'sweep' draws lambda_j (lines) and mu_j (dashed) along alpha, 'log' on a log "
	 "axis (alone, after a 'sweep', over that sweep's range; 'plot sweep alpha ...' as the sweep "
	 "command has it); 'signs' draws blocks (or classes) by eigenvectors as a heat map; 'mu' draws the "
	 "family mu_alpha(x) = alpha / (alpha + x) of thresholds against a block's share x of the "
	 "nodes (alphas 0.01 to 100, or a list of up to 16: plot mu 0.1,1,10), with the blocks or "
	 "classes marked; 'scores' draws "
	 "the last experiment's eight scores along alpha (or along noise). 'embed ... by clusters' "
	 "(or 'by cluster') colours by the last 'cluster' instead of the labels ('by labels', "
	 "'label', 'classes', 'blocks')."
	 "\nWhere it goes: a file named last "
	 "('plot spectrum ladder.svg', png, svg or pdf from the extension) takes that plot alone; "
	 "else 'plot output FILE' (the same extensions, 'size W H' in pixels; a 'plot term' of "
	 "the file's kind, such as 'pngcairo font \"Sans,8\"', gives its options; a file "
	 "that cannot be written is an error there), else "
	 "'plot term NAME', else $GNUTERM, else a window when $DISPLAY is set and gnuplot has "
	 "one, else text in the terminal (dumb, 72 x 20 at least, in colour unless NO_COLOR), "
	 "where each block or "
	 "class is a letter named in the key (a graph's 9 largest classes, the others '+'), and "
	 "'signs' writes each sign ('+', '-', '~' for mixed)."
	 "\n'plot dump on' (or "
	 "'dump' after a plot) prints the gnuplot script instead of running it: the data travels "
	 "as named datablocks, so the script stands alone. A missing gnuplot, or one that fails "
	 "or is killed, is an error that says so; Ctrl-C while it draws stops it, and nothing is "
	 "written.",
	 w_plot_what, CMD_KEEPS_LAST | CMD_UNSAFE, cmd_plot, &c_plot, check_plot},
	{"set", NULL, 0, -1, "set [NAME [VALUE]]", "show or change a setting",
	 "'set' alone lists the settings with their values, 'set NAME' shows one, 'set NAME "
	 "VALUE' changes it."
	 "\nformat text|csv|json: how results print (text at a terminal has its notes broken "
	 "between words to its width). digits N: significant digits (default 8). echo on|off: print "
	 "each command of a script before it runs. bail on|off: stop a script at its first error. "
	 "rows N|auto|all: how many rows of a long table a terminal is shown, the first and last "
	 "half, with a line counting the rest (auto: 40; pipes, files and 'expect' get every row)."
	 "\nverbose on|off: say which solver ran, its time, operator applications and residual. "
	 "solver auto|aggregate|dense|lanczos: which solver runs ('help eig'). dense-max N: the "
	 "largest n the dense solver accepts. tol T: the iterative solver's relative residual "
	 "(default 1e-8)."
	 "\nncv N|auto: the iterative solver's basis size (auto: the k + 2 pairs it solves for and "
	 "half as many again plus one, or as many again plus four on a graph of fewer than 12 "
	 "stored entries a row, whose products are cheap beside the basis' sweeps; at least 16 "
	 "more, and at most 40 more in a double basis)."
	 "\nbasis auto|double|float: how that basis is stored. float halves the solve's largest "
	 "array, the arithmetic staying in double; each pair's residual is then measured on the "
	 "operator, and the solve redone in double should one fall short of tol. float needs tol "
	 "1e-6 or more (a tighter one keeps a double basis); auto takes float on a graph of fewer "
	 "than 12 stored entries a row once a double basis would take 8 MB, and wherever one would "
	 "take a quarter of the machine's memory."
	 "\nbipartite biadjacency|adjacency: a bipartite graph is embedded by the generalized SVD "
	 "of B + alpha J, or as the whole graph [[0, B], [B^T, 0]] regularized by alpha J, the "
	 "paper's Table 4 comparison."
	 "\nwarm on|off: on (the default), each iterative solve on a graph first tries the "
	 "Rayleigh-Ritz pairs of a basis of its earlier solutions along alpha, kept when their "
	 "residuals meet tol, else starts Lanczos from them or from the previous eigenvectors; "
	 "and 'watch' and the prompt, while they wait for a key or a line, solve alpha x 1.1 and "
	 "alpha / 1.1 ahead, for the basis and for the step that asks for one of them, which then "
	 "takes it at once ('info' says last_solved_ahead). off: cold solves (for timings), and no "
	 "look-ahead.",
	 NULL, 0, cmd_set, &c_set, check_set},
	{"echo", NULL, 1, 1, "echo on|off", "print each command before it runs (for demos)",
	 "With echo on, each command of a script is printed after the prompt before it runs, so "
	 "a demonstration reads like a typed session.",
	 w_onoff, CMD_KEEPS_LAST | CMD_NOECHO, cmd_echo, NULL, check_echo},
	{"print", NULL, 0, -1, "print [TEXT...]", "print a line of text",
	 "Print the words given, joined by spaces: headings and explanations in demo scripts.",
	 NULL, CMD_KEEPS_LAST | CMD_NOECHO, cmd_print, NULL, NULL},
	{"pause", NULL, 0, -1, "pause [MESSAGE...]", "wait for Enter (interactive only)",
	 "Print the message and wait for Enter when a person is at the terminal; skipped when "
	 "input or output is not a terminal, so scripts run through.",
	 NULL, CMD_KEEPS_LAST | CMD_NOECHO, cmd_pause, NULL, NULL},
	{"expect", NULL, 1, 4, "expect GLOB | expect FIELD VALUE [tol T]",
	 "assert on the previous result (scripts double as tests)",
	 "'expect GLOB' checks that the previous command's output, as printed in text, matches "
	 "the shell pattern (* matches across lines). 'expect FIELD VALUE' checks one field of "
	 "the previous result, by its JSON name, arrays indexed from 1 (eigenvalues[2]); numbers "
	 "compare within 'tol T' (default 1e-9, relative to max(1, |VALUE|)). A failed expect "
	 "prints what was found and counts as a failed command.",
	 NULL, CMD_KEEPS_LAST | CMD_NOECHO, cmd_expect, NULL, check_expect},
	{"source", NULL, 1, 1, "source FILE", "run the commands of a file",
	 "Run a script file, line by line, as if typed. A relative name not found in the current "
	 "directory is looked up beside the running script. Nesting is limited to 50, and a file "
	 "that sources itself, directly or not, is an error.",
	 NULL, CMD_KEEPS_LAST | CMD_UNSAFE, cmd_source, &c_file, NULL},
	{"help", "?", 0, 1, "help [COMMAND|TOPIC]", "list the commands, or explain one",
	 "Without arguments, list every command with a line about it, and the topics; with a command "
	 "name (or a unique prefix), print its usage and description; with a topic ('formats': the graph "
	 "files 'load' reads and 'save graph' writes; 'syntax': how a line is read), explain it.",
	 NULL, CMD_KEEPS_LAST, cmd_help, NULL, check_help},
	{"quit", "exit", 0, 1, "quit [STATUS]", "leave regspec",
	 "Leave regspec. The exit status is STATUS when given, else 1 if any command failed and "
	 "0 otherwise.",
	 NULL, CMD_KEEPS_LAST, cmd_quit, NULL, check_quit},
	{NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL},
};

/* Topics of 'help' that are not commands: the man page prints them too. */
const struct rs_topic rs_topic_table[] = {
	{"formats", "the graph files 'load' reads and 'save graph' writes",
	 "'format FMT' names the format 'load' reads, else the file's extension does, else its "
	 "content; 'save graph' writes edge lists (blank-separated, or .csv and .tsv with a "
	 "header), Matrix Market (.mtx), GraphML (.graphml), GML (.gml), Pajek (.net), node-link JSON (.json) "
	 "and scipy's sparse .npz (.npz). "
	 "\nEdge lists: one edge a line, "
	 "whitespace, comma, semicolon or tab separated (tabs apart from blanks in a .tsv file, or "
	 "where the first line's names hold blanks, 'New York<tab>Boston'; else tabs and blanks "
	 "alike), '#' and '%' comments, a header line detected (two column words such as "
	 "'source,target', unless one comes back as a node name; a first line of names over numeric ids, "
	 "or of a word over a number in the weight column; in a comma, semicolon or tab separated file, "
	 "two words no later line names as nodes: the note says so; 'header' and 'noheader' decide) "
	 "whose names pick the "
	 "columns (source/from/src, target/to/dst, weight/value/count, or the one 'weight NAME' names: Gephi's "
	 "'Source,Target,Type,Id,Label,Weight' reads; the other columns are not read and a note lists them), "
	 "an optional weight column ('unweighted' ignores it and any further "
	 "columns, say a time stamp: every edge weighs 1, and 'merge sum' then counts repeated "
	 "edges; in a blank-separated list, fields after the weight are skipped and counted, as in "
	 "KONECT's 'u v w time' lines; a semicolon-separated one may write decimal commas, 0,5; empty fields after the last column, as a trailing tab leaves, are not columns; "
	 "networkx's write_edgelist lines, 'u v {'weight': 2.0}', take the weight from the dict, 1 without one), numeric ids (0-based; 1-based when no id "
	 "0 appears, but under a '# nodes: N' comment only when the ids reach N; 'base 0|1' decides; "
	 "whole numbers written as decimals, 3.0 or numpy.savetxt's 3.000000000000000000e+00, are ids too) "
	 "or names. A '# nodes: N' comment gives the number of nodes, "
	 "isolated ones included. \nNumeric ids that are labels rather than positions are mapped to "
	 "0..n-1 in increasing order and kept as names: where they run past a SNAP header's "
	 "'# Nodes: N' ('# Directed graph' says the edges are arcs), or, with no count announced, "
	 "where most of 0..max (1,000 or more) would be nodes no edge names; 'compact' always does, "
	 "'nocompact' never. \nKONECT's out.* files: the first line '% sym|asym|bip WEIGHTS' decides "
	 "(bip: a bipartite graph, rows and columns numbered apart; asym: arcs), ids from 1, and a "
	 "second line '% EDGES N1 N2' gives the node counts. \nMatrix Market files, coordinate or dense "
	 "('array', as scipy.io.mmwrite writes a numpy array: its nonzeros are the edges): a square matrix is a graph, a "
	 "rectangular one the biadjacency of a bipartite graph; .biedges files and 'bipartite' read "
	 "(row, column) pairs. \nDIMACS files (.col, .clq, .gr, .max, .dimacs, or a 'p FORMAT N M' line "
	 "after 'c' comments): 'e u v' edges, 'a u v [w]' arcs made undirected, ids from 1. \nMETIS "
	 "and Chaco files (.graph, .metis, .chaco): a 'N M [FMT [NCON]]' header, then each node's "
	 "neighbours a line (edge weights after them, node weights skipped, as FMT says), every edge "
	 "listed from both ends. \nAdjacency lists (.adjlist, networkx's write_adjlist): a node, then its "
	 "neighbours, a line; a node alone on its line is a node too; integer names are the ids (0-based, "
	 "1-based when no 0 appears), unless some id below the largest is on no line: then, as every "
	 "node has a line, they are names, in increasing order ('nocompact' keeps them ids, 'compact' "
	 "makes them names always); others are names; networkx's write_multiline_adjlist files (a line 'NODE "
	 "COUNT', then COUNT lines 'NEIGHBOUR {attributes}', found by their shape too) take the weights from "
	 "the dicts; a file of blank-separated lines whose lengths vary, some of 5 fields or more, is "
	 "found as an adjacency list by its shape; so is Gephi's CSV adjacency list ('A;B;C': A's "
	 "neighbours B and C, fields split at ';' or ',', quotes kept together), whose lines vary (some "
	 "of 4 fields or more, no length on 60 % of them; 'format adjlist' reads any other). \nDense adjacency matrices ('format matrix'; found by their shape too): a line of "
	 "column names or not, each row led by its name or not (pandas' to_csv, R's write.csv, a spreadsheet's "
	 "export; numpy.savetxt's blank-separated numbers: N rows of N whose first row is the first column, "
	 "and for N = 3 or 4, as wide as an edge list, symmetric and under no '# nodes' comment), comma, "
	 "semicolon (decimal commas), tab or blank "
	 "separated, an empty cell 0; a square matrix is a graph, its rows matched to the columns by name, "
	 "made undirected where it is not symmetric; a rectangular one, or any with 'bipartite', the "
	 "biadjacency of a bipartite graph. \nCytoscape's SIF (.sif, or found by its shape: a few words "
	 "between the nodes that are never nodes themselves): 'node relation node ...' a line, the "
	 "relation not read, a node alone on its line kept; tabs separate where the file has any. "
	 "\nLGL, the Large Graph Layout format igraph reads and writes (.lgl, or found by its shape: "
	 "'# NODE' lines, each of one word, with neighbours under them): '# NODE' opens a node, then "
	 "one neighbour a line, with an optional weight; names are words, numbers or not, taken in "
	 "order of appearance; a '# NODE' with nothing under it is a node of its own. 'save graph "
	 "g.lgl' writes it, names included. igraph's NCOL format ('format ncol') is an edge list of names. "
	 "\nnauty's graph6, sparse6 and digraph6 (.g6, .s6, .d6, or found by a >>graph6<< header or a "
	 "line of their shape), as geng, networkx, SageMath and the House of Graphs write them: the "
	 "first graph of the file (a note counts them), or with 'load FILE.g6/N' the N-th (Tab after "
	 "the '/' lists them), node i the i-th; digraph6's arcs "
	 "made undirected, sparse6's repeated edges merged; 'save graph g.g6' writes graph6 (no "
	 "weights, no self-loops), 'g.s6' sparse6 (self-loops too), with networkx's header. "
	 "\nUCINET's DL (.dl, or a first word 'DL'): 'N=' (or 'NR=' 'NC=': two modes, a bipartite "
	 "graph), FORMAT FULLMATRIX (DIAGONAL PRESENT or ABSENT), LOWERHALF, UPPERHALF, EDGELIST1/2 "
	 "or NODELIST1/2, labels listed (LABELS:, ROW LABELS:, COL LABELS:) or EMBEDDED, of several "
	 "matrices (NM=) the first. "
	 "\nPajek (.net, .paj, or a first line '*Vertices' or '*Network'): '*Vertices N' (or 'N N1': "
	 "a two-mode network, a bipartite graph of its first N1 vertices and the others), vertex lines "
	 "'id [\"label\"] [x y [z]] [shape] [key value ...]' (the labels are the names, unless they are "
	 "the numbers, as networkx writes integer nodes), *Edges and *Arcs lines 'a b [w] [key value "
	 "...]' (no weight: 1), *Edgeslist and *Arcslist lines 'a b c ...', a *Matrix; arcs made "
	 "undirected; of a project file the first network, and its first *Partition as the labels, "
	 "else a 'value', 'community' or 'class' vertex parameter; "
	 "'labels KEY' reads a vertex parameter (networkx's write_pajek writes node attributes so) or "
	 "a partition by name, 'weight KEY' an edge parameter. "
	 "\nJSON (.json, .cyjs, or a first character '{' or '['): node-link data as networkx's "
	 "node_link_data and d3 write it, {\"nodes\": [{\"id\": ...}, ...], \"links\": [{\"source\": ..., "
	 "\"target\": ...}, ...]} (\"edges\" too; links by the nodes' ids, or by position from 0 where "
	 "the nodes have none, as in d3's older examples), networkx's adjacency_data ({\"nodes\": ..., "
	 "\"adjacency\": [[{\"id\": ...}, ...], ...]}), Cytoscape.js elements ({\"elements\": {\"nodes\": "
	 "[{\"data\": {...}}], \"edges\": [...]}}, or a list of elements with a \"group\"), the JSON Graph Format "
	 "({\"graph\": {\"nodes\": {\"ID\": {...}}, \"edges\": [...]}}, nodes by id or in a list, attributes in each "
	 "element's \"metadata\"; of {\"graphs\": [...]} the first), Cytoscape's CX as NDEx serves networks (.cx, .cx2: "
	 "a list of aspects; CX1's nodes {\"@id\", \"n\"}, edges {\"@id\", \"s\", \"t\"} and nodeAttributes and "
	 "edgeAttributes {\"po\", \"n\", \"v\"}; CX2's nodes and edges with their attributes in \"v\", under the aliases "
	 "of attributeDeclarations), or a list of "
	 "edge records [{\"source\": ..., \"target\": ..., \"weight\": ...}] (pandas' "
	 "to_json(orient='records')); \"directed\": true makes arcs; names from a node's \"name\" or "
	 "\"label\", else its id; weights and labels from fields as for GML (\"group\" too, d3's "
	 "classes; a field with a value of its own on every node, an identifier, is not taken as "
	 "classes unless 'labels KEY' names it; NaN, Infinity and -Infinity, which Python's json "
	 "writes for a float nan or inf, read as those numbers: a weight NaN or inf is an error, a "
	 "label NaN is none). "
	 "\nGEXF (.gexf, or XML with a <gexf> element; Gephi's own format, and networkx's write_gexf, "
	 "versions 1.1 to 1.3): the nodes' labels as names, an edge's weight, directed edges made "
	 "undirected; attributes by their id or their title, 'labels \"Modularity Class\"', 'weight "
	 "Strength'; a 'value', 'community' or 'class' node attribute becomes the labels; visual attributes "
	 "and time spells are not read; a file that ends before </gexf> is an error. "
	 "\nXGMML (.xgmml, or XML whose root is XGMML's <graph>; what Cytoscape exports): nodes named by "
	 "their label, else their id; an edge's weight from its <att name=\"weight\">, or the one 'weight "
	 "NAME' names; directed edges made undirected; the labels from a node <att> named value, "
	 "community or class, or the one 'labels ATTR' names; list attributes and nested networks are "
	 "passed over; a file that ends before </graph> is an error. "
	 "\nGDF, the GUESS format Gephi and Netvizz export (.gdf, or a first line 'nodedef>' or "
	 "'edgedef>'): a 'nodedef>name VARCHAR,label VARCHAR,...' line, a node a line, then an "
	 "'edgedef>node1 VARCHAR,node2 VARCHAR,...' line and an edge a line, comma-separated, text in "
	 "single or double quotes; nodes by their 'name', named by their 'label'; the weights from a "
	 "'weight' column ('weight NAME' another), 'directed' edges made undirected; the labels from a "
	 "node column named class, community, value or modularity_class, or the one 'labels COLUMN' "
	 "names; a node only an edge names is added. "
	 "\nGraphViz's DOT (.dot, .gv, or a first statement '[strict] graph|digraph [NAME] {'; what dot and "
	 "neato read, networkx's write_dot and igraph's write_dot write, 'format dot'): nodes in the order "
	 "they are first named, named by their 'label' attribute (or a 'node [label=...]' default before them) where it is not '\\N' or HTML (GraphViz's "
	 "line breaks as blanks), else by their id; every edge of an edge statement, chains 'a -- b -- c' "
	 "and subgraphs at either end ('a -- {b c}': an edge to each), with the weight of its 'weight' "
	 "attribute or of an 'edge [weight=...]' default before it in its subgraph ('weight NAME' reads "
	 "another attribute, as 'len'; a note lists the numeric ones not read); a digraph made undirected; "
	 "the labels from a 'value', 'community' or 'class' node attribute ('node [...]' defaults "
	 "included), or the one 'labels ATTR' names, else from the cluster subgraphs ('subgraph "
	 "cluster_x {...}': a node's first, by the cluster's label, else its name; 'labels subgraph' asks "
	 "for them); ports, graph attributes and drawing attributes are passed over; comments ('//', "
	 "'/* */', '#' lines), quoted strings joined by '+', HTML strings and numbers with an exponent "
	 "(1e-07, which GraphViz would split) are read; a file of several "
	 "graphs reads the first (a note counts them); errors name the line (an unclosed string or "
	 "comment, a missing '}', '->' in a graph). "
	 "\nTGF, the Trivial Graph Format yEd exports (.tgf, or a line '#' alone between lines of different "
	 "first words and lines of pairs of them): 'ID LABEL' a node, named by its label, else its id; '#'; "
	 "'ID ID [LABEL]' an edge, its label the weight when every edge label is a number (else none is "
	 "read); 'save graph g.tgf' writes one. "
	 "\nLEDA's native format (.gw, .lgr, or a first line 'LEDA.GRAPH'; igraph's write_graph(format = "
	 "'leda'), networkx's read_leda): the node and edge types, the direction, N node lines '|{label}|', "
	 "M edge lines 'SOURCE TARGET REVERSAL |{label}|' from 1; the node labels as names, the edge labels as "
	 "weights where the edge type is a number. "
	 "\nGML and GraphML go through igraph (GraphML keys of types of its own, as graph-tool's "
	 "vector_float or python::object, are read as strings; the keys networkx writes for one "
	 "attribute whose values have several types, 'weight' long and 'weight' double, are read as "
	 "one attribute of the type that holds them all, and a note says so; GML reals written "
	 "without a digit on one side of the point, as networkx writes 1.E-07, are read; "
	 "yEd's node labels, <y:NodeLabel>, "
	 "are the names; a node that only an edge names, with no <node> element, is added, "
	 "as igraph and networkx do, and a note says how many; <node> elements that repeat an id "
	 "are merged into one node, and a note names the first and its lines); the weights are a numeric "
	 "edge attribute named weight (or weights, value, count; in any case; numbers written as strings, as gv2gml writes them, too), or the one 'weight NAME' names (a note lists the numeric ones not read); a 'value', 'community' or "
	 "'class' (as regspec writes the ground truth) node attribute becomes the labels, or the one 'labels ATTR' names where no file ATTR "
	 "exists (the label file rules: integers keep their values, other values are classes). "
	 "\nNumPy and scipy (found by their first bytes, whatever the name): a sparse matrix saved by "
	 "scipy.sparse.save_npz (csr, csc or coo; compressed or not; bsr and dia are refused with "
	 "A.tocsr()) or its arrays saved by hand with numpy.savez (data, indices, indptr and shape, "
	 "as the common recipe writes a csr matrix, csc where indptr runs over the columns; data "
	 "with row and col, or with a (2, nnz) coords as pydata's sparse writes; without a shape, "
	 "as far as the indices reach), a dense matrix saved by numpy.save (.npy: bool, integers or floats of either byte "
	 "order, C or Fortran order) or alone in numpy.savez's .npz; a square matrix is a graph, made "
	 "undirected where it is not symmetric; a rectangular one, or any with 'bipartite', the "
	 "biadjacency of a bipartite graph; nonzero entries are the edges, their values the weights "
	 "(negative, NaN or infinite ones are errors naming the entry). 'save graph g.npz' writes the "
	 "csr matrix scipy.sparse.load_npz reads; 'save embedding|labels|clusters FILE.npy' an array "
	 "for numpy.load; 'labels FILE.npy' reads a vector of integers (-1: none) or of class names. "
	 "\nMATLAB MAT-files (found by their header, whatever the name: versions 5 to 7, what MATLAB's "
	 "save writes by default, compressed or not, either byte order; also Octave's save -v7 and "
	 "scipy.io.savemat): a sparse matrix, or a full one of doubles, singles, integers or logicals, "
	 "is a graph as for NumPy below; of several variables the one sparse matrix, else the one "
	 "matrix, else the one square matrix, or 'load FILE.mat/A' the variable A (Tab after the '/' "
	 "lists them); a 1 x 1 struct's fields are variables too, 'Problem.A' or 'Problem/A' (the "
	 "SuiteSparse Matrix Collection's layout); 'labels FILE.mat/y' reads the vector y, of numbers or a "
	 "cell array of text (class names; the file's one vector without '/y'). Other cell arrays, strings "
	 "and objects are listed, not read (a MATLAB graph "
	 "object with how to save its adjacency matrix instead); version 7.3 "
	 "(HDF5) and version 4 files are refused with how to save version 7. "
	 "\nGNU Octave's text files (what Octave's save writes by default, whatever the name, FILE.mat "
	 "too; found by their '# Created by Octave' or '# name:' line, 'format octave'): sparse "
	 "matrices ('row column value' lines, from 1), full ones (a line a row) and the integer and "
	 "bool types, chosen and named as in a MAT-file, errors naming the file's line. "
	 "\nA zip or tar archive (.tar.gz, .tgz, .tar.bz2, .tar.xz, .tar.zst; ustar, GNU and pax tar) of one graph file, as "
	 "repositories publish them, reads as that file would, 'ARCHIVE/MEMBER' in messages: folders, "
	 "read-me and licence files, labels and names (.labels, .label_names, .node_names, .col_names, compressed too) and SNAP's ego-network "
	 "circles and features are passed over, and so is macOS' __MACOSX, and, among several files, JSON that is no graph "
	 "(a dataset's stats.json, whose \"nodes\" is a count); in a tar, the graph file "
	 "may be an .npz or .npy. The labels, node names and class names the archive holds beside the graph file "
	 "(NAME.labels, NAME.node_names, NAME.label_names) are read as beside a file; where it holds none, those beside the archive. 'load ARCHIVE/MEMBER' reads the member named, of an archive of several "
	 "graph files (refused without, their names listed) or an array of a NumPy archive; 'labels "
	 "ARCHIVE/MEMBER' reads labels from a member. Netzschleuder's downloads (FILE.csv.zip: graph-tool's "
	 "CSV files, edges.csv under a '# source, target, ...' header line, nodes.csv under '# index, name, "
	 "...' and gprops.csv) read edges.csv, take the nodes' names from nodes.csv's 'name' column, name its "
	 "columns in the note, and 'load FILE.csv.zip labels NAME' takes the labels from its column NAME (a '# source, target' first line is a header "
	 "in any edge list, '# index, ...' in any label table). KONECT's downloads (download.tsv.NAME.tar.bz2) read "
	 "NAME/out.NAME, found beside meta.NAME, whose network name the note gives. A folder (a download unpacked) "
	 "reads the same way, its files and those of its folders two levels down (links to folders not followed), its graph file's labels and names "
	 "found beside it as beside any file. Where a folder or an archive holds several graph files side by side (a dataset's folder: "
	 "the graph in several formats: ../shared/data's layout, and that of 'save graph NAME.edges' with 'save labels NAME.labels'), NAME.edges or "
	 "NAME.biedges with NAME.labels beside it is read, and the note names the others. "
	 "\nExcel workbooks (.xlsx, found by their content: Excel's, LibreOffice's, openpyxl's, pandas' "
	 "to_excel): the first sheet reads as a CSV file would (an edge list under a header, a matrix, "
	 "'file:line' naming the sheet and its row), 'load BOOK.xlsx/SHEET' the sheet of that name, "
	 "'labels BOOK.xlsx/SHEET' labels from a sheet; shared and inline strings, numbers as stored, a "
	 "formula's last value. An .xls (Excel 97-2003) or .ods file is refused with how to save it. "
	 "\nAny file may be compressed: gzip (read by zlib), or bzip2, xz and zstd (read through the programs bzip2, xz and zstd, "
	 "found on PATH; one missing is named with its Debian package; a corrupt or truncated file is refused with the program's "
	 "own message; through a pipe, decompress into it). Graph-tool's binary .gt files, Python pickles, Parquet, Arrow, HDF5 "
	 "and SQLite files are refused with the way to a format that reads. Any text file, labels too, may be UTF-16 with a "
	 "byte-order mark, as Windows' Notepad and Excel's 'Unicode Text' save it, or without one where its first characters "
	 "are ASCII (read as UTF-8; an XML file's declaration of UTF-16 too)."},
	{"syntax", "how a line of commands is read: words, quotes, escapes, ';', '#', '~'",
	 "A line holds one command or several, separated by ';'; '#' at the start of a word begins a "
	 "comment to the end of the line. A command is its name or any prefix no other command shares "
	 "('eig', 'emb'; 'e' alone is ambiguous and the error names the candidates), then its words, "
	 "separated by blanks. \"Double\" and 'single' quotes group a word with blanks in it, "
	 "'load \"my graph.edges\"'; inside double quotes \\\" is a quote and \\\\ a backslash, "
	 "single quotes take everything as it is. Outside quotes a backslash keeps the character "
	 "after it in the word when that is a blank, a tab, ';', '#', a quote or a backslash, as a "
	 "shell writes a file name, 'load my\\ graph.edges'; before anything else it is itself. A "
	 "'~' or '~user' that opens an unquoted word is that home directory. Tab completes file "
	 "names in the same way: with a backslash before each blank, or inside the quote you opened."
	 "\nScripts ('regspec FILE', 'source FILE', '-f FILE') are read the same way, line by line; "
	 "an error names FILE:LINE and the script goes on (set bail on, or --bail, stops it); '-c' "
	 "strings count as lines of 'command-line'."},
	{NULL, NULL, NULL}};

/* Edits (insert, delete, substitute, swap two neighbours) from a to b,
 * up to 32 characters each; more for longer words. */
static int edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 32 || lb > 32)
		return 99;
	int d[33][33];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
			int best = sub < del ? sub : del;
			best = ins < best ? ins : best;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* Whether candidate is nearer to word than *best (edits), which it then
 * becomes; something must stay in common (fewer edits than letters). */
static int nearer(const char *word, const char *candidate, int *best)
{
	int d = edit_distance(word, candidate);
	if (d < *best && (size_t)d < strlen(word)) {
		*best = d;
		return 1;
	}
	return 0;
}

static int near_limit(const char *word)
{
	return strlen(word) >= 6 ? 3 : 2;
}

const char *cmd_nearest(const char *word, const char *const *list)
{
	const char *best = NULL;
	int bd = near_limit(word);
	for (int i = 0; list[i]; i++)
		if (nearer(word, list[i], &bd))
			best = list[i];
	return best;
}

const char *cmd_suggestion(const char *word, const char *const *list, char *buf, size_t size)
{
	const char *near = cmd_nearest(word, list);
	snprintf(buf, size, near ? "; did you mean '%s'?" : "%s", near ? near : "");
	return buf;
}

/* The command a mistyped name most likely meant ('scores', 'eigs',
 * 'lod'), or NULL. */
static const char *nearest_command(const char *name)
{
	const char *best = NULL;
	int bd = near_limit(name);
	for (const struct rs_cmd *c = rs_cmd_table; c->name; c++)
		if (nearer(name, c->name, &bd) ||
		    (c->alias && strlen(c->alias) > 1 && nearer(name, c->alias, &bd)))
			best = c->name;
	return best;
}

const struct rs_cmd *cmd_find(const char *name, rs_err *e)
{
	const struct rs_cmd *hit = NULL;
	int nhit = 0;
	for (const struct rs_cmd *c = rs_cmd_table; c->name; c++)
		if (strcmp(c->name, name) == 0 || (c->alias && strcmp(c->alias, name) == 0))
			return c;
	size_t len = strlen(name);
	for (const struct rs_cmd *c = rs_cmd_table; c->name; c++)
		if (strncmp(c->name, name, len) == 0) {
			hit = c;
			nhit++;
		}
	if (nhit == 1)
		return hit;
	if (nhit == 0) {
		const char *near = nearest_command(name);
		if (near != NULL)
			rs_fail(e, RS_EINVAL, "unknown command '%.40s'; did you mean '%s'? ('help' lists them)",
				name, near);
		else
			rs_fail(e, RS_EINVAL, "unknown command '%.40s%s' (type 'help' for the list)", name,
				strlen(name) > 40 ? "..." : "");
		return NULL;
	}
	char list[400] = "";
	for (const struct rs_cmd *c = rs_cmd_table; c->name; c++)
		if (strncmp(c->name, name, len) == 0) {
			size_t l = strlen(list);
			snprintf(list + l, sizeof list - l, "%s%s", l ? ", " : "", c->name);
		}
	rs_fail(e, RS_EINVAL, "ambiguous command '%.40s', could be: %s", name, list);
	return NULL;
}

int cmd_parse_bool(const char *v, int *out, rs_err *e)
{
	if (!strcasecmp(v, "on") || !strcasecmp(v, "yes") || !strcmp(v, "1") ||
	    !strcasecmp(v, "true")) {
		*out = 1;
		return 0;
	}
	if (!strcasecmp(v, "off") || !strcasecmp(v, "no") || !strcmp(v, "0") ||
	    !strcasecmp(v, "false")) {
		*out = 0;
		return 0;
	}
	return rs_fail(e, RS_EINVAL, "expected on or off, got '%s'", v);
}

void cmd_report(rs_session *s, const char *where, const char *cmd, const char *msg)
{
	/* results so far first: with 2>&1 the error lands after the output
	 * it follows, not before */
	fflush(stdout);
	/* what the user typed, echoed back, must not drive the terminal */
	char *clean = xstrdup(msg);
	rs_text_clean(clean);
	size_t cl = cmd != NULL ? strlen(cmd) : 0;
	/* 'k: k: ...' reads as a stutter: a message that already starts with
	 * the command's name (the argument named like it) gets it once */
	int named = cmd != NULL && !(strncmp(clean, cmd, cl) == 0 && clean[cl] == ':');
	char *line = xasprintf("%s%s%s%s%s\n", where != NULL && !s->interactive ? where : "",
			       where != NULL && !s->interactive ? ": " : "", named ? cmd : "", named ? ": " : "", clean);
	/* one line, as scripts and logs read it; a terminal shows it broken
	 * between words to its width */
	rs_write_wrapped(stderr, line, strlen(line), cmd_term_columns(stderr));
	free(line);
	free(clean);
}

int cmd_term_columns(FILE *out)
{
	int fd = fileno(out);
	if (fd < 0 || !isatty(fd))
		return 0;
	struct winsize ws;
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	const char *c = getenv("COLUMNS");
	return c != NULL ? atoi(c) : 0;
}

/* Render r into out (the running command's capture), marking the middle
 * of a long table for a terminal to leave out (s->shown). */
static void render_cutting(rs_session *s, FILE *out, rs_result *r)
{
	rs_cut cut;
	int room = s->shown.n < (int)(sizeof s->shown.cut / sizeof s->shown.cut[0]);
	if (s->shown.keep == 0 || s->format != RS_FMT_TEXT || !room) {
		result_render(r, out, s->format, s->digits);
		return;
	}
	result_render_cut(r, out, s->digits, s->shown.keep, &cut);
	if (cut.rows > 0 && cut.from >= 0 && cut.to > cut.from)
		s->shown.cut[s->shown.n++] = cut;
}

/* The text of a command to a terminal of cols columns: the middles of its
 * long tables left out, a line saying how many rows each lost. */
static void write_shown(FILE *out, const char *buf, size_t len, int cols, const struct rs_shown *sh)
{
	size_t pos = 0;
	for (int i = 0; i < sh->n; i++) {
		size_t from = (size_t)sh->cut[i].from, to = (size_t)sh->cut[i].to;
		if (from < pos || to > len)
			continue;
		rs_write_wrapped(out, buf + pos, from - pos, cols);
		size_t hidden = sh->cut[i].rows - sh->keep;
		fprintf(out, "... %zu of %zu rows not shown ('set rows all' shows every row)\n", hidden, sh->cut[i].rows);
		pos = to;
	}
	rs_write_wrapped(out, buf + pos, len - pos, cols);
}

void cmd_emit(rs_session *s, FILE *out, rs_result *r)
{
	render_cutting(s, out, r);
	result_free(s->last);
	s->last = r;
}

/* The words of one statement. */
struct words {
	char **v;
	int n, cap;
};

static void words_push(struct words *w, char *word)
{
	if (w->n + 1 >= w->cap) {
		w->cap = w->cap ? 2 * w->cap : 8;
		w->v = xreallocarray(w->v, (size_t)w->cap, sizeof *w->v);
	}
	w->v[w->n++] = word;
	w->v[w->n] = NULL;
}

static void words_clear(struct words *w)
{
	for (int i = 0; i < w->n; i++)
		free(w->v[i]);
	w->n = 0;
}

/* The home directory a word's '~' (t just after it) names: the user's
 * for '~' alone or '~/', another's for '~name' (*len: the name's length);
 * NULL where there is none (the word is then kept as typed). */
static const char *tilde_home(const char *t, size_t *len)
{
	size_t n = *len = strcspn(t, "/ \t\r\n;\"'");
	if (n == 0) {
		const char *h = getenv("HOME");
		if (h && *h)
			return h;
		const struct passwd *pw = getpwuid(getuid());
		return pw && pw->pw_dir && *pw->pw_dir ? pw->pw_dir : NULL;
	}
	char name[64];
	if (n >= sizeof name || strspn(t, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") < n)
		return NULL;
	memcpy(name, t, n);
	name[n] = '\0';
	const struct passwd *pw = getpwnam(name);
	return pw && pw->pw_dir && *pw->pw_dir ? pw->pw_dir : NULL;
}

size_t cmd_word(const char *s, size_t n, char *out, int *open)
{
	size_t i = 0, o = 0;
	*open = 0;
	while (i < n && s[i] != '\0' && strchr(" \t\r\n;", s[i]) == NULL) {
		if (s[i] == '"' || s[i] == '\'') {
			char q = s[i++];
			while (i < n && s[i] != '\0' && s[i] != q) {
				if (q == '"' && s[i] == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\\'))
					i++;
				out[o++] = s[i++];
			}
			if (i >= n || s[i] != q) {
				*open = q;
				break;
			}
			i++;
		} else if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\0' && strchr(CMD_ESCAPABLE, s[i + 1]) != NULL) {
			/* a shell's escapes, 'my\ graph.edges' as pasted from one */
			out[o++] = s[i + 1];
			i += 2;
		} else {
			out[o++] = s[i++];
		}
	}
	out[o] = '\0';
	return i;
}

/* Read one statement from *p into w.  Returns 1 when a statement was read
 * (possibly empty), 0 at the end of the line, -1 on a quoting error. */
static int next_statement(const char **p, struct words *w, rs_err *e)
{
	const char *s = *p;
	if (*s == '\0')
		return 0;
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
			s++;
		if (*s == '\0' || *s == '#') {
			*p = s + strlen(s);
			return 1;
		}
		if (*s == ';') {
			*p = s + 1;
			return 1;
		}
		size_t cap = strlen(s) + 1, len = 0;
		char *word;
		/* '~' or '~user' opening a word, unquoted, is a home directory, as
		 * in the shell (readline completes '~/' file names, which 'load'
		 * could then not open) */
		size_t user = 0;
		const char *home = *s == '~' ? tilde_home(s + 1, &user) : NULL;
		if (home) {
			size_t hl = strlen(home);
			cap += hl;
			word = xmalloc(cap);
			memcpy(word, home, hl);
			len = hl;
			s += 1 + user;
		} else {
			word = xmalloc(cap);
		}
		int open;
		s += cmd_word(s, strlen(s), word + len, &open);
		if (open) {
			free(word);
			*p = s;
			return rs_fail(e, RS_EINVAL, "unterminated %s quote", open == '"' ? "double" : "single");
		}
		words_push(w, word);
	}
}

static void echo_statement(FILE *out, int argc, char **argv)
{
	fputs("regspec>", out);
	for (int i = 0; i < argc; i++) {
		/* as the command line would read it back */
		if (!strpbrk(argv[i], CMD_ESCAPABLE) && *argv[i]) {
			fprintf(out, " %s", argv[i]);
			continue;
		}
		fputs(" \"", out);
		for (const char *p = argv[i]; *p; p++) {
			if (*p == '"' || *p == '\\')
				fputc('\\', out);
			fputc(*p, out);
		}
		fputc('"', out);
	}
	fputc('\n', out);
}

/* Narration (print, pause) and checks (expect) are not echoed. */
static int echoed(const char *name)
{
	rs_err e;
	const struct rs_cmd *c = cmd_find(name, &e);
	return c == NULL || !(c->flags & CMD_NOECHO);
}

static int run_statement(rs_session *s, int argc, char **argv, const char *where, FILE *out)
{
	rs_err e = {0};
	const struct rs_cmd *c = cmd_find(argv[0], &e);
	if (c == NULL) {
		cmd_report(s, where, NULL, e.msg);
		return -1;
	}
	int nargs = argc - 1;
	if (nargs < c->min_args || (c->max_args >= 0 && nargs > c->max_args)) {
		char msg[400];
		if (nargs < c->min_args)
			snprintf(msg, sizeof msg, "too few arguments; usage: %s", c->usage);
		else /* the first word past those it takes, named */
			snprintf(msg, sizeof msg, "unexpected '%.60s%s'; usage: %s", argv[c->max_args + 1],
				 strlen(argv[c->max_args + 1]) > 60 ? "..." : "", c->usage);
		cmd_report(s, where, c->name, msg);
		return -1;
	}
	if (s->sandbox && (c->flags & CMD_UNSAFE)) {
		cmd_report(s, where, c->name, "not allowed in the sandbox (no files, no programs)");
		return -1;
	}
	if (s->check_only) { /* --check: its words, and a sourced file's commands */
		if (c->exec == cmd_source ? cmd_source_file(s, argv[1], out, &e) != 0
		    : c->check != NULL	  ? c->check(s, argc, argv, &e) != 0
					  : 0) {
			cmd_report(s, where, c->name, e.msg);
			return -1;
		}
		return 0;
	}
	int rc;
	if (c->flags & CMD_KEEPS_LAST) {
		rc = c->exec(s, argc, argv, out, &e);
		if (fflush(out) != 0 && s->write_errno == 0)
			s->write_errno = errno;
	} else {
		char *buf = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);
		if (mem == NULL) {
			cmd_report(s, where, c->name, "cannot capture output (out of memory)");
			return -1;
		}
		result_free(s->last);
		s->last = NULL;
		/* a terminal is shown the ends of a long table (a command run
		 * inside this one writes into mem, and cuts nothing) */
		int cols = s->format == RS_FMT_TEXT ? cmd_term_columns(out) : 0;
		struct rs_shown outer = s->shown;
		s->shown.n = 0;
		s->shown.keep = cols > 0 && s->rows >= 0 ? (size_t)(s->rows ? s->rows : RS_ROWS_AUTO) : 0;
		rc = c->exec(s, argc, argv, mem, &e);
		fclose(mem);
		/* 'expect' globs the text as captured, every row, one line a
		 * note; only what a terminal shows is cut and wrapped */
		write_shown(out, buf, len, cols, &s->shown);
		s->shown = outer;
		if (fflush(out) != 0 && s->write_errno == 0)
			s->write_errno = errno;
		free(s->last_text);
		s->last_text = buf;
	}
	if (rc != 0) {
		cmd_report(s, where, c->name, e.msg[0] ? e.msg : "failed");
		return -1;
	}
	return 0;
}

int cmd_run_line(rs_session *s, const char *line, const char *where, FILE *out)
{
	struct words w = {0};
	rs_err e = {0};
	int failed = 0, r;
	const char *p = line;
	while (!s->quit && (r = next_statement(&p, &w, &e)) != 0) {
		if (s->check_only && (r < 0 || w.n > 0))
			s->checked++;
		if (r < 0) {
			words_clear(&w);
			cmd_report(s, where, NULL, e.msg);
			failed++;
			s->failures++;
			break;
		}
		if (w.n > 0) {
			if (s->echo && echoed(w.v[0]))
				echo_statement(out, w.n, w.v);
			if (run_statement(s, w.n, w.v, where, out) != 0) {
				failed++;
				s->failures++;
				if (s->bail) {
					words_clear(&w);
					break;
				}
			}
		}
		words_clear(&w);
	}
	free(w.v);
	return failed;
}
