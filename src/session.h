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
#include "result.h"
#include "spectrum.h"

#include <stdio.h>

#define RS_SOURCE_DEPTH_MAX 50

typedef struct rs_session {
	rs_model *model;
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

	rs_spectrum *spec;    /* cache, valid for spec_alpha       */
	double spec_alpha;

	rs_result *last;      /* the last result, for expect       */
	char *last_text;      /* and its output as printed         */

	/* the sources being run, innermost last, for messages and loops */
	const char *src_name[RS_SOURCE_DEPTH_MAX + 2];
	char *src_real[RS_SOURCE_DEPTH_MAX + 2];
	int depth;
	int interactive;      /* reading commands from a person    */
	int failures;         /* commands that failed              */
	int quit;             /* quit requested                    */
	int exit_code;
} rs_session;

rs_session *session_new(void);
void session_free(rs_session *s);

/* Replace the model (takes ownership), drop the cache, clamp k. */
void session_set_model(rs_session *s, rs_model *M, FILE *out);
void session_invalidate(rs_session *s);
/* The absolute pair weight for the current alpha and mode. */
double session_alpha_abs(const rs_session *s);
/* Effective k for the current model (auto resolved). */
long session_k(const rs_session *s);
/* The spectrum at the current alpha (cached); NULL with a message. */
const rs_spectrum *session_spectrum(rs_session *s, rs_err *e);
/* Require a model; fills e when there is none. */
int session_need_model(const rs_session *s, rs_err *e);

#endif
