// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small /proc files: version, cmdline, devices, filesystems, swaps,
 * slabinfo, vmstat.  (partitions and diskstats are block/genhd.c's.)
 *
 * swaps is mm/swapfile.c's; without CONFIG_SWAP it is here and lists no
 * area.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/vmstat.h>
#include <linux/writeback.h>
#include <linux/utsname.h>
#include <generated/utsrelease.h>
#include <linux/seq_file.h>
#include <linux/blkdev.h>
#include <linux/proc_fs.h>
#include "internal.h"

/*
 * "Linux version <release> (Tidewater ...) (gcc version ...) #1 SMP ...":
 * tools only look for the leading "Linux version <release>".
 */
static int version_proc_show(struct seq_file *m, void *v)
{
	down_read(&uts_sem);
	seq_printf(m, "%s version %s (Tidewater " TIDEWATER_VERSION ") (gcc version " __VERSION__
		   ") %s\n", utsname()->sysname, utsname()->release, utsname()->version);
	up_read(&uts_sem);
	return 0;
}

static int cmdline_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, boot_command_line);
	seq_putc(m, '\n');
	return 0;
}

/* Fill the rest of m's buffer with fill(); if it may not have fit, overflow so seq_file retries. */
static void seq_fill_buf(struct seq_file *m, int (*fill)(char *buf, size_t size))
{
	size_t avail = m->size - m->count;
	int n = fill(m->buf + m->count, avail);

	if (n < 0 || (size_t)n + 1 >= avail)
		m->count = m->size;
	else
		m->count += n;
}

static int devices_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, "Character devices:\n");
	seq_fill_buf(m, chrdev_show_all);
	seq_puts(m, "\nBlock devices:\n");
#ifdef CONFIG_BLOCK
	seq_fill_buf(m, blkdev_show_all);
#endif
	return 0;
}

static int filesystems_proc_show(struct seq_file *m, void *v)
{
	seq_fill_buf(m, get_filesystem_list);
	return 0;
}

#ifndef CONFIG_SWAP
static int swaps_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n");
	return 0;
}
#endif

static void slabinfo_line(const struct slabinfo *si, void *arg)
{
	struct seq_file *m = arg;

	seq_printf(m, "%-17s %6lu %6lu %6u %4u %4u : tunables %4u %4u %4u : slabdata %6lu %6lu %6lu\n",
		   si->name, si->active_objs, si->num_objs, si->objsize, si->objperslab,
		   si->pagesperslab, 0, 0, 0, si->active_slabs, si->num_slabs, 0UL);
}

static int slabinfo_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, "slabinfo - version: 2.1\n");
	seq_puts(m, "# name            <active_objs> <num_objs> <objsize> <objperslab> "
		    "<pagesperslab> : tunables <limit> <batchcount> <sharedfactor> : "
		    "slabdata <active_slabs> <num_slabs> <sharedavail>\n");
	slab_for_each_info(slabinfo_line, m);
	return 0;
}

static int vmstat_proc_show(struct seq_file *m, void *v)
{
	unsigned long thresh, bg_thresh;
	int i;

	for (i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		seq_printf(m, "%s %lu\n", zone_stat_name[i],
			   global_zone_page_state((enum zone_stat_item)i));
	for (i = 0; i < NR_VM_NODE_STAT_ITEMS; i++)
		seq_printf(m, "%s %lu\n", node_stat_name[i],
			   global_node_page_state((enum node_stat_item)i));
	global_dirty_limits(&bg_thresh, &thresh);
	seq_printf(m, "nr_dirty_threshold %lu\n", thresh);
	seq_printf(m, "nr_dirty_background_threshold %lu\n", bg_thresh);
	for (i = 0; i < NR_VM_EVENT_ITEMS; i++) {
		unsigned long n = sum_vm_event((enum vm_event_item)i);

		/* Counted in sectors, shown in KiB as Linux does. */
		if (i == PGPGIN || i == PGPGOUT)
			n /= 2;
		seq_printf(m, "%s %lu\n", vm_event_name[i], n);
	}
	return 0;
}

void __init proc_version_init(void)
{
	proc_create_single("version", 0, NULL, version_proc_show);
}

void __init proc_cmdline_init(void)
{
	proc_create_single("cmdline", 0, NULL, cmdline_proc_show);
}

void __init proc_devices_init(void)
{
	proc_create_single("devices", 0, NULL, devices_proc_show);
}

void __init proc_vmstat_init(void)
{
	proc_create_single("vmstat", 0, NULL, vmstat_proc_show);
}

void __init proc_mounts_init(void)
{
	proc_create_single("filesystems", 0, NULL, filesystems_proc_show);
}

void __init proc_misc_init(void)
{
#ifndef CONFIG_SWAP
	proc_create_single("swaps", 0, NULL, swaps_proc_show);
#endif
	proc_create_single("slabinfo", 0400, NULL, slabinfo_proc_show);
}
