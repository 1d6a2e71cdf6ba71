/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The page cache (mm/filemap.c, mm/readahead.c, mm/truncate.c): a file's
 * pages in its address_space, indexed by offset in pages.
 *
 * Lookups are lockless (find_get_page and friends): RCU read side plus a
 * speculative reference (get_page_unless_zero), then a re-check that the
 * page is still the one at (mapping, index); see
 * Documentation/mm/pagecache.md for the protocol and its ordering rules.
 * Insertion and removal take mapping->i_pages_lock (irq-safe: writeback
 * completion changes tags from interrupts).
 *
 * A page in the cache holds one reference for the cache, has
 * page->mapping == mapping and page->index == its offset.  The page lock
 * (PG_locked; lock_page/unlock_page, sleeping on a hashed wait queue)
 * keeps mapping and index stable and serialises I/O set-up and truncation
 * of the page.  PG_writeback is held from set_page_writeback() to
 * end_page_writeback(); wait_on_page_writeback() sleeps on it.
 *
 * Tags in i_pages: PAGECACHE_TAG_DIRTY (PG_dirty set), _WRITEBACK
 * (PG_writeback set), _TOWRITE (chosen for a WB_SYNC_ALL pass).
 */
#ifndef _LINUX_PAGEMAP_H
#define _LINUX_PAGEMAP_H

#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/radix-tree.h>
#include <linux/page-flags.h>
#include <linux/uio.h>

/* mapping_set_gfp_mask() - set the gfp flags new pages of m are allocated with; no locks. */
static inline void mapping_set_gfp_mask(struct address_space *m, gfp_t mask)
{
	m->gfp_mask = mask;
}

/* mapping_gfp_mask() - the gfp flags m allocates its pages with; no locks, any context. */
static inline gfp_t mapping_gfp_mask(const struct address_space *m)
{
	return m->gfp_mask;
}

/**
 * mapping_set_unevictable() - keep every page of a mapping out of reclaim
 * @m: the mapping (ramfs inodes, and tmpfs directories and symlinks, set
 *     this when they are created; tmpfs files are swap-backed instead)
 *
 * Sets AS_UNEVICTABLE: the mapping's pages go to the unevictable LRU list,
 * and invalidate_mapping_pages() (drop_caches) leaves them alone.
 *
 * Context: any context; an atomic bit operation, no locks.
 */
static inline void mapping_set_unevictable(struct address_space *m)
{
	set_bit(AS_UNEVICTABLE, &m->flags);
}

/* mapping_unevictable() - true if m's pages are never reclaimed; no locks, any context. */
static inline bool mapping_unevictable(const struct address_space *m)
{
	return test_bit(AS_UNEVICTABLE, &m->flags);
}

/* write_begin flags */
#define AOP_FLAG_NOFS	0x0002	/* allocate without __GFP_FS */

/* Pages of block-device inodes in the cache (/proc/meminfo "Buffers"). */
unsigned long nr_blockdev_pages(void);

/* Set up the address_space embedded in inode (inode_init_always()). */
void address_space_init_once(struct address_space *mapping);

struct page *find_get_page(struct address_space *mapping, pgoff_t index);
/* Up to nr pages at indices >= start, referenced, in index order. */
unsigned int find_get_pages(struct address_space *mapping, pgoff_t start,
			    unsigned int nr, struct page **pages);
int add_to_page_cache(struct page *page, struct address_space *mapping, pgoff_t index,
		      gfp_t gfp);
void delete_from_page_cache(struct page *page);
/* Remove a locked clean page holding exactly refs references (1 is the cache's). */
int __remove_mapping(struct address_space *mapping, struct page *page, int refs, bool reclaimed);
/* Remove and free every page at or beyond byte lstart (rounded up to a page). */
void truncate_inode_pages(struct address_space *mapping, loff_t lstart);
void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart, loff_t lend);
/* Truncate for a size change: zero the tail of the last page, drop the rest. */
void truncate_pagecache(struct inode *inode, loff_t newsize);
/* The first index >= index with no page (SEEK_HOLE); ULONG_MAX if none. */
pgoff_t page_cache_next_miss(struct address_space *mapping, pgoff_t index);

/* Tags (radix-tree tag numbers). */
#define PAGECACHE_TAG_DIRTY	0
#define PAGECACHE_TAG_WRITEBACK	1
#define PAGECACHE_TAG_TOWRITE	2

/**
 * page_mapping_file() - the page's ->mapping field, read once
 * @page: the page
 *
 * An unlocked snapshot: without the page lock the page may leave the
 * cache (truncation sets ->mapping to NULL) right after the read.  For an
 * anonymous page the value carries the PAGE_MAPPING_* tag bits
 * (page_file_mapping() in <linux/rmap.h> filters them out).
 *
 * Context: any context; no locks.
 * Return: page->mapping as it was at the moment of the read.
 */
static inline struct address_space *page_mapping_file(struct page *page)
{
	return READ_ONCE(page->mapping);
}

/* page_offset() - the byte offset in its file of the page's first byte; no locks. */
static inline loff_t page_offset(const struct page *page)
{
	return (loff_t)page->index << PAGE_SHIFT;
}

/* The page lock. */
void __lock_page(struct page *page);
int __lock_page_killable(struct page *page);
void unlock_page(struct page *page);
/**
 * trylock_page() - take the page lock if nobody holds it
 * @page: the page
 *
 * Never waits.  Used where sleeping is not allowed or where a busy page
 * is simply skipped (invalidate_mapping_pages(), FGP_NOWAIT lookups).
 *
 * Context: any context; does not sleep.
 * Return: true if the caller now holds the page lock, false if it was held.
 */
static inline bool trylock_page(struct page *page)
{
	return !TestSetPageLocked(page);
}
/**
 * lock_page() - take the page lock, waiting for it if needed
 * @page: the page; the caller holds a reference on it
 *
 * Sleeps uninterruptibly on the page's hashed wait queue while another
 * task holds the lock.  Truncation may have removed the page meanwhile:
 * callers that care re-check page->mapping once they hold the lock.
 *
 * Context: process context; may sleep.  The caller must not already hold
 * this page's lock, and must not hold spinlocks.
 */
static inline void lock_page(struct page *page)
{
	if (!trylock_page(page))
		__lock_page(page);
}
/**
 * lock_page_killable() - take the page lock unless a fatal signal comes first
 * @page: the page; the caller holds a reference on it
 *
 * As lock_page(), but the wait ends early when the task gets a fatal
 * signal; the lock is then not held.
 *
 * Context: process context; may sleep.  No spinlocks held.
 * Return: 0 with the page locked, or -EINTR (not locked) on a fatal signal.
 */
static inline int lock_page_killable(struct page *page)
{
	if (!trylock_page(page))
		return __lock_page_killable(page);
	return 0;
}
void wait_on_page_locked(struct page *page);
void wait_on_page_writeback(struct page *page);
/* PG_writeback on (tags WRITEBACK, clears TOWRITE); false if it was set. */
bool set_page_writeback(struct page *page);
/* I/O done: clear PG_writeback, retag, wake waiters, rotate if PG_reclaim. */
void end_page_writeback(struct page *page);
/* Dirty bit handling (mm/page-writeback.c). */
bool set_page_dirty(struct page *page);
bool set_page_dirty_lock(struct page *page);
bool __set_page_dirty_nobuffers(struct page *page);
/* Before writing a locked page: clear PG_dirty, keep the DIRTY tag; true if it was dirty. */
bool clear_page_dirty_for_io(struct page *page);
/* Truncation: drop the dirty state of a page (locked) without writing it. */
void cancel_dirty_page(struct page *page);
/* Record a writeback error on the mapping (errseq) and the page. */
void mapping_set_error(struct address_space *mapping, int error);

/* pagecache_get_page() fgp_flags */
#define FGP_ACCESSED	0x01	/* mark_page_accessed */
#define FGP_LOCK	0x02	/* return it locked */
#define FGP_CREAT	0x04	/* allocate and add if missing */
#define FGP_WRITE	0x08
#define FGP_NOFS	0x10
#define FGP_NOWAIT	0x20	/* don't sleep for the lock */

struct page *pagecache_get_page(struct address_space *mapping, pgoff_t index, int fgp_flags,
				gfp_t gfp);
/**
 * find_lock_page() - look up a cached page and lock it
 * @mapping: the address space to look in
 * @index: page index in @mapping
 *
 * pagecache_get_page() with FGP_LOCK: waits for the page lock and retries
 * if the page was truncated while it waited.  The page may not be
 * uptodate (a read may have failed); callers check PageUptodate().
 *
 * Context: process context; may sleep (lock_page()).  No spinlocks held.
 * Return: the page, locked and with a reference the caller must drop, or
 * NULL if @mapping has no page at @index.
 */
static inline struct page *find_lock_page(struct address_space *mapping, pgoff_t index)
{
	return pagecache_get_page(mapping, index, FGP_LOCK, 0);
}
/**
 * find_or_create_page() - look up a cached page, adding a new one if missing
 * @mapping: the address space to look in
 * @index: page index in @mapping
 * @gfp: allocation flags for the new page and the tree nodes
 *
 * pagecache_get_page() with FGP_LOCK | FGP_ACCESSED | FGP_CREAT.  A new
 * page is not uptodate: its contents are whatever the allocator gave.
 *
 * Context: process context; may sleep (page lock, and allocation if @gfp
 * allows it).  No spinlocks held.
 * Return: the page, locked, marked accessed and with a reference the
 * caller must drop; NULL only when a page or a tree node could not be
 * allocated.
 */
static inline struct page *find_or_create_page(struct address_space *mapping, pgoff_t index,
					       gfp_t gfp)
{
	return pagecache_get_page(mapping, index, FGP_LOCK | FGP_ACCESSED | FGP_CREAT, gfp);
}
struct page *grab_cache_page_write_begin(struct address_space *mapping, pgoff_t index,
					 unsigned int flags);
/* Page index, uptodate (read through ->readpage if needed), referenced; ERR_PTR on error. */
struct page *read_cache_page(struct address_space *mapping, pgoff_t index,
			     int (*filler)(void *data, struct page *page), void *data);
/**
 * read_mapping_page() - get an uptodate page of a file through ->readpage
 * @mapping: the address space to read from
 * @index: page index in @mapping
 * @file: passed to ->readpage as its first argument (may be NULL)
 *
 * read_cache_page() without a filler: the mapping's ->readpage brings the
 * page in, or, for a mapping without one, the page is zero-filled.
 *
 * Context: process context; may sleep (allocation, page lock, the read).
 * Return: see read_cache_page().
 */
static inline struct page *read_mapping_page(struct address_space *mapping, pgoff_t index,
					     struct file *file)
{
	return read_cache_page(mapping, index, NULL, file);
}
/* Pages tagged tag at indices >= *index, up to end; advances *index. */
unsigned int find_get_pages_range_tag(struct address_space *mapping, pgoff_t *index,
				      pgoff_t end, int tag, unsigned int nr_pages,
				      struct page **pages);
/* Up to nr pages at contiguous indices from index, stopping at a hole. */
unsigned int find_get_pages_contig(struct address_space *mapping, pgoff_t index,
				   unsigned int nr_pages, struct page **pages);
bool mapping_tagged(struct address_space *mapping, int tag);
/* Insert and put on the LRU (the page is locked by the caller). */
int add_to_page_cache_lru(struct page *page, struct address_space *mapping, pgoff_t index,
			  gfp_t gfp);
/* page_cache_release() - put_page() under its old name: drop a reference; any context. */
static inline void page_cache_release(struct page *page)
{
	put_page(page);
}

/* Read-ahead (mm/readahead.c). */
void page_cache_sync_readahead(struct address_space *mapping, struct file_ra_state *ra,
			       struct file *file, pgoff_t index, unsigned long req_count);
void page_cache_async_readahead(struct address_space *mapping, struct file_ra_state *ra,
				struct file *file, struct page *page, pgoff_t index,
				unsigned long req_count);
void file_ra_state_init(struct file_ra_state *ra, struct address_space *mapping);
struct page *readahead_page(struct readahead_control *rac);
/* readahead_index() - index of the next page rac will hand out; no locks. */
static inline pgoff_t readahead_index(struct readahead_control *rac)
{
	return rac->_index;
}
/* readahead_count() - pages of rac not yet taken with readahead_page(); no locks. */
static inline unsigned int readahead_count(struct readahead_control *rac)
{
	return rac->_nr_pages;
}
/* readahead_pos() - byte offset in the file of readahead_index(rac); no locks. */
static inline loff_t readahead_pos(struct readahead_control *rac)
{
	return (loff_t)rac->_index << PAGE_SHIFT;
}

/* Generic file I/O through the cache (mm/filemap.c). */
ssize_t generic_file_read_iter(struct kiocb *iocb, struct iov_iter *to);
ssize_t generic_file_write_iter(struct kiocb *iocb, struct iov_iter *from);
/* The write path without i_rwsem/sync handling (caller holds i_rwsem). */
ssize_t __generic_file_write_iter(struct kiocb *iocb, struct iov_iter *from);
ssize_t generic_perform_write(struct file *file, struct iov_iter *i, loff_t pos);
/* Checks for a write (limits, O_APPEND); returns bytes allowed or -errno. */
ssize_t generic_write_checks(struct kiocb *iocb, struct iov_iter *from);
/* After a write with O_SYNC/O_DSYNC/IS_SYNC: vfs_fsync_range the written bytes. */
ssize_t generic_write_sync(struct kiocb *iocb, ssize_t count);

/* Writing back and waiting (mm/filemap.c). */
int filemap_fdatawrite(struct address_space *mapping);
int filemap_fdatawrite_range(struct address_space *mapping, loff_t start, loff_t end);
int filemap_flush(struct address_space *mapping);	/* WB_SYNC_NONE */
int filemap_fdatawait_range(struct address_space *mapping, loff_t start, loff_t end);
/**
 * filemap_fdatawait() - wait for writeback of the whole mapping
 * @mapping: the address space
 *
 * filemap_fdatawait_range() over every byte of the file.
 *
 * Context: process context; may sleep.  No spinlocks held.
 * Return: as filemap_fdatawait_range(): 0, -EIO or -ENOSPC.
 */
static inline int filemap_fdatawait(struct address_space *mapping)
{
	return filemap_fdatawait_range(mapping, 0, LLONG_MAX);
}
int filemap_write_and_wait_range(struct address_space *mapping, loff_t start, loff_t end);
/**
 * filemap_write_and_wait() - write back a whole mapping and wait for it
 * @mapping: the address space
 *
 * filemap_write_and_wait_range() over every byte of the file.
 *
 * Context: process context; may sleep.  No spinlocks held.
 * Return: as filemap_write_and_wait_range().
 */
static inline int filemap_write_and_wait(struct address_space *mapping)
{
	return filemap_write_and_wait_range(mapping, 0, LLONG_MAX);
}
/* Writeback and wait, then report unseen errors against file->f_wb_err. */
int file_write_and_wait_range(struct file *file, loff_t start, loff_t end);
int file_check_and_advance_wb_err(struct file *file);
int filemap_check_errors(struct address_space *mapping);

/* Dropping pages (mm/truncate.c). */
/* Clean, unlocked, unmapped pages in [start, end]; returns how many went. */
unsigned long invalidate_mapping_pages(struct address_space *mapping, pgoff_t start,
				       pgoff_t end);
/* Every page in [start, end], writing none (O_DIRECT coherence): 0 or -EBUSY. */
int invalidate_inode_pages2_range(struct address_space *mapping, pgoff_t start, pgoff_t end);
/* Page-cache pages drop for /proc/sys/vm/drop_caches (fs/drop_caches.c). */
void drop_pagecache_sb(struct super_block *sb, void *unused);

#endif /* _LINUX_PAGEMAP_H */
