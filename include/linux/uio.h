/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * I/O iterators (lib/iov_iter.c): one description of "where the bytes of
 * this read or write live" that every file's read_iter/write_iter
 * consumes, whatever the caller had:
 *
 *   ITER_UBUF   one user buffer (read(2), write(2))
 *   ITER_IOVEC  an array of user buffers (readv(2), writev(2))
 *   ITER_KVEC   an array of kernel buffers (kernel_read(), self tests)
 *   ITER_BVEC   an array of page fragments (block I/O, sendfile later)
 *
 * data_source says the direction: ITER_SOURCE (a write: bytes come out
 * of the iterator) or ITER_DEST (a read: bytes go into it).  User kinds
 * go through the uaccess helpers, so a bad user pointer ends the copy
 * short (copy_*_iter return what they moved) instead of faulting.
 *
 * An iterator belongs to one caller; there is no locking.
 */
#ifndef _LINUX_UIO_H
#define _LINUX_UIO_H

#include <linux/types.h>
#include <linux/limits.h>
#include <linux/minmax.h>
#include <asm/page_types.h>
#include <uapi/linux/uio.h>
#include <linux/bvec.h>

/* The most a single read or write moves (Linux: INT_MAX rounded to pages). */
#define MAX_RW_COUNT	(INT_MAX & PAGE_MASK)

struct page;

struct kvec {
	void *iov_base;
	size_t iov_len;
};

enum iter_type {
	ITER_UBUF,
	ITER_IOVEC,
	ITER_KVEC,
	ITER_BVEC,
};

#define ITER_SOURCE	1	/* == WRITE: the iterator supplies the data */
#define ITER_DEST	0	/* == READ: the iterator receives the data */
#define READ		0
#define WRITE		1

struct iov_iter {
	u8 iter_type;
	bool data_source;
	size_t iov_offset;	/* into the current segment */
	size_t count;		/* bytes left in the whole iterator */
	union {
		const struct iovec *__iov;
		const struct kvec *kvec;
		const struct bio_vec *bvec;
		void *ubuf;
	};
	unsigned long nr_segs;	/* segments left, the current one included */
};

static inline enum iter_type iov_iter_type(const struct iov_iter *i)
{
	return i->iter_type;
}

static inline bool user_backed_iter(const struct iov_iter *i)
{
	return i->iter_type == ITER_UBUF || i->iter_type == ITER_IOVEC;
}

static inline bool iov_iter_is_kvec(const struct iov_iter *i)
{
	return i->iter_type == ITER_KVEC;
}

static inline size_t iov_iter_count(const struct iov_iter *i)
{
	return i->count;
}

static inline int iov_iter_rw(const struct iov_iter *i)
{
	return i->data_source ? WRITE : READ;
}

/*
 * Clamping an iterator to a limit (s_maxbytes, the device size) and
 * undoing it: only count changes, so the segments past the limit are
 * still there for iov_iter_reexpand() to give back.  The limit is u64
 * because callers pass "limit - pos" in loff_t arithmetic.
 */
static inline void iov_iter_truncate(struct iov_iter *i, u64 count)
{
	i->count = min_t(u64, i->count, count);
}

/* Undo iov_iter_truncate(): count is the caller's saved, larger value. */
static inline void iov_iter_reexpand(struct iov_iter *i, size_t count)
{
	i->count = count;
}

/*
 * Setting an iterator up over each kind of memory; direction is
 * ITER_SOURCE or ITER_DEST, count the total bytes.
 */
void iov_iter_ubuf(struct iov_iter *i, unsigned int direction, void *buf, size_t count);
void iov_iter_init(struct iov_iter *i, unsigned int direction,
		   const struct iovec *iov, unsigned long nr_segs, size_t count);
void iov_iter_bvec(struct iov_iter *i, unsigned int direction,
		   const struct bio_vec *bvec, unsigned long nr_segs, size_t count);
void iov_iter_kvec(struct iov_iter *i, unsigned int direction,
		   const struct kvec *kvec, unsigned long nr_segs, size_t count);

size_t copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i);
size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i);
size_t copy_page_to_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i);
size_t copy_page_from_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i);
/* Write zeros into the iterator (reading a hole). */
size_t iov_iter_zero(size_t bytes, struct iov_iter *i);
void iov_iter_advance(struct iov_iter *i, size_t bytes);
/*
 * Fault in the user memory the next bytes of a source iterator come
 * from (the buffered write path does this before it locks a page cache
 * page).  Returns how many of them are not readable: 0 when all are.
 */
size_t fault_in_iov_iter_readable(const struct iov_iter *i, size_t bytes);
/* Undo the last bytes of progress (a short write that must be retried). */
void iov_iter_revert(struct iov_iter *i, size_t bytes);

/*
 * Direct I/O: the OR of every remaining segment's address and length (test
 * it against a block size mask), and the pages of the current segment
 * pinned with a reference each (put_page() them; user pages are faulted
 * in, writable when the I/O will fill them).  iov_iter_get_pages() does
 * not advance the iterator; it returns the bytes covered from *start in
 * pages[0] (at most maxsize, at most maxpages pages) or -EFAULT.
 */
unsigned long iov_iter_alignment(const struct iov_iter *i);
ssize_t iov_iter_get_pages(struct iov_iter *i, struct page **pages, size_t maxsize,
			   unsigned int maxpages, size_t *start);

/*
 * Copy a user iovec array (nr_segs entries) and set up an iterator over
 * it.  *iovp points at fast_iov (UIO_FASTIOV entries) or, for longer
 * arrays, at an allocation the caller kfree()s (kfree(NULL) when the
 * fast array was used: *iovp is then set to NULL).  Returns the total
 * length (capped at MAX_RW_COUNT) or -EINVAL (> UIO_MAXIOV segments, a
 * negative total) / -EFAULT / -ENOMEM.
 */
ssize_t import_iovec(int type, const struct iovec *uvec, unsigned int nr_segs,
		     unsigned int fast_segs, struct iovec **iovp, struct iov_iter *i);
int import_single_range(int type, void *buf, size_t len, struct iov_iter *i);

#endif /* _LINUX_UIO_H */
