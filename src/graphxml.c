/* graphxml.c: writing a graph as GraphML or GML, the formats Gephi,
 * Cytoscape, igraph and networkx open, as node-link JSON (networkx's
 * node_link_graph, d3) and as GraphViz's DOT, with node names and classes
 * (ground truth, clusters) as node attributes; and as Pajek, with names. */
#include <config.h>

#include "graphxml.h"
#include "unpack.h"

#include "numparse.h"
#include "utf8.h"

#include <string.h>
#include <strings.h>

int rs_markup_kind(const char *path)
{
	size_t l = strlen(path);
	l -= rs_compressed_suffix(path, l);
	if (l > 8 && !strncasecmp(path + l - 8, ".graphml", 8))
		return RS_MARKUP_GRAPHML;
	if (l > 4 && !strncasecmp(path + l - 4, ".gml", 4))
		return RS_MARKUP_GML;
	if ((l > 4 && !strncasecmp(path + l - 4, ".net", 4)) || (l > 6 && !strncasecmp(path + l - 6, ".pajek", 6)))
		return RS_MARKUP_PAJEK;
	if (l > 5 && !strncasecmp(path + l - 5, ".json", 5))
		return RS_MARKUP_JSON;
	if ((l > 4 && !strncasecmp(path + l - 4, ".dot", 4)) || (l > 3 && !strncasecmp(path + l - 3, ".gv", 3)))
		return RS_MARKUP_DOT;
	if (l > 5 && !strncasecmp(path + l - 5, ".gexf", 5))
		return RS_MARKUP_GEXF;
	return 0;
}

/* s as text of the markup: the characters it reserves as entities, a
 * control character as '?', a byte that is not UTF-8 as U+FFFD (a node
 * name from any file must leave the document well formed); GML, which is
 * ASCII, writes every other character as an entity '&#N;'; Pajek, which
 * has no escapes, a double quote as a single one (xml < 0). */
static void text(FILE *f, const char *s, int xml)
{
	if (xml < 0) {
		for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
			size_t n = rs_utf8_seq(p, NULL);
			if (n == 0)
				fputs("\xef\xbf\xbd", f);
			else if (n > 1)
				fwrite(p, 1, n, f), p += n - 1;
			else
				fputc(*p == '"' ? '\'' : *p < 0x20 || *p == 0x7F ? '?' : *p, f);
		}
		return;
	}
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x80) {
			unsigned long c = 0xFFFD;
			size_t n = rs_utf8_seq(p, &c);
			if (n > 0)
				p += n - 1;
			if (!xml)
				fprintf(f, "&#%lu;", c);
			else if (n == 0)
				fputs("\xef\xbf\xbd", f);
			else
				fwrite(p - (n - 1), 1, n, f);
		} else if (*p == '&') {
			fputs("&amp;", f);
		} else if (*p == '"') {
			fputs("&quot;", f);
		} else if (xml && *p == '<') {
			fputs("&lt;", f);
		} else if (xml && *p == '>') {
			fputs("&gt;", f);
		} else if (*p < 0x20 || *p == 0x7F) {
			fputc('?', f);
		} else {
			fputc(*p, f);
		}
	}
}

/* Node i's value of attribute a: 1 when it has one (its class name in
 * *name, or NULL for a number in *v). */
static int attr_value(const rs_node_attr *a, long i, const char **name, long *v)
{
	if (i >= a->count || a->v[i] < 0)
		return 0;
	*v = a->v[i];
	*name = a->class_names && a->v[i] < a->nclass ? a->class_names[a->v[i]] : NULL;
	return 1;
}

/* Node i's attributes as ' key value' pairs (a class name quoted, written
 * by text() in mode xml), GML's and Pajek's way; lead goes before the
 * first pair written (Pajek's coordinates and shape). */
static void attr_pairs(FILE *f, const rs_node_attr *a, int na, long i, int xml, const char *lead)
{
	for (int k = 0; k < na; k++) {
		const char *name;
		long v;
		if (!attr_value(&a[k], i, &name, &v))
			continue;
		fprintf(f, "%s %s ", lead, a[k].name);
		lead = "";
		if (name) {
			fputc('"', f);
			text(f, name, xml);
			fputc('"', f);
		} else {
			fprintf(f, "%ld", v);
		}
	}
}

/* The attribute names and node names as written: 'class', 'cluster'; a
 * name of a node ('label' in both formats). */
static const char *node_name(const rs_graph *g, long i, char *buf, size_t size)
{
	const char *nm = i < g->n ? (g->names ? g->names[i] : NULL) : (g->cnames ? g->cnames[i - g->n] : NULL);
	if (nm != NULL)
		return nm;
	/* no name (or none for this node): its number */
	snprintf(buf, size, "%ld", i < g->n ? i : i - g->n);
	return buf;
}

static void write_graphml(const rs_graph *g, FILE *f, const rs_node_attr *a, int na)
{
	long N = g->n + (g->bipartite ? g->m : 0);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- written by regspec -->\n"
	      "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
	      "  <key id=\"label\" for=\"node\" attr.name=\"label\" attr.type=\"string\"/>\n",
	      f);
	if (g->bipartite)
		fputs("  <key id=\"bipartite\" for=\"node\" attr.name=\"bipartite\" attr.type=\"int\"/>\n", f);
	for (int k = 0; k < na; k++) {
		fprintf(f, "  <key id=\"a%d\" for=\"node\" attr.name=\"", k);
		text(f, a[k].name, 1);
		fprintf(f, "\" attr.type=\"%s\"/>\n", a[k].class_names ? "string" : "int");
	}
	if (g->val)
		fputs("  <key id=\"weight\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"/>\n", f);
	fputs("  <graph id=\"G\" edgedefault=\"undirected\">\n", f);
	for (long i = 0; i < N; i++) {
		char b[32];
		fprintf(f, "    <node id=\"%c%ld\"><data key=\"label\">", i < g->n ? 'n' : 'c', i < g->n ? i : i - g->n);
		text(f, node_name(g, i, b, sizeof b), 1);
		fputs("</data>", f);
		if (g->bipartite)
			fprintf(f, "<data key=\"bipartite\">%d</data>", i >= g->n);
		for (int k = 0; k < na; k++) {
			const char *name;
			long v;
			if (!attr_value(&a[k], i, &name, &v))
				continue;
			fprintf(f, "<data key=\"a%d\">", k);
			if (name)
				text(f, name, 1);
			else
				fprintf(f, "%ld", v);
			fputs("</data>", f);
		}
		fputs("</node>\n", f);
	}
	for (long i = 0; i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p];
			if (!g->bipartite && j > i)
				continue; /* each edge once */
			fprintf(f, "    <edge source=\"n%ld\" target=\"%c%ld\"", i, g->bipartite ? 'c' : 'n', j);
			if (g->val) {
				char wb[32];
				fprintf(f, "><data key=\"weight\">%s</data></edge>\n",
					rs_format_exact(wb, sizeof wb, g->val[p]));
			} else {
				fputs("/>\n", f);
			}
		}
	fputs("  </graph>\n</graphml>\n", f);
}

/* Node-link JSON, as networkx's node_link_data writes it: each node's
 * "id" its number (names may repeat), its "name" where it has one. */
static void write_json(const rs_graph *g, FILE *f, const rs_node_attr *a, int na)
{
	long N = g->n + (g->bipartite ? g->m : 0);
	fputs("{\"directed\": false, \"multigraph\": false, \"graph\": {\"creator\": \"regspec\"},\n\"nodes\": [", f);
	for (long i = 0; i < N; i++) {
		fprintf(f, "%s\n  {\"id\": %ld", i ? "," : "", i);
		const char *name = rs_graph_node_name(g, i);
		if (name) {
			fputs(", \"name\": ", f);
			rs_json_string(f, name);
		}
		if (g->bipartite)
			fprintf(f, ", \"bipartite\": %d", i >= g->n);
		for (int k = 0; k < na; k++) {
			const char *cname;
			long v;
			if (!attr_value(&a[k], i, &cname, &v))
				continue;
			fputs(", ", f);
			rs_json_string(f, a[k].name);
			fputs(": ", f);
			if (cname)
				rs_json_string(f, cname);
			else
				fprintf(f, "%ld", v);
		}
		fputc('}', f);
	}
	fputs("\n],\n\"links\": [", f);
	int first = 1;
	for (long i = 0; i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p];
			if (!g->bipartite && j > i)
				continue; /* each edge once */
			fprintf(f, "%s\n  {\"source\": %ld, \"target\": %ld", first ? "" : ",", i,
				j + (g->bipartite ? g->n : 0));
			if (g->val) {
				char wb[32];
				fprintf(f, ", \"weight\": %s", rs_format_exact(wb, sizeof wb, g->val[p]));
			}
			fputc('}', f);
			first = 0;
		}
	fputs("\n]}\n", f);
}

/* A weight as GML writes a real: with its point ("1.0e-07", which
 * networkx's reader takes for a real, where it reads "1e-07" as the
 * integer 1 and a key), as short as it reads back exactly; whole numbers
 * as integers. */
static const char *gml_number(char *buf, size_t len, double x)
{
	rs_format_exact(buf, len, x);
	char *ex = strpbrk(buf, "eE");
	if (ex != NULL && memchr(buf, '.', (size_t)(ex - buf)) == NULL && strlen(buf) + 3 <= len) {
		memmove(ex + 2, ex, strlen(ex) + 1);
		ex[0] = '.';
		ex[1] = '0';
	}
	return buf;
}

static void write_gml(const rs_graph *g, FILE *f, const rs_node_attr *a, int na)
{
	long N = g->n + (g->bipartite ? g->m : 0);
	fputs("Creator \"regspec\"\ngraph [\n  directed 0\n", f);
	for (long i = 0; i < N; i++) {
		char b[32];
		fprintf(f, "  node [ id %ld label \"", i);
		text(f, node_name(g, i, b, sizeof b), 0);
		fputc('"', f);
		if (g->bipartite)
			fprintf(f, " bipartite %d", i >= g->n);
		attr_pairs(f, a, na, i, 0, "");
		fputs(" ]\n", f);
	}
	for (long i = 0; i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p] + (g->bipartite ? g->n : 0);
			if (!g->bipartite && j > i)
				continue;
			fprintf(f, "  edge [ source %ld target %ld", i, j);
			if (g->val) {
				char wb[40];
				fprintf(f, " weight %s", gml_number(wb, sizeof wb, g->val[p]));
			}
			fputs(" ]\n", f);
		}
	fputs("]\n", f);
}

/* Pajek: the nodes numbered from 1 with their names (a two-mode network's
 * rows first, '*Vertices N ROWS'), then the edges.  Attributes go after
 * the name as 'key value' pairs, behind the coordinates and shape that
 * must come first, as networkx's write_pajek puts them ('0 0 ellipse'). */
static void write_pajek(const rs_graph *g, FILE *f, const rs_node_attr *a, int na)
{
	long N = g->n + (g->bipartite ? g->m : 0);
	fputs("% written by regspec\n", f);
	if (g->bipartite)
		fprintf(f, "*Vertices %ld %ld\n", N, g->n);
	else
		fprintf(f, "*Vertices %ld\n", N);
	for (long i = 0; i < N; i++) {
		char b[32];
		fprintf(f, "%ld \"", i + 1);
		text(f, node_name(g, i, b, sizeof b), -1);
		fputc('"', f);
		attr_pairs(f, a, na, i, -1, " 0 0 ellipse");
		fputc('\n', f);
	}
	fputs("*Edges\n", f);
	for (long i = 0; i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p] + (g->bipartite ? g->n : 0);
			if (!g->bipartite && j > i)
				continue;
			char wb[32];
			if (g->val)
				fprintf(f, "%ld %ld %s\n", i + 1, j + 1, rs_format_exact(wb, sizeof wb, g->val[p]));
			else
				fprintf(f, "%ld %ld\n", i + 1, j + 1);
		}
}

/* s as a DOT quoted string: a quote escaped, a backslash that would
 * escape the closing quote doubled, a control character as '?', a byte
 * that is not UTF-8 as U+FFFD. */
static void dot_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		size_t n = rs_utf8_seq(p, NULL);
		if (n == 0)
			fputs("\xef\xbf\xbd", f);
		else if (n > 1)
			fwrite(p, 1, n, f), p += n - 1;
		else if (*p == '"')
			fputs("\\\"", f);
		else if (*p == '\\' && p[1] == '\0')
			fputs("\\\\", f);
		else
			fputc(*p < 0x20 || *p == 0x7F ? '?' : *p, f);
	}
	fputc('"', f);
}

/* GraphViz's DOT: nodes numbered from 0, each with its name as 'label'
 * (where the graph has names), 'bipartite' for a bipartite graph's sides
 * and the attributes, filled with a colour of ColorBrewer's set312 by the
 * last attribute (the clusters where there are, else the classes); an edge
 * '--' a line with its 'weight', which neato and fdp read as a strength
 * (dot asks for integers). */
static void write_dot(const rs_graph *g, FILE *f, const rs_node_attr *a, int na)
{
	long N = g->n + (g->bipartite ? g->m : 0);
	fputs("// written by regspec\ngraph regspec {\n  graph [overlap=false]; // neato, fdp: nodes moved apart\n", f);
	if (na > 0)
		fprintf(f, "  node [colorscheme=set312, style=filled]; // fillcolor: the %s, 1 to 12 over again\n",
			a[na - 1].name);
	for (long i = 0; i < N; i++) {
		const char *name = rs_graph_node_name(g, i), *sep = " [";
		fprintf(f, "  %ld", i);
		if (name) {
			fputs(" [label=", f);
			dot_string(f, name);
			sep = ", ";
		}
		if (g->bipartite) {
			fprintf(f, "%sbipartite=%d", sep, i >= g->n);
			sep = ", ";
		}
		for (int k = 0; k < na; k++) {
			const char *cname;
			long v;
			if (!attr_value(&a[k], i, &cname, &v))
				continue;
			fprintf(f, "%s%s=", sep, a[k].name);
			sep = ", ";
			if (cname)
				dot_string(f, cname);
			else
				fprintf(f, "%ld", v);
			if (k == na - 1)
				fprintf(f, ", fillcolor=%ld", v % 12 + 1);
		}
		fputs(sep[0] == ',' ? "];\n" : ";\n", f);
	}
	for (long i = 0; i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p] + (g->bipartite ? g->n : 0);
			if (!g->bipartite && j > i)
				continue;
			char wb[32];
			const char *w = g->val ? rs_format_exact(wb, sizeof wb, g->val[p]) : NULL;
			if (w) /* an exponent is no DOT numeral: quoted */
				fprintf(f, strpbrk(w, "eE") ? "  %ld -- %ld [weight=\"%s\"];\n" : "  %ld -- %ld [weight=%s];\n", i,
					j, w);
			else
				fprintf(f, "  %ld -- %ld;\n", i, j);
		}
	fputs("}\n", f);
}

/* GEXF 1.2, Gephi's own format (networkx's read_gexf reads it too): each
 * node's name as its label, 'bipartite' and the attributes as declared
 * node attributes, and a viz:color of ColorBrewer's Set3 by the last
 * attribute (the clusters where there are, else the classes), as the DOT
 * file fills its nodes, so that Gephi opens it coloured. */
static void write_gexf(const rs_graph *g, FILE *f, const rs_node_attr *a, int na)
{
	static const unsigned char set3[12][3] = {{141, 211, 199}, {255, 255, 179}, {190, 186, 218}, {251, 128, 114},
						  {128, 177, 211}, {253, 180, 98},  {179, 222, 105}, {252, 205, 229},
						  {217, 217, 217}, {188, 128, 189}, {204, 235, 197}, {255, 237, 111}};
	long N = g->n + (g->bipartite ? g->m : 0);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- written by regspec -->\n"
	      "<gexf xmlns=\"http://www.gexf.net/1.2draft\" xmlns:viz=\"http://www.gexf.net/1.2draft/viz\" "
	      "version=\"1.2\">\n  <meta><creator>regspec</creator></meta>\n"
	      "  <graph defaultedgetype=\"undirected\" mode=\"static\">\n",
	      f);
	if (na > 0 || g->bipartite) {
		fputs("    <attributes class=\"node\">\n", f);
		for (int k = 0; k < na; k++) {
			fprintf(f, "      <attribute id=\"%d\" title=\"", k);
			text(f, a[k].name, 1);
			fprintf(f, "\" type=\"%s\"/>\n", a[k].class_names ? "string" : "integer");
		}
		if (g->bipartite)
			fprintf(f, "      <attribute id=\"%d\" title=\"bipartite\" type=\"integer\"/>\n", na);
		fputs("    </attributes>\n", f);
	}
	fputs("    <nodes>\n", f);
	for (long i = 0; i < N; i++) {
		char b[32];
		fprintf(f, "      <node id=\"%ld\" label=\"", i);
		text(f, node_name(g, i, b, sizeof b), 1);
		fputs("\">", f);
		long colour = -1;
		int open = 0;
		for (int k = 0; k < na; k++) {
			const char *name;
			long v;
			if (!attr_value(&a[k], i, &name, &v))
				continue;
			fprintf(f, "%s<attvalue for=\"%d\" value=\"", open++ ? "" : "<attvalues>", k);
			if (name)
				text(f, name, 1);
			else
				fprintf(f, "%ld", v);
			fputs("\"/>", f);
			if (k == na - 1)
				colour = v % 12;
		}
		if (g->bipartite)
			fprintf(f, "%s<attvalue for=\"%d\" value=\"%d\"/>", open++ ? "" : "<attvalues>", na, i >= g->n);
		if (open)
			fputs("</attvalues>", f);
		if (colour >= 0)
			fprintf(f, "<viz:color r=\"%d\" g=\"%d\" b=\"%d\"/>", set3[colour][0], set3[colour][1],
				set3[colour][2]);
		fputs("</node>\n", f);
	}
	fputs("    </nodes>\n    <edges>\n", f);
	long id = 0;
	for (long i = 0; i < g->n; i++)
		for (long p = g->ptr[i]; p < g->ptr[i + 1]; p++) {
			long j = g->idx[p] + (g->bipartite ? g->n : 0);
			if (!g->bipartite && j > i)
				continue; /* each edge once */
			fprintf(f, "      <edge id=\"%ld\" source=\"%ld\" target=\"%ld\"", id++, i, j);
			if (g->val) {
				char wb[32];
				fprintf(f, " weight=\"%s\"", rs_format_exact(wb, sizeof wb, g->val[p]));
			}
			fputs("/>\n", f);
		}
	fputs("    </edges>\n  </graph>\n</gexf>\n", f);
}

void rs_graph_write_markup(const rs_graph *g, FILE *f, int kind, const rs_node_attr *a, int na)
{
	if (kind == RS_MARKUP_GRAPHML)
		write_graphml(g, f, a, na);
	else if (kind == RS_MARKUP_GML)
		write_gml(g, f, a, na);
	else if (kind == RS_MARKUP_JSON)
		write_json(g, f, a, na);
	else if (kind == RS_MARKUP_DOT)
		write_dot(g, f, a, na);
	else if (kind == RS_MARKUP_GEXF)
		write_gexf(g, f, a, na);
	else
		write_pajek(g, f, a, na);
}
