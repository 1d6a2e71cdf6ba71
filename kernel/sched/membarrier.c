// SPDX-License-Identifier: GPL-2.0-only
/*
 * membarrier(2): a memory barrier on other CPUs on behalf of the caller,
 * so that user-space RCU and JITs can keep their fast paths barrier-free.
 *
 *   MEMBARRIER_CMD_QUERY                   the mask of the commands below
 *   MEMBARRIER_CMD_GLOBAL                  every thread of every process
 *                                          has passed a barrier: an RCU
 *                                          grace period (each CPU went
 *                                          through the scheduler or idle)
 *   MEMBARRIER_CMD_GLOBAL_EXPEDITED        the same at once, by running a
 *   MEMBARRIER_CMD_PRIVATE_EXPEDITED       full barrier on every online CPU
 *                                          (an IPI); the private command is
 *                                          EPERM until the process
 *                                          registered (REGISTER_*)
 * The SYNC_CORE and RSEQ variants are not offered (absent from QUERY's
 * mask, EINVAL).  flags must be 0, cpu_id is unused.
 *
 * Registration is a bit in mm->flags (MMF_MEMBARRIER_PRIVATE), kept by
 * fork (threads share the mm) and dropped by exec (a new mm).
 * Locking: none; the bit is set atomically.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/smp.h>
#include <linux/rcupdate.h>
#include <linux/syscalls.h>
#include <asm/barrier.h>

#define MEMBARRIER_CMD_QUERY				0
#define MEMBARRIER_CMD_GLOBAL				(1 << 0)
#define MEMBARRIER_CMD_GLOBAL_EXPEDITED			(1 << 1)
#define MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED	(1 << 2)
#define MEMBARRIER_CMD_PRIVATE_EXPEDITED		(1 << 3)
#define MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED	(1 << 4)

#define MEMBARRIER_SUPPORTED	(MEMBARRIER_CMD_GLOBAL | MEMBARRIER_CMD_GLOBAL_EXPEDITED | \
				 MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED | \
				 MEMBARRIER_CMD_PRIVATE_EXPEDITED | \
				 MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED)

static void membarrier_ipi(void *unused)
{
	smp_mb();
}

SYSCALL_DEFINE3(membarrier, int, cmd, unsigned int, flags, int, cpu_id)
{
	struct mm_struct *mm = current->mm;

	if (flags)
		return -EINVAL;
	switch (cmd) {
	case MEMBARRIER_CMD_QUERY:
		return MEMBARRIER_SUPPORTED;
	case MEMBARRIER_CMD_GLOBAL:
		synchronize_rcu();
		return 0;
	case MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED:
		return 0;
	case MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED:
		set_bit(MMF_MEMBARRIER_PRIVATE, &mm->flags);
		return 0;
	case MEMBARRIER_CMD_PRIVATE_EXPEDITED:
	case MEMBARRIER_CMD_GLOBAL_EXPEDITED:
		if (cmd == MEMBARRIER_CMD_PRIVATE_EXPEDITED &&
		    !test_bit(MMF_MEMBARRIER_PRIVATE, &mm->flags))
			return -EPERM;
		smp_mb();	/* the caller's own accesses before everyone else's barrier */
		on_each_cpu(membarrier_ipi, NULL, true);
		return 0;
	default:
		return -EINVAL;
	}
}
