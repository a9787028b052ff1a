/* labels.h: ground-truth classes of the nodes of a graph. */
#ifndef RS_LABELS_H
#define RS_LABELS_H

#include "graph.h"
#include "rs-err.h"

typedef struct rs_labels {
	long n;            /* nodes covered (the graph's original nodes)   */
	int32_t *y;        /* class of each node, -1 = unlabelled          */
	int nclass;
	char **class_names; /* nclass names, or NULL                       */
	long labelled;
	long communities;  /* read as one community a line (SNAP's form):
			      their count, else 0                           */
	long in_several;   /* ... the nodes listed in several, unlabelled   */
} rs_labels;

/* Read labels for g: one label a line (line i = node i), or "node label"
 * pairs naming nodes by id or name.  Integer classes keep their values
 * (-1 = unlabelled); other tokens become classes in order of appearance.
 * A file whose lines list nodes only, some line three or more, is one
 * community a line (SNAP's ground-truth communities): community c is
 * class c, and a node listed in several is left unlabelled. */
rs_labels *rs_labels_read(const char *path, const rs_graph *g, rs_err *e);
/* The same from text in memory (NUL-terminated, taken over and freed);
 * path names it in messages. */
rs_labels *rs_labels_parse(char *buf, const char *path, const rs_graph *g, rs_err *e);
/* The same, where a header line names the columns (a node table such as
 * Gephi's 'Id,Label,modularity_class'): the labels from the column named
 * column, or (NULL) from the one class word among them ('class',
 * 'community', 'modularity_class', ...; else a lone 'label'). */
rs_labels *rs_labels_read_column(const char *path, const rs_graph *g, const char *column, rs_err *e);
rs_labels *rs_labels_parse_column(char *buf, const char *path, const rs_graph *g, const char *column,
				  rs_err *e);
/* "id<TAB>name" lines naming the classes. */
int rs_labels_read_names(rs_labels *L, const char *path, rs_err *e);
int rs_labels_parse_names(rs_labels *L, char *buf, rs_err *e); /* buf taken over */
rs_labels *rs_labels_from_ints(const int32_t *y, long n, rs_err *e);
/* The same rules from n strings (a node attribute): integers are classes,
 * '' or NULL or -1 unlabelled, other names classes in order of appearance. */
rs_labels *rs_labels_from_strings(const char *const *v, long n, rs_err *e);
/* The labels of a subgraph: node i of it was node old[i] (n of them,
 * increasing; those past L->n, noise, are left out).  Classes that lose
 * all their nodes are dropped and the rest renumbered in order, numbered
 * classes then named by their old numbers. */
rs_labels *rs_labels_subset(const rs_labels *L, const int32_t *old, long n, rs_err *e);
/* The name of class y, or NULL (unlabelled, numbered classes, no name). */
const char *rs_labels_class_name(const rs_labels *L, long y);
void rs_labels_free(rs_labels *L);
/* The classes that hold a node: what counts as the number of classes
 * (K_true).  Integer classes keep their numbers, so nclass counts up to
 * the largest: labels 1 .. K leave class 0 empty, and nclass is K + 1. */
int rs_labels_classes(const rs_labels *L);
/* Class sizes (nclass entries, allocated). */
long *rs_labels_sizes(const rs_labels *L, rs_err *e);

#endif
