// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for the generic read and write paths (mm/filemap_rw.c) and
 * read-ahead (mm/readahead.c), on a tmpfs file whose address_space is
 * switched to a toy "disk" for the test: ->readpage/->readahead copy
 * from a vmalloc'ed buffer (read-ahead completes from a workqueue, so
 * readers really wait on the page lock), ->write_begin/->write_end copy
 * into it (write-through: pages stay clean).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/vmalloc.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <linux/init_syscalls.h>
#include <linux/uio.h>
#include <linux/selftest.h>
#include <uapi/linux/fcntl.h>

#define DISK_PAGES	96
#define RA_PAGES	16

static u8 *disk;
static int readpage_calls, readahead_calls, readahead_pages;

static void fill_from_disk(struct page *page)
{
	if (page->index < DISK_PAGES)
		memcpy(page_address(page), disk + page->index * PAGE_SIZE, PAGE_SIZE);
	else
		memset(page_address(page), 0, PAGE_SIZE);
	SetPageUptodate(page);
	unlock_page(page);
}

static int disk_readpage(struct file *file, struct page *page)
{
	readpage_calls++;
	fill_from_disk(page);
	return 0;
}

struct ra_io {
	struct work_struct work;
	struct page *pages[RA_PAGES * 2];
	unsigned int nr;
};

/* "I/O completion": fill and unlock each page, drop the reference handed to us. */
static void ra_complete(struct work_struct *work)
{
	struct ra_io *io = container_of(work, struct ra_io, work);

	for (unsigned int i = 0; i < io->nr; i++) {
		fill_from_disk(io->pages[i]);
		put_page(io->pages[i]);
	}
	kfree(io);
}

static void disk_readahead(struct readahead_control *rac)
{
	struct ra_io *io = kzalloc(sizeof(*io), GFP_KERNEL);
	struct page *page;

	if (!io)
		return;		/* what is left goes through ->readpage */
	readahead_calls++;
	while (io->nr < ARRAY_SIZE(io->pages) && (page = readahead_page(rac)))
		io->pages[io->nr++] = page;
	readahead_pages += io->nr;
	INIT_WORK(&io->work, ra_complete);
	schedule_work(&io->work);
}

static int disk_write_begin(struct file *file, struct address_space *mapping, loff_t pos,
			    unsigned int len, unsigned int flags, struct page **pagep,
			    void **fsdata)
{
	struct page *page = grab_cache_page_write_begin(mapping, pos >> PAGE_SHIFT, flags);

	if (!page)
		return -ENOMEM;
	/* A partial write of a page not in memory: read the rest first. */
	if (!PageUptodate(page) && len != PAGE_SIZE) {
		memcpy(page_address(page), disk + page->index * PAGE_SIZE, PAGE_SIZE);
		SetPageUptodate(page);
	}
	*pagep = page;
	return 0;
}

static int disk_write_end(struct file *file, struct address_space *mapping, loff_t pos,
			  unsigned int len, unsigned int copied, struct page *page, void *fsdata)
{
	struct inode *inode = mapping->host;

	if (!PageUptodate(page) && copied < len)
		copied = 0;	/* never expose a half-copied page */
	if (copied) {
		SetPageUptodate(page);
		memcpy(disk + pos, (char *)page_address(page) + (pos & ~PAGE_MASK), copied);
		if (pos + copied > i_size_read(inode))
			i_size_write(inode, pos + copied);
	}
	unlock_page(page);
	put_page(page);
	return copied;
}

static const struct address_space_operations disk_aops = {
	.readpage = disk_readpage,
	.readahead = disk_readahead,
	.write_begin = disk_write_begin,
	.write_end = disk_write_end,
};

static const struct file_operations disk_fops = {
	.read_iter = generic_file_read_iter,
	.write_iter = generic_file_write_iter,
};

static u8 pattern(loff_t pos)
{
	return (u8)(pos * 7 + (pos >> 12));
}

static int filemap_rw_test(void)
{
	const struct address_space_operations *saved_aops;
	const struct file_operations *saved_fops;
	bool was_unevictable;
	const loff_t size = 40 * PAGE_SIZE + 123;
	struct address_space *mapping;
	struct page *page = NULL;
	struct file *file;
	loff_t pos;
	u8 *buf;
	int ret = -1;

	disk = vzalloc(DISK_PAGES * PAGE_SIZE);
	buf = kmalloc(3 * PAGE_SIZE, GFP_KERNEL);
	ST_ASSERT(disk && buf, "no memory");
	file = filp_open("/filemap_rw_test", O_RDWR | O_CREAT | O_TRUNC, 0600);
	ST_ASSERT(!IS_ERR(file), "open: %ld", PTR_ERR(file));
	mapping = file->f_mapping;
	saved_aops = mapping->a_ops;
	saved_fops = file->f_op;
	mapping->a_ops = &disk_aops;
	/* ramfs files are unevictable; tmpfs files are swap-backed and are not. */
	was_unevictable = test_and_clear_bit(AS_UNEVICTABLE, &mapping->flags);
	file->f_op = &disk_fops;
	file->f_ra.ra_pages = RA_PAGES;

	/* Write in odd-sized pieces across page boundaries. */
	for (pos = 0; pos < size;) {
		size_t n = min_t(loff_t, 3000, size - pos);

		for (size_t i = 0; i < n; i++)
			buf[i] = pattern(pos + i);
		if (kernel_write(file, buf, n, &pos) != (ssize_t)n) {
			st_diag("write at %lld failed", pos);
			goto out;
		}
	}
	if (i_size_read(file_inode(file)) != size || mapping->nrpages != 41) {
		st_diag("after writing: size %lld, %lu pages", i_size_read(file_inode(file)),
			mapping->nrpages);
		goto out;
	}

	/* Cold cache, then a sequential read: read-ahead must do the work. */
	invalidate_mapping_pages(mapping, 0, ULONG_MAX);
	if (mapping->nrpages) {
		st_diag("%lu pages survived invalidation", mapping->nrpages);
		goto out;
	}
	readpage_calls = readahead_calls = readahead_pages = 0;
	/* File the pages other CPUs' LRU batches still hold. */
	lru_add_drain_all();
	file->f_ra.prev_pos = -1;
	for (pos = 0; pos < size;) {
		loff_t at = pos;
		ssize_t n = kernel_read(file, buf, 1000, &pos);

		if (n != min_t(loff_t, 1000, size - at)) {
			st_diag("read at %lld: %zd", at, n);
			goto out;
		}
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] != pattern(at + i)) {
				st_diag("byte %lld is %#x, want %#x", at + i, buf[i], pattern(at + i));
				goto out;
			}
		}
	}
	st_diag("sequential read of 41 pages: %d ->readahead calls for %d pages, %d ->readpage",
		readahead_calls, readahead_pages, readpage_calls);
	if (readahead_pages != 41 || readpage_calls || readahead_calls > 8) {
		st_diag("read-ahead did not cover the file in a few windows");
		goto out;
	}

	/* One pass of small reads is one use of each page; a second pass activates. */
	page = find_get_page(mapping, 10);
	if (!page || !PageReferenced(page) || PageActive(page)) {
		st_diag("after one pass: referenced %d active %d", page && PageReferenced(page),
			page && PageActive(page));
		goto out_put;
	}
	/* File the pages other CPUs' LRU batches still hold. */
	lru_add_drain_all();
	file->f_ra.prev_pos = -1;
	for (pos = 0; pos < size;)
		if (kernel_read(file, buf, 1000, &pos) <= 0)
			goto out_put;
	if (!PageActive(page)) {
		st_diag("a second pass did not activate the page");
		goto out_put;
	}
	put_page(page);
	page = NULL;

	/* EOF: nothing past it, a short read up to it. */
	pos = size;
	if (kernel_read(file, buf, 10, &pos) != 0)
		goto out;
	pos = size - 5;
	if (kernel_read(file, buf, 100, &pos) != 5 || buf[4] != pattern(size - 1))
		goto out;
	/* A write inside the file shows up in a read-back. */
	pos = 5 * PAGE_SIZE - 2;
	memset(buf, 0x5a, 4);
	if (kernel_write(file, buf, 4, &pos) != 4)
		goto out;
	pos = 5 * PAGE_SIZE - 3;
	if (kernel_read(file, buf, 6, &pos) != 6 || buf[0] != pattern(5 * PAGE_SIZE - 3) ||
	    buf[1] != 0x5a || buf[4] != 0x5a || buf[5] != pattern(5 * PAGE_SIZE + 2))
		goto out;
	ret = 0;
out_put:
	if (page)
		put_page(page);
out:
	truncate_inode_pages(mapping, 0);
	flush_workqueue(system_wq);
	file->f_op = saved_fops;
	mapping->a_ops = saved_aops;
	if (was_unevictable)
		mapping_set_unevictable(mapping);
	i_size_write(file_inode(file), 0);
	fput(file);
	init_unlink("/filemap_rw_test");
	vfree(disk);
	kfree(buf);
	return ret;
}
DEFINE_SELFTEST("pagecache: generic read/write paths, sequential read-ahead", filemap_rw_test);
