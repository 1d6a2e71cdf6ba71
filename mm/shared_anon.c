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
 * Locking: obj->lock (spinlock) guards the page table; obj->vmas_lock
 * (rwsem) guards the VMA list and, for writing, changes to the range of a
 * VMA of the object (vma_rmap_lock()).  Order: mmap_lock -> vmas_lock ->
 * anon_vma root lock -> page_table_lock; obj->lock is innermost.
 *
 * Lifetime: obj->refcount counts the VMAs (vm_ops open/close) plus rmap
 * walkers; the last put releases the pages and frees the object after an
 * RCU grace period (walkers find it from page->mapping under RCU).
 *
 * Not done: /dev/zero mappings and shmget() would reuse this object;
 * with the VFS, Linux's tmpfs-backed shmem would replace it.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/rmap.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/rcupdate.h>
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
	struct rcu_head rcu;
};

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
		for (unsigned long i = 0; i < SA_CHUNK; i++)
			if (chunk[i])
				release_page(chunk[i]);
		free_page((unsigned long)chunk);
	}
	call_rcu(&obj->rcu, free_obj_rcu);
}

int shared_anon_setup(struct vm_area_struct *vma)
{
	unsigned long nr = vma_pages(vma);
	struct shared_anon *obj = kzalloc(sizeof(*obj), GFP_KERNEL);
	size_t dir_size;

	if (!obj)
		return -ENOMEM;
	obj->nr_pages = nr;
	obj->nr_chunks = DIV_ROUND_UP(nr, SA_CHUNK);
	dir_size = obj->nr_chunks * sizeof(struct page **);
	obj->dir = dir_size <= PAGE_SIZE ? kzalloc(dir_size, GFP_KERNEL) : vzalloc(dir_size);
	if (!obj->dir) {
		kfree(obj);
		return -ENOMEM;
	}
	atomic_set(&obj->refcount, 1);
	init_rwsem(&obj->vmas_lock);
	INIT_LIST_HEAD(&obj->vmas);
	spin_lock_init(&obj->lock);
	obj->ino = atomic_long_add_return(1, &shared_anon_ino);

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
}

static void shared_anon_close(struct vm_area_struct *vma)
{
	struct shared_anon *obj = vma_obj(vma);

	down_write(&obj->vmas_lock);
	list_del(&vma->vm_shared_node);
	up_write(&obj->vmas_lock);
	put_obj(obj);
}

static vm_fault_t shared_anon_fault(struct vm_fault *vmf)
{
	struct shared_anon *obj = vma_obj(vmf->vma);
	struct page *page, *fresh = NULL, **s;
	unsigned long spare = 0;

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
		if (!page && fresh) {
			page = fresh;
			fresh = NULL;
			page->index = vmf->pgoff;
			WRITE_ONCE(page->mapping, (struct address_space *)
				   ((unsigned long)obj | PAGE_MAPPING_SHARED_ANON));
			*s = page;	/* the object's reference */
		}
		if (page)
			get_page(page);	/* the caller's */
		spin_unlock(&obj->lock);
		if (page)
			break;
		fresh = alloc_page(GFP_HIGHUSER_MOVABLE | __GFP_ZERO | __GFP_NOWARN);
		if (!fresh)
			return VM_FAULT_OOM;
	}
	if (fresh)
		put_page(fresh);	/* someone else filled the slot first */
	if (spare)
		free_page(spare);	/* someone else made the chunk first */
	vmf->page = page;
	return 0;
}

static const char *shared_anon_name(struct vm_area_struct *vma)
{
	(void)vma;
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
	present = s && *s;
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

	rcu_read_lock();
	m = (unsigned long)READ_ONCE(page->mapping);
	obj = (struct shared_anon *)(m & ~PAGE_MAPPING_FLAGS);
	if ((m & PAGE_MAPPING_FLAGS) != PAGE_MAPPING_SHARED_ANON ||
	    !atomic_inc_not_zero(&obj->refcount)) {
		rcu_read_unlock();
		return;
	}
	rcu_read_unlock();
	if (READ_ONCE(page->mapping) == (struct address_space *)m) {
		down_read(&obj->vmas_lock);
		list_for_each_entry(vma, &obj->vmas, vm_shared_node)
			if (!rmap_walk_one_vma(page, vma, rwc))
				break;
		up_read(&obj->vmas_lock);
	}
	put_obj(obj);
}
