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
 * padded to 4 bytes; "TRAILER!!!" ends an archive.  Archives may be
 * concatenated, with NUL padding between them.  Only uncompressed
 * archives are understood; a compressed one is reported and skipped.
 *
 * Entries: directories (an existing one is fine: its owner and mode are
 * updated), regular files (with data), symlinks (the data is the
 * target), character and block devices, FIFOs and sockets.  Entries with
 * nlink > 1 and the same inode number within one archive become hard
 * links of the first.  Owner, mode and mtime come from the header;
 * directory times are set last, once nothing more is created in them.
 * An entry that cannot be created is reported and skipped; damaged data
 * stops the unpacking with a message.  Nothing here panics on bad input.
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

static void do_file(struct unpacker *u, const struct cpio_header *h, const char *name,
		    const char *data)
{
	int flags = O_WRONLY | O_CREAT | O_LARGEFILE;
	struct file *file;
	loff_t pos = 0;
	int ml;

	ml = maybe_link(u, h, name);
	if (ml < 0) {
		entry_error(u, "link", name, ml);
		return;
	}
	if (ml == 0) {
		clean_path(name, h->mode);
		flags |= O_TRUNC;
	}
	file = filp_open(name, flags, h->mode & S_IALLUGO);
	if (IS_ERR(file)) {
		entry_error(u, "create", name, PTR_ERR(file));
		return;
	}
	if (h->filesize) {
		ssize_t n = kernel_write(file, data, h->filesize, &pos);

		if (n != (ssize_t)h->filesize)
			entry_error(u, "write", name, n < 0 ? (int)n : -EIO);
	}
	vfs_fchown(file, h->uid, h->gid);
	vfs_fchmod(file, h->mode & S_IALLUGO);
	fput(file);
	set_mtime(name, h->mtime);
}

static void do_symlink(struct unpacker *u, const struct cpio_header *h, const char *name,
		       const char *data)
{
	char *target;
	int err;

	target = kmalloc(h->filesize + 1, GFP_KERNEL);
	if (target) {
		memcpy(target, data, h->filesize);
		target[h->filesize] = '\0';
	} else {
		entry_error(u, "create symlink", name, -ENOMEM);
		return;
	}
	clean_path(name, 0);
	err = init_symlink(target, name);
	kfree(target);
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

static void do_entry(struct unpacker *u, const struct cpio_header *h, const char *name,
		     const char *data)
{
	switch (h->mode & S_IFMT) {
	case S_IFDIR:
		do_dir(u, h, name);
		break;
	case S_IFREG:
		do_file(u, h, name, data);
		break;
	case S_IFLNK:
		do_symlink(u, h, name, data);
		break;
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
		do_special(u, h, name);
		break;
	default:
		entry_error(u, "create (unknown type)", name, -EINVAL);
		break;
	}
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

/* ------------------------------------------------------------ the archive walk */

static const char *unpack_archives(struct unpacker *u, const char *buf, unsigned long len)
{
	static char msg[96];
	unsigned long pos = 0;

	while (pos < len) {
		const char *name, *data, *compressed;
		struct cpio_header h;
		unsigned long data_pos;

		/* NUL padding between archives. */
		if (!buf[pos]) {
			pos++;
			continue;
		}
		compressed = compression_name((const unsigned char *)buf + pos, len - pos);
		if (compressed) {
			snprintf(msg, sizeof(msg), "%s-compressed archive at offset %lu: only "
				 "uncompressed cpio is supported", compressed, pos);
			return msg;
		}
		if (pos & 3) {
			snprintf(msg, sizeof(msg), "misaligned header at offset %lu", pos);
			return msg;
		}
		if (len - pos < CPIO_HDR_LEN) {
			snprintf(msg, sizeof(msg), "truncated header at offset %lu", pos);
			return msg;
		}
		if (memcmp(buf + pos, "070701", 6) && memcmp(buf + pos, "070702", 6)) {
			snprintf(msg, sizeof(msg), "no cpio magic at offset %lu (not newc?)", pos);
			return msg;
		}
		if (parse_header(buf + pos, &h)) {
			snprintf(msg, sizeof(msg), "junk in header at offset %lu", pos);
			return msg;
		}
		name = buf + pos + CPIO_HDR_LEN;
		if (!h.namesize || h.namesize > PATH_MAX ||
		    h.namesize > len - pos - CPIO_HDR_LEN || name[h.namesize - 1]) {
			snprintf(msg, sizeof(msg), "bad name (size %lu) at offset %lu",
				 h.namesize, pos);
			return msg;
		}
		data_pos = ALIGN(pos + CPIO_HDR_LEN + h.namesize, 4);
		if (data_pos > len || h.filesize > len - data_pos) {
			snprintf(msg, sizeof(msg), "truncated data of %s at offset %lu", name, pos);
			return msg;
		}
		data = buf + data_pos;
		pos = ALIGN(data_pos + h.filesize, 4);

		if (!strcmp(name, "TRAILER!!!")) {
			/* Hard links do not reach across archives. */
			free_links(u);
			continue;
		}
		if (S_ISLNK(h.mode) && h.filesize >= PATH_MAX) {
			entry_error(u, "create symlink (target too long)", name, -ENAMETOOLONG);
			continue;
		}
		do_entry(u, &h, name, data);
	}
	return NULL;
}

const char *unpack_to_rootfs(const char *buf, unsigned long len)
{
	struct unpacker u = { .errors = 0 };
	const char *msg;

	INIT_LIST_HEAD(&u.links);
	INIT_LIST_HEAD(&u.dirs);
	msg = unpack_archives(&u, buf, len);
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
