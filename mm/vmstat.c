// SPDX-License-Identifier: GPL-2.0-only
/*
 * Memory statistics: zone and node counters with per-CPU deltas, and
 * per-CPU event counts (see <linux/vmstat.h> for the interface).
 *
 * Locking: a CPU's deltas are touched only by that CPU with interrupts
 * off; the totals are atomics.  Readers take no lock.
 *
 * Deltas below the threshold would otherwise sit in a CPU until its next
 * update of the same counter - for ever on an idle system, so that
 * /proc/meminfo's Dirty never came back to 0 after a sync.  A delayed
 * work folds them every vm.stat_interval seconds (1) while any CPU holds
 * one; writing or reading vm.stat_refresh (root) folds them at once.
 */
#include <linux/kernel.h>
#include <linux/vmstat.h>
#include <linux/mm.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/workqueue.h>
#include <linux/sysctl.h>
#include <linux/init.h>

atomic_long_t vm_zone_stat[NR_VM_ZONE_STAT_ITEMS];
atomic_long_t vm_node_stat[NR_VM_NODE_STAT_ITEMS];

struct per_cpu_zonestat {
	s8 diff[MAX_NR_ZONES][NR_VM_ZONE_STAT_ITEMS];
};

struct per_cpu_nodestat {
	s8 diff[NR_VM_NODE_STAT_ITEMS];
};

static DEFINE_PER_CPU(struct per_cpu_zonestat, zone_stat_diffs);
static DEFINE_PER_CPU(struct per_cpu_nodestat, node_stat_diffs);
DEFINE_PER_CPU(struct vm_event_state, vm_event_states);

BUILD_BUG_ON(STAT_THRESHOLD > 125);	/* deltas are s8 */

const char *const zone_stat_name[NR_VM_ZONE_STAT_ITEMS] = {
	[NR_FREE_PAGES]			= "nr_free_pages",
	[NR_ZONE_INACTIVE_ANON]		= "nr_zone_inactive_anon",
	[NR_ZONE_ACTIVE_ANON]		= "nr_zone_active_anon",
	[NR_ZONE_INACTIVE_FILE]		= "nr_zone_inactive_file",
	[NR_ZONE_ACTIVE_FILE]		= "nr_zone_active_file",
	[NR_ZONE_UNEVICTABLE]		= "nr_zone_unevictable",
	[NR_ZONE_WRITE_PENDING]		= "nr_zone_write_pending",
	[NR_MLOCK]			= "nr_mlock",
	[NR_BOUNCE]			= "nr_bounce",
};

const char *const node_stat_name[NR_VM_NODE_STAT_ITEMS] = {
	[NR_INACTIVE_ANON]		= "nr_inactive_anon",
	[NR_ACTIVE_ANON]		= "nr_active_anon",
	[NR_INACTIVE_FILE]		= "nr_inactive_file",
	[NR_ACTIVE_FILE]		= "nr_active_file",
	[NR_UNEVICTABLE]		= "nr_unevictable",
	[NR_SLAB_RECLAIMABLE]		= "nr_slab_reclaimable",
	[NR_SLAB_UNRECLAIMABLE]		= "nr_slab_unreclaimable",
	[NR_ISOLATED_ANON]		= "nr_isolated_anon",
	[NR_ISOLATED_FILE]		= "nr_isolated_file",
	[WORKINGSET_REFAULT_FILE]	= "workingset_refault_file",
	[WORKINGSET_ACTIVATE_FILE]	= "workingset_activate_file",
	[WORKINGSET_RESTORE_FILE]	= "workingset_restore_file",
	[NR_ANON_MAPPED]		= "nr_anon_pages",
	[NR_FILE_MAPPED]		= "nr_mapped",
	[NR_FILE_PAGES]			= "nr_file_pages",
	[NR_FILE_DIRTY]			= "nr_dirty",
	[NR_WRITEBACK]			= "nr_writeback",
	[NR_WRITEBACK_TEMP]		= "nr_writeback_temp",
	[NR_SHMEM]			= "nr_shmem",
	[NR_UNSTABLE_NFS]		= "nr_unstable",
	[NR_VMSCAN_WRITE]		= "nr_vmscan_write",
	[NR_VMSCAN_IMMEDIATE]		= "nr_vmscan_immediate_reclaim",
	[NR_DIRTIED]			= "nr_dirtied",
	[NR_WRITTEN]			= "nr_written",
	[NR_KERNEL_STACK_KB]		= "nr_kernel_stack",
	[NR_PAGETABLE]			= "nr_page_table_pages",
	[NR_VMALLOC]			= "nr_vmalloc",
	[NR_SWAPCACHE]			= "nr_swapcached",
};

const char *const vm_event_name[NR_VM_EVENT_ITEMS] = {
	[PGPGIN]			= "pgpgin",
	[PGPGOUT]			= "pgpgout",
	[PSWPIN]			= "pswpin",
	[PSWPOUT]			= "pswpout",
	[PGMAJFAULT]			= "pgmajfault",
	[SWAP_RA]			= "swap_ra",
	[SWAP_RA_HIT]			= "swap_ra_hit",
	[PGALLOC_DMA32]			= "pgalloc_dma32",
	[PGALLOC_NORMAL]		= "pgalloc_normal",
	[PGFREE]			= "pgfree",
	[ALLOCFAIL]			= "allocfail",
	[PGACTIVATE]			= "pgactivate",
	[PGDEACTIVATE]			= "pgdeactivate",
	[PGREFILL]			= "pgrefill",
	[PGSCAN_KSWAPD]			= "pgscan_kswapd",
	[PGSCAN_DIRECT]			= "pgscan_direct",
	[PGSTEAL_KSWAPD]		= "pgsteal_kswapd",
	[PGSTEAL_DIRECT]		= "pgsteal_direct",
	[PGSCAN_ANON]			= "pgscan_anon",
	[PGSCAN_FILE]			= "pgscan_file",
	[PGSTEAL_ANON]			= "pgsteal_anon",
	[PGSTEAL_FILE]			= "pgsteal_file",
	[PGROTATED]			= "pgrotated",
	[SLABS_SCANNED]			= "slabs_scanned",
	[PAGEOUTRUN]			= "pageoutrun",
	[ALLOCSTALL]			= "allocstall",
	[DROP_PAGECACHE]		= "drop_pagecache",
	[DROP_SLAB]			= "drop_slab",
	[OOM_KILL]			= "oom_kill",
};

void __mod_zone_page_state(struct zone *zone, enum zone_stat_item item, long delta)
{
	s8 *p = &this_cpu_ptr(&zone_stat_diffs)->diff[zone_idx(zone)][item];
	long x = *p + delta;

	if (x > STAT_THRESHOLD || x < -STAT_THRESHOLD) {
		atomic_long_add(x, &zone->vm_stat[item]);
		atomic_long_add(x, &vm_zone_stat[item]);
		x = 0;
	}
	*p = x;
}

void mod_zone_page_state(struct zone *zone, enum zone_stat_item item, long delta)
{
	unsigned long flags;

	local_irq_save(flags);
	__mod_zone_page_state(zone, item, delta);
	local_irq_restore(flags);
}

void __mod_node_page_state(struct pglist_data *pgdat, enum node_stat_item item, long delta)
{
	s8 *p = &this_cpu_ptr(&node_stat_diffs)->diff[item];
	long x = *p + delta;

	if (x > STAT_THRESHOLD || x < -STAT_THRESHOLD) {
		atomic_long_add(x, &pgdat->vm_stat[item]);
		atomic_long_add(x, &vm_node_stat[item]);
		x = 0;
	}
	*p = x;
}

void mod_node_page_state(struct pglist_data *pgdat, enum node_stat_item item, long delta)
{
	unsigned long flags;

	local_irq_save(flags);
	__mod_node_page_state(pgdat, item, delta);
	local_irq_restore(flags);
}

void inc_zone_page_state(struct page *page, enum zone_stat_item item)
{
	mod_zone_page_state(page_zone(page), item, 1);
}

void dec_zone_page_state(struct page *page, enum zone_stat_item item)
{
	mod_zone_page_state(page_zone(page), item, -1);
}

void inc_node_page_state(struct page *page, enum node_stat_item item)
{
	mod_node_page_state(page_pgdat(page), item, 1);
}

void dec_node_page_state(struct page *page, enum node_stat_item item)
{
	mod_node_page_state(page_pgdat(page), item, -1);
}

void mod_node_page_state_page(struct page *page, enum node_stat_item item, long delta)
{
	mod_node_page_state(page_pgdat(page), item, delta);
}

unsigned long zone_page_state_snapshot(struct zone *zone, enum zone_stat_item item)
{
	long x = atomic_long_read(&zone->vm_stat[item]);
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		x += READ_ONCE(per_cpu(zone_stat_diffs, cpu).diff[zone_idx(zone)][item]);
	return x < 0 ? 0 : x;
}

unsigned long node_page_state_snapshot(struct pglist_data *pgdat, enum node_stat_item item)
{
	long x = atomic_long_read(&pgdat->vm_stat[item]);
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		x += READ_ONCE(per_cpu(node_stat_diffs, cpu).diff[item]);
	return x < 0 ? 0 : x;
}

/* Fold this CPU's deltas (irqs off: runs as an on_each_cpu() callback). */
static void fold_local_diffs(void *unused)
{
	struct per_cpu_zonestat *zs = this_cpu_ptr(&zone_stat_diffs);
	struct per_cpu_nodestat *ns = this_cpu_ptr(&node_stat_diffs);
	struct pglist_data *pgdat = NODE_DATA(0);
	int z, i;

	for (z = 0; z < MAX_NR_ZONES; z++) {
		for (i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++) {
			long x = zs->diff[z][i];

			if (!x)
				continue;
			zs->diff[z][i] = 0;
			atomic_long_add(x, &pgdat->node_zones[z].vm_stat[i]);
			atomic_long_add(x, &vm_zone_stat[i]);
		}
	}
	for (i = 0; i < NR_VM_NODE_STAT_ITEMS; i++) {
		long x = ns->diff[i];

		if (!x)
			continue;
		ns->diff[i] = 0;
		atomic_long_add(x, &pgdat->vm_stat[i]);
		atomic_long_add(x, &vm_node_stat[i]);
	}
}

void refresh_vm_stats(void)
{
	on_each_cpu(fold_local_diffs, NULL, true);
}

/* Does any CPU hold a delta?  A racy look from here is good enough. */
static bool vm_stats_pending(void)
{
	int cpu, z, i;

	for_each_online_cpu(cpu) {
		struct per_cpu_zonestat *zs = &per_cpu(zone_stat_diffs, cpu);
		struct per_cpu_nodestat *ns = &per_cpu(node_stat_diffs, cpu);

		for (z = 0; z < MAX_NR_ZONES; z++)
			for (i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
				if (READ_ONCE(zs->diff[z][i]))
					return true;
		for (i = 0; i < NR_VM_NODE_STAT_ITEMS; i++)
			if (READ_ONCE(ns->diff[i]))
				return true;
	}
	return false;
}

/* vm.stat_interval: seconds between folds of the per-CPU deltas. */
static int vm_stat_interval = 1;
static int vm_stat_interval_min = 1, vm_stat_interval_max = 3600;

static void vm_stats_fold_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(vm_stats_fold_work, vm_stats_fold_work_fn);

static void vm_stats_fold_work_fn(struct work_struct *work)
{
	if (vm_stats_pending())
		refresh_vm_stats();
	schedule_delayed_work(&vm_stats_fold_work, READ_ONCE(vm_stat_interval) * HZ);
}

static int vm_stat_interval_handler(struct ctl_table *table, int write, void *buffer,
				    size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	/* A shorter period takes effect now, not at the end of the old one. */
	if (!ret && write)
		mod_delayed_work(system_wq, &vm_stats_fold_work, READ_ONCE(vm_stat_interval) * HZ);
	return ret;
}

/*
 * vm.stat_refresh: any read or write folds every CPU's deltas, so that
 * the next look at /proc/vmstat or /proc/meminfo is exact.  A total that
 * is negative once everything is folded means some path accounted a page
 * it never counted: say which and fail with EINVAL.  Reads give nothing.
 */
static bool vm_stat_total_negative(const char *name, atomic_long_t *total)
{
	long v = atomic_long_read(total);

	if (v >= 0)
		return false;
	pr_warn("vmstat: %s is %ld after a refresh\n", name, v);
	return true;
}

static int vm_stat_refresh_handler(struct ctl_table *table, int write, void *buffer,
				   size_t *lenp, loff_t *ppos)
{
	bool bad = false;
	int i;

	refresh_vm_stats();
	for (i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		bad |= vm_stat_total_negative(zone_stat_name[i], &vm_zone_stat[i]);
	for (i = 0; i < NR_VM_NODE_STAT_ITEMS; i++)
		bad |= vm_stat_total_negative(node_stat_name[i], &vm_node_stat[i]);
	if (bad)
		return -EINVAL;
	if (write)
		*ppos += *lenp;
	else
		*lenp = 0;
	return 0;
}

static struct ctl_table vm_stat_table[] = {
	{
		.procname	= "stat_interval",
		.data		= &vm_stat_interval,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= vm_stat_interval_handler,
		.extra1		= &vm_stat_interval_min,
		.extra2		= &vm_stat_interval_max,
	},
	{
		.procname	= "stat_refresh",
		.mode		= 0600,
		.proc_handler	= vm_stat_refresh_handler,
	},
	{ }
};

static int __init vm_stats_fold_init(void)
{
	if (!register_sysctl("vm", vm_stat_table))
		pr_warn("vmstat: cannot register vm.stat_interval and vm.stat_refresh\n");
	schedule_delayed_work(&vm_stats_fold_work, vm_stat_interval * HZ);
	return 0;
}
late_initcall(vm_stats_fold_init);

unsigned long sum_vm_event(enum vm_event_item item)
{
	unsigned long sum = 0;
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		sum += READ_ONCE(per_cpu(vm_event_states, cpu).event[item]);
	return sum;
}

void __init vmstat_init(void)
{
	int cpu;

	/*
	 * The per-CPU areas were copied from the zeroed template, so the
	 * deltas start at zero; make that explicit rather than implicit.
	 */
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		memset(&per_cpu(zone_stat_diffs, cpu), 0, sizeof(struct per_cpu_zonestat));
		memset(&per_cpu(node_stat_diffs, cpu), 0, sizeof(struct per_cpu_nodestat));
		memset(&per_cpu(vm_event_states, cpu), 0, sizeof(struct vm_event_state));
	}
}
