/* input.h: the one input loop.  A terminal gets readline (editing,
 * history, completion); files, pipes, -c strings and `source` get plain
 * lines.  Every line goes through cmd_run_line. */
#ifndef RS_INPUT_H
#define RS_INPUT_H

#include "cancel.h"
#include "session.h"

#include <stdio.h>

extern rs_cancel rs_interrupted;

/* Run the lines of f, named name in messages ("name:line").  Returns the
 * number of failed commands. */
int input_run_stream(rs_session *s, FILE *f, const char *name, FILE *out);
/* Ctrl-C sets rs_interrupted instead of killing: long commands stop and keep
 * what they did; a script then stops with status 130. */
void input_catch_interrupts(void);
/* The interactive prompt on a terminal. */
void input_repl(rs_session *s, int quiet);
/* Where history lives: $REGSPEC_HISTFILE, else $XDG_STATE_HOME/regspec/history,
 * else ~/.local/state/regspec/history.  Returns a malloc'd path, or NULL
 * when history is off (/dev/null or no home). */
char *input_history_path(void);

#endif
