// SPDX-License-Identifier: GPL-2.0-only
/*
 * The data-moving system calls: read(2), write(2), pread64/pwrite64,
 * readv/writev and preadv/pwritev(2) with their "2" variants, lseek(2)
 * sendfile(2) and copy_file_range(2), plus what the rest of the kernel calls to move bytes
 * through a struct file.
 *
 * Exported: vfs_read()/vfs_write() take user buffers, vfs_iter_read()/
 * vfs_iter_write() take an iov_iter, kernel_read()/kernel_write() take
 * kernel buffers (files with ->read_iter/->write_iter only);
 * rwf_to_iocb_flags() reads an RWF_* word for io_submit(2).  Seeking:
 * vfs_llseek(), vfs_setpos(), generic_file_llseek{,_size}() and the
 * trivial default/noop/no_llseek methods.  do_sendfile() is the engine
 * behind sendfile(2).
 *
 * Rules every path follows: a range is refused with EINVAL when its
 * length does not fit in ssize_t, its offset is negative or offset +
 * length passes LLONG_MAX (rw_verify_area()); no single call moves more
 * than MAX_RW_COUNT bytes.  The calls that use the open file's offset
 * take the descriptor with fdget_pos(), which serialises them on a
 * shared struct file, work on a private copy of f_pos, and store it
 * back only on success.  Stream files (FMODE_STREAM) have no offset.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/file.h>
#include <linux/uio.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

/* What each direction needs of an open file: indexed by READ / WRITE. */
static const struct rw_side {
	fmode_t opened;		/* opened for this direction at all (else EBADF) */
	fmode_t able;		/* the file type supports it (else EINVAL) */
	fmode_t at_offset;	/* pread/pwrite-style access allowed (else ESPIPE) */
} rw_sides[2] = {
	[READ]	= { FMODE_READ,  FMODE_CAN_READ,  FMODE_PREAD },
	[WRITE]	= { FMODE_WRITE, FMODE_CAN_WRITE, FMODE_PWRITE },
};

static int rw_permitted(struct file *file, int dir)
{
	const struct rw_side *side = &rw_sides[dir];

	if (!(file->f_mode & side->opened))
		return -EBADF;
	return (file->f_mode & side->able) ? 0 : -EINVAL;
}

int rw_verify_area(int read_write, struct file *file, const loff_t *ppos, size_t count)
{
	loff_t start;

	if (count > (size_t)SSIZE_MAX)
		return -EINVAL;
	if (!ppos)
		return 0;	/* streams have no offset to overflow */
	start = *ppos;
	/* The last byte touched must still be a valid loff_t. */
	if (start < 0 || (loff_t)count > LLONG_MAX - start)
		return -EINVAL;
	return 0;
}

/* ------------------------------------------------------------ kiocb flags */

struct flag_map {
	unsigned int from;
	int to;
};

/* Open flags that shape each I/O on the file. */
static const struct flag_map open_flag_iocb[] = {
	{ .from = O_APPEND, .to = IOCB_APPEND },
	{ .from = O_DIRECT, .to = IOCB_DIRECT },
	{ .from = O_DSYNC, .to = IOCB_DSYNC },
	{ .from = __O_SYNC, .to = IOCB_SYNC },
	{ .from = O_NONBLOCK, .to = IOCB_NOWAIT },
};

/* preadv2(2)/pwritev2(2) per-call flags (uapi values). */
#define RWF_HIPRI	0x00000001
#define RWF_DSYNC	0x00000002
#define RWF_SYNC	0x00000004
#define RWF_NOWAIT	0x00000008
#define RWF_APPEND	0x00000010

/* RWF_HIPRI is accepted and ignored: there is no polled I/O here. */
static const struct flag_map rwf_iocb[] = {
	{ .from = RWF_HIPRI, .to = 0 },
	{ .from = RWF_DSYNC, .to = IOCB_DSYNC },
	{ .from = RWF_SYNC, .to = IOCB_SYNC | IOCB_DSYNC },
	{ .from = RWF_NOWAIT, .to = IOCB_NOWAIT },
	{ .from = RWF_APPEND, .to = IOCB_APPEND },
};

/* Translate the bits of @value; *@unknown collects those no entry names. */
static int map_flags(const struct flag_map *map, size_t entries, unsigned int value,
		     unsigned int *unknown)
{
	int out = 0;
	size_t i;

	for (i = 0; i < entries; i++) {
		if (value & map[i].from)
			out |= map[i].to;
		value &= ~map[i].from;
	}
	if (unknown)
		*unknown = value;
	return out;
}

/*
 * The IOCB_* flags for a preadv2()/pwritev2() (or io_submit() aio_rw_flags)
 * RWF_* word, or -EOPNOTSUPP when it holds a bit this kernel does not know.
 */
int rwf_to_iocb_flags(int rwf)
{
	unsigned int unknown;
	int flags = map_flags(rwf_iocb, ARRAY_SIZE(rwf_iocb), rwf, &unknown);

	return unknown ? -EOPNOTSUPP : flags;
}

/* ------------------------------------------------------------ engines */

/* Data moved: watchers hear IN_ACCESS for a read, IN_MODIFY for a write. */
static ssize_t rw_notify(struct file *file, int dir, ssize_t done)
{
	if (done > 0) {
		if (dir == WRITE)
			fsnotify_modify(file);
		else
			fsnotify_access(file);
	}
	return done;
}

/* One synchronous ->read_iter or ->write_iter call at *@ppos (0 for streams). */
static ssize_t iter_method(struct file *file, int dir, struct iov_iter *iter, loff_t *ppos,
			   int extra_iocb)
{
	struct kiocb kiocb = {
		.ki_filp = file,
		.ki_pos = ppos ? *ppos : 0,
		.ki_flags = extra_iocb | map_flags(open_flag_iocb, ARRAY_SIZE(open_flag_iocb),
						   file->f_flags, NULL),
	};
	ssize_t done;

	done = dir == WRITE ? file->f_op->write_iter(&kiocb, iter) :
			      file->f_op->read_iter(&kiocb, iter);
	if (ppos)
		*ppos = kiocb.ki_pos;
	return done;
}

static bool has_iter_method(struct file *file, int dir)
{
	return dir == WRITE ? file->f_op->write_iter != NULL : file->f_op->read_iter != NULL;
}

/* The plain ->read/->write method on one user buffer. */
static ssize_t buf_method(struct file *file, int dir, char *ubuf, size_t len, loff_t *ppos)
{
	if (dir == WRITE)
		return file->f_op->write(file, ubuf, len, ppos);
	return file->f_op->read(file, ubuf, len, ppos);
}

static ssize_t user_rw(struct file *file, int dir, char *ubuf, size_t count, loff_t *ppos)
{
	struct iov_iter iter;
	int err;

	err = rw_permitted(file, dir);
	if (err)
		return err;
	if (!access_ok(ubuf, count))
		return -EFAULT;
	err = rw_verify_area(dir, file, ppos, count);
	if (err)
		return err;
	count = min_t(size_t, count, MAX_RW_COUNT);

	/* A file that has both methods is driven through the plain one. */
	if (dir == WRITE ? file->f_op->write != NULL : file->f_op->read != NULL)
		return rw_notify(file, dir, buf_method(file, dir, ubuf, count, ppos));
	iov_iter_ubuf(&iter, dir, ubuf, count);
	return rw_notify(file, dir, iter_method(file, dir, &iter, ppos, 0));
}

ssize_t vfs_read(struct file *file, char *buf, size_t count, loff_t *pos)
{
	return user_rw(file, READ, buf, count, pos);
}

ssize_t vfs_write(struct file *file, const char *buf, size_t count, loff_t *pos)
{
	return user_rw(file, WRITE, (char *)buf, count, pos);
}

/*
 * The user memory the iterator's current segment still has, or 0 when it
 * is exhausted; *@base is set to where that memory starts.
 */
static size_t user_span(const struct iov_iter *iter, char **base)
{
	size_t seg_len, left = iov_iter_count(iter);

	if (iov_iter_type(iter) == ITER_UBUF) {
		*base = (char *)iter->ubuf + iter->iov_offset;
		return left;
	}
	seg_len = iter->__iov->iov_len;
	if (iter->iov_offset >= seg_len)
		return 0;
	*base = (char *)iter->__iov->iov_base + iter->iov_offset;
	return min(seg_len - iter->iov_offset, left);
}

/*
 * Files with only ->read/->write get a user iterator piece by piece.  A
 * short transfer ends the call; an error counts only if nothing moved.
 */
static ssize_t iter_by_buffers(struct file *file, int dir, struct iov_iter *iter,
			       loff_t *ppos)
{
	ssize_t moved = 0;

	while (iov_iter_count(iter)) {
		char *base;
		size_t span = user_span(iter, &base);
		ssize_t got;

		if (!span) {
			/* Empty segment, or the end of this one: go to the next. */
			iov_iter_advance(iter, 0);
			continue;
		}
		got = buf_method(file, dir, base, span, ppos);
		if (got < 0)
			return moved ? moved : got;
		moved += got;
		iov_iter_advance(iter, got);
		if ((size_t)got < span)
			break;
	}
	return moved;
}

static ssize_t iter_rw(struct file *file, int dir, struct iov_iter *iter, loff_t *ppos,
		       int extra_iocb)
{
	size_t total;
	int err;

	err = rw_permitted(file, dir);
	if (err)
		return err;
	total = iov_iter_count(iter);
	if (total == 0)
		return 0;
	err = rw_verify_area(dir, file, ppos, total);
	if (err)
		return err;

	if (has_iter_method(file, dir))
		return rw_notify(file, dir, iter_method(file, dir, iter, ppos, extra_iocb));
	/* ->read/->write understand user memory only. */
	if (!user_backed_iter(iter))
		return -EINVAL;
	return rw_notify(file, dir, iter_by_buffers(file, dir, iter, ppos));
}

ssize_t vfs_iter_read(struct file *file, struct iov_iter *iter, loff_t *ppos, int flags)
{
	return iter_rw(file, READ, iter, ppos, flags);
}

ssize_t vfs_iter_write(struct file *file, struct iov_iter *iter, loff_t *ppos, int flags)
{
	return iter_rw(file, WRITE, iter, ppos, flags);
}

/*
 * Kernel buffers: only the iterator methods can take them (->read and
 * ->write would treat the address as a user pointer).  The range check
 * sees the full @count; the transfer is capped afterwards.
 */
static ssize_t kbuf_rw(struct file *file, int dir, void *kbuf, size_t count, loff_t *ppos)
{
	struct kvec vec;
	struct iov_iter iter;
	int err;

	err = rw_permitted(file, dir);
	if (err)
		return err;
	if (!has_iter_method(file, dir))
		return -EINVAL;
	err = rw_verify_area(dir, file, ppos, count);
	if (err)
		return err;

	vec.iov_base = kbuf;
	vec.iov_len = min_t(size_t, count, MAX_RW_COUNT);
	iov_iter_kvec(&iter, dir, &vec, 1, vec.iov_len);
	return rw_notify(file, dir, iter_method(file, dir, &iter, ppos, 0));
}

ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos)
{
	return kbuf_rw(file, READ, buf, count, pos);
}

ssize_t kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos)
{
	return kbuf_rw(file, WRITE, (void *)buf, count, pos);
}

/* ------------------------------------------------------------ system calls */

/* One read/write-family request, as the system call described it. */
struct rw_req {
	int dir;			/* READ or WRITE */
	bool vectored;			/* vec/nvec (readv family), else buf/len */
	char *buf;
	size_t len;
	const struct iovec *vec;
	unsigned long nvec;
	int rwf;			/* RWF_* of preadv2/pwritev2 */
};

static ssize_t vectored_rw(struct file *file, const struct rw_req *req, loff_t *ppos)
{
	struct iovec fast[UIO_FASTIOV];
	struct iovec *segs = fast;
	struct iov_iter iter;
	ssize_t ret;
	int extra;

	extra = rwf_to_iocb_flags(req->rwf);
	if (extra < 0)
		return extra;
	if (req->nvec > UIO_MAXIOV)
		return -EINVAL;
	ret = import_iovec(req->dir, req->vec, req->nvec, ARRAY_SIZE(fast), &segs, &iter);
	if (ret < 0)
		return ret;
	ret = iter_rw(file, req->dir, &iter, ppos, extra);
	kfree(segs);
	return ret;
}

static ssize_t run_req(struct file *file, const struct rw_req *req, loff_t *ppos)
{
	if (req->vectored)
		return vectored_rw(file, req, ppos);
	return user_rw(file, req->dir, req->buf, req->len, ppos);
}

/* At the file's own offset, which moves by what was transferred. */
static ssize_t rw_at_cursor(unsigned long fd, const struct rw_req *req)
{
	struct fd f = fdget_pos(fd);
	loff_t cursor, *ppos = NULL;
	ssize_t ret;

	if (!f.file)
		return -EBADF;
	if (!(f.file->f_mode & FMODE_STREAM)) {
		cursor = f.file->f_pos;
		ppos = &cursor;
	}
	ret = run_req(f.file, req, ppos);
	if (ret >= 0 && ppos)
		f.file->f_pos = cursor;
	fdput_pos(f);
	return ret;
}

/* At an explicit offset; the file's own offset is left alone. */
static ssize_t rw_at_offset(unsigned long fd, loff_t pos, const struct rw_req *req)
{
	struct fd f;
	ssize_t ret = -ESPIPE;

	if (pos < 0)
		return -EINVAL;
	f = fdget(fd);
	if (!f.file)
		return -EBADF;
	if (f.file->f_mode & rw_sides[req->dir].at_offset)
		ret = run_req(f.file, req, &pos);
	fdput(f);
	return ret;
}

ssize_t ksys_read(unsigned int fd, char *buf, size_t count)
{
	struct rw_req req = { .dir = READ, .buf = buf, .len = count };

	return rw_at_cursor(fd, &req);
}

ssize_t ksys_write(unsigned int fd, const char *buf, size_t count)
{
	struct rw_req req = { .dir = WRITE, .buf = (char *)buf, .len = count };

	return rw_at_cursor(fd, &req);
}

ssize_t ksys_pread64(unsigned int fd, char *buf, size_t count, loff_t pos)
{
	struct rw_req req = { .dir = READ, .buf = buf, .len = count };

	return rw_at_offset(fd, pos, &req);
}

ssize_t ksys_pwrite64(unsigned int fd, const char *buf, size_t count, loff_t pos)
{
	struct rw_req req = { .dir = WRITE, .buf = (char *)buf, .len = count };

	return rw_at_offset(fd, pos, &req);
}

SYSCALL_DEFINE3(read, unsigned int, fd, char *, buf, size_t, count)
{
	return ksys_read(fd, buf, count);
}

SYSCALL_DEFINE3(write, unsigned int, fd, const char *, buf, size_t, count)
{
	return ksys_write(fd, buf, count);
}

SYSCALL_DEFINE4(pread64, unsigned int, fd, char *, buf, size_t, count, loff_t, pos)
{
	return ksys_pread64(fd, buf, count, pos);
}

SYSCALL_DEFINE4(pwrite64, unsigned int, fd, const char *, buf, size_t, count, loff_t, pos)
{
	return ksys_pwrite64(fd, buf, count, pos);
}

/*
 * The vectored calls.  On x86_64 the 64-bit offset arrives whole in
 * pos_l and pos_h is unused.  For preadv2/pwritev2 an offset of -1 means
 * "at the file offset", as readv(2)/writev(2) do.
 */
static ssize_t vec_syscall(int dir, unsigned long fd, const struct iovec *vec,
			   unsigned long vlen, loff_t pos, bool at_cursor, int rwf)
{
	struct rw_req req = {
		.dir = dir, .vectored = true, .vec = vec, .nvec = vlen, .rwf = rwf,
	};

	if (at_cursor)
		return rw_at_cursor(fd, &req);
	return rw_at_offset(fd, pos, &req);
}

SYSCALL_DEFINE3(readv, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen)
{
	return vec_syscall(READ, fd, vec, vlen, 0, true, 0);
}

SYSCALL_DEFINE3(writev, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen)
{
	return vec_syscall(WRITE, fd, vec, vlen, 0, true, 0);
}

SYSCALL_DEFINE5(preadv, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen,
		unsigned long, pos_l, unsigned long, pos_h)
{
	return vec_syscall(READ, fd, vec, vlen, (loff_t)pos_l, false, 0);
}

SYSCALL_DEFINE5(pwritev, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen,
		unsigned long, pos_l, unsigned long, pos_h)
{
	return vec_syscall(WRITE, fd, vec, vlen, (loff_t)pos_l, false, 0);
}

SYSCALL_DEFINE6(preadv2, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen,
		unsigned long, pos_l, unsigned long, pos_h, int, flags)
{
	return vec_syscall(READ, fd, vec, vlen, (loff_t)pos_l, (loff_t)pos_l == -1, flags);
}

SYSCALL_DEFINE6(pwritev2, unsigned long, fd, const struct iovec *, vec, unsigned long, vlen,
		unsigned long, pos_l, unsigned long, pos_h, int, flags)
{
	return vec_syscall(WRITE, fd, vec, vlen, (loff_t)pos_l, (loff_t)pos_l == -1, flags);
}

/* ------------------------------------------------------------ lseek */

loff_t vfs_setpos(struct file *file, loff_t offset, loff_t maxsize)
{
	if (offset < 0 || offset > maxsize)
		return -EINVAL;
	/* Only a real move forgets what readdir remembered in f_version. */
	if (file->f_pos != offset) {
		file->f_version = 0;
		file->f_pos = offset;
	}
	return offset;
}

/*
 * lseek(2) for files whose size is @eof and whose offsets may go up to
 * @maxsize.  No holes are tracked, so for SEEK_DATA/SEEK_HOLE every byte
 * below @eof is data and the first hole is the implicit one at @eof.
 */
loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence,
				loff_t maxsize, loff_t eof)
{
	bool locked = false;
	loff_t target;

	/* lseek(fd, 0, SEEK_CUR) is how the offset is read: no lock for that. */
	if (whence == SEEK_CUR && offset == 0)
		return file->f_pos;

	if (whence == SEEK_SET) {
		target = offset;
	} else if (whence == SEEK_END) {
		target = eof + offset;
	} else if (whence == SEEK_CUR) {
		/* f_pos is read and replaced as one step against other seekers. */
		spin_lock(&file->f_lock);
		locked = true;
		target = file->f_pos + offset;
	} else if (whence == SEEK_DATA || whence == SEEK_HOLE) {
		/* Compared unsigned, so a negative offset is past the end too. */
		if ((u64)offset >= (u64)eof)
			return -ENXIO;
		target = whence == SEEK_HOLE ? eof : offset;
	} else {
		return -EINVAL;
	}
	target = vfs_setpos(file, target, maxsize);
	if (locked)
		spin_unlock(&file->f_lock);
	return target;
}

loff_t generic_file_llseek(struct file *file, loff_t offset, int whence)
{
	struct inode *inode = file->f_mapping->host;
	loff_t limit = inode->i_sb->s_maxbytes;

	return generic_file_llseek_size(file, offset, whence, limit, i_size_read(inode));
}

loff_t default_llseek(struct file *file, loff_t offset, int whence)
{
	return generic_file_llseek(file, offset, whence);
}

/* Seeking "succeeds" without moving (files where the offset means nothing). */
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
	if (file->f_mode & FMODE_LSEEK)
		return file->f_op->llseek(file, offset, whence);
	return -ESPIPE;
}

off_t ksys_lseek(unsigned int fd, off_t offset, unsigned int whence)
{
	struct fd f = fdget_pos(fd);
	off_t where;

	if (!f.file)
		return -EBADF;
	where = whence > SEEK_MAX ? -EINVAL : vfs_llseek(f.file, offset, whence);
	fdput_pos(f);
	return where;
}

SYSCALL_DEFINE3(lseek, unsigned int, fd, off_t, offset, unsigned int, whence)
{
	return ksys_lseek(fd, offset, whence);
}

/* ------------------------------------------------------------ sendfile */

/*
 * sendfile(2) copies through one kernel page: the input must have
 * ->read_iter and the output ->write_iter (kernel_read()/kernel_write()).
 * An output opened with O_APPEND is refused with EINVAL, as the man page
 * documents.
 */

/* Checks on the input; *@start is the offset the copy begins at. */
static int sendfile_source(struct file *in, loff_t *ppos, size_t count, loff_t *start)
{
	if (!(in->f_mode & FMODE_READ))
		return -EBADF;
	if (ppos && !(in->f_mode & FMODE_PREAD))
		return -ESPIPE;
	*start = ppos ? *ppos : in->f_pos;
	return rw_verify_area(READ, in, start, count);
}

/* Checks on the output; *@start is its offset (0 for a stream). */
static int sendfile_sink(struct file *in, struct file *out, size_t count, loff_t *start)
{
	if (!(out->f_mode & FMODE_WRITE))
		return -EBADF;
	if (out->f_flags & O_APPEND)
		return -EINVAL;
	if (!in->f_op->read_iter || !out->f_op->write_iter)
		return -EINVAL;
	*start = (out->f_mode & FMODE_STREAM) ? 0 : out->f_pos;
	return rw_verify_area(WRITE, out, start, count);
}

/*
 * Move up to @count bytes a page at a time.  Whatever the output did not
 * accept is handed back to the input by moving *@in_pos back, so the
 * next call starts with it.  Returns the bytes delivered, or the first
 * error (or 0 at end of input) when none were.
 */
static ssize_t sendfile_pump(struct file *in, loff_t *in_pos, struct file *out,
			     loff_t *out_pos, size_t count, void *page)
{
	size_t done = 0;
	ssize_t err = 0;

	while (done < count) {
		size_t want = min_t(size_t, count - done, PAGE_SIZE);
		ssize_t got, put;

		got = kernel_read(in, page, want, in_pos);
		if (got <= 0) {
			err = got;
			break;
		}
		put = kernel_write(out, page, got, out_pos);
		if (put < got) {
			*in_pos -= got - max_t(ssize_t, put, 0);
			if (put > 0)
				done += put;
			else
				err = put;
			break;
		}
		done += put;
		if ((size_t)got < want)
			break;		/* end of input for now */
	}
	return done ? (ssize_t)done : err;
}

ssize_t do_sendfile(int out_fd, int in_fd, loff_t *ppos, size_t count, loff_t max)
{
	struct fd in, out;
	loff_t in_pos, out_pos, limit;
	bool out_stream;
	void *page;
	ssize_t ret;

	in = fdget(in_fd);
	if (!in.file)
		return -EBADF;
	ret = sendfile_source(in.file, ppos, count, &in_pos);
	if (ret)
		goto put_in;
	count = min_t(size_t, count, MAX_RW_COUNT);

	out = fdget(out_fd);
	ret = -EBADF;
	if (!out.file)
		goto put_in;
	ret = sendfile_sink(in.file, out.file, count, &out_pos);
	if (ret)
		goto put_out;
	out_stream = out.file->f_mode & FMODE_STREAM;

	/* Stay below the caller's limit, or both filesystems' largest offset. */
	limit = max ? max : min(file_inode(in.file)->i_sb->s_maxbytes,
				file_inode(out.file)->i_sb->s_maxbytes);
	if (in_pos + (loff_t)count > limit) {
		ret = -EOVERFLOW;
		if (in_pos >= limit)
			goto put_out;
		count = limit - in_pos;
	}

	ret = -ENOMEM;
	page = (void *)__get_free_page(GFP_KERNEL);
	if (!page)
		goto put_out;
	ret = sendfile_pump(in.file, &in_pos, out.file, out_stream ? NULL : &out_pos, count,
			    page);
	free_page((unsigned long)page);

	if (ppos)
		*ppos = in_pos;
	else
		in.file->f_pos = in_pos;
	if (!out_stream)
		out.file->f_pos = out_pos;
put_out:
	fdput(out);
put_in:
	fdput(in);
	return ret;
}

SYSCALL_DEFINE4(sendfile, int, out_fd, int, in_fd, loff_t *, offset, size_t, count)
{
	loff_t where, *ppos = NULL;
	ssize_t sent;

	/* With an offset, the file's own position is neither used nor moved. */
	if (offset) {
		if (get_user(where, offset))
			return -EFAULT;
		ppos = &where;
	}
	sent = do_sendfile(out_fd, in_fd, ppos, count, 0);
	if (ppos && put_user(where, offset))
		return -EFAULT;
	return sent;
}

/*
 * copy_file_range(2): bytes from one regular file to another on the same
 * file system, a page at a time through the page cache (sendfile_pump());
 * no reflinks.  Each offset pointer - or the file's own position when it
 * is NULL - says where, and moves by what was copied.  Errors as Linux:
 * EBADF (not open for reading / writing, O_APPEND), EISDIR, EINVAL (not
 * regular files, flags, overlapping ranges of one file), EXDEV (two file
 * systems; cp then copies by itself).
 */
static int copy_range_check(struct file *in, loff_t pos_in, struct file *out, loff_t pos_out,
			    size_t count)
{
	struct inode *iin = file_inode(in), *iout = file_inode(out);

	if (!(in->f_mode & FMODE_READ) || !(out->f_mode & FMODE_WRITE) ||
	    (out->f_flags & O_APPEND))
		return -EBADF;
	if (S_ISDIR(iin->i_mode) || S_ISDIR(iout->i_mode))
		return -EISDIR;
	if (!S_ISREG(iin->i_mode) || !S_ISREG(iout->i_mode) || !in->f_op->read_iter ||
	    !out->f_op->write_iter)
		return -EINVAL;
	if (rw_verify_area(READ, in, &pos_in, count) || rw_verify_area(WRITE, out, &pos_out, count))
		return -EINVAL;
	if (iin == iout && pos_in < pos_out + (loff_t)count && pos_out < pos_in + (loff_t)count)
		return -EINVAL;
	return iin->i_sb == iout->i_sb ? 0 : -EXDEV;
}

SYSCALL_DEFINE6(copy_file_range, int, fd_in, loff_t *, off_in, int, fd_out, loff_t *, off_out,
		size_t, len, unsigned int, flags)
{
	loff_t pos_in, pos_out;
	struct fd in, out;
	void *page;
	ssize_t ret;

	if (flags)
		return -EINVAL;
	in = fdget(fd_in);
	if (!in.file)
		return -EBADF;
	out = fdget(fd_out);
	ret = -EBADF;
	if (!out.file)
		goto put_in;
	pos_in = in.file->f_pos;
	pos_out = out.file->f_pos;
	ret = -EFAULT;
	if ((off_in && get_user(pos_in, off_in)) || (off_out && get_user(pos_out, off_out)))
		goto put_out;
	len = min_t(size_t, len, MAX_RW_COUNT);
	ret = copy_range_check(in.file, pos_in, out.file, pos_out, len);
	if (ret || !len)
		goto put_out;
	ret = -ENOMEM;
	page = (void *)__get_free_page(GFP_KERNEL);
	if (!page)
		goto put_out;
	ret = sendfile_pump(in.file, &pos_in, out.file, &pos_out, len, page);
	free_page((unsigned long)page);
	if (ret <= 0)
		goto put_out;
	if (!off_in)
		in.file->f_pos = pos_in;
	if (!off_out)
		out.file->f_pos = pos_out;
	if ((off_in && put_user(pos_in, off_in)) || (off_out && put_user(pos_out, off_out)))
		ret = -EFAULT;
put_out:
	fdput(out);
put_in:
	fdput(in);
	return ret;
}
