// SPDX-License-Identifier: GPL-2.0-only
/*
 * NFSv3 directories: the namespace operations (LOOKUP, CREATE, MKDIR,
 * SYMLINK, MKNOD, RMDIR, RENAME, LINK; REMOVE is in unlink.c) and the
 * dentry operations that decide how long a cached name may be trusted.
 * Reading directories (READDIR/READDIRPLUS) is in nfs3dir.c.
 *
 * Interface: nfs_dir_inode_operations, nfs_dentry_operations,
 * nfs_dir_stamp().
 *
 * How names are cached.  Another client may change a directory at any
 * time, and NFSv3 has no callbacks, so every cached dentry (positive or
 * negative) carries in d_time the parent directory's change stamp (its
 * mtime) at the moment the name was checked with the server.  When a path
 * walk finds the dentry, d_revalidate first brings the parent's
 * attributes up to date through the attribute cache (nfs-core: GETATTR
 * only once acdirmin..acdirmax have passed) and trusts the dentry while
 * the stamp is unchanged.  A different stamp means the directory changed:
 * the name is looked up again; a vanished name is dropped, a name that
 * now leads to another file handle is dropped so the next lookup gets the
 * new inode, and an unchanged one takes the fresh attributes and stamp.
 * Negative dentries follow the same rule, so a file created elsewhere
 * appears at the latest when the directory's attributes expire.  Our own
 * changes also move the directory's mtime, so the other names in it are
 * checked once more after each of them - cheap, and always right.
 *
 * Creation: CREATE UNCHECKED for open(O_CREAT), EXCLUSIVE with a random
 * verifier for O_CREAT|O_EXCL (safe across retransmissions, RFC 1813
 * 3.3.8), followed by the SETATTR of mode and times the RFC asks for;
 * GUARDED where the server cannot do EXCLUSIVE and for mknod(S_IFREG).
 *
 * Locking: the VFS holds the directory's i_rwsem exclusively around every
 * operation here except d_revalidate, which only reads the parent's
 * attributes (under nfs-core's attr_lock) and writes d_time of its own
 * dentry; a racing writer of d_time stores an equally valid stamp.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/random.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/namei.h>
#include "internal.h"

unsigned long nfs_dir_stamp(struct inode *dir)
{
	struct nfs_inode *nfsi = NFS_I(dir);
	struct timespec64 t;

	spin_lock(&nfsi->attr_lock);
	t = dir->i_mtime;
	spin_unlock(&nfsi->attr_lock);
	/* Seconds above bit 30, nanoseconds (< 2^30) below: exact and ordered. */
	return ((unsigned long)t.tv_sec << 30) | (unsigned long)t.tv_nsec;
}

static void nfs_set_dentry_ops(struct dentry *dentry)
{
	if (dentry->d_op != &nfs_dentry_operations)
		d_set_d_op(dentry, &nfs_dentry_operations);
}

/* ------------------------------------------------------------ lookup */

static struct dentry *nfs_lookup(struct inode *dir, struct dentry *dentry,
				 unsigned int flags)
{
	unsigned long stamp = nfs_dir_stamp(dir);
	struct nfs_fattr fattr;
	struct inode *inode;
	struct nfs_fh fh;
	int err;

	if (dentry->d_name.len > NFS3_MAXNAMLEN)
		return ERR_PTR(-ENAMETOOLONG);
	nfs_set_dentry_ops(dentry);
	err = nfs3_proc_lookup(dir, (const char *)dentry->d_name.name,
			       dentry->d_name.len, &fh, &fattr);
	if (err == -ENOENT) {
		/* A negative entry, trusted while the directory is unchanged. */
		dentry->d_time = stamp;
		d_add(dentry, NULL);
		return NULL;
	}
	if (err)
		return ERR_PTR(err);
	inode = nfs_fhget(dir->i_sb, &fh, &fattr);
	if (IS_ERR_OR_NULL(inode))
		return inode ? ERR_CAST(inode) : ERR_PTR(-ENOMEM);
	dentry->d_time = stamp;
	return d_splice_alias(inode, dentry);
}

/* ------------------------------------------------------------ revalidation */

/* Is the file handle of @inode the one the server gave for the name? */
static bool nfs_same_fh(struct inode *inode, const struct nfs_fh *fh)
{
	const struct nfs_fh *mine = NFS_FH(inode);

	return mine->size == fh->size && !memcmp(mine->data, fh->data, fh->size);
}

/* Ask the server about the name again: 1 still right, 0 stale, <0 error. */
static int nfs_recheck_name(struct inode *dir, struct dentry *dentry)
{
	unsigned long stamp = nfs_dir_stamp(dir);
	struct inode *inode = d_inode(dentry);
	struct nfs_fattr fattr;
	struct nfs_fh fh;
	int err;

	err = nfs3_proc_lookup(dir, (const char *)dentry->d_name.name,
			       dentry->d_name.len, &fh, &fattr);
	if (err == -ENOENT) {
		if (inode)
			return 0;
		dentry->d_time = stamp;
		return 1;
	}
	if (err == -ESTALE)
		return 0;
	if (err)
		return err;
	if (!inode || !nfs_same_fh(inode, &fh))
		return 0;
	nfs_refresh_inode(inode, &fattr);
	dentry->d_time = stamp;
	return 1;
}

static int nfs_d_revalidate(struct dentry *dentry, unsigned int flags)
{
	struct dentry *parent;
	struct inode *dir;
	int ret;

	if (flags & LOOKUP_RCU)
		return -ECHILD;
	/* A mount point or the root stays: dropping it would hide the mount. */
	if (IS_ROOT(dentry) || d_mountpoint(dentry))
		return 1;
	/*
	 * nfs-core unhashes an inode whose handle the server called stale:
	 * the name now leads elsewhere (or nowhere), whatever the stamp says.
	 */
	if (d_really_is_positive(dentry) && inode_unhashed(d_inode(dentry)))
		return 0;
	parent = dget_parent(dentry);
	dir = d_inode(parent);
	ret = 0;
	if (!dir)
		goto out;
	ret = nfs_revalidate_inode(dir, false);
	if (ret) {
		ret = (ret == -ESTALE || ret == -ENOENT) ? 0 : ret;
		goto out;
	}
	if (!(flags & LOOKUP_REVAL) && dentry->d_time == nfs_dir_stamp(dir))
		ret = 1;
	else
		ret = nfs_recheck_name(dir, dentry);
out:
	dput(parent);
	return ret;
}

const struct dentry_operations nfs_dentry_operations = {
	.d_revalidate = nfs_d_revalidate,
	.d_iput = nfs_dentry_iput,
	.d_release = nfs_dentry_release,
};

/* ------------------------------------------------------------ creation */

/*
 * Bind the new object to @dentry.  A server may leave out the handle or
 * the attributes of what it made (post_op_fh3 / post_op_attr are
 * optional): fetch what is missing.
 */
static int nfs_instantiate(struct inode *dir, struct dentry *dentry,
			   struct nfs_fh *fh, struct nfs_fattr *fattr)
{
	struct inode *inode;
	int err = 0;

	if (!fh->size)
		err = nfs3_proc_lookup(dir, (const char *)dentry->d_name.name,
				       dentry->d_name.len, fh, fattr);
	else if (!(fattr->valid & NFS_ATTR_FATTR))
		err = nfs3_proc_getattr(NFS_SERVER(dir), fh, fattr);
	if (err)
		return err;
	inode = nfs_fhget(dir->i_sb, fh, fattr);
	if (IS_ERR_OR_NULL(inode))
		return inode ? PTR_ERR(inode) : -ENOMEM;
	nfs_set_dentry_ops(dentry);
	dentry->d_time = nfs_dir_stamp(dir);
	d_instantiate(dentry, inode);
	return 0;
}

static void nfs_new_object_init(struct nfs_fh *fh, struct nfs_fattr *fattr)
{
	fh->size = 0;
	fattr->valid = 0;
}

/*
 * O_EXCL: EXCLUSIVE with a verifier the server stores in place of the
 * times, so a retransmitted CREATE finds its own file.  The mode was not
 * sent and the times hold the verifier: SETATTR both afterwards.
 */
static int nfs_create_exclusive(struct inode *dir, struct dentry *dentry,
				struct iattr *attr)
{
	const char *name = (const char *)dentry->d_name.name;
	struct nfs_fattr fattr;
	struct iattr fixup;
	u8 verf[NFS3_CREATEVERFSIZE];
	struct nfs_fh fh;
	int err;

	get_random_bytes(verf, sizeof(verf));
	nfs_new_object_init(&fh, &fattr);
	err = nfs3_proc_create(dir, name, dentry->d_name.len, attr,
			       NFS3_CREATE_EXCLUSIVE, verf, &fh, &fattr);
	if (err == -EOPNOTSUPP || err == -ENOTSUPP) {
		nfs_new_object_init(&fh, &fattr);
		err = nfs3_proc_create(dir, name, dentry->d_name.len, attr,
				       NFS3_CREATE_GUARDED, NULL, &fh, &fattr);
		return err ? err : nfs_instantiate(dir, dentry, &fh, &fattr);
	}
	if (!err)
		err = nfs_instantiate(dir, dentry, &fh, &fattr);
	if (err)
		return err;

	fixup = (struct iattr) {
		.ia_valid = ATTR_MODE | ATTR_ATIME | ATTR_MTIME,
		.ia_mode = attr->ia_mode,
	};
	fattr.valid = 0;
	err = nfs3_proc_setattr(d_inode(dentry), &fixup, &fattr);
	if (!err)
		nfs_refresh_inode(d_inode(dentry), &fattr);
	else
		nfs_invalidate_attrs(d_inode(dentry), false);
	return err;
}

static int nfs_create(struct inode *dir, struct dentry *dentry, umode_t mode,
		      bool excl)
{
	struct iattr attr = { .ia_valid = ATTR_MODE, .ia_mode = mode & S_IALLUGO };
	struct nfs_fattr fattr;
	struct nfs_fh fh;
	int err;

	if (excl)
		return nfs_create_exclusive(dir, dentry, &attr);
	nfs_new_object_init(&fh, &fattr);
	err = nfs3_proc_create(dir, (const char *)dentry->d_name.name,
			       dentry->d_name.len, &attr, NFS3_CREATE_UNCHECKED,
			       NULL, &fh, &fattr);
	return err ? err : nfs_instantiate(dir, dentry, &fh, &fattr);
}

static int nfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	struct iattr attr = { .ia_valid = ATTR_MODE, .ia_mode = mode & S_IALLUGO };
	struct nfs_fattr fattr;
	struct nfs_fh fh;
	int err;

	nfs_new_object_init(&fh, &fattr);
	err = nfs3_proc_mkdir(dir, (const char *)dentry->d_name.name,
			      dentry->d_name.len, &attr, &fh, &fattr);
	return err ? err : nfs_instantiate(dir, dentry, &fh, &fattr);
}

static int nfs_symlink(struct inode *dir, struct dentry *dentry,
		       const char *target)
{
	struct iattr attr = { .ia_valid = ATTR_MODE, .ia_mode = S_IRWXUGO };
	size_t tlen = strlen(target);
	struct nfs_fattr fattr;
	struct nfs_fh fh;
	int err;

	if (tlen > NFS3_MAXPATHLEN)
		return -ENAMETOOLONG;
	nfs_new_object_init(&fh, &fattr);
	err = nfs3_proc_symlink(dir, (const char *)dentry->d_name.name,
				dentry->d_name.len, target, tlen, &attr, &fh,
				&fattr);
	return err ? err : nfs_instantiate(dir, dentry, &fh, &fattr);
}

static int nfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode,
		     dev_t rdev)
{
	struct iattr attr = { .ia_valid = ATTR_MODE, .ia_mode = mode & S_IALLUGO };
	const char *name = (const char *)dentry->d_name.name;
	struct nfs_fattr fattr;
	struct nfs_fh fh;
	int err;

	nfs_new_object_init(&fh, &fattr);
	/* MKNOD makes no regular files (NFS3ERR_BADTYPE): mknod(2) may. */
	if (S_ISREG(mode) || !(mode & S_IFMT))
		err = nfs3_proc_create(dir, name, dentry->d_name.len, &attr,
				       NFS3_CREATE_GUARDED, NULL, &fh, &fattr);
	else if (S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode) ||
		 S_ISSOCK(mode))
	{
		/*
		 * nfs3_proc_mknod() takes the ftype3 of mknoddata3 from the
		 * type bits of ia_mode (sattr3 carries only the low 12).
		 */
		attr.ia_mode = mode;
		err = nfs3_proc_mknod(dir, name, dentry->d_name.len, &attr,
				      rdev, &fh, &fattr);
	}
	else
		err = -EINVAL;
	if (!err)
		err = nfs_instantiate(dir, dentry, &fh, &fattr);
	return err;
}

/* ------------------------------------------------------------ removal, rename, link */

static int nfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	int err = nfs3_proc_rmdir(dir, (const char *)dentry->d_name.name,
				  dentry->d_name.len);

	if (!err)
		clear_nlink(d_inode(dentry));
	return err;
}

/* The references vfs_rename() and its lookup hold on the target. */
#define NFS_RENAME_TARGET_REFS	2

static int nfs_rename(struct inode *old_dir, struct dentry *old_dentry,
		      struct inode *new_dir, struct dentry *new_dentry,
		      unsigned int flags)
{
	struct inode *target = d_inode(new_dentry);
	bool hid_target = false;
	int err;

	/* NFSv3 has no atomic exchange. */
	if (flags & ~RENAME_NOREPLACE)
		return -EINVAL;
	if ((flags & RENAME_NOREPLACE) && target)
		return -EEXIST;

	/*
	 * An open file about to be replaced keeps its data: move it to a
	 * hidden name first, the rename then finds the name free.
	 */
	if (target && !S_ISDIR(target->i_mode) &&
	    nfs_dentry_in_use(new_dentry, NFS_RENAME_TARGET_REFS)) {
		err = nfs_sillyrename(new_dir, new_dentry);
		if (err)
			return err;
		hid_target = true;
	}

	err = nfs3_proc_rename(old_dir, (const char *)old_dentry->d_name.name,
			       old_dentry->d_name.len, new_dir,
			       (const char *)new_dentry->d_name.name,
			       new_dentry->d_name.len);
	if (err) {
		if (hid_target)
			nfs_sillyrename_undo(new_dir, new_dentry);
		return err;
	}
	if (target && !hid_target) {
		if (S_ISDIR(target->i_mode))
			clear_nlink(target);
		else if (target->i_nlink)
			drop_nlink(target);
		nfs_invalidate_attrs(target, false);
	}
	/* The moved file's ctime changed; its name is now checked in new_dir. */
	nfs_invalidate_attrs(d_inode(old_dentry), false);
	old_dentry->d_time = nfs_dir_stamp(new_dir);
	return 0;
}

static int nfs_link(struct dentry *old_dentry, struct inode *dir,
		    struct dentry *dentry)
{
	struct inode *inode = d_inode(old_dentry);
	int err;

	err = nfs3_proc_link(inode, dir, (const char *)dentry->d_name.name,
			     dentry->d_name.len);
	if (err)
		return err;
	inc_nlink(inode);
	nfs_invalidate_attrs(inode, false);
	ihold(inode);
	nfs_set_dentry_ops(dentry);
	dentry->d_time = nfs_dir_stamp(dir);
	d_instantiate(dentry, inode);
	return 0;
}

const struct inode_operations nfs_dir_inode_operations = {
	.lookup = nfs_lookup,
	.create = nfs_create,
	.mkdir = nfs_mkdir,
	.symlink = nfs_symlink,
	.mknod = nfs_mknod,
	.unlink = nfs_unlink,
	.rmdir = nfs_rmdir,
	.rename = nfs_rename,
	.link = nfs_link,
	.permission = nfs_permission,
	.getattr = nfs_getattr,
	.setattr = nfs_setattr,
};
