// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sysfs file system type: every mount shows the one kernfs tree
 * rooted at sysfs_root_kn (mount -t sysfs sysfs /sys).  sysfs_init()
 * creates the root and registers the type; drivers/base/init.c calls it
 * before building /sys/devices, /sys/class and the rest.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernfs.h>
#include <linux/sysfs.h>
#include <uapi/linux/magic.h>

static struct dentry *sysfs_mount(struct file_system_type *fs_type, int flags,
				  const char *dev_name, void *data)
{
	return kernfs_mount(fs_type, flags, sysfs_root_kn, SYSFS_MAGIC);
}

static struct file_system_type sysfs_fs_type = {
	.name = "sysfs",
	.mount = sysfs_mount,
	.kill_sb = kernfs_kill_sb,
};

int __init sysfs_init(void)
{
	sysfs_root_kn = kernfs_create_root(0755, NULL);
	if (!sysfs_root_kn)
		return -ENOMEM;
	return register_filesystem(&sysfs_fs_type);
}
