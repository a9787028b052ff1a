/* parse-fuzzer.c: libFuzzer harness for the command language and the
 * script runner.  Each input is run as lines of commands in a fresh
 * session in the sandbox (no files, no programs, bounded sizes), output
 * discarded (run with -close_fd_mask=2 to silence the messages).  Build: ./configure CC=clang --enable-fuzzing; run:
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
	rs_session *s = session_new();
	s->sandbox = 1;
	/* smaller than the sandbox's own limits: more inputs a second */
	s->sandbox_nodes = 600;
	s->sandbox_edges = 6000;
	/* line by line, as a script would run */
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line && !s->quit; line = strtok_r(NULL, "\n", &save))
		cmd_run_line(s, line, "fuzz:1", devnull);
	session_free(s);
	free(text);
	return 0;
}
