// SPDX-License-Identifier: GPL-2.0-only
/*
 * Inodes: allocation, reference counting, eviction, the inode hash of
 * disk file systems, and the small helpers every file system uses
 * (ownership of new inodes, timestamps, link counts, special files).
 *
 * Interface: new_inode(), iput()/ihold()/igrab(), iget_locked() +
 * unlock_new_inode(), init_special_inode(), inode_init_owner(),
 * current_time(), evict_inodes() for umount.
 *
 * Locking:
 *   inode_hash_lock      the hash chains, and every i_count 1 -> 0
 *                        transition (so a lookup never revives an inode
 *                        that is being evicted: eviction unhashes first)
 *   inode->i_lock        i_state, i_blocks/i_bytes
 *   sb->s_inode_list_lock  sb->s_inodes
 * Order: inode_hash_lock -> i_lock -> s_inode_list_lock.
 *
 * An inode whose count drops to zero is evicted at once unless the file
 * system wants it cached (->drop_inode says keep: hashed inodes with
 * links on an active super block); cached unused inodes stay on
 * s_inodes, and on the inode LRU for the shrinker (memory pressure,
 * drop_caches 2), until evicted or evict_inodes() at umount.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/wait_bit.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/timekeeping.h>
#include <linux/fs.h>
#include <linux/xattr.h>
#include <linux/mount.h>
#include <linux/pagemap.h>
#include <linux/swap.h>
#include <linux/writeback.h>
#include "internal.h"

/*
 * 32768 chains (256 KiB): a walk over a tree of 66000 files keeps every
 * inode cached, and with 4096 chains ilookup() walked 16 on average.
 */
#define I_HASH_BITS	15
#define I_HASH_SIZE	(1U << I_HASH_BITS)

static struct hlist_head inode_hashtable[I_HASH_SIZE];
static DEFINE_SPINLOCK(inode_hash_lock);
/*
 * Unused cached inodes, oldest first, for the shrinker; guarded by
 * inode_hash_lock.  An inode that is used again stays on the list until
 * the shrinker meets it (lazy removal); one being freed leaves it while
 * I_FREEING is set, under inode_hash_lock, so anything the shrinker
 * finds on the list with the lock held is still allocated.
 */
static LIST_HEAD(inode_lru);
static unsigned long nr_inode_lru;
static struct kmem_cache *inode_cachep;
static atomic_long_t last_ino;

static unsigned int inode_hashfn(const struct super_block *sb, unsigned long ino)
{
	u64 v = ((unsigned long)sb >> 6) ^ ino;

	return (unsigned int)((v * 0x9E3779B97F4A7C15ULL) >> (64 - I_HASH_BITS));
}

unsigned long get_next_ino(void)
{
	return atomic_long_add_return(1, &last_ino);
}

/* ------------------------------------------------------------ allocation */

/* What a new inode has until its file system says otherwise. */
static const struct inode_operations empty_iops = {};

static int no_open(struct inode *inode, struct file *file)
{
	return -ENXIO;
}

static const struct file_operations no_open_fops = {
	.open = no_open,
};

int inode_init_always(struct super_block *sb, struct inode *inode)
{
	memset(inode, 0, sizeof(*inode));
	inode->i_sb = sb;
	inode->i_blkbits = sb->s_blocksize_bits;
	atomic_set(&inode->i_count, 1);
	inode->i_nlink = 1;
	inode->i_op = &empty_iops;
	inode->i_fop = &no_open_fops;
	atomic_set(&inode->i_writecount, 0);
	spin_lock_init(&inode->i_lock);
	init_rwsem(&inode->i_rwsem);
	INIT_HLIST_NODE(&inode->i_hash);
	INIT_LIST_HEAD(&inode->i_sb_list);
	INIT_LIST_HEAD(&inode->i_lru);
	INIT_HLIST_HEAD(&inode->i_dentry);
	address_space_init_once(&inode->i_data);
	spin_lock_init(&inode->i_data.private_lock);
	INIT_LIST_HEAD(&inode->i_data.private_list);
	INIT_LIST_HEAD(&inode->i_io_list);
	inode->i_data.host = inode;
	inode->i_mapping = &inode->i_data;
	return 0;
}

static struct inode *alloc_inode(struct super_block *sb)
{
	struct inode *inode;

	if (sb->s_op->alloc_inode)
		inode = sb->s_op->alloc_inode(sb);
	else
		inode = kmem_cache_alloc(inode_cachep, GFP_KERNEL);
	if (!inode)
		return NULL;
	inode_init_always(sb, inode);
	return inode;
}

static void destroy_inode(struct inode *inode)
{
	/* Its shadow entries go with it (and off the shrinker's list). */
	workingset_forget_mapping(&inode->i_data);
	locks_free_lock_context(inode);
	if (inode->i_sb->s_op->destroy_inode)
		inode->i_sb->s_op->destroy_inode(inode);
	else
		kmem_cache_free(inode_cachep, inode);
}

static void inode_lru_del(struct inode *inode)
{
	if (!list_empty(&inode->i_lru)) {
		list_del_init(&inode->i_lru);
		nr_inode_lru--;
	}
}

static void inode_sb_list_add(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;

	spin_lock(&sb->s_inode_list_lock);
	list_add(&inode->i_sb_list, &sb->s_inodes);
	spin_unlock(&sb->s_inode_list_lock);
}

static void inode_sb_list_del(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;

	spin_lock(&sb->s_inode_list_lock);
	list_del_init(&inode->i_sb_list);
	spin_unlock(&sb->s_inode_list_lock);
}

struct inode *new_inode(struct super_block *sb)
{
	struct inode *inode = alloc_inode(sb);

	if (inode)
		inode_sb_list_add(inode);
	return inode;
}

/* ------------------------------------------------------------ references and eviction */

void ihold(struct inode *inode)
{
	WARN_ON(atomic_inc_return(&inode->i_count) < 2);
}

struct inode *igrab(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	if (inode->i_state & (I_FREEING | I_WILL_FREE)) {
		spin_unlock(&inode->i_lock);
		return NULL;
	}
	atomic_inc(&inode->i_count);
	spin_unlock(&inode->i_lock);
	return inode;
}

void clear_inode(struct inode *inode)
{
	WARN_ON(inode->i_data.nrpages);
	inode->i_state = I_FREEING | I_CLEAR;
}

static void evict(struct inode *inode)
{
	const struct super_operations *op = inode->i_sb->s_op;

	if (!list_empty(&inode->i_io_list))
		inode_io_list_del(inode);
	inode_sb_list_del(inode);
	/* A writer (flusher, fsync) may still be finishing with it. */
	inode_wait_for_writeback(inode);
	if (op->evict_inode) {
		op->evict_inode(inode);
	} else {
		truncate_inode_pages(&inode->i_data, 0);
		clear_inode(inode);
	}
	WARN_ON(!hlist_empty(&inode->i_dentry));
	destroy_inode(inode);
}

int generic_drop_inode(struct inode *inode)
{
	return !inode->i_nlink || inode_unhashed(inode);
}

void iput(struct inode *inode)
{
	const struct super_operations *op;
	int drop;

	if (!inode)
		return;
	if (atomic_fetch_add_unless(&inode->i_count, -1, 1) != 1)
		return;
	op = inode->i_sb->s_op;
	spin_lock(&inode_hash_lock);
	spin_lock(&inode->i_lock);
	if (!atomic_dec_and_test(&inode->i_count)) {
		spin_unlock(&inode->i_lock);
		spin_unlock(&inode_hash_lock);
		return;
	}
	drop = op->drop_inode ? op->drop_inode(inode) : generic_drop_inode(inode);
	if (!drop && (inode->i_sb->s_flags & SB_ACTIVE)) {
		/* Cached for the next iget_locked(), until the shrinker wants it. */
		if (list_empty(&inode->i_lru)) {
			list_add_tail(&inode->i_lru, &inode_lru);
			nr_inode_lru++;
		}
		spin_unlock(&inode->i_lock);
		spin_unlock(&inode_hash_lock);
		return;
	}
	inode->i_state |= I_FREEING;
	spin_unlock(&inode->i_lock);
	hlist_del_init(&inode->i_hash);
	inode_lru_del(inode);
	spin_unlock(&inode_hash_lock);
	evict(inode);
}

/* ------------------------------------------------------------ shrinker */

static unsigned long icache_shrink_count(struct shrinker *s, struct shrink_control *sc)
{
	return READ_ONCE(nr_inode_lru);
}

/*
 * Evict up to nr_to_scan unused inodes from the head of the LRU.  Those
 * in use again leave the list; dirty ones, ones under writeback and ones
 * that still have pages (page reclaim frees those first) go to the tail.
 */
static unsigned long icache_shrink_scan(struct shrinker *s, struct shrink_control *sc)
{
	unsigned long nr = sc->nr_to_scan, freed = 0;
	LIST_HEAD(dispose);
	struct inode *inode;

	/* Eviction is file system code. */
	if (!(sc->gfp_mask & __GFP_FS))
		return SHRINK_STOP;
	spin_lock(&inode_hash_lock);
	while (nr-- && !list_empty(&inode_lru)) {
		inode = list_first_entry(&inode_lru, struct inode, i_lru);
		inode_lru_del(inode);
		spin_lock(&inode->i_lock);
		if (atomic_read(&inode->i_count) ||
		    (inode->i_state & (I_NEW | I_FREEING | I_WILL_FREE))) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		if ((inode->i_state & (I_DIRTY | I_DIRTY_TIME | I_SYNC)) ||
		    READ_ONCE(inode->i_data.nrpages)) {
			list_add_tail(&inode->i_lru, &inode_lru);
			nr_inode_lru++;
			spin_unlock(&inode->i_lock);
			continue;
		}
		inode->i_state |= I_FREEING;
		spin_unlock(&inode->i_lock);
		hlist_del_init(&inode->i_hash);
		list_add(&inode->i_lru, &dispose);
	}
	spin_unlock(&inode_hash_lock);
	while (!list_empty(&dispose)) {
		inode = list_first_entry(&dispose, struct inode, i_lru);
		list_del_init(&inode->i_lru);
		evict(inode);
		freed++;
	}
	return freed;
}

static struct shrinker icache_shrinker = {
	.count_objects = icache_shrink_count,
	.scan_objects = icache_shrink_scan,
	.seeks = DEFAULT_SEEKS,
};

int evict_inodes(struct super_block *sb)
{
	struct inode *inode;
	int busy = 0;

again:
	spin_lock(&inode_hash_lock);
	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
		if (atomic_read(&inode->i_count)) {
			continue;
		}
		spin_lock(&inode->i_lock);
		/* The flusher takes references under i_lock: check again here. */
		if (atomic_read(&inode->i_count) ||
		    (inode->i_state & (I_NEW | I_FREEING | I_WILL_FREE))) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		inode->i_state |= I_FREEING;
		spin_unlock(&inode->i_lock);
		hlist_del_init(&inode->i_hash);
		inode_lru_del(inode);
		spin_unlock(&sb->s_inode_list_lock);
		spin_unlock(&inode_hash_lock);
		evict(inode);
		goto again;
	}
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list)
		busy++;
	spin_unlock(&sb->s_inode_list_lock);
	spin_unlock(&inode_hash_lock);
	return busy;
}

/* ------------------------------------------------------------ the inode hash */

static struct inode *find_inode_fast(struct super_block *sb, struct hlist_head *head,
				     unsigned long ino)
{
	struct inode *inode;

	hlist_for_each_entry(inode, head, i_hash) {
		if (inode->i_ino == ino && inode->i_sb == sb)
			return inode;
	}
	return NULL;
}

/* Wait for I_NEW to clear on inode (found under inode_hash_lock, dropped). */
static void wait_on_new_inode(struct inode *inode)
{
	wait_var_event(&inode->i_state, !(READ_ONCE(inode->i_state) & I_NEW));
}

/*
 * A found inode: referenced, or NULL if it is going away (the caller then
 * searches again).  Called with inode_hash_lock held; may drop it to wait
 * for I_NEW, in which case *relock tells the caller to restart.
 */
static struct inode *grab_found(struct inode *inode, bool *restart)
{
	spin_lock(&inode->i_lock);
	if (inode->i_state & I_NEW) {
		atomic_inc(&inode->i_count);
		spin_unlock(&inode->i_lock);
		spin_unlock(&inode_hash_lock);
		wait_on_new_inode(inode);
		/* iget_failed() unhashes it: drop our reference and retry. */
		if (inode_unhashed(inode)) {
			iput(inode);
			*restart = true;
			return NULL;
		}
		*restart = false;
		return inode;
	}
	atomic_inc(&inode->i_count);
	spin_unlock(&inode->i_lock);
	spin_unlock(&inode_hash_lock);
	*restart = false;
	return inode;
}

struct inode *ilookup(struct super_block *sb, unsigned long ino)
{
	struct hlist_head *head = inode_hashtable + inode_hashfn(sb, ino);
	struct inode *inode;
	bool restart;

	do {
		spin_lock(&inode_hash_lock);
		inode = find_inode_fast(sb, head, ino);
		if (!inode) {
			spin_unlock(&inode_hash_lock);
			return NULL;
		}
		inode = grab_found(inode, &restart);
	} while (restart);
	return inode;
}

struct inode *iget_locked(struct super_block *sb, unsigned long ino)
{
	struct hlist_head *head = inode_hashtable + inode_hashfn(sb, ino);
	struct inode *inode, *old;
	bool restart;

	inode = ilookup(sb, ino);
	if (inode)
		return inode;
	inode = alloc_inode(sb);
	if (!inode)
		return NULL;
	for (;;) {
		spin_lock(&inode_hash_lock);
		old = find_inode_fast(sb, head, ino);
		if (!old)
			break;
		old = grab_found(old, &restart);
		if (!restart) {
			destroy_inode(inode);
			return old;
		}
	}
	inode->i_ino = ino;
	inode->i_state = I_NEW;
	hlist_add_head(&inode->i_hash, head);
	spin_unlock(&inode_hash_lock);
	inode_sb_list_add(inode);
	return inode;
}

void unlock_new_inode(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	WARN_ON(!(inode->i_state & I_NEW));
	inode->i_state &= ~I_NEW;
	spin_unlock(&inode->i_lock);
	wake_up_var(&inode->i_state);
}

void insert_inode_hash(struct inode *inode)
{
	struct hlist_head *head = inode_hashtable + inode_hashfn(inode->i_sb, inode->i_ino);

	spin_lock(&inode_hash_lock);
	hlist_add_head(&inode->i_hash, head);
	spin_unlock(&inode_hash_lock);
}

void remove_inode_hash(struct inode *inode)
{
	spin_lock(&inode_hash_lock);
	hlist_del_init(&inode->i_hash);
	spin_unlock(&inode_hash_lock);
}

void iget_failed(struct inode *inode)
{
	clear_nlink(inode);
	remove_inode_hash(inode);
	unlock_new_inode(inode);
	iput(inode);
}

/* ------------------------------------------------------------ link counts */

void set_nlink(struct inode *inode, unsigned int nlink)
{
	WRITE_ONCE(inode->i_nlink, nlink);
}

void inc_nlink(struct inode *inode)
{
	WRITE_ONCE(inode->i_nlink, inode->i_nlink + 1);
}

void drop_nlink(struct inode *inode)
{
	if (WARN_ON(inode->i_nlink == 0))
		return;
	WRITE_ONCE(inode->i_nlink, inode->i_nlink - 1);
}

void clear_nlink(struct inode *inode)
{
	WRITE_ONCE(inode->i_nlink, 0);
}

/* ------------------------------------------------------------ new inodes */

void inode_init_owner(struct inode *inode, const struct inode *dir, umode_t mode)
{
	inode->i_uid = current_fsuid();
	if (dir && (dir->i_mode & S_ISGID)) {
		inode->i_gid = dir->i_gid;
		if (S_ISDIR(mode))
			mode |= S_ISGID;
		else if ((mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP) &&
			 !in_group_p(inode->i_gid) &&
			 !capable_wrt_inode_uidgid(dir, CAP_FSETID))
			mode &= ~S_ISGID;
	} else {
		inode->i_gid = current_fsgid();
	}
	inode->i_mode = mode;
}

/* Socket inodes are reached with connect(2); open(2) gives ENXIO, as in Linux. */
static int sock_no_open(struct inode *inode, struct file *filp)
{
	return -ENXIO;
}

const struct file_operations bad_sock_fops = {
	.open = sock_no_open,
};

/* The file operations each special file type opens with. */
static const struct {
	umode_t type;
	bool is_device;		/* keeps a device number in i_rdev */
	const struct file_operations *fops;
} special_inode_types[] = {
	{ S_IFCHR, true, &def_chr_fops },
	{ S_IFBLK, true, &def_blk_fops },
	{ S_IFIFO, false, &pipefifo_fops },
	{ S_IFSOCK, false, &bad_sock_fops },
};

/* Set up a device node, FIFO or socket inode of a disk or memory file system. */
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev)
{
	inode->i_mode = mode;
	for (unsigned int i = 0; i < ARRAY_SIZE(special_inode_types); i++) {
		if ((mode & S_IFMT) != special_inode_types[i].type)
			continue;
		inode->i_fop = special_inode_types[i].fops;
		if (special_inode_types[i].is_device)
			inode->i_rdev = rdev;
		return;
	}
	pr_warn("init_special_inode: inode %s:%lu has mode %o, not a special file\n",
		inode->i_sb->s_id, inode->i_ino, mode);
}

/* ------------------------------------------------------------ times */

struct timespec64 current_time(struct inode *inode)
{
	struct timespec64 now = ns_to_timespec64(ktime_get_real_ns());
	u32 gran = inode->i_sb->s_time_gran;

	if (gran == 1000000000)
		now.tv_nsec = 0;
	else if (gran > 1)
		now.tv_nsec -= now.tv_nsec % gran;
	return now;
}

void inode_set_ctime_current(struct inode *inode)
{
	inode->i_ctime = current_time(inode);
}

/* relatime: update atime if it is not newer than mtime/ctime, or a day old. */
static bool atime_needs_update(const struct path *path, struct inode *inode)
{
	struct vfsmount *mnt = path->mnt;
	struct timespec64 now;

	if (IS_NOATIME(inode) || (inode->i_sb->s_flags & SB_NOATIME))
		return false;
	if (mnt->mnt_flags & MNT_NOATIME)
		return false;
	if (S_ISDIR(inode->i_mode) &&
	    ((mnt->mnt_flags & MNT_NODIRATIME) || (inode->i_sb->s_flags & SB_NODIRATIME)))
		return false;
	if (__mnt_is_readonly(mnt))
		return false;
	now = current_time(inode);
	if (mnt->mnt_flags & MNT_RELATIME) {
		if (timespec64_compare(&inode->i_mtime, &inode->i_atime) >= 0 ||
		    timespec64_compare(&inode->i_ctime, &inode->i_atime) >= 0)
			return true;
		return now.tv_sec - inode->i_atime.tv_sec >= 24 * 60 * 60;
	}
	return !timespec64_equal(&inode->i_atime, &now);
}

void touch_atime(const struct path *path)
{
	struct inode *inode = d_inode(path->dentry);

	if (!atime_needs_update(path, inode))
		return;
	inode->i_atime = current_time(inode);
	mark_inode_dirty(inode);
}

void file_update_time(struct file *file)
{
	struct inode *inode = file_inode(file);
	struct timespec64 now = current_time(inode);

	if (inode->i_flags & S_NOCMTIME)
		return;
	if (timespec64_equal(&inode->i_mtime, &now) && timespec64_equal(&inode->i_ctime, &now))
		return;
	inode->i_mtime = now;
	inode->i_ctime = now;
	mark_inode_dirty(inode);
}

/* The mode change a write by this task must make, or 0 for none. */
static umode_t privs_to_kill(struct inode *inode)
{
	umode_t mode = inode->i_mode, kill = 0;

	if (!S_ISREG(mode))
		return 0;
	if (mode & S_ISUID)
		kill |= S_ISUID;
	/* S_ISGID without group execute means mandatory locking, not set-id. */
	if ((mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP))
		kill |= S_ISGID;
	if (kill && capable(CAP_FSETID))
		kill = 0;
	return kill;
}

/*
 * Caller holds the inode's i_rwsem.  A write also drops the file's
 * capabilities (security.capability), whoever writes: the new contents
 * were not what they were granted to.
 */
int file_remove_privs(struct file *file)
{
	struct dentry *dentry = file->f_path.dentry;
	struct inode *inode = file_inode(file);
	umode_t kill = privs_to_kill(inode);
	int caps = xattr_need_kill_priv(dentry);
	struct iattr attr = { .ia_valid = ATTR_FORCE };

	if (caps < 0)
		return caps;
	if (!kill && !caps)
		return 0;
	if (kill) {
		attr.ia_valid |= ATTR_MODE;
		attr.ia_mode = inode->i_mode & ~kill;
	}
	if (caps)
		attr.ia_valid |= ATTR_KILL_PRIV;
	return notify_change(dentry, &attr, NULL);
}

/* ------------------------------------------------------------ block counts */

/*
 * The space a file uses is kept as i_blocks 512-byte units plus i_bytes
 * (always below 512); i_lock guards the pair.  Change the total by @delta.
 */
static void inode_adjust_bytes(struct inode *inode, loff_t delta)
{
	loff_t total;

	spin_lock(&inode->i_lock);
	total = ((loff_t)inode->i_blocks << 9) + inode->i_bytes + delta;
	inode->i_blocks = total >> 9;
	inode->i_bytes = total & 511;
	spin_unlock(&inode->i_lock);
}

void inode_add_bytes(struct inode *inode, loff_t bytes)
{
	inode_adjust_bytes(inode, bytes);
}

void inode_sub_bytes(struct inode *inode, loff_t bytes)
{
	inode_adjust_bytes(inode, -bytes);
}

void inode_init(void)
{
	inode_cachep = kmem_cache_create("inode_cache", sizeof(struct inode), 0,
					 SLAB_RECLAIM_ACCOUNT | SLAB_PANIC, NULL);
	for (unsigned int i = 0; i < I_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&inode_hashtable[i]);
	register_shrinker(&icache_shrinker);
}
