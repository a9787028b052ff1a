/* tap.h: a tiny Test Anything Protocol emitter for the C unit tests. */
#ifndef RS_TAP_H
#define RS_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static void tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;
	tap_n++;
	if (!cond)
		tap_failed++;
	char buf[1024];
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	/* a message "# SKIP why" is TAP's directive (the driver counts a skip);
	 * any other '#' would start one, and is written '_' */
	int skip = cond && strncmp(buf, "# SKIP", 6) == 0;
	printf("%sok %d %s", cond ? "" : "not ", tap_n, skip ? "# SKIP" : "- ");
	for (const char *p = skip ? buf + 6 : buf; *p; p++) /* one line per test, whatever the message */
		if (*p == '\n')
			fputs("\\n", stdout);
		else
			putchar(*p == '#' ? '_' : *p);
	putchar('\n');
}

/* |got - want| <= tol, with the numbers in the message when it fails. */
#define TAP_NEAR(got, want, tol, ...)                                                              \
	do {                                                                                       \
		double g_ = (got), w_ = (want);                                                    \
		int c_ = fabs(g_ - w_) <= (tol);                                                   \
		tap_ok(c_, __VA_ARGS__);                                                           \
		if (!c_)                                                                           \
			printf("#   got %.12g, want %.12g (tol %g)\n", g_, w_, (double)(tol));     \
	} while (0)

static int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
