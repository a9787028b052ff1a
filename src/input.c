/* input.c: the input loop for terminals (readline), files, pipes and source. */
#include <config.h>

#include "input.h"

#include "cmd.h"
#include "graphio.h"
#include "idle.h"
#include "labels.h"
#include "npgraph.h"
#include "xalloc.h"

#include <errno.h>
#include <signal.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <readline/tilde.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAVE_RL_LAST_COMMAND_WAS_KILL
extern int _rl_last_command_was_kill; /* readline's, not in its headers (configure.ac) */
#endif
#ifdef HAVE_RL_SAVED_LINE_FOR_HISTORY
extern HIST_ENTRY *_rl_saved_line_for_history; /* the same */
extern void *_rl_nscxt; /* the same; a struct of readline's, only compared with NULL here */
#endif

rs_cancel rs_interrupted;

/* The longest command line read from a file or pipe.  A K x K matrix for
 * `sbm` of K = 300 is under 1 MB; what is longer is not a command file
 * (a file without newlines, /dev/zero), and reading it whole would take
 * all the memory there is. */
#define LINE_MAX_BYTES ((size_t)8 << 20)

enum line_end { LINE_OK, LINE_EOF, LINE_BINARY, LINE_LONG };

/* One line of f into *buf (newline kept, NUL-terminated), its length in
 * *len.  A NUL byte (binary data: the rest would be cut off unseen) or a
 * line over LINE_MAX_BYTES stops the reading there, with what came before
 * in *buf. */
static enum line_end read_line(FILE *f, char **buf, size_t *cap, size_t *len)
{
	enum line_end end = LINE_OK;
	int c;
	*len = 0;
	if (*cap < 256) {
		*cap = 256;
		*buf = xreallocarray(*buf, *cap, 1);
	}
	flockfile(f);
	while ((c = getc_unlocked(f)) != EOF) {
		if (c == '\0' || *len + 2 > LINE_MAX_BYTES) {
			end = c == '\0' ? LINE_BINARY : LINE_LONG;
			break;
		}
		if (*len + 2 > *cap) {
			*cap *= 2;
			*buf = xreallocarray(*buf, *cap, 1);
		}
		(*buf)[(*len)++] = (char)c;
		if (c == '\n')
			break;
	}
	funlockfile(f);
	(*buf)[*len] = '\0';
	return end == LINE_OK && *len == 0 ? LINE_EOF : end;
}

/* Why a stream's line cannot be commands, for its one error. */
static const char *not_commands(enum line_end end, long lineno, const char *line, size_t len)
{
	if (end == LINE_LONG)
		return "a line longer than 8 MB: not commands; the rest is not read";
	/* a byte-order mark, or a letter then a NUL: what Windows calls Unicode */
	const unsigned char *u = (const unsigned char *)line;
	if (lineno == 1 && ((len >= 2 && ((u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe && u[1] == 0xff))) ||
			    (len == 1 && u[0] > ' ' && u[0] < 0x7f)))
		return "UTF-16 text: save it as UTF-8 (iconv -f UTF-16 -t UTF-8); nothing is run";
	return "a NUL byte: binary data, not commands; the rest is not read";
}

int input_run_stream(rs_session *s, FILE *f, const char *name, FILE *out)
{
	char *line = NULL;
	size_t cap = 0;
	long lineno = 0;
	int failed = 0;
	size_t len;
	enum line_end end;
	while (!s->quit && (end = read_line(f, &line, &cap, &len)) != LINE_EOF) {
		lineno++;
		char *where = xasprintf("%s:%ld", name, lineno);
		if (end != LINE_OK) {
			cmd_report(s, where, NULL, not_commands(end, lineno, line, len));
			s->failures++;
			free(where);
			failed++;
			break;
		}
		int before = s->failures;
		rs_interrupted = 0;
		/* a UTF-8 byte-order mark (Notepad's "UTF-8 with BOM") is not text */
		const char *text = lineno == 1 && !strncmp(line, "\xef\xbb\xbf", 3) ? line + 3 : line;
		failed += cmd_run_line(s, text, where, out);
		if (rs_interrupted && !s->interactive) {
			/* Ctrl-C: the command kept what it had done; the script stops here */
			fprintf(stderr, "%s: interrupted\n", where);
			s->quit = 1;
			s->exit_code = 130;
		}
		free(where);
		if (s->bail && s->failures > before)
			break;
	}
	free(line);
	return failed;
}

char *input_history_path(void)
{
	const char *h = getenv("REGSPEC_HISTFILE");
	if (h != NULL)
		return *h && strcmp(h, "/dev/null") != 0 ? xstrdup(h) : NULL;
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	char *dir;
	if (state != NULL && *state == '/')
		dir = xasprintf("%s/regspec", state);
	else if (home != NULL && *home)
		dir = xasprintf("%s/.local/state/regspec", home);
	else
		return NULL;
	/* mkdir -p, quietly: without a directory there is simply no history */
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0700);
			*p = '/';
		}
	mkdir(dir, 0700);
	char *path = xasprintf("%s/history", dir);
	free(dir);
	return path;
}

/* Completion: command names first, then what the command's table entry
 * says its arguments are (struct rs_complete): keywords, the values that
 * follow a keyword, file names, or keywords and file names together. */
static const char *const *completing_words;
static int completing_files;

static char *gen_command(const char *text, int state)
{
	static const struct rs_cmd *c;
	static size_t len;
	if (state == 0) {
		c = rs_cmd_table;
		len = strlen(text);
	}
	for (; c->name; c++)
		if (strncmp(c->name, text, len) == 0)
			return xstrdup((c++)->name);
	return NULL;
}

/* help's argument: a command or a topic. */
static char *gen_help(const char *text, int state)
{
	static const struct rs_topic *t;
	static int topics;
	if (state == 0)
		topics = 0, t = rs_topic_table;
	if (!topics) {
		char *w = gen_command(text, state);
		if (w)
			return w;
		topics = 1;
	}
	for (size_t len = strlen(text); t->name; t++)
		if (strncmp(t->name, text, len) == 0)
			return xstrdup((t++)->name);
	return NULL;
}

/* Archives larger than this are not read for their members at a Tab. */
#define ARCHIVE_COMPLETION_MAX ((size_t)256 << 20)

/* The file a completion cache was filled from, as it was then. */
struct file_version {
	char *path;
	time_t mtime;
	off_t size;
};

/* Whether v is path as st finds it now. */
static int version_is(const struct file_version *v, const char *path, const struct stat *st)
{
	return v->path && !strcmp(v->path, path) && v->mtime == st->st_mtime && v->size == st->st_size;
}

/* v := path (taken) as st finds it. */
static void version_set(struct file_version *v, char *path, const struct stat *st)
{
	v->path = path;
	v->mtime = st->st_mtime;
	v->size = st->st_size;
}

/* The files of the archive last completed in (read again when the file
 * changes), so that each Tab does not inflate it again. */
static struct {
	struct file_version file;
	char **names;
} arch_cache;

static void arch_cache_drop(void)
{
	for (char **n = arch_cache.names; n && *n; n++)
		free(*n);
	free(arch_cache.names);
	free(arch_cache.file.path);
	memset(&arch_cache, 0, sizeof arch_cache);
}

/* The member names of the archive text[0..l) names (a .zip, .npz, .tar,
 * .tgz or .tar.gz file; a workbook's sheets, a MAT-file's or an Octave
 * file's variables, a graph6 file's numbers), or NULL. */
static char **archive_members(const char *text, size_t l)
{
	char *typed = xasprintf("%.*s", (int)l, text);
	char *path = tilde_expand(typed); /* as readline's file names are */
	free(typed);
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
		free(path);
		return NULL;
	}
	if (version_is(&arch_cache.file, path, &st)) {
		free(path);
		return arch_cache.names;
	}
	arch_cache_drop();
	rs_err e;
	char **names = rs_archive_names(path, ARCHIVE_COMPLETION_MAX, &e);
	if (names == NULL) {
		free(path);
		return NULL;
	}
	version_set(&arch_cache.file, path, &st);
	arch_cache.names = names;
	return names;
}

/* A file name as typed, for the file system: escapes off outside quotes,
 * \" and \\ inside double quotes. */
static char *dequote(char *text, int quote_char)
{
	char *r = xmalloc(strlen(text) + 1), *o = r;
	for (const char *p = text; *p; p++) {
		if (*p == '\\' && p[1] != '\0' &&
		    (quote_char == 0 ? strchr(CMD_ESCAPABLE, p[1]) != NULL
				     : quote_char == '"' && (p[1] == '"' || p[1] == '\\')))
			p++;
		*o++ = *p;
	}
	*o = '\0';
	return r;
}

/* Within ARCHIVE/ (the first '/' after an archive's name that is a
 * file): the archive's members, as ARCHIVE/MEMBER. */
static char *gen_member(const char *text, int state)
{
	static char **names;
	static size_t plen, i;
	if (state == 0) {
		names = NULL;
		i = 0;
		for (const char *p = text; (p = strchr(p, '/')) != NULL; p++) {
			size_t l = (size_t)(p - text);
			/* any file's name then '/' (an Octave file has no suffix
			 * of its own); folders are passed over at once */
			if (l > 0 && (names = archive_members(text, l)) != NULL) {
				plen = l + 1;
				break;
			}
		}
	}
	for (; names && names[i]; i++)
		if (!strncmp(names[i], text + plen, strlen(text + plen))) {
			/* shown as file names are, the part after the last '/' */
			rl_filename_completion_desired = 1;
			return xasprintf("%.*s%s", (int)plen, text, names[i++]);
		}
	return NULL;
}

/* The matching words, then (when files are wanted) the matching file
 * names from readline's own generator, or the members of an archive. */
static char *gen_word(const char *text, int state)
{
	static int i, in_files, in_archive;
	static size_t len;
	static char *plain; /* text as a file name: its quotes and escapes off */
	if (state == 0) {
		i = 0;
		in_files = 0;
		in_archive = 0;
		len = strlen(text);
		free(plain);
		plain = rl_completion_found_quote ? dequote((char *)text, rl_completion_quote_character)
						  : xstrdup(text);
	}
	if (in_archive)
		return gen_member(plain, 1);
	if (!in_files) {
		for (; completing_words && completing_words[i]; i++)
			if (strncmp(completing_words[i], text, len) == 0)
				return xstrdup(completing_words[i++]);
		if (!completing_files)
			return NULL;
		in_files = 1;
		char *m = gen_member(plain, 0);
		if (m != NULL) {
			in_archive = 1;
			return m;
		}
		return rl_filename_completion_function(text, 0);
	}
	return rl_filename_completion_function(text, 1);
}

/* Graph files larger than this are not read for their node attributes
 * at a Tab. */
#define ATTRS_COMPLETION_MAX ((off_t)16 << 20)

/* The node and edge attributes of the graph file last asked about (read
 * again when the file changes), for 'load FILE labels <Tab>' and 'load
 * FILE weight <Tab>'. */
static struct {
	struct file_version file;
	char *list[2];         /* "a, b, c": the nodes', the edges' */
	const char **words[2]; /* into list */
} attr_cache;

static void attr_cache_drop(void)
{
	free(attr_cache.file.path);
	for (int i = 0; i < 2; i++) {
		free(attr_cache.list[i]);
		free(attr_cache.words[i]);
	}
	memset(&attr_cache, 0, sizeof attr_cache);
}

/* list, "a, b, c", as words into itself, NULL-terminated ("..." that ends
 * a list cut short left out); NULL for an empty list. */
static const char **attr_words(char *list)
{
	if (list == NULL || list[0] == '\0')
		return NULL;
	size_t n = 2;
	for (const char *c = list; (c = strstr(c, ", ")) != NULL; c += 2)
		n++;
	const char **words = xcalloc(n, sizeof *words);
	size_t k = 0;
	for (char *w = list; w != NULL && k + 1 < n;) {
		char *sep = strstr(w, ", ");
		if (sep)
			*sep = '\0';
		if (strcmp(w, "...") != 0)
			words[k++] = w;
		w = sep ? sep + 2 : NULL;
	}
	return words;
}

/* The node attributes (edges 0) or the numeric edge attributes and
 * header columns (edges 1: what 'weight NAME' takes) of the graph file
 * typed names (GML, GraphML, GEXF, JSON, DOT, XGMML, GDF, a CSV edge list
 * under a header), NULL-terminated; NULL when it has none or cannot be
 * read. */
static const char *const *attr_names(const char *typed, int edges)
{
	char *path = tilde_expand(typed);
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > ATTRS_COMPLETION_MAX) {
		free(path);
		return NULL;
	}
	if (version_is(&attr_cache.file, path, &st)) {
		free(path);
		return attr_cache.words[edges];
	}
	attr_cache_drop();
	version_set(&attr_cache.file, path, &st);
	rs_load_opts o = {.format = RS_GF_AUTO, .merge = RS_MERGE_MAX, .header = -1, .base = -1, .ids = RS_IDS_AUTO};
	rs_load_info info;
	rs_err e;
	rs_graph *g = rs_graph_load(path, &o, &info, &e);
	if (g == NULL)
		return NULL;
	rs_labels_free(info.labels);
	rs_graph_free(g);
	attr_cache.list[0] = xstrdup(info.node_attrs);
	if (info.edge_columns[0] != '\0')
		attr_cache.list[1] = xstrdup(info.edge_columns);
	else
		attr_cache.list[1] = xasprintf("%s%s%s", info.weight_attr, info.weight_attr[0] && info.unread_attrs[0] ? ", " : "",
					       info.unread_attrs);
	for (int i = 0; i < 2; i++)
		attr_cache.words[i] = attr_words(attr_cache.list[i]);
	return attr_cache.words[edges];
}

/* The session at the prompt, for what completion takes from it. */
static const rs_session *completing_session;

/* The node attributes of the file the session loaded, for 'labels <Tab>'
 * (NULL where it has none). */
static const char *const *loaded_attrs(void)
{
	static char *list;
	static const char **words;
	const char *now = completing_session && completing_session->loaded ? completing_session->loaded->attrs : NULL;
	if (list == NULL || now == NULL || strcmp(list, now) != 0) {
		free(list);
		free(words);
		list = now ? xstrdup(now) : NULL;
		words = attr_words(list);
	}
	return words;
}

/* Decide what the argument under the cursor is: it is argument argi of
 * command c (1: the first), arg1 the first argument and prev the word
 * before the cursor's. */
static void arg_kind(const struct rs_cmd *c, int argi, const char *arg1, const char *prev)
{
	const struct rs_complete *k = c->complete;
	completing_words = c->words;
	completing_files = 0;
	if (k == NULL)
		return;
	const int nafter = (int)(sizeof k->after / sizeof k->after[0]);
	const int nlater = (int)(sizeof k->later / sizeof k->later[0]);
	for (int a = 0; argi > 1 && a < nafter && k->after[a].key; a++)
		if (!strcmp(prev, k->after[a].key)) {
			completing_words = k->after[a].values;
			completing_files = k->after[a].files;
			return;
		}
	if (argi == 1) {
		if (k->first)
			completing_words = k->first;
		completing_files = (k->files & ARG_FILE_1) != 0;
		if (completing_files && k->first == NULL)
			completing_words = NULL;
		return;
	}
	for (int a = 0; a < nlater && k->later[a].key; a++)
		if (!strcmp(arg1, k->later[a].key))
			completing_words = k->later[a].values;
	completing_files = (argi == 2 && (k->files & ARG_FILE_2)) || (k->files & ARG_FILE_LATER);
	if (argi == 2 && (k->files & ARG_FILE_2))
		completing_words = NULL;
}

static char **complete(const char *text, int start, int end)
{
	(void)end;
	rl_attempted_completion_over = 1;
	/* the words before the cursor, read as the command line reads them
	 * (cmd_word): the statement being typed starts after the last ';'
	 * outside quotes; its words are the command, then argi - 1 arguments,
	 * prev the last of them, file1 the first whole; a quote still open at
	 * the cursor opens the word being completed */
	const char *buf = rl_line_buffer;
	char first[64] = "", arg1[64] = "", prev[64] = "";
	char *file1 = NULL, *word = xmalloc((size_t)start + 1);
	int argi = 0, started = 0;
	for (int p = 0; p < start;) {
		if (buf[p] == ' ' || buf[p] == '\t') {
			p++;
			continue;
		}
		if (buf[p] == ';') { /* a new statement */
			p++;
			argi = 0;
			started = 0;
			free(file1);
			file1 = NULL;
			continue;
		}
		int open;
		p += (int)cmd_word(buf + p, (size_t)(start - p), word, &open);
		if (open)
			break;
		started = 1;
		snprintf(prev, sizeof prev, "%s", word);
		if (argi == 0) {
			snprintf(first, sizeof first, "%s", word);
		} else if (argi == 1) {
			snprintf(arg1, sizeof arg1, "%s", word);
			file1 = xstrdup(word);
		}
		argi++;
	}
	free(word);
	if (!started) {
		free(file1);
		return rl_completion_matches(text, gen_command);
	}
	rs_err e;
	const struct rs_cmd *c = cmd_find(first, &e);
	if (c == NULL) {
		free(file1);
		return NULL;
	}
	if (!strcmp(c->name, "help")) {
		free(file1);
		return rl_completion_matches(text, gen_help);
	}
	arg_kind(c, argi, arg1, prev);
	/* 'load FILE ... labels <Tab>': FILE's node attributes, then files;
	 * 'load FILE ... weight <Tab>': its edges' numeric attributes or its
	 * header's columns */
	int weight = !strcmp(prev, "weight");
	if (!strcmp(c->name, "load") && argi >= 3 && (weight || !strcmp(prev, "labels")) && file1 && *file1) {
		const char *const *w = attr_names(file1, weight);
		if (w != NULL)
			completing_words = w;
	}
	/* 'labels <Tab>': the loaded file's node attributes, then files */
	if (!strcmp(c->name, "labels") && argi == 1 && loaded_attrs() != NULL)
		completing_words = loaded_attrs();
	free(file1);
	char **m = rl_completion_matches(text, gen_word);
	/* an archive, completed alone: no space after it, so that Enter loads
	 * it and '/' then Tab lists its files */
	if (m != NULL && m[0] != NULL && m[1] == NULL && rs_archive_name(m[0], strlen(m[0]))) {
		char *path = tilde_expand(m[0]);
		struct stat sb;
		if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
			rl_completion_append_character = '\0';
		free(path);
	}
	return m;
}

/* Is the character at index i of text held by a backslash before it (the
 * command line's escapes, 'my\ graph.edges'), so that no word breaks there? */
static int escaped_at(char *text, int i)
{
	int n = 0;
	while (i - n - 1 >= 0 && text[i - n - 1] == '\\')
		n++;
	return n % 2 == 1;
}

/* A completed file name as the command line reads it: inside the quote
 * the person opened, or else with a backslash before each blank, ';', '#',
 * quote and backslash, as a shell writes it (a leading '~' stays bare, so
 * that it is still a home directory). */
static char *quote_name(char *text, int match_type, char *quote_pointer)
{
	(void)match_type;
	char q = quote_pointer ? *quote_pointer : '\0';
	char *r = xmalloc(2 * strlen(text) + 2), *o = r;
	if (q == '"' || q == '\'') {
		*o++ = q;
		for (const char *p = text; *p; p++) {
			if (q == '"' && (*p == '"' || *p == '\\'))
				*o++ = '\\';
			*o++ = *p;
		}
	} else {
		for (const char *p = text; *p; p++) {
			if (strchr(CMD_ESCAPABLE, *p) != NULL)
				*o++ = '\\';
			*o++ = *p;
		}
	}
	*o = '\0';
	return r;
}

/* The directory readline opens to complete a file name in it: its quotes
 * and escapes off, and a '~' they hid from readline's own expansion
 * expanded (readline's own order leaves '~/my\ graphs/' unopened). */
static int open_dir_name(char **dirname)
{
	if (!rl_completion_found_quote)
		return 0;
	char *d = dequote(*dirname, rl_completion_quote_character);
	if (d[0] == '~') {
		char *t = tilde_expand(d);
		free(d);
		d = t;
	}
	free(*dirname);
	*dirname = d;
	return 1;
}

static void on_sigint(int sig)
{
	(void)sig;
	rs_interrupted = 1;
}

void input_catch_interrupts(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

/* The prompt reads through readline's callback interface: a line arrives
 * in on_line, and Ctrl-C interrupts the wait for a key (select), where
 * prompt_line abandons the line and all readline was doing with it, and
 * starts a fresh prompt. Abandoning the line alone (a blocking readline()
 * with a signal hook) left readline inside what it was doing: an
 * incremental search (C-r) went on and Enter ran the line it had found;
 * a history search repeated after Ctrl-C (PgDn, then PgUp) continued the
 * old one with its prefix's length as the cursor, past the end of the
 * emptied line, so keys typed became NULs and Tab looped in readline for
 * ever. Readline's own handlers act only while it reads a key: the rest
 * of the time Ctrl-C and a resize come here. */
static char *got_line;
static int got;
static volatile sig_atomic_t resized;

static void on_line(char *line)
{
	got_line = line;
	got = 1;
	rl_callback_handler_remove();
}

static void on_sigwinch(int sig)
{
	(void)sig;
	resized = 1;
}

#ifdef HAVE_RL_SAVED_LINE_FOR_HISTORY
/* Whether undo list u holds part, the undo records from part on. */
static int undo_holds(const UNDO_LIST *u, const UNDO_LIST *part)
{
	for (; u != NULL; u = u->next)
		if (u == part)
			return 1;
	return 0;
}

/* A non-incremental search ended by a key that finds nothing (C-g,
 * Backspace on an empty search): readline 8.2 puts back the line it was
 * begun from over the search's undo list, lost then.  readline's own
 * reader, but for such a key: the undo list is let go first. */
static int read_key(FILE *in)
{
	int c = rl_getc(in);
	if (RL_ISSTATE(RL_STATE_NSEARCH) &&
	    (c == ('G' & 0x1f) || ((c == ('H' & 0x1f) || c == 0x7f) && rl_point == 0)))
		rl_free_undo_list();
	return c;
}

/* After a key: a search ended without a find (C-g, Backspace on an empty
 * search, Enter on an empty one with none before it) leaves its state
 * behind in readline 8.2, lost at the next search; it goes as Ctrl-C's
 * cleanup makes it go.  And where a search left readline at a history
 * entry showing another line (the line typed before the walk, put back
 * after a search that found nothing; a line found from an entry), Up,
 * Down and Enter took that line for an edit of the entry (accept_line):
 * readline goes back to the end of the history, where such a line is. */
static void search_cleanup(void)
{
	if (RL_ISSTATE(RL_STATE_NSEARCH))
		return;
	if (_rl_nscxt != NULL) {
		RL_SETSTATE(RL_STATE_NSEARCH); /* what the cleanup looks for */
		rl_callback_sigcleanup();
	}
	if (_rl_saved_line_for_history == NULL && where_history() < history_length)
		history_set_pos(history_length);
}
#endif

/* A redisplay function that draws nothing (abandon_line). */
static void draw_nothing(void)
{
}

/* Ctrl-C: the line as it stood, "^C" after it, and a fresh prompt with
 * nothing left of what readline was doing (a search, a numeric argument,
 * a key sequence begun, the place in the history) and no history line
 * left edited. The order matters: a history line's undo list is also its
 * entry's, and the line typed before the history was walked is kept aside
 * with its own; freed in another order, one was freed twice at the next
 * Enter, or leaked. */
static void abandon_line(const char *prompt)
{
	rs_interrupted = 0;
	rl_point = rl_end;
	rl_redisplay();
	fputs("^C", rl_outstream ? rl_outstream : stdout);
	/* the line stays on the screen as it was typed: in vi mode the
	 * revert below drew the line it put back after the ^C */
	rl_voidfunc_t *draw = rl_redisplay_function;
	rl_redisplay_function = draw_nothing;
	int searching = RL_ISSTATE(RL_STATE_NSEARCH);
	rl_callback_sigcleanup();
	if (searching) { /* the prompt the search's ':' took the place of, as readline's own C-g does */
		rl_restore_prompt();
		rl_clear_message();
	}
#ifdef HAVE_RL_SAVED_LINE_FOR_HISTORY
	/* a search begun from an edited history line (search_wrapped): the
	 * search's text goes, and the line's edit, which the history entry
	 * holds, is what is undone below */
	HIST_ENTRY *h = current_history();
	if (h != NULL && h->data != NULL && !undo_holds(rl_undo_list, (UNDO_LIST *)h->data)) {
		rl_free_undo_list();
		rl_replace_line(h->line, 0);
		rl_undo_list = (UNDO_LIST *)h->data;
	}
#endif
	if (rl_undo_list != NULL)
		rl_revert_line(1, 0); /* a history line edited: as it was */
	rl_free_line_state(); /* its undo list was the entry's too */
	rl_maybe_unsave_line(); /* the line typed before the history was walked */
	rl_replace_line("", 1);
	rl_point = rl_mark = 0;
	rl_last_func = NULL;
#ifdef HAVE_RL_LAST_COMMAND_WAS_KILL
	/* readline clears it after each key it dispatches, but not after one
	 * that leaves typed keys pending (a self-insert with more input):
	 * left set, a kill after Ctrl-C joined the one before it, and in vi
	 * mode took its place, its text lost */
	_rl_last_command_was_kill = 0;
#endif
	rl_redisplay_function = draw;
	rl_crlf();
	rl_callback_handler_remove();
	using_history();
	rl_callback_handler_install(prompt, on_line);
}

#ifdef HAVE_RL_LAST_COMMAND_WAS_KILL
/* vi's ~ with a count (3~, or Home and End as xterm sends them, ESC [ 1 ~
 * and ESC [ 4 ~, typed in vi mode): readline 8.2 changes each letter by a
 * kill and an insert, and each kill after the first takes the first's
 * place in the kill ring without freeing its text.  One letter at a time,
 * no kill said to come before each, changes the same letters. */
static int vi_change_case(int count, int key)
{
	if (count <= 0)
		return rl_vi_change_case(count, key);
	for (int i = 0; i < count && rl_point < rl_end; i++) {
		_rl_last_command_was_kill = 0;
		rl_vi_change_case(1, key);
	}
	return 0;
}
#endif

#ifdef HAVE_RL_SAVED_LINE_FOR_HISTORY
/* Enter.  A non-incremental search (M-p, M-n) that fails from an edited
 * history line puts back the line typed before the history was walked, but
 * leaves readline at that history entry, where walking the history alone
 * never is without the typed line saved.  readline 8.2 then took the line
 * accepted for an edit of the entry: the entry became what was typed
 * before the walk (an empty line, the command lost from the history) and
 * its undo list leaked.  Back at the end of the history, the line is
 * accepted as the new line it is, and the entry kept as it was left. */
static int accept_line(int count, int key)
{
	if (_rl_saved_line_for_history == NULL && where_history() < history_length)
		history_set_pos(history_length);
	return rl_newline(count, key);
}

/* readline 8.2's non-incremental searches lose undo lists: the edit of a
 * history line under way when one starts (its text is lost too), and the
 * undo list of the line typed before the history was walked, when one
 * finds a line.  Before each, the edited history line is kept in the
 * history as walking away from it keeps it, and the typed line's undo
 * list is let go: what the search puts back can no longer be undone
 * past it, and nothing leaks. */
static rl_command_func_t *const searches[] = {rl_noninc_reverse_search,	   rl_noninc_forward_search,
					       rl_noninc_reverse_search_again, rl_noninc_forward_search_again,
					       rl_vi_search,		   rl_vi_search_again};

static int search_wrapped(int count, int key, int which)
{
	if (current_history() != NULL)
		rl_maybe_replace_line();
	else
		rl_free_undo_list(); /* (the search saves the typed line without it) */
	HIST_ENTRY *typed = _rl_saved_line_for_history;
	if (typed != NULL && typed->data != NULL) {
		UNDO_LIST *keep = rl_undo_list;
		rl_undo_list = (UNDO_LIST *)typed->data;
		typed->data = NULL;
		rl_free_undo_list();
		rl_undo_list = keep;
	}
	return searches[which](count, key);
}

static int search_0(int count, int key) { return search_wrapped(count, key, 0); }
static int search_1(int count, int key) { return search_wrapped(count, key, 1); }
static int search_2(int count, int key) { return search_wrapped(count, key, 2); }
static int search_3(int count, int key) { return search_wrapped(count, key, 3); }
static int search_4(int count, int key) { return search_wrapped(count, key, 4); }
static int search_5(int count, int key) { return search_wrapped(count, key, 5); }

static rl_command_func_t *const search_wrappers[] = {search_0, search_1, search_2, search_3, search_4, search_5};
#endif

/* The next line typed at the prompt (NULL at end of input). */
static char *prompt_line(const char *prompt)
{
	struct sigaction sa, old_winch;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigwinch;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGWINCH, &sa, &old_winch); /* the live view's ncurses wants its own */
	got = 0;
	got_line = NULL;
	rl_callback_handler_install(prompt, on_line);
	int fd = fileno(rl_instream ? rl_instream : stdin);
	while (!got) {
		fd_set in;
		FD_ZERO(&in);
		FD_SET(fd, &in);
		int r = select(fd + 1, &in, NULL, NULL, NULL);
		if (r < 0 && errno != EINTR) {
			rl_callback_handler_remove();
			break;
		}
		if (r > 0) {
#ifdef HAVE_RL_LAST_COMMAND_WAS_KILL
			/* in vi mode readline 8.2 puts a kill that follows another
			 * in the first's place in the kill ring without freeing its
			 * text (C then Ctrl-U); vi never joins kills, so saying
			 * before each key that none came last changes nothing else */
			if (rl_editing_mode == 0)
				_rl_last_command_was_kill = 0;
#endif
			rl_callback_read_char(); /* a Ctrl-C inside comes out the same way */
#ifdef HAVE_RL_SAVED_LINE_FOR_HISTORY
			search_cleanup();
#endif
		}
		if (resized && !got) {
			resized = 0;
			rl_resize_terminal();
		}
		if (rs_interrupted && !got)
			abandon_line(prompt);
	}
	sigaction(SIGWINCH, &old_winch, NULL);
	return got_line;
}

void input_repl(rs_session *s, int quiet)
{
	rl_readline_name = "regspec";
	rl_attempted_completion_function = complete;
	completing_session = s;
	/* a completed file name with a blank, ';' or '#' in it is quoted as
	 * the command line reads it: my\ graph.edges, or "my graph.edges"
	 * inside a quote typed */
	rl_completer_word_break_characters = " \t\n;"; /* where the command line breaks words */
	rl_completer_quote_characters = "\"'";
	rl_filename_quote_characters = CMD_ESCAPABLE;
	rl_char_is_quoted_p = escaped_at;
	rl_filename_dequoting_function = dequote;
	rl_filename_quoting_function = quote_name;
	rl_directory_rewrite_hook = open_dir_name;
	rl_initialize(); /* the inputrc first: what follows overrides it */
	rl_variable_bind("echo-control-characters", "off"); /* abandon_line writes ^C */
	/* readline 8.2 binds PgUp and PgDn to its history searches, and a
	 * search, an edit, Up, a search again, Down and Enter (PgDn 5 Up PgDn
	 * Down Enter, from a history line) free an undo list twice inside it:
	 * they walk the history as Up and Down do instead */
	static const char *const page[2] = {"\033[5~", "\033[6~"};
	for (int i = 0; i < 2; i++) {
		rl_command_func_t *f = rl_function_of_keyseq(page[i], NULL, NULL);
		if (f == rl_history_search_backward || f == rl_history_search_forward)
			rl_bind_keyseq(page[i], i == 0 ? rl_get_previous_history : rl_get_next_history);
	}
#ifdef HAVE_RL_SAVED_LINE_FOR_HISTORY
	rl_getc_function = read_key;
	static const char *const maps[] = {"emacs-standard", "vi-insert", "vi-command"};
	for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
		Keymap km = rl_get_keymap_by_name(maps[m]);
		for (int key = '\n'; km != NULL && key <= '\r'; key += '\r' - '\n')
			if (rl_function_of_keyseq((char[]){(char)key, 0}, km, NULL) == rl_newline)
				rl_bind_key_in_map(key, accept_line, km);
		for (size_t f = 0; km != NULL && f < sizeof searches / sizeof searches[0]; f++) {
			char **seqs = rl_invoking_keyseqs_in_map(searches[f], km);
			for (size_t q = 0; seqs != NULL && seqs[q] != NULL; q++) {
				rl_bind_keyseq_in_map(seqs[q], search_wrappers[f], km);
				free(seqs[q]);
			}
			free(seqs);
		}
	}
#endif
#ifdef HAVE_RL_LAST_COMMAND_WAS_KILL
	Keymap vi = rl_get_keymap_by_name("vi-command");
	if (vi != NULL && rl_function_of_keyseq("~", vi, NULL) == rl_vi_change_case)
		rl_bind_key_in_map('~', vi_change_case, vi);
#endif
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);

	char *hist = input_history_path();
	using_history();
	stifle_history(1000);
	if (hist != NULL)
		read_history(hist);
	if (!quiet)
		printf("regspec %s: regularized spectral embedding (De Lara & Bonald, ICLR 2020)\n"
		       "Type 'help' for the commands, 'quit' or Ctrl-D to leave.\n",
		       PACKAGE_VERSION);
	s->interactive = 1;
	while (!s->quit) {
		rs_interrupted = 0;
		rs_idle *ahead = idle_start(s); /* while the person reads and types */
		char *line = prompt_line("regspec> ");
		idle_stop(s, ahead);
		if (line == NULL) {
			putchar('\n');
			break;
		}
		const char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p) {
			HIST_ENTRY *last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
			if (last == NULL || strcmp(last->line, line) != 0)
				add_history(line);
			cmd_run_line(s, line, NULL, stdout);
		}
		free(line);
	}
	if (hist != NULL) {
		if (write_history(hist) != 0)
			fprintf(stderr, "regspec: cannot write history to %s: %s\n", hist, strerror(errno));
		free(hist);
	}
	s->interactive = 0;
}
