// SPDX-License-Identifier: GPL-2.0-only
/*
 * pgd allocation for user address spaces (see <asm/pgalloc.h>).
 * Locking: none needed; the kernel half of init_top_pgt never changes
 * after boot (all its pud pages exist from init_mem_mapping()).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <asm/pgalloc.h>

int pgd_alloc(struct mm_struct *mm)
{
	struct page *page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	pgd_t *pgd;

	if (!page)
		return -ENOMEM;
	pgd = page_address(page);
	memcpy(pgd + PTRS_PER_TABLE / 2, init_top_pgt + PTRS_PER_TABLE / 2,
	       PTRS_PER_TABLE / 2 * sizeof(pgd_t));
	mm->pgd = pgd;
	return 0;
}

void pgd_free(struct mm_struct *mm)
{
	pgd_t *pgd = mm->pgd;

	for (int i = 0; i < PTRS_PER_TABLE / 2; i++)
		WARN_ON_ONCE(pgd_val(pgd[i]));	/* a user table leaked */
	free_page((unsigned long)pgd);
	mm->pgd = NULL;
}
