/* cmd-words.c: the command table's words as a libFuzzer dictionary: every
 * command name and alias, the keywords completion offers, the keys that
 * take a value and the values offered after them, and the help topics.
 * scripts/fuzz.sh adds them to fuzz/regspec.dict for the parse harness, so
 * that a new command or option reaches the fuzzer without a hand edit. */
#include <config.h>

#include "cmd.h"

#include <stdio.h>
#include <string.h>

/* Each word once: the table repeats keywords across commands. */
#define MAX_WORDS 4096
static const char *seen[MAX_WORDS];
static int nseen;

static void put(const char *w)
{
	if (w == NULL || *w == '\0')
		return;
	for (int i = 0; i < nseen; i++)
		if (!strcmp(seen[i], w))
			return;
	if (nseen < MAX_WORDS)
		seen[nseen++] = w;
	putchar('"');
	for (const char *p = w; *p; p++)
		if (*p == '"' || *p == '\\' || (unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			printf("\\x%02X", (unsigned char)*p);
		else
			putchar(*p);
	puts("\"");
}

static void put_list(const char *const *l)
{
	for (; l && *l; l++)
		put(*l);
}

static void put_after(const struct rs_after *a, int n)
{
	for (int i = 0; i < n && a[i].key; i++) {
		put(a[i].key);
		put_list(a[i].values);
	}
}

int main(void)
{
	puts("# the command table's words (fuzz/cmd-words.c)");
	for (const struct rs_cmd *c = rs_cmd_table; c->name; c++) {
		put(c->name);
		put(c->alias);
		put_list(c->words);
		if (c->complete) {
			put_list(c->complete->first);
			put_after(c->complete->after, (int)(sizeof c->complete->after / sizeof *c->complete->after));
			put_after(c->complete->later, (int)(sizeof c->complete->later / sizeof *c->complete->later));
		}
	}
	for (const struct rs_topic *t = rs_topic_table; t->name; t++)
		put(t->name);
	return 0;
}
