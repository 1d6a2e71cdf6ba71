/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86 ticket lock: the architecture half of spinlock_t (<linux/spinlock.h>
 * builds the spin_lock() API, irq variants and debug checks on top).
 *
 * arch_spinlock_t is a pair of 16-bit counters in one 32-bit word: head,
 * the ticket being served, and tail, the next ticket to hand out.
 * arch_spin_lock() draws a ticket with a single locked xadd on the word
 * (adding 1 to tail) and waits for head to reach it, so CPUs get the lock
 * in the order they asked for it.  arch_spin_unlock() advances head with
 * a plain 16-bit store: only the owner ever writes head, and x86 keeps
 * stores in program order, so the critical section's stores are visible
 * before the next owner sees its ticket come up.
 *
 * Interface:
 *   __ARCH_SPIN_LOCK_UNLOCKED      static initialiser
 *   arch_spin_lock(l)              wait for and take the lock
 *   arch_spin_trylock(l)           take it only if free; true on success
 *   arch_spin_unlock(l)            release; caller must own it
 *   arch_spin_is_locked(l)         someone holds it (a snapshot)
 * None of them touches interrupts or preemption; that is generic code's
 * business.
 */
#ifndef _ASM_X86_SPINLOCK_H
#define _ASM_X86_SPINLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/processor.h>

/* One ticket, as an increment of the whole word: tail is the high half. */
#define __TICKET_TAIL_ONE	(1u << 16)

typedef struct {
	union {
		u32 val;
		struct {
			u16 head;	/* ticket being served; owner writes it */
			u16 tail;	/* next ticket; bumped by locked xadd */
		};
	};
} arch_spinlock_t;

#define __ARCH_SPIN_LOCK_UNLOCKED	{ { .val = 0 } }

static inline void arch_spin_lock(arch_spinlock_t *lock)
{
	u32 ticket = __TICKET_TAIL_ONE;

	/* ticket receives the old word; its tail half is our number. */
	__asm__ __volatile__("lock; xaddl %0, %1" : "+r"(ticket), "+m"(lock->val) :: "memory");
	ticket >>= 16;
	while (READ_ONCE(lock->head) != (u16)ticket)
		cpu_relax();
	barrier();
}

static inline bool arch_spin_trylock(arch_spinlock_t *lock)
{
	u32 old = READ_ONCE(lock->val);

	/* Free only when nobody holds or waits: head == tail. */
	if ((old & 0xffff) != (old >> 16))
		return false;
	return __sync_val_compare_and_swap(&lock->val, old, old + __TICKET_TAIL_ONE) == old;
}

static inline void arch_spin_unlock(arch_spinlock_t *lock)
{
	barrier();
	WRITE_ONCE(lock->head, (u16)(lock->head + 1));
}

static inline bool arch_spin_is_locked(arch_spinlock_t *lock)
{
	u32 v = READ_ONCE(lock->val);

	return (v & 0xffff) != (v >> 16);
}

#endif /* _ASM_X86_SPINLOCK_H */
