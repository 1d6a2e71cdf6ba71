// SPDX-License-Identifier: GPL-2.0-only
/*
 * ramfs and tmpfs: file systems that live entirely in the dentry and
 * page caches.  Three types share the code:
 *
 *   ramfs   no limits, statfs reports RAMFS_MAGIC and nothing else;
 *           options other than mode= are ignored (as in Linux)
 *   tmpfs   size=, nr_blocks=, nr_inodes=, mode=, uid=, gid=; statfs
 *           reports TMPFS_MAGIC with the block and inode numbers; by
 *           default half of RAM in pages and in inodes; remount may
 *           change size and nr_inodes (not below what is in use)
 *   rootfs  the tmpfs instance mounted at / at boot (root mode 0755)
 *
 * ramfs pages never leave memory (AS_UNEVICTABLE); tmpfs regular files
 * are swap-backed (tmpfs_swap.c: their pages go to swap under pressure).
 *
 * Interface (<linux/ramfs.h>): init_ramfs_fs() registers ramfs and
 * tmpfs; ramfs_mount_rootfs()/ramfs_kill_sb() serve the rootfs type of
 * init/do_mounts.c.
 *
 * Every name is a dentry pinned by an extra reference until it is
 * unlinked (fs/libfs.c), so the dcache is the directory; inodes go when
 * their last dentry does.  Locking is the VFS's; sbi->stat_lock guards
 * the tmpfs counters.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/panic.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/statfs.h>
#include <uapi/linux/magic.h>
#include <linux/ramfs.h>
#include "internal.h"

/* Root directory modes: Linux's tmpfs default is sticky and world-writable. */
#define RAMFS_DEFAULT_MODE	0755
#define TMPFS_DEFAULT_MODE	(S_ISVTX | 0777)

static const struct super_operations ramfs_ops;
static const struct inode_operations ramfs_dir_inode_operations;

/* ------------------------------------------------------------ accounting */

int ramfs_charge_block(struct super_block *sb)
{
	struct ramfs_sb_info *sbi = RAMFS_SB(sb);
	int err = 0;

	spin_lock(&sbi->stat_lock);
	if (sbi->max_blocks && sbi->used_blocks >= sbi->max_blocks)
		err = -ENOSPC;
	else
		sbi->used_blocks++;
	spin_unlock(&sbi->stat_lock);
	return err;
}

void ramfs_uncharge_blocks(struct super_block *sb, unsigned long pages)
{
	struct ramfs_sb_info *sbi = RAMFS_SB(sb);

	spin_lock(&sbi->stat_lock);
	WARN_ON(sbi->used_blocks < pages);
	sbi->used_blocks -= min(pages, sbi->used_blocks);
	spin_unlock(&sbi->stat_lock);
}

static int ramfs_reserve_inode(struct super_block *sb)
{
	struct ramfs_sb_info *sbi = RAMFS_SB(sb);
	int err = 0;

	if (!sbi->max_inodes)
		return 0;
	spin_lock(&sbi->stat_lock);
	if (!sbi->free_inodes)
		err = -ENOSPC;
	else
		sbi->free_inodes--;
	spin_unlock(&sbi->stat_lock);
	return err;
}

static void ramfs_free_inode_count(struct super_block *sb)
{
	struct ramfs_sb_info *sbi = RAMFS_SB(sb);

	if (!sbi->max_inodes)
		return;
	spin_lock(&sbi->stat_lock);
	sbi->free_inodes++;
	spin_unlock(&sbi->stat_lock);
}

/* ------------------------------------------------------------ inodes */

/* i_op/i_fop by file type; device nodes, fifos and sockets get the VFS's. */
static void ramfs_set_ops(struct inode *inode, dev_t dev)
{
	umode_t type = inode->i_mode & S_IFMT;

	if (type == S_IFDIR) {
		inode->i_op = &ramfs_dir_inode_operations;
		inode->i_fop = &simple_dir_operations;
		inc_nlink(inode);	/* its own "." */
	} else if (type == S_IFREG) {
		inode->i_op = &ramfs_file_inode_operations;
		inode->i_fop = &ramfs_file_operations;
	} else if (type == S_IFLNK) {
		inode->i_op = &tmpfs_symlink_inode_operations;
	} else {
		init_special_inode(inode, inode->i_mode, dev);
	}
}

/* A new inode of the given mode owned as dir's rules say; NULL if none is left. */
static struct inode *ramfs_get_inode(struct super_block *sb, const struct inode *dir,
				     umode_t mode, dev_t dev)
{
	struct inode *inode = NULL;

	/* tmpfs's nr_inodes limit is charged before the inode exists. */
	if (!ramfs_reserve_inode(sb)) {
		inode = new_inode(sb);
		if (!inode)
			ramfs_free_inode_count(sb);
	}
	if (!inode)
		return NULL;
	inode->i_ino = get_next_ino();
	inode_init_owner(inode, dir, mode);
	inode->i_ctime = current_time(inode);
	inode->i_mtime = inode->i_ctime;
	inode->i_atime = inode->i_ctime;
	inode->i_mapping->a_ops = &ramfs_aops;
	if (RAMFS_SB(sb)->tmpfs && S_ISREG(mode)) {
		/* tmpfs file pages can go to swap (tmpfs_swap.c). */
		if (tmpfs_swap_init(inode)) {
			iput(inode);
			return NULL;
		}
	} else {
		/* The page cache is the only copy: reclaim and drop_caches keep out. */
		mapping_set_unevictable(inode->i_mapping);
	}
	ramfs_set_ops(inode, dev);
	return inode;
}

static void ramfs_evict_inode(struct inode *inode)
{
	ramfs_truncate_pages(inode, 0);
	tmpfs_swap_evict(inode);
	if (S_ISLNK(inode->i_mode)) {
		kfree(inode->i_link);
		inode->i_link = NULL;
	}
	simple_xattrs_free(&RAMFS_I(inode)->xattrs);
	ramfs_free_inode_count(inode->i_sb);
	clear_inode(inode);
}

static struct kmem_cache *ramfs_inode_cachep;

static struct inode *ramfs_alloc_inode(struct super_block *sb)
{
	struct ramfs_inode_info *ri = kmem_cache_alloc(ramfs_inode_cachep, GFP_KERNEL);

	if (!ri)
		return NULL;
	simple_xattrs_init(&ri->xattrs);
	return &ri->vfs_inode;
}

static void ramfs_destroy_inode(struct inode *inode)
{
	kmem_cache_free(ramfs_inode_cachep, RAMFS_I(inode));
}

/* An unused inode has no name left: drop it at once. */
static int ramfs_drop_inode(struct inode *inode)
{
	return 1;
}

/* ------------------------------------------------------------ directory operations */

/*
 * Give dentry its new inode.  The dentry takes an extra reference that
 * keeps it (the only record of the name) in the cache until unlink or
 * rmdir drops it.  A new directory's ".." is one more link of dir.
 */
static void ramfs_attach(struct inode *dir, struct dentry *dentry, struct inode *inode)
{
	d_instantiate(dentry, inode);
	dget(dentry);
	if (S_ISDIR(inode->i_mode))
		inc_nlink(dir);
	dir->i_ctime = current_time(dir);
	dir->i_mtime = dir->i_ctime;
}

/* mknod, mkdir and create all come here; ENOSPC when no inode is left. */
static int ramfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev)
{
	struct inode *inode = ramfs_get_inode(dir->i_sb, dir, mode, dev);

	if (!inode)
		return -ENOSPC;
	ramfs_attach(dir, dentry, inode);
	return 0;
}

static int ramfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return ramfs_mknod(dir, dentry, S_IFDIR | mode, 0);
}

static int ramfs_create(struct inode *dir, struct dentry *dentry, umode_t mode, bool excl)
{
	return ramfs_mknod(dir, dentry, S_IFREG | mode, 0);
}

/* The body lives in a kmalloc'ed string (i_link), at most a page as in Linux. */
static int ramfs_symlink(struct inode *dir, struct dentry *dentry, const char *symname)
{
	size_t size = strlen(symname) + 1;
	struct inode *inode;
	char *body;

	if (size > PAGE_SIZE)
		return -ENAMETOOLONG;
	body = kmemdup(symname, size, GFP_KERNEL);
	if (!body)
		return -ENOMEM;
	inode = ramfs_get_inode(dir->i_sb, dir, S_IFLNK | S_IRWXUGO, 0);
	if (!inode) {
		kfree(body);
		return -ENOSPC;
	}
	inode->i_link = body;
	i_size_write(inode, size - 1);
	ramfs_attach(dir, dentry, inode);
	return 0;
}

static int ramfs_rename(struct inode *old_dir, struct dentry *old_dentry,
			struct inode *new_dir, struct dentry *new_dentry, unsigned int flags)
{
	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE))
		return -EINVAL;
	return simple_rename(old_dir, old_dentry, new_dir, new_dentry, flags);
}

static const struct inode_operations ramfs_dir_inode_operations = {
	/* names */
	.lookup = simple_lookup,
	.create = ramfs_create,
	.mknod = ramfs_mknod,
	.mkdir = ramfs_mkdir,
	.symlink = ramfs_symlink,
	.link = simple_link,
	.rename = ramfs_rename,
	.unlink = simple_unlink,
	.rmdir = simple_rmdir,
	/* attributes */
	.getattr = simple_getattr,
	.setattr = ramfs_setattr,
	.listxattr = ramfs_listxattr,
};

/* ------------------------------------------------------------ super block */

/*
 * ramfs shows the generic numbers.  tmpfs adds the budgets it was
 * mounted with (size=, nr_inodes=; 0 means unlimited and shows nothing)
 * and an fsid made of the device number.
 */
static int ramfs_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	struct super_block *sb = dentry->d_sb;
	struct ramfs_sb_info *sbi = RAMFS_SB(sb);

	simple_statfs(dentry, buf);
	if (!sbi->tmpfs)
		return 0;
	buf->f_fsid.val[0] = sb->s_dev;
	spin_lock(&sbi->stat_lock);
	if (sbi->max_inodes) {
		buf->f_files = sbi->max_inodes;
		buf->f_ffree = sbi->free_inodes;
	}
	if (sbi->max_blocks) {
		buf->f_blocks = sbi->max_blocks;
		buf->f_bavail = sbi->max_blocks - sbi->used_blocks;
		buf->f_bfree = buf->f_bavail;
	}
	spin_unlock(&sbi->stat_lock);
	return 0;
}

struct ramfs_options {
	unsigned long max_blocks;
	unsigned long max_inodes;
	umode_t mode;
	uid_t uid;
	gid_t gid;
	bool seen_blocks, seen_inodes;
	bool tmpfs;			/* parsing for tmpfs, not ramfs */
};

/* "N", "Nk", "Nm", "Ng" ... in bytes, or "N%" of RAM; returns pages. */
static int parse_size(const char *val, unsigned long *pages)
{
	char *rest;
	unsigned long long size = memparse(val, &rest);

	if (*rest == '%') {
		if (size > 100 || rest[1])
			return -EINVAL;
		*pages = totalram_pages() * size / 100;
		return 0;
	}
	if (*rest || rest == val)
		return -EINVAL;
	*pages = DIV_ROUND_UP(size, PAGE_SIZE);
	return 0;
}

static int parse_number(const char *val, unsigned long *res)
{
	char *rest;
	unsigned long long n = memparse(val, &rest);

	if (*rest || rest == val)
		return -EINVAL;
	*res = n;
	return 0;
}

/*
 * One mount option into opts.  ramfs takes only mode= and ignores the
 * rest; tmpfs rejects what it does not know.
 */
static int ramfs_option(char *opt, char *val, void *ctx)
{
	struct ramfs_options *opts = ctx;
	int err;

	if (!strcmp(opt, "mode") && val) {
		unsigned int mode;

		err = kstrtouint(val, 8, &mode);
		if (err)
			return err;
		opts->mode = mode & S_IALLUGO;
		return 0;
	}
	if (!opts->tmpfs)
		return 0;
	if (!val)
		return -EINVAL;
	if (!strcmp(opt, "size")) {
		err = parse_size(val, &opts->max_blocks);
		opts->seen_blocks = true;
	} else if (!strcmp(opt, "nr_blocks")) {
		err = parse_number(val, &opts->max_blocks);
		opts->seen_blocks = true;
	} else if (!strcmp(opt, "nr_inodes")) {
		err = parse_number(val, &opts->max_inodes);
		opts->seen_inodes = true;
	} else if (!strcmp(opt, "uid")) {
		err = kstrtouint(val, 0, &opts->uid);
	} else if (!strcmp(opt, "gid")) {
		err = kstrtouint(val, 0, &opts->gid);
	} else {
		pr_err("tmpfs: unknown mount option \"%s\"\n", opt);
		err = -EINVAL;
	}
	return err ? -EINVAL : 0;
}

static int ramfs_parse_options(char *data, bool tmpfs, struct ramfs_options *opts)
{
	opts->tmpfs = tmpfs;
	return parse_mount_options(data, ramfs_option, opts);
}

static int ramfs_remount(struct super_block *sb, int *flags, char *data)
{
	struct ramfs_sb_info *sbi = RAMFS_SB(sb);
	struct ramfs_options opts = { .max_blocks = sbi->max_blocks,
				      .max_inodes = sbi->max_inodes };
	unsigned long used_inodes;
	int err;

	err = ramfs_parse_options(data, sbi->tmpfs, &opts);
	if (err)
		return err;
	spin_lock(&sbi->stat_lock);
	used_inodes = sbi->max_inodes - sbi->free_inodes;
	err = -EINVAL;
	/* Limits cannot be imposed afterwards, nor drop below what is used. */
	if (opts.max_blocks && (!sbi->max_blocks || opts.max_blocks < sbi->used_blocks))
		goto out;
	if (opts.max_inodes && (!sbi->max_inodes || opts.max_inodes < used_inodes))
		goto out;
	sbi->max_blocks = opts.max_blocks;
	if (opts.max_inodes)
		sbi->free_inodes = opts.max_inodes - used_inodes;
	sbi->max_inodes = opts.max_inodes;
	err = 0;
out:
	spin_unlock(&sbi->stat_lock);
	return err;
}

static void ramfs_put_super(struct super_block *sb)
{
	kfree(sb->s_fs_info);
	sb->s_fs_info = NULL;
}

static const struct super_operations ramfs_ops = {
	.alloc_inode = ramfs_alloc_inode,
	.destroy_inode = ramfs_destroy_inode,
	.statfs = ramfs_statfs,
	.drop_inode = ramfs_drop_inode,
	.evict_inode = ramfs_evict_inode,
	.remount_fs = ramfs_remount,
	.put_super = ramfs_put_super,
};

static int fill_super_common(struct super_block *sb, void *data, bool tmpfs, umode_t mode)
{
	struct ramfs_options opts = { .mode = mode };
	struct ramfs_sb_info *sbi;
	struct inode *inode;
	int err;

	if (tmpfs) {
		/* Linux's defaults: half of RAM, and as many inodes as half of RAM's pages. */
		opts.max_blocks = totalram_pages() / 2;
		opts.max_inodes = totalram_pages() / 2;
	}
	err = ramfs_parse_options(data, tmpfs, &opts);
	if (err)
		return err;
	sbi = kzalloc(sizeof(*sbi), GFP_KERNEL);
	if (!sbi)
		return -ENOMEM;
	sbi->tmpfs = tmpfs;
	sbi->max_blocks = opts.max_blocks;
	sbi->max_inodes = opts.max_inodes;
	sbi->free_inodes = opts.max_inodes;
	sbi->mode = opts.mode;
	sbi->uid = opts.uid;
	sbi->gid = opts.gid;
	spin_lock_init(&sbi->stat_lock);
	sb->s_fs_info = sbi;
	sb->s_maxbytes = MAX_LFS_FILESIZE;
	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_magic = tmpfs ? TMPFS_MAGIC : RAMFS_MAGIC;
	sb->s_op = &ramfs_ops;
	if (tmpfs)
		sb->s_xattr = tmpfs_xattr_handlers;
	sb->s_d_op = &simple_dentry_operations;
	sb->s_time_gran = 1;

	inode = ramfs_get_inode(sb, NULL, S_IFDIR | sbi->mode, 0);
	if (!inode)
		return -ENOMEM;
	inode->i_uid = sbi->uid;
	inode->i_gid = sbi->gid;
	sb->s_root = d_make_root(inode);
	if (!sb->s_root)
		return -ENOMEM;
	return 0;
}

static int ramfs_fill_super(struct super_block *sb, void *data, int silent)
{
	return fill_super_common(sb, data, false, RAMFS_DEFAULT_MODE);
}

static int tmpfs_fill_super(struct super_block *sb, void *data, int silent)
{
	return fill_super_common(sb, data, true, TMPFS_DEFAULT_MODE);
}

/* The boot root looks like an unpacked cpio's "/": 0755, not tmpfs's 1777. */
static int rootfs_tmpfs_fill_super(struct super_block *sb, void *data, int silent)
{
	return fill_super_common(sb, data, true, RAMFS_DEFAULT_MODE);
}

static int rootfs_ramfs_fill_super(struct super_block *sb, void *data, int silent)
{
	return fill_super_common(sb, data, false, RAMFS_DEFAULT_MODE);
}

static struct dentry *ramfs_mount(struct file_system_type *fs_type, int flags,
				  const char *dev_name, void *data)
{
	return mount_nodev(fs_type, flags, data, ramfs_fill_super);
}

static struct dentry *tmpfs_mount(struct file_system_type *fs_type, int flags,
				  const char *dev_name, void *data)
{
	return mount_nodev(fs_type, flags, data, tmpfs_fill_super);
}

struct dentry *ramfs_mount_rootfs(struct file_system_type *fs_type, int flags, void *data,
				  bool tmpfs)
{
	return mount_nodev(fs_type, flags, data,
			   tmpfs ? rootfs_tmpfs_fill_super : rootfs_ramfs_fill_super);
}

/* kill_litter_super(), and the sb info if fill_super failed before put_super. */
void ramfs_kill_sb(struct super_block *sb)
{
	void *sbi = sb->s_root ? NULL : sb->s_fs_info;

	kill_litter_super(sb);
	kfree(sbi);
}

static struct file_system_type ramfs_fs_type = {
	.name = "ramfs",
	.mount = ramfs_mount,
	.kill_sb = ramfs_kill_sb,
};

static struct file_system_type tmpfs_fs_type = {
	.name = "tmpfs",
	.mount = tmpfs_mount,
	.kill_sb = ramfs_kill_sb,
};

void init_ramfs_fs(void)
{
	ramfs_inode_cachep = kmem_cache_create("ramfs_inode_cache",
					       sizeof(struct ramfs_inode_info), 0,
					       SLAB_RECLAIM_ACCOUNT | SLAB_PANIC, NULL);
	if (register_filesystem(&ramfs_fs_type) || register_filesystem(&tmpfs_fs_type))
		panic("VFS: cannot register ramfs and tmpfs");
}
