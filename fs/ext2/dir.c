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

/* ext2 file types by the S_IFMT bits of a mode (shifted down by 12). */
static const u8 ext2_type_of_mode[S_IFMT >> 12] = {
	[S_IFIFO >> 12] = EXT2_FT_FIFO,
	[S_IFCHR >> 12] = EXT2_FT_CHRDEV,
	[S_IFDIR >> 12] = EXT2_FT_DIR,
	[S_IFBLK >> 12] = EXT2_FT_BLKDEV,
	[S_IFREG >> 12] = EXT2_FT_REG_FILE,
	[S_IFLNK >> 12] = EXT2_FT_SYMLINK,
	[S_IFSOCK >> 12] = EXT2_FT_SOCK,
};

/* Without the filetype feature the byte is the high half of name_len: 0. */
static void ext2_set_de_type(struct ext2_dir_entry_2 *de, struct inode *inode)
{
	de->file_type = 0;
	if (EXT2_HAS_INCOMPAT_FEATURE(inode->i_sb, EXT2_FEATURE_INCOMPAT_FILETYPE))
		de->file_type = ext2_type_of_mode[(inode->i_mode & S_IFMT) >> 12];
}

/* Name an entry after inode (its number, name and file type). */
static void ext2_fill_entry(struct ext2_dir_entry_2 *de, struct inode *inode, const char *name,
			    unsigned int len)
{
	memcpy(de->name, name, len);
	de->name_len = len;
	ext2_set_de_type(de, inode);
	de->inode = cpu_to_le32(inode->i_ino);
}

/* ------------------------------------------------------------ validation */

/*
 * Check one directory block of size bytes.  Returns 0, or -EUCLEAN with
 * *why and *bad_off describing the first bad entry.  Pure: the in-kernel
 * self test feeds it crafted blocks.
 */
/*
 * What is wrong with the entry at the start of a block's last room bytes,
 * or NULL.  The header is read only once it is known to fit.
 */
static const char *ext2_entry_fault(const struct ext2_dir_entry_2 *de, unsigned int room,
				    u32 max_ino)
{
	unsigned int reclen, need;

	if (room < EXT2_DIR_REC_LEN(1))
		return "too little room left in the block for an entry";
	reclen = le16_to_cpu(de->rec_len);
	need = EXT2_DIR_REC_LEN(de->name_len);
	if (reclen < EXT2_DIR_REC_LEN(1))
		return "record length below the 12-byte minimum";
	if (reclen % EXT2_DIR_PAD)
		return "record length not a multiple of 4";
	if (reclen < need)
		return "record too short for its name";
	if (reclen > room)
		return "record runs past the end of the block";
	if (le32_to_cpu(de->inode) > max_ino)
		return "inode number past the inode count";
	if (!de->inode)
		return NULL;	/* a free record: its name bytes do not matter */
	if (!de->name_len)
		return "entry in use with an empty name";
	if (memchr(de->name, '/', de->name_len) || memchr(de->name, 0, de->name_len))
		return "name holds a '/' or a NUL byte";
	return NULL;
}

/*
 * Check one directory block of size bytes: its records must tile it
 * exactly.  Returns 0, or -EUCLEAN with *why and *bad_off describing the
 * first bad entry.  Pure: the in-kernel self test feeds it crafted blocks.
 */
int ext2_check_dir_block(const char *data, unsigned int size, u32 max_ino, const char **why,
			 unsigned int *bad_off)
{
	unsigned int pos = 0;

	while (pos < size) {
		const struct ext2_dir_entry_2 *de = (const void *)(data + pos);

		*why = ext2_entry_fault(de, size - pos, max_ino);
		if (*why) {
			*bad_off = pos;
			return -EUCLEAN;
		}
		pos += le16_to_cpu(de->rec_len);
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

/*
 * Directory blocks read at once when one is missing from the cache: the
 * rest of the physically contiguous run the cursor mapped, up to this
 * many blocks, go to the disk with it (merged by the plug).  Walks over
 * big directories (readdir, a lookup's scan) then cost a request per run
 * instead of one per block (ext2_bread_run()).
 */
#define EXT2_DIR_READAHEAD	16

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

	if (!c)
		c = &one;
	err = dir_cursor_map(dir, c, n, &phys);
	if (err)
		return err;
	bh = ext2_bread_run(sb, phys, min_t(unsigned long, c->run_first + c->run_len - n,
					    EXT2_DIR_READAHEAD));
	if (!bh) {
		ext2_error(sb, __func__, "directory #%lu: cannot read block %llu", dir->i_ino,
			   (unsigned long long)phys);
		return -EIO;
	}
	if (!buffer_ext2_checked(bh)) {
		if (ext2_check_dir_block(bh->b_data, sb->s_blocksize, EXT2_SB(sb)->s_inodes_count,
					 &why, &off)) {
			const struct ext2_dir_entry_2 *de = (const void *)(bh->b_data + off);

			ext2_error(sb, "ext2_dir_block",
				   "directory #%lu, byte %llu: %s (inode %u, rec_len %u, name_len %u)",
				   dir->i_ino, ((unsigned long long)n << sb->s_blocksize_bits) + off,
				   why, le32_to_cpu(de->inode), le16_to_cpu(de->rec_len),
				   de->name_len);
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

/*
 * Can a record of need bytes go into de?  Returns where inside de it
 * would start: 0 for a free record big enough, the bytes the name uses
 * for a live record with enough slack behind its name, or -1.
 */
static int ext2_room_in(const struct ext2_dir_entry_2 *de, unsigned int need)
{
	unsigned int have = le16_to_cpu(de->rec_len);
	unsigned int used = de->inode ? EXT2_DIR_REC_LEN(de->name_len) : 0;

	return have - used >= need ? (int)used : -1;
}

/*
 * Append block n to the directory: one free record spanning it.  A block
 * already mapped past i_size (left by a crash) is reused and cleared.
 */
static struct ext2_dir_entry_2 *ext2_grow_dir(struct inode *dir, unsigned long n,
					      struct buffer_head **bhp)
{
	unsigned int bs = dir->i_sb->s_blocksize;
	struct ext2_dir_entry_2 *de;
	struct buffer_head *bh;
	int err;

	bh = ext2_bread(dir, n, 1, &err);
	if (!bh)
		return ERR_PTR(err ? err : -EIO);
	lock_buffer(bh);
	memset(bh->b_data, 0, bs);
	de = (struct ext2_dir_entry_2 *)bh->b_data;
	de->rec_len = cpu_to_le16(bs);
	unlock_buffer(bh);
	set_buffer_ext2_checked(bh);
	i_size_write(dir, (loff_t)(n + 1) << dir->i_sb->s_blocksize_bits);
	*bhp = bh;
	return de;
}

/*
 * Find a record with room for need bytes, from the first block that the
 * free-space hint does not rule out, checking on the way that the name
 * is not there yet.  Sets *blockp and *bhp; ERR_PTR(-ENOSPC) when every
 * block is full.
 */
static struct ext2_dir_entry_2 *ext2_find_room(struct inode *dir, const struct qstr *name,
					       unsigned int need, unsigned long *blockp,
					       struct buffer_head **bhp)
{
	struct ext2_inode_info *ei = EXT2_I(dir);
	unsigned long nblocks = dir_blocks(dir), n = 0;
	unsigned int bs = dir->i_sb->s_blocksize;
	struct dir_cursor cursor = { 0 };

	if (need >= ei->i_dir_free_reclen && ei->i_dir_free_block <= nblocks)
		n = ei->i_dir_free_block;
	for (; n < nblocks; n++) {
		struct ext2_dir_entry_2 *de;
		struct buffer_head *bh;
		unsigned int pos;
		int err = ext2_dir_block(dir, n, &bh, &cursor);

		if (err)
			return ERR_PTR(err);
		for (pos = 0; pos < bs; pos += le16_to_cpu(de->rec_len)) {
			de = (struct ext2_dir_entry_2 *)(bh->b_data + pos);
			if (ext2_match(name->len, (const char *)name->name, de)) {
				brelse(bh);
				return ERR_PTR(-EEXIST);
			}
			if (ext2_room_in(de, need) >= 0) {
				*blockp = n;
				*bhp = bh;
				return de;
			}
		}
		brelse(bh);
	}
	*blockp = nblocks;
	return ERR_PTR(-ENOSPC);
}

/*
 * Enter inode under dentry's name.  The VFS looked the name up under
 * the same lock, so it should not exist; the blocks we read are still
 * checked for it.  The new record takes a free record, or the slack
 * behind a live one (which is cut to its own length), or a new block.
 */
int ext2_add_link(struct dentry *dentry, struct inode *inode)
{
	struct inode *dir = d_inode(dentry->d_parent);
	const struct qstr *name = &dentry->d_name;
	unsigned int need = EXT2_DIR_REC_LEN(name->len);
	struct ext2_inode_info *ei = EXT2_I(dir);
	struct ext2_dir_entry_2 *de;
	struct buffer_head *bh;
	unsigned long n;
	int at, err;

	if (name->len > EXT2_NAME_LEN)
		return -ENAMETOOLONG;
	de = ext2_find_room(dir, name, need, &n, &bh);
	if (de == ERR_PTR(-ENOSPC))
		de = ext2_grow_dir(dir, n, &bh);
	if (IS_ERR(de))
		return PTR_ERR(de);
	/* Blocks before n had no room for need bytes. */
	ei->i_dir_free_block = n;
	ei->i_dir_free_reclen = need;

	at = ext2_room_in(de, need);
	if (at) {
		struct ext2_dir_entry_2 *tail = (struct ext2_dir_entry_2 *)((char *)de + at);

		tail->rec_len = cpu_to_le16(le16_to_cpu(de->rec_len) - at);
		de->rec_len = cpu_to_le16(at);
		de = tail;
	}
	ext2_fill_entry(de, inode, (const char *)name->name, name->len);
	err = ext2_commit_block(dir, bh);
	brelse(bh);
	return err;
}

/*
 * Remove de (in bh).  The record before it in the block absorbs its
 * bytes; the first record of a block just becomes free.
 */
int ext2_delete_entry(struct inode *dir, struct ext2_dir_entry_2 *de, struct buffer_head *bh)
{
	unsigned int target = (char *)de - bh->b_data, pos = 0, prev = 0;
	struct ext2_dir_entry_2 *walk;

	while (pos < target) {
		walk = (struct ext2_dir_entry_2 *)(bh->b_data + pos);
		prev = pos;
		pos += le16_to_cpu(walk->rec_len);
	}
	if (pos != target) {
		ext2_error(dir->i_sb, __func__, "directory #%lu: entry not on an entry boundary",
			   dir->i_ino);
		return -EUCLEAN;
	}
	if (target) {
		walk = (struct ext2_dir_entry_2 *)(bh->b_data + prev);
		walk->rec_len = cpu_to_le16(le16_to_cpu(walk->rec_len) + le16_to_cpu(de->rec_len));
	}
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

/* The first block of a new directory: "." (one minimal record) and ".." (the rest). */
int ext2_make_empty(struct inode *inode, struct inode *parent)
{
	unsigned int bs = inode->i_sb->s_blocksize, dot_len = EXT2_DIR_REC_LEN(1);
	struct ext2_dir_entry_2 *dot, *dotdot;
	struct buffer_head *bh;
	int err;

	bh = ext2_bread(inode, 0, 1, &err);
	if (!bh)
		return err ? err : -EIO;
	dot = (struct ext2_dir_entry_2 *)bh->b_data;
	dotdot = (struct ext2_dir_entry_2 *)(bh->b_data + dot_len);
	dot->rec_len = cpu_to_le16(dot_len);
	ext2_fill_entry(dot, inode, ".", 1);
	dotdot->rec_len = cpu_to_le16(bs - dot_len);
	ext2_fill_entry(dotdot, parent, "..", 2);
	set_buffer_ext2_checked(bh);
	mark_buffer_dirty_inode(bh, inode);

	i_size_write(inode, bs);
	mark_inode_dirty(inode);
	err = ext2_dirsync(inode) ? sync_dirty_buffer(bh) : 0;
	brelse(bh);
	return err;
}

/*
 * May a live entry stand in an empty directory?  Only "." (naming the
 * directory itself, else corruption: reported) and "..".
 */
static bool ext2_entry_allowed_in_empty(struct inode *inode, const struct ext2_dir_entry_2 *de)
{
	if (de->name_len == 2)
		return de->name[0] == '.' && de->name[1] == '.';
	if (de->name_len != 1 || de->name[0] != '.')
		return false;
	if (le32_to_cpu(de->inode) == inode->i_ino)
		return true;
	ext2_error(inode->i_sb, __func__, "directory #%lu: '.' points to inode %u", inode->i_ino,
		   le32_to_cpu(de->inode));
	return false;
}

/* 1 if the directory holds nothing but "." and "..", else 0 (also when unreadable). */
int ext2_empty_dir(struct inode *inode)
{
	unsigned long nblocks = dir_blocks(inode), n;
	unsigned int bs = inode->i_sb->s_blocksize;
	struct dir_cursor cursor = { 0 };

	for (n = 0; n < nblocks; n++) {
		struct ext2_dir_entry_2 *de;
		struct buffer_head *bh;
		bool clean = true;
		unsigned int pos;

		if (ext2_dir_block(inode, n, &bh, &cursor))
			return 0;
		for (pos = 0; clean && pos < bs; pos += le16_to_cpu(de->rec_len)) {
			de = (struct ext2_dir_entry_2 *)(bh->b_data + pos);
			if (de->inode)
				clean = ext2_entry_allowed_in_empty(inode, de);
		}
		brelse(bh);
		if (!clean)
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
