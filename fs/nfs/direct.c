// SPDX-License-Identifier: GPL-2.0-only
/*
 * O_DIRECT on NFS: reads and writes between the server and the caller's
 * own pages, around the page cache.
 *
 * Interface: nfs_file_direct_read(), nfs_file_direct_write() (the
 * IOCB_DIRECT side of nfs_file_read_iter/_write_iter), nfs_direct_IO()
 * (->direct_IO, which also lets open(O_DIRECT) succeed).
 *
 * The caller's buffer is pinned a piece at a time with
 * iov_iter_get_pages() (get_user_pages() for user memory) and each piece
 * is one READ or WRITE of up to rsize/wsize, the data going straight
 * between the RPC record and those pages.  Calls are synchronous, one
 * after the other.
 *
 * Writes: a request that fits one WRITE is sent FILE_SYNC; a longer one
 * goes UNSTABLE and ends with one COMMIT.  If the COMMIT's verifier is
 * not the one every WRITE returned (the server restarted in between),
 * the whole request is sent again FILE_SYNC.  O_SYNC/O_DSYNC writes are
 * always FILE_SYNC.
 *
 * Coherence with the page cache: before a direct read the range's dirty
 * pages are written back (the server then holds what the cache would
 * have returned); before a direct write they are written and committed,
 * and the cached pages of the range are dropped before and after the
 * write, so a later buffered read fetches the new data.
 *
 * Locking: direct writes hold i_rwsem (as buffered writes do) from the
 * size checks to the end of the transfer; direct reads take no inode
 * lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/uio.h>
#include <linux/writeback.h>
#include "internal.h"

/* Room for the pages of one call of @size bytes starting anywhere in a page. */
static struct page **nfs_direct_pages(unsigned int size, unsigned int *maxpages)
{
	*maxpages = (size >> PAGE_SHIFT) + 1;
	return kcalloc(*maxpages, sizeof(struct page *), GFP_KERNEL);
}

static void nfs_direct_put_pages(struct page **pages, size_t pgbase, size_t len,
				 bool dirty)
{
	unsigned int n = DIV_ROUND_UP(pgbase + len, PAGE_SIZE);

	for (unsigned int i = 0; i < n; i++) {
		if (dirty)
			set_page_dirty_lock(pages[i]);
		put_page(pages[i]);
	}
}

/* READ from @pos into @iter until it is full or the file ends. */
static ssize_t nfs_direct_read_pages(struct file *file, loff_t pos, struct iov_iter *iter)
{
	struct inode *inode = file_inode(file);
	unsigned int rsize = max_t(unsigned int, NFS_SERVER(inode)->rsize, PAGE_SIZE);
	unsigned int maxpages;
	struct page **pages = nfs_direct_pages(rsize, &maxpages);
	ssize_t done = 0;
	int err = 0;

	if (!pages)
		return -ENOMEM;
	while (iov_iter_count(iter)) {
		struct nfs_io_args args = { .offset = pos };
		struct nfs_io_res res = { };
		size_t pgbase;
		ssize_t len = iov_iter_get_pages(iter, pages, rsize, maxpages, &pgbase);

		if (len <= 0) {
			err = len ? len : -EFAULT;
			break;
		}
		args.count = len;
		args.pages = res.pages = pages;
		args.pgbase = res.pgbase = pgbase;
		err = nfs3_proc_read(inode, &args, &res, file->f_cred);
		if (res.fattr.valid & NFS_ATTR_FATTR)
			nfs_refresh_inode(inode, &res.fattr);
		nfs_direct_put_pages(pages, pgbase, len, !err && res.count);
		if (err)
			break;
		iov_iter_advance(iter, res.count);
		pos += res.count;
		done += res.count;
		if (res.eof || !res.count)
			break;
	}
	kfree(pages);
	return done ? done : err;
}

/*
 * WRITE @iter at @pos.  *@verf gets the verifier of UNSTABLE replies;
 * *@unstable says whether any reply was UNSTABLE, *@mixed whether their
 * verifiers differed.
 */
static ssize_t nfs_direct_write_pages(struct file *file, loff_t pos, struct iov_iter *iter,
				      enum nfs3_stable_how stable, u8 *verf,
				      bool *unstable, bool *mixed)
{
	struct inode *inode = file_inode(file);
	unsigned int wsize = max_t(unsigned int, NFS_SERVER(inode)->wsize, PAGE_SIZE);
	unsigned int maxpages;
	struct page **pages = nfs_direct_pages(wsize, &maxpages);
	ssize_t done = 0;
	int err = 0;

	*unstable = *mixed = false;
	if (!pages)
		return -ENOMEM;
	while (iov_iter_count(iter)) {
		struct nfs_io_args args = { .offset = pos, .stable = stable };
		struct nfs_io_res res = { };
		size_t pgbase;
		ssize_t len = iov_iter_get_pages(iter, pages, wsize, maxpages, &pgbase);

		if (len <= 0) {
			err = len ? len : -EFAULT;
			break;
		}
		args.count = len;
		args.pages = pages;
		args.pgbase = pgbase;
		err = nfs3_proc_write(inode, &args, &res, file->f_cred);
		if (res.fattr.valid)
			nfs_post_op_update_inode(inode, &res.fattr);
		nfs_direct_put_pages(pages, pgbase, len, false);
		if (!err && !res.count)
			err = -EIO;	/* no progress and no error: do not spin */
		if (err)
			break;
		if (res.committed == NFS_UNSTABLE) {
			if (*unstable && memcmp(verf, res.verf, NFS3_WRITEVERFSIZE))
				*mixed = true;
			memcpy(verf, res.verf, NFS3_WRITEVERFSIZE);
			*unstable = true;
		}
		iov_iter_advance(iter, res.count);
		pos += res.count;
		done += res.count;
	}
	kfree(pages);
	return done ? done : err;
}

/*
 * The transfer of a direct write, i_rwsem held and the cache flushed:
 * UNSTABLE + COMMIT (FILE_SYNC for one call or O_SYNC), and once more
 * FILE_SYNC if the server lost what it had not committed.
 */
static ssize_t nfs_direct_write_stable(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file_inode(file);
	size_t count = iov_iter_count(from);
	enum nfs3_stable_how stable = NFS_UNSTABLE;
	u8 verf[NFS3_WRITEVERFSIZE];
	bool unstable, mixed;
	ssize_t done;

	if (count <= NFS_SERVER(inode)->wsize ||
	    (iocb->ki_flags & (IOCB_SYNC | IOCB_DSYNC)))
		stable = NFS_FILE_SYNC;
	done = nfs_direct_write_pages(file, iocb->ki_pos, from, stable, verf, &unstable, &mixed);
	if (done <= 0 || !unstable)
		return done;
	if (!mixed) {
		struct nfs_io_args args = { .offset = 0, .count = 0 };
		struct nfs_io_res res = { };
		int err = nfs3_proc_commit(inode, &args, &res, file->f_cred);

		if (res.fattr.valid)
			nfs_post_op_update_inode(inode, &res.fattr);
		if (err)
			return err;
		if (!memcmp(verf, res.verf, NFS3_WRITEVERFSIZE))
			return done;
	}
	/* The server restarted under us: what it had not committed is gone. */
	iov_iter_revert(from, done);
	return nfs_direct_write_pages(file, iocb->ki_pos, from, NFS_FILE_SYNC, verf,
				      &unstable, &mixed);
}

/**
 * nfs_file_direct_read() - an O_DIRECT read
 * @iocb: the request; ki_pos advances by what was read
 * @iter: the destination
 *
 * Context: process context; sleeps.
 * Return: bytes read (0 at the end of the file) or a negative errno.
 */
ssize_t nfs_file_direct_read(struct kiocb *iocb, struct iov_iter *iter)
{
	struct file *file = iocb->ki_filp;
	size_t count = iov_iter_count(iter);
	ssize_t done;
	int err;

	if (!count)
		return 0;
	if (iocb->ki_pos < 0)
		return -EINVAL;
	err = filemap_write_and_wait_range(file->f_mapping, iocb->ki_pos,
					   iocb->ki_pos + count - 1);
	if (err)
		return err;
	done = nfs_direct_read_pages(file, iocb->ki_pos, iter);
	if (done > 0)
		iocb->ki_pos += done;
	return done;
}

/**
 * nfs_file_direct_write() - an O_DIRECT write
 * @iocb: the request; ki_pos advances by what was written
 * @from: the source
 *
 * Context: process context; sleeps; takes i_rwsem.
 * Return: bytes written or a negative errno.
 */
ssize_t nfs_file_direct_write(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file_inode(file);
	struct address_space *mapping = inode->i_mapping;
	pgoff_t first, last;
	loff_t end;
	ssize_t ret;

	inode_lock(inode);
	ret = generic_write_checks(iocb, from);
	if (ret <= 0)
		goto out;
	end = iocb->ki_pos + iov_iter_count(from) - 1;
	first = iocb->ki_pos >> PAGE_SHIFT;
	last = end >> PAGE_SHIFT;
	ret = nfs_sync_range(inode, iocb->ki_pos, end, NFS_UNSTABLE);
	if (ret)
		goto out;
	/* A page that cannot go (mapped) is dropped after the write instead. */
	invalidate_inode_pages2_range(mapping, first, last);
	ret = nfs_direct_write_stable(iocb, from);
	if (ret > 0) {
		iocb->ki_pos += ret;
		if (iocb->ki_pos > i_size_read(inode))
			i_size_write(inode, iocb->ki_pos);
	}
	if (mapping->nrpages)
		invalidate_inode_pages2_range(mapping, first, last);
out:
	inode_unlock(inode);
	return ret;
}

/**
 * nfs_direct_IO() - ->direct_IO: move the data, nothing else
 * @iocb: the request at ki_pos (not advanced here)
 * @iter: source or destination
 *
 * For callers that did the locking and cache flushing themselves; the
 * NFS file operations use nfs_file_direct_read/_write.
 *
 * Return: bytes moved or a negative errno.
 */
ssize_t nfs_direct_IO(struct kiocb *iocb, struct iov_iter *iter)
{
	if (iov_iter_rw(iter) == READ)
		return nfs_direct_read_pages(iocb->ki_filp, iocb->ki_pos, iter);
	return nfs_direct_write_stable(iocb, iter);
}
