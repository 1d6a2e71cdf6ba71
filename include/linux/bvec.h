/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct bio_vec: one (page, offset, length) piece of a block I/O or of
 * an ITER_BVEC iov_iter.
 */
#ifndef _LINUX_BVEC_H
#define _LINUX_BVEC_H

struct page;

struct bio_vec {
	struct page *bv_page;
	unsigned int bv_len;
	unsigned int bv_offset;
};

#endif /* _LINUX_BVEC_H */
