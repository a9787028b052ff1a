/* tui.h: the live view, a full-screen ncurses instrument where the arrow
 * keys move alpha and k and everything redraws. */
#ifndef RS_TUI_H
#define RS_TUI_H

#include "session.h"

/* Run the view on the session's model or graph until 'q'.  alpha, its mode,
 * k and eps stay where they were moved to.  Refuses (with e filled) when
 * standard input or output is not a terminal, or curses cannot start. */
int tui_run(rs_session *s, rs_err *e);

#endif
