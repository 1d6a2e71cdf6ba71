// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the character-device layer: a driver registered with
 * register_chrdev() (dynamic major) or alloc_chrdev_region()+cdev_add()
 * receives opens of mknod'ed nodes with its minor, serves read_iter and
 * ioctl, and stops receiving them once unregistered (ENXIO); overlapping
 * regions are refused.  Also the pseudo-file path pipes and sockets use:
 * kern_mount() of a mount_pseudo() type, alloc_file_pseudo(), d_dname.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/kdev_t.h>
#include <linux/uio.h>
#include <linux/init_syscalls.h>
#include <linux/file.h>
#include <linux/mount.h>
#include <linux/selftest.h>
#include "vfs_selftest.h"

long __x64_sys_ioctl(const struct pt_regs *regs);

static int test_opens;

static int tdev_open(struct inode *inode, struct file *file)
{
	test_opens++;
	file->private_data = (void *)(unsigned long)MINOR(inode->i_rdev);
	return 0;
}

/* Reads give the minor number as one byte, endlessly. */
static ssize_t tdev_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	char c = (char)(unsigned long)iocb->ki_filp->private_data;
	size_t n = iov_iter_count(to), done = 0;

	while (done < n && copy_to_iter(&c, 1, to) == 1)
		done++;
	return done;
}

static long tdev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	return cmd == 0x7777 ? 42 : -ENOIOCTLCMD;
}

static const struct file_operations tdev_fops = {
	.open = tdev_open,
	.read_iter = tdev_read_iter,
	.unlocked_ioctl = tdev_ioctl,
	.llseek = noop_llseek,
};

static int chrdev_cases(void)
{
	struct cdev cdev;
	char buf[4];
	dev_t dev;
	int major, fd;

	major = register_chrdev(0, "vfstest", &tdev_fops);
	ST_ASSERT(major > 0, "register_chrdev: %d", major);
	ST_EQ(register_chrdev(major, "again", &tdev_fops), -EBUSY);
	ST_EQ(register_chrdev_region(MKDEV(major, 5), 1, "overlap"), -EBUSY);
	ST_EQ(init_mknod("t5", S_IFCHR | 0600, new_encode_dev(MKDEV(major, 5))), 0);
	fd = t_open("t5", O_RDONLY, 0);
	ST_ASSERT(fd >= 0, "open t5: %d", fd);
	ST_EQ(test_opens, 1);
	ST_EQ(t_read(fd, buf, 3), 3);
	ST_ASSERT(buf[0] == 5 && buf[2] == 5, "read gave %d", buf[0]);
	ST_EQ(t_syscall(__x64_sys_ioctl, fd, 0x7777, 0), 42);
	ST_EQ(t_syscall(__x64_sys_ioctl, fd, 0x7778, 0), -ENOTTY);
	t_close(fd);
	unregister_chrdev(major, "vfstest");
	ST_EQ(t_open("t5", O_RDONLY, 0), -ENXIO);

	/* A range of minors with a cdev of its own. */
	ST_EQ(alloc_chrdev_region(&dev, 10, 2, "vfstest2"), 0);
	cdev_init(&cdev, &tdev_fops);
	ST_EQ(cdev_add(&cdev, dev, 2), 0);
	ST_EQ(init_mknod("t11", S_IFCHR | 0600, new_encode_dev(dev + 1)), 0);
	ST_EQ(init_mknod("t12", S_IFCHR | 0600, new_encode_dev(dev + 2)), 0);
	fd = t_open("t11", O_RDONLY, 0);
	ST_ASSERT(fd >= 0, "open t11: %d", fd);
	ST_EQ(t_read(fd, buf, 1), 1);
	ST_EQ(buf[0], 11);
	t_close(fd);
	ST_EQ(t_open("t12", O_RDONLY, 0), -ENXIO);
	cdev_del(&cdev);
	unregister_chrdev_region(dev, 2);
	ST_EQ(t_open("t11", O_RDONLY, 0), -ENXIO);
	return 0;
}

static int test_chrdev(void)
{
	return vfs_run_sandboxed("chrdev", "tmpfs", NULL, chrdev_cases);
}
DEFINE_SELFTEST("vfs: character devices: register_chrdev, cdev_add, open dispatch",
		test_chrdev);

/* ------------------------------------------------------------ pseudo files */

static char *pseudo_dname(struct dentry *dentry, char *buffer, int buflen)
{
	return dynamic_dname(buffer, buflen, "thing:[%lu]", d_inode(dentry)->i_ino);
}

static const struct dentry_operations pseudo_dops = {
	.d_dname = pseudo_dname,
};

static struct dentry *pseudo_mount(struct file_system_type *type, int flags,
				   const char *dev_name, void *data)
{
	return mount_pseudo(type, "vfstest:", &pseudo_dops, 0x12345678);
}

static struct file_system_type pseudo_fs_type = {
	.name = "vfstestfs",
	.mount = pseudo_mount,
	.kill_sb = kill_anon_super,
};

/* A pipe-like object: a file on a pseudo file system, with no name. */
static int pseudo_files(void)
{
	struct vfsmount *mnt = kern_mount(&pseudo_fs_type);
	struct inode *inode;
	struct file *file;
	char buf[32], *name;
	int fd;

	ST_ASSERT(!IS_ERR(mnt), "kern_mount: %ld", PTR_ERR(mnt));
	inode = new_inode(mnt->mnt_sb);
	ST_ASSERT(inode, "new_inode");
	inode->i_ino = get_next_ino();
	inode->i_mode = S_IFCHR | 0600;
	inode->i_fop = &tdev_fops;
	file = alloc_file_pseudo(inode, mnt, "", O_RDONLY, &tdev_fops);
	ST_ASSERT(!IS_ERR(file), "alloc_file_pseudo: %ld", PTR_ERR(file));
	file->private_data = (void *)7UL;
	fd = get_unused_fd_flags(0);
	ST_ASSERT(fd >= 0, "fd: %d", fd);
	fd_install(fd, file);
	ST_EQ(t_read(fd, buf, 2), 2);
	ST_EQ(buf[0], 7);
	name = d_path(&file->f_path, buf, sizeof(buf));
	ST_ASSERT(!IS_ERR(name) && !strncmp(name, "thing:[", 7), "d_path gave %s",
		  IS_ERR(name) ? "an error" : name);
	ST_EQ(t_close(fd), 0);
	kern_unmount(mnt);
	return 0;
}

static int test_pseudo(void)
{
	return vfs_run_sandboxed("pseudo", "tmpfs", NULL, pseudo_files);
}
DEFINE_SELFTEST("vfs: files on a kern_mount()ed pseudo file system, d_dname names",
		test_pseudo);
