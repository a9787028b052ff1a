/* rng.c: xoshiro256** with splitmix64 seeding (public-domain algorithms). */
#include <config.h>

#include "rng.h"

uint64_t rs_mix64(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = rs_mix64(*x);
	*x += 0x9e3779b97f4a7c15ULL;
	return z;
}

void rs_rng_seed(rs_rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rs_rng_next(rs_rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

double rs_rng_uniform(rs_rng *r)
{
	return (double)(rs_rng_next(r) >> 11) * 0x1.0p-53;
}
