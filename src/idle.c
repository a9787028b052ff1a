/* idle.c: the prompt's look-ahead (see idle.h). */
#include <config.h>

#include "idle.h"

#include "gspectrum.h"
#include "lanczos.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

/* bits of s->ahead_done */
#define UP 1       /* alpha x RS_AHEAD_STEP is in the basis */
#define DOWN 2     /* alpha / RS_AHEAD_STEP is */
#define NO_GAIN 4  /* the basis took no part: nothing to look ahead for */

struct rs_idle {
	pthread_t th;
	const rs_graph *g;
	const rs_spectrum *warm;
	rs_rbasis *rb;
	double tol;
	int lanczos_only;
	int ncv, k, basis;
	unsigned long seed;
	double a[2];     /* the alphas to solve, first first */
	int bit[2];      /* and their bits */
	int na;
	int done;        /* bits done, written by the thread, read after join */
	rs_spectrum *keep[2]; /* what they found, for the session to keep */
	rs_cancel cancel;
};

static void *idle_main(void *arg)
{
	rs_idle *w = arg;
	rs_bind_threads(); /* this thread's OpenMP team is a new one */
	for (int i = 0; i < w->na && !w->cancel; i++) {
		long offers = rs_rbasis_offers(w->rb);
		rs_err e = {0};
		rs_gsolve_opts o = {w->a[i], w->k, w->tol, w->ncv, w->seed, w->warm, &w->cancel, w->rb, 1,
				    w->lanczos_only, w->basis};
		rs_spectrum *S = rs_graph_spectrum(w->g, &o, &e);
		int in_play = rs_rbasis_offers(w->rb) != offers;
		if (S != NULL)
			w->done |= w->bit[i]; /* kept, in the basis, or answered by it */
		if (S != NULL && rs_ahead_keepable(S))
			w->keep[i] = S;
		else
			rs_spectrum_free(S);
		if (!in_play && w->keep[i] == NULL) {
			w->done |= NO_GAIN;
			break;
		}
	}
	return NULL;
}

rs_idle *idle_start(rs_session *s)
{
	const rs_spectrum *S = s->spec;
	if (s->no_warm || s->graph == NULL || S == NULL || S->solver != RS_SOLVER_LANCZOS)
		return NULL;
	double a = s->spec_alpha;
	if (!(a > 0) || a != session_alpha_abs(s) || s->spec_k != session_k(s))
		return NULL; /* alpha 0 has no basis; a stale solution, none */
	rs_err e = {0};
	const rs_graph *g = session_solver_graph(s, &e);
	if (g == NULL || g->bipartite || S->rows != g->n + g->m)
		return NULL;
	if (s->ahead_serial != s->spec_serial) {
		/* a new solution: look ahead from it, the way alpha went first */
		s->ahead_serial = s->spec_serial;
		s->ahead_done = 0;
	}
	int first_down = a < s->ahead_alpha;
	if (s->ahead_done & NO_GAIN || (s->ahead_done & (UP | DOWN)) == (UP | DOWN))
		return NULL;
	rs_rbasis *rb = session_rbasis(s);
	if (rb == NULL)
		return NULL;
	rs_idle *w = calloc(1, sizeof *w);
	if (w == NULL)
		return NULL;
	w->g = g;
	w->warm = S;
	w->rb = rb;
	w->tol = s->tol;
	w->lanczos_only = s->solver == RS_SOLVER_LANCZOS;
	w->ncv = s->ncv;
	w->basis = s->basis;
	w->k = (int)s->spec_k;
	w->seed = s->seed;
	const int order[2] = {first_down ? DOWN : UP, first_down ? UP : DOWN};
	for (int i = 0; i < 2; i++) {
		if (s->ahead_done & order[i])
			continue;
		w->a[w->na] = order[i] == UP ? a * RS_AHEAD_STEP : a / RS_AHEAD_STEP;
		w->bit[w->na++] = order[i];
	}
	/* signals stay with the prompt's thread (readline's handlers) */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	int rc = pthread_create(&w->th, NULL, idle_main, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		free(w);
		return NULL;
	}
	return w;
}

void idle_stop(rs_session *s, rs_idle *w)
{
	if (w == NULL)
		return;
	w->cancel = 1;
	pthread_join(w->th, NULL);
	for (int i = 0; i < w->na; i++)
		if (w->keep[i])
			session_keep_ahead(s, w->keep[i], w->a[i], w->k);
	s->ahead_done |= w->done;
	s->ahead_alpha = s->spec_alpha;
	free(w);
}

int idle_done(const rs_session *s)
{
	if (s->spec == NULL || s->ahead_serial != s->spec_serial)
		return 0;
	return !!(s->ahead_done & UP) + !!(s->ahead_done & DOWN);
}
