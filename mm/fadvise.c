// SPDX-License-Identifier: GPL-2.0-only
/*
 * posix_fadvise(2) (the fadvise64 system call): how a file will be read.
 *
 *   POSIX_FADV_NORMAL      the read-ahead window back to the device's
 *   POSIX_FADV_SEQUENTIAL  twice the device's window
 *   POSIX_FADV_RANDOM      no read-ahead for this open file
 *   POSIX_FADV_WILLNEED    start reading the range into the page cache
 *   POSIX_FADV_DONTNEED    drop the range's clean, unmapped cached pages
 *   POSIX_FADV_NOREUSE     accepted, no effect (as in Linux)
 * The window settings belong to the open file (file->f_ra), not the
 * inode.  Errors as Linux: EBADF, ESPIPE for a pipe or FIFO, EINVAL for
 * an unknown advice or a negative length.  Files without a page cache
 * accept every advice and nothing happens.
 *
 * Interface: the system call.  Locking: f_ra is guarded by nothing (a
 * racing reader only disturbs the heuristic, see <linux/fs.h>); the page
 * cache calls take their own locks.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/syscalls.h>

#define POSIX_FADV_NORMAL	0
#define POSIX_FADV_RANDOM	1
#define POSIX_FADV_SEQUENTIAL	2
#define POSIX_FADV_WILLNEED	3
#define POSIX_FADV_DONTNEED	4
#define POSIX_FADV_NOREUSE	5

/* At most this much is read at once for WILLNEED (pages; 2 MiB). */
#define FADV_WILLNEED_MAX	512

static long fadvise_file(struct file *file, loff_t offset, loff_t len, int advice)
{
	struct address_space *mapping = file->f_mapping;
	pgoff_t first, last;
	loff_t end;

	if (S_ISFIFO(file_inode(file)->i_mode))
		return -ESPIPE;
	if (advice < POSIX_FADV_NORMAL || advice > POSIX_FADV_NOREUSE || len < 0)
		return -EINVAL;
	if (!mapping || !mapping->a_ops)
		return 0;
	/* len 0: to the end of the file. */
	end = (len == 0 || offset > LLONG_MAX - len) ? LLONG_MAX : offset + len - 1;
	if (offset < 0)
		offset = 0;
	first = offset >> PAGE_SHIFT;
	last = end >> PAGE_SHIFT;
	switch (advice) {
	case POSIX_FADV_NORMAL:
		file_ra_state_init(&file->f_ra, mapping);
		break;
	case POSIX_FADV_RANDOM:
		file->f_ra.ra_pages = 0;
		break;
	case POSIX_FADV_SEQUENTIAL:
		file_ra_state_init(&file->f_ra, mapping);
		file->f_ra.ra_pages *= 2;
		break;
	case POSIX_FADV_WILLNEED:
		if (file->f_ra.ra_pages)
			page_cache_sync_readahead(mapping, &file->f_ra, file, first,
						  min_t(u64, last - first + 1, FADV_WILLNEED_MAX));
		break;
	case POSIX_FADV_DONTNEED: {
		/* Only whole pages: a partial page at either end may still be wanted. */
		pgoff_t stop = end == LLONG_MAX ? last + 1 : (pgoff_t)((end + 1) >> PAGE_SHIFT);

		if (offset & ~PAGE_MASK)
			first++;
		if (first < stop)
			invalidate_mapping_pages(mapping, first, stop - 1);
		break;
	}
	}
	return 0;
}

SYSCALL_DEFINE4(fadvise64, int, fd, loff_t, offset, size_t, len, int, advice)
{
	struct fd f = fdget(fd);
	long ret;

	if (!f.file)
		return -EBADF;
	ret = fadvise_file(f.file, offset, (loff_t)len, advice);
	fdput(f);
	return ret;
}
