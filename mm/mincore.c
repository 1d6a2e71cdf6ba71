// SPDX-License-Identifier: GPL-2.0-only
/*
 * mincore(2): which pages of a range are resident.  A page counts as
 * resident when this process maps it (a present pte), when it is swapped
 * out but still in the swap cache (as Linux says), for shared anonymous
 * memory when its object holds it, and for a file mapping when the page
 * is in the file's page cache, mapped here or not.  The last is only
 * told to a caller who could change the file anyway - one who opened it
 * for writing, its owner, or a holder of CAP_SYS_ADMIN (otherwise only
 * its own mapped pages count) - so the page cache cannot be used to spy
 * on other users' file accesses; Linux has the same rule since 5.0.
 *
 * The vector is filled a page of entries at a time in a kernel buffer
 * under mmap_lock (read) and copied out after dropping it, so the copy
 * may fault freely.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/mmap_lock.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <asm/uaccess.h>
#include "vma.h"

/* May this caller learn what of vma's file is in the page cache? */
static bool may_see_file_cache(struct vm_area_struct *vma)
{
	struct file *file = vma->vm_file;

	if (!file || vma_is_shared_anon(vma))
		return false;
	return (file->f_mode & FMODE_WRITE) || file_inode(file)->i_uid == current_fsuid() ||
	       capable(CAP_SYS_ADMIN);
}

/* Is the file page of vma at addr in the page cache and up to date? */
static bool file_page_cached(struct vm_area_struct *vma, unsigned long addr)
{
	struct page *page = find_get_page(vma->vm_file->f_mapping, linear_page_index(vma, addr));
	bool cached = page && PageUptodate(page);

	if (page)
		put_page(page);
	return cached;
}

/* Fill vec[0..n) for pages from addr on, all inside one VMA; returns how many. */
static unsigned long mincore_vma(struct vm_area_struct *vma, unsigned long addr,
				 unsigned long n, unsigned char *vec)
{
	struct mm_struct *mm = vma->vm_mm;
	bool file_cache = may_see_file_cache(vma);
	unsigned long i;

	n = min(n, (vma->vm_end - addr) >> PAGE_SHIFT);
	for (i = 0; i < n; i++, addr += PAGE_SIZE) {
		pte_t *ptep = lookup_user_pte(mm, addr);
		pte_t pte = ptep ? ptep_get(ptep) : __pte(0);
		bool present = pte_present(pte);

		/* Swapped out, but perhaps still in the swap cache (Linux counts that). */
		if (!present && is_swap_pte(pte)) {
			struct page *page = lookup_swap_cache(pte_to_swp_entry(pte));

			present = page && PageUptodate(page);
			if (page)
				put_page(page);
		}
		if (!present && vma_is_shared_anon(vma))
			present = shared_anon_page_present(vma, linear_page_index(vma, addr));
		/* A private COW copy has a pte; a hole or swap pte means the cache page. */
		if (!present && file_cache && !is_swap_pte(pte))
			present = file_page_cached(vma, addr);
		vec[i] = present;
	}
	return n;
}

SYSCALL_DEFINE3(mincore, unsigned long, start, size_t, len, unsigned char *, vec)
{
	struct mm_struct *mm = current->mm;
	unsigned long pages;
	unsigned char *tmp;
	long ret = 0;

	if (offset_in_page(start))
		return -EINVAL;
	if (!access_ok((void *)start, len))
		return -ENOMEM;
	pages = (len >> PAGE_SHIFT) + (offset_in_page(len) != 0);
	if (!access_ok(vec, pages))
		return -EFAULT;
	if (!mm)
		return -ENOMEM;
	tmp = (unsigned char *)__get_free_page(GFP_KERNEL);
	if (!tmp)
		return -EAGAIN;
	while (pages) {
		struct vm_area_struct *vma;
		unsigned long done;

		mmap_read_lock(mm);
		vma = vma_lookup(mm, start);
		if (!vma) {
			mmap_read_unlock(mm);
			ret = -ENOMEM;
			break;
		}
		done = mincore_vma(vma, start, min(pages, PAGE_SIZE), tmp);
		mmap_read_unlock(mm);
		if (copy_to_user(vec, tmp, done)) {
			ret = -EFAULT;
			break;
		}
		pages -= done;
		vec += done;
		start += done << PAGE_SHIFT;
	}
	free_page((unsigned long)tmp);
	return ret;
}
