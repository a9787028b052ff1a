/* graph-fuzzer.c: libFuzzer harness for the graph and label readers.  The
 * first byte picks the format (edge list, Matrix Market, biedges, GML,
 * GraphML, Pajek, METIS, dense matrix, adjacency list, SIF, or found from the
 * content, DIMACS included; bipartite or not), the rest is the file's text (or,
 * by its first bytes, a zip archive or a NumPy array, whatever the format); a graph
 * that loads is then read for labels from the same bytes and embedded.  The
 * text is also judged as JSON that could be a graph (how a folder's or an
 * archive's files are told apart). */
#include <config.h>

#include "graphio.h"
#include "gspectrum.h"
#include "jsongraph.h"
#include "lanczos.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int init;
	if (!init) {
		rs_blas_single_thread();
		init = 1;
	}
	if (size < 1 || size > 65536)
		return 0;
	static const enum rs_gformat fmts[] = {RS_GF_EDGES, RS_GF_MTX, RS_GF_BIEDGES, RS_GF_GML,
					       RS_GF_GRAPHML, RS_GF_PAJEK, RS_GF_AUTO, RS_GF_METIS};
	rs_load_opts o = {fmts[data[0] & 7], (data[0] >> 3) & 1, (data[0] >> 4) & 1,
			  (data[0] >> 5) & 1 ? RS_MERGE_SUM : RS_MERGE_MAX, -1, -1, 100000, (data[0] >> 6) & 1,
			  (data[0] >> 7) & 1 ? "label" : NULL, RS_IDS_AUTO,
			  (data[0] >> 7) & 1 ? "value" : NULL, NULL}; /* with the labels: a weight by name */
	/* 'bipartite' is refused with these formats: the bit picks others */
	if (o.bipartite && o.format == RS_GF_METIS)
		o.format = RS_GF_MATRIX; /* a dense matrix, read as a biadjacency */
	else if (o.bipartite && (o.format == RS_GF_PAJEK || o.format == RS_GF_GRAPHML || o.format == RS_GF_GML))
		o.format = o.format == RS_GF_PAJEK ? RS_GF_MATRIX : o.format == RS_GF_GML ? RS_GF_SIF : RS_GF_ADJLIST,
		o.bipartite = 0;
	size_t len = size - 1;
	char *buf = malloc(len + 1);
	memcpy(buf, data + 1, len);
	buf[len] = '\0';
	(void)rs_json_graph_like(buf);
	rs_load_info info;
	rs_err e;
	rs_graph *g = rs_graph_parse(buf, len, "fuzz", &o, &info, &e);
	free(buf);
	rs_labels_free(info.labels);
	if (g == NULL)
		return 0;
	if (g->n + g->m <= 2000 && g->n + g->m >= 3) {
		/* the input's length picks the basis: float (half of the
		 * inputs) or what auto picks, double at these sizes */
		rs_gsolve_opts so = {(data[0] >> 6) & 1 ? 0.0 : 0.1, 1, 1e-6, 0, 1, NULL, NULL, NULL, 0, 0,
				     len % 2 ? RS_BASIS_FLOAT : RS_BASIS_AUTO};
		rs_spectrum *S = rs_graph_spectrum(g, &so, &e);
		rs_spectrum_free(S);
	}
	rs_graph_free(g);
	return 0;
}
