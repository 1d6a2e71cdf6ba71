// SPDX-License-Identifier: GPL-2.0-only
/*
 * fs - file system calls on a private tmpfs (mounted by the test on a fresh
 * directory under /tmp; without the privilege, the directory itself):
 * open/openat flags, read/write/pread/pwrite/readv/writev/lseek and holes,
 * sendfile, stat/newfstatat/statx, getdents64, mkdir/rmdir/unlink,
 * rename/renameat2, link/symlink/readlink and symlink resolution,
 * chdir/getcwd, umask/chmod/chown, access, truncate, statfs, utimensat,
 * mknod of device nodes, dup/dup2/dup3, fcntl, close-on-exec, and the
 * errno for bad descriptors, bad pointers and bad names.
 *
 * Calls whose arguments musl checks or rewrites itself go through
 * syscall() so that the kernel is what gets tested.
 */
#include <dirent.h>
#include <stddef.h>
#include <ftw.h>
#include <grp.h>
#include <limits.h>
#include <sys/mount.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/resource.h>

#include "tap.h"
#include "util.h"

#define TMPFS_MAGIC 0x01021994

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#define RENAME_EXCHANGE (1 << 1)
#endif

/* struct statx as the kernel defines it (musl 1.2.3 has none). */
struct kstatx_ts {
	int64_t tv_sec;
	uint32_t tv_nsec;
	int32_t reserved;
};

struct kstatx {
	uint32_t stx_mask;
	uint32_t stx_blksize;
	uint64_t stx_attributes;
	uint32_t stx_nlink;
	uint32_t stx_uid;
	uint32_t stx_gid;
	uint16_t stx_mode;
	uint16_t spare0;
	uint64_t stx_ino;
	uint64_t stx_size;
	uint64_t stx_blocks;
	uint64_t stx_attributes_mask;
	struct kstatx_ts stx_atime, stx_btime, stx_ctime, stx_mtime;
	uint32_t stx_rdev_major, stx_rdev_minor, stx_dev_major, stx_dev_minor;
	uint64_t spare[14];
};

#define STATX_BASIC_STATS_ 0x7ffU
#define STATX_RESERVED_ 0x80000000U
#define AT_STATX_SYNC_AS_STAT_ 0

struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

extern char **environ;

static char base[64] = "/tmp/fs.XXXXXX";
static int mounted;
static const char *self;

/* base/NAME, printf-style; eight rotating buffers. */
__attribute__((format(printf, 1, 2))) static const char *P(const char *fmt, ...)
{
	static char bufs[8][512];
	static int next;
	char *buf = bufs[next++ & 7];
	va_list ap;
	int n;

	n = snprintf(buf, 512, "%s/", base);
	va_start(ap, fmt);
	vsnprintf(buf + n, 512 - n, fmt, ap);
	va_end(ap);
	return buf;
}

static int create(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t len = text ? (ssize_t)strlen(text) : 0;

	if (fd < 0)
		return -1;
	if (len && write(fd, text, len) != len) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : st.st_size;
}

static int mode_of(const char *path)
{
	struct stat st;

	return lstat(path, &st) ? -1 : (int)st.st_mode;
}

static ino_t ino_of(const char *path)
{
	struct stat st;

	return lstat(path, &st) ? 0 : st.st_ino;
}

static nlink_t nlink_of(const char *path)
{
	struct stat st;

	return lstat(path, &st) ? 0 : st.st_nlink;
}

/* Read a whole small file into buf (NUL terminated). */
static int fd_flags(int fd)
{
	return fcntl(fd, F_GETFD);
}

/* ---------------------------------------------------------- open */

static void test_open(void)
{
	char longname[300];
	static char longpath[PATH_MAX + 100];
	int fd, fd2, dfd;
	char buf[16];

	umask(022);
	fd = open(P("f"), O_CREAT | O_WRONLY, 0666);
	ok(fd >= 0, "open O_CREAT creates a file");
	close(fd);
	ok_eq(mode_of(P("f")), S_IFREG | 0644, "the new file's mode is 0666 & ~umask 022");
	ok_errno(open(P("f"), O_CREAT | O_EXCL | O_WRONLY, 0644), EEXIST,
		 "O_CREAT|O_EXCL on an existing file: EEXIST");
	ok_errno(open(P("missing"), O_RDONLY), ENOENT, "open of a missing file: ENOENT");
	ok_errno(open("", O_RDONLY), ENOENT, "open of \"\": ENOENT");

	symlink("dangling-target", P("dangle"));
	ok_errno(open(P("dangle"), O_CREAT | O_EXCL | O_WRONLY, 0644), EEXIST,
		 "O_CREAT|O_EXCL on a dangling symlink: EEXIST");
	fd = open(P("dangle"), O_CREAT | O_WRONLY, 0644);
	ok(fd >= 0 && mode_of(P("dangling-target")) == (S_IFREG | 0644),
	   "O_CREAT through a dangling symlink creates its target");
	close(fd);

	create(P("t"), "0123456789");
	fd = open(P("t"), O_WRONLY | O_TRUNC);
	close(fd);
	ok_eq(file_size(P("t")), 0, "O_TRUNC empties the file");

	fd = open(P("a"), O_CREAT | O_WRONLY | O_APPEND, 0644);
	write(fd, "abc", 3);
	lseek(fd, 0, SEEK_SET);
	write(fd, "def", 3);
	ok_eq(lseek(fd, 0, SEEK_CUR), 6, "O_APPEND: after a write the offset is at the end");
	close(fd);
	ok_str(file_text(P("a")), "abcdef", "O_APPEND: writes go to the end despite lseek(0)");

	ok_errno(open(P("f"), O_RDONLY | O_DIRECTORY), ENOTDIR, "O_DIRECTORY on a file: ENOTDIR");
	fd = open(base, O_RDONLY | O_DIRECTORY);
	ok(fd >= 0, "O_DIRECTORY on a directory");
	close(fd);
	ok_errno(open(base, O_WRONLY), EISDIR, "open of a directory O_WRONLY: EISDIR");
	ok_errno(open(base, O_RDWR), EISDIR, "open of a directory O_RDWR: EISDIR");
	ok_errno(open(base, O_CREAT | O_RDONLY, 0644), EISDIR,
		 "O_CREAT on an existing directory: EISDIR");
	ok_errno(open(P("newdir/"), O_CREAT | O_WRONLY, 0644), EISDIR,
		 "O_CREAT of a name with a trailing slash: EISDIR");

	symlink("f", P("flink"));
	ok_errno(open(P("flink"), O_RDONLY | O_NOFOLLOW), ELOOP, "O_NOFOLLOW on a symlink: ELOOP");
	ok_errno(open(P("dangle"), O_RDONLY | O_NOFOLLOW), ELOOP,
		 "O_NOFOLLOW on a dangling symlink: ELOOP");
	mkdir(P("d"), 0755);
	create(P("d/in"), "x");
	symlink("d", P("dlink"));
	fd = open(P("dlink/in"), O_RDONLY | O_NOFOLLOW);
	ok(fd >= 0, "O_NOFOLLOW only concerns the last component");
	close(fd);

	fd = open(P("f"), O_RDONLY | O_CLOEXEC);
	fd2 = open(P("f"), O_RDONLY);
	ok(fd_flags(fd) == FD_CLOEXEC && fd_flags(fd2) == 0,
	   "O_CLOEXEC sets FD_CLOEXEC, else clear");
	close(fd);
	ok_eq(open(P("f"), O_RDONLY), fd, "open returns the lowest free descriptor");
	close(fd);
	close(fd2);

	dfd = open(P("d"), O_RDONLY | O_DIRECTORY);
	fd = openat(dfd, "in", O_RDONLY);
	ok(fd >= 0, "openat relative to a directory fd");
	close(fd);
	fd2 = open(P("f"), O_RDONLY);
	ok_errno(openat(fd2, "in", O_RDONLY), ENOTDIR, "openat with a file as dirfd: ENOTDIR");
	ok_errno(openat(9999, "in", O_RDONLY), EBADF, "openat with a closed dirfd: EBADF");
	fd = openat(9999, P("f"), O_RDONLY);
	ok(fd >= 0, "openat with an absolute path ignores dirfd");
	close(fd);
	close(fd2);
	close(dfd);

	fd = open(P("f"), O_WRONLY);
	ok_errno(read(fd, buf, 1), EBADF, "read from an O_WRONLY fd: EBADF");
	close(fd);
	fd = open(P("f"), O_RDONLY);
	ok_errno(write(fd, "x", 1), EBADF, "write to an O_RDONLY fd: EBADF");
	close(fd);
	fd = open(base, O_RDONLY);
	ok_errno(read(fd, buf, 1), EISDIR, "read from a directory fd: EISDIR");
	close(fd);

	memset(longname, 'n', 256);
	longname[256] = '\0';
	ok_errno(open(P("%s", longname), O_CREAT | O_WRONLY, 0644), ENAMETOOLONG,
		 "a 256-byte name component: ENAMETOOLONG");
	longname[255] = '\0';
	fd = open(P("%s", longname), O_CREAT | O_WRONLY, 0644);
	ok(fd >= 0, "a 255-byte name component is fine");
	close(fd);
	unlink(P("%s", longname));
	memset(longpath, 0, sizeof(longpath));
	for (size_t i = 0; i + 2 < sizeof(longpath); i += 2)
		memcpy(longpath + i, "/.", 2);
	ok_errno(open(longpath, O_RDONLY), ENAMETOOLONG,
		 "a path longer than PATH_MAX: ENAMETOOLONG");
	ok_errno(open(P("f/x"), O_RDONLY), ENOTDIR, "a file used as a directory mid-path: ENOTDIR");
	ok_errno(open(P("nodir/x"), O_CREAT | O_WRONLY, 0644), ENOENT,
		 "O_CREAT under a missing directory: ENOENT");
}

/* ---------------------------------------------------------- read/write */

static void test_rw(void)
{
	struct iovec iov[3];
	char a[4], b[5], c[8], buf[64];
	static struct iovec many[1025];
	int fd, pfd[2];
	ssize_t n;

	fd = open(P("rw"), O_RDWR | O_CREAT | O_TRUNC, 0644);
	ok_eq(write(fd, "hello world", 11), 11, "write 11 bytes");
	ok_eq(lseek(fd, 0, SEEK_CUR), 11, "the offset follows the write");
	ok_eq(lseek(fd, 0, SEEK_SET), 0, "lseek SEEK_SET 0");
	memset(buf, 0, sizeof(buf));
	ok(read(fd, buf, sizeof(buf)) == 11 && !strcmp(buf, "hello world"), "read it back");
	ok_eq(read(fd, buf, sizeof(buf)), 0, "read at EOF returns 0");
	ok_eq(read(fd, buf, 0), 0, "read of 0 bytes returns 0");

	ok(pwrite(fd, "WORLD", 5, 6) == 5 && lseek(fd, 0, SEEK_CUR) == 11,
	   "pwrite writes at its offset and leaves the file offset alone");
	memset(buf, 0, sizeof(buf));
	ok(pread(fd, buf, 5, 6) == 5 && !strcmp(buf, "WORLD") && lseek(fd, 0, SEEK_CUR) == 11,
	   "pread reads at its offset and leaves the file offset alone");
	ok_eq(pread(fd, buf, 5, 11), 0, "pread at EOF returns 0");
	ok_errno(pread(fd, buf, 5, -1), EINVAL, "pread at a negative offset: EINVAL");

	ok_eq(lseek(fd, -5, SEEK_END), 6, "lseek SEEK_END -5");
	ok_eq(lseek(fd, 2, SEEK_CUR), 8, "lseek SEEK_CUR +2");
	ok_errno(lseek(fd, -100, SEEK_CUR), EINVAL, "lseek to a negative offset: EINVAL");
	ok_errno(lseek(fd, 0, 42), EINVAL, "lseek with a bad whence: EINVAL");

	ok_eq(lseek(fd, 100, SEEK_END), 111, "lseek 100 past EOF");
	ok_eq(write(fd, "Z", 1), 1, "and write there");
	ok_eq(file_size(P("rw")), 112, "the file grew to 112 bytes");
	memset(buf, 'x', sizeof(buf));
	n = pread(fd, buf, 64, 20);
	ok(n == 64 && all_zero(buf, 64), "the hole reads as zeros");

	lseek(fd, 0, SEEK_SET);
	iov[0] = (struct iovec){ "abcd", 4 };
	iov[1] = (struct iovec){ "efghi", 5 };
	iov[2] = (struct iovec){ "jklmnopq", 8 };
	ok_eq(writev(fd, iov, 3), 17, "writev of three buffers writes 17 bytes");
	lseek(fd, 0, SEEK_SET);
	iov[0] = (struct iovec){ a, 4 };
	iov[1] = (struct iovec){ b, 5 };
	iov[2] = (struct iovec){ c, 8 };
	ok(readv(fd, iov, 3) == 17 && !memcmp(a, "abcd", 4) && !memcmp(b, "efghi", 5) &&
	   !memcmp(c, "jklmnopq", 8), "readv scatters them back in order");
	ok_eq(readv(fd, iov, 0), 0, "readv with iovcnt 0 returns 0");
	for (int i = 0; i < 1025; i++)
		many[i] = (struct iovec){ buf, 1 };
	ok_errno(readv(fd, many, 1025), EINVAL, "readv with iovcnt 1025 (> IOV_MAX): EINVAL");
	ok(readv(fd, many, 1024) >= 0, "readv with iovcnt 1024 is allowed");
	close(fd);

	if (pipe(pfd) == 0) {
		ok_errno(lseek(pfd[0], 0, SEEK_SET), ESPIPE, "lseek on a pipe: ESPIPE");
		ok_errno(pread(pfd[0], buf, 1, 0), ESPIPE, "pread on a pipe: ESPIPE");
		close(pfd[0]);
		close(pfd[1]);
	}
}

static void test_shared_offsets(void)
{
	int fd, fd2, fd3;
	pid_t pid;

	create(P("off"), "0123456789");
	fd = open(P("off"), O_RDWR);
	fd2 = dup(fd);
	fd3 = open(P("off"), O_RDWR);
	lseek(fd, 4, SEEK_SET);
	ok_eq(lseek(fd2, 0, SEEK_CUR), 4, "a dup'd fd shares the file offset");
	ok_eq(lseek(fd3, 0, SEEK_CUR), 0, "a second open() has its own offset");
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		write(fd, "ab", 2);
		_exit(0);
	}
	wait_status(pid);
	ok_eq(lseek(fd, 0, SEEK_CUR), 6,
	      "a child's write through an inherited fd moves our offset");
	close(fd);
	close(fd2);
	close(fd3);
}

static void test_sendfile(void)
{
	int in, out, pfd[2];
	off_t off;
	char buf[32] = "";

	create(P("sf-in"), "0123456789abcdef");
	in = open(P("sf-in"), O_RDONLY);
	out = open(P("sf-out"), O_RDWR | O_CREAT | O_TRUNC, 0644);
	off = 4;
	ok_eq(sendfile(out, in, &off, 8), 8, "sendfile file to file with an offset copies 8 bytes");
	ok(off == 12 && lseek(in, 0, SEEK_CUR) == 0,
	   "the offset variable advanced to 12, the input's file offset did not move");
	ok_str(file_text(P("sf-out")), "456789ab", "the copied bytes");
	ok_eq(sendfile(out, in, NULL, 3), 3, "sendfile without an offset uses the file offset");
	ok_eq(lseek(in, 0, SEEK_CUR), 3, "and advances it");
	off = 16;
	ok_eq(sendfile(out, in, &off, 8), 0, "sendfile at EOF returns 0");
	if (pipe(pfd) == 0) {
		off = 0;
		ok(sendfile(pfd[1], in, &off, 16) == 16 && read(pfd[0], buf, sizeof(buf)) == 16 &&
		   !memcmp(buf, "0123456789abcdef", 16), "sendfile into a pipe");
		close(pfd[0]);
		close(pfd[1]);
	}
	close(out);
	out = open(P("sf-out"), O_WRONLY | O_APPEND);
	off = 0;
	ok_errno(sendfile(out, in, &off, 4), EINVAL, "sendfile to an O_APPEND file: EINVAL");
	close(out);
	close(in);
}

/* ---------------------------------------------------------- stat */

static int all_zero_ts(const struct kstatx_ts *t)
{
	return t->tv_sec == 0 && t->tv_nsec == 0;
}

static void test_stat(void)
{
	struct stat st, st2, dst;
	struct kstatx sx;
	struct timespec t0;
	int fd;

	create(P("s"), "12345");
	ok_sys(stat(P("s"), &st), "stat");
	ok(S_ISREG(st.st_mode) && (st.st_mode & 07777) == 0644 && st.st_size == 5 &&
	   st.st_nlink == 1 && st.st_uid == getuid() && st.st_gid == getgid(),
	   "stat: regular, 0644, size 5, nlink 1, our uid/gid");
	ok(st.st_blksize > 0 && st.st_blocks * 512 >= st.st_size,
	   "st_blksize and st_blocks are sane");
	fd = open(P("s"), O_RDONLY);
	fstat(fd, &st2);
	ok(st2.st_ino == st.st_ino && st2.st_dev == st.st_dev, "fstat: same st_ino and st_dev");
	stat(base, &dst);
	ok(S_ISDIR(dst.st_mode) && dst.st_dev == st.st_dev,
	   "the directory is S_IFDIR on the same st_dev");
	memset(&st2, 0, sizeof(st2));
	ok(fstatat(fd, "", &st2, AT_EMPTY_PATH) == 0 && st2.st_ino == st.st_ino,
	   "newfstatat(fd, \"\", AT_EMPTY_PATH) is fstat");
	ok_errno(syscall(SYS_newfstatat, AT_FDCWD, P("s"), &st2, 0x1), EINVAL,
		 "newfstatat with an unknown flag: EINVAL");

	symlink("s", P("slink"));
	ok(fstatat(AT_FDCWD, P("slink"), &st2, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st2.st_mode) &&
	   st2.st_size == 1, "AT_SYMLINK_NOFOLLOW: S_IFLNK, st_size = length of the target");
	ok(stat(P("slink"), &st2) == 0 && st2.st_ino == st.st_ino, "stat follows the symlink");

	memset(&sx, 0, sizeof(sx));
	ok_sys(syscall(SYS_statx, AT_FDCWD, P("s"), AT_STATX_SYNC_AS_STAT_, STATX_BASIC_STATS_, &sx),
	       "statx");
	ok((sx.stx_mask & STATX_BASIC_STATS_) == STATX_BASIC_STATS_,
	   "statx mask has all basic stats (%#x)",
	   sx.stx_mask);
	ok(sx.stx_mode == st.st_mode && sx.stx_size == 5 && sx.stx_ino == st.st_ino &&
	   sx.stx_nlink == 1 && sx.stx_uid == st.st_uid && sx.stx_blksize == st.st_blksize,
	   "statx mode/size/ino/nlink/uid/blksize agree with stat");
	ok(sx.stx_mtime.tv_sec == st.st_mtim.tv_sec && sx.stx_mtime.tv_nsec == st.st_mtim.tv_nsec &&
	   !all_zero_ts(&sx.stx_ctime), "statx mtime agrees with stat, ctime is set");
	ok(makedev(sx.stx_dev_major, sx.stx_dev_minor) == st.st_dev, "statx dev agrees with stat");
	memset(&sx, 0, sizeof(sx));
	ok(syscall(SYS_statx, fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS_, &sx) == 0 &&
	   sx.stx_ino == st.st_ino, "statx(fd, \"\", AT_EMPTY_PATH)");
	ok(syscall(SYS_statx, AT_FDCWD, P("slink"), AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS_, &sx) == 0 &&
	   S_ISLNK(sx.stx_mode), "statx AT_SYMLINK_NOFOLLOW sees the link");
	ok_errno(syscall(SYS_statx, AT_FDCWD, P("s"), 0x1, STATX_BASIC_STATS_, &sx), EINVAL,
		 "statx with an unknown flag: EINVAL");
	ok_errno(syscall(SYS_statx, AT_FDCWD, P("s"), 0, STATX_RESERVED_, &sx), EINVAL,
		 "statx with STATX__RESERVED in the mask: EINVAL");
	close(fd);

	clock_gettime(CLOCK_REALTIME, &t0);
	usleep(20000);
	fd = open(P("s"), O_WRONLY | O_APPEND);
	write(fd, "6", 1);
	fstat(fd, &st2);
	close(fd);
	ok(st2.st_mtim.tv_sec > st.st_mtim.tv_sec ||
	   (st2.st_mtim.tv_sec == st.st_mtim.tv_sec && st2.st_mtim.tv_nsec > st.st_mtim.tv_nsec),
	   "a write moves st_mtime forward");
	ok(st2.st_ctim.tv_sec >= t0.tv_sec - 1 && st2.st_ctim.tv_sec <= t0.tv_sec + 5,
	   "st_ctime is current wall-clock time");
	ok_eq(st2.st_ino, st.st_ino, "the inode number is stable");
	ok_errno(stat(P("nothing"), &st2), ENOENT, "stat of a missing file: ENOENT");
}

/* ---------------------------------------------------------- getdents64 */

static void test_getdents(void)
{
	char buf[4096];
	struct linux_dirent64 *d;
	int fd, off, n, seen = 0, types_ok = 1, reclen_ok = 1, ino_ok = 1;
	long r;

	mkdir(P("gd"), 0755);
	create(P("gd/file"), "x");
	mkdir(P("gd/sub"), 0755);
	symlink("file", P("gd/link"));

	fd = open(P("gd"), O_RDONLY | O_DIRECTORY);
	n = syscall(SYS_getdents64, fd, buf, sizeof(buf));
	ok(n > 0, "getdents64 returns entries (%d bytes)", n);
	for (off = 0; off < n; off += d->d_reclen) {
		d = (struct linux_dirent64 *)(buf + off);
		if (d->d_reclen % 8 ||
		    d->d_reclen < offsetof(struct linux_dirent64, d_name) + strlen(d->d_name) + 1)
			reclen_ok = 0;
		if (!strcmp(d->d_name, "."))
			seen |= 1, types_ok &= d->d_type == DT_DIR;
		else if (!strcmp(d->d_name, ".."))
			seen |= 2, types_ok &= d->d_type == DT_DIR;
		else if (!strcmp(d->d_name, "file"))
			seen |= 4, types_ok &= d->d_type == DT_REG, ino_ok &= d->d_ino == ino_of(P("gd/file"));
		else if (!strcmp(d->d_name, "sub"))
			seen |= 8, types_ok &= d->d_type == DT_DIR, ino_ok &= d->d_ino == ino_of(P("gd/sub"));
		else if (!strcmp(d->d_name, "link"))
			seen |= 16, types_ok &= d->d_type == DT_LNK;
		else
			seen |= 32;
	}
	ok_eq(seen, 31, "it lists exactly ., .., file, sub and link");
	ok(types_ok, "with d_type DT_DIR/DT_REG/DT_LNK");
	ok(ino_ok, "d_ino equals st_ino");
	ok(reclen_ok, "d_reclen is 8-aligned and holds the NUL-terminated name");
	ok_eq(syscall(SYS_getdents64, fd, buf, sizeof(buf)), 0,
	      "the next call returns 0 at the end");

	unlink(P("gd/file"));
	lseek(fd, 0, SEEK_SET);
	n = syscall(SYS_getdents64, fd, buf, sizeof(buf));
	seen = 0;
	for (off = 0; off < n; off += d->d_reclen) {
		d = (struct linux_dirent64 *)(buf + off);
		seen += !strcmp(d->d_name, "file");
	}
	ok(n > 0 && seen == 0, "after lseek(0) the listing starts over, without the unlinked file");
	lseek(fd, 0, SEEK_SET);
	ok_errno(syscall(SYS_getdents64, fd, buf, 10), EINVAL,
		 "a buffer too small for one entry: EINVAL");
	close(fd);
	fd = open(P("gd/link"), O_RDONLY);	/* "file" is gone: dangling */
	ok_eq(fd, -1, "the symlink to the unlinked file dangles");
	create(P("gd/file"), "x");
	fd = open(P("gd/file"), O_RDONLY);
	r = syscall(SYS_getdents64, fd, buf, sizeof(buf));
	ok(r == -1 && errno == ENOTDIR, "getdents64 on a regular file: ENOTDIR");
	close(fd);
	ok_errno(syscall(SYS_getdents64, 9999, buf, sizeof(buf)), EBADF,
		 "getdents64 on a bad fd: EBADF");

	{
		DIR *dir = opendir(P("gd"));
		struct dirent *e;
		int count = 0;

		while (dir && (e = readdir(dir)))
			count++;
		if (dir)
			closedir(dir);
		ok_eq(count, 5, "readdir() sees the five entries");
	}
}

/* ---------------------------------------------------------- directories */

static void test_mkdir_rmdir(void)
{
	int dfd;
	nlink_t n0, n1;

	umask(022);
	n0 = nlink_of(base);
	ok_sys(mkdir(P("m"), 0777), "mkdir");
	ok_eq(mode_of(P("m")), S_IFDIR | 0755, "the new directory's mode is 0777 & ~umask");
	ok_eq(nlink_of(P("m")), 2, "a new directory has 2 links");
	ok_eq(nlink_of(base), n0 + 1, "and adds one to its parent");
	mkdir(P("m/sub"), 0755);
	ok_eq(nlink_of(P("m")), 3, "a subdirectory adds a link to its parent");
	ok_errno(mkdir(P("m"), 0755), EEXIST, "mkdir of an existing directory: EEXIST");
	create(P("mf"), NULL);
	ok_errno(mkdir(P("mf"), 0755), EEXIST, "mkdir over a file: EEXIST");
	ok_errno(mkdir(P("nodir/sub"), 0755), ENOENT, "mkdir under a missing directory: ENOENT");
	ok_errno(mkdir(P("mf/sub"), 0755), ENOTDIR, "mkdir under a file: ENOTDIR");
	ok_errno(mkdir("/", 0755), EEXIST, "mkdir /: EEXIST");
	dfd = open(P("m"), O_RDONLY | O_DIRECTORY);
	ok(mkdirat(dfd, "at", 0700) == 0 && mode_of(P("m/at")) == (S_IFDIR | 0700),
	   "mkdirat relative to a directory fd");
	close(dfd);

	ok_errno(rmdir(P("m")), ENOTEMPTY, "rmdir of a non-empty directory: ENOTEMPTY");
	ok_errno(rmdir(P("mf")), ENOTDIR, "rmdir of a file: ENOTDIR");
	ok_errno(rmdir(P("m/sub/.")), EINVAL, "rmdir of a path ending in \".\": EINVAL");
	ok_errno(rmdir(P("m/sub/..")), ENOTEMPTY, "rmdir of a path ending in \"..\": ENOTEMPTY");
	ok_errno(rmdir("/"), EBUSY, "rmdir /: EBUSY");
	ok_errno(rmdir(P("nothing")), ENOENT, "rmdir of a missing directory: ENOENT");
	n1 = nlink_of(P("m"));
	ok_sys(rmdir(P("m/sub")), "rmdir of an empty directory");
	ok_eq(nlink_of(P("m")), n1 - 1, "and the parent loses its link");
	rmdir(P("m/at"));
	rmdir(P("m"));
	ok_eq(nlink_of(base), n0, "the base directory's link count is back");
	if (mounted)
		ok_errno(rmdir(base), EBUSY, "rmdir of a mount point: EBUSY");
	else
		skip("rmdir of a mount point: not mounted");
}

static void test_unlink(void)
{
	struct stat st;
	char buf[8] = "";
	int fd;

	create(P("u"), "data");
	link(P("u"), P("u2"));
	ok_sys(unlink(P("u")), "unlink a file");
	ok_errno(access(P("u"), F_OK), ENOENT, "its name is gone");
	ok_eq(nlink_of(P("u2")), 1, "the other link's count dropped to 1");
	fd = open(P("u2"), O_RDONLY);
	unlink(P("u2"));
	ok(read(fd, buf, 4) == 4 && !memcmp(buf, "data", 4),
	   "an unlinked open file stays readable");
	ok(fstat(fd, &st) == 0 && st.st_nlink == 0, "fstat shows st_nlink 0");
	close(fd);

	mkdir(P("ud"), 0755);
	ok_errno(unlink(P("ud")), EISDIR, "unlink of a directory: EISDIR (Linux, not EPERM)");
	create(P("uf"), NULL);
	ok_errno(unlinkat(AT_FDCWD, P("uf"), AT_REMOVEDIR), ENOTDIR,
		 "unlinkat(AT_REMOVEDIR) of a file: ENOTDIR");
	ok_errno(unlinkat(AT_FDCWD, P("uf"), 0x1), EINVAL, "unlinkat with an unknown flag: EINVAL");
	ok_sys(unlinkat(AT_FDCWD, P("ud"), AT_REMOVEDIR),
	       "unlinkat(AT_REMOVEDIR) removes a directory");
	ok_errno(unlink(P("nothing")), ENOENT, "unlink of a missing name: ENOENT");
	symlink("uf", P("ul"));
	unlink(P("ul"));
	ok(access(P("ul"), F_OK) && !access(P("uf"), F_OK),
	   "unlink of a symlink removes the link only");
	unlink(P("uf"));
}

/* ---------------------------------------------------------- rename */

static long sys_renameat2(const char *from, const char *to, unsigned int flags)
{
	return syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}

static void test_rename(void)
{
	ino_t ia, ib;
	nlink_t na, nb;
	int fd;
	struct stat st;

	create(P("ra"), "A");
	create(P("rb"), "B");
	ia = ino_of(P("ra"));
	fd = open(P("rb"), O_RDONLY);
	ok_sys(rename(P("ra"), P("rb")), "rename a file over an existing file");
	ok(access(P("ra"), F_OK) && ino_of(P("rb")) == ia && text_eq(file_text(P("rb")), "A"),
	   "the source name is gone, the target is the source inode");
	ok(fstat(fd, &st) == 0 && st.st_nlink == 0, "the replaced inode has no links left");
	close(fd);

	mkdir(P("rd1"), 0755);
	mkdir(P("rd2"), 0755);
	ok_sys(rename(P("rd1"), P("rd2")), "rename a directory over an empty directory");
	mkdir(P("rd3"), 0755);
	create(P("rd2/x"), NULL);
	ok_errno(rename(P("rd3"), P("rd2")), ENOTEMPTY,
		 "a directory over a non-empty one: ENOTEMPTY");
	create(P("rf"), NULL);
	ok_errno(rename(P("rf"), P("rd3")), EISDIR, "a file over a directory: EISDIR");
	ok_errno(rename(P("rd3"), P("rf")), ENOTDIR, "a directory over a file: ENOTDIR");
	mkdir(P("rd3/inner"), 0755);
	ok_errno(rename(P("rd3"), P("rd3/inner/moved")), EINVAL,
		 "a directory into its own subdirectory: EINVAL");
	ok_errno(rename(P("nothing"), P("rz")), ENOENT, "rename of a missing name: ENOENT");
	ok_errno(rename(P("rd3/."), P("rz")), EBUSY, "rename of a path ending in \".\": EBUSY");

	ok_errno(sys_renameat2(P("rf"), P("rb"), RENAME_NOREPLACE), EEXIST,
		 "renameat2 RENAME_NOREPLACE onto an existing name: EEXIST");
	ok_sys(sys_renameat2(P("rf"), P("rnew"), RENAME_NOREPLACE),
	       "RENAME_NOREPLACE onto a free name");
	ia = ino_of(P("rnew"));
	ib = ino_of(P("rb"));
	ok(sys_renameat2(P("rnew"), P("rb"), RENAME_EXCHANGE) == 0 && ino_of(P("rnew")) == ib &&
	   ino_of(P("rb")) == ia, "RENAME_EXCHANGE swaps two names");
	ok_errno(sys_renameat2(P("rnew"), P("nothing"), RENAME_EXCHANGE), ENOENT,
		 "RENAME_EXCHANGE with a missing target: ENOENT");
	ok_errno(sys_renameat2(P("rnew"), P("rb"), RENAME_EXCHANGE | RENAME_NOREPLACE), EINVAL,
		 "RENAME_EXCHANGE|RENAME_NOREPLACE: EINVAL");

	ok(rename(P("rb"), P("rb")) == 0 && ino_of(P("rb")) == ia,
	   "rename of a name onto itself is a no-op");
	link(P("rb"), P("rb-link"));
	ok(rename(P("rb"), P("rb-link")) == 0 && !access(P("rb"), F_OK) && !access(P("rb-link"), F_OK),
	   "rename between two links of one inode does nothing, both names stay");

	mkdir(P("rp1"), 0755);
	mkdir(P("rp2"), 0755);
	mkdir(P("rp1/d"), 0755);
	na = nlink_of(P("rp1"));
	nb = nlink_of(P("rp2"));
	ia = ino_of(P("rp1/d"));
	ok(rename(P("rp1/d"), P("rp2/d")) == 0 && nlink_of(P("rp1")) == na - 1 &&
	   nlink_of(P("rp2")) == nb + 1, "moving a directory moves its \"..\" link between parents");
	ok(ino_of(P("rp2/d")) == ia && ino_of(P("rp2/d/..")) == ino_of(P("rp2")),
	   "the moved directory keeps its inode and its \"..\" is the new parent");
	if (mounted)
		ok_errno(rename(P("rnew"), "/tmp/fs-rename-xdev"), EXDEV,
			 "rename across mounts: EXDEV");
	else
		skip("rename across mounts: not mounted");
}

/* ---------------------------------------------------------- links */

static void test_links(void)
{
	char buf[64];
	int fd, i;
	long n;

	create(P("l"), "x");
	ok_sys(link(P("l"), P("l2")), "link");
	ok(nlink_of(P("l")) == 2 && nlink_of(P("l2")) == 2 && ino_of(P("l")) == ino_of(P("l2")),
	   "both names: the same inode, st_nlink 2");
	ok_errno(link(P("l"), P("l2")), EEXIST, "link onto an existing name: EEXIST");
	ok_errno(link(P("nothing"), P("l3")), ENOENT, "link of a missing file: ENOENT");
	mkdir(P("ldir"), 0755);
	ok_errno(link(P("ldir"), P("ldir2")), EPERM, "link of a directory: EPERM");
	unlink(P("l2"));
	ok_eq(nlink_of(P("l")), 1, "unlink drops st_nlink back to 1");

	ok_sys(symlink("l", P("sl")), "symlink");
	ok_errno(symlink("l", P("sl")), EEXIST, "symlink onto an existing name: EEXIST");
	ok_errno(symlink("", P("sl-empty")), ENOENT, "symlink with an empty target: ENOENT");
	memset(buf, 'X', sizeof(buf));
	n = readlink(P("sl"), buf, sizeof(buf));
	ok(n == 1 && buf[0] == 'l' && buf[1] == 'X', "readlink returns the target without a NUL");
	symlink("a-rather-long-target", P("sl-long"));
	ok_eq(readlink(P("sl-long"), buf, 4), 4,
	      "readlink into a short buffer truncates to its size");
	ok_errno(readlink(P("l"), buf, sizeof(buf)), EINVAL, "readlink of a non-symlink: EINVAL");
	ok_errno(syscall(SYS_readlink, P("sl"), buf, 0), EINVAL, "readlink with bufsiz 0: EINVAL");
	fd = open(base, O_RDONLY | O_DIRECTORY);
	ok_eq(readlinkat(fd, "sl-long", buf, sizeof(buf)), 20, "readlinkat relative to a dirfd");
	close(fd);

	ok_sys(linkat(AT_FDCWD, P("sl"), AT_FDCWD, P("hl-nofollow"), 0), "linkat of a symlink");
	ok(S_ISLNK(mode_of(P("hl-nofollow"))),
	   "without AT_SYMLINK_FOLLOW it links the symlink itself");
	linkat(AT_FDCWD, P("sl"), AT_FDCWD, P("hl-follow"), AT_SYMLINK_FOLLOW);
	ok(S_ISREG(mode_of(P("hl-follow"))) && ino_of(P("hl-follow")) == ino_of(P("l")),
	   "with AT_SYMLINK_FOLLOW it links the target");
	ok_errno(linkat(AT_FDCWD, P("l"), AT_FDCWD, P("hl-bad"), 0x1), EINVAL,
		 "linkat with an unknown flag: EINVAL");

	symlink("loop-b", P("loop-a"));
	symlink("loop-a", P("loop-b"));
	ok_errno(open(P("loop-a"), O_RDONLY), ELOOP, "open of a two-link symlink loop: ELOOP");
	ok_errno(access(P("loop-a"), F_OK), ELOOP, "access of it: ELOOP");
	symlink("self", P("self"));
	ok_errno(open(P("self"), O_RDONLY), ELOOP, "a symlink to itself: ELOOP");
	ok_errno(open(P("dangle2"), O_RDONLY), ENOENT, "(control) a missing name: ENOENT");
	symlink("no-such-target", P("dangle2"));
	ok_errno(open(P("dangle2"), O_RDONLY), ENOENT, "open of a dangling symlink: ENOENT");
	ok(S_ISLNK(mode_of(P("dangle2"))), "lstat of a dangling symlink works");

	/* A chain c0 -> c1 -> ... -> c(N-1) -> l: 40 follows is Linux's limit. */
	for (i = 0; i < 45; i++) {
		char target[16];

		snprintf(target, sizeof(target), i == 44 ? "l" : "c%d", i + 1);
		symlink(target, P("c%d", i));
	}
	fd = open(P("c5"), O_RDONLY);	/* 40 links to follow */
	ok(fd >= 0, "a chain of 40 symlinks resolves");
	close(fd);
	ok_errno(open(P("c3"), O_RDONLY), ELOOP, "a chain of 42 symlinks: ELOOP");

	mkdir(P("rel"), 0755);
	create(P("rel-target"), "rel");
	symlink("../rel-target", P("rel/link"));
	ok_str(file_text(P("rel/link")), "rel", "a relative target resolves from the link's directory");
	symlink("rel", P("rel-dirlink"));
	ok_str(file_text(P("rel-dirlink/link")), "rel",
	       "symlinks in the middle of a path are followed");
	symlink(base, P("abs-link"));
	ok_str(file_text(P("abs-link/rel-target")), "rel", "an absolute symlink target");
}

/* ---------------------------------------------------------- cwd */

static void test_cwd(void)
{
	char buf[PATH_MAX], want[PATH_MAX];
	int fd, dfd;
	long n;

	mkdir(P("cwd"), 0755);
	mkdir(P("cwd/sub"), 0755);
	ok_sys(chdir(P("cwd")), "chdir");
	snprintf(want, sizeof(want), "%s/cwd", base);
	ok_str(getcwd(buf, sizeof(buf)), want, "getcwd returns the new directory");
	n = syscall(SYS_getcwd, buf, sizeof(buf));
	ok_eq(n, (long)strlen(want) + 1, "the raw getcwd returns the length including the NUL");
	fd = open("relative-file", O_CREAT | O_WRONLY, 0644);
	close(fd);
	ok(access(P("cwd/relative-file"), F_OK) == 0, "relative names resolve from the cwd");
	ok_errno(syscall(SYS_getcwd, buf, strlen(want)), ERANGE,
		 "getcwd into a buffer one byte short: ERANGE");
	ok_errno(syscall(SYS_getcwd, buf, 0), ERANGE, "getcwd with size 0: ERANGE");
	ok_sys(chdir("sub"), "chdir to a relative name");
	ok_sys(chdir(".."), "chdir ..");
	ok_str(getcwd(buf, sizeof(buf)), want, "and back");

	dfd = open(base, O_RDONLY | O_DIRECTORY);
	ok_sys(fchdir(dfd), "fchdir");
	ok_str(getcwd(buf, sizeof(buf)), base, "getcwd after fchdir");
	close(dfd);
	fd = open(P("cwd/relative-file"), O_RDONLY);
	ok_errno(fchdir(fd), ENOTDIR, "fchdir to a file: ENOTDIR");
	close(fd);
	ok_errno(chdir(P("cwd/relative-file")), ENOTDIR, "chdir to a file: ENOTDIR");
	ok_errno(chdir(P("nothing")), ENOENT, "chdir to a missing name: ENOENT");

	mkdir(P("gone"), 0755);
	chdir(P("gone"));
	rmdir(P("gone"));
	ok_errno(syscall(SYS_getcwd, buf, sizeof(buf)), ENOENT,
		 "getcwd after the cwd was removed: ENOENT");
	chdir("/");
}

/* ---------------------------------------------------------- modes */

static void test_modes(void)
{
	struct stat st;
	int fd;

	umask(027);
	ok_eq(umask(022), 027, "umask returns the previous mask");
	umask(077);
	create(P("um-file"), NULL);
	mkdir(P("um-dir"), 0777);
	mknod(P("um-fifo"), S_IFIFO | 0666, 0);
	ok(mode_of(P("um-file")) == (S_IFREG | 0600) && mode_of(P("um-dir")) == (S_IFDIR | 0700) &&
	   mode_of(P("um-fifo")) == (S_IFIFO | 0600), "umask 077 applies to files, dirs and FIFOs");
	umask(0);
	fd = open(P("um0"), O_CREAT | O_WRONLY, 0777);
	close(fd);
	ok_eq(mode_of(P("um0")), S_IFREG | 0777, "with umask 0 the requested mode is kept");
	umask(022);

	ok(chmod(P("um0"), 0640) == 0 && mode_of(P("um0")) == (S_IFREG | 0640), "chmod 0640");
	fd = open(P("um0"), O_RDONLY);
	ok(fchmod(fd, 04755) == 0 && mode_of(P("um0")) == (S_IFREG | 04755),
	   "fchmod 04755 (setuid)");
	symlink("um0", P("um-link"));
	chmod(P("um-link"), 0700);
	ok_eq(mode_of(P("um0")), S_IFREG | 0700, "chmod through a symlink changes the target");

	fchmod(fd, 04755);
	ok_sys(fchownat(AT_FDCWD, P("um0"), 1234, 5678, 0), "fchownat to 1234:5678");
	fstat(fd, &st);
	ok(st.st_uid == 1234 && st.st_gid == 5678, "owner and group changed");
	ok_eq(st.st_mode & 07777, 0755, "chown cleared the setuid bit (even for root)");
	fchown(fd, -1, 42);
	fstat(fd, &st);
	ok(st.st_uid == 1234 && st.st_gid == 42, "fchown with uid -1 leaves the owner alone");
	fchownat(AT_FDCWD, P("um-link"), 7, 7, AT_SYMLINK_NOFOLLOW);
	lstat(P("um-link"), &st);
	ok(st.st_uid == 7 && st.st_gid == 7, "AT_SYMLINK_NOFOLLOW changes the symlink's owner");
	stat(P("um0"), &st);
	ok(st.st_uid == 1234, "and not the target's");
	close(fd);

	/* setgid directories: new entries take the directory's group. */
	mkdir(P("sgid"), 0755);
	chown(P("sgid"), 0, 5678);
	chmod(P("sgid"), 02775);
	create(P("sgid/f"), NULL);
	mkdir(P("sgid/d"), 0755);
	stat(P("sgid/f"), &st);
	ok_eq(st.st_gid, 5678, "a file in a setgid directory gets the directory's group");
	stat(P("sgid/d"), &st);
	ok(st.st_gid == 5678 && (st.st_mode & S_ISGID), "a subdirectory also inherits S_ISGID");
}

static int nonroot_child(void *arg)
{
	(void)arg;
	if (setgroups(0, NULL) || setgid(1000) || setuid(1000))
		return 100;
	if (open(P("acc-secret"), O_RDONLY) != -1 || errno != EACCES)
		return 1;
	if (access(P("acc-secret"), R_OK) != -1 || errno != EACCES)
		return 2;
	if (open(P("acc-rodir/new"), O_CREAT | O_WRONLY, 0644) != -1 || errno != EACCES)
		return 3;
	if (access(P("acc-private/inside"), F_OK) != -1 || errno != EACCES)
		return 4;
	if (unlink(P("acc-sticky/root-file")) != -1 || errno != EPERM)
		return 5;
	if (chmod(P("acc-secret"), 0777) != -1 || errno != EPERM)
		return 6;
	return 0;
}

static void test_access(void)
{
	int st;

	create(P("acc-none"), NULL);
	chmod(P("acc-none"), 0);
	create(P("acc-rw"), NULL);
	create(P("acc-x"), NULL);
	chmod(P("acc-x"), 0100);
	mkdir(P("acc-dir"), 0);
	ok_sys(access(P("acc-none"), R_OK | W_OK), "root: R_OK|W_OK on a mode 0000 file");
	ok_errno(access(P("acc-rw"), X_OK), EACCES, "root: X_OK on a 0644 file: EACCES");
	ok_sys(access(P("acc-x"), X_OK), "root: X_OK on a 0100 file (any x bit)");
	ok_sys(access(P("acc-dir"), X_OK), "root: X_OK on a mode 0000 directory");
	ok_errno(access(P("nothing"), F_OK), ENOENT, "access of a missing file: ENOENT");
	ok_errno(syscall(SYS_access, P("acc-rw"), 8), EINVAL, "access with mode 8: EINVAL");
	ok_sys(faccessat(AT_FDCWD, P("acc-rw"), R_OK, 0), "faccessat");

	if (getuid() != 0) {
		skip("non-root permission checks need root to set up");
		return;
	}
	create(P("acc-secret"), NULL);
	chmod(P("acc-secret"), 0600);
	mkdir(P("acc-rodir"), 0755);
	mkdir(P("acc-private"), 0700);
	create(P("acc-private/inside"), NULL);
	mkdir(P("acc-sticky"), 0777);
	chmod(P("acc-sticky"), 01777);
	create(P("acc-sticky/root-file"), NULL);
	chmod(P("acc-sticky/root-file"), 0666);
	st = run_in_child(nonroot_child, NULL);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "uid 1000: EACCES on a 0600 root file, a 0755 dir, a 0700 dir; EPERM on a sticky dir "
	   "entry and chmod of another's file (%s)", status_str(st));
}

/* ---------------------------------------------------------- truncate */

static void test_truncate(void)
{
	char buf[32];
	int fd;

	create(P("tr"), "abcdefghij");
	ok(truncate(P("tr"), 3) == 0 && file_size(P("tr")) == 3, "truncate shrinks to 3 bytes");
	ok(truncate(P("tr"), 10000) == 0 && file_size(P("tr")) == 10000, "truncate grows to 10000");
	fd = open(P("tr"), O_RDWR);
	memset(buf, 'x', sizeof(buf));
	ok(read(fd, buf, 32) == 32 && !memcmp(buf, "abc", 3) && all_zero(buf + 3, 29),
	   "the old bytes past the cut do not come back: zeros after \"abc\"");
	lseek(fd, 5, SEEK_SET);
	ok(ftruncate(fd, 1) == 0 && file_size(P("tr")) == 1 && lseek(fd, 0, SEEK_CUR) == 5,
	   "ftruncate to 1 leaves the file offset alone");
	ok_errno(ftruncate(fd, -1), EINVAL, "ftruncate to a negative length: EINVAL");
	close(fd);
	fd = open(P("tr"), O_RDONLY);
	ok_errno(ftruncate(fd, 0), EINVAL, "ftruncate of an O_RDONLY fd: EINVAL");
	close(fd);
	ok_errno(truncate(base, 0), EISDIR, "truncate of a directory: EISDIR");
	ok_errno(truncate(P("nothing"), 0), ENOENT, "truncate of a missing file: ENOENT");
}

/* ---------------------------------------------------------- statfs */

static void test_statfs(void)
{
	struct statfs sfs, sfs2;
	int fd;

	if (statfs(base, &sfs)) {
		ok(0, "statfs: %s", strerror(errno));
		return;
	}
	if (sfs.f_type != TMPFS_MAGIC && !mounted) {
		skip("the test directory is not on tmpfs (f_type %#lx)", (unsigned long)sfs.f_type);
	} else {
		ok_eq(sfs.f_type, TMPFS_MAGIC, "statfs on tmpfs: f_type TMPFS_MAGIC");
	}
	ok(sfs.f_bsize == 4096 && sfs.f_namelen == 255, "f_bsize 4096, f_namelen 255");
	ok(sfs.f_blocks >= sfs.f_bfree && sfs.f_bfree >= sfs.f_bavail,
	   "f_blocks >= f_bfree >= f_bavail");
	if (mounted)
		ok_eq(sfs.f_blocks, 16 * 1024 * 1024 / 4096, "f_blocks matches size=16m");
	fd = open(base, O_RDONLY);
	ok(fstatfs(fd, &sfs2) == 0 && sfs2.f_type == sfs.f_type, "fstatfs agrees");
	close(fd);
	ok_errno(statfs(P("nothing"), &sfs2), ENOENT, "statfs of a missing path: ENOENT");
}

/* ---------------------------------------------------------- utimensat */

static void test_utimes(void)
{
	struct timespec ts[2], before;
	struct stat st, lst;

	create(P("ut"), NULL);
	ts[0] = (struct timespec){ 1000, 500 };
	ts[1] = (struct timespec){ 2000, 999999999 };
	ok_sys(utimensat(AT_FDCWD, P("ut"), ts, 0), "utimensat with explicit times");
	stat(P("ut"), &st);
	ok(st.st_atim.tv_sec == 1000 && st.st_atim.tv_nsec == 500 && st.st_mtim.tv_sec == 2000 &&
	   st.st_mtim.tv_nsec == 999999999, "atime and mtime round-trip to the nanosecond");
	clock_gettime(CLOCK_REALTIME, &before);
	before.tv_nsec = 0;
	ts[0] = (struct timespec){ 0, UTIME_NOW };
	ts[1] = (struct timespec){ 0, UTIME_OMIT };
	utimensat(AT_FDCWD, P("ut"), ts, 0);
	stat(P("ut"), &st);
	ok(st.st_atim.tv_sec >= before.tv_sec && st.st_mtim.tv_sec == 2000 &&
	   st.st_mtim.tv_nsec == 999999999, "UTIME_NOW sets atime to now, UTIME_OMIT keeps mtime");
	ok(st.st_ctim.tv_sec >= before.tv_sec, "changing times updates ctime");
	ts[0] = (struct timespec){ 0, 1000000000 };
	ok_errno(utimensat(AT_FDCWD, P("ut"), ts, 0), EINVAL, "tv_nsec of 1e9: EINVAL");
	ok(utimensat(AT_FDCWD, P("ut"), NULL, 0) == 0 && stat(P("ut"), &st) == 0 &&
	   st.st_mtim.tv_sec >= before.tv_sec, "a NULL times pointer sets both to now");

	symlink("ut", P("ut-link"));
	ts[0] = (struct timespec){ 3000, 0 };
	ts[1] = (struct timespec){ 4000, 0 };
	utimensat(AT_FDCWD, P("ut-link"), ts, AT_SYMLINK_NOFOLLOW);
	lstat(P("ut-link"), &lst);
	stat(P("ut"), &st);
	ok(lst.st_mtim.tv_sec == 4000 && st.st_mtim.tv_sec != 4000,
	   "AT_SYMLINK_NOFOLLOW sets the link's times, not the target's");
	{
		int fd = open(P("ut"), O_RDONLY);

		ts[1] = (struct timespec){ 5000, 0 };
		ok(syscall(SYS_utimensat, fd, NULL, ts, 0) == 0 && fstat(fd, &st) == 0 &&
		   st.st_mtim.tv_sec == 5000, "utimensat(fd, NULL path) changes the open file");
		close(fd);
	}
	ok_errno(utimensat(AT_FDCWD, P("nothing"), NULL, 0), ENOENT,
		 "utimensat of a missing file: ENOENT");
}

/* ---------------------------------------------------------- mknod, devices */

static void test_mknod(void)
{
	struct stat st;
	char buf[16];
	int fd;

	ok_sys(mknod(P("null"), S_IFCHR | 0666, makedev(1, 3)), "mknod c 1 3");
	stat(P("null"), &st);
	ok(S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3), "S_IFCHR with st_rdev 1:3");
	fd = open(P("null"), O_RDWR);
	ok(fd >= 0 && write(fd, "discard", 7) == 7 && read(fd, buf, sizeof(buf)) == 0,
	   "it behaves as /dev/null: writes vanish, reads see EOF");
	close(fd);
	mknod(P("zero"), S_IFCHR | 0666, makedev(1, 5));
	fd = open(P("zero"), O_RDONLY);
	memset(buf, 'x', sizeof(buf));
	ok(read(fd, buf, sizeof(buf)) == sizeof(buf) && all_zero(buf, sizeof(buf)),
	   "mknod c 1 5 reads zeros");
	close(fd);
	ok(mknod(P("fifo"), S_IFIFO | 0644, 0) == 0 && S_ISFIFO(mode_of(P("fifo"))),
	   "mknod of a FIFO");
	ok(mknod(P("reg"), S_IFREG | 0644, 0) == 0 && S_ISREG(mode_of(P("reg"))), "mknod S_IFREG");
	ok_errno(mknod(P("bad"), 0170000 | 0644, 0), EINVAL, "mknod of a bad file type: EINVAL");
	ok_errno(mknod(P("null"), S_IFCHR | 0666, makedev(1, 3)), EEXIST,
		 "mknod over a name: EEXIST");

	fd = open("/dev/full", O_WRONLY);
	if (fd >= 0) {
		ok_errno(write(fd, "x", 1), ENOSPC, "/dev/full: write fails with ENOSPC");
		close(fd);
	} else {
		skip("no /dev/full");
	}
}

/* ---------------------------------------------------------- dup, fcntl */

static void test_dup(void)
{
	struct rlimit rl;
	int fd, fd2, lowest;

	fd = open(P("dup"), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	lowest = open("/dev/null", O_RDONLY);
	close(lowest);
	fd2 = dup(fd);
	ok_eq(fd2, lowest, "dup returns the lowest free descriptor");
	ok(fd_flags(fd2) == 0, "the duplicate does not inherit FD_CLOEXEC");
	write(fd, "abc", 3);
	ok_eq(lseek(fd2, 0, SEEK_CUR), 3, "the duplicate shares the offset");
	close(fd2);

	ok_eq(dup2(fd, fd), fd, "dup2(fd, fd) returns fd");
	ok_errno(dup2(9999, 50), EBADF, "dup2 of a closed fd: EBADF");
	ok_errno(dup2(9999, 9999), EBADF, "dup2(closed, same): EBADF");
	fd2 = open("/dev/null", O_RDONLY);
	ok_eq(dup2(fd, fd2), fd2, "dup2 onto an open descriptor");
	ok_eq(lseek(fd2, 0, SEEK_CUR), 3, "which now refers to our file (the old one was closed)");
	close(fd2);
	ok_errno(syscall(SYS_dup3, fd, fd, 0), EINVAL, "dup3(fd, fd): EINVAL");
	ok(syscall(SYS_dup3, fd, 60, O_CLOEXEC) == 60 && fd_flags(60) == FD_CLOEXEC,
	   "dup3 O_CLOEXEC");
	ok_errno(syscall(SYS_dup3, fd, 61, O_APPEND), EINVAL,
		 "dup3 with a flag other than O_CLOEXEC: EINVAL");
	close(60);
	getrlimit(RLIMIT_NOFILE, &rl);
	ok_errno(dup2(fd, rl.rlim_cur), EBADF, "dup2 onto a descriptor >= RLIMIT_NOFILE: EBADF");
	close(fd);
}

static void test_fcntl(void)
{
	struct rlimit rl;
	int fd, fd2, fl;

	fd = syscall(SYS_open, P("fcntl"), O_RDWR | O_CREAT | O_APPEND, 0644);
	fd2 = fcntl(fd, F_DUPFD, 100);
	ok_eq(fd2, 100, "F_DUPFD 100 returns 100 when free");
	ok_eq(fcntl(fd, F_DUPFD, 100), 101, "and 101 next");
	close(101);
	ok(fcntl(fd, F_DUPFD_CLOEXEC, 0) >= 0, "F_DUPFD_CLOEXEC");
	ok_eq(fd_flags(fcntl(fd, F_DUPFD_CLOEXEC, 110)), FD_CLOEXEC,
	      "the duplicate has FD_CLOEXEC");
	close(110);
	ok_errno(fcntl(fd, F_DUPFD, -1), EINVAL, "F_DUPFD with a negative minimum: EINVAL");
	getrlimit(RLIMIT_NOFILE, &rl);
	ok_errno(fcntl(fd, F_DUPFD, rl.rlim_cur), EINVAL, "F_DUPFD at RLIMIT_NOFILE: EINVAL");

	fl = fcntl(fd, F_GETFL);
	ok_eq(fl, O_RDWR | O_APPEND | O_LARGEFILE,
	      "F_GETFL is O_RDWR|O_APPEND|O_LARGEFILE (the kernel adds O_LARGEFILE on 64-bit)");
	ok_sys(fcntl(fd, F_SETFL, O_NONBLOCK), "F_SETFL O_NONBLOCK (and clears O_APPEND)");
	fl = fcntl(fd2, F_GETFL);
	ok((fl & (O_NONBLOCK | O_APPEND)) == O_NONBLOCK,
	   "status flags are shared with the dup'd fd: O_NONBLOCK on, O_APPEND off");
	fcntl(fd, F_SETFL, O_RDONLY | O_APPEND);
	ok_eq(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDWR, "F_SETFL cannot change the access mode");
	lseek(fd, 0, SEEK_SET);
	write(fd, "1", 1);
	write(fd, "2", 1);
	ok_eq(lseek(fd, 0, SEEK_CUR), 2, "O_APPEND set with F_SETFL: writes append");

	ok_eq(fd_flags(fd), 0, "F_GETFD is 0 without close-on-exec");
	ok(fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 && fd_flags(fd) == FD_CLOEXEC && fd_flags(fd2) == 0,
	   "F_SETFD FD_CLOEXEC is per descriptor");
	ok_errno(fcntl(fd, 12345), EINVAL, "fcntl with an unknown command: EINVAL");
	ok_errno(fcntl(9999, F_GETFD), EBADF, "fcntl of a closed fd: EBADF");
	close(fd2);
	close(fd);
}

/* argv: mode, closed fd, open fd.  Exit 0 if only the first was closed. */
static int child_fds(char **argv)
{
	int closed = atoi(argv[2]), open_fd = atoi(argv[3]);

	if (fcntl(closed, F_GETFD) != -1 || errno != EBADF)
		return 1;
	if (fcntl(open_fd, F_GETFD) != 0)
		return 2;
	if (lseek(open_fd, 0, SEEK_CUR) != 5)
		return 3;
	return 0;
}

static void test_cloexec(void)
{
	char a[16], b[16];
	int fd_ce, fd_keep, st;
	pid_t pid;

	create(P("ce"), "0123456789");
	fd_ce = open(P("ce"), O_RDONLY | O_CLOEXEC);
	fd_keep = open(P("ce"), O_RDONLY);
	lseek(fd_keep, 5, SEEK_SET);
	snprintf(a, sizeof(a), "%d", fd_ce);
	snprintf(b, sizeof(b), "%d", fd_keep);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { (char *)self, "--child-fds", a, b, NULL };

		execve(self, argv, environ);
		_exit(127);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "execve closes O_CLOEXEC fds and keeps the others with their offset (%s)", status_str(st));
	close(fd_ce);
	close(fd_keep);
}

static void test_bad_fds(void)
{
	struct stat st;
	char buf[4];
	int fd = open("/dev/null", O_RDONLY);

	close(fd);
	ok_errno(read(fd, buf, 1), EBADF, "read of a closed fd: EBADF");
	ok_errno(write(fd, buf, 1), EBADF, "write of a closed fd: EBADF");
	ok_errno(fstat(fd, &st), EBADF, "fstat of a closed fd: EBADF");
	ok_errno(lseek(fd, 0, SEEK_SET), EBADF, "lseek of a closed fd: EBADF");
	ok_errno(close(fd), EBADF, "close of a closed fd: EBADF");
	ok_errno(close(-1), EBADF, "close(-1): EBADF");
	ok_errno(read(-1, buf, 1), EBADF, "read(-1): EBADF");
	ok_errno(read(1 << 20, buf, 1), EBADF, "read of fd 2^20: EBADF");
	ok_errno(fsync(fd), EBADF, "fsync of a closed fd: EBADF");

	fd = open(P("sync"), O_RDWR | O_CREAT, 0644);
	write(fd, "x", 1);
	ok(fsync(fd) == 0 && fdatasync(fd) == 0, "fsync and fdatasync on tmpfs succeed");
	close(fd);
}

static void test_bad_pointers(void)
{
	int fd;

	ok_errno(open((char *)1, O_RDONLY), EFAULT, "open with path (char *)1: EFAULT");
	ok_errno(syscall(SYS_open, NULL, O_RDONLY), EFAULT, "open with a NULL path: EFAULT");
	create(P("ptr"), "data");
	fd = open(P("ptr"), O_RDONLY);
	ok_errno(read(fd, NULL, 4), EFAULT, "read into NULL: EFAULT");
	ok_errno(syscall(SYS_newfstatat, AT_FDCWD, P("ptr"), NULL, 0), EFAULT,
		 "stat into NULL: EFAULT");
	ok_errno(syscall(SYS_fstat, fd, (void *)1), EFAULT, "fstat into (void *)1: EFAULT");
	close(fd);
	ok_errno(mkdir((char *)1, 0755), EFAULT, "mkdir (char *)1: EFAULT");
}

/* ---------------------------------------------------------- setup */

static int rm_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

static void setup(void)
{
	if (!mkdtemp(base))
		bail_out("mkdtemp %s: %s", base, strerror(errno));
	if (mount("tmpfs", base, "tmpfs", 0, "size=16m,mode=0755") == 0)
		mounted = 1;
	else
		diag("cannot mount tmpfs on %s (%s): using the directory as is", base,
		     strerror(errno));
	diag("working in %s", base);
}

static void cleanup(void)
{
	chdir("/");
	unlink("/tmp/fs-rename-xdev");
	if (mounted && umount2(base, MNT_DETACH))
		diag("umount %s: %s", base, strerror(errno));
	else
		nftw(base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	rmdir(base);
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "--child-fds"))
		return child_fds(argv);
	self = self_path(argv[0]);

	setup();
	test_open();
	test_rw();
	test_shared_offsets();
	test_sendfile();
	test_stat();
	test_getdents();
	test_mkdir_rmdir();
	test_unlink();
	test_rename();
	test_links();
	test_cwd();
	test_modes();
	test_access();
	test_truncate();
	test_statfs();
	test_utimes();
	test_mknod();
	test_dup();
	test_fcntl();
	test_cloexec();
	test_bad_fds();
	test_bad_pointers();
	cleanup();
	return tap_finish();
}
