/* cmd-script.c: commands for scripts and demonstrations. */
#include <config.h>

#include "cmd-impl.h"

#include "input.h"
#include "numparse.h"
#include "xalloc.h"

#include <errno.h>
#include <fnmatch.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

CHECK_FN(echo)
{
	(void)s;
	(void)argc;
	int on;
	return cmd_parse_bool(argv[1], &on, e);
}

CMD_FN(echo)
{
	(void)argc;
	(void)out;
	return cmd_parse_bool(argv[1], &s->echo, e);
}

CMD_FN(print)
{
	(void)s;
	(void)e;
	for (int i = 1; i < argc; i++)
		fprintf(out, "%s%s", i > 1 ? " " : "", argv[i]);
	fputc('\n', out);
	return 0;
}

CMD_FN(pause)
{
	(void)e;
	(void)s;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return 0;
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			fprintf(out, "%s%s", i > 1 ? " " : "", argv[i]);
		fputs(" ", out);
	}
	fputs("[press Enter]", out);
	fflush(out);
	char *line = NULL;
	size_t cap = 0;
	(void)!getline(&line, &cap, stdin);
	free(line);
	return 0;
}

/* Drop trailing newlines for the glob comparison. */
static char *trimmed(const char *t)
{
	char *c = xstrdup(t ? t : "");
	size_t n = strlen(c);
	while (n > 0 && c[n - 1] == '\n')
		c[--n] = '\0';
	return c;
}

/* expect's form: GLOB, or FIELD VALUE [tol T] (*tol) */
static int expect_form(int argc, char **argv, double *tol, rs_err *e)
{
	*tol = 1e-9;
	if (argc == 2)
		return 0;
	if (argc == 4)
		return rs_fail(e, RS_EINVAL, "usage: expect FIELD VALUE [tol T]");
	if (argc == 5) {
		if (strcmp(argv[3], "tol") != 0)
			return rs_fail(e, RS_EINVAL, "unexpected '%s' (expected tol T)", argv[3]);
		if (rs_parse_range(argv[4], 0, HUGE_VAL, "tol", tol, e) != 0)
			return -1;
	}
	return 0;
}

CHECK_FN(expect)
{
	(void)s;
	double tol;
	return expect_form(argc, argv, &tol, e);
}

CMD_FN(expect)
{
	(void)out;
	double tol;
	if (expect_form(argc, argv, &tol, e) != 0)
		return -1;
	if (argc == 2) {
		if (s->last_text == NULL)
			return rs_fail(e, RS_EINVAL, "nothing to check yet: expect follows a command");
		char *got = trimmed(s->last_text);
		int ok = fnmatch(argv[1], got, 0) == 0;
		if (!ok) {
			size_t lines = 1, first = strcspn(got, "\n");
			for (const char *p = got; *p; p++)
				lines += *p == '\n';
			rs_fail(e, RS_EINVAL,
				"expect failed: the output does not match \"%s\"; it was %zu line%s: "
				"\"%.*s%s\"",
				argv[1], lines, lines == 1 ? "" : "s", (int)(first > 120 ? 120 : first), got,
				lines > 1 || first > 120 ? " ..." : "");
		}
		free(got);
		return ok ? 0 : -1;
	}
	if (s->last == NULL)
		return rs_fail(e, RS_EINVAL, "nothing to check: the previous command gave no result");
	char got[512], msg[300];
	int is_num = 0;
	double num = 0;
	if (result_lookup(s->last, argv[1], got, sizeof got, &is_num, &num, msg, sizeof msg) != 0)
		return rs_fail(e, RS_EINVAL, "%s", msg);
	if (is_num) {
		double want;
		if (rs_parse_double(argv[2], &want, e) != 0)
			return rs_fail(e, RS_EINVAL, "'%s' is a number, but %s", argv[1], e->msg);
		if (!(fabs(num - want) <= tol * fmax(1.0, fabs(want))))
			return rs_fail(e, RS_EINVAL, "expect failed: %s is %.12g, expected %s (tol %g)",
				       argv[1], num, argv[2], tol);
		return 0;
	}
	const char *want = argv[2];
	if (!strcmp(got, "true") || !strcmp(got, "false")) { /* booleans read yes/no too */
		if (!strcmp(want, "yes") || !strcmp(want, "on"))
			want = "true";
		else if (!strcmp(want, "no") || !strcmp(want, "off"))
			want = "false";
	}
	if (strcmp(got, want) != 0)
		return rs_fail(e, RS_EINVAL, "expect failed: %s is \"%s\", expected \"%s\"", argv[1],
			       got, argv[2]);
	return 0;
}

char *cmd_resolve_path(const rs_session *s, const char *path)
{
	if (access(path, F_OK) == 0 || path[0] == '/' || s->depth == 0)
		return xstrdup(path);
	char *dir = xstrdup(s->src_name[s->depth - 1]);
	char *beside = xasprintf("%s/%s", dirname(dir), path);
	free(dir);
	if (access(beside, F_OK) == 0)
		return beside;
	free(beside);
	return xstrdup(path);
}

/* Open path, or path beside the running script. */
static FILE *open_script(rs_session *s, const char *path, char **used)
{
	FILE *f = fopen(path, "r");
	if (f != NULL || path[0] == '/' || s->depth == 0) {
		*used = xstrdup(path);
		return f;
	}
	int saved = errno;
	char *dir = xstrdup(s->src_name[s->depth - 1]);
	char *beside = xasprintf("%s/%s", dirname(dir), path);
	free(dir);
	f = fopen(beside, "r");
	if (f != NULL) {
		*used = beside;
		return f;
	}
	free(beside);
	errno = saved;
	*used = xstrdup(path);
	return NULL;
}

int cmd_source_file(rs_session *s, const char *path, FILE *out, rs_err *e)
{
	if (s->depth >= RS_SOURCE_DEPTH_MAX)
		return rs_fail(e, RS_EINVAL, "source nested more than %d deep", RS_SOURCE_DEPTH_MAX);
	char *used;
	FILE *f = open_script(s, path, &used);
	if (f == NULL) {
		rs_fail(e, RS_EIO, "cannot open '%s': %s", path, strerror(errno));
		free(used);
		return -1;
	}
	/* a directory opens, and reads as an empty script */
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		rs_fail(e, RS_EIO, "cannot read '%s': it is a directory", used);
		free(used);
		return -1;
	}
	char real[PATH_MAX];
	if (realpath(used, real) == NULL)
		snprintf(real, sizeof real, "%s", used);
	for (int d = 0; d < s->depth; d++)
		if (s->src_real[d] && !strcmp(s->src_real[d], real)) {
			fclose(f);
			rs_fail(e, RS_EINVAL,
				"source loop: '%s' is already running (a script cannot source itself, "
				"directly or not)",
				used);
			free(used);
			return -1;
		}
	s->src_name[s->depth] = used;
	s->src_real[s->depth] = xstrdup(real);
	s->depth++;
	int saved_interactive = s->interactive;
	s->interactive = 0;
	int failed = input_run_stream(s, f, used, out);
	s->interactive = saved_interactive;
	s->depth--;
	free(s->src_real[s->depth]);
	s->src_real[s->depth] = NULL;
	s->src_name[s->depth] = NULL;
	int unread = ferror(f);
	fclose(f);
	if (unread) { /* a read error would otherwise pass for the end of the script */
		rs_fail(e, RS_EIO, "cannot read '%s' to its end: %s", used, strerror(EIO));
		free(used);
		return -1;
	}
	if (failed > 0) {
		rs_fail(e, RS_EINVAL, "%d command%s failed in %s", failed, failed == 1 ? "" : "s", used);
		free(used);
		return -1;
	}
	free(used);
	return 0;
}

CMD_FN(source)
{
	(void)argc;
	return cmd_source_file(s, argv[1], out, e);
}

/* Print text wrapped at width, each line indented; a '\n' starts a new
 * paragraph, after a blank line. */
static void wrap(FILE *out, const char *text, int indent, int width)
{
	for (const char *p = text; *p != '\0';) {
		const char *end = strchr(p, '\n');
		if (end == NULL)
			end = p + strlen(p);
		if (p + strspn(p, " ") < end) {
			fprintf(out, "%*s", indent, "");
			rs_put_wrapped(out, p, end, (size_t)indent, (size_t)indent, (size_t)width);
			fputc('\n', out);
		}
		if (*end == '\n')
			fputc('\n', out);
		p = *end ? end + 1 : end;
	}
}

/* Words of text[0..n) split at blanks outside brackets, packed into lines
 * of width from column col, continued at column indent. */
static void usage_words(FILE *out, const char *text, size_t n, int col, int indent, int width)
{
	const char *p = text, *stop = text + n;
	int first = 1;
	while (p < stop) {
		const char *q = p;
		for (int depth = 0; q < stop && (depth > 0 || *q != ' '); q++)
			depth += *q == '[' ? 1 : *q == ']' && depth > 0 ? -1 : 0;
		int l = (int)(q - p);
		if (!first && col + 1 + l > width) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
		} else if (!first) {
			fputc(' ', out);
			col++;
		}
		fwrite(p, 1, (size_t)l, out);
		col += l;
		first = 0;
		p = q + strspn(q, " ");
	}
}

/* A command's usage: one line where it fits; else its alternatives ("A |
 * B") a line each, "   or: " before all but the first, a note after "; "
 * under them, and an alternative too long for the width wrapped at
 * blanks outside brackets, under its first argument. */
static void usage_lines(FILE *out, const char *usage, int width)
{
	if ((int)strlen(usage) + 7 <= width) {
		fprintf(out, "usage: %s\n", usage);
		return;
	}
	const char *p = usage;
	for (int alt = 0; *p; alt++) {
		const char *bar = strstr(p, " | "), *semi = strstr(p, "; ");
		const char *end = bar ? bar : p + strlen(p);
		const char *note = semi && semi < end ? semi : NULL;
		if (note)
			end = note;
		fputs(alt ? "   or: " : "usage: ", out);
		size_t cmd = strcspn(p, " ");
		usage_words(out, p, (size_t)(end - p), 7, 7 + (int)(cmd < (size_t)(end - p) ? cmd + 1 : 0), width);
		fputc('\n', out);
		if (note) {
			fputs("       ", out);
			usage_words(out, note + 2, strlen(note + 2), 7, 7, width);
			fputc('\n', out);
			break;
		}
		p = bar ? bar + 3 : end;
	}
}

static int help_text(int argc, char **argv, FILE *out, int width, rs_err *e)
{
	if (argc == 2) {
		/* a topic by its name or a prefix of three letters or more
		 * ('help format'), unless a command has that very name */
		size_t l = strlen(argv[1]);
		int command = 0;
		for (const struct rs_cmd *c = rs_cmd_table; c->name; c++)
			command |= !strcmp(c->name, argv[1]) || (c->alias && !strcmp(c->alias, argv[1]));
		for (const struct rs_topic *t = rs_topic_table; t->name && !command; t++)
			if (l >= 3 && !strncmp(t->name, argv[1], l)) {
				fprintf(out, "%s: %s\n\n", t->name, t->summary);
				wrap(out, t->text, 2, width);
				return 0;
			}
		const struct rs_cmd *c = cmd_find(argv[1], e);
		if (c == NULL && strstr(e->msg, "did you mean") == NULL) {
			const char *topics[16];
			int nt = 0;
			for (const struct rs_topic *t = rs_topic_table; t->name && nt < 15; t++)
				topics[nt++] = t->name;
			topics[nt] = NULL;
			const char *near = cmd_nearest(argv[1], topics);
			if (near)
				rs_fail(e, RS_EINVAL, "no command or topic '%.40s'; did you mean '%s'?", argv[1], near);
		}
		if (c == NULL)
			return -1;
		usage_lines(out, c->usage, width);
		if (c->alias)
			fprintf(out, "alias: %s\n", c->alias);
		fputc('\n', out);
		wrap(out, c->help, 2, width);
		return 0;
	}
	int w = 0;
	for (const struct rs_cmd *c = rs_cmd_table; c->name; c++)
		if ((int)strlen(c->name) > w)
			w = (int)strlen(c->name);
	fputs("Commands (a unique prefix is enough; 'help COMMAND' for details):\n", out);
	for (const struct rs_cmd *c = rs_cmd_table; c->name; c++)
		fprintf(out, "  %-*s  %s\n", w, c->name, c->summary);
	fputs("\nTopics ('help TOPIC'):\n", out);
	for (const struct rs_topic *t = rs_topic_table; t->name; t++)
		fprintf(out, "  %-*s  %s\n", w, t->name, t->summary);
	fputs("\nStart with:  cliques 5 3 2   then   alpha 1   eig   mu   signs\n", out);
	return 0;
}

/* Help's paragraphs are 78 columns wide, or as wide as a narrower
 * terminal, whose usage lines and list of commands are wrapped too. */
/* a command or topic help knows (its text, thrown away) */
CHECK_FN(help)
{
	(void)s;
	FILE *null = fopen("/dev/null", "w");
	if (null == NULL)
		return 0;
	int rc = help_text(argc, argv, null, 78, e);
	fclose(null);
	return rc;
}

CMD_FN(help)
{
	(void)s;
	int cols = cmd_term_columns(out);
	if (cols < RS_WRAP_MIN || cols > 78)
		return help_text(argc, argv, out, 78, e);
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	if (mem == NULL)
		return help_text(argc, argv, out, 78, e);
	int rc = help_text(argc, argv, mem, cols, e);
	fclose(mem);
	rs_write_wrapped(out, buf, len, cols);
	free(buf);
	return rc;
}

CHECK_FN(quit)
{
	(void)s;
	long code;
	return argc == 2 ? rs_parse_count(argv[1], 0, 255, "exit status", &code, e) : 0;
}

CMD_FN(quit)
{
	(void)out;
	long code = s->failures ? 1 : 0;
	if (argc == 2 && rs_parse_count(argv[1], 0, 255, "exit status", &code, e) != 0)
		return -1;
	s->quit = 1;
	s->exit_code = (int)code;
	return 0;
}
