/* xmlscan.h: the tags of an XML text, one after another, with their
 * attributes decoded, for the readers of GEXF and XGMML; text between
 * tags, comments, processing instructions, DOCTYPE and CDATA are passed
 * over. */
#ifndef RS_XMLSCAN_H
#define RS_XMLSCAN_H

#include "textscan.h"

#include <stddef.h>

#define RS_XML_MAX_ATTRS 32

/* A tag: its name (without a namespace prefix) and its attributes (the
 * first RS_XML_MAX_ATTRS), decoded into buf. */
typedef struct rs_xml_tag {
	const char *name;
	int close, empty; /* </name>, <name ... /> */
	int na;
	const char *key[RS_XML_MAX_ATTRS], *val[RS_XML_MAX_ATTRS];
	char buf[8192];
} rs_xml_tag;

/* The next tag from S->p into T: 0, 1 at the end of the text, -1 with
 * "path:line: ..." in S->e for a tag that is cut or malformed. */
int rs_xml_next_tag(rs_textscan *S, rs_xml_tag *T);
/* The value of T's attribute key, or NULL. */
const char *rs_xml_attr(const rs_xml_tag *T, const char *key);
/* XML text s[0..n) with its entities and character references decoded,
 * malloc'd; NULL out of memory. */
char *rs_xml_decoded(const char *s, size_t n);

#endif
