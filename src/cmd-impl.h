/* cmd-impl.h: the handlers the command table points at (cmd-*.c). */
#ifndef RS_CMD_IMPL_H
#define RS_CMD_IMPL_H

#include "cmd.h"

#define CMD_FN(name) int cmd_##name(rs_session *s, int argc, char **argv, FILE *out, rs_err *e)
/* what 'regspec --check' asks of a command's words (rs_check_fn) */
#define CHECK_FN(name) int check_##name(const rs_session *s, int argc, char **argv, rs_err *e)

/* cmd-model.c */
CMD_FN(cliques);
CHECK_FN(cliques);
CMD_FN(bicliques);
CHECK_FN(bicliques);
CMD_FN(eps);
CHECK_FN(eps);
/* cmd-graph.c */
CMD_FN(load);
CHECK_FN(load);
CMD_FN(labels);
CHECK_FN(labels);
CMD_FN(save);
CHECK_FN(save);
CMD_FN(sbm);
CHECK_FN(sbm);
CMD_FN(noise);
CHECK_FN(noise);
CMD_FN(component);
CHECK_FN(component);
/* cmd-spectral.c */
CMD_FN(eig);
CHECK_FN(eig);
CMD_FN(mu);
CMD_FN(signs);
CMD_FN(embed);
CHECK_FN(embed);
CMD_FN(sweep);
CHECK_FN(sweep);
/* cmd-session.c */
CMD_FN(alpha);
CMD_FN(k);
CMD_FN(seed);
CMD_FN(info);
CMD_FN(set);
CHECK_FN(alpha);
CHECK_FN(k);
CHECK_FN(seed);
CHECK_FN(set);
CMD_FN(watch);
CMD_FN(plot);
CHECK_FN(plot);
/* cmd-spectral.c: a model or graph to embed, with an informative
 * eigenvector (a block model of one block has none): 0, or -1 and e. */
int cmd_need_k(rs_session *s, rs_err *e);
CMD_FN(cluster);
CHECK_FN(cluster);
CMD_FN(score);
CMD_FN(experiment);
CHECK_FN(experiment);
int cmd_save_clusters(rs_session *s, const char *path, rs_err *e);
/* cmd-graph.c: one value a node, v[0 .. n-1] (a class of names[], or a
 * number); a .csv or .tsv path gets a 'node,COLUMN' table with the node
 * and class names, any other one number a line. */
int cmd_save_node_values(rs_session *s, const char *path, const char *column, const int32_t *v,
			 long n, char *const *names, int nnames, rs_err *e);
/* cmd-plot.c: the embedding's scatter to gnuplot, for the live view's 'p'. */
int cmd_plot_view(rs_session *s, int I, int J, FILE *out, rs_err *e);
/* cmd-script.c */
CMD_FN(echo);
CMD_FN(print);
CMD_FN(pause);
CMD_FN(expect);
CHECK_FN(expect);
CMD_FN(source);
CMD_FN(help);
CMD_FN(quit);
CHECK_FN(echo);
CHECK_FN(help);
CHECK_FN(quit);

/* cmd-script.c: a file named in a script: as given, or beside the script
 * when it is not found from the current directory (allocated). */
char *cmd_resolve_path(const rs_session *s, const char *path);
/* cmd-script.c: run a script file as a nested source (also used by main). */
int cmd_source_file(rs_session *s, const char *path, FILE *out, rs_err *e);

#endif
