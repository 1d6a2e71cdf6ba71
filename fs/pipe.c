// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pipes and FIFOs: pipe(2), pipe2(2) and the open of named FIFOs, with
 * Linux's semantics:
 *
 *  - capacity of PIPE_DEF_BUFFERS pages (64 KiB), F_GETPIPE_SZ and
 *    F_SETPIPE_SZ (a power of two of pages, at most fs.pipe-max-size
 *    without CAP_SYS_RESOURCE, -EBUSY below what is stored);
 *  - writes of up to PIPE_BUF bytes are atomic: they wait until all of
 *    it fits and then go in at once, so concurrent writers never
 *    interleave inside such a write; longer writes go in as room appears;
 *  - a read returns what is there (blocking only while the pipe is empty
 *    and has writers), 0 at EOF once every writer has gone;
 *  - a write without readers raises SIGPIPE and fails with -EPIPE;
 *  - O_NONBLOCK gives -EAGAIN instead of waiting; waits are interruptible
 *    (-ERESTARTSYS, or the bytes already moved);
 *  - O_DIRECT pipes are "packet" pipes: each write (up to a page) is one
 *    buffer and each read returns at most one buffer;
 *  - FIFOs: an open for reading waits for a writer and vice versa, a
 *    non-blocking open for writing without a reader fails with -ENXIO,
 *    O_RDWR never waits.
 *
 * A read wakes the writers and a write the readers with sync wakeups
 * (WF_SYNC): the waker returns to user space or sleeps at once, so the
 * woken end may take over its CPU instead of starting another one.
 *
 * Interface: pipefifo_fops (the i_fop of every S_IFIFO inode, via
 * init_special_inode()), the pipe/pipe2 system calls, pipe_fcntl() for
 * fcntl(2), get_pipe_info(), create_pipe_files() (both ends as files).  Locking: see <linux/pipe_fs_i.h>.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/log2.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/mount.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/signal.h>
#include <linux/sched.h>
#include <linux/syscalls.h>
#include <linux/pipe_fs_i.h>
#include <uapi/linux/limits.h>
#include <uapi/linux/magic.h>
#include <uapi/asm-generic/ioctls.h>
#include <asm/uaccess.h>

/* pipe_buffer.flags */
#define PIPE_BUF_FLAG_PACKET	0x1	/* written by an O_DIRECT writer: read whole */

unsigned int pipe_max_size = PIPE_MAX_SIZE_DEFAULT;
static struct vfsmount *pipe_mnt;

#define POLL_ALL_EVENTS	(POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM | POLLERR | POLLHUP)

/* ------------------------------------------------------------ pipe objects */

static struct pipe_inode_info *alloc_pipe_info(void)
{
	struct pipe_inode_info *pipe = kzalloc(sizeof(*pipe), GFP_KERNEL);

	if (!pipe)
		return NULL;
	pipe->bufs = kcalloc(PIPE_DEF_BUFFERS, sizeof(*pipe->bufs), GFP_KERNEL);
	if (!pipe->bufs) {
		kfree(pipe);
		return NULL;
	}
	mutex_init(&pipe->mutex);
	init_waitqueue_head(&pipe->rd_wait);
	init_waitqueue_head(&pipe->wr_wait);
	pipe->ring_size = PIPE_DEF_BUFFERS;
	pipe->max_usage = PIPE_DEF_BUFFERS;
	return pipe;
}

static void free_pipe_info(struct pipe_inode_info *pipe)
{
	unsigned int mask = pipe->ring_size - 1;

	for (unsigned int i = pipe->tail; i != pipe->head; i++)
		__free_page(pipe->bufs[i & mask].page);
	if (pipe->tmp_page)
		__free_page(pipe->tmp_page);
	kfree(pipe->bufs);
	kfree(pipe);
}

/* Drop a file's hold on the pipe; the last one frees it. */
static void put_pipe_info(struct inode *inode, struct pipe_inode_info *pipe)
{
	bool last;

	spin_lock(&inode->i_lock);
	last = --pipe->files == 0;
	if (last)
		inode->i_pipe = NULL;
	spin_unlock(&inode->i_lock);
	if (last)
		free_pipe_info(pipe);
}

struct pipe_inode_info *get_pipe_info(struct file *file)
{
	if (file->f_op != &pipefifo_fops)
		return NULL;
	return file->private_data;
}

static bool pipe_nonblock(const struct kiocb *iocb)
{
	return (iocb->ki_flags & IOCB_NOWAIT) || (iocb->ki_filp->f_flags & O_NONBLOCK);
}

/* ------------------------------------------------------------ read */

static bool pipe_readable(const struct pipe_inode_info *pipe)
{
	return !pipe_empty(READ_ONCE(pipe->head), READ_ONCE(pipe->tail)) ||
	       !READ_ONCE(pipe->writers);
}

/* The buffer at tail is used up: keep its page as a spare or free it. */
static void pipe_release_buffer(struct pipe_inode_info *pipe, struct pipe_buffer *buf)
{
	if (!pipe->tmp_page)
		pipe->tmp_page = buf->page;
	else
		__free_page(buf->page);
	buf->page = NULL;
}

/*
 * The wakeups after a read or a write.  Most calls find nobody waiting
 * (the other end is busy); they skip the wait queue's lock, which a
 * reader and a writer on two CPUs would otherwise take turns at on every
 * call.  wq_has_sleeper()'s barrier pairs with the one between a
 * sleeper's queueing and its test of head and tail.
 */
static void pipe_wake_readers(struct pipe_inode_info *pipe)
{
	if (wq_has_sleeper(&pipe->rd_wait))
		wake_up_interruptible_sync_poll(&pipe->rd_wait, POLLIN | POLLRDNORM);
}

static void pipe_wake_writers(struct pipe_inode_info *pipe)
{
	if (wq_has_sleeper(&pipe->wr_wait))
		wake_up_interruptible_sync_poll(&pipe->wr_wait, POLLOUT | POLLWRNORM);
}

static ssize_t pipe_read(struct kiocb *iocb, struct iov_iter *to)
{
	struct file *filp = iocb->ki_filp;
	struct pipe_inode_info *pipe = filp->private_data;
	size_t total_len = iov_iter_count(to);
	bool freed = false;
	ssize_t ret = 0;

	if (!total_len)
		return 0;
	mutex_lock(&pipe->mutex);
	for (;;) {
		unsigned int head = pipe->head, tail = pipe->tail;

		if (!pipe_empty(head, tail)) {
			struct pipe_buffer *buf = &pipe->bufs[tail & (pipe->ring_size - 1)];
			size_t chars = min_t(size_t, buf->len, total_len);
			size_t copied = copy_page_to_iter(buf->page, buf->offset, chars, to);

			if (copied < chars) {
				if (!ret)
					ret = -EFAULT;
				break;
			}
			ret += copied;
			buf->offset += copied;
			buf->len -= copied;
			total_len -= copied;
			if (buf->flags & PIPE_BUF_FLAG_PACKET) {
				/* A packet is read whole; what did not fit is dropped. */
				buf->len = 0;
				total_len = 0;
			}
			if (!buf->len) {
				pipe_release_buffer(pipe, buf);
				pipe->tail = tail + 1;
				freed = true;
			}
			if (!total_len)
				break;
			continue;
		}
		if (!pipe->writers || ret)
			break;
		if (pipe_nonblock(iocb)) {
			ret = -EAGAIN;
			break;
		}
		mutex_unlock(&pipe->mutex);
		if (freed) {
			pipe_wake_writers(pipe);
			freed = false;
		}
		if (wait_event_interruptible(pipe->rd_wait, pipe_readable(pipe)))
			return -ERESTARTSYS;
		mutex_lock(&pipe->mutex);
	}
	mutex_unlock(&pipe->mutex);
	if (freed)
		pipe_wake_writers(pipe);
	return ret;
}

/* ------------------------------------------------------------ write */

static bool pipe_writable(const struct pipe_inode_info *pipe)
{
	return !pipe_full(READ_ONCE(pipe->head), READ_ONCE(pipe->tail),
			  READ_ONCE(pipe->max_usage)) || !READ_ONCE(pipe->readers);
}

/* The newest buffer, if a write of this kind may append to it. */
static struct pipe_buffer *pipe_merge_target(struct pipe_inode_info *pipe, bool packet)
{
	struct pipe_buffer *buf;

	if (packet || pipe_empty(pipe->head, pipe->tail))
		return NULL;
	buf = &pipe->bufs[(pipe->head - 1) & (pipe->ring_size - 1)];
	if (buf->flags & PIPE_BUF_FLAG_PACKET)
		return NULL;
	return buf;
}

/* Bytes a write could store now without waiting. */
static size_t pipe_room(struct pipe_inode_info *pipe, bool packet)
{
	unsigned int used = pipe_occupancy(pipe->head, pipe->tail);
	struct pipe_buffer *last = pipe_merge_target(pipe, packet);
	size_t room = 0;

	if (used < pipe->max_usage)
		room = (size_t)(pipe->max_usage - used) * PAGE_SIZE;
	if (last)
		room += PAGE_SIZE - (last->offset + last->len);
	return room;
}

/*
 * Copy up to the room there is, a page-sized chunk at a time.  Returns
 * the bytes stored, or -EFAULT if the source faulted before anything was
 * stored; a chunk that faults part way is dropped whole.
 */
static ssize_t pipe_fill(struct pipe_inode_info *pipe, struct iov_iter *from, bool packet)
{
	struct pipe_buffer *last = pipe_merge_target(pipe, packet);
	ssize_t done = 0;

	if (last && last->offset + last->len < PAGE_SIZE) {
		size_t chars = min_t(size_t, PAGE_SIZE - (last->offset + last->len),
				     iov_iter_count(from));
		size_t n = copy_page_from_iter(last->page, last->offset + last->len, chars, from);

		/* Like Linux, a chunk that faulted part way is not queued at all. */
		if (n < chars)
			return -EFAULT;
		last->len += n;
		done += n;
	}
	while (iov_iter_count(from) &&
	       !pipe_full(pipe->head, pipe->tail, pipe->max_usage)) {
		struct pipe_buffer *buf = &pipe->bufs[pipe->head & (pipe->ring_size - 1)];
		struct page *page = pipe->tmp_page;
		size_t chars = min_t(size_t, PAGE_SIZE, iov_iter_count(from));
		size_t n;

		if (!page) {
			page = alloc_page(GFP_KERNEL);
			if (!page)
				return done ? done : -ENOMEM;
		}
		pipe->tmp_page = NULL;
		n = copy_page_from_iter(page, 0, chars, from);
		if (n < chars) {
			pipe->tmp_page = page;
			return done ? done : -EFAULT;
		}
		buf->page = page;
		buf->offset = 0;
		buf->len = n;
		buf->flags = packet ? PIPE_BUF_FLAG_PACKET : 0;
		pipe->head++;
		done += n;
	}
	return done;
}

static ssize_t pipe_write(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *filp = iocb->ki_filp;
	struct pipe_inode_info *pipe = filp->private_data;
	bool packet = filp->f_flags & O_DIRECT;
	size_t total_len = iov_iter_count(from);
	ssize_t ret = 0;

	/* Linux: an empty write succeeds even without readers. */
	if (!total_len)
		return 0;
	mutex_lock(&pipe->mutex);
	for (;;) {
		ssize_t stop;
		size_t need;

		if (!pipe->readers) {
			send_sig(SIGPIPE, current, 0);
			if (!ret)
				ret = -EPIPE;
			break;
		}
		/* PIPE_BUF or less goes in whole or not at all. */
		need = (!ret && total_len <= PIPE_BUF) ? total_len : 1;
		if (pipe_room(pipe, packet) >= need) {
			ssize_t n = pipe_fill(pipe, from, packet);

			if (n < 0) {
				if (!ret)
					ret = n;
				break;
			}
			ret += n;
			total_len -= n;
			if (!total_len || (size_t)n < need)
				break;
			continue;
		}
		/* No room: give up if we may not sleep, else wait for a reader. */
		stop = pipe_nonblock(iocb) ? -EAGAIN : 0;
		if (!stop && signal_pending(current))
			stop = -ERESTARTSYS;
		if (stop) {
			if (!ret)
				ret = stop;
			break;
		}
		mutex_unlock(&pipe->mutex);
		if (ret)
			pipe_wake_readers(pipe);
		wait_event_interruptible(pipe->wr_wait, pipe_writable(pipe));
		mutex_lock(&pipe->mutex);
	}
	mutex_unlock(&pipe->mutex);
	if (ret > 0) {
		pipe_wake_readers(pipe);
		file_update_time(filp);
	}
	return ret;
}

/* ------------------------------------------------------------ poll, ioctl, fcntl */

/* poll(2) events of a read end, with @used buffers in the ring. */
static __poll_t pipe_read_events(struct file *filp, struct pipe_inode_info *pipe,
				 unsigned int used)
{
	__poll_t events = used ? POLLIN | POLLRDNORM : 0;

	/* A FIFO reader that has never seen a writer is not hung up. */
	if (!READ_ONCE(pipe->writers) && filp->f_version != READ_ONCE(pipe->w_counter))
		events |= POLLHUP;
	return events;
}

/* poll(2) events of a write end: room in the ring, or no reader left. */
static __poll_t pipe_write_events(struct pipe_inode_info *pipe, unsigned int used)
{
	__poll_t events = used < READ_ONCE(pipe->max_usage) ? POLLOUT | POLLWRNORM : 0;

	if (!READ_ONCE(pipe->readers))
		events |= POLLERR;
	return events;
}

static __poll_t pipe_poll(struct file *filp, poll_table *wait)
{
	struct pipe_inode_info *pipe = filp->private_data;
	bool reads = filp->f_mode & FMODE_READ;
	bool writes = filp->f_mode & FMODE_WRITE;
	unsigned int head, tail;
	__poll_t mask = 0;

	if (reads)
		poll_wait(filp, &pipe->rd_wait, wait);
	if (writes)
		poll_wait(filp, &pipe->wr_wait, wait);
	/* Sampled only after queueing: any change from here on wakes us. */
	head = READ_ONCE(pipe->head);
	tail = READ_ONCE(pipe->tail);
	if (reads)
		mask |= pipe_read_events(filp, pipe, pipe_occupancy(head, tail));
	if (writes)
		mask |= pipe_write_events(pipe, pipe_occupancy(head, tail));
	return mask;
}

static long pipe_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct pipe_inode_info *pipe = filp->private_data;
	unsigned int count = 0;

	if (cmd != FIONREAD)
		return -ENOIOCTLCMD;
	mutex_lock(&pipe->mutex);
	for (unsigned int i = pipe->tail; i != pipe->head; i++)
		count += pipe->bufs[i & (pipe->ring_size - 1)].len;
	mutex_unlock(&pipe->mutex);
	return put_user((int)count, (int *)arg);
}

/* Pages for an F_SETPIPE_SZ request of size bytes; 0 if absurd. */
static unsigned int pipe_size_to_slots(unsigned long size)
{
	if (size > (1UL << 31))
		return 0;
	if (size < PAGE_SIZE)
		size = PAGE_SIZE;
	return roundup_pow_of_two(DIV_ROUND_UP(size, PAGE_SIZE));
}

static long pipe_set_size(struct pipe_inode_info *pipe, unsigned long arg)
{
	unsigned int slots = pipe_size_to_slots(arg), used, mask;
	struct pipe_buffer *bufs;

	if (!slots)
		return -EINVAL;
	if ((unsigned long)slots * PAGE_SIZE > pipe_max_size && !capable(CAP_SYS_RESOURCE))
		return -EPERM;
	bufs = kcalloc(slots, sizeof(*bufs), GFP_KERNEL);
	if (!bufs)
		return -ENOMEM;
	mutex_lock(&pipe->mutex);
	used = pipe_occupancy(pipe->head, pipe->tail);
	if (used > slots) {
		mutex_unlock(&pipe->mutex);
		kfree(bufs);
		return -EBUSY;
	}
	mask = pipe->ring_size - 1;
	for (unsigned int i = 0; i < used; i++)
		bufs[i] = pipe->bufs[(pipe->tail + i) & mask];
	kfree(pipe->bufs);
	pipe->bufs = bufs;
	pipe->tail = 0;
	pipe->head = used;
	pipe->ring_size = slots;
	pipe->max_usage = slots;
	mutex_unlock(&pipe->mutex);
	/* A bigger pipe may have room for a waiting writer now. */
	wake_up_interruptible_all(&pipe->wr_wait);
	return (long)slots * PAGE_SIZE;
}

long pipe_fcntl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pipe_inode_info *pipe = get_pipe_info(file);

	if (!pipe)
		return -EBADF;
	switch (cmd) {
	case F_GETPIPE_SZ:
		return (long)READ_ONCE(pipe->max_usage) * PAGE_SIZE;
	case F_SETPIPE_SZ:
		return pipe_set_size(pipe, arg);
	}
	return -EINVAL;
}

/* ------------------------------------------------------------ open and release */

static int pipe_release(struct inode *inode, struct file *file)
{
	struct pipe_inode_info *pipe = file->private_data;

	mutex_lock(&pipe->mutex);
	if (file->f_mode & FMODE_READ)
		pipe->readers--;
	if (file->f_mode & FMODE_WRITE)
		pipe->writers--;
	mutex_unlock(&pipe->mutex);
	/* The other side sees EOF / EPIPE, POLLHUP / POLLERR. */
	__wake_up(&pipe->rd_wait, TASK_INTERRUPTIBLE, 0, (void *)(unsigned long)POLL_ALL_EVENTS);
	__wake_up(&pipe->wr_wait, TASK_INTERRUPTIBLE, 0, (void *)(unsigned long)POLL_ALL_EVENTS);
	put_pipe_info(inode, pipe);
	return 0;
}

static void wake_up_partner(struct pipe_inode_info *pipe)
{
	wake_up_interruptible_all(&pipe->rd_wait);
	wake_up_interruptible_all(&pipe->wr_wait);
}

/* FIFO open: sleep (mutex dropped) until *counter moves; 0 or -ERESTARTSYS. */
static int wait_for_partner(struct pipe_inode_info *pipe, wait_queue_head_t *wq,
			    unsigned int *counter)
{
	unsigned int cur = *counter;
	int ret;

	mutex_unlock(&pipe->mutex);
	ret = wait_event_interruptible(*wq, READ_ONCE(*counter) != cur);
	mutex_lock(&pipe->mutex);
	return ret;
}

/* The pipe of a FIFO inode, created by the first opener. */
static struct pipe_inode_info *fifo_get_pipe(struct inode *inode)
{
	struct pipe_inode_info *pipe, *fresh;

	spin_lock(&inode->i_lock);
	pipe = inode->i_pipe;
	if (pipe) {
		pipe->files++;
		spin_unlock(&inode->i_lock);
		return pipe;
	}
	spin_unlock(&inode->i_lock);

	fresh = alloc_pipe_info();
	if (!fresh)
		return NULL;
	spin_lock(&inode->i_lock);
	pipe = inode->i_pipe;
	if (pipe) {
		pipe->files++;
	} else {
		fresh->files = 1;
		inode->i_pipe = pipe = fresh;
		fresh = NULL;
	}
	spin_unlock(&inode->i_lock);
	if (fresh)
		free_pipe_info(fresh);
	return pipe;
}

/*
 * A blocking FIFO open was interrupted: take back the count it added; if
 * that was the last of its kind, the other side may be waiting on it.
 */
static int fifo_open_interrupted(unsigned int *count, wait_queue_head_t *other_side)
{
	if (--*count == 0)
		wake_up_interruptible_all(other_side);
	return -ERESTARTSYS;
}

/* fifo(7): O_RDONLY waits for a writer unless O_NONBLOCK. */
static int fifo_open_reader(struct pipe_inode_info *pipe, struct file *filp, bool anon)
{
	pipe->r_counter++;
	if (pipe->readers++ == 0)
		wake_up_partner(pipe);
	if (anon || pipe->writers)
		return 0;
	if (filp->f_flags & O_NONBLOCK) {
		/* No POLLHUP until a writer has come and gone. */
		filp->f_version = pipe->w_counter;
		return 0;
	}
	if (!wait_for_partner(pipe, &pipe->rd_wait, &pipe->w_counter))
		return 0;
	return fifo_open_interrupted(&pipe->readers, &pipe->wr_wait);
}

/* fifo(7): O_WRONLY waits for a reader, or with O_NONBLOCK fails ENXIO. */
static int fifo_open_writer(struct pipe_inode_info *pipe, struct file *filp, bool anon)
{
	if (!anon && !pipe->readers && (filp->f_flags & O_NONBLOCK))
		return -ENXIO;
	pipe->w_counter++;
	if (pipe->writers++ == 0)
		wake_up_partner(pipe);
	if (anon || pipe->readers)
		return 0;
	if (!wait_for_partner(pipe, &pipe->wr_wait, &pipe->r_counter))
		return 0;
	return fifo_open_interrupted(&pipe->writers, &pipe->rd_wait);
}

/* POSIX leaves O_RDWR on a FIFO undefined; Linux opens it without waiting. */
static void fifo_open_both(struct pipe_inode_info *pipe)
{
	bool side_was_missing = !pipe->readers || !pipe->writers;

	pipe->readers++;
	pipe->r_counter++;
	pipe->writers++;
	pipe->w_counter++;
	if (side_was_missing)
		wake_up_partner(pipe);
}

static int fifo_open(struct inode *inode, struct file *filp)
{
	bool anon = inode->i_sb->s_magic == PIPEFS_MAGIC;
	fmode_t rw = filp->f_mode & (FMODE_READ | FMODE_WRITE);
	struct pipe_inode_info *pipe;
	int ret;

	pipe = fifo_get_pipe(inode);
	if (!pipe)
		return -ENOMEM;
	filp->private_data = pipe;
	filp->f_version = 0;
	stream_open(inode, filp);

	mutex_lock(&pipe->mutex);
	if (rw == FMODE_READ) {
		ret = fifo_open_reader(pipe, filp, anon);
	} else if (rw == FMODE_WRITE) {
		ret = fifo_open_writer(pipe, filp, anon);
	} else if (rw) {
		fifo_open_both(pipe);
		ret = 0;
	} else {
		ret = -EINVAL;
	}
	mutex_unlock(&pipe->mutex);
	/* A failed open leaves no trace: drop the file's hold on the pipe. */
	if (ret)
		put_pipe_info(inode, pipe);
	return ret;
}

/* ------------------------------------------------------------ anonymous pipes */

static char *pipefs_dname(struct dentry *dentry, char *buffer, int buflen)
{
	return dynamic_dname(buffer, buflen, "pipe:[%lu]", d_inode(dentry)->i_ino);
}

static const struct dentry_operations pipefs_dentry_operations = {
	.d_dname = pipefs_dname,
};

/* Pipes and FIFOs share one set of file operations. */
const struct file_operations pipefifo_fops = {
	.open = fifo_open,
	.llseek = no_llseek,
	.read_iter = pipe_read,
	.write_iter = pipe_write,
	.poll = pipe_poll,
	.unlocked_ioctl = pipe_ioctl,
	.release = pipe_release,
};

/*
 * A pipefs inode holding a new pipe whose two ends (pipe(2)) are open
 * already: one reader, one writer, two files.
 */
static struct inode *get_pipe_inode(void)
{
	struct pipe_inode_info *pipe = alloc_pipe_info();
	struct inode *inode;

	if (!pipe)
		return NULL;
	inode = new_inode(pipe_mnt->mnt_sb);
	if (!inode) {
		free_pipe_info(pipe);
		return NULL;
	}
	/* Both ends exist from the start: two files, one reader, one writer. */
	pipe->files = 2;
	fifo_open_both(pipe);

	inode->i_pipe = pipe;
	inode->i_fop = &pipefifo_fops;
	inode->i_ino = get_next_ino();
	/* The creator's fsuid/fsgid (no parent directory), mode 0600. */
	inode_init_owner(inode, NULL, S_IFIFO | S_IRUSR | S_IWUSR);
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
	return inode;
}

/* The two ends of a new pipe: res[0] reads, res[1] writes. */
int create_pipe_files(struct file **res, int flags)
{
	struct inode *inode = get_pipe_inode();
	struct pipe_inode_info *pipe;
	struct file *rd, *wr;

	if (!inode)
		return -ENFILE;
	pipe = inode->i_pipe;
	/* O_DIRECT (packet mode) matters to the writer only. */
	wr = alloc_file_pseudo(inode, pipe_mnt, "", O_WRONLY | (flags & (O_NONBLOCK | O_DIRECT)),
			       &pipefifo_fops);
	if (IS_ERR(wr)) {
		inode->i_pipe = NULL;
		free_pipe_info(pipe);
		iput(inode);
		return PTR_ERR(wr);
	}
	wr->private_data = pipe;

	rd = alloc_file_clone(wr, O_RDONLY | (flags & O_NONBLOCK), &pipefifo_fops);
	if (IS_ERR(rd)) {
		/* Only the write end holds the pipe: its release frees everything. */
		pipe->files = 1;
		pipe->readers = 0;
		fput(wr);
		return PTR_ERR(rd);
	}
	rd->private_data = pipe;
	stream_open(inode, rd);
	stream_open(inode, wr);
	res[0] = rd;
	res[1] = wr;
	return 0;
}

static int do_pipe2(int *fildes, int flags)
{
	struct file *files[2];
	int fd[2], err;

	if (flags & ~(O_CLOEXEC | O_NONBLOCK | O_DIRECT))
		return -EINVAL;
	err = create_pipe_files(files, flags);
	if (err)
		return err;
	fd[0] = get_unused_fd_flags(flags);
	if (fd[0] < 0) {
		err = fd[0];
		goto out_files;
	}
	fd[1] = get_unused_fd_flags(flags);
	if (fd[1] < 0) {
		err = fd[1];
		goto out_fd0;
	}
	if (copy_to_user(fildes, fd, sizeof(fd))) {
		err = -EFAULT;
		put_unused_fd(fd[1]);
		goto out_fd0;
	}
	fd_install(fd[0], files[0]);
	fd_install(fd[1], files[1]);
	return 0;

out_fd0:
	put_unused_fd(fd[0]);
out_files:
	fput(files[0]);
	fput(files[1]);
	return err;
}

SYSCALL_DEFINE2(pipe2, int *, fildes, int, flags)
{
	return do_pipe2(fildes, flags);
}

SYSCALL_DEFINE1(pipe, int *, fildes)
{
	return do_pipe2(fildes, 0);
}

/* ------------------------------------------------------------ pipefs */

static struct dentry *pipefs_mount(struct file_system_type *fs_type, int flags,
				   const char *dev_name, void *data)
{
	return mount_pseudo(fs_type, "pipe:", &pipefs_dentry_operations, PIPEFS_MAGIC);
}

static struct file_system_type pipe_fs_type = {
	.name = "pipefs",
	.mount = pipefs_mount,
	.kill_sb = kill_anon_super,
};

static int __init init_pipe_fs(void)
{
	int err = register_filesystem(&pipe_fs_type);

	if (err)
		return err;
	pipe_mnt = kern_mount(&pipe_fs_type);
	if (IS_ERR(pipe_mnt)) {
		err = PTR_ERR(pipe_mnt);
		unregister_filesystem(&pipe_fs_type);
		pipe_mnt = NULL;
	}
	return err;
}
fs_initcall(init_pipe_fs);
