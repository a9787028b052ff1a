/* idle.h: work done while the prompt waits for a line.
 *
 * After a solve on a sparse graph, the time a person spends reading the
 * result and typing the next line goes to the reduced basis (rbasis.h): a
 * background thread solves alpha x 1.1 and alpha / 1.1 (the last direction
 * of alpha first), as the live view does between key presses, so that a
 * 10 % step of alpha at the prompt is answered without a Lanczos solve:
 * by the look-ahead's own solution, which the session keeps for the step
 * that asks for that alpha under the same settings (session_keep_ahead;
 * up to RS_AHEAD_KEEP_BYTES each), and for the values in between by the
 * basis (its pairs checked on the operator, a few products).  Nothing is
 * printed and nothing else in the session changes.  The line typed cancels what still
 * runs (within one operator application); what finished stays, and is not
 * solved again.  At the prompt only (a script has no idle time, and its
 * results must not depend on how fast it is typed), with 'set warm on',
 * for unipartite graphs solved by Lanczos at alpha > 0.
 */
#ifndef RS_IDLE_H
#define RS_IDLE_H

#include "session.h"

typedef struct rs_idle rs_idle;

/* Start the look-ahead for the session's current solution: NULL when there
 * is nothing to do (no such solution, already done, 'set warm off') or the
 * thread cannot start.  The session must not change until idle_stop. */
rs_idle *idle_start(rs_session *s);
/* Cancel what still runs, wait for the thread, note in s what was done;
 * frees w (NULL: nothing). */
void idle_stop(rs_session *s, rs_idle *w);
/* Look-ahead solves done for the session's current solution (0, 1, 2). */
int idle_done(const rs_session *s);

#endif
