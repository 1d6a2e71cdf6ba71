// SPDX-License-Identifier: GPL-2.0-only
/*
 * Data integrity system calls: sync(2), syncfs(2), fsync(2),
 * fdatasync(2), sync_file_range(2).
 *
 * Interface: sync_filesystem(sb) (syncfs, umount, remount read-only),
 * ksys_sync(), vfs_fsync_range()/vfs_fsync() (a file's ->fsync; also
 * what generic_write_sync() calls for O_SYNC/O_DSYNC writes).
 *
 * What each one guarantees, as in Linux:
 *   sync         every file system's dirty inodes and pages written and
 *                waited for, ->sync_fs, then every block device's own
 *                page cache written and its write cache flushed
 *   syncfs       the same for one file system (and its device)
 *   fsync        the file's data and metadata durable (->fsync; -EINVAL
 *                for files that have none); fdatasync may skip metadata
 *                not needed to read the data back
 *   sync_file_range  only starts and/or waits for the range's pages, by
 *                its flags; no metadata, no device flush
 * Writeback errors reach fsync/syncfs/sync_file_range callers through
 * the file's errseq cursor (file_check_and_advance_wb_err()).
 *
 * Memory file systems have no backing device: their sync is a no-op
 * that succeeds (their ->fsync is noop_fsync).
 *
 * Locking: sync_filesystem() runs under sb->s_umount (iterate_supers()
 * or the syscall takes it shared; umount holds it exclusively).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/backing-dev.h>
#include <linux/blkdev.h>
#include <linux/syscalls.h>

/* sync_file_range(2) flags (Linux ABI). */
#define SYNC_FILE_RANGE_WAIT_BEFORE	1
#define SYNC_FILE_RANGE_WRITE		2
#define SYNC_FILE_RANGE_WAIT_AFTER	4
#define SYNC_FILE_RANGE_WRITE_AND_WAIT	\
	(SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WAIT_AFTER)
#define VALID_SYNC_FILE_RANGE_FLAGS	SYNC_FILE_RANGE_WRITE_AND_WAIT

/* Start writing mapping's pages in [start, end] without waiting. */
static int fdatawrite_range_nowait(struct address_space *mapping, loff_t start, loff_t end)
{
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_NONE,
		.nr_to_write = LONG_MAX,
		.range_start = start,
		.range_end = end,
	};

	if (!mapping_can_writeback(mapping) || !mapping_tagged(mapping, PAGECACHE_TAG_DIRTY))
		return 0;
	return do_writepages(mapping, &wbc);
}

/* ------------------------------------------------------------ file systems */

/*
 * Two rounds, as Linux: the first only starts I/O everywhere (so the
 * device sees it all at once), the second writes what is left and
 * waits.  The block device's own cache (metadata buffers) comes last,
 * after ->sync_fs has dirtied the super block and bitmaps.
 */
static int __sync_filesystem(struct super_block *sb, int wait)
{
	int ret = 0, err;

	if (wait)
		sync_inodes_sb(sb);
	else
		writeback_inodes_sb(sb, WB_REASON_SYNC);
	if (sb->s_op && sb->s_op->sync_fs) {
		err = sb->s_op->sync_fs(sb, wait);
		if (err)
			ret = err;
	}
	if (sb->s_bdev) {
		if (wait)
			err = sync_blockdev(sb->s_bdev);
		else
			err = fdatawrite_range_nowait(sb->s_bdev->bd_inode->i_mapping, 0,
						      LLONG_MAX);
		if (err && !ret)
			ret = err;
	}
	return ret;
}

int sync_filesystem(struct super_block *sb)
{
	int ret;

	/* A read-only file system has nothing dirty to write. */
	if (sb_rdonly(sb))
		return 0;
	ret = __sync_filesystem(sb, 0);
	if (ret < 0)
		return ret;
	return __sync_filesystem(sb, 1);
}

static void sync_inodes_one_sb(struct super_block *sb, void *arg)
{
	if (!sb_rdonly(sb))
		sync_inodes_sb(sb);
}

static void sync_fs_one_sb(struct super_block *sb, void *arg)
{
	if (!sb_rdonly(sb) && sb->s_op && sb->s_op->sync_fs)
		sb->s_op->sync_fs(sb, *(int *)arg);
}

static void start_one_bdev(struct block_device *bdev, void *arg)
{
	fdatawrite_range_nowait(bdev->bd_inode->i_mapping, 0, LLONG_MAX);
}

static void sync_one_bdev(struct block_device *bdev, void *arg)
{
	sync_blockdev(bdev);
	/* The flush goes to the whole disk: once per disk is enough. */
	if (!bdev->bd_partno)
		blkdev_issue_flush(bdev);
}

void ksys_sync(void)
{
	int nowait = 0, wait = 1;

	wakeup_flusher_threads(WB_REASON_SYNC);
	iterate_supers(sync_inodes_one_sb, NULL);
	iterate_supers(sync_fs_one_sb, &nowait);
	iterate_supers(sync_fs_one_sb, &wait);
	iterate_bdevs(start_one_bdev, NULL);
	iterate_bdevs(sync_one_bdev, NULL);
}

SYSCALL_DEFINE0(sync)
{
	ksys_sync();
	return 0;
}

SYSCALL_DEFINE1(syncfs, int, fd)
{
	struct fd f = fdget(fd);
	struct super_block *sb;
	int ret, err;

	if (!f.file)
		return -EBADF;
	sb = f.file->f_path.dentry->d_sb;
	down_read(&sb->s_umount);
	ret = sync_filesystem(sb);
	up_read(&sb->s_umount);
	if (!ret && sb->s_bdev)
		ret = blkdev_issue_flush(sb->s_bdev);
	/* Errors from writeback of any file of sb since this file's open. */
	err = errseq_check_and_advance(&sb->s_wb_err, &f.file->f_sb_err);
	if (!ret)
		ret = err;
	fdput(f);
	return ret;
}

/* ------------------------------------------------------------ files */

int vfs_fsync_range(struct file *file, loff_t start, loff_t end, int datasync)
{
	struct inode *inode = file->f_mapping->host;

	if (!file->f_op->fsync)
		return -EINVAL;
	/* fsync (not fdatasync) must also write lazily-kept timestamps. */
	if (!datasync && (inode->i_state & I_DIRTY_TIME))
		mark_inode_dirty_sync(inode);
	return file->f_op->fsync(file, start, end, datasync);
}

int vfs_fsync(struct file *file, int datasync)
{
	return vfs_fsync_range(file, 0, LLONG_MAX, datasync);
}

static int do_fsync(unsigned int fd, int datasync)
{
	struct fd f = fdget(fd);
	int ret = -EBADF;

	if (f.file) {
		ret = vfs_fsync(f.file, datasync);
		fdput(f);
	}
	return ret;
}

SYSCALL_DEFINE1(fsync, unsigned int, fd)
{
	return do_fsync(fd, 0);
}

SYSCALL_DEFINE1(fdatasync, unsigned int, fd)
{
	return do_fsync(fd, 1);
}

static int file_fdatawait_range(struct file *file, loff_t start, loff_t end)
{
	filemap_fdatawait_range(file->f_mapping, start, end);
	return file_check_and_advance_wb_err(file);
}

int sync_file_range(struct file *file, loff_t offset, loff_t nbytes, unsigned int flags)
{
	struct address_space *mapping;
	umode_t mode = file_inode(file)->i_mode;
	loff_t endbyte;
	int ret;

	if (flags & ~VALID_SYNC_FILE_RANGE_FLAGS)
		return -EINVAL;
	endbyte = (loff_t)((u64)offset + (u64)nbytes);
	if (offset < 0 || endbyte < offset)
		return -EINVAL;
	if (nbytes == 0)
		endbyte = LLONG_MAX;	/* to the end of the file */
	else
		endbyte--;		/* inclusive */

	if (!S_ISREG(mode) && !S_ISBLK(mode) && !S_ISDIR(mode) && !S_ISLNK(mode))
		return -ESPIPE;

	mapping = file->f_mapping;
	ret = 0;
	if (flags & SYNC_FILE_RANGE_WAIT_BEFORE) {
		ret = file_fdatawait_range(file, offset, endbyte);
		if (ret < 0)
			return ret;
	}
	if (flags & SYNC_FILE_RANGE_WRITE) {
		if ((flags & SYNC_FILE_RANGE_WRITE_AND_WAIT) == SYNC_FILE_RANGE_WRITE_AND_WAIT)
			ret = filemap_fdatawrite_range(mapping, offset, endbyte);
		else
			ret = fdatawrite_range_nowait(mapping, offset, endbyte);
		if (ret < 0)
			return ret;
	}
	if (flags & SYNC_FILE_RANGE_WAIT_AFTER)
		ret = file_fdatawait_range(file, offset, endbyte);
	return ret;
}

SYSCALL_DEFINE4(sync_file_range, int, fd, loff_t, offset, loff_t, nbytes,
		unsigned int, flags)
{
	struct fd f = fdget(fd);
	int ret = -EBADF;

	if (f.file) {
		ret = sync_file_range(f.file, offset, nbytes, flags);
		fdput(f);
	}
	return ret;
}
