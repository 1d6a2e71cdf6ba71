// SPDX-License-Identifier: GPL-2.0-only
/*
 * nfs - the NFSv3 client as a program sees it, in a directory of an NFS
 * mount given as argv[1] or $NFS_DIR (without one the suite skips).  It
 * needs the harness's server (tools/testing/nfs/run sets everything up; see
 * Documentation/filesystems/nfs-tests.md) and must pass on Linux 6.1 and
 * on Tidewater alike:
 *
 *   namespace   create/mkdir/rmdir/rename (over files and directories)/
 *               link/symlink/readlink/unlink and the errors EEXIST,
 *               ENOENT, ENOTEMPTY, EISDIR, ENOTDIR
 *   data        a big pattern file (NFS_BIG_MB, default 64) written,
 *               fsync'ed, read back after drop_caches; partial-page
 *               overwrites; O_APPEND; truncate down and up; sparse files
 *               (holes read as zeros, st_blocks plausible); fsync and
 *               fdatasync; O_DIRECT; mmap MAP_SHARED + msync
 *   open files  unlink and rename-over of an open file (the client's
 *               "silly rename": the data stays readable through the open
 *               descriptor, a .nfs* name shows up and goes away on close)
 *   directory   readdir/telldir/seekdir over NFS_DIR_ENTRIES (3000)
 *               entries; entries the host made (hostdir/, when the harness
 *               made it: $NFS_HOSTDIR_ENTRIES)
 *   mount       statfs numbers (NFS_SUPER_MAGIC, sizes of the small export),
 *               the /proc/mounts line, /proc/net/rpc/nfs counting calls
 *   host hooks  close-to-open: after this program read a file, the host
 *               rewrites it; the next open must see the new contents.  The
 *               program listens on TCP port $NFS_HOOK_PORT, prints
 *                   NFSHOOK NAME ARG...
 *               and waits until the host (which forwards a port to it)
 *               has done NAME and connected; without $NFS_HOOK_PORT those
 *               tests skip
 *   ENOSPC      a file bigger than the small export ($NFS_SMALL_DIR, a
 *               $NFS_SMALL_MB (16) MiB tmpfs on the host): write, fsync or close reports
 *               ENOSPC; the space comes back after unlink
 *
 * For the host's check of the data, lines
 *       NFSSUM PATH SIZE CHECKSUM
 * name files left behind (PATH relative to the directory given) with the
 * checksum of storage/fstest.h: the host compares them with `fstool sum`
 * of its own copy.  $NFS_KEEP=0 removes everything at the end instead.
 *
 * "nfs --hook 'NAME ARG...'" only asks the host for NAME and waits (exit 0
 * when the host answered): the fault tests' guest script uses it.
 */
#include <dirent.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/vfs.h>

#include "tap.h"
#include "util.h"
#include "storage/fstest.h"

#define NFS_SUPER_MAGIC 0x6969

static char root_rel[PATH_MAX];	/* fst_base relative to fst_root */
static char buf[1 << 20] __attribute__((aligned(4096)));
static char buf2[1 << 20] __attribute__((aligned(4096)));

/* ---------------------------------------------------------- helpers */

static int file_sum(const char *path, uint64_t *size, uint64_t *sum)
{
	struct fsum s;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	fsum_init(&s);
	*size = 0;
	while ((n = read(fd, buf2, sizeof(buf2))) > 0) {
		fsum_add(&s, buf2, n);
		*size += n;
	}
	close(fd);
	if (n < 0)
		return -1;
	*sum = fsum_final(&s);
	return 0;
}

/* Tell the host about a file it should find with these contents. */
static void announce(const char *name)
{
	uint64_t size, sum;
	const char *path = P("%s", name);

	if (file_sum(path, &size, &sum)) {
		diag("cannot checksum %s: %s", path, strerror(errno));
		return;
	}
	printf("NFSSUM %s/%s %llu %016llx\n", root_rel, name, (unsigned long long)size,
	       (unsigned long long)sum);
	fflush(stdout);
}

static int write_str(const char *path, const char *s, int flags)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0644);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	if (close(fd) || n != (ssize_t)strlen(s))
		return -1;
	return 0;
}

/* Whole (small) file into buf, NUL terminated; its length or -1. */
static long read_str(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	return n;
}

/* Number of names in DIR starting with PREFIX. */
static int count_prefix(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += !strncmp(e->d_name, prefix, strlen(prefix));
	closedir(d);
	return n;
}

/* ---------------------------------------------------------- host hooks */

static int hook_sock = -1;

static int hook_listen(void)
{
	long port = env_ll("NFS_HOOK_PORT", 0);
	struct sockaddr_in a = { .sin_family = AF_INET };
	int one = 1;

	if (port <= 0)
		return -1;
	if (hook_sock >= 0)
		return 0;
	hook_sock = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (hook_sock < 0)
		return -1;
	setsockopt(hook_sock, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	a.sin_port = htons(port);
	if (bind(hook_sock, (struct sockaddr *)&a, sizeof(a)) || listen(hook_sock, 4)) {
		diag("hook port %ld: %s", port, strerror(errno));
		close(hook_sock);
		hook_sock = -1;
		return -1;
	}
	return 0;
}

/*
 * Ask the host to do something (NFSHOOK line) and wait up to 60 s until it
 * connects to say it is done ("done" on the connection).  0 when done.
 */
static int hook(const char *what)
{
	struct pollfd p = { .events = POLLIN };
	char reply[64];
	ssize_t n;
	int c;

	if (hook_listen())
		return -1;
	printf("NFSHOOK %s\n", what);
	fflush(stdout);
	p.fd = hook_sock;
	if (poll(&p, 1, 60000) != 1) {
		diag("the host did not answer hook '%s'", what);
		return -1;
	}
	c = accept(hook_sock, NULL, NULL);
	if (c < 0)
		return -1;
	p.fd = c;
	n = poll(&p, 1, 10000) == 1 ? read(c, reply, sizeof(reply) - 1) : -1;
	close(c);
	if (n < 4 || strncmp(reply, "done", 4)) {
		diag("hook '%s': the host said %.*s", what, n > 0 ? (int)n : 0, reply);
		return -1;
	}
	return 0;
}

/* ---------------------------------------------------------- namespace */

static void test_namespace(void)
{
	struct stat st, st2;
	char target[64];
	ssize_t n;
	int fd;

	fd = open(P("f"), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0640);
	ok_sys(fd, "create: open(O_CREAT|O_EXCL) of a new name");
	if (fd >= 0)
		close(fd);
	ok(stat(P("f"), &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0640 &&
	   st.st_size == 0 && st.st_nlink == 1,
	   "create: a regular file, mode 0640, size 0, one link");
	ok_errno(open(P("f"), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644), EEXIST,
		 "create: O_EXCL on an existing name gives EEXIST");
	ok_errno(open(P("nope"), O_RDONLY | O_CLOEXEC), ENOENT,
		 "open of a missing name gives ENOENT");
	ok_errno(stat(P("nope/x"), &st), ENOENT, "stat below a missing name gives ENOENT");

	ok_sys(mkdir(P("d"), 0750), "mkdir");
	ok(stat(P("d"), &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & 0777) == 0750,
	   "mkdir: a directory, mode 0750");
	ok_errno(mkdir(P("d"), 0755), EEXIST, "mkdir of an existing name gives EEXIST");
	ok_errno(mkdir(P("f"), 0755), EEXIST, "mkdir over a file gives EEXIST");
	ok_errno(mkdir(P("f/sub"), 0755), ENOTDIR, "mkdir below a file gives ENOTDIR");
	ok_errno(open(P("f/x"), O_RDONLY | O_CLOEXEC), ENOTDIR,
		 "open below a file gives ENOTDIR");
	ok_errno(open(P("d"), O_WRONLY | O_CLOEXEC), EISDIR,
		 "open of a directory for writing gives EISDIR");
	ok_errno(rmdir(P("f")), ENOTDIR, "rmdir of a file gives ENOTDIR");
	ok_errno(unlink(P("d")), EISDIR, "unlink of a directory gives EISDIR");
	ok_errno(rmdir(P("nope")), ENOENT, "rmdir of a missing name gives ENOENT");
	ok_errno(unlink(P("nope")), ENOENT, "unlink of a missing name gives ENOENT");

	ok_sys(write_str(P("d/inner"), "inner\n", O_TRUNC), "create a file in the directory");
	ok(rmdir(P("d")) == -1 && (errno == ENOTEMPTY || errno == EEXIST),
	   "rmdir of a non-empty directory gives ENOTEMPTY (%s)", tap_errno_name(errno));

	/* rename */
	ok_sys(write_str(P("a"), "contents of a\n", O_TRUNC), "create a");
	ok_sys(write_str(P("b"), "contents of b, longer\n", O_TRUNC), "create b");
	stat(P("a"), &st);
	ok_sys(rename(P("a"), P("b")), "rename a over the existing b");
	ok(read_str(P("b")) > 0 && !strcmp(buf, "contents of a\n"), "b now has a's contents");
	ok(stat(P("b"), &st2) == 0 && st2.st_ino == st.st_ino, "b is a's inode");
	ok_errno(stat(P("a"), &st), ENOENT, "a is gone after the rename");
	ok_errno(rename(P("a"), P("c")), ENOENT, "rename of a missing name gives ENOENT");
	ok_sys(mkdir(P("e"), 0755), "mkdir e");
	ok_sys(rename(P("e"), P("e2")), "rename a directory");
	ok_sys(mkdir(P("e3"), 0755), "mkdir e3");
	ok_sys(rename(P("e2"), P("e3")), "rename a directory over an empty directory");
	ok(rename(P("e3"), P("d")) == -1 && (errno == ENOTEMPTY || errno == EEXIST),
	   "rename over a non-empty directory gives ENOTEMPTY (%s)", tap_errno_name(errno));
	ok_errno(rename(P("b"), P("d")), EISDIR, "rename of a file over a directory gives EISDIR");
	ok_errno(rename(P("e3"), P("b")), ENOTDIR,
		 "rename of a directory over a file gives ENOTDIR");
	ok_sys(rename(P("b"), P("d/moved")), "rename into another directory");
	ok(read_str(P("d/moved")) > 0 && !strcmp(buf, "contents of a\n"),
	   "the moved file keeps its contents");

	/* link */
	ok_sys(link(P("d/moved"), P("hard")), "link");
	ok(stat(P("hard"), &st) == 0 && stat(P("d/moved"), &st2) == 0 &&
	   st.st_ino == st2.st_ino && st.st_nlink == 2, "link: one inode, two links");
	ok_errno(link(P("d/moved"), P("f")), EEXIST, "link over an existing name gives EEXIST");
	ok_errno(link(P("d"), P("dlink")), EPERM, "link of a directory gives EPERM");
	ok_sys(unlink(P("d/moved")), "unlink one of the links");
	ok(stat(P("hard"), &st) == 0 && st.st_nlink == 1 && read_str(P("hard")) > 0 &&
	   !strcmp(buf, "contents of a\n"), "the other link keeps the data, one link left");

	/* symlink */
	ok_sys(symlink("d/inner", P("sym")), "symlink");
	n = readlink(P("sym"), target, sizeof(target));
	ok(n == 7 && !memcmp(target, "d/inner", 7), "readlink gives the target");
	ok(lstat(P("sym"), &st) == 0 && S_ISLNK(st.st_mode) && st.st_size == 7,
	   "lstat: a symlink of size 7");
	ok(read_str(P("sym")) > 0 && !strcmp(buf, "inner\n"), "open follows the symlink");
	ok_errno(symlink("x", P("f")), EEXIST, "symlink over an existing name gives EEXIST");
	ok_errno(readlink(P("f"), target, sizeof(target)), EINVAL, "readlink of a file gives EINVAL");
	ok_sys(symlink("nowhere", P("dangling")), "a dangling symlink");
	ok_errno(open(P("dangling"), O_RDONLY | O_CLOEXEC), ENOENT,
		 "opening a dangling symlink gives ENOENT");
	ok_sys(unlink(P("sym")), "unlink a symlink");
	ok(stat(P("d/inner"), &st) == 0, "its target stays");

	/* attributes */
	ok_sys(chmod(P("f"), 0600), "chmod");
	ok(stat(P("f"), &st) == 0 && (st.st_mode & 07777) == 0600, "the mode changed");
	{
		struct timespec ts[2] = { { 1000000000, 0 }, { 1200000000, 0 } };

		ok_sys(utimensat(AT_FDCWD, P("f"), ts, 0), "utimensat");
		ok(stat(P("f"), &st) == 0 && st.st_atime == 1000000000 &&
		   st.st_mtime == 1200000000, "atime and mtime as set");
	}

	/* cleanup of the directory tree */
	ok(unlink(P("d/inner")) == 0 && rmdir(P("d")) == 0 && rmdir(P("e3")) == 0 &&
	   unlink(P("hard")) == 0 && unlink(P("f")) == 0 && unlink(P("dangling")) == 0,
	   "removing everything works");
	ok(count_prefix(fst_base, "") == 2, "only . and .. are left");
}

/* ---------------------------------------------------------- data */

static void test_big(void)
{
	long long mb = env_ll("NFS_BIG_MB", 64);
	uint64_t size = (uint64_t)mb << 20, off, size2, sum, sum2;
	struct fsum s;
	long long t0;
	int fd, bad = 0;

	fd = open(P("big"), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0644);
	if (!ok_sys(fd, "big: create"))
		return;
	fsum_init(&s);
	t0 = now_ns(CLOCK_MONOTONIC);
	for (off = 0; off < size; off += sizeof(buf)) {
		pat_fill(buf, 64, off, sizeof(buf));
		fsum_add(&s, buf, sizeof(buf));
		if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
			bad = 1;
			break;
		}
	}
	sum = fsum_final(&s);
	ok(!bad, "big: %lld MiB written with 1 MiB writes", mb);
	ok_sys(fsync(fd), "big: fsync");
	ok_sys(close(fd), "big: close");
	diag("big: written and fsync'ed at %.1f MB/s",
	     size / 1e6 / ((now_ns(CLOCK_MONOTONIC) - t0) / 1e9));
	ok(drop_caches() == 0, "big: drop_caches");
	t0 = now_ns(CLOCK_MONOTONIC);
	ok(file_sum(P("big"), &size2, &sum2) == 0 && size2 == size && sum2 == sum,
	   "big: read back from the server, same checksum");
	diag("big: read at %.1f MB/s", size / 1e6 / ((now_ns(CLOCK_MONOTONIC) - t0) / 1e9));
	/* spot checks at odd offsets */
	fd = open(P("big"), O_RDONLY | O_CLOEXEC);
	bad = fd < 0;
	for (off = 12345; !bad && off + 10000 < size; off += size / 7 + 4097) {
		pat_fill(buf2, 64, off, 10000);
		bad = pread_full(fd, buf, 10000, off) != 10000 || memcmp(buf, buf2, 10000);
	}
	if (fd >= 0)
		close(fd);
	ok(!bad, "big: reads at unaligned offsets give the pattern");
	announce("big");
}

static void test_partial(void)
{
	struct fmodel m = { 0 };
	int fd = open(P("partial"), O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC, 0644);

	if (!ok_sys(fd, "partial: create"))
		return;
	ok(m_write(fd, &m, 0, 3 * PAGE_SIZE + 100, 1) == 0, "partial: 3 pages and 100 bytes");
	ok(m_write(fd, &m, 5000, 100, 2) == 0 && m_write(fd, &m, 4095, 1, 3) == 0 &&
	   m_write(fd, &m, 8000, 3000, 4) == 0 && m_write(fd, &m, 12000, 500, 5) == 0,
	   "partial: overwrites inside pages and across a page boundary");
	ok(m_check_all(fd, &m), "partial: contents right from the cache");
	ok_sys(close(fd), "partial: close (flushes)");
	drop_caches();
	fd = open(P("partial"), O_RDWR | O_CLOEXEC);
	ok(fd >= 0 && m_check_all(fd, &m), "partial: contents right from the server");
	/* an overwrite of uncached data must read-modify-write correctly */
	ok(m_write(fd, &m, 2, 10, 6) == 0 && m_write(fd, &m, 4096 * 2 + 7, 33, 7) == 0,
	   "partial: small overwrites of uncached pages");
	close(fd);
	drop_caches();
	fd = open(P("partial"), O_RDONLY | O_CLOEXEC);
	ok(fd >= 0 && m_check_all(fd, &m), "partial: still right after drop_caches");
	if (fd >= 0)
		close(fd);
	announce("partial");
}

static void test_append(void)
{
	struct stat st;
	int a, b, i, good = 1;
	char line[64];
	size_t want = 0;
	long n;

	a = open(P("append"), O_CREAT | O_TRUNC | O_WRONLY | O_APPEND | O_CLOEXEC, 0644);
	b = open(P("append"), O_WRONLY | O_APPEND | O_CLOEXEC);
	if (!ok(a >= 0 && b >= 0, "append: two O_APPEND descriptors"))
		return;
	for (i = 0; i < 200; i++) {
		int len = snprintf(line, sizeof(line), "%c%03d%.*s\n", i & 1 ? 'b' : 'a', i,
				   i % 23, "xxxxxxxxxxxxxxxxxxxxxxx");

		good &= write(i & 1 ? b : a, line, len) == len;
		want += len;
	}
	ok(good, "append: 200 lines of odd sizes alternately through both");
	ok(fstat(a, &st) == 0 && st.st_size == (off_t)want, "append: size is the sum (%llu)",
	   (unsigned long long)want);
	close(a);
	close(b);
	drop_caches();
	n = read_str(P("append"));
	good = n == (long)want;
	for (i = 0, a = 0; good && i < 200; i++) {
		int len = snprintf(line, sizeof(line), "%c%03d%.*s\n", i & 1 ? 'b' : 'a', i,
				   i % 23, "xxxxxxxxxxxxxxxxxxxxxxx");

		good = !memcmp(buf + a, line, len);
		a += len;
	}
	ok(good, "append: every line in order, none overwritten");
	announce("append");
}

static void test_truncate(void)
{
	struct fmodel m = { 0 };
	struct stat st;
	int fd = open(P("trunc"), O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC, 0644);

	if (!ok_sys(fd, "truncate: create"))
		return;
	m_write(fd, &m, 0, 100000, 11);
	ok(m_trunc(fd, &m, 5000) == 0 && fstat(fd, &st) == 0 && st.st_size == 5000,
	   "truncate: down to 5000 in the middle of a page");
	ok(m_trunc(fd, &m, 70000) == 0 && fstat(fd, &st) == 0 && st.st_size == 70000,
	   "truncate: up to 70000");
	ok(m_check_all(fd, &m), "truncate: the old tail reads as zeros (cached)");
	close(fd);
	drop_caches();
	fd = open(P("trunc"), O_RDWR | O_CLOEXEC);
	ok(fd >= 0 && m_check_all(fd, &m), "truncate: and from the server");
	ok(truncate(P("trunc"), 3) == 0 && stat(P("trunc"), &st) == 0 && st.st_size == 3,
	   "truncate(2) by path to 3 bytes");
	m_trunc(fd, &m, 3);
	ok(m_check_all(fd, &m), "truncate: the open descriptor sees 3 bytes");
	ok(open(P("trunc"), O_WRONLY | O_TRUNC | O_CLOEXEC) >= 0 && stat(P("trunc"), &st) == 0 &&
	   st.st_size == 0, "O_TRUNC empties the file");
	close(fd);
}

static void test_sparse(void)
{
	struct fmodel m = { 0 };
	struct stat st;
	int fd = open(P("sparse"), O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC, 0644);

	if (!ok_sys(fd, "sparse: create"))
		return;
	ok(m_write(fd, &m, 0, 4096, 21) == 0 && m_write(fd, &m, 5 << 20, 8192, 22) == 0 &&
	   m_write(fd, &m, (10 << 20) + 1000, 100, 23) == 0, "sparse: three islands over 10 MiB");
	ok(m_check_all(fd, &m), "sparse: holes read as zeros (cached)");
	fsync(fd);
	close(fd);
	drop_caches();
	fd = open(P("sparse"), O_RDONLY | O_CLOEXEC);
	ok(fd >= 0 && m_check_all(fd, &m), "sparse: holes read as zeros (server)");
	ok(fstat(fd, &st) == 0 && st.st_size == (10 << 20) + 1100, "sparse: size is 10 MiB + 1100");
	ok(st.st_blocks > 0 && st.st_blocks * 512LL < (4 << 20),
	   "sparse: st_blocks plausible (%lld: some, far less than the size)",
	   (long long)st.st_blocks);
	close(fd);
	announce("sparse");
}

static void test_fsync(void)
{
	int fd = open(P("synced"), O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC, 0644);
	struct fmodel m = { 0 };

	if (!ok_sys(fd, "fsync: create"))
		return;
	m_write(fd, &m, 0, 300000, 31);
	ok_sys(fsync(fd), "fsync after 300000 bytes");
	m_write(fd, &m, 1000, 5000, 32);
	ok_sys(fdatasync(fd), "fdatasync after an overwrite");
	ok_sys(fsync(fd), "fsync with nothing dirty");
	ok_sys(syncfs(fd), "syncfs");
	close(fd);
	fd = open(P("synced"), O_RDONLY | O_CLOEXEC);
	ok_sys(fsync(fd), "fsync of a read-only descriptor");
	close(fd);
	fd = open(P("osync"), O_CREAT | O_TRUNC | O_WRONLY | O_SYNC | O_CLOEXEC, 0644);
	ok(fd >= 0 && write(fd, "stable\n", 7) == 7, "O_SYNC write");
	if (fd >= 0)
		close(fd);
	announce("synced");
	announce("osync");
}

static void test_direct(void)
{
	int fd = open(P("direct"), O_CREAT | O_TRUNC | O_RDWR | O_DIRECT | O_CLOEXEC, 0644);
	int bfd;

	if (fd < 0 && errno == EINVAL) {
		skip("O_DIRECT: not supported");
		return;
	}
	if (!ok_sys(fd, "O_DIRECT: open"))
		return;
	pat_fill(buf, 41, 0, sizeof(buf));
	ok(pwrite(fd, buf, sizeof(buf), 0) == (ssize_t)sizeof(buf), "O_DIRECT: 1 MiB write");
	memset(buf2, 0, sizeof(buf2));
	ok(pread(fd, buf2, sizeof(buf2), 0) == (ssize_t)sizeof(buf2) &&
	   !memcmp(buf, buf2, sizeof(buf)), "O_DIRECT: read back");
	pat_fill(buf, 42, 4096, 8192);
	ok(pwrite(fd, buf, 8192, 4096) == 8192, "O_DIRECT: 8 KiB overwrite at 4096");
	bfd = open(P("direct"), O_RDONLY | O_CLOEXEC);
	memset(buf2, 0, 8192);
	ok(bfd >= 0 && pread(bfd, buf2, 8192, 4096) == 8192 && !memcmp(buf, buf2, 8192),
	   "O_DIRECT: a buffered reader sees the direct write");
	if (bfd >= 0)
		close(bfd);
	/* NFS does not need sector alignment: odd sizes and offsets work */
	pat_fill(buf, 43, 777, 1000);
	ok(pwrite(fd, buf, 1000, 777) == 1000, "O_DIRECT: unaligned 1000-byte write at 777");
	memset(buf2, 0, 1000);
	ok(pread(fd, buf2, 1000, 777) == 1000 && !memcmp(buf, buf2, 1000),
	   "O_DIRECT: unaligned read back");
	close(fd);
	announce("direct");
}

static void test_mmap(void)
{
	size_t len = 16 * PAGE_SIZE;
	int fd = open(P("mapped"), O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC, 0644);
	char *p;

	if (!ok_sys(fd, "mmap: create") || !ok_sys(ftruncate(fd, len), "mmap: ftruncate"))
		return;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!ok(p != MAP_FAILED, "mmap: MAP_SHARED"))
		return;
	pat_fill(p, 51, 0, len);
	ok_sys(msync(p, len, MS_SYNC), "mmap: msync(MS_SYNC)");
	pat_fill(buf, 51, 0, len);
	ok(pread_full(fd, buf2, len, 0) == (ssize_t)len && !memcmp(buf, buf2, len),
	   "mmap: read(2) sees the stores");
	p[5] = 'X';
	buf[5] = 'X';
	munmap(p, len);
	close(fd);
	drop_caches();
	fd = open(P("mapped"), O_RDONLY | O_CLOEXEC);
	ok(fd >= 0 && pread_full(fd, buf2, len, 0) == (ssize_t)len && !memcmp(buf, buf2, len),
	   "mmap: the stores reached the server (also the one after msync, at munmap/close)");
	close(fd);
	announce("mapped");
}

/* ---------------------------------------------------------- open files */

static int silly_gone(void)
{
	int i;

	/* the client removes its .nfs name when the last user goes */
	for (i = 0; i < 100; i++) {
		if (count_prefix(P("silly"), ".nfs") == 0)
			return 1;
		usleep(50000);
	}
	return 0;
}

static void test_silly(void)
{
	int fd, fd2;
	char got[32];

	mkdir(P("silly"), 0755);
	write_str(P("silly/victim"), "still here\n", O_TRUNC);
	fd = open(P("silly/victim"), O_RDWR | O_CLOEXEC);
	if (!ok_sys(fd, "silly: open a file"))
		return;
	ok_sys(unlink(P("silly/victim")), "silly: unlink it while open");
	ok_errno(access(P("silly/victim"), F_OK), ENOENT, "silly: its name is gone");
	ok(count_prefix(P("silly"), ".nfs") == 1, "silly: a .nfs* name appeared instead");
	memset(got, 0, sizeof(got));
	ok(pread(fd, got, sizeof(got), 0) == 11 && !strcmp(got, "still here\n"),
	   "silly: the open descriptor still reads the data");
	ok(pwrite(fd, "STILL", 5, 0) == 5 && fsync(fd) == 0, "silly: and can write and fsync");
	close(fd);
	ok(silly_gone(), "silly: the .nfs* name goes away after the close");

	write_str(P("silly/target"), "old target\n", O_TRUNC);
	write_str(P("silly/source"), "new source\n", O_TRUNC);
	fd = open(P("silly/target"), O_RDONLY | O_CLOEXEC);
	ok_sys(rename(P("silly/source"), P("silly/target")), "silly: rename over an open file");
	memset(got, 0, sizeof(got));
	ok(pread(fd, got, sizeof(got), 0) == 11 && !strcmp(got, "old target\n"),
	   "silly: the open descriptor still reads the old file");
	ok(read_str(P("silly/target")) == 11 && !strcmp(buf, "new source\n"),
	   "silly: the name gives the new file");
	fd2 = open(P("silly/target"), O_RDONLY | O_CLOEXEC);
	close(fd);
	if (fd2 >= 0)
		close(fd2);
	ok(silly_gone(), "silly: no .nfs* name left after the close");
	unlink(P("silly/target"));
	ok_sys(rmdir(P("silly")), "silly: the directory can be removed");
}

/* ---------------------------------------------------------- directories */

static void test_readdir(void)
{
	long n = env_ll("NFS_DIR_ENTRIES", 3000), i, seen = 0, dups = 0, bad = 0;
	unsigned char *have = calloc(n, 1);
	long pos[8], at = 0;
	char name[8][64];
	struct dirent *e;
	DIR *d;
	int k, fd, pending;

	mkdir(P("many"), 0755);
	for (i = 0; i < n; i++) {
		fd = open(P("many/entry-with-a-longer-name-%05ld", i),
			  O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
		if (fd < 0)
			break;
		close(fd);
	}
	if (!ok(i == n, "readdir: %ld files created", n))
		return;
	drop_caches();
	d = opendir(P("many"));
	if (!ok(d != NULL, "readdir: opendir"))
		return;
	k = 0;
	pending = -1;
	while ((e = readdir(d))) {
		/* the entry that follows a remembered position */
		if (pending >= 0) {
			snprintf(name[pending], sizeof(name[pending]), "%.63s", e->d_name);
			pending = -1;
		}
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			if (sscanf(e->d_name, "entry-with-a-longer-name-%ld", &i) != 1 ||
			    i < 0 || i >= n) {
				bad++;
			} else {
				dups += have[i];
				have[i] = 1;
				seen++;
			}
		}
		if (k < 8 && seen == (n / 9) * (k + 1)) {
			pos[k] = telldir(d);
			pending = k++;
		}
	}
	ok(seen == n && !dups && !bad, "readdir: every entry exactly once (%ld seen, %ld dups, "
	   "%ld strange)", seen, dups, bad);
	/* seekdir back to remembered positions, last first */
	bad = 0;
	for (at = k - 1; at >= 0; at--) {
		seekdir(d, pos[at]);
		e = readdir(d);
		if (!e || strcmp(e->d_name, name[at])) {
			diag("seekdir to %ld: got %s, want %s", pos[at], e ? e->d_name : "(end)",
			     name[at]);
			bad++;
		}
	}
	ok(k == 8 && !bad, "telldir/seekdir: %d positions give the same entries again", k);
	rewinddir(d);
	for (seen = 0; (e = readdir(d));)
		seen++;
	ok(seen == n + 2, "rewinddir: a second pass sees %ld entries", seen);
	closedir(d);
	for (i = 0; i < n; i++)
		unlink(P("many/entry-with-a-longer-name-%05ld", i));
	ok_sys(rmdir(P("many")), "readdir: all removed, directory removed");
	free(have);
}

static void test_hostdir(void)
{
	long n = env_ll("NFS_HOSTDIR_ENTRIES", 0), i, seen = 0, good = 1;
	char path[PATH_MAX + 64], want[64];
	struct dirent *e;
	DIR *d;

	if (n <= 0) {
		skip("entries made on the host: the harness made none ($NFS_HOSTDIR_ENTRIES)");
		return;
	}
	snprintf(path, sizeof(path), "%s/hostdir", fst_root);
	d = opendir(path);
	if (!ok(d != NULL, "hostdir: opendir of the directory the host filled"))
		return;
	while ((e = readdir(d)))
		seen += !strncmp(e->d_name, "h", 1) && strlen(e->d_name) == 5;
	closedir(d);
	ok(seen == n, "hostdir: readdir lists the %ld files the host made (%ld)", n, seen);
	for (i = 0; i < n; i += n / 5 + 1) {
		snprintf(path, sizeof(path), "%s/hostdir/h%04ld", fst_root, i);
		snprintf(want, sizeof(want), "host file %ld\n", i);
		good &= read_str(path) > 0 && !strcmp(buf, want);
	}
	ok(good, "hostdir: their contents are what the host wrote");
}

/* ---------------------------------------------------------- mount */

static void test_statfs(void)
{
	struct statfs sf;
	const char *small = getenv("NFS_SMALL_DIR");
	unsigned long long small_mb = env_ll("NFS_SMALL_MB", 16);

	ok(statfs(fst_root, &sf) == 0 && sf.f_type == NFS_SUPER_MAGIC,
	   "statfs: f_type is NFS_SUPER_MAGIC (%#lx)", (unsigned long)sf.f_type);
	ok(sf.f_bsize > 0 && sf.f_blocks > 0 && sf.f_bfree <= sf.f_blocks &&
	   sf.f_bavail <= sf.f_bfree, "statfs: bsize %ld, blocks %llu >= free %llu >= avail %llu",
	   (long)sf.f_bsize, (unsigned long long)sf.f_blocks,
	   (unsigned long long)sf.f_bfree, (unsigned long long)sf.f_bavail);
	ok(sf.f_namelen == 255, "statfs: f_namelen 255 (%ld)", (long)sf.f_namelen);
	if (!small || !*small) {
		skip("statfs of the small export: no $NFS_SMALL_DIR");
		return;
	}
	ok(statfs(small, &sf) == 0 &&
	   (unsigned long long)sf.f_blocks * sf.f_bsize >= (small_mb << 20) * 15 / 16 &&
	   (unsigned long long)sf.f_blocks * sf.f_bsize <= (small_mb << 20) * 17 / 16,
	   "statfs: the %llu MiB export is %llu MiB (%llu bytes)", small_mb, small_mb,
	   (unsigned long long)sf.f_blocks * sf.f_bsize);
}

static void test_proc_mounts(void)
{
	char path[PATH_MAX], *line = NULL, dev[PATH_MAX], mnt[PATH_MAX], type[32], opts[1024];
	size_t cap = 0;
	FILE *f = fopen("/proc/mounts", "re");
	int found = 0;
	char *real = realpath(fst_root, path);

	if (!ok(f && real, "/proc/mounts: readable"))
		return;
	/* the mount point is the longest prefix of our directory */
	while (getline(&line, &cap, f) > 0) {
		size_t l;

		if (sscanf(line, "%4095s %4095s %31s %1023s", dev, mnt, type, opts) != 4)
			continue;
		l = strlen(mnt);
		if (!strncmp(real, mnt, l) && (real[l] == '/' || !real[l]) && !strcmp(type, "nfs"))
			found = 1;
		if (found)
			break;
	}
	fclose(f);
	free(line);
	if (!ok(found, "/proc/mounts: an nfs line for our mount"))
		return;
	diag("%s %s %s %s", dev, mnt, type, opts);
	ok(strchr(dev, ':') && dev[strlen(dev) - 1] != ':', "/proc/mounts: device is host:path");
	ok(strstr(opts, "vers=3") != NULL, "/proc/mounts: vers=3");
	ok(strstr(opts, "proto=tcp") != NULL, "/proc/mounts: proto=tcp");
	ok(strstr(opts, ",port=") != NULL, "/proc/mounts: port=");
	ok(strstr(opts, "hard") != NULL || strstr(opts, "soft") != NULL,
	   "/proc/mounts: hard or soft");
	ok(strstr(opts, "addr=") != NULL, "/proc/mounts: addr=");
	ok(!strncmp(opts, "rw", 2), "/proc/mounts: rw first");
}

/*
 * /proc/net/rpc/nfs, as nfsstat -c reads it: "rpc CALLS RETRANS AUTHREFRESH"
 * and "proc3 22 C0..C21" (NFSv3 procedure numbers, RFC 1813).  Fills
 * calls and the 22 counters; 0 on success.
 */
#define NFS3PROC_CREATE	8
#define NFS3PROC_MKDIR	9

static int rpc_nfs_stats(unsigned long long *calls, unsigned long long counts[22])
{
	FILE *f = fopen("/proc/net/rpc/nfs", "re");
	char line[1024];
	int have_rpc = 0, have_proc3 = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line, *end;
		unsigned long n;

		if (!strncmp(line, "rpc ", 4)) {
			*calls = strtoull(line + 4, &end, 10);
			have_rpc = end != line + 4;
		} else if (!strncmp(line, "proc3 ", 6)) {
			n = strtoul(line + 6, &p, 10);
			if (n != 22)
				break;
			for (int i = 0; i < 22; i++, p = end) {
				counts[i] = strtoull(p, &end, 10);
				if (end == p)
					break;
				have_proc3 = i == 21;
			}
		}
	}
	fclose(f);
	return have_rpc && have_proc3 ? 0 : -1;
}

static void test_rpc_stats(void)
{
	unsigned long long calls0 = 0, calls1 = 0, c0[22] = { 0 }, c1[22] = { 0 };
	int fd;

	if (!ok(rpc_nfs_stats(&calls0, c0) == 0,
		"rpcstats: /proc/net/rpc/nfs has an rpc line and a proc3 line of 22 counters"))
		return;
	fd = open(P("rpcstats-file"), O_CREAT | O_EXCL | O_WRONLY, 0644);
	ok_sys(fd, "rpcstats: create a file");
	if (fd >= 0)
		close(fd);
	ok_sys(mkdir(P("rpcstats-dir"), 0755), "rpcstats: make a directory");
	if (!ok(rpc_nfs_stats(&calls1, c1) == 0, "rpcstats: read again"))
		return;
	ok(c1[NFS3PROC_CREATE] > c0[NFS3PROC_CREATE] && c1[NFS3PROC_MKDIR] > c0[NFS3PROC_MKDIR],
	   "rpcstats: CREATE %llu -> %llu, MKDIR %llu -> %llu", c0[NFS3PROC_CREATE],
	   c1[NFS3PROC_CREATE], c0[NFS3PROC_MKDIR], c1[NFS3PROC_MKDIR]);
	ok(calls1 >= calls0 + 2, "rpcstats: rpc calls %llu -> %llu", calls0, calls1);
	unlink(P("rpcstats-file"));
	rmdir(P("rpcstats-dir"));
}

/* ---------------------------------------------------------- host hooks */

static void test_close_to_open(void)
{
	char arg[PATH_MAX + 32];

	if (env_ll("NFS_HOOK_PORT", 0) <= 0) {
		skip("close-to-open: no host hook port ($NFS_HOOK_PORT)");
		return;
	}
	write_str(P("c2o"), "version 1\n", O_TRUNC);
	ok(read_str(P("c2o")) == 10 && !strcmp(buf, "version 1\n"), "c2o: the first open reads v1");
	snprintf(arg, sizeof(arg), "c2o %s/c2o", root_rel);
	if (!ok(hook(arg) == 0, "c2o: the host rewrote the file"))
		return;
	ok(read_str(P("c2o")) > 0 && !strcmp(buf, "version 2 from the host\n"),
	   "c2o: the next open sees the host's version (%s)", buf);
}

/* ---------------------------------------------------------- ENOSPC */

static void test_enospc(void)
{
	const char *small = getenv("NFS_SMALL_DIR");
	char path[PATH_MAX];
	struct statfs before, after;
	int fd, err = 0, i, small_mb = env_ll("NFS_SMALL_MB", 16);
	ssize_t n;

	if (!small || !*small) {
		skip("ENOSPC: no $NFS_SMALL_DIR");
		return;
	}
	snprintf(path, sizeof(path), "%s/filler", small);
	statfs(small, &before);
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0644);
	if (!ok_sys(fd, "ENOSPC: create a file on the small export"))
		return;
	memset(buf, 'z', sizeof(buf));
	for (i = 0; i < 2 * small_mb && !err; i++) {
		n = write(fd, buf, sizeof(buf));
		if (n < 0)
			err = errno;
	}
	if (!err && fsync(fd))
		err = errno;
	if (close(fd) && !err)
		err = errno;
	ok(err == ENOSPC, "ENOSPC: %d MiB into %d MiB: write/fsync/close reports ENOSPC (%s)",
	   2 * small_mb, small_mb, err ? tap_errno_name(err) : "nothing");
	ok_sys(unlink(path), "ENOSPC: unlink the filler");
	for (i = 0; i < 50; i++) {
		statfs(small, &after);
		if (after.f_bfree + 16 >= before.f_bfree)
			break;
		usleep(100000);
	}
	ok(after.f_bfree + 16 >= before.f_bfree, "ENOSPC: the space came back (%llu of %llu)",
	   (unsigned long long)after.f_bfree, (unsigned long long)before.f_bfree);
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0644);
	ok(fd >= 0 && write(fd, buf, 4096) == 4096 && fsync(fd) == 0 && close(fd) == 0,
	   "ENOSPC: writing works again");
	unlink(path);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : getenv("NFS_DIR");
	const char *only = getenv("NFS_TESTS");

	/* helper mode for guest scripts (fault tests): ask the host, wait */
	if (argc == 3 && !strcmp(argv[1], "--hook"))
		return hook(argv[2]) ? 1 : 0;
	if (!dir || !*dir) {
		skip("no NFS directory to test: give one as argument or in $NFS_DIR");
		return tap_finish();
	}
	if (fst_setup(2, (char *[]){ argv[0], (char *)dir, NULL }, "nfs"))
		return tap_finish();
	snprintf(root_rel, sizeof(root_rel), "%s", fst_base + strlen(fst_root) + 1);
	/* the host hook port is bound early: the host may connect any time */
	hook_listen();

#define T(name, fn) do { if (!only || strstr(only, name)) RUN(fn); } while (0)
	T("namespace", test_namespace);
	T("big", test_big);
	T("partial", test_partial);
	T("append", test_append);
	T("truncate", test_truncate);
	T("sparse", test_sparse);
	T("fsync", test_fsync);
	T("direct", test_direct);
	T("mmap", test_mmap);
	T("silly", test_silly);
	T("readdir", test_readdir);
	T("hostdir", test_hostdir);
	T("statfs", test_statfs);
	T("mounts", test_proc_mounts);
	T("rpcstats", test_rpc_stats);
	T("c2o", test_close_to_open);
	T("enospc", test_enospc);
#undef T
	if (env_ll("NFS_KEEP", 1) == 0)
		fst_cleanup();
	return tap_finish();
}
