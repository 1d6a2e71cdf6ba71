// SPDX-License-Identifier: GPL-2.0-only
/*
 * vmalloc: virtually contiguous kernel memory from scattered pages.
 *
 * Interface (<linux/vmalloc.h>): vmalloc(), vzalloc(), __vmalloc(),
 * vfree(), is_vmalloc_addr(), vmalloc_to_page(), find_vm_area().
 *
 * Address space: [VMALLOC_START + 64 GiB, VMALLOC_END); the first 64 GiB
 * of the vmalloc region are ioremap's window (arch/x86/mm/ioremap.c).
 * Every area is followed by one unmapped guard page.  Busy areas live in
 * a red-black tree sorted by address.  A new area takes the lowest gap
 * that fits (first fit), searched from vmap_free_hint, below which no
 * gap exists at all; so in the common case the search starts right at
 * the free space and only skips gaps too small to use.
 *
 * Pages are order-0 pages from the buddy allocator mapped with
 * kernel_map_page(PAGE_KERNEL).  Page tables below the kernel's shared
 * pud pages are never freed, so a mapping made here is visible in every
 * address space at once.  vfree() unmaps, flushes the TLB for the range
 * (flush_tlb_kernel_range(), which shoots down all CPUs once SMP does),
 * and only then frees the pages and lets the range be reused.
 *
 * Locking: vmap_lock (irqsave) guards the tree and the hint, and the
 * VM_FREEING flag that stops two vfree()s of one area.  Mapping,
 * unmapping and page allocation happen outside it.  Allocation is for
 * process context only; vfree() may be called with interrupts disabled
 * or from an interrupt (an RCU callback freeing what it held, for
 * instance): the unmap and its TLB shootdown then wait for a work item,
 * the area chained through its own first word until then.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/vmstat.h>
#include <linux/spinlock.h>
#include <linux/rbtree.h>
#include <linux/workqueue.h>
#include <asm/pgtable.h>
#include <asm/tlbflush.h>

#define VMALLOC_AREA_START	(VMALLOC_START + (64UL << 30))
#define VMALLOC_AREA_END	VMALLOC_END

static struct rb_root vmap_root = RB_ROOT;
static DEFINE_SPINLOCK(vmap_lock);
/* Every address in [VMALLOC_AREA_START, vmap_free_hint) is busy or a guard page. */
static unsigned long vmap_free_hint = VMALLOC_AREA_START;

static inline unsigned long area_end(const struct vm_struct *a)
{
	return a->addr + a->size;
}

static bool area_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct vm_struct, rb_node)->addr <
	       rb_entry(b, struct vm_struct, rb_node)->addr;
}

/* The lowest area ending above addr, or NULL.  vmap_lock held. */
static struct rb_node *first_area_ending_after(unsigned long addr)
{
	struct rb_node *n = vmap_root.rb_node, *found = NULL;

	while (n) {
		struct vm_struct *a = rb_entry(n, struct vm_struct, rb_node);

		if (area_end(a) > addr) {
			found = n;
			n = n->rb_left;
		} else {
			n = n->rb_right;
		}
	}
	return found;
}

/* The area containing addr.  vmap_lock held. */
static struct vm_struct *__find_vm_area(unsigned long addr)
{
	struct rb_node *n = first_area_ending_after(addr);
	struct vm_struct *a;

	if (!n)
		return NULL;
	a = rb_entry(n, struct vm_struct, rb_node);
	return a->addr <= addr ? a : NULL;
}

/* Reserve size bytes (guard included) of address space for area; 0 on success. */
static int reserve_area(struct vm_struct *area, unsigned long size)
{
	unsigned long addr, flags;
	struct rb_node *n;

	spin_lock_irqsave(&vmap_lock, flags);
	addr = vmap_free_hint;
	for (n = first_area_ending_after(addr); n; n = rb_next(n)) {
		struct vm_struct *a = rb_entry(n, struct vm_struct, rb_node);

		if (a->addr >= addr && a->addr - addr >= size)
			break;
		addr = max(addr, area_end(a));
	}
	if (addr > VMALLOC_AREA_END || VMALLOC_AREA_END - addr < size) {
		spin_unlock_irqrestore(&vmap_lock, flags);
		return -1;
	}
	if (addr == vmap_free_hint)
		vmap_free_hint = addr + size;
	area->addr = addr;
	area->size = size;
	rb_add(&area->rb_node, &vmap_root, area_less);
	spin_unlock_irqrestore(&vmap_lock, flags);
	return 0;
}

static void release_area(struct vm_struct *area)
{
	unsigned long flags;

	spin_lock_irqsave(&vmap_lock, flags);
	rb_erase(&area->rb_node, &vmap_root);
	if (area->addr < vmap_free_hint)
		vmap_free_hint = area->addr;
	spin_unlock_irqrestore(&vmap_lock, flags);
}

/* Unmap the first nr pages of area and free them; flushes the TLB first. */
static void unmap_and_free_pages(struct vm_struct *area, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++)
		kernel_unmap_page(area->addr + i * PAGE_SIZE);
	if (nr)
		flush_tlb_kernel_range(area->addr, area->addr + nr * PAGE_SIZE);
	for (unsigned int i = 0; i < nr; i++)
		__free_page(area->pages[i]);
	mod_node_page_state(NODE_DATA(0), NR_VMALLOC, -(long)nr);
}

void *__vmalloc(unsigned long size, gfp_t gfp)
{
	gfp_t meta_gfp = gfp & ~(__GFP_ZERO | __GFP_DMA32 | __GFP_MOVABLE);
	struct vm_struct *area;
	unsigned long nr;
	unsigned int i;

	size = ALIGN(size, PAGE_SIZE);
	if (!size || size > VMALLOC_AREA_END - VMALLOC_AREA_START)
		return NULL;
	nr = size >> PAGE_SHIFT;
	area = kzalloc(sizeof(*area), meta_gfp);
	if (!area)
		return NULL;
	area->flags = VM_ALLOC;
	area->pages = kmalloc(nr * sizeof(struct page *), meta_gfp | __GFP_NOWARN);
	if (!area->pages)
		goto fail_area;
	if (reserve_area(area, size + PAGE_SIZE))
		goto fail_pages;
	for (i = 0; i < nr; i++) {
		struct page *page = alloc_page(gfp);

		if (!page)
			goto fail_map;
		area->pages[i] = page;
		mod_node_page_state(page_pgdat(page), NR_VMALLOC, 1);
		if (kernel_map_page(area->addr + i * PAGE_SIZE, page_to_phys(page), PAGE_KERNEL)) {
			i++;	/* the page is allocated; unmapping a never-mapped pte is harmless */
			goto fail_map;
		}
	}
	area->nr_pages = nr;
	return (void *)area->addr;

fail_map:
	unmap_and_free_pages(area, i);
	release_area(area);
fail_pages:
	kfree(area->pages);
fail_area:
	kfree(area);
	if (!(gfp & __GFP_NOWARN))
		pr_warn("vmalloc: allocation of %lu bytes failed\n", size);
	return NULL;
}

void *vmalloc(unsigned long size)
{
	return __vmalloc(size, GFP_KERNEL);
}

void *vzalloc(unsigned long size)
{
	return __vmalloc(size, GFP_KERNEL | __GFP_ZERO);
}

/* Areas vfree()d with interrupts off, chained through their first word. */
static DEFINE_SPINLOCK(vfree_later_lock);
static void *vfree_later_head;

static void vfree_later_work_fn(struct work_struct *work)
{
	unsigned long flags;
	void *next;

	spin_lock_irqsave(&vfree_later_lock, flags);
	next = vfree_later_head;
	vfree_later_head = NULL;
	spin_unlock_irqrestore(&vfree_later_lock, flags);
	while (next) {
		void *addr = next;

		next = *(void **)addr;
		vfree(addr);
	}
}
static DECLARE_WORK(vfree_later_work, vfree_later_work_fn);

void vfree_flush_deferred(void)
{
	flush_work(&vfree_later_work);
}

void vfree(const void *addr)
{
	struct vm_struct *area;
	unsigned long flags;

	if (!addr)
		return;
	if (irqs_disabled()) {
		if (WARN(!is_vmalloc_addr(addr), "vfree: %px is not a vmalloc address\n", addr))
			return;
		/*
		 * The area is still mapped and ours to scribble on: its
		 * first word links it into the list the work item frees.
		 */
		spin_lock_irqsave(&vfree_later_lock, flags);
		*(void **)addr = vfree_later_head;
		vfree_later_head = (void *)addr;
		spin_unlock_irqrestore(&vfree_later_lock, flags);
		schedule_work(&vfree_later_work);
		return;
	}
	spin_lock_irqsave(&vmap_lock, flags);
	area = __find_vm_area((unsigned long)addr);
	if (area && area->addr == (unsigned long)addr && !(area->flags & VM_FREEING))
		area->flags |= VM_FREEING;
	else
		area = NULL;
	spin_unlock_irqrestore(&vmap_lock, flags);
	if (WARN(!area, "vfree: %px is not the start of a vmalloc area (or freed twice)\n", addr))
		return;

	unmap_and_free_pages(area, area->nr_pages);
	release_area(area);
	kfree(area->pages);
	kfree(area);
}

bool is_vmalloc_addr(const void *addr)
{
	unsigned long a = (unsigned long)addr;

	return a >= VMALLOC_START && a < VMALLOC_END;
}

struct page *vmalloc_to_page(const void *addr)
{
	pte_t *pte;

	if (!is_vmalloc_addr(addr))
		return NULL;
	pte = lookup_kernel_pte((unsigned long)addr);
	if (!pte || !pte_present(*pte))
		return NULL;
	return pfn_to_page(pte_pfn(*pte));
}

struct vm_struct *find_vm_area(const void *addr)
{
	struct vm_struct *area;
	unsigned long flags;

	spin_lock_irqsave(&vmap_lock, flags);
	area = __find_vm_area((unsigned long)addr);
	spin_unlock_irqrestore(&vmap_lock, flags);
	return area;
}

void __init vmalloc_init(void)
{
	pr_info("vmalloc: %#lx-%#lx (after the 64 GiB ioremap window)\n",
		VMALLOC_AREA_START, VMALLOC_AREA_END);
}
