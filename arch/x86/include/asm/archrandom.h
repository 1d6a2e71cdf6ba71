/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The CPU's random number instructions.  RDSEED returns conditioned
 * entropy straight from the hardware source; RDRAND returns the output of
 * the CPU's own DRBG, reseeded from that source.  Both may fail
 * transiently (CF clear) when drained, so callers retry a few times.
 *
 *   arch_get_random_seed_longs(v, n)   RDSEED; number of longs filled
 *   arch_get_random_longs(v, n)        RDRAND; number of longs filled
 */
#ifndef _ASM_X86_ARCHRANDOM_H
#define _ASM_X86_ARCHRANDOM_H

#include <linux/types.h>
#include <asm/cpufeature.h>

/* Intel's guidance: ten retries make a failing RDRAND astronomically unlikely. */
#define RDRAND_RETRY_LOOPS	10

static inline bool rdrand_long(unsigned long *v)
{
	for (int i = 0; i < RDRAND_RETRY_LOOPS; i++) {
		bool ok;

		__asm__ __volatile__("rdrand %0" : "=r"(*v), "=@ccc"(ok));
		if (ok)
			return true;
	}
	return false;
}

static inline bool rdseed_long(unsigned long *v)
{
	bool ok;

	/* RDSEED runs dry under load by design; one try, the caller falls back. */
	__asm__ __volatile__("rdseed %0" : "=r"(*v), "=@ccc"(ok));
	return ok;
}

static inline size_t arch_get_random_longs(unsigned long *v, size_t max_longs)
{
	size_t i;

	if (!boot_cpu_has(X86_FEATURE_RDRAND))
		return 0;
	for (i = 0; i < max_longs && rdrand_long(&v[i]); i++)
		;
	return i;
}

static inline size_t arch_get_random_seed_longs(unsigned long *v, size_t max_longs)
{
	size_t i;

	if (!boot_cpu_has(X86_FEATURE_RDSEED))
		return 0;
	for (i = 0; i < max_longs && rdseed_long(&v[i]); i++)
		;
	return i;
}

#endif /* _ASM_X86_ARCHRANDOM_H */
