/* textscan.h: a reader's place in a text (JSON, XML), for errors that
 * give the file and line, and JSON's strings. */
#ifndef RS_TEXTSCAN_H
#define RS_TEXTSCAN_H

#include "rs-err.h"

#include <stdarg.h>

typedef struct rs_textscan {
	const char *p;    /* where reading is                              */
	const char *seen; /* lines are counted up to here                  */
	const char *path; /* the file, for messages                        */
	long line;        /* the line at seen, from 1                      */
	int depth;        /* JSON: values open around p                    */
	rs_err *e;
} rs_textscan;

/* The line of the text at q, at or after the last place asked about. */
long rs_scan_line(rs_textscan *S, const char *q);
/* "path:line: message" at S->p, into S->e; returns -1. */
int rs_scan_fail(rs_textscan *S, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int rs_scan_vfail(rs_textscan *S, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* Past JSON's blanks (spaces, tabs, line ends). */
void rs_scan_blank(rs_textscan *S);
/* The JSON string at S->p (its opening quote), decoded (escapes, \u with
 * surrogate pairs as UTF-8, a lone surrogate as U+FFFD) into a malloc'd
 * copy in *out, S->p moved past it; a located error for a string not
 * closed on its line or a bad escape, -1 (RS_ENOMEM) out of memory. */
int rs_scan_json_string(rs_textscan *S, char **out);

#endif
