// SPDX-License-Identifier: GPL-2.0-only
/*
 * /dev/kmsg (char 1:11): the kernel log as records, Linux's interface.
 *
 *   read    one record per call, "prio,seq,ts_usec,-;text\n" as
 *           log_format_kmsg() makes it; -EINVAL if the buffer is too
 *           small for the record; -EPIPE once if records were lost
 *           since the last read (the reader skips to the oldest one);
 *           blocks (or -EAGAIN with O_NONBLOCK) when there is nothing new
 *   write   one message into the log: an optional "<N>" prefix gives its
 *           level (N & 7; the facility N >> 3 is not kept: printk's ring
 *           stores levels only, so it reads back as facility 0)
 *   lseek   offset 0 only: SEEK_SET to the oldest record, SEEK_DATA to
 *           the first after the last syslog CLEAR, SEEK_END past the newest
 *   poll    POLLIN when a record is there; POLLERR|POLLPRI after records
 *           were lost
 * Opening for reading follows kernel.dmesg_restrict.  A reader opened
 * starts at the oldest record.
 *
 * Locking: each open file has its own position (user->seq) guarded by
 * user->lock; the ring has its own lock inside printk.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/printk.h>
#include <linux/memdev.h>
#include <linux/syslog.h>

/* Longest message a write may inject (printk's line limit). */
#define DEVKMSG_LINE_MAX	1024
/* A record as read(2) returns it: the line plus its prefix. */
#define DEVKMSG_REC_MAX		(DEVKMSG_LINE_MAX + 64)

struct devkmsg_user {
	struct mutex lock;
	u64 seq;		/* next record to read */
	char buf[DEVKMSG_REC_MAX];
};

static int devkmsg_open(struct inode *inode, struct file *file)
{
	struct devkmsg_user *user;
	int err;

	/* Write-only opens are for logging and need no permission. */
	if ((file->f_flags & O_ACCMODE) != O_WRONLY) {
		err = check_syslog_permissions(SYSLOG_ACTION_READ_ALL, true);
		if (err)
			return err;
	}
	user = kzalloc(sizeof(*user), GFP_KERNEL);
	if (!user)
		return -ENOMEM;
	mutex_init(&user->lock);
	user->seq = log_first_seq();
	file->private_data = user;
	return 0;
}

static int devkmsg_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static ssize_t devkmsg_read(struct kiocb *iocb, struct iov_iter *to)
{
	struct file *file = iocb->ki_filp;
	struct devkmsg_user *user = file->private_data;
	size_t count = iov_iter_count(to);
	u64 next;
	ssize_t ret;
	int n;

	if (!user)
		return -EBADF;
	if (mutex_lock_interruptible(&user->lock))
		return -ERESTARTSYS;
	while (user->seq >= log_next_seq()) {
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			goto out;
		}
		mutex_unlock(&user->lock);
		ret = log_wait_for(user->seq);
		if (ret)
			return ret;
		if (mutex_lock_interruptible(&user->lock))
			return -ERESTARTSYS;
	}
	if (user->seq < log_first_seq()) {
		/* We were overrun: say so once, then continue at the oldest. */
		user->seq = log_first_seq();
		ret = -EPIPE;
		goto out;
	}
	n = log_format_kmsg(user->seq, user->buf, sizeof(user->buf), &next);
	if (n <= 0) {
		/* Dropped between the checks: the next read reports it. */
		ret = -EPIPE;
		user->seq = log_first_seq();
		goto out;
	}
	if ((size_t)n > count) {
		ret = -EINVAL;
		goto out;
	}
	if (copy_to_iter(user->buf, n, to) != (size_t)n) {
		ret = -EFAULT;
		goto out;
	}
	user->seq = next;
	ret = n;
out:
	mutex_unlock(&user->lock);
	return ret;
}

static ssize_t devkmsg_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	size_t len = iov_iter_count(from);
	int level = LOGLEVEL_DEFAULT;
	char *line, *text;
	ssize_t ret = len;

	if (len > DEVKMSG_LINE_MAX)
		return -EINVAL;
	line = kmalloc(len + 1, GFP_KERNEL);
	if (!line)
		return -ENOMEM;
	if (copy_from_iter(line, len, from) != len) {
		kfree(line);
		return -EFAULT;
	}
	line[len] = '\0';
	text = line;
	if (text[0] == '<') {
		char *end;
		unsigned long prio = simple_strtoul(text + 1, &end, 10);

		if (end > text + 1 && *end == '>') {
			level = prio & 7;
			text = end + 1;
		}
	}
	printk("\001%d%s", level, text);
	kfree(line);
	return ret;
}

/*
 * The record a seek lands on: SEEK_SET the oldest one still in the
 * buffer, SEEK_DATA the first one after the last syslog clear (what
 * "dmesg -c" has not shown yet), SEEK_END just past the newest.
 */
static u64 devkmsg_seek_target(int whence)
{
	u64 oldest = log_first_seq();

	if (whence == SEEK_END)
		return log_next_seq();
	if (whence == SEEK_DATA)
		return max(oldest, syslog_clear_seq());
	return oldest;
}

/* Records cannot be addressed by byte offset: only offset 0 is accepted. */
static loff_t devkmsg_llseek(struct file *file, loff_t offset, int whence)
{
	struct devkmsg_user *user = file->private_data;

	if (!user)
		return -EBADF;
	if (offset)
		return -ESPIPE;
	if (whence != SEEK_SET && whence != SEEK_DATA && whence != SEEK_END)
		return -EINVAL;
	mutex_lock(&user->lock);
	user->seq = devkmsg_seek_target(whence);
	mutex_unlock(&user->lock);
	return 0;
}

static __poll_t devkmsg_poll(struct file *file, poll_table *wait)
{
	struct devkmsg_user *user = file->private_data;
	__poll_t mask = 0;
	u64 seq;

	if (!user)
		return POLLERR | POLLNVAL;
	poll_wait(file, &log_wait, wait);
	if (!poll_does_not_wait(wait))
		log_wait_arm();
	seq = READ_ONCE(user->seq);
	if (seq < log_next_seq()) {
		mask |= POLLIN | POLLRDNORM;
		if (seq < log_first_seq())
			mask |= POLLERR | POLLPRI;
	}
	return mask;
}

static const struct file_operations kmsg_fops = {
	.open = devkmsg_open,
	.read_iter = devkmsg_read,
	.write_iter = devkmsg_write_iter,
	.llseek = devkmsg_llseek,
	.poll = devkmsg_poll,
	.release = devkmsg_release,
};

static int __init devkmsg_init(void)
{
	return register_mem_minor(MEM_KMSG_MINOR, "kmsg", 0644, &kmsg_fops);
}
device_initcall(devkmsg_init);
