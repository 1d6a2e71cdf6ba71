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

static inline void mapping_set_gfp_mask(struct address_space *m, gfp_t mask)
{
	m->gfp_mask = mask;
}

static inline gfp_t mapping_gfp_mask(const struct address_space *m)
{
	return m->gfp_mask;
}

/* Pages of this mapping are never reclaimed (ramfs, tmpfs): the unevictable LRU. */
static inline void mapping_set_unevictable(struct address_space *m)
{
	set_bit(AS_UNEVICTABLE, &m->flags);
}

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

/* A page in the cache with page->mapping == mapping: unlocked test. */
static inline struct address_space *page_mapping_file(struct page *page)
{
	return READ_ONCE(page->mapping);
}

static inline loff_t page_offset(const struct page *page)
{
	return (loff_t)page->index << PAGE_SHIFT;
}

/* The page lock. */
void __lock_page(struct page *page);
int __lock_page_killable(struct page *page);
void unlock_page(struct page *page);
static inline bool trylock_page(struct page *page)
{
	return !TestSetPageLocked(page);
}
static inline void lock_page(struct page *page)
{
	if (!trylock_page(page))
		__lock_page(page);
}
/* 0, or -EINTR if a fatal signal arrived while waiting. */
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
/* Referenced and locked, or NULL; the page may be !uptodate. */
static inline struct page *find_lock_page(struct address_space *mapping, pgoff_t index)
{
	return pagecache_get_page(mapping, index, FGP_LOCK, 0);
}
/* Referenced and locked, created (on the LRU) if missing; NULL only on -ENOMEM. */
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
static inline pgoff_t readahead_index(struct readahead_control *rac)
{
	return rac->_index;
}
static inline unsigned int readahead_count(struct readahead_control *rac)
{
	return rac->_nr_pages;
}
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
static inline int filemap_fdatawait(struct address_space *mapping)
{
	return filemap_fdatawait_range(mapping, 0, LLONG_MAX);
}
int filemap_write_and_wait_range(struct address_space *mapping, loff_t start, loff_t end);
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
