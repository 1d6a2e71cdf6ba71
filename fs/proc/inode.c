// SPDX-License-Identifier: GPL-2.0-only
/*
 * proc inodes: struct proc_inode allocation, inodes for proc_dir_entry
 * nodes, the file operations that hand calls to an entry's proc_ops, the
 * super block set-up and inode numbers.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stat.h>
#include <linux/fs.h>
#include <linux/statfs.h>
#include <linux/poll.h>
#include <linux/seq_file.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/proc_fs.h>
#include <linux/sysctl.h>
#include <uapi/linux/magic.h>
#include "internal.h"

/* Inode numbers of static entries: Linux keeps them in a high range too. */
#define PROC_DYNAMIC_FIRST	0xF0000000U

static atomic_t proc_inum = ATOMIC_INIT(0);

unsigned int proc_alloc_inum(void)
{
	return PROC_DYNAMIC_FIRST + (unsigned int)atomic_inc_return(&proc_inum);
}

struct timespec64 proc_boot_time(void)
{
	return ns_to_timespec64(ktime_get_real_ns() - ktime_get_boottime_ns());
}

/* ------------------------------------------------------------ inodes */

static struct kmem_cache *proc_inode_cachep;

static struct inode *proc_alloc_inode(struct super_block *sb)
{
	struct proc_inode *ei = kmem_cache_zalloc(proc_inode_cachep, GFP_KERNEL);

	if (!ei)
		return NULL;
	ei->fd = -1;
	return &ei->vfs_inode;
}

static void proc_free_inode(struct inode *inode)
{
	kmem_cache_free(proc_inode_cachep, PROC_I(inode));
}

static void proc_evict_inode(struct inode *inode)
{
	struct proc_inode *ei = PROC_I(inode);

	clear_inode(inode);
	if (ei->task) {
		put_task_struct(ei->task);
		ei->task = NULL;
	}
	if (ei->pde) {
		pde_put(ei->pde);
		ei->pde = NULL;
	}
	if (ei->sysctl) {
		sysctl_head_put(ei->sysctl);
		ei->sysctl = NULL;
	}
}

static const struct super_operations proc_sops = {
	.alloc_inode = proc_alloc_inode,
	.destroy_inode = proc_free_inode,
	.evict_inode = proc_evict_inode,
	.statfs = simple_statfs,
};

/* ------------------------------------------------------------ files of entries */

static int proc_reg_open(struct inode *inode, struct file *file)
{
	const struct proc_ops *ops = PDE(inode)->proc_ops;

	if (ops && ops->proc_open)
		return ops->proc_open(inode, file);
	return 0;
}

static int proc_reg_release(struct inode *inode, struct file *file)
{
	const struct proc_ops *ops = PDE(inode)->proc_ops;

	if (ops && ops->proc_release)
		return ops->proc_release(inode, file);
	return 0;
}

static ssize_t proc_reg_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	const struct proc_ops *ops = PDE(file_inode(file))->proc_ops;

	if (!ops || !ops->proc_read)
		return -EIO;
	return ops->proc_read(file, ubuf, count, ppos);
}

static ssize_t proc_reg_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	const struct proc_ops *ops = PDE(file_inode(iocb->ki_filp))->proc_ops;

	return ops->proc_read_iter(iocb, to);
}

static ssize_t proc_reg_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	const struct proc_ops *ops = PDE(file_inode(file))->proc_ops;

	if (!ops || !ops->proc_write)
		return -EIO;
	return ops->proc_write(file, ubuf, count, ppos);
}

static loff_t proc_reg_llseek(struct file *file, loff_t offset, int whence)
{
	const struct proc_ops *ops = PDE(file_inode(file))->proc_ops;

	if (ops && ops->proc_lseek)
		return ops->proc_lseek(file, offset, whence);
	return default_llseek(file, offset, whence);
}

static __poll_t proc_reg_poll(struct file *file, struct poll_table_struct *pt)
{
	const struct proc_ops *ops = PDE(file_inode(file))->proc_ops;

	if (ops && ops->proc_poll)
		return ops->proc_poll(file, pt);
	return DEFAULT_POLLMASK;
}

static long proc_reg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	const struct proc_ops *ops = PDE(file_inode(file))->proc_ops;

	if (ops && ops->proc_ioctl)
		return ops->proc_ioctl(file, cmd, arg);
	return -ENOTTY;
}

/* Entries with ->proc_read (user buffers). */
const struct file_operations proc_reg_file_ops = {
	.open = proc_reg_open,
	.release = proc_reg_release,
	.read = proc_reg_read,
	.write = proc_reg_write,
	.llseek = proc_reg_llseek,
	.poll = proc_reg_poll,
	.unlocked_ioctl = proc_reg_ioctl,
};

/* Entries with ->proc_read_iter: kernel_read() and readv work too. */
const struct file_operations proc_iter_file_ops = {
	.open = proc_reg_open,
	.release = proc_reg_release,
	.read_iter = proc_reg_read_iter,
	.write = proc_reg_write,
	.llseek = proc_reg_llseek,
	.poll = proc_reg_poll,
	.unlocked_ioctl = proc_reg_ioctl,
};

static const char *proc_pde_get_link(struct dentry *dentry, struct inode *inode,
				     struct delayed_call *done)
{
	return PDE(inode)->data;
}

static const struct inode_operations proc_link_inode_operations = {
	.get_link = proc_pde_get_link,
};

struct inode *proc_get_inode(struct super_block *sb, struct proc_dir_entry *de)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	PROC_I(inode)->pde = pde_get(de);
	inode->i_ino = de->low_ino;
	inode->i_mode = de->mode;
	inode->i_size = de->size;
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
	set_nlink(inode, de->nlink);
	if (de->proc_iops)
		inode->i_op = de->proc_iops;
	if (S_ISREG(de->mode)) {
		if (de->proc_ops && de->proc_ops->proc_read_iter)
			inode->i_fop = &proc_iter_file_ops;
		else
			inode->i_fop = &proc_reg_file_ops;
	} else if (S_ISDIR(de->mode)) {
		inode->i_fop = de->proc_dir_ops;
	} else if (S_ISLNK(de->mode)) {
		inode->i_op = de->proc_iops ? de->proc_iops : &proc_link_inode_operations;
	}
	return inode;
}

/* ------------------------------------------------------------ super block */

int proc_fill_super(struct super_block *sb)
{
	struct inode *root;

	sb->s_magic = PROC_SUPER_MAGIC;
	sb->s_op = &proc_sops;
	sb->s_blocksize = 1024;
	sb->s_blocksize_bits = 10;
	sb->s_time_gran = 1;
	root = proc_get_inode(sb, &proc_root);
	if (!root)
		return -ENOMEM;
	sb->s_root = d_make_root(root);
	return sb->s_root ? 0 : -ENOMEM;
}

void __init proc_init_kmemcache(void)
{
	proc_inode_cachep = kmem_cache_create("proc_inode_cache", sizeof(struct proc_inode), 0,
					      SLAB_PANIC, NULL);
}
