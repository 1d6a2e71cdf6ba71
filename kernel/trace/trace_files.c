// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tracing files, under debugfs "tracing/" (Linux's paths):
 *
 *   trace            the ring as text after a '#' header; reading does not
 *                    consume; any write, or an open with O_TRUNC, clears it
 *   trace_pipe       consuming read: blocks until a record arrives
 *                    (O_NONBLOCK: EAGAIN; a signal: ERESTARTSYS), polls
 *   tracing_on       0/1: whether records are stored at all
 *   buffer_size_kb   ring size in KiB (writing reallocates and clears)
 *   events/writeback/enable                       all of them: 0, 1, or X (mixed)
 *   events/writeback/balance_dirty_pages/enable   0/1
 *   events/writeback/global_dirty_state/enable    0/1
 *   events/writeback/bdi_dirty_ratelimit/enable   0/1
 *
 * Locking: the ring's (trace.c); the enable flags are single words
 * written with WRITE_ONCE.  These files are never removed.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/seq_file.h>
#include <linux/debugfs.h>
#include <linux/cpumask.h>
#include <linux/kstrtox.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <uapi/linux/fcntl.h>
#include <trace/events/writeback.h>
#include <asm/uaccess.h>
#include "trace.h"

/* ------------------------------------------------------------ small number files */

static ssize_t trace_read_text(char *ubuf, size_t count, loff_t *ppos, const char *text)
{
	size_t len = strlen(text);

	if (*ppos < 0)
		return -EINVAL;
	if (*ppos >= len)
		return 0;
	count = min_t(size_t, count, len - *ppos);
	if (copy_to_user(ubuf, text + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

/* A user's number: "1", "0\n", " 1024 ". */
static int trace_parse_ulong(const char *ubuf, size_t count, unsigned long *val)
{
	char buf[24];

	if (!count || count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	return kstrtoul(strim(buf), 10, val);
}

/* events/.../enable: private data is the event's flag, NULL for the group. */
static int *const writeback_flags[] = {
	&trace_event_balance_dirty_pages_on,
	&trace_event_global_dirty_state_on,
	&trace_event_bdi_dirty_ratelimit_on,
};

static int enable_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t enable_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	int *flag = file->private_data;
	int on = 0, i;

	if (flag) {
		on = READ_ONCE(*flag);
	} else {
		for (i = 0; i < ARRAY_SIZE(writeback_flags); i++)
			on += READ_ONCE(*writeback_flags[i]) ? 1 : 0;
		if (on == ARRAY_SIZE(writeback_flags))
			on = 1;
		else if (on)
			return trace_read_text(ubuf, count, ppos, "X\n");
	}
	return trace_read_text(ubuf, count, ppos, on ? "1\n" : "0\n");
}

static ssize_t enable_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	int *flag = file->private_data;
	unsigned long val;
	int err = trace_parse_ulong(ubuf, count, &val), i;

	if (err)
		return err;
	if (val > 1)
		return -EINVAL;
	if (val) {
		err = trace_ring_prepare();
		if (err)
			return err;
	}
	if (flag) {
		WRITE_ONCE(*flag, (int)val);
	} else {
		for (i = 0; i < ARRAY_SIZE(writeback_flags); i++)
			WRITE_ONCE(*writeback_flags[i], (int)val);
	}
	*ppos += count;
	return count;
}

static const struct file_operations enable_fops = {
	.open = enable_open,
	.read = enable_read,
	.write = enable_write,
};

static ssize_t tracing_on_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	return trace_read_text(ubuf, count, ppos, READ_ONCE(tracing_on) ? "1\n" : "0\n");
}

static ssize_t tracing_on_write(struct file *file, const char *ubuf, size_t count,
				loff_t *ppos)
{
	unsigned long val;
	int err = trace_parse_ulong(ubuf, count, &val);

	if (err)
		return err;
	/* Linux takes any number: non-zero turns recording on. */
	WRITE_ONCE(tracing_on, val ? 1 : 0);
	*ppos += count;
	return count;
}

static const struct file_operations tracing_on_fops = {
	.read = tracing_on_read,
	.write = tracing_on_write,
};

static ssize_t buffer_size_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	char buf[48];

	/* Linux's form for a ring not yet allocated. */
	if (trace_ring_allocated())
		snprintf(buf, sizeof(buf), "%lu\n", trace_ring_size_kb());
	else
		snprintf(buf, sizeof(buf), "7 (expanded: %lu)\n", trace_ring_size_kb());
	return trace_read_text(ubuf, count, ppos, buf);
}

static ssize_t buffer_size_write(struct file *file, const char *ubuf, size_t count,
				 loff_t *ppos)
{
	unsigned long kb;
	int err = trace_parse_ulong(ubuf, count, &kb);

	if (!err)
		err = trace_ring_resize(kb);
	if (err)
		return err;
	*ppos += count;
	return count;
}

static const struct file_operations buffer_size_fops = {
	.read = buffer_size_read,
	.write = buffer_size_write,
};

/* ------------------------------------------------------------ trace */

struct trace_iter {
	u64 start;		/* the first record when the file was opened */
	u64 cur;
	char line[TRACE_SLOT];
};

static void *trace_seq_at(struct seq_file *m, loff_t pos)
{
	struct trace_iter *it = m->private;
	u64 first, next, written;

	if (pos == 0)
		return SEQ_START_TOKEN;
	trace_ring_bounds(&first, &next, &written);
	it->cur = it->start + pos - 1;
	return it->cur < next ? it : NULL;
}

static void *trace_seq_start(struct seq_file *m, loff_t *pos)
{
	return trace_seq_at(m, *pos);
}

static void *trace_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return trace_seq_at(m, *pos);
}

static void trace_seq_stop(struct seq_file *m, void *v)
{
}

static void trace_print_header(struct seq_file *m)
{
	u64 first, next, written;

	trace_ring_bounds(&first, &next, &written);
	seq_puts(m, "# tracer: nop\n#\n");
	seq_printf(m, "# entries-in-buffer/entries-written: %llu/%llu   #P:%u\n#\n",
		   next - first, written, num_online_cpus());
	seq_puts(m, "#                                _-----=> irqs-off/BH-disabled\n"
		    "#                               / _----=> need-resched\n"
		    "#                              | / _---=> hardirq/softirq\n"
		    "#                              || / _--=> preempt-depth\n"
		    "#                              ||| / _-=> migrate-disable\n"
		    "#                              |||| /     delay\n"
		    "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		    "#              | |         |   |||||     |         |\n");
}

static int trace_seq_show(struct seq_file *m, void *v)
{
	struct trace_iter *it = m->private;
	int n;

	if (v == SEQ_START_TOKEN) {
		trace_print_header(m);
		return 0;
	}
	n = trace_ring_copy(it->cur, it->line, sizeof(it->line), false);
	if (n < 0)
		return SEQ_SKIP;	/* overwritten or consumed since the open */
	seq_write(m, it->line, n);
	return 0;
}

static const struct seq_operations trace_seq_ops = {
	.start = trace_seq_start,
	.next = trace_seq_next,
	.stop = trace_seq_stop,
	.show = trace_seq_show,
};

static int trace_open(struct inode *inode, struct file *file)
{
	struct trace_iter *it;
	u64 next, written;

	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		trace_ring_reset();
	if (!(file->f_mode & FMODE_READ))
		return 0;
	it = __seq_open_private(file, &trace_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	trace_ring_bounds(&it->start, &next, &written);
	return 0;
}

static int trace_release(struct inode *inode, struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return seq_release_private(inode, file);
	return 0;
}

static ssize_t trace_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	trace_ring_reset();
	*ppos += count;
	return count;
}

static loff_t trace_llseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

static const struct file_operations trace_fops = {
	.open = trace_open,
	.read = seq_read,
	.write = trace_write,
	.llseek = trace_llseek,
	.release = trace_release,
};

/* ------------------------------------------------------------ trace_pipe */

struct trace_pipe_reader {
	struct mutex lock;	/* one reader at a time per open file */
	size_t len, off;	/* of the record being copied out */
	char line[TRACE_SLOT];
};

static int trace_pipe_open(struct inode *inode, struct file *file)
{
	struct trace_pipe_reader *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (!r)
		return -ENOMEM;
	mutex_init(&r->lock);
	file->private_data = r;
	return 0;
}

static int trace_pipe_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static bool trace_ring_has_data(void)
{
	u64 first, next, written;

	trace_ring_bounds(&first, &next, &written);
	return first != next;
}

static ssize_t trace_pipe_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	struct trace_pipe_reader *r = file->private_data;
	size_t done = 0;
	ssize_t ret = 0;
	int n;

	if (!count)
		return 0;
	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	while (done < count) {
		if (r->off == r->len) {
			n = trace_ring_pop(r->line, sizeof(r->line));
			if (n < 0) {
				if (done)
					break;
				if (file->f_flags & O_NONBLOCK) {
					ret = -EAGAIN;
					break;
				}
				mutex_unlock(&r->lock);
				if (wait_event_interruptible(trace_wait, trace_ring_has_data()))
					return -ERESTARTSYS;
				if (mutex_lock_interruptible(&r->lock))
					return -ERESTARTSYS;
				continue;
			}
			r->len = n;
			r->off = 0;
		}
		n = min(count - done, r->len - r->off);
		if (copy_to_user(ubuf + done, r->line + r->off, n)) {
			ret = -EFAULT;
			break;
		}
		r->off += n;
		done += n;
	}
	mutex_unlock(&r->lock);
	return done ? (ssize_t)done : ret;
}

static __poll_t trace_pipe_poll(struct file *file, struct poll_table_struct *pt)
{
	struct trace_pipe_reader *r = file->private_data;

	poll_wait(file, &trace_wait, pt);
	if (r->off != r->len || trace_ring_has_data())
		return POLLIN | POLLRDNORM;
	return 0;
}

static const struct file_operations trace_pipe_fops = {
	.open = trace_pipe_open,
	.read = trace_pipe_read,
	.poll = trace_pipe_poll,
	.llseek = no_llseek,
	.release = trace_pipe_release,
};

/* ------------------------------------------------------------ the tree */

static int __init trace_files_init(void)
{
	struct dentry *tr, *ev, *wb, *d;

	tr = debugfs_create_dir("tracing", NULL);
	if (IS_ERR(tr)) {
		pr_warn("tracing: no debugfs directory (%ld)\n", PTR_ERR(tr));
		return 0;
	}
	debugfs_create_file("trace", 0644, tr, NULL, &trace_fops);
	debugfs_create_file("trace_pipe", 0444, tr, NULL, &trace_pipe_fops);
	debugfs_create_file("tracing_on", 0644, tr, NULL, &tracing_on_fops);
	debugfs_create_file("buffer_size_kb", 0644, tr, NULL, &buffer_size_fops);
	ev = debugfs_create_dir("events", tr);
	wb = debugfs_create_dir("writeback", ev);
	debugfs_create_file("enable", 0644, wb, NULL, &enable_fops);
	d = debugfs_create_dir("balance_dirty_pages", wb);
	debugfs_create_file("enable", 0644, d, &trace_event_balance_dirty_pages_on, &enable_fops);
	d = debugfs_create_dir("global_dirty_state", wb);
	debugfs_create_file("enable", 0644, d, &trace_event_global_dirty_state_on, &enable_fops);
	d = debugfs_create_dir("bdi_dirty_ratelimit", wb);
	debugfs_create_file("enable", 0644, d, &trace_event_bdi_dirty_ratelimit_on, &enable_fops);
	return 0;
}
device_initcall(trace_files_init);
