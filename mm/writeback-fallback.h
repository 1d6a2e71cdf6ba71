/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TEMPORARY (branch wb only): the page-cache tag API that branch
 * `pagecache` adds to <linux/radix-tree.h>, declared here so that the
 * writeback code builds before that branch is merged.  The definitions
 * are weak fallbacks in mm/writeback-fallback.c.  Both files go away in
 * the merge of `pagecache` (and `block`) into `wb`.
 */
#ifndef _MM_WRITEBACK_FALLBACK_H
#define _MM_WRITEBACK_FALLBACK_H

#include <linux/radix-tree.h>

void *radix_tree_tag_set(struct radix_tree_root *root, unsigned long index, unsigned int tag);
void *radix_tree_tag_clear(struct radix_tree_root *root, unsigned long index,
			   unsigned int tag);
unsigned long radix_tree_range_tag_if_tagged(struct radix_tree_root *root,
					     unsigned long *first_indexp,
					     unsigned long last_index, unsigned long nr_to_tag,
					     unsigned int fromtag, unsigned int totag);

#endif
