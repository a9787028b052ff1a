/* session.h: the state a person changes at the prompt.
 *
 * The session owns the model, the regularization (alpha, its mode), k, the
 * seed, the output settings and the cached spectrum.  Changing alpha, eps,
 * the model or the solver invalidates the cache; changing a view (signs,
 * mu, the format) does not.
 */
#ifndef RS_SESSION_H
#define RS_SESSION_H

#include "blockmodel.h"
#include "graph.h"
#include "graphio.h"
#include "labels.h"
#include "plot.h"
#include "rbasis.h"
#include "result.h"
#include "spectrum.h"

#include <stdio.h>

#define RS_SOURCE_DEPTH_MAX 50

/* The rows of a long table a terminal is shown by default ('set rows'). */
#define RS_ROWS_AUTO 40

/* A loaded file with node attributes, for 'labels ATTR' to read one again. */
struct rs_loaded {
	char *path;
	rs_load_opts opts;  /* the options it was read with (its weight_name
	                       pointing at weight, which it owns)          */
	char *weight;
	char *attrs;        /* its node attributes, ", "-separated        */
	long n;             /* its nodes                                  */
	int32_t *index;     /* each original node's number in it after
	                       'component' (NULL: the same)              */
};

typedef struct rs_session {
	rs_model *model;      /* a block model, or                  */
	rs_graph *graph;      /* a sparse graph (loaded, generated)  */
	char *graph_desc;     /* where the graph came from           */
	char *graph_input;    /* how a loaded file was read, for info */
	struct rs_loaded *loaded; /* the file 'load' read, where it has
	                         node attributes ('labels ATTR'), or NULL */
	rs_labels *labels;    /* ground truth of the graph, or NULL   */
	int bip_adjacency;    /* bipartite graph: regularize the whole
	                         [[0,B],[B^T,0]] graph instead of B     */
	rs_graph *adj;        /* that graph, built on demand          */
	double tol;           /* iterative solver tolerance          */
	int ncv;              /* Lanczos basis size (0 = auto)        */
	int basis;            /* how it is stored: RS_BASIS_*         */
	double alpha;         /* as typed, in the active mode     */
	int alpha_rel;        /* 1: relative (alpha w / n^2)       */
	int alpha_mode_set;   /* the mode was chosen by the user   */
	long k;               /* embedding dimension; 0 = auto     */
	unsigned long seed;
	enum rs_solver solver;
	long dense_max;

	enum rs_format format;
	int digits;
	int echo;
	int bail;
	int verbose;
	int no_warm;          /* 'set warm off': every solve starts cold   */
	long rows;            /* 'set rows': a table's rows shown at a   */
	                      /* terminal (0: auto, 40; -1: all)        */
	struct rs_shown {     /* the command running: its tables' middles */
		size_t keep;  /* to leave out of what a terminal shows  */
		int n;
		rs_cut cut[8];
	} shown;
	struct rs_swept {     /* the last 'sweep's range, for 'plot sweep' */
		int set, rel, logscale;
		double from, to;
		long steps;
	} swept;
	rs_plotcfg plot;      /* plot output, terminal, dump          */

	rs_spectrum *spec;    /* cache, valid for spec_alpha and spec_k */
	double spec_alpha;
	long spec_k;
	rs_spectrum *prev;    /* the solution before, for warm starts */
	rs_rbasis *rb;        /* the solutions along alpha (rbasis.h)  */
	unsigned long spec_serial;  /* counts the solutions put in spec   */
	unsigned long ahead_serial; /* the prompt's look-ahead (idle.h):  */
	int ahead_done;             /* for which solution, what is done,  */
	double ahead_alpha;         /* around which alpha                 */
	struct rs_kept {            /* its solutions, kept for the step   */
		rs_spectrum *spec;  /* that asks for their alpha, with the */
		double alpha, tol;  /* settings they were solved under     */
		long k;
		int ncv, solver, basis;
		unsigned long seed;
	} kept[2];
	int kept_next;              /* the slot the next one goes to      */
	int32_t *clusters;    /* the last clustering (nodes), or NULL */
	long *sbm_sizes;      /* how the graph was generated, when by sbm: */
	double *sbm_P;        /* experiments draw new instances from it    */
	double sbm_pin, sbm_pout; /* when sbm_P is NULL                     */
	int sbm_K, sbm_loops;
	struct rs_expt {      /* the last experiment, for plot scores   */
		int nk, nn, na;
		double *K, *noise, *alpha;
		double *mean;     /* [(k * nn + noise) * na + alpha][8]    */
		char *desc;
	} expt;
	long nclustered;
	int nclusters;

	rs_result *last;      /* the last result, for expect       */
	char *last_text;      /* and its output as printed         */

	/* the sources being run, innermost last, for messages and loops */
	const char *src_name[RS_SOURCE_DEPTH_MAX + 2];
	char *src_real[RS_SOURCE_DEPTH_MAX + 2];
	int depth;
	int interactive;      /* reading commands from a person    */
	int commands_on_stdin; /* reading them from standard input  */
	int sandbox;          /* untrusted input: no files, no programs, small sizes */
	long sandbox_nodes;   /* the sandbox's size limits (RS_SANDBOX_*;   */
	long sandbox_edges;   /* the fuzzer lowers them to run faster)      */
	int failures;         /* commands that failed              */
	int check_only;       /* --check: commands read, not run   */
	long checked;         /* --check: the commands read        */
	int write_errno;      /* the first failed write of output  */
	int quit;             /* quit requested                    */
	int exit_code;
} rs_session;

rs_session *session_new(void);
void session_free(rs_session *s);

/* Replace the model (takes ownership), drop the cache, clamp k. */
void session_set_model(rs_session *s, rs_model *M, FILE *out);
/* Replace the graph and its labels (takes ownership of all three). */
/* Free a struct rs_loaded (NULL: nothing). */
void session_loaded_free(struct rs_loaded *ld);
void session_set_graph(rs_session *s, rs_graph *g, rs_labels *L, char *desc);
/* The graph the solver sees (the adjacency form of a bipartite graph when
 * bip_adjacency is on). */
const rs_graph *session_solver_graph(rs_session *s, rs_err *e);
/* Nodes of what is being embedded. */
long session_nodes(const rs_session *s);
/* "cliques 5 3 2" or "load polblogs.edges": one line. */
void session_describe(const rs_session *s, char *buf, size_t len);
/* Relative alpha factor: alpha_abs per unit of relative alpha (0 if none). */
double session_rel_factor(const rs_session *s);
/* 0 when alpha value a, in the mode the session takes it (relative or
 * absolute), is within what the graph can be solved at (RS_ALPHA_REL_MAX
 * times the mean pair weight; anything without a graph); else -1 with a
 * message that names what, e.g. "TO". */
int session_alpha_ok(const rs_session *s, int rel, double a, const char *what, rs_err *e);
void session_invalidate(rs_session *s);
/* Drop the cached and previous solutions and the reduced basis (the graph
 * or the problem changed). */
void session_forget_solutions(rs_session *s);
/* Keep S, a look-ahead's solution at absolute alpha solved under the
 * session's current settings (k, tol, ncv, solver, seed), for the step
 * that asks for that alpha; the session owns S from now on. */
void session_keep_ahead(rs_session *s, rs_spectrum *S, double alpha, long k);
/* The session's reduced basis (created on first use), or NULL with 'set
 * warm off'. */
rs_rbasis *session_rbasis(rs_session *s);
/* The absolute pair weight for the current alpha and mode. */
double session_alpha_abs(const rs_session *s);
/* Effective k for the current model (auto resolved). */
long session_k(const rs_session *s);
/* 0 when there is something to embed (a graph of 2 nodes or more); else
 * -1 with a message. */
int session_need_nodes(const rs_session *s, rs_err *e);
/* The row of S's vectors that holds node i (a block model's solution holds
 * one row per block and part). */
long session_vec_row(const rs_session *s, const rs_spectrum *S, long i);
/* The embedding's columns x_2 .. x_{c+1} of S: k, or fewer when S has fewer
 * (a block model's spectrum holds every block's vector, whatever k). */
long session_cols(const rs_session *s, const rs_spectrum *S);
/* The spectrum at the current alpha (cached); NULL with a message. */
const rs_spectrum *session_spectrum(rs_session *s, rs_err *e);
/* In the sandbox, refuse models and graphs past these sizes (defaults of
 * sandbox_nodes and sandbox_edges), and experiments, restarts, sweeps past
 * these counts. */
#define RS_SANDBOX_NODES 100000
#define RS_SANDBOX_EDGES 1000000
#define RS_SANDBOX_REPS 10
#define RS_SANDBOX_RESTARTS 20
int session_sandbox_size(const rs_session *s, double nodes, double edges, rs_err *e);
/* Require a model; fills e when there is none. */
int session_need_model(const rs_session *s, rs_err *e);

/* 'set solver auto' solves graphs of at most this many nodes with LAPACK. */
#define SESSION_DENSE_AUTO 300

#endif
