/* rng.h: the one seeded generator (xoshiro256**, seeded by splitmix64), so
 * a script gives the same numbers on every run and every machine. */
#ifndef RS_RNG_H
#define RS_RNG_H

#include <stdint.h>

typedef struct rs_rng {
	uint64_t s[4];
} rs_rng;

void rs_rng_seed(rs_rng *r, uint64_t seed);
uint64_t rs_rng_next(rs_rng *r);
/* Uniform in [0, 1). */
double rs_rng_uniform(rs_rng *r);
/* splitmix64's finalizer: a 64-bit hash of z, for fingerprints. */
uint64_t rs_mix64(uint64_t z);

#endif
