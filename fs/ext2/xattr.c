// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 extended attributes, kept in one block per inode (i_file_acl).
 *
 * The block, as e2fsprogs and Linux lay it out: a 32-byte header (magic
 * 0xEA020000, the number of inodes pointing at the block, h_blocks = 1,
 * a hash of the entries), then the entries, each 4-byte aligned (name
 * length, name space index, where the value is, its size, a hash of
 * name and value, the name without its prefix), ended by four zero
 * bytes; the values sit at the end of the block, each padded to 4 bytes.
 * The block counts in i_blocks of every inode that uses it.
 *
 * We rebuild the whole block on every change: the entries read from the
 * old block, with the one change applied, are sorted (index, name length,
 * name) and written out afresh, values packed down from the block's end.
 * A block used by this inode alone is overwritten in place; a shared one
 * (h_refcount > 1, made by another implementation: we never share blocks
 * ourselves, there is no cache of identical blocks) is left to its other
 * users and a new block is allocated.  The last user of a block frees it.
 *
 * Interface: ext2_xattr_handlers (sb->s_xattr: user, trusted, security),
 * ext2_listxattr() (->listxattr), ext2_xattr_delete_inode() (eviction of
 * a deleted inode).  A block that fails validation is reported with
 * ext2_error() and the call fails with -EUCLEAN.
 *
 * Locking: ei->xattr_sem, shared to read the block and exclusive to
 * change it or i_file_acl; changes also run under i_rwsem (the VFS).  A
 * shared block's h_refcount changes under its buffer lock.  Allocation
 * takes truncate_mutex (the reservation window) inside xattr_sem.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sort.h>
#include <linux/bitops.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/xattr.h>
#include <linux/buffer_head.h>
#include "ext2.h"

#define EXT2_XATTR_MAGIC	0xEA020000

/* e_name_index: which prefix the stored name lacks. */
#define EXT2_XATTR_INDEX_USER		1
#define EXT2_XATTR_INDEX_TRUSTED	4
#define EXT2_XATTR_INDEX_SECURITY	6

struct ext2_xattr_header {
	__le32 h_magic;
	__le32 h_refcount;		/* inodes whose i_file_acl is this block */
	__le32 h_blocks;		/* always 1 */
	__le32 h_hash;			/* of the entry hashes; 0 if one is 0 */
	__le32 h_reserved[4];
};

struct ext2_xattr_entry {
	u8 e_name_len;
	u8 e_name_index;
	__le16 e_value_offs;		/* from the start of the block */
	__le32 e_value_inum;		/* values in inodes: not in ext2, 0 */
	__le32 e_value_size;
	__le32 e_hash;			/* of the name and the value */
	char e_name[];			/* e_name_len bytes, no NUL */
};

_Static_assert(sizeof(struct ext2_xattr_header) == 32, "ext2 xattr header size");
_Static_assert(sizeof(struct ext2_xattr_entry) == 16, "ext2 xattr entry size");

#define EXT2_XATTR_ALIGN(n)	(((n) + 3) & ~3u)
/* Bytes an entry with a name of @len bytes takes in the entry table. */
#define EXT2_XATTR_ENTRY_LEN(len) EXT2_XATTR_ALIGN(sizeof(struct ext2_xattr_entry) + (len))
#define EXT2_XATTR_END_MARK	4	/* the zero word after the last entry */

/* The hash rotations e2fsck checks against. */
#define EXT2_XATTR_NAME_ROT	5
#define EXT2_XATTR_VALUE_ROT	16
#define EXT2_XATTR_BLOCK_ROT	16

/* One attribute while a block is rebuilt (pointers into the old block or the caller). */
struct ext2_xattr_item {
	u8 index;
	u8 name_len;
	const char *name;
	const void *value;
	u32 size;
};

static struct ext2_xattr_header *xattr_hdr(struct buffer_head *bh)
{
	return (struct ext2_xattr_header *)bh->b_data;
}

static struct ext2_xattr_entry *xattr_first(void *block)
{
	return (struct ext2_xattr_entry *)((char *)block + sizeof(struct ext2_xattr_header));
}

static struct ext2_xattr_entry *xattr_next(struct ext2_xattr_entry *e)
{
	return (struct ext2_xattr_entry *)((char *)e + EXT2_XATTR_ENTRY_LEN(e->e_name_len));
}

/* The entry list ends with a zero word (read as a zero name length and index). */
static bool xattr_is_last(struct ext2_xattr_entry *e)
{
	return !*(__le32 *)e;
}

/* ------------------------------------------------------------ hashes */

/*
 * An entry's hash: the name's bytes (as signed chars, which is what
 * Linux and e2fsprogs have always used) then the value's 32-bit
 * little-endian words, zero padding included.
 */
static u32 xattr_entry_hash(const char *name, unsigned int name_len, const void *value, u32 size)
{
	const __le32 *word = value;
	u32 hash = 0, i;

	for (i = 0; i < name_len; i++)
		hash = rol32(hash, EXT2_XATTR_NAME_ROT) ^ (u32)(s32)(signed char)name[i];
	for (i = 0; i < EXT2_XATTR_ALIGN(size) / 4; i++)
		hash = rol32(hash, EXT2_XATTR_VALUE_ROT) ^ le32_to_cpu(word[i]);
	return hash;
}

/* The block's hash over its entries' hashes, for sharing identical blocks. */
static u32 xattr_block_hash(void *block)
{
	struct ext2_xattr_entry *e;
	u32 hash = 0;

	for (e = xattr_first(block); !xattr_is_last(e); e = xattr_next(e)) {
		if (!e->e_hash)
			return 0;
		hash = rol32(hash, EXT2_XATTR_BLOCK_ROT) ^ le32_to_cpu(e->e_hash);
	}
	return hash;
}

/* ------------------------------------------------------------ reading */

/*
 * Is this a well-formed attribute block?  Entries must end before the
 * block does, values must lie between the end of the entry table and the
 * end of the block.  Returns the number of entries, or -1.
 */
static int xattr_block_entries(struct super_block *sb, void *block)
{
	const struct ext2_xattr_header *h = block;
	char *end = (char *)block + sb->s_blocksize, *table_end;
	struct ext2_xattr_entry *e;
	int n = 0;

	if (le32_to_cpu(h->h_magic) != EXT2_XATTR_MAGIC || le32_to_cpu(h->h_blocks) != 1)
		return -1;
	for (e = xattr_first(block); ; e = xattr_next(e), n++) {
		if ((char *)e + EXT2_XATTR_END_MARK > end)
			return -1;
		if (xattr_is_last(e))
			break;
		if ((char *)e + EXT2_XATTR_ENTRY_LEN(e->e_name_len) > end)
			return -1;
	}
	table_end = (char *)e + EXT2_XATTR_END_MARK;
	for (e = xattr_first(block); !xattr_is_last(e); e = xattr_next(e)) {
		u32 offs = le16_to_cpu(e->e_value_offs), size = le32_to_cpu(e->e_value_size);

		if (e->e_value_inum || !e->e_name_len)
			return -1;
		if (size && ((char *)block + offs < table_end || size > sb->s_blocksize - offs))
			return -1;
	}
	return n;
}

/*
 * The inode's attribute block, read and checked, or NULL if it has none;
 * an ERR_PTR when it cannot be read or is corrupt (reported).  Caller
 * holds xattr_sem.  *nr gets the number of entries.
 */
static struct buffer_head *xattr_read_block(struct inode *inode, int *nr)
{
	struct super_block *sb = inode->i_sb;
	u32 blk = EXT2_I(inode)->i_file_acl;
	struct buffer_head *bh;

	if (!blk)
		return NULL;
	if (!ext2_data_block_valid(EXT2_SB(sb), blk, 1)) {
		ext2_error(sb, __func__, "inode %lu: extended attribute block %u out of range",
			   inode->i_ino, blk);
		return ERR_PTR(-EFSCORRUPTED);
	}
	bh = sb_bread(sb, blk);
	if (!bh) {
		ext2_error(sb, __func__, "inode %lu: cannot read extended attribute block %u",
			   inode->i_ino, blk);
		return ERR_PTR(-EIO);
	}
	*nr = xattr_block_entries(sb, bh->b_data);
	if (*nr < 0) {
		ext2_error(sb, __func__, "inode %lu: corrupt extended attribute block %u",
			   inode->i_ino, blk);
		brelse(bh);
		return ERR_PTR(-EFSCORRUPTED);
	}
	return bh;
}

static bool xattr_entry_is(struct ext2_xattr_entry *e, int index, const char *name, size_t len)
{
	return e->e_name_index == index && e->e_name_len == len && !memcmp(e->e_name, name, len);
}

/* ->get of every name space: value length, -ENODATA, or -ERANGE. */
static int ext2_xattr_get(struct inode *inode, int index, const char *name, void *buf,
			  size_t size)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	size_t len = strlen(name);
	struct ext2_xattr_entry *e;
	struct buffer_head *bh;
	int ret = -ENODATA, nr;

	if (len > 255)
		return -ERANGE;
	down_read(&ei->xattr_sem);
	bh = xattr_read_block(inode, &nr);
	if (IS_ERR_OR_NULL(bh)) {
		ret = bh ? PTR_ERR(bh) : -ENODATA;
		goto out;
	}
	for (e = xattr_first(bh->b_data); !xattr_is_last(e); e = xattr_next(e)) {
		if (!xattr_entry_is(e, index, name, len))
			continue;
		ret = le32_to_cpu(e->e_value_size);
		if (size && (size_t)ret > size)
			ret = -ERANGE;
		else if (size)
			memcpy(buf, bh->b_data + le16_to_cpu(e->e_value_offs), ret);
		break;
	}
	brelse(bh);
out:
	up_read(&ei->xattr_sem);
	return ret;
}

static const struct xattr_handler *xattr_handler_of(int index)
{
	const struct xattr_handler *const *h;

	for (h = ext2_xattr_handlers; *h; h++)
		if ((*h)->flags == index)
			return *h;
	return NULL;
}

ssize_t ext2_listxattr(struct dentry *dentry, char *list, size_t size)
{
	struct inode *inode = d_inode(dentry);
	struct ext2_inode_info *ei = EXT2_I(inode);
	const struct xattr_handler *handler;
	struct ext2_xattr_entry *e;
	struct buffer_head *bh;
	size_t used = 0;
	int err = 0, nr;

	down_read(&ei->xattr_sem);
	bh = xattr_read_block(inode, &nr);
	if (IS_ERR_OR_NULL(bh)) {
		up_read(&ei->xattr_sem);
		return bh ? PTR_ERR(bh) : 0;
	}
	for (e = xattr_first(bh->b_data); !err && !xattr_is_last(e); e = xattr_next(e)) {
		/* Name spaces we do not serve (POSIX ACLs) are not listed. */
		handler = xattr_handler_of(e->e_name_index);
		if (handler && handler->list(dentry))
			err = xattr_list_one(list, size, &used, handler->prefix, e->e_name,
					     e->e_name_len);
	}
	brelse(bh);
	up_read(&ei->xattr_sem);
	return err ? err : (ssize_t)used;
}

/* ------------------------------------------------------------ writing */

static int xattr_item_cmp(const void *a, const void *b)
{
	const struct ext2_xattr_item *x = a, *y = b;

	if (x->index != y->index)
		return x->index - y->index;
	if (x->name_len != y->name_len)
		return x->name_len - y->name_len;
	return memcmp(x->name, y->name, x->name_len);
}

/* Bytes a block holding @items needs. */
static size_t xattr_block_bytes(const struct ext2_xattr_item *items, int n)
{
	size_t bytes = sizeof(struct ext2_xattr_header) + EXT2_XATTR_END_MARK;
	int i;

	for (i = 0; i < n; i++)
		bytes += EXT2_XATTR_ENTRY_LEN(items[i].name_len) + EXT2_XATTR_ALIGN(items[i].size);
	return bytes;
}

/* Lay out @items (sorted here) in the zeroed @block of @bsize bytes. */
static void xattr_build_block(void *block, size_t bsize, struct ext2_xattr_item *items, int n)
{
	struct ext2_xattr_header *h = block;
	struct ext2_xattr_entry *e = xattr_first(block);
	size_t value_at = bsize;
	int i;

	sort(items, n, sizeof(*items), xattr_item_cmp, NULL);
	h->h_magic = cpu_to_le32(EXT2_XATTR_MAGIC);
	h->h_refcount = cpu_to_le32(1);
	h->h_blocks = cpu_to_le32(1);
	for (i = 0; i < n; i++, e = xattr_next(e)) {
		e->e_name_len = items[i].name_len;
		e->e_name_index = items[i].index;
		memcpy(e->e_name, items[i].name, items[i].name_len);
		e->e_value_size = cpu_to_le32(items[i].size);
		if (items[i].size) {
			value_at -= EXT2_XATTR_ALIGN(items[i].size);
			memcpy((char *)block + value_at, items[i].value, items[i].size);
			e->e_value_offs = cpu_to_le16(value_at);
		}
		/* The value's padding is zero: the block was. */
		e->e_hash = cpu_to_le32(xattr_entry_hash(e->e_name, e->e_name_len,
							 (char *)block + value_at, items[i].size));
	}
	h->h_hash = cpu_to_le32(xattr_block_hash(block));
}

static void xattr_write_buffer(struct inode *inode, struct buffer_head *bh)
{
	mark_buffer_dirty(bh);
	if (ext2_inode_sync(inode))
		sync_dirty_buffer(bh);
}

/*
 * The inode stops using the block in @bh: the last user frees it, the
 * others keep it with one reference less (and the inode stops counting
 * it in i_blocks).  Consumes @bh.
 */
static void xattr_put_block(struct inode *inode, struct buffer_head *bh)
{
	struct ext2_xattr_header *h = xattr_hdr(bh);
	u32 refs;

	lock_buffer(bh);
	refs = le32_to_cpu(h->h_refcount);
	if (refs > 1) {
		h->h_refcount = cpu_to_le32(refs - 1);
		unlock_buffer(bh);
		xattr_write_buffer(inode, bh);
		brelse(bh);
		inode_sub_bytes(inode, min_t(u64, inode->i_sb->s_blocksize,
					     (u64)inode->i_blocks << 9));
		return;
	}
	unlock_buffer(bh);
	ext2_free_blocks(inode, bh->b_blocknr, 1);
	bforget(bh);
}

/* A new block holding @data for the inode (counted in its i_blocks), or 0. */
static u32 xattr_new_block(struct inode *inode, const void *data, int *err)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct buffer_head *bh;
	u32 blk, goal = ext2_group_first_block_no(sb, ei->i_block_group);

	mutex_lock(&ei->truncate_mutex);
	blk = ext2_new_block(inode, goal, err);
	mutex_unlock(&ei->truncate_mutex);
	if (!blk)
		return 0;
	bh = sb_getblk(sb, blk);
	if (!bh) {
		ext2_free_blocks(inode, blk, 1);
		*err = -ENOMEM;
		return 0;
	}
	lock_buffer(bh);
	memcpy(bh->b_data, data, sb->s_blocksize);
	set_buffer_uptodate(bh);
	unlock_buffer(bh);
	xattr_write_buffer(inode, bh);
	brelse(bh);
	return blk;
}

/*
 * Store @block as the inode's attribute block, or drop the block when
 * @block is NULL.  @old is the current block (NULL: none); consumed.
 */
static int xattr_replace_block(struct inode *inode, struct buffer_head *old, const void *block)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_inode_info *ei = EXT2_I(inode);
	u32 blk;
	int err;

	if (block && old) {
		lock_buffer(old);
		if (le32_to_cpu(xattr_hdr(old)->h_refcount) == 1) {
			memcpy(old->b_data, block, sb->s_blocksize);
			unlock_buffer(old);
			xattr_write_buffer(inode, old);
			brelse(old);
			return 0;
		}
		unlock_buffer(old);
	}
	if (block) {
		blk = xattr_new_block(inode, block, &err);
		if (!blk) {
			brelse(old);
			return err;
		}
		ext2_set_feature(sb, &EXT2_SB(sb)->s_es->s_feature_compat,
				 EXT2_FEATURE_COMPAT_EXT_ATTR);
	} else {
		blk = 0;
	}
	ei->i_file_acl = blk;
	mark_inode_dirty(inode);
	if (old)
		xattr_put_block(inode, old);
	return 0;
}

/*
 * The entries of @bh (may be NULL) as items, with room for one more;
 * *n gets their number.  Points into @bh's data.
 */
static struct ext2_xattr_item *xattr_items(struct buffer_head *bh, int nr, int *n)
{
	struct ext2_xattr_item *items = kcalloc(nr + 1, sizeof(*items), GFP_KERNEL);
	struct ext2_xattr_entry *e;

	*n = 0;
	if (!items || !bh)
		return items;
	for (e = xattr_first(bh->b_data); !xattr_is_last(e); e = xattr_next(e), (*n)++) {
		items[*n] = (struct ext2_xattr_item){
			.index = e->e_name_index,
			.name_len = e->e_name_len,
			.name = e->e_name,
			.value = bh->b_data + le16_to_cpu(e->e_value_offs),
			.size = le32_to_cpu(e->e_value_size),
		};
	}
	return items;
}

/*
 * Apply the change to @items: set (value != NULL) or remove @name,
 * honouring XATTR_CREATE/XATTR_REPLACE.
 */
static int xattr_change_items(struct ext2_xattr_item *items, int *n,
			      const struct ext2_xattr_item *want, int flags)
{
	int i;

	for (i = 0; i < *n; i++)
		if (!xattr_item_cmp(&items[i], want))
			break;
	if (i < *n && (flags & XATTR_CREATE))
		return -EEXIST;
	if (i == *n && ((flags & XATTR_REPLACE) || !want->value))
		return -ENODATA;
	if (!want->value) {
		items[i] = items[--(*n)];
		return 0;
	}
	items[i] = *want;
	if (i == *n)
		(*n)++;
	return 0;
}

/* ->set of every name space: set, or remove when @value is NULL. */
static int ext2_xattr_set(struct inode *inode, int index, const char *name, const void *value,
			  size_t size, int flags)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct ext2_xattr_item want = {
		.index = index, .name = name, .value = value, .size = size,
	};
	struct ext2_xattr_item *items;
	struct buffer_head *bh;
	void *block = NULL;
	int err, nr = 0, n;
	size_t len = strlen(name);

	if (len > 255)
		return -ERANGE;
	want.name_len = len;
	down_write(&ei->xattr_sem);
	bh = xattr_read_block(inode, &nr);
	if (IS_ERR(bh)) {
		err = PTR_ERR(bh);
		goto out_unlock;
	}
	items = xattr_items(bh, nr, &n);
	err = -ENOMEM;
	if (!items)
		goto out_brelse;
	err = xattr_change_items(items, &n, &want, flags);
	if (err)
		goto out_free;
	err = -ENOSPC;
	if (xattr_block_bytes(items, n) > sb->s_blocksize)
		goto out_free;
	if (n) {
		err = -ENOMEM;
		block = kzalloc(sb->s_blocksize, GFP_KERNEL);
		if (!block)
			goto out_free;
		xattr_build_block(block, sb->s_blocksize, items, n);
	}
	err = xattr_replace_block(inode, bh, block);
	bh = NULL;
out_free:
	kfree(block);
	kfree(items);
out_brelse:
	brelse(bh);
out_unlock:
	up_write(&ei->xattr_sem);
	return err;
}

void ext2_xattr_delete_inode(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct buffer_head *bh;
	int nr;

	down_write(&ei->xattr_sem);
	bh = xattr_read_block(inode, &nr);
	/* A corrupt block stays allocated (reported): e2fsck reclaims it. */
	ei->i_file_acl = 0;
	if (!IS_ERR_OR_NULL(bh))
		xattr_put_block(inode, bh);
	up_write(&ei->xattr_sem);
}

/* ------------------------------------------------------------ name spaces */

static int ext2_xattr_handler_get(const struct xattr_handler *handler, struct dentry *dentry,
				  struct inode *inode, const char *name, void *buffer,
				  size_t size)
{
	if (handler->flags == EXT2_XATTR_INDEX_USER && !test_opt(inode->i_sb, XATTR_USER))
		return -EOPNOTSUPP;
	return ext2_xattr_get(inode, handler->flags, name, buffer, size);
}

static int ext2_xattr_handler_set(const struct xattr_handler *handler, struct dentry *dentry,
				  struct inode *inode, const char *name, const void *value,
				  size_t size, int flags)
{
	if (handler->flags == EXT2_XATTR_INDEX_USER && !test_opt(inode->i_sb, XATTR_USER))
		return -EOPNOTSUPP;
	return ext2_xattr_set(inode, handler->flags, name, value, size, flags);
}

static bool ext2_xattr_list_user(struct dentry *dentry)
{
	return test_opt(dentry->d_sb, XATTR_USER);
}

static bool ext2_xattr_list_trusted(struct dentry *dentry)
{
	return capable(CAP_SYS_ADMIN);
}

static bool ext2_xattr_list_security(struct dentry *dentry)
{
	return true;
}

static const struct xattr_handler ext2_xattr_user_handler = {
	.prefix = XATTR_USER_PREFIX,
	.flags = EXT2_XATTR_INDEX_USER,
	.list = ext2_xattr_list_user,
	.get = ext2_xattr_handler_get,
	.set = ext2_xattr_handler_set,
};

static const struct xattr_handler ext2_xattr_trusted_handler = {
	.prefix = XATTR_TRUSTED_PREFIX,
	.flags = EXT2_XATTR_INDEX_TRUSTED,
	.list = ext2_xattr_list_trusted,
	.get = ext2_xattr_handler_get,
	.set = ext2_xattr_handler_set,
};

static const struct xattr_handler ext2_xattr_security_handler = {
	.prefix = XATTR_SECURITY_PREFIX,
	.flags = EXT2_XATTR_INDEX_SECURITY,
	.list = ext2_xattr_list_security,
	.get = ext2_xattr_handler_get,
	.set = ext2_xattr_handler_set,
};

const struct xattr_handler *const ext2_xattr_handlers[] = {
	&ext2_xattr_user_handler,
	&ext2_xattr_trusted_handler,
	&ext2_xattr_security_handler,
	NULL,
};
