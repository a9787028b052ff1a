/* varpick.c: the variable a graph or labels come from (varpick.h). */
#include <config.h>

#include "varpick.h"

#include "graphio.h"

#include <stdio.h>
#include <string.h>

int rs_var_same_name(const char *name, const char *wanted)
{
	while (*name && (*name == *wanted || (*name == '.' && *wanted == '/')))
		name++, wanted++;
	return *name == '\0' && *wanted == '\0';
}

long rs_var_pick(const rs_varinfo *v, long n, const char *member, int vectors, const rs_varfile *f,
		 const char **why, rs_err *e)
{
	char list[400] = "";
	for (long i = 0; i < n; i++) {
		char item[200];
		snprintf(item, sizeof item, "%.80s (%s)", v[i].name, v[i].what);
		rs_list_append(list, sizeof list, ", ", item);
	}
	const char *a = strchr("AEIOU", f->kind[0]) ? "an" : "a";
	*why = "variable";
	if (member != NULL) {
		for (long i = 0; i < n; i++)
			if (rs_var_same_name(v[i].name, member))
				return i;
		rs_fail(e, RS_EINVAL, "%s: no variable '%s' in the %s (%s%s)", f->path, member, f->kind,
			n ? "its variables: " : "it holds none", list);
		return -1;
	}
	long any = -1, sparse = -1, square = -1, nc = 0, ns = 0, nq = 0;
	for (long i = 0; i < n; i++) {
		if (!v[i].candidate)
			continue;
		any = i, nc++;
		if (v[i].sparse)
			sparse = i, ns++;
		if (v[i].square)
			square = i, nq++;
	}
	if (nc == 1 || (!vectors && (ns == 1 || nq == 1))) {
		*why = nc == 1 ? "its one matrix" : ns == 1 ? "its one sparse matrix" : "its one square matrix";
		return nc == 1 ? any : ns == 1 ? sparse : square;
	}
	if (nc == 0)
		rs_fail(e, RS_EINVAL, "%s: %s %s without %s (%s%s)%s", f->path, a, f->kind,
			vectors ? f->vectors_are : "a matrix of numbers", n ? "its variables: " : "nothing in it", list,
			f->hint);
	else
		rs_fail(e, RS_EINVAL, "%s: %s %s of %ld %s: '%s %s/NAME' picks one (its variables: %s)", f->path, a,
			f->kind, nc, vectors ? "vectors" : "matrices", vectors ? "labels" : "load", f->path, list);
	return -1;
}
