// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/meminfo in Linux's format ("Name:   12345 kB"), from mm's
 * counters (<linux/vmstat.h>).
 *
 * Cached is every page-cache page (ramfs and tmpfs included, as in
 * Linux) except those of block devices, which are Buffers.  Active/
 * Inactive(file) are the file LRU lists; ramfs/tmpfs pages stay off the
 * LRU, so they are in Cached but not in those lines nor in Unevictable.
 * Lines whose counter nothing maintains read 0: Mapped/Shmem and the
 * huge-page lines (there are no huge pages).  SwapTotal and SwapFree
 * count the slots of the swap areas (si_swapinfo()); SwapCached is
 * NR_SWAPCACHE, which nothing raises while there is no swap cache.
 * MemAvailable is Linux's estimate: free pages above the
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
#include <linux/swap.h>
#include <asm/page_types.h>
#include "internal.h"

/* vm.overcommit_ratio's default, percent. */
#define OVERCOMMIT_RATIO	50

#define PAGES_KB(pages)		((pages) << (PAGE_SHIFT - 10))

/* One line of the file: the name and a value in kB. */
struct meminfo_row {
	const char *name;
	unsigned long kb;
};

/*
 * "Name:" is padded to 16 columns (at least one blank after the colon),
 * then the value right-aligned in 8 -- the layout tools parse.
 */
static void meminfo_put_row(struct seq_file *m, const struct meminfo_row *row)
{
	int pad = 15 - (int)strlen(row->name);

	seq_printf(m, "%s:%*s%8lu kB\n", row->name, pad < 1 ? 1 : pad, "", row->kb);
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

/* SwapTotal and SwapFree, in pages. */
static struct sysinfo swap_totals(void)
{
	struct sysinfo si;

	si_swapinfo(&si);
	return si;
}

static int meminfo_proc_show(struct seq_file *m, void *v)
{
	unsigned long total = totalram_pages();
	/* The free counter is per-cpu batched and can run past the total. */
	unsigned long free = min(global_zone_page_state(NR_FREE_PAGES), total);
	unsigned long file = global_node_page_state(NR_FILE_PAGES);
	unsigned long buffers = nr_blockdev_pages();
	unsigned long shmem = global_node_page_state(NR_SHMEM);
	unsigned long act_anon = global_node_page_state(NR_ACTIVE_ANON);
	unsigned long inact_anon = global_node_page_state(NR_INACTIVE_ANON);
	unsigned long act_file = global_node_page_state(NR_ACTIVE_FILE);
	unsigned long inact_file = global_node_page_state(NR_INACTIVE_FILE);
	unsigned long sreclaim = global_node_page_state(NR_SLAB_RECLAIMABLE);
	unsigned long sunreclaim = global_node_page_state(NR_SLAB_UNRECLAIMABLE);
	struct sysinfo swap = swap_totals();
	const struct meminfo_row rows[] = {
		{ "MemTotal", PAGES_KB(total) },
		{ "MemFree", PAGES_KB(free) },
		{ "MemAvailable", PAGES_KB(min(available_pages(free), total)) },
		{ "Buffers", PAGES_KB(buffers) },
		{ "Cached", PAGES_KB(file > buffers ? file - buffers : 0) },
		{ "SwapCached", PAGES_KB(global_node_page_state(NR_SWAPCACHE)) },
		{ "Active", PAGES_KB(act_anon + act_file) },
		{ "Inactive", PAGES_KB(inact_anon + inact_file) },
		{ "Active(anon)", PAGES_KB(act_anon) },
		{ "Inactive(anon)", PAGES_KB(inact_anon) },
		{ "Active(file)", PAGES_KB(act_file) },
		{ "Inactive(file)", PAGES_KB(inact_file) },
		{ "Unevictable", PAGES_KB(global_node_page_state(NR_UNEVICTABLE)) },
		{ "Mlocked", PAGES_KB(global_zone_page_state(NR_MLOCK)) },
		{ "SwapTotal", PAGES_KB(swap.totalswap) },
		{ "SwapFree", PAGES_KB(swap.freeswap) },
		{ "Dirty", PAGES_KB(global_node_page_state(NR_FILE_DIRTY)) },
		{ "Writeback", PAGES_KB(global_node_page_state(NR_WRITEBACK)) },
		{ "AnonPages", PAGES_KB(global_node_page_state(NR_ANON_MAPPED)) },
		{ "Mapped", PAGES_KB(global_node_page_state(NR_FILE_MAPPED)) },
		{ "Shmem", PAGES_KB(shmem) },
		{ "KReclaimable", PAGES_KB(sreclaim) },
		{ "Slab", PAGES_KB(sreclaim + sunreclaim) },
		{ "SReclaimable", PAGES_KB(sreclaim) },
		{ "SUnreclaim", PAGES_KB(sunreclaim) },
		{ "KernelStack", global_node_page_state(NR_KERNEL_STACK_KB) },
		{ "PageTables", PAGES_KB(global_node_page_state(NR_PAGETABLE)) },
		{ "NFS_Unstable", PAGES_KB(global_node_page_state(NR_UNSTABLE_NFS)) },
		{ "Bounce", PAGES_KB(global_zone_page_state(NR_BOUNCE)) },
		{ "WritebackTmp", PAGES_KB(global_node_page_state(NR_WRITEBACK_TEMP)) },
		{ "CommitLimit", PAGES_KB(total * OVERCOMMIT_RATIO / 100 + swap.totalswap) },
		{ "Committed_AS", PAGES_KB(committed_pages()) },
		{ "VmallocTotal", (VMALLOC_END - VMALLOC_START) >> 10 },
		{ "VmallocUsed", PAGES_KB(global_node_page_state(NR_VMALLOC)) },
		{ "VmallocChunk", 0 },
		{ "HardwareCorrupted", 0 },
		{ "AnonHugePages", 0 },
		{ "ShmemHugePages", 0 },
		{ "ShmemPmdMapped", 0 },
		{ "FileHugePages", 0 },
		{ "FilePmdMapped", 0 },
	};
	const struct meminfo_row *row;

	for (row = rows; row < rows + ARRAY_SIZE(rows); row++)
		meminfo_put_row(m, row);
	/* No huge pages: the pool is empty, the size is x86_64's 2 MiB. */
	seq_puts(m, "HugePages_Total:       0\nHugePages_Free:        0\n"
		    "HugePages_Rsvd:        0\nHugePages_Surp:        0\n");
	seq_puts(m, "Hugepagesize:       2048 kB\nHugetlb:               0 kB\n");
	return 0;
}

void __init proc_meminfo_init(void)
{
	proc_create_single("meminfo", 0, NULL, meminfo_proc_show);
}
