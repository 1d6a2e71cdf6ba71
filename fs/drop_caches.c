// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/vm/drop_caches: throw away clean caches on request (for
 * benchmarks and tests that want a cold cache; nothing dirty is lost).
 *
 *   echo 1 > /proc/sys/vm/drop_caches    clean, unmapped, unlocked page
 *                                        cache pages of every file
 *   echo 2 > ...                         unused dentries and inodes
 *                                        (every registered shrinker)
 *   echo 3 > ...                         both
 * Bit 4 silences the one-line notice each use prints.  The file is
 * write-only (mode 0200) as in Linux: reading it is EACCES even for root.
 *
 * Interface: drop_pagecache_sb() (<linux/pagemap.h>).  Locking: each
 * super block's inode list is walked under s_inode_list_lock, holding a
 * reference on the inode being worked on across the unlocked
 * invalidation; ramfs/tmpfs mappings are AS_UNEVICTABLE and keep their
 * pages.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/vmstat.h>
#include <linux/sched.h>
#include <linux/sysctl.h>
#include <linux/printk.h>

static int sysctl_drop_caches;
/* After a write with bit 4, the notice is no longer printed. */
static bool drop_caches_quiet;

/**
 * drop_pagecache_sb() - drop the unused clean page cache of a super block
 * @sb: the super block; iterate_supers() holds its s_umount for reading
 * @unused: unused (the iterate_supers() callback argument)
 *
 * For every inode of @sb with pages and not being created or freed,
 * calls invalidate_mapping_pages() on the whole file.  The inode list is
 * walked under s_inode_list_lock, which is dropped for each inode while
 * a reference held on it keeps its place in the list.
 *
 * Context: process context; may sleep (iput(), cond_resched()).  No
 * spinlocks held.
 */
void drop_pagecache_sb(struct super_block *sb, void *unused)
{
	struct inode *inode, *toput = NULL;

	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
		spin_lock(&inode->i_lock);
		if ((inode->i_state & (I_FREEING | I_WILL_FREE | I_NEW)) ||
		    !READ_ONCE(inode->i_mapping->nrpages)) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		/* Our reference keeps it on s_inodes while the lock is dropped. */
		atomic_inc(&inode->i_count);
		spin_unlock(&inode->i_lock);
		spin_unlock(&sb->s_inode_list_lock);

		invalidate_mapping_pages(inode->i_mapping, 0, ULONG_MAX);
		iput(toput);
		toput = inode;
		cond_resched();
		spin_lock(&sb->s_inode_list_lock);
	}
	spin_unlock(&sb->s_inode_list_lock);
	iput(toput);
}

static int drop_caches_sysctl_handler(struct ctl_table *table, int write, void *buffer,
				      size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	if (ret || !write)
		return ret;
	if (sysctl_drop_caches & 1) {
		/* Pages waiting in per-CPU LRU batches hold references: file them. */
		lru_add_drain_all();
		iterate_supers(drop_pagecache_sb, NULL);
		count_vm_event(DROP_PAGECACHE);
	}
	if (sysctl_drop_caches & 2) {
		drop_slab();
		count_vm_event(DROP_SLAB);
	}
	if (!drop_caches_quiet)
		pr_info("%s (%d): drop_caches: %d\n", current->comm, current->pid,
			sysctl_drop_caches);
	drop_caches_quiet |= sysctl_drop_caches & 4;
	return 0;
}

static int drop_caches_min = 1, drop_caches_max = 4;

static struct ctl_table drop_caches_table[] = {
	{
		.procname	= "drop_caches",
		.data		= &sysctl_drop_caches,
		.maxlen		= sizeof(int),
		.mode		= 0200,
		.proc_handler	= drop_caches_sysctl_handler,
		.extra1		= &drop_caches_min,
		.extra2		= &drop_caches_max,
	},
	{ }
};

static int __init drop_caches_init(void)
{
	if (!register_sysctl("vm", drop_caches_table))
		pr_warn("drop_caches: cannot register vm.drop_caches\n");
	return 0;
}
fs_initcall(drop_caches_init);
