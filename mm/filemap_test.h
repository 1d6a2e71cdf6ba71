/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the page-cache self tests (mm/filemap_test.c,
 * mm/filemap_stress_test.c, mm/truncate_test.c, mm/vmscan_test.c):
 * fake address_spaces without an inode, and test kthreads.
 */
#ifndef _MM_FILEMAP_TEST_H
#define _MM_FILEMAP_TEST_H

#include <linux/fs.h>
#include <linux/sched.h>

/* An empty mapping with no host inode, allocating with GFP_KERNEL. */
void fake_mapping_init(struct address_space *mapping,
		       const struct address_space_operations *aops);
/* Threads: selftest_thread_start() and friends, <linux/selftest.h>. */

#endif /* _MM_FILEMAP_TEST_H */
