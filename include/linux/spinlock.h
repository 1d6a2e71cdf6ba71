/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Spinlocks: the generic API on top of the architecture's lock word
 * (<asm/spinlock.h>: arch_spinlock_t and arch_spin_lock(),
 * arch_spin_trylock(), arch_spin_unlock(), arch_spin_is_locked(); on x86 a
 * FIFO ticket lock, so a CPU cannot starve behind others that keep
 * winning a test-and-set race).
 *
 * Rules: never sleep holding a spinlock; a lock also taken from interrupt
 * handlers must be taken with spin_lock_irqsave() everywhere else.  The
 * kernel is not preemptive, so spin_lock() does not touch preemption.
 * With CONFIG_DEBUG_KERNEL the lock records its owner CPU and
 * spin_unlock() by a non-owner WARNs (kernel/spinlock_debug.c).
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/irqflags.h>
#include <asm/spinlock.h>

typedef struct spinlock {
	arch_spinlock_t raw_lock;
#ifdef CONFIG_DEBUG_KERNEL
	int owner_cpu;		/* -1 when unlocked */
#endif
} spinlock_t;

#ifdef CONFIG_DEBUG_KERNEL
#define __SPIN_LOCK_UNLOCKED(name) { .raw_lock = __ARCH_SPIN_LOCK_UNLOCKED, .owner_cpu = -1 }
#else
#define __SPIN_LOCK_UNLOCKED(name) { .raw_lock = __ARCH_SPIN_LOCK_UNLOCKED }
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
	arch_spin_lock(&lock->raw_lock);
#ifdef CONFIG_DEBUG_KERNEL
	spin_lock_debug_acquired(lock);
#endif
}

static inline bool spin_trylock(spinlock_t *lock)
{
	if (!arch_spin_trylock(&lock->raw_lock))
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
	arch_spin_unlock(&lock->raw_lock);
}

static inline bool spin_is_locked(spinlock_t *lock)
{
	return arch_spin_is_locked(&lock->raw_lock);
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
