/* cmd-graph.c: loading, saving and generating sparse graphs. */
#include <config.h>

#include "cmd-impl.h"

#include "graphio.h"
#include "matfile.h"
#include "npgraph.h"
#include "numparse.h"
#include "sbm.h"
#include "utf8.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A one-line summary of the session's graph, as a result. */
static void graph_summary(rs_session *s, FILE *out, const char *cmd, double secs,
			  char **notes, int nnotes)
{
	const rs_graph *g = s->graph;
	rs_result *r = result_new(cmd);
	rs_err e;
	int32_t *comp = malloc((size_t)(g->n + g->m) * sizeof *comp);
	long ncomp = comp ? rs_graph_components(g, comp, &e) : -1;
	free(comp);
	long iso = rs_graph_isolated(g);
	result_str(r, "graph", s->graph_desc);
	result_int(r, "nodes", g->n + g->m);
	if (g->bipartite) {
		result_int(r, "rows", g->n);
		result_int(r, "cols", g->m);
	}
	result_int(r, "edges", rs_graph_edges(g));
	result_bool(r, "weighted", g->val != NULL);
	result_int(r, "self_loops", g->loops);
	result_int(r, "components", ncomp);
	result_int(r, "isolated", iso);
	int ncls = rs_labels_classes(s->labels);
	if (s->labels) {
		result_int(r, "classes", ncls);
		result_int(r, "labelled", s->labels->labelled);
	}
	result_num(r, "seconds", secs);
	result_flag_scalars(r, RF_NOTEXT);
	char lab[96] = "no labels";
	if (s->labels)
		snprintf(lab, sizeof lab, "labels: %d class%s, %ld labelled", ncls, ncls == 1 ? "" : "es",
			 s->labels->labelled);
	long ne = rs_graph_edges(g);
	result_title(r, "%s: %ld %s, %ld edge%s (%s, %ld self-loop%s), %ld component%s, %ld isolated; %s",
		     s->graph_desc, g->n + g->m,
		     g->bipartite ? "nodes (rows + columns)" : g->n == 1 ? "node" : "nodes", ne,
		     ne == 1 ? "" : "s", g->val ? "weighted" : "unweighted", g->loops,
		     g->loops == 1 ? "" : "s", ncomp, ncomp == 1 ? "" : "s", iso, lab);
	for (int i = 0; i < nnotes; i++)
		result_note(r, "%s", notes[i]);
	if (iso > 0)
		result_note(r, "%ld isolated node%s degree 0 at alpha = 0: the embedding leaves %s "
			       "out (at 0) unless alpha > 0",
			    iso, iso == 1 ? " has" : "s have", iso == 1 ? "it" : "them");
	cmd_emit(s, out, r);
}

/* path with its extension (and .gz, .bz2, ...) replaced by ext: NAME.ext
 * for NAME.edges.gz */
static char *companion_name(const char *path, const char *ext)
{
	char *base = xstrdup(path);
	size_t l = strlen(base);
	base[l -= rs_compressed_suffix(base, l)] = '\0';
	char *dot = strrchr(base, '.');
	char *slash = strrchr(base, '/');
	if (dot && (!slash || dot > slash))
		*dot = '\0';
	char *c = xasprintf("%s%s", base, ext);
	free(base);
	return c;
}

/* The companion file when it is there to read (compressed too:
 * NAME.labels.gz), or, for an archive's member, when inside lists ext
 * (rs_load_info's member_beside); else NULL. */
static char *companion(const char *path, const char *ext, const char *inside)
{
	static const char *const packed[] = {"", ".gz", ".bz2", ".xz", ".zst"};
	char *c = companion_name(path, ext);
	size_t el = strlen(ext);
	for (const char *f = inside ? strstr(inside, ext) : NULL; f; f = strstr(f + 1, ext))
		if ((f == inside || f[-1] == ' ') && (f[el] == '\0' || f[el] == ' '))
			return c;
	for (size_t i = 0; i < sizeof packed / sizeof packed[0]; i++) {
		char *p = xasprintf("%s%s", c, packed[i]);
		if (access(p, R_OK) == 0) {
			free(c);
			return p;
		}
		free(p);
	}
	free(c);
	return NULL;
}

/* The companion of the graph read from path: beside the graph file a
 * folder or an archive gave (inside the archive), else beside path
 * itself (an archive's, on the disk beside it). */
static char *companion_of(const char *path, const rs_load_info *info, const char *ext)
{
	if (info->member_path[0]) {
		char *c = companion(info->member_path, ext, info->member_beside);
		struct stat st;
		if (c != NULL || (stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
			return c;
	}
	return companion(path, ext, NULL);
}

/* 'id<TAB>name' a line beside a saved graph, as 'load' reads them back
 * (nodes without a name, the noise, by their id). */
static int save_names(const char *path, const char *ext, char *const *names, long n, FILE *out, rs_err *e)
{
	if (rs_path_is_stream(path)) {
		fprintf(out, "note: %s not written: %s has no file beside it (a file name writes NAME%s)\n",
			strcmp(ext, ".col_names") ? "node names" : "column names", path, ext);
		return 0;
	}
	char *c = companion_name(path, ext);
	rs_atomic a;
	int rc = rs_atomic_open(&a, c, e);
	if (rc == 0) {
		fprintf(a.f, "# node names of %s\n", path);
		for (long i = 0; i < n; i++)
			if (names[i])
				fprintf(a.f, "%ld\t%s\n", i, names[i]);
			else
				fprintf(a.f, "%ld\t%ld\n", i, i);
		rc = rs_atomic_commit(&a, e);
	}
	if (rc == 0)
		fprintf(out, "note: node names written to %s\n", c);
	free(c);
	return rc;
}

/* The names of a file beside the graph (NAME.node_names, NAME.col_names,
 * as 'save graph' writes them), one a line, for the graph's n nodes (or m
 * columns): used only where there is one for each, as a file left from an
 * earlier save of another graph is not; -1 with why in e otherwise. */
static int read_names(rs_graph *g, const char *path, int cols, rs_err *e)
{
	size_t len;
	char *buf = rs_read_text(path, &len, e);
	if (buf == NULL)
		return -1;
	long n = cols ? g->m : g->orig_n, i = 0, lines = 0;
	char **names = calloc((size_t)(n > 0 ? n : 1), sizeof *names);
	if (names == NULL) {
		free(buf);
		return rs_fail(e, RS_ENOMEM, "out of memory reading %s", path);
	}
	for (char *p = buf; *p;) {
		char *line = p, *nl = strchr(p, '\n');
		if (nl) {
			*nl = '\0';
			p = nl + 1;
		} else {
			p += strlen(p);
		}
		if (*line == '#')
			continue;
		lines++;
		char *tab = strchr(line, '\t');
		if (i < n)
			names[i++] = xstrdup(tab ? tab + 1 : line);
	}
	free(buf);
	char ***dst = cols ? &g->cnames : &g->names;
	if (*dst || lines != n) {
		for (long j = 0; j < n; j++)
			free(names[j]);
		free(names);
		return *dst ? 0 : rs_fail(e, RS_EINVAL, "%s has %ld name%s for %ld %s (left from another graph?)", path,
					   lines, lines == 1 ? "" : "s", n, cols ? "columns" : "nodes");
	}
	*dst = names;
	return 0;
}

/* How many of the n names are not UTF-8 (shown with '?' for the bytes
 * that are not). */
static long not_utf8(char *const *names, long n)
{
	long bad = 0;
	for (long i = 0; names && i < n; i++) {
		const unsigned char *p = (const unsigned char *)names[i];
		while (p && *p) {
			size_t l = rs_utf8_seq(p, NULL);
			if (l == 0) {
				bad++;
				break;
			}
			p += l;
		}
	}
	return bad;
}

/* Classes keep their numbers: say so where some numbers name no class. */
static char *unused_numbers_note(const rs_labels *L, int ncls)
{
	int unused = L->nclass - ncls, zero = 1;
	for (long i = 0; i < L->n && zero; i++)
		zero = L->y[i] != 0;
	if (unused == 1 && zero)
		return xstrdup("labels: numbered from 1, and classes keep their numbers: no class 0");
	return xasprintf("labels: classes keep their numbers, and %d number%s up to %d name%s no "
			 "class",
			 unused, unused == 1 ? "" : "s", L->nclass - 1, unused == 1 ? "s" : "");
}

/* What a labels file of communities, one a line, came to. */
static char *communities_note(const rs_labels *L)
{
	long none = L->n - L->labelled - L->in_several;
	return xasprintf("labels: one community a line (SNAP's ground-truth form), %ld communit%s, each a "
			 "class; %ld node%s in several left unlabelled, %ld in none",
			 L->communities, L->communities == 1 ? "y" : "ies", L->in_several,
			 L->in_several == 1 ? "" : "s", none);
}

/* load's words after FILE into o: *labels_owned the labels file named
 * (resolved beside the script; allocated, NULL where none), *nolabels
 * 'nolabels'; 0, or -1 with e filled */
static int load_options(const rs_session *s, int argc, char **argv, rs_load_opts *o, int *nolabels,
			char **labels_owned, rs_err *e)
{
	*nolabels = 0;
	for (int i = 2; i < argc; i++) {
		const char *w = argv[i];
		if (!strcmp(w, "bipartite")) {
			o->bipartite = 1;
		} else if (!strcmp(w, "directed")) {
			o->directed = 1;
		} else if (!strcmp(w, "header")) {
			o->header = 1;
		} else if (!strcmp(w, "noheader")) {
			o->header = 0;
		} else if (!strcmp(w, "nolabels")) {
			*nolabels = 1;
		} else if (!strcmp(w, "unweighted")) {
			o->unweighted = 1;
		} else if (!strcmp(w, "compact")) {
			o->ids = RS_IDS_COMPACT;
		} else if (!strcmp(w, "nocompact")) {
			o->ids = RS_IDS_KEEP;
		} else if (i + 1 < argc && !strcmp(w, "labels")) {
			free(*labels_owned);
			*labels_owned = cmd_resolve_path(s, argv[++i]);
			/* no such file: perhaps a node attribute of a GML, GraphML
			 * or Pajek file (other formats then report the file) */
			o->label_attr = access(*labels_owned, F_OK) != 0 ? argv[i] : NULL;
		} else if (i + 1 < argc && !strcmp(w, "weight")) {
			o->weight_name = argv[++i];
		} else if (i + 1 < argc && !strcmp(w, "format")) {
			if (rs_gformat_parse(argv[++i], &o->format) != 0) {
				char list[256] = "";
				for (int k = 0; rs_gformat_words[k]; k++)
					snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "",
						 rs_gformat_words[k]);
				char near[64];
				return rs_fail(e, RS_EINVAL, "unknown format '%s'%s (%s)", argv[i],
					       cmd_suggestion(argv[i], rs_gformat_words, near, sizeof near), list);
			}
		} else if (i + 1 < argc && !strcmp(w, "merge")) {
			i++;
			if (!strcmp(argv[i], "sum"))
				o->merge = RS_MERGE_SUM;
			else if (!strcmp(argv[i], "max"))
				o->merge = RS_MERGE_MAX;
			else
				return rs_fail(e, RS_EINVAL, "merge must be sum or max, got '%s'", argv[i]);
		} else if (i + 1 < argc && !strcmp(w, "base")) {
			i++;
			if (!strcmp(argv[i], "0") || !strcmp(argv[i], "1"))
				o->base = argv[i][0] - '0';
			else
				return rs_fail(e, RS_EINVAL, "base must be 0 or 1, got '%s'", argv[i]);
		} else {
			static const char *const opts[] = {"labels", "weight", "format", "bipartite", "directed",
							   "merge", "header", "noheader", "base", "compact",
							   "nocompact", "nolabels", "unweighted", NULL};
			char near[64];
			return rs_fail(e, RS_EINVAL,
				       "unexpected '%s'%s (options: labels FILE|ATTR, weight NAME, format FMT, "
				       "bipartite, directed, merge sum|max, header, noheader, base 0|1, compact, "
				       "nocompact, nolabels, unweighted)",
				       w, cmd_suggestion(w, opts, near, sizeof near));
		}
	}
	if (o->weight_name && o->unweighted)
		return rs_fail(e, RS_EINVAL, "'weight %s' reads weights and 'unweighted' ignores them: one or the other",
			       o->weight_name);
	return 0;
}

/* Class names for labels L that have none, from NAME.label_names beside
 * their file (labels_path), or beside the graph's (path, as info found
 * it) where they came from it; nothing where there is no such file. */
static void class_names_beside(rs_labels *L, const char *labels_path, const char *path, const rs_load_info *info)
{
	if (L == NULL || L->class_names != NULL)
		return;
	char *c = labels_path ? companion(labels_path, ".label_names", NULL) : companion_of(path, info, ".label_names");
	rs_err le;
	if (c != NULL)
		rs_labels_read_names(L, c, &le);
	free(c);
}

/* The notes a load gives on how it read the file, each kind appended to
 * notes from notes[nn]; the new count. Its format and layout: */
static int notes_format(const char *path, const rs_load_info *info, const rs_graph *g, char **notes, int nn)
{
	char shape[224] = "";
	if (!strcmp(info->format, "matrix"))
		snprintf(shape, sizeof shape, " (a dense adjacency matrix, %ld x %ld%s)", g->n, g->bipartite ? g->m : g->n,
			 g->bipartite ? ": its rows and its columns are the two sides of a bipartite graph" : "");
	else if (info->container[0])
		snprintf(shape, sizeof shape, "%s", info->container);
	else if (info->two_mode)
		snprintf(shape, sizeof shape, " (a two-mode network: its first %ld vertices and the other %ld are the two "
			 "sides of a bipartite graph)", g->n, g->m);
	notes[nn++] = xasprintf("read %s as %s%s%s%s", path, info->format, shape,
				info->nx_multiline ? " (networkx's multiline form: 'NODE COUNT', then a neighbour a line)"
						  : "",
				info->one_based ? " (ids start at 1: node 0 here is the file's 1; 'compact' keeps its ids)" : "");
	if (info->networks > 1)
		notes[nn++] = xasprintf("the file holds %ld networks; the first was read", info->networks);
	if (info->dl_matrices > 1)
		notes[nn++] = xasprintf("NM = %ld: the file holds %ld matrices (relations); the first was read",
					info->dl_matrices, info->dl_matrices);
	if (info->konect)
		notes[nn++] = xasprintf("KONECT header '%% %s': %s%s",
					info->konect == 'b' ? "bip" : info->konect == 'a' ? "asym" : "sym",
					info->konect == 'b'   ? "a bipartite graph (rows, then columns)"
					: info->konect == 'a' ? "a directed graph"
							     : "an undirected graph",
					info->konect_counts ? "; the node counts of its second line, isolated "
							     "nodes included" : "");
	if (info->header_skipped)
		notes[nn++] = xasprintf("the first line was taken as a header%s%s%s",
					info->header_skipped == 2 ? " ('noheader' reads it as an edge)" : "",
					info->columns[0] ? ": " : "", info->columns);
	if (info->undeclared > 0)
		notes[nn++] = xasprintf("%ld node%s named only by edges, with no <node> element: "
					"added (as igraph and networkx read it)",
					info->undeclared, info->undeclared == 1 ? "" : "s");
	if (info->repeated_ids > 0)
		notes[nn++] = xasprintf("%ld <node> element%s repeat%s an earlier one's id (%s'%s', lines "
					"%ld and %ld): merged into one node, as igraph and networkx read it",
					info->repeated_ids, info->repeated_ids == 1 ? "" : "s",
					info->repeated_ids == 1 ? "s" : "", info->repeated_ids == 1 ? "" : "the first: ",
					info->repeated_id, info->repeated_lines[0], info->repeated_lines[1]);
	if (info->folded_attrs > 0) {
		char more[48] = "";
		if (info->folded_attrs > 1)
			snprintf(more, sizeof more, " (%d more attribute%s likewise)", info->folded_attrs - 1,
				 info->folded_attrs == 2 ? "" : "s");
		notes[nn++] = xasprintf("the %s, as networkx writes an attribute whose values have several "
					"types: read as one, %s%s",
					info->folded_key, info->folded_type, more);
	}
	return nn;
}

/* Where the weights came from, and what else the edges held */
static int notes_weights(const rs_load_info *info, const rs_load_opts *o, char **notes, int nn)
{
	if (info->weight_attr[0] && (!strcmp(info->format, "tgf") || !strcmp(info->format, "leda")))
		notes[nn++] = xasprintf("weights from the edge labels%s",
					!strcmp(info->format, "tgf") ? ", which are all numbers" : " (a numeric edge type)");
	else if (info->weight_attr[0] && strcmp(info->weight_attr, "weight") != 0)
		notes[nn++] = xasprintf("weights from the edge attribute '%s'", info->weight_attr);
	if (info->unread_attrs[0] && !o->unweighted)
		notes[nn++] = xasprintf("edge attributes not read: %s (%s)", info->unread_attrs,
					info->weight_attr[0] ? "'weight NAME' picks another as the weights"
							    : "'weight NAME' reads one as the weights");
	if (o->unweighted)
		notes[nn++] = xstrdup("unweighted: every edge weighs 1, the file's weights are not read");
	if (info->extra_fields > 0 && !o->unweighted)
		notes[nn++] = xasprintf("%ld line%s more than 3 fields: only source, target and weight "
					"were read (%s)",
					info->extra_fields, info->extra_fields == 1 ? " has" : "s have",
					info->konect ? "KONECT's fourth column is a time stamp"
						    : "a time stamp? an adjacency list, node then neighbours: "
						      "'format adjlist'");
	if (info->attr_lines > 0 && !o->unweighted) {
		const char *nx = info->nx_multiline ? "networkx's multiline adjacency list" : "networkx's edge list";
		notes[nn++] = info->attr_weights == info->attr_lines
				      ? xasprintf("edge attributes in braces (%s): weights from 'weight'", nx)
			      : info->attr_weights == 0
				      ? xasprintf("edge attributes in braces (%s), none named 'weight': every "
						  "edge weighs 1",
						  nx)
				      : xasprintf("edge attributes in braces (%s): %ld of %ld have a 'weight', "
						  "the other edges weigh 1",
						  nx, info->attr_weights, info->attr_lines);
	}
	return nn;
}

/* Arcs made edges, edges listed twice, repeats merged, zero weights */
static int notes_merges(const rs_load_info *info, const rs_load_opts *o, const rs_graph *g, char **notes, int nn)
{
	const char *doubled = o->merge == RS_MERGE_SUM ? " ('merge sum' doubles each weight: the default, max, keeps it)"
						      : "";
	if (info->symmetrized && g->both_ways)
		notes[nn++] = xasprintf("directed input whose arcs all come in pairs, u v beside v u with the same "
					"weight: read as the undirected graph it is, an edge a pair%s",
					doubled);
	else if (g->both_ways)
		notes[nn++] = xasprintf("each edge is listed from both ends with the same weight: read once%s", doubled);
	else if (info->symmetrized)
		notes[nn++] = xstrdup("directed input: made undirected (an edge where either arc is)");
	/* edges listed both ways: their merging is said above */
	if (info->merged > 0 && info->symmetrized && !g->both_ways)
		notes[nn++] = xasprintf("%ld %s the reverse of another (or repeat one), merged (%s)",
					info->merged, info->merged == 1 ? "arc is" : "arcs are",
					o->merge == RS_MERGE_SUM ? "weights summed" : "largest weight kept");
	else if (info->merged > 0 && !g->both_ways)
		notes[nn++] = xasprintf("%ld %s an edge%s, merged (%s)", info->merged,
					info->merged == 1 ? "entry repeats" : "entries repeat",
					g->bipartite ? "" : " (in either direction)",
					o->merge == RS_MERGE_SUM ? "weights summed" : "largest weight kept");
	if (info->dropped > 0)
		notes[nn++] = xasprintf("%ld zero weights dropped", info->dropped);
	return nn;
}

/* How the file's node ids became nodes */
static int notes_ids(const rs_load_info *info, const rs_load_opts *o, char **notes, int nn)
{
	if (info->decimal_ids && !info->relabeled)
		notes[nn++] = xstrdup("node ids written as decimals (3.0, 3.000e+00: numpy.savetxt's default) read as integers");
	if (info->compacted > 0 && o->ids == RS_IDS_COMPACT)
		notes[nn++] = xasprintf("compact: the %ld node ids that appear (up to %ld) mapped to 0..%ld in "
					"increasing order, kept as names",
					info->compacted, info->id_top, info->compacted - 1);
	else if (info->compacted > 0 && info->snap_nodes > 0)
		notes[nn++] = xasprintf("node ids run to %ld, past the %ld nodes of the SNAP header: read as "
					"names, the %ld that appear mapped to 0..%ld in increasing order "
					"('nocompact' keeps them as positions)",
					info->id_top, info->snap_nodes, info->compacted, info->compacted - 1);
	else if (info->compacted > 0)
		notes[nn++] = xasprintf("node ids run to %ld but only %ld appear: read as names, mapped to "
					"0..%ld in increasing order ('nocompact' keeps them as positions, with "
					"%ld isolated nodes)",
					info->id_top, info->compacted, info->compacted - 1,
					info->id_top + 1 - info->compacted);
	else if (info->relabeled)
		notes[nn++] = xstrdup("node names mapped to ids 0..n-1 in order of appearance");
	return nn;
}

/* The notes a load gives on how it read the file (its format, header,
 * weights, directions, merges, ids), into notes from notes[0]; how many. */
static int load_notes(const char *path, const rs_load_info *info, const rs_load_opts *o, const rs_graph *g,
		      char **notes)
{
	int nn = notes_format(path, info, g, notes, 0);
	nn = notes_weights(info, o, notes, nn);
	nn = notes_merges(info, o, g, notes, nn);
	return notes_ids(info, o, notes, nn);
}

/* The graph of *pathp, or of standard input for '-' (*pathp then
 * "stdin"), read as o says. */
static rs_graph *load_read(const rs_session *s, const char **pathp, const rs_load_opts *o, rs_load_info *info,
			   rs_err *e)
{
	if (strcmp(*pathp, "-") != 0)
		return rs_graph_load(*pathp, o, info, e);
	if (s->commands_on_stdin)
		return rs_fail(e, RS_EINVAL, "'-' is standard input, which holds the commands here; give them with -c "
					     "or in a script file to pipe a graph in"),
		       NULL;
	if (isatty(STDIN_FILENO))
		return rs_fail(e, RS_EINVAL, "'-' is standard input, a terminal here; pipe a graph in (zcat g.edges.gz "
					     "| regspec -c 'load -')"),
		       NULL;
	size_t len;
	char *buf = rs_read_data("/dev/stdin", &len, e);
	if (buf == NULL)
		return NULL;
	*pathp = "stdin";
	rs_graph *g = rs_graph_parse(buf, len, *pathp, o, info, e);
	free(buf);
	return g;
}

/* What sits beside the graph's file: NAME.node_names, NAME.col_names
 * (where the file named none) and NAME.labels (where want_labels and none
 * came with it), each read or said not used in a note; the labels. */
static rs_labels *load_beside(rs_graph *g, const char *path, const rs_load_info *info, rs_labels *L,
			      int want_labels, char **notes, int *nn)
{
	if (g->names == NULL) {
		char *c = companion_of(path, info, ".node_names");
		rs_err ne = {0};
		if (c != NULL && read_names(g, c, 0, &ne) != 0)
			notes[(*nn)++] = xasprintf("node names beside the graph not used: %s", ne.msg);
		free(c);
	}
	if (g->bipartite && g->cnames == NULL) {
		char *c = companion_of(path, info, ".col_names");
		rs_err ne = {0};
		if (c != NULL && read_names(g, c, 1, &ne) != 0)
			notes[(*nn)++] = xasprintf("column names beside the graph not used: %s", ne.msg);
		free(c);
	}
	char *c = want_labels && L == NULL ? companion_of(path, info, ".labels") : NULL;
	if (c != NULL) {
		rs_err le = {0};
		L = rs_labels_read(c, g, &le);
		if (L == NULL)
			notes[(*nn)++] = xasprintf("labels beside the graph not used: %s", le.msg);
		else
			notes[(*nn)++] = xasprintf("labels from %s", c);
		free(c);
	}
	return L;
}

/* The note that says which node attribute or partition gave the labels L
 * (none where a file or nothing did); NULL into *labels_path where the
 * attribute's labels stand instead of a file's. */
static void attr_labels_note(const rs_load_opts *o, const rs_load_info *info, const rs_labels *L, int nolabels,
			     const char **labels_path, char **notes, int *nn)
{
	const char *source = info->label_partition ? "the partition" : "the node attribute";
	if (info->label_partition == 2 && (o->label_attr != NULL || (L != NULL && *labels_path == NULL && !nolabels))) {
		notes[(*nn)++] = xasprintf("labels from the cluster subgraphs: a node's first cluster, by its label, "
					   "else its name%s",
					   o->label_attr ? "" : " ('load FILE labels ATTRIBUTE' reads a node attribute instead)");
		if (o->label_attr)
			*labels_path = NULL;
	} else if (o->label_attr != NULL && info->label_attr[0]) {
		notes[(*nn)++] = xasprintf("labels from %s '%s'", source, info->label_attr);
		*labels_path = NULL;
	} else if (info->label_attr[0] && L != NULL && *labels_path == NULL && !nolabels) {
		notes[(*nn)++] = xasprintf("labels from %s '%s' ('load FILE labels ATTRIBUTE' picks another)", source,
					   info->label_attr);
	}
}

/* The graph's title in the session: 'load NAME', NAME the file's (a
 * folder's without its trailing '/'; FILE.g6/N, FILE.mat/A and an Octave
 * FILE/A with the file's name too: an archive's member has a name of its
 * own). */
static char *load_title(const char *path, const rs_load_info *info, const rs_graph *g)
{
	size_t pl = strlen(path);
	while (pl > 1 && path[pl - 1] == '/')
		pl--;
	char *shown = xasprintf("%.*s", (int)pl, path);
	const char *base = strrchr(shown, '/'), *name = base && base[1] ? base + 1 : shown;
	size_t ap = rs_archive_prefix(path);
	if (ap > 0 &&
	    (!strcmp(info->format, "graph6") || !strcmp(info->format, "mat") || !strcmp(info->format, "octave")))
		for (name = path + ap; name > path && name[-1] != '/'; name--)
			;
	char *title = xasprintf("load %s%s", name, g->bipartite ? " (bipartite)" : "");
	free(shown);
	return title;
}

/* The file loaded, its options and node attributes, kept for 'labels
 * ATTR' to read it again. */
static void load_remember(rs_session *s, const char *path, const rs_load_opts *o, const rs_load_info *info, long n)
{
	struct rs_loaded *ld = s->loaded = xcalloc(1, sizeof *ld);
	ld->path = xstrdup(path);
	ld->opts = *o;
	ld->opts.label_attr = ld->opts.member = NULL;
	ld->weight = o->weight_name ? xstrdup(o->weight_name) : NULL;
	ld->opts.weight_name = ld->weight;
	ld->attrs = xstrdup(info->node_attrs);
	ld->n = n;
}

/* info's line 'input': the format, directed or not, duplicates merged and
 * zero weights dropped, GraphML's nodes igraph made of what the file left
 * out or repeated. */
static char *input_line(const rs_load_info *info, const rs_load_opts *o)
{
	char nodes[128] = "";
	if (info->repeated_ids > 0)
		snprintf(nodes, sizeof nodes, "; %ld <node> element%s repeating an id merged", info->repeated_ids,
			 info->repeated_ids == 1 ? "" : "s");
	if (info->undeclared > 0)
		snprintf(nodes + strlen(nodes), sizeof nodes - strlen(nodes), "; %ld node%s only edges name added",
			 info->undeclared, info->undeclared == 1 ? "" : "s");
	return xasprintf("%s, %s; %ld duplicate%s merged (%s); %ld zero weight%s dropped%s", info->format,
			 info->symmetrized ? "directed: made undirected" : "undirected", info->merged,
			 info->merged == 1 ? "" : "s", o->merge == RS_MERGE_SUM ? "weights summed" : "largest weight kept",
			 info->dropped, info->dropped == 1 ? "" : "s", nodes);
}

/* load FILE [options]: the graph read, the names and labels beside it or
 * named, the notes, the session's graph replaced. */
static int load_graph(rs_session *s, int argc, char **argv, FILE *out, const char *path, rs_err *e)
{
	rs_load_opts o = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	char *labels_owned = NULL;
	int nolabels;
	if (load_options(s, argc, argv, &o, &nolabels, &labels_owned, e) != 0) {
		free(labels_owned);
		return -1;
	}
	const char *labels_path = labels_owned;
	double t0 = seconds_now();
	rs_load_info info;
	int from_stdin = !strcmp(path, "-");
	rs_graph *g = load_read(s, &path, &o, &info, e);
	if (g == NULL) {
		free(labels_owned);
		return -1;
	}
	rs_labels *L = info.labels;
	char *notes[48]; /* 35 places add one, some of them exclusive: room to spare */
	int nn = load_notes(path, &info, &o, g, notes);
	/* the names first: label files may name the nodes (none beside a pipe) */
	if (!from_stdin)
		L = load_beside(g, path, &info, L, !nolabels && labels_path == NULL, notes, &nn);
	attr_labels_note(&o, &info, L, nolabels, &labels_path, notes, &nn);
	if (labels_path != NULL) {
		rs_labels_free(L);
		L = rs_labels_read(labels_path, g, e);
		if (L == NULL) {
			rs_graph_free(g);
			for (int i = 0; i < nn; i++)
				free(notes[i]);
			free(labels_owned);
			return -1;
		}
	}
	class_names_beside(L, labels_path, path, &info);
	free(labels_owned);
	if (nolabels) {
		rs_labels_free(L);
		L = NULL;
	}
	long latin = not_utf8(g->names, g->n) + not_utf8(g->cnames, g->bipartite ? g->m : 0);
	if (latin > 0)
		notes[nn++] = xasprintf("%ld node name%s not UTF-8 (Latin-1?): shown with '?' for those bytes; 'iconv -f "
					"latin1 -t utf-8' converts the file",
					latin, latin == 1 ? " is" : "s are");
	int ncls = rs_labels_classes(L);
	if (L != NULL && ncls < L->nclass)
		notes[nn++] = unused_numbers_note(L, ncls);
	if (L != NULL && L->communities > 0)
		notes[nn++] = communities_note(L);
	session_set_graph(s, g, L, load_title(path, &info, g));
	if (!from_stdin && info.node_attrs[0] != '\0') /* for 'labels ATTR' */
		load_remember(s, path, &o, &info, g->n);
	s->graph_input = input_line(&info, &o);
	graph_summary(s, out, "load", seconds_now() - t0, notes, nn);
	for (int i = 0; i < nn; i++)
		free(notes[i]);
	return 0;
}

CHECK_FN(load)
{
	rs_load_opts o = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	char *labels_owned = NULL;
	int nolabels, rc = load_options(s, argc, argv, &o, &nolabels, &labels_owned, e);
	free(labels_owned);
	return rc;
}

CMD_FN(load)
{
	/* '-': standard input, as a pipe gives it */
	char *path = strcmp(argv[1], "-") ? cmd_resolve_path(s, argv[1]) : xstrdup("-");
	int rc = load_graph(s, argc, argv, out, path, e);
	free(path);
	return rc;
}

/* labels's options after FILE: column NAME, names FILE */
static int labels_options(int argc, char **argv, const char **column, const char **names, rs_err *e)
{
	*column = *names = NULL;
	for (int i = 2; i < argc; i += 2) {
		if (i + 1 >= argc)
			return rs_fail(e, RS_EINVAL, "usage: labels FILE [column NAME] [names FILE]");
		if (!strcmp(argv[i], "column"))
			*column = argv[i + 1];
		else if (!strcmp(argv[i], "names"))
			*names = argv[i + 1];
		else
			return rs_fail(e, RS_EINVAL, "unexpected '%s' (expected column NAME or names FILE)",
				       argv[i]);
	}
	return 0;
}

CHECK_FN(labels)
{
	(void)s;
	const char *column, *names;
	return labels_options(argc, argv, &column, &names, e);
}

/* Whether attr is one of the ", "-separated names in list, or may be
 * (a list cut short ends in "..."). */
static int attr_listed(const char *list, const char *attr)
{
	size_t l = strlen(attr), ll = strlen(list);
	if (ll >= 3 && !strcmp(list + ll - 3, "..."))
		return 1;
	for (const char *p = list; p && *p; p = strstr(p, ", ") ? strstr(p, ", ") + 2 : NULL)
		if (!strncmp(p, attr, l) && (p[l] == '\0' || p[l] == ','))
			return 1;
	return 0;
}

/* The labels a node attribute of the loaded file gives, the file read
 * again as 'load' read it; NULL with e filled where it gives none or the
 * file has changed since. */
static rs_labels *labels_from_attribute(rs_session *s, const char *attr, int *partition, rs_err *e)
{
	const struct rs_loaded *ld = s->loaded;
	rs_load_opts o = ld->opts;
	o.label_attr = attr;
	rs_load_info info;
	rs_graph *g = rs_graph_load(ld->path, &o, &info, e);
	if (g == NULL)
		return NULL;
	long n = g->n;
	rs_graph_free(g);
	rs_labels *L = info.labels;
	if (n != ld->n) {
		rs_labels_free(L);
		rs_fail(e, RS_EINVAL, "%s has changed since it was loaded (%ld nodes now, %ld then): 'load' it again",
			ld->path, n, ld->n);
		return NULL;
	}
	if (L == NULL || strcmp(info.label_attr, attr) != 0) {
		rs_labels_free(L);
		rs_fail(e, RS_EINVAL, "the node attribute '%s' of %s gives no labels", attr, ld->path);
		return NULL;
	}
	*partition = info.label_partition == 1; /* a Pajek project's *Partition */
	class_names_beside(L, NULL, ld->path, &info);
	if (ld->index == NULL) /* the nodes loaded, noise or not after them */
		return L;
	rs_labels *S = rs_labels_subset(L, ld->index, s->graph->orig_n, e); /* 'component' kept some */
	rs_labels_free(L);
	return S;
}

/* 'labels' alone: the graph's classes and their sizes, or where it has
 * none, how to read some. */
static int labels_show(rs_session *s, FILE *out)
{
	const rs_labels *L = s->labels;
	rs_result *r = result_new("labels");
	if (L == NULL) {
		result_int(r, "classes", 0);
		result_flag_scalars(r, RF_NOTEXT);
		result_title(r, "no labels for %s: 'labels FILE' reads some", s->graph_desc);
		if (s->loaded)
			result_note(r, "or 'labels ATTR' a node attribute of the file: %s", s->loaded->attrs);
		cmd_emit(s, out, r);
		return 0;
	}
	long *size = xcalloc((size_t)L->nclass + 1, sizeof *size);
	for (long i = 0; i < L->n; i++)
		if (L->y[i] >= 0)
			size[L->y[i]]++;
	int K = rs_labels_classes(L), k = 0;
	long *sz = xcalloc((size_t)K + 1, sizeof *sz);
	char **name = xcalloc((size_t)K + 1, sizeof *name);
	for (int c = 0; c < L->nclass; c++)
		if (size[c] > 0) {
			sz[k] = size[c];
			const char *nm = rs_labels_class_name(L, c);
			name[k++] = nm ? xstrdup(nm) : xasprintf("%d", c);
		}
	result_int(r, "classes", K);
	result_int(r, "labelled", L->labelled);
	result_int(r, "nodes", L->n);
	result_flag_scalars(r, RF_NOTEXT);
	result_title(r, "labels of %s: %d class%s, %ld of %ld %snodes labelled", s->graph_desc, K, K == 1 ? "" : "es",
		     L->labelled, L->n, s->graph->n > L->n ? "original " : "");
	result_strs(r, "class", RF_TABLE, name, (size_t)K);
	result_ints(r, "size", RF_TABLE, sz, (size_t)K);
	cmd_emit(s, out, r);
	for (int c = 0; c < K; c++)
		free(name[c]);
	free(name);
	free(sz);
	free(size);
	return 0;
}

CMD_FN(labels)
{
	if (s->graph == NULL && s->model != NULL)
		return rs_fail(e, RS_EINVAL, "labels apply to a graph from 'load' or 'sbm' (a '%s' model's blocks are "
					     "its classes)", s->model->bipartite ? "bicliques" : "cliques");
	if (s->graph == NULL)
		return rs_fail(e, RS_EINVAL, "no graph yet: load one ('load FILE') or generate one ('sbm paper')");
	if (argc == 1)
		return labels_show(s, out);
	const char *column, *names;
	if (labels_options(argc, argv, &column, &names, e) != 0)
		return -1;
	char *lpath = cmd_resolve_path(s, argv[1]);
	/* no such file: a node attribute of the file loaded, as 'load FILE
	 * labels ATTR' reads one */
	const struct rs_loaded *ld = s->loaded;
	int attr = access(lpath, F_OK) != 0 && rs_archive_prefix(lpath) == 0 && ld != NULL;
	if (attr && !attr_listed(ld->attrs, argv[1])) {
		rs_fail(e, RS_EINVAL, "no file '%s', nor a node attribute of that name in %s (its node attributes: %s)",
			argv[1], ld->path, ld->attrs);
		free(lpath);
		return -1;
	}
	if (attr && (column || names)) {
		free(lpath);
		return rs_fail(e, RS_EINVAL, "'%s' is a node attribute of %s: '%s' applies to a labels file",
			       argv[1], ld->path, column ? "column" : "names");
	}
	int partition = 0;
	rs_labels *L = attr ? labels_from_attribute(s, argv[1], &partition, e)
			    : rs_labels_read_column(lpath, s->graph, column, e);
	free(lpath);
	if (L == NULL)
		return -1;
	if (names != NULL) {
		char *npath = cmd_resolve_path(s, names);
		int rc = rs_labels_read_names(L, npath, e);
		free(npath);
		if (rc != 0) {
			rs_labels_free(L);
			return -1;
		}
	}
	rs_labels_free(s->labels);
	s->labels = L;
	rs_result *r = result_new("labels");
	int ncls = rs_labels_classes(L);
	result_int(r, "classes", ncls);
	result_int(r, "labelled", L->labelled);
	result_flag_scalars(r, RF_NOTEXT);
	if (attr) {
		const char *base = strrchr(ld->path, '/') ? strrchr(ld->path, '/') + 1 : ld->path;
		result_title(r, "labels from the %s '%s' of %s: %d class%s, %ld of %ld nodes labelled",
			     partition ? "partition" : "node attribute", argv[1], base, ncls, ncls == 1 ? "" : "es",
			     L->labelled, L->n);
	}
	else
		result_title(r, "labels from %s: %d class%s, %ld of %ld nodes labelled", argv[1], ncls,
			     ncls == 1 ? "" : "es", L->labelled, L->n);
	if (ncls < L->nclass) {
		char *note = unused_numbers_note(L, ncls);
		result_note(r, "%s", note);
		free(note);
	}
	if (L->communities > 0) {
		char *note = communities_note(L);
		result_note(r, "%s", note);
		free(note);
	}
	cmd_emit(s, out, r);
	return 0;
}

/* A name whose extension gives a graph format, for a table of values
 * (an embedding, labels, clusters: what, as the message names it;
 * json: a .json name is taken): refused, rather than a table under a
 * name every other program would read as something else; 0 or -1 */
static int values_refuse(const char *path, const char *what, int json, rs_err *e)
{
	const char *gf = json ? NULL : rs_path_graph_format(path);
	if (gf == NULL)
		return 0;
	int emb = !strcmp(what, "embedding");
	char hint[160] = "";
	if (rs_markup_kind(path))
		snprintf(hint, sizeof hint, "; 'save graph %.60s' writes the graph with its labels and clusters as node "
					    "attributes", path);
	return rs_fail(e, RS_EINVAL, "%s: the name gives a graph format (format %s); %s a table: %s (another name: %s)%s",
		       path, gf, emb ? "an embedding is" : !strcmp(what, "label") ? "labels are" : "clusters are",
		       emb ? ".csv, .tsv, .mtx, .npy or .mat" : ".csv, .tsv, .json, .mtx, .npy or .mat",
		       emb ? "CSV" : "one a line", hint);
}

static int save_embedding(rs_session *s, const char *path, rs_err *e)
{
	const rs_spectrum *S = session_spectrum(s, e);
	if (S == NULL)
		return -1;
	long k = session_k(s), N = session_nodes(s);
	if (k >= S->nvec)
		k = S->nvec - 1;
	char sep = rs_path_separator(path) == '\t' ? '\t' : ',';
	if (rs_path_numpy(path) == 2)
		return rs_fail(e, RS_EINVAL, "%s: an embedding is one array: a .npy name saves it for numpy.load", path);
	if (values_refuse(path, "embedding", 0, e) != 0)
		return -1;
	rs_atomic a;
	if (rs_atomic_open(&a, path, e) != 0)
		return -1;
	if (rs_path_numpy(path) || rs_path_mat(path)) { /* the N x k float64 array, column by column */
		double *X = rs_alloc(e, (size_t)N * (size_t)(k > 0 ? k : 1), sizeof *X, "embedding");
		if (X == NULL) {
			rs_atomic_abort(&a);
			return -1;
		}
		for (long c = 1; c <= k; c++)
			for (long i = 0; i < N; i++)
				X[(size_t)(c - 1) * (size_t)N + (size_t)i] =
					S->vec[session_vec_row(s, S, i) + (size_t)c * S->rows];
		int rc = rs_path_mat(path) ? rs_mat_write_header(a.f, e) || rs_mat_write_full(a.f, "embedding", N, k, X, e)
					   : rs_npy_write_matrix(a.f, X, N, k, e);
		free(X);
		if (rc != 0) {
			rs_atomic_abort(&a);
			return -1;
		}
		return rs_atomic_commit(&a, e);
	}
	if (rs_path_is_mtx(path)) {
		/* Matrix Market: the N x k array, column by column (scipy's
		 * mmread, MATLAB's mmread), rows in node order */
		char desc[256];
		session_describe(s, desc, sizeof desc);
		fprintf(a.f, "%%%%MatrixMarket matrix array real general\n%% regspec embedding: ");
		for (const char *p = desc; *p; p++) /* one comment line */
			fputc(*p == '\n' || *p == '\r' ? ' ' : *p, a.f);
		fprintf(a.f, ", alpha = %.17g absolute; columns x_2 .. x_%ld; rows: the nodes in order\n",
			session_alpha_abs(s), k + 1);
		fprintf(a.f, "%ld %ld\n", N, k);
		for (long c = 1; c <= k; c++)
			for (long i = 0; i < N; i++)
				fprintf(a.f, "%.17g\n", S->vec[session_vec_row(s, S, i) + (size_t)c * S->rows]);
		return rs_atomic_commit(&a, e);
	}
	const rs_labels *L = s->model ? NULL : s->labels;
	int named_classes = L && L->class_names;
	fprintf(a.f, "node%clabel", sep);
	if (named_classes)
		fprintf(a.f, "%cclass", sep);
	for (long c = 1; c <= k; c++)
		fprintf(a.f, "%cx_%ld", sep, c + 1);
	fputc('\n', a.f);
	const rs_model *M = s->model;
	for (long i = 0; i < N; i++) {
		long label = -1;
		if (M)
			label = rs_model_block_of(M, i);
		else if (s->labels && i < s->labels->n)
			label = s->labels->y[i];
		const char *name = s->graph ? rs_graph_node_name(s->graph, i) : NULL;
		if (name)
			result_csv_cell(a.f, name, sep);
		else
			fprintf(a.f, "%ld", i);
		fprintf(a.f, "%c%ld", sep, label);
		if (named_classes) {
			const char *c = rs_labels_class_name(L, label);
			fputc(sep, a.f);
			if (c)
				result_csv_cell(a.f, c, sep);
		}
		long row = session_vec_row(s, S, i);
		for (long c = 1; c <= k; c++)
			fprintf(a.f, "%c%.17g", sep, S->vec[row + (size_t)c * S->rows]);
		fputc('\n', a.f);
	}
	return rs_atomic_commit(&a, e);
}

int cmd_save_node_values(rs_session *s, const char *path, const char *column, const int32_t *v,
			 long n, char *const *names, int nnames, rs_err *e)
{
	char sep = rs_path_separator(path);
	int json = rs_markup_kind(path) == RS_MARKUP_JSON;
	if (rs_path_numpy(path) == 2)
		return rs_fail(e, RS_EINVAL, "%s: the %ss are one array: a .npy name saves it for numpy.load", path,
			       column);
	if (values_refuse(path, column, json, e) != 0)
		return -1;
	rs_atomic a;
	if (rs_atomic_open(&a, path, e) != 0)
		return -1;
	/* one value a line is read back line by line: the noise nodes after
	 * the original ones (labels have none) get -1 there, so that the file
	 * matches the graph 'save graph' writes */
	long rows = n;
	if (!sep && !json && s->graph && s->graph->orig_n == n && s->graph->n > n)
		rows = s->graph->n;
	if (rs_path_numpy(path) || rs_path_mat(path)) {
		/* .npy: an int64 vector; .mat: a column of doubles, named
		 * labels or clusters; -1 for none */
		int mat = rs_path_mat(path);
		void *y = rs_alloc(e, (size_t)(rows > 0 ? rows : 1), 8, column);
		if (y == NULL) {
			rs_atomic_abort(&a);
			return -1;
		}
		for (long i = 0; i < rows; i++)
			if (mat)
				((double *)y)[i] = i < n ? v[i] : -1;
			else
				((int64_t *)y)[i] = i < n ? v[i] : -1;
		char name[32];
		snprintf(name, sizeof name, "%.20ss", column);
		int rc = mat ? (rs_mat_write_header(a.f, e) || rs_mat_write_full(a.f, name, rows, 1, y, e) ? -1 : 0)
			     : rs_npy_write_ints(a.f, y, rows, e);
		free(y);
		if (rc != 0) {
			rs_atomic_abort(&a);
			return -1;
		}
		return rs_atomic_commit(&a, e);
	}
	if (json) { /* {"node": class, ...}: a name where there is one, null for none */
		fputc('{', a.f);
		for (long i = 0; i < rows; i++) {
			const char *node = s->graph && i < s->graph->n ? rs_graph_node_name(s->graph, i) : NULL;
			fputs(i ? ",\n " : "\n ", a.f);
			if (node)
				rs_json_string(a.f, node);
			else
				fprintf(a.f, "\"%ld\"", i);
			int c = i < n ? v[i] : -1;
			const char *name = names && c >= 0 && c < nnames ? names[c] : NULL;
			fputs(": ", a.f);
			if (name)
				rs_json_string(a.f, name);
			else if (c >= 0)
				fprintf(a.f, "%d", c);
			else
				fputs("null", a.f);
		}
		fputs("\n}\n", a.f);
		return rs_atomic_commit(&a, e);
	}
	if (sep)
		fprintf(a.f, "node%c%s\n", sep, column);
	else if (rs_path_is_mtx(path)) /* an n x 1 array; -1: none */
		fprintf(a.f, "%%%%MatrixMarket matrix array integer general\n%% regspec %s of each node, "
			     "-1 for none\n%ld 1\n",
			column, rows);
	for (long i = 0; i < rows; i++) {
		if (!sep) {
			fprintf(a.f, "%d\n", i < n ? v[i] : -1);
			continue;
		}
		const char *name = names && v[i] >= 0 && v[i] < nnames ? names[v[i]] : NULL;
		const char *node = s->graph && i < s->graph->n ? rs_graph_node_name(s->graph, i) : NULL;
		if (node)
			result_csv_cell(a.f, node, sep);
		else
			fprintf(a.f, "%ld", i);
		fputc(sep, a.f);
		if (name)
			result_csv_cell(a.f, name, sep);
		else if (v[i] >= 0 || !names)
			fprintf(a.f, "%d", v[i]);
		fputc('\n', a.f); /* a named class left unlabelled: an empty cell */
	}
	return rs_atomic_commit(&a, e);
}

/* What 'save' wrote, as 'plot' says it: not where the file is the output
 * itself ('-', /dev/stdout), whose reader wants the data alone. */
static void say_saved(FILE *out, const char *what, const char *path)
{
	if (!rs_path_is_stream(path))
		fprintf(out, "%s written to %s\n", what, path);
}

static int save_labels(rs_session *s, const char *path, FILE *out, rs_err *e)
{
	if (s->labels == NULL && s->model == NULL)
		return rs_fail(e, RS_EINVAL, "no labels to save");
	const rs_labels *L = s->model ? NULL : s->labels;
	long N = L ? L->n : rs_model_nodes(s->model);
	int32_t *y = L ? L->y : rs_alloc(e, (size_t)N, sizeof *y, "labels");
	if (y == NULL)
		return -1;
	for (long i = 0; !L && i < N; i++)
		y[i] = rs_model_block_of(s->model, i);
	int rc = cmd_save_node_values(s, path, "label", y, N, L ? L->class_names : NULL, L ? L->nclass : 0, e);
	if (rc == 0)
		say_saved(out, "labels", path);
	int inside = rs_path_separator(path) || rs_markup_kind(path) == RS_MARKUP_JSON; /* the names in the table */
	if (rc == 0 && L && L->class_names && !inside && rs_path_is_stream(path))
		fprintf(out, "note: class names not written: %s has no file beside it (a .csv name writes them in the table)\n",
			path);
	else if (rc == 0 && L && L->class_names && !inside) {
		/* one label a line holds the class numbers: their names go beside */
		char *c = companion_name(path, ".label_names");
		rs_atomic a;
		rc = rs_atomic_open(&a, c, e);
		if (rc == 0) {
			for (int k = 0; k < L->nclass; k++)
				fprintf(a.f, "%d\t%s\n", k, L->class_names[k] ? L->class_names[k] : "");
			rc = rs_atomic_commit(&a, e);
		}
		if (rc == 0)
			fprintf(out, "note: class names written to %s\n", c);
		free(c);
	}
	if (!L)
		free(y);
	return rc;
}

/* A block model as a graph of its entries, for 'save graph': an edge list
 * of up to SAVE_MODEL_ENTRIES entries (eps > 0 makes it dense). */
#define SAVE_MODEL_ENTRIES 1e7
static rs_graph *model_graph(const rs_model *M, rs_err *e)
{
	rs_edges E = {0};
	long merged, dropped;
	rs_graph *g = NULL;
	if (rs_model_edge_list(M, SAVE_MODEL_ENTRIES, &E, e) == 0)
		g = rs_graph_build(M->nn, M->mm, M->bipartite, &E, RS_MERGE_MAX, &merged, &dropped, e);
	rs_edges_free(&E);
	return g;
}

/* What save writes: 0 for a word it knows, else -1 and e */
static int save_what(const char *what, rs_err *e)
{
	static const char *const what_words[] = {"embedding", "graph", "labels", "clusters", NULL};
	for (int i = 0; what_words[i]; i++)
		if (!strcmp(what, what_words[i]))
			return 0;
	char near[64];
	return rs_fail(e, RS_EINVAL, "save what? embedding, graph, labels or clusters (got '%s'%s)", what,
		       cmd_suggestion(what, what_words, near, sizeof near));
}

CHECK_FN(save)
{
	(void)s;
	(void)argc;
	const char *what = argv[1], *path = argv[2];
	if (save_what(what, e) != 0)
		return -1;
	if (!strcmp(what, "graph")) /* what the graph's writer refuses: when it runs */
		return 0;
	return values_refuse(path, !strcmp(what, "labels") ? "label" : !strcmp(what, "clusters") ? "cluster" : what,
			     rs_markup_kind(path) == RS_MARKUP_JSON && strcmp(what, "embedding"), e);
}

CMD_FN(save)
{
	(void)argc;
	const char *what = argv[1], *path = argv[2];
	if (session_need_model(s, e) != 0)
		return -1;
	int rc;
	if (!strcmp(what, "embedding")) {
		if ((rc = save_embedding(s, path, e)) == 0)
			say_saved(out, "embedding", path);
	} else if (!strcmp(what, "labels")) {
		rc = save_labels(s, path, out, e);
	} else if (!strcmp(what, "clusters")) {
		if ((rc = cmd_save_clusters(s, path, e)) == 0)
			say_saved(out, "clusters", path);
	} else if (!strcmp(what, "graph")) {
		rs_graph *built = NULL;
		if (s->graph == NULL && (built = model_graph(s->model, e)) == NULL)
			return -1;
		const rs_graph *g = built ? built : s->graph;
		/* GraphML and GML hold the names, the labels and the clusters */
		rs_node_attr at[2];
		int na = 0;
		if (s->labels)
			at[na++] = (rs_node_attr){"class", s->labels->y, s->labels->n, s->labels->class_names,
						  s->labels->nclass};
		if (s->clusters)
			at[na++] = (rs_node_attr){"cluster", s->clusters, s->nclustered, NULL, 0};
		rc = rs_graph_save_attrs(g, path, at, na, e);
		if (rc == 0)
			say_saved(out, "graph", path);
		if (rc == 0 && g->names && rs_markup_kind(path) == RS_MARKUP_PAJEK) {
			/* Pajek quotes a name and has no escape for a quote */
			long quoted = 0, first = -1;
			for (long i = 0; i < g->n + (g->bipartite ? g->m : 0); i++) {
				const char *nm = i < g->n ? g->names[i] : g->cnames ? g->cnames[i - g->n] : NULL;
				if (nm && strchr(nm, '"') && quoted++ == 0)
					first = i;
			}
			if (quoted > 0)
				fprintf(out,
					"note: %ld node name%s hold%s a '\"', which Pajek cannot write: written "
					"with a ''' (%s'%s'); GraphML or GML keep %s\n",
					quoted, quoted == 1 ? "" : "s", quoted == 1 ? "s" : "",
					quoted == 1 ? "" : "the first: ",
					first < g->n ? g->names[first] : g->cnames[first - g->n], quoted == 1 ? "it" : "them");
		}
		if (rc == 0 && g->names && !rs_markup_kind(path) && !rs_path_lgl(path))
			rc = save_names(path, ".node_names", g->names, g->n, out, e);
		if (rc == 0 && g->bipartite && g->cnames && !rs_markup_kind(path))
			rc = save_names(path, ".col_names", g->cnames, g->m, out, e);
		rs_graph_free(built);
	} else {
		return save_what(what, e);
	}
	return rc;
}


/* A stochastic block model as sbm's words give it: the block sizes, K,
 * the K x K probabilities, self-loops, its description and the sizes as
 * typed (all allocated); 0, or -1 with e filled and nothing kept */
struct sbm_spec {
	long *sizes;
	int K, loops;
	double *P;         /* K x K, or NULL: */
	double pin, pout;  /* within and between every block */
	char *desc, *spec;
};

static void sbm_spec_free(struct sbm_spec *m)
{
	free(m->sizes);
	free(m->P);
	free(m->desc);
	free(m->spec);
}

/* 'sbm paper [notebook]' (argv[1] is 'paper'): DESIGN.md's 100 blocks of
 * 20, or the paper's notebook's probabilities */
static int sbm_paper(const rs_session *s, int argc, char **argv, struct sbm_spec *m, rs_err *e)
{
	int notebook = argc >= 3 && !strcmp(argv[2], "notebook");
	if (argc > 3 || (argc == 3 && !notebook))
		return rs_fail(e, RS_EINVAL, "unexpected '%s' (usage: sbm paper [notebook])", argv[notebook ? 3 : 2]);
	int K = m->K = 100;
	m->sizes = xcalloc((size_t)K, sizeof *m->sizes);
	m->P = xcalloc((size_t)K * K, sizeof *m->P);
	for (int a = 0; a < K; a++) {
		m->sizes[a] = 20;
		for (int b = 0; b < K; b++)
			m->P[a * K + b] = a != b     ? 0.001
					  : notebook ? (a < 50 ? 10.0 / 2000 : 1.0 / 2000)
						     : (a < 50 ? 0.5 : 0.05);
	}
	m->loops = 1;
	m->desc = xasprintf("sbm paper%s (seed %lu)", notebook ? " notebook" : "", s->seed);
	return 0;
}

/* The sizes as one word (20,20,30) or as words of their own, as 'cliques'
 * takes them (20 20 30): the words before 'matrix', else the leading
 * words of digits, '*' and ',' that leave two for PIN and POUT. Joined by
 * commas into m->spec and read into m->sizes and m->K; the words they
 * took, or -1 with e set */
static int sbm_sizes(int argc, char **argv, struct sbm_spec *m, rs_err *e)
{
	int nsw = 0, matrix = 0;
	for (int w = 1; w < argc && !matrix; w++)
		matrix = !strcmp(argv[w], "matrix") ? w : 0;
	if (matrix) {
		nsw = matrix - 1;
	} else {
		/* a last word no number ('loops', or a slip of it) stands after POUT */
		const char *tail = argv[argc - 1];
		int last = argc - 2 - (argc > 3 && tail[strspn(tail, "0123456789.eE+-")] != '\0');
		while (1 + nsw < last && argv[1 + nsw][strspn(argv[1 + nsw], "0123456789*,")] == '\0')
			nsw++;
	}
	if (nsw < 1)
		nsw = 1;
	size_t len = 0;
	for (int w = 1; w <= nsw; w++)
		len += strlen(argv[w]) + 1;
	m->spec = xcalloc(len, 1);
	for (int w = 1, at = 0; w <= nsw; w++) {
		size_t l = strlen(argv[w]);
		memcpy(m->spec + at, argv[w], l);
		at += (int)l;
		m->spec[at++] = w < nsw ? ',' : '\0';
	}
	if (rs_parse_size_spec(m->spec, 2147483647L, 100000, &m->sizes, &m->K, e) != 0)
		return -1;
	return nsw;
}

/* 'matrix P11,P12,...': the K x K block probabilities, row by row, from
 * the word w into m->P */
static int sbm_matrix(const char *w, struct sbm_spec *m, rs_err *e)
{
	if (w == NULL)
		return rs_fail(e, RS_EINVAL, "matrix needs K*K probabilities, comma-separated");
	/* counted before the K x K are allocated: 'sbm 1*50000 matrix 0.5' is
	 * a slip, not 20 GB */
	int K = m->K;
	long given = 1, need = (long)K * K;
	for (const char *c = w; *c; c++)
		given += *c == ',';
	if (given != need)
		return rs_fail(e, RS_EINVAL, "matrix: %ld probabilit%s for %d block%s, need %ld (K x K, row by row)",
			       given, given == 1 ? "y" : "ies", K, K == 1 ? "" : "s", need);
	if ((m->P = rs_zalloc(e, (size_t)need, sizeof *m->P, "the block probabilities")) == NULL)
		return -1;
	for (long t = 0; t < need; t++) {
		char tok[64];
		size_t l = strcspn(w, ",");
		if (l == 0 || l >= sizeof tok)
			return rs_fail(e, RS_EINVAL, "matrix: probability %ld is %s", t + 1, l ? "too long" : "empty");
		memcpy(tok, w, l);
		tok[l] = '\0';
		if (rs_parse_range(tok, 0, 1, "probability", &m->P[t], e) != 0)
			return -1;
		w += l + (w[l] == ',');
	}
	return 0;
}

/* 'sbm SIZES PIN POUT [loops]' or 'sbm SIZES matrix P11,... [loops]' */
static int sbm_custom(const rs_session *s, int argc, char **argv, struct sbm_spec *m, rs_err *e)
{
	int i = sbm_sizes(argc, argv, m, e);
	if (i < 0)
		return -1;
	i++;
	if (argc > i && !strcmp(argv[i], "matrix")) {
		if (sbm_matrix(argc > i + 1 ? argv[i + 1] : NULL, m, e) != 0)
			return -1;
	} else {
		if (argc < i + 2)
			return rs_fail(e, RS_EINVAL, "too few arguments (usage: sbm SIZES PIN POUT [loops])");
		if (rs_parse_range(argv[i], 0, 1, "PIN", &m->pin, e) != 0 ||
		    rs_parse_range(argv[i + 1], 0, 1, "POUT", &m->pout, e) != 0)
			return -1;
	}
	for (i += 2; i < argc; i++) {
		if (strcmp(argv[i], "loops") != 0)
			return rs_fail(e, RS_EINVAL, "unexpected '%s' (expected loops)", argv[i]);
		m->loops = 1;
	}
	m->desc = xasprintf("sbm %s (%d block%s, seed %lu)", m->spec, m->K, m->K == 1 ? "" : "s", s->seed);
	return 0;
}

/* The model sbm's words ask for, in the sandbox's limits; 0, or -1 with e
 * set and nothing kept */
static int sbm_read(const rs_session *s, int argc, char **argv, struct sbm_spec *out_spec, rs_err *e)
{
	struct sbm_spec m = {0};
	if ((!strcmp(argv[1], "paper") ? sbm_paper(s, argc, argv, &m, e) : sbm_custom(s, argc, argv, &m, e)) != 0)
		goto out;
	if (s->sandbox) {
		double n = 0;
		for (int a = 0; a < m.K; a++)
			n += (double)m.sizes[a];
		if (session_sandbox_size(s, n, rs_sbm_expected_edges(m.sizes, m.K, m.P, m.pin, m.pout), e) != 0)
			goto out;
	}
	*out_spec = m;
	return 0;
out:
	sbm_spec_free(&m);
	return -1;
}

CHECK_FN(sbm)
{
	struct sbm_spec m;
	if (sbm_read(s, argc, argv, &m, e) != 0)
		return -1;
	sbm_spec_free(&m);
	return 0;
}

CMD_FN(sbm)
{
	struct sbm_spec m;
	if (sbm_read(s, argc, argv, &m, e) != 0)
		return -1;
	long *sizes = m.sizes;
	int K = m.K, loops = m.loops;
	double *P = m.P;
	char *desc = m.desc, *spec = m.spec;
	int rc = -1;
	double t0 = seconds_now();
	rs_labels *L = NULL;
	rs_graph *g = P ? rs_sbm(sizes, K, P, loops, s->seed, &L, e)
			: rs_sbm_planted(sizes, K, m.pin, m.pout, loops, s->seed, &L, e);
	if (g == NULL)
		goto out;
	session_set_graph(s, g, L, desc);
	desc = NULL;
	s->sbm_sizes = sizes; /* for experiments' instances */
	s->sbm_P = P;
	sizes = NULL;
	P = NULL;
	s->sbm_pin = m.pin;
	s->sbm_pout = m.pout;
	s->sbm_K = K;
	s->sbm_loops = loops;
	char *note = xasprintf("generated in %.3g s by geometric skipping%s", seconds_now() - t0,
			       loops ? ", a self-loop on every node" : "");
	graph_summary(s, out, "sbm", seconds_now() - t0, &note, 1);
	free(note);
	rc = 0;
out:
	free(sizes);
	free(P);
	free(desc);
	free(spec);
	return rc;
}

/* noise's FRACTION of the graph's nodes */
static int noise_fraction(const char *w, double *f, rs_err *e)
{
	return rs_parse_range(w, 0, 100, "FRACTION", f, e);
}

CHECK_FN(noise)
{
	(void)s;
	(void)argc;
	double f;
	return noise_fraction(argv[1], &f, e);
}

CMD_FN(noise)
{
	(void)argc;
	if (s->graph == NULL)
		return rs_fail(e, RS_EINVAL,
			       "noise applies to a graph from 'load' or 'sbm'; on a 'cliques' model a "
			       "noise node is a block of size 1 ('cliques 5 3 2 1 1 1')");
	double f;
	if (noise_fraction(argv[1], &f, e) != 0)
		return -1;
	rs_graph *g = s->graph;
	long add = lround(f * (double)g->orig_n);
	long had = g->n - g->orig_n;
	if (rs_graph_add_noise(g, add, e) != 0)
		return -1;
	rs_graph_free(s->adj);
	s->adj = NULL;
	session_forget_solutions(s);
	char *d = xasprintf("%s + noise %g", s->graph_desc, f);
	free(s->graph_desc);
	s->graph_desc = d;
	char *note = xasprintf("%ld isolated nodes with a self-loop appended (%ld in all); scores "
			       "and labels use the %ld original nodes",
			       add, had + add, g->orig_n);
	graph_summary(s, out, "noise", 0, &note, 1);
	free(note);
	return 0;
}

/* Sizes of the components (comp as rs_graph_components numbers them) and
 * the component of the given rank by size, largest first; ties go to the
 * one found first. */
static long component_of_rank(const int32_t *comp, long N, long ncomp, long rank, long *size)
{
	long *cnt = xcalloc((size_t)ncomp, sizeof *cnt);
	for (long i = 0; i < N; i++)
		cnt[comp[i]]++;
	long pick = -1;
	for (long r = 0; r < rank; r++) {
		pick = -1;
		for (long c = 0; c < ncomp; c++)
			if (cnt[c] >= 0 && (pick < 0 || cnt[c] > cnt[pick]))
				pick = c;
		*size = cnt[pick];
		cnt[pick] = -1; /* taken */
	}
	free(cnt);
	return pick;
}

/* component's RANK: 1 (the largest) or more */
static int component_rank(const char *w, long *rank, rs_err *e)
{
	if (rs_parse_long(w, rank, e) != 0)
		return rs_fail(e, RS_EINVAL, "RANK: %s", e->msg);
	if (*rank < 1)
		return rs_fail(e, RS_EINVAL, "RANK must be 1 (the largest) or more, got %s", w);
	return 0;
}

CHECK_FN(component)
{
	(void)s;
	long rank;
	return argc > 1 ? component_rank(argv[1], &rank, e) : 0;
}

CMD_FN(component)
{
	if (s->graph == NULL)
		return rs_fail(e, RS_EINVAL,
			       "needs a graph from 'load' or 'sbm' (a 'cliques' model's blocks are its "
			       "components)");
	rs_graph *g = s->graph;
	long N = g->n + g->m, rank = 1;
	int32_t *comp = xcalloc((size_t)N, sizeof *comp);
	long ncomp = rs_graph_components(g, comp, e);
	if (ncomp < 0) {
		free(comp);
		return -1;
	}
	if (argc > 1 && component_rank(argv[1], &rank, e) != 0) {
		free(comp);
		return -1;
	}
	if (rank > ncomp) {
		free(comp);
		return rs_fail(e, RS_EINVAL, "no component of rank %ld: the graph has only %ld component%s", rank,
			       ncomp, ncomp == 1 ? "" : "s");
	}
	if (ncomp == 1) {
		free(comp);
		char *note = xstrdup("the graph is connected: nothing left out");
		graph_summary(s, out, "component", 0, &note, 1);
		free(note);
		return 0;
	}
	long size = 0;
	long pick = component_of_rank(comp, N, ncomp, rank, &size);
	unsigned char *keep = xcalloc((size_t)N, 1);
	for (long i = 0; i < N; i++)
		keep[i] = comp[i] == pick;
	free(comp);
	int32_t *old = NULL;
	rs_graph *h = rs_graph_keep(g, keep, &old, e);
	free(keep);
	if (h == NULL)
		return -1;
	rs_labels *L = NULL;
	if (s->labels && (L = rs_labels_subset(s->labels, old, h->n, e)) == NULL) {
		free(old);
		rs_graph_free(h);
		return -1;
	}
	long before = N, edges_before = rs_graph_edges(g), labelled_before = s->labels ? s->labels->labelled : 0;
	int classes_before = s->labels ? s->labels->nclass : 0;
	char *input = s->graph_input ? xstrdup(s->graph_input) : NULL;
	char *desc = rank == 1 ? xasprintf("%s, largest component", s->graph_desc)
			       : xasprintf("%s, component %ld", s->graph_desc, rank);
	/* the file's nodes for 'labels ATTR': each original node kept, by
	 * its number there (a bipartite graph's columns are not followed) */
	struct rs_loaded *ld = g->bipartite ? NULL : s->loaded;
	if (ld != NULL) {
		int32_t *index = xcalloc((size_t)(h->orig_n > 0 ? h->orig_n : 1), sizeof *index);
		for (long i = 0; i < h->orig_n; i++)
			index[i] = ld->index ? ld->index[old[i]] : old[i];
		free(ld->index);
		ld->index = index;
		s->loaded = NULL; /* kept past the graph's change */
	}
	free(old);
	session_set_graph(s, h, L, desc);
	s->graph_input = input;
	s->loaded = ld;
	char *notes[2];
	int nn = 0;
	long r100 = rank % 100, r10 = rank % 10;
	const char *th = r100 >= 11 && r100 <= 13 ? "th" : r10 == 1 ? "st" : r10 == 2 ? "nd" : r10 == 3 ? "rd" : "th";
	char ord[32] = "";
	if (rank > 1)
		snprintf(ord, sizeof ord, "%ld%s ", rank, th);
	notes[nn++] = xasprintf("kept the %slargest of %ld components: %ld of %ld nodes, %ld of %ld edges",
				ord, ncomp, size, before, rs_graph_edges(h), edges_before);
	if (L)
		notes[nn++] = xasprintf("%ld of %ld labelled nodes kept%s", L->labelled, labelled_before,
					L->nclass < classes_before ? "; classes left empty were dropped"
								   : "");
	graph_summary(s, out, "component", 0, notes, nn);
	for (int i = 0; i < nn; i++)
		free(notes[i]);
	return 0;
}
