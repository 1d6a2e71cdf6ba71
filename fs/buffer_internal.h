/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared by fs/buffer.c, fs/buffer_aops.c and fs/mpage.c: zeroing parts of
 * a page (the kernel maps all memory: page_address() always works),
 * walking a page's buffers and the buffer-layer helpers they call on
 * each other.
 */
#ifndef _FS_BUFFER_INTERNAL_H
#define _FS_BUFFER_INTERNAL_H

#include <linux/mm.h>
#include <linux/string.h>
#include <linux/buffer_head.h>

static inline void zero_page_range(struct page *page, unsigned int from, unsigned int to)
{
	if (to > from)
		memset((char *)page_address(page) + from, 0, to - from);
}

/*
 * Walking a page's ring of buffers: for_each_bh_in_ring(bh, head) visits
 * head and every buffer after it once.  The body must not unlink bh.
 */
static inline struct buffer_head *bh_ring_next(struct buffer_head *bh,
					       struct buffer_head *head)
{
	return bh->b_this_page == head ? NULL : bh->b_this_page;
}

#define for_each_bh_in_ring(bh, head) \
	for ((bh) = (head); (bh); (bh) = bh_ring_next((bh), (head)))

static inline unsigned long bh_offset(const struct buffer_head *bh)
{
	return (unsigned long)bh->b_data & (PAGE_SIZE - 1);
}

/* Async page I/O completion (fs/buffer.c), used by the page helpers. */
void mark_buffer_async_read(struct buffer_head *bh);
void mark_buffer_async_write(struct buffer_head *bh);
/* A buffer's cached mapping is going away (truncate): forget it. */
void discard_buffer(struct buffer_head *bh);

#endif /* _FS_BUFFER_INTERNAL_H */
