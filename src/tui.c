/* tui.c: the live view.
 *
 * A small state machine: keys change the session (alpha, its mode, k, eps,
 * the scatter's columns); a change asks for a new spectrum; the screen is
 * redrawn from the session whenever something changed or the terminal was
 * resized.  Block models are solved on the spot (the aggregate takes
 * microseconds).  Graphs are solved by a worker thread, warm-started from
 * its previous solution: keys pressed during a solve cancel it and the
 * latest request wins, so the screen never freezes.
 */
#include <config.h>

#include "tui.h"

#include "gspectrum.h"
#include "input.h"
#include "lanczos.h"
#include "numparse.h"
#include "cmd-impl.h"
#include "theory.h"
#include "utf8.h"
#include "views.h"
#include "xalloc.h"

#include <curses.h>
#include <langinfo.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define MIN_COLS 80
#define MIN_ROWS 24

enum { C_OK = 1, C_BAD, C_HEAD, C_MU, C_LAMBDA, C_DIM, C_CLASS0 };
#define NCLASSCOLOR 6

/* ------------------------------------------------------------ the worker */

/* Look-ahead: while the view is idle, the worker solves the values the
 * arrow keys lead to (alpha x and / RS_AHEAD_STEP, the last direction
 * first) and keeps them, so that the next press is answered at once by
 * what was found (kept, up to RS_AHEAD_KEEP_BYTES each), or from the
 * reduced basis they joined (its pairs checked on the operator: a few
 * products) instead of a Lanczos solve.  A request for what is being
 * looked ahead takes that solve over; any other cancels it. */

struct worker {
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	const rs_graph *g;
	double tol;
	int lanczos_only;
	int ncv, basis;
	unsigned long seed;
	double a_req;
	int k_req;
	int pending, running, stop;
	int dir;            /* +1 when the last request moved alpha up */
	double ahead[2];    /* look-aheads still to make, first first */
	int nahead, k_ahead;
	double run_a;       /* what the running solve is for */
	int run_k, run_ahead, promoted;
	rs_cancel cancel;
	rs_spectrum *prev; /* the worker's own last solution: its warm start */
	rs_rbasis *rb;     /* the session's reduced basis, the worker's while */
	                   /* the view is open (the prompt waits meanwhile)  */
	rs_spectrum *out;  /* a copy for the screen, or NULL                */
	double out_alpha;
	long out_k;
	rs_spectrum *kept[2]; /* look-aheads' solutions, for the request    */
	double kept_a[2];  /* that asks for their alpha (and k): no solve   */
	int kept_k[2], kept_next;
	char err[512];
	int has_err;
};

/* Queue the look-aheads around a (the mutex held). */
static void queue_ahead(struct worker *w, double a, int k)
{
	w->nahead = 0;
	if (w->rb == NULL || w->g->bipartite || !(a > 0))
		return;
	double up = a * RS_AHEAD_STEP, down = a / RS_AHEAD_STEP;
	w->ahead[w->nahead++] = w->dir < 0 ? down : up;
	w->ahead[w->nahead++] = w->dir < 0 ? up : down;
	w->k_ahead = k;
}

static int same_alpha(double a, double b)
{
	return fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b));
}

static double now_ms(void);

/* A kept look-ahead for (a, k), handed over, or NULL (the mutex held). */
static rs_spectrum *take_kept(struct worker *w, double a, int k)
{
	for (int i = 0; i < 2; i++)
		if (w->kept[i] && same_alpha(a, w->kept_a[i]) && k == w->kept_k[i]) {
			rs_spectrum *S = w->kept[i];
			w->kept[i] = NULL;
			return S;
		}
	return NULL;
}

/* Keep a look-ahead's S for the request that asks for (a, k); 0 when it is
 * too large (the caller keeps it then). */
static int keep(struct worker *w, rs_spectrum *S, double a, int k)
{
	if (!rs_ahead_keepable(S))
		return 0;
	int i = w->kept_next;
	w->kept_next = (i + 1) % 2;
	rs_spectrum_free(w->kept[i]);
	w->kept[i] = S;
	w->kept_a[i] = a;
	w->kept_k[i] = k;
	return 1;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	rs_bind_threads(); /* this thread's OpenMP team is a new one */
	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->pending && !w->stop && w->nahead == 0)
			pthread_cond_wait(&w->cv, &w->mu);
		if (w->stop)
			break;
		double a;
		int k, ahead = !w->pending;
		if (ahead) {
			a = w->ahead[0];
			k = w->k_ahead;
			w->ahead[0] = w->ahead[1];
			w->nahead--;
		} else {
			a = w->a_req;
			k = w->k_req;
			w->pending = 0;
		}
		w->running = 1;
		w->run_a = a;
		w->run_k = k;
		w->run_ahead = ahead;
		w->promoted = 0;
		w->cancel = 0;
		double t0 = now_ms();
		rs_spectrum *S = ahead ? NULL : take_kept(w, a, k);
		int in_play = 0;
		rs_err e = {0};
		if (S != NULL) { /* solved ahead: no solve */
			S->ahead = 1;
			S->ahead_seconds = S->seconds;
			S->seconds = 1e-3 * (now_ms() - t0);
		} else {
			pthread_mutex_unlock(&w->mu);
			const rs_spectrum *warm = w->prev && w->prev->solver == RS_SOLVER_LANCZOS ? w->prev : NULL;
			long offers = w->rb ? rs_rbasis_offers(w->rb) : 0;
			rs_gsolve_opts o = {a, k, w->tol, w->ncv, w->seed, warm, &w->cancel, w->rb, ahead,
					    w->lanczos_only, w->basis};
			S = rs_graph_spectrum(w->g, &o, &e);
			/* the basis took part (the graph and alpha allow one) */
			in_play = S && w->rb && rs_rbasis_offers(w->rb) != offers;
			pthread_mutex_lock(&w->mu);
		}
		int shown = !ahead || w->promoted;
		rs_spectrum *copy = S && shown ? rs_spectrum_copy(S, &e) : NULL;
		w->running = 0;
		if (!shown) {
			/* what it found is in the basis, and kept for a request */
			int kept = S && keep(w, S, a, k);
			if (!kept)
				rs_spectrum_free(S);
			if (!in_play && !kept)
				w->nahead = 0; /* neither: nothing to gain */
		} else if (S && copy) {
			rs_spectrum_free(w->out);
			w->out = copy;
			w->out_alpha = a;
			w->out_k = k;
			rs_spectrum_free(w->prev);
			w->prev = S;
			if (!w->pending && (in_play || rs_ahead_keepable(S)))
				queue_ahead(w, a, k);
		} else {
			rs_spectrum_free(S);
			if (!w->cancel) {
				snprintf(w->err, sizeof w->err, "%s", e.msg);
				w->has_err = 1;
			}
		}
	}
	pthread_mutex_unlock(&w->mu);
	return NULL;
}

/* ------------------------------------------------------------ the view */

struct view {
	rs_session *s;
	struct worker *w; /* graphs only */
	int color, utf8;
	int cx, cy;       /* scatter columns, as eigenvector indices 1..k */
	int help;
	int nocolor_classes; /* 'c': scatter without class colours */
	int classes;         /* the labels' (they do not change in the view) */
	int busy;
	int ahead;        /* a look-ahead runs (see struct worker) */
	int arrived;      /* a solution came since the last request */
	char msg[600];
	int msg_solve;    /* msg is a solve's failure, which the next solution */
	                  /* clears (a key's refusal stays until the next key) */
	double t_req;     /* when the pending update was asked for */
	double last_ms;   /* how long the last update took, key to screen */
	const char *mark_s, *tick_s; /* a point and a tick on the axis (UTF-8 or ASCII) */
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

static void role_on(struct view *v, int pair, int mono)
{
	if (v->color)
		attron(COLOR_PAIR(pair));
	else if (mono)
		attron(mono);
}

static void role_off(struct view *v, int pair, int mono)
{
	if (v->color)
		attroff(COLOR_PAIR(pair));
	else if (mono)
		attroff(mono);
}

/* A solve's failure on the status line, until the next solution or key. */
static void solve_failed(struct view *v, const char *why)
{
	snprintf(v->msg, sizeof v->msg, "%s", why);
	v->msg_solve = 1;
}

/* Ask for the spectrum at the session's current alpha and k. */
static void request(struct view *v)
{
	rs_session *s = v->s;
	v->t_req = now_ms();
	if (v->w == NULL) {
		rs_err e = {0};
		if (session_spectrum(s, &e) == NULL)
			solve_failed(v, e.msg);
		v->last_ms = now_ms() - v->t_req;
		return;
	}
	struct worker *w = v->w;
	rs_err e = {0};
	if (session_alpha_ok(s, s->alpha_rel, s->alpha, "alpha", &e) != 0) {
		/* an alpha set before the graph, too large for its weights:
		 * said, and not asked of the worker */
		solve_failed(v, e.msg);
		return;
	}
	double a = session_alpha_abs(s);
	int k = (int)session_k(s);
	pthread_mutex_lock(&w->mu);
	if (a != w->a_req)
		w->dir = a > w->a_req ? 1 : -1;
	w->a_req = a;
	w->k_req = k;
	w->nahead = 0; /* they were for the old place */
	if (w->running && w->run_ahead && !w->promoted && same_alpha(a, w->run_a) && k == w->run_k) {
		w->promoted = 1; /* already on its way */
	} else {
		w->pending = 1;
		if (w->running)
			w->cancel = 1; /* the latest request wins */
	}
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	v->busy = 1;
}

/* Take a finished solve from the worker.  Returns 1 when the screen changed. */
static int collect(struct view *v)
{
	struct worker *w = v->w;
	if (w == NULL)
		return 0;
	int changed = 0;
	pthread_mutex_lock(&w->mu);
	if (w->out) {
		rs_spectrum_free(v->s->spec);
		v->s->spec = w->out;
		v->s->spec_alpha = w->out_alpha;
		v->s->spec_k = w->out_k;
		v->s->spec_serial++;
		w->out = NULL;
		changed = 1;
		v->arrived = 1;
		if (v->msg_solve)
			v->msg[0] = '\0';
	}
	if (w->has_err) {
		solve_failed(v, w->err);
		w->has_err = 0;
		changed = 1;
	}
	int busy = w->pending || (w->running && (!w->run_ahead || w->promoted));
	int ahead = w->running && w->run_ahead && !w->promoted;
	pthread_mutex_unlock(&w->mu);
	if (ahead != v->ahead)
		changed = 1;
	v->ahead = ahead;
	if (v->arrived && !busy) {
		v->last_ms = now_ms() - v->t_req;
		v->arrived = 0;
	}
	if (busy != v->busy)
		changed = 1;
	v->busy = busy;
	return changed;
}

/* The current solution, if it is the one for the session's alpha and k. */
static const rs_spectrum *current(struct view *v)
{
	return v->s->spec;
}

/* Text at (row, x) cut to the screen's width, counting a UTF-8 character
 * as one column (the view's own text has no wide characters): curses
 * would wrap the rest onto the next row. */
static void put_clipped(int row, int x, const char *text)
{
	int col = x;
	size_t i = 0;
	while (text[i] && col < COLS) {
		size_t len = 1;
		while (((unsigned char)text[i + len] & 0xC0) == 0x80)
			len++;
		i += len;
		col++;
	}
	mvaddnstr(row, x, text, (int)i);
}

static void draw_header(struct view *v)
{
	rs_session *s = v->s;
	char desc[160];
	session_describe(s, desc, sizeof desc);
	role_on(v, C_HEAD, A_BOLD);
	mvprintw(0, 0, "regspec watch: %.*s", COLS - 16, desc);
	role_off(v, C_HEAD, A_BOLD);
	long n = session_nodes(s);
	char what[96] = "";
	if (s->model)
		snprintf(what, sizeof what, "%.0f edges  %d blocks", rs_model_edges(s->model), s->model->K);
	else
		snprintf(what, sizeof what, "%ld edges  %d classes", rs_graph_edges(s->graph), v->classes);
	const rs_spectrum *S = current(v);
	double f = session_rel_factor(s), other = s->alpha_rel ? session_alpha_abs(s)
							      : (f > 0 ? s->alpha / f : NAN);
	char eps[32] = ""; /* a graph's weights are its own: eps is the models' */
	if (s->model)
		snprintf(eps, sizeof eps, "  eps = %g", s->model->eps);
	/* the whole line, else (80 columns and a graph's counts) shorter
	 * words, then no solver */
	char line[320];
	for (int terse = 0; terse <= 2; terse++) {
		snprintf(line, sizeof line, "n = %ld  %s   %s = %.4g %s (%s %.4g)%s  k = %ld%s%s", n, what,
			 v->utf8 ? "\u03b1" : "alpha", s->alpha,
			 s->alpha_rel ? (terse ? "rel" : "relative") : (terse ? "abs" : "absolute"),
			 s->alpha_rel ? "abs" : "rel", other, eps, session_k(s),
			 terse == 0 ? "  solver " : terse == 1 ? "  " : "",
			 terse == 2 ? "" : S ? rs_solver_name(S->solver) : "-");
		if ((int)rs_utf8_width(line) <= COLS)
			break;
	}
	put_clipped(1, 0, line);

}

/* Thresholds ranked, for the model's blocks or the graph's classes. */
struct thresholds {
	int K;
	double *sorted;  /* ranked mu                                   */
	double *mu;      /* in block order                              */
	int *order;
	long *size;
	struct classes cls;
	int have_cls;
};

static int thresholds_get(struct view *v, struct thresholds *t)
{
	rs_session *s = v->s;
	memset(t, 0, sizeof *t);
	if (s->model) {
		int K = s->model->K;
		t->K = K;
		t->mu = xcalloc((size_t)K, sizeof *t->mu);
		t->sorted = xcalloc((size_t)K, sizeof *t->sorted);
		t->order = xcalloc((size_t)K, sizeof *t->order);
		t->size = xcalloc((size_t)K, sizeof *t->size);
		rs_theory_mu(s->model, session_alpha_abs(s), t->mu);
		rs_theory_rank(t->mu, K, t->order);
		for (int j = 0; j < K; j++) {
			t->sorted[j] = t->mu[t->order[j]];
			t->size[j] = s->model->n[j];
		}
		return 0;
	}
	rs_err e;
	if (s->labels == NULL || views_classes(s, &t->cls, &e) != 0)
		return -1;
	t->have_cls = 1;
	t->K = t->cls.K;
	t->mu = t->cls.mu;
	t->sorted = t->cls.sorted;
	t->order = t->cls.order;
	t->size = t->cls.size;
	return 0;
}

static void thresholds_free(struct thresholds *t)
{
	if (t->have_cls) {
		views_classes_free(&t->cls);
		return;
	}
	free(t->mu);
	free(t->sorted);
	free(t->order);
	free(t->size);
}

static void draw_numberline(struct view *v, const rs_spectrum *S, const struct thresholds *t,
			    const enum rs_il *st, int nil)
{
	int row = 3, left = 4, width = COLS - 2 * left;
	double top = 1.0;
	for (int j = 0; j < S->nvec; j++)
		top = fmax(top, S->lambda[j]);
	mvprintw(row, 0, "mu");
	mvprintw(row + 1, 0, "lam");
	role_on(v, C_DIM, 0);
	for (int c = 0; c <= width; c++)
		mvaddstr(row + 1, left + c, v->utf8 ? "\u2500" : "-");
	role_off(v, C_DIM, 0);
	mvprintw(row + 2, left, "0");
	mvprintw(row + 2, left + width - 3, "%.4g", top);
	for (int j = 0; t && j < t->K && j < 60; j++) {
		int c = (int)lround(t->sorted[j] / top * width);
		role_on(v, C_MU, 0);
		mvaddstr(row, left + c, v->tick_s);
		role_off(v, C_MU, 0);
	}
	for (int j = 0; j < S->nvec; j++) {
		int c = (int)lround(S->lambda[j] / top * width);
		int bad = j < nil && views_il_alarm(v->s, st[j]);
		role_on(v, bad ? C_BAD : C_LAMBDA, bad ? A_REVERSE : A_BOLD);
		mvaddstr(row + 1, left + c, v->mark_s);
		role_off(v, bad ? C_BAD : C_LAMBDA, bad ? A_REVERSE : A_BOLD);
	}
}

static void draw_table(struct view *v, const rs_spectrum *S, const struct thresholds *t,
		       const enum rs_il *st, int nil, int row, int maxrows)
{
	attron(A_UNDERLINE);
	mvprintw(row, 0, " j   %-10s  %-10s  check   ", v->utf8 ? "\u03bb_j" : "lambda_j",
		 v->utf8 ? "\u03bc_j" : "mu_j");
	attroff(A_UNDERLINE);
	int shown = 0;
	for (int j = 0; j < S->nvec && shown < maxrows - 1; j++, shown++) {
		mvprintw(row + 1 + shown, 0, "%2d   %-10.6f", j + 1, S->lambda[j]);
		if (t && j < t->K)
			printw("  %-10.6f", t->sorted[j]);
		else
			printw("  %-10s", "");
		if (j < nil) {
			int bad = views_il_alarm(v->s, st[j]);
			role_on(v, bad ? C_BAD : C_OK, bad ? A_REVERSE : 0);
			printw("  %s", views_il_word(v->s, st[j]));
			role_off(v, bad ? C_BAD : C_OK, bad ? A_REVERSE : 0);
		}
	}
}

/* Sign of column c over block (or class) b, with the theorem's prediction. */
static void draw_signs(struct view *v, const rs_spectrum *S, const struct thresholds *t, int row,
		       int maxrows, int width)
{
	rs_session *s = v->s;
	/* a column is " x2 " (4 wide) for a model, " %x2 " or " 72! " (5) for
	 * a graph's classes; the last one stops short of the scatter */
	int k = S->nvec - 1, cols = (width - 15) / (s->model ? 4 : 5);
	if (cols > k)
		cols = k;
	attron(A_UNDERLINE);
	mvprintw(row, 0, "%-8s %4s ", s->model ? "block" : "class", "rank");
	for (int c = 1; c <= cols; c++)
		printw(s->model ? " x%-2d" : " %%x%-2d", c + 1);
	attroff(A_UNDERLINE);
	if (t == NULL) {
		mvprintw(row + 1, 0, "(signs need blocks: labels for this graph)");
		return;
	}
	int parts = s->model && s->model->bipartite ? 2 : 1;
	int rows = t->K * parts;
	char *act = xcalloc((size_t)rows + 1, 1), *prd = xcalloc((size_t)rows + 1, 1);
	char **grid = xcalloc((size_t)cols + 1, sizeof *grid), **pgrid = xcalloc((size_t)cols + 1, sizeof *pgrid);
	double **pct = NULL;
	if (!s->model) { /* graphs: the share of a class's nodes where x_j > 0 */
		pct = xcalloc((size_t)cols + 1, sizeof *pct);
		for (int c = 1; c <= cols; c++) {
			pct[c] = xcalloc((size_t)t->K, sizeof *pct[c]);
			views_class_fractions(s, S, &t->cls, c, pct[c]);
		}
	}
	for (int c = 1; c <= cols; c++) {
		grid[c] = xcalloc((size_t)rows + 1, 1);
		pgrid[c] = xcalloc((size_t)rows + 1, 1);
		if (s->model) {
			for (int p = 0; p < parts; p++) {
				for (int b = 0; b < t->K; b++)
					act[p * t->K + b] = rs_theory_sign(s->model, S, c, p, b);
				rs_theory_predict(s->model, S, t->mu, c, act + p * t->K, prd + p * t->K);
			}
		} else {
			views_class_signs(S, &t->cls, c, pct[c], act, prd);
		}
		memcpy(grid[c], act, (size_t)rows);
		memcpy(pgrid[c], prd, (size_t)rows);
	}
	int *rank = xcalloc((size_t)t->K, sizeof *rank);
	for (int r = 0; r < t->K; r++)
		rank[t->order[r]] = r + 1;
	char buf[32];
	/* the header, then the rows that fit; when some do not, the last line
	 * says how many */
	int fit = rows <= maxrows - 1 ? rows : maxrows - 2;
	if (fit < 0)
		fit = 0;
	for (int i = 0; i < fit; i++) {
		int b = i % t->K;
		const char *name = s->model ? (snprintf(buf, sizeof buf, "%s%d", parts == 2 ? (i < t->K ? "r" : "c") : "", b + 1), buf)
					    : views_class_name(s, t->cls.id[b], buf, sizeof buf);
		mvprintw(row + 1 + i, 0, "%-8.8s %4d ", name, rank[b]);
		for (int c = 1; c <= cols; c++) {
			char a = grid[c][i], p = pgrid[c][i];
			int ok = a == p || p == '?';
			role_on(v, ok ? C_OK : C_BAD, ok ? 0 : A_REVERSE);
			if (pct)
				printw(" %3.0f%c", 100 * pct[c][b], ok ? ' ' : '!');
			else
				printw("  %c%c", a, ok ? ' ' : '!');
			role_off(v, ok ? C_OK : C_BAD, ok ? 0 : A_REVERSE);
		}
	}
	if (fit < rows && fit + 2 <= maxrows)
		mvprintw(row + 1 + fit, 0, "... %d more", rows - fit);
	if (pct) {
		for (int c = 1; c <= cols; c++)
			free(pct[c]);
		free(pct);
	}
	for (int c = 1; c <= cols; c++) {
		free(grid[c]);
		free(pgrid[c]);
	}
	free(grid);
	free(pgrid);
	free(act);
	free(prd);
	free(rank);
}

static char class_char(int y)
{
	static const char map[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	return y < 0 ? '.' : map[y % 36];
}

static void draw_scatter(struct view *v, const rs_spectrum *S, int top, int left, int h, int w)
{
	rs_session *s = v->s;
	int k = S->nvec - 1;
	if (h < 5 || w < 12 || k < 1)
		return;
	int cx = v->cx <= k ? v->cx : 1, cy = v->cy <= k ? v->cy : (k >= 2 ? 2 : 1);
	mvprintw(top, left, "x_%d (across) vs x_%d (up)", cx + 1, cy + 1);
	int bh = h - 3, bw = w - 2, by = top + 1, bx = left; /* the frame; inside it bh x bw */
	mvaddch(by, bx, '+');
	mvaddch(by, bx + bw + 1, '+');
	mvaddch(by + bh + 1, bx, '+');
	mvaddch(by + bh + 1, bx + bw + 1, '+');
	for (int c = 1; c <= bw; c++) {
		mvaddch(by, bx + c, '-');
		mvaddch(by + bh + 1, bx + c, '-');
	}
	for (int r = 1; r <= bh; r++) {
		mvaddch(by + r, bx, '|');
		mvaddch(by + r, bx + bw + 1, '|');
	}
	by++;
	bx++;
	const double *X = S->vec + (size_t)cx * S->rows, *Y = S->vec + (size_t)cy * S->rows;
	double xmin = 0, xmax = 0, ymin = 0, ymax = 0;
	for (long i = 0; i < S->rows; i++) {
		xmin = fmin(xmin, X[i]);
		xmax = fmax(xmax, X[i]);
		ymin = fmin(ymin, Y[i]);
		ymax = fmax(ymax, Y[i]);
	}
	if (xmax - xmin <= 0)
		xmax = xmin + 1;
	if (ymax - ymin <= 0)
		ymax = ymin + 1;
	long step = S->rows > 4000 ? S->rows / 4000 : 1;
	for (long i = 0; i < S->rows; i += step) {
		int c = (int)((X[i] - xmin) / (xmax - xmin) * (bw - 1));
		int r = (int)((ymax - Y[i]) / (ymax - ymin) * (bh - 1));
		int y = -1;
		if (s->model) /* blocks are numbered from 1 on screen */
			y = 1 + (S->per_block ? (int)(i % s->model->K) : rs_model_block_of(s->model, i));
		else if (s->labels && i < s->labels->n)
			y = s->labels->y[i];
		int pair = y >= 0 && !v->nocolor_classes ? C_CLASS0 + y % NCLASSCOLOR : C_DIM;
		/* a bipartite graph's columns, unlabelled: '^', as 'plot embed' draws them */
		int column = y < 0 && !s->model && s->graph && s->graph->m > 0 && i >= s->graph->n;
		role_on(v, pair, 0);
		mvaddch(by + r, bx + c, (chtype)(unsigned char)(column ? '^' : class_char(y)));
		role_off(v, pair, 0);
	}
	if (step > 1)
		mvprintw(top + h - 1, left, "(1 node in %ld shown)", step);
}

static void draw_help(struct view *v)
{
	static const char *const lines[] = {
		"Keys",
		"",
		"Right / Left     alpha x 1.1 / 1.1 (fine)",
		"PgUp / PgDn      alpha x 2 / 2 (coarse; Shift+Right / Left too)",
		"0                alpha = 0",
		"Up / Down        k + 1 / k - 1",
		"a                absolute / relative alpha (same pair weight)",
		"=                type an exact alpha (Enter sets it, Esc cancels)",
		"e / E            eps x 1.5 / 1.5 (block models)",
		"x / y            the scatter's columns    c: class colours on/off",
		"p                the scatter to gnuplot (after 'plot output FILE')",
		"?                this help       q, Esc, Ctrl-C  back to the prompt",
		"",
		"Signs: + - 0 ~ (mixed); '!' marks a sign against the theorem.",
		"Scatter: each class a digit or letter, '.' none, '^' a column.",
		"Number line: mu_j ticks above, lambda_j marks on the axis;",
		"a mark in reverse video breaks the interleaving.",
		"ready+ahead: solving alpha x 1.1 and / 1.1 while idle, so that",
		"Right / Left answer from the basis ('set warm off' stops it).",
	};
	int n = (int)(sizeof lines / sizeof lines[0]), w = 68, top = (LINES - n - 2) / 2, left = (COLS - w) / 2;
	for (int i = -1; i <= n; i++) {
		move(top + 1 + i, left);
		for (int c = 0; c < w; c++)
			addch(' ');
	}
	attron(A_BOLD);
	for (int i = 0; i < n; i++)
		mvprintw(top + 1 + i, left + 2, "%s", lines[i]);
	attroff(A_BOLD);
	(void)v;
}

static void draw(struct view *v)
{
	erase();
	if (COLS < MIN_COLS || LINES < MIN_ROWS) {
		char m[3][64];
		snprintf(m[0], sizeof m[0], "terminal too small");
		snprintf(m[1], sizeof m[1], "%dx%d, need %dx%d", COLS, LINES, MIN_COLS, MIN_ROWS);
		snprintf(m[2], sizeof m[2], "q quits");
		int y0 = LINES / 2 - 1 > 0 ? LINES / 2 - 1 : 0;
		for (int i = 0; i < 3 && y0 + i < LINES; i++) {
			int len = (int)strlen(m[i]);
			put_clipped(y0 + i, (COLS - len) / 2 > 0 ? (COLS - len) / 2 : 0, m[i]);
		}
		refresh();
		return;
	}
	draw_header(v);
	const rs_spectrum *S = current(v);
	if (S != NULL) {
		struct thresholds t;
		int have = thresholds_get(v, &t) == 0;
		int nil = have ? (t.K < S->nvec ? t.K : S->nvec) : 0;
		enum rs_il *st = xcalloc((size_t)nil + 1, sizeof *st);
		if (have)
			rs_theory_interleave(S->lambda, t.sorted, nil, st);
		draw_numberline(v, S, have ? &t : NULL, st, nil);
		int body = 7, avail = LINES - body - 1, leftw = COLS / 2;
		int trows = avail / 2 < S->nvec + 1 ? avail / 2 : S->nvec + 1;
		draw_table(v, S, have ? &t : NULL, st, nil, body, trows);
		draw_signs(v, S, have ? &t : NULL, body + trows + 1, avail - trows - 1, leftw);
		draw_scatter(v, S, body, leftw + 1, avail, COLS - leftw - 2);
		if (have)
			thresholds_free(&t);
		free(st);
	} else if (!v->busy) {
		mvprintw(4, 0, "no spectrum: %s", v->msg);
	}
	/* status line */
	move(LINES - 1, 0);
	attron(A_REVERSE);
	for (int c = 0; c < COLS; c++)
		addch(' ');
	static const char spin[] = "|/-\\";
	char state[16];
	if (v->busy)
		snprintf(state, sizeof state, "%c computing", spin[(long)(now_ms() / 150) % 4]);
	else
		snprintf(state, sizeof state, "%s", v->ahead ? "ready+ahead" : "ready");
	/* the right-hand text first: the key hints that fit whole before it follow */
	const rs_spectrum *S1 = current(v);
	char right[64] = "";
	if (v->msg[0])
		snprintf(right, sizeof right, "%-33.33s", v->msg);
	else if (!v->busy && v->last_ms >= 0 && S1 && S1->solver == RS_SOLVER_LANCZOS)
		snprintf(right, sizeof right, "%5ld products, %s, %5.0f ms", S1->matvecs,
			 S1->ahead ? "ahead" : S1->reduced ? "basis" : S1->warm ? "warm" : "cold",
			 v->last_ms);
	else if (!v->busy && v->last_ms >= 0)
		snprintf(right, sizeof right, "updated in %.0f ms", v->last_ms);
	int rlen = (int)strlen(right), rcol = COLS - 1 - rlen;
	/* in the order shown; where not all fit, the last two go first, then '=' */
	static const char *const hints[] = {"arrows: alpha, k", "a: abs/rel", "=: type", "?: help",
					    "q: quit"};
	static const int drop_order[] = {2, 1, 3, 0, 4}; /* the hint dropped first, ... */
	enum { NH = sizeof hints / sizeof hints[0] };
	int shown[NH], room = (rlen > 0 ? rcol - 2 : COLS - 1) - 12, need = 0;
	for (int h = 0; h < NH; h++) {
		shown[h] = 1;
		need += 1 + (int)strlen(hints[h]) + 2;
	}
	for (int d = 0; d < NH && need - 2 > room; d++) {
		shown[drop_order[d]] = 0;
		need -= 1 + (int)strlen(hints[drop_order[d]]) + 2;
	}
	mvprintw(LINES - 1, 0, " %-11s", state);
	int col = 12;
	for (int h = 0; h < NH; h++) {
		if (!shown[h])
			continue;
		mvprintw(LINES - 1, col + 1, "%s", hints[h]);
		col += 1 + (int)strlen(hints[h]) + 2;
	}
	if (rlen > 0)
		mvprintw(LINES - 1, rcol, "%s", right);
	attroff(A_REVERSE);
	if (v->help)
		draw_help(v);
	refresh();
}

/* ------------------------------------------------------------ keys */

enum { K_NONE = 0, K_REDRAW = 1, K_SOLVE = 2, K_QUIT = 4 };

/* The old spectrum stays on screen until the new one is there: the cache
 * knows alpha and k, so nothing is invalidated here. */
static int set_alpha(struct view *v, double a)
{
	if (!(a >= 0) || !isfinite(a))
		return K_NONE;
	rs_err e = {0};
	/* a step down from an alpha already refused is taken: it leads back
	 * to one that fits */
	int from_refused =
		a < v->s->alpha && session_alpha_ok(v->s, v->s->alpha_rel, v->s->alpha, "alpha", &e) != 0;
	if (!from_refused && session_alpha_ok(v->s, v->s->alpha_rel, a, "alpha", &e) != 0) {
		/* the status line has room for 33 characters: past the
		 * relative bound, or alpha n^2 beside weights near 1e308 */
		double rel = v->s->alpha_rel ? a : a / session_rel_factor(v->s);
		snprintf(v->msg, sizeof v->msg, "%s",
			 rel > RS_ALPHA_REL_MAX ? "alpha stops at " RS_ALPHA_REL_MAX_TEXT " relative"
						: "alpha n^2 past the largest double");
		return K_REDRAW;
	}
	v->s->alpha = a;
	return K_SOLVE | K_REDRAW;
}

static int after_escape(void);

/* Read a line at the bottom for '=': printable keys type, Backspace
 * erases, Ctrl-U clears, Enter accepts, Esc or Ctrl-C cancels (returns 0); a resize
 * redraws the line. ncurses' getnstr would type Esc and the arrows as
 * text. */
static int read_field(const char *label, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	curs_set(1);
	timeout(100);
	rs_interrupted = 0;
	for (;;) {
		move(LINES - 1, 0);
		clrtoeol();
		mvprintw(LINES - 1, 0, "%s%s", label, buf);
		refresh();
		int c = getch();
		if (rs_interrupted) { /* Ctrl-C, as at the prompt: the field only */
			rs_interrupted = 0;
			break;
		}
		if (c == 27 && after_escape() == 27)
			break;
		if (c == 27)
			timeout(100); /* after_escape() left it at 0 */
		if (c == '\n' || c == '\r' || c == KEY_ENTER) {
			curs_set(0);
			timeout(50);
			return 1;
		}
		if ((c == KEY_BACKSPACE || c == 127 || c == 8) && n > 0)
			buf[--n] = '\0';
		else if (c == 21) /* Ctrl-U */
			buf[n = 0] = '\0';
		else if (c >= 0x20 && c < 0x7F && n + 1 < len) {
			buf[n++] = (char)c;
			buf[n] = '\0';
		}
	}
	curs_set(0);
	timeout(50);
	return 0;
}

static int prompt_alpha(struct view *v)
{
	char buf[64], label[40];
	snprintf(label, sizeof label, "alpha (%s) = ", v->s->alpha_rel ? "relative" : "absolute");
	if (!read_field(label, buf, sizeof buf) || buf[0] == '\0')
		return K_REDRAW;
	rs_err e = {0};
	double a = 0;
	if (rs_parse_double(buf, &a, &e) != 0 || a < 0) {
		if (e.msg[0])
			snprintf(v->msg, sizeof v->msg, "alpha: %s", e.msg);
		else
			snprintf(v->msg, sizeof v->msg, "alpha: %s is negative: it must be >= 0", buf);
		return K_REDRAW;
	}
	return set_alpha(v, a + 0.0); /* '-0' is 0 */
}

/* The key after an Esc that ncurses could not match to a key of the
 * terminal's description: an escape sequence it lacks (xterm's
 * Shift+arrows, ESC [ 1 ; 2 D, under TERM=screen) or Alt with a key.
 * Read whole here, so that it neither quits the view nor leaves its tail
 * typed at the prompt: Shift or Ctrl with an arrow is the arrow's big
 * step, as its description would have said; Home, End, PgUp and PgDn
 * their keys; anything else nothing (0).  Esc alone, with nothing after
 * it, is 27: quit. */
static int after_escape(void)
{
	timeout(0);
	int c = getch();
	if (c == ERR)
		return 27;
	if (c != '[' && c != 'O')
		return 0; /* Alt with a key */
	char par[16];
	int n = 0, f;
	while ((f = getch()) != ERR && !(f >= 0x40 && f <= 0x7E))
		if (n < (int)sizeof par - 1)
			par[n++] = (char)f;
	par[n] = '\0';
	int mod = strchr(par, ';') != NULL; /* ESC [ 1 ; MOD X */
	switch (f) {
	case 'C': return mod ? KEY_SRIGHT : KEY_RIGHT;
	case 'D': return mod ? KEY_SLEFT : KEY_LEFT;
	case 'A': return KEY_UP;
	case 'B': return KEY_DOWN;
	case 'H': return KEY_HOME;
	case 'F': return KEY_END;
	case '~': return atoi(par) == 5 ? KEY_PPAGE : atoi(par) == 6 ? KEY_NPAGE : 0;
	default: return 0;
	}
}

static int key(struct view *v, int ch)
{
	rs_session *s = v->s;
	double a = s->alpha;
	v->msg[0] = '\0';
	v->msg_solve = 0;
	switch (ch) {
	case 'q':
	case 'Q':
	case 27: return K_QUIT;
	case KEY_RESIZE: return K_REDRAW;
	case '?': v->help = !v->help; return K_REDRAW;
	case KEY_RIGHT: return set_alpha(v, a > 0 ? a * 1.1 : 0.01);
	case KEY_LEFT: return set_alpha(v, a * 1.1 > 1e-4 ? a / 1.1 : 0);
	case KEY_PPAGE:
	case KEY_SRIGHT: return set_alpha(v, a > 0 ? a * 2 : 0.01);
	case KEY_NPAGE:
	case KEY_SLEFT: return set_alpha(v, a * 2 > 1e-4 ? a / 2 : 0);
	case '0': return set_alpha(v, 0);
	case '=': return prompt_alpha(v);
	case 'a': {
		double abs_a = session_alpha_abs(s), f = session_rel_factor(s);
		if (!(f > 0)) {
			snprintf(v->msg, sizeof v->msg, "relative alpha needs a graph with some weight");
			return K_REDRAW;
		}
		s->alpha_rel = !s->alpha_rel;
		s->alpha_mode_set = 1;
		s->alpha = s->alpha_rel ? abs_a / f : abs_a;
		return K_REDRAW;
	}
	case KEY_UP:
	case KEY_DOWN: {
		long k = session_k(s) + (ch == KEY_UP ? 1 : -1);
		long top = s->model ? s->model->K - 1 : session_nodes(s) - 2;
		if (s->graph && top > 50)
			top = 50;
		if (k < 1 || k > top) {
			snprintf(v->msg, sizeof v->msg, "k stays between 1 and %ld", top);
			return K_REDRAW;
		}
		s->k = k;
		return K_SOLVE | K_REDRAW;
	}
	case 'e':
	case 'E':
		if (s->model == NULL) {
			snprintf(v->msg, sizeof v->msg, "eps belongs to block models");
			return K_REDRAW;
		}
		if (rs_model_set_eps(s->model, ch == 'e' ? s->model->eps * 1.5 + 0.01
						     : (s->model->eps > 0.01 ? s->model->eps / 1.5 : 0),
				     &(rs_err){0}) != 0) { /* (1,750 presses) */
			snprintf(v->msg, sizeof v->msg, "eps past the largest double");
			return K_REDRAW;
		}
		session_invalidate(s);
		return K_SOLVE | K_REDRAW;
	case 'x':
	case 'y': {
		long k = session_k(s);
		if (k < 1) { /* one block: no column to pick */
			snprintf(v->msg, sizeof v->msg, "no embedding column: one block");
			return K_REDRAW;
		}
		int *c = ch == 'x' ? &v->cx : &v->cy;
		*c = (int)(*c % k) + 1;
		return K_REDRAW;
	}
	case 'c':
		v->nocolor_classes = !v->nocolor_classes;
		return K_REDRAW;
	case 'p': {
		/* to a file or a window only: text would land on this screen */
		const char *disp = getenv("DISPLAY");
		if (s->plot.output == NULL && !s->plot.term && !(disp && *disp)) {
			snprintf(v->msg, sizeof v->msg, "first: plot output FILE");
			return K_REDRAW;
		}
		rs_err pe = {0};
		FILE *null = fopen("/dev/null", "w");
		int rc = cmd_plot_view(s, v->cx + 1, v->cy + 1, null ? null : stdout, &pe);
		if (null)
			fclose(null);
		snprintf(v->msg, sizeof v->msg, "%s", rc == 0 ? (s->plot.output ? s->plot.output : "plotted") : pe.msg);
		return K_REDRAW;
	}
	default: return K_NONE;
	}
}

/* The full screen on the terminal, keys unbuffered and unechoed; NULL
 * (e set) where the terminal cannot have one. */
static SCREEN *tui_screen(rs_err *e)
{
	fflush(stdout);
	SCREEN *scr = newterm(NULL, stdout, stdin);
	if (scr == NULL) {
		rs_fail(e, RS_EIO, "cannot start the full-screen view (TERM=%s)", getenv("TERM") ? getenv("TERM") : "unset");
		return NULL;
	}
	set_term(scr);
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	/* Esc quits (or cancels '='): wait 25 ms, not ncurses' second, for the
	 * rest of a key's escape sequence; the ESCDELAY variable still rules */
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(25);
	curs_set(0);
	timeout(50);
	return scr;
}

/* The view's colours (none under NO_COLOR) and marks (ASCII ones outside
 * UTF-8, or under REGSPEC_ASCII). */
static void view_style(struct view *v)
{
	const char *nc = getenv("NO_COLOR");
	v->color = has_colors() && !(nc && *nc);
	if (v->color) {
		start_color();
		use_default_colors();
		init_pair(C_OK, COLOR_GREEN, -1);
		init_pair(C_BAD, COLOR_RED, -1);
		init_pair(C_HEAD, COLOR_CYAN, -1);
		init_pair(C_MU, COLOR_YELLOW, -1);
		init_pair(C_LAMBDA, COLOR_MAGENTA, -1);
		init_pair(C_DIM, COLOR_BLUE, -1);
		static const short cc[NCLASSCOLOR] = {COLOR_RED, COLOR_GREEN, COLOR_BLUE, COLOR_MAGENTA,
						      COLOR_CYAN, COLOR_YELLOW};
		for (int i = 0; i < NCLASSCOLOR; i++)
			init_pair((short)(C_CLASS0 + i), cc[i], -1);
	}
	const char *cs = nl_langinfo(CODESET);
	v->utf8 = cs && !strcmp(cs, "UTF-8") && !getenv("REGSPEC_ASCII");
	v->mark_s = v->utf8 ? "\u25cf" : "o";
	v->tick_s = v->utf8 ? "\u25bc" : "v";
}

/* The solver thread for the session's graph, with its settings; -1 (e
 * set) where it cannot start. */
static int worker_start(struct worker *w, rs_session *s, rs_err *e)
{
	memset(w, 0, sizeof *w);
	rs_err ge = {0};
	w->g = session_solver_graph(s, &ge);
	w->tol = s->tol;
	w->lanczos_only = s->solver == RS_SOLVER_LANCZOS;
	w->ncv = s->ncv;
	w->basis = s->basis;
	w->seed = s->seed;
	w->rb = session_rbasis(s);
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->cv, NULL);
	if (w->g == NULL || pthread_create(&w->th, NULL, worker_main, w) != 0)
		return rs_fail(e, RS_EIO, "cannot start the solver thread%s%.300s", ge.msg[0] ? ": " : "", ge.msg);
	return 0;
}

/* The first solve: where the session's spectrum is for its alpha and k,
 * its solution is the warm start and the look-ahead starts from there;
 * else a request. */
static void view_open(struct view *v)
{
	rs_session *s = v->s;
	const rs_spectrum *S0 = s->spec;
	if (S0 == NULL || s->spec_alpha != session_alpha_abs(s) || (s->graph && s->spec_k != session_k(s))) {
		request(v);
		return;
	}
	struct worker *w = v->w;
	if (w == NULL)
		return;
	rs_err ce = {0};
	pthread_mutex_lock(&w->mu);
	w->a_req = session_alpha_abs(s);
	w->k_req = (int)session_k(s);
	if (S0->solver == RS_SOLVER_LANCZOS)
		w->prev = rs_spectrum_copy(S0, &ce); /* NULL: no warm start, no harm */
	queue_ahead(w, w->a_req, w->k_req);
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
}

/* The keys and the redraws until q, Esc, Ctrl-C or the terminal gone. */
static void view_loop(struct view *v)
{
	int dirty = 1;
	for (;;) {
		if (collect(v))
			dirty = 1;
		/* the size, asked of the terminal at every tick: a resize is seen even
		 * where SIGWINCH went to someone else (readline keeps its own) */
		struct winsize ws;
		if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0 &&
		    (ws.ws_row != LINES || ws.ws_col != COLS)) {
			resizeterm(ws.ws_row, ws.ws_col);
			dirty = 1;
		}
		if (dirty || v->busy) {
			draw(v);
			dirty = 0;
		}
		timeout(v->busy ? 10 : 50); /* while a solve runs, look for its end often */
		int ch = getch();
		if (rs_interrupted) { /* Ctrl-C leaves, as q does (a shell's full-screen tools quit on it) */
			rs_interrupted = 0;
			return;
		}
		struct termios tio;
		if (ch == ERR && tcgetattr(STDIN_FILENO, &tio) != 0)
			return; /* the terminal went away (closed window, hangup ignored) */
		if (ch == ERR)
			continue;
		int r = key(v, ch == 27 ? after_escape() : ch);
		/* coalesce a burst of keys: apply them all, solve once; what
		 * follows a q stays unread, typed ahead for the prompt */
		int more;
		while (!(r & K_QUIT) && (more = (timeout(0), getch())) != ERR)
			r |= key(v, more == 27 ? after_escape() : more);
		if (r & K_QUIT)
			return;
		if (r & K_SOLVE)
			request(v);
		if (r & (K_REDRAW | K_SOLVE))
			dirty = 1;
	}
}

/* The solver thread stopped (a solve under way cancelled), what it
 * answered last collected, and its spectra freed. */
static void worker_stop(struct view *v)
{
	struct worker *w = v->w;
	pthread_mutex_lock(&w->mu);
	w->stop = 1;
	w->cancel = 1;
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->th, NULL);
	collect(v);
	rs_spectrum_free(w->out);
	rs_spectrum_free(w->prev);
	rs_spectrum_free(w->kept[0]);
	rs_spectrum_free(w->kept[1]);
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->cv);
}

int tui_run(rs_session *s, rs_err *e)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return rs_fail(e, RS_EINVAL,
			       "watch needs a terminal on standard input and output (scripts keep "
			       "working without it)");
	if (session_need_model(s, e) != 0)
		return -1;
	SCREEN *scr = tui_screen(e);
	if (scr == NULL)
		return -1;
	struct view v = {0};
	v.s = s;
	v.classes = rs_labels_classes(s->labels);
	v.cx = 1;
	v.cy = 2;
	v.last_ms = -1;
	view_style(&v);
	struct worker w;
	if (s->graph) {
		if (worker_start(&w, s, e) != 0) {
			endwin();
			delscreen(scr);
			return -1;
		}
		v.w = &w;
	}
	view_open(&v);
	view_loop(&v);
	endwin();
	delscreen(scr);
	if (v.w)
		worker_stop(&v);
	return 0;
}
