/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Virtually contiguous kernel memory (mm/vmalloc.c).
 *
 * vmalloc() maps separately allocated pages at consecutive addresses in
 * the vmalloc area, with an unmapped guard page after each allocation so
 * an overrun faults.  Allocation is for process context; vfree() flushes
 * TLBs on every CPU, which needs interrupts on, so with interrupts off it
 * leaves the work to a work item (vfree_flush_deferred() waits for it).
 */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/types.h>
#include <linux/rbtree.h>

struct page;

/*
 * One vmalloc area.  The rb node and flags are guarded by vmap_lock in
 * mm/vmalloc.c; the rest is fixed while the area exists.
 */
struct vm_struct {
	struct rb_node rb_node;		/* in the busy tree, by addr */
	unsigned long addr;
	unsigned long size;		/* bytes, guard page included */
	struct page **pages;
	unsigned int nr_pages;
	unsigned int flags;		/* VM_* */
};

#define VM_ALLOC	0x01	/* pages from vmalloc() */
#define VM_FREEING	0x02	/* vfree() in progress */

void *vmalloc(unsigned long size);
void *vzalloc(unsigned long size);
/* vmalloc with explicit GFP flags for the pages (e.g. GFP_NOFS | __GFP_ZERO). */
void *__vmalloc(unsigned long size, gfp_t gfp);
void vfree(const void *addr);
void vfree_flush_deferred(void);
bool is_vmalloc_addr(const void *addr);
/* The page mapped at a vmalloc address, or NULL. */
struct page *vmalloc_to_page(const void *addr);
/* The area containing addr, or NULL (the caller must keep it from being freed). */
struct vm_struct *find_vm_area(const void *addr);

#endif /* _LINUX_VMALLOC_H */
