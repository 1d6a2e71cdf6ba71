// SPDX-License-Identifier: GPL-2.0-only
/*
 * TEMPORARY (branch wb only): weak versions of page-cache functions that
 * branch `pagecache` implements in mm/filemap.c and mm/readahead.c but
 * has not committed yet, so that the writeback core links and its tests
 * run on this branch.  The writeback helpers below are small but real
 * (Linux semantics); the real definitions override them, and the file is
 * deleted once `pagecache` has them and is merged into `wb`.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/backing-dev.h>

/* The old-style error bits, cleared once reported. */
__weak int filemap_check_errors(struct address_space *mapping)
{
	int ret = 0;

	if (test_bit(AS_ENOSPC, &mapping->flags) &&
	    test_and_clear_bit(AS_ENOSPC, &mapping->flags))
		ret = -ENOSPC;
	if (test_bit(AS_EIO, &mapping->flags) && test_and_clear_bit(AS_EIO, &mapping->flags))
		ret = -EIO;
	return ret;
}

static void fdatawait_range(struct address_space *mapping, loff_t start, loff_t end)
{
	pgoff_t index = start >> PAGE_SHIFT, last = end >> PAGE_SHIFT;
	struct page *pages[16];
	unsigned int n, i;

	if (end < start)
		return;
	while (index <= last) {
		n = find_get_pages_range_tag(mapping, &index, last, PAGECACHE_TAG_WRITEBACK,
					     ARRAY_SIZE(pages), pages);
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			wait_on_page_writeback(pages[i]);
			put_page(pages[i]);
		}
		cond_resched();
	}
}

__weak int filemap_fdatawait_range(struct address_space *mapping, loff_t start, loff_t end)
{
	fdatawait_range(mapping, start, end);
	return filemap_check_errors(mapping);
}

__weak int filemap_fdatawrite_range(struct address_space *mapping, loff_t start, loff_t end)
{
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_ALL,
		.nr_to_write = LONG_MAX,
		.range_start = start,
		.range_end = end,
	};

	if (!mapping_can_writeback(mapping) || !mapping_tagged(mapping, PAGECACHE_TAG_DIRTY))
		return 0;
	return do_writepages(mapping, &wbc);
}

__weak int file_check_and_advance_wb_err(struct file *file)
{
	struct address_space *mapping = file->f_mapping;
	int err = errseq_check_and_advance(&mapping->wb_err, &file->f_wb_err);

	/* Consume the old-style bits too, so they are not reported again. */
	filemap_check_errors(mapping);
	return err;
}

__weak int file_write_and_wait_range(struct file *file, loff_t start, loff_t end)
{
	struct address_space *mapping = file->f_mapping;
	int err = 0, err2;

	if (mapping->nrpages) {
		err = filemap_fdatawrite_range(mapping, start, end);
		/* Wait even after an error: the pages that did start must finish. */
		if (err != -EIO)
			fdatawait_range(mapping, start, end);
	}
	err2 = file_check_and_advance_wb_err(file);
	return err ? err : err2;
}

/* Without mm/readahead.c nobody builds a readahead_control to consume. */
__weak struct page *readahead_page(struct readahead_control *rac)
{
	WARN_ONCE(1, "readahead_page: needs branch pagecache\n");
	return NULL;
}
