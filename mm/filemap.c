// SPDX-License-Identifier: GPL-2.0-only
/*
 * The page cache: each file's pages in a radix tree of its address_space,
 * indexed by page offset (<linux/pagemap.h>).
 *
 * Interface: find_get_page(), find_get_pages(), add_to_page_cache(),
 * delete_from_page_cache(), truncate_inode_pages_range(),
 * page_cache_next_miss().
 *
 * Locking: mapping->i_pages_lock (a spinlock) guards the tree and
 * nrpages; lookups take it too and return a referenced page.  The cache
 * holds one reference on each page in it; removal drops that reference,
 * so a reader that found the page keeps a valid (if detached) page until
 * it puts its own.  Callers that change a file's pages (write, truncate)
 * serialise on the inode's i_rwsem.  A lockless (RCU) lookup is the
 * intended next step; the tree's node lifetime is then the thing to
 * change (see lib/radix-tree.c).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/radix-tree.h>

void address_space_init_once(struct address_space *mapping)
{
	INIT_RADIX_TREE(&mapping->i_pages, GFP_ATOMIC);
	spin_lock_init(&mapping->i_pages_lock);
	mapping->nrpages = 0;
	mapping->flags = 0;
	mapping->gfp_mask = GFP_HIGHUSER_MOVABLE;
	mapping->private_data = NULL;
}

struct page *find_get_page(struct address_space *mapping, pgoff_t index)
{
	struct page *page;

	spin_lock(&mapping->i_pages_lock);
	page = radix_tree_lookup(&mapping->i_pages, index);
	if (page)
		get_page(page);
	spin_unlock(&mapping->i_pages_lock);
	return page;
}

unsigned int find_get_pages(struct address_space *mapping, pgoff_t start,
			    unsigned int nr, struct page **pages)
{
	unsigned int n;

	spin_lock(&mapping->i_pages_lock);
	n = radix_tree_gang_lookup(&mapping->i_pages, (void **)pages, NULL, start, nr);
	for (unsigned int i = 0; i < n; i++)
		get_page(pages[i]);
	spin_unlock(&mapping->i_pages_lock);
	return n;
}

int add_to_page_cache(struct page *page, struct address_space *mapping, pgoff_t index,
		      gfp_t gfp)
{
	int err;

	err = radix_tree_preload(gfp & ~__GFP_MOVABLE);
	if (err)
		return err;
	get_page(page);
	spin_lock(&mapping->i_pages_lock);
	err = radix_tree_insert(&mapping->i_pages, index, page);
	if (!err) {
		page->mapping = mapping;
		page->index = index;
		mapping->nrpages++;
	}
	spin_unlock(&mapping->i_pages_lock);
	radix_tree_preload_end();
	if (err)
		put_page(page);
	return err;
}

void delete_from_page_cache(struct page *page)
{
	struct address_space *mapping = page->mapping;
	void *old;

	if (WARN_ON(!mapping))
		return;
	spin_lock(&mapping->i_pages_lock);
	old = radix_tree_delete(&mapping->i_pages, page->index);
	WARN_ON(old != page);
	page->mapping = NULL;
	mapping->nrpages--;
	spin_unlock(&mapping->i_pages_lock);
	put_page(page);
}

/* Pages looked at per batch while truncating. */
#define TRUNCATE_BATCH	16

void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart, loff_t lend)
{
	pgoff_t start = DIV_ROUND_UP_ULL(lstart, PAGE_SIZE);
	unsigned int partial = lstart & (PAGE_SIZE - 1);
	pgoff_t end = lend < 0 ? ~0UL : (pgoff_t)(lend >> PAGE_SHIFT);
	struct page *pages[TRUNCATE_BATCH];
	pgoff_t index = start;
	unsigned int n;

	/* The page holding lstart stays; its tail up to lend reads as zeros. */
	if (partial) {
		struct page *page = find_get_page(mapping, lstart >> PAGE_SHIFT);

		if (page) {
			unsigned int stop = PAGE_SIZE;

			if (lend >= 0 && (lend >> PAGE_SHIFT) == (lstart >> PAGE_SHIFT))
				stop = (lend & (PAGE_SIZE - 1)) + 1;
			memset((char *)page_address(page) + partial, 0, stop - partial);
			put_page(page);
		}
	}
	if (!mapping->nrpages)
		return;
	while (index <= end) {
		bool past_end = false;

		n = find_get_pages(mapping, index, TRUNCATE_BATCH, pages);
		if (!n)
			break;
		for (unsigned int i = 0; i < n; i++) {
			struct page *page = pages[i];
			pgoff_t pi = page->index;

			if (pi > end)
				past_end = true;
			else if (page->mapping == mapping)
				delete_from_page_cache(page);
			put_page(page);
			if (!past_end)
				index = pi + 1;
		}
		/* index wrapped: the page at ~0UL was the last one possible. */
		if (past_end || !index)
			break;
	}
}

void truncate_inode_pages(struct address_space *mapping, loff_t lstart)
{
	truncate_inode_pages_range(mapping, lstart, -1);
}

void truncate_pagecache(struct inode *inode, loff_t newsize)
{
	truncate_inode_pages(inode->i_mapping, newsize);
}

pgoff_t page_cache_next_miss(struct address_space *mapping, pgoff_t index)
{
	unsigned long indices[TRUNCATE_BATCH];
	void *items[TRUNCATE_BATCH];
	unsigned int n;

	for (;;) {
		spin_lock(&mapping->i_pages_lock);
		n = radix_tree_gang_lookup(&mapping->i_pages, items, indices, index,
					   TRUNCATE_BATCH);
		spin_unlock(&mapping->i_pages_lock);
		for (unsigned int i = 0; i < n; i++) {
			if (indices[i] != index)
				return index;
			if (index == ~0UL)
				return ~0UL;
			index++;
		}
		if (n < TRUNCATE_BATCH)
			return index;
	}
}
