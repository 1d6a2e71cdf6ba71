// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 regular files: reads and writes go through the page cache
 * (generic_file_read_iter/generic_file_write_iter with ext2_aops), mmap
 * through generic_file_mmap, fsync writes the data pages, the inode's
 * metadata buffers (indirect and directory blocks) and the inode.
 * O_DIRECT transfers go straight between user memory and the disk.
 *
 * Interface: ext2_file_operations, ext2_file_inode_operations,
 * ext2_fsync() (also used by directories), ext2_direct_IO() (the
 * address space's ->direct_IO).
 *
 * On a "sync" mount (SB_SYNCHRONOUS) or for a file with the sync flag the
 * page cache's write path (generic_write_sync()) calls ext2_fsync() for
 * what it wrote before returning.  The last writer to close a file gives
 * back its reservation window: the blocks it reserved ahead become
 * available to other files.
 *
 * O_DIRECT, as on Linux: the position, the length and every user buffer
 * must be aligned to the device's logical block size (EINVAL otherwise);
 * dirty cached pages of the range are written first and cached pages of
 * a written range dropped, so buffered and direct users see each other's
 * data; holes read as zeros; writes allocate, zero the unwritten parts of
 * new blocks and extend i_size.  Until a zero-copy direct I/O engine
 * exists, the data goes through a bounce buffer of EXT2_DIO_BYTES per
 * step, one bio per physically contiguous run of blocks.  Reads hold
 * i_rwsem shared (no truncation underneath), writes exclusively.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/pagemap.h>
#include <linux/buffer_head.h>
#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/uio.h>
#include "ext2.h"

int ext2_fsync(struct file *file, loff_t start, loff_t end, int datasync)
{
	struct super_block *sb = file_inode(file)->i_sb;
	int ret = generic_buffers_fsync(file, start, end, datasync);

	if (ret == -EIO)
		/* We don't really know where the I/O error happened... */
		ext2_error(sb, __func__, "detected IO error when writing metadata buffers");
	return ret;
}

/* ------------------------------------------------------------ O_DIRECT */

/* Bytes moved per step of a direct transfer (the bounce buffer). */
#define EXT2_DIO_BYTES	(64 * 1024)
#define EXT2_DIO_PAGES	(EXT2_DIO_BYTES / PAGE_SIZE)

struct dio_buf {
	struct page *pages[EXT2_DIO_PAGES];
};

static void dio_buf_free(struct dio_buf *b)
{
	unsigned int i;

	for (i = 0; i < EXT2_DIO_PAGES; i++) {
		if (b->pages[i])
			__free_page(b->pages[i]);
	}
}

static int dio_buf_alloc(struct dio_buf *b)
{
	unsigned int i;

	for (i = 0; i < EXT2_DIO_PAGES; i++) {
		b->pages[i] = alloc_page(GFP_KERNEL);
		if (!b->pages[i]) {
			dio_buf_free(b);
			return -ENOMEM;
		}
	}
	return 0;
}

static void dio_buf_zero(struct dio_buf *b, size_t off, size_t len)
{
	while (len) {
		size_t poff = off % PAGE_SIZE, n = min_t(size_t, len, PAGE_SIZE - poff);

		memset((char *)page_address(b->pages[off / PAGE_SIZE]) + poff, 0, n);
		off += n;
		len -= n;
	}
}

/* Copy len bytes between the iterator and the buffer at off; bytes copied. */
static size_t dio_buf_copy(struct dio_buf *b, size_t off, size_t len, struct iov_iter *iter,
			   bool to_buf)
{
	size_t done = 0;

	while (done < len) {
		size_t poff = (off + done) % PAGE_SIZE;
		size_t n = min_t(size_t, len - done, PAGE_SIZE - poff);
		struct page *page = b->pages[(off + done) / PAGE_SIZE];
		size_t c = to_buf ? copy_page_from_iter(page, poff, n, iter)
				  : copy_page_to_iter(page, poff, n, iter);

		done += c;
		if (c < n)
			break;
	}
	return done;
}

/* Read or write len bytes (whole blocks) at disk block blk from/to the buffer at off. */
static int dio_buf_io(struct super_block *sb, struct dio_buf *b, size_t off, sector_t blk,
		      size_t len, blk_opf_t op)
{
	sector_t sector = blk << (sb->s_blocksize_bits - SECTOR_SHIFT);

	while (len) {
		struct bio *bio = bio_alloc(sb->s_bdev, DIV_ROUND_UP(len, PAGE_SIZE) + 1, op,
					    GFP_KERNEL);
		size_t added = 0;
		int err;

		bio->bi_iter.bi_sector = sector;
		while (added < len) {
			size_t poff = (off + added) % PAGE_SIZE;
			size_t n = min_t(size_t, len - added, PAGE_SIZE - poff);

			if (bio_add_page(bio, b->pages[(off + added) / PAGE_SIZE], n, poff) < (int)n)
				break;
			added += n;
		}
		if (!added) {
			bio_put(bio);
			return -EIO;
		}
		err = submit_bio_wait(bio);
		bio_put(bio);
		if (err)
			return err;
		off += added;
		len -= added;
		sector += added >> SECTOR_SHIFT;
	}
	return 0;
}

/* Every user segment's address and length OR-ed together. */
static unsigned long dio_alignment(const struct iov_iter *i)
{
	size_t left = i->count, skip = i->iov_offset;
	unsigned long res = 0, n;

	if (i->iter_type == ITER_UBUF)
		return ((unsigned long)i->ubuf + skip) | left;
	for (n = 0; n < i->nr_segs && left; n++, skip = 0) {
		unsigned long base;
		size_t len;

		switch (i->iter_type) {
		case ITER_IOVEC:
			base = (unsigned long)i->__iov[n].iov_base;
			len = i->__iov[n].iov_len;
			break;
		case ITER_KVEC:
			base = (unsigned long)i->kvec[n].iov_base;
			len = i->kvec[n].iov_len;
			break;
		default:
			base = i->bvec[n].bv_offset;
			len = i->bvec[n].bv_len;
			break;
		}
		len = min(len - skip, left);
		if (len)
			res |= (base + skip) | len;
		left -= len;
	}
	return res;
}

/* One step of a direct read at pos: at most want bytes; returns bytes or -errno. */
static ssize_t dio_read_step(struct inode *inode, struct dio_buf *b, loff_t pos, size_t want,
			     struct iov_iter *iter)
{
	struct super_block *sb = inode->i_sb;
	unsigned int bits = sb->s_blocksize_bits;
	size_t boff = pos & (sb->s_blocksize - 1), n;
	sector_t first = pos >> bits;
	struct buffer_head map;
	int err;

	want = min_t(size_t, want, EXT2_DIO_BYTES - boff);
	memset(&map, 0, sizeof(map));
	map.b_size = (size_t)DIV_ROUND_UP(boff + want, sb->s_blocksize) << bits;
	err = ext2_get_block(inode, first, &map, 0);
	if (err)
		return err;
	if (!buffer_mapped(&map)) {
		n = min_t(size_t, want, sb->s_blocksize - boff);
		return iov_iter_zero(n, iter) == n ? (ssize_t)n : -EFAULT;
	}
	n = min_t(size_t, want, map.b_size - boff);
	err = dio_buf_io(sb, b, 0, map.b_blocknr, map.b_size, REQ_OP_READ);
	if (err)
		return err;
	return dio_buf_copy(b, boff, n, iter, false) == n ? (ssize_t)n : -EFAULT;
}

/*
 * One step of a direct write at pos: map (allocating) a physically
 * contiguous run of blocks, fill the bounce buffer (old contents or zeros
 * around a partial write), copy the user data in, write the run.
 */
static ssize_t dio_write_step(struct inode *inode, struct dio_buf *b, loff_t pos, size_t want,
			      struct iov_iter *iter)
{
	struct super_block *sb = inode->i_sb;
	unsigned int bits = sb->s_blocksize_bits, bs = sb->s_blocksize;
	size_t boff = pos & (bs - 1), n, run_bytes, tail;
	sector_t first = pos >> bits, phys = 0;
	unsigned int nblocks, run;
	bool head_new = false, tail_new = false;
	int err = 0;

	want = min_t(size_t, want, EXT2_DIO_BYTES - boff);
	nblocks = DIV_ROUND_UP(boff + want, bs);
	for (run = 0; run < nblocks; run++) {
		struct buffer_head map;

		memset(&map, 0, sizeof(map));
		map.b_size = bs;
		err = ext2_get_block(inode, first + run, &map, 1);
		if (err)
			break;
		if (!run)
			phys = map.b_blocknr;
		else if (map.b_blocknr != phys + run)
			break;	/* allocated; the next step writes it */
		if (!run)
			head_new = buffer_new(&map);
		tail_new = buffer_new(&map);
	}
	if (!run)
		return err;
	run_bytes = (size_t)run << bits;
	n = min_t(size_t, want, run_bytes - boff);
	tail = (boff + n) & (bs - 1);

	/* The parts of the first and last block the write does not cover. */
	if (boff) {
		if (head_new)
			dio_buf_zero(b, 0, boff);
		else if ((err = dio_buf_io(sb, b, 0, phys, bs, REQ_OP_READ)))
			return err;
	}
	if (tail) {
		size_t last = (boff + n) & ~(size_t)(bs - 1);
		bool same_as_head = last == 0 && boff;

		if (tail_new && !(same_as_head && !head_new))
			dio_buf_zero(b, boff + n, bs - tail);
		else if (!same_as_head &&
			 (err = dio_buf_io(sb, b, last, phys + (last >> bits), bs, REQ_OP_READ)))
			return err;
	}
	if (dio_buf_copy(b, boff, n, iter, true) != n)
		return -EFAULT;
	err = dio_buf_io(sb, b, 0, phys, DIV_ROUND_UP(boff + n, bs) << bits,
			 REQ_OP_WRITE | REQ_SYNC);
	return err ? err : (ssize_t)n;
}

/*
 * ->direct_IO: move iov_iter_count(iter) bytes at iocb->ki_pos between the
 * iterator and the disk.  The caller holds i_rwsem (exclusively for a
 * write) and made the write checks; it advances ki_pos by the result.
 */
ssize_t ext2_direct_IO(struct kiocb *iocb, struct iov_iter *iter)
{
	struct inode *inode = file_inode(iocb->ki_filp);
	struct address_space *mapping = inode->i_mapping;
	bool write = iov_iter_rw(iter) == WRITE;
	loff_t pos = iocb->ki_pos, end;
	size_t count = iov_iter_count(iter), done = 0;
	struct dio_buf b = { { NULL } };
	ssize_t ret = 0;

	if ((pos | dio_alignment(iter)) & (bdev_logical_block_size(inode->i_sb->s_bdev) - 1))
		return -EINVAL;
	if (!write) {
		loff_t size = i_size_read(inode);

		if (pos >= size)
			return 0;
		count = min_t(loff_t, count, size - pos);
	}
	if (!count)
		return 0;
	end = pos + count - 1;
	ret = filemap_write_and_wait_range(mapping, pos, end);
	if (!ret && write)
		ret = invalidate_inode_pages2_range(mapping, pos >> PAGE_SHIFT, end >> PAGE_SHIFT);
	if (!ret)
		ret = dio_buf_alloc(&b);
	if (ret)
		return ret;
	while (done < count) {
		ssize_t n = write ? dio_write_step(inode, &b, pos, count - done, iter)
				  : dio_read_step(inode, &b, pos, count - done, iter);

		if (n <= 0) {
			ret = n;
			break;
		}
		pos += n;
		done += n;
		if (write && pos > inode->i_size) {
			i_size_write(inode, pos);
			mark_inode_dirty(inode);
		}
	}
	dio_buf_free(&b);
	if (write) {
		/* Read-ahead may have cached the old data meanwhile. */
		invalidate_inode_pages2_range(mapping, iocb->ki_pos >> PAGE_SHIFT, end >> PAGE_SHIFT);
		/* A failed write may have allocated blocks past EOF. */
		if (ret < 0)
			ext2_truncate_blocks(inode, inode->i_size);
	}
	return done ? (ssize_t)done : ret;
}

static ssize_t ext2_file_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct inode *inode = file_inode(iocb->ki_filp);
	ssize_t ret;

	if (!(iocb->ki_filp->f_flags & O_DIRECT))
		return generic_file_read_iter(iocb, to);
	if (!iov_iter_count(to))
		return 0;
	if (iocb->ki_pos < 0)
		return -EINVAL;
	inode_lock_shared(inode);
	ret = ext2_direct_IO(iocb, to);
	inode_unlock_shared(inode);
	if (ret > 0)
		iocb->ki_pos += ret;
	return ret;
}

static ssize_t ext2_file_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file_inode(file);
	ssize_t ret;

	if (!(file->f_flags & O_DIRECT))
		return generic_file_write_iter(iocb, from);
	inode_lock(inode);
	ret = generic_write_checks(iocb, from);
	if (ret > 0)
		ret = file_remove_privs(file);
	if (!ret) {
		file_update_time(file);
		ret = ext2_direct_IO(iocb, from);
		if (ret > 0)
			iocb->ki_pos += ret;
	}
	inode_unlock(inode);
	if (ret > 0)
		ret = generic_write_sync(iocb, ret);
	return ret;
}

/* ------------------------------------------------------------ operations */

static int ext2_release_file(struct inode *inode, struct file *filp)
{
	if ((filp->f_mode & FMODE_WRITE) && atomic_read(&inode->i_writecount) == 1) {
		mutex_lock(&EXT2_I(inode)->truncate_mutex);
		ext2_discard_reservation(inode);
		mutex_unlock(&EXT2_I(inode)->truncate_mutex);
	}
	return 0;
}

const struct file_operations ext2_file_operations = {
	.llseek = generic_file_llseek,
	.read_iter = ext2_file_read_iter,
	.write_iter = ext2_file_write_iter,
	.mmap = generic_file_mmap,
	.open = generic_file_open,
	.release = ext2_release_file,
	.fsync = ext2_fsync,
};

const struct inode_operations ext2_file_inode_operations = {
	.setattr = ext2_setattr,
};
