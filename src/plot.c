/* plot.c: running gnuplot. */
#include <config.h>

#include "plot.h"

#include "graphio.h"
#include "lanczos.h"

#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* the smallest terminal a text plot is drawn in: a plot beside its key */
#define PLOT_TEXT_MIN_COLS 72
#define PLOT_TEXT_MIN_LINES 20

char *plot_find_gnuplot(void)
{
	char path[4096];
	return rs_find_program("gnuplot", path, sizeof path) != NULL ? xstrdup(path) : NULL;
}

/* Run gnuplot on a script file; stdout goes where ours goes, stderr is
 * collected.  Returns the exit status (or 128 + signal), -1 when it could
 * not be started, -2 when *cancel was set (Ctrl-C) before it finished: it
 * is killed then, as the terminal's Ctrl-C reaches it too, and gnuplot 5.4
 * interrupted inside malloc can deadlock in its own handler, drawing the
 * picture, waited for for ever. */
static int run_gnuplot(const char *gp, const char *file, int persist, rs_cancel *cancel, char **err_out)
{
	int pfd[2];
	if (pipe(pfd) != 0)
		return -1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(pfd[1], STDERR_FILENO);
		close(pfd[0]);
		close(pfd[1]);
		int devnull = open("/dev/null", O_RDONLY);
		if (devnull >= 0)
			dup2(devnull, STDIN_FILENO);
		rs_unbind_self();
		if (persist)
			execl(gp, "gnuplot", "-persist", file, (char *)NULL);
		else
			execl(gp, "gnuplot", file, (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	size_t cap = 4096, len = 0;
	char *buf = xmalloc(cap);
	int killed = 0;
	for (;;) {
		if (cancel != NULL && *cancel) { /* what it wrote is not read: a child of its may hold the pipe */
			kill(pid, SIGKILL);
			killed = 1;
			break;
		}
		/* a tenth of a second at most between looks at the flag: a
		 * Ctrl-C may come before the read blocks */
		struct pollfd p = {pfd[0], POLLIN, 0};
		int ready = poll(&p, 1, 100);
		if (ready < 0 && errno != EINTR)
			break;
		if (ready <= 0)
			continue;
		if (len + 1024 > cap)
			buf = xreallocarray(buf, cap *= 2, 1);
		ssize_t r = read(pfd[0], buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	buf[len] = '\0';
	close(pfd[0]);
	int st;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	*err_out = buf;
	if (killed)
		return -2;
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int ends_with(const char *s, const char *ext)
{
	size_t l = strlen(s), e = strlen(ext);
	return l > e && !strcasecmp(s + l - e, ext);
}

static int gnuplot_has_terminal(const char *gp, const char *name)
{
	/* 'set terminal NAME' fails when the terminal is not built in */
	char tmpl[] = "/tmp/rs-gpterm-XXXXXX";
	int fd = mkstemp(tmpl);
	if (fd < 0)
		return 0;
	char *cmd = xasprintf("set terminal %s\n", name);
	ssize_t w = write(fd, cmd, strlen(cmd));
	close(fd);
	free(cmd);
	char *err = NULL;
	int st = w > 0 ? run_gnuplot(gp, tmpl, 0, NULL, &err) : -1;
	unlink(tmpl);
	int ok = st == 0 && err && !strstr(err, "unknown") && !strstr(err, "invalid");
	free(err);
	return ok;
}

/* The terminal, writing a file to write_to (NULL: cfg->output itself),
 * whose kind cfg->output's extension says. */
static char *terminal_to(const rs_plotcfg *cfg, const char *write_to, rs_err *e)
{
	int w = cfg->width, h = cfg->height;
	if (cfg->output) {
		/* the file's kind from its extension; 'plot term' applies to the
		 * file where it is a terminal of that kind ('pngcairo font ...'
		 * for a .png), or where the extension names none: a text
		 * terminal left set for the screen would write text into a .png */
		const char *t = NULL, *const *same = NULL;
		static const char *const pngs[] = {"png", "pngcairo", NULL}, *const svgs[] = {"svg", NULL},
					 *const pdfs[] = {"pdf", "pdfcairo", NULL};
		if (ends_with(cfg->output, ".png"))
			t = "pngcairo", same = pngs;
		else if (ends_with(cfg->output, ".svg"))
			t = "svg", same = svgs;
		else if (ends_with(cfg->output, ".pdf"))
			t = "pdfcairo", same = pdfs;
		if (cfg->term) {
			size_t n = strcspn(cfg->term, " \t");
			int fits = same == NULL;
			for (int i = 0; same && same[i]; i++)
				fits |= strlen(same[i]) == n && !strncmp(cfg->term, same[i], n);
			if (fits)
				t = cfg->term;
		}
		if (t == NULL) {
			rs_fail(e, RS_EINVAL, "'%s': the extension must be .png, .svg or .pdf (or set 'plot term')",
				cfg->output);
			return NULL;
		}
		char size[64] = ""; /* unless 'plot term' gave the terminal its own */
		if (strstr(t, " size ") == NULL && !strcmp(t, "pdfcairo"))
			snprintf(size, sizeof size, " size %gin,%gin", (w ? w : 800) / 100.0, (h ? h : 600) / 100.0);
		else if (strstr(t, " size ") == NULL)
			snprintf(size, sizeof size, " size %d,%d", w ? w : 800, h ? h : 600);
		/* in gnuplot's single quotes every character is itself but the
		 * quote, which is doubled: any file name (a newline excepted,
		 * which ends the command) */
		const char *name = write_to ? write_to : cfg->output;
		if (strchr(name, '\n')) {
			rs_fail(e, RS_EINVAL, "a file name with a newline in it cannot go to gnuplot");
			return NULL;
		}
		char *q = xmalloc(2 * strlen(name) + 1), *p = q;
		for (const char *c = name; *c; c++) {
			*p++ = *c;
			if (*c == '\'')
				*p++ = '\'';
		}
		*p = 0;
		char *r = xasprintf("set terminal %s%s\nset output '%s'\n", t, size, q);
		free(q);
		return r;
	}
	if (cfg->term)
		return xasprintf("set terminal %s\n", cfg->term);
	const char *gt = getenv("GNUTERM");
	if (gt && *gt)
		return xasprintf("set terminal %s\n", gt);
	const char *disp = getenv("DISPLAY");
	char *gp = plot_find_gnuplot();
	if (disp && *disp && gp) {
		static const char *const wins[] = {"qt", "wxt", "x11"};
		for (int i = 0; i < 3; i++)
			if (gnuplot_has_terminal(gp, wins[i])) {
				free(gp);
				return xasprintf("set terminal %s\n", wins[i]);
			}
	}
	free(gp);
	const char *nc = getenv("NO_COLOR");
	int tty = isatty(STDOUT_FILENO);
	int color = tty && !(nc && *nc);
	/* the terminal's size: asked of the terminal, else $COLUMNS and $LINES
	 * (which readline keeps), else 80 x 24 (output to a file or a pipe) */
	int cw = 0, ch = 0;
	struct winsize ws;
	if (tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
		cw = ws.ws_col;
		ch = ws.ws_row;
	} else {
		const char *cols = getenv("COLUMNS"), *lines = getenv("LINES");
		cw = cols ? atoi(cols) : 0;
		ch = lines ? atoi(lines) : 0;
	}
	if (cw <= 0)
		cw = 80;
	if (ch <= 0)
		ch = 24;
	if ((cw < PLOT_TEXT_MIN_COLS || ch < PLOT_TEXT_MIN_LINES) && !cfg->dump) {
		rs_fail(e, RS_EINVAL,
			"the terminal is %d x %d; a plot in text needs %d x %d at least: enlarge it, or "
			"'plot output FILE.png' (or 'plot term dumb size W,H')",
			cw, ch, PLOT_TEXT_MIN_COLS, PLOT_TEXT_MIN_LINES);
		return NULL;
	}
	return xasprintf("set terminal dumb size %d,%d%s\n", cw, ch - 1, color ? " ansi" : "");
}

/* Whether cfg's extension (or 'plot term') names a terminal: its error
 * comes before the file's. */
static int terminal_ok(const rs_plotcfg *cfg, rs_err *e)
{
	char *t = terminal_to(cfg, NULL, e);
	if (t == NULL)
		return -1;
	free(t);
	return 0;
}

/* cfg's output file opened as 'save' opens one (a temporary beside it,
 * rs_atomic), once its terminal is known. */
static int output_open(const rs_plotcfg *cfg, rs_atomic *a, rs_err *e)
{
	if (terminal_ok(cfg, e) != 0)
		return -1;
	return rs_atomic_open(a, cfg->output, e);
}

int plot_output_check(const rs_plotcfg *cfg, rs_err *e)
{
	/* a pipe or a device is opened when a plot writes it: opening a FIFO
	 * now would wait for its reader */
	if (rs_path_is_stream(cfg->output)) {
		if (terminal_ok(cfg, e) != 0)
			return -1;
		if (strcmp(cfg->output, "-") != 0 && access(cfg->output, W_OK) != 0)
			return rs_fail(e, RS_EIO, "cannot write '%s': %s", cfg->output, strerror(errno));
		return 0;
	}
	rs_atomic a = {0};
	if (output_open(cfg, &a, e) != 0)
		return -1;
	rs_atomic_abort(&a);
	return 0;
}

/* Whether the terminal's name (the word after 'set terminal') is a
 * window's, which gnuplot must keep open (-persist).  The name only: a
 * file name with "qt" in it is no window. */
static int window_terminal(const char *term)
{
	static const char lead[] = "set terminal ";
	if (strncmp(term, lead, sizeof lead - 1) != 0)
		return 0;
	const char *name = term + sizeof lead - 1;
	size_t n = strcspn(name, " \t\n");
	return (n == 2 && !strncmp(name, "qt", 2)) || (n == 3 && !strncmp(name, "wxt", 3)) ||
	       (n == 3 && !strncmp(name, "x11", 3));
}

int plot_run(const rs_plotcfg *cfg, const char *script, FILE *out, rs_err *e)
{
	/* a file is written as 'save' writes one: gnuplot writes a temporary
	 * file beside it, which replaces it only when gnuplot succeeded, so a
	 * plot that fails leaves the previous file whole; and a file that
	 * cannot be written is said so with its name before gnuplot runs */
	rs_atomic a = {0};
	if (cfg->output && !cfg->dump && output_open(cfg, &a, e) != 0)
		return -1;
	char *t = terminal_to(cfg, a.tmp, e);
	if (t == NULL) {
		rs_atomic_abort(&a);
		return -1;
	}
	/* rs_text: true on the text terminal, where the scripts draw points
	 * as letters, signs as characters and labels where they fit */
	char *term = xasprintf("%srs_text = GPVAL_TERM eq \"dumb\"\n", t);
	free(t);
	if (cfg->dump) {
		fprintf(out, "%s%s", term, script);
		free(term);
		return 0;
	}
	char *gp = plot_find_gnuplot();
	if (gp == NULL) {
		free(term);
		rs_atomic_abort(&a);
		return rs_fail(e, RS_EIO,
			       "gnuplot not found on PATH: install it (apt-get install gnuplot-nox), or "
			       "'plot dump on' prints the script");
	}
	char tmpl[] = "/tmp/regspec-plot-XXXXXX";
	int fd = mkstemp(tmpl);
	if (fd < 0) {
		free(gp);
		free(term);
		rs_atomic_abort(&a);
		return rs_fail(e, RS_EIO, "cannot write a temporary script: %s", strerror(errno));
	}
	FILE *f = fdopen(fd, "w");
	if (f == NULL)
		close(fd);
	int bad = f == NULL || fprintf(f, "%s%s", term, script) < 0 || ferror(f);
	if ((f != NULL && fclose(f) != 0) || bad) {
		unlink(tmpl);
		free(gp);
		free(term);
		rs_atomic_abort(&a);
		return rs_fail(e, RS_EIO, "cannot write a temporary script");
	}
	int window = window_terminal(term);
	fflush(out);
	char *err = NULL;
	int st = run_gnuplot(gp, tmpl, window, cfg->cancel, &err);
	unlink(tmpl);
	free(gp);
	free(term);
	int rc = 0;
	/* gnuplot's own message: its last line that says what went wrong
	 * ("... line 12: warning: ...", or under the caret "line 0: font:
	 * expecting string") */
	char *last = NULL;
	if (err) {
		for (char *p = strtok(err, "\n"); p; p = strtok(NULL, "\n")) {
			const char *l = strstr(p, "line ");
			if (strstr(p, "rror") || strstr(p, "arning") ||
			    (l && l[5] >= '0' && l[5] <= '9' && strchr(l, ':')))
				last = p + strspn(p, " \t");
		}
		/* '"/tmp/regspec-plot-XXXXXX" line 1: ...': the temporary
		 * script's name says nothing; the line is the dumped script's */
		size_t tl = strlen(tmpl);
		if (last && last[0] == '"' && !strncmp(last + 1, tmpl, tl) && last[tl + 1] == '"')
			last += tl + 2 + strspn(last + tl + 2, " ");
	}
	if (st == -2)
		rc = rs_fail(e, RS_EINVAL, "interrupted: gnuplot stopped, nothing drawn");
	else if (st < 0)
		rc = rs_fail(e, RS_EIO, "cannot start gnuplot");
	else if (st > 128)
		rc = rs_fail(e, RS_EIO, "gnuplot was killed (signal %d) before it finished", st - 128);
	else if (st != 0 || (last && strstr(last, "rror")))
		rc = rs_fail(e, RS_EIO, "gnuplot failed%s%s%s", last ? ": " : "", last ? last : "",
			     last && !strncmp(last, "line ", 5) ? " (of the script 'plot dump on' prints)" : "");
	free(err);
	if (a.f == NULL)
		return rc;
	if (rc != 0) {
		rs_atomic_abort(&a);
		return rc;
	}
	return rs_atomic_commit(&a, e);
}
