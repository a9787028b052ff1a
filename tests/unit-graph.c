/* unit-graph.c: readers on every format (small files written here, and the
 * real files of ../shared/data when present), CSR building, labels, the
 * SBM's statistics, noise bookkeeping, and the iterative solver against
 * dense LAPACK (eigenvalues to 1e-8, eigenvectors by their D-inner products)
 * on graphs with repeated eigenvalues, cold and from a reduced basis along
 * alpha. */
#include <config.h>

#include "copies.h"
#include "graphio.h"
#include "gspectrum.h"
#include "lanczos.h"
#include "reorder.h"
#include "sbm.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static char dir[64];

static const char *write_file(const char *name, const char *text)
{
	static char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	return path;
}

static const char *write_bytes(const char *name, const char *bytes, size_t n)
{
	static char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	fwrite(bytes, 1, n, f);
	fclose(f);
	return path;
}

static rs_graph *load(const char *path, rs_load_opts *o, rs_load_info *info)
{
	rs_load_opts def = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	rs_err e = {0};
	rs_graph *g = rs_graph_load(path, o ? o : &def, info, &e);
	if (g == NULL)
		printf("# load %s: %s\n", path, e.msg);
	return g;
}

static double weight(const rs_graph *g, long i, long j)
{
	for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++)
		if (g->idx[p] == j)
			return g->val ? g->val[p] : 1.0;
	return 0;
}

/* The relabelled copy for the product: a permutation, sorted by entries
 * (most first, then label) within each window, every row the old row's
 * entries under the new labels, weights following. */
static void reorder_check(const char *what, const rs_graph *g, long window)
{
	rs_err e = {0};
	rs_csr_perm P;
	if (rs_reorder(g, window, &P, &e) != 0) {
		tap_ok(0, "%s: reorder ran (%s)", what, e.msg);
		return;
	}
	long n = g->n;
	int32_t *inv = malloc((size_t)n * sizeof *inv);
	int perm = 1, sorted = 1, rows = 1;
	for (long i = 0; i < n; i++)
		inv[i] = -1;
	for (long r = 0; r < n && perm; r++) {
		/* a node moves within its window only */
		perm = P.ord[r] >= 0 && P.ord[r] < n && inv[P.ord[r]] < 0 &&
		       P.ord[r] / P.window == r / P.window;
		if (perm)
			inv[P.ord[r]] = (int32_t)r;
	}
	for (long r = 1; r < n && perm; r++) {
		if (r % P.window == 0)
			continue;
		long a = g->ptr[P.ord[r - 1] + 1] - g->ptr[P.ord[r - 1]];
		long b = g->ptr[P.ord[r] + 1] - g->ptr[P.ord[r]];
		sorted &= a > b || (a == b && P.ord[r - 1] < P.ord[r]);
	}
	for (long r = 0; r < n && perm && rows; r++) {
		long i = P.ord[r], lo = g->ptr[i], len = g->ptr[i + 1] - lo;
		rows = P.ptr[r + 1] - P.ptr[r] == len;
		for (long q = 0; q < len && rows; q++) {
			rows = inv[g->idx[lo + q]] == P.idx[P.ptr[r] + q];
			if (g->val)
				rows &= P.val[P.ptr[r] + q] == g->val[lo + q];
		}
	}
	tap_ok(perm && sorted && rows && P.ptr[n] == g->ptr[n] &&
		       P.window == (window >= 1 && window <= RS_REORDER_WINDOW ? window : RS_REORDER_WINDOW),
	       "%s: relabelled for the product, windows of %ld (permutation %d, windows by degree %d, rows %d)",
	       what, P.window, perm, sorted, rows);
	free(inv);
	rs_reorder_free(&P);
}

static void readers(void)
{
	rs_load_info info;
	rs_graph *g = load(write_file("a.edges", "# nodes: 6\n% comment\n0 1\n1 2 2.5\n2 0\n2 2\n1 0 4\n"), NULL, &info);
	tap_ok(g && g->n == 6 && rs_graph_edges(g) == 4 && g->loops == 1 && info.merged == 1,
	       "edge list: '# nodes' keeps isolated nodes, self-loop once, duplicate merged and counted");
	tap_ok(g && weight(g, 1, 2) == 2.5 && weight(g, 2, 1) == 2.5 && weight(g, 0, 1) == 4,
	       "weights symmetric; duplicates merged by max");
	tap_ok(g && g->deg[2] == 2.5 + 1 + 1 && rs_graph_isolated(g) == 3, "degrees (self-loop counted once), isolated nodes");
	reorder_check("weighted edge list", g, 0);
	rs_graph_free(g);
	rs_load_opts sum = {RS_GF_AUTO, 0, 0, RS_MERGE_SUM, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	g = load(write_file("b.edges", "0 1 1\n1 0 2\n"), &sum, &info);
	tap_ok(g && weight(g, 0, 1) == 3 && info.merged == 1, "merge sum adds the weights of duplicates");
	rs_graph_free(g);
	/* a temporal list (source, target, time): 'unweighted' reads no weight,
	 * and a time of 0 is not a zero weight; summed, repeats are counts */
	rs_load_opts cnt = {RS_GF_AUTO, 0, 0, RS_MERGE_SUM, -1, -1, 0, 1, NULL, RS_IDS_AUTO, NULL, NULL};
	g = load(write_file("t.edges", "0 1 1082008561\n1 2 0\n1 0 1082156000\n0 1 17\n"), &cnt, &info);
	tap_ok(g && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 3 && weight(g, 1, 2) == 1 &&
		       info.merged == 2 && info.dropped == 0,
	       "unweighted, merge sum: a time column ignored, repeats counted");
	rs_graph_free(g);
	/* KONECT's lists carry a weight and a time: the fourth field is
	 * skipped and counted, so that load can say so */
	g = load(write_file("k.edges", "% sym unweighted\n1 2 1 1100\n2 3 2 1200\n3 1 1\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 3 && weight(g, 1, 2) == 2 && info.extra_fields == 2,
	       "a fourth field (a time stamp) is skipped and counted");
	rs_graph_free(g);
	g = load(write_file("u.edges", "0 1\n1 2\n2 0\n"), &sum, &info);
	tap_ok(g && g->val == NULL && info.merged == 0, "merge sum with nothing repeated stays unweighted");
	rs_graph_free(g);
	g = load(write_file("c.csv", "source,target,weight\r\nalice,bob,1\r\nbob,carol,0\r\ncarol,alice,2\r\n"), NULL, &info);
	tap_ok(g && g->n == 3 && info.header_skipped && info.relabeled && info.dropped == 1 &&
		       !strcmp(g->names[0], "alice") && rs_graph_edges(g) == 2,
	       "CSV with a header and CRLF, symbolic names, zero weight dropped");
	rs_graph_free(g);
	/* a header's names pick the columns: Gephi's export, a time column */
	g = load(write_file("gephi.csv", "Source,Target,Type,Id,Label,Weight\nx,y,Undirected,0,,2.5\n"
					 "y,z,Undirected,1,\"a, b\",1\n"),
		 NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 2.5 && weight(g, 1, 2) == 1 &&
		       strstr(info.columns, "weights from Weight") && strstr(info.columns, "Type, Id, Label"),
	       "Gephi CSV: Source, Target, Weight found by name, the rest not read (%s)", info.columns);
	rs_graph_free(g);
	/* two header fields, the endpoints swapped: the optional third field
	 * has no name to report (a fuzzer's find: a read past the fields) */
	g = load(write_file("swap.csv", "Id,Source\n0,1,2\n1,2,3\n"), NULL, &info);
	tap_ok(g && g->n == 3 && weight(g, 0, 1) == 2 && strstr(info.columns, "nodes from Source and Id") &&
		       strstr(info.columns, "weights from a third field where there is one"),
	       "a two-field header naming the endpoints swapped (%s)", info.columns);
	rs_graph_free(g);
	g = load(write_file("t.tsv", "id\tfrom\tto\ttime\n7\t0\t1\t100\n8\t1\t2\t200\n"), NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && g->val == NULL && info.extra_fields == 0 &&
		       strstr(info.columns, "from and to;"),
	       "TSV with an id and a time column: endpoints by name, no weight");
	rs_graph_free(g);
	g = load(write_file("ts.csv", "time,source,target\n100,a,b\n200,b,c\n"), NULL, &info);
	tap_ok(g && g->n == 3 && g->val == NULL && info.header_skipped && !strcmp(g->names[0], "a") &&
		       strstr(info.columns, "not read: time"),
	       "'time,source,target': a header though its first word is not a column word; time not a weight");
	rs_graph_free(g);
	g = load(write_file("sw.csv", "source,weight\n0,1,0.5\n1,2\n"), NULL, &info);
	tap_ok(g && g->n == 3 && weight(g, 0, 1) == 0.5 && weight(g, 1, 2) == 1 && !info.columns[0],
	       "'source,weight' (one endpoint named): the plain layout, an optional weight third (a fuzzer's find)");
	rs_graph_free(g);
	g = load(write_file("s.csv", "Source;Target;Weight\n0;1;0,5\n1;2;2\n"), NULL, &info);
	tap_ok(g && weight(g, 0, 1) == 0.5 && weight(g, 1, 2) == 2,
	       "semicolon-separated with a decimal comma (0,5)");
	rs_graph_free(g);
	{
		rs_err e = {0};
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = rs_graph_load(write_file("short.csv", "id,source,target,weight\n0,1,2,1\n1,2\n"), &lo,
				  &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "short.csv:3: 2 fields where the header has 4"),
		       "a line shorter than its header: file:line (%s)", e.msg);
		rs_graph_free(g);
		g = rs_graph_load(write_file("k.csv", "from,to,kind\nx,y,friend\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "(column kind)") && strstr(e.msg, "'unweighted'"),
		       "a third column of words: the error names the column and the way out");
		rs_graph_free(g);
	}
	{
		char list[12] = "";
		rs_list_append(list, sizeof list, ", ", "ab");
		rs_list_append(list, sizeof list, ", ", "cd");
		int fits = !strcmp(list, "ab, cd");
		rs_list_append(list, sizeof list, ", ", "efgh");
		rs_list_append(list, sizeof list, ", ", "x");
		tap_ok(fits && !strcmp(list, "ab, cd, ..."), "lists in messages: joined, and cut with '...' (%s)",
		       list);
	}
	/* header words that come back as node names: the first line is an edge */
	g = load(write_file("abc.edges", "a b\nb c\nc a\n"), NULL, &info);
	tap_ok(g && g->n == 3 && !info.header_skipped && rs_graph_edges(g) == 3 && !strcmp(g->names[0], "a"),
	       "'a b' first is an edge when a or b is a node later");
	rs_graph_free(g);
	g = load(write_file("ab.edges", "a b\nx y\n"), NULL, &info);
	tap_ok(g && g->n == 2 && info.header_skipped, "'a b' over other names is a header");
	rs_graph_free(g);
	/* a first line unlike the next: names over ids, a word over a weight */
	g = load(write_file("p.csv", "person1,person2\n1,2\n2,3\n"), NULL, &info);
	tap_ok(g && g->n == 3 && info.header_skipped && !info.relabeled && rs_graph_edges(g) == 2,
	       "'person1,person2' over numeric ids is a header");
	rs_graph_free(g);
	g = load(write_file("ui.csv", "user,item,count\nu1,i1,2\nu2,i1,3\n"), NULL, &info);
	tap_ok(g && g->n == 3 && info.header_skipped && info.weighted && weight(g, 0, 1) == 2,
	       "'user,item,count' over names and numbers is a header, count the weight");
	rs_graph_free(g);
	g = load(write_file("xyw.txt", "# c\n\nx y w\n% c\n1 2 0.5\n2 3 1\n"), NULL, &info);
	tap_ok(g && g->n == 3 && info.header_skipped && info.one_based && weight(g, 0, 1) == 0.5,
	       "'x y w' over 'u v w' lines, comments between, is a header");
	rs_graph_free(g);
	g = load(write_file("ab2.csv", "alice,bob\nbob,carol\n"), NULL, &info);
	tap_ok(g && g->n == 3 && !info.header_skipped && rs_graph_edges(g) == 2,
	       "'alice,bob' then 'bob,carol': an edge (bob comes back)");
	rs_graph_free(g);
	g = load(write_file("ui2.csv", "user,item\nu1,i1\nu2,i1\n"), NULL, &info);
	tap_ok(g && g->n == 3 && info.header_skipped && rs_graph_edges(g) == 2,
	       "'user,item' over other names in a CSV file: a header");
	rs_graph_free(g);
	g = load(write_file("ui2.edges", "user item\nu1 i1\nu2 i1\n"), NULL, &info);
	tap_ok(g && g->n == 5 && !info.header_skipped && rs_graph_edges(g) == 3,
	       "'user item' over other names in a blank-separated list: an edge");
	rs_graph_free(g);
	/* 1-based ids under a '# nodes' comment: the largest id equals N */
	g = load(write_file("n1.edges", "# nodes: 3\n2 3\n3 2\n"), NULL, &info);
	tap_ok(g && g->n == 3 && info.one_based && rs_graph_edges(g) == 1 && weight(g, 1, 2) == 1,
	       "ids 2..3 under '# nodes: 3' read as 1-based");
	rs_graph_free(g);
	g = load(write_file("n0.edges", "# nodes: 4\n1 2\n2 3\n"), NULL, &info);
	tap_ok(g && g->n == 4 && !info.one_based && weight(g, 1, 2) == 1,
	       "ids 1..3 under '# nodes: 4' stay 0-based (node 0 isolated)");
	rs_graph_free(g);
	{
		rs_err e = {0};
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = rs_graph_load(write_file("n2.edges", "# nodes: 3\n1 2\n2 4\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "n2.edges: node id 4 but the header says 3 nodes (ids read as 0-based)"),
		       "ids past '# nodes' either way: the error says how they were read (%s)", e.msg);
	}
	g = load(write_file("tt.tsv", "a\tb\t1\t\nb\tc\t2\t\t\n"), NULL, &info);
	tap_ok(g && g->n == 3 && weight(g, 1, 2) == 2 && info.extra_fields == 0,
	       "empty fields after the weight (trailing tabs) are not columns");
	rs_graph_free(g);
	g = load(write_file("d.tsv", "1\t2\n2\t3\n"), NULL, &info);
	tap_ok(g && g->n == 3 && info.one_based, "TSV with ids from 1 read as 1-based");
	rs_graph_free(g);
	g = load(write_file("e.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n% c\n4 4 3\n2 1\n3 2\n4 4\n"), NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && g->loops == 1 && weight(g, 0, 1) == 1,
	       "Matrix Market pattern symmetric");
	rs_graph_free(g);
	g = load(write_file("f.mtx", "%%MatrixMarket matrix coordinate real general\n2 3 2\n1 3 0.5\n2 1 2\n"), NULL, &info);
	tap_ok(g && g->bipartite && g->n == 2 && g->m == 3 && g->cdeg[2] == 0.5,
	       "Matrix Market rectangular: a bipartite graph");
	rs_graph_free(g);
	/* dense files, as scipy.io.mmwrite writes a numpy array: column by
	 * column, the lower triangle alone when symmetric; nonzeros are edges */
	g = load(write_file("s.mtx", "%%MatrixMarket matrix array integer symmetric\n%\n3 3\n0\n1\n1\n1\n2\n0\n"),
		 NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 4 && g->loops == 1 && weight(g, 2, 1) == 2 &&
		       weight(g, 0, 2) == 1 && weight(g, 0, 0) == 0 && !info.symmetrized && info.weighted,
	       "Matrix Market array symmetric: the lower triangle by columns, zeros are no edges");
	rs_graph_free(g);
	g = load(write_file("a.mtx", "%%MatrixMarket matrix array real general\n3 3\n0\n1\n0\n1 0 1\n0\n0\n0\n"),
		 NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && weight(g, 1, 2) == 1 && info.symmetrized &&
		       !info.weighted && info.merged == 1,
	       "Matrix Market array general: an arc where either entry is, 0/1 unweighted");
	rs_graph_free(g);
	g = load(write_file("r.mtx", "%%MatrixMarket matrix array real general\n2 3\n0.5\n0\n0\n2\n0\n0\n"),
		 NULL, &info);
	tap_ok(g && g->bipartite && g->n == 2 && g->m == 3 && g->deg[0] == 0.5 && g->cdeg[1] == 2 &&
		       g->cdeg[2] == 0,
	       "Matrix Market array rectangular: a bipartite graph");
	rs_graph_free(g);
	{
		rs_err e = {0};
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = rs_graph_load(write_file("t.mtx", "%%MatrixMarket matrix array real symmetric\n3 3\n1\n0\n0\n1\n0\n"),
				  &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "t.mtx:7: 6 values announced, 5 found"),
		       "a symmetric array's count is the triangle's (%s)", e.msg);
	}
	g = load(write_file("g.biedges", "# rows: 3 cols: 2 nnz: 2\n0 1\n2 0 3\n"), NULL, &info);
	tap_ok(g && g->bipartite && g->n == 3 && g->m == 2 && g->deg[2] == 3 && g->tptr[2] == 2,
	       ".biedges with its transpose");
	rs_graph_free(g);
	g = load(write_file("h.graphml",
			    "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
			    "<graph edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>"
			    "<edge source=\"a\" target=\"b\"/><edge source=\"b\" target=\"c\"/></graph></graphml>\n"),
		 NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && !strcmp(info.format, "graphml"), "GraphML through igraph");
	rs_graph_free(g);
	{
		/* 'weight NAME': the weights' edge attribute or header column */
		static const char gm[] =
			"<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
			"<key id=\"s\" for=\"edge\" attr.name=\"strength\" attr.type=\"double\"/>\n"
			"<key id=\"t\" for=\"edge\" attr.name=\"kind\" attr.type=\"string\"/>\n"
			"<graph edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>"
			"<edge source=\"a\" target=\"b\"><data key=\"s\">2.5</data><data key=\"t\">x</data></edge>"
			"<edge source=\"b\" target=\"c\"><data key=\"s\">4</data><data key=\"t\">y</data></edge>"
			"</graph></graphml>\n";
		char gpath[512], cpath[512]; /* write_file's buffer is reused */
		snprintf(gpath, sizeof gpath, "%s", write_file("w.graphml", gm));
		rs_err e = {0};
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = rs_graph_load(gpath, &lo, &info, &e);
		tap_ok(g && !info.weighted && !strcmp(info.unread_attrs, "strength"),
		       "an edge attribute of another name is not the weights, and is named as not read (%s)",
		       info.unread_attrs);
		rs_graph_free(g);
		lo.weight_name = "Strength";
		g = rs_graph_load(gpath, &lo, &info, &e);
		tap_ok(g && info.weighted && weight(g, 1, 2) == 4 && weight(g, 0, 1) == 2.5 &&
			       !strcmp(info.weight_attr, "strength") && info.unread_attrs[0] == '\0',
		       "weight NAME reads that edge attribute (any case)");
		rs_graph_free(g);
		lo.weight_name = "kind";
		g = rs_graph_load(gpath, &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "weight kind: the edge attribute 'kind' does not hold numbers"),
		       "weight NAME on a string attribute: an error (%s)", e.msg);
		lo.weight_name = "w";
		g = rs_graph_load(gpath, &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "w.graphml: weight w: no edge attribute of that name (its edge attributes: strength, kind)"),
		       "weight NAME that is not there: the error lists the edge attributes (%s)", e.msg);
		snprintf(cpath, sizeof cpath, "%s", write_file("w.csv", "from,to,when,strength\na,b,3,2.5\nb,c,4,1\n"));
		lo.weight_name = "strength";
		g = rs_graph_load(cpath, &lo, &info, &e);
		tap_ok(g && weight(g, 0, 1) == 2.5 && weight(g, 1, 2) == 1 && strstr(info.columns, "weights from strength") &&
			       strstr(info.columns, "not read: when"),
		       "weight NAME picks a header's column (%s)", info.columns);
		rs_graph_free(g);
		lo.weight_name = "WHEN";
		g = rs_graph_load(write_file("w2.csv", "when,strength,u,v\n3,2.5,a,b\n4,1,b,c\n"), &lo, &info, &e);
		tap_ok(g && weight(g, 0, 1) == 3 && rs_graph_edges(g) == 2 && strstr(info.columns, "nodes from u and v"),
		       "... wherever it is (%s)", info.columns);
		rs_graph_free(g);
		lo.weight_name = "weight";
		g = rs_graph_load(cpath, &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "w.csv:1: weight weight: no column of the header has that name (its columns: from, to, when, strength)"),
		       "weight NAME that no column has: an error at the header (%s)", e.msg);
		g = rs_graph_load(write_file("w.edges", "0 1 2\n1 2 3\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "w.edges:1: weight weight: the file has no header line"),
		       "weight NAME on an edge list without a header: an error (%s)", e.msg);
		g = rs_graph_load(write_file("w.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 3\n"), &lo,
				  &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "weights have no name"), "weight NAME on Matrix Market: an error (%s)",
		       e.msg);
	}
	/* labels from a node attribute: a string one by name, a numeric one
	 * with a missing value (NaN: unlabelled), a name that is not there */
	{
		const char *gm = write_file(
			"j.graphml",
			"<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
			"<key id=\"c\" for=\"node\" attr.name=\"club\" attr.type=\"string\"/>"
			"<key id=\"v\" for=\"node\" attr.name=\"value\" attr.type=\"double\"/>"
			"<graph edgedefault=\"undirected\"><node id=\"a\"><data key=\"c\">red</data>"
			"<data key=\"v\">3</data></node><node id=\"b\"><data key=\"c\">blue</data></node>"
			"<node id=\"c\"><data key=\"c\">red</data><data key=\"v\">0</data></node>"
			"<edge source=\"a\" target=\"b\"/><edge source=\"b\" target=\"c\"/></graph></graphml>\n");
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, "club", RS_IDS_AUTO, NULL, NULL};
		g = load(gm, &lo, &info);
		rs_labels *L = g ? info.labels : NULL;
		tap_ok(L && L->nclass == 2 && L->y[0] == 0 && L->y[1] == 1 && L->y[2] == 0 && L->class_names &&
			       !strcmp(L->class_names[0], "red") && !strcmp(info.label_attr, "club"),
		       "GraphML: labels from the string attribute asked for, classes named");
		rs_labels_free(L);
		rs_graph_free(g);
		g = load(gm, NULL, &info);
		L = g ? info.labels : NULL;
		tap_ok(L && L->nclass == 4 && L->y[0] == 3 && L->y[1] == -1 && L->y[2] == 0 && L->labelled == 2 &&
			       !strcmp(info.label_attr, "value"),
		       "GraphML: a numeric 'value' attribute by default, a missing value unlabelled");
		rs_labels_free(L);
		rs_graph_free(g);
		rs_err e = {0};
		lo.label_attr = "colour";
		g = rs_graph_load(gm, &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "'colour'") && strstr(e.msg, "club, value"),
		       "an attribute that is not there: an error listing those that are (%s)", e.msg);
		rs_graph_free(g);
		const char *v[] = {"x", "2", NULL, "", "-1", "x", "y"};
		L = rs_labels_from_strings(v, 7, &e);
		tap_ok(L && L->nclass == 3 && L->y[0] == 0 && L->y[1] == 2 && L->y[2] == -1 && L->y[3] == -1 &&
			       L->y[4] == -1 && L->y[5] == 0 && L->y[6] == 1 && L->labelled == 4,
		       "labels from strings: with names met, numbers are names too (after them); empty and -1 unlabelled");
		rs_labels_free(L);
	}
	g = load(write_file("i.net", "*Vertices 3\n1 \"x\"\n2 \"y\"\n3 \"z\"\n*Edges\n1 2 2\n2 3\n"), NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 2 && !strcmp(info.format, "pajek"),
	       "Pajek, weights");
	rs_graph_free(g);
	/* igraph reads an edge without a weight before the first weighted one
	 * as 0; Pajek's rule (and ours) is 1. */
	g = load(write_file("i2.net", "*Vertices 4\n% c\n*Arcs\n1 2\n2 3 2.5 c Blue\n3 4\n\n4 1\n"), NULL,
		 &info);
	tap_ok(g && rs_graph_edges(g) == 4 && weight(g, 0, 1) == 1 && weight(g, 1, 2) == 2.5 && weight(g, 2, 3) == 1 &&
		       weight(g, 3, 0) == 1 && info.dropped == 0,
	       "Pajek: edges without a weight weigh 1 wherever they come");
	rs_graph_free(g);
	/* igraph 0.10 takes a file's direction from its last section: *Arcs
	 * then *Edges reads as undirected, yet the arcs were symmetrized */
	g = load(write_file("i4.net", "*Vertices 4\n*Arcs\n1 2 1\n2 1 3\n*Edges\n3 4 2\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 3 && info.symmetrized && info.merged == 1,
	       "Pajek: *Arcs before *Edges is reported as directed input, made undirected");
	rs_graph_free(g);
	g = load(write_file("i5.net", "*Vertices 3\n*Edges\n1 2\n2 3\n% *Arcs in a comment\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 2 && !info.symmetrized, "Pajek: *Edges alone is undirected input");
	rs_graph_free(g);
	g = load(write_file("i3.net", "*Vertices 3\n*Edges\n1 2 0\n2 3 3\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 1 && info.dropped == 1, "Pajek: an explicit zero weight is still dropped");
	rs_graph_free(g);
	/* networkx's write_pajek: the labels are its nodes (integers from 0:
	 * ids, not names), then coordinates, a shape and the attributes as
	 * 'key value' pairs, which igraph's reader refused */
	{
		const char *nx = "*vertices 4\n1 0 0.0 0.0 ellipse club \"Mr. Hi\" size 3\n2 1 0.0 0.0 ellipse club Officer\n"
				 "3 2 0.5 0.5 ellipse club \"Mr. Hi\"\n4 3 0.0 0.0 ellipse\n*edges\n1 2 1.5 capacity 4\n"
				 "2 3 2.0\n3 4 1.0 capacity x\n";
		g = load(write_file("nx.net", nx), NULL, &info);
		tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && g->names == NULL && weight(g, 0, 1) == 1.5 &&
			       info.labels == NULL && !info.symmetrized && !strcmp(info.unread_attrs, "capacity"),
		       "Pajek as networkx writes it: node attributes after the shape, integer labels as ids");
		rs_graph_free(g);
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, "club", RS_IDS_AUTO, NULL, NULL};
		g = load(write_file("nx2.net", nx), &lo, &info);
		tap_ok(g && info.labels && info.labels->nclass == 2 && info.labels->y[0] == info.labels->y[2] &&
			       info.labels->y[0] != info.labels->y[1] && info.labels->y[3] == -1 &&
			       !strcmp(info.label_attr, "club") && !info.label_partition,
		       "Pajek: 'labels KEY' reads a vertex parameter (a vertex without it unlabelled)");
		rs_labels_free(info.labels);
		rs_graph_free(g);
		lo.label_attr = "colour";
		rs_err e = {0};
		g = rs_graph_load(write_file("nx3.net", nx), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "'colour'") && strstr(e.msg, "club, size"),
		       "Pajek: a parameter that is not there: an error listing those that are (%s)", e.msg);
		lo.label_attr = NULL;
		lo.weight_name = "capacity";
		g = rs_graph_load(write_file("nx4.net", nx), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "nx4.net:9: weight capacity: 'x' is not a number"),
		       "Pajek: 'weight KEY' whose value is a word: a located error (%s)", e.msg);
		lo.weight_name = "cap";
		g = load(write_file("nx5.net", "*Vertices 3\n*Edges\n1 2 9 cap 2\n2 3 cap 0.5\n1 3\n"), &lo, &info);
		tap_ok(g && weight(g, 0, 1) == 2 && weight(g, 1, 2) == 0.5 && weight(g, 0, 2) == 1 &&
			       !strcmp(info.weight_attr, "cap") && !strcmp(info.unread_attrs, "weight"),
		       "Pajek: 'weight KEY' reads an edge parameter; the weights in place are named unread");
		rs_graph_free(g);
	}
	/* graph-tool's GraphML: key types of its own (vector_float, and
	 * python::object), which igraph refuses, read as strings; its doubles
	 * in hexadecimal */
	{
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, "group", RS_IDS_AUTO, NULL, NULL};
		g = load(write_file("gt.graphml",
				    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
				    "<key id=\"key0\" for=\"node\" attr.name=\"pos\" attr.type=\"vector_float\" />\n"
				    "<key id=\"key1\" for=\"node\" attr.name=\"group\" attr.type=\"int\" />\n"
				    "<key id=\"key3\" for=\"graph\" attr.name=\"obj\" attr.type = 'python::object' />\n"
				    "<key id=\"key2\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\" />\n"
				    "<graph id=\"G\" edgedefault=\"undirected\">\n"
				    "<node id=\"n0\"><data key=\"key0\">0x1.8p+0, 0x1p+1</data><data key=\"key1\">0</data></node>\n"
				    "<node id=\"n1\"><data key=\"key1\">1</data></node><node id=\"n2\"><data key=\"key1\">1</data></node>\n"
				    "<edge source=\"n0\" target=\"n1\"><data key=\"key2\">0x1.8p+0</data></edge>\n"
				    "<edge source=\"n1\" target=\"n2\"><data key=\"key2\">2</data></edge>\n</graph>\n</graphml>\n"),
			 &lo, &info);
		tap_ok(g && g->n == 3 && weight(g, 0, 1) == 1.5 && weight(g, 1, 2) == 2 && info.labels &&
			       info.labels->y[0] == 0 && info.labels->y[2] == 1,
		       "GraphML as graph-tool writes it: its vector and object key types read as strings, hex weights");
		if (g)
			rs_labels_free(info.labels);
		rs_graph_free(g);
	}
	/* JSON graphs: d3's miserables as its v3 examples keep it (no ids:
	 * links by position, names and groups), networkx's adjacency_data, a
	 * list of Cytoscape.js elements, a list of edge records */
	{
		g = load(write_file("v3.json", "{\"nodes\": [{\"name\": \"Myriel\", \"group\": 1}, {\"name\": \"Napol\\u00e9on\", "
					       "\"group\": 1},\n {\"name\": \"\\ud83d\\ude00\", \"group\": 2}],\n \"links\": "
					       "[{\"source\": 1, \"target\": 0, \"value\": 1}, {\"source\": 2, \"target\": 0, \"value\": 8}]}"),
			 NULL, &info);
		tap_ok(g && g->n == 3 && weight(g, 0, 2) == 8 && g->names && !strcmp(g->names[1], "Napol\xc3\xa9on") &&
			       !strcmp(g->names[2], "\xf0\x9f\x98\x80") && info.labels && info.labels->y[2] == 2 &&
			       !strcmp(info.label_attr, "group") && !strcmp(info.weight_attr, "value"),
		       "JSON as d3's v3 examples keep it: links by position, names, groups as labels, \\u escapes");
		if (g)
			rs_labels_free(info.labels);
		rs_graph_free(g);
		g = load(write_file("adj.json", "{\"directed\": false, \"multigraph\": false, \"graph\": {\"name\": [1, {\"a\": []}]},\n"
						"\"nodes\": [{\"id\": \"a\"}, {\"id\": \"b\"}, {\"id\": \"c\"}],\n"
						"\"adjacency\": [[{\"id\": \"b\", \"weight\": 2}], [{\"id\": \"a\", \"weight\": 2}, {\"id\": \"c\"}], "
						"[{\"id\": \"b\"}]]}"),
			 NULL, &info);
		tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 2 && weight(g, 1, 2) == 1 &&
			       info.merged == 0 && !info.symmetrized,
		       "JSON: networkx's adjacency_data, each edge once though listed from both ends");
		rs_graph_free(g);
		g = load(write_file("els.cyjs", "[{\"group\": \"nodes\", \"data\": {\"id\": \"x\", \"kind\": \"p\"}},\n"
						"{\"group\": \"edges\", \"data\": {\"id\": \"e1\", \"source\": \"x\", \"target\": \"y\"}},\n"
						"{\"group\": \"nodes\", \"data\": {\"id\": \"y\", \"kind\": \"q\"}}]"),
			 NULL, &info);
		tap_ok(g && g->n == 2 && rs_graph_edges(g) == 1 && g->names && !strcmp(g->names[1], "y") &&
			       info.labels == NULL,
		       "JSON: a list of Cytoscape.js elements, an edge before its node");
		rs_graph_free(g);
		g = load(write_file("rec.json", "[{\"source\": \"a\", \"target\": \"b\", \"w\": 3, \"t\": 1},\n"
						"{\"source\": \"b\", \"target\": \"c\", \"w\": 0.5, \"t\": 2}]"),
			 NULL, &info);
		tap_ok(g && g->n == 3 && !info.weighted && !strcmp(info.unread_attrs, "w, t"),
		       "JSON: edge records (pandas' to_json(orient=\"records\")), nodes from the ends; numeric fields named");
		rs_graph_free(g);
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, "w", NULL};
		g = load(write_file("rec2.json", "[{\"source\": \"a\", \"target\": \"b\", \"w\": 3}, {\"source\": \"b\", \"target\": \"a\", \"w\": 5}]"),
			 &lo, &info);
		tap_ok(g && weight(g, 0, 1) == 5 && !strcmp(info.weight_attr, "w") && info.merged == 1,
		       "JSON: 'weight KEY' reads another field");
		rs_graph_free(g);
		rs_err e = {0};
		lo.weight_name = "weight";
		g = rs_graph_load(write_file("rec3.json", "[{\"source\": \"a\", \"target\": \"b\", \"w\": 3}]"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "weight weight: no link has a field of that name (their numeric fields: w)"),
		       "JSON: 'weight KEY' that no link has: an error naming those there are (%s)", e.msg);
		lo.weight_name = NULL;
		lo.label_attr = "kind";
		g = rs_graph_load(write_file("nolab.json", "{\"nodes\": [{\"id\": 1, \"g\": 2}], \"links\": []}"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "labels 'kind'") && strstr(e.msg, "its node attributes: g"),
		       "JSON: 'labels KEY' that no node has: an error naming those there are (%s)", e.msg);
		g = load(write_file("empty-key.json", "{\"nodes\": [{\"id\": 1, \"\": 2, \"a\": 1, \"a\": 3}, {\"id\": 2, \"\": 5}],\n"
						      "\"links\": [{\"source\": 1, \"target\": 2, \"\": 4, \"w\": 1, \"w\": 2}]}"),
			 NULL, &info);
		tap_ok(g && g->n == 2 && !strcmp(info.unread_attrs, "w"),
		       "JSON: empty and repeated field names (an empty one is listed nowhere, a repeated one once)");
		rs_graph_free(g);
		char deep[4000] = "";
		for (int d = 0; d < 600; d++)
			strcat(deep, "{\"a\":");
		lo.label_attr = NULL;
		g = rs_graph_load(write_file("deep.json", deep), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "nested more than"), "JSON nested 600 deep: an error, no recursion without end (%s)",
		       e.msg);
	}
	/* GEXF: networkx's 1.1 draft (attvalue 'for' numbered attributes),
	 * labels and weights by an attribute's title, entities in names */
	{
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, "Club", RS_IDS_AUTO, "Strength", NULL};
		g = load(write_file("k.gexf", "<?xml version='1.0' encoding='utf-8'?>\n<gexf version=\"1.1\">\n"
					      "<graph defaultedgetype=\"directed\">\n<attributes class=\"node\"><attribute id=\"0\" title=\"club\" "
					      "type=\"string\"/></attributes>\n<attributes class=\"edge\"><attribute id=\"1\" title=\"strength\" "
					      "type=\"float\"/></attributes>\n<nodes><node id=\"x\" label=\"Caf&#233; &amp; &lt;bar&gt;\">"
					      "<attvalues><attvalue for=\"0\" value=\"Mr. Hi\"/></attvalues></node>\n"
					      "<node id=\"y\"><attvalues><attvalue id=\"0\" value=\"Officer\"/></attvalues></node>\n"
					      "<node id=\"z\" label='z'/></nodes>\n<edges><edge source=\"x\" target=\"y\" weight=\"9\">"
					      "<attvalues><attvalue for=\"1\" value=\"2.5\"/></attvalues></edge>\n"
					      "<edge source=\"z\" target=\"y\"/></edges></graph></gexf>\n"),
			 &lo, &info);
		tap_ok(g && g->n == 3 && weight(g, 0, 1) == 2.5 && weight(g, 1, 2) == 1 && g->names &&
			       !strcmp(g->names[0], "Caf\xc3\xa9 & <bar>") && !strcmp(g->names[1], "y") && info.symmetrized &&
			       info.labels && info.labels->y[0] != info.labels->y[1] && info.labels->y[2] == -1,
		       "GEXF: names with entities, labels and weights by an attribute's title, 'id' in 1.0's attvalues");
		if (g)
			rs_labels_free(info.labels);
		rs_graph_free(g);
	}
	/* yEd's GraphML: node labels inside its graphics data, which igraph
	 * does not read */
	g = load(write_file("yed.graphml",
			    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
			    "xmlns:y=\"http://www.yworks.com/xml/graphml\">\n<key for=\"node\" id=\"d6\" yfiles.type=\"nodegraphics\"/>\n"
			    "<graph edgedefault=\"directed\" id=\"G\">\n<node id=\"n0\"><data key=\"d6\"><y:ShapeNode><y:Geometry x=\"0\"/>"
			    "<y:NodeLabel alignment=\"center\">\n  Ann &amp; Bo\n<y:LabelModel><y:SmartNodeLabelModel distance=\"4.0\"/>"
			    "</y:LabelModel></y:NodeLabel><y:NodeLabel>second</y:NodeLabel></y:ShapeNode></data></node>\n"
			    "<node id=\"n1\"><data key=\"d6\"><y:ShapeNode><y:NodeLabel/></y:ShapeNode></data></node>\n"
			    "<node id=\"n2\"><data key=\"d6\"><y:ShapeNode><y:NodeLabel>Caf&#233;</y:NodeLabel></y:ShapeNode></data></node>\n"
			    "<edge source=\"n0\" target=\"n1\"/><edge source=\"n1\" target=\"n2\"/>\n</graph>\n</graphml>\n"),
		 NULL, &info);
	tap_ok(g && g->n == 3 && g->names && !strcmp(g->names[0], "Ann & Bo") && !strcmp(g->names[1], "n1") &&
		       !strcmp(g->names[2], "Caf\xc3\xa9"),
	       "GraphML as yEd writes it: each node's first <y:NodeLabel> as its name (an empty one keeps the id)");
	rs_graph_free(g);
	/* a two-mode network is a bipartite graph: rows, then columns */
	g = load(write_file("two.net", "*Vertices 5 2\n1 \"ann\"\n2 \"bob\"\n3 \"party\"\n4 \"dinner\"\n5 \"walk\"\n"
				       "*Edges\n1 3\n4 1 2\n2 5\n"),
		 NULL, &info);
	tap_ok(g && g->bipartite && g->n == 2 && g->m == 3 && g->nnz == 3 && info.two_mode == 2 && g->names &&
		       !strcmp(g->names[1], "bob") && g->cnames && !strcmp(g->cnames[2], "walk") &&
		       g->val && g->val[1] == 2 && g->idx[1] == 1,
	       "Pajek: a two-mode network loads as a bipartite graph, a line from a column turned round");
	rs_graph_free(g);
	/* a project file: the first network, its partition as labels; lists
	 * and a matrix */
	g = load(write_file("p.paj", "% Pajek project\n*Network first\n*Vertices 4\n1 \"a\"\n2 \"b\"\n*Edgeslist\n1 2 3\n"
				     "*Arcs :1 \"likes\"\n4 3 2\n*Vector size\n*Vertices 4\n1.5\n2\n3\n4\n"
				     "*Partition side\n*Vertices 4\n1\n1\n2\n2\n*Network second\n*Vertices 2\n*Edges\n1 2\n"),
		 NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && weight(g, 2, 3) == 2 && info.symmetrized && info.networks == 2 &&
		       info.labels && info.labels->y[0] == 1 && info.labels->y[3] == 2 && info.label_partition &&
		       g->names && !strcmp(g->names[1], "b") && !strcmp(g->names[2], "3"),
	       "Pajek project: the first network, *Edgeslist and *Arcs, its *Partition as labels, a *Vector skipped");
	rs_labels_free(info.labels);
	rs_graph_free(g);
	g = load(write_file("sym.net", "*Vertices 3\n*Matrix\n0 1 2\n1 0 0\n2 0 0.5\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 3 && weight(g, 0, 2) == 2 && g->loops == 1 && info.merged == 0 && !info.symmetrized,
	       "Pajek: a symmetric *Matrix gives each edge once");
	rs_graph_free(g);
	g = load(write_file("asym.net", "*Vertices 3\n*Matrix\n0 1\n0 2 0 0\n0 0 0\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 1 && weight(g, 0, 1) == 2 && info.symmetrized && info.merged == 1,
	       "Pajek: an asymmetric *Matrix (its values over any lines) is made undirected");
	rs_graph_free(g);
	/* an adjacency list gives every node a line: an id no line names is
	 * no node, so numbers with gaps are names (networkx's list of a graph
	 * whose isolated nodes were removed) */
	g = load(write_file("gaps.adjlist", "0 3\n3 6 7\n6\n7\n"), NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && g->names && !strcmp(g->names[1], "3") &&
		       !strcmp(g->names[3], "7") && weight(g, 1, 3) == 1 && info.compacted == 4 && info.id_top == 7,
	       "adjacency list with gaps in its integer ids: the ids are names, in increasing order");
	rs_graph_free(g);
	{
		rs_load_opts keep = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_KEEP, NULL, NULL};
		rs_load_opts comp = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_COMPACT, NULL, NULL};
		g = load(write_file("gaps2.adjlist", "0 3\n3 6 7\n6\n7\n"), &keep, &info);
		tap_ok(g && g->n == 8 && g->names == NULL && weight(g, 3, 7) == 1 && info.compacted == 0,
		       "... with 'nocompact' they stay ids (8 nodes)");
		rs_graph_free(g);
		g = load(write_file("contig.adjlist", "1 2\n2 3 07\n3\n7 1\n4\n5\n6\n"), &comp, &info);
		tap_ok(g && g->n == 7 && g->names && !strcmp(g->names[6], "07") && weight(g, 6, 0) == 1 &&
			       weight(g, 1, 6) == 1 && info.compacted == 7,
		       "... 'compact' names them even without gaps; '07' and '7' are one node");
		rs_graph_free(g);
		g = load(write_file("contig2.adjlist", "1 2\n2 3\n3\n"), NULL, &info);
		tap_ok(g && g->n == 3 && g->names == NULL && info.one_based == 1 && info.compacted == 0,
		       "... and without gaps, by default, ids as before (1-based here)");
		rs_graph_free(g);
	}
	/* networkx's write_edgelist: the attributes as a Python dict */
	g = load(write_file("nx.edgelist", "0 1 {}\n1 2 {'weight': 2.5, 'label': 'a, b'}\n"
					   "2 0 {\"weight\": np.float64(4.0), 'w': [1, 2]}\n"),
		 NULL, &info);
	tap_ok(g && g->n == 3 && !info.relabeled && weight(g, 0, 1) == 1 && weight(g, 1, 2) == 2.5 &&
		       weight(g, 2, 0) == 4 && info.attr_lines == 3 && info.attr_weights == 2,
	       "networkx edge list: weights from the attribute dicts' 'weight', 1 where there is none");
	rs_graph_free(g);
	/* ... where no second field names a node elsewhere, which made it
	 * look like SIF's 'node relation node node' */
	g = load(write_file("nx-sif.edgelist", "n2 n33 {'weight': 1}\nn15 n23 {'weight': 2}\nn27 n30 {'weight': 0.25}\n"),
		 NULL, &info);
	tap_ok(g && g->n == 6 && rs_graph_edges(g) == 3 && weight(g, 2, 3) == 2 && weight(g, 4, 5) == 0.25 &&
		       info.attr_lines == 3 && !strcmp(info.format, "edges"),
	       "networkx edge list whose second fields name no other node: an edge list, not SIF");
	rs_graph_free(g);
	g = load(write_file("nx.csv", "a,b,{'weight': 3}\nb,c,{}\n"), NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 3 && weight(g, 1, 2) == 1 &&
		       !info.header_skipped && info.attr_lines == 2,
	       "networkx edge list with a comma delimiter: the dict's commas are not columns");
	rs_graph_free(g);
	g = load(write_file("braces.edges", "a {x}\n{x} c\n"), NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && info.attr_lines == 0,
	       "names in braces stay names (a third field is a dict only when it closes the line)");
	rs_graph_free(g);
	{
		rs_load_opts uw = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 1, NULL, RS_IDS_AUTO, NULL, NULL};
		g = load(write_file("nxbad.edgelist", "0 1 {'weight' 3}\n1 2 {'weight': 'x'}\n"), &uw, &info);
		tap_ok(g && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 1 && info.attr_weights == 0,
		       "networkx edge list, unweighted: the dicts are not read");
		rs_graph_free(g);
	}
	/* KONECT's out.* files: the header decides */
	g = load(write_file("out.bip", "% bip unweighted\n% 5 3 4\n1 1\n1 2\n2 2\n3 3\n3 4\n"), NULL, &info);
	tap_ok(g && g->bipartite && g->n == 3 && g->m == 4 && rs_graph_edges(g) == 5 && g->loops == 0 &&
		       info.konect == 'b' && info.konect_counts,
	       "KONECT '%% bip': rows and columns numbered apart (row 1 and column 1 are not one node)");
	rs_graph_free(g);
	g = load(write_file("out.sym", "% sym unweighted\n% 3 5 5\n1 2\n2 3\n3 1\n"), NULL, &info);
	tap_ok(g && !g->bipartite && g->n == 5 && rs_graph_edges(g) == 3 && weight(g, 0, 1) == 1 && !info.symmetrized,
	       "KONECT '%% sym': the second line's node count keeps isolated nodes, ids from 1");
	rs_graph_free(g);
	g = load(write_file("out.asym", "% asym positive\n2 3 1 1000\n3 2 2 1001\n"), NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 1 && weight(g, 1, 2) == 2 && info.symmetrized &&
		       info.extra_fields == 2 && !info.konect_counts,
	       "KONECT '%% asym': directed input made undirected, ids from 1 without a 0 or a count line");
	rs_graph_free(g);
	{
		/* 1-based with no edges: no largest id to shift (the columns'
		 * count came out -1, and the build wrote before its arrays) */
		rs_load_opts b1 = {RS_GF_BIEDGES, 0, 0, RS_MERGE_MAX, -1, 1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = load(write_file("empty.biedges", "# rows: 2\n"), &b1, &info);
		tap_ok(g && g->n == 2 && g->m == 0 && rs_graph_edges(g) == 0,
		       "an empty bipartite list read as 1-based: its declared rows, no columns");
		rs_graph_free(g);
		g = load(write_file("empty-konect.biedges", "% sym signed\n# rows: 1\n"), &b1, &info);
		tap_ok(g && g->n == 1 && g->m == 0, "a KONECT header over no edges (1-based) builds");
		rs_graph_free(g);
	}
	g = load(write_file("out.x", "% this is not a header\n% 1 2 3\n0 1\n"), NULL, &info);
	tap_ok(g && g->n == 2 && !info.konect, "a comment that is not KONECT's header changes nothing");
	rs_graph_free(g);
	/* numeric ids that are labels, not positions */
	g = load(write_file("snap.txt", "# Directed graph (each unordered pair of nodes is saved once): x.txt\n"
					"# Nodes: 4 Edges: 4\n# FromNodeId\tToNodeId\n30\t1412\n30\t3352\n"
					"3352\t30\n5\t30\n"),
		 NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && info.compacted == 4 && info.snap_nodes == 4 &&
		       info.symmetrized && g->names && !strcmp(g->names[0], "5") && !strcmp(g->names[3], "3352") &&
		       weight(g, 1, 2) == 1 && weight(g, 0, 1) == 1,
	       "SNAP: ids past the header's node count are names, in increasing order; 'Directed graph' noted");
	rs_graph_free(g);
	{
		char big[400] = "";
		for (int i = 0; i < 10; i++)
			snprintf(big + strlen(big), sizeof big - strlen(big), "%d %d\n", 500 * i, 500 * i + 4999);
		g = load(write_file("sparse.edges", big), NULL, &info);
		tap_ok(g && g->n == 20 && info.compacted == 20 && info.id_top == 9499 && g->names &&
			       !strcmp(g->names[0], "0") && !strcmp(g->names[19], "9499") && rs_graph_edges(g) == 10,
		       "ids of which most never appear (9,480 of 9,500) are compacted");
		rs_load_opts keep = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_KEEP, NULL, NULL};
		rs_graph_free(g);
		g = load(write_file("sparse.edges", big), &keep, &info);
		tap_ok(g && g->n == 9500 && info.compacted == 0 && g->names == NULL, "nocompact keeps ids as positions");
		rs_graph_free(g);
	}
	{
		static char snap[20000];
		int l = snprintf(snap, sizeof snap, "# Undirected graph: y.txt\n# Nodes: 600 Edges: 300\n");
		for (int i = 0; i < 300; i++)
			l += snprintf(snap + l, sizeof snap - (size_t)l, "%d\t%d\n", 1000 + i, 1300 + i);
		g = load(write_file("snap2.txt", snap), NULL, &info);
		tap_ok(g && g->n == 600 && info.compacted == 600 && !info.symmetrized && !strcmp(g->names[0], "1000") &&
			       !strcmp(g->names[599], "1599") && weight(g, 0, 300) == 1 && weight(g, 299, 599) == 1 &&
			       rs_graph_edges(g) == 300,
		       "SNAP ids 1000..1599 for 600 nodes: compacted through the bitmap");
		rs_graph_free(g);
	}
	g = load(write_file("gaps.edges", "0 1\n5 6\n"), NULL, &info);
	tap_ok(g && g->n == 7 && info.compacted == 0, "a few ids missing stay isolated nodes");
	rs_graph_free(g);
	{
		rs_load_opts cmp = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_COMPACT, NULL, NULL};
		g = load(write_file("c.edges", "7 3 2\n9 7\n"), &cmp, &info);
		tap_ok(g && g->n == 3 && info.compacted == 3 && !strcmp(g->names[0], "3") && !strcmp(g->names[2], "9") &&
			       weight(g, 0, 1) == 2 && weight(g, 1, 2) == 1,
		       "compact: the ids that appear, in increasing order, weights kept");
		rs_graph_free(g);
	}
	g = load(write_file("twitter.edges", "1 2000000000\n2 3\n2000000000 3\n"), NULL, &info);
	tap_ok(g && g->n == 4 && info.compacted == 4 && !strcmp(g->names[3], "2000000000") && weight(g, 0, 3) == 1 &&
		       weight(g, 3, 2) == 1,
	       "ids far apart (user ids) are compacted without a bitmap of them all");
	rs_graph_free(g);
	/* adjacency lists (networkx's write_adjlist) */
	g = load(write_file("a.adjlist", "#/usr/bin/python3\n# GMT Mon Nov 23 2026\n#\n0 1 2\n1 2\n2\n3\n4 0 0\n"),
		 NULL, &info);
	tap_ok(g && g->n == 5 && rs_graph_edges(g) == 4 && weight(g, 0, 2) == 1 && weight(g, 4, 0) == 1 &&
		       g->ptr[4] == g->ptr[3] && info.merged == 1 && !strcmp(info.format, "adjlist") && !info.relabeled,
	       "adjacency list: integer names are ids, a node alone on its line is a node, repeats merged");
	rs_graph_free(g);
	g = load(write_file("b.adjlist", "1 2 3\n2 3\n3\n"), NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 3 && info.one_based, "adjacency list: 1-based when no 0 appears");
	rs_graph_free(g);
	g = load(write_file("c.adjlist", "paris lyon nice\nlyon nice\nnice\nbrest\n"), NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && info.relabeled && g->names && !strcmp(g->names[3], "brest") &&
		       g->ptr[4] == g->ptr[3],
	       "adjacency list with names: an isolated name is kept");
	rs_graph_free(g);
	/* networkx's write_multiline_adjlist, by its extension or its shape */
	{
		const char *ml = "#/usr/bin/python3\n# GMT Thu Nov 26 2026\n#\nMyriel 2\nNapoleon {'weight': 1}\n"
				 "Baptistine {'weight': 8.5, 'color': 'red'}\nNapoleon 0\nBaptistine 1\nCravatte {}\n"
				 "Cravatte 0\nGeborand 0\n";
		g = load(write_file("m.adjlist", ml), NULL, &info);
		tap_ok(g && g->n == 5 && rs_graph_edges(g) == 3 && info.nx_multiline && info.weighted &&
			       info.attr_lines == 3 && info.attr_weights == 2 && weight(g, 0, 2) == 8.5 &&
			       weight(g, 0, 1) == 1 && weight(g, 2, 3) == 1 && !strcmp(g->names[4], "Geborand") &&
			       g->ptr[5] == g->ptr[4],
		       "networkx's multiline adjacency list: counts, dicts' weights, a node with no line of its own");
		rs_graph_free(g);
		g = load(write_file("m.txt", ml), NULL, &info);
		tap_ok(g && rs_graph_edges(g) == 3 && !strcmp(info.format, "adjlist") && info.nx_multiline,
		       "networkx's multiline adjacency list found by its shape, whatever its extension");
		rs_graph_free(g);
		g = load(write_file("m2.txt", "0 2\n1 {}\n2 {}\n1 1\n2 {}\n2 0\n"), NULL, &info);
		tap_ok(g && g->n == 3 && rs_graph_edges(g) == 3 && !info.weighted && !info.relabeled,
		       "networkx's multiline adjacency list of integers: they are the ids");
		rs_graph_free(g);
		rs_load_opts uw = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 1, NULL, RS_IDS_AUTO, NULL, NULL};
		g = load(write_file("m3.txt", "a 1\nb {'weight': 'x'}\n"), &uw, &info);
		tap_ok(g && rs_graph_edges(g) == 1 && !info.weighted, "'unweighted' reads a multiline list without its dicts");
		rs_graph_free(g);
		rs_err e = {0};
		uw.unweighted = 0;
		g = rs_graph_load(write_file("m4.txt", "a 1\nb {'weight': 'x'}\n"), &uw, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "m4.txt:2: weight 'x'"), "a word for a weight in a multiline list (%s)",
		       e.msg);
		g = rs_graph_load(write_file("m5.adjlist", "a 2\nb {}\nc 1 {}\n"), &uw, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "m5.adjlist:3: '1 {}' after neighbour c"), "neither name nor dict (%s)",
		       e.msg);
		g = rs_graph_load(write_file("m6.adjlist", "a 1\nb {}\nc d\n"), &uw, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "m6.adjlist:3: 'c d' is not a line 'NODE COUNT'"),
		       "a count that is not a number (%s)", e.msg);
		g = load(write_file("p.adjlist", "a 1\nb 2\n"), NULL, &info);
		tap_ok(g && g->n == 4 && rs_graph_edges(g) == 2 && !info.nx_multiline,
		       "a plain adjacency list whose lines are two names stays plain");
		rs_graph_free(g);
	}
	/* UCINET DL */
	g = load(write_file("a.dl", "DL N=4\nFORMAT = FULLMATRIX DIAGONAL PRESENT\nLABELS:\nAnn, Bob, \"Cy D\", Dee\nDATA:\n"
				    "0 1 2.5 0\n1 0 0 0\n2.5 0 1 0\n0 0 0 0\n"),
		 NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && g->loops == 1 && weight(g, 0, 2) == 2.5 && !info.symmetrized &&
		       !strcmp(info.format, "dl") && g->names && !strcmp(g->names[2], "Cy D") && g->ptr[4] == g->ptr[3],
	       "DL full matrix: labels (quoted, comma separated), weights, a loop, an isolated node");
	rs_graph_free(g);
	g = load(write_file("z.dat", "DL\nN=3 NM=2\nFORMAT = FULLMATRIX DIAGONAL PRESENT\nLEVEL LABELS:\nE\nC\nDATA:\n"
				     "0 1 0\n1 0 1\n0 1 0\n0 3 0\n3 0 2\n0 2 0\n"),
		 NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 2 && g->val == NULL && info.dl_matrices == 2,
	       "DL of two matrices (UCINET's zachary.dat): the first read, found by its 'DL' line");
	rs_graph_free(g);
	g = load(write_file("e.dl", "dl n=4 format=edgelist1\nlabels embedded:\ndata:\nann bob 1\nbob cy 2.5\ncy \"d d\"\n"),
		 NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && weight(g, 1, 2) == 2.5 && !info.symmetrized &&
		       !strcmp(g->names[3], "d d"),
	       "DL edge list with embedded labels, an optional weight");
	rs_graph_free(g);
	g = load(write_file("n.dl", "dl n=5 format=nodelist1\ndata:\n1 2 3\n2 3\n4 5\n"), NULL, &info);
	tap_ok(g && g->n == 5 && rs_graph_edges(g) == 4 && g->names == NULL, "DL node list, ids from 1");
	rs_graph_free(g);
	g = load(write_file("l.dl", "DL N = 4 FORMAT = LOWERHALF DIAGONAL ABSENT\nDATA:\n1\n1 1\n0 0 1\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 4 && weight(g, 3, 2) == 1 && weight(g, 3, 0) == 0 && g->loops == 0,
	       "DL lower half without its diagonal");
	rs_graph_free(g);
	g = load(write_file("m.dl", "DL N=3 FORMAT=FULLMATRIX\nLABELS EMBEDDED\nDATA:\n   x y z\nx  0 1 0\ny  1 0 1\nz  0 1 0\n"),
		 NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 2 && !strcmp(g->names[1], "y"), "DL full matrix with embedded labels");
	rs_graph_free(g);
	g = load(write_file("t.dl", "dl nr=2, nc=3\nrow labels:\nw1 w2\ncol labels:\ne1 e2 e3\ndata:\n1 1 0\n0 1 1\n"),
		 NULL, &info);
	tap_ok(g && g->bipartite && g->n == 2 && g->m == 3 && g->nnz == 4 && !strcmp(g->cnames[2], "e3") &&
		       !strcmp(g->names[0], "w1"),
	       "DL two-mode matrix: a bipartite graph, row and column labels");
	rs_graph_free(g);
	{
		rs_err e = {0};
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = rs_graph_load(write_file("b1.dl", "dl n=3\nlabels:\na b\ndata:\n0 1 0\n1 0 1\n0 1 0\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "b1.dl:4: 3 node labels announced, 2 found"), "DL: too few labels (%s)",
		       e.msg);
		g = rs_graph_load(write_file("b2.dl", "dl n=3\ndata:\n0 1 0\n1 0 x\n0 1 0\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "b2.dl:4: 'x' (row 2, column 3) is not a number"), "DL: a word (%s)", e.msg);
		g = rs_graph_load(write_file("b3.dl", "dl n=2\ndata:\n0 1\n1 0\n1\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "more data than the 2 x 2 matrix holds"), "DL: data left over (%s)", e.msg);
		g = rs_graph_load(write_file("b4.dl", "dl n=3 format=edgelist1 nm=2\ndata:\n1 2\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "NM = 2: 2 lists"), "DL: lists of several relations refused (%s)", e.msg);
	}
	g = load(write_file("dl.txt", "dl x\nx y\n"), NULL, &info);
	tap_ok(g && !strcmp(info.format, "edges") && g->n == 3, "an edge list whose first node is named dl stays one");
	rs_graph_free(g);
	/* Cytoscape's SIF */
	g = load(write_file("t.sif", "a\tpp\tb c\td\nb c\tpd\ta\ne\n"), NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 2 && info.merged == 1 && !strcmp(g->names[1], "b c") &&
		       !strcmp(g->names[3], "e") && g->ptr[4] == g->ptr[3],
	       "SIF: tabs make blanks part of names, a pair given twice merged, a node alone kept");
	rs_graph_free(g);
	{
		rs_err e = {0};
		rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = rs_graph_load(write_file("u.sif", "a pp b\nc pd\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "u.sif:2: 'c pd': a node and a relation without a target"),
		       "SIF: a relation without a target (%s)", e.msg);
		g = rs_graph_load(write_file("u.txt", "a pp b c\n1 pd 2\n"), &lo, &info, &e);
		tap_ok(g && rs_graph_edges(g) == 3 && !strcmp(info.format, "sif"),
		       "SIF found by its shape: a few words between the nodes, never a node themselves");
		rs_graph_free(g);
		g = rs_graph_load(write_file("u2.txt", "alice bob 1\ncarol bob 2\n"), &lo, &info, &e);
		tap_ok(g && rs_graph_edges(g) == 2 && !strcmp(info.format, "edges") && g->val,
		       "... but 'alice bob 1 / carol bob 2' is a weighted edge list");
		rs_graph_free(g);
		g = rs_graph_load(write_file("u3.txt", "a pp b\nb pp pp\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "'format sif'"),
		       "a relation that is also a node: an edge list, whose error says 'format sif' (%s)", e.msg);
	}
	/* dense adjacency matrices, by their shape */
	g = load(write_file("m.csv", ",a,b,c,d\na,0,2.5,1,0\nb,2.5,0,0,0\nc,1,0,1,0\nd,0,0,0,0\n"), NULL, &info);
	tap_ok(g && g->n == 4 && rs_graph_edges(g) == 3 && g->loops == 1 && !strcmp(info.format, "matrix") &&
		       !info.symmetrized && info.merged == 0 && weight(g, 0, 1) == 2.5 && weight(g, 2, 2) == 1 &&
		       g->names && !strcmp(g->names[3], "d") && g->ptr[4] == g->ptr[3],
	       "a named symmetric matrix (pandas' to_csv): each edge once, a loop, an isolated node, names");
	rs_graph_free(g);
	{
		rs_load_opts fm = {RS_GF_MATRIX, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		/* rows cy, ann, bob: cy-ann and cy-bob, symmetric once the rows are matched to the columns */
		const char *rc = "\"\",\"ann\",\"bob\",\"cy\"\n\"cy\",1,1,0\n\"ann\",0,0,1\n\"bob\",0,0,1\n";
		g = load(write_file("m2.csv", rc), NULL, &info);
		tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && !info.symmetrized && weight(g, 0, 2) == 1 &&
			       weight(g, 1, 2) == 1 && weight(g, 0, 1) == 0 && !strcmp(g->names[2], "cy") &&
			       !strcmp(info.format, "matrix"),
		       "rows named in another order (R's write.csv, quoted) matched to the columns");
		rs_graph_free(g);
		g = load(write_file("dir.txt", "0 1 0\n0 0 1\n1 1 0\n"), &fm, &info);
		tap_ok(g && g->n == 3 && rs_graph_edges(g) == 3 && info.symmetrized && info.merged == 1 &&
			       g->names == NULL,
		       "format matrix: an asymmetric one is made undirected, the pair listed both ways merged");
		rs_graph_free(g);
		fm.bipartite = 1;
		g = load(write_file("sq.csv", ",x,y\nx,1,0\ny,1,1\n"), &fm, &info);
		tap_ok(g && g->bipartite && g->n == 2 && g->m == 2 && g->nnz == 3 && g->cnames &&
			       !strcmp(g->cnames[1], "y"),
		       "format matrix bipartite: a square matrix as a biadjacency");
		rs_graph_free(g);
	}
	g = load(write_file("davis.csv", ",E1,E2,E3\nEvelyn,1,1,0\nLaura,1,0,1\n"), NULL, &info);
	tap_ok(g && g->bipartite && g->n == 2 && g->m == 3 && g->nnz == 4 && !strcmp(g->names[1], "Laura") &&
		       !strcmp(g->cnames[2], "E3") && !strcmp(info.format, "matrix"),
	       "a rectangular matrix of named rows and columns: a bipartite graph");
	rs_graph_free(g);
	g = load(write_file("np.txt", "0.000000000000000000e+00 5.000000000000000000e-01 1.000000000000000000e+00\n"
				      "5.000000000000000000e-01 0.000000000000000000e+00 0.000000000000000000e+00\n"
				      "1.000000000000000000e+00 0.000000000000000000e+00 0.000000000000000000e+00\n"),
		 NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 0.5 && g->names == NULL &&
		       !strcmp(info.format, "matrix"),
	       "numpy.savetxt's matrix, no names: the positions are the ids");
	rs_graph_free(g);
	g = load(write_file("semi.csv", "x;y;z\n0;0,5;1\n0,5;0;0\n1;0;0\n"), NULL, &info);
	tap_ok(g && g->n == 3 && weight(g, 0, 1) == 0.5 && !strcmp(g->names[2], "z") && !strcmp(info.format, "matrix"),
	       "a spreadsheet's matrix: semicolons, decimal commas, a line of names over the rows");
	rs_graph_free(g);
	g = load(write_file("ids.csv", ",1,2,3\n1,0,1,1\n2,1,0,0\n3,1,0,0\n"), NULL, &info);
	tap_ok(g && g->n == 3 && g->names == NULL && info.one_based && rs_graph_edges(g) == 2,
	       "a matrix named 1..n: the names are the ids, 1-based");
	rs_graph_free(g);
	g = load(write_file("tri.edges", "0 1 1\n1 2 1\n2 0 1\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 3 && !strcmp(info.format, "edges"), "a weighted triangle stays an edge list");
	rs_graph_free(g);
	/* three weighted edges whose first row is their first column: three
	 * edges, not a 3 x 3 matrix (found by peer_scores.py),
	 * under regspec's '# nodes' or, not symmetric, without it */
	g = load(write_file("e3.edges", "# nodes: 5\n0 1 1\n1 2 1\n1 4 1\n"), NULL, &info);
	tap_ok(g && g->n == 5 && rs_graph_edges(g) == 3 && !strcmp(info.format, "edges"),
	       "'0 1 1 / 1 2 1 / 1 4 1' under '# nodes: 5': an edge list");
	rs_graph_free(g);
	g = load(write_file("e3b.edges", "0 1 1\n1 2 1\n1 4 1\n"), NULL, &info);
	tap_ok(g && g->n == 5 && rs_graph_edges(g) == 3 && !strcmp(info.format, "edges"),
	       "... and without it: a 3 x 3 square that is not symmetric");
	rs_graph_free(g);
	g = load(write_file("m3.txt", "0 1 1\n1 0 2\n1 2 0\n"), NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 3 && weight(g, 1, 2) == 2 && !strcmp(info.format, "matrix"),
	       "a symmetric 3 x 3 square of numbers stays a matrix");
	rs_graph_free(g);
	g = load(write_file("st.csv", "source,target,weight\n0,1,1\n1,2,1\n1,0,1\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 2 && !strcmp(info.format, "edges"),
	       "an edge list under 'source,target,weight' whose first row is its first column stays one");
	rs_graph_free(g);
	g = load(write_file("pd.csv", ",source,target,weight\n0,1,2,1\n1,2,3,1\n2,3,1,1\n"), NULL, &info);
	tap_ok(g && rs_graph_edges(g) == 3 && !strcmp(info.format, "edges"), "pandas' edge list with its index stays one");
	rs_graph_free(g);
	{
		rs_err e = {0};
		rs_load_opts lo = {RS_GF_MATRIX, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = rs_graph_load(write_file("m3.csv", ",a,b\na,0,1\nb,1,0,1\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "m3.csv:3: 4 fields where the first row has 3"), "a long row (%s)", e.msg);
		g = rs_graph_load(write_file("m4.csv", ",a,b\na,0,1\na,1,0\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "m4.csv:3: the row name 'a' appears twice"), "a repeated row (%s)", e.msg);
		g = rs_graph_load(write_file("m5.csv", ",a,a\nx,0,1\ny,1,0\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "m5.csv:1: the column name 'a' appears twice"), "a repeated column (%s)",
		       e.msg);
		g = rs_graph_load(write_file("m6.csv", "0 1\n1 nan\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "m6.csv:2: nan (column 2): weights must be finite"), "NaN (%s)", e.msg);
		lo.weight_name = "w";
		g = rs_graph_load(write_file("m7.csv", "0 1\n1 0\n"), &lo, &info, &e);
		tap_ok(g == NULL && strstr(e.msg, "weights have no name"), "weight NAME on a matrix (%s)", e.msg);
	}
	{
		rs_load_opts fa = {RS_GF_ADJLIST, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		g = load(write_file("d.txt", "0 1 2 3\n1 2\n"), &fa, &info);
		tap_ok(g && g->n == 4 && rs_graph_edges(g) == 4, "format adjlist reads any file as an adjacency list");
		rs_graph_free(g);
		g = load(write_file("d.txt", "0 1 2 3\n1 2\n"), NULL, &info);
		tap_ok(g && rs_graph_edges(g) == 2 && weight(g, 0, 1) == 2 && info.extra_fields == 1,
		       "the same file as an edge list: a weighted edge, the fourth field counted for the note");
		rs_graph_free(g);
	}
	g = load(write_file("bom.csv", "\xef\xbb\xbfsource,target\nx,y\ny,z\n"), NULL, &info);
	tap_ok(g && g->n == 3 && info.header_skipped && rs_graph_edges(g) == 2,
	       "a UTF-8 byte-order mark before a CSV header is skipped");
	rs_graph_free(g);
	g = load(write_file("j.gml", "graph [ directed 1 node [ id 0 value 1 ] node [ id 1 value 0 ] node [ id 2 value 1 ]"
				     " edge [ source 0 target 1 ] edge [ source 1 target 0 ] edge [ source 2 target 1 ] ]\n"),
		 NULL, &info);
	tap_ok(g && g->n == 3 && rs_graph_edges(g) == 2 && info.symmetrized && info.labels &&
		       info.labels->y[0] == 1 && info.labels->nclass == 2,
	       "GML: directed arcs symmetrized, 'value' becomes labels");
	rs_labels_free(info.labels);
	rs_graph_free(g);
	/* the weights' edge attribute, by any of its names and cases */
	g = load(write_file("lm.gml", "graph [ node [ id 0 ] node [ id 1 ] node [ id 2 ]"
				      " edge [ source 0 target 1 value 3 ] edge [ source 1 target 2 value 1 ] ]\n"),
		 NULL, &info);
	tap_ok(g && info.weighted && weight(g, 0, 1) == 3 && !strcmp(info.weight_attr, "value"),
	       "GML edges' 'value' (Newman's files) are the weights");
	rs_graph_free(g);
	g = load(write_file("W.graphml",
			    "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
			    "<key id=\"d2\" for=\"edge\" attr.name=\"Weight\" attr.type=\"double\"/>\n"
			    "<graph edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>\n"
			    "<edge source=\"a\" target=\"b\"><data key=\"d2\">2.5</data></edge>"
			    "<edge source=\"b\" target=\"c\"><data key=\"d2\">1</data></edge></graph></graphml>\n"),
		 NULL, &info);
	tap_ok(g && info.weighted && weight(g, 0, 1) == 2.5 && !strcmp(info.weight_attr, "Weight"),
	       "GraphML's 'Weight' attribute (a capital W) gives the weights");
	rs_graph_free(g);
	/* gzip */
	char gz[256];
	snprintf(gz, sizeof gz, "%s/k.edges.gz", dir);
	gzFile z = gzopen(gz, "wb");
	gzputs(z, "# nodes: 5\n0 1\n1 2\n3 4\n");
	gzclose(z);
	g = load(gz, NULL, &info);
	tap_ok(g && g->n == 5 && rs_graph_edges(g) == 3, "gzip-compressed edge list");
	int32_t comp[5];
	rs_err e;
	tap_ok(g && rs_graph_components(g, comp, &e) == 2 && comp[0] == comp[2] && comp[3] != comp[0],
	       "connected components");
	/* Matrix Market written and read back */
	char mtx[256];
	snprintf(mtx, sizeof mtx, "%s/back.mtx", dir);
	tap_ok(g && rs_graph_save(g, mtx, &e) == 0, "save as Matrix Market");
	rs_graph *h = load(mtx, NULL, &info);
	tap_ok(h && h->n == 5 && h->nnz == g->nnz && memcmp(h->idx, g->idx, (size_t)g->nnz * 4) == 0,
	       "Matrix Market read back: the same graph");
	rs_graph_free(h);
	/* GraphML and GML written with names and classes, read back */
	{
		rs_graph *w = load(write_file("nm.csv", "source,target,weight\n\"caf\xc3\xa9 & <bar>\",b\"q,2.5\n"
							"b\"q,\xff\xfe,1\nd,d,3\n"),
				   NULL, &info);
		int32_t cls[4] = {1, 0, -1, 1}, clu[2] = {7, 8};
		char *cn[2] = {"red", "bl\xc3\xbc"};
		rs_node_attr at[2] = {{"class", cls, 4, cn, 2}, {"cluster", clu, 2, NULL, 0}};
		static const char *const ext[] = {"graphml", "gml", "json", "net"};
		for (int x = 0; x < 4; x++) {
			char path[300];
			snprintf(path, sizeof path, "%s/out.%s", dir, ext[x]);
			int ok = w && rs_graph_save_attrs(w, path, at, 2, &e) == 0;
			/* Pajek without asking: its 'class' vertex parameter is taken */
			rs_load_opts lo = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, x < 3 ? "class" : NULL, RS_IDS_AUTO, NULL, NULL};
			rs_graph *r = ok ? load(path, &lo, &info) : NULL;
			ok = ok && r && r->n == 4 && rs_graph_edges(r) == 3 && r->loops == 1 && r->names &&
			     !strcmp(r->names[0], "caf\xc3\xa9 & <bar>") && !strcmp(r->names[1], x < 3 ? "b\"q" : "b'q") &&
			     !strcmp(r->names[2], "\xef\xbf\xbd\xef\xbf\xbd") && weight(r, 0, 1) == 2.5 && weight(r, 3, 3) == 3;
			ok = ok && info.labels && info.labels->nclass == 2 && info.labels->y[2] == -1 &&
			     info.labels->y[0] == info.labels->y[3] && info.labels->y[0] != info.labels->y[1];
			tap_ok(ok, "%s written (names with markup, a byte that is not UTF-8, classes by name, a loop) "
				   "and read back%s",
			       ext[x], x == 3 ? " (a quote in a Pajek name as a single one)" : "");
			rs_labels_free(info.labels);
			rs_graph_free(r);
			lo.label_attr = "cluster";
			r = load(path, &lo, &info);
			tap_ok(r && info.labels && info.labels->y[0] == 7 && info.labels->y[1] == 8 &&
				       info.labels->y[2] == -1 && info.labels->labelled == 2,
			       "%s: the clusters as a numbered attribute, nodes past them without one", ext[x]);
			rs_labels_free(info.labels);
			rs_graph_free(r);
		}
		rs_graph_free(w);
		rs_graph *b = load(write_file("bp.biedges", "# rows: 2 cols: 3 nnz: 3\n0 0\n0 2 2\n1 1\n"), NULL, &info);
		char path[300];
		snprintf(path, sizeof path, "%s/bp.graphml", dir);
		rs_graph *r = b && rs_graph_save(b, path, &e) == 0 ? load(path, NULL, &info) : NULL;
		tap_ok(r && r->n == 5 && rs_graph_edges(r) == 3 && weight(r, 0, 4) == 2,
		       "a bipartite graph as GraphML: rows then columns, one graph");
		rs_graph_free(r);
		snprintf(path, sizeof path, "%s/bp.net", dir);
		r = b && rs_graph_save(b, path, &e) == 0 ? load(path, NULL, &info) : NULL;
		tap_ok(r && r->bipartite && r->n == 2 && r->m == 3 && r->nnz == 3 && weight(r, 0, 2) == 2 && info.two_mode == 2,
		       "a bipartite graph as Pajek: a two-mode network, read back as the same bipartite graph");
		rs_graph_free(r);
		rs_graph_free(b);
		r = load(write_file("ent.gml", "graph [ node [ id 0 label \"Zo&#235;\" ] node [ id 1 label \"&#x5317;&#0;&#99999999;\" ]"
					      " edge [ source 0 target 1 ] ]\n"),
			 NULL, &info);
		tap_ok(r && r->names && !strcmp(r->names[0], "Zo\xc3\xab") && !strcmp(r->names[1], "\xe5\x8c\x97&#0;&#99999999;"),
		       "GML: numeric character references in names decoded (networkx writes them), bad ones kept");
		rs_graph_free(r);
	}
	/* UTF-16 text, either byte order, reads as UTF-8 (a pair of surrogates
	 * one character, a lone one U+FFFD); an odd byte count is an error */
	{
		static const char le[] = "\xff\xfe" "a\0 \0b\0\n\0" "b\0 \0=\xd8\x00\xde\n\0" "\x00\xd8 \0a\0\n\0";
		static const char be[] = "\xfe\xff" "\0a\0 \0\xe9\0\n";
		rs_load_opts def = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
		const char *path = write_bytes("u.edges", le, sizeof le - 1);
		h = rs_graph_load(path, &def, &info, &e);
		tap_ok(h && h->n == 4 && h->names && !strcmp(h->names[2], "\xf0\x9f\x98\x80") &&
			       !strcmp(h->names[3], "\xef\xbf\xbd"),
		       "UTF-16LE text loads as UTF-8: %s", h ? "3 names" : e.msg);
		rs_graph_free(h);
		h = rs_graph_load(write_bytes("u.edges", be, sizeof be - 1), &def, &info, &e);
		tap_ok(h && h->n == 2 && h->names && !strcmp(h->names[1], "\xc3\xa9"), "UTF-16BE text loads as UTF-8: %s",
		       h ? "2 names" : e.msg);
		rs_graph_free(h);
		/* without a byte-order mark (Python's 'utf-16-le'), told by its
		 * first characters: ASCII with every other byte NUL */
		static const char nobom[] = "a\0 \0b\0\n\0b\0 \0c\0\n\0";
		h = rs_graph_load(write_bytes("u.edges", nobom, sizeof nobom - 1), &def, &info, &e);
		tap_ok(h && h->n == 3 && h->names && !strcmp(h->names[2], "c"), "UTF-16LE text without a byte-order mark: %s",
		       h ? "3 names" : e.msg);
		rs_graph_free(h);
		h = rs_graph_load(write_bytes("u.edges", be, sizeof be - 2), &def, &info, &e);
		tap_ok(h == NULL && strstr(e.msg, "u.edges: UTF-16 text of an odd number of bytes (cut short?)"),
		       "UTF-16 text of an odd length: %s", h ? "loaded" : e.msg);
		rs_graph_free(h);
	}
	/* other compressions are named, not called binary data: bzip2 and xz
	 * go to their programs, which refuse these cut-short heads (or, not
	 * installed, are named) */
	{
		static const char *const heads[][2] = {{"BZh91AY&SY", "bzip2 "},
						       {"\xfd" "7zXZ", "xz "}, /* + NUL below */
						       {"PK\x03\x04", "a zip archive"}};
		for (int t = 0; t < 3; t++) {
			rs_load_opts def = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
			const char *path = write_file("c.edges", heads[t][0]);
			if (t == 1) {
				FILE *f = fopen(path, "a");
				fputc('\0', f);
				fclose(f);
			}
			h = rs_graph_load(path, &def, &info, &e);
			int told = h == NULL && (t == 2 ? strstr(e.msg, heads[t][1]) != NULL
						     : (strstr(e.msg, heads[t][1]) != NULL &&
							(strstr(e.msg, "could not decompress it") || strstr(e.msg, "-compressed, and no"))));
			tap_ok(told, "a file that is %s says so: %s", t == 2 ? heads[t][1] : t ? "xz" : "bzip2",
			       h ? "loaded" : e.msg);
			rs_graph_free(h);
		}
		h = load(write_file("c.edges", "BZh91 a\na b\n"), NULL, &info);
		tap_ok(h && h->n == 3, "a text file starting 'BZh91' is text");
		rs_graph_free(h);
	}
	/* .csv and .tsv names: that separator and a header line, read back */
	const char *seps[2] = {"csv", "tsv"};
	for (int t = 0; t < 2; t++) {
		char path[256], line[64] = "";
		snprintf(path, sizeof path, "%s/back.%s", dir, seps[t]);
		tap_ok(g && rs_graph_save(g, path, &e) == 0, "save as %s", seps[t]);
		FILE *f = fopen(path, "r");
		while (f && fgets(line, sizeof line, f) && line[0] == '#')
			;
		int header = !strcmp(line, t ? "source\ttarget\n" : "source,target\n");
		if (f && fgets(line, sizeof line, f) == NULL)
			line[0] = '\0';
		if (f)
			fclose(f);
		h = load(path, NULL, &info);
		tap_ok(header && strchr(line, t ? '\t' : ',') && h && h->n == 5 && h->nnz == g->nnz &&
			       memcmp(h->idx, g->idx, (size_t)g->nnz * 4) == 0,
		       "%s: a header line, the separator, and the same graph read back", seps[t]);
		rs_graph_free(h);
	}
	rs_graph_free(g);
	/* labels */
	g = load(write_file("l.edges", "# nodes: 4\n0 1\n2 3\n"), NULL, &info);
	rs_labels *L = rs_labels_read(write_file("l.labels", "red\nblue\n\nred\n"), g, &e);
	tap_ok(L && L->nclass == 2 && L->y[2] == -1 && L->y[3] == 0 && L->labelled == 3,
	       "string labels, an empty line unlabelled");
	rs_labels_free(L);
	L = rs_labels_read(write_file("m.labels", "0\n1\n"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "2 labels for 4 nodes"), "a label file that does not match: %s", e.msg);
	L = rs_labels_read(write_file("n.labels", "3 1\n0 0\n"), g, &e);
	tap_ok(L && L->y[3] == 1 && L->y[1] == -1, "'node label' pairs");
	rs_labels_free(L);
	L = rs_labels_read(write_file("h.csv", "node,label\r\n3,1\r\n\"0\" , 0\r\n"), g, &e);
	tap_ok(L && L->y[3] == 1 && L->y[0] == 0 && L->labelled == 2, "CSV pairs with a header line and quotes");
	rs_labels_free(L);
	L = rs_labels_read(write_file("h1.labels", "Class\nred\nblue\n\nred\n"), g, &e);
	tap_ok(L && L->nclass == 2 && L->labelled == 3 && L->y[0] == L->y[3], "one label a line under a header");
	rs_labels_free(L);
	L = rs_labels_read(write_file("w.csv", "community\n2\n2\n\n5\n"), g, &e);
	tap_ok(L && L->labelled == 3 && L->y[0] == 2 && L->y[3] == 5 && L->y[2] == -1,
	       "a lone word over one label a node (pandas' Series.to_csv): a column's name");
	rs_labels_free(L);
	L = rs_labels_read(write_file("w2.csv", "red\n2\n2\n5\n"), g, &e);
	tap_ok(L && L->labelled == 4 && L->nclass == 3, "... but a word among as many lines as nodes is a label");
	rs_labels_free(L);
	/* SNAP's ground-truth communities: one a line, its members; a node in
	 * two is unlabelled, a node in none too */
	{
		rs_graph *c = load(write_file("c.edges", "# nodes: 7\n0 1\n1 2\n3 4\n4 5\n2 3\n"), NULL, &info);
		L = rs_labels_read(write_file("c.cmty.txt", "# top communities\n3\t4\t5\t2\n0\t1\t2\n\n5\n"), c, &e);
		tap_ok(L && L->communities == 3 && L->in_several == 2 && L->y[3] == 0 && L->y[5] == -1 && L->y[0] == 1 &&
			       L->y[2] == -1 && L->y[6] == -1 && L->labelled == 4 && L->nclass == 2,
		       "community lists (SNAP's .cmty.txt): a class each, nodes in two and one in none unlabelled");
		rs_labels_free(L);
		L = rs_labels_read(write_file("c.txt", "3 4 5\n0 1 2\n"), c, &e);
		tap_ok(L == NULL && strstr(e.msg, "3 fields: a table of labels needs a header"),
		       "... lines all as long, under a name that does not say 'cmty': a table, not communities");
		L = rs_labels_read(write_file("equal.cmty", "3 4 5\n0 1 2\n"), c, &e);
		tap_ok(L && L->communities == 2 && L->labelled == 6, "... unless the name says so");
		rs_labels_free(L);
		L = rs_labels_read(write_file("c2.cmty", "3 4 5\n0 1 9\n"), c, &e);
		tap_ok(L == NULL && strstr(e.msg, "c2.cmty:2: '9' is not a node of the graph"),
		       "... a field that is no node: a located error (%s)", e.msg);
		L = rs_labels_read(write_file("c2.txt", "3 4 5\n0 1 2 9\n"), c, &e);
		tap_ok(L == NULL && strstr(e.msg, "3 fields: a table of labels needs a header"),
		       "... and under another name, not communities: the table's error (%s)", e.msg);
		L = rs_labels_read(write_file("c3.txt", "3 4\n0 1\n"), c, &e);
		tap_ok(L && L->communities == 0 && L->y[3] == 4 && L->y[0] == 1,
		       "... two fields a line are 'node label' pairs, not communities");
		rs_labels_free(L);
		rs_graph_free(c);
		c = load(write_file("cn.csv", "a,b\nb,c\nc,d\n"), NULL, &info);
		L = rs_labels_read(write_file("cn.cmty", "a b c\nd\n"), c, &e);
		tap_ok(L && L->communities == 2 && L->y[0] == 0 && L->y[3] == 1 && L->labelled == 4,
		       "community lists naming the nodes by name, a community of one");
		rs_labels_free(L);
		rs_graph_free(c);
	}
	/* JSON: a partition as json.dump writes a dict, a list of classes */
	L = rs_labels_read(write_file("j.json", "\xef\xbb\xbf{\"3\": 1, \"0\": 0,\n \"2\": null}"), g, &e);
	tap_ok(L && L->y[3] == 1 && L->y[0] == 0 && L->y[2] == -1 && L->y[1] == -1 && L->labelled == 2,
	       "JSON {node: class}: null unlabelled, a node left out unlabelled");
	rs_labels_free(L);
	L = rs_labels_read(write_file("j2.json", "[\"red\", \"blu\\u00e9\", null, \"red\"]\n"), g, &e);
	tap_ok(L && L->nclass == 2 && L->y[0] == L->y[3] && L->y[2] == -1 && L->class_names &&
		       !strcmp(L->class_names[L->y[1]], "blu\xc3\xa9"),
	       "JSON [class, ...]: string classes, a \\u escape as UTF-8");
	rs_labels_free(L);
	L = rs_labels_read(write_file("j3.json", "{\"0\": 1,\n \"1\": 0,\n \"7\": 1}"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "j3.json:3: node '7' is not in the graph"),
	       "JSON: an unknown node, at its line of the JSON (%s)", e.msg);
	L = rs_labels_read(write_file("j4.json", "{\"0\": {\"club\": 1}}"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "j4.json:1: a class is an object or a list"), "JSON: a nested value (%s)",
	       e.msg);
	L = rs_labels_read(write_file("j5.json", "[0, 1, 0, 1"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "j5.json:1: a ',' or ']' is missing"), "JSON cut short (%s)", e.msg);
	L = rs_labels_read(write_file("j6.json", "[0, 1]"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "2 labels for 4 nodes"), "a JSON list too short (%s)", e.msg);
	/* communities as networkx gives them to json.dump: a list of lists */
	L = rs_labels_read(write_file("jc.json", "[[0, 3],\n [\"1\"], []]"), g, &e);
	tap_ok(L && L->y[0] == 0 && L->y[3] == 0 && L->y[1] == 1 && L->y[2] == -1 && L->labelled == 3,
	       "JSON communities [[node, ...], ...]: the k-th list's nodes in class k, a node in none unlabelled");
	rs_labels_free(L);
	L = rs_labels_read(write_file("jc2.json", "[[0, 3],\n [3, 1]]"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "jc2.json:2: node '3' was given a label on line 1 already"),
	       "... a node in two: an error at both JSON lines (%s)", e.msg);
	L = rs_labels_read(write_file("jc3.json", "[[0, 3], 1]"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "jc3.json:1: a community is not a list of nodes"),
	       "... a community that is no list (%s)", e.msg);
	/* Pajek's partition (.clu) and Infomap's (.clu, commented header) */
	L = rs_labels_read(write_file("p.clu", "*Vertices 4\r\n1\r\n2\r\n 2\r\n1\r\n"), g, &e);
	tap_ok(L && L->y[0] == 1 && L->y[1] == 2 && L->y[2] == 2 && L->y[3] == 1 && L->labelled == 4,
	       "Pajek partition: '*Vertices N', then a class a line");
	rs_labels_free(L);
	L = rs_labels_read(write_file("p5.clu", "*Vertices 5\n1\n2\n2\n1\n1\n"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "p5.clu:1: a Pajek partition of 5 nodes for a graph of 4"),
	       "... of another size: an error (%s)", e.msg);
	L = rs_labels_read(write_file("im.clu", "# v2.7.1\n# module level 1\n# node_id module flow\n"
					     "0 1 0.3\n1 1 0.2\n3 2 0.25\n2 2 0.25\n"), g, &e);
	tap_ok(L && L->y[0] == 1 && L->y[1] == 1 && L->y[3] == 2 && L->y[2] == 2 && L->labelled == 4,
	       "Infomap's .clu: its commented 'node_id module flow' names the columns");
	rs_labels_free(L);
	/* R's write.table: a quoted column name over quoted row names and
	 * values, blank-separated (it was one label a line, each line a class) */
	L = rs_labels_read(write_file("r.txt", "\"x\"\n\"0\" 1\n\"1\" \"a b\"\n\"2\" 1\n\"3\" \"say \\\"hi\\\"\"\n"),
			   g, &e);
	tap_ok(L && L->labelled == 4 && L->nclass == 3 && L->y[0] == L->y[2] && L->class_names &&
		       !strcmp(L->class_names[L->y[1]], "a b") && !strcmp(L->class_names[L->y[3]], "say \"hi\""),
	       "R's write.table: a quoted name over quoted 'node label' pairs, blanks and \\\" inside quotes");
	rs_labels_free(L);
	/* numpy.savetxt's default format, and its nan */
	L = rs_labels_read(write_file("np.txt", "0.000000000000000000e+00\n1.000000000000000000e+00\nnan\n"
					     "2.5\n"), g, &e);
	tap_ok(L && L->y[2] == -1 && L->labelled == 3 && L->nclass == 3 && L->class_names &&
		       !strcmp(L->class_names[L->y[1]], "1") && !strcmp(L->class_names[L->y[3]], "2.5"),
	       "whole numbers written as reals are those integers, nan unlabelled, 2.5 a name");
	rs_labels_free(L);
	L = rs_labels_read(write_file("np2.txt", "0.000000000000000000e+00\n1.000000000000000000e+00\n"
					      "-1.000000000000000000e+00\n7.0\n"), g, &e);
	tap_ok(L && L->y[0] == 0 && L->y[1] == 1 && L->y[2] == -1 && L->y[3] == 7 && L->class_names == NULL,
	       "... all of them: integer classes keeping their values");
	rs_labels_free(L);
	L = rs_labels_read(write_file("o.labels", "9 1\n0 0\n"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "o.labels:1: node '9' is not in the graph"),
	       "pairs naming an unknown node first: an error, not a header: %s", e.msg);
	L = rs_labels_read(write_file("p.labels", "name,party\n3,R\n0,D\n"), g, &e);
	tap_ok(L && L->labelled == 2 && L->nclass == 2 && L->y[1] == -1,
	       "'name,party' over pairs naming nodes: a header");
	rs_labels_free(L);
	L = rs_labels_read(write_file("d.labels", "0 a\n2 b\n0 b\n"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "d.labels:3: node '0' was given a label on line 1 already"),
	       "a node labelled twice: %s", e.msg);
	L = rs_labels_read(write_file("b1.labels", "1 a\n2 a\n3 b\n4 b\n"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "b1.labels:4: node '4'") && strstr(e.msg, "1-based?"),
	       "pairs numbered from 1: the error asks: %s", e.msg);
	/* numbers and names mixed: all are names (found by the labels fuzzer: the
	 * names used to fold into the numbered classes, past the names array) */
	L = rs_labels_read(write_file("p.labels", "0\nfoo\n1\n0\n"), g, &e);
	tap_ok(L && L->nclass == 3 && L->class_names && L->y[0] == L->y[3] && L->y[0] != L->y[1] &&
		       L->y[1] != L->y[2] && !strcmp(L->class_names[L->y[1]], "foo") &&
		       !strcmp(L->class_names[L->y[2]], "1") && rs_labels_read_names(L, write_file("q.names", "0 a\n7 b\n"), &e) == 0,
	       "numbers mixed with names are names too; class names read over them");
	rs_labels_free(L);
	/* tables under a header: Gephi's node table, a column by name */
	L = rs_labels_read(write_file("gephi-nodes.csv", "Id,Label,modularity_class,age\n3,Dee,0,22\n"
							 "0,Ann,1,30\n1,\"Bob, Jr\",1,31\n"),
			   g, &e);
	tap_ok(L && L->labelled == 3 && L->y[3] == 0 && L->y[0] == 1 && L->y[1] == 1 && L->y[2] == -1,
	       "Gephi node table: the labels from modularity_class, nodes by Id");
	rs_labels_free(L);
	L = rs_labels_read_column(write_file("t2.csv", "name,x,group\n0,a,p\n1,b,q\n2,c,p\n3,d,q\n"), g,
				  "x", &e);
	tap_ok(L && L->nclass == 4 && L->labelled == 4, "'column x' picks the column");
	rs_labels_free(L);
	L = rs_labels_read(write_file("t3.csv", "id,class,community\n0,a,p\n"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "t3.csv:1: which column") && strstr(e.msg, "id, class, community"),
	       "two class words: an error asking which, with the columns");
	L = rs_labels_read(write_file("t4.txt", "0 1 2\n1 1 2\n"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "t4.txt:1: 3 fields: a table of labels needs a header"),
	       "three fields without a header: file:line and why");
	L = rs_labels_read(write_file("t5.csv", "id,x,group\n0,a,p\n1,b\n"), g, &e);
	tap_ok(L == NULL && strstr(e.msg, "t5.csv:3: 2 fields where the header has 3"),
	       "a row shorter than its header: file:line");
	/* a named graph of 20000 nodes: 'name label' pairs are found by hash */
	{
		size_t cap = 20000 * 24, len = 0;
		char *text = malloc(cap), *lab = malloc(cap);
		size_t ll = 0;
		for (int i = 0; i < 20000; i++) {
			len += (size_t)snprintf(text + len, cap - len, "n%d n%d\n", i, (i + 1) % 20000);
			ll += (size_t)snprintf(lab + ll, cap - ll, "n%d c%d\n", 19999 - i, i % 7);
		}
		rs_graph *big = load(write_file("big.edges", text), NULL, &info);
		L = big ? rs_labels_read(write_file("big.labels", lab), big, &e) : NULL;
		tap_ok(L && L->nclass == 7 && L->labelled == 20000 && big->names &&
			       !strcmp(big->names[0], "n0") && !strcmp(L->class_names[L->y[0]], "c0"),
		       "20000 named nodes labelled by name");
		rs_labels_free(L);
		rs_graph_free(big);
		free(text);
		free(lab);
	}
	/* noise */
	tap_ok(rs_graph_add_noise(g, 2, &e) == 0 && g->n == 6 && g->orig_n == 4 && g->loops == 2 &&
		       g->deg[5] == 1,
	       "noise appends isolated nodes with a self-loop");
	rs_graph_free(g);
}

/* rs_graph_keep and rs_labels_subset: the subgraph of a component, with
 * its names, weights and labels; a bipartite one; noise left out. */
static void subgraphs(void)
{
	rs_load_info info;
	rs_err e = {0};
	/* a weighted triangle with a loop, a separate edge, a lone node */
	rs_graph *g = load(write_file("sub.edges", "a b 2\nb c 1\nc a 3\nc c 1\nd e 5\n"), NULL, &info);
	rs_labels *L = g ? rs_labels_read(write_file("sub.labels", "a x\nb x\nc y\nd z\ne z\n"), g, &e)
			 : NULL;
	if (g == NULL || L == NULL) {
		tap_ok(0, "subgraph fixtures load");
		rs_labels_free(L);
		rs_graph_free(g);
		return;
	}
	rs_graph_add_noise(g, 1, &e); /* node 5 */
	unsigned char keep[6] = {1, 1, 1, 0, 0, 0};
	int32_t *old = NULL;
	rs_graph *h = rs_graph_keep(g, keep, &old, &e);
	rs_labels *S = h ? rs_labels_subset(L, old, h->n, &e) : NULL;
	tap_ok(h && h->n == 3 && rs_graph_edges(h) == 4 && h->loops == 1 && weight(h, 0, 2) == 3 &&
		       weight(h, 2, 0) == 3 && weight(h, 2, 2) == 1 && h->total == 2 * (2 + 1 + 3) + 1 &&
		       h->orig_n == 3 && !strcmp(h->names[2], "c") && old[2] == 2,
	       "rs_graph_keep: the triangle with its weights, loop and names");
	tap_ok(S && S->n == 3 && S->nclass == 2 && S->labelled == 3 && S->y[2] == 1 &&
		       !strcmp(S->class_names[1], "y"),
	       "rs_labels_subset: the classes left (z dropped), names kept");
	rs_labels_free(S);
	rs_graph_free(h);
	free(old);
	unsigned char keep2[6] = {0, 0, 0, 1, 1, 1};
	h = rs_graph_keep(g, keep2, &old, &e);
	S = h ? rs_labels_subset(L, old, h->n, &e) : NULL;
	tap_ok(h && h->n == 3 && h->orig_n == 2 && h->loops == 1 && S && S->n == 2 && S->nclass == 1 &&
		       !strcmp(S->class_names[0], "z"),
	       "rs_graph_keep: a noise node stays noise, past the labels");
	rs_labels_free(S);
	rs_graph_free(h);
	free(old);
	rs_labels_free(L);
	rs_graph_free(g);
	/* numbered classes that must be renumbered are named by their numbers */
	int32_t y[4] = {0, 2, 2, -1};
	L = rs_labels_from_ints(y, 4, &e);
	int32_t pick[3] = {1, 2, 3};
	S = L ? rs_labels_subset(L, pick, 3, &e) : NULL;
	tap_ok(S && S->nclass == 1 && S->y[0] == 0 && S->y[2] == -1 && S->labelled == 2 &&
		       S->class_names && !strcmp(S->class_names[0], "2"),
	       "rs_labels_subset: numbered classes renumbered keep their numbers as names");
	rs_labels_free(S);
	rs_labels_free(L);
	/* bipartite: rows 0-1 with columns 0-1, row 2 with column 2 */
	rs_load_opts bo = {RS_GF_AUTO, 1, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	g = load(write_file("sub.biedges", "0 0\n0 1 2\n1 1\n2 2\n"), &bo, &info);
	if (g == NULL || !g->bipartite) {
		tap_ok(0, "bipartite subgraph fixture loads");
		rs_graph_free(g);
		return;
	}
	unsigned char keep3[6] = {1, 1, 0, 1, 1, 0};
	h = rs_graph_keep(g, keep3, &old, &e);
	tap_ok(h && h->bipartite && h->n == 2 && h->m == 2 && rs_graph_edges(h) == 3 && h->tptr &&
		       h->cdeg && h->cdeg[1] == 3 && old[2] == 3 && old[3] == 4,
	       "rs_graph_keep on a bipartite graph: rows and columns, the transpose");
	rs_graph_free(h);
	free(old);
	rs_graph_free(g);
}

static void sbm_stats(void)
{
	long sizes[4] = {300, 300, 200, 200};
	double P[16];
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++)
			P[a * 4 + b] = a == b ? 0.1 : 0.01;
	rs_err e;
	rs_labels *L = NULL;
	rs_graph *g = rs_sbm(sizes, 4, P, 0, 42, &L, &e);
	double expect = 0, var = 0;
	for (int a = 0; a < 4; a++)
		for (int b = a; b < 4; b++) {
			double pairs = a == b ? sizes[a] * (sizes[a] - 1) / 2.0 : (double)sizes[a] * sizes[b];
			expect += pairs * P[a * 4 + b];
			var += pairs * P[a * 4 + b] * (1 - P[a * 4 + b]);
		}
	double got = (double)rs_graph_edges(g);
	tap_ok(fabs(got - expect) < 5 * sqrt(var), "SBM edge count %g within 5 sd of %g", got, expect);
	/* density inside block 0 and between blocks 0 and 1 */
	double in = 0, out = 0;
	for (long i = 0; i < 300; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			in += g->idx[p] < 300;
			out += g->idx[p] >= 300 && g->idx[p] < 600;
		}
	double din = in / (300.0 * 299), dout = out / (300.0 * 300);
	tap_ok(fabs(din - 0.1) < 5 * sqrt(0.1 * 0.9 / (300.0 * 299 / 2)) &&
		       fabs(dout - 0.01) < 5 * sqrt(0.01 * 0.99 / 90000.0),
	       "SBM block densities %.4f and %.4f", din, dout);
	tap_ok(L && L->nclass == 4 && L->y[299] == 0 && L->y[300] == 1, "SBM labels are the blocks");
	reorder_check("SBM", g, 700);
	rs_labels *L2 = NULL;
	rs_graph *g2 = rs_sbm(sizes, 4, P, 0, 42, &L2, &e);
	tap_ok(g2->nnz == g->nnz && memcmp(g2->idx, g->idx, (size_t)g->nnz * 4) == 0, "same seed, same graph");
	rs_graph_free(g2);
	rs_labels_free(L2);
	g2 = rs_sbm(sizes, 4, P, 1, 43, NULL, &e);
	tap_ok(g2->nnz != g->nnz || memcmp(g2->idx, g->idx, (size_t)g->nnz * 4) != 0, "another seed, another graph");
	tap_ok(g2->loops == 1000, "loops: a self-loop on every node");
	rs_graph_free(g2);
	rs_graph_free(g);
	rs_labels_free(L);
}

/* The planted partition past RS_SBM_PAIRWISE_MAX blocks: drawn in one pass
 * between blocks, with the counts and densities of the model; up to it,
 * the very graph of rs_sbm's matrix. */
static void sbm_planted(void)
{
	enum { K = 1500, N = 3 * K };
	long sizes[K];
	for (int a = 0; a < K; a++)
		sizes[a] = 3;
	rs_err e = {0};
	rs_labels *L = NULL;
	rs_graph *g = rs_sbm_planted(sizes, K, 0.5, 0.01, 0, 42, &L, &e);
	tap_ok(g != NULL && g->n == N && L && L->nclass == K, "planted, %d blocks of 3: %s", K,
	       g ? "generated" : e.msg);
	if (g == NULL)
		return;
	double in = 0, out = 0, low = 0, bad = 0;
	for (long i = 0; i < N; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p];
			bad += j == i || (p > g->ptr[i] && g->idx[p - 1] >= j);
			if (j < i)
				continue;
			if (L->y[i] == L->y[j])
				in++;
			else {
				out++;
				low += j < N / 2; /* both in the first half: a quarter of the pairs */
			}
		}
	double pin = 3.0 * K, pout = N * (N - 1) / 2.0 - pin;
	tap_ok(bad == 0 && fabs(in - 0.5 * pin) < 5 * sqrt(pin * 0.25) &&
		       fabs(out - 0.01 * pout) < 5 * sqrt(pout * 0.01 * 0.99),
	       "planted: %g edges within blocks (%g expected), %g between (%g expected), no loops or repeats",
	       in, 0.5 * pin, out, 0.01 * pout);
	double quarter = (N / 2.0) * (N / 2.0 - 1) / 2 - K / 2.0 * 3; /* pairs between blocks in the first half */
	tap_ok(fabs(low - 0.01 * quarter) < 5 * sqrt(quarter * 0.01),
	       "planted: the pairs between blocks are drawn evenly (%g edges in the first half, %.0f expected)",
	       low, 0.01 * quarter);
	rs_graph *g2 = rs_sbm_planted(sizes, K, 0.5, 0.01, 1, 42, NULL, &e);
	tap_ok(g2 && g2->loops == N && g2->nnz == g->nnz + N, "planted: same seed, same graph; loops on every node");
	rs_graph_free(g2);
	rs_graph_free(g);
	rs_labels_free(L);
	/* up to RS_SBM_PAIRWISE_MAX blocks, the matrix's graph */
	long few[5] = {40, 30, 30, 20, 10};
	double P[25];
	for (int a = 0; a < 5; a++)
		for (int b = 0; b < 5; b++)
			P[a * 5 + b] = a == b ? 0.3 : 0.02;
	g = rs_sbm_planted(few, 5, 0.3, 0.02, 0, 9, NULL, &e);
	g2 = rs_sbm(few, 5, P, 0, 9, NULL, &e);
	tap_ok(g && g2 && g->nnz == g2->nnz && memcmp(g->idx, g2->idx, (size_t)g->nnz * 4) == 0,
	       "planted, 5 blocks: the graph of the matrix form, seed for seed");
	rs_graph_free(g);
	rs_graph_free(g2);
	tap_ok(rs_sbm_planted(few, 5, 0.3, 1.5, 0, 9, NULL, &e) == NULL && strstr(e.msg, "[0, 1]"),
	       "planted: a probability past 1 is refused (%s)", e.msg);
}

/* Compare the iterative and the dense solver: eigenvalues with multiplicities,
 * and each eigenvector of a simple eigenvalue up to sign (|x1^T D x2| = 1). */
static void compare_tol(const char *what, const rs_graph *g, double alpha, int k, double tol)
{
	rs_err e = {0};
	rs_gsolve_opts o = {alpha, k, tol, 0, 1, NULL, NULL, NULL, 0, 1, RS_BASIS_AUTO};
	rs_spectrum *A = rs_graph_spectrum(g, &o, &e);
	if (A == NULL)
		printf("# %s: %s\n", what, e.msg);
	rs_spectrum *D = rs_graph_spectrum_dense(g, alpha, k, 5000, &e);
	if (A == NULL || D == NULL) {
		tap_ok(0, "%s: both solvers ran", what);
		rs_spectrum_free(A);
		rs_spectrum_free(D);
		return;
	}
	int same = A->ngroups == D->ngroups;
	double worst = 0;
	for (int j = 0; same && j < A->ngroups; j++) {
		worst = fmax(worst, fabs(A->val[j] - D->val[j]));
		same = A->mult[j] == D->mult[j];
	}
	tap_ok(same && worst < 1e-8, "%s: eigenvalues and multiplicities agree (%d groups, max diff %.1e)",
	       what, A->ngroups, worst);
	/* the dense residual is recomputed from the sparse graph: rounding
	 * level, and not the 0 that means "not computed" */
	tap_ok(D->residual > 0 && D->residual < 1e-11, "%s: dense residual checked on the graph (%.1e)",
	       what, D->residual);
	long N = g->n + g->m;
	double *d = malloc((size_t)N * sizeof *d);
	for (long i = 0; i < g->n; i++)
		d[i] = g->deg[i] + alpha * (double)(g->bipartite ? g->m : g->n);
	for (long j = 0; j < g->m; j++)
		d[g->n + j] = g->cdeg[j] + alpha * (double)g->n;
	double angle = 0;
	int checked = 0;
	for (int c = 0; c < A->nvec && c < D->nvec; c++) {
		if (rs_spectrum_multiplicity(A, c) > 1)
			continue;
		double s = 0;
		for (long i = 0; i < N; i++)
			s += A->vec[i + (size_t)c * N] * d[i] * D->vec[i + (size_t)c * N];
		angle = fmax(angle, fabs(1 - fabs(s)));
		checked++;
	}
	tap_ok(angle < 1e-8, "%s: %d eigenvectors of simple eigenvalues agree (1 - |x^T D y| <= %.1e)",
	       what, checked, angle);
	free(d);
	rs_spectrum_free(A);
	rs_spectrum_free(D);
}

static void compare(const char *what, const rs_graph *g, double alpha, int k)
{
	compare_tol(what, g, alpha, k, 1e-12);
}

/* How far S is from the dense solution D: the largest eigenvalue
 * difference (inf when the multiplicities differ) and the largest
 * 1 - |x^T D_alpha y| over the eigenvectors of simple eigenvalues. */
static void distance(const rs_graph *g, double alpha, const rs_spectrum *S, const rs_spectrum *D,
		     double *dval, double *dvec)
{
	*dval = S->ngroups == D->ngroups ? 0 : INFINITY;
	for (int j = 0; j < S->ngroups && j < D->ngroups; j++)
		*dval = S->mult[j] != D->mult[j] ? INFINITY : fmax(*dval, fabs(S->val[j] - D->val[j]));
	*dvec = 0;
	long n = g->n;
	for (int c = 0; c < S->nvec && c < D->nvec; c++) {
		if (rs_spectrum_multiplicity(S, c) > 1)
			continue;
		double s = 0;
		for (long i = 0; i < n; i++)
			s += S->vec[i + (size_t)c * n] * (g->deg[i] + alpha * (double)n) * D->vec[i + (size_t)c * n];
		*dvec = fmax(*dvec, fabs(1 - fabs(s)));
	}
}

/* Whether the tests run under valgrind (the build's --enable-valgrind). */
static int under_valgrind(void)
{
	const char *san = getenv("REGSPEC_SANITIZED");
	return san != NULL && strstr(san, "valgrind") != NULL;
}

/* Under valgrind dense LAPACK on hundreds of nodes takes minutes of
 * emulated BLAS a solve: a cross-check on more than MIN nodes is skipped
 * there, and says so, or takes another reference. */
static int dense_too_slow(long nodes, long min)
{
	return nodes > min && under_valgrind();
}

/* A reduced basis along alpha: slow sweeps up and down, then jumps (the
 * basis fills up and is compressed); every solve must agree with LAPACK
 * whether its pairs came from the basis or from Lanczos.  With every solve
 * added (pays = INFINITY) the basis must actually serve some of them; by
 * default, on this small graph whose Lanczos solves are cheap beside an
 * add, it is not started, and with a laxer rule it stops growing. */
struct rb_run {
	int served, solves, failed, most;
	double worst_val, worst_vec, worst_res;
};

static struct rb_run rb_sweep(const rs_graph *g, rs_rbasis *rb)
{
	rs_err e = {0};
	rs_spectrum *prev = NULL;
	double f1 = rs_graph_rel_to_abs(g, 1.0);
	struct rb_run R = {0};
	double rel[40];
	int nrel = 0;
	for (int i = 0; i < 12; i++)
		rel[nrel++] = pow(1.1, i);
	for (int i = 10; i >= 0; i--)
		rel[nrel++] = pow(1.1, i) * 1.04;
	for (int i = 0; i < 15; i++)
		rel[nrel++] = 0.3 + 0.37 * (double)((i * 7) % 15);
	for (int i = 0; i < nrel; i++) {
		double a = rel[i] * f1;
		rs_gsolve_opts o = {a, 5, 1e-9, 0, 1, prev, NULL, rb, 0, 1, RS_BASIS_AUTO};
		rs_spectrum *S = rs_graph_spectrum(g, &o, &e);
		/* the reference: LAPACK, or under valgrind a cold Lanczos at 1e-12 */
		rs_gsolve_opts t = {a, 5, 1e-12, 0, 1, NULL, NULL, NULL, 0, 1, RS_BASIS_DOUBLE};
		rs_spectrum *D = dense_too_slow(g->n, 500) ? rs_graph_spectrum(g, &t, &e)
							   : rs_graph_spectrum_dense(g, a, 5, 5000, &e);
		if (S == NULL || D == NULL) {
			R.failed++;
			rs_spectrum_free(S);
			rs_spectrum_free(D);
			continue;
		}
		double dv, dx;
		distance(g, a, S, D, &dv, &dx);
		R.worst_val = fmax(R.worst_val, dv);
		R.worst_vec = fmax(R.worst_vec, dx);
		R.worst_res = fmax(R.worst_res, S->residual);
		R.served += S->reduced > 0;
		R.solves++;
		R.most = rs_rbasis_columns(rb) > R.most ? rs_rbasis_columns(rb) : R.most;
		rs_spectrum_free(D);
		rs_spectrum_free(prev);
		prev = S;
	}
	rs_spectrum_free(prev);
	return R;
}

static void reduced_basis(void)
{
	long sizes[8] = {130, 120, 110, 100, 100, 90, 80, 70};
	double P[64];
	for (int a = 0; a < 8; a++)
		for (int b = 0; b < 8; b++)
			P[a * 8 + b] = a == b ? 0.15 : 0.01;
	rs_err e = {0};
	rs_graph *g = rs_sbm(sizes, 8, P, 0, 7, NULL, &e);
	rs_rbasis *rb = rs_rbasis_new();
	rs_rbasis_set_pays(rb, INFINITY);
	struct rb_run R = rb_sweep(g, rb);
	tap_ok(R.failed == 0 && R.worst_val < 1e-7 && R.worst_vec < 1e-7 && R.worst_res <= 1e-9,
	       "reduced basis: %d solves along alpha agree with %s (eigenvalues %.1e, vectors %.1e, "
	       "residuals %.1e)",
	       R.solves, dense_too_slow(g->n, 500) ? "a cold Lanczos at tol 1e-12 (valgrind)" : "LAPACK",
	       R.worst_val, R.worst_vec, R.worst_res);
	tap_ok(R.served >= 10 && R.served < R.solves,
	       "reduced basis: %d of %d solves taken from it, the others by Lanczos (%d columns at most)",
	       R.served, R.solves, R.most);
	rs_rbasis *rd = rs_rbasis_new(); /* the default rule */
	R = rb_sweep(g, rd);
	tap_ok(R.failed == 0 && R.worst_val < 1e-7 && R.worst_vec < 1e-7 && R.most == 0 &&
		       R.served == 0,
	       "reduced basis: where an add at five solves' columns would cost more than 0.4 of a "
	       "solve, no basis is started (%d columns at most, %d of %d solves from it)",
	       R.most, R.served, R.solves);
	rs_rbasis_free(rd);
	/* adds at 0.6 of a solve there, growing with the basis: allowed up to
	 * 0.75 of one, the basis is started and stops growing before it holds
	 * eight solves (56 columns) */
	rd = rs_rbasis_new();
	rs_rbasis_set_pays(rd, 0.75);
	R = rb_sweep(g, rd);
	tap_ok(R.failed == 0 && R.worst_val < 1e-7 && R.worst_vec < 1e-7 && R.most > 5 * 7 &&
		       R.most < 8 * 7,
	       "reduced basis: where an add comes to cost more than it can save, solves stop joining "
	       "(%d columns at most, %d of %d solves from it)",
	       R.most, R.served, R.solves);
	rs_rbasis_free(rd);
	/* another graph empties it, keeping the setting; a bipartite one cannot use it */
	/* another graph empties it; a bipartite one cannot use it */
	rs_graph *h = rs_sbm(sizes, 8, P, 0, 8, NULL, &e);
	tap_ok(rs_rbasis_bind(rb, h, 7) == 0 && rs_rbasis_columns(rb) == 0,
	       "reduced basis: bound to another graph, it starts empty");
	rs_load_info info;
	rs_load_opts bo = {RS_GF_AUTO, 1, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	rs_graph *b = load(write_file("rb.biedges", "0 0\n0 1\n1 1\n2 0\n"), &bo, &info);
	tap_ok(b && b->bipartite && rs_rbasis_bind(rb, b, 2) == 1, "reduced basis: not for bipartite graphs");
	rs_graph_free(b);
	rs_graph_free(h);
	rs_rbasis_free(rb);
	rs_graph_free(g);
}

/* A random bipartite graph of R x C nodes and about E edges (weights 1 to
 * 3, repeats merged), as biedges text; the caller frees it. */
static char *random_biedges(int R, int C, long E, uint64_t r)
{
	size_t cap = 64 + (size_t)E * 24, len = 0;
	char *text = malloc(cap);
	len += (size_t)sprintf(text, "# rows: %d cols: %d\n", R, C);
	for (long e = 0; e < E; e++) {
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		int i = (int)((r >> 33) % (uint64_t)R);
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		int j = (int)((r >> 33) % (uint64_t)C);
		len += (size_t)sprintf(text + len, "%d %d %d\n", i, j, 1 + (int)((r >> 20) % 3));
	}
	return text;
}

/* The largest ||N v - theta v|| over the eigenvectors x of S (v = D^1/2 x
 * normalized, theta = 1 - lambda) of a bipartite graph, with N applied
 * here from the rows' lists alone: no code of the solver's. */
static double bipartite_residual(const rs_graph *g, double alpha, const rs_spectrum *S)
{
	long n = g->n, m = g->m, N = n + m;
	double *d = malloc((size_t)N * sizeof *d), *y = malloc((size_t)N * sizeof *y);
	for (long i = 0; i < n; i++)
		d[i] = g->deg[i] + alpha * (double)m;
	for (long j = 0; j < m; j++)
		d[n + j] = g->cdeg[j] + alpha * (double)n;
	double worst = 0;
	for (int c = 0; c < S->nvec; c++) {
		const double *x = S->vec + (size_t)c * N;
		double sr = 0, sc = 0, norm = 0, r = 0;
		for (long i = 0; i < n; i++)
			sr += x[i];
		for (long j = 0; j < m; j++)
			sc += x[n + j];
		for (long i = 0; i < n; i++)
			y[i] = alpha * sc;
		for (long j = 0; j < m; j++)
			y[n + j] = alpha * sr;
		for (long i = 0; i < n; i++)
			for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
				double w = g->val ? g->val[p] : 1.0;
				y[i] += w * x[n + g->idx[p]];
				y[n + g->idx[p]] += w * x[i];
			}
		double th = 1 - S->lambda[c];
		for (long i = 0; i < N; i++) {
			norm += d[i] * x[i] * x[i];
			if (d[i] > 0) {
				double ri = (y[i] - th * d[i] * x[i]) / sqrt(d[i]);
				r += ri * ri;
			}
		}
		worst = fmax(worst, sqrt(r / norm));
	}
	free(d);
	free(y);
	return worst;
}

/* Sparse bipartite graphs, whose smaller side is too large beside the
 * entries for the one-pass product's partial sums: the solve on M M^T
 * with the two-pass product, against LAPACK on a small one (one thread),
 * and on a larger one on one thread and on two, each checked by
 * bipartite_residual (a threaded product that went wrong would show). */
static void sparse_bipartite(int slow)
{
	rs_load_info info;
	char what[160];
	char *text = random_biedges(300, 200, 420, 4242);
	rs_graph *g = load(write_file("sparse.biedges", text), NULL, &info);
	free(text);
	double w = 0;
	for (long i = 0; g && i < g->n; i++)
		w += g->deg[i];
	for (int a = 0; g && a < 2; a++) {
		double rel = a ? 1.0 : 0.1, alpha = rel * w / ((double)g->n * (double)g->m);
		rs_err e = {0};
		rs_gsolve_opts o = {alpha, 8, 1e-10, 0, 1, NULL, NULL, NULL, 0, 1, RS_BASIS_AUTO};
		rs_spectrum *S = rs_graph_spectrum(g, &o, &e);
		double res = S ? bipartite_residual(g, alpha, S) : INFINITY;
		tap_ok(S && S->gram_side == 200 && res < 1e-8,
		       "sparse bipartite 300 x 200, relative alpha %g: solved on M M^T (%ld nodes), "
		       "residuals on N %.1e",
		       rel, S ? S->gram_side : -1L, res);
		rs_spectrum_free(S);
		snprintf(what, sizeof what, "sparse bipartite 300 x 200, relative alpha %g, k = 8", rel);
		compare(what, g, alpha, 8);
	}
	rs_graph_free(g);
	if (slow)
		return;
	text = random_biedges(12000, 8000, 20000, 777);
	g = load(write_file("sparse-big.biedges", text), NULL, &info);
	free(text);
	if (g == NULL) {
		tap_ok(0, "sparse bipartite 12000 x 8000 loads");
		return;
	}
	w = 0;
	for (long i = 0; i < g->n; i++)
		w += g->deg[i];
	double alpha = w / ((double)g->n * (double)g->m);
	rs_spectrum *S[2] = {NULL, NULL};
	for (int t = 0; t < 2; t++) {
		int was = rs_threads_set(t + 1);
		rs_err e = {0};
		rs_gsolve_opts o = {alpha, 10, 1e-10, 0, 1, NULL, NULL, NULL, 0, 1, RS_BASIS_AUTO};
		S[t] = rs_graph_spectrum(g, &o, &e);
		rs_threads_set(was);
		double res = S[t] ? bipartite_residual(g, alpha, S[t]) : INFINITY;
		tap_ok(S[t] && S[t]->gram_side == 8000 && res < 1e-8,
		       "sparse bipartite 12000 x 8000 on %d thread(s): M M^T, residuals on N %.1e", t + 1,
		       res);
	}
	double diff = S[0] && S[1] && S[0]->nvec == S[1]->nvec ? 0 : INFINITY;
	for (int c = 0; S[0] && S[1] && c < S[0]->nvec && c < S[1]->nvec; c++)
		diff = fmax(diff, fabs(S[0]->lambda[c] - S[1]->lambda[c]));
	tap_ok(diff < 1e-9, "sparse bipartite 12000 x 8000: one thread and two agree (%.1e)", diff);
	rs_spectrum_free(S[0]);
	rs_spectrum_free(S[1]);
	rs_graph_free(g);
}

static void solvers(const char *data)
{
	char path[512];
	rs_load_info info;
	snprintf(path, sizeof path, "%s/karate/karate.edges", data);
	int karate = access(path, R_OK) == 0;
	rs_graph *g = karate ? load(path, NULL, &info) : NULL;
	const char *nm = karate ? "karate" : "a small graph";
	char what[128];
	if (g == NULL) {
		/* no shared data: a graph of our own with two components and twins */
		g = load(write_file("s.edges", "# nodes: 12\n0 1\n1 2\n2 0\n2 3\n3 4\n4 5\n5 3\n6 7\n7 8\n8 6\n9 9\n10 10\n"),
			 NULL, &info);
	}
	snprintf(what, sizeof what, "%s alpha 0.5", nm);
	compare(what, g, 0.5, 8);
	snprintf(what, sizeof what, "%s alpha 0", nm);
	compare(what, g, 0.0, 8);
	rs_err e;
	rs_graph_add_noise(g, 6, &e);
	snprintf(what, sizeof what, "%s + 6 noise nodes, alpha 0 (lambda = 0 repeated)", nm);
	compare(what, g, 0.0, 8);
	snprintf(what, sizeof what, "%s + 6 noise nodes, alpha 0.01 (twins)", nm);
	compare(what, g, 0.01, 12);
	rs_graph_free(g);
	/* small graphs whose nodes come in twins (equal neighbourhoods: theta
	 * = 0, 9 and 10 times), asked for most of their eigenpairs: the Krylov
	 * space ends early, fresh vectors find the copies it misses, and the
	 * basis must stop when it spans the whole deflated space.  Lanczos
	 * once scaled products of 1e-30 up as new directions there and gave
	 * wrong eigenvalues (at alpha = 0) or no convergence (the second at
	 * alpha > 0 with tol 1e-6, and karate at k = 20). */
	g = load(write_file("twins1.edges",
			"0 1\n0 3\n0 6\n0 7\n0 8\n0 9\n0 10\n0 13\n0 14\n0 15\n0 16\n0 17\n"
			"1 2\n1 11\n1 12\n3 4\n3 5\n3 15\n3 16\n3 17\n4 6\n4 7\n4 8\n4 9\n"
			"4 10\n4 15\n4 16\n4 17\n5 11\n5 12\n5 13\n5 14\n"),
		 NULL, &info);
	compare("18 nodes with twins, alpha 0, k = 16", g, 0.0, 16);
	compare("18 nodes with twins, alpha 0.05, k = 16", g, 0.05, 16);
	rs_graph_free(g);
	g = load(write_file("twins2.edges",
			"0 1\n0 4\n0 6\n0 9\n0 14\n0 15\n0 16\n0 17\n0 18\n1 2\n1 5\n1 9\n"
			"1 10\n2 3\n2 6\n2 9\n3 7\n3 8\n3 19\n3 20\n3 21\n4 19\n4 20\n4 21\n"
			"5 7\n8 11\n8 12\n8 13\n"),
		 NULL, &info);
	compare("22 nodes with twins, alpha 0, k = 20", g, 0.0, 20);
	compare_tol("22 nodes with twins, alpha 0.02, k = 16, tol 1e-6", g, 0.02, 16, 1e-6);
	rs_graph_free(g);
	/* a bipartite graph (two components, four empty rows and columns at
	 * alpha = 0) whose Krylov space closes at 5e-12: the rest of the
	 * product was mostly the rounding of its projection, and scaled up it
	 * left a residual of 5e-6 until the vector was projected again */
	g = load(write_file("closes.biedges", "# rows: 9 cols: 10\n0 9 0.5\n1 4 0.5\n1 7 0.5\n1 9 0.5\n"
					      "2 2 1\n2 9 2\n3 2 2\n3 4 0.5\n3 6 2\n4 2 1\n4 6 0.5\n"
					      "4 8 1\n5 8 0.5\n6 0 1\n7 0 1\n"),
		 NULL, &info);
	compare_tol("9 x 10 bipartite, alpha 0, k = 17, tol 1e-10", g, 0.0, 17, 1e-10);
	rs_graph_free(g);
	/* four copies of one random graph: the copies' symmetry makes
	 * eigenvalues of multiplicity 3, which Lanczos finds one copy at a time,
	 * the later ones after the first is locked (it then unlocks) */
	{
		size_t cap = 1 << 16, len = 0;
		char *text = malloc(cap);
		for (int c = 0; c < 4; c++)
			for (uint64_t r = 12345, i = 0; i < 150; i++)
				for (int j = (int)i + 1; j < 150; j++) {
					r = r * 6364136223846793005ULL + 1442695040888963407ULL;
					if ((r >> 33) % 100 >= 6)
						continue;
					if (len + 32 > cap)
						text = realloc(text, cap *= 2);
					len += (size_t)sprintf(text + len, "%d %d\n", (int)i + 150 * c,
							       j + 150 * c);
				}
		g = load(write_file("copies.edges", text), NULL, &info);
		free(text);
		compare("4 copies of a random graph, alpha 0.01 (multiplicity 3)", g, 0.01, 12);
		rs_graph_free(g);
	}
	/* weighted bipartite graphs, more rows than columns and fewer, of two
	 * components and a row of degree 0: the one-pass products (the smaller
	 * side's sums per thread) with both sides' alpha terms, and the solve
	 * on the smaller side (M M^T) with its theta = 1 vectors deflated per
	 * component at alpha = 0 */
	for (int wide = 0; wide < 2; wide++) {
		int R = wide ? 40 : 120, C = wide ? 120 : 40;
		size_t cap = 1 << 16, len = 0;
		char *text = malloc(cap);
		len += (size_t)sprintf(text, "# rows: %d cols: %d\n", R, C);
		uint64_t r = 99 + (uint64_t)wide;
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++) {
				r = r * 6364136223846793005ULL + 1442695040888963407ULL;
				int same = (i < R / 2) == (j < C / 2);
				if (i == R - 1 || !same || ((r >> 33) % 100 >= 25 && j != i % (C / 2) + (i < R / 2 ? 0 : C / 2)))
					continue;
				if (len + 48 > cap)
					text = realloc(text, cap *= 2);
				len += (size_t)sprintf(text + len, "%d %d %d\n", i, j, 1 + (int)((r >> 20) % 5));
			}
		g = load(write_file("w.biedges", text), NULL, &info);
		free(text);
		snprintf(what, sizeof what, "weighted bipartite %d x %d, alpha 0.3", R, C);
		compare(what, g, 0.3, 10);
		snprintf(what, sizeof what, "weighted bipartite %d x %d, alpha 0 (2 components)", R, C);
		compare(what, g, 0.0, 10);
		rs_graph_free(g);
	}
	snprintf(path, sizeof path, "%s/cora/cora.edges", data);
	/* under valgrind, dense LAPACK on thousands of nodes takes an hour */
	int slow = under_valgrind();
	sparse_bipartite(slow);
	if (access(path, R_OK) == 0 && !slow) {
		g = load(path, NULL, &info);
		compare("cora alpha 0 (78 components)", g, 0.0, 10);
		compare("cora alpha 0.001", g, 0.001, 10);
		/* its four triangles (components) give lambda = 0.0191 three times:
		 * found once before the copies were known exactly */
		compare("cora alpha 0.01 relative (copies: multiplicity 3)", g,
			rs_graph_rel_to_abs(g, 0.01), 20);
		rs_graph_free(g);
		snprintf(path, sizeof path, "%s/davis/davis.biedges", data);
		g = load(path, NULL, &info);
		compare("davis bipartite alpha 0", g, 0.0, 6);
		compare("davis bipartite alpha 1", g, 1.0, 6);
		rs_graph_free(g);
		snprintf(path, sizeof path, "%s/polblogs/polblogs.edges", data);
		g = load(path, NULL, &info);
		compare("polblogs alpha 0 (266 nodes of degree 0)", g, 0.0, 6);
		rs_graph_free(g);
	} else {
		for (int i = 0; i < 10; i++)
			tap_ok(1, slow ? "# SKIP dense LAPACK on cora, davis, polblogs under valgrind"
				       : "# SKIP no ../shared/data");
	}
}

/* Random small graphs (a spanning forest, extra edges, groups of twins
 * sharing one to three neighbours, self-loops, weights 0.5 to 3, one or
 * two isolated nodes), each at alpha 0 and two alphas > 0, asked for all
 * but one pair and for half: the matrix-free solver and dense LAPACK must
 * list the same eigenvalues (to 1e-8), as many of them, with the same
 * multiplicities but for the last group (the matrix-free one counts the
 * copies it has seen, the dense one all of them), and the embedding must
 * be D-orthonormal.  Graphs like these found wrong values from Lanczos
 * (products of 1e-30 scaled up) and a dropped eigenvalue from LAPACK (the
 * isolated nodes' rows of zeros mixed into theta = 0). */
/* X^T D_alpha X = I for the eigenvectors of S (nodes left out at 0). */
static int d_orthonormal(const rs_graph *g, double alpha, const rs_spectrum *S)
{
	long N = g->n + g->m;
	for (int a = 0; a < S->nvec; a++)
		for (int b = 0; b <= a; b++) {
			double sum = 0;
			for (long i = 0; i < N; i++) {
				double d = !g->bipartite ? g->deg[i] + alpha * (double)g->n
					   : i < g->n	 ? g->deg[i] + alpha * (double)g->m
							 : g->cdeg[i - g->n] + alpha * (double)g->n;
				sum += S->vec[i + (size_t)a * N] * S->vec[i + (size_t)b * N] * d;
			}
			if (fabs(sum - (a == b)) > 1e-8)
				return 0;
		}
	return 1;
}

/* One graph of random_small_graphs at alpha 0 and two alphas > 0 (relative
 * 0.05 and 1), k = all but one pair and half. */
static void small_case(const rs_graph *g, int gi, int *cases, int *bad)
{
	double w = 0;
	for (long i = 0; i < g->n; i++)
		w += g->deg[i];
	long N = g->n + g->m;
	double pairs = g->bipartite ? (double)g->n * (double)g->m : (double)g->n * (double)g->n;
	const double alphas[] = {0.0, 0.05 * w / pairs, w / pairs};
	const int ks[] = {(int)N - 2, (int)N / 2};
	for (int ai = 0; ai < 3; ai++)
		for (int ki = 0; ki < 2; ki++) {
			int k = ks[ki];
			if (k < 1)
				continue;
			(*cases)++;
			rs_err e = {0};
			rs_gsolve_opts o = {alphas[ai], k, 1e-10, 0, 1, NULL, NULL, NULL, 0, 1, RS_BASIS_AUTO};
			rs_spectrum *A = rs_graph_spectrum(g, &o, &e);
			rs_spectrum *D = A ? rs_graph_spectrum_dense(g, alphas[ai], k, 5000, &e) : NULL;
			const char *why = NULL;
			if (A == NULL || D == NULL)
				why = e.msg;
			else if (A->nvec != D->nvec || A->ngroups != D->ngroups)
				why = "not as many values or groups";
			else {
				for (int j = 0; j < A->nvec && !why; j++)
					if (fabs(A->lambda[j] - D->lambda[j]) > 1e-8)
						why = "values differ";
				for (int j = 0; j + 1 < A->ngroups && !why; j++)
					if (A->mult[j] != D->mult[j])
						why = "multiplicities differ";
				if (!why && !d_orthonormal(g, alphas[ai], A))
					why = "matrix-free embedding not D-orthonormal";
				if (!why && !d_orthonormal(g, alphas[ai], D))
					why = "dense embedding not D-orthonormal";
			}
			if (why && ++*bad <= 5)
				printf("# random graph %d (%ld nodes%s), alpha %g, k %d: %s\n", gi, N,
				       g->bipartite ? ", bipartite" : "", alphas[ai], k, why);
			rs_spectrum_free(A);
			rs_spectrum_free(D);
		}
}

/* small_case on the graph a text loads as (a load that fails is bad). */
static void small_file_case(const char *name, const char *text, int gi, int *cases, int *bad)
{
	rs_load_info info;
	rs_graph *g = load(write_file(name, text), NULL, &info);
	if (g == NULL) {
		(*bad)++;
		return;
	}
	small_case(g, gi, cases, bad);
	rs_graph_free(g);
}

/* The tests' own random numbers (a 64-bit LCG's high bits): the same draws
 * on every platform. */
static uint64_t lcg_next(uint64_t *r)
{
	*r = *r * 6364136223846793005ULL + 1442695040888963407ULL;
	return *r >> 33;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* rs_graph_build against a dense matrix filled in the list's order: rows
 * long enough for the merge sort (a hub takes a third of the entries),
 * repeats, zero weights and loops, merged by sum and by max, unipartite
 * and bipartite (both orientations).  Sums must agree bit for bit: the
 * row sort is stable, so repeats add up in the file's order. */
static int csr_matches(long nr, long nc, const long *ptr, const int32_t *idx, const double *val,
		       const double *ref, const unsigned char *has)
{
	for (long i = 0; i < nr; i++) {
		long want = 0;
		for (long j = 0; j < nc; j++)
			want += has[i * nc + j];
		if (ptr[i + 1] - ptr[i] != want)
			return 0;
		for (long p = ptr[i]; p < ptr[i + 1]; p++) {
			if (p > ptr[i] && idx[p] <= idx[p - 1])
				return 0; /* sorted, no repeats */
			if (!has[i * nc + idx[p]] || (val ? val[p] : 1.0) != ref[i * nc + idx[p]])
				return 0;
		}
	}
	return 1;
}

static void build_against_dense(void)
{
	uint64_t r = 20261123;
	int bad = 0, cases = 0;
	for (int t = 0; t < 48; t++) {
		int bip = t % 2, sum = (t / 2) % 2, weighted = (t / 4) % 3 != 0;
		long n = 5 + (long)(lcg_next(&r) % 60), m = bip ? 3 + (long)(lcg_next(&r) % 50) : n;
		long cnt = 1 + (long)(lcg_next(&r) % 400);
		rs_edges E = {0};
		rs_err e = {0};
		double *ref = calloc((size_t)(n * m + m * n), sizeof *ref), *tref = ref + n * m;
		unsigned char *has = calloc((size_t)(n * m + m * n), 1), *thas = has + n * m;
		long kept = 0;
		for (long i = 0; i < cnt && ref && has; i++) {
			long u = lcg_next(&r) % 3 == 0 ? 0 : (long)(lcg_next(&r) % (uint64_t)n);
			long v = (long)(lcg_next(&r) % (uint64_t)m);
			double w = !weighted ? 1.0
				   : lcg_next(&r) % 9 == 0 ? 0.0
							  : (double)(lcg_next(&r) % 1000) / 7.0;
			if (rs_edges_push(&E, u, v, w, &e) != 0)
				break;
			if (w == 0)
				continue;
			kept++;
			for (int back = 0; back < (bip ? 1 : (u != v ? 2 : 1)); back++) {
				long a = back ? v : u, b = back ? u : v;
				double *x = &ref[a * m + b];
				*x = !has[a * m + b] ? w : sum ? *x + w : fmax(*x, w);
				has[a * m + b] = 1;
			}
			if (bip) {
				double *x = &tref[v * n + u];
				*x = !thas[v * n + u] ? w : sum ? *x + w : fmax(*x, w);
				thas[v * n + u] = 1;
			}
		}
		long merged = -1, dropped = -1;
		rs_graph *g = rs_graph_build(n, bip ? m : 0, bip, &E,
					     sum ? RS_MERGE_SUM : RS_MERGE_MAX, &merged, &dropped, &e);
		long distinct = 0;
		for (long x = 0; ref && has && x < n * m; x++)
			distinct += has[x] && (bip || x / m <= x % m); /* each edge once */
		int ok = g != NULL && ref && has && dropped == E.count - kept &&
			 merged == kept - distinct && rs_graph_edges(g) == distinct &&
			 csr_matches(n, m, g->ptr, g->idx, g->val, ref, has) &&
			 (!bip || csr_matches(m, n, g->tptr, g->tidx, g->tval, tref, thas));
		if (!ok && bad++ < 3)
			printf("#   build case %d: n %ld m %ld, %ld entries, bipartite %d, sum %d\n", t,
			       n, m, cnt, bip, sum);
		cases++;
		rs_graph_free(g);
		rs_edges_free(&E);
		free(ref);
		free(has);
	}
	tap_ok(bad == 0, "CSR building agrees with a dense matrix (%d random lists with a hub, "
			 "repeats, zero weights and loops; sum and max; bipartite and not)",
	       cases);
}

/* What a graph is up to the order of its nodes: nodes, edges, self-loops,
 * the sorted weighted degrees. */
static int same_graph(const rs_graph *a, const rs_graph *b)
{
	if (a == NULL || b == NULL || a->n != b->n || rs_graph_edges(a) != rs_graph_edges(b) ||
	    a->loops != b->loops)
		return 0;
	double *da = malloc((size_t)a->n * sizeof *da), *db = malloc((size_t)a->n * sizeof *db);
	int same = da && db;
	for (long i = 0; same && i < a->n; i++) {
		da[i] = a->deg[i];
		db[i] = b->deg[i];
	}
	if (same) {
		qsort(da, (size_t)a->n, sizeof *da, cmp_double);
		qsort(db, (size_t)a->n, sizeof *db, cmp_double);
		for (long i = 0; i < a->n && same; i++)
			same = fabs(da[i] - db[i]) <= 1e-12 * (1 + fabs(da[i]));
	}
	free(da);
	free(db);
	return same;
}

/* The same random graph written in every format 'load' reads (blank,
 * CSV with names, 1-based TSV listing both directions, Matrix Market
 * symmetric and general, GML, GraphML, Pajek, METIS, DIMACS, networkx's
 * adjacency list when unweighted and its multiline form, dense matrices
 * with and without names, found by their shape, Cytoscape's SIF when
 * unweighted, UCINET's DL, node-link JSON and Cytoscape.js JSON, found by
 * its content, GEXF, igraph's LGL found by its content) loads as the same
 * graph. */
static void format_round_trip(void)
{
	uint64_t r = 11232026;
#define NEXT() lcg_next(&r)
	static const char *const files[] = {"rt.edges",   "rt.csv",	"rt.tsv",  "rt-s.mtx", "rt-g.mtx",
					    "rt.gml",	  "rt.graphml", "rt.net",  "rt.graph", "rt.gr",
					    "rt.adjlist", "rt-m.csv",	"rt-m.txt", "rt-ml.txt", "rt.sif",
					    "rt-dl.txt", "rt-json.txt", "rt.gexf", "rt-lgl.txt"};
	const int nf = (int)(sizeof files / sizeof files[0]);
	int graphs = 0, bad = 0;
	for (int gi = 0; gi < 40; gi++) {
		int n = 2 + (int)(NEXT() % 40), wmode = (int)(NEXT() % 3), loops = (int)(NEXT() % 2);
		int density = 5 + (int)(NEXT() % 40);
		static const double ws[] = {1, 0.5, 2.25, 3, 0.1};
		int cap = n * (n + 1) / 2, m = 0, iso = 0;
		int *eu = malloc((size_t)cap * sizeof *eu), *ev = malloc((size_t)cap * sizeof *ev);
		double *ew = malloc((size_t)cap * sizeof *ew);
		int *deg = calloc((size_t)n, sizeof *deg);
		for (int i = 0; i < n; i++)
			for (int j = i; j < n; j++) {
				long draw = (long)(NEXT() % 100);
				if ((i == j && !loops) || draw >= density)
					continue;
				eu[m] = i;
				ev[m] = j;
				ew[m] = wmode == 0 ? 1 : ws[NEXT() % 5];
				deg[i]++;
				deg[j]++;
				m++;
			}
		for (int i = 0; i < n; i++)
			iso += deg[i] == 0;
		if (m == 0) {
			free(eu), free(ev), free(ew), free(deg);
			continue;
		}
		graphs++;
		FILE *f[sizeof files / sizeof files[0]]; /* one of each for every format */
		char path[sizeof files / sizeof files[0]][300];
		for (int k = 0; k < nf; k++) {
			snprintf(path[k], sizeof path[k], "%s/%s", dir, files[k]);
			f[k] = fopen(path[k], "w");
		}
		const int w = wmode != 0;
		fprintf(f[0], "# nodes: %d\n", n);
		fprintf(f[1], "source,target%s\n", w ? ",weight" : "");
		fprintf(f[2], "# nodes: %d\n", n);
		int both = 0;
		for (int e = 0; e < m; e++)
			both += eu[e] == ev[e] ? 1 : 2;
		fprintf(f[3], "%%%%MatrixMarket matrix coordinate %s symmetric\n%d %d %d\n", w ? "real" : "pattern",
			n, n, m);
		fprintf(f[4], "%%%%MatrixMarket matrix coordinate %s general\n%d %d %d\n", w ? "real" : "pattern",
			n, n, both);
		fprintf(f[5], "graph [\n");
		fprintf(f[6], "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
			      "<key id=\"w\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"/>\n"
			      "<graph edgedefault=\"undirected\">\n");
		fprintf(f[7], "*Vertices %d\n", n);
		for (int i = 0; i < n; i++) {
			fprintf(f[5], "node [ id %d label \"v%d\" ]\n", i, i);
			fprintf(f[6], "<node id=\"v%d\"/>\n", i);
			fprintf(f[7], "%d \"v%d\"\n", i + 1, i);
		}
		fprintf(f[7], "*Edges\n");
		for (int e = 0; e < m; e++) {
			int u = eu[e], v = ev[e];
			char wt[32] = "";
			if (w)
				snprintf(wt, sizeof wt, "%g", ew[e]);
			const char *sp = w ? " " : "";
			fprintf(f[0], "%d %d%s%s\n", u, v, sp, wt);
			fprintf(f[1], "v%d,v%d%s%s\n", v, u, w ? "," : "", wt);
			fprintf(f[2], "%d\t%d%s%s\n", u + 1, v + 1, w ? "\t" : "", wt);
			if (u != v)
				fprintf(f[2], "%d\t%d%s%s\n", v + 1, u + 1, w ? "\t" : "", wt);
			fprintf(f[3], "%d %d%s%s\n", v + 1, u + 1, sp, wt);
			fprintf(f[4], "%d %d%s%s\n", u + 1, v + 1, sp, wt);
			if (u != v)
				fprintf(f[4], "%d %d%s%s\n", v + 1, u + 1, sp, wt);
			fprintf(f[5], "edge [ source %d target %d%s%s ]\n", u, v, w ? " weight " : "", wt);
			if (w)
				fprintf(f[6], "<edge source=\"v%d\" target=\"v%d\"><data key=\"w\">%s</data></edge>\n",
					u, v, wt);
			else
				fprintf(f[6], "<edge source=\"v%d\" target=\"v%d\"/>\n", u, v);
			fprintf(f[7], "%d %d%s%s\n", u + 1, v + 1, sp, wt);
		}
		fprintf(f[5], "]\n");
		fprintf(f[6], "</graph>\n</graphml>\n");
		/* METIS: each node's neighbours (weights after them, node weights
		 * first in one graph of two), a loop listed once; DIMACS: arcs
		 * both ways */
		int vw = (int)(NEXT() % 2);
		fprintf(f[8], "%% random graph %d\n%d %d %s\n", gi, n, m, vw ? (w ? "011" : "010") : w ? "001" : "");
		fprintf(f[9], "c random graph %d\np sp %d %d\n", gi, n, both);
		for (int i = 0; i < n; i++) {
			if (vw)
				fprintf(f[8], "%d", 1 + i % 3);
			for (int e = 0; e < m; e++) {
				if (eu[e] != i && ev[e] != i)
					continue;
				int o = eu[e] == i ? ev[e] : eu[e];
				if (w)
					fprintf(f[8], " %d %g", o + 1, ew[e]), fprintf(f[9], "a %d %d %g\n", i + 1, o + 1, ew[e]);
				else
					fprintf(f[8], " %d", o + 1), fprintf(f[9], "a %d %d\n", i + 1, o + 1);
			}
			fprintf(f[8], "\n");
			/* networkx's adjacency list: each edge from its lower end */
			fprintf(f[10], "%d", i);
			for (int e = 0; e < m; e++)
				if (eu[e] == i)
					fprintf(f[10], " %d", ev[e]);
			fprintf(f[10], "\n");
		}
		/* a dense matrix with names, as pandas writes one, and without,
		 * blank-separated as numpy.savetxt writes one; networkx's
		 * multiline adjacency list with its attribute dicts */
		double *dense = calloc((size_t)n * (size_t)n, sizeof *dense);
		for (int e = 0; e < m; e++)
			dense[eu[e] * n + ev[e]] = dense[ev[e] * n + eu[e]] = ew[e];
		for (int i = 0; i < n; i++)
			fprintf(f[11], ",v%d%s", i, i == n - 1 ? "\n" : "");
		/* UCINET DL: a full matrix under its labels, found by its 'DL' */
		fprintf(f[15], "DL N=%d\nFORMAT = FULLMATRIX DIAGONAL PRESENT\nLABELS:\n", n);
		for (int i = 0; i < n; i++)
			fprintf(f[15], "v%d%s", i, i == n - 1 ? "\nDATA:\n" : ",");
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++)
				fprintf(f[15], "%g%s", dense[i * n + j], j == n - 1 ? "\n" : " ");
		for (int i = 0; i < n; i++) {
			fprintf(f[11], "v%d", i);
			for (int j = 0; j < n; j++) {
				fprintf(f[11], ",%g", dense[i * n + j]);
				fprintf(f[12], "%.18e%s", dense[i * n + j], j == n - 1 ? "\n" : " ");
			}
			fprintf(f[11], "\n");
			int c = 0;
			for (int e = 0; e < m; e++)
				c += eu[e] == i;
			fprintf(f[13], "%d %d\n", i, c);
			/* Cytoscape's SIF: a node, a relation, its targets; alone if none */
			fprintf(f[14], "v%d", i);
			if (c > 0)
				fprintf(f[14], " pp");
			for (int e = 0; e < m; e++)
				if (eu[e] == i)
					fprintf(f[14], " v%d", ev[e]);
			fprintf(f[14], "\n");
			for (int e = 0; e < m; e++)
				if (eu[e] == i) {
					if (w)
						fprintf(f[13], "%d {'weight': %g}\n", ev[e], ew[e]);
					else
						fprintf(f[13], "%d {}\n", ev[e]);
				}
		}
		/* JSON: node-link data by ids (networkx), or Cytoscape.js elements */
		int cy = gi % 2;
		fprintf(f[16], cy ? "{\"data\": [], \"elements\": {\"nodes\": [" : "{\"directed\": false, \"nodes\": [");
		for (int i = 0; i < n; i++)
			fprintf(f[16], cy ? "%s{\"data\": {\"id\": \"v%d\", \"value\": %d}}" : "%s{\"id\": \"v%d\", \"x\": [%d]}",
				i ? ",\n " : "", i, i);
		fprintf(f[16], cy ? "], \"edges\": [" : "],\n \"links\": [");
		for (int e = 0; e < m; e++) {
			fprintf(f[16], cy ? "%s{\"data\": {\"source\": \"v%d\", \"target\": \"v%d\"" : "%s{\"source\": \"v%d\", \"target\": \"v%d\"",
				e ? ",\n " : "", eu[e], ev[e]);
			if (w)
				fprintf(f[16], ", \"weight\": %g", ew[e]);
			fprintf(f[16], cy ? "}}" : "}");
		}
		fprintf(f[16], cy ? "]}}\n" : "]}\n");
		/* GEXF as Gephi writes it (its attributes declared, a comment) */
		fprintf(f[17], "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gexf xmlns=\"http://gexf.net/1.3\" version=\"1.3\">\n"
			       "<graph defaultedgetype=\"undirected\"><attributes class=\"node\"><attribute id=\"c\" "
			       "title=\"Modularity Class\" type=\"integer\"/></attributes>\n<!-- the nodes -->\n<nodes>\n");
		for (int i = 0; i < n; i++)
			fprintf(f[17], "<node id=\"n%d\" label=\"v%d\"><attvalues><attvalue for=\"c\" value=\"%d\"/></attvalues></node>\n",
				i, i, i % 3);
		fprintf(f[17], "</nodes>\n<edges>\n");
		for (int e = 0; e < m; e++) {
			fprintf(f[17], "<edge id=\"%d\" source=\"n%d\" target=\"n%d\"", e, eu[e], ev[e]);
			if (w)
				fprintf(f[17], " weight=\"%g\"", ew[e]);
			fprintf(f[17], "/>\n");
		}
		fprintf(f[17], "</edges>\n</graph>\n</gexf>\n");
		/* LGL: node i's block lists its neighbours j <= i, so that the
		 * nodes appear in their order (igraph lists each edge once too) */
		int lgl_heads = 0;
		for (int i = 0; i < n; i++) {
			fprintf(f[18], "# v%d\n", i);
			int any = 0;
			for (int e = 0; e < m; e++)
				if (ev[e] == i) {
					any = 1;
					if (w)
						fprintf(f[18], "v%d %g\n", eu[e], ew[e]);
					else
						fprintf(f[18], "v%d\n", eu[e]);
				}
			lgl_heads += any;
		}
		free(dense);
		for (int k = 0; k < nf; k++)
			fclose(f[k]);
		rs_load_info info;
		rs_graph *ref = load(path[0], NULL, &info);
		for (int k = 1; k < nf; k++) {
			if (k == 1 && iso > 0)
				continue; /* names: isolated nodes are not in an edge list */
			if (k == 10 && w)
				continue; /* an adjacency list has no weights */
			if (k == 12 && n < 3)
				continue; /* too small to tell from an edge list without names */
			if (k == 14 && w)
				continue; /* SIF has no weights */
			if (k == 18 && lgl_heads < 2)
				continue; /* too few nodes with a list to tell from an edge list */
			rs_graph *g = load(path[k], NULL, &info);
			if (!same_graph(ref, g) && ++bad <= 5)
				printf("# graph %d (%d nodes, %d edges): %s differs\n", gi, n, m, files[k]);
			else if (k >= 11 && g &&
				 strcmp(info.format, k == 13 ? "adjlist" : k == 14 ? "sif" : k == 15 ? "dl" : k == 16 ? "json" : k == 17 ? "gexf" : k == 18 ? "lgl" : "matrix") &&
				 ++bad <= 5)
				printf("# graph %d (%d nodes): %s read as %s\n", gi, n, files[k], info.format);
			rs_graph_free(g);
		}
		rs_graph_free(ref);
		free(eu), free(ev), free(ew), free(deg);
	}
#undef NEXT
	tap_ok(graphs >= 30 && bad == 0, "%d random graphs in 19 formats load as the same graph (%d differ)", graphs,
	       bad);
}

static void random_small_graphs(void)
{
	uint64_t r = 20261123;
	/* one draw per statement: the order of the draws is the program's */
#define NEXT() lcg_next(&r)
	int cases = 0, bad = 0;
	for (int gi = 0; gi < 100; gi++) {
		char text[8192];
		int n0 = 3 + (int)(NEXT() % 12), n = n0;
		char body[8000];
		size_t bl = 0;
		static const double wts[] = {1, 1, 2, 3, 0.5};
		int bip = gi >= 60;
		if (bip) {
			/* rows 0..n0-1 with one to three columns of C, then groups of
			 * twin rows; an empty row and column now and then */
			int C = 2 + (int)(NEXT() % 11);
			for (int i = 0; i < n0; i++) {
				if (NEXT() % 100 >= 85)
					continue;
				for (int t = 1 + (int)(NEXT() % 3); t > 0; t--) {
					int c = (int)(NEXT() % (unsigned)C);
					double wt = wts[NEXT() % 5];
					bl += (size_t)snprintf(body + bl, sizeof body - bl, "%d %d %g\n", i, c, wt);
				}
			}
			for (int grp = (int)(NEXT() % 4); grp > 0; grp--) {
				int c0 = (int)(NEXT() % (unsigned)C);
				int c1 = (int)(NEXT() % (unsigned)C);
				for (int t = 2 + (int)(NEXT() % 2); t > 0; t--, n++)
					bl += (size_t)snprintf(body + bl, sizeof body - bl, "%d %d 1\n%d %d 1\n", n,
							       c0, n, c1);
			}
			int er = (int)(NEXT() % 2);
			int ec = (int)(NEXT() % 2);
			snprintf(text, sizeof text, "# rows: %d cols: %d\n%s", n + er, C + ec, body);
			small_file_case("random.biedges", text, gi, &cases, &bad);
			continue;
		}
		for (int i = 1; i < n0; i++) {
			if (NEXT() % 100 >= 85)
				continue;
			int a = (int)(NEXT() % (unsigned)i);
			double wt = wts[NEXT() % 5];
			bl += (size_t)snprintf(body + bl, sizeof body - bl, "%d %d %g\n", a, i, wt);
		}
		for (int x = (int)(NEXT() % (unsigned)(n0 + 1)); x > 0; x--) {
			int a = (int)(NEXT() % (unsigned)n0);
			int b = (int)(NEXT() % (unsigned)n0);
			double wt = wts[NEXT() % 5];
			if (a != b)
				bl += (size_t)snprintf(body + bl, sizeof body - bl, "%d %d %g\n", a, b, wt);
		}
		for (int grp = (int)(NEXT() % 4); grp > 0; grp--) {
			int nb[3], cnt = 1 + (int)(NEXT() % 3);
			for (int c = 0; c < cnt; c++)
				nb[c] = (int)(NEXT() % (unsigned)n0);
			for (int t = 2 + (int)(NEXT() % 3); t > 0; t--, n++)
				for (int c = 0; c < cnt; c++)
					bl += (size_t)snprintf(body + bl, sizeof body - bl, "%d %d 1\n", nb[c], n);
		}
		for (int x = (int)(NEXT() % 3); x > 0; x--) {
			int u = (int)(NEXT() % (unsigned)n);
			bl += (size_t)snprintf(body + bl, sizeof body - bl, "%d %d 2\n", u, u);
		}
		int iso = (int)(NEXT() % 3);
		snprintf(text, sizeof text, "# nodes: %d\n%s", n + iso, body);
		small_file_case("random.edges", text, gi, &cases, &bad);
	}
#undef NEXT
	tap_ok(bad == 0, "100 random small graphs (40 bipartite) with twins, loops and isolated nodes: "
			 "matrix-free and dense agree in %d of %d cases",
	       cases - bad, cases);
}

static void real_files(const char *data)
{
	char path[512];
	rs_load_info info;
	snprintf(path, sizeof path, "%s/polblogs/polblogs.gml", data);
	if (access(path, R_OK) != 0) {
		for (int i = 0; i < 6; i++)
			tap_ok(1, "# SKIP no ../shared/data");
		return;
	}
	rs_graph *g = load(path, NULL, &info);
	tap_ok(g && g->n == 1490 && info.symmetrized && info.labels && info.labels->nclass == 2,
	       "polblogs.gml: 1490 nodes, directed, 'value' labels");
	rs_labels_free(info.labels);
	rs_graph_free(g);
	snprintf(path, sizeof path, "%s/facebook/facebook_edges.csv", data);
	g = load(path, NULL, &info);
	tap_ok(g && g->n == 22470 && info.header_skipped, "facebook CSV with its header");
	reorder_check("facebook (6 windows)", g, RS_REORDER_WINDOW);
	reorder_check("facebook (44 windows)", g, 512);
	rs_graph_free(g);
	snprintf(path, sizeof path, "%s/email-eu-core/email-Eu-core.txt", data);
	g = load(path, NULL, &info);
	tap_ok(g && g->n == 1005 && g->loops > 0, "email-Eu-core SNAP text, self-loops kept");
	rs_graph_free(g);
	snprintf(path, sizeof path, "%s/ego-twitter/ego-twitter.edges.gz", data);
	g = load(path, NULL, &info);
	tap_ok(g && g->n == 81306 && rs_graph_edges(g) == 1342296, "ego-twitter, gzip: 81306 nodes, 1342296 edges");
	rs_graph_free(g);
	snprintf(path, sizeof path, "%s/20newsgroups/20newsgroups.biedges.gz", data);
	g = load(path, NULL, &info);
	tap_ok(g && g->bipartite && g->n == 18846 && g->m == 29800 && g->nnz == 2104286,
	       "20newsgroups: 18846 x 29800, 2104286 entries");
	rs_graph_free(g);
}

/* A random connected graph on nodes 0 .. n-1 as edge lines (a random
 * tree, then `extra` random pairs, self-loops skipped), in a buffer with
 * `room` bytes to spare after its *len. */
static char *random_graph_text(int n, int extra, uint64_t seed, size_t room, size_t *len)
{
	char *t = malloc((size_t)(n + extra) * 24 + room);
	size_t l = 0;
	for (int i = 1; i < n; i++)
		l += (size_t)sprintf(t + l, "%d %d\n", (int)(lcg_next(&seed) % (uint64_t)i), i);
	for (int q = 0; q < extra; q++) {
		int a = (int)(lcg_next(&seed) % (uint64_t)n), b = (int)(lcg_next(&seed) % (uint64_t)n);
		if (a != b)
			l += (size_t)sprintf(t + l, "%d %d\n", a, b);
	}
	*len = l;
	return t;
}

/* Isomorphic components: classes found (copies relabelled at random,
 * weights and self-loops telling copies apart, and graphs of equal degree
 * sequences that are not copies), every copy's mapping an isomorphism,
 * and the solver's multiplicities against LAPACK's. */
static void copies(void)
{
	size_t cap = 1 << 16, len = 0;
	char *text = malloc(cap);
#define EDGE(a, b, w)                                                                              \
	do {                                                                                       \
		if (len + 64 > cap)                                                                \
			text = realloc(text, cap *= 2);                                            \
		len += (size_t)sprintf(text + len, "%d %d %g\n", (int)(a), (int)(b), (double)(w)); \
	} while (0)
	/* a random connected 40-node graph, weights 1 and 2: three copies under
	 * random relabellings, and a fourth with one weight changed */
	int ea[400][3], ne = 0;
	uint64_t r = 777;
	for (int i = 1; i < 40; i++) {
		ea[ne][0] = (int)(lcg_next(&r) % (uint64_t)i);
		ea[ne][1] = i;
		ea[ne++][2] = 1 + (int)(lcg_next(&r) % 2);
	}
	for (int t = 0; t < 30; t++) {
		int a = (int)(lcg_next(&r) % 40), b = (int)(lcg_next(&r) % 40);
		int dup = a == b;
		for (int q = 0; q < ne && !dup; q++)
			dup = (ea[q][0] == a && ea[q][1] == b) || (ea[q][0] == b && ea[q][1] == a);
		if (!dup) {
			ea[ne][0] = a;
			ea[ne][1] = b;
			ea[ne++][2] = 1 + (int)(lcg_next(&r) % 2);
		}
	}
	int base = 0;
	for (int c = 0; c < 4; c++) {
		int perm[40];
		for (int i = 0; i < 40; i++)
			perm[i] = i;
		for (int i = 39; i > 0 && c > 0; i--) {
			int j = (int)(lcg_next(&r) % (uint64_t)(i + 1)), t = perm[i];
			perm[i] = perm[j];
			perm[j] = t;
		}
		for (int q = 0; q < ne; q++)
			EDGE(base + perm[ea[q][0]], base + perm[ea[q][1]],
			     c == 3 && q == ne - 1 ? 3 : ea[q][2]);
		base += 40;
	}
	/* four triangles, one with weights 2; three lone edges; two paths and
	 * two stars of four nodes (the same size and entries) */
	for (int c = 0; c < 5; c++, base += 3) {
		EDGE(base, base + 1, c == 4 ? 2 : 1);
		EDGE(base + 1, base + 2, c == 4 ? 2 : 1);
		EDGE(base, base + 2, c == 4 ? 2 : 1);
	}
	for (int c = 0; c < 3; c++, base += 2)
		EDGE(base, base + 1, 1);
	EDGE(base, base + 1, 1);
	EDGE(base + 1, base + 2, 1);
	EDGE(base + 2, base + 3, 1);
	base += 4;
	EDGE(base + 3, base + 2, 1);
	EDGE(base + 2, base + 1, 1);
	EDGE(base + 1, base, 1);
	base += 4;
	for (int c = 0; c < 2; c++, base += 4) {
		EDGE(base + c, base + (c + 1) % 4, 1);
		EDGE(base + c, base + (c + 2) % 4, 1);
		EDGE(base + c, base + (c + 3) % 4, 1);
	}
	/* 3-regular on six nodes: three K_3,3 (relabelled) and a prism, equal
	 * in every invariant the signature looks at */
	for (int c = 0; c < 3; c++, base += 6) {
		int side[6] = {0, 1, 2, 3, 4, 5};
		if (c == 1)
			side[0] = 3, side[3] = 0;
		if (c == 2)
			side[1] = 5, side[5] = 1, side[2] = 4, side[4] = 2;
		for (int a = 0; a < 3; a++)
			for (int b = 3; b < 6; b++)
				EDGE(base + side[a], base + side[b], 1);
	}
	EDGE(base, base + 1, 1);
	EDGE(base + 1, base + 2, 1);
	EDGE(base, base + 2, 1);
	EDGE(base + 3, base + 4, 1);
	EDGE(base + 4, base + 5, 1);
	EDGE(base + 3, base + 5, 1);
	EDGE(base, base + 3, 1);
	EDGE(base + 1, base + 4, 1);
	EDGE(base + 2, base + 5, 1);
	base += 6;
	/* self-loops 1.5, 1.5 and 2.5 on isolated nodes, then two nodes with no
	 * edge (the last id has a loop, so that they exist) */
	EDGE(base, base, 1.5);
	EDGE(base + 1, base + 1, 1.5);
	EDGE(base + 2, base + 2, 2.5);
	EDGE(base + 5, base + 5, 2.5);
#undef EDGE
	rs_load_info info;
	rs_graph *g = load(write_file("copies-mix.edges", text), NULL, &info);
	free(text);
	if (g == NULL) {
		tap_ok(0, "copies: the graph loads");
		return;
	}
	rs_err e = {0};
	const rs_copies *cp = rs_graph_copies(g, &e);
	tap_ok(cp != NULL && rs_graph_copies(g, &e) == cp, "copies: found once, then kept with the graph");
	if (cp == NULL) {
		rs_graph_free(g);
		return;
	}
	/* (size, copies) of each class expected, in any order */
	const long want[][2] = {{1, 2}, {1, 2}, {1, 2}, {2, 3}, {3, 4}, {4, 2}, {4, 2}, {6, 3}, {40, 3}};
	const int nwant = (int)(sizeof want / sizeof want[0]);
	int seen[16] = {0}, classes_ok = cp->nclass == nwant;
	for (long c = 0; c < cp->nclass && classes_ok; c++) {
		int hit = -1;
		for (int w = 0; w < nwant && hit < 0; w++)
			if (!seen[w] && want[w][0] == cp->size[c] && want[w][1] == cp->count[c])
				hit = w;
		classes_ok = hit >= 0;
		if (hit >= 0)
			seen[hit] = 1;
	}
	tap_ok(classes_ok && cp->dim == 1 + 1 + 1 + 4 + 9 + 4 + 4 + 12 + 80,
	       "copies: %ld classes, %ld eigenvectors known (want 9 classes, 116: loops 1.5, 2.5, "
	       "none; edges; triangles; paths; stars; K_3,3; the 40-node graph)",
	       cp->nclass, cp->dim);
	/* every copy's position-by-position map preserves every entry, and
	 * each copy is a whole component */
	int iso = 1;
	for (long c = 0; c < cp->nclass; c++) {
		int sz = cp->size[c];
		const int32_t *node = cp->node + cp->off[c];
		for (long j = 1; j < cp->count[c]; j++)
			for (int p = 0; p < sz; p++) {
				long x = node[p], y = node[j * sz + p];
				iso &= g->ptr[x + 1] - g->ptr[x] == g->ptr[y + 1] - g->ptr[y];
				for (int q = 0; q < sz; q++)
					iso &= weight(g, x, node[q]) == weight(g, y, node[j * sz + q]);
			}
	}
	tap_ok(iso, "copies: every copy maps onto the first entry by entry, weights and loops too");
	compare("copies of components, alpha 0.002 (multiplicities up to 3)", g, 0.002, 16);
	compare("copies of components, alpha 0.2", g, 0.2, 16);
	/* a random 300-node graph beside four triangles and five lone edges:
	 * from one start vector, Lanczos found three of the four copies of the
	 * edges' value (lambda 0.2217 at relative alpha 0.05) before they were
	 * known exactly */
	{
		size_t len2 = 0;
		char *t2 = random_graph_text(300, 600, 4242, 4096, &len2);
		for (int c = 0, b = 300; c < 4; c++, b += 3)
			len2 += (size_t)sprintf(t2 + len2, "%d %d\n%d %d\n%d %d\n", b, b + 1, b + 1,
						b + 2, b, b + 2);
		for (int c = 0, b = 312; c < 5; c++, b += 2)
			len2 += (size_t)sprintf(t2 + len2, "%d %d\n", b, b + 1);
		rs_graph *h = load(write_file("copies-beside.edges", t2), NULL, &info);
		free(t2);
		if (h) {
			compare("300 random nodes, 4 triangles, 5 lone edges, alpha 0.05 relative", h,
				rs_graph_rel_to_abs(h, 0.05), 16);
			rs_graph_free(h);
		}
	}
	/* pieces hanging from one node: five legs (paths of four) from node
	 * 0, three triangles from node 1 (by one corner each), four leaves
	 * from node 2, of a random 120-node graph */
	{
		size_t len3 = 0;
		char *t3 = random_graph_text(120, 240, 99, 4096, &len3);
		int b = 120;
		for (int c = 0; c < 5; c++, b += 4)
			len3 += (size_t)sprintf(t3 + len3, "0 %d\n%d %d\n%d %d\n%d %d\n", b, b, b + 1, b + 1,
						b + 2, b + 2, b + 3);
		for (int c = 0; c < 3; c++, b += 3)
			len3 += (size_t)sprintf(t3 + len3, "1 %d\n%d %d\n%d %d\n%d %d\n", b, b, b + 1, b + 1,
						b + 2, b, b + 2);
		for (int c = 0; c < 4; c++, b++)
			len3 += (size_t)sprintf(t3 + len3, "2 %d\n", b);
		rs_graph *h = load(write_file("copies-hanging.edges", t3), NULL, &info);
		free(t3);
		const rs_copies *hc = h ? rs_graph_copies(h, &e) : NULL;
		int legs = 0, tri = 0, leaves = 0;
		for (long c = 0; hc && c < hc->nclass; c++) {
			long first = hc->node[hc->off[c]];
			legs += hc->size[c] == 4 && hc->count[c] == 5 && first >= 120 && first < 140;
			tri += hc->size[c] == 3 && hc->count[c] == 3 && first >= 140 && first < 149;
			leaves += hc->size[c] == 1 && hc->count[c] == 4 && first >= 149;
		}
		tap_ok(legs == 1 && tri == 1 && leaves == 1,
		       "copies: pieces hanging from one node: the legs, triangles and leaves found "
		       "(%d, %d, %d of 1 each)",
		       legs, tri, leaves);
		if (h) {
			compare("legs, triangles and leaves hanging from nodes, alpha 0.01 relative", h,
				rs_graph_rel_to_abs(h, 0.01), 16);
			compare("legs, triangles and leaves hanging from nodes, alpha 1 relative", h,
				rs_graph_rel_to_abs(h, 1.0), 16);
			/* at alpha = 0 too: the pieces do not depend on alpha */
			compare("legs, triangles and leaves hanging from nodes, alpha 0", h, 0.0, 16);
			rs_graph_free(h);
		}
	}
	/* colour refinement: a cycle's nodes are all alike, a random graph's
	 * are not; a small symmetric graph goes to LAPACK unless Lanczos is
	 * asked for, and says so either way */
	{
		char t4[8192];
		size_t len4 = 0;
		for (int i = 0; i < 400; i++)
			len4 += (size_t)snprintf(t4 + len4, sizeof t4 - len4, "%d %d\n", i, (i + 1) % 400);
		rs_graph *cyc = load(write_file("cycle.edges", t4), NULL, &info);
		const rs_copies *cc = cyc ? rs_graph_copies(cyc, &e) : NULL;
		tap_ok(cc && cc->alike == 400 && cp->alike >= 0 && 2 * cp->alike < g->n,
		       "colour refinement: a cycle's 400 nodes alike (%ld), the mixed graph's %ld of %ld "
		       "outside its copies", cc ? cc->alike : -1, cp->alike, g->n);
		if (cyc) {
			double a = rs_graph_rel_to_abs(cyc, 0.05);
			rs_gsolve_opts o = {a, 6, 1e-10, 0, 1, NULL, NULL, NULL, 0, 0, RS_BASIS_AUTO};
			rs_spectrum *S = rs_graph_spectrum(cyc, &o, &e);
			rs_spectrum *D = rs_graph_spectrum_dense(cyc, a, 6, 5000, &e);
			int same = S && D && S->ngroups == D->ngroups;
			for (int j = 0; same && j < S->ngroups; j++)
				same = S->mult[j] == D->mult[j] && fabs(S->val[j] - D->val[j]) < 1e-10;
			tap_ok(same && S->solver == RS_SOLVER_DENSE && S->alike == 400 && S->mult[1] == 2,
			       "a cycle of 400 nodes: solved by LAPACK, every value twice, as LAPACK's own");
			rs_spectrum_free(S);
			o.lanczos_only = 1;
			S = rs_graph_spectrum(cyc, &o, &e);
			same = S && D && S->ngroups == D->ngroups;
			for (int j = 0; same && j < S->ngroups; j++)
				same = S->mult[j] == D->mult[j] && fabs(S->val[j] - D->val[j]) < 1e-10;
			tap_ok(S && S->solver == RS_SOLVER_LANCZOS && S->alike == 400 && S->rechecks > 0 &&
				       same,
			       "the cycle with Lanczos asked for: Lanczos ran %d more times, orthogonal to "
			       "what it had found, and every value is there twice, as LAPACK's own",
			       S ? S->rechecks : -1);
			rs_spectrum_free(S);
			rs_spectrum_free(D);
			rs_graph_free(cyc);
		}
		/* more symmetric graphs, Lanczos against LAPACK: a 12 x 12 torus
		 * (values four times over), a 20 x 20 grid (twice), and two
		 * cycles of 150 and 170 nodes beside a 10 x 10 torus (components
		 * that are not copies, at alpha = 0 too) */
		len4 = 0;
		char *t5 = malloc(1 << 14), *t6 = malloc(1 << 14), *t7 = malloc(1 << 14);
		size_t len5 = 0, len6 = 0, len7 = 0;
		for (int i = 0; i < 12; i++)
			for (int j = 0; j < 12; j++)
				len5 += (size_t)sprintf(t5 + len5, "%d %d\n%d %d\n", i * 12 + j,
							i * 12 + (j + 1) % 12, i * 12 + j,
							(i + 1) % 12 * 12 + j);
		for (int i = 0; i < 20; i++)
			for (int j = 0; j < 20; j++) {
				if (j + 1 < 20)
					len6 += (size_t)sprintf(t6 + len6, "%d %d\n", i * 20 + j, i * 20 + j + 1);
				if (i + 1 < 20)
					len6 += (size_t)sprintf(t6 + len6, "%d %d\n", i * 20 + j, i * 20 + j + 20);
			}
		for (int i = 0; i < 150; i++)
			len7 += (size_t)sprintf(t7 + len7, "%d %d\n", i, (i + 1) % 150);
		for (int i = 0; i < 170; i++)
			len7 += (size_t)sprintf(t7 + len7, "%d %d\n", 150 + i, 150 + (i + 1) % 170);
		for (int i = 0; i < 10; i++)
			for (int j = 0; j < 10; j++)
				len7 += (size_t)sprintf(t7 + len7, "%d %d\n%d %d\n", 320 + i * 10 + j,
							320 + i * 10 + (j + 1) % 10, 320 + i * 10 + j,
							320 + (i + 1) % 10 * 10 + j);
		/* a spider: three legs of 60 nodes from node 0 (at alpha = 0 too,
		 * where its pieces were once left to Lanczos, which found one
		 * copy of each leg's value) */
		size_t len8 = 0;
		char *t8 = malloc(1 << 13);
		for (int l = 0; l < 3; l++)
			for (int i = 0; i < 60; i++)
				len8 += (size_t)sprintf(t8 + len8, "%d %d\n", i ? 1 + l * 60 + i - 1 : 0,
							1 + l * 60 + i);
		rs_graph *spider = load(write_file("spider.edges", t8), NULL, &info);
		free(t8);
		if (spider) {
			compare("three legs of 60 from one node, alpha 0", spider, 0.0, 10);
			rs_graph_free(spider);
		}
		rs_graph *tor = load(write_file("torus.edges", t5), NULL, &info);
		rs_graph *grid = load(write_file("grid.edges", t6), NULL, &info);
		rs_graph *mix = load(write_file("cycles-torus.edges", t7), NULL, &info);
		free(t5);
		free(t6);
		free(t7);
		if (tor) {
			compare("a 12 x 12 torus, alpha 0.05 relative", tor, rs_graph_rel_to_abs(tor, 0.05), 10);
			compare("a 12 x 12 torus, alpha 0.05 relative, k = 3", tor,
				rs_graph_rel_to_abs(tor, 0.05), 3);
		}
		if (grid)
			compare("a 20 x 20 grid, alpha 1 relative", grid, rs_graph_rel_to_abs(grid, 1.0), 12);
		if (mix) {
			compare("cycles of 150 and 170 and a 10 x 10 torus, alpha 0", mix, 0.0, 12);
			compare("cycles of 150 and 170 and a 10 x 10 torus, alpha 0.05 relative", mix,
				rs_graph_rel_to_abs(mix, 0.05), 4);
		}
		rs_graph_free(tor);
		rs_graph_free(grid);
		rs_graph_free(mix);
		/* above 50,000 nodes a sample decides whether refinement runs: a
		 * cycle of 60,000 is refined (all alike), a random graph of
		 * 60,000 is not (-1) */
		char *t9 = malloc(60000 * 16);
		size_t len9 = 0;
		for (int i = 0; i < 60000; i++)
			len9 += (size_t)sprintf(t9 + len9, "%d %d\n", i, (i + 1) % 60000);
		rs_graph *big = load(write_file("cycle60k.edges", t9), NULL, &info);
		free(t9);
		t9 = random_graph_text(60000, 120000, 4321, 16, &len9);
		rs_graph *rnd = load(write_file("random60k.edges", t9), NULL, &info);
		free(t9);
		const rs_copies *cb = big ? rs_graph_copies(big, &e) : NULL;
		const rs_copies *cr = rnd ? rs_graph_copies(rnd, &e) : NULL;
		tap_ok(cb && cb->alike == 60000 && cr && cr->alike == -1,
		       "colour refinement above 50,000 nodes, when a sample shows symmetry: a cycle of "
		       "60,000 (%ld alike), not a random graph (%ld)",
		       cb ? cb->alike : -2, cr ? cr->alike : -2);
		rs_graph_free(big);
		rs_graph_free(rnd);
		/* a regular graph without symmetry: a cycle of 600 and a random
		 * perfect matching (no chord along the cycle), 3-regular.  Colour
		 * refinement alone learns nothing (every node has degree 3); one
		 * node singled out tells them all apart, so the graph is not taken
		 * as symmetric and Lanczos runs once, as LAPACK's values say it may */
		int perm[600];
		for (int i = 0; i < 600; i++)
			perm[i] = i;
		uint64_t st = 12345;
		int ok = 0;
		for (int tries = 0; tries < 100 && !ok; tries++) {
			for (int i = 599; i > 0; i--) {
				st = st * 6364136223846793005ULL + 1442695040888963407ULL;
				int j = (int)((st >> 33) % (uint64_t)(i + 1)), t = perm[i];
				perm[i] = perm[j];
				perm[j] = t;
			}
			ok = 1;
			for (int i = 0; i < 600; i += 2) {
				int dlt = abs(perm[i] - perm[i + 1]);
				ok &= dlt != 1 && dlt != 599;
			}
		}
		char *t10 = malloc(1 << 15);
		size_t len10 = 0;
		for (int i = 0; i < 600; i++)
			len10 += (size_t)sprintf(t10 + len10, "%d %d\n", i, (i + 1) % 600);
		for (int i = 0; i < 600; i += 2)
			len10 += (size_t)sprintf(t10 + len10, "%d %d\n", perm[i], perm[i + 1]);
		rs_graph *reg = ok ? load(write_file("cubic.edges", t10), NULL, &info) : NULL;
		free(t10);
		const rs_copies *cr3 = reg ? rs_graph_copies(reg, &e) : NULL;
		tap_ok(cr3 && cr3->alike >= 0 && 2 * cr3->alike < 600,
		       "a 3-regular graph without symmetry: a node singled out tells the others apart "
		       "(%ld of 600 alike)", cr3 ? cr3->alike : -2);
		if (reg) {
			double a = rs_graph_rel_to_abs(reg, 1.0);
			rs_gsolve_opts o = {a, 10, 1e-10, 0, 1, NULL, NULL, NULL, 0, 1, RS_BASIS_AUTO};
			rs_spectrum *S = rs_graph_spectrum(reg, &o, &e);
			tap_ok(S && S->solver == RS_SOLVER_LANCZOS && S->rechecks == 0,
			       "the 3-regular graph: Lanczos ran once (%d more runs)", S ? S->rechecks : -1);
			rs_spectrum_free(S);
			compare("the 3-regular graph, alpha 1 relative", reg, a, 10);
			rs_graph_free(reg);
		}
	}
	long before = cp->dim;
	rs_graph_add_noise(g, 3, &e);
	const rs_copies *after = rs_graph_copies(g, &e);
	tap_ok(after != NULL && after->dim == before + 2,
	       "copies: found again after noise (three loops of weight 1: %ld known, want %ld)",
	       after ? after->dim : -1, before + 2);
	rs_graph_free(g);
}

/* A Lanczos basis stored in float ('set basis float'): the pairs agree
 * with LAPACK's to the tolerance, the residual reported is measured (on
 * the operator, and below tol), and a tolerance float cannot reach is met
 * by solving again in double. */
static void float_basis_case(const char *what, const rs_graph *g, double alpha, int k, double tol,
			     int expect_single)
{
	if (dense_too_slow(g->n + g->m, 1000)) {
		for (int i = 0; i < 2; i++)
			tap_ok(1, "# SKIP %s: dense LAPACK under valgrind", what);
		return;
	}
	rs_err e = {0};
	rs_gsolve_opts o = {alpha, k, tol, 0, 1, NULL, NULL, NULL, 0, 1, RS_BASIS_FLOAT};
	rs_spectrum *A = rs_graph_spectrum(g, &o, &e);
	rs_spectrum *D = rs_graph_spectrum_dense(g, alpha, k, 5000, &e);
	if (A == NULL || D == NULL) {
		tap_ok(0, "%s: both solvers ran (%s)", what, e.msg);
		rs_spectrum_free(A);
		rs_spectrum_free(D);
		return;
	}
	double worst = A->nvec == D->nvec ? 0 : INFINITY;
	for (int c = 0; c < A->nvec && c < D->nvec; c++)
		worst = fmax(worst, fabs(A->lambda[c] - D->lambda[c]));
	double within = expect_single == 0 ? 1e-8 : 4 * tol;
	tap_ok(A->single == expect_single && worst < within && A->residual <= tol && A->residual > 0,
	       "%s: float basis (%s), eigenvalues within %.0e of LAPACK's (%.1e), measured residual "
	       "%.1e <= tol %g",
	       what, A->single > 0 ? "kept" : A->single < 0 ? "redone in double" : "not used", within,
	       worst, A->residual, tol);
	/* the eigenvectors, as far as the tolerance fixes them: with D-weights */
	long N = g->n + g->m;
	double angle = 0;
	for (int c = 0; c < A->nvec && c < D->nvec; c++) {
		if (rs_spectrum_multiplicity(A, c) > 1)
			continue;
		double s = 0;
		for (long i = 0; i < N; i++) {
			double d = i < g->n ? g->deg[i] + alpha * (double)(g->bipartite ? g->m : g->n)
					    : g->cdeg[i - g->n] + alpha * (double)g->n;
			s += A->vec[i + (size_t)c * N] * d * D->vec[i + (size_t)c * N];
		}
		angle = fmax(angle, fabs(1 - fabs(s)));
	}
	tap_ok(angle < (expect_single == 0 ? 1e-8 : 1e-6), "%s: eigenvectors agree (1 - |x^T D y| = %.1e)",
	       what, angle);
	rs_spectrum_free(A);
	rs_spectrum_free(D);
}

/* A symmetric graph at tol 1e-6: the values come with LAPACK's
 * multiplicities.  A float basis' Ritz values carry the storing's rounding
 * (2e-8 of the value on a grid, twenty times the 1e-9 that tied two
 * values), so copies were listed apart, or one fell below the floor of the
 * search for copies (a hypercube's 45 listed as fewer); the measured
 * vectors' Rayleigh quotients are used instead.  In double, a copy found
 * by a later run, orthogonal to pairs known to the tolerance only, was
 * 1.5e-8 off the first (a 100 x 100 grid): a Rayleigh-Ritz step over every
 * pair found now gives the values. */
static void symmetric_at_1e6(const char *what, const char *text, int k, int basis)
{
	rs_load_info info;
	rs_graph *g = load(write_file("sym.edges", text), NULL, &info);
	if (g == NULL) {
		tap_ok(0, "%s: loaded", what);
		return;
	}
	if (dense_too_slow(g->n, 1000)) {
		tap_ok(1, "# SKIP %s: dense LAPACK under valgrind", what);
		rs_graph_free(g);
		return;
	}
	double w = 0;
	for (long i = 0; i < g->n; i++)
		w += g->deg[i];
	double alpha = w / ((double)g->n * (double)g->n);
	rs_err e = {0};
	rs_gsolve_opts o = {alpha, k, 1e-6, 0, 1, NULL, NULL, NULL, 0, 1, basis};
	rs_spectrum *A = rs_graph_spectrum(g, &o, &e);
	/* the reference: LAPACK, or above 5,000 nodes Lanczos at tol 1e-10 */
	rs_gsolve_opts t = {alpha, k, 1e-10, 0, 1, NULL, NULL, NULL, 0, 1, RS_BASIS_DOUBLE};
	rs_spectrum *D = g->n <= 5000 ? rs_graph_spectrum_dense(g, alpha, k, 5000, &e)
				      : rs_graph_spectrum(g, &t, &e);
	double worst = A && D && A->nvec == D->nvec ? 0 : INFINITY;
	int same = A && D && A->nvec == D->nvec;
	char got[160] = "", want[160] = "";
	for (int c = 0; same && c < A->nvec; c++) {
		worst = fmax(worst, fabs(A->lambda[c] - D->lambda[c]));
		same &= rs_spectrum_multiplicity(A, c) == rs_spectrum_multiplicity(D, c);
		if (c == 0 || fabs(A->lambda[c] - A->lambda[c - 1]) > RS_EIG_TIE) {
			size_t l = strlen(got), m = strlen(want);
			snprintf(got + l, sizeof got - l, " %ld", rs_spectrum_multiplicity(A, c));
			snprintf(want + m, sizeof want - m, " %ld", rs_spectrum_multiplicity(D, c));
		}
	}
	int single = basis == RS_BASIS_FLOAT;
	tap_ok(same && worst < 1e-9 && A->single == single,
	       "%s, %s basis at tol 1e-6 (%s): multiplicities%s as %s's%s, values within %.1e",
	       what, single ? "float" : "double", A && A->single == single ? "as asked" : "not as asked",
	       got, g->n <= 5000 ? "LAPACK" : "tol 1e-10", want, worst);
	rs_spectrum_free(A);
	rs_spectrum_free(D);
	rs_graph_free(g);
}

static char *grid_edges(int r, int c)
{
	size_t cap = (size_t)r * (size_t)c * 32, len = 0;
	char *t = malloc(cap);
	for (int i = 0; i < r; i++)
		for (int j = 0; j < c; j++) {
			int v = i * c + j;
			if (j + 1 < c)
				len += (size_t)snprintf(t + len, cap - len, "%d %d\n", v, v + 1);
			if (i + 1 < r)
				len += (size_t)snprintf(t + len, cap - len, "%d %d\n", v, v + c);
		}
	return t;
}

static char *hypercube_edges(int d)
{
	size_t cap = ((size_t)1 << d) * (size_t)d * 16, len = 0;
	char *t = malloc(cap);
	for (int v = 0; v < 1 << d; v++)
		for (int b = 0; b < d; b++)
			if (v < (v ^ (1 << b)))
				len += (size_t)snprintf(t + len, cap - len, "%d %d\n", v, v ^ (1 << b));
	return t;
}

/* y = diag(dv) x: an operator whose eigenpairs are known. */
static void diag_op(void *ctx, const double *x, double *y)
{
	const double *dv = ctx;
	for (long i = 0; i < 4000; i++)
		y[i] = dv[i] * x[i];
}

/* The automatic basis size: 2.5 nev + 1, or 2 nev + 4 on cheap rows, at
 * least 16 more than nev; in double at most 40 more (k = 50 and 100 were
 * slower and larger without the cap), in float the full size (a float
 * basis of 2 nev floats holds the Ritz vectors in place). */
static void basis_size(void)
{
	static const struct {
		double row_cost; /* 22: the 2e5-node SBM's; 5: cheap rows */
		int single, nev, ncv;
		long space;
		int want;
		const char *what;
	} cases[] = {
		{22, 0, 22, 0, 1000000, 56, "nev 22 in double"},
		{22, 0, 52, 0, 1000000, 92, "nev 52 in double"},
		{22, 1, 52, 0, 1000000, 131, "nev 52 in float"},
		{5, 1, 52, 0, 1000000, 108, "nev 52, cheap rows, float"},
		{5, 0, 52, 0, 1000000, 92, "nev 52, cheap rows, double"},
		{5, 0, 22, 0, 1000000, 48, "nev 22, cheap rows, double"},
		{22, 0, 4, 0, 1000000, 20, "nev 4: 16 more"},
		{22, 0, 4, 0, 10, 10, "no more than the space"},
		{22, 0, 52, 70, 1000000, 70, "a set ncv is kept"},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		rs_lanczos_opts o = {0};
		o.row_cost = cases[c].row_cost;
		o.single = cases[c].single;
		o.nev = cases[c].nev;
		o.ncv = cases[c].ncv;
		int m = rs_lanczos_ncv(&o, cases[c].space);
		tap_ok(m == cases[c].want, "ncv, %s: %d (%d)", cases[c].what, cases[c].want, m);
	}
}

static void float_basis(void)
{
	/* rs_lanczos itself: tol 1e-10 with a float basis is solved again in
	 * double, and the pairs are the operator's */
	double *dv = malloc(4000 * sizeof *dv);
	for (long i = 0; i < 4000; i++)
		dv[i] = 0.3 + 0.6 * (double)((i * 2654435761u) % 4000) / 4000.0;
	dv[17] = 0.97, dv[123] = 0.96, dv[999] = 0.95;
	rs_lanczos_opts lo = {6, 0, 1e-10, 0, 1, NULL, NULL, NULL, 0, 0, 0.0, 0, 0.0, 0, 0.0, 0.0, 1};
	rs_lanczos_out L;
	rs_err e = {0};
	int rc = rs_lanczos(4000, diag_op, NULL, dv, &lo, &L, &e);
	double worst = rc == 0 ? 0 : INFINITY;
	const double top[6] = {0.97, 0.96, 0.95, 0.3 + 0.6 * 3999 / 4000.0, 0.3 + 0.6 * 3998 / 4000.0,
			       0.3 + 0.6 * 3997 / 4000.0};
	for (int c = 0; rc == 0 && c < 6; c++)
		worst = fmax(worst, fabs(L.theta[c] - top[c]) + L.resid[c]);
	tap_ok(rc == 0 && L.single == -1 && worst < 1e-9,
	       "Lanczos, float basis at tol 1e-10: solved again in double (%d), values and residuals %.1e",
	       rc == 0 ? L.single : 9, worst);
	lo.tol = 1e-6;
	rs_lanczos_out_free(&L);
	rc = rs_lanczos(4000, diag_op, NULL, dv, &lo, &L, &e);
	worst = rc == 0 ? 0 : INFINITY;
	for (int c = 0; rc == 0 && c < 6; c++)
		worst = fmax(worst, fabs(L.theta[c] - top[c]) / top[c] + L.resid[c] / top[c]);
	tap_ok(rc == 0 && L.single == 1 && worst < 2e-6,
	       "Lanczos, float basis at tol 1e-6: kept (%d), values and measured residuals %.1e",
	       rc == 0 ? L.single : 9, worst);
	rs_lanczos_out_free(&L);
	free(dv);

	long sizes[3] = {900, 700, 400};
	double P[9];
	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 3; b++)
			P[a * 3 + b] = a == b ? 0.01 : 0.0005;
	rs_graph *g = rs_sbm(sizes, 3, P, 0, 7, NULL, &e);
	double w = 0;
	for (long i = 0; g && i < g->n; i++)
		w += g->deg[i];
	double rel1 = w / ((double)g->n * (double)g->n);
	float_basis_case("SBM of 2,000 nodes, relative alpha 1, k = 10", g, rel1, 10, 1e-6, 1);
	/* alpha = 0: components and isolated nodes deflated, a projection */
	float_basis_case("SBM of 2,000 nodes, alpha 0, k = 10", g, 0.0, 10, 1e-6, 1);
	/* tol 1e-10: out of float's reach, a double basis */
	float_basis_case("SBM of 2,000 nodes, relative alpha 1, tol 1e-10", g, rel1, 10, 1e-10, 0);
	rs_graph_free(g);
	rs_load_info info;
	char *text = random_biedges(1500, 1000, 4000, 99);
	g = load(write_file("float.biedges", text), NULL, &info);
	free(text);
	w = 0;
	for (long i = 0; g && i < g->n; i++)
		w += g->deg[i];
	if (g)
		float_basis_case("bipartite 1500 x 1000 (M M^T), relative alpha 1, k = 8", g,
				 w / ((double)g->n * (double)g->m), 8, 1e-6, 1);
	rs_graph_free(g);
	text = grid_edges(40, 40);
	symmetric_at_1e6("40 x 40 grid, k = 20", text, 20, RS_BASIS_FLOAT);
	free(text);
	text = hypercube_edges(10);
	symmetric_at_1e6("hypercube of dimension 10, k = 12", text, 12, RS_BASIS_FLOAT);
	free(text);
	text = grid_edges(100, 100);
	symmetric_at_1e6("100 x 100 grid, k = 20", text, 20, RS_BASIS_DOUBLE);
	free(text);
}

int main(void)
{
	rs_blas_single_thread();
	snprintf(dir, sizeof dir, "/tmp/rs-unit-XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 99;
	const char *data = getenv("RS_DATA");
	if (data == NULL)
		data = "../shared/data";
	readers();
	format_round_trip();
	build_against_dense();
	subgraphs();
	sbm_stats();
	sbm_planted();
	solvers(data);
	copies();
	reduced_basis();
	basis_size();
	float_basis();
	random_small_graphs();
	real_files(data);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 99;
	return tap_done();
}
