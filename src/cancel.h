/* cancel.h: the flag that stops a long computation between two of its steps.
 *
 * Ctrl-C's handler sets one (rs_interrupted), and so does a thread that
 * wants its worker's solve to stop (the live view, the prompt's
 * look-ahead); the solvers read it between products.  A volatile
 * sig_atomic_t is enough for a signal handler, not between threads: an
 * atomic int that is lock-free serves both.
 */
#ifndef RS_CANCEL_H
#define RS_CANCEL_H

#include <stdatomic.h>

typedef atomic_int rs_cancel;

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler may set only a lock-free atomic");

#endif
