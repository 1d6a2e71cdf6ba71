/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The virtual file system's core objects: super blocks, inodes, address
 * spaces, open files and file-system types, with the operation tables a
 * file system implements.  Documentation/filesystems/vfs.md describes the
 * objects, their lifetimes and the locking order; each struct below says
 * which lock guards which field.
 *
 * Where things live: path walk fs/namei.c, open/close fs/open.c, I/O
 * fs/read_write.c, struct file fs/file_table.c, descriptor tables
 * fs/file.c, inodes fs/inode.c, dentries fs/dcache.c (<linux/dcache.h>),
 * super blocks fs/super.c, mounts fs/namespace.c, helpers for simple
 * file systems fs/libfs.c, character devices fs/char_dev.c.
 */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/types.h>
#include <linux/errseq.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/wait.h>
#include <linux/time64.h>
#include <linux/kdev_t.h>
#include <linux/path.h>
#include <linux/dcache.h>
#include <linux/stat.h>
#include <linux/uio.h>
#include <linux/radix-tree.h>
#include <linux/rbtree.h>
#include <linux/delayed_call.h>
#include <linux/mm_types.h>
#include <asm/atomic.h>
#include <asm/page_types.h>
#include <uapi/linux/fs.h>
#include <uapi/linux/fcntl.h>

struct page;
struct iattr;
struct kstatfs;
struct vm_area_struct;
struct poll_table_struct;
struct pipe_inode_info;
struct cdev;
struct block_device;
struct seq_file;
struct writeback_control;
struct xattr_handler;
struct files_struct;
struct cred;
struct file_system_type;
struct super_block;
struct inode;
struct file;
struct kiocb;
struct dir_context;
struct file_lock_context;

typedef unsigned int __poll_t;
typedef u64 blkcnt_t;
typedef void *fl_owner_t;

/* Largest file size any file system here supports. */
#define MAX_LFS_FILESIZE	((loff_t)LLONG_MAX)
/* Nested symlinks followed in one lookup before ELOOP (Linux: MAXSYMLINKS). */
#define MAXSYMLINKS		40

/* ---------------------------------------------------------------- modes */

/* f_mode */
#define FMODE_READ		((fmode_t)0x1)
#define FMODE_WRITE		((fmode_t)0x2)
#define FMODE_LSEEK		((fmode_t)0x4)
#define FMODE_PREAD		((fmode_t)0x8)
#define FMODE_PWRITE		((fmode_t)0x10)
#define FMODE_EXEC		((fmode_t)0x20)
#define FMODE_ATOMIC_POS	((fmode_t)0x8000)	/* f_pos updates serialise on f_pos_lock */
#define FMODE_PATH		((fmode_t)0x4000)	/* O_PATH: no I/O */
#define FMODE_CAN_READ		((fmode_t)0x20000)
#define FMODE_CAN_WRITE		((fmode_t)0x40000)
#define FMODE_OPENED		((fmode_t)0x80000)
#define FMODE_CREATED		((fmode_t)0x100000)
#define FMODE_STREAM		((fmode_t)0x200000)	/* no position (pipes, sockets) */
#define FMODE_NOWAIT		((fmode_t)0x8000000)
#define FMODE_CAN_ODIRECT	((fmode_t)0x400000)
#define FMODE_WRITER		((fmode_t)0x10000)	/* holds a mount write count */

/* O_RDONLY/O_WRONLY/O_RDWR -> FMODE_READ/FMODE_WRITE (O_ACCMODE 3 gives neither). */
#define OPEN_FMODE(flag)	((fmode_t)(((flag) + 1) & O_ACCMODE))

/* Permission masks for inode_permission() */
#define MAY_EXEC		0x00000001
#define MAY_WRITE		0x00000002
#define MAY_READ		0x00000004
#define MAY_APPEND		0x00000008
#define MAY_ACCESS		0x00000010	/* access(2): report, do not act */
#define MAY_OPEN		0x00000020
#define MAY_CHDIR		0x00000040
#define MAY_NOT_BLOCK		0x00000080

/*
 * Directory entry types (getdents64 d_type).  The ABI made d_type the
 * file-type nibble of st_mode shifted down, so each one is derived from
 * its S_IF* value; 0 (no type known) and 14 (BSD whiteout) have no mode.
 */
#define __DT_SHIFT		12
#define __DT_OF(ifmt)		((ifmt) >> __DT_SHIFT)
#define DT_UNKNOWN		0
#define DT_WHT			14
#define DT_REG			__DT_OF(S_IFREG)
#define DT_DIR			__DT_OF(S_IFDIR)
#define DT_LNK			__DT_OF(S_IFLNK)
#define DT_CHR			__DT_OF(S_IFCHR)
#define DT_BLK			__DT_OF(S_IFBLK)
#define DT_FIFO			__DT_OF(S_IFIFO)
#define DT_SOCK			__DT_OF(S_IFSOCK)

static inline unsigned char fs_umode_to_dtype(umode_t mode)
{
	return __DT_OF(mode & S_IFMT);
}

/* ---------------------------------------------------------------- address space */

/*
 * Read-ahead request (mm/readahead.c): the pages [_index, _index + _nr_pages)
 * are allocated, locked and in the page cache; ->readahead starts reads
 * for them (readahead_page() hands each out, referenced), unlocking each
 * page when its I/O completes.  Pages it does not consume are read one by
 * one through ->readpage afterwards.
 */
struct readahead_control {
	struct file *file;
	struct address_space *mapping;
	pgoff_t _index;
	unsigned int _nr_pages;
	unsigned int _batch_count;
};

/*
 * What the page cache asks of a file system (Linux's contract; see
 * Documentation/filesystems/vfs.md):
 *   readpage      page locked, not uptodate: start the read, unlock when done
 *   readahead     see struct readahead_control
 *   writepage     page locked, dirty bit cleared by clear_page_dirty_for_io:
 *                 set_page_writeback, unlock, end_page_writeback on completion
 *   writepages    write the dirty pages wbc asks for (large bios)
 *   set_page_dirty  mark a page dirty (buffers too); true if newly dirty
 *   write_begin   prepare [pos, pos+len) of a page for a copy from user
 *                 (read partial blocks, allocate): returns the page locked
 *   write_end     after copying 'copied' bytes: mark dirty, update i_size,
 *                 unlock and put the page; returns bytes accepted
 *   bmap          file block -> disk block (FIBMAP)
 *   invalidatepage  truncate: drop buffers' state for [offset, offset+length)
 *   releasepage   free the page's private data (buffers) if possible
 *   direct_IO     O_DIRECT transfer bypassing the cache
 */
/* ->writepage: page left locked and dirty on purpose (write_cache_pages unlocks it). */
#define AOP_WRITEPAGE_ACTIVATE	0x80000

struct address_space_operations {
	int (*writepage)(struct page *page, struct writeback_control *wbc);
	int (*readpage)(struct file *file, struct page *page);
	int (*writepages)(struct address_space *mapping, struct writeback_control *wbc);
	bool (*set_page_dirty)(struct page *page);
	void (*readahead)(struct readahead_control *rac);
	int (*write_begin)(struct file *file, struct address_space *mapping, loff_t pos,
			   unsigned int len, unsigned int flags, struct page **pagep,
			   void **fsdata);
	int (*write_end)(struct file *file, struct address_space *mapping, loff_t pos,
			 unsigned int len, unsigned int copied, struct page *page, void *fsdata);
	sector_t (*bmap)(struct address_space *mapping, sector_t block);
	void (*invalidatepage)(struct page *page, unsigned int offset, unsigned int length);
	bool (*releasepage)(struct page *page, gfp_t gfp);
	ssize_t (*direct_IO)(struct kiocb *iocb, struct iov_iter *iter);
};

/*
 * The pages of one file (mm/filemap.c, <linux/pagemap.h>).  Kept as its
 * own object, embedded in the inode as i_data, so the page cache can grow
 * into the lockless, tagged form without touching the rest of the inode.
 *
 * i_pages_lock guards i_pages and nrpages.  A page in i_pages holds one
 * reference for the cache, page->mapping == this and page->index == its
 * offset in pages.
 *
 * i_mmap is the file's reverse map: every VMA mapping the file, shared or
 * private, in an interval tree keyed by the file pages it covers
 * (mm/interval_tree.c), so a page's ptes are found from page->index.
 * i_mmap_rwsem guards it (i_mmap_lock_read()/_write()); it also keeps a
 * VMA in the tree alive and its range fixed for a reader.
 */
struct address_space {
	struct inode *host;
	struct radix_tree_root i_pages;
	spinlock_t i_pages_lock;
	unsigned long nrpages;
	gfp_t gfp_mask;			/* for page allocations */
	unsigned long flags;		/* AS_* error bits */
	const struct address_space_operations *a_ops;
	void *private_data;
	pgoff_t writeback_index;	/* range_cyclic writeback resumes here */
	spinlock_t private_lock;	/* buffers: private_list, page buffers */
	struct list_head private_list;	/* associated metadata buffers (fsync) */
	errseq_t wb_err;		/* writeback errors, reported by fsync */
	struct rb_root i_mmap;		/* VMAs mapping the file (interval tree) */
	struct rw_semaphore i_mmap_rwsem;
	/*
	 * Shadow entries of evicted pages (mm/workingset.c), under
	 * i_pages_lock; on the shrinker's list while nr_shadows > 0.
	 */
	struct radix_tree_root i_shadows;
	unsigned long nr_shadows;
	struct list_head shadow_link;
};

/*
 * The reverse-map lock: writers change the i_mmap tree (mmap, munmap,
 * VMA splits), readers walk it (rmap, truncate's unmapping).
 */
static inline struct rw_semaphore *i_mmap_sem(struct address_space *mapping)
{
	return &mapping->i_mmap_rwsem;
}

static inline void i_mmap_lock_read(struct address_space *mapping)
{
	down_read(i_mmap_sem(mapping));
}

static inline void i_mmap_lock_write(struct address_space *mapping)
{
	down_write(i_mmap_sem(mapping));
}

static inline void i_mmap_unlock_read(struct address_space *mapping)
{
	up_read(i_mmap_sem(mapping));
}

static inline void i_mmap_unlock_write(struct address_space *mapping)
{
	up_write(i_mmap_sem(mapping));
}

/* Is any VMA mapping the file?  (A hint without the lock.) */
static inline bool mapping_mapped(const struct address_space *mapping)
{
	return !RB_EMPTY_ROOT(&mapping->i_mmap);
}

#define AS_EIO		0
#define AS_ENOSPC	1
#define AS_UNEVICTABLE	3	/* pages never reclaimed (ramfs; tmpfs files go to swap) */

/* ---------------------------------------------------------------- inode */

struct inode_operations {
	struct dentry *(*lookup)(struct inode *dir, struct dentry *dentry, unsigned int flags);
	/*
	 * The body of a symlink.  With dentry == NULL the caller cannot sleep
	 * (not used yet).  done gets the cleanup for a body that must be freed.
	 */
	const char *(*get_link)(struct dentry *dentry, struct inode *inode,
				struct delayed_call *done);
	int (*permission)(struct inode *inode, int mask);
	int (*readlink)(struct dentry *dentry, char *ubuf, int buflen);
	int (*create)(struct inode *dir, struct dentry *dentry, umode_t mode, bool excl);
	int (*link)(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry);
	int (*unlink)(struct inode *dir, struct dentry *dentry);
	int (*symlink)(struct inode *dir, struct dentry *dentry, const char *target);
	int (*mkdir)(struct inode *dir, struct dentry *dentry, umode_t mode);
	int (*rmdir)(struct inode *dir, struct dentry *dentry);
	int (*mknod)(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev);
	int (*rename)(struct inode *old_dir, struct dentry *old_dentry,
		      struct inode *new_dir, struct dentry *new_dentry, unsigned int flags);
	int (*setattr)(struct dentry *dentry, struct iattr *attr);
	int (*getattr)(const struct path *path, struct kstat *stat, u32 request_mask,
		       unsigned int query_flags);
	/* The extended attribute names the caller may see (linux/xattr.h). */
	ssize_t (*listxattr)(struct dentry *dentry, char *list, size_t size);
};

/* i_state */
#define I_NEW		(1 << 0)	/* being set up by iget_locked()'s caller */
#define I_WILL_FREE	(1 << 1)
#define I_FREEING	(1 << 2)	/* being evicted; do not take references */
#define I_CLEAR		(1 << 3)
#define I_DIRTY_SYNC	(1 << 4)
#define I_DIRTY_DATASYNC (1 << 5)
#define I_DIRTY_PAGES	(1 << 6)
#define I_DIRTY_INODE	(I_DIRTY_SYNC | I_DIRTY_DATASYNC)
#define I_DIRTY		(I_DIRTY_INODE | I_DIRTY_PAGES)
#define I_SYNC		(1 << 7)	/* being written back by the flusher */
#define I_DIRTY_TIME	(1 << 11)	/* only timestamps dirty (lazytime) */

/* i_flags */
#define S_SYNC		(1 << 0)
#define S_NOATIME	(1 << 1)
#define S_APPEND	(1 << 2)	/* append-only */
#define S_IMMUTABLE	(1 << 3)
#define S_DEAD		(1 << 4)	/* removed directory: no new entries */
#define S_NOCMTIME	(1 << 7)
#define S_SWAPFILE	(1 << 8)	/* an active swap area (mm/swapfile.c): writes ETXTBSY */
#define S_PRIVATE	(1 << 9)	/* internal inode (pipefs, sockfs) */

/*
 * struct inode: one per file.
 *
 * Lifetime: i_count counts references (dentries hold one each, as do
 * iget callers).  The last iput() evicts the inode if it has no links
 * left, is not hashed, or its super block is going away; otherwise it
 * stays cached (hashed inodes of disk file systems).
 *
 * Locking:
 *   i_rwsem   the directory's entries (create/unlink/rename take it
 *             exclusively, readdir shared) or a file's size and data
 *             (write, truncate exclusive)
 *   i_lock    i_state, i_blocks/i_bytes, i_count transitions from zero
 *   i_size    written under i_rwsem; read with i_size_read()
 *   i_mode, i_uid, i_gid, timestamps, i_nlink: i_rwsem of the inode (or
 *             of the parent directory for i_nlink changes by link/unlink)
 *   i_dentry  dcache_lock
 *   i_sb_list sb->s_inode_list_lock;  i_hash, i_lru: inode_hash_lock
 */
struct inode {
	/* Which file, of which kind, and who handles it. */
	struct super_block *i_sb;
	unsigned long i_ino;
	umode_t i_mode;
	dev_t i_rdev;			/* device nodes: the device number */
	const struct inode_operations *i_op;
	const struct file_operations *i_fop;	/* copied to f_op at open */
	unsigned int i_flags;		/* S_* */
	u32 i_generation;

	/* The attributes stat(2) reports (locking: see above). */
	uid_t i_uid;
	gid_t i_gid;
	unsigned int i_nlink;
	loff_t i_size;
	blkcnt_t i_blocks;		/* 512-byte units */
	unsigned short i_bytes;		/* bytes past the last full i_blocks unit */
	u8 i_blkbits;
	struct timespec64 i_atime;
	struct timespec64 i_mtime;
	struct timespec64 i_ctime;

	/* Life cycle and locks. */
	atomic_t i_count;
	spinlock_t i_lock;
	unsigned long i_state;		/* I_* */
	struct rw_semaphore i_rwsem;
	atomic_t i_writecount;		/* >0: writers, <0: write denied (exec) */

	/* Data: i_mapping is &i_data, except for block device inodes' users. */
	struct address_space *i_mapping;
	struct address_space i_data;

	/* Lists the inode is on. */
	struct hlist_node i_hash;	/* inode hash; inode_hash_lock */
	struct list_head i_lru;		/* unused-inode LRU (shrinker); inode_hash_lock */
	struct list_head i_sb_list;
	struct hlist_head i_dentry;	/* aliases */
	/* writeback (fs/fs-writeback.c): the bdi's b_dirty/b_io/b_more_io; wb->list_lock */
	struct list_head i_io_list;
	unsigned long dirtied_when;	/* jiffies when first dirtied */
	unsigned long dirtied_time_when;

	/* What only some kinds of inode use. */
	const char *i_link;		/* symlink body kept in memory */
	struct pipe_inode_info *i_pipe;	/* FIFOs: the pipe (fs/pipe.c) */
	struct cdev *i_cdev;		/* character devices: the driver */
	struct block_device *i_bdev;
	void *i_private;		/* the file system's */
	struct file_lock_context *i_flctx;	/* flock(2) locks (fs/locks.c); set once */

	/* Watches (fs/notify/): marks and the union of their masks; fsnotify_lock */
	u32 i_fsnotify_mask;
	struct hlist_head i_fsnotify_marks;
};

/*
 * i_size is a single aligned 64-bit word here, so a lockless reader only
 * needs the load not to be torn or repeated; writers hold i_rwsem.
 */
static inline loff_t i_size_read(const struct inode *inode)
{
	return READ_ONCE(inode->i_size);
}

static inline void i_size_write(struct inode *inode, loff_t size)
{
	WRITE_ONCE(inode->i_size, size);
}

/*
 * i_rwsem (see the locking notes above struct inode).  Exclusive for
 * namespace changes in a directory and for writes/truncation of a file;
 * shared for readdir.
 */
static inline struct rw_semaphore *inode_sem(struct inode *inode)
{
	return &inode->i_rwsem;
}

static inline void inode_lock_shared(struct inode *inode)
{
	down_read(inode_sem(inode));
}

static inline void inode_unlock_shared(struct inode *inode)
{
	up_read(inode_sem(inode));
}

static inline void inode_lock(struct inode *inode)
{
	down_write(inode_sem(inode));
}

/* Nonzero if the exclusive lock was taken without waiting. */
static inline int inode_trylock(struct inode *inode)
{
	return down_write_trylock(inode_sem(inode));
}

static inline void inode_unlock(struct inode *inode)
{
	up_write(inode_sem(inode));
}

/*
 * Lock classes for taking two or more i_rwsems (rename, lock_rename()):
 * they only document the order, as there is no lockdep to tell.
 */
enum inode_i_mutex_lock_class {
	I_MUTEX_NORMAL,		/* one inode on its own */
	I_MUTEX_PARENT,		/* a directory, taken before its children */
	I_MUTEX_CHILD,		/* an entry's inode, after its parent */
	I_MUTEX_NONDIR2,	/* the second non-directory of a pair */
	I_MUTEX_PARENT2,	/* the second directory of a rename */
};

static inline void inode_lock_nested(struct inode *inode, unsigned int subclass)
{
	down_write_nested(inode_sem(inode), subclass);
}

#define IS_RDONLY(inode)	sb_rdonly((inode)->i_sb)
#define IS_APPEND(inode)	((inode)->i_flags & S_APPEND)
#define IS_IMMUTABLE(inode)	((inode)->i_flags & S_IMMUTABLE)
#define IS_DEADDIR(inode)	((inode)->i_flags & S_DEAD)
#define IS_NOATIME(inode)	((inode)->i_flags & S_NOATIME)
#define IS_PRIVATE(inode)	((inode)->i_flags & S_PRIVATE)
#define IS_SWAPFILE(inode)	((inode)->i_flags & S_SWAPFILE)

static inline bool special_file(umode_t mode)
{
	return S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode) || S_ISSOCK(mode);
}

static inline struct inode *file_inode(const struct file *f);

/* ---------------------------------------------------------------- inode helpers (fs/inode.c) */

struct inode *new_inode(struct super_block *sb);
/* Initialise a freshly allocated inode (for ->alloc_inode implementations). */
int inode_init_always(struct super_block *sb, struct inode *inode);
struct inode *igrab(struct inode *inode);
void ihold(struct inode *inode);
void iput(struct inode *inode);
/* Inode cache of disk file systems: find or create the inode (sb, ino). */
struct inode *iget_locked(struct super_block *sb, unsigned long ino);
struct inode *ilookup(struct super_block *sb, unsigned long ino);
void unlock_new_inode(struct inode *inode);
void iget_failed(struct inode *inode);
void insert_inode_hash(struct inode *inode);
void remove_inode_hash(struct inode *inode);
static inline bool inode_unhashed(const struct inode *inode)
{
	return hlist_unhashed(&inode->i_hash);
}
void clear_inode(struct inode *inode);
/* ->drop_inode default: evict once unused if unlinked or unhashed. */
int generic_drop_inode(struct inode *inode);
/* Evict every unused inode of sb; returns nonzero if some are still busy. */
int evict_inodes(struct super_block *sb);
unsigned long get_next_ino(void);

void set_nlink(struct inode *inode, unsigned int nlink);
void inc_nlink(struct inode *inode);
void drop_nlink(struct inode *inode);
void clear_nlink(struct inode *inode);

/* Owner, group (set-group-ID directories) and mode of a new inode in dir. */
void inode_init_owner(struct inode *inode, const struct inode *dir, umode_t mode);
/* S_IFCHR/S_IFBLK/S_IFIFO/S_IFSOCK: the generic open dispatch. */
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev);
/* Now, truncated to the file system's granularity. */
struct timespec64 current_time(struct inode *inode);
void inode_set_ctime_current(struct inode *inode);
/*
 * Dirty an inode (fs/fs-writeback.c): I_DIRTY_SYNC/DATASYNC for metadata
 * (calls ->dirty_inode), I_DIRTY_PAGES when its pages were dirtied; puts
 * it on its bdi's dirty list with dirtied_when = now if it was clean.
 */
void __mark_inode_dirty(struct inode *inode, int flags);
void mark_inode_dirty(struct inode *inode);	/* I_DIRTY */
void mark_inode_dirty_sync(struct inode *inode);	/* I_DIRTY_SYNC */
void touch_atime(const struct path *path);
void file_update_time(struct file *file);
void inode_add_bytes(struct inode *inode, loff_t bytes);
void inode_sub_bytes(struct inode *inode, loff_t bytes);
/* Clear set-user-ID and (executable) set-group-ID on a write by a non-owner. */
int file_remove_privs(struct file *file);

/* ---------------------------------------------------------------- attributes (fs/attr.c) */

/*
 * ia_valid bits.  Which attributes to change (the ones whose ia_* field
 * carries the new value):
 */
#define ATTR_SIZE	(1 << 3)
#define ATTR_MODE	(1 << 0)
#define ATTR_UID	(1 << 1)
#define ATTR_GID	(1 << 2)
#define ATTR_ATIME	(1 << 4)
#define ATTR_MTIME	(1 << 5)
#define ATTR_CTIME	(1 << 6)
/* How the times were given (utimensat(2) with and without times): */
#define ATTR_ATIME_SET	(1 << 7)	/* ia_atime is explicit, not "now" */
#define ATTR_MTIME_SET	(1 << 8)
#define ATTR_TIMES_SET	(1 << 16)	/* both explicit: owner only */
#define ATTR_TOUCH	(1 << 17)	/* both "now": owner or writer may */
/* Where the change comes from and what it implies: */
#define ATTR_FORCE	(1 << 9)	/* kernel-internal: skip permission checks */
#define ATTR_FILE	(1 << 13)	/* ia_file is the open file (ftruncate) */
#define ATTR_OPEN	(1 << 15)	/* truncation by open(O_TRUNC) */
#define ATTR_KILL_SUID	(1 << 11)	/* a write by a non-owner: drop S_ISUID */
#define ATTR_KILL_SGID	(1 << 12)	/* ... and an executable S_ISGID */
#define ATTR_KILL_PRIV	(1 << 14)	/* drop security.capability (write, chown) */

/* A change of attributes: notify_change() -> ->setattr. */
struct iattr {
	unsigned int ia_valid;		/* ATTR_* */
	struct file *ia_file;		/* with ATTR_FILE */
	loff_t ia_size;
	umode_t ia_mode;
	uid_t ia_uid;
	gid_t ia_gid;
	struct timespec64 ia_atime;
	struct timespec64 ia_mtime;
	struct timespec64 ia_ctime;
};

int setattr_prepare(struct dentry *dentry, struct iattr *attr);
void setattr_copy(struct inode *inode, const struct iattr *attr);
/* Change attributes; caller holds the inode's i_rwsem. */
int notify_change(struct dentry *dentry, struct iattr *attr, struct inode **delegated);
int inode_newsize_ok(const struct inode *inode, loff_t offset);

/* ---------------------------------------------------------------- super block */

struct super_operations {
	struct inode *(*alloc_inode)(struct super_block *sb);
	void (*destroy_inode)(struct inode *inode);
	void (*dirty_inode)(struct inode *inode, int flags);
	int (*write_inode)(struct inode *inode, struct writeback_control *wbc);
	int (*drop_inode)(struct inode *inode);
	void (*evict_inode)(struct inode *inode);
	void (*put_super)(struct super_block *sb);
	int (*sync_fs)(struct super_block *sb, int wait);
	int (*statfs)(struct dentry *dentry, struct kstatfs *buf);
	/* MS_REMOUNT: *flags holds the new SB_* flags; data the option string. */
	int (*remount_fs)(struct super_block *sb, int *flags, char *data);
	int (*show_options)(struct seq_file *m, struct dentry *root);
};

/* s_flags: the per-super-block subset of the MS_* flags. */
#define SB_RDONLY	MS_RDONLY
#define SB_NOSUID	MS_NOSUID
#define SB_NODEV	MS_NODEV
#define SB_NOEXEC	MS_NOEXEC
#define SB_SYNCHRONOUS	MS_SYNCHRONOUS
#define SB_DIRSYNC	MS_DIRSYNC
#define SB_NOATIME	MS_NOATIME
#define SB_NODIRATIME	MS_NODIRATIME
#define SB_SILENT	MS_SILENT
#define SB_POSIXACL	MS_POSIXACL
#define SB_KERNMOUNT	MS_KERNMOUNT
#define SB_I_VERSION	MS_I_VERSION
#define SB_LAZYTIME	MS_LAZYTIME
#define SB_ACTIVE	(1 << 30)
#define SB_NOUSER	(1 << 31)
#define SB_BORN		(1 << 29)	/* fill_super finished */

/*
 * struct super_block: one mounted file-system instance.
 *
 * Lifetime: s_active counts active users (mounts); when it drops to zero
 * the file system is shut down (->kill_sb).  s_count keeps the structure
 * itself alive (sb_lock) for walkers of super_blocks.
 *
 * Locking: sb_lock guards the super_blocks list, s_instances and s_count;
 * s_umount (rwsem) is held for writing while mounting, remounting and
 * shutting down, for reading by sync; s_inode_list_lock guards s_inodes;
 * s_vfs_rename_mutex serialises cross-directory renames.
 */
struct super_block {
	struct list_head s_list;	/* all super blocks; sb_lock */
	dev_t s_dev;
	unsigned char s_blocksize_bits;
	unsigned long s_blocksize;
	loff_t s_maxbytes;
	struct file_system_type *s_type;
	const struct super_operations *s_op;
	const struct dentry_operations *s_d_op;	/* default for new dentries */
	unsigned long s_flags;		/* SB_* */
	unsigned long s_magic;
	struct dentry *s_root;
	struct rw_semaphore s_umount;
	int s_count;
	atomic_t s_active;
	struct hlist_node s_instances;	/* in s_type->fs_supers; sb_lock */
	struct list_head s_mounts;	/* struct mount instances; mount_lock */
	struct list_head s_inodes;	/* every inode; s_inode_list_lock */
	spinlock_t s_inode_list_lock;
	struct mutex s_vfs_rename_mutex;
	struct block_device *s_bdev;
	struct backing_dev_info *s_bdi;	/* where the inodes write back to */
	errseq_t s_wb_err;		/* writeback errors of any inode (syncfs) */
	u32 s_time_gran;		/* timestamp granularity in ns */
	unsigned int s_max_links;	/* hard links per inode; 0: unlimited */
	int s_readonly_remount;		/* going read-only: refuse new writers; mount_lock */
	char s_id[32];			/* name for messages */
	void *s_fs_info;		/* file system's */
	/* Extended attribute name spaces, NULL-terminated; NULL: none stored. */
	const struct xattr_handler *const *s_xattr;
};

static inline bool sb_rdonly(const struct super_block *sb)
{
	return READ_ONCE(sb->s_flags) & SB_RDONLY;
}

struct file_system_type {
	const char *name;
	int fs_flags;			/* FS_* */
	/* Old-style mount: returns the root dentry (referenced) of a set-up sb. */
	struct dentry *(*mount)(struct file_system_type *type, int flags,
				const char *dev_name, void *data);
	void (*kill_sb)(struct super_block *sb);
	struct file_system_type *next;	/* file_systems list; file_systems_lock */
	struct hlist_head fs_supers;	/* our super blocks; sb_lock */
};

#define FS_REQUIRES_DEV		1
#define FS_USERNS_MOUNT		8

int register_filesystem(struct file_system_type *fs);
int unregister_filesystem(struct file_system_type *fs);
/* The named type, or NULL. */
struct file_system_type *get_fs_type(const char *name);
/* "nodev\tramfs\n..." for /proc/filesystems; returns the length. */
int get_filesystem_list(char *buf, size_t size);
/* The registered types that need a block device, comma-separated (root= mounting). */
int get_block_filesystem_names(char *buf, size_t size);

/* fs/super.c */
struct super_block *sget(struct file_system_type *type,
			 int (*test)(struct super_block *, void *),
			 int (*set)(struct super_block *, void *),
			 int flags, void *data);
struct dentry *mount_nodev(struct file_system_type *fs_type, int flags, void *data,
			   int (*fill_super)(struct super_block *, void *, int));
/*
 * Disk file systems (CONFIG_BLOCK): open dev_name exclusively, find or
 * make its super block (s_bdev, s_dev, s_bdi set) and fill it.
 */
struct dentry *mount_bdev(struct file_system_type *fs_type, int flags, const char *dev_name,
			  void *data, int (*fill_super)(struct super_block *, void *, int));
/* ->kill_sb of mount_bdev() file systems: shut down, sync and close the device. */
void kill_block_super(struct super_block *sb);
void generic_shutdown_super(struct super_block *sb);
void kill_anon_super(struct super_block *sb);
/* kill_anon_super() after dropping the pins of a ramfs-style tree. */
void kill_litter_super(struct super_block *sb);
void deactivate_super(struct super_block *sb);
void deactivate_locked_super(struct super_block *sb);
int set_anon_super(struct super_block *sb, void *data);
int get_anon_bdev(dev_t *dev);
void free_anon_bdev(dev_t dev);
/* Apply MS_REMOUNT flags and options; s_umount held for writing. */
int reconfigure_super(struct super_block *sb, int flags, char *data);
void iterate_supers(void (*f)(struct super_block *, void *), void *arg);
/* Write back what sb holds (nothing for in-memory file systems). */
int sync_filesystem(struct super_block *sb);

/* ---------------------------------------------------------------- file */

/* fallocate(2) after the generic checks (fs/open.c). */
int vfs_fallocate(struct file *file, int mode, loff_t offset, loff_t len);

/* One read or write in progress: the file and the position it acts at. */
struct kiocb {
	int ki_flags;		/* IOCB_*, from the open flags and the call */
	loff_t ki_pos;
	struct file *ki_filp;
};

/* ki_flags */
#define IOCB_APPEND		(1 << 1)	/* O_APPEND: write at i_size */
#define IOCB_DIRECT		(1 << 2)	/* O_DIRECT: ->direct_IO, not the page cache */
#define IOCB_DSYNC		(1 << 4)	/* O_DSYNC: data durable on return */
#define IOCB_SYNC		(1 << 5)	/* O_SYNC: data and metadata */
#define IOCB_NOWAIT		(1 << 7)	/* RWF_NOWAIT: -EAGAIN rather than block */

/* readdir: emit entries through ctx->actor until it returns false. */
struct dir_context;
typedef bool (*filldir_t)(struct dir_context *ctx, const char *name, int namelen,
			  loff_t offset, u64 ino, unsigned int d_type);
struct dir_context {
	filldir_t actor;
	loff_t pos;		/* the position of the next entry */
};

static inline bool dir_emit(struct dir_context *ctx, const char *name, int namelen,
			    u64 ino, unsigned int type)
{
	return ctx->actor(ctx, name, namelen, ctx->pos, ino, type);
}

bool dir_emit_dots(struct file *file, struct dir_context *ctx);

/*
 * File operations.  read/write take user buffers (simple drivers);
 * read_iter/write_iter take an iov_iter of any kind and are required for
 * kernel_read()/kernel_write(), readv/writev and sendfile.  When both are
 * given, read(2)/write(2) use read/write.
 */
struct file_operations {
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
	ssize_t (*read)(struct file *file, char *ubuf, size_t count, loff_t *pos);
	ssize_t (*write)(struct file *file, const char *ubuf, size_t count, loff_t *pos);
	ssize_t (*read_iter)(struct kiocb *iocb, struct iov_iter *to);
	ssize_t (*write_iter)(struct kiocb *iocb, struct iov_iter *from);
	int (*iterate_shared)(struct file *file, struct dir_context *ctx);
	__poll_t (*poll)(struct file *file, struct poll_table_struct *pt);
	long (*unlocked_ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
	int (*mmap)(struct file *file, struct vm_area_struct *vma);
	int (*open)(struct inode *inode, struct file *file);
	int (*flush)(struct file *file, fl_owner_t id);
	int (*release)(struct inode *inode, struct file *file);
	int (*fsync)(struct file *file, loff_t start, loff_t end, int datasync);
	int (*fasync)(int fd, struct file *file, int on);
	long (*fallocate)(struct file *file, int mode, loff_t offset, loff_t len);
	unsigned long (*get_unmapped_area)(struct file *file, unsigned long addr,
					   unsigned long len, unsigned long pgoff,
					   unsigned long flags);
};

/*
 * struct file: an open file description, shared by dup()ed descriptors
 * and across fork().
 *
 * Lifetime: f_count; the last fput() calls ->release and drops the path.
 * Locking: f_lock guards f_flags changes (fcntl F_SETFL); f_pos_lock is
 * held across a read/write/lseek that uses and updates f_pos when the
 * file may be shared (FMODE_ATOMIC_POS and f_count > 1), so concurrent
 * users of one description see the offset move atomically per call.
 */
/*
 * Per-open read-ahead state (mm/readahead.c): the current window is
 * [start, start + size); reaching start + size - async_size (a page
 * marked PG_readahead) triggers the next, larger window.  ra_pages is
 * the maximum, copied from the bdi at open.  Guarded by nothing: racing
 * readers of one file only disturb the heuristic.
 */
struct file_ra_state {
	unsigned int ra_pages;		/* upper bound of size */
	pgoff_t start;			/* the current window */
	unsigned int size;
	unsigned int async_size;	/* its tail that triggers the next */
	loff_t prev_pos;		/* end of the last read: sequential? */
	unsigned int mmap_miss;		/* faults that missed the cache */
};

struct file {
	/* What was opened, fixed for the life of the file. */
	atomic_long_t f_count;
	struct path f_path;
	struct inode *f_inode;
	struct address_space *f_mapping;
	const struct file_operations *f_op;
	const struct cred *f_cred;	/* opener's credentials */
	void *private_data;		/* the driver's or file system's */

	/* How it was opened; f_flags changes under f_lock (F_SETFL). */
	spinlock_t f_lock;
	fmode_t f_mode;			/* FMODE_* */
	unsigned int f_flags;		/* O_* */
	pid_t f_owner_pid;		/* F_SETOWN */
	int f_owner_signum;		/* F_SETSIG */

	/* The offset and what depends on it. */
	struct mutex f_pos_lock;
	loff_t f_pos;
	u64 f_version;			/* directory change counter for readdir */
	struct file_ra_state f_ra;	/* read-ahead state (mm/readahead.c) */

	/* Writeback errors this file has already been told about. */
	errseq_t f_wb_err;		/* of the mapping (fsync) */
	errseq_t f_sb_err;		/* of the super block (syncfs) */

	/* epoll items watching this file (fs/eventpoll.c); under f_lock. */
	struct hlist_head f_ep;
};

static inline struct inode *file_inode(const struct file *f)
{
	return f->f_inode;
}

static inline struct dentry *file_dentry(const struct file *f)
{
	return f->f_path.dentry;
}

static inline struct file *get_file(struct file *f)
{
	atomic_long_inc(&f->f_count);
	return f;
}

#define file_count(f)	atomic_long_read(&(f)->f_count)

void fput(struct file *file);

/* fs/file_table.c */
struct file *alloc_empty_file(int flags, const struct cred *cred);
/* A file on a pseudo file system (pipes, sockets, anon inodes). */
struct file *alloc_file_pseudo(struct inode *inode, struct vfsmount *mnt,
			       const char *name, int flags,
			       const struct file_operations *fops);
struct file *alloc_file_clone(struct file *base, int flags,
			      const struct file_operations *fops);
/* Statistics: open files now (for /proc/sys/fs/file-nr). */
unsigned long get_nr_files(void);

/* fs/open.c */
struct file *filp_open(const char *filename, int flags, umode_t mode);
struct file *file_open_root(const struct path *root, const char *filename, int flags,
			    umode_t mode);
struct file *dentry_open(const struct path *path, int flags, const struct cred *cred);
int vfs_open(const struct path *path, struct file *file);
int filp_close(struct file *filp, fl_owner_t id);
int generic_file_open(struct inode *inode, struct file *filp);
int nonseekable_open(struct inode *inode, struct file *filp);
int stream_open(struct inode *inode, struct file *filp);
int do_truncate(struct dentry *dentry, loff_t start, unsigned int time_attrs,
		struct file *filp);
int vfs_truncate(const struct path *path, loff_t length);
long do_sys_ftruncate(unsigned int fd, loff_t length, int small);
int vfs_fchmod(struct file *file, umode_t mode);
int vfs_fchown(struct file *file, uid_t user, gid_t group);
int chmod_common(const struct path *path, umode_t mode);
int chown_common(const struct path *path, uid_t user, gid_t group);
long do_faccessat(int dfd, const char *filename, int mode, int flags);

/* fs/read_write.c */
ssize_t vfs_read(struct file *file, char *ubuf, size_t count, loff_t *pos);
ssize_t vfs_write(struct file *file, const char *ubuf, size_t count, loff_t *pos);
ssize_t vfs_iter_read(struct file *file, struct iov_iter *iter, loff_t *ppos, int flags);
ssize_t vfs_iter_write(struct file *file, struct iov_iter *iter, loff_t *ppos, int flags);
ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos);
ssize_t kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos);
int rw_verify_area(int rw, struct file *file, const loff_t *ppos, size_t count);
int rwf_to_iocb_flags(int rwf);
loff_t vfs_llseek(struct file *file, loff_t offset, int whence);
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence);
loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence,
				loff_t maxsize, loff_t eof);
loff_t vfs_setpos(struct file *file, loff_t offset, loff_t maxsize);
loff_t no_llseek(struct file *file, loff_t offset, int whence);
loff_t noop_llseek(struct file *file, loff_t offset, int whence);
loff_t default_llseek(struct file *file, loff_t offset, int whence);
ssize_t do_sendfile(int out_fd, int in_fd, loff_t *ppos, size_t count, loff_t max);
/* Linux's ksys_* helpers: the syscall bodies, callable from the kernel. */
ssize_t ksys_read(unsigned int fd, char *ubuf, size_t count);
ssize_t ksys_write(unsigned int fd, const char *ubuf, size_t count);
off_t ksys_lseek(unsigned int fd, off_t offset, unsigned int whence);
ssize_t ksys_pread64(unsigned int fd, char *ubuf, size_t count, loff_t pos);
ssize_t ksys_pwrite64(unsigned int fd, const char *ubuf, size_t count, loff_t pos);

/* fs/utimes.c: times NULL means now; UTIME_NOW/UTIME_OMIT in tv_nsec. */
int vfs_utimes(const struct path *path, struct timespec64 *times);
long do_utimes(int dfd, const char *filename, struct timespec64 *times, int flags);

/* fs/readdir.c */
int iterate_dir(struct file *file, struct dir_context *ctx);
/* getdents64 into any iterator (user buffer for the syscall). */
long ksys_getdents64_iter(unsigned int fd, struct iov_iter *to);

/* fs/sync.c */
int vfs_fsync(struct file *file, int datasync);
int vfs_fsync_range(struct file *file, loff_t start, loff_t end, int datasync);
void ksys_sync(void);

/* fs/ioctl.c */
long vfs_ioctl(struct file *filp, unsigned int cmd, unsigned long arg);

/* fs/fcntl.c */
long do_fcntl(int fd, unsigned int cmd, unsigned long arg, struct file *filp);
int setfl(int fd, struct file *filp, unsigned int arg);

/* fs/stat.c */
int vfs_getattr(const struct path *path, struct kstat *stat, u32 request_mask,
		unsigned int query_flags);
int vfs_fstat(int fd, struct kstat *stat);
int vfs_fstatat(int dfd, const char *filename, struct kstat *stat, int flags);
void generic_fillattr(struct inode *inode, struct kstat *stat);
/* The symlink body of dentry into a user buffer (readlink(2)). */
int vfs_readlink(struct dentry *dentry, char *ubuf, int buflen);
const char *vfs_get_link(struct dentry *dentry, struct delayed_call *done);

/* fs/char_dev.c, block/fops.c (fs/no-block.c without CONFIG_BLOCK), fs/pipe.c */
extern const struct file_operations def_chr_fops;
extern const struct file_operations def_blk_fops;
extern const struct file_operations pipefifo_fops;
int register_chrdev_region(dev_t from, unsigned int count, const char *name);
int alloc_chrdev_region(dev_t *dev, unsigned int baseminor, unsigned int count,
			const char *name);
void unregister_chrdev_region(dev_t from, unsigned int count);
int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
		      const char *name, const struct file_operations *fops);
void __unregister_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
			 const char *name);

/* Claim major (0: pick one) with all 256 minors; returns the major or -errno. */
static inline int register_chrdev(unsigned int major, const char *name,
				  const struct file_operations *fops)
{
	return __register_chrdev(major, 0, 256, name, fops);
}

static inline void unregister_chrdev(unsigned int major, const char *name)
{
	__unregister_chrdev(major, 0, 256, name);
}

/* "  1 mem\n  4 tty\n..." for /proc/devices; returns the length. */
int chrdev_show_all(char *buf, size_t size);

/*
 * flock(2) and fcntl(2) record locks (fs/locks.c): flock and OFD locks
 * are dropped with the file, classic record locks at any close by their
 * owner (the descriptor table); the context is freed with the inode.
 */
void locks_remove_file(struct file *file);
void locks_remove_posix(struct file *file, fl_owner_t owner);
long fcntl_getlk(struct file *file, unsigned int cmd, void *arg);
long fcntl_setlk(struct file *file, unsigned int cmd, void *arg);
void locks_free_lock_context(struct inode *inode);

/* ---------------------------------------------------------------- namespace-facing VFS calls */

/* fs/namei.c: the vfs_* operations on already looked-up dentries. */
int inode_permission(struct inode *inode, int mask);
int generic_permission(struct inode *inode, int mask);
int may_open_dev(const struct path *path);
int vfs_create(struct inode *dir, struct dentry *dentry, umode_t mode, bool want_excl);
int vfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode);
int vfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev);
int vfs_symlink(struct inode *dir, struct dentry *dentry, const char *oldname);
int vfs_link(struct dentry *old_dentry, struct inode *dir, struct dentry *new_dentry,
	     struct inode **delegated);
int vfs_rmdir(struct inode *dir, struct dentry *dentry);
int vfs_unlink(struct inode *dir, struct dentry *dentry, struct inode **delegated);

/* vfs_rename()'s arguments: the entry old_dir/old_dentry moves to new_dir/new_dentry. */
struct renamedata {
	struct inode *old_dir;
	struct dentry *old_dentry;
	unsigned int flags;		/* RENAME_NOREPLACE, RENAME_EXCHANGE */
	struct inode *new_dir;
	struct dentry *new_dentry;
	struct inode **delegated_inode;	/* no delegations here: left NULL */
};
int vfs_rename(struct renamedata *rd);
struct dentry *lock_rename(struct dentry *p1, struct dentry *p2);
void unlock_rename(struct dentry *p1, struct dentry *p2);

/* Write access to a mount (fs/namespace.c): -EROFS if read-only. */
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int mnt_want_write_file(struct file *file);
void mnt_drop_write_file(struct file *file);
int __mnt_is_readonly(struct vfsmount *mnt);

/*
 * Executables: i_writecount > 0 counts writers, < 0 counts executions that
 * deny writing.  Opening for write while denied, or executing while open
 * for write, fails with ETXTBSY.
 */
static inline int get_write_access(struct inode *inode)
{
	int old = atomic_read(&inode->i_writecount);

	do {
		if (old < 0)
			return -ETXTBSY;
	} while (!atomic_try_cmpxchg(&inode->i_writecount, &old, old + 1));
	return 0;
}

static inline void put_write_access(struct inode *inode)
{
	atomic_dec(&inode->i_writecount);
}

static inline int deny_write_access(struct file *file)
{
	struct inode *inode = file_inode(file);
	int old = atomic_read(&inode->i_writecount);

	do {
		if (old > 0)
			return -ETXTBSY;
	} while (!atomic_try_cmpxchg(&inode->i_writecount, &old, old - 1));
	return 0;
}

static inline void allow_write_access(struct file *file)
{
	if (file)
		atomic_inc(&file_inode(file)->i_writecount);
}

/* ---------------------------------------------------------------- fs/libfs.c */

extern const struct file_operations simple_dir_operations;
extern const struct inode_operations simple_dir_inode_operations;
extern const struct dentry_operations simple_dentry_operations;
extern const struct inode_operations simple_symlink_inode_operations;
int always_delete_dentry(const struct dentry *dentry);
struct dentry *simple_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags);
int simple_link(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry);
int simple_unlink(struct inode *dir, struct dentry *dentry);
/* mount(2)'s option string, one "name[=value]" at a time (fs/libfs.c). */
int parse_mount_options(const char *data, int (*one)(char *name, char *val, void *ctx),
			void *ctx);
int simple_rmdir(struct inode *dir, struct dentry *dentry);
int simple_rename(struct inode *old_dir, struct dentry *old_dentry,
		  struct inode *new_dir, struct dentry *new_dentry, unsigned int flags);
int simple_empty(struct dentry *dentry);
int simple_setattr(struct dentry *dentry, struct iattr *iattr);
int simple_getattr(const struct path *path, struct kstat *stat, u32 request_mask,
		   unsigned int query_flags);
int simple_statfs(struct dentry *dentry, struct kstatfs *buf);
int simple_open(struct inode *inode, struct file *file);
int dcache_dir_open(struct inode *inode, struct file *file);
int dcache_dir_close(struct inode *inode, struct file *file);
loff_t dcache_dir_lseek(struct file *file, loff_t offset, int whence);
int dcache_readdir(struct file *file, struct dir_context *ctx);
ssize_t generic_read_dir(struct file *filp, char *buf, size_t siz, loff_t *ppos);
int noop_fsync(struct file *file, loff_t start, loff_t end, int datasync);
const char *simple_get_link(struct dentry *dentry, struct inode *inode,
			    struct delayed_call *done);
/* A pseudo file system with no mount point (pipefs, sockfs). */
struct vfsmount *kern_mount(struct file_system_type *type);
void kern_unmount(struct vfsmount *mnt);
struct dentry *mount_pseudo(struct file_system_type *fs_type, const char *name,
			    const struct dentry_operations *dops, unsigned long magic);

/* ---------------------------------------------------------------- misc */

/* fs/d_path.c: the cwd's name (NUL included) into a kernel buffer. */
long vfs_getcwd(char *buf, unsigned long buflen);

extern const struct file_operations bad_sock_fops;

/* Boot pieces run by vfs_caches_init() (fs/dcache.c, a core initcall). */
void inode_init(void);
void files_init(void);
void mnt_init(void);

#endif /* _LINUX_FS_H */
