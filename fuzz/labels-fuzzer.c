/* labels-fuzzer.c: libFuzzer harness for the labels reader and the class
 * names reader.  The first byte picks the graph the labels are read for:
 * 40 numbered nodes, 12 named nodes ("a1".."a12", so 'node label' lines can
 * name them), or the named graph with 5 noise nodes appended (labels cover
 * the original nodes only).  The rest is the labels file's text; when it
 * loads, its class sizes are counted and the same bytes are read as class
 * names. */
#include <config.h>

#include "graphio.h"
#include "labels.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static rs_graph *make_graph(int which)
{
	char text[1024];
	size_t len = 0;
	if (which == 0) {
		for (int i = 0; i < 40; i++)
			len += (size_t)snprintf(text + len, sizeof text - len, "%d %d\n", i, (i + 1) % 40);
	} else {
		for (int i = 1; i <= 12; i++)
			len += (size_t)snprintf(text + len, sizeof text - len, "a%d a%d\n", i, i % 12 + 1);
	}
	rs_load_opts o = {RS_GF_EDGES, 0, 0, RS_MERGE_SUM, -1, -1, 1000, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	rs_load_info info;
	rs_err e;
	rs_graph *g = rs_graph_parse(text, len, "fuzz-graph", &o, &info, &e);
	if (g == NULL) {
		fprintf(stderr, "labels-fuzzer: cannot build its graph: %s\n", e.msg);
		abort();
	}
	rs_labels_free(info.labels);
	if (which == 2 && rs_graph_add_noise(g, 5, &e) != 0) {
		fprintf(stderr, "labels-fuzzer: cannot add noise: %s\n", e.msg);
		abort();
	}
	return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static rs_graph *graphs[3];
	if (graphs[0] == NULL)
		for (int i = 0; i < 3; i++)
			graphs[i] = make_graph(i);
	if (size < 1 || size > 65536)
		return 0;
	const rs_graph *g = graphs[data[0] % 3];
	size_t len = size - 1;
	char *buf = malloc(len + 1);
	char *copy = malloc(len + 1);
	if (buf == NULL || copy == NULL)
		abort();
	memcpy(buf, data + 1, len);
	buf[len] = '\0';
	memcpy(copy, buf, len + 1);
	rs_err e;
	rs_labels *L = rs_labels_parse(buf, "fuzz", g, &e);
	if (L == NULL) {
		free(copy);
		return 0;
	}
	if (L->n != g->orig_n)
		abort();
	long *sizes = rs_labels_sizes(L, &e);
	if (sizes) {
		long total = 0;
		for (int c = 0; c < L->nclass; c++)
			total += sizes[c];
		if (total > L->n)
			abort();
		free(sizes);
	}
	rs_labels_parse_names(L, copy, &e);
	rs_labels_free(L);
	return 0;
}
