// SPDX-License-Identifier: GPL-2.0-only
/*
 * debugfs file operations: every debugfs file's inode uses
 * debugfs_proxy_fops, which forwards each call to the creator's
 * file_operations (dentry->d_fsdata, see internal.h) while holding an
 * "active" count, so that debugfs_remove() can wait for calls in flight
 * and refuse new ones.
 *
 * After removal: open fails with -ENOENT; read, write, llseek and ioctl
 * fail with -EIO; poll reports EPOLLERR; release still reaches the
 * creator's ->release (it frees what ->open allocated and must not rely
 * on the data pointer still being valid).  A call that blocks (a reader
 * waiting for data) keeps the count up, so removing such a file waits
 * until the call returns.
 *
 * Locking: fsd->lock guards active and removed.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/seq_file.h>
#include <linux/dcache.h>
#include "internal.h"

static struct debugfs_fsdata *fsdata_of(struct file *file)
{
	return file->f_path.dentry->d_fsdata;
}

/* The creator's fops with a call counted, or NULL once the file is removed. */
static const struct file_operations *debugfs_file_get(struct debugfs_fsdata *fsd)
{
	const struct file_operations *fops = NULL;

	spin_lock(&fsd->lock);
	if (!fsd->removed) {
		fsd->active++;
		fops = fsd->real_fops;
	}
	spin_unlock(&fsd->lock);
	return fops;
}

static void debugfs_file_put(struct debugfs_fsdata *fsd)
{
	bool wake;

	spin_lock(&fsd->lock);
	wake = --fsd->active == 0 && fsd->removed;
	spin_unlock(&fsd->lock);
	if (wake)
		wake_up_all(&fsd->wq);
}

static bool debugfs_file_idle(struct debugfs_fsdata *fsd)
{
	bool idle;

	spin_lock(&fsd->lock);
	idle = fsd->active == 0;
	spin_unlock(&fsd->lock);
	return idle;
}

void debugfs_file_kill(struct debugfs_fsdata *fsd)
{
	spin_lock(&fsd->lock);
	fsd->removed = true;
	spin_unlock(&fsd->lock);
	wait_event(fsd->wq, debugfs_file_idle(fsd));
}

static int proxy_open(struct inode *inode, struct file *file)
{
	struct debugfs_fsdata *fsd = fsdata_of(file);
	const struct file_operations *fops = debugfs_file_get(fsd);
	int ret = 0;

	if (!fops)
		return -ENOENT;
	if (fops->open)
		ret = fops->open(inode, file);
	debugfs_file_put(fsd);
	return ret;
}

static int proxy_release(struct inode *inode, struct file *file)
{
	const struct file_operations *fops = fsdata_of(file)->real_fops;

	return fops->release ? fops->release(inode, file) : 0;
}

/* A ->read_iter/->write_iter method driven from a plain user buffer. */
static ssize_t proxy_iter(struct file *file, const struct file_operations *fops, char *ubuf,
			  size_t count, loff_t *ppos, int rw)
{
	struct iov_iter iter;
	struct kiocb kiocb = {
		.ki_filp = file,
		.ki_pos = *ppos,
		.ki_flags = (file->f_flags & O_NONBLOCK) ? IOCB_NOWAIT : 0,
	};
	ssize_t ret;

	iov_iter_ubuf(&iter, rw == READ ? ITER_DEST : ITER_SOURCE, ubuf, count);
	ret = rw == READ ? fops->read_iter(&kiocb, &iter) : fops->write_iter(&kiocb, &iter);
	*ppos = kiocb.ki_pos;
	return ret;
}

static ssize_t proxy_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	struct debugfs_fsdata *fsd = fsdata_of(file);
	const struct file_operations *fops = debugfs_file_get(fsd);
	ssize_t ret;

	if (!fops)
		return -EIO;
	if (fops->read)
		ret = fops->read(file, ubuf, count, ppos);
	else if (fops->read_iter)
		ret = proxy_iter(file, fops, ubuf, count, ppos, READ);
	else
		ret = -EINVAL;
	debugfs_file_put(fsd);
	return ret;
}

static ssize_t proxy_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	struct debugfs_fsdata *fsd = fsdata_of(file);
	const struct file_operations *fops = debugfs_file_get(fsd);
	ssize_t ret;

	if (!fops)
		return -EIO;
	if (fops->write)
		ret = fops->write(file, ubuf, count, ppos);
	else if (fops->write_iter)
		ret = proxy_iter(file, fops, (char *)ubuf, count, ppos, WRITE);
	else
		ret = -EINVAL;
	debugfs_file_put(fsd);
	return ret;
}

/*
 * The iterator forms (kernel_read(), readv): the creator's ->read_iter,
 * seq_read_iter() for seq_read, or ->read for a single user buffer.  Kernel buffers cannot go to
 * ->read, which expects user memory.
 */
static ssize_t proxy_rw_iter(struct kiocb *iocb, struct iov_iter *iter, int rw)
{
	struct debugfs_fsdata *fsd = fsdata_of(iocb->ki_filp);
	const struct file_operations *fops = debugfs_file_get(fsd);
	ssize_t ret = -EINVAL;

	if (!fops)
		return -EIO;
	if (rw == READ && fops->read_iter) {
		ret = fops->read_iter(iocb, iter);
	} else if (rw == READ && fops->read == seq_read) {
		/* seq_read() is a front end of seq_read_iter(). */
		ret = seq_read_iter(iocb, iter);
	} else if (rw == WRITE && fops->write_iter) {
		ret = fops->write_iter(iocb, iter);
	} else if (iov_iter_type(iter) == ITER_UBUF) {
		char *ubuf = (char *)iter->ubuf + iter->iov_offset;
		size_t count = iov_iter_count(iter);

		if (rw == READ && fops->read)
			ret = fops->read(iocb->ki_filp, ubuf, count, &iocb->ki_pos);
		else if (rw == WRITE && fops->write)
			ret = fops->write(iocb->ki_filp, ubuf, count, &iocb->ki_pos);
		if (ret > 0)
			iov_iter_advance(iter, ret);
	}
	debugfs_file_put(fsd);
	return ret;
}

static ssize_t proxy_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	return proxy_rw_iter(iocb, to, READ);
}

static ssize_t proxy_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	return proxy_rw_iter(iocb, from, WRITE);
}

static loff_t proxy_llseek(struct file *file, loff_t offset, int whence)
{
	struct debugfs_fsdata *fsd = fsdata_of(file);
	const struct file_operations *fops = debugfs_file_get(fsd);
	loff_t ret;

	if (!fops)
		return -EIO;
	ret = fops->llseek ? fops->llseek(file, offset, whence) :
			     default_llseek(file, offset, whence);
	debugfs_file_put(fsd);
	return ret;
}

static __poll_t proxy_poll(struct file *file, struct poll_table_struct *pt)
{
	struct debugfs_fsdata *fsd = fsdata_of(file);
	const struct file_operations *fops = debugfs_file_get(fsd);
	__poll_t ret;

	if (!fops)
		return POLLERR | POLLHUP;
	ret = fops->poll ? fops->poll(file, pt) : DEFAULT_POLLMASK;
	debugfs_file_put(fsd);
	return ret;
}

static long proxy_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct debugfs_fsdata *fsd = fsdata_of(file);
	const struct file_operations *fops = debugfs_file_get(fsd);
	long ret;

	if (!fops)
		return -EIO;
	ret = fops->unlocked_ioctl ? fops->unlocked_ioctl(file, cmd, arg) : -ENOTTY;
	debugfs_file_put(fsd);
	return ret;
}

const struct file_operations debugfs_proxy_fops = {
	.open = proxy_open,
	.release = proxy_release,
	.read = proxy_read,
	.write = proxy_write,
	.read_iter = proxy_read_iter,
	.write_iter = proxy_write_iter,
	.llseek = proxy_llseek,
	.poll = proxy_poll,
	.unlocked_ioctl = proxy_ioctl,
};
