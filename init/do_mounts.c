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
 *
 * A device may also be named by what its partition table says of it, as
 * in Linux: root=PARTUUID=UUID (a GPT entry's unique GUID, or an MBR disk
 * signature and partition number, SSSSSSSS-PP), optionally with
 * /PARTNROFF=N for the partition N numbers further on the same disk, and
 * root=PARTLABEL=NAME (a GPT entry's name).  Beyond Linux, which leaves
 * these to an initramfs, root=LABEL=NAME and root=UUID=UUID name an
 * ext2 file system by its superblock's volume label or UUID (every disk
 * and partition is read at byte 1024 to find it).  With rootwait these
 * are looked for again until the device appears.
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
#include <linux/file.h>

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

/* /dev/root as a node of devt: the path to mount, or NULL. */
static const char *__init root_node(dev_t devt)
{
	init_unlink("/dev/root");
	if (init_mknod("/dev/root", S_IFBLK | 0600, new_encode_dev(devt)))
		return NULL;
	return "/dev/root";
}

/* PARTUUID=UUID[/PARTNROFF=N] or PARTLABEL=NAME: 0 if no partition has it (yet). */
static dev_t __init root_by_partition(const char *spec)
{
	char uuid[PARTITION_META_INFO_UUIDLTH];
	const char *slash;
	int offset = 0;

	if (!strncmp(spec, "PARTLABEL=", 10))
		return blk_lookup_partition(NULL, spec + 10, 0);
	spec += 9;	/* "PARTUUID=" */
	slash = strchr(spec, '/');
	if (slash) {
		if (strncmp(slash, "/PARTNROFF=", 11) || kstrtoint(slash + 11, 10, &offset)) {
			pr_warn("VFS: root=%s: only /PARTNROFF=N may follow the UUID\n",
				saved_root_name);
			return 0;
		}
	}
	strscpy(uuid, spec, min_t(size_t, sizeof(uuid), slash ? slash - spec + 1 : sizeof(uuid)));
	return blk_lookup_partition(uuid, NULL, offset);
}

/* The ext2 superblock fields LABEL= and UUID= look at (byte 1024 of the device). */
#define EXT2_SB_OFFSET		1024
#define EXT2_SB_MAGIC_AT	56
#define EXT2_SB_UUID_AT		104
#define EXT2_SB_LABEL_AT	120
#define EXT2_SB_LABEL_LEN	16
#define EXT2_SB_MAGIC		0xef53

/* Does the ext2 superblock of devt carry this LABEL= or UUID= value? */
static bool __init root_fs_matches(dev_t devt, bool by_label, const char *value)
{
	static const char probe[] = "/dev/.root-probe";
	u8 sb[EXT2_SB_LABEL_AT + EXT2_SB_LABEL_LEN];
	char text[PARTITION_META_INFO_UUIDLTH];
	struct file *file;
	loff_t pos = EXT2_SB_OFFSET;
	bool match = false;

	init_unlink(probe);
	if (init_mknod(probe, S_IFBLK | 0400, new_encode_dev(devt)))
		return false;
	file = filp_open(probe, O_RDONLY, 0);
	init_unlink(probe);
	if (IS_ERR(file))
		return false;
	if (kernel_read(file, sb, sizeof(sb), &pos) == sizeof(sb) &&
	    (sb[EXT2_SB_MAGIC_AT] | sb[EXT2_SB_MAGIC_AT + 1] << 8) == EXT2_SB_MAGIC) {
		if (by_label) {
			memcpy(text, sb + EXT2_SB_LABEL_AT, EXT2_SB_LABEL_LEN);
			text[EXT2_SB_LABEL_LEN] = '\0';
			match = !strcmp(text, value);
		} else {
			const u8 *u = sb + EXT2_SB_UUID_AT;

			/* As blkid prints it: the 16 bytes in order, 8-4-4-4-12. */
			snprintf(text, sizeof(text),
				 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
				 u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10],
				 u[11], u[12], u[13], u[14], u[15]);
			match = !strcasecmp(text, value);
		}
	}
	fput(file);
	return match;
}

/* LABEL=NAME or UUID=UUID of an ext2 file system: 0 if none has it (yet). */
static dev_t __init root_by_fs(const char *spec)
{
	bool by_label = !strncmp(spec, "LABEL=", 6);
	const char *value = strchr(spec, '=') + 1;
	unsigned int n, i;
	dev_t *devts, found = 0;

	devts = kcalloc(256, sizeof(*devts), GFP_KERNEL);
	if (!devts)
		return 0;
	n = blk_list_devts(devts, 256);
	for (i = 0; i < n && !found; i++)
		if (root_fs_matches(devts[i], by_label, value))
			found = devts[i];
	kfree(devts);
	return found;
}

/*
 * The device path to mount: /dev/NAME as given; MAJ:MIN (decimal), a
 * hexadecimal dev_t (Linux's old form, e.g. fe00) or a device found by
 * PARTUUID=, PARTLABEL=, LABEL= or UUID= as a node /dev/root.  NULL,
 * with a message, for forms not understood or devices not found.
 */
static const char *__init root_device_path(void)
{
	char *colon = strchr(saved_root_name, ':'), *end;
	unsigned int major, minor;
	unsigned long hex;
	dev_t devt;

	if (!strncmp(saved_root_name, "/dev/", 5))
		return saved_root_name;
	if (!strncmp(saved_root_name, "PARTUUID=", 9) || !strncmp(saved_root_name, "PARTLABEL=", 10) ||
	    !strncmp(saved_root_name, "LABEL=", 6) || !strncmp(saved_root_name, "UUID=", 5)) {
		bool by_table = saved_root_name[0] == 'P';

		while (!(devt = by_table ? root_by_partition(saved_root_name) :
					   root_by_fs(saved_root_name)) && root_wait)
			msleep(100);
		if (!devt) {
			pr_err("VFS: root=%s: no such %s\n", saved_root_name,
			       by_table ? "partition" : "ext2 file system");
			return NULL;
		}
		pr_info("VFS: root=%s is %u:%u\n", saved_root_name, MAJOR(devt), MINOR(devt));
		return root_node(devt);
	}
	if (colon) {
		char maj[16];

		strscpy(maj, saved_root_name, min_t(size_t, sizeof(maj), colon - saved_root_name + 1));
		if (kstrtouint(maj, 10, &major) || kstrtouint(colon + 1, 10, &minor)) {
			pr_warn("VFS: root=%s: not a MAJ:MIN device number\n", saved_root_name);
			return NULL;
		}
		return root_node(MKDEV(major, minor));
	}
	hex = simple_strtoul(saved_root_name, &end, 16);
	if (*end || !*saved_root_name) {
		pr_warn("VFS: root=%s: not understood (/dev/NAME, MAJ:MIN, a hexadecimal device "
			"number, PARTUUID=, PARTLABEL=, LABEL= or UUID=)\n", saved_root_name);
		return NULL;
	}
	return root_node(MKDEV(hex >> 8, hex & 0xff));
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
	char *list;
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
		pr_err("VFS: cannot mount root=%s (type %s, options \"%s\", %s): error %d\n",
		       saved_root_name, root_fs_names[0] ? root_fs_names : "any block fs",
		       root_mount_data, (flags & MS_RDONLY) ? "ro" : "rw", err);
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
	list = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (list) {
		block_dev_list(list, PAGE_SIZE);
		pr_err("VFS: block devices there are:\n%s", list);
		kfree(list);
	}
	pr_err("VFS: the root stays on rootfs\n");
}
