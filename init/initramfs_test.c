// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the initramfs unpacker: two concatenated newc archives,
 * built here byte by byte, with a directory created twice, files, a hard
 * link (data on the second name), a symlink, device and FIFO nodes,
 * owners, modes and mtimes; a gzip member (stored deflate blocks, made
 * here) whose archive holds a file larger than one decompressor flush,
 * followed by a plain archive; then damaged input, a truncated gzip
 * member included, which must produce a message and no crash.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/initrd.h>
#include <linux/vmalloc.h>
#include <linux/crc32.h>
#include <linux/decompress.h>
#include <linux/selftest.h>
#include "../fs/vfs_selftest.h"

#define ARCHIVE_MAX	8192
#define MTIME		1000000000u

struct cpio_builder {
	char *buf;
	size_t len;
	size_t cap;		/* 0: ARCHIVE_MAX */
	size_t data_len;	/* for cpio_add_data() */
};

static void cpio_pad(struct cpio_builder *b, size_t align)
{
	while (b->len % align)
		b->buf[b->len++] = '\0';
}

static void cpio_add(struct cpio_builder *b, const char *name, unsigned int mode,
		     unsigned int ino, unsigned int nlink, const char *data,
		     unsigned int rmajor, unsigned int rminor)
{
	unsigned int size = data ? (b->data_len ? b->data_len : strlen(data)) : 0;
	unsigned int namesize = strlen(name) + 1;

	b->len += scnprintf(b->buf + b->len, (b->cap ? b->cap : ARCHIVE_MAX) - b->len,
			    "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
			    ino, mode, 1234, 99, nlink, MTIME, size, 0, 0, rmajor, rminor,
			    namesize, 0);
	memcpy(b->buf + b->len, name, namesize);
	b->len += namesize;
	cpio_pad(b, 4);
	if (size)
		memcpy(b->buf + b->len, data, size);
	b->len += size;
	cpio_pad(b, 4);
}

static void cpio_trailer(struct cpio_builder *b)
{
	cpio_add(b, "TRAILER!!!", 0, 0, 1, NULL, 0, 0);
	cpio_pad(b, 512);
}

static int unpack_two_archives(void)
{
	struct cpio_builder b = { kzalloc(ARCHIVE_MAX, GFP_KERNEL), 0 };
	struct kstat st, st2;
	char target[16];
	const char *msg;

	ST_ASSERT(b.buf, "no memory");
	cpio_add(&b, "d", S_IFDIR | 0755, 1, 2, NULL, 0, 0);
	cpio_add(&b, "d/file", S_IFREG | 0640, 7, 2, NULL, 0, 0);
	cpio_add(&b, "d/hard", S_IFREG | 0640, 7, 2, "hello\n", 0, 0);
	cpio_add(&b, "d/sub", S_IFDIR | 0700, 8, 2, NULL, 0, 0);
	cpio_trailer(&b);
	/* The second archive: "d" again, and inode 7 is a different file now. */
	cpio_add(&b, "d", S_IFDIR | 0750, 1, 2, NULL, 0, 0);
	cpio_add(&b, "d/link", S_IFLNK | 0777, 9, 1, "file", 0, 0);
	cpio_add(&b, "d/null", S_IFCHR | 0666, 10, 1, NULL, 1, 3);
	cpio_add(&b, "d/fifo", S_IFIFO | 0644, 11, 1, NULL, 0, 0);
	cpio_add(&b, "d/sub/x", S_IFREG | 04755, 12, 1, "#!/bin/sh\n", 0, 0);
	cpio_add(&b, "d/other", S_IFREG | 0600, 7, 2, "other", 0, 0);
	cpio_trailer(&b);

	msg = unpack_to_rootfs(b.buf, b.len);
	kfree(b.buf);
	ST_ASSERT(!msg, "unpack: %s", msg);

	ST_EQ(t_stat("d", &st), 0);
	ST_ASSERT(S_ISDIR(st.mode) && (st.mode & 07777) == 0750 && st.uid == 1234 &&
		  st.gid == 99 && st.mtime.tv_sec == MTIME,
		  "d: mode %o uid %u gid %u mtime %lld", st.mode, st.uid, st.gid,
		  (long long)st.mtime.tv_sec);
	ST_EQ(t_stat("d/file", &st), 0);
	ST_EQ(t_stat("d/hard", &st2), 0);
	ST_ASSERT(st.ino == st2.ino && st.nlink == 2 && (st.mode & 07777) == 0640 &&
		  st.uid == 1234 && st.mtime.tv_sec == MTIME,
		  "hard link: ino %llu/%llu nlink %u mode %o", st.ino, st2.ino, st.nlink, st.mode);
	ST_ASSERT(t_file_equals("d/file", "hello\n", 6), "file contents");
	ST_EQ(t_stat("d/other", &st2), 0);
	ST_ASSERT(st2.ino != st.ino && st2.nlink == 1, "links must not cross archives");
	ST_ASSERT(t_file_equals("d/other", "other", 5), "other contents");
	ST_EQ(t_lstat("d/link", &st), 0);
	ST_ASSERT(S_ISLNK(st.mode) && st.uid == 1234 && st.mtime.tv_sec == MTIME, "symlink");
	ST_EQ(t_readlink("d/link", target, sizeof(target)), 4);
	ST_ASSERT(!strcmp(target, "file"), "symlink target %s", target);
	ST_EQ(t_stat("d/null", &st), 0);
	ST_ASSERT(S_ISCHR(st.mode) && st.rdev == MKDEV(1, 3) && (st.mode & 07777) == 0666,
		  "char node: mode %o rdev %x", st.mode, st.rdev);
	ST_EQ(t_stat("d/fifo", &st), 0);
	ST_ASSERT(S_ISFIFO(st.mode), "fifo");
	ST_EQ(t_stat("d/sub/x", &st), 0);
	ST_ASSERT((st.mode & 07777) == 04755 && st.size == 10, "sub/x: mode %o size %lld",
		  st.mode, st.size);
	ST_EQ(t_stat("d/sub", &st), 0);
	ST_ASSERT((st.mode & 07777) == 0700 && st.mtime.tv_sec == MTIME,
		  "sub: mode %o mtime %lld", st.mode, (long long)st.mtime.tv_sec);
	return 0;
}

static int test_unpack(void)
{
	return vfs_run_sandboxed("initramfs", "tmpfs", NULL, unpack_two_archives);
}
DEFINE_SELFTEST("initramfs: two concatenated newc archives: dirs, files, links, nodes",
		test_unpack);

/* Wrap len bytes as a gzip member of stored deflate blocks, at out. */
static size_t gzip_stored(u8 *out, const char *data, size_t len)
{
	static const u8 header[10] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3 };
	u32 crc = crc32_ieee(0, data, len);
	size_t pos = sizeof(header), done = 0;

	memcpy(out, header, sizeof(header));
	do {
		size_t n = min_t(size_t, len - done, 65535);

		out[pos++] = done + n == len;	/* BFINAL, BTYPE 00 */
		out[pos++] = n & 0xff;
		out[pos++] = n >> 8;
		out[pos++] = ~n & 0xff;
		out[pos++] = (~n >> 8) & 0xff;
		memcpy(out + pos, data + done, n);
		pos += n;
		done += n;
	} while (done < len);
	for (int i = 0; i < 4; i++)
		out[pos++] = crc >> (8 * i);
	for (int i = 0; i < 4; i++)
		out[pos++] = len >> (8 * i);
	return pos;
}

#define BIG_FILE	(300 * 1024)
#define BIG_ARCHIVE	(BIG_FILE + 4096)

static int unpack_gzip_then_plain(void)
{
	struct cpio_builder b = { vmalloc(BIG_ARCHIVE), 0, BIG_ARCHIVE, 0 };
	u8 *img = vmalloc(BIG_ARCHIVE + 4096);
	char *big = vmalloc(BIG_FILE + 1);
	const char *msg = NULL;
	size_t len;
	struct kstat st;
	int ret = -1;

	if (!b.buf || !img || !big)
		goto out;
	for (size_t i = 0; i < BIG_FILE; i++)
		big[i] = 'a' + (i * 7 + i / 4096) % 26;
	big[BIG_FILE] = '\0';
	cpio_add(&b, "z", S_IFDIR | 0755, 1, 2, NULL, 0, 0);
	cpio_add(&b, "z/small", S_IFREG | 0644, 2, 1, "tiny\n", 0, 0);
	b.data_len = BIG_FILE;
	cpio_add(&b, "z/big", S_IFREG | 0600, 3, 1, big, 0, 0);
	b.data_len = 0;
	cpio_add(&b, "z/link", S_IFLNK | 0777, 4, 1, "big", 0, 0);
	cpio_trailer(&b);
	len = gzip_stored(img, b.buf, b.len);
	/* NUL padding, then a plain archive. */
	memset(img + len, 0, 3);
	len += 3;
	b.len = 0;
	cpio_add(&b, "z/plain", S_IFREG | 0644, 5, 1, "after the gzip member\n", 0, 0);
	cpio_trailer(&b);
	memcpy(img + len, b.buf, b.len);
	len += b.len;

	msg = unpack_to_rootfs((const char *)img, len);
	if (msg) {
		st_diag("unpack: %s", msg);
		goto out;
	}
	if (t_stat("z/big", &st) || st.size != BIG_FILE || (st.mode & 07777) != 0600 ||
	    !t_file_equals("z/big", big, BIG_FILE)) {
		st_diag("z/big: wrong size %lld or contents", st.size);
		goto out;
	}
	if (!t_file_equals("z/small", "tiny\n", 5) ||
	    !t_file_equals("z/plain", "after the gzip member\n", 22) ||
	    t_lstat("z/link", &st) || !S_ISLNK(st.mode)) {
		st_diag("small, plain or link wrong");
		goto out;
	}
	ret = 0;
out:
	vfree(b.buf);
	vfree(img);
	vfree(big);
	return ret;
}

static int test_gzip(void)
{
	if (!decompress_supported(DECOMPRESS_GZIP)) {
		st_diag("CONFIG_RD_GZIP is off");
		return ST_SKIP;
	}
	return vfs_run_sandboxed("initramfs-gz", "tmpfs", NULL, unpack_gzip_then_plain);
}
DEFINE_SELFTEST("initramfs: a gzip member with a 300 KiB file, then a plain archive",
		test_gzip);

static int unpack_damaged(void)
{
	static const char gz[] = { 0x1f, (char)0x8b, 0x08, 0x00, 0, 0, 0, 0 };
	struct cpio_builder b = { kzalloc(ARCHIVE_MAX, GFP_KERNEL), 0 };
	const char *msg;
	struct kstat st;

	ST_ASSERT(b.buf, "no memory");
	/* Not cpio at all. */
	msg = unpack_to_rootfs("hello world, this is not an archive", 35);
	ST_ASSERT(msg, "text accepted");
	st_diag("text: %s", msg);
	/* A gzip member cut short in its header: a message naming gzip. */
	msg = unpack_to_rootfs(gz, sizeof(gz));
	ST_ASSERT(msg && strstr(msg, "gzip"), "gzip: %s", msg ? msg : "accepted");
	st_diag("gzip: %s", msg);
	/* A header cut short. */
	cpio_add(&b, "ok", S_IFREG | 0644, 1, 1, "fine", 0, 0);
	msg = unpack_to_rootfs(b.buf, 60);
	ST_ASSERT(msg, "truncated header accepted");
	/* Data running past the end: the entries before it are unpacked. */
	cpio_add(&b, "cut", S_IFREG | 0644, 2, 1, "0123456789", 0, 0);
	msg = unpack_to_rootfs(b.buf, b.len - 8);
	ST_ASSERT(msg, "truncated data accepted");
	st_diag("truncated: %s", msg);
	ST_EQ(t_stat("ok", &st), 0);
	ST_EQ(t_stat("cut", &st), -ENOENT);
	/* A bad hex digit in the header. */
	b.buf[10] = 'Z';
	msg = unpack_to_rootfs(b.buf, b.len);
	ST_ASSERT(msg, "junk header accepted");
	/* A name that is not NUL-terminated. */
	b.len = 0;
	cpio_add(&b, "abc", S_IFREG | 0644, 3, 1, NULL, 0, 0);
	b.buf[110 + 3] = 'x';
	msg = unpack_to_rootfs(b.buf, b.len);
	ST_ASSERT(msg, "unterminated name accepted");
	kfree(b.buf);
	return 0;
}

static int test_damaged(void)
{
	return vfs_run_sandboxed("initramfs2", "tmpfs", NULL, unpack_damaged);
}
DEFINE_SELFTEST("initramfs: damaged and compressed archives give messages, no crash",
		test_damaged);
