/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Object caches (mm/slab.c) and kmalloc.
 *
 * kmem_cache_create() makes a cache of fixed-size objects carved from
 * slabs (groups of pages); kmalloc() serves arbitrary sizes from a set of
 * power-of-two caches (and whole pages above the largest).  Both are safe
 * from interrupt context with GFP_ATOMIC.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>
#include <linux/gfp.h>

#define SLAB_HWCACHE_ALIGN	0x01u	/* align objects to cache lines */
#define SLAB_TYPESAFE_BY_RCU	0x02u	/* slab pages freed only after an RCU grace period */
#define SLAB_PANIC		0x04u	/* panic if the cache cannot be created */
#define SLAB_RECLAIM_ACCOUNT	0x08u	/* count as reclaimable in meminfo */

#define ZERO_SIZE_PTR ((void *)16)
#define ZERO_OR_NULL_PTR(x) ((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

struct kmem_cache;

struct kmem_cache *kmem_cache_create(const char *name, size_t size, size_t align,
				     unsigned int flags, void (*ctor)(void *));
void kmem_cache_destroy(struct kmem_cache *s);
void *kmem_cache_alloc(struct kmem_cache *s, gfp_t gfp);
void *kmem_cache_zalloc(struct kmem_cache *s, gfp_t gfp);
void kmem_cache_free(struct kmem_cache *s, void *obj);

void *kmalloc(size_t size, gfp_t gfp);
void *kzalloc(size_t size, gfp_t gfp);
void *kcalloc(size_t n, size_t size, gfp_t gfp);
void *krealloc(const void *p, size_t new_size, gfp_t gfp);
void kfree(const void *p);
/* Usable size of a kmalloc'ed object. */
size_t ksize(const void *p);
char *kstrdup(const char *s, gfp_t gfp);
char *kstrndup(const char *s, size_t max, gfp_t gfp);
void *kmemdup(const void *src, size_t len, gfp_t gfp);

/* Give a cache's empty slabs back to the page allocator; 0 on success. */
int kmem_cache_shrink(struct kmem_cache *s);
/* Object size of a cache, as asked for at creation. */
unsigned int kmem_cache_size(struct kmem_cache *s);

/* Largest size kmalloc() serves from a cache; above it, whole pages. */
#define KMALLOC_MAX_CACHE_SIZE	8192

/* One cache's line of /proc/slabinfo. */
struct slabinfo {
	const char *name;
	unsigned long active_objs;	/* objects handed to users */
	unsigned long num_objs;		/* objects in all slabs */
	unsigned long active_slabs;	/* slabs with an object in use */
	unsigned long num_slabs;
	unsigned int objsize;		/* stride in the slab */
	unsigned int objperslab;
	unsigned int pagesperslab;
};

/*
 * Call fn for every cache, holding the cache-list lock: fn must not
 * sleep, allocate from slab, or create or destroy caches.
 */
void slab_for_each_info(void (*fn)(const struct slabinfo *info, void *arg), void *arg);

#define KMEM_CACHE(s, flags) \
	kmem_cache_create(#s, sizeof(struct s), __alignof__(struct s), (flags), NULL)

#endif /* _LINUX_SLAB_H */
