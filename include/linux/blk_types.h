/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Block I/O units (block/bio.c, <linux/bio.h>): struct bio and its
 * bio_vec segments, operation codes and flags, completion status.
 *
 * A bio describes one I/O to contiguous sectors of one block device from
 * a vector of (page, offset, length) segments.  Whoever submits it owns
 * it until ->bi_end_io runs (once, possibly in interrupt context); the
 * completion handler normally ends with bio_put().
 */
#ifndef _LINUX_BLK_TYPES_H
#define _LINUX_BLK_TYPES_H

#include <linux/types.h>
#include <asm/atomic.h>
#include <linux/bvec.h>

struct bio;
struct page;
struct block_device;

typedef u8 blk_status_t;
#define BLK_STS_OK		0
#define BLK_STS_NOTSUPP		1	/* -EOPNOTSUPP */
#define BLK_STS_TIMEOUT		2	/* -ETIMEDOUT */
#define BLK_STS_NOSPC		3	/* -ENOSPC */
#define BLK_STS_MEDIUM		7	/* -ENODATA */
#define BLK_STS_RESOURCE	9	/* driver: out of slots now, retry later */
#define BLK_STS_IOERR		10	/* -EIO */

/* errno <-> status (block/blk-core.c) */
int blk_status_to_errno(blk_status_t status);
blk_status_t errno_to_blk_status(int err);

/* Sector: 512 bytes, whatever the device's block size. */
#define SECTOR_SHIFT	9
#define SECTOR_SIZE	(1 << SECTOR_SHIFT)

struct bvec_iter {
	sector_t bi_sector;		/* device address, in sectors */
	unsigned int bi_size;		/* bytes left */
	unsigned int bi_idx;		/* current index into bi_io_vec */
	unsigned int bi_bvec_done;	/* bytes done in the current bvec */
};

typedef void (bio_end_io_t)(struct bio *bio);

/*
 * bi_opf: the low REQ_OP_BITS bits hold the operation, the rest REQ_*
 * flags (Linux's encoding).
 */
#define REQ_OP_BITS	8
#define REQ_OP_MASK	((1U << REQ_OP_BITS) - 1)

enum req_op {
	REQ_OP_READ = 0,
	REQ_OP_WRITE = 1,
	REQ_OP_FLUSH = 2,	/* empty: flush the device's volatile write cache */
	REQ_OP_DISCARD = 3,
	REQ_OP_LAST,
};

enum req_flag_bits {
	__REQ_FAILFAST_DEV = REQ_OP_BITS,
	__REQ_SYNC,		/* a waiter: don't delay behind async writes */
	__REQ_META,		/* file system metadata */
	__REQ_PRIO,
	__REQ_NOMERGE,
	__REQ_IDLE,
	__REQ_FUA,		/* forced unit access: durable on completion */
	__REQ_PREFLUSH,		/* flush the write cache before this write */
	__REQ_RAHEAD,		/* readahead: may be failed under pressure */
	__REQ_BACKGROUND,	/* background writeback */
	__REQ_NR_BITS,
};

#define REQ_FAILFAST_DEV	(1U << __REQ_FAILFAST_DEV)
#define REQ_SYNC		(1U << __REQ_SYNC)
#define REQ_META		(1U << __REQ_META)
#define REQ_PRIO		(1U << __REQ_PRIO)
#define REQ_NOMERGE		(1U << __REQ_NOMERGE)
#define REQ_IDLE		(1U << __REQ_IDLE)
#define REQ_FUA			(1U << __REQ_FUA)
#define REQ_PREFLUSH		(1U << __REQ_PREFLUSH)
#define REQ_RAHEAD		(1U << __REQ_RAHEAD)
#define REQ_BACKGROUND		(1U << __REQ_BACKGROUND)

typedef unsigned int blk_opf_t;

static inline enum req_op bio_op_of(blk_opf_t opf)
{
	return (enum req_op)(opf & REQ_OP_MASK);
}

static inline bool op_is_write(blk_opf_t op)
{
	return (op & REQ_OP_MASK) & 1;
}

/* Flush or FUA: the caller waits for durability. */
static inline bool op_is_flush(blk_opf_t op)
{
	return op & (REQ_FUA | REQ_PREFLUSH);
}

/* Reads, sync writes and flushes are "sync" for the elevator. */
static inline bool op_is_sync(blk_opf_t op)
{
	return (op & REQ_OP_MASK) == REQ_OP_READ || (op & (REQ_SYNC | REQ_FUA | REQ_PREFLUSH));
}

/* bi_flags */
#define BIO_CLONED		0
#define BIO_BOUNCED		1
#define BIO_QUIET		2
#define BIO_CHAIN		3
#define BIO_ALLOCED		4	/* from bio_alloc(): bio_put() frees it */
#define BIO_POOLED		5	/* from the reserve pool (block/bio.c) */
#define BIO_PARTITION_REMAPPED	6	/* bi_sector already made disk-relative */

/* Largest vector bio_alloc() gives (one page of bio_vecs, as in Linux). */
#define BIO_MAX_VECS		256

#define BIO_INLINE_VECS		4

struct bio {
	struct bio *bi_next;		/* request queue link */
	struct block_device *bi_bdev;	/* partition or whole disk */
	blk_opf_t bi_opf;		/* REQ_OP_* | REQ_* */
	unsigned short bi_flags;	/* BIO_* bits */
	blk_status_t bi_status;
	struct bvec_iter bi_iter;
	bio_end_io_t *bi_end_io;
	void *bi_private;
	u64 bi_issue_time_ns;		/* for latency accounting */
	unsigned short bi_vcnt;		/* bio_vecs in use */
	unsigned short bi_max_vecs;	/* bio_vecs allocated */
	atomic_t __bi_cnt;		/* references (bio_get/bio_put) */
	atomic_t __bi_remaining;	/* chained completions outstanding */
	struct bio_vec *bi_io_vec;
	struct bio_vec bi_inline_vecs[BIO_INLINE_VECS];
};

#endif /* _LINUX_BLK_TYPES_H */
