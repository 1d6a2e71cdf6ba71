// SPDX-License-Identifier: GPL-2.0-only
/*
 * CONFIG_DEBUG_KERNEL spinlock checks: record the owner CPU on acquire and
 * WARN when a CPU releases a lock it does not hold (an unbalanced unlock
 * corrupts the lock word for every later waiter).
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/smp.h>
#include <linux/bug.h>

void spin_lock_debug_acquired(spinlock_t *lock)
{
	lock->owner_cpu = smp_processor_id();
}

void spin_lock_debug_release(spinlock_t *lock)
{
	WARN_ON_ONCE(!spin_is_locked(lock) || lock->owner_cpu != smp_processor_id());
	lock->owner_cpu = -1;
}
