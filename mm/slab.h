/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Slab internals shared by mm/slab.c and its tests: struct kmem_cache
 * and the per-CPU object arrays.  Everyone else sees only the opaque
 * struct kmem_cache of <linux/slab.h>.
 */
#ifndef _MM_SLAB_H
#define _MM_SLAB_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/cpumask.h>
#include <linux/slab.h>

#define KMEM_CACHE_NAME_LEN	32

/*
 * A CPU's stack of free objects of one cache.  Touched only by its CPU
 * with interrupts off (kmem_cache_shrink() reaches other CPUs' arrays
 * through on_each_cpu(), which runs there with interrupts off).
 */
struct array_cache {
	unsigned int avail;		/* objects in entry[] */
	unsigned int limit;		/* capacity of entry[] */
	unsigned int batchcount;	/* objects moved to/from the slabs at a time */
	void *entry[];			/* entry[avail - 1] is the most recently freed */
};

struct kmem_cache {
	/* Fixed at creation. */
	unsigned int object_size;	/* size the user asked for */
	unsigned int size;		/* stride between objects in a slab */
	unsigned int offset;		/* free pointer's offset in a free object */
	unsigned int num;		/* objects per slab */
	unsigned int order;		/* a slab is 2^order pages */
	unsigned int flags;		/* SLAB_* */
	unsigned int map_offset;	/* debug bitmap offset in the slab; 0: in struct page */
	unsigned int free_limit;	/* empty slabs kept before giving pages back */
	void (*ctor)(void *);
	char name[KMEM_CACHE_NAME_LEN];
	struct list_head list;		/* on slab_caches, under slab_caches_lock */

	/*
	 * list_lock guards the slab lists and the counters below, and the
	 * freelist/inuse of every slab of this cache.  Taken with irqs off.
	 */
	spinlock_t list_lock;
	struct list_head slabs_partial;	/* some objects free */
	struct list_head slabs_full;	/* no object free */
	struct list_head slabs_free;	/* all objects free */
	unsigned long nr_slabs;
	unsigned long nr_free_slabs;
	unsigned long nr_inuse;		/* objects out of slabs (users + CPU arrays) */

	/* Indexed by CPU; NULL until the cache is fully set up. */
	struct array_cache *cpu_cache[NR_CPUS];
};

/* Drain every cache's CPU arrays and give its empty slabs back (tests). */
void kmem_cache_shrink_all(void);
/* Pages all slabs and large kmallocs hold now (both NR_SLAB_* counters). */
unsigned long slab_pages_in_use(void);

#endif /* _MM_SLAB_H */
