// SPDX-License-Identifier: GPL-2.0-only
/*
 * dump_page(): print a page descriptor for bug reports (bad page state,
 * VM_BUG_ON_PAGE).  Reads the fields without locks: the page is suspect
 * by definition, and a torn view is still more useful than none.
 */
#include <linux/kernel.h>
#include <linux/mm.h>

static const char *const pageflag_names[NR_PAGEFLAGS] = {
	[PG_locked] = "locked",		[PG_referenced] = "referenced",
	[PG_uptodate] = "uptodate",	[PG_dirty] = "dirty",
	[PG_lru] = "lru",		[PG_active] = "active",
	[PG_workingset] = "workingset",	[PG_waiters] = "waiters",
	[PG_error] = "error",		[PG_slab] = "slab",
	[PG_owner_priv_1] = "owner_priv_1", [PG_reserved] = "reserved",
	[PG_private] = "private",	[PG_private_2] = "private_2",
	[PG_writeback] = "writeback",	[PG_head] = "head",
	[PG_mappedtodisk] = "mappedtodisk", [PG_reclaim] = "reclaim",
	[PG_swapbacked] = "swapbacked",	[PG_unevictable] = "unevictable",
	[PG_mlocked] = "mlocked",	[PG_buddy] = "buddy",
	[PG_large_kmalloc] = "large_kmalloc",
};

void dump_page(const struct page *page, const char *reason)
{
	char buf[256];
	int len = 0;

	for (int i = 0; i < NR_PAGEFLAGS; i++)
		if (test_bit(i, &page->flags))
			len += scnprintf(buf + len, sizeof(buf) - len, "%s%s",
					 len ? "|" : "", pageflag_names[i]);
	buf[len] = '\0';
	pr_warn("page:%px refcount:%d mapcount:%d mapping:%px index:%#lx pfn:%#lx\n",
		page, page_ref_count(page), page_mapcount(page), page->mapping,
		page->index, page_to_pfn(page));
	if (PageTail(page))
		pr_warn("tail of compound page head:%px\n", compound_head(page));
	pr_warn("flags: %#lx(%s) zone:%s\n", page->flags, buf, page_zone(page)->name);
	if (reason)
		pr_warn("page dumped because: %s\n", reason);
}
