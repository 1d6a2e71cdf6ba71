// SPDX-License-Identifier: GPL-2.0-only
/*
 * Changing inode attributes: the permission rules of chmod, chown,
 * utimes and truncate (setattr_prepare()), and the generic path every
 * change takes (notify_change()) before the file system's ->setattr.
 *
 * Interface: notify_change(), setattr_prepare(), setattr_copy(),
 * inode_newsize_ok().
 *
 * Locking: callers hold the inode's i_rwsem across notify_change().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>

static bool chown_ok(const struct inode *inode, uid_t uid)
{
	if (current_fsuid() == inode->i_uid && uid == inode->i_uid)
		return true;
	return capable_wrt_inode_uidgid(inode, CAP_CHOWN);
}

static bool chgrp_ok(const struct inode *inode, gid_t gid)
{
	if (current_fsuid() == inode->i_uid && (in_group_p(gid) || gid == inode->i_gid))
		return true;
	return capable_wrt_inode_uidgid(inode, CAP_CHOWN);
}

int inode_newsize_ok(const struct inode *inode, loff_t offset)
{
	if (offset < 0)
		return -EINVAL;
	if (inode->i_size < offset && offset > inode->i_sb->s_maxbytes)
		return -EFBIG;
	return 0;
}

int setattr_prepare(struct dentry *dentry, struct iattr *attr)
{
	struct inode *inode = d_inode(dentry);
	unsigned int ia_valid = attr->ia_valid;

	if (ia_valid & ATTR_SIZE) {
		int error = inode_newsize_ok(inode, attr->ia_size);

		if (error)
			return error;
	}
	if (ia_valid & ATTR_FORCE)
		return 0;
	if ((ia_valid & ATTR_UID) && !chown_ok(inode, attr->ia_uid))
		return -EPERM;
	if ((ia_valid & ATTR_GID) && !chgrp_ok(inode, attr->ia_gid))
		return -EPERM;
	if (ia_valid & ATTR_MODE) {
		gid_t gid = (ia_valid & ATTR_GID) ? attr->ia_gid : inode->i_gid;

		if (!inode_owner_or_capable(inode))
			return -EPERM;
		/* Set-group-ID only for members of the group (or CAP_FSETID). */
		if (!in_group_p(gid) && !capable_wrt_inode_uidgid(inode, CAP_FSETID))
			attr->ia_mode &= ~S_ISGID;
	}
	/* Explicit times: owner or CAP_FOWNER only. */
	if ((ia_valid & (ATTR_MTIME_SET | ATTR_ATIME_SET | ATTR_TIMES_SET)) &&
	    !inode_owner_or_capable(inode))
		return -EPERM;
	return 0;
}

void setattr_copy(struct inode *inode, const struct iattr *attr)
{
	unsigned int ia_valid = attr->ia_valid;

	if (ia_valid & ATTR_UID)
		inode->i_uid = attr->ia_uid;
	if (ia_valid & ATTR_GID)
		inode->i_gid = attr->ia_gid;
	if (ia_valid & ATTR_ATIME)
		inode->i_atime = attr->ia_atime;
	if (ia_valid & ATTR_MTIME)
		inode->i_mtime = attr->ia_mtime;
	if (ia_valid & ATTR_CTIME)
		inode->i_ctime = attr->ia_ctime;
	if (ia_valid & ATTR_MODE) {
		umode_t mode = attr->ia_mode;

		if (!in_group_p(inode->i_gid) && !capable_wrt_inode_uidgid(inode, CAP_FSETID) &&
		    !(ia_valid & ATTR_FORCE))
			mode &= ~S_ISGID;
		inode->i_mode = mode;
	}
}

/* A timestamp the user supplied, cut to the file system's granularity. */
static struct timespec64 timestamp_truncate(struct timespec64 t, struct inode *inode)
{
	u32 gran = inode->i_sb->s_time_gran;

	if (gran == 1000000000)
		t.tv_nsec = 0;
	else if (gran > 1)
		t.tv_nsec -= t.tv_nsec % gran;
	return t;
}

int notify_change(struct dentry *dentry, struct iattr *attr, struct inode **delegated)
{
	struct inode *inode = dentry->d_inode;
	umode_t mode = inode->i_mode;
	struct timespec64 now;
	unsigned int ia_valid;
	int error;

	WARN_ON(!rwsem_is_locked(&inode->i_rwsem));
	ia_valid = attr->ia_valid;
	if ((ia_valid & (ATTR_MODE | ATTR_UID | ATTR_GID | ATTR_TIMES_SET)) &&
	    (IS_IMMUTABLE(inode) || IS_APPEND(inode)))
		return -EPERM;
	/* utimes(NULL): the owner, or anyone who may write the file. */
	if (ia_valid & ATTR_TOUCH) {
		if (IS_IMMUTABLE(inode))
			return -EPERM;
		if (!inode_owner_or_capable(inode)) {
			error = inode_permission(inode, MAY_WRITE);
			if (error)
				return error;
		}
	}
	now = current_time(inode);
	attr->ia_ctime = now;
	if (!(ia_valid & ATTR_ATIME_SET))
		attr->ia_atime = now;
	else
		attr->ia_atime = timestamp_truncate(attr->ia_atime, inode);
	if (!(ia_valid & ATTR_MTIME_SET))
		attr->ia_mtime = now;
	else
		attr->ia_mtime = timestamp_truncate(attr->ia_mtime, inode);

	if (WARN_ON((ia_valid & (ATTR_KILL_SUID | ATTR_KILL_SGID)) && (ia_valid & ATTR_MODE)))
		return -EINVAL;
	if ((ia_valid & ATTR_KILL_SUID) && (mode & S_ISUID)) {
		ia_valid = attr->ia_valid |= ATTR_MODE;
		attr->ia_mode = inode->i_mode & ~S_ISUID;
	}
	/* S_ISGID without group execute marks mandatory locking, not set-group-ID. */
	if ((ia_valid & ATTR_KILL_SGID) && (mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP)) {
		if (!(ia_valid & ATTR_MODE)) {
			ia_valid = attr->ia_valid |= ATTR_MODE;
			attr->ia_mode = inode->i_mode;
		}
		attr->ia_mode &= ~S_ISGID;
	}
	if (!(attr->ia_valid & ~(ATTR_KILL_SUID | ATTR_KILL_SGID)))
		return 0;
	if (inode->i_op->setattr)
		return inode->i_op->setattr(dentry, attr);
	return simple_setattr(dentry, attr);
}
