/* plot.h: pictures through gnuplot, run as an external program.
 *
 * Every plot is a gnuplot script: the data as named datablocks, then the
 * commands, so the script stands alone and can be kept ('plot dump on'
 * prints it instead of running it).  The terminal comes from 'plot output
 * FILE' (png, svg or pdf from the extension), 'plot term NAME', $GNUTERM, a
 * window terminal when $DISPLAY is set and gnuplot has one, or else text in
 * the terminal itself (dumb, in colour where allowed). */
#ifndef RS_PLOT_H
#define RS_PLOT_H

#include "cancel.h"
#include "rs-err.h"

#include <stdio.h>

typedef struct rs_plotcfg {
	char *term;    /* an explicit terminal, or NULL   */
	char *output;  /* a file, or NULL for the screen  */
	int width, height;
	int dump;      /* print the script, do not run it */
	rs_cancel *cancel; /* set (Ctrl-C): gnuplot is stopped, the plot not drawn; NULL: none */
} rs_plotcfg;

/* Find gnuplot on PATH: a malloc'd path, or NULL. */
char *plot_find_gnuplot(void);
/* Whether cfg's output file can be written: its extension names a
 * terminal, and a file can be made beside it (none is left). */
int plot_output_check(const rs_plotcfg *cfg, rs_err *e);
/* Run (or dump) script; gnuplot's own errors come back as e. */
int plot_run(const rs_plotcfg *cfg, const char *script, FILE *out, rs_err *e);

#endif
