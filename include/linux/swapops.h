/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Swap entries: building and taking apart a swp_entry_t, and moving one
 * in and out of a page-table entry.
 *
 *   swp_entry(type, offset)   the entry for slot @offset of area @type
 *   swp_type(e), swp_offset(e)
 *   swp_entry_to_pte(e)       the non-present pte that stands for e
 *   pte_to_swp_entry(pte)     and back (only for is_swap_pte() ptes)
 *   is_swap_pte(pte)          neither empty nor present: a swap entry
 *   swp_to_item(e), item_to_swp(p), is_swp_item(p)
 *                             an entry as a pointer-sized item that can
 *                             share a slot with page pointers (tmpfs's
 *                             map, shared anonymous objects' slots)
 *
 * The value of a swp_entry_t is arch-independent: the area number sits in
 * the top MAX_SWAPFILES_SHIFT bits of the word, the offset below.  The pte
 * form is the architecture's (__swp_entry_to_pte() and friends in
 * <asm/pgtable.h>; x86_64's layout is described there), which holds
 * offsets up to SWP_PTE_MAX_OFFSET: swp_max_offset() is the smaller of the
 * two limits, and swapon never makes an area larger.
 *
 * Pure functions of their arguments: no locking.  A pte read without the
 * page table lock may change under the caller; decide on a stable copy.
 */
#ifndef _LINUX_SWAPOPS_H
#define _LINUX_SWAPOPS_H

#include <linux/bits.h>
#include <linux/swap.h>
#include <asm/pgtable.h>

#define SWP_TYPE_SHIFT		(BITS_PER_LONG - MAX_SWAPFILES_SHIFT)
#define SWP_OFFSET_MASK		((1UL << SWP_TYPE_SHIFT) - 1)

/* swp_entry() - the entry naming slot @offset of swap area @type. */
static inline swp_entry_t swp_entry(unsigned int type, unsigned long offset)
{
	return (swp_entry_t){ ((unsigned long)type << SWP_TYPE_SHIFT) | (offset & SWP_OFFSET_MASK) };
}

/* swp_type() - the area number of @entry. */
static inline unsigned int swp_type(swp_entry_t entry)
{
	return entry.val >> SWP_TYPE_SHIFT;
}

/* swp_offset() - the slot of @entry within its area. */
static inline unsigned long swp_offset(swp_entry_t entry)
{
	return entry.val & SWP_OFFSET_MASK;
}

/* swp_max_offset() - the largest slot offset an entry can carry through a pte. */
static inline unsigned long swp_max_offset(void)
{
	return SWP_PTE_MAX_OFFSET < SWP_OFFSET_MASK ? SWP_PTE_MAX_OFFSET : SWP_OFFSET_MASK;
}

/* is_swap_pte() - does @pte hold a swap entry (not empty, not present)? */
static inline bool is_swap_pte(pte_t pte)
{
	return !pte_none(pte) && !pte_present(pte);
}

/* swp_entry_to_pte() - the non-present pte that stands for @entry. */
static inline pte_t swp_entry_to_pte(swp_entry_t entry)
{
	return __swp_entry_to_pte(swp_type(entry), swp_offset(entry));
}

/* pte_to_swp_entry() - the entry an is_swap_pte() @pte holds. */
static inline swp_entry_t pte_to_swp_entry(pte_t pte)
{
	return swp_entry(__pte_to_swp_type(pte), __pte_to_swp_offset(pte));
}

/*
 * Items: offset from bit 7 up, type in bits 2-6, bit 1 always set, bit 0
 * never (lib/radix-tree.c refuses items with bit 0).  Pointers to struct
 * page are at least 8-aligned, so bit 1 tells an item from a page.
 */
#define SWP_ITEM_TAG		2UL
#define SWP_ITEM_TYPE_SHIFT	2
#define SWP_ITEM_OFFSET_SHIFT	(SWP_ITEM_TYPE_SHIFT + MAX_SWAPFILES_SHIFT)

/* swp_to_item() - @entry as a tagged pointer-sized item (never NULL). */
static inline void *swp_to_item(swp_entry_t entry)
{
	return (void *)((swp_offset(entry) << SWP_ITEM_OFFSET_SHIFT) |
			((unsigned long)swp_type(entry) << SWP_ITEM_TYPE_SHIFT) | SWP_ITEM_TAG);
}

/* is_swp_item() - is @p an item made by swp_to_item() (not a pointer)? */
static inline bool is_swp_item(const void *p)
{
	return (unsigned long)p & SWP_ITEM_TAG;
}

/* item_to_swp() - the entry a swp_to_item() item stands for. */
static inline swp_entry_t item_to_swp(const void *item)
{
	unsigned long v = (unsigned long)item;

	return swp_entry((v >> SWP_ITEM_TYPE_SHIFT) & (MAX_SWAPFILES - 1),
			 v >> SWP_ITEM_OFFSET_SHIFT);
}

#endif /* _LINUX_SWAPOPS_H */
