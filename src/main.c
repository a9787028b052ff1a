/* main.c: options, then the one input loop over -c strings, script files,
 * a pipe, or the interactive prompt.  Only main decides to exit.
 *
 * Exit status: 0 every command succeeded; 1 a command failed (or an expect);
 * 2 a usage error, or a script that cannot be opened; 130 a script stopped
 * by Ctrl-C.  quit N exits N. */
#include <config.h>

#include "cmd-impl.h"
#include "input.h"
#include "lanczos.h"
#include "session.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Memory a solve frees stays in the process for the next one (and the
 * first solve reuses what loading freed: little, since loading builds the
 * CSR in place, see graph.c).  By default glibc hands every
 * block of 128 kB or more back to the system on free, so each solve took
 * its page faults again: about 10 us a page on the virtual machines
 * measured, 10 ms of a 60 ms solve on facebook.  Blocks of 8 MB and more
 * are still mapped apart (at 32 MB, the holes loading a 2 10^5-node graph
 * leaves in the heap raised the solve's peak from 149 to 225 MB), and up
 * to 16 MB free at the heap's top is kept. */
static void keep_freed_memory(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
	mallopt(M_MMAP_THRESHOLD, 8 << 20);
	mallopt(M_TRIM_THRESHOLD, 16 << 20);
#endif
}

static void usage(FILE *f)
{
	fputs("usage: regspec [-q] [-n] [--bail] [-c COMMANDS]... [-f FILE]... [FILE]...\n"
	      "\n"
	      "Regularized spectral embedding of graphs and block models, after De Lara &\n"
	      "Bonald, 'Spectral embedding of regularized block models' (ICLR 2020).\n"
	      "\n"
	      "  -c COMMANDS    run COMMANDS (separated by ';'), as if typed\n"
	      "  -f FILE        run the commands of FILE (also: regspec FILE)\n"
	      "  -n, --check    check the commands without running them: quotes, names,\n"
	      "                 each one's words and numbers, the files 'source' names\n"
	      "  -q, --quiet    no banner at the interactive prompt\n"
	      "      --bail     stop at the first command that fails\n"
	      "      --sandbox  run untrusted commands: no files, no programs, small sizes\n"
	      "      --commands list the command names, one a line\n"
	      "  -h, --help     this help\n"
	      "  -V, --version  print the version\n"
	      "\n"
	      "Without -c or a file, commands are read from the terminal (with line\n"
	      "editing, history and completion) or from standard input.\n"
	      "Exit status: 0 success, 1 a command failed, 2 usage or file error,\n"
	      "130 a script stopped by Ctrl-C.\n"
	      "Type 'help' at the prompt, or see regspec(1).\n",
	      f);
}

/* The COMMANDS section of the man page, generated from the table so that
 * help and the manual cannot drift apart (the test suite compares them). */
static void man_commands(void)
{
	for (const struct rs_cmd *c = rs_cmd_table; c->name; c++) {
		printf(".TP\n.B ");
		for (const char *p = c->usage; *p; p++) {
			if (*p == '-' || *p == '\\')
				putchar('\\');
			putchar(*p);
			if (*p == '|')
				fputs("\\:", stdout); /* the long usage lines break there too */
		}
		putchar('\n');
		if (c->help[0] == '.' || c->help[0] == '\'')
			fputs("\\&", stdout); /* not a control line */
		for (const char *p = c->help; *p; p++) {
			if (*p == '\n') { /* a paragraph, indented as the first */
				printf("\n.IP\n");
				p += strspn(p + 1, " ");
				if (p[1] == '.' || p[1] == '\'')
					fputs("\\&", stdout);
				continue;
			}
			if (*p == '-' || *p == '\\')
				putchar('\\');
			putchar(*p);
			if (*p == '|')
				fputs("\\:", stdout); /* a place to break a long list of words */
		}
		if (c->alias)
			printf(" Alias: \\fB%s\\fR.", c->alias);
		putchar('\n');
	}
	/* the topics of 'help', each its own section */
	for (const struct rs_topic *t = rs_topic_table; t->name; t++) {
		printf(".SH ");
		for (const char *p = t->name; *p; p++)
			putchar(toupper((unsigned char)*p));
		printf("\n(\\fBhelp %s\\fR) ", t->name);
		for (const char *p = t->text; *p; p++) {
			if (*p == '\n') { /* a paragraph */
				printf("\n.PP\n");
				p += strspn(p + 1, " ");
				continue;
			}
			if (*p == '-' || *p == '\\')
				putchar('\\');
			putchar(*p);
		}
		putchar('\n');
	}
}

/* OpenBLAS's pthread build starts its worker threads as it is loaded,
 * and each maps a 128 MB buffer as it starts; under a limit on the address
 * space (ulimit -v) one that cannot map it tries again for ever, spinning,
 * and the shutdown that ends the workers would wait for it for ever
 * (ulimit -v 200000: regspec hung before its first command).  Under a
 * limit, then, regspec starts afresh with OpenBLAS told to start none,
 * unless the user chose their number.  The environment is the only way:
 * the workers start before main. */
static void restart_without_blas_workers(char **argv)
{
	if (!rs_memory_limited() || getenv("OPENBLAS_NUM_THREADS") != NULL)
		return;
	if (setenv("OPENBLAS_NUM_THREADS", "1", 1) != 0)
		return;
	execv("/proc/self/exe", argv);
	/* no /proc: go on as we are */
}

/* The command line: the options, and the -c COMMANDS and -f FILE (or
 * FILE) jobs in the order given. */
struct args {
	int quiet, bail, sandbox, check;
	char **jobs; /* argv's strings */
	char *kinds; /* 'c' or 'f' each */
	int njobs;
};

/* argv into A; -1 to go on, else the exit status (--help, --version,
 * --commands and --man-commands done, or a usage error said). */
static int parse_args(int argc, char **argv, struct args *A)
{
	enum { OPT_BAIL = 256, OPT_COMMANDS, OPT_MAN, OPT_SANDBOX };
	static const struct option longopts[] = {
		{"quiet", no_argument, NULL, 'q'},	  {"bail", no_argument, NULL, OPT_BAIL},
		{"commands", no_argument, NULL, OPT_COMMANDS}, {"man-commands", no_argument, NULL, OPT_MAN},
		{"help", no_argument, NULL, 'h'},	  {"version", no_argument, NULL, 'V'},
		{"sandbox", no_argument, NULL, OPT_SANDBOX}, {"check", no_argument, NULL, 'n'},
		{NULL, 0, NULL, 0},
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "+c:f:nqhV", longopts, NULL)) != -1) {
		switch (opt) {
		case 'c':
		case 'f':
			A->kinds[A->njobs] = (char)opt;
			A->jobs[A->njobs++] = optarg;
			break;
		case 'q': A->quiet = 1; break;
		case 'n': A->check = 1; break;
		case OPT_BAIL: A->bail = 1; break;
		case OPT_SANDBOX: A->sandbox = 1; break;
		case OPT_COMMANDS:
			for (const struct rs_cmd *c = rs_cmd_table; c->name; c++)
				puts(c->name);
			return 0;
		case OPT_MAN: man_commands(); return 0;
		case 'h': usage(stdout); return 0;
		case 'V': printf("regspec %s\n", PACKAGE_VERSION); return 0;
		default: usage(stderr); return 2;
		}
	}
	for (int i = optind; i < argc; i++) {
		A->kinds[A->njobs] = 'f';
		A->jobs[A->njobs++] = argv[i];
	}
	if (A->check && A->njobs == 0 && isatty(STDIN_FILENO)) {
		fputs("regspec: --check reads a script: -c COMMANDS, -f FILE, FILE or standard input\n", stderr);
		return 2;
	}
	return -1;
}

/* Where memory is limited, one BLAS buffer for each thread of a solve's
 * team (its first is the thread that started it) and one for a thread
 * beside it (the live view draws while a solve runs); fewer threads
 * where fewer fit.  0, or -1 with the reason said. */
static int reserve_blas(void)
{
	if (!rs_memory_limited())
		return 0;
	rs_err be = {0};
	int T = rs_threads(), slots = rs_blas_reserve(T + 1, &be);
	if (slots < 0) {
		fprintf(stderr, "regspec: %s\n", be.msg);
		return -1;
	}
	if (slots < T + 1)
		rs_threads_set(slots > 1 ? slots - 1 : 1);
	return 0;
}

/* The jobs in order (until 'quit', or a failure under --bail), else the
 * prompt or standard input; the exit status. */
static int run_jobs(rs_session *s, const struct args *A)
{
	int ncmd = 0;
	for (int j = 0; j < A->njobs && !s->quit; j++) {
		int before = s->failures;
		if (A->kinds[j] == 'c') {
			char where[32];
			snprintf(where, sizeof where, "command-line:%d", ++ncmd);
			cmd_run_line(s, A->jobs[j], where, stdout);
		} else {
			rs_err e = {0};
			if (cmd_source_file(s, A->jobs[j], stdout, &e) != 0 && e.code == RS_EIO) {
				fprintf(stderr, "regspec: %s\n", e.msg);
				return 2;
			}
		}
		if (s->bail && s->failures > before)
			break;
	}
	if (A->njobs == 0) {
		if (isatty(STDIN_FILENO))
			input_repl(s, A->quiet);
		else
			s->commands_on_stdin = 1, input_run_stream(s, stdin, "stdin", stdout);
	}
	return s->quit ? s->exit_code : (s->failures ? 1 : 0);
}

/* --check's last line: what was checked, and what was found. */
static void check_report(const rs_session *s)
{
	if (s->failures == 0)
		printf("checked %ld command%s: no errors\n", s->checked, s->checked == 1 ? "" : "s");
	else
		printf("checked %ld command%s: %d error%s\n", s->checked, s->checked == 1 ? "" : "s", s->failures,
		       s->failures == 1 ? "" : "s");
}

int main(int argc, char **argv)
{
	struct args A = {0};
	/* -c and -f run in the order given: keep them as a list */
	A.jobs = calloc((size_t)argc + 1, sizeof *A.jobs);
	A.kinds = calloc((size_t)argc + 1, 1);
	int status = A.jobs && A.kinds ? parse_args(argc, argv, &A) : 2;
	if (status >= 0)
		goto out;
	keep_freed_memory();
	restart_without_blas_workers(argv);
	rs_blas_single_thread(); /* our kernels are threaded by row blocks: no nested threads */
	if (reserve_blas() != 0) {
		status = 1;
		goto out;
	}
	setlocale(LC_CTYPE, ""); /* characters for the live view; numbers stay in the C locale */
	rs_session *s = session_new();
	s->bail = A.bail;
	s->sandbox = A.sandbox;
	s->check_only = A.check;
	if (isatty(STDIN_FILENO) || isatty(STDOUT_FILENO))
		input_catch_interrupts(); /* someone at a terminal can press Ctrl-C */
	status = run_jobs(s, &A);
	if (A.check && status != 2)
		check_report(s);
	/* output that could not be written (a full disk, /dev/full) is a
	 * failure, not a silent success */
	int ferr = fflush(stdout) != 0 ? errno : 0;
	if (ferr != 0 || ferror(stdout)) {
		int why = ferr ? ferr : s->write_errno ? s->write_errno : EIO;
		fprintf(stderr, "regspec: writing standard output failed: %s\n", strerror(why));
		if (status == 0)
			status = 1;
	}
	session_free(s);
out:
	free(A.jobs);
	free(A.kinds);
	return status;
}
