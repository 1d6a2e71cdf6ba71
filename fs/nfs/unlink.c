// SPDX-License-Identifier: GPL-2.0-only
/*
 * Removing names on an NFSv3 server: unlink (REMOVE) and the "silly
 * rename" that keeps an unlinked but still open file alive.
 *
 * An NFS server knows nothing of the client's open files: a REMOVE of the
 * last name deletes the file at once, and every later READ or WRITE
 * through its handle fails with NFS3ERR_STALE.  POSIX wants the file to
 * live on until its last user closes it, so when the name to remove (or
 * the target a rename replaces) is still in use here, we RENAME it on the
 * server to a hidden name in the same directory,
 *
 *	.nfs<8 hex digits of the fileid><8 hex digits of a counter>
 *
 * (checked with LOOKUP to be free), and remember that name in the
 * dentry's d_fsdata.  The VFS then unhashes the dentry (d_delete() of a
 * dentry with other users); the file keeps its handle and works as
 * before.  When the last reference to the dentry goes, the dcache calls
 * our d_iput, and nfs_complete_unlink() sends the REMOVE of the hidden
 * name.  A client that dies in between leaves the .nfs file behind, as
 * on every NFS client; the server administrator removes such files.
 *
 * Interface: nfs_unlink() (->unlink), nfs_sillyrename() and
 * nfs_sillyrename_undo() (for rename), nfs_dentry_in_use(),
 * nfs_dentry_iput() / nfs_dentry_release() (dentry operations),
 * nfs_complete_unlink().
 *
 * Locking: nfs_unlink() and nfs_sillyrename() run with the directory's
 * i_rwsem held exclusively by the VFS, which also keeps the dentry's name
 * and d_fsdata stable.  nfs_complete_unlink() runs from the final dput()
 * with no locks: the dentry is unhashed and unreachable by then, and the
 * hidden name is only ever looked at by this code.  The struct nfs_silly
 * holds a reference to the directory inode, so the REMOVE can be sent
 * even when the directory's own dentry has gone meanwhile.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include "internal.h"

/* ".nfs" and 16 hex digits: the form nfs(5) users know from every client. */
#define NFS_SILLY_PREFIX	".nfs"
#define NFS_SILLY_NAMELEN	(4 + 16)
/* Names tried before giving up (each try costs one LOOKUP). */
#define NFS_SILLY_TRIES		32

struct nfs_silly {
	struct inode *dir;		/* where the hidden name lives (referenced) */
	unsigned int len;
	char name[NFS_SILLY_NAMELEN + 1];
};

static atomic_t nfs_silly_counter = ATOMIC_INIT(0);

/* The references the VFS itself holds on a dentry it asks us to unlink. */
#define NFS_UNLINK_BASE_REFS	1

bool nfs_dentry_in_use(struct dentry *dentry, unsigned int base)
{
	struct inode *inode = d_inode(dentry);
	struct dentry *alias;
	bool busy;

	if (d_count(dentry) > base)
		return true;
	/*
	 * The same file may be open through an older dentry of this name that
	 * revalidation dropped from the hash: that one counts too.
	 */
	busy = false;
	spin_lock(&dcache_lock);
	hlist_for_each_entry(alias, &inode->i_dentry, d_alias) {
		if (alias != dentry && d_unhashed(alias) && !alias->d_fsdata &&
		    d_count(alias) > 0 && alias->d_parent == dentry->d_parent) {
			busy = true;
			break;
		}
	}
	spin_unlock(&dcache_lock);
	return busy;
}

/* Pick a hidden name in @dir that the server says is free. */
static int nfs_silly_pick_name(struct inode *dir, struct inode *inode,
			       struct nfs_silly *silly)
{
	struct nfs_fattr fattr;
	struct nfs_fh fh;
	int tries, err;

	for (tries = 0; tries < NFS_SILLY_TRIES; tries++) {
		unsigned int seq = (unsigned int)atomic_inc_return(&nfs_silly_counter);

		silly->len = scnprintf(silly->name, sizeof(silly->name),
				       NFS_SILLY_PREFIX "%08x%08x",
				       (u32)NFS_I(inode)->fileid, seq);
		err = nfs3_proc_lookup(dir, silly->name, silly->len, &fh, &fattr);
		if (err == -ENOENT)
			return 0;
		if (err)
			return err;
	}
	return -EBUSY;
}

int nfs_sillyrename(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);
	struct nfs_silly *silly;
	int err;

	if (dentry->d_fsdata)
		return -EBUSY;
	silly = kzalloc(sizeof(*silly), GFP_KERNEL);
	if (!silly)
		return -ENOMEM;
	err = nfs_silly_pick_name(dir, inode, silly);
	if (!err)
		err = nfs3_proc_rename(dir, (const char *)dentry->d_name.name,
				       dentry->d_name.len, dir, silly->name,
				       silly->len);
	if (err) {
		kfree(silly);
		return err;
	}
	ihold(dir);
	silly->dir = dir;
	dentry->d_fsdata = silly;
	/* The rename changed the file's ctime on the server. */
	nfs_invalidate_attrs(inode, false);
	return 0;
}

void nfs_sillyrename_undo(struct inode *dir, struct dentry *dentry)
{
	struct nfs_silly *silly = dentry->d_fsdata;
	int err;

	if (!silly)
		return;
	err = nfs3_proc_rename(silly->dir, silly->name, silly->len, dir,
			       (const char *)dentry->d_name.name,
			       dentry->d_name.len);
	if (err) {
		/* Keep the record: the hidden file is removed at the last close. */
		pr_warn("nfs: could not rename %s back to %.*s: error %d\n",
			silly->name, (int)dentry->d_name.len,
			dentry->d_name.name, err);
		return;
	}
	dentry->d_fsdata = NULL;
	iput(silly->dir);
	kfree(silly);
}

int nfs_unlink(struct inode *dir, struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);
	int err;

	if (!S_ISDIR(inode->i_mode) &&
	    nfs_dentry_in_use(dentry, NFS_UNLINK_BASE_REFS))
		return nfs_sillyrename(dir, dentry);

	err = nfs3_proc_remove(dir, (const char *)dentry->d_name.name,
			       dentry->d_name.len);
	if (err)
		return err;
	if (inode->i_nlink)
		drop_nlink(inode);
	/* Other names may remain: their count and ctime come from the server. */
	nfs_invalidate_attrs(inode, false);
	return 0;
}

void nfs_complete_unlink(struct dentry *dentry, struct inode *inode)
{
	struct nfs_silly *silly = dentry ? dentry->d_fsdata : NULL;
	int err;

	if (!silly)
		return;
	dentry->d_fsdata = NULL;
	err = nfs3_proc_remove(silly->dir, silly->name, silly->len);
	if (err && err != -ENOENT)
		pr_warn("nfs: could not remove %s (an unlinked file closed at last): error %d\n",
			silly->name, err);
	else if (inode && inode->i_nlink)
		drop_nlink(inode);
	iput(silly->dir);
	kfree(silly);
}

void nfs_dentry_iput(struct dentry *dentry, struct inode *inode)
{
	nfs_complete_unlink(dentry, inode);
	iput(inode);
}

void nfs_dentry_release(struct dentry *dentry)
{
	struct nfs_silly *silly = dentry->d_fsdata;

	/* Only a dentry that never lost its inode the ordinary way gets here. */
	if (silly) {
		dentry->d_fsdata = NULL;
		iput(silly->dir);
		kfree(silly);
	}
}
