// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading directories: iterate_dir() and getdents64(2).
 *
 * Interface: iterate_dir() runs a file system's ->iterate_shared with a
 * caller's dir_context; ksys_getdents64_iter() formats linux_dirent64
 * records into any iov_iter (a user buffer for the system call, kernel
 * memory for in-kernel users and tests).
 *
 * Locking: the directory's i_rwsem is held shared while iterating, so
 * its entries do not change underneath (creation and removal take it
 * exclusively).  The file position is the file system's cookie; callers
 * sharing the open file serialise on f_pos_lock (fdget_pos()).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/file.h>
#include <linux/dirent.h>
#include <linux/uio.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

int iterate_dir(struct file *file, struct dir_context *ctx)
{
	struct inode *inode = file_inode(file);
	int res = -ENOTDIR;

	if (!file->f_op->iterate_shared)
		return res;
	inode_lock_shared(inode);
	res = -ENOENT;
	if (!IS_DEADDIR(inode)) {
		ctx->pos = file->f_pos;
		res = file->f_op->iterate_shared(file, ctx);
		file->f_pos = ctx->pos;
		fsnotify_access(file);
		touch_atime(&file->f_path);
	}
	inode_unlock_shared(inode);
	return res;
}

/* One record's size: header, name, NUL, padded to 8 bytes. */
#define DIRENT64_RECLEN(namelen) \
	ALIGN(offsetof(struct linux_dirent64, d_name) + (namelen) + 1, sizeof(u64))

/*
 * A record's d_off is the position of the entry after it, which is only
 * known when that entry arrives (or the walk ends): so each record is
 * held back in pending until then.
 */
struct getdents_callback64 {
	struct dir_context ctx;
	struct iov_iter *iter;
	size_t space;		/* bytes the caller's buffer holds */
	size_t used;		/* bytes written plus pending */
	unsigned int pending_len;
	int error;
	union {
		struct linux_dirent64 dirent;
		char bytes[DIRENT64_RECLEN(NAME_MAX)];
	} pending;
};

static bool flush_pending(struct getdents_callback64 *buf, loff_t next_off)
{
	if (!buf->pending_len)
		return true;
	buf->pending.dirent.d_off = next_off;
	if (copy_to_iter(buf->pending.bytes, buf->pending_len, buf->iter) != buf->pending_len) {
		buf->error = -EFAULT;
		return false;
	}
	buf->pending_len = 0;
	return true;
}

static bool filldir64(struct dir_context *ctx, const char *name, int namlen, loff_t offset,
		      u64 ino, unsigned int d_type)
{
	struct getdents_callback64 *buf = container_of(ctx, struct getdents_callback64, ctx);
	unsigned int reclen = DIRENT64_RECLEN(namlen);

	if (namlen <= 0 || namlen > NAME_MAX) {
		buf->error = -EIO;
		return false;
	}
	if (buf->used + reclen > buf->space) {
		/* Not even one record fits: the buffer is too small. */
		if (!buf->used)
			buf->error = -EINVAL;
		return false;
	}
	if (!flush_pending(buf, offset))
		return false;
	memset(buf->pending.bytes, 0, reclen);
	buf->pending.dirent.d_ino = ino;
	buf->pending.dirent.d_reclen = reclen;
	buf->pending.dirent.d_type = d_type;
	memcpy(buf->pending.dirent.d_name, name, namlen);
	buf->pending_len = reclen;
	buf->used += reclen;
	return true;
}

long ksys_getdents64_iter(unsigned int fd, struct iov_iter *to)
{
	struct getdents_callback64 *buf;
	struct fd f;
	long error;

	buf = kmalloc(sizeof(*buf), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	buf->ctx.actor = filldir64;
	buf->ctx.pos = 0;
	buf->iter = to;
	buf->space = iov_iter_count(to);
	buf->used = 0;
	buf->pending_len = 0;
	buf->error = 0;

	f = fdget_pos(fd);
	error = -EBADF;
	if (!f.file)
		goto out_free;
	error = iterate_dir(f.file, &buf->ctx);
	if (error >= 0)
		error = buf->error;
	/* Whatever was formatted is returned, unless copying it out faulted. */
	if (buf->error != -EFAULT) {
		if (!flush_pending(buf, buf->ctx.pos))
			error = -EFAULT;
		else if (buf->used)
			error = buf->used;
	}
	fdput_pos(f);
out_free:
	kfree(buf);
	return error;
}

SYSCALL_DEFINE3(getdents64, unsigned int, fd, struct linux_dirent64 *, dirent,
		unsigned int, count)
{
	struct iov_iter iter;
	int err = import_single_range(ITER_DEST, dirent, count, &iter);

	if (err)
		return err;
	return ksys_getdents64_iter(fd, &iter);
}
