/* parse-fuzzer.c: libFuzzer harness for the command language and the
 * script runner.  Each input is run as lines of commands in a fresh
 * session in the sandbox (no files, no programs, bounded sizes), output
 * discarded (run with -close_fd_mask=2 to silence the messages).  It is
 * read with --check first, and a line the check finds wrong that runs
 * without an error aborts: the check must refuse only what running does
 * (up to a 'quit', past which a run stops and the check reads on).  Build: ./configure CC=clang --enable-fuzzing; run:
 *   fuzz/parse-fuzzer -dict=fuzz/regspec.dict fuzz-corpus/ examples/ */
#include <config.h>

#include "cmd.h"
#include "lanczos.h"
#include "session.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 2048)
		return 0;
	if (devnull == NULL) {
		devnull = fopen("/dev/null", "w");
		rs_blas_single_thread();
	}
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	/* the lines (at most one a byte), and those the check finds wrong */
	char *checked = calloc(size + 1, 1);
	for (int check = 1; check >= 0; check--) {
		char *copy = strdup(text);
		rs_session *s = session_new();
		s->sandbox = 1;
		s->check_only = check;
		/* smaller than the sandbox's own limits: more inputs a second */
		s->sandbox_nodes = 600;
		s->sandbox_edges = 6000;
		/* line by line, as a script would run */
		char *save = NULL;
		size_t n = 0;
		for (char *line = strtok_r(copy, "\n", &save); line && !s->quit;
		     line = strtok_r(NULL, "\n", &save), n++) {
			int before = s->failures;
			cmd_run_line(s, line, "fuzz:1", devnull);
			if (check)
				checked[n] = s->failures > before;
			else if (checked[n] && s->failures == before && !s->quit) {
				/* (a line that quits runs no further: --check reads on) */
				fprintf(stderr, "--check refused a line that runs: '%s'\n", line);
				abort();
			}
		}
		session_free(s);
		free(copy);
	}
	free(checked);
	free(text);
	return 0;
}
