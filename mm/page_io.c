// SPDX-License-Identifier: GPL-2.0-only
/*
 * Swap I/O of one page (Documentation/mm/swap.md): a one-page bio to or
 * from the sector swap_slot_sector() finds in the area's extent map, so no
 * file system is called once an area is on.
 *
 *   swap_readpage(page, entry, synchronous)
 *   swap_writepage_entry(page, entry, synchronous)
 *
 * The area is pinned with get_swap_device() from submission until the
 * bio completes, so swapoff cannot take the device away under the I/O.
 * Completion runs in any context (usually the disk's interrupt): it only
 * changes the page's flags, wakes its waiters and drops the pin.
 * pswpin/pswpout in /proc/vmstat count the pages submitted.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/pagemap.h>
#include <linux/vmstat.h>
#include <linux/jiffies.h>
#include "swap.h"

/*
 * A failing disk fails every page: at most SWAP_IO_MSGS messages per
 * SWAP_IO_MSG_WINDOW.  Racing completions may print one or two more.
 */
#define SWAP_IO_MSGS		10
#define SWAP_IO_MSG_WINDOW	(5 * HZ)

static void swap_io_error(struct bio *bio, struct swap_info_struct *si, const char *what)
{
	static unsigned long window_end;
	static atomic_t budget = ATOMIC_INIT(SWAP_IO_MSGS);
	unsigned long now = jiffies;
	sector_t sector;

	if (time_after_eq(now, READ_ONCE(window_end))) {
		WRITE_ONCE(window_end, now + SWAP_IO_MSG_WINDOW);
		atomic_set(&budget, SWAP_IO_MSGS);
	}
	if (atomic_dec_return(&budget) < 0)
		return;
	/*
	 * Where the page went: the block layer advances bi_iter over what it
	 * completed and adds the partition's start; take both back out.
	 */
	sector = bio->bi_iter.bi_sector - ((PAGE_SIZE - bio->bi_iter.bi_size) >> SECTOR_SHIFT);
	if (bio->bi_flags & (1U << BIO_PARTITION_REMAPPED))
		sector -= bio->bi_bdev->bd_start_sect;
	pr_err("swap: %s error on area %u (%s), sector %llu of dev %u:%u\n", what, si->type,
	       si->name, (unsigned long long)sector, MAJOR(bio->bi_bdev->bd_dev),
	       MINOR(bio->bi_bdev->bd_dev));
}

/*
 * The end of a page's swap I/O, whether it got that far or not: a read
 * leaves the page uptodate or not and unlocks it, a write ends its
 * writeback; a failure of either sets PG_error first.
 */
static void swap_page_done(struct page *page, bool write, bool ok)
{
	if (!ok)
		SetPageError(page);
	if (write) {
		end_page_writeback(page);
		return;
	}
	if (ok)
		SetPageUptodate(page);
	else
		ClearPageUptodate(page);
	unlock_page(page);
}

static void swap_end_io(struct bio *bio)
{
	struct swap_info_struct *si = bio->bi_private;
	bool write = op_is_write(bio->bi_opf);

	if (bio->bi_status)
		swap_io_error(bio, si, write ? "write" : "read");
	swap_page_done(bio->bi_io_vec[0].bv_page, write, !bio->bi_status);
	put_swap_device(si);
	bio_put(bio);
}

/*
 * A bio for the page of @entry, its area pinned (bi_private), or an
 * errno: -EINVAL for a bad entry or a slot no extent holds.
 */
static struct bio *swap_bio(struct page *page, swp_entry_t entry, blk_opf_t opf)
{
	struct swap_info_struct *si = get_swap_device(entry);
	struct bio *bio;
	sector_t sector;

	if (!si)
		return ERR_PTR(-EINVAL);
	if (!si->bdev || swap_slot_sector(si, swp_offset(entry), &sector)) {
		put_swap_device(si);
		return ERR_PTR(-EINVAL);
	}
	/* GFP_NOIO: this may run for reclaim; the bio reserve backs it. */
	bio = bio_alloc(si->bdev, 1, opf, GFP_NOIO);
	bio->bi_iter.bi_sector = sector;
	bio->bi_end_io = swap_end_io;
	bio->bi_private = si;
	bio_add_page(bio, page, PAGE_SIZE, 0);
	return bio;
}

/*
 * Start the I/O of @page to or from @entry's slot; with @synchronous wait
 * for it.  0, or -EINVAL (bad entry: the page is done with at once), or
 * -EIO (a synchronous transfer failed).
 */
static int swap_io(struct page *page, swp_entry_t entry, blk_opf_t opf, bool synchronous)
{
	bool write = op_is_write(opf);
	struct bio *bio;

	ClearPageError(page);
	bio = swap_bio(page, entry, opf);
	if (IS_ERR(bio)) {
		swap_page_done(page, write, false);
		return PTR_ERR(bio);
	}
	count_vm_event(write ? PSWPOUT : PSWPIN);
	submit_bio(bio);
	if (!synchronous)
		return 0;
	if (!write) {
		wait_on_page_locked(page);
		return PageUptodate(page) ? 0 : -EIO;
	}
	wait_on_page_writeback(page);
	return PageError(page) ? -EIO : 0;
}

/**
 * swap_readpage() - read a page from its swap slot
 * @page: a locked page, not uptodate, held by the caller
 * @entry: the slot to read
 * @synchronous: wait for the read to finish
 *
 * When the read completes the page is SetPageUptodate() (or, on an I/O
 * error, SetPageError() and not uptodate) and unlocked.  A bad entry fails
 * at once the same way, with the page unlocked.
 *
 * Context: process context; may sleep (bio allocation, request queue).
 * Return: 0 when the read was started (and, if @synchronous, succeeded);
 * -EINVAL for a bad entry; -EIO when a synchronous read failed.
 */
int swap_readpage(struct page *page, swp_entry_t entry, bool synchronous)
{
	WARN_ON_ONCE(!PageLocked(page));
	return swap_io(page, entry, REQ_OP_READ, synchronous);
}

/**
 * swap_writepage_entry() - write a page to a swap slot
 * @page: a page under writeback (the caller did set_page_writeback()),
 *        held by the caller; whether the caller holds its lock does not
 *        matter here: the lock is neither taken nor released
 * @entry: the slot to write
 * @synchronous: wait for the write to finish (REQ_SYNC)
 *
 * When the write completes, end_page_writeback() runs; on an I/O error the
 * page gets SetPageError() first and the console a (rate-limited) message
 * naming the area and sector.  A bad entry fails at once the same way.
 *
 * Context: process context; may sleep (bio allocation, request queue).
 * Return: 0 when the write was started (and, if @synchronous, succeeded);
 * -EINVAL for a bad entry; -EIO when a synchronous write failed.
 */
int swap_writepage_entry(struct page *page, swp_entry_t entry, bool synchronous)
{
	WARN_ON_ONCE(!PageWriteback(page));
	return swap_io(page, entry, REQ_OP_WRITE | (synchronous ? REQ_SYNC : 0), synchronous);
}
