// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 directories: blocks of variable-length entries (inode, rec_len,
 * name_len, file_type, name), searched linearly.
 *
 * Directory blocks are read and written through the block device's
 * buffer heads (ext2_bread()), not through the directory's own page
 * cache: one block is the unit of validation and of change, dirty blocks
 * are attached to the directory (mark_buffer_dirty_inode()) so fsync of
 * the directory writes them, and no page-cache state of directories has
 * to be kept coherent with the block device.
 *
 * Every block is validated before its first use (ext2_check_dir_block():
 * rec_len at least 12, a multiple of 4, big enough for the name, not
 * crossing the block end; inode numbers in range; names without '/' or
 * NUL) and the buffer remembers that it passed (BH_Ext2_Checked), so the
 * walks below follow rec_len without further checks and always advance.
 * A bad block is reported with ext2_error() and the operation fails with
 * -EUCLEAN; readdir skips past it.  Hashed (dir_index) directories are
 * read linearly: their index blocks look like empty blocks.  A directory
 * we change loses its index flag, as on Linux's ext2, so no one trusts a
 * stale index.
 *
 * Interface: ext2_find_entry(), ext2_inode_by_name(), ext2_add_link(),
 * ext2_delete_entry(), ext2_set_link(), ext2_make_empty(),
 * ext2_empty_dir(), ext2_dotdot(), ext2_dir_operations (readdir).
 *
 * Locking: the directory's i_rwsem, exclusive for every change (VFS),
 * shared for readdir.  Entries never move, so an entry pointer stays
 * valid while its buffer is held and the directory locked.  The readdir
 * position is the byte offset of an entry; if the directory changed since
 * it was handed out, the walk resumes at the first entry at or after it.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/buffer_head.h>
#include "ext2.h"

static unsigned long dir_blocks(struct inode *inode)
{
	return inode->i_size >> inode->i_sb->s_blocksize_bits;
}

static const unsigned char ext2_filetype_table[EXT2_FT_MAX] = {
	[EXT2_FT_UNKNOWN] = DT_UNKNOWN,
	[EXT2_FT_REG_FILE] = DT_REG,
	[EXT2_FT_DIR] = DT_DIR,
	[EXT2_FT_CHRDEV] = DT_CHR,
	[EXT2_FT_BLKDEV] = DT_BLK,
	[EXT2_FT_FIFO] = DT_FIFO,
	[EXT2_FT_SOCK] = DT_SOCK,
	[EXT2_FT_SYMLINK] = DT_LNK,
};

static unsigned char ext2_dtype(struct super_block *sb, const struct ext2_dir_entry_2 *de)
{
	if (!EXT2_HAS_INCOMPAT_FEATURE(sb, EXT2_FEATURE_INCOMPAT_FILETYPE) ||
	    de->file_type >= EXT2_FT_MAX)
		return DT_UNKNOWN;
	return ext2_filetype_table[de->file_type];
}

static void ext2_set_de_type(struct ext2_dir_entry_2 *de, struct inode *inode)
{
	unsigned char t;

	if (!EXT2_HAS_INCOMPAT_FEATURE(inode->i_sb, EXT2_FEATURE_INCOMPAT_FILETYPE)) {
		de->file_type = 0;
		return;
	}
	switch (inode->i_mode & S_IFMT) {
	case S_IFREG:
		t = EXT2_FT_REG_FILE;
		break;
	case S_IFDIR:
		t = EXT2_FT_DIR;
		break;
	case S_IFCHR:
		t = EXT2_FT_CHRDEV;
		break;
	case S_IFBLK:
		t = EXT2_FT_BLKDEV;
		break;
	case S_IFIFO:
		t = EXT2_FT_FIFO;
		break;
	case S_IFSOCK:
		t = EXT2_FT_SOCK;
		break;
	case S_IFLNK:
		t = EXT2_FT_SYMLINK;
		break;
	default:
		t = EXT2_FT_UNKNOWN;
	}
	de->file_type = t;
}

/* ------------------------------------------------------------ validation */

/*
 * Check one directory block of size bytes.  Returns 0, or -EUCLEAN with
 * *why and *bad_off describing the first bad entry.  Pure: the in-kernel
 * self test feeds it crafted blocks.
 */
int ext2_check_dir_block(const char *data, unsigned int size, u32 max_ino, const char **why,
			 unsigned int *bad_off)
{
	unsigned int offs = 0;

	while (offs < size) {
		const struct ext2_dir_entry_2 *de = (const void *)(data + offs);
		unsigned int rec_len;

		*bad_off = offs;
		if (size - offs < EXT2_DIR_REC_LEN(1)) {
			*why = "rec_len is smaller than minimal";
			return -EUCLEAN;
		}
		rec_len = le16_to_cpu(de->rec_len);
		if (rec_len < EXT2_DIR_REC_LEN(1)) {
			*why = "rec_len is smaller than minimal";
			return -EUCLEAN;
		}
		if (rec_len & EXT2_DIR_ROUND) {
			*why = "unaligned directory entry";
			return -EUCLEAN;
		}
		if (rec_len < EXT2_DIR_REC_LEN(de->name_len)) {
			*why = "rec_len is too small for name_len";
			return -EUCLEAN;
		}
		if (rec_len > size - offs) {
			*why = "directory entry across blocks";
			return -EUCLEAN;
		}
		if (le32_to_cpu(de->inode) > max_ino) {
			*why = "inode out of bounds";
			return -EUCLEAN;
		}
		if (de->inode && !de->name_len) {
			*why = "empty name";
			return -EUCLEAN;
		}
		if (de->inode && (memchr(de->name, '/', de->name_len) ||
				  memchr(de->name, '\0', de->name_len))) {
			*why = "name contains '/' or NUL";
			return -EUCLEAN;
		}
		offs += rec_len;
	}
	return 0;
}

/*
 * A walk over a directory's blocks maps runs of physically contiguous
 * blocks with one ext2_get_block() call, so the blocks of a big directory
 * cost one buffer lookup each, not a block-map walk each.  Valid for one
 * operation under the directory's i_rwsem.
 */
struct dir_cursor {
	unsigned long run_first;	/* first logical block of the mapped run */
	unsigned long run_len;		/* 0: nothing mapped */
	sector_t run_phys;
};

static int dir_cursor_map(struct inode *dir, struct dir_cursor *c, unsigned long n,
			  sector_t *phys)
{
	struct super_block *sb = dir->i_sb;
	struct buffer_head map;
	int err;

	if (!c->run_len || n < c->run_first || n - c->run_first >= c->run_len) {
		memset(&map, 0, sizeof(map));
		map.b_size = (size_t)(dir_blocks(dir) - n) << sb->s_blocksize_bits;
		err = ext2_get_block(dir, n, &map, 0);
		if (err)
			return err;
		if (!buffer_mapped(&map)) {
			ext2_error(sb, __func__, "directory #%lu contains a hole at offset %llu",
				   dir->i_ino, (unsigned long long)n << sb->s_blocksize_bits);
			return -EUCLEAN;
		}
		c->run_first = n;
		c->run_len = map.b_size >> sb->s_blocksize_bits;
		c->run_phys = map.b_blocknr;
	}
	*phys = c->run_phys + (n - c->run_first);
	return 0;
}

/* Directory block n (n < dir_blocks()), read and validated, in *bhp. */
static int ext2_dir_block(struct inode *dir, unsigned long n, struct buffer_head **bhp,
			  struct dir_cursor *c)
{
	struct super_block *sb = dir->i_sb;
	struct dir_cursor one = { 0 };
	struct buffer_head *bh;
	const char *why;
	unsigned int off;
	sector_t phys;
	int err;

	err = dir_cursor_map(dir, c ? c : &one, n, &phys);
	if (err)
		return err;
	bh = sb_bread(sb, phys);
	if (!bh) {
		ext2_error(sb, __func__, "directory #%lu: cannot read block %llu", dir->i_ino,
			   (unsigned long long)phys);
		return -EIO;
	}
	if (!buffer_ext2_checked(bh)) {
		if (ext2_check_dir_block(bh->b_data, sb->s_blocksize, EXT2_SB(sb)->s_inodes_count,
					 &why, &off)) {
			const struct ext2_dir_entry_2 *de = (const void *)(bh->b_data + off);

			ext2_error(sb, "ext2_check_page",
				   "bad entry in directory #%lu: %s - offset=%llu, inode=%u, rec_len=%d, name_len=%d",
				   dir->i_ino, why,
				   ((unsigned long long)n << sb->s_blocksize_bits) + off,
				   le32_to_cpu(de->inode), le16_to_cpu(de->rec_len), de->name_len);
			brelse(bh);
			return -EUCLEAN;
		}
		set_buffer_ext2_checked(bh);
	}
	*bhp = bh;
	return 0;
}

/* ------------------------------------------------------------ changes */

/* A changed block: dirty it for the directory; the directory's times. */
static int ext2_commit_block(struct inode *dir, struct buffer_head *bh)
{
	int err = 0;

	dir->i_mtime = dir->i_ctime = current_time(dir);
	EXT2_I(dir)->i_flags &= ~EXT2_INDEX_FL;
	mark_inode_dirty(dir);
	mark_buffer_dirty_inode(bh, dir);
	if (ext2_dirsync(dir)) {
		err = sync_dirty_buffer(bh);
		if (!err)
			err = ext2_sync_inode(dir);
	}
	return err;
}

static bool ext2_match(int len, const char *name, const struct ext2_dir_entry_2 *de)
{
	return de->inode && len == de->name_len && !memcmp(name, de->name, len);
}

/*
 * The entry for child, with its buffer in *res_bh (to brelse), or
 * ERR_PTR(-ENOENT), or another ERR_PTR for a block that cannot be read.
 */
struct ext2_dir_entry_2 *ext2_find_entry(struct inode *dir, const struct qstr *child,
					 struct buffer_head **res_bh)
{
	struct ext2_inode_info *ei = EXT2_I(dir);
	unsigned long nblocks = dir_blocks(dir), start, n;
	unsigned int bs = dir->i_sb->s_blocksize;
	const char *name = (const char *)child->name;
	int namelen = child->len;
	struct dir_cursor cursor = { 0 };

	*res_bh = NULL;
	if (!nblocks)
		return ERR_PTR(-ENOENT);
	start = ei->i_dir_start_lookup;
	if (start >= nblocks)
		start = 0;
	n = start;
	do {
		struct buffer_head *bh;
		struct ext2_dir_entry_2 *de;
		char *end;
		int err = ext2_dir_block(dir, n, &bh, &cursor);

		if (err)
			return ERR_PTR(err);
		de = (struct ext2_dir_entry_2 *)bh->b_data;
		end = bh->b_data + bs;
		for (; (char *)de < end; de = ext2_next_entry(de)) {
			if (ext2_match(namelen, name, de)) {
				ei->i_dir_start_lookup = n;
				*res_bh = bh;
				return de;
			}
		}
		brelse(bh);
		if (++n >= nblocks)
			n = 0;
	} while (n != start);
	return ERR_PTR(-ENOENT);
}

int ext2_inode_by_name(struct inode *dir, const struct qstr *child, u32 *ino)
{
	struct buffer_head *bh;
	struct ext2_dir_entry_2 *de = ext2_find_entry(dir, child, &bh);

	if (IS_ERR(de))
		return PTR_ERR(de);
	*ino = le32_to_cpu(de->inode);
	brelse(bh);
	return 0;
}

int ext2_add_link(struct dentry *dentry, struct inode *inode)
{
	struct inode *dir = d_inode(dentry->d_parent);
	struct super_block *sb = dir->i_sb;
	const char *name = (const char *)dentry->d_name.name;
	int namelen = dentry->d_name.len;
	unsigned int reclen = EXT2_DIR_REC_LEN(namelen), bs = sb->s_blocksize;
	unsigned long nblocks = dir_blocks(dir), n;
	struct ext2_dir_entry_2 *de = NULL;
	struct buffer_head *bh = NULL;
	unsigned int rec_len = 0, name_len = 0;
	struct ext2_inode_info *ei = EXT2_I(dir);
	struct dir_cursor cursor = { 0 };
	int err;

	if (namelen > EXT2_NAME_LEN)
		return -ENAMETOOLONG;
	/*
	 * Skip the blocks known to be too full.  The name is known not to
	 * exist (the VFS looked it up under the same lock); the blocks we do
	 * read are still checked for it.
	 */
	n = 0;
	if (reclen >= ei->i_dir_free_reclen && ei->i_dir_free_block <= nblocks)
		n = ei->i_dir_free_block;
	for (; n < nblocks; n++) {
		char *end;

		err = ext2_dir_block(dir, n, &bh, &cursor);
		if (err)
			return err;
		de = (struct ext2_dir_entry_2 *)bh->b_data;
		end = bh->b_data + bs;
		for (; (char *)de < end; de = ext2_next_entry(de)) {
			if (ext2_match(namelen, name, de)) {
				brelse(bh);
				return -EEXIST;
			}
			rec_len = le16_to_cpu(de->rec_len);
			name_len = de->inode ? EXT2_DIR_REC_LEN(de->name_len) : 0;
			if (rec_len >= name_len + reclen)
				goto got_it;
		}
		brelse(bh);
	}
	/* No room: a new block holding one empty entry spanning it. */
	bh = ext2_bread(dir, n, 1, &err);
	if (!bh)
		return err ? err : -EIO;
	/* A block already mapped past i_size (after a crash) is reused: clear it. */
	lock_buffer(bh);
	memset(bh->b_data, 0, bs);
	unlock_buffer(bh);
	de = (struct ext2_dir_entry_2 *)bh->b_data;
	de->rec_len = cpu_to_le16(bs);
	set_buffer_ext2_checked(bh);
	i_size_write(dir, (loff_t)(n + 1) << sb->s_blocksize_bits);
	rec_len = bs;
	name_len = 0;

got_it:
	ei->i_dir_free_block = n;
	ei->i_dir_free_reclen = reclen;
	if (de->inode) {
		struct ext2_dir_entry_2 *de1 = (struct ext2_dir_entry_2 *)((char *)de + name_len);

		de1->rec_len = cpu_to_le16(rec_len - name_len);
		de->rec_len = cpu_to_le16(name_len);
		de = de1;
	}
	de->name_len = namelen;
	memcpy(de->name, name, namelen);
	de->inode = cpu_to_le32(inode->i_ino);
	ext2_set_de_type(de, inode);
	err = ext2_commit_block(dir, bh);
	brelse(bh);
	return err;
}

/* Remove de (in bh) by merging it into the previous entry of its block. */
int ext2_delete_entry(struct inode *dir, struct ext2_dir_entry_2 *de, struct buffer_head *bh)
{
	struct ext2_dir_entry_2 *p = (struct ext2_dir_entry_2 *)bh->b_data, *pde = NULL;

	while (p < de) {
		pde = p;
		p = ext2_next_entry(p);
	}
	if (p != de) {
		ext2_error(dir->i_sb, __func__, "directory #%lu: entry not on an entry boundary",
			   dir->i_ino);
		return -EUCLEAN;
	}
	if (pde)
		pde->rec_len = cpu_to_le16(le16_to_cpu(pde->rec_len) + le16_to_cpu(de->rec_len));
	de->inode = 0;
	/* Room appeared somewhere: the next insertion looks from the start. */
	EXT2_I(dir)->i_dir_free_block = 0;
	return ext2_commit_block(dir, bh);
}

/* Point de (in dir's block bh) at inode: rename over an existing name, or "..". */
int ext2_set_link(struct inode *dir, struct ext2_dir_entry_2 *de, struct buffer_head *bh,
		  struct inode *inode, bool update_times)
{
	int err = 0;

	de->inode = cpu_to_le32(inode->i_ino);
	ext2_set_de_type(de, inode);
	if (update_times)
		return ext2_commit_block(dir, bh);
	EXT2_I(dir)->i_flags &= ~EXT2_INDEX_FL;
	mark_inode_dirty(dir);
	mark_buffer_dirty_inode(bh, dir);
	if (ext2_dirsync(dir))
		err = sync_dirty_buffer(bh);
	return err;
}

/* The first block of a new directory: "." and "..". */
int ext2_make_empty(struct inode *inode, struct inode *parent)
{
	unsigned int bs = inode->i_sb->s_blocksize;
	struct ext2_dir_entry_2 *de;
	struct buffer_head *bh;
	int err;

	bh = ext2_bread(inode, 0, 1, &err);
	if (!bh)
		return err ? err : -EIO;
	de = (struct ext2_dir_entry_2 *)bh->b_data;
	de->inode = cpu_to_le32(inode->i_ino);
	de->name_len = 1;
	de->rec_len = cpu_to_le16(EXT2_DIR_REC_LEN(1));
	memcpy(de->name, ".\0\0", 4);
	ext2_set_de_type(de, inode);

	de = ext2_next_entry(de);
	de->inode = cpu_to_le32(parent->i_ino);
	de->name_len = 2;
	de->rec_len = cpu_to_le16(bs - EXT2_DIR_REC_LEN(1));
	memcpy(de->name, "..\0", 4);
	ext2_set_de_type(de, inode);
	set_buffer_ext2_checked(bh);

	i_size_write(inode, bs);
	mark_inode_dirty(inode);
	mark_buffer_dirty_inode(bh, inode);
	err = 0;
	if (ext2_dirsync(inode))
		err = sync_dirty_buffer(bh);
	brelse(bh);
	return err;
}

/* 1 if the directory holds nothing but "." and "..", else 0 (also when unreadable). */
int ext2_empty_dir(struct inode *inode)
{
	unsigned long nblocks = dir_blocks(inode), n;
	struct dir_cursor cursor = { 0 };
	unsigned int bs = inode->i_sb->s_blocksize;

	for (n = 0; n < nblocks; n++) {
		struct ext2_dir_entry_2 *de;
		struct buffer_head *bh;
		char *end;

		if (ext2_dir_block(inode, n, &bh, &cursor))
			return 0;
		de = (struct ext2_dir_entry_2 *)bh->b_data;
		end = bh->b_data + bs;
		for (; (char *)de < end; de = ext2_next_entry(de)) {
			if (!de->inode)
				continue;
			if (de->name[0] != '.' || de->name_len > 2)
				goto not_empty;
			if (de->name_len == 1) {
				if (le32_to_cpu(de->inode) != inode->i_ino) {
					ext2_error(inode->i_sb, __func__,
						   "directory #%lu: '.' points to inode %u",
						   inode->i_ino, le32_to_cpu(de->inode));
					goto not_empty;
				}
			} else if (de->name[1] != '.') {
				goto not_empty;
			}
		}
		brelse(bh);
		continue;
not_empty:
		brelse(bh);
		return 0;
	}
	return 1;
}

/* The ".." entry (second entry of the first block) with its buffer. */
struct ext2_dir_entry_2 *ext2_dotdot(struct inode *dir, struct buffer_head **bhp)
{
	struct ext2_dir_entry_2 *de, *dotdot;
	struct buffer_head *bh;

	*bhp = NULL;
	if (ext2_dir_block(dir, 0, &bh, NULL))
		return NULL;
	de = (struct ext2_dir_entry_2 *)bh->b_data;
	dotdot = ext2_next_entry(de);
	if (de->name_len != 1 || de->name[0] != '.' ||
	    (char *)dotdot >= bh->b_data + dir->i_sb->s_blocksize || dotdot->name_len != 2 ||
	    dotdot->name[0] != '.' || dotdot->name[1] != '.') {
		brelse(bh);
		ext2_error(dir->i_sb, __func__, "directory #%lu: no '.' and '..' entries",
			   dir->i_ino);
		return NULL;
	}
	*bhp = bh;
	return dotdot;
}

/* ------------------------------------------------------------ readdir */

static int ext2_readdir(struct file *file, struct dir_context *ctx)
{
	struct inode *inode = file_inode(file);
	struct super_block *sb = inode->i_sb;
	unsigned int bs = sb->s_blocksize, bits = sb->s_blocksize_bits;
	unsigned long nblocks = dir_blocks(inode), n;
	struct dir_cursor cursor = { 0 };
	unsigned int offset;

	if (ctx->pos < 0 || ctx->pos >= inode->i_size)
		return 0;
	n = ctx->pos >> bits;
	offset = ctx->pos & (bs - 1);
	for (; n < nblocks; n++, offset = 0) {
		struct ext2_dir_entry_2 *de;
		struct buffer_head *bh;
		char *base, *end;
		int err = ext2_dir_block(inode, n, &bh, &cursor);

		if (err) {
			/* Report it; the next call resumes after the bad block. */
			ctx->pos = (loff_t)(n + 1) << bits;
			return err;
		}
		base = bh->b_data;
		end = base + bs;
		de = (struct ext2_dir_entry_2 *)base;
		/* Resynchronise: the first entry at or after the saved offset. */
		while ((char *)de < end && (char *)de - base < offset)
			de = ext2_next_entry(de);
		for (; (char *)de < end; de = ext2_next_entry(de)) {
			ctx->pos = ((loff_t)n << bits) + ((char *)de - base);
			if (!de->inode)
				continue;
			if (!dir_emit(ctx, de->name, de->name_len, le32_to_cpu(de->inode),
				      ext2_dtype(sb, de))) {
				brelse(bh);
				return 0;
			}
		}
		brelse(bh);
		ctx->pos = (loff_t)(n + 1) << bits;
	}
	return 0;
}

const struct file_operations ext2_dir_operations = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = ext2_readdir,
	.fsync = ext2_fsync,
};
