/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the user address-space self tests (mm/..._test.c):
 * build test mms, map into them, and read/write their memory through
 * access_remote_vm() (which faults pages in like get_user_pages()).
 */
#ifndef _MM_MM_SELFTEST_H
#define _MM_MM_SELFTEST_H

#include <linux/mm.h>
#include <linux/rmap.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/mmap_lock.h>
#include <linux/selftest.h>
#include <linux/gfp.h>
#include <linux/errno.h>
#include <uapi/linux/mman.h>
#include "vma.h"

/* Where test mappings go: low user addresses, far from mmap_base. */
#define TEST_BASE	0x10000000UL

static inline unsigned long test_mmap(struct mm_struct *mm, unsigned long addr, unsigned long len,
				      unsigned long prot, unsigned long flags)
{
	unsigned long populate, ret;

	mmap_write_lock(mm);
	ret = do_mmap(mm, NULL, addr, len, prot, flags | MAP_ANONYMOUS, 0, &populate);
	mmap_write_unlock(mm);
	if (!IS_ERR_VALUE(ret) && populate) {
		mmap_read_lock(mm);
		mm_populate_range(mm, ret, populate, false);
		mmap_read_unlock(mm);
	}
	return ret;
}

static inline unsigned long test_map_fixed(struct mm_struct *mm, unsigned long addr,
					   unsigned long npages)
{
	return test_mmap(mm, addr, npages << PAGE_SHIFT, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_FIXED);
}

static inline int test_munmap(struct mm_struct *mm, unsigned long addr, unsigned long len)
{
	int ret;

	mmap_write_lock(mm);
	ret = do_munmap(mm, addr, len);
	mmap_write_unlock(mm);
	return ret;
}

static inline int test_mprotect(struct mm_struct *mm, unsigned long addr, unsigned long len,
				unsigned long prot)
{
	int ret;

	mmap_write_lock(mm);
	ret = do_mprotect_mm(mm, addr, len, prot);
	mmap_write_unlock(mm);
	return ret;
}

/* Store byte v at addr of mm; true if it went in. */
static inline bool test_poke(struct mm_struct *mm, unsigned long addr, unsigned char v,
			     unsigned int gup_flags)
{
	return access_remote_vm(mm, addr, &v, 1, FOLL_WRITE | gup_flags) == 1;
}

/* The byte at addr of mm, or -1 if it cannot be read. */
static inline int test_peek(struct mm_struct *mm, unsigned long addr)
{
	unsigned char v;

	if (access_remote_vm(mm, addr, &v, 1, 0) != 1)
		return -1;
	return v;
}

/* The page mapped at addr in mm (no reference kept), or NULL. */
static inline struct page *test_page_at(struct mm_struct *mm, unsigned long addr)
{
	pte_t *ptep = lookup_user_pte(mm, addr);

	if (!ptep || !pte_present(ptep_get(ptep)))
		return NULL;
	return pfn_to_page(pte_pfn(ptep_get(ptep)));
}

/* handle_mm_fault() at addr of mm as a fault with flags would; its VM_FAULT_* result. */
static inline vm_fault_t test_fault(struct mm_struct *mm, unsigned long addr, unsigned int flags)
{
	struct vm_area_struct *vma;
	vm_fault_t ret;

	mmap_read_lock(mm);
	vma = vma_lookup(mm, addr);
	ret = vma ? handle_mm_fault(vma, addr, flags, NULL) : VM_FAULT_SIGSEGV;
	mmap_read_unlock(mm);
	return ret;
}

static inline unsigned long test_free_pages(void)
{
	drain_all_pages();
	return nr_free_pages();
}

#endif /* _MM_MM_SELFTEST_H */
