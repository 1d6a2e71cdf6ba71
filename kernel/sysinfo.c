// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysinfo(2): uptime, load averages, memory and the number of threads.
 *
 * Memory is reported in bytes (mem_unit 1), as 64-bit Linux does once
 * the totals fit an unsigned long.  sharedram is the shmem/tmpfs page
 * count, bufferram 0 (no block-device buffer cache), totalswap and
 * freeswap the swap areas' slots (si_swapinfo()), no high memory.  procs counts threads, including kernel threads, without the
 * idle tasks, as Linux's nr_threads does.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/vmstat.h>
#include <linux/swap.h>
#include <linux/syscalls.h>
#include <uapi/linux/sysinfo.h>
#include <asm/uaccess.h>

static unsigned long count_threads(void)
{
	struct task_struct *p;
	unsigned long n = 0;

	rcu_read_lock();
	for_each_process(p)
		n++;
	rcu_read_unlock();
	return n;
}

SYSCALL_DEFINE1(sysinfo, struct sysinfo *, info)
{
	u64 boot = ktime_get_boottime_ns();
	unsigned long loads[3], threads;
	struct sysinfo si;

	memset(&si, 0, sizeof(si));
	/* Whole seconds, rounded up as Linux does. */
	si.uptime = boot / NSEC_PER_SEC + (boot % NSEC_PER_SEC ? 1 : 0);
	get_avenrun(loads, 0, SI_LOAD_SHIFT - FSHIFT);
	memcpy(si.loads, loads, sizeof(si.loads));
	si.totalram = totalram_pages() << PAGE_SHIFT;
	si.freeram = nr_free_pages() << PAGE_SHIFT;
	si.sharedram = global_node_page_state(NR_SHMEM) << PAGE_SHIFT;
	si_swapinfo(&si);
	si.totalswap <<= PAGE_SHIFT;
	si.freeswap <<= PAGE_SHIFT;
	threads = count_threads();
	si.procs = threads > 0xffff ? 0xffff : threads;
	si.mem_unit = 1;
	return copy_to_user(info, &si, sizeof(si)) ? -EFAULT : 0;
}
