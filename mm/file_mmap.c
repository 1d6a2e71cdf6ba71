// SPDX-License-Identifier: GPL-2.0-only
/*
 * Mapping files: the generic ->mmap/->fault pair for files whose data
 * lives in the page cache, and the helpers /dev/zero-like drivers use.
 *
 *   generic_file_mmap(file, vma)   ->mmap for page-cache files: faults
 *                                  come to filemap_fault()
 *   filemap_fault(vmf)             the page at vmf->pgoff from the page
 *                                  cache, read in through a_ops->readpage,
 *                                  or - for a memory file system without
 *                                  one (ramfs, tmpfs) - a zeroed page
 *                                  added to the cache; SIGBUS past EOF
 *   shmem_zero_setup(vma)          make a MAP_SHARED mapping of a device
 *                                  shared anonymous memory (/dev/zero)
 *
 * A shared mapping maps the page-cache page itself, so stores through it
 * are what read() sees and write() shows through it; a private mapping
 * maps it read-only and copies it on the first write (do_object_fault()
 * in mm/memory.c).
 *
 * Not done yet: pages of files have no reverse map (the address_space
 * needs an i_mmap tree of its VMAs for that), so truncating a mapped file
 * does not unmap the pages beyond the new end (Linux's
 * unmap_mapping_range(): accesses there would raise SIGBUS; here they see
 * the old, now detached page), and nothing writes dirty shared pages of
 * disk-backed files back.
 *
 * Locking: faults run under mmap_lock (read); the page cache has its own
 * lock (mm/filemap.c).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/pagemap.h>
#include <linux/errno.h>
#include "vma.h"

static vm_fault_t filemap_fault(struct vm_fault *vmf)
{
	struct file *file = vmf->vma->vm_file;
	struct address_space *mapping = file->f_mapping;
	struct inode *inode = mapping->host;
	vm_fault_t ret = 0;
	struct page *page;
	int err;

	for (;;) {
		if (vmf->pgoff >= DIV_ROUND_UP(i_size_read(inode), PAGE_SIZE))
			return VM_FAULT_SIGBUS;
		page = find_get_page(mapping, vmf->pgoff);
		if (page)
			break;
		page = alloc_page(mapping_gfp_mask(mapping) | __GFP_ZERO | __GFP_NOWARN);
		if (!page)
			return VM_FAULT_OOM;
		if (!mapping->a_ops || !mapping->a_ops->readpage)
			SetPageUptodate(page);	/* a hole of a memory file system */
		err = add_to_page_cache(page, mapping, vmf->pgoff, GFP_KERNEL);
		if (err) {
			put_page(page);
			if (err == -EEXIST)
				continue;	/* someone else added it */
			return VM_FAULT_OOM;
		}
		if (!PageUptodate(page)) {
			err = mapping->a_ops->readpage(file, page);
			ret = VM_FAULT_MAJOR;
			if (err || !PageUptodate(page)) {
				delete_from_page_cache(page);
				put_page(page);
				return VM_FAULT_SIGBUS;
			}
		}
		break;
	}
	vmf->page = page;
	return ret;
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
