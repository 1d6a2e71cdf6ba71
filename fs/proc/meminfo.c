// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/meminfo in Linux's format ("Name:   12345 kB"), from mm's
 * counters (<linux/vmstat.h>).
 *
 * Cached is every page-cache page (ramfs and tmpfs included, as in
 * Linux) except those of block devices, which are Buffers.  Active/
 * Inactive(file) are the file LRU lists; ramfs/tmpfs pages stay off the
 * LRU, so they are in Cached but not in those lines nor in Unevictable.
 * Lines whose counter nothing maintains yet read 0: the anon LRU lines
 * (anonymous pages are not on an LRU until there is anonymous reclaim),
 * Mapped/Shmem, and everything about swap and huge pages (neither
 * exists).  MemAvailable is Linux's estimate: free pages above the
 * reserves, plus the file LRU and reclaimable slab, each less the part
 * (up to half, at most the LOW watermarks) reclaim cannot really take.  Committed_AS adds up the private writable and
 * stack mappings of every process (what Linux's overcommit accounting
 * charges); CommitLimit is Linux's default (half of RAM plus swap).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/mmzone.h>
#include <linux/vmstat.h>
#include <linux/pagemap.h>
#include <linux/seq_file.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/rcupdate.h>
#include <linux/proc_fs.h>
#include <asm/page_types.h>
#include "internal.h"

/* vm.overcommit_ratio's default, percent. */
#define OVERCOMMIT_RATIO	50

static void show_val_kb(struct seq_file *m, const char *name, unsigned long pages)
{
	seq_printf(m, "%s%8lu kB\n", name, pages << (PAGE_SHIFT - 10));
}

/* Pages Linux's overcommit accounting would charge: private writable + stack. */
static unsigned long committed_pages(void)
{
	unsigned long total = 0;
	struct task_struct *p;

	rcu_read_lock();
	for_each_process(p) {
		struct mm_struct *mm = READ_ONCE(p->mm);

		/* One thread per address space: only group leaders count. */
		if (!mm || p->pid != p->tgid)
			continue;
		total += READ_ONCE(mm->data_vm) + READ_ONCE(mm->stack_vm);
	}
	rcu_read_unlock();
	return total;
}

static unsigned long available_pages(unsigned long free)
{
	struct pglist_data *pgdat = first_online_pgdat();
	unsigned long wmark_low = 0, pagecache, reclaimable;
	long available;
	struct zone *zone;

	for_each_zone(zone)
		wmark_low += zone->_watermark[WMARK_LOW];
	available = (long)free - (long)pgdat->totalreserve_pages;
	pagecache = global_node_page_state(NR_ACTIVE_FILE) +
		    global_node_page_state(NR_INACTIVE_FILE);
	pagecache -= min(pagecache / 2, wmark_low);
	available += pagecache;
	reclaimable = global_node_page_state(NR_SLAB_RECLAIMABLE);
	available += reclaimable - min(reclaimable / 2, wmark_low);
	return available < 0 ? 0 : available;
}

static int meminfo_proc_show(struct seq_file *m, void *v)
{
	unsigned long total = totalram_pages();
	unsigned long free = global_zone_page_state(NR_FREE_PAGES);
	unsigned long file = global_node_page_state(NR_FILE_PAGES);
	unsigned long buffers = nr_blockdev_pages();
	unsigned long shmem = global_node_page_state(NR_SHMEM);
	unsigned long act_anon = global_node_page_state(NR_ACTIVE_ANON);
	unsigned long inact_anon = global_node_page_state(NR_INACTIVE_ANON);
	unsigned long act_file = global_node_page_state(NR_ACTIVE_FILE);
	unsigned long inact_file = global_node_page_state(NR_INACTIVE_FILE);
	unsigned long sreclaim = global_node_page_state(NR_SLAB_RECLAIMABLE);
	unsigned long sunreclaim = global_node_page_state(NR_SLAB_UNRECLAIMABLE);

	if (free > total)
		free = total;
	show_val_kb(m, "MemTotal:       ", total);
	show_val_kb(m, "MemFree:        ", free);
	show_val_kb(m, "MemAvailable:   ", min(available_pages(free), total));
	show_val_kb(m, "Buffers:        ", buffers);
	show_val_kb(m, "Cached:         ", file > buffers ? file - buffers : 0);
	show_val_kb(m, "SwapCached:     ", 0);
	show_val_kb(m, "Active:         ", act_anon + act_file);
	show_val_kb(m, "Inactive:       ", inact_anon + inact_file);
	show_val_kb(m, "Active(anon):   ", act_anon);
	show_val_kb(m, "Inactive(anon): ", inact_anon);
	show_val_kb(m, "Active(file):   ", act_file);
	show_val_kb(m, "Inactive(file): ", inact_file);
	show_val_kb(m, "Unevictable:    ", global_node_page_state(NR_UNEVICTABLE));
	show_val_kb(m, "Mlocked:        ", global_zone_page_state(NR_MLOCK));
	show_val_kb(m, "SwapTotal:      ", 0);
	show_val_kb(m, "SwapFree:       ", 0);
	show_val_kb(m, "Dirty:          ", global_node_page_state(NR_FILE_DIRTY));
	show_val_kb(m, "Writeback:      ", global_node_page_state(NR_WRITEBACK));
	show_val_kb(m, "AnonPages:      ", global_node_page_state(NR_ANON_MAPPED));
	show_val_kb(m, "Mapped:         ", global_node_page_state(NR_FILE_MAPPED));
	show_val_kb(m, "Shmem:          ", shmem);
	show_val_kb(m, "KReclaimable:   ", sreclaim);
	show_val_kb(m, "Slab:           ", sreclaim + sunreclaim);
	show_val_kb(m, "SReclaimable:   ", sreclaim);
	show_val_kb(m, "SUnreclaim:     ", sunreclaim);
	seq_printf(m, "KernelStack:    %8lu kB\n", global_node_page_state(NR_KERNEL_STACK_KB));
	show_val_kb(m, "PageTables:     ", global_node_page_state(NR_PAGETABLE));
	show_val_kb(m, "NFS_Unstable:   ", 0);
	show_val_kb(m, "Bounce:         ", global_zone_page_state(NR_BOUNCE));
	show_val_kb(m, "WritebackTmp:   ", global_node_page_state(NR_WRITEBACK_TEMP));
	show_val_kb(m, "CommitLimit:    ", total * OVERCOMMIT_RATIO / 100);
	show_val_kb(m, "Committed_AS:   ", committed_pages());
	seq_printf(m, "VmallocTotal:   %8lu kB\n", (VMALLOC_END - VMALLOC_START) >> 10);
	show_val_kb(m, "VmallocUsed:    ", global_node_page_state(NR_VMALLOC));
	show_val_kb(m, "VmallocChunk:   ", 0);
	show_val_kb(m, "HardwareCorrupted: ", 0);
	show_val_kb(m, "AnonHugePages:  ", 0);
	show_val_kb(m, "ShmemHugePages: ", 0);
	show_val_kb(m, "ShmemPmdMapped: ", 0);
	show_val_kb(m, "FileHugePages:  ", 0);
	show_val_kb(m, "FilePmdMapped:  ", 0);
	seq_puts(m, "HugePages_Total:       0\nHugePages_Free:        0\n"
		    "HugePages_Rsvd:        0\nHugePages_Surp:        0\n");
	seq_puts(m, "Hugepagesize:       2048 kB\nHugetlb:               0 kB\n");
	return 0;
}

void __init proc_meminfo_init(void)
{
	proc_create_single("meminfo", 0, NULL, meminfo_proc_show);
}
