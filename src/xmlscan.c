/* xmlscan.c: XML tags one after another (xmlscan.h). */
#include <config.h>

#include "xmlscan.h"

#include "utf8.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Text s[0..n) with XML's entities decoded, appended to out (room for n
 * more bytes: a reference is never shorter than what it stands for). */
static char *decode(char *out, const char *s, size_t n)
{
	static const char *const ent[][2] = {{"amp;", "&"}, {"lt;", "<"}, {"gt;", ">"}, {"quot;", "\""}, {"apos;", "'"}};
	const char *end = s + n;
	while (s < end) {
		if (*s != '&') {
			*out++ = *s++;
			continue;
		}
		size_t k;
		for (k = 0; k < sizeof ent / sizeof ent[0]; k++) {
			size_t l = strlen(ent[k][0]);
			if ((size_t)(end - s - 1) >= l && !strncmp(s + 1, ent[k][0], l)) {
				*out++ = ent[k][1][0];
				s += 1 + l;
				break;
			}
		}
		if (k < sizeof ent / sizeof ent[0])
			continue;
		/* a character reference, '&#233;' or '&#xE9;': its UTF-8 is
		 * never longer than it */
		char *stop = NULL;
		int hex = s + 2 < end && s[1] == '#' && (s[2] == 'x' || s[2] == 'X');
		unsigned long c = s + 2 < end && s[1] == '#' && isxdigit((unsigned char)s[2 + hex])
					  ? strtoul(s + 2 + hex, &stop, hex ? 16 : 10)
					  : 0;
		if (c == 0 || stop >= end || *stop != ';' || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) {
			*out++ = *s++; /* not a reference: kept as written */
			continue;
		}
		out += rs_utf8_put(c, out);
		s = stop + 1;
	}
	return out;
}

int rs_xml_next_tag(rs_textscan *S, rs_xml_tag *T)
{
	for (;;) {
		const char *lt = strchr(S->p, '<');
		if (lt == NULL)
			return 1;
		S->p = lt;
		const char *skip_to = !strncmp(lt, "<!--", 4)	     ? "-->"
				      : !strncmp(lt, "<![CDATA[", 9) ? "]]>"
				      : !strncmp(lt, "<?", 2)	     ? "?>"
				      : !strncmp(lt, "<!", 2)	     ? ">"
								     : NULL;
		if (skip_to) {
			const char *end = strstr(lt + 2, skip_to);
			if (end == NULL)
				return rs_scan_fail(S, "a comment, declaration or CDATA section is not closed");
			S->p = end + strlen(skip_to);
			continue;
		}
		break;
	}
	const char *q = S->p + 1;
	T->close = *q == '/';
	q += T->close;
	const char *name = q;
	q += strcspn(q, " \t\r\n/>");
	if (q == name)
		return rs_scan_fail(S, "a tag without a name");
	const char *colon = memchr(name, ':', (size_t)(q - name));
	if (colon)
		name = colon + 1;
	char *out = T->buf, *lim = T->buf + sizeof T->buf;
	if ((size_t)(q - name) + 1 > sizeof T->buf)
		return rs_scan_fail(S, "a tag name too long");
	memcpy(out, name, (size_t)(q - name));
	out[q - name] = '\0';
	T->name = out;
	out += q - name + 1;
	T->na = 0;
	T->empty = 0;
	for (;;) {
		q += strspn(q, " \t\r\n");
		if (*q == '>') {
			q++;
			break;
		}
		if (q[0] == '/' && q[1] == '>') {
			T->empty = 1;
			q += 2;
			break;
		}
		if (*q == '\0') {
			S->p = q;
			return rs_scan_fail(S, "the file ends inside a tag (truncated file?)");
		}
		const char *k = q;
		q += strcspn(q, " \t\r\n=/>");
		size_t kl = (size_t)(q - k);
		q += strspn(q, " \t\r\n");
		if (kl == 0 || *q != '=') {
			S->p = q;
			return rs_scan_fail(S, "an attribute of <%s> without a value", T->name);
		}
		q++;
		q += strspn(q, " \t\r\n");
		char quote = *q;
		const char *v = q + 1, *ve = quote == '"' || quote == '\'' ? strchr(v, quote) : NULL;
		if (ve == NULL) {
			S->p = q;
			return quote == '"' || quote == '\''
				       ? rs_scan_fail(S, "the file ends inside an attribute value of <%s> (truncated file?)", T->name)
				       : rs_scan_fail(S, "an attribute value of <%s> is not quoted", T->name);
		}
		if (kl + (size_t)(ve - v) + 2 > (size_t)(lim - out)) {
			S->p = q;
			return rs_scan_fail(S, "the attributes of <%s> are too long (more than %zu bytes)", T->name, sizeof T->buf);
		}
		if (T->na < RS_XML_MAX_ATTRS) {
			T->key[T->na] = out;
			memcpy(out, k, kl);
			out[kl] = '\0';
			out += kl + 1;
			T->val[T->na++] = out;
			out = decode(out, v, (size_t)(ve - v));
			*out++ = '\0';
		}
		q = ve + 1;
	}
	rs_scan_line(S, S->p);
	S->p = q;
	return 0;
}

const char *rs_xml_attr(const rs_xml_tag *T, const char *key)
{
	for (int i = 0; i < T->na; i++)
		if (!strcmp(T->key[i], key))
			return T->val[i];
	return NULL;
}

char *rs_xml_decoded(const char *s, size_t n)
{
	char *out = malloc(n + 1);
	if (out != NULL)
		*decode(out, s, n) = '\0';
	return out;
}
