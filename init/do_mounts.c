// SPDX-License-Identifier: GPL-2.0-only
/*
 * The root file system.
 *
 * At boot the mount namespace gets "rootfs" at /: a tmpfs instance (a
 * ramfs one if root= names a device, as in Linux, since then rootfs only
 * holds the initramfs until the real root takes over).  The initramfs is
 * unpacked into it (init/initramfs.c).
 *
 * Interface: init_rootfs() (called by the VFS when it creates the mount
 * tree), prepare_namespace() (kernel_init(), when no initramfs /init
 * exists), and the command-line parameters root=, rootfstype=,
 * rootflags=, ro, rw.
 *
 * Mounting a device as root needs block devices, which do not exist
 * yet: prepare_namespace() says so and leaves rootfs as the root.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/panic.h>
#include <linux/fs.h>
#include <linux/ramfs.h>
#include <linux/initrd.h>

char saved_root_name[64];
static char root_fs_names[64];
static char root_mount_data[128];
static int root_mountflags;

static int __init root_dev_setup(char *line)
{
	strscpy(saved_root_name, line, sizeof(saved_root_name));
	return 1;
}
__setup("root=", root_dev_setup);

static int __init fs_names_setup(char *str)
{
	strscpy(root_fs_names, str, sizeof(root_fs_names));
	return 1;
}
__setup("rootfstype=", fs_names_setup);

static int __init root_data_setup(char *str)
{
	strscpy(root_mount_data, str, sizeof(root_mount_data));
	return 1;
}
__setup("rootflags=", root_data_setup);

static int __init readonly(char *str)
{
	if (*str)
		return 0;
	root_mountflags |= MS_RDONLY;
	return 1;
}
__setup("ro", readonly);

static int __init readwrite(char *str)
{
	if (*str)
		return 0;
	root_mountflags &= ~MS_RDONLY;
	return 1;
}
__setup("rw", readwrite);

/* tmpfs unless a real root device was named (Linux's rule). */
static bool rootfs_is_tmpfs(void)
{
	return !saved_root_name[0] || !strcmp(root_fs_names, "tmpfs");
}

static struct dentry *rootfs_mount(struct file_system_type *fs_type, int flags,
				   const char *dev_name, void *data)
{
	return ramfs_mount_rootfs(fs_type, flags, data, rootfs_is_tmpfs());
}

struct file_system_type rootfs_fs_type = {
	.name = "rootfs",
	.mount = rootfs_mount,
	.kill_sb = ramfs_kill_sb,
};

void init_rootfs(void)
{
	init_ramfs_fs();
	if (register_filesystem(&rootfs_fs_type))
		panic("VFS: cannot register rootfs");
}

void prepare_namespace(void)
{
	if (!saved_root_name[0]) {
		pr_info("VFS: no root= given: the root stays on rootfs\n");
		return;
	}
	pr_err("VFS: cannot mount root=%s (type %s, options \"%s\", %s): block devices "
	       "are not supported yet; the root stays on rootfs\n", saved_root_name,
	       root_fs_names[0] ? root_fs_names : "any", root_mount_data,
	       (root_mountflags & MS_RDONLY) ? "ro" : "rw");
}
