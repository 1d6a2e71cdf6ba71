// SPDX-License-Identifier: GPL-2.0-only
/*
 * TEMPORARY (branch wb only): weak stand-ins for page-cache and block
 * functions that branches `pagecache` and `block` implement, so that the
 * writeback core links on its own.  Nothing on this branch alone calls
 * them (no file system here writes back through the page cache); if
 * something does, each one warns once and fails or does nothing.  The
 * real definitions override these; the file is deleted when those
 * branches are merged into `wb`.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/pagemap.h>

#define MISSING(what)	WARN_ONCE(1, "%s: needs branch " what "\n", __func__)

__weak int filemap_check_errors(struct address_space *mapping)
{
	MISSING("pagecache");
	return -EIO;
}

__weak int filemap_fdatawait_range(struct address_space *mapping, loff_t start, loff_t end)
{
	MISSING("pagecache");
	return -EIO;
}

__weak int filemap_fdatawrite_range(struct address_space *mapping, loff_t start, loff_t end)
{
	MISSING("pagecache");
	return -EIO;
}

__weak int file_check_and_advance_wb_err(struct file *file)
{
	return errseq_check_and_advance(&file->f_mapping->wb_err, &file->f_wb_err);
}

__weak int file_write_and_wait_range(struct file *file, loff_t start, loff_t end)
{
	MISSING("pagecache");
	return -EIO;
}

/* Without mm/readahead.c nobody builds a readahead_control to consume. */
__weak struct page *readahead_page(struct readahead_control *rac)
{
	MISSING("pagecache");
	return NULL;
}
