// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsmeta - names and inodes on a disk file system, in a directory given as
 * argv[1] or $FSTEST_DIR (without one the suite skips): link counts and
 * unlinked-but-open files, rename cases (over files, across directories,
 * directories with their ".." entry, ENOTEMPTY/EISDIR/ENOTDIR/EINVAL,
 * renameat2 flags), fast and slow symlinks, a directory with 10 000
 * entries, file types and device numbers, ownership, modes and times, and
 * everything again after drop_caches so that it comes from the disk.
 *
 * Also checks the files the host put on the image (ROOT/host/MANIFEST,
 * written by tools/testing/ext2/mkimages) and leaves guest/fsmeta.manifest
 * plus its files for the host to check with debugfs.
 *
 * Environment: FSTEST_DIR; FSTEST_DIR_ENTRIES (default 10000);
 * FSTEST_KEEP=0 to leave nothing for the host.
 */
#include <dirent.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#include "tap.h"
#include "util.h"
#include "storage/fstest.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#define RENAME_EXCHANGE (1 << 1)
#endif

struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static int create(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ssize_t len = text ? (ssize_t)strlen(text) : 0;

	if (fd < 0)
		return -1;
	if (len && write(fd, text, len) != len) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static ino_t ino_of(const char *path)
{
	return st_of(path).st_ino;
}

static nlink_t nlink_of(const char *path)
{
	return st_of(path).st_nlink;
}

static int renameat2_(const char *a, const char *b, unsigned int flags)
{
	return syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, flags);
}

/*
 * The inode number getdents64 reports for `name` in directory `dir` (for
 * "..": what the directory block on disk says), or 0.
 */
static uint64_t dirent_ino(const char *dir, const char *name)
{
	static char buf[8192];
	uint64_t ino = 0;
	long n, pos;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	while (!ino && (n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (pos = 0; pos < n;) {
			struct linux_dirent64 *d = (void *)(buf + pos);

			if (!strcmp(d->d_name, name))
				ino = d->d_ino;
			pos += d->d_reclen;
		}
	}
	close(fd);
	return ino;
}

/* ---------------------------------------------------------- links */

static void test_links(void)
{
	struct statfs a, b;
	struct stat st;
	nlink_t parent;
	int fd, i, good;

	create(P("f"), "content");
	ok_eq(nlink_of(P("f")), 1, "a new file has nlink 1");
	ok_sys(link(P("f"), P("g")), "link");
	ok(nlink_of(P("f")) == 2 && ino_of(P("g")) == ino_of(P("f")),
	   "both names: nlink 2, one inode");
	ok_errno(link(P("f"), P("g")), EEXIST, "link to an existing name: EEXIST");
	ok_sys(unlink(P("g")), "unlink one name");
	ok_eq(nlink_of(P("f")), 1, "nlink back to 1");
	for (i = good = 0; i < 100; i++)
		good += link(P("f"), P("f.%d", i)) == 0;
	ok(good == 100 && nlink_of(P("f")) == 101, "100 more links: nlink 101");
	for (i = good = 0; i < 100; i++)
		good += unlink(P("f.%d", i)) == 0;
	ok(good == 100 && nlink_of(P("f")) == 1, "unlinked again: nlink 1");

	parent = nlink_of(fst_base);
	ok_sys(mkdir(P("d"), 0755), "mkdir");
	ok(nlink_of(P("d")) == 2 && nlink_of(fst_base) == parent + 1,
	   "a new directory has nlink 2, its parent gained one");
	mkdir(P("d/s"), 0755);
	ok_eq(nlink_of(P("d")), 3, "a subdirectory adds one link");
	ok_errno(link(P("d"), P("dlink")), EPERM, "link to a directory: EPERM");
	create(P("d/file"), NULL);
	ok_errno(rmdir(P("d")), ENOTEMPTY, "rmdir of a non-empty directory: ENOTEMPTY");
	ok_errno(rmdir(P("f")), ENOTDIR, "rmdir of a file: ENOTDIR");
	ok_errno(unlink(P("d")), EISDIR, "unlink of a directory: EISDIR");
	ok_sys(rmdir(P("d/s")), "rmdir an empty subdirectory");
	ok_eq(nlink_of(P("d")), 2, "its parent lost the link");
	unlink(P("d/file"));
	ok(rmdir(P("d")) == 0 && nlink_of(fst_base) == parent, "rmdir; parent's nlink restored");

	/* an unlinked file lives on while open, and then goes away */
	sync();
	a = fs_stat();
	fd = open(P("orphan"), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	{
		struct fmodel m = { 0 };

		m_write(fd, &m, 0, 8 * fst_bs, 11000);
		fsync(fd);
		ok_sys(unlink(P("orphan")), "unlink a file that is open");
		fstat(fd, &st);
		ok_eq(st.st_nlink, 0, "fstat: nlink 0");
		ok(m_check_all(fd, &m), "its data is still readable");
		ok_eq(pwrite(fd, "late", 4, 0), 4, "and writable");
		sync();
		b = fs_stat();
		if (fst_ext2)
			ok_eq(a.f_bfree - b.f_bfree, 8, "its 8 blocks stay allocated while open");
		else
			skip("f_bfree of an open unlinked file (not ext2)");
		free(m.ops);
	}
	close(fd);
	sync();
	b = fs_stat();
	ok(b.f_bfree == a.f_bfree && b.f_ffree == a.f_ffree,
	   "after the last close its blocks and inode are free");
	ok_errno(open(P("orphan"), O_RDONLY), ENOENT, "and the name is gone");
	unlink(P("f"));
}

/* ---------------------------------------------------------- rename */

static void test_rename(void)
{
	ino_t ino, d2ino;
	nlink_t n1, n2;
	struct stat st;
	char name[300];
	int fd, r;

	create(P("a"), "A");
	ino = ino_of(P("a"));
	ok_sys(rename(P("a"), P("b")), "rename to a new name");
	ok(access(P("a"), F_OK) && ino_of(P("b")) == ino && text_eq(file_text(P("b")), "A"),
	   "old name gone, new name has the inode and the data");

	create(P("c"), "C");
	fd = open(P("c"), O_RDONLY | O_CLOEXEC);
	ok_sys(rename(P("b"), P("c")), "rename over an existing file");
	fstat(fd, &st);
	ok(ino_of(P("c")) == ino && text_eq(file_text(P("c")), "A") && st.st_nlink == 0,
	   "the target name now has the source; the replaced inode has nlink 0");
	close(fd);

	mkdir(P("d1"), 0755);
	mkdir(P("d2"), 0755);
	ok_sys(rename(P("c"), P("d1/c")), "rename a file into a subdirectory");
	ok_sys(rename(P("d1/c"), P("d2/c2")), "rename a file across directories");
	ok(ino_of(P("d2/c2")) == ino && access(P("d1/c"), F_OK), "it moved");

	mkdir(P("d1/sub"), 0755);
	create(P("d1/sub/inner"), "inner");
	n1 = nlink_of(P("d1"));
	n2 = nlink_of(P("d2"));
	d2ino = ino_of(P("d2"));
	ok_sys(rename(P("d1/sub"), P("d2/sub")), "rename a directory across directories");
	ok(nlink_of(P("d1")) == n1 - 1 && nlink_of(P("d2")) == n2 + 1 &&
	   nlink_of(P("d2/sub")) == 2, "old parent lost a link, new parent gained one");
	ok_eq(ino_of(P("d2/sub/..")), d2ino, "\"..\" resolves to the new parent");
	ok_eq(dirent_ino(P("d2/sub"), ".."), d2ino,
	      "the \"..\" entry in the moved directory names the new parent");
	ok_str(file_text(P("d2/sub/inner")), "inner", "its contents moved with it");

	mkdir(P("d1/empty"), 0755);
	ino = ino_of(P("d2/sub"));
	ok_sys(rename(P("d2/sub"), P("d1/empty")), "rename a directory over an empty directory");
	ok(ino_of(P("d1/empty")) == ino && nlink_of(P("d2")) == n2 && nlink_of(P("d1")) == n1,
	   "it replaced the empty one; link counts add up");
	ok_eq(dirent_ino(P("d1/empty"), ".."), ino_of(P("d1")), "and its \"..\" entry is d1");

	mkdir(P("full"), 0755);
	create(P("full/x"), NULL);
	ok_errno(rename(P("d1/empty"), P("full")), ENOTEMPTY,
		 "rename a directory over a non-empty one: ENOTEMPTY");
	ok_errno(rename(P("d2/c2"), P("full")), EISDIR, "rename a file over a directory: EISDIR");
	ok_errno(rename(P("full"), P("d2/c2")), ENOTDIR, "rename a directory over a file: ENOTDIR");
	ok_errno(rename(P("d1"), P("d1/empty/below")), EINVAL,
		 "rename a directory into its own subtree: EINVAL");
	ok_errno(rename(P("nothing"), P("x")), ENOENT, "rename of a missing name: ENOENT");

	link(P("d2/c2"), P("d2/c3"));
	ok(rename(P("d2/c2"), P("d2/c3")) == 0 && !access(P("d2/c2"), F_OK) &&
	   nlink_of(P("d2/c3")) == 2, "rename between two links of one inode does nothing");

	create(P("n1"), "1");
	create(P("n2"), "2");
	ok_errno(renameat2_(P("n1"), P("n2"), RENAME_NOREPLACE), EEXIST,
		 "RENAME_NOREPLACE onto an existing name: EEXIST");
	ok(renameat2_(P("n1"), P("n3"), RENAME_NOREPLACE) == 0 && text_eq(file_text(P("n3")), "1"),
	   "RENAME_NOREPLACE to a free name works");
	r = renameat2_(P("n3"), P("n2"), RENAME_EXCHANGE);
	if (r == 0) {
		diag("RENAME_EXCHANGE is supported here");
		ok(text_eq(file_text(P("n3")), "2") && text_eq(file_text(P("n2")), "1"),
		   "RENAME_EXCHANGE swapped the two names");
	} else {
		ok(errno == EINVAL, "RENAME_EXCHANGE: EINVAL (Linux's ext2 has none) (%s)",
		   strerror(errno));
	}

	memset(name, 'r', 255);
	name[255] = '\0';
	ok_sys(rename(P("n2"), P("%s", name)), "rename to a 255-byte name");
	name[255] = 'r';
	name[256] = '\0';
	ok_errno(rename(P("%.255s", name), P("%s", name)), ENAMETOOLONG,
		 "rename to a 256-byte name: ENAMETOOLONG");
	name[255] = '\0';
	unlink(P("%s", name));

	ok_sys(drop_caches(), "drop_caches");
	ok(text_eq(file_text(P("d1/empty/inner")), "inner") && nlink_of(P("d2/c3")) == 2 &&
	   nlink_of(P("d1")) == n1 && dirent_ino(P("d1/empty"), "..") == ino_of(P("d1")) &&
	   access(P("d1/sub"), F_OK) && access(P("d2/sub"), F_OK),
	   "after drop_caches the renames are all on disk");
}

/* ---------------------------------------------------------- symlinks */

static void test_symlinks(void)
{
	size_t lens[] = { 1, 59, 60, 61, 200, fst_bs - 1 }, i;
	char *target = malloc(fst_bs + 2), got[PATH_MAX + 1];
	long long want_blocks;
	int good;

	for (int pass = 0; pass < 2; pass++) {
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			size_t len = lens[i];
			struct stat st;
			ssize_t n;

			memset(target, 'a' + i, len);
			target[0] = '/';
			target[len] = '\0';
			if (pass == 0 && !ok_sys(symlink(target, P("sym%zu", len)),
						 "symlink with a %zu-byte target (%s)", len,
						 len < 60 ? "fast: in the inode" : "slow: in a block"))
				continue;
			n = readlink(P("sym%zu", len), got, sizeof(got));
			st = st_of(P("sym%zu", len));
			good = n == (ssize_t)len && !memcmp(got, target, len) && S_ISLNK(st.st_mode) &&
			       st.st_size == (off_t)len;
			want_blocks = len < 60 ? 0 : (long long)(fst_bs / 512);
			if (fst_ext2 && st.st_blocks != want_blocks) {
				diag("st_blocks %lld, want %lld", (long long)st.st_blocks, want_blocks);
				good = 0;
			}
			ok(good, "%s%zu-byte symlink: readlink, st_size%s", pass ? "after drop_caches: " : "",
			   len, fst_ext2 ? ", st_blocks" : "");
		}
		if (pass == 0)
			ok_sys(drop_caches(), "drop_caches");
	}
	memset(target, 'z', fst_bs);
	target[0] = '/';
	target[fst_bs] = '\0';
	ok_errno(symlink(target, P("toolong")), ENAMETOOLONG,
		 "a target as long as the block size: ENAMETOOLONG");

	create(P("target"), "through the link");
	symlink("target", P("rel"));
	symlink(P("target"), P("abs"));
	symlink("rel", P("chain"));
	ok(text_eq(file_text(P("rel")), "through the link") && text_eq(file_text(P("abs")), "through the link") &&
	   text_eq(file_text(P("chain")), "through the link"),
	   "relative, absolute and chained symlinks resolve");
	mkdir(P("dir"), 0755);
	create(P("dir/in"), "in dir");
	symlink("dir", P("dirlink"));
	ok_str(file_text(P("dirlink/in")), "in dir", "a symlink to a directory resolves mid-path");
	symlink("loop2", P("loop1"));
	symlink("loop1", P("loop2"));
	ok_errno(open(P("loop1"), O_RDONLY), ELOOP, "a symlink loop: ELOOP");
	ok_sys(unlink(P("sym61")), "unlink a slow symlink");
	ok_sys(unlink(P("sym59")), "unlink a fast symlink");
	free(target);
}

/* ---------------------------------------------------------- big directory */

static void test_bigdir(void)
{
	long n = env_ll("FSTEST_DIR_ENTRIES", 10000), i, count, dups, bad, created;
	unsigned char *seen = calloc(n, 1);
	static char buf[32768];
	long long t0;
	long r, pos;
	int fd, dfd, good;

	mkdir(P("big"), 0755);
	dfd = open(P("big"), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	t0 = now_ns(CLOCK_MONOTONIC);
	for (i = created = 0; i < n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "entry-%06ld", i);
		fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0) {
			diag("create %s: %s", name, strerror(errno));
			break;
		}
		close(fd);
		created++;
	}
	ok_eq(created, n, "create %ld files in one directory (%.1f s)", n,
	      (now_ns(CLOCK_MONOTONIC) - t0) / 1e9);
	/* an entry "entry-NNNNNN" takes 20 bytes of a directory block */
	if (n * 20 > 13 * (long)fst_bs)
		ok(st_of(P("big")).st_size % fst_bs == 0 &&
		   st_of(P("big")).st_size > 12 * (off_t)fst_bs,
		   "the directory has grown past its direct blocks (%lld bytes)",
		   (long long)st_of(P("big")).st_size);
	else
		ok(st_of(P("big")).st_size % fst_bs == 0, "the directory size is whole blocks "
		   "(%lld bytes; too few entries to need an indirect block)",
		   (long long)st_of(P("big")).st_size);

	for (int pass = 0; pass < 2; pass++) {
		memset(seen, 0, n);
		count = dups = bad = 0;
		lseek(dfd, 0, SEEK_SET);
		while ((r = syscall(SYS_getdents64, dfd, buf, sizeof(buf))) > 0) {
			for (pos = 0; pos < r;) {
				struct linux_dirent64 *d = (void *)(buf + pos);
				long idx;
				char *end;

				pos += d->d_reclen;
				count++;
				if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
					continue;
				idx = strncmp(d->d_name, "entry-", 6) ? -1 :
				      strtol(d->d_name + 6, &end, 10);
				if (idx < 0 || idx >= n || *end || d->d_type != DT_REG) {
					bad++;
					continue;
				}
				dups += seen[idx]++ != 0;
			}
		}
		ok(count == n + 2 && !dups && !bad, "%sgetdents64 returns each of the %ld names once "
		   "(%ld entries, %ld duplicates, %ld unexpected)", pass ? "after drop_caches: " : "",
		   n, count, dups, bad);
		if (pass == 0)
			drop_caches();
	}
	for (i = good = 0; i < n; i += 97) {
		struct stat st;

		good += fstatat(dfd, (snprintf(buf, sizeof(buf), "entry-%06ld", i), buf), &st,
				AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) && st.st_size == 0 &&
			st.st_nlink == 1;
	}
	ok_eq(good, (n + 96) / 97, "stat every 97th name: regular, empty, nlink 1");
	ok_errno(faccessat(dfd, "entry-x", F_OK, 0), ENOENT, "a missing name: ENOENT");

	for (i = good = 0; i < n; i += 2)
		good += unlinkat(dfd, (snprintf(buf, sizeof(buf), "entry-%06ld", i), buf), 0) == 0;
	ok_eq(good, (n + 1) / 2, "unlink every other name");
	for (i = good = 0; i < 200; i++) {
		snprintf(buf, sizeof(buf), "a-longer-name-to-reuse-freed-space-%04ld", i);
		fd = openat(dfd, buf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		good += fd >= 0;
		close(fd);
	}
	ok_eq(good, 200, "200 longer names fit in the gaps or at the end");
	lseek(dfd, 0, SEEK_SET);
	count = 0;
	while ((r = syscall(SYS_getdents64, dfd, buf, sizeof(buf))) > 0)
		for (pos = 0; pos < r; count++)
			pos += ((struct linux_dirent64 *)(buf + pos))->d_reclen;
	ok_eq(count, n / 2 + 200 + 2, "getdents64 count after the churn");

	t0 = now_ns(CLOCK_MONOTONIC);
	good = 1;
	while (good) {
		lseek(dfd, 0, SEEK_SET);
		r = syscall(SYS_getdents64, dfd, buf, sizeof(buf));
		if (r <= 0)
			break;
		good = 0;
		for (pos = 0; pos < r;) {
			struct linux_dirent64 *d = (void *)(buf + pos);

			pos += d->d_reclen;
			if (strcmp(d->d_name, ".") && strcmp(d->d_name, "..") &&
			    unlinkat(dfd, d->d_name, 0) == 0)
				good = 1;
		}
	}
	lseek(dfd, 0, SEEK_SET);
	r = syscall(SYS_getdents64, dfd, buf, sizeof(buf));
	count = 0;
	for (pos = 0; pos < r; count++)
		pos += ((struct linux_dirent64 *)(buf + pos))->d_reclen;
	ok_eq(count, 2, "unlink all (%.1f s): only . and .. remain",
	      (now_ns(CLOCK_MONOTONIC) - t0) / 1e9);
	close(dfd);
	ok_sys(rmdir(P("big")), "rmdir the emptied directory");
	free(seen);
}

/* ---------------------------------------------------------- inode fields */

static void test_inode_fields(void)
{
	struct timespec ts[2] = { { 1000000000, 0 }, { 1234567890, 0 } };
	struct stat st, st2;
	struct statvfs sv;
	char buf[8];
	int fd;

	create(P("attr"), "x");
	ok_sys(chown(P("attr"), 100000, 200000), "chown to 32-bit ids 100000:200000");
	ok_sys(chmod(P("attr"), 04751), "chmod 04751");
	ok_sys(utimensat(AT_FDCWD, P("attr"), ts, 0), "utimensat");
	ok_sys(mkfifo(P("fifo"), 0600), "mkfifo");
	ok_sys(mknod(P("chr"), S_IFCHR | 0600, makedev(1, 3)), "mknod a character device 1:3");
	ok_sys(mknod(P("blk"), S_IFBLK | 0600, makedev(259, 70000)),
	       "mknod a block device 259:70000 (a large minor)");
	ok_sys(drop_caches(), "drop_caches");
	st = st_of(P("attr"));
	ok((st.st_mode & 07777) == 04751 && st.st_uid == 100000 && st.st_gid == 200000,
	   "mode and 32-bit owner survive drop_caches");
	ok(st.st_atim.tv_sec == 1000000000 && st.st_mtim.tv_sec == 1234567890,
	   "atime and mtime (seconds) survive drop_caches");
	ok(S_ISFIFO(st_of(P("fifo")).st_mode), "the fifo is a fifo");
	st = st_of(P("chr"));
	ok(S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3), "character device 1:3");
	st = st_of(P("blk"));
	ok(S_ISBLK(st.st_mode) && st.st_rdev == makedev(259, 70000), "block device 259:70000");
	ok_eq(dirent_ino(fst_base, "fifo"), ino_of(P("fifo")), "getdents64 inode number of the fifo");

	if (statvfs(fst_root, &sv) == 0 && (sv.f_flag & ST_NOATIME)) {
		st = st_of(P("attr"));
		fd = open(P("attr"), O_RDONLY | O_CLOEXEC);
		read(fd, buf, 1);
		close(fd);
		ok_eq(st_of(P("attr")).st_atim.tv_sec, st.st_atim.tv_sec,
		      "mounted noatime: a read leaves atime alone");
	} else {
		skip("atime under noatime: not mounted noatime");
	}
	st = st_of(P("attr"));		/* mtime is 1234567890 from utimensat */
	fd = open(P("attr"), O_WRONLY | O_CLOEXEC);
	write(fd, "y", 1);
	close(fd);
	st2 = st_of(P("attr"));
	ok(st2.st_mtim.tv_sec > st.st_mtim.tv_sec && st2.st_ctim.tv_sec >= st.st_ctim.tv_sec &&
	   st2.st_mtim.tv_sec >= time(NULL) - 5, "a write sets mtime to now and updates ctime");
	unlink(P("attr"));
	unlink(P("fifo"));
	unlink(P("chr"));
	unlink(P("blk"));
}

/* ---------------------------------------------------------- manifests */

/*
 * A file against its model: all of it, or for a big one (sparse, as a rule)
 * its size and 64 KiB around the start and end of every write.
 */
static int check_file(int fd, const struct fmodel *m)
{
	struct stat st;
	uint64_t a, b;
	int i;

	if (m->size <= (8 << 20))
		return m_check_all(fd, m);
	if (fstat(fd, &st) || (uint64_t)st.st_size != m->size) {
		diag("file size %lld, want %llu", (long long)st.st_size, (unsigned long long)m->size);
		return 0;
	}
	for (i = 0; i < m->n; i++) {
		if (m->ops[i].kind != 'w')
			continue;
		for (int end = 0; end < 2; end++) {
			a = m->ops[i].off + (end ? m->ops[i].len : 0);
			b = a + 65536;
			a = a > 65536 ? a - 65536 : 0;
			if (!m_check(fd, m, a, b - a))
				return 0;
		}
	}
	return 1;
}

/*
 * Check one manifest's entries below base (names relative to base).
 * Returns the number of bad entries; *entries counts them all.
 */
static int check_manifest(const char *base, const char *manifest, int *entries)
{
	char line[8192], path[PATH_MAX], got[PATH_MAX + 1], *name, *arg, *save;
	struct fmodel m = { 0 };
	int bad = 0, fd;
	FILE *f = fopen(manifest, "r");
	ssize_t n;

	*entries = 0;
	if (!f) {
		diag("open %s: %s", manifest, strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *kind = strtok_r(line, " \n", &save);

		if (!kind || kind[0] == '#')
			continue;
		name = strtok_r(NULL, " \n", &save);
		if (!name)
			continue;
		(*entries)++;
		snprintf(path, sizeof(path), "%s/%s", base, name);
		switch (kind[0]) {
		case 'f':
			arg = strtok_r(NULL, " \n", &save);	/* size */
			if (!arg || model_parse(&m, save) || m.size != strtoull(arg, NULL, 10)) {
				diag("%s: bad manifest line", name);
				bad++;
				break;
			}
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd < 0 || !check_file(fd, &m)) {
				diag("  file %s: %s", name, fd < 0 ? strerror(errno) : "contents differ");
				bad++;
			}
			if (fd >= 0)
				close(fd);
			break;
		case 'l':
			arg = strtok_r(NULL, "\n", &save);
			n = readlink(path, got, sizeof(got) - 1);
			if (n < 0 || !arg || (size_t)n != strlen(arg) || memcmp(got, arg, n)) {
				diag("  symlink %s: readlink gives %zd bytes", name, n);
				bad++;
			}
			break;
		case 'd':
			if (!S_ISDIR(st_of(path).st_mode)) {
				diag("  %s: not a directory", name);
				bad++;
			}
			break;
		case 'h':
			arg = strtok_r(NULL, " \n", &save);
			snprintf(got, sizeof(got), "%s/%s", base, arg ? arg : "");
			if (!arg || ino_of(path) != ino_of(got) || nlink_of(path) < 2) {
				diag("  %s: not a hard link of %s", name, arg ? arg : "?");
				bad++;
			}
			break;
		default:
			diag("  %s: unknown manifest entry type %s", name, kind);
			bad++;
		}
	}
	fclose(f);
	free(m.ops);
	return bad;
}

/* Files tools/testing/ext2/mkimages put on the image with debugfs. */
static void test_host_files(void)
{
	char base[PATH_MAX + 8], man[PATH_MAX + 32];
	int entries, bad, pass;

	snprintf(base, sizeof(base), "%s/host", fst_root);
	snprintf(man, sizeof(man), "%s/MANIFEST", base);
	if (access(man, F_OK)) {
		skip("no host/MANIFEST: the image was not made by tools/testing/ext2/mkimages");
		return;
	}
	for (pass = 0; pass < 2; pass++) {
		bad = check_manifest(base, man, &entries);
		ok(!bad && entries > 0, "%sthe %d files, symlinks and directories the host created "
		   "read back exactly", pass ? "after drop_caches: " : "", entries);
		if (pass == 0)
			drop_caches();
	}
}

/* DIR/fsmeta/NAME, printf-style; four rotating buffers. */
__attribute__((format(printf, 2, 3))) static const char *gpath(const char *dir,
							       const char *fmt, ...)
{
	static char bufs[4][PATH_MAX];
	static int next;
	char *buf = bufs[next++ & 3];
	va_list ap;
	int n;

	n = snprintf(buf, PATH_MAX, "%s/fsmeta/", dir);
	va_start(ap, fmt);
	vsnprintf(buf + n, PATH_MAX - n, fmt, ap);
	va_end(ap);
	return buf;
}

static void keep_for_host(void)
{
	char dir[PATH_MAX + 16], path[PATH_MAX + 64], manpath[PATH_MAX + 64], target[512];
	struct fmodel m = { 0 };
	int good = 1, fd, i;
	FILE *man;

	snprintf(dir, sizeof(dir), "%s/guest", fst_root);
	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/fsmeta", dir);
	rm_tree(path);
	snprintf(manpath, sizeof(manpath), "%s/fsmeta.manifest", dir);
	man = fopen(manpath, "w");
	if (!man) {
		ok(0, "create %s: %s", manpath, strerror(errno));
		return;
	}
#define G(fmt, ...) gpath(dir, fmt, ##__VA_ARGS__)
	good &= mkdir(path, 0755) == 0 && mkdir(G("a"), 0755) == 0 &&
		mkdir(G("a/b"), 0755) == 0 && mkdir(G("a/b/c"), 0755) == 0 &&
		mkdir(G("moved-from"), 0755) == 0 && mkdir(G("moved-from/dir"), 0755) == 0;
	fprintf(man, "d fsmeta/a\nd fsmeta/a/b\nd fsmeta/a/b/c\n");

	fd = open(G("a/b/c/deep"), O_RDWR | O_CREAT | O_TRUNC, 0644);
	good &= fd >= 0 && m_write(fd, &m, 0, 3 * fst_bs + 7, 12000) == 0;
	close(fd);
	model_print(man, "fsmeta/a/b/c/deep", &m);
	good &= link(G("a/b/c/deep"), G("hardlink")) == 0;
	fprintf(man, "h fsmeta/hardlink fsmeta/a/b/c/deep\n");

	fd = open(G("moved-from/dir/file"), O_RDWR | O_CREAT | O_TRUNC, 0644);
	model_reset(&m);
	good &= fd >= 0 && m_write(fd, &m, 0, 5000, 12001) == 0;
	close(fd);
	good &= rename(G("moved-from/dir"), G("a/moved")) == 0;
	model_print(man, "fsmeta/a/moved/file", &m);
	fprintf(man, "d fsmeta/a/moved\n");

	good &= symlink("a/b/c/deep", G("fastlink")) == 0;
	fprintf(man, "l fsmeta/fastlink a/b/c/deep\n");
	memset(target, 0, sizeof(target));
	for (i = 0; i < 20; i++)
		strcat(target, "../slow/");
	strcat(target, "end");
	good &= symlink(target, G("slowlink")) == 0;
	fprintf(man, "l fsmeta/slowlink %s\n", target);

	good &= mkdir(G("many"), 0755) == 0;
	fprintf(man, "d fsmeta/many\n");
	for (i = 0; i < 300; i++) {
		char name[64];

		snprintf(name, sizeof(name), "many/file-with-a-longish-name-%03d", i);
		model_reset(&m);
		fd = open(G("%s", name), O_RDWR | O_CREAT | O_TRUNC, 0644);
		good &= fd >= 0 && m_write(fd, &m, 0, i, 13000 + i) == 0;
		close(fd);
		fprintf(man, "f fsmeta/%s %d w:0:%d:%d\n", name, i, i, 13000 + i);
	}
#undef G
	good &= fclose(man) == 0;
	sync();
	ok(good, "files for the host's debugfs check written (guest/fsmeta.manifest)");

	/* and they read back here, from the disk */
	drop_caches();
	{
		int entries, bad = check_manifest(dir, manpath, &entries);

		ok(!bad, "the %d entries read back after drop_caches", entries);
	}
	free(m.ops);
}

int main(int argc, char **argv)
{
	if (fst_setup(argc, argv, "fsmeta"))
		return tap_finish();
	RUN(test_links);
	RUN(test_rename);
	RUN(test_symlinks);
	RUN(test_bigdir);
	RUN(test_inode_fields);
	RUN(test_host_files);
	if (env_ll("FSTEST_KEEP", 1))
		keep_for_host();
	fst_cleanup();
	return tap_finish();
}
