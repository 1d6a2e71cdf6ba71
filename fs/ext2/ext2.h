/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ext2: the on-disk format (little-endian, as written by mke2fs) and the
 * in-memory super block and inode information shared by the files of fs/ext2.
 *
 * Layout of a volume: an optional boot block, the super block at byte
 * 1024, then block groups of s_blocks_per_group blocks starting at
 * s_first_data_block.  A group holds (in groups that carry a backup, see
 * ext2_bg_has_super()) a super block copy, the group descriptor table and
 * the blocks reserved for growing it, then its block bitmap, inode bitmap
 * and inode table (with flex_bg these three may live in another group).
 * Files map their blocks through 12 direct, one single, one double and
 * one triple indirect pointer (i_block[15]).
 *
 * Locking summary (details at each field):
 *   sbi->s_lock            the super block buffer fields changed at run
 *                          time (s_state, features, counts written by
 *                          ext2_sync_super()) and s_mount_state
 *   sbi->s_group_lock[g]   the free/dir counts of group g's descriptor;
 *                          bitmap bits change with atomic bit operations
 *   sbi->s_rsv_window_lock the reservation window tree (balloc.c)
 *   sbi->s_release_sem     shared across a truncation or deletion until it
 *                          recorded what undoes it on the disk, exclusive
 *                          while fsync takes that record (release.c);
 *                          outside truncate_mutex
 *   ei->truncate_mutex     an inode's block map: i_data[], its indirect
 *                          blocks, the reservation window and the
 *                          last-allocated hint; taken by get_block and
 *                          truncation, never while holding a page lock
 *                          that truncation might wait for
 *   dir->i_rwsem (VFS)     directory contents: exclusive for changes,
 *                          shared for lookup-free walks (readdir)
 */
#ifndef _FS_EXT2_EXT2_H
#define _FS_EXT2_EXT2_H

#include <linux/types.h>
#include <linux/fs.h>
#include <linux/rbtree.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/buffer_head.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>
#include <asm/atomic.h>
#include <asm/byteorder.h>

/* ------------------------------------------------------------ constants */

#define EXT2_SUPER_MAGIC	0xEF53
#define EXT2_MIN_BLOCK_SIZE	1024
#define EXT2_MAX_BLOCK_SIZE	4096	/* we need a block to fit in a page */
#define EXT2_MIN_BLOCK_LOG_SIZE	10
#define EXT2_SB_OFFSET		1024	/* byte offset of the primary super block */

/* Special inode numbers. */
#define EXT2_BAD_INO		1
#define EXT2_ROOT_INO		2
#define EXT2_BOOT_LOADER_INO	5
#define EXT2_UNDEL_DIR_INO	6
#define EXT2_RESIZE_INO		7
#define EXT2_JOURNAL_INO	8
#define EXT2_GOOD_OLD_FIRST_INO	11
#define EXT2_GOOD_OLD_INODE_SIZE 128
#define EXT2_GOOD_OLD_REV	0
#define EXT2_DYNAMIC_REV	1

#define EXT2_NDIR_BLOCKS	12
#define EXT2_IND_BLOCK		EXT2_NDIR_BLOCKS
#define EXT2_DIND_BLOCK		(EXT2_IND_BLOCK + 1)
#define EXT2_TIND_BLOCK		(EXT2_DIND_BLOCK + 1)
#define EXT2_N_BLOCKS		(EXT2_TIND_BLOCK + 1)

#define EXT2_LINK_MAX		32000
#define EXT2_NAME_LEN		255

/* s_state */
#define EXT2_VALID_FS		0x0001	/* cleanly unmounted */
#define EXT2_ERROR_FS		0x0002	/* errors detected */

/* s_errors: what to do on an error (tune2fs -e) */
#define EXT2_ERRORS_CONTINUE	1
#define EXT2_ERRORS_RO		2
#define EXT2_ERRORS_PANIC	3

/* s_default_mount_opts */
#define EXT2_DEFM_DEBUG		0x0001
#define EXT2_DEFM_BSDGROUPS	0x0002
#define EXT2_DEFM_XATTR_USER	0x0004
#define EXT2_DEFM_ACL		0x0008
#define EXT2_DEFM_UID16		0x0010

/* Feature bits. */
#define EXT2_FEATURE_COMPAT_DIR_PREALLOC	0x0001
#define EXT2_FEATURE_COMPAT_IMAGIC_INODES	0x0002
#define EXT3_FEATURE_COMPAT_HAS_JOURNAL		0x0004
#define EXT2_FEATURE_COMPAT_EXT_ATTR		0x0008
#define EXT2_FEATURE_COMPAT_RESIZE_INO		0x0010
#define EXT2_FEATURE_COMPAT_DIR_INDEX		0x0020

#define EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER	0x0001
#define EXT2_FEATURE_RO_COMPAT_LARGE_FILE	0x0002
#define EXT2_FEATURE_RO_COMPAT_BTREE_DIR	0x0004

#define EXT2_FEATURE_INCOMPAT_COMPRESSION	0x0001
#define EXT2_FEATURE_INCOMPAT_FILETYPE		0x0002
#define EXT3_FEATURE_INCOMPAT_RECOVER		0x0004
#define EXT3_FEATURE_INCOMPAT_JOURNAL_DEV	0x0008
#define EXT2_FEATURE_INCOMPAT_META_BG		0x0010
#define EXT4_FEATURE_INCOMPAT_EXTENTS		0x0040
#define EXT4_FEATURE_INCOMPAT_64BIT		0x0080
#define EXT4_FEATURE_INCOMPAT_FLEX_BG		0x0200

/*
 * What we implement.  Compat features need nothing (dir_index: hashed
 * directories keep a linear layout we read and write; we clear the index
 * flag of a directory we change, as Linux's ext2 does).  flex_bg only
 * moves bitmaps and inode tables, which we find through the descriptors.
 * Unknown RO_COMPAT features (huge_file, gdt_csum, dir_nlink,
 * metadata_csum, ...) force a read-only mount: writing would leave their
 * invariants (checksums, counts) stale.
 */
#define EXT2_FEATURE_COMPAT_SUPP	0xffffffffu
#define EXT2_FEATURE_RO_COMPAT_SUPP	(EXT2_FEATURE_RO_COMPAT_SPARSE_SUPER | \
					 EXT2_FEATURE_RO_COMPAT_LARGE_FILE | \
					 EXT2_FEATURE_RO_COMPAT_BTREE_DIR)
#define EXT2_FEATURE_INCOMPAT_SUPP	(EXT2_FEATURE_INCOMPAT_FILETYPE | \
					 EXT2_FEATURE_INCOMPAT_META_BG | \
					 EXT4_FEATURE_INCOMPAT_FLEX_BG)

/* Inode flags (i_flags), the subset we act on or pass on. */
#define EXT2_SECRM_FL		0x00000001
#define EXT2_UNRM_FL		0x00000002
#define EXT2_COMPR_FL		0x00000004
#define EXT2_SYNC_FL		0x00000008
#define EXT2_IMMUTABLE_FL	0x00000010
#define EXT2_APPEND_FL		0x00000020
#define EXT2_NODUMP_FL		0x00000040
#define EXT2_NOATIME_FL		0x00000080
#define EXT2_INDEX_FL		0x00001000	/* hashed (htree) directory */
#define EXT2_JOURNAL_DATA_FL	0x00004000
#define EXT2_NOTAIL_FL		0x00008000
#define EXT2_DIRSYNC_FL		0x00010000
#define EXT2_TOPDIR_FL		0x00020000	/* Orlov: spread its subdirectories */
#define EXT4_EXTENTS_FL		0x00080000	/* not ext2: a corrupt inode here */
#define EXT4_INLINE_DATA_FL	0x10000000	/* idem */

/* Flags a new inode takes from its directory, then masked by type. */
#define EXT2_FL_INHERITED	(EXT2_SECRM_FL | EXT2_UNRM_FL | EXT2_COMPR_FL | \
				 EXT2_SYNC_FL | EXT2_NODUMP_FL | EXT2_NOATIME_FL | \
				 EXT2_JOURNAL_DATA_FL | EXT2_NOTAIL_FL | EXT2_DIRSYNC_FL)
#define EXT2_REG_FLMASK		(~(EXT2_DIRSYNC_FL | EXT2_TOPDIR_FL))
#define EXT2_OTHER_FLMASK	(EXT2_NODUMP_FL | EXT2_NOATIME_FL)

/* Directory entry file types (with the filetype feature). */
enum {
	EXT2_FT_UNKNOWN,
	EXT2_FT_REG_FILE,
	EXT2_FT_DIR,
	EXT2_FT_CHRDEV,
	EXT2_FT_BLKDEV,
	EXT2_FT_FIFO,
	EXT2_FT_SOCK,
	EXT2_FT_SYMLINK,
	EXT2_FT_MAX
};

/* ------------------------------------------------------------ on-disk structures */

/* The super block: 1024 bytes at byte offset 1024 of the volume. */
struct ext2_super_block {
	__le32 s_inodes_count;
	__le32 s_blocks_count;
	__le32 s_r_blocks_count;	/* reserved for the super user */
	__le32 s_free_blocks_count;
	__le32 s_free_inodes_count;
	__le32 s_first_data_block;
	__le32 s_log_block_size;	/* block size = 1024 << this */
	__le32 s_log_frag_size;
	__le32 s_blocks_per_group;
	__le32 s_frags_per_group;
	__le32 s_inodes_per_group;
	__le32 s_mtime;			/* last mount */
	__le32 s_wtime;			/* last write */
	__le16 s_mnt_count;
	__le16 s_max_mnt_count;
	__le16 s_magic;
	__le16 s_state;
	__le16 s_errors;
	__le16 s_minor_rev_level;
	__le32 s_lastcheck;
	__le32 s_checkinterval;
	__le32 s_creator_os;
	__le32 s_rev_level;
	__le16 s_def_resuid;
	__le16 s_def_resgid;
	/* EXT2_DYNAMIC_REV only from here */
	__le32 s_first_ino;
	__le16 s_inode_size;
	__le16 s_block_group_nr;	/* group holding this copy */
	__le32 s_feature_compat;
	__le32 s_feature_incompat;
	__le32 s_feature_ro_compat;
	u8 s_uuid[16];
	char s_volume_name[16];
	char s_last_mounted[64];
	__le32 s_algorithm_usage_bitmap;
	u8 s_prealloc_blocks;
	u8 s_prealloc_dir_blocks;
	__le16 s_reserved_gdt_blocks;	/* resize_inode: GDT growth room */
	u8 s_journal_uuid[16];
	__le32 s_journal_inum;
	__le32 s_journal_dev;
	__le32 s_last_orphan;
	__le32 s_hash_seed[4];
	u8 s_def_hash_version;
	u8 s_jnl_backup_type;
	__le16 s_desc_size;
	__le32 s_default_mount_opts;
	__le32 s_first_meta_bg;
	__le32 s_reserved[190];
};

/* A group descriptor: 32 bytes, s_desc_per_block of them per block. */
struct ext2_group_desc {
	__le32 bg_block_bitmap;
	__le32 bg_inode_bitmap;
	__le32 bg_inode_table;
	__le16 bg_free_blocks_count;
	__le16 bg_free_inodes_count;
	__le16 bg_used_dirs_count;
	__le16 bg_pad;
	__le32 bg_reserved[3];
};

/* The first 128 bytes of an on-disk inode (s_inode_size may be larger). */
struct ext2_inode {
	__le16 i_mode;
	__le16 i_uid;			/* low 16 bits */
	__le32 i_size;
	__le32 i_atime;
	__le32 i_ctime;
	__le32 i_mtime;
	__le32 i_dtime;			/* deletion time */
	__le16 i_gid;			/* low 16 bits */
	__le16 i_links_count;
	__le32 i_blocks;		/* 512-byte units, indirect blocks included */
	__le32 i_flags;
	__le32 i_osd1;
	__le32 i_block[EXT2_N_BLOCKS];
	__le32 i_generation;
	__le32 i_file_acl;		/* extended attribute block */
	__le32 i_size_high;		/* regular files; i_dir_acl for others */
	__le32 i_faddr;
	u8 i_frag;
	u8 i_fsize;
	__le16 i_pad1;
	__le16 i_uid_high;
	__le16 i_gid_high;
	__le32 i_reserved2;
};

/* A directory entry; rec_len covers the padding up to the next entry. */
struct ext2_dir_entry_2 {
	__le32 inode;			/* 0: unused slot */
	__le16 rec_len;
	u8 name_len;
	u8 file_type;			/* high byte of name_len without filetype */
	char name[];
};

#define EXT2_DIR_PAD		4
#define EXT2_DIR_ROUND		(EXT2_DIR_PAD - 1)
/* Bytes an entry with a name of len bytes needs. */
#define EXT2_DIR_REC_LEN(len)	(((len) + 8 + EXT2_DIR_ROUND) & ~EXT2_DIR_ROUND)

_Static_assert(sizeof(struct ext2_super_block) == 1024, "ext2 super block size");
_Static_assert(sizeof(struct ext2_group_desc) == 32, "ext2 group descriptor size");
_Static_assert(sizeof(struct ext2_inode) == 128, "ext2 inode size");

/* ------------------------------------------------------------ in memory */

/* Mount options (sbi->s_mount_opt). */
#define EXT2_MOUNT_GRPID		0x0001	/* new files take the directory's group */
#define EXT2_MOUNT_MINIX_DF		0x0002	/* statfs reports metadata as used */
#define EXT2_MOUNT_ERRORS_CONT		0x0004
#define EXT2_MOUNT_ERRORS_RO		0x0008
#define EXT2_MOUNT_ERRORS_PANIC		0x0010
#define EXT2_MOUNT_ERRORS_MASK		0x001c
#define EXT2_MOUNT_RESERVATION		0x0020	/* per-inode reservation windows */
#define EXT2_MOUNT_OLDALLOC		0x0040	/* no Orlov spreading of directories */
#define EXT2_MOUNT_DEBUG		0x0080
#define EXT2_MOUNT_XATTR_USER		0x0100	/* user.* attributes allowed */

#define test_opt(sb, opt)	(EXT2_SB(sb)->s_mount_opt & EXT2_MOUNT_##opt)

/*
 * Reservation windows (balloc.c).  Linux's ext2/ext3 default: 8 blocks,
 * doubling on a well-used window up to 1027 blocks.
 */
#define EXT2_DEFAULT_RESERVE_BLOCKS	8
#define EXT2_MAX_RESERVE_BLOCKS		1027
#define EXT2_RESERVE_WINDOW_NOT_ALLOCATED 0

struct ext2_reserve_window {
	u32 _rsv_start;			/* first block (absolute) */
	u32 _rsv_end;			/* last block, inclusive */
};

/*
 * A writing inode's window: in sbi->s_rsv_window_root (keyed by start,
 * non-overlapping) while allocated.  Node and window fields change under
 * sbi->s_rsv_window_lock; rsv_goal_size and rsv_alloc_hit under the
 * inode's truncate_mutex.
 */
struct ext2_reserve_window_node {
	struct rb_node rsv_node;
	u32 rsv_goal_size;		/* blocks wanted; 0: no reservation */
	u32 rsv_alloc_hit;		/* blocks allocated from this window */
	struct ext2_reserve_window rsv_window;
};

#define rsv_start	rsv_window._rsv_start
#define rsv_end	rsv_window._rsv_end

/* Per-inode allocation state of a regular file (under truncate_mutex). */
struct ext2_block_alloc_info {
	struct ext2_reserve_window_node rsv_window_node;
	u32 last_alloc_logical_block;
	u32 last_alloc_physical_block;	/* 0: none yet */
};

/* A run of blocks that belongs to the file system's own metadata. */
struct ext2_system_zone {
	u32 start;
	u32 count;
};

/*
 * Release ordering (release.c).  One cut (truncate or deletion) clears
 * pointers in at most one chain of indirect blocks, three deep, and
 * rewrites the inode's table block; the record a file system keeps for
 * the next fsync holds EXT2_RELEASE_MAX blocks.
 */
#define EXT2_RELEASE_PER_CUT	4
#define EXT2_RELEASE_MAX	64

/*
 * Indirect blocks that became full and wait for the map write-out work
 * (indirect.c); one that finds the list full is left to the block
 * device's writeback.
 */
#define EXT2_FULL_MAPS_MAX	16

struct ext2_release {
	bool tracked;			/* the inode's disk copy may map blocks */
	unsigned int count;
	u32 blocks[EXT2_RELEASE_PER_CUT + 1];	/* + the inode table block */
};

struct ext2_sb_info {
	unsigned long s_inodes_per_block;
	unsigned long s_blocks_per_group;
	unsigned long s_inodes_per_group;
	unsigned long s_itb_per_group;	/* inode table blocks per group */
	unsigned long s_gdb_count;	/* group descriptor blocks */
	unsigned long s_desc_per_block;
	unsigned long s_groups_count;
	unsigned long s_overhead;	/* metadata blocks (statfs bsddf) */
	u32 s_blocks_count;
	u32 s_inodes_count;
	u32 s_first_data_block;
	u32 s_first_ino;
	int s_inode_size;
	int s_addr_per_block_bits;
	int s_desc_per_block_bits;
	unsigned long s_sb_block;	/* block holding the super block we use */
	struct buffer_head *s_sbh;	/* that block, referenced for the mount */
	struct ext2_super_block *s_es;	/* inside s_sbh->b_data */
	struct buffer_head **s_group_desc;	/* s_gdb_count blocks, referenced */
	spinlock_t *s_group_lock;	/* one per group */
	unsigned long s_mount_opt;	/* EXT2_MOUNT_*; changed only by remount */
	uid_t s_resuid;
	gid_t s_resgid;
	u16 s_mount_state;		/* s_state as found at mount; s_lock */
	bool s_has_journal;		/* a clean ext3 volume mounted as ext2 */
	/*
	 * False while ext2_fill_super() runs: nothing may be written then
	 * (ext2_error() only reports and sets s_mount_errors, which the
	 * first super block write of a successful mount records).
	 */
	bool s_live;
	bool s_mount_errors;
	spinlock_t s_lock;
	/* Error message rate limit (s_lock): a window start, messages in it, dropped. */
	unsigned long s_err_window;
	unsigned int s_err_printed;
	unsigned int s_err_suppressed;
	spinlock_t s_next_gen_lock;
	u32 s_next_generation;
	/* Summaries of the descriptors, for allocation heuristics and statfs. */
	atomic_long_t s_freeblocks_counter;
	atomic_long_t s_freeinodes_counter;
	atomic_long_t s_dirs_counter;
	/* Reservation windows. */
	spinlock_t s_rsv_window_lock;
	struct rb_root s_rsv_window_root;
	/* Metadata runs, sorted and merged (block validity checks). */
	struct ext2_system_zone *s_zones;
	unsigned int s_nr_zones;
	/*
	 * Release ordering (release.c): blocks whose dirty copies undo the
	 * disk's mappings of freed blocks, written by the next fsync.
	 */
	struct rw_semaphore s_release_sem;
	spinlock_t s_release_lock;
	unsigned int s_nr_release;
	u32 s_release_blocks[EXT2_RELEASE_MAX];
	/* Full indirect blocks to write (indirect.c), under s_full_maps_lock. */
	spinlock_t s_full_maps_lock;
	unsigned int s_nr_full_maps;
	u32 s_full_maps[EXT2_FULL_MAPS_MAX];
	struct work_struct s_full_maps_work;
};

static inline struct ext2_sb_info *EXT2_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

/* ei->i_state */
#define EXT2_STATE_NEW		0x01	/* not yet written: zero the whole raw inode */
#define EXT2_STATE_BAD		0x02	/* failed validation: never free it */

struct ext2_inode_info {
	__le32 i_data[EXT2_N_BLOCKS];	/* block map; truncate_mutex */
	u32 i_flags;			/* EXT2_*_FL */
	u32 i_faddr;
	u8 i_frag_no;
	u8 i_frag_size;
	u32 i_file_acl;
	u32 i_dir_acl;
	u32 i_dtime;
	u32 i_block_group;		/* where the inode lives: allocation goal */
	u32 i_dir_start_lookup;		/* block where the last lookup hit */
	/*
	 * Directories: blocks below i_dir_free_block hold no free slot of
	 * i_dir_free_reclen bytes or more (a hint for ext2_add_link(), under
	 * the directory's i_rwsem; a deletion resets it).
	 */
	u32 i_dir_free_block;
	u32 i_dir_free_reclen;
	unsigned int i_state;		/* EXT2_STATE_* */
	/* The disk's copy may map blocks: cuts record their undoing (release.c). */
	bool i_mapped_on_disk;
	struct ext2_block_alloc_info *i_block_alloc_info;	/* truncate_mutex */
	/* ext2_new_inode() zeroes every field above this one. */
	struct mutex truncate_mutex;
	/*
	 * The extended attributes: i_file_acl and the contents of its block
	 * while this inode may change them (readers shared, changes
	 * exclusive; taken inside i_rwsem).
	 */
	struct rw_semaphore xattr_sem;
	struct inode vfs_inode;
};

static inline struct ext2_inode_info *EXT2_I(struct inode *inode)
{
	return container_of(inode, struct ext2_inode_info, vfs_inode);
}

/* ------------------------------------------------------------ geometry helpers */

#define EXT2_BLOCK_SIZE(sb)		((sb)->s_blocksize)
#define EXT2_BLOCK_SIZE_BITS(sb)	((sb)->s_blocksize_bits)
#define EXT2_ADDR_PER_BLOCK(sb)		(EXT2_BLOCK_SIZE(sb) / sizeof(u32))
#define EXT2_ADDR_PER_BLOCK_BITS(sb)	(EXT2_SB(sb)->s_addr_per_block_bits)
#define EXT2_BLOCKS_PER_GROUP(sb)	(EXT2_SB(sb)->s_blocks_per_group)
#define EXT2_INODES_PER_GROUP(sb)	(EXT2_SB(sb)->s_inodes_per_group)
#define EXT2_FIRST_INO(sb)		(EXT2_SB(sb)->s_first_ino)
#define EXT2_INODE_SIZE(sb)		(EXT2_SB(sb)->s_inode_size)

#define EXT2_HAS_COMPAT_FEATURE(sb, mask) \
	(le32_to_cpu(EXT2_SB(sb)->s_es->s_feature_compat) & (mask))
#define EXT2_HAS_RO_COMPAT_FEATURE(sb, mask) \
	(le32_to_cpu(EXT2_SB(sb)->s_es->s_feature_ro_compat) & (mask))
#define EXT2_HAS_INCOMPAT_FEATURE(sb, mask) \
	(le32_to_cpu(EXT2_SB(sb)->s_es->s_feature_incompat) & (mask))

static inline u32 ext2_group_first_block_no(struct super_block *sb, unsigned long group)
{
	return group * EXT2_BLOCKS_PER_GROUP(sb) + EXT2_SB(sb)->s_first_data_block;
}

static inline unsigned long ext2_group_of_block(struct super_block *sb, u32 block)
{
	return (block - EXT2_SB(sb)->s_first_data_block) / EXT2_BLOCKS_PER_GROUP(sb);
}

/* Blocks in group (the last group may be short). */
static inline unsigned long ext2_blocks_in_group(struct super_block *sb, unsigned long group)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	if (group == sbi->s_groups_count - 1)
		return sbi->s_blocks_count - ext2_group_first_block_no(sb, group);
	return sbi->s_blocks_per_group;
}

/* Directory operations and metadata writes must reach the disk at once. */
static inline bool ext2_dirsync(struct inode *dir)
{
	return (dir->i_sb->s_flags & (SB_SYNCHRONOUS | SB_DIRSYNC)) ||
	       (EXT2_I(dir)->i_flags & (EXT2_DIRSYNC_FL | EXT2_SYNC_FL));
}

static inline bool ext2_inode_sync(struct inode *inode)
{
	return (inode->i_sb->s_flags & SB_SYNCHRONOUS) || (inode->i_flags & S_SYNC);
}

/* Wall-clock seconds, the resolution of ext2 timestamps. */
static inline u32 ext2_get_seconds(void)
{
	return (u32)(ktime_get_real_ns() / NSEC_PER_SEC);
}

static inline struct ext2_dir_entry_2 *ext2_next_entry(struct ext2_dir_entry_2 *de)
{
	return (struct ext2_dir_entry_2 *)((char *)de + le16_to_cpu(de->rec_len));
}

/* Buffer state bits of our own (the bdev buffers we validated). */
enum {
	BH_Ext2_Checked = BH_PrivateStart,	/* directory block or bitmap verified */
};

static inline bool buffer_ext2_checked(struct buffer_head *bh)
{
	return test_bit(BH_Ext2_Checked, &bh->b_state);
}

static inline void set_buffer_ext2_checked(struct buffer_head *bh)
{
	set_bit(BH_Ext2_Checked, &bh->b_state);
}

static inline void clear_buffer_ext2_checked(struct buffer_head *bh)
{
	clear_bit(BH_Ext2_Checked, &bh->b_state);
}

/* ------------------------------------------------------------ balloc.c */
struct ext2_group_desc *ext2_get_group_desc(struct super_block *sb, unsigned int group,
					    struct buffer_head **bh);
int ext2_bg_has_super(struct super_block *sb, unsigned long group);
unsigned long ext2_bg_num_gdb(struct super_block *sb, unsigned long group);
u32 ext2_new_block(struct inode *inode, u32 goal, int *errp);
u32 ext2_new_blocks(struct inode *inode, u32 goal, unsigned long *count, int *errp);
void ext2_free_blocks(struct inode *inode, u32 block, unsigned long count);
unsigned long ext2_count_free_blocks(struct super_block *sb);
unsigned long ext2_count_dirs(struct super_block *sb);
void ext2_init_block_alloc_info(struct inode *inode);
void ext2_discard_reservation(struct inode *inode);
bool ext2_data_block_valid(struct ext2_sb_info *sbi, u32 start, unsigned int count);
int ext2_setup_system_zones(struct super_block *sb);
void ext2_release_system_zones(struct super_block *sb);

/* ------------------------------------------------------------ ialloc.c */
struct inode *ext2_new_inode(struct inode *dir, umode_t mode, const struct qstr *qstr);
void ext2_free_inode(struct inode *inode);
unsigned long ext2_count_free_inodes(struct super_block *sb);

/* ------------------------------------------------------------ release.c */
void ext2_release_init(struct ext2_sb_info *sbi);
void ext2_release_begin(struct inode *inode, struct ext2_release *rel);
void ext2_release_note(struct ext2_release *rel, u32 block);
void ext2_release_end(struct inode *inode, struct ext2_release *rel);
int ext2_sync_releases(struct super_block *sb);

/* ------------------------------------------------------------ indirect.c */
int ext2_get_block(struct inode *inode, sector_t iblock, struct buffer_head *bh_result,
		   int create);
struct buffer_head *ext2_bread(struct inode *inode, unsigned long block, int create, int *err);
void ext2_truncate_blocks(struct inode *inode, loff_t offset);
loff_t ext2_max_size(int bits);
void ext2_full_maps_init(struct ext2_sb_info *sbi);
void ext2_full_maps_flush(struct ext2_sb_info *sbi);

/* ------------------------------------------------------------ inode.c */
struct inode *ext2_iget(struct super_block *sb, unsigned long ino);
struct ext2_inode *ext2_get_raw_inode(struct super_block *sb, unsigned long ino,
				      struct buffer_head **p);
struct buffer_head *ext2_encode_inode(struct inode *inode);
struct buffer_head *ext2_bread_run(struct super_block *sb, sector_t first, unsigned long count);
int ext2_write_inode(struct inode *inode, struct writeback_control *wbc);
int ext2_sync_inode(struct inode *inode);
int ext2_sync_raw_inode(struct inode *inode);
void ext2_evict_inode(struct inode *inode);
int ext2_setattr(struct dentry *dentry, struct iattr *attr);
void ext2_set_inode_flags(struct inode *inode);
void ext2_set_file_ops(struct inode *inode);
int ext2_inode_is_fast_symlink(struct inode *inode);
bool ext2_inode_has_block_map(struct inode *inode);
void ext2_inc_count(struct inode *inode);
bool ext2_dec_count(struct inode *inode);
extern const struct address_space_operations ext2_aops;

/* ------------------------------------------------------------ dir.c */
int ext2_add_link(struct dentry *dentry, struct inode *inode);
int ext2_inode_by_name(struct inode *dir, const struct qstr *child, u32 *ino);
struct ext2_dir_entry_2 *ext2_find_entry(struct inode *dir, const struct qstr *child,
					 struct buffer_head **res_bh);
int ext2_delete_entry(struct inode *dir, struct ext2_dir_entry_2 *de, struct buffer_head *bh);
int ext2_make_empty(struct inode *inode, struct inode *parent);
int ext2_empty_dir(struct inode *inode);
struct ext2_dir_entry_2 *ext2_dotdot(struct inode *dir, struct buffer_head **bh);
int ext2_set_link(struct inode *dir, struct ext2_dir_entry_2 *de, struct buffer_head *bh,
		  struct inode *inode, bool update_times);
int ext2_check_dir_block(const char *data, unsigned int size, u32 max_ino, const char **why,
			 unsigned int *bad_off);
extern const struct file_operations ext2_dir_operations;

/* ------------------------------------------------------------ super.c */
__printf(3, 4) void ext2_error(struct super_block *sb, const char *function,
			       const char *fmt, ...);
__printf(3, 4) void ext2_msg(struct super_block *sb, const char *prefix,
			     const char *fmt, ...);
void ext2_sync_super(struct super_block *sb, struct ext2_super_block *es, int wait);
void ext2_update_dynamic_rev(struct super_block *sb);
void ext2_set_feature(struct super_block *sb, __le32 *word, u32 mask);

/* ------------------------------------------------------------ xattr.c */
extern const struct xattr_handler *const ext2_xattr_handlers[];
ssize_t ext2_listxattr(struct dentry *dentry, char *list, size_t size);
void ext2_xattr_delete_inode(struct inode *inode);

/* ------------------------------------------------------------ file.c, namei.c, symlink.c */
extern const struct file_operations ext2_file_operations;
int ext2_fsync(struct file *file, loff_t start, loff_t end, int datasync);
int ext2_write_slow_symlink(struct inode *inode, const char *symname, unsigned int len);
extern const struct inode_operations ext2_file_inode_operations;
extern const struct inode_operations ext2_dir_inode_operations;
extern const struct inode_operations ext2_special_inode_operations;
extern const struct inode_operations ext2_symlink_inode_operations;
extern const struct inode_operations ext2_fast_symlink_inode_operations;

/* Corrupt metadata: Linux's -EFSCORRUPTED. */
#define EFSCORRUPTED	EUCLEAN

#endif /* _FS_EXT2_EXT2_H */
