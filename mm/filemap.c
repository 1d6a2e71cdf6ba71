// SPDX-License-Identifier: GPL-2.0-only
/*
 * The page cache: each file's pages in a radix tree of its address_space,
 * indexed by page offset (<linux/pagemap.h>).
 *
 * Interface: find_get_page() and the gang lookups, pagecache_get_page()
 * (find_lock_page(), find_or_create_page(), grab_cache_page_write_begin()),
 * add_to_page_cache(_lru)(), delete_from_page_cache(), read_cache_page(),
 * the page lock (lock_page()/unlock_page()) and the writeback bit
 * (set_page_writeback()/end_page_writeback()/wait_on_page_writeback()).
 * filemap_fdatawrite()/filemap_fdatawait_range() and the fsync error
 * reporting (file_write_and_wait_range()) are here too.  The generic
 * read and write paths are in mm/filemap_rw.c, truncation in
 * mm/truncate.c, read-ahead in mm/readahead.c.
 *
 * Locking.
 *   mapping->i_pages_lock (irq-safe: tags change from I/O completion)
 *	serialises every change to i_pages (insert, delete, tags) and
 *	nrpages.  Lookups do not take it.
 *   The page lock (PG_locked) keeps page->mapping and page->index stable
 *	and serialises reading a page in, truncating it and starting its
 *	writeback.  Waiters sleep on hashed wait queues (wait_on_bit_lock()
 *	on page->flags), so struct page carries no wait queue.
 *   PG_writeback is held from set_page_writeback() to
 *	end_page_writeback(); truncation and fsync wait for it to clear.
 *
 * Lockless lookup (find_get_page() and the gang lookups; see also
 * Documentation/mm/pagecache.md):
 *
 *	rcu_read_lock();
 *   again:
 *	page = radix_tree_lookup(&mapping->i_pages, index);
 *	if (page) {
 *		if (!get_page_unless_zero(page))	// being freed
 *			goto again;
 *		if (page != radix_tree_lookup(&mapping->i_pages, index)) {
 *			put_page(page);			// moved or reused
 *			goto again;
 *		}
 *	}
 *	rcu_read_unlock();
 *
 * RCU keeps the tree's nodes alive while the reader walks them
 * (lib/radix-tree.c frees them after a grace period).  It does not keep
 * the page: struct pages are never freed (<linux/mm_types.h>), but a
 * page can be removed from the cache, freed and reused for anything
 * between the reader's load of the slot and its get_page_unless_zero().
 * The reference is therefore speculative until the second load shows
 * the same page still in the slot.  The rules that make this sound:
 *
 *   1. Insertion sets page->mapping, page->index and the page's flags
 *	(PG_locked for a page about to be read) and takes the cache's
 *	reference before radix_tree_insert() publishes the pointer with a
 *	release store.  A reader that loads the pointer therefore sees an
 *	initialised page.
 *   2. get_page_unless_zero() is a locked RMW, a full barrier on x86: the
 *	re-load of the slot cannot be satisfied before the reference is
 *	taken.  It fails on a free page (count 0), so a page on its way
 *	back to the allocator is never pinned.
 *   3. Removal stores NULL in the slot (under i_pages_lock) before it
 *	drops the cache's reference.  If the order were reversed, the page
 *	could be freed and reused while the slot still pointed at it, and a
 *	reader could pin the reused page and find it "still" in the slot.
 *	With this order, any reader that pins the page after the slot was
 *	cleared sees the change on its re-load and lets go.
 *   4. A reader that will use page->mapping or page->index after sleeping
 *	(lock_page()) re-checks them under the page lock: truncation may
 *	have removed the page in between.
 * A gang lookup is not an atomic snapshot of the file: each page it
 * returns was in its slot at some moment during the call.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/radix-tree.h>
#include <linux/rcupdate.h>
#include <linux/wait_bit.h>
#include <linux/swap.h>
#include <linux/vmstat.h>
#include <linux/stat.h>
#include <linux/backing-dev.h>
#include <linux/writeback.h>
#include <linux/errseq.h>
#include "internal.h"

/* Pages of block-device mappings in the cache (/proc/meminfo Buffers). */
static atomic_long_t nr_bdev_pages;

unsigned long nr_blockdev_pages(void)
{
	long n = atomic_long_read(&nr_bdev_pages);

	return n < 0 ? 0 : n;
}

/*
 * Once per object (an inode's i_data from the inode cache's constructor):
 * locks and containers, then an empty cache that takes pages from any
 * zone.  ->host, ->a_ops and ->wb_err are left to the owner.
 */
void address_space_init_once(struct address_space *mapping)
{
	spin_lock_init(&mapping->i_pages_lock);
	spin_lock_init(&mapping->private_lock);
	init_rwsem(&mapping->i_mmap_rwsem);
	INIT_RADIX_TREE(&mapping->i_pages, GFP_ATOMIC);
	INIT_LIST_HEAD(&mapping->private_list);
	mapping->i_mmap = RB_ROOT;

	mapping->nrpages = mapping->writeback_index = mapping->flags = 0;
	mapping->private_data = NULL;
	mapping->gfp_mask = GFP_HIGHUSER_MOVABLE;
}

static bool mapping_is_bdev(struct address_space *mapping)
{
	return mapping->host && S_ISBLK(mapping->host->i_mode);
}

/* ------------------------------------------------------------ lookup */

struct page *find_get_page(struct address_space *mapping, pgoff_t index)
{
	struct page *page;

	rcu_read_lock();
again:
	page = radix_tree_lookup(&mapping->i_pages, index);
	if (page) {
		if (!get_page_unless_zero(page))
			goto again;
		if (unlikely(page != radix_tree_lookup(&mapping->i_pages, index))) {
			put_page(page);
			goto again;
		}
	}
	rcu_read_unlock();
	return page;
}

/* Items a gang lookup fetches from the tree per pass. */
#define GANG_BATCH	16

/*
 * The work of the gang lookups: up to nr referenced pages at indices in
 * [start, end], in index order; with tag >= 0 only pages so tagged; with
 * contig, stopping at the first hole.  *next is set to the index after
 * the last page returned (0 if that was the last index possible).
 */
static unsigned int gang_get_pages(struct address_space *mapping, pgoff_t start,
				   pgoff_t end, unsigned int nr, struct page **pages,
				   int tag, bool contig, pgoff_t *next)
{
	unsigned long indices[GANG_BATCH];
	void *items[GANG_BATCH];
	pgoff_t index = start;
	unsigned int ret = 0;
	bool wrapped = false;

	rcu_read_lock();
	while (ret < nr && !wrapped) {
		unsigned int want = min_t(unsigned int, GANG_BATCH, nr - ret);
		unsigned int n, i;

		if (tag >= 0)
			n = radix_tree_gang_lookup_tag(&mapping->i_pages, items, indices,
						       index, want, tag);
		else
			n = radix_tree_gang_lookup(&mapping->i_pages, items, indices, index,
						   want);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct page *page = items[i];

			if (indices[i] > end || (contig && indices[i] != index))
				goto out;
			if (!get_page_unless_zero(page))
				break;		/* look at this index again */
			if (unlikely(page != radix_tree_lookup(&mapping->i_pages, indices[i]))) {
				put_page(page);
				break;
			}
			pages[ret++] = page;
			index = indices[i] + 1;
			if (!index) {
				wrapped = true;
				break;
			}
		}
		/* A lost race at indices[i]: resume there (index is already there). */
		if (i < n && !wrapped && indices[i] > index)
			index = indices[i];
		if (i == n && n < want)
			break;
	}
out:
	rcu_read_unlock();
	*next = index;
	return ret;
}

unsigned int find_get_pages(struct address_space *mapping, pgoff_t start,
			    unsigned int nr, struct page **pages)
{
	pgoff_t next;

	return gang_get_pages(mapping, start, ULONG_MAX, nr, pages, -1, false, &next);
}

unsigned int find_get_pages_contig(struct address_space *mapping, pgoff_t index,
				   unsigned int nr_pages, struct page **pages)
{
	pgoff_t next;

	return gang_get_pages(mapping, index, ULONG_MAX, nr_pages, pages, -1, true, &next);
}

unsigned int find_get_pages_range_tag(struct address_space *mapping, pgoff_t *index,
				      pgoff_t end, int tag, unsigned int nr_pages,
				      struct page **pages)
{
	unsigned int ret;
	pgoff_t next;

	if (*index > end)
		return 0;
	ret = gang_get_pages(mapping, *index, end, nr_pages, pages, tag, false, &next);
	/*
	 * A full batch resumes after its last page; anything less means the
	 * range holds no more tagged pages.
	 */
	if (ret == nr_pages && next)
		*index = next;
	else
		*index = end == ULONG_MAX ? ULONG_MAX : end + 1;
	return ret;
}

bool mapping_tagged(struct address_space *mapping, int tag)
{
	return radix_tree_tagged(&mapping->i_pages, tag);
}

pgoff_t page_cache_next_miss(struct address_space *mapping, pgoff_t index)
{
	unsigned long indices[GANG_BATCH];
	void *items[GANG_BATCH];
	unsigned int n;

	rcu_read_lock();
	for (;;) {
		n = radix_tree_gang_lookup(&mapping->i_pages, items, indices, index, GANG_BATCH);
		for (unsigned int i = 0; i < n; i++) {
			if (indices[i] != index)
				goto out;
			if (index == ULONG_MAX)
				goto out;
			index++;
		}
		if (n < GANG_BATCH)
			break;
	}
out:
	rcu_read_unlock();
	return index;
}

/* ------------------------------------------------------------ insert and remove */

/* The gfp bits that matter to the tree's node allocations. */
#define GFP_TREE_MASK	(__GFP_HIGH | __GFP_RECLAIM | __GFP_IO | __GFP_FS | \
			 __GFP_NOWARN | __GFP_NORETRY | __GFP_NOFAIL)

int add_to_page_cache(struct page *page, struct address_space *mapping, pgoff_t index,
		      gfp_t gfp)
{
	unsigned long flags;
	int err;

	VM_BUG_ON_PAGE(page->mapping, page);
	err = radix_tree_preload(gfp & GFP_TREE_MASK);
	if (err)
		return err;
	/* Rule 1: everything a reader may look at, before the pointer is published. */
	get_page(page);
	page->mapping = mapping;
	page->index = index;
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	err = radix_tree_insert(&mapping->i_pages, index, page);
	if (!err) {
		mapping->nrpages++;
		__mod_node_page_state(page_pgdat(page), NR_FILE_PAGES, 1);
		if (mapping_is_bdev(mapping))
			atomic_long_inc(&nr_bdev_pages);
	}
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	radix_tree_preload_end();
	if (err) {
		page->mapping = NULL;
		put_page(page);
	}
	return err;
}

int add_to_page_cache_lru(struct page *page, struct address_space *mapping, pgoff_t index,
			  gfp_t gfp)
{
	/* Linux callers pass an unlocked page and get it back locked. */
	bool locked_here = !PageLocked(page);
	int err;

	if (locked_here)
		__SetPageLocked(page);
	err = add_to_page_cache(page, mapping, index, gfp);
	if (err) {
		if (locked_here)
			__ClearPageLocked(page);
		return err;
	}
	lru_cache_add(page);
	return 0;
}

/*
 * Take page out of its mapping.  i_pages_lock held, irqs off.  The
 * cache's reference is the caller's to drop, after the unlock (rule 3:
 * the slot is already empty by then).
 */
void __delete_from_page_cache(struct page *page)
{
	struct address_space *mapping = page->mapping;
	void *old;

	old = radix_tree_delete(&mapping->i_pages, page->index);
	WARN_ON(old != page);
	WRITE_ONCE(page->mapping, NULL);
	mapping->nrpages--;
	__mod_node_page_state(page_pgdat(page), NR_FILE_PAGES, -1);
	if (mapping_is_bdev(mapping))
		atomic_long_dec(&nr_bdev_pages);
}

void delete_from_page_cache(struct page *page)
{
	struct address_space *mapping = page->mapping;
	unsigned long flags;

	if (WARN_ON(!mapping))
		return;
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	__delete_from_page_cache(page);
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	put_page(page);
}

/*
 * Remove a locked, clean page that nobody else uses: the cache's
 * reference plus refs - 1 held by the caller, nothing more.  Freezing the
 * count at zero under i_pages_lock shuts out lookups (their
 * get_page_unless_zero() fails until the slot is empty), so no one can
 * pick the page up while it goes.  Returns 1 if removed (the caller
 * still holds its refs - 1 references), 0 if the page was busy or dirty.
 */
int __remove_mapping(struct address_space *mapping, struct page *page, int refs)
{
	unsigned long flags;

	VM_BUG_ON_PAGE(!PageLocked(page), page);
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	if (!page_ref_freeze(page, refs))
		goto busy;
	if (unlikely(PageDirty(page) || page->mapping != mapping)) {
		page_ref_unfreeze(page, refs);
		goto busy;
	}
	__delete_from_page_cache(page);
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	/* The cache's reference went with the slot. */
	page_ref_unfreeze(page, refs - 1);
	return 1;
busy:
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	return 0;
}

/* ------------------------------------------------------------ page lock */

void __lock_page(struct page *page)
{
	out_of_line_wait_on_bit_lock(&page->flags, PG_locked, TASK_UNINTERRUPTIBLE);
}

int __lock_page_killable(struct page *page)
{
	return out_of_line_wait_on_bit_lock(&page->flags, PG_locked, TASK_KILLABLE);
}

void unlock_page(struct page *page)
{
	VM_BUG_ON_PAGE(!PageLocked(page), page);
	clear_and_wake_up_bit(PG_locked, &page->flags);
}

void wait_on_page_locked(struct page *page)
{
	wait_on_bit(&page->flags, PG_locked, TASK_UNINTERRUPTIBLE);
}

/* ------------------------------------------------------------ writeback bit */

bool set_page_writeback(struct page *page)
{
	struct address_space *mapping = page_mapping_file(page);
	unsigned long flags;
	bool was;

	if (!mapping)
		return !TestSetPageWriteback(page);
	spin_lock_irqsave(&mapping->i_pages_lock, flags);
	was = TestSetPageWriteback(page);
	if (!was) {
		struct radix_tree_root *tree = &mapping->i_pages;

		radix_tree_tag_set(tree, page->index, PAGECACHE_TAG_WRITEBACK);
		/* clear_page_dirty_for_io() left the DIRTY tag for us to drop. */
		if (!PageDirty(page))
			radix_tree_tag_clear(tree, page->index, PAGECACHE_TAG_DIRTY);
		radix_tree_tag_clear(tree, page->index, PAGECACHE_TAG_TOWRITE);
		__mod_node_page_state(page_pgdat(page), NR_WRITEBACK, 1);
		__mod_zone_page_state(page_zone(page), NR_ZONE_WRITE_PENDING, 1);
	}
	spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	if (!was)
		account_page_writeback_start(page);
	return !was;
}

void end_page_writeback(struct page *page)
{
	struct address_space *mapping = page_mapping_file(page);
	unsigned long flags;
	bool was;

	/* Reclaim wanted this page: let the next scan find it first. */
	if (PageReclaim(page)) {
		ClearPageReclaim(page);
		rotate_reclaimable_page(page);
	}
	if (mapping) {
		/* The bdi's counts first: the page may be freed once the bit is clear. */
		if (PageWriteback(page))
			account_page_writeback_end(page);
		spin_lock_irqsave(&mapping->i_pages_lock, flags);
		was = TestClearPageWriteback(page);
		if (was) {
			radix_tree_tag_clear(&mapping->i_pages, page->index,
					     PAGECACHE_TAG_WRITEBACK);
			__mod_node_page_state(page_pgdat(page), NR_WRITEBACK, -1);
			__mod_zone_page_state(page_zone(page), NR_ZONE_WRITE_PENDING, -1);
		}
		spin_unlock_irqrestore(&mapping->i_pages_lock, flags);
	} else {
		was = TestClearPageWriteback(page);
	}
	if (WARN_ON_ONCE(!was))
		return;
	/* test_and_clear_bit is a full barrier: waiters see the bit clear. */
	wake_up_bit(&page->flags, PG_writeback);
}

void wait_on_page_writeback(struct page *page)
{
	while (PageWriteback(page))
		wait_on_bit(&page->flags, PG_writeback, TASK_UNINTERRUPTIBLE);
}

/* ------------------------------------------------------------ get or create */

struct page *pagecache_get_page(struct address_space *mapping, pgoff_t index, int fgp_flags,
				gfp_t gfp)
{
	struct page *page;
	int err;

repeat:
	page = find_get_page(mapping, index);
	if (page) {
		if (fgp_flags & FGP_LOCK) {
			if (fgp_flags & FGP_NOWAIT) {
				if (!trylock_page(page)) {
					put_page(page);
					return NULL;
				}
			} else {
				lock_page(page);
			}
			/* Rule 4: truncated while we slept for the lock? */
			if (unlikely(page->mapping != mapping)) {
				unlock_page(page);
				put_page(page);
				goto repeat;
			}
			VM_BUG_ON_PAGE(page->index != index, page);
		}
		if (fgp_flags & FGP_ACCESSED)
			mark_page_accessed(page);
		return page;
	}
	if (!(fgp_flags & FGP_CREAT))
		return NULL;
	if (fgp_flags & FGP_NOFS)
		gfp &= ~__GFP_FS;
	page = alloc_page(gfp);
	if (!page)
		return NULL;
	if (fgp_flags & FGP_ACCESSED)
		__SetPageReferenced(page);
	__SetPageLocked(page);
	err = add_to_page_cache_lru(page, mapping, index, gfp);
	if (unlikely(err)) {
		__ClearPageLocked(page);
		put_page(page);
		if (err == -EEXIST)
			goto repeat;
		return NULL;
	}
	if (!(fgp_flags & FGP_LOCK))
		unlock_page(page);
	return page;
}

struct page *grab_cache_page_write_begin(struct address_space *mapping, pgoff_t index,
					 unsigned int flags)
{
	int fgp = FGP_LOCK | FGP_WRITE | FGP_CREAT;

	if (flags & AOP_FLAG_NOFS)
		fgp |= FGP_NOFS;
	return pagecache_get_page(mapping, index, fgp, mapping_gfp_mask(mapping));
}

/*
 * Bring a locked, !uptodate page up to date with filler (or ->readpage)
 * and wait for it.  The filler unlocks the page, now or when the read
 * completes.  A mapping with neither (a memory file system) has holes
 * that read as zeros.
 */
static int fill_page(struct address_space *mapping, struct page *page,
		     int (*filler)(void *data, struct page *page), void *data)
{
	int err;

	if (!filler && !(mapping->a_ops && mapping->a_ops->readpage)) {
		memset(page_address(page), 0, PAGE_SIZE);
		SetPageUptodate(page);
		unlock_page(page);
		return 0;
	}
	ClearPageError(page);
	if (filler)
		err = filler(data, page);
	else
		err = mapping->a_ops->readpage(data, page);
	if (err < 0)
		return err;
	wait_on_page_locked(page);
	return PageUptodate(page) ? 0 : -EIO;
}

struct page *read_cache_page(struct address_space *mapping, pgoff_t index,
			     int (*filler)(void *data, struct page *page), void *data)
{
	gfp_t gfp = mapping_gfp_mask(mapping);
	struct page *page;
	int err;

repeat:
	page = find_get_page(mapping, index);
	if (!page) {
		page = alloc_page(gfp);
		if (!page)
			return ERR_PTR(-ENOMEM);
		__SetPageLocked(page);
		err = add_to_page_cache_lru(page, mapping, index, gfp);
		if (unlikely(err)) {
			__ClearPageLocked(page);
			put_page(page);
			if (err == -EEXIST)
				goto repeat;
			return ERR_PTR(err);
		}
		goto fill;
	}
	if (PageUptodate(page))
		goto out;
	lock_page(page);
	if (!page->mapping) {
		/* Truncated while we waited. */
		unlock_page(page);
		put_page(page);
		goto repeat;
	}
	if (PageUptodate(page)) {
		unlock_page(page);
		goto out;
	}
fill:
	err = fill_page(mapping, page, filler, data);
	if (err) {
		put_page(page);
		return ERR_PTR(err);
	}
out:
	mark_page_accessed(page);
	return page;
}

/* ------------------------------------------------------------ write back and wait */

static int __filemap_fdatawrite_range(struct address_space *mapping, loff_t start,
				      loff_t end, enum writeback_sync_modes sync_mode)
{
	struct writeback_control wbc = {
		.sync_mode = sync_mode,
		.nr_to_write = LONG_MAX,
		.range_start = start,
		.range_end = end,
	};

	if (!mapping_can_writeback(mapping) || !mapping_tagged(mapping, PAGECACHE_TAG_DIRTY))
		return 0;
	return do_writepages(mapping, &wbc);
}

int filemap_fdatawrite(struct address_space *mapping)
{
	return __filemap_fdatawrite_range(mapping, 0, LLONG_MAX, WB_SYNC_ALL);
}

int filemap_fdatawrite_range(struct address_space *mapping, loff_t start, loff_t end)
{
	return __filemap_fdatawrite_range(mapping, start, end, WB_SYNC_ALL);
}

int filemap_flush(struct address_space *mapping)
{
	return __filemap_fdatawrite_range(mapping, 0, LLONG_MAX, WB_SYNC_NONE);
}

/* Pages fetched per batch while waiting for writeback. */
#define WAIT_BATCH	16

/* Wait for every page in the byte range that was under writeback when we looked. */
static void __filemap_fdatawait_range(struct address_space *mapping, loff_t start_byte,
				      loff_t end_byte)
{
	pgoff_t index = start_byte >> PAGE_SHIFT;
	pgoff_t end = end_byte >> PAGE_SHIFT;
	struct page *pages[WAIT_BATCH];
	unsigned int n;

	if (end_byte < start_byte)
		return;
	while (index <= end) {
		n = find_get_pages_range_tag(mapping, &index, end, PAGECACHE_TAG_WRITEBACK,
					     WAIT_BATCH, pages);
		if (!n)
			break;
		for (unsigned int i = 0; i < n; i++) {
			wait_on_page_writeback(pages[i]);
			put_page(pages[i]);
		}
		cond_resched();
	}
}

int filemap_check_errors(struct address_space *mapping)
{
	int ret = 0;

	/* Cheap unlocked tests first: the bits are rarely set. */
	if (test_bit(AS_ENOSPC, &mapping->flags) && test_and_clear_bit(AS_ENOSPC, &mapping->flags))
		ret = -ENOSPC;
	if (test_bit(AS_EIO, &mapping->flags) && test_and_clear_bit(AS_EIO, &mapping->flags))
		ret = -EIO;
	return ret;
}

int filemap_fdatawait_range(struct address_space *mapping, loff_t start, loff_t end)
{
	__filemap_fdatawait_range(mapping, start, end);
	return filemap_check_errors(mapping);
}

int filemap_write_and_wait_range(struct address_space *mapping, loff_t start, loff_t end)
{
	int err = 0, err2;

	if (mapping->nrpages) {
		err = __filemap_fdatawrite_range(mapping, start, end, WB_SYNC_ALL);
		/* -EIO from writepages means the device is gone: don't wait on it. */
		if (err != -EIO)
			__filemap_fdatawait_range(mapping, start, end);
	}
	err2 = filemap_check_errors(mapping);
	return err ? err : err2;
}

int file_check_and_advance_wb_err(struct file *file)
{
	struct address_space *mapping = file->f_mapping;
	errseq_t old = READ_ONCE(file->f_wb_err);
	int err = 0;

	if (errseq_check(&mapping->wb_err, old)) {
		/* Several fsyncs of one file may race to report: serialise on f_lock. */
		spin_lock(&file->f_lock);
		err = errseq_check_and_advance(&mapping->wb_err, &file->f_wb_err);
		spin_unlock(&file->f_lock);
	}
	/*
	 * The errseq is what reports; drop the legacy AS_* bits so a later
	 * filemap_check_errors() does not report the same error again.
	 */
	clear_bit(AS_EIO, &mapping->flags);
	clear_bit(AS_ENOSPC, &mapping->flags);
	return err;
}

int file_write_and_wait_range(struct file *file, loff_t start, loff_t end)
{
	struct address_space *mapping = file->f_mapping;
	int err = 0, err2;

	if (mapping->nrpages) {
		err = __filemap_fdatawrite_range(mapping, start, end, WB_SYNC_ALL);
		if (err != -EIO)
			__filemap_fdatawait_range(mapping, start, end);
	}
	err2 = file_check_and_advance_wb_err(file);
	return err ? err : err2;
}
