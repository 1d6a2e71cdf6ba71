/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Atomic bit operations on unsigned long bitmaps (locked bts/btr/btc).
 * The non-atomic __set_bit() family is in <linux/bitops.h>.  test_and_*
 * and the plain set/clear are full barriers on x86.
 */
#ifndef _ASM_X86_BITOPS_H
#define _ASM_X86_BITOPS_H

static inline void set_bit(long nr, volatile unsigned long *addr)
{
	__asm__ __volatile__("lock; btsq %1, %0" : "+m"(*(volatile long *)addr) : "Ir"(nr) : "memory");
}

static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__asm__ __volatile__("lock; btrq %1, %0" : "+m"(*(volatile long *)addr) : "Ir"(nr) : "memory");
}

static inline void change_bit(long nr, volatile unsigned long *addr)
{
	__asm__ __volatile__("lock; btcq %1, %0" : "+m"(*(volatile long *)addr) : "Ir"(nr) : "memory");
}

static inline int test_and_set_bit(long nr, volatile unsigned long *addr)
{
	unsigned char old;

	__asm__ __volatile__("lock; btsq %2, %1; setc %0"
			     : "=qm"(old), "+m"(*(volatile long *)addr) : "Ir"(nr) : "memory");
	return old;
}

static inline int test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	unsigned char old;

	__asm__ __volatile__("lock; btrq %2, %1; setc %0"
			     : "=qm"(old), "+m"(*(volatile long *)addr) : "Ir"(nr) : "memory");
	return old;
}

/* Release semantics for bit locks: a plain barrier suffices on TSO. */
static inline void clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	__asm__ __volatile__("" ::: "memory");
	clear_bit(nr, addr);
}

static inline int test_and_set_bit_lock(long nr, volatile unsigned long *addr)
{
	return test_and_set_bit(nr, addr);
}

#endif /* _ASM_X86_BITOPS_H */
