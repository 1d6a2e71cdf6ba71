// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading, writing and seeking: read/write/pread64/pwrite64, readv/writev
 * and their positioned forms, lseek, sendfile, and the kernel's own
 * kernel_read()/kernel_write().
 *
 * Interface: vfs_read()/vfs_write() (user buffers), vfs_iter_read()/
 * vfs_iter_write() (any iov_iter), kernel_read()/kernel_write(),
 * vfs_llseek() and the generic ->llseek helpers, do_sendfile().
 *
 * Every transfer is checked (rw_verify_area: negative offsets, overflow)
 * and capped at MAX_RW_COUNT bytes.  Calls that use the file position
 * hold f_pos_lock when the open file is shared (fdget_pos()), so each
 * read or write moves the offset atomically.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/uio.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

/* ------------------------------------------------------------ checks */

int rw_verify_area(int read_write, struct file *file, const loff_t *ppos, size_t count)
{
	if ((ssize_t)count < 0)
		return -EINVAL;
	if (ppos) {
		loff_t pos = *ppos;

		if (pos < 0)
			return -EINVAL;
		if ((loff_t)(pos + count) < 0)
			return -EINVAL;
	}
	return 0;
}

/* The position this file's I/O uses, or NULL for streams. */
static loff_t *file_ppos(struct file *file)
{
	return (file->f_mode & FMODE_STREAM) ? NULL : &file->f_pos;
}

static int iocb_flags(struct file *file)
{
	int res = 0;

	if (file->f_flags & O_APPEND)
		res |= IOCB_APPEND;
	if (file->f_flags & O_DIRECT)
		res |= IOCB_DIRECT;
	if (file->f_flags & O_DSYNC)
		res |= IOCB_DSYNC;
	if (file->f_flags & __O_SYNC)
		res |= IOCB_SYNC;
	if (file->f_flags & O_NONBLOCK)
		res |= IOCB_NOWAIT;
	return res;
}

static void init_sync_kiocb(struct kiocb *kiocb, struct file *filp)
{
	kiocb->ki_filp = filp;
	kiocb->ki_pos = 0;
	kiocb->ki_flags = iocb_flags(filp);
}

/* ------------------------------------------------------------ core transfers */

static ssize_t call_iter(struct file *file, struct iov_iter *iter, loff_t *ppos, int rw,
			 int iocb_extra)
{
	struct kiocb kiocb;
	ssize_t ret;

	init_sync_kiocb(&kiocb, file);
	kiocb.ki_flags |= iocb_extra;
	kiocb.ki_pos = ppos ? *ppos : 0;
	if (rw == READ)
		ret = file->f_op->read_iter(&kiocb, iter);
	else
		ret = file->f_op->write_iter(&kiocb, iter);
	if (ppos)
		*ppos = kiocb.ki_pos;
	return ret;
}

ssize_t vfs_read(struct file *file, char *buf, size_t count, loff_t *pos)
{
	struct iov_iter iter;
	ssize_t ret;

	if (!(file->f_mode & FMODE_READ))
		return -EBADF;
	if (!(file->f_mode & FMODE_CAN_READ))
		return -EINVAL;
	if (!access_ok(buf, count))
		return -EFAULT;
	ret = rw_verify_area(READ, file, pos, count);
	if (ret)
		return ret;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	if (file->f_op->read)
		return file->f_op->read(file, buf, count, pos);
	iov_iter_ubuf(&iter, ITER_DEST, buf, count);
	return call_iter(file, &iter, pos, READ, 0);
}

ssize_t vfs_write(struct file *file, const char *buf, size_t count, loff_t *pos)
{
	struct iov_iter iter;
	ssize_t ret;

	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	if (!(file->f_mode & FMODE_CAN_WRITE))
		return -EINVAL;
	if (!access_ok(buf, count))
		return -EFAULT;
	ret = rw_verify_area(WRITE, file, pos, count);
	if (ret)
		return ret;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	if (file->f_op->write)
		return file->f_op->write(file, buf, count, pos);
	iov_iter_ubuf(&iter, ITER_SOURCE, (void *)buf, count);
	return call_iter(file, &iter, pos, WRITE, 0);
}

/* ->read/->write one segment at a time, for files without the iter forms. */
static ssize_t do_loop_readv_writev(struct file *filp, struct iov_iter *iter, loff_t *ppos,
				    int rw)
{
	ssize_t ret = 0;

	while (iov_iter_count(iter)) {
		const struct iovec *iov = iter->__iov;
		size_t len;
		char *base;
		ssize_t nr;

		if (iter->iov_offset >= iov->iov_len) {
			/* An empty or used-up segment: step past it. */
			iov_iter_advance(iter, 0);
			continue;
		}
		base = (char *)iov->iov_base + iter->iov_offset;
		len = min(iov->iov_len - iter->iov_offset, iov_iter_count(iter));
		if (rw == WRITE)
			nr = filp->f_op->write(filp, base, len, ppos);
		else
			nr = filp->f_op->read(filp, base, len, ppos);
		if (nr < 0) {
			if (!ret)
				ret = nr;
			break;
		}
		ret += nr;
		iov_iter_advance(iter, nr);
		if ((size_t)nr != len)
			break;
	}
	return ret;
}

static ssize_t do_iter_rw(struct file *file, struct iov_iter *iter, loff_t *pos, int rw,
			  int iocb_extra)
{
	size_t tot_len;
	ssize_t ret;

	if (rw == READ) {
		if (!(file->f_mode & FMODE_READ))
			return -EBADF;
		if (!(file->f_mode & FMODE_CAN_READ))
			return -EINVAL;
	} else {
		if (!(file->f_mode & FMODE_WRITE))
			return -EBADF;
		if (!(file->f_mode & FMODE_CAN_WRITE))
			return -EINVAL;
	}
	tot_len = iov_iter_count(iter);
	if (!tot_len)
		return 0;
	ret = rw_verify_area(rw, file, pos, tot_len);
	if (ret)
		return ret;
	if ((rw == READ && file->f_op->read_iter) || (rw == WRITE && file->f_op->write_iter))
		return call_iter(file, iter, pos, rw, iocb_extra);
	if (iov_iter_type(iter) != ITER_IOVEC && iov_iter_type(iter) != ITER_UBUF)
		return -EINVAL;
	if (iov_iter_type(iter) == ITER_UBUF) {
		char *base = (char *)iter->ubuf + iter->iov_offset;

		return rw == READ ? file->f_op->read(file, base, tot_len, pos) :
				    file->f_op->write(file, base, tot_len, pos);
	}
	return do_loop_readv_writev(file, iter, pos, rw);
}

ssize_t vfs_iter_read(struct file *file, struct iov_iter *iter, loff_t *ppos, int flags)
{
	return do_iter_rw(file, iter, ppos, READ, flags);
}

ssize_t vfs_iter_write(struct file *file, struct iov_iter *iter, loff_t *ppos, int flags)
{
	return do_iter_rw(file, iter, ppos, WRITE, flags);
}

ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos)
{
	struct kvec iov = { .iov_base = buf, .iov_len = min_t(size_t, count, MAX_RW_COUNT) };
	struct iov_iter iter;
	ssize_t ret;

	if (!(file->f_mode & FMODE_READ))
		return -EBADF;
	if (!(file->f_mode & FMODE_CAN_READ))
		return -EINVAL;
	/* Kernel buffers cannot go to ->read, which expects user memory. */
	if (!file->f_op->read_iter)
		return -EINVAL;
	ret = rw_verify_area(READ, file, pos, count);
	if (ret)
		return ret;
	iov_iter_kvec(&iter, ITER_DEST, &iov, 1, iov.iov_len);
	return call_iter(file, &iter, pos, READ, 0);
}

ssize_t kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos)
{
	struct kvec iov = { .iov_base = (void *)buf,
			    .iov_len = min_t(size_t, count, MAX_RW_COUNT) };
	struct iov_iter iter;
	ssize_t ret;

	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	if (!(file->f_mode & FMODE_CAN_WRITE))
		return -EINVAL;
	if (!file->f_op->write_iter)
		return -EINVAL;
	ret = rw_verify_area(WRITE, file, pos, count);
	if (ret)
		return ret;
	iov_iter_kvec(&iter, ITER_SOURCE, &iov, 1, iov.iov_len);
	return call_iter(file, &iter, pos, WRITE, 0);
}

/* ------------------------------------------------------------ read, write */

ssize_t ksys_read(unsigned int fd, char *buf, size_t count)
{
	struct fd f = fdget_pos(fd);
	ssize_t ret = -EBADF;

	if (f.file) {
		loff_t pos, *ppos = file_ppos(f.file);

		if (ppos) {
			pos = *ppos;
			ppos = &pos;
		}
		ret = vfs_read(f.file, buf, count, ppos);
		if (ret >= 0 && ppos)
			f.file->f_pos = pos;
		fdput_pos(f);
	}
	return ret;
}

ssize_t ksys_write(unsigned int fd, const char *buf, size_t count)
{
	struct fd f = fdget_pos(fd);
	ssize_t ret = -EBADF;

	if (f.file) {
		loff_t pos, *ppos = file_ppos(f.file);

		if (ppos) {
			pos = *ppos;
			ppos = &pos;
		}
		ret = vfs_write(f.file, buf, count, ppos);
		if (ret >= 0 && ppos)
			f.file->f_pos = pos;
		fdput_pos(f);
	}
	return ret;
}

SYSCALL_DEFINE3(read, unsigned int, fd, char *, buf, size_t, count)
{
	return ksys_read(fd, buf, count);
}

SYSCALL_DEFINE3(write, unsigned int, fd, const char *, buf, size_t, count)
{
	return ksys_write(fd, buf, count);
}

ssize_t ksys_pread64(unsigned int fd, char *buf, size_t count, loff_t pos)
{
	struct fd f;
	ssize_t ret = -EBADF;

	if (pos < 0)
		return -EINVAL;
	f = fdget(fd);
	if (f.file) {
		ret = -ESPIPE;
		if (f.file->f_mode & FMODE_PREAD)
			ret = vfs_read(f.file, buf, count, &pos);
		fdput(f);
	}
	return ret;
}

ssize_t ksys_pwrite64(unsigned int fd, const char *buf, size_t count, loff_t pos)
{
	struct fd f;
	ssize_t ret = -EBADF;

	if (pos < 0)
		return -EINVAL;
	f = fdget(fd);
	if (f.file) {
		ret = -ESPIPE;
		if (f.file->f_mode & FMODE_PWRITE)
			ret = vfs_write(f.file, buf, count, &pos);
		fdput(f);
	}
	return ret;
}

SYSCALL_DEFINE4(pread64, unsigned int, fd, char *, buf, size_t, count, loff_t, pos)
{
	return ksys_pread64(fd, buf, count, pos);
}

SYSCALL_DEFINE4(pwrite64, unsigned int, fd, const char *, buf, size_t, count, loff_t, pos)
{
	return ksys_pwrite64(fd, buf, count, pos);
}

/* ------------------------------------------------------------ vectors */

/* preadv2/pwritev2 flags */
#define RWF_HIPRI	0x00000001
#define RWF_DSYNC	0x00000002
#define RWF_SYNC	0x00000004
#define RWF_NOWAIT	0x00000008
#define RWF_APPEND	0x00000010
#define RWF_SUPPORTED	(RWF_HIPRI | RWF_DSYNC | RWF_SYNC | RWF_NOWAIT | RWF_APPEND)

static int rwf_to_iocb(int rwf, int *iocb)
{
	if (rwf & ~RWF_SUPPORTED)
		return -EOPNOTSUPP;
	*iocb = 0;
	if (rwf & RWF_DSYNC)
		*iocb |= IOCB_DSYNC;
	if (rwf & RWF_SYNC)
		*iocb |= IOCB_SYNC | IOCB_DSYNC;
	if (rwf & RWF_NOWAIT)
		*iocb |= IOCB_NOWAIT;
	if (rwf & RWF_APPEND)
		*iocb |= IOCB_APPEND;
	return 0;
}

static ssize_t vfs_rwv(struct file *file, const struct iovec *vec, unsigned long vlen,
		       loff_t *pos, int rw, int rwf)
{
	struct iovec iovstack[UIO_FASTIOV];
	struct iovec *iov = iovstack;
	struct iov_iter iter;
	int iocb_extra;
	ssize_t ret;

	ret = rwf_to_iocb(rwf, &iocb_extra);
	if (ret)
		return ret;
	if (vlen > UIO_MAXIOV)
		return -EINVAL;
	ret = import_iovec(rw, vec, vlen, ARRAY_SIZE(iovstack), &iov, &iter);
	if (ret < 0)
		return ret;
	ret = do_iter_rw(file, &iter, pos, rw, iocb_extra);
	kfree(iov);
	return ret;
}

static ssize_t do_rwv(unsigned long fd, const struct iovec *vec, unsigned long vlen, int rw,
		      int rwf)
{
	struct fd f = fdget_pos(fd);
	ssize_t ret = -EBADF;

	if (f.file) {
		loff_t pos, *ppos = file_ppos(f.file);

		if (ppos) {
			pos = *ppos;
			ppos = &pos;
		}
		ret = vfs_rwv(f.file, vec, vlen, ppos, rw, rwf);
		if (ret >= 0 && ppos)
			f.file->f_pos = pos;
		fdput_pos(f);
	}
	return ret;
}

static ssize_t do_prwv(unsigned long fd, const struct iovec *vec, unsigned long vlen,
		       loff_t pos, int rw, int rwf)
{
	struct fd f;
	ssize_t ret = -EBADF;

	if (pos < 0)
		return -EINVAL;
	f = fdget(fd);
	if (f.file) {
		ret = -ESPIPE;
		if (f.file->f_mode & (rw == READ ? FMODE_PREAD : FMODE_PWRITE))
			ret = vfs_rwv(f.file, vec, vlen, &pos, rw, rwf);
		fdput(f);
	}
	return ret;
}

SYSCALL_DEFINE3(readv, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen)
{
	return do_rwv(fd, vec, vlen, READ, 0);
}

SYSCALL_DEFINE3(writev, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen)
{
	return do_rwv(fd, vec, vlen, WRITE, 0);
}

/* x86_64 passes the whole offset in pos_l; pos_h is ignored. */
SYSCALL_DEFINE5(preadv, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen,
		unsigned long, pos_l, unsigned long, pos_h)
{
	return do_prwv(fd, vec, vlen, (loff_t)pos_l, READ, 0);
}

SYSCALL_DEFINE5(pwritev, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen,
		unsigned long, pos_l, unsigned long, pos_h)
{
	return do_prwv(fd, vec, vlen, (loff_t)pos_l, WRITE, 0);
}

/* Offset -1: use and update the file position, like readv(2). */
SYSCALL_DEFINE6(preadv2, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen,
		unsigned long, pos_l, unsigned long, pos_h, int, flags)
{
	if ((loff_t)pos_l == -1)
		return do_rwv(fd, vec, vlen, READ, flags);
	return do_prwv(fd, vec, vlen, (loff_t)pos_l, READ, flags);
}

SYSCALL_DEFINE6(pwritev2, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen,
		unsigned long, pos_l, unsigned long, pos_h, int, flags)
{
	if ((loff_t)pos_l == -1)
		return do_rwv(fd, vec, vlen, WRITE, flags);
	return do_prwv(fd, vec, vlen, (loff_t)pos_l, WRITE, flags);
}

/* ------------------------------------------------------------ lseek */

loff_t vfs_setpos(struct file *file, loff_t offset, loff_t maxsize)
{
	if (offset < 0 || offset > maxsize)
		return -EINVAL;
	if (offset != file->f_pos) {
		file->f_pos = offset;
		file->f_version = 0;
	}
	return offset;
}

loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence,
				loff_t maxsize, loff_t eof)
{
	switch (whence) {
	case SEEK_SET:
		break;
	case SEEK_END:
		offset += eof;
		break;
	case SEEK_CUR:
		/* lseek(fd, 0, SEEK_CUR) only reads the position. */
		if (offset == 0)
			return file->f_pos;
		spin_lock(&file->f_lock);
		offset = vfs_setpos(file, file->f_pos + offset, maxsize);
		spin_unlock(&file->f_lock);
		return offset;
	case SEEK_DATA:
		/* Without holes everything below eof is data. */
		if ((unsigned long long)offset >= (unsigned long long)eof)
			return -ENXIO;
		break;
	case SEEK_HOLE:
		if ((unsigned long long)offset >= (unsigned long long)eof)
			return -ENXIO;
		offset = eof;
		break;
	default:
		return -EINVAL;
	}
	return vfs_setpos(file, offset, maxsize);
}

loff_t generic_file_llseek(struct file *file, loff_t offset, int whence)
{
	struct inode *inode = file->f_mapping->host;

	return generic_file_llseek_size(file, offset, whence, inode->i_sb->s_maxbytes,
					i_size_read(inode));
}

loff_t default_llseek(struct file *file, loff_t offset, int whence)
{
	return generic_file_llseek(file, offset, whence);
}

loff_t noop_llseek(struct file *file, loff_t offset, int whence)
{
	return file->f_pos;
}

loff_t no_llseek(struct file *file, loff_t offset, int whence)
{
	return -ESPIPE;
}

loff_t vfs_llseek(struct file *file, loff_t offset, int whence)
{
	if (!(file->f_mode & FMODE_LSEEK))
		return -ESPIPE;
	return file->f_op->llseek(file, offset, whence);
}

off_t ksys_lseek(unsigned int fd, off_t offset, unsigned int whence)
{
	struct fd f = fdget_pos(fd);
	off_t retval;

	if (!f.file)
		return -EBADF;
	retval = -EINVAL;
	if (whence <= SEEK_MAX)
		retval = vfs_llseek(f.file, offset, whence);
	fdput_pos(f);
	return retval;
}

SYSCALL_DEFINE3(lseek, unsigned int, fd, off_t, offset, unsigned int, whence)
{
	return ksys_lseek(fd, offset, whence);
}

/* ------------------------------------------------------------ sendfile */

/*
 * Copy through a kernel bounce buffer, a page at a time.  The input must
 * support kernel_read() (->read_iter), the output kernel_write(); an
 * output opened O_APPEND is refused, as in Linux.
 */
ssize_t do_sendfile(int out_fd, int in_fd, loff_t *ppos, size_t count, loff_t max)
{
	struct fd in, out;
	struct inode *in_inode, *out_inode;
	loff_t pos, out_pos, *out_ppos;
	ssize_t retval, total = 0;
	void *buf;

	retval = -EBADF;
	in = fdget(in_fd);
	if (!in.file)
		goto out;
	if (!(in.file->f_mode & FMODE_READ))
		goto fput_in;
	retval = -ESPIPE;
	if (!ppos) {
		pos = in.file->f_pos;
	} else {
		pos = *ppos;
		if (!(in.file->f_mode & FMODE_PREAD))
			goto fput_in;
	}
	retval = rw_verify_area(READ, in.file, &pos, count);
	if (retval < 0)
		goto fput_in;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;

	retval = -EBADF;
	out = fdget(out_fd);
	if (!out.file)
		goto fput_in;
	if (!(out.file->f_mode & FMODE_WRITE))
		goto fput_out;
	retval = -EINVAL;
	if (out.file->f_flags & O_APPEND)
		goto fput_out;
	if (!in.file->f_op->read_iter || !out.file->f_op->write_iter)
		goto fput_out;
	in_inode = file_inode(in.file);
	out_inode = file_inode(out.file);
	out_ppos = file_ppos(out.file);
	out_pos = out_ppos ? out.file->f_pos : 0;
	retval = rw_verify_area(WRITE, out.file, &out_pos, count);
	if (retval < 0)
		goto fput_out;
	if (!max)
		max = min(in_inode->i_sb->s_maxbytes, out_inode->i_sb->s_maxbytes);
	if (pos + (loff_t)count > max) {
		retval = -EOVERFLOW;
		if (pos >= max)
			goto fput_out;
		count = max - pos;
	}

	retval = -ENOMEM;
	buf = (void *)__get_free_page(GFP_KERNEL);
	if (!buf)
		goto fput_out;
	retval = 0;
	while ((size_t)total < count) {
		size_t chunk = min_t(size_t, count - total, PAGE_SIZE);
		ssize_t n, w;

		n = kernel_read(in.file, buf, chunk, &pos);
		if (n <= 0) {
			retval = n;
			break;
		}
		w = kernel_write(out.file, buf, n, out_ppos ? &out_pos : NULL);
		if (w <= 0) {
			pos -= n;
			retval = w;
			break;
		}
		total += w;
		if (w < n) {
			/* The output took less: the rest is left unread. */
			pos -= n - w;
			break;
		}
		if ((size_t)n < chunk)
			break;
	}
	free_page((unsigned long)buf);
	if (total)
		retval = total;
	if (ppos)
		*ppos = pos;
	else
		in.file->f_pos = pos;
	if (out_ppos)
		out.file->f_pos = out_pos;
fput_out:
	fdput(out);
fput_in:
	fdput(in);
out:
	return retval;
}

SYSCALL_DEFINE4(sendfile, int, out_fd, int, in_fd, loff_t *, offset, size_t, count)
{
	loff_t pos;
	ssize_t ret;

	if (!offset)
		return do_sendfile(out_fd, in_fd, NULL, count, 0);
	if (get_user(pos, offset))
		return -EFAULT;
	ret = do_sendfile(out_fd, in_fd, &pos, count, 0);
	if (put_user(pos, offset))
		return -EFAULT;
	return ret;
}
