/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct page: one descriptor per physical page frame.
 *
 * The descriptors form one virtually contiguous array indexed by page
 * frame number (the vmemmap, see <linux/mm.h>); a descriptor exists for
 * every frame of every MAX_ORDER block that holds RAM, and never moves or
 * goes away.  That permanence is what lets lockless code (the page cache
 * lookup) take a speculative reference on a page that may have been freed
 * in the meantime: the descriptor is always there, get_page_unless_zero()
 * fails on a free page, and the caller re-checks identity afterwards.
 *
 * Who owns which field depends on what the page is used for; the union
 * below names the users.  Lifetime: _refcount.  A page with _refcount 0
 * belongs to the page allocator (buddy or per-CPU lists) or is reserved
 * memory that was never handed to it.
 */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>
#include <linux/compiler.h>

typedef unsigned long pgoff_t;

struct address_space;
struct kmem_cache;

struct page {
	/*
	 * PG_* bits (<linux/page-flags.h>), changed with atomic bitops by
	 * whoever holds the page; the top ZONES_WIDTH bits hold the zone
	 * index, written once at boot and never changed.
	 */
	unsigned long flags;
	union {
		/* Page cache, anonymous memory, and the page allocator. */
		struct {
			/*
			 * Free pages: link on a buddy free list (zone->lock)
			 * or a per-CPU list (that CPU, irqs off).  Pages in
			 * use: link on an LRU list (the lruvec's lru_lock),
			 * or free for the owner's private lists.
			 */
			struct list_head lru;
			/* Page cache: the owning file; NULL when not cached. */
			struct address_space *mapping;
			/* Page cache: offset in the file, in pages. */
			pgoff_t index;
			/*
			 * Owner's private word (buffers, swap entry).  While
			 * the page is a free buddy block head (PG_buddy) it
			 * holds the block's order, under zone->lock.
			 */
			unsigned long private;
		};
		/* Head page of a slab (PG_slab); see mm/slab.c. */
		struct {
			struct list_head slab_list;	/* cache's partial/full/free list */
			struct kmem_cache *slab_cache;	/* owning cache */
			void *freelist;			/* first free object, or NULL */
			unsigned int inuse;		/* objects out of the slab */
			unsigned int slab_pad;
			/*
			 * CONFIG_DEBUG_KERNEL: bit i set = object i is
			 * allocated to a user (double-free detection), for
			 * slabs of at most BITS_PER_LONG objects.
			 */
			unsigned long slab_alloc_map;
		};
		/*
		 * Tail page of a compound page.  compound_head overlays
		 * lru.next, which as a pointer always has bit 0 clear; a
		 * tail stores its head's address with bit 0 set.
		 */
		struct {
			unsigned long compound_head;
			unsigned char compound_order;	/* first tail page only */
		};
	};
	/*
	 * Number of page-table entries mapping the page, minus one: -1 means
	 * unmapped.  Used by rmap; see page_mapcount().
	 */
	atomic_t _mapcount;
	/*
	 * References.  Use the page_ref_*() helpers and get_page()/
	 * put_page(); never write it directly.  Dropping it to zero frees
	 * the page.
	 */
	atomic_t _refcount;
};

#endif /* _LINUX_MM_TYPES_H */
