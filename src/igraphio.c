/* igraphio.c: GML and GraphML through igraph: the texts mended first
 * that igraph would refuse or misread, then labels and weights from the
 * nodes' and edges' attributes. */
#include <config.h>

#include "readers.h"

#include "namemap.h"
#include "utf8.h"
#include "xmlscan.h"

#include <ctype.h>
#include <igraph.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static char igraph_msg[300];

static void igraph_catch(const char *reason, const char *file, int line, igraph_error_t err)
{
	(void)file;
	(void)line;
	if (reason && *reason)
		snprintf(igraph_msg, sizeof igraph_msg, "%s (%s)", reason, igraph_strerror(err));
	else
		snprintf(igraph_msg, sizeof igraph_msg, "%s", igraph_strerror(err));
	IGRAPH_FINALLY_FREE();
}

static void igraph_quiet(const char *reason, const char *file, int line)
{
	(void)reason;
	(void)file;
	(void)line;
}

/* The attribute names and types of G's nodes and edges. */
struct attr_lists {
	igraph_strvector_t gn, vn, en;
	igraph_vector_int_t gt, vt, et;
	int ok;
};

static void attr_lists_get(const igraph_t *G, struct attr_lists *A)
{
	igraph_strvector_init(&A->gn, 0);
	igraph_strvector_init(&A->vn, 0);
	igraph_strvector_init(&A->en, 0);
	igraph_vector_int_init(&A->gt, 0);
	igraph_vector_int_init(&A->vt, 0);
	igraph_vector_int_init(&A->et, 0);
	A->ok = igraph_cattribute_list(G, &A->gn, &A->gt, &A->vn, &A->vt, &A->en, &A->et) ==
		IGRAPH_SUCCESS;
}

static void attr_lists_free(struct attr_lists *A)
{
	igraph_strvector_destroy(&A->gn);
	igraph_strvector_destroy(&A->vn);
	igraph_strvector_destroy(&A->en);
	igraph_vector_int_destroy(&A->gt);
	igraph_vector_int_destroy(&A->vt);
	igraph_vector_int_destroy(&A->et);
}

/* The node attribute names of G, comma separated, into buf. */
static void vertex_attrs(const igraph_t *G, char *buf, size_t size)
{
	struct attr_lists A;
	buf[0] = '\0';
	attr_lists_get(G, &A);
	for (igraph_integer_t i = 0; A.ok && i < igraph_strvector_size(&A.vn); i++)
		rs_list_append(buf, size, ", ", igraph_strvector_get(&A.vn, i));
	attr_lists_free(&A);
}

/* Whether edge attribute name (of type t) holds numbers: numeric, or
 * strings that all read as numbers, some empty (what gv2gml makes of a DOT
 * file's weights); *strings says which. */
static int numeric_attr(const igraph_t *G, const char *name, int t, int *strings)
{
	*strings = 0;
	if (t == IGRAPH_ATTRIBUTE_NUMERIC)
		return 1;
	if (t != IGRAPH_ATTRIBUTE_STRING)
		return 0;
	int ok = 1, some = 0;
	for (igraph_integer_t j = 0; ok && j < igraph_ecount(G); j++) {
		const char *v = EAS(G, name, j);
		double w;
		some += v[0] != '\0';
		ok = v[0] == '\0' || rs_field_weight(v, &w) == 0;
	}
	*strings = 1;
	return ok && some;
}

/* The edge attribute that holds the weights, into out ("" none): the one
 * asked for (want; an error when G has none of that name, or it does not
 * hold numbers), else the first numeric one named weight, weights, value
 * (Newman's GML files) or count, in any case (Gephi and Cytoscape write
 * "Weight" as well).  The other numeric ones go into unread, comma
 * separated (an edge's "id" is not a weight). */
static int weight_attr(const igraph_t *G, const char *want, const char *path, char *out,
		       size_t size, int *strings, char *unread, size_t usize, rs_err *e)
{
	static const char *const names[] = {"weight", "weights", "value", "count"};
	const char *const *list = want ? &want : names;
	size_t nl = want ? 1 : sizeof names / sizeof names[0];
	struct attr_lists A;
	int rc = 0, str;
	out[0] = unread[0] = '\0';
	*strings = 0;
	attr_lists_get(G, &A);
	igraph_integer_t ne = A.ok ? igraph_strvector_size(&A.en) : 0;
	for (size_t k = 0; !out[0] && k < nl; k++)
		for (igraph_integer_t i = 0; !out[0] && i < ne; i++) {
			const char *name = igraph_strvector_get(&A.en, i);
			if (strcasecmp(name, list[k]))
				continue;
			if (numeric_attr(G, name, (int)VECTOR(A.et)[i], &str)) {
				snprintf(out, size, "%s", name);
				*strings = str;
			} else if (want) {
				rc = rs_fail(e, RS_EINVAL, "%s: weight %s: the edge attribute '%s' does not hold numbers",
					     path, want, name);
				goto done;
			}
		}
	char all[256] = "";
	for (igraph_integer_t i = 0; i < ne; i++) {
		const char *name = igraph_strvector_get(&A.en, i);
		rs_list_append(all, sizeof all, ", ", name);
		if (strcmp(name, out) && strcasecmp(name, "id") &&
		    numeric_attr(G, name, (int)VECTOR(A.et)[i], &str))
			rs_list_append(unread, usize, ", ", name);
	}
	if (want && !out[0])
		rc = rs_fail(e, RS_EINVAL, "%s: weight %s: no edge attribute of that name (%s%s)", path, want,
			     all[0] ? "its edge attributes: " : "its edges have no attributes", all);
done:
	attr_lists_free(&A);
	return rc;
}

/* A copy of a GML string with its numeric character references, '&#233;'
 * and '&#xE9;' (how GML, which is ASCII, writes other characters; igraph
 * decodes only the named ones), as UTF-8; NULL out of memory. */
static char *gml_decoded(const char *s)
{
	char *out = malloc(strlen(s) + 1), *w = out; /* a reference is longer than its bytes */
	if (out == NULL)
		return NULL;
	while (*s) {
		char *end;
		int hex = s[0] == '&' && s[1] == '#' && (s[2] == 'x' || s[2] == 'X');
		unsigned long c = s[0] == '&' && s[1] == '#' && (hex ? isxdigit((unsigned char)s[3]) : isdigit((unsigned char)s[2]))
					  ? strtoul(s + 2 + hex, &end, hex ? 16 : 10)
					  : 0;
		if (c == 0 || *end != ';' || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) {
			*w++ = *s++;
			continue;
		}
		s = end + 1;
		w += rs_utf8_put(c, w);
	}
	*w = '\0';
	return out;
}

/* Ground truth from a node attribute: the one asked for (an error if G has
 * none of that name), else a "value" (polblogs), "community" or "class"
 * (regspec's own GraphML and GML) one where there is one.  Numbers,
 * strings and booleans; integers keep their values, NaN and '' are
 * unlabelled, other values are classes in order of appearance (the label
 * file rules). */
static int igraph_labels(const igraph_t *G, const char *path, const char *want, int gml, rs_load_info *info,
			 rs_err *e)
{
	const char *attr = want;
	if (attr == NULL)
		attr = igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, "value")	     ? "value"
		       : igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, "community") ? "community"
		       : igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, "class")     ? "class"
											     : NULL;
	if (attr == NULL)
		return 0;
	if (!igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, attr)) {
		char list[256];
		vertex_attrs(G, list, sizeof list);
		return rs_fail(e, RS_EINVAL,
			       "labels '%s': no such file, nor a node attribute of %s (%s%s)", attr,
			       path, list[0] ? "its node attributes: " : "it has no node attributes",
			       list);
	}
	igraph_attribute_type_t type;
	if (igraph_cattribute_table.gettype(G, &type, IGRAPH_ATTRIBUTE_VERTEX, attr) != 0)
		return rs_fail(e, RS_EINVAL, "%s: cannot read the node attribute '%s'", path, attr);
	long n = (long)igraph_vcount(G);
	const char **v = rs_zalloc(e, (size_t)(n > 0 ? n : 1), sizeof *v, "labels");
	char *num = rs_alloc(e, (size_t)(n > 0 ? n : 1), 32, "labels");
	char **dec = gml && type == IGRAPH_ATTRIBUTE_STRING ? rs_zalloc(e, (size_t)(n > 0 ? n : 1), sizeof *dec, "labels")
							    : NULL;
	int rc = -1;
	if (v == NULL || num == NULL || (gml && type == IGRAPH_ATTRIBUTE_STRING && dec == NULL))
		goto out;
	for (long i = 0; i < n; i++) {
		if (type == IGRAPH_ATTRIBUTE_STRING) {
			v[i] = VAS(G, attr, i);
			if (dec && (v[i] = dec[i] = gml_decoded(v[i])) == NULL) {
				rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
				goto out;
			}
		} else if (type == IGRAPH_ATTRIBUTE_BOOLEAN) { /* as GraphML, GEXF and JSON write them */
			v[i] = VAB(G, attr, i) ? "true" : "false";
		} else {
			double x = VAN(G, attr, i);
			if (!isnan(x))
				snprintf(num + 32 * i, 32, "%.15g", x);
			else
				num[32 * i] = '\0';
			v[i] = num + 32 * i;
		}
	}
	info->labels = rs_labels_from_strings(v, n, e);
	if (info->labels == NULL) {
		char m[sizeof e->msg];
		snprintf(m, sizeof m, "%s", e->msg);
		rs_fail(e, RS_EINVAL, "%s: node attribute '%s': %s", path, attr, m);
		goto out;
	}
	snprintf(info->label_attr, sizeof info->label_attr, "%s", attr);
	rc = 0;
out:
	for (long i = 0; dec && i < n; i++)
		free(dec[i]);
	free(dec);
	free(v);
	free(num);
	return rc;
}

/* Whether s opens the element <name ...> (not <nameX...>). */
static int opens(const char *s, const char *name, size_t l)
{
	return s[0] == '<' && !strncmp(s + 1, name, l) && strchr(" \t\r\n/>", s[1 + l]) != NULL;
}

/* yEd keeps a node's label in <y:NodeLabel> inside its graphics data,
 * which igraph does not read (the nodes came out named n0, n1, ...): the
 * k-th <node> element's first such label names node k, the text before
 * any element inside it.  Only where there are as many <node> elements as
 * nodes (a group node, with a graph inside, is flattened by igraph). */
static void yed_labels(const char *buf, rs_graph *g)
{
	long count = 0, k = -1;
	for (const char *p = buf; (p = strchr(p, '<')) != NULL; p++)
		count += opens(p, "node", 4);
	if (count != g->n || g->names == NULL)
		return;
	unsigned char *done = calloc((size_t)g->n, 1);
	for (const char *p = buf; done && (p = strchr(p, '<')) != NULL; p++) {
		if (opens(p, "node", 4)) {
			k++;
		} else if (k >= 0 && !done[k] && opens(p, "y:NodeLabel", 11)) {
			const char *t = strchr(p, '>');
			if (t == NULL || t[-1] == '/')
				continue;
			t++;
			t += strspn(t, " \t\r\n");
			size_t l = strcspn(t, "<");
			while (l > 0 && strchr(" \t\r\n", t[l - 1]))
				l--;
			char *name = l > 0 ? rs_xml_decoded(t, l) : NULL;
			if (name) {
				free(g->names[k]);
				g->names[k] = name;
				done[k] = 1;
			}
		}
	}
	free(done);
}

/* The attribute want of an element whose attributes start at a (up to
 * its '>'), as written (entities not decoded): where its value starts,
 * its length in *vl; NULL when the element has none. */
static const char *xml_attr_raw(const char *a, const char *end, const char *want, size_t *vl)
{
	size_t wl = strlen(want);
	while (a < end) {
		a += strspn(a, " \t\r\n");
		if (a >= end || *a == '>' || *a == '/')
			return NULL;
		const char *name = a;
		while (a < end && !strchr(" \t\r\n=>", *a))
			a++;
		size_t nl = (size_t)(a - name);
		a += strspn(a, " \t\r\n");
		if (a >= end || *a != '=')
			return NULL;
		a++;
		a += strspn(a, " \t\r\n");
		if (a >= end || (*a != '"' && *a != '\''))
			return NULL;
		const char *v = a + 1, *q = memchr(v, *a, (size_t)(end - v));
		if (q == NULL)
			return NULL;
		if (nl == wl && !strncmp(name, want, wl)) {
			*vl = (size_t)(q - v);
			return v;
		}
		a = q + 1;
	}
	return NULL;
}

/* The same decoded, or NULL. */
static char *xml_attr(const char *a, const char *end, const char *want)
{
	size_t vl;
	const char *v = xml_attr_raw(a, end, want, &vl);
	return v ? rs_xml_decoded(v, vl) : NULL;
}

/* The elements of an XML text in order, comments, declarations and
 * closing tags skipped: xml_next gives each one's local name (a prefix
 * dropped: <g:node> is node) and where its attributes start, and counts
 * the lines up to it. */
struct xml_walk {
	const char *p, *end, *counted;
	long line;
};

static void xml_walk_init(struct xml_walk *w, const char *buf, size_t len)
{
	*w = (struct xml_walk){buf, buf + len, buf, 1};
}

static int xml_next(struct xml_walk *w, const char **name, size_t *nl, const char **attrs)
{
	const char *p = w->p, *end = w->end;
	while (p < end && (p = memchr(p, '<', (size_t)(end - p))) != NULL) {
		if (end - p >= 4 && !strncmp(p, "<!--", 4)) {
			const char *c = p + 4;
			while (c + 3 <= end && strncmp(c, "-->", 3) != 0)
				c++;
			p = c + 3 <= end ? c + 3 : end; /* an unclosed comment ends the text */
			continue;
		}
		const char *q = p + 1, *local = q;
		while (q < end && (isalnum((unsigned char)*q) || *q == '_' || *q == '-' || *q == '.' || *q == ':')) {
			if (*q == ':')
				local = q + 1;
			q++;
		}
		p++;
		if (q == local)
			continue; /* </x>, <?xml, <!DOCTYPE, or a name that ends in ':' */
		for (const char *c; (c = memchr(w->counted, '\n', (size_t)(local - w->counted))) != NULL;
		     w->counted = c + 1)
			w->line++;
		w->counted = local;
		w->p = p;
		*name = local;
		*nl = (size_t)(q - local);
		*attrs = q;
		return 1;
	}
	w->p = end;
	return 0;
}

/* Where the text of an element whose attributes start at attrs begins
 * (after its '>'), or NULL for an empty element (<x/>). */
static const char *xml_text(const char *attrs, const char *end)
{
	const char *gt = memchr(attrs, '>', (size_t)(end - attrs));
	return gt && gt[-1] != '/' ? gt + 1 : NULL;
}

static int is_element(const char *name, size_t nl, const char *want)
{
	return nl == strlen(want) && !strncmp(name, want, nl);
}

/* The <node> elements of a GraphML text: igraph adds a node for an id
 * that only an edge names, and merges the elements that repeat an id,
 * both silently.  The number of different ids (-1 out of memory), and
 * into info the elements that repeat one, the first such id and its two
 * lines. */
static long graphml_nodes(const char *buf, size_t len, rs_load_info *info)
{
	rs_namemap ids = {0};
	long *line_of = NULL, cap = 0, distinct = 0;
	struct xml_walk w;
	const char *name, *attrs;
	size_t nl;
	xml_walk_init(&w, buf, len);
	while (xml_next(&w, &name, &nl, &attrs)) {
		if (!is_element(name, nl, "node"))
			continue;
		char *id = xml_attr(attrs, w.end, "id");
		if (id == NULL)
			continue;
		rs_err e = {0};
		long k = rs_nm_intern(&ids, id, strlen(id), 1, &e);
		if (k < 0 || rs_grow(&e, &line_of, &cap, k, sizeof *line_of, 1024, "node lines") != 0) {
			free(id);
			distinct = -1;
			break;
		}
		if (k == distinct) { /* a new id: ids are numbered in order */
			line_of[k] = w.line;
			distinct++;
		} else if (info->repeated_ids++ == 0) {
			snprintf(info->repeated_id, sizeof info->repeated_id, "%s", id);
			info->repeated_lines[0] = line_of[k];
			info->repeated_lines[1] = w.line;
		}
		free(id);
	}
	rs_nm_free(&ids);
	free(line_of);
	if (distinct < 0)
		info->repeated_ids = 0;
	return distinct;
}

/* The <key> elements of a GraphML text met so far (the first 256):
 * each one's id, attr.name, attr.type and for (its domain), decoded
 * (NULL where absent). */
struct graphml_keys {
	int n;
	char *id[256], *name[256], *type[256], *dom[256];
};

static void keys_add(struct graphml_keys *K, const char *attrs, const char *end)
{
	if (K->n == (int)(sizeof K->id / sizeof K->id[0]))
		return;
	K->id[K->n] = xml_attr(attrs, end, "id");
	K->name[K->n] = xml_attr(attrs, end, "attr.name");
	K->dom[K->n] = xml_attr(attrs, end, "for");
	K->type[K->n++] = xml_attr(attrs, end, "attr.type");
}

/* The key whose id is id, or -1. */
static int keys_find(const struct graphml_keys *K, const char *id)
{
	for (int i = 0; id && i < K->n; i++)
		if (K->id[i] && !strcmp(K->id[i], id))
			return i;
	return -1;
}

static void keys_free(struct graphml_keys *K)
{
	for (int i = 0; i < K->n; i++) {
		free(K->id[i]);
		free(K->name[i]);
		free(K->type[i]);
		free(K->dom[i]);
	}
}

/* Changes to a text, which text_edited makes: the bytes [at, at + len)
 * become rep[0..rl), or with rep NULL the newlines among them alone, so
 * that every line keeps its number for the messages. */
struct text_edits {
	struct text_edit {
		size_t at, len;
		const char *rep;
		size_t rl;
	} *ed;
	long n, cap;
	int failed;
};

static void edit_add(struct text_edits *T, size_t at, size_t len, const char *rep, size_t rl)
{
	rs_err e = {0};
	if (T->failed || rs_grow(&e, &T->ed, &T->cap, T->n, sizeof *T->ed, 64, "text edits") != 0) {
		T->failed = 1;
		return;
	}
	T->ed[T->n++] = (struct text_edit){at, len, rep, rl};
}

/* buf[0..len) with T's changes made, in the text's order (one that
 * starts inside an earlier one's bytes, which a malformed text gives, an
 * element blanked whose '>' is far on, is dropped): a new NUL-terminated
 * text, its length in *out; NULL when there are none, or out of memory.
 * T is emptied. */
static char *text_edited(const char *buf, size_t len, struct text_edits *T, size_t *out)
{
	char *s = NULL;
	if (T->n > 0 && !T->failed) {
		size_t total = len;
		for (long i = 0; i < T->n; i++)
			total += T->ed[i].rep ? T->ed[i].rl : 0;
		s = malloc(total + 1);
	}
	if (s != NULL) {
		size_t from = 0, o = 0;
		for (long i = 0; i < T->n; i++) {
			const struct text_edit *d = &T->ed[i];
			if (d->at < from || d->at + d->len > len)
				continue;
			memcpy(s + o, buf + from, d->at - from);
			o += d->at - from;
			if (d->rep != NULL) {
				memcpy(s + o, d->rep, d->rl);
				o += d->rl;
			} else {
				for (size_t k = d->at; k < d->at + d->len; k++)
					if (buf[k] == '\n')
						s[o++] = '\n';
			}
			from = d->at + d->len;
		}
		memcpy(s + o, buf + from, len - from);
		o += len - from;
		s[o] = '\0';
		*out = o;
	}
	free(T->ed);
	*T = (struct text_edits){0};
	return s;
}

/* A GML real is digits, a point and digits, either run possibly empty
 * ("1.E-07", which networkx writes for 1e-07, ".5", "2."), then an
 * exponent; igraph's reader wants a digit on both sides of the point.
 * The token t..end as written: a 0 added to T where one is missing. */
static void gml_real_mend(struct text_edits *T, const char *buf, const char *t, const char *end)
{
	const char *s = t + (*t == '+' || *t == '-'), *point = s;
	while (point < end && isdigit((unsigned char)*point))
		point++;
	if (point >= end || *point != '.')
		return;
	const char *f = point + 1, *g = f;
	while (g < end && isdigit((unsigned char)*g))
		g++;
	if (point == s && g == f)
		return; /* a point alone is no number */
	if (g < end) { /* the exponent, to the token's end */
		const char *x = g + 1;
		if (*g != 'e' && *g != 'E')
			return;
		x += x < end && (*x == '+' || *x == '-');
		const char *y = x;
		while (y < end && isdigit((unsigned char)*y))
			y++;
		if (y == x || y != end)
			return;
	}
	if (point == s)
		edit_add(T, (size_t)(point - buf), 0, "0", 1);
	if (g == f)
		edit_add(T, (size_t)(f - buf), 0, "0", 1);
}

/* A copy of a GML text whose reals igraph would refuse (gml_real_mend)
 * mended, its length in *out; NULL when none needs it (or out of
 * memory).  Strings and '#' comment lines are passed over. */
static char *gml_mended(const char *buf, size_t len, size_t *out)
{
	struct text_edits T = {0};
	const char *p = buf, *end = buf + len;
	while (p < end) {
		char c = *p;
		if (c == '#') {
			while (p < end && *p != '\n')
				p++;
		} else if (c == '"') {
			for (p++; p < end && *p != '"'; p++)
				;
			p += p < end;
		} else if ((isdigit((unsigned char)c) || c == '.' || c == '+' || c == '-') &&
			   (p == buf || isspace((unsigned char)p[-1]) || p[-1] == '[')) {
			const char *t = p;
			while (p < end && *p != '\0' && !isspace((unsigned char)*p) && *p != '[' && *p != ']')
				p++;
			gml_real_mend(&T, buf, t, p);
		} else {
			p++;
		}
	}
	return text_edited(buf, len, &T, out);
}

/* How wide a GraphML attribute type is: integers 1, reals 2, booleans 3,
 * strings (and an absent type, which GraphML reads as string) 4, a type
 * GraphML does not define 5. */
static int graphml_type_rank(const char *t)
{
	if (t == NULL || !strcmp(t, "string"))
		return 4;
	if (!strcmp(t, "int") || !strcmp(t, "long"))
		return 1;
	if (!strcmp(t, "float") || !strcmp(t, "double"))
		return 2;
	return !strcmp(t, "boolean") ? 3 : 5;
}

/* The type that holds the values of keys of types a and b: a when they
 * are the same, double for two numeric ones one of them real, long for
 * int and long, string otherwise. */
static const char *graphml_type_join(const char *a, const char *b)
{
	int ra = graphml_type_rank(a), rb = graphml_type_rank(b);
	if (ra == rb && ra != 5 && (a == NULL) == (b == NULL) && (a == NULL || !strcmp(a, b)))
		return a;
	if (ra <= 2 && rb <= 2)
		return ra == 2 || rb == 2 ? "double" : "long";
	return "string";
}

/* The '>' that closes a tag whose attributes start at attrs, or NULL
 * where a '<' comes first (a malformed tag, which libxml will refuse:
 * left as it is, so that its message stands) or the text ends. */
static const char *xml_tag_end(const char *attrs, const char *end)
{
	for (const char *p = attrs; p < end; p++) {
		if (*p == '"' || *p == '\'') { /* a value may hold '>' */
			const char *q = memchr(p + 1, *p, (size_t)(end - p - 1));
			if (q == NULL)
				return NULL;
			p = q;
		} else if (*p == '>') {
			return p;
		} else if (*p == '<') {
			return NULL;
		}
	}
	return NULL;
}

/* Where the element whose local name starts at name (attributes at
 * attrs) ends: after its '/>', or after its closing tag </...key>; NULL
 * when the text ends first. */
static const char *xml_element_end(const char *name, size_t nl, const char *attrs, const char *end)
{
	const char *gt = xml_tag_end(attrs, end);
	if (gt == NULL)
		return NULL;
	if (gt[-1] == '/')
		return gt + 1;
	for (const char *q = gt + 1; (q = memchr(q, '<', (size_t)(end - q))) != NULL; q++) {
		if (q + 1 >= end || q[1] != '/')
			continue;
		const char *local = q + 2, *r = local;
		while (r < end && !strchr(" \t\r\n>", *r)) {
			if (*r == ':')
				local = r + 1;
			r++;
		}
		if ((size_t)(r - local) == nl && !strncmp(local, name, nl)) {
			const char *close = memchr(r, '>', (size_t)(end - r));
			return close ? close + 1 : NULL;
		}
	}
	return NULL;
}

/* igraph misreads two things GraphML writers put in their keys: a type
 * GraphML does not define (graph-tool's vector_float, python::object)
 * makes it refuse the whole file, and two keys for one attribute name
 * and domain (networkx writes one a Python type: 'weight' long and
 * 'weight' double where some weights are whole numbers) leave the values
 * of all but one of them NaN, which read as no value, silently.  A copy
 * of the text with the first declared string and the second folded into
 * the first key of its name (its type the one that holds them all,
 * graphml_type_join), lines kept, its length in *out; NULL when there is
 * nothing to mend (or out of memory).  Into info, the first attribute
 * folded and how many keys were. */
static char *graphml_mended(const char *buf, size_t len, rs_load_info *info, size_t *out)
{
	struct graphml_keys K = {0};
	int canon[256], keys_of[256]; /* the key each is read as; how many are read as each */
	const char *type[256], *raw_id[256];
	size_t raw_len[256];
	struct xml_walk w;
	const char *name, *attrs;
	size_t nl;
	xml_walk_init(&w, buf, len);
	while (K.n < 256 && xml_next(&w, &name, &nl, &attrs)) {
		if (!is_element(name, nl, "key"))
			continue;
		int i = K.n;
		keys_add(&K, attrs, w.end);
		raw_id[i] = xml_attr_raw(attrs, w.end, "id", &raw_len[i]);
		canon[i] = i;
		keys_of[i] = 1;
		type[i] = K.type[i];
		for (int j = 0; j < i && K.name[i] && raw_id[i]; j++) {
			const char *dj = K.dom[j] ? K.dom[j] : "all", *di = K.dom[i] ? K.dom[i] : "all";
			if (canon[j] == j && K.name[j] && !strcmp(K.name[j], K.name[i]) && !strcmp(dj, di) &&
			    raw_id[j] != NULL) {
				canon[i] = j;
				keys_of[j]++;
				type[j] = graphml_type_join(type[j], K.type[i]);
				break;
			}
		}
	}
	int first = -1; /* the first attribute folded, for the note */
	for (int j = 0; j < K.n; j++)
		if (keys_of[j] > 1 && info->folded_attrs++ == 0)
			first = j;
	if (first >= 0) {
		char types[64] = "";
		for (int j = first; j < K.n; j++)
			if (canon[j] == first)
				rs_list_append(types, sizeof types, ", ", K.type[j] ? K.type[j] : "string");
		const char *t = graphml_type_rank(type[first]) == 5 || !type[first] ? "string" : type[first];
		snprintf(info->folded_key, sizeof info->folded_key, "%s attribute '%s' has %d <key> elements (%s)",
			 K.dom[first] ? K.dom[first] : "all", K.name[first], keys_of[first], types);
		snprintf(info->folded_type, sizeof info->folded_type, "%s", t);
	}
	int changes = 0;
	for (int i = 0; i < K.n; i++)
		changes |= canon[i] != i || type[i] != K.type[i] || graphml_type_rank(type[i]) == 5;
	if (!changes) { /* the common case: one pass, no copy */
		keys_free(&K);
		return NULL;
	}
	struct text_edits T = {0};
	int ki = 0;
	xml_walk_init(&w, buf, len);
	while (xml_next(&w, &name, &nl, &attrs)) {
		const char *gt = xml_tag_end(attrs, w.end);
		if (is_element(name, nl, "key") && ki < K.n) {
			int i = ki++;
			if (gt == NULL)
				continue;
			if (canon[i] != i) { /* folded into an earlier key: gone */
				const char *lt = name, *stop = xml_element_end(name, nl, attrs, w.end);
				while (lt > buf && *lt != '<')
					lt--;
				if (stop != NULL)
					edit_add(&T, (size_t)(lt - buf), (size_t)(stop - lt), NULL, 0);
			} else if (graphml_type_rank(type[i]) == 5 || type[i] != K.type[i]) {
				const char *t = graphml_type_rank(type[i]) == 5 ? "string" : type[i];
				size_t vl;
				const char *v = xml_attr_raw(attrs, gt, "attr.type", &vl);
				if (v != NULL) {
					edit_add(&T, (size_t)(v - buf), vl, t, strlen(t));
				} else { /* no type: string; a folded one wants another */
					const char *d = !strcmp(t, "double") ? " attr.type=\"double\""
							: !strcmp(t, "long") ? " attr.type=\"long\""
									     : " attr.type=\"string\"";
					edit_add(&T, (size_t)(attrs - buf), 0, d, strlen(d));
				}
			}
		} else if (is_element(name, nl, "data") && K.n > 0 && gt != NULL) {
			size_t vl;
			const char *v = xml_attr_raw(attrs, gt, "key", &vl);
			char *k = v ? rs_xml_decoded(v, vl) : NULL;
			int j = keys_find(&K, k);
			free(k);
			if (j >= 0 && canon[j] != j)
				edit_add(&T, (size_t)(v - buf), vl, raw_id[canon[j]], raw_len[canon[j]]);
		}
	}
	keys_free(&K);
	return text_edited(buf, len, &T, out);
}

/* Why igraph refused a GraphML text where its own message names no line
 * ("Cannot parse GraphML file"): the first element it cannot take, with
 * its line, in e.  0 when none is found (igraph's message stands). */
static int graphml_diagnose(const char *buf, size_t len, const char *path, rs_err *e)
{
	struct graphml_keys K = {0};
	int graphs = 0, found = 0;
	struct xml_walk w;
	const char *name, *attrs;
	size_t nl;
	xml_walk_init(&w, buf, len);
	while (!found && xml_next(&w, &name, &nl, &attrs)) {
		if (is_element(name, nl, "graph")) {
			graphs++;
		} else if (is_element(name, nl, "key")) {
			keys_add(&K, attrs, w.end);
		} else if (is_element(name, nl, "node")) {
			char *id = xml_attr(attrs, w.end, "id");
			if (id == NULL)
				found = rs_fail(e, RS_EINVAL, "%s:%ld: a <node> element without an id", path, w.line);
			free(id);
		} else if (is_element(name, nl, "edge")) {
			char *a = xml_attr(attrs, w.end, "source"), *b = xml_attr(attrs, w.end, "target");
			if (a == NULL || b == NULL)
				found = rs_fail(e, RS_EINVAL, "%s:%ld: an <edge> element without a %s", path, w.line,
						a == NULL ? "source" : "target");
			free(a);
			free(b);
		} else if (is_element(name, nl, "data")) {
			/* a number where the key's type asks for one */
			char *k = xml_attr(attrs, w.end, "key");
			int at = keys_find(&K, k);
			const char *type = at >= 0 ? K.type[at] : NULL;
			const char *t = xml_text(attrs, w.end);
			if (type && t &&
			    (!strcmp(type, "int") || !strcmp(type, "long") || !strcmp(type, "float") ||
			     !strcmp(type, "double"))) {
				const char *lt = memchr(t, '<', (size_t)(w.end - t));
				char *text = lt ? rs_xml_decoded(t, (size_t)(lt - t)) : NULL;
				char *v = text ? text + strspn(text, " \t\r\n") : NULL, *stop = NULL;
				if (v && *v) {
					(void)strtod(v, &stop);
					stop += strspn(stop, " \t\r\n");
				}
				if (stop && (stop == v || *stop))
					found = rs_fail(e, RS_EINVAL,
							"%s:%ld: '%.40s' is not a number, as key '%.40s' (attr.type "
							"%s) asks",
							path, w.line, v, k, type);
				free(text);
			}
			free(k);
		}
	}
	if (!found && graphs == 0)
		found = rs_fail(e, RS_EINVAL, "%s: no <graph> element", path);
	keys_free(&K);
	return found ? -1 : 0;
}

/* Whether the text t (up to end, leading blanks skipped) is a number that
 * reads as NaN ("nan", "NaN", "-nan"). */
static int text_is_nan(const char *t, const char *end)
{
	char num[32];
	t += strspn(t, " \t\r\n\"");
	size_t l = 0;
	while (t + l < end && l + 1 < sizeof num && !strchr(" \t\r\n\"<]", t[l]))
		l++;
	memcpy(num, t, l);
	num[l] = '\0';
	double v;
	return rs_field_weight(num, &v) == 0 && isnan(v);
}

/* igraph reads the edges of a GraphML or GML text in the file's order, and
 * tells a weight written "NaN" from none only as NaN both: the line of
 * edge `want`'s attribute attr (0-based; the edge's own line where attr
 * is not written there), or with want < 0 the line of the first edge
 * attribute attr written as NaN; 0 when there is none. */
static long graphml_edge_scan(const char *buf, size_t len, long want, const char *attr)
{
	struct graphml_keys K = {0};
	long edge = -1, found = 0, edge_line = 0;
	struct xml_walk w;
	const char *name, *attrs;
	size_t nl;
	xml_walk_init(&w, buf, len);
	while (!found && xml_next(&w, &name, &nl, &attrs)) {
		if (is_element(name, nl, "key")) {
			keys_add(&K, attrs, w.end);
		} else if (is_element(name, nl, "edge")) {
			if (edge == want) /* the one wanted had no such data */
				found = edge_line;
			edge_line = w.line;
			edge++;
		} else if (is_element(name, nl, "data") && edge >= 0 && (want < 0 || edge == want)) {
			/* inside an edge: GraphML nests the data in its element,
			 * and the nodes' data comes before the edges */
			char *k = xml_attr(attrs, w.end, "key");
			int at = keys_find(&K, k);
			int weight = at >= 0 && K.name[at] && !strcmp(K.name[at], attr);
			const char *t = xml_text(attrs, w.end);
			if (weight && (want >= 0 || (t && text_is_nan(t, w.end))))
				found = w.line;
			free(k);
		}
	}
	if (!found && want >= 0 && edge == want)
		found = edge_line;
	keys_free(&K);
	return found;
}

static long gml_edge_scan(const char *buf, size_t len, long want, const char *attr)
{
	const char *p = buf, *end = buf + len;
	long line = 1, edge = -1, edge_line = 0;
	int depth = 0, edge_depth = -1; /* the depth inside the current edge's [ ] */
	size_t al = strlen(attr);
	while (p < end) {
		char c = *p;
		if (c == '\n') {
			line++;
			p++;
		} else if (c == '#') { /* a comment, to the end of the line */
			while (p < end && *p != '\n')
				p++;
		} else if (c == '"') { /* a string: lines inside it count */
			for (p++; p < end && *p != '"'; p++)
				line += *p == '\n';
			p += p < end;
		} else if (c == '[') {
			depth++;
			p++;
		} else if (c == ']') {
			if (depth-- == edge_depth) {
				if (edge == want) /* the one wanted had no such attribute */
					return edge_line;
				edge_depth = -1;
			}
			p++;
		} else if (isalpha((unsigned char)c) || c == '_') {
			const char *word = p;
			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			size_t wl = (size_t)(p - word);
			const char *q = p + strspn(p, " \t\r\n");
			if (wl == 4 && !strncmp(word, "edge", 4) && q < end && *q == '[') {
				edge++;
				edge_line = line;
				edge_depth = depth + 1;
			} else if (edge_depth == depth && wl == al && !strncmp(word, attr, al) &&
				   (edge == want || (want < 0 && text_is_nan(p, end)))) {
				return line;
			}
		} else {
			p++;
		}
	}
	return 0;
}

static long igraph_edge_line(const char *buf, size_t len, enum rs_gformat fmt, long want, const char *attr)
{
	return fmt == RS_GF_GML ? gml_edge_scan(buf, len, want, attr) : graphml_edge_scan(buf, len, want, attr);
}

/* The graph of buf (its text mended where igraph would refuse what is
 * fine) parsed by igraph into *G; an error with the line where libxml or
 * the element refused tells one. */
static int igraph_parse(igraph_t *G, char *buf, size_t len, const char *path, enum rs_gformat fmt,
			rs_load_info *info, rs_err *e)
{
	/* igraph reads the text mended (its lines kept); the messages and
	 * the scans for lines read it as written */
	size_t mlen = 0;
	char *mended = fmt == RS_GF_GRAPHML ? graphml_mended(buf, len, info, &mlen) : gml_mended(buf, len, &mlen);
	FILE *f = mended ? fmemopen(mended, mlen ? mlen : 1, "r") : fmemopen(buf, len ? len : 1, "r");
	if (f == NULL) {
		free(mended);
		return rs_fail(e, RS_ENOMEM, "%s: cannot open a memory stream", path);
	}
	igraph_set_attribute_table(&igraph_cattribute_table);
	igraph_error_handler_t *old = igraph_set_error_handler(igraph_catch);
	igraph_warning_handler_t *oldw = igraph_set_warning_handler(igraph_quiet);
	igraph_error_t rc;
	igraph_msg[0] = '\0';
	if (fmt == RS_GF_GML)
		rc = igraph_read_graph_gml(G, f);
	else
		rc = igraph_read_graph_graphml(G, f, 0);
	fclose(f);
	free(mended);
	igraph_set_error_handler(old);
	igraph_set_warning_handler(oldw);
	if (rc == IGRAPH_SUCCESS)
		return 0;
	/* libxml's messages have a line; igraph's own ("Cannot parse GraphML
	 * file") do not: find the element it refused */
	const char *at = strstr(igraph_msg, "Line ");
	if (at == NULL)
		at = strstr(igraph_msg, "line ");
	char *after;
	long line = at ? strtol(at + 5, &after, 10) : 0;
	if (line <= 0 && fmt == RS_GF_GRAPHML && graphml_diagnose(buf, len, path, e) != 0)
		return -1;
	const char *msg = igraph_msg[0] ? igraph_msg : "parse error";
	if (line > 0 && at == igraph_msg && !strncmp(after, ": ", 2))
		msg = after + 2; /* libxml's "Line 60: ..." */
	if (line > 0)
		return rs_fail(e, RS_EINVAL, "%s:%ld: not a valid %s file: %s", path, line, rs_gformat_name(fmt), msg);
	return rs_fail(e, RS_EINVAL, "%s: not a valid %s file: %s", path, rs_gformat_name(fmt), msg);
}

/* G's edges into E, each with the weight attribute wattr's value (a
 * number, or text that reads as one; 1 where an edge has none), or 1;
 * a weight that is NaN, infinite or negative is an error at its line. */
static int igraph_weighted_edges(const igraph_t *G, const char *wattr, int wstrings, const char *buf, size_t len,
				 const char *path, enum rs_gformat fmt, rs_edges *E, rs_err *e)
{
	int weighted = wattr[0] != '\0', rc = -1;
	long ne = (long)igraph_ecount(G);
	igraph_vector_int_t el;
	igraph_vector_t wv;
	igraph_vector_int_init(&el, 0);
	igraph_vector_init(&wv, 0);
	igraph_get_edgelist(G, &el, 0);
	if (weighted && !wstrings) {
		igraph_cattribute_EANV(G, wattr, igraph_ess_all(IGRAPH_EDGEORDER_ID), &wv);
	} else if (weighted && igraph_vector_resize(&wv, ne) == IGRAPH_SUCCESS) {
		for (long i = 0; i < ne; i++) {
			const char *v = EAS(G, wattr, i);
			if (v[0] == '\0' || rs_field_weight(v, &VECTOR(wv)[i]) != 0)
				VECTOR(wv)[i] = NAN; /* no weight: 1, below */
		}
	} else if (weighted) {
		rs_fail(e, RS_ENOMEM, "%s: out of memory", path);
		goto out;
	}
	int nan_checked = 0;
	for (long i = 0; i < ne; i++) {
		double w = weighted ? VECTOR(wv)[i] : 1.0;
		if (isnan(w) && !nan_checked++) {
			/* no weight, or "NaN" written: one pass finds the first
			 * written one */
			long at = igraph_edge_line(buf, len, fmt, -1, wattr);
			if (at > 0) {
				rs_fail(e, RS_EINVAL, "%s:%ld: weight NaN: weights must be finite and >= 0", path, at);
				goto out;
			}
		}
		if (isnan(w))
			w = 1.0; /* an edge without a weight where others have one */
		if (!isfinite(w) || w < 0) {
			long at = igraph_edge_line(buf, len, fmt, i, wattr);
			if (at > 0)
				rs_fail(e, RS_EINVAL, "%s:%ld: weight %g: weights must be finite and >= 0", path, at, w);
			else
				rs_fail(e, RS_EINVAL, "%s: edge %ld has weight %g: weights must be finite and >= 0", path,
					i + 1, w);
			goto out;
		}
		if (rs_edges_push(E, VECTOR(el)[2 * i], VECTOR(el)[2 * i + 1], w, e) != 0)
			goto out;
	}
	rc = 0;
out:
	igraph_vector_int_destroy(&el);
	igraph_vector_destroy(&wv);
	return rc;
}

/* g's names: the first string attribute of "label", "name" and "id" (a
 * GraphML node's id, which igraph keeps as "id"; GML's are numbers), or
 * yEd's node labels; none rather than some where memory runs out. */
static void igraph_names(const igraph_t *G, const char *buf, enum rs_gformat fmt, rs_graph *g)
{
	static const char *const name_attrs[] = {"label", "name", "id"};
	const char *nattr = NULL;
	igraph_attribute_type_t type;
	for (size_t a = 0; !nattr && a < sizeof name_attrs / sizeof name_attrs[0]; a++)
		if (igraph_cattribute_has_attr(G, IGRAPH_ATTRIBUTE_VERTEX, name_attrs[a]) &&
		    igraph_cattribute_table.gettype(G, &type, IGRAPH_ATTRIBUTE_VERTEX, name_attrs[a]) == 0 &&
		    type == IGRAPH_ATTRIBUTE_STRING)
			nattr = name_attrs[a];
	if (nattr == NULL || (g->names = calloc((size_t)g->n, sizeof *g->names)) == NULL)
		return;
	for (long i = 0; i < g->n; i++) {
		g->names[i] = fmt == RS_GF_GML ? gml_decoded(VAS(G, nattr, i)) : strdup(VAS(G, nattr, i));
		if (g->names[i] == NULL) {
			for (long k = 0; k < i; k++)
				free(g->names[k]);
			free(g->names);
			g->names = NULL;
			return;
		}
	}
	if (fmt == RS_GF_GRAPHML && !strcmp(nattr, "id") && strstr(buf, "y:NodeLabel") != NULL)
		yed_labels(buf, g);
}

rs_graph *rs_read_igraph(char *buf, size_t len, const char *path, enum rs_gformat fmt, const rs_load_opts *o,
			 rs_load_info *info, rs_err *e)
{
	long declared = fmt == RS_GF_GRAPHML ? graphml_nodes(buf, len, info) : -1;
	igraph_t G;
	if (igraph_parse(&G, buf, len, path, fmt, info, e) != 0)
		return NULL;
	rs_graph *g = NULL;
	rs_edges E = {0};
	long n = (long)igraph_vcount(&G);
	if (declared >= 0 && n > declared)
		info->undeclared = n - declared;
	char wattr[128];
	int wstrings;
	if (weight_attr(&G, o->unweighted ? NULL : o->weight_name, path, wattr, sizeof wattr, &wstrings,
			info->unread_attrs, sizeof info->unread_attrs, e) != 0)
		goto out;
	if (o->unweighted)
		wattr[0] = '\0';
	if (igraph_weighted_edges(&G, wattr, wstrings, buf, len, path, fmt, &E, e) != 0)
		goto out;
	if (wattr[0])
		snprintf(info->weight_attr, sizeof info->weight_attr, "%s", wattr);
	info->weighted = wattr[0] != '\0';
	info->symmetrized = igraph_is_directed(&G);
	info->lines = (long)igraph_ecount(&G);
	g = rs_graph_build(n, 0, 0, &E, o->merge, &info->merged, &info->dropped, e);
	if (g == NULL)
		goto out;
	igraph_names(&G, buf, fmt, g);
	vertex_attrs(&G, info->node_attrs, sizeof info->node_attrs);
	if (igraph_labels(&G, path, o->label_attr, fmt == RS_GF_GML, info, e) != 0) {
		rs_graph_free(g);
		g = NULL;
	}
out:
	rs_edges_free(&E);
	igraph_destroy(&G);
	return g;
}
