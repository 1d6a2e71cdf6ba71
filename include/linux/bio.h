/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Building and submitting bios (block/bio.c, block/blk-core.c).
 *
 *   bio = bio_alloc(bdev, nr_vecs, REQ_OP_WRITE | REQ_SYNC, GFP_NOIO);
 *   bio->bi_iter.bi_sector = sector;
 *   bio->bi_end_io = my_end_io;  bio->bi_private = cookie;
 *   while (...) if (bio_add_page(bio, page, len, off) < len) break;
 *   submit_bio(bio);            or: err = submit_bio_wait(bio);
 *
 * bio_alloc() with a sleeping gfp never fails (a reserve pool backs it).
 * bio_add_page() refuses (returns 0) when the vector is full or the bio
 * would exceed the queue's max_sectors / max_segments; submit it and start
 * a new one then.  submit_bio() may sleep (request allocation blocks while
 * the queue holds nr_requests), except in a plug it does not reorder I/O
 * that the caller depends on.  The end_io callback runs exactly once, in
 * any context (often hard IRQ): it must not sleep.
 */
#ifndef _LINUX_BIO_H
#define _LINUX_BIO_H

#include <linux/blk_types.h>
#include <linux/gfp.h>

struct bio *bio_alloc(struct block_device *bdev, unsigned short nr_vecs, blk_opf_t opf,
		      gfp_t gfp);
void bio_init(struct bio *bio, struct block_device *bdev, struct bio_vec *table,
	      unsigned short max_vecs, blk_opf_t opf);
void bio_get(struct bio *bio);
void bio_put(struct bio *bio);
/* Bytes added: len, or 0 if the page does not fit. */
int bio_add_page(struct bio *bio, struct page *page, unsigned int len, unsigned int offset);
void submit_bio(struct bio *bio);
/* Submit and sleep until done; returns 0 or -errno. */
int submit_bio_wait(struct bio *bio);
/* Complete: sets nothing, calls bi_end_io (after chained children). */
void bio_endio(struct bio *bio);
static inline void bio_io_error(struct bio *bio)
{
	bio->bi_status = BLK_STS_IOERR;
	bio_endio(bio);
}
/* parent completes only after child too; errors propagate to parent. */
void bio_chain(struct bio *child, struct bio *parent);

static inline enum req_op bio_op(const struct bio *bio)
{
	return bio_op_of(bio->bi_opf);
}

static inline unsigned int bio_sectors(const struct bio *bio)
{
	return bio->bi_iter.bi_size >> SECTOR_SHIFT;
}

static inline sector_t bio_end_sector(const struct bio *bio)
{
	return bio->bi_iter.bi_sector + bio_sectors(bio);
}

static inline bool bio_has_data(const struct bio *bio)
{
	return bio->bi_iter.bi_size && bio_op(bio) != REQ_OP_DISCARD;
}

/* Every segment of a bio the caller owns (completion handlers). */
#define bio_for_each_segment_all(bvl, bio, i) \
	for ((i) = 0, (bvl) = (bio)->bi_io_vec; (i) < (bio)->bi_vcnt; (i)++, (bvl)++)

/*
 * The remaining segments from bio->bi_iter (drivers): bv is a struct
 * bio_vec copy clipped to the iterator.
 */
struct bio_vec bio_iter_bvec(const struct bio *bio, struct bvec_iter iter);
void bio_advance_iter(const struct bio *bio, struct bvec_iter *iter, unsigned int bytes);
#define bio_for_each_segment(bvl, bio, iter)					\
	for ((iter) = (bio)->bi_iter;						\
	     (iter).bi_size && ((bvl) = bio_iter_bvec((bio), (iter)), 1);	\
	     bio_advance_iter((bio), &(iter), (bvl).bv_len))

#endif /* _LINUX_BIO_H */
