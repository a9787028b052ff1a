/* unit-metrics.c: the scores against scikit-learn 1.2.1 (values computed
 * there on these labelings and pasted here, to 1e-9), modularity and NSD
 * against direct formulas, and K-Means on separated clusters. */
#include <config.h>

#include "graphio.h"
#include "kmeans.h"
#include "lanczos.h"
#include "metrics.h"
#include "rng.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ref {
	const char *name;
	int n;
	int t[64], p[64];
	double v[6]; /* H C V ARI AMI FMI */
};

static const struct ref refs[] = {
	{"random", 60, {4,1,3,3,4,1,0,1,2,2,0,4,0,4,0,3,2,3,4,4,0,0,0,3,0,2,0,1,4,1,3,3,0,3,0,1,0,0,4,4,4,2,1,3,0,4,0,4,3,1,3,3,3,1,3,3,4,3,1,3}, {2,1,1,1,1,1,3,3,2,3,2,2,1,3,3,3,2,3,0,0,1,3,1,1,0,3,2,2,0,0,1,0,3,3,3,0,0,3,0,2,2,2,3,3,3,1,2,3,3,1,0,0,3,1,0,2,2,1,2,1}, {0.092192363337772157, 0.10353363273386319, 0.097534415236147989, 0.011241224583660026, 0.02003983342889697, 0.23607166114997361}},
	{"permuted labels", 40, {0,1,2,1,0,0,1,1,1,2,0,0,2,2,2,0,2,0,2,2,2,0,1,1,2,2,1,1,1,2,0,1,0,0,2,1,1,1,0,0}, {1,2,0,2,1,1,2,2,2,0,1,1,0,0,0,1,0,1,0,0,0,1,2,2,0,0,2,2,2,0,1,2,1,1,0,2,2,2,1,1}, {1.0000000000000002, 1, 1.0000000000000002, 1, 1.0000000000000002, 1}},
	{"one cluster", 30, {1,2,0,1,1,1,2,0,0,1,0,0,1,0,1,2,1,2,2,0,0,1,1,0,1,1,1,0,0,2}, {0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}, {0, 1, 0, 0, 0, 0.58329228098567465}},
	{"all singletons", 25, {1,1,2,0,2,0,2,2,1,1,1,1,1,2,0,0,1,1,2,1,1,2,0,1,2}, {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24}, {1.0000000000000004, 0.32272501757290634, 0.48796993068911743, 0, 2.2407512607892078e-15, 0}},
	{"noisy copy", 50, {2,4,2,3,4,0,1,4,1,4,3,2,4,1,0,2,4,0,0,4,1,0,2,0,3,5,5,0,1,3,2,0,0,4,5,4,3,5,1,5,2,4,0,4,2,2,0,5,3,1}, {5,0,3,1,2,0,1,3,3,4,3,2,4,1,0,2,4,0,0,4,1,0,2,0,3,5,5,0,1,3,2,0,0,4,5,4,3,5,1,5,2,4,0,4,2,2,0,5,3,1}, {0.76365916419225743, 0.75777459951661352, 0.76070550176604523, 0.69136418402652189, 0.70933827349209155, 0.74042106281075437}},
	{"identical, one class", 12, {0,0,0,0,0,0,0,0,0,0,0,0}, {0,0,0,0,0,0,0,0,0,0,0,0}, {1, 1, 1, 1, 1, 1}},
	/* AMI's 0 / 0: MI, H and EMI are all log N (1.05 and 0.81 before,
	 * found against scikit-learn by tests/peer_scores.py) */
	{"identical, each point its own class (14)", 14, {0,1,2,3,4,5,6,7,8,9,10,11,12,13}, {0,1,2,3,4,5,6,7,8,9,10,11,12,13}, {1, 1, 1, 1, 1, 0}},
	{"identical, each point its own class (22)", 22, {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21}, {21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0}, {1, 1, 1, 1, 1, 0}},
};

static void scores(void)
{
	static const char *const names[6] = {"H", "C", "V", "ARI", "AMI", "FMI"};
	for (size_t r = 0; r < sizeof refs / sizeof refs[0]; r++) {
		const struct ref *R = &refs[r];
		int32_t t[64], p[64];
		for (int i = 0; i < R->n; i++) {
			t[i] = R->t[i];
			p[i] = R->p[i];
		}
		rs_scores s;
		rs_err e;
		rs_scores_supervised(t, p, R->n, &s, &e);
		double got[6] = {s.h, s.c, s.v, s.ari, s.ami, s.fmi};
		for (int m = 0; m < 6; m++)
			TAP_NEAR(got[m], R->v[m], 1e-9, "%s: %s equals scikit-learn's", R->name, names[m]);
	}
	/* unlabelled points are left out */
	int32_t t[6] = {0, 0, 1, 1, -1, -1}, p[6] = {1, 1, 0, 0, 0, 1};
	rs_scores s;
	rs_err e;
	rs_scores_supervised(t, p, 6, &s, &e);
	tap_ok(s.n == 4 && fabs(s.ari - 1) < 1e-12, "unlabelled points are not scored");
	/* 200000 classes of one point against 1000 clusters: a dense table
	 * would be 2 * 10^8 cells; MI is H(clusters), which is also EMI */
	enum { BIG = 200000 };
	int32_t *bt = malloc(BIG * sizeof *bt), *bp = malloc(BIG * sizeof *bp);
	for (int i = 0; i < BIG; i++) {
		bt[i] = i;
		bp[i] = i % 1000;
	}
	rs_scores_supervised(bt, bp, BIG, &s, &e);
	tap_ok(fabs(s.h - log(1000.0) / log((double)BIG)) < 1e-9 && fabs(s.c - 1) < 1e-9 && s.ari == 0 &&
		       fabs(s.ami) < 1e-9 && s.fmi == 0,
	       "200000 classes of one point, 1000 clusters: H %.6f, C %.17g, ARI %g, AMI %.2g, FMI %g", s.h, s.c,
	       s.ari, s.ami, s.fmi);
	free(bt);
	free(bp);
	TAP_NEAR(rs_nsd((const int32_t[]){0, 0, 1, 1, 1, 2, 2, 2, 2, 2}, 10), 0.73542486889354097, 1e-12, "NSD of sizes 2, 3, 5");
	tap_ok(isnan(rs_nsd((const int32_t[]){3, 3, 3}, 3)), "NSD is undefined for one cluster");
}

static void modularity(void)
{
	const char *data = getenv("RS_DATA");
	char path[512];
	snprintf(path, sizeof path, "%s/karate/karate.edges", data ? data : "../shared/data");
	if (access(path, R_OK) != 0) {
		tap_ok(1, "# SKIP no shared data");
		return;
	}
	rs_load_opts o = {RS_GF_AUTO, 0, 0, RS_MERGE_MAX, -1, -1, 0, 0, NULL, RS_IDS_AUTO, NULL, NULL};
	rs_load_info info;
	rs_err e;
	rs_graph *g = rs_graph_load(path, &o, &info, &e);
	snprintf(path, sizeof path, "%s/karate/karate.labels", data ? data : "../shared/data");
	rs_labels *L = rs_labels_read(path, g, &e);
	TAP_NEAR(rs_modularity(g, L->y, g->n), 0.38668690616742601, 1e-12, "modularity of the karate club's two factions");
	rs_labels_free(L);
	rs_graph_free(g);
}

/* a progress callback that sets *flag at the given restart's iteration */
struct stop_at {
	rs_cancel *flag;
	int restart, iteration, calls;
};

static void stop_at_iteration(void *ctx, int restart, int iteration)
{
	struct stop_at *at = ctx;
	at->calls++;
	if (restart == at->restart && iteration == at->iteration)
		*at->flag = 1;
}

static void kmeans(void)
{
	/* three separated clouds in 2D */
	enum { N = 300 };
	double X[2 * N];
	int32_t truth[N];
	rs_rng r;
	rs_rng_seed(&r, 5);
	for (int i = 0; i < N; i++) {
		int c = i % 3;
		truth[i] = c;
		X[2 * i] = 10.0 * c + rs_rng_uniform(&r);
		X[2 * i + 1] = -7.0 * c + rs_rng_uniform(&r);
	}
	rs_kmeans_opts o = {3, 5, 300, 1e-9, 11, NULL, NULL, NULL};
	rs_kmeans_out a, b;
	rs_err e;
	tap_ok(rs_kmeans(X, N, 2, &o, &a, &e) == 0, "K-Means runs");
	rs_scores s;
	rs_scores_supervised(truth, a.label, N, &s, &e);
	tap_ok(fabs(s.ari - 1) < 1e-12, "K-Means finds three separated clouds (ARI %.3f)", s.ari);
	rs_kmeans(X, N, 2, &o, &b, &e);
	tap_ok(memcmp(a.label, b.label, sizeof(int32_t) * N) == 0 && a.inertia == b.inertia,
	       "the same seed gives the same clustering");
	rs_kmeans_out_free(&b);
	o.K = 301;
	tap_ok(rs_kmeans(X, N, 2, &o, &b, &e) != 0, "K > n is an error: %s", e.msg);
	o.K = 6; /* more clusters than clouds: none may stay empty */
	rs_kmeans(X, N, 2, &o, &b, &e);
	int seen[6] = {0};
	for (int i = 0; i < N; i++)
		seen[b.label[i]] = 1;
	tap_ok(seen[0] && seen[1] && seen[2] && seen[3] && seen[4] && seen[5], "no empty cluster");
	rs_kmeans_out_free(&a);
	rs_kmeans_out_free(&b);
	/* a block model's embedding: each block's rows alike to the last bits;
	 * what the distances' rounding leaves is 0, whatever the BLAS kernel */
	for (int i = 0; i < N; i++) {
		double base = (i % 3 + 1) / 3.0;
		X[2 * i] = i % 2 ? nextafter(base, 2) : base;
		X[2 * i + 1] = -base / 7;
	}
	o.K = 3;
	rs_kmeans(X, N, 2, &o, &a, &e);
	tap_ok(a.inertia == 0, "three points, each 100 times to one ulp: inertia %g, shown as 0", a.inertia);
	rs_kmeans_out_free(&a);
	/* coordinates whose squares overflow, as isolated nodes' at a relative
	 * alpha of 1e-320 (the inertia's noise came out inf, no restart was
	 * kept, and the labels were never written: the fuzzer's crash), and
	 * whose squares underflow */
	static const double at[6] = {1.0, 1.1, 3.0, 3.1, 5.0, 5.2};
	for (int scale = 0; scale < 2; scale++) {
		double P[6];
		for (int i = 0; i < 6; i++)
			P[i] = at[i] * (scale ? 1e-170 : 1e160);
		rs_kmeans_opts o3 = {3, 4, 100, 1e-9, 7, NULL, NULL, NULL};
		int rc = rs_kmeans(P, 6, 1, &o3, &a, &e);
		tap_ok(rc == 0 && a.label[0] == a.label[1] && a.label[2] == a.label[3] && a.label[4] == a.label[5] &&
			       a.label[0] != a.label[2] && a.label[2] != a.label[4] && a.label[0] != a.label[4] &&
			       (scale ? a.inertia == 0 /* 6e-342: below a double */ : isinf(a.inertia)),
		       "points near %s: the three pairs found (inertia %g; labels %d %d %d %d %d %d)", scale ? "1e-170" : "1e160",
		       a.inertia, a.label[0], a.label[1], a.label[2], a.label[3], a.label[4], a.label[5]);
		if (rc == 0)
			rs_kmeans_out_free(&a);
	}
	/* cancelled before a restart ends: an error, not labels never written
	 * (which 'experiment' would have scored) */
	rs_cancel stop = 1;
	rs_kmeans_opts oc = {2, 3, 100, 1e-6, 1, &stop, NULL, NULL};
	tap_ok(rs_kmeans(X, N, 2, &oc, &a, &e) != 0 && strstr(e.msg, "interrupted") && a.label == NULL,
	       "K-Means cancelled before its first restart ends: 'interrupted' (%s)", e.msg);
	/* cancelled within a restart (its second iteration): that restart
	 * does not count; within the second restart, the first one's stand */
	struct stop_at when = {&stop, 0, 2, 0};
	stop = 0;
	rs_kmeans_opts op = {2, 3, 100, 1e-12, 1, &stop, stop_at_iteration, &when};
	int rc = rs_kmeans(X, N, 2, &op, &a, &e);
	tap_ok(rc != 0 && strstr(e.msg, "interrupted") && a.label == NULL && when.calls == 3,
	       "K-Means cancelled in its first restart's second iteration: 'interrupted' (%s), progress told "
	       "of seeding and 2 iterations (%d calls)",
	       rc ? e.msg : "no error", when.calls);
	when = (struct stop_at){&stop, 1, 1, 0};
	stop = 0;
	rc = rs_kmeans(X, N, 2, &op, &a, &e);
	tap_ok(rc == 0 && a.restarts_run == 1 && a.label != NULL,
	       "... cancelled in the second restart: the first restart's clusters (%d restart run)",
	       a.restarts_run);
	rs_kmeans_out_free(&a);
	double bad[4] = {0, 1, NAN, 2};
	o.K = 2;
	tap_ok(rs_kmeans(bad, 4, 1, &o, &a, &e) != 0 && strstr(e.msg, "point 3 has the coordinate nan"),
	       "a NaN coordinate: an error that names the point (%s)", e.msg);
}

int main(void)
{
	rs_blas_single_thread();
	scores();
	modularity();
	kmeans();
	return tap_done();
}
