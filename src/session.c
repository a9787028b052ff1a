/* session.c: session state, the spectrum cache, alpha in both forms. */
#include <config.h>

#include "session.h"

#include "xalloc.h"

#include <stdlib.h>

rs_session *session_new(void)
{
	rs_session *s = xcalloc(1, sizeof *s);
	s->alpha = 0.0;
	s->seed = 1;
	s->digits = 8;
	s->dense_max = 4000;
	s->format = RS_FMT_TEXT;
	return s;
}

void session_free(rs_session *s)
{
	if (s == NULL)
		return;
	rs_model_free(s->model);
	rs_spectrum_free(s->spec);
	result_free(s->last);
	free(s->last_text);
	free(s);
}

void session_invalidate(rs_session *s)
{
	rs_spectrum_free(s->spec);
	s->spec = NULL;
}

void session_set_model(rs_session *s, rs_model *M, FILE *out)
{
	rs_model_free(s->model);
	s->model = M;
	session_invalidate(s);
	if (!s->alpha_mode_set)
		s->alpha_rel = 0; /* generated block models: absolute alpha by default */
	long top = M->K - 1 < 20 ? M->K - 1 : 20;
	if (s->k > M->K - 1 && M->K > 1) {
		fprintf(out, "k lowered from %ld to %ld (K - 1 for %d blocks)\n", s->k, top, M->K);
		s->k = top;
	}
}

double session_alpha_abs(const rs_session *s)
{
	if (!s->alpha_rel || s->model == NULL)
		return s->alpha;
	return rs_model_rel_to_abs(s->model, s->alpha);
}

long session_k(const rs_session *s)
{
	if (s->model == NULL)
		return s->k;
	long top = s->model->K - 1;
	if (s->k > 0)
		return s->k < top ? s->k : top;
	return top < 20 ? top : 20;
}

int session_need_model(const rs_session *s, rs_err *e)
{
	if (s->model == NULL)
		return rs_fail(e, RS_EINVAL,
			       "no graph yet: generate one first (e.g. 'cliques 5 3 2' or "
			       "'bicliques 5,3,2 4,3,1')");
	return 0;
}

const rs_spectrum *session_spectrum(rs_session *s, rs_err *e)
{
	if (session_need_model(s, e) != 0)
		return NULL;
	double a = session_alpha_abs(s);
	if (s->spec != NULL && s->spec_alpha == a)
		return s->spec;
	session_invalidate(s);
	enum rs_solver solver = s->solver == RS_SOLVER_AUTO ? RS_SOLVER_AGGREGATE : s->solver;
	s->spec = rs_spectrum_solve(s->model, a, solver, s->dense_max, e);
	s->spec_alpha = a;
	return s->spec;
}
