// SPDX-License-Identifier: GPL-2.0-only
/*
 * Queue limits a driver sets before add_disk(): block sizes, transfer and
 * segment limits, the volatile write cache.  blk_set_default_limits()
 * gives what a plain 512-byte disk without quirks would have.
 *
 * Locking: drivers call these before the disk is live; later changes
 * (max_sectors_kb) go through the queue's sysfs_lock.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/log2.h>
#include <linux/blkdev.h>
#include "blk.h"

/* Linux's defaults: requests up to 1280 KiB (BLK_DEF_MAX_SECTORS), 128 segments of 64 KiB. */
#define BLK_DEF_MAX_HW_SECTORS	2560
#define BLK_DEF_MAX_SEGMENTS	128
#define BLK_DEF_MAX_SEG_SIZE	65536

/* A queue's limits until its driver says otherwise: sector-sized blocks, no discard. */
static const struct queue_limits blk_default_limits = {
	.logical_block_size = SECTOR_SIZE,
	.physical_block_size = SECTOR_SIZE,
	.io_min = SECTOR_SIZE,
	.max_hw_sectors = BLK_DEF_MAX_HW_SECTORS,
	.max_sectors = BLK_DEF_MAX_HW_SECTORS,
	.max_segments = BLK_DEF_MAX_SEGMENTS,
	.max_segment_size = BLK_DEF_MAX_SEG_SIZE,
};

void blk_set_default_limits(struct queue_limits *lim)
{
	*lim = blk_default_limits;
}

/* Block sizes are powers of two from 512 bytes to a page. */
static unsigned int clamp_block_size(unsigned int size)
{
	if (size < SECTOR_SIZE || size > PAGE_SIZE || !is_power_of_2(size)) {
		pr_warn("block: bad block size %u, using 512\n", size);
		return SECTOR_SIZE;
	}
	return size;
}

/**
 * blk_queue_logical_block_size() - set the smallest unit the device addresses
 * @q: the queue
 * @size: bytes; a power of two from 512 to PAGE_SIZE (anything else is
 *        replaced by 512, with a warning)
 *
 * Raises the physical block size and io_min to at least @size.  Bios not
 * aligned to it are failed at submission.
 *
 * Context: process context before add_disk(); no locks taken.
 */
void blk_queue_logical_block_size(struct request_queue *q, unsigned int size)
{
	struct queue_limits *lim = &q->limits;

	lim->logical_block_size = clamp_block_size(size);
	if (lim->physical_block_size < lim->logical_block_size)
		lim->physical_block_size = lim->logical_block_size;
	if (lim->io_min < lim->physical_block_size)
		lim->io_min = lim->physical_block_size;
}

/**
 * blk_queue_physical_block_size() - set the unit the device writes internally
 * @q: the queue
 * @size: bytes; a value below the logical block size or not a power of
 *        two is replaced by the logical block size
 *
 * Raises io_min to at least @size.
 *
 * Context: process context before add_disk(); no locks taken.
 */
void blk_queue_physical_block_size(struct request_queue *q, unsigned int size)
{
	struct queue_limits *lim = &q->limits;

	if (size < lim->logical_block_size || !is_power_of_2(size))
		size = lim->logical_block_size;
	lim->physical_block_size = size;
	if (lim->io_min < size)
		lim->io_min = size;
}

/**
 * blk_queue_io_min() - set the smallest I/O size the device handles well
 * @q: the queue
 * @min: bytes; never set below the physical block size
 *
 * Context: process context before add_disk(); no locks taken.
 */
void blk_queue_io_min(struct request_queue *q, unsigned int min)
{
	q->limits.io_min = max(min, q->limits.physical_block_size);
}

/**
 * blk_queue_io_opt() - set the device's preferred I/O size
 * @q: the queue
 * @opt: bytes, stored as given (0: no preference)
 *
 * Context: process context before add_disk(); no locks taken.
 */
void blk_queue_io_opt(struct request_queue *q, unsigned int opt)
{
	q->limits.io_opt = opt;
}

/**
 * blk_queue_max_hw_sectors() - set the largest request the device accepts
 * @q: the queue
 * @sectors: 512-byte sectors; raised to one page if smaller
 *
 * Also sets the soft limit max_sectors (what the block layer builds,
 * tunable through max_sectors_kb) to the smaller of @sectors and 2560.
 *
 * Context: process context before add_disk(); no locks taken.
 */
void blk_queue_max_hw_sectors(struct request_queue *q, unsigned int sectors)
{
	/* At least a page per request, or page-cache I/O cannot be issued. */
	if (sectors < (PAGE_SIZE >> SECTOR_SHIFT))
		sectors = PAGE_SIZE >> SECTOR_SHIFT;
	q->limits.max_hw_sectors = sectors;
	q->limits.max_sectors = min_t(unsigned int, sectors, BLK_DEF_MAX_HW_SECTORS);
}

/**
 * blk_queue_max_segments() - set how many memory segments a request may have
 * @q: the queue
 * @segs: segments; 0 becomes 1
 *
 * Context: process context before add_disk(); no locks taken.
 */
void blk_queue_max_segments(struct request_queue *q, unsigned short segs)
{
	q->limits.max_segments = max_t(unsigned short, segs, 1);
}

/**
 * blk_queue_max_segment_size() - set the largest memory segment of a request
 * @q: the queue
 * @size: bytes; raised to PAGE_SIZE if smaller
 *
 * Context: process context before add_disk(); no locks taken.
 */
void blk_queue_max_segment_size(struct request_queue *q, unsigned int size)
{
	q->limits.max_segment_size = max_t(unsigned int, size, PAGE_SIZE);
}

/**
 * blk_queue_write_cache() - say whether the device caches writes
 * @q: the queue
 * @wc: the device has a volatile write cache: flush requests reach the
 *      driver (without it the block layer completes them at once)
 * @fua: the device honours REQ_FUA on writes
 *
 * Sets or clears QUEUE_FLAG_WC and QUEUE_FLAG_FUA.
 *
 * Context: any context; atomic bit operations, no locks.
 */
void blk_queue_write_cache(struct request_queue *q, bool wc, bool fua)
{
	if (wc)
		set_bit(QUEUE_FLAG_WC, &q->queue_flags);
	else
		clear_bit(QUEUE_FLAG_WC, &q->queue_flags);
	if (fua)
		set_bit(QUEUE_FLAG_FUA, &q->queue_flags);
	else
		clear_bit(QUEUE_FLAG_FUA, &q->queue_flags);
}
