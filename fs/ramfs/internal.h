/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared between the files of fs/ramfs: the per-mount limits and the
 * block (page) accounting that distinguish tmpfs from ramfs.
 */
#ifndef _FS_RAMFS_INTERNAL_H
#define _FS_RAMFS_INTERNAL_H

#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/xattr.h>

/*
 * One per super block.  stat_lock guards used_blocks and free_inodes.
 * max_blocks/max_inodes of 0 mean unlimited (ramfs always, tmpfs with
 * size=0 / nr_inodes=0); they change only by remount (s_umount held).
 */
struct ramfs_sb_info {
	bool tmpfs;			/* tmpfs (limits, TMPFS_MAGIC) or ramfs */
	unsigned long max_blocks;	/* pages */
	unsigned long used_blocks;
	unsigned long max_inodes;
	unsigned long free_inodes;
	spinlock_t stat_lock;
	umode_t mode;			/* of the root directory */
	uid_t uid;
	gid_t gid;
};

static inline struct ramfs_sb_info *RAMFS_SB(const struct super_block *sb)
{
	return sb->s_fs_info;
}

/* An inode of ramfs or tmpfs (ramfs_alloc_inode()). */
struct ramfs_inode_info {
	struct simple_xattrs xattrs;	/* tmpfs only; empty on ramfs */
	struct inode vfs_inode;
};

static inline struct ramfs_inode_info *RAMFS_I(struct inode *inode)
{
	return container_of(inode, struct ramfs_inode_info, vfs_inode);
}

/* Extended attributes (xattr.c). */
extern const struct xattr_handler *const tmpfs_xattr_handlers[];
extern const struct inode_operations tmpfs_symlink_inode_operations;
ssize_t ramfs_listxattr(struct dentry *dentry, char *list, size_t size);

/* Charge one page to sb (ENOSPC past size=) / give pages back. */
int ramfs_charge_block(struct super_block *sb);
void ramfs_uncharge_blocks(struct super_block *sb, unsigned long pages);

extern const struct file_operations ramfs_file_operations;
extern const struct inode_operations ramfs_file_inode_operations;
extern const struct address_space_operations ramfs_aops;

int ramfs_setattr(struct dentry *dentry, struct iattr *iattr);
/* Drop every page of inode from byte from on, uncharging them. */
void ramfs_truncate_pages(struct inode *inode, loff_t from);

/*
 * tmpfs regular files are swap-backed (fs/ramfs/tmpfs_swap.c): their
 * pages may be in swap, found through a per-file map.  ramfs files and
 * tmpfs directories and symlinks are not (tmpfs_swap_backed() false).
 */
extern const struct address_space_operations tmpfs_aops;
int tmpfs_swap_init(struct inode *inode);
void tmpfs_swap_evict(struct inode *inode);
bool tmpfs_swap_backed(struct inode *inode);
int tmpfs_get_page(struct inode *inode, pgoff_t index, bool create, struct page **pagep,
		   bool *major);
unsigned long tmpfs_truncate_pages(struct inode *inode, loff_t from);
unsigned long tmpfs_swapped(struct inode *inode);
pgoff_t tmpfs_next_swapped(struct inode *inode, pgoff_t start);
bool tmpfs_in_swap(struct inode *inode, pgoff_t index);

#endif /* _FS_RAMFS_INTERNAL_H */
