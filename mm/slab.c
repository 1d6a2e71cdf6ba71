// SPDX-License-Identifier: GPL-2.0-only
/*
 * The slab allocator: caches of fixed-size objects, and kmalloc().
 *
 * Interface (<linux/slab.h>): kmem_cache_create/destroy/alloc/free/
 * shrink, kmalloc/kzalloc/kcalloc/krealloc/kfree/ksize,
 * slab_for_each_info() for /proc/slabinfo.  (The kstrdup family built on
 * kmalloc is in mm/util.c.)
 *
 * Design.  A slab is 2^order pages (a compound page when order > 0)
 * holding cache->num objects cache->size bytes apart; its head page
 * descriptor records the cache, the number of objects out (inuse) and the
 * first free object.  Free objects are chained through a pointer stored
 * at cache->offset: inside the object normally, after it for caches with
 * a constructor or SLAB_TYPESAFE_BY_RCU, whose free objects must keep
 * their contents.  Each cache keeps its slabs on partial/full/free lists.
 *
 * The fast path is a per-CPU array of free objects (struct array_cache):
 * kmem_cache_alloc() pops and kmem_cache_free() pushes with interrupts
 * off and no lock.  An empty array is refilled with batchcount objects
 * from the slab lists, a full one gives its batchcount oldest objects
 * back, both under the cache's list_lock.  Empty slabs beyond
 * free_limit go back to the page allocator.
 *
 * kmalloc() uses caches of 8 .. 8192 bytes; larger requests get a
 * compound page straight from the page allocator, marked
 * PG_large_kmalloc so kfree() can tell the two apart.
 *
 * SLAB_TYPESAFE_BY_RCU: an object may be freed and reused while an RCU
 * reader still looks at it, so the memory must stay an object of this
 * type until a grace period has passed.  Without RCU in the tree, the
 * only correct implementation is to never give such a cache's pages back
 * to the page allocator: free objects are reused by the same cache,
 * empty slabs are kept, and kmem_cache_destroy() parks them (see
 * slab_release_rcu_pages(), the one place to switch to call_rcu()).
 *
 * CONFIG_DEBUG_KERNEL adds a bitmap per slab of the objects users hold:
 * freeing an object that is not held (a double free) WARNs and is
 * ignored instead of corrupting the free chain.  Pointers that are not
 * slab objects or kmalloc pages always WARN.
 *
 * Locking: list_lock (irqs off) per cache, then the page allocator's
 * locks; slab_caches_lock guards the list of caches.  Nothing sleeps
 * with interrupts off: growing a cache re-enables them around the page
 * allocation.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/vmstat.h>
#include <linux/smp.h>
#include <linux/panic.h>
#include <linux/string.h>
#include "slab.h"

/* Empty slabs a cache keeps before giving pages back. */
#define SLAB_EMPTY_RESERVE	2
/* Largest slab we build for small objects (8 pages); bigger objects get what they need. */
#define SLAB_MAX_ORDER		3U
#define SLAB_HWCACHE_BYTES	64

static LIST_HEAD(slab_caches);
static DEFINE_SPINLOCK(slab_caches_lock);

static enum {
	SLAB_DOWN,		/* nothing works */
	SLAB_PARTIAL,		/* caches work, without CPU arrays */
	SLAB_UP,		/* fully up */
} slab_state;

/* The cache of struct kmem_cache itself, set up by hand at boot. */
static struct kmem_cache kmem_cache_boot;

static const unsigned int kmalloc_sizes[] = {
	8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096, 8192
};
static const char *const kmalloc_names[] = {
	"kmalloc-8", "kmalloc-16", "kmalloc-32", "kmalloc-64", "kmalloc-96",
	"kmalloc-128", "kmalloc-192", "kmalloc-256", "kmalloc-512", "kmalloc-1k",
	"kmalloc-2k", "kmalloc-4k", "kmalloc-8k"
};
#define KMALLOC_NR ARRAY_SIZE(kmalloc_sizes)
static struct kmem_cache *kmalloc_caches[KMALLOC_NR];

/* kmalloc_sizes index for sizes 1..192, by (size - 1) / 8. */
static const u8 kmalloc_small_index[24] = {
	0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5,
	6, 6, 6, 6, 6, 6, 6, 6
};

BUILD_BUG_ON(ARRAY_SIZE(kmalloc_names) != ARRAY_SIZE(kmalloc_sizes));

static unsigned int kmalloc_index(size_t size)
{
	if (size <= 192)
		return kmalloc_small_index[(size - 1) / 8];
	/* 256 .. 8192: powers of two, index 7 .. 12. */
	return fls(size - 1) - 1;
}

/* ------------------------------------------------------------ slab pages */

static inline struct page *virt_to_slab(const void *obj)
{
	return compound_head(virt_to_page(obj));
}

static inline void *get_freepointer(struct kmem_cache *s, void *obj)
{
	return *(void **)(obj + s->offset);
}

static inline void set_freepointer(struct kmem_cache *s, void *obj, void *next)
{
	*(void **)(obj + s->offset) = next;
}

static inline unsigned long *slab_alloc_map(struct kmem_cache *s, struct page *slab)
{
	if (s->map_offset)
		return page_address(slab) + s->map_offset;
	return &slab->slab_alloc_map;
}

static inline enum node_stat_item slab_stat_item(struct kmem_cache *s)
{
	return (s->flags & SLAB_RECLAIM_ACCOUNT) ? NR_SLAB_RECLAIMABLE : NR_SLAB_UNRECLAIMABLE;
}

/* A new slab, every object free (and constructed).  Interrupts on or off. */
static struct page *new_slab(struct kmem_cache *s, gfp_t gfp)
{
	gfp_t pgfp = (gfp & ~__GFP_ZERO) | (s->order ? __GFP_COMP : 0);
	struct page *slab = alloc_pages(pgfp, s->order);
	void *base, *next = NULL;

	if (!slab)
		return NULL;
	base = page_address(slab);
	/* Chain from the top down so the first objects handed out are the lowest. */
	for (int i = s->num - 1; i >= 0; i--) {
		void *obj = base + (size_t)i * s->size;

		if (s->ctor)
			s->ctor(obj);
		set_freepointer(s, obj, next);
		next = obj;
	}
	slab->freelist = next;
	slab->inuse = 0;
	slab->slab_cache = s;
	if (IS_ENABLED(CONFIG_DEBUG_KERNEL)) {
		if (s->map_offset)
			memset(base + s->map_offset, 0, BITS_TO_LONGS(s->num) * sizeof(long));
		else
			slab->slab_alloc_map = 0;
	}
	__SetPageSlab(slab);
	mod_node_page_state(page_pgdat(slab), slab_stat_item(s), 1L << s->order);
	return slab;
}

/*
 * The pages of an RCU-type-safe cache never go back to the page
 * allocator (see the top of the file).  When RCU exists this becomes a
 * call_rcu() whose callback does discard_slab_pages(); until then the
 * pages stay slab memory forever and remain counted as such.
 */
static void slab_release_rcu_pages(struct page *slab)
{
	slab->slab_cache = NULL;
}

static void discard_slab_pages(struct page *slab, unsigned int order, enum node_stat_item item)
{
	mod_node_page_state(page_pgdat(slab), item, -(1L << order));
	__ClearPageSlab(slab);
	slab->slab_cache = NULL;
	slab->freelist = NULL;
	slab->inuse = 0;
	slab->slab_pad = 0;
	__free_pages(slab, order);
}

/* Give unlinked empty slabs on list back to the page allocator. */
static void discard_slabs(struct kmem_cache *s, struct list_head *list)
{
	struct page *slab, *tmp;

	list_for_each_entry_safe(slab, tmp, list, slab_list) {
		list_del(&slab->slab_list);
		if (s->flags & SLAB_TYPESAFE_BY_RCU)
			slab_release_rcu_pages(slab);
		else
			discard_slab_pages(slab, s->order, slab_stat_item(s));
	}
}

/* ------------------------------------------------------------ slab lists */

static struct list_head *slab_list_for(struct kmem_cache *s, unsigned int inuse)
{
	if (inuse == 0)
		return &s->slabs_free;
	if (inuse == s->num)
		return &s->slabs_full;
	return &s->slabs_partial;
}

/* Move a slab to the list matching its inuse count, which was old.  list_lock held. */
static void slab_relink(struct kmem_cache *s, struct page *slab, unsigned int old)
{
	struct list_head *from = slab_list_for(s, old), *to = slab_list_for(s, slab->inuse);

	if (from == to)
		return;
	list_move(&slab->slab_list, to);
	if (from == &s->slabs_free)
		s->nr_free_slabs--;
	if (to == &s->slabs_free)
		s->nr_free_slabs++;
}

/* Take up to nr objects into objs[].  list_lock held.  Returns how many. */
static unsigned int take_objects(struct kmem_cache *s, void **objs, unsigned int nr)
{
	unsigned int got = 0;

	while (got < nr) {
		struct list_head *head = !list_empty(&s->slabs_partial) ?
					 &s->slabs_partial : &s->slabs_free;
		struct page *slab;
		unsigned int old;

		if (list_empty(head))
			break;
		slab = list_first_entry(head, struct page, slab_list);
		old = slab->inuse;
		while (got < nr && slab->inuse < s->num) {
			void *obj = slab->freelist;

			slab->freelist = get_freepointer(s, obj);
			slab->inuse++;
			objs[got++] = obj;
		}
		slab_relink(s, slab, old);
	}
	s->nr_inuse += got;
	return got;
}

/*
 * Put nr objects back on their slabs.  list_lock held.  Empty slabs
 * beyond the reserve are unlinked onto to_free for the caller to discard
 * once the lock is dropped.
 */
static void return_objects(struct kmem_cache *s, void **objs, unsigned int nr,
			   struct list_head *to_free)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct page *slab = virt_to_slab(objs[i]);
		unsigned int old = slab->inuse;

		set_freepointer(s, objs[i], slab->freelist);
		slab->freelist = objs[i];
		slab->inuse--;
		slab_relink(s, slab, old);
	}
	s->nr_inuse -= nr;
	while (s->nr_free_slabs > s->free_limit) {
		struct page *slab = list_last_entry(&s->slabs_free, struct page, slab_list);

		list_move(&slab->slab_list, to_free);
		s->nr_free_slabs--;
		s->nr_slabs--;
	}
}

/* ------------------------------------------------------------ alloc / free */

static inline struct array_cache *cpu_array(struct kmem_cache *s)
{
	return READ_ONCE(s->cpu_cache[smp_processor_id()]);
}

/*
 * Slow path with interrupts off (*flags holds the caller's state): fill
 * this CPU's array from the slab lists, growing the cache if they are
 * empty, and return one object.  Growing re-enables interrupts around
 * the page allocation, so the CPU array is looked up again afterwards.
 */
static void *cache_alloc_refill(struct kmem_cache *s, gfp_t gfp, unsigned long *flags)
{
	for (;;) {
		struct array_cache *ac = cpu_array(s);
		struct page *slab;
		void *obj;

		spin_lock(&s->list_lock);
		if (ac) {
			ac->avail += take_objects(s, ac->entry + ac->avail,
						  min(ac->batchcount, ac->limit - ac->avail));
			obj = ac->avail ? ac->entry[--ac->avail] : NULL;
		} else {
			obj = take_objects(s, &obj, 1) ? obj : NULL;
		}
		spin_unlock(&s->list_lock);
		if (obj)
			return obj;

		local_irq_restore(*flags);
		slab = new_slab(s, gfp);
		local_irq_save(*flags);
		if (!slab)
			return NULL;
		spin_lock(&s->list_lock);
		list_add(&slab->slab_list, &s->slabs_free);
		s->nr_slabs++;
		s->nr_free_slabs++;
		spin_unlock(&s->list_lock);
	}
}

/* Give the oldest batchcount objects of a full array back.  Irqs off. */
static void cache_flusharray(struct kmem_cache *s, struct array_cache *ac)
{
	unsigned int n = min(ac->batchcount, ac->avail);
	LIST_HEAD(to_free);

	spin_lock(&s->list_lock);
	return_objects(s, ac->entry, n, &to_free);
	spin_unlock(&s->list_lock);
	ac->avail -= n;
	memmove(ac->entry, ac->entry + n, ac->avail * sizeof(void *));
	discard_slabs(s, &to_free);
}

static unsigned int obj_index(struct kmem_cache *s, struct page *slab, const void *obj)
{
	return (obj - page_address(slab)) / s->size;
}

/* Debug: record that a user now holds obj. */
static void slab_debug_alloc(struct kmem_cache *s, void *obj)
{
	struct page *slab = virt_to_slab(obj);

	set_bit(obj_index(s, slab, obj), slab_alloc_map(s, slab));
}

/*
 * Is obj an object of s that may be freed?  WARNs and says no for a
 * pointer into the middle of an object, an object of another cache, and
 * (debug) an object no user holds.
 */
static bool slab_free_ok(struct kmem_cache *s, struct page *slab, const void *obj)
{
	unsigned long off = obj - page_address(slab);

	if (WARN(slab->slab_cache != s, "slab: freeing %px to cache %s, but it belongs to %s\n",
		 obj, s->name, slab->slab_cache ? slab->slab_cache->name : "(destroyed cache)"))
		return false;
	if (WARN(off % s->size || off / s->size >= s->num,
		 "slab %s: free of %px, which is not the start of an object\n", s->name, obj))
		return false;
	if (IS_ENABLED(CONFIG_DEBUG_KERNEL) &&
	    WARN(!test_and_clear_bit(off / s->size, slab_alloc_map(s, slab)),
		 "slab %s: double free of %px\n", s->name, obj))
		return false;
	return true;
}

static void *slab_alloc(struct kmem_cache *s, gfp_t gfp)
{
	struct array_cache *ac;
	unsigned long flags;
	void *obj;

	local_irq_save(flags);
	ac = cpu_array(s);
	if (likely(ac && ac->avail))
		obj = ac->entry[--ac->avail];
	else
		obj = cache_alloc_refill(s, gfp, &flags);
	local_irq_restore(flags);
	if (unlikely(!obj))
		return NULL;
	if (IS_ENABLED(CONFIG_DEBUG_KERNEL))
		slab_debug_alloc(s, obj);
	if (gfp & __GFP_ZERO) {
		/* Zeroing would destroy what the constructor built. */
		if (!WARN_ON_ONCE(s->ctor))
			memset(obj, 0, s->object_size);
	}
	return obj;
}

static void slab_free(struct kmem_cache *s, void *obj)
{
	struct array_cache *ac;
	unsigned long flags;

	local_irq_save(flags);
	ac = cpu_array(s);
	if (likely(ac)) {
		if (unlikely(ac->avail >= ac->limit))
			cache_flusharray(s, ac);
		ac->entry[ac->avail++] = obj;
	} else {
		LIST_HEAD(to_free);

		spin_lock(&s->list_lock);
		return_objects(s, &obj, 1, &to_free);
		spin_unlock(&s->list_lock);
		discard_slabs(s, &to_free);
	}
	local_irq_restore(flags);
}

void *kmem_cache_alloc(struct kmem_cache *s, gfp_t gfp)
{
	return slab_alloc(s, gfp);
}

void *kmem_cache_zalloc(struct kmem_cache *s, gfp_t gfp)
{
	return slab_alloc(s, gfp | __GFP_ZERO);
}

void kmem_cache_free(struct kmem_cache *s, void *obj)
{
	struct page *slab;

	if (!obj)
		return;
	if (WARN(!virt_addr_valid(obj), "slab %s: free of %px, not a slab address\n", s->name, obj))
		return;
	slab = virt_to_slab(obj);
	if (WARN(!PageSlab(slab), "slab %s: free of %px, not a slab object\n", s->name, obj))
		return;
	if (slab_free_ok(s, slab, obj))
		slab_free(s, obj);
}

/* ------------------------------------------------------------ cache set-up */

/* Per-CPU array capacity by object size (bigger objects: fewer parked). */
static unsigned int cpu_array_limit(unsigned int size)
{
	if (size > 131072)
		return 1;
	if (size > PAGE_SIZE)
		return 8;
	if (size > 1024)
		return 24;
	if (size > 256)
		return 54;
	return 120;
}

/* Objects per slab of 2^order pages, and where the debug bitmap goes. */
static unsigned int slab_objects(unsigned int size, unsigned int order, unsigned int *map_offset)
{
	unsigned long bytes = PAGE_SIZE << order;
	unsigned int num = bytes / size;

	*map_offset = 0;
	if (IS_ENABLED(CONFIG_DEBUG_KERNEL) && num > BITS_PER_LONG) {
		/* Too many objects for the word in struct page: keep a bitmap at the end. */
		unsigned long map_bytes = BITS_TO_LONGS(num) * sizeof(long);

		num = (bytes - map_bytes) / size;
		*map_offset = bytes - map_bytes;
	}
	return num;
}

/*
 * The smallest slab order that wastes at most 1/8 of the slab, or the
 * least wasteful one up to SLAB_MAX_ORDER (further for huge objects).
 */
static void calculate_slab_order(struct kmem_cache *s)
{
	unsigned int lo = get_order(s->size), hi = lo > SLAB_MAX_ORDER ? lo : SLAB_MAX_ORDER;
	unsigned long best_waste = ~0UL;

	for (unsigned int order = lo; order <= hi; order++) {
		unsigned long bytes = PAGE_SIZE << order;
		unsigned int map_offset, num = slab_objects(s->size, order, &map_offset);
		unsigned long waste = bytes - (unsigned long)num * s->size;

		if (!num)
			continue;
		/* Compare waste as a fraction of the slab: scale to the largest order. */
		if ((waste << (hi - order)) < best_waste) {
			best_waste = waste << (hi - order);
			s->order = order;
			s->num = num;
			s->map_offset = map_offset;
		}
		if (waste * 8 <= bytes)
			break;
	}
}

static int kmem_cache_setup(struct kmem_cache *s, const char *name, size_t size, size_t align,
			    unsigned int flags, void (*ctor)(void *))
{
	size_t stride;

	if (!size || size > (PAGE_SIZE << MAX_ORDER) / 2 || (align & (align - 1)))
		return -1;
	align = max(align, sizeof(void *));
	if (flags & SLAB_HWCACHE_ALIGN)
		align = max(align, (size_t)SLAB_HWCACHE_BYTES);

	memset(s, 0, sizeof(*s));
	strscpy(s->name, name, sizeof(s->name));
	s->object_size = size;
	s->flags = flags;
	s->ctor = ctor;
	if (ctor || (flags & SLAB_TYPESAFE_BY_RCU)) {
		/* The free pointer must not overwrite a free object's contents. */
		s->offset = ALIGN(size, sizeof(void *));
		stride = s->offset + sizeof(void *);
	} else {
		s->offset = 0;
		stride = max(size, sizeof(void *));
	}
	s->size = ALIGN(stride, align);
	calculate_slab_order(s);
	if (!s->num)
		return -1;
	/* An RCU-type-safe cache keeps all its empty slabs for its own reuse. */
	s->free_limit = (flags & SLAB_TYPESAFE_BY_RCU) ? UINT_MAX : SLAB_EMPTY_RESERVE;
	spin_lock_init(&s->list_lock);
	INIT_LIST_HEAD(&s->slabs_partial);
	INIT_LIST_HEAD(&s->slabs_full);
	INIT_LIST_HEAD(&s->slabs_free);
	return 0;
}

static void free_cpu_arrays(struct kmem_cache *s)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		kfree(s->cpu_cache[cpu]);
		s->cpu_cache[cpu] = NULL;
	}
}

/*
 * One array per CPU the kernel could run (the possible mask is not known
 * when the first caches are made).
 */
static int alloc_cpu_arrays(struct kmem_cache *s, gfp_t gfp)
{
	unsigned int limit = cpu_array_limit(s->size);

	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct array_cache *ac = kmalloc(sizeof(*ac) + limit * sizeof(void *), gfp);

		if (!ac) {
			free_cpu_arrays(s);
			return -1;
		}
		ac->avail = 0;
		ac->limit = limit;
		ac->batchcount = (limit + 1) / 2;
		WRITE_ONCE(s->cpu_cache[cpu], ac);
	}
	return 0;
}

static void add_cache(struct kmem_cache *s)
{
	unsigned long flags;

	spin_lock_irqsave(&slab_caches_lock, flags);
	list_add_tail(&s->list, &slab_caches);
	spin_unlock_irqrestore(&slab_caches_lock, flags);
}

struct kmem_cache *kmem_cache_create(const char *name, size_t size, size_t align,
				     unsigned int flags, void (*ctor)(void *))
{
	struct kmem_cache *s = NULL;

	if (WARN_ON(slab_state != SLAB_UP))
		goto fail;
	s = kmem_cache_alloc(&kmem_cache_boot, GFP_KERNEL);
	if (!s)
		goto fail;
	if (kmem_cache_setup(s, name, size, align, flags, ctor))
		goto fail_free;
	if (alloc_cpu_arrays(s, GFP_KERNEL))
		goto fail_free;
	add_cache(s);
	return s;

fail_free:
	kmem_cache_free(&kmem_cache_boot, s);
fail:
	if (flags & SLAB_PANIC)
		panic("kmem_cache_create: cannot create cache %s (size %zu)", name, size);
	pr_warn("kmem_cache_create: cannot create cache %s (size %zu, align %zu)\n",
		name, size, align);
	return NULL;
}

/* Give this CPU's array of s back to the slabs.  Irqs off (on_each_cpu). */
static void drain_cpu_array(void *arg)
{
	struct kmem_cache *s = arg;
	struct array_cache *ac = cpu_array(s);
	LIST_HEAD(to_free);

	if (!ac || !ac->avail)
		return;
	spin_lock(&s->list_lock);
	return_objects(s, ac->entry, ac->avail, &to_free);
	spin_unlock(&s->list_lock);
	ac->avail = 0;
	discard_slabs(s, &to_free);
}

/* Unlink every empty slab of s onto list.  Irqs off, list_lock held. */
static void take_empty_slabs(struct kmem_cache *s, struct list_head *list)
{
	s->nr_slabs -= s->nr_free_slabs;
	s->nr_free_slabs = 0;
	list_splice_init(&s->slabs_free, list);
}

int kmem_cache_shrink(struct kmem_cache *s)
{
	unsigned long flags;
	LIST_HEAD(to_free);

	on_each_cpu(drain_cpu_array, s, true);
	if (s->flags & SLAB_TYPESAFE_BY_RCU)
		return 0;	/* its empty slabs stay: see the top of the file */
	spin_lock_irqsave(&s->list_lock, flags);
	take_empty_slabs(s, &to_free);
	spin_unlock_irqrestore(&s->list_lock, flags);
	discard_slabs(s, &to_free);
	return 0;
}

void kmem_cache_destroy(struct kmem_cache *s)
{
	unsigned long flags;
	LIST_HEAD(to_free);
	bool busy;

	if (!s)
		return;
	on_each_cpu(drain_cpu_array, s, true);
	spin_lock_irqsave(&s->list_lock, flags);
	busy = s->nr_inuse != 0;
	if (!busy)
		take_empty_slabs(s, &to_free);
	spin_unlock_irqrestore(&s->list_lock, flags);
	/* A cache with live objects stays (leaked) rather than freeing memory in use. */
	if (WARN(busy, "kmem_cache_destroy %s: %lu objects still allocated\n", s->name,
		 s->nr_inuse))
		return;
	discard_slabs(s, &to_free);

	spin_lock_irqsave(&slab_caches_lock, flags);
	list_del(&s->list);
	spin_unlock_irqrestore(&slab_caches_lock, flags);
	free_cpu_arrays(s);
	kmem_cache_free(&kmem_cache_boot, s);
}

unsigned int kmem_cache_size(struct kmem_cache *s)
{
	return s->object_size;
}

/* ------------------------------------------------------------ kmalloc */

static void *kmalloc_large(size_t size, gfp_t gfp)
{
	unsigned int order = get_order(size);
	struct page *page = alloc_pages(gfp | __GFP_COMP, order);

	if (!page)
		return NULL;
	__SetPageLargeKmalloc(page);
	mod_node_page_state(page_pgdat(page), NR_SLAB_UNRECLAIMABLE, 1L << order);
	return page_address(page);
}

static void free_large_kmalloc(struct page *page, const void *p)
{
	unsigned int order = compound_order(page);

	if (WARN(p != page_address(page), "kfree: %px is inside a large kmalloc block\n", p))
		return;
	mod_node_page_state(page_pgdat(page), NR_SLAB_UNRECLAIMABLE, -(1L << order));
	__ClearPageLargeKmalloc(page);
	__free_pages(page, order);
}

void *kmalloc(size_t size, gfp_t gfp)
{
	if (unlikely(!size))
		return ZERO_SIZE_PTR;
	if (unlikely(size > KMALLOC_MAX_CACHE_SIZE))
		return kmalloc_large(size, gfp);
	return slab_alloc(kmalloc_caches[kmalloc_index(size)], gfp);
}

void *kzalloc(size_t size, gfp_t gfp)
{
	return kmalloc(size, gfp | __GFP_ZERO);
}

void *kcalloc(size_t n, size_t size, gfp_t gfp)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	return kmalloc(n * size, gfp | __GFP_ZERO);
}

/* The head page behind a kmalloc pointer, or NULL (with a WARN) if it is none. */
static struct page *kmalloc_page(const void *p, const char *who)
{
	struct page *page;

	if (WARN(!virt_addr_valid(p), "%s: %px is not a kmalloc pointer%s\n", who, p,
		 is_vmalloc_addr(p) ? " (a vmalloc address: use vfree)" : ""))
		return NULL;
	page = virt_to_head_page(p);
	if (WARN(!PageSlab(page) && !PageLargeKmalloc(page),
		 "%s: %px is not a kmalloc pointer\n", who, p))
		return NULL;
	if (WARN(PageSlab(page) && !page->slab_cache,
		 "%s: %px belongs to a destroyed cache\n", who, p))
		return NULL;
	return page;
}

void kfree(const void *p)
{
	struct page *page;

	if (unlikely(ZERO_OR_NULL_PTR(p)))
		return;
	page = kmalloc_page(p, "kfree");
	if (!page)
		return;
	if (PageLargeKmalloc(page)) {
		free_large_kmalloc(page, p);
		return;
	}
	if (slab_free_ok(page->slab_cache, page, p))
		slab_free(page->slab_cache, (void *)p);
}

size_t ksize(const void *p)
{
	struct page *page;

	if (unlikely(ZERO_OR_NULL_PTR(p)))
		return 0;
	page = kmalloc_page(p, "ksize");
	if (!page)
		return 0;
	if (PageLargeKmalloc(page))
		return page_size(page);
	return page->slab_cache->object_size;
}

void *krealloc(const void *p, size_t new_size, gfp_t gfp)
{
	size_t old;
	void *n;

	if (unlikely(!new_size)) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	if (ZERO_OR_NULL_PTR(p))
		return kmalloc(new_size, gfp);
	old = ksize(p);
	if (!old)
		return NULL;
	if (new_size <= old)
		return (void *)p;
	n = kmalloc(new_size, gfp);
	if (!n)
		return NULL;
	memcpy(n, p, old);
	kfree(p);
	return n;
}

/* ------------------------------------------------------------ statistics */

void slab_for_each_info(void (*fn)(const struct slabinfo *info, void *arg), void *arg)
{
	unsigned long flags;
	struct kmem_cache *s;

	spin_lock_irqsave(&slab_caches_lock, flags);
	list_for_each_entry(s, &slab_caches, list) {
		struct slabinfo info = {
			.name = s->name,
			.objsize = s->size,
			.objperslab = s->num,
			.pagesperslab = 1U << s->order,
		};
		unsigned long parked = 0;

		for (int cpu = 0; cpu < NR_CPUS; cpu++) {
			struct array_cache *ac = READ_ONCE(s->cpu_cache[cpu]);

			if (ac)
				parked += READ_ONCE(ac->avail);
		}
		spin_lock(&s->list_lock);
		info.num_slabs = s->nr_slabs;
		info.active_slabs = s->nr_slabs - s->nr_free_slabs;
		info.num_objs = s->nr_slabs * s->num;
		info.active_objs = s->nr_inuse > parked ? s->nr_inuse - parked : 0;
		spin_unlock(&s->list_lock);
		fn(&info, arg);
	}
	spin_unlock_irqrestore(&slab_caches_lock, flags);
}

void kmem_cache_shrink_all(void)
{
	struct kmem_cache *s;

	/* Caches are created and destroyed only from process context (tests run alone). */
	list_for_each_entry(s, &slab_caches, list)
		kmem_cache_shrink(s);
}

unsigned long slab_pages_in_use(void)
{
	struct pglist_data *pgdat = NODE_DATA(0);

	return node_page_state_snapshot(pgdat, NR_SLAB_RECLAIMABLE) +
	       node_page_state_snapshot(pgdat, NR_SLAB_UNRECLAIMABLE);
}

/* ------------------------------------------------------------ boot */

void __init kmem_cache_init(void)
{
	struct kmem_cache *s;

	if (kmem_cache_setup(&kmem_cache_boot, "kmem_cache", sizeof(struct kmem_cache), 0,
			     SLAB_HWCACHE_ALIGN, NULL))
		panic("slab: cannot set up the kmem_cache cache");
	add_cache(&kmem_cache_boot);
	slab_state = SLAB_PARTIAL;

	/* Until every kmalloc cache exists, caches run without CPU arrays. */
	for (unsigned int i = 0; i < KMALLOC_NR; i++) {
		s = kmem_cache_alloc(&kmem_cache_boot, GFP_KERNEL);
		if (!s || kmem_cache_setup(s, kmalloc_names[i], kmalloc_sizes[i], 0, 0, NULL))
			panic("slab: cannot create %s", kmalloc_names[i]);
		add_cache(s);
		kmalloc_caches[i] = s;
	}

	slab_state = SLAB_UP;
	list_for_each_entry(s, &slab_caches, list)
		if (alloc_cpu_arrays(s, GFP_KERNEL))
			panic("slab: no memory for the per-CPU arrays of %s", s->name);
}
