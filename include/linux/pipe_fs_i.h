/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Pipes and FIFOs (fs/pipe.c).
 *
 * A pipe is a ring of page-sized buffers.  head is where the next buffer
 * is added, tail the oldest one; both run freely and are reduced modulo
 * ring_size (a power of two) to index bufs[].  At most max_usage buffers
 * are in use: that is the capacity F_GETPIPE_SZ reports (16 pages, 64 KiB,
 * by default).  Writes fill the newest buffer's page before starting a new
 * one, so small writes pack and the byte capacity is max_usage pages.
 *
 * Locking and lifetime:
 *   mutex        everything below except the wait queues: the ring, the
 *                reader/writer counts and the open counters.  Held while
 *                copying to or from user memory (which may fault and
 *                sleep); never held while sleeping for data or space.
 *   files        struct files referring to the pipe; the last release
 *                frees it.  For a FIFO, inode->i_pipe points here while
 *                files > 0 and is set and cleared under inode->i_lock.
 *   rd_wait      readers wait here for data, and FIFO openers for a writer
 *   wr_wait      writers wait here for room, and FIFO openers for a reader
 */
#ifndef _LINUX_PIPE_FS_I_H
#define _LINUX_PIPE_FS_I_H

#include <linux/types.h>
#include <linux/mutex.h>
#include <linux/wait.h>

struct page;
struct file;
struct inode;

/* Buffers in a new pipe (Linux: PIPE_DEF_BUFFERS). */
#define PIPE_DEF_BUFFERS	16

/* Largest F_SETPIPE_SZ without CAP_SYS_RESOURCE (fs.pipe-max-size, 1 MiB). */
#define PIPE_MAX_SIZE_DEFAULT	(1024 * 1024)

struct pipe_buffer {
	struct page *page;
	unsigned int offset;		/* first unread byte in page */
	unsigned int len;		/* unread bytes */
	unsigned int flags;		/* PIPE_BUF_FLAG_* (fs/pipe.c) */
};

struct pipe_inode_info {
	struct mutex mutex;
	wait_queue_head_t rd_wait;
	wait_queue_head_t wr_wait;
	unsigned int head;
	unsigned int tail;
	unsigned int max_usage;		/* buffers allowed in use */
	unsigned int ring_size;		/* buffers allocated (power of 2) */
	unsigned int readers;		/* open files with FMODE_READ */
	unsigned int writers;		/* open files with FMODE_WRITE */
	unsigned int files;
	unsigned int r_counter;		/* FIFO opens for reading, ever */
	unsigned int w_counter;		/* FIFO opens for writing, ever */
	struct page *tmp_page;		/* a spare page kept from the last read */
	struct pipe_buffer *bufs;
};

static inline unsigned int pipe_occupancy(unsigned int head, unsigned int tail)
{
	return head - tail;
}

static inline bool pipe_empty(unsigned int head, unsigned int tail)
{
	return head == tail;
}

static inline bool pipe_full(unsigned int head, unsigned int tail, unsigned int limit)
{
	return pipe_occupancy(head, tail) >= limit;
}

/* fs.pipe-max-size (sysctl), bytes. */
extern unsigned int pipe_max_size;

/* F_SETPIPE_SZ / F_GETPIPE_SZ on any file (-EBADF if not a pipe). */
long pipe_fcntl(struct file *file, unsigned int cmd, unsigned long arg);
/* A new pipe's files: res[0] the read end, res[1] the write end (flags: O_NONBLOCK, O_DIRECT). */
int create_pipe_files(struct file **res, int flags);
/* The pipe of a pipe or FIFO file, NULL for other files. */
struct pipe_inode_info *get_pipe_info(struct file *file);

#endif /* _LINUX_PIPE_FS_I_H */
