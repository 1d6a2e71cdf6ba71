/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory barriers.  x86 is TSO: loads are not reordered with loads, stores
 * not with stores, and only a store followed by a load (to another address)
 * can pass.  So smp_rmb()/smp_wmb() need only stop the compiler, and
 * smp_mb() needs a real fence (a locked instruction is cheaper than mfence).
 * mb()/rmb()/wmb() order against devices (MMIO, DMA) and use real fences.
 */
#ifndef _ASM_X86_BARRIER_H
#define _ASM_X86_BARRIER_H

#include <linux/compiler.h>

#define mb()	__asm__ __volatile__("mfence" ::: "memory")
#define rmb()	__asm__ __volatile__("lfence" ::: "memory")
#define wmb()	__asm__ __volatile__("sfence" ::: "memory")

#define smp_mb()	__asm__ __volatile__("lock; addl $0, -4(%%rsp)" ::: "memory", "cc")
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()

/* Release/acquire are free on TSO beyond the compiler barrier. */
#define smp_store_release(p, v)		\
	do {				\
		barrier();		\
		WRITE_ONCE(*(p), v);	\
	} while (0)
#define smp_load_acquire(p)				\
	({						\
		__typeof__(*(p)) ___v = READ_ONCE(*(p));\
		barrier();				\
		___v;					\
	})

#define smp_mb__before_atomic()	barrier()
#define smp_mb__after_atomic()	barrier()

#endif /* _ASM_X86_BARRIER_H */
