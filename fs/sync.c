// SPDX-License-Identifier: GPL-2.0-only
/*
 * Getting data to stable storage on request: sync(2), syncfs(2),
 * fsync(2), fdatasync(2) and sync_file_range(2).
 *
 * Exported: sync_filesystem() (used by syncfs, umount and a remount to
 * read-only), ksys_sync(), vfs_fsync_range() and vfs_fsync() (the
 * file's ->fsync; generic_write_sync() uses them for O_SYNC/O_DSYNC).
 *
 * Promises, per call:
 *   sync             dirty inodes and pages of every writable file system
 *                    written and waited on, each ->sync_fs run, then the
 *                    block devices' own page caches written and their
 *                    volatile write caches flushed;
 *   syncfs           that, limited to one file system and its device;
 *   fsync/fdatasync  whatever ->fsync does to make the file durable
 *                    (EINVAL without one); fdatasync may leave metadata
 *                    that is not needed to read the data back;
 *   sync_file_range  starts and/or waits for writeback of the pages in a
 *                    range, as the flags ask, and nothing else.
 * A file learns of writeback errors through its errseq cursor
 * (file_check_and_advance_wb_err(), f_sb_err for syncfs).  File systems
 * in memory have no device and nothing to write: for them it all
 * succeeds at once (noop_fsync).
 *
 * Locking: sync_filesystem() is called with sb->s_umount held (shared
 * from iterate_supers() and syncfs, exclusive from umount).
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

/* sync_file_range(2) flag bits (uapi values). */
#define SYNC_FILE_RANGE_WAIT_BEFORE	1
#define SYNC_FILE_RANGE_WRITE		2
#define SYNC_FILE_RANGE_WAIT_AFTER	4
/* All three together: write with data-integrity semantics and wait. */
#define SFR_ALL	(SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | \
		 SYNC_FILE_RANGE_WAIT_AFTER)

/* Queue writeback of mapping's dirty pages in [start, end]; do not wait. */
static int fdatawrite_range_nowait(struct address_space *mapping, loff_t start, loff_t end)
{
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_NONE,
		.nr_to_write = LONG_MAX,
		.range_start = start,
		.range_end = end,
	};

	if (!mapping_can_writeback(mapping))
		return 0;
	if (!mapping_tagged(mapping, PAGECACHE_TAG_DIRTY))
		return 0;
	return do_writepages(mapping, &wbc);
}

/* ------------------------------------------------------------ file systems */

/*
 * One pass over a file system.  The first pass (wait false) only gets
 * I/O going everywhere, so the device sees it all together; the second
 * writes what is still dirty and waits for it.  The device's own page
 * cache (metadata buffers) goes last, because ->sync_fs may dirty the
 * super block and bitmaps in it.  The first error is what is reported.
 */
static int sync_fs_pass(struct super_block *sb, bool wait)
{
	struct block_device *bdev = sb->s_bdev;
	int first_err = 0, err;

	if (wait)
		sync_inodes_sb(sb);
	else
		writeback_inodes_sb(sb, WB_REASON_SYNC);

	if (sb->s_op && sb->s_op->sync_fs)
		first_err = sb->s_op->sync_fs(sb, wait);

	if (!bdev)
		return first_err;
	err = wait ? sync_blockdev(bdev) :
		     fdatawrite_range_nowait(bdev->bd_inode->i_mapping, 0, LLONG_MAX);
	return first_err ? first_err : err;
}

int sync_filesystem(struct super_block *sb)
{
	int err;

	/* Nothing can be dirty on a read-only mount. */
	if (sb_rdonly(sb))
		return 0;
	err = sync_fs_pass(sb, false);
	return err < 0 ? err : sync_fs_pass(sb, true);
}

/* The steps of sync(2), in the order they must run. */
enum sync_step {
	STEP_INODES,		/* every writable sb: write and wait for its inodes */
	STEP_FS_START,		/* ->sync_fs(sb, 0) */
	STEP_FS_WAIT,		/* ->sync_fs(sb, 1) */
	STEP_BDEV_START,	/* each block device: queue its own dirty pages */
	STEP_BDEV_FINISH,	/* each block device: write, wait, flush the cache */
};

static void sync_step_sb(struct super_block *sb, void *arg)
{
	enum sync_step step = (enum sync_step)(unsigned long)arg;

	if (sb_rdonly(sb))
		return;
	if (step == STEP_INODES) {
		sync_inodes_sb(sb);
		return;
	}
	if (sb->s_op && sb->s_op->sync_fs)
		sb->s_op->sync_fs(sb, step == STEP_FS_WAIT);
}

static void sync_step_bdev(struct block_device *bdev, void *arg)
{
	enum sync_step step = (enum sync_step)(unsigned long)arg;

	if (step == STEP_BDEV_START) {
		fdatawrite_range_nowait(bdev->bd_inode->i_mapping, 0, LLONG_MAX);
		return;
	}
	sync_blockdev(bdev);
	/* A cache flush covers the whole disk: send it for partition 0 only. */
	if (bdev->bd_partno == 0)
		blkdev_issue_flush(bdev);
}

void ksys_sync(void)
{
	enum sync_step step;

	wakeup_flusher_threads(WB_REASON_SYNC);
	for (step = STEP_INODES; step <= STEP_FS_WAIT; step++)
		iterate_supers(sync_step_sb, (void *)(unsigned long)step);
	for (step = STEP_BDEV_START; step <= STEP_BDEV_FINISH; step++)
		iterate_bdevs(sync_step_bdev, (void *)(unsigned long)step);
}

SYSCALL_DEFINE0(sync)
{
	ksys_sync();
	return 0;
}

/* syncfs(2) without the descriptor: sync sb and flush its device. */
static int syncfs_sb(struct super_block *sb)
{
	int err;

	down_read(&sb->s_umount);
	err = sync_filesystem(sb);
	up_read(&sb->s_umount);
	if (err || !sb->s_bdev)
		return err;
	return blkdev_issue_flush(sb->s_bdev);
}

/*
 * syncfs(2) also reports writeback errors any file of the file system
 * hit since fd was opened (or last syncfs'ed); the cursor in the file
 * moves on even when the sync itself failed.  The first failure wins.
 */
SYSCALL_DEFINE1(syncfs, int, fd)
{
	struct fd f = fdget(fd);
	struct file *file = f.file;
	int err, wb_err;

	if (!file)
		return -EBADF;
	err = syncfs_sb(file->f_path.dentry->d_sb);
	wb_err = errseq_check_and_advance(&file->f_path.dentry->d_sb->s_wb_err,
					  &file->f_sb_err);
	fdput(f);
	return err ? err : wb_err;
}

/* ------------------------------------------------------------ files */

int vfs_fsync_range(struct file *file, loff_t start, loff_t end, int datasync)
{
	struct inode *inode = file->f_mapping->host;
	int (*fsync)(struct file *, loff_t, loff_t, int) = file->f_op->fsync;

	if (!fsync)
		return -EINVAL;
	/*
	 * Timestamps kept only in memory (I_DIRTY_TIME) are metadata that
	 * fsync must make durable; fdatasync may leave them.
	 */
	if ((inode->i_state & I_DIRTY_TIME) && !datasync)
		mark_inode_dirty_sync(inode);
	return fsync(file, start, end, datasync);
}

/* fsync(2) and fdatasync(2) differ only in whether metadata may be skipped. */
static int fsync_fd(unsigned int fd, bool data_only)
{
	struct file *file = fget(fd);
	int err;

	if (!file)
		return -EBADF;
	err = vfs_fsync_range(file, 0, LLONG_MAX, data_only);
	fput(file);
	return err;
}

int vfs_fsync(struct file *file, int datasync)
{
	return vfs_fsync_range(file, 0, LLONG_MAX, datasync);
}

SYSCALL_DEFINE1(fsync, unsigned int, fd)
{
	return fsync_fd(fd, false);
}

SYSCALL_DEFINE1(fdatasync, unsigned int, fd)
{
	return fsync_fd(fd, true);
}

/* Wait for writeback in the range, then collect the file's unseen errors. */
static int wait_range_and_check(struct file *file, loff_t first, loff_t last)
{
	filemap_fdatawait_range(file->f_mapping, first, last);
	return file_check_and_advance_wb_err(file);
}

/* Only files with a page cache of their own can have a range synced. */
static bool range_syncable(umode_t mode)
{
	return S_ISREG(mode) || S_ISDIR(mode) || S_ISLNK(mode) || S_ISBLK(mode);
}

/*
 * The inclusive last byte of [offset, offset + nbytes), nbytes 0 meaning
 * "to the end of the file"; false for a negative or overflowing range.
 */
static bool sfr_last_byte(loff_t offset, loff_t nbytes, loff_t *last)
{
	if (offset < 0 || nbytes < 0 || nbytes > LLONG_MAX - offset)
		return false;
	*last = nbytes ? offset + nbytes - 1 : LLONG_MAX;
	return true;
}

/*
 * sync_file_range(2): [offset, offset + nbytes), nbytes 0 meaning "to
 * the end of the file".  The flags pick the steps (wait for writeback
 * already running, start writeback, wait for it), done in that order;
 * a failing step ends the call.  Metadata and the device cache are not
 * touched.  With all three flags the write is a data-integrity one.
 */
int sync_file_range(struct file *file, loff_t offset, loff_t nbytes, unsigned int flags)
{
	loff_t last;
	int ret = 0;

	if ((flags & ~SFR_ALL) || !sfr_last_byte(offset, nbytes, &last))
		return -EINVAL;
	if (!range_syncable(file_inode(file)->i_mode))
		return -ESPIPE;

	if (flags & SYNC_FILE_RANGE_WAIT_BEFORE)
		ret = wait_range_and_check(file, offset, last);
	if (ret >= 0 && (flags & SYNC_FILE_RANGE_WRITE)) {
		if ((flags & SFR_ALL) == SFR_ALL)
			ret = filemap_fdatawrite_range(file->f_mapping, offset, last);
		else
			ret = fdatawrite_range_nowait(file->f_mapping, offset, last);
	}
	if (ret >= 0 && (flags & SYNC_FILE_RANGE_WAIT_AFTER))
		ret = wait_range_and_check(file, offset, last);
	return ret;
}

SYSCALL_DEFINE4(sync_file_range, int, fd, loff_t, offset, loff_t, nbytes,
		unsigned int, flags)
{
	struct fd f = fdget(fd);
	int err;

	if (!f.file)
		return -EBADF;
	err = sync_file_range(f.file, offset, nbytes, flags);
	fdput(f);
	return err;
}
