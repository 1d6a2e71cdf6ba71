/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct scatterlist: one physically contiguous piece of a DMA buffer,
 * as (page, offset, length).  The kernel maps all RAM linearly and has
 * no IOMMU, so a piece's bus address is simply its physical address
 * (sg_phys()).  Buffers must be in the direct map (kmalloc(), page
 * allocator, kernel stacks), not vmalloc()ed.
 *
 * Lists here are plain arrays; sg_mark_end() flags the last entry (what
 * virtqueue_add_sgs() walks to), sg_next() steps until it.
 */
#ifndef _LINUX_SCATTERLIST_H
#define _LINUX_SCATTERLIST_H

#include <linux/types.h>
#include <linux/string.h>
#include <linux/mm.h>

struct scatterlist {
	struct page *page;
	unsigned int offset;
	unsigned int length;
	bool end;			/* last entry of its list */
};

static inline void sg_set_page(struct scatterlist *sg, struct page *page, unsigned int len,
			       unsigned int offset)
{
	sg->page = page;
	sg->offset = offset;
	sg->length = len;
}

static inline void sg_set_buf(struct scatterlist *sg, const void *buf, unsigned int len)
{
	sg_set_page(sg, virt_to_page(buf), len, offset_in_page(buf));
}

static inline void sg_init_table(struct scatterlist *sgl, unsigned int nents)
{
	memset(sgl, 0, sizeof(*sgl) * nents);
	if (nents)
		sgl[nents - 1].end = true;
}

static inline void sg_init_one(struct scatterlist *sg, const void *buf, unsigned int len)
{
	sg_init_table(sg, 1);
	sg_set_buf(sg, buf, len);
}

static inline void sg_mark_end(struct scatterlist *sg)
{
	sg->end = true;
}

static inline struct scatterlist *sg_next(struct scatterlist *sg)
{
	return sg->end ? NULL : sg + 1;
}

static inline phys_addr_t sg_phys(const struct scatterlist *sg)
{
	return page_to_phys(sg->page) + sg->offset;
}

static inline void *sg_virt(const struct scatterlist *sg)
{
	return page_address(sg->page) + sg->offset;
}

#endif /* _LINUX_SCATTERLIST_H */
