// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shared anonymous memory (mmap MAP_SHARED|MAP_ANONYMOUS).
 *
 * Such a mapping must show the same pages to every process that inherits
 * it across fork, so its pages cannot be private anonymous pages (those
 * are copied on write).  They live in a small object, struct shared_anon,
 * that every VMA of the mapping references through vm_private_data and
 * vm_ops - the same hooks a file mapping will use, with this object in
 * the place of the file's page cache:
 *
 *   - pages: a two-level table indexed by page offset (vm_pgoff counts
 *     from the start of the object), filled on first touch with zeroed
 *     pages.  A page holds one reference for the object plus one per pte.
 *     page->mapping = object | PAGE_MAPPING_SHARED_ANON, page->index =
 *     offset, so rmap finds it through the object's VMA list (the role
 *     i_mmap plays for files): shared_anon_rmap_walk().
 *   - size: fixed at mmap time, like the hidden shmem file Linux uses; a
 *     mapping grown by mremap() gets SIGBUS beyond it, as on Linux.
 *
 *   - swap: the pages are swap-backed (PG_swapbacked, on the anon LRU
 *     lists).  Reclaim unmaps a page through the VMA list and calls
 *     shared_anon_writepage(), which puts it in the swap cache at a new
 *     slot, leaves swp_to_item(slot) (<linux/swapops.h>: bit 1 set, so
 *     never a page pointer) in the object's slot in its place, and
 *     starts the write; the page is freed later as any clean swap cache
 *     page.  The item holds one count on the slot.  A fault on such an
 *     offset (swap_in()) finds the page in the swap cache or reads it,
 *     puts it back in the object's slot and frees the slot; a read error
 *     is SIGBUS and the item stays.  Hole punching and the object's end
 *     free the slots; swapoff brings them back (shared_anon_unuse(), over
 *     the list of all objects).
 *
 * Locking: obj->lock (spinlock) guards the page table (pages and items);
 * obj->vmas_lock (rwsem) guards the VMA list and, for writing, changes to
 * the range of a VMA of the object (vma_rmap_lock()).  Order: mmap_lock
 * -> vmas_lock -> anon_vma root lock -> page_table_lock; page lock ->
 * obj->lock, which is innermost but for shared_anon_objs_lock (the list
 * of objects).  A page moves between a slot and the swap cache under its
 * page lock and obj->lock, with its reference count frozen at "object +
 * swap cache + reclaim", so no fault can be taking it meanwhile.
 *
 * Lifetime: obj->refcount counts the VMAs (vm_ops open/close) plus rmap
 * walkers; the last put releases the pages and frees the object after an
 * RCU grace period (walkers find it from page->mapping under RCU).
 *
 * Owners: a System V segment (ipc/shm.c) holds an object of its own
 * (shared_anon_create(), one reference) and maps it from its file's
 * ->mmap with shared_anon_attach(); its owner hooks count the VMAs
 * (shm_nattch) as they come and go.  owner_ops and owner are set once,
 * before any VMA exists; locked (SHM_LOCK) is read by reclaim without a
 * lock, a stale value only delays its effect by one pass.
 *
 * Not done: with the VFS, Linux's tmpfs-backed shmem would replace it.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/rmap.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/rcupdate.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/writeback.h>
#include <linux/sched/signal.h>
#include "vma.h"

#define SA_CHUNK	(PAGE_SIZE / sizeof(struct page *))	/* page pointers per chunk */

struct shared_anon {
	atomic_t refcount;
	struct rw_semaphore vmas_lock;
	struct list_head vmas;		/* vma->vm_shared_node */
	spinlock_t lock;		/* dir and the chunks */
	unsigned long nr_pages;		/* size of the object */
	unsigned long ino;		/* what /proc/<pid>/maps shows as the inode */
	unsigned long nr_chunks;
	struct page ***dir;		/* nr_chunks chunk pointers, chunks on demand */
	struct list_head objs;		/* on shared_anon_objs, for swapoff */
	const struct shared_anon_owner_ops *owner_ops;	/* NULL: mmap's own object */
	void *owner;
	bool locked;			/* SHM_LOCK: reclaim leaves the pages alone */
	struct rcu_head rcu;
};

static LIST_HEAD(shared_anon_objs);
static unsigned long nr_shared_anon_objs;
static DEFINE_SPINLOCK(shared_anon_objs_lock);	/* the list and the count */

static const struct vm_operations_struct shared_anon_vm_ops;
static atomic_long_t shared_anon_ino = { 1 };

bool vma_is_shared_anon(const struct vm_area_struct *vma)
{
	return vma->vm_ops == &shared_anon_vm_ops;
}

static struct shared_anon *vma_obj(struct vm_area_struct *vma)
{
	return vma->vm_private_data;
}

/*
 * The slot for pgoff (obj->lock held), or NULL if its chunk does not
 * exist; *spare, if non-NULL, is a zeroed page to use as the missing
 * chunk (then taken: *spare is cleared).
 */
static struct page **slot(struct shared_anon *obj, pgoff_t pgoff, unsigned long *spare)
{
	struct page ***chunk = &obj->dir[pgoff / SA_CHUNK];

	if (!*chunk) {
		if (!spare || !*spare)
			return NULL;
		*chunk = (struct page **)*spare;
		*spare = 0;
	}
	return &(*chunk)[pgoff % SA_CHUNK];
}

static void free_obj_rcu(struct rcu_head *head)
{
	struct shared_anon *obj = container_of(head, struct shared_anon, rcu);

	if (is_vmalloc_addr(obj->dir))
		vfree(obj->dir);
	else
		kfree(obj->dir);
	kfree(obj);
}

static void release_page(struct page *page)
{
	WRITE_ONCE(page->mapping, NULL);
	put_page(page);
}

static void put_obj(struct shared_anon *obj)
{
	if (!atomic_dec_and_test(&obj->refcount))
		return;
	for (unsigned long c = 0; c < obj->nr_chunks; c++) {
		struct page **chunk = obj->dir[c];

		if (!chunk)
			continue;
		for (unsigned long i = 0; i < SA_CHUNK; i++) {
			if (chunk[i] && is_swp_item(chunk[i]))
				free_swap_and_cache(item_to_swp(chunk[i]));
			else if (chunk[i])
				release_page(chunk[i]);
		}
		free_page((unsigned long)chunk);
	}
	spin_lock(&shared_anon_objs_lock);
	list_del(&obj->objs);
	nr_shared_anon_objs--;
	spin_unlock(&shared_anon_objs_lock);
	call_rcu(&obj->rcu, free_obj_rcu);
}

struct shared_anon *shared_anon_create(unsigned long nr)
{
	struct shared_anon *obj = kzalloc(sizeof(*obj), GFP_KERNEL);
	size_t dir_size;

	if (!obj)
		return NULL;
	obj->nr_pages = nr;
	obj->nr_chunks = DIV_ROUND_UP(nr, SA_CHUNK);
	dir_size = obj->nr_chunks * sizeof(struct page **);
	obj->dir = dir_size <= PAGE_SIZE ? kzalloc(dir_size, GFP_KERNEL) : vzalloc(dir_size);
	if (!obj->dir) {
		kfree(obj);
		return NULL;
	}
	atomic_set(&obj->refcount, 1);
	init_rwsem(&obj->vmas_lock);
	INIT_LIST_HEAD(&obj->vmas);
	spin_lock_init(&obj->lock);
	obj->ino = atomic_long_add_return(1, &shared_anon_ino);
	spin_lock(&shared_anon_objs_lock);
	list_add_tail(&obj->objs, &shared_anon_objs);
	nr_shared_anon_objs++;
	spin_unlock(&shared_anon_objs_lock);
	return obj;
}

void shared_anon_put(struct shared_anon *obj)
{
	put_obj(obj);
}

void shared_anon_set_owner(struct shared_anon *obj, const struct shared_anon_owner_ops *ops,
			   void *owner)
{
	obj->owner = owner;
	obj->owner_ops = ops;
}

void shared_anon_set_locked(struct shared_anon *obj, bool locked)
{
	WRITE_ONCE(obj->locked, locked);
}

void shared_anon_usage(struct shared_anon *obj, unsigned long *resident, unsigned long *swapped)
{
	*resident = *swapped = 0;
	spin_lock(&obj->lock);
	for (unsigned long c = 0; c < obj->nr_chunks; c++) {
		struct page **chunk = obj->dir[c];

		for (unsigned long i = 0; chunk && i < SA_CHUNK; i++) {
			if (chunk[i] && is_swp_item(chunk[i]))
				(*swapped)++;
			else if (chunk[i])
				(*resident)++;
		}
	}
	spin_unlock(&obj->lock);
}

/* MAP_SHARED|MAP_ANONYMOUS: a fresh object that only its VMAs hold. */
int shared_anon_setup(struct vm_area_struct *vma)
{
	struct shared_anon *obj = shared_anon_create(vma_pages(vma));

	if (!obj)
		return -ENOMEM;
	vma->vm_pgoff = 0;
	vma->vm_private_data = obj;
	vma->vm_ops = &shared_anon_vm_ops;
	list_add(&vma->vm_shared_node, &obj->vmas);
	return 0;
}

void shared_anon_lock_vmas(struct vm_area_struct *vma)
{
	down_write(&vma_obj(vma)->vmas_lock);
}

void shared_anon_unlock_vmas(struct vm_area_struct *vma)
{
	up_write(&vma_obj(vma)->vmas_lock);
}

/* A new VMA refers to the object (fork, split, mremap). */
static void shared_anon_open(struct vm_area_struct *vma)
{
	struct shared_anon *obj = vma_obj(vma);

	atomic_inc(&obj->refcount);
	down_write(&obj->vmas_lock);
	list_add(&vma->vm_shared_node, &obj->vmas);
	up_write(&obj->vmas_lock);
	if (obj->owner_ops)
		obj->owner_ops->vma_opened(obj->owner);
}

/**
 * shared_anon_attach() - make a new VMA map an existing object
 * @vma: the VMA being set up by a file's ->mmap (not yet linked)
 * @obj: the object; the VMA takes its own reference
 *
 * Return: 0, or -EINVAL if the VMA reaches beyond the object.
 */
int shared_anon_attach(struct vm_area_struct *vma, struct shared_anon *obj)
{
	if (vma->vm_pgoff > obj->nr_pages || vma_pages(vma) > obj->nr_pages - vma->vm_pgoff)
		return -EINVAL;
	vma->vm_private_data = obj;
	vma->vm_ops = &shared_anon_vm_ops;
	shared_anon_open(vma);
	return 0;
}

static void shared_anon_close(struct vm_area_struct *vma)
{
	struct shared_anon *obj = vma_obj(vma);

	down_write(&obj->vmas_lock);
	list_del(&vma->vm_shared_node);
	up_write(&obj->vmas_lock);
	/* The owner may drop its own reference here; ours keeps obj alive. */
	if (obj->owner_ops)
		obj->owner_ops->vma_closed(obj->owner);
	put_obj(obj);
}

/*
 * The object page belongs to, with a reference (put_obj()), or NULL;
 * *m gets page->mapping as it was read.  The object is found under RCU:
 * it is freed a grace period after its last reference went.
 */
static struct shared_anon *get_page_obj(struct page *page, unsigned long *m)
{
	struct shared_anon *obj;

	rcu_read_lock();
	*m = (unsigned long)READ_ONCE(page->mapping);
	obj = (struct shared_anon *)(*m & ~PAGE_MAPPING_FLAGS);
	if ((*m & PAGE_MAPPING_FLAGS) != PAGE_MAPPING_SHARED_ANON ||
	    !atomic_inc_not_zero(&obj->refcount))
		obj = NULL;
	rcu_read_unlock();
	return obj;
}

static struct address_space *obj_tag(struct shared_anon *obj)
{
	return (struct address_space *)((unsigned long)obj | PAGE_MAPPING_SHARED_ANON);
}

#ifdef CONFIG_SWAP
/*
 * Bring the page of swap item back into obj's slot at pgoff (no lock
 * held).  Returns 0 (the slot holds the page now), -EAGAIN if the slot
 * changed meanwhile (look again), -EIO if the slot cannot be read,
 * -ENOMEM.
 */
static int swap_in(struct shared_anon *obj, pgoff_t pgoff, void *item, bool *major)
{
	swp_entry_t entry = item_to_swp(item);
	struct page *page, **s;
	bool started;
	int err = 0;

	/* With its neighbouring slots: pages swapped out together. */
	page = swapin_readahead(entry, GFP_HIGHUSER_MOVABLE, &started);
	if (started && major)
		*major = true;
	if (page) {
		lock_page(page);
		wait_on_page_writeback(page);
	}
	spin_lock(&obj->lock);
	s = slot(obj, pgoff, NULL);
	if (!s || *s != item)
		err = -EAGAIN;		/* brought back or punched by someone else */
	else if (!page)
		err = swp_swapcount(entry) > 0 ? -ENOMEM : -EIO;
	else if (!PageSwapCache(page) || page_private(page) != entry.val)
		err = -EAGAIN;		/* left the swap cache while we waited */
	else if (!PageUptodate(page))
		err = -EIO;
	if (!err) {
		page->index = pgoff;
		WRITE_ONCE(page->mapping, obj_tag(obj));
		get_page(page);		/* the object's */
		*s = page;
	}
	spin_unlock(&obj->lock);
	if (!page)
		return err;
	if (!err) {
		delete_from_swap_cache(page);
		ClearPageDirty(page);
		swap_free(entry);	/* the item's count */
	} else if (err == -EIO) {
		pr_err_ratelimited("swap: shared anonymous page %lu: cannot read slot %#lx\n",
				   pgoff, entry.val);
	}
	unlock_page(page);
	put_page(page);
	return err;
}

/**
 * shared_anon_writepage() - reclaim: move a page of an object to swap
 * @page: a locked shared anonymous page, unmapped, isolated by the caller
 * @wbc: the caller's writeback control (for_reclaim)
 *
 * Return: 0 with the page unlocked (it left the object and its write
 * started), or AOP_WRITEPAGE_ACTIVATE with it still locked and in place
 * (no slot, or someone else holds it).
 */
int shared_anon_writepage(struct page *page, struct writeback_control *wbc)
{
	unsigned long m;
	struct shared_anon *obj;
	struct page **s;
	swp_entry_t entry;
	bool moved = false;

	obj = get_page_obj(page, &m);
	if (!obj)
		return AOP_WRITEPAGE_ACTIVATE;
	entry = page_mapped(page) || READ_ONCE(obj->locked) ? (swp_entry_t){ 0 } : get_swap_page();
	if (!entry.val)
		goto out;
	if (add_to_swap_cache(page, entry, GFP_NOWAIT | __GFP_NOWARN)) {
		swap_free(entry);
		goto out;
	}
	/* The cache has get_swap_page()'s count; the item takes its own. */
	if (swap_duplicate(entry)) {
		delete_from_swap_cache(page);
		goto out;
	}
	spin_lock(&obj->lock);
	s = slot(obj, page->index, NULL);
	if (s && *s == page && READ_ONCE(page->mapping) == (struct address_space *)m &&
	    page_ref_freeze(page, 3)) {
		*s = swp_to_item(entry);
		WRITE_ONCE(page->mapping, NULL);
		page_ref_unfreeze(page, 2);	/* the object's reference went */
		moved = true;
	}
	spin_unlock(&obj->lock);
	if (!moved) {
		swap_free(entry);
		delete_from_swap_cache(page);
	}
out:
	put_obj(obj);
	if (!moved)
		return AOP_WRITEPAGE_ACTIVATE;
	ClearPageDirty(page);
	SetPageUptodate(page);
	/* Written like any swap cache page; the write unlocks it. */
	swap_address_space(entry)->a_ops->writepage(page, wbc);
	return 0;
}

/**
 * shared_anon_unuse() - swapoff: bring back the shared anonymous pages in area @type
 * @type: the area, closed to allocations
 *
 * Context: process context; sleeps.
 * Return: 0, -ENOMEM, -EIO (a slot could not be read), -EINTR.
 */
int shared_anon_unuse(unsigned int type)
{
	unsigned long nr = 0, cap = READ_ONCE(nr_shared_anon_objs);
	struct shared_anon *obj, **objs;
	int err = 0;

	/* Objects made meanwhile are caught by try_to_unuse()'s next pass. */
	objs = cap ? kcalloc(cap, sizeof(*objs), GFP_KERNEL) : NULL;
	if (!objs)
		return cap ? -ENOMEM : 0;
	spin_lock(&shared_anon_objs_lock);
	list_for_each_entry(obj, &shared_anon_objs, objs)
		if (nr < cap && atomic_inc_not_zero(&obj->refcount))
			objs[nr++] = obj;
	spin_unlock(&shared_anon_objs_lock);
	for (unsigned long i = 0; i < nr; i++) {
		obj = objs[i];
		for (pgoff_t pgoff = 0; pgoff < obj->nr_pages && !err; pgoff++) {
			struct page **s;
			void *cur;

			spin_lock(&obj->lock);
			s = slot(obj, pgoff, NULL);
			cur = s ? *s : NULL;
			spin_unlock(&obj->lock);
			if (!cur || !is_swp_item(cur) || swp_type(item_to_swp(cur)) != type)
				continue;
			if (fatal_signal_pending(current))
				err = -EINTR;
			else
				err = swap_in(obj, pgoff, cur, NULL);
			if (err == -EAGAIN) {
				err = 0;
				pgoff--;	/* look at it again */
			}
			cond_resched();
		}
		put_obj(obj);
	}
	kfree(objs);
	return err;
}
#else
/* Without swap no slot ever holds an item, and no page can go. */
static int swap_in(struct shared_anon *obj, pgoff_t pgoff, void *item, bool *major)
{
	return -EIO;
}

int shared_anon_writepage(struct page *page, struct writeback_control *wbc)
{
	return AOP_WRITEPAGE_ACTIVATE;
}
#endif

static vm_fault_t shared_anon_fault(struct vm_fault *vmf)
{
	struct shared_anon *obj = vma_obj(vmf->vma);
	struct page *page, *fresh = NULL, **s;
	unsigned long spare = 0;
	bool major = false;
	void *item;
	int err;

	if (vmf->pgoff >= obj->nr_pages)
		return VM_FAULT_SIGBUS;
	for (;;) {
		spin_lock(&obj->lock);
		s = slot(obj, vmf->pgoff, &spare);
		if (!s) {
			/* Allocate the missing chunk outside the lock and retry. */
			spin_unlock(&obj->lock);
			spare = get_zeroed_page(GFP_KERNEL | __GFP_NOWARN);
			if (!spare) {
				if (fresh)
					put_page(fresh);
				return VM_FAULT_OOM;
			}
			continue;
		}
		page = *s;
		if (page && is_swp_item(page)) {
			item = page;
			spin_unlock(&obj->lock);
			err = swap_in(obj, vmf->pgoff, item, &major);
			if (!err || err == -EAGAIN)
				continue;
			if (fresh)
				put_page(fresh);
			return err == -ENOMEM ? VM_FAULT_OOM : VM_FAULT_SIGBUS;
		}
		if (!page && fresh) {
			page = fresh;
			fresh = NULL;
			page->index = vmf->pgoff;
			WRITE_ONCE(page->mapping, obj_tag(obj));
			*s = page;	/* the object's reference */
			get_page(page);	/* the caller's */
			spin_unlock(&obj->lock);
			/* Swap-backed: reclaim may page it out. */
			lru_cache_add(page);
			break;
		}
		if (page)
			get_page(page);	/* the caller's */
		spin_unlock(&obj->lock);
		if (page)
			break;
		fresh = alloc_page(GFP_HIGHUSER_MOVABLE | __GFP_ZERO | __GFP_NOWARN);
		if (!fresh)
			return VM_FAULT_OOM;
		__SetPageSwapBacked(fresh);
	}
	if (fresh)
		put_page(fresh);	/* someone else filled the slot first */
	if (spare)
		free_page(spare);	/* someone else made the chunk first */
	vmf->page = page;
	return major ? VM_FAULT_MAJOR : 0;
}

static const char *shared_anon_name(struct vm_area_struct *vma)
{
	struct shared_anon *obj = vma_obj(vma);

	if (obj->owner_ops)
		return obj->owner_ops->name(obj->owner);
	return "/dev/zero (deleted)";
}

bool shared_anon_page_present(struct vm_area_struct *vma, pgoff_t pgoff)
{
	struct shared_anon *obj = vma_obj(vma);
	struct page **s;
	bool present;

	if (pgoff >= obj->nr_pages)
		return false;
	spin_lock(&obj->lock);
	s = slot(obj, pgoff, NULL);
	present = s && *s && !is_swp_item(*s);	/* a page in swap is not resident */
	spin_unlock(&obj->lock);
	return present;
}

unsigned long shared_anon_ino_of(struct vm_area_struct *vma)
{
	return vma_obj(vma)->ino;
}

static const struct vm_operations_struct shared_anon_vm_ops = {
	.open = shared_anon_open,
	.close = shared_anon_close,
	.fault = shared_anon_fault,
	.name = shared_anon_name,
};

void shared_anon_punch_hole(struct vm_area_struct *vma, pgoff_t pgoff, unsigned long nr)
{
	struct shared_anon *obj = vma_obj(vma);
	pgoff_t end = min(pgoff + nr, obj->nr_pages);

	for (; pgoff < end; pgoff++) {
		struct page *page, **s;

		spin_lock(&obj->lock);
		s = slot(obj, pgoff, NULL);
		page = s ? *s : NULL;
		if (page && is_swp_item(page)) {
			/* In swap: the slot goes, with its cached page if any. */
			*s = NULL;
			spin_unlock(&obj->lock);
			free_swap_and_cache(item_to_swp(page));
			continue;
		}
		if (page)
			get_page(page);
		spin_unlock(&obj->lock);
		if (!page)
			continue;
		/* Out of every process's page tables first, then out of the object. */
		try_to_unmap(page, TTU_IGNORE_YOUNG);
		spin_lock(&obj->lock);
		if (*s == page && !page_mapped(page)) {
			*s = NULL;
			spin_unlock(&obj->lock);
			release_page(page);
		} else {
			spin_unlock(&obj->lock);	/* refaulted meanwhile: keep it */
		}
		put_page(page);
	}
}

void shared_anon_rmap_walk(struct page *page, struct rmap_walk_control *rwc)
{
	unsigned long m;
	struct shared_anon *obj;
	struct vm_area_struct *vma;

	obj = get_page_obj(page, &m);
	if (!obj)
		return;
	if (READ_ONCE(page->mapping) == (struct address_space *)m) {
		down_read(&obj->vmas_lock);
		list_for_each_entry(vma, &obj->vmas, vm_shared_node)
			if (!rmap_walk_one_vma(page, vma, rwc))
				break;
		up_read(&obj->vmas_lock);
	}
	put_obj(obj);
}
