/* result.h: what a command computed, as named fields, rendered three ways.
 *
 * A result is an ordered list of fields: scalars (number, integer, string,
 * boolean) and arrays.  Arrays flagged RF_TABLE form the result's table:
 * the text renderer aligns them in columns, CSV prints only them, JSON
 * prints every field as "name": value on one line.  Notes are sentences for
 * people: shown under the text table and as a "notes" array in JSON.
 * Field names are stable: scripts, jq and `expect` use them.
 */
#ifndef RS_RESULT_H
#define RS_RESULT_H

#include <stddef.h>
#include <stdio.h>

enum rs_format { RS_FMT_TEXT, RS_FMT_CSV, RS_FMT_JSON };

enum { RF_TABLE = 1, RF_NOTEXT = 2 };

enum rs_fkind { RK_NUM, RK_INT, RK_STR, RK_BOOL };

typedef struct rs_field {
	char *name;
	enum rs_fkind kind;
	int flags;
	int array;     /* 0: scalar (len 1) */
	size_t len;
	double *num;   /* RK_NUM */
	long *ints;    /* RK_INT, RK_BOOL */
	char **str;    /* RK_STR */
} rs_field;

typedef struct rs_result {
	char *command;
	char *title;   /* one line shown first in text mode */
	rs_field *f;
	size_t nf, cap;
	char **notes;
	size_t nnotes;
} rs_result;

rs_result *result_new(const char *command);
void result_free(rs_result *r);
/* One CSV (sep ',') or TSV ('\t') field, quoted as RFC 4180 says where it
 * holds sep, a quote or a line break ("Bob, Jr"; "" for a quote). */
void result_csv_cell(FILE *out, const char *s, char sep);
void result_title(rs_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void result_note(rs_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

void result_num(rs_result *r, const char *name, double v);
void result_int(rs_result *r, const char *name, long v);
void result_str(rs_result *r, const char *name, const char *v);
void result_bool(rs_result *r, const char *name, int v);
/* Arrays: flags RF_TABLE for table columns.  The data is copied. */
void result_nums(rs_result *r, const char *name, int flags, const double *v, size_t n);
void result_ints(rs_result *r, const char *name, int flags, const long *v, size_t n);
void result_bools(rs_result *r, const char *name, int flags, const int *v, size_t n);
/* String array: n strings, copied. */
void result_strs(rs_result *r, const char *name, int flags, char *const *v, size_t n);

/* OR flags into every scalar added so far (e.g. RF_NOTEXT when the title
 * already says it). */
void result_flag_scalars(rs_result *r, int flags);

void result_render(const rs_result *r, FILE *out, enum rs_format fmt, int digits);
/* Where the middle rows of a long table lie in a rendering: the offsets
 * (ftell) of its first row left out and of the first row after them. */
typedef struct rs_cut {
	long from, to;
	size_t rows; /* the table's rows; 0: nothing to cut */
} rs_cut;
/* The text format, into a stream that can tell its offsets (a memstream),
 * marking in cut the middle of a table of more than keep + 1 rows, of
 * which the first and last keep / 2 are to be shown. */
void result_render_cut(const rs_result *r, FILE *out, int digits, size_t keep, rs_cut *cut);
/* Write len bytes of rendered text to out, each line that begins "note: "
 * broken between words to width columns (a terminal's), the lines after
 * its first indented under the text, and so each other line of prose too
 * wide (no two blanks in a row, as a table's have), its lines after the
 * first indented by two; under RS_WRAP_MIN (0: not a terminal) as it is,
 * as scripts and pipes read it. */
#define RS_WRAP_MIN 20
/* The words of p .. stop, from column col on, broken between words so
 * that no line is wider than width columns, each line after the first
 * indented by indent; a word wider than a line gets one to itself.  No
 * line end after the last word. */
void rs_put_wrapped(FILE *out, const char *p, const char *stop, size_t col, size_t indent, size_t width);
void rs_write_wrapped(FILE *out, const char *text, size_t len, int width);
/* In place: control characters and bytes that are not UTF-8 become '?'
 * (for text meant for a terminal: messages, the text format). */
void rs_text_clean(char *s);

/* Look a field up for `expect`: "name" or "name[i]" (1-based).  Writes the
 * value as text into buf (numbers with %.17g); 0 found, -1 not (msg says why). */
int result_lookup(const rs_result *r, const char *path, char *buf, size_t len, int *is_num,
		  double *num, char *msg, size_t msglen);

#endif
