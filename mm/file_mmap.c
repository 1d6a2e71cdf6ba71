// SPDX-License-Identifier: GPL-2.0-only
/*
 * Mapping files: the generic ->mmap/->fault pair for files whose data
 * lives in the page cache, and the helpers /dev/zero-like drivers use.
 *
 *   generic_file_mmap(file, vma)   ->mmap for page-cache files: faults
 *                                  come to filemap_fault()
 *   filemap_fault(vmf)             the page at vmf->pgoff from the page
 *                                  cache, read in through a_ops->readpage
 *                                  (with read-around, waiting on the page
 *                                  lock for the read to finish), or - for
 *                                  a memory file system without one
 *                                  (ramfs) - a zeroed page added
 *                                  to the cache; SIGBUS past EOF or on a
 *                                  read error
 *   shmem_zero_setup(vma)          make a MAP_SHARED mapping of a device
 *                                  shared anonymous memory (/dev/zero)
 *
 * A shared mapping maps the page-cache page itself, so stores through it
 * are what read() sees and write() shows through it; a private mapping
 * maps it read-only and copies it on the first write (do_object_fault()
 * in mm/memory.c).
 *
 * Every VMA of a file is in the file's i_mmap interval tree (mm/rmap.c,
 * mm/interval_tree.c): truncation unmaps the pages past the new end
 * through it (unmap_mapping_range(); accesses there raise SIGBUS), and
 * writeback write-protects a page's shared ptes before writing it
 * (page_mkclean()).  Shared writable mappings of written-back files map
 * pages read-only until a store faults and dirties the page
 * (vma_set_page_prot(), mm/memory.c), so every store reaches the disk.
 * Blocks of a hole are allocated when writeback writes the page, not at
 * the fault (no ->page_mkwrite yet): a full disk loses such a page with
 * an error on the file instead of SIGBUS at the store.
 *
 * Locking: faults run under mmap_lock (read); the page cache has its own
 * lock (mm/filemap.c).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/errno.h>
#include "vma.h"
#include "internal.h"

/* A hole of a memory file system (no ->readpage): a zeroed page, added to the cache. */
static struct page *filemap_fault_hole(struct address_space *mapping, pgoff_t index)
{
	struct page *page;
	int err;

	for (;;) {
		page = find_get_page(mapping, index);
		if (page)
			return page;
		page = alloc_page(mapping_gfp_mask(mapping) | __GFP_ZERO | __GFP_NOWARN);
		if (!page)
			return ERR_PTR(-ENOMEM);
		SetPageUptodate(page);
		err = add_to_page_cache(page, mapping, index, GFP_KERNEL);
		if (!err)
			return page;
		put_page(page);
		if (err != -EEXIST)
			return ERR_PTR(err);
	}
}

/*
 * The uptodate page at index of a file with ->readpage, read in (with
 * read-around) if needed.  *major is set when we had to wait for I/O.
 */
static struct page *filemap_fault_read(struct file *file, struct address_space *mapping,
				       pgoff_t index, bool *major)
{
	struct page *page;
	int err;

again:
	page = find_get_page(mapping, index);
	if (page && file->f_ra.mmap_miss)
		file->f_ra.mmap_miss--;
	if (!page) {
		file->f_ra.mmap_miss++;
		page_cache_ra_around(mapping, &file->f_ra, file, index);
		page = find_get_page(mapping, index);
		*major = true;
	}
	if (!page) {
		page = alloc_page(mapping_gfp_mask(mapping) | __GFP_NOWARN);
		if (!page)
			return ERR_PTR(-ENOMEM);
		err = add_to_page_cache_lru(page, mapping, index, mapping_gfp_mask(mapping));
		if (err) {
			put_page(page);
			if (err == -EEXIST)
				goto again;
			return ERR_PTR(err);
		}
		goto read;	/* locked and !uptodate */
	}
	if (PageReadahead(page))
		page_cache_async_readahead(mapping, &file->f_ra, file, page, index, 1);
	if (PageUptodate(page))
		return page;
	*major = true;
	lock_page(page);
	if (!page->mapping) {
		/* Truncated while we waited for the lock. */
		unlock_page(page);
		put_page(page);
		goto again;
	}
	if (PageUptodate(page)) {
		unlock_page(page);
		return page;
	}
read:
	ClearPageError(page);
	err = mapping->a_ops->readpage(file, page);
	if (!err) {
		/* ->readpage unlocks the page when the read completes. */
		wait_on_page_locked(page);
		if (!PageUptodate(page))
			err = -EIO;
	}
	if (err) {
		put_page(page);
		return ERR_PTR(err);
	}
	return page;
}

static vm_fault_t filemap_fault(struct vm_fault *vmf)
{
	struct file *file = vmf->vma->vm_file;
	struct address_space *mapping = file->f_mapping;
	struct inode *inode = mapping->host;
	bool major = false;
	struct page *page;

	if (vmf->pgoff >= DIV_ROUND_UP(i_size_read(inode), PAGE_SIZE))
		return VM_FAULT_SIGBUS;
	if (!mapping->a_ops || !mapping->a_ops->readpage)
		page = filemap_fault_hole(mapping, vmf->pgoff);
	else
		page = filemap_fault_read(file, mapping, vmf->pgoff, &major);
	if (IS_ERR(page))
		return PTR_ERR(page) == -ENOMEM ? VM_FAULT_OOM : VM_FAULT_SIGBUS;
	/* The file may have shrunk while we read. */
	if (vmf->pgoff >= DIV_ROUND_UP(i_size_read(inode), PAGE_SIZE)) {
		put_page(page);
		return VM_FAULT_SIGBUS;
	}
	mark_page_accessed(page);
	vmf->page = page;
	return major ? VM_FAULT_MAJOR : 0;
}

static const struct vm_operations_struct generic_file_vm_ops = {
	.fault = filemap_fault,
};

int generic_file_mmap(struct file *file, struct vm_area_struct *vma)
{
	(void)file;
	vma->vm_ops = &generic_file_vm_ops;
	return 0;
}

int generic_file_readonly_mmap(struct file *file, struct vm_area_struct *vma)
{
	if (vma->vm_flags & VM_SHARED && vma->vm_flags & VM_MAYWRITE)
		return -EINVAL;
	return generic_file_mmap(file, vma);
}

int shmem_zero_setup(struct vm_area_struct *vma)
{
	if (vma->vm_file) {
		fput(vma->vm_file);
		vma->vm_file = NULL;
	}
	return shared_anon_setup(vma);
}
