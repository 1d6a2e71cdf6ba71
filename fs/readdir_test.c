// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of getdents64: every one of 3000 entries comes back once,
 * with "." and "..", in 8-byte aligned records whose d_off resumes the
 * listing after lseek(); a buffer too small for one record is EINVAL;
 * entries removed between calls do not reappear; a removed directory
 * lists ENOENT.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <asm/bitops.h>
#include <linux/fs.h>
#include <linux/dirent.h>
#include <linux/selftest.h>
#include "vfs_selftest.h"

/*
 * Big enough for many getdents64 calls and dcache hash chains; the guest
 * fs selftest covers 10 000 entries through the real syscalls.  Kept small
 * so the boot-time self tests stay fast under TCG.
 */
#define NR_ENTRIES	3000
#define DENTS_BUF	4096

/*
 * Read the whole directory from the current offset; mark "fNNNN" names
 * in seen.  Returns the number of records or -1 (with a diagnostic).
 */
static long list_dir(int fd, char *buf, unsigned long *seen, int *dots, loff_t *last_off)
{
	long total = 0;

	for (;;) {
		long n = t_getdents(fd, buf, DENTS_BUF), pos = 0;

		if (n < 0) {
			st_diag("getdents64: %ld", n);
			return -1;
		}
		if (!n)
			return total;
		while (pos < n) {
			struct linux_dirent64 *d = (struct linux_dirent64 *)(buf + pos);
			unsigned long idx;

			if (d->d_reclen % 8 || d->d_reclen < offsetof(struct linux_dirent64, d_name) + 2 || pos + d->d_reclen > n) {
				st_diag("bad record length %u at %ld", d->d_reclen, pos);
				return -1;
			}
			if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, "..")) {
				(*dots)++;
			} else if (d->d_name[0] == 'f' && !kstrtoul(d->d_name + 1, 10, &idx) &&
				   idx < NR_ENTRIES && d->d_type == DT_REG) {
				if (test_and_set_bit(idx, seen)) {
					st_diag("%s listed twice", d->d_name);
					return -1;
				}
			} else {
				st_diag("unexpected entry %s type %u", d->d_name, d->d_type);
				return -1;
			}
			*last_off = d->d_off;
			pos += d->d_reclen;
			total++;
		}
	}
}

static int readdir_many(void)
{
	unsigned long *seen = kcalloc(BITS_TO_LONGS(NR_ENTRIES), sizeof(long), GFP_KERNEL);
	char *buf = kmalloc(DENTS_BUF, GFP_KERNEL);
	char name[16];
	loff_t last_off = 0, mid_off = 0;
	int fd, dots = 0, i, ret = -1;
	long n;

	if (!seen || !buf)
		goto out;
	if (t_mkdir("big", 0755)) {
		st_diag("mkdir big failed");
		goto out;
	}
	for (i = 0; i < NR_ENTRIES; i++) {
		snprintf(name, sizeof(name), "big/f%d", i);
		fd = t_open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0) {
			st_diag("create %s: %d", name, fd);
			goto out;
		}
		t_close(fd);
	}
	fd = t_open("big", O_RDONLY | O_DIRECTORY, 0);
	if (fd < 0) {
		st_diag("open big: %d", fd);
		goto out;
	}
	n = list_dir(fd, buf, seen, &dots, &last_off);
	if (n != NR_ENTRIES + 2 || dots != 2 || !bitmap_full(seen, NR_ENTRIES)) {
		st_diag("listed %ld records, %d dots, %u distinct names", n, dots,
			bitmap_weight(seen, NR_ENTRIES));
		goto out_close;
	}
	st_diag("%ld entries listed in %d-byte reads", n, DENTS_BUF);

	/* A record too big for the buffer: EINVAL, and the offset stays. */
	if (t_lseek(fd, 0, SEEK_SET) != 0 || t_getdents(fd, buf, 10) != -EINVAL) {
		st_diag("small buffer not refused");
		goto out_close;
	}
	/* Resume from a d_off in the middle: the rest comes back exactly once. */
	n = t_getdents(fd, buf, 200);
	if (n <= 0) {
		st_diag("getdents(200) after lseek(0): %ld", n);
		goto out_close;
	}
	for (long pos = 0; pos < n; pos += ((struct linux_dirent64 *)(buf + pos))->d_reclen)
		mid_off = ((struct linux_dirent64 *)(buf + pos))->d_off;
	bitmap_zero(seen, NR_ENTRIES);
	dots = 0;
	if (t_lseek(fd, mid_off, SEEK_SET) != mid_off) {
		st_diag("lseek(%lld) failed", mid_off);
		goto out_close;
	}
	n = list_dir(fd, buf, seen, &dots, &last_off);
	if (mid_off < 3 || n != NR_ENTRIES + 2 - mid_off) {
		st_diag("after lseek(%lld): %ld records", mid_off, n);
		goto out_close;
	}

	/* Removed entries do not come back; a removed directory lists ENOENT. */
	for (i = 0; i < NR_ENTRIES; i++) {
		snprintf(name, sizeof(name), "big/f%d", i);
		if (i % 2 && t_unlink(name)) {
			st_diag("unlink %s failed", name);
			goto out_close;
		}
	}
	bitmap_zero(seen, NR_ENTRIES);
	dots = 0;
	t_lseek(fd, 0, SEEK_SET);
	n = list_dir(fd, buf, seen, &dots, &last_off);
	if (n != NR_ENTRIES / 2 + 2 || bitmap_weight(seen, NR_ENTRIES) != NR_ENTRIES / 2) {
		st_diag("after unlinking half: %ld records", n);
		goto out_close;
	}
	for (i = 0; i < NR_ENTRIES; i += 2) {
		snprintf(name, sizeof(name), "big/f%d", i);
		if (t_unlink(name)) {
			st_diag("unlink %s failed", name);
			goto out_close;
		}
	}
	if (t_rmdir("big")) {
		st_diag("rmdir big failed");
		goto out_close;
	}
	t_lseek(fd, 0, SEEK_SET);
	if (t_getdents(fd, buf, DENTS_BUF) != -ENOENT) {
		st_diag("removed directory still lists");
		goto out_close;
	}
	ret = 0;
out_close:
	t_close(fd);
out:
	kfree(buf);
	kfree(seen);
	return ret;
}

static int test_readdir(void)
{
	return vfs_run_sandboxed("readdir", "tmpfs", NULL, readdir_many);
}
DEFINE_SELFTEST("vfs: getdents64 lists 3000 entries, d_off resumes, EINVAL, ENOENT",
		test_readdir);

static int readdir_not_dir(void)
{
	char buf[64];
	int fd;

	ST_EQ(t_put_file("f", "x", 1), 0);
	fd = t_open("f", O_RDONLY, 0);
	ST_EQ(t_getdents(fd, buf, sizeof(buf)), -ENOTDIR);
	t_close(fd);
	ST_EQ(t_getdents(fd, buf, sizeof(buf)), -EBADF);
	return 0;
}

static int test_readdir_errors(void)
{
	return vfs_run_sandboxed("readdir2", "tmpfs", NULL, readdir_not_dir);
}
DEFINE_SELFTEST("vfs: getdents64 on a file (ENOTDIR) and a closed fd (EBADF)",
		test_readdir_errors);
