/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ticket spinlocks.
 *
 * A lock is two 16-bit counters: tail (next ticket to hand out) and head
 * (ticket now served).  spin_lock() takes a ticket with one locked xadd on
 * tail and spins until head reaches it, so waiters get the lock in FIFO
 * order - no starvation of a CPU that keeps losing a test-and-set race.
 * spin_unlock() increments head with a plain store (only the owner writes
 * head; x86 stores are release-ordered).
 *
 * Rules: never sleep holding a spinlock; a lock also taken from interrupt
 * handlers must be taken with spin_lock_irqsave() everywhere else.  The
 * kernel is not preemptive, so spin_lock() does not touch preemption.
 * With CONFIG_DEBUG_KERNEL the lock records its owner CPU and
 * spin_unlock() by a non-owner WARNs.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/irqflags.h>
#include <asm/processor.h>

typedef struct spinlock {
	union {
		u32 val;
		struct {
			u16 head;	/* ticket being served; written by the owner only */
			u16 tail;	/* next ticket to hand out; locked xadd */
		};
	};
#ifdef CONFIG_DEBUG_KERNEL
	int owner_cpu;		/* -1 when unlocked */
#endif
} spinlock_t;

#ifdef CONFIG_DEBUG_KERNEL
#define __SPIN_LOCK_UNLOCKED(name) { { .val = 0 }, .owner_cpu = -1 }
#else
#define __SPIN_LOCK_UNLOCKED(name) { { .val = 0 } }
#endif
#define DEFINE_SPINLOCK(name) spinlock_t name = __SPIN_LOCK_UNLOCKED(name)

void spin_lock_debug_acquired(spinlock_t *lock);
void spin_lock_debug_release(spinlock_t *lock);

static inline void spin_lock_init(spinlock_t *lock)
{
	*lock = (spinlock_t)__SPIN_LOCK_UNLOCKED(lock);
}

static inline void spin_lock(spinlock_t *lock)
{
	u32 ticket = 1u << 16;

	__asm__ __volatile__("lock; xaddl %0, %1" : "+r"(ticket), "+m"(lock->val) :: "memory");
	ticket >>= 16;
	while (READ_ONCE(lock->head) != (u16)ticket)
		cpu_relax();
	barrier();
#ifdef CONFIG_DEBUG_KERNEL
	spin_lock_debug_acquired(lock);
#endif
}

static inline bool spin_trylock(spinlock_t *lock)
{
	u32 old = READ_ONCE(lock->val);
	u32 head = old & 0xffff, tail = old >> 16;

	if (head != tail)
		return false;
	if (__sync_val_compare_and_swap(&lock->val, old, old + (1u << 16)) != old)
		return false;
#ifdef CONFIG_DEBUG_KERNEL
	spin_lock_debug_acquired(lock);
#endif
	return true;
}

static inline void spin_unlock(spinlock_t *lock)
{
#ifdef CONFIG_DEBUG_KERNEL
	spin_lock_debug_release(lock);
#endif
	barrier();
	WRITE_ONCE(lock->head, (u16)(lock->head + 1));
}

static inline bool spin_is_locked(spinlock_t *lock)
{
	u32 v = READ_ONCE(lock->val);

	return (v & 0xffff) != (v >> 16);
}

static inline void spin_lock_irq(spinlock_t *lock)
{
	local_irq_disable();
	spin_lock(lock);
}

static inline void spin_unlock_irq(spinlock_t *lock)
{
	spin_unlock(lock);
	local_irq_enable();
}

#define spin_lock_irqsave(lock, flags)			\
	do {						\
		local_irq_save(flags);			\
		spin_lock(lock);			\
	} while (0)

static inline void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
{
	spin_unlock(lock);
	local_irq_restore(flags);
}

static inline bool spin_trylock_irqsave_helper(spinlock_t *lock, unsigned long *flags)
{
	local_irq_save(*flags);
	if (spin_trylock(lock))
		return true;
	local_irq_restore(*flags);
	return false;
}
#define spin_trylock_irqsave(lock, flags) spin_trylock_irqsave_helper(lock, &(flags))

/* Interrupt-context code may use the plain variants; the _bh ones alias them. */
#define spin_lock_bh spin_lock
#define spin_unlock_bh spin_unlock

#define assert_spin_locked(lock) WARN_ON(!spin_is_locked(lock))

#endif /* _LINUX_SPINLOCK_H */
