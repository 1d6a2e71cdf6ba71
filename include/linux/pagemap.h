/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The page cache (mm/filemap.c): a file's pages in its address_space,
 * indexed by offset in pages.
 *
 *   page = find_get_page(mapping, index);   referenced page or NULL
 *   err = add_to_page_cache(page, mapping, index, gfp);
 *   delete_from_page_cache(page);
 *   truncate_inode_pages(mapping, lstart);  drop pages from lstart on
 *
 * Locking: mapping->i_pages_lock guards the tree and nrpages; each
 * function takes it itself.  A page found holds a reference the caller
 * puts with put_page(); its contents are stable only as far as the file
 * system's own locking (i_rwsem for writers) makes them.
 */
#ifndef _LINUX_PAGEMAP_H
#define _LINUX_PAGEMAP_H

#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/radix-tree.h>

static inline void mapping_set_gfp_mask(struct address_space *m, gfp_t mask)
{
	m->gfp_mask = mask;
}

static inline gfp_t mapping_gfp_mask(const struct address_space *m)
{
	return m->gfp_mask;
}

/* Set up the address_space embedded in inode (inode_init_always()). */
void address_space_init_once(struct address_space *mapping);

struct page *find_get_page(struct address_space *mapping, pgoff_t index);
/* Up to nr pages at indices >= start, referenced, in index order. */
unsigned int find_get_pages(struct address_space *mapping, pgoff_t start,
			    unsigned int nr, struct page **pages);
int add_to_page_cache(struct page *page, struct address_space *mapping, pgoff_t index,
		      gfp_t gfp);
void delete_from_page_cache(struct page *page);
/* Remove and free every page at or beyond byte lstart (rounded up to a page). */
void truncate_inode_pages(struct address_space *mapping, loff_t lstart);
void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart, loff_t lend);
/* Truncate for a size change: zero the tail of the last page, drop the rest. */
void truncate_pagecache(struct inode *inode, loff_t newsize);
/* The first index >= index with no page (SEEK_HOLE); ULONG_MAX if none. */
pgoff_t page_cache_next_miss(struct address_space *mapping, pgoff_t index);

#endif /* _LINUX_PAGEMAP_H */
