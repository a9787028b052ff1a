/* unit-parse.c: the command language: lookup by prefix and alias, the
 * tokenizer (quotes, ';', comments), strict number parsing, result fields
 * for expect, and JSON/CSV rendering. */
#include <config.h>

#include "cmd.h"
#include "numparse.h"
#include "result.h"
#include "session.h"
#include "tap.h"
#include "utf8.h"
#include "views.h"

#include <stdlib.h>
#include <string.h>

/* Run a line in the session and return what it printed (messages go to stderr). */
static char *run(rs_session *s, const char *line, int *failed)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	*failed = cmd_run_line(s, line, "test:1", mem);
	fclose(mem);
	return buf;
}

static void lookup(void)
{
	rs_err e = {0};
	const struct rs_cmd *c = cmd_find("si", &e);
	tap_ok(c && !strcmp(c->name, "signs"), "unique prefix 'si' finds signs");
	c = cmd_find("e", &e);
	tap_ok(c == NULL && strstr(e.msg, "ambiguous") && strstr(e.msg, "eig") && strstr(e.msg, "embed"),
	       "ambiguous prefix names the candidates (%s)", e.msg);
	c = cmd_find("exit", &e);
	tap_ok(c && !strcmp(c->name, "quit"), "alias exit is quit");
	c = cmd_find("frobnicate", &e);
	tap_ok(c == NULL && strstr(e.msg, "unknown command 'frobnicate'"), "unknown command (%s)", e.msg);
	static const char *const typos[][2] = {{"scores", "score"}, {"eigs", "eig"}, {"lod", "load"},
					       {"alpah", "alpha"}, {"wacth", "watch"}, {"sweeep", "sweep"}};
	int near_ok = 1;
	for (size_t i = 0; i < sizeof typos / sizeof typos[0]; i++) {
		char want[64];
		snprintf(want, sizeof want, "did you mean '%s'?", typos[i][1]);
		c = cmd_find(typos[i][0], &e);
		near_ok &= c == NULL && strstr(e.msg, want) != NULL;
	}
	tap_ok(near_ok, "a name one or two edits from a command suggests it (scores, eigs, lod, alpah, wacth, sweeep)");
	c = cmd_find("x", &e);
	tap_ok(c == NULL && !strstr(e.msg, "did you mean") && !strstr(cmd_find("frobnicate", &e) ? "" : e.msg, "did you mean"),
	       "nothing suggested for a letter, or for a word like no command (%s)", e.msg);
	static const char *const words[] = {"format", "dense-max", "solver", "lanczos", "graphml", NULL};
	const char *d1 = cmd_nearest("dense_max", words), *d2 = cmd_nearest("graphm", words),
		   *d3 = cmd_nearest("lanczs", words), *d4 = cmd_nearest("zzz", words), *d5 = cmd_nearest("x", words);
	tap_ok(d1 && !strcmp(d1, "dense-max") && d2 && !strcmp(d2, "graphml") && d3 && !strcmp(d3, "lanczos") &&
		       d4 == NULL && d5 == NULL,
	       "cmd_nearest: a word of any list one or two edits away (dense_max, graphm, lanczs), none for zzz or x");
	c = cmd_find("eig", &e);
	tap_ok(c && !strcmp(c->name, "eig"), "an exact name wins over longer names");
	int n = 0;
	for (c = rs_cmd_table; c->name; c++, n++)
		if (!c->usage || !c->summary || !c->help || !c->exec || strncmp(c->usage, c->name, strlen(c->name)))
			break;
	tap_ok(rs_cmd_table[n].name == NULL, "every command has usage (starting with its name), summary, help, handler");
	/* 'help' lists "  NAME  SUMMARY" with names padded to the longest:
	 * every line must fit an 80-column terminal */
	int wname = 0, wide = 0;
	const char *first_wide = "";
	for (c = rs_cmd_table; c->name; c++)
		if ((int)strlen(c->name) > wname)
			wname = (int)strlen(c->name);
	for (c = rs_cmd_table; c->name; c++)
		if (2 + wname + 2 + (int)strlen(c->summary) > 79 && !wide++)
			first_wide = c->name;
	tap_ok(wide == 0, "every command's line in 'help' fits 80 columns (%d too wide: %s)", wide, first_wide);
}

static void tokenizer(void)
{
	rs_session *s = session_new();
	int failed;
	char *o = run(s, "print \"a b\" 'c;d' x\"y z\"w ; print 2nd # comment ; print no", &failed);
	tap_ok(failed == 0 && !strcmp(o, "a b c;d xy zw\n2nd\n"), "quotes, ';' and '#' (%s)", o);
	free(o);
	o = run(s, "print \"say \\\"hi\\\" \\\\ ok\"", &failed);
	tap_ok(!strcmp(o, "say \"hi\" \\ ok\n"), "escapes inside double quotes (%s)", o);
	free(o);
	o = run(s, "print \"open", &failed);
	tap_ok(failed == 1 && !strcmp(o, ""), "an unterminated quote is an error and runs nothing");
	free(o);
	setenv("HOME", "/home/reg spec", 1);
	o = run(s, "print ~/g.edges ~ '~/q' \"~\" a~b ~/x~ ~nosuchuser-zz/y", &failed);
	tap_ok(failed == 0 && !strcmp(o, "/home/reg spec/g.edges /home/reg spec ~/q ~ a~b /home/reg spec/x~ ~nosuchuser-zz/y\n"),
	       "'~' opening an unquoted word is $HOME, as in the shell; quoted, inside a word or an unknown user's, kept (%s)", o);
	free(o);
	o = run(s, "   ;;  ; # nothing", &failed);
	tap_ok(failed == 0 && !strcmp(o, ""), "empty statements are fine");
	free(o);
	o = run(s, "bogus; print still", &failed);
	tap_ok(failed == 1 && !strcmp(o, "still\n"), "an error does not stop the line without bail");
	free(o);
	s->bail = 1;
	o = run(s, "bogus; print not-reached", &failed);
	tap_ok(failed == 1 && !strcmp(o, ""), "bail stops at the first error");
	free(o);
	s->bail = 0;
	o = run(s, "alpha 1 2", &failed);
	tap_ok(failed == 1, "alpha with two values is an error");
	free(o);
	o = run(s, "cliques 5 3 2; alpha 1; set format json; eig", &failed);
	tap_ok(failed == 0 && strstr(o, "\"eigenvalues\":[0,0.72481921,0.81364233,1]") &&
		       strstr(o, "\"multiplicity\":[1,1,1,7]"),
	       "json eig of the toy graph");
	free(o);
	o = run(s, "expect eigenvalues[2] 0.72481921 tol 1e-8; expect multiplicity[4] 7", &failed);
	tap_ok(failed == 0, "expect on fields of the last result");
	free(o);
	o = run(s, "expect eigenvalues[2] 0.7", &failed);
	tap_ok(failed == 1, "a failing expect counts as a failure");
	free(o);
	o = run(s, "expect eigenvalues[9] 1; expect nosuch 1; expect eigenvalues 1", &failed);
	tap_ok(failed == 3, "expect on a missing element, a missing field, an array without index");
	free(o);
	o = run(s, "set format csv; mu", &failed);
	tap_ok(failed == 0 && !strncmp(o, "j,block,size,lambda,mu,check\n1,1,5,0,0.66666667,ok\n", 51),
	       "csv mu starts with its header and first row (%.60s)", o);
	free(o);
	session_free(s);
}

static void numbers(void)
{
	rs_err e = {0};
	double d;
	long l;
	tap_ok(rs_parse_double("1e-3", &d, &e) == 0 && d == 1e-3, "1e-3 parses");
	tap_ok(rs_parse_double("3x", &d, &e) != 0 && strstr(e.msg, "'3x'"), "3x is not a number (%s)", e.msg);
	tap_ok(rs_parse_double("nan", &d, &e) != 0, "nan is refused");
	{
		/* numbers written to files: the shortest text that reads back exactly */
		const double xs[] = {1.1, 0.1 + 0.2, 1e-300, 3, -2, 1e20, 2.5e-7, 1.0 / 3};
		const char *want[] = {"1.1", "0.30000000000000004", "1e-300", "3", "-2", "1e+20",
				      "2.5e-07", "0.3333333333333333"};
		for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
			char b[32];
			rs_format_exact(b, sizeof b, xs[i]);
			tap_ok(!strcmp(b, want[i]) && strtod(b, NULL) == xs[i], "%.17g written as %s", xs[i], b);
		}
	}
	tap_ok(rs_parse_double("1e999", &d, &e) != 0, "1e999 is refused");
	tap_ok(rs_parse_double("1e-400", &d, &e) != 0 && strstr(e.msg, "nearer 0"),
	       "1e-400 is refused, not read as 0 (%s)", e.msg);
	tap_ok(rs_parse_double("1e-320", &d, &e) == 0 && d > 0, "1e-320 (subnormal) parses");
	tap_ok(rs_parse_double("0e-500", &d, &e) == 0 && d == 0, "0e-500 is 0");
	tap_ok(rs_parse_double("", &d, &e) != 0, "empty is refused");
	tap_ok(rs_parse_count("0", 1, 10, "k", &l, &e) != 0 && strstr(e.msg, "k must be between 1 and 10"),
	       "count out of range names the argument (%s)", e.msg);
	tap_ok(rs_parse_count("99999999999999999999", 1, 10, "k", &l, &e) != 0, "overflow is refused");
	long *v;
	int n;
	tap_ok(rs_parse_sizes("5,3,2", &v, &n, &e) == 0 && n == 3 && v[2] == 2, "size list 5,3,2");
	if (n == 3)
		free(v);
	tap_ok(rs_parse_sizes("5,,2", &v, &n, &e) != 0, "empty entry in a size list is refused");
	tap_ok(rs_parse_sizes("5,-1", &v, &n, &e) != 0, "negative size is refused");
	n = 0;
	tap_ok(rs_parse_size_spec("40,20*3,7", 1000, 10, &v, &n, &e) == 0 && n == 5 && v[0] == 40 &&
		       v[1] == 20 && v[3] == 20 && v[4] == 7,
	       "sizes and repeats mixed: 40,20*3,7");
	if (n == 5)
		free(v);
	tap_ok(rs_parse_size_spec("2*6,1*5", 1000, 10, &v, &n, &e) != 0 && strstr(e.msg, "more than 10 blocks"),
	       "the blocks of all entries count against the limit (%s)", e.msg);
	tap_ok(rs_parse_size_spec("*3", 1000, 10, &v, &n, &e) != 0 && strstr(e.msg, "SIZE*COUNT"),
	       "a repeat without its size is refused (%s)", e.msg);
}

/* What a terminal of 30 columns is shown of a command's text. */
static char *wrapped(const char *text, int width)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	rs_write_wrapped(m, text, strlen(text), width);
	fclose(m);
	return buf;
}

static void wrapping(void)
{
	const char *text = "title: Chlo\xc3\xa9's graph of forty-one nodes and more words\n"
			   "input  gml, directed: made undirected; 23 merged\n"
			   "  load     read a graph file in any format\n"
			   "  a_node_with_a_long_name  0.125\n"
			   "note: 315 eigenvectors are known exactly from pieces: "
			   "a-word-longer-than-the-whole-line-of-thirty stays whole\n"
			   "note: short\n";
	char *buf = wrapped(text, 0);
	tap_ok(!strcmp(buf, text), "off a terminal the text is written as it is");
	free(buf);
	buf = wrapped(text, 30);
	const char *want = "title: Chlo\xc3\xa9's graph of\n"
			   "  forty-one nodes and more\n"
			   "  words\n"
			   "input  gml, directed: made\n"
			   "       undirected; 23 merged\n"
			   "  load     read a graph file\n"
			   "           in any format\n"
			   "  a_node_with_a_long_name  0.125\n"
			   "note: 315 eigenvectors are\n"
			   "      known exactly from\n"
			   "      pieces:\n"
			   "      a-word-longer-than-the-whole-line-of-thirty\n"
			   "      stays whole\n"
			   "note: short\n";
	tap_ok(!strcmp(buf, want),
	       "at 30 columns: prose, a row's last column under itself (help's list too) and notes broken "
	       "between words, a table row whose last column starts past half as it is, a word wider than the line on its own:\n%s", buf);
	free(buf);
}

static void rendering(void)
{
	rs_result *r = result_new("t");
	result_str(r, "s", "a\"b\\c\nd");
	double x[2] = {1.5, -0.0};
	result_nums(r, "x", RF_TABLE, x, 2);
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	result_render(r, m, RS_FMT_JSON, 8);
	fclose(m);
	tap_ok(!strcmp(buf, "{\"command\":\"t\",\"s\":\"a\\\"b\\\\c\\nd\",\"x\":[1.5,0]}\n"),
	       "json escapes strings and prints -0 as 0 (%s)", buf);
	free(buf);
	result_free(r);
	tap_ok(rs_utf8_width("Chlo\xc3\xa9") == 5 && rs_utf8_width("\xe5\x8c\x97\xe4\xba\xac") == 4 &&
		       rs_utf8_width("e\xcc\x81") == 1 && rs_utf8_width("a\xff" "b") == 3 && rs_utf8_width("") == 0,
	       "text width: a character one column, a wide one two, a combining mark none, a stray byte one");
	/* a table pads names by the columns they take, not their bytes */
	r = result_new("t");
	char n0[] = "Chlo\xc3\xa9", n1[] = "Ben", *names[2] = {n0, n1};
	double y[2] = {1, 2};
	result_strs(r, "name", RF_TABLE, names, 2);
	result_nums(r, "y", RF_TABLE, y, 2);
	buf = NULL;
	m = open_memstream(&buf, &len);
	result_render(r, m, RS_FMT_TEXT, 8);
	fclose(m);
	tap_ok(buf && strstr(buf, "Chlo\xc3\xa9  1\nBen    2\n"), "a table's text column aligned by width:\n%s", buf);
	free(buf);
	result_free(r);
	wrapping();
}

/* A coarse-to-fine sweep order: every point once, the ends first, then
 * each point the midpoint of the gap between the points already solved
 * around it, and no gap split before a wider one of the level above. */
static void sweep_order(void)
{
	int good = 1;
	for (long n = 1; n <= 70 && good; n++) {
		long *o = malloc((size_t)n * sizeof *o);
		char *seen = calloc((size_t)n, 1);
		views_sweep_order(n, o);
		long widest = n; /* the gap split last can only shrink by levels */
		for (long t = 0; t < n && good; t++) {
			long i = o[t];
			if (i < 0 || i >= n || seen[i]) {
				good = 0;
				break;
			}
			if (t < 2) {
				good = i == (t == 0 ? 0 : n - 1);
			} else {
				long lo = i, hi = i;
				while (lo > 0 && !seen[lo])
					lo--;
				while (hi < n - 1 && !seen[hi])
					hi++;
				good = seen[lo] && seen[hi] && i == lo + (hi - lo) / 2 && hi - lo <= widest + 1;
				if (hi - lo < widest)
					widest = hi - lo;
			}
			seen[i] = 1;
		}
		if (!good)
			printf("# views_sweep_order fails at n = %ld\n", n);
		free(o);
		free(seen);
	}
	tap_ok(good, "sweep order: a permutation, ends first, then midpoints level by level (n = 1..70)");
}

int main(void)
{
	lookup();
	tokenizer();
	numbers();
	rendering();
	sweep_order();
	return tap_done();
}
