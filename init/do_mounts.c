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
 * With root= and no initramfs /init, prepare_namespace() mounts the
 * device as the root: devtmpfs goes on rootfs's /dev so that the name
 * resolves as mount(2) would resolve it (root=/dev/vda, /dev/cciss/c0d0p1;
 * root=MAJ:MIN or Linux's hex form make a node /dev/root first), the
 * device is mounted on /root with rootfstype= (a comma-separated list;
 * without it every registered block file system is tried), rootflags=
 * and ro/rw (ro by default, as in Linux), then moved over / and made the
 * root and working directory of init; devtmpfs is mounted again on the
 * new root's /dev when it has one.  rootwait waits for the device to
 * appear, rootdelay=N waits N seconds first.  A root that cannot be
 * mounted is reported with the block devices there are, and init starts
 * from rootfs: a wrong root= is a boot parameter error, not a panic.
 * PARTUUID= and LABEL= are not understood (a warning says so).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/panic.h>
#include <linux/fs.h>
#include <linux/ramfs.h>
#include <linux/initrd.h>
#include <linux/slab.h>
#include <linux/delay.h>
#include <linux/stat.h>
#include <linux/kdev_t.h>
#include <linux/kstrtox.h>
#include <linux/blkdev.h>
#include <linux/init_syscalls.h>

char saved_root_name[64];
static char root_fs_names[64];
static char root_mount_data[128];
static int root_mountflags = MS_RDONLY;	/* Linux's default: ro */

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

static bool root_wait;
static unsigned int root_delay;

static int __init rootwait_setup(char *str)
{
	if (*str)
		return 0;
	root_wait = true;
	return 1;
}
__setup("rootwait", rootwait_setup);

static int __init rootdelay_setup(char *str)
{
	if (kstrtouint(str, 0, &root_delay))
		pr_warn("VFS: rootdelay=%s is not a number of seconds; ignored\n", str);
	return 1;
}
__setup("rootdelay=", rootdelay_setup);

/*
 * The device path to mount: /dev/NAME as given; MAJ:MIN (decimal) or a
 * hexadecimal dev_t (Linux's old form, e.g. fe00) as a node /dev/root.
 * NULL, with a warning, for forms not understood.
 */
static const char *__init root_device_path(void)
{
	char *colon = strchr(saved_root_name, ':'), *end;
	unsigned int major, minor;
	unsigned long hex;

	if (!strncmp(saved_root_name, "/dev/", 5))
		return saved_root_name;
	if (colon) {
		char maj[16];

		strscpy(maj, saved_root_name, min_t(size_t, sizeof(maj), colon - saved_root_name + 1));
		if (kstrtouint(maj, 10, &major) || kstrtouint(colon + 1, 10, &minor)) {
			pr_warn("VFS: root=%s: not a MAJ:MIN device number\n", saved_root_name);
			return NULL;
		}
		hex = MKDEV(major, minor);
	} else {
		hex = simple_strtoul(saved_root_name, &end, 16);
		if (*end || !*saved_root_name) {
			pr_warn("VFS: root=%s: only /dev/NAME, MAJ:MIN and a hexadecimal device "
				"number are understood (not PARTUUID= or LABEL=)\n", saved_root_name);
			return NULL;
		}
		hex = MKDEV(hex >> 8, hex & 0xff);
	}
	init_unlink("/dev/root");
	if (init_mknod("/dev/root", S_IFBLK | 0600, new_encode_dev(hex)))
		return NULL;
	return "/dev/root";
}

/* Mount dev on /root as one of the types in the comma-separated list. */
static int __init root_mount_types(const char *dev, char *types, unsigned long flags)
{
	int err = -ENODEV;
	char *type;

	while ((type = strsep(&types, ",")) && err) {
		if (!*type)
			continue;
		err = init_mount(dev, "/root", type, flags, root_mount_data);
		/* Not this type, or its driver is missing: the next one. */
		if (err == -EINVAL || err == -ENODEV || err == -EUCLEAN)
			continue;
		if (err)
			break;
	}
	return err;
}

/* Every registered file system that needs a device, comma-separated. */
static char *__init block_fs_types(void)
{
	char *types = kmalloc(PAGE_SIZE, GFP_KERNEL);

	if (types)
		get_block_filesystem_names(types, PAGE_SIZE);
	return types;
}

static int __init root_mount(const char *dev, unsigned long flags)
{
	char *types = root_fs_names[0] ? kstrdup(root_fs_names, GFP_KERNEL) : block_fs_types();
	int err;

	if (!types)
		return -ENOMEM;
	err = root_mount_types(dev, types, flags);
	kfree(types);
	return err;
}

void prepare_namespace(void)
{
	unsigned long flags = root_mountflags;
	const char *dev;
	struct kstat st;
	int err;

	if (!saved_root_name[0]) {
		pr_info("VFS: no root= given: the root stays on rootfs\n");
		return;
	}
	if (root_delay) {
		pr_info("VFS: waiting %u s before mounting the root (rootdelay=)\n", root_delay);
		msleep(root_delay * 1000);
	}
	/* Device nodes for the name to resolve. */
	err = init_mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	if (err)
		pr_warn("VFS: cannot mount devtmpfs on /dev (%d)\n", err);
	dev = root_device_path();
	if (!dev)
		goto stay;
	while (init_stat(dev, &st, 0) && root_wait)
		msleep(10);

	err = root_mount(dev, flags);
	if (err) {
		char *list = kmalloc(PAGE_SIZE, GFP_KERNEL);

		pr_err("VFS: cannot mount root=%s (type %s, options \"%s\", %s): error %d\n",
		       saved_root_name, root_fs_names[0] ? root_fs_names : "any block fs",
		       root_mount_data, (flags & MS_RDONLY) ? "ro" : "rw", err);
		if (list) {
			block_dev_list(list, PAGE_SIZE);
			pr_err("VFS: block devices there are:\n%s", list);
			kfree(list);
		}
		goto stay;
	}
	/* The new root over rootfs, and init's root and working directory. */
	init_umount("/dev", MNT_DETACH);
	err = init_chdir("/root");
	if (!err)
		err = init_mount(".", "/", NULL, MS_MOVE, NULL);
	if (!err)
		err = init_chroot(".");
	if (err) {
		pr_err("VFS: cannot make root=%s the root (error %d)\n", saved_root_name, err);
		return;
	}
	pr_info("VFS: mounted root (%s) on device %s\n",
		(flags & MS_RDONLY) ? "read-only" : "read-write", saved_root_name);
	/* Like Linux with DEVTMPFS_MOUNT: the new root gets its /dev. */
	if (!init_stat("/dev", &st, 0) && S_ISDIR(st.mode) &&
	    init_mount("devtmpfs", "/dev", "devtmpfs", 0, NULL))
		pr_warn("VFS: cannot mount devtmpfs on the new root's /dev\n");
	return;
stay:
	pr_err("VFS: the root stays on rootfs\n");
}
