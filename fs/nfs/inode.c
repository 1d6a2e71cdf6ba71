// SPDX-License-Identifier: GPL-2.0-only
/*
 * NFS inodes: finding the inode of a file handle, the attribute cache,
 * getattr/setattr, permission checks through ACCESS, and the inode
 * life cycle (alloc, evict, destroy) of the super_operations.
 *
 * Identity.  An inode is hashed by the server's fileid (i_ino) and
 * remembers its file handle.  nfs_fhget() looks the fileid up in the
 * VFS inode cache and accepts a cached inode only if its handle (and
 * type) are the same: a different handle under a known fileid means the
 * server reused the number for a new file, so the old inode is unhashed
 * (its remaining users keep it until they let go) and a new one made.
 *
 * The attribute cache.  Attributes from any reply (GETATTR, post-op
 * attributes, wcc_data) go through nfs_refresh_inode().  They are
 * trusted for nfs_inode.attrtimeo jiffies after they were fetched.  The
 * lifetime adapts between acregmin and acregmax (acdirmin/acdirmax for
 * directories): it starts at the minimum, doubles each time it runs out
 * and the server's attributes turn out unchanged, and falls back to the
 * minimum when they change.  noac makes every lifetime 0.
 *
 * Data consistency.  cache_mtime and cache_size are the server's mtime
 * and size the page cache was filled against.  Attributes that show a
 * different mtime or size mean another client changed the file:
 * NFS_INO_INVALID_DATA is set and nfs_revalidate_mapping() drops the
 * clean pages on the next open or read.  A wcc_data whose pre-operation
 * attributes match cache_mtime/cache_size proves that the change was
 * ours alone (our own WRITE or SETATTR) and moves the reference point
 * without invalidating anything.  Directories are the exception: any
 * mtime change of a directory invalidates its cached listing, ours too.
 * i_size never shrinks below data we still hold dirty or uncommitted.
 *
 * Permissions.  nfs_permission() asks the server (ACCESS), which knows
 * about root squashing, ACLs and id mapping; the answer for one fsuid is
 * cached with the attributes' lifetime and dropped when ctime changes.
 *
 * Locking: nfs_inode.attr_lock (a spinlock) covers the cache fields and
 * the inode attributes written from replies; RPCs are made without it.
 * i_rwsem (held by the VFS around setattr) orders truncation against
 * writes.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/jiffies.h>
#include <linux/cred.h>
#include <linux/stat.h>
#include <linux/kdev_t.h>
#include <linux/printk.h>
#include "internal.h"

/* ------------------------------------------------------- attributes */

static umode_t nfs_type_mode(enum nfs3_ftype type)
{
	switch (type) {
	case NF3REG:	return S_IFREG;
	case NF3DIR:	return S_IFDIR;
	case NF3BLK:	return S_IFBLK;
	case NF3CHR:	return S_IFCHR;
	case NF3LNK:	return S_IFLNK;
	case NF3SOCK:	return S_IFSOCK;
	case NF3FIFO:	return S_IFIFO;
	}
	return 0;
}

static bool same_time(const struct timespec64 *a, const struct timespec64 *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* Data we hold that the server has not got (or not committed) yet. */
static bool nfs_holds_dirty_data(struct inode *inode)
{
	if (!S_ISREG(inode->i_mode))
		return false;
	return mapping_tagged(inode->i_mapping, PAGECACHE_TAG_DIRTY) ||
	       mapping_tagged(inode->i_mapping, PAGECACHE_TAG_WRITEBACK) ||
	       nfs_have_uncommitted(inode);
}

static void nfs_attr_lifetime(struct nfs_server *server, struct inode *inode,
			      unsigned long *lo, unsigned long *hi)
{
	if (S_ISDIR(inode->i_mode)) {
		*lo = server->acdirmin;
		*hi = server->acdirmax;
	} else {
		*lo = server->acregmin;
		*hi = server->acregmax;
	}
}

/*
 * Copy @fattr into the inode.  attr_lock held.  @ours: a wcc_data
 * proved that the data change (if any) was our own.
 */
static void nfs_apply_attrs(struct inode *inode, const struct nfs_fattr *fattr,
			    bool ours)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	struct nfs_server *server = NFS_SERVER(inode);
	bool data_moved, meta_moved;
	unsigned long lo, hi, now = jiffies;
	loff_t size = (loff_t)fattr->size;

	data_moved = !same_time(&fattr->mtime, &nfsi->cache_mtime) ||
		     fattr->size != nfsi->cache_size;
	meta_moved = !same_time(&fattr->ctime, &inode->i_ctime);

	if (data_moved && (!ours || S_ISDIR(inode->i_mode)) &&
	    !(inode->i_state & I_NEW))
		nfsi->cache_validity |= NFS_INO_INVALID_DATA;
	if (meta_moved)
		nfsi->cache_validity |= NFS_INO_INVALID_ACCESS;
	nfsi->cache_mtime = fattr->mtime;
	nfsi->cache_size = fattr->size;

	inode->i_mode = nfs_type_mode(fattr->type) | (fattr->mode & 07777);
	set_nlink(inode, fattr->nlink);
	inode->i_uid = fattr->uid;
	inode->i_gid = fattr->gid;
	inode->i_atime = fattr->atime;
	inode->i_mtime = fattr->mtime;
	inode->i_ctime = fattr->ctime;
	inode->i_blocks = fattr->used >> 9;
	if (S_ISCHR(inode->i_mode) || S_ISBLK(inode->i_mode))
		inode->i_rdev = MKDEV(fattr->rdev_major, fattr->rdev_minor);
	/* Never forget bytes we wrote and the server has not seen yet. */
	if (size < i_size_read(inode) && nfs_holds_dirty_data(inode))
		size = i_size_read(inode);
	i_size_write(inode, size);

	/* Adaptive lifetime (see the top of the file). */
	nfs_attr_lifetime(server, inode, &lo, &hi);
	if (data_moved || meta_moved || !nfsi->attrtimeo) {
		nfsi->attrtimeo = lo;
		nfsi->attrtimeo_timestamp = now;
	} else if (time_after_eq(now, nfsi->attrtimeo_timestamp +
					nfsi->attrtimeo)) {
		nfsi->attrtimeo = min(nfsi->attrtimeo * 2, hi);
		nfsi->attrtimeo_timestamp = now;
	}
	nfsi->read_cache_jiffies = fattr->time_start ? fattr->time_start : now;
	nfsi->cache_validity &= ~(NFS_INO_INVALID_ATTR |
				  NFS_INO_REVAL_PAGECACHE);
}

/* Do these attributes belong to this inode at all? */
static int nfs_attrs_match(struct inode *inode, const struct nfs_fattr *fattr)
{
	if (fattr->fileid != NFS_I(inode)->fileid ||
	    nfs_type_mode(fattr->type) != (inode->i_mode & S_IFMT))
		return -ESTALE;
	return 0;
}

static int nfs_update(struct inode *inode, struct nfs_fattr *fattr, bool ours)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	int err;

	if (!(fattr->valid & NFS_ATTR_FATTR))
		return 0;
	err = nfs_attrs_match(inode, fattr);
	if (err)
		return err;
	spin_lock(&nfsi->attr_lock);
	nfs_apply_attrs(inode, fattr, ours);
	spin_unlock(&nfsi->attr_lock);
	return 0;
}

int nfs_refresh_inode(struct inode *inode, struct nfs_fattr *fattr)
{
	return nfs_update(inode, fattr, false);
}

int nfs_post_op_update_inode(struct inode *inode, struct nfs_fattr *fattr)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	bool ours = false;

	if (!(fattr->valid & NFS_ATTR_FATTR)) {
		/* Something changed and we cannot tell what. */
		nfs_invalidate_attrs(inode, false);
		return 0;
	}
	if (fattr->valid & NFS_ATTR_WCC) {
		spin_lock(&nfsi->attr_lock);
		ours = same_time(&fattr->pre_mtime, &nfsi->cache_mtime) &&
		       fattr->pre_size == nfsi->cache_size;
		spin_unlock(&nfsi->attr_lock);
	}
	return nfs_update(inode, fattr, ours);
}

void nfs_invalidate_attrs(struct inode *inode, bool data)
{
	struct nfs_inode *nfsi = NFS_I(inode);

	spin_lock(&nfsi->attr_lock);
	nfsi->cache_validity |= NFS_INO_INVALID_ATTR | NFS_INO_INVALID_ACCESS;
	if (data)
		nfsi->cache_validity |= NFS_INO_INVALID_DATA;
	spin_unlock(&nfsi->attr_lock);
}

static bool nfs_attrs_fresh(struct inode *inode)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	bool fresh;

	spin_lock(&nfsi->attr_lock);
	fresh = !(nfsi->cache_validity & NFS_INO_INVALID_ATTR) &&
		nfsi->attrtimeo &&
		time_before(jiffies, nfsi->read_cache_jiffies + nfsi->attrtimeo);
	spin_unlock(&nfsi->attr_lock);
	return fresh;
}

int nfs_revalidate_inode(struct inode *inode, bool force)
{
	struct nfs_fattr fattr;
	int err;

	if (!force && nfs_attrs_fresh(inode))
		return 0;
	err = nfs3_proc_getattr(NFS_SERVER(inode), NFS_FH(inode), &fattr);
	if (err == -ESTALE) {
		/* The file is gone on the server: nobody finds it again. */
		remove_inode_hash(inode);
		nfs_invalidate_attrs(inode, true);
		return err;
	}
	if (err)
		return err;
	err = nfs_refresh_inode(inode, &fattr);
	if (err == -ESTALE)
		remove_inode_hash(inode);
	return err;
}

int nfs_revalidate_mapping(struct inode *inode)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	struct address_space *mapping = inode->i_mapping;
	bool stale;
	int err;

	err = nfs_revalidate_inode(inode, false);
	if (err)
		return err;
	spin_lock(&nfsi->attr_lock);
	stale = nfsi->cache_validity & NFS_INO_INVALID_DATA;
	nfsi->cache_validity &= ~NFS_INO_INVALID_DATA;
	spin_unlock(&nfsi->attr_lock);
	if (!stale || !mapping->nrpages)
		return 0;
	/* Our own unwritten changes go to the server before the drop. */
	if (S_ISREG(inode->i_mode) && nfs_holds_dirty_data(inode)) {
		err = nfs_wb_all(inode);
		if (err)
			return err;
	}
	err = invalidate_inode_pages2_range(mapping, 0, -1);
	if (err) {
		/* A page stayed busy: try again next time. */
		spin_lock(&nfsi->attr_lock);
		nfsi->cache_validity |= NFS_INO_INVALID_DATA;
		spin_unlock(&nfsi->attr_lock);
	}
	return 0;
}

/* ------------------------------------------------------ the inode */

static const struct inode_operations nfs_special_inode_operations = {
	.getattr = nfs_getattr,
	.setattr = nfs_setattr,
	.permission = nfs_permission,
};

static void nfs_set_ops(struct inode *inode, const struct nfs_fattr *fattr)
{
	umode_t mode = inode->i_mode;

	if (S_ISREG(mode)) {
		inode->i_op = &nfs_file_inode_operations;
		inode->i_fop = &nfs_file_operations;
		inode->i_mapping->a_ops = &nfs_file_aops;
	} else if (S_ISDIR(mode)) {
		inode->i_op = &nfs_dir_inode_operations;
		inode->i_fop = &nfs_dir_operations;
	} else if (S_ISLNK(mode)) {
		/* The target is cached in page 0 (nfs-dir fills it); no a_ops:
		 * the page is never read as file data nor written back. */
		inode->i_op = &nfs_symlink_inode_operations;
	} else {
		inode->i_op = &nfs_special_inode_operations;
		init_special_inode(inode, mode,
				   MKDEV(fattr->rdev_major, fattr->rdev_minor));
	}
}

static bool same_fh(const struct nfs_fh *a, const struct nfs_fh *b)
{
	return a->size == b->size && !memcmp(a->data, b->data, a->size);
}

struct inode *nfs_fhget(struct super_block *sb, const struct nfs_fh *fh,
			struct nfs_fattr *fattr)
{
	struct inode *inode;
	struct nfs_inode *nfsi;

	if (!(fattr->valid & NFS_ATTR_FATTR) || !nfs_type_mode(fattr->type))
		return ERR_PTR(-EIO);
	for (;;) {
		inode = iget_locked(sb, (unsigned long)fattr->fileid);
		if (!inode)
			return ERR_PTR(-ENOMEM);
		if (inode->i_state & I_NEW)
			break;
		if (same_fh(NFS_FH(inode), fh) &&
		    !nfs_attrs_match(inode, fattr)) {
			nfs_refresh_inode(inode, fattr);
			return inode;
		}
		/* The fileid now names another file: retire the old inode. */
		remove_inode_hash(inode);
		nfs_invalidate_attrs(inode, true);
		iput(inode);
	}

	nfsi = NFS_I(inode);
	nfsi->fh = *fh;
	nfsi->fileid = fattr->fileid;
	inode->i_mode = nfs_type_mode(fattr->type);
	inode->i_generation = 0;
	spin_lock(&nfsi->attr_lock);
	nfs_apply_attrs(inode, fattr, true);
	spin_unlock(&nfsi->attr_lock);
	nfsi->cache_validity = 0;
	nfs_set_ops(inode, fattr);
	unlock_new_inode(inode);
	return inode;
}

/* ------------------------------------------------- getattr / setattr */

int nfs_getattr(const struct path *path, struct kstat *stat,
		u32 request_mask, unsigned int flags)
{
	struct inode *inode = d_inode(path->dentry);
	int err;

	/*
	 * The server sets mtime when our dirty data reaches it: send it
	 * first, or stat would show a time that changes again later.
	 */
	if (S_ISREG(inode->i_mode) && (request_mask & STATX_MTIME) &&
	    nfs_holds_dirty_data(inode)) {
		err = nfs_wb_all(inode);
		if (err)
			return err;
	}
	err = nfs_revalidate_inode(inode, false);
	if (err)
		return err;
	generic_fillattr(inode, stat);
	stat->ino = NFS_I(inode)->fileid;
	/* I/O hint: a directory is read dtsize, anything else wsize at once. */
	stat->blksize = S_ISDIR(inode->i_mode) ? NFS_SERVER(inode)->dtsize :
						  NFS_SERVER(inode)->wsize;
	return 0;
}

/* What sattr3 can carry; the rest (KILL_SUID ...) the server does. */
#define NFS_SETTABLE	(ATTR_MODE | ATTR_UID | ATTR_GID | ATTR_SIZE | \
			 ATTR_ATIME | ATTR_MTIME | ATTR_ATIME_SET | \
			 ATTR_MTIME_SET)

int nfs_setattr(struct dentry *dentry, struct iattr *attr)
{
	struct inode *inode = d_inode(dentry);
	struct nfs_fattr fattr;
	struct iattr send = *attr;
	int err;

	send.ia_valid &= NFS_SETTABLE;
	if (send.ia_valid & ATTR_SIZE) {
		if (!S_ISREG(inode->i_mode))
			send.ia_valid &= ~ATTR_SIZE;
		else if (attr->ia_size < 0)
			return -EINVAL;
	}
	if (!send.ia_valid)
		return 0;
	if (sb_rdonly(inode->i_sb))
		return -EROFS;

	if (send.ia_valid & ATTR_SIZE) {
		/* Dirty pages past the new end must not be written later. */
		err = nfs_wb_all(inode);
		if (err)
			return err;
	}
	err = nfs3_proc_setattr(inode, &send, &fattr);
	if (err) {
		if (err == -ESTALE)
			remove_inode_hash(inode);
		return err;
	}
	if (send.ia_valid & ATTR_SIZE) {
		i_size_write(inode, send.ia_size);
		truncate_pagecache(inode, send.ia_size);
	}
	nfs_post_op_update_inode(inode, &fattr);
	if (send.ia_valid & (ATTR_MODE | ATTR_UID | ATTR_GID)) {
		spin_lock(&NFS_I(inode)->attr_lock);
		NFS_I(inode)->cache_validity |= NFS_INO_INVALID_ACCESS;
		spin_unlock(&NFS_I(inode)->attr_lock);
	}
	return 0;
}

/* -------------------------------------------------------- permission */

#define NFS3_ACCESS_ALL	(NFS3_ACCESS_READ | NFS3_ACCESS_LOOKUP | \
			 NFS3_ACCESS_MODIFY | NFS3_ACCESS_EXTEND | \
			 NFS3_ACCESS_DELETE | NFS3_ACCESS_EXECUTE)

/* The ACCESS bits that VFS @mask needs on an inode of this type. */
static u32 nfs_access_bits(umode_t mode, int mask)
{
	u32 want = 0;

	if (mask & MAY_READ)
		want |= NFS3_ACCESS_READ;
	if (S_ISDIR(mode)) {
		if (mask & MAY_WRITE)
			want |= NFS3_ACCESS_MODIFY | NFS3_ACCESS_EXTEND |
				NFS3_ACCESS_DELETE;
		if (mask & MAY_EXEC)
			want |= NFS3_ACCESS_LOOKUP;
	} else {
		if (mask & MAY_WRITE)
			want |= NFS3_ACCESS_MODIFY | NFS3_ACCESS_EXTEND;
		if (mask & MAY_APPEND)
			want |= NFS3_ACCESS_EXTEND;
		if (mask & MAY_EXEC)
			want |= NFS3_ACCESS_EXECUTE;
	}
	return want;
}

/* The cached ACCESS answer for @uid, if still good. */
static bool nfs_access_cached(struct inode *inode, uid_t uid, u32 *granted)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	bool hit;

	spin_lock(&nfsi->attr_lock);
	hit = !(nfsi->cache_validity & NFS_INO_INVALID_ACCESS) &&
	      nfsi->access_uid == uid && nfsi->attrtimeo &&
	      time_before(jiffies, nfsi->access_jiffies + nfsi->attrtimeo);
	*granted = nfsi->access_mask;
	spin_unlock(&nfsi->attr_lock);
	return hit;
}

int nfs_permission(struct inode *inode, int mask)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	const struct cred *cred = current_cred();
	umode_t mode = inode->i_mode;
	unsigned long started;
	u32 want, granted;
	int err;

	mask &= MAY_READ | MAY_WRITE | MAY_EXEC | MAY_APPEND;
	if (!mask)
		return 0;
	if ((mask & MAY_WRITE) && sb_rdonly(inode->i_sb) &&
	    (S_ISREG(mode) || S_ISDIR(mode) || S_ISLNK(mode)))
		return -EROFS;
	/* Device nodes and fifos are not opened on the server. */
	if (!S_ISREG(mode) && !S_ISDIR(mode))
		return generic_permission(inode, mask);

	want = nfs_access_bits(mode, mask);
	if (!nfs_access_cached(inode, cred->fsuid, &granted)) {
		started = jiffies;
		err = nfs3_proc_access(inode, cred, NFS3_ACCESS_ALL, &granted);
		if (err == -ESTALE)
			remove_inode_hash(inode);
		if (err)
			return err;
		spin_lock(&nfsi->attr_lock);
		nfsi->access_uid = cred->fsuid;
		nfsi->access_mask = granted;
		nfsi->access_jiffies = started;
		nfsi->cache_validity &= ~NFS_INO_INVALID_ACCESS;
		spin_unlock(&nfsi->attr_lock);
	}
	if ((granted & want) != want)
		return -EACCES;
	/* Servers let root execute anything; exec needs an x bit locally. */
	if ((mask & MAY_EXEC) && S_ISREG(mode) && !(mode & 0111))
		return -EACCES;
	return 0;
}

/* ------------------------------------------------- inode life cycle */

static struct kmem_cache *nfs_inode_cachep;

struct inode *nfs_alloc_inode(struct super_block *sb)
{
	struct nfs_inode *nfsi = kmem_cache_alloc(nfs_inode_cachep, GFP_KERNEL);

	if (!nfsi)
		return NULL;
	/* All zero is the initial state of every field nfs-io owns. */
	memset(nfsi, 0, offsetof(struct nfs_inode, vfs_inode));
	spin_lock_init(&nfsi->attr_lock);
	spin_lock_init(&nfsi->commit_lock);
	INIT_LIST_HEAD(&nfsi->commit_list);
	INIT_LIST_HEAD(&nfsi->silly_list);
	nfsi->cache_validity = NFS_INO_INVALID_ATTR;
	return &nfsi->vfs_inode;
}

void nfs_destroy_inode(struct inode *inode)
{
	kmem_cache_free(nfs_inode_cachep, NFS_I(inode));
}

void nfs_evict_inode(struct inode *inode)
{
	/* Unsent data of a file that still exists goes to the server. */
	if (S_ISREG(inode->i_mode) && inode->i_data.nrpages)
		nfs_wb_all(inode);
	truncate_inode_pages(&inode->i_data, 0);
	nfs_io_inode_evict(inode);
	clear_inode(inode);
}

int nfs_inode_cache_init(void)
{
	nfs_inode_cachep = kmem_cache_create("nfs_inode_cache",
					     sizeof(struct nfs_inode), 0,
					     SLAB_RECLAIM_ACCOUNT, NULL);
	return nfs_inode_cachep ? 0 : -ENOMEM;
}
