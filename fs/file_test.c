// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of descriptor tables: lowest-free allocation, growth past
 * the embedded table, EMFILE at the limit, dup/dup2/dup3 (onto an open
 * descriptor, onto itself, EBADF/EINVAL), close-on-exec through open,
 * fcntl and ioctl, do_close_on_exec(), fcntl F_GETFL/F_SETFL, and
 * dup_fd() for fork.  The fcntl, ioctl and dup calls go through their
 * real system-call entry points.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/fdtable.h>
#include <linux/selftest.h>
#include <uapi/asm-generic/ioctls.h>
#include "vfs_selftest.h"

long __x64_sys_fcntl(const struct pt_regs *regs);
long __x64_sys_ioctl(const struct pt_regs *regs);
long __x64_sys_dup(const struct pt_regs *regs);
long __x64_sys_dup2(const struct pt_regs *regs);
long __x64_sys_dup3(const struct pt_regs *regs);
long __x64_sys_close(const struct pt_regs *regs);

static void close_all(void)
{
	unsigned int n = files_max_fd(current->files);

	for (unsigned int fd = 0; fd < n; fd++)
		close_fd(fd);
}

static int fd_table(void)
{
	struct files_struct *copy;
	struct file *f0, *f;
	int fd, i, err;
	long count;

	close_all();
	ST_EQ(t_put_file("f", "abc", 3), 0);
	ST_EQ(t_open("f", O_RDONLY, 0), 0);
	ST_EQ(t_open("f", O_RDONLY, 0), 1);
	ST_EQ(t_open("f", O_RDONLY, 0), 2);
	ST_EQ(t_close(1), 0);
	ST_EQ(t_close(1), -EBADF);
	ST_EQ(t_syscall(__x64_sys_close, 1), -EBADF);
	ST_EQ(t_open("f", O_RDONLY, 0), 1);

	/* dup2 onto an open descriptor closes what was there. */
	f0 = fget(0);
	f = fget(2);
	count = file_count(f);
	ST_EQ(t_syscall(__x64_sys_dup2, 0, 2), 2);
	ST_EQ(file_count(f), count - 1);
	fput(f);
	f = fget(2);
	ST_ASSERT(f == f0, "fd 2 is not fd 0's file");
	fput(f);
	fput(f0);
	ST_EQ(t_syscall(__x64_sys_dup2, 1, 1), 1);
	ST_EQ(t_syscall(__x64_sys_dup2, 50, 50), -EBADF);
	ST_EQ(t_syscall(__x64_sys_dup3, 1, 1, 0), -EINVAL);
	ST_EQ(t_syscall(__x64_sys_dup3, 1, 3, O_RDONLY | 1), -EINVAL);
	ST_EQ(t_syscall(__x64_sys_dup2, 0, INR_OPEN_CUR), -EBADF);
	ST_EQ(t_syscall(__x64_sys_dup2, 77, 3), -EBADF);
	/* dup2 far out grows the table; the lowest free slot is still 3. */
	ST_EQ(t_syscall(__x64_sys_dup2, 0, 200), 200);
	ST_EQ(t_syscall(__x64_sys_dup, 0), 3);
	ST_EQ(t_syscall(__x64_sys_close, 200), 0);

	/* Close-on-exec: O_CLOEXEC, dup3, F_DUPFD_CLOEXEC, F_SETFD, FIOCLEX/FIONCLEX. */
	fd = t_open("f", O_RDONLY | O_CLOEXEC, 0);
	ST_EQ(fd, 4);
	ST_EQ(t_syscall(__x64_sys_fcntl, fd, F_GETFD, 0), FD_CLOEXEC);
	ST_EQ(t_syscall(__x64_sys_fcntl, 0, F_GETFD, 0), 0);
	ST_EQ(t_syscall(__x64_sys_dup3, 0, 5, O_CLOEXEC), 5);
	ST_EQ(t_syscall(__x64_sys_fcntl, 5, F_GETFD, 0), FD_CLOEXEC);
	ST_EQ(t_syscall(__x64_sys_fcntl, 0, F_DUPFD_CLOEXEC, 10), 10);
	ST_EQ(t_syscall(__x64_sys_fcntl, 10, F_GETFD, 0), FD_CLOEXEC);
	ST_EQ(t_syscall(__x64_sys_fcntl, 0, F_DUPFD, 10), 11);
	ST_EQ(t_syscall(__x64_sys_fcntl, 11, F_GETFD, 0), 0);
	ST_EQ(t_syscall(__x64_sys_fcntl, 11, F_SETFD, FD_CLOEXEC), 0);
	ST_EQ(t_syscall(__x64_sys_ioctl, 1, FIOCLEX, 0), 0);
	ST_EQ(t_syscall(__x64_sys_fcntl, 1, F_GETFD, 0), FD_CLOEXEC);
	ST_EQ(t_syscall(__x64_sys_ioctl, 1, FIONCLEX, 0), 0);
	ST_EQ(t_syscall(__x64_sys_fcntl, 1, F_GETFD, 0), 0);
	ST_EQ(t_syscall(__x64_sys_fcntl, 0, F_DUPFD, INR_OPEN_CUR), -EINVAL);
	ST_EQ(t_syscall(__x64_sys_fcntl, 99, F_GETFD, 0), -EBADF);
	/* Record locks are unimplemented, but the flock pointer is read first. */
	ST_EQ(t_syscall(__x64_sys_fcntl, 0, F_GETLK, 0), -EFAULT);

	/* fork copies the table, flags included; exec closes the marked ones. */
	copy = dup_fd(current->files, &err);
	ST_ASSERT(copy, "dup_fd: %d", err);
	do_close_on_exec(current->files);
	for (i = 0; i < 12; i++) {
		struct file *g = fget_raw(i);

		if (g)
			fput(g);
		ST_ASSERT(!!g == (i <= 3), "fd %d %s after exec", i, g ? "open" : "closed");
	}
	ST_ASSERT(files_lookup_fd_locked(copy, 10) && test_bit(10, copy->fdt->close_on_exec),
		  "the copy lost fd 10 or its flag");
	put_files_struct(copy);

	/* F_GETFL/F_SETFL: O_APPEND and O_NONBLOCK change, the access mode does not. */
	fd = t_open("f", O_WRONLY | O_CLOEXEC, 0);
	/* O_CLOEXEC is the descriptor's, never a status flag. */
	ST_EQ(t_syscall(__x64_sys_fcntl, fd, F_GETFL, 0), O_WRONLY | O_LARGEFILE);
	ST_EQ(t_syscall(__x64_sys_fcntl, fd, F_SETFL, O_APPEND | O_NONBLOCK | O_RDWR), 0);
	ST_EQ(t_syscall(__x64_sys_fcntl, fd, F_GETFL, 0),
	      O_WRONLY | O_LARGEFILE | O_APPEND | O_NONBLOCK);
	ST_EQ(t_syscall(__x64_sys_fcntl, fd, F_SETFL, O_DIRECT), -EINVAL);
	ST_EQ(t_write(fd, "d", 1), 1);
	ST_ASSERT(t_file_equals("f", "abcd", 4), "O_APPEND from F_SETFL");
	ST_EQ(t_syscall(__x64_sys_ioctl, fd, 0x1234, 0), -ENOTTY);
	t_close(fd);

	/* The limit: descriptors up to INR_OPEN_CUR - 1, then EMFILE. */
	for (i = 0; ; i++) {
		fd = ksys_dup(0);
		if (fd < 0)
			break;
	}
	ST_EQ(fd, -EMFILE);
	ST_EQ(t_open("f", O_RDONLY, 0), -EMFILE);
	f = fget(INR_OPEN_CUR - 1);
	ST_ASSERT(f, "fd %d not open", INR_OPEN_CUR - 1);
	fput(f);
	close_all();
	return 0;
}

static int test_fd_table(void)
{
	return vfs_run_sandboxed("fdtable", "tmpfs", NULL, fd_table);
}
DEFINE_SELFTEST("vfs: fd table: lowest free, dup2 onto open fd, close-on-exec, EMFILE",
		test_fd_table);
