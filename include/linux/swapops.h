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

#endif /* _LINUX_SWAPOPS_H */
