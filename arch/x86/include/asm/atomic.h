/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Atomic integers.  Every read-modify-write is a locked instruction and so
 * also a full memory barrier on x86; atomic_read/atomic_set are plain
 * single accesses with no ordering.
 */
#ifndef _ASM_X86_ATOMIC_H
#define _ASM_X86_ATOMIC_H

#include <linux/types.h>
#include <linux/compiler.h>

#define ATOMIC_INIT(i) { (i) }

static inline int atomic_read(const atomic_t *v) { return READ_ONCE(v->counter); }
static inline void atomic_set(atomic_t *v, int i) { WRITE_ONCE(v->counter, i); }

static inline void atomic_add(int i, atomic_t *v)
{
	__asm__ __volatile__("lock; addl %1, %0" : "+m"(v->counter) : "ir"(i) : "memory");
}

static inline void atomic_sub(int i, atomic_t *v)
{
	__asm__ __volatile__("lock; subl %1, %0" : "+m"(v->counter) : "ir"(i) : "memory");
}

static inline int atomic_fetch_add(int i, atomic_t *v)
{
	__asm__ __volatile__("lock; xaddl %0, %1" : "+r"(i), "+m"(v->counter) :: "memory");
	return i;
}

static inline int atomic_add_return(int i, atomic_t *v) { return atomic_fetch_add(i, v) + i; }
static inline int atomic_sub_return(int i, atomic_t *v) { return atomic_add_return(-i, v); }
static inline void atomic_inc(atomic_t *v) { atomic_add(1, v); }
static inline void atomic_dec(atomic_t *v) { atomic_sub(1, v); }
static inline int atomic_inc_return(atomic_t *v) { return atomic_add_return(1, v); }
static inline int atomic_dec_return(atomic_t *v) { return atomic_add_return(-1, v); }
static inline bool atomic_dec_and_test(atomic_t *v) { return atomic_dec_return(v) == 0; }
static inline bool atomic_inc_and_test(atomic_t *v) { return atomic_inc_return(v) == 0; }

static inline int atomic_cmpxchg(atomic_t *v, int old, int new)
{
	__asm__ __volatile__("lock; cmpxchgl %2, %1"
			     : "+a"(old), "+m"(v->counter) : "r"(new) : "memory");
	return old;
}

static inline bool atomic_try_cmpxchg(atomic_t *v, int *old, int new)
{
	int prev = atomic_cmpxchg(v, *old, new);
	bool ok = prev == *old;

	*old = prev;
	return ok;
}

static inline int atomic_xchg(atomic_t *v, int new)
{
	__asm__ __volatile__("xchgl %0, %1" : "+r"(new), "+m"(v->counter) :: "memory");
	return new;
}

/* Add a to v unless v == u; returns the old value. */
static inline int atomic_fetch_add_unless(atomic_t *v, int a, int u)
{
	int c = atomic_read(v);

	do {
		if (c == u)
			break;
	} while (!atomic_try_cmpxchg(v, &c, c + a));
	return c;
}

static inline bool atomic_inc_not_zero(atomic_t *v) { return atomic_fetch_add_unless(v, 1, 0) != 0; }

static inline long atomic_long_read(const atomic_long_t *v) { return READ_ONCE(v->counter); }
static inline void atomic_long_set(atomic_long_t *v, long i) { WRITE_ONCE(v->counter, i); }

static inline long atomic_long_fetch_add(long i, atomic_long_t *v)
{
	__asm__ __volatile__("lock; xaddq %0, %1" : "+r"(i), "+m"(v->counter) :: "memory");
	return i;
}

static inline void atomic_long_add(long i, atomic_long_t *v) { atomic_long_fetch_add(i, v); }
static inline void atomic_long_sub(long i, atomic_long_t *v) { atomic_long_fetch_add(-i, v); }
static inline long atomic_long_add_return(long i, atomic_long_t *v) { return atomic_long_fetch_add(i, v) + i; }
static inline void atomic_long_inc(atomic_long_t *v) { atomic_long_add(1, v); }
static inline void atomic_long_dec(atomic_long_t *v) { atomic_long_sub(1, v); }
static inline bool atomic_long_dec_and_test(atomic_long_t *v) { return atomic_long_add_return(-1, v) == 0; }

static inline long atomic_long_cmpxchg(atomic_long_t *v, long old, long new)
{
	__asm__ __volatile__("lock; cmpxchgq %2, %1"
			     : "+a"(old), "+m"(v->counter) : "r"(new) : "memory");
	return old;
}

static inline long atomic_long_xchg(atomic_long_t *v, long new)
{
	__asm__ __volatile__("xchgq %0, %1" : "+r"(new), "+m"(v->counter) :: "memory");
	return new;
}

#define atomic64_read atomic_long_read
#define atomic64_set atomic_long_set
#define atomic64_add atomic_long_add
#define atomic64_sub atomic_long_sub
#define atomic64_inc atomic_long_inc
#define atomic64_dec atomic_long_dec
#define atomic64_add_return atomic_long_add_return
#define atomic64_cmpxchg atomic_long_cmpxchg

/* Generic cmpxchg/xchg on any 1/2/4/8-byte lvalue. */
#define cmpxchg(ptr, old, new) __sync_val_compare_and_swap(ptr, old, new)
#define xchg(ptr, v) __atomic_exchange_n(ptr, v, __ATOMIC_SEQ_CST)

#endif /* _ASM_X86_ATOMIC_H */
