// SPDX-License-Identifier: GPL-2.0-only
/*
 * Swap areas (Documentation/mm/swap.md): swapon(2) and swapoff(2), the
 * mkswap(8) header, the extent map of swap files, the list of areas by
 * priority, /proc/swaps and the swap totals.  The slots inside an area
 * are mm/swap_slots.c's.
 *
 * Interface (<linux/swap.h>):
 *   get_swap_device() / put_swap_device()   pin an area against swapoff
 *   swap_slot_sector()                 where a slot lives on the disk
 *   try_to_unuse()                     swapoff's "bring every page back"
 *   si_swapinfo()                      totals for sysinfo(2) and meminfo
 * and for mm/swap_slots.c (mm/swap.h): swap_pick_area(),
 * swap_type_to_info().
 *
 * Locking, outermost first:
 *   swapon_mutex   one swapon or swapoff at a time; /proc/swaps readers
 *   inode lock     of the file or device being swapped on, while its
 *                  header is read, its blocks are mapped and S_SWAPFILE
 *                  is set (the write paths test S_SWAPFILE under it)
 *   swap_lock      swap_info[], swap_active_list with every area's prio
 *                  and place in it, the default priority, total_swap_pages
 *   si->lock       one area's slots (mm/swap_slots.c)
 * SWP_VALID and SWP_WRITEOK change with both spinlocks held, so either
 * lock is enough to read them; the other flags are set while swapon still
 * has the area to itself.  nr_swap_pages is atomic; it changes with
 * si->lock held.
 *
 * No spinlock is held across anything that sleeps.  An area's structure
 * is never freed once made (swap_info[] keeps it for the next swapon of
 * that type), so a stale pointer to one is always safe to look at; its
 * map and extents live while a get_swap_device() pin or si->lock with
 * SWP_VALID set says so.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/blkdev.h>
#include <linux/pagemap.h>
#include <linux/capability.h>
#include <linux/syscalls.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/mutex.h>
#include <linux/init.h>
#include "swap.h"

/*
 * The version-1 header mkswap(8) writes in page 0 of an area: 1024
 * bytes left for a boot loader, then little-endian 32-bit fields at these
 * byte offsets, the bad-page list, and the signature in the page's last
 * ten bytes.
 */
#define SWH_VERSION		1024
#define SWH_LAST_PAGE		1028	/* the last page of the area */
#define SWH_NR_BADPAGES		1032
#define SWH_UUID		1036	/* 16 bytes */
#define SWH_LABEL		1052	/* 16 bytes */
#define SWH_BADPAGES		1536	/* nr_badpages page numbers */
#define SWH_MAGIC		(PAGE_SIZE - 10)
#define SWH_MAX_BADPAGES	((SWH_MAGIC - SWH_BADPAGES) / 4)

static DEFINE_MUTEX(swapon_mutex);
static DEFINE_SPINLOCK(swap_lock);
static struct swap_info_struct *swap_info[MAX_SWAPFILES];
/* Areas that take allocations, highest priority first; equal ones rotate. */
static LIST_HEAD(swap_active_list);
/* The default priority the newest area without SWAP_FLAG_PREFER got. */
static int last_auto_prio = -1;

atomic_long_t nr_swap_pages;
long total_swap_pages;

/* ------------------------------------------------------------ areas in use */

struct swap_info_struct *swap_type_to_info(unsigned int type)
{
	return type < MAX_SWAPFILES ? READ_ONCE(swap_info[type]) : NULL;
}

/*
 * The area to allocate from next: the first one with room on the list
 * (highest priority first), moved behind the others of its priority so
 * that equal areas take turns.  NULL if every area is full.
 */
struct swap_info_struct *swap_pick_area(void)
{
	struct swap_info_struct *si, *last;

	spin_lock(&swap_lock);
	list_for_each_entry(si, &swap_active_list, list) {
		if (READ_ONCE(si->inuse_pages) >= si->pages)
			continue;
		last = si;
		while (!list_is_last(&last->list, &swap_active_list) &&
		       list_next_entry(last, list)->prio == si->prio)
			last = list_next_entry(last, list);
		if (last != si)
			list_move(&si->list, &last->list);
		spin_unlock(&swap_lock);
		return si;
	}
	spin_unlock(&swap_lock);
	return NULL;
}

/**
 * get_swap_device() - pin the area of an entry against swapoff
 * @entry: the entry about to be used (its slot need not have a count)
 *
 * While pinned, the area's map, extents and device stay; swapoff waits.
 * An area being swapped off gives NULL without a message: the caller
 * raced with swapoff and should look at its pte again.
 *
 * Context: any context; does not sleep.
 * Return: the area, to be given to put_swap_device(); NULL for a bad entry
 * (reported once) or an area that is going away.
 */
struct swap_info_struct *get_swap_device(swp_entry_t entry)
{
	unsigned int type = swp_type(entry);
	unsigned long off = swp_offset(entry);
	struct swap_info_struct *si = swap_type_to_info(type);

	if (!si) {
		swap_entry_error("get_swap_device", SWAP_BAD_AREA, entry);
		return NULL;
	}
	if (!atomic_inc_not_zero(&si->users))
		return NULL;
	/*
	 * The atomic increment orders what follows after it: swapon's setup
	 * is seen, and so is swapoff's clearing of SWP_VALID, which it does
	 * before it drops the area's own reference.
	 */
	if (!(READ_ONCE(si->flags) & SWP_VALID)) {
		put_swap_device(si);
		return NULL;
	}
	if (!off || off >= si->max) {
		put_swap_device(si);
		swap_entry_error("get_swap_device", SWAP_BAD_OFFSET, entry);
		return NULL;
	}
	return si;
}

/**
 * put_swap_device() - drop a get_swap_device() pin
 * @si: the area it returned
 *
 * Context: any context, hard interrupts included; does not sleep.
 */
void put_swap_device(struct swap_info_struct *si)
{
	if (atomic_dec_and_test(&si->users))
		complete(&si->drained);
}

/**
 * swap_slot_sector() - where a slot's page lives on si->bdev
 * @si: a pinned area (get_swap_device())
 * @offset: a usable slot of it
 * @sector: set to the first of the page's eight 512-byte sectors
 *
 * A binary search of the extent map: no file system call.
 *
 * Context: any context; no locks.
 * Return: 0, or -EINVAL if no extent holds @offset (a slot that is not
 * usable, or an area without I/O).
 */
int swap_slot_sector(struct swap_info_struct *si, unsigned long offset, sector_t *sector)
{
	unsigned int lo = 0, hi = si->nr_extents;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		const struct swap_extent *se = &si->extents[mid];

		if (offset < se->start_page) {
			hi = mid;
		} else if (offset >= se->start_page + se->nr_pages) {
			lo = mid + 1;
		} else {
			*sector = se->start_sector +
				  ((sector_t)(offset - se->start_page) << (PAGE_SHIFT - SECTOR_SHIFT));
			return 0;
		}
	}
	return -EINVAL;
}

/**
 * si_swapinfo() - the swap totals for sysinfo(2)
 * @val: totalswap and freeswap are set, in pages
 *
 * An area being swapped off is out of the totals already; its used slots
 * still count as used swap until they are gone.
 *
 * Context: any context that may take a spinlock.
 */
void si_swapinfo(struct sysinfo *val)
{
	unsigned long leaving = 0;
	unsigned int type;

	spin_lock(&swap_lock);
	for (type = 0; type < MAX_SWAPFILES; type++) {
		struct swap_info_struct *si = swap_info[type];

		if (si && (si->flags & SWP_VALID) && !(si->flags & SWP_WRITEOK))
			leaving += READ_ONCE(si->inuse_pages);
	}
	val->totalswap = total_swap_pages + leaving;
	val->freeswap = max(get_nr_swap_pages(), 0L);
	spin_unlock(&swap_lock);
}

/* ------------------------------------------------------------ area life cycle */

/* A swap_info slot for a new area (SWP_USED), or -EPERM when all are taken. */
static struct swap_info_struct *swap_info_get_free(void)
{
	struct swap_info_struct *fresh = kzalloc(sizeof(*fresh), GFP_KERNEL);
	struct swap_info_struct *si = NULL;
	unsigned int type;

	spin_lock(&swap_lock);
	for (type = 0; type < MAX_SWAPFILES; type++) {
		si = swap_info[type];
		if (!si) {
			if (!fresh)
				break;
			si = fresh;
			fresh = NULL;
			spin_lock_init(&si->lock);
			INIT_LIST_HEAD(&si->list);
			si->type = type;
			WRITE_ONCE(swap_info[type], si);
		}
		if (!(si->flags & SWP_USED)) {
			si->flags = SWP_USED;
			break;
		}
		si = NULL;
	}
	spin_unlock(&swap_lock);
	kfree(fresh);
	if (si)
		return si;
	return ERR_PTR(type < MAX_SWAPFILES ? -ENOMEM : -EPERM);
}

static void swap_info_put_free(struct swap_info_struct *si)
{
	spin_lock(&swap_lock);
	si->flags = 0;
	spin_unlock(&swap_lock);
}

/* The map of @max slots: slot 0 and the @nr_bad pages at @bad unusable. */
static int swap_map_setup(struct swap_info_struct *si, unsigned long max, const u8 *bad,
			  unsigned int nr_bad)
{
	unsigned int i;

	si->max = max;
	si->swap_map = vzalloc(max * sizeof(*si->swap_map));
	si->nr_clusters = DIV_ROUND_UP(max, SWAPFILE_CLUSTER);
	si->clusters = vzalloc(si->nr_clusters * sizeof(*si->clusters));
	if (!si->swap_map || !si->clusters)
		return -ENOMEM;
	si->swap_map[0] = SWAP_MAP_BAD;
	for (i = 0; i < nr_bad; i++) {
		u32 page;

		memcpy(&page, bad + 4 * i, 4);
		if (page < max)
			si->swap_map[page] = SWAP_MAP_BAD;
	}
	return 0;
}

static void swap_map_teardown(struct swap_info_struct *si)
{
	vfree(si->swap_map);
	vfree(si->clusters);
	vfree(si->extents);
	si->swap_map = NULL;
	si->clusters = NULL;
	si->extents = NULL;
	si->nr_extents = 0;
	si->max = si->pages = si->inuse_pages = 0;
	/* The next swapon's read-ahead starts afresh (full window). */
	atomic_set(&si->ra_hits, 0);
	si->ra_window = 0;
	si->ra_last_miss = 0;
}

/* Put si on the allocation list by priority; its free slots join the totals. */
static void swap_enable_alloc(struct swap_info_struct *si)
{
	struct swap_info_struct *other;
	struct list_head *before = &swap_active_list;

	list_for_each_entry(other, &swap_active_list, list) {
		if (other->prio < si->prio) {
			before = &other->list;
			break;
		}
	}
	list_add_tail(&si->list, before);
	spin_lock(&si->lock);
	si->flags |= SWP_WRITEOK;
	atomic_long_add(si->pages - si->inuse_pages, &nr_swap_pages);
	total_swap_pages += si->pages;
	spin_unlock(&si->lock);
}

/* Take si off the allocation list and out of the totals.  swap_lock held. */
static void swap_disable_alloc(struct swap_info_struct *si)
{
	list_del_init(&si->list);
	spin_lock(&si->lock);
	si->flags &= ~SWP_WRITEOK;
	atomic_long_sub(si->pages - si->inuse_pages, &nr_swap_pages);
	total_swap_pages -= si->pages;
	spin_unlock(&si->lock);
}

/*
 * The area is set up: give it its priority (@prio < 0: the next default
 * one), make its entries valid and start allocating from it.
 */
static void swap_activate(struct swap_info_struct *si, int prio)
{
	init_completion(&si->drained);
	/* The setup is visible before the pin get_swap_device() takes. */
	smp_wmb();
	atomic_set(&si->users, 1);
	spin_lock(&swap_lock);
	si->auto_prio = prio < 0;
	si->prio = prio < 0 ? --last_auto_prio : prio;
	spin_lock(&si->lock);
	si->flags |= SWP_VALID;
	spin_unlock(&si->lock);
	swap_enable_alloc(si);
	spin_unlock(&swap_lock);
}

/*
 * The swapoff of si minus closing its file: stop allocating, get every
 * used slot back (try_to_unuse()), wait for the pins, free the map.  On
 * failure the area goes back on the list as it was.  swapon_mutex held.
 */
static int swap_deactivate(struct swap_info_struct *si)
{
	struct swap_info_struct *other;
	int err;

	spin_lock(&swap_lock);
	swap_disable_alloc(si);
	spin_unlock(&swap_lock);

	err = try_to_unuse(si->type);
	if (err) {
		spin_lock(&swap_lock);
		swap_enable_alloc(si);
		spin_unlock(&swap_lock);
		return err;
	}

	spin_lock(&swap_lock);
	spin_lock(&si->lock);
	si->flags &= ~SWP_VALID;
	spin_unlock(&si->lock);
	/* Default priorities stay -2, -3, ... without gaps (Linux's numbering). */
	if (si->auto_prio) {
		list_for_each_entry(other, &swap_active_list, list)
			if (other->prio < si->prio)
				other->prio++;
		last_auto_prio++;
	}
	spin_unlock(&swap_lock);

	if (!atomic_dec_and_test(&si->users))
		wait_for_completion(&si->drained);
	swap_map_teardown(si);
	return 0;
}

/* ------------------------------------------------------------ extents */

/* Append a run to si->extents, growing the vmalloc'ed array by doubling. */
static int swap_extent_add(struct swap_info_struct *si, unsigned int *cap, unsigned long page,
			   sector_t sector)
{
	struct swap_extent *se;

	if (si->nr_extents) {
		se = &si->extents[si->nr_extents - 1];
		if (se->start_page + se->nr_pages == page &&
		    se->start_sector + ((sector_t)se->nr_pages << (PAGE_SHIFT - SECTOR_SHIFT)) ==
			    sector) {
			se->nr_pages++;
			return 0;
		}
	}
	if (si->nr_extents == *cap) {
		unsigned int grown = *cap ? *cap * 2 : 64;
		struct swap_extent *bigger = vmalloc(grown * sizeof(*bigger));

		if (!bigger)
			return -ENOMEM;
		if (si->nr_extents)
			memcpy(bigger, si->extents, si->nr_extents * sizeof(*bigger));
		vfree(si->extents);
		si->extents = bigger;
		*cap = grown;
	}
	se = &si->extents[si->nr_extents++];
	se->start_page = page;
	se->nr_pages = 1;
	se->start_sector = sector;
	return 0;
}

int swap_build_extents(struct swap_info_struct *si, unsigned int blkbits, swap_bmap_t bmap,
		       void *ctx, unsigned long *skipped)
{
	unsigned int per_page = 1U << (PAGE_SHIFT - blkbits), cap = 0, k;
	unsigned long page;
	int err;

	*skipped = 0;
	for (page = 1; page < si->max; page++) {
		sector_t first = bmap(ctx, (sector_t)page * per_page);
		bool contiguous = true;

		for (k = 0; first && k < per_page; k++) {
			sector_t b = k ? bmap(ctx, (sector_t)page * per_page + k) : first;

			if (!b) {
				first = 0;
				break;
			}
			if (b != first + k)
				contiguous = false;
		}
		if (!first) {
			pr_warn("swapon: %s: page %lu of the file is a hole\n", si->name, page);
			return -EINVAL;
		}
		if (si->swap_map[page] == SWAP_MAP_BAD)
			continue;
		if (!contiguous) {
			si->swap_map[page] = SWAP_MAP_BAD;
			(*skipped)++;
			continue;
		}
		err = swap_extent_add(si, &cap, page, first << (blkbits - SECTOR_SHIFT));
		if (err)
			return err;
		cond_resched();
	}
	return 0;
}

/* ->bmap of the swap file's mapping, as a swap_bmap_t. */
static sector_t swap_file_bmap(void *ctx, sector_t block)
{
	struct address_space *mapping = ctx;

	return mapping->a_ops->bmap(mapping, block);
}

/* A partition: one extent, slot n at sector 8n. */
static int swap_whole_device_extent(struct swap_info_struct *si)
{
	si->extents = vmalloc(sizeof(*si->extents));
	if (!si->extents)
		return -ENOMEM;
	si->extents[0].start_page = 0;
	si->extents[0].nr_pages = si->max;
	si->extents[0].start_sector = 0;
	si->nr_extents = 1;
	return 0;
}

/* ------------------------------------------------------------ swapon */

/* Little-endian u32 at byte @off of the header page. */
static u32 swh_u32(const u8 *page, unsigned int off)
{
	return (u32)page[off] | (u32)page[off + 1] << 8 | (u32)page[off + 2] << 16 |
	       (u32)page[off + 3] << 24;
}

/*
 * Check page 0 of si's file or device (@pages pages long): the
 * "SWAPSPACE2" signature, version 1, last_page and the bad-page list in
 * range and fitting the medium.  Sets *@max to the slots the area gets.
 */
static int swap_check_header(struct swap_info_struct *si, const u8 *page, unsigned long pages,
			     unsigned long *max)
{
	u32 version, last, nr_bad, i;

	if (!memcmp(page + SWH_MAGIC, "SWAP-SPACE", 10)) {
		pr_warn("swapon: %s: old (version 0) swap area; run mkswap again\n", si->name);
		return -EINVAL;
	}
	if (memcmp(page + SWH_MAGIC, "SWAPSPACE2", 10)) {
		pr_warn("swapon: %s: no swap signature (SWAPSPACE2)\n", si->name);
		return -EINVAL;
	}
	version = swh_u32(page, SWH_VERSION);
	last = swh_u32(page, SWH_LAST_PAGE);
	nr_bad = swh_u32(page, SWH_NR_BADPAGES);
	if (version != 1) {
		pr_warn("swapon: %s: header version %u (only 1 is known)\n", si->name, version);
		return -EINVAL;
	}
	if (!last) {
		pr_warn("swapon: %s: the header leaves no page to swap to\n", si->name);
		return -EINVAL;
	}
	if ((unsigned long)last + 1 > pages) {
		pr_warn("swapon: %s: header says %lu pages, only %lu are there\n", si->name,
			(unsigned long)last + 1, pages);
		return -EINVAL;
	}
	if (nr_bad > SWH_MAX_BADPAGES) {
		pr_warn("swapon: %s: %u bad pages listed, a header holds %lu\n", si->name, nr_bad,
			(unsigned long)SWH_MAX_BADPAGES);
		return -EINVAL;
	}
	if (nr_bad && !(si->flags & SWP_BLKDEV)) {
		pr_warn("swapon: %s: a swap file cannot have bad pages\n", si->name);
		return -EINVAL;
	}
	for (i = 0; i < nr_bad; i++) {
		u32 bad = swh_u32(page, SWH_BADPAGES + 4 * i);

		if (!bad || bad > last) {
			pr_warn("swapon: %s: bad page %u outside 1..%u\n", si->name, bad, last);
			return -EINVAL;
		}
	}
	*max = min((unsigned long)last + 1, swp_max_offset() + 1);
	return 0;
}

/*
 * Make si's file usable: a block device is claimed exclusively (EBUSY if
 * mounted or already swap), a regular file must have ->bmap and not be
 * swap already.  The inode is locked on success.  @pages: its size.
 */
static int swap_claim(struct swap_info_struct *si, unsigned long *pages)
{
	struct inode *inode = si->swap_file->f_mapping->host;
	struct block_device *bdev;
	umode_t mode = file_inode(si->swap_file)->i_mode;

	if (S_ISBLK(mode)) {
		bdev = blkdev_get_by_dev(file_inode(si->swap_file)->i_rdev,
					 FMODE_READ | FMODE_WRITE | FMODE_EXCL, si);
		if (IS_ERR(bdev))
			return PTR_ERR(bdev);
		si->bdev = bdev;
		si->flags |= SWP_BLKDEV;
		*pages = bdev_nr_bytes(bdev) >> PAGE_SHIFT;
		inode_lock(inode);
		return 0;
	}
	if (!S_ISREG(mode))
		return -EINVAL;
	if (!inode->i_mapping->a_ops->bmap || !inode->i_sb->s_bdev) {
		pr_warn("swapon: %s: its file system cannot map blocks for swap\n", si->name);
		return -EINVAL;
	}
	/* On the disk before mapping: bmap must see the allocated blocks. */
	vfs_fsync(si->swap_file, 0);
	inode_lock(inode);
	if (IS_SWAPFILE(inode)) {
		inode_unlock(inode);
		return -EBUSY;
	}
	si->bdev = inode->i_sb->s_bdev;
	*pages = i_size_read(inode) >> PAGE_SHIFT;
	return 0;
}

static void swap_unclaim(struct swap_info_struct *si)
{
	if (si->flags & SWP_BLKDEV)
		blkdev_put(si->bdev, FMODE_READ | FMODE_WRITE | FMODE_EXCL);
	si->bdev = NULL;
}

/* Read the header page and build the map and extents; the inode is locked. */
static int swap_setup(struct swap_info_struct *si, unsigned long pages)
{
	struct inode *inode = si->swap_file->f_mapping->host;
	unsigned long max, skipped = 0;
	loff_t pos = 0;
	u8 *page;
	int err;

	page = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	err = kernel_read(si->swap_file, page, PAGE_SIZE, &pos);
	if (err >= 0 && err < PAGE_SIZE) {
		pr_warn("swapon: %s: shorter than one page\n", si->name);
		err = -EINVAL;
	}
	if (err >= 0)
		err = swap_check_header(si, page, pages, &max);
	if (!err)
		err = swap_map_setup(si, max, page + SWH_BADPAGES,
				     swh_u32(page, SWH_NR_BADPAGES));
	kfree(page);
	if (err)
		return err;
	if (si->flags & SWP_BLKDEV) {
		/* Dirty cached blocks of the device must not land on slots later. */
		sync_blockdev(si->bdev);
		err = swap_whole_device_extent(si);
	} else {
		err = swap_build_extents(si, inode->i_blkbits, swap_file_bmap, inode->i_mapping,
					 &skipped);
	}
	if (err)
		return err;
	swap_clusters_setup(si);
	if (!si->pages) {
		pr_warn("swapon: %s: no usable page\n", si->name);
		return -EINVAL;
	}
	if (skipped)
		pr_info("swapon: %s: %lu page(s) not contiguous on disk, left unused\n", si->name,
			skipped);
	return 0;
}

/* The path of f for messages: d_path, or "?" if it cannot be had. */
static char *swap_name(struct file *f)
{
	char *buf = kmalloc(PATH_MAX, GFP_KERNEL), *p, *name;

	if (!buf)
		return NULL;
	p = d_path(&f->f_path, buf, PATH_MAX);
	name = kstrdup(IS_ERR(p) ? "?" : p, GFP_KERNEL);
	kfree(buf);
	return name;
}

static int do_swapon(const char *path, int flags)
{
	struct swap_info_struct *si;
	struct inode *inode;
	unsigned long pages;
	int err;

	si = swap_info_get_free();
	if (IS_ERR(si))
		return PTR_ERR(si);
	si->swap_file = filp_open(path, O_RDWR | O_LARGEFILE, 0);
	if (IS_ERR(si->swap_file)) {
		err = PTR_ERR(si->swap_file);
		si->swap_file = NULL;
		goto out_free;
	}
	si->name = swap_name(si->swap_file);
	err = si->name ? swap_claim(si, &pages) : -ENOMEM;
	if (err)
		goto out_close;
	inode = si->swap_file->f_mapping->host;
	err = swap_setup(si, pages);
	if (err)
		goto out_unlock;
	if (flags & (SWAP_FLAG_DISCARD | SWAP_FLAG_DISCARD_ONCE | SWAP_FLAG_DISCARD_PAGES))
		si->flags |= SWP_DISCARD;
	inode->i_flags |= S_SWAPFILE;
	inode_unlock(inode);
	swap_activate(si, flags & SWAP_FLAG_PREFER ? flags & SWAP_FLAG_PRIO_MASK : -1);
	pr_info("swapon: %s: %lu KiB, priority %d, %u extent%s%s\n", si->name,
		si->pages << (PAGE_SHIFT - 10), si->prio, si->nr_extents,
		si->nr_extents == 1 ? "" : "s", si->flags & SWP_DISCARD ? ", discard (a no-op)" : "");
	return 0;

out_unlock:
	inode_unlock(inode);
	swap_map_teardown(si);
	swap_unclaim(si);
out_close:
	filp_close(si->swap_file, NULL);
	si->swap_file = NULL;
	kfree(si->name);
	si->name = NULL;
out_free:
	swap_info_put_free(si);
	return err;
}

SYSCALL_DEFINE2(swapon, const char *, specialfile, int, swap_flags)
{
	struct filename *name;
	int err;

	if (swap_flags & ~SWAP_FLAGS_VALID)
		return -EINVAL;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	name = getname(specialfile);
	if (IS_ERR(name))
		return PTR_ERR(name);
	mutex_lock(&swapon_mutex);
	err = do_swapon(name->name, swap_flags);
	mutex_unlock(&swapon_mutex);
	putname(name);
	return err;
}

/* ------------------------------------------------------------ swapoff */

/* The active area whose file or device @mapping is.  swapon_mutex held. */
static struct swap_info_struct *swap_find(struct address_space *mapping)
{
	unsigned int type;

	for (type = 0; type < MAX_SWAPFILES; type++) {
		struct swap_info_struct *si = swap_info[type];

		if (si && (si->flags & SWP_VALID) && si->swap_file &&
		    si->swap_file->f_mapping == mapping)
			return si;
	}
	return NULL;
}

/* After swap_deactivate(): let go of the file or device. */
static void swap_release(struct swap_info_struct *si)
{
	struct inode *inode = si->swap_file->f_mapping->host;

	inode_lock(inode);
	inode->i_flags &= ~S_SWAPFILE;
	inode_unlock(inode);
	/* What reads of the file or device cached before is stale now. */
	if (si->flags & SWP_BLKDEV)
		invalidate_bdev(si->bdev);
	else
		invalidate_mapping_pages(inode->i_mapping, 0, -1);
	swap_unclaim(si);
	filp_close(si->swap_file, NULL);
	si->swap_file = NULL;
	kfree(si->name);
	si->name = NULL;
	swap_info_put_free(si);
}

SYSCALL_DEFINE1(swapoff, const char *, specialfile)
{
	struct swap_info_struct *si;
	struct filename *name;
	struct file *victim;
	int err;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	name = getname(specialfile);
	if (IS_ERR(name))
		return PTR_ERR(name);
	victim = filp_open(name->name, O_RDWR | O_LARGEFILE, 0);
	putname(name);
	if (IS_ERR(victim))
		return PTR_ERR(victim);
	mutex_lock(&swapon_mutex);
	si = swap_find(victim->f_mapping);
	err = si ? swap_deactivate(si) : -EINVAL;
	if (!err) {
		pr_info("swapoff: %s\n", si->name);
		swap_release(si);
	}
	mutex_unlock(&swapon_mutex);
	filp_close(victim, NULL);
	return err;
}

/* ------------------------------------------------------------ self-test areas */

#ifdef CONFIG_SELFTESTS
struct swap_info_struct *swap_test_area_add(unsigned long slots, int prio,
					    const unsigned long *bad, unsigned int nr_bad,
					    struct block_device *bdev,
					    const struct swap_extent *ext, unsigned int nr_ext)
{
	struct swap_info_struct *si = swap_info_get_free();
	unsigned int i;
	int err;

	if (IS_ERR(si))
		return si;
	mutex_lock(&swapon_mutex);
	si->name = kstrdup("(self test)", GFP_KERNEL);
	err = si->name ? swap_map_setup(si, slots, NULL, 0) : -ENOMEM;
	if (!err && nr_ext) {
		si->extents = vmalloc(nr_ext * sizeof(*ext));
		err = si->extents ? 0 : -ENOMEM;
	}
	if (err) {
		swap_map_teardown(si);
		kfree(si->name);
		si->name = NULL;
		mutex_unlock(&swapon_mutex);
		swap_info_put_free(si);
		return ERR_PTR(err);
	}
	if (nr_ext)
		memcpy(si->extents, ext, nr_ext * sizeof(*ext));
	si->nr_extents = nr_ext;
	si->bdev = bdev;
	for (i = 0; i < nr_bad; i++)
		if (bad[i] < slots)
			si->swap_map[bad[i]] = SWAP_MAP_BAD;
	swap_clusters_setup(si);
	swap_activate(si, prio);
	mutex_unlock(&swapon_mutex);
	return si;
}

int swap_test_area_remove(struct swap_info_struct *si)
{
	int err;

	mutex_lock(&swapon_mutex);
	err = swap_deactivate(si);
	if (!err) {
		si->bdev = NULL;
		kfree(si->name);
		si->name = NULL;
		swap_info_put_free(si);
	}
	mutex_unlock(&swapon_mutex);
	return err;
}
#endif

/* ------------------------------------------------------------ /proc/swaps */

/*
 * Linux's layout (proc(5)): a header, then per area the path (blanks,
 * tabs, newlines and backslashes octal-escaped) padded to 40 columns,
 * the type, size and used in KiB and the priority, tab-separated, with an
 * extra tab after the type "file" and after numbers of fewer than 8
 * digits so the columns line up.
 */
static void swaps_show_area(struct seq_file *m, struct swap_info_struct *si, char *buf)
{
	char *path = d_path(&si->swap_file->f_path, buf, PATH_MAX);
	unsigned long size = si->pages << (PAGE_SHIFT - 10);
	unsigned long used = READ_ONCE(si->inuse_pages) << (PAGE_SHIFT - 10);
	size_t start = m->count, len;

	seq_escape_str(m, IS_ERR(path) ? "?" : path, " \t\n\\");
	len = m->count - start;
	seq_printf(m, "%*s%s\t%lu\t%s%lu\t%s%d\n", len < 40 ? (int)(40 - len) : 1, "",
		   si->flags & SWP_BLKDEV ? "partition" : "file\t", size,
		   size < 10000000 ? "\t" : "", used, used < 10000000 ? "\t" : "", si->prio);
}

static int swaps_proc_show(struct seq_file *m, void *v)
{
	char *buf = kmalloc(PATH_MAX, GFP_KERNEL);
	unsigned int type;

	if (!buf)
		return -ENOMEM;
	seq_puts(m, "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n");
	mutex_lock(&swapon_mutex);
	for (type = 0; type < MAX_SWAPFILES; type++) {
		struct swap_info_struct *si = swap_info[type];

		if (si && (si->flags & SWP_VALID) && si->swap_file)
			swaps_show_area(m, si, buf);
	}
	mutex_unlock(&swapon_mutex);
	kfree(buf);
	return 0;
}

static int __init swapfile_init(void)
{
	proc_create_single("swaps", 0, NULL, swaps_proc_show);
	return 0;
}
fs_initcall(swapfile_init);
