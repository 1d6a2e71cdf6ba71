// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioremap(): map device registers (MMIO) uncached into kernel space.
 *
 * Mappings come from a 64 GiB window at the bottom of the vmalloc area,
 * handed out in address order and page granular.  iounmap() removes the
 * translation (a stray access after it faults) but does not recycle the
 * address range: drivers map their BARs once at probe time, so the
 * window cannot run out in practice, and never reusing addresses turns
 * use-after-unmap bugs into clean page faults.
 *
 * Locking: ioremap_lock guards the window cursor.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <asm/io.h>
#include <asm/pgtable.h>
#include <asm/tlbflush.h>

#define IOREMAP_START	VMALLOC_START
#define IOREMAP_SIZE	(64UL << 30)

static unsigned long ioremap_next = IOREMAP_START;
static DEFINE_SPINLOCK(ioremap_lock);

void *ioremap(phys_addr_t phys, size_t size)
{
	phys_addr_t base = phys & PAGE_MASK;
	size_t len = ALIGN(phys + size, PAGE_SIZE) - base;
	unsigned long flags, va;

	if (!size)
		return NULL;
	spin_lock_irqsave(&ioremap_lock, flags);
	if (ioremap_next + len > IOREMAP_START + IOREMAP_SIZE) {
		spin_unlock_irqrestore(&ioremap_lock, flags);
		pr_err("ioremap: window exhausted mapping %#llx+%#zx\n", (u64)phys, size);
		return NULL;
	}
	va = ioremap_next;
	ioremap_next += len + PAGE_SIZE;	/* one unmapped guard page */
	spin_unlock_irqrestore(&ioremap_lock, flags);

	if (kernel_map_range(va, base, len, PAGE_KERNEL_NOCACHE)) {
		pr_err("ioremap: no memory for page tables mapping %#llx\n", (u64)phys);
		return NULL;
	}
	return (void *)(va + (phys - base));
}

void iounmap(void *addr)
{
	unsigned long va = (unsigned long)addr & PAGE_MASK;

	if (va < IOREMAP_START || va >= IOREMAP_START + IOREMAP_SIZE)
		return;
	/* Unmap up to the guard page that ends every mapping. */
	while (lookup_kernel_pte(va) && (lookup_kernel_pte(va)->pte & _PAGE_PRESENT)) {
		kernel_unmap_page(va);
		flush_tlb_kernel_range(va, va + PAGE_SIZE);
		va += PAGE_SIZE;
	}
}
