// SPDX-License-Identifier: GPL-2.0-only
/*
 * NFS regular files: the file and inode operations and the page cache's
 * address_space operations.
 *
 * Interface: nfs_file_operations, nfs_file_inode_operations,
 * nfs_file_aops (nfs_fhget() installs them for regular files).
 *
 * Close-to-open consistency (nfs(5), "cto"): every open asks the server
 * for the file's attributes (GETATTR) unless the mount says nocto, and a
 * file that changed since its pages were cached has its clean page cache
 * dropped (nfs_revalidate_mapping()); every close of a file opened for
 * writing writes its dirty data back and COMMITs it before returning,
 * so whoever opens the file next, on any client, reads it.
 *
 * Data goes through the page cache as on a local file system
 * (generic_file_read_iter(), generic_perform_write() with nfs_write_begin
 * /_end, generic_file_mmap()), with revalidation in front: reads and
 * mmap check the attribute cache first; O_APPEND writes and SEEK_END
 * fetch the size from the server.  O_DIRECT goes to direct.c.  O_SYNC
 * and O_DSYNC writes are sent FILE_SYNC before write(2) returns.  fsync
 * writes back, waits, and COMMITs (write.c).
 *
 * Errors of background writeback (ENOSPC, EDQUOT, EIO from the server)
 * reach the writer three ways: the next write(2) returns the sticky
 * error once; fsync(2) and close(2) report what the mapping's errseq
 * recorded since the file last looked (each open file sees each error).
 *
 * Locking: i_rwsem around buffered and direct writes (generic code and
 * direct.c); nothing of our own.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/errseq.h>
#include <linux/uio.h>
#include <uapi/linux/nfs_mount.h>
#include "internal.h"

static int nfs_file_open(struct inode *inode, struct file *file)
{
	int err = generic_file_open(inode, file);

	if (err)
		return err;
	if (!(NFS_SERVER(inode)->flags & NFS_MOUNT_NOCTO)) {
		err = nfs_revalidate_inode(inode, true);
		if (err)
			return err;
	}
	err = nfs_revalidate_mapping(inode);
	if (err)
		return err;
	if (file->f_mode & FMODE_WRITE) {
		atomic_inc(&NFS_I(inode)->open_writers);
		nfs_set_wb_cred(inode, file->f_cred);
	}
	return 0;
}

static int nfs_file_release(struct inode *inode, struct file *file)
{
	if (file->f_mode & FMODE_WRITE)
		atomic_dec(&NFS_I(inode)->open_writers);
	return 0;
}

/* Every close(2): the data reaches stable storage on the server, errors surface. */
static int nfs_file_flush(struct file *file, fl_owner_t id)
{
	struct inode *inode = file_inode(file);
	int err, seen;

	if (!(file->f_mode & FMODE_WRITE))
		return 0;
	err = nfs_sync_range(inode, 0, LLONG_MAX, NFS_UNSTABLE);
	seen = file_check_and_advance_wb_err(file);
	/* Reported here: the next write(2) need not report it again. */
	WRITE_ONCE(NFS_I(inode)->write_error, 0);
	return seen ? seen : err;
}

static int nfs_file_fsync(struct file *file, loff_t start, loff_t end, int datasync)
{
	struct inode *inode = file_inode(file);
	int err, seen;

	err = nfs_sync_range(inode, start, end, NFS_UNSTABLE);
	seen = file_check_and_advance_wb_err(file);
	WRITE_ONCE(NFS_I(inode)->write_error, 0);
	return err ? err : seen;
}

static ssize_t nfs_file_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct inode *inode = file_inode(iocb->ki_filp);
	int err;

	if (iocb->ki_flags & IOCB_DIRECT)
		return nfs_file_direct_read(iocb, to);
	err = nfs_revalidate_mapping(inode);
	if (err)
		return err;
	return generic_file_read_iter(iocb, to);
}

static ssize_t nfs_file_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file_inode(file);
	bool sync = iocb->ki_flags & (IOCB_SYNC | IOCB_DSYNC);
	errseq_t since;
	ssize_t done;
	int err;

	/* A background WRITE failed: report it before caching more data. */
	err = xchg(&NFS_I(inode)->write_error, 0);
	if (err)
		return err;
	/* O_APPEND writes at the server's end of the file, not a stale one. */
	if (iocb->ki_flags & IOCB_APPEND) {
		err = nfs_revalidate_inode(inode, true);
		if (err)
			return err;
	}
	if (iocb->ki_flags & IOCB_DIRECT)
		return nfs_file_direct_write(iocb, from);

	since = errseq_sample(&file->f_mapping->wb_err);
	/* O_SYNC data goes FILE_SYNC below, not as UNSTABLE + COMMIT. */
	iocb->ki_flags &= ~(IOCB_SYNC | IOCB_DSYNC);
	done = generic_file_write_iter(iocb, from);
	if (done > 0 && sync) {
		err = nfs_sync_range(inode, iocb->ki_pos - done, iocb->ki_pos - 1,
				     NFS_FILE_SYNC);
		if (err)
			return err;
	}
	/* The throttled writer's own data hit an error on the way out. */
	if (done > 0) {
		err = errseq_check(&file->f_mapping->wb_err, since);
		if (err)
			return err;
	}
	return done;
}

static loff_t nfs_file_llseek(struct file *file, loff_t offset, int whence)
{
	/* Anything relative to the end needs the server's idea of the size. */
	if (whence != SEEK_SET && whence != SEEK_CUR) {
		int err = nfs_revalidate_inode(file_inode(file), false);

		if (err)
			return err;
	}
	return generic_file_llseek(file, offset, whence);
}

static int nfs_file_mmap(struct file *file, struct vm_area_struct *vma)
{
	int err = nfs_revalidate_mapping(file_inode(file));

	if (err)
		return err;
	return generic_file_mmap(file, vma);
}

const struct file_operations nfs_file_operations = {
	.llseek = nfs_file_llseek,
	.read_iter = nfs_file_read_iter,
	.write_iter = nfs_file_write_iter,
	.mmap = nfs_file_mmap,
	.open = nfs_file_open,
	.flush = nfs_file_flush,
	.release = nfs_file_release,
	.fsync = nfs_file_fsync,
};

const struct inode_operations nfs_file_inode_operations = {
	.permission = nfs_permission,
	.setattr = nfs_setattr,
	.getattr = nfs_getattr,
};

const struct address_space_operations nfs_file_aops = {
	.readpage = nfs_readpage,
	.readahead = nfs_readahead,
	.writepage = nfs_writepage,
	.writepages = nfs_writepages,
	.set_page_dirty = __set_page_dirty_nobuffers,
	.write_begin = nfs_write_begin,
	.write_end = nfs_write_end,
	.invalidatepage = nfs_invalidatepage,
	.releasepage = nfs_releasepage,
	.direct_IO = nfs_direct_IO,
};
