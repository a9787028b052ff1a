/* unpack.c: bzip2, xz and zstd files through their own programs. */
#include <config.h>

#include "unpack.h"
#include "lanczos.h" /* rs_unbind_self */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

const char *rs_unpack_kind(const void *buf, size_t n)
{
	const unsigned char *b = buf;
	/* bzip2: "BZh", the block size digit, then a block's or the end's magic */
	if (n >= 10 && !memcmp(b, "BZh", 3) && b[3] >= '1' && b[3] <= '9' &&
	    (!memcmp(b + 4, "1AY&SY", 6) || !memcmp(b + 4, "\x17\x72\x45\x38\x50\x90", 6)))
		return "bzip2";
	if (n >= 6 && !memcmp(b, "\xfd" "7zXZ\0", 6))
		return "xz";
	if (n >= 4 && !memcmp(b, "\x28\xb5\x2f\xfd", 4))
		return "zstd";
	return NULL;
}

const char *rs_find_program(const char *tool, char *buf, size_t len)
{
	const char *path = getenv("PATH");
	for (const char *d = path; d != NULL && *d != '\0';) {
		size_t dl = strcspn(d, ":");
		if ((size_t)snprintf(buf, len, "%.*s/%s", (int)dl, dl ? d : ".", tool) < len &&
		    access(buf, X_OK) == 0)
			return buf;
		d += dl;
		if (*d == ':')
			d++;
	}
	return NULL;
}

const char *rs_pack_kind(const char *name, size_t l)
{
	static const char *const sfx[][2] = {{".gz", "gzip"}, {".bz2", "bzip2"}, {".xz", "xz"}, {".zst", "zstd"}};
	for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++) {
		size_t sl = strlen(sfx[i][0]);
		if (l > sl && !strncasecmp(name + l - sl, sfx[i][0], sl))
			return sfx[i][1];
	}
	return NULL;
}

size_t rs_compressed_suffix(const char *name, size_t l)
{
	if (rs_pack_kind(name, l) == NULL)
		return 0;
	const char *dot = memrchr(name, '.', l);
	return l - (size_t)(dot - name);
}

/* Run kind on path (decompressing to a pipe: to_fd < 0) or compressing a
 * pipe into to_fd; the parent's end of the pipe, or -1 with e set. */
static int spawn(rs_unpack *u, const char *kind, const char *path, int to_fd, rs_err *e)
{
	static const struct {
		const char *kind, *package, *by_hand;
	} tools[] = {{"bzip2", "bzip2", "bunzip2 -k"}, {"xz", "xz-utils", "unxz -k"}, {"zstd", "zstd", "unzstd"}};
	int packing = to_fd >= 0;
	u->pid = 0;
	u->err_fd = -1;
	u->tool = kind;
	u->packing = packing;
	size_t t = 0;
	while (t + 1 < sizeof tools / sizeof tools[0] && strcmp(tools[t].kind, kind) != 0)
		t++;
	char prog[4096];
	if (rs_find_program(kind, prog, sizeof prog) == NULL) {
		if (packing)
			rs_fail(e, RS_EINVAL, "%s: no '%s' program on PATH to compress it (install it: apt-get install %s; "
				"or save without the suffix)", path, kind, tools[t].package);
		else
			rs_fail(e, RS_EINVAL, "%s: %s-compressed, and no '%s' program on PATH to read it (install it: "
				"apt-get install %s; or decompress the file first: %s FILE)", path, kind, kind,
				tools[t].package, tools[t].by_hand);
		return -1;
	}
	int data[2], err[2];
	if (pipe(data) != 0) {
		rs_fail(e, RS_EIO, "%s: cannot run %s: %s", path, kind, strerror(errno));
		return -1;
	}
	if (pipe(err) != 0) {
		rs_fail(e, RS_EIO, "%s: cannot run %s: %s", path, kind, strerror(errno));
		close(data[0]);
		close(data[1]);
		return -1;
	}
	/* the parent's ends are not the child's (nor another child's) */
	int mine = packing ? data[1] : data[0], theirs = packing ? data[0] : data[1];
	fcntl(mine, F_SETFD, FD_CLOEXEC);
	fcntl(err[0], F_SETFD, FD_CLOEXEC);
	pid_t pid = fork();
	if (pid < 0) {
		rs_fail(e, RS_EIO, "%s: cannot run %s: %s", path, kind, strerror(errno));
		close(data[0]);
		close(data[1]);
		close(err[0]);
		close(err[1]);
		return -1;
	}
	if (pid == 0) {
		/* only what is safe between fork and exec in a threaded process */
		if (packing) {
			dup2(theirs, STDIN_FILENO);
			dup2(to_fd, STDOUT_FILENO);
		} else {
			int devnull = open("/dev/null", O_RDONLY);
			if (devnull >= 0)
				dup2(devnull, STDIN_FILENO);
			dup2(theirs, STDOUT_FILENO);
		}
		dup2(err[1], STDERR_FILENO);
		signal(SIGPIPE, SIG_DFL);
		rs_unbind_self();
		/* -q: zstd's progress line would land among the messages */
		const char *how = packing ? (!strcmp(kind, "zstd") ? "-cq" : "-c") : !strcmp(kind, "zstd") ? "-dcq" : "-dc";
		if (packing)
			execl(prog, kind, how, (char *)NULL);
		else
			execl(prog, kind, how, "--", path, (char *)NULL);
		_exit(127);
	}
	close(theirs);
	close(err[1]);
	u->pid = pid;
	u->err_fd = err[0];
	return mine;
}

int rs_unpack_open(rs_unpack *u, const char *kind, const char *path, rs_err *e)
{
	return spawn(u, kind, path, -1, e);
}

int rs_pack_open(rs_unpack *u, const char *kind, int fd, const char *path, rs_err *e)
{
	return spawn(u, kind, path, fd, e);
}

int rs_unpack_close(rs_unpack *u, int abandon, const char *path, rs_err *e)
{
	if (u->pid <= 0)
		return 0;
	if (abandon)
		kill(u->pid, SIGTERM);
	char msg[512];
	size_t len = 0;
	for (;;) {
		ssize_t r = read(u->err_fd, msg + len, sizeof msg - 1 - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
		if (len == sizeof msg - 1) { /* the first lines are enough: drain */
			char skip[4096];
			while (read(u->err_fd, skip, sizeof skip) > 0)
				;
			break;
		}
	}
	msg[len] = '\0';
	close(u->err_fd);
	int st = 0;
	while (waitpid(u->pid, &st, 0) < 0 && errno == EINTR)
		;
	u->pid = 0;
	u->err_fd = -1;
	if (abandon || (WIFEXITED(st) && WEXITSTATUS(st) == 0))
		return 0;
	/* its first line, without the program's name and the file's in front
	 * (or bzip2's second, after "Possible reason follows") */
	char *m = msg + strspn(msg, " \t\r\n");
	size_t tl = strlen(u->tool), pl = strlen(path), first = strcspn(m, "\r\n");
	if (m[first] != '\0' && memmem(m, first, "reason follows", 14) != NULL) {
		char *next = m + first + strspn(m + first, " \t\r\n");
		if (*next != '\0')
			m = next;
	}
	m[strcspn(m, "\r\n")] = '\0';
	if (!strncmp(m, u->tool, tl) && !strncmp(m + tl, ": ", 2))
		m += tl + 2;
	if (!strncmp(m, "(stdout): ", 10) || !strncmp(m, "(stdin): ", 9)) /* xz's names for its streams */
		m += m[6] == ':' ? 9 : 10;
	/* "PATH: " (xz), "PATH : " (zstd, which may shorten it to its end) */
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path, *q = strstr(m, base);
	size_t bl = strlen(base), head = q != NULL ? (size_t)(q - m) + bl : 0;
	if (q != NULL && head <= pl && !strncmp(path + pl - head, m, head)) {
		const char *r = m + head + strspn(m + head, " ");
		if (*r == ':')
			m = (char *)r + 1 + strspn(r + 1, " ");
	}
	size_t ml = strlen(m);
	while (ml > 0 && (m[ml - 1] == ';' || m[ml - 1] == ' ' || m[ml - 1] == '.'))
		m[--ml] = '\0';
	if (WIFEXITED(st) && WEXITSTATUS(st) == 127 && *m == '\0')
		rs_fail(e, RS_EIO, "%s: %s could not be run", path, u->tool);
	else if (WIFSIGNALED(st))
		rs_fail(e, RS_EIO, "%s: %s was stopped by signal %d", path, u->tool, WTERMSIG(st));
	else if (u->packing)
		rs_fail(e, RS_EIO, "%s: %s could not compress it: %s", path, u->tool, *m ? m : "it failed");
	else
		rs_fail(e, RS_EIO, "%s: %s could not decompress it: %s (a corrupt or truncated file?)", path, u->tool,
			*m ? m : "it failed");
	return -1;
}
