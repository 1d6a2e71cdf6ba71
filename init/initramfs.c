// SPDX-License-Identifier: GPL-2.0-only
/*
 * The initramfs: newc cpio archives from the boot loader's initrd,
 * unpacked into rootfs before init runs.
 *
 * Interface (<linux/initrd.h>): populate_rootfs() (kernel_init(), once),
 * unpack_to_rootfs() (any buffer, into the current directory).
 *
 * Format (newc, "070701"; "070702" with checksums, not verified): a
 * 110-byte header of "070701" and thirteen 8-digit hex fields, the name
 * (NUL included) padded so the data starts 4-byte aligned, the data
 * padded to 4 bytes (counted from the header); "TRAILER!!!" ends an
 * archive.  Archives and compressed members may be concatenated in any
 * order, with NUL padding between them: wherever an entry may start, a
 * gzip member, xz stream or zstd frame (<linux/decompress.h>, as
 * CONFIG_RD_GZIP/XZ/ZSTD allow) is decompressed and its output, one or
 * more archives, parsed as it comes out of the decoder; the walk goes on
 * after the input the member took.  The parser takes its input in pieces
 * of any size: file data is written as it arrives.  bzip2, lz4, lzo and
 * lzma are named and refused.  A damaged member or archive stops the
 * unpacking with a message; what was unpacked before stays, except an
 * entry cut short, whose file is removed.
 *
 * Entries: directories (an existing one is fine: its owner and mode are
 * updated), regular files (with data), symlinks (the data is the
 * target), character and block devices, FIFOs and sockets.  Entries with
 * nlink > 1 and the same inode number within one archive become hard
 * links of the first.  Owner, mode and mtime come from the header;
 * directory times are set last, once nothing more is created in them.
 * An entry that cannot be created is reported and skipped.  Nothing here
 * panics on bad input.
 *
 * Before the boot loader's archive, the kernel makes its own minimal root:
 * /dev, /dev/console (5:1) and /root, the entries of Linux's default
 * built-in initramfs.  An initramfs made without a console node (many
 * generators leave it to the kernel) then still gives init its console;
 * an archive that has these entries replaces them.
 *
 * Afterwards the initrd's pages (memblock-reserved by setup_arch()) go
 * back to the page allocator.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/sched.h>
#include <linux/file.h>
#include <linux/stat.h>
#include <linux/kdev_t.h>
#include <linux/init_syscalls.h>
#include <linux/initrd.h>
#include <linux/decompress.h>
#include <linux/stdarg.h>
#include <asm/setup.h>
#include <asm/page.h>

#define CPIO_HDR_LEN	110
#define CPIO_NFIELDS	13

struct cpio_header {
	unsigned long ino, mode, uid, gid, nlink, mtime, filesize;
	unsigned long devmajor, devminor, rdevmajor, rdevminor, namesize, check;
};

/* A file of a hard-link set, remembered until its archive ends. */
struct link_entry {
	struct list_head list;
	unsigned long ino, devmajor, devminor;
	umode_t type;
	char name[];
};

/* A directory whose mtime is set after everything inside it exists. */
struct dir_entry {
	struct list_head list;
	time64_t mtime;
	char name[];
};

struct unpacker {
	struct list_head links;
	struct list_head dirs;
	unsigned int errors;
};

/* ------------------------------------------------------------ parsing */

static int parse_hex8(const char *s, unsigned long *res)
{
	unsigned long v = 0;

	for (int i = 0; i < 8; i++) {
		char c = s[i];
		unsigned int d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return -EINVAL;
		v = (v << 4) | d;
	}
	*res = v;
	return 0;
}

static int parse_header(const char *s, struct cpio_header *h)
{
	unsigned long *fields[CPIO_NFIELDS] = {
		&h->ino, &h->mode, &h->uid, &h->gid, &h->nlink, &h->mtime, &h->filesize,
		&h->devmajor, &h->devminor, &h->rdevmajor, &h->rdevminor, &h->namesize, &h->check,
	};

	for (int i = 0; i < CPIO_NFIELDS; i++) {
		if (parse_hex8(s + 6 + 8 * i, fields[i]))
			return -EINVAL;
	}
	return 0;
}

/* Name the compression format at buf, or NULL if it is not a known one. */
static const char *compression_name(const unsigned char *buf, unsigned long len)
{
	if (len >= 2 && buf[0] == 0x1f && (buf[1] == 0x8b || buf[1] == 0x9e))
		return "gzip";
	if (len >= 3 && buf[0] == 'B' && buf[1] == 'Z' && buf[2] == 'h')
		return "bzip2";
	if (len >= 6 && buf[0] == 0xfd && !memcmp(buf + 1, "7zXZ", 4))
		return "xz";
	if (len >= 4 && buf[0] == 0x28 && buf[1] == 0xb5 && buf[2] == 0x2f && buf[3] == 0xfd)
		return "zstd";
	if (len >= 4 && buf[0] == 0x02 && buf[1] == 0x21 && buf[2] == 0x4c && buf[3] == 0x18)
		return "lz4";
	if (len >= 3 && buf[0] == 0x89 && buf[1] == 'L' && buf[2] == 'Z')
		return "lzo";
	if (len >= 3 && buf[0] == 0x5d && buf[1] == 0 && buf[2] == 0)
		return "lzma";
	return NULL;
}

/* ------------------------------------------------------------ creating entries */

static void entry_error(struct unpacker *u, const char *what, const char *name, int err)
{
	u->errors++;
	pr_warn("initramfs: cannot %s %s: error %d\n", what, name, err);
}

/* Remove what stands in the way of a new entry of type mode (0: any). */
static void clean_path(const char *path, umode_t mode)
{
	struct kstat st;

	if (init_stat(path, &st, AT_SYMLINK_NOFOLLOW))
		return;
	if (!mode || ((st.mode ^ mode) & S_IFMT)) {
		if (S_ISDIR(st.mode))
			init_rmdir(path);
		else
			init_unlink(path);
	}
}

static void set_mtime(const char *name, time64_t mtime)
{
	struct timespec64 t[2] = { { .tv_sec = mtime }, { .tv_sec = mtime } };

	init_utimes(name, t);
}

/*
 * Hard links: 1 if name became a link to an earlier entry, 0 if it is
 * the first of its set (remembered) or not a link at all, <0 on error.
 */
static int maybe_link(struct unpacker *u, const struct cpio_header *h, const char *name)
{
	struct link_entry *l;
	size_t len;
	int err;

	if (h->nlink < 2 || S_ISDIR(h->mode))
		return 0;
	list_for_each_entry(l, &u->links, list) {
		if (l->ino == h->ino && l->devmajor == h->devmajor && l->devminor == h->devminor &&
		    l->type == (h->mode & S_IFMT)) {
			clean_path(name, 0);
			err = init_link(l->name, name);
			return err < 0 ? err : 1;
		}
	}
	len = strlen(name) + 1;
	l = kmalloc(sizeof(*l) + len, GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	l->ino = h->ino;
	l->devmajor = h->devmajor;
	l->devminor = h->devminor;
	l->type = h->mode & S_IFMT;
	memcpy(l->name, name, len);
	list_add(&l->list, &u->links);
	return 0;
}

static void free_links(struct unpacker *u)
{
	struct link_entry *l, *tmp;

	list_for_each_entry_safe(l, tmp, &u->links, list) {
		list_del(&l->list);
		kfree(l);
	}
}

static void do_dir(struct unpacker *u, const struct cpio_header *h, const char *name)
{
	struct dir_entry *d;
	int err = init_mkdir(name, h->mode & S_IALLUGO);

	/* An existing directory is fine: it takes the archive's owner and mode. */
	if (err && err != -EEXIST) {
		entry_error(u, "create directory", name, err);
		return;
	}
	init_chown(name, h->uid, h->gid, 0);
	init_chmod(name, h->mode & S_IALLUGO);
	d = kmalloc(sizeof(*d) + strlen(name) + 1, GFP_KERNEL);
	if (!d)
		return;
	d->mtime = h->mtime;
	strcpy(d->name, name);
	list_add(&d->list, &u->dirs);
}

/*
 * A regular file: create (or link) it and return it open for its data,
 * which may arrive in pieces; NULL if it cannot be created.
 */
static struct file *file_begin(struct unpacker *u, const struct cpio_header *h,
			       const char *name)
{
	int flags = O_WRONLY | O_CREAT | O_LARGEFILE;
	struct file *file;
	int ml;

	ml = maybe_link(u, h, name);
	if (ml < 0) {
		entry_error(u, "link", name, ml);
		return NULL;
	}
	if (ml == 0) {
		clean_path(name, h->mode);
		flags |= O_TRUNC;
	}
	file = filp_open(name, flags, h->mode & S_IALLUGO);
	if (IS_ERR(file)) {
		entry_error(u, "create", name, PTR_ERR(file));
		return NULL;
	}
	return file;
}

static void file_end(const struct cpio_header *h, const char *name, struct file *file)
{
	vfs_fchown(file, h->uid, h->gid);
	vfs_fchmod(file, h->mode & S_IALLUGO);
	fput(file);
	set_mtime(name, h->mtime);
}

static void do_symlink(struct unpacker *u, const struct cpio_header *h, const char *name,
		       const char *target)
{
	int err;

	clean_path(name, 0);
	err = init_symlink(target, name);
	if (err) {
		entry_error(u, "create symlink", name, err);
		return;
	}
	init_chown(name, h->uid, h->gid, AT_SYMLINK_NOFOLLOW);
	set_mtime(name, h->mtime);
}

static void do_special(struct unpacker *u, const struct cpio_header *h, const char *name)
{
	unsigned int rdev = new_encode_dev(MKDEV(h->rdevmajor, h->rdevminor));
	int err;

	err = maybe_link(u, h, name);
	if (err) {
		if (err < 0)
			entry_error(u, "link", name, err);
		return;
	}
	/* A later archive's node replaces an earlier one (the built-in console). */
	clean_path(name, 0);
	err = init_mknod(name, h->mode, rdev);
	if (err) {
		entry_error(u, "create node", name, err);
		return;
	}
	init_chown(name, h->uid, h->gid, 0);
	init_chmod(name, h->mode & S_IALLUGO);
	set_mtime(name, h->mtime);
}

static void finish_dirs(struct unpacker *u)
{
	struct dir_entry *d, *tmp;

	list_for_each_entry_safe(d, tmp, &u->dirs, list) {
		set_mtime(d->name, d->mtime);
		list_del(&d->list);
		kfree(d);
	}
}

/* ------------------------------------------------------------ the archive stream */

enum cpio_state {
	CS_HEADER,		/* collecting a header; at an entry boundary if have == 0 */
	CS_NAME,		/* collecting the name */
	CS_NAME_PAD,		/* skipping the name's padding */
	CS_DATA,		/* passing the data on */
	CS_DATA_PAD,		/* skipping the data's padding */
};

/*
 * The newc parser, fed a piece at a time: the bytes of an uncompressed
 * archive or a decompressor's output, in whatever pieces they come.  A
 * file's data is written as it arrives; a symlink's target is collected.
 * Alignment is counted from each header (the newc padding makes that the
 * same as from the archive's start).
 */
struct cpio_stream {
	struct unpacker *u;
	enum cpio_state state;
	u64 off;			/* offset of the next byte, for messages */
	u64 entry_off;			/* offset of the current header */
	const char *where;		/* "" or " of the gzip data at offset N" */
	char hdr[CPIO_HDR_LEN];
	size_t have;			/* bytes of hdr, name or target collected */
	struct cpio_header h;
	char *name;			/* PATH_MAX */
	char *target;			/* PATH_MAX: a symlink's target */
	u64 remain;			/* data bytes still to come */
	unsigned int pad;		/* padding bytes still to skip */
	struct file *file;		/* the regular file being written */
	loff_t fpos;
	bool skip_data;			/* the entry's data goes nowhere */
	bool trailer;
	char msg[160];
};

static int cpio_fail(struct cpio_stream *s, const char *fmt, ...) __printf(2, 3);
static int cpio_fail(struct cpio_stream *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vscnprintf(s->msg, sizeof(s->msg), fmt, ap);
	va_end(ap);
	scnprintf(s->msg + n, sizeof(s->msg) - n, "%s", s->where);
	return -EINVAL;
}

static bool cpio_at_boundary(const struct cpio_stream *s)
{
	return s->state == CS_HEADER && !s->have;
}

/* The header and name are in: create what needs no data, or get ready for it. */
static int cpio_begin_entry(struct cpio_stream *s)
{
	struct cpio_header *h = &s->h;
	const char *name = s->name;

	s->remain = h->filesize;
	s->skip_data = true;
	s->trailer = false;
	if (!strcmp(name, "TRAILER!!!")) {
		/* Hard links do not reach across archives. */
		free_links(s->u);
		s->trailer = true;
		return 0;
	}
	switch (h->mode & S_IFMT) {
	case S_IFDIR:
		do_dir(s->u, h, name);
		break;
	case S_IFREG:
		s->file = file_begin(s->u, h, name);
		s->fpos = 0;
		s->skip_data = !s->file;
		break;
	case S_IFLNK:
		if (h->filesize >= PATH_MAX)
			entry_error(s->u, "create symlink (target too long)", name,
				    -ENAMETOOLONG);
		else
			s->skip_data = false;
		break;
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
		do_special(s->u, h, name);
		break;
	default:
		entry_error(s->u, "create (unknown type)", name, -EINVAL);
		break;
	}
	return 0;
}

static void cpio_data(struct cpio_stream *s, const char *p, size_t n)
{
	if (s->skip_data)
		return;
	if (s->file) {
		ssize_t w = kernel_write(s->file, p, n, &s->fpos);

		if (w != (ssize_t)n) {
			entry_error(s->u, "write", s->name, w < 0 ? (int)w : -EIO);
			s->skip_data = true;
		}
	} else {
		memcpy(s->target + s->have, p, n);
		s->have += n;
	}
}

static void cpio_end_entry(struct cpio_stream *s)
{
	if (s->file) {
		file_end(&s->h, s->name, s->file);
		s->file = NULL;
	} else if (S_ISLNK(s->h.mode) && !s->skip_data) {
		s->target[s->have] = '\0';
		do_symlink(s->u, &s->h, s->name, s->target);
	}
	s->have = 0;
}

/*
 * Take the steps that need no more input: an entry with its name and
 * padding in begins, one with all its data ends, padding done goes back
 * to the next header.  True when an entry has just been completed.
 */
static bool cpio_settle(struct cpio_stream *s)
{
	for (;;) {
		if (s->state == CS_NAME_PAD && !s->pad) {
			cpio_begin_entry(s);
			s->state = CS_DATA;
		} else if (s->state == CS_DATA && !s->remain) {
			cpio_end_entry(s);
			s->pad = -s->h.filesize & 3;
			s->state = CS_DATA_PAD;
		} else if (s->state == CS_DATA_PAD && !s->pad) {
			s->state = CS_HEADER;
			return true;
		} else {
			return false;
		}
	}
}

/*
 * Parse buf[0..len).  With one_entry, stop after the entry that completes
 * first (the caller then looks for a compressed member).  Returns the
 * bytes used, or -EINVAL with s->msg set.
 */
static long cpio_feed(struct cpio_stream *s, const char *buf, size_t len, bool one_entry)
{
	size_t pos = 0, n;

	while (pos < len) {
		switch (s->state) {
		case CS_HEADER:
			if (!s->have) {
				/* NUL padding between archives. */
				if (!buf[pos]) {
					pos++;
					s->off++;
					continue;
				}
				s->entry_off = s->off;
			}
			n = min(len - pos, CPIO_HDR_LEN - s->have);
			memcpy(s->hdr + s->have, buf + pos, n);
			s->have += n;
			pos += n;
			s->off += n;
			if (s->have < CPIO_HDR_LEN)
				continue;
			if (memcmp(s->hdr, "070701", 6) && memcmp(s->hdr, "070702", 6))
				return cpio_fail(s, "no cpio magic at offset %llu (not newc?)",
						 s->entry_off);
			if (parse_header(s->hdr, &s->h))
				return cpio_fail(s, "junk in header at offset %llu", s->entry_off);
			if (!s->h.namesize || s->h.namesize > PATH_MAX)
				return cpio_fail(s, "bad name (size %lu) at offset %llu",
						 s->h.namesize, s->entry_off);
			s->have = 0;
			s->state = CS_NAME;
			continue;
		case CS_NAME:
			n = min(len - pos, s->h.namesize - s->have);
			memcpy(s->name + s->have, buf + pos, n);
			s->have += n;
			pos += n;
			s->off += n;
			if (s->have < s->h.namesize)
				continue;
			if (s->name[s->h.namesize - 1])
				return cpio_fail(s, "bad name (size %lu) at offset %llu",
						 s->h.namesize, s->entry_off);
			s->have = 0;
			s->pad = -(CPIO_HDR_LEN + s->h.namesize) & 3;
			s->state = CS_NAME_PAD;
			break;
		case CS_DATA:
			n = min_t(u64, len - pos, s->remain);
			cpio_data(s, buf + pos, n);
			pos += n;
			s->off += n;
			s->remain -= n;
			break;
		case CS_NAME_PAD:
		case CS_DATA_PAD:
			n = min_t(size_t, len - pos, s->pad);
			pos += n;
			s->off += n;
			s->pad -= n;
			break;
		}
		if (cpio_settle(s) && one_entry)
			break;
	}
	return pos;
}

/* Drop an entry cut short: a file of it already created is removed. */
static void cpio_abort(struct cpio_stream *s)
{
	if (s->file) {
		fput(s->file);
		s->file = NULL;
		init_unlink(s->name);
	}
	s->state = CS_HEADER;
	s->have = 0;
}

/* The input ended: an entry cut short is an error. */
static const char *cpio_finish(struct cpio_stream *s)
{
	if (cpio_at_boundary(s))
		return NULL;
	if (s->state == CS_HEADER)
		cpio_fail(s, "truncated header at offset %llu", s->entry_off);
	else if (s->state == CS_NAME)
		cpio_fail(s, "bad name (size %lu) at offset %llu", s->h.namesize,
			  s->entry_off);
	else
		cpio_fail(s, "truncated data of %s at offset %llu", s->name, s->entry_off);
	cpio_abort(s);
	return s->msg;
}

/* ------------------------------------------------------------ the archive walk */

static int cpio_flush(void *ctx, const void *out, size_t len)
{
	struct cpio_stream *s = ctx;
	long n = cpio_feed(s, out, len, false);

	return n < 0 ? n : 0;
}

/*
 * One compressed member at buf (gzip member, xz stream or zstd frame),
 * its output parsed as newc archives; the input bytes it took, or -1
 * with the message in s->msg.
 */
static long unpack_compressed(struct cpio_stream *s, const char *buf, unsigned long len,
			      unsigned long pos)
{
	enum decompress_format fmt = decompress_detect(buf, len);
	static struct decompress_io io;
	char where[64];
	const char *msg;
	int ret;

	if (!decompress_supported(fmt)) {
		scnprintf(s->msg, sizeof(s->msg), "%s-compressed archive at offset %lu: "
			  "%s support is not built in", decompress_name(fmt), pos,
			  decompress_name(fmt));
		return -1;
	}
	scnprintf(where, sizeof(where), " of the %s data at offset %lu", decompress_name(fmt),
		  pos);
	s->where = where;
	s->off = 0;
	memset(&io, 0, sizeof(io));
	io.in = buf;
	io.in_len = len;
	io.flush = cpio_flush;
	io.ctx = s;
	s->msg[0] = '\0';
	ret = decompress_one(&io);
	msg = ret ? NULL : cpio_finish(s);
	s->where = "";
	if (ret) {
		/* The parser's complaint, if it stopped the decoder, else the decoder's. */
		if (!s->msg[0])
			scnprintf(s->msg, sizeof(s->msg), "%s (member at offset %lu)", io.err,
				  pos);
		cpio_abort(s);
		return -1;
	}
	if (msg)
		return -1;
	pr_info("initramfs: %s data at offset %lu: %zu bytes, %llu unpacked\n",
		decompress_name(fmt), pos, io.in_used, io.out_total);
	return io.in_used;
}

static const char *unpack_archives(struct cpio_stream *s, const char *buf, unsigned long len)
{
	unsigned long pos = 0;

	while (pos < len) {
		const char *compressed;
		long n;

		if (cpio_at_boundary(s)) {
			/* NUL padding between archives and compressed members. */
			if (!buf[pos]) {
				pos++;
				continue;
			}
			if (decompress_detect(buf + pos, len - pos) != DECOMPRESS_NONE) {
				n = unpack_compressed(s, buf + pos, len - pos, pos);
				if (n < 0)
					return s->msg;
				pos += n;
				continue;
			}
			compressed = compression_name((const unsigned char *)buf + pos, len - pos);
			if (compressed) {
				scnprintf(s->msg, sizeof(s->msg), "%s-compressed archive at "
					  "offset %lu: not supported", compressed, pos);
				return s->msg;
			}
		}
		s->off = pos;
		n = cpio_feed(s, buf + pos, len - pos, true);
		if (n < 0)
			return s->msg;
		pos += n;
	}
	return cpio_finish(s);
}

const char *unpack_to_rootfs(const char *buf, unsigned long len)
{
	static struct cpio_stream s;
	struct unpacker u = { .errors = 0 };
	const char *msg;

	INIT_LIST_HEAD(&u.links);
	INIT_LIST_HEAD(&u.dirs);
	memset(&s, 0, sizeof(s));
	s.u = &u;
	s.where = "";
	s.name = kmalloc(PATH_MAX, GFP_KERNEL);
	s.target = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!s.name || !s.target) {
		msg = "out of memory";
	} else {
		msg = unpack_archives(&s, buf, len);
	}
	kfree(s.name);
	kfree(s.target);
	finish_dirs(&u);
	free_links(&u);
	if (!msg && u.errors)
		pr_warn("initramfs: %u entries could not be created\n", u.errors);
	return msg;
}

/* ------------------------------------------------------------ the boot initrd */

/*
 * Give the pages of [start, end) back to the page allocator.  They were
 * reserved at boot (never owned by it), so each is turned into an
 * ordinary free page and counted as managed memory again.  The mm code
 * has no helper for this yet.  setup_arch() reserved the initrd rounded
 * out to whole pages, so those whole pages are the initrd's alone.
 */
static unsigned long free_reserved_range(phys_addr_t start, phys_addr_t end)
{
	unsigned long pfn, freed = 0;

	for (pfn = PFN_DOWN(start); pfn < PFN_UP(end); pfn++) {
		struct page *page;

		if (!pfn_valid(pfn))
			continue;
		page = pfn_to_page(pfn);
		if (WARN_ON(!PageReserved(page)))
			continue;
		__ClearPageReserved(page);
		set_page_count(page, 1);
		atomic_long_inc(&page_zone(page)->managed_pages);
		atomic_long_inc(&_totalram_pages);
		__free_page(page);
		freed++;
	}
	return freed;
}

/* The kernel's own entries, made before any archive is unpacked. */
static const struct {
	const char *name;
	umode_t mode;
	unsigned int major, minor;
} builtin_root[] = {
	{ "dev", S_IFDIR | 0755 },
	{ "dev/console", S_IFCHR | 0600, 5, 1 },
	{ "root", S_IFDIR | 0700 },
};

static void make_builtin_root(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(builtin_root); i++) {
		const char *name = builtin_root[i].name;
		umode_t mode = builtin_root[i].mode;
		int err;

		if (S_ISDIR(mode))
			err = init_mkdir(name, mode & S_IALLUGO);
		else
			err = init_mknod(name, mode, new_encode_dev(MKDEV(builtin_root[i].major,
									  builtin_root[i].minor)));
		if (err && err != -EEXIST)
			pr_warn("initramfs: cannot create built-in /%s: error %d\n", name, err);
	}
}

void populate_rootfs(void)
{
	const char *msg;
	unsigned long freed;

	/* The VFS (a core initcall) must have mounted rootfs first. */
	if (WARN_ON(!current->fs || !current->fs->root.mnt))
		return;
	make_builtin_root();
	if (!initrd_start_phys || !initrd_size) {
		pr_info("initramfs: none given\n");
		return;
	}
	pr_info("Unpacking initramfs (%llu bytes)...\n", initrd_size);
	msg = unpack_to_rootfs(__va(initrd_start_phys), initrd_size);
	if (msg)
		pr_err("Initramfs unpacking failed: %s\n", msg);
	freed = free_reserved_range(initrd_start_phys, initrd_start_phys + initrd_size);
	pr_info("Freeing initrd memory: %luK\n", freed << (PAGE_SHIFT - 10));
	initrd_start_phys = 0;
	initrd_size = 0;
}
