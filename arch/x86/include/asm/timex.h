/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * random_get_entropy(): a fast, fine-grained counter whose low bits are
 * hard to predict, for the random driver to mix in (drivers/char/random.c)
 * as timing jitter.  It is not a clock: callers must not compute time
 * from it or rely on it being monotonic across CPUs.
 *
 * x86: the TSC (rdtsc, unordered - the value only has to be noisy).
 * Any context, no locking.
 */
#ifndef _ASM_X86_TIMEX_H
#define _ASM_X86_TIMEX_H

#include <asm/processor.h>

static inline unsigned long random_get_entropy(void)
{
	return rdtsc();
}

#endif /* _ASM_X86_TIMEX_H */
