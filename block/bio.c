// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct bio: allocation, segments, chaining and completion.
 *
 * Interface (<linux/bio.h>): bio_alloc()/bio_init(), bio_get()/bio_put(),
 * bio_add_page(), bio_chain(), bio_endio(), bio_iter_bvec() and
 * bio_advance_iter() for walking the segments.
 *
 * Allocation: bios come from a slab cache; vectors of more than
 * BIO_INLINE_VECS entries from kmalloc.  When that fails and the caller
 * may sleep, a small reserve of full-size bios (BIO_POOL_SIZE) backs the
 * allocation: the caller takes one or sleeps until a bio in flight
 * returns to the pool.  That is what lets writeback make progress when
 * memory is short (the pages it writes are what frees memory).
 *
 * Completion: bio_endio() runs ->bi_end_io once, in any context.  A
 * chained bio (bio_chain()) counts its outstanding children in
 * __bi_remaining; the parent's end_io runs when the last of them (and
 * itself) completes, and the first error wins.
 *
 * Locking: a bio belongs to one owner at a time (submitter, block layer,
 * driver, completion); only the reference count and __bi_remaining are
 * shared, and they are atomic.  pool_lock guards the reserve pool.
 */
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/completion.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/init.h>
#include <linux/blkdev.h>
#include "blk.h"

/* Reserve bios, each with BIO_MAX_VECS vectors (Linux's BIO_POOL_SIZE is 2). */
#define BIO_POOL_SIZE	16

static struct kmem_cache *bio_cachep;
static DEFINE_SPINLOCK(pool_lock);
static struct bio *pool_free;		/* linked through bi_next; pool_lock */
static DECLARE_WAIT_QUEUE_HEAD(pool_wait);

static struct bio *bio_pool_get(void)
{
	struct bio *bio;
	unsigned long flags;

	spin_lock_irqsave(&pool_lock, flags);
	bio = pool_free;
	if (bio)
		pool_free = bio->bi_next;
	spin_unlock_irqrestore(&pool_lock, flags);
	return bio;
}

static void bio_pool_put(struct bio *bio)
{
	unsigned long flags;

	spin_lock_irqsave(&pool_lock, flags);
	bio->bi_next = pool_free;
	pool_free = bio;
	spin_unlock_irqrestore(&pool_lock, flags);
	wake_up(&pool_wait);
}

static struct bio *bio_pool_alloc(void)
{
	struct bio *bio;

	wait_event(pool_wait, (bio = bio_pool_get()) != NULL);
	return bio;
}

void __init bio_init_pool(void)
{
	int i;

	bio_cachep = kmem_cache_create("bio", sizeof(struct bio), __alignof__(struct bio), 0,
				       NULL);
	if (!bio_cachep)
		panic("bio: cannot create the bio cache\n");
	for (i = 0; i < BIO_POOL_SIZE; i++) {
		struct bio *bio = kmem_cache_alloc(bio_cachep, GFP_KERNEL);
		struct bio_vec *vecs = kmalloc(BIO_MAX_VECS * sizeof(*vecs), GFP_KERNEL);

		if (!bio || !vecs)
			panic("bio: cannot fill the reserve pool\n");
		bio->bi_io_vec = vecs;
		bio_pool_put(bio);
	}
}

void bio_init(struct bio *bio, struct block_device *bdev, struct bio_vec *table,
	      unsigned short max_vecs, blk_opf_t opf)
{
	memset(bio, 0, offsetof(struct bio, bi_inline_vecs));
	bio->bi_bdev = bdev;
	bio->bi_opf = opf;
	bio->bi_io_vec = table;
	bio->bi_max_vecs = max_vecs;
	atomic_set(&bio->__bi_cnt, 1);
	atomic_set(&bio->__bi_remaining, 1);
}

struct bio *bio_alloc(struct block_device *bdev, unsigned short nr_vecs, blk_opf_t opf,
		      gfp_t gfp)
{
	bool can_wait = gfp & __GFP_DIRECT_RECLAIM;
	struct bio_vec *table = NULL;
	struct bio *bio;

	if (nr_vecs > BIO_MAX_VECS)
		return NULL;
	/* First without sleeping in reclaim: the reserve is the fallback. */
	bio = kmem_cache_alloc(bio_cachep, can_wait ? (gfp & ~__GFP_DIRECT_RECLAIM) | __GFP_NOWARN
						     : gfp);
	if (bio && nr_vecs > BIO_INLINE_VECS) {
		table = kmalloc(nr_vecs * sizeof(*table),
				      can_wait ? (gfp & ~__GFP_DIRECT_RECLAIM) | __GFP_NOWARN : gfp);
		if (!table) {
			kmem_cache_free(bio_cachep, bio);
			bio = NULL;
		}
	}
	if (!bio) {
		if (!can_wait)
			return NULL;
		bio = bio_pool_alloc();
		table = bio->bi_io_vec;
		bio_init(bio, bdev, table, BIO_MAX_VECS, opf);
		bio->bi_flags = (1U << BIO_ALLOCED) | (1U << BIO_POOLED);
		/* Callers size their bios by nr_vecs; do not offer more. */
		bio->bi_max_vecs = nr_vecs;
		return bio;
	}
	if (!table) {
		table = bio->bi_inline_vecs;
		nr_vecs = BIO_INLINE_VECS;
	}
	bio_init(bio, bdev, table, nr_vecs, opf);
	bio->bi_flags = 1U << BIO_ALLOCED;
	return bio;
}

void bio_get(struct bio *bio)
{
	atomic_inc(&bio->__bi_cnt);
}

static void bio_free(struct bio *bio)
{
	if (bio->bi_flags & (1U << BIO_POOLED)) {
		bio_pool_put(bio);
		return;
	}
	if (bio->bi_io_vec != bio->bi_inline_vecs)
		kfree(bio->bi_io_vec);
	kmem_cache_free(bio_cachep, bio);
}

void bio_put(struct bio *bio)
{
	if (!atomic_dec_and_test(&bio->__bi_cnt))
		return;
	/* bio_init()ed bios belong to their embedder. */
	if (bio->bi_flags & (1U << BIO_ALLOCED))
		bio_free(bio);
}

/* The queue limits a bio is built against (none without a device yet). */
static struct request_queue *bio_queue(struct bio *bio)
{
	return bio->bi_bdev ? bio->bi_bdev->bd_queue : NULL;
}

int bio_add_page(struct bio *bio, struct page *page, unsigned int len, unsigned int offset)
{
	struct request_queue *q = bio_queue(bio);
	struct bio_vec *last;

	if (!len || bio->bi_iter.bi_size + len < bio->bi_iter.bi_size)
		return 0;
	if (q && ((bio->bi_iter.bi_size + len) >> SECTOR_SHIFT) > q->limits.max_sectors)
		return 0;
	/* Contiguous with the last segment in the same page: grow it. */
	if (bio->bi_vcnt) {
		last = &bio->bi_io_vec[bio->bi_vcnt - 1];
		if (last->bv_page == page && last->bv_offset + last->bv_len == offset &&
		    (!q || last->bv_len + len <= q->limits.max_segment_size)) {
			last->bv_len += len;
			bio->bi_iter.bi_size += len;
			return len;
		}
	}
	if (bio->bi_vcnt >= bio->bi_max_vecs)
		return 0;
	if (q && (bio->bi_vcnt >= q->limits.max_segments || len > q->limits.max_segment_size))
		return 0;
	bio->bi_io_vec[bio->bi_vcnt].bv_page = page;
	bio->bi_io_vec[bio->bi_vcnt].bv_len = len;
	bio->bi_io_vec[bio->bi_vcnt].bv_offset = offset;
	bio->bi_vcnt++;
	bio->bi_iter.bi_size += len;
	return len;
}

struct bio_vec bio_iter_bvec(const struct bio *bio, struct bvec_iter iter)
{
	const struct bio_vec *bv = &bio->bi_io_vec[iter.bi_idx];
	unsigned int off = bv->bv_offset + iter.bi_bvec_done;
	struct bio_vec seg;

	/* One page at a time, even if the caller built a multi-page vector. */
	seg.bv_page = bv->bv_page + (off >> PAGE_SHIFT);
	seg.bv_offset = off & (PAGE_SIZE - 1);
	seg.bv_len = min3(bv->bv_len - iter.bi_bvec_done, iter.bi_size,
			  (unsigned int)PAGE_SIZE - seg.bv_offset);
	return seg;
}

void bio_advance_iter(const struct bio *bio, struct bvec_iter *iter, unsigned int bytes)
{
	iter->bi_sector += bytes >> SECTOR_SHIFT;
	iter->bi_size -= bytes;
	while (bytes) {
		unsigned int left = bio->bi_io_vec[iter->bi_idx].bv_len - iter->bi_bvec_done;

		if (bytes < left) {
			iter->bi_bvec_done += bytes;
			break;
		}
		bytes -= left;
		iter->bi_idx++;
		iter->bi_bvec_done = 0;
	}
}

/* ------------------------------------------------------------ completion */

static void bio_chain_endio(struct bio *bio)
{
	/* Never called: bio_endio() walks chains itself (see below). */
	WARN_ON(1);
}

static bool bio_remaining_done(struct bio *bio)
{
	if (!(bio->bi_flags & (1U << BIO_CHAIN)))
		return true;
	if (atomic_dec_and_test(&bio->__bi_remaining)) {
		bio->bi_flags &= ~(1U << BIO_CHAIN);
		return true;
	}
	return false;
}

void bio_chain(struct bio *child, struct bio *parent)
{
	WARN_ON(child->bi_private || child->bi_end_io);
	child->bi_private = parent;
	child->bi_end_io = bio_chain_endio;
	/* The flag is set before the count grows: see bio_remaining_done(). */
	parent->bi_flags |= 1U << BIO_CHAIN;
	smp_mb__before_atomic();
	atomic_inc(&parent->__bi_remaining);
}

void bio_endio(struct bio *bio)
{
	/*
	 * Iterate up a chain instead of recursing: a long chain completing
	 * in one interrupt must not overflow the stack.
	 */
	while (bio_remaining_done(bio)) {
		struct bio *parent;

		if (bio->bi_end_io != bio_chain_endio) {
			if (bio->bi_end_io)
				bio->bi_end_io(bio);
			return;
		}
		parent = bio->bi_private;
		if (bio->bi_status && !parent->bi_status)
			parent->bi_status = bio->bi_status;
		bio_put(bio);
		bio = parent;
	}
}

/* ------------------------------------------------------------ waiting */

static void submit_bio_wait_endio(struct bio *bio)
{
	complete(bio->bi_private);
}

int submit_bio_wait(struct bio *bio)
{
	struct completion done;

	init_completion(&done);
	bio->bi_private = &done;
	bio->bi_end_io = submit_bio_wait_endio;
	bio->bi_opf |= REQ_SYNC;
	submit_bio(bio);
	wait_for_completion_io(&done);
	return blk_status_to_errno(bio->bi_status);
}
