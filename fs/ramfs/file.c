// SPDX-License-Identifier: GPL-2.0-only
/*
 * Regular files of ramfs and tmpfs: their bytes live in page-cache
 * pages (the inode's address_space) and, for tmpfs, in swap
 * (tmpfs_swap.c: tmpfs_get_page() finds or brings back a page).  A
 * missing page is a hole and reads as zeros; a write allocates zeroed pages as it goes; truncation frees
 * the pages beyond the new size.  tmpfs charges each page against its
 * size= limit (ENOSPC when full).
 *
 * Interface: ramfs_file_operations, ramfs_file_inode_operations,
 * ramfs_setattr(), ramfs_truncate_pages().
 *
 * Locking: writers and truncation hold the inode's i_rwsem exclusively,
 * so page insertion and removal are serialised (for tmpfs also against
 * faults and reclaim, by the file's swap map lock, see tmpfs_swap.c); readers take no lock and
 * copy from pages they hold a reference on (a page truncated meanwhile
 * stays valid until they put it, as in Linux).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/uio.h>
#include <linux/swap.h>
#include "internal.h"

/* Pages in 512-byte blocks, for st_blocks. */
#define PAGE_SECTORS	(PAGE_SIZE >> 9)

const struct address_space_operations ramfs_aops = {
};

static void ramfs_account_pages(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	inode->i_blocks = (blkcnt_t)(inode->i_mapping->nrpages + tmpfs_swapped(inode)) *
			  PAGE_SECTORS;
	spin_unlock(&inode->i_lock);
}

/* The page at index, allocated (zeroed, charged) if missing; referenced. */
static int ramfs_get_page(struct inode *inode, pgoff_t index, struct page **pagep)
{
	struct address_space *mapping = inode->i_mapping;
	struct page *page;
	int err;

	if (tmpfs_swap_backed(inode)) {
		err = tmpfs_get_page(inode, index, true, pagep, NULL);
		if (!err)
			ramfs_account_pages(inode);
		return err;
	}
	page = find_get_page(mapping, index);
	if (page) {
		*pagep = page;
		return 0;
	}
	err = ramfs_charge_block(inode->i_sb);
	if (err)
		return err;
	page = alloc_page(mapping_gfp_mask(mapping) | __GFP_ZERO);
	if (!page) {
		ramfs_uncharge_blocks(inode->i_sb, 1);
		return -ENOMEM;
	}
	SetPageUptodate(page);
	err = add_to_page_cache(page, mapping, index, GFP_KERNEL);
	if (err) {
		put_page(page);
		ramfs_uncharge_blocks(inode->i_sb, 1);
		return err;
	}
	ramfs_account_pages(inode);
	*pagep = page;
	return 0;
}

static ssize_t ramfs_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file_inode(file);
	loff_t pos = iocb->ki_pos;
	ssize_t done = 0;

	while (iov_iter_count(to)) {
		loff_t isize = i_size_read(inode);
		size_t offset = pos & ~PAGE_MASK;
		size_t nr, copied;
		struct page *page;

		if (pos >= isize)
			break;
		nr = min_t(loff_t, min_t(size_t, PAGE_SIZE - offset, iov_iter_count(to)),
			   isize - pos);
		if (tmpfs_swap_backed(inode)) {
			int err = tmpfs_get_page(inode, pos >> PAGE_SHIFT, false, &page, NULL);

			if (err) {
				if (!done)
					return err;
				break;
			}
		} else {
			page = find_get_page(inode->i_mapping, pos >> PAGE_SHIFT);
		}
		if (page) {
			copied = copy_page_to_iter(page, offset, nr, to);
			put_page(page);
		} else {
			copied = iov_iter_zero(nr, to);
		}
		pos += copied;
		done += copied;
		if (copied < nr) {
			if (!done)
				return -EFAULT;
			break;
		}
	}
	iocb->ki_pos = pos;
	touch_atime(&file->f_path);
	return done;
}

static ssize_t ramfs_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file_inode(file);
	loff_t maxbytes = inode->i_sb->s_maxbytes;
	ssize_t written = 0;
	size_t count;
	loff_t pos;
	int err = 0;

	inode_lock(inode);
	if (iocb->ki_flags & IOCB_APPEND)
		iocb->ki_pos = i_size_read(inode);
	pos = iocb->ki_pos;
	count = iov_iter_count(from);
	if (!count)
		goto out;
	if (pos >= maxbytes) {
		err = -EFBIG;
		goto out;
	}
	if (count > maxbytes - pos)
		iov_iter_truncate(from, maxbytes - pos);
	err = file_remove_privs(file);
	if (err)
		goto out;
	file_update_time(file);

	while (iov_iter_count(from)) {
		size_t offset = pos & ~PAGE_MASK;
		size_t bytes = min_t(size_t, PAGE_SIZE - offset, iov_iter_count(from));
		struct page *page;
		size_t copied;

		err = ramfs_get_page(inode, pos >> PAGE_SHIFT, &page);
		if (err)
			break;
		copied = copy_page_from_iter(page, offset, bytes, from);
		put_page(page);
		pos += copied;
		written += copied;
		if (pos > i_size_read(inode))
			i_size_write(inode, pos);
		if (copied < bytes) {
			err = -EFAULT;
			break;
		}
	}
	iocb->ki_pos = pos;
out:
	inode_unlock(inode);
	return written ? written : err;
}

/* ------------------------------------------------------------ holes */

static loff_t ramfs_seek_hole_data(struct inode *inode, loff_t offset, int whence)
{
	struct address_space *mapping = inode->i_mapping;
	loff_t isize = i_size_read(inode);
	pgoff_t start = offset >> PAGE_SHIFT;
	pgoff_t end = (isize + PAGE_SIZE - 1) >> PAGE_SHIFT;
	loff_t res;

	if (whence == SEEK_DATA) {
		/* Data is in the page cache or, for tmpfs, in swap. */
		pgoff_t index = tmpfs_next_swapped(inode, start);
		struct page *page;

		if (find_get_pages(mapping, start, 1, &page)) {
			index = min(index, page->index);
			put_page(page);
		}
		if (index >= end)
			return -ENXIO;
		res = (loff_t)index << PAGE_SHIFT;
	} else {
		pgoff_t hole = page_cache_next_miss(mapping, start);

		while (hole < end && tmpfs_in_swap(inode, hole))
			hole = page_cache_next_miss(mapping, hole + 1);
		if (hole >= end)
			return isize;
		res = (loff_t)hole << PAGE_SHIFT;
	}
	return min(max(res, offset), isize);
}

static loff_t ramfs_file_llseek(struct file *file, loff_t offset, int whence)
{
	struct inode *inode = file_inode(file);

	if (whence != SEEK_DATA && whence != SEEK_HOLE)
		return generic_file_llseek_size(file, offset, whence, inode->i_sb->s_maxbytes,
						i_size_read(inode));
	inode_lock_shared(inode);
	if (offset < 0 || offset >= i_size_read(inode))
		offset = -ENXIO;
	else
		offset = ramfs_seek_hole_data(inode, offset, whence);
	if (offset >= 0)
		offset = vfs_setpos(file, offset, inode->i_sb->s_maxbytes);
	inode_unlock_shared(inode);
	return offset;
}

/* ------------------------------------------------------------ mmap */

static bool past_eof(struct inode *inode, pgoff_t index)
{
	return index >= DIV_ROUND_UP(i_size_read(inode), PAGE_SIZE);
}

/*
 * tmpfs: the page from the page cache or swap, a zeroed charged page for
 * a hole; SIGBUS past EOF (checked again after sleeping), for a swap read
 * error and when size= is reached.
 */
static vm_fault_t tmpfs_fault(struct vm_fault *vmf)
{
	struct inode *inode = file_inode(vmf->vma->vm_file);
	bool major = false;
	int err = -EINVAL;

	if (!past_eof(inode, vmf->pgoff))
		err = tmpfs_get_page(inode, vmf->pgoff, true, &vmf->page, &major);
	if (!err && past_eof(inode, vmf->pgoff)) {
		put_page(vmf->page);
		err = -EINVAL;
	}
	if (err)
		return err == -ENOMEM ? VM_FAULT_OOM : VM_FAULT_SIGBUS;
	ramfs_account_pages(inode);
	mark_page_accessed(vmf->page);
	return major ? VM_FAULT_MAJOR : 0;
}

static const struct vm_operations_struct tmpfs_vm_ops = {
	.fault = tmpfs_fault,
};

static int ramfs_file_mmap(struct file *file, struct vm_area_struct *vma)
{
	if (!tmpfs_swap_backed(file_inode(file)))
		return generic_file_mmap(file, vma);
	vma->vm_ops = &tmpfs_vm_ops;
	return 0;
}

/* ------------------------------------------------------------ size changes */

void ramfs_truncate_pages(struct inode *inode, loff_t from)
{
	unsigned long before = inode->i_mapping->nrpages;

	if (tmpfs_swap_backed(inode)) {
		ramfs_uncharge_blocks(inode->i_sb, tmpfs_truncate_pages(inode, from));
		ramfs_account_pages(inode);
		return;
	}
	truncate_inode_pages(inode->i_mapping, from);
	if (before > inode->i_mapping->nrpages)
		ramfs_uncharge_blocks(inode->i_sb, before - inode->i_mapping->nrpages);
	ramfs_account_pages(inode);
}

int ramfs_setattr(struct dentry *dentry, struct iattr *iattr)
{
	struct inode *inode = d_inode(dentry);
	int error = setattr_prepare(dentry, iattr);

	if (error)
		return error;
	if ((iattr->ia_valid & ATTR_SIZE) && S_ISREG(inode->i_mode)) {
		loff_t oldsize = i_size_read(inode), newsize = iattr->ia_size;

		if (newsize != oldsize) {
			i_size_write(inode, newsize);
			/* Shrinking frees pages; growing leaves a hole that reads as zeros. */
			if (newsize < oldsize)
				ramfs_truncate_pages(inode, newsize);
			inode->i_ctime = inode->i_mtime = current_time(inode);
		}
	}
	setattr_copy(inode, iattr);
	return 0;
}

const struct file_operations ramfs_file_operations = {
	.read_iter = ramfs_read_iter,
	.write_iter = ramfs_write_iter,
	.llseek = ramfs_file_llseek,
	.mmap = ramfs_file_mmap,
	.fsync = noop_fsync,
};

const struct inode_operations ramfs_file_inode_operations = {
	.setattr = ramfs_setattr,
	.getattr = simple_getattr,
	.listxattr = ramfs_listxattr,
};
