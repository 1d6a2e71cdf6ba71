// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of file I/O on tmpfs: create/write/read, O_APPEND, O_TRUNC,
 * O_EXCL, shared offsets, pread/pwrite, holes, truncation (shrinking
 * frees pages, growing reads zeros), SEEK_DATA/SEEK_HOLE, sendfile,
 * readv/writev through iov_iter, the tmpfs size limit and statfs
 * numbers, and user-pointer checks (a kernel address is EFAULT).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/uio.h>
#include <linux/namei.h>
#include <linux/selftest.h>
#include <uapi/linux/magic.h>
#include "vfs_selftest.h"

static int rw_basics(void)
{
	char buf[32];
	struct kstat st;
	int fd, fd2;

	fd = t_open("f", O_RDWR | O_CREAT | O_EXCL, 0640);
	ST_ASSERT(fd >= 0, "create: %d", fd);
	ST_EQ(t_open("f", O_RDWR | O_CREAT | O_EXCL, 0640), -EEXIST);
	ST_EQ(t_write(fd, "hello world", 11), 11);
	ST_EQ(t_lseek(fd, 0, SEEK_CUR), 11);
	ST_EQ(t_lseek(fd, 6, SEEK_SET), 6);
	ST_EQ(t_read(fd, buf, sizeof(buf)), 5);
	ST_ASSERT(!memcmp(buf, "world", 5), "read back");
	ST_EQ(t_read(fd, buf, sizeof(buf)), 0);
	ST_EQ(t_lseek(fd, -1, SEEK_SET), -EINVAL);
	ST_EQ(t_lseek(fd, -3, SEEK_END), 8);
	ST_EQ(t_lseek(fd, 0, 99), -EINVAL);
	ST_EQ(t_fstat(fd, &st), 0);
	ST_ASSERT(S_ISREG(st.mode) && (st.mode & 07777) == 0640 && st.size == 11 &&
		  st.nlink == 1 && st.blocks == 8 && st.blksize == PAGE_SIZE, "fstat");

	/* pread/pwrite leave the offset alone. */
	ST_EQ(t_pwrite(fd, "W", 1, 6), 1);
	ST_EQ(t_pread(fd, buf, 5, 6), 5);
	ST_ASSERT(!memcmp(buf, "World", 5), "pread");
	ST_EQ(t_lseek(fd, 0, SEEK_CUR), 8);
	ST_EQ(t_pread(fd, buf, 1, -1), -EINVAL);

	/* dup()ed descriptors share one offset; a new open has its own. */
	fd2 = ksys_dup(fd);
	ST_ASSERT(fd2 >= 0, "dup: %d", fd2);
	ST_EQ(t_lseek(fd, 0, SEEK_SET), 0);
	ST_EQ(t_read(fd2, buf, 5), 5);
	ST_EQ(t_lseek(fd, 0, SEEK_CUR), 5);
	t_close(fd2);
	fd2 = t_open("f", O_RDONLY, 0);
	ST_EQ(t_lseek(fd2, 0, SEEK_CUR), 0);
	ST_EQ(t_write(fd2, "x", 1), -EBADF);
	t_close(fd2);
	t_close(fd);

	/* O_APPEND always writes at the end, whatever the offset. */
	fd = t_open("f", O_WRONLY | O_APPEND, 0);
	ST_EQ(t_lseek(fd, 0, SEEK_SET), 0);
	ST_EQ(t_write(fd, "!", 1), 1);
	ST_EQ(t_read(fd, buf, 1), -EBADF);
	t_close(fd);
	ST_ASSERT(t_file_equals("f", "hello World!", 12), "after append");

	/* O_TRUNC empties; a read-only open of a file we may write can truncate too. */
	fd = t_open("f", O_RDONLY | O_TRUNC, 0);
	ST_ASSERT(fd >= 0, "O_RDONLY|O_TRUNC: %d", fd);
	t_close(fd);
	ST_EQ(t_stat("f", &st), 0);
	ST_ASSERT(st.size == 0 && st.blocks == 0, "after O_TRUNC: size %lld blocks %llu",
		  st.size, st.blocks);
	ST_EQ(t_open("missing", O_RDONLY, 0), -ENOENT);
	return 0;
}

static int test_rw_basics(void)
{
	return vfs_run_sandboxed("rw", "tmpfs", NULL, rw_basics);
}
DEFINE_SELFTEST("tmpfs: create/write/read, O_APPEND/O_TRUNC/O_EXCL, shared offsets",
		test_rw_basics);

static int rw_holes(void)
{
	const loff_t far = 5 * 1024 * 1024 + 100;
	char *buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	struct kstatfs sfs0, sfs;
	struct kstat st;
	int fd, ret = -1;

	if (!buf)
		return -1;
	ST_EQ(t_statfs(".", &sfs0), 0);
	fd = t_open("sparse", O_RDWR | O_CREAT, 0644);
	ST_ASSERT(fd >= 0, "create: %d", fd);
	if (t_pwrite(fd, "abc", 3, far) != 3 || t_pwrite(fd, "x", 1, 10) != 1)
		goto out;
	ST_EQ(t_fstat(fd, &st), 0);
	ST_ASSERT(st.size == far + 3 && st.blocks == 16, "size %lld blocks %llu",
		  st.size, st.blocks);
	ST_EQ(t_statfs(".", &sfs), 0);
	ST_EQ(sfs0.f_bfree - sfs.f_bfree, 2);

	/* Holes read as zeros. */
	memset(buf, 0x55, PAGE_SIZE);
	ST_EQ(t_pread(fd, buf, PAGE_SIZE, 2 * PAGE_SIZE), PAGE_SIZE);
	ST_ASSERT(!memchr_inv(buf, 0, PAGE_SIZE), "hole not zero");
	ST_EQ(t_pread(fd, buf, 4, far - 1), 4);
	ST_ASSERT(!memcmp(buf, "\0abc", 4), "data after hole");

	/* Data and holes, page by page. */
	ST_EQ(t_lseek(fd, 0, SEEK_DATA), 0);
	ST_EQ(t_lseek(fd, 11, SEEK_DATA), 11);
	ST_EQ(t_lseek(fd, 0, SEEK_HOLE), PAGE_SIZE);
	ST_EQ(t_lseek(fd, PAGE_SIZE, SEEK_DATA), far & PAGE_MASK);
	ST_EQ(t_lseek(fd, far, SEEK_HOLE), far + 3);
	ST_EQ(t_lseek(fd, far + 3, SEEK_DATA), -ENXIO);
	ST_EQ(t_lseek(fd, far + 3, SEEK_HOLE), -ENXIO);

	/* Shrinking frees the pages beyond; growing again reads zeros. */
	ST_EQ(t_ftruncate(fd, 5), 0);
	ST_EQ(t_fstat(fd, &st), 0);
	ST_ASSERT(st.size == 5 && st.blocks == 8, "shrunk: size %lld blocks %llu",
		  st.size, st.blocks);
	ST_EQ(t_statfs(".", &sfs), 0);
	ST_EQ(sfs0.f_bfree - sfs.f_bfree, 1);
	ST_EQ(t_ftruncate(fd, 20), 0);
	memset(buf, 0x55, 32);
	ST_EQ(t_pread(fd, buf, 32, 0), 20);
	ST_ASSERT(!memchr_inv(buf, 0, 10) && buf[10] == 0 && !memchr_inv(buf + 11, 0, 9),
		  "grown file does not read zeros");
	ST_EQ(t_ftruncate(fd, -1), -EINVAL);
	ST_EQ(t_truncate("sparse", 0), 0);
	ST_EQ(t_fstat(fd, &st), 0);
	ST_ASSERT(st.size == 0 && st.blocks == 0, "truncate by name");
	ST_EQ(t_truncate(".", 0), -EISDIR);
	t_close(fd);
	fd = t_open("sparse", O_RDONLY, 0);
	ST_EQ(t_ftruncate(fd, 0), -EINVAL);
	t_close(fd);
	ST_EQ(t_unlink("sparse"), 0);
	ST_EQ(t_statfs(".", &sfs), 0);
	ST_EQ(sfs0.f_bfree - sfs.f_bfree, 0);
	ret = 0;
out:
	kfree(buf);
	return ret;
}

static int test_holes(void)
{
	return vfs_run_sandboxed("holes", "tmpfs", NULL, rw_holes);
}
DEFINE_SELFTEST("tmpfs: holes, truncate frees pages, SEEK_DATA/SEEK_HOLE", test_holes);

static int rw_vectors_sendfile(void)
{
	char a[5] = "AAAA", b[3] = "BB", c[7] = "CCCCCC", out[16];
	struct kvec wv[3] = { { a, 4 }, { b, 0 }, { c, 6 } };
	struct kvec rv[2] = { { out, 3 }, { out + 3, 8 } };
	struct iov_iter iter;
	struct file *f;
	loff_t pos = 0, off;
	int fd, fd2;

	fd = t_open("v", O_RDWR | O_CREAT, 0644);
	ST_ASSERT(fd >= 0, "create: %d", fd);
	f = fget(fd);
	iov_iter_kvec(&iter, ITER_SOURCE, wv, 3, 10);
	ST_EQ(vfs_iter_write(f, &iter, &pos, 0), 10);
	ST_EQ(pos, 10);
	pos = 0;
	memset(out, 0, sizeof(out));
	iov_iter_kvec(&iter, ITER_DEST, rv, 2, 11);
	ST_EQ(vfs_iter_read(f, &iter, &pos, 0), 10);
	ST_ASSERT(!memcmp(out, "AAAACCCCCC", 10), "readv result %.10s", out);
	/* The iterator moves across segments and back. */
	iov_iter_kvec(&iter, ITER_DEST, rv, 2, 11);
	iov_iter_advance(&iter, 5);
	ST_EQ(iov_iter_count(&iter), 6);
	iov_iter_revert(&iter, 4);
	ST_EQ(iov_iter_count(&iter), 10);
	ST_EQ(copy_to_iter("xyz", 3, &iter), 3);
	ST_ASSERT(!memcmp(out, "Axyz", 4), "copy across segments: %.4s", out);
	fput(f);

	/* sendfile: file to file, from an offset or the file position. */
	fd2 = t_open("copy", O_RDWR | O_CREAT, 0644);
	off = 4;
	ST_EQ(do_sendfile(fd2, fd, &off, 100, 0), 6);
	ST_EQ(off, 10);
	ST_EQ(t_lseek(fd, 0, SEEK_CUR), 0);
	ST_EQ(do_sendfile(fd2, fd, NULL, 2, 0), 2);
	ST_EQ(t_lseek(fd, 0, SEEK_CUR), 2);
	ST_ASSERT(t_file_equals("copy", "CCCCCCAA", 8), "sendfile result");
	ST_EQ(do_sendfile(fd2, 77, NULL, 2, 0), -EBADF);
	t_close(fd2);
	fd2 = t_open("copy", O_WRONLY | O_APPEND, 0);
	ST_EQ(do_sendfile(fd2, fd, NULL, 2, 0), -EINVAL);
	t_close(fd2);
	t_close(fd);
	return 0;
}

static int test_vectors(void)
{
	return vfs_run_sandboxed("rwv", "tmpfs", NULL, rw_vectors_sendfile);
}
DEFINE_SELFTEST("vfs: readv/writev via iov_iter, sendfile", test_vectors);

static int rw_tmpfs_limits(void)
{
	char *buf = kzalloc(100 * 1024, GFP_KERNEL);
	struct kstatfs sfs;
	char name[8];
	int fd, i, ret = -1;

	if (!buf)
		return -1;
	if (t_mkdir("small", 0755) || t_mount("tmpfs", "small", "tmpfs", 0,
					       "size=64k,nr_inodes=4,mode=700"))
		goto out;
	ST_EQ(t_statfs("small", &sfs), 0);
	ST_ASSERT(sfs.f_type == TMPFS_MAGIC && sfs.f_bsize == PAGE_SIZE && sfs.f_blocks == 16 &&
		  sfs.f_bfree == 16 && sfs.f_files == 4 && sfs.f_ffree == 3 &&
		  sfs.f_namelen == NAME_MAX && (sfs.f_flags & ST_VALID),
		  "statfs: type %lx blocks %llu free %llu files %llu ffree %llu", sfs.f_type,
		  sfs.f_blocks, sfs.f_bfree, sfs.f_files, sfs.f_ffree);
	fd = t_open("small/big", O_WRONLY | O_CREAT, 0644);
	ST_ASSERT(fd >= 0, "create: %d", fd);
	/* A write past size= stops short; the next one fails. */
	ST_EQ(t_write(fd, buf, 100 * 1024), 64 * 1024);
	ST_EQ(t_write(fd, buf, 1), -ENOSPC);
	t_close(fd);
	ST_EQ(t_statfs("small", &sfs), 0);
	ST_EQ(sfs.f_bfree, 0);
	/* nr_inodes=4: the root and three more. */
	for (i = 0; i < 2; i++) {
		snprintf(name, sizeof(name), "small/%d", i);
		ST_EQ(t_put_file(name, "", 0), 0);
	}
	ST_EQ(t_mkdir("small/full", 0755), -ENOSPC);
	/* Remount: more room; not below what is in use. */
	ST_EQ(t_mount("tmpfs", "small", NULL, MS_REMOUNT, "size=32k"), -EINVAL);
	ST_EQ(t_mount("tmpfs", "small", NULL, MS_REMOUNT, "size=1m,nr_inodes=10"), 0);
	ST_EQ(t_statfs("small", &sfs), 0);
	ST_ASSERT(sfs.f_blocks == 256 && sfs.f_bfree == 240 && sfs.f_ffree == 6,
		  "after remount: blocks %llu free %llu ffree %llu", sfs.f_blocks, sfs.f_bfree,
		  sfs.f_ffree);
	ST_EQ(t_mount("tmpfs", "small", NULL, MS_REMOUNT, "bogus=1"), -EINVAL);
	ST_EQ(t_umount("small", 0), 0);

	/* Options: bad values, unknown ones, and ramfs' own statfs. */
	ST_EQ(t_mount("tmpfs", "small", "tmpfs", 0, "size=12q"), -EINVAL);
	ST_EQ(t_mount("tmpfs", "small", "tmpfs", 0, "color=blue"), -EINVAL);
	ST_EQ(t_mount("x", "small", "nosuchfs", 0, NULL), -ENODEV);
	ST_EQ(t_mount("ramfs", "small", "ramfs", 0, "size=1k,mode=711"), 0);
	ST_EQ(t_statfs("small", &sfs), 0);
	ST_ASSERT(sfs.f_type == RAMFS_MAGIC && sfs.f_blocks == 0 && sfs.f_files == 0,
		  "ramfs statfs");
	ST_EQ(t_umount("small", 0), 0);
	ret = 0;
out:
	kfree(buf);
	return ret;
}

static int test_tmpfs_limits(void)
{
	return vfs_run_sandboxed("limits", "tmpfs", NULL, rw_tmpfs_limits);
}
DEFINE_SELFTEST("tmpfs: size=/nr_inodes= limits (ENOSPC), statfs, remount; ramfs statfs",
		test_tmpfs_limits);

/* The system-call entry points (SYSCALL_DEFINEn), called with fake registers. */
long __x64_sys_read(const struct pt_regs *regs);
long __x64_sys_write(const struct pt_regs *regs);
long __x64_sys_openat(const struct pt_regs *regs);
long __x64_sys_readv(const struct pt_regs *regs);
long __x64_sys_newfstatat(const struct pt_regs *regs);

static int rw_user_pointers(void)
{
	char kbuf[8] = "kernel";
	int fd;

	ST_EQ(t_put_file("f", "abc", 3), 0);
	fd = t_open("f", O_RDWR, 0);
	ST_ASSERT(fd >= 0, "open: %d", fd);
	/* A kernel address where user memory is expected is refused. */
	ST_EQ(t_syscall(__x64_sys_read, fd, kbuf, sizeof(kbuf)), -EFAULT);
	ST_EQ(t_syscall(__x64_sys_write, fd, kbuf, sizeof(kbuf)), -EFAULT);
	ST_EQ(t_syscall(__x64_sys_read, 999, kbuf, 1), -EBADF);
	ST_EQ(t_syscall(__x64_sys_openat, AT_FDCWD, "f", O_RDONLY, 0), -EFAULT);
	ST_EQ(t_syscall(__x64_sys_openat, AT_FDCWD, NULL, O_RDONLY, 0), -EFAULT);
	ST_EQ(t_syscall(__x64_sys_readv, fd, kbuf, 1), -EFAULT);
	ST_EQ(t_syscall(__x64_sys_readv, fd, NULL, UIO_MAXIOV + 1), -EINVAL);
	ST_EQ(t_syscall(__x64_sys_newfstatat, AT_FDCWD, "f", kbuf, 0), -EFAULT);
	/* Zero bytes need no valid buffer. */
	ST_EQ(t_syscall(__x64_sys_read, fd, NULL, 0), 0);
	t_close(fd);
	return 0;
}

static int test_user_pointers(void)
{
	return vfs_run_sandboxed("uptr", "tmpfs", NULL, rw_user_pointers);
}
DEFINE_SELFTEST("vfs: system calls refuse kernel pointers (EFAULT)", test_user_pointers);
