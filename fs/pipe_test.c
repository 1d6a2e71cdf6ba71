// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of pipes and their poll method: capacity, PIPE_BUF
 * atomicity, EOF and EPIPE, blocking reads and writes woken by another
 * thread, F_SETPIPE_SZ, packet mode, and readiness/wakeups through the
 * poll machinery (fs/select.c).  They use kernel buffers on pipe files
 * made with create_pipe_files().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/delay.h>
#include <linux/completion.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/poll.h>
#include <linux/pipe_fs_i.h>
#include <linux/selftest.h>
#include <uapi/linux/limits.h>
#include <uapi/linux/fcntl.h>

static ssize_t pwrite_k(struct file *f, const void *buf, size_t len)
{
	loff_t pos = 0;

	return kernel_write(f, buf, len, &pos);
}

static ssize_t pread_k(struct file *f, void *buf, size_t len)
{
	loff_t pos = 0;

	return kernel_read(f, buf, len, &pos);
}

static size_t pipe_bytes(struct file *f)
{
	struct pipe_inode_info *pipe = get_pipe_info(f);
	size_t n = 0;

	mutex_lock(&pipe->mutex);
	for (unsigned int i = pipe->tail; i != pipe->head; i++)
		n += pipe->bufs[i & (pipe->ring_size - 1)].len;
	mutex_unlock(&pipe->mutex);
	return n;
}

static void close_pair(struct file **f)
{
	if (f[0])
		fput(f[0]);
	if (f[1])
		fput(f[1]);
	f[0] = f[1] = NULL;
}

static int pipe_capacity_test(void)
{
	struct file *f[2];
	char *buf = kzalloc(20000, GFP_KERNEL);
	size_t total = 0;
	ssize_t n;
	int err = -1;

	ST_ASSERT(buf, "no memory");
	if (create_pipe_files(f, O_NONBLOCK)) {
		kfree(buf);
		return -1;
	}
	while ((n = pwrite_k(f[1], buf, 4096)) > 0)
		total += n;
	if (n != -EAGAIN || total != 65536 || pipe_bytes(f[0]) != 65536) {
		st_diag("filled %zu bytes, last write %zd", total, n);
		goto out;
	}
	if (pwrite_k(f[1], buf, 1) != -EAGAIN)
		goto out;
	if (pipe_fcntl(f[1], F_GETPIPE_SZ, 0) != 65536)
		goto out;
	if (pread_k(f[0], buf, 8192) != 8192)
		goto out;
	n = pwrite_k(f[1], buf, 20000);
	if (n != 8192) {
		st_diag("20000-byte write into 8 KiB of room: %zd", n);
		goto out;
	}
	err = 0;
out:
	close_pair(f);
	kfree(buf);
	return err;
}
DEFINE_SELFTEST("pipe: 64 KiB capacity, EAGAIN, partial non-blocking writes", pipe_capacity_test);

static int pipe_atomic_test(void)
{
	struct file *f[2];
	char *buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	int err = -1;
	ssize_t n;

	ST_ASSERT(buf, "no memory");
	if (create_pipe_files(f, O_NONBLOCK)) {
		kfree(buf);
		return -1;
	}
	/* 15 full pages and one with 100 bytes of room. */
	for (int i = 0; i < 15; i++)
		pwrite_k(f[1], buf, PAGE_SIZE);
	pwrite_k(f[1], buf, PAGE_SIZE - 100);
	n = pwrite_k(f[1], buf, 200);
	if (n != -EAGAIN) {
		st_diag("200 bytes (<= PIPE_BUF) into 100 of room: %zd, want -EAGAIN", n);
		goto out;
	}
	n = pwrite_k(f[1], buf, 100);
	if (n != 100) {
		st_diag("100 bytes into 100 of room: %zd", n);
		goto out;
	}
	err = pipe_bytes(f[0]) == 65536 ? 0 : -1;
out:
	close_pair(f);
	kfree(buf);
	return err;
}
DEFINE_SELFTEST("pipe: writes <= PIPE_BUF go in whole or not at all", pipe_atomic_test);

static int pipe_eof_epipe_test(void)
{
	struct file *f[2];
	char buf[8];

	ST_ASSERT(!create_pipe_files(f, 0), "create");
	ST_ASSERT(pwrite_k(f[1], "abc", 3) == 3, "write");
	fput(f[1]);
	ST_ASSERT(pread_k(f[0], buf, sizeof(buf)) == 3 && !memcmp(buf, "abc", 3), "data");
	ST_ASSERT(pread_k(f[0], buf, sizeof(buf)) == 0, "EOF once the writer is gone");
	fput(f[0]);

	ST_ASSERT(!create_pipe_files(f, 0), "create");
	fput(f[0]);
	ST_ASSERT(pwrite_k(f[1], "x", 1) == -EPIPE, "EPIPE without readers");
	ST_ASSERT(pwrite_k(f[1], "x", 0) == 0, "an empty write still succeeds");
	fput(f[1]);
	return 0;
}
DEFINE_SELFTEST("pipe: EOF without writers, EPIPE without readers", pipe_eof_epipe_test);

struct pipe_helper {
	struct file *file;
	unsigned int delay_ms;
	const char *text;		/* write this, or NULL: close the file */
	size_t len;
	struct completion *done;
};

static int pipe_helper_fn(void *arg)
{
	struct pipe_helper *h = arg;

	msleep(h->delay_ms);
	if (h->text)
		pwrite_k(h->file, h->text, h->len);
	else
		fput(h->file);
	complete(h->done);
	return 0;
}

static int run_helper(struct pipe_helper *h)
{
	return kernel_thread(pipe_helper_fn, h, "pipe_test", 0) < 0 ? -1 : 0;
}

static int pipe_blocking_test(void)
{
	DECLARE_COMPLETION_ONSTACK(done);
	struct pipe_helper h = { .delay_ms = 30, .text = "late", .len = 4, .done = &done };
	struct file *f[2];
	char buf[16];
	u64 t0, ms;
	ssize_t n;

	ST_ASSERT(!create_pipe_files(f, 0), "create");
	h.file = f[1];
	t0 = ktime_get_ns();
	ST_ASSERT(!run_helper(&h), "thread");
	n = pread_k(f[0], buf, sizeof(buf));
	ms = (ktime_get_ns() - t0) / NSEC_PER_MSEC;
	wait_for_completion(&done);
	ST_ASSERT(n == 4 && !memcmp(buf, "late", 4) && ms >= 20,
		  "read returned %zd after %llu ms", n, ms);

	/* The writer blocks on a full pipe until the reader drains it. */
	{
		char *big = kzalloc(65536 + 10, GFP_KERNEL);
		struct pipe_helper r = { .file = f[1], .delay_ms = 0, .done = &done };

		ST_ASSERT(big, "no memory");
		reinit_completion(&done);
		r.text = big;
		r.len = 65536 + 10;
		ST_ASSERT(!run_helper(&r), "thread");
		msleep(30);
		n = pipe_bytes(f[0]);
		if (n != 65536 || completion_done(&done)) {
			st_diag("writer of 64 KiB + 10: %zd bytes in, done %d", n,
				completion_done(&done));
			wait_for_completion(&done);
			kfree(big);
			close_pair(f);
			return -1;
		}
		for (size_t got = 0; got < 65536 + 10; got += n) {
			n = pread_k(f[0], big, 65536 + 10 - got);
			if (n <= 0)
				break;
		}
		wait_for_completion(&done);
		kfree(big);
	}
	/* EOF reaches a blocked reader when the last writer closes. */
	reinit_completion(&done);
	h.text = NULL;
	h.delay_ms = 20;
	f[1] = NULL;
	ST_ASSERT(!run_helper(&h), "thread");
	n = pread_k(f[0], buf, sizeof(buf));
	wait_for_completion(&done);
	close_pair(f);
	ST_ASSERT(n == 0, "blocked read at writer close: %zd", n);
	return 0;
}
DEFINE_SELFTEST("pipe: blocking reads and writes, woken by another thread", pipe_blocking_test);

static int pipe_size_packet_test(void)
{
	struct file *f[2];
	char *buf = kzalloc(8192, GFP_KERNEL);
	int err = -1;

	ST_ASSERT(buf, "no memory");
	if (create_pipe_files(f, O_NONBLOCK)) {
		kfree(buf);
		return -1;
	}
	pwrite_k(f[1], buf, 8192);
	if (pipe_fcntl(f[0], F_SETPIPE_SZ, 4096) != -EBUSY)
		goto out;
	if (pipe_fcntl(f[0], F_SETPIPE_SZ, 100000) != 131072 ||
	    pipe_fcntl(f[1], F_GETPIPE_SZ, 0) != 131072)
		goto out;
	if (pipe_bytes(f[0]) != 8192 || pread_k(f[0], buf, 8192) != 8192)
		goto out;
	close_pair(f);

	/* O_DIRECT: every write is a packet, every read returns one. */
	if (create_pipe_files(f, O_NONBLOCK | O_DIRECT))
		goto out;
	pwrite_k(f[1], "0123456789", 10);
	pwrite_k(f[1], "abc", 3);
	if (pread_k(f[0], buf, 100) != 10 || pread_k(f[0], buf, 2) != 2 ||
	    pread_k(f[0], buf, 100) != -EAGAIN) {
		st_diag("packet reads");
		goto out;
	}
	err = 0;
out:
	close_pair(f);
	kfree(buf);
	return err;
}
DEFINE_SELFTEST("pipe: F_SETPIPE_SZ and O_DIRECT packets", pipe_size_packet_test);

static int pipe_poll_test(void)
{
	DECLARE_COMPLETION_ONSTACK(done);
	struct pipe_helper h = { .delay_ms = 30, .text = "x", .len = 1, .done = &done };
	struct poll_wqueues table;
	struct file *f[2];
	__poll_t mask;
	u64 deadline;
	char c;

	ST_ASSERT(!create_pipe_files(f, 0), "create");
	ST_ASSERT(vfs_poll(f[0], NULL) == 0, "empty read end: %x", vfs_poll(f[0], NULL));
	ST_ASSERT(vfs_poll(f[1], NULL) == (POLLOUT | POLLWRNORM), "write end");

	/* A poller registered on the read end is woken by the write. */
	h.file = f[1];
	poll_initwait(&table);
	mask = vfs_poll(f[0], &table.pt);
	ST_ASSERT(!mask && table.inline_index == 1, "registered once");
	ST_ASSERT(!run_helper(&h), "thread");
	deadline = ktime_get_ns() + 2 * NSEC_PER_SEC;
	while (!(vfs_poll(f[0], NULL) & POLLIN) &&
	       poll_schedule_timeout(&table, TASK_INTERRUPTIBLE, &deadline))
		;
	poll_freewait(&table);
	wait_for_completion(&done);
	ST_ASSERT(vfs_poll(f[0], NULL) == (POLLIN | POLLRDNORM), "data: POLLIN");
	ST_ASSERT(ktime_get_ns() < deadline, "woken before the timeout");

	fput(f[1]);
	ST_ASSERT(vfs_poll(f[0], NULL) == (POLLIN | POLLRDNORM | POLLHUP), "POLLIN|POLLHUP");
	ST_ASSERT(pread_k(f[0], &c, 1) == 1, "read");
	ST_ASSERT(vfs_poll(f[0], NULL) == POLLHUP, "drained: POLLHUP alone");
	fput(f[0]);

	ST_ASSERT(!create_pipe_files(f, 0), "create");
	fput(f[0]);
	ST_ASSERT(vfs_poll(f[1], NULL) & POLLERR, "no readers: POLLERR");
	fput(f[1]);
	return 0;
}
DEFINE_SELFTEST("poll: pipe readiness, POLLHUP/POLLERR, wakeup of a poller", pipe_poll_test);
