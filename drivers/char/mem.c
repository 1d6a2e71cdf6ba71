// SPDX-License-Identifier: GPL-2.0-only
/*
 * The memory devices, major 1: /dev/null, /dev/zero, /dev/full, and the
 * dispatch of every other minor of the major to whoever registered it
 * (register_mem_minor(), <linux/memdev.h>: /dev/kmsg, /dev/random,
 * /dev/urandom).  /dev/mem, /dev/kmem and /dev/port are not provided.
 *
 * Semantics (Linux's):
 *   null   reads return 0 (EOF); writes succeed without reading the buffer
 *   zero   reads fill the buffer with zeros; writes are discarded
 *   full   reads give zeros; writes fail with ENOSPC
 * Seeking any of them succeeds and leaves the position at 0.  mmap of
 * /dev/zero is not provided yet: it needs file-backed mmap from mm.
 *
 * Locking: mem_lock guards memdevs[] (registration at boot); an open
 * reads its slot under it and then uses the (static) fops without it.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/fs.h>
#include <linux/uio.h>
#include <linux/device.h>
#include <linux/memdev.h>
#include <asm/uaccess.h>

struct memdev {
	const char *name;
	umode_t mode;
	const struct file_operations *fops;
};

static struct memdev memdevs[256];
static DEFINE_MUTEX(mem_lock);
static bool mem_ready;

static char *mem_devnode(const struct device *dev, umode_t *mode)
{
	unsigned int minor = MINOR(dev->devt);

	if (minor < ARRAY_SIZE(memdevs) && memdevs[minor].mode)
		*mode = memdevs[minor].mode;
	return NULL;
}

static struct class mem_class = {
	.name = "mem",
	.devnode = mem_devnode,
};

/* ------------------------------------------------------------ null, zero, full */

/* Any seek on any of the three succeeds and lands at 0. */
static loff_t null_lseek(struct file *file, loff_t offset, int whence)
{
	file->f_pos = 0;
	return 0;
}

/* /dev/null reads: end of file straight away. */
static ssize_t read_null(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	return 0;
}

/* /dev/full writes: no space left, ever. */
static ssize_t write_full(struct file *file, const char *buf, size_t count, loff_t *ppos)
{
	return -ENOSPC;
}

static ssize_t read_iter_null(struct kiocb *iocb, struct iov_iter *to)
{
	return 0;
}

/* /dev/null and /dev/zero writes: all taken, the data never looked at. */
static ssize_t write_iter_null(struct kiocb *iocb, struct iov_iter *from)
{
	size_t before = iov_iter_count(from);

	/* Consuming the iterator is what tells the caller the bytes went. */
	iov_iter_advance(from, before);
	return before - iov_iter_count(from);
}

static ssize_t write_null(struct file *file, const char *buf, size_t count, loff_t *ppos)
{
	return count;
}

/*
 * Between two pages of zeros: a pending signal ends the read short (it
 * has done something by then); otherwise give others a turn.
 */
static bool zero_fill_stop(void)
{
	if (signal_pending(current))
		return true;
	cond_resched();
	return false;
}

/*
 * /dev/zero and /dev/full reads: zeros, a page at a time.  A fault
 * ends the read; it fails with EFAULT only if nothing was zeroed.
 */
static ssize_t read_zero(struct file *file, char *buf, size_t count, loff_t *ppos)
{
	char *pos = buf, *end = buf + count;

	while (pos < end) {
		size_t want = min_t(size_t, end - pos, PAGE_SIZE);
		size_t missed = clear_user(pos, want);

		pos += want - missed;
		if (missed)
			return pos == buf ? -EFAULT : pos - buf;
		if (pos < end && zero_fill_stop())
			break;
	}
	return pos - buf;
}

static ssize_t read_iter_zero(struct kiocb *iocb, struct iov_iter *to)
{
	ssize_t total = 0;

	while (iov_iter_count(to)) {
		size_t zeroed = iov_iter_zero(iov_iter_count(to), to);

		if (!zeroed)
			return total ? total : -EFAULT;
		total += zeroed;
		if (iov_iter_count(to) && zero_fill_stop())
			break;
	}
	return total;
}

/* Each device's operations, named after what it does with reads and writes. */
static const struct file_operations null_fops = {
	.read = read_null,
	.read_iter = read_iter_null,
	.write = write_null,
	.write_iter = write_iter_null,
	.llseek = null_lseek,
};

static const struct file_operations zero_fops = {
	.read = read_zero,
	.read_iter = read_iter_zero,
	.write = write_null,
	.write_iter = write_iter_null,
	.llseek = null_lseek,
};

static const struct file_operations full_fops = {
	.read = read_zero,
	.read_iter = read_iter_zero,
	.write = write_full,
	.llseek = null_lseek,
};

/* ------------------------------------------------------------ the major */

static int memory_open(struct inode *inode, struct file *filp)
{
	unsigned int minor = MINOR(inode->i_rdev);
	const struct file_operations *fops = NULL;

	mutex_lock(&mem_lock);
	if (minor < ARRAY_SIZE(memdevs))
		fops = memdevs[minor].fops;
	mutex_unlock(&mem_lock);
	if (!fops)
		return -ENXIO;
	filp->f_op = fops;
	if (fops->open)
		return fops->open(inode, filp);
	return 0;
}

static const struct file_operations memory_fops = {
	.open = memory_open,
	.llseek = noop_llseek,
};

int register_mem_minor(unsigned int minor, const char *name, umode_t mode,
		       const struct file_operations *fops)
{
	struct device *dev;
	bool ready;

	if (minor >= ARRAY_SIZE(memdevs) || !fops || !name)
		return -EINVAL;
	mutex_lock(&mem_lock);
	if (memdevs[minor].fops) {
		mutex_unlock(&mem_lock);
		return -EBUSY;
	}
	memdevs[minor].name = name;
	memdevs[minor].mode = mode & 0777;
	memdevs[minor].fops = fops;
	ready = mem_ready;
	mutex_unlock(&mem_lock);
	/* Before chr_dev_init() the node is made there, with the others. */
	if (ready) {
		dev = device_create(&mem_class, NULL, MKDEV(MEM_MAJOR, minor), NULL, "%s", name);
		if (IS_ERR(dev))
			pr_warn("mem: no device for %s: %ld\n", name, PTR_ERR(dev));
	}
	return 0;
}

static int __init chr_dev_init(void)
{
	int err;

	err = register_chrdev(MEM_MAJOR, "mem", &memory_fops);
	if (err) {
		pr_err("mem: cannot claim major %d: %d\n", MEM_MAJOR, err);
		return err;
	}
	err = class_register(&mem_class);
	if (err)
		return err;
	register_mem_minor(MEM_NULL_MINOR, "null", 0666, &null_fops);
	register_mem_minor(MEM_ZERO_MINOR, "zero", 0666, &zero_fops);
	register_mem_minor(MEM_FULL_MINOR, "full", 0666, &full_fops);

	mutex_lock(&mem_lock);
	mem_ready = true;
	mutex_unlock(&mem_lock);
	for (unsigned int minor = 0; minor < ARRAY_SIZE(memdevs); minor++) {
		struct device *dev;

		if (!memdevs[minor].fops)
			continue;
		dev = device_create(&mem_class, NULL, MKDEV(MEM_MAJOR, minor), NULL, "%s",
				    memdevs[minor].name);
		if (IS_ERR(dev))
			pr_warn("mem: no device for %s: %ld\n", memdevs[minor].name, PTR_ERR(dev));
	}
	return 0;
}
fs_initcall(chr_dev_init);
