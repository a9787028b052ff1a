/* cmd.h: the command table, the single source of truth for dispatch,
 * help, completion and the man-page check. */
#ifndef RS_CMD_H
#define RS_CMD_H

#include "rs-err.h"
#include "session.h"

#include <stdio.h>

/* The characters a backslash keeps in a word outside quotes ('my\ graph'):
 * what would end the word, open a comment or a quote, and the backslash. */
#define CMD_ESCAPABLE " \t;#\"'\\"

/* One word of a command line, s[0 .. n): up to a blank or a ';' outside
 * quotes, with its quotes taken off ("...", holding \" and \\; '...')
 * and its backslash escapes (CMD_ESCAPABLE), written to out (room for
 * n + 1 bytes, terminated).  Returns the bytes read; *open is the quote
 * still open at the end (0: none).  The tokenizer and completion share it,
 * so that what Tab writes reads back. */
size_t cmd_word(const char *s, size_t n, char *out, int *open);

/* exec: run the command with its words (argv[0] is the command name as
 * typed); print to out, or hand a result to cmd_emit.  Return 0, or -1
 * with e filled (the dispatcher adds the location and the command name). */
typedef int (*rs_cmd_fn)(rs_session *s, int argc, char **argv, FILE *out, rs_err *e);
/* check: what 'regspec --check' asks of the command's words, without
 * running it and without the session's graph: the words the command
 * itself reads first (a subcommand, a setting and its value, a number),
 * refused with the message exec would give.  Return 0, or -1 with e
 * filled.  NULL: the name and the number of words are all checked. */
typedef int (*rs_check_fn)(const rs_session *s, int argc, char **argv, rs_err *e);

enum { CMD_KEEPS_LAST = 1, /* does not replace the result expect looks at */
       CMD_NOECHO = 4,     /* narration and checks: not shown by echo on   */
       CMD_UNSAFE = 8      /* reads or writes files or runs programs: not in
                              the sandbox (--sandbox)                    */
};

/* How completion offers a command's arguments.  The word after a keyword
 * comes from 'after' (its values, and file names where it says so);
 * otherwise the first argument's words are 'first' (NULL: the command's
 * 'words'), later ones those 'later' lists for the first argument (or the
 * command's 'words'); 'files' says where file names are offered too. */
enum { ARG_FILE_1 = 1,    /* the first argument is a file name     */
       ARG_FILE_2 = 2,    /* the second argument is a file name    */
       ARG_FILE_LATER = 4 /* any argument after the first may be one */
};
struct rs_after {
	const char *key;
	const char *const *values; /* offered after key (NULL: none) */
	int files;                 /* 1: file names offered there too */
};
struct rs_complete {
	const char *const *first;
	int files;
	struct rs_after after[9];
	/* keywords for the arguments after the first, by the first one
	 * (a subcommand such as 'plot embed'); none listed: 'words' */
	struct rs_after later[10];
};

struct rs_cmd {
	const char *name;
	const char *alias;
	int min_args, max_args; /* positional words after the name; -1 = any */
	const char *usage;
	const char *summary;
	const char *help;
	const char *const *words; /* keywords offered by completion */
	int flags;
	rs_cmd_fn exec;
	const struct rs_complete *complete; /* NULL: 'words' anywhere */
	rs_check_fn check;
};

extern const struct rs_cmd rs_cmd_table[];

/* A subject of 'help TOPIC' that is not a command (the file formats). */
struct rs_topic {
	const char *name;
	const char *summary;
	const char *text;
};
extern const struct rs_topic rs_topic_table[];

/* Find a command by name, alias or unique prefix.  NULL with a message
 * (unknown, or ambiguous with the candidates named). */
const struct rs_cmd *cmd_find(const char *name, rs_err *e);

/* The word of a NULL-ended list that a mistyped one most likely meant
 * ('dense_max' for 'dense-max', 'graphm' for 'graphml'), or NULL: one edit
 * for short words, two from six letters. */
const char *cmd_nearest(const char *word, const char *const *list);
/* "; did you mean 'WORD'?" for cmd_nearest's word into buf, or "" where
 * there is none: the end of a message that names what was typed. */
const char *cmd_suggestion(const char *word, const char *const *list, char *buf, size_t size);

/* Split one line into statements and words.  Quotes "..." (with \" and \\)
 * and '...'; '#' at the start of a word begins a comment; ';' ends a
 * statement.  Calls run() for each non-empty statement; stops on a
 * tokenizing error (returned as -1 with e filled) and returns the number
 * of failed statements otherwise. */
int cmd_run_line(rs_session *s, const char *line, const char *where, FILE *out);

/* Render a result in the session's format and keep it for expect. */
void cmd_emit(rs_session *s, FILE *out, rs_result *r);
/* The columns of the terminal out writes to, or 0 where it is not one (a
 * file, a pipe). */
int cmd_term_columns(FILE *out);

/* Report an error with its location, as the session's mode wants. */
void cmd_report(rs_session *s, const char *where, const char *cmd, const char *msg);

/* Parse "on"/"off" (and yes/no, 1/0). */
int cmd_parse_bool(const char *v, int *out, rs_err *e);

#endif
