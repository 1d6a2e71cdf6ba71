// SPDX-License-Identifier: GPL-2.0-only
/*
 * Generic file read and write through the page cache: what a disk file
 * system's ->read_iter/->write_iter usually are.
 *
 * Interface (<linux/pagemap.h>): generic_file_read_iter(),
 * generic_file_write_iter() / __generic_file_write_iter(),
 * generic_perform_write(), generic_write_checks(), generic_write_sync().
 *
 * Reading walks the request a page at a time: a cached uptodate page is
 * copied out; a miss starts synchronous read-ahead (mm/readahead.c) and,
 * failing that, reads the one page through ->readpage; a page marked
 * PG_readahead starts the next window asynchronously; a page being read
 * is waited for on its page lock.  i_size is re-read with each page in
 * hand, so a read never returns bytes past EOF.  file->f_ra.prev_pos
 * remembers where the read stopped, for read-ahead's sequential test and
 * so that small reads walking through one page count as one use of it
 * (mark_page_accessed()), not one per read().
 *
 * Writing goes through the file system's ->write_begin (lock the page,
 * read the parts the copy will not cover, allocate blocks) and
 * ->write_end (mark dirty, grow i_size, unlock) a page at a time, with
 * the user buffer faulted in before the page is locked, and throttles
 * in balance_dirty_pages_ratelimited() after each page.
 *
 * O_DIRECT (IOCB_DIRECT) reads and writes go to ->direct_IO around the
 * cache, keeping it coherent: dirty pages over the range are written
 * back first, and a direct write drops the cached pages it overwrote.
 *
 * Locking: generic_file_write_iter() takes i_rwsem for the whole write
 * (size checks, O_APPEND position and the copy are atomic with respect
 * to other writers and truncate); readers take no inode lock and rely
 * on the page lock and the lockless lookup (mm/filemap.c).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/uio.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/resource.h>
#include <linux/writeback.h>
#include "internal.h"

/* ------------------------------------------------------------ reading */

/*
 * Start the read of a locked !uptodate page: ->readpage, or zeros for a
 * mapping without one (a memory file system's hole).  The page is
 * unlocked when the read completes.
 */
static int filemap_start_read(struct file *file, struct address_space *mapping,
			      struct page *page)
{
	ClearPageError(page);
	if (!mapping->a_ops || !mapping->a_ops->readpage) {
		memset(page_address(page), 0, PAGE_SIZE);
		SetPageUptodate(page);
		unlock_page(page);
		return 0;
	}
	return mapping->a_ops->readpage(file, page);
}

/*
 * Wait for the read of page to finish.  0 if it is uptodate; -EAGAIN if
 * it was truncated meanwhile (look it up again); -EIO, -EINTR.
 */
static int filemap_wait_read(struct page *page)
{
	if (PageUptodate(page))
		return 0;
	if (lock_page_killable(page))
		return -EINTR;
	if (!page->mapping) {
		unlock_page(page);
		return -EAGAIN;
	}
	if (!PageUptodate(page)) {
		unlock_page(page);
		return -EIO;
	}
	unlock_page(page);
	return 0;
}

/*
 * The uptodate page at index, referenced, reading it in (with
 * read-ahead) if needed; ERR_PTR on error.  last_index bounds the
 * read-ahead request to what this read() wants.
 */
static struct page *filemap_get_read_page(struct file *file, struct address_space *mapping,
					  pgoff_t index, pgoff_t last_index)
{
	struct file_ra_state *ra = &file->f_ra;
	struct page *page;
	int err;

again:
	if (fatal_signal_pending(current))
		return ERR_PTR(-EINTR);
	page = find_get_page(mapping, index);
	if (!page) {
		page_cache_sync_readahead(mapping, ra, file, index, last_index - index);
		page = find_get_page(mapping, index);
	}
	if (!page) {
		/* No read-ahead (or it failed): this page alone. */
		page = alloc_page(mapping_gfp_mask(mapping));
		if (!page)
			return ERR_PTR(-ENOMEM);
		err = add_to_page_cache_lru(page, mapping, index, mapping_gfp_mask(mapping));
		if (err) {
			put_page(page);
			if (err == -EEXIST)
				goto again;
			return ERR_PTR(err);
		}
		goto read;
	}
	if (PageReadahead(page))
		page_cache_async_readahead(mapping, ra, file, page, index, last_index - index);
	if (PageUptodate(page))
		return page;
	/* Being read (wait for it) or a failed read (try once more ourselves). */
	if (lock_page_killable(page)) {
		put_page(page);
		return ERR_PTR(-EINTR);
	}
	if (!page->mapping) {
		unlock_page(page);
		put_page(page);
		goto again;
	}
	if (PageUptodate(page)) {
		unlock_page(page);
		return page;
	}
read:
	err = filemap_start_read(file, mapping, page);
	if (!err)
		err = filemap_wait_read(page);
	if (err) {
		put_page(page);
		if (err == -EAGAIN)
			goto again;
		return ERR_PTR(err);
	}
	return page;
}

/*
 * O_DIRECT read: write back dirty cached pages over the range first, so
 * the device holds what the cache would have returned, then let the file
 * system move the data (->direct_IO).  Advances ki_pos.
 */
static ssize_t generic_file_direct_read(struct kiocb *iocb, struct iov_iter *iter)
{
	struct address_space *mapping = iocb->ki_filp->f_mapping;
	loff_t pos = iocb->ki_pos;
	size_t count = iov_iter_count(iter);
	ssize_t n;
	int err;

	if (pos >= i_size_read(mapping->host))
		return 0;
	err = filemap_write_and_wait_range(mapping, pos, pos + count - 1);
	if (err)
		return err;
	n = mapping->a_ops->direct_IO(iocb, iter);
	if (n > 0)
		iocb->ki_pos += n;
	return n;
}

/*
 * O_DIRECT write (i_rwsem held): write back and drop the cached pages of
 * the range, write around the cache, and drop them again - a reader may
 * have brought stale copies in meanwhile.  Pages that cannot be dropped
 * (mapped, or under I/O) make the write fall back to the page cache, as
 * Linux does, so no cached copy ever disagrees with the disk.
 */
static ssize_t generic_file_direct_write(struct kiocb *iocb, struct iov_iter *from)
{
	struct address_space *mapping = iocb->ki_filp->f_mapping;
	loff_t pos = iocb->ki_pos;
	size_t count = iov_iter_count(from);
	pgoff_t first = pos >> PAGE_SHIFT, last = (pos + count - 1) >> PAGE_SHIFT;
	ssize_t n;
	int err;

	err = filemap_write_and_wait_range(mapping, pos, pos + count - 1);
	if (err)
		return err;
	if (invalidate_inode_pages2_range(mapping, first, last))
		return 0;	/* the caller writes it through the cache instead */
	n = mapping->a_ops->direct_IO(iocb, from);
	if (mapping->nrpages)
		invalidate_inode_pages2_range(mapping, first, last);
	if (n > 0)
		iocb->ki_pos += n;
	return n;
}

/**
 * generic_file_read_iter() - ->read_iter through the page cache
 * @iocb: the I/O control block; ki_pos is where the read starts and is
 *        advanced by what was read
 * @iter: where the data goes
 *
 * The request is clipped to the file system's s_maxbytes.  IOCB_DIRECT
 * reads go to ->direct_IO first (after writing back dirty cached pages
 * over the range) and only fall back to the cache for what is left short
 * of EOF.  Buffered reads take the page at each position, reading it in
 * with read-ahead when missing, and copy out up to i_size as re-read with
 * the page in hand, so bytes past EOF are never returned.  The file's
 * read-ahead state remembers where the read stopped; the access time is
 * updated.  No inode lock is taken.
 *
 * Context: process context; may sleep (allocation, page locks, I/O,
 * faults on the user buffer).  Needs no inode lock; the caller holds no
 * spinlocks or page locks.
 * Return: the number of bytes copied if any; otherwise 0 at EOF, or
 * -EINVAL for a negative position, -EFAULT for a bad buffer, -EINTR on a
 * fatal signal, -ENOMEM, -EIO, or the error of ->direct_IO.
 */
ssize_t generic_file_read_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	struct file *file = iocb->ki_filp;
	struct address_space *mapping = file->f_mapping;
	struct inode *inode = mapping->host;
	struct file_ra_state *ra = &file->f_ra;
	loff_t pos = iocb->ki_pos;
	loff_t prev_pos = ra->prev_pos;
	pgoff_t last_index;
	ssize_t done = 0;
	int err = 0;

	if (!iov_iter_count(iter))
		return 0;
	if (pos < 0)
		return -EINVAL;
	if (pos >= inode->i_sb->s_maxbytes)
		return 0;
	iov_iter_truncate(iter, inode->i_sb->s_maxbytes - pos);
	if (iocb->ki_flags & IOCB_DIRECT) {
		ssize_t n = generic_file_direct_read(iocb, iter);

		/* Done, failed, or at EOF: the page cache has nothing to add. */
		if (n < 0 || !iov_iter_count(iter) || iocb->ki_pos >= i_size_read(inode))
			return n;
		done = n;
		pos = iocb->ki_pos;
	}
	last_index = (pos + iov_iter_count(iter) + PAGE_SIZE - 1) >> PAGE_SHIFT;

	while (iov_iter_count(iter)) {
		loff_t isize = i_size_read(inode);
		pgoff_t index = pos >> PAGE_SHIFT;
		size_t offset = pos & ~PAGE_MASK;
		size_t nr, copied;
		struct page *page;

		if (pos >= isize)
			break;
		page = filemap_get_read_page(file, mapping, index, last_index);
		if (IS_ERR(page)) {
			err = PTR_ERR(page);
			break;
		}
		/* i_size may have moved while we read: check again with the page in hand. */
		isize = i_size_read(inode);
		if (pos >= isize) {
			put_page(page);
			break;
		}
		nr = min_t(loff_t, PAGE_SIZE - offset, isize - pos);
		/*
		 * A page the previous read() already used (it ended inside
		 * it) is not used again by small reads walking through it.
		 */
		if (prev_pos <= 0 || (pgoff_t)((prev_pos - 1) >> PAGE_SHIFT) != index)
			mark_page_accessed(page);
		copied = copy_page_to_iter(page, offset, nr, iter);
		put_page(page);
		pos += copied;
		done += copied;
		prev_pos = pos;
		if (copied < nr) {
			err = -EFAULT;
			break;
		}
		cond_resched();
	}
	ra->prev_pos = prev_pos;
	iocb->ki_pos = pos;
	touch_atime(&file->f_path);
	return done ? done : err;
}

/* ------------------------------------------------------------ writing */

/**
 * generic_write_checks() - apply the size limits to a write before it starts
 * @iocb: the I/O control block; with IOCB_APPEND its ki_pos is moved to
 *        the current i_size
 * @from: the source; truncated to what the limits allow
 *
 * Shortens @from so that the write ends within RLIMIT_FSIZE and the file
 * system's s_maxbytes.  A write starting at or beyond RLIMIT_FSIZE raises
 * SIGXFSZ in the caller.  An active swap file is not written at all: swap
 * I/O goes to its blocks behind the page cache's back.
 *
 * Context: process context, the caller holds i_rwsem (the O_APPEND
 * position and the limits must not move before the copy).  Does not sleep.
 * Return: the number of bytes the write may now copy (0 for an empty
 * write), or -ETXTBSY for an active swap file, -EINVAL for a negative
 * position, -EFBIG when it starts at or past a limit.
 */
ssize_t generic_write_checks(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file->f_mapping->host;
	unsigned long limit = rlimit(RLIMIT_FSIZE);
	loff_t maxbytes = inode->i_sb->s_maxbytes;
	loff_t pos;

	if (IS_SWAPFILE(inode))
		return -ETXTBSY;
	if (!iov_iter_count(from))
		return 0;
	if (iocb->ki_flags & IOCB_APPEND)
		iocb->ki_pos = i_size_read(inode);
	pos = iocb->ki_pos;
	if (pos < 0)
		return -EINVAL;
	if (limit != RLIM_INFINITY) {
		if (pos >= (loff_t)limit) {
			send_sig(SIGXFSZ, current, 0);
			return -EFBIG;
		}
		iov_iter_truncate(from, limit - pos);
	}
	if (pos >= maxbytes)
		return -EFBIG;
	iov_iter_truncate(from, maxbytes - pos);
	return iov_iter_count(from);
}

/* Attempts at a page whose copy from user space makes no progress. */
#define WRITE_NO_PROGRESS_TRIES	3

/*
 * One attempt at moving want bytes from i into the page cache at pos
 * (all within one page).  The source is faulted in first, before the
 * file system locks the page: a fault taken with the page locked could
 * need that very page (the buffer may map this file).  Returns how much
 * the file system accepted, possibly 0, with i advanced by exactly that
 * much; or an errno.  *copied says how much the copy itself managed.
 */
static ssize_t write_page_chunk(struct file *file, struct iov_iter *i, loff_t pos,
				size_t want, size_t *copied)
{
	struct address_space *mapping = file->f_mapping;
	const struct address_space_operations *aops = mapping->a_ops;
	void *fsdata = NULL;
	struct page *page;
	int ret;

	*copied = 0;
	if (unlikely(fault_in_iov_iter_readable(i, want) == want))
		return -EFAULT;
	if (fatal_signal_pending(current))
		return -EINTR;

	ret = aops->write_begin(file, mapping, pos, want, 0, &page, &fsdata);
	if (unlikely(ret < 0))
		return ret;
	*copied = copy_page_from_iter(page, pos & ~PAGE_MASK, want, i);
	ret = aops->write_end(file, mapping, pos, want, *copied, page, fsdata);

	/*
	 * Give back to i whatever the file system did not take: all of it
	 * on error, the tail after a short commit (a partial copy into a
	 * page that is not uptodate).
	 */
	if (unlikely(ret < 0))
		iov_iter_revert(i, *copied);
	else if (unlikely((size_t)ret < *copied))
		iov_iter_revert(i, *copied - ret);
	return ret;
}

/**
 * generic_perform_write() - copy user data into the page cache
 * @file: the file written to; its mapping's ->write_begin/->write_end
 *        do the per-page work
 * @i: the source, advanced by what was written
 * @pos: byte offset in the file of the first byte
 *
 * Works one page at a time: faults the source in before the file system
 * locks the page (a fault with the page locked could need that very
 * page), copies, and commits with ->write_end, which dirties the page and
 * grows i_size.  A page that takes nothing is retried a few times with
 * what the copy did manage, then the write gives up with -EFAULT.  After
 * each page the writer may be throttled in
 * balance_dirty_pages_ratelimited().  The caller moves ki_pos.
 *
 * Context: process context; sleeps (faults, page locks, allocation,
 * dirty throttling).  The caller holds i_rwsem; no spinlocks or page
 * locks.
 * Return: the number of bytes written if any; otherwise the error that
 * stopped the first page (-EFAULT, -EINTR on a fatal signal, or an error
 * of ->write_begin/->write_end).
 */
ssize_t generic_perform_write(struct file *file, struct iov_iter *i, loff_t pos)
{
	struct address_space *mapping = file->f_mapping;
	ssize_t total = 0, ret = 0;

	while (iov_iter_count(i)) {
		size_t want = min_t(size_t, PAGE_SIZE - (pos & ~PAGE_MASK),
				    iov_iter_count(i));
		unsigned int tries = 0;
		size_t copied;

		while (!(ret = write_page_chunk(file, i, pos, want, &copied))) {
			if (++tries == WRITE_NO_PROGRESS_TRIES) {
				ret = -EFAULT;
				break;
			}
			if (copied)
				want = copied;
		}
		if (ret < 0)
			break;

		pos += ret;
		total += ret;
		balance_dirty_pages_ratelimited(mapping);
		cond_resched();
	}
	return total ? total : ret;
}

/*
 * What O_DIRECT left over (a hole the file system would not fill
 * directly, an uncacheable range) goes through the page cache and is then
 * written and dropped from it at once, so it is on the device when the
 * call returns, as O_DIRECT promises.  direct is what already went
 * directly.
 */
static ssize_t write_rest_through_cache(struct kiocb *iocb, struct iov_iter *from,
					ssize_t direct)
{
	struct address_space *mapping = iocb->ki_filp->f_mapping;
	loff_t first = iocb->ki_pos, last;
	ssize_t buffered;

	buffered = generic_perform_write(iocb->ki_filp, from, first);
	if (buffered <= 0)
		return direct ? direct : buffered;
	iocb->ki_pos += buffered;
	last = first + buffered - 1;
	/* A write error stays in the mapping for fsync to report. */
	if (!filemap_write_and_wait_range(mapping, first, last))
		invalidate_mapping_pages(mapping, first >> PAGE_SHIFT, last >> PAGE_SHIFT);
	return direct + buffered;
}

/**
 * __generic_file_write_iter() - the body of a write, for callers that lock
 * @iocb: the I/O control block; ki_pos is advanced by what was written
 * @from: the source; generic_write_checks() must already have clipped it
 *
 * Removes setuid/setgid privileges and updates the times, then writes:
 * through the page cache (generic_perform_write()), or for IOCB_DIRECT
 * through ->direct_IO, with whatever that leaves over written through the
 * cache and then written back and dropped from it, so that it is on the
 * device on return.  Does not do O_SYNC handling; see generic_write_sync().
 *
 * Context: process context; sleeps.  The caller holds i_rwsem.
 * Return: the number of bytes written, or a negative errno when nothing
 * was (from privilege removal, the direct write or the buffered write).
 */
ssize_t __generic_file_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	ssize_t ret;

	ret = file_remove_privs(file);
	if (ret)
		return ret;
	file_update_time(file);

	if (!(iocb->ki_flags & IOCB_DIRECT)) {
		ret = generic_perform_write(file, from, iocb->ki_pos);
		if (ret > 0)
			iocb->ki_pos += ret;
		return ret;
	}

	ret = generic_file_direct_write(iocb, from);
	if (ret < 0 || !iov_iter_count(from))
		return ret;
	return write_rest_through_cache(iocb, from, ret);
}

/* The part done under the inode lock: the limits, then the write. */
static ssize_t write_iter_locked(struct kiocb *iocb, struct iov_iter *from)
{
	ssize_t allowed = generic_write_checks(iocb, from);

	return allowed > 0 ? __generic_file_write_iter(iocb, from) : allowed;
}

/**
 * generic_file_write_iter() - ->write_iter through the page cache
 * @iocb: the I/O control block; ki_pos is advanced by what was written
 * @from: the source
 *
 * Takes i_rwsem for the checks and the copy, so O_APPEND positioning,
 * the size limits and the write are atomic with respect to other writers
 * and truncation; then, with the lock dropped, syncs what was written
 * when the file or inode asks for synchronous writes.
 *
 * Context: process context; sleeps.  The caller must not hold i_rwsem.
 * Return: bytes written, or a negative errno (from the checks, the write
 * or the sync).
 */
ssize_t generic_file_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct inode *inode = iocb->ki_filp->f_mapping->host;
	ssize_t done;

	inode_lock(inode);
	done = write_iter_locked(iocb, from);
	inode_unlock(inode);
	/* O_SYNC and friends: flush what was written, outside the lock. */
	return done > 0 ? generic_write_sync(iocb, done) : done;
}

/**
 * generic_write_sync() - sync what a write wrote, if the write must be synchronous
 * @iocb: the I/O control block, ki_pos already advanced past the write
 * @count: bytes the write wrote (positive)
 *
 * Applies when IOCB_DSYNC/IOCB_SYNC is set, the inode is S_SYNC or the
 * file system is mounted synchronously: the written bytes
 * [ki_pos - @count, ki_pos - 1] go through vfs_fsync_range(), data only
 * unless IOCB_SYNC, S_SYNC or SB_SYNCHRONOUS ask for the metadata too.
 *
 * Context: process context; may sleep.  i_rwsem must not be held (the
 * fsync may take it).
 * Return: @count, or the error of the sync.
 */
ssize_t generic_write_sync(struct kiocb *iocb, ssize_t count)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file->f_mapping->host;
	int err;

	if (!(iocb->ki_flags & (IOCB_DSYNC | IOCB_SYNC)) && !(inode->i_flags & S_SYNC) &&
	    !(inode->i_sb->s_flags & SB_SYNCHRONOUS))
		return count;
	/* O_DSYNC (and O_SYNC without its full-sync bit) syncs data only. */
	err = vfs_fsync_range(file, iocb->ki_pos - count, iocb->ki_pos - 1,
			      !(iocb->ki_flags & IOCB_SYNC) && !(inode->i_flags & S_SYNC) &&
			      !(inode->i_sb->s_flags & SB_SYNCHRONOUS));
	return err ? err : count;
}
