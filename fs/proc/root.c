// SPDX-License-Identifier: GPL-2.0-only
/*
 * The proc file system type and /proc itself: its directory lists the
 * registered entries and then one directory per process (and "self",
 * "thread-self"); proc_root_init() registers the type and the files
 * every kernel has.
 *
 * Each mount of proc is a super block of its own (proc_test_super()),
 * all showing the same processes: there are no pid namespaces or mount
 * options such as hidepid.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/stat.h>
#include <linux/proc_fs.h>
#include <uapi/linux/magic.h>
#include "internal.h"

static struct dentry *proc_root_lookup(struct inode *dir, struct dentry *dentry,
				       unsigned int flags)
{
	struct dentry *res = proc_lookup(dir, dentry, flags);

	if (!IS_ERR(res) || PTR_ERR(res) != -ENOENT)
		return res;
	return proc_pid_lookup(dentry, flags);
}

static int proc_root_readdir(struct file *file, struct dir_context *ctx)
{
	if (ctx->pos < FIRST_PROCESS_ENTRY) {
		if (proc_readdir_de(file, ctx, &proc_root))
			return 0;
		ctx->pos = FIRST_PROCESS_ENTRY;
	}
	return proc_pid_readdir(file, ctx);
}

static const struct file_operations proc_root_operations = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = proc_root_readdir,
};

static const struct inode_operations proc_root_inode_operations = {
	.lookup = proc_root_lookup,
};

struct proc_dir_entry proc_root = {
	.refcnt = ATOMIC_INIT(1),
	.low_ino = 1,		/* PROC_ROOT_INO */
	.mode = S_IFDIR | 0555,
	.nlink = 2,
	.proc_iops = &proc_root_inode_operations,
	.proc_dir_ops = &proc_root_operations,
	.subdir = LIST_HEAD_INIT(proc_root.subdir),
	.subdir_node = LIST_HEAD_INIT(proc_root.subdir_node),
	.namelen = 5,
	.name = "/proc",
};

/* ------------------------------------------------------------ mounting */

/*
 * Every mount of proc is an instance of its own, as in Linux since 5.8
 * (per-mount options): mounting proc where proc already is stacks a new
 * one instead of failing with EBUSY, which "mount -a" relies on when
 * /proc was mounted under another source name than fstab's.
 */
static int proc_test_super(struct super_block *sb, void *data)
{
	return 0;
}

static int proc_set_super(struct super_block *sb, void *data)
{
	return set_anon_super(sb, NULL);
}

static struct dentry *proc_mount(struct file_system_type *fs_type, int flags,
				 const char *dev_name, void *data)
{
	struct super_block *sb = sget(fs_type, proc_test_super, proc_set_super, flags, NULL);
	int err;

	if (IS_ERR(sb))
		return ERR_PTR(PTR_ERR(sb));
	if (!sb->s_root) {
		err = proc_fill_super(sb);
		if (err) {
			deactivate_locked_super(sb);
			return ERR_PTR(err);
		}
		sb->s_flags |= SB_ACTIVE;
	}
	return dget(sb->s_root);
}

static struct file_system_type proc_fs_type = {
	.name = "proc",
	.mount = proc_mount,
	.kill_sb = kill_anon_super,
};

static int __init proc_root_init(void)
{
	int err;

	proc_init_kmemcache();
	proc_self_init();
	proc_symlink("mounts", NULL, "self/mounts");
	proc_mkdir("fs", NULL);
	proc_mkdir("driver", NULL);
	err = proc_sys_init();
	if (err)
		pr_err("proc: cannot create /proc/sys: %d\n", err);
	proc_meminfo_init();
	proc_stat_init();
	proc_uptime_init();
	proc_loadavg_init();
	proc_version_init();
	proc_cmdline_init();
	proc_devices_init();
	proc_interrupts_init();
	proc_vmstat_init();
	proc_mounts_init();
	proc_misc_init();
	return register_filesystem(&proc_fs_type);
}
fs_initcall(proc_root_init);
